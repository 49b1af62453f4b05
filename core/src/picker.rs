//! What the organisation/user pickers may hold (WGT-013, WGT-035, WGT-036): the mixed picker
//! stores each pick as `id--type`; single mode takes users only, multiple mode company,
//! department, role, position, group and user; every other picker takes its own type only.

use crate::message::Message;

/// The types a mixed pick may carry (spec 02 §3).
pub const MIXED_TYPES: [&str; 6] = ["company", "department", "role", "position", "group", "user"];

/// `id--type` (WGT-035).
pub fn encode_mixed_id(id: &str, kind: &str) -> String {
    format!("{id}--{kind}")
}

/// (`id`, `type`) of an `id--type` pick; the id itself may contain `--`, the type is after
/// the last one. None when there is no type or the id is empty.
pub fn decode_mixed_id(value: &str) -> Option<(&str, &str)> {
    let (id, kind) = value.rsplit_once("--")?;
    (!id.is_empty() && !kind.is_empty()).then_some((id, kind))
}

/// The one type a single-type picker (by its jnpfKey) accepts; None for other widgets.
/// Organisation nodes are companies or departments, so comSelect takes both.
pub fn picker_types(jnpf_key: &str) -> Option<&'static [&'static str]> {
    Some(match jnpf_key {
        "comSelect" => &["company", "department"],
        "depSelect" => &["department"],
        "posSelect" => &["position"],
        "roleSelect" => &["role"],
        "groupSelect" => &["group"],
        "userSelect" => &["user"],
        _ => return None,
    })
}

/// Can a picker (`usersSelect` for the mixed one) in this mode hold an entry of `kind`?
pub fn accepts_type(jnpf_key: &str, multiple: bool, kind: &str) -> bool {
    match jnpf_key {
        "usersSelect" if multiple => MIXED_TYPES.contains(&kind),
        "usersSelect" => kind == "user",
        other => picker_types(other).is_some_and(|types| types.contains(&kind)),
    }
}

/// The first problem with a mixed picker's stored value (its `id--type` entries), if any.
pub fn check_mixed_selection<'a>(
    values: impl IntoIterator<Item = &'a str>,
    multiple: bool,
) -> Option<Message> {
    for value in values {
        let Some((_, kind)) = decode_mixed_id(value) else {
            return Some(Message::new("picker.format", "选择的数据格式不正确"));
        };
        if !accepts_type("usersSelect", multiple, kind) {
            return Some(if multiple {
                let shown: String = kind.chars().take(50).collect();
                Message::new("picker.type", format!("不支持的选择类型：{shown}")).with("type", shown)
            } else {
                Message::new("picker.userOnly", "只能选择用户")
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    // WGT-035, WGT-036
    #[test]
    fn wgt_035_036_mixed_ids() {
        assert_eq!(encode_mixed_id("42", "role"), "42--role");
        assert_eq!(decode_mixed_id("a--b--user"), Some(("a--b", "user")));
        assert_eq!(decode_mixed_id("42"), None);
        assert!(check_mixed_selection(["1--user", "2--role"], true).is_none());
        assert_eq!(check_mixed_selection(["1--user", "2--role"], false).unwrap().text, "只能选择用户");
        assert_eq!(check_mixed_selection(["1--planet"], true).unwrap().key, "picker.type");
        assert_eq!(check_mixed_selection(["1"], true).unwrap().key, "picker.format");
        assert!(accepts_type("depSelect", true, "department"));
        assert!(!accepts_type("depSelect", true, "user"));
    }
}
