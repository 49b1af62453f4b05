//! Data-interface variables (DI-002, DI-008): the form (core's `dataInterfaceVariate` rules; a
//! name used once; an interface the caller reaches), the list of an interface's variables,
//! the picker of the enabled ones, state, copy, export and import. The expression is kept
//! for the designer; the server does not run it, and no interface call reads the variables
//! yet.

use super::dto::{VariateForm, VariateListRow, VariateNode, VariateQuery, VariateRow};
use super::repo::{self, Variates};
use crate::state::AppState;
use crate::access::{DataScope, Permit};
use crate::crud;
use crate::db::{Conn, Keyword};
use crate::error::AppError;
use crate::support::forms::{Columns, check, check_numbers};
use crate::support::new_id;
use crate::system::data_interface::repo as interfaces;
use crate::system::data_interface::{AddDataInterface, EditDataInterface, ExportDataInterface, ImportDataInterface, RemoveDataInterface, ViewDataInterface};
use crate::system::download::JsonFile;
use crate::wire::Patch;
use qiming_core::entity::Form;

const MISSING_INTERFACE: &str = "数据接口不存在";
const NAME_TAKEN: &str = "变量名已存在";
/// The longest name (core's form).
const NAME_MAX: usize = 50;

/// The interface, reached within the scope, or a field error.
async fn check_interface(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<(), AppError> {
    if interfaces::by_id(conn, scope, id).await?.is_none() {
        return Err(AppError::field("interfaceId", MISSING_INTERFACE));
    }
    Ok(())
}

async fn check_name(conn: &mut Conn, name: &str, except: &str) -> Result<(), AppError> {
    if repo::name_taken(conn, name, except).await? {
        return Err(AppError::field("fullName", NAME_TAKEN));
    }
    Ok(())
}

/// GET DataInterfaceVariate/{interfaceId}: the interface's variables.
pub async fn list(state: &AppState, permit: &Permit<ViewDataInterface>, interface_id: &str, q: &VariateQuery) -> Result<Vec<VariateListRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    if interfaces::by_id(&mut conn, permit.scope(), interface_id).await?.is_none() {
        return Err(AppError::not_found(MISSING_INTERFACE));
    }
    repo::list(&mut conn, permit.scope(), interface_id, Keyword::parse(q.keyword.as_deref()).as_ref()).await
}

/// GET DataInterfaceVariate/Selector: the enabled interfaces that have enabled variables, each
/// with them below it.
pub async fn selector(state: &AppState, permit: &Permit<ViewDataInterface>) -> Result<Vec<VariateNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let mut nodes: Vec<VariateNode> = Vec::new();
    for row in repo::enabled(&mut conn, permit.scope()).await? {
        let leaf = VariateNode {
            id: row.id,
            parent_id: row.interface_id.clone(),
            full_name: row.full_name,
            kind: 1,
            value: row.value,
            has_children: false,
            children: Vec::new(),
        };
        match nodes.last_mut() {
            Some(n) if n.id == row.interface_id => n.children.push(leaf),
            _ => nodes.push(VariateNode {
                id: row.interface_id,
                parent_id: "-1".into(),
                full_name: row.interface_name,
                kind: 0,
                value: String::new(),
                has_children: true,
                children: vec![leaf],
            }),
        }
    }
    Ok(nodes)
}

/// GET DataInterfaceVariate/{id}/Info: the form.
pub async fn info(state: &AppState, permit: &Permit<ViewDataInterface>, id: &str) -> Result<VariateRow, AppError> {
    let mut conn = state.db.acquire().await?;
    crud::found(&Variates, &mut conn, permit.scope(), id).await
}

fn text_of(p: &Patch<String>, stored: &str) -> String {
    match p {
        Patch::Value(v) => v.trim().to_string(),
        Patch::Null => String::new(),
        Patch::Absent => stored.to_string(),
    }
}

