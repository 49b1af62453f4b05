//! The generated record's calculate fields, computed in one place for the browser and the
//! server (issue 23 §1): every calculate field of the main form and of every sub-table row,
//! from the inputs only — a calculated value that came with the record (a client's post, a
//! stale stored one) is never read.
//!
//! A definition is read once into `Calculations`: each calculate field's compiled formula,
//! its precision (0 when none, CALC-003), and what it reads. Fields are then evaluated in
//! dependency order (a field after every calculate field it may read, wherever it sits in the
//! form), so one pass reaches the fixed point: evaluating again changes nothing. A formula
//! that reads itself through any chain has no such order: the definition is refused with
//! `formula.cycle` (计算字段存在循环引用：A → B → A), on release as in the designer.
//!
//! What a field may read (mirrors `formula::resolve`): a bare name is a main field or, inside
//! a row, the row's own cell; `table.column` is the row's cell inside that table's row, else
//! the column's sum over the rows.

use crate::form::{MAX_NESTING, definition_error, setting, with_fields};
use crate::formula::{Evaluation, Formula, Reference, Row, precision_of};
use crate::message::Message;
use crate::widget_kinds::is_layout;
use rust_decimal::Decimal;
use serde::Serialize;
use serde_json::{Map, Value};

/// One calculate field of a definition.
#[derive(Debug, Clone)]
struct Calc {
    /// The sub-table the field is a column of; None in the main form.
    table: Option<String>,
    /// `__vModel__`.
    name: String,
    /// Shown in a cycle's message: the label, else the name.
    shown: String,
    formula: Result<Formula, Message>,
    precision: u32,
}

/// How computed values are written into the record: exact decimal text with the precision's
/// decimals (the server's stored record), or JSON numbers (the browser's form state, whose
/// inputs are numbers; whole values as integers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Text,
    Number,
}

/// A calculated value that differs from the one the record held.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// The sub-table and row index, for a column's cell; None for a main field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row: Option<usize>,
    pub name: String,
    pub value: Value,
}

/// What a recompute did: the values that changed, and the warnings of failed calculations
/// (each gave 0, CALC-013) that the browser logs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Recomputed {
    pub changes: Vec<Change>,
    pub warnings: Vec<String>,
}

/// Where a calculated value sits: a main field (None) or a sub-table's row.
type Place = Option<(String, usize)>;

/// The calculate fields of a definition, in the order they are evaluated.
#[derive(Debug, Clone, Default)]
pub struct Calculations {
    ordered: Vec<Calc>,
    /// Every property name a recompute reads or writes, at any depth (see `keys`).
    keys: Vec<String>,
}

/// The cycle's message: its fields by label, and (param `field`) the record name of the
/// first (`table-column` in a sub-table), where the designer and the release check point.
fn cycle(names: &[&str], first: &Calc) -> Message {
    let path = names.join(" → ");
    let field = first.table.as_ref().map_or_else(|| first.name.clone(), |t| format!("{t}-{}", first.name));
    Message::new("formula.cycle", format!("计算字段存在循环引用：{path}"))
        .with("fields", path)
        .with("field", field)
}

