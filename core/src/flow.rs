//! Flow conditions and routing (流程设计, jnpf-wire-engine2.md §7.12): which branch of a flow
//! definition's node tree a record takes, and which node(s) a task reaches next. The server
//! routes tasks with it; the designer's preview (through WASM) shows which branch a sample
//! record takes — one rule, two callers.
//!
//! **A condition** is a list of items `{field, jnpfKey, symbol, fieldValueType, fieldValue,
//! fieldValueJnpfKey, logic}`. Item *i*'s `logic` (`&&` / `||`) joins it to item *i+1*; `&&`
//! binds tighter than `||` (JNPF joins the items into one expression and evaluates it, so the
//! precedence is the expression language's). `fieldValueType` 1 compares with another field
//! of the record (`fieldValue` names it), anything else with the value itself. `fieldType` 3
//! (公式) is not supported: such an item never holds.
//!
//! **Values** are compared by what the field is (its `jnpfKey`, and the other side's):
//! - numbers (numInput, calculate, slider, rate, or both sides numeric text): as exact decimals;
//! - dates (date, createTime, modifyTime): as instants, epoch ms or date text read in the
//!   installation's zone (`offset_minutes`);
//! - times (time): as seconds since midnight;
//! - choices, dictionary values, users, departments and other pickers: as the stored ids.
//!   A list (checkbox, multiple select, usersSelect…) is a set of ids; a picked path
//!   (comSelect, cascader, areaSelect: `[company, department]`) is its last id — the thing
//!   chosen — while `like` also looks at the ancestors on the path ("within"); a mixed-picker
//!   id `u1--user` is the id `u1`.
//! - anything else: as text.
//!
//! **Symbols**: `==` / `<>` equal or not (sets: the same members; an empty side equals only
//! an empty side); `>`, `>=`, `<`, `<=` order numbers, instants and times, otherwise text by
//! code points; an empty side never orders. `like` (包含): text contains text; a list
//! contains every id of the value; a single id is one of the value's ids; a path contains the
//! id anywhere on it. `notLike` is its negation. An unknown symbol never holds.
//!
//! **Routing**: a node holding `conditionNodes` with `conditionType` `condition` chooses one
//! branch: the branches are tried by `properties.priority` (then their order); the first whose
//! condition holds is taken; when none holds, the default branch (`properties.isDefault`, or a
//! branch without conditions — 其他情况进入此流程) is taken; with no default the record cannot
//! be routed. `interflow` (parallel) reaches every branch; `branchFlow` offers every branch
//! for the approver's choice. After a branch's last node the flow continues with the
//! branching node's `childNode`. `empty` nodes (join placeholders) and `condition` nodes are
//! passed through; `copy` nodes are passed through and reported (their recipients get a
//! copy); `approver`, `subFlow` and `timer` nodes are where a task stops; the end of the tree
//! is the end of the flow.

use crate::date::DateTime;
use crate::message::Message;
use crate::number::decimal_of;
use rust_decimal::Decimal;
use serde::Serialize;
use serde_json::Value;
use std::cmp::Ordering;

/// Deepest node nesting read from a definition.
const MAX_DEPTH: usize = 200;

/// The eight comparison symbols of a condition item, in the designer's order.
pub const SYMBOLS: [&str; 8] = ["==", "<>", ">", ">=", "<", "<=", "like", "notLike"];

const NUMBER_KEYS: [&str; 4] = ["numInput", "calculate", "slider", "rate"];
const DATE_KEYS: [&str; 3] = ["date", "createTime", "modifyTime"];
const PATH_KEYS: [&str; 4] = ["comSelect", "cascader", "areaSelect", "currOrganize"];

/// One side of a comparison.
#[derive(Debug, Clone, PartialEq)]
enum Operand {
    Empty,
    Number(Decimal),
    Instant(i64),
    Text(String),
    /// Ids: a multiple choice, or a picked path (`path` true: the last id is the thing chosen).
    Ids { ids: Vec<String>, path: bool },
}

fn is_empty_value(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::String(s) => s.trim().is_empty(),
        Value::Array(a) => a.iter().all(is_empty_value),
        _ => false,
    }
}

/// A stored id as text: `u1--user` → `u1`; numbers and booleans as written.
fn id_text(v: &Value) -> Option<String> {
    let text = match v {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => return None,
    };
    if text.is_empty() {
        return None;
    }
    Some(match crate::picker::decode_mixed_id(&text) {
        Some((id, _)) => id.to_string(),
        None => text,
    })
}

