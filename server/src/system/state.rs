//! The system area's caches and the data interfaces' runners.

use super::data_interface::SqlRunner;
use crate::support::cache::GenerationCache;

pub struct SystemState {
    /// The DictionaryData/All answer (the envelope's JSON) while no dictionary has changed.
    pub dictionaries: GenerationCache<axum::body::Bytes>,
    /// Where data-interface SQL runs: connections of its own, read-only, with a time limit.
    pub interface_sql: SqlRunner,
    /// The client of HTTP data interfaces: internal addresses refused unless allowed by name.
    pub interface_http: reqwest::Client,
}

impl SystemState {
    pub fn new(interface_sql: SqlRunner, interface_http: reqwest::Client) -> SystemState {
        SystemState { dictionaries: GenerationCache::new(4), interface_sql, interface_http }
    }
}
