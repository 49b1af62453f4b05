//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The system log page (menu system.sysLog, address system/log).
pub const MENU: &str = "system.sysLog";

pub struct ViewLog;

impl Action for ViewLog {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

/// Deleting rows and clearing a category: the page's 删除 button.
pub struct RemoveLog;

impl Action for RemoveLog {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}
