//! Menus (JNPF "module") per system, their page items (buttons, columns, forms, resources),
//! roles and what a role is authorised for. Configuration, not owned records: these queries
//! take no data scope; what a user sees of them is decided by their grants.

use crate::db::{Conn, bump_generation, bump_menu_generation};
use crate::error::AppError;
use crate::permission::dto::Menu;
use crate::support::new_id;
use serde::Deserialize;
use sqlx::FromRow;

/// A menu entry to create (seed data, tests, later the menu admin screen).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewMenu {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default = "root")]
    pub parent_id: String,
    #[serde(default)]
    pub system_id: String,
    pub full_name: String,
    pub en_code: String,
    #[serde(default)]
    pub icon: String,
    #[serde(rename = "type")]
    pub menu_type: i64,
    #[serde(default)]
    pub url_address: String,
    #[serde(default = "self_target")]
    pub link_target: String,
    #[serde(default = "empty_object")]
    pub property_json: String,
    #[serde(default)]
    pub sort_code: i64,
}

fn root() -> String {
    "-1".into()
}
fn self_target() -> String {
    "_self".into()
}
fn empty_object() -> String {
    "{}".into()
}

pub async fn insert_menu(conn: &mut Conn, m: &NewMenu, now: i64) -> Result<String, AppError> {
    let id = m.id.clone().unwrap_or_else(new_id);
    // Pages, forms and dictionaries have their buttons, columns and form fields on (the JNPF
    // client's rule for types 2, 3 and 4), so the menu page offers them. Data permission stays
    // off: on, it would limit every member to the schemes granted to them (access::scope).
    let items = i64::from(matches!(m.menu_type, 2..=4));
    sqlx::query(
        "INSERT INTO base_module (id, parent_id, system_id, full_name, en_code, icon, type, \
         url_address, link_target, property_json, sort_code, creator_time, \
         is_button_authorize, is_column_authorize, is_form_authorize) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $13)",
    )
    .bind(&id)
    .bind(&m.parent_id)
    .bind(&m.system_id)
    .bind(&m.full_name)
    .bind(&m.en_code)
    .bind(&m.icon)
    .bind(m.menu_type)
    .bind(&m.url_address)
    .bind(&m.link_target)
    .bind(&m.property_json)
    .bind(m.sort_code)
    .bind(now)
    .bind(items)
    .execute(&mut *conn)
    .await?;
    bump_menu_generation(conn).await?;
    Ok(id)
}

/// The kinds of per-page item (PERM-007..009 and resources).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ItemKind {
    Button,
    Column,
    Form,
    Resource,
}

impl ItemKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ItemKind::Button => "button",
            ItemKind::Column => "column",
            ItemKind::Form => "form",
            ItemKind::Resource => "resource",
        }
    }
}

pub async fn insert_item(conn: &mut Conn, module_id: &str, kind: ItemKind, en_code: &str, full_name: &str) -> Result<String, AppError> {
    let id = new_id();
    sqlx::query("INSERT INTO base_module_item (id, module_id, kind, full_name, en_code) VALUES ($1, $2, $3, $4, $5)")
        .bind(&id)
        .bind(module_id)
        .bind(kind.as_str())
        .bind(full_name)
        .bind(en_code)
        .execute(&mut *conn)
        .await?;
    bump_menu_generation(conn).await?;
    Ok(id)
}

/// Adds a data-permission scheme (a 'resource' item) to a page menu.
pub async fn insert_scheme(conn: &mut Conn, module_id: &str, en_code: &str, full_name: &str, condition_json: &str) -> Result<String, AppError> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO base_module_item (id, module_id, kind, full_name, en_code, condition_json) VALUES ($1, $2, 'resource', $3, $4, $5)",
    )
    .bind(&id)
    .bind(module_id)
    .bind(full_name)
    .bind(en_code)
    .bind(condition_json)
    .execute(&mut *conn)
    .await?;
    bump_menu_generation(conn).await?;
    Ok(id)
}

/// Turns a page menu's data permission on or off.
pub async fn set_data_authorize(conn: &mut Conn, module_id: &str, on: bool) -> Result<(), AppError> {
    sqlx::query("UPDATE base_module SET is_data_authorize = $1 WHERE id = $2")
        .bind(on as i64)
        .bind(module_id)
        .execute(&mut *conn)
        .await?;
    bump_menu_generation(conn).await?;
    Ok(())
}

