//! Groups (分组管理, ROLE-001, ROLE-005, ROLE-009).

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;

use crate::access::{Action, button};
use crate::api::ApiRoutes;
use utoipa_axum::routes;

/// The group page (menu permission.group).
pub const MENU: &str = "permission.group";

pub struct ViewGroup;
impl Action for ViewGroup {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddGroup;
impl Action for AddGroup {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

pub struct EditGroup;
impl Action for EditGroup {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveGroup;
impl Action for RemoveGroup {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::list, handlers::create))
        .route(routes!(handlers::info, handlers::update, handlers::delete))
        .route(routes!(handlers::selector))
        .route(routes!(handlers::condition))
}
