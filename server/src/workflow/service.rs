//! Flow templates (流程设计, jnpf-wire-engine2.md §7.12): the template form, its flows and
//! their versions, copy, enable and stop. The engine is [`super::engine`].
//!
//! Versions (docs/workflow.md): a save rewrites a flow's main version in place while no task
//! uses it; once a task does, a changed node tree becomes a new version and the answer is
//! `{id: <version>, isMainVersion: true}` — the client then asks whether to make it the main
//! version (`POST flowTemplate/{id}/MainVersion`). Tasks always finish on their own version.

use super::dto::{
    CategoryGroup, CategoryGroups, FlowJson, FlowRow, LaunchQuery, LaunchTemplate, NewVersion, TemplateForm, TemplateInfo, TemplateListRow, TemplateOption, TemplateQuery, TemplateRow, VersionRow,
};
use super::repo;
use crate::access::{Admin, Member};
use crate::db::{Conn, Keyword};
use crate::error::{AppError, FieldErrors};
use crate::state::AppState;
use crate::support::new_id;
use crate::wire::{Page, PageOf};
use qiming_core::flow::FlowTree;
use serde_json::{Value, json};

const MISSING: &str = "流程不存在";
pub const USED: &str = "流程已被使用，不能删除";

/// A flow of the template form: the client's flowId, its name and its node tree.
struct FlowItem {
    flow_id: String,
    full_name: String,
    tree: Value,
}

fn json_value(v: &Value) -> Result<Value, AppError> {
    match v {
        Value::String(s) if s.trim().is_empty() => Ok(Value::Null),
        Value::String(s) => serde_json::from_str(s).map_err(|_| AppError::field("flowTemplateJson", "流程定义格式不正确")),
        other => Ok(other.clone()),
    }
}

/// The designer's checks of one flow (请完善{流程名称}的流程设计): a readable tree whose root is
/// the start node, every approver of 指定成员 with somebody chosen, every condition branch with
/// conditions (each with its field and comparison) unless it is the default one — core's
/// `flow::incomplete_node`, which the designer runs through WASM.
pub fn check_tree(name: &str, tree: &Value) -> Result<FlowTree, AppError> {
    let incomplete = || AppError::field("flowTemplateJson", format!("请完善{name}的流程设计"));
    // The designer runs the same rule through WASM before it saves.
    if qiming_core::flow::incomplete_node(tree).is_some() {
        return Err(incomplete());
    }
    FlowTree::parse(tree).map_err(|_| incomplete())
}

/// The flows of the form's `flowTemplateJson`; None when it was not sent.
fn flow_items(form: &TemplateForm, template_name: &str) -> Result<Option<Vec<FlowItem>>, AppError> {
    let Some(raw) = &form.flow_template_json else { return Ok(None) };
    let list = match json_value(raw)? {
        Value::Null => return Ok(None),
        Value::Array(items) => items,
        _ => return Err(AppError::field("flowTemplateJson", "流程定义格式不正确")),
    };
    let mut out = Vec::new();
    for item in list {
        let full_name = item.get("fullName").and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).unwrap_or(template_name).to_string();
        let tree = json_value(item.get("flowTemplateJson").unwrap_or(&Value::Null))?;
        check_tree(&full_name, &tree)?;
        let flow_id = item.get("flowId").and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map_or_else(new_id, str::to_string);
        if out.iter().any(|f: &FlowItem| f.flow_id == flow_id) {
            return Err(AppError::field("flowTemplateJson", "流程定义格式不正确"));
        }
        out.push(FlowItem { flow_id, full_name, tree });
    }
    Ok(Some(out))
}

fn trimmed(v: &Option<String>) -> Option<String> {
    v.as_ref().map(|s| s.trim().to_string())
}

