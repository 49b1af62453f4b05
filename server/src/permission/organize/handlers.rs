//! HTTP handlers of organisations and departments: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{CompanyForm, CompanyInfo, ConditionRequest, DepartmentForm, DepartmentInfo, KeywordQuery, OrganizeNode, SelectorNode, TreeOf};
use super::service::{self, Picker};
use super::{AddOrganize, EditOrganize, RemoveOrganize, ViewOrganize};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::wire::{ApiResult, Envelope, Json, NoData, Path, Query, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The organisation tree of the management page (menu permission.organize)",
    params(KeywordQuery),
    responses((status = 200, body = Envelope<TreeOf<OrganizeNode>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewOrganize>, Query(q): Query<KeywordQuery>) -> ApiResult<TreeOf<OrganizeNode>> {
    ok(TreeOf { list: service::tree(&state, &permit, q.keyword.as_deref()).await? })
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Create a company (button btn_add)",
    request_body = CompanyForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create_company(State(state): State<AppState>, permit: Permit<AddOrganize>, Json(form): Json<CompanyForm>) -> ApiResult<NoData> {
    service::create_company(&state, &permit, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "A company, for its form",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<CompanyInfo>)))]
pub async fn company(State(state): State<AppState>, permit: Permit<ViewOrganize>, Path(id): Path<String>) -> ApiResult<CompanyInfo> {
    ok(service::company(&state, &permit, &id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Change a company (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = CompanyForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_company(State(state): State<AppState>, permit: Permit<EditOrganize>, Path(id): Path<String>, Json(form): Json<CompanyForm>) -> ApiResult<NoData> {
    service::update_company(&state, &permit, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "permission",
    summary = "Delete a company or a department (button btn_remove); refused while anything hangs on it",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete(State(state): State<AppState>, permit: Permit<RemoveOrganize>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete(&state, &permit, &id).await?;
    done("删除成功")
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "A department, for its form",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<DepartmentInfo>)))]
pub async fn department(State(state): State<AppState>, permit: Permit<ViewOrganize>, Path(id): Path<String>) -> ApiResult<DepartmentInfo> {
    ok(service::department(&state, &permit, &id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Change a department (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = DepartmentForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_department(State(state): State<AppState>, permit: Permit<EditOrganize>, Path(id): Path<String>, Json(form): Json<DepartmentForm>) -> ApiResult<NoData> {
    service::update_department(&state, &permit, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Create a department (button btn_add)",
    request_body = DepartmentForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create_department(State(state): State<AppState>, permit: Permit<AddOrganize>, Json(form): Json<DepartmentForm>) -> ApiResult<NoData> {
    service::create_department(&state, &permit, form).await?;
    done("新建成功")
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
