//! A data-permission scheme's condition (jnpf-wire-areas.md §1.8, ModuleDataAuthorizeScheme):
//! `conditionJson` is a list of groups `{logic: 'and'|'or', groups: [{id, field, type, op,
//! value, bindTable, fieldRule}]}`, each group joining its conditions by its logic and the
//! groups joined by and. The menu administration screen builds it with its condition builder
//! and checks it here through WASM before saving; the server checks the same before it stores
//! a scheme, so the data scope only ever reads complete conditions.
//!
//! The JNPF client refuses a condition without its field, its symbol or — unless the symbol is
//! 为空 / 不为空 — its value (方案内条件配置不完整); here each missing part has its own message,
//! keyed by where it is (`conditionJson[0].groups[1].value`), so a form shows it beside the
//! control that lacks it.

use crate::message::{FieldErrors, Message};
use serde::Serialize;
use serde_json::Value;

/// The comparison symbols a condition may use (those of a data-authorize field's
/// `conditionSymbol`), and whether each compares with a value.
pub const SCHEME_OPS: [(&str, bool); 10] = [
    ("Equal", true),
    ("NotEqual", true),
    ("GreaterThan", true),
    ("GreaterThanOrEqual", true),
    ("LessThan", true),
    ("LessThanOrEqual", true),
    ("Included", true),
    ("NotIncluded", true),
    ("IsNull", false),
    ("IsNotNull", false),
];

/// A symbol of [`SCHEME_OPS`] as the web reads it: `{op, needsValue}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SchemeOp {
    pub op: &'static str,
    /// False for 为空 and 不为空, which compare with nothing.
    pub needs_value: bool,
}

pub fn scheme_ops() -> Vec<SchemeOp> {
    SCHEME_OPS.iter().map(|&(op, needs_value)| SchemeOp { op, needs_value }).collect()
}

/// The field name of the condition in a scheme's form.
const FIELD: &str = "conditionJson";

fn text_of(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Array(items)) => {
            if items.iter().all(|v| text_of(Some(v)).is_empty()) { String::new() } else { "[…]".into() }
        }
        Some(other) => other.to_string(),
    }
}

fn push(errors: &mut FieldErrors, at: String, message: Message) {
    errors.entry(at).or_default().push(message);
}

