//! A record's values between the wire and the columns: what a sent value is stored as
//! ([`put_of`]), what a read cell answers as ([`value_of`]), the `data` text of a save, and the
//! ids a value names. No SQL.

use super::layout::Storage;
use crate::error::AppError;
use qiming_core::model::ColumnKind;
use serde_json::{Map, Value, json};
use std::collections::BTreeSet;

/// A value to write or compare with: NUMERIC values travel as exact decimal text.
#[derive(Debug, Clone, PartialEq)]
pub enum Put {
    Null,
    Text(String),
    Int(i64),
    Numeric(String),
}

/// A cell as read.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Null,
    Text(String),
    Int(i64),
}

/// What a sent value of a field of `kind` is stored as (empty text and arrays: NULL).
pub fn put_of(kind: &ColumnKind, v: &Value) -> Put {
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

/// The value a stored cell answers as.
pub fn value_of(storage: Storage, kind: &ColumnKind, cell: &Cell) -> Value {
    match (cell, kind) {
        (Cell::Null, _) => Value::Null,
        (Cell::Int(n), _) => json!(n),
        (Cell::Text(s), ColumnKind::Json) => serde_json::from_str(s).unwrap_or_else(|_| Value::String(s.clone())),
        (Cell::Text(s), _) if storage == Storage::Numeric => s.parse::<serde_json::Number>().map(Value::Number).or_else(|_| s.parse::<f64>().map(|f| json!(f))).unwrap_or(Value::Null),
        (Cell::Text(s), _) => Value::String(s.clone()),
    }
}

/// A save's `data` (an object, or JSON text of one).
pub fn data_object(data: &Value) -> Result<Map<String, Value>, AppError> {
    let parsed = match data {
        Value::String(s) => crate::wire::nested_json("data", s)?.ok_or_else(|| AppError::field("data", "数据格式不正确"))?,
        other => other.clone(),
    };
    match parsed {
        Value::Object(map) => Ok(map),
        _ => Err(AppError::field("data", "数据格式不正确")),
    }
}

/// The ids a value names, in order (usersSelect's `id--type` by its id).
pub fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) if !s.is_empty() => out.push(s.split("--").next().unwrap_or(s).to_string()),
        Value::Array(items) => items.iter().for_each(|i| strings(i, out)),
        _ => {}
    }
}

/// Every text in a stored record (its fields, sub-table rows), the ids it picked among them.
pub fn all_strings(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::String(s) if !s.is_empty() => {
            out.insert(s.split("--").next().unwrap_or(s).to_string());
        }
        Value::Array(items) => items.iter().for_each(|i| all_strings(i, out)),
        Value::Object(map) => map.values().for_each(|i| all_strings(i, out)),
        _ => {}
    }
}
