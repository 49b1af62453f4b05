//! Wire types of data interfaces (jnpf-wire-areas.md §2.4).

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::{Patch, opt_i64, opt_i64_any};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// An interface as stored (and as its form and its `.bd` file show it).
#[derive(Debug, Clone, Serialize, Deserialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterfaceRow {
    #[serde(default)]
    pub id: String,
    pub category_id: String,
    pub full_name: String,
    pub en_code: String,
    #[serde(default = "platform")]
    pub db_link_id: String,
    /// 1 SQL, 2 static JSON, 3 HTTP.
    pub data_type: i64,
    /// 1: the caller pages (SQL with @offsetSize/@pageSize).
    #[serde(default)]
    pub check_type: i64,
    /// SQL '3' query; HTTP '6' GET, '7' POST; static ''.
    #[serde(default)]
    pub request_method: String,
    /// The HTTP address.
    #[serde(default)]
    pub path: String,
    /// The SQL text or the static JSON text.
    #[serde(default)]
    pub query: String,
    /// The client's data-processing script: kept, not run by the server.
    #[serde(default)]
    pub data_processing: String,
    /// JSON text `[{field, defaultValue}]`.
    #[serde(default)]
    pub request_headers: String,
    /// JSON text `[{field, dataType, defaultValue, required, fieldName}]`; dataType createUser,
    /// createTime, currOrganize or currPosition takes the caller's value.
    #[serde(default)]
    pub request_parameters: String,
    /// JSON text `{countSql, echoSql, …, timeout}` (timeout: seconds an HTTP call may take).
    #[serde(default)]
    pub property_json: String,
    #[serde(default = "json_type")]
    pub response_type: String,
    #[serde(default)]
    pub ip_address: String,
    #[serde(default)]
    pub sort_code: i64,
    #[serde(default = "one")]
    pub enabled_mark: i64,
    #[serde(default)]
    pub description: String,
}

fn platform() -> String {
    "0".into()
}
fn json_type() -> String {
    "json".into()
}
fn one() -> i64 {
    1
}

query_params! {
    /// GET DataInterface / getList: the list's query.
    pub struct InterfaceQuery {
        pub keyword: Option<String>,
        /// A DataInterfaceType item's id; empty for all.
        pub category_id: Option<String>,
        /// 1, 2 or 3; empty for all.
        #[serde(deserialize_with = "opt_i64")]
        #[param(value_type = Option<i64>)]
        pub data_type: Option<i64>,
    }
}

/// A row of the interface list.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterfaceListRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub data_type: i64,
    /// The category's name.
    pub category_id: String,
    pub creator_user: String,
    pub creator_time: i64,
    pub last_modify_time: Option<i64>,
    pub sort_code: i64,
    pub enabled_mark: i64,
}

/// A row of getList (the designer's picker).
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterfaceOption {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub data_type: i64,
    pub request_parameters: String,
    /// 1 when the caller pages.
    pub has_page: i64,
}

/// A node of DataInterface/Selector: the categories with their enabled interfaces.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DataInterfaceSelectorNode)]
pub struct SelectorNode {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    /// 0 a category, the data type for an interface.
    pub data_type: i64,
    pub has_children: bool,
    #[schema(no_recursion)]
    pub children: Vec<SelectorNode>,
}

patch_form! {
    /// POST DataInterface / PUT DataInterface/{id}. An update changes only what it sends.
    pub struct InterfaceForm {
        pub category_id: String,
        pub full_name: String,
        pub en_code: String,
        pub db_link_id: String,
        pub data_type: i64,
        pub check_type: i64,
        #[schema(value_type = Option<String>)]
        pub request_method: Value,
        pub path: String,
        pub query: String,
        pub data_processing: String,
        pub request_headers: String,
        pub request_parameters: String,
        pub property_json: String,
        pub response_type: String,
        pub ip_address: String,
        pub sort_code: i64,
        pub enabled_mark: i64,
        pub description: String,
    }
}

/// A parameter value a caller sends (a widget's templateJson entry).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParamValue {
    #[serde(default)]
    pub field: String,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub default_value: Value,
}

/// POST DataInterface/{id}/Actions/Preview.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewForm {
    #[serde(default)]
    pub param_list: Vec<ParamValue>,
}

/// POST DataInterface/{id}/Action/List: a page of the rows, searched in the chosen columns.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListForm {
    #[serde(default)]
    pub keyword: Option<String>,
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub current_page: Option<i64>,
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub page_size: Option<i64>,
    /// The value key.
    #[serde(default)]
    pub props_value: Option<String>,
    /// The display key.
    #[serde(default)]
    pub relation_field: Option<String>,
    /// csv of the columns the keyword searches (and the popup shows).
    #[serde(default)]
    pub column_options: Option<String>,
    #[serde(default)]
    pub param_list: Vec<ParamValue>,
}

/// POST DataInterface/{id}/Action/InfoByIds: the rows whose value key is one of `ids`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InfoByIdsForm {
    #[serde(default)]
    #[schema(value_type = Vec<String>)]
    pub ids: Vec<Value>,
    #[serde(default)]
    pub props_value: Option<String>,
    #[serde(default)]
    pub param_list: Vec<ParamValue>,
}

/// A page of rows of an interface.
#[derive(Debug, Serialize, ToSchema)]
pub struct RowsPage {
    #[schema(value_type = Vec<Object>)]
    pub list: Vec<Value>,
    pub pagination: crate::wire::Pagination,
}

/// A row of DataInterfaceLog/{id}.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogRow {
    pub id: String,
    pub invok_time: i64,
    /// Who: 姓名/账户.
    pub user_id: String,
    pub invok_ip: String,
    pub invok_device: String,
    pub invok_type: String,
    /// Milliseconds.
    pub invok_waste_time: i64,
    /// 1 worked, 0 failed.
    pub success: i64,
    /// 成功, or the message the caller got.
    pub result: String,
}

query_params! {
    /// DataInterfaceLog/{id}: `keyword` matches the user, address, device and type.
    pub struct LogQuery {
        pub keyword: Option<String>,
    }
}
