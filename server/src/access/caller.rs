//! The caller as a typed value. Each extractor reuses the session the route guard checked
//! (or checks it itself when the route asks for less), then demands its own level, so a
//! handler that takes a [`Member`] gets one whatever the route list says.

use super::policy::Need;
use super::session::{self, Session};
use super::{MSG_FORBIDDEN, repo};
use crate::AppState;
use crate::db::Sql;
use crate::error::AppError;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use std::marker::PhantomData;

async fn checked(parts: &mut Parts, state: &AppState, need: Need) -> Result<Session, AppError> {
    let session = match parts.extensions.get::<Session>() {
        Some(s) => s.clone(),
        None => session::authenticate(state, session::authorization(&parts.headers)).await?,
    };
    session.admits(need)?;
    Ok(session)
}

macro_rules! caller {
    ($(#[$doc:meta])* $name:ident, $need:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $name(Session);

        impl std::ops::Deref for $name {
            type Target = Session;
            fn deref(&self) -> &Session {
                &self.0
            }
        }

        impl FromRequestParts<AppState> for $name {
            type Rejection = AppError;
            async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
                checked(parts, state, $need).await.map($name)
            }
        }
    };
}

caller!(
    /// Any valid session, locked or not (locking and unlocking the screen).
    Signed,
    Need::Session
);
caller!(
    /// A session whose screen is not locked, before or after the initial password change
    /// (what the shell and the forced change-password dialog need).
    Unlocked,
    Need::Unlocked
);
caller!(
    /// An unlocked session of a user who has changed the initial password where the policy
    /// demands it: what every business call requires.
    Member,
    Need::Member
);

/// A [`Member`] who is an administrator.
#[derive(Debug, Clone)]
pub struct Admin(Session);

impl std::ops::Deref for Admin {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.0
    }
}

impl FromRequestParts<AppState> for Admin {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let session = checked(parts, state, Need::Member).await?;
        if !session.is_administrator {
            return Err(AppError::forbidden(MSG_FORBIDDEN));
        }
        Ok(Admin(session))
    }
}

/// Something a page lets its users do: its menu (by enCode) and, for an action on a button,
/// the button's code ([`super::button`]). Declared once per action by the area that owns it.
pub trait Action: Send + Sync + 'static {
    /// The menu's enCode, e.g. `permission.user`.
    const MENU: &'static str;
    /// The button's code, or None when the menu alone grants the action (reading its list).
    const BUTTON: Option<&'static str>;
}

/// Proof that the caller may do `A`: an administrator, or a member whose enabled roles are
/// granted A's menu and button. Carries the rows the caller may touch for it.
pub struct Permit<A: Action> {
    session: Session,
    scope: DataScope,
    action: PhantomData<A>,
}

impl<A: Action> Permit<A> {
    pub fn caller(&self) -> &Session {
        &self.session
    }

    /// The rows this permit reaches.
    pub fn scope(&self) -> &DataScope {
        &self.scope
    }
}

impl<A: Action> FromRequestParts<AppState> for Permit<A> {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let session = checked(parts, state, Need::Member).await?;
        if !session.is_administrator {
            let mut conn = state.db.acquire().await?;
            if !repo::has_grant(&mut conn, &session.user_id, A::MENU, A::BUTTON).await? {
                return Err(AppError::forbidden(MSG_FORBIDDEN));
            }
        }
        let scope = DataScope::granted_to(&session);
        Ok(Permit { session, scope, action: PhantomData })
    }
}

/// Which rows a caller may read or change: a required argument of every repository
/// function that returns records. A row outside it is answered as missing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataScope(Scope);

#[derive(Debug, Clone, PartialEq, Eq)]
enum Scope {
    All,
    /// Rows owned by this user.
    Own(String),
}

impl DataScope {
    /// What a caller's roles grant on a page. Today: everything for an administrator, the
    /// caller's own rows for anyone else (the organisation issue adds role-granted scopes).
    fn granted_to(session: &Session) -> DataScope {
        if session.is_administrator { DataScope(Scope::All) } else { DataScope::own(session) }
    }

    /// The caller's own rows (their profile, their login log), administrator or not.
    pub fn own(session: &Session) -> DataScope {
        DataScope(Scope::Own(session.user_id.clone()))
    }

    /// Appends ` AND <owner_column> = $n` unless the scope is everything. `owner_column` is
    /// the column that names a row's owner (`id` for a user row, `user_id` for a log row).
    pub fn restrict(&self, sql: &mut Sql, owner_column: &'static str) {
        if let Scope::Own(user_id) = &self.0 {
            sql.push(" AND ").push(owner_column).push(" = ").bind(user_id.as_str());
        }
    }
}

impl Member {
    /// The rows this member reaches outside any page (their own unless administrator).
    pub fn scope(&self) -> DataScope {
        DataScope::granted_to(&self.0)
    }
}

/// The menus and page items a user's enabled roles grant, as (item type, item id).
pub async fn granted(conn: &mut crate::db::Conn, user_id: &str) -> Result<std::collections::BTreeSet<(String, String)>, AppError> {
    repo::granted(conn, user_id).await
}
