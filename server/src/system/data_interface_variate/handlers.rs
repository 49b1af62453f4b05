//! HTTP handlers of data-interface variables: extract, call the service, shape the answer.
//! Paths are the catalogue's (spec 02 §7.8: Selector, {id}, {id}/Info, POST, PUT, DELETE,
//! {id}/Actions/Copy, {id}/Actions/Export), plus the state toggle of DI-002 and the import
//! that takes an export back.

use crate::api::TABLE;
use super::dto::{VariateForm, VariateListRow, VariateNode, VariateQuery, VariateRow};
use super::service;
use crate::state::AppState;
use crate::access::Permit;
use crate::system::data_interface::{AddDataInterface, EditDataInterface, ExportDataInterface, ImportDataInterface, RemoveDataInterface, ViewDataInterface};
use crate::system::dto::ListOf;
use crate::system::download::dto::ExportUrl;
use crate::wire::{ApiResult, Envelope, Json, NoData, Path, Query, Upload, UploadForm, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The enabled interfaces with their enabled variables below them (menu systemData.dataInterface; DI-008)",
    responses((status = 200, body = Envelope<Vec<VariateNode>>)))]
pub async fn selector(State(state): State<AppState>, permit: Permit<ViewDataInterface>) -> ApiResult<Vec<VariateNode>> {
    ok(service::selector(&state, &permit).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The variables of the data interface {id}, the keyword on their names (menu systemData.dataInterface; DI-008)",
    params(("id" = String, Path, description = "the data interface"), VariateQuery),
    responses((status = 200, body = Envelope<ListOf<VariateListRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewDataInterface>, Path(id): Path<String>, Query(q): Query<VariateQuery>) -> ApiResult<ListOf<VariateListRow>> {
    ok(ListOf { list: service::list(&state, &permit, &id, &q).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A variable, for its form",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<VariateRow>)))]
pub async fn info(State(state): State<AppState>, permit: Permit<ViewDataInterface>, Path(id): Path<String>) -> ApiResult<VariateRow> {
    ok(service::info(&state, &permit, &id).await?)
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Create a variable of an interface (button btn_add): core's form, a name not used yet",
    request_body = VariateForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create(State(state): State<AppState>, permit: Permit<AddDataInterface>, Json(form): Json<VariateForm>) -> ApiResult<NoData> {
    service::create(&state, &permit, form).await?;
    done("新建成功")
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Change a variable (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = VariateForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update(State(state): State<AppState>, permit: Permit<EditDataInterface>, Path(id): Path<String>, Json(form): Json<VariateForm>) -> ApiResult<NoData> {
    service::update(&state, &permit, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Delete a variable (button btn_remove)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete(State(state): State<AppState>, permit: Permit<RemoveDataInterface>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete(&state, &permit, &id).await?;
    done("删除成功")
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Enable or disable a variable (button btn_edit; DI-002)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn toggle(State(state): State<AppState>, permit: Permit<EditDataInterface>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::toggle(&state, &permit, &id).await?;
    done("更新成功")
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Copy a variable (button btn_add) under the name 名称_copy",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn copy(State(state): State<AppState>, permit: Permit<AddDataInterface>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::copy(&state, &permit, &id).await?;
    done("复制成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Export a variable as a .bdv file (button btn_download)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ExportUrl>)))]
pub async fn export(State(state): State<AppState>, permit: Permit<ExportDataInterface>, Path(id): Path<String>) -> ApiResult<ExportUrl> {
    ok(ExportUrl { url: service::export(&state, &permit, &id).await? })
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Import a .bdv file (button btn_upload): checked like the form; a bad file changes nothing and says why",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn import(State(state): State<AppState>, permit: Permit<ImportDataInterface>, upload: Upload) -> ApiResult<NoData> {
    service::import(&state, &permit, &upload.file_name, &upload.bytes).await?;
    done("导入成功")
}
