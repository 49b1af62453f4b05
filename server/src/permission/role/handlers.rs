//! HTTP handlers of roles: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{RoleCondition, RoleForm, RoleInfo, RoleNode, RoleQuery, RoleRow};
use super::service;
use super::{AddRole, EditRole, RemoveRole, ViewRole};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::permission::organize::dto::{ByOrganisations, OptionGroup, TreeOf};
use crate::wire::{ApiResult, Envelope, Json, PageOf, PageQuery, Query, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "A page of roles (menu permission.role): organizeId '' every role, '0' the global roles, else an organisation's and below",
    params(PageQuery, RoleQuery),
    responses((status = 200, body = Envelope<PageOf<RoleRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewRole>, Query(page): Query<PageQuery>, Query(q): Query<RoleQuery>) -> ApiResult<PageOf<RoleRow>> {
    ok(service::list(&state, &permit, q, page.page()?).await?)
}

crate::crud::handlers! { "permission", service, RoleForm => RoleInfo, [ViewRole, AddRole, EditRole, RemoveRole] {
    create "Create a role (button btn_add)",
    info "A role, for its form",
    update "Change a role (button btn_edit); only what is sent changes",
    delete "Delete a role (button btn_remove); refused while users hold it",
    state "Enable or disable a role (button btn_edit); a disabled role grants nothing",
}}






#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The role picker: the global roles under node '1', then organisations with their roles",
    responses((status = 200, body = Envelope<TreeOf<RoleNode>>)))]
pub async fn selector(State(state): State<AppState>, caller: Member) -> ApiResult<TreeOf<RoleNode>> {
    ok(TreeOf { list: service::selector(&state, &caller).await? })
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The role picker of batch authorisation: roles the caller may not authorise are disabled",
    responses((status = 200, body = Envelope<TreeOf<RoleNode>>)))]
pub async fn selector_by_permission(State(state): State<AppState>, caller: Member) -> ApiResult<TreeOf<RoleNode>> {
    ok(TreeOf { list: service::selector_by_permission(&state, &caller).await? })
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "The role picker limited to these roles (custom roles)",
    request_body = RoleCondition,
    responses((status = 200, body = Envelope<TreeOf<RoleNode>>)))]
pub async fn condition(State(state): State<AppState>, caller: Member, Json(req): Json<RoleCondition>) -> ApiResult<TreeOf<RoleNode>> {
    ok(TreeOf { list: service::condition(&state, &caller, req).await? })
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Each of these organisations with its roles (the user form's options)",
    request_body = ByOrganisations,
    responses((status = 200, body = Envelope<TreeOf<OptionGroup>>)))]
pub async fn by_organisations(State(state): State<AppState>, caller: Member, Json(req): Json<ByOrganisations>) -> ApiResult<TreeOf<OptionGroup>> {
    ok(TreeOf { list: service::by_organisations(&state, &caller, req).await? })
}