/// The problems of a scheme's condition — JSON text or the list itself — by where they are:
/// `conditionJson` (not a list of groups), `conditionJson[g].logic`, `conditionJson[g].groups`
/// (a group without conditions), `conditionJson[g].groups[c].field`, `….op`, `….value`. Empty
/// when the condition is complete. No condition at all (`[]`, empty text) is complete: the
/// scheme then reaches every row.
pub fn check_condition(condition: &Value) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let invalid = || Message::new("dataScheme.conditionInvalid", "方案条件格式不正确");
    let parsed;
    let groups = match condition {
        Value::Null => return errors,
        Value::String(s) if s.trim().is_empty() => return errors,
        Value::String(s) => match serde_json::from_str::<Value>(s) {
            Ok(v) => {
                parsed = v;
                &parsed
            }
            Err(_) => {
                push(&mut errors, FIELD.into(), invalid());
                return errors;
            }
        },
        other => other,
    };
    let Some(groups) = groups.as_array() else {
        push(&mut errors, FIELD.into(), invalid());
        return errors;
    };
    for (g, group) in groups.iter().enumerate() {
        let Some(group) = group.as_object() else {
            push(&mut errors, format!("{FIELD}[{g}]"), invalid());
            continue;
        };
        let logic = text_of(group.get("logic"));
        if !logic.eq_ignore_ascii_case("and") && !logic.eq_ignore_ascii_case("or") {
            push(&mut errors, format!("{FIELD}[{g}].logic"), Message::new("dataScheme.logicInvalid", "匹配逻辑只能是and或or"));
        }
        let conditions = match group.get("groups") {
            None | Some(Value::Null) => &[][..],
            Some(Value::Array(items)) => items.as_slice(),
            Some(_) => {
                push(&mut errors, format!("{FIELD}[{g}].groups"), invalid());
                continue;
            }
        };
        if conditions.is_empty() {
            push(&mut errors, format!("{FIELD}[{g}].groups"), Message::new("dataScheme.groupEmpty", "条件组不能为空"));
        }
        for (c, item) in conditions.iter().enumerate() {
            let at = |name: &str| format!("{FIELD}[{g}].groups[{c}].{name}");
            let Some(item) = item.as_object() else {
                push(&mut errors, format!("{FIELD}[{g}].groups[{c}]"), invalid());
                continue;
            };
            if text_of(item.get("field")).is_empty() {
                push(&mut errors, at("field"), Message::new("dataScheme.fieldRequired", "请选择字段"));
            }
            let op = text_of(item.get("op"));
            let needs_value = match SCHEME_OPS.iter().find(|(known, _)| *known == op) {
                Some(&(_, needs_value)) => needs_value,
                None if op.is_empty() => {
                    push(&mut errors, at("op"), Message::new("dataScheme.opRequired", "请选择条件符号"));
                    false
                }
                None => {
                    push(&mut errors, at("op"), Message::new("dataScheme.opInvalid", format!("条件符号不正确：{op}")).with("op", &op));
                    false
                }
            };
            if needs_value && text_of(item.get("value")).is_empty() {
                push(&mut errors, at("value"), Message::new("dataScheme.valueRequired", "请输入字段值"));
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn texts(condition: Value) -> Vec<(String, String)> {
        check_condition(&condition).into_iter().flat_map(|(k, v)| v.into_iter().map(move |m| (k.clone(), m.text))).collect()
    }

    #[test]
    fn a_complete_condition_passes_as_text_or_list() {
        let own = json!([{"logic": "and", "groups": [{"id": "f1", "field": "creatorUserId", "type": "varchar", "op": "Equal", "value": "@userId"}]}]);
        assert_eq!(texts(own.clone()), []);
        assert_eq!(texts(Value::String(own.to_string())), []);
        assert_eq!(texts(json!([{"logic": "OR", "groups": [{"field": "x", "op": "IsNull"}]}])), []);
        for nothing in [json!([]), json!(""), json!("[]"), Value::Null] {
            assert_eq!(texts(nothing), []);
        }
    }

    #[test]
    fn each_missing_part_is_named_where_it_is() {
        let condition = json!([
            {"logic": "and", "groups": [{"field": "a", "op": "Equal", "value": "1"}, {"field": "", "op": "", "value": ""}]},
            {"logic": "xor", "groups": []},
            {"logic": "or", "groups": [{"field": "b", "op": "Equal", "value": " "}, {"field": "c", "op": "Like", "value": "1"}]}
        ]);
        assert_eq!(
            texts(condition),
            [
                ("conditionJson[0].groups[1].field".to_string(), "请选择字段".to_string()),
                ("conditionJson[0].groups[1].op".into(), "请选择条件符号".into()),
                ("conditionJson[1].groups".into(), "条件组不能为空".into()),
                ("conditionJson[1].logic".into(), "匹配逻辑只能是and或or".into()),
                ("conditionJson[2].groups[0].value".into(), "请输入字段值".into()),
                ("conditionJson[2].groups[1].op".into(), "条件符号不正确：Like".into()),
            ]
        );
    }

    #[test]
    fn what_is_no_list_of_groups_is_refused_whole() {
        for bad in [json!("{x"), json!("{}"), json!({"logic": "and"}), json!(3)] {
            assert_eq!(texts(bad), [("conditionJson".to_string(), "方案条件格式不正确".to_string())]);
        }
        assert_eq!(texts(json!([1])), [("conditionJson[0]".to_string(), "方案条件格式不正确".to_string())]);
    }
}
