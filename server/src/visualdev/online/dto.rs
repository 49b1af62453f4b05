//! Wire types of the record API (jnpf-wire-engine.md §3.2, §4.4, §5). A record travels as
//! `data`, the JSON text of the flat record (an object is taken too): one key per field's
//! vModel, a sub-table an array of row objects. Reads put the record's `version` into `data`;
//! the client posts it back with an update (the JNPF client round-trips the GET answer), and
//! an update whose version is stale is refused.

use crate::wire::{opt_i64, opt_i64_any};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

/// POST {modelId} and PUT {modelId}/{id}.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordForm {
    /// '' or absent on create; ignored on update (the path names the record).
    #[serde(default)]
    pub id: Option<String>,
    /// JSON text of the record (or the object itself). On update it must carry the
    /// `version` the record was read with; only the fields it holds change.
    #[schema(value_type = Object)]
    pub data: Value,
}

/// GET {modelId}/{id} and DataChange: the record as JSON text (raw values, or display values).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordData {
    pub id: String,
    /// JSON text: the fields by vModel, plus `id`, `version`, and the system columns
    /// `creatorUserId`, `creatorTime`, `lastModifyUserId`, `lastModifyTime`.
    pub data: String,
}

/// POST {modelId}/List.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordListForm {
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub current_page: Option<i64>,
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub page_size: Option<i64>,
    /// asc | desc (default desc).
    #[serde(default)]
    pub sort: Option<String>,
    /// The field to sort by ('' the newest first).
    #[serde(default)]
    pub sidx: Option<String>,
    /// The menu the list is opened from (its permissions apply).
    #[serde(default)]
    pub menu_id: Option<String>,
    /// A keyword over the text search fields (Qiming's list; the JNPF client sends queryJson).
    #[serde(default)]
    pub keyword: Option<String>,
    /// JSON text (or object) `{vModel: value}`: text contains, [min, max] ranges, arrays
    /// any-of, other values equal (jnpf-wire-engine.md §4.4). Documented as the text the
    /// JNPF client sends.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub query_json: Value,
    /// JSON text (or object) `{matchLogic: AND|OR, conditionJson: JSON text of [{field,
    /// symbol (>= > == <= < <> like notLike), fieldValue}]}`. Documented as the text the
    /// JNPF client sends.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub super_query_json: Value,
}

/// POST {modelId}/Actions/Export (jnpf-wire-engine2.md §4.1): the List body the page shows
/// with the export dialog's choice.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordExportForm {
    #[serde(flatten)]
    pub list: RecordListForm,
    /// 0 the page shown (currentPage, pageSize), 1 every page the filters select.
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub data_type: Option<i64>,
    /// The columns, in order: main fields by vModel, sub-table columns as `table-column`.
    #[serde(default)]
    pub select_key: Vec<String>,
}

/// A file to download: a url that authorises itself and expires ('' = nothing to download).
#[derive(Debug, Serialize, ToSchema)]
pub struct RecordFileUrl {
    pub url: String,
}

/// POST batchDelete/{modelId}.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordBatchDeleteForm {
    pub ids: Vec<String>,
}

/// GET {modelId}/Config query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OnlineConfigQuery {
    /// '' from a menu (the released version), 0 preview of the draft, 1 preview of the release.
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub r#type: Option<i64>,
}

/// GET {modelId}/Config.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnlineConfig {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub r#type: i64,
    pub web_type: i64,
    pub enable_flow: i64,
    pub flow_id: String,
    /// JSON text.
    pub form_data: String,
    pub column_data: String,
    pub app_column_data: String,
    /// The released version served.
    pub version: i64,
}
