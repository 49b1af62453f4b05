//! The permission area's caches.

use super::repo::menu::Snapshot;
use crate::support::cache::GenerationCache;
use std::sync::Arc;

pub struct PermissionState {
    /// CurrentUser answers (the envelope's JSON) per session, while nothing they are built
    /// from has changed.
    pub current_users: GenerationCache<axum::body::Bytes>,
    /// Each system's menus and page items while the menus' generation stays the same.
    pub menu_snapshots: GenerationCache<Arc<Snapshot>>,
}

impl Default for PermissionState {
    fn default() -> Self {
        PermissionState { current_users: GenerationCache::new(4096), menu_snapshots: GenerationCache::new(64) }
    }
}
