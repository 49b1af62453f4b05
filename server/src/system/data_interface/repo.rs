//! SQL of data interfaces and their log. No decisions here. (An interface's own SELECT runs
//! on connections of its own: runner.rs.)

use super::dto::{InterfaceListRow, InterfaceOption, InterfaceRow, LogRow};
use crate::access::{DataScope, ScopeColumns};
use crate::crud::entity;
use crate::db::{Arg, Conn, Engine, Keyword, Sql, paged};
use crate::error::AppError;
use crate::wire::Page;

/// Interfaces under data permission.
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_data_interface.creator_user_id",
    fields: &[
        ("id", "base_data_interface.id"),
        ("creatorUserId", "base_data_interface.creator_user_id"),
        ("categoryId", "base_data_interface.category_id"),
    ],
};

const COLUMNS: &str = "SELECT id, category_id, full_name, en_code, db_link_id, data_type, check_type, request_method, path, query, data_processing, \
     request_headers, request_parameters, property_json, response_type, ip_address, sort_code, enabled_mark, description FROM base_data_interface";

fn filter(sql: &mut Sql, keyword: Option<&Keyword>, category: Option<&str>, data_type: Option<i64>) {
    if let Some(k) = keyword {
        sql.push(" AND ").keyword(k, &["base_data_interface.full_name", "base_data_interface.en_code"]);
    }
    if let Some(c) = category {
        sql.push(" AND base_data_interface.category_id = ").bind(c);
    }
    if let Some(t) = data_type {
        sql.push(" AND base_data_interface.data_type = ").bind(t);
    }
}

/// The lists' order.
const ORDER: &str = " ORDER BY sort_code, creator_time DESC, id";

pub async fn page(conn: &mut Conn, scope: &DataScope, keyword: Option<&Keyword>, category: Option<&str>, data_type: Option<i64>, page: Page) -> Result<(Vec<InterfaceListRow>, i64), AppError> {
    const SELECT: &str = "SELECT id, full_name, en_code, data_type, \
         COALESCE((SELECT d.full_name FROM base_dictionary_data d WHERE d.id = base_data_interface.category_id), base_data_interface.category_id) AS category_id, \
         COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = base_data_interface.creator_user_id), '') AS creator_user, \
         creator_time, last_modify_time, sort_code, enabled_mark FROM base_data_interface WHERE 1 = 1";
    let scoped = |sql: &mut Sql| {
        scope.restrict(sql, &SCOPE);
        filter(sql, keyword, category, data_type);
    };
    Ok(paged(conn, "SELECT COUNT(*) FROM base_data_interface WHERE 1 = 1", SELECT, scoped, ORDER, page).await?)
}

/// A page of the enabled interfaces (the designer's picker, for any member).
pub async fn enabled_page(conn: &mut Conn, keyword: Option<&Keyword>, category: Option<&str>, data_type: Option<i64>, page: Page) -> Result<(Vec<InterfaceOption>, i64), AppError> {
    const SELECT: &str = "SELECT id, full_name, en_code, data_type, request_parameters, check_type AS has_page FROM base_data_interface WHERE enabled_mark = 1";
    Ok(paged(conn, "SELECT COUNT(*) FROM base_data_interface WHERE enabled_mark = 1", SELECT, |sql| filter(sql, keyword, category, data_type), ORDER, page).await?)
}

/// Every enabled interface, for the category tree.
pub async fn enabled(conn: &mut Conn) -> Result<Vec<InterfaceRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" WHERE enabled_mark = 1 ORDER BY sort_code, creator_time DESC, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// (id, name) of the DataInterfaceType items.
pub async fn categories(conn: &mut Conn) -> Result<Vec<(String, String, String)>, AppError> {
    Ok(sqlx::query_as(
        "SELECT d.id, d.full_name, d.en_code FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
         WHERE t.en_code = 'DataInterfaceType' ORDER BY d.sort_code, d.id",
    )
    .fetch_all(conn)
    .await?)
}

pub async fn is_category(conn: &mut Conn, id: &str) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
         WHERE t.en_code = 'DataInterfaceType' AND d.id = $1",
    )
    .bind(id)
    .fetch_one(conn)
    .await?;
    Ok(n > 0)
}

pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<InterfaceRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// An interface by id whoever made it (to call it: any member may).
pub async fn for_call(conn: &mut Conn, id: &str) -> Result<Option<InterfaceRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

pub async fn code_exists(conn: &mut Conn, en_code: &str) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_data_interface WHERE en_code = $1").bind(en_code).fetch_one(conn).await?;
    Ok(n > 0)
}

