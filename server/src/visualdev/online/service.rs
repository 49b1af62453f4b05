//! The records of released models (OnlineDev, jnpf-wire-engine.md §3, §5): Config, create,
//! update with an optimistic lock, info, display values, delete, batch delete and the list.
//!
//! A save runs on the released definition the record belongs to (never the draft): core's
//! `FormValidator` — the very check the browser ran — then the server's own rules (stored
//! calculate fields recomputed with core's formula, `unique`, serial numbers, the system
//! fields, picked users, organisations, positions, roles, dictionary items and related
//! records found), every field's messages answered at once (code 400, `data`
//! `{field: [message, …]}`, sub-table cells `table[row].column`), then the main row and the
//! sub-table rows written in one transaction.

use super::dto::{RecordListForm, OnlineConfig, RecordForm, RecordData};
use super::layout::{self, Storage};
pub use super::loaded::Loaded;
use super::repo::{self, Cell, Put, Read, Sort};
use crate::state::AppState;
use crate::access::{DataScope, Reason, RecordPermit, button};
use crate::db::{Conn, Engine};
use crate::error::{AppError, FieldErrors};
use crate::support::new_id;
use crate::system::bill_rule::service as bill_rules;
use crate::visualdev::dto::RecordRow;
use crate::visualdev::repo as models;
use crate::visualdev::definition::{record_name, released_definition};
use crate::wire::{Page, PageOf};
use qiming_core::form::FormValidator;
use qiming_core::recompute::{Calculations, Written};
use qiming_core::model::{ColumnKind, Field, Options, read_model};
use sea_query::ExprTrait;
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, BTreeSet};

const NOT_RELEASED: &str = "该功能尚未发布";
const MISSING: &str = "数据不存在";
pub const STALE: &str = "数据已被修改，请刷新后重试";
const FORBIDDEN: &str = "您没有此操作的权限";


fn parse_part(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

/// A model's released definition and record tables, with the model's record stamp (see
/// migration 0030): read from memory while the model's released version is the one in
/// memory, so that a list or a read costs the stamp's lookup and its own query.
async fn load(state: &AppState, conn: &mut Conn, model_id: &str) -> Result<(std::sync::Arc<Loaded>, repo::Stamp), AppError> {
    let stamp = repo::stamp(conn, model_id).await?.ok_or_else(|| AppError::not_found(NOT_RELEASED))?;
    if let Some(loaded) = state.visualdev.released_models.get(model_id, stamp.release_version) {
        return Ok((loaded, stamp));
    }
    let loaded = std::sync::Arc::new(read_loaded(conn, model_id, stamp.release_version).await?);
    state.visualdev.released_models.put(model_id, stamp.release_version, loaded.clone());
    Ok((loaded, stamp))
}

async fn read_loaded(conn: &mut Conn, model_id: &str, version: i64) -> Result<Loaded, AppError> {
    let release = models::release_of(conn, model_id, Some(version)).await?.ok_or_else(|| AppError::not_found(NOT_RELEASED))?;
    let base = released_definition(&release);
    let model = read_model(&base);
    let registry = repo::registry(conn, model_id).await?;
    // Released before records had tables (the first slice): a new release makes them.
    let main = registry.tables.get("").cloned().ok_or_else(|| AppError::not_found("该功能的数据表尚未创建，请重新发布"))?;
    let children = registry.tables.iter().filter(|(k, _)| !k.is_empty()).map(|(k, v)| (k.clone(), v.clone())).collect();
    let form_data = parse_part(&release.form_data);
    let static_options = model
        .fields
        .iter()
        .filter(|f| matches!(f.options, Some(Options::Static)))
        .map(|f| (record_name(f), static_options(&form_data, &f.path, "/formData")))
        .collect();
    Ok(Loaded { form_data, column_data: parse_part(&release.column_data), fields: model.fields, main, children, registry, static_options })
}

impl Loaded {
    /// The stored fields of the main record (not sub-table columns, not sub-tables), with
    /// their columns.
    fn main_columns(&self) -> Vec<(&Field, Read)> {
        self.fields
            .iter()
            .filter(|f| f.sub_table.is_none() && f.jnpf_key != "table")
            .filter_map(|f| {
                let (physical, storage) = self.registry.columns.get(&(self.main.clone(), f.v_model.clone()))?;
                Some((f, Read { physical: physical.clone(), storage: *storage }))
            })
            .collect()
    }

    fn child_columns(&self, sub: &str) -> Vec<(&Field, Read)> {
        let Some(table) = self.children.get(sub) else { return Vec::new() };
        self.fields
            .iter()
            .filter(|f| f.sub_table.as_deref() == Some(sub))
            .filter_map(|f| {
                let (physical, storage) = self.registry.columns.get(&(table.clone(), f.v_model.clone()))?;
                Some((f, Read { physical: physical.clone(), storage: *storage }))
            })
            .collect()
    }

    fn sub_tables(&self) -> Vec<&Field> {
        self.fields.iter().filter(|f| f.jnpf_key == "table" && self.children.contains_key(&f.v_model)).collect()
    }
}

// ---- Release: the tables ----

/// Plans and makes the record tables of a definition being released, inside the release's
/// transaction; answers the problems that forbid it (nothing is made then).
pub async fn prepare_tables(conn: &mut Conn, model_id: &str, base: &Value) -> Result<Vec<qiming_core::model::Problem>, AppError> {
    let model = read_model(base);
    let registry = repo::registry(conn, model_id).await?;
    let list = layout::list_use(base.get("columnData").unwrap_or(&Value::Null));
    let (plans, problems) = layout::plan(model_id, &model, &list, &registry);
    if problems.is_empty() {
        repo::apply(conn, model_id, &plans).await?;
    }
    Ok(problems)
}

// ---- Values ----

fn put_of(kind: &ColumnKind, v: &Value) -> Put {
    if v.is_null() || v.as_str() == Some("") {
        return Put::Null;
    }
    match kind {
        ColumnKind::Text { .. } | ColumnKind::LongText => match v {
            Value::String(s) => Put::Text(s.clone()),
            Value::Number(n) => Put::Text(n.to_string()),
            Value::Bool(b) => Put::Text(b.to_string()),
            other => Put::Text(other.to_string()),
        },
        ColumnKind::Json => match v {
            Value::Array(a) if a.is_empty() => Put::Null,
            Value::String(s) if serde_json::from_str::<Value>(s).is_ok_and(|p| p.is_array() || p.is_object()) => Put::Text(s.clone()),
            other => Put::Text(other.to_string()),
        },
        ColumnKind::Integer | ColumnKind::DateTime => match v {
            Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|f| f.round() as i64)).map_or(Put::Null, Put::Int),
            Value::String(s) => s.trim().parse::<i64>().map_or(Put::Null, Put::Int),
            _ => Put::Null,
        },
        ColumnKind::Boolean => match v {
            Value::Bool(b) => Put::Int(i64::from(*b)),
            Value::Number(n) => Put::Int(i64::from(n.as_f64().unwrap_or(0.0) != 0.0)),
            Value::String(s) => Put::Int(i64::from(s == "1" || s == "true")),
            _ => Put::Null,
        },
        ColumnKind::Decimal { .. } => qiming_core::number::decimal_of(v).map_or(Put::Null, |d| Put::Numeric(d.normalize().to_string())),
    }
}

