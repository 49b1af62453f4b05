//! A records list's request as a typed query (jnpf-wire-engine.md §4.4): `queryJson`,
//! `superQueryJson`, `keyword` and `sidx`/`sort` parsed into [`Filter`]s over the main table's
//! columns and a [`Sort`], fields the caller may not see left out, bad input refused with its
//! message. No SQL here: the repository alone turns a [`ListQuery`] into sea-query
//! (`repo::page`), beside the caller's data scope.

use super::dto::RecordListForm;
use super::layout::Read;
use super::values::{Put, data_object, put_of, strings};
use crate::db::Keyword;
use crate::error::AppError;
use qiming_core::model::{ColumnKind, Field};
use serde_json::{Map, Value};

/// How a column is compared with a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compare {
    Equal,
    NotEqual,
    Greater,
    GreaterOrEqual,
    Less,
    LessOrEqual,
}

/// A condition on the main table's columns (physical names from the model's registry).
#[derive(Debug, Clone, PartialEq)]
pub enum Filter {
    /// The column's text contains the keyword (ASCII letters without case, `%` `_` literal).
    Contains { column: String, keyword: Keyword },
    Compare { column: String, compare: Compare, value: Put },
    /// The column holds one of the values.
    OneOf { column: String, values: Vec<Put> },
    Not(Box<Filter>),
    /// Every one of them.
    All(Vec<Filter>),
    /// Any of them; none at all matches nothing.
    Any(Vec<Filter>),
}

/// How a list is ordered: a column and the direction (ties: newest first, see `repo::page`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sort {
    pub physical: String,
    pub descending: bool,
}

/// A list request, typed: every filter must hold; the order.
#[derive(Debug, Clone, PartialEq)]
pub struct ListQuery {
    pub filters: Vec<Filter>,
    pub sort: Option<Sort>,
}

/// Parses a List request over the main form's stored `columns`; `may_see` says which fields
/// the caller's form permission grants (the others are neither filtered nor sorted by).
pub fn list_query(column_data: &Value, columns: &[(&Field, Read)], may_see: &dyn Fn(&str) -> bool, form: &RecordListForm) -> Result<ListQuery, AppError> {
    let query = match &form.query_json {
        Value::String(s) if s.trim().is_empty() => Map::new(),
        Value::Null => Map::new(),
        other => data_object(other).map_err(|_| AppError::field("queryJson", "查询条件格式不正确"))?,
    };
    let mut filters = Vec::new();
    for (key, v) in &query {
        let Some((f, r)) = columns.iter().find(|(f, _)| &f.v_model == key) else { continue };
        if !may_see(key) {
            continue;
        }
        filters.extend(field_filter(f, r, v, search_type(column_data, f)));
    }
    filters.extend(super_query(columns, may_see, &form.super_query_json)?);
    if let Some(keyword) = Keyword::parse(form.keyword.as_deref()) {
        // Over the text columns of the search fields the caller may see (each with its JNPF
        // default search type when the definition gives none); no such column: nothing found.
        filters.push(Filter::Any(
            columns
                .iter()
                .filter(|(f, _)| matches!(f.kind, Some(ColumnKind::Text { .. })) && search_type(column_data, f).is_some() && may_see(&f.v_model))
                .map(|(_, r)| Filter::Contains { column: r.physical.clone(), keyword: keyword.clone() })
                .collect(),
        ));
    }
    let sort = match form.sidx.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(sidx) => {
            let (_, r) = columns.iter().find(|(f, _)| f.v_model == sidx && sortable(f) && may_see(sidx)).ok_or_else(|| AppError::field("sidx", format!("不能按该字段排序：{sidx}")))?;
            Some(Sort { physical: r.physical.clone(), descending: !form.sort.as_deref().is_some_and(|s| s.eq_ignore_ascii_case("asc")) })
        }
    };
    Ok(ListQuery { filters, sort })
}

/// The related-form picker's keyword: contained in the relation field's column.
pub fn contains(column: &Read, keyword: &Keyword) -> Filter {
    Filter::Contains { column: column.physical.clone(), keyword: keyword.clone() }
}

/// The fields a list may sort by: the main form's stored fields kept in a sortable column.
fn sortable(f: &Field) -> bool {
    matches!(f.kind, Some(ColumnKind::Text { .. } | ColumnKind::Integer | ColumnKind::Decimal { .. } | ColumnKind::DateTime | ColumnKind::Boolean))
}

