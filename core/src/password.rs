//! The password policy of spec 01 §3.10 / §5.6, checked on the plain text the user typed.
//!
//! The web runs this as the user types the new password; the server runs it again on
//! ModifyPassword / ResetPassword before it stores anything.

use crate::message::Message;
use serde::{Deserialize, Deserializer, Serialize};

/// System-config fields that make up the password policy (JNPF names; flags are 0/1).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PasswordPolicy {
    /// 1 turns the strength rules on (AUTH-027).
    #[serde(deserialize_with = "flag")]
    pub password_strength_limit: u8,
    /// 1 enforces `password_length_min_number` as the minimum length.
    #[serde(deserialize_with = "flag")]
    pub password_length_min: u8,
    #[serde(deserialize_with = "number")]
    pub password_length_min_number: u32,
    #[serde(deserialize_with = "flag")]
    pub contains_numbers: u8,
    #[serde(deserialize_with = "flag")]
    pub include_lowercase_letters: u8,
    #[serde(deserialize_with = "flag")]
    pub include_uppercase_letters: u8,
    #[serde(deserialize_with = "flag")]
    pub contains_characters: u8,
    /// 1 forces users whose changePasswordDate is null to change it at sign-in (AUTH-022).
    #[serde(deserialize_with = "flag")]
    pub mandatory_modification_of_initial_password: u8,
}

impl Default for PasswordPolicy {
    fn default() -> Self {
        PasswordPolicy {
            password_strength_limit: 0,
            password_length_min: 1,
            password_length_min_number: 6,
            contains_numbers: 1,
            include_lowercase_letters: 1,
            include_uppercase_letters: 0,
            contains_characters: 0,
            mandatory_modification_of_initial_password: 1,
        }
    }
}

/// Every way `password` breaks `policy`, in the order the spec lists them; empty when it
/// passes. With the strength limit off nothing is checked but non-emptiness.
pub fn check_password(policy: &PasswordPolicy, password: &str) -> Vec<Message> {
    let mut out = Vec::new();
    if password.is_empty() {
        out.push(Message::new("password.required", "请输入新密码"));
        return out;
    }
    if policy.password_strength_limit != 1 {
        return out;
    }
    let len = password.chars().count() as u32;
    if policy.password_length_min == 1 && len < policy.password_length_min_number {
        let n = policy.password_length_min_number;
        out.push(Message::new("password.lengthMin", format!("新密码长度不能小于{n}位")).with("n", n));
    }
    if policy.contains_numbers == 1 && !password.chars().any(|c| c.is_ascii_digit()) {
        out.push(Message::new("password.number", "新密码必须包含数字"));
    }
    if policy.include_lowercase_letters == 1 && !password.chars().any(|c| c.is_ascii_lowercase()) {
        out.push(Message::new("password.lower", "新密码必须包含小写字母"));
    }
    if policy.include_uppercase_letters == 1 && !password.chars().any(|c| c.is_ascii_uppercase()) {
        out.push(Message::new("password.upper", "新密码必须包含大写字母"));
    }
    if policy.contains_characters == 1 && !password.chars().any(is_special) {
        out.push(Message::new("password.special", "新密码必须包含特殊字符"));
    }
    out
}

/// A special character: printable ASCII that is neither a letter, a digit nor a space.
fn is_special(c: char) -> bool {
    c.is_ascii_punctuation()
}

/// The repeat-password rule (AUTH-033/034).
pub fn check_repeat(password: &str, repeat: &str) -> Option<Message> {
    if repeat.is_empty() {
        Some(Message::new("password.repeatRequired", "请输入重复密码"))
    } else if password != repeat {
        Some(Message::new("password.mismatch", "两次密码输入不一致"))
    } else {
        None
    }
}

/// Accepts 0/1, true/false, "0"/"1" and null (→ 0): config values arrive in all of them.
pub(crate) fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    Ok(match serde_json::Value::deserialize(d)? {
        serde_json::Value::Bool(b) => b as u8,
        serde_json::Value::Number(n) => (n.as_f64().unwrap_or(0.0) != 0.0) as u8,
        serde_json::Value::String(s) => matches!(s.trim(), "1" | "true") as u8,
        _ => 0,
    })
}

pub(crate) fn number<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    Ok(match serde_json::Value::deserialize(d)? {
        serde_json::Value::Number(n) => n.as_f64().map(|f| f.clamp(0.0, 1024.0) as u32).unwrap_or(0),
        serde_json::Value::String(s) => s.trim().parse::<u32>().unwrap_or(0).min(1024),
        _ => 0,
    })
}