/// The template after the form, every message of step 1 at once.
async fn apply_form(conn: &mut Conn, found: Option<&TemplateRow>, form: &TemplateForm, id: &str) -> Result<TemplateRow, AppError> {
    let keep = |sent: Option<String>, old: Option<&String>| sent.unwrap_or_else(|| old.cloned().unwrap_or_default());
    let t = TemplateRow {
        id: id.to_string(),
        full_name: keep(trimmed(&form.full_name), found.map(|f| &f.full_name)),
        en_code: keep(trimmed(&form.en_code), found.map(|f| &f.en_code)),
        category: keep(trimmed(&form.category), found.map(|f| &f.category)),
        template_type: form.template_type.or(found.map(|f| f.template_type)).unwrap_or(0),
        icon: keep(trimmed(&form.icon), found.map(|f| &f.icon)),
        icon_background: keep(trimmed(&form.icon_background), found.map(|f| &f.icon_background)),
        sort_code: form.sort_code.or(found.map(|f| f.sort_code)).unwrap_or(0),
        enabled_mark: found.map_or(0, |f| f.enabled_mark),
        description: keep(form.description.clone(), found.map(|f| &f.description)),
    };
    let mut problems = FieldErrors::new();
    let mut add = |field: &str, msg: &str| problems.entry(field.to_string()).or_default().push(msg.to_string());
    if t.full_name.is_empty() {
        add("fullName", "流程名称不能为空");
    } else if t.full_name.chars().count() > 50 {
        add("fullName", "流程名称最多为50个字符");
    }
    if t.en_code.is_empty() {
        add("enCode", "流程编码不能为空");
    } else if !t.en_code.chars().all(|c| c.is_alphanumeric() || c == '_') || t.en_code.chars().count() > 50 {
        add("enCode", "请输入正确的流程编码");
    } else if repo::code_taken(conn, &t.en_code, id).await? {
        add("enCode", "流程编码已存在");
    }
    if t.category.is_empty() {
        add("category", "流程分类不能为空");
    }
    if !matches!(t.template_type, 0 | 1) {
        add("type", "流程类型只能是0（发起流程）或1（功能流程）");
    }
    if !problems.is_empty() {
        return Err(AppError::fields(problems));
    }
    Ok(t)
}

/// Makes the stored flows of a template those of the form. Answers the new version of a
/// used flow whose tree changed (the last one when several did).
async fn sync_flows(conn: &mut Conn, template_id: &str, items: Vec<FlowItem>, user_id: &str, now: i64) -> Result<Option<NewVersion>, AppError> {
    let stored = repo::flows_of(conn, template_id).await?;
    if items.is_empty() && !stored.is_empty() {
        return Err(AppError::bad("最后一个流程不能删除"));
    }
    for old in stored.iter().filter(|f| !items.iter().any(|i| i.flow_id == f.id)) {
        if repo::flow_used(conn, &old.id).await? {
            return Err(AppError::bad(USED));
        }
        repo::delete_flow(conn, &old.id).await?;
    }
    let mut answer = None;
    for (n, item) in items.into_iter().enumerate() {
        let text = item.tree.to_string();
        match stored.iter().find(|f| f.id == item.flow_id) {
            Some(flow) => {
                repo::rename_flow(conn, &flow.id, &item.full_name, n as i64).await?;
                let main = repo::version_by_id(conn, &flow.main_version_id).await?;
                let unchanged = main.as_ref().is_some_and(|m| serde_json::from_str::<Value>(&m.flow_json).ok().as_ref() == Some(&item.tree));
                let used = match &main {
                    Some(m) => repo::version_used(conn, &m.id).await?,
                    None => false,
                };
                match main {
                    Some(_) if unchanged => {}
                    Some(m) if !used => repo::rewrite_version(conn, &m.id, &text, now).await?,
                    _ => {
                        let version = VersionRow { id: new_id(), flow_id: flow.id.clone(), version: repo::last_version(conn, &flow.id).await? + 1, flow_json: text };
                        repo::insert_version(conn, &version, user_id, now).await?;
                        if flow.main_version_id.is_empty() {
                            repo::set_main_version(conn, &flow.id, &version.id).await?;
                        } else {
                            answer = Some(NewVersion { id: version.id, is_main_version: true });
                        }
                    }
                }
            }
            None => {
                if repo::flow_by_id(conn, &item.flow_id).await?.is_some() {
                    // A flowId of another template (an import or a copy made by hand).
                    return Err(AppError::field("flowTemplateJson", "流程定义格式不正确"));
                }
                let version = VersionRow { id: new_id(), flow_id: item.flow_id.clone(), version: 1, flow_json: text };
                let flow = FlowRow { id: item.flow_id, template_id: template_id.to_string(), full_name: item.full_name, sort_code: n as i64, main_version_id: version.id.clone() };
                repo::insert_flow(conn, &flow).await?;
                repo::insert_version(conn, &version, user_id, now).await?;
            }
        }
    }
    Ok(answer)
}