/// Ids of a value: a JSON array (or JSON text of one), or comma-separated text.
fn ids_of(v: &Value) -> Vec<String> {
    match v {
        Value::Array(items) => items.iter().flat_map(|i| match i {
            // A multiple path picker: each path is its last id.
            Value::Array(path) => path.iter().rev().find_map(id_text).into_iter().collect::<Vec<_>>(),
            other => id_text(other).into_iter().collect(),
        })
        .collect(),
        Value::String(s) if s.trim_start().starts_with('[') => match serde_json::from_str::<Value>(s) {
            Ok(parsed @ Value::Array(_)) => ids_of(&parsed),
            _ => id_text(v).into_iter().collect(),
        },
        Value::String(s) => s.split(',').filter_map(|p| id_text(&Value::String(p.to_string()))).collect(),
        other => id_text(other).into_iter().collect(),
    }
}

fn instant_of(v: &Value, offset_minutes: i32) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|f| f as i64)),
        Value::String(s) => match s.trim().parse::<i64>() {
            Ok(ms) => Some(ms),
            Err(_) => DateTime::parse(s).map(|d| d.to_epoch_ms(offset_minutes)),
        },
        _ => None,
    }
}

fn time_of_day(v: &Value) -> Option<Decimal> {
    match v {
        Value::String(s) => crate::date::parse_time_of_day(s).map(Decimal::from),
        other => decimal_of(other),
    }
}

/// A value read as the kind of field it belongs to (`key`, else the other side's key).
fn operand(v: &Value, key: &str, offset_minutes: i32) -> Operand {
    if is_empty_value(v) {
        return Operand::Empty;
    }
    if NUMBER_KEYS.contains(&key) {
        return decimal_of(v).map_or_else(|| Operand::Text(text_of(v)), Operand::Number);
    }
    if DATE_KEYS.contains(&key) {
        return instant_of(v, offset_minutes).map_or_else(|| Operand::Text(text_of(v)), Operand::Instant);
    }
    if key == "time" {
        return time_of_day(v).map_or_else(|| Operand::Text(text_of(v)), Operand::Number);
    }
    let path = PATH_KEYS.contains(&key);
    match v {
        Value::Array(_) => Operand::Ids { ids: ids_of(v), path: path && !v.as_array().is_some_and(|a| a.iter().any(Value::is_array)) },
        Value::String(s) if s.trim_start().starts_with('[') => match serde_json::from_str::<Value>(s) {
            Ok(parsed @ Value::Array(_)) => operand(&parsed, key, offset_minutes),
            _ => Operand::Text(s.trim().to_string()),
        },
        Value::Number(_) => decimal_of(v).map_or_else(|| Operand::Text(text_of(v)), Operand::Number),
        Value::String(s) => match crate::number::decimal_of_text(s.trim()) {
            Some(d) if key.is_empty() || key == "comInput" || key == "textarea" => Operand::Number(d),
            _ => Operand::Text(id_text(v).unwrap_or_default()),
        },
        other => Operand::Text(text_of(other)),
    }
}

fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.trim().to_string(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

impl Operand {
    /// The ids this side stands for: the chosen one(s).
    fn chosen(&self) -> Vec<String> {
        match self {
            Operand::Empty => Vec::new(),
            Operand::Ids { ids, path: true } => ids.last().cloned().into_iter().collect(),
            Operand::Ids { ids, .. } => ids.clone(),
            Operand::Number(d) => vec![d.normalize().to_string()],
            Operand::Instant(ms) => vec![ms.to_string()],
            Operand::Text(t) => vec![t.clone()],
        }
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v.dedup();
    v
}

fn equal(a: &Operand, b: &Operand) -> bool {
    match (a, b) {
        (Operand::Empty, Operand::Empty) => true,
        (Operand::Empty, _) | (_, Operand::Empty) => false,
        (Operand::Number(x), Operand::Number(y)) => x == y,
        (Operand::Instant(x), Operand::Instant(y)) => x == y,
        _ => sorted(a.chosen()) == sorted(b.chosen()),
    }
}

fn order(a: &Operand, b: &Operand) -> Option<Ordering> {
    match (a, b) {
        (Operand::Empty, _) | (_, Operand::Empty) => None,
        (Operand::Number(x), Operand::Number(y)) => Some(x.cmp(y)),
        (Operand::Instant(x), Operand::Instant(y)) => Some(x.cmp(y)),
        (Operand::Text(x), Operand::Text(y)) => Some(x.cmp(y)),
        _ => None,
    }
}

fn contains(field: &Operand, value: &Operand) -> bool {
    match (field, value) {
        (_, Operand::Empty) | (Operand::Empty, _) => false,
        (Operand::Text(f), Operand::Text(v)) => f.contains(v.as_str()),
        // A list holds every id of the value; a path holds the id anywhere on it (the
        // department or one above it).
        (Operand::Ids { ids, .. }, v) => v.chosen().iter().all(|x| ids.contains(x)),
        (f, Operand::Ids { ids, .. }) => f.chosen().first().is_some_and(|x| ids.contains(x)),
        (Operand::Number(_) | Operand::Instant(_), _) | (_, Operand::Number(_) | Operand::Instant(_)) => {
            f_text(field).contains(f_text(value).as_str())
        }
    }
}

fn f_text(o: &Operand) -> String {
    o.chosen().into_iter().next().unwrap_or_default()
}

fn str_of<'a>(item: &'a Value, key: &str) -> &'a str {
    item.get(key).and_then(Value::as_str).map(str::trim).unwrap_or("")
}

