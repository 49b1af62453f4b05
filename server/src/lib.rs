//! Qiming's server: the JNPF 3.4.7-compatible API and the built web app in one binary.
//!
//! A request flows router → handler (parses, checks the caller's capability) → service (the
//! rule, in a transaction) → repository (sqlx) → database. `main.rs` only bootstraps; the
//! integration tests start the same server through [`start`] on port 0.

pub mod access;
pub mod api;
pub mod auth;
pub mod config;
pub mod db;
pub mod error;
pub mod file;
pub mod housekeeping;
pub mod journal;
pub mod live;
pub mod message;
pub mod permission;
pub mod request;
pub mod seed;
pub mod serve;
pub mod state;
pub mod support;
pub mod system;
pub mod visualdev;
pub mod web;
pub mod wire;

use anyhow::Context;
use axum::Router;
use axum::middleware;
use std::net::SocketAddr;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;

pub use config::Config;
pub use error::AppError;
pub use state::AppState;
pub use support::Clock;

static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// The whole API: every area's routes and the OpenAPI document route.
pub fn routes() -> api::ApiRoutes {
    api::ApiRoutes::new()
        .merge(auth::routes())
        .merge(permission::routes())
        .merge(system::routes())
        .merge(file::routes())
        .merge(visualdev::routes())
        .merge(message::routes())
        .route(utoipa_axum::routes!(openapi_document))
}

/// The OpenAPI document of the whole API, as served (pretty JSON).
pub fn document() -> &'static str {
    DOCUMENT.get_or_init(|| {
        let (_, doc, _) = routes().split();
        let mut text = doc.to_pretty_json().expect("the OpenAPI document serialises");
        text.push('\n');
        text
    })
}

/// GET /api/openapi.json: this document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "api",
    summary = "The OpenAPI 3.1 document of this API (web/src/api/openapi.json is a copy of it)",
    responses((status = 200, description = "The document", content_type = "application/json", body = Object)))]
async fn openapi_document() -> ([(axum::http::HeaderName, &'static str); 1], &'static str) {
    ([(axum::http::header::CONTENT_TYPE, "application/json")], document())
}

/// The whole application: `/api/*` (never falls back to the web app; every route behind the
/// access guard) and the web app with an SPA fallback to index.html.
pub fn app(state: AppState) -> Router {
    let request_timeout = state.config.request_timeout;
    let state_pace = (state.config.body_min_rate, state.config.body_grace);
    let (api, _, _) = routes().split();
    let api = api
        .route_layer(middleware::from_fn_with_state(state.clone(), access::guard))
        .route_layer(middleware::from_fn_with_state(state.clone(), journal::record))
        // Unknown /api paths and methods (including "/api" and "/api/" themselves).
        .route("/api", axum::routing::any(web::api_not_found))
        .route("/api/", axum::routing::any(web::api_not_found))
        .route("/api/{*rest}", axum::routing::any(web::api_not_found))
        // The WebSocket (its token in the path, checked by the socket itself), outside the
        // access guard, which reads the Authorization header.
        .route("/websocket/{token}", axum::routing::get(message::upgrade))
        .route("/api/message/websocket/{token}", axum::routing::get(message::upgrade))
        .route("/websocket", axum::routing::any(web::api_not_found))
        .route("/websocket/", axum::routing::any(web::api_not_found))
        .route("/websocket/{token}/{*rest}", axum::routing::any(web::api_not_found))
        .method_not_allowed_fallback(web::api_not_found);
    api.fallback_service(web::service(state.config.web_dir.as_deref()))
        .with_state(state)
        .layer(middleware::from_fn_with_state(request_timeout, request::deadline))
        .layer(middleware::from_fn_with_state(
            request::BodyPace { min_rate: state_pace.0, grace: state_pace.1 },
            request::body_pace,
        ))
        .layer(CatchPanicLayer::custom(web::panic_answer))
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn(request::security_headers))
        .layer(middleware::from_fn(request::context))
}

/// A started server.
pub struct Running {
    pub addr: SocketAddr,
    pub state: AppState,
    pub seed: seed::Report,
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
}

/// Opens the database, binds `config.addr` (port 0 picks a free port) and serves, on the
/// system clock.
pub async fn start(config: Config) -> anyhow::Result<Running> {
    start_with_clock(config, Clock::system()).await
}

/// [`start`] with a given clock (tests move an adjustable one forward).
pub async fn start_with_clock(config: Config, clock: Clock) -> anyhow::Result<Running> {
    let addr = config.addr;
    let (state, seed) = AppState::open(config, clock).await?;
    let listener =
        tokio::net::TcpListener::bind(addr).await.with_context(|| format!("listening on {addr}"))?;
    let addr = listener.local_addr()?;
    let limits = serve::Limits {
        max_connections: serve::connection_room(state.config.max_connections),
        header_read_timeout: state.config.header_read_timeout,
    };
    let housekeeping = housekeeping::spawn(state.clone());
    let reminders = system::schedule::service::spawn_reminders(state.clone());
    let queue = state.journal_queue.lock().ok().and_then(|mut q| q.take());
    let journal = queue.map(|queue| journal::spawn(state.clone(), queue));
    let events = state.live_events.lock().ok().and_then(|mut q| q.take());
    let mut live: Vec<tokio::task::JoinHandle<()>> = events.map(|events| message::socket::spawn_events(state.clone(), events)).into_iter().collect();
    if state.db.engine() == db::Engine::Postgres {
        let url = state.config.database_url();
        live.extend(state.live.fan_out_through_postgres(&url).await.context("listening for live events on PostgreSQL")?);
    }
    let app = app(state.clone());
    let task = tokio::spawn(async move {
        let served = serve::serve(listener, app, limits).await;
        housekeeping.abort();
        reminders.abort();
        if let Some(journal) = journal {
            journal.abort();
        }
        for task in live {
            task.abort();
        }
        served
    });
    Ok(Running { addr, state, seed, task })
}
