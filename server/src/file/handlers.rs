//! HTTP handlers of the file area: extract, call the service, shape the answer. Paths are the
//! JNPF client's (jnpf-wire-areas.md §3).

use crate::api::TABLE;
use super::dto::{ChunkQuery, ChunkState, DownloadUrl, Incoming, PackDownload, PackItem, PackLink, PreviewQuery, UploaderForm, Uploaded};
use super::service::{self, Linked, Wanted};
use crate::state::AppState;
use crate::access::Member;
use crate::error::AppError;
use crate::system::download::dto::DownloadQuery;
use crate::wire::{ApiResult, Envelope, Json, Path, Query, ok};
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::BytesMut;
use std::collections::BTreeMap;

/// Text fields beside the file: form values, a few kilobytes at most.
const MAX_FIELD: usize = 4096;

/// Reads a text field beside the file into `fields` (the first 20, each a few kilobytes).
async fn read_field(field: axum::extract::multipart::Field<'_>, fields: &mut BTreeMap<String, String>) -> Result<(), AppError> {
    let name = field.name().unwrap_or_default().to_string();
    if field.file_name().is_some() || fields.contains_key(&name) || fields.len() >= 20 {
        return Ok(());
    }
    let bytes = field.bytes().await.map_err(|_| AppError::bad("文件上传失败"))?;
    if bytes.len() > MAX_FIELD {
        return Err(AppError::field(name, "内容过长"));
    }
    let text = String::from_utf8(bytes.to_vec()).map_err(|_| AppError::field(name.clone(), format!("{name}格式错误")))?;
    // pathType, folder, fileName…: text input like any other (NUL never reaches the database).
    crate::wire::reject_controls(&name, &text)?;
    fields.insert(name, text);
    Ok(())
}

/// Reads the multipart body into memory (a chunk, at most twice the chunk size, or the
/// merge's fields): the field `file` up to `max` bytes (beyond it the rest is not read and
/// `too_large` is set), and up to 20 text fields.
async fn read_upload(mut multipart: Multipart, max: u64) -> Result<Incoming, AppError> {
    let failed = |_| AppError::bad("文件上传失败");
    let mut incoming = Incoming { file_name: None, bytes: Default::default(), too_large: false, fields: Default::default() };
    while let Some(mut field) = multipart.next_field().await.map_err(failed)? {
        if field.name() == Some("file") && incoming.file_name.is_none() {
            let file_name = field.file_name().unwrap_or_default().to_string();
            crate::wire::reject_controls("文件名", &file_name)?;
            incoming.file_name = Some(file_name);
            let mut bytes = BytesMut::new();
            while let Some(chunk) = field.chunk().await.map_err(failed)? {
                if (bytes.len() + chunk.len()) as u64 > max {
                    incoming.too_large = true;
                    return Ok(incoming);
                }
                bytes.extend_from_slice(&chunk);
            }
            incoming.bytes = bytes.freeze();
        } else {
            read_field(field, &mut incoming.fields).await?;
        }
    }
    Ok(incoming)
}

/// The common upload of the image widget, the avatar, chat images and attachments.
#[utoipa::path(post, path = TABLE, tag = "file",
    summary = "Upload a file (spec 7.1; FILE-001, FILE-002, FILE-021): checked by size, category and sniffed content, stored under a generated name",
    description = "Types: annex and workFlow (images, video, audio, Office documents, PDF, text; up to the server's maximum), \
        annexpic and userAvatar (raster images under 10 MB), IM (raster images under 5 MB). A refusal answers 400 with the reason: \
        请上传图片, 图片大小超过10MB, 不支持上传.exe类型的文件, 文件内容与扩展名不符，请上传真实的文件, 文件大小不能超过{n}MB, 不支持的上传类型：…, 请上传文件, \
        存储空间不足：每位用户最多可上传{q}MB的文件，已使用{u}MB，请删除不用的文件后再上传 (QIMING_UPLOAD_QUOTA_MB). \
        The file streams to the store as it arrives. The same content (MD5 and size) is stored once. \
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
    let mut multipart = multipart.map_err(|_| AppError::bad("请上传文件"))?;
    let mut fields = BTreeMap::new();
    let mut received = None;
    // The file streams to the store as it arrives (never held whole here).
    while let Some(field) = multipart.next_field().await.map_err(|_| AppError::bad("文件上传失败"))? {
        if field.name() == Some("file") && received.is_none() {
            let file_name = field.file_name().unwrap_or_default().to_string();
            crate::wire::reject_controls("文件名", &file_name)?;
            received = Some(service::receive(&state, &caller, &folder, &file_name, field).await?);
        } else {
            read_field(field, &mut fields).await?;
        }
    }
    ok(service::upload(&state, &caller, &folder, received, &fields).await?)
}

