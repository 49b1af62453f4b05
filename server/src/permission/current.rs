//! 个人信息's 我的下属 and 系统权限 (jnpf-wire-areas.md §1.2): the caller's subordinates as a
//! lazy tree (`Users/Current/Subordinate/{id}`) and what the caller may use, one tree per
//! permission kind (`Users/Current/Authorize`).

use super::dto::{AuthorizeNode, CurrentAuthorize, SubordinateNode};
use super::service::{Grantee, current_system, menus_and_permissions};
use super::user::repo as users;
use crate::access::Member;
use crate::error::AppError;
use crate::state::AppState;
use crate::system::service::DEFAULT_AVATAR;
use qiming_core::permission::{PermissionEntry, PermissionItem};
use std::collections::BTreeMap;

use super::dto::Menu;

/// How far up a manager chain is followed (a chain that loops never ends otherwise).
const MAX_DEPTH: usize = 64;

/// GET Users/Current/Subordinate/{id}: one level of the caller's subordinates tree — the
/// users the caller manages (`0`), or those a subordinate (at any depth) manages. Another
/// user's subordinates are refused.
pub async fn subordinates(state: &AppState, caller: &Member, id: &str) -> Result<Vec<SubordinateNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let manager = if id == "0" || id.is_empty() { caller.user_id.clone() } else { id.to_string() };
    if manager != caller.user_id {
        let mut at = manager.clone();
        let mut below = false;
        for _ in 0..MAX_DEPTH {
            match users::manager_of(&mut conn, &at).await? {
                Some(m) if m == caller.user_id => {
                    below = true;
                    break;
                }
                Some(m) if !m.is_empty() => at = m,
                _ => break,
            }
        }
        if !below {
            return Err(AppError::bad("只能查看自己的下属"));
        }
    }
    let rows = users::subordinates_of(&mut conn, &manager).await?;
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let mut departments: BTreeMap<String, String> = BTreeMap::new();
    for m in users::organisations(&mut conn, &ids).await? {
        departments.entry(m.user_id).or_insert(m.name_tree);
    }
    let mut nodes = Vec::with_capacity(rows.len());
    for r in rows {
        let positions = users::held(&mut conn, &r.id, "Position").await?;
        nodes.push(SubordinateNode {
            user_name: format!("{}/{}", r.real_name, r.account),
            avatar: if r.head_icon.is_empty() { DEFAULT_AVATAR.to_string() } else { r.head_icon },
            department: departments.remove(&r.id).unwrap_or_default(),
            position: positions.into_iter().map(|(_, name)| name).collect::<Vec<_>>().join(","),
            is_leaf: r.subordinates == 0,
            id: r.id,
        });
    }
    Ok(nodes)
}

fn menu_node(m: &Menu, children: Vec<AuthorizeNode>) -> AuthorizeNode {
    AuthorizeNode { id: m.id.clone(), full_name: m.full_name.clone(), icon: m.icon.clone(), children }
}

fn item_node(i: &PermissionItem) -> AuthorizeNode {
    AuthorizeNode { id: i.id.clone(), full_name: i.full_name.clone(), icon: String::new(), children: Vec::new() }
}

/// The menus as nodes; with `items`, each page's items of one kind hang under it and menus
/// holding none (themselves or below) are left out.
fn tree(menus: &[Menu], items: Option<&dyn Fn(&str) -> Vec<AuthorizeNode>>) -> Vec<AuthorizeNode> {
    menus
        .iter()
        .filter_map(|m| {
            let mut children = tree(&m.children, items);
            match items {
                None => Some(menu_node(m, children)),
                Some(of) => {
                    children.extend(of(&m.id));
                    (!children.is_empty()).then(|| menu_node(m, children))
                }
            }
        })
        .collect()
}

/// GET Users/Current/Authorize: what the caller may use in the current system — the menus,
/// and for buttons, columns, form fields and resources the menus with those items under
/// them.
pub async fn authorize(state: &AppState, caller: &Member) -> Result<CurrentAuthorize, AppError> {
    let mut conn = state.db.acquire().await?;
    let Some(system_id) = current_system(&mut conn, caller).await? else { return Ok(CurrentAuthorize::default()) };
    let grantee = if caller.is_administrator { Grantee::Administrator } else { Grantee::User(&caller.user_id) };
    let (menus, permissions) = menus_and_permissions(state, &mut conn, &system_id, grantee).await?;
    let by_page: BTreeMap<&str, &PermissionEntry> = permissions.iter().map(|p| (p.model_id.as_str(), p)).collect();
    let kind = |pick: fn(&PermissionEntry) -> &Vec<PermissionItem>| {
        let of = |page: &str| by_page.get(page).map(|p| pick(p).iter().map(item_node).collect()).unwrap_or_default();
        tree(&menus, Some(&of))
    };
    Ok(CurrentAuthorize {
        module: tree(&menus, None),
        button: kind(|p| &p.button),
        column: kind(|p| &p.column),
        form: kind(|p| &p.form),
        resource: kind(|p| &p.resource),
    })
}
