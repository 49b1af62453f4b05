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
        .route("/api/permission/Organize", routes!(handlers::list, handlers::company::create))
        .route("/api/permission/Organize/{id}", routes!(handlers::company::info, handlers::company::update, handlers::company::delete))
        .route("/api/permission/Organize/Department/{id}", routes!(handlers::department::info, handlers::department::update))
        .route("/api/permission/Organize/Department", routes!(handlers::department::create))
        .route("/api/permission/Organize/Tree", routes!(handlers::tree))
        .route("/api/permission/Organize/SelectorByAuth/{id}", routes!(handlers::companies_by_auth))
        .route("/api/permission/Organize/Department/SelectorByAuth/{id}", routes!(handlers::departments_by_auth))
        .route("/api/permission/Organize/Department/Selector/{id}", routes!(handlers::departments))
        .route("/api/permission/Organize/OrganizeCondition", routes!(handlers::condition))
}
