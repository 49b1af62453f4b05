//! SQL of exports waiting to be downloaded. No decisions here.

use crate::db::Conn;
use crate::error::AppError;

/// A stored file: offered for download (`kind` 'export') or an upload held for an import
/// wizard's next step ('upload').
pub struct Stored<'a> {
    pub key: &'a str,
    pub kind: &'a str,
    pub file_name: &'a str,
    pub content: &'a str,
    pub is_base64: bool,
    pub user_id: &'a str,
    pub expires_at: i64,
}

pub async fn insert(conn: &mut Conn, f: &Stored<'_>) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO qiming_download (download_key, kind, file_name, content, is_base64, creator_user_id, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(f.key)
    .bind(f.kind)
    .bind(f.file_name)
    .bind(f.content)
    .bind(f.is_base64 as i64)
    .bind(f.user_id)
    .bind(f.expires_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The file of `key` and `kind` while it has not expired: (name, content, base64 flag, owner).
pub async fn by_key(conn: &mut Conn, key: &str, kind: &str, now: i64) -> Result<Option<(String, String, i64, String)>, AppError> {
    Ok(sqlx::query_as(
        "SELECT file_name, content, is_base64, creator_user_id FROM qiming_download WHERE download_key = $1 AND kind = $2 AND expires_at > $3",
    )
    .bind(key)
    .bind(kind)
    .bind(now)
    .fetch_optional(conn)
    .await?)
}

/// Removes expired files; answers how many.
pub async fn trim(conn: &mut Conn, now: i64) -> Result<u64, AppError> {
    Ok(sqlx::query("DELETE FROM qiming_download WHERE expires_at <= $1").bind(now).execute(conn).await?.rows_affected())
}
