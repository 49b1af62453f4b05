//! The rules of uploads and downloads. Every check a browser shares is `qiming_core::upload`;
//! here they are applied to what actually arrived: the cleaned name, the real size, and the
//! type sniffed from the content (the `infer` crate), never the name or type the client claims.

use super::dto::{ChunkQuery, ChunkState, Incoming, Uploaded};
use super::repo::{self, FileRow};
use crate::AppState;
use crate::access::Session;
use crate::error::AppError;
use crate::support::{hex, new_id, random_bytes};
use crate::system::download::service as download;
use bytes::Bytes;
use qiming_core::upload;

const MISSING: &str = "文件不存在";

/// The common upload (spec 7.1): checks the file against `folder`'s rules and the server's
/// maximum, stores it under a generated name, records it, and answers its name and url.
pub async fn upload(state: &AppState, caller: &Session, folder: &str, incoming: Incoming) -> Result<Uploaded, AppError> {
    let refuse = |m: qiming_core::message::Message| AppError::bad(m.text);
    if let Some(m) = upload::folder_limits(folder).is_none().then(|| upload::check_folder_upload(folder, "", 0)).flatten() {
        return Err(refuse(m));
    }
    let Some(client_name) = incoming.file_name.as_deref() else {
        return Err(AppError::bad("请上传文件"));
    };
    let max_mb = state.config.upload_max_mb;
    if incoming.too_large {
        return Err(AppError::bad(format!("文件大小不能超过{max_mb}MB")));
    }
    let original_name = upload::clean_file_name(client_name);
    if original_name.is_empty() {
        return Err(AppError::bad("文件名不能为空"));
    }
    let bytes = incoming.bytes.clone();
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
        path_type: limited(incoming.field("pathType"), 50),
        folder: limited(incoming.field("folder"), 100),
        is_account: incoming.field("isAccount").trim() == "1",
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

/// An uploaded image for `<img>` (no session): only files that are not private and whose
/// content sniffed as a raster image — never SVG or anything else, whatever the type (the file
/// widget shows an attachment's png/jpg/gif/bmp straight from its url): (MIME type, bytes).
pub async fn image(state: &AppState, folder: &str, name: &str) -> Result<(String, Bytes), AppError> {
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

/// The chunks of one file, as the client describes them on every test and chunk.
struct ChunkPlan {
    prefix: String,
    total_chunks: u64,
}

fn chunk_plan(state: &AppState, caller: &Session, identifier: &str, total_chunks: Option<u64>, total_size: Option<u64>, file_name: &str) -> Result<ChunkPlan, AppError> {
    if !qiming_core::md5::is_md5_hex(identifier) {
        return Err(AppError::bad("identifier应为文件的MD5"));
    }
    let max_mb = state.config.chunked_upload_max_mb;
    if total_size.unwrap_or(0) > max_mb.saturating_mul(1_048_576) {
        return Err(AppError::bad(format!("文件大小不能超过{max_mb}MB")));
    }
    let total_chunks = total_chunks.filter(|n| (1..=100_000).contains(n)).ok_or_else(|| AppError::bad("分片总数有误"))?;
    let name = upload::clean_file_name(file_name);
    if let Some(m) = upload::check_folder_upload("annex", &name, 0) {
        return Err(AppError::bad(m.text));
    }
    Ok(ChunkPlan { prefix: format!("chunks/{}/{identifier}", caller.user_id), total_chunks })
}

/// The chunk numbers held under `prefix`, ascending, with the bytes they hold.
async fn held_chunks(state: &AppState, prefix: &str) -> Result<Vec<(u64, u64)>, AppError> {
    let mut held: Vec<(u64, u64)> = state.files.list(prefix).await?.into_iter().filter_map(|(n, size)| Some((n.parse().ok()?, size))).collect();
    held.sort_unstable();
    Ok(held)
}

fn chunk_state(held: &[(u64, u64)], total_chunks: u64) -> ChunkState {
    let chunk_numbers: Vec<u64> = held.iter().map(|(n, _)| *n).filter(|n| *n <= total_chunks).collect();
    let merge = chunk_numbers.len() as u64 == total_chunks;
    ChunkState { uploaded: false, chunk_numbers, merge }
}

/// The chunked upload's test (FILE-036): what is already held.
pub async fn test_chunk(state: &AppState, caller: &Session, q: &ChunkQuery) -> Result<ChunkState, AppError> {
    let plan = chunk_plan(state, caller, &q.identifier, q.total_chunks, q.total_size, &q.filename)?;
    Ok(chunk_state(&held_chunks(state, &plan.prefix).await?, plan.total_chunks))
}

/// One chunk (FILE-035, FILE-037): kept under the caller and the file's identifier until the
/// merge, so a new page or a new server process resumes where the last one stopped.
pub async fn store_chunk(state: &AppState, caller: &Session, incoming: Incoming) -> Result<ChunkState, AppError> {
    let number = |name: &str| incoming.field(name).trim().parse::<u64>().ok();
    let plan = chunk_plan(state, caller, incoming.field("identifier"), number("totalChunks"), number("totalSize"), incoming.field("filename"))?;
    let chunk_number = number("chunkNumber").filter(|n| (1..=plan.total_chunks).contains(n)).ok_or_else(|| AppError::bad("分片序号有误"))?;
    if incoming.file_name.is_none() {
        return Err(AppError::bad("请上传文件"));
    }
    if incoming.too_large || incoming.bytes.is_empty() {
        return Err(AppError::bad("分片大小有误"));
    }
    state.files.put(&format!("{}/{chunk_number}", plan.prefix), incoming.bytes).await?;
    Ok(chunk_state(&held_chunks(state, &plan.prefix).await?, plan.total_chunks))
}

/// The merge (FILE-041): the held chunks, in order and complete, become the file when their
/// MD5 is the identifier; then the file is checked like any upload of its type and recorded.
/// A refused merge keeps nothing (neither the chunks nor a partial file).
pub async fn merge(state: &AppState, caller: &Session, incoming: Incoming) -> Result<Uploaded, AppError> {
    let identifier = incoming.field("identifier").to_string();
    if !qiming_core::md5::is_md5_hex(&identifier) {
        return Err(AppError::bad("identifier应为文件的MD5"));
    }
    let folder = match incoming.field("type") {
        "" => "annex",
        other => other,
    };
    let original_name = upload::clean_file_name(incoming.field("fileName"));
    if original_name.is_empty() {
        return Err(AppError::bad("文件名不能为空"));
    }
    let prefix = format!("chunks/{}/{identifier}", caller.user_id);
    let held = held_chunks(state, &prefix).await?;
    let file_size: u64 = held.iter().map(|(_, size)| size).sum();
    let complete = !held.is_empty() && held.iter().enumerate().all(|(i, (n, _))| *n == i as u64 + 1);
    let claimed = incoming.field("fileSize").trim().parse::<u64>().ok();
    if !complete || claimed != Some(file_size) {
        return Err(AppError::bad("文件分片不完整，请重新上传"));
    }
    let discard = |keys: Vec<String>| async move {
        for key in keys {
            let _ = state.files.delete(&key).await;
        }
    };
    let parts: Vec<String> = held.iter().map(|(n, _)| format!("{prefix}/{n}")).collect();
    if let Some(m) = upload::check_folder_upload(folder, &original_name, file_size) {
        discard(parts).await;
        return Err(AppError::bad(m.text));
    }
    let extension = upload::extension(&original_name);
    let name = format!("{}.{extension}", hex(&random_bytes::<16>()));
    let storage_key = format!("{folder}/{name}");
    let mut md5 = qiming_core::md5::Md5Hasher::new();
    let mut head: Vec<u8> = Vec::with_capacity(8192);
    state
        .files
        .concat(&parts, &storage_key, |bytes| {
            md5.update(bytes);
            let room = 8192 - head.len();
            head.extend_from_slice(&bytes[..bytes.len().min(room)]);
        })
        .await?;
    let md5 = md5.finish_hex();
    let detected = infer::get(&head).map(|t| t.mime_type());
    let refusal = if md5 != identifier {
        Some("文件校验失败：内容的MD5与identifier不一致，请重新上传".to_string())
    } else {
        upload::check_content(&original_name, detected).map(|m| m.text)
    };
    if let Some(text) = refusal {
        discard([parts, vec![storage_key]].concat()).await;
        return Err(AppError::bad(text));
    }
    let id = new_id();
    let row = repo::NewFile {
        id: &id,
        name: &name,
        storage_key: &storage_key,
        original_name: &original_name,
        file_size: file_size as i64,
        extension: &extension,
        detected_type: detected.unwrap_or(""),
        md5: &md5,
        owner_user_id: &caller.user_id,
        folder_type: folder,
        path_type: limited(incoming.field("pathType"), 50),
        folder: limited(incoming.field("folder"), 100),
        is_account: incoming.field("isAccount").trim() == "1",
        created_at: state.clock.now_ms(),
    };
    let mut conn = state.db.acquire().await?;
    repo::insert(&mut conn, &row).await?;
    drop(conn);
    discard(parts).await;
    Ok(Uploaded { url: image_url(folder, &name), name, file_name: original_name, file_size: file_size as i64, file_extension: extension, file_version_id: String::new() })
}
