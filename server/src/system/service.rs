//! The system area's rules. System configuration (spec 01 §3.3, §3.10; 02 §7.11): one JSON
//! value per key; the keys are an allow-list with a kind each; secrets (third-party
//! credentials) are shown only to administrators. The login log: every sign-in attempt.

use super::dto::LoginLogEntry;
use super::repo;
use crate::state::AppState;
use crate::access::{Admin, DataScope, Session};
use crate::db::Conn;
use crate::error::{AppError, FieldErrors};
use crate::request::Client;
use crate::wire::{Page, PageOf};
use qiming_core::entity::{self, FieldRule, Form};
use qiming_core::password::PasswordPolicy;
use qiming_core::whitelist::Whitelist;
use serde_json::{Map, Value};

/// The settings' kinds and bounds are core's (`entity::Form::SysConfig`, which the web's page
/// checks with too); which of them are secrets or read-only is the server's.
const SECRETS: &[&str] = &["dingSynAppSecret", "qyhAgentSecret", "qyhCorpSecret"];
/// Kept as they are when a client sends them back.
const READ_ONLY: &[&str] = &["sysVersion"];

fn is_secret(key: &str) -> bool {
    SECRETS.contains(&key)
}

/// Shown to administrators as stored, but never to other users: the initial password every
/// new user gets would let anyone sign in as a user who has not yet changed it.
const ADMIN_ONLY: &[&str] = &[NEW_USER_DEFAULT_PASSWORD];

/// The initial password of new users (JNPF's `newUserDefaultPassword`); empty: a generated one.
pub const NEW_USER_DEFAULT_PASSWORD: &str = "newUserDefaultPassword";

/// How a stored secret is shown to an administrator.
pub const SECRET_MASK: &str = "******";

/// The stored configuration.
#[derive(Debug, Clone, Default)]
pub struct SysConfig(Map<String, Value>);

impl SysConfig {
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key)
    }

    /// An integer setting (flags included); `default` when missing or not a number.
    pub fn int(&self, key: &str, default: i64) -> i64 {
        match self.0.get(key) {
            Some(Value::Number(n)) => n.as_i64().unwrap_or(default),
            Some(Value::String(s)) => s.trim().parse().unwrap_or(default),
            Some(Value::Bool(b)) => *b as i64,
            _ => default,
        }
    }

    pub fn flag(&self, key: &str) -> bool {
        self.int(key, 0) == 1
    }

    /// The password policy, read by core's own deserialiser.
    pub fn password_policy(&self) -> PasswordPolicy {
        serde_json::from_value(Value::Object(self.0.clone())).unwrap_or_default()
    }

    /// Checks a new password (`md5`, lower-case MD5 hex of what was typed) against the
    /// policy: through the typed text when the client sends it (Qiming's web does), which
    /// must hash to `md5`. A JNPF client sends only the MD5: then the policy cannot be
    /// checked, which is refused unless JNPF clients are served. Messages go to `field`.
    pub fn check_new_password(&self, md5: &str, plain: Option<&str>, jnpf_clients: bool, field: &str) -> Result<(), AppError> {
        let policy = self.password_policy();
        match plain {
            Some(plain) => {
                if qiming_core::md5_hex(plain.as_bytes()) != md5 {
                    return Err(AppError::field("plainPassword", "新密码与其校验值不一致"));
                }
                let broken = qiming_core::password::check_password(&policy, plain);
                if !broken.is_empty() {
                    let msgs = broken.into_iter().map(|m| m.text).collect();
                    return Err(AppError::fields(FieldErrors::from([(field.to_string(), msgs)])));
                }
                Ok(())
            }
            None if policy.password_strength_limit == 1 && !jnpf_clients => {
                Err(AppError::field("plainPassword", "无法校验新密码的强度，请使用启明客户端修改密码"))
            }
            None => Ok(()),
        }
    }

    /// The sign-in address whitelist when it is on (`whitelistSwitch`); Err names an entry
    /// that is no address, block or range.
    pub fn whitelist(&self) -> Option<Result<Whitelist, String>> {
        self.flag("whitelistSwitch").then(|| Whitelist::parse(self.get("whiteListIp").and_then(Value::as_str).unwrap_or("")))
    }

    /// The settings anyone signed in may read (secrets left out).
    pub fn public(&self) -> Map<String, Value> {
        self.0.iter().filter(|(k, _)| !is_secret(k) && !ADMIN_ONLY.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect()
    }

    /// Every setting for an administrator, a stored secret shown as [`SECRET_MASK`] (sent
    /// back unchanged, the mask keeps the stored value).
    pub fn for_administrator(&self) -> Map<String, Value> {
        self.0
            .iter()
            .map(|(k, v)| {
                let shown = match v {
                    Value::String(text) if !text.is_empty() && is_secret(k) => Value::String(SECRET_MASK.into()),
                    other => other.clone(),
                };
                (k.clone(), shown)
            })
            .collect()
    }
}

