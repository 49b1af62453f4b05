//! Roles (角色管理, ROLE-003, ROLE-004, ROLE-007, ROLE-008, ROLE-011): a global role belongs to
//! the whole group; an organisation role to the organisations it is bound to.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;

use crate::access::{Action, button};
use crate::api::ApiRoutes;
use utoipa_axum::routes;

/// The role page (menu permission.role).
pub const MENU: &str = "permission.role";

pub struct ViewRole;
impl Action for ViewRole {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddRole;
impl Action for AddRole {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

/// Changing a role: its form, its state and its members.
pub struct EditRole;
impl Action for EditRole {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveRole;
impl Action for RemoveRole {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

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
