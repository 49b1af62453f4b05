//! Chinese upper-case amounts (大写金额, AMT-001..004, PRINT-003), per jnpf-wire.md, read
//! exactly from the decimal text.
//!
//! Qiming follows the People's Bank of China rule for cheques where JNPF departs from it:
//! when the 角 digit is 0 and a smaller unit is not, 零 follows 元 (1.05 → 壹元零伍分, where
//! JNPF writes 壹元伍分). Everything else is as JNPF: no 元 for a zero integer part, 整 only
//! without a non-zero decimal, 负数 before a negative amount, decimals past the fourth
//! (毫) dropped.

use crate::message::Message;
use crate::number::DecimalText;

/// The most integer digits an amount may have (up to 兆, AMT-001).
pub const MAX_INTEGER_DIGITS: usize = 15;
/// The most decimal places written (角分厘毫, AMT-002); further digits are dropped.
pub const MAX_DECIMALS: usize = 4;

const DIGITS: [&str; 10] = ["零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"];
const IN_GROUP: [&str; 4] = ["", "拾", "佰", "仟"];
const GROUPS: [&str; 4] = ["", "万", "亿", "兆"];
const DECIMAL_UNITS: [&str; 4] = ["角", "分", "厘", "毫"];

/// The overflow message (AMT-003), also the answer for text that is not a number.
pub fn overflow() -> Message {
    Message::new("amount.overflow", "数字较大溢出")
}

/// The amount in Chinese capitals as a calculate field or a print template shows it: the
/// overflow message's text (数字较大溢出, AMT-003) in place of an amount that has more than 15
/// integer digits or is not a number; an empty value answers an empty text.
pub fn to_chinese_amount(value: &str) -> String {
    chinese_amount(value).unwrap_or_else(|overflow| overflow.text)
}

/// The amount in Chinese capitals, or the overflow message when `value` has more than 15
/// integer digits or is not a number. An empty value answers an empty text.
pub fn chinese_amount(value: &str) -> Result<String, Message> {
    if value.trim().is_empty() {
        return Ok(String::new());
    }
    let number = DecimalText::parse(value).ok_or_else(overflow)?;
    if number.int.len() > MAX_INTEGER_DIGITS {
        return Err(overflow());
    }
    let decimals: Vec<usize> =
        number.frac.bytes().take(MAX_DECIMALS).map(|b| usize::from(b - b'0')).collect();
    let has_decimal = decimals.iter().any(|d| *d != 0);
    if number.int.is_empty() && !has_decimal {
        return Ok("零元整".to_string());
    }
    let mut out = String::new();
    if number.negative {
        out.push_str("负数");
    }
    if !number.int.is_empty() {
        write_integer(&number.int, &mut out);
        out.push('元');
        // The PBoC rule: 零 between 元 and a 分/厘/毫 when there are no 角.
        if decimals.first() == Some(&0) && has_decimal {
            out.push('零');
        }
    }
    for (digit, unit) in decimals.iter().zip(DECIMAL_UNITS) {
        if *digit != 0 {
            out.push_str(DIGITS[*digit]);
            out.push_str(unit);
        }
    }
    if !has_decimal {
        out.push('整');
    }
    Ok(out)
}

/// The integer part (1 to 15 digits, no leading zero): one 零 for each run of zeros before a
/// non-zero digit, the group unit (万, 亿, 兆) after each group that is not all zeros.
///
/// A run of zeros that only ends the previous group writes no 零 when this group's thousands
/// digit follows it, as the number is read aloud (jnpf-wire.md): 506307 → 伍拾万陆仟叁佰零柒,
/// 838103000 → 捌亿叁仟捌佰壹拾万叁仟. A run that spans a whole group (100001000 →
/// 壹亿零壹仟) or reaches into this group (100010 → 壹拾万零壹拾) still writes its 零.
fn write_integer(int: &str, out: &mut String) {
    let len = int.len();
    let mut zeros = 0;
    for (i, b) in int.bytes().enumerate() {
        let digit = usize::from(b - b'0');
        let place = len - i - 1;
        let (group, in_group) = (place / 4, place % 4);
        if digit == 0 {
            zeros += 1;
        } else {
            let ends_previous_group_only = in_group == 3 && zeros < 4;
            if zeros > 0 && !ends_previous_group_only {
                out.push('零');
            }
            zeros = 0;
            out.push_str(DIGITS[digit]);
            out.push_str(IN_GROUP[in_group]);
        }
        if in_group == 0 && zeros < 4 {
            out.push_str(GROUPS.get(group).copied().unwrap_or(""));
        }
    }
}

