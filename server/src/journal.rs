//! The request and operation logs (SYS logs of issue 11): every API call a signed-in user
//! makes is recorded with its duration (category 5), every write also with its outcome
//! (category 3). Answering never waits for the log: a record goes into a bounded queue and a
//! background task writes what has gathered in one transaction about twice a second; when the
//! queue is full (the database far behind) records are dropped and counted, never the request.

use crate::AppState;
use crate::access::Session;
use crate::error::Refused;
use crate::request::Client;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Records waiting to be written at most.
const QUEUE: usize = 10_000;
/// Records written in one transaction at most.
const BATCH: usize = 500;
/// How long the writer gathers records before writing.
const GATHER: Duration = Duration::from_millis(500);

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

impl Caller {
    pub fn of(session: &Session) -> Caller {
        Caller { user_id: session.user_id.clone(), user_name: format!("{}/{}", session.real_name, session.account) }
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

    fn record(&self, entry: Entry) {
        if self.queue.try_send(entry).is_err() {
            let dropped = self.dropped.fetch_add(1, Ordering::Relaxed) + 1;
            if dropped.is_power_of_two() {
                tracing::warn!(dropped, "the request log is behind; records were dropped");
            }
        }
    }
}

/// Middleware of the whole app: times each call and queues a record for those the access
/// guard found a signed-in caller for.
pub async fn record(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().chars().take(500).collect::<String>();
    let (mut parts, body) = req.into_parts();
    let client = Client::from_request_parts(&mut parts, &state).await.unwrap_or_else(|e| match e {});
    let res = next.run(Request::from_parts(parts, body)).await;
    if let Some(caller) = res.extensions().get::<Caller>() {
        if method != Method::OPTIONS {
            state.journal.record(Entry {
                user_id: caller.user_id.clone(),
                user_name: caller.user_name.clone(),
                method: method.to_string(),
                path,
                code: res.extensions().get::<Refused>().map_or(200, |r| r.code),
                refusal: res.extensions().get::<Refused>().map(|r| r.msg.clone()).unwrap_or_default(),
                duration_ms: started.elapsed().as_millis() as i64,
                client,
                at: state.clock.now_ms(),
            });
        }
    }
    res
}

/// The writer: gathers what the queue holds and writes it in one transaction; a failed write
/// is logged and its records dropped.
pub fn spawn(state: AppState, mut receiver: mpsc::Receiver<Entry>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut batch = Vec::with_capacity(BATCH);
        while receiver.recv_many(&mut batch, BATCH).await > 0 {
            let deadline = tokio::time::Instant::now() + GATHER;
            while batch.len() < BATCH {
                let room = BATCH - batch.len();
                match tokio::time::timeout_at(deadline, receiver.recv_many(&mut batch, room)).await {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
            }
            if let Err(e) = crate::system::service::store_requests(&state, &batch).await {
                tracing::warn!(error = %e, records = batch.len(), "writing the request log failed");
            }
            batch.clear();
        }
    })
}
