//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The serial-number rule page (menu system.billRule).
pub const MENU: &str = "system.billRule";

pub struct ViewBillRule;

impl Action for ViewBillRule {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddBillRule;

impl Action for AddBillRule {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

pub struct EditBillRule;

impl Action for EditBillRule {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveBillRule;

impl Action for RemoveBillRule {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

pub struct ImportBillRule;

impl Action for ImportBillRule {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::UPLOAD);
}

pub struct ExportBillRule;

impl Action for ExportBillRule {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::DOWNLOAD);
}
