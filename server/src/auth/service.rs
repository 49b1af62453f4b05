//! The auth area's rules (spec 01 §4, §5.6, §7; jnpf-wire.md "Sign-in"): signing in with
//! the captcha when the system asks for one, throttling per account and per address, the
//! same answer for an unknown account and a wrong password, a login-log row for every
//! attempt; signing out; the lock screen; changing the password.

use super::dto::{AccountConfig, LockRequest, LoggedIn, LoginForm, PasswordChange};
use super::{captcha, repo};
use crate::state::AppState;
use crate::access::{self, Revoked, Signed, Unlocked};
use crate::db::Conn;
use crate::error::{AppError, SESSION_REVOKED};
use crate::permission::service as users;
use crate::request::Client;
use crate::system::service::{self as system, LoginRecord};

pub const MSG_WRONG: &str = "账户或密码错误，请重新输入";
pub const MSG_DISABLED: &str = "账号已被禁用，请联系管理员";
/// Longest account name (JNPF's user form allows 50); longer ones are refused before any
/// database or hashing work.
const ACCOUNT_MAX_CHARS: usize = 50;
/// How many recent passwords disableOldPassword refuses when the number is not set.
const DEFAULT_OLD_PASSWORDS: i64 = 5;

/// How long a locked key stays locked.
#[derive(Debug, Clone, Copy)]
enum Lock {
    /// This many more minutes (rounded up).
    Minutes(i64),
    /// Until an administrator lifts it (lockType 1, 账号锁定).
    UntilUnlocked,
}

/// `locked_until` of a lock only an administrator lifts: never reached.
const UNTIL_UNLOCKED: i64 = i64::MAX;

fn account_locked(lock: Lock) -> String {
    match lock {
        Lock::Minutes(minutes) => format!("账号已锁定，请{minutes}分钟后再试"),
        Lock::UntilUnlocked => "账号已锁定，请联系管理员解锁".to_string(),
    }
}

fn address_locked(lock: Lock) -> String {
    match lock {
        Lock::Minutes(minutes) => format!("登录失败次数过多，请{minutes}分钟后再试"),
        Lock::UntilUnlocked => "登录失败次数过多，请联系管理员".to_string(),
    }
}

fn not_whitelisted(ip: &str) -> String {
    format!("当前IP地址（{ip}）不在登录白名单中，请联系管理员")
}

/// A throttle: failed password checks counted per key ("account:<name>" or
/// "address:<ip>") within a window; at `limit` the key is locked for the window. Unknown
/// accounts are counted like known ones, so a lock reveals nothing about which exist.
struct Throttle {
    key: String,
    limit: i64,
    window_ms: i64,
    /// At the limit the key is locked until an administrator lifts it, not for the window.
    until_unlocked: bool,
}

/// An attempt on a throttle. Only failures lock a key, but an attempt holds one of the
/// limit's places while its password is checked (so that however many arrive at the same
/// moment, at most `limit` passwords are checked before a lock can land): a failure keeps its
/// place, the right password frees it (and forgets the failures).
enum Attempt {
    /// Go ahead; this is the `n`-th place of the window.
    Granted(i64),
    /// Locked: `limit` failures were counted.
    Refused(Lock),
    /// Every place is held by attempts still being checked, which may yet succeed: this one
    /// waits for them instead of being refused (it is not a failure).
    Full,
}

/// How long an attempt waits between looks while every place is held by attempts in flight.
const PLACE_WAIT_STEP: std::time::Duration = std::time::Duration::from_millis(15);
/// How long it waits in all before answering 服务器繁忙 (not counted as a failure).
const PLACE_WAIT_MAX: std::time::Duration = std::time::Duration::from_secs(10);

impl Throttle {
    fn new(key: String, limit: i64, window_ms: i64) -> Throttle {
        Throttle { key, limit: limit.max(1), window_ms, until_unlocked: false }
    }

    fn minutes(ms: i64) -> i64 {
        (ms.max(0) + 59_999) / 60_000
    }

    /// The lock of a key locked until `until`, as of `now`: never more minutes than the window
    /// (an attempt that read the clock just before another locked the key would say 11 of 10).
    fn lock_of(&self, until: i64, now: i64) -> Lock {
        if until == UNTIL_UNLOCKED { Lock::UntilUnlocked } else { Lock::Minutes(Self::minutes((until - now).min(self.window_ms))) }
    }

    /// The lock the limit sets.
    fn lock_at_limit(&self) -> Lock {
        if self.until_unlocked { Lock::UntilUnlocked } else { Lock::Minutes(Self::minutes(self.window_ms)) }
    }

