//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The group page (menu permission.group).
pub const MENU: &str = "permission.group";

pub struct ViewGroup;

impl Action for ViewGroup {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddGroup;

impl Action for AddGroup {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

pub struct EditGroup;

impl Action for EditGroup {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveGroup;

impl Action for RemoveGroup {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}
