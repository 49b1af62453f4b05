//! The calculate field's formula (CALC-003..013, jnpf-wire.md "Calculate fields").
//!
//! A formula arrives either as JNPF's flat token list (`["(", {"__vModel__": "price"}, "×",
//! "1", "2", ")"]`: operator strings, single digit or `.` strings that join into one number,
//! field references) or as text (`单价 × 数量`, `{单价}*(1+0.13)`). It is checked once
//! (alternating numbers and operators, starting and ending with a number, balanced brackets)
//! and compiled to postfix, then evaluated any number of times in exact decimal arithmetic —
//! iteratively, so no nesting depth can exhaust the stack.
//!
//! Evaluation never fails: a field value that is not a number counts as 0 (CALC-007); a
//! division by zero, an overflow or a malformed formula makes the whole result 0 and is
//! reported with it as a problem, which the browser logs as a console warning (CALC-005,
//! CALC-013; exact decimals have no NaN — what gives NaN or Infinity in JavaScript is a
//! division by zero here). The result is rounded half away from zero to the precision (0
//! decimals when none is configured, CALC-003) and written with exactly that many decimals.

use crate::message::Message;
use crate::number::{DecimalText, decimal_of};
use rust_decimal::Decimal;
use serde_json::Value;

/// Deepest bracket nesting a formula may have.
pub const MAX_DEPTH: usize = 64;
/// Most tokens a formula may have.
pub const MAX_TOKENS: usize = 10_000;
/// Most decimals a result is written with.
pub const MAX_PRECISION: u32 = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    Add,
    Subtract,
    Multiply,
    Divide,
}

impl Operator {
    fn of(symbol: &str) -> Option<Operator> {
        Some(match symbol {
            "+" | "＋" => Operator::Add,
            "-" | "－" | "−" => Operator::Subtract,
            "×" | "*" => Operator::Multiply,
            "÷" | "/" => Operator::Divide,
            _ => return None,
        })
    }

    /// × and ÷ bind tighter than + and − (CALC-012).
    fn precedence(self) -> u8 {
        match self {
            Operator::Add | Operator::Subtract => 1,
            Operator::Multiply | Operator::Divide => 2,
        }
    }

    fn apply(self, a: Decimal, b: Decimal) -> Result<Decimal, Message> {
        match self {
            Operator::Add => a.checked_add(b),
            Operator::Subtract => a.checked_sub(b),
            Operator::Multiply => a.checked_mul(b),
            Operator::Divide if b.is_zero() => return Err(division_by_zero()),
            Operator::Divide => a.checked_div(b),
        }
        .ok_or_else(overflow)
    }
}

/// What a formula refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reference {
    /// A form field by its `__vModel__`.
    Field(String),
    /// `table.column`: the row's value inside a row of `table`, else the sum over its rows.
    Column { table: String, column: String },
}

impl Reference {
    fn of(name: &str) -> Reference {
        match name.split_once('.') {
            Some((table, column)) if !table.is_empty() && !column.is_empty() => {
                Reference::Column { table: table.to_string(), column: column.to_string() }
            }
            _ => Reference::Field(name.to_string()),
        }
    }
}

/// A lexical token of either form.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(String),
    Reference(String),
    Operator(Operator),
    Open,
    Close,
}

/// A postfix step.
#[derive(Debug, Clone)]
enum Step {
    Number(Decimal),
    Reference(Reference),
    Operator(Operator),
}

/// A checked, compiled formula.
#[derive(Debug, Clone)]
pub struct Formula {
    steps: Vec<Step>,
}

/// The sub-table row a formula is evaluated in, if any.
#[derive(Debug, Clone, Copy)]
pub struct Row<'a> {
    pub table: &'a str,
    pub index: usize,
}

fn error(key: &'static str, text: impl Into<String>) -> Message {
    Message::new(key, text)
}

fn division_by_zero() -> Message {
    error("formula.divisionByZero", "除数不能为0")
}

fn overflow() -> Message {
    error("formula.overflow", "计算结果超出范围")
}

/// A calculate field's value, and the problem that made it 0 if there was one (CALC-013).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// Decimal text with exactly the precision's decimals.
    pub value: String,
    pub problem: Option<Message>,
}

impl Evaluation {
    fn failed(problem: Message, precision: u32) -> Evaluation {
        Evaluation { value: format_rounded(Decimal::ZERO, precision), problem: Some(problem) }
    }

    /// The console warning for the problem (CALC-013): `计算公式出错，结果为0：除数不能为0`.
    pub fn warning(&self) -> Option<String> {
        self.problem.as_ref().map(|p| format!("计算公式出错，结果为0：{}", p.text))
    }
}

/// The precision a caller passes as a JavaScript number, or none: 0 when absent (CALC-003),
/// fractions cut, negative or NaN as 0, at most `MAX_PRECISION`.
pub fn precision_of(precision: Option<f64>) -> u32 {
    let p = precision.map_or(0, crate::number::whole_number);
    p.min(u64::from(MAX_PRECISION)) as u32
}

