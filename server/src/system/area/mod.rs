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
        .route(routes!(handlers::create))
        .route(routes!(handlers::children, handlers::update, handlers::delete))
        .route(routes!(handlers::by_ids))
        .route(routes!(handlers::selector))
        .route(routes!(handlers::selector_plain))
        .route(routes!(handlers::info))
        .route(routes!(handlers::toggle))
}
