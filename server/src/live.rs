//! Live delivery, below every area: who is connected (the WebSocket connections of each user
//! in this process, each with a bounded queue) and the bus of live events (a message was
//! delivered, a user's sessions changed, a chat message was sent, permissions or the
//! organisations changed).
//!
//! Events are what crosses processes, never frames: a frame often holds per-recipient data
//! (unread counts) that the process holding the recipient's socket computes itself. On SQLite
//! (one process) [`Hub::publish`] hands an event to this process's consumer (the message
//! area's event task). On PostgreSQL ([`Hub::fan_out_through_postgres`]) every event goes out
//! with `NOTIFY` on [`CHANNEL`] and every process — this one too — listens and feeds what it
//! hears to its own consumer, so a user connected to any process sharing the database hears
//! it; no broker besides the database. Events are published after the data they speak of is
//! committed, so a consumer always finds it; one that is missed (a listener reconnecting) loses
//! nothing stored: the client's next `OnConnection` or list shows it.
//!
//! Back-pressure: a connection's queue holds [`QUEUE`] frames. When a frame does not fit, the
//! connection is dropped from the registry and told to close ([`Outbound::Close`] via its
//! kick), so one slow client never slows the others or grows memory.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::{Notify, mpsc};

/// The PostgreSQL channel of live events.
pub const CHANNEL: &str = "qiming_live";
/// Users named in one notification at most: PostgreSQL takes payloads under 8,000 bytes.
const USERS_PER_NOTIFICATION: usize = 250;

/// Frames waiting for one connection at most.
pub const QUEUE: usize = 256;
/// Events waiting for the consumer at most (beyond: dropped with a warning; the data is
/// committed, so a client sees it at its next connection or list).
const EVENTS: usize = 10_000;

/// Something that happened which connected clients should hear of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Event {
    /// In-site message `message_id` was delivered to these users (its receive rows exist).
    Delivered { message_id: String, users: Vec<String> },
    /// Sessions of this user ended (logout, password change, user disabled): its sockets check
    /// their session and, if it ended, are told `logout` and closed.
    SessionsChanged { user_id: String },
    /// In-site message `message_id` was taken back from these users (a withdrawn notice):
    /// their sockets get `initMessage` again with the counts as they are now.
    Withdrawn { message_id: String, users: Vec<String> },
    /// Chat message `id` was sent from `from` to `to`.
    Chat { id: String, from: String, to: String },
    /// What these users may see changed (roles, grants, menus): their sockets are told
    /// `refresh`. `everyone` for a change of the menus themselves; never the user who made
    /// the change (`by`), whose page already shows it.
    PermissionsChanged {
        #[serde(default)]
        users: Vec<String>,
        #[serde(default)]
        everyone: bool,
        #[serde(default)]
        by: String,
    },
    /// A company or department was created, changed (renamed, moved, switched on or off) or
    /// deleted: every socket but those of `by` (whose page already reloaded its trees; empty
    /// for a system job such as a third-party import) is told `organizeChanged`, so the
    /// organisation trees of pages already open read the organisations again.
    OrganizationsChanged {
        #[serde(default)]
        by: String,
    },
}

/// What a connection's task is asked to do.
#[derive(Debug, Clone)]
pub enum Outbound {
    /// Send this text frame.
    Frame(Arc<str>),
    /// Send this `messagePush` of in-site message `message_id`, unless the connection's
    /// `initMessage` already counted that message (its notification can reach a process after
    /// a socket there registered and counted).
    Push { message_id: Arc<str>, frame: Arc<str> },
    /// Check the session; when it ended, say `logout` and close.
    CheckSession,
}

struct Entry {
    id: u64,
    tx: mpsc::Sender<Outbound>,
    kick: Arc<Notify>,
}

#[derive(Default)]
struct Registry {
    by_user: HashMap<String, Vec<Entry>>,
}

/// The connections of this process and the event bus.
#[derive(Clone)]
pub struct Hub(Arc<HubInner>);

struct HubInner {
    registry: Mutex<Registry>,
    next_id: AtomicU64,
    events: mpsc::Sender<Event>,
    dropped_events: AtomicU64,
    /// Set when events go out through PostgreSQL: the queue of the task that notifies.
    remote: OnceLock<mpsc::Sender<Event>>,
}

/// A registered connection: its queue and its kick. Dropping it unregisters the connection.
pub struct Registration {
    pub id: u64,
    pub user_id: String,
    pub rx: mpsc::Receiver<Outbound>,
    /// Notified when the hub dropped the connection because its queue was full.
    pub kick: Arc<Notify>,
    /// Whether this was the user's first connection in this process (others hear `Online`).
    pub first: bool,
    hub: Hub,
}

