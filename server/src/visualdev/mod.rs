//! Online development (在线开发), first slice: model definitions (`/api/visualdev/Base`,
//! jnpf-wire-engine.md §6, spec 02 §7.10, issue 13). A definition is kept as a draft the
//! designer edits; release checks it whole with core's `model::check_definition`, finds every
//! outside thing it names (dictionaries, data interfaces, serial-number rules, other released
//! forms and their fields) and stores an immutable version. The records' tables and the
//! OnlineDev runtime come in the next slice.

pub mod dto;
mod handlers;
pub mod online;
pub mod repo;
pub mod service;
pub mod state;

use crate::access::{Action, button};
use crate::api::ApiRoutes;
use utoipa_axum::routes;

/// The model page (功能设计 under 系统管理).
pub const MENU: &str = "system.visualDev";

/// The page's release button (发布).
pub const BTN_RELEASE: &str = "btn_release";

pub struct ViewModel;
impl Action for ViewModel {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

/// Create and copy.
pub struct AddModel;
impl Action for AddModel {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

pub struct EditModel;
impl Action for EditModel {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveModel;
impl Action for RemoveModel {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

pub struct ReleaseModel;
impl Action for ReleaseModel {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(BTN_RELEASE);
}

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::page, handlers::create))
        .route(routes!(handlers::list))
        .route(routes!(handlers::selector))
        .route(routes!(handlers::info, handlers::update, handlers::delete))
        .route(routes!(handlers::copy))
        .route(routes!(handlers::release))
        .route(routes!(handlers::form_data_fields))
        .route(routes!(handlers::field_data_select))
        .merge(online::routes())
}
