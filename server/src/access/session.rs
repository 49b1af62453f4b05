//! Sessions: 256-bit random tokens handed out as `Bearer <base64url>` and stored only as
//! their SHA-256. Kept in the database so several server processes share them; revocable
//! (logout, password change, disabled user, failed unlocks) with idle and absolute expiry.

use super::policy::Need;
use super::refusal::{MSG_CHANGE_INITIAL_PASSWORD, MSG_LOCKED, MSG_PASSWORD_OVERDUE};
use super::repo;
use crate::state::AppState;
use crate::db::Conn;
use crate::error::{AppError, SESSION_EXPIRED, SESSION_MISSING, SESSION_REVOKED};
use crate::request::Client;
use crate::support::{hex, random_bytes};
use qiming_core::password::PasswordAge;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// Why a session ended; the text is the msg of the 601 the client then receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revoked {
    LoggedOut,
    PasswordChanged,
    UserDisabled,
    UnlockFailed,
    /// singleLogin: the account signed in again.
    SignedInElsewhere,
}

impl Revoked {
    pub fn msg(self) -> &'static str {
        match self {
            Revoked::LoggedOut => "您已退出登录，请重新登录",
            Revoked::PasswordChanged => "密码已修改，请重新登录",
            Revoked::UserDisabled => "账号已被禁用，请联系管理员",
            Revoked::UnlockFailed => "解锁失败次数过多，请重新登录",
            Revoked::SignedInElsewhere => "您的账号已在其他地方登录，请重新登录",
        }
    }
}

/// A valid session and its user, as of this request. Only [`authenticate`] makes one (the
/// private field keeps every other module, in this crate too, from building one).
#[derive(Debug, Clone)]
#[allow(clippy::manual_non_exhaustive)]
pub struct Session {
    pub token_hash: String,
    pub user_id: String,
    pub account: String,
    pub real_name: String,
    pub is_administrator: bool,
    /// The user's current organisation ('' when none).
    pub organize_id: String,
    /// Null until the user first changes the initial password.
    pub change_password_date: Option<i64>,
    pub locked: bool,
    /// When the session began (its sign-in).
    pub created_at: i64,
    pub ip_address: String,
    pub ip_address_name: String,
    /// The password must be changed before anything else: the initial one is unchanged and
    /// the policy demands the change, or the periodic change is overdue.
    pub must_change_password: bool,
    /// Where the password stands under the periodic change (Current when that is off).
    pub password_age: PasswordAge,
    /// The generation of what cached answers are built from, as of this request.
    pub generation: i64,
    _checked: (),
}

impl Session {
    /// Whether this session may call a route that needs `need`: 403 when the screen is
    /// locked or the initial password must still be changed.
    pub fn admits(&self, need: Need) -> Result<(), AppError> {
        match need {
            Need::Nobody | Need::Session => Ok(()),
            _ if self.locked => Err(AppError::forbidden(MSG_LOCKED)),
            Need::Member if self.must_change_password => Err(AppError::forbidden(if self.password_age == PasswordAge::Overdue {
                MSG_PASSWORD_OVERDUE
            } else {
                MSG_CHANGE_INITIAL_PASSWORD
            })),
            Need::Unlocked | Need::Member => Ok(()),
        }
    }
}

/// A new token: what the client gets (`Bearer …`) and what the database keeps (its hash).
fn new_token() -> (String, String) {
    let token = URL_SAFE_NO_PAD.encode(random_bytes::<32>());
    let hash = hash_token(&token);
    (format!("Bearer {token}"), hash)
}

/// SHA-256 hex of the token without its `Bearer ` prefix.
fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
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

/// The Authorization header's value, if it is readable text.
pub fn authorization(headers: &axum::http::HeaderMap) -> Option<&str> {
    headers.get(axum::http::header::AUTHORIZATION).and_then(|v| v.to_str().ok())
}

