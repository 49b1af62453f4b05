//! Wire types of schedules (jnpf-wire-areas.md §2.5, spec 02 §3). The spec's "category" is
//! the wire's `type`: the id of a scheduleType dictionary item.

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::Patch;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

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

query_params! {
    /// GET Schedule: the calendar's visible range. Each bound is local time `yyyy-MM-dd HH:mm`
    /// (`yyyy-MM-dd` and epoch ms are read too); a bound left out or empty does not limit.
    pub struct ScheduleQuery {
        /// Schedules that end at or after this time.
        pub start_time: Option<String>,
        /// Schedules that start at or before this time.
        pub end_time: Option<String>,
    }
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

query_params! {
    /// GET Schedule/detail: which occurrence the viewer shows.
    pub struct DetailQuery {
        /// The occurrence.
        pub id: Option<String>,
        /// Its series ('0' from the calendar): when the occurrence is gone, the series' first
        /// remaining occurrence is shown.
        pub group_id: Option<String>,
    }
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

patch_form! {
    /// POST Schedule / PUT Schedule/{id}/{type}. An update changes only what it sends (the
    /// client posts the form back whole); `id`, `creatorUserId` and `userName` are ignored — the
    /// creator is the caller. Numbers may come as text.
    pub struct ScheduleForm {
        /// The id of a scheduleType dictionary item.
        #[serde(rename = "type")]
        pub kind: String,
        /// '1' 普通 (default), '2' 重要, '3' 紧急.
        #[schema(value_type = Option<String>)]
        pub urgent: Value,
        pub title: String,
        pub content: String,
        /// 0 (default) or 1.
        #[schema(value_type = Option<i64>)]
        pub all_day: Value,
        /// The start's day (ms).
        #[schema(value_type = Option<i64>)]
        pub start_day: Value,
        /// The start's time of day, `HH:mm` (not for all-day schedules).
        pub start_time: String,
        /// The end's day (ms): all-day schedules and a custom duration.
        #[schema(value_type = Option<i64>)]
        pub end_day: Value,
        /// The end's time of day, `HH:mm` (a custom duration).
        pub end_time: String,
        /// 30, 60, 90, 120 or 180 minutes, or −1 to choose the end.
        #[schema(value_type = Option<i64>)]
        pub duration: Value,
        /// The participants' user ids (an array, or ids joined by ',').
        #[schema(value_type = Option<Vec<String>>)]
        pub to_user_ids: Value,
        pub color: String,
        /// −2 none (default), −1 at the start, 5, 10, 15, 30, 60, 120 or 1440 minutes before.
        #[schema(value_type = Option<i64>)]
        pub reminder_time: Value,
        /// '1' default, '2' custom (then `send` is required).
        #[schema(value_type = Option<String>)]
        pub reminder_type: Value,
        /// The reminder's send configuration: its id and name.
        pub send: String,
        pub send_name: String,
        /// '1' does not repeat (default); '2' daily, '3' weekly, '4' monthly, '5' yearly.
        #[schema(value_type = Option<String>)]
        pub repetition: Value,
        /// The repeat end (ms): the last day an occurrence may fall on, at most two years after
        /// the start.
        #[schema(value_type = Option<i64>)]
        pub repeat_time: Value,
    }
}