/// The sub-table row a calculate field sits in, as the browser passes it: `{table, index}`;
/// anything else (null, missing, a negative index) is no row.
pub fn row_of(value: &Value) -> Option<Row<'_>> {
    let table = value.get("table")?.as_str()?;
    let index = usize::try_from(value.get("index")?.as_u64()?).ok()?;
    Some(Row { table, index })
}

impl Formula {
    /// A formula from its JSON form: the token list, or text.
    pub fn parse(expression: &Value) -> Result<Formula, Message> {
        match expression {
            Value::Array(items) => Formula::from_tokens(items),
            Value::String(text) => Formula::from_text(text),
            _ => Err(error("formula.invalid", "公式格式不正确")),
        }
    }

    /// JNPF's token list.
    pub fn from_tokens(items: &[Value]) -> Result<Formula, Message> {
        if items.len() > MAX_TOKENS {
            return Err(too_long());
        }
        let mut tokens = Vec::with_capacity(items.len());
        let mut number = String::new();
        for item in items {
            let symbol = match item {
                Value::String(s) => Some(s.trim().to_string()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            };
            if let Some(s) = &symbol
                && !s.is_empty()
                && s.chars().all(|c| c.is_ascii_digit() || c == '.')
            {
                number.push_str(s);
                continue;
            }
            if !number.is_empty() {
                tokens.push(Token::Number(std::mem::take(&mut number)));
            }
            tokens.push(match (item, symbol) {
                (_, Some(s)) => symbol_token(&s)?,
                (Value::Object(o), None) => match o.get("__vModel__").and_then(Value::as_str) {
                    Some(name) if !name.is_empty() => Token::Reference(name.to_string()),
                    _ => return Err(error("formula.field", "公式中的字段缺少字段名")),
                },
                _ => return Err(error("formula.invalid", "公式格式不正确")),
            });
        }
        if !number.is_empty() {
            tokens.push(Token::Number(number));
        }
        Formula::compile(tokens)
    }

    /// The text form: numbers, `+ - × ÷ * /`, brackets, and field names (`price`,
    /// `单价`, `table.column`, or anything inside `{…}`).
    pub fn from_text(text: &str) -> Result<Formula, Message> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() > MAX_TOKENS * 4 {
            return Err(too_long());
        }
        let mut tokens = Vec::new();
        let mut i = 0;
        while let Some(&c) = chars.get(i) {
            if c.is_whitespace() {
                i += 1;
            } else if c.is_ascii_digit() || c == '.' {
                let start = i;
                while chars.get(i).is_some_and(|c| c.is_ascii_digit() || *c == '.') {
                    i += 1;
                }
                tokens.push(Token::Number(chars[start..i].iter().collect()));
            } else if c == '{' {
                let close = chars[i..].iter().position(|c| *c == '}');
                let Some(close) = close else {
                    return Err(error("formula.brace", "字段名缺少右花括号 }"));
                };
                let name: String = chars[i + 1..i + close].iter().collect();
                if name.trim().is_empty() {
                    return Err(error("formula.field", "公式中的字段缺少字段名"));
                }
                tokens.push(Token::Reference(name.trim().to_string()));
                i += close + 1;
            } else if is_symbol(c) {
                tokens.push(symbol_token(&c.to_string())?);
                i += 1;
            } else if is_name_char(c) {
                let start = i;
                while chars.get(i).is_some_and(|c| is_name_char(*c)) {
                    i += 1;
                }
                tokens.push(Token::Reference(chars[start..i].iter().collect()));
            } else {
                // `%`, `^`, an emoji…: a clear message rather than a field of that name.
                return Err(unknown_symbol(&c.to_string()));
            }
            if tokens.len() > MAX_TOKENS {
                return Err(too_long());
            }
        }
        Formula::compile(tokens)
    }