/// The initial password of a new user (created, imported or synchronised): the configured
/// `newUserDefaultPassword`, or a generated one when none is set. Either way it must be
/// changed at the first sign-in.
pub async fn initial_password(conn: &mut Conn) -> Result<String, AppError> {
    let c = settings(conn).await?;
    Ok(match c.get(NEW_USER_DEFAULT_PASSWORD).and_then(Value::as_str) {
        Some(p) if !p.trim().is_empty() => p.to_string(),
        _ => crate::support::password_hash::generate_initial(),
    })
}

/// The stored configuration.
pub async fn settings(conn: &mut Conn) -> Result<SysConfig, AppError> {
    let rows = repo::settings(conn).await?;
    Ok(SysConfig(rows.into_iter().filter_map(|(k, v)| serde_json::from_str(&v).ok().map(|v| (k, v))).collect()))
}

/// The settings a caller may read: all of them for an administrator, the public ones
/// otherwise.
pub async fn settings_for(state: &AppState, caller: &Session) -> Result<Map<String, Value>, AppError> {
    let mut conn = state.db.acquire().await?;
    let mut c = settings(&mut conn).await?;
    // The session timeout in force until one is set (QIMING_SESSION_IDLE).
    c.0.entry("tokenTimeout").or_insert_with(|| Value::from(crate::access::session::default_timeout_minutes(state)));
    Ok(if caller.is_administrator { c.for_administrator() } else { c.public() })
}

/// Changes settings (administrators only): validated against the allow-list, stored in one
/// transaction.
pub async fn update_settings(state: &AppState, _admin: &Admin, change: Value, client: &Client) -> Result<(), AppError> {
    let Value::Object(change) = change else {
        return Err(AppError::bad("请求数据必须是对象"));
    };
    let values = validate(change)?;
    let mut tx = state.db.begin().await?;
    let mut after = settings(&mut tx).await?;
    let list_sent = values.iter().any(|(k, _)| k == "whiteListIp");
    after.0.extend(values.iter().cloned());
    check_whitelist(&after, list_sent, &client.ip)?;
    repo::store_settings(&mut tx, &values).await?;
    tx.commit().await?;
    Ok(())
}

/// The whitelist of the configuration as it would be saved: a list that is sent or on must
/// read as addresses, blocks and ranges; when on, it must not be empty and must hold the
/// saving administrator's own address — a list that would refuse their next sign-in is
/// refused instead of locking everyone out without a word.
fn check_whitelist(after: &SysConfig, list_sent: bool, own_ip: &str) -> Result<(), AppError> {
    let text = after.get("whiteListIp").and_then(Value::as_str).unwrap_or("");
    if !list_sent && !after.flag("whitelistSwitch") {
        return Ok(());
    }
    let list = Whitelist::parse(text).map_err(|bad| {
        AppError::field("whiteListIp", format!("“{bad}”不是IP地址、网段（如192.168.1.0/24、192.168.1.*）或地址范围（如192.168.1.10-192.168.1.20）"))
    })?;
    if !after.flag("whitelistSwitch") {
        return Ok(());
    }
    if list.is_empty() {
        return Err(AppError::field("whiteListIp", "请填写白名单IP"));
    }
    if !list.allows_text(own_ip) {
        return Err(AppError::field("whiteListIp", format!("白名单不包含您当前的IP地址{own_ip}，保存后您将无法登录")));
    }
    Ok(())
}

