//! Wire types of model definitions (jnpf-wire-engine.md §6). The parts (formData,
//! columnData, appColumnData, tables, interfaceParam) travel as JSON text, as the JNPF
//! designer posts and reads them.

use crate::wire::query_params;
use crate::wire::{Patch, opt_i64};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

/// A draft as stored: its answer (GET Base/{id}), read straight from base_visual_dev.
pub type ModelRow = ModelInfo;

/// A released version as stored (never changed once written).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReleasedRow {
    pub visual_id: String,
    pub version: i64,
    pub full_name: String,
    pub web_type: i64,
    pub tables: String,
    pub form_data: String,
    pub column_data: String,
    pub app_column_data: String,
}

/// GET Base and Base/list: the query (`sort` and `sidx` are accepted; the list keeps its
/// order: sort code, then newest first).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ModelQuery {
    #[serde(default)]
    pub keyword: Option<String>,
    /// 1 功能设计 (the only type this build makes); empty for every type.
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub r#type: Option<i64>,
    /// A category's dictionary item id; empty for every category.
    #[serde(default)]
    pub category: Option<String>,
}

/// A row of the model list.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelListRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    /// The category's name (its dictionary item), or the stored id when there is none.
    pub category: String,
    pub r#type: i64,
    /// 1 表单, 2 表单+列表, 4 数据视图.
    pub web_type: i64,
    pub enable_flow: i64,
    pub state: i64,
    /// Who made it: 姓名/账户.
    pub creator_user: String,
    pub creator_time: i64,
    pub last_modify_time: Option<i64>,
    pub sort_code: i64,
    /// 1 when a released version exists (发布预览 is offered).
    pub is_release: i64,
    pub pc_is_release: i64,
    pub app_is_release: i64,
    /// The latest released version (0 before the first release).
    pub version: i64,
}

/// GET Base/{id}: the draft, parts as JSON text; the editor posts it back whole.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ModelInfo {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    #[sqlx(rename = "model_type")]
    pub r#type: i64,
    pub web_type: i64,
    pub db_link_id: String,
    pub sort_code: i64,
    pub enable_flow: i64,
    pub state: i64,
    pub category: String,
    pub description: String,
    pub tables: String,
    pub form_data: String,
    pub column_data: String,
    pub app_column_data: String,
    pub interface_id: String,
    pub interface_name: String,
    pub interface_param: String,
    pub is_release: i64,
    pub pc_is_release: i64,
    pub app_is_release: i64,
    pub version: i64,
}

/// POST Base / PUT Base/{id}. An update changes only what it sends (the JNPF editor posts
/// the GET answer back whole; unknown fields are ignored). The parts may come as JSON text
/// or as JSON; they are stored as text.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelForm {
    #[serde(default)]
    pub full_name: Patch<String>,
    #[serde(default)]
    pub en_code: Patch<String>,
    #[serde(default)]
    pub r#type: Patch<i64>,
    #[serde(default)]
    pub web_type: Patch<i64>,
    #[serde(default)]
    pub db_link_id: Patch<String>,
    #[serde(default)]
    pub sort_code: Patch<i64>,
    #[serde(default)]
    pub enable_flow: Patch<i64>,
    #[serde(default)]
    pub state: Patch<i64>,
    #[serde(default)]
    pub category: Patch<String>,
    #[serde(default)]
    pub description: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub tables: Patch<Value>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub form_data: Patch<Value>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub column_data: Patch<Value>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub app_column_data: Patch<Value>,
    #[serde(default)]
    pub interface_id: Patch<String>,
    #[serde(default)]
    pub interface_name: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub interface_param: Patch<Value>,
}

/// POST Base/{id}/Actions/Release: which sides to publish; with `pc` 1 and a
/// `pcModuleParentId` the model's Web function menu is made (or moved) under that parent.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReleaseForm {
    #[serde(default)]
    pub pc: Option<i64>,
    #[serde(default)]
    pub app: Option<i64>,
    #[serde(default)]
    pub pc_module_parent_id: Option<String>,
    #[serde(default)]
    pub app_module_parent_id: Option<String>,
    #[serde(default)]
    pub pc_system_id: Option<String>,
    #[serde(default)]
    pub app_system_id: Option<String>,
}

/// GET Base/Selector: the query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SelectorQuery {
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub r#type: Option<i64>,
    /// The web types offered, comma separated (`1,2`); empty for every type.
    #[serde(default)]
    pub web_type: Option<String>,
    /// Accepted: the picker lists released models only.
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub is_release: Option<i64>,
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub enable_flow: Option<i64>,
}

/// A released model as the picker lists it.
#[derive(Debug, sqlx::FromRow)]
pub struct SelectorRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub web_type: i64,
    pub category: String,
    pub category_name: String,
}

/// A node of the model picker: categories, then the released models below them (the
/// selectable nodes, `hasChildren` false).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelNode {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub parent_id: String,
    pub web_type: Option<i64>,
    pub has_children: bool,
    #[schema(no_recursion)]
    pub children: Vec<ModelNode>,
}

query_params! {
    /// GET Base/{id}/FormDataFields: `filterType` 1 leaves out sub-table columns.
    pub struct FieldsQuery {
        #[serde(deserialize_with = "opt_i64")]
        #[param(value_type = Option<i64>)]
        pub filter_type: Option<i64>,
    }
}

/// A field offered to relationForm, its attributes and custom buttons.
#[derive(Debug, Serialize, ToSchema)]
pub struct FormField {
    /// The record name (`table-column` for a sub-table column).
    pub vmodel: String,
    pub label: String,
}

query_params! {
    /// GET Base/{id}/FieldDataSelect: the related form's picker (jnpf-wire-engine.md §3.5).
    pub struct FieldDataQuery {
        pub keyword: Option<String>,
        pub relation_field: Option<String>,
        /// The column keys shown, comma separated.
        pub column_options: Option<String>,
    }
}

/// A record of a related form as the picker lists it: `id`, the relationField and the
/// column keys.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(transparent)]
#[schema(value_type = Object)]
pub struct RecordRow(pub std::collections::BTreeMap<String, Value>);