/// The search type of a field's search item (1 equal, 2 contains, 3 range); None when the
/// field is not a search field. An item without one takes JNPF's default for its widget
/// (jnpf-wire-engine.md §4.2).
fn search_type(column_data: &Value, f: &Field) -> Option<i64> {
    let item = column_data.get("searchList")?.as_array()?.iter().find(|s| s.get("prop").or_else(|| s.get("__vModel__")).and_then(Value::as_str) == Some(f.v_model.as_str()))?;
    let given = item.get("searchType").and_then(|t| t.as_i64().or_else(|| t.as_str().and_then(|s| s.trim().parse().ok())));
    Some(given.unwrap_or_else(|| default_search_type(&f.jnpf_key)))
}

/// JNPF's search type for a widget: 2 fuzzy for the text inputs, 3 range for dates, times
/// and numbers, 1 equal otherwise.
fn default_search_type(jnpf_key: &str) -> i64 {
    match jnpf_key {
        "comInput" | "textarea" | "billRule" | "autoComplete" | "JNPFText" | "link" => 2,
        "date" | "time" | "createTime" | "modifyTime" | "numInput" | "calculate" => 3,
        _ => 1,
    }
}

/// A value as what the column holds; None for an empty one.
fn operand(kind: &ColumnKind, v: &Value) -> Option<Put> {
    match put_of(kind, v) {
        Put::Null => None,
        p => Some(p),
    }
}

fn keyword_of(text: &str) -> Option<Keyword> {
    Keyword::parse(Some(text))
}

/// The widgets whose value is a path of ids (the last one is what was picked).
const PATHS: [&str; 5] = ["comSelect", "currOrganize", "cascader", "address", "areaSelect"];

/// The condition of one queryJson entry on a field, by its kind and search type.
fn field_filter(f: &Field, read: &Read, v: &Value, search: Option<i64>) -> Option<Filter> {
    let kind = f.kind.as_ref()?;
    let column = || read.physical.clone();
    match (kind, v) {
        (_, Value::Null) => None,
        (ColumnKind::Json, v) => {
            // A JSON array column holds each picked value as a JSON string. A picked path
            // (organisation, cascader, address: `[company, department]`, or several of them)
            // is its last step: the records within that node, not within any of its ancestors.
            let mut wanted = Vec::new();
            match v {
                Value::Array(items) if PATHS.contains(&f.jnpf_key.as_str()) => {
                    let paths: Vec<&Value> = if items.iter().all(Value::is_string) { vec![v] } else { items.iter().collect() };
                    for path in paths {
                        match path {
                            Value::Array(steps) => strings(steps.last().unwrap_or(&Value::Null), &mut wanted),
                            other => strings(other, &mut wanted),
                        }
                    }
                }
                _ => strings(v, &mut wanted),
            }
            let any: Vec<Filter> = wanted.iter().filter_map(|w| keyword_of(&Value::String(w.clone()).to_string())).map(|keyword| Filter::Contains { column: column(), keyword }).collect();
            (!any.is_empty()).then_some(Filter::Any(any))
        }
        (ColumnKind::Integer | ColumnKind::Decimal { .. } | ColumnKind::DateTime, Value::Array(range)) if range.len() == 2 || search == Some(3) => {
            let low = range.first().and_then(|v| operand(kind, v));
            let mut high = range.get(1).and_then(|v| operand(kind, v));
            // A date's end is the start of the last picked day: the whole day counts.
            if matches!(kind, ColumnKind::DateTime)
                && let Some(end) = range.get(1).and_then(Value::as_i64)
            {
                high = Some(Put::Int(end + 86_400_000 - 1));
            }
            let mut both = Vec::new();
            if let Some(l) = low {
                both.push(Filter::Compare { column: column(), compare: Compare::GreaterOrEqual, value: l });
            }
            if let Some(h) = high {
                both.push(Filter::Compare { column: column(), compare: Compare::LessOrEqual, value: h });
            }
            (!both.is_empty()).then_some(Filter::All(both))
        }
        (ColumnKind::Text { .. } | ColumnKind::LongText, Value::String(s)) if search == Some(2) || (search.is_none() && default_search_type(&f.jnpf_key) == 2) => {
            keyword_of(s).map(|keyword| Filter::Contains { column: column(), keyword })
        }
        (_, Value::Array(items)) => {
            // A cascader or organisation path: its last step.
            let values: Vec<Put> = items
                .iter()
                .filter_map(|i| match i {
                    Value::Array(path) => path.last().and_then(|v| operand(kind, v)),
                    other => operand(kind, other),
                })
                .collect();
            (!values.is_empty()).then(|| Filter::OneOf { column: column(), values })
        }
        (_, v) => operand(kind, v).map(|value| Filter::Compare { column: column(), compare: Compare::Equal, value }),
    }
}

