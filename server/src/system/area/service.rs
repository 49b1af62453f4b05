//! Areas: the lazy tree, the picker, the names of stored id paths, and the area form (core's
//! `area.*` rules, a unique code, a parent that exists and is not the area or below it, no
//! deletion while anything is below).

use super::dto::{AreaForm, AreaIdsForm, AreaInfo, AreaListRow, AreaOption, AreaQuery};
use super::repo::{self, Areas, LevelRow};
use super::{AddArea, EditArea, RemoveArea, ViewArea};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::crud::{self, Refusal};
use crate::db::{Conn, Keyword};
use crate::error::AppError;
use crate::support::forms::{Columns, check, check_numbers, text};
use crate::support::new_id;
use crate::wire::Patch;
use qiming_core::entity::Form;
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// The parent of the provinces.
pub const TOP: &str = "-1";
/// GetAreaByIds answers at most this many ids at once (a page of a list shows far fewer).
const MAX_IDS: usize = 5000;
/// How deep the tree may go: province, city, district, street and a little room below.
const MAX_DEPTH: usize = 16;

fn list_row(r: LevelRow) -> AreaListRow {
    AreaListRow {
        id: r.id,
        parent_id: r.parent_id,
        full_name: r.full_name,
        en_code: r.en_code,
        sort_code: r.sort_code,
        enabled_mark: r.enabled_mark,
        has_children: r.below == 1,
        is_leaf: r.below != 1,
    }
}

/// GET Area/{parentId} (AREA-004): the areas right below `parent_id` ('-1': the provinces),
/// filtered by name or code; each says whether it has children, which load the same way.
pub async fn children(state: &AppState, permit: &Permit<ViewArea>, parent_id: &str, q: &AreaQuery) -> Result<Vec<AreaListRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let rows = repo::children(&mut conn, permit.scope(), parent_id.trim(), Keyword::parse(q.keyword.as_deref()).as_ref()).await?;
    Ok(rows.into_iter().map(list_row).collect())
}

/// GET Area/{id}/Selector/{currId}: the enabled areas right below `parent_id`, for any member
/// (the forms' area picker, and the area form's parent picker, which leaves out the area
/// being edited and so everything below it). `isLeaf` when no enabled area is below.
pub async fn selector(state: &AppState, _caller: &Member, parent_id: &str, editing: &str) -> Result<Vec<AreaOption>, AppError> {
    let mut conn = state.db.acquire().await?;
    let rows = repo::enabled_children(&mut conn, parent_id.trim(), editing.trim()).await?;
    Ok(rows.into_iter().map(|r| AreaOption { id: r.id, full_name: r.full_name, en_code: r.en_code, is_leaf: r.below != 1 }).collect())
}

/// POST Area/GetAreaByIds (AREA-005): for each stored value (an id path, or a single id) the
/// names of its areas in the same order; an id that names no area is left out.
pub async fn names_of(state: &AppState, _caller: &Member, form: &AreaIdsForm) -> Result<Vec<Vec<String>>, AppError> {
    let paths: Vec<Vec<String>> = form
        .ids_list
        .iter()
        .map(|v| match v {
            Value::Array(ids) => ids.iter().filter_map(id_text).collect(),
            other => id_text(other).into_iter().collect(),
        })
        .collect();
    let wanted: HashSet<&String> = paths.iter().flatten().collect();
    if wanted.len() > MAX_IDS {
        return Err(AppError::field("idsList", format!("一次最多查询{MAX_IDS}个区域")));
    }
    let wanted: Vec<String> = wanted.into_iter().cloned().collect();
    let mut conn = state.db.acquire().await?;
    let found: HashMap<String, String> = repo::names(&mut conn, &wanted).await?.into_iter().collect();
    Ok(paths.into_iter().map(|path| path.iter().filter_map(|id| found.get(id).cloned()).collect()).collect())
}

