//! Print templates (打印设计, jnpf-wire-engine2.md §6). Qiming has no print templates yet:
//! the pickers' selector answers an empty list, which the designers accept (a 404 stopped
//! them).

mod handlers;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new().route(routes!(handlers::selector))
}
