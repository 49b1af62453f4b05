//! A model's definition as core reads it, from the stored parts of a draft or a release, and
//! the names its fields' values are recorded under.

use super::dto::{ModelRow, ReleasedRow};
use qiming_core::model::Field;
use serde_json::{Map, Value};

/// The Base definition core reads: the parts as stored (JSON text), empty ones left out.
pub(crate) fn definition(web_type: i64, tables: &str, form_data: &str, column_data: &str, app_column_data: &str) -> Value {
    let mut base = Map::new();
    for (key, text) in [("tables", tables), ("formData", form_data), ("columnData", column_data), ("appColumnData", app_column_data)] {
        if !text.trim().is_empty() {
            base.insert(key.into(), Value::String(text.into()));
        }
    }
    base.insert("webType".into(), Value::from(web_type));
    Value::Object(base)
}

pub(crate) fn draft_definition(m: &ModelRow) -> Value {
    definition(m.web_type, &m.tables, &m.form_data, &m.column_data, &m.app_column_data)
}

pub(crate) fn released_definition(r: &ReleasedRow) -> Value {
    definition(r.web_type, &r.tables, &r.form_data, &r.column_data, &r.app_column_data)
}

/// A field's record name: `table-column` for a sub-table column.
pub(crate) fn record_name(f: &Field) -> String {
    match &f.sub_table {
        Some(sub) => format!("{sub}-{}", f.v_model),
        None => f.v_model.clone(),
    }
}
