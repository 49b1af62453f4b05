//! Menus to and from `.bm` files (jnpf-wire-areas.md §1.8, `Menu/{id}/Action/Export` and
//! `Menu/{systemId}/Action/Import`). A file holds a menu with its buttons, list columns, form
//! fields, data-authorize fields and data-permission schemes in JNPF's ModuleExportModel
//! shape, and the menus below it the same way. An import is checked whole before anything is
//! stored — every menu and item by the same rules as their forms, ids and codes unique in the
//! file, button parents within their menu, no cycles — and stored in one transaction under
//! the ids of the file (a scheme's condition names its data-authorize fields by id). As
//! JNPF's import does, a menu or item whose id, or a menu whose code, exists here already is
//! refused: the message names it, and nothing is stored.

use super::dto::{FileAuthorizeField, FileButton, FileField, FileMenu, FileScheme, MenuFile};
use super::repo::{self, FieldRow, Fields, ItemRow, Kind, MenuRow, Menus, NewMenu};
use super::service::{check_parent, check_symbols};
use super::{AddMenu, ViewMenu};
use crate::state::AppState;
use crate::access::Permit;
use crate::access::scope::check_scheme;
use crate::crud;
use crate::db::{Arg, Conn};
use crate::error::AppError;
use crate::permission::forms::{check, check_numbers};
use crate::support::tree::{on_cycle, subtree};
use crate::system::download::JsonFile;
use crate::wire::Patch;
use qiming_core::entity::Form;
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};

/// JNPF's extension for menus (ModuleTypeEnum.SYSTEM_MODULE).
const FILE: JsonFile = JsonFile { extension: "bm", name: "菜单", content: "菜单数据" };
const TOP: &str = "-1";

// ---- Export -------------------------------------------------------------------------------

/// What the file holds of one menu.
#[derive(Default)]
struct Contents {
    buttons: Vec<ItemRow>,
    columns: Vec<ItemRow>,
    forms: Vec<ItemRow>,
    schemes: Vec<ItemRow>,
    fields: Vec<FieldRow>,
}

fn file_of(menu: &MenuRow, menus: &[MenuRow], contents: &mut HashMap<String, Contents>) -> MenuFile {
    let c = contents.remove(&menu.id).unwrap_or_default();
    let field = |i: ItemRow| FileField {
        id: i.id,
        bind_table: i.bind_table,
        bind_table_name: i.bind_table_name,
        full_name: i.full_name,
        en_code: i.en_code,
        field_rule: i.field_rule,
        child_table_key: i.child_table_key,
        sort_code: i.sort_code,
        enabled_mark: i.enabled_mark,
        description: i.description,
    };
    MenuFile {
        module_entity: FileMenu {
            id: menu.id.clone(),
            parent_id: menu.parent_id.clone(),
            system_id: menu.system_id.clone(),
            full_name: menu.full_name.clone(),
            en_code: menu.en_code.clone(),
            icon: menu.icon.clone(),
            menu_type: menu.menu_type,
            url_address: menu.url_address.clone(),
            link_target: menu.link_target.clone(),
            category: menu.category.clone(),
            property_json: menu.property_json.clone(),
            sort_code: menu.sort_code,
            enabled_mark: menu.enabled_mark,
            description: menu.description.clone(),
            is_button_authorize: menu.is_button_authorize,
            is_column_authorize: menu.is_column_authorize,
            is_form_authorize: menu.is_form_authorize,
            is_data_authorize: menu.is_data_authorize,
        },
        button_entity_list: c
            .buttons
            .into_iter()
            .map(|i| FileButton {
                id: i.id,
                parent_id: i.parent_id,
                full_name: i.full_name,
                en_code: i.en_code,
                icon: i.icon,
                sort_code: i.sort_code,
                enabled_mark: i.enabled_mark,
                description: i.description,
            })
            .collect(),
        column_entity_list: c.columns.into_iter().map(field).collect(),
        form_entity_list: c.forms.into_iter().map(field).collect(),
        authorize_entity_list: c
            .fields
            .into_iter()
            .map(|f| FileAuthorizeField {
                id: f.id,
                full_name: f.full_name,
                en_code: f.en_code,
                field_type: f.field_type,
                condition_symbol: f.condition_symbol,
                condition_text: f.condition_text,
                bind_table: f.bind_table,
                field_rule: f.field_rule,
                child_table_key: f.child_table_key,
                sort_code: f.sort_code,
                enabled_mark: f.enabled_mark,
                description: f.description,
            })
            .collect(),
        scheme_entity_list: c
            .schemes
            .into_iter()
            .map(|i| FileScheme {
                id: i.id,
                full_name: i.full_name,
                en_code: i.en_code,
                condition_json: i.condition_json,
                condition_text: i.condition_text,
                sort_code: i.sort_code,
                enabled_mark: i.enabled_mark,
                description: i.description,
            })
            .collect(),
        children: menus.iter().filter(|m| m.parent_id == menu.id).map(|m| file_of(m, menus, contents)).collect(),
    }
}

