//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The print template page (打印模板 under 系统管理; the JNPF view system/printDev).
pub const MENU: &str = "system.printDev";

pub struct ViewTemplate;

impl Action for ViewTemplate {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

/// Create and copy.
pub struct AddTemplate;

impl Action for AddTemplate {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

/// Change, and the state switch.
pub struct EditTemplate;

impl Action for EditTemplate {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveTemplate;

impl Action for RemoveTemplate {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

pub struct ImportTemplate;

impl Action for ImportTemplate {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::UPLOAD);
}

pub struct ExportTemplate;

impl Action for ExportTemplate {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::DOWNLOAD);
}
