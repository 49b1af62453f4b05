//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The model page (功能设计 under 系统管理).
pub const MENU: &str = "system.visualDev";

/// The page's release button (发布).
pub const BTN_RELEASE: &str = "btn_release";

pub struct ViewModel;

impl Action for ViewModel {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

/// Create and copy.
pub struct AddModel;

impl Action for AddModel {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

pub struct EditModel;

impl Action for EditModel {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveModel;

impl Action for RemoveModel {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

pub struct ReleaseModel;

impl Action for ReleaseModel {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(BTN_RELEASE);
}
