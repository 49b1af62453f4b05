//! Organisations and departments: one tree whose id and name paths are kept up to date on
//! every move and rename, so that "this organisation and below" is a prefix match. Every
//! committed create, update and delete publishes `Event::OrganizationsChanged` (the pages of
//! other users reload their trees; crate::message::socket).

use super::dto::{CompanyForm, CompanyInfo, DepartmentForm, DepartmentInfo, IdFullName, OptionGroup, OrganizeNode, SelectorNode};
use super::repo::{self, NewOrganize, Organize};
use super::{AddOrganize, EditOrganize, RemoveOrganize, ViewOrganize};
use crate::state::AppState;
use crate::access::{DataScope, Member, Permit, Reason, Session, SystemJob};
use crate::db::{Arg, Conn, Keyword};
use crate::error::AppError;
use crate::live::Event;
use crate::permission::forms::{check, check_numbers, number, number_column, text, text_column};
use crate::support::new_id;
use crate::wire::Patch;
use qiming_core::entity::Form;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

pub const COMPANY: &str = "company";
pub const DEPARTMENT: &str = "department";
const ICON_COMPANY: &str = "icon-ym icon-ym-tree-organization3";
const ICON_DEPARTMENT: &str = "icon-ym icon-ym-tree-department1";

pub fn icon(category: &str) -> &'static str {
    if category == COMPANY { ICON_COMPANY } else { ICON_DEPARTMENT }
}

fn missing(category: &str) -> AppError {
    AppError::not_found(if category == COMPANY { "公司不存在" } else { "部门不存在" })
}

/// The ids of an id path.
fn ids_of(id_tree: &str) -> Vec<String> {
    id_tree.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect()
}

/// Builds the forest of `rows` (roots: rows whose parent is not among them), keeping order.
fn forest<T>(rows: &[Organize], make: &impl Fn(&Organize, Vec<T>) -> T) -> Vec<T> {
    let present: BTreeSet<&str> = rows.iter().map(|o| o.id.as_str()).collect();
    let mut children: BTreeMap<&str, Vec<&Organize>> = BTreeMap::new();
    let mut roots = Vec::new();
    for o in rows {
        if present.contains(o.parent_id.as_str()) && o.parent_id != o.id {
            children.entry(o.parent_id.as_str()).or_default().push(o);
        } else {
            roots.push(o);
        }
    }
    fn build<'a, T>(o: &'a Organize, children: &BTreeMap<&'a str, Vec<&'a Organize>>, make: &impl Fn(&Organize, Vec<T>) -> T) -> T {
        let kids = children.get(o.id.as_str()).map_or_else(Vec::new, |k| k.iter().map(|c| build(c, children, make)).collect());
        make(o, kids)
    }
    roots.into_iter().map(|o| build(o, &children, make)).collect()
}

fn management_node(o: &Organize, children: Vec<OrganizeNode>) -> OrganizeNode {
    OrganizeNode {
        id: o.id.clone(),
        parent_id: o.parent_id.clone(),
        full_name: o.full_name.clone(),
        en_code: o.en_code.clone(),
        category: o.category.clone(),
        icon: icon(&o.category).to_string(),
        manager_id: o.manager_id.clone(),
        sort_code: o.sort_code,
        enabled_mark: o.enabled_mark,
        creator_time: o.creator_time,
        has_children: !children.is_empty(),
        children,
    }
}

fn selector_node(o: &Organize, children: Vec<SelectorNode>) -> SelectorNode {
    SelectorNode {
        id: o.id.clone(),
        parent_id: o.parent_id.clone(),
        full_name: o.full_name.clone(),
        category: o.category.clone(),
        icon: icon(&o.category).to_string(),
        organize: o.name_tree.clone(),
        organize_ids: ids_of(&o.id_tree),
        last_full_name: (o.category == DEPARTMENT).then(|| o.name_tree.clone()),
        disabled: o.enabled_mark != 1,
        has_children: !children.is_empty(),
        is_leaf: children.is_empty(),
        children,
    }
}

