//! SQL of exports waiting to be downloaded. No decisions here.

use crate::db::Conn;
use crate::error::AppError;

pub async fn insert(conn: &mut Conn, key: &str, file_name: &str, content: &str, user_id: &str, expires_at: i64) -> Result<(), AppError> {
    sqlx::query("INSERT INTO qiming_download (download_key, file_name, content, creator_user_id, expires_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(key)
        .bind(file_name)
        .bind(content)
        .bind(user_id)
        .bind(expires_at)
        .execute(conn)
        .await?;
    Ok(())
}

/// The file of `key` while it has not expired: (name, content).
pub async fn by_key(conn: &mut Conn, key: &str, now: i64) -> Result<Option<(String, String)>, AppError> {
    Ok(sqlx::query_as("SELECT file_name, content FROM qiming_download WHERE download_key = $1 AND expires_at > $2")
        .bind(key)
        .bind(now)
        .fetch_optional(conn)
        .await?)
}

/// Removes expired files; answers how many.
pub async fn trim(conn: &mut Conn, now: i64) -> Result<u64, AppError> {
    Ok(sqlx::query("DELETE FROM qiming_download WHERE expires_at <= $1").bind(now).execute(conn).await?.rows_affected())
}