    /// Checks the token order (CALC-009/010) and converts to postfix (shunting-yard).
    fn compile(tokens: Vec<Token>) -> Result<Formula, Message> {
        if tokens.is_empty() {
            return Err(error("formula.empty", "公式不能为空"));
        }
        let mut steps = Vec::with_capacity(tokens.len());
        // Operators and open brackets (None) waiting for their operands.
        let mut pending: Vec<Option<Operator>> = Vec::new();
        let mut depth = 0usize;
        let mut expect_operand = true;
        for token in tokens {
            match token {
                Token::Number(text) | Token::Reference(text) if !expect_operand => {
                    return Err(error("formula.alternate", "数字和运算符必须交替出现").with("token", text));
                }
                Token::Number(text) => {
                    let value = crate::number::decimal_of_text(&text).ok_or_else(|| {
                        error("formula.number", format!("数字格式不正确：{text}")).with("token", text)
                    })?;
                    steps.push(Step::Number(value));
                    expect_operand = false;
                }
                Token::Reference(name) => {
                    steps.push(Step::Reference(Reference::of(&name)));
                    expect_operand = false;
                }
                Token::Operator(_) if expect_operand => {
                    return Err(error("formula.operator", "运算符前后必须是数字或字段"));
                }
                Token::Operator(op) => {
                    while let Some(Some(top)) = pending.last() {
                        if top.precedence() < op.precedence() {
                            break;
                        }
                        steps.push(Step::Operator(*top));
                        pending.pop();
                    }
                    pending.push(Some(op));
                    expect_operand = true;
                }
                Token::Open if !expect_operand => {
                    return Err(error("formula.alternate", "数字和运算符必须交替出现").with("token", "("));
                }
                Token::Open => {
                    depth += 1;
                    if depth > MAX_DEPTH {
                        return Err(error("formula.depth", format!("括号嵌套不能超过{MAX_DEPTH}层"))
                            .with("max", MAX_DEPTH));
                    }
                    pending.push(None);
                }
                Token::Close if expect_operand => {
                    return Err(error("formula.operator", "运算符前后必须是数字或字段"));
                }
                Token::Close => {
                    depth = depth.checked_sub(1).ok_or_else(unbalanced)?;
                    while let Some(Some(op)) = pending.last() {
                        steps.push(Step::Operator(*op));
                        pending.pop();
                    }
                    pending.pop();
                }
            }
        }
        if expect_operand {
            return Err(error("formula.operator", "运算符前后必须是数字或字段"));
        }
        if depth != 0 {
            return Err(unbalanced());
        }
        while let Some(Some(op)) = pending.pop() {
            steps.push(Step::Operator(op));
        }
        Ok(Formula { steps })
    }

    /// The fields and columns the formula reads, in order of appearance.
    pub fn references(&self) -> impl Iterator<Item = &Reference> {
        self.steps.iter().filter_map(|s| match s {
            Step::Reference(r) => Some(r),
            _ => None,
        })
    }

    /// Every field and sub-table column the formula may read when evaluated in `row`
    /// (mirrors `resolve`).
    pub fn needs(&self, row: Option<Row>) -> Needs {
        let mut needs = Needs::default();
        for reference in self.references() {
            match reference {
                Reference::Field(name) => {
                    needs.field(name);
                    if let Some(r) = row {
                        needs.column(r.table, name);
                    }
                }
                Reference::Column { table, column } => {
                    needs.column(table, column);
                    needs.field(&format!("{table}.{column}"));
                }
            }
        }
        needs
    }

    /// The exact result, or why there is none (a division by zero, an overflow).
    pub fn value(&self, data: &dyn FormulaData, row: Option<Row>) -> Result<Decimal, Message> {
        let malformed = || error("formula.invalid", "公式格式不正确");
        let mut stack: Vec<Decimal> = Vec::with_capacity(8);
        for step in &self.steps {
            let value = match step {
                Step::Number(n) => *n,
                Step::Reference(r) => resolve(r, data, row)?,
                Step::Operator(op) => {
                    let b = stack.pop().ok_or_else(malformed)?;
                    let a = stack.pop().ok_or_else(malformed)?;
                    op.apply(a, b)?
                }
            };
            stack.push(value);
        }
        stack.pop().ok_or_else(malformed)
    }

    /// The result as text rounded to `precision` decimals (at most `MAX_PRECISION`); "0" (with
    /// `precision` zeros) and the problem when the calculation fails.
    pub fn evaluate(&self, data: &dyn FormulaData, row: Option<Row>, precision: u32) -> Evaluation {
        match self.value(data, row) {
            Ok(value) => Evaluation { value: format_rounded(value, precision), problem: None },
            Err(problem) => Evaluation::failed(problem, precision),
        }
    }

    /// `evaluate` over form data that arrives as JSON text, asked for once the property
    /// names the formula reads are known (`Needs::keys`): the browser hands over only those
    /// (`JSON.stringify(data, keys)`), and only the cells the formula reads are kept.
    pub fn evaluate_json(
        &self,
        data_json: impl FnOnce(&[String]) -> String,
        row: Option<Row>,
        precision: u32,
    ) -> Evaluation {
        let needs = self.needs(row);
        let text = data_json(&needs.keys());
        self.evaluate(&Snapshot::from_json_text(needs, &text), row, precision)
    }
}

/// `value` rounded half away from zero and written with exactly `precision` decimals.
pub fn format_rounded(value: Decimal, precision: u32) -> String {
    let text = value.to_string();
    DecimalText::parse(&text)
        .map(|d| d.round(precision.min(MAX_PRECISION) as usize).to_plain())
        .unwrap_or_else(|| "0".to_string())
}

