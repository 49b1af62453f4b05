//! HTTP handlers of positions: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{PositionCondition, PositionForm, PositionInfo, PositionItem, PositionQuery, PositionRow};
use super::service;
use super::{AddPosition, EditPosition, RemovePosition, ViewPosition};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::permission::organize::dto::{ByOrganisations, OptionGroup, SelectorNode, TreeOf};
use crate::wire::{ApiResult, Envelope, Json, PageOf, PageQuery, Query, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "A page of positions (menu permission.position)",
    params(PageQuery, PositionQuery),
    responses((status = 200, body = Envelope<PageOf<PositionRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewPosition>, Query(page): Query<PageQuery>, Query(q): Query<PositionQuery>) -> ApiResult<PageOf<PositionRow>> {
    ok(service::list(&state, &permit, q, page.page()?).await?)
}

crate::crud::handlers! { "permission", service, PositionForm => PositionInfo, [ViewPosition, AddPosition, EditPosition, RemovePosition] {
    create "Create a position (button btn_add)",
    info "A position, for its form",
    update "Change a position (button btn_edit); only what is sent changes",
    delete "Delete a position (button btn_remove); refused while users hold it",
}}





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
