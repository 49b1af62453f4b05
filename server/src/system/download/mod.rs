//! Exported files waiting to be downloaded (.bdd dictionaries, .bb serial-number rules): an
//! export answers `{url}` and the JNPF client opens that url in a plain link, without its
//! Authorization header, so the url itself carries an unguessable key that expires.

pub mod dto;
mod handlers;
mod repo;
pub mod service;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new().route(routes!(handlers::download))
}