/// Where a formula reads its values, as numbers (anything that is not a number is 0,
/// CALC-007): the whole form data natively; in the browser a `Snapshot` holding only the
/// cells the formula refers to.
pub trait FormulaData {
    /// A form field's value; None when the field is absent.
    fn field(&self, name: &str) -> Option<Decimal>;
    /// Calls `each` with the `column` cell of every row of sub-table `table`; false when
    /// `table` is not a list.
    fn each_cell(&self, table: &str, column: &str, each: &mut dyn FnMut(Decimal)) -> bool;
    /// The `column` cell of row `index` (0 past the end); None when `table` is not a list.
    fn cell(&self, table: &str, index: usize, column: &str) -> Option<Decimal>;
}

impl FormulaData for Value {
    fn field(&self, name: &str) -> Option<Decimal> {
        self.get(name).map(|v| number(Some(v)))
    }
    fn each_cell(&self, table: &str, column: &str, each: &mut dyn FnMut(Decimal)) -> bool {
        let Some(rows) = self.get(table).and_then(Value::as_array) else { return false };
        for row in rows {
            each(number(row.get(column)));
        }
        true
    }
    fn cell(&self, table: &str, index: usize, column: &str) -> Option<Decimal> {
        let rows = self.get(table)?.as_array()?;
        Some(number(rows.get(index).and_then(|r| r.get(column))))
    }
}

/// What a formula reads from form data: fields by name and, per sub-table, columns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Needs {
    pub fields: Vec<String>,
    pub tables: Vec<(String, Vec<String>)>,
}

impl Needs {
    fn field(&mut self, name: &str) {
        if !self.fields.iter().any(|f| f == name) {
            self.fields.push(name.to_string());
        }
    }

    fn column(&mut self, table: &str, column: &str) {
        match self.tables.iter_mut().find(|(t, _)| t == table) {
            Some((_, columns)) if columns.iter().any(|c| c == column) => {}
            Some((_, columns)) => columns.push(column.to_string()),
            None => self.tables.push((table.to_string(), vec![column.to_string()])),
        }
    }

    /// Every property name these needs read, at any depth (fields, sub-tables, columns): the
    /// property list for `JSON.stringify(data, keys)`.
    pub fn keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = self.fields.clone();
        for (table, columns) in &self.tables {
            for name in std::iter::once(table).chain(columns) {
                if !keys.contains(name) {
                    keys.push(name.clone());
                }
            }
        }
        keys
    }
}

/// Form data cut down to a formula's `Needs`, read straight from JSON text without building
/// the document: each needed field's number (None when absent), and per needed sub-table its
/// rows as the numbers of the needed columns, in their order (None when it is not a list).
#[derive(Debug, Clone)]
pub struct Snapshot {
    needs: Needs,
    fields: Vec<Option<Decimal>>,
    tables: Vec<Option<Vec<Vec<Decimal>>>>,
}

impl Snapshot {
    /// Reads `text` (form data as JSON; anything else, or broken JSON, reads as no data).
    pub fn from_json_text(needs: Needs, text: &str) -> Snapshot {
        let mut snapshot = Snapshot {
            fields: vec![None; needs.fields.len()],
            tables: vec![None; needs.tables.len()],
            needs,
        };
        let mut reader = serde_json::Deserializer::from_str(text);
        if serde::de::DeserializeSeed::deserialize(snapshot_read::Top(&mut snapshot), &mut reader).is_err() {
            snapshot.fields.fill(None);
            snapshot.tables.fill(None);
        }
        snapshot
    }

    fn table(&self, table: &str) -> Option<(&Vec<Vec<Decimal>>, &[String])> {
        let i = self.needs.tables.iter().position(|(t, _)| t == table)?;
        let rows = self.tables.get(i)?.as_ref()?;
        Some((rows, self.needs.tables.get(i).map(|(_, c)| c.as_slice()).unwrap_or(&[])))
    }
}

impl FormulaData for Snapshot {
    fn field(&self, name: &str) -> Option<Decimal> {
        let i = self.needs.fields.iter().position(|f| f == name)?;
        *self.fields.get(i)?
    }
    fn each_cell(&self, table: &str, column: &str, each: &mut dyn FnMut(Decimal)) -> bool {
        let Some((rows, columns)) = self.table(table) else { return false };
        let c = columns.iter().position(|x| x == column);
        for row in rows {
            each(c.and_then(|c| row.get(c).copied()).unwrap_or(Decimal::ZERO));
        }
        true
    }
    fn cell(&self, table: &str, index: usize, column: &str) -> Option<Decimal> {
        let (rows, columns) = self.table(table)?;
        let c = columns.iter().position(|x| x == column);
        Some(c.and_then(|c| rows.get(index)?.get(c).copied()).unwrap_or(Decimal::ZERO))
    }
}

/// The streaming reader behind `Snapshot::from_json_text`: property names are compared
/// without being copied, and what no formula reads is skipped.
mod snapshot_read {
    use super::Snapshot;
    use crate::number::{decimal_of, decimal_of_f64, decimal_of_text};
    use rust_decimal::Decimal;
    use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
    use serde_json::Value;
    use std::fmt;

