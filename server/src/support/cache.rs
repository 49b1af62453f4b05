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

/// What a kept value costs in memory, roughly: its own size and the heap it holds.
pub trait Weigh {
    fn weight(&self) -> usize;
}

impl<T: Weigh> Weigh for std::sync::Arc<T> {
    fn weight(&self) -> usize {
        (**self).weight()
    }
}

/// What one entry costs beside its key and value: the map's slot, the queue's, the
/// allocations' headers.
const ENTRY_OVERHEAD: usize = 96;

/// A [`GenerationCache`] sized in bytes, not entries: the entries' weights (key, value and
/// bookkeeping) never add up to more than the budget, however many distinct keys come. Beyond
/// it the oldest entries go first; a value heavier than an eighth of the budget is not kept.
pub struct ByteCache<V> {
    inner: Mutex<ByteEntries<V>>,
    budget: usize,
}

struct ByteEntries<V> {
    map: HashMap<String, (i64, V, usize)>,
    /// Every key of `map` once, oldest first.
    order: std::collections::VecDeque<String>,
    bytes: usize,
}

impl<V: Clone + Weigh> ByteCache<V> {
    pub fn new(budget_bytes: usize) -> ByteCache<V> {
        ByteCache { inner: Mutex::new(ByteEntries { map: HashMap::new(), order: Default::default(), bytes: 0 }), budget: budget_bytes }
    }

    /// The entry of `key` if it was built at `generation`.
    pub fn get(&self, key: &str, generation: i64) -> Option<V> {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.map.get(key).filter(|(g, _, _)| *g == generation).map(|(_, v, _)| v.clone())
    }

    pub fn put(&self, key: &str, generation: i64, value: V) {
        // The key is held twice (map and queue).
        let weight = value.weight() + 2 * key.len() + ENTRY_OVERHEAD;
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let inner = &mut *inner;
        if let Some((g, v, w)) = inner.map.get_mut(key) {
            inner.bytes -= *w;
            if weight > self.budget / 8 {
                inner.map.remove(key);
                inner.order.retain(|k| k != key);
                return;
            }
            (*g, *v, *w) = (generation, value, weight);
            inner.bytes += weight;
        } else {
            if weight > self.budget / 8 {
                return;
            }
            inner.map.insert(key.to_string(), (generation, value, weight));
            inner.order.push_back(key.to_string());
            inner.bytes += weight;
        }
        while inner.bytes > self.budget {
            let Some(oldest) = inner.order.pop_front() else { break };
            if let Some((_, _, w)) = inner.map.remove(&oldest) {
                inner.bytes -= w;
            }
        }
    }

    /// The bytes the entries weigh now (never more than the budget).
    pub fn bytes(&self) -> usize {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).bytes
    }

    pub fn budget(&self) -> usize {
        self.budget
    }

    pub fn len(&self) -> usize {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The heap a JSON value holds, with its own slot.
pub fn json_weight(v: &serde_json::Value) -> usize {
    use serde_json::Value;
    std::mem::size_of::<Value>()
        + match v {
            Value::String(s) => s.capacity(),
            Value::Array(items) => items.iter().map(json_weight).sum::<usize>() + (items.capacity() - items.len()) * std::mem::size_of::<Value>(),
            Value::Object(map) => map.iter().map(|(k, v)| k.capacity() + json_weight(v) + 48).sum(),
            _ => 0,
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Weigh for String {
        fn weight(&self) -> usize {
            self.capacity()
        }
    }

    // Issue 26: the byte budget holds whatever the number of distinct keys; the oldest go
    // first; a value too heavy for it is not kept; replacing an entry re-weighs it.
    #[test]
    fn byte_cache_never_exceeds_its_budget() {
        let c: ByteCache<String> = ByteCache::new(64 * 1024);
        for i in 0..10_000 {
            c.put(&format!("query-{i}"), 1, "x".repeat(i % 3000));
            assert!(c.bytes() <= c.budget(), "{} > budget after {i}", c.bytes());
        }
        assert!(c.len() > 10 && c.bytes() > 32 * 1024, "still keeps what fits: {} entries, {} bytes", c.len(), c.bytes());
        assert_eq!(c.get("query-9999", 1).map(|s| s.len()), Some(9999 % 3000), "the newest stays");
        assert_eq!(c.get("query-0", 1), None, "the oldest went");
        c.put("big", 1, "x".repeat(64 * 1024 / 8));
        assert_eq!(c.get("big", 1), None, "heavier than an eighth of the budget: not kept");
        c.put("query-9999", 2, String::new());
        assert_eq!((c.get("query-9999", 1), c.get("query-9999", 2)), (None, Some(String::new())));
        let sum: usize = c.inner.lock().unwrap().map.values().map(|(_, _, w)| *w).sum();
        assert_eq!(sum, c.bytes(), "the count follows the entries");
    }

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
