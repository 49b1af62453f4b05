//! The rules of uploads and downloads. Every check a browser shares is `qiming_core::upload`;
//! here they are applied to what actually arrived: the cleaned name, the real size, and the
//! type sniffed from the content (the `infer` crate), never the name or type the client claims.

use super::dto::{ChunkQuery, ChunkState, Incoming, PackItem, Uploaded};
use super::repo::{self, FileRow};
use super::storage::ByteStream;
use crate::state::AppState;
use crate::access::Session;
use crate::db::Conn;
use crate::error::AppError;
use crate::support::{hex, new_id, random_bytes};
use crate::system::download::service as download;
use bytes::Bytes;
use futures_util::{Stream, StreamExt as _};
use qiming_core::upload;
use std::collections::BTreeMap;

const MISSING: &str = "文件不存在";

/// What content sniffing reads of a file.
const HEAD: usize = 8192;

/// The upload's file, as far as it arrived and was stored (see [`receive`]).
pub struct Received {
    storage_key: String,
    name: String,
    original_name: String,
    size: u64,
    md5: String,
    detected: Option<&'static str>,
    /// The bytes counted against the caller's quota until the file is recorded.
    reservation: Option<Reservation>,
}

/// Upload bytes in flight — streamed but not yet recorded — per database and user, counted
/// against the quota beside what is recorded: parallel uploads each read the same recorded
/// total, so without them eight uploads at once could each take the whole quota (issue 24
/// §3). Per process (several processes on one PostgreSQL each count their own).
static IN_FLIGHT: std::sync::LazyLock<std::sync::Mutex<std::collections::HashMap<String, u64>>> =
    std::sync::LazyLock::new(Default::default);

/// One upload's share of [`IN_FLIGHT`], given back when dropped (after the file's row is
/// committed, so its bytes are always counted by one or the other).
pub struct Reservation {
    key: String,
    bytes: u64,
}

impl Reservation {
    fn new(state: &AppState, caller: &Session) -> Reservation {
        Reservation { key: format!("{}\n{}", state.config.database_url(), caller.user_id), bytes: 0 }
    }

    /// Adds `n` bytes; answers the user's bytes in flight, this upload's included.
    fn grow(&mut self, n: u64) -> u64 {
        let mut map = IN_FLIGHT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        self.bytes += n;
        let total = map.entry(self.key.clone()).or_insert(0);
        *total += n;
        *total
    }

    /// The user's bytes in flight, this upload's included.
    fn in_flight(&self) -> u64 {
        IN_FLIGHT.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&self.key).copied().unwrap_or(0)
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let mut map = IN_FLIGHT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(total) = map.get_mut(&self.key) {
            *total = total.saturating_sub(self.bytes);
            if *total == 0 {
                map.remove(&self.key);
            }
        }
    }
}

/// How many bytes `caller` may still upload (None: no quota) and the refusal beyond them. The
/// chunks of unfinished chunked uploads count too (kept until merged or cleaned up), except
/// those of the file `merging`, which become that file.
async fn quota_left(state: &AppState, conn: &mut Conn, caller: &Session, merging: Option<&str>) -> Result<Option<(u64, String)>, AppError> {
    let quota_mb = state.config.upload_quota_mb;
    if quota_mb == 0 {
        return Ok(None);
    }
    let mut used = repo::used_bytes(conn, &caller.user_id).await?.max(0) as u64;
    used += state.files.total_size(&format!("chunks/{}", caller.user_id)).await?;
    if let Some(identifier) = merging {
        used = used.saturating_sub(state.files.total_size(&format!("chunks/{}/{identifier}", caller.user_id)).await?);
    }
    let left = (quota_mb * 1_048_576).saturating_sub(used);
    let used_mb = used.div_ceil(1_048_576);
    Ok(Some((left, format!("存储空间不足：每位用户最多可上传{quota_mb}MB的文件，已使用{used_mb}MB，请删除不用的文件后再上传"))))
}

