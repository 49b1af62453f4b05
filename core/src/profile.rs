//! The profile form (个人信息, PROF-003): the limits and rules of its editable text fields,
//! written once. The form reads them through WASM (`baseInfoFields`, `checkBaseInfo`) for its
//! input lengths and instant checks; the server checks what the form sends with the same
//! function before it saves anything.
//!
//! A save changes only the fields it sends (PATCH meaning), so only the fields present are
//! checked.

use crate::message::{FieldErrors, Message};
use crate::rules::NamedRule;
use serde::Serialize;
use serde_json::{Map, Value};

/// One editable text field of the profile form. Serialised (for the web) as
/// `{name, maxLength, required, rule}`, `rule` being the rule's name or null.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BaseInfoField {
    /// The wire name (JNPF's BaseInfo field), e.g. `mobilePhone`.
    pub name: &'static str,
    /// Most characters (Unicode scalar values) after trimming; also the column's size.
    #[serde(rename = "maxLength")]
    pub max_chars: usize,
    /// Must not be empty when sent.
    pub required: bool,
    /// The named rule a non-empty value must pass.
    #[serde(serialize_with = "rule_name")]
    pub rule: Option<crate::rules::NamedRule>,
}

fn rule_name<S: serde::Serializer>(rule: &Option<NamedRule>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_some(&rule.map(NamedRule::name))
}

const fn field(name: &'static str, max_chars: usize) -> BaseInfoField {
    BaseInfoField { name, max_chars, required: false, rule: None }
}

/// The profile form's editable text fields, in the form's order of the wire (birthday, a
/// timestamp, is not text and not listed).
pub const BASE_INFO_FIELDS: &[BaseInfoField] = &[
    BaseInfoField { name: "realName", max_chars: 50, required: true, rule: None },
    field("gender", 20),
    field("nation", 50),
    field("nativePlace", 50),
    field("certificatesType", 50),
    field("certificatesNumber", 50),
    field("education", 50),
    field("telePhone", 20),
    field("landline", 20),
    BaseInfoField { name: "mobilePhone", max_chars: 20, required: false, rule: Some(NamedRule::Phone) },
    BaseInfoField { name: "email", max_chars: 100, required: false, rule: Some(NamedRule::Email) },
    field("urgentContacts", 50),
    field("urgentTelePhone", 20),
    field("postalAddress", 200),
    field("signature", 500),
];

/// The text a sent value stands for, trimmed: a string as it is, a number as its decimal
/// text, null as empty, anything else as its JSON text.
fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.trim().to_string(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Text longer than `max` characters: 最多{max}个字符.
fn too_long(max: usize) -> Message {
    Message::new("field.maxChars", format!("最多{max}个字符")).with("max", max)
}

impl BaseInfoField {
    /// The first problem with `value` (already trimmed): empty when required (请输入姓名),
    /// longer than `max_chars`, or failing the named rule with the rule's own message.
    fn check(&self, value: &str) -> Option<Message> {
        if value.is_empty() {
            return self.required.then(|| Message::new("profile.realNameRequired", "请输入姓名"));
        }
        if value.chars().count() > self.max_chars {
            return Some(too_long(self.max_chars));
        }
        self.rule.and_then(|rule| rule.check(value))
    }
}

/// Checks the fields present in `change` (the JSON object the profile form sends); absent
/// fields are not checked (they stay unchanged on the server). A number counts as its
/// decimal text, null as empty; unknown keys are ignored. Trims before checking.
pub fn check_base_info(change: &Map<String, Value>) -> FieldErrors {
    let mut errors = FieldErrors::new();
    for field in BASE_INFO_FIELDS {
        let Some(value) = change.get(field.name) else { continue };
        if let Some(problem) = field.check(&text_of(value)) {
            errors.entry(field.name.to_string()).or_default().push(problem);
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(change: Value) -> Vec<(String, String)> {
        let map = change.as_object().cloned().unwrap_or_default();
        check_base_info(&map)
            .into_iter()
            .flat_map(|(k, v)| v.into_iter().map(move |m| (k.clone(), m.text)))
            .collect()
    }

    // The limits the form and the server share (issue 7: 电话 was 50 in the form, 20 on the server).
    #[test]
    fn limits_and_rules() {
        assert_eq!(check(json!({})), vec![]);
        assert_eq!(check(json!({"realName": "  "})), vec![("realName".into(), "请输入姓名".into())]);
        assert_eq!(check(json!({"realName": null})), vec![("realName".into(), "请输入姓名".into())]);
        assert_eq!(
            check(json!({"telePhone": "1".repeat(21)})),
            vec![("telePhone".into(), "最多20个字符".into())]
        );
        assert_eq!(check(json!({"telePhone": format!(" {} ", "1".repeat(20))})), vec![]);
        assert_eq!(check(json!({"signature": "签".repeat(500)})), vec![]);
        assert_eq!(
            check(json!({"signature": "签".repeat(501)})),
            vec![("signature".into(), "最多500个字符".into())]
        );
        assert_eq!(
            check(json!({"mobilePhone": "123"})),
            vec![("mobilePhone".into(), "请正确输入您的手机号".into())]
        );
        assert_eq!(check(json!({"mobilePhone": 13800138000u64})), vec![]);
        assert_eq!(check(json!({"mobilePhone": ""})), vec![]);
        assert_eq!(check(json!({"email": "a@"})), vec![("email".into(), "请正确输入您的邮箱地址".into())]);
        assert_eq!(check(json!({"gender": 1, "unknown": "x".repeat(1000)})), vec![]);
    }

    #[test]
    fn every_field_is_listed_once() {
        for (i, f) in BASE_INFO_FIELDS.iter().enumerate() {
            assert!(BASE_INFO_FIELDS[..i].iter().all(|g| g.name != f.name), "{}", f.name);
        }
        let phone = serde_json::to_value(BASE_INFO_FIELDS.iter().find(|f| f.name == "mobilePhone")).unwrap();
        assert_eq!(
            phone,
            json!({"name": "mobilePhone", "maxLength": 20, "required": false, "rule": "phone"})
        );
    }
}
