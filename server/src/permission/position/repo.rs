//! SQL of positions. No decisions here.

use super::dto::{PositionItem, PositionRow};
use crate::access::{DataScope, ScopeColumns};
use crate::crud::entity;
use crate::db::{counts_any, Conn, Engine, Keyword, Sql, paged};
use crate::error::AppError;
use crate::wire::Page;
use sqlx::FromRow;

/// Positions under data permission (the list aliases the table `p`).
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "p.creator_user_id",
    fields: &[
        ("id", "p.id"),
        ("organizeId", "p.organize_id"),
        ("F_OrganizeId", "p.organize_id"),
        ("creatorUserId", "p.creator_user_id"),
        ("F_CreatorUserId", "p.creator_user_id"),
    ],
};

#[derive(Debug, Clone, FromRow)]
pub struct Position {
    pub id: String,
    pub organize_id: String,
    pub full_name: String,
    pub en_code: String,
    pub kind: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
    pub organize_tree: String,
}

/// The list's filter: within an organisation's subtree, matching a keyword.
pub struct Filter {
    pub organize_tree: Option<String>,
    pub keyword: Option<Keyword>,
}

fn filter(sql: &mut Sql, scope: &DataScope, f: &Filter) {
    sql.push(" FROM base_position p LEFT JOIN base_organize o ON o.id = p.organize_id WHERE 1 = 1");
    scope.restrict(sql, &SCOPE);
    if let Some(tree) = &f.organize_tree {
        sql.push(" AND (o.id_tree = ").bind(tree.as_str()).push(" OR o.id_tree LIKE ").bind(format!("{tree},%")).push(")");
    }
    if let Some(k) = &f.keyword {
        sql.push(" AND ").keyword(k, &["p.full_name", "p.en_code"]);
    }
}

/// A page of the list, and the total.
pub async fn page(conn: &mut Conn, scope: &DataScope, f: &Filter, page: Page) -> Result<(Vec<PositionRow>, i64), AppError> {
    const SELECT: &str = "SELECT p.id, p.organize_id, p.full_name, p.en_code, \
         COALESCE((SELECT d.full_name FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
                   WHERE t.en_code = 'PositionType' AND d.en_code = p.type), p.type) AS type_name, \
         COALESCE(o.name_tree, '') AS department, p.sort_code, p.enabled_mark, p.creator_time";
    Ok(paged(conn, "SELECT COUNT(*)", SELECT, |sql| filter(sql, scope, f), " ORDER BY p.sort_code, p.creator_time DESC, p.id", page).await?)
}

/// One position within the scope.
pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<Position>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT p.id, p.organize_id, p.full_name, p.en_code, p.type AS kind, p.sort_code, p.enabled_mark, p.description, \
         COALESCE(o.id_tree, '') AS organize_tree FROM base_position p LEFT JOIN base_organize o ON o.id = p.organize_id WHERE p.id = ",
    );
    sql.bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// Every enabled position in `scope` (the pickers' lookups pass
/// `DataScope::unrestricted(Reason::PickerTree)`).
pub async fn every(conn: &mut Conn, scope: &DataScope) -> Result<Vec<PositionItem>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id, full_name, en_code, organize_id FROM base_position p WHERE enabled_mark = 1");
    scope.restrict(&mut sql, &SCOPE);
    sql.push(" ORDER BY sort_code, full_name");
    Ok(sql.query_as().fetch_all(conn).await?)
}

entity! {
    /// Positions, administered by the generic skeleton ([`crate::crud`]).
    Positions: Position = by_id, "base_position", "岗位不存在", Grants, []
}

/// Counts the users holding the position (a delete is refused while there are any).
pub const MEMBERS: &str = "SELECT COUNT(*) FROM base_user_relation WHERE object_type = 'Position' AND object_id = $1";

/// Whether an organisation exists.
pub async fn organisation_exists(conn: &mut Conn, id: &str) -> Result<bool, AppError> {
    Ok(counts_any(conn, "SELECT COUNT(*) FROM base_organize WHERE id = $1", &[id]).await?)
}