/// The digits an amount in Chinese capitals stands for, as plain decimal text (`壹元零伍分` →
/// `1.05`); None when the text is not such an amount. The inverse of `to_chinese_amount`,
/// used to prove the conversion loses nothing.
pub fn parse_chinese_amount(text: &str) -> Option<String> {
    let (negative, rest) = match text.strip_prefix("负数") {
        Some(r) => (true, r),
        None => (false, text),
    };
    if rest == "零元整" {
        return Some("0".to_string());
    }
    let (int_text, dec_text) = match rest.split_once('元') {
        Some((i, d)) => (i, d),
        None => ("", rest),
    };
    let digit_of = |c: char| DIGITS.iter().position(|d| d.starts_with(c));
    // Integer: sum over groups of (value of group) × 10000^group.
    let mut total: u128 = 0;
    let mut group_value: u128 = 0;
    let mut pending: Option<u128> = None;
    for c in int_text.chars() {
        if let Some(d) = digit_of(c) {
            pending = Some(d as u128);
        } else if let Some(p) = IN_GROUP.iter().position(|u| u.starts_with(c)).filter(|p| *p > 0) {
            group_value = group_value.checked_add(pending.take()? * 10u128.pow(p as u32))?;
        } else if let Some(g) = GROUPS.iter().position(|u| u.starts_with(c)).filter(|g| *g > 0) {
            group_value = group_value.checked_add(pending.take().unwrap_or(0))?;
            total = total.checked_add(group_value.checked_mul(10_000u128.pow(g as u32))?)?;
            group_value = 0;
        } else {
            return None;
        }
    }
    total = total.checked_add(group_value)?.checked_add(pending.unwrap_or(0))?;
    let mut frac = [0u8; MAX_DECIMALS];
    let dec_text = dec_text.strip_suffix('整').unwrap_or(dec_text);
    let dec_text = dec_text.strip_prefix('零').unwrap_or(dec_text);
    let mut chars = dec_text.chars();
    while let Some(c) = chars.next() {
        let d = digit_of(c)?;
        let unit = chars.next()?;
        let place = DECIMAL_UNITS.iter().position(|u| u.starts_with(unit))?;
        frac[place] = d as u8;
    }
    let frac: String = frac.iter().map(|d| char::from(b'0' + d)).collect();
    let frac = frac.trim_end_matches('0');
    let mut out = if negative { "-".to_string() } else { String::new() };
    out.push_str(&total.to_string());
    if !frac.is_empty() {
        out.push('.');
        out.push_str(frac);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cn(v: &str) -> String {
        to_chinese_amount(v)
    }

    // jnpf-wire.md examples; AMT-003/004.
    #[test]
    fn amt_001_to_004_wire_examples() {
        assert_eq!(cn("1"), "壹元整");
        assert_eq!(cn("10"), "壹拾元整");
        assert_eq!(cn("100.5"), "壹佰元伍角");
        assert_eq!(cn("100000000"), "壹亿元整");
        assert_eq!(cn("0.05"), "伍分");
        assert_eq!(cn("100010"), "壹拾万零壹拾元整");
        assert_eq!(cn("-12.3"), "负数壹拾贰元叁角");
        assert_eq!(cn("1001.01"), "壹仟零壹元零壹分");
        assert_eq!(cn("1.05"), "壹元零伍分");
        assert_eq!(cn("0"), "零元整");
        assert_eq!(
            cn("999999999999999.9999"),
            "玖佰玖拾玖兆玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖厘玖毫"
        );
        assert_eq!(cn("1000000000000000"), "数字较大溢出");
        assert_eq!(cn("12a"), "数字较大溢出");
    }

    // jnpf-wire.md: a zero that ends a group writes no 零 before the next group's 仟 digit.
    #[test]
    fn group_ending_zero_before_a_thousands_digit() {
        assert_eq!(cn("506307"), "伍拾万陆仟叁佰零柒元整");
        assert_eq!(cn("838103000"), "捌亿叁仟捌佰壹拾万叁仟元整");
        assert_eq!(cn("100602020"), "壹亿零陆拾万贰仟零贰拾元整");
        assert_eq!(cn("100010"), "壹拾万零壹拾元整");
        // Zeros reaching into the group, or a whole empty group, still write 零.
        assert_eq!(cn("100100"), "壹拾万零壹佰元整");
        assert_eq!(cn("100001000"), "壹亿零壹仟元整");
        assert_eq!(cn("1000001000000"), "壹兆零壹佰万元整");
        assert_eq!(cn("10001000"), "壹仟万壹仟元整");
    }

    #[test]
    fn round_trip_examples() {
        for v in [
            "1",
            "10.5",
            "1001.01",
            "100010",
            "-12.3",
            "0.0005",
            "123456789012345.6789",
            "506307",
            "838103000",
            "100602020",
            "10001000",
        ] {
            assert_eq!(parse_chinese_amount(&cn(v)).as_deref(), Some(v), "{v}");
        }
    }
}
