//! Roles (角色管理, ROLE-003, ROLE-004, ROLE-007, ROLE-008, ROLE-011): a global role belongs to
//! the whole group; an organisation role to the organisations it is bound to.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, ViewRole, AddRole, EditRole, RemoveRole};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::list, handlers::create))
        .route(routes!(handlers::info, handlers::update, handlers::delete))
        .route(routes!(handlers::state))
        .route(routes!(handlers::selector))
        .route(routes!(handlers::selector_by_permission))
        .route(routes!(handlers::condition))
        .route(routes!(handlers::by_organisations))
}
