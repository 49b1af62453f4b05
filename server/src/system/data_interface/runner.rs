//! Where a checked interface statement runs: never on the platform's own pool and never inside
//! a write transaction, so one slow or hostile statement cannot stop sign-ins and saves.
//!
//! - SQLite: a separate pool of read-only connections (the file opened `SQLITE_OPEN_READONLY`)
//!   whose authorizer lets a statement read only the readable tables (never `password_hash`)
//!   and call only the allowed functions, in the main database — the guard's rules enforced a
//!   second time by the engine itself, whatever the parser missed. A progress handler stops the
//!   statement at the time limit, or as soon as its caller went away (the answer's future was
//!   dropped, e.g. the client disconnected).
//! - PostgreSQL: a separate small pool; each statement runs in `BEGIN READ ONLY` with `SET
//!   LOCAL statement_timeout`, as the role `qiming_interface_reader` when Qiming could create it
//!   (SELECT on the readable tables only; see [`prepare_reader_role`]).
//! - Released models' record tables (`rec_…`) are readable only by a statement the guard
//!   scoped (`guard::Parsed::scoped`), and only the ones it names: on SQLite the authorizer
//!   allows them for the length of that one statement on that one connection
//!   ([`RECORD_READS`]); on PostgreSQL the reader role is granted SELECT on each the first time
//!   a scoped statement reads it (tables released later are never granted ahead).
//! - Both: at most as many statements at once as the pool has connections; a caller waits at
//!   most a few seconds for one, then hears 数据接口繁忙.

use super::guard::{allowed_function, readable_table, record_table, refused_column, reserved_name};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
use crate::db::{Arg, Engine};
use serde_json::{Map, Value};
use sqlx::{Column, Row};
use std::ffi::{CStr, c_char, c_int, c_void};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The role interface statements run as on PostgreSQL.
const READER_ROLE: &str = "qiming_interface_reader";

/// The view users are read through (guard.rs).
const USER_VIEW: &str = "qiming_user_directory";

/// How long a call waits for a free interface connection before it is told the interfaces are busy.
const ACQUIRE_WAIT: Duration = Duration::from_secs(5);

/// Binds a checked statement's values in placeholder order (the query types of the two pools
/// differ, the binding does not).
macro_rules! bind_args {
    ($query:expr, $args:expr) => {{
        let mut q = $query;
        for arg in $args {
            q = match arg {
                Arg::Text(v) => q.bind(v.clone()),
                Arg::Int(v) => q.bind(*v),
                Arg::NullText => q.bind(None::<String>),
                Arg::NullInt => q.bind(None::<i64>),
            };
        }
        q
    }};
}

/// Why a statement gave no rows.
#[derive(Debug)]
pub enum RunError {
    /// Stopped at the time limit.
    Timeout(Duration),
    /// Every interface connection stayed busy.
    Busy,
    /// The database refused or failed the statement.
    Database(String),
}

/// The interface statements' own connections.
pub struct SqlRunner {
    pool: Pool,
    limit: Duration,
}

enum Pool {
    Sqlite(sqlx::SqlitePool),
    /// `platform` cancels a statement whose caller went away (pg_cancel_backend).
    Postgres { pool: sqlx::AnyPool, as_reader: bool, platform: sqlx::AnyPool, granted: Mutex<BTreeSet<String>> },
}

/// The record tables the statement running on a SQLite interface connection may read, by the
/// connection's handle (the authorizer's user data): set for one statement, removed after it.
static RECORD_READS: Mutex<BTreeMap<usize, BTreeSet<String>>> = Mutex::new(BTreeMap::new());

/// Removes a connection's record tables when its statement ends or is abandoned.
struct RecordReads(usize);

impl Drop for RecordReads {
    fn drop(&mut self) {
        if let Ok(mut reads) = RECORD_READS.lock() {
            reads.remove(&self.0);
        }
    }
}

fn record_read_allowed(connection: usize, table: &str) -> bool {
    RECORD_READS.lock().is_ok_and(|reads| reads.get(&connection).is_some_and(|t| t.contains(&table.to_ascii_lowercase())))
}