    /// The position of a property name in a list, without copying the name.
    struct Position<'n>(&'n [String]);

    impl<'de> DeserializeSeed<'de> for Position<'_> {
        type Value = Option<usize>;
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<usize>, D::Error> {
            d.deserialize_str(self)
        }
    }

    impl<'de> Visitor<'de> for Position<'_> {
        type Value = Option<usize>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a property name")
        }
        fn visit_str<E>(self, name: &str) -> Result<Option<usize>, E> {
            Ok(self.0.iter().position(|n| n == name))
        }
    }

    /// A value as a formula reads it: a number, numeric text, or (anything else) 0.
    struct Number;

    impl<'de> DeserializeSeed<'de> for Number {
        type Value = Decimal;
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Decimal, D::Error> {
            d.deserialize_any(self)
        }
    }

    impl<'de> Visitor<'de> for Number {
        type Value = Decimal;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a value")
        }
        fn visit_i64<E>(self, n: i64) -> Result<Decimal, E> {
            Ok(Decimal::from(n))
        }
        fn visit_u64<E>(self, n: u64) -> Result<Decimal, E> {
            Ok(Decimal::from(n))
        }
        fn visit_f64<E>(self, n: f64) -> Result<Decimal, E> {
            Ok(decimal_of_f64(n).unwrap_or(Decimal::ZERO))
        }
        fn visit_str<E>(self, text: &str) -> Result<Decimal, E> {
            Ok(decimal_of_text(text).unwrap_or(Decimal::ZERO))
        }
        fn visit_bool<E>(self, _: bool) -> Result<Decimal, E> {
            Ok(Decimal::ZERO)
        }
        fn visit_unit<E>(self) -> Result<Decimal, E> {
            Ok(Decimal::ZERO)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Decimal, A::Error> {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok(Decimal::ZERO)
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Decimal, A::Error> {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            Ok(Decimal::ZERO)
        }
    }

    /// The whole form data: an object, or (anything else) no data.
    pub(super) struct Top<'s>(pub &'s mut Snapshot);

    impl<'de> DeserializeSeed<'de> for Top<'_> {
        type Value = ();
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
            d.deserialize_any(self)
        }
    }

    impl<'de> Visitor<'de> for Top<'_> {
        type Value = ();
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("form data")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            let snapshot = self.0;
            let names: Vec<String> = snapshot
                .needs
                .fields
                .iter()
                .chain(snapshot.needs.tables.iter().map(|(t, _)| t))
                .cloned()
                .collect();
            while let Some(found) = map.next_key_seed(Position(&names))? {
                let Some(i) = found else {
                    map.next_value::<IgnoredAny>()?;
                    continue;
                };
                let name = &names[i];
                let field = snapshot.needs.fields.iter().position(|f| f == name);
                let table = snapshot.needs.tables.iter().position(|(t, _)| t == name);
                match (field, table) {
                    (Some(f), None) => snapshot.fields[f] = Some(map.next_value_seed(Number)?),
                    (None, Some(t)) => {
                        let columns = &snapshot.needs.tables[t].1;
                        snapshot.tables[t] = map.next_value_seed(Rows(columns))?;
                    }
                    // Read both as a field and as a sub-table (rare): read it whole.
                    _ => {
                        let value: Value = map.next_value()?;
                        if let Some(f) = field {
                            snapshot.fields[f] = Some(decimal_of(&value).unwrap_or(Decimal::ZERO));
                        }
                        if let Some(t) = table {
                            snapshot.tables[t] = rows_of(&value, &snapshot.needs.tables[t].1);
                        }
                    }
                }
            }
            Ok(())
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok(())
        }
        fn visit_bool<E>(self, _: bool) -> Result<(), E> {
            Ok(())
        }
        fn visit_i64<E>(self, _: i64) -> Result<(), E> {
            Ok(())
        }
        fn visit_u64<E>(self, _: u64) -> Result<(), E> {
            Ok(())
        }
        fn visit_f64<E>(self, _: f64) -> Result<(), E> {
            Ok(())
        }
        fn visit_str<E>(self, _: &str) -> Result<(), E> {
            Ok(())
        }
        fn visit_unit<E>(self) -> Result<(), E> {
            Ok(())
        }
    }

    /// A value already read whole, as rows of the needed columns (None: not a list).
    fn rows_of(value: &Value, columns: &[String]) -> Option<Vec<Vec<Decimal>>> {
        let rows = value.as_array()?;
        let cell = |row: &Value, c: &String| row.get(c).and_then(decimal_of).unwrap_or(Decimal::ZERO);
        Some(rows.iter().map(|row| columns.iter().map(|c| cell(row, c)).collect()).collect())
    }

    /// A sub-table's value: a list of rows, or (anything else) not a sub-table.
    struct Rows<'c>(&'c [String]);

    impl<'de> DeserializeSeed<'de> for Rows<'_> {
        type Value = Option<Vec<Vec<Decimal>>>;
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            d.deserialize_any(self)
        }
    }

    impl<'de> Visitor<'de> for Rows<'_> {
        type Value = Option<Vec<Vec<Decimal>>>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a sub-table")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut rows = Vec::with_capacity(seq.size_hint().unwrap_or(0));
            while let Some(row) = seq.next_element_seed(Row(self.0))? {
                rows.push(row);
            }
            Ok(Some(rows))
        }
        fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            Ok(None)
        }
    }

    /// One row: the needed columns' numbers (0 when absent, or when the row is no object).
    struct Row<'c>(&'c [String]);

    impl<'de> DeserializeSeed<'de> for Row<'_> {
        type Value = Vec<Decimal>;
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<Decimal>, D::Error> {
            d.deserialize_any(self)
        }
    }

    impl<'de> Visitor<'de> for Row<'_> {
        type Value = Vec<Decimal>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a row")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<Decimal>, A::Error> {
            let mut cells = vec![Decimal::ZERO; self.0.len()];
            while let Some(found) = map.next_key_seed(Position(self.0))? {
                match found {
                    Some(c) => cells[c] = map.next_value_seed(Number)?,
                    None => {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
            }
            Ok(cells)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Decimal>, A::Error> {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok(vec![Decimal::ZERO; self.0.len()])
        }
        fn visit_bool<E>(self, _: bool) -> Result<Vec<Decimal>, E> {
            Ok(vec![Decimal::ZERO; self.0.len()])
        }
        fn visit_i64<E>(self, _: i64) -> Result<Vec<Decimal>, E> {
            Ok(vec![Decimal::ZERO; self.0.len()])
        }
        fn visit_u64<E>(self, _: u64) -> Result<Vec<Decimal>, E> {
            Ok(vec![Decimal::ZERO; self.0.len()])
        }
        fn visit_f64<E>(self, _: f64) -> Result<Vec<Decimal>, E> {
            Ok(vec![Decimal::ZERO; self.0.len()])
        }
        fn visit_str<E>(self, _: &str) -> Result<Vec<Decimal>, E> {
            Ok(vec![Decimal::ZERO; self.0.len()])
        }
        fn visit_unit<E>(self) -> Result<Vec<Decimal>, E> {
            Ok(vec![Decimal::ZERO; self.0.len()])
        }
    }
}

