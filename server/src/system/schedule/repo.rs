//! SQL of schedules. No decisions here. Every query that returns schedules takes the caller's
//! scope, applied to the occurrence's viewers (its creator and participants).

use super::dto::{ScheduleEvent, ScheduleRow};
use crate::access::{DataScope, ScopeColumns};
use crate::db::{Conn, Engine, Sql};
use crate::error::AppError;

/// A schedule's rows are reached through `base_schedule_user v`: one row per viewer.
pub const SCOPE: ScopeColumns = ScopeColumns { owner: "v.user_id", fields: &[] };

const COLUMNS: &str = "SELECT s.id, s.group_id, s.category, s.urgent, s.title, s.content, s.color, s.all_day, s.start_day, s.start_time, \
     s.end_day, s.end_time, s.duration, s.reminder_time, s.reminder_type, s.send_config_id, s.send_config_name, s.repetition, \
     s.repeat_time, s.creator_user_id FROM base_schedule s WHERE ";

/// ` EXISTS (a viewer row of s in the scope)`: each schedule once, whatever the scope.
fn visible(sql: &mut Sql, scope: &DataScope) {
    sql.push("EXISTS (SELECT 1 FROM base_schedule_user v WHERE v.schedule_id = s.id");
    scope.restrict(sql, &SCOPE);
    sql.push(")");
}

/// The occurrences in the scope that overlap [from, to] (either bound optional), by start.
pub async fn events(conn: &mut Conn, scope: &DataScope, from: Option<i64>, to: Option<i64>) -> Result<Vec<ScheduleEvent>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT s.id, s.group_id, s.title, s.start_day, s.end_day, s.color, s.all_day, s.creator_user_id, s.urgent, s.repetition \
         FROM base_schedule s WHERE ",
    );
    visible(&mut sql, scope);
    if let Some(from) = from {
        sql.push(" AND s.end_day >= ").bind(from);
    }
    if let Some(to) = to {
        sql.push(" AND s.start_day <= ").bind(to);
    }
    sql.push(" ORDER BY s.start_day, s.id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<ScheduleRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    visible(&mut sql, scope);
    sql.push(" AND s.id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// The first occurrence of a series in the scope.
pub async fn first_in_group(conn: &mut Conn, scope: &DataScope, group_id: &str) -> Result<Option<ScheduleRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    visible(&mut sql, scope);
    sql.push(" AND s.group_id = ").bind(group_id).push(" ORDER BY s.start_day, s.id LIMIT 1");
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// The ids of a series' occurrences in the scope, those starting at or after `from` when
/// given, by start.
pub async fn group_ids(conn: &mut Conn, scope: &DataScope, group_id: &str, from: Option<i64>) -> Result<Vec<String>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT s.id FROM base_schedule s WHERE ");
    visible(&mut sql, scope);
    sql.push(" AND s.group_id = ").bind(group_id);
    if let Some(from) = from {
        sql.push(" AND s.start_day >= ").bind(from);
    }
    sql.push(" ORDER BY s.start_day, s.id");
    Ok(sql.query_scalar().fetch_all(conn).await?)
}

/// How many occurrences a series has left and the last one's start.
pub async fn group_extent(conn: &mut Conn, scope: &DataScope, group_id: &str) -> Result<(i64, Option<i64>), AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT COUNT(*), MAX(s.start_day) FROM base_schedule s WHERE ");
    visible(&mut sql, scope);
    sql.push(" AND s.group_id = ").bind(group_id);
    Ok(sql.query_as().fetch_one(conn).await?)
}

/// The participants of an occurrence (its viewers but its creator), by id.
pub async fn participants(conn: &mut Conn, schedule_id: &str) -> Result<Vec<String>, AppError> {
    Ok(sqlx::query_scalar(
        "SELECT v.user_id FROM base_schedule_user v JOIN base_schedule s ON s.id = v.schedule_id \
         WHERE v.schedule_id = $1 AND v.user_id <> s.creator_user_id ORDER BY v.user_id",
    )
    .bind(schedule_id)
    .fetch_all(conn)
    .await?)
}

/// `姓名/账户` of users, in the order asked; unknown ids are left out.
pub async fn user_names(conn: &mut Conn, ids: &[String]) -> Result<Vec<(String, String)>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id, real_name || '/' || account FROM base_user WHERE ");
    sql.any_of("id", ids);
    let found: Vec<(String, String)> = sql.query_as().fetch_all(conn).await?;
    Ok(ids.iter().filter_map(|id| found.iter().find(|(i, _)| i == id).cloned()).collect())
}

