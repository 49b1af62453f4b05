//! The flow engine (jnpf-wire-engine2.md §7.1–7.9, issue 30; semantics in docs/workflow.md):
//! start (提交) and save as draft (暂存), approve (通过) and reject (退回), 或签 / 会签 / 依次审批,
//! approvers resolved from the organisation when a node is reached, copy-to (抄送), revoke by
//! the starter (撤回), and the task lists.
//!
//! Every transition is one transaction that first takes the task ([`repo::lock_task`]: its
//! row version raised, which holds the row to the end of the transaction) and only then reads
//! it, so two approvers deciding at the same instant — on one process or two sharing
//! PostgreSQL — are applied one after the other, the second seeing what the first did: a
//! 会签 node passes exactly once, and a step handled twice is refused the second time. Routing (which branch, which node
//! next) is core's `flow` rule, the one the designer previews with.

use super::dto::{
    BeforeInfo, BeforeQuery, CandidateForm, CandidateNode, CandidateUser, CandidateUserForm, Candidates, FlowRow, HandleForm, LaunchRow, OperatorRow, RejectList, RejectNode,
    StepCheck, TaskForm, TaskNodeRow, TaskQuery, TaskRow, TodoRow,
};
use super::repo;
use crate::access::Member;
use crate::db::{Conn, Keyword};
use crate::error::AppError;
use crate::state::AppState;
use crate::support::new_id;
use crate::wire::{Page, PageOf};
use qiming_core::flow::{FlowNode, FlowTree};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

// Task status (§7.2).
pub const DRAFT: i64 = 0;
pub const RUNNING: i64 = 1;
pub const APPROVED: i64 = 2;
pub const REJECTED: i64 = 3;
pub const REVOKED: i64 = 4;

// Record handleStatus (§7.2).
const H_REJECT: i64 = 0;
const H_AGREE: i64 = 1;
const H_START: i64 = 2;
const H_REVOKE: i64 = 3;

// Operator state.
const WAITING: i64 = 0;
/// 依次审批: waits for the approvers before it.
const QUEUED: i64 = 2;

// Task node state.
const NODE_DONE: i64 = 0;
const NODE_CURRENT: i64 = 1;

/// Another transition got there first.
pub const MOVED_ON: &str = "流程已被处理，请刷新后重试";
const NO_OPERATOR: &str = "审批任务不存在";
const NO_TASK: &str = "流程任务不存在";
const NOT_LAUNCHER: &str = "您没有发起该流程的权限";

fn text(v: &Option<String>) -> String {
    v.as_deref().map(str::trim).unwrap_or("").to_string()
}

