//! The auth area's rules (spec 01 §4, §5.6, §7; jnpf-wire.md "Sign-in"): signing in with
//! the captcha when the system asks for one, throttling per account and per address, the
//! same answer for an unknown account and a wrong password, a login-log row for every
//! attempt; signing out; the lock screen; changing the password.

use super::dto::{AccountConfig, LockRequest, LoggedIn, LoginForm, PasswordChange};
use super::{captcha, repo};
use crate::AppState;
use crate::access::{self, Revoked, Signed, Unlocked};
use crate::db::Conn;
use crate::error::{AppError, FieldErrors, SESSION_REVOKED};
use crate::permission::service as users;
use crate::request::Client;
use crate::system::service::{self as system, LoginRecord};

pub const MSG_WRONG: &str = "账户或密码错误，请重新输入";
pub const MSG_DISABLED: &str = "账号已被禁用，请联系管理员";
/// Wrong unlock passwords before the session ends.
const UNLOCK_ATTEMPTS: i64 = 5;

fn account_locked(minutes: i64) -> String {
    format!("账号已锁定，请{minutes}分钟后再试")
}

/// Minutes (rounded up) a throttle key is still locked, if it is.
async fn locked_minutes(conn: &mut Conn, key: &str, now: i64) -> Result<Option<i64>, AppError> {
    let until = repo::locked_until(conn, key).await?;
    Ok(until.filter(|until| *until > now).map(|until| (until - now + 59_999) / 60_000))
}

/// Counts one failure of a key; at `limit` failures within `lock_ms` the key is locked for
/// `lock_ms`. True when this failure locked it. Failures are counted per key, known
/// account or not, so a lock reveals nothing about which accounts exist.
async fn count_failure(conn: &mut Conn, key: &str, now: i64, limit: i64, lock_ms: i64) -> Result<bool, AppError> {
    if repo::count_failure(conn, key, now, now - lock_ms).await? < limit {
        return Ok(false);
    }
    repo::lock(conn, key, now, now + lock_ms).await?;
    Ok(true)
}

/// POST /api/oauth/Login (AUTH-002, AUTH-003, AUTH-007).
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

    let now = state.clock.now_ms();
    let address_key = format!("address:{}", client.ip);
    let account_key = format!("account:{account}");
    let mut conn = state.db.acquire().await?;
    let settings = system::settings(&mut conn).await?;
    let lock_minutes = settings.int("lockTime", 10).max(1);
    if let Some(minutes) = locked_minutes(&mut conn, &address_key, now).await? {
        return Err(AppError::bad(format!("登录失败次数过多，请{minutes}分钟后再试")));
    }
    if settings.flag("enableVerificationCode") {
        captcha::verify(&mut conn, &form.timestamp, &form.code, now).await?;
    }
    let found = users::credentials(&mut conn, account).await?;
    let user_id = found.as_ref().map(|u| u.id.as_str());
    let failed = |reason: String| LoginRecord { user_id, user_name: account, success: false, reason, client, at: now };
    if let Some(minutes) = locked_minutes(&mut conn, &account_key, now).await? {
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
        let now_locked = count_failure(&mut tx, &account_key, now, limit, window).await?;
        let address_limit = state.config.login_address_max_failures as i64;
        count_failure(&mut tx, &address_key, now, address_limit, window).await?;
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
    repo::clear(&mut tx, &account_key).await?;
    let lifetime = state.config.session_lifetime.as_millis() as i64;
    let token = access::session::start(&mut tx, &user.id, now, lifetime, client).await?;
    let success = LoginRecord { success: true, reason: "登录成功".into(), ..failed(String::new()) };
    system::record_login(&mut tx, &success).await?;
    tx.commit().await?;
    Ok(LoggedIn { token, theme: user.theme.clone() })
}

/// Records a refused attempt in the login log and answers its reason as a 400.
async fn refuse(conn: &mut Conn, record: LoginRecord<'_>) -> AppError {
    match system::record_login(conn, &record).await {
        Ok(()) => AppError::bad(record.reason),
        Err(e) => e,
    }
}

/// GET /api/oauth/getConfig/{account} (AUTH-012).
pub async fn account_config(state: &AppState) -> Result<AccountConfig, AppError> {
    let mut conn = state.db.acquire().await?;
    let c = system::settings(&mut conn).await?;
    Ok(AccountConfig {
        enable_verification_code: c.int("enableVerificationCode", 0),
        verification_code_number: c.int("verificationCodeNumber", 4),
    })
}

/// A captcha image for the login page, of the length it asks for.
pub async fn login_captcha(state: &AppState, length: u32, key: &str) -> Result<Vec<u8>, AppError> {
    let mut conn = state.db.acquire().await?;
    captcha::issue(&mut conn, key, length, state.clock.now_ms()).await
}

