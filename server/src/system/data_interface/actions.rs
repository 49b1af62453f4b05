//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The data interface page (menu systemData.dataInterface).
pub const MENU: &str = "systemData.dataInterface";

pub struct ViewDataInterface;

impl Action for ViewDataInterface {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddDataInterface;

impl Action for AddDataInterface {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

pub struct EditDataInterface;

impl Action for EditDataInterface {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveDataInterface;

impl Action for RemoveDataInterface {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

pub struct ImportDataInterface;

impl Action for ImportDataInterface {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::UPLOAD);
}

pub struct ExportDataInterface;

impl Action for ExportDataInterface {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::DOWNLOAD);
}