/// The organisation tree with leaves hung under their organisations (positions, roles, …):
/// `leaves` gives an organisation's own leaves. With `prune`, branches holding no leaf are
/// left out.
pub fn tree_with_leaves(rows: &[Organize], leaves: &impl Fn(&Organize) -> Vec<SelectorNode>, prune: bool) -> Vec<SelectorNode> {
    let make = |o: &Organize, children: Vec<SelectorNode>| {
        let mut children = children;
        children.extend(leaves(o));
        selector_node(o, children)
    };
    let mut tree = forest(rows, &make);
    fn holds_leaf(n: &SelectorNode) -> bool {
        n.children.iter().any(|c| !matches!(c.category.as_str(), COMPANY | DEPARTMENT) || holds_leaf(c))
    }
    fn prune_tree(nodes: &mut Vec<SelectorNode>) {
        nodes.retain(|n| !matches!(n.category.as_str(), COMPANY | DEPARTMENT) || holds_leaf(n));
        for n in nodes.iter_mut() {
            prune_tree(&mut n.children);
            n.has_children = !n.children.is_empty();
            n.is_leaf = n.children.is_empty();
        }
    }
    if prune {
        prune_tree(&mut tree);
    }
    tree
}

/// A leaf of a picker tree under an organisation (a position, a role, a user).
pub fn leaf(id: &str, full_name: &str, category: &str, icon: &str, under: &Organize) -> SelectorNode {
    let mut ids = ids_of(&under.id_tree);
    ids.push(id.to_string());
    SelectorNode {
        id: id.to_string(),
        parent_id: under.id.clone(),
        full_name: full_name.to_string(),
        category: category.to_string(),
        icon: icon.to_string(),
        organize: format!("{}/{full_name}", under.name_tree),
        organize_ids: ids,
        last_full_name: None,
        disabled: false,
        has_children: false,
        is_leaf: true,
        children: Vec::new(),
    }
}

/// POST …/getListByOrgIds: each wanted organisation, in the order asked, with its options
/// (`options` gives an organisation's own); organisations without any are left out.
pub fn option_groups(rows: &[Organize], wanted: &[String], options: &impl Fn(&Organize) -> Vec<IdFullName>) -> Vec<OptionGroup> {
    wanted
        .iter()
        .filter_map(|id| rows.iter().find(|o| &o.id == id))
        .map(|o| OptionGroup { id: o.id.clone(), full_name: o.full_name.clone(), children: options(o) })
        .filter(|g| !g.children.is_empty())
        .collect()
}

/// The rows matching `keyword` (name or code) with their ancestors, so they still form a tree.
fn matching_with_ancestors(rows: Vec<Organize>, keyword: Option<&Keyword>) -> Vec<Organize> {
    let Some(keyword) = keyword else { return rows };
    let keep: BTreeSet<String> = rows
        .iter()
        .filter(|o| keyword.matches(&o.full_name) || keyword.matches(&o.en_code))
        .flat_map(|o| ids_of(&o.id_tree))
        .collect();
    rows.into_iter().filter(|o| keep.contains(&o.id)).collect()
}

/// GET Organize: the management tree within the permit's scope (ORG-019).
pub async fn tree(state: &AppState, permit: &Permit<ViewOrganize>, keyword: Option<&str>) -> Result<Vec<OrganizeNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let rows = repo::all(&mut conn, permit.scope()).await?;
    let rows = matching_with_ancestors(rows, Keyword::parse(keyword).as_ref());
    Ok(forest(&rows, &management_node))
}

/// Which organisations a picker offers.
pub enum Picker<'a> {
    /// Every organisation (the lookup every form uses to show names).
    Every,
    /// Companies only.
    Companies,
    /// What the caller may manage: everything for an administrator, else their own
    /// organisation and below.
    Managed,
    /// These organisations and what is below them.
    Under(&'a [String]),
}

/// The picker trees (ORG-009, ORG-020): `excluded` (the node being edited, with everything
/// below it) is left out so that it cannot become its own parent.
pub async fn selector(state: &AppState, caller: &Member, picker: Picker<'_>, excluded: Option<&str>, keyword: Option<&str>) -> Result<Vec<SelectorNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let mut rows = repo::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    let excluded_tree = excluded.filter(|id| *id != "0").and_then(|id| rows.iter().find(|o| o.id == id).map(|o| o.id_tree.clone()));
    if let Some(tree) = excluded_tree {
        rows.retain(|o| !(o.id_tree == tree || o.id_tree.starts_with(&format!("{tree},"))));
    }
    match picker {
        Picker::Every => {}
        Picker::Companies => rows.retain(|o| o.category == COMPANY),
        Picker::Managed if caller.is_administrator => {}
        Picker::Managed => {
            let own = rows.iter().find(|o| o.id == caller.organize_id).map(|o| o.id_tree.clone());
            rows.retain(|o| own.as_ref().is_some_and(|t| o.id_tree == *t || o.id_tree.starts_with(&format!("{t},"))));
        }
        Picker::Under(ids) => {
            let trees: Vec<String> = rows.iter().filter(|o| ids.contains(&o.id)).map(|o| o.id_tree.clone()).collect();
            rows.retain(|o| trees.iter().any(|t| o.id_tree == *t || o.id_tree.starts_with(&format!("{t},"))));
        }
    }
    let rows = matching_with_ancestors(rows, Keyword::parse(keyword).as_ref());
    Ok(forest(&rows, &selector_node))
}

