//! Data connections (数据连接). Qiming keeps its records in the platform database only, so the
//! one connection offered is that database, id `0` 默认数据库 (the `dbLinkId` every model and
//! data interface carries); the designers' 数据连接 select reads it (jnpf-wire-engine2.md §6.2).

pub mod dto;
mod handlers;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new().route(routes!(handlers::selector))
}
