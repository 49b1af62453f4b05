//! Serial-number (bill) rules: the live example of the rule dialog (BILL-005, BILL-021) and
//! the next number the server issues (`BillRule/BillNumber/{enCode}`), per jnpf-wire.md:
//! prefix + date in the rule's format + the sequence left-padded with zeros to `digit`
//! characters, keeping the rightmost `digit` (XS + 20240115 + 00001).
//!
//! The date is always passed in; nothing here reads the clock.

use crate::date::DateTime;
use crate::message::{FieldErrors, Message};
use serde_json::Value;

/// The digit input takes one character (BILL-017): widths 1 to 9.
pub const MAX_DIGIT: usize = 9;

/// The date part of a serial number (BILL-003).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateFormat {
    YearMonthDay,
    YearMonth,
    Year,
    None,
}

impl DateFormat {
    pub fn from_name(name: &str) -> Option<DateFormat> {
        Some(match name {
            "yyyyMMdd" => DateFormat::YearMonthDay,
            "yyyyMM" => DateFormat::YearMonth,
            "yyyy" => DateFormat::Year,
            "no" => DateFormat::None,
            _ => return None,
        })
    }

    fn pattern(self) -> &'static str {
        match self {
            DateFormat::YearMonthDay => "yyyyMMdd",
            DateFormat::YearMonth => "yyyyMM",
            DateFormat::Year => "yyyy",
            DateFormat::None => "",
        }
    }
}

/// A checked serial-number rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SerialRule {
    pub prefix: String,
    pub date_format: DateFormat,
    /// Width of the sequence, 1..=9.
    pub digit: usize,
    /// The start number as typed: digits, not all zeros.
    pub start_number: String,
}

