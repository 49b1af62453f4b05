//! Who may call what, below every feature area. The router asks for a member on every API
//! route unless [`policy`] lists it; handlers receive the caller as a typed value —
//! [`Signed`], [`Unlocked`], [`Member`], [`Admin`], a [`Permit`] for a menu and button or a
//! [`SystemJob`] an administrator started —
//! and services that change data take that value as an argument, so no code path reaches
//! them without the check. Repository functions that return records take a [`DataScope`].

mod caller;
pub mod lockout;
pub mod policy;
pub(crate) mod repo;
pub mod scope;
pub mod session;

pub use caller::{Action, Admin, Member, Permit, RecordGrant, RecordPermit, Signed, SystemJob, Unlocked, granted};
pub use scope::{DataScope, Reason, ScopeColumns};
pub use policy::{Need, guard};
pub use session::{Revoked, Session};

/// The default buttons of a generated list (jnpf-wire.md "Generated forms and lists").
pub mod button {
    pub const ADD: &str = "btn_add";
    pub const EDIT: &str = "btn_edit";
    pub const REMOVE: &str = "btn_remove";
    pub const DETAIL: &str = "btn_detail";
    /// Import (导入) on the pages that take files.
    pub const UPLOAD: &str = "btn_upload";
    /// Export (导出).
    pub const DOWNLOAD: &str = "btn_download";
}

pub const MSG_LOCKED: &str = "屏幕已锁定，请先解锁";
pub const MSG_CHANGE_INITIAL_PASSWORD: &str = "请先修改初始密码";
/// The periodic password change is overdue (passwordIsUpdatedRegularly, updateCycle).
pub const MSG_PASSWORD_OVERDUE: &str = "密码已过期，请修改密码";
pub const MSG_FORBIDDEN: &str = "您没有此操作的权限";
