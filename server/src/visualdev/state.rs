//! The model designer's and the records' caches.

use super::dto::RecordRow;
use super::online::loaded::Loaded;
use crate::support::cache::GenerationCache;
use crate::wire::PageOf;
use std::sync::Arc;

pub struct VisualdevState {
    /// Released models resolved to their record tables, per model while its released
    /// version stays the same (base_visual_stamp).
    pub released_models: GenerationCache<Arc<Loaded>>,
    /// Record lists' totals, per count (table, scope, filters) while no record of the model
    /// was written (base_visual_stamp).
    pub record_totals: GenerationCache<i64>,
    /// Record lists' answers, per page asked (filters, scope, sort, page, fields shown) while
    /// nothing they show changed (see `visualdev::online::service::list`).
    pub record_pages: GenerationCache<Arc<PageOf<RecordRow>>>,
}

impl Default for VisualdevState {
    fn default() -> Self {
        VisualdevState {
            released_models: GenerationCache::new(1024),
            record_totals: GenerationCache::new(16_384),
            record_pages: GenerationCache::new(4096),
        }
    }
}
