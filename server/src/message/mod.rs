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
use axum::http::Method;
use utoipa_axum::routes;

pub use handlers::upgrade;

pub use actions::{NOTICE_MENU, ViewNotice, AddNotice, EditNotice, RemoveNotice};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/message", routes!(handlers::list, handlers::notice::create))
        .route("/api/message/ReadInfo/{id}", routes!(handlers::read))
        .route("/api/message/Actions/ReadAll", routes!(handlers::read_all))
        .route("/api/message/Record", routes!(handlers::delete_records))
        .route("/api/message/Notice", routes!(handlers::notices))
        .alias("/api/message/Notice/List", &[(Method::POST, "The notice list under the call catalogue's path (MSG-022)")], routes!(handlers::notices))
        .route("/api/message/{id}", routes!(handlers::notice::info, handlers::update_notice, handlers::notice::delete))
        .alias("/api/message/Notice/{id}", &[(Method::GET, "A notice's form under the call catalogue's path"), (Method::PUT, "Changes a draft notice under the call catalogue's path"), (Method::DELETE, "Deletes a notice under the call catalogue's path")], routes!(handlers::notice::info, handlers::update_notice, handlers::notice::delete))
        .route("/api/message/{id}/Actions/Release", routes!(handlers::release))
        .alias("/api/message/Notice/{id}/Actions/Release", &[(Method::PUT, "Releases a draft notice under the call catalogue's path (MSG-023)")], routes!(handlers::release))
        .route("/api/message/{id}/Actions/Withdraw", routes!(handlers::withdraw))
        .route("/api/message/imreply", routes!(handlers::conversations))
        .route("/api/message/imreply/deleteChatRecord/{id}", routes!(handlers::clear_history))
        .route("/api/message/imreply/relocation/{id}", routes!(handlers::remove_conversation))
        .route("/api/message/SendMessageConfig/Selector", routes!(handlers::send_configs))
        .route("/api/message/SendMessageConfig/{id}", routes!(handlers::send_config))
}
