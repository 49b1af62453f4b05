//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The user page (menu permission.user).
pub const MENU: &str = "permission.user";

pub struct ViewUsers;

impl Action for ViewUsers {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddUser;

impl Action for AddUser {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

/// Changing a user: the form, state, password reset, unlock and work handover.
pub struct EditUser;

impl Action for EditUser {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveUser;

impl Action for RemoveUser {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

/// The user page's import button (导入).
pub struct ImportUsers;

impl Action for ImportUsers {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::UPLOAD);
}

/// The user page's export button (导出).
pub struct ExportUsers;

impl Action for ExportUsers {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::DOWNLOAD);
}
