//! HTTP handlers of the file area: extract, call the service, shape the answer. Paths are the
//! JNPF client's (jnpf-wire-areas.md §3).

use super::dto::{ChunkQuery, ChunkState, DownloadUrl, Incoming, UploaderForm, Uploaded};
use super::service;
use crate::AppState;
use crate::access::Member;
use crate::error::AppError;
use crate::system::download::dto::DownloadQuery;
use crate::wire::{ApiResult, Envelope, Path, Query, ok};
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use bytes::BytesMut;

/// Text fields beside the file: form values, a few kilobytes at most.
const MAX_FIELD: usize = 4096;

/// Reads the multipart body: the field `file` up to `max` bytes (beyond it the rest is not
/// read and `too_large` is set), and up to 20 text fields.
async fn read_upload(mut multipart: Multipart, max: u64) -> Result<Incoming, AppError> {
    let failed = |_| AppError::bad("文件上传失败");
    let mut incoming = Incoming { file_name: None, bytes: Default::default(), too_large: false, fields: Default::default() };
    while let Some(mut field) = multipart.next_field().await.map_err(failed)? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "file" && incoming.file_name.is_none() {
            incoming.file_name = Some(field.file_name().unwrap_or_default().to_string());
            let mut bytes = BytesMut::new();
            while let Some(chunk) = field.chunk().await.map_err(failed)? {
                if (bytes.len() + chunk.len()) as u64 > max {
                    incoming.too_large = true;
                    return Ok(incoming);
                }
                bytes.extend_from_slice(&chunk);
            }
            incoming.bytes = bytes.freeze();
        } else if field.file_name().is_none() && !incoming.fields.contains_key(&name) && incoming.fields.len() < 20 {
            let bytes = field.bytes().await.map_err(failed)?;
            if bytes.len() > MAX_FIELD {
                return Err(AppError::field(name, "内容过长"));
            }
            let text = String::from_utf8(bytes.to_vec()).map_err(|_| AppError::field(name.clone(), format!("{name}格式错误")))?;
            incoming.fields.insert(name, text);
        }
    }
    Ok(incoming)
}

/// The common upload of the image widget, the avatar, chat images and attachments.
#[utoipa::path(post, path = "/api/file/Uploader/{type}", tag = "file",
    summary = "Upload a file (spec 7.1; FILE-001, FILE-002, FILE-021): checked by size, category and sniffed content, stored under a generated name",
    description = "Types: annex and workFlow (images, video, audio, Office documents, PDF, text; up to the server's maximum), \
        annexpic and userAvatar (raster images under 10 MB), IM (raster images under 5 MB). A refusal answers 400 with the reason: \
        请上传图片, 图片大小超过10MB, 不支持上传.exe类型的文件, 文件内容与扩展名不符，请上传真实的文件, 文件大小不能超过{n}MB, 不支持的上传类型：…, 请上传文件. \
        isAccount 1 keeps the file private to the uploader.",
    params(("type" = String, Path, description = "annex, annexpic, userAvatar, IM, workFlow")),
    request_body(content = UploaderForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<Uploaded>)))]
pub async fn upload(
    State(state): State<AppState>,
    caller: Member,
    Path(folder): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Uploaded> {
    let multipart = multipart.map_err(|_| AppError::bad("请上传文件"))?;
    let max = state.config.upload_max_mb.saturating_mul(1_048_576);
    let incoming = read_upload(multipart, max).await?;
    ok(service::upload(&state, &caller, &folder, incoming).await?)
}

/// An image an `<img>` shows without an Authorization header.
#[utoipa::path(get, path = "/api/file/Image/{type}/{name}", tag = "file",
    summary = "An image by type and name: the built-in ones (annexpic/logo.svg, userAvatar/default.svg) and uploaded raster images (sniffed from the content) that are not private",
    params(("type" = String, Path, description = "the upload type (annexpic, userAvatar, IM, annex, …)"), ("name" = String, Path, description = "the upload's data.name")),
    responses((status = 200, description = "The image", content_type = "image/*")))]
