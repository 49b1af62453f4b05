//! Wire types of messages and notices (jnpf-wire-areas.md §4, jnpf-wire.md "Messages").

use crate::wire::{Patch, opt_i64_any};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// GET /api/message and POST Actions/ReadAll: the drawer's filter. `type` '' is every type;
/// `isRead` '0' unread only, '1' read only, '' both.
#[derive(Debug, Default, Clone, Deserialize, IntoParams, ToSchema)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MessageFilter {
    #[serde(default)]
    pub keyword: Option<String>,
    /// 1 system, 2 workflow, 3 notice, 4 schedule; '' every type.
    #[serde(default, rename = "type", deserialize_with = "opt_i64_any")]
    #[param(value_type = Option<String>)]
    #[schema(value_type = Option<String>)]
    pub kind: Option<i64>,
    /// '0' unread, '1' read; '' both.
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[param(value_type = Option<String>)]
    #[schema(value_type = Option<String>)]
    pub is_read: Option<i64>,
    /// 'desc' (default) newest first, 'asc' oldest first.
    #[serde(default)]
    pub sort: Option<String>,
}

/// A row of the message list (the caller's copy of a message).
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageRow {
    /// The caller's copy: what ReadInfo and Record delete take.
    pub id: String,
    pub title: String,
    /// 1 system, 2 workflow, 3 notice, 4 schedule.
    #[serde(rename = "type")]
    pub kind: i64,
    pub flow_type: i64,
    /// 姓名/账户 of who released or sent it ('' for the system).
    pub release_user: String,
    /// When it was released or sent (ms).
    pub release_time: i64,
    /// '0' unread, '1' read.
    #[sqlx(skip)]
    pub is_read: String,
    #[serde(skip)]
    pub read: i64,
}

/// GET ReadInfo/{id}: the message opened (now read).
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageInfo {
    pub id: String,
    pub title: String,
    #[serde(rename = "type")]
    pub kind: i64,
    pub flow_type: i64,
    pub release_user: String,
    pub release_time: i64,
    pub excerpt: String,
    /// HTML for notices and system messages; JSON text `{type, id, groupId}` for schedule
    /// messages; JSON text for workflow messages.
    pub body_text: String,
    /// JSON text of upload entries, or ''.
    pub files: String,
    pub cover_image: String,
}

/// DELETE Record: the caller's copies to delete, ids joined by ',' (or an array).
#[derive(Debug, Deserialize, ToSchema)]
pub struct RecordIds {
    #[serde(deserialize_with = "crate::wire::list_or_csv")]
    #[schema(value_type = String)]
    pub ids: Vec<String>,
}

/// POST Notice (the list): filters of the notice page.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeQuery {
    #[serde(default)]
    pub keyword: Option<String>,
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub current_page: Option<i64>,
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub page_size: Option<i64>,
    #[serde(default)]
    pub sort: Option<String>,
    /// States to show ('0' draft, '1' released, '2' expired); empty: all.
    #[serde(default, deserialize_with = "crate::wire::list_or_csv")]
    #[schema(value_type = Vec<String>)]
    pub enabled_mark: Vec<String>,
    /// NoticeType enCodes to show; empty: all.
    #[serde(default, rename = "type", deserialize_with = "crate::wire::list_or_csv")]
    #[schema(value_type = Vec<String>)]
    pub kind: Vec<String>,
}

/// A row of the notice page.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeRow {
    pub id: String,
    pub title: String,
    /// The type's name (NoticeType), or its code when the dictionary has no such item.
    pub category: String,
    pub expiration_time: Option<i64>,
    /// 姓名/账户.
    pub creator_user: String,
    pub creator_time: i64,
    pub release_user: String,
    pub release_time: Option<i64>,
    /// 0 draft, 1 released, 2 expired.
    pub enabled_mark: i64,
}

/// GET /api/message/{id}: a notice's form.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeInfo {
    pub id: String,
    pub title: String,
    /// `id--type` values joined by ','; '' everyone.
    pub to_user_ids: String,
    /// The NoticeType enCode.
    pub category: String,
    pub expiration_time: Option<i64>,
    pub files: String,
    pub cover_image: String,
    pub body_text: String,
    pub excerpt: String,
    pub remind_category: i64,
    pub send_config_id: String,
    pub send_config_name: String,
    pub release_time: Option<i64>,
    pub release_user: String,
    /// 0 draft, 1 released, 2 expired.
    pub enabled_mark: i64,
}

/// POST /api/message, PUT /api/message/{id}: a notice. Only what is sent changes on PUT;
/// every field of the info answer may come back and the unknown ones are ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeForm {
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub title: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub to_user_ids: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub category: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub expiration_time: Patch<i64>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub files: Patch<serde_json::Value>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub cover_image: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub body_text: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub excerpt: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub remind_category: Patch<serde_json::Value>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub send_config_id: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub send_config_name: Patch<String>,
}

/// GET imreply: a recent conversation.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    /// The other user's id.
    pub id: String,
    pub real_name: String,
    pub account: String,
    pub head_icon: String,
    pub latest_message: String,
    /// text, image, voice ('' when the history is cleared).
    pub message_type: String,
    pub latest_date: Option<i64>,
    pub unread_message: i64,
}

/// GET imreply: `{list}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Conversations {
    pub list: Vec<Conversation>,
}

/// A message send configuration (MSG-024): how a notice with remindCategory 2 or a
/// schedule's reminder is sent.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendConfig {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    /// The channels ('1' in-site message).
    pub message_type: String,
    pub description: String,
}

/// GET SendMessageConfig/Selector: the enabled configurations.
#[derive(Debug, Serialize, ToSchema)]
pub struct SendConfigs {
    pub list: Vec<SendConfig>,
}
