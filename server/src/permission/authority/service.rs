//! The authorisation wizard's rules. Who may authorise an object: whoever may edit it on its
//! page (a role on the role page, a position on the position page, a user on the user page),
//! within that page's data scope. What they may hand out: everything for the administrator,
//! else only what they hold themselves; grants of the object they cannot see stay as they are.

use super::dto::{AuthorityBatch, AuthorityNode, AuthoritySave, AuthorityValues, ColumnSetting, ColumnSettingsForm, ValuesRequest};
use super::repo::{self, Grantable};
use crate::state::AppState;
use crate::access::{self, Member, Permit};
use crate::db::Conn;
use crate::error::AppError;
use crate::permission::position::{EditPosition, repo as positions};
use crate::permission::role::{EditRole, repo as roles};
use crate::permission::user::{EditUser, repo as users};
use std::collections::{BTreeMap, BTreeSet};

const MISSING: &str = "对象不存在";
/// The page items a menu can grant, in the wizard's order after systems and menus.
const ITEM_KINDS: [&str; 4] = ["button", "column", "form", "resource"];
/// objectId of the batch page: no object, nothing ticked.
const NO_OBJECT: &str = "0";

/// What the caller may hand out: None for everything (the administrator).
struct Holdings(Option<BTreeSet<(String, String)>>);

impl Holdings {
    async fn of(conn: &mut Conn, caller: &Member) -> Result<Holdings, AppError> {
        Ok(Holdings(if caller.is_administrator { None } else { Some(access::granted(conn, &caller.user_id).await?) }))
    }

    fn holds(&self, kind: &str, id: &str) -> bool {
        self.0.as_ref().is_none_or(|held| held.contains(&(kind.to_string(), id.to_string())))
    }
}

