//! Users (用户管理, ORG-021..026): the list, the form with its memberships, state, password
//! reset, unlock, work handover, and the user pickers every form uses.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
pub mod transfer;
mod actions;

pub use dto::UserForm;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, ViewUsers, AddUser, EditUser, RemoveUser, ImportUsers, ExportUsers};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::list, handlers::create))
        .route(routes!(handlers::info, handlers::update, handlers::delete))
        .route(routes!(handlers::state))
        .route(routes!(handlers::reset_password))
        .route(routes!(handlers::unlock))
        .route(routes!(handlers::work))
        .route(routes!(handlers::hand_over))
        .route(routes!(handlers::all))
        .route(routes!(handlers::selector))
        .route(routes!(handlers::contacts))
        .route(routes!(handlers::tree))
        .route(routes!(handlers::tree_by_authorize))
        .route(routes!(handlers::same_organisation))
        .route(routes!(handlers::subordinates))
        .route(routes!(handlers::condition))
        .route(routes!(handlers::by_ids))
        .route(routes!(handlers::selected))
        .route(routes!(handlers::selected_users))
        .route(routes!(handlers::by_position))
        .route(routes!(handlers::by_role))
        .route(routes!(handlers::export))
        .route(routes!(handlers::template))
        .route(routes!(handlers::upload))
        .route(routes!(handlers::preview))
        .route(routes!(handlers::import))
        .route(routes!(handlers::export_failures))
        .route(routes!(handlers::admin_list))
        .route(routes!(handlers::set_admin_list))
}
