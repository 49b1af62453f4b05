//! Where a released model's records live: the physical tables and columns the platform
//! chooses for the logical tables of core's typed model (`model::read_model`). Pure: release
//! plans with it (what to create, what to add, what it must refuse), the record API resolves
//! fields to columns with it.
//!
//! Names: the main table is `rec_<modelId>` (its 1:1 secondary tables' columns sit in it, the
//! relation being 1:1), each sub-table `rec_<modelId>_<n>`, n given once and kept — never a
//! name from the definition. A column is the field's name in lower case, allow-listed by core's
//! `is_identifier` (and core's check refuses system-column names); two fields that differ
//! only in case would meet in one column and are refused.

use qiming_core::model::{ColumnKind, Model, Problem, TableRole, is_identifier};
use qiming_core::message::Message;
use std::collections::BTreeMap;

/// How a column is stored: the SQL type, the same word on both engines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    Text,
    BigInt,
    Numeric,
}

impl Storage {
    pub fn of(kind: &ColumnKind) -> Storage {
        match kind {
            ColumnKind::Integer | ColumnKind::DateTime | ColumnKind::Boolean => Storage::BigInt,
            ColumnKind::Decimal { .. } => Storage::Numeric,
            ColumnKind::Text { .. } | ColumnKind::LongText | ColumnKind::Json => Storage::Text,
        }
    }

