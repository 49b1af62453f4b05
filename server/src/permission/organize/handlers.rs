//! HTTP handlers of organisations and departments: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{CompanyForm, CompanyInfo, ConditionRequest, DepartmentForm, DepartmentInfo, KeywordQuery, OrganizeNode, SelectorNode, TreeOf};
use super::service::{self, Picker};
use super::{AddOrganize, EditOrganize, RemoveOrganize, ViewOrganize};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::wire::{ApiResult, Envelope, Json, Path, Query, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The organisation tree of the management page (menu permission.organize)",
    params(KeywordQuery),
    responses((status = 200, body = Envelope<TreeOf<OrganizeNode>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewOrganize>, Query(q): Query<KeywordQuery>) -> ApiResult<TreeOf<OrganizeNode>> {
    ok(TreeOf { list: service::tree(&state, &permit, q.keyword.as_deref()).await? })
}

pub mod company {
    use super::*;
    crate::crud::handlers! { "permission", service::companies, CompanyForm => CompanyInfo, [ViewOrganize, AddOrganize, EditOrganize, RemoveOrganize] {
        create "Create a company (button btn_add)",
        info "A company, for its form",
        update "Change a company (button btn_edit); only what is sent changes",
        delete "Delete a company or a department (button btn_remove); refused while anything hangs on it",
    }}
}

pub mod department {
    use super::*;
    crate::crud::handlers! { "permission", service::departments, DepartmentForm => DepartmentInfo, [ViewOrganize, AddOrganize, EditOrganize, RemoveOrganize] {
        create "Create a department (button btn_add)",
        info "A department, for its form",
        update "Change a department (button btn_edit); only what is sent changes",
    }}
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "Every company and department as a picker tree",
    params(KeywordQuery),
    responses((status = 200, body = Envelope<TreeOf<SelectorNode>>)))]
pub async fn tree(State(state): State<AppState>, caller: Member, Query(q): Query<KeywordQuery>) -> ApiResult<TreeOf<SelectorNode>> {
    ok(TreeOf { list: service::selector(&state, &caller, Picker::Every, None, q.keyword.as_deref()).await? })
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The parents a company may take: for administrators the virtual top node 顶级节点 (id -1, ORG-002) first, then the companies (the company being edited and below left out; 0 when new)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<TreeOf<SelectorNode>>)))]
pub async fn companies_by_auth(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<TreeOf<SelectorNode>> {
    ok(TreeOf { list: service::company_parents(&state, &caller, &id).await? })
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "Companies and departments the caller may manage (an administrator: all; others: their organisation and below); the node being edited and below left out",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<TreeOf<SelectorNode>>)))]
pub async fn departments_by_auth(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<TreeOf<SelectorNode>> {
    ok(TreeOf { list: service::selector(&state, &caller, Picker::Managed, Some(&id), None).await? })
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The full company and department tree (0; another id leaves that node and below out)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<TreeOf<SelectorNode>>)))]
pub async fn departments(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<TreeOf<SelectorNode>> {
    ok(TreeOf { list: service::selector(&state, &caller, Picker::Every, Some(&id), None).await? })
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "The tree of the given organisations and what is below them (the pickers' custom scope)",
    request_body = ConditionRequest,
    responses((status = 200, body = Envelope<TreeOf<SelectorNode>>)))]
pub async fn condition(State(state): State<AppState>, caller: Member, Json(req): Json<ConditionRequest>) -> ApiResult<TreeOf<SelectorNode>> {
    let keyword = Some(req.keyword.as_str()).filter(|k| !k.trim().is_empty());
    ok(TreeOf { list: service::selector(&state, &caller, Picker::Under(&req.depart_ids), None, keyword).await? })
}
