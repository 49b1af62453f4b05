//! Roles: a global role (globalMark 1) belongs to the whole group; an organisation role
//! (globalMark 0) to the organisations it is bound to. Deleting one is refused while users
//! hold it; a disabled role grants nothing (access::repo counts enabled roles only).

use super::dto::{GLOBAL, ORGANISATION, RoleCondition, RoleForm, RoleInfo, RoleNode, RoleQuery, RoleRow};
use super::repo::{self, Binding, Filter, Role, Roles, Within};
use super::{AddRole, EditRole, RemoveRole, ViewRole};
use crate::state::AppState;
use crate::access::{DataScope, Member, Permit, Reason};
use crate::crud::{self, Refusal};
use crate::db::{Conn, Keyword};
use crate::error::AppError;
use crate::permission::forms::{Columns, check, check_numbers, number};
use crate::permission::organize::dto::{ByOrganisations, IdFullName, OptionGroup, SelectorNode};
use crate::permission::organize::repo as organisations;
use crate::permission::organize::service::{leaf, option_groups, tree_with_leaves};
use crate::support::new_id;
use crate::wire::{Page, PageOf, Patch};
use qiming_core::entity::Form;
use serde_json::json;

const ICON: &str = "icon-ym icon-ym-generator-role";
const ICON_GLOBAL: &str = "icon-ym icon-ym-global-role";
/// The id of the pickers' top node holding the global roles (the client's 全局 tab).
pub const GLOBAL_NODE: &str = "1";

fn kind(global_mark: i64) -> &'static str {
    if global_mark == 1 { GLOBAL } else { ORGANISATION }
}

/// GET Role (ROLE-011): a page of the list.
pub async fn list(state: &AppState, permit: &Permit<ViewRole>, q: RoleQuery, page: Page) -> Result<PageOf<RoleRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let within = match q.organize_id.as_deref().map(str::trim).unwrap_or("") {
        "" => Within::Every,
        "0" => Within::Global,
        id => Within::Organisation(organisations::node(&mut conn, &DataScope::unrestricted(Reason::PickerTree), id).await?.map(|o| o.id_tree).unwrap_or_else(|| id.to_string())),
    };
    let filter = Filter { within, keyword: Keyword::parse(q.keyword.as_deref()) };
    let (roles, total) = repo::page(&mut conn, permit.scope(), &filter, page).await?;
    let ids: Vec<String> = roles.iter().map(|r| r.id.clone()).collect();
    let bindings = repo::bindings(&mut conn, Some(&ids)).await?;
    let rows = roles
        .into_iter()
        .map(|r| RoleRow {
            organize_info: bindings.iter().filter(|b| b.role_id == r.id).map(|b| b.name_tree.as_str()).collect::<Vec<_>>().join(","),
            kind: kind(r.global_mark).to_string(),
            id: r.id,
            full_name: r.full_name,
            en_code: r.en_code,
            description: r.description,
            creator_time: r.creator_time,
            sort_code: r.sort_code,
            enabled_mark: r.enabled_mark,
        })
        .collect();
    Ok(page.of(rows, total))
}

fn paths(bindings: &[Binding], role: &str) -> Vec<Vec<String>> {
    bindings
        .iter()
        .filter(|b| b.role_id == role)
        .map(|b| b.id_tree.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect())
        .collect()
}

/// GET Role/{id}.
pub async fn info(state: &AppState, permit: &Permit<ViewRole>, id: &str) -> Result<RoleInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    let r = crud::found(&Roles, &mut conn, permit.scope(), id).await?;
    let bindings = repo::bindings(&mut conn, Some(std::slice::from_ref(&r.id))).await?;
    Ok(RoleInfo {
        organize_ids_tree: paths(&bindings, &r.id),
        kind: kind(r.global_mark).to_string(),
        id: r.id,
        full_name: r.full_name,
        en_code: r.en_code,
        global_mark: r.global_mark,
        enabled_mark: r.enabled_mark,
        sort_code: r.sort_code,
        description: r.description,
    })
}

/// The organisations an organisation role is bound to: the last id of each path sent, each
/// one existing.
async fn organisations_of(conn: &mut Conn, sent: &[Vec<String>]) -> Result<Vec<String>, AppError> {
    let mut ids: Vec<String> = sent.iter().filter_map(|path| path.last()).map(|id| id.trim().to_string()).filter(|id| !id.is_empty()).collect();
    ids.sort();
    ids.dedup();
    let existing = repo::existing_organisations(conn, &ids).await?;
    if existing.len() != ids.len() {
        return Err(AppError::field("organizeIdsTree", "所属组织不存在"));
    }
    Ok(ids)
}

fn check_mark(global_mark: &Patch<i64>) -> Result<(), AppError> {
    match global_mark {
        Patch::Value(0 | 1) | Patch::Absent => Ok(()),
        _ => Err(AppError::field("globalMark", "请选择角色类型")),
    }
}