impl Drop for Registration {
    fn drop(&mut self) {
        self.hub.unregister(&self.user_id, self.id);
    }
}

impl Hub {
    /// A hub and the receiving end of its events (for the consumer task).
    pub fn new() -> (Hub, mpsc::Receiver<Event>) {
        let (events, rx) = mpsc::channel(EVENTS);
        let inner = HubInner { registry: Mutex::new(Registry::default()), next_id: AtomicU64::new(1), events, dropped_events: AtomicU64::new(0), remote: OnceLock::new() };
        (Hub(Arc::new(inner)), rx)
    }

    fn registry(&self) -> std::sync::MutexGuard<'_, Registry> {
        // A panic while holding the lock leaves plain data behind; keep serving.
        self.0.registry.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds a connection of `user_id`.
    pub fn register(&self, user_id: &str) -> Registration {
        let id = self.0.next_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = mpsc::channel(QUEUE);
        let kick = Arc::new(Notify::new());
        let mut registry = self.registry();
        let list = registry.by_user.entry(user_id.to_string()).or_default();
        let first = list.is_empty();
        list.push(Entry { id, tx, kick: kick.clone() });
        Registration { id, user_id: user_id.to_string(), rx, kick, first, hub: self.clone() }
    }

    /// Removes a connection; answers whether it was the user's last one here.
    fn unregister(&self, user_id: &str, id: u64) -> bool {
        let mut registry = self.registry();
        let Some(list) = registry.by_user.get_mut(user_id) else { return false };
        let before = list.len();
        list.retain(|e| e.id != id);
        let removed = list.len() < before;
        if list.is_empty() {
            registry.by_user.remove(user_id);
            return removed;
        }
        false
    }

    /// The users with at least one connection in this process.
    pub fn online_users(&self) -> Vec<String> {
        let mut users: Vec<String> = self.registry().by_user.keys().cloned().collect();
        users.sort();
        users
    }

    /// Those of `users` connected to this process.
    pub fn connected_among(&self, users: &[String]) -> Vec<String> {
        let registry = self.registry();
        users.iter().filter(|u| registry.by_user.contains_key(u.as_str())).cloned().collect()
    }

    /// Connections in this process.
    pub fn connections(&self) -> usize {
        self.registry().by_user.values().map(Vec::len).sum()
    }

