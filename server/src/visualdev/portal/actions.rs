//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The portal page (门户设计 under 系统管理; the JNPF view onlineDev/visualPortal).
pub const MENU: &str = "onlineDev.visualPortal";

/// The page's release button (发布 / 同步门户).
pub const BTN_RELEASE: &str = "btn_release";

pub struct ViewPortal;

impl Action for ViewPortal {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

/// Create and copy.
pub struct AddPortal;

impl Action for AddPortal {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

/// The record dialog's change and the designer's save.
pub struct EditPortal;

impl Action for EditPortal {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemovePortal;

impl Action for RemovePortal {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

pub struct ImportPortal;

impl Action for ImportPortal {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::UPLOAD);
}

pub struct ExportPortal;

impl Action for ExportPortal {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::DOWNLOAD);
}

pub struct ReleasePortal;

impl Action for ReleasePortal {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(BTN_RELEASE);
}
