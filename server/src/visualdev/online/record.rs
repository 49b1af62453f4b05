//! Reading one record: its raw values within the caller's data scope and form permission
//! (`GET {modelId}/{id}`), and the definition a generated page renders (`Config`).

use super::dto::{OnlineConfig, RecordData};
use super::released::{Loaded, NOT_RELEASED, load};
use super::layout::Read;
use super::repo;
use super::values::value_of;
use crate::access::RecordPermit;
use crate::db::Conn;
use crate::error::AppError;
use crate::state::AppState;
use crate::visualdev::definition::record_name;
use crate::visualdev::repo as models;
use qiming_core::model::Field;
use qiming_core::recompute::{Calculations, Written};
use serde_json::{Map, Value, json};

pub(super) const MISSING: &str = "数据不存在";
pub(super) const FORBIDDEN: &str = "您没有此操作的权限";

/// The raw record: fields (granted ones), sub-table rows, id and version.
pub(super) async fn read_record(conn: &mut Conn, loaded: &Loaded, permit: &RecordPermit, id: &str) -> Result<(repo::Head, Map<String, Value>), AppError> {
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
    fill_unstored_calculations(loaded, &mut data);
    strip_ungranted(loaded, permit, &mut data);
    data.insert("id".into(), Value::String(head.id.clone()));
    data.insert("version".into(), json!(head.version));
    data.insert("creatorUserId".into(), Value::String(head.creator.clone()));
    data.insert("creatorTime".into(), json!(head.created));
    data.insert("lastModifyUserId".into(), json!(head.modifier));
    data.insert("lastModifyTime".into(), json!(head.modified));
    Ok((head, data))
}

/// The calculate fields that store nothing (`isStorage` 1, the default): of the main form, or
/// of a sub-table's rows.
pub(super) fn unstored_calculations(loaded: &Loaded) -> impl Iterator<Item = &Field> {
    loaded.fields.iter().filter(|f| f.jnpf_key == "calculate" && f.kind.is_none() && !f.v_model.is_empty())
}

/// Fills the calculate fields that store nothing into a record read back (its main values and
/// sub-table rows, every stored field of it): computed from its stored inputs by core's
/// `Calculations` — the rule the form runs through WASM and the save runs for stored ones — so
/// the list and the detail show them instead of a blank (issue 25). Stored values are kept as
/// they were stored.
pub(super) fn fill_unstored_calculations(loaded: &Loaded, record: &mut Map<String, Value>) {
    let unstored: Vec<&Field> = unstored_calculations(loaded).collect();
    if unstored.is_empty() {
        return;
    }
    let Ok(calculations) = Calculations::new(&loaded.form_data) else { return };
    let mut computed = Value::Object(record.clone());
    calculations.recompute(&mut computed, Written::Number);
    let Value::Object(computed) = computed else { return };
    for f in unstored {
        match &f.sub_table {
            None => {
                if let Some(v) = computed.get(&f.v_model) {
                    record.insert(f.v_model.clone(), v.clone());
                }
            }
            Some(table) => {
                let theirs = computed.get(table).and_then(Value::as_array);
                if let (Some(Value::Array(rows)), Some(theirs)) = (record.get_mut(table), theirs) {
                    for (row, done) in rows.iter_mut().zip(theirs) {
                        if let (Some(row), Some(v)) = (row.as_object_mut(), done.get(&f.v_model)) {
                            row.insert(f.v_model.clone(), v.clone());
                        }
                    }
                }
            }
        }
    }
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
            r#type: draft.r#type,
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
        r#type: draft.r#type,
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

