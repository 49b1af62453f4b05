//! Data interfaces (数据接口, DI-*): named data sources for the forms' option lists, popup
//! selects and auto-complete — one read-only SELECT over the platform database with bound
//! parameters, static JSON, or an HTTP address — with their call log, copy, export and
//! import. Administered on the page systemData.dataInterface; called by any member.

pub mod dto;
mod guard;
mod handlers;
pub mod repo;
mod runner;
pub mod service;
mod actions;

/// What no SQL interface (and no menu's data connection) reads.
pub use guard::{readable_table, refused_column, refused_table};
pub use runner::SqlRunner;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, ViewDataInterface, AddDataInterface, EditDataInterface, RemoveDataInterface, ImportDataInterface, ExportDataInterface};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::list, handlers::create))
        .route(routes!(handlers::selector))
        .route(routes!(handlers::options))
        .route(routes!(handlers::params))
        .route(routes!(handlers::info, handlers::update, handlers::delete))
        .route(routes!(handlers::toggle))
        .route(routes!(handlers::copy))
        .route(routes!(handlers::preview))
        .route(routes!(handlers::rows_page))
        .route(routes!(handlers::rows_page_plural))
        .route(routes!(handlers::rows_by_ids))
        .route(routes!(handlers::rows_by_ids_plural))
        .route(routes!(handlers::export))
        .route(routes!(handlers::export_plural))
        .route(routes!(handlers::import))
        .route(routes!(handlers::import_plural))
        .route(routes!(handlers::log))
}
