//! HTTP handlers of groups: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{GroupCondition, GroupForm, GroupInfo, GroupNode, GroupQuery, GroupRow};
use super::service;
use super::{AddGroup, EditGroup, RemoveGroup, ViewGroup};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::permission::organize::dto::TreeOf;
use crate::wire::{ApiResult, Envelope, Json, PageOf, PageQuery, Query, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "A page of groups (menu permission.group)",
    params(PageQuery, GroupQuery),
    responses((status = 200, body = Envelope<PageOf<GroupRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewGroup>, Query(page): Query<PageQuery>, Query(q): Query<GroupQuery>) -> ApiResult<PageOf<GroupRow>> {
    ok(service::list(&state, &permit, q.keyword.as_deref(), page.page()?).await?)
}

crate::crud::handlers! { "permission", service, GroupForm => GroupInfo, [ViewGroup, AddGroup, EditGroup, RemoveGroup] {
    create "Create a group (button btn_add)",
    info "A group, for its form",
    update "Change a group (button btn_edit); only what is sent changes",
    delete "Delete a group (button btn_remove); refused while it has members",
}}





#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The group picker: each group type with its groups (data is the tree itself)",
    responses((status = 200, body = Envelope<Vec<GroupNode>>)))]
pub async fn selector(State(state): State<AppState>, caller: Member) -> ApiResult<Vec<GroupNode>> {
    ok(service::selector(&state, &caller, None).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "The group picker limited to these groups (custom groups: data.list)",
    request_body = GroupCondition,
    responses((status = 200, body = Envelope<TreeOf<GroupNode>>)))]
pub async fn condition(State(state): State<AppState>, caller: Member, Json(req): Json<GroupCondition>) -> ApiResult<TreeOf<GroupNode>> {
    ok(TreeOf { list: service::selector(&state, &caller, Some(&req)).await? })
}