/// The virtual top organisation (ORG-002): a company's parent may be '-1'.
pub const TOP_ID: &str = "-1";
pub const TOP_NAME: &str = "顶级节点";

/// GET Organize/SelectorByAuth/{id}: the parents a company may take. Administrators are
/// offered the virtual top node 顶级节点 (id -1) first, as the JNPF server does, so the first
/// company of a fresh installation can be made from the JNPF client; then the companies, the
/// edited one and below left out.
pub async fn company_parents(state: &AppState, caller: &Member, editing: &str) -> Result<Vec<SelectorNode>, AppError> {
    let mut list = selector(state, caller, Picker::Companies, Some(editing), None).await?;
    if caller.is_administrator {
        list.insert(
            0,
            SelectorNode {
                id: TOP_ID.into(),
                parent_id: "0".into(),
                full_name: TOP_NAME.into(),
                category: COMPANY.into(),
                icon: ICON_COMPANY.into(),
                organize: TOP_NAME.into(),
                organize_ids: vec![TOP_ID.into()],
                last_full_name: None,
                disabled: false,
                has_children: false,
                is_leaf: true,
                children: Vec::new(),
            },
        );
    }
    Ok(list)
}

async fn info(conn: &mut Conn, scope: &DataScope, id: &str, category: &str) -> Result<Organize, AppError> {
    repo::by_id(conn, scope, id).await?.filter(|o| o.category == category).ok_or_else(|| missing(category))
}

/// The id path of an organisation's parent (`["-1"]` at the top).
fn parent_path(o: &Organize) -> Vec<String> {
    let mut ids = ids_of(&o.id_tree);
    ids.pop();
    if ids.is_empty() { vec!["-1".into()] } else { ids }
}

/// GET Organize/{id}.
pub async fn company(state: &AppState, permit: &Permit<ViewOrganize>, id: &str) -> Result<CompanyInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    let o = info(&mut conn, permit.scope(), id, COMPANY).await?;
    Ok(CompanyInfo {
        organize_id_tree: parent_path(&o),
        id: o.id,
        parent_id: o.parent_id,
        full_name: o.full_name,
        en_code: o.en_code,
        enabled_mark: o.enabled_mark,
        sort_code: o.sort_code,
        description: o.description,
        property_json: o.property_json,
    })
}

/// GET Organize/Department/{id}.
pub async fn department(state: &AppState, permit: &Permit<ViewOrganize>, id: &str) -> Result<DepartmentInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    let o = info(&mut conn, permit.scope(), id, DEPARTMENT).await?;
    let mut tree = ids_of(&o.id_tree);
    tree.pop();
    Ok(DepartmentInfo {
        organize_id_tree: tree,
        id: o.id,
        parent_id: o.parent_id,
        manager_id: o.manager_id,
        full_name: o.full_name,
        en_code: o.en_code,
        sort_code: o.sort_code,
        enabled_mark: o.enabled_mark,
        description: o.description,
    })
}

/// The parent a node of `category` may hang under: a company (or the top, '-1') for a
/// company; a company or a department for a department.
async fn parent_for(conn: &mut Conn, category: &str, parent_id: &str) -> Result<Option<Organize>, AppError> {
    if parent_id == "-1" {
        return if category == COMPANY {
            Ok(None)
        } else {
            Err(AppError::field("parentId", "部门必须属于一个公司或部门"))
        };
    }
    let parent = repo::node(conn, &DataScope::unrestricted(Reason::Structure), parent_id).await?.ok_or_else(|| AppError::field("parentId", "上级组织不存在"))?;
    if category == COMPANY && parent.category != COMPANY {
        return Err(AppError::field("parentId", "公司的上级只能是公司"));
    }
    Ok(Some(parent))
}

fn paths(parent: Option<&Organize>, id: &str, name: &str) -> (String, String) {
    match parent {
        Some(p) => (format!("{},{id}", p.id_tree), format!("{}/{name}", p.name_tree)),
        None => (id.to_string(), name.to_string()),
    }
}

struct Creation<'a> {
    category: &'a str,
    parent_id: String,
    full_name: String,
    en_code: String,
    manager_id: String,
    property_json: String,
    sort_code: i64,
    enabled_mark: i64,
    description: String,
}

