//! Field validation driven by a form definition (JNPF `formData`, jnpf-wire.md "Generated
//! forms and lists"): one call checks a whole record and answers every field's messages, so
//! the server reports all problems at once and the browser shows the same ones as the user
//! types (WGT-083..090, WGT-036, FILE-010..019).
//!
//! A definition is compiled once into a `FormValidator` (patterns compiled, limits read) and
//! then checks any number of records. Which fields are checked: every field with a value
//! (`__vModel__`) that is shown on pc (WGT-092); layout containers are looked through; display
//! widgets, system fields, serial numbers and calculate fields store nothing the user types
//! and are skipped.
//!
//! Per field, in order: empty (null, missing, "" or []) fails `required` and otherwise ends
//! the checks; then the widget's own rules; then the regList patterns, first failure wins
//! with its own message (WGT-084). Sub-table cells are keyed `table[row].column`; an empty
//! required cell says just 不能为空 (WGT-083).

use crate::date::{DEFAULT_UTC_OFFSET_MINUTES, DateTime, parse_time_of_day};
use crate::message::{FieldErrors, Message};
use crate::number::decimal_of;
use crate::pattern::Pattern;
use crate::picker::check_mixed_selection;
use crate::upload::{UploadKind, UploadLimits};
use rust_decimal::Decimal;
use serde_json::{Map, Value};

/// Deepest container nesting read from a definition.
pub(crate) const MAX_NESTING: usize = 32;

/// Widgets that store nothing the user enters (jnpf-wire.md); the system fields and serial
/// numbers the server fills (`FILLED_BY_SERVER`) are not validated either.
const NOT_VALIDATED: [&str; 11] = [
    "divider",
    "JNPFText",
    "link",
    "alert",
    "groupTitle",
    "relationFormAttr",
    "popupAttr",
    "button",
    "barcode",
    "qrcode",
    "calculate",
];

/// Widgets whose value the server fills (system fields, the serial number it issues):
/// posted values are ignored (jnpf-wire-engine.md §2.5, §3.2).
pub(crate) const FILLED_BY_SERVER: [&str; 8] = [
    "createUser",
    "createTime",
    "modifyUser",
    "modifyTime",
    "currOrganize",
    "currDept",
    "currPosition",
    "billRule",
];

/// Containers whose children are fields of the same record.
pub(crate) const LAYOUT: [&str; 9] =
    ["row", "card", "collapse", "collapseItem", "tab", "tabItem", "tableGrid", "tableGridTr", "tableGridTd"];

#[derive(Debug, Clone)]
struct RegRule {
    pattern: Result<Pattern, Message>,
    message: String,
}

/// A start or end limit of a date or time: fixed, or read from another field.
#[derive(Debug, Clone, Default)]
struct Bound {
    fixed: Option<Value>,
    relation: Option<String>,
}

#[derive(Debug, Clone)]
enum Check {
    /// Choices, pickers, switches…: only `required` and patterns apply.
    Plain,
    Text,
    Number {
        min: Option<Decimal>,
        max: Option<Decimal>,
        precision: Option<u32>,
    },
    Date {
        start: Bound,
        end: Bound,
        format: String,
    },
    Time {
        start: Bound,
        end: Bound,
    },
    Range,
    Upload(Box<UploadLimits>),
    Mixed {
        multiple: bool,
    },
    Table(Vec<FieldRule>),
}

#[derive(Debug, Clone)]
struct FieldRule {
    name: String,
    label: String,
    required: bool,
    max_length: Option<usize>,
    patterns: Vec<RegRule>,
    check: Check,
}

/// A compiled form definition.
#[derive(Debug, Clone)]
pub struct FormValidator {
    fields: Vec<FieldRule>,
    /// How date texts relate to timestamps (minutes east of UTC; China by default).
    pub utc_offset_minutes: i32,
}

/// The widgets a calculate field may read (jnpf-wire.md: numInput and calculate).
const CALCULABLE: [&str; 2] = ["numInput", "calculate"];

