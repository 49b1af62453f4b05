//! HTTP handlers of downloads: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::DownloadQuery;
use super::service;
use crate::state::AppState;
use crate::error::AppError;
use crate::wire::Query;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// An exported file by the key in its url; open (a plain link sends no Authorization
/// header): the key is the permission, and it expires.
#[utoipa::path(get, path = TABLE, tag = "file",
    summary = "Download an export by the key of its url (valid 10 minutes)",
    params(DownloadQuery),
    responses((status = 200, description = "The file", content_type = "application/octet-stream")))]
pub async fn download(State(state): State<AppState>, Query(q): Query<DownloadQuery>) -> Result<Response, AppError> {
    let (name, content) = service::fetch(&state, &q.encryption).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_string()),
            (header::CONTENT_DISPOSITION, service::disposition(&name)),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        content,
    )
        .into_response())
}
