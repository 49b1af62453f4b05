//! HTTP handlers of memberships: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{MemberIds, MemberSet};
use super::service;
use crate::state::AppState;
use crate::access::Member;
use crate::wire::{ApiResult, Envelope, Json, NoData, Path, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The members of a role, position or group (its page's menu)",
    params(("objectId" = String, Path)),
    responses((status = 200, body = Envelope<MemberIds>)))]
pub async fn members(State(state): State<AppState>, caller: Member, Path(object_id): Path<String>) -> ApiResult<MemberIds> {
    ok(service::members(&state, &caller, &object_id).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Replace the members of a role, position or group (its page's btn_edit)",
    params(("objectId" = String, Path)),
    request_body = MemberSet,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_members(State(state): State<AppState>, caller: Member, Path(object_id): Path<String>, Json(req): Json<MemberSet>) -> ApiResult<NoData> {
    service::set_members(&state, &caller, &object_id, req).await?;
    done("保存成功")
}