fn value_of(storage: Storage, kind: &ColumnKind, cell: &Cell) -> Value {
    match (cell, kind) {
        (Cell::Null, _) => Value::Null,
        (Cell::Int(n), _) => json!(n),
        (Cell::Text(s), ColumnKind::Json) => serde_json::from_str(s).unwrap_or_else(|_| Value::String(s.clone())),
        (Cell::Text(s), _) if storage == Storage::Numeric => s.parse::<serde_json::Number>().map(Value::Number).or_else(|_| s.parse::<f64>().map(|f| json!(f))).unwrap_or(Value::Null),
        (Cell::Text(s), _) => Value::String(s.clone()),
    }
}

fn data_object(data: &Value) -> Result<Map<String, Value>, AppError> {
    let parsed = match data {
        Value::String(s) => crate::wire::nested_json("data", s)?.ok_or_else(|| AppError::field("data", "数据格式不正确"))?,
        other => other.clone(),
    };
    match parsed {
        Value::Object(map) => Ok(map),
        _ => Err(AppError::field("data", "数据格式不正确")),
    }
}

// ---- Reading ----

/// The raw record: fields (granted ones), sub-table rows, id and version.
async fn read_record(conn: &mut Conn, loaded: &Loaded, permit: &RecordPermit, id: &str) -> Result<(repo::Head, Map<String, Value>), AppError> {
    let columns = loaded.main_columns();
    let reads: Vec<Read> = columns.iter().map(|(_, r)| r.clone()).collect();
    let (head, cells) = repo::record(conn, &loaded.main, permit.scope(), id, &reads).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let mut data = Map::new();
    for ((f, r), cell) in columns.iter().zip(&cells) {
        if let Some(kind) = &f.kind {
            data.insert(f.v_model.clone(), value_of(r.storage, kind, cell));
        }
    }
    for sub in loaded.sub_tables() {
        let columns = loaded.child_columns(&sub.v_model);
        let reads: Vec<Read> = columns.iter().map(|(_, r)| r.clone()).collect();
        let rows = repo::children(conn, &loaded.children[&sub.v_model], std::slice::from_ref(&head.id), &reads).await?;
        let rows: Vec<Value> = rows
            .into_iter()
            .map(|(_, row_id, cells)| {
                let mut row = Map::new();
                row.insert("id".into(), Value::String(row_id));
                for ((f, r), cell) in columns.iter().zip(&cells) {
                    if let Some(kind) = &f.kind {
                        row.insert(f.v_model.clone(), value_of(r.storage, kind, cell));
                    }
                }
                Value::Object(row)
            })
            .collect();
        data.insert(sub.v_model.clone(), Value::Array(rows));
    }
    strip_ungranted(loaded, permit, &mut data);
    data.insert("id".into(), Value::String(head.id.clone()));
    data.insert("version".into(), json!(head.version));
    data.insert("creatorUserId".into(), Value::String(head.creator.clone()));
    data.insert("creatorTime".into(), json!(head.created));
    data.insert("lastModifyUserId".into(), json!(head.modifier));
    data.insert("lastModifyTime".into(), json!(head.modified));
    Ok((head, data))
}

/// Leaves out the fields the caller's form permission does not grant (sub-table columns as
/// `table-column`).
fn strip_ungranted(loaded: &Loaded, permit: &RecordPermit, data: &mut Map<String, Value>) {
    for f in &loaded.fields {
        if f.v_model.is_empty() || permit.has_field(&record_name(f)) {
            continue;
        }
        match &f.sub_table {
            None => {
                data.remove(&f.v_model);
            }
            Some(sub) => {
                if let Some(Value::Array(rows)) = data.get_mut(sub) {
                    for row in rows {
                        if let Some(o) = row.as_object_mut() {
                            o.remove(&f.v_model);
                        }
                    }
                }
            }
        }
    }
}

/// GET {modelId}/Config: the released definition (type 0: the draft, for the designer's preview).
pub async fn config(state: &AppState, permit: &RecordPermit, model_id: &str, preview: Option<i64>) -> Result<OnlineConfig, AppError> {
    let mut conn = state.db.acquire().await?;
    let draft = models::draft(&mut conn, model_id).await?.ok_or_else(|| AppError::not_found("功能不存在"))?;
    if preview == Some(0) {
        if !permit.caller().is_administrator {
            return Err(AppError::forbidden(FORBIDDEN));
        }
        return Ok(OnlineConfig {
            id: draft.id,
            full_name: draft.full_name,
            en_code: draft.en_code,
            r#type: draft.model_type,
            web_type: draft.web_type,
            enable_flow: draft.enable_flow,
            flow_id: String::new(),
            form_data: draft.form_data,
            column_data: draft.column_data,
            app_column_data: draft.app_column_data,
            version: draft.version,
        });
    }
    let r = models::release_of(&mut conn, model_id, None).await?.ok_or_else(|| AppError::not_found(NOT_RELEASED))?;
    Ok(OnlineConfig {
        id: draft.id,
        full_name: r.full_name,
        en_code: draft.en_code,
        r#type: draft.model_type,
        web_type: r.web_type,
        enable_flow: draft.enable_flow,
        flow_id: String::new(),
        form_data: r.form_data,
        column_data: r.column_data,
        app_column_data: r.app_column_data,
        version: r.version,
    })
}

/// GET {modelId}/{id}: the raw record, with its version.
pub async fn info(state: &AppState, permit: &RecordPermit, model_id: &str, id: &str) -> Result<RecordData, AppError> {
    let mut conn = state.db.acquire().await?;
    let (loaded, _) = load(state, &mut conn, model_id).await?;
    let (head, data) = read_record(&mut conn, &loaded, permit, id).await?;
    Ok(RecordData { id: head.id, data: Value::Object(data).to_string() })
}

// ---- Display values ----

