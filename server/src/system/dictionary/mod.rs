//! Dictionaries (数据字典, DICT-*): categories in a tree (ids 0 and 1 are the two fixed top
//! folders) and the items of each category, flat or a tree, enabled or not; the pickers and
//! the cached DictionaryData/All every form reads; export to a `.bdd` file and import from
//! one.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, ViewDictionary, AddDictionary, EditDictionary, RemoveDictionary, ImportDictionary, ExportDictionary};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::type_tree, handlers::create_type))
        .route(routes!(handlers::type_selector))
        .route(routes!(handlers::type_info, handlers::update_type, handlers::delete_type))
        .route(routes!(handlers::all))
        .route(routes!(handlers::items, handlers::update_item, handlers::delete_item))
        .route(routes!(handlers::create_item))
        .route(routes!(handlers::item_selector))
        .route(routes!(handlers::options))
        .route(routes!(handlers::item_info))
        .route(routes!(handlers::toggle_item))
        .route(routes!(handlers::export))
        .route(routes!(handlers::export_plural))
        .route(routes!(handlers::import))
        .route(routes!(handlers::import_plural))
}
