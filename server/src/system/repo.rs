//! SQL of the system area: configuration rows and the system log. No decisions here.

use super::dto::{LOGIN_LOG, LoginFilter, LoginLogEntry, LoginRecord};
use crate::access::{DataScope, ScopeColumns};
use crate::db::{Conn, Engine, Sql, bump_generation, paged};
use crate::error::AppError;
use crate::support::new_id;
use crate::wire::Page;
use serde_json::Value;

/// Every (key, JSON text) row of the configuration.
pub(super) async fn settings(conn: &mut Conn) -> Result<Vec<(String, String)>, AppError> {
    Ok(sqlx::query_as("SELECT config_key, config_value FROM base_sys_config").fetch_all(conn).await?)
}

/// Upserts each value (one statement each; the caller owns the transaction).
pub(super) async fn store_settings(conn: &mut Conn, values: &[(String, Value)]) -> Result<(), AppError> {
    for (key, value) in values {
        sqlx::query(
            "INSERT INTO base_sys_config (config_key, config_value) VALUES ($1, $2) \
             ON CONFLICT (config_key) DO UPDATE SET config_value = excluded.config_value",
        )
        .bind(key)
        .bind(value.to_string())
        .execute(&mut *conn)
        .await?;
    }
    bump_generation(conn).await?;
    Ok(())
}

pub(super) async fn insert_login(conn: &mut Conn, r: &LoginRecord<'_>) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_sys_log (id, category, user_id, user_name, login_mark, abstracts, ip_address, \
         ip_address_name, platform, browser, user_agent, creator_time) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(new_id())
    .bind(LOGIN_LOG)
    .bind(r.user_id)
    .bind(r.user_name)
    .bind(r.success as i64)
    .bind(&r.reason)
    .bind(&r.client.ip)
    .bind(&r.client.place)
    .bind(&r.client.os)
    .bind(&r.client.browser)
    .bind(&r.client.user_agent)
    .bind(r.at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Log rows under data permission: owned by the user who signed in or called.
pub(in crate::system) const LOG_SCOPE: ScopeColumns =
    ScopeColumns { owner: "base_sys_log.user_id", fields: &[("userId", "base_sys_log.user_id"), ("F_UserId", "base_sys_log.user_id")] };

/// The columns of a log row ([`LoginLogEntry`]).
pub(in crate::system) const LOG_SELECT: &str = "SELECT id, creator_time, user_name, ip_address, ip_address_name, platform, browser, login_mark, abstracts, \
     request_url, request_method, request_duration, module_name, json";


/// The WHERE clause of a login-log list (the owner of a log row is its `user_id`).
fn login_filter(sql: &mut Sql, scope: &DataScope, category: i64, filter: &LoginFilter) {
    sql.push(" FROM base_sys_log WHERE category = ").bind(category);
    scope.restrict(sql, &LOG_SCOPE);
    sql.push(" AND creator_time >= ").bind(filter.start.unwrap_or(0));
    sql.push(" AND creator_time <= ").bind(filter.end.unwrap_or(i64::MAX));
    if let Some(keyword) = &filter.keyword {
        sql.push(" AND ").keyword(keyword, &["ip_address", "ip_address_name", "platform", "browser", "abstracts", "request_url"]);
    }
}

/// A page of login-log rows within the scope, newest first, and the total.
pub(super) async fn logins(
    conn: &mut Conn,
    scope: &DataScope,
    category: i64,
    page: Page,
    filter: &LoginFilter,
) -> Result<(Vec<LoginLogEntry>, i64), AppError> {
    Ok(paged(conn, "SELECT COUNT(*)", LOG_SELECT, |sql| login_filter(sql, scope, category, filter), " ORDER BY creator_time DESC, id DESC", page).await?)
}

/// The latest successful sign-in within the scope before `before` (ms).
pub(super) async fn previous_login(conn: &mut Conn, scope: &DataScope, before: i64) -> Result<Option<LoginLogEntry>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), LOG_SELECT);
    sql.push(" FROM base_sys_log WHERE category = ").bind(LOGIN_LOG);
    scope.restrict(&mut sql, &LOG_SCOPE);
    sql.push(" AND login_mark = 1 AND creator_time < ").bind(before);
    sql.push(" ORDER BY creator_time DESC, id DESC LIMIT 1");
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// Request-log rows (category 5) deleted per statement: a trim of millions of rows never
/// holds the database's write lock for long.
const TRIM_BATCH: i64 = 10_000;

/// Drops request-log rows older than `before`, then beyond the newest `keep` (0: no limit),
/// in batches; answers how many.
pub(super) async fn delete_requests(conn: &mut Conn, before: i64, keep: i64) -> Result<u64, AppError> {
    let mut cutoff = before;
    if keep > 0 {
        // The (keep+1)-th newest row's time: it and every older row go (ties too, so at most
        // `keep` stay). Read along the (category, creator_time) index.
        let beyond: Option<(i64,)> =
            sqlx::query_as("SELECT creator_time FROM base_sys_log WHERE category = $1 ORDER BY creator_time DESC LIMIT 1 OFFSET $2")
                .bind(REQUEST_LOG)
                .bind(keep)
                .fetch_optional(&mut *conn)
                .await?;
        if let Some((t,)) = beyond {
            cutoff = cutoff.max(t + 1);
        }
    }
    let mut deleted = 0;
    loop {
        let n = sqlx::query(
            "DELETE FROM base_sys_log WHERE id IN \
             (SELECT id FROM base_sys_log WHERE category = $1 AND creator_time < $2 LIMIT $3)",
        )
        .bind(REQUEST_LOG)
        .bind(cutoff)
        .bind(TRIM_BATCH)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        deleted += n;
        if (n as i64) < TRIM_BATCH {
            return Ok(deleted);
        }
    }
}

/// The request log's category (what the journal writes for every call).
const REQUEST_LOG: i64 = 5;

/// Drops log rows (sign-ins, operations, requests) older than `before`; answers how many.
pub(super) async fn delete_logins_before(conn: &mut Conn, before: i64) -> Result<u64, AppError> {
    Ok(sqlx::query("DELETE FROM base_sys_log WHERE creator_time < $1")
        .bind(before)
        .execute(conn)
        .await?
        .rows_affected())
}
