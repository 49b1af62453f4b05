//! SQL of sessions and grants. No decisions here: the callers (session.rs, caller.rs) decide.

use crate::db::Conn;
use crate::error::AppError;
use crate::request::Client;
use std::collections::BTreeSet;

/// A session row with what is checked on every request about its user.
#[derive(Debug, sqlx::FromRow)]
pub(super) struct SessionRow {
    pub token_hash: String,
    pub user_id: String,
    pub account: String,
    pub real_name: String,
    pub is_administrator: i64,
    pub organize_id: String,
    pub change_password_date: Option<i64>,
    pub locked: i64,
    pub created_at: i64,
    pub ip_address: String,
    pub ip_address_name: String,
    pub last_seen_at: i64,
    pub expires_at: i64,
    pub revoked_reason: Option<String>,
    pub revoked_at: Option<i64>,
    pub enabled_mark: i64,
    /// The JSON text of the mandatory-initial-change setting.
    pub mandatory_change: Option<String>,
    /// The JSON text of the session timeout setting (minutes unused), when one is stored.
    pub token_timeout: Option<String>,
    /// The JSON texts of the periodic password change settings (passwordIsUpdatedRegularly,
    /// updateCycle, updateInAdvance).
    pub password_regularly: Option<String>,
    pub update_cycle: Option<String>,
    pub update_in_advance: Option<String>,
    /// When the user was created: the initial password's time while it was never changed.
    pub user_created_at: i64,
    /// What cached answers are built from (migrations/0002_generation.sql).
    pub generation: i64,
}

pub(super) async fn session(conn: &mut Conn, token_hash: &str) -> Result<Option<SessionRow>, AppError> {
    Ok(sqlx::query_as(
        "SELECT s.token_hash, s.user_id, u.account, u.real_name, u.is_administrator, u.organize_id, u.change_password_date, \
         s.locked, s.created_at, s.ip_address, s.ip_address_name, s.last_seen_at, s.expires_at, \
         s.revoked_reason, s.revoked_at, u.enabled_mark, \
         (SELECT c.config_value FROM base_sys_config c \
          WHERE c.config_key = 'mandatoryModificationOfInitialPassword') AS mandatory_change, \
         (SELECT c.config_value FROM base_sys_config c WHERE c.config_key = 'tokenTimeout') AS token_timeout, \
         (SELECT c.config_value FROM base_sys_config c WHERE c.config_key = 'passwordIsUpdatedRegularly') AS password_regularly, \
         (SELECT c.config_value FROM base_sys_config c WHERE c.config_key = 'updateCycle') AS update_cycle, \
         (SELECT c.config_value FROM base_sys_config c WHERE c.config_key = 'updateInAdvance') AS update_in_advance, \
         u.creator_time AS user_created_at, \
         (SELECT g.value FROM qiming_generation g WHERE g.id = 1) AS generation \
         FROM base_user_session s JOIN base_user u ON u.id = s.user_id WHERE s.token_hash = $1",
    )
    .bind(token_hash)
    .fetch_optional(conn)
    .await?)
}

pub(super) async fn insert_session(
    conn: &mut Conn,
    token_hash: &str,
    user_id: &str,
    now: i64,
    expires_at: i64,
    client: &Client,
) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_user_session (token_hash, user_id, created_at, last_seen_at, expires_at, \
         ip_address, ip_address_name, user_agent) VALUES ($1, $2, $3, $3, $4, $5, $6, $7)",
    )
    .bind(token_hash)
    .bind(user_id)
    .bind(now)
    .bind(expires_at)
    .bind(&client.ip)
    .bind(&client.place)
    .bind(&client.user_agent)
    .execute(conn)
    .await?;
    Ok(())
}

pub(super) async fn delete_expired(conn: &mut Conn, before: i64) -> Result<u64, AppError> {
    Ok(sqlx::query("DELETE FROM base_user_session WHERE expires_at < $1").bind(before).execute(conn).await?.rows_affected())
}

pub(super) async fn touch(conn: &mut Conn, token_hash: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE base_user_session SET last_seen_at = $1 WHERE token_hash = $2")
        .bind(now)
        .bind(token_hash)
        .execute(conn)
        .await?;
    Ok(())
}

