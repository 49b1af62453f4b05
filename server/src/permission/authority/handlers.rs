//! HTTP handlers of the authorisation wizard: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{AuthorityBatch, ColumnSetting, ColumnSettingsForm, AuthoritySave, AuthorityValues, ValuesRequest};
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
    summary = "The caller's own columns of a menu's list as last saved by SetColumnsByModuleId (jnpf-wire-engine2.md §5, LIST-009): the JNPF client awaits this before any generated list loads; the empty list when none were saved",
    params(("menuId" = String, Path)),
    responses((status = 200, body = Envelope<Vec<ColumnSetting>>)))]
pub async fn columns_by_module(State(state): State<AppState>, caller: Member, Path(menu_id): Path<String>) -> ApiResult<Vec<ColumnSetting>> {
    ok(service::columns(&state, &caller, &menu_id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Store the caller's columns of a menu's list (LIST-007): moduleId and fieldList, the JSON text of [{prop, label, visible | columnVisible}] in the chosen order; an empty list forgets them",
    request_body = ColumnSettingsForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_columns_by_module(State(state): State<AppState>, caller: Member, Json(form): Json<ColumnSettingsForm>) -> ApiResult<NoData> {
    service::set_columns(&state, &caller, form).await?;
    done("保存成功")
}
