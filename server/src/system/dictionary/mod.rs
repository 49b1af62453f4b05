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
use axum::http::Method;
use utoipa_axum::routes;

pub use actions::{MENU, ViewDictionary, AddDictionary, EditDictionary, RemoveDictionary, ImportDictionary, ExportDictionary};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/system/DictionaryType", routes!(handlers::type_tree, handlers::category::create))
        .route("/api/system/DictionaryType/Selector/{id}", routes!(handlers::type_selector))
        .route("/api/system/DictionaryType/{id}", routes!(handlers::category::info, handlers::category::update, handlers::category::delete))
        .route("/api/system/DictionaryData/All", routes!(handlers::all))
        .route("/api/system/DictionaryData/{id}", routes!(handlers::items, handlers::item::update, handlers::item::delete))
        .route("/api/system/DictionaryData", routes!(handlers::item::create))
        .route("/api/system/DictionaryData/{id}/Selector/{itemId}", routes!(handlers::item_selector))
        .route("/api/system/DictionaryData/{id}/Data/Selector", routes!(handlers::options))
        .route("/api/system/DictionaryData/{id}/Info", routes!(handlers::item::info))
        .route("/api/system/DictionaryData/{id}/Actions/State", routes!(handlers::item::state))
        .route("/api/system/DictionaryData/{id}/Action/Export", routes!(handlers::export))
        .alias("/api/system/DictionaryData/{id}/Actions/Export", &[(Method::GET, "The same export under the catalogue's path (spec 02 §7.9)")], routes!(handlers::export))
        .route("/api/system/DictionaryData/Action/Import", routes!(handlers::import))
        .alias("/api/system/DictionaryData/Actions/Import", &[(Method::POST, "The same import under the catalogue's path (spec 01 §7)")], routes!(handlers::import))
}
