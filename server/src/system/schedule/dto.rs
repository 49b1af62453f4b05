//! Wire types of schedules (jnpf-wire-areas.md §2.5, spec 02 §3). The spec's "category" is
//! the wire's `type`: the id of a scheduleType dictionary item.

use crate::wire::Patch;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

/// One occurrence as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ScheduleRow {
    pub id: String,
    pub group_id: String,
    pub category: String,
    pub urgent: String,
    pub title: String,
    pub content: String,
    pub color: String,
    pub all_day: i64,
    pub start_day: i64,
    pub start_time: String,
    pub end_day: i64,
    pub end_time: String,
    pub duration: i64,
    pub reminder_time: i64,
    pub reminder_type: String,
    pub send_config_id: String,
    pub send_config_name: String,
    pub repetition: String,
    pub repeat_time: Option<i64>,
    pub creator_user_id: String,
}

/// GET Schedule: the calendar's visible range. Each bound is local time `yyyy-MM-dd HH:mm`
/// (`yyyy-MM-dd` and epoch ms are read too); a bound left out or empty does not limit.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ScheduleQuery {
    /// Schedules that end at or after this time.
    #[serde(default)]
    pub start_time: Option<String>,
    /// Schedules that start at or before this time.
    #[serde(default)]
    pub end_time: Option<String>,
}

/// An occurrence in the calendar: the caller's own schedules and those they take part in.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleEvent {
    pub id: String,
    /// The occurrences of one repeating schedule share it.
    pub group_id: String,
    pub title: String,
    /// Start and end (ms).
    pub start_day: i64,
    pub end_day: i64,
    pub color: String,
    /// 1 all day.
    pub all_day: i64,
    /// The creator's id: the client opens its own schedules in the form and others' in the
    /// viewer.
    pub creator_user_id: String,
    /// '1' 普通, '2' 重要, '3' 紧急.
    pub urgent: String,
    /// '1' does not repeat; '2' daily, '3' weekly, '4' monthly, '5' yearly.
    pub repetition: String,
}

/// GET Schedule/{id}: the schedule form of one occurrence.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleInfo {
    pub id: String,
    pub group_id: String,
    /// The id of a scheduleType dictionary item.
    #[serde(rename = "type")]
    pub kind: String,
    pub urgent: String,
    pub title: String,
    pub content: String,
    pub all_day: i64,
    /// The occurrence's start (ms) and its time of day (`HH:mm`).
    pub start_day: i64,
    pub start_time: String,
    pub end_day: i64,
    pub end_time: String,
    /// Minutes (30, 60, 90, 120, 180), or −1 when the end was chosen.
    pub duration: i64,
    pub creator_user_id: String,
    /// The creator: 姓名/账户.
    pub user_name: String,
    /// The participants' user ids.
    pub to_user_ids: Vec<String>,
    pub color: String,
    /// −2 none, −1 at the start, else minutes before.
    pub reminder_time: i64,
    /// '1' default, '2' custom.
    pub reminder_type: String,
    /// The reminder's send configuration (custom reminders).
    pub send: String,
    pub send_name: String,
    pub repetition: String,
    /// The repeat end (ms); null when the schedule does not repeat.
    pub repeat_time: Option<i64>,
}

/// GET Schedule/detail: which occurrence the viewer shows.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DetailQuery {
    /// The occurrence.
    #[serde(default)]
    pub id: Option<String>,
    /// Its series ('0' from the calendar): when the occurrence is gone, the series' first
    /// remaining occurrence is shown.
    #[serde(default)]
    pub group_id: Option<String>,
}

/// The schedule viewer (SCHED-003): type, urgency, creator and participants as the text
/// shown.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleDetail {
    pub id: String,
    pub group_id: String,
    /// The type's name.
    #[serde(rename = "type")]
    pub kind: String,
    /// 普通, 重要 or 紧急.
    pub urgent: String,
    pub title: String,
    pub content: String,
    /// The creator: 姓名/账户.
    pub creator_user_id: String,
    /// The participants: 姓名/账户, joined by ','.
    pub to_user_ids: String,
    pub start_day: i64,
    pub end_day: i64,
    pub all_day: i64,
    /// The code: '1' does not repeat (the viewer's delete then needs no scope).
    pub repetition: String,
}

/// POST Schedule / PUT Schedule/{id}/{type}. An update changes only what it sends (the
/// client posts the form back whole); `id`, `creatorUserId` and `userName` are ignored — the
/// creator is the caller. Numbers may come as text.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleForm {
    /// The id of a scheduleType dictionary item.
    #[serde(rename = "type", default, skip_serializing_if = "Patch::is_absent")]
    pub kind: Patch<String>,
    /// '1' 普通 (default), '2' 重要, '3' 紧急.
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<String>)]
    pub urgent: Patch<Value>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub title: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub content: Patch<String>,
    /// 0 (default) or 1.
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<i64>)]
    pub all_day: Patch<Value>,
    /// The start's day (ms).
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<i64>)]
    pub start_day: Patch<Value>,
    /// The start's time of day, `HH:mm` (not for all-day schedules).
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub start_time: Patch<String>,
    /// The end's day (ms): all-day schedules and a custom duration.
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<i64>)]
    pub end_day: Patch<Value>,
    /// The end's time of day, `HH:mm` (a custom duration).
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub end_time: Patch<String>,
    /// 30, 60, 90, 120 or 180 minutes, or −1 to choose the end.
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<i64>)]
    pub duration: Patch<Value>,
    /// The participants' user ids (an array, or ids joined by ',').
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<Vec<String>>)]
    pub to_user_ids: Patch<Value>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub color: Patch<String>,
    /// −2 none (default), −1 at the start, 5, 10, 15, 30, 60, 120 or 1440 minutes before.
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<i64>)]
    pub reminder_time: Patch<Value>,
    /// '1' default, '2' custom (then `send` is required).
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<String>)]
    pub reminder_type: Patch<Value>,
    /// The reminder's send configuration: its id and name.
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub send: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub send_name: Patch<String>,
    /// '1' does not repeat (default); '2' daily, '3' weekly, '4' monthly, '5' yearly.
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<String>)]
    pub repetition: Patch<Value>,
    /// The repeat end (ms): the last day an occurrence may fall on, at most two years after
    /// the start.
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<i64>)]
    pub repeat_time: Patch<Value>,
}