/// Every field of the definition a formula may name, with whether it may be calculated
/// with: `name` for a form field, `table.column` for a sub-table column.
pub fn formula_operands(form_data: &Value) -> Result<Vec<(String, bool)>, Message> {
    fn walk(
        fields: &[Value],
        table: Option<&str>,
        depth: usize,
        out: &mut Vec<(String, bool)>,
    ) -> Result<(), Message> {
        if depth > MAX_NESTING {
            return Err(definition_error());
        }
        for field in fields.iter().filter(|f| f.is_object()) {
            let config = field.get("__config__");
            let key = config.and_then(|c| c.get("jnpfKey")).and_then(Value::as_str).unwrap_or("");
            let children = config
                .and_then(|c| c.get("children"))
                .and_then(Value::as_array)
                .map_or(&[][..], Vec::as_slice);
            let name = field.get("__vModel__").and_then(Value::as_str).unwrap_or("");
            if key == "table" && table.is_none() && !name.is_empty() {
                walk(children, Some(name), depth + 1, out)?;
            } else if LAYOUT.contains(&key) || (name.is_empty() && !children.is_empty()) {
                walk(children, table, depth + 1, out)?;
            } else if !name.is_empty() {
                let full = table.map_or_else(|| name.to_string(), |t| format!("{t}.{name}"));
                out.push((full, CALCULABLE.contains(&key)));
            }
        }
        Ok(())
    }
    with_fields(form_data, |fields| {
        let mut out = Vec::new();
        walk(fields, None, 0, &mut out)?;
        Ok(out)
    })
}

/// Runs `f` over the `fields` of a definition given as the formData object or its JSON text.
fn with_fields<T>(form_data: &Value, f: impl FnOnce(&[Value]) -> Result<T, Message>) -> Result<T, Message> {
    let parsed;
    let form_data = match form_data {
        Value::String(s) => {
            parsed = serde_json::from_str::<Value>(s).map_err(|_| definition_error())?;
            &parsed
        }
        v => v,
    };
    f(form_data.get("fields").and_then(Value::as_array).ok_or_else(definition_error)?)
}

pub(crate) fn definition_error() -> Message {
    Message::new("form.definition", "表单定义格式不正确")
}

/// `field[key]`, else `field.__config__[key]`, skipping nulls: JNPF keeps widget settings in
/// either place depending on the widget and version.
pub(crate) fn setting<'a>(field: &'a Value, key: &str) -> Option<&'a Value> {
    field
        .get(key)
        .filter(|v| !v.is_null())
        .or_else(|| field.get("__config__")?.get(key).filter(|v| !v.is_null()))
}

pub(crate) fn truthy(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64().is_some_and(|f| f != 0.0),
        Some(Value::String(s)) => matches!(s.as_str(), "true" | "1"),
        _ => false,
    }
}

pub(crate) fn text(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Columns and fields show only on pc and when not hidden (WGT-092, VIEW-011).
pub fn shown_on_pc(field: &Value) -> bool {
    if truthy(setting(field, "noShow")) {
        return false;
    }
    match setting(field, "visibility") {
        Some(Value::Array(v)) => v.iter().any(|x| x.as_str() == Some("pc")),
        _ => true,
    }
}

/// The numeric range filter's value (WGT-122/123): `[]` when both bounds are empty (null or
/// ""), else `[min, max]`; 0 is a value.
pub fn numeric_range(min: &Value, max: &Value) -> Vec<Value> {
    let empty = |v: &Value| v.is_null() || v.as_str().is_some_and(str::is_empty);
    if empty(min) && empty(max) { Vec::new() } else { vec![min.clone(), max.clone()] }
}

/// A multiple popup's value (WGT-058): a list stays, anything else becomes empty.
pub fn multiple_value(value: &Value) -> Value {
    match value {
        Value::Array(_) => value.clone(),
        _ => Value::Array(Vec::new()),
    }
}

/// The date range picker for a format (WGT-120): months for `yyyy` and `yyyy-MM`, days for
/// `yyyy-MM-dd`, otherwise date and time; always a range.
pub fn date_range_picker(format: &str) -> &'static str {
    match format {
        "yyyy" | "YYYY" | "yyyy-MM" | "YYYY-MM" => "monthrange",
        "yyyy-MM-dd" | "YYYY-MM-DD" => "daterange",
        _ => "datetimerange",
    }
}

/// An instant in epoch milliseconds as a JavaScript number holds it; None for NaN and the
/// infinities.
fn epoch_ms(ms: f64) -> Option<i64> {
    ms.is_finite().then_some(ms as i64)
}

