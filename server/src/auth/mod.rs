//! Sign-in and session (spec 01 §2.3, §3.2, §4, §5.6, §7; 02 §7.5): login, captcha images,
//! the current user, logout, lock screen and the login-page configuration.

pub mod captcha;
pub mod login;
pub mod password;
pub mod session;
pub mod throttle;

use crate::AppState;
use crate::error::{AppError, SESSION_REVOKED};
use crate::request::Client;
use crate::system::config;
use crate::wire::{ApiResult, Form, Json, Path, done, ok};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use session::{Revoked, Signed, Unlocked};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/oauth/Login", post(sign_in))
        .route("/oauth/ImageCode/{codeLength}/{key}", get(captcha::login_image))
        .route("/file/ImageCode/{key}", get(captcha::dialog_image))
        .route("/oauth/getLoginConfig", get(login_config))
        .route("/oauth/getConfig/{account}", get(account_config))
        .route("/oauth/CurrentUser", get(current_user))
        .route("/oauth/Logout", get(logout))
        .route("/oauth/LockScreen", post(lock_screen))
        .route("/oauth/updatePasswordMessage", post(password_message))
}

/// POST /api/oauth/Login (AUTH-002, AUTH-003).
async fn sign_in(State(state): State<AppState>, client: Client, Form(form): Form<login::LoginForm>) -> ApiResult<login::LoggedIn> {
    ok(login::login(&state, form, &client).await?)
}

/// GET /api/oauth/getLoginConfig: no single sign-on is configured.
async fn login_config() -> ApiResult<Value> {
    ok(json!({"redirect": false, "url": "", "ticketParams": "", "socialsList": []}))
}

/// GET /api/oauth/getConfig/{account} (AUTH-012): does the login form need a captcha?
async fn account_config(State(state): State<AppState>, Path(_account): Path<String>) -> ApiResult<Value> {
    let mut conn = state.db.acquire().await?;
    let c = config::load(&mut conn).await?;
    ok(json!({
        "enableVerificationCode": c.int("enableVerificationCode", 0),
        "verificationCodeNumber": c.int("verificationCodeNumber", 4),
    }))
}

/// GET /api/oauth/CurrentUser (AUTH-008, AUTH-009).
async fn current_user(State(state): State<AppState>, caller: Unlocked) -> ApiResult<Value> {
    ok(crate::permission::current::current_user(&state, &caller).await?)
}

/// GET /api/oauth/Logout (AUTH-015): ends the session if there is one; always 200, or the
/// client would stay signed in.
async fn logout(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<()> {
    if let Ok(session) = session::validate(&state, session::authorization(&headers)).await {
        let mut conn = state.db.acquire().await?;
        session::revoke(&mut conn, &session.token_hash, Revoked::LoggedOut).await?;
    }
    done("退出成功")
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct LockRequest {
    account: Option<String>,
    /// MD5 hex; absent means "lock".
    password: Option<String>,
}

const UNLOCK_ATTEMPTS: i64 = 5;

/// POST /api/oauth/LockScreen (AUTH-018..020): `{}` locks the session; `{account,
/// password}` unlocks it when the password verifies. After five wrong passwords the
/// session is ended (601).
async fn lock_screen(State(state): State<AppState>, caller: Signed, Json(req): Json<LockRequest>) -> ApiResult<()> {
    let mut conn = state.db.acquire().await?;
    let Some(password) = req.password else {
        session::set_locked(&mut conn, &caller.token_hash, true).await?;
        return done("锁屏成功");
    };
    if password.is_empty() {
        return Err(AppError::field("password", "请输入密码"));
    }
    let same_account = req.account.as_deref().is_none_or(|a| a.trim() == caller.account);
    let user = crate::permission::user::by_id(&mut conn, &caller.user_id).await?;
    // No pool connection is held while argon2 runs.
    drop(conn);
    let verified = match user {
        Some(u) if same_account => state.hasher.verify(&password.to_ascii_lowercase(), &u.password_hash).await?,
        _ => false,
    };
    let mut conn = state.db.acquire().await?;
    if verified {
        session::set_locked(&mut conn, &caller.token_hash, false).await?;
        return done("解锁成功");
    }
    if session::unlock_failed(&mut conn, &caller.token_hash).await? >= UNLOCK_ATTEMPTS {
        session::revoke(&mut conn, &caller.token_hash, Revoked::UnlockFailed).await?;
        return Err(AppError::session(SESSION_REVOKED, Revoked::UnlockFailed.msg()));
    }
    Err(AppError::field("password", "密码错误，请重新输入"))
}

/// POST /api/oauth/updatePasswordMessage (AUTH-013): nothing to remind yet.
async fn password_message(_caller: Unlocked) -> ApiResult<()> {
    done("Success")
}
