//! The named validation rules of spec 01 §5.1 and jnpf-wire.md ("Named validation patterns"),
//! each with its zh-CN message and a stable key (CONST-010..022).
//!
//! They are hand-written character checks rather than regexes: the JNPF patterns contain
//! nested quantifiers (enCode, e-mail) that backtrack badly on hostile input, and several are
//! looser than the truth. Where Qiming is stricter than the JNPF pattern it says so below and
//! in the vectors (`fixtures/vectors/rules.json`).
//!
//! An empty value passes every named rule: whether a value is required is a separate rule, as
//! in the JNPF client, whose validators skip empty values.

use crate::message::Message;

/// A named rule, by its jnpf-wire.md name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NamedRule {
    Phone,
    Password,
    IdCard,
    Email,
    PlateNumber,
    Chinese,
    EnCode,
    Account,
    FullName,
    NumericCode,
    HalfHour,
    PositiveInt,
    FieldName,
    /// A menu's address: a page path, or a web address whose scheme is http or https — never
    /// `javascript:`, `data:` or another scheme a browser would run or open in place.
    LinkAddress,
}

impl NamedRule {
    pub const ALL: [NamedRule; 14] = [
        NamedRule::Phone,
        NamedRule::Password,
        NamedRule::IdCard,
        NamedRule::Email,
        NamedRule::PlateNumber,
        NamedRule::Chinese,
        NamedRule::EnCode,
        NamedRule::Account,
        NamedRule::FullName,
        NamedRule::NumericCode,
        NamedRule::HalfHour,
        NamedRule::PositiveInt,
        NamedRule::FieldName,
        NamedRule::LinkAddress,
    ];

    /// The rule called `name` in jnpf-wire.md's table (`code` is accepted for enCode, as
    /// spec 01 §5.1 calls it).
    pub fn from_name(name: &str) -> Option<NamedRule> {
        Some(match name {
            "phone" => NamedRule::Phone,
            "password" => NamedRule::Password,
            "idCard" => NamedRule::IdCard,
            "email" => NamedRule::Email,
            "plateNumber" => NamedRule::PlateNumber,
            "chinese" => NamedRule::Chinese,
            "enCode" | "code" => NamedRule::EnCode,
            "account" => NamedRule::Account,
            "fullName" => NamedRule::FullName,
            "numericCode" => NamedRule::NumericCode,
            "halfHour" => NamedRule::HalfHour,
            "positiveInt" => NamedRule::PositiveInt,
            "fieldName" => NamedRule::FieldName,
            "linkAddress" => NamedRule::LinkAddress,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            NamedRule::Phone => "phone",
            NamedRule::Password => "password",
            NamedRule::IdCard => "idCard",
            NamedRule::Email => "email",
            NamedRule::PlateNumber => "plateNumber",
            NamedRule::Chinese => "chinese",
            NamedRule::EnCode => "enCode",
            NamedRule::Account => "account",
            NamedRule::FullName => "fullName",
            NamedRule::NumericCode => "numericCode",
            NamedRule::HalfHour => "halfHour",
            NamedRule::PositiveInt => "positiveInt",
            NamedRule::FieldName => "fieldName",
            NamedRule::LinkAddress => "linkAddress",
        }
    }

    /// The message shown when a value breaks the rule (key `rule.<name>`).
    pub fn message(self) -> Message {
        let (key, text) = match self {
            NamedRule::Phone => ("rule.phone", "请正确输入您的手机号"),
            NamedRule::Password => ("rule.password", "6-16位字符的密码（数字和字母组成）"),
            NamedRule::IdCard => ("rule.idCard", "请正确输入您的身份证号码"),
            NamedRule::Email => ("rule.email", "请正确输入您的邮箱地址"),
            NamedRule::PlateNumber => ("rule.plateNumber", "请正确输入您的车牌号"),
            NamedRule::Chinese => ("rule.chinese", "请正确输入中文"),
            NamedRule::EnCode => ("rule.enCode", "编码只能输入英文、数字和小数点且小数点不能放在首尾"),
            NamedRule::Account => ("rule.account", "只能输入数字英文"),
            NamedRule::FullName => ("rule.fullName", "名称不能含有特殊符号"),
            NamedRule::NumericCode => ("rule.numericCode", "编码只能输入数字"),
            NamedRule::HalfHour => ("rule.halfHour", "时间只能是整数和0.5的倍数"),
            NamedRule::PositiveInt => ("rule.positiveInt", "请输入正整数"),
            NamedRule::FieldName => {
                ("rule.fieldName", "只能输入大小写英文字母、数字、下划线组合，且不能数字、下划线开头")
            }
            NamedRule::LinkAddress => ("rule.linkAddress", "地址只能是页面路径或以http://、https://开头的网址"),
        };
        Message::new(key, text)
    }

    /// True when `value` satisfies the rule. The empty string passes (see the module note).
    pub fn accepts(self, value: &str) -> bool {
        if value.is_empty() {
            return true;
        }
        match self {
            NamedRule::Phone => is_phone(value),
            NamedRule::Password => is_password(value),
            NamedRule::IdCard => is_id_card(value),
            NamedRule::Email => is_email(value),
            NamedRule::PlateNumber => is_plate_number(value),
            NamedRule::Chinese => value.chars().all(is_chinese),
            NamedRule::EnCode => is_en_code(value),
            NamedRule::Account => value.bytes().all(|b| b.is_ascii_alphanumeric()),
            NamedRule::FullName => value.chars().all(|c| is_chinese(c) || c.is_ascii_alphanumeric()),
            NamedRule::NumericCode => value.bytes().all(|b| b.is_ascii_digit()),
            NamedRule::HalfHour => is_half_hour(value),
            NamedRule::PositiveInt => is_positive_int(value),
            NamedRule::FieldName => is_field_name(value),
            NamedRule::LinkAddress => is_link_address(value),
        }
    }

    /// None when `value` passes, else the rule's message.
    pub fn check(self, value: &str) -> Option<Message> {
        (!self.accepts(value)).then(|| self.message())
    }
}

/// A page path or an http(s) address. Browsers drop tabs and line breaks inside an address
/// (`java\tscript:` runs as `javascript:`), so no control character or white space is
/// allowed; a scheme is the text before the first `:` when it has only a scheme's characters
/// and comes before any `/`, `?` or `#`.
fn is_link_address(value: &str) -> bool {
    if value.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return false;
    }
    let end = value.find(['/', '?', '#']).unwrap_or(value.len());
    let Some(colon) = value[..end].find(':') else { return true };
    let scheme = &value[..colon];
    let is_scheme = scheme.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    !is_scheme || scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")
}

