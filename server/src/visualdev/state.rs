//! The model designer's and the records' caches.

use super::dto::RecordRow;
use super::online::loaded::Loaded;
use crate::support::cache::{ByteCache, GenerationCache, Weigh, json_weight};
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
    /// nothing they show changed (see `visualdev::online::service::list`): at most
    /// `QIMING_RECORD_ANSWER_CACHE_MB` of them, weighed in bytes (issue 26: counted in
    /// entries, 4,096 pages of up to 200 rows grew the server past 340 MB).
    pub record_pages: ByteCache<Arc<PageOf<RecordRow>>>,
}

impl VisualdevState {
    pub fn new(config: &crate::config::Config) -> Self {
        VisualdevState {
            released_models: GenerationCache::new(1024),
            record_totals: GenerationCache::new(16_384),
            record_pages: ByteCache::new((config.record_answer_cache_mb as usize).saturating_mul(1024 * 1024)),
        }
    }
}

impl Weigh for PageOf<RecordRow> {
    fn weight(&self) -> usize {
        let rows: usize = self
            .list
            .iter()
            .map(|RecordRow(row)| std::mem::size_of::<RecordRow>() + row.iter().map(|(k, v)| k.capacity() + json_weight(v) + 48).sum::<usize>())
            .sum();
        std::mem::size_of::<Self>() + rows + (self.list.capacity() - self.list.len()) * std::mem::size_of::<RecordRow>()
    }
}
