//! The application state: what every handler can reach.

use crate::config::Config;
use crate::support::Clock;
use crate::{access, db, file, journal, live, message, permission, seed, support, system, visualdev, wire};
use anyhow::Context;
use std::sync::Arc;

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
    pub(crate) journal_queue: std::sync::Mutex<Option<tokio::sync::mpsc::Receiver<journal::Entry>>>,
    /// The WebSocket connections of this process and the live events' bus.
    pub live: live::Hub,
    pub(crate) live_events: std::sync::Mutex<Option<tokio::sync::mpsc::Receiver<live::Event>>>,
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