/// The type of the object being authorised, after checking that the caller may edit it.
async fn editable(state: &AppState, caller: &Member, conn: &mut Conn, object_id: &str) -> Result<String, AppError> {
    let kind = repo::object_type(conn, object_id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let reachable = match kind.as_str() {
        "Role" => roles::by_id(conn, Permit::<EditRole>::demand(state, caller).await?.scope(), object_id).await?.is_some(),
        "Position" => positions::by_id(conn, Permit::<EditPosition>::demand(state, caller).await?.scope(), object_id).await?.is_some(),
        _ => users::by_id(conn, Permit::<EditUser>::demand(state, caller).await?.scope(), object_id).await?.is_some(),
    };
    if !reachable {
        return Err(AppError::not_found(MISSING));
    }
    Ok(kind)
}

fn csv(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

fn node(g: &Grantable, children: Vec<AuthorityNode>) -> AuthorityNode {
    AuthorityNode { id: g.id.clone(), full_name: g.full_name.clone(), icon: g.icon.clone(), children }
}

/// The menus as a forest (roots: menus whose parent is not among them), each menu followed by
/// `leaves(menu)`; with `prune`, menus without any leaf below are left out.
fn menu_forest(menus: &[Grantable], leaves: &impl Fn(&Grantable) -> Vec<AuthorityNode>, prune: bool) -> Vec<AuthorityNode> {
    let present: BTreeSet<&str> = menus.iter().map(|m| m.id.as_str()).collect();
    fn build(m: &Grantable, menus: &[Grantable], leaves: &impl Fn(&Grantable) -> Vec<AuthorityNode>, prune: bool) -> Option<AuthorityNode> {
        let mut children: Vec<AuthorityNode> = menus.iter().filter(|c| c.parent_id == m.id && c.id != m.id).filter_map(|c| build(c, menus, leaves, prune)).collect();
        children.extend(leaves(m));
        if prune && children.is_empty() {
            return None;
        }
        Some(node(m, children))
    }
    menus.iter().filter(|m| !present.contains(m.parent_id.as_str())).filter_map(|m| build(m, menus, leaves, prune)).collect()
}

/// Every id of a tree, and its leaves.
fn ids_of(nodes: &[AuthorityNode], all: &mut Vec<String>, leaves: &mut BTreeSet<String>) {
    for n in nodes {
        all.push(n.id.clone());
        if n.children.is_empty() {
            leaves.insert(n.id.clone());
        }
        ids_of(&n.children, all, leaves);
    }
}

/// Systems the caller may hand out: those granted to them, or holding a menu granted to them.
async fn systems(conn: &mut Conn, holdings: &Holdings) -> Result<Vec<Grantable>, AppError> {
    let every = repo::systems(conn).await?;
    if holdings.0.is_none() {
        return Ok(every);
    }
    let menus = repo::every_menu(conn).await?;
    Ok(every
        .into_iter()
        .filter(|s| holdings.holds("system", &s.id) || menus.iter().any(|m| m.owner == s.id && holdings.holds("module", &m.id)))
        .collect())
}

/// POST Authority/Data/{objectId}/Values: the tree of one step, what the object holds of it
/// (the ticked leaves: a ticked parent would tick all its children) and every id of it.
pub async fn values(state: &AppState, caller: &Member, object_id: &str, req: ValuesRequest) -> Result<AuthorityValues, AppError> {
    let mut conn = state.db.acquire().await?;
    let granted: BTreeSet<(String, String)> = if object_id == NO_OBJECT {
        Permit::<EditRole>::demand(state, caller).await?;
        BTreeSet::new()
    } else {
        let kind = editable(state, caller, &mut conn, object_id).await?;
        repo::grants(&mut conn, &kind, object_id).await?.into_iter().collect()
    };
    let holdings = Holdings::of(&mut conn, caller).await?;
    let (list, kind) = match req.kind.as_str() {
        "system" => (systems(&mut conn, &holdings).await?.iter().map(|s| node(s, Vec::new())).collect::<Vec<_>>(), "system"),
        "module" => {
            let wanted = csv(&req.module_ids);
            let chosen: Vec<Grantable> = systems(&mut conn, &holdings).await?.into_iter().filter(|s| wanted.contains(&s.id)).collect();
            let ids: Vec<String> = chosen.iter().map(|s| s.id.clone()).collect();
            let menus: Vec<Grantable> = repo::menus(&mut conn, &ids).await?.into_iter().filter(|m| holdings.holds("module", &m.id)).collect();
            let list = chosen
                .iter()
                .map(|s| {
                    let own: Vec<Grantable> = menus.iter().filter(|m| m.owner == s.id).cloned().collect();
                    node(s, menu_forest(&own, &|_| Vec::new(), false))
                })
                .collect();
            (list, "module")
        }
        kind @ ("button" | "column" | "form" | "resource") => {
            let wanted = csv(&req.module_ids);
            let menus: Vec<Grantable> = repo::every_menu(&mut conn).await?.into_iter().filter(|m| wanted.contains(&m.id) && holdings.holds("module", &m.id)).collect();
            let ids: Vec<String> = menus.iter().map(|m| m.id.clone()).collect();
            let items: Vec<Grantable> = repo::items(&mut conn, kind, &ids).await?.into_iter().filter(|i| holdings.holds(kind, &i.id)).collect();
            let mut by_menu: BTreeMap<&str, Vec<AuthorityNode>> = BTreeMap::new();
            for i in &items {
                by_menu.entry(i.owner.as_str()).or_default().push(node(i, Vec::new()));
            }
            let list = menu_forest(&menus, &|m| by_menu.get(m.id.as_str()).cloned().unwrap_or_default(), true);
            (list, kind)
        }
        _ => return Err(AppError::field("type", "类型只能是system、module、button、column、form或resource")),
    };
    let (mut all, mut leaves) = (Vec::new(), BTreeSet::new());
    ids_of(&list, &mut all, &mut leaves);
    let ids = granted.iter().filter(|(t, id)| t == kind && leaves.contains(id)).map(|(_, id)| id.clone()).collect();
    Ok(AuthorityValues { list, ids, all })
}

/// The grants a request names, each of a kind that exists and that the caller may hand out.
async fn wanted(conn: &mut Conn, holdings: &Holdings, systems: &[String], module: &[String], items: [&[String]; 4]) -> Result<Vec<(&'static str, String)>, AppError> {
    let known_systems = repo::systems(conn).await?;
    let menus = repo::every_menu(conn).await?;
    let menu_ids: Vec<String> = menus.iter().map(|m| m.id.clone()).collect();
    let mut grants: Vec<(&'static str, String)> = Vec::new();
    for id in systems {
        if known_systems.iter().any(|s| &s.id == id) && holdings.holds("system", id) {
            grants.push(("system", id.clone()));
        }
    }
    for id in module {
        if menu_ids.contains(id) && holdings.holds("module", id) {
            grants.push(("module", id.clone()));
        }
    }
    for (kind, sent) in ITEM_KINDS.into_iter().zip(items) {
        let known = repo::items(conn, kind, &menu_ids).await?;
        for id in sent {
            if known.iter().any(|i| &i.id == id) && holdings.holds(kind, id) {
                grants.push((kind, id.clone()));
            }
        }
    }
    grants.sort();
    grants.dedup();
    Ok(grants)
}

/// PUT Authority/Data/{objectId}: the object's grants become what was sent (of what the
/// caller may hand out; the rest of what it held stays).
pub async fn save(state: &AppState, caller: &Member, object_id: &str, req: AuthoritySave) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let kind = editable(state, caller, &mut tx, object_id).await?;
    if !req.object_type.is_empty() && !req.object_type.eq_ignore_ascii_case(&kind) {
        return Err(AppError::field("objectType", "对象类型与对象不符"));
    }
    let holdings = Holdings::of(&mut tx, caller).await?;
    let mut grants = wanted(&mut tx, &holdings, &req.system_ids, &req.module, [&req.button, &req.column, &req.form, &req.resource]).await?;
    // Grants the caller cannot see are not theirs to take away.
    for (item_type, item_id) in repo::grants(&mut tx, &kind, object_id).await? {
        if !holdings.holds(&item_type, &item_id)
            && let Some(known) = ["system", "module", "button", "column", "form", "resource"].into_iter().find(|k| *k == item_type)
        {
            grants.push((known, item_id));
        }
    }
    repo::replace(&mut tx, &kind, object_id, &grants).await?;
    let holders = holders(&mut tx, &kind, object_id).await?;
    tx.commit().await?;
    // The holders' pages reload what they may see (CHAT-030).
    state.live.publish(crate::live::Event::permissions_of(holders, &caller.user_id));
    Ok(())
}

/// The users an object's grants reach: a user itself, else the members of the role,
/// position, group or organisation.
async fn holders(conn: &mut Conn, kind: &str, object_id: &str) -> Result<Vec<String>, AppError> {
    if kind == "User" {
        return Ok(vec![object_id.to_string()]);
    }
    crate::permission::relation::repo::members(conn, kind, object_id).await
}

/// POST Authority/Data/Batch: adds the grants to each role named (other ids — the role
/// picker's organisation nodes — are skipped; a role outside the caller's reach is refused).
pub async fn batch(state: &AppState, caller: &Member, req: AuthorityBatch) -> Result<(), AppError> {
    let permit = Permit::<EditRole>::demand(state, caller).await?;
    let mut tx = state.db.begin().await?;
    let holdings = Holdings::of(&mut tx, caller).await?;
    let grants = wanted(&mut tx, &holdings, &req.system_ids, &req.module, [&req.button, &req.column, &req.form, &req.resource]).await?;
    let mut roles_done = 0;
    let mut reached = Vec::new();
    for id in &req.role_ids {
        if repo::object_type(&mut tx, id).await?.as_deref() != Some("Role") {
            continue;
        }
        if roles::by_id(&mut tx, permit.scope(), id).await?.is_none() {
            return Err(AppError::not_found("角色不存在"));
        }
        repo::add(&mut tx, "Role", id, &grants).await?;
        roles_done += 1;
        reached.extend(holders(&mut tx, "Role", id).await?);
    }
    if roles_done == 0 {
        return Err(AppError::field("roleIds", "请选择角色"));
    }
    tx.commit().await?;
    state.live.publish(crate::live::Event::permissions_of(reached, &caller.user_id));
    Ok(())
}

// ---- Column settings per user and list (issue 28 §3, jnpf-wire-engine2.md §5) ----

/// At most this many columns are kept for one list.
const MAX_COLUMNS: usize = 500;

/// GET Authority/GetColumnsByModuleId/{menuId}: the caller's own columns of that menu's list,
/// as last saved; the empty list when none were (the JNPF client awaits this answer).
pub async fn columns(state: &AppState, caller: &Member, menu_id: &str) -> Result<Vec<ColumnSetting>, AppError> {
    let mut conn = state.db.acquire().await?;
    let Some(text) = repo::column_settings(&mut conn, &caller.user_id, menu_id).await? else { return Ok(Vec::new()) };
    Ok(serde_json::from_str(&text).unwrap_or_default())
}

/// The columns of a `fieldList` (LIST-006): each an object with a non-empty `prop`, its
/// `label`, and `visible` or `columnVisible` (shown when neither is given); a prop listed
/// twice is kept once, where it first stands.
pub fn parse_columns(field_list: &str) -> Result<Vec<ColumnSetting>, AppError> {
    const BAD: &str = "列设置格式不正确";
    let items: Vec<serde_json::Value> = serde_json::from_str(field_list).map_err(|_| AppError::field("fieldList", BAD))?;
    if items.len() > MAX_COLUMNS {
        return Err(AppError::field("fieldList", format!("列设置最多{MAX_COLUMNS}列")));
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for item in &items {
        let text = |key: &str| item.get(key).and_then(serde_json::Value::as_str).map(str::trim);
        let prop = text("prop").filter(|p| !p.is_empty() && p.chars().count() <= 200).ok_or_else(|| AppError::field("fieldList", BAD))?;
        let label = text("label").unwrap_or("");
        let flag = |key: &str| item.get(key).map(|v| v.as_bool().or_else(|| v.as_i64().map(|n| n != 0)));
        let visible = match (flag("visible"), flag("columnVisible")) {
            (Some(None), _) | (_, Some(None)) => return Err(AppError::field("fieldList", BAD)),
            (Some(Some(v)), _) | (None, Some(Some(v))) => v,
            (None, None) => true,
        };
        if seen.insert(prop.to_string()) {
            out.push(ColumnSetting { prop: prop.to_string(), label: label.chars().take(200).collect(), visible, column_visible: visible });
        }
    }
    Ok(out)
}

/// PUT Authority/SetColumnsByModuleId: stores the caller's columns of a menu's list (their
/// own view only, so no permission beyond being signed in); an empty list clears them.
pub async fn set_columns(state: &AppState, caller: &Member, form: ColumnSettingsForm) -> Result<(), AppError> {
    let module_id = form.module_id.trim();
    if module_id.is_empty() || module_id.len() > 100 {
        return Err(AppError::field("moduleId", "菜单不能为空"));
    }
    let columns = parse_columns(&form.field_list)?;
    let mut conn = state.db.acquire().await?;
    if columns.is_empty() {
        repo::clear_column_settings(&mut conn, &caller.user_id, module_id).await
    } else {
        let text = serde_json::to_string(&columns).map_err(anyhow::Error::from)?;
        repo::save_column_settings(&mut conn, &caller.user_id, module_id, &text, state.clock.now_ms()).await
    }
}
