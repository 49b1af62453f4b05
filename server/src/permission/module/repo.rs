//! SQL of applications (base_system), menus (base_module), their permission items
//! (base_module_item: buttons, columns, form fields, data-permission schemes) and data-authorize
//! fields (base_module_data_authorize). No decisions here. Every write to a table CurrentUser
//! is built from bumps the generation, so cached menus refresh.

use super::dto::{AuthorizeFieldInfo, MenuInfo, SystemInfo};
use crate::access::{DataScope, ScopeColumns};
use crate::crud::{Cached, Entity, entity};
use crate::db::{Arg, Conn, Engine, Keyword, Sql, bump_menu_generation, columns};
use crate::error::AppError;
use sqlx::FromRow;

/// Systems under data permission.
pub const SYSTEM_SCOPE: ScopeColumns =
    ScopeColumns { owner: "s.creator_user_id", fields: &[("id", "s.id"), ("creatorUserId", "s.creator_user_id"), ("F_CreatorUserId", "s.creator_user_id")] };

/// Menus under data permission (items are reached through their menu, aliased `m`).
pub const MENU_SCOPE: ScopeColumns =
    ScopeColumns { owner: "m.creator_user_id", fields: &[("id", "m.id"), ("creatorUserId", "m.creator_user_id"), ("F_CreatorUserId", "m.creator_user_id")] };

const SYSTEM_COLUMNS: &str =
    "SELECT s.id, s.full_name, s.en_code, s.icon, s.sort_code, s.enabled_mark, s.is_main, s.description, s.property_json, s.creator_time";

/// The systems, in sort order, with a keyword on name and code.
pub async fn systems(conn: &mut Conn, scope: &DataScope, keyword: Option<&Keyword>, enabled: Option<i64>) -> Result<Vec<SystemInfo>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), SYSTEM_COLUMNS);
    sql.push(" FROM base_system s WHERE 1 = 1");
    scope.restrict(&mut sql, &SYSTEM_SCOPE);
    if let Some(k) = keyword {
        sql.push(" AND ").keyword(k, &["s.full_name", "s.en_code"]);
    }
    if let Some(e) = enabled {
        sql.push(" AND s.enabled_mark = ").bind(e);
    }
    sql.push(" ORDER BY s.sort_code, s.creator_time, s.id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

pub async fn system(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<SystemInfo>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), SYSTEM_COLUMNS);
    sql.push(" FROM base_system s WHERE s.id = ").bind(id);
    scope.restrict(&mut sql, &SYSTEM_SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// A menu as the admin screen reads it: its answer, without its children.
pub type MenuRow = MenuInfo;

const MENU_COLUMNS: &str = "SELECT m.id, m.parent_id, m.system_id, m.full_name, m.en_code, m.icon, m.type, m.url_address, m.link_target, \
     m.category, m.property_json, m.sort_code, m.enabled_mark, m.description, m.is_button_authorize, m.is_column_authorize, \
     m.is_form_authorize, m.is_data_authorize";

/// The menus of a system (every system's when None), of a category when one is given, in
/// sort order.
pub async fn menus(conn: &mut Conn, scope: &DataScope, system_id: Option<&str>, category: Option<&str>) -> Result<Vec<MenuRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), MENU_COLUMNS);
    sql.push(" FROM base_module m WHERE 1 = 1");
    scope.restrict(&mut sql, &MENU_SCOPE);
    if let Some(s) = system_id {
        sql.push(" AND m.system_id = ").bind(s);
    }
    if let Some(c) = category {
        sql.push(" AND m.category = ").bind(c);
    }
    sql.push(" ORDER BY m.sort_code, m.creator_time, m.id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// Every enabled menu of every system (the portal designer's picker: configuration every
/// member may see, like CurrentUser's menus), of a category when one is given.
pub async fn enabled_menus(conn: &mut Conn, category: Option<&str>) -> Result<Vec<MenuRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), MENU_COLUMNS);
    sql.push(" FROM base_module m WHERE m.enabled_mark = 1");
    if let Some(c) = category {
        sql.push(" AND m.category = ").bind(c);
    }
    sql.push(" ORDER BY m.sort_code, m.creator_time, m.id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

pub async fn menu(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<MenuRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), MENU_COLUMNS);
    sql.push(" FROM base_module m WHERE m.id = ").bind(id);
    scope.restrict(&mut sql, &MENU_SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// A new menu's columns (its id and creator are the insert's).
pub struct NewMenu<'a> {
    pub parent_id: &'a str,
    pub system_id: &'a str,
    pub full_name: &'a str,
    pub en_code: &'a str,
    pub icon: &'a str,
    pub menu_type: i64,
    pub url_address: &'a str,
    pub link_target: &'a str,
    pub category: &'a str,
    pub property_json: &'a str,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: &'a str,
    /// Button, column, form and data permission on (1) or off (0).
    pub authorize: [i64; 4],
}