entity! {
    /// Data interfaces, with their call log, administered by the generic skeleton ([`crate::crud`]).
    Interfaces: InterfaceRow = by_id, "base_data_interface", "数据接口不存在", Nothing, ["DELETE FROM base_data_interface_log WHERE invoke_id = $1"]
}

/// The columns of a whole interface (a new one, a copy, an import).
pub fn columns(r: &InterfaceRow) -> Vec<(&'static str, Arg)> {
    vec![
        ("category_id", r.category_id.as_str().into()),
        ("full_name", r.full_name.as_str().into()),
        ("en_code", r.en_code.as_str().into()),
        ("db_link_id", r.db_link_id.as_str().into()),
        ("data_type", r.data_type.into()),
        ("check_type", r.check_type.into()),
        ("request_method", r.request_method.as_str().into()),
        ("path", r.path.as_str().into()),
        ("query", r.query.as_str().into()),
        ("data_processing", r.data_processing.as_str().into()),
        ("request_headers", r.request_headers.as_str().into()),
        ("request_parameters", r.request_parameters.as_str().into()),
        ("property_json", r.property_json.as_str().into()),
        ("response_type", r.response_type.as_str().into()),
        ("ip_address", r.ip_address.as_str().into()),
        ("sort_code", r.sort_code.into()),
        ("enabled_mark", r.enabled_mark.into()),
        ("description", r.description.as_str().into()),
    ]
}

/// Is `table` (lower case) a released model's record table (visualdev's registry)?
pub async fn is_record_table(conn: &mut Conn, table: &str) -> Result<bool, AppError> {
    let found: i64 = sqlx::query_scalar("SELECT count(*) FROM base_visual_table WHERE lower(physical) = $1").bind(table).fetch_one(conn).await?;
    Ok(found > 0)
}

/// The caller's first position ('' when none).
pub async fn position_of(conn: &mut Conn, user_id: &str) -> Result<String, AppError> {
    let p: Option<String> = sqlx::query_scalar("SELECT position_id FROM base_user WHERE id = $1").bind(user_id).fetch_optional(conn).await?;
    Ok(p.unwrap_or_default().split(',').next().unwrap_or_default().to_string())
}

pub struct NewLog<'a> {
    pub id: &'a str,
    pub invoke_id: &'a str,
    pub user_id: &'a str,
    pub ip: &'a str,
    pub device: &'a str,
    pub kind: &'a str,
    pub waste_ms: i64,
    pub success: bool,
    pub result: &'a str,
}

pub async fn insert_log(conn: &mut Conn, l: &NewLog<'_>, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_data_interface_log (id, invoke_id, invoke_time, user_id, invoke_ip, invoke_device, invoke_type, invoke_waste_time, success, result) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(l.id)
    .bind(l.invoke_id)
    .bind(now)
    .bind(l.user_id)
    .bind(l.ip)
    .bind(l.device)
    .bind(l.kind)
    .bind(l.waste_ms)
    .bind(if l.success { 1i64 } else { 0 })
    .bind(l.result)
    .execute(conn)
    .await?;
    Ok(())
}

/// A page of an interface's log, newest first.
pub async fn log_page(conn: &mut Conn, invoke_id: &str, keyword: Option<&Keyword>, page: Page) -> Result<(Vec<LogRow>, i64), AppError> {
    let engine = Engine::of(conn);
    const FROM: &str = " FROM base_data_interface_log l LEFT JOIN base_user u ON u.id = l.user_id WHERE l.invoke_id = ";
    let mut count = Sql::new(engine, "SELECT COUNT(*)");
    count.push(FROM).bind(invoke_id);
    let mut list = Sql::new(
        engine,
        "SELECT l.id, l.invoke_time AS invok_time, COALESCE(u.real_name || '/' || u.account, l.user_id) AS user_id, l.invoke_ip AS invok_ip, \
         l.invoke_device AS invok_device, l.invoke_type AS invok_type, l.invoke_waste_time AS invok_waste_time, l.success, l.result",
    );
    list.push(FROM).bind(invoke_id);
    if let Some(k) = keyword {
        for sql in [&mut count, &mut list] {
            sql.push(" AND ").keyword(k, &["u.real_name", "u.account", "l.invoke_ip", "l.invoke_device", "l.invoke_type"]);
        }
    }
    let total: i64 = count.query_scalar().fetch_one(&mut *conn).await?;
    list.push(" ORDER BY l.invoke_time DESC, l.id LIMIT ").bind(page.page_size).push(" OFFSET ").bind(page.offset());
    Ok((list.query_as().fetch_all(conn).await?, total))
}

