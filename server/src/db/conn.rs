//! A connection and the engine it talks to.

pub type Conn = sqlx::AnyConnection;
pub type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// Which engine a connection talks to, for the few fragments that must differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

impl Engine {
    pub fn of(conn: &Conn) -> Engine {
        use sqlx::AnyConnection;
        if AnyConnection::backend_name(conn).eq_ignore_ascii_case("sqlite") { Engine::Sqlite } else { Engine::Postgres }
    }

    pub(super) fn of_url(url: &str) -> anyhow::Result<Engine> {
        if url.starts_with("sqlite:") {
            Ok(Engine::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Ok(Engine::Postgres)
        } else {
            anyhow::bail!("DATABASE_URL must start with sqlite:// or postgres://")
        }
    }
}
