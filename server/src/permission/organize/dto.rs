//! Wire types of organisations and departments (jnpf-wire-areas.md §1.3).

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::Patch;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

query_params! {
    pub struct KeywordQuery {
        /// Matches name or code; matching nodes come with their ancestors.
        pub keyword: Option<String>,
    }
}

/// A node of the organisation management tree.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganizeNode {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    /// company or department.
    #[serde(rename = "type")]
    pub category: String,
    pub icon: String,
    pub manager_id: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub creator_time: i64,
    pub has_children: bool,
    #[schema(no_recursion)]
    pub children: Vec<OrganizeNode>,
}

/// A node of every organisation picker (ORG-001): `organize` is the path of names and
/// `organizeIds` the path of ids, from the top to the node.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SelectorNode {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    #[serde(rename = "type")]
    pub category: String,
    pub icon: String,
    pub organize: String,
    pub organize_ids: Vec<String>,
    /// A department's names from the top, as a picked value shows it (ORG-003).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_full_name: Option<String>,
    pub disabled: bool,
    pub has_children: bool,
    pub is_leaf: bool,
    #[schema(no_recursion)]
    pub children: Vec<SelectorNode>,
}

/// GET Organize/{id}: the company form.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyInfo {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub enabled_mark: i64,
    pub sort_code: i64,
    pub description: String,
    /// The id path of the parent company; `["-1"]` for a top company (the picker's 顶级节点).
    pub organize_id_tree: Vec<String>,
    /// JSON text of the company's details (short name, nature, industry, founded, phones, …).
    pub property_json: String,
}

patch_form! {
    /// POST Organize / PUT Organize/{id}. An update changes only the fields it sends.
    pub struct CompanyForm {
        /// '-1' for a top company, else a company's id.
        pub parent_id: String,
        pub full_name: String,
        pub en_code: String,
        pub enabled_mark: i64,
        pub sort_code: i64,
        pub description: String,
        /// The details as an object (the client sends an object, reads JSON text).
        #[schema(value_type = Option<Object>)]
        pub property_json: Value,
    }
}

/// GET Organize/Department/{id}: the department form.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentInfo {
    pub id: String,
    pub parent_id: String,
    pub manager_id: String,
    pub full_name: String,
    pub en_code: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
    /// The id path of the parent organisation.
    pub organize_id_tree: Vec<String>,
}

patch_form! {
    /// POST Organize/Department / PUT Organize/Department/{id}. An update changes only the fields
    /// it sends; organizeIdTree, sent back by the client, is ignored (parentId decides).
    pub struct DepartmentForm {
        pub parent_id: String,
        pub manager_id: String,
        pub full_name: String,
        pub en_code: String,
        pub sort_code: i64,
        pub enabled_mark: i64,
        pub description: String,
    }
}

/// POST Organize/OrganizeCondition: the tree limited to these organisations (and below).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConditionRequest {
    #[serde(default)]
    pub keyword: String,
    #[serde(default)]
    pub depart_ids: Vec<String>,
}

/// `{list}` answers of the trees.
#[derive(Debug, Serialize, ToSchema)]
pub struct TreeOf<T> {
    pub list: Vec<T>,
}

/// POST Position/getListByOrgIds, Role/getListByOrgIds: these organisations.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ByOrganisations {
    #[serde(default)]
    pub organize_ids: Vec<String>,
}

/// One organisation with its positions or roles (the user form's options).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionGroup {
    pub id: String,
    pub full_name: String,
    pub children: Vec<IdFullName>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdFullName {
    pub id: String,
    pub full_name: String,
}
