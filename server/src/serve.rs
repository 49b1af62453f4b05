//! The accept loop, with the limits that keep slow or idle clients from taking the server off
//! the network: a cap on open connections (the process's file limit raised first), a timeout
//! for reading a request's headers — which is also how long an idle keep-alive connection
//! may wait for its next request, and how long a new connection may stay silent — and (in
//! `app`) a deadline for answering.
//!
//! HTTP/1.1 only (with upgrades, for the WebSocket): browsers speak it to a plain-HTTP server,
//! and a reverse proxy in front does TLS and HTTP/2. hyper's protocol-sniffing server read the
//! first bytes of a connection with no timer at all, so a client that connected and sent
//! nothing (or an HTTP/2 preface and then nothing) held a connection permit for ever.

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Open connections at most; beyond it new ones wait in the listen queue.
    pub max_connections: usize,
    /// How long a client may take to send a request's headers, and how long an idle
    /// keep-alive connection is kept.
    pub header_read_timeout: Duration,
}

/// Raises this process's open-file limit to the hard limit and answers how many connections
/// it leaves room for (what the database, log and data files need is kept aside).
pub fn connection_room(wanted: usize) -> usize {
    let files = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
    wanted.min(files.saturating_sub(128).max(64) as usize)
}

/// Serves `app` on `listener` until the task is dropped.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    loop {
        let permit = open.clone().acquire_owned().await.map_err(std::io::Error::other)?;
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors or a connection reset before accept: wait, go on.
                tracing::warn!(error = %e, "accepting a connection failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
                app.clone().oneshot(req.map(axum::body::Body::new))
            });
            // The header timer starts when the connection is first read, before any byte.
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_read_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, %peer, "connection ended");
            }
            drop(permit);
        });
    }
}
