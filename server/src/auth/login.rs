//! Signing in (spec 01 §7, jnpf-wire.md "Sign-in"): the captcha when the system asks for one,
//! throttling per account and per address, the same answer for an unknown account and a
//! wrong password, and a login-log row for every attempt.

use crate::AppState;
use crate::auth::{captcha, session, throttle};
use crate::db::now_ms;
use crate::error::AppError;
use crate::permission::user;
use crate::request::Client;
use crate::system::config;
use crate::system::log::{LoginRecord, record_login};
use serde::{Deserialize, Serialize};

pub const MSG_WRONG: &str = "账户或密码错误，请重新输入";
pub const MSG_DISABLED: &str = "账号已被禁用，请联系管理员";

fn account_locked(minutes: i64) -> String {
    format!("账号已锁定，请{minutes}分钟后再试")
}

/// The login form (`application/x-www-form-urlencoded`); `origin`, `jnpf_ticket` and
/// `grant_type` are accepted and ignored.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct LoginForm {
    pub account: String,
    /// Lower-case MD5 hex of what was typed.
    pub password: String,
    pub code: String,
    /// The captcha key.
    pub timestamp: String,
}

#[derive(Debug, Serialize)]
pub struct LoggedIn {
    pub token: String,
    pub theme: String,
}

pub async fn login(state: &AppState, form: LoginForm, client: &Client) -> Result<LoggedIn, AppError> {
    let account = form.account.trim();
    if account.is_empty() {
        return Err(AppError::field("account", "请输入账户"));
    }
    if form.password.is_empty() {
        return Err(AppError::field("password", "请输入密码"));
    }
    let password = form.password.to_ascii_lowercase();
    if !qiming_core::md5::is_md5_hex(&password) {
        return Err(AppError::field("password", "密码格式错误"));
    }

    let now = now_ms();
    let address_key = format!("address:{}", client.ip);
    let account_key = format!("account:{account}");
    let mut conn = state.db.acquire().await?;
    let settings = config::load(&mut conn).await?;
    let lock_minutes = settings.int("lockTime", 10).max(1);
    if let Some(minutes) = throttle::locked(&mut conn, &address_key, now).await? {
        return Err(AppError::bad(format!("登录失败次数过多，请{minutes}分钟后再试")));
    }
    if settings.flag("enableVerificationCode") {
        captcha::verify(&mut conn, &form.timestamp, &form.code).await?;
    }
    let found = user::by_account(&mut conn, account).await?;
    let user_id = found.as_ref().map(|u| u.id.as_str());
    let failed = |reason: String| LoginRecord { user_id, user_name: account, success: false, reason, client, at: now };
    if let Some(minutes) = throttle::locked(&mut conn, &account_key, now).await? {
        return Err(refuse(&mut conn, failed(account_locked(minutes))).await);
    }
    // No connection is held while argon2 runs.
    drop(conn);

    let verified = match &found {
        Some(u) => state.hasher.verify(&password, &u.password_hash).await?,
        None => state.hasher.verify_decoy(&password).await?,
    };
    let mut tx = state.db.begin().await?;
    let Some(user) = found.as_ref().filter(|_| verified) else {
        let window = lock_minutes * 60_000;
        let limit = settings.int("passwordErrorsNumber", 5).max(1);
        let now_locked = throttle::fail(&mut tx, &account_key, now, limit, window).await?;
        let address_limit = state.config.login_address_max_failures as i64;
        throttle::fail(&mut tx, &address_key, now, address_limit, window).await?;
        let msg = if now_locked { account_locked(lock_minutes) } else { MSG_WRONG.to_string() };
        let refusal = refuse(&mut tx, failed(msg)).await;
        tx.commit().await?;
        return Err(refusal);
    };
    if user.enabled_mark != 1 {
        let refusal = refuse(&mut tx, failed(MSG_DISABLED.to_string())).await;
        tx.commit().await?;
        return Err(refusal);
    }
    // Success: the counters reset, the session and its login-log row, all or nothing.
    throttle::clear(&mut tx, &account_key).await?;
    let lifetime = state.config.session_lifetime.as_millis() as i64;
    let token = session::create(&mut tx, &user.id, now, lifetime, client).await?;
    let success = LoginRecord { success: true, reason: "登录成功".into(), ..failed(String::new()) };
    record_login(&mut tx, &success).await?;
    tx.commit().await?;
    Ok(LoggedIn { token, theme: user.theme.clone() })
}

/// Records a refused attempt in the login log and answers its reason as a 400.
async fn refuse(conn: &mut crate::db::Conn, record: LoginRecord<'_>) -> AppError {
    match record_login(conn, &record).await {
        Ok(()) => AppError::bad(record.reason),
        Err(e) => e,
    }
}