pub async fn image(State(state): State<AppState>, Path((folder, name)): Path<(String, String)>) -> Result<Response, AppError> {
    if let Some((content_type, bytes)) = crate::system::service::builtin_image(&folder, &name) {
        return Ok(([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "public, max-age=86400")], bytes).into_response());
    }
    let (content_type, bytes) = service::image(&state, &folder, &name).await?;
    Ok((
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "public, max-age=86400".to_string()),
            (header::CONTENT_DISPOSITION, "inline".to_string()),
        ],
        bytes,
    )
        .into_response())
}

/// A download link for one file (spec 7.3; FILE-014, FILE-045).
#[utoipa::path(get, path = "/api/file/Download/{type}/{fileId}", tag = "file",
    summary = "A short-lived link to download a file (FILE-014): opened without the Authorization header, valid 5 minutes; a private file only for its owner",
    params(("type" = String, Path, description = "the upload type (annex, annexpic, …)"), ("fileId" = String, Path, description = "the upload's data.name")),
    responses((status = 200, body = Envelope<DownloadUrl>)))]
pub async fn download_link(State(state): State<AppState>, caller: Member, Path((folder, name)): Path<(String, String)>) -> ApiResult<DownloadUrl> {
    ok(DownloadUrl { url: service::download_link(&state, &caller, &folder, &name).await? })
}

/// The file behind a download link.
#[utoipa::path(get, path = "/api/file/Download", tag = "file",
    summary = "Download a file by the key of its link (valid 5 minutes); always an attachment, with its UTF-8 name",
    params(DownloadQuery),
    responses((status = 200, description = "The file", content_type = "application/octet-stream")))]
pub async fn download(State(state): State<AppState>, Query(q): Query<DownloadQuery>) -> Result<Response, AppError> {
    let (name, content_type, bytes) = service::download(&state, &q.encryption).await?;
    Ok((
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CONTENT_DISPOSITION, crate::system::download::service::disposition(&name)),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        bytes,
    )
        .into_response())
}

/// The chunked upload's test (FILE-036): which chunks of this file the server already holds,
/// so an interrupted upload resumes after a reload or a restart.
#[utoipa::path(get, path = "/api/file/chunk", tag = "file",
    summary = "Chunked upload, test (FILE-036, FILE-039): the chunks already held; merge true when all are",
    params(ChunkQuery),
    responses((status = 200, body = Envelope<ChunkState>)))]
pub async fn test_chunk(State(state): State<AppState>, caller: Member, Query(q): Query<ChunkQuery>) -> ApiResult<ChunkState> {
    ok(service::test_chunk(&state, &caller, &q).await?)
}

/// One chunk (FILE-035, FILE-037).
#[utoipa::path(post, path = "/api/file/chunk", tag = "file",
    summary = "Chunked upload, one chunk of 5,242,880 bytes (the last up to twice that) with the test's fields (FILE-035, FILE-037, FILE-039)",
    request_body(content = UploaderForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<ChunkState>)))]
pub async fn upload_chunk(
    State(state): State<AppState>,
    caller: Member,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<ChunkState> {
    let multipart = multipart.map_err(|_| AppError::bad("请上传文件"))?;
    let incoming = read_upload(multipart, 2 * qiming_core::upload::CHUNK_SIZE).await?;
    ok(service::store_chunk(&state, &caller, incoming).await?)
}

/// The merge (FILE-041): the chunks become the file once the whole file's MD5 is `identifier`.
#[utoipa::path(post, path = "/api/file/merge", tag = "file",
    summary = "Chunked upload, merge (FILE-041): multipart identifier, fileName, fileSize, fileType, extension, type, pathType, isAccount, folder; refused and nothing kept when the MD5 differs",
    request_body(content = UploaderForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<Uploaded>)))]
pub async fn merge(State(state): State<AppState>, caller: Member, multipart: Result<Multipart, MultipartRejection>) -> ApiResult<Uploaded> {
    let multipart = multipart.map_err(|_| AppError::bad("请上传文件"))?;
    let incoming = read_upload(multipart, 0).await?;
    ok(service::merge(&state, &caller, incoming).await?)
}