impl SqlRunner {
    /// Opens the pool (lazily: no connection until the first call) for the platform database
    /// at `url`; on PostgreSQL prepares the reader role through `platform` when it can.
    pub async fn open(url: &str, engine: Engine, platform: &sqlx::AnyPool, limit: Duration, connections: u32) -> anyhow::Result<SqlRunner> {
        let connections = connections.max(1);
        let pool = match engine {
            Engine::Sqlite => {
                let options = sqlx::sqlite::SqliteConnectOptions::from_str(url)?.read_only(true).create_if_missing(false);
                let pool = sqlx::sqlite::SqlitePoolOptions::new()
                    .max_connections(connections)
                    .acquire_timeout(ACQUIRE_WAIT)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            let mut handle = conn.lock_handle().await?;
                            // SAFETY: the handle is locked, so the connection's worker makes no
                            // call on it meanwhile; `authorize` is a plain function with no state.
                            // The handle's address is the user data: the key of RECORD_READS.
                            unsafe {
                                let db = handle.as_raw_handle().as_ptr();
                                libsqlite3_sys::sqlite3_set_authorizer(db, Some(authorize), db.cast());
                            }
                            Ok(())
                        })
                    })
                    .connect_lazy_with(options);
                Pool::Sqlite(pool)
            }
            Engine::Postgres => {
                let as_reader = match prepare_reader_role(platform).await {
                    Ok(()) => true,
                    Err(e) => {
                        tracing::warn!("data interfaces run without the read-only role {READER_ROLE} (the guard and READ ONLY still apply): {e}");
                        false
                    }
                };
                let pool = sqlx::any::AnyPoolOptions::new().max_connections(connections).acquire_timeout(ACQUIRE_WAIT).connect_lazy(url)?;
                Pool::Postgres { pool, as_reader, platform: platform.clone(), granted: Mutex::new(BTreeSet::new()) }
            }
        };
        Ok(SqlRunner { pool, limit })
    }

    /// The time limit of one statement.
    pub fn limit(&self) -> Duration {
        self.limit
    }

    /// Runs the checked `query` (as the guard printed it) with its values, reading at most
    /// `max_rows` rows; each row as a JSON object. `record_tables` are the released models'
    /// tables the guard scoped in it, which it alone may read.
    pub async fn select(&self, query: &str, args: &[Arg], record_tables: &[String], max_rows: i64) -> Result<Vec<Value>, RunError> {
        let record_tables: BTreeSet<String> = record_tables.iter().filter(|t| record_table(t)).map(|t| t.to_ascii_lowercase()).collect();
        // The checked query as a subquery, so that no more rows than wanted are ever read.
        let limit = max_rows.max(1);
        match &self.pool {
            Pool::Sqlite(pool) => {
                let text = format!("SELECT * FROM ({query}) qiming_data_interface LIMIT {limit}");
                self.select_sqlite(pool, &text, args, record_tables).await
            }
            Pool::Postgres { pool, as_reader, platform, granted } => {
                if *as_reader {
                    grant_records(platform, granted, &record_tables).await;
                }
                // Each row as PostgreSQL's own JSON, so every type a report yields (numeric
                // sums and averages, dates, booleans) arrives as JSON would show it.
                let text = format!("SELECT row_to_json(qiming_data_interface)::text FROM ({query}) qiming_data_interface LIMIT {limit}");
                self.select_postgres(pool, *as_reader, platform, &text, args).await
            }
        }
    }

    async fn select_sqlite(&self, pool: &sqlx::SqlitePool, text: &str, args: &[Arg], record_tables: BTreeSet<String>) -> Result<Vec<Value>, RunError> {
        let mut conn = pool.acquire().await.map_err(acquire_error)?;
        let deadline = Instant::now() + self.limit;
        // Set when this future is dropped before the statement ends (the caller went away).
        let abandoned = Arc::new(AtomicBool::new(false));
        let _abandon = Abandon(abandoned.clone());
        let _reads;
        {
            let mut handle = conn.lock_handle().await.map_err(database_error)?;
            let key = handle.as_raw_handle().as_ptr() as usize;
            RECORD_READS.lock().map_err(|_| RunError::Database("record tables".into()))?.insert(key, record_tables);
            _reads = RecordReads(key);
            let stop = abandoned.clone();
            handle.set_progress_handler(1_000, move || !stop.load(Ordering::Relaxed) && Instant::now() < deadline);
        }
        let q = bind_args!(sqlx::query::<sqlx::Sqlite>(sqlx::AssertSqlSafe(text.to_string())), args);
        let rows = q.fetch_all(&mut *conn).await;
        if let Ok(mut handle) = conn.lock_handle().await {
            handle.remove_progress_handler();
        }
        match rows {
            Ok(rows) => Ok(rows.iter().map(sqlite_row_json).collect()),
            Err(_) if Instant::now() >= deadline => Err(RunError::Timeout(self.limit)),
            Err(e) => Err(database_error(e)),
        }
    }

    async fn select_postgres(&self, pool: &sqlx::AnyPool, as_reader: bool, platform: &sqlx::AnyPool, text: &str, args: &[Arg]) -> Result<Vec<Value>, RunError> {
        let mut tx = pool.begin().await.map_err(acquire_error)?;
        let backend: i32 = sqlx::query_scalar("SELECT pg_backend_pid()").fetch_one(&mut *tx).await.map_err(database_error)?;
        // Cancels the statement on the server when this future is dropped before it ends.
        let mut cancel = CancelBackend { platform: platform.clone(), backend, done: false };
        sqlx::query("SET TRANSACTION READ ONLY").execute(&mut *tx).await.map_err(database_error)?;
        let limit_ms = self.limit.as_millis().max(1);
        sqlx::query(sqlx::AssertSqlSafe(format!("SET LOCAL statement_timeout = {limit_ms}"))).execute(&mut *tx).await.map_err(database_error)?;
        if as_reader {
            sqlx::query(sqlx::AssertSqlSafe(format!("SET LOCAL ROLE {READER_ROLE}"))).execute(&mut *tx).await.map_err(database_error)?;
        }
        let q = bind_args!(sqlx::query(sqlx::AssertSqlSafe(text.to_string())), args);
        let rows = q.fetch_all(&mut *tx).await;
        cancel.done = true;
        let _ = tx.rollback().await;
        match rows {
            Ok(rows) => rows
                .iter()
                .map(|row| {
                    let text: String = row.try_get(0).map_err(database_error)?;
                    serde_json::from_str(&text).map_err(|e| RunError::Database(e.to_string()))
                })
                .collect(),
            // 57014: query_canceled, which statement_timeout raises.
            Err(e) if e.as_database_error().and_then(|d| d.code()).as_deref() == Some("57014") => Err(RunError::Timeout(self.limit)),
            Err(e) => Err(database_error(e)),
        }
    }
}

