//! Memberships: the object's type (a role, a position or a group) decides which page's
//! permission the caller needs: its list to read the members, its edit button to change
//! them, and the object must be within that page's data scope.

use super::dto::{MemberIds, MemberSet};
use super::repo;
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::db::Conn;
use crate::error::AppError;
use crate::permission::group::{EditGroup, ViewGroup, repo as groups};
use crate::permission::position::{EditPosition, ViewPosition, repo as positions};
use crate::permission::role::{EditRole, ViewRole, repo as roles};

const MISSING: &str = "对象不存在";

/// Is the object within the data scope of the page its type belongs to, for reading (or for
/// changing when `edit`)?
async fn reachable(state: &AppState, caller: &Member, conn: &mut Conn, object_type: &str, id: &str, edit: bool) -> Result<bool, AppError> {
    Ok(match (object_type, edit) {
        ("Role", false) => roles::by_id(conn, Permit::<ViewRole>::demand(state, caller).await?.scope(), id).await?.is_some(),
        ("Role", true) => roles::by_id(conn, Permit::<EditRole>::demand(state, caller).await?.scope(), id).await?.is_some(),
        ("Position", false) => positions::by_id(conn, Permit::<ViewPosition>::demand(state, caller).await?.scope(), id).await?.is_some(),
        ("Position", true) => positions::by_id(conn, Permit::<EditPosition>::demand(state, caller).await?.scope(), id).await?.is_some(),
        ("Group", false) => groups::by_id(conn, Permit::<ViewGroup>::demand(state, caller).await?.scope(), id).await?.is_some(),
        ("Group", true) => groups::by_id(conn, Permit::<EditGroup>::demand(state, caller).await?.scope(), id).await?.is_some(),
        _ => false,
    })
}

/// GET UserRelation/{objectId}.
pub async fn members(state: &AppState, caller: &Member, object_id: &str) -> Result<MemberIds, AppError> {
    let mut conn = state.db.acquire().await?;
    let object_type = repo::object_type(&mut conn, object_id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    if !reachable(state, caller, &mut conn, &object_type, object_id, false).await? {
        return Err(AppError::not_found(MISSING));
    }
    Ok(MemberIds { ids: repo::members(&mut conn, &object_type, object_id).await? })
}

/// POST UserRelation/{objectId}: the members become exactly `userIds` (unknown users are
/// refused); members of a position who lose their current position get another of theirs.
pub async fn set_members(state: &AppState, caller: &Member, object_id: &str, req: MemberSet) -> Result<(), AppError> {
    if !matches!(req.object_type.as_str(), "Role" | "Position" | "Group") {
        return Err(AppError::field("objectType", "对象类型只能是Role、Position或Group"));
    }
    let mut users = req.user_ids;
    users.retain(|u| !u.trim().is_empty());
    users.sort();
    users.dedup();
    let mut tx = state.db.begin().await?;
    if repo::object_type(&mut tx, object_id).await?.as_deref() != Some(req.object_type.as_str())
        || !reachable(state, caller, &mut tx, &req.object_type, object_id, true).await?
    {
        return Err(AppError::not_found(MISSING));
    }
    if repo::existing_users(&mut tx, &users).await?.len() != users.len() {
        return Err(AppError::field("userIds", "用户不存在"));
    }
    let before = repo::members(&mut tx, &req.object_type, object_id).await?;
    repo::replace(&mut tx, &req.object_type, repo::Side::Object(object_id), &users).await?;
    if req.object_type == "Position" {
        let touched: Vec<String> = before.iter().cloned().chain(users.iter().cloned()).collect();
        repo::refresh_current_position(&mut tx, &touched).await?;
    }
    tx.commit().await?;
    // Those who joined or left: what they may see changed (CHAT-030).
    let touched: Vec<String> = before.into_iter().chain(users).collect();
    state.live.publish(crate::live::Event::permissions_of(touched, &caller.user_id));
    Ok(())
}
