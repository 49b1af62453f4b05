//! Failed sign-ins, counted per key ("account:<name>" or "address:<ip>") in a window; at the
//! limit the key is locked for the lock time. Unknown accounts are counted like known ones,
//! so the lock reveals nothing about which accounts exist.

use crate::db::Conn;
use crate::error::AppError;

/// Minutes (rounded up) the key is still locked, if it is.
pub async fn locked(conn: &mut Conn, key: &str, now: i64) -> Result<Option<i64>, AppError> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT locked_until FROM base_login_throttle WHERE throttle_key = $1")
        .bind(key)
        .fetch_optional(conn)
        .await?;
    Ok(row.filter(|(until,)| *until > now).map(|(until,)| (until - now + 59_999) / 60_000))
}

/// Counts one failure; true when this failure reached `limit` and locked the key for
/// `lock_ms`. Failures older than `lock_ms` no longer count. One statement, so concurrent
/// failures are all counted.
pub async fn fail(conn: &mut Conn, key: &str, now: i64, limit: i64, lock_ms: i64) -> Result<bool, AppError> {
    let (failures,): (i64,) = sqlx::query_as(
        "INSERT INTO base_login_throttle (throttle_key, failures, window_start, locked_until) VALUES ($1, 1, $2, 0) \
         ON CONFLICT (throttle_key) DO UPDATE SET \
           failures = CASE WHEN base_login_throttle.window_start <= $3 THEN 1 ELSE base_login_throttle.failures + 1 END, \
           window_start = CASE WHEN base_login_throttle.window_start <= $3 THEN $2 ELSE base_login_throttle.window_start END \
         RETURNING failures",
    )
    .bind(key)
    .bind(now)
    .bind(now - lock_ms)
    .fetch_one(&mut *conn)
    .await?;
    if failures < limit {
        return Ok(false);
    }
    // Locked from now; the count starts again after the lock.
    sqlx::query("UPDATE base_login_throttle SET failures = 0, window_start = $2, locked_until = $3 WHERE throttle_key = $1")
        .bind(key)
        .bind(now)
        .bind(now + lock_ms)
        .execute(conn)
        .await?;
    Ok(true)
}

/// Forgets the failures of a key (after a successful sign-in).
pub async fn clear(conn: &mut Conn, key: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_login_throttle WHERE throttle_key = $1").bind(key).execute(conn).await?;
    Ok(())
}
