//! SQL of areas. No decisions here.

use super::dto::AreaRow;
use crate::access::{DataScope, ScopeColumns};
use crate::crud::entity;
use crate::db::{counts_any, Conn, Engine, Keyword, Sql};
use crate::error::AppError;

/// Areas under data permission.
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_province.creator_user_id",
    fields: &[("id", "base_province.id"), ("creatorUserId", "base_province.creator_user_id"), ("parentId", "base_province.parent_id")],
};

const COLUMNS: &str = "SELECT id, parent_id, full_name, en_code, sort_code, enabled_mark, description FROM base_province";

/// A row of a level with whether anything (or, for the picker, anything enabled) is below it.
#[derive(Debug, sqlx::FromRow)]
pub struct LevelRow {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub below: i64,
}

/// The children of `parent_id` the scope reaches, filtered by name or code.
pub async fn children(conn: &mut Conn, scope: &DataScope, parent_id: &str, keyword: Option<&Keyword>) -> Result<Vec<LevelRow>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT id, parent_id, full_name, en_code, sort_code, enabled_mark, \
         CASE WHEN EXISTS (SELECT 1 FROM base_province c WHERE c.parent_id = base_province.id) THEN 1 ELSE 0 END AS below \
         FROM base_province WHERE parent_id = ",
    );
    sql.bind(parent_id);
    if let Some(k) = keyword {
        sql.push(" AND ").keyword(k, &["base_province.full_name", "base_province.en_code"]);
    }
    scope.restrict(&mut sql, &SCOPE);
    sql.push(" ORDER BY sort_code, en_code, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// The enabled children of `parent_id` but `except`, each with whether an enabled area other
/// than `except` is below it (the picker; reference data every member reads).
pub async fn enabled_children(conn: &mut Conn, parent_id: &str, except: &str) -> Result<Vec<LevelRow>, AppError> {
    Ok(sqlx::query_as(
        "SELECT id, parent_id, full_name, en_code, sort_code, enabled_mark, \
         CASE WHEN EXISTS (SELECT 1 FROM base_province c WHERE c.parent_id = base_province.id AND c.enabled_mark = 1 AND c.id <> $2) THEN 1 ELSE 0 END AS below \
         FROM base_province WHERE parent_id = $1 AND enabled_mark = 1 AND id <> $2 ORDER BY sort_code, en_code, id",
    )
    .bind(parent_id)
    .bind(except)
    .fetch_all(conn)
    .await?)
}

/// (id, name) of these areas (reference data: the names of stored values).
pub async fn names(conn: &mut Conn, ids: &[String]) -> Result<Vec<(String, String)>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id, full_name FROM base_province WHERE ");
    sql.any_of("id", ids);
    Ok(sql.query_as().fetch_all(conn).await?)
}

pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<AreaRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// The parent of an area, whoever made it (a parent's name and the path to the top).
pub async fn parent_of(conn: &mut Conn, id: &str) -> Result<Option<(String, String)>, AppError> {
    Ok(sqlx::query_as("SELECT parent_id, full_name FROM base_province WHERE id = $1").bind(id).fetch_optional(conn).await?)
}

/// Whether another area than `except` has this code.
pub async fn code_taken(conn: &mut Conn, en_code: &str, except: &str) -> Result<bool, AppError> {
    Ok(counts_any(conn, "SELECT COUNT(*) FROM base_province WHERE en_code = $1 AND id <> $2", &[en_code, except]).await?)
}

entity! {
    /// Areas, administered by the generic skeleton ([`crate::crud`]).
    Areas: AreaRow = by_id, "base_province", "区域不存在", Nothing, []
}

/// Counts the areas below one (a delete is refused while there are any).
pub const CHILDREN: &str = "SELECT COUNT(*) FROM base_province WHERE parent_id = $1";

/// Inserts the seeded areas from the fixture's JSON text (rows `[code, parentCode, name]`; the
/// code is id and enCode) in one statement, whose rows the database reads from the bound text
/// with its own JSON functions: much faster than binding every value (45,000 rows). `streets`
/// picks the nine-digit codes, otherwise the provinces, cities and districts are inserted.
pub async fn insert_seed(conn: &mut Conn, json_rows: &str, streets: bool, now: i64) -> Result<(), AppError> {
    let sql = match (Engine::of(conn), streets) {
        (Engine::Sqlite, false) => SQLITE_SEED_DIVISIONS,
        (Engine::Sqlite, true) => SQLITE_SEED_STREETS,
        (Engine::Postgres, false) => POSTGRES_SEED_DIVISIONS,
        (Engine::Postgres, true) => POSTGRES_SEED_STREETS,
    };
    sqlx::query(sql).bind(json_rows).bind(now).execute(conn).await?;
    Ok(())
}

const SQLITE_SEED_DIVISIONS: &str = "INSERT INTO base_province (id, en_code, parent_id, full_name, creator_time) \
     SELECT json_extract(value, '$[0]'), json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), $2 \
     FROM json_each($1) WHERE length(json_extract(value, '$[0]')) <= 6";
const SQLITE_SEED_STREETS: &str = "INSERT INTO base_province (id, en_code, parent_id, full_name, creator_time) \
     SELECT json_extract(value, '$[0]'), json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), $2 \
     FROM json_each($1) WHERE length(json_extract(value, '$[0]')) > 6";
const POSTGRES_SEED_DIVISIONS: &str = "INSERT INTO base_province (id, en_code, parent_id, full_name, creator_time) \
     SELECT r->>0, r->>0, r->>1, r->>2, $2 FROM json_array_elements(CAST($1 AS json)) r WHERE length(r->>0) <= 6";
const POSTGRES_SEED_STREETS: &str = "INSERT INTO base_province (id, en_code, parent_id, full_name, creator_time) \
     SELECT r->>0, r->>0, r->>1, r->>2, $2 FROM json_array_elements(CAST($1 AS json)) r WHERE length(r->>0) > 6";
