//! SQL of model definitions and their released versions. No decisions here.

use super::dto::{ModelListRow, ModelRow, ReleasedRow, SelectorRow};
use crate::access::{DataScope, ScopeColumns};
use crate::db::{counts_any, Arg, Conn, Engine, Keyword, Sql, update_row};
use crate::error::AppError;
use crate::wire::Page;

/// Models under data permission.
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_visual_dev.creator_user_id",
    fields: &[("id", "base_visual_dev.id"), ("creatorUserId", "base_visual_dev.creator_user_id"), ("category", "base_visual_dev.category")],
};

const COLUMNS: &str = "SELECT id, full_name, en_code, model_type, web_type, db_link_id, sort_code, enable_flow, state, category, description, \
     tables, form_data, column_data, app_column_data, interface_id, interface_name, interface_param, is_release, pc_is_release, app_is_release, version \
     FROM base_visual_dev";

const LIST_COLUMNS: &str = "SELECT id, full_name, en_code, \
     COALESCE((SELECT d.full_name FROM base_dictionary_data d WHERE d.id = base_visual_dev.category), base_visual_dev.category) AS category, \
     model_type AS type, web_type, enable_flow, state, \
     COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = base_visual_dev.creator_user_id), '') AS creator_user, \
     creator_time, last_modify_time, sort_code, is_release, pc_is_release, app_is_release, version FROM base_visual_dev WHERE 1 = 1";

/// The list's filters.
pub struct Filter<'a> {
    pub keyword: Option<&'a Keyword>,
    pub model_type: Option<i64>,
    pub category: Option<&'a str>,
}

fn filter(sql: &mut Sql, f: &Filter<'_>) {
    if let Some(k) = f.keyword {
        sql.push(" AND ").keyword(k, &["base_visual_dev.full_name", "base_visual_dev.en_code"]);
    }
    if let Some(t) = f.model_type {
        sql.push(" AND base_visual_dev.model_type = ").bind(t);
    }
    if let Some(c) = f.category {
        sql.push(" AND base_visual_dev.category = ").bind(c);
    }
}

/// A page of the models the scope reaches.
pub async fn page(conn: &mut Conn, scope: &DataScope, f: &Filter<'_>, page: Page) -> Result<(Vec<ModelListRow>, i64), AppError> {
    let engine = Engine::of(conn);
    let mut count = Sql::new(engine, "SELECT COUNT(*) FROM base_visual_dev WHERE 1 = 1");
    scope.restrict(&mut count, &SCOPE);
    filter(&mut count, f);
    let total: i64 = count.query_scalar().fetch_one(&mut *conn).await?;
    let mut list = Sql::new(engine, LIST_COLUMNS);
    scope.restrict(&mut list, &SCOPE);
    filter(&mut list, f);
    list.push(" ORDER BY sort_code, creator_time DESC, id LIMIT ").bind(page.page_size).push(" OFFSET ").bind(page.offset());
    Ok((list.query_as().fetch_all(conn).await?, total))
}

/// Every model the scope reaches (Base/list, no paging).
pub async fn all(conn: &mut Conn, scope: &DataScope, f: &Filter<'_>) -> Result<Vec<ModelListRow>, AppError> {
    let mut list = Sql::new(Engine::of(conn), LIST_COLUMNS);
    scope.restrict(&mut list, &SCOPE);
    filter(&mut list, f);
    list.push(" ORDER BY sort_code, creator_time DESC, id");
    Ok(list.query_as().fetch_all(conn).await?)
}

