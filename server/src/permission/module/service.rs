//! Applications, menus and their permission items: the rules of jnpf-wire-areas.md §1.8. Form
//! fields are checked by core's entity rules (the web runs the same through WASM); here are
//! the rules that need the database: a system or menu exists, a parent is in the same system
//! and never the menu itself or below it, the main system is never deleted or disabled,
//! nothing is deleted while something hangs below it, and a scheme's condition is one the
//! data scope can read (access::scope::check_scheme).

use super::dto::{
    AuthorizeFieldForm, AuthorizeFieldInfo, BatchForm, ButtonInfo, FieldInfo, ItemForm, MenuForm, MenuInfo, MenuQuery, PickerNode,
    SchemeInfo, SystemForm, SystemInfo, SystemQuery,
};
pub use super::repo::Kind;
use super::repo::{self, FieldRow, Fields, ItemRow, MenuRow, Menus, NewMenu, Systems};
use super::{AddMenu, EditMenu, RemoveMenu, ViewMenu};
use crate::state::AppState;
use crate::access::scope::{Op, check_scheme};
use crate::access::{Member, Permit};
use crate::crud::{self, Refusal};
use crate::db::{Conn, Keyword};
use crate::error::AppError;
use crate::permission::forms::{Columns, check, check_numbers, number, text};
use crate::support::new_id;
use crate::support::tree::{nest, prune, subtree};
use crate::wire::Patch;
use qiming_core::entity::Form;
use serde_json::{Map, Value};
use std::future::Future;

const SYSTEM_MISSING: &str = "应用不存在";
const MENU_MISSING: &str = "菜单不存在";
/// The top of a system's menus and of a menu's buttons.
const TOP: &str = "-1";

// ---- Applications ---------------------------------------------------------------------------

/// JSON sent as text or as a value, as the text to store.
fn json_text(p: &Patch<Value>, default: &str) -> Option<String> {
    match p {
        Patch::Value(Value::String(s)) if s.trim().is_empty() => Some(default.to_string()),
        Patch::Value(Value::String(s)) => Some(s.trim().to_string()),
        Patch::Value(v) => Some(v.to_string()),
        Patch::Null => Some(default.to_string()),
        Patch::Absent => None,
    }
}

fn check_flag(field: &'static str, p: &Patch<i64>) -> Result<(), AppError> {
    match p {
        Patch::Value(0 | 1) | Patch::Absent | Patch::Null => Ok(()),
        _ => Err(AppError::field(field, format!("{field}只能是0或1"))),
    }
}

/// GET System: every application, in sort order.
pub async fn systems(state: &AppState, permit: &Permit<ViewMenu>, q: SystemQuery) -> Result<Vec<SystemInfo>, AppError> {
    let mut conn = state.db.acquire().await?;
    let keyword = Keyword::parse(q.keyword.as_deref());
    Ok(repo::systems(&mut conn, permit.scope(), keyword.as_ref(), q.enabled_mark).await?)
}


/// POST System.
fn system_columns(form: &SystemForm) -> Columns {
    Columns::new()
        .text("full_name", &form.full_name)
        .text("en_code", &form.en_code)
        .text("icon", &form.icon)
        .listed(&form.sort_code, &form.enabled_mark, &form.description)
        .value("property_json", json_text(&form.property_json, "{}"))
}





// ---- Menus ----------------------------------------------------------------------------------

fn category(q: Option<&str>) -> Option<&str> {
    q.map(str::trim).filter(|c| !c.is_empty())
}

fn menu_tree(rows: Vec<MenuRow>) -> Vec<MenuInfo> {
    nest(rows, |m| &m.id, |m| &m.parent_id, |m, children| {
        m.has_children = !children.is_empty();
        m.children = children;
    })
}

/// GET Menu/ModuleBySystem/{systemId}: the system's menus as a tree; a keyword keeps the
/// matching menus with their ancestors.
pub async fn module_by_system(state: &AppState, permit: &Permit<ViewMenu>, system_id: &str, q: MenuQuery) -> Result<Vec<MenuInfo>, AppError> {
    let mut conn = state.db.acquire().await?;
    let system = crud::found(&Systems, &mut conn, permit.scope(), system_id).await?;
    let rows = repo::menus(&mut conn, permit.scope(), Some(&system.id), category(q.category.as_deref())).await?;
    let tree = menu_tree(rows);
    Ok(match Keyword::parse(q.keyword.as_deref()) {
        None => tree,
        Some(k) => prune(tree, &|m: &MenuInfo| k.matches(&m.full_name) || k.matches(&m.en_code), &|m: &mut MenuInfo| &mut m.children),
    })
}

/// Directories (types 0 and 1) are what menus hang under.
fn is_directory(menu_type: i64) -> bool {
    matches!(menu_type, 0 | 1)
}

fn picker(rows: Vec<MenuRow>) -> Vec<PickerNode> {
    let nodes = rows
        .into_iter()
        .map(|m| PickerNode {
            id: m.id,
            parent_id: m.parent_id,
            full_name: m.full_name,
            en_code: m.en_code,
            icon: m.icon,
            menu_type: m.menu_type,
            has_children: false,
            children: Vec::new(),
        })
        .collect();
    nest(nodes, |n| &n.id, |n| &n.parent_id, |n, children| {
        n.has_children = !children.is_empty();
        n.children = children;
    })
}