fn file_list(v: &Option<Value>) -> String {
    match v {
        None | Some(Value::Null) => "[]".into(),
        Some(Value::String(s)) if s.trim().is_empty() => "[]".into(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

fn int_prop(p: &Value, key: &str, default: i64) -> i64 {
    match p.get(key) {
        Some(Value::Number(n)) => n.as_i64().unwrap_or(default),
        Some(Value::String(s)) => s.trim().parse().unwrap_or(default),
        _ => default,
    }
}

/// Ids of a property list (user ids, or mixed-picker ids `id--user`).
fn ids(p: &Value, key: &str) -> Vec<String> {
    p.get(key)
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(|s| qiming_core::picker::decode_mixed_id(s).map_or(s, |(id, _)| id).trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

fn push_unique(out: &mut Vec<String>, more: impl IntoIterator<Item = String>) {
    for id in more {
        if !id.is_empty() && !out.contains(&id) {
            out.push(id);
        }
    }
}

/// The form data a request sends (an object, or JSON text of one; none is empty).
fn form_record(v: &Value) -> Result<Value, AppError> {
    match v {
        Value::Null => Ok(Value::Object(Map::new())),
        v @ Value::Object(_) => Ok(v.clone()),
        Value::String(s) => match serde_json::from_str::<Value>(s) {
            Ok(v @ Value::Object(_)) => Ok(v),
            _ => Err(AppError::field("formData", "表单数据格式不正确")),
        },
        _ => Err(AppError::field("formData", "表单数据格式不正确")),
    }
}

/// A task's form data as an object.
fn record_of(task: &TaskRow) -> Value {
    match serde_json::from_str::<Value>(&task.form_data) {
        Ok(v @ Value::Object(_)) => v,
        _ => Value::Object(Map::new()),
    }
}

/// The record routing reads: the form data plus the starter (`creatorUserId`).
fn routing_record(task: &TaskRow) -> Value {
    let mut r = record_of(task);
    if let Value::Object(m) = &mut r {
        m.entry("creatorUserId").or_insert_with(|| json!(task.creator_user_id));
    }
    r
}

async fn tree_of(conn: &mut Conn, version_id: &str) -> Result<FlowTree, AppError> {
    let v = repo::version_by_id(conn, version_id).await?.ok_or_else(|| AppError::not_found("流程版本不存在"))?;
    FlowTree::parse(&Value::String(v.flow_json)).map_err(|m| AppError::bad(m.text))
}

/// The people a node names under one set of keys — users (or mixed-picker ids), positions,
/// roles, groups and organisations: approvers (`approver*`), candidate ranges, who may
/// launch (`initiat*`), copy-to (`circulate*`).
async fn people_named(conn: &mut Conn, p: &Value, [users, positions, roles, groups, organizes]: [&str; 5]) -> Result<Vec<String>, AppError> {
    let mut out = Vec::new();
    push_unique(&mut out, ids(p, users));
    push_unique(&mut out, repo::users_related(conn, "Position", &ids(p, positions)).await?);
    push_unique(&mut out, repo::users_related(conn, "Role", &ids(p, roles)).await?);
    push_unique(&mut out, repo::users_related(conn, "Group", &ids(p, groups)).await?);
    push_unique(&mut out, repo::users_in_organizes(conn, &ids(p, organizes)).await?);
    Ok(out)
}

const APPROVER_KEYS: [&str; 5] = ["approvers", "approverPos", "approverRole", "approverGroup", "approverOrg"];
const INITIATOR_KEYS: [&str; 5] = ["initiator", "initiatePos", "initiateRole", "initiateGroup", "initiateOrg"];
const CIRCULATE_KEYS: [&str; 5] = ["circulateUser", "circulatePosition", "circulateRole", "circulateGroup", "circulateOrg"];

/// Whether any of the keys names somebody.
fn names_anybody(p: &Value, keys: [&str; 5]) -> bool {
    keys.iter().any(|k| p.get(*k).and_then(Value::as_array).is_some_and(|a| !a.is_empty()))
}

/// 候选人员 (assigneeType 7): the node's people are chosen when the task reaches it.
fn asks_candidates(node: &FlowNode) -> bool {
    node.node_type == "approver" && int_prop(&node.properties, "assigneeType", 6) == 7
}

/// Whether `user` may launch a flow whose start node is `start`: anybody when the start node
/// names nobody (`initiator / initiatePos / initiateRole / initiateGroup / initiateOrg`).
pub async fn may_launch(conn: &mut Conn, start: &FlowNode, user: &str) -> Result<bool, AppError> {
    let p = &start.properties;
    if !names_anybody(p, INITIATOR_KEYS) {
        return Ok(true);
    }
    Ok(people_named(conn, p, INITIATOR_KEYS).await?.iter().any(|u| u == user))
}

/// The people who may handle a node reached now, from its `assigneeType` (§7.12): 6 指定成员
/// (users, positions, roles, organisations, groups), 3 发起者本人, 1 发起者主管 (managerLevel
/// up the manager chain), 2 部门主管 (the starter's organisation, departmentLevel − 1 steps up),
/// 4 表单变量 (user ids in a form field), 7 候选人员 (chosen at submit, within the node's
/// range when it names one). Enabled users only.
async fn approvers(conn: &mut Conn, node: &FlowNode, starter: &str, record: &Value, candidates: &BTreeMap<String, Vec<String>>) -> Result<Vec<String>, AppError> {
    let p = &node.properties;
    let mut out = Vec::new();
    match int_prop(p, "assigneeType", 6) {
        6 => out = people_named(conn, p, APPROVER_KEYS).await?,
        3 => out.push(starter.to_string()),
        1 => {
            let mut user = starter.to_string();
            for _ in 0..int_prop(p, "managerLevel", 1).clamp(1, 10) {
                user = repo::manager_of(conn, &user).await?;
                if user.is_empty() {
                    break;
                }
            }
            push_unique(&mut out, [user]);
        }
        2 => {
            let mut organize = repo::organize_of(conn, starter).await?;
            let mut manager = String::new();
            for level in 0..int_prop(p, "departmentLevel", 1).clamp(1, 10) {
                let Some((m, parent)) = repo::organize_manager(conn, &organize).await? else {
                    manager.clear();
                    break;
                };
                manager = m;
                if level + 1 < int_prop(p, "departmentLevel", 1) {
                    organize = parent;
                }
            }
            push_unique(&mut out, [manager]);
        }
        4 => {
            let field = p.get("formField").and_then(Value::as_str).unwrap_or("");
            let value = record.get(field).cloned().unwrap_or(Value::Null);
            let listed: Vec<String> = match value {
                Value::Array(a) => a.iter().filter_map(Value::as_str).map(str::to_string).collect(),
                Value::String(s) => s.split(',').map(str::to_string).collect(),
                _ => Vec::new(),
            };
            push_unique(&mut out, listed.iter().map(|s| qiming_core::picker::decode_mixed_id(s).map_or(s.as_str(), |(id, _)| id).trim().to_string()));
        }
        7 => {
            let chosen = candidates.get(&node.node_id).cloned().unwrap_or_default();
            if names_anybody(p, APPROVER_KEYS) {
                let range = people_named(conn, p, APPROVER_KEYS).await?;
                push_unique(&mut out, chosen.into_iter().filter(|u| range.contains(u)));
            } else {
                push_unique(&mut out, chosen);
            }
        }
        _ => {}
    }
    repo::enabled_users(conn, &out).await
}

/// The copy-to people a node names: circulateUser / Role / Position / Org / Group, the starter
/// when `isInitiatorCopy`, and (copy nodes) its `approvers`, plus the ones picked in the dialog.
async fn copy_people(conn: &mut Conn, node: &FlowNode, starter: &str, picked: &[String]) -> Result<Vec<String>, AppError> {
    let p = &node.properties;
    let mut out = people_named(conn, p, CIRCULATE_KEYS).await?;
    if node.node_type == "copy" {
        push_unique(&mut out, ids(p, "approvers"));
    }
    if p.get("isInitiatorCopy").and_then(Value::as_bool).unwrap_or(false) {
        push_unique(&mut out, [starter.to_string()]);
    }
    push_unique(&mut out, picked.iter().cloned());
    repo::enabled_users(conn, &out).await
}

async fn send_copies(conn: &mut Conn, task: &TaskRow, node: &FlowNode, task_node: Option<&TaskNodeRow>, picked: &[String], now: i64) -> Result<(), AppError> {
    for user in copy_people(conn, node, &task.creator_user_id, picked).await? {
        repo::insert_copy(conn, &task.id, task_node, &node.node_id, node.title(), &user, now).await?;
    }
    Ok(())
}

/// Makes `node` the task's current node: its task node and its operators (all at once for
/// 或签 and 会签, one after another for 依次审批). Nobody to handle it goes to the
/// administrators (errorRule, docs/workflow.md).
async fn enter_node(conn: &mut Conn, task: &mut TaskRow, node: &FlowNode, prev: &str, candidates: &BTreeMap<String, Vec<String>>, now: i64) -> Result<(), AppError> {
    if node.node_type != "approver" {
        return Err(AppError::bad(format!("暂不支持该类型的流程节点：{}", node.node_type)));
    }
    let record = routing_record(task);
    let mut people = approvers(conn, node, &task.creator_user_id, &record, candidates).await?;
    if people.is_empty() {
        people = repo::administrators(conn).await?;
    }
    let task_node = TaskNodeRow {
        id: new_id(),
        task_id: task.id.clone(),
        node_code: node.node_id.clone(),
        node_name: node.title().to_string(),
        node_type: node.node_type.clone(),
        prev_node_code: prev.to_string(),
        state: NODE_CURRENT,
    };
    repo::insert_node(conn, &task_node, now).await?;
    let one_by_one = int_prop(&node.properties, "counterSign", 0) == 2;
    for (i, user) in people.iter().enumerate() {
        let op_id = new_id();
        repo::insert_operator(conn, &op_id, &task.id, &task_node.id, &node.node_id, node.title(), user, now + i as i64).await?;
        if one_by_one && i > 0 {
            repo::queue_operator(conn, &op_id).await?;
        }
    }
    task.status = RUNNING;
    task.this_step = node.title().to_string();
    task.this_step_id = task_node.id.clone();
    Ok(())
}

/// Goes on from a finished node: copy nodes passed send their copies; the next approver node
/// becomes current, or the flow ends (审核通过, completion 100).
async fn go_on(conn: &mut Conn, task: &mut TaskRow, tree: &FlowTree, from: &str, candidates: &BTreeMap<String, Vec<String>>, offset: i32, now: i64) -> Result<(), AppError> {
    let step = tree.next(from, &routing_record(task), offset).map_err(|m| AppError::bad(m.text))?;
    if step.parallel || step.choose {
        return Err(AppError::bad("暂不支持并行分支和选择分支"));
    }
    for copy in &step.copies {
        if let Some(node) = tree.node(&copy.node_id) {
            send_copies(conn, task, node, None, &[], now).await?;
        }
    }
    if step.end {
        task.status = APPROVED;
        task.completion = 100;
        task.this_step = "结束".into();
        task.this_step_id = String::new();
        task.end_time = Some(now);
        return Ok(());
    }
    let next = step.nodes.first().and_then(|n| tree.node(&n.node_id)).ok_or_else(|| AppError::bad("流程节点不存在"))?;
    enter_node(conn, task, next, from, candidates, now).await
}

/// The version a (re)submitted task runs on: its own when it was rejected to the start, else
/// the flow's main version (a new task, a draft, a revoked task).
fn start_version(existing: Option<&TaskRow>, flow: &FlowRow) -> String {
    match existing {
        Some(t) if t.status == REJECTED && t.flow_id == flow.id => t.version_id.clone(),
        _ => flow.main_version_id.clone(),
    }
}

fn title_of(template_name: &str, flow_name: &str, starter_name: &str) -> String {
    let name = if flow_name.is_empty() { template_name } else { flow_name };
    format!("{starter_name}的{name}")
}

/// POST FlowTask / PUT FlowTask/{id}: save a draft (status 1) or submit (status 0, the
/// default). A new task takes the flow's main version; a draft or a revoked task takes the
/// main version again when submitted; a rejected task resubmits on its own version. Answers
/// the toast text.
pub async fn submit(state: &AppState, caller: &Member, path_id: Option<&str>, form: TaskForm) -> Result<&'static str, AppError> {
    let draft = match form.status.unwrap_or(0) {
        0 => false,
        1 => true,
        _ => return Err(AppError::field("status", "提交状态只能是0（提交）或1（暂存）")),
    };
    let urgent = form.flow_urgent.unwrap_or(1);
    if !(1..=3).contains(&urgent) {
        return Err(AppError::field("flowUrgent", "紧急程度只能是1、2或3"));
    }
    let record = form_record(&form.form_data)?;
    let id = path_id.map(str::to_string).or_else(|| form.id.clone().filter(|i| !i.trim().is_empty())).unwrap_or_else(new_id);
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    repo::lock_task(&mut tx, &id).await?;
    let existing = repo::task_by_id(&mut tx, &id).await?;
    if path_id.is_some() && existing.is_none() {
        return Err(AppError::not_found(NO_TASK));
    }
    if let Some(t) = &existing {
        if t.creator_user_id != caller.user_id {
            return Err(AppError::forbidden("只有发起人可以修改该流程"));
        }
        match t.status {
            DRAFT | REJECTED | REVOKED => {}
            RUNNING => return Err(AppError::bad("流程正在审批中，不能修改")),
            _ => return Err(AppError::bad("流程已结束，不能修改")),
        }
    }
    let flow_id = if form.flow_id.trim().is_empty() { existing.as_ref().map(|t| t.flow_id.clone()).unwrap_or_default() } else { form.flow_id.trim().to_string() };
    let flow = repo::flow_by_id(&mut tx, &flow_id).await?.ok_or_else(|| AppError::not_found("流程不存在"))?;
    let template = repo::template_by_id(&mut tx, &flow.template_id).await?.ok_or_else(|| AppError::not_found("流程不存在"))?;
    if template.enabled_mark != 1 {
        return Err(AppError::bad("流程已被禁用，不能发起"));
    }
    let version_id = start_version(existing.as_ref(), &flow);
    let starter_name = repo::real_name(&mut tx, &caller.user_id).await?;
    let mut task = TaskRow {
        id: id.clone(),
        flow_id: flow.id.clone(),
        version_id,
        template_id: template.id.clone(),
        full_name: title_of(&template.full_name, &flow.full_name, &starter_name),
        form_data: record.to_string(),
        status: DRAFT,
        flow_urgent: urgent,
        completion: 0,
        this_step: String::new(),
        this_step_id: String::new(),
        start_time: None,
        end_time: None,
        row_version: existing.as_ref().map_or(0, |t| t.row_version),
        creator_time: existing.as_ref().map_or(now, |t| t.creator_time),
        creator_user_id: caller.user_id.clone(),
    };
    if existing.is_none() {
        repo::insert_task(&mut tx, &task, now).await?;
    }
    if draft {
        repo::save_task(&mut tx, &task, now).await?;
        tx.commit().await?;
        return Ok("保存成功");
    }
    let tree = tree_of(&mut tx, &task.version_id).await?;
    if !may_launch(&mut tx, &tree.root, &caller.user_id).await? {
        return Err(AppError::forbidden(NOT_LAUNCHER));
    }
    task.start_time = Some(now);
    let start = TaskNodeRow {
        id: new_id(),
        task_id: task.id.clone(),
        node_code: tree.root.node_id.clone(),
        node_name: if tree.root.title().is_empty() { "开始".into() } else { tree.root.title().to_string() },
        node_type: "start".into(),
        prev_node_code: String::new(),
        state: NODE_DONE,
    };
    repo::insert_node(&mut tx, &start, now).await?;
    repo::insert_record(&mut tx, &task.id, Some(&start), "", &caller.user_id, H_START, "", "", "[]", now).await?;
    send_copies(&mut tx, &task, &tree.root, Some(&start), &form.copy_ids, now).await?;
    go_on(&mut tx, &mut task, &tree, &tree.root.node_id, &form.candidate_list, state.config.utc_offset_minutes, now).await?;
    repo::save_task(&mut tx, &task, now).await?;
    tx.commit().await?;
    Ok("提交成功")
}

/// The operator, its task and node, checked and the task taken for this transition.
struct Handling {
    op: OperatorRow,
    task: TaskRow,
    node: TaskNodeRow,
    tree: FlowTree,
}

async fn take(conn: &mut Conn, caller: &Member, operator_id: &str) -> Result<Handling, AppError> {
    let found = repo::operator_by_id(conn, operator_id).await?.ok_or_else(|| AppError::not_found(NO_OPERATOR))?;
    // The task first, then what it holds, as it is once this transition has the task.
    repo::lock_task(conn, &found.task_id).await?;
    let op = repo::operator_by_id(conn, operator_id).await?.ok_or_else(|| AppError::not_found(NO_OPERATOR))?;
    if op.handle_id != caller.user_id {
        return Err(AppError::forbidden("您不是该节点的审批人"));
    }
    if op.state != WAITING {
        return Err(AppError::bad("该审批已处理"));
    }
    let task = repo::task_by_id(conn, &op.task_id).await?.ok_or_else(|| AppError::not_found(NO_TASK))?;
    if task.status != RUNNING {
        return Err(AppError::bad("流程不在审批中"));
    }
    let node = repo::node_by_id(conn, &op.task_node_id).await?.ok_or_else(|| AppError::not_found(NO_OPERATOR))?;
    let tree = tree_of(conn, &task.version_id).await?;
    Ok(Handling { op, task, node, tree })
}

/// The approver's form data, limited to the fields the node lets them write (`formOperates`
/// with `write` true), over the task's.
fn merge_writable(task: &mut TaskRow, props: &Value, sent: &Option<Value>) {
    let Some(Value::Object(sent)) = sent else { return };
    let writable: Vec<&str> = props
        .get("formOperates")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter(|o| o.get("write").and_then(Value::as_bool) == Some(true)).filter_map(|o| o.get("id").and_then(Value::as_str)).collect())
        .unwrap_or_default();
    if writable.is_empty() {
        return;
    }
    let mut record = record_of(task);
    if let Value::Object(m) = &mut record {
        for key in writable {
            if let Some(v) = sent.get(key) {
                m.insert(key.to_string(), v.clone());
            }
        }
    }
    task.form_data = record.to_string();
}

/// Whether the node passes once operator `agreeing` agrees (with the others' decisions as
/// they are): 或签 at once; 会签 when the agreeing share of the node's approvers reaches
/// `countersignRatio` (100 when absent); 依次审批 when nobody waits in the queue after them.
fn node_passes(props: &Value, operators: &[OperatorRow], agreeing: &str) -> bool {
    match int_prop(props, "counterSign", 0) {
        1 => {
            let ratio = int_prop(props, "countersignRatio", 100).clamp(1, 100);
            let counted: Vec<&OperatorRow> = operators.iter().filter(|o| o.state != -1).collect();
            let agreed = counted.iter().filter(|o| o.handle_status == Some(H_AGREE) || o.id == agreeing).count() as i64;
            agreed * 100 >= ratio * counted.len() as i64
        }
        2 => !operators.iter().any(|o| o.state == QUEUED && o.id != agreeing),
        _ => true,
    }
}

/// POST FlowBefore/Audit/{operatorId}: 通过. 或签 passes the node at once; 会签 when the
/// agreeing share of the node's approvers reaches `countersignRatio` (100 when absent);
/// 依次审批 hands the node to the next approver until the last has agreed.
pub async fn audit(state: &AppState, caller: &Member, operator_id: &str, form: HandleForm) -> Result<(), AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let Handling { op, mut task, node, tree } = take(&mut tx, caller, operator_id).await?;
    let flow_node = tree.node(&node.node_code).ok_or_else(|| AppError::bad("流程节点不存在"))?;
    let props = flow_node.properties.clone();
    if !repo::handle_operator(&mut tx, &op.id, H_AGREE, now).await? {
        return Err(AppError::bad(MOVED_ON));
    }
    merge_writable(&mut task, &props, &form.form_data);
    repo::insert_record(&mut tx, &task.id, Some(&node), &op.id, &caller.user_id, H_AGREE, &text(&form.handle_opinion), &text(&form.sign_img), &file_list(&form.file_list), now).await?;
    let operators = repo::node_operators(&mut tx, &node.id).await?;
    let passes = node_passes(&props, &operators, &op.id);
    if !passes
        && let Some(next) = operators.iter().find(|o| o.state == QUEUED)
    {
        repo::wake_operator(&mut tx, &next.id, now).await?;
    }
    if passes {
        repo::drop_waiting_of_node(&mut tx, &node.id, now).await?;
        repo::set_node_state(&mut tx, &node.id, NODE_DONE, now).await?;
        send_copies(&mut tx, &task, flow_node, Some(&node), &form.copy_ids, now).await?;
        task.completion = int_prop(&props, "progress", task.completion).clamp(0, 99);
        go_on(&mut tx, &mut task, &tree, &node.node_code, &form.candidate_list, state.config.utc_offset_minutes, now).await?;
    }
    repo::save_task(&mut tx, &task, now).await?;
    tx.commit().await?;
    Ok(())
}

/// POST FlowBefore/Reject/{operatorId}: 退回. One rejection rejects the node whatever its
/// kind (JNPF's rule for 会签 too). `rejectStep` (the form's, else the node's, else '0'):
/// '0' back to the starter (审核退回: the starter edits and resubmits); '1' the node before
/// this one (the starter when that is the start); a nodeCode the task passed: that node again,
/// its approvers resolved anew.
pub async fn reject(state: &AppState, caller: &Member, operator_id: &str, form: HandleForm) -> Result<(), AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let Handling { op, mut task, node, tree } = take(&mut tx, caller, operator_id).await?;
    let props = tree.node(&node.node_code).map(|n| n.properties.clone()).unwrap_or(Value::Null);
    if !repo::handle_operator(&mut tx, &op.id, H_REJECT, now).await? {
        return Err(AppError::bad(MOVED_ON));
    }
    repo::insert_record(&mut tx, &task.id, Some(&node), &op.id, &caller.user_id, H_REJECT, &text(&form.handle_opinion), &text(&form.sign_img), &file_list(&form.file_list), now).await?;
    repo::drop_waiting(&mut tx, &task.id, now).await?;
    repo::leave_current_nodes(&mut tx, &task.id, now).await?;
    let step = form
        .reject_step
        .clone()
        .filter(|s| !s.trim().is_empty())
        .or_else(|| props.get("rejectStep").and_then(|v| v.as_str().map(str::to_string).or_else(|| v.as_i64().map(|n| n.to_string()))))
        .unwrap_or_else(|| "0".into());
    let target = match step.trim() {
        "0" => None,
        root if root == tree.root.node_id => None,
        "1" => Some(node.prev_node_code.clone()).filter(|c| !c.is_empty() && *c != tree.root.node_id),
        code => {
            let passed = repo::nodes_of(&mut tx, &task.id).await?;
            if !passed.iter().any(|n| n.node_code == code && n.node_type == "approver") {
                return Err(AppError::field("rejectStep", "退回节点不存在"));
            }
            Some(code.to_string())
        }
    };
    match target.and_then(|code| tree.node(&code)) {
        None => {
            task.status = REJECTED;
            task.completion = 0;
            task.this_step = if tree.root.title().is_empty() { "开始".into() } else { tree.root.title().to_string() };
            task.this_step_id = String::new();
        }
        Some(back) => {
            let prev = repo::nodes_of(&mut tx, &task.id).await?.into_iter().rev().find(|n| n.node_code == back.node_id).map(|n| n.prev_node_code).unwrap_or_default();
            enter_node(&mut tx, &mut task, back, &prev, &form.candidate_list, now).await?;
        }
    }
    repo::save_task(&mut tx, &task, now).await?;
    tx.commit().await?;
    Ok(())
}

/// PUT FlowLaunch/{taskId}/Actions/Withdraw: the starter takes a running task back while the
/// node after the start is untouched — none of its approvers has decided (流程撤回, status 4).
pub async fn withdraw(state: &AppState, caller: &Member, task_id: &str, form: HandleForm) -> Result<(), AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    repo::lock_task(&mut tx, task_id).await?;
    let mut task = repo::task_by_id(&mut tx, task_id).await?.ok_or_else(|| AppError::not_found(NO_TASK))?;
    if task.creator_user_id != caller.user_id {
        return Err(AppError::forbidden("只有发起人可以撤回该流程"));
    }
    if task.status != RUNNING {
        return Err(AppError::bad("流程不在审批中，不能撤回"));
    }
    // Untouched: the task still stands at the first node after the start and none of that
    // node's approvers has decided.
    let current = match task.this_step_id.as_str() {
        "" => None,
        id => repo::node_by_id(&mut tx, id).await?,
    };
    let tree = tree_of(&mut tx, &task.version_id).await?;
    let untouched = match &current {
        Some(n) => n.prev_node_code == tree.root.node_id && repo::node_operators(&mut tx, &n.id).await?.iter().all(|o| o.handle_status.is_none()),
        None => false,
    };
    if !untouched {
        return Err(AppError::bad("流程已被审批，不能撤回"));
    }
    repo::drop_waiting(&mut tx, &task.id, now).await?;
    repo::leave_current_nodes(&mut tx, &task.id, now).await?;
    repo::insert_record(&mut tx, &task.id, current.as_ref(), "", &caller.user_id, H_REVOKE, &text(&form.handle_opinion), &text(&form.sign_img), &file_list(&form.file_list), now).await?;
    task.status = REVOKED;
    task.completion = 0;
    task.this_step = String::new();
    task.this_step_id = String::new();
    repo::save_task(&mut tx, &task, now).await?;
    tx.commit().await?;
    Ok(())
}

