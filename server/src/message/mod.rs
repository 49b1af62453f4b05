//! Messages (MSG-*): in-site messages of four types (system, workflow, notice, schedule) with
//! each user's read state, the notices administrators write and release, the internal chat
//! (CHAT-*), and the WebSocket that carries them live (`socket`).
//!
//! This area depends on no other area (only on `access`, `live` and the modules below them),
//! so that any area may send messages through [`service::write`] / [`service::send`].

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
pub mod socket;

use crate::access::{Action, button};
use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use handlers::upgrade;

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

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::list, handlers::create_notice))
        .route(routes!(handlers::read))
        .route(routes!(handlers::read_all))
        .route(routes!(handlers::delete_records))
        .route(routes!(handlers::notices))
        .route(routes!(handlers::notices_alias))
        .route(routes!(handlers::notice, handlers::update_notice, handlers::delete_notice))
        .route(routes!(handlers::notice_alias, handlers::update_notice_alias, handlers::delete_notice_alias))
        .route(routes!(handlers::release))
        .route(routes!(handlers::release_alias))
        .route(routes!(handlers::withdraw))
        .route(routes!(handlers::conversations))
        .route(routes!(handlers::clear_history))
        .route(routes!(handlers::remove_conversation))
        .route(routes!(handlers::send_configs))
        .route(routes!(handlers::send_config))
}
