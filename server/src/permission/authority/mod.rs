//! Authorisation (ROLE-006, PERM): what a role, a position or a user may use — systems,
//! menus, and each page's buttons, columns, form fields and data schemes — through the
//! six-step wizard of the role list and the batch page. A member who is not the
//! administrator can hand out only what they hold themselves.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::values))
        .route(routes!(handlers::save))
        .route(routes!(handlers::batch))
        .route(routes!(handlers::columns_by_module))
}