/// Stores the seed's settings (checked by [`validate_seed`]); the caller owns the transaction.
pub async fn store_seed_settings(conn: &mut Conn, values: &[(String, Value)]) -> Result<(), AppError> {
    repo::store_settings(conn, values).await
}

/// Checks a change against the allow-list (core's configuration form): unknown keys, wrong
/// kinds and out-of-range values are field errors with core's messages; read-only keys are
/// dropped. Returns the values to store (whole numbers as numbers, texts trimmed).
fn validate(change: Map<String, Value>) -> Result<Vec<(String, Value)>, AppError> {
    let mut errors = FieldErrors::new();
    let mut out = Vec::new();
    let mut checked = Map::new();
    for (key, value) in change {
        let Some(rule) = Form::SysConfig.field(&key) else {
            errors.entry(key.clone()).or_default().push(format!("未知的配置项：{key}"));
            continue;
        };
        // Read-only keys, and a secret sent back as shown (masked), keep their stored value.
        if READ_ONLY.contains(&key.as_str()) || (is_secret(&key) && value.as_str() == Some(SECRET_MASK)) {
            continue;
        }
        match stored(rule, &value) {
            Some(v) => {
                checked.insert(key.clone(), value);
                out.push((key, v));
            }
            None => errors.entry(key).or_default().push("必须是文本".into()),
        }
    }
    for (key, messages) in entity::check(Form::SysConfig, &checked, false) {
        errors.entry(key).or_default().extend(messages.into_iter().map(|m| m.text));
    }
    if errors.is_empty() { Ok(out) } else { Err(AppError::fields(errors)) }
}

/// A value as it is stored: a whole number for a ranged setting (None when it is not one,
/// which core's check then names), else trimmed text; None for a text setting sent as
/// something else than text or a number.
fn stored(rule: &FieldRule, value: &Value) -> Option<Value> {
    if rule.range.is_some() {
        return Some(entity::whole_number(value).map_or(Value::Null, Value::from));
    }
    match value {
        Value::String(s) => Some(Value::String(s.trim().to_string())),
        Value::Null => Some(Value::String(String::new())),
        Value::Number(n) => Some(Value::String(n.to_string())),
        _ => None,
    }
}

/// Checks seed values: read-only ones are accepted (the seed sets them), anything else the
/// allow-list would refuse is an error, so the seed file cannot drift from the code.
pub fn validate_seed(values: Map<String, Value>) -> anyhow::Result<Vec<(String, Value)>> {
    let mut out = Vec::new();
    for (key, value) in values {
        let rule = Form::SysConfig.field(&key).ok_or_else(|| anyhow::anyhow!("seed: unknown setting {key}"))?;
        let one = Map::from_iter([(key.clone(), value.clone())]);
        if let Some((_, messages)) = entity::check(Form::SysConfig, &one, false).into_iter().next() {
            anyhow::bail!("seed: {key}: {}", messages.into_iter().map(|m| m.text).collect::<Vec<_>>().join("；"));
        }
        let v = stored(rule, &value).ok_or_else(|| anyhow::anyhow!("seed: {key}: not text"))?;
        out.push((key, v));
    }
    Ok(out)
}

pub use super::dto::{LOGIN_LOG, LoginFilter, LoginRecord};
/// The operation log (3) and the request log (5), which the journal's writer writes.
pub use crate::journal::writer::{OPERATION_LOG, REQUEST_LOG};

pub async fn record_login(conn: &mut Conn, record: &LoginRecord<'_>) -> Result<(), AppError> {
    repo::insert_login(conn, record).await
}

