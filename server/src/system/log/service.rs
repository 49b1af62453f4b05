//! The system log's rules: which categories there are, whole days for the date range, at
//! least one row to delete.

use super::dto::LogSearch;
use super::repo::{self, LogFilter};
use super::{RemoveLog, ViewLog};
use crate::state::AppState;
use crate::access::Permit;
use crate::db::Keyword;
use crate::error::AppError;
use crate::system::dto::LoginLogEntry;
use crate::system::service::{LOGIN_LOG, OPERATION_LOG, REQUEST_LOG};
use crate::wire::{Page, PageOf};

const DAY_MS: i64 = 24 * 3600 * 1000;
/// Rows one delete names at most.
const MAX_IDS: usize = 1000;

/// Whether `category` is a log category: Some(true) when rows are kept for it, Some(false)
/// for JNPF's visit (2) and exception (4) logs, which Qiming does not keep.
fn kept(category: i64) -> Result<bool, AppError> {
    match category {
        LOGIN_LOG | OPERATION_LOG | REQUEST_LOG => Ok(true),
        2 | 4 => Ok(false),
        _ => Err(AppError::bad("日志分类不正确")),
    }
}

/// The first millisecond of the local day of `ms` (offset minutes east of UTC).
fn day_start(ms: i64, offset_minutes: i32) -> i64 {
    let local = ms + offset_minutes as i64 * 60_000;
    ms - local.rem_euclid(DAY_MS)
}

/// A page of the log `category` within the permit's scope, newest first. The date range is
/// whole local days: from the first millisecond of `startTime`'s day to the last of `endTime`'s.
pub async fn list(state: &AppState, permit: &Permit<ViewLog>, category: i64, page: Page, q: LogSearch) -> Result<PageOf<LoginLogEntry>, AppError> {
    if !kept(category)? {
        return Ok(page.of(Vec::new(), 0));
    }
    let offset = state.config.utc_offset_minutes;
    let filter = LogFilter {
        start: q.start_time.map(|ms| day_start(ms, offset)),
        end: q.end_time.map(|ms| day_start(ms, offset) + DAY_MS - 1),
        keyword: Keyword::parse(q.keyword.as_deref()),
    };
    let mut conn = state.db.acquire().await?;
    let (list, total) = repo::page(&mut conn, permit.scope(), category, page, &filter).await?;
    Ok(page.of(list, total))
}

/// Deletes the rows named that lie within the permit's scope; answers how many went.
pub async fn delete(state: &AppState, permit: &Permit<RemoveLog>, ids: Vec<String>) -> Result<u64, AppError> {
    if ids.is_empty() {
        return Err(AppError::bad("请选择一条数据"));
    }
    if ids.len() > MAX_IDS {
        return Err(AppError::bad(format!("一次最多删除{MAX_IDS}条日志")));
    }
    let mut conn = state.db.acquire().await?;
    repo::delete(&mut conn, permit.scope(), &ids).await
}

/// Deletes every row of `category` within the permit's scope; answers how many went.
pub async fn clear(state: &AppState, permit: &Permit<RemoveLog>, category: i64) -> Result<u64, AppError> {
    if !kept(category)? {
        return Ok(0);
    }
    let mut conn = state.db.acquire().await?;
    repo::clear(&mut conn, permit.scope(), category).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_local() {
        // 2026-01-02 01:00 China time is 2026-01-01 17:00 UTC; its day began at 16:00 UTC.
        let ms = 1_767_286_800_000; // 2026-01-01T17:00:00Z
        assert_eq!(day_start(ms, 480), 1_767_283_200_000); // 2026-01-01T16:00:00Z
        assert_eq!(day_start(ms, 0), 1_767_225_600_000); // 2026-01-01T00:00:00Z
        assert_eq!(day_start(1_767_283_200_000, 480), 1_767_283_200_000);
    }
}
