//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The menu administration page.
pub const MENU: &str = "system.menu";

pub struct ViewMenu;

impl Action for ViewMenu {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddMenu;

impl Action for AddMenu {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

/// Changing an application, a menu or an item: its form and its state.
pub struct EditMenu;

impl Action for EditMenu {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveMenu;

impl Action for RemoveMenu {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}