/// The display text of one stored value of a field, from the names looked up.
fn display(f: &Field, v: &Value, names: &BTreeMap<String, String>, options: &BTreeMap<String, BTreeMap<String, String>>) -> Value {
    let name_of = |id: &str| names.get(id).cloned().unwrap_or_else(|| id.to_string());
    let texts = |v: &Value, map: &dyn Fn(&str) -> String| -> Value {
        match v {
            Value::Array(items) => Value::String(
                items
                    .iter()
                    .map(|i| match i {
                        Value::Array(path) => path.iter().filter_map(Value::as_str).map(map).collect::<Vec<_>>().join("/"),
                        Value::String(s) => map(s),
                        other => other.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(","),
            ),
            Value::String(s) => Value::String(map(s)),
            other => other.clone(),
        }
    };
    match f.jnpf_key.as_str() {
        "userSelect" | "usersSelect" | "createUser" | "modifyUser" | "depSelect" | "comSelect" | "currOrganize" | "currDept" | "posSelect" | "currPosition"
        | "roleSelect" | "groupSelect" | "address" => texts(v, &|id| name_of(id.split("--").next().unwrap_or(id))),
        // Times stay values: the client writes them in the field's own format.
        "switch" | "dateRange" | "timeRange" => v.clone(),
        _ => match options.get(&record_name(f)) {
            Some(map) => texts(v, &|id| map.get(id).cloned().unwrap_or_else(|| id.to_string())),
            None => match v {
                Value::Array(items) if items.iter().all(|i| !i.is_object()) => Value::String(items.iter().map(|i| i.as_str().map(str::to_string).unwrap_or_else(|| i.to_string())).collect::<Vec<_>>().join(",")),
                other => other.clone(),
            },
        },
    }
}

/// The caller's reach of each related model a shown relationForm field names (None: no
/// granted menu opens it), by model id: which related records' labels they may see.
async fn related_reach(state: &AppState, permit: &RecordPermit, loaded: &Loaded) -> Result<BTreeMap<String, Option<DataScope>>, AppError> {
    let mut reach = BTreeMap::new();
    for f in &loaded.fields {
        if let Some(Options::Form { id, .. }) = &f.options
            && !reach.contains_key(id)
            && permit.has_field(&record_name(f))
        {
            reach.insert(id.clone(), permit.on_model(state, id).await?.map(|p| p.scope().clone()));
        }
    }
    Ok(reach)
}

/// Every id a record names in the pickers and dictionaries, looked up once. A related
/// record's label only when it is in the caller's reach of its model (`reach`); otherwise the
/// stored id shows.
async fn lookup_names(conn: &mut Conn, loaded: &Loaded, reach: &BTreeMap<String, Option<DataScope>>, data: &Map<String, Value>) -> Result<(BTreeMap<String, String>, BTreeMap<String, BTreeMap<String, String>>), AppError> {
    let fields = &loaded.fields;
    let mut ids: BTreeSet<String> = BTreeSet::new();
    let mut collect = |v: &Value| {
        let mut stack = vec![v.clone()];
        while let Some(v) = stack.pop() {
            match v {
                Value::String(s) if !s.is_empty() => {
                    ids.insert(s.split("--").next().unwrap_or(&s).to_string());
                }
                Value::Array(items) => stack.extend(items),
                _ => {}
            }
        }
    };
    let each_value = |f: &Field| -> Vec<Value> {
        match &f.sub_table {
            None => data.get(&f.v_model).cloned().into_iter().collect(),
            Some(sub) => data.get(sub).and_then(Value::as_array).map(|rows| rows.iter().filter_map(|r| r.get(&f.v_model).cloned()).collect()).unwrap_or_default(),
        }
    };
    const PICKERS: [&str; 13] =
        ["userSelect", "usersSelect", "createUser", "modifyUser", "depSelect", "comSelect", "currOrganize", "currDept", "posSelect", "currPosition", "roleSelect", "groupSelect", "address"];
    for f in fields.iter().filter(|f| PICKERS.contains(&f.jnpf_key.as_str())) {
        for v in each_value(f) {
            collect(&v);
        }
    }
    let ids: Vec<String> = ids.into_iter().collect();
    let mut names = BTreeMap::new();
    for (table, key, name) in [
        ("base_user", "id", "real_name"),
        ("base_organize", "id", "full_name"),
        ("base_position", "id", "full_name"),
        ("base_role", "id", "full_name"),
        ("base_group", "id", "full_name"),
        ("base_province", "id", "full_name"),
    ] {
        for (id, n) in repo::names(conn, table, key, name, &ids, None).await? {
            names.insert(id, n);
        }
    }
    // Options: static ones from the definition, dictionary items by id or enCode.
    let mut options: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for f in fields {
        match &f.options {
            Some(Options::Dictionary { id, value_key }) => {
                let mut wanted = BTreeSet::new();
                for v in each_value(f) {
                    let mut stack = vec![v];
                    while let Some(v) = stack.pop() {
                        match v {
                            Value::String(s) => {
                                wanted.insert(s);
                            }
                            Value::Array(items) => stack.extend(items),
                            _ => {}
                        }
                    }
                }
                let wanted: Vec<String> = wanted.into_iter().collect();
                let key: &'static str = if value_key == "enCode" { "en_code" } else { "id" };
                let found = repo::names(conn, "base_dictionary_data", key, "full_name", &wanted, Some(("dictionary_type_id", id.as_str()))).await?;
                options.insert(record_name(f), found.into_iter().collect());
            }
            Some(Options::Static) => {
                options.insert(record_name(f), loaded.static_options.get(&record_name(f)).cloned().unwrap_or_default());
            }
            Some(Options::Form { id, label_field }) => {
                // relationForm: the related record's label field, read from its own table.
                let mut wanted = Vec::new();
                for v in each_value(f) {
                    strings(&v, &mut wanted);
                }
                if wanted.is_empty() {
                    continue;
                }
                let Some(Some(scope)) = reach.get(id) else {
                    options.insert(record_name(f), BTreeMap::new());
                    continue;
                };
                let registry = repo::registry(conn, id).await?;
                let mut labels = BTreeMap::new();
                if let Some(table) = registry.tables.get("")
                    && let Some((column, _)) = registry.columns.get(&(table.clone(), label_field.clone()))
                {
                    for (rid, label) in repo::record_labels(conn, table, column, scope, &wanted).await? {
                        labels.insert(rid, label.unwrap_or_default());
                    }
                }
                options.insert(record_name(f), labels);
            }
            _ => {}
        }
    }
    Ok((names, options))
}

/// The static options of a field as value → label (JNPF keeps them in `__slot__.options` or
/// `options`, with `props` naming the keys).
fn static_options(form_data: &Value, path: &str, base_prefix: &str) -> BTreeMap<String, String> {
    let Some(rest) = path.strip_prefix(base_prefix) else { return BTreeMap::new() };
    let Some(widget) = form_data.pointer(rest) else { return BTreeMap::new() };
    let props = widget.pointer("/props/props").or_else(|| widget.pointer("/__config__/props"));
    let value_key = props.and_then(|p| p.get("value")).and_then(Value::as_str).unwrap_or("id");
    let label_key = props.and_then(|p| p.get("label")).and_then(Value::as_str).unwrap_or("fullName");
    let list = widget.pointer("/__slot__/options").or_else(|| widget.get("options")).and_then(Value::as_array);
    let mut out = BTreeMap::new();
    let mut stack: Vec<&Value> = list.map(|l| l.iter().collect()).unwrap_or_default();
    while let Some(o) = stack.pop() {
        let v = o.get(value_key).or_else(|| o.get("value")).or_else(|| o.get("id"));
        let l = o.get(label_key).or_else(|| o.get("label")).or_else(|| o.get("fullName"));
        if let (Some(v), Some(l)) = (v, l) {
            out.insert(v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()), l.as_str().map(str::to_string).unwrap_or_else(|| l.to_string()));
        }
        if let Some(children) = o.get("children").and_then(Value::as_array) {
            stack.extend(children.iter());
        }
    }
    out
}

/// GET {modelId}/{id}/DataChange: the record's display values (names of users,
/// organisations, positions, roles, groups and areas; dictionary and option labels; switch
/// as 1/0, numbers as numbers; `<field>_id` keeps each picked field's stored value).
pub async fn data_change(state: &AppState, permit: &RecordPermit, model_id: &str, id: &str) -> Result<RecordData, AppError> {
    let mut conn = state.db.acquire().await?;
    let (loaded, _) = load(state, &mut conn, model_id).await?;
    let (head, raw) = read_record(&mut conn, &loaded, permit, id).await?;
    let reach = related_reach(state, permit, &loaded).await?;
    let (names, options) = lookup_names(&mut conn, &loaded, &reach, &raw).await?;
    let mut shown = raw.clone();
    for f in loaded.fields.iter().filter(|f| f.kind.is_some()) {
        match &f.sub_table {
            None => {
                if let Some(v) = raw.get(&f.v_model) {
                    shown.insert(f.v_model.clone(), display(f, v, &names, &options));
                    shown.insert(format!("{}_id", f.v_model), v.clone());
                }
            }
            Some(sub) => {
                if let Some(Value::Array(rows)) = shown.get_mut(sub) {
                    for row in rows.iter_mut().filter_map(Value::as_object_mut) {
                        if let Some(v) = row.get(&f.v_model).cloned() {
                            row.insert(f.v_model.clone(), display(f, &v, &names, &options));
                            row.insert(format!("{}_id", f.v_model), v);
                        }
                    }
                }
            }
        }
    }
    Ok(RecordData { id: head.id, data: Value::Object(shown).to_string() })
}

// ---- Saving ----

/// The tables and columns platform pickers are checked in.
fn picker_table(key: &str) -> Option<(&'static str, &'static str)> {
    Some(match key {
        "userSelect" | "usersSelect" => ("base_user", "id"),
        "depSelect" | "comSelect" => ("base_organize", "id"),
        "posSelect" => ("base_position", "id"),
        "roleSelect" => ("base_role", "id"),
        "groupSelect" => ("base_group", "id"),
        _ => return None,
    })
}

fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) if !s.is_empty() => out.push(s.split("--").next().unwrap_or(s).to_string()),
        Value::Array(items) => items.iter().for_each(|i| strings(i, out)),
        _ => {}
    }
}

