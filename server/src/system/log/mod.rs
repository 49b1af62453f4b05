//! The system log (系统日志) for administrators: everyone's sign-ins (category 1), operations
//! (3) and requests (5) that the journal and sign-in write, searched by keyword and by days,
//! paged, deleted by row or cleared by category — within the caller's data scope. The paths
//! are the JNPF 3.4.7 client's log page (`/api/system/Log/{category}`, `DELETE Log` with
//! `{ids}`, `DELETE Log/{category}`), which the call catalogue does not list.

pub mod dto;
mod handlers;
mod repo;
pub mod service;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, ViewLog, RemoveLog};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/system/Log/{category}", routes!(handlers::list, handlers::clear))
        .route("/api/system/Log", routes!(handlers::delete))
}