/// A value as a number; anything that is not one counts as 0 (CALC-007).
fn number(value: Option<&Value>) -> Decimal {
    value.and_then(decimal_of).unwrap_or(Decimal::ZERO)
}

/// A field's value; an error only when a column sum overflows.
fn resolve(reference: &Reference, data: &dyn FormulaData, row: Option<Row>) -> Result<Decimal, Message> {
    match reference {
        Reference::Field(name) => Ok(match (data.field(name), row) {
            // Inside a row, a bare column name is the row's own cell.
            (None, Some(r)) => data.cell(r.table, r.index, name).unwrap_or(Decimal::ZERO),
            (v, _) => v.unwrap_or(Decimal::ZERO),
        }),
        Reference::Column { table, column } => match row {
            Some(r) if r.table == table => match data.cell(table, r.index, column) {
                Some(v) => Ok(v),
                None => Ok(data.field(&format!("{table}.{column}")).unwrap_or(Decimal::ZERO)),
            },
            _ => {
                let mut sum = Some(Decimal::ZERO);
                let is_table = data.each_cell(table, column, &mut |v| {
                    sum = sum.and_then(|s| s.checked_add(v));
                });
                if is_table {
                    sum.ok_or_else(overflow)
                } else {
                    // Not a sub-table: a field whose name holds a dot.
                    Ok(data.field(&format!("{table}.{column}")).unwrap_or(Decimal::ZERO))
                }
            }
        },
    }
}

/// A bare field name in the text form: letters of any script (单价), digits, `_`, and `.`
/// between a sub-table and its column. Anything else needs `{…}`.
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '.'
}

fn is_symbol(c: char) -> bool {
    matches!(c, '+' | '-' | '×' | '÷' | '*' | '/' | '(' | ')' | '（' | '）' | '＋' | '－' | '−')
}

fn symbol_token(symbol: &str) -> Result<Token, Message> {
    match symbol {
        "(" | "（" => Ok(Token::Open),
        ")" | "）" => Ok(Token::Close),
        s => Operator::of(s).map(Token::Operator).ok_or_else(|| unknown_symbol(s)),
    }
}

fn unknown_symbol(s: &str) -> Message {
    let shown: String = s.chars().take(20).collect();
    error("formula.symbol", format!("无法识别的符号：{shown}")).with("token", shown)
}

fn unbalanced() -> Message {
    error("formula.brackets", "括号不匹配")
}

fn too_long() -> Message {
    error("formula.length", format!("公式过长，最多{MAX_TOKENS}项")).with("max", MAX_TOKENS)
}

