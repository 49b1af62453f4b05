//! File area (issue 12): uploads of the common upload `POST /api/file/Uploader/{type}` and the
//! chunked upload, uploaded images served to `<img>`, downloads, pack downloads and previews
//! through short-lived links, the per-user quota, and orphan files (those no record holds,
//! [`service::hold`]) removed by housekeeping. The bytes live
//! behind [`storage::Storage`] (the `object_store` crate: local disk under the data directory
//! by default) under generated names; the metadata in `qiming_file`. Every rule a browser
//! shares (folders, categories, sizes, content against extension, name cleaning) is
//! `qiming_core::upload`.

pub mod dto;
mod handlers;
mod repo;
pub mod service;
pub mod storage;

pub use storage::Storage;

use crate::api::ApiRoutes;
use axum::extract::DefaultBodyLimit;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    // The upload's body is limited by the server's maximum while it is read (the default
    // 2 MB body limit would cut every image widget's 10 MB short).
    let (schemas, paths, upload) = routes!(handlers::upload);
    ApiRoutes::new()
        .route("/api/file/Uploader/{type}", (schemas, paths, upload.layer(DefaultBodyLimit::disable())))
        .route("/api/file/Image/{type}/{name}", routes!(handlers::image))
        .route("/api/file/Download/{type}/{fileId}", routes!(handlers::download_link))
        .route("/api/file/Download", routes!(handlers::download))
        .route("/api/file/chunk", {
            let (schemas, paths, chunk) = routes!(handlers::test_chunk, handlers::upload_chunk);
            (schemas, paths, chunk.layer(DefaultBodyLimit::disable()))
        })
        .route("/api/file/merge", routes!(handlers::merge))
        .route("/api/file/PackDownload/{type}", routes!(handlers::pack_download))
        .route("/api/file/Uploader/Preview", routes!(handlers::preview_link))
        .route("/api/file/Preview", routes!(handlers::preview))
}
