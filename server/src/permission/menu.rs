//! Menus (JNPF "module"), their buttons / columns / forms / resources, roles and what a role
//! is authorised to use; and the menu tree and permission list a user gets at sign-in.

use crate::db::{Conn, new_id, now_ms};
use crate::error::AppError;
use qiming_core::permission::{MenuItem, PermissionEntry, PermissionItem, filter_menu_tree, is_container_type};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use std::collections::{BTreeMap, BTreeSet};

/// A menu entry as CurrentUser sends it (jnpf-wire.md "CurrentUser").
#[derive(Debug, Clone, Serialize, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Menu {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub icon: String,
    #[serde(rename = "type")]
    #[sqlx(rename = "type")]
    pub menu_type: i64,
    pub url_address: String,
    pub link_target: String,
    pub category: String,
    pub property_json: String,
    pub sort_code: i64,
    pub system_id: String,
    #[sqlx(skip)]
    pub has_children: bool,
    /// Always an array (empty for a page), so every client can iterate it.
    #[sqlx(skip)]
    pub children: Vec<Menu>,
}

impl MenuItem for Menu {
    fn menu_id(&self) -> &str {
        &self.id
    }
    fn menu_type(&self) -> i64 {
        self.menu_type
    }
    fn take_children(&mut self) -> Vec<Self> {
        std::mem::take(&mut self.children)
    }
    fn set_children(&mut self, children: Vec<Self>) {
        self.has_children = !children.is_empty();
        self.children = children;
    }
}

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

