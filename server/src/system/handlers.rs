//! HTTP handlers of the system area: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::service;
use crate::state::AppState;
use super::dto::{ListOf, SourceNode};
use crate::access::{Admin, Member, Unlocked};
use crate::request::Client;
use crate::wire::{ApiResult, Envelope, Json, NoData, done, ok};
use axum::extract::State;
use qiming_core::password::PasswordPolicy;
use serde_json::{Map, Value};

/// The settings object: secrets (third-party credentials) only for administrators.
#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "System configuration (SYS-002); every session reads it at start-up",
    responses((status = 200, body = Envelope<Object>)))]
pub async fn read_config(State(state): State<AppState>, caller: Unlocked) -> ApiResult<Map<String, Value>> {
    ok(service::settings_for(&state, &caller).await?)
}

/// Changes settings: every value checked against the allow-list, all stored in one
/// transaction; unknown keys, wrong kinds and out-of-range values are field errors;
/// `sysVersion` is read-only.
#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Change the system configuration (SYS-003); administrators only",
    request_body(content = Object, description = "the settings to change"),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn write_config(State(state): State<AppState>, admin: Admin, client: Client, Json(change): Json<Value>) -> ApiResult<NoData> {
    service::update_settings(&state, &admin, change, &client).await?;
    done("保存成功")
}

/// The password policy fields of spec 01 §3.10.
#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The password policy (AUTH-024)",
    responses((status = 200, body = Envelope<PasswordPolicy>)))]
pub async fn password_policy(State(state): State<AppState>, _caller: Unlocked) -> ApiResult<PasswordPolicy> {
    let mut conn = state.db.acquire().await?;
    ok(service::settings(&mut conn).await?.password_policy())
}

/// Data connections (数据连接): Qiming keeps its records in the platform database only, so the
/// one connection offered is that database, id `0` 默认数据库 (the `dbLinkId` every model and
/// data interface carries); the designers' 数据连接 select reads it.
#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The data connections a designer may pick (数据连接): groups with the connections as children; only the platform database, id 0 默认数据库",
    responses((status = 200, body = Envelope<ListOf<SourceNode>>)))]
pub async fn data_source_selector(_caller: Member) -> ApiResult<ListOf<SourceNode>> {
    ok(ListOf { list: vec![SourceNode::platform()] })
}