/// The names `validate_rule` knows, in jnpf-wire.md's order.
pub fn rule_names() -> Vec<&'static str> {
    NamedRule::ALL.iter().map(|r| r.name()).collect()
}

/// Checks `value` against the rule called `name`: None when valid, else the message. An
/// unknown rule name is answered with a message too (`rule.unknown`), never a panic.
pub fn validate_rule(name: &str, value: &str) -> Option<Message> {
    match NamedRule::from_name(name) {
        Some(rule) => rule.check(value),
        None => Some(unknown_rule(name)),
    }
}

pub(crate) fn unknown_rule(name: &str) -> Message {
    let shown: String = name.chars().take(50).collect();
    Message::new("rule.unknown", format!("未知的校验规则：{shown}")).with("name", shown)
}

/// The barcode draws only text of letters and digits (WGT-097).
pub fn is_barcode_text(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// CJK Unified Ideographs U+4E00..U+9FA5, the range of the JNPF `chinese` pattern.
pub fn is_chinese(c: char) -> bool {
    ('\u{4e00}'..='\u{9fa5}').contains(&c)
}

/// `^1[3456789]\d{9}$` (CONST-010).
fn is_phone(v: &str) -> bool {
    let b = v.as_bytes();
    b.len() == 11
        && b.first() == Some(&b'1')
        && matches!(b.get(1), Some(b'3'..=b'9'))
        && b.iter().all(u8::is_ascii_digit)
}

/// `^(?![0-9]+$)(?![a-zA-Z]+$)[0-9A-Za-z]{6,16}$`: 6-16 letters and digits, both present
/// (the rule of CONST-011; its message is not shown on any screen yet, issue 25).
fn is_password(v: &str) -> bool {
    let b = v.as_bytes();
    (6..=16).contains(&b.len())
        && b.iter().all(u8::is_ascii_alphanumeric)
        && b.iter().any(u8::is_ascii_digit)
        && b.iter().any(u8::is_ascii_alphabetic)
}

/// Letters, digits and dots, starting and ending with a letter or digit (CONST-012). Same
/// language as the JNPF pattern, without its exponential backtracking.
fn is_en_code(v: &str) -> bool {
    let b = v.as_bytes();
    b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'.')
        && b.first().is_some_and(u8::is_ascii_alphanumeric)
        && b.last().is_some_and(u8::is_ascii_alphanumeric)
}

/// `^[1-9]*[1-9][0-9]*$`: digits without a leading zero (CONST-015). Any length: a positive
/// integer is text here, never parsed into a bounded machine integer.
fn is_positive_int(v: &str) -> bool {
    let b = v.as_bytes();
    b.iter().all(u8::is_ascii_digit) && matches!(b.first(), Some(b'1'..=b'9'))
}

/// `^[a-zA-Z]([a-zA-Z0-9_])*$` (CONST-016).
pub(crate) fn is_field_name(v: &str) -> bool {
    let b = v.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
}

/// Whole numbers or multiples of 0.5 (CONST-022): `1`, `2.5`, `0.5`, `3.0`. Stricter than the
/// JNPF pattern, whose unanchored alternatives accept any text ending in `0.5` or `.0`
/// (`abc0.5`); like it, zero itself is not a duration.
fn is_half_hour(v: &str) -> bool {
    let (int, frac) = match v.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (v, None),
    };
    let frac_ok = match frac {
        None => true,
        Some(f) => f == "0" || f == "5",
    };
    if !frac_ok {
        return false;
    }
    if int == "0" {
        return frac == Some("5");
    }
    is_positive_int(int)
}

