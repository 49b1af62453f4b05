//! SQL of dictionaries. No decisions here. Categories are reference data every member reads;
//! the management queries of items take the page's data scope.

use super::dto::{ItemRow, TypeRow};
use crate::access::{DataScope, ScopeColumns};
use crate::db::{Arg, Conn, Engine, Sql, toggle_enabled, update_row};
use crate::error::AppError;

/// Categories under data permission.
pub const TYPE_SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_dictionary_type.creator_user_id",
    fields: &[("id", "base_dictionary_type.id"), ("creatorUserId", "base_dictionary_type.creator_user_id")],
};

/// Items under data permission.
pub const ITEM_SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_dictionary_data.creator_user_id",
    fields: &[("id", "base_dictionary_data.id"), ("creatorUserId", "base_dictionary_data.creator_user_id")],
};

const TYPE_COLUMNS: &str = "SELECT id, parent_id, full_name, en_code, is_tree, category, sort_code, description FROM base_dictionary_type";
const ITEM_COLUMNS: &str =
    "SELECT id, dictionary_type_id, parent_id, full_name, en_code, sort_code, enabled_mark, description FROM base_dictionary_data";

/// The dictionaries' generation (0006_system_data.sql): DictionaryData/All is cached per value.
pub async fn generation(conn: &mut Conn) -> Result<i64, AppError> {
    Ok(sqlx::query_scalar("SELECT value FROM qiming_generation WHERE id = 2").fetch_one(conn).await?)
}

/// Marks that a dictionary changed, in the writer's transaction.
async fn bump(conn: &mut Conn) -> Result<(), AppError> {
    sqlx::query("UPDATE qiming_generation SET value = value + 1 WHERE id = 2").execute(conn).await?;
    Ok(())
}

/// Every category, siblings in their order.
pub async fn types(conn: &mut Conn) -> Result<Vec<TypeRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), TYPE_COLUMNS);
    sql.push(" ORDER BY sort_code, creator_time, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// The categories the page's scope reaches, siblings in their order (an export).
pub async fn types_in_scope(conn: &mut Conn, scope: &DataScope) -> Result<Vec<TypeRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), TYPE_COLUMNS);
    sql.push(" WHERE 1 = 1");
    scope.restrict(&mut sql, &TYPE_SCOPE);
    sql.push(" ORDER BY sort_code, creator_time, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// A category by id (reference data: the pickers and /All read it for any member).
pub async fn type_by_id(conn: &mut Conn, id: &str) -> Result<Option<TypeRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), TYPE_COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// A category by id, for its management (form, change, delete, export).
pub async fn type_in_scope(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<TypeRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), TYPE_COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    scope.restrict(&mut sql, &TYPE_SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// The ids of the categories with these codes.
pub async fn type_ids_by_codes(conn: &mut Conn, codes: &[String]) -> Result<Vec<(String, String)>, AppError> {
    if codes.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new(Engine::of(conn), "SELECT en_code, id FROM base_dictionary_type WHERE 1 = 1");
    sql.push(" AND ").any_of("en_code", codes);
    Ok(sql.query_as().fetch_all(conn).await?)
}

pub struct NewType<'a> {
    pub id: &'a str,
    pub parent_id: &'a str,
    pub full_name: &'a str,
    pub en_code: &'a str,
    pub is_tree: i64,
    pub category: &'a str,
    pub sort_code: i64,
    pub description: &'a str,
    pub creator_user_id: &'a str,
}

pub async fn insert_type(conn: &mut Conn, t: &NewType<'_>, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_dictionary_type (id, parent_id, full_name, en_code, is_tree, category, sort_code, description, creator_time, creator_user_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(t.id)
    .bind(t.parent_id)
    .bind(t.full_name)
    .bind(t.en_code)
    .bind(t.is_tree)
    .bind(t.category)
    .bind(t.sort_code)
    .bind(t.description)
    .bind(now)
    .bind(t.creator_user_id)
    .execute(&mut *conn)
    .await?;
    bump(conn).await
}

