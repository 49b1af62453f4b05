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

#[derive(Debug, sqlx::FromRow)]
pub struct FileRow {
    pub id: String,
    pub name: String,
    pub storage_key: String,
    pub original_name: String,
    pub detected_type: String,
    pub owner_user_id: String,
    pub is_account: i64,
}

/// The file of a generated name in a folder type.
pub async fn by_name(conn: &mut Conn, folder_type: &str, name: &str) -> Result<Option<FileRow>, AppError> {
    Ok(sqlx::query_as(
        "SELECT id, name, storage_key, original_name, detected_type, owner_user_id, is_account \
         FROM qiming_file WHERE name = $1 AND folder_type = $2",
    )
    .bind(name)
    .bind(folder_type)
    .fetch_optional(conn)
    .await?)
}

/// The file of an id.
pub async fn by_id(conn: &mut Conn, id: &str) -> Result<Option<FileRow>, AppError> {
    Ok(sqlx::query_as(
        "SELECT id, name, storage_key, original_name, detected_type, owner_user_id, is_account \
         FROM qiming_file WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?)
}