/// None when `expression` is a well-formed formula, else why not (for the form designer).
pub fn check_formula(expression: &Value) -> Option<Message> {
    Formula::parse(expression).err()
}

/// The designer's check of a calculate field in its form: well formed, and every field it
/// names exists in `form_data` and is a numInput or calculate field (jnpf-wire.md).
pub fn check_formula_in_form(expression: &Value, form_data: &Value) -> Option<Message> {
    let formula = match Formula::parse(expression) {
        Ok(f) => f,
        Err(m) => return Some(m),
    };
    let operands = match crate::form::formula_operands(form_data) {
        Ok(o) => o,
        Err(m) => return Some(m),
    };
    formula.references().find_map(|reference| {
        let name = match reference {
            Reference::Field(name) => name.clone(),
            Reference::Column { table, column } => format!("{table}.{column}"),
        };
        let shown: String = name.chars().take(50).collect();
        match operands.iter().find(|(n, _)| *n == name) {
            None => Some(
                error("formula.unknownField", format!("公式中的字段不存在：{shown}")).with("field", shown),
            ),
            Some((_, false)) => Some(
                error("formula.fieldType", format!("只能引用数字输入或计算公式字段：{shown}"))
                    .with("field", shown),
            ),
            Some((_, true)) => None,
        }
    })
}

/// Evaluates `expression` over the form `data` (CALC-003..013): a malformed formula, like any
/// failed calculation, gives 0 and says why.
pub fn evaluate_formula(
    expression: &Value,
    data: &dyn FormulaData,
    row: Option<Row>,
    precision: u32,
) -> Evaluation {
    match Formula::parse(expression) {
        Ok(f) => f.evaluate(data, row, precision),
        Err(problem) => Evaluation::failed(problem, precision),
    }
}