/// Where a password stands under the periodic change (passwordIsUpdatedRegularly): set at
/// `set_at_ms`, it must be changed `cycle_days` later; `advance_days` before that the user is
/// reminded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordAge {
    /// Not due and not yet within the reminder.
    Current,
    /// Due in this many days (1 = within the next 24 hours), within the reminder.
    DueIn(i64),
    /// The cycle is over: the password must be changed before anything else.
    Overdue,
}

const DAY_MS: i64 = 24 * 3600 * 1000;

/// The age of a password set at `set_at_ms`, as of `now_ms`.
pub fn password_age(set_at_ms: i64, now_ms: i64, cycle_days: i64, advance_days: i64) -> PasswordAge {
    let due = set_at_ms.saturating_add(cycle_days.max(1).saturating_mul(DAY_MS));
    if now_ms >= due {
        return PasswordAge::Overdue;
    }
    let days_left = (due - now_ms + DAY_MS - 1) / DAY_MS;
    if days_left <= advance_days.max(0) { PasswordAge::DueIn(days_left) } else { PasswordAge::Current }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strict() -> PasswordPolicy {
        PasswordPolicy {
            password_strength_limit: 1,
            password_length_min: 1,
            password_length_min_number: 8,
            contains_numbers: 1,
            include_lowercase_letters: 1,
            include_uppercase_letters: 1,
            contains_characters: 1,
            mandatory_modification_of_initial_password: 1,
        }
    }

    // AUTH-027: rules apply only when passwordStrengthLimit is 1.
    #[test]
    fn auth_027_strength_off_checks_nothing() {
        let p = PasswordPolicy { password_strength_limit: 0, ..strict() };
        assert!(check_password(&p, "a").is_empty());
    }

    // AUTH-028..032
    #[test]
    fn auth_028_to_032_each_rule() {
        let keys = |pw: &str| check_password(&strict(), pw).iter().map(|m| m.key).collect::<Vec<_>>();
        assert_eq!(keys("Ab1!"), vec!["password.lengthMin"]);
        assert_eq!(check_password(&strict(), "Ab1!")[0].text, "新密码长度不能小于8位");
        assert_eq!(keys("Abcdefg!"), vec!["password.number"]);
        assert_eq!(keys("ABCDEF1!"), vec!["password.lower"]);
        assert_eq!(keys("abcdef1!"), vec!["password.upper"]);
        assert_eq!(keys("Abcdef12"), vec!["password.special"]);
        assert!(keys("Abcdef1!").is_empty());
    }

    #[test]
    fn policy_reads_any_flag_shape() {
        let p: PasswordPolicy = serde_json::from_value(serde_json::json!({
            "passwordStrengthLimit": "1", "passwordLengthMin": true,
            "passwordLengthMinNumber": "10", "containsNumbers": 1, "includeLowercaseLetters": null
        }))
        .unwrap();
        assert_eq!(p.password_strength_limit, 1);
        assert_eq!(p.password_length_min, 1);
        assert_eq!(p.password_length_min_number, 10);
        assert_eq!(p.contains_numbers, 1);
        assert_eq!(p.include_lowercase_letters, 0);
    }

    // AUTH-033/034
    #[test]
    fn auth_033_034_repeat() {
        assert_eq!(check_repeat("a", "").unwrap().key, "password.repeatRequired");
        assert_eq!(check_repeat("a", "b").unwrap().text, "两次密码输入不一致");
        assert!(check_repeat("a", "a").is_none());
    }

    #[test]
    fn periodic_change_is_due_after_the_cycle_and_reminded_before() {
        let day = 24 * 3600 * 1000;
        assert_eq!(password_age(0, 0, 90, 7), PasswordAge::Current);
        assert_eq!(password_age(0, 83 * day - 1, 90, 7), PasswordAge::Current);
        assert_eq!(password_age(0, 83 * day, 90, 7), PasswordAge::DueIn(7));
        assert_eq!(password_age(0, 90 * day - 1, 90, 7), PasswordAge::DueIn(1));
        assert_eq!(password_age(0, 90 * day, 90, 7), PasswordAge::Overdue);
        assert_eq!(password_age(0, 89 * day, 90, 0), PasswordAge::Current, "no reminder");
    }
}
