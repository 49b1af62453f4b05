//! Wire types of the authorisation wizard (jnpf-wire-areas.md §1.7).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// POST Authority/Data/{objectId}/Values: one step's tree. `type` is system, module, button,
/// column, form or resource; `moduleIds` (csv) the systems ticked in step 1 for `module`, the
/// menus ticked in step 2 for the later steps.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ValuesRequest {
    #[serde(default, rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub module_ids: String,
}

/// A node of a step's tree: a system, a menu, or a page's button, column, form field or
/// data scheme.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorityNode {
    pub id: String,
    pub full_name: String,
    pub icon: String,
    #[schema(no_recursion)]
    pub children: Vec<AuthorityNode>,
}

/// A step's answer: the tree, what is granted already, and what "select all" ticks.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthorityValues {
    pub list: Vec<AuthorityNode>,
    pub ids: Vec<String>,
    pub all: Vec<String>,
}

/// PUT Authority/Data/{objectId}: everything the object may use, replacing what it had.
/// Arrays may hold menu ids beside the items (the client merges them in); only ids of the
/// right kind are kept.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthoritySave {
    /// Role, Position or User.
    #[serde(default)]
    pub object_type: String,
    #[serde(default)]
    pub system_ids: Vec<String>,
    #[serde(default)]
    pub module: Vec<String>,
    #[serde(default)]
    pub button: Vec<String>,
    #[serde(default)]
    pub column: Vec<String>,
    #[serde(default)]
    pub form: Vec<String>,
    #[serde(default)]
    pub resource: Vec<String>,
}

/// POST Authority/Data/Batch: these grants added to each of these roles (organisation nodes
/// of the role picker are ignored).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorityBatch {
    #[serde(default)]
    pub role_ids: Vec<String>,
    #[serde(default)]
    pub system_ids: Vec<String>,
    #[serde(default)]
    pub module: Vec<String>,
    #[serde(default)]
    pub button: Vec<String>,
    #[serde(default)]
    pub column: Vec<String>,
    #[serde(default)]
    pub form: Vec<String>,
    #[serde(default)]
    pub resource: Vec<String>,
}

/// A list column as GetColumnsByModuleId answers it and SetColumnsByModuleId stores it
/// (jnpf-wire-engine2.md §5, LIST-006): its prop, label and whether it shows — under both
/// names the JNPF client's two column components read (`visible`, `columnVisible`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ColumnSetting {
    pub prop: String,
    pub label: String,
    pub visible: bool,
    pub column_visible: bool,
}

/// PUT SetColumnsByModuleId (LIST-007): the menu and the JSON text of its columns, in the
/// order the user chose.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ColumnSettingsForm {
    /// The menu (module) whose list the columns are of.
    pub module_id: String,
    /// JSON text of `[{prop, label, visible | columnVisible, …}]` (other keys are not kept).
    pub field_list: String,
}