/// An image an `<img>` shows without an Authorization header.
#[utoipa::path(get, path = TABLE, tag = "file",
    summary = "An image by type and name: the built-in ones (annexpic/logo.svg, userAvatar/default.svg) and uploaded raster images (sniffed from the content) that are not private",
    params(("type" = String, Path, description = "the upload type (annexpic, userAvatar, IM, annex, …)"), ("name" = String, Path, description = "the upload's data.name")),
    responses((status = 200, description = "The image", content_type = "image/*")))]
pub async fn image(State(state): State<AppState>, Path((folder, name)): Path<(String, String)>) -> Result<Response, AppError> {
    if let Some((content_type, bytes)) = crate::system::service::builtin_image(&folder, &name) {
        return Ok(([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "public, max-age=86400")], bytes).into_response());
    }
    let served = service::image(&state, &folder, &name).await?;
    let bytes = service::open(&state, &served, None).await?;
    Ok((
        [
            (header::CONTENT_TYPE, served.content_type.to_string()),
            (header::CONTENT_LENGTH, served.size.to_string()),
            (header::CACHE_CONTROL, "public, max-age=86400".to_string()),
            (header::CONTENT_DISPOSITION, "inline".to_string()),
        ],
        Body::from_stream(bytes),
    )
        .into_response())
}

/// A download link for one file (spec 7.3; FILE-014, FILE-045).
#[utoipa::path(get, path = TABLE, tag = "file",
    summary = "A short-lived link to download a file (FILE-014): opened without the Authorization header, valid 5 minutes; a private file only for its owner",
    params(("type" = String, Path, description = "the upload type (annex, annexpic, …)"), ("fileId" = String, Path, description = "the upload's data.name")),
    responses((status = 200, body = Envelope<DownloadUrl>)))]
pub async fn download_link(State(state): State<AppState>, caller: Member, Path((folder, name)): Path<(String, String)>) -> ApiResult<DownloadUrl> {
    ok(DownloadUrl { url: service::download_link(&state, &caller, &folder, &name).await? })
}

/// The file behind a download link.
#[utoipa::path(get, path = TABLE, tag = "file",
    summary = "Download a file or a pack by the key of its link (valid 5 minutes); always an attachment, with its UTF-8 name; \
        a file answers range requests (206 with Content-Range, 416 for a range outside it), a pack is a zip written as it is sent",
    params(DownloadQuery),
    responses((status = 200, description = "The file", content_type = "application/octet-stream"),
        (status = 206, description = "A range of the file"), (status = 416, description = "The range is not in the file")))]
pub async fn download(State(state): State<AppState>, headers: HeaderMap, Query(q): Query<DownloadQuery>) -> Result<Response, AppError> {
    let linked = service::download(&state, &q.encryption).await?;
    respond(&state, linked, &headers).await
}

/// A pack download's link (FILE-013, FILE-015).
#[utoipa::path(post, path = TABLE, tag = "file",
    summary = "Pack download (FILE-013, FILE-015, FILE-045): a bare JSON array [{fileId, fileName}] of files of one type → \
        {downloadVo: {url, name}, downloadName}; the url (valid 5 minutes, no Authorization header) answers a zip of the files \
        the caller may read, written as it is sent. None found: 未发现文件",
    params(("type" = String, Path, description = "the upload type (annex, annexpic, …)")),
    request_body = Vec<PackItem>,
    responses((status = 200, body = Envelope<PackDownload>)))]
pub async fn pack_download(State(state): State<AppState>, caller: Member, Path(folder): Path<String>, Json(items): Json<Vec<PackItem>>) -> ApiResult<PackDownload> {
    let (url, name) = service::pack_link(&state, &caller, &folder, &items).await?;
    ok(PackDownload { download_vo: PackLink { url, name: name.clone() }, download_name: name })
}

/// A preview's link (FILE-008, FILE-045).
#[utoipa::path(get, path = TABLE, tag = "file",
    summary = "Preview a file (FILE-008, FILE-045): data is a url (/api/file/Preview?encryption=…, valid 30 minutes, no Authorization header) \
        for the preview's iframe: images, PDF, text, audio and video as themselves, .xlsx/.xls as an HTML table (first 10 sheets, \
        500 rows, 50 columns). Other types: 该类型的文件不支持在线预览，请下载后查看",
    params(PreviewQuery),
    responses((status = 200, body = Envelope<String>)))]
pub async fn preview_link(State(state): State<AppState>, caller: Member, Query(q): Query<PreviewQuery>) -> ApiResult<String> {
    ok(service::preview_link(&state, &caller, &q.file_name).await?)
}

