//! Wire types of groups (jnpf-wire-areas.md §1.6).

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::Patch;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

query_params! {
    pub struct GroupQuery {
        pub keyword: Option<String>,
    }
}

/// A row of the group list.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    /// The group type's name (groupType dictionary), shown as it is.
    #[serde(rename = "type")]
    pub type_name: String,
    pub description: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub creator_time: i64,
}

/// GET Group/{id}: the form.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupInfo {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    /// The id of a groupType dictionary item.
    #[serde(rename = "type")]
    #[sqlx(rename = "type")]
    pub kind: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
}

patch_form! {
    /// POST Group / PUT Group/{id}. An update changes only the fields it sends.
    pub struct GroupForm {
        pub full_name: String,
        pub en_code: String,
        #[serde(rename = "type")]
        pub kind: String,
        pub sort_code: i64,
        pub enabled_mark: i64,
        pub description: String,
    }
}

/// A node of the group picker: a group type with its groups (type group can be picked).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupNode {
    pub id: String,
    pub full_name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub icon: String,
    pub has_children: bool,
    pub is_leaf: bool,
    #[schema(no_recursion)]
    pub children: Vec<GroupNode>,
}

/// POST Group/GroupCondition: the groups among these ids (and matching a keyword).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupCondition {
    #[serde(default)]
    pub keyword: String,
    #[serde(default)]
    pub ids: Vec<String>,
}