/// Text of a JSON value that may be a string or a number; "" for null/missing.
fn text_of(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

fn add(errors: &mut FieldErrors, field: &str, message: Message) {
    errors.entry(field.to_string()).or_default().push(message);
}

/// The startNumber rules (BILL-018..020): required, digits only, not all zeros.
pub fn check_start_number(start: &str) -> Option<Message> {
    if start.is_empty() {
        Some(Message::new("billRule.startNumberRequired", "请输入流水起始"))
    } else if !start.bytes().all(|b| b.is_ascii_digit()) {
        Some(Message::new("billRule.startNumberDigits", "只能输入数字"))
    } else if start.bytes().all(|b| b == b'0') {
        let shown: String = start.chars().take(50).collect();
        Some(Message::new("billRule.startNumberZero", format!("流水起始不能为{shown}")).with("value", shown))
    } else {
        None
    }
}

/// The digit rules (BILL-015..017): required, a positive integer of one character.
pub fn check_digit(digit: &str) -> Option<Message> {
    if digit.is_empty() {
        Some(Message::new("billRule.digitRequired", "请输入流水位数"))
    } else if !crate::rules::NamedRule::PositiveInt.accepts(digit) {
        Some(Message::new("billRule.digitPositive", "仅能输入正整数"))
    } else if digit.len() > 1 {
        Some(Message::new("billRule.digitMax", format!("流水位数不能超过{MAX_DIGIT}")).with("max", MAX_DIGIT))
    } else {
        None
    }
}

impl SerialRule {
    /// Reads `{prefix, dateFormat, digit, startNumber}` (digit and startNumber as numbers or
    /// text). Errors are per field, with the rule dialog's messages; `prefix` is required only
    /// when `require_prefix` (the dialog requires it, BILL-013; a preview does not).
    pub fn from_json(rule: &Value, require_prefix: bool) -> Result<SerialRule, FieldErrors> {
        let mut errors = FieldErrors::new();
        let prefix = text_of(rule.get("prefix"));
        if require_prefix && prefix.is_empty() {
            add(&mut errors, "prefix", Message::new("billRule.prefixRequired", "请输入流水前缀"));
        }
        let format_name = text_of(rule.get("dateFormat"));
        let date_format = DateFormat::from_name(&format_name);
        if format_name.is_empty() {
            add(
                &mut errors,
                "dateFormat",
                Message::new("billRule.dateFormatRequired", "请输入选择流水日期格式"),
            );
        } else if date_format.is_none() {
            add(
                &mut errors,
                "dateFormat",
                Message::new("billRule.dateFormatInvalid", "流水日期格式只能是yyyyMMdd、yyyyMM、yyyy或no"),
            );
        }
        let digit = text_of(rule.get("digit"));
        if let Some(m) = check_digit(&digit) {
            add(&mut errors, "digit", m);
        }
        let start_number = text_of(rule.get("startNumber"));
        if let Some(m) = check_start_number(&start_number) {
            add(&mut errors, "startNumber", m);
        }
        match (errors.is_empty(), date_format, digit.parse::<usize>()) {
            (true, Some(date_format), Ok(digit)) => {
                Ok(SerialRule { prefix, date_format, digit, start_number })
            }
            _ => Err(errors),
        }
    }

    /// `number` left-padded with zeros to the width, keeping the rightmost `digit` characters
    /// (BILL-021).
    fn fit(&self, number: &str) -> String {
        let padded = format!("{number:0>width$}", width = self.digit);
        padded[padded.len() - self.digit..].to_string()
    }

    fn head(&self, date: &DateTime) -> String {
        format!("{}{}", self.prefix, date.format(self.date_format.pattern()))
    }

    /// The example the dialog shows, i.e. the first number the rule issues on `date`.
    pub fn preview(&self, date: &DateTime) -> String {
        self.head(date) + &self.fit(&self.start_number)
    }

    /// The number after `last_issued` on `date`. Numbering starts over at the start number when
    /// nothing was issued yet, when the date part changed (a new day, month or year), when
    /// the last number does not follow this rule any more, or when the sequence would outgrow
    /// the width; a start number raised above the last issued one takes effect at once.
    pub fn next_after(&self, last_issued: Option<&str>, date: &DateTime) -> String {
        let head = self.head(date);
        let start = self.fit(&self.start_number);
        let sequence = last_issued
            .and_then(|last| last.strip_prefix(head.as_str()))
            .filter(|rest| rest.len() == self.digit && rest.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|rest| rest.parse::<u64>().ok());
        let next = match sequence {
            Some(n) => {
                let next = n + 1;
                let limit = 10u64.pow(self.digit as u32);
                let start_value = start.parse::<u64>().unwrap_or(1);
                if next >= limit { start } else { self.fit(&next.max(start_value).to_string()) }
            }
            None => start,
        };
        head + &next
    }
}

/// The rule dialog's messages per field (prefix required, BILL-013; date format, digit,
/// start number); empty when the rule is usable.
pub fn check_serial_rule(rule: &Value) -> FieldErrors {
    SerialRule::from_json(rule, true).err().unwrap_or_default()
}

/// The live example for a rule as the dialog holds it, on `date` (`yyyy-MM-dd`); empty while
/// the rule or the date cannot make one (`check_serial_rule` says why).
pub fn serial_preview(rule: &Value, date: &str) -> String {
    serial_result(rule, date, |rule, date| rule.preview(date)).unwrap_or_default()
}

/// The number after `last_issued` (None when none was issued) on `date`, as the dialog
/// shows it; empty when the rule or the date cannot make one. (The server issues numbers
/// with `SerialRule::from_json` and `next_after`, which say why not.)
pub fn serial_next(rule: &Value, last_issued: Option<&str>, date: &str) -> String {
    serial_result(rule, date, |rule, date| rule.next_after(last_issued, date)).unwrap_or_default()
}

fn serial_result(
    rule: &Value,
    date: &str,
    make: impl FnOnce(&SerialRule, &DateTime) -> String,
) -> Result<String, FieldErrors> {
    let rule = SerialRule::from_json(rule, false)?;
    let date = parse_date(date)?;
    Ok(make(&rule, &date))
}

fn parse_date(date: &str) -> Result<DateTime, FieldErrors> {
    DateTime::parse(date).ok_or_else(|| {
        let mut e = FieldErrors::new();
        add(&mut e, "date", Message::new("date.invalid", "日期格式不正确"));
        e
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    // jnpf-wire.md example; BILL-021.
    #[test]
    fn bill_021_preview() {
        let rule = json!({"prefix": "XS", "dateFormat": "yyyyMMdd", "digit": 5, "startNumber": "1"});
        assert_eq!(serial_preview(&rule, "2024-01-15"), "XS2024011500001");
        let rule = json!({"prefix": "A", "dateFormat": "no", "digit": "3", "startNumber": "123456"});
        assert_eq!(serial_preview(&rule, "2024-01-15"), "A456");
        assert_eq!(serial_preview(&json!({"prefix": "A"}), "2024-01-15"), "");
    }

    #[test]
    fn next_numbers() {
        let rule = json!({"prefix": "XS", "dateFormat": "yyyyMMdd", "digit": 2, "startNumber": "1"});
        let next = |last: Option<&str>, date: &str| serial_next(&rule, last, date);
        assert_eq!(next(None, "2024-01-15"), "XS2024011501");
        assert_eq!(next(Some("XS2024011501"), "2024-01-15"), "XS2024011502");
        assert_eq!(next(Some("XS2024011599"), "2024-01-15"), "XS2024011501");
        assert_eq!(next(Some("XS2024011407"), "2024-01-15"), "XS2024011501");
    }

    // BILL-018..020
    #[test]
    fn bill_018_to_020_start_number() {
        assert_eq!(check_start_number("000").unwrap().text, "流水起始不能为000");
        assert_eq!(check_start_number("12a").unwrap().text, "只能输入数字");
        assert_eq!(check_start_number("").unwrap().key, "billRule.startNumberRequired");
        assert!(check_start_number("0001").is_none());
    }
}