pub async fn list(state: &AppState, _admin: &Admin, q: &TemplateQuery, page: Page) -> Result<PageOf<TemplateListRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let keyword = Keyword::parse(q.keyword.as_deref());
    let category = q.category.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let (rows, total) = repo::template_page(&mut conn, keyword.as_ref(), category, page).await?;
    Ok(page.of(rows, total))
}

pub async fn create(state: &AppState, admin: &Admin, form: TemplateForm) -> Result<(), AppError> {
    let id = new_id();
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let t = apply_form(&mut tx, None, &form, &id).await?;
    let items = flow_items(&form, &t.full_name)?;
    repo::insert_template(&mut tx, &t, &admin.user_id, now).await?;
    if let Some(items) = items {
        sync_flows(&mut tx, &id, items, &admin.user_id, now).await?;
    }
    tx.commit().await?;
    Ok(())
}

pub async fn update(state: &AppState, admin: &Admin, id: &str, form: TemplateForm) -> Result<Option<NewVersion>, AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let found = repo::template_by_id(&mut tx, id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let t = apply_form(&mut tx, Some(&found), &form, id).await?;
    let items = flow_items(&form, &t.full_name)?;
    repo::update_template(&mut tx, &t, &admin.user_id, now).await?;
    let answer = match items {
        Some(items) => sync_flows(&mut tx, id, items, &admin.user_id, now).await?,
        None => None,
    };
    tx.commit().await?;
    Ok(answer)
}

pub async fn info(state: &AppState, _admin: &Admin, id: &str) -> Result<TemplateInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    let t = repo::template_by_id(&mut conn, id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let mut flows = Vec::new();
    for f in repo::flows_of(&mut conn, id).await? {
        let tree = match repo::version_by_id(&mut conn, &f.main_version_id).await? {
            Some(v) => serde_json::from_str::<Value>(&v.flow_json).unwrap_or(Value::Null),
            None => Value::Null,
        };
        let used = repo::flow_used(&mut conn, &f.id).await?;
        flows.push(json!({"id": f.id, "flowId": f.id, "fullName": f.full_name, "flowTemplateJson": tree, "isDelete": used}));
    }
    Ok(TemplateInfo {
        id: t.id,
        full_name: t.full_name,
        en_code: t.en_code,
        category: t.category,
        template_type: t.template_type,
        icon: t.icon,
        icon_background: t.icon_background,
        sort_code: t.sort_code,
        enabled_mark: t.enabled_mark,
        description: t.description,
        flow_template_json: Value::Array(flows).to_string(),
    })
}

