//! Qiming's server: the JNPF 3.4.7-compatible API and the built web app in one binary.
//!
//! A request flows router → handler (parses, checks the caller's capability) → service (the
//! rule, in a transaction) → repository (sqlx) → database. `main.rs` only bootstraps; the
//! integration tests start the same server through [`start`] on port 0.

pub mod access;
pub mod api;
pub mod auth;
pub mod config;
pub mod crud;
pub mod db;
pub mod error;
pub mod file;
pub mod housekeeping;
pub mod journal;
pub mod live;
pub mod message;
pub mod ops;
pub mod permission;
pub mod request;
pub mod request_id;
pub mod seed;
pub mod serve;
pub mod state;
pub mod support;
pub mod system;
pub mod visualdev;
pub mod web;
pub mod wire;
pub mod workflow;

use anyhow::Context;
use axum::Router;
use axum::middleware;
use std::net::SocketAddr;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;

pub use config::Config;
pub use error::AppError;
pub use state::AppState;
use state::Inner;
pub use support::Clock;

static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();

impl AppState {
    /// Connects, migrates and seeds; returns the state and what seeding did.
    pub async fn open(config: Config, clock: Clock) -> anyhow::Result<(AppState, seed::Report)> {
        let db = db::connect(&config.database_url()).await?;
        let interface_sql = system::data_interface::SqlRunner::open(
            &config.database_url(),
            db.engine(),
            &db,
            config.interface_sql_timeout,
            config.interface_sql_connections,
        )
        .await
        .context("opening the data interfaces' connections")?;
        let files = file::Storage::open(&config).context("opening the file store")?;
        let hasher =
            support::password_hash::Hasher::new(config.password_hash_memory_kib, config.password_hash_iterations, config.password_hash_queue)?;
        let http = support::http::client(config.extra_ca_file.as_deref())?;
        let interface_http = support::http::interface_client(
            config.extra_ca_file.as_deref(),
            support::http::Destinations::new(&config.http_interface_allowed_hosts),
        )?;
        let (journal, queue) = journal::Journal::new();
        let journal_queue = std::sync::Mutex::new(Some(queue));
        let (live, events) = live::Hub::new();
        let live_events = std::sync::Mutex::new(Some(events));
        // What an area below another one calls of it, linked here where both are known.
        system::third_party::service::link_directory_writer(permission::import::WRITER);
        message::service::link_file_holder(file::service::HOLDER);
        system::data_interface::service::link_record_scopes(visualdev::online::service::RECORD_SCOPES);
        let visualdev = visualdev::state::VisualdevState::new(&config);
        let state = AppState(std::sync::Arc::new(Inner {
            db,
            config,
            hasher,
            clock,
            files,
            http,
            journal,
            journal_queue,
            live,
            live_events,
            access: Default::default(),
            auth: Default::default(),
            permission: Default::default(),
            system: system::state::SystemState::new(interface_sql, interface_http),
            visualdev,
        }));
        let report = seed::apply(&state).await.context("seeding the database")?;
        Ok((state, report))
    }
}

/// The whole API: every area's routes and the OpenAPI document route.
pub fn routes() -> api::ApiRoutes {
    api::ApiRoutes::new()
        .merge(auth::routes())
        .merge(permission::routes())
        .merge(system::routes())
        .merge(file::routes())
        .merge(visualdev::routes())
        .merge(message::routes())
        .merge(workflow::routes())
        .route("/api/openapi.json", utoipa_axum::routes!(openapi_document))
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
#[utoipa::path(get, path = crate::api::TABLE, tag = "api",
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
    let metrics = ops::Metrics::new();
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
        .merge(ops::routes(metrics.clone()))
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
        .layer(middleware::from_fn_with_state(metrics, ops::metrics::track))
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
    let journal = queue.map(|queue| journal::writer::spawn(state.db.clone(), queue));
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
