//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The dictionary page (menu systemData.dictionary).
pub const MENU: &str = "systemData.dictionary";

pub struct ViewDictionary;

impl Action for ViewDictionary {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddDictionary;

impl Action for AddDictionary {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

pub struct EditDictionary;

impl Action for EditDictionary {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveDictionary;

impl Action for RemoveDictionary {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

pub struct ImportDictionary;

impl Action for ImportDictionary {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::UPLOAD);
}

pub struct ExportDictionary;

impl Action for ExportDictionary {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::DOWNLOAD);
}