    pub fn sql_type(self) -> &'static str {
        match self {
            Storage::Text => "TEXT",
            Storage::BigInt => "BIGINT",
            Storage::Numeric => "NUMERIC",
        }
    }

    pub fn parse(s: &str) -> Option<Storage> {
        match s {
            "TEXT" => Some(Storage::Text),
            "BIGINT" => Some(Storage::BigInt),
            "NUMERIC" => Some(Storage::Numeric),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct ColumnPlan {
    /// The field's record name inside its table (a sub-table's column: its own vModel).
    pub field: String,
    pub physical: String,
    pub kind: ColumnKind,
    pub storage: Storage,
    pub indexed: bool,
    /// Not in the registry yet: release adds it.
    pub new: bool,
}

#[derive(Debug, Clone)]
pub struct TablePlan {
    /// '' for the main table, else the sub-table widget's vModel.
    pub sub_table: String,
    pub physical: String,
    pub new: bool,
    pub columns: Vec<ColumnPlan>,
    /// The indexes the lists need, each as its physical columns in order (main table only).
    pub indexes: Vec<Vec<String>>,
}

/// How the model's list uses its fields (columnData, jnpf-wire-engine.md §4): the fields
/// searched by equality (searchType 1: a select, a switch, a picked id …), which narrow a list
/// to a part, and the fields it sorts by.
#[derive(Debug, Clone, Default)]
pub struct ListUse {
    pub narrowing: Vec<String>,
    pub sortable: Vec<String>,
}

/// Reads `columnData` (JSON text or object) for [`ListUse`].
pub fn list_use(column_data: &serde_json::Value) -> ListUse {
    let parsed;
    let data = match column_data {
        serde_json::Value::String(s) => {
            parsed = serde_json::from_str::<serde_json::Value>(s).unwrap_or_default();
            &parsed
        }
        other => other,
    };
    let name = |item: &serde_json::Value| {
        item.get("prop").or_else(|| item.get("__vModel__")).and_then(serde_json::Value::as_str).unwrap_or("").to_string()
    };
    let items = |key: &str| data.get(key).and_then(serde_json::Value::as_array).cloned().unwrap_or_default();
    let mut out = ListUse::default();
    for item in items("searchList") {
        if item.get("searchType").and_then(serde_json::Value::as_i64) == Some(1) && !name(&item).is_empty() {
            out.narrowing.push(name(&item));
        }
    }
    for item in items("columnList") {
        if item.get("sortable").and_then(serde_json::Value::as_bool) == Some(true) && !name(&item).is_empty() {
            out.sortable.push(name(&item));
        }
    }
    if let Some(sidx) = data.get("defaultSidx").and_then(serde_json::Value::as_str).filter(|s| !s.is_empty()) {
        out.sortable.push(sidx.to_string());
    }
    out.sortable.dedup();
    out
}

/// At most this many indexes of a narrowing field with a sort field on one table: each one
/// costs every write, and a list is served well by the leading narrowing field alone too.
const MAX_PAIRS: usize = 16;

/// The main table's indexes: newest first (the default order), each indexed column followed
/// by that order (a sort by it, or a filter on it, reads in order from the index), and each
/// narrowing field with each sort field (a filtered list sorted reads its first page from the
/// index instead of sorting every match).
fn main_indexes(columns: &[ColumnPlan], list: &ListUse) -> Vec<Vec<String>> {
    let order = ["created".to_string(), "id".to_string()];
    let physical = |field: &str| columns.iter().find(|c| c.field == field && c.indexed && !matches!(c.kind, ColumnKind::Json | ColumnKind::LongText)).map(|c| c.physical.clone());
    let mut out: Vec<Vec<String>> = vec![order.to_vec()];
    for c in columns.iter().filter(|c| c.indexed) {
        out.push([vec![c.physical.clone()], order.to_vec()].concat());
    }
    let mut pairs = 0;
    for n in list.narrowing.iter().filter_map(|f| physical(f)) {
        for s in list.sortable.iter().filter_map(|f| physical(f)) {
            if n != s && pairs < MAX_PAIRS {
                out.push([vec![n.clone(), s], order.to_vec()].concat());
                pairs += 1;
            }
        }
    }
    out.dedup();
    out
}

/// What the registry already holds for a model.
#[derive(Debug, Clone, Default)]
pub struct Registry {
    /// sub_table ('' main) → physical table.
    pub tables: BTreeMap<String, String>,
    /// (physical table, field) → (physical column, storage).
    pub columns: BTreeMap<(String, String), (String, Storage)>,
}

/// The physical name of a model's main table; None when the model id is not a safe name
/// part (ids are the platform's own digits).
pub fn main_table(model_id: &str) -> Option<String> {
    (!model_id.is_empty() && model_id.len() <= 40 && model_id.bytes().all(|b| b.is_ascii_alphanumeric())).then(|| format!("rec_{}", model_id.to_ascii_lowercase()))
}

fn problem(path: &str, field: &str, key: &'static str, text: String) -> Problem {
    Problem { path: path.to_string(), field: field.to_string(), message: Message::new(key, text) }
}

/// The tables and columns `model` needs, given what earlier releases made; with the problems
/// that forbid the release (unsafe or clashing names, a column whose kind changed — its data
/// would not fit, and it is never dropped).
pub fn plan(model_id: &str, model: &Model, list: &ListUse, registry: &Registry) -> (Vec<TablePlan>, Vec<Problem>) {
    let mut problems = Vec::new();
    let Some(main) = main_table(model_id) else {
        problems.push(problem("", "", "model.badModelId", format!("功能编号不能作为表名：{model_id}")));
        return (Vec::new(), problems);
    };
    let mut tables: Vec<TablePlan> = vec![TablePlan { sub_table: String::new(), new: !registry.tables.contains_key(""), physical: main.clone(), columns: Vec::new(), indexes: Vec::new() }];
    let mut next_child = registry.tables.len().max(1);
    let path_of = |field: &str| model.fields.iter().find(|f| f.v_model == field).map(|f| f.path.clone()).unwrap_or_default();
    for table in &model.tables {
        let at = match table.role {
            TableRole::Main | TableRole::Secondary => 0,
            TableRole::Child => {
                let sub = table.sub_table.clone().unwrap_or_else(|| table.name.clone());
                match tables.iter().position(|t| t.sub_table == sub) {
                    Some(at) => at,
                    None => {
                        let (physical, new) = match registry.tables.get(&sub) {
                            Some(p) => (p.clone(), false),
                            None => {
                                let p = format!("{main}_{next_child}");
                                next_child += 1;
                                (p, true)
                            }
                        };
                        tables.push(TablePlan { sub_table: sub, physical, new, columns: Vec::new(), indexes: Vec::new() });
                        tables.len() - 1
                    }
                }
            }
        };
        for column in &table.columns {
            let shown_name = if tables[at].sub_table.is_empty() { column.field.clone() } else { format!("{}-{}", tables[at].sub_table, column.field) };
            let path = path_of(&column.field);
            if !is_identifier(&column.field) {
                problems.push(problem(&path, &shown_name, "model.badColumnName", format!("字段名不能作为列名：{}", column.field)));
                continue;
            }
            let physical = column.field.to_ascii_lowercase();
            let storage = Storage::of(&column.kind);
            let t = &mut tables[at];
            if t.columns.iter().any(|c| c.physical == physical) {
                problems.push(problem(&path, &shown_name, "model.columnClash", format!("字段名仅大小写不同，不能存在同一张表中：{}", column.field)));
                continue;
            }
            let known = registry.columns.get(&(t.physical.clone(), column.field.clone()));
            if let Some((_, was)) = known
                && *was != storage
            {
                problems.push(problem(&path, &shown_name, "model.columnKindChanged", format!("字段已有数据，不能改变其存储类型：{}", column.field)));
                continue;
            }
            // A field removed and added again under another case keeps its old column.
            let clash_with_old = known.is_none() && registry.columns.iter().any(|((pt, f), (pc, s))| *pt == t.physical && *pc == physical && f != &column.field && *s != storage);
            if clash_with_old {
                problems.push(problem(&path, &shown_name, "model.columnKindChanged", format!("字段已有数据，不能改变其存储类型：{}", column.field)));
                continue;
            }
            let new = known.is_none();
            t.columns.push(ColumnPlan { field: column.field.clone(), physical, kind: column.kind.clone(), storage, indexed: column.indexed, new });
        }
    }
    tables[0].indexes = main_indexes(&tables[0].columns, list);
    (tables, problems)
}

/// A column to read: physical name and storage (NUMERIC is read as text, exact).
#[derive(Debug, Clone)]
pub struct Read {
    pub physical: String,
    pub storage: Storage,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    #[test]
    fn names_come_from_the_platform_and_columns_are_allow_listed() {
        assert_eq!(main_table("123"), Some("rec_123".into()));
        assert_eq!(main_table("1; DROP"), None);
        let base = json!({"webType": 2, "formData": {"fields": [
            {"__vModel__": "Name", "__config__": {"jnpfKey": "comInput", "label": "名"}},
            {"__vModel__": "tableField1", "__config__": {"jnpfKey": "table", "label": "明细", "children": [
                {"__vModel__": "amount", "__config__": {"jnpfKey": "numInput", "label": "金额"}}
            ]}}
        ]}});
        let model = qiming_core::model::read_model(&base);
        let (tables, problems) = plan("42", &model, &ListUse::default(), &Registry::default());
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(tables[0].physical, "rec_42");
        assert_eq!(tables[0].columns[0].physical, "name");
        assert_eq!(tables[1].physical, "rec_42_1");
        assert_eq!(tables[1].columns[0].storage, Storage::Numeric);
    }

    // Issue 13's list speed: a list filtered by a select and sorted by a number reads its
    // first page from one index (status, amount, created, id) instead of sorting every match.
    #[test]
    fn lists_get_an_index_per_filter_and_sort() {
        let column_data = json!({
            "columnList": [{"prop": "code", "sortable": true}, {"prop": "amount", "sortable": true}, {"prop": "title"}],
            "searchList": [{"prop": "status", "searchType": 1}, {"prop": "title", "searchType": 2}],
            "defaultSidx": "created_on"
        });
        let base = json!({"webType": 2, "columnData": column_data.to_string(), "formData": {"fields": [
            {"__vModel__": "code", "__config__": {"jnpfKey": "comInput", "label": "编号"}},
            {"__vModel__": "title", "__config__": {"jnpfKey": "comInput", "label": "标题"}},
            {"__vModel__": "amount", "__config__": {"jnpfKey": "numInput", "label": "金额"}},
            {"__vModel__": "created_on", "__config__": {"jnpfKey": "date", "label": "日期"}},
            {"__vModel__": "status", "__config__": {"jnpfKey": "select", "label": "状态"}, "__slot__": {"options": [{"id": "1", "fullName": "新"}]}}
        ]}});
        let model = qiming_core::model::read_model(&base);
        let list = list_use(&Value::String(column_data.to_string()));
        assert_eq!(list.narrowing, vec!["status"]);
        assert_eq!(list.sortable, vec!["code", "amount", "created_on"]);
        let (tables, problems) = plan("7", &model, &list, &Registry::default());
        assert!(problems.is_empty(), "{problems:?}");
        let ix: Vec<String> = tables[0].indexes.iter().map(|c| c.join(",")).collect();
        for want in ["created,id", "status,created,id", "amount,created,id", "status,code,created,id", "status,amount,created,id", "status,created_on,created,id"] {
            assert!(ix.contains(&want.to_string()), "{want} missing from {ix:?}");
        }
        assert!(!ix.iter().any(|i| i.starts_with("title,") && i.split(',').count() > 3), "a contains-search field leads no pair: {ix:?}");
        assert!(tables.iter().skip(1).all(|t| t.indexes.is_empty()));
    }
}
