//! Organisations and departments (组织管理, ORG-019/020): one tree, its management page and
//! the organisation pickers every form uses.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;

use crate::access::{Action, button};
use crate::api::ApiRoutes;
use utoipa_axum::routes;

/// The organisation page (menu permission.organize).
pub const MENU: &str = "permission.organize";

pub struct ViewOrganize;
impl Action for ViewOrganize {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddOrganize;
impl Action for AddOrganize {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

pub struct EditOrganize;
impl Action for EditOrganize {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveOrganize;
impl Action for RemoveOrganize {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

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
