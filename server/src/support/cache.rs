//! Answers cached per key while a generation number stays the same (see
//! migrations/0002_generation.sql): a request that finds its generation unchanged is served
//! from memory; any change makes every older entry stale at once.

use std::collections::HashMap;
use std::sync::Mutex;

pub struct GenerationCache<V> {
    entries: Mutex<HashMap<String, (i64, V)>>,
    capacity: usize,
}

impl<V: Clone> GenerationCache<V> {
    /// A cache of at most `capacity` entries (beyond it, it starts again empty: simple, and
    /// a full cache means far more sessions than one process serves).
    pub fn new(capacity: usize) -> GenerationCache<V> {
        GenerationCache { entries: Mutex::new(HashMap::new()), capacity }
    }

    /// The entry of `key` if it was built at `generation`.
    pub fn get(&self, key: &str, generation: i64) -> Option<V> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.get(key).filter(|(g, _)| *g == generation).map(|(_, v)| v.clone())
    }

    pub fn put(&self, key: &str, generation: i64, value: V) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= self.capacity && !entries.contains_key(key) {
            entries.clear();
        }
        entries.insert(key.to_string(), (generation, value));
    }

    pub fn remove(&self, key: &str) {
        self.entries.lock().unwrap_or_else(|e| e.into_inner()).remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_live_for_their_generation_only() {
        let c = GenerationCache::new(2);
        c.put("a", 1, "A1");
        assert_eq!(c.get("a", 1), Some("A1"));
        assert_eq!(c.get("a", 2), None, "a newer generation makes it stale");
        c.put("b", 1, "B1");
        c.put("c", 1, "C1");
        assert_eq!((c.get("a", 1), c.get("c", 1)), (None, Some("C1")), "over capacity it starts again");
        c.remove("c");
        assert_eq!(c.get("c", 1), None);
    }
}
