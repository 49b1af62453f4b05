//! Offering an export for download and serving it.

use super::repo;
use crate::state::AppState;
use crate::db::Conn;
use crate::error::AppError;
use crate::support::{hex, random_bytes};
use base64::Engine as _;

/// How long an export's url stays valid.
pub const VALID_MS: i64 = 10 * 60 * 1000;

/// How long a stored upload's download url stays valid: long enough to click, short enough
/// that a url copied out of a page soon stops working.
pub const FILE_VALID_MS: i64 = 5 * 60 * 1000;

const MISSING: &str = "文件不存在或下载链接已过期";

/// Keeps `content` for download as `file_name` and answers its url (the caller's own export;
/// anyone holding the url may fetch it until it expires, as with any download link).
pub async fn offer(state: &AppState, user_id: &str, file_name: &str, content: &str) -> Result<String, AppError> {
    store(state, "export", user_id, file_name, content, false).await.map(|key| format!("/api/file/DownloadModel?encryption={key}"))
}

/// The same for a binary file (an Excel workbook).
pub async fn offer_bytes(state: &AppState, user_id: &str, file_name: &str, content: &[u8]) -> Result<String, AppError> {
    let text = base64::engine::general_purpose::STANDARD.encode(content);
    store(state, "export", user_id, file_name, &text, true).await.map(|key| format!("/api/file/DownloadModel?encryption={key}"))
}

/// Holds an uploaded file for the next step of an import wizard; answers the name the client
/// sends back (a generated key: the client's own file name is never used to find a file).
pub async fn hold_upload(state: &AppState, user_id: &str, file_name: &str, content: &[u8]) -> Result<String, AppError> {
    let text = base64::engine::general_purpose::STANDARD.encode(content);
    store(state, "upload", user_id, file_name, &text, true).await
}

/// An upload held by `hold_upload`, only for the user who sent it: (client's name, bytes).
pub async fn held_upload(state: &AppState, user_id: &str, key: &str) -> Result<(String, Vec<u8>), AppError> {
    const GONE: &str = "上传的文件不存在或已过期，请重新上传";
    if key.is_empty() || key.len() > 64 {
        return Err(AppError::bad(GONE));
    }
    let mut conn = state.db.acquire().await?;
    let (name, content, _, owner) = repo::by_key(&mut conn, key, "upload", state.clock.now_ms()).await?.ok_or_else(|| AppError::bad(GONE))?;
    if owner != user_id {
        return Err(AppError::bad(GONE));
    }
    let bytes = base64::engine::general_purpose::STANDARD.decode(content).map_err(|_| AppError::bad(GONE))?;
    Ok((name, bytes))
}

/// Offers a stored upload (`reference`: the file's id in its own area) for download under a
/// key of its own, valid [`FILE_VALID_MS`]: the url a plain link or `<img>` opens without the
/// Authorization header. Answers the key.
pub async fn offer_reference(state: &AppState, user_id: &str, file_name: &str, reference: &str) -> Result<String, AppError> {
    offer_kind(state, "file", user_id, file_name, reference, FILE_VALID_MS).await
}

/// The same for another `kind` of reference (the file area's packs and previews), valid
/// `valid_ms`: a key of one kind is never taken for another.
pub async fn offer_kind(state: &AppState, kind: &str, user_id: &str, file_name: &str, reference: &str, valid_ms: i64) -> Result<String, AppError> {
    let key = hex(&random_bytes::<16>());
    let mut conn = state.db.acquire().await?;
    let expires_at = state.clock.now_ms() + valid_ms;
    let stored = repo::Stored { key: &key, kind, file_name, content: reference, is_base64: false, user_id, expires_at };
    repo::insert(&mut conn, &stored).await?;
    Ok(key)
}

/// The reference offered under `key` while it is valid: (file name, reference); a missing or
/// expired key answers 文件不存在或下载链接已过期.
pub async fn referenced(state: &AppState, key: &str) -> Result<(String, String), AppError> {
    referenced_kind(state, "file", key).await.map(|(name, reference, _)| (name, reference))
}

/// A reference of `kind` offered under `key` while it is valid: (file name, reference, the
/// user it was offered to).
pub async fn referenced_kind(state: &AppState, kind: &str, key: &str) -> Result<(String, String, String), AppError> {
    if key.is_empty() || key.len() > 64 {
        return Err(AppError::not_found(MISSING));
    }
    let mut conn = state.db.acquire().await?;
    let (name, reference, _, user) = repo::by_key(&mut conn, key, kind, state.clock.now_ms()).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    Ok((name, reference, user))
}

async fn store(state: &AppState, kind: &str, user_id: &str, file_name: &str, content: &str, is_base64: bool) -> Result<String, AppError> {
    let key = hex(&random_bytes::<16>());
    let mut conn = state.db.acquire().await?;
    let stored = repo::Stored { key: &key, kind, file_name, content, is_base64, user_id, expires_at: state.clock.now_ms() + VALID_MS };
    repo::insert(&mut conn, &stored).await?;
    Ok(key)
}

/// The file behind a url's key: (name, bytes).
pub async fn fetch(state: &AppState, key: &str) -> Result<(String, Vec<u8>), AppError> {
    if key.is_empty() || key.len() > 64 {
        return Err(AppError::not_found(MISSING));
    }
    let mut conn = state.db.acquire().await?;
    let (name, content, is_base64, _) = repo::by_key(&mut conn, key, "export", state.clock.now_ms()).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let bytes = if is_base64 == 1 {
        base64::engine::general_purpose::STANDARD.decode(content).map_err(anyhow::Error::from)?
    } else {
        content.into_bytes()
    };
    Ok((name, bytes))
}

/// Removes expired exports (housekeeping).
pub async fn trim(conn: &mut Conn, now: i64) -> Result<u64, AppError> {
    repo::trim(conn, now).await
}

/// `Content-Disposition` for a file name in any script: an ASCII fallback and the UTF-8 name
/// (RFC 6266 / 5987).
pub fn disposition(file_name: &str) -> String {
    disposition_as("attachment", file_name)
}

/// `Content-Disposition` of `kind` (attachment or inline) for a file name in any script.
pub fn disposition_as(kind: &str, file_name: &str) -> String {
    let fallback: String = file_name.chars().map(|c| if c.is_ascii_alphanumeric() || ".-_".contains(c) { c } else { '_' }).collect();
    let encoded: String = file_name
        .bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b".-_~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect();
    format!("{kind}; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_in_any_script() {
        assert_eq!(super::disposition("性别 a.bdd"), "attachment; filename=\"___a.bdd\"; filename*=UTF-8''%E6%80%A7%E5%88%AB%20a.bdd");
    }
}