/// Can the date range picker offer the instant `ms` (epoch milliseconds; never NaN) in China
/// time (WGT-119)? With a year-only format only January can be picked.
pub fn date_range_allows(ms: f64, format: &str) -> bool {
    let Some(ms) = epoch_ms(ms) else { return false };
    match format {
        "yyyy" | "YYYY" => {
            DateTime::from_epoch_ms(ms, DEFAULT_UTC_OFFSET_MINUTES).is_some_and(|d| d.month == 1)
        }
        _ => true,
    }
}

/// A date widget's "current time" default (WGT-091): `now` (epoch milliseconds) cut, in China
/// time, to the precision its format shows — the start of the year for `yyyy`, of the month
/// for `yyyy-MM`, of the day for `yyyy-MM-dd`, of the minute for `… HH:mm`. None for NaN or
/// an instant outside years 1..9999.
pub fn date_default_current(now_ms: f64, format: &str) -> Option<i64> {
    let now_ms = epoch_ms(now_ms)?;
    let utc_offset_minutes = DEFAULT_UTC_OFFSET_MINUTES;
    let mut d = DateTime::from_epoch_ms(now_ms, utc_offset_minutes)?;
    let shows = |p: &str| format.contains(p);
    if !shows("ss") {
        d.second = 0;
    }
    if !shows("mm") {
        d.minute = 0;
    }
    if !shows("HH") {
        d.hour = 0;
    }
    if !shows("dd") && !shows("DD") {
        d.day = 1;
    }
    if !shows("MM") {
        d.month = 1;
    }
    let keeps_ms = shows("ss") && shows("mm") && shows("HH");
    let cut = d.to_epoch_ms(utc_offset_minutes);
    Some(if keeps_ms { cut + now_ms.rem_euclid(1000) } else { cut })
}

fn is_empty(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.is_empty(),
        Some(Value::Array(a)) => a.is_empty(),
        _ => false,
    }
}

fn bound(field: &Value, value_key: &str, type_key: &str, relation_key: &str) -> Bound {
    let relation = text(setting(field, relation_key));
    let fixed = setting(field, value_key).filter(|v| !is_empty(Some(v))).cloned();
    // startTimeType 1: a fixed value, 2: another field; without a type whichever is set.
    match setting(field, type_key).and_then(|t| t.as_u64().or_else(|| t.as_str()?.parse().ok())) {
        Some(1) => Bound { fixed, relation: None },
        Some(2) => Bound { fixed: None, relation },
        _ => Bound { fixed, relation },
    }
}

