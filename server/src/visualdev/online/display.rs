//! Display values (jnpf-wire-engine.md §4.5): the names of picked users, organisations,
//! positions, roles, groups and areas, option and dictionary labels, related records' labels
//! (only within the caller's reach of their model), looked up once per record or list page;
//! and `DataChange`, a record shown that way.

use super::dto::RecordData;
use super::released::{Loaded, load};
use super::record::read_record;
use super::repo;
use super::values::strings;
use crate::access::{DataScope, RecordPermit};
use crate::db::Conn;
use crate::error::AppError;
use crate::state::AppState;
use crate::visualdev::definition::record_name;
use qiming_core::model::{Field, Options};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};

/// The display text of one stored value of a field, from the names looked up.
pub(super) fn display(f: &Field, v: &Value, names: &BTreeMap<String, String>, options: &BTreeMap<String, BTreeMap<String, String>>) -> Value {
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
pub(super) async fn related_reach(state: &AppState, permit: &RecordPermit, loaded: &Loaded) -> Result<BTreeMap<String, Option<DataScope>>, AppError> {
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
pub(super) async fn lookup_names(conn: &mut Conn, loaded: &Loaded, reach: &BTreeMap<String, Option<DataScope>>, data: &Map<String, Value>) -> Result<(BTreeMap<String, String>, BTreeMap<String, BTreeMap<String, String>>), AppError> {
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

/// GET {modelId}/{id}/DataChange: the record's display values (names of users,
/// organisations, positions, roles, groups and areas; dictionary and option labels; switch
/// as 1/0, numbers as numbers; `<field>_id` keeps each picked field's stored value).
pub async fn data_change(state: &AppState, permit: &RecordPermit, model_id: &str, id: &str) -> Result<RecordData, AppError> {
    let (_, id, shown) = displayed(state, permit, model_id, id).await?;
    Ok(RecordData { id, data: Value::Object(shown).to_string() })
}

/// The record `id` within the caller's reach with its display values (DataChange's data),
/// with the released model it was read through.
pub(super) async fn displayed(state: &AppState, permit: &RecordPermit, model_id: &str, id: &str) -> Result<(std::sync::Arc<Loaded>, String, Map<String, Value>), AppError> {
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
    Ok((loaded, head.id, shown))
}