/// GET Menu/{id}/Action/Export: the menu, the menus below it and all their items as a `.bm`
/// file; answers its download url. Reading the page is enough: the file holds what the page
/// shows.
pub async fn export(state: &AppState, permit: &Permit<ViewMenu>, id: &str) -> Result<String, AppError> {
    let mut conn = state.db.acquire().await?;
    let root = repo::menu(&mut conn, permit.scope(), id).await?.ok_or_else(|| AppError::not_found("菜单不存在"))?;
    let rows = repo::menus(&mut conn, permit.scope(), Some(&root.system_id), None).await?;
    let below = subtree(rows.iter().map(|m| (m.id.as_str(), m.parent_id.as_str())), &root.id);
    let menus: Vec<MenuRow> = rows.into_iter().filter(|m| below.contains(&m.id)).collect();
    let mut contents = HashMap::new();
    for m in &menus {
        let scope = permit.scope();
        contents.insert(
            m.id.clone(),
            Contents {
                buttons: repo::items(&mut conn, scope, &m.id, "button", None).await?,
                columns: repo::items(&mut conn, scope, &m.id, "column", None).await?,
                forms: repo::items(&mut conn, scope, &m.id, "form", None).await?,
                schemes: repo::items(&mut conn, scope, &m.id, "resource", None).await?,
                fields: repo::fields(&mut conn, scope, &m.id).await?,
            },
        );
    }
    drop(conn);
    let file = file_of(&root, &menus, &mut contents);
    FILE.offer(state, &permit.caller().user_id, &root.full_name, &file).await
}

// ---- Import -------------------------------------------------------------------------------

/// A menu of the file, in the order it is stored (parents first), with where it goes.
struct Placed<'a> {
    menu: &'a MenuFile,
    parent_id: String,
}

fn flatten<'a>(file: &'a MenuFile, parent_id: &str, out: &mut Vec<Placed<'a>>) {
    out.push(Placed { menu: file, parent_id: parent_id.to_string() });
    for child in &file.children {
        flatten(child, &file.module_entity.id, out);
    }
}

/// A record's problem by its form's rules (core's messages), if any.
fn form_problem(form: Form, record: &Value) -> Option<String> {
    check(form, record, true).err().map(|e| e.to_string())
}

fn flag_problem(name: &str, value: i64) -> Option<String> {
    (!matches!(value, 0 | 1)).then(|| format!("{name}只能是0或1"))
}

fn numbers_problem(sort_code: i64, enabled_mark: i64) -> Option<String> {
    check_numbers(&Patch::Value(sort_code), &Patch::Value(enabled_mark)).err().map(|e| e.to_string())
}

fn id_problem(id: &str) -> Option<String> {
    let id = id.trim();
    (id.is_empty() || id.chars().count() > 50 || id.chars().any(char::is_whitespace)).then(|| "ID为空或格式不正确".to_string())
}

/// What a file's item is called in messages, with the menu it belongs to.
fn named(menu: &FileMenu, what: &str, code: &str, why: impl std::fmt::Display) -> AppError {
    if what == "菜单" {
        AppError::bad(format!("菜单“{}”：{why}", menu.en_code.trim()))
    } else {
        AppError::bad(format!("菜单“{}”的{what}“{}”：{why}", menu.en_code.trim(), code.trim()))
    }
}

/// Checks one menu of the file and its items against the forms' rules and the file itself.
fn check_menu(placed: &Placed<'_>, category: &str, ids: &mut HashSet<String>, codes: &mut HashSet<String>) -> Result<(), AppError> {
    let m = &placed.menu.module_entity;
    let bad = |why: String| named(m, "菜单", &m.en_code, why);
    if let Some(p) = id_problem(&m.id) {
        return Err(bad(p));
    }
    let mut record = serde_json::to_value(m).map_err(anyhow::Error::from)?;
    record["parentId"] = json!(placed.parent_id);
    record["category"] = json!(category);
    if let Some(p) = form_problem(Form::Menu, &record) {
        return Err(bad(p));
    }
    let flags = [
        ("isButtonAuthorize", m.is_button_authorize),
        ("isColumnAuthorize", m.is_column_authorize),
        ("isFormAuthorize", m.is_form_authorize),
        ("isDataAuthorize", m.is_data_authorize),
    ];
    if let Some(p) = flags.iter().find_map(|(name, v)| flag_problem(name, *v)).or_else(|| numbers_problem(m.sort_code, m.enabled_mark)) {
        return Err(bad(p));
    }
    if !ids.insert(m.id.trim().to_string()) {
        return Err(bad("ID在文件中重复".into()));
    }
    if !codes.insert(m.en_code.trim().to_string()) {
        return Err(bad("编码在文件中重复".into()));
    }
    Ok(())
}

