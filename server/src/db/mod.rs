//! The database: one code path for SQLite and PostgreSQL through sqlx's Any driver and one
//! migration folder for both. Portable conventions: `$n` placeholders, ids as TEXT, times as
//! BIGINT epoch milliseconds, flags as BIGINT 0/1.

mod conn;
mod sql;
mod unique;

pub use conn::{Conn, Engine, Tx};
pub(crate) use sql::columns;
pub use sql::{Arg, Keyword, Sql, counts_any, delete_row, fold, insert_row, keyword_like, like, like_anywhere, paged, toggle_enabled, update_row};
pub use unique::{Duplicate, known_constraint_names, unique_violation};

use anyhow::Context;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::MigrateDatabase;

/// The pool, whose transactions take SQLite's write lock at BEGIN (see [`Db::begin`]).
#[derive(Debug, Clone)]
pub struct Db {
    pool: sqlx::AnyPool,
    engine: Engine,
}

impl std::ops::Deref for Db {
    type Target = sqlx::AnyPool;
    fn deref(&self) -> &sqlx::AnyPool {
        &self.pool
    }
}

impl Db {
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Begins a transaction. On SQLite it is `BEGIN IMMEDIATE`: a deferred transaction that
    /// reads and then writes cannot wait for another writer (SQLite answers "database is
    /// locked" at once rather than risk a deadlock), while an immediate one waits its turn
    /// (busy timeout) — with several writers at a time (requests, the request log's writer)
    /// that difference is a refused request.
    pub async fn begin(&self) -> Result<Tx, sqlx::Error> {
        match self.engine {
            Engine::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Engine::Postgres => self.pool.begin().await,
        }
    }
}

/// The migrations compiled into the binary (the health check compares them with the applied ones).
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// SQLite: how much of the database file each connection reads through a memory mapping.
pub const SQLITE_MMAP_BYTES: i64 = 256 * 1024 * 1024;
/// SQLite: each connection's page cache, in KiB (four connections: 32 MiB at most).
pub const SQLITE_CACHE_KIB: i64 = 8 * 1024;

/// Opens (creating the SQLite file or the PostgreSQL database when missing) and migrates.
pub async fn connect(url: &str) -> anyhow::Result<Db> {
    install_default_drivers();
    let engine = Engine::of_url(url)?;
    if let Some(dir) = sqlite_dir(url) {
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {dir}"))?;
    }
    if !sqlx::Any::database_exists(url).await.unwrap_or(false) {
        sqlx::Any::create_database(url).await.context("creating the database")?;
    }
    let is_sqlite = engine == Engine::Sqlite;
    let db = AnyPoolOptions::new()
        .max_connections(if is_sqlite { 4 } else { 10 })
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if is_sqlite {
                    // WAL lets readers run beside the writer; NORMAL is safe with WAL.
                    sqlx::query("PRAGMA journal_mode = WAL").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA synchronous = NORMAL").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA foreign_keys = ON").execute(&mut *conn).await?;
                    // Issue 26: reads of large record tables through the file's mapping
                    // (the kernel's page cache, shared by the connections, not copied into
                    // each) and a page cache of SQLITE_CACHE_KIB per connection (SQLite's
                    // default is 2 MiB).
                    sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA mmap_size = {SQLITE_MMAP_BYTES}"))).execute(&mut *conn).await?;
                    sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA cache_size = -{SQLITE_CACHE_KIB}"))).execute(&mut *conn).await?;
                }
                Ok(())
            })
        })
        .connect(url)
        .await
        .context("connecting to the database")?;
    MIGRATOR.run(&db).await.context("migrating the database")?;
    Ok(Db { pool: db, engine })
}

/// Marks that something cached answers are built from has changed (migrations/0002): called
/// by every repository function that writes users, roles, grants, menus, systems or the
/// configuration, inside the caller's transaction.
pub async fn bump_generation(conn: &mut Conn) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE qiming_generation SET value = value + 1 WHERE id = 1").execute(conn).await?;
    Ok(())
}

/// Marks that menus, their page items or the systems changed: what CurrentUser is built from
/// (row 1) and, apart from it, the menus' own snapshot (row 3, migration 0019), which the far
/// more frequent changes of users, roles and grants leave cached. Called by every repository
/// function that writes base_system, base_module or base_module_item, instead of
/// [`bump_generation`].
pub async fn bump_menu_generation(conn: &mut Conn) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE qiming_generation SET value = value + 1 WHERE id IN (1, 3)").execute(conn).await?;
    Ok(())
}

/// Marks that a dictionary changed (0006_system_data.sql): DictionaryData/All is cached per
/// value of row 2.
pub async fn bump_dictionary_generation(conn: &mut Conn) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE qiming_generation SET value = value + 1 WHERE id = 2").execute(conn).await?;
    Ok(())
}

/// The menus' generation (see [`bump_menu_generation`]).
pub async fn menu_generation(conn: &mut Conn) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT value FROM qiming_generation WHERE id = 3").fetch_one(conn).await
}

/// The directory of a `sqlite://dir/file.db?…` URL, if it is one and has one.
fn sqlite_dir(url: &str) -> Option<String> {
    let path = url.strip_prefix("sqlite:")?.trim_start_matches("//");
    let path = path.split('?').next()?;
    let dir = std::path::Path::new(path).parent()?.to_str()?;
    (!dir.is_empty() && path != ":memory:").then(|| dir.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_dir_of_url() {
        assert_eq!(sqlite_dir("sqlite://data/qiming.db?mode=rwc").as_deref(), Some("data"));
        assert_eq!(sqlite_dir("sqlite:qiming.db"), None);
        assert_eq!(sqlite_dir("postgres://h/db"), None);
    }

    #[test]
    fn engine_of_url() {
        assert_eq!(Engine::of_url("sqlite://x.db").unwrap(), Engine::Sqlite);
        assert_eq!(Engine::of_url("postgresql://h/db").unwrap(), Engine::Postgres);
        assert!(Engine::of_url("mysql://h/db").is_err());
    }
}
