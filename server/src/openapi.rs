//! GET /api/openapi.json: the OpenAPI 3 document of the API, kept by hand beside the code
//! (a test checks that every documented operation is served).

use crate::AppState;
use axum::Router;
use axum::http::header;
use axum::routing::get;

pub const DOCUMENT: &str = include_str!("openapi.json");

pub fn router() -> Router<AppState> {
    Router::new().route("/openapi.json", get(|| async { ([(header::CONTENT_TYPE, "application/json")], DOCUMENT) }))
}
