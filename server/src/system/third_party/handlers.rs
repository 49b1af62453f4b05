//! HTTP handlers of the third-party office chat calls: extract, call the service, shape the
//! answer. Paths are the JNPF client's (jnpf-wire-areas.md §2.6, spec 02 §7.11).

use crate::api::TABLE;
use super::dto::{DingTalkTestForm, SyncQuery, SyncTotal, WeComTestForm};
use super::service::{self, MSG_RUNNING, Object, Synced, Third};
use crate::state::AppState;
use crate::access::Admin;
use crate::wire::{ApiResult, Envelope, Json, NoData, Path, Query, done};
use axum::extract::State;

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Test the WeCom (企业微信) credentials (SYS-004; administrators): an access token for the corp id and the application's Secret (type 0, 连接测试) or the contacts-sync Secret (type 1, 同步测试); fields left out or sent as the mask ****** are the stored ones; a refusal answers the service's errmsg",
    params(("type" = String, Path, description = "0 连接测试, 1 同步测试")),
    request_body = WeComTestForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn test_wecom(State(state): State<AppState>, admin: Admin, Path(kind): Path<String>, Json(form): Json<WeComTestForm>) -> ApiResult<NoData> {
    service::test_wecom(&state, &admin, &kind, form).await?;
    done("测试连接成功")
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Test the DingTalk (钉钉) credentials (SYS-004; administrators): an access token for the AppKey and AppSecret; a refusal answers the service's errmsg",
    request_body = DingTalkTestForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn test_dingtalk(State(state): State<AppState>, admin: Admin, Json(form): Json<DingTalkTestForm>) -> ApiResult<NoData> {
    service::test_dingtalk(&state, &admin, form).await?;
    done("测试连接成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "How far the organisations (组织) and the users (用户) are synced to WeCom (1) or DingTalk (2) (SYS-005; administrators)",
    params(("type" = String, Path, description = "1 企业微信, 2 钉钉")),
    responses((status = 200, body = Envelope<Vec<SyncTotal>>)))]
pub async fn totals(State(state): State<AppState>, admin: Admin, Path(third): Path<String>) -> ApiResult<Vec<SyncTotal>> {
    let third = Third::from_path(&third)?;
    Ok(Envelope { code: 200, msg: "Success", data: service::totals(&state, &admin, third).await? })
}

fn answer(synced: Synced) -> ApiResult<SyncTotal> {
    Ok(Envelope { code: 200, msg: if synced.running { MSG_RUNNING } else { "同步完成" }, data: synced.total })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Send every organisation to WeCom as departments (SYS-007; administrators; type 0), or bring WeCom's departments in as departments under the first top company (type 1, one transaction); answers the organisations' totals after the run",
    params(SyncQuery),
    responses((status = 200, body = Envelope<SyncTotal>)))]
pub async fn organisations_to_wecom(State(state): State<AppState>, admin: Admin, Query(q): Query<SyncQuery>) -> ApiResult<SyncTotal> {
    answer(service::sync(&state, &admin, Third::WeCom, Object::Organisation, q.direction).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Send every user to WeCom, into their synced departments (SYS-007; administrators; type 0), or bring WeCom's users in, into their departments' organisations (type 1, one transaction)",
    params(SyncQuery),
    responses((status = 200, body = Envelope<SyncTotal>)))]
pub async fn users_to_wecom(State(state): State<AppState>, admin: Admin, Query(q): Query<SyncQuery>) -> ApiResult<SyncTotal> {
    answer(service::sync(&state, &admin, Third::WeCom, Object::User, q.direction).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Send every organisation to DingTalk as departments (SYS-006; administrators; type 0), or bring DingTalk's departments in (type 1, one transaction)",
    params(SyncQuery),
    responses((status = 200, body = Envelope<SyncTotal>)))]
pub async fn organisations_to_dingtalk(State(state): State<AppState>, admin: Admin, Query(q): Query<SyncQuery>) -> ApiResult<SyncTotal> {
    answer(service::sync(&state, &admin, Third::DingTalk, Object::Organisation, q.direction).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Send every user to DingTalk, into their synced departments (SYS-006; administrators; type 0), or bring DingTalk's users in (type 1, one transaction)",
    params(SyncQuery),
    responses((status = 200, body = Envelope<SyncTotal>)))]
pub async fn users_to_dingtalk(State(state): State<AppState>, admin: Admin, Query(q): Query<SyncQuery>) -> ApiResult<SyncTotal> {
    answer(service::sync(&state, &admin, Third::DingTalk, Object::User, q.direction).await?)
}
