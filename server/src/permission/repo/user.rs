//! Users (base_user) and their memberships. The owner of a user row is the user itself, so
//! a data scope of "own rows" reaches only the caller's row.

use crate::access::{DataScope, ScopeColumns};
use crate::db::{Arg, Conn, Engine, Sql, bump_generation};
use crate::error::AppError;
use crate::support::new_id;
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
    pub description: String,
    pub sort_code: i64,
    pub creator_time: i64,
    pub landline: String,
    pub entry_date: Option<i64>,
    pub manager_id: String,
}

/// Users under data permission: a user row is owned by the user; schemes may filter on who
/// made it, its organisation and position, and the user itself.
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_user.id",
    fields: &[
        ("id", "base_user.id"),
        ("creatorUserId", "base_user.creator_user_id"),
        ("F_CreatorUserId", "base_user.creator_user_id"),
        ("organizeId", "base_user.organize_id"),
        ("F_OrganizeId", "base_user.organize_id"),
        ("positionId", "base_user.position_id"),
        ("managerId", "base_user.manager_id"),
    ],
};

/// The same with the table aliased `u`.
pub const SCOPE_U: ScopeColumns = ScopeColumns {
    owner: "u.id",
    fields: &[
        ("id", "u.id"),
        ("creatorUserId", "u.creator_user_id"),
        ("F_CreatorUserId", "u.creator_user_id"),
        ("organizeId", "u.organize_id"),
        ("F_OrganizeId", "u.organize_id"),
        ("positionId", "u.position_id"),
        ("managerId", "u.manager_id"),
    ],
};

const USER_COLUMNS: &str = "id, account, real_name, password_hash, is_administrator, enabled_mark, \
    change_password_date, head_icon, gender, birthday, mobile_phone, tele_phone, email, \
    urgent_contacts, urgent_tele_phone, postal_address, signature, nation, native_place, \
    certificates_type, certificates_number, education, theme, language, system_id, portal_id, \
    description, sort_code, creator_time, landline, entry_date, manager_id";

/// What creating a user needs; the password arrives already hashed.
pub struct NewUser<'a> {
    pub account: &'a str,
    pub real_name: &'a str,
    pub password_hash: &'a str,
    pub is_administrator: bool,
    pub system_id: Option<&'a str>,
}

pub async fn insert(conn: &mut Conn, u: &NewUser<'_>, now: i64) -> Result<String, AppError> {
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
    .bind(now)
    .execute(&mut *conn)
    .await?;
    bump_generation(conn).await?;
    Ok(id)
}

/// What signing in needs to know about an account.
#[derive(Debug, Clone, FromRow)]
pub struct Credentials {
    pub id: String,
    pub password_hash: String,
    pub enabled_mark: i64,
    pub theme: String,
}

/// The credentials of an account. Sign-in happens before there is a caller, so this lookup
/// takes no data scope; it answers only what sign-in needs.
pub async fn credentials(conn: &mut Conn, account: &str) -> Result<Option<Credentials>, AppError> {
    Ok(sqlx::query_as("SELECT id, password_hash, enabled_mark, theme FROM base_user WHERE account = $1")
        .bind(account)
        .fetch_optional(conn)
        .await?)
}

/// A user within the scope (None outside it, as if missing).
pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<User>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT ");
    sql.push(USER_COLUMNS).push(" FROM base_user WHERE id = ").bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// The real name of the user's manager, within the scope of the user's row.
pub async fn manager_name(conn: &mut Conn, scope: &DataScope, user_id: &str) -> Result<Option<String>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT m.real_name FROM base_user u JOIN base_user m ON m.id = u.manager_id WHERE u.id = ");
    sql.bind(user_id);
    scope.restrict(&mut sql, &SCOPE_U);
    Ok(sql.query_scalar().fetch_optional(conn).await?)
}

/// Sets the columns given (`column`, value) and the modification time; answers how many
/// rows changed (0 or 1). Columns are the caller's static names.
pub async fn update(conn: &mut Conn, id: &str, columns: Vec<(&'static str, Arg)>, now: i64) -> Result<u64, AppError> {
    let mut sql = Sql::update(Engine::of(conn), "base_user");
    for (column, value) in columns {
        sql.set(column, value);
    }
    sql.set("last_modify_time", now).push(" WHERE id = ").bind(id);
    let changed = sql.query().execute(&mut *conn).await?.rows_affected();
    bump_generation(conn).await?;
    Ok(changed)
}

/// Stores a new password hash and records when it was changed.
pub async fn set_password(conn: &mut Conn, id: &str, hash: &str, now: i64) -> Result<(), AppError> {
    update(conn, id, vec![("password_hash", hash.into()), ("change_password_date", now.into())], now).await?;
    Ok(())
}

/// Adds the user to a role (or, later, a position or group).
pub async fn add_relation(conn: &mut Conn, user_id: &str, object_type: &str, object_id: &str) -> Result<(), AppError> {
    sqlx::query("INSERT INTO base_user_relation (user_id, object_type, object_id) VALUES ($1, $2, $3)")
        .bind(user_id)
        .bind(object_type)
        .bind(object_id)
        .execute(&mut *conn)
        .await?;
    bump_generation(conn).await?;
    Ok(())
}

/// The enabled roles of a user, when the user is within the scope, as (id, name), in sort
/// order.
pub async fn roles(conn: &mut Conn, scope: &DataScope, user_id: &str) -> Result<Vec<(String, String)>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT r.id, r.full_name FROM base_user_relation ur JOIN base_role r ON r.id = ur.object_id \
         JOIN base_user u ON u.id = ur.user_id \
         WHERE ur.object_type = 'Role' AND r.enabled_mark = 1 AND ur.user_id = ",
    );
    sql.bind(user_id);
    scope.restrict(&mut sql, &SCOPE_U);
    sql.push(" ORDER BY r.sort_code, r.full_name");
    Ok(sql.query_as().fetch_all(conn).await?)
}
