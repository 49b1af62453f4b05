//! SQL of uploaded files' metadata. No decisions here.

use crate::db::Conn;
use crate::error::AppError;

pub struct NewFile<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub storage_key: &'a str,
    pub original_name: &'a str,
    pub file_size: i64,
    pub extension: &'a str,
    pub detected_type: &'a str,
    pub md5: &'a str,
    pub owner_user_id: &'a str,
    pub folder_type: &'a str,
    pub path_type: &'a str,
    pub folder: &'a str,
    pub is_account: bool,
    pub created_at: i64,
}

pub async fn insert(conn: &mut Conn, f: &NewFile<'_>) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO qiming_file (id, name, storage_key, original_name, file_size, extension, detected_type, md5, \
         owner_user_id, folder_type, path_type, folder, is_account, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind(f.id)
    .bind(f.name)
    .bind(f.storage_key)
    .bind(f.original_name)
    .bind(f.file_size)
    .bind(f.extension)
    .bind(f.detected_type)
    .bind(f.md5)
    .bind(f.owner_user_id)
    .bind(f.folder_type)
    .bind(f.path_type)
    .bind(f.folder)
    .bind(f.is_account as i64)
    .bind(f.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FileRow {
    pub id: String,
    pub name: String,
    pub storage_key: String,
    pub original_name: String,
    pub file_size: i64,
    pub extension: String,
    pub detected_type: String,
    pub owner_user_id: String,
    pub is_account: i64,
}

/// `SELECT <the FileRow columns> FROM qiming_file <rest>`.
macro_rules! select_files {
    ($rest:literal) => {
        concat!("SELECT id, name, storage_key, original_name, file_size, extension, detected_type, owner_user_id, is_account FROM qiming_file ", $rest)
    };
}

/// The file of a generated name in a folder type.
pub async fn by_name(conn: &mut Conn, folder_type: &str, name: &str) -> Result<Option<FileRow>, AppError> {
    Ok(sqlx::query_as(select_files!("WHERE name = $1 AND folder_type = $2"))
    .bind(name)
    .bind(folder_type)
    .fetch_optional(conn)
    .await?)
}

/// The file of an id.
pub async fn by_id(conn: &mut Conn, id: &str) -> Result<Option<FileRow>, AppError> {
    Ok(sqlx::query_as(select_files!("WHERE id = $1"))
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// The file of a generated name, whatever its folder type (names are unique).
pub async fn by_file_name(conn: &mut Conn, name: &str) -> Result<Option<FileRow>, AppError> {
    Ok(sqlx::query_as(select_files!("WHERE name = $1")).bind(name).fetch_optional(conn).await?)
}

/// The object already holding content of this MD5 and size (other than `except`), if any.
pub async fn stored_content(conn: &mut Conn, md5: &str, size: i64, except: &str) -> Result<Option<String>, AppError> {
    Ok(sqlx::query_scalar("SELECT storage_key FROM qiming_file WHERE md5 = $1 AND file_size = $2 AND storage_key <> $3 ORDER BY created_at LIMIT 1")
        .bind(md5)
        .bind(size)
        .bind(except)
        .fetch_optional(conn)
        .await?)
}

/// Points a file at another object.
pub async fn set_storage_key(conn: &mut Conn, id: &str, key: &str) -> Result<(), AppError> {
    sqlx::query("UPDATE qiming_file SET storage_key = $2 WHERE id = $1").bind(id).bind(key).execute(conn).await?;
    Ok(())
}

/// How many files name this object.
pub async fn key_users(conn: &mut Conn, key: &str) -> Result<i64, AppError> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM qiming_file WHERE storage_key = $1").bind(key).fetch_one(conn).await?)
}

/// Removes a file's row and what held it.
pub async fn delete(conn: &mut Conn, id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM qiming_file_use WHERE file_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM qiming_file WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}

/// Removes a file's row only while nothing holds it; answers whether it did.
pub async fn delete_unheld(conn: &mut Conn, id: &str) -> Result<bool, AppError> {
    let deleted = sqlx::query("DELETE FROM qiming_file WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM qiming_file_use WHERE file_id = $1)")
        .bind(id)
        .execute(conn)
        .await?
        .rows_affected();
    Ok(deleted > 0)
}

/// The bytes a user has uploaded, all files counted.
pub async fn used_bytes(conn: &mut Conn, user_id: &str) -> Result<i64, AppError> {
    let used: Option<i64> = sqlx::query_scalar("SELECT CAST(SUM(file_size) AS BIGINT) FROM qiming_file WHERE owner_user_id = $1").bind(user_id).fetch_one(conn).await?;
    Ok(used.unwrap_or(0))
}

/// Up to `limit` files created before `before` that nothing holds: (id, storage key).
pub async fn orphans(conn: &mut Conn, before: i64, limit: i64) -> Result<Vec<(String, String)>, AppError> {
    Ok(sqlx::query_as(
        "SELECT f.id, f.storage_key FROM qiming_file f WHERE f.created_at < $1 \
         AND NOT EXISTS (SELECT 1 FROM qiming_file_use u WHERE u.file_id = f.id) ORDER BY f.created_at LIMIT $2",
    )
    .bind(before)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// The ids of the files of these generated names.
pub async fn ids_of(conn: &mut Conn, names: &[&str]) -> Result<Vec<String>, AppError> {
    let mut ids = Vec::new();
    for name in names {
        if let Some(id) = sqlx::query_scalar::<_, String>("SELECT id FROM qiming_file WHERE name = $1").bind(*name).fetch_optional(&mut *conn).await? {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// Makes `file_ids` exactly the files one holder holds.
pub async fn set_held(conn: &mut Conn, holder_type: &str, holder_id: &str, file_ids: &[String], now: i64) -> Result<(), AppError> {
    sqlx::query("DELETE FROM qiming_file_use WHERE holder_type = $1 AND holder_id = $2").bind(holder_type).bind(holder_id).execute(&mut *conn).await?;
    for id in file_ids {
        sqlx::query("INSERT INTO qiming_file_use (file_id, holder_type, holder_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
            .bind(id)
            .bind(holder_type)
            .bind(holder_id)
            .bind(now)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