fn columns(form: &RoleForm) -> Columns {
    Columns::new().text("full_name", &form.full_name).text("en_code", &form.en_code).listed(&form.sort_code, &form.enabled_mark, &form.description)
}

/// POST Role.
pub async fn create(state: &AppState, permit: &Permit<AddRole>, form: RoleForm) -> Result<String, AppError> {
    check(Form::Role, &form, true)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    check_mark(&form.global_mark)?;
    let global_mark = number(&form.global_mark, 1);
    let id = new_id();
    let mut tx = state.db.begin().await?;
    let bound = match (&form.organize_ids_tree, global_mark) {
        (Patch::Value(paths), 0) => organisations_of(&mut tx, paths).await?,
        _ => Vec::new(),
    };
    crud::insert(&Roles, &mut tx, &id, columns(&form).value("global_mark", Some(global_mark)).created(), &permit.caller().user_id, state.clock.now_ms()).await?;
    repo::set_organisations(&mut tx, &id, &bound).await?;
    tx.commit().await?;
    Ok(id)
}

/// PUT Role/{id}: only what is sent changes. A role turned global loses its organisations;
/// an organisation role must keep at least one.
pub async fn update(state: &AppState, permit: &Permit<EditRole>, id: &str, form: RoleForm) -> Result<(), AppError> {
    check(Form::Role, &form, false)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    check_mark(&form.global_mark)?;
    let mut tx = state.db.begin().await?;
    let role = crud::found(&Roles, &mut tx, permit.scope(), id).await?;
    let global_mark = number(&form.global_mark, role.global_mark);
    let bound = match (global_mark, &form.organize_ids_tree) {
        (1, _) => Some(Vec::new()),
        (_, Patch::Value(paths)) => Some(organisations_of(&mut tx, paths).await?),
        _ => None,
    };
    // The organisations the role ends with, checked by core's rule for an organisation role.
    let remaining = match &bound {
        Some(ids) => ids.len(),
        None => repo::bindings(&mut tx, Some(&[id.to_string()])).await?.len(),
    };
    let end = json!({"globalMark": global_mark, "organizeIdsTree": if remaining == 0 { json!([]) } else { json!([["…"]]) }});
    check(Form::Role, &end, false)?;
    if let Some(ids) = bound {
        repo::set_organisations(&mut tx, id, &ids).await?;
    }
    let changed = columns(&form).number("global_mark", &form.global_mark, 1).changed();
    crud::update(&Roles, &mut tx, id, changed, &permit.caller().user_id, state.clock.now_ms()).await?;
    // Its members' pages reload what they may see (CHAT-030).
    let members = crate::permission::relation::repo::members(&mut tx, "Role", id).await?;
    tx.commit().await?;
    state.live.publish(crate::live::Event::permissions_of(members, &permit.caller().user_id));
    Ok(())
}

/// PUT Role/{id}/Actions/State (ROLE-004): enabled ⇄ disabled.
pub async fn toggle(state: &AppState, permit: &Permit<EditRole>, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    crud::found(&Roles, &mut tx, permit.scope(), id).await?;
    crud::switch(&Roles, &mut tx, id, &permit.caller().user_id, state.clock.now_ms()).await?;
    // Its members' pages reload what they may see (CHAT-030).
    let members = crate::permission::relation::repo::members(&mut tx, "Role", id).await?;
    tx.commit().await?;
    state.live.publish(crate::live::Event::permissions_of(members, &permit.caller().user_id));
    Ok(())
}

/// DELETE Role/{id}: refused while users hold it; its grants go with it.
pub async fn delete(state: &AppState, permit: &Permit<RemoveRole>, id: &str) -> Result<(), AppError> {
    crud::delete(&Roles, state, permit.scope(), id, &[Refusal { count: repo::MEMBERS, message: "该角色下有用户，不能删除" }]).await?;
    Ok(())
}

/// Which roles a picker tree shows, and which of them are greyed out.
struct Shown<'a> {
    only: Option<&'a [String]>,
    keyword: Option<Keyword>,
    /// For SelectorByPermission: the organisation id paths whose roles the caller may pick
    /// (None: every role).
    allowed: Option<Vec<String>>,
}

fn role_node(r: &Role, parent: &str, disabled: bool) -> RoleNode {
    RoleNode {
        id: r.id.clone(),
        only_id: format!("{parent}_{}", r.id),
        parent_id: parent.to_string(),
        full_name: r.full_name.clone(),
        kind: "role".into(),
        icon: ICON.into(),
        disabled,
        has_children: false,
        is_leaf: true,
        children: Vec::new(),
    }
}

fn from_selector(n: SelectorNode, disabled: &impl Fn(&str, &str) -> bool) -> RoleNode {
    let is_role = n.category == "role";
    let only_id = if is_role { format!("{}_{}", n.parent_id, n.id) } else { n.id.clone() };
    RoleNode {
        disabled: is_role && disabled(&n.id, &n.parent_id),
        only_id,
        icon: n.icon,
        kind: n.category,
        has_children: n.has_children,
        is_leaf: n.is_leaf,
        children: n.children.into_iter().map(|c| from_selector(c, disabled)).collect(),
        id: n.id,
        parent_id: n.parent_id,
        full_name: n.full_name,
    }
}