fn push(errors: &mut FieldErrors, field: String, msg: String) {
    errors.entry(field).or_default().push(msg);
}

/// Every text in a stored record (its fields, sub-table rows), the ids it picked among them.
fn all_strings(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::String(s) if !s.is_empty() => {
            out.insert(s.split("--").next().unwrap_or(s).to_string());
        }
        Value::Array(items) => items.iter().for_each(|i| all_strings(i, out)),
        Value::Object(map) => map.values().for_each(|i| all_strings(i, out)),
        _ => {}
    }
}

/// Checks that what the record picks exists and may be picked: users, organisations,
/// positions, roles, groups (usersSelect `id--type` by its id) and dictionary items found and
/// enabled — one disabled since the record stored it (`kept`) stays accepted —, related
/// records in the member's reach of their model (or kept).
async fn check_picked(state: &AppState, permit: &RecordPermit, conn: &mut Conn, loaded: &Loaded, record: &Map<String, Value>, kept: &BTreeSet<String>, errors: &mut FieldErrors) -> Result<(), AppError> {
    for f in loaded.fields.iter().filter(|f| f.kind.is_some() && !f.filled_by_server) {
        let cells: Vec<(String, &Value)> = match &f.sub_table {
            None => record.get(&f.v_model).map(|v| (f.v_model.clone(), v)).into_iter().collect(),
            Some(sub) => record
                .get(sub)
                .and_then(Value::as_array)
                .map(|rows| rows.iter().enumerate().filter_map(|(i, r)| r.get(&f.v_model).map(|v| (format!("{sub}[{i}].{}", f.v_model), v))).collect())
                .unwrap_or_default(),
        };
        for (key, v) in cells {
            let mut wanted = Vec::new();
            strings(v, &mut wanted);
            wanted.sort();
            wanted.dedup();
            if wanted.is_empty() {
                continue;
            }
            let found: Option<Vec<(String, bool)>> = if let Some((table, column)) = picker_table(&f.jnpf_key) {
                Some(repo::existing_enabled(conn, table, column, &wanted, None).await?)
            } else {
                match &f.options {
                    Some(Options::Dictionary { id, value_key }) => {
                        let column: &'static str = if value_key == "enCode" { "en_code" } else { "id" };
                        Some(repo::existing_enabled(conn, "base_dictionary_data", column, &wanted, Some(("dictionary_type_id", id.as_str()))).await?)
                    }
                    Some(Options::Form { id, .. }) => match repo::registry(conn, id).await?.tables.get("") {
                        // A related record the member reaches (the picker's list: a granted
                        // form menu of that model, its data scope), or the one already kept.
                        Some(table) => {
                            let mut found: BTreeSet<String> = match permit.on_model(state, id).await? {
                                Some(reach) => repo::ids_in_scope(conn, table, reach.scope(), &wanted).await?.into_iter().collect(),
                                None => BTreeSet::new(),
                            };
                            let kept_ones: Vec<String> = wanted.iter().filter(|w| kept.contains(*w) && !found.contains(*w)).cloned().collect();
                            if !kept_ones.is_empty() {
                                found.extend(repo::existing_record(conn, table, &DataScope::unrestricted(Reason::HeldValue), &kept_ones).await?);
                            }
                            Some(found.into_iter().map(|id| (id, true)).collect())
                        }
                        None => Some(Vec::new()),
                    },
                    _ => None,
                }
            };
            let Some(found) = found else { continue };
            if found.len() < wanted.len() {
                push(errors, key, format!("{}中选择的数据不存在", f.label));
            } else if found.iter().any(|(id, enabled)| !enabled && !kept.contains(id)) {
                push(errors, key, format!("{}中选择的数据已停用", f.label));
            }
        }
    }
    Ok(())
}

