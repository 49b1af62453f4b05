//! Schedules: the form's rules (core's entity form and `schedule::read_times`, the type from
//! the scheduleType dictionary, participants who are users), repeating schedules written as
//! their occurrences in one transaction, and the scopes of a change or a deletion.
//!
//! A schedule is its creator's and its participants': every query runs in the caller's own
//! scope (`DataScope::own`, the administrator's too), so anyone else's schedule answers as
//! missing. Only the creator changes a schedule; a participant's deletion takes only them off
//! it (the viewer offers the delete button for others' schedules too).

use super::dto::{ScheduleDetail, ScheduleEvent, ScheduleForm, ScheduleInfo, ScheduleQuery, ScheduleRow};
use super::repo::{self, Fields, Occurrence};
use crate::state::AppState;
use crate::access::{DataScope, Member};
use crate::db::Conn;
use crate::error::{AppError, FieldErrors};
use crate::message::repo::NewMessage;
use crate::message::service as message;
use crate::support::new_id;
use qiming_core::date::DateTime;
use qiming_core::entity::{self, Form};
use qiming_core::schedule::{self as rules, Repetition, Times};
use serde_json::{Map, Value, json};

pub const MISSING: &str = "日程不存在";
/// A change or deletion without a valid scope (SCHED-009).
pub const CHOOSE_SCOPE: &str = "请选择日程";
pub const CREATOR_ONLY: &str = "只有日程的创建人可以修改日程";
/// At most this many participants.
pub const MAX_PARTICIPANTS: usize = 200;

/// Which occurrences of a repeating schedule a change or deletion reaches (SCHED-008).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// 1: this one.
    This,
    /// 2: this one and the following ones.
    Following,
    /// 3: all of them.
    All,
}

impl Scope {
    /// The path's `{type}`: 1, 2 or 3; anything else answers 请选择日程.
    pub fn parse(text: &str) -> Result<Scope, AppError> {
        match text.trim() {
            "1" => Ok(Scope::This),
            "2" => Ok(Scope::Following),
            "3" => Ok(Scope::All),
            _ => Err(AppError::bad(CHOOSE_SCOPE)),
        }
    }
}

fn missing() -> AppError {
    AppError::not_found(MISSING)
}

/// A list bound: local `yyyy-MM-dd HH:mm` (or a date, or epoch ms); empty is none.
fn bound(state: &AppState, text: Option<&str>, field: &'static str, label: &str) -> Result<Option<i64>, AppError> {
    let text = text.map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Ok(None);
    }
    if let Ok(ms) = text.parse::<i64>() {
        return Ok(Some(ms));
    }
    DateTime::parse(text)
        .map(|d| Some(d.to_epoch_ms(state.config.utc_offset_minutes)))
        .ok_or_else(|| AppError::field(field, format!("{label}格式不正确")))
}

/// GET Schedule: the caller's occurrences (made or taken part in) that overlap the range.
pub async fn list(state: &AppState, caller: &Member, q: &ScheduleQuery) -> Result<Vec<ScheduleEvent>, AppError> {
    let from = bound(state, q.start_time.as_deref(), "startTime", "开始时间")?;
    let to = bound(state, q.end_time.as_deref(), "endTime", "结束时间")?;
    let mut conn = state.db.acquire().await?;
    repo::events(&mut conn, &DataScope::own(caller), from, to).await
}

/// `姓名/账户` of a user ('' when unknown).
async fn user_name(conn: &mut Conn, id: &str) -> Result<String, AppError> {
    Ok(repo::user_names(conn, &[id.to_string()]).await?.pop().map(|(_, name)| name).unwrap_or_default())
}

