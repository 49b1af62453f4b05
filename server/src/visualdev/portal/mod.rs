//! Portals (门户, issue 31; jnpf-wire-engine2.md §2) under `/api/visualdev/Portal`: the
//! records of the 门户设计 page (list, form, the designer's partial save, copy, delete, `.vp`
//! export and import, release to type-8 menus) and what every member's home page and portal
//! menus read (the selector, the default portal, the runtime answer `auth`, the users' own
//! layouts). Decisions where the client is silent are in service.rs.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, BTN_RELEASE, AddPortal, EditPortal, ExportPortal, ImportPortal, ReleasePortal, RemovePortal, ViewPortal};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/visualdev/Portal", routes!(handlers::list, handlers::create))
        .route("/api/visualdev/Portal/Selector", routes!(handlers::selector))
        .route("/api/visualdev/Portal/Model/Actions/ImportData", routes!(handlers::import))
        .route("/api/visualdev/Portal/Actions/release/{id}", routes!(handlers::release))
        .route("/api/visualdev/Portal/Custom/Save/{id}", routes!(handlers::save_custom))
        .route("/api/visualdev/Portal/{id}", routes!(handlers::info, handlers::update, handlers::delete))
        .route("/api/visualdev/Portal/{id}/Actions/Copy", routes!(handlers::copy))
        .route("/api/visualdev/Portal/{id}/Actions/ExportData", routes!(handlers::export))
        .route("/api/visualdev/Portal/{id}/Actions/SetDefault", routes!(handlers::set_default))
        .route("/api/visualdev/Portal/{id}/auth", routes!(handlers::auth))
}