impl Calculations {
    /// Reads the calculate fields of `form_data` (the formData object or its JSON text).
    /// Refuses a definition that cannot be read, and one whose calculate fields read each
    /// other in a circle (`formula.cycle`).
    pub fn new(form_data: &Value) -> Result<Calculations, Message> {
        let calcs = with_fields(form_data, |fields| {
            let mut out = Vec::new();
            collect(fields, None, 0, &mut out)?;
            Ok(out)
        })?;
        let reads: Vec<Vec<usize>> = calcs.iter().map(|c| reads(c, &calcs)).collect();
        // Depth-first, dependencies first; a dependency still open is a cycle.
        #[derive(Clone, Copy, PartialEq)]
        enum Mark {
            New,
            Open,
            Done,
        }
        let mut marks = vec![Mark::New; calcs.len()];
        let mut order = Vec::with_capacity(calcs.len());
        for start in 0..calcs.len() {
            if marks[start] != Mark::New {
                continue;
            }
            // An explicit stack (node, next dependency to visit): no recursion depth limit.
            let mut stack = vec![(start, 0usize)];
            marks[start] = Mark::Open;
            while let Some(&mut (node, ref mut next)) = stack.last_mut() {
                if let Some(&dep) = reads[node].get(*next) {
                    *next += 1;
                    match marks[dep] {
                        Mark::Done => {}
                        Mark::Open => {
                            let from = stack.iter().position(|(n, _)| *n == dep).unwrap_or(0);
                            let mut names: Vec<&str> =
                                stack[from..].iter().map(|(n, _)| calcs[*n].shown.as_str()).collect();
                            names.push(calcs[dep].shown.as_str());
                            return Err(cycle(&names, &calcs[dep]));
                        }
                        Mark::New => {
                            marks[dep] = Mark::Open;
                            stack.push((dep, 0));
                        }
                    }
                } else {
                    marks[node] = Mark::Done;
                    order.push(node);
                    stack.pop();
                }
            }
        }
        let mut keys: Vec<String> = Vec::new();
        for c in &calcs {
            let row = c.table.as_deref().map(|table| Row { table, index: 0 });
            let needed = c.formula.as_ref().map(|f| f.needs(row).keys()).unwrap_or_default();
            for key in c.table.iter().chain(std::iter::once(&c.name)).chain(&needed) {
                if !keys.contains(key) {
                    keys.push(key.clone());
                }
            }
        }
        let mut slots: Vec<Option<Calc>> = calcs.into_iter().map(Some).collect();
        Ok(Calculations { ordered: order.into_iter().filter_map(|i| slots[i].take()).collect(), keys })
    }

    /// Every property name a recompute reads or writes, at any depth: the calculate fields,
    /// their sub-tables, and what their formulas read. A record cut down to these names
    /// (`JSON.stringify(record, keys)` in the browser) recomputes to the same changes.
    pub fn keys(&self) -> &[String] {
        &self.keys
    }

    /// No calculate field at all.
    pub fn is_empty(&self) -> bool {
        self.ordered.is_empty()
    }

    /// Computes every calculate field of `record` (main fields and every sub-table row's
    /// cells) from its inputs, writes the values, and answers those that changed. A record
    /// that is no object is left as it is.
    pub fn recompute(&self, record: &mut Value, written: Written) -> Recomputed {
        let mut done = Recomputed::default();
        let Some(object) = record.as_object_mut() else { return done };
        if self.ordered.is_empty() {
            return done;
        }
        // Inputs only: every calculated value the record came with is taken out first.
        let mut before: Vec<(Place, String, Option<Value>)> = Vec::new();
        for c in &self.ordered {
            match &c.table {
                None => before.push((None, c.name.clone(), object.remove(&c.name))),
                Some(t) => {
                    for (i, row) in rows_mut(object, t).enumerate() {
                        before.push((Some((t.clone(), i)), c.name.clone(), row.remove(&c.name)));
                    }
                }
            }
        }
        for c in &self.ordered {
            match &c.table {
                None => {
                    let evaluation = evaluate(c, record, None);
                    let value = write(&evaluation, written, &mut done.warnings);
                    if let Some(o) = record.as_object_mut() {
                        o.insert(c.name.clone(), value);
                    }
                }
                Some(t) => {
                    let count = record.get(t).and_then(Value::as_array).map_or(0, Vec::len);
                    for index in 0..count {
                        let evaluation = evaluate(c, record, Some(Row { table: t, index }));
                        let value = write(&evaluation, written, &mut done.warnings);
                        let cell = record.get_mut(t).and_then(|rows| rows.get_mut(index));
                        if let Some(row) = cell.and_then(Value::as_object_mut) {
                            row.insert(c.name.clone(), value);
                        }
                    }
                }
            }
        }
        let Some(object) = record.as_object() else { return done };
        for (place, name, old) in before {
            let now = match &place {
                None => object.get(&name),
                Some((t, i)) => object.get(t).and_then(|rows| rows.get(*i)).and_then(|r| r.get(&name)),
            };
            let Some(now) = now else { continue };
            if old.as_ref() != Some(now) {
                let (table, row) = place.map_or((None, None), |(t, i)| (Some(t), Some(i)));
                done.changes.push(Change { table, row, name, value: now.clone() });
            }
        }
        done
    }
}