/// GET Menu/Selector/{id}/{systemId}: the directories a menu may hang under (the client puts
/// them under its own 顶级节点 '-1'), without the menu being edited and what is below it.
/// systemId '0': every system's.
pub async fn selector(state: &AppState, permit: &Permit<ViewMenu>, editing: &str, system_id: &str, category_q: Option<&str>) -> Result<Vec<PickerNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let system = if system_id == "0" { None } else { Some(system_id) };
    let rows = repo::menus(&mut conn, permit.scope(), system, category(category_q)).await?;
    let below = subtree(rows.iter().map(|m| (m.id.as_str(), m.parent_id.as_str())), editing);
    let rows = rows.into_iter().filter(|m| is_directory(m.menu_type) && !below.contains(&m.id)).collect();
    Ok(picker(rows))
}

/// GET Menu/Selector/All: every enabled menu of every system (the portal designer's picker).
pub async fn selector_all(state: &AppState, _caller: &Member, category_q: Option<&str>) -> Result<Vec<PickerNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    Ok(picker(repo::enabled_menus(&mut conn, category(category_q)).await?))
}


fn check_menu_flags(form: &MenuForm) -> Result<(), AppError> {
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    check_flag("isButtonAuthorize", &form.is_button_authorize)?;
    check_flag("isColumnAuthorize", &form.is_column_authorize)?;
    check_flag("isFormAuthorize", &form.is_form_authorize)?;
    check_flag("isDataAuthorize", &form.is_data_authorize)
}

/// A parent must be the top or a menu of the same system.
pub(super) async fn check_parent(conn: &mut Conn, permit: &Permit<impl crate::access::Action>, parent: &str, system_id: &str) -> Result<(), AppError> {
    if parent == TOP {
        return Ok(());
    }
    match repo::menu(conn, permit.scope(), parent).await? {
        Some(p) if p.system_id == system_id => Ok(()),
        _ => Err(AppError::field("parentId", "上级菜单不存在")),
    }
}

/// Pages, forms and dictionaries have their permission items on by default (the client's
/// rule for types 2, 3 and 4); screens open in a new window.
fn default_authorize(menu_type: i64) -> i64 {
    matches!(menu_type, 2..=4) as i64
}


/// What an update ends with for the rules that depend on the type: the fields sent, and with
/// any of type, address or propertyJson the stored values of the others, so that core checks
/// the address and the related module against the type the menu will have.
fn menu_change(form: &MenuForm, stored: &MenuRow) -> Result<Map<String, Value>, AppError> {
    let Value::Object(mut sent) = serde_json::to_value(form).map_err(anyhow::Error::from)? else { return Ok(Map::new()) };
    if ["type", "urlAddress", "propertyJson"].iter().any(|k| sent.contains_key(*k)) {
        sent.entry("type").or_insert_with(|| stored.menu_type.into());
        sent.entry("urlAddress").or_insert_with(|| stored.url_address.clone().into());
        sent.entry("propertyJson").or_insert_with(|| stored.property_json.clone().into());
    }
    Ok(sent)
}




// ---- A menu's permission items --------------------------------------------------------------

/// The form core checks an item of a kind with.
fn form_of(kind: Kind) -> Form {
    match kind {
        Kind::Button => Form::ModuleButton,
        Kind::Column | Kind::Form => Form::ModuleField,
        Kind::Scheme => Form::DataScheme,
    }
}

impl From<ItemRow> for ButtonInfo {
    fn from(i: ItemRow) -> ButtonInfo {
        ButtonInfo {
            id: i.id,
            module_id: i.module_id,
            parent_id: i.parent_id,
            full_name: i.full_name,
            en_code: i.en_code,
            icon: i.icon,
            sort_code: i.sort_code,
            enabled_mark: i.enabled_mark,
            description: i.description,
            has_children: false,
            children: Vec::new(),
        }
    }
}

impl From<ItemRow> for FieldInfo {
    fn from(i: ItemRow) -> FieldInfo {
        FieldInfo {
            id: i.id,
            module_id: i.module_id,
            bind_table: i.bind_table,
            bind_table_name: i.bind_table_name,
            en_code: i.en_code,
            full_name: i.full_name,
            sort_code: i.sort_code,
            enabled_mark: i.enabled_mark,
            description: i.description,
            field_rule: i.field_rule,
            child_table_key: i.child_table_key,
        }
    }
}

impl From<ItemRow> for SchemeInfo {
    fn from(i: ItemRow) -> SchemeInfo {
        SchemeInfo {
            id: i.id,
            module_id: i.module_id,
            en_code: i.en_code,
            full_name: i.full_name,
            condition_json: i.condition_json,
            condition_text: i.condition_text,
            sort_code: i.sort_code,
            enabled_mark: i.enabled_mark,
            description: i.description,
        }
    }
}

