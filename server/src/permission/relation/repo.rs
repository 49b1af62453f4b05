//! SQL of memberships. No decisions here.

use crate::db::{Conn, Engine, Sql, bump_generation};
use crate::error::AppError;

/// Which of the three tables holds `id`: Role, Position or Group.
pub async fn object_type(conn: &mut Conn, id: &str) -> Result<Option<String>, AppError> {
    Ok(sqlx::query_scalar(
        "SELECT 'Role' FROM base_role WHERE id = $1 UNION ALL SELECT 'Position' FROM base_position WHERE id = $1 \
         UNION ALL SELECT 'Group' FROM base_group WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// The members' user ids.
pub async fn members(conn: &mut Conn, object_type: &str, object_id: &str) -> Result<Vec<String>, AppError> {
    Ok(sqlx::query_scalar("SELECT user_id FROM base_user_relation WHERE object_type = $1 AND object_id = $2 ORDER BY user_id")
        .bind(object_type)
        .bind(object_id)
        .fetch_all(conn)
        .await?)
}

/// Which of these users exist.
pub async fn existing_users(conn: &mut Conn, ids: &[String]) -> Result<Vec<String>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id FROM base_user WHERE ");
    sql.any_of("id", ids);
    Ok(sql.query_scalar().fetch_all(conn).await?)
}

/// The fixed side of the memberships [`replace`] sets.
pub enum Side<'a> {
    /// One role's, position's or group's members (the others are users).
    Object(&'a str),
    /// One user's memberships (the others are roles, positions, groups or organisations).
    User(&'a str),
}

/// Replaces memberships of `object_type` (`Role`, `Position`, …): those of `side` are deleted,
/// and `side` joined with each of `others` is inserted.
pub async fn replace(conn: &mut Conn, object_type: &str, side: Side<'_>, others: &[String]) -> Result<(), AppError> {
    let (delete, fixed) = match side {
        Side::Object(id) => ("DELETE FROM base_user_relation WHERE object_type = $1 AND object_id = $2", id),
        Side::User(id) => ("DELETE FROM base_user_relation WHERE object_type = $1 AND user_id = $2", id),
    };
    sqlx::query(delete).bind(object_type).bind(fixed).execute(&mut *conn).await?;
    for other in others {
        let (user_id, object_id) = match side {
            Side::Object(_) => (other.as_str(), fixed),
            Side::User(_) => (fixed, other.as_str()),
        };
        sqlx::query("INSERT INTO base_user_relation (user_id, object_type, object_id) VALUES ($1, $2, $3)")
            .bind(user_id)
            .bind(object_type)
            .bind(object_id)
            .execute(&mut *conn)
            .await?;
    }
    bump_generation(conn).await?;
    Ok(())
}

/// Points each of these users' current position at one they hold (the first by sort order),
/// or at none, when it is not one of theirs any more.
pub async fn refresh_current_position(conn: &mut Conn, user_ids: &[String]) -> Result<(), AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "UPDATE base_user SET position_id = COALESCE((SELECT p.id FROM base_user_relation ur JOIN base_position p ON p.id = ur.object_id \
         WHERE ur.user_id = base_user.id AND ur.object_type = 'Position' ORDER BY p.sort_code, p.id LIMIT 1), '') \
         WHERE NOT EXISTS (SELECT 1 FROM base_user_relation ur WHERE ur.user_id = base_user.id AND ur.object_type = 'Position' \
         AND ur.object_id = base_user.position_id) AND ",
    );
    sql.any_of("id", user_ids);
    sql.query().execute(&mut *conn).await?;
    bump_generation(conn).await?;
    Ok(())
}
