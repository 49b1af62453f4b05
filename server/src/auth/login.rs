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

    let mut conn = state.db.acquire().await?;
    let settings = config::load(&mut conn).await?;
    let lock_minutes = settings.int("lockTime", 10).max(1);
    let now = now_ms();
    let address_key = format!("address:{}", client.ip);
    if let Some(minutes) = throttle::locked(&mut conn, &address_key, now).await? {
        return Err(AppError::bad(format!("登录失败次数过多，请{minutes}分钟后再试")));
    }
    if settings.flag("enableVerificationCode") {
        captcha::verify(&mut conn, &form.timestamp, &form.code).await?;
    }

    let found = user::by_account(&mut conn, account).await?;
    let user_id = found.as_ref().map(|u| u.id.as_str());
    let failed = |reason: String| LoginRecord { user_id, user_name: account, success: false, reason, client, at: now };

    let account_key = format!("account:{account}");
    if let Some(minutes) = throttle::locked(&mut conn, &account_key, now).await? {
        return Err(refuse(&mut conn, failed(account_locked(minutes))).await);
    }
    let verified = match &found {
        Some(u) => state.hasher.verify(&password, &u.password_hash).await?,
        None => state.hasher.verify_decoy(&password).await?,
    };
    if !verified {
        let window = lock_minutes * 60_000;
        let limit = settings.int("passwordErrorsNumber", 5).max(1);
        let now_locked = throttle::fail(&mut conn, &account_key, now, limit, window).await?;
        throttle::fail(&mut conn, &address_key, now, state.config.login_address_max_failures as i64, window).await?;
        let msg = if now_locked { account_locked(lock_minutes) } else { MSG_WRONG.to_string() };
        return Err(refuse(&mut conn, failed(msg)).await);
    }
    let Some(user) = found.as_ref() else { unreachable!("verified implies a user") };
    if user.enabled_mark != 1 {
        return Err(refuse(&mut conn, failed(MSG_DISABLED.to_string())).await);
    }
    throttle::clear(&mut conn, &account_key).await?;
    drop(conn);

    // The session and its login-log row: both or neither.
    let mut tx = state.db.begin().await?;
    let lifetime = state.config.session_lifetime.as_millis() as i64;
    let token = session::create(&mut tx, &user.id, now, lifetime, client).await?;
    record_login(
        &mut tx,
        &LoginRecord {
            user_id: Some(&user.id),
            user_name: account,
            success: true,
            reason: "登录成功".into(),
            client,
            at: now,
        },
    )
    .await?;
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
