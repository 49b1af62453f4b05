//! Prometheus metrics at `/metrics` (OpenMetrics text, `prometheus-client`): requests by
//! method, route template and answer code, their latency, the database pool's connections and
//! the open WebSocket connections.
//!
//! Served only when `QIMING_METRICS_TOKEN` is set, to a scraper that sends it as
//! `Authorization: Bearer <token>` (compared in constant time); without a token configured the
//! path answers 404, as if it did not exist. Routes are counted by their template
//! (`/api/permission/Users/{id}`), never the concrete path, so ids and tokens never become
//! label values and the number of series stays bounded; the web app's paths all count as
//! `(web)`.

use crate::state::AppState;
use crate::error::Refused;
use axum::Extension;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use sha2::{Digest, Sha256};
use std::sync::Arc;
use std::time::Instant;
use subtle::ConstantTimeEq;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    route: String,
    /// The HTTP status.
    status: u16,
    /// The answer's `code`: the envelope's for a refused API call (400, 403, 404, 600 …),
    /// otherwise the HTTP status.
    code: i64,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    method: &'static str,
    route: String,
}

/// The process's metrics; cheap to clone.
#[derive(Clone)]
pub struct Metrics(Arc<Inner>);

struct Inner {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram>,
    in_flight: Gauge,
    pool_connections: Gauge,
    pool_idle: Gauge,
    pool_max: Gauge,
    websockets: Gauge,
}

fn latency_histogram() -> Histogram {
    // 5 ms … 20 s.
    Histogram::new(exponential_buckets(0.005, 2.0, 13))
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("qiming");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register("http_requests", "HTTP requests answered, by method, route template, status and answer code", requests.clone());
        let latency = Family::<RouteLabels, Histogram>::new_with_constructor(latency_histogram as fn() -> Histogram);
        registry.register("http_request_duration_seconds", "Time to answer a request, by method and route template", latency.clone());
        let in_flight = Gauge::default();
        registry.register("http_requests_in_flight", "Requests being answered", in_flight.clone());
        let pool_connections = Gauge::default();
        registry.register("db_pool_connections", "Open connections of the database pool", pool_connections.clone());
        let pool_idle = Gauge::default();
        registry.register("db_pool_idle_connections", "Idle connections of the database pool", pool_idle.clone());
        let pool_max = Gauge::default();
        registry.register("db_pool_max_connections", "The database pool's limit", pool_max.clone());
        let websockets = Gauge::default();
        registry.register("websocket_connections", "Open WebSocket connections", websockets.clone());
        Metrics(Arc::new(Inner { registry, requests, latency, in_flight, pool_connections, pool_idle, pool_max, websockets }))
    }

    /// The text a scrape answers, with the gauges read from `state` now.
    pub fn render(&self, state: &AppState) -> String {
        let m = &self.0;
        m.pool_connections.set(i64::from(state.db.size()));
        m.pool_idle.set(state.db.num_idle() as i64);
        m.pool_max.set(i64::from(state.db.options().get_max_connections()));
        m.websockets.set(state.live.connections() as i64);
        let mut out = String::new();
        if let Err(e) = prometheus_client::encoding::text::encode(&mut out, &m.registry) {
            tracing::error!(error = %e, "encoding the metrics failed");
        }
        out
    }
}

/// A method as a label: the standard ones, anything else `other` (a client may send any word).
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// The layer that counts every request (a `Router::layer`, so that the matched route's
/// template is known).
pub async fn track(State(metrics): State<Metrics>, req: Request, next: Next) -> Response {
    let route = req.extensions().get::<MatchedPath>().map_or_else(|| "(web)".to_string(), |p| p.as_str().to_string());
    let method = method_label(req.method());
    let started = Instant::now();
    let m = &metrics.0;
    m.in_flight.inc();
    let res = next.run(req).await;
    m.in_flight.dec();
    let status = res.status().as_u16();
    let code = res.extensions().get::<Refused>().map_or(i64::from(status), |r| r.code);
    m.latency.get_or_create(&RouteLabels { method, route: route.clone() }).observe(started.elapsed().as_secs_f64());
    m.requests.get_or_create(&RequestLabels { method, route, status, code }).inc();
    res
}

/// Whether `given` is the configured token, in time independent of where they differ (both
/// hashed first, so their lengths do not show either).
pub fn token_matches(given: &str, configured: &str) -> bool {
    let given = Sha256::digest(given.as_bytes());
    let configured = Sha256::digest(configured.as_bytes());
    bool::from(given.as_slice().ct_eq(configured.as_slice()))
}

/// `GET /metrics`.
pub async fn scrape(State(state): State<AppState>, Extension(metrics): Extension<Metrics>, headers: HeaderMap) -> Response {
    let configured = state.config.metrics_token.trim();
    if configured.is_empty() {
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    }
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
        .map(str::trim)
        .unwrap_or("");
    if given.is_empty() || !token_matches(given, configured) {
        return (StatusCode::UNAUTHORIZED, [(header::WWW_AUTHENTICATE, "Bearer")], "Unauthorized").into_response();
    }
    (
        [(header::CONTENT_TYPE, "application/openmetrics-text; version=1.0.0; charset=utf-8"), (header::CACHE_CONTROL, "no-store")],
        metrics.render(&state),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_compared_whole() {
        assert!(token_matches("s3cret-token", "s3cret-token"));
        assert!(!token_matches("s3cret-toke", "s3cret-token"));
        assert!(!token_matches("s3cret-token2", "s3cret-token"));
        assert!(!token_matches("", "s3cret-token"));
    }
}
