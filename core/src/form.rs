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
use serde::Serialize;
use serde_json::{Map, Value};

/// Deepest container nesting read from a definition.
pub(crate) const MAX_NESTING: usize = 32;

// Which widgets are layout, filled by the server or not validated: `widget_kinds.json`.
use crate::widget_kinds::{is_filled_by_server, is_layout, is_not_validated};

#[derive(Debug, Clone)]
struct RegRule {
    pattern: Result<Pattern, Message>,
    message: String,
}

/// A start or end limit of a date or time (WGT-089): fixed, read from another field, or
/// relative to the moment of checking (`startTimeType` 3 now, 4 before now, 5 after now).
#[derive(Debug, Clone, Default)]
struct Bound {
    fixed: Option<Value>,
    relation: Option<String>,
    relative: Option<Relative>,
}

/// A limit relative to now: `count` units before (negative) or after it.
#[derive(Debug, Clone, Copy)]
struct Relative {
    /// `startTimeTarget`: 1 year (hour for a time), 2 month (minute), 3 day (second).
    unit: u8,
    count: i64,
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
    /// The moment of checking (epoch ms) for limits relative to now (`startTimeType` 3–5);
    /// without it those limits are not checked. The server sets its clock's time, the browser
    /// its own.
    pub now_ms: Option<i64>,
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
            } else if is_layout(key) || (name.is_empty() && !children.is_empty()) {
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
pub(crate) fn with_fields<T>(form_data: &Value, f: impl FnOnce(&[Value]) -> Result<T, Message>) -> Result<T, Message> {
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

/// Can the date range picker offer the instant `ms` (epoch milliseconds; never NaN) in the
/// installation's zone, `offset_minutes` east of UTC (WGT-119)? With a year-only format only
/// January can be picked.
pub fn date_range_allows(ms: f64, format: &str, offset_minutes: i32) -> bool {
    let Some(ms) = epoch_ms(ms) else { return false };
    match format {
        "yyyy" | "YYYY" => {
            DateTime::from_epoch_ms(ms, offset_minutes).is_some_and(|d| d.month == 1)
        }
        _ => true,
    }
}

/// A date widget's "current time" default (WGT-091): `now` (epoch milliseconds) cut, in the
/// installation's zone (`offset_minutes` east of UTC, `QIMING_UTC_OFFSET_MINUTES`: never the
/// browser's), to the precision its format shows — the start of the year for `yyyy`, of the
/// month for `yyyy-MM`, of the day for `yyyy-MM-dd`, of the minute for `… HH:mm`. None for NaN
/// or an instant outside years 1..9999.
pub fn date_default_current(now_ms: f64, format: &str, offset_minutes: i32) -> Option<i64> {
    cut_to_format(epoch_ms(now_ms)?, format, offset_minutes)
}

fn is_empty(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.is_empty(),
        Some(Value::Array(a)) => a.is_empty(),
        _ => false,
    }
}

/// Reads the start (`side` "start") or end limit of a date or time field. With
/// `startTimeRule` false there is none; with it true `startTimeType` says which kind: 1 the
/// fixed `startTimeValue`, 2 the field `startRelationField`, 3 now, 4 `startTimeValue` units
/// (`startTimeTarget`) before now, 5 after now. A definition without the rule flag is read by
/// what it sets (`startTime` or the relation field).
fn bound(field: &Value, side: &str) -> Bound {
    let key = |k: &str| format!("{side}{k}");
    let relation = text(setting(field, &format!("{side}RelationField")));
    let value = setting(field, &key("TimeValue")).or_else(|| setting(field, &key("Time")));
    let fixed = value.filter(|v| !is_empty(Some(v))).cloned();
    let number = |v: Option<&Value>| v.and_then(|t| t.as_i64().or_else(|| t.as_str()?.trim().parse().ok()));
    let kind = number(setting(field, &key("TimeType")));
    let ruled = setting(field, &key("TimeRule"));
    if ruled.is_some() && !truthy(ruled) {
        return Bound::default();
    }
    let relative = |sign: i64| {
        let unit = number(setting(field, &key("TimeTarget"))).unwrap_or(3).clamp(1, 3) as u8;
        let count = number(value).unwrap_or(0).clamp(0, 100_000);
        Bound { relative: Some(Relative { unit, count: sign * count }), ..Bound::default() }
    };
    match kind {
        Some(1) => Bound { fixed, ..Bound::default() },
        Some(2) => Bound { relation, ..Bound::default() },
        Some(3) => relative(0),
        Some(4) => relative(-1),
        Some(5) => relative(1),
        _ if ruled.is_some() => Bound::default(),
        _ => Bound { fixed, relation, relative: None },
    }
}

/// `ms` cut, in the zone `offset`, to the precision `format` shows: the start of the year for
/// `yyyy`, of the month for `yyyy-MM`, of the day for `yyyy-MM-dd`, of the minute for
/// `… HH:mm`; milliseconds are kept only when seconds show.
fn cut_to_format(ms: i64, format: &str, offset: i32) -> Option<i64> {
    let mut d = DateTime::from_epoch_ms(ms, offset)?;
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
    let cut = d.to_epoch_ms(offset);
    Some(if keeps_ms { cut + ms.rem_euclid(1000) } else { cut })
}

/// `now` moved by `count` years, months or days (unit 1, 2, 3) in the zone `offset`; a day
/// past the end of the month lands on its last day (31 January + 1 month = 28/29 February).
fn shift_date(now: i64, unit: u8, count: i64, offset: i32) -> Option<i64> {
    let mut d = DateTime::from_epoch_ms(now, offset)?;
    match unit {
        1 | 2 => {
            let months = if unit == 1 { count.checked_mul(12)? } else { count };
            let total = i64::from(d.year) * 12 + i64::from(d.month) - 1 + months;
            d.year = i32::try_from(total.div_euclid(12)).ok()?;
            d.month = (total.rem_euclid(12) + 1) as u32;
            d.day = d.day.min(crate::date::days_in_month(d.year, d.month));
            let ms = d.to_epoch_ms(offset) + now.rem_euclid(1000);
            DateTime::from_epoch_ms(ms, offset).map(|_| ms)
        }
        _ => {
            let ms = now.checked_add(count.checked_mul(86_400_000)?)?;
            DateTime::from_epoch_ms(ms, offset).map(|_| ms)
        }
    }
}

/// The time of day of `now` moved by `count` hours, minutes or seconds (unit 1, 2, 3), kept
/// within the day: a limit cannot go past midnight either way.
fn shift_time(now: i64, unit: u8, count: i64, offset: i32) -> Option<u32> {
    let d = DateTime::from_epoch_ms(now, offset)?;
    let secs = i64::from(d.hour * 3600 + d.minute * 60 + d.second);
    let step = match unit {
        1 => 3600,
        2 => 60,
        _ => 1,
    };
    Some(secs.saturating_add(count.saturating_mul(step)).clamp(0, 86_399) as u32)
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
                start: bound(field, "start"),
                end: bound(field, "end"),
                format: text(setting(field, "format")).unwrap_or_else(|| "yyyy-MM-dd".to_string()),
            },
            "time" => Check::Time {
                start: bound(field, "start"),
                end: bound(field, "end"),
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
        } else if is_layout(key) || (name.is_empty() && children.is_some()) {
            collect(children.map_or(&[][..], Vec::as_slice), out, depth + 1, in_table)?;
        } else if !name.is_empty() && !is_not_validated(key) && !is_filled_by_server(key) {
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
    /// The moment of checking, for limits relative to now.
    now: Option<i64>,
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

impl Bound {
    /// The limit in epoch ms for a date of `format`, cut to the precision it shows; None when
    /// there is none (no rule, an empty related field, or "now" unknown to the checker).
    fn date_limit(&self, place: &Place, format: &str) -> Option<i64> {
        let ms = if let Some(r) = self.relative {
            shift_date(place.now?, r.unit, r.count, place.offset)?
        } else {
            match &self.relation {
                Some(name) => place.lookup(name),
                None => self.fixed.as_ref(),
            }
            .and_then(|v| date_ms(v, place.offset))?
        };
        cut_to_format(ms, format, place.offset)
    }

    /// The limit in seconds since midnight for a time.
    fn time_limit(&self, place: &Place) -> Option<u32> {
        if let Some(r) = self.relative {
            return shift_time(place.now?, r.unit, r.count, place.offset);
        }
        match &self.relation {
            Some(name) => place.lookup(name),
            None => self.fixed.as_ref(),
        }
        .and_then(time_secs)
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
                // Compared at the precision the format shows: "not after now" admits today.
                let ms = cut_to_format(ms, format, place.offset).unwrap_or(ms);
                let limit = |b: &Bound| b.date_limit(place, format);
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
                let limit = |b: &Bound| b.time_limit(place);
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
                        now: place.now,
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
        Ok(FormValidator { fields: rules, utc_offset_minutes: DEFAULT_UTC_OFFSET_MINUTES, now_ms: None })
    }

    /// The same validator counting days and wall-clock times in the zone `offset_minutes` east
    /// of UTC (the installation's; China Standard Time unless set).
    pub fn in_zone(mut self, offset_minutes: i32) -> FormValidator {
        self.utc_offset_minutes = offset_minutes;
        self
    }

    /// The same validator checking limits relative to `now_ms` (epoch ms).
    pub fn at(mut self, now_ms: i64) -> FormValidator {
        self.now_ms = Some(now_ms);
        self
    }

    /// Every field's messages for `record` (an object, or its JSON text; anything else counts
    /// as an empty record). Only fields with problems appear.
    pub fn validate(&self, record: &Value) -> FieldErrors {
        self.validate_only(record, None, self.now_ms)
    }

    /// The messages of one field (all cells, for a sub-table): the check run on change.
    pub fn validate_field(&self, record: &Value, name: &str) -> FieldErrors {
        self.validate_only(record, Some(name), self.now_ms)
    }

    /// [`validate`](Self::validate) with limits relative to `now_ms`, for a validator kept
    /// across checks (the browser's, compiled once per form).
    pub fn validate_at(&self, record: &Value, now_ms: i64) -> FieldErrors {
        self.validate_only(record, None, Some(now_ms))
    }

    /// [`validate_field`](Self::validate_field) with limits relative to `now_ms`.
    pub fn validate_field_at(&self, record: &Value, name: &str, now_ms: i64) -> FieldErrors {
        self.validate_only(record, Some(name), Some(now_ms))
    }

    fn validate_only(&self, record: &Value, only: Option<&str>, now: Option<i64>) -> FieldErrors {
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
        let place = Place { record, row: None, offset: self.utc_offset_minutes, now };
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

/// The limits a date or time field sets for a record (WGT-089, WGT-090): for a `date` field
/// epoch ms cut to its format's precision, for a `time` field seconds since midnight; None
/// where there is no limit. `cell` is the sub-table's name and the row when the field is one
/// of its columns (a relation field is then looked up in the row first). The picker disables
/// what lies outside; the check on submit is the same.
///
/// `startText`/`endText` are the same limits as wall-clock text in the installation's zone (`offset_minutes`)
/// (`yyyy-MM-dd HH:mm:ss`, or `HH:mm:ss` for a time), so a picker in any time zone compares
/// calendar days the way the check does.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldLimits {
    pub start: Option<i64>,
    pub end: Option<i64>,
    pub start_text: Option<String>,
    pub end_text: Option<String>,
}

pub fn field_limits(field: &Value, record: &Value, cell: Option<(&str, &Value)>, now_ms: Option<i64>, offset_minutes: i32) -> FieldLimits {
    let empty = Map::new();
    let record = record.as_object().unwrap_or(&empty);
    let row = cell.and_then(|(table, row)| Some((table, 0, row.as_object()?)));
    let place = Place { record, row, offset: offset_minutes, now: now_ms };
    let key = field.get("__config__").and_then(|c| c.get("jnpfKey")).and_then(Value::as_str).unwrap_or("");
    let (start, end) = (bound(field, "start"), bound(field, "end"));
    match key {
        "date" => {
            let format = text(setting(field, "format")).unwrap_or_else(|| "yyyy-MM-dd".to_string());
            let (start, end) = (start.date_limit(&place, &format), end.date_limit(&place, &format));
            let shown = |ms: Option<i64>| {
                DateTime::from_epoch_ms(ms?, place.offset).map(|d| d.format("yyyy-MM-dd HH:mm:ss"))
            };
            FieldLimits { start_text: shown(start), end_text: shown(end), start, end }
        }
        "time" => {
            let (start, end) = (start.time_limit(&place), end.time_limit(&place));
            FieldLimits {
                start: start.map(i64::from),
                end: end.map(i64::from),
                start_text: start.map(format_time),
                end_text: end.map(format_time),
            }
        }
        _ => FieldLimits::default(),
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

#[cfg(test)]
mod limit_tests {
    use super::*;
    use serde_json::json;

    /// 2026-03-31 10:20:30 China time.
    /// The default installation zone (China Standard Time).
    const D: i32 = DEFAULT_UTC_OFFSET_MINUTES;
    const NOW: i64 = 1_774_923_630_000;

    fn date(extra: Value) -> Value {
        let mut config = json!({"jnpfKey": "date", "label": "日期"});
        config.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        json!({"__vModel__": "d", "format": "yyyy-MM-dd", "__config__": config})
    }

    fn ms(text: &str) -> i64 {
        DateTime::parse(text).unwrap().to_epoch_ms(DEFAULT_UTC_OFFSET_MINUTES)
    }

    fn check(field: &Value, value: Value, now: Option<i64>) -> Vec<String> {
        let v = FormValidator::new(&json!({"fields": [field]})).unwrap();
        let v = match now {
            Some(n) => v.at(n),
            None => v,
        };
        v.validate(&json!({"d": value})).values().flatten().map(|m| m.text.clone()).collect()
    }

    // WGT-089: a fixed limit is read from startTimeValue when startTimeRule is on, and none
    // applies when the rule is off.
    #[test]
    fn wgt_089_fixed_limits_follow_the_rule_flag() {
        let f = date(json!({"startTimeRule": true, "startTimeType": 1, "startTimeValue": ms("2026-01-10")}));
        assert_eq!(check(&f, json!(ms("2026-01-09")), None), ["日期不能早于2026-01-10"]);
        assert!(check(&f, json!(ms("2026-01-10")), None).is_empty());
        let off = date(json!({"startTimeRule": false, "startTimeType": 1, "startTimeValue": ms("2026-01-10")}));
        assert!(check(&off, json!(ms("2026-01-09")), None).is_empty());
    }

    // WGT-089: "not after now" admits today at the format's precision, refuses tomorrow; before
    // and after now move by years, months (clamped to the month's end) or days.
    #[test]
    fn wgt_089_limits_relative_to_now() {
        let not_after_now = date(json!({"endTimeRule": true, "endTimeType": 3}));
        assert!(check(&not_after_now, json!(ms("2026-03-31 23:00:00")), Some(NOW)).is_empty());
        assert_eq!(check(&not_after_now, json!(ms("2026-04-01")), Some(NOW)), ["日期不能晚于2026-03-31"]);
        // Without a moment to compare with, the limit is not checked.
        assert!(check(&not_after_now, json!(ms("2030-01-01")), None).is_empty());

        let one_month_ahead = date(json!({"endTimeRule": true, "endTimeType": 5, "endTimeTarget": 2, "endTimeValue": 1}));
        let limits = field_limits(&one_month_ahead, &json!({}), None, Some(NOW), D);
        assert_eq!(limits.end, Some(ms("2026-04-30")));
        assert_eq!(limits.end_text.as_deref(), Some("2026-04-30 00:00:00"));
        let two_years_back = date(json!({"startTimeRule": true, "startTimeType": 4, "startTimeTarget": 1, "startTimeValue": "2"}));
        assert_eq!(field_limits(&two_years_back, &json!({}), None, Some(NOW), D).start, Some(ms("2024-03-31")));
        let ten_days_back = date(json!({"startTimeRule": true, "startTimeType": 4, "startTimeTarget": 3, "startTimeValue": 10}));
        assert_eq!(check(&ten_days_back, json!(ms("2026-03-20")), Some(NOW)), ["日期不能早于2026-03-21"]);
    }

    // WGT-089: a limit taken from another field, in a sub-table row first.
    #[test]
    fn wgt_089_limit_from_another_field() {
        let f = date(json!({"startTimeRule": true, "startTimeType": 2, "startRelationField": "from"}));
        let record = json!({"from": ms("2026-05-01")});
        assert_eq!(field_limits(&f, &record, None, None, D).start, Some(ms("2026-05-01")));
        let row = json!({"from": ms("2026-06-01")});
        assert_eq!(field_limits(&f, &record, Some(("items", &row)), None, D).start, Some(ms("2026-06-01")));
        // An empty related field sets no limit.
        assert_eq!(field_limits(&f, &json!({}), None, None, D), FieldLimits::default());
    }

    // WGT-090: time limits in seconds since midnight, fixed or relative to now's time of day
    // and kept within the day; without limits every valid time passes.
    #[test]
    fn wgt_090_time_limits() {
        let f = json!({"__vModel__": "d", "__config__": {"jnpfKey": "time", "label": "时间",
            "startTimeRule": true, "startTimeType": 1, "startTimeValue": "07:00:00",
            "endTimeRule": true, "endTimeType": 5, "endTimeTarget": 1, "endTimeValue": 20}});
        let limits = field_limits(&f, &json!({}), None, Some(NOW), D);
        assert_eq!((limits.start, limits.end), (Some(7 * 3600), Some(86_399)));
        assert_eq!((limits.start_text.as_deref(), limits.end_text.as_deref()), (Some("07:00:00"), Some("23:59:59")));
        assert_eq!(check(&f, json!("06:59:59"), Some(NOW)), ["时间不能早于07:00:00"]);
        let free = json!({"__vModel__": "d", "__config__": {"jnpfKey": "time", "label": "时间"}});
        assert!(check(&free, json!("00:00:00"), None).is_empty());
        assert!(check(&free, json!("23:59:59"), None).is_empty());
    }

    // Issue 25: "today" and the limits are the installation's, given as its offset, whatever
    // zone the caller is in: 2026-03-31 20:00 in New York (UTC-5) is 1 April 09:00 in China.
    #[test]
    fn today_is_the_installations_day() {
        let new_york_evening = DateTime::parse("2026-03-31 20:00:00").unwrap().to_epoch_ms(-300) as f64;
        assert_eq!(date_default_current(new_york_evening, "yyyy-MM-dd", D), Some(ms("2026-04-01")));
        let ny_midnight = DateTime::parse("2026-03-31").unwrap().to_epoch_ms(-300);
        assert_eq!(date_default_current(new_york_evening, "yyyy-MM-dd", -300), Some(ny_midnight));
        // The year-only range picker's January is the installation's.
        let cn_new_year = ms("2027-01-01 00:30:00") as f64;
        assert!(date_range_allows(cn_new_year, "yyyy", D));
        assert!(!date_range_allows(cn_new_year, "yyyy", -300));
        // "Not after today": today is the installation's day in the limits and the check.
        let not_after_now = date(json!({"endTimeRule": true, "endTimeType": 3}));
        let now = new_york_evening as i64;
        assert_eq!(field_limits(&not_after_now, &json!({}), None, Some(now), D).end_text.as_deref(), Some("2026-04-01 00:00:00"));
        assert_eq!(field_limits(&not_after_now, &json!({}), None, Some(now), -300).end_text.as_deref(), Some("2026-03-31 00:00:00"));
        let v = FormValidator::new(&json!({"fields": [not_after_now]})).unwrap().at(now);
        // 1 April 14:00 in China is 1 April 01:00 in New York: today at the hospital, tomorrow there.
        let afternoon = ms("2026-04-01 14:00:00");
        assert!(v.validate(&json!({"d": afternoon})).is_empty());
        let v = FormValidator::new(&json!({"fields": [date(json!({"endTimeRule": true, "endTimeType": 3}))]})).unwrap().at(now).in_zone(-300);
        assert_eq!(v.validate(&json!({"d": afternoon})).values().flatten().map(|m| m.text.clone()).collect::<Vec<_>>(), ["日期不能晚于2026-03-31"]);
    }
}
