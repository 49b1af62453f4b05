//! The request log's queue: what one API call leaves behind, and the queue's sending end (in
//! the application state).

use crate::request::Client;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use tokio::sync::mpsc;

/// Records waiting to be written at most.
const QUEUE: usize = 10_000;

/// One API call.
#[derive(Debug, Clone)]
pub struct Entry {
    pub user_id: String,
    pub user_name: String,
    pub method: String,
    pub path: String,
    /// The envelope's code: 200, or the refusal's.
    pub code: i64,
    /// What a refusal said ('' when done).
    pub refusal: String,
    pub duration_ms: i64,
    pub client: Client,
    pub at: i64,
    /// The enCode of the menu the call acted for ('' when the route names none).
    pub menu: String,
    /// The body as logged ('' for reads).
    pub json: String,
}

impl Entry {
    /// Writes change something; their outcome goes to the operation log as well.
    pub fn is_write(&self) -> bool {
        !matches!(self.method.as_str(), "GET" | "HEAD" | "OPTIONS")
    }
}

/// Who made a call, left on the answer by the access guard.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: String,
    pub user_name: String,
}

/// Where the menu a call acts for is noted on its way through: the middleware puts one in the
/// request, a [`Permit`](crate::access::Permit) fills it.
#[derive(Debug, Clone, Default)]
pub struct ActedFor(pub(super) Arc<OnceLock<&'static str>>);

impl ActedFor {
    pub fn note(&self, menu: &'static str) {
        let _ = self.0.set(menu);
    }
}

/// The sending end of the log queue.
#[derive(Clone)]
pub struct Journal {
    queue: mpsc::Sender<Entry>,
    dropped: Arc<AtomicU64>,
}

impl Journal {
    pub fn new() -> (Journal, mpsc::Receiver<Entry>) {
        let (queue, receiver) = mpsc::channel(QUEUE);
        (Journal { queue, dropped: Arc::new(AtomicU64::new(0)) }, receiver)
    }

    pub(super) fn record(&self, entry: Entry) {
        if self.queue.try_send(entry).is_err() {
            let dropped = self.dropped.fetch_add(1, Ordering::Relaxed) + 1;
            if dropped.is_power_of_two() {
                tracing::warn!(dropped, "the request log is behind; records were dropped");
            }
        }
    }
}
