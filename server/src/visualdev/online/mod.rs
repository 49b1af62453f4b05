//! The records of released models (OnlineDev, jnpf-wire-engine.md §3–§5, issue 13): the
//! tables release makes (`layout`, `repo::apply`) and the record API the generated forms
//! and lists call. Access is by the form menu bound to the model (`access::RecordPermit`).

mod display;
pub mod dto;
mod filter;
mod handlers;
pub mod layout;
mod list;
pub mod loaded;
mod record;
mod released;
pub mod repo;
mod save;
mod scoped;
pub mod service;
mod values;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::config))
        .route(routes!(handlers::create))
        .route(routes!(handlers::info, handlers::update, handlers::delete))
        .route(routes!(handlers::data_change))
        .route(routes!(handlers::batch_delete))
        .route(routes!(handlers::list))
}
