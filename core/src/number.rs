//! Numbers as decimal text: money and form numbers are read and rounded digit by digit, never
//! through a binary float.

use rust_decimal::Decimal;

/// A finite decimal number split into its digits: `-0012.340` → negative, "12", "340".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecimalText {
    pub negative: bool,
    /// Integer digits without leading zeros ("" for zero).
    pub int: String,
    /// Fraction digits as written (trailing zeros kept).
    pub frac: String,
}

impl DecimalText {
    /// Reads `[+-]digits[.digits]` (either side of the point may be empty, not both),
    /// surrounding whitespace ignored. None for anything else: letters, exponents, separators.
    pub fn parse(text: &str) -> Option<DecimalText> {
        let text = text.trim();
        let (negative, unsigned) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        let (int, frac) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if (int.is_empty() && frac.is_empty()) || !digits(int) || !digits(frac) {
            return None;
        }
        Some(DecimalText { negative, int: int.trim_start_matches('0').to_string(), frac: frac.to_string() })
    }

    pub fn is_zero(&self) -> bool {
        self.int.is_empty() && self.frac.bytes().all(|b| b == b'0')
    }

    /// Rounded half away from zero to `places` fraction digits (padding with zeros).
    pub fn round(&self, places: usize) -> DecimalText {
        let mut frac: Vec<u8> = self.frac.bytes().collect();
        frac.resize(frac.len().max(places), b'0');
        let round_up = frac.get(places).is_some_and(|d| *d >= b'5');
        frac.truncate(places);
        let mut digits: Vec<u8> = self.int.bytes().chain(frac).collect();
        if round_up {
            let mut carry = true;
            for d in digits.iter_mut().rev() {
                if *d == b'9' {
                    *d = b'0';
                } else {
                    *d += 1;
                    carry = false;
                    break;
                }
            }
            if carry {
                digits.insert(0, b'1');
            }
        }
        let split = digits.len() - places;
        let int = String::from_utf8_lossy(&digits[..split]).trim_start_matches('0').to_string();
        let frac = String::from_utf8_lossy(&digits[split..]).to_string();
        let mut out = DecimalText { negative: self.negative, int, frac };
        if out.is_zero() {
            out.negative = false;
        }
        out
    }

    /// The number as plain text: `-12.34`, `0.5`, `7`.
    pub fn to_plain(&self) -> String {
        let mut s = String::new();
        if self.negative && !self.is_zero() {
            s.push('-');
        }
        s.push_str(if self.int.is_empty() { "0" } else { &self.int });
        if !self.frac.is_empty() {
            s.push('.');
            s.push_str(&self.frac);
        }
        s
    }
}

/// Largest fraction width `thousands` writes; the number of decimals comes from templates and
/// column settings, and must not size an allocation by itself.
pub const MAX_DECIMALS: u32 = 20;

/// 千位分隔符(x,n) of the print spec and the list's thousands columns (AMT-005, PRINT-004):
/// `x` rounded half away from zero to `n` decimals with `,` between groups of three integer
/// digits; the text as it was when it is not a number. `n` above `MAX_DECIMALS` counts as
/// `MAX_DECIMALS`.
pub fn thousands(value: &str, decimals: u64) -> String {
    let places = decimals.min(u64::from(MAX_DECIMALS)) as usize;
    match DecimalText::parse(value) {
        Some(number) => grouped(&number.round(places), places),
        None => value.to_string(),
    }
}

/// A form number as the form and the detail view show it (numInput, calculate, amount):
/// `precision` decimals, rounded half away from zero on the decimal digits (1.005 → 1.01,
/// -1.005 → -1.01; never through a binary float), or the digits as they are when no
/// precision is set; with `thousands`, `,` between groups of three integer digits. An empty
/// value (null, "") is ""; text that is no number comes back as it was. `precision` above
/// `MAX_DECIMALS` counts as `MAX_DECIMALS`.
pub fn format_number(value: &serde_json::Value, precision: Option<u32>, thousands: bool) -> String {
    use serde_json::Value;
    let text = match value {
        Value::Null => return String::new(),
        Value::String(s) => s.clone(),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.to_string(),
            (_, Some(u), _) => u.to_string(),
            (_, _, Some(f)) => f.to_string(),
            _ => n.to_string(),
        },
        Value::Bool(b) => b.to_string(),
        _ => return String::new(),
    };
    let Some(number) = DecimalText::parse(&text) else { return text };
    let places = precision.map(|p| p.min(MAX_DECIMALS) as usize);
    let shown = match places {
        Some(p) => number.round(p),
        // Without a precision the digits stay as written (without leading zeros).
        None => number.round(number.frac.len()),
    };
    let places = places.unwrap_or(shown.frac.len());
    if thousands { grouped(&shown, places) } else { shown.to_plain() }
}

