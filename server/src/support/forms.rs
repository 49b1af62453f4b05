//! What every administration form checks the same way: core's field rules (the web runs the
//! same through WASM), the sort code's range and the 0/1 state; and how a form's sent fields
//! become values and column changes.

use crate::error::{AppError, FieldErrors};
use crate::wire::Patch;
use qiming_core::entity::{self, Form};
use serde_json::Value;

/// Core's messages for what a form sends: every field when `whole` (a creation), else the
/// fields present (an update).
pub fn check(form: Form, sent: &impl serde::Serialize, whole: bool) -> Result<(), AppError> {
    let record = match serde_json::to_value(sent).map_err(anyhow::Error::from)? {
        Value::Object(map) => map,
        _ => Default::default(),
    };
    let problems = entity::check(form, &record, whole);
    if problems.is_empty() {
        return Ok(());
    }
    Err(AppError::fields(problems.into_iter().map(|(f, m)| (f, m.into_iter().map(|m| m.text).collect())).collect::<FieldErrors>()))
}

/// Sort codes are 0 to 999999 (spec 01 §9); states 0 or 1.
pub fn check_numbers(sort_code: &Patch<i64>, enabled_mark: &Patch<i64>) -> Result<(), AppError> {
    if let Patch::Value(n) = sort_code
        && !(0..=999_999).contains(n)
    {
        return Err(AppError::field("sortCode", "排序码必须在0到999999之间"));
    }
    if let Patch::Value(n) = enabled_mark
        && !matches!(n, 0 | 1)
    {
        return Err(AppError::field("enabledMark", "状态只能是0或1"));
    }
    Ok(())
}

/// A dictionary code that arrives as text or as a number (gender), as text.
pub fn code_text(p: Patch<Value>) -> Patch<String> {
    match p {
        Patch::Value(Value::String(s)) => Patch::Value(s),
        Patch::Value(Value::Null) | Patch::Null => Patch::Null,
        Patch::Value(other) => Patch::Value(other.to_string()),
        Patch::Absent => Patch::Absent,
    }
}

/// A sent text, trimmed ("" when absent or null).
pub fn text(p: &Patch<String>) -> String {
    match p {
        Patch::Value(v) => v.trim().to_string(),
        _ => String::new(),
    }
}

/// A sent number, or `default` when absent or null.
pub fn number(p: &Patch<i64>, default: i64) -> i64 {
    match p {
        Patch::Value(v) => *v,
        _ => default,
    }
}

/// The column changes of an update for text fields: a value replaces, null clears, absent
/// leaves.
pub fn text_column(columns: &mut Vec<(&'static str, crate::db::Arg)>, column: &'static str, p: &Patch<String>) {
    match p {
        Patch::Value(v) => columns.push((column, v.trim().into())),
        Patch::Null => columns.push((column, "".into())),
        Patch::Absent => {}
    }
}

/// The same for numbers (null leaves them: every number column has a value).
pub fn number_column(columns: &mut Vec<(&'static str, crate::db::Arg)>, column: &'static str, p: &Patch<i64>) {
    if let Patch::Value(v) = p {
        columns.push((column, (*v).into()));
    }
}

/// A form's fields as the columns they are stored in: every column with its value (absent
/// fields at their defaults) for a new row, and only the sent ones for an update.
#[derive(Debug, Default)]
pub struct Columns {
    created: Vec<(&'static str, crate::db::Arg)>,
    changed: Vec<(&'static str, crate::db::Arg)>,
}

impl Columns {
    pub fn new() -> Columns {
        Columns::default()
    }

    /// A text field, trimmed ("" when absent or null).
    pub fn text(mut self, column: &'static str, p: &Patch<String>) -> Columns {
        self.created.push((column, text(p).into()));
        text_column(&mut self.changed, column, p);
        self
    }

    /// A number field, `default` on creation when absent or null.
    pub fn number(mut self, column: &'static str, p: &Patch<i64>, default: i64) -> Columns {
        self.created.push((column, number(p, default).into()));
        number_column(&mut self.changed, column, p);
        self
    }

    /// The fields every administration form ends with: sort code (0), state (1), description.
    pub fn listed(self, sort_code: &Patch<i64>, enabled_mark: &Patch<i64>, description: &Patch<String>) -> Columns {
        self.number("sort_code", sort_code, 0).number("enabled_mark", enabled_mark, 1).text("description", description)
    }

    /// A value the service worked out, stored on creation and on an update alike (nothing when
    /// `None`: an update that leaves the column).
    pub fn value(mut self, column: &'static str, value: Option<impl Into<crate::db::Arg>>) -> Columns {
        if let Some(v) = value {
            let v = v.into();
            self.created.push((column, v.clone()));
            self.changed.push((column, v));
        }
        self
    }

    /// The columns of a new row.
    pub fn created(self) -> Vec<(&'static str, crate::db::Arg)> {
        self.created
    }

    /// The columns an update sets: only what was sent.
    pub fn changed(self) -> Vec<(&'static str, crate::db::Arg)> {
        self.changed
    }
}
