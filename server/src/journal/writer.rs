//! The request log's writer: the queue's receiving end, which writes the calls to the request
//! log and the writes among them to the operation log too (the system area reads both).

use super::queue::Entry;
use crate::db::{Conn, Db};
use crate::error::AppError;
use crate::support::new_id;
use std::time::Duration;
use tokio::sync::mpsc;

/// The operation log: every write, with its outcome.
pub const OPERATION_LOG: i64 = 3;
/// The request log: every API call of a signed-in user, with its duration.
pub const REQUEST_LOG: i64 = 5;

/// Records written in one transaction at most.
const BATCH: usize = 500;
/// How long the writer gathers records before writing.
const GATHER: Duration = Duration::from_millis(500);

/// The writer: gathers what the queue holds and writes it in one transaction; a failed write
/// is logged and its records dropped.
pub fn spawn(db: Db, mut receiver: mpsc::Receiver<Entry>) -> tokio::task::JoinHandle<()> {
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
            if let Err(e) = store(&db, &batch).await {
                tracing::warn!(error = %e, records = batch.len(), "writing the request log failed");
            }
            batch.clear();
        }
    })
}

/// Writes queued calls to the request log, writes to the operation log too, in one
/// transaction.
pub async fn store(db: &Db, entries: &[Entry]) -> Result<(), AppError> {
    let mut tx = db.begin().await?;
    for e in entries {
        insert(&mut tx, REQUEST_LOG, e).await?;
        if e.is_write() {
            insert(&mut tx, OPERATION_LOG, e).await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// One API call in the request or operation log (`category`); the outcome is the envelope's
/// code, and a refusal's message.
async fn insert(conn: &mut Conn, category: i64, e: &Entry) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_sys_log (id, category, user_id, user_name, login_mark, abstracts, ip_address, ip_address_name, \
         platform, browser, user_agent, creator_time, request_url, request_method, request_duration, module_name, json) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, \
         COALESCE((SELECT m.full_name FROM base_module m WHERE m.en_code = $16), ''), $17)",
    )
    .bind(new_id())
    .bind(category)
    .bind(&e.user_id)
    .bind(&e.user_name)
    .bind((e.code == 200) as i64)
    .bind(if e.refusal.is_empty() { e.code.to_string() } else { format!("{} {}", e.code, e.refusal) })
    .bind(&e.client.ip)
    .bind(&e.client.place)
    .bind(&e.client.os)
    .bind(&e.client.browser)
    .bind(&e.client.user_agent)
    .bind(e.at)
    .bind(&e.path)
    .bind(&e.method)
    .bind(e.duration_ms)
    .bind(&e.menu)
    .bind(&e.json)
    .execute(conn)
    .await?;
    Ok(())
}
