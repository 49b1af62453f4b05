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
use crate::wire::{ApiResult, Envelope, Path, Query, ok};
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

crate::crud::handlers! { "system", service, VariateForm => VariateRow, [ViewDataInterface, AddDataInterface, EditDataInterface, RemoveDataInterface] {
    create "Create a variable of an interface (button btn_add): core's form, a name not used yet",
    info "A variable, for its form",
    update "Change a variable (button btn_edit); only what is sent changes",
    delete "Delete a variable (button btn_remove)",
    state "Enable or disable a variable (button btn_edit; DI-002)",
    copy "Copy a variable (button btn_add) under the name 名称_copy",
    export ExportDataInterface "Export a variable as a .bdv file (button btn_download)",
    import ImportDataInterface "Import a .bdv file (button btn_upload): checked like the form; a bad file changes nothing and says why",
}}

