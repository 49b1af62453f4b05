//! Wire types of the third-party office chat calls (jnpf-wire-areas.md §2.6).

use crate::wire::query_params;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

/// Text a client may send as a JSON number (an agent id); absent and null are None.
fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Option::<serde_json::Value>::deserialize(d)? {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(s)) => Some(s),
        Some(serde_json::Value::Number(n)) => Some(n.to_string()),
        Some(_) => return Err(serde::de::Error::custom("invalid type: expected text")),
    })
}

/// The WeCom (企业微信) settings as the configuration page holds them when a test button is
/// pressed. A field left out, or a secret sent back as the mask the page was given
/// (`******`), stands for the stored setting.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeComTestForm {
    /// 企业ID.
    #[serde(default, deserialize_with = "opt_text")]
    pub qyh_corp_id: Option<String>,
    /// The application's AgentId (shown, not needed for the token).
    #[serde(default, deserialize_with = "opt_text")]
    pub qyh_agent_id: Option<String>,
    /// The application's Secret: what test type 0 (连接测试) checks.
    #[serde(default, deserialize_with = "opt_text")]
    pub qyh_agent_secret: Option<String>,
    /// The contacts-sync Secret (通讯录同步): what test type 1 (同步测试) and the sync use.
    #[serde(default, deserialize_with = "opt_text")]
    pub qyh_corp_secret: Option<String>,
}

/// The DingTalk (钉钉) settings of the configuration page, with the same rules as
/// [`WeComTestForm`].
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DingTalkTestForm {
    #[serde(default, deserialize_with = "opt_text")]
    pub ding_agent_id: Option<String>,
    /// The application's AppKey.
    #[serde(default, deserialize_with = "opt_text")]
    pub ding_syn_app_key: Option<String>,
    /// The application's AppSecret.
    #[serde(default, deserialize_with = "opt_text")]
    pub ding_syn_app_secret: Option<String>,
}

/// How far one kind of object is synced to one service: a row of the sync page's table.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncTotal {
    /// 组织 or 用户 (the client picks the sync call by comparing it with 组织).
    pub syn_type: String,
    /// The system's organisations (companies and departments) or users.
    pub record_total: i64,
    /// Of those, synced by the last attempt.
    pub syn_success_count: i64,
    /// Of those, failed at the last attempt.
    pub syn_fail_count: i64,
    /// Of those, never tried.
    pub un_syn_count: i64,
    /// The last attempt (ms); null before the first.
    pub syn_date: Option<i64>,
}

query_params! {
    /// The direction of a sync call.
    pub struct SyncQuery {
        /// 0 this system → the service; 1 the service → this system.
        #[serde(rename = "type", deserialize_with = "crate::wire::opt_i64")]
        #[param(value_type = Option<i64>)]
        pub direction: Option<i64>,
    }
}
