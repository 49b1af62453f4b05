//! Groups: users gathered across organisations (a night shift, a project); deleting one is
//! refused while it has members.

use super::dto::{GroupCondition, GroupForm, GroupInfo, GroupNode, GroupRow};
use super::repo::{self, Groups};
use super::{AddGroup, EditGroup, RemoveGroup, ViewGroup};
use crate::state::AppState;
use crate::access::{DataScope, Member, Permit, Reason};
use crate::crud::{self, Refusal};
use crate::db::Keyword;
use crate::error::AppError;
use crate::permission::forms::{Columns, check, check_numbers};
use crate::support::new_id;
use crate::wire::{Page, PageOf};
use qiming_core::entity::Form;

const ICON: &str = "icon-ym icon-ym-generator-group1";
const ICON_TYPE: &str = "icon-ym icon-ym-tree-department1";

pub async fn list(state: &AppState, permit: &Permit<ViewGroup>, keyword: Option<&str>, page: Page) -> Result<PageOf<GroupRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let (list, total) = repo::page(&mut conn, permit.scope(), Keyword::parse(keyword).as_ref(), page).await?;
    Ok(page.of(list, total))
}

pub async fn info(state: &AppState, permit: &Permit<ViewGroup>, id: &str) -> Result<GroupInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    crud::found(&Groups, &mut conn, permit.scope(), id).await
}

fn columns(form: &GroupForm) -> Columns {
    Columns::new().text("full_name", &form.full_name).text("en_code", &form.en_code).text("type", &form.kind).listed(&form.sort_code, &form.enabled_mark, &form.description)
}

pub async fn create(state: &AppState, permit: &Permit<AddGroup>, form: GroupForm) -> Result<String, AppError> {
    check(Form::Group, &form, true)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let id = new_id();
    let mut tx = state.db.begin().await?;
    crud::insert(&Groups, &mut tx, &id, columns(&form).created(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(id)
}

pub async fn update(state: &AppState, permit: &Permit<EditGroup>, id: &str, form: GroupForm) -> Result<(), AppError> {
    check(Form::Group, &form, false)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let mut tx = state.db.begin().await?;
    crud::found(&Groups, &mut tx, permit.scope(), id).await?;
    crud::update(&Groups, &mut tx, id, columns(&form).changed(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// Refused while the group has members.
pub async fn delete(state: &AppState, permit: &Permit<RemoveGroup>, id: &str) -> Result<(), AppError> {
    crud::delete(&Groups, state, permit.scope(), id, &[Refusal { count: repo::MEMBERS, message: "该分组下有用户，不能删除" }]).await?;
    Ok(())
}

/// The picker (ROLE-005): each group type with its enabled groups; `only` limits the groups
/// to these ids.
pub async fn selector(state: &AppState, _caller: &Member, only: Option<&GroupCondition>) -> Result<Vec<GroupNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let keyword = only.and_then(|c| Keyword::parse(Some(&c.keyword)));
    let mut types: Vec<GroupNode> = Vec::new();
    for (id, full_name, kind, type_name) in repo::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await? {
        if only.is_some_and(|c| !c.ids.is_empty() && !c.ids.contains(&id)) || keyword.as_ref().is_some_and(|k| !k.matches(&full_name)) {
            continue;
        }
        let group = GroupNode { id, full_name, kind: "group".into(), icon: ICON.into(), has_children: false, is_leaf: true, children: Vec::new() };
        match types.iter_mut().find(|t| t.id == kind) {
            Some(t) => t.children.push(group),
            None => types.push(GroupNode {
                id: kind,
                full_name: type_name,
                kind: "groupType".into(),
                icon: ICON_TYPE.into(),
                has_children: true,
                is_leaf: false,
                children: vec![group],
            }),
        }
    }
    Ok(types)
}
