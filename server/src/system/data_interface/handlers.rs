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
use crate::wire::{ApiResult, Envelope, Json, PageOf, PageQuery, Path, Query, ok};
use axum::extract::State;
use serde_json::Value;

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A page of data interfaces (menu systemData.dataInterface; DI-005)",
    params(PageQuery, InterfaceQuery),
    responses((status = 200, body = Envelope<PageOf<InterfaceListRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewDataInterface>, Query(page): Query<PageQuery>, Query(q): Query<InterfaceQuery>) -> ApiResult<PageOf<InterfaceListRow>> {
    ok(service::list(&state, &permit, &q, page.page()?).await?)
}

crate::crud::handlers! { "system", service, InterfaceForm => InterfaceRow, [ViewDataInterface, AddDataInterface, EditDataInterface, RemoveDataInterface] {
    create "Create a data interface (button btn_add): core's form, JSON texts, and an SQL text the guard accepts",
    info "A data interface, for its form",
    update "Change a data interface (button btn_edit); only what is sent changes",
    delete "Delete a data interface and its log (button btn_remove)",
    state "Enable or disable a data interface (button btn_edit; DI-001)",
    copy "Copy a data interface (button btn_add)",
    export ExportDataInterface "Export a data interface as a .bd file (button btn_download)",
    import ImportDataInterface "Import a .bd file (button btn_upload): checked like the form; a bad file changes nothing and says why",
}}

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
    summary = "The calls of a data interface, newest first: who, when, from where, how long, how it ended (DI-007)",
    params(("id" = String, Path), PageQuery, LogQuery),
    responses((status = 200, body = Envelope<PageOf<LogRow>>)))]
pub async fn log(State(state): State<AppState>, permit: Permit<ViewDataInterface>, Path(id): Path<String>, Query(page): Query<PageQuery>, Query(q): Query<LogQuery>) -> ApiResult<PageOf<LogRow>> {
    ok(service::log(&state, &permit, &id, &q, page.page()?).await?)
}
