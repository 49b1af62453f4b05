//! SQL of the auth area: sign-in throttling and captcha answers. No decisions here.

use crate::db::Conn;
use crate::error::AppError;

/// When the key ("account:<name>" or "address:<ip>") is locked until (ms), if ever.
pub(super) async fn locked_until(conn: &mut Conn, key: &str) -> Result<Option<i64>, AppError> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT locked_until FROM base_login_throttle WHERE throttle_key = $1")
        .bind(key)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|(until,)| until))
}

/// Counts one attempt of the key in one statement (so concurrent attempts are all counted);
/// attempts from before `window_start` no longer count. Returns the count and when the key
/// is locked until.
pub(super) async fn count_attempt(conn: &mut Conn, key: &str, now: i64, window_start: i64) -> Result<(i64, i64), AppError> {
    Ok(sqlx::query_as(
        "INSERT INTO base_login_throttle (throttle_key, failures, window_start, locked_until) VALUES ($1, 1, $2, 0) \
         ON CONFLICT (throttle_key) DO UPDATE SET \
           failures = CASE WHEN base_login_throttle.window_start <= $3 THEN 1 ELSE base_login_throttle.failures + 1 END, \
           window_start = CASE WHEN base_login_throttle.window_start <= $3 THEN $2 ELSE base_login_throttle.window_start END \
         RETURNING failures, locked_until",
    )
    .bind(key)
    .bind(now)
    .bind(window_start)
    .fetch_one(conn)
    .await?)
}

/// Locks the key until `until`. Its count is left alone: attempts already on their way are
/// counted beyond the limit (and refused); the count starts again once the window is over.
pub(super) async fn lock(conn: &mut Conn, key: &str, until: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE base_login_throttle SET locked_until = $2 WHERE throttle_key = $1")
        .bind(key)
        .bind(until)
        .execute(conn)
        .await?;
    Ok(())
}

/// Gives one counted attempt back (never below zero).
pub(super) async fn refund(conn: &mut Conn, key: &str) -> Result<(), AppError> {
    sqlx::query("UPDATE base_login_throttle SET failures = failures - 1 WHERE throttle_key = $1 AND failures > 0")
        .bind(key)
        .execute(conn)
        .await?;
    Ok(())
}

/// Forgets the failures of a key.
pub(super) async fn clear(conn: &mut Conn, key: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_login_throttle WHERE throttle_key = $1").bind(key).execute(conn).await?;
    Ok(())
}

/// Stores the answer of a captcha (replacing an earlier one for the same key) and drops
/// expired ones.
pub(super) async fn store_captcha(conn: &mut Conn, key: &str, answer: &str, now: i64, expires_at: i64) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_captcha WHERE expires_at < $1").bind(now).execute(&mut *conn).await?;
    sqlx::query(
        "INSERT INTO base_captcha (captcha_key, code, expires_at) VALUES ($1, $2, $3) \
         ON CONFLICT (captcha_key) DO UPDATE SET code = excluded.code, expires_at = excluded.expires_at",
    )
    .bind(key)
    .bind(answer)
    .bind(expires_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Removes a captcha and answers its (answer, expiry).
pub(super) async fn take_captcha(conn: &mut Conn, key: &str) -> Result<Option<(String, i64)>, AppError> {
    Ok(sqlx::query_as("DELETE FROM base_captcha WHERE captcha_key = $1 RETURNING code, expires_at")
        .bind(key)
        .fetch_optional(conn)
        .await?)
}

/// The stored answer of a captcha, without using it up.
pub(super) async fn captcha_answer(conn: &mut Conn, key: &str) -> Result<Option<String>, AppError> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT code FROM base_captcha WHERE captcha_key = $1").bind(key).fetch_optional(conn).await?;
    Ok(row.map(|(c,)| c))
}

/// Drops the throttle rows that neither count nor lock anything any more: unlocked, and
/// whose window began before `before`.
pub(super) async fn delete_stale_throttles(conn: &mut Conn, before: i64) -> Result<u64, AppError> {
    Ok(sqlx::query("DELETE FROM base_login_throttle WHERE locked_until < $1 AND window_start < $1")
        .bind(before)
        .execute(conn)
        .await?
        .rows_affected())
}

/// Drops expired captchas.
pub(super) async fn delete_expired_captchas(conn: &mut Conn, now: i64) -> Result<u64, AppError> {
    Ok(sqlx::query("DELETE FROM base_captcha WHERE expires_at < $1").bind(now).execute(conn).await?.rows_affected())
}
