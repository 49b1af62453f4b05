//! Wire types of applications, menus and the menus' permission items (jnpf-wire-areas.md
//! §1.8). An update changes only the fields it sends; every info answer may come back whole
//! on PUT, so unknown fields are ignored.

use crate::wire::{Patch, opt_i64, opt_i64_any, text_or_number};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

/// `{list}` of an answer that is a list or a tree.
#[derive(Debug, Serialize, ToSchema)]
pub struct ListOf<T> {
    pub list: Vec<T>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SystemQuery {
    #[serde(default)]
    pub keyword: Option<String>,
    /// 1 enabled, 0 disabled; empty: both.
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub enabled_mark: Option<i64>,
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

/// POST System / PUT System/{id}.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SystemForm {
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub full_name: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub en_code: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub icon: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub sort_code: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub enabled_mark: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub description: Patch<String>,
    /// JSON text of an object (an object is taken too).
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<String>)]
    pub property_json: Patch<Value>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct MenuQuery {
    #[serde(default)]
    pub keyword: Option<String>,
    /// Web or App; empty: both.
    #[serde(default)]
    pub category: Option<String>,
}

/// A menu: a node of the admin tree (with its children) and the form (children empty).
#[derive(Debug, Clone, Serialize, ToSchema)]
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
    pub has_children: bool,
    #[schema(no_recursion)]
    pub children: Vec<MenuInfo>,
}

/// POST Menu / PUT Menu/{id}.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuForm {
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub parent_id: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub system_id: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub full_name: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub en_code: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub icon: Patch<String>,
    #[serde(default, rename = "type", skip_serializing_if = "Patch::is_absent")]
    pub menu_type: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub url_address: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub link_target: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub category: Patch<String>,
    /// JSON text of an object (an object is taken too).
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<String>)]
    pub property_json: Patch<Value>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub sort_code: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub enabled_mark: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub description: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub is_button_authorize: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub is_column_authorize: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub is_form_authorize: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub is_data_authorize: Patch<i64>,
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

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct KeywordQuery {
    #[serde(default)]
    pub keyword: Option<String>,
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

/// The form of a button, a column, a form field or a scheme (each kind reads its fields).
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemForm {
    /// The menu; required on creation, fixed afterwards.
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub module_id: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub parent_id: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub full_name: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub en_code: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub icon: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub sort_code: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub enabled_mark: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub description: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub bind_table: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub bind_table_name: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub field_rule: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub child_table_key: Patch<String>,
    /// JSON text (a scheme's condition); an array is taken too.
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<String>)]
    pub condition_json: Patch<Value>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub condition_text: Patch<String>,
}

