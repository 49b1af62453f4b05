//! HTTP handlers of model definitions: extract, call the service, shape the answer. Paths
//! are the JNPF client's (jnpf-wire-engine.md §6, spec 02 §7.10).

use crate::api::TABLE;
use super::dto::{FieldDataQuery, RecordRow, FieldsQuery, FormField, ModelForm, ModelInfo, ModelListRow, ModelQuery, ReleaseForm, ModelNode, SelectorQuery};
use super::service;
use super::{AddModel, EditModel, ReleaseModel, RemoveModel, ViewModel};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::system::dto::ListOf;
use crate::wire::{ApiResult, Envelope, Json, PageOf, PageQuery, Path, Query, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "visualdev",
    summary = "A page of model definitions (menu system.visualDev): keyword over name and code, type and category filters",
    params(PageQuery, ModelQuery),
    responses((status = 200, body = Envelope<PageOf<ModelListRow>>)))]
pub async fn page(State(state): State<AppState>, permit: Permit<ViewModel>, Query(page): Query<PageQuery>, Query(q): Query<ModelQuery>) -> ApiResult<PageOf<ModelListRow>> {
    ok(service::page(&state, &permit, &q, page.page()?).await?)
}

#[utoipa::path(post, path = TABLE, tag = "visualdev",
    summary = "Create a model definition (button btn_add); answers its id",
    request_body = ModelForm,
    responses((status = 200, body = Envelope<String>)))]
pub async fn create(State(state): State<AppState>, permit: Permit<AddModel>, Json(form): Json<ModelForm>) -> ApiResult<String> {
    let id = service::create(&state, &permit, form).await?;
    Ok(Envelope { code: 200, msg: "新建成功", data: id })
}

#[utoipa::path(get, path = TABLE, tag = "visualdev",
    summary = "Every model definition the caller reaches, without paging",
    params(ModelQuery),
    responses((status = 200, body = Envelope<ListOf<ModelListRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewModel>, Query(q): Query<ModelQuery>) -> ApiResult<ListOf<ModelListRow>> {
    ok(ListOf { list: service::list(&state, &permit, &q).await? })
}

#[utoipa::path(get, path = TABLE, tag = "visualdev",
    summary = "The model picker, for any member: released models under their categories",
    params(SelectorQuery),
    responses((status = 200, body = Envelope<ListOf<ModelNode>>)))]
pub async fn selector(State(state): State<AppState>, caller: Member, Query(q): Query<SelectorQuery>) -> ApiResult<ListOf<ModelNode>> {
    ok(ListOf { list: service::selector(&state, &caller, &q).await? })
}

crate::crud::handlers! { "visualdev", service, ModelForm => ModelInfo, [ViewModel, AddModel, EditModel, RemoveModel] {
    info "A model definition's draft, parts as JSON text",
    update "Change a model definition's draft (button btn_edit); only what is sent changes, released versions stay",
    delete "Delete a model definition and its released versions (button btn_remove)",
    copy "Copy a model definition as a new unreleased draft (button btn_add)",
}}

#[utoipa::path(post, path = TABLE, tag = "visualdev",
    summary = "Release a model definition (button btn_release): every problem at once (code 400, data the list of {path, field, key, params, text}), else a new immutable version; answers the version number",
    params(("id" = String, Path)),
    request_body = ReleaseForm,
    responses((status = 200, body = Envelope<i64>)))]
pub async fn release(State(state): State<AppState>, permit: Permit<ReleaseModel>, Path(id): Path<String>, Json(form): Json<ReleaseForm>) -> ApiResult<i64> {
    let version = service::release(&state, &permit, &id, form).await?;
    Ok(Envelope { code: 200, msg: "发布成功", data: version })
}

#[utoipa::path(get, path = TABLE, tag = "visualdev",
    summary = "A model's fields offered to related forms and custom buttons, for any member (filterType 1: no sub-table columns)",
    params(("id" = String, Path), FieldsQuery),
    responses((status = 200, body = Envelope<ListOf<FormField>>)))]
pub async fn form_data_fields(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Query(q): Query<FieldsQuery>) -> ApiResult<ListOf<FormField>> {
    ok(ListOf { list: service::form_data_fields(&state, &caller, &id, q.filter_type).await? })
}

#[utoipa::path(get, path = TABLE, tag = "visualdev",
    summary = "The related-form picker's page of a released model's records, in the caller's reach of that model (a granted form menu opening it; its data scope)",
    params(("id" = String, Path), PageQuery, FieldDataQuery),
    responses((status = 200, body = Envelope<PageOf<RecordRow>>)))]
pub async fn field_data_select(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Query(page): Query<PageQuery>, Query(q): Query<FieldDataQuery>) -> ApiResult<PageOf<RecordRow>> {
    ok(service::field_data_select(&state, &caller, &id, &q, page.page()?).await?)
}