async fn menu_of(conn: &mut Conn, permit: &Permit<impl crate::access::Action>, module_id: &str) -> Result<MenuRow, AppError> {
    crud::found(&Menus, conn, permit.scope(), module_id).await
}

/// A menu's items of a kind, in sort order, with a keyword on name and code.
pub async fn items(state: &AppState, permit: &Permit<ViewMenu>, kind: Kind, module_id: &str, keyword: Option<&str>) -> Result<Vec<ItemRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let menu = menu_of(&mut conn, permit, module_id).await?;
    repo::items(&mut conn, permit.scope(), &menu.id, kind.code(), Keyword::parse(keyword).as_ref()).await
}

fn button_tree(rows: Vec<ItemRow>) -> Vec<ButtonInfo> {
    nest(rows.into_iter().map(ButtonInfo::from).collect(), |b| &b.id, |b| &b.parent_id, |b, children| {
        b.has_children = !children.is_empty();
        b.children = children;
    })
}

/// GET ModuleButton/{moduleId}/List: the menu's buttons as a tree; a keyword keeps the
/// matching buttons with those above them.
pub async fn buttons(state: &AppState, permit: &Permit<ViewMenu>, module_id: &str, keyword: Option<&str>) -> Result<Vec<ButtonInfo>, AppError> {
    let rows = items(state, permit, Kind::Button, module_id, None).await?;
    let tree = button_tree(rows);
    Ok(match Keyword::parse(keyword) {
        None => tree,
        Some(k) => prune(tree, &|b: &ButtonInfo| k.matches(&b.full_name) || k.matches(&b.en_code), &|b: &mut ButtonInfo| &mut b.children),
    })
}

/// GET ModuleButton/{moduleId}/Selector: the buttons a button may hang under (the client
/// puts them under its '-1').
pub async fn button_selector(state: &AppState, permit: &Permit<ViewMenu>, module_id: &str) -> Result<Vec<ButtonInfo>, AppError> {
    Ok(button_tree(items(state, permit, Kind::Button, module_id, None).await?))
}

/// One item of a kind.
pub async fn item(state: &AppState, permit: &Permit<ViewMenu>, kind: Kind, id: &str) -> Result<ItemRow, AppError> {
    let mut conn = state.db.acquire().await?;
    crud::found(&kind, &mut conn, permit.scope(), id).await
}

/// A scheme's condition as the text to store: complete (core's `scheme::check_condition`, the
/// condition builder's rules) and JSON the data scope can read (access::scope::check_scheme);
/// `[]` (every row) when none is sent.
fn condition(kind: Kind, sent: &Patch<Value>) -> Result<Option<String>, AppError> {
    if kind != Kind::Scheme {
        return Ok(None);
    }
    let Some(text) = json_text(sent, "[]") else { return Ok(None) };
    // The condition builder's rules (core, which the web runs first), by where each problem is.
    let problems = qiming_core::scheme::check_condition(&Value::String(text.clone()));
    if !problems.is_empty() {
        return Err(AppError::fields(problems.into_iter().map(|(f, m)| (f, m.into_iter().map(|m| m.text).collect())).collect()));
    }
    if let Some(problem) = check_scheme(&text) {
        return Err(AppError::field("conditionJson", problem));
    }
    Ok(Some(text))
}

/// A button's parent: the top or a button of the same menu.
async fn check_button_parent(conn: &mut Conn, permit: &Permit<impl crate::access::Action>, parent: &str, module_id: &str) -> Result<(), AppError> {
    if parent == TOP {
        return Ok(());
    }
    match repo::item(conn, permit.scope(), "button", parent).await? {
        Some(p) if p.module_id == module_id => Ok(()),
        _ => Err(AppError::field("parentId", "上级按钮不存在")),
    }
}

/// What an item's form checks: the fields sent and, when the rule is sent, the stored
/// sub-table key (a field bound to a sub-table names it).
fn item_change(form: &ItemForm, stored: Option<&ItemRow>) -> Result<Map<String, Value>, AppError> {
    let Value::Object(mut sent) = serde_json::to_value(form).map_err(anyhow::Error::from)? else { return Ok(Map::new()) };
    if let Some(stored) = stored
        && sent.contains_key("fieldRule")
    {
        sent.entry("childTableKey").or_insert_with(|| stored.child_table_key.clone().into());
    }
    Ok(sent)
}

/// The columns an item's form sets, by its kind: a button's parent and icon, a field's table,
/// rule and sub-table, a scheme's condition; then name, code, sort code, state and description
/// (the other columns keep their defaults).
fn item_columns(kind: Kind, form: &ItemForm, parent_id: Option<String>, condition_json: Option<String>) -> Columns {
    let columns = Columns::new().value("parent_id", parent_id).text("full_name", &form.full_name).text("en_code", &form.en_code);
    let columns = match kind {
        Kind::Button => columns.text("icon", &form.icon),
        Kind::Column | Kind::Form => columns
            .text("bind_table", &form.bind_table)
            .text("bind_table_name", &form.bind_table_name)
            .number("field_rule", &form.field_rule, 0)
            .text("child_table_key", &form.child_table_key),
        Kind::Scheme => columns.value("condition_json", condition_json).text("condition_text", &form.condition_text),
    };
    columns.listed(&form.sort_code, &form.enabled_mark, &form.description)
}