    /// How the key is still locked, if it is.
    async fn locked(&self, conn: &mut Conn, now: i64) -> Result<Option<Lock>, AppError> {
        let until = repo::locked_until(conn, &self.key).await?;
        Ok(until.filter(|until| *until > now).map(|until| self.lock_of(until, now)))
    }

    /// Takes a place (atomically, so that concurrent attempts get distinct numbers); granted
    /// when the key is not locked and a place is free. Beyond the limit the place is given
    /// back at once: the attempts holding the others are still being checked, and only a
    /// failure among them locks the key (a stored lock), so this one is [`Attempt::Full`] and
    /// waits — never refused as locked while no lock is stored.
    async fn attempt(&self, conn: &mut Conn, now: i64) -> Result<Attempt, AppError> {
        let (n, locked_until) = repo::count_attempt(conn, &self.key, now, now - self.window_ms).await?;
        if locked_until > now {
            return Ok(Attempt::Refused(self.lock_of(locked_until, now)));
        }
        if n > self.limit {
            repo::refund(conn, &self.key).await?;
            return Ok(Attempt::Full);
        }
        Ok(Attempt::Granted(n))
    }

    /// The `n`-th attempt failed: at the limit the key is locked. True when it locked now.
    async fn failed(&self, conn: &mut Conn, n: i64, now: i64) -> Result<bool, AppError> {
        if n < self.limit {
            return Ok(false);
        }
        repo::lock(conn, &self.key, if self.until_unlocked { UNTIL_UNLOCKED } else { now + self.window_ms }).await?;
        Ok(true)
    }

    /// An attempt that was not a failure (the right password, or never checked) is given back.
    async fn refund(&self, conn: &mut Conn) -> Result<(), AppError> {
        repo::refund(conn, &self.key).await
    }

    /// The right password: earlier failures of the key are forgotten.
    async fn clear(&self, conn: &mut Conn) -> Result<(), AppError> {
        repo::clear(conn, &self.key).await
    }
}

/// The account throttle with the system's limits: passwordErrorsNumber failures within
/// lockTime minutes lock the account — for lockTime minutes (lockType 2, 延时登录, the
/// default) or until an administrator unlocks it (lockType 1, 账号锁定).
fn account_throttle(settings: &system::SysConfig, account: &str) -> Throttle {
    let window = settings.int("lockTime", 10).max(1) * 60_000;
    let mut throttle = Throttle::new(access::lockout::account_key(account), settings.int("passwordErrorsNumber", 5), window);
    throttle.until_unlocked = settings.int("lockType", LOCK_DELAY) == LOCK_UNTIL_UNLOCKED;
    throttle
}

/// lockType: 1 locks until an administrator unlocks, 2 delays the next sign-in.
const LOCK_UNTIL_UNLOCKED: i64 = 1;
const LOCK_DELAY: i64 = 2;
/// singleLogin: 1 one session per account (a sign-in ends the earlier ones), 2 concurrent.
const SINGLE_LOGIN: i64 = 1;
const CONCURRENT_LOGIN: i64 = 2;

