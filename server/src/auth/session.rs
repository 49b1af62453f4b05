//! Sessions: 256-bit random tokens handed out as `Bearer <base64url>` and stored only as
//! their SHA-256. Kept in the database so several server processes share them; revocable
//! (logout, password change, disabled user, failed unlocks) with idle and absolute expiry.
//!
//! Handlers prove who calls with a capability extracted from the request — [`Signed`],
//! [`Unlocked`], [`Member`] or [`Admin`] — and services that need one take it as an
//! argument, so no code path reaches them without the check.

use crate::AppState;
use crate::db::{Conn, now_ms};
use crate::error::{AppError, SESSION_EXPIRED, SESSION_MISSING, SESSION_REVOKED};
use crate::request::Client;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};
use sqlx::FromRow;

/// Why a session ended; the text is the msg of the 601 the client then receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revoked {
    LoggedOut,
    PasswordChanged,
    UserDisabled,
    UnlockFailed,
}

impl Revoked {
    pub fn msg(self) -> &'static str {
        match self {
            Revoked::LoggedOut => "您已退出登录，请重新登录",
            Revoked::PasswordChanged => "密码已修改，请重新登录",
            Revoked::UserDisabled => "账号已被禁用，请联系管理员",
            Revoked::UnlockFailed => "解锁失败次数过多，请重新登录",
        }
    }
}

pub const MSG_LOCKED: &str = "屏幕已锁定，请先解锁";
pub const MSG_CHANGE_INITIAL_PASSWORD: &str = "请先修改初始密码";
pub const MSG_NOT_ADMIN: &str = "您没有此操作的权限";

/// A new token: what the client gets (`Bearer …`) and what the database keeps (its hash).
pub fn new_token() -> (String, String) {
    let token = URL_SAFE_NO_PAD.encode(crate::random_bytes::<32>());
    let hash = hash_token(&token);
    (format!("Bearer {token}"), hash)
}

/// SHA-256 hex of the token without its `Bearer ` prefix.
pub fn hash_token(token: &str) -> String {
    crate::hex(&Sha256::digest(token.as_bytes()))
}

/// The token in an Authorization value (with or without the `Bearer ` prefix).
fn token_of(header: &str) -> Option<&str> {
    let t = header.trim();
    let t = match t.get(..6) {
        Some(p) if p.eq_ignore_ascii_case("bearer") && t[6..].chars().next().is_none_or(char::is_whitespace) => {
            t[6..].trim()
        }
        _ => t,
    };
    (!t.is_empty()).then_some(t)
}

/// A valid session and its user, as of this request.
#[derive(Debug, Clone, FromRow)]
pub struct Session {
    pub token_hash: String,
    pub user_id: String,
    pub account: String,
    pub real_name: String,
    pub is_administrator: i64,
    /// Null until the user first changes the initial password.
    pub change_password_date: Option<i64>,
    pub locked: i64,
    pub created_at: i64,
    pub ip_address: String,
    pub ip_address_name: String,
    #[sqlx(default)]
    last_seen_at: i64,
    #[sqlx(default)]
    expires_at: i64,
    #[sqlx(default)]
    revoked_reason: Option<String>,
    #[sqlx(default)]
    revoked_at: Option<i64>,
    #[sqlx(default)]
    enabled_mark: i64,
}

impl Session {
    pub fn is_admin(&self) -> bool {
        self.is_administrator == 1
    }
}

/// Creates a session for a user who has just proved who they are; returns the token.
pub async fn create(conn: &mut Conn, user_id: &str, now: i64, lifetime_ms: i64, client: &Client) -> Result<String, AppError> {
    let (token, hash) = new_token();
    sqlx::query(
        "INSERT INTO base_user_session (token_hash, user_id, created_at, last_seen_at, expires_at, \
         ip_address, ip_address_name, user_agent) VALUES ($1, $2, $3, $3, $4, $5, $6, $7)",
    )
    .bind(&hash)
    .bind(user_id)
    .bind(now)
    .bind(now.saturating_add(lifetime_ms))
    .bind(&client.ip)
    .bind(&client.place)
    .bind(&client.user_agent)
    .execute(&mut *conn)
    .await?;
    // Rows past their absolute expiry for a day answer 602 instead of 600 from then on.
    sqlx::query("DELETE FROM base_user_session WHERE expires_at < $1")
        .bind(now - 24 * 3600 * 1000)
        .execute(conn)
        .await?;
    Ok(token)
}

/// Finds the session of an Authorization value and checks it: 602 when missing or unknown,
/// 601 when revoked (or the user was disabled), 600 when idle or past its absolute expiry.
pub async fn validate(state: &AppState, authorization: Option<&str>) -> Result<Session, AppError> {
    let token = authorization
        .and_then(token_of)
        .ok_or_else(|| AppError::session(SESSION_MISSING, "请先登录"))?;
    let hash = hash_token(token);
    let mut conn = state.db.acquire().await?;
    let session: Option<Session> = sqlx::query_as(
        "SELECT s.token_hash, s.user_id, u.account, u.real_name, u.is_administrator, u.change_password_date, \
         s.locked, s.created_at, s.ip_address, s.ip_address_name, s.last_seen_at, s.expires_at, \
         s.revoked_reason, s.revoked_at, u.enabled_mark \
         FROM base_user_session s JOIN base_user u ON u.id = s.user_id WHERE s.token_hash = $1",
    )
    .bind(&hash)
    .fetch_optional(&mut *conn)
    .await?;
    let session = session.ok_or_else(|| AppError::session(SESSION_MISSING, "登录凭证无效，请重新登录"))?;
    if session.revoked_at.is_some() {
        let msg = session.revoked_reason.clone().unwrap_or_else(|| Revoked::LoggedOut.msg().into());
        return Err(AppError::session(SESSION_REVOKED, msg));
    }
    if session.enabled_mark != 1 {
        revoke_user(&mut conn, &session.user_id, Revoked::UserDisabled).await?;
        return Err(AppError::session(SESSION_REVOKED, Revoked::UserDisabled.msg()));
    }
    let now = now_ms();
    if now >= session.expires_at {
        return Err(AppError::session(SESSION_EXPIRED, "登录已过期，请重新登录"));
    }
    let idle = state.config.session_idle.as_millis() as i64;
    if now - session.last_seen_at >= idle {
        return Err(AppError::session(SESSION_EXPIRED, "长时间未操作，登录已过期，请重新登录"));
    }
    // Writing on every request would serialise readers on SQLite; a tenth of the idle time
    // is precise enough for the idle expiry.
    if now - session.last_seen_at >= idle / 10 {
        sqlx::query("UPDATE base_user_session SET last_seen_at = $1 WHERE token_hash = $2")
            .bind(now)
            .bind(&hash)
            .execute(&mut *conn)
            .await?;
    }
    Ok(session)
}

