//! The login log (category 1 of the system log): every sign-in attempt with its address,
//! place, browser, OS and outcome.

use crate::db::{Conn, new_id};
use crate::error::AppError;
use crate::request::Client;
use crate::wire::Page;
use serde::Serialize;
use sqlx::FromRow;

pub const LOGIN: i64 = 1;

/// One sign-in attempt to record; `user_id` is None for an unknown account.
pub struct LoginRecord<'a> {
    pub user_id: Option<&'a str>,
    pub user_name: &'a str,
    pub success: bool,
    pub reason: String,
    pub client: &'a Client,
    /// When (ms); a successful sign-in uses its session's creation time, so that the
    /// session's own sign-in is never its "previous login".
    pub at: i64,
}

pub async fn record_login(conn: &mut Conn, r: &LoginRecord<'_>) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_sys_log (id, category, user_id, user_name, login_mark, abstracts, ip_address, \
         ip_address_name, platform, browser, user_agent, creator_time) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(new_id())
    .bind(LOGIN)
    .bind(r.user_id)
    .bind(r.user_name)
    .bind(r.success as i64)
    .bind(&r.reason)
    .bind(&r.client.ip)
    .bind(&r.client.place)
    .bind(&r.client.os)
    .bind(&r.client.browser)
    .bind(&r.client.user_agent)
    .bind(r.at)
    .execute(conn)
    .await?;
    Ok(())
}

/// A login-log row as the profile page lists it.
#[derive(Debug, Clone, Serialize, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LoginLogEntry {
    pub id: String,
    pub creator_time: i64,
    pub user_name: String,
    #[serde(rename = "ipaddress")]
    pub ip_address: String,
    #[serde(rename = "ipaddressName")]
    pub ip_address_name: String,
    #[serde(rename = "platForm")]
    pub platform: String,
    pub browser: String,
    /// 1 success, 0 failure.
    pub login_mark: i64,
    /// The outcome in words (登录成功 or the failure's reason).
    pub abstracts: String,
}

/// Filters of the login log: times in ms (inclusive), and a keyword matched against the
/// address, place, OS, browser and outcome.
#[derive(Debug, Default)]
pub struct LoginFilter<'a> {
    pub start: Option<i64>,
    pub end: Option<i64>,
    pub keyword: Option<&'a str>,
}

/// The user's login log, newest first.
pub async fn logins(
    conn: &mut Conn,
    user_id: &str,
    page: Page,
    filter: &LoginFilter<'_>,
) -> Result<(Vec<LoginLogEntry>, i64), AppError> {
    macro_rules! filter {
        () => {
            " FROM base_sys_log WHERE user_id = $1 AND category = 1 AND creator_time >= $2 AND creator_time <= $3 \
             AND ($4 = '' OR ip_address LIKE $5 ESCAPE '\\' OR ip_address_name LIKE $5 ESCAPE '\\' \
             OR platform LIKE $5 ESCAPE '\\' OR browser LIKE $5 ESCAPE '\\' OR abstracts LIKE $5 ESCAPE '\\')"
        };
    }
    let (start, end) = (filter.start.unwrap_or(0), filter.end.unwrap_or(i64::MAX));
    let keyword = filter.keyword.map(str::trim).unwrap_or("");
    let pattern = format!("%{}%", keyword.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    let (total,): (i64,) = sqlx::query_as(concat!("SELECT COUNT(*)", filter!()))
        .bind(user_id)
        .bind(start)
        .bind(end)
        .bind(keyword)
        .bind(&pattern)
        .fetch_one(&mut *conn)
        .await?;
    let list = sqlx::query_as(concat!(
        "SELECT id, creator_time, user_name, ip_address, ip_address_name, platform, browser, login_mark, abstracts",
        filter!(),
        " ORDER BY creator_time DESC, id DESC LIMIT $6 OFFSET $7"
    ))
    .bind(user_id)
    .bind(start)
    .bind(end)
    .bind(keyword)
    .bind(&pattern)
    .bind(page.page_size)
    .bind(page.offset())
    .fetch_all(conn)
    .await?;
    Ok((list, total))
}

/// The latest successful sign-in of the user before `before` (ms): CurrentUser's prevLogin.
pub async fn previous_login(conn: &mut Conn, user_id: &str, before: i64) -> Result<Option<LoginLogEntry>, AppError> {
    Ok(sqlx::query_as(
        "SELECT id, creator_time, user_name, ip_address, ip_address_name, platform, browser, login_mark, \
         abstracts FROM base_sys_log WHERE user_id = $1 AND category = 1 AND login_mark = 1 \
         AND creator_time < $2 ORDER BY creator_time DESC, id DESC LIMIT 1",
    )
    .bind(user_id)
    .bind(before)
    .fetch_optional(conn)
    .await?)
}
