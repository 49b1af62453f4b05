//! SQL of portals and the users' own layouts. No decisions here.

use super::dto::{PortalListRow, PortalRow, SelectorRow};
use crate::access::{DataScope, ScopeColumns};
use crate::crud::entity;
use crate::db::{Conn, Engine, Keyword, Sql, paged};
use crate::error::AppError;
use crate::wire::Page;

/// Portals under data permission.
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_portal.creator_user_id",
    fields: &[("id", "base_portal.id"), ("creatorUserId", "base_portal.creator_user_id"), ("category", "base_portal.category")],
};

const COLUMNS: &str = "SELECT id, full_name, en_code, category, portal_type, link_type, custom_url, app_custom_url, enabled_lock, form_data, \
     pc_is_release, app_is_release, sort_code, enabled_mark, description FROM base_portal";

/// The lists' order.
const ORDER: &str = " ORDER BY sort_code, creator_time DESC, id";

/// The filters of the list.
pub struct Filter<'a> {
    pub keyword: Option<&'a Keyword>,
    pub portal_type: Option<i64>,
    pub category: Option<&'a str>,
    pub enabled_lock: Option<i64>,
}

/// A page of the portals the scope reaches.
pub async fn page(conn: &mut Conn, scope: &DataScope, f: &Filter<'_>, page: Page) -> Result<(Vec<PortalListRow>, i64), AppError> {
    const SELECT: &str = "SELECT id, full_name, en_code, \
         COALESCE((SELECT d.full_name FROM base_dictionary_data d WHERE d.id = base_portal.category), base_portal.category) AS category, \
         portal_type, enabled_lock, \
         COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = base_portal.creator_user_id), '') AS creator_user, \
         creator_time, last_modify_time, sort_code, enabled_mark, pc_is_release, app_is_release FROM base_portal WHERE 1 = 1";
    let filtered = |sql: &mut Sql| {
        scope.restrict(sql, &SCOPE);
        if let Some(k) = f.keyword {
            sql.push(" AND ").keyword(k, &["base_portal.full_name", "base_portal.en_code"]);
        }
        if let Some(t) = f.portal_type {
            sql.push(" AND base_portal.portal_type = ").bind(t);
        }
        if let Some(c) = f.category {
            sql.push(" AND base_portal.category = ").bind(c);
        }
        if let Some(l) = f.enabled_lock {
            sql.push(" AND base_portal.enabled_lock = ").bind(l);
        }
    };
    Ok(paged(conn, "SELECT COUNT(*) FROM base_portal WHERE 1 = 1", SELECT, filtered, ORDER, page).await?)
}

pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<PortalRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// A portal by id, whatever the caller's scope (its runtime answer: who may see it is the
/// service's rule).
pub async fn any_by_id(conn: &mut Conn, id: &str) -> Result<Option<PortalRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// The enabled portals with their category and its name, in list order.
pub async fn enabled(conn: &mut Conn) -> Result<Vec<SelectorRow>, AppError> {
    let sql = Sql::new(
        Engine::of(conn),
        "SELECT id, full_name, category, (SELECT d.full_name FROM base_dictionary_data d WHERE d.id = base_portal.category) AS category_name \
         FROM base_portal WHERE enabled_mark = 1 ORDER BY sort_code, creator_time DESC, id",
    );
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// Whether a portal with this code exists.
pub async fn code_exists(conn: &mut Conn, en_code: &str) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_portal WHERE en_code = $1").bind(en_code).fetch_one(conn).await?;
    Ok(n > 0)
}

/// Whether `id` is an item of the portalDesigner dictionary.
pub async fn is_category(conn: &mut Conn, id: &str) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
         WHERE t.en_code = 'portalDesigner' AND d.id = $1",
    )
    .bind(id)
    .fetch_one(conn)
    .await?;
    Ok(n > 0)
}

/// Whether a menu has this code (menu codes are unique).
pub async fn menu_code_exists(conn: &mut Conn, en_code: &str) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_module WHERE en_code = $1").bind(en_code).fetch_one(conn).await?;
    Ok(n > 0)
}

/// Marks the sides released.
pub async fn set_released(conn: &mut Conn, id: &str, pc: bool, app: bool) -> Result<(), AppError> {
    sqlx::query("UPDATE base_portal SET pc_is_release = CASE WHEN $2 = 1 THEN 1 ELSE pc_is_release END, app_is_release = CASE WHEN $3 = 1 THEN 1 ELSE app_is_release END WHERE id = $1")
        .bind(id)
        .bind(pc as i64)
        .bind(app as i64)
        .execute(conn)
        .await?;
    Ok(())
}

entity! {
    /// Portals, administered by the generic skeleton ([`crate::crud`]); the users' own
    /// layouts go with them.
    Portals: PortalRow = by_id, "base_portal", "门户不存在", Nothing, [
        "DELETE FROM base_portal_custom WHERE portal_id = $1",
    ]
}

/// The user's own layout of a portal in an application, if saved.
pub async fn custom_layout(conn: &mut Conn, portal_id: &str, user_id: &str, system_id: &str) -> Result<Option<String>, AppError> {
    Ok(sqlx::query_scalar("SELECT form_data FROM base_portal_custom WHERE portal_id = $1 AND user_id = $2 AND system_id = $3")
        .bind(portal_id)
        .bind(user_id)
        .bind(system_id)
        .fetch_optional(conn)
        .await?)
}

/// Stores (or replaces) the user's own layout of a portal in an application.
pub async fn save_custom_layout(conn: &mut Conn, id: &str, portal_id: &str, user_id: &str, system_id: &str, form_data: &str, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_portal_custom (id, portal_id, user_id, system_id, form_data, creator_time) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (portal_id, user_id, system_id) DO UPDATE SET form_data = excluded.form_data, creator_time = excluded.creator_time",
    )
    .bind(id)
    .bind(portal_id)
    .bind(user_id)
    .bind(system_id)
    .bind(form_data)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Forgets every user's own layout of a portal (its design changed).
pub async fn forget_custom_layouts(conn: &mut Conn, portal_id: &str) -> Result<u64, AppError> {
    Ok(sqlx::query("DELETE FROM base_portal_custom WHERE portal_id = $1").bind(portal_id).execute(conn).await?.rows_affected())
}
