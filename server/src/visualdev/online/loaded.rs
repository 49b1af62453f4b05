//! A released model resolved to its storage: what the record pieces read it through, kept in
//! the area's state (a leaf: `visualdev/state.rs` holds it; `released` makes it).

use super::layout::Registry;
use qiming_core::model::Field;
use serde_json::Value;
use std::collections::BTreeMap;

/// A released model resolved to its storage (kept in `VisualdevState::released_models` per
/// released version).
pub struct Loaded {
    pub(super) form_data: Value,
    pub(super) column_data: Value,
    pub(super) fields: Vec<Field>,
    pub(super) main: String,
    /// sub-table vModel → physical table.
    pub(super) children: BTreeMap<String, String>,
    pub(super) registry: Registry,
    /// Each field with static options (record name): value → label, for display values.
    pub(super) static_options: BTreeMap<String, BTreeMap<String, String>>,
}