/// DELETE FlowLaunch/{taskId}: the starter deletes a draft or a revoked task.
pub async fn delete(state: &AppState, caller: &Member, task_id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    repo::lock_task(&mut tx, task_id).await?;
    let task = repo::task_by_id(&mut tx, task_id).await?.ok_or_else(|| AppError::not_found(NO_TASK))?;
    if task.creator_user_id != caller.user_id {
        return Err(AppError::forbidden("只有发起人可以删除该流程"));
    }
    if !matches!(task.status, DRAFT | REVOKED) {
        return Err(AppError::bad("只能删除待提交或已撤回的流程"));
    }
    repo::delete_task(&mut tx, &task.id).await?;
    tx.commit().await?;
    Ok(())
}

/// GET FlowBefore/{taskId} (§7.4): the flow, the form data, the nodes reached, 流转记录 and
/// the properties of the node the page shows. Readable by the starter, the task's approvers,
/// its copy recipients and administrators; `0` with `flowId` is a new task.
pub async fn before(state: &AppState, caller: &Member, task_id: &str, q: &BeforeQuery) -> Result<BeforeInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    let task = if task_id == "0" || task_id.is_empty() { None } else { repo::task_by_id(&mut conn, task_id).await? };
    let flow_id = task.as_ref().map(|t| t.flow_id.clone()).or_else(|| q.flow_id.clone()).unwrap_or_default();
    let flow = repo::flow_by_id(&mut conn, &flow_id).await?.ok_or_else(|| AppError::not_found(if task_id == "0" { "流程不存在" } else { NO_TASK }))?;
    let template = repo::template_by_id(&mut conn, &flow.template_id).await?.ok_or_else(|| AppError::not_found("流程不存在"))?;
    let version_id = task.as_ref().map_or(flow.main_version_id.clone(), |t| t.version_id.clone());
    let version = repo::version_by_id(&mut conn, &version_id).await?.ok_or_else(|| AppError::not_found("流程版本不存在"))?;
    let tree = FlowTree::parse(&Value::String(version.flow_json.clone())).map_err(|m| AppError::bad(m.text))?;
    if let Some(t) = &task
        && !caller.is_administrator
        && t.creator_user_id != caller.user_id
        && !repo::takes_part(&mut conn, &t.id, &caller.user_id).await?
    {
        return Err(AppError::forbidden("没有权限查看该流程"));
    }
    let node_code = match (&q.task_operator_id, &q.task_node_id) {
        (Some(op), _) if !op.is_empty() => repo::operator_by_id(&mut conn, op).await?.map(|o| o.node_code),
        (_, Some(n)) if !n.is_empty() => repo::node_by_id(&mut conn, n).await?.map(|n| n.node_code),
        _ => None,
    };
    let props = node_code.and_then(|c| tree.node(&c)).unwrap_or(&tree.root).properties.clone();
    let mut nodes = Vec::new();
    if let Some(t) = &task {
        for n in repo::nodes_of(&mut conn, &t.id).await?.into_iter().filter(|n| n.state != -1) {
            let people: Vec<String> = repo::node_operators(&mut conn, &n.id).await?.into_iter().filter(|o| o.state != -1).map(|o| o.handle_id).collect();
            let names = if n.node_type == "start" { repo::display_names(&mut conn, std::slice::from_ref(&t.creator_user_id)).await? } else { repo::display_names(&mut conn, &people).await? };
            nodes.push(json!({"id": n.id, "nodeCode": n.node_code, "nodeName": n.node_name, "nodeType": n.node_type,
                              "type": if n.state == NODE_CURRENT { 1 } else { 0 }, "userName": names}));
        }
    }
    let records = match &task {
        Some(t) => repo::records_of(&mut conn, &t.id).await?,
        None => Vec::new(),
    };
    let form_data = match &task {
        Some(t) => {
            let mut r = record_of(t);
            if let Value::Object(m) = &mut r {
                m.insert("id".into(), json!(t.id));
            }
            r
        }
        None => json!({}),
    };
    let form_operates = props.get("formOperates").cloned().unwrap_or_else(|| json!([]));
    let start = &tree.root.properties;
    Ok(BeforeInfo {
        flow_template_info: json!({"fullName": flow.full_name, "type": template.template_type, "flowTemplateJson": version.flow_json}),
        flow_form_info: json!({"enCode": template.en_code, "formType": 2, "urlAddress": "", "propertyJson": start.get("formPropertyJson").cloned().unwrap_or(json!(""))}),
        flow_task_info: match &task {
            Some(t) => json!({"id": t.id, "fullName": t.full_name, "thisStep": t.this_step, "status": t.status, "flowUrgent": t.flow_urgent,
                              "completion": t.completion, "endTime": t.end_time, "startTime": t.start_time, "rejectDataId": null, "suspend": false,
                              "flowId": t.flow_id, "creatorUserId": t.creator_user_id}),
            None => Value::Null,
        },
        form_data,
        draft_data: Value::Null,
        flow_task_node_list: nodes,
        flow_task_operator_record_list: records,
        approvers_properties: props,
        form_operates,
    })
}