/// The calculate fields of the main form and of every sub-table row, computed by core from
/// the record's inputs only (`recompute::Calculations`, the very function the browser runs
/// through WASM): a calculated value the client posted is never read. A definition whose
/// calculate fields read each other in a circle (refused on release) refuses the save.
fn recompute(loaded: &Loaded, record: &mut Value) -> Result<(), AppError> {
    let calculations = Calculations::new(&loaded.form_data).map_err(|m| AppError::bad(m.text))?;
    calculations.recompute(record, Written::Text);
    Ok(())
}

/// Whether the serial-number rule of a billRule field.
fn bill_rule_of(loaded: &Loaded, f: &Field) -> Option<String> {
    let w = f.path.strip_prefix("/formData").and_then(|p| loaded.form_data.pointer(p))?;
    w.pointer("/__config__/rule").and_then(Value::as_str).filter(|r| !r.is_empty()).map(str::to_string)
}

/// POST {modelId} (id None) and PUT {modelId}/{id}: validate, complete and write a record.
pub async fn save(state: &AppState, permit: &RecordPermit, model_id: &str, id: Option<&str>, form: RecordForm) -> Result<String, AppError> {
    let needed = if id.is_some() { button::EDIT } else { button::ADD };
    if !permit.has_button(needed) {
        return Err(AppError::forbidden(FORBIDDEN));
    }
    let sent = data_object(&form.data)?;
    let now = state.clock.now_ms();
    let user = permit.caller().user_id.clone();
    let mut tx = state.db.begin().await?;
    let (loaded, _) = load(state, &mut tx, model_id).await?;

    // What is kept: on update the stored record, then the granted fields sent over it.
    let (mut record, old) = match id {
        Some(id) => {
            let (head, data) = read_record(&mut tx, &loaded, permit, id).await?;
            (data, Some(head))
        }
        None => (Map::new(), None),
    };
    let mut kept = BTreeSet::new();
    record.values().for_each(|v| all_strings(v, &mut kept));
    let version = match (&old, sent.get("version")) {
        (None, _) => None,
        (Some(_), Some(v)) => Some(v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok())).ok_or_else(|| AppError::field("version", "版本号不正确"))?),
        (Some(_), None) => return Err(AppError::field("version", "缺少版本号（version），请刷新后重试")),
    };
    let mut sent_fields: BTreeSet<String> = BTreeSet::new();
    for f in loaded.fields.iter().filter(|f| f.sub_table.is_none() && !f.v_model.is_empty() && (f.kind.is_some() || f.jnpf_key == "table")) {
        if f.filled_by_server || !sent.contains_key(&f.v_model) {
            continue;
        }
        let mut v = sent[&f.v_model].clone();
        if f.jnpf_key == "table" {
            // Columns not granted are not taken; a row keeps only the known keys.
            if let Value::Array(rows) = &mut v {
                for row in rows.iter_mut().filter_map(Value::as_object_mut) {
                    row.retain(|k, _| k == "id" || loaded.fields.iter().any(|c| c.sub_table.as_deref() == Some(f.v_model.as_str()) && &c.v_model == k && permit.has_field(&record_name(c))));
                }
            }
        } else if !permit.has_field(&f.v_model) {
            continue;
        }
        sent_fields.insert(f.v_model.clone());
        record.insert(f.v_model.clone(), v);
    }

    // The server's values: system fields, serial numbers on create.
    let organisation = permit.caller().organize_id.clone();
    let position = repo::user_position(&mut tx, &user).await?;
    for f in loaded.fields.iter().filter(|f| f.filled_by_server && f.sub_table.is_none()) {
        let value = match (f.jnpf_key.as_str(), &old) {
            ("createUser", None) => json!(user),
            ("createTime", None) => json!(now),
            ("currOrganize" | "currDept", None) => json!(organisation),
            ("currPosition", None) => json!(position),
            ("modifyUser", Some(_)) => json!(user),
            ("modifyTime", Some(_)) => json!(now),
            ("billRule", None) => match bill_rule_of(&loaded, f) {
                Some(rule) => json!(bill_rules::issue(state, &mut tx, &rule).await?),
                None => continue,
            },
            _ => continue,
        };
        sent_fields.insert(f.v_model.clone());
        record.insert(f.v_model.clone(), value);
    }
    let mut whole = Value::Object(record);
    recompute(&loaded, &mut whole)?;
    let Value::Object(record) = whole else { unreachable!("built as an object") };
    for f in loaded.fields.iter().filter(|f| f.jnpf_key == "calculate" && f.kind.is_some() && f.sub_table.is_none()) {
        sent_fields.insert(f.v_model.clone());
    }

    // Every field's messages at once: core's validation, then the server's own rules.
    let validator = FormValidator::new(&loaded.form_data).map_err(|m| AppError::bad(m.text))?;
    let mut errors: FieldErrors = FieldErrors::new();
    // Limits relative to now (WGT-089) are checked at the server clock's time.
    for (field, messages) in validator.validate_at(&Value::Object(record.clone()), now) {
        let name = field.split('[').next().unwrap_or(&field);
        let granted_name = if field.contains('[') { field.split_once("].").map(|(t, c)| format!("{}-{c}", t.split('[').next().unwrap_or(t))).unwrap_or_default() } else { name.to_string() };
        if !permit.has_field(&granted_name) && !permit.has_field(name) {
            continue;
        }
        errors.entry(field).or_default().extend(messages.into_iter().map(|m| m.text));
    }
    let columns = loaded.main_columns();
    for (f, r) in columns.iter().filter(|(f, _)| f.unique) {
        let Some(kind) = &f.kind else { continue };
        let put = put_of(kind, record.get(&f.v_model).unwrap_or(&Value::Null));
        if matches!(put, Put::Null) {
            continue;
        }
        let claim = format!("{}.{}={put:?}", loaded.main, r.physical);
        let digest = qiming_core::md5::md5_hex(claim.as_bytes());
        repo::lock_value(&mut tx, i64::from_str_radix(&digest[..15], 16).unwrap_or(0)).await?;
        if repo::taken(&mut tx, &loaded.main, &r.physical, &put, id.unwrap_or("")).await? {
            push(&mut errors, f.v_model.clone(), format!("{}不能重复", f.label));
        }
    }
    check_picked(state, permit, &mut tx, &loaded, &record, &kept, &mut errors).await?;
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }

    // The main row, then the sub-table rows (replaced whole when the sub-table was sent).
    let mut values: Vec<(String, Put)> = Vec::new();
    for (f, r) in &columns {
        let Some(kind) = &f.kind else { continue };
        if old.is_some() && !sent_fields.contains(&f.v_model) {
            continue;
        }
        values.push((r.physical.clone(), put_of(kind, record.get(&f.v_model).unwrap_or(&Value::Null))));
    }
    let record_id = match (id, &old) {
        (Some(id), Some(_)) => {
            values.push(("modifier".into(), Put::Text(user.clone())));
            values.push(("modified".into(), Put::Int(now)));
            if !repo::update_versioned(&mut tx, &loaded.main, id, version.unwrap_or(-1), &values).await? {
                return Err(AppError::bad(STALE));
            }
            id.to_string()
        }
        _ => {
            let new = new_id();
            values.extend([
                ("id".into(), Put::Text(new.clone())),
                ("creator".into(), Put::Text(user.clone())),
                ("created".into(), Put::Int(now)),
                ("organisation".into(), Put::Text(organisation.clone())),
                ("position".into(), Put::Text(position.clone())),
                ("version".into(), Put::Int(0)),
            ]);
            repo::insert(&mut tx, &loaded.main, &values).await?;
            new
        }
    };
    for sub in loaded.sub_tables() {
        if !sent_fields.contains(&sub.v_model) {
            continue;
        }
        let table = loaded.children[&sub.v_model].clone();
        if old.is_some() {
            repo::delete_children(&mut tx, &table, std::slice::from_ref(&record_id)).await?;
        }
        let columns = loaded.child_columns(&sub.v_model);
        let rows = record.get(&sub.v_model).and_then(Value::as_array).cloned().unwrap_or_default();
        for (index, row) in rows.iter().enumerate() {
            let mut values: Vec<(String, Put)> = vec![
                ("id".into(), Put::Text(new_id())),
                ("parent_id".into(), Put::Text(record_id.clone())),
                ("sort_code".into(), Put::Int(index as i64)),
            ];
            for (f, r) in &columns {
                let Some(kind) = &f.kind else { continue };
                values.push((r.physical.clone(), put_of(kind, row.get(&f.v_model).unwrap_or(&Value::Null))));
            }
            repo::insert(&mut tx, &table, &values).await?;
        }
    }
    repo::bump_data_stamp(&mut tx, model_id).await?;
    tx.commit().await?;
    Ok(record_id)
}

