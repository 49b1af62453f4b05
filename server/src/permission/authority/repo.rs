//! SQL of grants (base_authorize). No decisions here.

use crate::db::{Conn, Engine, Sql, bump_generation};
use crate::error::AppError;
use sqlx::FromRow;

/// Which table holds `id`: Role, Position or User.
pub async fn object_type(conn: &mut Conn, id: &str) -> Result<Option<String>, AppError> {
    Ok(sqlx::query_scalar(
        "SELECT 'Role' FROM base_role WHERE id = $1 UNION ALL SELECT 'Position' FROM base_position WHERE id = $1 \
         UNION ALL SELECT 'User' FROM base_user WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// The (item_type, item_id) grants of an object.
pub async fn grants(conn: &mut Conn, object_type: &str, object_id: &str) -> Result<Vec<(String, String)>, AppError> {
    Ok(sqlx::query_as("SELECT item_type, item_id FROM base_authorize WHERE object_type = $1 AND object_id = $2")
        .bind(object_type)
        .bind(object_id)
        .fetch_all(conn)
        .await?)
}

/// Replaces every grant of an object.
pub async fn replace(conn: &mut Conn, object_type: &str, object_id: &str, grants: &[(&str, String)]) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_authorize WHERE object_type = $1 AND object_id = $2")
        .bind(object_type)
        .bind(object_id)
        .execute(&mut *conn)
        .await?;
    bump_generation(conn).await?;
    add(conn, object_type, object_id, grants).await
}

/// Adds grants an object does not have yet.
pub async fn add(conn: &mut Conn, object_type: &str, object_id: &str, grants: &[(&str, String)]) -> Result<(), AppError> {
    for (item_type, item_id) in grants {
        sqlx::query(
            "INSERT INTO base_authorize (object_type, object_id, item_type, item_id) SELECT $1, $2, $3, $4 \
             WHERE NOT EXISTS (SELECT 1 FROM base_authorize WHERE object_type = $1 AND object_id = $2 AND item_type = $3 AND item_id = $4)",
        )
        .bind(object_type)
        .bind(object_id)
        .bind(*item_type)
        .bind(item_id)
        .execute(&mut *conn)
        .await?;
    }
    bump_generation(conn).await?;
    Ok(())
}

/// A system, a menu or a page item as the wizard lists it.
#[derive(Debug, Clone, FromRow)]
pub struct Grantable {
    pub id: String,
    /// The system of a menu, the menu of an item ('' for a system).
    pub owner: String,
    pub parent_id: String,
    pub full_name: String,
    pub icon: String,
}

/// Every enabled system.
pub async fn systems(conn: &mut Conn) -> Result<Vec<Grantable>, AppError> {
    Ok(sqlx::query_as("SELECT id, '' AS owner, '' AS parent_id, full_name, icon FROM base_system WHERE enabled_mark = 1 ORDER BY sort_code, full_name")
        .fetch_all(conn)
        .await?)
}

/// The enabled menus of these systems, in sort order.
pub async fn menus(conn: &mut Conn, systems: &[String]) -> Result<Vec<Grantable>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id, system_id AS owner, parent_id, full_name, icon FROM base_module WHERE enabled_mark = 1 AND ");
    sql.any_of("system_id", systems).push(" ORDER BY sort_code, full_name");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// Every enabled menu (any system).
pub async fn every_menu(conn: &mut Conn) -> Result<Vec<Grantable>, AppError> {
    Ok(sqlx::query_as("SELECT id, system_id AS owner, parent_id, full_name, icon FROM base_module WHERE enabled_mark = 1 ORDER BY sort_code, full_name")
        .fetch_all(conn)
        .await?)
}

/// The enabled items of one kind (button, column, form, resource) of these menus.
pub async fn items(conn: &mut Conn, kind: &str, menus: &[String]) -> Result<Vec<Grantable>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id, module_id AS owner, '' AS parent_id, full_name, '' AS icon FROM base_module_item WHERE enabled_mark = 1 AND kind = ");
    sql.bind(kind).push(" AND ").any_of("module_id", menus).push(" ORDER BY sort_code, en_code");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// The column settings a user saved for a menu's list (JSON text).
pub async fn column_settings(conn: &mut Conn, user_id: &str, module_id: &str) -> Result<Option<String>, AppError> {
    Ok(sqlx::query_scalar("SELECT field_list FROM base_column_setting WHERE user_id = $1 AND module_id = $2")
        .bind(user_id)
        .bind(module_id)
        .fetch_optional(conn)
        .await?)
}

/// Stores (or replaces) a user's column settings of a menu's list.
pub async fn save_column_settings(conn: &mut Conn, user_id: &str, module_id: &str, field_list: &str, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_column_setting (user_id, module_id, field_list, last_modify_time) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id, module_id) DO UPDATE SET field_list = excluded.field_list, last_modify_time = excluded.last_modify_time",
    )
    .bind(user_id)
    .bind(module_id)
    .bind(field_list)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Forgets a user's column settings of a menu's list.
pub async fn clear_column_settings(conn: &mut Conn, user_id: &str, module_id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_column_setting WHERE user_id = $1 AND module_id = $2").bind(user_id).bind(module_id).execute(conn).await?;
    Ok(())
}