/// Ends one session.
pub async fn revoke(conn: &mut Conn, token_hash: &str, why: Revoked) -> Result<(), AppError> {
    sqlx::query("UPDATE base_user_session SET revoked_at = $1, revoked_reason = $2 WHERE token_hash = $3 AND revoked_at IS NULL")
        .bind(now_ms())
        .bind(why.msg())
        .bind(token_hash)
        .execute(conn)
        .await?;
    Ok(())
}

/// Ends every session of a user.
pub async fn revoke_user(conn: &mut Conn, user_id: &str, why: Revoked) -> Result<(), AppError> {
    sqlx::query("UPDATE base_user_session SET revoked_at = $1, revoked_reason = $2 WHERE user_id = $3 AND revoked_at IS NULL")
        .bind(now_ms())
        .bind(why.msg())
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Locks or unlocks the screen of a session; unlocking also forgets failed attempts.
pub async fn set_locked(conn: &mut Conn, token_hash: &str, locked: bool) -> Result<(), AppError> {
    sqlx::query("UPDATE base_user_session SET locked = $1, unlock_failures = 0 WHERE token_hash = $2")
        .bind(locked as i64)
        .bind(token_hash)
        .execute(conn)
        .await?;
    Ok(())
}

/// Counts a wrong unlock password; returns the number of failures so far.
pub async fn unlock_failed(conn: &mut Conn, token_hash: &str) -> Result<i64, AppError> {
    let (n,): (i64,) = sqlx::query_as(
        "UPDATE base_user_session SET unlock_failures = unlock_failures + 1 WHERE token_hash = $1 RETURNING unlock_failures",
    )
    .bind(token_hash)
    .fetch_one(conn)
    .await?;
    Ok(n)
}

/// The Authorization header's value, if it is readable text.
pub fn authorization(headers: &axum::http::HeaderMap) -> Option<&str> {
    headers.get(axum::http::header::AUTHORIZATION).and_then(|v| v.to_str().ok())
}

/// Any valid session, locked or not (logout, lock and unlock).
pub struct Signed(Session);

/// A valid session whose screen is not locked (the oauth calls, the current user's own
/// settings, reading the system config and the password policy).
pub struct Unlocked(Session);

/// An unlocked session of a user who has changed the initial password when the policy
/// demands it: what every business call requires.
pub struct Member(Session);

/// A [`Member`] who is an administrator.
pub struct Admin(Session);

macro_rules! deref_session {
    ($($t:ty),*) => {$(
        impl std::ops::Deref for $t {
            type Target = Session;
            fn deref(&self) -> &Session { &self.0 }
        }
    )*};
}
deref_session!(Signed, Unlocked, Member, Admin);

impl FromRequestParts<AppState> for Signed {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        validate(state, authorization(&parts.headers)).await.map(Signed)
    }
}

impl FromRequestParts<AppState> for Unlocked {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let Signed(s) = Signed::from_request_parts(parts, state).await?;
        if s.locked == 1 {
            return Err(AppError::forbidden(MSG_LOCKED));
        }
        Ok(Unlocked(s))
    }
}

impl FromRequestParts<AppState> for Member {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let Unlocked(s) = Unlocked::from_request_parts(parts, state).await?;
        if s.change_password_date.is_none() {
            let mut conn = state.db.acquire().await?;
            let mandatory = crate::system::config::load_one(&mut conn, "mandatoryModificationOfInitialPassword").await?;
            if mandatory.and_then(|v| v.as_i64()) == Some(1) {
                return Err(AppError::forbidden(MSG_CHANGE_INITIAL_PASSWORD));
            }
        }
        Ok(Member(s))
    }
}

impl FromRequestParts<AppState> for Admin {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let Member(s) = Member::from_request_parts(parts, state).await?;
        if !s.is_admin() {
            return Err(AppError::forbidden(MSG_NOT_ADMIN));
        }
        Ok(Admin(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_bit_and_pipe_free() {
        let (token, hash) = new_token();
        let raw = token.strip_prefix("Bearer ").unwrap();
        assert_eq!(URL_SAFE_NO_PAD.decode(raw).unwrap().len(), 32);
        assert!(!token.contains('|'));
        assert_eq!(hash, hash_token(raw));
        assert_eq!(token_of(&token), Some(raw));
        assert_eq!(token_of(raw), Some(raw));
        assert_eq!(token_of("bearer  x "), Some("x"));
        assert_eq!(token_of("Bearer "), None);
    }
}
