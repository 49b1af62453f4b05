//! The records of released models (OnlineDev, jnpf-wire-engine.md §3–§5, issue 13): the
//! tables release makes (`layout`, `repo::apply`) and the record API the generated forms
//! and lists call. Access is by the form menu bound to the model (`access::RecordPermit`).

mod display;
mod export;
pub mod dto;
mod filter;
mod handlers;
pub mod layout;
mod list;
mod print;
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
        .route("/api/visualdev/OnlineDev/{modelId}/Config", routes!(handlers::config))
        .route("/api/visualdev/OnlineDev/{modelId}", routes!(handlers::create))
        .route("/api/visualdev/OnlineDev/{modelId}/{id}", routes!(handlers::info, handlers::update, handlers::delete))
        .route("/api/visualdev/OnlineDev/{modelId}/{id}/DataChange", routes!(handlers::data_change))
        .route("/api/visualdev/OnlineDev/batchDelete/{modelId}", routes!(handlers::batch_delete))
        .route("/api/visualdev/OnlineDev/{modelId}/List", routes!(handlers::list))
        .route("/api/visualdev/OnlineDev/{modelId}/Actions/Export", routes!(handlers::export))
}