/// The task lists (§7.9): 1 待办, 2 已办, 3 抄送.
pub async fn list(state: &AppState, caller: &Member, category: &str, q: &TaskQuery, page: Page) -> Result<PageOf<TodoRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let keyword = Keyword::parse(q.keyword.as_deref());
    let (rows, total) = match category {
        "1" => repo::todo_page(&mut conn, &caller.user_id, q, keyword.as_ref(), page).await?,
        "2" => repo::done_page(&mut conn, &caller.user_id, q, keyword.as_ref(), page).await?,
        "3" => repo::copy_page(&mut conn, &caller.user_id, q, keyword.as_ref(), page).await?,
        _ => return Err(AppError::not_found("列表类型只能是1（待办）、2（已办）或3（抄送）")),
    };
    Ok(page.of(rows, total))
}

/// 我发起的.
pub async fn launched(state: &AppState, caller: &Member, q: &TaskQuery, page: Page) -> Result<PageOf<LaunchRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let keyword = Keyword::parse(q.keyword.as_deref());
    let (rows, total) = repo::launch_page(&mut conn, &caller.user_id, q, keyword.as_ref(), page).await?;
    Ok(page.of(rows, total))
}

// ---- Choosing people and nodes, urging, checking a step (§7.3, §7.5, §7.6) ----

