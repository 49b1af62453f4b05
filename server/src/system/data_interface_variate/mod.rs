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
        .route("/api/system/DataInterfaceVariate", routes!(handlers::create))
        .route("/api/system/DataInterfaceVariate/Selector", routes!(handlers::selector))
        .route("/api/system/DataInterfaceVariate/Actions/Import", routes!(handlers::import))
        .route("/api/system/DataInterfaceVariate/{id}", routes!(handlers::list, handlers::update, handlers::delete))
        .route("/api/system/DataInterfaceVariate/{id}/Info", routes!(handlers::info))
        .route("/api/system/DataInterfaceVariate/{id}/Actions/State", routes!(handlers::state))
        .route("/api/system/DataInterfaceVariate/{id}/Actions/Copy", routes!(handlers::copy))
        .route("/api/system/DataInterfaceVariate/{id}/Actions/Export", routes!(handlers::export))
}