/// The picker tree (ROLE-008): the top node '1' holds the global roles, then the
/// organisations holding organisation roles, each role under every organisation it is bound
/// to. Branches without roles are left out.
async fn tree(state: &AppState, shown: Shown<'_>) -> Result<Vec<RoleNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let mut roles = repo::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    if let Some(ids) = shown.only {
        roles.retain(|r| ids.contains(&r.id));
    }
    if let Some(k) = &shown.keyword {
        roles.retain(|r| k.matches(&r.full_name) || k.matches(&r.en_code));
    }
    let bindings = repo::bindings(&mut conn, None).await?;
    let rows = organisations::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    let allowed_org = |organize_id: &str| match &shown.allowed {
        None => true,
        Some(trees) => rows
            .iter()
            .find(|o| o.id == organize_id)
            .is_some_and(|o| trees.iter().any(|t| o.id_tree == *t || o.id_tree.starts_with(&format!("{t},")))),
    };
    let mut out = Vec::new();
    let global: Vec<RoleNode> =
        roles.iter().filter(|r| r.global_mark == 1).map(|r| role_node(r, GLOBAL_NODE, shown.allowed.is_some())).collect();
    if !global.is_empty() {
        out.push(RoleNode {
            id: GLOBAL_NODE.into(),
            only_id: GLOBAL_NODE.into(),
            parent_id: "0".into(),
            full_name: GLOBAL.into(),
            kind: String::new(),
            icon: ICON_GLOBAL.into(),
            disabled: false,
            has_children: true,
            is_leaf: false,
            children: global,
        });
    }
    let leaves = |o: &organisations::Organize| {
        bindings
            .iter()
            .filter(|b| b.organize_id == o.id)
            .filter_map(|b| roles.iter().find(|r| r.id == b.role_id && r.global_mark == 0))
            .map(|r| leaf(&r.id, &r.full_name, "role", ICON, o))
            .collect()
    };
    let disabled = |_role: &str, organize_id: &str| !allowed_org(organize_id);
    out.extend(tree_with_leaves(&rows, &leaves, true).into_iter().map(|n| from_selector(n, &disabled)));
    Ok(out)
}

/// GET Role/Selector.
pub async fn selector(state: &AppState, _caller: &Member) -> Result<Vec<RoleNode>, AppError> {
    tree(state, Shown { only: None, keyword: None, allowed: None }).await
}

/// GET Role/SelectorByPermission: the same tree; roles the caller may not authorise are
/// disabled (everything is open to an administrator; a manager of organisations may pick
/// the roles of what they manage, never a global role).
pub async fn selector_by_permission(state: &AppState, caller: &Member) -> Result<Vec<RoleNode>, AppError> {
    let allowed = if caller.is_administrator {
        None
    } else {
        let mut conn = state.db.acquire().await?;
        let rows = organisations::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
        Some(rows.into_iter().filter(|o| o.manager_id == caller.user_id && o.enabled_mark == 1).map(|o| o.id_tree).collect())
    };
    tree(state, Shown { only: None, keyword: None, allowed }).await
}

/// POST Role/RoleCondition: the tree limited to these roles.
pub async fn condition(state: &AppState, _caller: &Member, req: RoleCondition) -> Result<Vec<RoleNode>, AppError> {
    tree(state, Shown { only: Some(&req.ids), keyword: Keyword::parse(Some(&req.keyword)), allowed: None }).await
}

/// POST Role/getListByOrgIds: the global roles first (group 全局, id 1: they fit anyone, as
/// the JNPF server answers them), then each organisation with its roles (the user form's
/// options); groups without roles are left out.
pub async fn by_organisations(state: &AppState, _caller: &Member, req: ByOrganisations) -> Result<Vec<OptionGroup>, AppError> {
    let mut conn = state.db.acquire().await?;
    let rows = organisations::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    let roles = repo::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    let bindings = repo::bindings(&mut conn, None).await?;
    let options = |o: &organisations::Organize| {
        bindings
            .iter()
            .filter(|b| b.organize_id == o.id)
            .filter_map(|b| roles.iter().find(|r| r.id == b.role_id && r.global_mark == 0))
            .map(|r| IdFullName { id: r.id.clone(), full_name: r.full_name.clone() })
            .collect()
    };
    let global: Vec<IdFullName> = roles.iter().filter(|r| r.global_mark == 1).map(|r| IdFullName { id: r.id.clone(), full_name: r.full_name.clone() }).collect();
    let mut groups = Vec::new();
    if !global.is_empty() {
        groups.push(OptionGroup { id: GLOBAL_NODE.into(), full_name: GLOBAL.into(), children: global });
    }
    groups.extend(option_groups(&rows, &req.organize_ids, &options));
    Ok(groups)
}