/// An id as text (the client may hold numbers).
fn id_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// GET Area/{id}/Info: the form, with the parent's name ('' at the top).
pub async fn info(state: &AppState, permit: &Permit<ViewArea>, id: &str) -> Result<AreaInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    let a = crud::found(&Areas, &mut conn, permit.scope(), id).await?;
    let parent_name = if a.parent_id == TOP { String::new() } else { repo::parent_of(&mut conn, &a.parent_id).await?.map(|(_, name)| name).unwrap_or_default() };
    Ok(AreaInfo {
        id: a.id,
        parent_id: a.parent_id,
        parent_name,
        full_name: a.full_name,
        en_code: a.en_code,
        sort_code: a.sort_code,
        enabled_mark: a.enabled_mark,
        description: a.description,
    })
}

/// A parent: the top or an existing area; when moving `area_id`, neither it nor one below it.
async fn check_parent(conn: &mut Conn, parent_id: &str, area_id: Option<&str>) -> Result<(), AppError> {
    let mut at = parent_id.to_string();
    for _ in 0..MAX_DEPTH {
        if at == TOP {
            return Ok(());
        }
        if Some(at.as_str()) == area_id {
            return Err(AppError::field("parentId", "上级区域不能是自己或自己的下级"));
        }
        match repo::parent_of(conn, &at).await? {
            Some((up, _)) => at = up,
            None if at == parent_id => return Err(AppError::field("parentId", "上级区域不存在")),
            // A broken chain above an existing parent: the parent is still a place to hang.
            None => return Ok(()),
        }
    }
    Err(AppError::field("parentId", "区域层级过深"))
}

async fn check_code(conn: &mut Conn, en_code: &str, area_id: &str) -> Result<(), AppError> {
    if repo::code_taken(conn, en_code, area_id).await? {
        return Err(AppError::field("enCode", "区域编码不能重复"));
    }
    Ok(())
}

fn columns(form: &AreaForm) -> Columns {
    Columns::new()
        .text("parent_id", &form.parent_id)
        .text("full_name", &form.full_name)
        .text("en_code", &form.en_code)
        .listed(&form.sort_code, &form.enabled_mark, &form.description)
}

/// POST Area: core's area form (parent, name, digits-only code), sort code and state; the
/// parent exists; the code is new. enabledMark defaults to 1, sortCode to 0.
pub async fn create(state: &AppState, permit: &Permit<AddArea>, form: AreaForm) -> Result<(), AppError> {
    check(Form::Area, &form, true)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let parent_id = text(&form.parent_id);
    let en_code = text(&form.en_code);
    let id = new_id();
    let mut tx = state.db.begin().await?;
    check_parent(&mut tx, &parent_id, None).await?;
    check_code(&mut tx, &en_code, &id).await?;
    crud::insert(&Areas, &mut tx, &id, columns(&form).created(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// PUT Area/{id}: only what is sent changes, checked by the same rules; a new parent is not
/// the area itself or one below it.
pub async fn update(state: &AppState, permit: &Permit<EditArea>, id: &str, form: AreaForm) -> Result<(), AppError> {
    check(Form::Area, &form, false)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let mut tx = state.db.begin().await?;
    let found = crud::found(&Areas, &mut tx, permit.scope(), id).await?;
    if let Patch::Value(p) = &form.parent_id
        && p.trim() != found.parent_id
    {
        check_parent(&mut tx, p.trim(), Some(&found.id)).await?;
    }
    if let Patch::Value(c) = &form.en_code {
        check_code(&mut tx, c.trim(), &found.id).await?;
    }
    crud::update(&Areas, &mut tx, &found.id, columns(&form).changed(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// DELETE Area/{id}: refused while any area is below it.
pub async fn delete(state: &AppState, permit: &Permit<RemoveArea>, id: &str) -> Result<(), AppError> {
    crud::delete(&Areas, state, permit.scope(), id, &[Refusal { count: repo::CHILDREN, message: "删除失败，当前有子节点数据" }]).await?;
    Ok(())
}

/// PUT Area/{id}/Actions/State (AREA-003): enabledMark 1 ↔ 0. A disabled area leaves the
/// picker, and with it everything below it.
pub async fn toggle(state: &AppState, permit: &Permit<EditArea>, id: &str) -> Result<(), AppError> {
    crud::toggle(&Areas, state, permit.scope(), &permit.caller().user_id, id).await?;
    Ok(())
}
