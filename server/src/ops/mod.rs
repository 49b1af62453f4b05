//! What an IT department runs Qiming with: `GET /api/health` for load balancers, container
//! health checks and monitoring; Prometheus metrics at `/metrics` behind a token; and the
//! `qiming-server backup` / `restore` commands. Both routes sit outside the access guard and
//! the request log: a health probe every few seconds needs no session and would only fill the
//! log.

pub mod backup;
pub mod health;
pub mod metrics;

pub use metrics::Metrics;

use crate::state::AppState;
use axum::routing::get;
use axum::{Extension, Router};

/// `/api/health` and `/metrics`, to be merged into the application's router before its
/// fallback; `metrics` is the registry the [`metrics::track`] layer counts into.
pub fn routes(metrics: Metrics) -> Router<AppState> {
    Router::new()
        .route("/api/health", get(health::health))
        .route("/metrics", get(metrics::scrape))
        .layer(Extension(metrics))
}
