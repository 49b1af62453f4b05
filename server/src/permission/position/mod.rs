//! Positions (岗位管理, ROLE-002, ROLE-006, ROLE-010): each belongs to one organisation.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;

use crate::access::{Action, button};
use crate::api::ApiRoutes;
use utoipa_axum::routes;

/// The position page (menu permission.position).
pub const MENU: &str = "permission.position";

pub struct ViewPosition;
impl Action for ViewPosition {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddPosition;
impl Action for AddPosition {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

pub struct EditPosition;
impl Action for EditPosition {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemovePosition;
impl Action for RemovePosition {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::list, handlers::create))
        .route(routes!(handlers::info, handlers::update, handlers::delete))
        .route(routes!(handlers::all))
        .route(routes!(handlers::selector))
        .route(routes!(handlers::condition))
        .route(routes!(handlers::by_organisations))
}
