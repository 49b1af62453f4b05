//! The caller as a typed value. Each extractor reuses the session the route guard checked
//! (or checks it itself when the route asks for less), then demands its own level, so a
//! handler that takes a [`Member`] gets one whatever the route list says.

use super::policy::Need;
use super::scope::{DataScope, Variables};
use super::session::{self, Session};
use super::grant::RecordGrant;
use super::refusal::MSG_FORBIDDEN;
use super::repo;
use crate::state::AppState;
use crate::db::Conn;
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

impl Admin {
    /// The rows an administrator reaches: every one.
    pub fn scope(&self) -> DataScope {
        DataScope::all()
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

    /// The caller as a member (a permit is only ever given to one), for the calls that read
    /// other models' records within the member's own scope there.
    pub fn member(&self) -> Member {
        Member(self.session.clone())
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
        // The operation log's moduleName: the page this call acts for.
        if let Some(acted_for) = parts.extensions.get::<crate::journal::ActedFor>() {
            acted_for.note(A::MENU);
        }
        Permit::demand(state, &Member(session)).await
    }
}

impl<A: Action> Permit<A> {
    /// The permit for a member whose action is known only from the request's content (the
    /// members of a role, a position or a group share one address).
    pub async fn demand(state: &AppState, member: &Member) -> Result<Self, AppError> {
        let session = member.0.clone();
        if session.is_administrator {
            return Ok(Permit { session, scope: DataScope::all(), action: PhantomData });
        }
        let mut conn = state.db.acquire().await?;
        if !repo::has_grant(&mut conn, &session.user_id, A::MENU, A::BUTTON).await? {
            return Err(AppError::forbidden(MSG_FORBIDDEN));
        }
        let scope = page_scope(&mut conn, &session, A::MENU).await?;
        Ok(Permit { session, scope, action: PhantomData })
    }
}

/// The rows a member reaches on the page `menu`: every row when the menu has no data
/// permission; otherwise the union of the schemes granted to them there.
async fn page_scope(conn: &mut Conn, session: &Session, menu: &str) -> Result<DataScope, AppError> {
    if !repo::has_data_permission(conn, menu).await? {
        return Ok(DataScope::all());
    }
    let schemes = repo::granted_schemes(conn, &session.user_id, menu).await?;
    if schemes.is_empty() {
        return Ok(DataScope::schemes([], &Variables::default()));
    }
    let mut user_and_subordinates = vec![session.user_id.clone()];
    user_and_subordinates.extend(repo::subordinates(conn, &session.user_id).await?);
    let vars = Variables {
        user_id: session.user_id.clone(),
        user_and_subordinates,
        organize_tree: repo::organize_tree(conn, &session.organize_id).await?.unwrap_or_default(),
        organize_id: session.organize_id.clone(),
        managed: repo::managed_organisations(conn, &session.user_id).await?,
    };
    Ok(DataScope::schemes(schemes.iter().map(String::as_str), &vars))
}

/// The menus and page items a user's enabled roles grant, as (item type, item id).
pub async fn granted(conn: &mut crate::db::Conn, user_id: &str) -> Result<std::collections::BTreeSet<(String, String)>, AppError> {
    repo::granted(conn, user_id).await
}

/// A job the system runs for an administrator (the third-party import, SYS-006/007 type 1):
/// what the organisation and user services' job entry points require instead of a
/// [`Permit`], so that such a job goes through the same rules as the pages without a menu
/// check of its own. Only an administrator can start one; its writes are made in their name
/// and reach every row.
#[derive(Debug, Clone)]
pub struct SystemJob {
    started_by: String,
}

impl SystemJob {
    pub fn started_by(admin: &Admin) -> SystemJob {
        SystemJob { started_by: admin.user_id.clone() }
    }

    /// The administrator the job's writes are recorded under.
    pub fn user_id(&self) -> &str {
        &self.started_by
    }