async fn create(state: &AppState, caller: &Session, c: Creation<'_>) -> Result<String, AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let id = insert(&mut tx, &caller.user_id, c, now).await?;
    tx.commit().await?;
    state.live.publish(Event::organizations_changed(&caller.user_id));
    Ok(id)
}

/// Stores a checked organisation under its parent (its id and name paths from the parent's).
async fn insert(conn: &mut Conn, creator: &str, c: Creation<'_>, now: i64) -> Result<String, AppError> {
    let id = new_id();
    let parent = parent_for(conn, c.category, &c.parent_id).await?;
    let (id_tree, name_tree) = paths(parent.as_ref(), &id, &c.full_name);
    let new = NewOrganize {
        id: &id,
        parent_id: &c.parent_id,
        category: c.category,
        full_name: &c.full_name,
        en_code: &c.en_code,
        manager_id: &c.manager_id,
        property_json: &c.property_json,
        id_tree: &id_tree,
        name_tree: &name_tree,
        sort_code: c.sort_code,
        enabled_mark: c.enabled_mark,
        description: &c.description,
        creator_user_id: creator,
    };
    repo::insert(conn, &new, now).await?;
    Ok(id)
}

fn property_text(p: &Patch<Value>) -> String {
    match p {
        Patch::Value(Value::String(s)) => s.clone(),
        Patch::Value(v) => v.to_string(),
        _ => "{}".to_string(),
    }
}

/// POST Organize: a company.
pub async fn create_company(state: &AppState, permit: &Permit<AddOrganize>, form: CompanyForm) -> Result<String, AppError> {
    check(Form::Company, &form, true)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let creation = Creation {
        category: COMPANY,
        parent_id: text(&form.parent_id),
        full_name: text(&form.full_name),
        en_code: text(&form.en_code),
        manager_id: String::new(),
        property_json: property_text(&form.property_json),
        sort_code: number(&form.sort_code, 0),
        enabled_mark: number(&form.enabled_mark, 1),
        description: text(&form.description),
    };
    create(state, permit.caller(), creation).await
}

/// POST Organize/Department.
pub async fn create_department(state: &AppState, permit: &Permit<AddOrganize>, form: DepartmentForm) -> Result<String, AppError> {
    create(state, permit.caller(), department_creation(&form)?).await
}

/// A department made by a system job (the third-party import) inside the job's transaction,
/// under the rules of POST Organize/Department.
pub async fn create_department_in(conn: &mut Conn, job: &SystemJob, form: DepartmentForm, now: i64) -> Result<String, AppError> {
    insert(conn, job.user_id(), department_creation(&form)?, now).await
}

/// A department form checked by core's rules, as a creation.
fn department_creation(form: &DepartmentForm) -> Result<Creation<'static>, AppError> {
    check(Form::Department, form, true)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    Ok(Creation {
        category: DEPARTMENT,
        parent_id: text(&form.parent_id),
        full_name: text(&form.full_name),
        en_code: text(&form.en_code),
        manager_id: text(&form.manager_id),
        property_json: "{}".to_string(),
        sort_code: number(&form.sort_code, 0),
        enabled_mark: number(&form.enabled_mark, 1),
        description: text(&form.description),
    })
}

/// What an update sends, common to both forms.
struct Change {
    parent_id: Patch<String>,
    full_name: Patch<String>,
    columns: Vec<(&'static str, Arg)>,
}

async fn update(state: &AppState, permit: &Permit<EditOrganize>, id: &str, category: &str, change: Change) -> Result<(), AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    apply(&mut tx, permit.scope(), &permit.caller().user_id, id, category, change, now).await?;
    tx.commit().await?;
    state.live.publish(Event::organizations_changed(&permit.caller().user_id));
    Ok(())
}

/// Changes an organisation: a new name or parent rewrites the paths below it.
async fn apply(conn: &mut Conn, scope: &DataScope, by: &str, id: &str, category: &str, change: Change, now: i64) -> Result<(), AppError> {
    let current = info(conn, scope, id, category).await?;
    let mut columns = change.columns;
    let parent_id = match &change.parent_id {
        Patch::Value(p) if p.trim() != current.parent_id => Some(p.trim().to_string()),
        _ => None,
    };
    let name = match &change.full_name {
        Patch::Value(n) if n.trim() != current.full_name => Some(n.trim().to_string()),
        _ => None,
    };
    if let Some(name) = &name {
        columns.push(("full_name", name.as_str().into()));
    }
    if parent_id.is_some() || name.is_some() {
        let parent_id = parent_id.clone().unwrap_or_else(|| current.parent_id.clone());
        let parent = parent_for(conn, category, &parent_id).await?;
        if let Some(p) = &parent
            && (p.id_tree == current.id_tree || p.id_tree.starts_with(&format!("{},", current.id_tree)))
        {
            return Err(AppError::field("parentId", "上级组织不能是自己或下级组织"));
        }
        columns.push(("parent_id", parent_id.as_str().into()));
        let (id_tree, name_tree) = paths(parent.as_ref(), &current.id, name.as_deref().unwrap_or(&current.full_name));
        move_subtree(conn, &current, &id_tree, &name_tree).await?;
    }
    repo::update(conn, id, columns, by, now).await
}