/// POST /api/oauth/Login (AUTH-002, AUTH-003, AUTH-007).
pub async fn login(state: &AppState, form: LoginForm, client: &Client) -> Result<LoggedIn, AppError> {
    let account = form.account.trim();
    if account.is_empty() {
        return Err(AppError::field("account", "请输入账户"));
    }
    if account.chars().count() > ACCOUNT_MAX_CHARS {
        return Err(AppError::field("account", format!("账户最多为{ACCOUNT_MAX_CHARS}个字符")));
    }
    if form.password.is_empty() {
        return Err(AppError::field("password", "请输入密码"));
    }
    let password = form.password.to_ascii_lowercase();
    if !qiming_core::md5::is_md5_hex(&password) {
        return Err(AppError::field("password", "密码格式错误"));
    }

    let now = state.clock.now_ms();
    let mut conn = state.db.acquire().await?;
    let settings = system::settings(&mut conn).await?;
    let account_throttle = account_throttle(&settings, account);
    let address = Throttle::new(format!("address:{}", client.ip), state.config.login_address_max_failures as i64, account_throttle.window_ms);
    if let Some(lock) = address.locked(&mut conn, now).await? {
        return Err(AppError::bad(address_locked(lock)));
    }
    if settings.flag("enableVerificationCode") {
        captcha::verify(&mut conn, &form.timestamp, &form.code, now).await?;
    }
    let found = users::credentials(&mut conn, account).await?;
    let user_id = found.as_ref().map(|u| u.id.as_str());
    let failed = |reason: String| LoginRecord { user_id, user_name: account, success: false, reason, client, at: now };
    // The whitelist (whitelistSwitch, whiteListIp) refuses before any password is checked or
    // counted; a stored list that does not read refuses everyone, saying so (saving checks it).
    match settings.whitelist() {
        Some(Ok(list)) if !list.allows_text(&client.ip) => return Err(refuse(&mut conn, failed(not_whitelisted(&client.ip))).await),
        Some(Err(bad)) => return Err(refuse(&mut conn, failed(format!("登录白名单设置有误（{bad}），请联系管理员"))).await),
        _ => {}
    }
    // Waiting for a place (Attempt::Full) holds no connection; the address's place is taken
    // last, once the account's is, so that a wait holds neither.
    let started = std::time::Instant::now();
    let (account_n, address_n) = loop {
        match account_throttle.attempt(&mut conn, now).await? {
            Attempt::Granted(n) => match address.attempt(&mut conn, now).await? {
                Attempt::Granted(a) => break (n, a),
                Attempt::Refused(lock) => {
                    account_throttle.refund(&mut conn).await?;
                    return Err(AppError::bad(address_locked(lock)));
                }
                Attempt::Full => account_throttle.refund(&mut conn).await?,
            },
            Attempt::Refused(lock) => return Err(refuse(&mut conn, failed(account_locked(lock))).await),
            Attempt::Full => {}
        }
        if started.elapsed() >= PLACE_WAIT_MAX {
            return Err(AppError::Busy);
        }
        drop(conn);
        tokio::time::sleep(PLACE_WAIT_STEP).await;
        conn = state.db.acquire().await?;
    };
    // No connection is held while argon2 runs.
    drop(conn);

    let checked = match &found {
        Some(u) => state.hasher.verify(&password, &u.password_hash).await,
        None => state.hasher.verify_decoy(&password).await,
    };
    let mut tx = state.db.begin().await?;
    let verified = match checked {
        Ok(v) => v,
        Err(e) => {
            // Never checked (the hashing queue was full): the attempt does not count.
            account_throttle.refund(&mut tx).await?;
            address.refund(&mut tx).await?;
            tx.commit().await?;
            return Err(e.into());
        }
    };
    let Some(user) = found.as_ref().filter(|_| verified) else {
        let locked_now = account_throttle.failed(&mut tx, account_n, now).await?;
        address.failed(&mut tx, address_n, now).await?;
        let msg = if locked_now { account_locked(account_throttle.lock_at_limit()) } else { MSG_WRONG.to_string() };
        let refusal = refuse(&mut tx, failed(msg)).await;
        tx.commit().await?;
        return Err(refusal);
    };
    // The right password: the account's failures are forgotten and the address's attempt
    // given back, whether or not the user may sign in.
    account_throttle.clear(&mut tx).await?;
    address.refund(&mut tx).await?;
    if user.enabled_mark != 1 {
        let refusal = refuse(&mut tx, failed(MSG_DISABLED.to_string())).await;
        tx.commit().await?;
        return Err(refusal);
    }
    // Success: the session and its login-log row, all or nothing; with singleLogin 1 the
    // account's earlier sessions end (601 on their next call).
    if settings.int("singleLogin", CONCURRENT_LOGIN) == SINGLE_LOGIN {
        access::session::end_all(&mut tx, &user.id, Revoked::SignedInElsewhere, now).await?;
    }
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

/// A captcha image of the configured length (verificationCodeNumber): the length a client
/// asks for in the path is not trusted.
pub async fn captcha_image(state: &AppState, key: &str) -> Result<Vec<u8>, AppError> {
    let mut conn = state.db.acquire().await?;
    let length = system::settings(&mut conn).await?.int("verificationCodeNumber", 4).clamp(3, 6) as u32;
    captcha::issue(&mut conn, key, length, state.clock.now_ms()).await
}

/// GET /api/oauth/Logout (AUTH-015): ends the session of `authorization` if it is one.
pub async fn logout(state: &AppState, authorization: Option<&str>) -> Result<(), AppError> {
    if let Ok(session) = access::session::authenticate(state, authorization).await {
        let mut conn = state.db.acquire().await?;
        access::session::end(&mut conn, &session, Revoked::LoggedOut, state.clock.now_ms()).await?;
        access::session::announce_ended(state, &session.user_id);
    }
    Ok(())
}

/// What a lock-screen call did.
pub enum LockOutcome {
    Locked,
    Unlocked,
}

/// POST /api/oauth/LockScreen (AUTH-018..020): `{}` locks the session; `{account,
/// password}` unlocks it when the password is the caller's. Wrong unlock passwords count
/// against the account like failed sign-ins (locking again forgets nothing): at the limit the
/// account is locked and the session ends (601).
pub async fn lock_screen(state: &AppState, caller: &Signed, req: LockRequest) -> Result<LockOutcome, AppError> {
    let now = state.clock.now_ms();
    let mut conn = state.db.acquire().await?;
    let Some(password) = req.password else {
        access::session::set_locked(&mut conn, caller, true).await?;
        return Ok(LockOutcome::Locked);
    };
    if password.is_empty() {
        return Err(AppError::field("password", "请输入密码"));
    }
    let settings = system::settings(&mut conn).await?;
    let throttle = account_throttle(&settings, &caller.account);
    let n = match throttle.attempt(&mut conn, now).await? {
        Attempt::Granted(n) => n,
        Attempt::Refused(_) => {
            access::session::end(&mut conn, caller, Revoked::UnlockFailed, now).await?;
            access::session::announce_ended(state, &caller.user_id);
            return Err(AppError::session(SESSION_REVOKED, Revoked::UnlockFailed.msg()));
        }
        // Other checks of the account's password in flight hold every place: not a failure.
        Attempt::Full => return Err(AppError::Busy),
    };
    let same_account = req.account.as_deref().is_none_or(|a| a.trim() == caller.account);
    let hash = users::own_password_hash(&mut conn, caller).await?;
    // No pool connection is held while argon2 runs.
    drop(conn);
    let checked = state.hasher.verify(&password.to_ascii_lowercase(), &hash).await;
    let mut conn = state.db.acquire().await?;
    let verified = match checked {
        Ok(v) => same_account && v,
        Err(e) => {
            throttle.refund(&mut conn).await?;
            return Err(e.into());
        }
    };
    if verified {
        throttle.clear(&mut conn).await?;
        access::session::set_locked(&mut conn, caller, false).await?;
        return Ok(LockOutcome::Unlocked);
    }
    if throttle.failed(&mut conn, n, now).await? {
        access::session::end(&mut conn, caller, Revoked::UnlockFailed, now).await?;
        access::session::announce_ended(state, &caller.user_id);
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
    let settings = system::settings(&mut conn).await?;
    settings.check_new_password(&new, req.plain_password.as_deref(), state.config.jnpf_clients, "password")?;
    if old == new {
        return Err(AppError::field("password", "新密码不能与旧密码相同"));
    }
    let stored = users::own_password_hash(&mut conn, caller).await?;
    // disableOldPassword: the new password is none of the last N, the current one counted
    // (it differs from the old one, checked above, which is the current one once verified).
    let reuse_limit = settings.flag("disableOldPassword").then(|| settings.int("disableTheNumberOfOldPasswords", DEFAULT_OLD_PASSWORDS).clamp(1, 24));
    let former = match reuse_limit {
        Some(n) if n > 1 => users::own_former_passwords(&mut conn, caller, n - 1).await?,
        _ => Vec::new(),
    };
    // No pool connection is held while argon2 runs.
    drop(conn);
    if !state.hasher.verify(&old, &stored).await? {
        return Err(AppError::field("oldPassword", "旧密码错误，请重新输入"));
    }
    for hash in &former {
        if state.hasher.verify(&new, hash).await? {
            let n = reuse_limit.unwrap_or_default();
            return Err(AppError::field("password", format!("新密码不能与最近{n}次使用过的密码相同")));
        }
    }
    let hash = state.hasher.hash(&new).await?;
    let mut tx = state.db.begin().await?;
    users::store_own_password(&mut tx, caller, &stored, &hash, now).await?;
    access::session::end_all(&mut tx, &caller.user_id, Revoked::PasswordChanged, now).await?;
    tx.commit().await?;
    access::session::announce_ended(state, &caller.user_id);
    Ok(())
}

/// Housekeeping: drops throttle rows that no longer count (older than a day — no window is
/// longer — and unlocked; most are for accounts that do not exist) and expired captchas.
/// Answers how many rows went.
pub async fn trim(conn: &mut Conn, now: i64) -> Result<u64, AppError> {
    let throttles = repo::delete_stale_throttles(conn, now - 24 * 3600 * 1000).await?;
    Ok(throttles + repo::delete_expired_captchas(conn, now).await?)
}
