//! Wire types of serial-number rules (jnpf-wire-areas.md §2.2, jnpf-wire.md "System data").

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::Patch;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// A rule as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RuleRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub category: String,
    pub prefix: String,
    pub date_format: String,
    pub digit: i64,
    pub start_number: String,
    pub output_number: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
}

query_params! {
    /// GET BillRule: the list's query (`sort` and `sidx` are accepted and the list keeps its
    /// order: sort code, then newest first).
    pub struct RuleQuery {
        pub keyword: Option<String>,
        /// A businessType item's id; empty for every category.
        pub category_id: Option<String>,
    }
}

/// A row of the rule list.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleListRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    /// The category's name (businessType), shown as it is.
    pub category: String,
    pub start_number: String,
    /// The last number issued ('' before the first).
    pub output_number: String,
    pub digit: i64,
    /// Who made it: 姓名/账户.
    pub creator_user: String,
    pub creator_time: i64,
    pub last_modify_time: Option<i64>,
    pub sort_code: i64,
    pub enabled_mark: i64,
}

/// A row of the rule picker (BILL-024, BILL-025); a serial-number field stores the enCode.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleOption {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub start_number: String,
    /// The category's id.
    pub category: String,
}

/// GET BillRule/{id}: the rule form (BILL-002), with the example for today.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleInfo {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    /// The id of a businessType item.
    pub category: String,
    pub prefix: String,
    /// yyyyMMdd, yyyyMM, yyyy or no.
    pub date_format: String,
    pub digit: i64,
    pub start_number: String,
    /// The first number the rule issues today.
    pub example: String,
    pub output_number: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
}

patch_form! {
    /// POST BillRule / PUT BillRule/{id}. An update changes only what it sends; `example` is
    /// the client's preview and is computed here instead. `digit` and `startNumber` may come as
    /// numbers or as text.
    pub struct RuleForm {
        pub full_name: String,
        pub en_code: String,
        pub category: String,
        pub prefix: String,
        pub date_format: String,
        #[schema(value_type = Option<String>)]
        pub digit: Value,
        #[schema(value_type = Option<String>)]
        pub start_number: Value,
        pub sort_code: i64,
        pub enabled_mark: i64,
        pub description: String,
    }
}

/// The `.bb` file: one rule, as exported and as imported.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleFile {
    #[serde(default)]
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub category: String,
    #[serde(default)]
    pub prefix: String,
    pub date_format: String,
    #[schema(value_type = String)]
    pub digit: Value,
    #[schema(value_type = String)]
    pub start_number: Value,
    #[serde(default)]
    pub sort_code: i64,
    #[serde(default = "one")]
    pub enabled_mark: i64,
    #[serde(default)]
    pub description: String,
}

fn one() -> i64 {
    1
}