/// `evaluate_formula` over form data as JSON text, asked for once the property names the
/// formula reads are known (see `Formula::evaluate_json`); the browser's `evaluateFormula`.
pub fn evaluate_formula_json(
    expression: &Value,
    data_json: impl FnOnce(&[String]) -> String,
    row: Option<Row>,
    precision: u32,
) -> Evaluation {
    match Formula::parse(expression) {
        Ok(f) => f.evaluate_json(data_json, row, precision),
        Err(problem) => Evaluation::failed(problem, precision),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn eval(expr: Value, data: Value, precision: u32) -> String {
        evaluate_formula(&expr, &data, None, precision).value
    }

    // CALC-012: precedence; CALC-010: brackets; CALC-011: the four operators.
    #[test]
    fn calc_010_to_012_precedence_and_brackets() {
        assert_eq!(eval(json!("2 + 3 × 4"), json!({}), 0), "14");
        assert_eq!(eval(json!("(2 + 3) × 4"), json!({}), 0), "20");
        assert_eq!(eval(json!("10 - 4 - 3"), json!({}), 0), "3");
        assert_eq!(eval(json!("100 ÷ 10 ÷ 5"), json!({}), 0), "2");
        assert_eq!(eval(json!(["(", "1", ".", "5", "+", "2", ")", "×", "2"]), json!({}), 2), "7.00");
    }

    // Exact decimals: 0.1 + 0.2 is 0.3, not 0.30000000000000004.
    #[test]
    fn exact_decimal() {
        assert_eq!(eval(json!("0.1 + 0.2"), json!({}), 20), "0.30000000000000000000");
        assert_eq!(eval(json!("a + b"), json!({"a": 0.1, "b": 0.2}), 17), "0.30000000000000000");
    }

    // CALC-008: sums at form level, row value inside a row.
    #[test]
    fn calc_008_columns() {
        let data = json!({"t": [{"p": 2, "q": 3}, {"p": "4", "q": 5}], "rate": "0.5"});
        let f = Formula::from_text("t.p × t.q").unwrap();
        // Form level: each column is summed first, (2 + 4) × (3 + 5).
        assert_eq!(f.evaluate(&data, None, 0).value, "48");
        assert_eq!(f.evaluate(&data, Some(Row { table: "t", index: 1 }), 0).value, "20");
        let f =
            Formula::from_tokens(&[json!({"__vModel__": "t.p"}), json!("×"), json!({"__vModel__": "rate"})])
                .unwrap();
        assert_eq!(f.evaluate(&data, None, 2).value, "3.00");
    }

    /// JSON.stringify(value, keys): only the listed property names, at every depth.
    pub(crate) fn only_keys(value: &Value, keys: &[String]) -> Value {
        match value {
            Value::Object(map) => Value::Object(
                map.iter()
                    .filter(|(k, _)| keys.contains(k))
                    .map(|(k, v)| (k.clone(), only_keys(v, keys)))
                    .collect(),
            ),
            Value::Array(items) => Value::Array(items.iter().map(|v| only_keys(v, keys)).collect()),
            other => other.clone(),
        }
    }

    // The browser hands over the form data as JSON text with only the names the formula
    // reads (JSON.stringify with `Needs::keys`), read by `Snapshot`: the answer is the same as
    // over the whole data.
    #[test]
    fn json_text_answers_like_the_data() {
        let data = json!({"t": [{"p": 2, "q": 3, "x": 9}, {"p": "4"}, 7, [1], null], "rate": "0.5", "x.y": 3,
                          "s": "no table", "p": {"p": 100}, "other": [1, 2], "q\"x": 5, "u": {"v": 1}, "w": [{"p": 8}],
                          "ww": 3});
        for text in
            ["t.p × t.q + rate", "p × q", "x.y + s.k", "rate × missing", "{q\"x} + w.p + w", "u.v + t"]
        {
            let f = Formula::from_text(text).unwrap();
            for row in [
                None,
                Some(Row { table: "t", index: 0 }),
                Some(Row { table: "t", index: 1 }),
                Some(Row { table: "w", index: 0 }),
            ] {
                let want = f.evaluate(&data, row, 2);
                let keys = f.needs(row).keys();
                assert!(!keys.contains(&"other".to_string()));
                let cut = f.evaluate_json(|k| only_keys(&data, k).to_string(), row, 2);
                assert_eq!(cut, want, "{text} {row:?}");
                // The whole data as JSON reads the same too.
                assert_eq!(f.evaluate_json(|_| data.to_string(), row, 2), want, "{text} {row:?}");
            }
        }
        let f = Formula::from_text("a + 1").unwrap();
        for broken in ["", "{", "[1, 2]", "\"a\"", "{\"a\": 1,}"] {
            assert_eq!(f.evaluate_json(|_| broken.to_string(), None, 0).value, "1", "{broken}");
        }
    }

    // CALC-005, CALC-007, CALC-013: failures give 0, and say why; invalid values are 0
    // without a problem.
    #[test]
    fn calc_005_007_013_zero() {
        let problem = |e: Value, data: Value| evaluate_formula(&e, &data, None, 2).problem.map(|m| m.key);
        assert_eq!(eval(json!("a + 1"), json!({"a": "abc"}), 0), "1");
        assert_eq!(problem(json!("a + 1"), json!({"a": "abc"})), None);
        assert_eq!(eval(json!("5 ÷ 0"), json!({}), 2), "0.00");
        assert_eq!(problem(json!("5 ÷ 0"), json!({})), Some("formula.divisionByZero"));
        assert_eq!(eval(json!("5 ÷ a"), json!({}), 0), "0");
        assert_eq!(eval(json!("1 +"), json!({}), 0), "0");
        assert_eq!(problem(json!("1 +"), json!({})), Some("formula.operator"));
        let huge = "9".repeat(28);
        assert_eq!(problem(json!("a × a"), json!({"a": huge})), Some("formula.overflow"));
        let rows: Vec<Value> = (0..9).map(|_| json!({"p": huge})).collect();
        assert_eq!(problem(json!("t.p"), json!({"t": rows})), Some("formula.overflow"));
        let failed = evaluate_formula(&json!("5 ÷ 0"), &json!({}), None, 0);
        assert_eq!(failed.warning().as_deref(), Some("计算公式出错，结果为0：除数不能为0"));
        assert_eq!(evaluate_formula(&json!("1 + 1"), &json!({}), None, 0).warning(), None);
    }

    #[test]
    fn arguments_as_the_browser_passes_them() {
        assert_eq!(precision_of(None), 0);
        assert_eq!(precision_of(Some(2.9)), 2);
        assert_eq!(precision_of(Some(-1.0)), 0);
        assert_eq!(precision_of(Some(1e9)), MAX_PRECISION);
        assert_eq!(row_of(&json!({"table": "t", "index": 2})).map(|r| (r.table, r.index)), Some(("t", 2)));
        assert!(row_of(&json!({"table": "t", "index": -1})).is_none());
        assert!(row_of(&Value::Null).is_none());
    }

    // CALC-009: syntax.
    #[test]
    fn calc_009_syntax() {
        let key = |e: Value| check_formula(&e).map(|m| m.key);
        assert_eq!(key(json!("")), Some("formula.empty"));
        assert_eq!(key(json!("1 2")), Some("formula.alternate"));
        assert_eq!(key(json!("+1")), Some("formula.operator"));
        assert_eq!(key(json!("(1")), Some("formula.brackets"));
        assert_eq!(key(json!("1)")), Some("formula.brackets"));
        assert_eq!(key(json!("()")), Some("formula.operator"));
        assert_eq!(key(json!("1.2.3")), Some("formula.number"));
        assert_eq!(key(json!(["1", "%", "2"])), Some("formula.symbol"));
        let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
        assert_eq!(key(json!(deep)), Some("formula.length"));
        let deep = format!("{}1{}", "(".repeat(65), ")".repeat(65));
        assert_eq!(key(json!(deep)), Some("formula.depth"));
        assert_eq!(key(json!("单价 × 数量")), None);
    }
}
