//! The system area's request and answer shapes.

use crate::wire::query_params;
use crate::db::Keyword;
use crate::request::Client;
use crate::wire::opt_i64;
use serde::Serialize;
use utoipa::ToSchema;

/// A login-log row as the profile page lists it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginLogEntry {
    pub id: String,
    /// When (ms).
    pub creator_time: i64,
    pub user_name: String,
    #[serde(rename = "ipaddress")]
    pub ip_address: String,
    /// 本地, 局域网 or 未知.
    #[serde(rename = "ipaddressName")]
    pub ip_address_name: String,
    /// The operating system.
    #[serde(rename = "platForm")]
    pub platform: String,
    pub browser: String,
    /// 1 success, 0 failure.
    pub login_mark: i64,
    /// The outcome in words (登录成功 or the failure's reason; the HTTP status of a call).
    pub abstracts: String,
    /// Request and operation logs: the address called, its method and how long it took (ms).
    #[serde(rename = "requestURL")]
    pub request_url: String,
    pub request_method: String,
    pub request_duration: i64,
    /// Request and operation logs: the page (menu) the call acted for, where its route names
    /// one ('' otherwise).
    pub module_name: String,
    /// Request and operation logs: what a write sent, passwords, secrets and tokens masked,
    /// cut at 4,000 characters ('' for reads).
    pub json: String,
}

query_params! {
    /// Filters of a log list: times in ms (inclusive), `category` 1 the login log, 3 the
    /// operation log, 5 the request log, and a keyword matched against address, place, OS,
    /// browser, outcome and the address called.
    pub struct LogQuery {
        #[serde(deserialize_with = "opt_i64")]
        #[param(value_type = Option<i64>)]
        pub start_time: Option<i64>,
        #[serde(deserialize_with = "opt_i64")]
        #[param(value_type = Option<i64>)]
        pub end_time: Option<i64>,
        #[serde(deserialize_with = "opt_i64")]
        #[param(value_type = Option<i64>)]
        pub category: Option<i64>,
        pub keyword: Option<String>,
    }
}

/// `{list}` answers (trees and lists without paging).
#[derive(Debug, Serialize, ToSchema)]
pub struct ListOf<T> {
    pub list: Vec<T>,
}

/// The login log is category 1 of the system log.
pub const LOGIN_LOG: i64 = 1;

/// One sign-in attempt to record; `user_id` is None for an unknown account.
pub struct LoginRecord<'a> {
    pub user_id: Option<&'a str>,
    pub user_name: &'a str,
    pub success: bool,
    pub reason: String,
    pub client: &'a Client,
    /// When (ms); a successful sign-in uses its session's creation time, so that the
    /// session's own sign-in is never its "previous login".
    pub at: i64,
}

/// Filters of the login log.
#[derive(Debug, Default)]
pub struct LoginFilter {
    pub start: Option<i64>,
    pub end: Option<i64>,
    pub keyword: Option<Keyword>,
}

// ---- The designers' picker of data connections (jnpf-wire-engine2.md §6.2) ----

/// The platform database's id, the `dbLinkId` of models and data interfaces.
pub const PLATFORM_DB_ID: &str = "0";
pub const PLATFORM_DB_NAME: &str = "默认数据库";
/// The group the platform database is listed under (as the JNPF server lists it).
pub const PLATFORM_GROUP_ID: &str = "-2";

/// A node of GET DataSource/Selector: a group of connections, or a connection.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceNode {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub has_children: bool,
    #[schema(no_recursion)]
    pub children: Vec<SourceNode>,
}

impl SourceNode {
    /// The one group holding the platform database.
    pub fn platform() -> SourceNode {
        SourceNode {
            id: PLATFORM_GROUP_ID.into(),
            parent_id: "0".into(),
            full_name: String::new(),
            has_children: true,
            children: vec![SourceNode {
                id: PLATFORM_DB_ID.into(),
                parent_id: PLATFORM_GROUP_ID.into(),
                full_name: PLATFORM_DB_NAME.into(),
                has_children: false,
                children: Vec::new(),
            }],
        }
    }
}