    /// Queues `what` for every connection of `user_id`; a connection whose queue is full is
    /// dropped and kicked.
    pub fn send_to(&self, user_id: &str, what: Outbound) {
        let mut registry = self.registry();
        let Some(list) = registry.by_user.get_mut(user_id) else { return };
        list.retain(|e| match e.tx.try_send(what.clone()) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                tracing::warn!(user_id, connection = e.id, "a WebSocket client reads too slowly: its connection is dropped");
                e.kick.notify_one();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        });
        if list.is_empty() {
            registry.by_user.remove(user_id);
        }
    }

    /// Queues a frame for every connection but those of `except`.
    pub fn broadcast(&self, frame: Arc<str>, except: &str) {
        for user in self.online_users() {
            if user != except {
                self.send_to(&user, Outbound::Frame(frame.clone()));
            }
        }
    }

    /// Publishes an event (after its data is committed): to every process sharing the
    /// database when they fan out through PostgreSQL, else to this process.
    pub fn publish(&self, event: Event) {
        match self.0.remote.get() {
            Some(remote) => {
                for part in event.split() {
                    if let Err(e) = remote.try_send(part) {
                        // The notifier is far behind or gone: at least this process hears it.
                        self.deliver(match e {
                            mpsc::error::TrySendError::Full(e) | mpsc::error::TrySendError::Closed(e) => e,
                        });
                    }
                }
            }
            None => self.deliver(event),
        }
    }

    /// Hands an event to this process's consumer.
    fn deliver(&self, event: Event) {
        if self.0.events.try_send(event).is_err() {
            let n = self.0.dropped_events.fetch_add(1, Ordering::Relaxed) + 1;
            tracing::warn!(dropped = n, "live events are not consumed fast enough: an event was dropped");
        }
    }

    /// From now on events go out with `NOTIFY` and come back through `LISTEN`, on the
    /// PostgreSQL database at `url`: two connections of their own, each reconnecting after a
    /// failure. Answers the two tasks.
    pub async fn fan_out_through_postgres(&self, url: &str) -> anyhow::Result<[tokio::task::JoinHandle<()>; 2]> {
        let mut listener = sqlx::postgres::PgListener::connect(url).await?;
        listener.listen(CHANNEL).await?;
        let hub = self.clone();
        let listening = tokio::spawn(async move {
            loop {
                match listener.recv().await {
                    Ok(n) => match serde_json::from_str::<Event>(n.payload()) {
                        Ok(event) => hub.deliver(event),
                        Err(e) => tracing::warn!(error = %e, "an unreadable live event was ignored"),
                    },
                    Err(e) => {
                        // PgListener reconnects on the next recv.
                        tracing::warn!(error = %e, "listening for live events failed; reconnecting");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
        });
        let (tx, mut rx) = mpsc::channel::<Event>(EVENTS);
        let _ = self.0.remote.set(tx);
        let hub = self.clone();
        let url = url.to_string();
        let notifying = tokio::spawn(async move {
            use sqlx::Connection;
            let mut conn: Option<sqlx::PgConnection> = None;
            while let Some(event) = rx.recv().await {
                let payload = match serde_json::to_string(&event) {
                    Ok(p) => p,
                    Err(_) => continue,
                };
                if conn.is_none() {
                    conn = sqlx::PgConnection::connect(&url).await.map_err(|e| tracing::warn!(error = %e, "cannot connect to notify live events")).ok();
                }
                let sent = match conn.as_mut() {
                    Some(c) => sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(&payload).execute(c).await.is_ok(),
                    None => false,
                };
                if !sent {
                    conn = None;
                    // Other processes miss it; this one's users still hear it.
                    hub.deliver(event);
                }
            }
        });
        Ok([listening, notifying])
    }
}

impl Event {
    /// The event in parts small enough for one notification each.
    fn split(self) -> Vec<Event> {
        match self {
            Event::Delivered { message_id, users } if users.len() > USERS_PER_NOTIFICATION => users
                .chunks(USERS_PER_NOTIFICATION)
                .map(|chunk| Event::Delivered { message_id: message_id.clone(), users: chunk.to_vec() })
                .collect(),
            Event::Withdrawn { message_id, users } if users.len() > USERS_PER_NOTIFICATION => users
                .chunks(USERS_PER_NOTIFICATION)
                .map(|chunk| Event::Withdrawn { message_id: message_id.clone(), users: chunk.to_vec() })
                .collect(),
            Event::PermissionsChanged { users, everyone, by } if users.len() > USERS_PER_NOTIFICATION => users
                .chunks(USERS_PER_NOTIFICATION)
                .map(|chunk| Event::PermissionsChanged { users: chunk.to_vec(), everyone, by: by.clone() })
                .collect(),
            other => vec![other],
        }
    }

    /// What these users may see changed (after the change is committed).
    pub fn permissions_of(users: impl IntoIterator<Item = String>, by: &str) -> Event {
        let mut users: Vec<String> = users.into_iter().filter(|u| u != by).collect();
        users.sort();
        users.dedup();
        Event::PermissionsChanged { users, everyone: false, by: by.to_string() }
    }

    /// The organisations changed (after the change is committed), by `by`.
    pub fn organizations_changed(by: &str) -> Event {
        Event::OrganizationsChanged { by: by.to_string() }
    }

    /// The menus changed: what everyone may see (after the change is committed).
    pub fn menus_changed(by: &str) -> Event {
        Event::PermissionsChanged { users: Vec::new(), everyone: true, by: by.to_string() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delivery_to_many_fits_notifications() {
        let users: Vec<String> = (0..1000).map(|i| format!("{:019}", i)).collect();
        let parts = Event::Delivered { message_id: "m".into(), users: users.clone() }.split();
        assert_eq!(parts.len(), 4);
        let mut again = Vec::new();
        for p in parts {
            assert!(serde_json::to_string(&p).unwrap().len() < 8000);
            let Event::Delivered { users, .. } = p else { panic!() };
            again.extend(users);
        }
        assert_eq!(again, users);
    }

    #[test]
    fn an_organisations_change_crosses_processes_as_json() {
        let event = Event::organizations_changed("u1");
        let text = serde_json::to_string(&event).unwrap();
        assert_eq!(text, r#"{"kind":"organizationsChanged","by":"u1"}"#);
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), event);
    }

    #[test]
    fn a_full_queue_drops_and_kicks_only_that_connection() {
        let (hub, _events) = Hub::new();
        let slow = hub.register("u1");
        let mut fast = hub.register("u1");
        assert!(slow.first && !fast.first);
        for i in 0..QUEUE {
            hub.send_to("u1", Outbound::Frame(format!("{i}").into()));
            // The fast one reads everything.
            assert!(fast.rx.try_recv().is_ok());
        }
        assert_eq!(hub.connections(), 2);
        hub.send_to("u1", Outbound::Frame("one too many".into()));
        assert_eq!(hub.connections(), 1, "the slow one is dropped");
        assert!(fast.rx.try_recv().is_ok(), "the fast one still gets it");
        drop(fast);
        assert!(hub.online_users().is_empty());
        drop(slow);
    }
}