/// POST DataInterfaceVariate.
pub async fn create(state: &AppState, permit: &Permit<AddDataInterface>, form: VariateForm) -> Result<(), AppError> {
    check(Form::DataInterfaceVariate, &form, true)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let r = VariateRow {
        id: new_id(),
        interface_id: text_of(&form.interface_id, ""),
        full_name: text_of(&form.full_name, ""),
        expression: text_of(&form.expression, ""),
        value: text_of(&form.value, ""),
        sort_code: if let Patch::Value(v) = form.sort_code { v } else { 0 },
        enabled_mark: if let Patch::Value(v) = form.enabled_mark { v } else { 1 },
        description: text_of(&form.description, ""),
    };
    let mut tx = state.db.begin().await?;
    check_interface(&mut tx, permit.scope(), &r.interface_id).await?;
    check_name(&mut tx, &r.full_name, &r.id).await?;
    crud::insert(&Variates, &mut tx, &r.id, repo::columns(&r), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// PUT DataInterfaceVariate/{id}: only what is sent changes.
pub async fn update(state: &AppState, permit: &Permit<EditDataInterface>, id: &str, form: VariateForm) -> Result<(), AppError> {
    check(Form::DataInterfaceVariate, &form, false)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let mut tx = state.db.begin().await?;
    let found = crud::found(&Variates, &mut tx, permit.scope(), id).await?;
    let interface_id = text_of(&form.interface_id, &found.interface_id);
    if interface_id != found.interface_id {
        check_interface(&mut tx, permit.scope(), &interface_id).await?;
    }
    let full_name = text_of(&form.full_name, &found.full_name);
    if full_name != found.full_name {
        check_name(&mut tx, &full_name, &found.id).await?;
    }
    let columns = Columns::new()
        .text("interface_id", &form.interface_id)
        .text("full_name", &form.full_name)
        .text("expression", &form.expression)
        .text("value", &form.value)
        .listed(&form.sort_code, &form.enabled_mark, &form.description)
        .changed();
    crud::update(&Variates, &mut tx, &found.id, columns, &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// DELETE DataInterfaceVariate/{id}.
pub async fn delete(state: &AppState, permit: &Permit<RemoveDataInterface>, id: &str) -> Result<(), AppError> {
    crud::delete(&Variates, state, permit.scope(), id, &[]).await?;
    Ok(())
}

/// PUT DataInterfaceVariate/{id}/Actions/State (DI-002): enabledMark 1 ↔ 0; a disabled
/// variable leaves the picker.
pub async fn toggle(state: &AppState, permit: &Permit<EditDataInterface>, id: &str) -> Result<(), AppError> {
    crud::toggle(&Variates, state, permit.scope(), &permit.caller().user_id, id).await?;
    Ok(())
}

/// `name` with `suffix`, the name cut so the whole stays within the limit.
fn with_suffix(name: &str, suffix: &str) -> String {
    let room = NAME_MAX.saturating_sub(suffix.chars().count());
    format!("{}{suffix}", name.chars().take(room).collect::<String>())
}

/// POST DataInterfaceVariate/{id}/Actions/Copy: the same variable under a new id, named
/// 名称_copy (a number added while that is taken: _copy2, _copy3, …), in the original's state.
pub async fn copy(state: &AppState, permit: &Permit<AddDataInterface>, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let mut r = crud::found(&Variates, &mut tx, permit.scope(), id).await?;
    let mut n = 1;
    let mut name = with_suffix(&r.full_name, "_copy");
    while repo::name_taken(&mut tx, &name, "").await? {
        n += 1;
        name = with_suffix(&r.full_name, &format!("_copy{n}"));
    }
    r.id = new_id();
    r.full_name = name;
    crud::insert(&Variates, &mut tx, &r.id, repo::columns(&r), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// The export file of a variable: its fields as JSON.
const FILE: JsonFile = JsonFile { extension: "bdv", name: "数据接口变量", content: "数据接口变量" };

/// GET DataInterfaceVariate/{id}/Actions/Export: the variable as a `.bdv` file.
pub async fn export(state: &AppState, permit: &Permit<ExportDataInterface>, id: &str) -> Result<String, AppError> {
    let mut conn = state.db.acquire().await?;
    let r = crud::found(&Variates, &mut conn, permit.scope(), id).await?;
    drop(conn);
    FILE.offer(state, &permit.caller().user_id, &r.full_name, &r).await
}

/// POST DataInterfaceVariate/Actions/Import: a `.bdv` file as exported, checked like the form
/// (its interface here, its name new), stored under a new id; a bad file changes nothing.
pub async fn import(state: &AppState, permit: &Permit<ImportDataInterface>, file_name: &str, bytes: &[u8]) -> Result<(), AppError> {
    let mut r: VariateRow = FILE.read(file_name, bytes)?;
    r.id = new_id();
    r.full_name = r.full_name.trim().to_string();
    r.interface_id = r.interface_id.trim().to_string();
    let named = |e: AppError| AppError::bad(format!("变量“{}”：{e}", r.full_name));
    check(Form::DataInterfaceVariate, &r, true).map_err(named)?;
    check_numbers(&Patch::Value(r.sort_code), &Patch::Value(r.enabled_mark)).map_err(named)?;
    let mut tx = state.db.begin().await?;
    check_interface(&mut tx, permit.scope(), &r.interface_id).await.map_err(named)?;
    if repo::name_taken(&mut tx, &r.full_name, "").await? {
        return Err(AppError::bad(format!("变量“{}”已存在，不能重复导入", r.full_name)));
    }
    crud::insert(&Variates, &mut tx, &r.id, repo::columns(&r), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}