/// 18-character resident ID (CONST-017): region, a real birth date, sequence, and the
/// ISO 7064 MOD 11-2 check digit of GB 11643 — stricter than the JNPF pattern, which checks
/// only the shape.
fn is_id_card(v: &str) -> bool {
    let b = v.as_bytes();
    if b.len() != 18 || !b.iter().take(17).all(u8::is_ascii_digit) {
        return false;
    }
    if b.first() == Some(&b'0') {
        return false;
    }
    let digits: Vec<u32> = b.iter().take(17).map(|c| u32::from(c - b'0')).collect();
    let num = |from: usize, to: usize| digits.get(from..to).map(|d| d.iter().fold(0, |a, x| a * 10 + x));
    let (Some(year), Some(month), Some(day)) = (num(6, 10), num(10, 12), num(12, 14)) else {
        return false;
    };
    if !(1800..=2199).contains(&year) || !crate::date::is_valid_date(year as i32, month, day) {
        return false;
    }
    const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const CHECK: &[u8; 11] = b"10X98765432";
    let sum: u32 = digits.iter().zip(WEIGHTS).map(|(d, w)| d * w).sum();
    let expected = CHECK.get((sum % 11) as usize).copied();
    let given = b.get(17).map(u8::to_ascii_uppercase);
    expected.is_some() && expected == given
}

/// A practical address check (CONST-018): `local@domain`, the local part letters, digits and
/// `. _ - +` starting and ending with a letter or digit, the domain two or more labels of
/// letters, digits and inner hyphens. Upper case is accepted (the JNPF pattern refuses it
/// although addresses are case-insensitive), and the JNPF pattern's unescaped `.` (any
/// character) between labels is not copied.
fn is_email(v: &str) -> bool {
    if v.len() > 254 {
        return false;
    }
    let Some((local, domain)) = v.rsplit_once('@') else {
        return false;
    };
    let lb = local.as_bytes();
    let local_ok = !lb.is_empty()
        && lb.len() <= 64
        && lb.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-' | b'+'))
        && lb.first().is_some_and(u8::is_ascii_alphanumeric)
        && lb.last().is_some_and(u8::is_ascii_alphanumeric)
        && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            let b = l.as_bytes();
            !b.is_empty()
                && b.len() <= 63
                && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
                && b.first().is_some_and(u8::is_ascii_alphanumeric)
                && b.last().is_some_and(u8::is_ascii_alphanumeric)
        });
    local_ok && domain_ok
}

const PLATE_REGIONS: &str = "京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领";

/// Chinese licence plates (CONST-019): the JNPF 7-character shape (region, letter, four
/// letters or digits, then a letter, digit or 挂学警港澳), plus the 8-character new-energy
/// plates: region, letter, then D/F and five characters (small cars, e.g. 粤AD12345) or five
/// digits and D/F (large vehicles, e.g. 粤A12345D).
fn is_plate_number(v: &str) -> bool {
    let c: Vec<char> = v.chars().collect();
    let upper_or_digit = |ch: &char| ch.is_ascii_uppercase() || ch.is_ascii_digit();
    let head_ok = match (c.first(), c.get(1)) {
        (Some(r), Some(l)) => {
            (PLATE_REGIONS.contains(*r) || r.is_ascii_uppercase()) && l.is_ascii_uppercase()
        }
        _ => false,
    };
    if !head_ok {
        return false;
    }
    let tail = c.get(2..).unwrap_or(&[]);
    match tail {
        [a, b, d, e, last] => {
            [a, b, d, e].into_iter().all(upper_or_digit)
                && (upper_or_digit(last) || "挂学警港澳".contains(*last))
        }
        [first, rest @ ..] if rest.len() == 5 && matches!(first, 'D' | 'F') => {
            rest.first().is_some_and(upper_or_digit) && rest.iter().skip(1).all(char::is_ascii_digit)
        }
        [digits @ .., last] if digits.len() == 5 && matches!(last, 'D' | 'F') => {
            digits.iter().all(char::is_ascii_digit)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // CONST-010..022: every rule answers its own message; the vectors hold the cases.
    #[test]
    fn const_010_to_022_every_rule_has_name_and_message() {
        for rule in NamedRule::ALL {
            assert_eq!(NamedRule::from_name(rule.name()), Some(rule));
            let m = rule.message();
            assert!(m.key.starts_with("rule."));
            assert!(!m.text.is_empty());
            assert!(rule.accepts(""), "{} must let empty pass", rule.name());
        }
    }

    #[test]
    fn unknown_rule_is_a_message() {
        let m = validate_rule("nope", "x").unwrap();
        assert_eq!(m.key, "rule.unknown");
        assert_eq!(m.text, "未知的校验规则：nope");
    }

    #[test]
    fn id_card_check_digit() {
        // GB 11643 sample number.
        assert!(is_id_card("11010519491231002X"));
        assert!(is_id_card("11010519491231002x"));
        assert!(!is_id_card("110105194912310021"));
        assert!(!is_id_card("110105194902300025")); // 30 February
    }
}