impl NewMenu<'_> {
    /// The columns of base_module the menu is stored in.
    pub fn columns(&self) -> Vec<(&'static str, Arg)> {
        let [button, column, form, data] = self.authorize;
        let mut columns = columns!(self; parent_id, system_id, full_name, en_code, icon, url_address, link_target, category, property_json, sort_code, enabled_mark, description);
        columns.extend([
            ("type", self.menu_type.into()),
            ("is_button_authorize", button.into()),
            ("is_column_authorize", column.into()),
            ("is_form_authorize", form.into()),
            ("is_data_authorize", data.into()),
        ]);
        columns
    }
}

/// Moves menus to another system (a menu's subtree follows it).
pub async fn move_to_system(conn: &mut Conn, ids: &[String], system_id: &str) -> Result<(), AppError> {
    let mut sql = Sql::update(Engine::of(conn), "base_module");
    sql.set("system_id", system_id).push(" WHERE ").any_of("id", ids);
    sql.query().execute(&mut *conn).await?;
    bump_menu_generation(conn).await?;
    Ok(())
}

/// A permission item of a menu: a button, a column, a form field or a data scheme
/// ('resource'); each kind reads its own columns.
#[derive(Debug, Clone, FromRow)]
pub struct ItemRow {
    pub id: String,
    pub module_id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub icon: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
    pub bind_table: String,
    pub bind_table_name: String,
    pub field_rule: i64,
    pub child_table_key: String,
    pub condition_json: String,
    pub condition_text: String,
}

const ITEM_COLUMNS: &str = "SELECT i.id, i.module_id, i.parent_id, i.full_name, i.en_code, i.icon, i.sort_code, i.enabled_mark, \
     i.description, i.bind_table, i.bind_table_name, i.field_rule, i.child_table_key, i.condition_json, i.condition_text";

/// A menu's items of one kind, in sort order, with a keyword on name and code.
pub async fn items(conn: &mut Conn, scope: &DataScope, module_id: &str, kind: &str, keyword: Option<&Keyword>) -> Result<Vec<ItemRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), ITEM_COLUMNS);
    sql.push(" FROM base_module_item i JOIN base_module m ON m.id = i.module_id WHERE i.module_id = ").bind(module_id);
    sql.push(" AND i.kind = ").bind(kind);
    scope.restrict(&mut sql, &MENU_SCOPE);
    if let Some(k) = keyword {
        sql.push(" AND ").keyword(k, &["i.full_name", "i.en_code"]);
    }
    sql.push(" ORDER BY i.sort_code, i.creator_time, i.en_code");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// One item of a kind, within the scope of its menu.
