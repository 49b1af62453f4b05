//! HTTP handlers of data interfaces: extract, call the service, shape the answer. Paths are
//! the JNPF client's (jnpf-wire-areas.md §2.4: singular `Action/List`, `Action/InfoByIds`,
//! `Action/Export`, `Action/Import`, plural `Actions/Preview`, `Actions/State`,
//! `Actions/Copy`); the catalogue's plural forms are served too.

use crate::api::TABLE;
use super::dto::{InfoByIdsForm, InterfaceForm, InterfaceListRow, InterfaceOption, InterfaceQuery, InterfaceRow, ListForm, LogQuery, LogRow, PreviewForm, RowsPage, SelectorNode};
use super::service;
use super::{AddDataInterface, EditDataInterface, ExportDataInterface, ImportDataInterface, RemoveDataInterface, ViewDataInterface};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::request::Client;
use crate::system::download::dto::ExportUrl;
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, Upload, UploadForm, done, ok};
use axum::extract::State;
use serde_json::Value;

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A page of data interfaces (menu systemData.dataInterface; DI-005)",
    params(PageQuery, InterfaceQuery),
    responses((status = 200, body = Envelope<PageOf<InterfaceListRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewDataInterface>, Query(page): Query<PageQuery>, Query(q): Query<InterfaceQuery>) -> ApiResult<PageOf<InterfaceListRow>> {
    ok(service::list(&state, &permit, &q, page.page()?).await?)
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Create a data interface (button btn_add): core's form, JSON texts, and an SQL text the guard accepts",
    request_body = InterfaceForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create(State(state): State<AppState>, permit: Permit<AddDataInterface>, Json(form): Json<InterfaceForm>) -> ApiResult<NoData> {
    service::create(&state, &permit, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The categories with their enabled interfaces, for any member (the designer)",
    responses((status = 200, body = Envelope<Vec<SelectorNode>>)))]
pub async fn selector(State(state): State<AppState>, caller: Member) -> ApiResult<Vec<SelectorNode>> {
    ok(service::selector(&state, &caller).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A page of the enabled interfaces with their parameters, for any member (the designer)",
    params(PageQuery, InterfaceQuery),
    responses((status = 200, body = Envelope<PageOf<InterfaceOption>>)))]
pub async fn options(State(state): State<AppState>, caller: Member, Query(page): Query<PageQuery>, Query(q): Query<InterfaceQuery>) -> ApiResult<PageOf<InterfaceOption>> {
    ok(service::options(&state, &caller, &q, page.page()?).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "An interface's declared parameters, for any member",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<Vec<Object>>)))]
pub async fn params(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<Vec<Value>> {
    ok(service::params(&state, &caller, &id).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A data interface, for its form",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<InterfaceRow>)))]
pub async fn info(State(state): State<AppState>, permit: Permit<ViewDataInterface>, Path(id): Path<String>) -> ApiResult<InterfaceRow> {
    ok(service::info(&state, &permit, &id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Change a data interface (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = InterfaceForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update(State(state): State<AppState>, permit: Permit<EditDataInterface>, Path(id): Path<String>, Json(form): Json<InterfaceForm>) -> ApiResult<NoData> {
    service::update(&state, &permit, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Delete a data interface and its log (button btn_remove)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete(State(state): State<AppState>, permit: Permit<RemoveDataInterface>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete(&state, &permit, &id).await?;
    done("删除成功")
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Enable or disable a data interface (button btn_edit; DI-001)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn toggle(State(state): State<AppState>, permit: Permit<EditDataInterface>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::toggle(&state, &permit, &id).await?;
    done("更新成功")
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Copy a data interface (button btn_add)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn copy(State(state): State<AppState>, permit: Permit<AddDataInterface>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::copy(&state, &permit, &id).await?;
    done("复制成功")
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Call an interface, for any member: its data as it is (an array of rows for SQL; DI-003, DI-004)",
    params(("id" = String, Path)),
    request_body = PreviewForm,
    responses((status = 200, body = Envelope<Object>)))]
pub async fn preview(State(state): State<AppState>, caller: Member, client: Client, Path(id): Path<String>, Json(form): Json<PreviewForm>) -> ApiResult<Value> {
    ok(service::preview(&state, &caller, &client, &id, &form.param_list).await?)
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "A page of an interface's rows, the keyword searched in the chosen columns, for any member (popup select, auto-complete)",
    params(("id" = String, Path)),
    request_body = ListForm,
    responses((status = 200, body = Envelope<RowsPage>)))]
pub async fn rows_page(State(state): State<AppState>, caller: Member, client: Client, Path(id): Path<String>, Json(form): Json<ListForm>) -> ApiResult<RowsPage> {
    ok(service::rows_page(&state, &caller, &client, &id, &form).await?)
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "The rows of an interface whose value key is one of ids, for any member",
    params(("id" = String, Path)),
    request_body = InfoByIdsForm,
    responses((status = 200, body = Envelope<Vec<Object>>)))]
pub async fn rows_by_ids(State(state): State<AppState>, caller: Member, client: Client, Path(id): Path<String>, Json(form): Json<InfoByIdsForm>) -> ApiResult<Vec<Value>> {
    ok(service::rows_by_ids(&state, &caller, &client, &id, &form).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Export a data interface as a .bd file (button btn_download)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ExportUrl>)))]
pub async fn export(State(state): State<AppState>, permit: Permit<ExportDataInterface>, Path(id): Path<String>) -> ApiResult<ExportUrl> {
    ok(ExportUrl { url: service::export(&state, &permit, &id).await? })
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Import a .bd file (button btn_upload): checked like the form; a bad file changes nothing and says why",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn import(State(state): State<AppState>, permit: Permit<ImportDataInterface>, upload: Upload) -> ApiResult<NoData> {
    service::import(&state, &permit, &upload.file_name, &upload.bytes).await?;
    done("导入成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The calls of a data interface, newest first: who, when, from where, how long, how it ended (DI-007)",
    params(("id" = String, Path), PageQuery, LogQuery),
    responses((status = 200, body = Envelope<PageOf<LogRow>>)))]
pub async fn log(State(state): State<AppState>, permit: Permit<ViewDataInterface>, Path(id): Path<String>, Query(page): Query<PageQuery>, Query(q): Query<LogQuery>) -> ApiResult<PageOf<LogRow>> {
    ok(service::log(&state, &permit, &id, &q, page.page()?).await?)
}
