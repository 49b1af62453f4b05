//! Wire types of areas (jnpf-wire-areas.md §2.3).

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::Patch;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// An area as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AreaRow {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
}

query_params! {
    /// GET Area/{parentId}: `keyword` (name or code) filters the children.
    pub struct AreaQuery {
        pub keyword: Option<String>,
    }
}

/// A row of the lazy area table (AREA-004): its children load with `Area/{id}`.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaListRow {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub has_children: bool,
    /// The opposite of hasChildren.
    pub is_leaf: bool,
}

/// A node of the area picker: only enabled areas; `isLeaf` when no enabled area is below.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaOption {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub is_leaf: bool,
}

/// `{list}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ListOf<T> {
    pub list: Vec<T>,
}

/// GET Area/{id}/Info: the area form; an empty parentName means the top (顶级节点, '-1').
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaInfo {
    pub id: String,
    pub parent_id: String,
    pub parent_name: String,
    pub full_name: String,
    pub en_code: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
}

patch_form! {
    /// POST Area / PUT Area/{id}. An update changes only what it sends (the client posts the
    /// Info answer back whole; `id` and `parentName` are ignored).
    pub struct AreaForm {
        /// '-1' for a province.
        pub parent_id: String,
        pub full_name: String,
        pub en_code: String,
        pub sort_code: i64,
        pub enabled_mark: i64,
        pub description: String,
    }
}

/// POST Area/GetAreaByIds: one id path per stored value (`[provinceId, cityId, …]`); a single
/// id may come on its own.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaIdsForm {
    #[serde(default)]
    #[schema(value_type = Vec<Vec<String>>)]
    pub ids_list: Vec<Value>,
}
