//! The records of released models (OnlineDev, jnpf-wire-engine.md §3, §5), by piece — the
//! pipeline to copy (server/README.md, "Records"):
//! - `released` (`loaded`): a released model resolved to its storage, kept per released version;
//! - `filter`: a List request parsed into typed filters and a sort (no SQL);
//! - `repo`: the only SQL — sea-query statements with the caller's data scope;
//! - `record`: one record read (raw values) and the Config a page renders;
//! - `display`: display values (names, labels) and DataChange;
//! - `save`: create, update with an optimistic lock, delete;
//! - `list`: the list and the related-form picker's page, with their kept answers.
//!
//! This module is what the rest of the server calls.

pub use super::display::data_change;
pub use super::export::export;
pub use super::list::{explain, list, related_page};
pub use super::print::{PrintFields, print_fields, print_record};
pub use super::loaded::Loaded;
pub use super::record::{config, info};
pub use super::save::{STALE, delete, save};
pub use super::scoped::RECORD_SCOPES;
use super::{layout, repo};
use crate::db::Conn;
use crate::error::AppError;
use qiming_core::model::read_model;
use serde_json::Value;

// ---- Release: the tables ----

/// Plans and makes the record tables of a definition being released, inside the release's
/// transaction; answers the problems that forbid it (nothing is made then).
pub async fn prepare_tables(conn: &mut Conn, model_id: &str, base: &Value) -> Result<Vec<qiming_core::model::Problem>, AppError> {
    let model = read_model(base);
    let registry = repo::registry(conn, model_id).await?;
    let list = layout::list_use(base.get("columnData").unwrap_or(&Value::Null));
    let (plans, problems) = layout::plan(model_id, &model, &list, &registry);
    if problems.is_empty() {
        repo::apply(conn, model_id, &plans).await?;
    }
    Ok(problems)
}