/// The file of the common upload (spec 7.1), written to the store as it arrives: checked by
/// `folder`'s rules on its name before any byte is read, then by size (the folder's limit,
/// the server's maximum and the caller's quota) while it streams, and by its content (sniffed
/// from the first bytes, the `infer` crate) as soon as those are there. A refused file leaves
/// nothing behind.
pub async fn receive<E>(
    state: &AppState,
    caller: &Session,
    folder: &str,
    client_name: &str,
    mut body: impl Stream<Item = Result<Bytes, E>> + Unpin,
) -> Result<Received, AppError> {
    let refuse = |m: qiming_core::message::Message| AppError::bad(m.text);
    if upload::folder_limits(folder).is_none()
        && let Some(m) = upload::check_folder_upload(folder, "", 0)
    {
        return Err(refuse(m));
    }
    let original_name = upload::clean_file_name(client_name);
    if original_name.is_empty() {
        return Err(AppError::bad("文件名不能为空"));
    }
    if let Some(m) = upload::check_folder_upload(folder, &original_name, 0) {
        return Err(refuse(m));
    }
    let max_mb = state.config.upload_max_mb;
    let quota = {
        let mut conn = state.db.acquire().await?;
        quota_left(state, &mut conn, caller, None).await?
    };
    let mut reservation = quota.as_ref().map(|_| Reservation::new(state, caller));
    let extension = upload::extension(&original_name);
    let name = format!("{}.{extension}", hex(&random_bytes::<16>()));
    let storage_key = format!("{folder}/{name}");
    let mut writer = state.files.writer(&storage_key).await?;
    let mut md5 = qiming_core::md5::Md5Hasher::new();
    let mut head: Vec<u8> = Vec::with_capacity(HEAD);
    let mut size: u64 = 0;
    let mut sniffed = false;
    let refusal = loop {
        let chunk = match body.next().await {
            None => break None,
            Some(Ok(chunk)) => chunk,
            Some(Err(_)) => break Some(AppError::bad("文件上传失败")),
        };
        size += chunk.len() as u64;
        if let Some(m) = upload::check_folder_upload(folder, &original_name, size) {
            break Some(refuse(m));
        }
        if size > max_mb.saturating_mul(1_048_576) {
            break Some(AppError::bad(format!("文件大小不能超过{max_mb}MB")));
        }
        // This upload and the caller's others in flight, against what was left at its start.
        if let (Some((left, message)), Some(reservation)) = (&quota, reservation.as_mut())
            && reservation.grow(chunk.len() as u64) > *left
        {
            break Some(AppError::bad(message.clone()));
        }
        md5.update(&chunk);
        if head.len() < HEAD {
            head.extend_from_slice(&chunk[..chunk.len().min(HEAD - head.len())]);
            if head.len() == HEAD {
                sniffed = true;
                if let Some(m) = upload::check_content(&original_name, infer::get(&head).map(|t| t.mime_type())) {
                    break Some(refuse(m));
                }
            }
        }
        if let Err(e) = writer.write(chunk).await {
            break Some(e);
        }
    };
    let detected = infer::get(&head).map(|t| t.mime_type());
    let refusal = refusal.or_else(|| {
        if size == 0 {
            Some(AppError::bad("不能上传空文件"))
        } else if !sniffed {
            upload::check_content(&original_name, detected).map(refuse)
        } else {
            None
        }
    });
    if let Some(e) = refusal {
        writer.abort().await;
        return Err(e);
    }
    writer.finish().await?;
    Ok(Received { storage_key, name, original_name, size, md5: md5.finish_hex(), detected, reservation })
}

/// The common upload (spec 7.1): records the file [`receive`] stored and answers its name and
/// url. Without a file field: 请上传文件.
pub async fn upload(state: &AppState, caller: &Session, folder: &str, received: Option<Received>, fields: &BTreeMap<String, String>) -> Result<Uploaded, AppError> {
    let Some(r) = received else {
        if let Some(m) = upload::folder_limits(folder).is_none().then(|| upload::check_folder_upload(folder, "", 0)).flatten() {
            return Err(AppError::bad(m.text));
        }
        return Err(AppError::bad("请上传文件"));
    };
    // The last word on the quota: what is recorded now (uploads that finished meanwhile
    // included) and every upload of the caller still in flight, this one included.
    let reservation = r.reservation;
    if let Some(reservation) = &reservation {
        let mut conn = state.db.acquire().await?;
        let quota = quota_left(state, &mut conn, caller, None).await?;
        drop(conn);
        if let Some((left, message)) = quota
            && reservation.in_flight() > left
        {
            let _ = state.files.delete(&r.storage_key).await;
            return Err(AppError::bad(message));
        }
    }
    let field = |name: &str| fields.get(name).map_or("", String::as_str);
    let id = new_id();
    let extension = upload::extension(&r.original_name);
    let row = repo::NewFile {
        id: &id,
        name: &r.name,
        storage_key: &r.storage_key,
        original_name: &r.original_name,
        file_size: r.size as i64,
        extension: &extension,
        detected_type: r.detected.unwrap_or(""),
        md5: &r.md5,
        owner_user_id: &caller.user_id,
        folder_type: folder,
        path_type: limited(field("pathType"), 50),
        folder: limited(field("folder"), 100),
        is_account: field("isAccount").trim() == "1",
        created_at: state.clock.now_ms(),
    };
    record(state, row, true).await?;
    Ok(Uploaded {
        url: image_url(folder, &r.name),
        name: r.name,
        file_name: r.original_name,
        file_size: r.size as i64,
        file_extension: extension,
        file_version_id: String::new(),
    })
}

