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
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use handlers::upgrade;

pub use actions::{NOTICE_MENU, ViewNotice, AddNotice, EditNotice, RemoveNotice};

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
