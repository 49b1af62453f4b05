//! Positions (岗位管理, ROLE-002, ROLE-006, ROLE-010): each belongs to one organisation.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, ViewPosition, AddPosition, EditPosition, RemovePosition};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::list, handlers::create))
        .route(routes!(handlers::info, handlers::update, handlers::delete))
        .route(routes!(handlers::all))
        .route(routes!(handlers::selector))
        .route(routes!(handlers::condition))
        .route(routes!(handlers::by_organisations))
}
