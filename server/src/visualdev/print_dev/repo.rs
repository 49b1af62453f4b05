//! SQL of print templates and the print log. No decisions here.

use super::dto::{PrintLogRow, SelectorRow, TemplateListRow, TemplateOption, TemplateRow};
use crate::access::{DataScope, ScopeColumns};
use crate::crud::entity;
use crate::db::{Conn, Engine, Keyword, Sql, paged};
use crate::error::AppError;
use crate::wire::Page;

/// Templates under data permission.
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_print_dev.creator_user_id",
    fields: &[("id", "base_print_dev.id"), ("creatorUserId", "base_print_dev.creator_user_id"), ("category", "base_print_dev.category")],
};

const COLUMNS: &str = "SELECT id, full_name, en_code, category, template_type, db_link_id, sql_template, left_fields, print_template, page_param, \
     model_id, sort_code, enabled_mark, description FROM base_print_dev";

/// The printDev dictionary's item name of a category enCode.
const CATEGORY_NAME: &str = "(SELECT d.full_name FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
     WHERE t.en_code = 'printDev' AND d.en_code = base_print_dev.category)";

/// The lists' order.
const ORDER: &str = " ORDER BY sort_code, creator_time DESC, id";

/// A page of the templates the scope reaches, searched by name or code, of one category.
pub async fn page(conn: &mut Conn, scope: &DataScope, keyword: Option<&Keyword>, category: Option<&str>, page: Page) -> Result<(Vec<TemplateListRow>, i64), AppError> {
    const SELECT: &str = "SELECT id, full_name, en_code, \
         COALESCE((SELECT d.full_name FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
                   WHERE t.en_code = 'printDev' AND d.en_code = base_print_dev.category), base_print_dev.category) AS category, \
         template_type, \
         COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = base_print_dev.creator_user_id), '') AS creator_user, \
         creator_time, last_modify_time, sort_code, enabled_mark FROM base_print_dev WHERE 1 = 1";
    let scoped = |sql: &mut Sql| {
        scope.restrict(sql, &SCOPE);
        if let Some(k) = keyword {
            sql.push(" AND ").keyword(k, &["base_print_dev.full_name", "base_print_dev.en_code"]);
        }
        if let Some(c) = category {
            sql.push(" AND base_print_dev.category = ").bind(c);
        }
    };
    Ok(paged(conn, "SELECT COUNT(*) FROM base_print_dev WHERE 1 = 1", SELECT, scoped, ORDER, page).await?)
}

pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<TemplateRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// An enabled template, for printing (any member; what it prints is checked by the service).
pub async fn enabled_by_id(conn: &mut Conn, id: &str) -> Result<Option<TemplateRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" WHERE enabled_mark = 1 AND id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// The enabled templates of a type (None: every type) with their category, in list order.
pub async fn enabled(conn: &mut Conn, template_type: Option<i64>) -> Result<Vec<SelectorRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id, full_name, category, ");
    sql.push(CATEGORY_NAME).push(" AS category_name FROM base_print_dev WHERE enabled_mark = 1");
    if let Some(t) = template_type {
        sql.push(" AND template_type = ").bind(t);
    }
    sql.push(ORDER);
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// The enabled templates among `ids` (getListOptions), in list order.
pub async fn options(conn: &mut Conn, ids: &[String]) -> Result<Vec<TemplateOption>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id, full_name FROM base_print_dev WHERE enabled_mark = 1 AND ");
    sql.any_of("id", ids);
    sql.push(ORDER);
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// Whether a template with this code exists.
pub async fn code_exists(conn: &mut Conn, en_code: &str) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_print_dev WHERE en_code = $1").bind(en_code).fetch_one(conn).await?;
    Ok(n > 0)
}

/// Whether `en_code` is an item of the printDev dictionary.
pub async fn is_category(conn: &mut Conn, en_code: &str) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
         WHERE t.en_code = 'printDev' AND d.en_code = $1",
    )
    .bind(en_code)
    .fetch_one(conn)
    .await?;
    Ok(n > 0)
}

entity! {
    /// Print templates, administered by the generic skeleton ([`crate::crud`]); their log goes
    /// with them.
    Templates: TemplateRow = by_id, "base_print_dev", "打印模板不存在", Nothing, [
        "DELETE FROM base_print_log WHERE print_id = $1",
    ]
}

/// Records one print.
pub async fn insert_log(conn: &mut Conn, id: &str, print_id: &str, title: &str, count: i64, user_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("INSERT INTO base_print_log (id, print_id, print_title, print_num, creator_time, creator_user_id) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(id)
        .bind(print_id)
        .bind(title)
        .bind(count)
        .bind(now)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A page of one template's log, newest first: `keyword` in the title or the printer's name,
/// printed within [start, end] (ms) when given.
pub async fn log_page(conn: &mut Conn, print_id: &str, keyword: Option<&Keyword>, start: Option<i64>, end: Option<i64>, page: Page) -> Result<(Vec<PrintLogRow>, i64), AppError> {
    const SELECT: &str = "SELECT l.id, l.print_title, \
         COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = l.creator_user_id), '') AS print_man, \
         l.creator_time AS print_time, l.print_num FROM base_print_log l WHERE 1 = 1";
    let filter = |sql: &mut Sql| {
        sql.push(" AND l.print_id = ").bind(print_id);
        if let Some(k) = keyword {
            sql.push(" AND ").keyword(k, &["l.print_title"]);
        }
        if let Some(s) = start {
            sql.push(" AND l.creator_time >= ").bind(s);
        }
        if let Some(e) = end {
            sql.push(" AND l.creator_time <= ").bind(e);
        }
    };
    Ok(paged(conn, "SELECT COUNT(*) FROM base_print_log l WHERE 1 = 1", SELECT, filter, " ORDER BY l.creator_time DESC, l.id", page).await?)
}
