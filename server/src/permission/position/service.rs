//! Positions: each belongs to one organisation; deleting one is refused while users hold it.

use super::dto::{PositionCondition, PositionForm, PositionInfo, PositionItem, PositionQuery, PositionRow};
use super::repo::{self, Filter, Positions};
use super::{AddPosition, EditPosition, RemovePosition, ViewPosition};
use crate::state::AppState;
use crate::access::{DataScope, Member, Permit, Reason};
use crate::crud::{self, Refusal};
use crate::db::Keyword;
use crate::error::AppError;
use crate::permission::forms::{Columns, check, check_numbers, text};
use crate::permission::organize::dto::{ByOrganisations, IdFullName, OptionGroup, SelectorNode};
use crate::permission::organize::repo as organisations;
use crate::permission::organize::service::{leaf, option_groups, tree_with_leaves};
use crate::support::new_id;
use crate::wire::{Page, PageOf, Patch};
use qiming_core::entity::Form;

const ICON: &str = "icon-ym icon-ym-tree-position1";

/// GET Position: a page of the list, within an organisation's subtree when one is chosen.
pub async fn list(state: &AppState, permit: &Permit<ViewPosition>, q: PositionQuery, page: Page) -> Result<PageOf<PositionRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let organize_tree = match q.organize_id.as_deref().map(str::trim).filter(|id| !id.is_empty()) {
        Some(id) => Some(organisations::node(&mut conn, &DataScope::unrestricted(Reason::PickerTree), id).await?.map(|o| o.id_tree).unwrap_or_else(|| id.to_string())),
        None => None,
    };
    let filter = Filter { organize_tree, keyword: Keyword::parse(q.keyword.as_deref()) };
    let (list, total) = repo::page(&mut conn, permit.scope(), &filter, page).await?;
    Ok(page.of(list, total))
}

/// GET Position/{id}.
pub async fn info(state: &AppState, permit: &Permit<ViewPosition>, id: &str) -> Result<PositionInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    let p = crud::found(&Positions, &mut conn, permit.scope(), id).await?;
    Ok(PositionInfo {
        organize_id_tree: p.organize_tree.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect(),
        id: p.id,
        organize_id: p.organize_id,
        full_name: p.full_name,
        en_code: p.en_code,
        kind: p.kind,
        enabled_mark: p.enabled_mark,
        sort_code: p.sort_code,
        description: p.description,
    })
}

async fn organisation(conn: &mut crate::db::Conn, id: &str) -> Result<(), AppError> {
    if repo::organisation_exists(conn, id).await? { Ok(()) } else { Err(AppError::field("organizeId", "所属组织不存在")) }
}

fn columns(form: &PositionForm) -> Columns {
    Columns::new()
        .text("organize_id", &form.organize_id)
        .text("full_name", &form.full_name)
        .text("en_code", &form.en_code)
        .text("type", &form.kind)
        .listed(&form.sort_code, &form.enabled_mark, &form.description)
}

/// POST Position.
pub async fn create(state: &AppState, permit: &Permit<AddPosition>, form: PositionForm) -> Result<String, AppError> {
    check(Form::Position, &form, true)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let id = new_id();
    let mut tx = state.db.begin().await?;
    organisation(&mut tx, &text(&form.organize_id)).await?;
    crud::insert(&Positions, &mut tx, &id, columns(&form).created(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(id)
}

/// PUT Position/{id}: only what is sent changes.
pub async fn update(state: &AppState, permit: &Permit<EditPosition>, id: &str, form: PositionForm) -> Result<(), AppError> {
    check(Form::Position, &form, false)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let mut tx = state.db.begin().await?;
    crud::found(&Positions, &mut tx, permit.scope(), id).await?;
    if let Patch::Value(organize_id) = &form.organize_id {
        organisation(&mut tx, organize_id.trim()).await?;
    }
    crud::update(&Positions, &mut tx, id, columns(&form).changed(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// DELETE Position/{id}: refused while users hold it.
pub async fn delete(state: &AppState, permit: &Permit<RemovePosition>, id: &str) -> Result<(), AppError> {
    crud::delete(&Positions, state, permit.scope(), id, &[Refusal { count: repo::MEMBERS, message: "该岗位下有用户，不能删除" }]).await?;
    Ok(())
}

/// GET Position/All: every enabled position (the pickers' lookup).
pub async fn all(state: &AppState, _caller: &Member) -> Result<Vec<PositionItem>, AppError> {
    let mut conn = state.db.acquire().await?;
    repo::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await
}

/// The picker tree: organisations with their positions; `only` limits it to positions of
/// these organisations (and below) or these ids.
async fn tree(state: &AppState, only: Option<(&[String], &[String])>, keyword: Option<&str>) -> Result<Vec<SelectorNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let organisations = organisations::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    let keyword = Keyword::parse(keyword);
    let mut positions = repo::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    if let Some((departs, ids)) = only {
        let trees: Vec<&str> = organisations.iter().filter(|o| departs.contains(&o.id)).map(|o| o.id_tree.as_str()).collect();
        let under = |organize_id: &str| {
            organisations.iter().find(|o| o.id == organize_id).is_some_and(|o| trees.iter().any(|t| o.id_tree == *t || o.id_tree.starts_with(&format!("{t},"))))
        };
        positions.retain(|p| ids.contains(&p.id) || under(&p.organize_id));
    }
    if let Some(k) = &keyword {
        positions.retain(|p| k.matches(&p.full_name) || k.matches(&p.en_code));
    }
    let leaves = |o: &organisations::Organize| {
        positions.iter().filter(|p| p.organize_id == o.id).map(|p| leaf(&p.id, &p.full_name, "position", ICON, o)).collect()
    };
    Ok(tree_with_leaves(&organisations, &leaves, true))
}

/// GET Position/Selector (ROLE-006).
pub async fn selector(state: &AppState, _caller: &Member) -> Result<Vec<SelectorNode>, AppError> {
    tree(state, None, None).await
}

/// POST Position/PositionCondition (ROLE-006).
pub async fn condition(state: &AppState, _caller: &Member, req: PositionCondition) -> Result<Vec<SelectorNode>, AppError> {
    let keyword = Some(req.keyword.as_str()).filter(|k| !k.trim().is_empty());
    tree(state, Some((&req.depart_ids, &req.position_ids)), keyword).await
}

/// POST Position/getListByOrgIds: each organisation with its positions; organisations
/// without positions are left out.
pub async fn by_organisations(state: &AppState, _caller: &Member, req: ByOrganisations) -> Result<Vec<OptionGroup>, AppError> {
    let mut conn = state.db.acquire().await?;
    let organisations = organisations::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    let positions = repo::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    let options = |o: &organisations::Organize| {
        positions.iter().filter(|p| p.organize_id == o.id).map(|p| IdFullName { id: p.id.clone(), full_name: p.full_name.clone() }).collect()
    };
    Ok(option_groups(&organisations, &req.organize_ids, &options))
}
