//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The position page (menu permission.position).
pub const MENU: &str = "permission.position";

pub struct ViewPosition;

impl Action for ViewPosition {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddPosition;

impl Action for AddPosition {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

pub struct EditPosition;

impl Action for EditPosition {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemovePosition;

impl Action for RemovePosition {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}
