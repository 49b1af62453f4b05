//! Users: the repository (SQL only) and the few rules about them that sessions depend on.

use crate::db::{Conn, Db, new_id, now_ms};
use crate::error::AppError;
use sqlx::FromRow;

#[derive(Debug, Clone, FromRow)]
pub struct User {
    pub id: String,
    pub account: String,
    pub real_name: String,
    pub password_hash: String,
    pub is_administrator: i64,
    pub enabled_mark: i64,
    pub change_password_date: Option<i64>,
    pub head_icon: String,
    pub gender: String,
    pub birthday: Option<i64>,
    pub mobile_phone: String,
    pub tele_phone: String,
    pub email: String,
    pub urgent_contacts: String,
    pub urgent_tele_phone: String,
    pub postal_address: String,
    pub signature: String,
    pub nation: String,
    pub native_place: String,
    pub certificates_type: String,
    pub certificates_number: String,
    pub education: String,
    pub theme: String,
    pub language: String,
    pub system_id: Option<String>,
    pub portal_id: String,
    pub creator_time: i64,
}

/// The columns of [`User`], as a literal so queries stay static strings.
macro_rules! user_columns {
    () => {
        "id, account, real_name, password_hash, is_administrator, enabled_mark, \
    change_password_date, head_icon, gender, birthday, mobile_phone, tele_phone, email, \
    urgent_contacts, urgent_tele_phone, postal_address, signature, nation, native_place, \
    certificates_type, certificates_number, education, theme, language, system_id, portal_id, \
    creator_time"
    };
}

/// What creating a user needs; the password arrives already hashed.
pub struct NewUser<'a> {
    pub account: &'a str,
    pub real_name: &'a str,
    pub password_hash: &'a str,
    pub is_administrator: bool,
    pub system_id: Option<&'a str>,
}

pub async fn insert(conn: &mut Conn, u: &NewUser<'_>) -> Result<String, AppError> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO base_user (id, account, real_name, password_hash, is_administrator, system_id, creator_time) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&id)
    .bind(u.account)
    .bind(u.real_name)
    .bind(u.password_hash)
    .bind(u.is_administrator as i64)
    .bind(u.system_id)
    .bind(now_ms())
    .execute(conn)
    .await?;
    Ok(id)
}

pub async fn by_account(conn: &mut Conn, account: &str) -> Result<Option<User>, AppError> {
    Ok(sqlx::query_as(concat!("SELECT ", user_columns!(), " FROM base_user WHERE account = $1"))
        .bind(account)
        .fetch_optional(conn)
        .await?)
}

pub async fn by_id(conn: &mut Conn, id: &str) -> Result<Option<User>, AppError> {
    Ok(sqlx::query_as(concat!("SELECT ", user_columns!(), " FROM base_user WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// Stores a new password hash and records when it was changed.
pub async fn set_password(conn: &mut Conn, id: &str, hash: &str) -> Result<(), AppError> {
    let now = now_ms();
    sqlx::query("UPDATE base_user SET password_hash = $1, change_password_date = $2, last_modify_time = $2 WHERE id = $3")
        .bind(hash)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets one of the user's preference columns (`theme` or `language`).
pub async fn set_preference(conn: &mut Conn, id: &str, column: Preference, value: &str) -> Result<(), AppError> {
    let sql = match column {
        Preference::Theme => "UPDATE base_user SET theme = $1, last_modify_time = $2 WHERE id = $3",
        Preference::Language => "UPDATE base_user SET language = $1, last_modify_time = $2 WHERE id = $3",
    };
    sqlx::query(sql)
        .bind(value)
        .bind(now_ms())
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Makes `system_id` the user's current system.
pub async fn set_system(conn: &mut Conn, id: &str, system_id: &str) -> Result<(), AppError> {
    sqlx::query("UPDATE base_user SET system_id = $1, last_modify_time = $2 WHERE id = $3")
        .bind(system_id)
        .bind(now_ms())
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

#[derive(Debug, Clone, Copy)]
pub enum Preference {
    Theme,
    Language,
}

/// The fields a user edits on the profile page (PROF-003).
#[derive(Debug, Clone)]
pub struct BaseInfoChange {
    pub real_name: String,
    pub gender: String,
    pub birthday: Option<i64>,
    pub mobile_phone: String,
    pub tele_phone: String,
    pub email: String,
    pub urgent_contacts: String,
    pub urgent_tele_phone: String,
    pub postal_address: String,
    pub signature: String,
    pub nation: String,
    pub native_place: String,
    pub certificates_type: String,
    pub certificates_number: String,
    pub education: String,
}

pub async fn update_base_info(conn: &mut Conn, id: &str, c: &BaseInfoChange) -> Result<(), AppError> {
    sqlx::query(
        "UPDATE base_user SET real_name = $1, gender = $2, birthday = $3, mobile_phone = $4, \
         tele_phone = $5, email = $6, urgent_contacts = $7, urgent_tele_phone = $8, \
         postal_address = $9, signature = $10, nation = $11, native_place = $12, \
         certificates_type = $13, certificates_number = $14, education = $15, last_modify_time = $16 \
         WHERE id = $17",
    )
    .bind(&c.real_name)
    .bind(&c.gender)
    .bind(c.birthday)
    .bind(&c.mobile_phone)
    .bind(&c.tele_phone)
    .bind(&c.email)
    .bind(&c.urgent_contacts)
    .bind(&c.urgent_tele_phone)
    .bind(&c.postal_address)
    .bind(&c.signature)
    .bind(&c.nation)
    .bind(&c.native_place)
    .bind(&c.certificates_type)
    .bind(&c.certificates_number)
    .bind(&c.education)
    .bind(now_ms())
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Adds the user to a role (or, later, a position or group).
pub async fn add_relation(conn: &mut Conn, user_id: &str, object_type: &str, object_id: &str) -> Result<(), AppError> {
    sqlx::query("INSERT INTO base_user_relation (user_id, object_type, object_id) VALUES ($1, $2, $3)")
        .bind(user_id)
        .bind(object_type)
        .bind(object_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The enabled roles of a user as (id, name), in sort order.
pub async fn roles(conn: &mut Conn, user_id: &str) -> Result<Vec<(String, String)>, AppError> {
    Ok(sqlx::query_as(
        "SELECT r.id, r.full_name FROM base_user_relation ur JOIN base_role r ON r.id = ur.object_id \
         WHERE ur.user_id = $1 AND ur.object_type = 'Role' AND r.enabled_mark = 1 \
         ORDER BY r.sort_code, r.full_name",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?)
}

/// Enables or disables a user. Disabling revokes every session of the user at once, in
/// the same transaction, so no request of theirs is served afterwards.
pub async fn set_enabled(db: &Db, user_id: &str, enabled: bool) -> Result<(), AppError> {
    let mut tx = db.begin().await?;
    let changed = sqlx::query("UPDATE base_user SET enabled_mark = $1, last_modify_time = $2 WHERE id = $3")
        .bind(enabled as i64)
        .bind(now_ms())
        .bind(user_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if changed == 0 {
        return Err(AppError::not_found("用户不存在"));
    }
    if !enabled {
        crate::auth::session::revoke_user(&mut tx, user_id, crate::auth::session::Revoked::UserDisabled).await?;
    }
    tx.commit().await?;
    Ok(())
}
