//! SQL of dictionaries. No decisions here. Categories are reference data every member reads;
//! the management queries of items take the page's data scope.

use super::dto::{ItemRow, TypeRow};
use crate::access::{DataScope, ScopeColumns};
use crate::crud::entity;
use crate::db::{Conn, Engine, Sql, counts_any};
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

entity! {
    /// Dictionary categories, administered by the generic skeleton ([`crate::crud`]).
    Types: TypeRow = type_in_scope, "base_dictionary_type", "字典分类不存在", Dictionaries, []
}

entity! {
    /// Dictionary items, administered by the generic skeleton ([`crate::crud`]).
    Items: ItemRow = item_in_scope, "base_dictionary_data", "字典数据不存在", Dictionaries, []
}

/// Counts the categories below one.
pub const CHILD_TYPES: &str = "SELECT COUNT(*) FROM base_dictionary_type WHERE parent_id = $1";
/// Counts the items of a category.
pub const TYPE_ITEMS: &str = "SELECT COUNT(*) FROM base_dictionary_data WHERE dictionary_type_id = $1";
/// Counts the items below one.
pub const CHILD_ITEMS: &str = "SELECT COUNT(*) FROM base_dictionary_data WHERE parent_id = $1";

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

/// Whether `id` is an item of the dictionary category whose code is `category` (a rule's
/// businessType, an interface's DataInterfaceType).
pub async fn is_item(conn: &mut Conn, category: &str, id: &str) -> Result<bool, AppError> {
    Ok(counts_any(
        conn,
        "SELECT COUNT(*) FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id WHERE t.en_code = $1 AND d.id = $2",
        &[category, id],
    )
    .await?)
}
