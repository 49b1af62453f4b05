//! The rules of uploads and downloads. Every check a browser shares is `qiming_core::upload`;
//! here they are applied to what actually arrived: the cleaned name, the real size, and the
//! type sniffed from the content (the `infer` crate), never the name or type the client claims.

use super::dto::{Incoming, Uploaded};
use super::repo::{self, FileRow};
use crate::AppState;
use crate::access::Session;
use crate::error::AppError;
use crate::support::{hex, new_id, random_bytes};
use crate::system::download::service as download;
use bytes::Bytes;
use qiming_core::upload;

const MISSING: &str = "文件不存在";

/// The folder types whose files are images (served to `<img>` by the open Image route).
fn image_folder(folder: &str) -> bool {
    upload::folder_limits(folder).is_some_and(|l| l.kind == upload::UploadKind::Image)
}

/// The common upload (spec 7.1): checks the file against `folder`'s rules and the server's
/// maximum, stores it under a generated name, records it, and answers its name and url.
pub async fn upload(state: &AppState, caller: &Session, folder: &str, incoming: Incoming) -> Result<Uploaded, AppError> {
    let refuse = |m: qiming_core::message::Message| AppError::bad(m.text);
    if let Some(m) = upload::folder_limits(folder).is_none().then(|| upload::check_folder_upload(folder, "", 0)).flatten() {
        return Err(refuse(m));
    }
    let Some(client_name) = incoming.file_name else {
        return Err(AppError::bad("请上传文件"));
    };
    let max_mb = state.config.upload_max_mb;
    if incoming.too_large {
        return Err(AppError::bad(format!("文件大小不能超过{max_mb}MB")));
    }
    let original_name = upload::clean_file_name(&client_name);
    if original_name.is_empty() {
        return Err(AppError::bad("文件名不能为空"));
    }
    let bytes = incoming.bytes;
    if bytes.is_empty() {
        return Err(AppError::bad("不能上传空文件"));
    }
    if let Some(m) = upload::check_folder_upload(folder, &original_name, bytes.len() as u64) {
        return Err(refuse(m));
    }
    let detected = infer::get(&bytes[..bytes.len().min(8192)]).map(|t| t.mime_type());
    if let Some(m) = upload::check_content(&original_name, detected) {
        return Err(refuse(m));
    }
    let extension = upload::extension(&original_name);
    let id = new_id();
    let name = format!("{}.{extension}", hex(&random_bytes::<16>()));
    let storage_key = format!("{folder}/{name}");
    let md5 = qiming_core::md5_hex(&bytes);
    let file_size = bytes.len() as i64;
    state.files.put(&storage_key, bytes).await?;
    let row = repo::NewFile {
        id: &id,
        name: &name,
        storage_key: &storage_key,
        original_name: &original_name,
        file_size,
        extension: &extension,
        detected_type: detected.unwrap_or(""),
        md5: &md5,
        owner_user_id: &caller.user_id,
        folder_type: folder,
        path_type: limited(&incoming.path_type, 50),
        folder: limited(&incoming.folder, 100),
        is_account: incoming.is_account.trim() == "1",
        created_at: state.clock.now_ms(),
    };
    let mut conn = state.db.acquire().await?;
    repo::insert(&mut conn, &row).await?;
    Ok(Uploaded {
        url: image_url(folder, &name),
        name,
        file_name: original_name,
        file_size,
        file_extension: extension,
        file_version_id: String::new(),
    })
}

fn limited(text: &str, chars: usize) -> &str {
    text.char_indices().nth(chars).map_or(text, |(i, _)| &text[..i])
}

fn image_url(folder: &str, name: &str) -> String {
    format!("/api/file/Image/{folder}/{name}")
}

/// A file by folder type and name, as `caller` may see it: a private (isAccount) file is its
/// owner's only, and to anyone else it does not exist.
async fn visible(state: &AppState, caller: Option<&Session>, folder: &str, name: &str) -> Result<FileRow, AppError> {
    if name.len() > 80 || folder.len() > 50 {
        return Err(AppError::not_found(MISSING));
    }
    let mut conn = state.db.acquire().await?;
    let file = repo::by_name(&mut conn, folder, name).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let owner = caller.is_some_and(|c| c.user_id == file.owner_user_id);
    if file.is_account == 1 && !owner {
        return Err(AppError::not_found(MISSING));
    }
    Ok(file)
}

/// An uploaded image for `<img>` (no session): only images of the image folders that are not
/// private, and never SVG (a raster type sniffed from the content): (MIME type, bytes).
pub async fn image(state: &AppState, folder: &str, name: &str) -> Result<(String, Bytes), AppError> {
    if !image_folder(folder) {
        return Err(AppError::not_found(MISSING));
    }
    let file = visible(state, None, folder, name).await?;
    if !file.detected_type.starts_with("image/") || file.detected_type.contains("svg") {
        return Err(AppError::not_found(MISSING));
    }
    let bytes = state.files.get(&file.storage_key).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    Ok((file.detected_type, bytes))
}

/// The url of an image `caller` uploaded to `folder` (the avatar they choose): refused when it
/// is not theirs or not there.
pub async fn own_image_url(state: &AppState, caller: &Session, folder: &str, name: &str) -> Result<String, AppError> {
    let file = visible(state, Some(caller), folder, name).await?;
    if file.owner_user_id != caller.user_id {
        return Err(AppError::bad("只能使用自己上传的图片"));
    }
    Ok(image_url(folder, &file.name))
}

/// A short-lived download link for a file (spec 7.3, FILE-014): works without the
/// Authorization header and expires after [`download::FILE_VALID_MS`].
pub async fn download_link(state: &AppState, caller: &Session, folder: &str, name: &str) -> Result<String, AppError> {
    let file = visible(state, Some(caller), folder, name).await?;
    let key = download::offer_reference(state, &caller.user_id, &file.original_name, &file.id).await?;
    Ok(format!("/api/file/Download?encryption={key}"))
}

/// The file behind a download link's key: (the client's file name, MIME type to send, bytes).
/// Only raster images, PDF, audio and video keep their type; everything else is sent as
/// `application/octet-stream`, and always as an attachment.
pub async fn download(state: &AppState, key: &str) -> Result<(String, &'static str, Bytes), AppError> {
    let (_, id) = download::referenced(state, key).await?;
    let mut conn = state.db.acquire().await?;
    let file = repo::by_id(&mut conn, &id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    drop(conn);
    let bytes = state.files.get(&file.storage_key).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let mime = match file.detected_type.as_str() {
        "image/png" => "image/png",
        "image/jpeg" => "image/jpeg",
        "image/gif" => "image/gif",
        "image/webp" => "image/webp",
        "image/bmp" => "image/bmp",
        "application/pdf" => "application/pdf",
        _ => "application/octet-stream",
    };
    Ok((file.original_name, mime, bytes))
}
