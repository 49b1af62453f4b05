//! SQL of the third-party sync: the sync records (migration 0014), the run lease, and the
//! organisations and users a sync sends or an import links. No decisions here.

use crate::access::{DataScope, ScopeColumns};
use crate::db::{Conn, Engine, Sql};
use crate::error::AppError;
use sqlx::FromRow;

/// Organisations under data permission (owned by who made them).
const ORGANIZE_SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_organize.creator_user_id",
    fields: &[("id", "base_organize.id"), ("organizeId", "base_organize.id"), ("creatorUserId", "base_organize.creator_user_id")],
};

/// Users under data permission (a user row is the user's).
const USER_SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_user.id",
    fields: &[("id", "base_user.id"), ("organizeId", "base_user.organize_id"), ("creatorUserId", "base_user.creator_user_id")],
};

/// An organisation as a sync sends it.
#[derive(Debug, Clone, FromRow)]
pub struct Organisation {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub sort_code: i64,
    /// The ids from the top down to this one, joined by ','.
    pub id_tree: String,
}

/// A user as a sync sends it.
#[derive(Debug, Clone, FromRow)]
pub struct User {
    pub id: String,
    pub account: String,
    pub real_name: String,
    pub mobile_phone: String,
    pub email: String,
    pub enabled_mark: i64,
    /// The current organisation ('' when none).
    pub organize_id: String,
    /// Administrators are never changed by an import from the service.
    pub is_administrator: i64,
}

/// What was last sent of one object.
#[derive(Debug, Clone, FromRow)]
pub struct Record {
    pub sys_id: String,
    pub third_id: String,
    pub state: i64,
}

/// A record to store.
pub struct NewRecord<'a> {
    pub third_type: i64,
    pub object_type: i64,
    pub sys_id: &'a str,
    pub third_id: &'a str,
    pub state: i64,
    pub message: &'a str,
    pub at: i64,
}

/// The counts behind a totals row.
#[derive(Debug, Clone, FromRow)]
pub struct Counts {
    pub total: i64,
    pub success: i64,
    pub failed: i64,
    pub last: Option<i64>,
}

