//! The database: one code path for SQLite and PostgreSQL through sqlx's Any driver.
//! Portable conventions: `$n` placeholders, ids as TEXT, times as BIGINT epoch milliseconds,
//! flags as BIGINT 0/1. Each engine has its own migration folder, chosen by URL scheme.

use anyhow::Context;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::MigrateDatabase;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

pub type Db = sqlx::AnyPool;
pub type Conn = sqlx::AnyConnection;
pub type Tx = sqlx::Transaction<'static, sqlx::Any>;

static SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("migrations/postgres");

/// Opens (creating the SQLite file or the PostgreSQL database when missing) and migrates.
pub async fn connect(url: &str) -> anyhow::Result<Db> {
    install_default_drivers();
    let migrator = if url.starts_with("sqlite:") {
        &SQLITE
    } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        &POSTGRES
    } else {
        anyhow::bail!("DATABASE_URL must start with sqlite:// or postgres://");
    };
    if let Some(dir) = sqlite_dir(url) {
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {dir}"))?;
    }
    if !sqlx::Any::database_exists(url).await.unwrap_or(false) {
        sqlx::Any::create_database(url).await.context("creating the database")?;
    }
    let is_sqlite = url.starts_with("sqlite:");
    let db = AnyPoolOptions::new()
        .max_connections(if is_sqlite { 4 } else { 10 })
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if is_sqlite {
                    // WAL lets readers run beside the writer; NORMAL is safe with WAL.
                    sqlx::query("PRAGMA journal_mode = WAL").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA synchronous = NORMAL").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA foreign_keys = ON").execute(&mut *conn).await?;
                }
                Ok(())
            })
        })
        .connect(url)
        .await
        .context("connecting to the database")?;
    migrator.run(&db).await.context("migrating the database")?;
    Ok(db)
}

/// The directory of a `sqlite://dir/file.db?…` URL, if it is one and has one.
fn sqlite_dir(url: &str) -> Option<String> {
    let path = url.strip_prefix("sqlite:")?.trim_start_matches("//");
    let path = path.split('?').next()?;
    let dir = std::path::Path::new(path).parent()?.to_str()?;
    (!dir.is_empty() && path != ":memory:").then(|| dir.to_string())
}

/// Now as epoch milliseconds (JNPF's wire unit).
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// A JNPF-style id: an 18–19 digit decimal string, time-ordered. Milliseconds since 2020
/// in the high bits, then a per-process random part; ids of one process are strictly
/// increasing (so never equal), and two processes collide only if they share the random
/// part and the millisecond.
pub fn new_id() -> String {
    static LAST: AtomicU64 = AtomicU64::new(0);
    static PROCESS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let process = *PROCESS.get_or_init(|| u64::from_le_bytes(crate::random_bytes::<8>()) & 0x3ff);
    let ms = (now_ms() - 1_577_836_800_000).max(0) as u64;
    let candidate = (ms << 22) | (process << 12);
    let mut last = LAST.load(Ordering::Relaxed);
    let id = loop {
        let next = candidate.max(last + 1);
        match LAST.compare_exchange_weak(last, next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => break next,
            Err(seen) => last = seen,
        }
    };
    // Keep the id ≥ 10^17 so every id has at least 18 digits.
    (100_000_000_000_000_000u64 + id).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_jnpf_shaped_and_unique() {
        let ids: std::collections::BTreeSet<String> = (0..10_000).map(|_| new_id()).collect();
        assert_eq!(ids.len(), 10_000);
        assert!(ids.iter().all(|i| (18..=19).contains(&i.len()) && i.bytes().all(|b| b.is_ascii_digit())));
    }

    #[test]
    fn sqlite_dir_of_url() {
        assert_eq!(sqlite_dir("sqlite://data/qiming.db?mode=rwc").as_deref(), Some("data"));
        assert_eq!(sqlite_dir("sqlite:qiming.db"), None);
        assert_eq!(sqlite_dir("postgres://h/db"), None);
    }
}
