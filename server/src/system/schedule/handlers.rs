//! HTTP handlers of schedules: extract, call the service, shape the answer. Paths are the
//! JNPF client's (jnpf-wire-areas.md §2.5, spec 02 §7.9).

use crate::api::TABLE;
use super::dto::{DetailQuery, ScheduleDetail, ScheduleEvent, ScheduleForm, ScheduleInfo, ScheduleQuery};
use super::service;
use crate::state::AppState;
use crate::access::Member;
use crate::system::dto::ListOf;
use crate::wire::{ApiResult, Envelope, Json, NoData, Path, Query, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The caller's schedules (made or taken part in) that overlap the calendar's range (SCHED-013)",
    params(ScheduleQuery),
    responses((status = 200, body = Envelope<ListOf<ScheduleEvent>>)))]
pub async fn list(State(state): State<AppState>, caller: Member, Query(q): Query<ScheduleQuery>) -> ApiResult<ListOf<ScheduleEvent>> {
    ok(ListOf { list: service::list(&state, &caller, &q).await? })
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Create a schedule; a repeating one is stored as all its occurrences up to the repeat end (at most two years), in one transaction (SCHED-001, SCHED-002)",
    request_body = ScheduleForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create(State(state): State<AppState>, caller: Member, Json(form): Json<ScheduleForm>) -> ApiResult<NoData> {
    service::create(&state, &caller, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The schedule viewer: an occurrence with its type, urgency, creator and participants as text; by id, else the series' first remaining occurrence (SCHED-003, SCHED-012)",
    params(DetailQuery),
    responses((status = 200, body = Envelope<ScheduleDetail>)))]
pub async fn detail(State(state): State<AppState>, caller: Member, Query(q): Query<DetailQuery>) -> ApiResult<ScheduleDetail> {
    ok(service::detail(&state, &caller, q.group_id.as_deref(), q.id.as_deref()).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A schedule occurrence's form",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ScheduleInfo>)))]
pub async fn info(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<ScheduleInfo> {
    ok(service::info(&state, &caller, &id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Change a schedule (its creator only); only what is sent changes. type: 1 this occurrence, 2 this and the following ones, 3 all",
    params(("id" = String, Path), ("type" = String, Path, description = "1 this, 2 this and following, 3 all (a schedule that does not repeat: any)")),
    request_body = ScheduleForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update(State(state): State<AppState>, caller: Member, Path((id, scope)): Path<(String, String)>, Json(form): Json<ScheduleForm>) -> ApiResult<NoData> {
    service::update(&state, &caller, &id, &scope, form).await?;
    done("修改成功")
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Delete a schedule: type 1 this occurrence, 2 this and the following ones, 3 all; a participant is taken off them instead (SCHED-006..008, SCHED-011)",
    params(("id" = String, Path), ("type" = String, Path, description = "1 this, 2 this and following, 3 all (a schedule that does not repeat: any)")),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete(State(state): State<AppState>, caller: Member, Path((id, scope)): Path<(String, String)>) -> ApiResult<NoData> {
    service::delete(&state, &caller, &id, &scope).await?;
    done("删除成功")
}