/// DELETE {modelId}/{id} and batchDelete: the records in scope and their sub-table rows.
pub async fn delete(state: &AppState, permit: &RecordPermit, model_id: &str, ids: &[String]) -> Result<(), AppError> {
    if !permit.has_button(button::REMOVE) && !permit.has_button("btn_batchRemove") {
        return Err(AppError::forbidden(FORBIDDEN));
    }
    if ids.is_empty() {
        return Err(AppError::field("ids", "请选择要删除的数据"));
    }
    let mut tx = state.db.begin().await?;
    let (loaded, _) = load(state, &mut tx, model_id).await?;
    let found = repo::ids_in_scope(&mut tx, &loaded.main, permit.scope(), ids).await?;
    if found.len() < ids.iter().collect::<BTreeSet<_>>().len() {
        return Err(AppError::not_found(MISSING));
    }
    for table in loaded.children.values() {
        repo::delete_children(&mut tx, table, &found).await?;
    }
    repo::delete(&mut tx, &loaded.main, &found).await?;
    repo::bump_data_stamp(&mut tx, model_id).await?;
    tx.commit().await?;
    Ok(())
}

// ---- The list ----

/// The fields a list may sort by: the main form's stored fields kept in a sortable column.
fn sortable(f: &Field) -> bool {
    matches!(f.kind, Some(ColumnKind::Text { .. } | ColumnKind::Integer | ColumnKind::Decimal { .. } | ColumnKind::DateTime | ColumnKind::Boolean))
}

/// The search type a search item asks for (1 equal, 2 contains, 3 range).
fn search_type(column_data: &Value, field: &str) -> Option<i64> {
    column_data.get("searchList")?.as_array()?.iter().find(|s| s.get("prop").or_else(|| s.get("__vModel__")).and_then(Value::as_str) == Some(field))?.get("searchType")?.as_i64()
}

fn contains(engine: Engine, physical: &str, text: &str) -> sea_query::Expr {
    let escaped = text.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    // Each builder knows its own placeholder: `$n` on PostgreSQL, `?` on SQLite (as db::Sql::keyword).
    let text = if engine == Engine::Postgres { "lower($1 COLLATE \"C\") LIKE $2 ESCAPE '\\'" } else { "lower(?) LIKE ? ESCAPE '\\'" };
    sea_query::Expr::cust_with_exprs(text, [repo::column(physical), sea_query::Expr::val(format!("%{escaped}%"))])
}

fn any_of(conditions: Vec<sea_query::Expr>) -> Option<sea_query::Expr> {
    conditions.into_iter().reduce(|a, b| a.or(b))
}