/// Whether one condition item holds for the record.
fn item_holds(item: &Value, record: &Value, offset_minutes: i32) -> bool {
    if item.get("fieldType").and_then(|v| v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok()))) == Some(3) {
        return false;
    }
    let field = str_of(item, "field");
    if field.is_empty() {
        return false;
    }
    let key = str_of(item, "jnpfKey");
    let left_raw = record.get(field).unwrap_or(&Value::Null);
    let other_field = matches!(item.get("fieldValueType"), Some(v) if v.as_i64() == Some(1) || v.as_str() == Some("1"));
    let raw_value = item.get("fieldValue").unwrap_or(&Value::Null);
    let (right_raw, right_key) = if other_field {
        let name = raw_value.as_str().unwrap_or("").trim();
        (record.get(name).unwrap_or(&Value::Null), str_of(item, "fieldValueJnpfKey"))
    } else {
        (raw_value, "")
    };
    let left = operand(left_raw, key, offset_minutes);
    // The value is read as the field's kind (a date field's value is a date, …).
    let right = operand(right_raw, if right_key.is_empty() { key } else { right_key }, offset_minutes);
    let (left, right) = align(left, right);
    match str_of(item, "symbol") {
        "==" => equal(&left, &right),
        "<>" | "!=" => !equal(&left, &right),
        ">" => order(&left, &right) == Some(Ordering::Greater),
        ">=" => matches!(order(&left, &right), Some(Ordering::Greater | Ordering::Equal)),
        "<" => order(&left, &right) == Some(Ordering::Less),
        "<=" => matches!(order(&left, &right), Some(Ordering::Less | Ordering::Equal)),
        "like" => contains(&left, &right),
        "notLike" => !contains(&left, &right),
        _ => false,
    }
}

/// Two sides of different kinds made comparable: a number with numeric text, an instant
/// with a number (ms), otherwise both as text.
fn align(left: Operand, right: Operand) -> (Operand, Operand) {
    match (&left, &right) {
        (Operand::Number(_), Operand::Text(t)) => match crate::number::decimal_of_text(t) {
            Some(d) => (left, Operand::Number(d)),
            None => (Operand::Text(f_text(&left)), right),
        },
        (Operand::Text(t), Operand::Number(_)) => match crate::number::decimal_of_text(t) {
            Some(d) => (Operand::Number(d), right),
            None => (left, Operand::Text(f_text(&right))),
        },
        (Operand::Instant(_), Operand::Number(d)) => match i64::try_from(d.trunc().mantissa()).ok().filter(|_| d.scale() == 0) {
            Some(ms) => (left, Operand::Instant(ms)),
            None => (left, right),
        },
        (Operand::Number(d), Operand::Instant(_)) => match i64::try_from(d.mantissa()).ok().filter(|_| d.scale() == 0) {
            Some(ms) => (Operand::Instant(ms), right),
            None => (left, right),
        },
        (Operand::Number(_) | Operand::Instant(_), Operand::Ids { .. }) => (Operand::Text(f_text(&left)), right),
        (Operand::Ids { .. }, Operand::Number(_) | Operand::Instant(_)) => (left, Operand::Text(f_text(&right))),
        (Operand::Instant(_), Operand::Text(_)) => (Operand::Text(f_text(&left)), right),
        (Operand::Text(_), Operand::Instant(_)) => (left, Operand::Text(f_text(&right))),
        _ => (left, right),
    }
}