/// POST ModuleButton, ModuleColumn, ModuleForm, ModuleDataAuthorizeScheme.
pub async fn create_item(state: &AppState, permit: &Permit<AddMenu>, kind: Kind, form: ItemForm) -> Result<String, AppError> {
    let mut record = item_change(&form, None)?;
    if kind == Kind::Button {
        record.entry("parentId").or_insert_with(|| TOP.into());
    }
    check(form_of(kind), &record, true)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    // A scheme without a condition applies to every row.
    let condition_json = condition(kind, &form.condition_json)?.or_else(|| (kind == Kind::Scheme).then(|| "[]".to_string()));
    let mut tx = state.db.begin().await?;
    let menu = menu_of(&mut tx, permit, &text(&form.module_id)).await.map_err(|_| AppError::field("moduleId", MENU_MISSING))?;
    let mut parent_id = None;
    if kind == Kind::Button {
        let parent = Some(text(&form.parent_id)).filter(|p| !p.is_empty()).unwrap_or_else(|| TOP.into());
        check_button_parent(&mut tx, permit, &parent, &menu.id).await?;
        parent_id = Some(parent);
    }
    let id = new_id();
    let columns = item_columns(kind, &form, parent_id, condition_json).value("module_id", Some(menu.id)).value("kind", Some(kind.code())).created();
    crud::insert(&kind, &mut tx, &id, columns, &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(id)
}

/// PUT ModuleButton/{id} (and the others): only what is sent changes; an item stays on its
/// menu, and a button never moves below itself.
pub async fn update_item(state: &AppState, permit: &Permit<EditMenu>, kind: Kind, id: &str, form: ItemForm) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let found = crud::found(&kind, &mut tx, permit.scope(), id).await?;
    check(form_of(kind), &item_change(&form, Some(&found))?, false)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let condition_json = condition(kind, &form.condition_json)?;
    let mut parent_id = None;
    if kind == Kind::Button
        && let Patch::Value(parent) = &form.parent_id
    {
        let parent = parent.trim();
        let rows = repo::items(&mut tx, permit.scope(), &found.module_id, "button", None).await?;
        if subtree(rows.iter().map(|b| (b.id.as_str(), b.parent_id.as_str())), &found.id).contains(parent) {
            return Err(AppError::field("parentId", "上级按钮不能是自己或自己的下级"));
        }
        check_button_parent(&mut tx, permit, parent, &found.module_id).await?;
        parent_id = Some(parent);
    }
    let columns = item_columns(kind, &form, parent_id.map(str::to_string), condition_json).changed();
    crud::update(&kind, &mut tx, &found.id, columns, &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    // What everyone may see may have changed: their pages reload their menus (CHAT-030).
    state.live.publish(crate::live::Event::menus_changed(&permit.caller().user_id));
    Ok(())
}

/// PUT …/{id}/Actions/State: enabled ⇄ disabled (a disabled item is granted to nobody).
pub async fn toggle_item(state: &AppState, permit: &Permit<EditMenu>, kind: Kind, id: &str) -> Result<(), AppError> {
    crud::toggle(&kind, state, permit.scope(), &permit.caller().user_id, id).await?;
    // What everyone may see may have changed: their pages reload their menus (CHAT-030).
    state.live.publish(crate::live::Event::menus_changed(&permit.caller().user_id));
    Ok(())
}

/// DELETE …/{id}: a button is refused while buttons hang below it; the item's grants go
/// with it.
pub async fn delete_item(state: &AppState, permit: &Permit<RemoveMenu>, kind: Kind, id: &str) -> Result<(), AppError> {
    let below: &[Refusal] = if kind == Kind::Button { &[Refusal { count: repo::BUTTON_CHILDREN, message: "该按钮下有子按钮，不能删除" }] } else { &[] };
    crud::delete(&kind, state, permit.scope(), id, below).await?;
    // What everyone may see may have changed: their pages reload their menus (CHAT-030).
    state.live.publish(crate::live::Event::menus_changed(&permit.caller().user_id));
    Ok(())
}

/// POST ModuleColumn/Actions/Batch (`columnJson`), ModuleForm/Actions/Batch (`formJson`):
/// every field checked first, then all stored in one transaction (a bad row stores nothing
/// and the message names it).
pub async fn batch(state: &AppState, permit: &Permit<AddMenu>, kind: Kind, form: BatchForm) -> Result<usize, AppError> {
    let fields = if kind == Kind::Column { form.column_json } else { form.form_json };
    if fields.is_empty() {
        return Err(AppError::bad("请选择字段"));
    }
    for (n, f) in fields.iter().enumerate() {
        let Value::Object(mut record) = serde_json::to_value(f).map_err(anyhow::Error::from)? else { continue };
        record.entry("fieldRule").or_insert_with(|| 0.into());
        let problems = qiming_core::entity::check(form_of(kind), &record, true);
        if let Some((_, messages)) = problems.into_iter().next()
            && let Some(m) = messages.into_iter().next()
        {
            return Err(AppError::bad(format!("第{}行：{}", n + 1, m.text)));
        }
    }
    let mut tx = state.db.begin().await?;
    let menu = menu_of(&mut tx, permit, form.module_id.trim()).await.map_err(|_| AppError::field("moduleId", MENU_MISSING))?;
    let table = form.bind_table.as_deref().unwrap_or("").trim().to_string();
    let table_name = form.bind_table_name.as_deref().unwrap_or("").trim().to_string();
    let now = state.clock.now_ms();
    for (n, f) in fields.iter().enumerate() {
        let id = new_id();
        let bind_table = match text(&f.bind_table) {
            t if t.is_empty() => table.clone(),
            t => t,
        };
        let columns = vec![
            ("module_id", menu.id.as_str().into()),
            ("kind", kind.code().into()),
            ("full_name", text(&f.full_name).into()),
            ("en_code", text(&f.en_code).into()),
            ("sort_code", (n as i64).into()),
            ("bind_table", bind_table.into()),
            ("bind_table_name", table_name.as_str().into()),
            ("field_rule", number(&f.field_rule, 0).into()),
            ("child_table_key", text(&f.child_table_key).into()),
        ];
        crud::insert(&kind, &mut tx, &id, columns, &permit.caller().user_id, now).await?;
    }
    tx.commit().await?;
    Ok(fields.len())
}

// ---- Data-authorize fields ------------------------------------------------------------------


fn symbol_name(op: &str) -> &'static str {
    match op {
        "Equal" => "等于",
        "NotEqual" => "不等于",
        "GreaterThan" => "大于",
        "GreaterThanOrEqual" => "大于等于",
        "LessThan" => "小于",
        "LessThanOrEqual" => "小于等于",
        "Included" => "包含",
        "NotIncluded" => "不包含",
        "IsNull" => "为空",
        "IsNotNull" => "不为空",
        _ => "",
    }
}

