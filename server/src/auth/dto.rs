//! The auth area's request and answer shapes (jnpf-wire.md "Sign-in").

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The login form (`application/x-www-form-urlencoded`); `origin`, `jnpf_ticket` and
/// `grant_type` are accepted and ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LoginForm {
    pub account: String,
    /// Lower-case MD5 hex of what was typed.
    pub password: String,
    /// The captcha answer (empty when none is asked).
    pub code: String,
    /// The captcha key.
    pub timestamp: String,
    pub origin: String,
    pub jnpf_ticket: String,
    pub grant_type: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LoggedIn {
    /// `Bearer …`, sent back verbatim as Authorization.
    pub token: String,
    /// classic, functional, plain or blend.
    pub theme: String,
}

/// GET /api/oauth/getLoginConfig: no single sign-on is configured.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginConfig {
    pub redirect: bool,
    pub url: String,
    pub ticket_params: String,
    pub socials_list: Vec<String>,
}

/// GET /api/oauth/getConfig/{account}: does the login form need a captcha?
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountConfig {
    /// 1 when the form must show a captcha.
    pub enable_verification_code: i64,
    /// Its length (3–6).
    pub verification_code_number: i64,
}

/// POST /api/oauth/LockScreen: `{}` locks; `{account, password}` unlocks.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LockRequest {
    pub account: Option<String>,
    /// MD5 hex; absent means "lock".
    pub password: Option<String>,
}

/// POST /api/permission/Users/Current/Actions/ModifyPassword.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChange {
    /// MD5 hex of the current password.
    pub old_password: String,
    /// MD5 hex of the new password.
    pub password: String,
    /// The new password as typed, so the server can check the policy itself (Qiming's client
    /// sends it; the JNPF client does not, see `QIMING_JNPF_CLIENTS`).
    #[serde(default)]
    pub plain_password: Option<String>,
    #[serde(default)]
    pub code: String,
    /// The captcha key: text, or a number as the JNPF client sends it.
    #[serde(default, deserialize_with = "crate::wire::text_or_number")]
    #[schema(value_type = String)]
    pub timestamp: String,
}