/// Whether a condition (the items of a condition node's `properties.conditions`) holds for a
/// record. No items hold (an empty condition is the default branch's, chosen apart). Dates as
/// text are read in the zone `offset_minutes` east of UTC.
pub fn condition_holds(conditions: &Value, record: &Value, offset_minutes: i32) -> bool {
    let Some(items) = conditions.as_array() else { return false };
    if items.is_empty() {
        return false;
    }
    // Or-groups of and-ed items: item i's logic joins it to item i+1.
    let mut any = false;
    let mut all = true;
    for (i, item) in items.iter().enumerate() {
        all = all && item_holds(item, record, offset_minutes);
        let last = i + 1 == items.len();
        let or_next = !last && matches!(str_of(item, "logic"), "||" | "or" | "OR");
        if last || or_next {
            any = any || all;
            all = true;
        }
    }
    any
}

// ---- The node tree ----

/// How a node's `conditionNodes` are taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum BranchKind {
    /// Exclusive conditions: one branch.
    Condition,
    /// Parallel: every branch.
    Interflow,
    /// The approver chooses.
    BranchFlow,
}

/// A node of a flow definition (§7.12), as routing reads it.
#[derive(Debug, Clone)]
pub struct FlowNode {
    pub node_id: String,
    /// start, approver, copy, timer, subFlow, condition, empty.
    pub node_type: String,
    pub properties: Value,
    pub child: Option<Box<FlowNode>>,
    pub branches: Vec<FlowNode>,
    pub branch_kind: BranchKind,
}

impl FlowNode {
    fn read(v: &Value, depth: usize) -> Result<FlowNode, Message> {
        let bad = || Message::new("flow.definition", "流程定义格式不正确");
        if depth > MAX_DEPTH || !v.is_object() {
            return Err(bad());
        }
        let node_id = v.get("nodeId").and_then(Value::as_str).unwrap_or("").to_string();
        if node_id.is_empty() {
            return Err(bad());
        }
        let child = match v.get("childNode") {
            None | Some(Value::Null) => None,
            Some(c) if c.as_object().is_some_and(|o| o.is_empty()) => None,
            Some(c) => Some(Box::new(FlowNode::read(c, depth + 1)?)),
        };
        let branches = match v.get("conditionNodes") {
            Some(Value::Array(items)) => items.iter().map(|b| FlowNode::read(b, depth + 1)).collect::<Result<Vec<_>, _>>()?,
            _ => Vec::new(),
        };
        let branch_kind = match v.get("conditionType").and_then(Value::as_str) {
            Some("interflow") => BranchKind::Interflow,
            Some("branchFlow") => BranchKind::BranchFlow,
            _ if branches.iter().all(|b| b.properties.get("isInterflow") == Some(&Value::Bool(true))) && !branches.is_empty() => BranchKind::Interflow,
            _ if branches.iter().all(|b| b.properties.get("isBranchFlow") == Some(&Value::Bool(true))) && !branches.is_empty() => BranchKind::BranchFlow,
            _ => BranchKind::Condition,
        };
        Ok(FlowNode {
            node_id,
            node_type: v.get("type").and_then(Value::as_str).unwrap_or("").to_string(),
            properties: v.get("properties").cloned().unwrap_or(Value::Null),
            child,
            branches,
            branch_kind,
        })
    }

    /// The node's title (`properties.title`).
    pub fn title(&self) -> &str {
        self.properties.get("title").and_then(Value::as_str).unwrap_or("")
    }

    fn is_default_branch(&self) -> bool {
        self.properties.get("isDefault").and_then(Value::as_bool).unwrap_or(false)
            || self.properties.get("conditions").and_then(Value::as_array).is_none_or(|c| c.is_empty())
    }

    fn priority(&self) -> i64 {
        match self.properties.get("priority") {
            Some(Value::Number(n)) => n.as_i64().unwrap_or(i64::MAX),
            Some(Value::String(s)) => s.trim().parse().unwrap_or(i64::MAX),
            _ => i64::MAX,
        }
    }
}

/// A flow's node tree, read once.
#[derive(Debug, Clone)]
pub struct FlowTree {
    pub root: FlowNode,
}

/// A node as routing answers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeRef {
    pub node_id: String,
    pub node_type: String,
    pub title: String,
}