/// The caller's own step, whatever its state.
async fn own_step(conn: &mut Conn, caller: &Member, operator_id: &str) -> Result<OperatorRow, AppError> {
    let op = repo::operator_by_id(conn, operator_id).await?.ok_or_else(|| AppError::not_found(NO_OPERATOR))?;
    if op.handle_id != caller.user_id {
        return Err(AppError::forbidden("您不是该节点的审批人"));
    }
    Ok(op)
}

/// The node tree a start would run on: the task's (`id`) when it exists and is the caller's,
/// else the flow's (`flowId`) main version.
async fn start_tree(conn: &mut Conn, caller: &Member, task_id: Option<&str>, flow_id: Option<&str>) -> Result<FlowTree, AppError> {
    let existing = match task_id.map(str::trim).filter(|i| !i.is_empty() && *i != "0") {
        Some(id) => repo::task_by_id(conn, id).await?.filter(|t| t.creator_user_id == caller.user_id),
        None => None,
    };
    let flow_id = flow_id.map(str::trim).filter(|f| !f.is_empty()).map(str::to_string).or_else(|| existing.as_ref().map(|t| t.flow_id.clone())).unwrap_or_default();
    let flow = repo::flow_by_id(conn, &flow_id).await?.ok_or_else(|| AppError::not_found("流程不存在"))?;
    tree_of(conn, &start_version(existing.as_ref(), &flow)).await
}

