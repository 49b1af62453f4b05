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
use axum::http::Method;
use utoipa_axum::routes;

pub use actions::{MENU, ViewDataInterface, AddDataInterface, EditDataInterface, RemoveDataInterface, ImportDataInterface, ExportDataInterface};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/system/DataInterface", routes!(handlers::list, handlers::create))
        .route("/api/system/DataInterface/Selector", routes!(handlers::selector))
        .route("/api/system/DataInterface/getList", routes!(handlers::options))
        .route("/api/system/DataInterface/GetParam/{id}", routes!(handlers::params))
        .route("/api/system/DataInterface/{id}", routes!(handlers::info, handlers::update, handlers::delete))
        .route("/api/system/DataInterface/{id}/Actions/State", routes!(handlers::state))
        .route("/api/system/DataInterface/{id}/Actions/Copy", routes!(handlers::copy))
        .route("/api/system/DataInterface/{id}/Actions/Preview", routes!(handlers::preview))
        .route("/api/system/DataInterface/{id}/Action/List", routes!(handlers::rows_page))
        .alias("/api/system/DataInterface/{id}/Actions/List", &[(Method::POST, "The same under the catalogue's path (spec 02 §7.8)")], routes!(handlers::rows_page))
        .route("/api/system/DataInterface/{id}/Action/InfoByIds", routes!(handlers::rows_by_ids))
        .alias("/api/system/DataInterface/{id}/Actions/InfoByIds", &[(Method::POST, "The same under the catalogue's path (spec 02 §7.8)")], routes!(handlers::rows_by_ids))
        .route("/api/system/DataInterface/{id}/Action/Export", routes!(handlers::export))
        .alias("/api/system/DataInterface/{id}/Actions/Export", &[(Method::GET, "The same export under the catalogue's path")], routes!(handlers::export))
        .route("/api/system/DataInterface/Action/Import", routes!(handlers::import))
        .alias("/api/system/DataInterface/Actions/Import", &[(Method::POST, "The same import under the plural path")], routes!(handlers::import))
        .route("/api/system/DataInterfaceLog/{id}", routes!(handlers::log))
}