/// A data-authorize field with its symbols' names.
fn authorize_field(mut f: FieldRow) -> AuthorizeFieldInfo {
    f.condition_symbol_name = f.condition_symbol.split(',').map(str::trim).filter(|s| !s.is_empty()).map(symbol_name).collect::<Vec<_>>().join(",");
    f
}

/// The comparison symbols are those the data scope knows (access::scope::Op).
pub(super) fn check_symbols(sent: &Patch<String>) -> Result<(), AppError> {
    if let Patch::Value(csv) = sent {
        for symbol in csv.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            if serde_json::from_value::<Op>(Value::String(symbol.to_string())).is_err() {
                return Err(AppError::field("conditionSymbol", format!("条件符号不正确：{symbol}")));
            }
        }
    }
    Ok(())
}

/// GET ModuleDataAuthorize/{moduleId}/List.
pub async fn authorize_fields(state: &AppState, permit: &Permit<ViewMenu>, module_id: &str) -> Result<Vec<AuthorizeFieldInfo>, AppError> {
    let mut conn = state.db.acquire().await?;
    let menu = menu_of(&mut conn, permit, module_id).await?;
    Ok(repo::fields(&mut conn, permit.scope(), &menu.id).await?.into_iter().map(authorize_field).collect())
}


/// The columns a data-authorize field's form sets.
fn field_columns(form: &AuthorizeFieldForm) -> Columns {
    Columns::new()
        .text("en_code", &form.en_code)
        .text("full_name", &form.full_name)
        .text("type", &form.field_type)
        .text("condition_symbol", &form.condition_symbol)
        .text("condition_text", &form.condition_text)
        .text("bind_table", &form.bind_table)
        .number("field_rule", &form.field_rule, 0)
        .text("child_table_key", &form.child_table_key)
        .listed(&form.sort_code, &form.enabled_mark, &form.description)
}

fn field_change(form: &AuthorizeFieldForm, stored: Option<&FieldRow>) -> Result<Map<String, Value>, AppError> {
    let Value::Object(mut sent) = serde_json::to_value(form).map_err(anyhow::Error::from)? else { return Ok(Map::new()) };
    if let Some(stored) = stored
        && sent.contains_key("fieldRule")
    {
        sent.entry("childTableKey").or_insert_with(|| stored.child_table_key.clone().into());
    }
    Ok(sent)
}




// ---- The rows of the page, as the generic handlers serve them -------------------------------

/// One kind of row the menu page administers — applications, menus, and each kind of a menu's
/// items (buttons, list columns, form fields, data-permission schemes, data-authorize fields) —
/// as the one set of handlers (`handlers::administered!`) serves its form: create, read one,
/// change, delete, and switch its state. Each kind's rules stay in the functions above.
pub trait Administered {
    /// What POST and PUT send.
    type Form;
    /// What GET …/{id} answers.
    type Info;
    fn create(state: &AppState, permit: &Permit<AddMenu>, form: Self::Form) -> impl Future<Output = Result<String, AppError>> + Send;
    fn info(state: &AppState, permit: &Permit<ViewMenu>, id: &str) -> impl Future<Output = Result<Self::Info, AppError>> + Send;
    fn update(state: &AppState, permit: &Permit<EditMenu>, id: &str, form: Self::Form) -> impl Future<Output = Result<(), AppError>> + Send;
    fn delete(state: &AppState, permit: &Permit<RemoveMenu>, id: &str) -> impl Future<Output = Result<(), AppError>> + Send;
}