/// POST FlowBefore/Candidates/{operatorId|0} (§7.5, §7.6): the approver nodes the task would
/// reach next with this form data whose people are chosen now (候选人员) — `type` 2 with them,
/// else `type` 3 and an empty list. A step that does not decide its node (会签 short of its
/// ratio, 依次审批 with approvers after it) chooses nothing. Parallel and chosen branches are
/// not in this slice (the engine refuses them), so `type` 1 is never answered.
pub async fn candidates(state: &AppState, caller: &Member, operator_id: &str, form: CandidateForm) -> Result<Candidates, AppError> {
    let mut conn = state.db.acquire().await?;
    let record = form_record(&form.form_data)?;
    let (tree, from, record) = if operator_id.trim().is_empty() || operator_id == "0" {
        let tree = start_tree(&mut conn, caller, form.id.as_deref(), form.flow_id.as_deref()).await?;
        let mut record = record;
        if let Value::Object(m) = &mut record {
            m.insert("creatorUserId".into(), json!(caller.user_id));
        }
        let root = tree.root.node_id.clone();
        (tree, root, record)
    } else {
        let op = own_step(&mut conn, caller, operator_id).await?;
        if op.state != WAITING {
            return Err(AppError::bad("该审批已处理"));
        }
        let mut task = repo::task_by_id(&mut conn, &op.task_id).await?.ok_or_else(|| AppError::not_found(NO_TASK))?;
        let tree = tree_of(&mut conn, &task.version_id).await?;
        let props = tree.node(&op.node_code).map(|n| n.properties.clone()).unwrap_or(Value::Null);
        if !node_passes(&props, &repo::node_operators(&mut conn, &op.task_node_id).await?, &op.id) {
            return Ok(Candidates { kind: 3, list: Vec::new() });
        }
        merge_writable(&mut task, &props, &Some(record));
        let record = routing_record(&task);
        (tree, op.node_code, record)
    };
    let step = tree.next(&from, &record, state.config.utc_offset_minutes).map_err(|m| AppError::bad(m.text))?;
    let list: Vec<CandidateNode> = if step.parallel || step.choose {
        Vec::new()
    } else {
        step.nodes
            .iter()
            .filter_map(|n| tree.node(&n.node_id))
            .filter(|n| asks_candidates(n))
            .map(|n| CandidateNode {
                node_id: n.node_id.clone(),
                node_name: n.title().to_string(),
                is_branch_flow: false,
                is_candidates: true,
                has_candidates: names_anybody(&n.properties, APPROVER_KEYS),
            })
            .collect()
    };
    Ok(Candidates { kind: if list.is_empty() { 3 } else { 2 }, list })
}