/// A captcha image for the change-password dialog, of the configured length.
pub async fn dialog_captcha(state: &AppState, key: &str) -> Result<Vec<u8>, AppError> {
    let mut conn = state.db.acquire().await?;
    let length = system::settings(&mut conn).await?.int("verificationCodeNumber", 4).clamp(3, 6) as u32;
    captcha::issue(&mut conn, key, length, state.clock.now_ms()).await
}

/// GET /api/oauth/Logout (AUTH-015): ends the session of `authorization` if it is one.
pub async fn logout(state: &AppState, authorization: Option<&str>) -> Result<(), AppError> {
    if let Ok(session) = access::session::authenticate(state, authorization).await {
        let mut conn = state.db.acquire().await?;
        access::session::end(&mut conn, &session, Revoked::LoggedOut, state.clock.now_ms()).await?;
    }
    Ok(())
}

/// What a lock-screen call did.
pub enum LockOutcome {
    Locked,
    Unlocked,
}

/// POST /api/oauth/LockScreen (AUTH-018..020): `{}` locks the session; `{account,
/// password}` unlocks it when the password is the caller's. After five wrong passwords the
/// session ends (601).
pub async fn lock_screen(state: &AppState, caller: &Signed, req: LockRequest) -> Result<LockOutcome, AppError> {
    let mut conn = state.db.acquire().await?;
    let Some(password) = req.password else {
        access::session::set_locked(&mut conn, caller, true).await?;
        return Ok(LockOutcome::Locked);
    };
    if password.is_empty() {
        return Err(AppError::field("password", "请输入密码"));
    }
    let same_account = req.account.as_deref().is_none_or(|a| a.trim() == caller.account);
    let hash = users::own_password_hash(&mut conn, caller).await?;
    // No pool connection is held while argon2 runs.
    drop(conn);
    let verified = same_account && state.hasher.verify(&password.to_ascii_lowercase(), &hash).await?;
    let mut conn = state.db.acquire().await?;
    if verified {
        access::session::set_locked(&mut conn, caller, false).await?;
        return Ok(LockOutcome::Unlocked);
    }
    if access::session::unlock_failed(&mut conn, caller).await? >= UNLOCK_ATTEMPTS {
        access::session::end(&mut conn, caller, Revoked::UnlockFailed, state.clock.now_ms()).await?;
        return Err(AppError::session(SESSION_REVOKED, Revoked::UnlockFailed.msg()));
    }
    Err(AppError::field("password", "密码错误，请重新输入"))
}

/// ModifyPassword (AUTH-025..037, PROF-004): the captcha must match; the policy is enforced
/// by core on the plain new password; on success every session of the user ends and the
/// client signs in again.
pub async fn change_password(state: &AppState, caller: &Unlocked, req: PasswordChange) -> Result<(), AppError> {
    let now = state.clock.now_ms();
    let mut conn = state.db.acquire().await?;
    captcha::verify(&mut conn, &req.timestamp, &req.code, now).await?;
    let old = req.old_password.trim().to_ascii_lowercase();
    let new = req.password.trim().to_ascii_lowercase();
    if old.is_empty() {
        return Err(AppError::field("oldPassword", "请输入旧密码"));
    }
    if new.is_empty() {
        return Err(AppError::field("password", "请输入新密码"));
    }
    if !qiming_core::md5::is_md5_hex(&old) || !qiming_core::md5::is_md5_hex(&new) {
        return Err(AppError::bad("密码格式错误"));
    }
    let policy = system::settings(&mut conn).await?.password_policy();
    match req.plain_password.as_deref() {
        Some(plain) => {
            if qiming_core::md5_hex(plain.as_bytes()) != new {
                return Err(AppError::field("plainPassword", "新密码与其校验值不一致"));
            }
            let broken = qiming_core::password::check_password(&policy, plain);
            if !broken.is_empty() {
                let msgs = broken.into_iter().map(|m| m.text).collect();
                return Err(AppError::fields(FieldErrors::from([("password".to_string(), msgs)])));
            }
        }
        // A JNPF client sends only the MD5; the policy cannot be checked then.
        None if policy.password_strength_limit == 1 && !state.config.jnpf_clients => {
            return Err(AppError::field("plainPassword", "无法校验新密码的强度，请使用启明客户端修改密码"));
        }
        None => {}
    }
    if old == new {
        return Err(AppError::field("password", "新密码不能与旧密码相同"));
    }
    let stored = users::own_password_hash(&mut conn, caller).await?;
    // No pool connection is held while argon2 runs.
    drop(conn);
    if !state.hasher.verify(&old, &stored).await? {
        return Err(AppError::field("oldPassword", "旧密码错误，请重新输入"));
    }
    let hash = state.hasher.hash(&new).await?;
    let mut tx = state.db.begin().await?;
    users::store_own_password(&mut tx, caller, &hash, now).await?;
    access::session::end_all(&mut tx, &caller.user_id, Revoked::PasswordChanged, now).await?;
    tx.commit().await?;
    Ok(())
}
