//! HTTP handlers of the auth area: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{AccountConfig, LockRequest, LoggedIn, LoginConfig, LoginForm, PasswordChange};
use super::service::{self, LockOutcome};
use crate::state::AppState;
use crate::access::{Signed, Unlocked, session::authorization};
use crate::error::AppError;
use crate::request::Client;
use crate::wire::{ApiResult, Envelope, Form, Json, NoData, Path, done, ok};
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};

#[utoipa::path(post, path = TABLE, tag = "oauth",
    summary = "Sign in (AUTH-002, AUTH-003)",
    description = "Unknown account and wrong password get the same msg (账户或密码错误，请重新输入). \
        passwordErrorsNumber failures lock the account for lockTime minutes (账号已锁定，请10分钟后再试); \
        too many failures from one address are refused too. With enableVerificationCode 1, code and \
        timestamp must answer a captcha from ImageCode. A disabled user: 账号已被禁用，请联系管理员.",
    request_body(content = LoginForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<LoggedIn>)))]
pub async fn sign_in(State(state): State<AppState>, client: Client, Form(form): Form<LoginForm>) -> ApiResult<LoggedIn> {
    ok(service::login(&state, form, &client).await?)
}

fn png(bytes: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, "image/png"), (header::CACHE_CONTROL, "no-store")], bytes).into_response()
}

#[utoipa::path(get, path = TABLE, tag = "oauth",
    summary = "The login page's captcha image (verificationCodeNumber characters); its answer is kept 5 minutes and good for one check",
    params(("codeLength" = String, Path, description = "the length the client asks for: ignored, the configuration decides"), ("key" = String, Path, description = "the captcha key (at most 64 characters)")),
    responses((status = 200, description = "PNG", content_type = "image/png")))]
pub async fn login_captcha(State(state): State<AppState>, Path((_length, key)): Path<(String, String)>) -> Result<Response, AppError> {
    Ok(png(service::captcha_image(&state, &key).await?))
}

#[utoipa::path(get, path = TABLE, tag = "oauth",
    summary = "The change-password dialog's captcha image (length from verificationCodeNumber)",
    params(("key" = String, Path, description = "the captcha key")),
    responses((status = 200, description = "PNG", content_type = "image/png")))]
pub async fn dialog_captcha(State(state): State<AppState>, Path(key): Path<String>) -> Result<Response, AppError> {
    Ok(png(service::captcha_image(&state, &key).await?))
}

#[utoipa::path(get, path = TABLE, tag = "oauth",
    summary = "Single sign-on settings of the login page (none)",
    responses((status = 200, body = Envelope<LoginConfig>)))]
pub async fn login_config() -> ApiResult<LoginConfig> {
    ok(LoginConfig { redirect: false, url: String::new(), ticket_params: String::new(), socials_list: Vec::new() })
}

#[utoipa::path(get, path = TABLE, tag = "oauth",
    summary = "Does the login form need a captcha (AUTH-012)",
    params(("account" = String, Path, description = "the account being typed (not used)")),
    responses((status = 200, body = Envelope<AccountConfig>)))]
pub async fn account_config(State(state): State<AppState>, Path(_account): Path<String>) -> ApiResult<AccountConfig> {
    ok(service::account_config(&state).await?)
}

#[utoipa::path(get, path = TABLE, tag = "oauth",
    summary = "Sign out (AUTH-015): ends the session if there is one; always 200",
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<NoData> {
    service::logout(&state, authorization(&headers)).await?;
    done("退出成功")
}

#[utoipa::path(post, path = TABLE, tag = "oauth",
    summary = "Lock (`{}`) or unlock (`{account, password}`) the screen (AUTH-018..020)",
    description = "A wrong password answers 400 密码错误，请重新输入; the fifth ends the session (601).",
    request_body = LockRequest,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn lock_screen(State(state): State<AppState>, caller: Signed, Json(req): Json<LockRequest>) -> ApiResult<NoData> {
    match service::lock_screen(&state, &caller, req).await? {
        LockOutcome::Locked => done("锁屏成功"),
        LockOutcome::Unlocked => done("解锁成功"),
    }
}

#[utoipa::path(post, path = TABLE, tag = "oauth",
    summary = "The client's password reminder check (AUTH-013): nothing to remind yet",
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn password_message(_caller: Unlocked) -> ApiResult<NoData> {
    done("Success")
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Change the caller's password (AUTH-025..037, PROF-004); every session of the user ends",
    request_body = PasswordChange,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn modify_password(State(state): State<AppState>, caller: Unlocked, Json(req): Json<PasswordChange>) -> ApiResult<NoData> {
    service::change_password(&state, &caller, req).await?;
    done("修改成功，请重新登录")
}
