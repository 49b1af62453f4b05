//! Wire types of applications, menus and the menus' permission items (jnpf-wire-areas.md
//! §1.8). An update changes only the fields it sends; every info answer may come back whole
//! on PUT, so unknown fields are ignored.

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::{Patch, opt_i64, opt_i64_any, text_or_number};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// `{list}` of an answer that is a list or a tree.
#[derive(Debug, Serialize, ToSchema)]
pub struct ListOf<T> {
    pub list: Vec<T>,
}

query_params! {
    pub struct SystemQuery {
        pub keyword: Option<String>,
        /// 1 enabled, 0 disabled; empty: both.
        #[serde(deserialize_with = "opt_i64")]
        #[param(value_type = Option<i64>)]
        pub enabled_mark: Option<i64>,
    }
}

/// An application (system): a row of the list and the form.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SystemInfo {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub icon: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    /// 1 for the main system, which is never deleted or disabled.
    pub is_main: i64,
    pub description: String,
    /// JSON text `{iconBackgroundColor}`.
    pub property_json: String,
    pub creator_time: i64,
}

patch_form! {
    /// POST System / PUT System/{id}.
    pub struct SystemForm {
        pub full_name: String,
        pub en_code: String,
        pub icon: String,
        pub sort_code: i64,
        pub enabled_mark: i64,
        pub description: String,
        /// JSON text of an object (an object is taken too).
        #[schema(value_type = Option<String>)]
        pub property_json: Value,
    }
}

query_params! {
    pub struct MenuQuery {
        pub keyword: Option<String>,
        /// Web or App; empty: both.
        pub category: Option<String>,
    }
}

/// A menu: a node of the admin tree (with its children) and the form (children empty); read
/// straight from base_module.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct MenuInfo {
    pub id: String,
    /// '-1' at the top.
    pub parent_id: String,
    pub system_id: String,
    pub full_name: String,
    pub en_code: String,
    pub icon: String,
    /// 0/1 directory, 2 page, 3 form, 4 dictionary, 5 report, 6 screen, 7 link, 8 portal.
    #[serde(rename = "type")]
    #[sqlx(rename = "type")]
    pub menu_type: i64,
    pub url_address: String,
    /// _self or _blank.
    pub link_target: String,
    /// Web or App.
    pub category: String,
    /// JSON text `{moduleId, iconBackgroundColor, isTree}`.
    pub property_json: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
    pub is_button_authorize: i64,
    pub is_column_authorize: i64,
    pub is_form_authorize: i64,
    pub is_data_authorize: i64,
    #[sqlx(skip)]
    pub has_children: bool,
    #[schema(no_recursion)]
    #[sqlx(skip)]
    pub children: Vec<MenuInfo>,
}

patch_form! {
    /// POST Menu / PUT Menu/{id}.
    pub struct MenuForm {
        pub parent_id: String,
        pub system_id: String,
        pub full_name: String,
        pub en_code: String,
        pub icon: String,
        #[serde(rename = "type")]
        pub menu_type: i64,
        pub url_address: String,
        pub link_target: String,
        pub category: String,
        /// JSON text of an object (an object is taken too).
        #[schema(value_type = Option<String>)]
        pub property_json: Value,
        pub sort_code: i64,
        pub enabled_mark: i64,
        pub description: String,
        pub is_button_authorize: i64,
        pub is_column_authorize: i64,
        pub is_form_authorize: i64,
        pub is_data_authorize: i64,
    }
}

/// A node of the parent pickers (Menu/Selector, ModuleButton/{moduleId}/Selector).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickerNode {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub icon: String,
    #[serde(rename = "type")]
    pub menu_type: i64,
    pub has_children: bool,
    #[schema(no_recursion)]
    pub children: Vec<PickerNode>,
}

query_params! {
    pub struct KeywordQuery {
        pub keyword: Option<String>,
    }
}

/// A button of a menu: a node of its tree and the form.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ButtonInfo {
    pub id: String,
    pub module_id: String,
    /// '-1' at the top.
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub icon: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
    pub has_children: bool,
    #[schema(no_recursion)]
    pub children: Vec<ButtonInfo>,
}

/// A list column or a form field of a menu.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldInfo {
    pub id: String,
    pub module_id: String,
    pub bind_table: String,
    pub bind_table_name: String,
    pub en_code: String,
    pub full_name: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
    /// 0 main table, 1 secondary table, 2 sub-table.
    pub field_rule: i64,
    pub child_table_key: String,
}

/// A data-permission scheme of a menu.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchemeInfo {
    pub id: String,
    pub module_id: String,
    pub en_code: String,
    pub full_name: String,
    /// JSON text `[{logic, groups: [{id, field, type, op, value, bindTable, fieldRule}]}]`.
    pub condition_json: String,
    /// What the client shows of the condition.
    pub condition_text: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
}

