//! The access checks' caches.

use super::grant::RecordGrant;
use crate::support::cache::GenerationCache;
use std::sync::Arc;

pub struct AccessState {
    /// What a member may do with a model's records (menu, buttons, fields, data scope), per
    /// member, model and menu while nothing it is built from changed (generation row 1).
    pub record_grants: GenerationCache<Arc<RecordGrant>>,
}

impl Default for AccessState {
    fn default() -> Self {
        AccessState { record_grants: GenerationCache::new(16_384) }
    }
}