/// Every sub-table row of `table` that is an object.
fn rows_mut<'a>(
    object: &'a mut Map<String, Value>,
    table: &str,
) -> impl Iterator<Item = &'a mut Map<String, Value>> {
    object.get_mut(table).and_then(Value::as_array_mut).into_iter().flatten().filter_map(Value::as_object_mut)
}

fn evaluate(c: &Calc, record: &Value, row: Option<Row>) -> Evaluation {
    match &c.formula {
        Ok(f) => f.evaluate(record, row, c.precision),
        Err(problem) => Evaluation {
            value: crate::formula::format_rounded(Decimal::ZERO, c.precision),
            problem: Some(problem.clone()),
        },
    }
}

fn write(evaluation: &Evaluation, written: Written, warnings: &mut Vec<String>) -> Value {
    if let Some(w) = evaluation.warning() {
        warnings.push(w);
    }
    match written {
        Written::Text => Value::String(evaluation.value.clone()),
        Written::Number => number_value(&evaluation.value),
    }
}

/// Decimal text as a JSON number: whole values as integers (as JavaScript writes them).
fn number_value(text: &str) -> Value {
    let whole = text.split_once('.').is_none_or(|(_, frac)| frac.bytes().all(|b| b == b'0'));
    if whole {
        let int = text.split('.').next().unwrap_or("0");
        if let Ok(i) = int.parse::<i64>() {
            return Value::from(i);
        }
    }
    text.parse::<f64>().ok().and_then(serde_json::Number::from_f64).map_or(Value::Null, Value::Number)
}

/// The calculate fields of a list of fields (containers looked through, a sub-table's
/// columns with their table).
fn collect(fields: &[Value], table: Option<&str>, depth: usize, out: &mut Vec<Calc>) -> Result<(), Message> {
    if depth > MAX_NESTING {
        return Err(definition_error());
    }
    for field in fields.iter().filter(|f| f.is_object()) {
        let config = field.get("__config__");
        let key = config.and_then(|c| c.get("jnpfKey")).and_then(Value::as_str).unwrap_or("");
        let children =
            config.and_then(|c| c.get("children")).and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
        let name = field.get("__vModel__").and_then(Value::as_str).unwrap_or("");
        if key == "table" && table.is_none() && !name.is_empty() {
            collect(children, Some(name), depth + 1, out)?;
        } else if is_layout(key) || (name.is_empty() && !children.is_empty()) {
            collect(children, table, depth + 1, out)?;
        } else if key == "calculate" && !name.is_empty() {
            let label = config.and_then(|c| c.get("label")).and_then(Value::as_str).unwrap_or("").trim();
            out.push(Calc {
                table: table.map(str::to_string),
                name: name.to_string(),
                shown: if label.is_empty() { name.to_string() } else { label.to_string() },
                formula: Formula::parse(setting(field, "expression").unwrap_or(&Value::Null)),
                precision: precision_of(setting(field, "precision").and_then(Value::as_f64)),
            });
        }
    }
    Ok(())
}

/// The calculate fields `c` may read (indexes into `all`).
fn reads(c: &Calc, all: &[Calc]) -> Vec<usize> {
    let Ok(formula) = &c.formula else { return Vec::new() };
    let mut out = Vec::new();
    let mut add = |table: Option<&str>, name: &str| {
        for (i, other) in all.iter().enumerate() {
            if other.table.as_deref() == table && other.name == name && !out.contains(&i) {
                out.push(i);
            }
        }
    };
    for reference in formula.references() {
        match reference {
            Reference::Field(name) => {
                add(None, name);
                if let Some(t) = &c.table {
                    add(Some(t), name);
                }
            }
            Reference::Column { table, column } => {
                add(Some(table), column);
                add(None, &format!("{table}.{column}"));
            }
        }
    }
    out
}