pub async fn delete(state: &AppState, _admin: &Admin, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    repo::template_by_id(&mut tx, id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    if repo::template_used(&mut tx, id).await? {
        return Err(AppError::bad(USED));
    }
    repo::delete_template(&mut tx, id).await?;
    tx.commit().await?;
    Ok(())
}

/// 复制流程: `<name>.副本<n>`, `<code><n>`, stopped; each flow's main version copied as the
/// copy's version 1, under new flow ids.
pub async fn copy(state: &AppState, admin: &Admin, id: &str) -> Result<(), AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let t = repo::template_by_id(&mut tx, id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let suffix = (now % 100_000).to_string();
    let copy_id = new_id();
    let copy = TemplateRow {
        id: copy_id.clone(),
        full_name: format!("{}.副本{suffix}", t.full_name).chars().take(50).collect(),
        en_code: format!("{}{suffix}", t.en_code),
        enabled_mark: 0,
        ..t.clone()
    };
    if repo::code_taken(&mut tx, &copy.en_code, &copy_id).await? {
        return Err(AppError::bad("流程编码已存在，请稍后再试"));
    }
    repo::insert_template(&mut tx, &copy, &admin.user_id, now).await?;
    for f in repo::flows_of(&mut tx, id).await? {
        let Some(main) = repo::version_by_id(&mut tx, &f.main_version_id).await? else { continue };
        let version = VersionRow { id: new_id(), flow_id: new_id(), version: 1, flow_json: main.flow_json };
        let flow = FlowRow { id: version.flow_id.clone(), template_id: copy_id.clone(), full_name: f.full_name, sort_code: f.sort_code, main_version_id: version.id.clone() };
        repo::insert_flow(&mut tx, &flow).await?;
        repo::insert_version(&mut tx, &version, &admin.user_id, now).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// 启用流程 / 禁用流程.
pub async fn set_enabled(state: &AppState, _admin: &Admin, id: &str, enabled: bool) -> Result<(), AppError> {
    let mut conn = state.db.acquire().await?;
    if repo::set_template_enabled(&mut conn, id, i64::from(enabled), state.clock.now_ms()).await? == 0 {
        return Err(AppError::not_found(MISSING));
    }
    Ok(())
}

/// The flows of a template with their main versions' trees (the launch dialog and the
/// generated lists choose a flow here).
pub async fn flow_json_list(state: &AppState, _caller: &Member, template_id: &str) -> Result<Vec<FlowJson>, AppError> {
    let mut conn = state.db.acquire().await?;
    let mut out = Vec::new();
    for f in repo::flows_of(&mut conn, template_id).await? {
        let text = repo::version_by_id(&mut conn, &f.main_version_id).await?.map(|v| v.flow_json).unwrap_or_default();
        out.push(FlowJson { id: f.id, full_name: f.full_name, flow_template_json: text });
    }
    Ok(out)
}

/// Makes a version its flow's main version: new tasks start on it.
pub async fn main_version(state: &AppState, _admin: &Admin, version_id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let v = repo::version_by_id(&mut tx, version_id).await?.ok_or_else(|| AppError::not_found("流程版本不存在"))?;
    repo::set_main_version(&mut tx, &v.flow_id, &v.id).await?;
    tx.commit().await?;
    Ok(())
}

/// GET flowTemplate/ListAll: every template under its category (the task lists' 所属流程
/// filter), categories in the WorkFlowCategory order, empty ones left out.
pub async fn list_all(state: &AppState, _caller: &Member) -> Result<CategoryGroups, AppError> {
    let mut conn = state.db.acquire().await?;
    let mut list: Vec<CategoryGroup> = Vec::new();
    for (id, full_name, category, category_name) in repo::templates_by_category(&mut conn).await? {
        let at = match list.iter().position(|g| g.id == category) {
            Some(i) => i,
            None => {
                list.push(CategoryGroup { id: category, full_name: category_name, num: 0, children: Vec::new() });
                list.len() - 1
            }
        };
        list[at].num += 1;
        list[at].children.push(TemplateOption { id, full_name });
    }
    Ok(CategoryGroups { list })
}

/// GET flowTemplate/PageListAll (新建流程): the enabled templates of `flowType` (0 发起流程 by
/// default) that the caller may launch on at least one of their flows (the start node's
/// initiators; anybody when it names nobody).
pub async fn page_list_all(state: &AppState, caller: &Member, q: &LaunchQuery, page: Page) -> Result<PageOf<LaunchTemplate>, AppError> {
    let mut conn = state.db.acquire().await?;
    let keyword = Keyword::parse(q.keyword.as_deref());
    let category = q.category.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let mut launchable = Vec::new();
    for t in repo::enabled_templates(&mut conn, q.flow_type.unwrap_or(0), keyword.as_ref(), category).await? {
        for f in repo::flows_of(&mut conn, &t.id).await? {
            let Some(v) = repo::version_by_id(&mut conn, &f.main_version_id).await? else { continue };
            let Ok(tree) = FlowTree::parse(&Value::String(v.flow_json)) else { continue };
            if super::engine::may_launch(&mut conn, &tree.root, &caller.user_id).await? {
                launchable.push(LaunchTemplate { id: t.id.clone(), full_name: t.full_name.clone(), icon: t.icon.clone(), icon_background: t.icon_background.clone() });
                break;
            }
        }
    }
    let total = launchable.len() as i64;
    let rows = launchable.into_iter().skip(page.offset() as usize).take(page.page_size as usize).collect();
    Ok(page.of(rows, total))
}