/// Every organisation within the scope.
pub async fn organisations(conn: &mut Conn, scope: &DataScope) -> Result<Vec<Organisation>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id, parent_id, full_name, sort_code, id_tree FROM base_organize WHERE 1 = 1");
    scope.restrict(&mut sql, &ORGANIZE_SCOPE);
    sql.push(" ORDER BY sort_code, creator_time, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// Every user within the scope.
pub async fn users(conn: &mut Conn, scope: &DataScope) -> Result<Vec<User>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT id, account, real_name, mobile_phone, email, enabled_mark, organize_id, is_administrator FROM base_user WHERE 1 = 1",
    );
    scope.restrict(&mut sql, &USER_SCOPE);
    sql.push(" ORDER BY sort_code, creator_time, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// Every (user, organisation) membership of the users within the scope.
pub async fn memberships(conn: &mut Conn, scope: &DataScope) -> Result<Vec<(String, String)>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT r.user_id, r.object_id FROM base_user_relation r JOIN base_user ON base_user.id = r.user_id \
         WHERE r.object_type = 'Organize'",
    );
    scope.restrict(&mut sql, &USER_SCOPE);
    sql.push(" ORDER BY r.user_id, r.object_id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// The records of one service and object type.
pub async fn records(conn: &mut Conn, third_type: i64, object_type: i64) -> Result<Vec<Record>, AppError> {
    Ok(sqlx::query_as("SELECT sys_id, third_id, state FROM base_syn_third_info WHERE third_type = $1 AND object_type = $2")
        .bind(third_type)
        .bind(object_type)
        .fetch_all(conn)
        .await?)
}

/// The record of the object the service knows as `third_id` (the import's link), if any.
pub async fn by_third_id(conn: &mut Conn, third_type: i64, object_type: i64, third_id: &str) -> Result<Option<Record>, AppError> {
    Ok(sqlx::query_as(
        "SELECT sys_id, third_id, state FROM base_syn_third_info WHERE third_type = $1 AND object_type = $2 AND third_id = $3 \
         ORDER BY sync_time DESC, sys_id LIMIT 1",
    )
    .bind(third_type)
    .bind(object_type)
    .bind(third_id)
    .fetch_optional(conn)
    .await?)
}

/// The first company at the top: where an import places the service's departments.
pub async fn top_company(conn: &mut Conn) -> Result<Option<String>, AppError> {
    Ok(sqlx::query_scalar(
        "SELECT id FROM base_organize WHERE parent_id = '-1' AND category = 'company' ORDER BY sort_code, creator_time, id LIMIT 1",
    )
    .fetch_optional(conn)
    .await?)
}

/// Stores the outcome of one object's sync (replacing the previous one).
pub async fn store_record(conn: &mut Conn, r: &NewRecord<'_>) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_syn_third_info (third_type, object_type, sys_id, third_id, state, message, sync_time) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (third_type, object_type, sys_id) DO UPDATE SET third_id = excluded.third_id, state = excluded.state, \
         message = excluded.message, sync_time = excluded.sync_time",
    )
    .bind(r.third_type)
    .bind(r.object_type)
    .bind(r.sys_id)
    .bind(r.third_id)
    .bind(r.state)
    .bind(r.message)
    .bind(r.at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Which records a count reads, and the states it tells apart.
pub struct CountOf {
    pub third_type: i64,
    pub object_type: i64,
    pub success: i64,
    pub failed: i64,
}

/// The objects of a kind within the scope and how their records stand: `table` is
/// base_organize or base_user (fixed here, never a client's text).
async fn counts(conn: &mut Conn, scope: &DataScope, table: &'static str, columns: &ScopeColumns, of: &CountOf) -> Result<Counts, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT COUNT(*) AS total, COUNT(CASE WHEN s.state = ");
    sql.bind(of.success).push(" THEN 1 END) AS success, COUNT(CASE WHEN s.state = ").bind(of.failed);
    sql.push(" THEN 1 END) AS failed, MAX(s.sync_time) AS last FROM ").push(table);
    sql.push(" LEFT JOIN base_syn_third_info s ON s.sys_id = ").push(table).push(".id AND s.third_type = ").bind(of.third_type);
    sql.push(" AND s.object_type = ").bind(of.object_type).push(" WHERE 1 = 1");
    scope.restrict(&mut sql, columns);
    Ok(sql.query_as().fetch_one(conn).await?)
}

/// How the organisations within the scope stand with one service.
pub async fn organisation_counts(conn: &mut Conn, scope: &DataScope, of: &CountOf) -> Result<Counts, AppError> {
    counts(conn, scope, "base_organize", &ORGANIZE_SCOPE, of).await
}

/// How the users within the scope stand with one service.
pub async fn user_counts(conn: &mut Conn, scope: &DataScope, of: &CountOf) -> Result<Counts, AppError> {
    counts(conn, scope, "base_user", &USER_SCOPE, of).await
}

/// Takes the run lease of one service and object type when it is free or was taken before
/// `stale_before` (ms); answers whether this run holds it.
pub async fn take_run(conn: &mut Conn, third_type: i64, object_type: i64, run_id: &str, now: i64, stale_before: i64) -> Result<bool, AppError> {
    let taken = sqlx::query(
        "INSERT INTO qiming_third_sync_run (third_type, object_type, run_id, started) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (third_type, object_type) DO UPDATE SET run_id = excluded.run_id, started = excluded.started \
         WHERE qiming_third_sync_run.started < $5",
    )
    .bind(third_type)
    .bind(object_type)
    .bind(run_id)
    .bind(now)
    .bind(stale_before)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(taken == 1)
}

/// Gives the lease back (only the run that holds it can).
pub async fn end_run(conn: &mut Conn, third_type: i64, object_type: i64, run_id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM qiming_third_sync_run WHERE third_type = $1 AND object_type = $2 AND run_id = $3")
        .bind(third_type)
        .bind(object_type)
        .bind(run_id)
        .execute(conn)
        .await?;
    Ok(())
}
