//! SQL of the profile's signature images (base_sign_img). No decisions here. Every query
//! names the user: a signature is only ever its owner's.

use crate::db::{Conn, bump_generation};
use crate::error::AppError;

/// (id, data-URL, default flag) of a user's signatures, newest first.
pub async fn of_user(conn: &mut Conn, user_id: &str) -> Result<Vec<(String, String, i64)>, AppError> {
    Ok(sqlx::query_as("SELECT id, sign_img, is_default FROM base_sign_img WHERE user_id = $1 ORDER BY creator_time DESC, id DESC")
        .bind(user_id)
        .fetch_all(conn)
        .await?)
}

/// The data-URL of a user's default signature.
pub async fn default_of(conn: &mut Conn, user_id: &str) -> Result<Option<String>, AppError> {
    Ok(sqlx::query_scalar("SELECT sign_img FROM base_sign_img WHERE user_id = $1 AND is_default = 1").bind(user_id).fetch_optional(conn).await?)
}

pub async fn count(conn: &mut Conn, user_id: &str) -> Result<i64, AppError> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM base_sign_img WHERE user_id = $1").bind(user_id).fetch_one(conn).await?)
}

/// Adds a signature (the caller owns the transaction; a default one is made so by
/// [`set_default`]).
pub async fn insert(conn: &mut Conn, id: &str, user_id: &str, sign_img: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("INSERT INTO base_sign_img (id, user_id, sign_img, is_default, creator_time) VALUES ($1, $2, $3, 0, $4)")
        .bind(id)
        .bind(user_id)
        .bind(sign_img)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// Makes `id` the user's only default signature; answers false when the user has no such
/// signature (nothing changes then).
pub async fn set_default(conn: &mut Conn, user_id: &str, id: &str) -> Result<bool, AppError> {
    let found: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_sign_img WHERE user_id = $1 AND id = $2").bind(user_id).bind(id).fetch_one(&mut *conn).await?;
    if found == 0 {
        return Ok(false);
    }
    sqlx::query("UPDATE base_sign_img SET is_default = CASE WHEN id = $2 THEN 1 ELSE 0 END WHERE user_id = $1")
        .bind(user_id)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    // userInfo.signImg (CurrentUser) is built from it.
    bump_generation(conn).await?;
    Ok(true)
}

/// Removes one of the user's signatures; answers whether it was there and was the default.
pub async fn delete(conn: &mut Conn, user_id: &str, id: &str) -> Result<Option<bool>, AppError> {
    let was: Option<i64> = sqlx::query_scalar("SELECT is_default FROM base_sign_img WHERE user_id = $1 AND id = $2").bind(user_id).bind(id).fetch_optional(&mut *conn).await?;
    let Some(was_default) = was else { return Ok(None) };
    sqlx::query("DELETE FROM base_sign_img WHERE user_id = $1 AND id = $2").bind(user_id).bind(id).execute(&mut *conn).await?;
    bump_generation(conn).await?;
    Ok(Some(was_default == 1))
}