pub(super) async fn revoke(conn: &mut Conn, token_hash: &str, reason: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE base_user_session SET revoked_at = $1, revoked_reason = $2 WHERE token_hash = $3 AND revoked_at IS NULL")
        .bind(now)
        .bind(reason)
        .bind(token_hash)
        .execute(conn)
        .await?;
    Ok(())
}

pub(super) async fn revoke_user(conn: &mut Conn, user_id: &str, reason: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE base_user_session SET revoked_at = $1, revoked_reason = $2 WHERE user_id = $3 AND revoked_at IS NULL")
        .bind(now)
        .bind(reason)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets the lock flag. (Failed unlocks are counted on the account's sign-in throttle, so the
/// session's own `unlock_failures` column is no longer used.)
pub(super) async fn set_locked(conn: &mut Conn, token_hash: &str, locked: bool) -> Result<(), AppError> {
    sqlx::query("UPDATE base_user_session SET locked = $1 WHERE token_hash = $2")
        .bind(locked as i64)
        .bind(token_hash)
        .execute(conn)
        .await?;
    Ok(())
}

/// What a user's enabled roles are authorised for: (item_type, item_id) pairs, item_type
/// 'module' (a menu id) or a page item's kind ('button', 'column', 'form', 'resource').
/// A user's effective grants are the union of those of their enabled roles, their enabled
/// positions and the user themself. (A literal, so that queries built on it stay static.)
macro_rules! granted {
    () => {
        "SELECT a.item_type, a.item_id FROM base_authorize a \
         WHERE (a.object_type = 'User' AND a.object_id = $1) \
            OR (a.object_type = 'Role' AND a.object_id IN (SELECT ur.object_id FROM base_user_relation ur \
                JOIN base_role r ON r.id = ur.object_id AND r.enabled_mark = 1 \
                WHERE ur.user_id = $1 AND ur.object_type = 'Role')) \
            OR (a.object_type = 'Position' AND a.object_id IN (SELECT ur.object_id FROM base_user_relation ur \
                JOIN base_position p ON p.id = ur.object_id AND p.enabled_mark = 1 \
                WHERE ur.user_id = $1 AND ur.object_type = 'Position'))"
    };
}

pub(super) async fn granted(conn: &mut Conn, user_id: &str) -> Result<BTreeSet<(String, String)>, AppError> {
    let rows: Vec<(String, String)> = sqlx::query_as(granted!()).bind(user_id).fetch_all(conn).await?;
    Ok(rows.into_iter().collect())
}

/// Is the enabled menu `menu` (its enCode) granted to the user, and with it the enabled
/// button `button` of that menu when one is named?
pub(super) async fn has_grant(conn: &mut Conn, user_id: &str, menu: &str, button: Option<&str>) -> Result<bool, AppError> {
    let (n,): (i64,) = sqlx::query_as(concat!(
        "SELECT COUNT(*) FROM base_module m WHERE m.en_code = $2 AND m.enabled_mark = 1 \
         AND EXISTS (SELECT 1 FROM (", granted!(), ") g WHERE g.item_type = 'module' AND g.item_id = m.id) \
         AND ($3 = '' OR EXISTS (SELECT 1 FROM base_module_item i JOIN (", granted!(), ") g \
              ON g.item_type = 'button' AND g.item_id = i.id \
              WHERE i.module_id = m.id AND i.kind = 'button' AND i.en_code = $3 AND i.enabled_mark = 1))"
    ))
    .bind(user_id)
    .bind(menu)
    .bind(button.unwrap_or(""))
    .fetch_one(conn)
    .await?;
    Ok(n > 0)
}

/// Does the enabled menu `menu` (its enCode) have data permission on?
pub(super) async fn has_data_permission(conn: &mut Conn, menu: &str) -> Result<bool, AppError> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT is_data_authorize FROM base_module WHERE en_code = $1 AND enabled_mark = 1")
        .bind(menu)
        .fetch_optional(conn)
        .await?;
    Ok(row.is_some_and(|(flag,)| flag == 1))
}

/// The condition_json of every enabled data-permission scheme of the menu granted to the user.
pub(super) async fn granted_schemes(conn: &mut Conn, user_id: &str, menu: &str) -> Result<Vec<String>, AppError> {
    let rows: Vec<(String,)> = sqlx::query_as(concat!(
        "SELECT i.condition_json FROM base_module_item i JOIN base_module m ON m.id = i.module_id \
         WHERE m.en_code = $2 AND i.kind = 'resource' AND i.enabled_mark = 1 \
         AND EXISTS (SELECT 1 FROM (", granted!(), ") g WHERE g.item_type = 'resource' AND g.item_id = i.id) \
         ORDER BY i.sort_code, i.en_code"
    ))
    .bind(user_id)
    .bind(menu)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(c,)| c).collect())
}