/// One field of a batch (`columnJson` / `formJson`).
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchField {
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub full_name: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub en_code: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub bind_table: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub field_rule: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub child_table_key: Patch<String>,
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

/// A data-authorize field of a menu.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorizeFieldInfo {
    pub id: String,
    pub module_id: String,
    pub en_code: String,
    pub full_name: String,
    /// int, double, varchar, datetime, text or bigint.
    #[serde(rename = "type")]
    pub field_type: String,
    /// Comparison symbols, comma-separated (Equal, NotEqual, …).
    pub condition_symbol: String,
    /// The symbols' Chinese names, comma-separated (display).
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

/// POST / PUT ModuleDataAuthorize.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorizeFieldForm {
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub module_id: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub en_code: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub full_name: Patch<String>,
    #[serde(default, rename = "type", skip_serializing_if = "Patch::is_absent")]
    pub field_type: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub condition_symbol: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub condition_text: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub bind_table: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub field_rule: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub child_table_key: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub sort_code: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub enabled_mark: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub description: Patch<String>,
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

/// The import's `parentId` and `category` when sent in the query string.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct MenuImportQuery {
    #[serde(default)]
    pub parent_id: Option<String>,
    #[serde(default)]
    pub category: Option<String>,
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

/// A menu in a file (JNPF's ModuleEntity names).
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileMenu {
    pub id: String,
    #[serde(default, deserialize_with = "nullable")]
    pub parent_id: String,
    #[serde(default, deserialize_with = "nullable")]
    pub system_id: String,
    #[serde(default, deserialize_with = "nullable")]
    pub full_name: String,
    #[serde(default, deserialize_with = "nullable")]
    pub en_code: String,
    #[serde(default, deserialize_with = "nullable")]
    pub icon: String,
    #[serde(rename = "type")]
    pub menu_type: i64,
    #[serde(default, deserialize_with = "nullable")]
    pub url_address: String,
    #[serde(default, deserialize_with = "nullable")]
    pub link_target: String,
    #[serde(default, deserialize_with = "nullable")]
    pub category: String,
    #[serde(default, deserialize_with = "nullable")]
    pub property_json: String,
    #[serde(default, deserialize_with = "nullable")]
    pub sort_code: i64,
    #[serde(default = "on", deserialize_with = "enabled")]
    pub enabled_mark: i64,
    #[serde(default, deserialize_with = "nullable")]
    pub description: String,
    #[serde(default, deserialize_with = "nullable")]
    pub is_button_authorize: i64,
    #[serde(default, deserialize_with = "nullable")]
    pub is_column_authorize: i64,
    #[serde(default, deserialize_with = "nullable")]
    pub is_form_authorize: i64,
    #[serde(default, deserialize_with = "nullable")]
    pub is_data_authorize: i64,
}

/// A button in a file.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileButton {
    pub id: String,
    #[serde(default, deserialize_with = "nullable")]
    pub parent_id: String,
    #[serde(default, deserialize_with = "nullable")]
    pub full_name: String,
    #[serde(default, deserialize_with = "nullable")]
    pub en_code: String,
    #[serde(default, deserialize_with = "nullable")]
    pub icon: String,
    #[serde(default, deserialize_with = "nullable")]
    pub sort_code: i64,
    #[serde(default = "on", deserialize_with = "enabled")]
    pub enabled_mark: i64,
    #[serde(default, deserialize_with = "nullable")]
    pub description: String,
}

/// A list column or a form field in a file.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileField {
    pub id: String,
    #[serde(default, deserialize_with = "nullable")]
    pub bind_table: String,
    #[serde(default, deserialize_with = "nullable")]
    pub bind_table_name: String,
    #[serde(default, deserialize_with = "nullable")]
    pub full_name: String,
    #[serde(default, deserialize_with = "nullable")]
    pub en_code: String,
    #[serde(default, deserialize_with = "nullable")]
    pub field_rule: i64,
    #[serde(default, deserialize_with = "nullable")]
    pub child_table_key: String,
    #[serde(default, deserialize_with = "nullable")]
    pub sort_code: i64,
    #[serde(default = "on", deserialize_with = "enabled")]
    pub enabled_mark: i64,
    #[serde(default, deserialize_with = "nullable")]
    pub description: String,
}

/// A data-authorize field in a file.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileAuthorizeField {
    pub id: String,
    #[serde(default, deserialize_with = "nullable")]
    pub full_name: String,
    #[serde(default, deserialize_with = "nullable")]
    pub en_code: String,
    #[serde(default, rename = "type", deserialize_with = "nullable")]
    pub field_type: String,
    #[serde(default, deserialize_with = "nullable")]
    pub condition_symbol: String,
    #[serde(default, deserialize_with = "nullable")]
    pub condition_text: String,
    #[serde(default, deserialize_with = "nullable")]
    pub bind_table: String,
    #[serde(default, deserialize_with = "nullable")]
    pub field_rule: i64,
    #[serde(default, deserialize_with = "nullable")]
    pub child_table_key: String,
    #[serde(default, deserialize_with = "nullable")]
    pub sort_code: i64,
    #[serde(default = "on", deserialize_with = "enabled")]
    pub enabled_mark: i64,
    #[serde(default, deserialize_with = "nullable")]
    pub description: String,
}

/// A data-permission scheme in a file.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileScheme {
    pub id: String,
    #[serde(default, deserialize_with = "nullable")]
    pub full_name: String,
    #[serde(default, deserialize_with = "nullable")]
    pub en_code: String,
    /// JSON text, as the scheme's form stores it.
    #[serde(default, deserialize_with = "nullable")]
    pub condition_json: String,
    #[serde(default, deserialize_with = "nullable")]
    pub condition_text: String,
    #[serde(default, deserialize_with = "nullable")]
    pub sort_code: i64,
    #[serde(default = "on", deserialize_with = "enabled")]
    pub enabled_mark: i64,
    #[serde(default, deserialize_with = "nullable")]
    pub description: String,
}
