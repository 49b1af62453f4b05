//! SQL of groups. No decisions here.

use super::dto::{GroupInfo, GroupRow};
use crate::access::{DataScope, ScopeColumns};
use crate::crud::entity;
use crate::db::{Conn, Engine, Keyword, Sql, paged};
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
    let select = concat!("SELECT id, full_name, en_code, ", type_name!(), " AS type_name, description, sort_code, enabled_mark, creator_time");
    Ok(paged(conn, "SELECT COUNT(*)", select, |sql| filter(sql, scope, keyword), " ORDER BY sort_code, creator_time DESC, id", page).await?)
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

entity! {
    /// Groups, administered by the generic skeleton ([`crate::crud`]).
    Groups: GroupInfo = by_id, "base_group", "分组不存在", Grants, []
}

/// Counts the group's members (a delete is refused while there are any).
pub const MEMBERS: &str = "SELECT COUNT(*) FROM base_user_relation WHERE object_type = 'Group' AND object_id = $1";
