//! Wire types of portals (jnpf-wire-engine2.md §2.1, §2.5; issue 31).

use crate::wire::{Patch, list_or_csv, opt_i64};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

/// A portal as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PortalRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub category: String,
    pub portal_type: i64,
    pub link_type: i64,
    pub custom_url: String,
    pub app_custom_url: String,
    pub enabled_lock: i64,
    pub form_data: String,
    pub pc_is_release: i64,
    pub app_is_release: i64,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
}

/// GET Portal: the list's query (`sort`, `sidx` accepted; the list keeps its order: sort
/// code, then newest first).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PortalQuery {
    #[serde(default)]
    pub keyword: Option<String>,
    /// '' every type, 0 门户设计, 1 配置路径.
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub r#type: Option<i64>,
    /// A portalDesigner dictionary item's id; '' every category.
    #[serde(default)]
    pub category: Option<String>,
    /// '' both, 1 locked, 0 unlocked.
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub enabled_lock: Option<i64>,
}

/// A row of the portal list.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PortalListRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    /// The category's name (portalDesigner dictionary), shown as it is.
    pub category: String,
    /// 0 门户设计, 1 配置路径.
    #[serde(rename = "type")]
    #[sqlx(rename = "portal_type")]
    pub portal_type: i64,
    pub enabled_lock: i64,
    /// Who made it: 姓名/账户.
    pub creator_user: String,
    pub creator_time: i64,
    pub last_modify_time: Option<i64>,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub pc_is_release: i64,
    pub app_is_release: i64,
}

/// GET Portal/{id}: the record dialog's and the designer's form; `formData` as JSON text.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PortalInfo {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    /// A portalDesigner dictionary item's id.
    pub category: String,
    /// 0 门户设计, 1 配置路径.
    #[serde(rename = "type")]
    pub portal_type: i64,
    /// 0 page, 1 external address.
    pub link_type: i64,
    pub custom_url: String,
    pub app_custom_url: String,
    /// 1 locked (cards stay), 0 users may drag and resize.
    pub enabled_lock: i64,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
    /// JSON text of the definition (layout, refresh, layoutId).
    pub form_data: String,
}

impl From<PortalRow> for PortalInfo {
    fn from(r: PortalRow) -> PortalInfo {
        PortalInfo {
            id: r.id,
            full_name: r.full_name,
            en_code: r.en_code,
            category: r.category,
            portal_type: r.portal_type,
            link_type: r.link_type,
            custom_url: r.custom_url,
            app_custom_url: r.app_custom_url,
            enabled_lock: r.enabled_lock,
            sort_code: r.sort_code,
            enabled_mark: r.enabled_mark,
            description: r.description,
            form_data: r.form_data,
        }
    }
}

/// POST Portal / PUT Portal/{id}. An update changes only what it sends: the designer's save
/// sends `{id, type, formData}` alone and keeps every other field. Numbers may come as text;
/// `formData` as JSON text or as JSON.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PortalForm {
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub full_name: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub en_code: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub category: Patch<String>,
    /// 0 门户设计, 1 配置路径.
    #[serde(default, rename = "type", skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<i64>)]
    pub portal_type: Patch<Value>,
    /// 0 page, 1 external address.
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<i64>)]
    pub link_type: Patch<Value>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub custom_url: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub app_custom_url: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<i64>)]
    pub enabled_lock: Patch<Value>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<String>)]
    pub form_data: Patch<Value>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub sort_code: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub enabled_mark: Patch<i64>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub description: Patch<String>,
}

/// The `.vp` file: the portal form as GET Portal/{id} answers it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PortalFile {
    pub full_name: String,
    pub en_code: String,
    #[serde(default)]
    pub category: String,
    #[serde(default, rename = "type")]
    pub portal_type: i64,
    #[serde(default)]
    pub link_type: i64,
    #[serde(default)]
    pub custom_url: String,
    #[serde(default)]
    pub app_custom_url: String,
    #[serde(default = "locked")]
    pub enabled_lock: i64,
    #[serde(default)]
    pub sort_code: i64,
    #[serde(default = "locked")]
    pub enabled_mark: i64,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub form_data: String,
}

fn locked() -> i64 {
    1
}

/// GET Portal/Selector: `platform` (Web; App is answered the same) and `type` (1 from the
/// home page's 切换门户 drawer: the portals the caller may open; absent from the menu
/// editor: every enabled portal).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SelectorQuery {
    #[serde(default)]
    pub platform: Option<String>,
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub r#type: Option<i64>,
}

/// A category group of the selector with its portals as children (a portal has none).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PortalGroup {
    pub id: String,
    pub full_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub children: Option<Vec<PortalGroup>>,
}

/// A row the selector reads.
#[derive(Debug, sqlx::FromRow)]
pub struct SelectorRow {
    pub id: String,
    pub full_name: String,
    pub category: String,
    pub category_name: Option<String>,
}

/// PUT Portal/Actions/release/{id}: which sides to release and under which applications.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PortalReleaseForm {
    #[serde(default, deserialize_with = "crate::wire::opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub pc: Option<i64>,
    #[serde(default, deserialize_with = "crate::wire::opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub app: Option<i64>,
    /// The applications (system ids) the Web menu goes to.
    #[serde(default, deserialize_with = "list_or_csv")]
    #[schema(value_type = Vec<String>)]
    pub pc_module_parent_id: Vec<String>,
    #[serde(default, deserialize_with = "list_or_csv")]
    #[schema(value_type = Vec<String>)]
    pub app_module_parent_id: Vec<String>,
    /// The same ids, comma separated (the client sends both).
    #[serde(default, deserialize_with = "list_or_csv")]
    #[schema(value_type = String)]
    pub pc_system_id: Vec<String>,
    #[serde(default, deserialize_with = "list_or_csv")]
    #[schema(value_type = String)]
    pub app_system_id: Vec<String>,
}

/// GET Portal/{id}/auth and PUT Portal/{id}/Actions/SetDefault: the platform and application.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuthQuery {
    #[serde(default)]
    pub platform: Option<String>,
    #[serde(default)]
    pub system_id: Option<String>,
}

/// GET Portal/{id}/auth: what the home page and a type-8 menu render. `type` 0: the grid of
/// `formData` (the caller's own layout when they saved one and the portal is unlocked);
/// `type` 1: `linkType` 0 a client page at `customUrl`, 1 the external `customUrl`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PortalAuth {
    #[serde(rename = "type")]
    pub portal_type: i64,
    pub link_type: i64,
    pub custom_url: String,
    pub enabled_lock: i64,
    pub form_data: String,
}

/// PUT Portal/Custom/Save/{id}: the caller's layout after a drag or a resize.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomLayoutForm {
    /// JSON text of the definition with the moved cards (or the JSON itself).
    #[schema(value_type = String)]
    pub form_data: Value,
    #[serde(default)]
    pub system_id: Option<String>,
}