/// Marks the statement abandoned when the future running it is dropped.
struct Abandon(Arc<AtomicBool>);

impl Drop for Abandon {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Asks PostgreSQL to cancel the statement of `backend` unless it ended (`done`).
struct CancelBackend {
    platform: sqlx::AnyPool,
    backend: i32,
    done: bool,
}

impl Drop for CancelBackend {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        let (platform, backend) = (self.platform.clone(), self.backend);
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let _ = sqlx::query("SELECT pg_cancel_backend($1)").bind(backend).execute(&platform).await;
            });
        }
    }
}

fn acquire_error(e: sqlx::Error) -> RunError {
    match e {
        sqlx::Error::PoolTimedOut => RunError::Busy,
        other => database_error(other),
    }
}

fn database_error(e: sqlx::Error) -> RunError {
    RunError::Database(e.as_database_error().map(|d| d.message().to_string()).unwrap_or_else(|| e.to_string()))
}

/// The SQLite authorizer of interface connections: a SELECT may read the readable tables
/// (and the users' view) of the main database, never `password_hash`, and call the allowed
/// functions; everything else (pragmas, ATTACH, writes, other functions and tables) is denied.
/// (SQLite asks before it runs anything, at prepare time.)
unsafe extern "C" fn authorize(
    connection: *mut c_void,
    action: c_int,
    first: *const c_char,
    second: *const c_char,
    database: *const c_char,
    _: *const c_char,
) -> c_int {
    use libsqlite3_sys::{SQLITE_DENY, SQLITE_FUNCTION, SQLITE_OK, SQLITE_READ, SQLITE_RECURSIVE, SQLITE_SELECT};
    // SAFETY: SQLite passes NUL-terminated strings or null pointers, valid during the call.
    let text = |p: *const c_char| if p.is_null() { "" } else { unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("\u{0}") };
    let allowed = match action {
        SQLITE_SELECT | SQLITE_RECURSIVE => true,
        SQLITE_READ => {
            let (table, column) = (text(first), text(second));
            let readable = readable_table(table) || table.eq_ignore_ascii_case(USER_VIEW) || (record_table(table) && record_read_allowed(connection as usize, table));
            if column.is_empty() {
                // A read of no particular column (count(*)), of a table or of a WITH name,
                // whose database SQLite does not say; WITH names are never the platform's.
                readable || !reserved_name(&table.to_ascii_lowercase())
            } else {
                matches!(text(database), "main" | "") && !refused_column(column) && readable
            }
        }
        SQLITE_FUNCTION => allowed_function(&text(second).to_ascii_lowercase()),
        _ => false,
    };
    if allowed { SQLITE_OK } else { SQLITE_DENY }
}