/// Records a new file. The same content is stored once: when an object of the same MD5 and
/// size is already kept, the row names that object and the one just written (when
/// `written`) is dropped. Should that object vanish meanwhile (its last row removed at the
/// same moment, see [`remove`]), the row keeps the object just written.
async fn record(state: &AppState, mut row: repo::NewFile<'_>, written: bool) -> Result<(), AppError> {
    let mut conn = state.db.acquire().await?;
    let own_key = row.storage_key;
    let existing = repo::stored_content(&mut conn, row.md5, row.file_size, own_key).await?;
    let Some(existing) = existing else {
        repo::insert(&mut conn, &row).await?;
        return Ok(());
    };
    row.storage_key = &existing;
    repo::insert(&mut conn, &row).await?;
    drop(conn);
    if state.files.size(&existing).await?.is_some() {
        if written {
            state.files.delete(own_key).await?;
        }
    } else if written {
        let mut conn = state.db.acquire().await?;
        repo::set_storage_key(&mut conn, row.id, own_key).await?;
    } else {
        return Err(AppError::from(anyhow::anyhow!("stored object {existing} vanished")));
    }
    Ok(())
}

/// Removes a file's row; its object goes only when no other row names it. The object is first
/// moved aside and the rows counted again, so a row that started to name it at that moment
/// (see [`record`]) gets it back.
pub async fn remove(state: &AppState, id: &str, key: &str) -> Result<(), AppError> {
    let mut conn = state.db.acquire().await?;
    repo::delete(&mut conn, id).await?;
    drop(conn);
    release_object(state, key).await
}

/// Removes an orphan: only while nothing holds it (a record may have taken it since it was
/// found). Answers whether it was removed.
async fn remove_orphan(state: &AppState, id: &str, key: &str) -> Result<bool, AppError> {
    let mut conn = state.db.acquire().await?;
    if !repo::delete_unheld(&mut conn, id).await? {
        return Ok(false);
    }
    drop(conn);
    release_object(state, key).await?;
    Ok(true)
}

/// Deletes the object `key` unless a row still names it.
async fn release_object(state: &AppState, key: &str) -> Result<(), AppError> {
    let mut conn = state.db.acquire().await?;
    if repo::key_users(&mut conn, key).await? > 0 {
        return Ok(());
    }
    drop(conn);
    let aside = format!("trash/{}", hex(&random_bytes::<16>()));
    if state.files.size(key).await?.is_none() {
        return Ok(());
    }
    state.files.rename(key, &aside).await?;
    let mut conn = state.db.acquire().await?;
    if repo::key_users(&mut conn, key).await? > 0 {
        state.files.rename(&aside, key).await?;
    } else {
        state.files.delete(&aside).await?;
    }
    Ok(())
}

/// A kind of record that holds uploaded files (the avatar's user, later a form record, a
/// notice, a chat message …), and which one.
#[derive(Debug, Clone, Copy)]
pub struct Holder<'a> {
    kind: &'a str,
    id: &'a str,
}

impl<'a> Holder<'a> {
    pub fn new(kind: &'a str, id: &'a str) -> Holder<'a> {
        Holder { kind, id }
    }
}

/// Makes the files of these generated names (the uploads' `data.name`) exactly those `holder`
/// holds: they are no longer orphans, and the files it held before and no longer does become
/// orphans again (removed by housekeeping once older than `QIMING_FILE_ORPHAN_AGE`, unless
/// another holder holds them). Names that are no file are ignored. Runs in the caller's
/// transaction.
pub async fn hold(conn: &mut Conn, state: &AppState, holder: Holder<'_>, names: &[&str]) -> Result<(), AppError> {
    let ids = repo::ids_of(conn, names).await?;
    repo::set_held(conn, holder.kind, holder.id, &ids, state.clock.now_ms()).await
}

/// [`hold`] as areas this one depends on take it (the message area's notices), handed in by
/// the crate root ([`crate::message::service::link_file_holder`]).
pub const HOLDER: crate::message::service::HoldFiles = hold_boxed;

