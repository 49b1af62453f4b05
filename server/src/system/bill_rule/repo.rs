//! SQL of serial-number rules. No decisions here.

use super::dto::{RuleListRow, RuleOption, RuleRow};
use crate::access::{DataScope, ScopeColumns};
use crate::crud::entity;
use crate::db::{counts_any, Conn, Engine, Keyword, Sql, paged};
use crate::error::AppError;
use crate::wire::Page;

/// Rules under data permission.
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_bill_rule.creator_user_id",
    fields: &[("id", "base_bill_rule.id"), ("creatorUserId", "base_bill_rule.creator_user_id"), ("category", "base_bill_rule.category")],
};

const COLUMNS: &str = "SELECT id, full_name, en_code, category, prefix, date_format, digit, start_number, output_number, sort_code, enabled_mark, description FROM base_bill_rule";

fn filter(sql: &mut Sql, keyword: Option<&Keyword>, category: Option<&str>) {
    if let Some(k) = keyword {
        sql.push(" AND ").keyword(k, &["base_bill_rule.full_name", "base_bill_rule.en_code"]);
    }
    if let Some(c) = category {
        sql.push(" AND base_bill_rule.category = ").bind(c);
    }
}

/// The lists' order.
const ORDER: &str = " ORDER BY sort_code, creator_time DESC, id";

/// A page of the rules the scope reaches.
pub async fn page(
    conn: &mut Conn,
    scope: &DataScope,
    keyword: Option<&Keyword>,
    category: Option<&str>,
    page: Page,
) -> Result<(Vec<RuleListRow>, i64), AppError> {
    const SELECT: &str = "SELECT id, full_name, en_code, \
         COALESCE((SELECT d.full_name FROM base_dictionary_data d WHERE d.id = base_bill_rule.category), base_bill_rule.category) AS category, \
         start_number, output_number, digit, \
         COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = base_bill_rule.creator_user_id), '') AS creator_user, \
         creator_time, last_modify_time, sort_code, enabled_mark FROM base_bill_rule WHERE 1 = 1";
    let scoped = |sql: &mut Sql| {
        scope.restrict(sql, &SCOPE);
        filter(sql, keyword, category);
    };
    Ok(paged(conn, "SELECT COUNT(*) FROM base_bill_rule WHERE 1 = 1", SELECT, scoped, ORDER, page).await?)
}

/// A page of the enabled rules (the picker, for any member).
pub async fn enabled_page(conn: &mut Conn, keyword: Option<&Keyword>, category: Option<&str>, page: Page) -> Result<(Vec<RuleOption>, i64), AppError> {
    const SELECT: &str = "SELECT id, full_name, en_code, start_number, category FROM base_bill_rule WHERE enabled_mark = 1";
    Ok(paged(conn, "SELECT COUNT(*) FROM base_bill_rule WHERE enabled_mark = 1", SELECT, |sql| filter(sql, keyword, category), ORDER, page).await?)
}

pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<RuleRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// Whether a rule with this code exists.
pub async fn code_exists(conn: &mut Conn, en_code: &str) -> Result<bool, AppError> {
    Ok(counts_any(conn, "SELECT COUNT(*) FROM base_bill_rule WHERE en_code = $1", &[en_code]).await?)
}


entity! {
    /// Serial-number rules, administered by the generic skeleton ([`crate::crud`]).
    Rules: RuleRow = by_id, "base_bill_rule", "单据规则不存在", Nothing, []
}

/// Takes the rule's row for the rest of the transaction — a write, so that on PostgreSQL the
/// row is locked and on SQLite the database's write lock is held before anything is read —
/// and reads it. Concurrent issuers of the same rule wait here and then read what the one
/// before them wrote. None when there is no such rule.
pub async fn take_for_numbering(conn: &mut Conn, en_code: &str) -> Result<Option<RuleRow>, AppError> {
    let taken = sqlx::query("UPDATE base_bill_rule SET output_number = output_number WHERE en_code = $1").bind(en_code).execute(&mut *conn).await?;
    if taken.rows_affected() == 0 {
        return Ok(None);
    }
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" WHERE en_code = ").bind(en_code);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// Records the number just issued.
pub async fn set_output(conn: &mut Conn, id: &str, number: &str) -> Result<(), AppError> {
    sqlx::query("UPDATE base_bill_rule SET output_number = $1 WHERE id = $2").bind(number).bind(id).execute(conn).await?;
    Ok(())
}
