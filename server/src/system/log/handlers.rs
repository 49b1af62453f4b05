//! HTTP handlers of the system log: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{LogIds, LogSearch};
use super::service;
use super::{RemoveLog, ViewLog};
use crate::state::AppState;
use crate::access::Permit;
use crate::system::dto::LoginLogEntry;
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A page of everyone's log within the caller's scope, newest first: 1 sign-ins, 3 operations, 5 requests (2 and 4 are not kept: empty) (menu system.sysLog)",
    params(("category" = i64, Path, description = "1 sign-in, 3 operation, 5 request"), PageQuery, LogSearch),
    responses((status = 200, body = Envelope<PageOf<LoginLogEntry>>)))]
pub async fn list(
    State(state): State<AppState>,
    permit: Permit<ViewLog>,
    Path(category): Path<i64>,
    Query(page): Query<PageQuery>,
    Query(q): Query<LogSearch>,
) -> ApiResult<PageOf<LoginLogEntry>> {
    ok(service::list(&state, &permit, category, page.page()?, q).await?)
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Delete these log rows (button btn_remove); rows outside the caller's scope stay",
    request_body = LogIds,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete(State(state): State<AppState>, permit: Permit<RemoveLog>, Json(body): Json<LogIds>) -> ApiResult<NoData> {
    service::delete(&state, &permit, body.ids).await?;
    done("删除成功")
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Clear a log category (一键清空, button btn_remove): every row of it within the caller's scope",
    params(("category" = i64, Path, description = "1 sign-in, 3 operation, 5 request")),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn clear(State(state): State<AppState>, permit: Permit<RemoveLog>, Path(category): Path<i64>) -> ApiResult<NoData> {
    service::clear(&state, &permit, category).await?;
    done("清空成功")
}
