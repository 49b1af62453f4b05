//! HTTP handlers of the record API (jnpf-wire-engine.md §5): extract, make the record
//! permit, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{RecordFileUrl, RecordExportForm, RecordBatchDeleteForm, OnlineConfigQuery, RecordListForm, OnlineConfig, RecordForm, RecordData};
use super::service;
use crate::state::AppState;
use crate::access::{Member, RecordPermit};
use crate::visualdev::dto::RecordRow;
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, Path, Query, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "visualdev",
    summary = "The released definition a generated page renders (type 0: the draft, administrators' preview)",
    params(("modelId" = String, Path), OnlineConfigQuery),
    responses((status = 200, body = Envelope<OnlineConfig>)))]
pub async fn config(State(state): State<AppState>, member: Member, Path(model_id): Path<String>, Query(q): Query<OnlineConfigQuery>) -> ApiResult<OnlineConfig> {
    let permit = RecordPermit::demand(&state, &member, &model_id, None).await?;
    ok(service::config(&state, &permit, &model_id, q.r#type).await?)
}

#[utoipa::path(post, path = TABLE, tag = "visualdev",
    summary = "Create a record (button btn_add): every field's messages at once (code 400, data {field: [msg]}, sub-table cells table[row].column); answers the new id",
    params(("modelId" = String, Path)),
    request_body = RecordForm,
    responses((status = 200, body = Envelope<String>)))]
pub async fn create(State(state): State<AppState>, member: Member, Path(model_id): Path<String>, Json(form): Json<RecordForm>) -> ApiResult<String> {
    let permit = RecordPermit::demand(&state, &member, &model_id, None).await?;
    let id = service::save(&state, &permit, &model_id, None, form).await?;
    Ok(Envelope { code: 200, msg: "新建成功", data: id })
}

#[utoipa::path(put, path = TABLE, tag = "visualdev",
    summary = "Update a record (button btn_edit): data carries the version it was read with; a stale one answers 400 数据已被修改，请刷新后重试; only the fields sent change",
    params(("modelId" = String, Path), ("id" = String, Path)),
    request_body = RecordForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update(State(state): State<AppState>, member: Member, Path((model_id, id)): Path<(String, String)>, Json(form): Json<RecordForm>) -> ApiResult<NoData> {
    let permit = RecordPermit::demand(&state, &member, &model_id, None).await?;
    service::save(&state, &permit, &model_id, Some(&id), form).await?;
    done("修改成功")
}

#[utoipa::path(get, path = TABLE, tag = "visualdev",
    summary = "A record's raw values (data: JSON text with id and version)",
    params(("modelId" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Envelope<RecordData>)))]
pub async fn info(State(state): State<AppState>, member: Member, Path((model_id, id)): Path<(String, String)>) -> ApiResult<RecordData> {
    let permit = RecordPermit::demand(&state, &member, &model_id, None).await?;
    ok(service::info(&state, &permit, &model_id, &id).await?)
}

#[utoipa::path(delete, path = TABLE, tag = "visualdev",
    summary = "Delete a record and its sub-table rows (button btn_remove)",
    params(("modelId" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete(State(state): State<AppState>, member: Member, Path((model_id, id)): Path<(String, String)>) -> ApiResult<NoData> {
    let permit = RecordPermit::demand(&state, &member, &model_id, None).await?;
    service::delete(&state, &permit, &model_id, &[id]).await?;
    done("删除成功")
}

#[utoipa::path(get, path = TABLE, tag = "visualdev",
    summary = "A record's display values (names of users, organisations, areas …, option labels; <field>_id the stored value)",
    params(("modelId" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Envelope<RecordData>)))]
pub async fn data_change(State(state): State<AppState>, member: Member, Path((model_id, id)): Path<(String, String)>) -> ApiResult<RecordData> {
    let permit = RecordPermit::demand(&state, &member, &model_id, None).await?;
    ok(service::data_change(&state, &permit, &model_id, &id).await?)
}

#[utoipa::path(post, path = TABLE, tag = "visualdev",
    summary = "Delete several records (button btn_remove or btn_batchRemove); all or none",
    params(("modelId" = String, Path)),
    request_body = RecordBatchDeleteForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn batch_delete(State(state): State<AppState>, member: Member, Path(model_id): Path<String>, Json(form): Json<RecordBatchDeleteForm>) -> ApiResult<NoData> {
    let permit = RecordPermit::demand(&state, &member, &model_id, None).await?;
    service::delete(&state, &permit, &model_id, &form.ids).await?;
    done("删除成功")
}

#[utoipa::path(post, path = TABLE, tag = "visualdev",
    summary = "A page of records in the caller's data scope: queryJson filters by field, keyword over the text search fields, sidx/sort by a sortable field",
    params(("modelId" = String, Path)),
    request_body = RecordListForm,
    responses((status = 200, body = Envelope<PageOf<RecordRow>>)))]
pub async fn list(State(state): State<AppState>, member: Member, Path(model_id): Path<String>, Json(form): Json<RecordListForm>) -> ApiResult<PageOf<RecordRow>> {
    let permit = RecordPermit::demand(&state, &member, &model_id, form.menu_id.as_deref()).await?;
    ok(service::list(&state, &permit, &model_id, form).await?)
}

#[utoipa::path(post, path = TABLE, tag = "visualdev",
    summary = "导出 (button btn_download): the List body plus dataType (0 the page, 1 every page) and selectKey (the columns; sub-table columns as table-column) → the url of an .xlsx of display values (jnpf-wire-engine2.md §4.1)",
    params(("modelId" = String, Path)),
    request_body = RecordExportForm,
    responses((status = 200, body = Envelope<RecordFileUrl>)))]
pub async fn export(State(state): State<AppState>, member: Member, Path(model_id): Path<String>, Json(form): Json<RecordExportForm>) -> ApiResult<RecordFileUrl> {
    let permit = RecordPermit::demand(&state, &member, &model_id, form.list.menu_id.as_deref()).await?;
    ok(RecordFileUrl { url: service::export(&state, &permit, &model_id, form).await? })
}
