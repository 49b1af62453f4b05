//! HTTP handlers of the authorisation wizard: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{AuthorityBatch, ColumnSetting, AuthoritySave, AuthorityValues, ValuesRequest};
use super::service;
use crate::state::AppState;
use crate::access::Member;
use crate::wire::{ApiResult, Envelope, Json, NoData, Path, done, ok};
use axum::extract::State;

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "One step of the authorisation wizard: the tree of systems, menus, or the chosen menus' buttons / columns / forms / data schemes, what the role, position or user holds of it, and every id (objectId 0: the batch page)",
    params(("objectId" = String, Path)),
    request_body = ValuesRequest,
    responses((status = 200, body = Envelope<AuthorityValues>)))]
pub async fn values(State(state): State<AppState>, caller: Member, Path(object_id): Path<String>, Json(req): Json<ValuesRequest>) -> ApiResult<AuthorityValues> {
    ok(service::values(&state, &caller, &object_id, req).await?)
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Save what a role, position or user may use (its page's btn_edit); ids of the wrong kind are ignored",
    params(("objectId" = String, Path)),
    request_body = AuthoritySave,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn save(State(state): State<AppState>, caller: Member, Path(object_id): Path<String>, Json(req): Json<AuthoritySave>) -> ApiResult<NoData> {
    service::save(&state, &caller, &object_id, req).await?;
    done("操作成功")
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Add these grants to each of these roles (the role page's btn_edit)",
    request_body = AuthorityBatch,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn batch(State(state): State<AppState>, caller: Member, Json(req): Json<AuthorityBatch>) -> ApiResult<NoData> {
    service::batch(&state, &caller, req).await?;
    done("操作成功")
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The list columns stored for a menu (jnpf-wire-engine2.md §5): the JNPF client awaits this before any generated list loads and keeps the answer unused; no column settings are stored, so every menu answers the empty list",
    params(("menuId" = String, Path)),
    responses((status = 200, body = Envelope<Vec<ColumnSetting>>)))]
pub async fn columns_by_module(_caller: Member, Path(_menu_id): Path<String>) -> ApiResult<Vec<ColumnSetting>> {
    ok(Vec::new())
}
