//! SQL of the system log (table base_sys_log, which sign-in and the journal write). No
//! decisions here.

use crate::access::DataScope;
use crate::db::{Conn, Engine, Keyword, Sql, paged};
use crate::error::AppError;
use crate::system::dto::LoginLogEntry;
use crate::system::repo::{LOG_SCOPE, LOG_SELECT};
use crate::wire::Page;

/// What a page of the log is filtered by (times inclusive, ms).
#[derive(Debug, Default)]
pub struct LogFilter {
    pub start: Option<i64>,
    pub end: Option<i64>,
    pub keyword: Option<Keyword>,
}

fn filter(sql: &mut Sql, scope: &DataScope, category: i64, f: &LogFilter) {
    sql.push(" FROM base_sys_log WHERE category = ").bind(category);
    scope.restrict(sql, &LOG_SCOPE);
    if let Some(start) = f.start {
        sql.push(" AND creator_time >= ").bind(start);
    }
    if let Some(end) = f.end {
        sql.push(" AND creator_time <= ").bind(end);
    }
    if let Some(keyword) = &f.keyword {
        sql.push(" AND ").keyword(
            keyword,
            &["user_name", "ip_address", "ip_address_name", "platform", "browser", "abstracts", "request_url", "request_method", "module_name"],
        );
    }
}

/// A page of the category's rows within the scope, newest first, and their total.
pub async fn page(conn: &mut Conn, scope: &DataScope, category: i64, page: Page, f: &LogFilter) -> Result<(Vec<LoginLogEntry>, i64), AppError> {
    Ok(paged(conn, "SELECT COUNT(*)", LOG_SELECT, |sql| filter(sql, scope, category, f), " ORDER BY creator_time DESC, id DESC", page).await?)
}

/// Deletes the rows among `ids` within the scope; answers how many.
pub async fn delete(conn: &mut Conn, scope: &DataScope, ids: &[String]) -> Result<u64, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "DELETE FROM base_sys_log WHERE ");
    sql.any_of("id", ids);
    scope.restrict(&mut sql, &LOG_SCOPE);
    Ok(sql.query().execute(conn).await?.rows_affected())
}

/// Deletes the category's rows within the scope; answers how many.
pub async fn clear(conn: &mut Conn, scope: &DataScope, category: i64) -> Result<u64, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "DELETE FROM base_sys_log WHERE category = ");
    sql.bind(category);
    scope.restrict(&mut sql, &LOG_SCOPE);
    Ok(sql.query().execute(conn).await?.rows_affected())
}
