//! Wire types of data-interface variables (DI-002, DI-008).

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::Patch;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A variable as stored (its form, and its `.bdv` export file).
#[derive(Debug, Clone, Serialize, Deserialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariateRow {
    #[serde(default)]
    pub id: String,
    /// The data interface it belongs to.
    pub interface_id: String,
    /// The variable's name: letters, digits and underscores from a letter; used once.
    pub full_name: String,
    /// What computes it (the designer's script; kept, not run by the server).
    #[serde(default)]
    pub expression: String,
    /// Its value.
    #[serde(default)]
    pub value: String,
    #[serde(default)]
    pub sort_code: i64,
    /// 1 enabled, 0 disabled (DI-002).
    #[serde(default = "enabled")]
    pub enabled_mark: i64,
    #[serde(default)]
    pub description: String,
}

fn enabled() -> i64 {
    1
}

/// A row of an interface's variable list.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariateListRow {
    pub id: String,
    pub interface_id: String,
    pub full_name: String,
    pub expression: String,
    pub value: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    /// Who made it: 姓名/账户.
    pub creator_user: String,
    /// ms.
    pub creator_time: i64,
    /// ms; null when never changed.
    pub last_modify_time: Option<i64>,
}

query_params! {
    /// GET DataInterfaceVariate/{interfaceId}: an optional keyword on the name.
    pub struct VariateQuery {
        pub keyword: Option<String>,
    }
}

patch_form! {
    /// POST DataInterfaceVariate / PUT DataInterfaceVariate/{id}. An update changes only what it
    /// sends.
    pub struct VariateForm {
        pub interface_id: String,
        pub full_name: String,
        pub expression: String,
        pub value: String,
        pub sort_code: i64,
        pub enabled_mark: i64,
        pub description: String,
    }
}

/// A node of DataInterfaceVariate/Selector: an interface (type 0) with its enabled variables
/// (type 1) as children.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariateNode {
    pub id: String,
    /// '-1' for an interface; the interface's id for a variable.
    pub parent_id: String,
    pub full_name: String,
    /// 0 an interface, 1 a variable.
    #[serde(rename = "type")]
    pub kind: i64,
    /// A variable's value ('' for an interface).
    pub value: String,
    pub has_children: bool,
    #[schema(no_recursion)]
    pub children: Vec<VariateNode>,
}
