//! Offering an export for download and serving it.

use super::repo;
use crate::AppState;
use crate::db::Conn;
use crate::error::AppError;
use crate::support::{hex, random_bytes};

/// How long an export's url stays valid.
pub const VALID_MS: i64 = 10 * 60 * 1000;

const MISSING: &str = "文件不存在或下载链接已过期";

/// Keeps `content` for download as `file_name` and answers its url (the caller's own export;
/// anyone holding the url may fetch it until it expires, as with any download link).
pub async fn offer(state: &AppState, user_id: &str, file_name: &str, content: &str) -> Result<String, AppError> {
    let key = hex(&random_bytes::<16>());
    let mut conn = state.db.acquire().await?;
    repo::insert(&mut conn, &key, file_name, content, user_id, state.clock.now_ms() + VALID_MS).await?;
    Ok(format!("/api/file/DownloadModel?encryption={key}"))
}

/// The file behind a url's key: (name, content).
pub async fn fetch(state: &AppState, key: &str) -> Result<(String, String), AppError> {
    if key.is_empty() || key.len() > 64 {
        return Err(AppError::not_found(MISSING));
    }
    let mut conn = state.db.acquire().await?;
    repo::by_key(&mut conn, key, state.clock.now_ms()).await?.ok_or_else(|| AppError::not_found(MISSING))
}

/// Removes expired exports (housekeeping).
pub async fn trim(conn: &mut Conn, now: i64) -> Result<u64, AppError> {
    repo::trim(conn, now).await
}

/// `Content-Disposition` for a file name in any script: an ASCII fallback and the UTF-8 name
/// (RFC 6266 / 5987).
pub fn disposition(file_name: &str) -> String {
    let fallback: String = file_name.chars().map(|c| if c.is_ascii_alphanumeric() || ".-_".contains(c) { c } else { '_' }).collect();
    let encoded: String = file_name
        .bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b".-_~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect();
    format!("attachment; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_in_any_script() {
        assert_eq!(super::disposition("性别 a.bdd"), "attachment; filename=\"___a.bdd\"; filename*=UTF-8''%E6%80%A7%E5%88%AB%20a.bdd");
    }
}
