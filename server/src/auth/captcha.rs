//! Captchas: a real PNG per key; the answer is stored server-side (so any server process
//! can check it), expires after five minutes and can be checked only once.

use super::repo;
use crate::db::Conn;
use crate::error::AppError;

const LIFETIME_MS: i64 = 5 * 60 * 1000;
/// Letters and digits that cannot be mistaken for one another (no 0/O, 1/l/I).
const CHARS: &[char] = &[
    '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'k', 'm', 'n', 'p', 'r',
    's', 't', 'u', 'v', 'w', 'x', 'y', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'K', 'M', 'N', 'P', 'R', 'S',
    'T', 'U', 'V', 'W', 'X', 'Y',
];

pub const MSG_REQUIRED: &str = "请输入验证码";
pub const MSG_WRONG: &str = "验证码错误，请重新输入";

fn check_key(key: &str) -> Result<(), AppError> {
    if key.is_empty() || key.chars().count() > 64 {
        return Err(AppError::field("timestamp", "验证码标识无效"));
    }
    Ok(())
}

/// The height of the image: the JNPF client shows it in a 32-pixel-high slot.
pub const HEIGHT: u32 = 32;

/// Draws a captcha of `length` characters; returns (answer, PNG bytes). The characters are
/// drawn large and the picture scaled down to [`HEIGHT`], so nothing is cut off.
fn draw(length: u32) -> anyhow::Result<(String, Vec<u8>)> {
    use captcha::filters::{Noise, Wave};
    let mut c = captcha::Captcha::new();
    let supported = c.supported_chars();
    let chars: Vec<char> = CHARS.iter().copied().filter(|ch| supported.contains(ch)).collect();
    let (width, height) = (36 * length + 24, 72);
    c.set_chars(&chars)
        .add_chars(length)
        .apply_filter(Noise::new(0.1))
        .apply_filter(Wave::new(2.0, 6.0))
        .view(width, height);
    let (answer, png) = c.as_tuple().ok_or_else(|| anyhow::anyhow!("captcha image could not be encoded"))?;
    let drawn = image::load_from_memory_with_format(&png, image::ImageFormat::Png)?;
    let scaled = drawn.resize_exact(width * HEIGHT / height, HEIGHT, image::imageops::FilterType::Triangle);
    let mut out = std::io::Cursor::new(Vec::new());
    scaled.write_to(&mut out, image::ImageOutputFormat::Png)?;
    Ok((answer, out.into_inner()))
}

/// Issues a captcha of `length` (3–6) characters for `key`, replacing an earlier one for
/// the same key; answers the PNG.
pub async fn issue(conn: &mut Conn, key: &str, length: u32, now: i64) -> Result<Vec<u8>, AppError> {
    check_key(key)?;
    // Drawing takes milliseconds of CPU: not on the async workers.
    let (answer, png) = tokio::task::spawn_blocking(move || draw(length)).await.map_err(anyhow::Error::from)??;
    repo::store_captcha(conn, key, &answer, now, now + LIFETIME_MS).await?;
    Ok(png)
}

/// Checks an answer (case-insensitive) and uses the captcha up, right or wrong, so that
/// each image allows exactly one guess.
pub async fn verify(conn: &mut Conn, key: &str, answer: &str, now: i64) -> Result<(), AppError> {
    if answer.trim().is_empty() || key.trim().is_empty() {
        return Err(AppError::field("code", MSG_REQUIRED));
    }
    match repo::take_captcha(conn, key).await? {
        Some((code, expires)) if expires > now && code.eq_ignore_ascii_case(answer.trim()) => Ok(()),
        Some((_, expires)) if expires <= now => Err(AppError::field("code", "验证码已过期，请刷新后重新输入")),
        _ => Err(AppError::field("code", MSG_WRONG)),
    }
}

/// The stored answer of a captcha (for the tests, which cannot read images).
pub async fn answer_of(conn: &mut Conn, key: &str) -> Result<Option<String>, AppError> {
    repo::captcha_answer(conn, key).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn draws_png_of_requested_length_32_pixels_high() {
        for n in 3..=6 {
            let (answer, png) = super::draw(n).unwrap();
            assert_eq!(answer.chars().count(), n as usize);
            assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
            let size = image::load_from_memory(&png).unwrap();
            assert_eq!((size.height(), size.width() > 16 * n), (super::HEIGHT, true));
        }
    }
}