/// Rewrites the paths of `node` and everything below it.
async fn move_subtree(conn: &mut Conn, node: &Organize, id_tree: &str, name_tree: &str) -> Result<(), AppError> {
    for o in repo::subtree(conn, &DataScope::unrestricted(Reason::Structure), &node.id_tree).await? {
        let ids = format!("{id_tree}{}", &o.id_tree[node.id_tree.len()..]);
        let names = match o.name_tree.strip_prefix(&node.name_tree) {
            Some(rest) => format!("{name_tree}{rest}"),
            None => o.name_tree.clone(),
        };
        repo::set_paths(conn, &o.id, &ids, &names).await?;
    }
    Ok(())
}

fn common_columns(en_code: &Patch<String>, sort_code: &Patch<i64>, enabled_mark: &Patch<i64>, description: &Patch<String>) -> Vec<(&'static str, Arg)> {
    let mut columns = Vec::new();
    text_column(&mut columns, "en_code", en_code);
    number_column(&mut columns, "sort_code", sort_code);
    number_column(&mut columns, "enabled_mark", enabled_mark);
    text_column(&mut columns, "description", description);
    columns
}

/// PUT Organize/{id}: a company; only what is sent changes.
pub async fn update_company(state: &AppState, permit: &Permit<EditOrganize>, id: &str, form: CompanyForm) -> Result<(), AppError> {
    check(Form::Company, &form, false)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let mut columns = common_columns(&form.en_code, &form.sort_code, &form.enabled_mark, &form.description);
    if !form.property_json.is_absent() {
        columns.push(("property_json", property_text(&form.property_json).into()));
    }
    update(state, permit, id, COMPANY, Change { parent_id: form.parent_id, full_name: form.full_name, columns }).await
}

/// PUT Organize/Department/{id}; only what is sent changes.
pub async fn update_department(state: &AppState, permit: &Permit<EditOrganize>, id: &str, form: DepartmentForm) -> Result<(), AppError> {
    update(state, permit, id, DEPARTMENT, department_change(form)?).await
}

/// A department changed by a system job inside the job's transaction, under the rules of
/// PUT Organize/Department/{id}.
pub async fn update_department_in(conn: &mut Conn, job: &SystemJob, id: &str, form: DepartmentForm, now: i64) -> Result<(), AppError> {
    apply(conn, &job.scope(), job.user_id(), id, DEPARTMENT, department_change(form)?, now).await
}

fn department_change(form: DepartmentForm) -> Result<Change, AppError> {
    check(Form::Department, &form, false)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let mut columns = common_columns(&form.en_code, &form.sort_code, &form.enabled_mark, &form.description);
    text_column(&mut columns, "manager_id", &form.manager_id);
    Ok(Change { parent_id: form.parent_id, full_name: form.full_name, columns })
}

/// DELETE Organize/{id} (companies and departments): refused while anything hangs on it.
pub async fn delete(state: &AppState, permit: &Permit<RemoveOrganize>, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let found = repo::by_id(&mut tx, permit.scope(), id).await?.ok_or_else(|| AppError::not_found("组织不存在"))?;
    let (children, users, positions, roles) = repo::dependants(&mut tx, &found.id).await?;
    let refusal = if children > 0 {
        Some("该组织下有下级组织，不能删除")
    } else if users > 0 {
        Some("该组织下有用户，不能删除")
    } else if positions > 0 {
        Some("该组织下有岗位，不能删除")
    } else if roles > 0 {
        Some("该组织下有角色，不能删除")
    } else {
        None
    };
    if let Some(msg) = refusal {
        return Err(AppError::bad(msg));
    }
    repo::delete(&mut tx, &found.id).await?;
    tx.commit().await?;
    state.live.publish(Event::organizations_changed(&permit.caller().user_id));
    Ok(())
}

/// A company's form steps under the names the generic handlers call (`crud::handlers!`).
pub mod companies {
    pub use super::{company as info, create_company as create, delete, update_company as update};
}

/// A department's form steps under the names the generic handlers call (`crud::handlers!`).
pub mod departments {
    pub use super::{create_department as create, department as info, update_department as update};
}