/// A kind whose rows have a state switch (every kind but data-authorize fields).
pub trait Switched: Administered {
    fn toggle(state: &AppState, permit: &Permit<EditMenu>, id: &str) -> impl Future<Output = Result<(), AppError>> + Send;
}

/// Applications (base_system).
pub struct Applications;

impl Administered for Applications {
    type Form = SystemForm;
    type Info = SystemInfo;
    async fn create(state: &AppState, permit: &Permit<AddMenu>, form: SystemForm) -> Result<String, AppError> {
        check(Form::System, &form, true)?;
        check_numbers(&form.sort_code, &form.enabled_mark)?;
        let id = new_id();
        let mut tx = state.db.begin().await?;
        let mut columns = system_columns(&form).value("is_main", Some(0)).created();
        if form.property_json.is_absent() {
            columns.push(("property_json", "{}".into()));
        }
        crud::insert(&Systems, &mut tx, &id, columns, &permit.caller().user_id, state.clock.now_ms()).await?;
        tx.commit().await?;
        Ok(id)
    }
    /// GET System/{id}.
    async fn info(state: &AppState, permit: &Permit<ViewMenu>, id: &str) -> Result<SystemInfo, AppError> {
        let mut conn = state.db.acquire().await?;
        crud::found(&Systems, &mut conn, permit.scope(), id).await
    }
    /// PUT System/{id}: only what is sent changes; the main system stays enabled.
    async fn update(state: &AppState, permit: &Permit<EditMenu>, id: &str, form: SystemForm) -> Result<(), AppError> {
        check(Form::System, &form, false)?;
        check_numbers(&form.sort_code, &form.enabled_mark)?;
        let mut tx = state.db.begin().await?;
        let found = crud::found(&Systems, &mut tx, permit.scope(), id).await?;
        if found.is_main == 1 && form.enabled_mark == Patch::Value(0) {
            return Err(AppError::field("enabledMark", "主系统不能禁用"));
        }
        crud::update(&Systems, &mut tx, &found.id, system_columns(&form).changed(), &permit.caller().user_id, state.clock.now_ms()).await?;
        tx.commit().await?;
        // What everyone may see may have changed: their pages reload their menus (CHAT-030).
        state.live.publish(crate::live::Event::menus_changed(&permit.caller().user_id));
        Ok(())
    }
    /// DELETE System/{id}: never the main system, nor one that still has menus.
    async fn delete(state: &AppState, permit: &Permit<RemoveMenu>, id: &str) -> Result<(), AppError> {
        let mut tx = state.db.begin().await?;
        let found = crud::found(&Systems, &mut tx, permit.scope(), id).await?;
        if found.is_main == 1 {
            return Err(AppError::bad("主系统不能删除"));
        }
        crud::refuse(&mut tx, &found.id, &[Refusal { count: repo::SYSTEM_MENUS, message: "该应用下有菜单，不能删除" }]).await?;
        crud::remove(&Systems, &mut tx, &found.id).await?;
        tx.commit().await?;
        // What everyone may see may have changed: their pages reload their menus (CHAT-030).
        state.live.publish(crate::live::Event::menus_changed(&permit.caller().user_id));
        Ok(())
    }
}

impl Switched for Applications {
    /// PUT System/{id}/Actions/State: enabled ⇄ disabled; the main system stays enabled.
    async fn toggle(state: &AppState, permit: &Permit<EditMenu>, id: &str) -> Result<(), AppError> {
        let mut tx = state.db.begin().await?;
        let found = crud::found(&Systems, &mut tx, permit.scope(), id).await?;
        if found.is_main == 1 && found.enabled_mark == 1 {
            return Err(AppError::bad("主系统不能禁用"));
        }
        crud::switch(&Systems, &mut tx, &found.id, &permit.caller().user_id, state.clock.now_ms()).await?;
        tx.commit().await?;
        // What everyone may see may have changed: their pages reload their menus (CHAT-030).
        state.live.publish(crate::live::Event::menus_changed(&permit.caller().user_id));
        Ok(())
    }
}

/// Menus (base_module).
pub struct MenuPages;

