//! Writing records: create and update (`POST {modelId}`, `PUT {modelId}/{id}`) and delete.
//!
//! A save runs on the released definition the record belongs to (never the draft): core's
//! `FormValidator` — the very check the browser ran — then the server's own rules (stored
//! calculate fields recomputed with core's formula, `unique`, serial numbers, the system
//! fields, picked users, organisations, positions, roles, dictionary items and related
//! records found), every field's messages answered at once (code 400, `data`
//! `{field: [message, …]}`, sub-table cells `table[row].column`), then the main row and the
//! sub-table rows written in one transaction.

use super::dto::RecordForm;
use super::released::{Loaded, load};
use super::record::{FORBIDDEN, MISSING, read_record};
use super::repo;
use super::values::{Put, all_strings, data_object, put_of, strings};
use crate::access::{DataScope, Reason, RecordPermit, button};
use crate::db::Conn;
use crate::error::{AppError, FieldErrors};
use crate::state::AppState;
use crate::support::new_id;
use crate::system::bill_rule::service as bill_rules;
use crate::visualdev::definition::record_name;
use qiming_core::form::FormValidator;
use qiming_core::model::{Field, Options};
use qiming_core::recompute::{Calculations, Written};
use serde_json::{Map, Value, json};
use std::collections::BTreeSet;

pub const STALE: &str = "数据已被修改，请刷新后重试";

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

fn push(errors: &mut FieldErrors, field: String, msg: String) {
    errors.entry(field).or_default().push(msg);
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
    let validator = FormValidator::new(&loaded.form_data).map_err(|m| AppError::bad(m.text))?.in_zone(state.config.utc_offset_minutes);
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

