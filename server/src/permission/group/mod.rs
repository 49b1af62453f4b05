//! Groups (分组管理, ROLE-001, ROLE-005, ROLE-009).

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, ViewGroup, AddGroup, EditGroup, RemoveGroup};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/permission/Group", routes!(handlers::list, handlers::create))
        .route("/api/permission/Group/{id}", routes!(handlers::info, handlers::update, handlers::delete))
        .route("/api/permission/Group/Selector", routes!(handlers::selector))
        .route("/api/permission/Group/GroupCondition", routes!(handlers::condition))
}