impl Administered for MenuPages {
    type Form = MenuForm;
    type Info = MenuInfo;
    /// POST Menu.
    async fn create(state: &AppState, permit: &Permit<AddMenu>, form: MenuForm) -> Result<String, AppError> {
        check(Form::Menu, &form, true)?;
        check_menu_flags(&form)?;
        let mut tx = state.db.begin().await?;
        let system_id = text(&form.system_id);
        let system = repo::system(&mut tx, permit.scope(), &system_id).await?.ok_or_else(|| AppError::field("systemId", SYSTEM_MISSING))?;
        let parent_id = text(&form.parent_id);
        check_parent(&mut tx, permit, &parent_id, &system.id).await?;
        let menu_type = number(&form.menu_type, 0);
        let flag = |p: &Patch<i64>| number(p, default_authorize(menu_type));
        let category = Some(text(&form.category)).filter(|c| !c.is_empty()).unwrap_or_else(|| "Web".into());
        let link_target =
            Some(text(&form.link_target)).filter(|c| !c.is_empty()).unwrap_or_else(|| if menu_type == 6 { "_blank".into() } else { "_self".into() });
        let id = new_id();
        let new = NewMenu {
            parent_id: &parent_id,
            system_id: &system.id,
            full_name: &text(&form.full_name),
            en_code: &text(&form.en_code),
            icon: &text(&form.icon),
            menu_type,
            url_address: &text(&form.url_address),
            link_target: &link_target,
            category: &category,
            property_json: &json_text(&form.property_json, "{}").unwrap_or_else(|| "{}".into()),
            sort_code: number(&form.sort_code, 0),
            enabled_mark: number(&form.enabled_mark, 1),
            description: &text(&form.description),
            authorize: [flag(&form.is_button_authorize), flag(&form.is_column_authorize), flag(&form.is_form_authorize), flag(&form.is_data_authorize)],
        };
        crud::insert(&Menus, &mut tx, &id, new.columns(), &permit.caller().user_id, state.clock.now_ms()).await?;
        tx.commit().await?;
        Ok(id)
    }
    /// GET Menu/{id}.
    async fn info(state: &AppState, permit: &Permit<ViewMenu>, id: &str) -> Result<MenuInfo, AppError> {
        let mut conn = state.db.acquire().await?;
        crud::found(&Menus, &mut conn, permit.scope(), id).await
    }
    /// PUT Menu/{id}: only what is sent changes. A menu never moves below itself; moved to
    /// another system, it takes what is below it along.
    async fn update(state: &AppState, permit: &Permit<EditMenu>, id: &str, form: MenuForm) -> Result<(), AppError> {
        let mut tx = state.db.begin().await?;
        let found = crud::found(&Menus, &mut tx, permit.scope(), id).await?;
        check(Form::Menu, &menu_change(&form, &found)?, false)?;
        check_menu_flags(&form)?;
        let system_id = match &form.system_id {
            Patch::Value(s) if !s.trim().is_empty() && s.trim() != found.system_id => {
                repo::system(&mut tx, permit.scope(), s.trim()).await?.ok_or_else(|| AppError::field("systemId", SYSTEM_MISSING))?.id
            }
            _ => found.system_id.clone(),
        };
        let parent_id = match &form.parent_id {
            Patch::Value(p) => p.trim().to_string(),
            _ => found.parent_id.clone(),
        };
        let rows = repo::menus(&mut tx, permit.scope(), Some(&found.system_id), None).await?;
        let below = subtree(rows.iter().map(|m| (m.id.as_str(), m.parent_id.as_str())), &found.id);
        if below.contains(&parent_id) {
            return Err(AppError::field("parentId", "上级菜单不能是自己或自己的下级"));
        }
        if parent_id != found.parent_id || system_id != found.system_id {
            check_parent(&mut tx, permit, &parent_id, &system_id).await?;
        }
        let sent = |p: &Patch<String>| Some(text(p)).filter(|v| !v.is_empty());
        let columns = Columns::new()
            .text("parent_id", &form.parent_id)
            .text("full_name", &form.full_name)
            .text("en_code", &form.en_code)
            .text("icon", &form.icon)
            .number("type", &form.menu_type, 0)
            .text("url_address", &form.url_address)
            .value("link_target", sent(&form.link_target))
            .value("category", sent(&form.category))
            .value("property_json", json_text(&form.property_json, "{}"))
            .listed(&form.sort_code, &form.enabled_mark, &form.description)
            .number("is_button_authorize", &form.is_button_authorize, 0)
            .number("is_column_authorize", &form.is_column_authorize, 0)
            .number("is_form_authorize", &form.is_form_authorize, 0)
            .number("is_data_authorize", &form.is_data_authorize, 0)
            .changed();
        crud::update(&Menus, &mut tx, &found.id, columns, &permit.caller().user_id, state.clock.now_ms()).await?;
        if system_id != found.system_id {
            let moved: Vec<String> = below.into_iter().collect();
            repo::move_to_system(&mut tx, &moved, &system_id).await?;
        }
        tx.commit().await?;
        // What everyone may see may have changed: their pages reload their menus (CHAT-030).
        state.live.publish(crate::live::Event::menus_changed(&permit.caller().user_id));
        Ok(())
    }
    /// DELETE Menu/{id}: refused while menus hang below it; its items, data-authorize fields and
    /// every grant of them go with it.
    async fn delete(state: &AppState, permit: &Permit<RemoveMenu>, id: &str) -> Result<(), AppError> {
        crud::delete(&Menus, state, permit.scope(), id, &[Refusal { count: repo::MENU_CHILDREN, message: "该菜单下有子菜单，不能删除" }]).await?;
        // What everyone may see may have changed: their pages reload their menus (CHAT-030).
        state.live.publish(crate::live::Event::menus_changed(&permit.caller().user_id));
        Ok(())
    }
}

