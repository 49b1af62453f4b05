//! Who may call what, below every feature area. The router asks for a member on every API
//! route unless [`policy`] lists it; handlers receive the caller as a typed value —
//! [`Signed`], [`Unlocked`], [`Member`], [`Admin`], a [`Permit`] for a menu and button or a
//! [`SystemJob`] an administrator started —
//! and services that change data take that value as an argument, so no code path reaches
//! them without the check. Repository functions that return records take a [`DataScope`].

pub mod button;
mod caller;
mod grant;
mod guard;
pub mod lockout;
pub mod policy;
mod refusal;
pub(crate) mod repo;
pub mod scope;
pub mod session;
pub mod state;

pub use caller::{Action, Admin, Member, Permit, RecordPermit, Signed, SystemJob, Unlocked, granted};
pub use scope::{DataScope, Reason, ScopeColumns};
pub use grant::RecordGrant;
pub use guard::guard;
pub use policy::Need;
pub use refusal::{MSG_LOCKED, MSG_CHANGE_INITIAL_PASSWORD, MSG_PASSWORD_OVERDUE, MSG_FORBIDDEN};
pub use session::{Revoked, Session};