/// GET Schedule/{id}: the form of one of the caller's occurrences.
pub async fn info(state: &AppState, caller: &Member, id: &str) -> Result<ScheduleInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    let r = repo::by_id(&mut conn, &DataScope::own(caller), id).await?.ok_or_else(missing)?;
    let to_user_ids = repo::participants(&mut conn, &r.id).await?;
    let user_name = user_name(&mut conn, &r.creator_user_id).await?;
    Ok(ScheduleInfo {
        id: r.id,
        group_id: r.group_id,
        kind: r.category,
        urgent: r.urgent,
        title: r.title,
        content: r.content,
        all_day: r.all_day,
        start_day: r.start_day,
        start_time: r.start_time,
        end_day: r.end_day,
        end_time: r.end_time,
        duration: r.duration,
        creator_user_id: r.creator_user_id,
        user_name,
        to_user_ids,
        color: r.color,
        reminder_time: r.reminder_time,
        reminder_type: r.reminder_type,
        send: r.send_config_id,
        send_name: r.send_config_name,
        repetition: r.repetition,
        repeat_time: r.repeat_time,
    })
}

/// GET Schedule/detail (SCHED-003, SCHED-012): the viewer's text of an occurrence — or, when
/// it is gone (a message may name a deleted one), of its series' first remaining one.
pub async fn detail(state: &AppState, caller: &Member, group_id: Option<&str>, id: Option<&str>) -> Result<ScheduleDetail, AppError> {
    let own = DataScope::own(caller);
    let mut conn = state.db.acquire().await?;
    let mut found = match id.map(str::trim).filter(|i| !i.is_empty()) {
        Some(id) => repo::by_id(&mut conn, &own, id).await?,
        None => None,
    };
    if found.is_none()
        && let Some(group) = group_id.map(str::trim).filter(|g| !g.is_empty() && *g != "0")
    {
        found = repo::first_in_group(&mut conn, &own, group).await?;
    }
    let r = found.ok_or_else(missing)?;
    let kind = repo::schedule_type_name(&mut conn, &r.category).await?.unwrap_or_else(|| r.category.clone());
    let participants = repo::participants(&mut conn, &r.id).await?;
    let names: Vec<String> = repo::user_names(&mut conn, &participants).await?.into_iter().map(|(_, name)| name).collect();
    Ok(ScheduleDetail {
        kind,
        urgent: rules::urgency_name(&r.urgent).unwrap_or(&r.urgent).to_string(),
        creator_user_id: user_name(&mut conn, &r.creator_user_id).await?,
        to_user_ids: names.join(","),
        id: r.id,
        group_id: r.group_id,
        title: r.title,
        content: r.content,
        start_day: r.start_day,
        end_day: r.end_day,
        all_day: r.all_day,
        repetition: r.repetition,
    })
}

/// The fields of a JSON object literal.
fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// A new schedule's record before what the form sends: the form's defaults.
fn defaults() -> Map<String, Value> {
    object(json!({
        "urgent": "1", "allDay": 0, "repetition": "1", "reminderTime": -2, "reminderType": "1",
        "content": "", "color": "", "send": "", "sendName": "", "toUserIds": []
    }))
}

/// A stored occurrence as the form's record.
fn stored(r: &ScheduleRow, participants: &[String]) -> Map<String, Value> {
    object(json!({
        "type": r.category, "urgent": r.urgent, "title": r.title, "content": r.content, "color": r.color,
        "allDay": r.all_day, "startDay": r.start_day, "startTime": r.start_time, "endDay": r.end_day, "endTime": r.end_time,
        "duration": r.duration, "reminderTime": r.reminder_time, "reminderType": r.reminder_type, "send": r.send_config_id,
        "sendName": r.send_config_name, "repetition": r.repetition, "repeatTime": r.repeat_time, "toUserIds": participants,
    }))
}

/// What the form sent, on top of `base`; a true/false all-day switch counts as 1/0.
fn overlay(mut base: Map<String, Value>, form: &ScheduleForm) -> Result<Map<String, Value>, AppError> {
    if let Value::Object(sent) = serde_json::to_value(form).map_err(anyhow::Error::from)? {
        base.extend(sent);
    }
    if let Some(Value::Bool(b)) = base.get("allDay") {
        let flag = i64::from(*b);
        base.insert("allDay".into(), json!(flag));
    }
    Ok(base)
}

