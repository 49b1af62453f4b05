//! SQL of data-interface variables. No decisions here. A variable is reached through its
//! interface: record queries join the interface and take the caller's scope over interfaces.

use super::dto::{VariateListRow, VariateRow};
use crate::access::DataScope;
use crate::crud::entity;
use crate::db::{counts_any, Arg, Conn, Engine, Keyword, Sql};
use crate::error::AppError;
use crate::system::data_interface::repo::SCOPE;
use sqlx::FromRow;

const FROM: &str = " FROM base_data_interface_variate v JOIN base_data_interface ON base_data_interface.id = v.interface_id WHERE 1 = 1";

/// An enabled variable with its interface's name (the picker).
#[derive(Debug, Clone, FromRow)]
pub struct PickRow {
    pub id: String,
    pub interface_id: String,
    pub interface_name: String,
    pub full_name: String,
    pub value: String,
}

/// The variables of an interface within the scope, the keyword on their names.
pub async fn list(conn: &mut Conn, scope: &DataScope, interface_id: &str, keyword: Option<&Keyword>) -> Result<Vec<VariateListRow>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT v.id, v.interface_id, v.full_name, v.expression, v.value, v.sort_code, v.enabled_mark, \
         COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = v.creator_user_id), '') AS creator_user, \
         v.creator_time, v.last_modify_time",
    );
    sql.push(FROM).push(" AND v.interface_id = ").bind(interface_id);
    scope.restrict(&mut sql, &SCOPE);
    if let Some(k) = keyword {
        sql.push(" AND ").keyword(k, &["v.full_name"]);
    }
    sql.push(" ORDER BY v.sort_code, v.creator_time DESC, v.id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// The enabled variables of the enabled interfaces within the scope, by interface.
pub async fn enabled(conn: &mut Conn, scope: &DataScope) -> Result<Vec<PickRow>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT v.id, v.interface_id, base_data_interface.full_name AS interface_name, v.full_name, v.value",
    );
    sql.push(FROM).push(" AND v.enabled_mark = 1 AND base_data_interface.enabled_mark = 1");
    scope.restrict(&mut sql, &SCOPE);
    sql.push(" ORDER BY base_data_interface.sort_code, base_data_interface.creator_time DESC, base_data_interface.id, v.sort_code, v.creator_time DESC, v.id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<VariateRow>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT v.id, v.interface_id, v.full_name, v.expression, v.value, v.sort_code, v.enabled_mark, v.description",
    );
    sql.push(FROM).push(" AND v.id = ").bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// Whether another variable (not `except`) has the name.
pub async fn name_taken(conn: &mut Conn, full_name: &str, except: &str) -> Result<bool, AppError> {
    Ok(counts_any(conn, "SELECT COUNT(*) FROM base_data_interface_variate WHERE full_name = $1 AND id <> $2", &[full_name, except]).await?)
}

entity! {
    /// Data-interface variables, administered by the generic skeleton ([`crate::crud`]).
    Variates: VariateRow = by_id, "base_data_interface_variate", "数据接口变量不存在", Nothing, []
}

/// The columns of a whole variable (a new one, a copy, an import).
pub fn columns(r: &VariateRow) -> Vec<(&'static str, Arg)> {
    vec![
        ("interface_id", r.interface_id.as_str().into()),
        ("full_name", r.full_name.as_str().into()),
        ("expression", r.expression.as_str().into()),
        ("value", r.value.as_str().into()),
        ("sort_code", r.sort_code.into()),
        ("enabled_mark", r.enabled_mark.into()),
        ("description", r.description.as_str().into()),
    ]
}