impl FieldRule {
    fn compile(field: &Value, key: &str, name: String) -> FieldRule {
        let config = field.get("__config__");
        let label = config
            .and_then(|c| c.get("label"))
            .and_then(Value::as_str)
            .filter(|l| !l.is_empty())
            .map_or_else(|| name.clone(), str::to_string);
        let patterns = config
            .and_then(|c| c.get("regList"))
            .and_then(Value::as_array)
            .map(|list| {
                list.iter()
                    .filter_map(|r| {
                        let source = r.get("pattern")?.as_str().filter(|p| !p.is_empty())?;
                        Some(RegRule {
                            pattern: Pattern::cached(source),
                            message: r.get("message").and_then(Value::as_str).unwrap_or("").to_string(),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        let number = |k: &str| setting(field, k).and_then(decimal_of);
        let check = match key {
            "comInput" | "textarea" | "autoComplete" => Check::Text,
            "numInput" | "JNPFAmount" | "rate" | "slider" => Check::Number {
                min: number("min"),
                max: number("max"),
                precision: setting(field, "precision")
                    .and_then(Value::as_u64)
                    .map(|p| p.min(u64::from(crate::formula::MAX_PRECISION)) as u32),
            },
            "date" => Check::Date {
                start: bound(field, "startTime", "startTimeType", "startRelationField"),
                end: bound(field, "endTime", "endTimeType", "endRelationField"),
                format: text(setting(field, "format")).unwrap_or_else(|| "yyyy-MM-dd".to_string()),
            },
            "time" => Check::Time {
                start: bound(field, "startTime", "startTimeType", "startRelationField"),
                end: bound(field, "endTime", "endTimeType", "endRelationField"),
            },
            "dateRange" | "timeRange" => Check::Range,
            "uploadFz" => Check::Upload(Box::new(UploadLimits::from_field(UploadKind::File, field))),
            "uploadImg" => Check::Upload(Box::new(UploadLimits::from_field(UploadKind::Image, field))),
            "usersSelect" => Check::Mixed { multiple: truthy(setting(field, "multiple")) },
            _ => Check::Plain,
        };
        let max_length = setting(field, "maxlength")
            .or_else(|| setting(field, "maxLength"))
            .and_then(Value::as_u64)
            .filter(|m| *m > 0)
            .map(|m| m as usize);
        FieldRule {
            name,
            label,
            required: truthy(config.and_then(|c| c.get("required"))),
            max_length,
            patterns,
            check,
        }
    }
}

/// Reads the fields of a list (recursing into layout containers) into `out`.
fn collect(fields: &[Value], out: &mut Vec<FieldRule>, depth: usize, in_table: bool) -> Result<(), Message> {
    if depth > MAX_NESTING {
        return Err(definition_error());
    }
    for field in fields {
        if !field.is_object() || !shown_on_pc(field) {
            continue;
        }
        let config = field.get("__config__");
        let key = config.and_then(|c| c.get("jnpfKey")).and_then(Value::as_str).unwrap_or("");
        let children = config.and_then(|c| c.get("children")).and_then(Value::as_array);
        let name = field.get("__vModel__").and_then(Value::as_str).unwrap_or("");
        if key == "table" && !in_table {
            if name.is_empty() {
                continue;
            }
            let mut columns = Vec::new();
            collect(children.map_or(&[][..], Vec::as_slice), &mut columns, depth + 1, true)?;
            let mut rule = FieldRule::compile(field, key, name.to_string());
            rule.check = Check::Table(columns);
            out.push(rule);
        } else if LAYOUT.contains(&key) || (name.is_empty() && children.is_some()) {
            collect(children.map_or(&[][..], Vec::as_slice), out, depth + 1, in_table)?;
        } else if !name.is_empty() && !NOT_VALIDATED.contains(&key) && !FILLED_BY_SERVER.contains(&key) {
            out.push(FieldRule::compile(field, key, name.to_string()));
        }
    }
    Ok(())
}

/// Where a value sits, for messages and for limits read from other fields.
struct Place<'a> {
    record: &'a Map<String, Value>,
    /// Inside a sub-table: the table's name, the row's index and the row.
    row: Option<(&'a str, usize, &'a Map<String, Value>)>,
    offset: i32,
}

impl Place<'_> {
    /// Another field's value; in a row, `column` or `table-column` is the row's cell
    /// (WGT-052), anything else a field of the record.
    fn lookup(&self, name: &str) -> Option<&Value> {
        if let Some((table, _, row)) = self.row {
            let column = name.strip_prefix(table).and_then(|r| r.strip_prefix('-')).unwrap_or(name);
            if let Some(v) = row.get(column) {
                return Some(v);
            }
        }
        self.record.get(name)
    }
}

fn with_label(key: &'static str, label: &str, text: String) -> Message {
    Message::new(key, text).with("label", label)
}

/// Epoch ms of a date value: a timestamp, or a date text in the zone `offset`.
fn date_ms(v: &Value, offset: i32) -> Option<i64> {
    match v {
        Value::Number(n) => {
            n.as_i64().or_else(|| n.as_f64().filter(|f| f.is_finite() && f.abs() < 1e17).map(|f| f as i64))
        }
        Value::String(s) => {
            s.trim().parse::<i64>().ok().or_else(|| DateTime::parse(s).map(|d| d.to_epoch_ms(offset)))
        }
        _ => None,
    }
}

fn time_secs(v: &Value) -> Option<u32> {
    parse_time_of_day(v.as_str()?)
}

fn format_time(secs: u32) -> String {
    format!("{:02}:{:02}:{:02}", secs / 3600, secs % 3600 / 60, secs % 60)
}

impl FieldRule {
    /// Checks one value, appending messages under `key`.
    fn check_value(
        &self,
        value: Option<&Value>,
        key: &str,
        place: &Place,
        in_cell: bool,
        out: &mut FieldErrors,
    ) {
        let label = self.label.as_str();
        let mut add = |m: Message| out.entry(key.to_string()).or_default().push(m);
        if is_empty(value) {
            if self.required {
                add(if in_cell {
                    Message::new("field.cellRequired", "不能为空")
                } else {
                    with_label("field.required", label, format!("{label}不能为空"))
                });
            }
            return;
        }
        let Some(value) = value else { return };
        let format_error = || with_label("field.format", label, format!("{label}格式不正确"));
        match &self.check {
            Check::Plain => {}
            Check::Text => match value {
                Value::String(_) | Value::Number(_) => {}
                _ => return add(format_error()),
            },
            Check::Number { min, max, precision } => {
                let Some(n) = decimal_of(value) else {
                    return add(with_label("field.number", label, format!("{label}必须是数字")));
                };
                if let Some(min) = min.filter(|m| n < *m) {
                    add(with_label("field.min", label, format!("{label}不能小于{min}")).with("min", min));
                }
                if let Some(max) = max.filter(|m| n > *m) {
                    add(with_label("field.max", label, format!("{label}不能大于{max}")).with("max", max));
                }
                if let Some(p) = precision.filter(|p| n.normalize().scale() > *p) {
                    add(with_label("field.precision", label, format!("{label}最多{p}位小数"))
                        .with("precision", p));
                }
            }
            Check::Date { start, end, format } => {
                let Some(ms) = date_ms(value, place.offset) else {
                    return add(with_label("field.date", label, format!("{label}不是有效的日期")));
                };
                let limit = |b: &Bound| {
                    let v = match &b.relation {
                        Some(r) => place.lookup(r),
                        None => b.fixed.as_ref(),
                    };
                    v.and_then(|v| date_ms(v, place.offset))
                };
                let shown = |ms: i64| {
                    DateTime::from_epoch_ms(ms, place.offset).map(|d| d.format(format)).unwrap_or_default()
                };
                if let Some(s) = limit(start).filter(|s| ms < *s) {
                    let s = shown(s);
                    add(with_label("field.dateBefore", label, format!("{label}不能早于{s}")).with("limit", s));
                }
                if let Some(e) = limit(end).filter(|e| ms > *e) {
                    let e = shown(e);
                    add(with_label("field.dateAfter", label, format!("{label}不能晚于{e}")).with("limit", e));
                }
            }
            Check::Time { start, end } => {
                let Some(secs) = time_secs(value) else {
                    return add(with_label("field.time", label, format!("{label}不是有效的时间")));
                };
                // Default limits 00:00:00 to 23:59:59 (WGT-090) admit every valid time.
                let limit = |b: &Bound| {
                    match &b.relation {
                        Some(r) => place.lookup(r),
                        None => b.fixed.as_ref(),
                    }
                    .and_then(time_secs)
                };
                if let Some(s) = limit(start).filter(|s| secs < *s) {
                    let s = format_time(s);
                    add(with_label("field.timeBefore", label, format!("{label}不能早于{s}")).with("limit", s));
                }
                if let Some(e) = limit(end).filter(|e| secs > *e) {
                    let e = format_time(e);
                    add(with_label("field.timeAfter", label, format!("{label}不能晚于{e}")).with("limit", e));
                }
            }
            Check::Range => {
                let Some([from, to]) =
                    value.as_array().and_then(|a| <&[Value; 2]>::try_from(a.as_slice()).ok())
                else {
                    return add(format_error());
                };
                let order = match (date_ms(from, place.offset), date_ms(to, place.offset)) {
                    (Some(a), Some(b)) => Some(a > b),
                    _ => time_secs(from).zip(time_secs(to)).map(|(a, b)| a > b),
                };
                if order == Some(true) {
                    add(with_label("field.rangeOrder", label, format!("{label}的开始不能晚于结束")));
                }
            }
            Check::Upload(limits) => {
                let Some(files) = value.as_array() else { return add(format_error()) };
                if let Some(m) = limits.check_total(files.len() as u64) {
                    add(m);
                }
                let mut seen: Vec<Message> = Vec::new();
                for file in files {
                    let name = file
                        .get("name")
                        .or_else(|| file.get("fileName"))
                        .and_then(Value::as_str)
                        .unwrap_or("");
                    let ext = file.get("fileExtension").and_then(Value::as_str).filter(|e| !e.is_empty());
                    let name = match ext {
                        Some(e) if crate::upload::extension(name).is_empty() => format!("{name}.{e}"),
                        _ => name.to_string(),
                    };
                    let size =
                        file.get("fileSize").and_then(|s| s.as_u64().or_else(|| s.as_str()?.parse().ok()));
                    if let Some(m) = limits.check_file(&name, size).filter(|m| !seen.contains(m)) {
                        seen.push(m.clone());
                        add(m);
                    }
                }
            }
            Check::Mixed { multiple } => {
                let problem = match value {
                    Value::String(s) => check_mixed_selection([s.as_str()], *multiple),
                    Value::Array(items) => {
                        let ids: Option<Vec<&str>> = items.iter().map(Value::as_str).collect();
                        match ids {
                            Some(ids) if *multiple || ids.len() <= 1 => check_mixed_selection(ids, *multiple),
                            Some(_) => Some(Message::new("picker.single", "只能选择一项")),
                            None => Some(Message::new("picker.format", "选择的数据格式不正确")),
                        }
                    }
                    _ => Some(Message::new("picker.format", "选择的数据格式不正确")),
                };
                if let Some(m) = problem {
                    add(m);
                }
            }
            Check::Table(columns) => {
                let Some(rows) = value.as_array() else { return add(format_error()) };
                for (index, row) in rows.iter().enumerate() {
                    let empty = Map::new();
                    let cells = row.as_object().unwrap_or(&empty);
                    let row_place = Place {
                        record: place.record,
                        row: Some((&self.name, index, cells)),
                        offset: place.offset,
                    };
                    for column in columns {
                        let cell_key = format!("{}[{index}].{}", self.name, column.name);
                        column.check_value(cells.get(&column.name), &cell_key, &row_place, true, out);
                    }
                }
                return;
            }
        }
        if let Some(max) = self.max_length {
            let length = match value {
                Value::String(s) => s.chars().count(),
                _ => 0,
            };
            if length > max {
                add(with_label("field.maxLength", label, format!("{label}最多为{max}个字符！"))
                    .with("max", max));
            }
        }
        let text = match value {
            Value::String(s) => std::borrow::Cow::Borrowed(s.as_str()),
            Value::Number(n) => std::borrow::Cow::Owned(n.to_string()),
            _ => return,
        };
        // First failing pattern wins, with its own message (WGT-084).
        for rule in &self.patterns {
            let failed = match &rule.pattern {
                // The form's own message as written (not translated by key); without one,
                // the generic format message, which is.
                Ok(p) => (!p.test(&text)).then(|| {
                    if rule.message.is_empty() {
                        with_label("field.format", label, format!("{label}格式不正确"))
                    } else {
                        Message::new("field.pattern", rule.message.clone()).with("label", label)
                    }
                }),
                Err(invalid) => Some(invalid.clone()),
            };
            if let Some(m) = failed {
                add(m);
                break;
            }
        }
    }
}

impl FormValidator {
    /// Compiles a form definition: the formData object (or its JSON text) with `fields`.
    pub fn new(form_data: &Value) -> Result<FormValidator, Message> {
        let rules = with_fields(form_data, |fields| {
            let mut rules = Vec::new();
            collect(fields, &mut rules, 0, false)?;
            Ok(rules)
        })?;
        Ok(FormValidator { fields: rules, utc_offset_minutes: DEFAULT_UTC_OFFSET_MINUTES })
    }

    /// Every field's messages for `record` (an object, or its JSON text; anything else counts
    /// as an empty record). Only fields with problems appear.
    pub fn validate(&self, record: &Value) -> FieldErrors {
        self.validate_only(record, None)
    }

    /// The messages of one field (all cells, for a sub-table): the check run on change.
    pub fn validate_field(&self, record: &Value, name: &str) -> FieldErrors {
        self.validate_only(record, Some(name))
    }

    fn validate_only(&self, record: &Value, only: Option<&str>) -> FieldErrors {
        let parsed;
        let empty = Map::new();
        let record = match record {
            Value::Object(map) => map,
            Value::String(s) => {
                parsed = serde_json::from_str::<Value>(s).ok();
                parsed.as_ref().and_then(Value::as_object).unwrap_or(&empty)
            }
            _ => &empty,
        };
        let place = Place { record, row: None, offset: self.utc_offset_minutes };
        let mut out = FieldErrors::new();
        for field in self.fields.iter().filter(|f| only.is_none_or(|n| n == f.name)) {
            field.check_value(record.get(&field.name), &field.name, &place, false, &mut out);
        }
        out
    }

    /// The names of the fields that are checked, in form order.
    pub fn field_names(&self) -> impl Iterator<Item = &str> {
        self.fields.iter().map(|f| f.name.as_str())
    }
}

/// Compiles `form_data` and checks `record` in one call.
pub fn validate_record(form_data: &Value, record: &Value) -> Result<FieldErrors, Message> {
    Ok(FormValidator::new(form_data)?.validate(record))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn texts(errors: &FieldErrors) -> Vec<(String, Vec<String>)> {
        errors.iter().map(|(k, v)| (k.clone(), v.iter().map(|m| m.text.clone()).collect())).collect()
    }

    fn field(key: &str, name: &str, label: &str, extra: Value) -> Value {
        let mut f = json!({"__vModel__": name, "__config__": {"jnpfKey": key, "label": label}});
        if let (Some(f), Some(extra)) = (f.as_object_mut(), extra.as_object()) {
            for (k, v) in extra {
                if k == "__config__" {
                    if let (Some(c), Some(extra_c)) =
                        (f.get_mut("__config__").and_then(Value::as_object_mut), v.as_object())
                    {
                        c.extend(extra_c.clone());
                    }
                } else {
                    f.insert(k.clone(), v.clone());
                }
            }
        }
        f
    }

    // WGT-083/084: required and patterns, first failure wins; all fields answered at once.
    #[test]
    fn wgt_083_084_whole_record() {
        let form = json!({"fields": [
            field("comInput", "name", "名称", json!({"__config__": {"required": true}})),
            field("comInput", "code", "编码", json!({"__config__": {"regList": [
                {"pattern": "/^\\d+$/", "message": "只能是数字"},
                {"pattern": "^\\d{3}$", "message": "必须3位"}]}})),
            {"__config__": {"jnpfKey": "row", "children": [
                field("numInput", "qty", "数量", json!({"min": 1, "max": 10, "precision": 0}))]}},
        ]});
        let v = FormValidator::new(&form).unwrap();
        let errors = v.validate(&json!({"code": "ab", "qty": 11.5}));
        assert_eq!(
            texts(&errors),
            vec![
                ("code".to_string(), vec!["只能是数字".to_string()]),
                ("name".to_string(), vec!["名称不能为空".to_string()]),
                ("qty".to_string(), vec!["数量不能大于10".to_string(), "数量最多0位小数".to_string()]),
            ]
        );
        assert!(v.validate(&json!({"name": "x", "code": "123", "qty": 0.0 + 3.0})).is_empty());
    }

    // WGT-083/087: sub-table cells.
    #[test]
    fn wgt_083_087_sub_table() {
        let form = json!({"fields": [{"__vModel__": "items", "__config__": {"jnpfKey": "table", "label": "明细", "children": [
            field("comInput", "sku", "编号", json!({"__config__": {"required": true, "regList": [{"pattern": "^[A-Z]+$", "message": "大写字母"}]}})),
        ]}}]});
        let v = FormValidator::new(&form).unwrap();
        let errors = v.validate(&json!({"items": [{"sku": "AB"}, {"sku": ""}, {"sku": "ab"}, {}]}));
        assert_eq!(
            texts(&errors),
            vec![
                ("items[1].sku".to_string(), vec!["不能为空".to_string()]),
                ("items[2].sku".to_string(), vec!["大写字母".to_string()]),
                ("items[3].sku".to_string(), vec!["不能为空".to_string()]),
            ]
        );
    }

    #[test]
    fn hidden_and_display_fields_are_skipped() {
        let form = json!({"fields": [
            field("comInput", "a", "A", json!({"__config__": {"required": true, "noShow": true}})),
            field("comInput", "b", "B", json!({"__config__": {"required": true, "visibility": ["app"]}})),
            field("calculate", "c", "C", json!({"__config__": {"required": true}})),
        ]});
        assert!(validate_record(&form, &json!({})).unwrap().is_empty());
        assert_eq!(validate_record(&json!({"nofields": 1}), &json!({})).unwrap_err().key, "form.definition");
    }
}
