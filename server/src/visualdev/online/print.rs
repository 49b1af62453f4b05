//! A record as a print template shows it (jnpf-wire-engine2.md §6.4, issue 29): the record
//! pipeline's display values (DataChange, within the caller's data scope and form
//! permission) turned into the text the template prints — numbers in the widget's precision
//! and thousands setting by core's `format_number`, dates in the widget's format by core's
//! `DateTime::format`, switches as their texts — with each sub-table an array of rows, and
//! the fields a template over the model offers (`headTable` and one node per sub-table).

use super::display::displayed;
use super::released::{Loaded, load};
use crate::access::RecordPermit;
use crate::error::AppError;
use crate::state::AppState;
use qiming_core::date::DateTime;
use qiming_core::model::Field;
use qiming_core::number::{format_number, precision_arg};
use serde_json::{Map, Value};

/// The fields a template over the model may print: the main form's (`(vModel, label)`) and
/// each sub-table's (`(vModel, label, columns)`), in the form's order.
pub struct PrintFields {
    pub main: Vec<(String, String)>,
    pub tables: Vec<(String, String, Vec<(String, String)>)>,
}

/// Widgets that hold no value of their own to print.
fn printable(f: &Field) -> bool {
    f.kind.is_some() && !f.v_model.is_empty()
}

/// The fields of the model's latest release (404 该功能尚未发布 for a model never released).
pub async fn print_fields(state: &AppState, model_id: &str) -> Result<PrintFields, AppError> {
    let mut conn = state.db.acquire().await?;
    let (loaded, _) = load(state, &mut conn, model_id).await?;
    let main = loaded.fields.iter().filter(|f| f.sub_table.is_none() && f.jnpf_key != "table" && printable(f)).map(|f| (f.v_model.clone(), f.label.clone())).collect();
    let tables = loaded
        .sub_tables()
        .into_iter()
        .map(|t| {
            let columns = loaded.fields.iter().filter(|f| f.sub_table.as_deref() == Some(t.v_model.as_str()) && printable(f)).map(|f| (f.v_model.clone(), f.label.clone())).collect();
            (t.v_model.clone(), t.label.clone(), columns)
        })
        .collect();
    Ok(PrintFields { main, tables })
}

/// The record `id` as printed: main fields by vModel, each sub-table an array of rows, every
/// value as text. A record outside the caller's reach is not found (数据不存在).
pub async fn print_record(state: &AppState, permit: &RecordPermit, model_id: &str, id: &str) -> Result<Map<String, Value>, AppError> {
    let (loaded, record_id, shown) = displayed(state, permit, model_id, id).await?;
    let offset = state.config.utc_offset_minutes;
    let mut out = Map::new();
    out.insert("id".into(), Value::String(record_id));
    for f in loaded.fields.iter().filter(|f| f.sub_table.is_none() && f.jnpf_key != "table" && printable(f)) {
        if let Some(v) = shown.get(&f.v_model) {
            out.insert(f.v_model.clone(), Value::String(text_of(&loaded, f, v, offset)));
        }
    }
    for t in loaded.sub_tables() {
        let columns: Vec<&Field> = loaded.fields.iter().filter(|f| f.sub_table.as_deref() == Some(t.v_model.as_str()) && printable(f)).collect();
        let rows = shown.get(&t.v_model).and_then(Value::as_array).cloned().unwrap_or_default();
        let rows: Vec<Value> = rows
            .iter()
            .map(|row| {
                let mut printed = Map::new();
                for f in &columns {
                    let v = row.get(&f.v_model).unwrap_or(&Value::Null);
                    printed.insert(f.v_model.clone(), Value::String(text_of(&loaded, f, v, offset)));
                }
                Value::Object(printed)
            })
            .collect();
        out.insert(t.v_model.clone(), Value::Array(rows));
    }
    Ok(out)
}

/// The widget's own settings (`precision`, `thousands`, `format`, switch texts), found by
/// its path in the definition.
fn widget<'a>(loaded: &'a Loaded, f: &Field) -> Option<&'a Value> {
    loaded.form_data.pointer(f.path.strip_prefix("/formData")?)
}

/// One display value as text.
fn text_of(loaded: &Loaded, f: &Field, v: &Value, offset: i32) -> String {
    let w = widget(loaded, f);
    let setting = |key: &str| w.and_then(|w| w.get(key).or_else(|| w.pointer(&format!("/__config__/{key}"))));
    match f.jnpf_key.as_str() {
        "numInput" | "calculate" | "amount" | "slider" | "rate" => {
            let precision = precision_arg(setting("precision").and_then(Value::as_f64));
            let thousands = setting("thousands").is_some_and(|t| t.as_bool().unwrap_or(false) || t.as_i64() == Some(1));
            format_number(v, precision, thousands)
        }
        "date" | "createTime" | "modifyTime" => match v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok())) {
            Some(ms) => {
                let pattern = setting("format").and_then(Value::as_str).unwrap_or(if f.jnpf_key == "date" { "yyyy-MM-dd" } else { "yyyy-MM-dd HH:mm:ss" });
                DateTime::from_epoch_ms(ms, offset).map(|d| d.format(pattern)).unwrap_or_default()
            }
            None => plain(v),
        },
        "switch" => {
            let on = v.as_i64() == Some(1) || v.as_bool() == Some(true) || v.as_str() == Some("1");
            let key = if on { "activeTxt" } else { "inactiveTxt" };
            setting(key).and_then(Value::as_str).map(str::to_string).unwrap_or_else(|| if on { "开".into() } else { "关".into() })
        }
        _ => plain(v),
    }
}

fn plain(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        // Uploaded files and images stay JSON text (the template's <img> reads [{url}]).
        other => other.to_string(),
    }
}
