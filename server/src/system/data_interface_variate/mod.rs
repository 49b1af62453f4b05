//! Data-interface variables (数据接口变量, DI-002, DI-008): named values kept beside a data
//! interface, with an enabled/disabled state, administered on the data interface page
//! (systemData.dataInterface) with its buttons.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::create))
        .route(routes!(handlers::selector))
        .route(routes!(handlers::import))
        .route(routes!(handlers::list, handlers::update, handlers::delete))
        .route(routes!(handlers::info))
        .route(routes!(handlers::toggle))
        .route(routes!(handlers::copy))
        .route(routes!(handlers::export))
}
