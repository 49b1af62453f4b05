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
        .route("/api/permission/Role", routes!(handlers::list, handlers::create))
        .route("/api/permission/Role/{id}", routes!(handlers::info, handlers::update, handlers::delete))
        .route("/api/permission/Role/{id}/Actions/State", routes!(handlers::state))
        .route("/api/permission/Role/Selector", routes!(handlers::selector))
        .route("/api/permission/Role/SelectorByPermission", routes!(handlers::selector_by_permission))
        .route("/api/permission/Role/RoleCondition", routes!(handlers::condition))
        .route("/api/permission/Role/getListByOrgIds", routes!(handlers::by_organisations))
}
