//! A model's released definition resolved to its record tables ([`load`]): read from memory
//! while the model's released version is the one kept, else read and kept.

pub use super::loaded::Loaded;
use super::layout::Read;
use super::repo;
use crate::db::Conn;
use crate::error::AppError;
use crate::state::AppState;
use crate::visualdev::definition::{record_name, released_definition};
use crate::visualdev::repo as models;
use qiming_core::model::{Field, Options, read_model};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

pub(super) const NOT_RELEASED: &str = "该功能尚未发布";

fn parse_part(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

/// A model's released definition and record tables, with the model's record stamp (see
/// migration 0030): read from memory while the model's released version is the one in
/// memory, so that a list or a read costs the stamp's lookup and its own query.
pub(super) async fn load(state: &AppState, conn: &mut Conn, model_id: &str) -> Result<(Arc<Loaded>, repo::Stamp), AppError> {
    let stamp = repo::stamp(conn, model_id).await?.ok_or_else(|| AppError::not_found(NOT_RELEASED))?;
    if let Some(loaded) = state.visualdev.released_models.get(model_id, stamp.release_version) {
        return Ok((loaded, stamp));
    }
    let loaded = Arc::new(read_loaded(conn, model_id, stamp.release_version).await?);
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
    pub(super) fn main_columns(&self) -> Vec<(&Field, Read)> {
        self.fields
            .iter()
            .filter(|f| f.sub_table.is_none() && f.jnpf_key != "table")
            .filter_map(|f| {
                let (physical, storage) = self.registry.columns.get(&(self.main.clone(), f.v_model.clone()))?;
                Some((f, Read { physical: physical.clone(), storage: *storage }))
            })
            .collect()
    }

    pub(super) fn child_columns(&self, sub: &str) -> Vec<(&Field, Read)> {
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

    pub(super) fn sub_tables(&self) -> Vec<&Field> {
        self.fields.iter().filter(|f| f.jnpf_key == "table" && self.children.contains_key(&f.v_model)).collect()
    }
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

