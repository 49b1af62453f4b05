//! The system log's request shapes; rows are the login log's (`system::dto::LoginLogEntry`).

use crate::wire::query_params;
use crate::wire::opt_i64;
use crate::wire::list_or_csv;
use serde::Deserialize;
use utoipa::ToSchema;

query_params! {
    /// Filters of a log page: a keyword (user, address, place, OS, browser, outcome, address and
    /// method called) and whole days from `startTime`'s to `endTime`'s (ms, local days), as the
    /// JNPF client's date range sends them.
    pub struct LogSearch {
        pub keyword: Option<String>,
        #[serde(deserialize_with = "opt_i64")]
        #[param(value_type = Option<i64>)]
        pub start_time: Option<i64>,
        #[serde(deserialize_with = "opt_i64")]
        #[param(value_type = Option<i64>)]
        pub end_time: Option<i64>,
        /// The client's `desc`: rows always come newest first.
        pub sort: Option<String>,
    }
}

/// DELETE Log: the rows to delete (the JNPF client sends an array; ids joined by `,` are read
/// too).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogIds {
    #[serde(deserialize_with = "list_or_csv")]
    #[schema(value_type = Vec<String>)]
    pub ids: Vec<String>,
}
