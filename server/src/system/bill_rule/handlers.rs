//! HTTP handlers of serial-number rules: extract, call the service, shape the answer. Paths
//! are the JNPF client's (jnpf-wire-areas.md §2.2); the catalogue's plural `Actions/Export`
//! and `Actions/Import` are served too.

use crate::api::TABLE;
use super::dto::{RuleForm, RuleInfo, RuleListRow, RuleOption, RuleQuery};
use super::service;
use super::{AddBillRule, EditBillRule, ExportBillRule, ImportBillRule, RemoveBillRule, ViewBillRule};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::system::download::dto::ExportUrl;
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, Upload, UploadForm, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A page of serial-number rules (menu system.billRule; BILL-023)",
    params(PageQuery, RuleQuery),
    responses((status = 200, body = Envelope<PageOf<RuleListRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewBillRule>, Query(page): Query<PageQuery>, Query(q): Query<RuleQuery>) -> ApiResult<PageOf<RuleListRow>> {
    ok(service::list(&state, &permit, &q, page.page()?).await?)
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Create a serial-number rule (button btn_add; BILL-008..022)",
    request_body = RuleForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create(State(state): State<AppState>, permit: Permit<AddBillRule>, Json(form): Json<RuleForm>) -> ApiResult<NoData> {
    service::create(&state, &permit, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The serial-number rule picker: a page of the enabled rules, for any member (BILL-024, BILL-025)",
    params(PageQuery, RuleQuery),
    responses((status = 200, body = Envelope<PageOf<RuleOption>>)))]
pub async fn selector(State(state): State<AppState>, caller: Member, Query(page): Query<PageQuery>, Query(q): Query<RuleQuery>) -> ApiResult<PageOf<RuleOption>> {
    ok(service::selector(&state, &caller, &q, page.page()?).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Issue the next number of rule {enCode}, for any member: each request its own, consecutive, across processes",
    params(("enCode" = String, Path, description = "the rule's code")),
    responses((status = 200, body = Envelope<String>)))]
pub async fn bill_number(State(state): State<AppState>, caller: Member, Path(en_code): Path<String>) -> ApiResult<String> {
    ok(service::next_number(&state, &caller, &en_code).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A serial-number rule, for its form, with today's example",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<RuleInfo>)))]
pub async fn info(State(state): State<AppState>, permit: Permit<ViewBillRule>, Path(id): Path<String>) -> ApiResult<RuleInfo> {
    ok(service::info(&state, &permit, &id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Change a serial-number rule (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = RuleForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update(State(state): State<AppState>, permit: Permit<EditBillRule>, Path(id): Path<String>, Json(form): Json<RuleForm>) -> ApiResult<NoData> {
    service::update(&state, &permit, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Delete a serial-number rule (button btn_remove)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete(State(state): State<AppState>, permit: Permit<RemoveBillRule>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete(&state, &permit, &id).await?;
    done("删除成功")
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Enable or disable a serial-number rule (button btn_edit; BILL-007)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn toggle(State(state): State<AppState>, permit: Permit<EditBillRule>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::toggle(&state, &permit, &id).await?;
    done("更新成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Export a serial-number rule as a .bb file (button btn_download)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ExportUrl>)))]
pub async fn export(State(state): State<AppState>, permit: Permit<ExportBillRule>, Path(id): Path<String>) -> ApiResult<ExportUrl> {
    ok(ExportUrl { url: service::export(&state, &permit, &id).await? })
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Import a .bb file (button btn_upload): checked like the form; a bad file changes nothing and the message says why",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn import(State(state): State<AppState>, permit: Permit<ImportBillRule>, upload: Upload) -> ApiResult<NoData> {
    service::import(&state, &permit, &upload.file_name, &upload.bytes).await?;
    done("导入成功")
}