patch_form! {
    /// The form of a button, a column, a form field or a scheme (each kind reads its fields).
    pub struct ItemForm {
        /// The menu; required on creation, fixed afterwards.
        pub module_id: String,
        pub parent_id: String,
        pub full_name: String,
        pub en_code: String,
        pub icon: String,
        pub sort_code: i64,
        pub enabled_mark: i64,
        pub description: String,
        pub bind_table: String,
        pub bind_table_name: String,
        pub field_rule: i64,
        pub child_table_key: String,
        /// JSON text (a scheme's condition); an array is taken too.
        #[schema(value_type = Option<String>)]
        pub condition_json: Value,
        pub condition_text: String,
    }
}

patch_form! {
    /// One field of a batch (`columnJson` / `formJson`).
    pub struct BatchField {
        pub full_name: String,
        pub en_code: String,
        pub bind_table: String,
        pub field_rule: i64,
        pub child_table_key: String,
    }
}

/// POST ModuleColumn/Actions/Batch (`columnJson`) and ModuleForm/Actions/Batch (`formJson`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchForm {
    #[serde(default)]
    pub module_id: String,
    #[serde(default)]
    pub bind_table: Option<String>,
    #[serde(default)]
    pub bind_table_name: Option<String>,
    #[serde(default)]
    pub column_json: Vec<BatchField>,
    #[serde(default)]
    pub form_json: Vec<BatchField>,
}

/// A data-authorize field of a menu, read straight from base_module_data_authorize.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct AuthorizeFieldInfo {
    pub id: String,
    pub module_id: String,
    pub en_code: String,
    pub full_name: String,
    /// int, double, varchar, datetime, text or bigint.
    #[serde(rename = "type")]
    #[sqlx(rename = "type")]
    pub field_type: String,
    /// Comparison symbols, comma-separated (Equal, NotEqual, …).
    pub condition_symbol: String,
    /// The symbols' Chinese names, comma-separated (display).
    #[sqlx(skip)]
    pub condition_symbol_name: String,
    /// 'text' or a variable (@userId, @organizeId, …).
    pub condition_text: String,
    pub bind_table: String,
    pub field_rule: i64,
    pub child_table_key: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
}

patch_form! {
    /// POST / PUT ModuleDataAuthorize.
    pub struct AuthorizeFieldForm {
        pub module_id: String,
        pub en_code: String,
        pub full_name: String,
        #[serde(rename = "type")]
        pub field_type: String,
        pub condition_symbol: String,
        pub condition_text: String,
        pub bind_table: String,
        pub field_rule: i64,
        pub child_table_key: String,
        pub sort_code: i64,
        pub enabled_mark: i64,
        pub description: String,
    }
}

// ---- Data connections (ModuleDataAuthorizeLink) ---------------------------------------------

/// A menu's data connection for one kind of field: `getInfo/{menuId}/{dataType}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkInfo {
    pub module_id: String,
    /// 1 list columns, 2 form fields, 3 data permission.
    pub data_type: i64,
    /// The database: '0' is the platform's own (the only one so far).
    pub link_id: String,
    /// The chosen tables, comma-separated ('' when none).
    pub link_tables: String,
}

/// `getVisualTables/{menuId}/{dataType}`: the chosen tables as a list the client walks.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkTables {
    pub link_id: String,
    pub link_tables: Vec<String>,
}

/// POST `saveLinkData`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkForm {
    #[serde(default)]
    pub module_id: String,
    /// '0' (the platform database); empty is taken as '0'.
    #[serde(default, deserialize_with = "text_or_number")]
    #[schema(value_type = String)]
    pub link_id: String,
    /// Comma-separated table names.
    #[serde(default)]
    pub link_tables: String,
    /// 1 list columns, 2 form fields, 3 data permission (a number or its text).
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub data_type: Option<i64>,
}

/// A column of a table of a data connection.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkField {
    /// The column's name.
    pub field: String,
    /// What the column is called (the platform's columns carry no comment: the name again).
    pub field_name: String,
}

// ---- Menu export and import (.bm) -----------------------------------------------------------

/// POST Menu/{systemId}/Action/Import: the multipart form (the fields may also come in the
/// query string).
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct MenuImportForm {
    /// The .bm file.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
    /// The directory the menu goes under ('-1': the top).
    pub parent_id: String,
    /// Web or App: the page's tab, which must be the file's.
    pub category: String,
}

query_params! {
    /// The import's `parentId` and `category` when sent in the query string.
    pub struct MenuImportQuery {
        pub parent_id: Option<String>,
        pub category: Option<String>,
    }
}

