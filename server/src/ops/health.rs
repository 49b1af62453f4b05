//! `GET /api/health`: is the database reachable, and does its schema match the migrations
//! compiled into this binary? HTTP 200 with `{code: 200, msg: "ok", data}` when both hold,
//! HTTP 503 with `code` 503 and the reason in `msg` otherwise — so `curl -f`, Docker's
//! HEALTHCHECK and load balancers can read the status line alone. No session needed; the
//! answer names no table, path or address.

use crate::state::AppState;
use crate::db::{Db, MIGRATOR};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::collections::BTreeSet;
use std::time::Duration;

/// How long the database may take to answer before the server counts as unhealthy.
const DATABASE_DEADLINE: Duration = Duration::from_secs(5);

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Health {
    /// `ok`, or `unavailable` (database unreachable) or `migrations` (schema not current).
    pub status: &'static str,
    /// The database answered `SELECT 1` in time.
    pub database: bool,
    pub migrations: Migrations,
    /// This binary's version.
    pub version: &'static str,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Migrations {
    /// Migrations compiled into this binary.
    pub expected: usize,
    /// Of them, applied successfully to the database.
    pub applied: usize,
    /// Versions this binary has and the database has not (applied at the next start).
    pub pending: Vec<i64>,
    /// Versions the database has and this binary does not (a newer release ran on it).
    pub unknown: Vec<i64>,
    /// Exactly this binary's migrations are applied.
    pub current: bool,
}

impl Health {
    pub fn healthy(&self) -> bool {
        self.database && self.migrations.current
    }
}

/// Checks the database and its migrations.
pub async fn check(db: &Db) -> Health {
    let migrations = match tokio::time::timeout(DATABASE_DEADLINE, migrations(db)).await {
        Ok(Ok(m)) => Some(m),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "health check: the database did not answer");
            None
        }
        Err(_) => {
            tracing::warn!("health check: the database did not answer within {DATABASE_DEADLINE:?}");
            None
        }
    };
    let database = migrations.is_some();
    let migrations = migrations.unwrap_or_else(|| Migrations { expected: MIGRATOR.iter().count(), ..Migrations::default() });
    let status = if !database {
        "unavailable"
    } else if !migrations.current {
        "migrations"
    } else {
        "ok"
    };
    Health { status, database, migrations, version: env!("CARGO_PKG_VERSION") }
}

async fn migrations(db: &Db) -> Result<Migrations, sqlx::Error> {
    let mut conn = db.acquire().await?;
    sqlx::query("SELECT 1").execute(&mut *conn).await?;
    // `success` is BOOLEAN on both engines (an integer 0/1 on SQLite): compared as a
    // condition, it reads the same on both.
    let applied: Vec<i64> =
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version").fetch_all(&mut *conn).await?;
    Ok(compare(MIGRATOR.iter().map(|m| m.version), applied))
}

/// The binary's migrations against the database's applied ones.
pub fn compare(expected: impl IntoIterator<Item = i64>, applied: impl IntoIterator<Item = i64>) -> Migrations {
    let expected: BTreeSet<i64> = expected.into_iter().collect();
    let applied: BTreeSet<i64> = applied.into_iter().collect();
    let pending: Vec<i64> = expected.difference(&applied).copied().collect();
    let unknown: Vec<i64> = applied.difference(&expected).copied().collect();
    Migrations {
        expected: expected.len(),
        applied: expected.intersection(&applied).count(),
        current: pending.is_empty() && unknown.is_empty(),
        pending,
        unknown,
    }
}

/// The route.
pub async fn health(State(state): State<AppState>) -> Response {
    let health = check(&state.db).await;
    let (status, code, msg) = match health.status {
        "ok" => (StatusCode::OK, 200, "ok"),
        "unavailable" => (StatusCode::SERVICE_UNAVAILABLE, 503, "数据库不可用"),
        _ => (StatusCode::SERVICE_UNAVAILABLE, 503, "数据库结构与程序版本不一致"),
    };
    (status, Json(serde_json::json!({ "code": code, "msg": msg, "data": health }))).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_compared_both_ways() {
        let m = compare([1, 2, 3], [1, 2, 3]);
        assert!(m.current && m.pending.is_empty() && m.unknown.is_empty() && m.applied == 3);
        let m = compare([1, 2, 3], [1, 2]);
        assert!(!m.current);
        assert_eq!((m.pending, m.applied), (vec![3], 2));
        let m = compare([1, 2], [1, 2, 4]);
        assert!(!m.current);
        assert_eq!(m.unknown, vec![4]);
    }
}
