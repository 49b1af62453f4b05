//! HTTP handlers of dictionaries: extract, call the service, shape the answer. Paths are the
//! JNPF client's (jnpf-wire-areas.md §2.1); the catalogue's plural `Actions/Export` and
//! `Actions/Import` are served too.

use crate::api::TABLE;
use super::dto::{Dictionary, ItemForm, ItemInfo, ItemNode, ItemQuery, OptionNode, PickerNode, TypeForm, TypeInfo, TypeNode};
use super::service;
use super::{AddDictionary, EditDictionary, ExportDictionary, ImportDictionary, RemoveDictionary, ViewDictionary};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::error::AppError;
use crate::system::download::dto::ExportUrl;
use crate::system::dto::ListOf;
use crate::wire::{ApiResult, Envelope, NoData, Path, Query, Upload, UploadForm, done, ok};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Every dictionary category as a tree (DICT-043), for any member",
    responses((status = 200, body = Envelope<ListOf<TypeNode>>)))]
pub async fn type_tree(State(state): State<AppState>, caller: Member) -> ApiResult<ListOf<TypeNode>> {
    ok(ListOf { list: service::type_tree(&state, &caller).await? })
}

pub mod category {
    use super::*;
    crate::crud::handlers! { "system", service::categories, TypeForm => TypeInfo, [ViewDictionary, AddDictionary, EditDictionary, RemoveDictionary] {
        create "Create a dictionary category (button btn_add; DICT-022..029)",
        info "A dictionary category, for its form",
        update "Change a dictionary category (button btn_edit); only what is sent changes; categories 0 and 1 never change",
        delete "Delete a dictionary category (button btn_remove); refused for 0 and 1 and while it holds categories or items",
    }}
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The parents a category may take: every category but {id} and those below it ('0' when adding)",
    params(("id" = String, Path, description = "the category being edited, or 0")),
    responses((status = 200, body = Envelope<ListOf<PickerNode>>)))]
pub async fn type_selector(State(state): State<AppState>, permit: Permit<ViewDictionary>, Path(id): Path<String>) -> ApiResult<ListOf<PickerNode>> {
    ok(ListOf { list: service::type_selector(&state, &permit, &id).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Every category with its enabled items (DICT-044), for any member; looked up by the category's id or enCode",
    responses((status = 200, body = Envelope<ListOf<Dictionary>>)))]
pub async fn all(State(state): State<AppState>, caller: Member) -> Result<Response, AppError> {
    let answer = service::all_answer(&state, &caller).await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], answer).into_response())
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The items of category {id} (DICT-044): a tree when the category is one and isTree is not 0; keyword on name and code",
    params(("id" = String, Path, description = "the category"), ItemQuery),
    responses((status = 200, body = Envelope<ListOf<ItemNode>>)))]
pub async fn items(State(state): State<AppState>, permit: Permit<ViewDictionary>, Path(id): Path<String>, Query(q): Query<ItemQuery>) -> ApiResult<ListOf<ItemNode>> {
    ok(ListOf { list: service::items(&state, &permit, &id, &q).await? })
}

pub mod item {
    use super::*;
    crate::crud::handlers! { "system", service::dictionary_items, ItemForm => ItemInfo, [ViewDictionary, AddDictionary, EditDictionary, RemoveDictionary] {
        id "the item",
        create "Create a dictionary item (button btn_add; DICT-030..037); not in categories 0 and 1",
        info "A dictionary item, for its form",
        update "Change a dictionary item (button btn_edit); only what is sent changes",
        delete "Delete a dictionary item (button btn_remove); refused while items hang below it",
        state "Enable or disable a dictionary item (button btn_edit; DICT-040)",
    }}
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The parents an item of category {id} may take: the category itself first, then its items but {itemId} and below",
    params(("id" = String, Path, description = "the category"), ("itemId" = String, Path, description = "the item being edited, or 0")),
    responses((status = 200, body = Envelope<ListOf<PickerNode>>)))]
pub async fn item_selector(State(state): State<AppState>, permit: Permit<ViewDictionary>, Path((id, item_id)): Path<(String, String)>) -> ApiResult<ListOf<PickerNode>> {
    ok(ListOf { list: service::item_selector(&state, &permit, &id, &item_id).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The options of category {id}: its enabled items (a tree when it is one), for any member",
    params(("id" = String, Path, description = "the category")),
    responses((status = 200, body = Envelope<ListOf<OptionNode>>)))]
pub async fn options(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<ListOf<OptionNode>> {
    ok(ListOf { list: service::options(&state, &caller, &id).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Export category {id}, the categories below it and their items as a .bdd file (button btn_download; DICT-017)",
    params(("id" = String, Path, description = "the category")),
    responses((status = 200, body = Envelope<ExportUrl>)))]
pub async fn export(State(state): State<AppState>, permit: Permit<ExportDictionary>, Path(id): Path<String>) -> ApiResult<ExportUrl> {
    ok(ExportUrl { url: service::export(&state, &permit, &id).await? })
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Import a .bdd file (button btn_upload; DICT-018): checked whole; a bad file changes nothing and the message says why",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn import(State(state): State<AppState>, permit: Permit<ImportDictionary>, upload: Upload) -> ApiResult<NoData> {
    service::import(&state, &permit, &upload.file_name, &upload.bytes).await?;
    done("导入成功")
}
