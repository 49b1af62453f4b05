//! HTTP handlers of groups: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{GroupCondition, GroupForm, GroupInfo, GroupNode, GroupQuery, GroupRow};
use super::service;
use super::{AddGroup, EditGroup, RemoveGroup, ViewGroup};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::permission::organize::dto::TreeOf;
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "A page of groups (menu permission.group)",
    params(PageQuery, GroupQuery),
    responses((status = 200, body = Envelope<PageOf<GroupRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewGroup>, Query(page): Query<PageQuery>, Query(q): Query<GroupQuery>) -> ApiResult<PageOf<GroupRow>> {
    ok(service::list(&state, &permit, q.keyword.as_deref(), page.page()?).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Create a group (button btn_add)",
    request_body = GroupForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create(State(state): State<AppState>, permit: Permit<AddGroup>, Json(form): Json<GroupForm>) -> ApiResult<NoData> {
    service::create(&state, &permit, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "A group, for its form",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<GroupInfo>)))]
pub async fn info(State(state): State<AppState>, permit: Permit<ViewGroup>, Path(id): Path<String>) -> ApiResult<GroupInfo> {
    ok(service::info(&state, &permit, &id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Change a group (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = GroupForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update(State(state): State<AppState>, permit: Permit<EditGroup>, Path(id): Path<String>, Json(form): Json<GroupForm>) -> ApiResult<NoData> {
    service::update(&state, &permit, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "permission",
    summary = "Delete a group (button btn_remove); refused while it has members",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete(State(state): State<AppState>, permit: Permit<RemoveGroup>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete(&state, &permit, &id).await?;
    done("删除成功")
}

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