/// The condition of one queryJson entry on a field, by its kind and search type.
fn filter_of(engine: Engine, f: &Field, read: &Read, v: &Value, search: Option<i64>) -> Option<sea_query::Expr> {
    let kind = f.kind.as_ref()?;
    let col = || repo::column(&read.physical);
    let put = |v: &Value| match put_of(kind, v) {
        Put::Null => None,
        Put::Numeric(s) => Some(sea_query::Expr::val(s).cast_as(sea_query::Alias::new("NUMERIC"))),
        Put::Int(n) => Some(sea_query::Expr::val(n)),
        Put::Text(s) => Some(sea_query::Expr::val(s)),
    };
    match (kind, v) {
        (_, Value::Null) => None,
        (ColumnKind::Json, v) => {
            let mut wanted = Vec::new();
            strings(v, &mut wanted);
            any_of(wanted.iter().map(|w| contains(engine, &read.physical, &Value::String(w.clone()).to_string())).collect())
        }
        (ColumnKind::Integer | ColumnKind::Decimal { .. } | ColumnKind::DateTime, Value::Array(range)) if range.len() == 2 || search == Some(3) => {
            let low = range.first().and_then(put);
            let mut high = range.get(1).and_then(put);
            // A date's end is the start of the last picked day: the whole day counts.
            if matches!(kind, ColumnKind::DateTime)
                && let Some(end) = range.get(1).and_then(Value::as_i64)
            {
                high = Some(sea_query::Expr::val(end + 86_400_000 - 1));
            }
            let mut c: Option<sea_query::Expr> = None;
            if let Some(l) = low {
                c = Some(col().gte(l));
            }
            if let Some(h) = high {
                let h = col().lte(h);
                c = Some(match c {
                    Some(c) => c.and(h),
                    None => h,
                });
            }
            c
        }
        (ColumnKind::Text { .. } | ColumnKind::LongText, Value::String(s)) if search == Some(2) || (search.is_none() && matches!(f.jnpf_key.as_str(), "comInput" | "textarea" | "billRule" | "autoComplete")) => {
            (!s.is_empty()).then(|| contains(engine, &read.physical, s))
        }
        (_, Value::Array(items)) => {
            let values: Vec<sea_query::Expr> = items.iter().filter_map(|i| match i {
                Value::Array(path) => path.last().and_then(put),
                other => put(other),
            }).collect();
            // A cascader or organisation path is stored whole: compare it as a whole too.
            if matches!(kind, ColumnKind::Text { .. }) && items.iter().all(|i| !i.is_array()) && values.len() == items.len() && f.multiple {
                return Some(col().is_in(values));
            }
            if values.is_empty() { None } else { Some(col().is_in(values)) }
        }
        (_, v) => put(v).map(|p| col().eq(p)),
    }
}

/// The condition of one super-query entry (jnpf-wire-engine.md §4.4): `field`, `symbol` (>= >
/// == <= < <> like notLike), `fieldValue`; None for a field or symbol not known.
fn super_condition(engine: Engine, columns: &[(&Field, Read)], c: &Value) -> Option<sea_query::Expr> {
    let field = c.get("field")?.as_str()?;
    let (f, r) = columns.iter().find(|(f, _)| f.v_model == field)?;
    let kind = f.kind.as_ref()?;
    let v = c.get("fieldValue").unwrap_or(&Value::Null);
    let col = repo::column(&r.physical);
    let operand = match put_of(kind, v) {
        Put::Null => return None,
        Put::Numeric(s) => sea_query::Expr::val(s).cast_as(sea_query::Alias::new("NUMERIC")),
        Put::Int(n) => sea_query::Expr::val(n),
        Put::Text(s) => sea_query::Expr::val(s),
    };
    Some(match c.get("symbol")?.as_str()? {
        ">=" => col.gte(operand),
        ">" => col.gt(operand),
        "==" => col.eq(operand),
        "<=" => col.lte(operand),
        "<" => col.lt(operand),
        "<>" => col.ne(operand),
        "like" => contains(engine, &r.physical, &v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())),
        "notLike" => contains(engine, &r.physical, &v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())).not(),
        _ => return None,
    })
}

/// `superQueryJson`: `{matchLogic: AND|OR, conditionJson: JSON text of [conditions]}` (as
/// text or object); conditions on fields the caller may not see are left out.
fn super_query(engine: Engine, columns: &[(&Field, Read)], permit: &RecordPermit, q: &Value) -> Result<Option<sea_query::Expr>, AppError> {
    let bad = || AppError::field("superQueryJson", "高级查询条件格式不正确");
    let q = match q {
        Value::Null => return Ok(None),
        Value::String(t) if t.trim().is_empty() => return Ok(None),
        Value::String(t) => crate::wire::nested_json("superQueryJson", t)?.ok_or_else(bad)?,
        other => other.clone(),
    };
    let conditions = match q.get("conditionJson") {
        Some(Value::String(t)) => crate::wire::nested_json("superQueryJson", t)?.ok_or_else(bad)?,
        Some(v) => v.clone(),
        None => return Ok(None),
    };
    let any = q.get("matchLogic").and_then(Value::as_str).is_some_and(|l| l.eq_ignore_ascii_case("or"));
    let parts: Vec<sea_query::Expr> = conditions
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .filter(|c| c.get("field").and_then(Value::as_str).is_some_and(|f| permit.has_field(f)))
        .filter_map(|c| super_condition(engine, columns, c))
        .collect();
    Ok(if any { any_of(parts) } else { parts.into_iter().reduce(|a, b| a.and(b)) })
}

