//! What a member may do with one model's records (cached per member, model and menu).

use super::scope::DataScope;

/// What a member may do with one model's records, through the menu that opens it.
#[derive(Debug)]
pub struct RecordGrant {
    pub(super) scope: DataScope,
    /// None: every button.
    pub(super) buttons: Option<std::collections::BTreeSet<String>>,
    /// None: every field.
    pub(super) fields: Option<std::collections::BTreeSet<String>>,
}