/// None when the calculate fields of `form_data` can be computed, else why not (a cycle, a
/// definition that cannot be read): for the designer and the release check.
pub fn check_calculations(form_data: &Value) -> Option<Message> {
    Calculations::new(form_data).err()
}

/// `record` with every calculate field computed from its inputs, as the server stores it
/// (decimal text); a definition with a cycle is refused.
pub fn recompute_record(form_data: &Value, record: &Value) -> Result<Value, Message> {
    let calculations = Calculations::new(form_data)?;
    let mut out = record.clone();
    calculations.recompute(&mut out, Written::Text);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn calc(name: &str, expression: &str) -> Value {
        json!({"__vModel__": name, "__config__": {"jnpfKey": "calculate", "label": name}, "expression": expression, "precision": 2})
    }

    // The server's form: decimal text with the precision's decimals; a posted value of a later
    // field is never read by an earlier one.
    #[test]
    fn the_server_stores_decimal_text_from_inputs_only() {
        let form = json!({"fields": [calc("balance", "deposit - total"), calc("total", "price × qty")]});
        let record = json!({"deposit": 100, "price": "12.5", "qty": 3, "total": "9999", "balance": "1"});
        let out = recompute_record(&form, &record).unwrap();
        assert_eq!(
            out,
            json!({"deposit": 100, "price": "12.5", "qty": 3, "total": "37.50", "balance": "62.50"})
        );
        // Computing again changes nothing.
        let calculations = Calculations::new(&form).unwrap();
        let mut again = out.clone();
        assert!(calculations.recompute(&mut again, Written::Text).changes.is_empty());
        assert_eq!(again, out);
    }

    #[test]
    fn changes_name_their_place_and_warnings_their_problem() {
        let form = json!({"fields": [{"__vModel__": "t", "__config__": {"jnpfKey": "table", "children": [calc("c", "a ÷ 0")]}}]});
        let calculations = Calculations::new(&form).unwrap();
        let mut record = json!({"t": [{"a": 1, "c": 0}, {"a": 2, "c": 5}]});
        let done = calculations.recompute(&mut record, Written::Number);
        assert_eq!(
            done.changes,
            vec![Change { table: Some("t".into()), row: Some(1), name: "c".into(), value: json!(0) }]
        );
        assert_eq!(done.warnings.len(), 2);
        assert!(done.warnings[0].contains("除数不能为0"));
    }

    #[test]
    fn a_record_cut_to_the_keys_recomputes_the_same() {
        let form = json!({"fields": [calc("sum", "t.c + k"), {"__vModel__": "t", "__config__": {"jnpfKey": "table", "children": [calc("c", "a × 2")]}}]});
        let calculations = Calculations::new(&form).unwrap();
        let mut keys = calculations.keys().to_vec();
        keys.sort();
        assert_eq!(keys, ["a", "c", "k", "sum", "t", "t.c"]);
        let record = json!({"k": 1, "note": "x", "t": [{"a": 1, "photo": [1, 2]}, {"a": 2}], "sum": 0});
        let cut = json!({"k": 1, "t": [{"a": 1}, {"a": 2}], "sum": 0});
        let (mut whole, mut part) = (record.clone(), cut);
        assert_eq!(
            calculations.recompute(&mut whole, Written::Number),
            calculations.recompute(&mut part, Written::Number)
        );
    }

    #[test]
    fn a_cycle_and_a_deep_chain() {
        let form = json!({"fields": [calc("a", "b"), calc("b", "a")]});
        assert_eq!(
            check_calculations(&form).map(|m| m.text),
            Some("计算字段存在循环引用：a → b → a".to_string())
        );
        // A chain of 5000 fields in reverse order: no recursion, one pass.
        let n = 5000;
        let fields: Vec<Value> = (0..n)
            .map(|i| {
                if i + 1 == n {
                    calc(&format!("f{i}"), "x")
                } else {
                    calc(&format!("f{i}"), &format!("f{} + 1", i + 1))
                }
            })
            .collect();
        let out = recompute_record(&json!({"fields": fields}), &json!({"x": 1})).unwrap();
        assert_eq!(out["f0"], json!("5000.00"));
    }
}
