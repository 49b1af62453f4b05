//! The account lock of too many failed sign-ins (auth counts the failures): which accounts
//! are locked now, and lifting a lock (用户管理's 解除锁定). Kept below the areas because
//! sign-in and user management both need it.

use super::repo;
use crate::db::Conn;
use crate::error::AppError;

/// The throttle key of an account.
pub fn account_key(account: &str) -> String {
    format!("account:{account}")
}

/// Which of these accounts are locked at `now`.
pub async fn locked_accounts(conn: &mut Conn, accounts: &[String], now: i64) -> Result<Vec<String>, AppError> {
    let keys: Vec<String> = accounts.iter().map(|a| account_key(a)).collect();
    let locked = repo::locked_keys(conn, &keys, now).await?;
    Ok(accounts.iter().filter(|a| locked.contains(&account_key(a))).cloned().collect())
}

/// Lifts an account's lock and forgets its failures.
pub async fn unlock(conn: &mut Conn, account: &str) -> Result<(), AppError> {
    repo::clear_throttle(conn, &account_key(account)).await
}
