//! HTTP handlers of portals: extract, call the service, shape the answer. Paths and shapes
//! are the JNPF client's (jnpf-wire-engine2.md §2.1, §2.5).

use crate::api::TABLE;
use super::dto::{AuthQuery, CustomLayoutForm, PortalAuth, PortalForm, PortalGroup, PortalInfo, PortalListRow, PortalQuery, PortalReleaseForm, SelectorQuery};
use super::service;
use super::{AddPortal, EditPortal, ExportPortal, ImportPortal, ReleasePortal, RemovePortal, ViewPortal};
use crate::access::{Member, Permit};
use crate::state::AppState;
use crate::system::download::dto::ExportUrl;
use crate::system::dto::ListOf;
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, Upload, UploadForm, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "visualdev",
    summary = "A page of portals (menu onlineDev.visualPortal): keyword over name and code, type (0 门户设计, 1 配置路径), category (portalDesigner item id), enabledLock",
    params(PageQuery, PortalQuery),
    responses((status = 200, body = Envelope<PageOf<PortalListRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewPortal>, Query(page): Query<PageQuery>, Query(q): Query<PortalQuery>) -> ApiResult<PageOf<PortalListRow>> {
    ok(service::list(&state, &permit, &q, page.page()?).await?)
}

#[utoipa::path(post, path = TABLE, tag = "visualdev",
    summary = "Create a portal (button btn_add); data is the new portal's id",
    request_body = PortalForm,
    responses((status = 200, body = Envelope<String>)))]
pub async fn create(State(state): State<AppState>, permit: Permit<AddPortal>, Json(form): Json<PortalForm>) -> ApiResult<String> {
    let id = service::create(&state, &permit, form).await?;
    Ok(Envelope { code: 200, msg: "新建成功", data: id })
}

#[utoipa::path(get, path = TABLE, tag = "visualdev",
    summary = "A portal for its record dialog, designer and preview (formData as JSON text)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<PortalInfo>)))]
pub async fn info(State(state): State<AppState>, permit: Permit<ViewPortal>, Path(id): Path<String>) -> ApiResult<PortalInfo> {
    ok(service::info(&state, &permit, &id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "visualdev",
    summary = "Change a portal (button btn_edit); only what is sent changes (the designer sends {id, type, formData})",
    params(("id" = String, Path)),
    request_body = PortalForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update(State(state): State<AppState>, permit: Permit<EditPortal>, Path(id): Path<String>, Json(form): Json<PortalForm>) -> ApiResult<NoData> {
    service::update(&state, &permit, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "visualdev",
    summary = "Delete a portal (button btn_remove); refused while a menu opens it",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete(State(state): State<AppState>, permit: Permit<RemovePortal>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete(&state, &permit, &id).await?;
    done("删除成功")
}

#[utoipa::path(post, path = TABLE, tag = "visualdev",
    summary = "Copy a portal (button btn_add): <name>.副本<n>, <code><n>, not released",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn copy(State(state): State<AppState>, permit: Permit<AddPortal>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::copy(&state, &permit, &id).await?;
    done("复制成功")
}

#[utoipa::path(post, path = TABLE, tag = "visualdev",
    summary = "Export a portal as a .vp file (button btn_download)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ExportUrl>)))]
pub async fn export(State(state): State<AppState>, permit: Permit<ExportPortal>, Path(id): Path<String>) -> ApiResult<ExportUrl> {
    ok(ExportUrl { url: service::export(&state, &permit, &id).await? })
}

#[utoipa::path(post, path = TABLE, tag = "visualdev",
    summary = "Import a .vp file (button btn_upload): checked like the form; a bad file changes nothing and the message says why",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn import(State(state): State<AppState>, permit: Permit<ImportPortal>, upload: Upload) -> ApiResult<NoData> {
    service::import(&state, &permit, &upload.file_name, &upload.bytes).await?;
    done("导入成功")
}

#[utoipa::path(put, path = TABLE, tag = "visualdev",
    summary = "Release a portal (button btn_release, 同步门户): a type-8 menu per chosen application, Web and/or App",
    params(("id" = String, Path)),
    request_body = PortalReleaseForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn release(State(state): State<AppState>, permit: Permit<ReleasePortal>, Path(id): Path<String>, Json(form): Json<PortalReleaseForm>) -> ApiResult<NoData> {
    service::release(&state, &permit, &id, &form).await?;
    done("同步成功")
}

#[utoipa::path(get, path = TABLE, tag = "visualdev",
    summary = "The enabled portals as category groups with the portals as children; type 1 (切换门户): only those the caller may open",
    params(SelectorQuery),
    responses((status = 200, body = Envelope<ListOf<PortalGroup>>)))]
pub async fn selector(State(state): State<AppState>, caller: Member, Query(q): Query<SelectorQuery>) -> ApiResult<ListOf<PortalGroup>> {
    ok(ListOf { list: service::selector(&state, &caller, &q).await? })
}

#[utoipa::path(put, path = TABLE, tag = "visualdev",
    summary = "Make a portal the caller's home page (CurrentUser answers it as userInfo.portalId)",
    params(("id" = String, Path), AuthQuery),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_default(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Query(_q): Query<AuthQuery>) -> ApiResult<NoData> {
    service::set_default(&state, &caller, &id).await?;
    done("设置成功")
}

#[utoipa::path(get, path = TABLE, tag = "visualdev",
    summary = "What the home page and a portal menu render: {type, linkType, customUrl, enabledLock, formData} (the caller's own layout of an unlocked portal)",
    params(("id" = String, Path), AuthQuery),
    responses((status = 200, body = Envelope<PortalAuth>)))]
pub async fn auth(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Query(q): Query<AuthQuery>) -> ApiResult<PortalAuth> {
    ok(service::auth(&state, &caller, &id, q.system_id.as_deref()).await?)
}

#[utoipa::path(put, path = TABLE, tag = "visualdev",
    summary = "Keep the caller's own layout of an unlocked portal (after a drag or a resize), per application",
    params(("id" = String, Path)),
    request_body = CustomLayoutForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn save_custom(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Json(form): Json<CustomLayoutForm>) -> ApiResult<NoData> {
    service::save_custom(&state, &caller, &id, &form).await?;
    done("保存成功")
}
