//! Data that only grows is trimmed in the background: sign-in throttle rows that no longer
//! count (most for accounts that do not exist), expired captchas and sessions, login-log
//! rows past their retention, request-log rows past theirs or beyond its size limit, and
//! expired exports. Each area trims its own tables; this only
//! schedules it.

use crate::state::AppState;
use crate::error::AppError;

/// Rows removed by one run.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Trimmed {
    pub throttles_and_captchas: u64,
    pub sessions: u64,
    pub login_log: u64,
    /// Request-log rows past `QIMING_REQUEST_LOG_RETENTION` or beyond `QIMING_REQUEST_LOG_MAX_ROWS`.
    pub request_log: u64,
    pub downloads: u64,
    /// Uploaded files no record holds, older than `QIMING_FILE_ORPHAN_AGE`.
    pub orphan_files: u64,
    /// Chunk folders of chunked uploads left unfinished that long.
    pub stale_chunk_folders: u64,
}

/// One run, now.
pub async fn run_once(state: &AppState) -> Result<Trimmed, AppError> {
    let now = state.clock.now_ms();
    let mut conn = state.db.acquire().await?;
    let retention = state.config.login_log_retention.as_millis() as i64;
    let downloads = crate::system::download::service::trim(&mut conn, now).await?;
    drop(conn);
    let (orphan_files, stale_chunk_folders) = crate::file::service::trim(state).await?;
    let mut conn = state.db.acquire().await?;
    let requests = state.config.request_log_retention.as_millis() as i64;
    let request_log = crate::system::service::trim_request_log(&mut conn, if requests > 0 { now - requests } else { i64::MIN }, state.config.request_log_max_rows).await?;
    Ok(Trimmed {
        request_log,
        orphan_files,
        stale_chunk_folders,
        downloads,
        throttles_and_captchas: crate::auth::service::trim(&mut conn, now).await?,
        sessions: crate::access::session::trim(&mut conn, now).await?,
        login_log: if retention > 0 { crate::system::service::trim_login_log(&mut conn, now - retention).await? } else { 0 },
    })
}

/// Runs [`run_once`] every `housekeeping_interval` (the first run one interval after start).
pub fn spawn(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let every = state.config.housekeeping_interval;
        let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        loop {
            ticks.tick().await;
            match run_once(&state).await {
                Ok(t) => tracing::info!(?t, "housekeeping"),
                Err(e) => tracing::warn!(error = %e, "housekeeping failed; trying again next time"),
            }
        }
    })
}