    /// A job reaches every row.
    pub fn scope(&self) -> DataScope {
        DataScope::all()
    }
}

/// What a member may do with the records of one released model (the generated pages, whose
/// menus are made at run time, so no [`Action`] names them): the model is reached through a
/// form menu (type 3) whose `propertyJson.moduleId` is the model and which is granted to the
/// member. On that menu, with button permission on, only the granted buttons; with form
/// permission on, only the granted fields (their vModel, `table-column` in sub-tables); with
/// data permission on, only the rows of the granted schemes. An administrator reaches all.
#[derive(Debug, Clone)]
pub struct RecordPermit {
    session: Session,
    grant: std::sync::Arc<RecordGrant>,
}

impl RecordPermit {
    pub fn caller(&self) -> &Session {
        &self.session
    }

    /// The same member's permit on another model (a related form's), None when no granted
    /// menu opens it to them.
    pub async fn on_model(&self, state: &AppState, model_id: &str) -> Result<Option<RecordPermit>, AppError> {
        match RecordPermit::demand(state, &Member(self.session.clone()), model_id, None).await {
            Ok(permit) => Ok(Some(permit)),
            Err(AppError::Forbidden(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    pub fn scope(&self) -> &DataScope {
        &self.grant.scope
    }

    /// May the caller use the button (`btn_add`, `btn_edit`, `btn_remove`, …)?
    pub fn has_button(&self, button: &str) -> bool {
        self.grant.buttons.as_ref().is_none_or(|b| b.contains(button))
    }

    /// May the caller see and send the field (`vModel`, `table-column` in a sub-table)?
    pub fn has_field(&self, field: &str) -> bool {
        self.grant.fields.as_ref().is_none_or(|f| f.contains(field))
    }

    /// The permit of a member for the records of `model_id`; `menu_id` picks the menu when the
    /// client names it (the List call does). Refused when no granted menu opens the model.
    pub async fn demand(state: &AppState, member: &Member, model_id: &str, menu_id: Option<&str>) -> Result<RecordPermit, AppError> {
        let session = member.0.clone();
        if session.is_administrator {
            let grant = std::sync::Arc::new(RecordGrant { scope: DataScope::all(), buttons: None, fields: None });
            return Ok(RecordPermit { session, grant });
        }
        // Read once per member, model and menu until a grant, role, menu or user changes.
        let key = format!("{}|{model_id}|{}", session.user_id, menu_id.unwrap_or(""));
        if let Some(grant) = state.access.record_grants.get(&key, session.generation) {
            return Ok(RecordPermit { session, grant });
        }
        let mut conn = state.db.acquire().await?;
        let menus = repo::menus_naming(&mut conn, model_id).await?;
        let mut chosen = None;
        for m in menus {
            let bound = serde_json::from_str::<serde_json::Value>(&m.property_json)
                .ok()
                .and_then(|p| p.get("moduleId").and_then(|v| v.as_str()).map(|v| v == model_id))
                .unwrap_or(false);
            if !bound || menu_id.is_some_and(|want| !want.is_empty() && want != m.id) {
                continue;
            }
            if repo::menu_granted(&mut conn, &session.user_id, &m.id).await? {
                chosen = Some(m);
                break;
            }
        }
        let Some(menu) = chosen else {
            return Err(AppError::forbidden(MSG_FORBIDDEN));
        };
        let buttons = if menu.is_button_authorize == 1 { Some(repo::granted_items(&mut conn, &session.user_id, &menu.id, "button").await?) } else { None };
        let fields = if menu.is_form_authorize == 1 { Some(repo::granted_items(&mut conn, &session.user_id, &menu.id, "form").await?) } else { None };
        let scope = page_scope(&mut conn, &session, &menu.en_code).await?;
        let grant = std::sync::Arc::new(RecordGrant { scope, buttons, fields });
        state.access.record_grants.put(&key, session.generation, grant.clone());
        Ok(RecordPermit { session, grant })
    }
}