fn text_of(record: &Map<String, Value>, name: &str) -> String {
    match record.get(name) {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

fn number_of(record: &Map<String, Value>, name: &str, default: i64) -> i64 {
    text_of(record, name).parse().unwrap_or(default)
}

/// The participants sent: an array of ids or ids joined by ','; trimmed, each once, the
/// creator left out (they see their schedule anyway).
fn participant_ids(record: &Map<String, Value>, creator: &str) -> Result<Vec<String>, AppError> {
    let raw: Vec<String> = match record.get("toUserIds") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(csv)) => csv.split(',').map(str::to_string).collect(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().map(str::to_string).ok_or_else(|| AppError::field("toUserIds", "参与人格式不正确")))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(AppError::field("toUserIds", "参与人格式不正确")),
    };
    let mut ids: Vec<String> = Vec::new();
    for id in raw.iter().map(|s| s.trim()).filter(|s| !s.is_empty() && *s != creator) {
        if !ids.iter().any(|i| i == id) {
            ids.push(id.to_string());
        }
    }
    if ids.len() > MAX_PARTICIPANTS {
        return Err(AppError::field("toUserIds", format!("参与人最多{MAX_PARTICIPANTS}人")));
    }
    Ok(ids)
}

/// A checked form: its times and the fields its occurrences share.
struct Checked {
    times: Times,
    fields: Fields,
    participants: Vec<String>,
}

/// Every rule of the form on `record` (a whole record: defaults or the stored occurrence,
/// with what was sent on top): core's field rules and time rules, all messages at once; then
/// the type from scheduleType and participants who are users.
async fn check(conn: &mut Conn, state: &AppState, creator: &str, record: &Map<String, Value>) -> Result<Checked, AppError> {
    let mut problems: FieldErrors = FieldErrors::new();
    for (field, messages) in entity::check(Form::Schedule, record, true) {
        problems.entry(field).or_default().extend(messages.into_iter().map(|m| m.text));
    }
    let times = match rules::read_times(record, state.config.utc_offset_minutes) {
        Ok(times) => Some(times),
        Err(errors) => {
            for (field, messages) in errors {
                // A field core's field rules already speak of says it once.
                problems.entry(field).or_insert_with(|| messages.into_iter().map(|m| m.text).collect());
            }
            None
        }
    };
    let (Some(times), true) = (times, problems.is_empty()) else {
        return Err(AppError::fields(problems));
    };
    let participants = participant_ids(record, creator)?;
    let category = text_of(record, "type");
    if repo::schedule_type_name(conn, &category).await?.is_none() {
        return Err(AppError::field("type", "日程类型不存在"));
    }
    let existing = repo::existing_users(conn, &participants).await?;
    if let Some(unknown) = participants.iter().find(|p| !existing.contains(p)) {
        return Err(AppError::field("toUserIds", format!("参与人不存在：{unknown}")));
    }
    let repeating = times.repetition.is_repeating();
    let fields = Fields {
        category,
        urgent: text_of(record, "urgent"),
        title: text_of(record, "title"),
        content: text_of(record, "content"),
        color: text_of(record, "color"),
        all_day: i64::from(times.all_day),
        start_time: times.start_time.clone(),
        end_time: times.end_time.clone(),
        duration: times.duration,
        reminder_time: number_of(record, "reminderTime", -2),
        reminder_type: text_of(record, "reminderType"),
        send_config_id: text_of(record, "send"),
        send_config_name: text_of(record, "sendName"),
        repetition: times.repetition.code().to_string(),
        repeat_time: if repeating { times.repeat_until } else { None },
    };
    Ok(Checked { times, fields, participants })
}

/// The occurrences of `times`, each with a new id; a refused series names the repeat end.
fn occurrences(state: &AppState, times: &Times) -> Result<Vec<Occurrence>, AppError> {
    let list = rules::occurrences(times, state.config.utc_offset_minutes).map_err(|m| AppError::field("repeatTime", m.text))?;
    Ok(list.into_iter().map(|(start_day, end_day)| Occurrence { id: new_id(), start_day, end_day }).collect())
}