pub async fn item(conn: &mut Conn, scope: &DataScope, kind: &str, id: &str) -> Result<Option<ItemRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), ITEM_COLUMNS);
    sql.push(" FROM base_module_item i JOIN base_module m ON m.id = i.module_id WHERE i.id = ").bind(id);
    sql.push(" AND i.kind = ").bind(kind);
    scope.restrict(&mut sql, &MENU_SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// A data-authorize field (what a page's data schemes may filter on): its answer, without
/// its symbols' names.
pub type FieldRow = AuthorizeFieldInfo;

const FIELD_COLUMNS: &str = "SELECT d.id, d.module_id, d.en_code, d.full_name, d.type, d.condition_symbol, d.condition_text, \
     d.bind_table, d.field_rule, d.child_table_key, d.sort_code, d.enabled_mark, d.description";

pub async fn fields(conn: &mut Conn, scope: &DataScope, module_id: &str) -> Result<Vec<FieldRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), FIELD_COLUMNS);
    sql.push(" FROM base_module_data_authorize d JOIN base_module m ON m.id = d.module_id WHERE d.module_id = ").bind(module_id);
    scope.restrict(&mut sql, &MENU_SCOPE);
    sql.push(" ORDER BY d.sort_code, d.creator_time, d.en_code");
    Ok(sql.query_as().fetch_all(conn).await?)
}

pub async fn field(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<FieldRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), FIELD_COLUMNS);
    sql.push(" FROM base_module_data_authorize d JOIN base_module m ON m.id = d.module_id WHERE d.id = ").bind(id);
    scope.restrict(&mut sql, &MENU_SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

// ---- The rows the menu page administers ------------------------------------------------------

entity! {
    /// Applications, with what they were granted as, administered by the generic skeleton ([`crate::crud`]).
    Systems: SystemInfo = system, "base_system", "应用不存在", Menus, ["DELETE FROM base_authorize WHERE item_type = 'system' AND item_id = $1"]
}

/// Counts the menus of a system.
pub const SYSTEM_MENUS: &str = "SELECT COUNT(*) FROM base_module WHERE system_id = $1";

entity! {
    /// Menus, with their items, data-authorize fields and data connections, and every grant of them, administered by the generic skeleton ([`crate::crud`]).
    Menus: MenuRow = menu, "base_module", "菜单不存在", Menus, [
        "DELETE FROM base_authorize WHERE item_type IN ('button', 'column', 'form', 'resource') AND item_id IN (SELECT i.id FROM base_module_item i WHERE i.module_id = $1)",
        "DELETE FROM base_authorize WHERE item_type = 'module' AND item_id = $1",
        "DELETE FROM base_module_item WHERE module_id = $1",
        "DELETE FROM base_module_data_authorize WHERE module_id = $1",
        "DELETE FROM base_module_link WHERE module_id = $1",
    ]
}

/// Counts the menus below one.
pub const MENU_CHILDREN: &str = "SELECT COUNT(*) FROM base_module WHERE parent_id = $1";

/// The kinds of permission item a menu holds (base_module_item.kind), each administered by the
/// generic skeleton ([`crate::crud`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Button,
    Column,
    Form,
    /// A data-permission scheme.
    Scheme,
}

impl Kind {
    pub fn code(self) -> &'static str {
        match self {
            Kind::Button => "button",
            Kind::Column => "column",
            Kind::Form => "form",
            Kind::Scheme => "resource",
        }
    }
}

impl Entity for Kind {
    type Row = ItemRow;
    fn table(&self) -> &'static str {
        "base_module_item"
    }
    fn missing(&self) -> &'static str {
        match self {
            Kind::Button => "按钮不存在",
            Kind::Column => "列表字段不存在",
            Kind::Form => "表单字段不存在",
            Kind::Scheme => "方案不存在",
        }
    }
    fn cached(&self) -> Cached {
        Cached::Menus
    }
    /// The item's grants.
    fn dependents(&self) -> &'static [&'static str] {
        match self {
            Kind::Button => &["DELETE FROM base_authorize WHERE item_type = 'button' AND item_id = $1"],
            Kind::Column => &["DELETE FROM base_authorize WHERE item_type = 'column' AND item_id = $1"],
            Kind::Form => &["DELETE FROM base_authorize WHERE item_type = 'form' AND item_id = $1"],
            Kind::Scheme => &["DELETE FROM base_authorize WHERE item_type = 'resource' AND item_id = $1"],
        }
    }
    async fn load(&self, conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<ItemRow>, AppError> {
        item(conn, scope, self.code(), id).await
    }
}