/// The released models (the picker, for any member), with their category's name.
pub async fn released(conn: &mut Conn, model_type: Option<i64>, enable_flow: Option<i64>) -> Result<Vec<SelectorRow>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT id, full_name, en_code, web_type, category, \
         COALESCE((SELECT d.full_name FROM base_dictionary_data d WHERE d.id = base_visual_dev.category), '') AS category_name \
         FROM base_visual_dev WHERE is_release = 1",
    );
    if let Some(t) = model_type {
        sql.push(" AND model_type = ").bind(t);
    }
    if let Some(e) = enable_flow {
        sql.push(" AND enable_flow = ").bind(e);
    }
    sql.push(" ORDER BY sort_code, creator_time DESC, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<ModelRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// The draft of any model (for the calls any member makes: fields of a related form).
pub async fn draft(conn: &mut Conn, id: &str) -> Result<Option<ModelRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// A released version of a model: `version`, or the latest when None.
pub async fn release_of(conn: &mut Conn, id: &str, version: Option<i64>) -> Result<Option<ReleasedRow>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT visual_id, version, full_name, web_type, tables, form_data, column_data, app_column_data FROM base_visual_release WHERE visual_id = ",
    );
    sql.bind(id);
    match version {
        Some(v) => sql.push(" AND version = ").bind(v),
        None => sql.push(" ORDER BY version DESC LIMIT 1"),
    };
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// Whether a model with this code exists (other than `except`).
pub async fn code_taken(conn: &mut Conn, en_code: &str, except: &str) -> Result<bool, AppError> {
    Ok(counts_any(conn, "SELECT COUNT(*) FROM base_visual_dev WHERE en_code = $1 AND id <> $2", &[en_code, except]).await?)
}

pub async fn insert(conn: &mut Conn, m: &ModelRow, user_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_visual_dev (id, full_name, en_code, model_type, web_type, db_link_id, sort_code, enable_flow, state, category, description, \
         tables, form_data, column_data, app_column_data, interface_id, interface_name, interface_param, is_release, pc_is_release, app_is_release, version, \
         creator_time, creator_user_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)",
    )
    .bind(&m.id)
    .bind(&m.full_name)
    .bind(&m.en_code)
    .bind(m.r#type)
    .bind(m.web_type)
    .bind(&m.db_link_id)
    .bind(m.sort_code)
    .bind(m.enable_flow)
    .bind(m.state)
    .bind(&m.category)
    .bind(&m.description)
    .bind(&m.tables)
    .bind(&m.form_data)
    .bind(&m.column_data)
    .bind(&m.app_column_data)
    .bind(&m.interface_id)
    .bind(&m.interface_name)
    .bind(&m.interface_param)
    .bind(m.is_release)
    .bind(m.pc_is_release)
    .bind(m.app_is_release)
    .bind(m.version)
    .bind(now)
    .bind(user_id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn update(conn: &mut Conn, id: &str, columns: Vec<(&'static str, Arg)>, user_id: &str, now: i64) -> Result<(), AppError> {
    update_row(conn, "base_visual_dev", id, columns, user_id, now).await?;
    Ok(())
}

/// Stores version `m.version` of the draft `m` as released, and marks the draft released.
pub async fn insert_release(conn: &mut Conn, release_id: &str, m: &ModelRow, user_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_visual_release (id, visual_id, version, full_name, en_code, web_type, tables, form_data, column_data, app_column_data, \
         interface_id, interface_param, creator_time, creator_user_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind(release_id)
    .bind(&m.id)
    .bind(m.version)
    .bind(&m.full_name)
    .bind(&m.en_code)
    .bind(m.web_type)
    .bind(&m.tables)
    .bind(&m.form_data)
    .bind(&m.column_data)
    .bind(&m.app_column_data)
    .bind(&m.interface_id)
    .bind(&m.interface_param)
    .bind(now)
    .bind(user_id)
    .execute(&mut *conn)
    .await?;
    sqlx::query("UPDATE base_visual_dev SET is_release = 1, pc_is_release = $1, app_is_release = $2, version = $3, last_modify_time = $4, last_modify_user_id = $5 WHERE id = $6")
        .bind(m.pc_is_release)
        .bind(m.app_is_release)
        .bind(m.version)
        .bind(now)
        .bind(user_id)
        .bind(&m.id)
        .execute(&mut *conn)
        .await?;
    // Processes that keep the released definition in memory read it again (migration 0030).
    sqlx::query(
        "INSERT INTO base_visual_stamp (visual_id, release_version, data_version) VALUES ($1, $2, 0) \
         ON CONFLICT (visual_id) DO UPDATE SET release_version = excluded.release_version",
    )
    .bind(&m.id)
    .bind(m.version)
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes the draft and its released versions.
pub async fn delete(conn: &mut Conn, id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_visual_release WHERE visual_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM base_visual_stamp WHERE visual_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM base_visual_dev WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}
