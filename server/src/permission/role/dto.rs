//! Wire types of roles (jnpf-wire-areas.md §1.5).

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::Patch;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The role type the list shows; the client compares it with '全局' to choose the members
/// dialog.
pub const GLOBAL: &str = "全局";
pub const ORGANISATION: &str = "组织";

query_params! {
    pub struct RoleQuery {
        /// '' every role; '0' the global roles; else the roles of this organisation and below.
        pub organize_id: Option<String>,
        pub keyword: Option<String>,
    }
}

/// A row of the role list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    /// Exactly 全局 or 组织.
    #[serde(rename = "type")]
    pub kind: String,
    /// The organisations' name paths, comma-separated.
    pub organize_info: String,
    pub description: String,
    pub creator_time: i64,
    pub sort_code: i64,
    pub enabled_mark: i64,
}

/// GET Role/{id}: the form.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleInfo {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// 1 global, 0 organisation.
    pub global_mark: i64,
    /// The id path of each organisation ([] for a global role).
    pub organize_ids_tree: Vec<Vec<String>>,
    pub enabled_mark: i64,
    pub sort_code: i64,
    pub description: String,
}

patch_form! {
    /// POST Role / PUT Role/{id}. An update changes only the fields it sends.
    pub struct RoleForm {
        pub full_name: String,
        pub en_code: String,
        pub global_mark: i64,
        /// An id path per organisation: the last id of each is the organisation.
        pub organize_ids_tree: Vec<Vec<String>>,
        pub enabled_mark: i64,
        pub sort_code: i64,
        pub description: String,
    }
}

/// A node of the role pickers (ROLE-003): `onlyId` is unique in the tree, because one role
/// may hang under several organisations.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleNode {
    pub id: String,
    pub only_id: String,
    pub parent_id: String,
    pub full_name: String,
    /// role, or the organisation's category; '' for the global top node.
    #[serde(rename = "type")]
    pub kind: String,
    pub icon: String,
    pub disabled: bool,
    pub has_children: bool,
    pub is_leaf: bool,
    #[schema(no_recursion)]
    pub children: Vec<RoleNode>,
}

/// POST Role/RoleCondition: the tree limited to these roles (custom roles).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleCondition {
    #[serde(default)]
    pub keyword: String,
    #[serde(default)]
    pub ids: Vec<String>,
}