/// POST FlowBefore/CandidateUser/{operatorId|0}: a page of the people node `nodeCode` may be
/// given — its range (users, positions, roles, groups, organisations), or every enabled user
/// when it names none; keyword over name and account.
pub async fn candidate_users(state: &AppState, caller: &Member, operator_id: &str, form: CandidateUserForm) -> Result<PageOf<CandidateUser>, AppError> {
    let page = crate::wire::PageQuery { current_page: form.current_page, page_size: form.page_size }.page()?;
    let mut conn = state.db.acquire().await?;
    let tree = if operator_id.trim().is_empty() || operator_id == "0" {
        start_tree(&mut conn, caller, form.id.as_deref(), form.flow_id.as_deref()).await?
    } else {
        let op = own_step(&mut conn, caller, operator_id).await?;
        let task = repo::task_by_id(&mut conn, &op.task_id).await?.ok_or_else(|| AppError::not_found(NO_TASK))?;
        tree_of(&mut conn, &task.version_id).await?
    };
    let node = tree.node(form.node_code.trim()).filter(|n| asks_candidates(n)).ok_or_else(|| AppError::field("nodeCode", "流程节点不存在"))?;
    let range = if names_anybody(&node.properties, APPROVER_KEYS) { Some(people_named(&mut conn, &node.properties, APPROVER_KEYS).await?) } else { None };
    let keyword = Keyword::parse(form.keyword.as_deref());
    let (rows, total) = repo::candidate_page(&mut conn, range.as_deref(), keyword.as_ref(), page).await?;
    Ok(page.of(rows, total))
}