/// A null in a file is the field's empty value (JNPF writes null for unset fields).
fn nullable<'de, D: serde::Deserializer<'de>, T: Default + Deserialize<'de>>(d: D) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// A state in a file: enabled unless it says 0 (null and absent are enabled).
fn enabled<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    Ok(Option::<i64>::deserialize(d)?.unwrap_or(1))
}

fn on() -> i64 {
    1
}

/// Declares a record of a `.bm` file in JNPF's names: every field may be absent or null in a
/// file, which is its empty value (JNPF writes null for unset fields) — except those marked
/// `required` (the id, a menu's type) and the state, which is enabled unless the file says 0.
macro_rules! file_record {
    ($(#[$meta:meta])* $name:ident { $($body:tt)* }) => {
        file_record!(@field [$(#[$meta])* $name] [] $($body)*);
    };
    (@field $head:tt [$($out:tt)*] $(#[$m:meta])* required $field:ident: $ty:ty, $($rest:tt)*) => {
        file_record!(@field $head [$($out)* $(#[$m])* pub $field: $ty,] $($rest)*);
    };
    (@field $head:tt [$($out:tt)*] enabled_mark: i64, $($rest:tt)*) => {
        file_record!(@field $head [$($out)* #[serde(default = "on", deserialize_with = "enabled")] pub enabled_mark: i64,] $($rest)*);
    };
    (@field $head:tt [$($out:tt)*] $(#[$m:meta])* $field:ident: $ty:ty, $($rest:tt)*) => {
        file_record!(@field $head [$($out)* $(#[$m])* #[serde(default, deserialize_with = "nullable")] pub $field: $ty,] $($rest)*);
    };
    (@field [$(#[$meta:meta])* $name:ident] [$($out:tt)*]) => {
        $(#[$meta])*
        #[derive(Debug, Default, Serialize, Deserialize)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            $($out)*
        }
    };
}

/// A menu's `.bm` file: JNPF's ModuleExportModel — the menu (`moduleEntity`) with its buttons,
/// list columns, form fields, data-authorize fields and data-permission schemes — and the
/// menus below it, each the same way (`children`, which JNPF's own import ignores).
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MenuFile {
    pub module_entity: FileMenu,
    #[serde(default, deserialize_with = "nullable")]
    pub button_entity_list: Vec<FileButton>,
    #[serde(default, deserialize_with = "nullable")]
    pub column_entity_list: Vec<FileField>,
    #[serde(default, deserialize_with = "nullable")]
    pub form_entity_list: Vec<FileField>,
    #[serde(default, deserialize_with = "nullable")]
    pub authorize_entity_list: Vec<FileAuthorizeField>,
    #[serde(default, deserialize_with = "nullable")]
    pub scheme_entity_list: Vec<FileScheme>,
    #[serde(default, deserialize_with = "nullable")]
    pub children: Vec<MenuFile>,
}

file_record! {
    /// A menu in a file (JNPF's ModuleEntity names).
    FileMenu {
        required id: String,
        parent_id: String,
        system_id: String,
        full_name: String,
        en_code: String,
        icon: String,
        #[serde(rename = "type")]
        required menu_type: i64,
        url_address: String,
        link_target: String,
        category: String,
        property_json: String,
        sort_code: i64,
        enabled_mark: i64,
        description: String,
        is_button_authorize: i64,
        is_column_authorize: i64,
        is_form_authorize: i64,
        is_data_authorize: i64,
    }
}

file_record! {
    /// A button in a file.
    FileButton {
        required id: String,
        parent_id: String,
        full_name: String,
        en_code: String,
        icon: String,
        sort_code: i64,
        enabled_mark: i64,
        description: String,
    }
}

file_record! {
    /// A list column or a form field in a file.
    FileField {
        required id: String,
        bind_table: String,
        bind_table_name: String,
        full_name: String,
        en_code: String,
        field_rule: i64,
        child_table_key: String,
        sort_code: i64,
        enabled_mark: i64,
        description: String,
    }
}

file_record! {
    /// A data-authorize field in a file.
    FileAuthorizeField {
        required id: String,
        full_name: String,
        en_code: String,
        #[serde(rename = "type")]
        field_type: String,
        condition_symbol: String,
        condition_text: String,
        bind_table: String,
        field_rule: i64,
        child_table_key: String,
        sort_code: i64,
        enabled_mark: i64,
        description: String,
    }
}

file_record! {
    /// A data-permission scheme in a file.
    FileScheme {
        required id: String,
        full_name: String,
        en_code: String,
        /// JSON text, as the scheme's form stores it.
        condition_json: String,
        condition_text: String,
        sort_code: i64,
        enabled_mark: i64,
        description: String,
    }
}