/// POST Schedule (SCHED-001, SCHED-002): a schedule, or a repeating one as all its
/// occurrences up to the repeat end, in one transaction under one group id.
pub async fn create(state: &AppState, caller: &Member, form: ScheduleForm) -> Result<(), AppError> {
    let record = overlay(defaults(), &form)?;
    let mut tx = state.db.begin().await?;
    let checked = check(&mut tx, state, &caller.user_id, &record).await?;
    let list = occurrences(state, &checked.times)?;
    repo::insert_series(&mut tx, &new_id(), &list, &checked.fields, &caller.user_id, &checked.participants, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// After the occurrences of a series from some day on were taken away, the rest ends with
/// its last one (a single one left no longer repeats).
async fn shorten(conn: &mut Conn, caller: &Member, found: &ScheduleRow, now: i64) -> Result<(), AppError> {
    match repo::group_extent(conn, &DataScope::own(caller), &found.group_id).await? {
        (0, _) => Ok(()),
        (1, _) => repo::set_repeat(conn, &found.group_id, Repetition::None.code(), None, &caller.user_id, now).await,
        (_, last) => repo::set_repeat(conn, &found.group_id, &found.repetition, last, &caller.user_id, now).await,
    }
}

/// PUT Schedule/{id}/{type}: only the creator; what was not sent stays as stored, and the
/// form's rules apply to the occurrence opened, as the client's form shows it. A schedule
/// that does not repeat is changed whole whatever the scope. Of a repeating one,
/// scope 1 changes this occurrence only (content and times; it stays in its series, which
/// keeps its repetition); 2 replaces this and the following ones by a new series from this
/// one's (new) start, and the earlier ones end before it; 3 rewrites the whole series, its
/// first occurrence moved as much as this one was.
pub async fn update(state: &AppState, caller: &Member, id: &str, scope: &str, form: ScheduleForm) -> Result<(), AppError> {
    let scope = Scope::parse(scope)?;
    let own = DataScope::own(caller);
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let found = repo::by_id(&mut tx, &own, id).await?.ok_or_else(missing)?;
    if found.creator_user_id != caller.user_id {
        return Err(AppError::forbidden(CREATOR_ONLY));
    }
    let participants = repo::participants(&mut tx, &found.id).await?;
    let mut record = overlay(stored(&found, &participants), &form)?;
    let scope = if Repetition::from_code(&found.repetition).is_some_and(Repetition::is_repeating) { scope } else { Scope::All };
    if scope == Scope::This {
        // One occurrence's times are checked alone; its series' repetition stays.
        record.insert("repetition".into(), json!(Repetition::None.code()));
    }
    let mut checked = check(&mut tx, state, &caller.user_id, &record).await?;
    match scope {
        Scope::This => {
            checked.fields.repetition = found.repetition.clone();
            checked.fields.repeat_time = found.repeat_time;
            let o = Occurrence { id: found.id.clone(), start_day: checked.times.start, end_day: checked.times.end };
            repo::update_one(&mut tx, &o, &checked.fields, &caller.user_id, &checked.participants, &caller.user_id, now).await?;
        }
        Scope::Following => {
            let replaced = repo::group_ids(&mut tx, &own, &found.group_id, Some(found.start_day)).await?;
            let list = occurrences(state, &checked.times)?;
            repo::delete(&mut tx, &replaced).await?;
            shorten(&mut tx, caller, &found, now).await?;
            repo::insert_series(&mut tx, &new_id(), &list, &checked.fields, &caller.user_id, &checked.participants, now).await?;
        }
        Scope::All => {
            let first = repo::first_in_group(&mut tx, &own, &found.group_id).await?.ok_or_else(missing)?;
            let moved = checked.times.start - found.start_day;
            let mut times = checked.times.clone();
            times.start = first.start_day + moved;
            times.end = times.start + (checked.times.end - checked.times.start);
            let list = occurrences(state, &times)?;
            let replaced = repo::group_ids(&mut tx, &own, &found.group_id, None).await?;
            repo::delete(&mut tx, &replaced).await?;
            repo::insert_series(&mut tx, &found.group_id, &list, &checked.fields, &caller.user_id, &checked.participants, now).await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// DELETE Schedule/{id}/{type} (SCHED-006..008, SCHED-011): 1 this occurrence, 2 this and
/// the following ones (the earlier ones then end before it), 3 the whole series; a schedule
/// that does not repeat is deleted whatever the scope. The creator deletes; a participant is
/// taken off those occurrences, which stay for the others.
pub async fn delete(state: &AppState, caller: &Member, id: &str, scope: &str) -> Result<(), AppError> {
    let scope = Scope::parse(scope)?;
    let own = DataScope::own(caller);
    let mut tx = state.db.begin().await?;
    let found = repo::by_id(&mut tx, &own, id).await?.ok_or_else(missing)?;
    let repeating = Repetition::from_code(&found.repetition).is_some_and(Repetition::is_repeating);
    let ids = match (repeating, scope) {
        (false, _) | (true, Scope::This) => vec![found.id.clone()],
        (true, Scope::Following) => repo::group_ids(&mut tx, &own, &found.group_id, Some(found.start_day)).await?,
        (true, Scope::All) => repo::group_ids(&mut tx, &own, &found.group_id, None).await?,
    };
    if found.creator_user_id == caller.user_id {
        repo::delete(&mut tx, &ids).await?;
        if repeating && scope == Scope::Following {
            shorten(&mut tx, caller, &found, state.clock.now_ms()).await?;
        }
    } else {
        repo::leave(&mut tx, &ids, &caller.user_id).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Reminders one tick sends at most (the rest wait for the next tick).
const REMINDERS_PER_TICK: i64 = 500;
/// How often due reminders are looked for.
pub const REMINDER_TICK: std::time::Duration = std::time::Duration::from_secs(30);

/// Sends the reminders that are due (SCHED reminders; MSG-014): for each occurrence whose
/// reminder time has come and that has not ended, one schedule message (type 4, body `{type:
/// 1, id, groupId}` so that opening it opens the schedule) to its creator and participants,
/// written with the claim in one transaction and pushed live after it. Each occurrence is
/// reminded once, whichever process ticks first. Answers how many were sent.
pub async fn send_due_reminders(state: &AppState) -> Result<usize, AppError> {
    let now = state.clock.now_ms();
    let due = {
        let mut conn = state.db.acquire().await?;
        repo::due_reminders(&mut conn, now, REMINDERS_PER_TICK).await?
    };
    let mut sent = 0;
    for r in due {
        let mut tx = state.db.begin().await?;
        if !repo::claim_reminder(&mut tx, &r.id, now).await? {
            continue;
        }
        let users = repo::viewers(&mut tx, &r.id).await?;
        let starts = DateTime::from_epoch_ms(r.start_day, state.config.utc_offset_minutes).map(|d| d.format("yyyy-MM-dd HH:mm")).unwrap_or_default();
        let message = NewMessage {
            kind: message::SCHEDULE,
            flow_type: 1,
            title: format!("日程提醒：{}", r.title),
            body_text: json!({"type": 1, "id": r.id, "groupId": r.group_id}).to_string(),
            excerpt: format!("开始时间：{starts}"),
            files: String::new(),
            sender: r.creator_user_id.clone(),
        };
        let delivered = message::write(&mut tx, &message, &users, now).await?;
        tx.commit().await?;
        delivered.publish(state);
        sent += 1;
    }
    Ok(sent)
}

/// Runs [`send_due_reminders`] every [`REMINDER_TICK`].
pub fn spawn_reminders(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(REMINDER_TICK);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            if let Err(e) = send_due_reminders(&state).await {
                tracing::warn!(error = %e, "sending schedule reminders failed; trying again next tick");
            }
        }
    })
}