/// What a preview link shows.
#[utoipa::path(get, path = TABLE, tag = "file",
    summary = "The page of a preview link (valid 30 minutes): the file inline (images, PDF, audio, video with range requests; text as text/plain), \
        or a workbook's HTML table that runs no script; the client's appended &token= is ignored",
    params(DownloadQuery),
    responses((status = 200, description = "The file or the table", content_type = "text/html"),
        (status = 206, description = "A range of the file"), (status = 416, description = "The range is not in the file")))]
pub async fn preview(State(state): State<AppState>, headers: HeaderMap, Query(q): Query<DownloadQuery>) -> Result<Response, AppError> {
    let linked = service::preview(&state, &q.encryption).await?;
    respond(&state, linked, &headers).await
}

/// The answer of a download or preview link.
async fn respond(state: &AppState, linked: Linked, headers: &HeaderMap) -> Result<Response, AppError> {
    use crate::system::download::service::disposition_as;
    let no_store = (header::CACHE_CONTROL, "no-store".to_string());
    match linked {
        Linked::File(served) => {
            let disposition = disposition_as(if served.inline { "inline" } else { "attachment" }, &served.file_name);
            let mut res = Response::builder()
                .header(header::CONTENT_TYPE, served.content_type)
                .header(header::CONTENT_DISPOSITION, disposition)
                .header(header::ACCEPT_RANGES, "bytes")
                .header(no_store.0, no_store.1);
            if served.content_type.starts_with("text/") {
                // Text is shown as text only: the page it makes may do nothing.
                res = res.header(header::CONTENT_SECURITY_POLICY, "default-src 'none'; sandbox");
            }
            let range = headers.get(header::RANGE).map(|v| v.to_str().unwrap_or("?"));
            let size = served.size;
            let res = match service::wanted(range, size) {
                Wanted::Unsatisfiable => res.status(StatusCode::RANGE_NOT_SATISFIABLE).header(header::CONTENT_RANGE, format!("bytes */{size}")).body(Body::empty()),
                Wanted::Whole => {
                    let bytes = service::open(state, &served, None).await?;
                    res.header(header::CONTENT_LENGTH, size).body(Body::from_stream(bytes))
                }
                Wanted::Part(r) => {
                    let bytes = service::open(state, &served, Some(r.clone())).await?;
                    res.status(StatusCode::PARTIAL_CONTENT)
                        .header(header::CONTENT_RANGE, format!("bytes {}-{}/{size}", r.start, r.end - 1))
                        .header(header::CONTENT_LENGTH, r.end - r.start)
                        .body(Body::from_stream(bytes))
                }
            };
            Ok(res.map_err(anyhow::Error::from)?)
        }
        Linked::Pack { name, files } => Ok((
            [(header::CONTENT_TYPE, "application/zip".to_string()), (header::CONTENT_DISPOSITION, disposition_as("attachment", &name)), no_store],
            Body::from_stream(service::pack(state, files)),
        )
            .into_response()),
        Linked::Table { name, html } => Ok((
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
                (header::CONTENT_DISPOSITION, disposition_as("inline", &format!("{name}.html"))),
                // The page is ours, every cell escaped; still it may run nothing and load nothing.
                (header::CONTENT_SECURITY_POLICY, "default-src 'none'; style-src 'unsafe-inline'; sandbox".to_string()),
                no_store,
            ],
            html,
        )
            .into_response()),
    }
}

/// The chunked upload's test (FILE-036): which chunks of this file the server already holds,
/// so an interrupted upload resumes after a reload or a restart.
#[utoipa::path(get, path = TABLE, tag = "file",
    summary = "Chunked upload, test (FILE-036, FILE-039): the chunks already held; merge true when all are",
    params(ChunkQuery),
    responses((status = 200, body = Envelope<ChunkState>)))]
pub async fn test_chunk(State(state): State<AppState>, caller: Member, Query(q): Query<ChunkQuery>) -> ApiResult<ChunkState> {
    ok(service::test_chunk(&state, &caller, &q).await?)
}

/// One chunk (FILE-035, FILE-037).
#[utoipa::path(post, path = TABLE, tag = "file",
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
#[utoipa::path(post, path = TABLE, tag = "file",
    summary = "Chunked upload, merge (FILE-041): multipart identifier, fileName, fileSize, fileType, extension, type, pathType, isAccount, folder; refused and nothing kept when the MD5 differs",
    request_body(content = UploaderForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<Uploaded>)))]
pub async fn merge(State(state): State<AppState>, caller: Member, multipart: Result<Multipart, MultipartRejection>) -> ApiResult<Uploaded> {
    let multipart = multipart.map_err(|_| AppError::bad("请上传文件"))?;
    let incoming = read_upload(multipart, 0).await?;
    ok(service::merge(&state, &caller, incoming).await?)
}