/// The 合计 of a list column (columnData showSummary / summaryField; jnpf-wire-engine.md §4.1):
/// the exact decimal sum of the values that are numbers (JSON numbers and numeric text; an
/// empty or non-numeric value counts nothing), shown to two decimals rounded half away from
/// zero, with thousands separators when the column has them. A sum beyond `Decimal`'s range
/// leaves out the value that would overflow it.
pub fn summary(values: &[serde_json::Value], thousands: bool) -> String {
    let sum = values.iter().filter_map(decimal_of).fold(Decimal::ZERO, |sum, d| sum.checked_add(d).unwrap_or(sum));
    format_number(&serde_json::Value::String(sum.normalize().to_string()), Some(2), thousands)
}

/// A precision that arrives as a JavaScript number, or none: fractions cut, negative or NaN
/// as 0, at most `MAX_DECIMALS`.
pub fn precision_arg(precision: Option<f64>) -> Option<u32> {
    precision.map(|p| whole_number(p).min(u64::from(MAX_DECIMALS)) as u32)
}

fn grouped(rounded: &DecimalText, places: usize) -> String {
    let int = if rounded.int.is_empty() { "0" } else { rounded.int.as_str() };
    let mut out = String::with_capacity(int.len() * 4 / 3 + places + 2);
    if rounded.negative {
        out.push('-');
    }
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if places > 0 {
        out.push('.');
        out.push_str(&rounded.frac);
    }
    out
}

/// A count or a size in bytes that arrives as a JavaScript number (files already in a
/// widget, `File.size`, rows to import): fractions are cut; NaN, infinities and negative
/// numbers count as 0. Every WASM export that takes such a number reads it through this.
pub fn whole_number(n: f64) -> u64 {
    if n.is_finite() && n > 0.0 { n as u64 } else { 0 }
}

/// `whole_number` as a count of things in memory.
pub fn count(n: f64) -> usize {
    usize::try_from(whole_number(n)).unwrap_or(usize::MAX)
}

/// A form value as an exact decimal: JSON numbers through their shortest decimal text
/// (0.1 stays 0.1), numeric strings as written. None for anything else, or a number beyond
/// the range of `Decimal` (about 7.9 × 10²⁸).
pub fn decimal_of(value: &serde_json::Value) -> Option<Decimal> {
    match value {
        serde_json::Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Some(Decimal::from(i))
            } else if let Some(u) = n.as_u64() {
                Some(Decimal::from(u))
            } else {
                decimal_of_f64(n.as_f64()?)
            }
        }
        serde_json::Value::String(s) => decimal_of_text(s),
        _ => None,
    }
}

/// A binary float as the decimal it was written as: its shortest round-trip text (0.1 → 0.1),
/// as JavaScript shows it. None for NaN, infinities and numbers beyond `Decimal`'s range.
pub fn decimal_of_f64(f: f64) -> Option<Decimal> {
    if !f.is_finite() {
        return None;
    }
    if f.fract() == 0.0 && f.abs() < 9_007_199_254_740_992.0 {
        return Some(Decimal::from(f as i64));
    }
    decimal_of_text(&f.to_string())
}

/// Decimal text (see `DecimalText::parse`) as a `Decimal`; None when unreadable or too large.
/// Digits beyond `Decimal`'s 28 are rounded away, as a calculation cannot use them.
pub fn decimal_of_text(text: &str) -> Option<Decimal> {
    if let Some(fast) = small_decimal(text) {
        return Some(fast);
    }
    let d = DecimalText::parse(text)?;
    if d.int.len() > 28 {
        return None;
    }
    let room = 28 - d.int.len();
    let trimmed = if d.frac.len() > room { d.round(room) } else { d };
    trimmed.to_plain().parse::<Decimal>().ok()
}

