//! Permission matching (spec 01 §6, jnpf-wire.md "CurrentUser"): which menu entries a user
//! sees, and whether a button / column / form field of a page (model) is allowed.
//!
//! The server uses these when it builds CurrentUser and guards endpoints; the web uses the
//! same functions (through WASM) to decide what it shows.

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Button codes every generated list has (PERM-010).
pub const DEFAULT_BUTTON_CODES: [&str; 3] = ["btn_add", "btn_edit", "btn_remove"];

/// One authorised item of a page: a button, a column or a form field, matched by `enCode`.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PermissionItem {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
}

/// The permissions of one page (PERM-005); `model_id` is the menu id of the page.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PermissionEntry {
    pub model_id: String,
    pub module_name: String,
    pub column: Vec<PermissionItem>,
    pub button: Vec<PermissionItem>,
    pub form: Vec<PermissionItem>,
    pub resource: Vec<PermissionItem>,
}

/// The three kinds of per-page permission checked by code (PERM-007..009).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PermissionKind {
    Button,
    Column,
    Form,
}

impl PermissionEntry {
    fn items(&self, kind: PermissionKind) -> &[PermissionItem] {
        match kind {
            PermissionKind::Button => &self.button,
            PermissionKind::Column => &self.column,
            PermissionKind::Form => &self.form,
        }
    }
}

/// True when the page `model_id` grants `code` of `kind` (PERM-006).
pub fn has_permission(list: &[PermissionEntry], model_id: &str, kind: PermissionKind, code: &str) -> bool {
    list.iter().filter(|e| e.model_id == model_id).any(|e| e.items(kind).iter().any(|i| i.en_code == code))
}

/// PERM-009: is the button `code` (e.g. `btn_add`) allowed on page `model_id`?
pub fn has_button(list: &[PermissionEntry], model_id: &str, code: &str) -> bool {
    has_permission(list, model_id, PermissionKind::Button, code)
}

/// PERM-007: is the list column `prop` allowed on page `model_id`?
pub fn has_column(list: &[PermissionEntry], model_id: &str, prop: &str) -> bool {
    has_permission(list, model_id, PermissionKind::Column, prop)
}

/// PERM-008: is the form field allowed on page `model_id`? Sub-table fields are coded
/// `table-field` (VIEW-010).
pub fn has_form_field(list: &[PermissionEntry], model_id: &str, field: &str) -> bool {
    has_permission(list, model_id, PermissionKind::Form, field)
}

/// A node of a menu tree, as far as filtering needs to know it.
pub trait MenuItem: Sized {
    fn menu_id(&self) -> &str;
    /// The menu type 0..8 of spec 01 §2.2.
    fn menu_type(&self) -> i64;
    fn take_children(&mut self) -> Vec<Self>;
    fn set_children(&mut self, children: Vec<Self>);
}

/// Menu types that only group other entries: 0 directory, 1 category.
pub fn is_container_type(menu_type: i64) -> bool {
    menu_type == 0 || menu_type == 1
}

/// Keeps the entries whose id is authorised (PERM-001), recursively. A directory or category
/// survives only when it is authorised and still has an entry under it, so areas whose pages
/// do not exist yet (or that the user may not open) never show as empty folders.
pub fn filter_menu_tree<M: MenuItem>(tree: Vec<M>, authorised: &BTreeSet<String>) -> Vec<M> {
    tree.into_iter()
        .filter(|m| authorised.contains(m.menu_id()))
        .filter_map(|mut m| {
            let children = filter_menu_tree(m.take_children(), authorised);
            let keep = !is_container_type(m.menu_type()) || !children.is_empty();
            m.set_children(children);
            keep.then_some(m)
        })
        .collect()
}

/// A menu entry as JSON carries it (spec 01 §3.1): the fields filtering needs, the rest kept
/// as they are. Used by the WASM façade and by anything that holds menus as JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MenuNode {
    pub id: String,
    #[serde(rename = "type", default)]
    pub menu_type: i64,
    #[serde(default)]
    pub children: Vec<MenuNode>,
    #[serde(flatten)]
    pub rest: serde_json::Map<String, serde_json::Value>,
}

impl MenuItem for MenuNode {
    fn menu_id(&self) -> &str {
        &self.id
    }
    fn menu_type(&self) -> i64 {
        self.menu_type
    }
    fn take_children(&mut self) -> Vec<Self> {
        std::mem::take(&mut self.children)
    }
    fn set_children(&mut self, children: Vec<Self>) {
        self.children = children;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn perms() -> Vec<PermissionEntry> {
        serde_json::from_value(json!([
            {"modelId": "m1", "button": [{"enCode": "btn_add"}], "column": [{"enCode": "name"}],
             "form": [{"enCode": "name"}, {"enCode": "table-field"}]},
            {"modelId": "m2", "button": [{"enCode": "btn_edit"}]}
        ]))
        .unwrap()
    }

    // PERM-006..010
    #[test]
    fn perm_006_to_010_codes_per_model() {
        let p = perms();
        assert!(has_button(&p, "m1", "btn_add"));
        assert!(!has_button(&p, "m1", "btn_edit"));
        assert!(has_button(&p, "m2", "btn_edit"));
        assert!(!has_button(&p, "m3", "btn_add"));
        assert!(has_column(&p, "m1", "name"));
        assert!(!has_column(&p, "m2", "name"));
        assert!(has_form_field(&p, "m1", "table-field"));
        assert_eq!(DEFAULT_BUTTON_CODES, ["btn_add", "btn_edit", "btn_remove"]);
    }

    // PERM-001: directories without authorised pages disappear.
    #[test]
    fn perm_001_menu_filtering() {
        let tree: Vec<MenuNode> = serde_json::from_value(json!([
            {"id": "home", "type": 2, "enCode": "home"},
            {"id": "sys", "type": 0, "children": [
                {"id": "dict", "type": 2}, {"id": "bill", "type": 2}]},
            {"id": "empty", "type": 0, "children": []},
            {"id": "secret", "type": 2}
        ]))
        .unwrap();
        let allowed: BTreeSet<String> =
            ["home", "sys", "bill", "empty"].iter().map(|s| s.to_string()).collect();
        let out = filter_menu_tree(tree, &allowed);
        let ids: Vec<&str> = out.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids, ["home", "sys"]);
        assert_eq!(out[1].children.len(), 1);
        assert_eq!(out[1].children[0].id, "bill");
        assert_eq!(out[0].rest["enCode"], "home");
    }
}
