//! Print templates (打印模板, issue 29; jnpf-wire-engine2.md §6) served under
//! `/api/system/printDev` and `/api/system/printLog`: the templates (list, form, copy,
//! state, `.bp` export and import), the designers' pickers, the field tree, and each
//! template filled for one record or a batch (`Data`, `BatchData`). It lives with the
//! models because a template prints a released model's records through the record pipeline
//! (the system area depends on no model); SQL templates run through the system area's
//! data-interface guard.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, AddTemplate, EditTemplate, ExportTemplate, ImportTemplate, RemoveTemplate, ViewTemplate};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::list, handlers::create))
        .route(routes!(handlers::selector))
        .route(routes!(handlers::options))
        .route(routes!(handlers::fields))
        .route(routes!(handlers::data))
        .route(routes!(handlers::batch_data))
        .route(routes!(handlers::import))
        .route(routes!(handlers::info, handlers::update, handlers::delete))
        .route(routes!(handlers::copy))
        .route(routes!(handlers::toggle))
        .route(routes!(handlers::export))
        .route(routes!(handlers::log))
        .route(routes!(handlers::save_log))
}