fn hold_boxed<'a>(conn: &'a mut Conn, state: &'a AppState, kind: &'a str, id: &'a str, names: &'a [String]) -> futures_util::future::BoxFuture<'a, Result<(), AppError>> {
    Box::pin(async move {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        hold(conn, state, Holder::new(kind, id), &names).await
    })
}

/// How many orphan files one housekeeping run removes at most.
const ORPHANS_PER_RUN: i64 = 1000;

/// Housekeeping: removes files no record holds once older than `QIMING_FILE_ORPHAN_AGE`, and
/// chunk folders of chunked uploads untouched that long. Answers (files, chunk folders).
pub async fn trim(state: &AppState) -> Result<(u64, u64), AppError> {
    let age = state.config.file_orphan_age.as_millis() as i64;
    if age == 0 {
        return Ok((0, 0));
    }
    let before = state.clock.now_ms() - age;
    let orphans = {
        let mut conn = state.db.acquire().await?;
        repo::orphans(&mut conn, before, ORPHANS_PER_RUN).await?
    };
    let mut removed = 0;
    for (id, key) in &orphans {
        removed += remove_orphan(state, id, key).await? as u64;
    }
    // chunks/{user}/{identifier}/{n}: a folder goes when its newest chunk is old.
    let mut folders: BTreeMap<String, (i64, Vec<String>)> = BTreeMap::new();
    for (key, modified) in state.files.list_all("chunks").await? {
        let Some((folder, _)) = key.rsplit_once('/') else { continue };
        let entry = folders.entry(folder.to_string()).or_insert((i64::MIN, Vec::new()));
        entry.0 = entry.0.max(modified);
        entry.1.push(key);
    }
    let mut stale = 0;
    for (newest, keys) in folders.into_values() {
        if newest < before {
            stale += 1;
            for key in keys {
                state.files.delete(&key).await?;
            }
        }
    }
    Ok((removed, stale))
}