/// Grants the reader role SELECT on the record tables a scoped statement reads, once per
/// table and process (the tables are the registry's names, `rec_` and letters, digits and
/// underscores). A grant that fails leaves the statement to be refused by PostgreSQL.
async fn grant_records(platform: &sqlx::AnyPool, granted: &Mutex<BTreeSet<String>>, tables: &BTreeSet<String>) {
    let missing: Vec<String> = match granted.lock() {
        Ok(g) => tables.iter().filter(|t| !g.contains(*t)).cloned().collect(),
        Err(_) => return,
    };
    for table in missing {
        let grant = format!("GRANT SELECT ON public.{table} TO {READER_ROLE}");
        match sqlx::query(sqlx::AssertSqlSafe(grant)).execute(platform).await {
            Ok(_) => {
                if let Ok(mut g) = granted.lock() {
                    g.insert(table);
                }
            }
            Err(e) => tracing::warn!("data interfaces: granting {READER_ROLE} SELECT on {table} failed: {e}"),
        }
    }
}

/// Creates (once per cluster) the role interface statements run as and grants it SELECT on
/// exactly the readable tables and the users' view of this database, revoking anything else
/// it was given. Needs the right to create roles (the default superuser setup has it).
pub async fn prepare_reader_role(platform: &sqlx::AnyPool) -> Result<(), sqlx::Error> {
    let mut conn = platform.acquire().await?;
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)").bind(READER_ROLE).fetch_one(&mut *conn).await?;
    if !exists {
        // Several processes (or test databases of one cluster) may race to create it.
        if let Err(e) = sqlx::query(sqlx::AssertSqlSafe(format!("CREATE ROLE {READER_ROLE} NOLOGIN"))).execute(&mut *conn).await {
            let raced = e.as_database_error().and_then(|d| d.code()).is_some_and(|c| c == "42710" || c == "23505");
            if !raced {
                return Err(e);
            }
        }
    }
    // The connecting user must be able to SET ROLE to it.
    let _ = sqlx::query(sqlx::AssertSqlSafe(format!("GRANT {READER_ROLE} TO CURRENT_USER"))).execute(&mut *conn).await;
    sqlx::query(sqlx::AssertSqlSafe(format!("REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {READER_ROLE}"))).execute(&mut *conn).await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("GRANT USAGE ON SCHEMA public TO {READER_ROLE}"))).execute(&mut *conn).await?;
    let tables: Vec<String> = sqlx::query_scalar("SELECT tablename::text FROM pg_tables WHERE schemaname = 'public'").fetch_all(&mut *conn).await?;
    // base_user itself is read through the view only (it holds the password hash).
    for table in tables.iter().filter(|t| readable_table(t) && t.as_str() != "base_user").map(String::as_str).chain([USER_VIEW]) {
        sqlx::query(sqlx::AssertSqlSafe(format!("GRANT SELECT ON public.{table} TO {READER_ROLE}"))).execute(&mut *conn).await?;
    }
    Ok(())
}

/// A row as a JSON object: numbers, text and nulls as they are.
fn sqlite_row_json(row: &sqlx::sqlite::SqliteRow) -> Value {
    let mut map = Map::new();
    for (i, column) in row.columns().iter().enumerate() {
        let value = if let Ok(v) = row.try_get::<Option<i64>, _>(i) {
            v.map(Value::from).unwrap_or(Value::Null)
        } else if let Ok(v) = row.try_get::<Option<f64>, _>(i) {
            v.map(Value::from).unwrap_or(Value::Null)
        } else if let Ok(v) = row.try_get::<Option<String>, _>(i) {
            v.map(Value::from).unwrap_or(Value::Null)
        } else {
            Value::Null
        };
        map.insert(column.name().to_string(), value);
    }
    Value::Object(map)
}
