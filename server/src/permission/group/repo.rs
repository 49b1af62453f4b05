//! SQL of groups. No decisions here.

use super::dto::{GroupInfo, GroupRow};
use crate::access::{DataScope, ScopeColumns};
use crate::db::{Arg, Conn, Engine, Keyword, Sql, bump_generation, update_row};
use crate::error::AppError;
use crate::wire::Page;

/// Groups under data permission.
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_group.creator_user_id",
    fields: &[("id", "base_group.id"), ("creatorUserId", "base_group.creator_user_id"), ("F_CreatorUserId", "base_group.creator_user_id")],
};

/// The name of the groupType dictionary item a group's type names.
macro_rules! type_name {
    () => {
        "COALESCE((SELECT d.full_name FROM base_dictionary_data d WHERE d.id = base_group.type), base_group.type)"
    };
}

fn filter(sql: &mut Sql, scope: &DataScope, keyword: Option<&Keyword>) {
    sql.push(" FROM base_group WHERE 1 = 1");
    scope.restrict(sql, &SCOPE);
    if let Some(k) = keyword {
        sql.push(" AND ").keyword(k, &["base_group.full_name", "base_group.en_code"]);
    }
}

pub async fn page(conn: &mut Conn, scope: &DataScope, keyword: Option<&Keyword>, page: Page) -> Result<(Vec<GroupRow>, i64), AppError> {
    let engine = Engine::of(conn);
    let mut count = Sql::new(engine, "SELECT COUNT(*)");
    filter(&mut count, scope, keyword);
    let total: i64 = count.query_scalar().fetch_one(&mut *conn).await?;
    let mut list = Sql::new(
        engine,
        concat!("SELECT id, full_name, en_code, ", type_name!(), " AS type_name, description, sort_code, enabled_mark, creator_time"),
    );
    filter(&mut list, scope, keyword);
    list.push(" ORDER BY sort_code, creator_time DESC, id LIMIT ").bind(page.page_size).push(" OFFSET ").bind(page.offset());
    Ok((list.query_as().fetch_all(conn).await?, total))
}

pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<GroupInfo>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id, full_name, en_code, type, sort_code, enabled_mark, description FROM base_group WHERE id = ");
    sql.bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// Every enabled group in `scope` with its type's (id, name), for the picker (which passes
/// `DataScope::unrestricted(Reason::PickerTree)`).
pub async fn every(conn: &mut Conn, scope: &DataScope) -> Result<Vec<(String, String, String, String)>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), concat!("SELECT id, full_name, type, ", type_name!(), " FROM base_group WHERE enabled_mark = 1"));
    scope.restrict(&mut sql, &SCOPE);
    sql.push(" ORDER BY sort_code, full_name");
    Ok(sql.query_as().fetch_all(conn).await?)
}

pub struct NewGroup<'a> {
    pub id: &'a str,
    pub full_name: &'a str,
    pub en_code: &'a str,
    pub kind: &'a str,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: &'a str,
    pub creator_user_id: &'a str,
}

pub async fn insert(conn: &mut Conn, g: &NewGroup<'_>, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_group (id, full_name, en_code, type, sort_code, enabled_mark, description, creator_time, creator_user_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(g.id)
    .bind(g.full_name)
    .bind(g.en_code)
    .bind(g.kind)
    .bind(g.sort_code)
    .bind(g.enabled_mark)
    .bind(g.description)
    .bind(now)
    .bind(g.creator_user_id)
    .execute(&mut *conn)
    .await?;
    bump_generation(conn).await?;
    Ok(())
}

pub async fn update(conn: &mut Conn, id: &str, columns: Vec<(&'static str, Arg)>, user_id: &str, now: i64) -> Result<(), AppError> {
    update_row(conn, "base_group", id, columns, user_id, now).await?;
    bump_generation(conn).await?;
    Ok(())
}

pub async fn members(conn: &mut Conn, id: &str) -> Result<i64, AppError> {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM base_user_relation WHERE object_type = 'Group' AND object_id = $1")
        .bind(id)
        .fetch_one(conn)
        .await?;
    Ok(n)
}

pub async fn delete(conn: &mut Conn, id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_group WHERE id = $1").bind(id).execute(&mut *conn).await?;
    bump_generation(conn).await?;
    Ok(())
}
