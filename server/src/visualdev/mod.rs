//! Online development (在线开发), first slice: model definitions (`/api/visualdev/Base`,
//! jnpf-wire-engine.md §6, spec 02 §7.10, issue 13). A definition is kept as a draft the
//! designer edits; release checks it whole with core's `model::check_definition`, finds every
//! outside thing it names (dictionaries, data interfaces, serial-number rules, other released
//! forms and their fields) and stores an immutable version. The records' tables and the
//! OnlineDev runtime come in the next slice.

pub mod definition;
pub mod dto;
mod handlers;
pub mod online;
pub mod portal;
pub mod print_dev;
pub mod repo;
mod release_menu;
pub mod service;
pub mod state;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, BTN_RELEASE, ViewModel, AddModel, EditModel, RemoveModel, ReleaseModel};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/visualdev/Base", routes!(handlers::page, handlers::create))
        .route("/api/visualdev/Base/list", routes!(handlers::list))
        .route("/api/visualdev/Base/Selector", routes!(handlers::selector))
        .route("/api/visualdev/Base/{id}", routes!(handlers::info, handlers::update, handlers::delete))
        .route("/api/visualdev/Base/{id}/Actions/Copy", routes!(handlers::copy))
        .route("/api/visualdev/Base/{id}/Actions/Release", routes!(handlers::release))
        .route("/api/visualdev/Base/{id}/FormDataFields", routes!(handlers::form_data_fields))
        .route("/api/visualdev/Base/{id}/FieldDataSelect", routes!(handlers::field_data_select))
        .merge(online::routes())
        .merge(print_dev::routes())
        .merge(portal::routes())
}
