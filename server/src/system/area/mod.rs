//! Areas (行政区划, AREA-*): provinces, cities, districts and streets in one tree under '-1',
//! seeded from `fixtures/areas/areas.json` (GB/T 2260 codes). The administration page reads
//! the tree one level at a time and changes it with core's area form; the area picker of the
//! forms (`Selector`) and the names of stored id paths (`GetAreaByIds`) serve any member.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, ViewArea, AddArea, EditArea, RemoveArea};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/system/Area", routes!(handlers::create))
        .route("/api/system/Area/{id}", routes!(handlers::children, handlers::update, handlers::delete))
        .route("/api/system/Area/GetAreaByIds", routes!(handlers::by_ids))
        .route("/api/system/Area/{id}/Selector/{currId}", routes!(handlers::selector))
        .route("/api/system/Area/{id}/Selector", routes!(handlers::selector_plain))
        .route("/api/system/Area/{id}/Info", routes!(handlers::info))
        .route("/api/system/Area/{id}/Actions/State", routes!(handlers::state))
}