/// Counts the buttons below one.
pub const BUTTON_CHILDREN: &str = "SELECT COUNT(*) FROM base_module_item WHERE parent_id = $1 AND kind = 'button'";

entity! {
    /// Data-authorize fields, administered by the generic skeleton ([`crate::crud`]).
    Fields: FieldRow = field, "base_module_data_authorize", "字段不存在", Nothing, []
}

// ---- Data connections ---------------------------------------------------------------------

/// A menu's data connection for one kind of field.
#[derive(Debug, Clone, FromRow)]
pub struct LinkRow {
    pub link_id: String,
    pub link_tables: String,
}

/// The data connection of `module_id` for `data_type`, if one was saved.
pub async fn link(conn: &mut Conn, module_id: &str, data_type: i64) -> Result<Option<LinkRow>, AppError> {
    Ok(sqlx::query_as("SELECT link_id, link_tables FROM base_module_link WHERE module_id = $1 AND data_type = $2")
        .bind(module_id)
        .bind(data_type)
        .fetch_optional(conn)
        .await?)
}

/// Saves the data connection of `module_id` for `data_type`, replacing the one there was.
pub async fn save_link(conn: &mut Conn, module_id: &str, data_type: i64, link: &LinkRow, user_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_module_link (module_id, data_type, link_id, link_tables, creator_time, creator_user_id) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (module_id, data_type) DO UPDATE SET link_id = excluded.link_id, link_tables = excluded.link_tables, \
         last_modify_time = excluded.creator_time, last_modify_user_id = excluded.creator_user_id",
    )
    .bind(module_id)
    .bind(data_type)
    .bind(&link.link_id)
    .bind(&link.link_tables)
    .bind(now)
    .bind(user_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// The platform database's tables (not its views), in no particular order: from the engine's
/// catalogue, the same answer on both engines.
pub async fn platform_tables(conn: &mut Conn) -> Result<Vec<String>, AppError> {
    let sql = match Engine::of(conn) {
        Engine::Sqlite => "SELECT name FROM sqlite_master WHERE type = 'table'",
        Engine::Postgres => {
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        }
    };
    Ok(sqlx::query_scalar(sql).fetch_all(conn).await?)
}

/// The columns of a platform table in their order (none for a table that does not exist).
pub async fn platform_columns(conn: &mut Conn, table: &str) -> Result<Vec<String>, AppError> {
    let sql = match Engine::of(conn) {
        Engine::Sqlite => "SELECT name FROM pragma_table_info($1) ORDER BY cid",
        Engine::Postgres => {
            "SELECT column_name::text FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 \
             ORDER BY ordinal_position"
        }
    };
    Ok(sqlx::query_scalar(sql).bind(table).fetch_all(conn).await?)
}

// ---- Export and import --------------------------------------------------------------------

/// Which of `ids` name a menu already.
pub async fn taken_menu_ids(conn: &mut Conn, ids: &[String]) -> Result<Vec<String>, AppError> {
    taken(conn, "SELECT id FROM base_module WHERE ", "id", ids).await
}

/// Which of `codes` are a menu's code already.
pub async fn taken_menu_codes(conn: &mut Conn, codes: &[String]) -> Result<Vec<String>, AppError> {
    taken(conn, "SELECT en_code FROM base_module WHERE ", "en_code", codes).await
}

/// Which of `ids` name a button, column, form field or scheme already.
pub async fn taken_item_ids(conn: &mut Conn, ids: &[String]) -> Result<Vec<String>, AppError> {
    taken(conn, "SELECT id FROM base_module_item WHERE ", "id", ids).await
}

/// Which of `ids` name a data-authorize field already.
pub async fn taken_field_ids(conn: &mut Conn, ids: &[String]) -> Result<Vec<String>, AppError> {
    taken(conn, "SELECT id FROM base_module_data_authorize WHERE ", "id", ids).await
}

async fn taken(conn: &mut Conn, select: &'static str, column: &'static str, values: &[String]) -> Result<Vec<String>, AppError> {
    if values.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new(Engine::of(conn), select);
    sql.any_of(column, values);
    Ok(sql.query_scalar().fetch_all(conn).await?)
}