/// Checks a menu's items: each by its form's rules, ids unique in the whole file (`item_ids`
/// for buttons, columns, form fields and schemes, which share a table; `field_ids` for
/// data-authorize fields), codes unique per kind in the menu, buttons under buttons of the
/// same menu without a cycle, schemes the data scope can read.
fn check_items(f: &MenuFile, item_ids: &mut HashSet<String>, field_ids: &mut HashSet<String>) -> Result<(), AppError> {
    let m = &f.module_entity;
    let unique = |what: &str, id: &str, code: &str, codes: &mut HashSet<String>, ids: &mut HashSet<String>| -> Result<(), AppError> {
        if let Some(p) = id_problem(id) {
            return Err(named(m, what, code, p));
        }
        if !ids.insert(id.trim().to_string()) {
            return Err(named(m, what, code, "ID在文件中重复"));
        }
        if !codes.insert(code.trim().to_string()) {
            return Err(named(m, what, code, "编码在文件中重复"));
        }
        Ok(())
    };
    let mut codes = HashSet::new();
    for b in &f.button_entity_list {
        let mut record = serde_json::to_value(b).map_err(anyhow::Error::from)?;
        record["parentId"] = json!(button_parent(b));
        if let Some(p) = form_problem(Form::ModuleButton, &record).or_else(|| numbers_problem(b.sort_code, b.enabled_mark)) {
            return Err(named(m, "按钮", &b.en_code, p));
        }
        unique("按钮", &b.id, &b.en_code, &mut codes, item_ids)?;
    }
    let buttons: HashSet<&str> = f.button_entity_list.iter().map(|b| b.id.trim()).collect();
    for b in &f.button_entity_list {
        let parent = button_parent(b);
        if parent != TOP && (!buttons.contains(parent) || parent == b.id.trim()) {
            return Err(named(m, "按钮", &b.en_code, "上级按钮不在该菜单中"));
        }
    }
    if let Some(code) = on_cycle(f.button_entity_list.iter().map(|b| (b.id.trim(), button_parent(b), b.en_code.as_str()))) {
        return Err(named(m, "按钮", code, "上级关系有循环"));
    }
    for (what, list) in [("列表字段", &f.column_entity_list), ("表单字段", &f.form_entity_list)] {
        let mut codes = HashSet::new();
        for c in list {
            let record = serde_json::to_value(c).map_err(anyhow::Error::from)?;
            if let Some(p) = form_problem(Form::ModuleField, &record).or_else(|| numbers_problem(c.sort_code, c.enabled_mark)) {
                return Err(named(m, what, &c.en_code, p));
            }
            unique(what, &c.id, &c.en_code, &mut codes, item_ids)?;
        }
    }
    let mut codes = HashSet::new();
    for d in &f.authorize_entity_list {
        let record = serde_json::to_value(d).map_err(anyhow::Error::from)?;
        let problem = form_problem(Form::DataAuthorize, &record)
            .or_else(|| numbers_problem(d.sort_code, d.enabled_mark))
            .or_else(|| check_symbols(&Patch::Value(d.condition_symbol.clone())).err().map(|e| e.to_string()));
        if let Some(p) = problem {
            return Err(named(m, "数据权限字段", &d.en_code, p));
        }
        unique("数据权限字段", &d.id, &d.en_code, &mut codes, field_ids)?;
    }
    let mut codes = HashSet::new();
    for s in &f.scheme_entity_list {
        let record = serde_json::to_value(s).map_err(anyhow::Error::from)?;
        let problem = form_problem(Form::DataScheme, &record)
            .or_else(|| numbers_problem(s.sort_code, s.enabled_mark))
            .or_else(|| check_scheme(&scheme_condition(s)));
        if let Some(p) = problem {
            return Err(named(m, "数据权限方案", &s.en_code, p));
        }
        unique("数据权限方案", &s.id, &s.en_code, &mut codes, item_ids)?;
    }
    Ok(())
}