impl NodeRef {
    fn of(n: &FlowNode) -> NodeRef {
        NodeRef { node_id: n.node_id.clone(), node_type: n.node_type.clone(), title: n.title().to_string() }
    }
}

/// Where a task goes after a node: the nodes it stops at (none: the flow ends), the copy
/// nodes passed on the way, the condition branches taken, and whether the stops are parallel
/// branches (all of them) or branches for the approver to choose.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NextStep {
    pub nodes: Vec<NodeRef>,
    pub copies: Vec<NodeRef>,
    pub branches: Vec<NodeRef>,
    pub end: bool,
    pub parallel: bool,
    pub choose: bool,
}

impl FlowTree {
    /// Reads a node tree (JSON or JSON text); its root must be the start node.
    pub fn parse(tree: &Value) -> Result<FlowTree, Message> {
        let parsed;
        let tree = match tree {
            Value::String(s) => {
                parsed = serde_json::from_str::<Value>(s).map_err(|_| Message::new("flow.definition", "流程定义格式不正确"))?;
                &parsed
            }
            other => other,
        };
        let root = FlowNode::read(tree, 0)?;
        if root.node_type != "start" {
            return Err(Message::new("flow.noStart", "流程定义缺少发起节点"));
        }
        Ok(FlowTree { root })
    }

    /// A node by id, with the continuations after it (the `childNode` of each branching node
    /// enclosing it, innermost last).
    fn locate<'a>(&'a self, id: &str) -> Option<(&'a FlowNode, Vec<Option<&'a FlowNode>>)> {
        fn walk<'a>(n: &'a FlowNode, id: &str, stack: &mut Vec<Option<&'a FlowNode>>) -> Option<&'a FlowNode> {
            if n.node_id == id {
                return Some(n);
            }
            if !n.branches.is_empty() {
                stack.push(n.child.as_deref());
                for b in &n.branches {
                    if let Some(found) = walk(b, id, stack) {
                        return Some(found);
                    }
                }
                stack.pop();
            }
            n.child.as_deref().and_then(|c| walk(c, id, stack))
        }
        let mut stack = Vec::new();
        walk(&self.root, id, &mut stack).map(|n| (n, stack))
    }

    /// A node by id.
    pub fn node(&self, id: &str) -> Option<&FlowNode> {
        self.locate(id).map(|(n, _)| n)
    }

    /// Every node of the tree, in order (a node before its branches, branches before what
    /// follows them).
    pub fn nodes(&self) -> Vec<&FlowNode> {
        fn walk<'a>(n: &'a FlowNode, out: &mut Vec<&'a FlowNode>) {
            out.push(n);
            for b in &n.branches {
                walk(b, out);
            }
            if let Some(c) = &n.child {
                walk(c, out);
            }
        }
        let mut out = Vec::new();
        walk(&self.root, &mut out);
        out
    }

    /// Where a task goes once node `from` is done, for this record.
    pub fn next(&self, from: &str, record: &Value, offset_minutes: i32) -> Result<NextStep, Message> {
        let (node, mut stack) = self.locate(from).ok_or_else(|| Message::new("flow.noNode", "流程节点不存在"))?;
        let mut step = NextStep::default();
        after(node, &mut stack, record, offset_minutes, &mut step)?;
        Ok(step)
    }
}

/// The way on from a finished node.
fn after<'a>(n: &'a FlowNode, stack: &mut Vec<Option<&'a FlowNode>>, record: &Value, offset: i32, step: &mut NextStep) -> Result<(), Message> {
    if n.branches.is_empty() {
        return enter(n.child.as_deref(), stack, record, offset, step);
    }
    stack.push(n.child.as_deref());
    match n.branch_kind {
        BranchKind::Condition => {
            let mut order: Vec<(usize, &FlowNode)> = n.branches.iter().enumerate().collect();
            order.sort_by_key(|(i, b)| (b.priority(), *i));
            let chosen = order
                .iter()
                .find(|(_, b)| !b.is_default_branch() && condition_holds(b.properties.get("conditions").unwrap_or(&Value::Null), record, offset))
                .or_else(|| order.iter().find(|(_, b)| b.is_default_branch()))
                .map(|(_, b)| *b)
                .ok_or_else(|| Message::new("flow.noBranch", "没有满足条件的流程分支，无法流转"))?;
            step.branches.push(NodeRef::of(chosen));
            // The condition node itself is a gate, not a stop.
            enter(chosen.child.as_deref(), stack, record, offset, step)
        }
        kind => {
            step.parallel = kind == BranchKind::Interflow;
            step.choose = kind == BranchKind::BranchFlow;
            step.nodes.extend(n.branches.iter().map(NodeRef::of));
            Ok(())
        }
    }
}