pub async fn update_type(conn: &mut Conn, id: &str, columns: Vec<(&'static str, Arg)>, user_id: &str, now: i64) -> Result<(), AppError> {
    update_row(conn, "base_dictionary_type", id, columns, user_id, now).await?;
    bump(conn).await
}

/// How many categories hang under `id`, and how many items it holds.
pub async fn type_contents(conn: &mut Conn, id: &str) -> Result<(i64, i64), AppError> {
    Ok(sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM base_dictionary_type WHERE parent_id = $1), \
                (SELECT COUNT(*) FROM base_dictionary_data WHERE dictionary_type_id = $1)",
    )
    .bind(id)
    .fetch_one(conn)
    .await?)
}

pub async fn delete_type(conn: &mut Conn, id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_dictionary_type WHERE id = $1").bind(id).execute(&mut *conn).await?;
    bump(conn).await
}

/// The items of a category (only the enabled ones when `enabled_only`), siblings in order.
pub async fn items(conn: &mut Conn, type_id: &str, enabled_only: bool) -> Result<Vec<ItemRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), ITEM_COLUMNS);
    sql.push(" WHERE dictionary_type_id = ").bind(type_id);
    if enabled_only {
        sql.push(" AND enabled_mark = 1");
    }
    sql.push(" ORDER BY sort_code, creator_time, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// The items of a category the page's scope reaches, for its management.
pub async fn items_in_scope(conn: &mut Conn, scope: &DataScope, type_id: &str) -> Result<Vec<ItemRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), ITEM_COLUMNS);
    sql.push(" WHERE dictionary_type_id = ").bind(type_id);
    scope.restrict(&mut sql, &ITEM_SCOPE);
    sql.push(" ORDER BY sort_code, creator_time, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// Every enabled item of every category, in order (DictionaryData/All).
pub async fn every_enabled_item(conn: &mut Conn) -> Result<Vec<ItemRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), ITEM_COLUMNS);
    sql.push(" WHERE enabled_mark = 1 ORDER BY dictionary_type_id, sort_code, creator_time, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

pub async fn item_in_scope(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<ItemRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), ITEM_COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    scope.restrict(&mut sql, &ITEM_SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// An item by id in a category (a parent must be one).
pub async fn item_of_type(conn: &mut Conn, type_id: &str, id: &str) -> Result<Option<ItemRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), ITEM_COLUMNS);
    sql.push(" WHERE id = ").bind(id).push(" AND dictionary_type_id = ").bind(type_id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

pub struct NewItem<'a> {
    pub id: &'a str,
    pub dictionary_type_id: &'a str,
    pub parent_id: &'a str,
    pub full_name: &'a str,
    pub en_code: &'a str,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: &'a str,
    pub creator_user_id: &'a str,
}

pub async fn insert_item(conn: &mut Conn, i: &NewItem<'_>, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_dictionary_data (id, dictionary_type_id, parent_id, full_name, en_code, sort_code, enabled_mark, description, creator_time, creator_user_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(i.id)
    .bind(i.dictionary_type_id)
    .bind(i.parent_id)
    .bind(i.full_name)
    .bind(i.en_code)
    .bind(i.sort_code)
    .bind(i.enabled_mark)
    .bind(i.description)
    .bind(now)
    .bind(i.creator_user_id)
    .execute(&mut *conn)
    .await?;
    bump(conn).await
}

pub async fn update_item(conn: &mut Conn, id: &str, columns: Vec<(&'static str, Arg)>, user_id: &str, now: i64) -> Result<(), AppError> {
    update_row(conn, "base_dictionary_data", id, columns, user_id, now).await?;
    bump(conn).await
}

/// Flips enabledMark 1 ↔ 0.
pub async fn toggle_item(conn: &mut Conn, id: &str, user_id: &str, now: i64) -> Result<(), AppError> {
    toggle_enabled(conn, "base_dictionary_data", id, user_id, now).await?;
    bump(conn).await
}

pub async fn child_items(conn: &mut Conn, id: &str) -> Result<i64, AppError> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM base_dictionary_data WHERE parent_id = $1").bind(id).fetch_one(conn).await?)
}

pub async fn delete_item(conn: &mut Conn, id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_dictionary_data WHERE id = $1").bind(id).execute(&mut *conn).await?;
    bump(conn).await
}
