//! SQL of roles and their organisations. No decisions here.

use crate::access::{DataScope, ScopeColumns};
use crate::crud::entity;
use crate::db::{Conn, Engine, Keyword, Sql, paged};
use crate::error::AppError;
use crate::wire::Page;
use sqlx::FromRow;

/// Roles under data permission (the list aliases the table `r`).
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "r.creator_user_id",
    fields: &[("id", "r.id"), ("creatorUserId", "r.creator_user_id"), ("F_CreatorUserId", "r.creator_user_id")],
};

#[derive(Debug, Clone, FromRow)]
pub struct Role {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub global_mark: i64,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
    pub creator_time: i64,
}

/// An organisation a role is bound to, with the organisation's paths.
#[derive(Debug, Clone, FromRow)]
pub struct Binding {
    pub role_id: String,
    pub organize_id: String,
    pub id_tree: String,
    pub name_tree: String,
}

/// Which roles the list shows.
pub enum Within {
    Every,
    Global,
    /// Organisation roles bound to this id path or below it.
    Organisation(String),
}

pub struct Filter {
    pub within: Within,
    pub keyword: Option<Keyword>,
}

const COLUMNS: &str = "SELECT r.id, r.full_name, r.en_code, r.global_mark, r.sort_code, r.enabled_mark, r.description, r.creator_time";

fn filter(sql: &mut Sql, scope: &DataScope, f: &Filter) {
    sql.push(" FROM base_role r WHERE 1 = 1");
    scope.restrict(sql, &SCOPE);
    match &f.within {
        Within::Every => {}
        Within::Global => {
            sql.push(" AND r.global_mark = 1");
        }
        Within::Organisation(tree) => {
            sql.push(
                " AND r.global_mark = 0 AND EXISTS (SELECT 1 FROM base_organize_relation rel JOIN base_organize o ON o.id = rel.organize_id \
                 WHERE rel.object_type = 'Role' AND rel.object_id = r.id AND (o.id_tree = ",
            )
            .bind(tree.as_str())
            .push(" OR o.id_tree LIKE ")
            .bind(format!("{tree},%"))
            .push("))");
        }
    }
    if let Some(k) = &f.keyword {
        sql.push(" AND ").keyword(k, &["r.full_name", "r.en_code"]);
    }
}

/// A page of the list, and the total.
pub async fn page(conn: &mut Conn, scope: &DataScope, f: &Filter, page: Page) -> Result<(Vec<Role>, i64), AppError> {
    Ok(paged(conn, "SELECT COUNT(*)", COLUMNS, |sql| filter(sql, scope, f), " ORDER BY r.sort_code, r.creator_time DESC, r.id", page).await?)
}

/// One role within the scope.
pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<Role>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" FROM base_role r WHERE r.id = ").bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// Every enabled role in `scope` (the pickers pass `DataScope::unrestricted(Reason::PickerTree)`).
pub async fn every(conn: &mut Conn, scope: &DataScope) -> Result<Vec<Role>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" FROM base_role r WHERE r.enabled_mark = 1");
    scope.restrict(&mut sql, &SCOPE);
    sql.push(" ORDER BY r.sort_code, r.full_name, r.id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// The organisations of these roles (every role's when `roles` is None).
pub async fn bindings(conn: &mut Conn, roles: Option<&[String]>) -> Result<Vec<Binding>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT rel.object_id AS role_id, o.id AS organize_id, o.id_tree, o.name_tree FROM base_organize_relation rel \
         JOIN base_organize o ON o.id = rel.organize_id WHERE rel.object_type = 'Role'",
    );
    if let Some(ids) = roles {
        sql.push(" AND ").any_of("rel.object_id", ids);
    }
    sql.push(" ORDER BY o.id_tree");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// Which of these organisations exist.
pub async fn existing_organisations(conn: &mut Conn, ids: &[String]) -> Result<Vec<String>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id FROM base_organize WHERE ");
    sql.any_of("id", ids);
    Ok(sql.query_scalar().fetch_all(conn).await?)
}

entity! {
    /// Roles, with their organisations and what they were authorised, administered by the generic skeleton ([`crate::crud`]).
    Roles: Role = by_id, "base_role", "角色不存在", Grants, [
        "DELETE FROM base_organize_relation WHERE object_type = 'Role' AND object_id = $1",
        "DELETE FROM base_authorize WHERE object_type = 'Role' AND object_id = $1",
    ]
}

/// Counts the users holding the role (a delete is refused while there are any).
pub const MEMBERS: &str = "SELECT COUNT(*) FROM base_user_relation WHERE object_type = 'Role' AND object_id = $1";

/// Replaces the organisations a role is bound to.
pub async fn set_organisations(conn: &mut Conn, id: &str, organisations: &[String]) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_organize_relation WHERE object_type = 'Role' AND object_id = $1").bind(id).execute(&mut *conn).await?;
    for organize_id in organisations {
        sqlx::query("INSERT INTO base_organize_relation (organize_id, object_type, object_id) VALUES ($1, 'Role', $2)")
            .bind(organize_id)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
