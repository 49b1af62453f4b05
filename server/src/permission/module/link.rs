//! A menu's data connections (ModuleDataAuthorizeLink, jnpf-wire-areas.md §1.8): the database
//! and tables its list columns (dataType 1), form fields (2) and data-authorize fields (3) are
//! picked from, and the columns of such a table. Link '0' is the platform's own database, read
//! from the engine's catalogue on SQLite and PostgreSQL alike; the tables no SQL data interface
//! may read (the platform's bookkeeping: sessions, captchas, throttles, configuration,
//! `qiming_…`) are not offered, and `password_hash` is never listed. Other links are the data
//! sources of a later issue and are refused with a message. Same page and buttons as the
//! menu's other items: reading needs `system.menu`, saving its `btn_edit`.

use super::dto::{LinkField, LinkForm, LinkInfo, LinkTables};
use super::repo::{self, LinkRow, MenuRow};
use super::{EditMenu, ViewMenu};
use crate::state::AppState;
use crate::access::{Action, Permit};
use crate::db::{Conn, Keyword};
use crate::error::AppError;
use crate::system::data_interface::{refused_column, refused_table};
use crate::wire::{Page, PageOf};

/// The platform database.
const PLATFORM: &str = "0";
const MENU_MISSING: &str = "菜单不存在";

/// The kind of field a connection is for: 1 list columns, 2 form fields, 3 data permission.
fn data_type(value: Option<i64>) -> Result<i64, AppError> {
    match value {
        Some(n @ 1..=3) => Ok(n),
        _ => Err(AppError::field("dataType", "数据类型只能是1（列表）、2（表单）或3（数据权限）")),
    }
}

/// A path's dataType ('1', '2' or '3').
fn path_data_type(text: &str) -> Result<i64, AppError> {
    data_type(text.trim().parse().ok())
}

/// Only the platform database exists as a connection so far.
fn check_link(link_id: &str) -> Result<(), AppError> {
    if link_id == PLATFORM {
        return Ok(());
    }
    Err(AppError::field("linkId", format!("数据连接“{link_id}”不存在：目前只能使用平台数据库（0）")))
}

async fn menu_of(conn: &mut Conn, permit: &Permit<impl Action>, menu_id: &str) -> Result<MenuRow, AppError> {
    repo::menu(conn, permit.scope(), menu_id).await?.ok_or_else(|| AppError::not_found(MENU_MISSING))
}

/// The platform tables a connection may use, by name.
async fn usable_tables(conn: &mut Conn) -> Result<Vec<String>, AppError> {
    let mut tables: Vec<String> = repo::platform_tables(conn).await?.into_iter().filter(|t| !refused_table(t)).collect();
    tables.sort();
    Ok(tables)
}

/// `table` as the platform names it, when a connection may use it.
async fn usable_table(conn: &mut Conn, table: &str) -> Result<String, AppError> {
    let table = table.trim();
    if refused_table(table) {
        return Err(AppError::bad(format!("不能使用数据表：{table}")));
    }
    usable_tables(conn).await?.into_iter().find(|t| t == table).ok_or_else(|| AppError::not_found(format!("数据表不存在：{table}")))
}

/// The saved connection, or the platform database with no tables.
async fn saved(conn: &mut Conn, menu_id: &str, data_type: i64) -> Result<LinkRow, AppError> {
    Ok(repo::link(conn, menu_id, data_type).await?.unwrap_or_else(|| LinkRow { link_id: PLATFORM.into(), link_tables: String::new() }))
}

/// GET ModuleDataAuthorizeLink/getInfo/{menuId}/{dataType}.
pub async fn info(state: &AppState, permit: &Permit<ViewMenu>, menu_id: &str, data_type: &str) -> Result<LinkInfo, AppError> {
    let data_type = path_data_type(data_type)?;
    let mut conn = state.db.acquire().await?;
    let menu = menu_of(&mut conn, permit, menu_id).await?;
    let link = saved(&mut conn, &menu.id, data_type).await?;
    Ok(LinkInfo { module_id: menu.id, data_type, link_id: link.link_id, link_tables: link.link_tables })
}

/// GET ModuleDataAuthorizeLink/getVisualTables/{menuId}/{dataType}: the chosen tables as a
/// list (a generated form's own tables join with the form designer).
pub async fn visual_tables(state: &AppState, permit: &Permit<ViewMenu>, menu_id: &str, data_type: &str) -> Result<LinkTables, AppError> {
    let data_type = path_data_type(data_type)?;
    let mut conn = state.db.acquire().await?;
    let menu = menu_of(&mut conn, permit, menu_id).await?;
    let link = saved(&mut conn, &menu.id, data_type).await?;
    let link_tables = link.link_tables.split(',').map(str::trim).filter(|t| !t.is_empty()).map(str::to_string).collect();
    Ok(LinkTables { link_id: link.link_id, link_tables })
}

/// POST ModuleDataAuthorizeLink/saveLinkData: the menu's connection for one kind of field —
/// the platform database and tables of it a connection may use (each named once).
pub async fn save(state: &AppState, permit: &Permit<EditMenu>, form: LinkForm) -> Result<(), AppError> {
    let data_type = data_type(form.data_type)?;
    let link_id = match form.link_id.trim() {
        "" => PLATFORM.to_string(),
        id => id.to_string(),
    };
    check_link(&link_id)?;
    let mut tx = state.db.begin().await?;
    let menu = menu_of(&mut tx, permit, form.module_id.trim()).await.map_err(|_| AppError::field("moduleId", MENU_MISSING))?;
    let mut tables: Vec<String> = Vec::new();
    for table in form.link_tables.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let table = usable_table(&mut tx, table).await.map_err(|e| AppError::field("linkTables", e.to_string()))?;
        if !tables.contains(&table) {
            tables.push(table);
        }
    }
    let link = LinkRow { link_id, link_tables: tables.join(",") };
    repo::save_link(&mut tx, &menu.id, data_type, &link, &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// GET ModuleDataAuthorizeLink/{linkId}/Tables/{table}/Fields/{menuType}/{dataType}: a page of
/// the table's columns (`password_hash` never among them), a keyword on the name.
pub async fn fields(
    state: &AppState,
    _permit: &Permit<ViewMenu>,
    link_id: &str,
    table: &str,
    data_type: &str,
    keyword: Option<&str>,
    page: Page,
) -> Result<PageOf<LinkField>, AppError> {
    path_data_type(data_type)?;
    check_link(link_id.trim())?;
    let mut conn = state.db.acquire().await?;
    let table = usable_table(&mut conn, table).await?;
    let keyword = Keyword::parse(keyword);
    let columns: Vec<String> = repo::platform_columns(&mut conn, &table)
        .await?
        .into_iter()
        .filter(|c| !refused_column(c))
        .filter(|c| keyword.as_ref().is_none_or(|k| k.matches(c)))
        .collect();
    let total = columns.len() as i64;
    let list = columns
        .into_iter()
        .skip(page.offset().max(0) as usize)
        .take(page.page_size as usize)
        .map(|c| LinkField { field: c.clone(), field_name: c })
        .collect();
    Ok(page.of(list, total))
}
