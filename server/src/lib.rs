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
pub mod ops;
pub mod permission;
pub mod request;
pub mod seed;
pub mod serve;
pub mod support;
pub mod system;
pub mod visualdev;
pub mod web;
pub mod wire;

use anyhow::Context;
use axum::Router;
use axum::middleware;
use std::net::SocketAddr;
use std::sync::Arc;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;

pub use config::Config;
pub use error::AppError;
pub use support::Clock;

/// What every handler can reach: the database, the configuration, the password hasher, the
/// clock and the caches.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

pub struct Inner {
    pub db: db::Db,
    pub config: Config,
    pub hasher: support::password_hash::Hasher,
    pub clock: Clock,
    /// Where uploaded files' bytes live (local disk under the data directory by default).
    pub files: file::Storage,
    /// CurrentUser answers (the envelope's JSON) per session, while nothing they are built
    /// from has changed.
    pub current_users: support::cache::GenerationCache<axum::body::Bytes>,
    /// Each system's menus and page items while the menus' generation stays the same.
    pub menu_snapshots: support::cache::GenerationCache<Arc<permission::repo::menu::Snapshot>>,
    /// The DictionaryData/All answer (the envelope's JSON) while no dictionary has changed.
    pub dictionaries: support::cache::GenerationCache<axum::body::Bytes>,
    /// Released models resolved to their record tables, per model while its released
    /// version stays the same (base_visual_stamp).
    pub released_models: support::cache::GenerationCache<Arc<visualdev::online::service::Loaded>>,
    /// Record lists' totals, per count (table, scope, filters) while no record of the model
    /// was written (base_visual_stamp).
    pub record_totals: support::cache::GenerationCache<i64>,
    /// Record lists' answers, per page asked (filters, scope, sort, page, fields shown) while
    /// nothing they show changed (see `visualdev::online::service::list`).
    pub record_pages: support::cache::GenerationCache<Arc<wire::PageOf<visualdev::dto::RecordRow>>>,
    /// What a member may do with a model's records (menu, buttons, fields, data scope), per
    /// member, model and menu while nothing it is built from changed (generation row 1).
    pub record_grants: support::cache::GenerationCache<Arc<access::RecordGrant>>,
    /// Where data-interface SQL runs: connections of its own, read-only, with a time limit.
    pub interface_sql: system::data_interface::SqlRunner,
    /// The client of HTTP data interfaces: internal addresses refused unless allowed by name.
    pub interface_http: reqwest::Client,
    /// The client of outgoing HTTP(S) calls (data interfaces, DingTalk, WeCom).
    pub http: reqwest::Client,
    /// The request and operation logs' queue, and its receiving end until the writer starts.
    pub journal: journal::Journal,
    journal_queue: std::sync::Mutex<Option<tokio::sync::mpsc::Receiver<journal::Entry>>>,
    /// The WebSocket connections of this process and the live events' bus.
    pub live: live::Hub,
    live_events: std::sync::Mutex<Option<tokio::sync::mpsc::Receiver<live::Event>>>,
    /// The third-party import's writer (the permission area's), which the system area that
    /// runs the import cannot name.
    pub write_directory: system::third_party::service::WriteDirectory,
    /// The file area's `hold`, which the message area (below it) cannot name.
    pub hold_files: message::service::HoldFiles,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

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
        let current_users = support::cache::GenerationCache::new(4096);
        let dictionaries = support::cache::GenerationCache::new(4);
        let menu_snapshots = support::cache::GenerationCache::new(64);
        let released_models = support::cache::GenerationCache::new(1024);
        let record_totals = support::cache::GenerationCache::new(16_384);
        let record_pages = support::cache::GenerationCache::new(4096);
        let record_grants = support::cache::GenerationCache::new(16_384);
        let (journal, queue) = journal::Journal::new();
        let journal_queue = std::sync::Mutex::new(Some(queue));
        let (live, events) = live::Hub::new();
        let live_events = std::sync::Mutex::new(Some(events));
        let state = AppState(Arc::new(Inner {
            db,
            config,
            hasher,
            clock,
            files,
            http,
            interface_sql,
            interface_http,
            current_users,
            menu_snapshots,
            dictionaries,
            released_models,
            record_totals,
            record_pages,
            record_grants,
            journal,
            journal_queue,
            live,
            live_events,
            write_directory: permission::import::WRITER,
            hold_files: file::service::HOLDER,
        }));
        let report = seed::apply(&state).await.context("seeding the database")?;
        Ok((state, report))
    }
}

/// The whole application: `/api/*` (never falls back to the web app; every route behind the
/// access guard) and the web app with an SPA fallback to index.html.
pub fn app(state: AppState) -> Router {
    let request_timeout = state.config.request_timeout;
    let state_pace = (state.config.body_min_rate, state.config.body_grace);
    let (api, _, _) = api::routes().split();
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
