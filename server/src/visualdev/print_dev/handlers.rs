//! HTTP handlers of print templates and the print log: extract, call the service, shape the
//! answer. Paths and shapes are the JNPF client's (jnpf-wire-engine2.md §6.1, PRINT-012).

use crate::api::TABLE;
use super::dto::{
    DataQuery, FieldNode, FieldsForm, PrintLogForm, LogQuery, PrintLogRow, OptionsForm, PrintData, SelectorQuery, TemplateForm, TemplateGroup, TemplateInfo,
    TemplateListRow, TemplateOption, TemplateQuery, WordQuery,
};
use super::service;
use super::{AddTemplate, EditTemplate, ExportTemplate, ImportTemplate, RemoveTemplate, ViewTemplate};
use crate::access::{Member, Permit};
use crate::state::AppState;
use crate::system::download::dto::ExportUrl;
use crate::system::dto::ListOf;
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A page of print templates (menu system.printDev): keyword over name and code, category by its printDev dictionary enCode",
    params(PageQuery, TemplateQuery),
    responses((status = 200, body = Envelope<PageOf<TemplateListRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewTemplate>, Query(page): Query<PageQuery>, Query(q): Query<TemplateQuery>) -> ApiResult<PageOf<TemplateListRow>> {
    ok(service::list(&state, &permit, &q, page.page()?).await?)
}

crate::crud::handlers! { "system", service, TemplateForm => TemplateInfo, [ViewTemplate, AddTemplate, EditTemplate, RemoveTemplate] {
    create "Create a print template (button btn_add): SQL statements checked by the data-interface guard, or a released model (modelId)",
    info "A print template for its designer (sqlTemplate and pageParam as JSON text)",
    update "Change a print template (button btn_edit); only what is sent changes",
    delete "Delete a print template and its print log (button btn_remove)",
    state "Enable or disable a print template (button btn_edit)",
    copy "Copy a print template (button btn_add): <name>.副本<n>, <code><n>, disabled",
    export ExportTemplate "Export a print template as a .bp file (button btn_download)",
    import ImportTemplate "Import a .bp file (button btn_upload): checked like the form; a bad file changes nothing and the message says why",
}}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The enabled print templates a designer may pick (type 1 flow, 2 form), as category groups with the templates as children; empty groups left out",
    params(SelectorQuery),
    responses((status = 200, body = Envelope<ListOf<TemplateGroup>>)))]
pub async fn selector(State(state): State<AppState>, caller: Member, Query(q): Query<SelectorQuery>) -> ApiResult<ListOf<TemplateGroup>> {
    ok(ListOf { list: service::selector(&state, &caller, &q).await? })
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "The enabled templates among the ids, {id, fullName}, for the template choice dialog (PRINT-008)",
    request_body = OptionsForm,
    responses((status = 200, body = Envelope<Vec<TemplateOption>>)))]
pub async fn options(State(state): State<AppState>, caller: Member, Json(form): Json<OptionsForm>) -> ApiResult<Vec<TemplateOption>> {
    ok(service::options(&state, &caller, &form.ids).await?)
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "The designer's form-field tree: headTable with the main record's fields, then each detail set",
    request_body = FieldsForm,
    responses((status = 200, body = Envelope<Vec<FieldNode>>)))]
pub async fn fields(State(state): State<AppState>, permit: Permit<ViewTemplate>, Json(form): Json<FieldsForm>) -> ApiResult<Vec<FieldNode>> {
    ok(service::fields(&state, &permit.member(), &form).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A template filled for one record: {printTemplate, printData, operatorRecordList} (PRINT-006); the record within the caller's reach",
    params(DataQuery),
    responses((status = 200, body = Envelope<PrintData>)))]
pub async fn data(State(state): State<AppState>, caller: Member, Query(q): Query<DataQuery>) -> ApiResult<PrintData> {
    let ids = service::form_ids(&q.form_id);
    let one = ids.into_iter().next().into_iter().collect::<Vec<_>>();
    let mut filled = service::data(&state, &caller, &q.id, &one).await?;
    ok(filled.remove(0))
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A template filled for each record of formId (comma-separated), in that order",
    params(DataQuery),
    responses((status = 200, body = Envelope<Vec<PrintData>>)))]
pub async fn batch_data(State(state): State<AppState>, caller: Member, Query(q): Query<DataQuery>) -> ApiResult<Vec<PrintData>> {
    ok(service::data(&state, &caller, &q.id, &service::form_ids(&q.form_id)).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The Word download (下载) of a print: the template filled for each record of formId (comma-separated, a page break between records) as a .docx, answered as a download url like the exports",
    params(("id" = String, Path), WordQuery),
    responses((status = 200, body = Envelope<ExportUrl>)))]
pub async fn docx(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Query(q): Query<WordQuery>) -> ApiResult<ExportUrl> {
    ok(ExportUrl { url: service::word(&state, &caller, &id, &service::form_ids(&q.form_id)).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A page of a print template's log (名称, 打印人, 打印时间, 打印条数), newest first",
    params(("templateId" = String, Path), LogQuery),
    responses((status = 200, body = Envelope<PageOf<PrintLogRow>>)))]
pub async fn log(State(state): State<AppState>, permit: Permit<ViewTemplate>, Path(id): Path<String>, Query(q): Query<LogQuery>) -> ApiResult<PageOf<PrintLogRow>> {
    ok(service::log(&state, &permit, &id, &q).await?)
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Record a print after the browser's print dialog closed (PRINT-007)",
    request_body = PrintLogForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn save_log(State(state): State<AppState>, caller: Member, Json(form): Json<PrintLogForm>) -> ApiResult<NoData> {
    service::save_log(&state, &caller, &form).await?;
    done("保存成功")
}
