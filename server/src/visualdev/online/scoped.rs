//! Released models' records read by data interfaces (issue 24 §1): the rows of a record table
//! a member may read — the table resolved to its model, the member's record permit on the
//! model (as the records list takes it: the first granted form menu bound to the model, its
//! data-permission schemes; every row for an administrator; none when no granted menu opens
//! the model), and the records' own builder (`repo::base_select`) limiting the table to that
//! scope, with only the columns of the fields the member's form permission shows (every field
//! when the menu has form permission off). The system area's interface guard puts it in place
//! of the table.

use super::repo;
use crate::access::{DataScope, Member, RecordPermit};
use crate::error::AppError;
use crate::state::AppState;
use crate::system::data_interface::service::{ScopeRecords, ScopedRecords};
use futures_util::future::BoxFuture;

/// The record scopes as the system area takes them.
pub const RECORD_SCOPES: ScopeRecords = boxed;

fn boxed<'a>(state: &'a AppState, member: &'a Member, table: &'a str) -> BoxFuture<'a, Result<Option<ScopedRecords>, AppError>> {
    Box::pin(scoped_records(state, member, table))
}

/// The rows of the record table `table` (unquoted, any case) the member may read; None when
/// no released model has that table.
async fn scoped_records(state: &AppState, member: &Member, table: &str) -> Result<Option<ScopedRecords>, AppError> {
    let mut conn = state.db.acquire().await?;
    let Some(owner) = repo::table_owner(&mut conn, table).await? else { return Ok(None) };
    let registry = repo::registry(&mut conn, &owner.model_id).await?;
    drop(conn);
    let permit = match RecordPermit::demand(state, member, &owner.model_id, None).await {
        Ok(permit) => Some(permit),
        // No granted menu opens the model: its records are out of reach, so no row.
        Err(AppError::Forbidden(_)) => None,
        Err(e) => return Err(e),
    };
    let scope = permit.as_ref().map_or_else(DataScope::nothing, |p| p.scope().clone());
    // The fields' columns the member may see (a sub-table's fields granted as `table-column`).
    let physical = owner.sub_table.clone().unwrap_or_else(|| owner.main.clone());
    let sub = registry.tables.iter().find(|(_, p)| **p == physical).map(|(s, _)| s.clone()).unwrap_or_default();
    let columns: Vec<String> = registry
        .columns
        .iter()
        .filter(|((table, _), _)| *table == physical)
        .filter(|((_, field), _)| {
            let name = if sub.is_empty() { field.clone() } else { format!("{sub}-{field}") };
            permit.as_ref().is_none_or(|p| p.has_field(&name))
        })
        .map(|(_, (column, _))| column.clone())
        .collect();
    Ok(Some(match owner.sub_table {
        None => ScopedRecords { select: repo::scoped_rows(&owner.main, &columns, &scope), tables: vec![owner.main] },
        Some(child) => ScopedRecords { select: repo::scoped_child_rows(&owner.main, &child, &columns, &scope), tables: vec![child, owner.main] },
    }))
}
