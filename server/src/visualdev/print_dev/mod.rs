//! Print templates (打印模板, issue 29; jnpf-wire-engine2.md §6) served under
//! `/api/system/printDev` and `/api/system/printLog`: the templates (list, form, copy,
//! state, `.bp` export and import), the designers' pickers, the field tree, and each
//! template filled for one record or a batch (`Data`, `BatchData`). It lives with the
//! models because a template prints a released model's records through the record pipeline
//! (the system area depends on no model); SQL templates run through the system area's
//! data-interface guard.

pub mod docx;
pub mod dto;
pub mod fill;
mod handlers;
pub mod repo;
pub mod service;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, AddTemplate, EditTemplate, ExportTemplate, ImportTemplate, RemoveTemplate, ViewTemplate};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/system/printDev", routes!(handlers::list, handlers::create))
        .route("/api/system/printDev/Selector", routes!(handlers::selector))
        .route("/api/system/printDev/getListOptions", routes!(handlers::options))
        .route("/api/system/printDev/Fields", routes!(handlers::fields))
        .route("/api/system/printDev/Data", routes!(handlers::data))
        .route("/api/system/printDev/BatchData", routes!(handlers::batch_data))
        .route("/api/system/printDev/Actions/ImportData", routes!(handlers::import))
        .route("/api/system/printDev/{id}", routes!(handlers::info, handlers::update, handlers::delete))
        .route("/api/system/printDev/{id}/Actions/Copy", routes!(handlers::copy))
        .route("/api/system/printDev/{id}/Actions/State", routes!(handlers::state))
        .route("/api/system/printDev/{id}/Actions/Export", routes!(handlers::export))
        .route("/api/system/printDev/{id}/Actions/Docx", routes!(handlers::docx))
        .route("/api/system/printLog/{templateId}", routes!(handlers::log))
        .route("/api/system/printLog/save", routes!(handlers::save_log))
}