/// The common case without allocating: up to 28 digits in all, read straight into the
/// mantissa. None for anything else (the general path then decides).
fn small_decimal(text: &str) -> Option<Decimal> {
    let text = text.trim();
    let (negative, unsigned) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let mut mantissa: i128 = 0;
    let (mut digits, mut scale, mut seen_point) = (0u32, 0u32, false);
    for b in unsigned.bytes() {
        match b {
            b'0'..=b'9' => {
                if mantissa != 0 || b != b'0' {
                    digits += 1;
                }
                if digits > 28 {
                    return None;
                }
                mantissa = mantissa * 10 + i128::from(b - b'0');
                scale += u32::from(seen_point);
            }
            b'.' if !seen_point => seen_point = true,
            _ => return None,
        }
    }
    // At least one digit: "." and "" are not numbers.
    if unsigned.len() == usize::from(seen_point) || scale > 28 {
        return None;
    }
    Decimal::try_from_i128_with_scale(if negative { -mantissa } else { mantissa }, scale).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_round() {
        let d = DecimalText::parse(" -0012.340 ").unwrap();
        assert_eq!((d.negative, d.int.as_str(), d.frac.as_str()), (true, "12", "340"));
        assert!(DecimalText::parse("1e5").is_none());
        assert!(DecimalText::parse(".").is_none());
        assert!(DecimalText::parse("1,000").is_none());
        assert_eq!(DecimalText::parse(".5").unwrap().round(0).to_plain(), "1");
        assert_eq!(DecimalText::parse("9.995").unwrap().round(2).to_plain(), "10.00");
        assert_eq!(DecimalText::parse("-0.004").unwrap().round(2).to_plain(), "0.00");
    }

    #[test]
    fn amt_005_thousands() {
        assert_eq!(thousands("1234567.891", 2), "1,234,567.89");
        assert_eq!(thousands("999.995", 2), "1,000.00");
        assert_eq!(thousands("-1234", 0), "-1,234");
        assert_eq!(thousands("abc", 2), "abc");
    }

    #[test]
    fn form_numbers() {
        use serde_json::json;
        assert_eq!(format_number(&json!(1.005), Some(2), false), "1.01");
        assert_eq!(format_number(&json!(-1.005), Some(2), false), "-1.01");
        assert_eq!(format_number(&json!("1234567.891"), Some(2), true), "1,234,567.89");
        assert_eq!(format_number(&json!(2.5), Some(0), false), "3");
        assert_eq!(format_number(&json!(1234.5), None, true), "1,234.5");
        assert_eq!(format_number(&json!(12), None, false), "12");
        assert_eq!(format_number(&json!(null), Some(2), true), "");
        assert_eq!(format_number(&json!(""), Some(2), true), "");
        assert_eq!(format_number(&json!("abc"), Some(2), true), "abc");
        assert_eq!(precision_arg(Some(2.9)), Some(2));
        assert_eq!(precision_arg(None), None);
    }

    #[test]
    fn javascript_numbers_as_counts() {
        assert_eq!(whole_number(3.9), 3);
        assert_eq!(whole_number(-1.0), 0);
        assert_eq!(whole_number(f64::NAN), 0);
        assert_eq!(whole_number(f64::INFINITY), 0);
        assert_eq!(whole_number(1e300), u64::MAX);
        assert_eq!(count(501.0), 501);
    }

    #[test]
    fn decimals_of_values() {
        use serde_json::json;
        assert_eq!(decimal_of(&json!(0.1)).unwrap().to_string(), "0.1");
        assert_eq!(decimal_of(&json!("2.50")).unwrap().to_string(), "2.50");
        assert_eq!(decimal_of(&json!(1e300)), None);
        assert_eq!(decimal_of(&json!(true)), None);
        assert_eq!(decimal_of(&json!(-7)).unwrap().to_string(), "-7");
        for (text, want) in [
            ("12.50", Some("12.50")),
            ("-.5", Some("-0.5")),
            ("5.", Some("5")),
            (" +3 ", Some("3")),
            (".", None),
            ("", None),
            ("-", None),
            ("1.2.3", None),
            ("0.000000000000000000000000000001", Some("0.0000000000000000000000000000")),
            ("00000000000000000000000000000001", Some("1")),
        ] {
            assert_eq!(decimal_of_text(text).map(|d| d.to_string()).as_deref(), want, "{text}");
        }
    }
}