/// POST {modelId}/List: a page of records in scope, raw values by vModel plus `id`,
/// `version`, `creatorUserId`, `creatorTime`; filtered by `queryJson` and `keyword` (over
/// the text search fields), sorted by `sidx` (a sortable main field) then newest first.
pub async fn list(state: &AppState, permit: &RecordPermit, model_id: &str, form: RecordListForm) -> Result<PageOf<RecordRow>, AppError> {
    let page = crate::wire::PageQuery { current_page: form.current_page, page_size: form.page_size }.page()?;
    let mut conn = state.db.acquire().await?;
    let engine = Engine::of(&conn);
    let (loaded, stamp) = load(state, &mut conn, model_id).await?;
    let data_stamp = stamp.data_version;
    let columns = loaded.main_columns();
    let query = match &form.query_json {
        Value::String(s) if s.trim().is_empty() => Map::new(),
        Value::Null => Map::new(),
        other => data_object(other).map_err(|_| AppError::field("queryJson", "查询条件格式不正确"))?,
    };
    let mut filters = Vec::new();
    for (key, v) in &query {
        let Some((f, r)) = columns.iter().find(|(f, _)| &f.v_model == key) else { continue };
        if !permit.has_field(key) {
            continue;
        }
        if let Some(c) = filter_of(engine, f, r, v, search_type(&loaded.column_data, key)) {
            filters.push(c);
        }
    }
    if let Some(c) = super_query(engine, &columns, permit, &form.super_query_json)? {
        filters.push(c);
    }
    if let Some(k) = form.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        let searched: Vec<sea_query::Expr> = columns
            .iter()
            .filter(|(f, _)| matches!(f.kind, Some(ColumnKind::Text { .. })) && search_type(&loaded.column_data, &f.v_model).is_some())
            .map(|(_, r)| contains(engine, &r.physical, k))
            .collect();
        filters.push(any_of(searched).unwrap_or_else(|| sea_query::Expr::cust("1 = 0")));
    }
    let sort = match form.sidx.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(sidx) => {
            let (_, r) = columns.iter().find(|(f, _)| f.v_model == sidx && sortable(f) && permit.has_field(sidx)).ok_or_else(|| AppError::field("sidx", format!("不能按该字段排序：{sidx}")))?;
            Some(Sort { physical: r.physical.clone(), descending: !form.sort.as_deref().is_some_and(|s| s.eq_ignore_ascii_case("asc")) })
        }
    };
    let reads: Vec<Read> = columns.iter().map(|(_, r)| r.clone()).collect();
    // The total is counted once per filter until a record of the model is written.
    let count_key = format!("{model_id}|{}", repo::count_key(&loaded.main, engine, permit.scope(), &filters));
    // The whole answer is kept while nothing it shows changed: the model's records (and, when
    // it shows related records' labels, any model's), the names of users, organisations,
    // positions, roles and groups (generation row 1, the session's), the dictionaries. Area
    // names have no stamp: a list showing an address is not kept.
    let shown: Vec<&(&Field, Read)> = columns.iter().filter(|(f, _)| f.kind.is_some() && permit.has_field(&f.v_model)).collect();
    let shown_names: Vec<&str> = shown.iter().map(|(f, _)| f.v_model.as_str()).collect();
    // Pages of at most KEPT_PAGE_ROWS rows: a list without paging (10,000 rows) would hold
    // megabytes per entry.
    let keepable = page.page_size <= KEPT_PAGE_ROWS && !columns.iter().any(|(f, _)| f.jnpf_key == "address" && permit.has_field(&f.v_model));
    let relates = columns.iter().any(|(f, _)| matches!(f.options, Some(Options::Form { .. })) && permit.has_field(&f.v_model));
    // The related records' labels depend on the caller's reach of their models: part of the key.
    let reach = related_reach(state, permit, &loaded).await?;
    let answer_key = format!("{count_key}|{:?}|{}|{}|{}|{shown_names:?}|{reach:?}", sort.as_ref().map(|s| (&s.physical, s.descending)), page.current_page, page.page_size, relates);
    let answer_stamp = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (data_stamp, permit.caller().generation, stamp.dictionaries, if relates { stamp.all_data } else { 0 }).hash(&mut h);
        h.finish() as i64
    };
    if keepable && let Some(answer) = state.visualdev.record_pages.get(&answer_key, answer_stamp) {
        return Ok((*answer).clone());
    }
    let known_total = state.visualdev.record_totals.get(&count_key, data_stamp);
    let (rows, total) = repo::page(&mut conn, &loaded.main, permit.scope(), filters, sort, page.offset() as u64, page.page_size as u64, &reads, known_total).await?;
    if known_total.is_none() {
        state.visualdev.record_totals.put(&count_key, data_stamp, total);
    }
    let raw: Vec<(repo::Head, Map<String, Value>)> = rows
        .into_iter()
        .map(|(head, cells)| {
            let mut row = Map::new();
            for ((f, r), cell) in columns.iter().zip(&cells) {
                if let Some(kind) = &f.kind
                    && permit.has_field(&f.v_model)
                {
                    row.insert(f.v_model.clone(), value_of(r.storage, kind, cell));
                }
            }
            (head, row)
        })
        .collect();
    // Display values (jnpf-wire-engine.md §4.5), the names of the whole page looked up at once:
    // each field's values of every row side by side.
    let mut page_values = Map::new();
    for (f, _) in &shown {
        page_values.insert(f.v_model.clone(), Value::Array(raw.iter().filter_map(|(_, row)| row.get(&f.v_model).cloned()).collect()));
    }
    let (names, options) = lookup_names(&mut conn, &loaded, &reach, &page_values).await?;
    let list = raw
        .into_iter()
        .map(|(head, values)| {
            let mut row = BTreeMap::new();
            for (f, _) in &shown {
                let Some(v) = values.get(&f.v_model) else { continue };
                let text = display(f, v, &names, &options);
                // The stored value beside a name (relationForm's `field_id`, the pickers').
                if &text != v {
                    row.insert(format!("{}_id", f.v_model), v.clone());
                }
                row.insert(f.v_model.clone(), text);
            }
            row.insert("id".into(), Value::String(head.id));
            row.insert("version".into(), json!(head.version));
            row.insert("creatorUserId".into(), Value::String(head.creator));
            row.insert("creatorTime".into(), json!(head.created));
            RecordRow(row)
        })
        .collect();
    let answer = page_of(page, list, total);
    if keepable {
        state.visualdev.record_pages.put(&answer_key, answer_stamp, std::sync::Arc::new(answer.clone()));
    }
    Ok(answer)
}

/// The largest list page whose answer is kept in memory.
const KEPT_PAGE_ROWS: i64 = 200;

fn page_of(page: Page, list: Vec<RecordRow>, total: i64) -> PageOf<RecordRow> {
    page.of(list, total)
}


/// The related-form picker (Base/{id}/FieldDataSelect): a page of a released model's records
/// in the caller's reach of that model (its permit: a granted form menu, its data scope) —
/// `id`, the `relationField` and the `columnOptions` fields (raw values), `keyword` contained
/// in the relationField's text.
pub async fn related_page(state: &AppState, permit: &RecordPermit, model_id: &str, keyword: Option<&str>, relation_field: Option<&str>, column_options: Option<&str>, page: Page) -> Result<PageOf<RecordRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let engine = Engine::of(&conn);
    let (loaded, _) = load(state, &mut conn, model_id).await?;
    let wanted: BTreeSet<&str> = relation_field.into_iter().chain(column_options.unwrap_or("").split(',')).map(str::trim).filter(|s| !s.is_empty()).collect();
    let columns: Vec<(&Field, Read)> = loaded.main_columns().into_iter().filter(|(f, _)| wanted.contains(f.v_model.as_str()) && permit.has_field(&f.v_model)).collect();
    let mut filters = Vec::new();
    if let Some(k) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
        let rf = relation_field.unwrap_or("");
        let (_, r) = columns.iter().find(|(f, _)| f.v_model == rf).ok_or_else(|| AppError::field("relationField", format!("关联功能中不存在字段：{rf}")))?;
        filters.push(contains(engine, &r.physical, k));
    }
    let reads: Vec<Read> = columns.iter().map(|(_, r)| r.clone()).collect();
    let (rows, total) = repo::page(&mut conn, &loaded.main, permit.scope(), filters, None, page.offset() as u64, page.page_size as u64, &reads, None).await?;
    let list = rows
        .into_iter()
        .map(|(head, cells)| {
            let mut row = BTreeMap::new();
            for ((f, r), cell) in columns.iter().zip(&cells) {
                if let Some(kind) = &f.kind {
                    row.insert(f.v_model.clone(), value_of(r.storage, kind, cell));
                }
            }
            row.insert("id".into(), Value::String(head.id));
            RecordRow(row)
        })
        .collect();
    Ok(page_of(page, list, total))
}
