//! The actions of this area (what each route demands of the caller: a menu and a button)
//! and the names they use, apart from the table of routes in mod.rs.

use crate::access::{Action, button};

/// The notice page (通知公告 under 消息中心).
pub const NOTICE_MENU: &str = "msgCenter.notice";

pub struct ViewNotice;

impl Action for ViewNotice {
    const MENU: &'static str = NOTICE_MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddNotice;

impl Action for AddNotice {
    const MENU: &'static str = NOTICE_MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

/// Changing a draft and releasing it: the page's 编辑 button.
pub struct EditNotice;

impl Action for EditNotice {
    const MENU: &'static str = NOTICE_MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveNotice;

impl Action for RemoveNotice {
    const MENU: &'static str = NOTICE_MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}
