//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The role page (menu permission.role).
pub const MENU: &str = "permission.role";

pub struct ViewRole;

impl Action for ViewRole {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddRole;

impl Action for AddRole {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

/// Changing a role: its form, its state and its members.
pub struct EditRole;

impl Action for EditRole {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveRole;

impl Action for RemoveRole {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}