/// The name of a dictionary item of scheduleType, None when `id` is not one.
pub async fn schedule_type_name(conn: &mut Conn, id: &str) -> Result<Option<String>, AppError> {
    Ok(sqlx::query_scalar(
        "SELECT d.full_name FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
         WHERE t.en_code = 'scheduleType' AND d.id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// What every occurrence of a series written at once shares.
pub struct Fields {
    pub category: String,
    pub urgent: String,
    pub title: String,
    pub content: String,
    pub color: String,
    pub all_day: i64,
    pub start_time: String,
    pub end_time: String,
    pub duration: i64,
    pub reminder_time: i64,
    pub reminder_type: String,
    pub send_config_id: String,
    pub send_config_name: String,
    pub repetition: String,
    pub repeat_time: Option<i64>,
}

/// One occurrence to write: its id and times.
pub struct Occurrence {
    pub id: String,
    pub start_day: i64,
    pub end_day: i64,
}

/// Rows per INSERT: 100 occurrences bind 2 100 values, 500 viewers 1 000 — far below both
/// engines' limits.
const OCCURRENCES_PER_STATEMENT: usize = 100;
const VIEWERS_PER_STATEMENT: usize = 500;

/// Inserts a series' occurrences (all in `group_id`) with their viewers: the creator and
/// `participants` on each.
pub async fn insert_series(
    conn: &mut Conn,
    group_id: &str,
    occurrences: &[Occurrence],
    f: &Fields,
    creator: &str,
    participants: &[String],
    now: i64,
) -> Result<(), AppError> {
    let engine = Engine::of(conn);
    for chunk in occurrences.chunks(OCCURRENCES_PER_STATEMENT) {
        let mut sql = Sql::new(
            engine,
            "INSERT INTO base_schedule (id, group_id, category, urgent, title, content, color, all_day, start_day, start_time, end_day, \
             end_time, duration, reminder_time, reminder_type, send_config_id, send_config_name, repetition, repeat_time, creator_user_id, \
             creator_time, last_modify_user_id) VALUES ",
        );
        for (i, o) in chunk.iter().enumerate() {
            sql.push(if i == 0 { "(" } else { ", (" });
            sql.bind(o.id.as_str()).push(", ").bind(group_id).push(", ").bind(f.category.as_str()).push(", ").bind(f.urgent.as_str());
            sql.push(", ").bind(f.title.as_str()).push(", ").bind(f.content.as_str()).push(", ").bind(f.color.as_str());
            sql.push(", ").bind(f.all_day).push(", ").bind(o.start_day).push(", ").bind(f.start_time.as_str());
            sql.push(", ").bind(o.end_day).push(", ").bind(f.end_time.as_str()).push(", ").bind(f.duration);
            sql.push(", ").bind(f.reminder_time).push(", ").bind(f.reminder_type.as_str()).push(", ").bind(f.send_config_id.as_str());
            sql.push(", ").bind(f.send_config_name.as_str()).push(", ").bind(f.repetition.as_str()).push(", ").bind(f.repeat_time);
            sql.push(", ").bind(creator).push(", ").bind(now).push(", '')");
        }
        sql.query().execute(&mut *conn).await?;
    }
    let viewers: Vec<(&str, &str)> = occurrences
        .iter()
        .flat_map(|o| std::iter::once(creator).chain(participants.iter().map(String::as_str)).map(move |u| (o.id.as_str(), u)))
        .collect();
    add_viewers(conn, &viewers).await
}

async fn add_viewers(conn: &mut Conn, viewers: &[(&str, &str)]) -> Result<(), AppError> {
    let engine = Engine::of(conn);
    for chunk in viewers.chunks(VIEWERS_PER_STATEMENT) {
        let mut sql = Sql::new(engine, "INSERT INTO base_schedule_user (schedule_id, user_id) VALUES ");
        for (i, (schedule, user)) in chunk.iter().enumerate() {
            sql.push(if i == 0 { "(" } else { ", (" });
            sql.bind(*schedule).push(", ").bind(*user).push(")");
        }
        sql.query().execute(&mut *conn).await?;
    }
    Ok(())
}

/// Rewrites one occurrence: its fields and times, and its participants.
pub async fn update_one(
    conn: &mut Conn,
    o: &Occurrence,
    f: &Fields,
    creator: &str,
    participants: &[String],
    user_id: &str,
    now: i64,
) -> Result<(), AppError> {
    let mut sql = Sql::update(Engine::of(conn), "base_schedule");
    sql.set("category", f.category.as_str()).set("urgent", f.urgent.as_str()).set("title", f.title.as_str());
    sql.set("content", f.content.as_str()).set("color", f.color.as_str()).set("all_day", f.all_day);
    sql.set("start_day", o.start_day).set("start_time", f.start_time.as_str()).set("end_day", o.end_day);
    sql.set("end_time", f.end_time.as_str()).set("duration", f.duration).set("reminder_time", f.reminder_time);
    sql.set("reminder_type", f.reminder_type.as_str()).set("send_config_id", f.send_config_id.as_str());
    sql.set("send_config_name", f.send_config_name.as_str()).set("repetition", f.repetition.as_str()).set("repeat_time", f.repeat_time);
    // New times, a new reminder (none is due for the old ones any more).
    sql.set("reminded_at", None::<i64>);
    sql.set("last_modify_time", now).set("last_modify_user_id", user_id).push(" WHERE id = ").bind(o.id.as_str());
    sql.query().execute(&mut *conn).await?;
    sqlx::query("DELETE FROM base_schedule_user WHERE schedule_id = $1").bind(o.id.as_str()).execute(&mut *conn).await?;
    let viewers: Vec<(&str, &str)> =
        std::iter::once(creator).chain(participants.iter().map(String::as_str)).map(|u| (o.id.as_str(), u)).collect();
    add_viewers(conn, &viewers).await
}

/// Sets the repetition and repeat end of a series' remaining occurrences.
pub async fn set_repeat(conn: &mut Conn, group_id: &str, repetition: &str, repeat_time: Option<i64>, user_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE base_schedule SET repetition = $1, repeat_time = $2, last_modify_time = $3, last_modify_user_id = $4 WHERE group_id = $5")
        .bind(repetition)
        .bind(repeat_time)
        .bind(now)
        .bind(user_id)
        .bind(group_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Deletes occurrences (and so their viewers).
pub async fn delete(conn: &mut Conn, ids: &[String]) -> Result<(), AppError> {
    for chunk in ids.chunks(VIEWERS_PER_STATEMENT) {
        let engine = Engine::of(conn);
        let mut viewers = Sql::new(engine, "DELETE FROM base_schedule_user WHERE ");
        viewers.any_of("schedule_id", chunk);
        viewers.query().execute(&mut *conn).await?;
        let mut rows = Sql::new(engine, "DELETE FROM base_schedule WHERE ");
        rows.any_of("id", chunk);
        rows.query().execute(&mut *conn).await?;
    }
    Ok(())
}

/// Takes a user off occurrences they take part in.
pub async fn leave(conn: &mut Conn, ids: &[String], user_id: &str) -> Result<(), AppError> {
    for chunk in ids.chunks(VIEWERS_PER_STATEMENT) {
        let mut sql = Sql::new(Engine::of(conn), "DELETE FROM base_schedule_user WHERE user_id = ");
        sql.bind(user_id).push(" AND ");
        sql.any_of("schedule_id", chunk);
        sql.query().execute(&mut *conn).await?;
    }
    Ok(())
}

/// Which of these ids are users.
pub async fn existing_users(conn: &mut Conn, ids: &[String]) -> Result<Vec<String>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id FROM base_user WHERE ");
    sql.any_of("id", ids);
    Ok(sql.query_scalar().fetch_all(conn).await?)
}

/// An occurrence whose reminder is due.
#[derive(Debug, sqlx::FromRow)]
pub struct DueReminder {
    pub id: String,
    pub group_id: String,
    pub title: String,
    pub start_day: i64,
    pub creator_user_id: String,
}

/// Occurrences not reminded yet whose reminder time (`reminder_time` minutes before the
/// start; -1 at the start; -2 none) has come and which have not ended, earliest first.
pub async fn due_reminders(conn: &mut Conn, now: i64, limit: i64) -> Result<Vec<DueReminder>, AppError> {
    Ok(sqlx::query_as(
        "SELECT id, group_id, title, start_day, creator_user_id FROM base_schedule \
         WHERE reminded_at IS NULL AND reminder_time <> -2 AND end_day > $1 \
         AND start_day - (CASE WHEN reminder_time > 0 THEN reminder_time * 60000 ELSE 0 END) <= $1 \
         ORDER BY start_day, id LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// Marks the occurrence reminded if nobody did yet; answers whether this call did.
pub async fn claim_reminder(conn: &mut Conn, id: &str, now: i64) -> Result<bool, AppError> {
    let done = sqlx::query("UPDATE base_schedule SET reminded_at = $1 WHERE id = $2 AND reminded_at IS NULL").bind(now).bind(id).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}

/// Everyone who sees the occurrence: its creator and its participants.
pub async fn viewers(conn: &mut Conn, schedule_id: &str) -> Result<Vec<String>, AppError> {
    Ok(sqlx::query_scalar("SELECT user_id FROM base_schedule_user WHERE schedule_id = $1 ORDER BY user_id").bind(schedule_id).fetch_all(conn).await?)
}
