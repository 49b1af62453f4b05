//! HTTP handlers of positions: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{PositionCondition, PositionForm, PositionInfo, PositionItem, PositionQuery, PositionRow};
use super::service;
use super::{AddPosition, EditPosition, RemovePosition, ViewPosition};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::permission::organize::dto::{ByOrganisations, OptionGroup, SelectorNode, TreeOf};
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "A page of positions (menu permission.position)",
    params(PageQuery, PositionQuery),
    responses((status = 200, body = Envelope<PageOf<PositionRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewPosition>, Query(page): Query<PageQuery>, Query(q): Query<PositionQuery>) -> ApiResult<PageOf<PositionRow>> {
    ok(service::list(&state, &permit, q, page.page()?).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Create a position (button btn_add)",
    request_body = PositionForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create(State(state): State<AppState>, permit: Permit<AddPosition>, Json(form): Json<PositionForm>) -> ApiResult<NoData> {
    service::create(&state, &permit, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "A position, for its form",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<PositionInfo>)))]
pub async fn info(State(state): State<AppState>, permit: Permit<ViewPosition>, Path(id): Path<String>) -> ApiResult<PositionInfo> {
    ok(service::info(&state, &permit, &id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Change a position (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = PositionForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update(State(state): State<AppState>, permit: Permit<EditPosition>, Path(id): Path<String>, Json(form): Json<PositionForm>) -> ApiResult<NoData> {
    service::update(&state, &permit, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "permission",
    summary = "Delete a position (button btn_remove); refused while users hold it",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete(State(state): State<AppState>, permit: Permit<RemovePosition>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete(&state, &permit, &id).await?;
    done("删除成功")
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "Every enabled position (the position picker's lookup)",
    responses((status = 200, body = Envelope<TreeOf<PositionItem>>)))]
pub async fn all(State(state): State<AppState>, caller: Member) -> ApiResult<TreeOf<PositionItem>> {
    ok(TreeOf { list: service::all(&state, &caller).await? })
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "Organisations with their positions (type position can be picked)",
    responses((status = 200, body = Envelope<TreeOf<SelectorNode>>)))]
pub async fn selector(State(state): State<AppState>, caller: Member) -> ApiResult<TreeOf<SelectorNode>> {
    ok(TreeOf { list: service::selector(&state, &caller).await? })
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "The position tree limited to these organisations (and below) or these positions",
    request_body = PositionCondition,
    responses((status = 200, body = Envelope<TreeOf<SelectorNode>>)))]
pub async fn condition(State(state): State<AppState>, caller: Member, Json(req): Json<PositionCondition>) -> ApiResult<TreeOf<SelectorNode>> {
    ok(TreeOf { list: service::condition(&state, &caller, req).await? })
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Each of these organisations with its positions (the user form's options)",
    request_body = ByOrganisations,
    responses((status = 200, body = Envelope<TreeOf<OptionGroup>>)))]
pub async fn by_organisations(State(state): State<AppState>, caller: Member, Json(req): Json<ByOrganisations>) -> ApiResult<TreeOf<OptionGroup>> {
    ok(TreeOf { list: service::by_organisations(&state, &caller, req).await? })
}