/// The users whose manager is `user_id`.
pub(super) async fn subordinates(conn: &mut Conn, user_id: &str) -> Result<Vec<String>, AppError> {
    let rows: Vec<(String,)> = sqlx::query_as("SELECT id FROM base_user WHERE manager_id = $1")
        .bind(user_id)
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// An organisation's id path.
pub(super) async fn organize_tree(conn: &mut Conn, organize_id: &str) -> Result<Option<String>, AppError> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT id_tree FROM base_organize WHERE id = $1").bind(organize_id).fetch_optional(conn).await?;
    Ok(row.map(|(t,)| t))
}

/// The organisations `user_id` manages, with their id paths.
pub(super) async fn managed_organisations(conn: &mut Conn, user_id: &str) -> Result<Vec<(String, String)>, AppError> {
    Ok(sqlx::query_as("SELECT id, id_tree FROM base_organize WHERE manager_id = $1 AND enabled_mark = 1")
        .bind(user_id)
        .fetch_all(conn)
        .await?)
}

/// Which of these throttle keys are locked at `now`.
pub(super) async fn locked_keys(conn: &mut Conn, keys: &[String], now: i64) -> Result<Vec<String>, AppError> {
    let mut sql = crate::db::Sql::new(crate::db::Engine::of(conn), "SELECT throttle_key FROM base_login_throttle WHERE locked_until > ");
    sql.bind(now).push(" AND ").any_of("throttle_key", keys);
    Ok(sql.query_scalar().fetch_all(conn).await?)
}

/// Forgets a throttle key (its failures and its lock).
pub(super) async fn clear_throttle(conn: &mut Conn, key: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_login_throttle WHERE throttle_key = $1").bind(key).execute(conn).await?;
    Ok(())
}

/// A form menu (type 3) bound to a model: its id, enCode, property JSON and authorisation flags.
#[derive(Debug, sqlx::FromRow)]
pub(super) struct ModelMenu {
    pub id: String,
    pub en_code: String,
    pub property_json: String,
    pub is_button_authorize: i64,
    pub is_form_authorize: i64,
}

/// The enabled menus whose property JSON names `model_id` (the caller parses it to be sure).
pub(super) async fn menus_naming(conn: &mut Conn, model_id: &str) -> Result<Vec<ModelMenu>, AppError> {
    Ok(sqlx::query_as(
        "SELECT id, en_code, property_json, is_button_authorize, is_form_authorize FROM base_module \
         WHERE enabled_mark = 1 AND property_json LIKE $1 ESCAPE '\\' ORDER BY sort_code, id",
    )
    .bind(crate::db::like_anywhere(model_id))
    .fetch_all(conn)
    .await?)
}

/// The enCodes of a menu's enabled items of one kind granted to the user.
pub(super) async fn granted_items(conn: &mut Conn, user_id: &str, menu_id: &str, kind: &str) -> Result<BTreeSet<String>, AppError> {
    let rows: Vec<(String,)> = sqlx::query_as(concat!(
        "SELECT i.en_code FROM base_module_item i WHERE i.module_id = $2 AND i.kind = $3 AND i.enabled_mark = 1 \
         AND EXISTS (SELECT 1 FROM (", granted!(), ") g WHERE g.item_type = $3 AND g.item_id = i.id)"
    ))
    .bind(user_id)
    .bind(menu_id)
    .bind(kind)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(c,)| c).collect())
}

/// Is the menu (by id) granted to the user?
pub(super) async fn menu_granted(conn: &mut Conn, user_id: &str, menu_id: &str) -> Result<bool, AppError> {
    let (n,): (i64,) = sqlx::query_as(concat!("SELECT COUNT(*) FROM (", granted!(), ") g WHERE g.item_type = 'module' AND g.item_id = $2"))
        .bind(user_id)
        .bind(menu_id)
        .fetch_one(conn)
        .await?;
    Ok(n > 0)
}
