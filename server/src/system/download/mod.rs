//! Exported files waiting to be downloaded (.bdd dictionaries, .bb serial-number rules, .bd
//! data interfaces, .bm menus, Excel workbooks): an export answers `{url}` and the JNPF client
//! opens that url in a plain link, without its Authorization header, so the url itself carries
//! an unguessable key that expires. [`JsonFile`] is the one way the pages export a JSON file
//! and read it back on import.

pub mod dto;
mod handlers;
mod json_file;
mod repo;
pub mod service;

pub use json_file::JsonFile;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new().route("/api/file/DownloadModel", routes!(handlers::download))
}
