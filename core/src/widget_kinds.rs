//! The one list of how JNPF widget keys are treated (`widget_kinds.json`, included here and
//! exported to the web as `widgetKinds`): which the server fills, which are layout, which
//! show something and hold no value, which are not validated. Core's validation and model
//! reading ask it, and the web's definition reader uses the same lists (issue 23 §1).

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The JSON file, as written.
pub const WIDGET_KINDS_JSON: &str = include_str!("widget_kinds.json");

/// The lists of `widget_kinds.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WidgetKinds {
    /// System fields the server fills (jnpf-wire-engine.md §2.5), currDept included.
    pub system: Vec<String>,
    /// Every widget whose posted value is ignored: the system fields and billRule.
    pub filled_by_server: Vec<String>,
    /// Containers whose children are fields of the same record.
    pub layout: Vec<String>,
    /// Widgets that show something and hold no value.
    pub display_only: Vec<String>,
    /// Widgets no list column, search field or query condition shows (§4.2).
    pub not_listable: Vec<String>,
    /// Widgets whose value no one types: display-only ones and calculate.
    pub not_validated: Vec<String>,
}

/// The lists (read once from the included file; a test proves the file reads).
pub fn widget_kinds() -> &'static WidgetKinds {
    static KINDS: OnceLock<WidgetKinds> = OnceLock::new();
    KINDS.get_or_init(|| {
        serde_json::from_str(WIDGET_KINDS_JSON).unwrap_or(WidgetKinds {
            system: Vec::new(),
            filled_by_server: Vec::new(),
            layout: Vec::new(),
            display_only: Vec::new(),
            not_listable: Vec::new(),
            not_validated: Vec::new(),
        })
    })
}

fn has(list: &[String], key: &str) -> bool {
    list.iter().any(|k| k == key)
}

/// A system field (createUser … currPosition).
pub fn is_system(key: &str) -> bool {
    has(&widget_kinds().system, key)
}

/// The server fills the value; a posted one is ignored.
pub fn is_filled_by_server(key: &str) -> bool {
    has(&widget_kinds().filled_by_server, key)
}

/// A layout container: its children are fields of the same record.
pub fn is_layout(key: &str) -> bool {
    has(&widget_kinds().layout, key)
}

/// Shows something, holds no value.
pub fn is_display_only(key: &str) -> bool {
    has(&widget_kinds().display_only, key)
}

/// Not validated: nothing the user types (the server's own fields are skipped as well).
pub fn is_not_validated(key: &str) -> bool {
    has(&widget_kinds().not_validated, key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_reads_and_its_lists_agree() {
        let kinds: WidgetKinds = serde_json::from_str(WIDGET_KINDS_JSON).expect("widget_kinds.json reads");
        assert_eq!(&kinds, widget_kinds());
        assert!(is_system("currDept") && is_filled_by_server("currDept"));
        assert!(is_filled_by_server("billRule") && !is_system("billRule"));
        // Every system field is filled by the server; every display-only widget is not validated.
        assert!(kinds.system.iter().all(|k| is_filled_by_server(k)));
        assert!(kinds.display_only.iter().all(|k| is_not_validated(k)));
        assert!(is_not_validated("calculate") && !is_display_only("calculate"));
        assert!(is_layout("tableGridTd") && !is_layout("table"));
    }
}