/// A log within `scope`, newest first: 1 sign-ins, 3 operations, 5 requests (other
/// categories are not kept and answer an empty page).
pub async fn log(conn: &mut Conn, scope: &DataScope, category: Option<i64>, page: Page, filter: &LoginFilter) -> Result<PageOf<LoginLogEntry>, AppError> {
    let category = category.unwrap_or(LOGIN_LOG);
    if ![LOGIN_LOG, OPERATION_LOG, REQUEST_LOG].contains(&category) {
        return Ok(page.of(Vec::new(), 0));
    }
    let (list, total) = repo::logins(conn, scope, category, page, filter).await?;
    Ok(page.of(list, total))
}

/// The latest successful sign-in within `scope` before `before` (ms): CurrentUser's
/// prevLogin.
pub async fn previous_login(conn: &mut Conn, scope: &DataScope, before: i64) -> Result<Option<LoginLogEntry>, AppError> {
    repo::previous_login(conn, scope, before).await
}

/// Housekeeping: drops login-log rows older than `before`.
pub async fn trim_login_log(conn: &mut Conn, before: i64) -> Result<u64, AppError> {
    repo::delete_logins_before(conn, before).await
}

/// Trims the request log: rows older than `before`, and beyond the newest `keep` (0: no
/// limit); answers how many went.
pub async fn trim_request_log(conn: &mut Conn, before: i64, keep: u64) -> Result<u64, AppError> {
    repo::delete_requests(conn, before, keep.min(i64::MAX as u64) as i64).await
}

/// The avatar of a user who has not chosen one.
pub const DEFAULT_AVATAR: &str = "/api/file/Image/userAvatar/default.svg";

/// The images built into the binary, by (type, name): what the seeded configuration's icons
/// point at (`/api/file/Image/annexpic/logo.svg`) and [`DEFAULT_AVATAR`].
pub fn builtin_image(kind: &str, name: &str) -> Option<(&'static str, &'static [u8])> {
    match (kind, name) {
        ("annexpic", "logo.svg") => Some(("image/svg+xml", include_bytes!("../../../web/public/logo.svg"))),
        ("userAvatar", "default.svg") => Some(("image/svg+xml", include_bytes!("../../images/default-avatar.svg"))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn validation_names_each_bad_field() {
        let change = json!({"title": "", "enableVerificationCode": 2, "verificationCodeNumber": 9,
                            "nope": 1, "sysVersion": "9.9"});
        let Err(AppError::BadInput { fields: Some(f), .. }) = validate(change.as_object().unwrap().clone()) else {
            panic!("expected field errors")
        };
        assert_eq!(f.keys().collect::<Vec<_>>(), ["enableVerificationCode", "nope", "title", "verificationCodeNumber"]);
    }

    #[test]
    fn read_only_and_normalised() {
        let change = json!({"sysVersion": "9.9", "enableVerificationCode": "1", "title": " 启明 "});
        let v = validate(change.as_object().unwrap().clone()).unwrap();
        assert_eq!(v, vec![("enableVerificationCode".into(), json!(1)), ("title".into(), json!("启明"))]);
    }

    #[test]
    fn secrets_hidden_from_public() {
        let c = SysConfig(json!({"title": "启明", "qyhCorpSecret": "x", "qyhAgentSecret": ""}).as_object().unwrap().clone());
        assert!(c.public().get("qyhCorpSecret").is_none());
        assert_eq!(c.for_administrator().get("qyhCorpSecret"), Some(&json!(SECRET_MASK)));
        assert_eq!(c.for_administrator().get("qyhAgentSecret"), Some(&json!("")), "an empty secret shows empty");
        let kept = validate(json!({"qyhCorpSecret": SECRET_MASK, "qyhAgentSecret": "new"}).as_object().unwrap().clone()).unwrap();
        assert_eq!(kept, vec![("qyhAgentSecret".to_string(), json!("new"))]);
    }
}
