//! HTTP handlers of the permission area: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{BaseInfo, BaseInfoChange, CurrentAuthorize, CurrentUser, SubordinateNode, LanguageChange, MajorChange, Membership, SignImg, SignImgNew, ThemeChange};
use super::service;
use crate::state::AppState;
use crate::access::{Member, Unlocked};
use crate::system::dto::{LogQuery, LoginLogEntry};
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, done, ok};
use crate::error::AppError;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// GET /api/oauth/CurrentUser.
#[utoipa::path(get, path = TABLE, tag = "oauth",
    summary = "The signed-in user, their menu and permissions, the public settings (AUTH-008, AUTH-009)",
    responses((status = 200, body = Envelope<CurrentUser>)))]
pub async fn current_user(State(state): State<AppState>, caller: Unlocked) -> Result<Response, AppError> {
    let answer = service::current_user_answer(&state, &caller).await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], answer).into_response())
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The caller's profile (PROF-003)",
    responses((status = 200, body = Envelope<BaseInfo>)))]
pub async fn base_info(State(state): State<AppState>, caller: Member) -> ApiResult<BaseInfo> {
    ok(service::base_info(&state, &caller).await?)
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Change the caller's profile: only the fields sent (PROF-003)",
    request_body = BaseInfoChange,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_base_info(State(state): State<AppState>, caller: Member, Json(change): Json<BaseInfoChange>) -> ApiResult<NoData> {
    service::update_base_info(&state, &caller, change).await?;
    done("保存成功")
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Choose the avatar (PROF-002): the data.name of one's own upload to /api/file/Uploader/userAvatar",
    params(("name" = String, Path, description = "the upload's data.name")),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_avatar(State(state): State<AppState>, caller: Member, Path(name): Path<String>) -> ApiResult<NoData> {
    service::set_avatar(&state, &caller, &name).await?;
    done("设置成功")
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Save the layout (PROF-005); the next sign-in returns it",
    request_body = ThemeChange,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_theme(State(state): State<AppState>, caller: Member, Json(req): Json<ThemeChange>) -> ApiResult<NoData> {
    service::set_theme(&state, &caller, &req.theme).await?;
    done("设置成功")
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Save the interface language (PROF-005)",
    request_body = LanguageChange,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_language(State(state): State<AppState>, caller: Member, Json(req): Json<LanguageChange>) -> ApiResult<NoData> {
    service::set_language(&state, &caller, &req.language).await?;
    done("设置成功")
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The caller's login log, newest first (PROF-006)",
    params(PageQuery, LogQuery),
    responses((status = 200, body = Envelope<PageOf<LoginLogEntry>>)))]
pub async fn system_log(
    State(state): State<AppState>,
    caller: Member,
    Query(page): Query<PageQuery>,
    Query(q): Query<LogQuery>,
) -> ApiResult<PageOf<LoginLogEntry>> {
    ok(service::own_log(&state, &caller, page.page()?, q).await?)
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Switch the current system (PROF-008)",
    request_body = MajorChange,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_major(State(state): State<AppState>, caller: Member, Json(req): Json<MajorChange>) -> ApiResult<NoData> {
    service::set_major(&state, &caller, &req.major_id, &req.major_type).await?;
    done("切换成功")
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The caller's signature images, newest first (PROF-009): [{id, signImg (a data-URL), isDefault 0|1}]",
    responses((status = 200, body = Envelope<Vec<SignImg>>)))]
pub async fn signatures(State(state): State<AppState>, caller: Member) -> ApiResult<Vec<SignImg>> {
    ok(service::signatures(&state, &caller).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Add a signature image (PROF-009): a data-URL of a raster image under 500 KB whose content is that image; the first one, or isDefault 1, becomes the only default",
    description = "Refusals: 签名图片应为data:image/…;base64,…格式, 请上传图片, 图片大小超过500KB, 文件内容与扩展名不符，请上传真实的文件, 最多保存20个签名，请先删除不用的签名.",
    request_body = SignImgNew,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn add_signature(State(state): State<AppState>, caller: Member, Json(new): Json<SignImgNew>) -> ApiResult<NoData> {
    service::add_signature(&state, &caller, new).await?;
    done("保存成功")
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Make one of the caller's signatures the default (PROF-009)",
    params(("id" = String, Path, description = "the signature's id")),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_default_signature(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<NoData> {
    service::set_default_signature(&state, &caller, &id).await?;
    done("设置成功")
}

#[utoipa::path(delete, path = TABLE, tag = "permission",
    summary = "Delete one of the caller's signatures (PROF-009); when it was the default, the newest one left becomes the default",
    params(("id" = String, Path, description = "the signature's id")),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete_signature(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete_signature(&state, &caller, &id).await?;
    done("删除成功")
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The caller's organisations (PROF-007): [{id, fullName (the name path), isDefault (the current one)}]",
    responses((status = 200, body = Envelope<Vec<Membership>>)))]
pub async fn own_organisations(State(state): State<AppState>, caller: Member) -> ApiResult<Vec<Membership>> {
    ok(service::own_organisations(&state, &caller).await?)
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The caller's positions (PROF-007): [{id, fullName, isDefault (the current one)}]",
    responses((status = 200, body = Envelope<Vec<Membership>>)))]
pub async fn own_positions(State(state): State<AppState>, caller: Member) -> ApiResult<Vec<Membership>> {
    ok(service::own_positions(&state, &caller).await?)
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "我的下属: one level of the caller's subordinates tree (0: whom the caller manages; a subordinate's id: whom they manage) as [{id, userName, avatar, department, position, isLeaf}]",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<Vec<SubordinateNode>>)))]
pub async fn subordinates(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<Vec<SubordinateNode>> {
    ok(super::current::subordinates(&state, &caller, &id).await?)
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "系统权限: what the caller may use in the current system, one tree of {id, fullName, icon, children} per kind: module (menus), button, column, form, resource (menus with those items under them)",
    responses((status = 200, body = Envelope<CurrentAuthorize>)))]
pub async fn authorize(State(state): State<AppState>, caller: Member) -> ApiResult<CurrentAuthorize> {
    ok(super::current::authorize(&state, &caller).await?)
}
