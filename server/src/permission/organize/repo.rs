//! SQL of organisations and departments. No decisions here.

use crate::access::{DataScope, ScopeColumns};
use crate::db::{Arg, Conn, Engine, Sql, bump_generation, columns, insert_row, update_row};
use crate::error::AppError;
use sqlx::FromRow;

/// Organisations under data permission: owned by who made them; schemes may filter on the
/// organisation itself, its parent and its maker.
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_organize.creator_user_id",
    fields: &[
        ("id", "base_organize.id"),
        ("organizeId", "base_organize.id"),
        ("F_Id", "base_organize.id"),
        ("parentId", "base_organize.parent_id"),
        ("creatorUserId", "base_organize.creator_user_id"),
        ("F_CreatorUserId", "base_organize.creator_user_id"),
    ],
};

#[derive(Debug, Clone, FromRow)]
pub struct Organize {
    pub id: String,
    pub parent_id: String,
    pub category: String,
    pub full_name: String,
    pub en_code: String,
    pub manager_id: String,
    pub property_json: String,
    pub id_tree: String,
    pub name_tree: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
    pub creator_time: i64,
}

const COLUMNS: &str = "id, parent_id, category, full_name, en_code, manager_id, property_json, id_tree, name_tree, \
    sort_code, enabled_mark, description, creator_time";

/// Every organisation within the scope, parents before children (by path), then by sort code.
pub async fn all(conn: &mut Conn, scope: &DataScope) -> Result<Vec<Organize>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT ");
    sql.push(COLUMNS).push(" FROM base_organize WHERE 1 = 1");
    scope.restrict(&mut sql, &SCOPE);
    sql.push(" ORDER BY sort_code, creator_time, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// Every organisation in `scope` (the pickers' lookup tree, which must hold them all, passes
/// `DataScope::unrestricted(Reason::PickerTree)`).
pub async fn every(conn: &mut Conn, scope: &DataScope) -> Result<Vec<Organize>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT ");
    sql.push(COLUMNS).push(" FROM base_organize WHERE 1 = 1");
    scope.restrict(&mut sql, &SCOPE);
    sql.push(" ORDER BY sort_code, creator_time, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// One organisation within the scope.
pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<Organize>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT ");
    sql.push(COLUMNS).push(" FROM base_organize WHERE id = ").bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// An organisation by id within `scope` (a parent being attached to: its existence and kind,
/// not its contents, are what is read — `DataScope::unrestricted(Reason::Structure)`).
pub async fn node(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<Organize>, AppError> {
    by_id(conn, scope, id).await
}

/// What a new organisation is made of.
pub struct NewOrganize<'a> {
    pub id: &'a str,
    pub parent_id: &'a str,
    pub category: &'a str,
    pub full_name: &'a str,
    pub en_code: &'a str,
    pub manager_id: &'a str,
    pub property_json: &'a str,
    pub id_tree: &'a str,
    pub name_tree: &'a str,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: &'a str,
    pub creator_user_id: &'a str,
}

pub async fn insert(conn: &mut Conn, o: &NewOrganize<'_>, now: i64) -> Result<(), AppError> {
    let columns = columns!(o; parent_id, category, full_name, en_code, manager_id, property_json, id_tree, name_tree, sort_code, enabled_mark, description);
    insert_row(conn, "base_organize", o.id, columns, o.creator_user_id, now).await?;
    bump_generation(conn).await?;
    Ok(())
}

/// Sets the given columns of one organisation.
pub async fn update(conn: &mut Conn, id: &str, columns: Vec<(&'static str, Arg)>, user_id: &str, now: i64) -> Result<(), AppError> {
    update_row(conn, "base_organize", id, columns, user_id, now).await?;
    bump_generation(conn).await?;
    Ok(())
}

/// The organisations at or below `id_tree`, shallowest first.
pub async fn subtree(conn: &mut Conn, scope: &DataScope, id_tree: &str) -> Result<Vec<Organize>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT ");
    sql.push(COLUMNS).push(" FROM base_organize WHERE (id_tree = ").bind(id_tree).push(" OR id_tree LIKE ").bind(format!("{id_tree},%")).push(")");
    scope.restrict(&mut sql, &SCOPE);
    sql.push(" ORDER BY length(id_tree)");
    Ok(sql.query_as()
    .fetch_all(conn)
    .await?)
}

/// Rewrites the paths of one organisation.
pub async fn set_paths(conn: &mut Conn, id: &str, id_tree: &str, name_tree: &str) -> Result<(), AppError> {
    sqlx::query("UPDATE base_organize SET id_tree = $1, name_tree = $2 WHERE id = $3")
        .bind(id_tree)
        .bind(name_tree)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    bump_generation(conn).await?;
    Ok(())
}

/// How many of what hangs on an organisation: (children, users, positions, roles).
pub async fn dependants(conn: &mut Conn, id: &str) -> Result<(i64, i64, i64, i64), AppError> {
    Ok(sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM base_organize WHERE parent_id = $1), \
                (SELECT COUNT(*) FROM base_user_relation WHERE object_type = 'Organize' AND object_id = $1), \
                (SELECT COUNT(*) FROM base_position WHERE organize_id = $1), \
                (SELECT COUNT(*) FROM base_organize_relation WHERE organize_id = $1 AND object_type = 'Role')",
    )
    .bind(id)
    .fetch_one(conn)
    .await?)
}

pub async fn delete(conn: &mut Conn, id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_organize WHERE id = $1").bind(id).execute(&mut *conn).await?;
    bump_generation(conn).await?;
    Ok(())
}