pub async fn insert_menu(conn: &mut Conn, m: &NewMenu) -> Result<String, AppError> {
    let id = m.id.clone().unwrap_or_else(new_id);
    sqlx::query(
        "INSERT INTO base_module (id, parent_id, system_id, full_name, en_code, icon, type, \
         url_address, link_target, property_json, sort_code, creator_time) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
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
    .bind(now_ms())
    .execute(conn)
    .await?;
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

pub async fn insert_item(
    conn: &mut Conn,
    module_id: &str,
    kind: ItemKind,
    en_code: &str,
    full_name: &str,
) -> Result<String, AppError> {
    let id = new_id();
    sqlx::query("INSERT INTO base_module_item (id, module_id, kind, full_name, en_code) VALUES ($1, $2, $3, $4, $5)")
        .bind(&id)
        .bind(module_id)
        .bind(kind.as_str())
        .bind(full_name)
        .bind(en_code)
        .execute(conn)
        .await?;
    Ok(id)
}

pub async fn insert_role(conn: &mut Conn, en_code: &str, full_name: &str) -> Result<String, AppError> {
    let id = new_id();
    sqlx::query("INSERT INTO base_role (id, full_name, en_code, creator_time) VALUES ($1, $2, $3, $4)")
        .bind(&id)
        .bind(full_name)
        .bind(en_code)
        .bind(now_ms())
        .execute(conn)
        .await?;
    Ok(id)
}

/// Authorises a role to use a menu (`item_type` "module") or a page item (its kind).
pub async fn authorize_role(conn: &mut Conn, role_id: &str, item_type: &str, item_id: &str) -> Result<(), AppError> {
    sqlx::query("INSERT INTO base_authorize (object_type, object_id, item_type, item_id) VALUES ('Role', $1, $2, $3)")
        .bind(role_id)
        .bind(item_type)
        .bind(item_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Who is asking for a menu: the administrator sees everything, others what their
/// enabled roles are authorised for.
#[derive(Debug, Clone, Copy)]
pub enum Grantee<'a> {
    Administrator,
    User(&'a str),
}

/// The (item_type, item_id) pairs a user's enabled roles are authorised for.
async fn authorised(conn: &mut Conn, user_id: &str) -> Result<BTreeSet<(String, String)>, AppError> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT DISTINCT a.item_type, a.item_id FROM base_authorize a \
         JOIN base_user_relation ur ON ur.object_type = 'Role' AND ur.object_id = a.object_id \
         JOIN base_role r ON r.id = a.object_id AND r.enabled_mark = 1 \
         WHERE a.object_type = 'Role' AND ur.user_id = $1",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().collect())
}

#[derive(Debug, Clone, FromRow)]
struct Item {
    id: String,
    module_id: String,
    kind: String,
    full_name: String,
    en_code: String,
}

/// The menu tree of `system_id` that `who` may see, and the permission list of its pages
/// (PERM-001, PERM-005). Empty directories disappear (core's filter).
pub async fn menus_and_permissions(
    conn: &mut Conn,
    system_id: &str,
    who: Grantee<'_>,
) -> Result<(Vec<Menu>, Vec<PermissionEntry>), AppError> {
    let rows: Vec<Menu> = sqlx::query_as(
        "SELECT id, parent_id, full_name, en_code, icon, type, url_address, link_target, category, \
         property_json, sort_code, system_id FROM base_module \
         WHERE system_id = $1 AND enabled_mark = 1 ORDER BY sort_code, full_name",
    )
    .bind(system_id)
    .fetch_all(&mut *conn)
    .await?;
    let granted = match who {
        Grantee::Administrator => None,
        Grantee::User(user_id) => Some(authorised(conn, user_id).await?),
    };
    let allowed_menus: BTreeSet<String> = match &granted {
        None => rows.iter().map(|m| m.id.clone()).collect(),
        Some(g) => g.iter().filter(|(t, _)| t == "module").map(|(_, id)| id.clone()).collect(),
    };
    let pages: BTreeMap<String, String> = rows
        .iter()
        .filter(|m| !is_container_type(m.menu_type))
        .map(|m| (m.id.clone(), m.full_name.clone()))
        .collect();
    let tree = filter_menu_tree(build_tree(rows), &allowed_menus);

    let mut visible_pages = Vec::new();
    collect_pages(&tree, &mut visible_pages);
    let items: Vec<Item> = sqlx::query_as(
        "SELECT i.id, i.module_id, i.kind, i.full_name, i.en_code FROM base_module_item i \
         JOIN base_module m ON m.id = i.module_id \
         WHERE m.system_id = $1 AND i.enabled_mark = 1 ORDER BY i.sort_code, i.en_code",
    )
    .bind(system_id)
    .fetch_all(conn)
    .await?;
    let mut entries: BTreeMap<&str, PermissionEntry> = visible_pages
        .iter()
        .map(|id| {
            let entry = PermissionEntry {
                model_id: id.to_string(),
                module_name: pages.get(*id).cloned().unwrap_or_default(),
                ..Default::default()
            };
            (*id, entry)
        })
        .collect();
    for item in items {
        let allowed = match &granted {
            None => true,
            Some(g) => g.contains(&(item.kind.clone(), item.id.clone())),
        };
        let Some(entry) = entries.get_mut(item.module_id.as_str()).filter(|_| allowed) else { continue };
        let list = match item.kind.as_str() {
            "button" => &mut entry.button,
            "column" => &mut entry.column,
            "form" => &mut entry.form,
            _ => &mut entry.resource,
        };
        list.push(PermissionItem { id: item.id, full_name: item.full_name, en_code: item.en_code });
    }
    let permissions = visible_pages.iter().filter_map(|id| entries.remove(*id)).collect();
    Ok((tree, permissions))
}

/// Rows ordered by sort code → a forest (root parent '-1'; an entry whose parent is
/// missing or disabled is dropped with it).
fn build_tree(rows: Vec<Menu>) -> Vec<Menu> {
    let mut by_parent: BTreeMap<String, Vec<Menu>> = BTreeMap::new();
    for m in rows {
        by_parent.entry(m.parent_id.clone()).or_default().push(m);
    }
    fn attach(parent: &str, by_parent: &mut BTreeMap<String, Vec<Menu>>) -> Vec<Menu> {
        let mut level = by_parent.remove(parent).unwrap_or_default();
        for m in &mut level {
            let children = attach(&m.id.clone(), by_parent);
            m.set_children(children);
        }
        level
    }
    attach("-1", &mut by_parent)
}

fn collect_pages<'a>(tree: &'a [Menu], out: &mut Vec<&'a str>) {
    for m in tree {
        if !is_container_type(m.menu_type) {
            out.push(&m.id);
        }
        collect_pages(&m.children, out);
    }
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
}

pub async fn insert_system(conn: &mut Conn, s: &AppSystem) -> Result<(), AppError> {
    sqlx::query("INSERT INTO base_system (id, full_name, en_code, icon, sort_code, creator_time) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&s.id)
        .bind(&s.full_name)
        .bind(&s.en_code)
        .bind(&s.icon)
        .bind(s.sort_code)
        .bind(now_ms())
        .execute(conn)
        .await?;
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