/// A data-URL image (a profile signature): `data:image/<type>;base64,<content>` whose
/// content is that raster image (sniffed), under core's signature limit. Answers the
/// refusal's message.
pub fn check_data_url_image(data_url: &str) -> Result<(), String> {
    use base64::Engine as _;
    const FORMAT: &str = "签名图片应为data:image/…;base64,…格式";
    let (meta, content) = data_url.strip_prefix("data:").and_then(|rest| rest.split_once(',')).ok_or(FORMAT)?;
    let subtype = meta.strip_suffix(";base64").and_then(|m| m.strip_prefix("image/")).ok_or(FORMAT)?;
    let extension = match subtype.to_ascii_lowercase().as_str() {
        "jpeg" => "jpg".to_string(),
        other => other.chars().filter(char::is_ascii_alphanumeric).take(10).collect(),
    };
    let name = format!("sign.{extension}");
    // The decoded size, known before decoding (a long string is refused without it).
    let estimated = (content.len() as u64 / 4) * 3;
    if let Some(m) = upload::check_sign_image(&name, estimated.saturating_sub(2)) {
        return Err(m.text);
    }
    let bytes = base64::engine::general_purpose::STANDARD.decode(content.trim()).map_err(|_| FORMAT.to_string())?;
    if let Some(m) = upload::check_sign_image(&name, bytes.len() as u64) {
        return Err(m.text);
    }
    let detected = infer::get(&bytes[..bytes.len().min(HEAD)]).map(|t| t.mime_type());
    if bytes.is_empty() || detected.is_none() {
        return Err("文件内容与扩展名不符，请上传真实的文件".into());
    }
    upload::check_content(&name, detected).map_or(Ok(()), |m| Err(m.text))
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
/// widget shows an attachment's png/jpg/gif/bmp straight from its url). Streamed by [`open`].
pub async fn image(state: &AppState, folder: &str, name: &str) -> Result<Served, AppError> {
    let file = visible(state, None, folder, name).await?;
    let served = served(file, true);
    if !served.content_type.starts_with("image/") {
        return Err(AppError::not_found(MISSING));
    }
    Ok(served)
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

/// What a link serves.
pub enum Linked {
    /// One stored file.
    File(Served),
    /// Files zipped on the way (pack download).
    Pack { name: String, files: Vec<FileRow> },
    /// A workbook's sheets as an HTML table (preview).
    Table { name: String, html: String },
}

/// A stored file as a link serves it.
pub struct Served {
    pub file_name: String,
    pub content_type: &'static str,
    pub size: u64,
    /// Shown in the browser (preview) rather than saved.
    pub inline: bool,
    storage_key: String,
}

/// The type a stored file is sent with. Only raster images, PDF, audio and video keep their
/// (sniffed) type; everything else is `application/octet-stream`, so no
/// upload is ever rendered as HTML or SVG.
fn content_type(file: &FileRow) -> &'static str {
    match file.detected_type.as_str() {
        "image/png" => "image/png",
        "image/jpeg" => "image/jpeg",
        "image/gif" => "image/gif",
        "image/webp" => "image/webp",
        "image/bmp" => "image/bmp",
        "application/pdf" => "application/pdf",
        "video/mp4" => "video/mp4",
        "video/webm" => "video/webm",
        "video/quicktime" => "video/quicktime",
        "video/ogg" => "video/ogg",
        "audio/mpeg" => "audio/mpeg",
        "audio/x-wav" | "audio/wav" => "audio/wav",
        "audio/ogg" => "audio/ogg",
        "audio/x-flac" => "audio/flac",
        "audio/aac" => "audio/aac",
        "audio/m4a" | "audio/x-m4a" => "audio/mp4",
        _ => "application/octet-stream",
    }
}

/// A text file (its content checked as text when it was uploaded, HTML included: it is only
/// ever shown as plain text).
fn is_text(file: &FileRow) -> bool {
    file.extension == "txt" && (file.detected_type.is_empty() || file.detected_type.starts_with("text/"))
}

fn served(file: FileRow, inline: bool) -> Served {
    // Downloaded, text is a file like any other; previewed, plain text.
    let content_type = if inline && is_text(&file) { "text/plain; charset=utf-8" } else { content_type(&file) };
    Served { content_type, size: file.file_size.max(0) as u64, inline, file_name: file.original_name, storage_key: file.storage_key }
}

/// The file or pack behind a download link's key (FILE-014, FILE-015): always an attachment.
pub async fn download(state: &AppState, key: &str) -> Result<Linked, AppError> {
    if let Ok((_, id)) = download::referenced(state, key).await {
        let mut conn = state.db.acquire().await?;
        let file = repo::by_id(&mut conn, &id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
        return Ok(Linked::File(served(file, false)));
    }
    let (name, ids, _) = download::referenced_kind(state, "pack", key).await?;
    let mut conn = state.db.acquire().await?;
    let mut files = Vec::new();
    for id in ids.split(',') {
        if let Some(file) = repo::by_id(&mut conn, id).await? {
            files.push(file);
        }
    }
    Ok(Linked::Pack { name, files })
}

/// The bytes a link serves: the whole file, or one range of it.
pub async fn open(state: &AppState, served: &Served, range: Option<std::ops::Range<u64>>) -> Result<ByteStream, AppError> {
    state.files.stream(&served.storage_key, range).await?.ok_or_else(|| AppError::not_found(MISSING))
}

/// What a request's `Range` header asks of `size` bytes.
#[derive(Debug, PartialEq, Eq)]
pub enum Wanted {
    Whole,
    Part(std::ops::Range<u64>),
    /// 416: what it asks is not there (or cannot be read).
    Unsatisfiable,
}

/// One range is served as such; several ranges are answered with the whole file (a server
/// may ignore a Range header), a range that is malformed or outside the file is refused.
pub fn wanted(range: Option<&str>, size: u64) -> Wanted {
    let Some(header) = range else { return Wanted::Whole };
    match http_range_header::parse_range_header(header).and_then(|r| r.validate(size)) {
        Ok(ranges) if ranges.len() == 1 => Wanted::Part(*ranges[0].start()..*ranges[0].end() + 1),
        Ok(_) => Wanted::Whole,
        Err(_) => Wanted::Unsatisfiable,
    }
}

/// The most files one pack takes.
const PACK_MAX_FILES: usize = 5000;

/// Pack download (FILE-013, FILE-015, FILE-045): the files of `folder` named in `items` that
/// `caller` may read (a private file only its owner) under one short-lived link; the zip is
/// written when the link is fetched. 未发现文件 when none is found. Answers (url, zip name).
pub async fn pack_link(state: &AppState, caller: &Session, folder: &str, items: &[PackItem]) -> Result<(String, String), AppError> {
    if items.len() > PACK_MAX_FILES {
        return Err(AppError::bad(format!("一次最多打包下载{PACK_MAX_FILES}个文件")));
    }
    let mut found: Vec<FileRow> = Vec::new();
    for item in items {
        if let Ok(file) = visible(state, Some(caller), folder, &item.file_id).await
            && !found.iter().any(|f| f.id == file.id)
        {
            found.push(file);
        }
    }
    let Some(first) = found.first() else {
        return Err(AppError::bad("未发现文件"));
    };
    let stem = first.original_name.rsplit_once('.').map_or(first.original_name.as_str(), |(stem, _)| stem);
    let name = if found.len() == 1 { format!("{stem}.zip") } else { format!("{stem}等{}个文件.zip", found.len()) };
    let ids: Vec<&str> = found.iter().map(|f| f.id.as_str()).collect();
    let key = download::offer_kind(state, "pack", &caller.user_id, &name, &ids.join(","), download::FILE_VALID_MS).await?;
    Ok((format!("/api/file/Download?encryption={key}"), name))
}

/// The zip of `files`, written as it is read: a blocking task writes the zip (the `zip`
/// crate's stream writer) into one end of a pipe and reads each file from the store on the
/// way; the other end is the answer's body. Memory stays at a pipe's and a part's size
/// whatever the files. Entries keep the files' names (made unique with " (2)" …); files that
/// are already compressed (images, video, Office, PDF) are stored, the rest deflated.
pub fn pack(state: &AppState, files: Vec<FileRow>) -> ByteStream {
    use std::io::Write as _;
    use zip::write::SimpleFileOptions;
    let (writer, reader) = tokio::io::duplex(256 * 1024);
    let storage = state.files.clone();
    let handle = tokio::runtime::Handle::current();
    tokio::task::spawn_blocking(move || {
        let bridge = tokio_util::io::SyncIoBridge::new_with_handle(writer, handle.clone());
        let mut zip = zip::ZipWriter::new_stream(bridge);
        let mut taken: std::collections::BTreeSet<String> = Default::default();
        let written: anyhow::Result<()> = (|| {
            for file in files {
                let entry = unique_entry(&mut taken, &file.original_name);
                let compressible = file.detected_type.is_empty() || file.detected_type.starts_with("text/");
                let method = if compressible { zip::CompressionMethod::Deflated } else { zip::CompressionMethod::Stored };
                let options = SimpleFileOptions::default().compression_method(method).large_file(file.file_size >= u32::MAX as i64);
                let Some(mut bytes) = handle.block_on(storage.stream(&file.storage_key, None))? else { continue };
                zip.start_file(entry, options)?;
                while let Some(part) = handle.block_on(bytes.next()) {
                    zip.write_all(&part?)?;
                }
            }
            zip.finish()?.flush()?;
            Ok(())
        })();
        if let Err(e) = written {
            tracing::warn!(error = %e, "pack download stopped");
        }
    });
    Box::pin(tokio_util::io::ReaderStream::new(reader))
}

/// `name`, or `name (2)` … when an entry of that name is already in the zip.
fn unique_entry(taken: &mut std::collections::BTreeSet<String>, name: &str) -> String {
    let mut entry = name.to_string();
    let (stem, ext) = name.rsplit_once('.').map_or((name, String::new()), |(s, e)| (s, format!(".{e}")));
    let mut n = 2;
    while !taken.insert(entry.clone()) {
        entry = format!("{stem} ({n}){ext}");
        n += 1;
    }
    entry
}

/// How long a preview link stays valid: long enough to watch a video in the preview (its
/// player asks for more ranges as it plays).
pub const PREVIEW_VALID_MS: i64 = 30 * 60 * 1000;

/// The largest workbook rendered as a table, and how much of it.
const TABLE_MAX_BYTES: i64 = 20 * 1_048_576;
const TABLE_MAX_SHEETS: usize = 10;
const TABLE_MAX_ROWS: usize = 500;
const TABLE_MAX_COLUMNS: usize = 50;

/// A .csv whose content is text (core's upload rules take no .csv, but a file may exist
/// anyway, e.g. brought over from JNPF): previewed as a table.
fn is_csv(file: &FileRow) -> bool {
    file.extension == "csv" && (file.detected_type.is_empty() || file.detected_type.starts_with("text/"))
}

/// How a file is previewed.
fn preview_kind(file: &FileRow) -> Option<bool> {
    // Some(false): the file itself, inline; Some(true): a workbook or CSV as a table.
    match content_type(file) {
        _ if is_text(file) => Some(false),
        _ if is_csv(file) => Some(true),
        "application/octet-stream" => ["xlsx", "xls"].contains(&file.extension.as_str()).then_some(true),
        _ => Some(false),
    }
}

/// Preview (`Uploader/Preview`, FILE-008, FILE-045): a link the preview's iframe opens
/// without the Authorization header, valid [`PREVIEW_VALID_MS`]. Images, PDF, text, audio
/// and video are shown by the browser itself, Excel workbooks as a table; any other type is
/// refused with a message saying to download it. A .csv (UTF-8 or GBK) is a table too.
pub async fn preview_link(state: &AppState, caller: &Session, file_name: &str) -> Result<String, AppError> {
    if file_name.is_empty() || file_name.len() > 80 {
        return Err(AppError::not_found(MISSING));
    }
    let mut conn = state.db.acquire().await?;
    let file = repo::by_file_name(&mut conn, file_name).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    drop(conn);
    if file.is_account == 1 && file.owner_user_id != caller.user_id {
        return Err(AppError::not_found(MISSING));
    }
    match preview_kind(&file) {
        None => return Err(AppError::bad("该类型的文件不支持在线预览，请下载后查看")),
        Some(true) if file.file_size > TABLE_MAX_BYTES => return Err(AppError::bad("文件过大，无法在线预览，请下载后查看")),
        Some(_) => {}
    }
    let key = download::offer_kind(state, "preview", &caller.user_id, &file.original_name, &file.id, PREVIEW_VALID_MS).await?;
    Ok(format!("/api/file/Preview?encryption={key}"))
}

/// What a preview link shows.
pub async fn preview(state: &AppState, key: &str) -> Result<Linked, AppError> {
    let (_, id, _) = download::referenced_kind(state, "preview", key).await?;
    let mut conn = state.db.acquire().await?;
    let file = repo::by_id(&mut conn, &id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    drop(conn);
    if preview_kind(&file) != Some(true) {
        return Ok(Linked::File(served(file, true)));
    }
    let bytes = state.files.get(&file.storage_key).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let csv_name = is_csv(&file).then(|| file.original_name.strip_suffix(".csv").unwrap_or(&file.original_name).to_string());
    let sheets = tokio::task::spawn_blocking(move || match csv_name {
        Some(name) => crate::support::excel::read_csv(&bytes, &name, TABLE_MAX_ROWS, TABLE_MAX_COLUMNS).map(|sheet| vec![sheet]),
        None => crate::support::excel::read_sheets(&bytes, TABLE_MAX_SHEETS, TABLE_MAX_ROWS, TABLE_MAX_COLUMNS),
    })
    .await
        .map_err(anyhow::Error::from)??;
    Ok(Linked::Table { html: sheets_html(&file.original_name, &sheets), name: file.original_name })
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// The sheets as one HTML page of tables (every cell escaped; the page runs no script).
fn sheets_html(title: &str, sheets: &[crate::support::excel::SheetText]) -> String {
    let mut html = format!(
        "<!DOCTYPE html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\"><title>{}</title><style>\
         body{{font:14px sans-serif;margin:16px;color:#333}}h2{{font-size:15px;margin:16px 0 8px}}\
         table{{border-collapse:collapse}}td{{border:1px solid #ddd;padding:4px 8px;white-space:pre-wrap;vertical-align:top}}\
         tr:first-child td{{background:#fafafa;font-weight:600}}p{{color:#999}}</style></head><body>",
        escape(title)
    );
    for sheet in sheets {
        html.push_str(&format!("<h2>{}</h2><table>", escape(&sheet.name)));
        for row in &sheet.rows {
            html.push_str("<tr>");
            for cell in row {
                html.push_str(&format!("<td>{}</td>", escape(cell)));
            }
            html.push_str("</tr>");
        }
        html.push_str("</table>");
        if sheet.cut {
            html.push_str(&format!("<p>仅显示前{TABLE_MAX_ROWS}行、前{TABLE_MAX_COLUMNS}列，完整内容请下载后查看</p>"));
        }
    }
    if sheets.is_empty() {
        html.push_str("<p>没有工作表</p>");
    }
    html.push_str("</body></html>");
    html
}

/// The chunks of one file, as the client describes them on every test and chunk.
struct ChunkPlan {
    prefix: String,
    total_chunks: u64,
}

async fn chunk_plan(state: &AppState, caller: &Session, identifier: &str, total_chunks: Option<u64>, total_size: Option<u64>, file_name: &str) -> Result<ChunkPlan, AppError> {
    if !qiming_core::md5::is_md5_hex(identifier) {
        return Err(AppError::bad("identifier应为文件的MD5"));
    }
    let max_mb = state.config.chunked_upload_max_mb;
    if total_size.unwrap_or(0) > max_mb.saturating_mul(1_048_576) {
        return Err(AppError::bad(format!("文件大小不能超过{max_mb}MB")));
    }
    let mut conn = state.db.acquire().await?;
    if let Some((left, message)) = quota_left(state, &mut conn, caller, Some(identifier)).await?
        && total_size.unwrap_or(0) > left
    {
        return Err(AppError::bad(message));
    }
    drop(conn);
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
    let plan = chunk_plan(state, caller, &q.identifier, q.total_chunks, q.total_size, &q.filename).await?;
    Ok(chunk_state(&held_chunks(state, &plan.prefix).await?, plan.total_chunks))
}

/// One chunk (FILE-035, FILE-037): kept under the caller and the file's identifier until the
/// merge, so a new page or a new server process resumes where the last one stopped.
pub async fn store_chunk(state: &AppState, caller: &Session, incoming: Incoming) -> Result<ChunkState, AppError> {
    let number = |name: &str| incoming.field(name).trim().parse::<u64>().ok();
    let plan = chunk_plan(state, caller, incoming.field("identifier"), number("totalChunks"), number("totalSize"), incoming.field("filename")).await?;
    let chunk_number = number("chunkNumber").filter(|n| (1..=plan.total_chunks).contains(n)).ok_or_else(|| AppError::bad("分片序号有误"))?;
    if incoming.file_name.is_none() {
        return Err(AppError::bad("请上传文件"));
    }
    if incoming.too_large || incoming.bytes.is_empty() {
        return Err(AppError::bad("分片大小有误"));
    }
    // The chunk counts against the quota as soon as it is held (a client announcing a small
    // file, or 100,000 chunks, cannot park more than the quota for the cleanup's week). Its
    // bytes are reserved before the held total is read, so chunks arriving in parallel see
    // each other (issue 24 §3); the reservation ends once the chunk is held and counted there.
    let mut reservation = Reservation::new(state, caller);
    reservation.grow(incoming.bytes.len() as u64);
    let mut conn = state.db.acquire().await?;
    let quota = quota_left(state, &mut conn, caller, None).await?;
    drop(conn);
    let key = format!("{}/{chunk_number}", plan.prefix);
    if let Some((left, message)) = quota {
        let replaced = state.files.size(&key).await?.unwrap_or(0);
        if reservation.in_flight() > left + replaced {
            return Err(AppError::bad(message));
        }
    }
    state.files.put(&key, incoming.bytes).await?;
    drop(reservation);
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
    let mut conn = state.db.acquire().await?;
    if let Some((left, message)) = quota_left(state, &mut conn, caller, Some(&identifier)).await?
        && file_size > left
    {
        discard(parts).await;
        return Err(AppError::bad(message));
    }
    // The same content already kept: its chunks are only read to prove the MD5, the object
    // is shared and nothing new is written.
    let kept = match repo::stored_content(&mut conn, &identifier, file_size as i64, "").await? {
        Some(key) if state.files.size(&key).await? == Some(file_size) => Some(key),
        _ => None,
    };
    drop(conn);
    let extension = upload::extension(&original_name);
    let name = format!("{}.{extension}", hex(&random_bytes::<16>()));
    let mut md5 = qiming_core::md5::Md5Hasher::new();
    let mut head: Vec<u8> = Vec::with_capacity(HEAD);
    let mut each = |bytes: &[u8]| {
        md5.update(bytes);
        let room = HEAD - head.len();
        head.extend_from_slice(&bytes[..bytes.len().min(room)]);
    };
    let (storage_key, written) = match kept {
        Some(key) => {
            for part in &parts {
                each(&state.files.get(part).await?.unwrap_or_default());
            }
            (key, false)
        }
        None => {
            let key = format!("{folder}/{name}");
            state.files.concat(&parts, &key, &mut each).await?;
            (key, true)
        }
    };
    let md5 = md5.finish_hex();
    let detected = infer::get(&head).map(|t| t.mime_type());
    let refusal = if md5 != identifier {
        Some("文件校验失败：内容的MD5与identifier不一致，请重新上传".to_string())
    } else {
        upload::check_content(&original_name, detected).map(|m| m.text)
    };
    if let Some(text) = refusal {
        let written = if written { vec![storage_key] } else { Vec::new() };
        discard([parts, written].concat()).await;
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
    record(state, row, written).await?;
    discard(parts).await;
    Ok(Uploaded { url: image_url(folder, &name), name, file_name: original_name, file_size: file_size as i64, file_extension: extension, file_version_id: String::new() })
}
