//! The application state: what every handler can reach. Each area keeps its caches in a
//! state of its own (`<area>/state.rs`); this module names those and the shared services, and
//! nothing that names it back (the crate root opens it: `AppState::open`).

use crate::config::Config;
use crate::support::Clock;
use crate::{access, auth, db, file, journal, live, permission, support, system, visualdev};
use std::sync::Arc;

/// What every handler can reach: the database, the configuration, the password hasher, the
/// clock, the outgoing clients, the queues and each area's caches.
#[derive(Clone)]
pub struct AppState(pub(crate) Arc<Inner>);

pub struct Inner {
    pub db: db::Db,
    pub config: Config,
    pub hasher: support::password_hash::Hasher,
    pub clock: Clock,
    /// Where uploaded files' bytes live (local disk under the data directory by default).
    pub files: file::Storage,
    /// The client of outgoing HTTP(S) calls (data interfaces, DingTalk, WeCom).
    pub http: reqwest::Client,
    /// The request and operation logs' queue, and its receiving end until the writer starts.
    pub journal: journal::Journal,
    pub(crate) journal_queue: std::sync::Mutex<Option<tokio::sync::mpsc::Receiver<journal::Entry>>>,
    /// The WebSocket connections of this process and the live events' bus.
    pub live: live::Hub,
    pub(crate) live_events: std::sync::Mutex<Option<tokio::sync::mpsc::Receiver<live::Event>>>,
    /// The access checks' caches.
    pub access: access::state::AccessState,
    /// The sign-in area's state.
    pub auth: auth::state::AuthState,
    /// The permission area's caches.
    pub permission: permission::state::PermissionState,
    /// The system area's caches and data-interface runners.
    pub system: system::state::SystemState,
    /// The model designer's and the records' caches.
    pub visualdev: visualdev::state::VisualdevState,
}

impl AsRef<Config> for AppState {
    fn as_ref(&self) -> &Config {
        &self.config
    }
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}