/// Finds the session of an Authorization value and checks it: 602 when missing or unknown,
/// 601 when revoked (or the user was disabled), 600 when idle or past its absolute expiry.
pub async fn authenticate(state: &AppState, authorization: Option<&str>) -> Result<Session, AppError> {
    let token = authorization
        .and_then(token_of)
        .ok_or_else(|| AppError::session(SESSION_MISSING, "请先登录"))?;
    let hash = hash_token(token);
    let mut conn = state.db.acquire().await?;
    let row = repo::session(&mut conn, &hash)
        .await?
        .ok_or_else(|| AppError::session(SESSION_MISSING, "登录凭证无效，请重新登录"))?;
    let now = state.clock.now_ms();
    if row.revoked_at.is_some() {
        let msg = row.revoked_reason.clone().unwrap_or_else(|| Revoked::LoggedOut.msg().into());
        return Err(AppError::session(SESSION_REVOKED, msg));
    }
    if row.enabled_mark != 1 {
        repo::revoke_user(&mut conn, &row.user_id, Revoked::UserDisabled.msg(), now).await?;
        return Err(AppError::session(SESSION_REVOKED, Revoked::UserDisabled.msg()));
    }
    if now >= row.expires_at {
        return Err(AppError::session(SESSION_EXPIRED, "登录已过期，请重新登录"));
    }
    let idle = idle_ms(state, row.token_timeout.as_deref());
    if now - row.last_seen_at >= idle {
        return Err(AppError::session(SESSION_EXPIRED, "长时间未操作，登录已过期，请重新登录"));
    }
    // Writing on every request would serialise readers on SQLite; a tenth of the idle time
    // is precise enough for the idle expiry.
    if now - row.last_seen_at >= idle / 10 {
        repo::touch(&mut conn, &hash, now).await?;
    }
    let mandatory = setting_int(row.mandatory_change.as_deref()) == Some(1);
    let password_age = match setting_int(row.password_regularly.as_deref()) {
        Some(1) => qiming_core::password::password_age(
            row.change_password_date.unwrap_or(row.user_created_at),
            now,
            setting_int(row.update_cycle.as_deref()).unwrap_or(DEFAULT_UPDATE_CYCLE_DAYS),
            setting_int(row.update_in_advance.as_deref()).unwrap_or(DEFAULT_UPDATE_IN_ADVANCE_DAYS),
        ),
        _ => PasswordAge::Current,
    };
    Ok(Session {
        must_change_password: (mandatory && row.change_password_date.is_none()) || password_age == PasswordAge::Overdue,
        password_age,
        token_hash: row.token_hash,
        user_id: row.user_id,
        account: row.account,
        real_name: row.real_name,
        is_administrator: row.is_administrator == 1,
        organize_id: row.organize_id,
        change_password_date: row.change_password_date,
        locked: row.locked == 1,
        created_at: row.created_at,
        ip_address: row.ip_address,
        ip_address_name: row.ip_address_name,
        generation: row.generation,
        _checked: (),
    })
}

/// The periodic password change's cycle and reminder when the configuration names none.
const DEFAULT_UPDATE_CYCLE_DAYS: i64 = 90;
const DEFAULT_UPDATE_IN_ADVANCE_DAYS: i64 = 7;

/// A whole-number setting from its stored JSON text (a number, or digits as text).
fn setting_int(text: Option<&str>) -> Option<i64> {
    text.and_then(|text| serde_json::from_str::<serde_json::Value>(text).ok()).and_then(|v| match v {
        serde_json::Value::Number(n) => n.as_i64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        serde_json::Value::Bool(b) => Some(b as i64),
        _ => None,
    })
}

/// How long a session may go unused: the system configuration's `tokenTimeout` (minutes)
/// once an administrator has set it, else `QIMING_SESSION_IDLE`.
fn idle_ms(state: &AppState, token_timeout: Option<&str>) -> i64 {
    match setting_int(token_timeout) {
        Some(m) if m > 0 => m.saturating_mul(60_000),
        _ => state.config.session_idle.as_millis() as i64,
    }
}

/// The session timeout in minutes when the configuration holds none: `QIMING_SESSION_IDLE`,
/// rounded up (what the configuration page shows until an administrator sets one).
pub fn default_timeout_minutes(state: &AppState) -> i64 {
    (state.config.session_idle.as_millis() as i64 + 59_999) / 60_000
}

/// Starts a session for a user who has just proved who they are; returns the token.
pub async fn start(conn: &mut Conn, user_id: &str, now: i64, lifetime_ms: i64, client: &Client) -> Result<String, AppError> {
    let (token, hash) = new_token();
    repo::insert_session(conn, &hash, user_id, now, now.saturating_add(lifetime_ms), client).await?;
    Ok(token)
}

/// Housekeeping: drops sessions past their absolute expiry for more than a day (until then
/// they answer 600 "expired" rather than 602 "unknown"). Answers how many.
pub async fn trim(conn: &mut Conn, now: i64) -> Result<u64, AppError> {
    repo::delete_expired(conn, now - 24 * 3600 * 1000).await
}

/// Ends one session.
pub async fn end(conn: &mut Conn, session: &Session, why: Revoked, now: i64) -> Result<(), AppError> {
    repo::revoke(conn, &session.token_hash, why.msg(), now).await
}

/// Ends every session of a user.
pub async fn end_all(conn: &mut Conn, user_id: &str, why: Revoked, now: i64) -> Result<(), AppError> {
    repo::revoke_user(conn, user_id, why.msg(), now).await
}

/// Tells the user's open WebSockets that sessions of theirs may have ended (call it after the
/// revocation is committed): each checks its own session and, if it ended, is told `logout`
/// and closed.
pub fn announce_ended(state: &AppState, user_id: &str) {
    state.live.publish(crate::live::Event::SessionsChanged { user_id: user_id.to_string() });
}

/// Locks or unlocks the screen of a session.
pub async fn set_locked(conn: &mut Conn, session: &Session, locked: bool) -> Result<(), AppError> {
    repo::set_locked(conn, &session.token_hash, locked).await
}

impl super::scope::DataScope {
    /// The caller's own rows (their profile, their login log), administrator or not.
    pub fn own(session: &Session) -> super::scope::DataScope {
        super::scope::DataScope::owned_by(&session.user_id)
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