/// GET FlowBefore/RejectList/{operatorId}: where the step's rejection may send the task, by
/// the node's `rejectStep`: '0' (default) the start, '1' the node before, '2' (自选) the start
/// or any approver node the task passed, a nodeCode that node. The start is answered with the
/// root's nodeCode, which Reject takes as '0'. One rejection decides the node, so
/// `isLastAppro` is always true.
pub async fn reject_list(state: &AppState, caller: &Member, operator_id: &str) -> Result<RejectList, AppError> {
    let mut conn = state.db.acquire().await?;
    let op = own_step(&mut conn, caller, operator_id).await?;
    let task = repo::task_by_id(&mut conn, &op.task_id).await?.ok_or_else(|| AppError::not_found(NO_TASK))?;
    let tree = tree_of(&mut conn, &task.version_id).await?;
    let start = RejectNode { node_code: tree.root.node_id.clone(), node_name: if tree.root.title().is_empty() { "流程发起".into() } else { tree.root.title().to_string() } };
    let props = tree.node(&op.node_code).map(|n| n.properties.clone()).unwrap_or(Value::Null);
    let step = props.get("rejectStep").and_then(|v| v.as_str().map(str::to_string).or_else(|| v.as_i64().map(|n| n.to_string()))).unwrap_or_else(|| "0".into());
    let passed: Vec<TaskNodeRow> = repo::nodes_of(&mut conn, &task.id).await?.into_iter().filter(|n| n.node_type == "approver" && n.state == NODE_DONE && n.node_code != op.node_code).collect();
    let as_reject = |n: &TaskNodeRow| RejectNode { node_code: n.node_code.clone(), node_name: n.node_name.clone() };
    let list = match step.trim() {
        "1" => {
            let this = repo::node_by_id(&mut conn, &op.task_node_id).await?;
            match this.and_then(|n| passed.iter().rev().find(|p| p.node_code == n.prev_node_code).map(as_reject)) {
                Some(prev) => vec![prev],
                None => vec![start],
            }
        }
        "2" => {
            let mut list = vec![start];
            for n in &passed {
                if !list.iter().any(|r| r.node_code == n.node_code) {
                    list.push(as_reject(n));
                }
            }
            list
        }
        code => match passed.iter().rev().find(|n| n.node_code == code) {
            Some(n) => vec![as_reject(n)],
            None => vec![start],
        },
    };
    Ok(RejectList { is_last_appro: true, list })
}

/// GET FlowBefore/{operatorId}/Info: whether the caller's step is already settled (handled,
/// dropped, or its task no longer waiting), so FlowBox opens read-only.
pub async fn step_check(state: &AppState, caller: &Member, operator_id: &str) -> Result<StepCheck, AppError> {
    let mut conn = state.db.acquire().await?;
    let op = own_step(&mut conn, caller, operator_id).await?;
    let running = repo::task_by_id(&mut conn, &op.task_id).await?.is_some_and(|t| t.status == RUNNING);
    Ok(StepCheck { is_check: op.state != WAITING || !running })
}

/// POST FlowLaunch/Press/{taskId} (催办): the starter reminds the current node's waiting
/// approvers — one flow message (type 2) each, opening their step (`bodyText` the
/// /workFlowDetail config with type 2).
pub async fn press(state: &AppState, caller: &Member, task_id: &str) -> Result<(), AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let task = repo::task_by_id(&mut tx, task_id).await?.ok_or_else(|| AppError::not_found(NO_TASK))?;
    if task.creator_user_id != caller.user_id {
        return Err(AppError::forbidden("只有发起人可以催办该流程"));
    }
    if task.status != RUNNING {
        return Err(AppError::bad("流程不在审批中，不能催办"));
    }
    let waiting = repo::waiting_operators(&mut tx, &task.id).await?;
    if waiting.is_empty() {
        return Err(AppError::bad("当前节点没有待审批人"));
    }
    let en_code = repo::template_by_id(&mut tx, &task.template_id).await?.map(|t| t.en_code).unwrap_or_default();
    let mut delivered = Vec::new();
    for op in &waiting {
        let message = crate::message::repo::NewMessage {
            kind: crate::message::service::WORKFLOW,
            flow_type: 1,
            title: format!("{}【催办】", task.full_name),
            body_text: json!({"processId": task.id, "flowId": task.flow_id, "type": 2, "taskNodeId": op.task_node_id, "taskOperatorId": op.id, "enCode": en_code}).to_string(),
            excerpt: format!("请尽快审批：{}", op.node_name),
            files: String::new(),
            sender: caller.user_id.clone(),
        };
        delivered.push(crate::message::service::write(&mut tx, &message, std::slice::from_ref(&op.handle_id), now).await?);
    }
    tx.commit().await?;
    for d in delivered {
        d.publish(state);
    }
    Ok(())
}