fn button_parent(b: &FileButton) -> &str {
    match b.parent_id.trim() {
        "" => TOP,
        p => p,
    }
}

/// A scheme's condition as stored: `[]` (every row) when the file has none.
fn scheme_condition(s: &FileScheme) -> String {
    match s.condition_json.trim() {
        "" => "[]".to_string(),
        text => text.to_string(),
    }
}

/// POST Menu/{systemId}/Action/Import: a `.bm` file as exported, under `parent_id` ('-1' the
/// top) of the application, on the page's tab `category` (Web or App, which must be the
/// file's). Answers how many menus were stored.
pub async fn import(
    state: &AppState,
    permit: &Permit<AddMenu>,
    system_id: &str,
    parent_id: Option<&str>,
    category: Option<&str>,
    file_name: &str,
    bytes: &[u8],
) -> Result<usize, AppError> {
    let file: MenuFile = FILE.read(file_name, bytes)?;
    let file_category = match file.module_entity.category.trim() {
        "" => "Web",
        c => c,
    };
    if let Some(wanted) = category.map(str::trim).filter(|c| !c.is_empty())
        && wanted != file_category
    {
        return Err(AppError::bad(format!("当前导入菜单为{file_category}端菜单，请在对应模块下导入！")));
    }
    let parent_id = parent_id.map(str::trim).filter(|p| !p.is_empty()).unwrap_or(TOP);
    let mut placed = Vec::new();
    flatten(&file, parent_id, &mut placed);

    // The file by itself.
    let (mut menu_ids, mut menu_codes) = (HashSet::new(), HashSet::new());
    let (mut item_ids, mut field_ids) = (HashSet::new(), HashSet::new());
    for p in &placed {
        check_menu(p, file_category, &mut menu_ids, &mut menu_codes)?;
        check_items(p.menu, &mut item_ids, &mut field_ids)?;
    }

    // Against this database, and stored in one transaction.
    let mut tx = state.db.begin().await?;
    let system = repo::system(&mut tx, permit.scope(), system_id).await?.ok_or_else(|| AppError::not_found("应用不存在"))?;
    check_parent(&mut tx, permit, parent_id, &system.id).await?;
    let ids: Vec<String> = menu_ids.into_iter().collect();
    let codes: Vec<String> = menu_codes.into_iter().collect();
    let taken_ids: HashSet<String> = repo::taken_menu_ids(&mut tx, &ids).await?.into_iter().collect();
    let taken_codes: HashSet<String> = repo::taken_menu_codes(&mut tx, &codes).await?.into_iter().collect();
    for p in &placed {
        let m = &p.menu.module_entity;
        let clash: Vec<&str> = [("ID", taken_ids.contains(m.id.trim())), ("编码", taken_codes.contains(m.en_code.trim()))]
            .into_iter()
            .filter_map(|(what, taken)| taken.then_some(what))
            .collect();
        if !clash.is_empty() {
            return Err(named(m, "菜单", &m.en_code, format!("{}已存在，不能重复导入", clash.join("、"))));
        }
    }
    let item_ids: Vec<String> = item_ids.into_iter().collect();
    let field_ids: Vec<String> = field_ids.into_iter().collect();
    let taken_items: HashSet<String> = repo::taken_item_ids(&mut tx, &item_ids).await?.into_iter().collect();
    let taken_fields: HashSet<String> = repo::taken_field_ids(&mut tx, &field_ids).await?.into_iter().collect();
    for p in &placed {
        let f = p.menu;
        let m = &f.module_entity;
        let items = f.button_entity_list.iter().map(|b| ("按钮", b.id.trim(), b.en_code.as_str()));
        let items = items.chain(f.column_entity_list.iter().map(|c| ("列表字段", c.id.trim(), c.en_code.as_str())));
        let items = items.chain(f.form_entity_list.iter().map(|c| ("表单字段", c.id.trim(), c.en_code.as_str())));
        let mut items = items.chain(f.scheme_entity_list.iter().map(|s| ("数据权限方案", s.id.trim(), s.en_code.as_str())));
        if let Some((what, _, code)) = items.find(|(_, id, _)| taken_items.contains(*id)) {
            return Err(named(m, what, code, "ID已存在，不能重复导入"));
        }
        if let Some(d) = f.authorize_entity_list.iter().find(|d| taken_fields.contains(d.id.trim())) {
            return Err(named(m, "数据权限字段", &d.en_code, "ID已存在，不能重复导入"));
        }
    }

    let now = state.clock.now_ms();
    let user = &permit.caller().user_id;
    for p in &placed {
        store(&mut tx, p, &system.id, file_category, user, now).await?;
    }
    tx.commit().await?;
    Ok(placed.len())
}

