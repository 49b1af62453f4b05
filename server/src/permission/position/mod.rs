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
        .route("/api/permission/Position", routes!(handlers::list, handlers::create))
        .route("/api/permission/Position/{id}", routes!(handlers::info, handlers::update, handlers::delete))
        .route("/api/permission/Position/All", routes!(handlers::all))
        .route("/api/permission/Position/Selector", routes!(handlers::selector))
        .route("/api/permission/Position/PositionCondition", routes!(handlers::condition))
        .route("/api/permission/Position/getListByOrgIds", routes!(handlers::by_organisations))
}
