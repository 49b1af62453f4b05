//! HTTP handlers of areas: extract, call the service, shape the answer. Paths are the JNPF
//! client's (jnpf-wire-areas.md §2.3, spec 02 §7.8).

use crate::api::TABLE;
use super::dto::{AreaForm, AreaIdsForm, AreaInfo, AreaListRow, AreaOption, AreaQuery, ListOf};
use super::service;
use super::{AddArea, EditArea, RemoveArea, ViewArea};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::wire::{ApiResult, Envelope, Json, Path, Query, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The areas right below {id} ('-1': the provinces), each with hasChildren; keyword filters them by name or code (menu systemData.area; AREA-004)",
    params(("id" = String, Path, description = "the parent; '-1' for the provinces"), AreaQuery),
    responses((status = 200, body = Envelope<ListOf<AreaListRow>>)))]
pub async fn children(State(state): State<AppState>, permit: Permit<ViewArea>, Path(parent_id): Path<String>, Query(q): Query<AreaQuery>) -> ApiResult<ListOf<AreaListRow>> {
    ok(ListOf { list: service::children(&state, &permit, &parent_id, &q).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The area picker, for any member: the enabled areas below {id} ('-1': the provinces) but {currId} (the area being edited; 0 when none), each with isLeaf",
    params(("id" = String, Path), ("currId" = String, Path)),
    responses((status = 200, body = Envelope<ListOf<AreaOption>>)))]
pub async fn selector(State(state): State<AppState>, caller: Member, Path((id, curr_id)): Path<(String, String)>) -> ApiResult<ListOf<AreaOption>> {
    ok(ListOf { list: service::selector(&state, &caller, &id, &curr_id).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The same picker without an area being edited",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ListOf<AreaOption>>)))]
pub async fn selector_plain(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<ListOf<AreaOption>> {
    ok(ListOf { list: service::selector(&state, &caller, &id, "0").await? })
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "The names of stored area values, for any member: for each id path the names in its order (AREA-005)",
    request_body = AreaIdsForm,
    responses((status = 200, body = Envelope<Vec<Vec<String>>>)))]
pub async fn by_ids(State(state): State<AppState>, caller: Member, Json(form): Json<AreaIdsForm>) -> ApiResult<Vec<Vec<String>>> {
    ok(service::names_of(&state, &caller, &form).await?)
}

crate::crud::handlers! { "system", service, AreaForm => AreaInfo, [ViewArea, AddArea, EditArea, RemoveArea] {
    create "Create an area (button btn_add): core's area form, a code not used elsewhere",
    info "An area, for its form; parentName is empty at the top",
    update "Change an area (button btn_edit); only what is sent changes; never below itself",
    delete "Delete an area (button btn_remove); refused while areas are below it",
    state "Enable or disable an area (button btn_edit; AREA-003)",
}}