impl Switched for MenuPages {
    /// PUT Menu/{id}/Actions/State: enabled ⇄ disabled (a disabled menu leaves every menu list,
    /// and what is below it with it).
    async fn toggle(state: &AppState, permit: &Permit<EditMenu>, id: &str) -> Result<(), AppError> {
        crud::toggle(&Menus, state, permit.scope(), &permit.caller().user_id, id).await?;
        // What everyone may see may have changed: their pages reload their menus (CHAT-030).
        state.live.publish(crate::live::Event::menus_changed(&permit.caller().user_id));
        Ok(())
    }
}

/// A kind of base_module_item (buttons, list columns, form fields, schemes): the kind as data
/// and the answer its rows are shown as; every such kind is [`Administered`] the same way.
pub trait ItemKind {
    const KIND: Kind;
    type Info: From<ItemRow>;
}

impl<K: ItemKind> Administered for K {
    type Form = ItemForm;
    type Info = K::Info;
    async fn create(state: &AppState, permit: &Permit<AddMenu>, form: ItemForm) -> Result<String, AppError> {
        create_item(state, permit, K::KIND, form).await
    }
    async fn info(state: &AppState, permit: &Permit<ViewMenu>, id: &str) -> Result<K::Info, AppError> {
        Ok(item(state, permit, K::KIND, id).await?.into())
    }
    async fn update(state: &AppState, permit: &Permit<EditMenu>, id: &str, form: ItemForm) -> Result<(), AppError> {
        update_item(state, permit, K::KIND, id, form).await
    }
    async fn delete(state: &AppState, permit: &Permit<RemoveMenu>, id: &str) -> Result<(), AppError> {
        delete_item(state, permit, K::KIND, id).await
    }
}

impl<K: ItemKind> Switched for K {
    async fn toggle(state: &AppState, permit: &Permit<EditMenu>, id: &str) -> Result<(), AppError> {
        toggle_item(state, permit, K::KIND, id).await
    }
}

/// A menu's buttons.
pub struct Buttons;
impl ItemKind for Buttons {
    const KIND: Kind = Kind::Button;
    type Info = ButtonInfo;
}

/// A menu's list columns.
pub struct ListColumns;
impl ItemKind for ListColumns {
    const KIND: Kind = Kind::Column;
    type Info = FieldInfo;
}

/// A menu's form fields.
pub struct FormFields;
impl ItemKind for FormFields {
    const KIND: Kind = Kind::Form;
    type Info = FieldInfo;
}

/// A menu's data-permission schemes.
pub struct Schemes;
impl ItemKind for Schemes {
    const KIND: Kind = Kind::Scheme;
    type Info = SchemeInfo;
}

/// A menu's data-authorize fields (base_module_data_authorize), which have no state switch.
pub struct AuthorizeFields;

impl Administered for AuthorizeFields {
    type Form = AuthorizeFieldForm;
    type Info = AuthorizeFieldInfo;
    /// POST ModuleDataAuthorize.
    async fn create(state: &AppState, permit: &Permit<AddMenu>, form: AuthorizeFieldForm) -> Result<String, AppError> {
        check(Form::DataAuthorize, &field_change(&form, None)?, true)?;
        check_numbers(&form.sort_code, &form.enabled_mark)?;
        check_symbols(&form.condition_symbol)?;
        let mut tx = state.db.begin().await?;
        let menu = menu_of(&mut tx, permit, &text(&form.module_id)).await.map_err(|_| AppError::field("moduleId", MENU_MISSING))?;
        let id = new_id();
        let columns = field_columns(&form).value("module_id", Some(menu.id)).created();
        crud::insert(&Fields, &mut tx, &id, columns, &permit.caller().user_id, state.clock.now_ms()).await?;
        tx.commit().await?;
        Ok(id)
    }
    /// GET ModuleDataAuthorize/{id}.
    async fn info(state: &AppState, permit: &Permit<ViewMenu>, id: &str) -> Result<AuthorizeFieldInfo, AppError> {
        let mut conn = state.db.acquire().await?;
        crud::found(&Fields, &mut conn, permit.scope(), id).await.map(authorize_field)
    }
    /// PUT ModuleDataAuthorize/{id}: only what is sent changes.
    async fn update(state: &AppState, permit: &Permit<EditMenu>, id: &str, form: AuthorizeFieldForm) -> Result<(), AppError> {
        let mut tx = state.db.begin().await?;
        let found = crud::found(&Fields, &mut tx, permit.scope(), id).await?;
        check(Form::DataAuthorize, &field_change(&form, Some(&found))?, false)?;
        check_numbers(&form.sort_code, &form.enabled_mark)?;
        check_symbols(&form.condition_symbol)?;
        crud::update(&Fields, &mut tx, &found.id, field_columns(&form).changed(), &permit.caller().user_id, state.clock.now_ms()).await?;
        tx.commit().await?;
        Ok(())
    }
    /// DELETE ModuleDataAuthorize/{id}.
    async fn delete(state: &AppState, permit: &Permit<RemoveMenu>, id: &str) -> Result<(), AppError> {
        crud::delete(&Fields, state, permit.scope(), id, &[]).await?;
        Ok(())
    }
}