pub async fn insert_role(conn: &mut Conn, en_code: &str, full_name: &str, now: i64) -> Result<String, AppError> {
    let id = new_id();
    sqlx::query("INSERT INTO base_role (id, full_name, en_code, creator_time) VALUES ($1, $2, $3, $4)")
        .bind(&id)
        .bind(full_name)
        .bind(en_code)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    bump_generation(conn).await?;
    Ok(id)
}

/// Authorises a role to use a menu (`item_type` "module") or a page item (its kind).
pub async fn authorize_role(conn: &mut Conn, role_id: &str, item_type: &str, item_id: &str) -> Result<(), AppError> {
    sqlx::query("INSERT INTO base_authorize (object_type, object_id, item_type, item_id) VALUES ('Role', $1, $2, $3)")
        .bind(role_id)
        .bind(item_type)
        .bind(item_id)
        .execute(&mut *conn)
        .await?;
    bump_generation(conn).await?;
    Ok(())
}

/// What every user's menu in one system is cut from: its enabled Web menus and their enabled
/// page items, read once per change of the menus (db::menu_generation) and shared.
#[derive(Debug)]
pub struct Snapshot {
    pub menus: Vec<Menu>,
    pub items: Vec<Item>,
}

/// The snapshot of `system_id`, read now.
pub async fn snapshot(conn: &mut Conn, system_id: &str) -> Result<Snapshot, AppError> {
    Ok(Snapshot { menus: menus(conn, system_id).await?, items: items(conn, system_id).await? })
}

/// The enabled Web menu entries of a system, in sort order (App menus are the mobile app's).
pub async fn menus(conn: &mut Conn, system_id: &str) -> Result<Vec<Menu>, AppError> {
    Ok(sqlx::query_as(
        "SELECT id, parent_id, full_name, en_code, icon, type, url_address, link_target, category, \
         property_json, sort_code, system_id FROM base_module \
         WHERE system_id = $1 AND enabled_mark = 1 AND category = 'Web' ORDER BY sort_code, full_name",
    )
    .bind(system_id)
    .fetch_all(conn)
    .await?)
}

/// A page item row.
#[derive(Debug, Clone, FromRow)]
pub struct Item {
    pub id: String,
    pub module_id: String,
    pub kind: String,
    pub full_name: String,
    pub en_code: String,
}

/// The enabled page items of a system's menus, in sort order.
pub async fn items(conn: &mut Conn, system_id: &str) -> Result<Vec<Item>, AppError> {
    Ok(sqlx::query_as(
        "SELECT i.id, i.module_id, i.kind, i.full_name, i.en_code FROM base_module_item i \
         JOIN base_module m ON m.id = i.module_id \
         WHERE m.system_id = $1 AND i.enabled_mark = 1 ORDER BY i.sort_code, i.en_code",
    )
    .bind(system_id)
    .fetch_all(conn)
    .await?)
}

/// A system (application) a user can switch between; menus belong to one.
#[derive(Debug, Clone, FromRow, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppSystem {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    #[serde(default)]
    pub icon: String,
    #[serde(default)]
    pub sort_code: i64,
    /// 1 for the main system, which cannot be deleted.
    #[serde(default)]
    #[sqlx(default)]
    pub is_main: i64,
}

pub async fn insert_system(conn: &mut Conn, s: &AppSystem, now: i64) -> Result<(), AppError> {
    sqlx::query("INSERT INTO base_system (id, full_name, en_code, icon, sort_code, is_main, creator_time) VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(&s.id)
        .bind(&s.full_name)
        .bind(&s.en_code)
        .bind(&s.icon)
        .bind(s.sort_code)
        .bind(s.is_main)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    bump_menu_generation(conn).await?;
    Ok(())
}

/// The enabled systems in sort order.
pub async fn systems(conn: &mut Conn) -> Result<Vec<AppSystem>, AppError> {
    Ok(sqlx::query_as(
        "SELECT id, full_name, en_code, icon, sort_code FROM base_system WHERE enabled_mark = 1 ORDER BY sort_code, full_name",
    )
    .fetch_all(conn)
    .await?)
}