/// Stores one menu of the file with its items.
async fn store(conn: &mut Conn, p: &Placed<'_>, system_id: &str, category: &str, user: &str, now: i64) -> Result<(), AppError> {
    let f = p.menu;
    let m = &f.module_entity;
    let link_target = match m.link_target.trim() {
        "" if m.menu_type == 6 => "_blank",
        "" => "_self",
        t => t,
    };
    let property_json = match m.property_json.trim() {
        "" => "{}",
        j => j,
    };
    let menu = NewMenu {
        parent_id: &p.parent_id,
        system_id,
        full_name: m.full_name.trim(),
        en_code: m.en_code.trim(),
        icon: m.icon.trim(),
        menu_type: m.menu_type,
        url_address: m.url_address.trim(),
        link_target,
        category,
        property_json,
        sort_code: m.sort_code,
        enabled_mark: m.enabled_mark,
        description: m.description.trim(),
        authorize: [m.is_button_authorize, m.is_column_authorize, m.is_form_authorize, m.is_data_authorize],
    };
    crud::insert(&Menus, conn, m.id.trim(), menu.columns(), user, now).await?;
    let module_id = m.id.trim();
    for b in &f.button_entity_list {
        let columns = [("parent_id", button_parent(b).into()), ("full_name", b.full_name.trim().into()), ("en_code", b.en_code.trim().into()), ("icon", b.icon.trim().into())];
        store_item(conn, Kind::Button, &b.id, module_id, columns.into_iter().chain(listed(b.sort_code, b.enabled_mark, &b.description)), user, now).await?;
    }
    for (kind, list) in [(Kind::Column, &f.column_entity_list), (Kind::Form, &f.form_entity_list)] {
        for c in list {
            let columns = [
                ("full_name", c.full_name.trim().into()),
                ("en_code", c.en_code.trim().into()),
                ("bind_table", c.bind_table.trim().into()),
                ("bind_table_name", c.bind_table_name.trim().into()),
                ("field_rule", c.field_rule.into()),
                ("child_table_key", c.child_table_key.trim().into()),
            ];
            store_item(conn, kind, &c.id, module_id, columns.into_iter().chain(listed(c.sort_code, c.enabled_mark, &c.description)), user, now).await?;
        }
    }
    for s in &f.scheme_entity_list {
        let columns = [
            ("full_name", s.full_name.trim().into()),
            ("en_code", s.en_code.trim().into()),
            ("condition_json", scheme_condition(s).into()),
            ("condition_text", s.condition_text.trim().into()),
        ];
        store_item(conn, Kind::Scheme, &s.id, module_id, columns.into_iter().chain(listed(s.sort_code, s.enabled_mark, &s.description)), user, now).await?;
    }
    for d in &f.authorize_entity_list {
        let columns = [
            ("module_id", module_id.into()),
            ("en_code", d.en_code.trim().into()),
            ("full_name", d.full_name.trim().into()),
            ("type", d.field_type.trim().into()),
            ("condition_symbol", d.condition_symbol.trim().into()),
            ("condition_text", d.condition_text.trim().into()),
            ("bind_table", d.bind_table.trim().into()),
            ("field_rule", d.field_rule.into()),
            ("child_table_key", d.child_table_key.trim().into()),
        ];
        let columns = columns.into_iter().chain(listed(d.sort_code, d.enabled_mark, &d.description)).collect();
        crud::insert(&Fields, conn, d.id.trim(), columns, user, now).await?;
    }
    Ok(())
}

/// The columns every record of the file ends with.
fn listed(sort_code: i64, enabled_mark: i64, description: &str) -> [(&'static str, Arg); 3] {
    [("sort_code", sort_code.into()), ("enabled_mark", enabled_mark.into()), ("description", description.trim().into())]
}

/// Stores an item of a kind of the menu `module_id` under its id in the file.
async fn store_item(
    conn: &mut Conn,
    kind: Kind,
    id: &str,
    module_id: &str,
    columns: impl Iterator<Item = (&'static str, Arg)>,
    user: &str,
    now: i64,
) -> Result<(), AppError> {
    let columns = [("module_id", module_id.into()), ("kind", kind.code().into())].into_iter().chain(columns).collect();
    crud::insert(&kind, conn, id.trim(), columns, user, now).await
}
