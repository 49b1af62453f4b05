//! Organisations and departments (组织管理, ORG-019/020): one tree, its management page and
//! the organisation pickers every form uses.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, ViewOrganize, AddOrganize, EditOrganize, RemoveOrganize};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::list, handlers::create_company))
        .route(routes!(handlers::company, handlers::update_company, handlers::delete))
        .route(routes!(handlers::department, handlers::update_department))
        .route(routes!(handlers::create_department))
        .route(routes!(handlers::tree))
        .route(routes!(handlers::companies_by_auth))
        .route(routes!(handlers::departments_by_auth))
        .route(routes!(handlers::departments))
        .route(routes!(handlers::condition))
}