/// The condition of one super-query entry (jnpf-wire-engine.md §4.4): `field`, `symbol` (>= >
/// == <= < <> like notLike), `fieldValue`; None for a field or symbol not known.
fn super_condition(columns: &[(&Field, Read)], c: &Value) -> Option<Filter> {
    let field = c.get("field")?.as_str()?;
    let (f, r) = columns.iter().find(|(f, _)| f.v_model == field)?;
    let kind = f.kind.as_ref()?;
    let v = c.get("fieldValue").unwrap_or(&Value::Null);
    let value = operand(kind, v)?;
    let compare = |compare| Some(Filter::Compare { column: r.physical.clone(), compare, value: value.clone() });
    let text = || v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
    match c.get("symbol")?.as_str()? {
        ">=" => compare(Compare::GreaterOrEqual),
        ">" => compare(Compare::Greater),
        "==" => compare(Compare::Equal),
        "<=" => compare(Compare::LessOrEqual),
        "<" => compare(Compare::Less),
        "<>" => compare(Compare::NotEqual),
        "like" => keyword_of(&text()).map(|keyword| Filter::Contains { column: r.physical.clone(), keyword }),
        "notLike" => keyword_of(&text()).map(|keyword| Filter::Not(Box::new(Filter::Contains { column: r.physical.clone(), keyword }))),
        _ => None,
    }
}

/// `superQueryJson`: `{matchLogic: AND|OR, conditionJson: JSON text of [conditions]}` (as
/// text or object); conditions on fields the caller may not see are left out.
fn super_query(columns: &[(&Field, Read)], may_see: &dyn Fn(&str) -> bool, q: &Value) -> Result<Option<Filter>, AppError> {
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
    let parts: Vec<Filter> = conditions
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .filter(|c| c.get("field").and_then(Value::as_str).is_some_and(may_see))
        .filter_map(|c| super_condition(columns, c))
        .collect();
    Ok(match parts.len() {
        0 => None,
        _ if any => Some(Filter::Any(parts)),
        _ => Some(Filter::All(parts)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::visualdev::online::layout::Storage;
    use serde_json::json;

    // A request becomes a typed value, with no database: search items without a searchType
    // take JNPF's defaults (the keyword over the text ones, a number pair a range), fields the
    // caller may not see are left out, an unknown sort field is refused.
    #[test]
    fn a_list_request_is_a_typed_query() {
        let form = json!({"fields": [
            {"__vModel__": "code", "__config__": {"jnpfKey": "comInput", "label": "单号"}},
            {"__vModel__": "secret", "__config__": {"jnpfKey": "comInput", "label": "密"}},
            {"__vModel__": "amount", "__config__": {"jnpfKey": "numInput", "label": "金额"}}
        ]});
        let model = qiming_core::model::read_model(&crate::visualdev::definition::definition(2, "", &form.to_string(), "", ""));
        let columns: Vec<(&Field, Read)> = model.fields.iter().map(|f| (f, Read { physical: format!("f_{}", f.v_model), storage: Storage::Text })).collect();
        let column_data = json!({"searchList": [{"prop": "code"}, {"prop": "secret"}, {"prop": "amount"}]});
        let may_see = |f: &str| f != "secret";
        let request: RecordListForm = serde_json::from_value(json!({
            "keyword": " K_1 ", "queryJson": {"amount": [1, null], "secret": "x"}, "sidx": "amount", "sort": "asc"
        }))
        .unwrap();
        let query = list_query(&column_data, &columns, &may_see, &request).unwrap();
        let keyword = Keyword::parse(Some("k_1")).unwrap();
        assert_eq!(
            query,
            ListQuery {
                filters: vec![
                    Filter::All(vec![Filter::Compare { column: "f_amount".into(), compare: Compare::GreaterOrEqual, value: Put::Numeric("1".into()) }]),
                    Filter::Any(vec![Filter::Contains { column: "f_code".into(), keyword }]),
                ],
                sort: Some(Sort { physical: "f_amount".into(), descending: false }),
            }
        );
        let refused = serde_json::from_value(json!({"sidx": "secret"})).unwrap();
        assert!(list_query(&column_data, &columns, &may_see, &refused).is_err());
    }
}
