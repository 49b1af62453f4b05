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
        .route("/api/permission/Authority/Data/{objectId}/Values", routes!(handlers::values))
        .route("/api/permission/Authority/Data/{objectId}", routes!(handlers::save))
        .route("/api/permission/Authority/Data/Batch", routes!(handlers::batch))
        .route("/api/permission/Authority/GetColumnsByModuleId/{menuId}", routes!(handlers::columns_by_module))
        .route("/api/permission/Authority/SetColumnsByModuleId", routes!(handlers::set_columns_by_module))
}
