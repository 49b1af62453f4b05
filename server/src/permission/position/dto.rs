//! Wire types of positions (jnpf-wire-areas.md §1.4).

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::Patch;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

query_params! {
    pub struct PositionQuery {
        /// An organisation: its positions and those below it ('' or absent: all).
        pub organize_id: Option<String>,
        pub keyword: Option<String>,
    }
}

/// A row of the position list.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionRow {
    pub id: String,
    pub organize_id: String,
    pub full_name: String,
    pub en_code: String,
    /// The position type's name (PositionType dictionary), shown as it is.
    #[serde(rename = "type")]
    pub type_name: String,
    /// The organisation's names from the top.
    pub department: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub creator_time: i64,
}

/// GET Position/{id}: the form.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionInfo {
    pub id: String,
    pub organize_id: String,
    /// The organisation's id path.
    pub organize_id_tree: Vec<String>,
    pub full_name: String,
    pub en_code: String,
    /// The enCode of a PositionType dictionary item.
    #[serde(rename = "type")]
    pub kind: String,
    pub enabled_mark: i64,
    pub sort_code: i64,
    pub description: String,
}

patch_form! {
    /// POST Position / PUT Position/{id}. An update changes only the fields it sends.
    pub struct PositionForm {
        pub organize_id: String,
        pub full_name: String,
        pub en_code: String,
        #[serde(rename = "type")]
        pub kind: String,
        pub enabled_mark: i64,
        pub sort_code: i64,
        pub description: String,
    }
}

/// A position in the flat lookup list (GET Position/All).
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionItem {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub organize_id: String,
}

/// POST Position/PositionCondition: positions of these organisations (and below) or these ids.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionCondition {
    #[serde(default)]
    pub keyword: String,
    #[serde(default)]
    pub depart_ids: Vec<String>,
    #[serde(default)]
    pub position_ids: Vec<String>,
}
