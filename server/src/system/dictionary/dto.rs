//! Wire types of dictionaries (jnpf-wire-areas.md §2.1, jnpf-wire.md "System data").

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::{Patch, opt_i64};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A category as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TypeRow {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub is_tree: i64,
    pub category: String,
    pub sort_code: i64,
    pub description: String,
}

/// An item as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ItemRow {
    pub id: String,
    pub dictionary_type_id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
}

/// A node of the category tree (DICT-019): the root's parentId is '-1'.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TypeNode {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    /// 1 a tree of items, 0 a list.
    pub is_tree: i64,
    pub sort_code: i64,
    /// '0'.
    pub category: String,
    pub description: String,
    pub has_children: bool,
    #[schema(no_recursion)]
    pub children: Vec<TypeNode>,
}

/// GET DictionaryType/{id}: the category form.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TypeInfo {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub is_tree: i64,
    pub sort_code: i64,
    pub category: String,
    pub description: String,
}

patch_form! {
    /// POST DictionaryType / PUT DictionaryType/{id}. An update changes only what it sends;
    /// isTree is fixed once the category exists.
    pub struct TypeForm {
        /// '-1' for the top.
        pub parent_id: String,
        pub full_name: String,
        pub en_code: String,
        pub is_tree: i64,
        pub sort_code: i64,
        pub category: String,
        pub description: String,
    }
}

/// A dictionary item in a list or tree (DICT-021).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemNode {
    pub id: String,
    pub dictionary_type_id: String,
    /// '0' at the top of its category.
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
    pub has_children: bool,
    /// In a tree: the node's children (left out of flat lists and of leaves).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub children: Option<Vec<ItemNode>>,
}

query_params! {
    /// GET DictionaryData/{typeId}: the right pane's query.
    pub struct ItemQuery {
        pub keyword: Option<String>,
        /// 1: a tree (when the category is one); 0: a flat list; absent: as the category is.
        #[serde(deserialize_with = "opt_i64")]
        #[param(value_type = Option<i64>)]
        pub is_tree: Option<i64>,
    }
}

/// GET DictionaryData/{id}/Info: the item form.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemInfo {
    pub id: String,
    pub dictionary_type_id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub enabled_mark: i64,
    pub sort_code: i64,
    pub description: String,
}

// Documented as DictionaryItemForm: the menu's ItemForm (permission::module) has the same Rust
// name, and the OpenAPI document keys schemas by name alone (api.rs refuses two under one).
patch_form! {
    /// POST DictionaryData / PUT DictionaryData/{id}. parentId '0' (or the category's own id, as
    /// the parent picker's first node) is the top of the category. An update changes only what
    /// it sends; an item stays in its category.
    #[schema(as = DictionaryItemForm)]
    pub struct ItemForm {
        pub dictionary_type_id: String,
        pub parent_id: String,
        pub full_name: String,
        pub en_code: String,
        pub sort_code: i64,
        pub enabled_mark: i64,
        pub description: String,
    }
}

query_params! {
    /// GET DictionaryData/{typeId}/Selector/{id}: `isTree` as the category is.
    pub struct SelectorQuery {
        #[serde(deserialize_with = "opt_i64")]
        #[param(value_type = Option<i64>)]
        pub is_tree: Option<i64>,
    }
}

/// A node of a picker: a category or an item.
// Documented as DictionaryPickerNode: the menu picker's PickerNode has the same Rust name.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DictionaryPickerNode)]
pub struct PickerNode {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub has_children: bool,
    #[schema(no_recursion)]
    pub children: Vec<PickerNode>,
}

/// An option of a dictionary (Data/Selector, the form designer's and the super query's
/// choices): enabled items only.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionNode {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub children: Option<Vec<OptionNode>>,
}

/// One category of DictionaryData/All with its enabled items (a tree when the category is
/// one). Clients look a dictionary up by the category's id or its enCode.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dictionary {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub is_tree: i64,
    pub dictionary_list: Vec<ItemNode>,
}

/// The `.bdd` file: categories and their items, as exported and as imported (JNPF's layout:
/// `list` the categories, `modelList` the items).
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictionaryFile {
    pub list: Vec<FileType>,
    #[serde(default)]
    pub model_list: Vec<FileItem>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileType {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    #[serde(default)]
    pub is_tree: i64,
    #[serde(default)]
    pub sort_code: i64,
    #[serde(default)]
    pub description: String,
    #[serde(default = "zero")]
    pub category: String,
}

fn zero() -> String {
    "0".into()
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileItem {
    pub id: String,
    pub dictionary_type_id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
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