/// Entering a node (None: the end of a chain).
fn enter<'a>(n: Option<&'a FlowNode>, stack: &mut Vec<Option<&'a FlowNode>>, record: &Value, offset: i32, step: &mut NextStep) -> Result<(), Message> {
    match n {
        None => match stack.pop() {
            None => {
                step.end = true;
                Ok(())
            }
            Some(next) => enter(next, stack, record, offset, step),
        },
        Some(n) => match n.node_type.as_str() {
            "empty" | "condition" | "start" => after(n, stack, record, offset, step),
            "copy" => {
                step.copies.push(NodeRef::of(n));
                after(n, stack, record, offset, step)
            }
            _ => {
                step.nodes.push(NodeRef::of(n));
                Ok(())
            }
        },
    }
}

/// `FlowTree::next` over a tree as JSON or JSON text.
pub fn next_nodes(tree: &Value, from: &str, record: &Value, offset_minutes: i32) -> Result<NextStep, Message> {
    let tree = FlowTree::parse(tree)?;
    let from = if from.is_empty() { tree.root.node_id.clone() } else { from.to_string() };
    tree.next(&from, record, offset_minutes)
}

/// The designer's preview of routing (and the WASM export): the next step, or why there is
/// none (a definition that cannot be read, a node that is not there, no branch for the record).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoutePreview {
    pub next: Option<NextStep>,
    pub message: Option<Message>,
}

/// Why a flow cannot be saved yet (the designer's check and the server's, 请完善{流程名称}的流程设计).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Incomplete {
    /// The node to complete; empty when the tree itself cannot be read.
    pub node_id: String,
    /// `definition` (unreadable, or no start node), `approvers` (指定成员 with nobody chosen),
    /// `conditions` (a branch without conditions that is not the default), `conditionField`,
    /// `conditionSymbol` (an item without its field or its comparison).
    pub reason: String,
}

/// The approver settings that name people for 指定成员 (assigneeType 6).
const APPROVER_KEYS: [&str; 5] = ["approvers", "approverPos", "approverRole", "approverOrg", "approverGroup"];

/// The first node (in tree order) that keeps a flow's node tree from being saved, or None when
/// it may be saved.
pub fn incomplete_node(tree: &Value) -> Option<Incomplete> {
    let incomplete = |node_id: &str, reason: &str| Some(Incomplete { node_id: node_id.to_string(), reason: reason.to_string() });
    let Ok(parsed) = FlowTree::parse(tree) else { return incomplete("", "definition") };
    for node in parsed.nodes() {
        let p = &node.properties;
        let chosen = |key: &str| p.get(key).and_then(Value::as_array).is_some_and(|a| !a.is_empty());
        match node.node_type.as_str() {
            "approver" => {
                let assignee = p.get("assigneeType").and_then(|v| v.as_i64().or_else(|| v.as_str()?.trim().parse().ok())).unwrap_or(6);
                if assignee == 6 && !APPROVER_KEYS.iter().any(|k| chosen(k)) {
                    return incomplete(&node.node_id, "approvers");
                }
            }
            "condition" if !p.get("isDefault").and_then(Value::as_bool).unwrap_or(false) => {
                let Some(items) = p.get("conditions").and_then(Value::as_array).filter(|a| !a.is_empty()) else {
                    return incomplete(&node.node_id, "conditions");
                };
                for item in items {
                    let given = |key: &str| item.get(key).and_then(Value::as_str).is_some_and(|s| !s.trim().is_empty());
                    if !given("field") {
                        return incomplete(&node.node_id, "conditionField");
                    }
                    if !given("symbol") {
                        return incomplete(&node.node_id, "conditionSymbol");
                    }
                }
            }
            _ => {}
        }
    }
    None
}

/// [`next_nodes`] as [`RoutePreview`]: from `from`, or from the start node when `from` is empty.
pub fn preview_route(tree: &Value, from: &str, record: &Value, offset_minutes: i32) -> RoutePreview {
    match next_nodes(tree, from, record, offset_minutes) {
        Ok(next) => RoutePreview { next: Some(next), message: None },
        Err(m) => RoutePreview { next: None, message: Some(m) },
    }
}
