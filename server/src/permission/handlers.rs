//! HTTP handlers of the permission area: extract, call the service, shape the answer.

use super::dto::{BaseInfo, BaseInfoChange, CurrentUser, LanguageChange, MajorChange, ThemeChange};
use super::service;
use crate::AppState;
use crate::access::{Member, Unlocked};
use crate::system::dto::{LogQuery, LoginLogEntry};
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, done, ok};
use crate::error::AppError;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// GET /api/oauth/CurrentUser.
#[utoipa::path(get, path = "/api/oauth/CurrentUser", tag = "oauth",
    summary = "The signed-in user, their menu and permissions, the public settings (AUTH-008, AUTH-009)",
    responses((status = 200, body = Envelope<CurrentUser>)))]
pub async fn current_user(State(state): State<AppState>, caller: Unlocked) -> Result<Response, AppError> {
    let answer = service::current_user_answer(&state, &caller).await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], answer).into_response())
}

#[utoipa::path(get, path = "/api/permission/Users/Current/BaseInfo", tag = "permission",
    summary = "The caller's profile (PROF-003)",
    responses((status = 200, body = Envelope<BaseInfo>)))]
pub async fn base_info(State(state): State<AppState>, caller: Member) -> ApiResult<BaseInfo> {
    ok(service::base_info(&state, &caller).await?)
}

#[utoipa::path(put, path = "/api/permission/Users/Current/BaseInfo", tag = "permission",
    summary = "Change the caller's profile: only the fields sent (PROF-003)",
    request_body = BaseInfoChange,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_base_info(State(state): State<AppState>, caller: Member, Json(change): Json<BaseInfoChange>) -> ApiResult<NoData> {
    service::update_base_info(&state, &caller, change).await?;
    done("保存成功")
}

#[utoipa::path(put, path = "/api/permission/Users/Current/Avatar/{name}", tag = "permission",
    summary = "Choose the avatar (PROF-002): the data.name of one's own upload to /api/file/Uploader/userAvatar",
    params(("name" = String, Path, description = "the upload's data.name")),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_avatar(State(state): State<AppState>, caller: Member, Path(name): Path<String>) -> ApiResult<NoData> {
    service::set_avatar(&state, &caller, &name).await?;
    done("设置成功")
}

#[utoipa::path(put, path = "/api/permission/Users/Current/SystemTheme", tag = "permission",
    summary = "Save the layout (PROF-005); the next sign-in returns it",
    request_body = ThemeChange,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_theme(State(state): State<AppState>, caller: Member, Json(req): Json<ThemeChange>) -> ApiResult<NoData> {
    service::set_theme(&state, &caller, &req.theme).await?;
    done("设置成功")
}

#[utoipa::path(put, path = "/api/permission/Users/Current/SystemLanguage", tag = "permission",
    summary = "Save the interface language (PROF-005)",
    request_body = LanguageChange,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_language(State(state): State<AppState>, caller: Member, Json(req): Json<LanguageChange>) -> ApiResult<NoData> {
    service::set_language(&state, &caller, &req.language).await?;
    done("设置成功")
}

#[utoipa::path(get, path = "/api/permission/Users/Current/SystemLog", tag = "permission",
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

#[utoipa::path(put, path = "/api/permission/Users/Current/major", tag = "permission",
    summary = "Switch the current system (PROF-008)",
    request_body = MajorChange,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_major(State(state): State<AppState>, caller: Member, Json(req): Json<MajorChange>) -> ApiResult<NoData> {
    service::set_major(&state, &caller, &req.major_id, &req.major_type).await?;
    done("切换成功")
}
