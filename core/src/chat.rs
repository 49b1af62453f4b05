//! The internal chat's send rules (spec 01 §5.7): what the chat window lets through, and what
//! the server accepts when a message arrives.

use crate::message::Message;
use crate::upload::{IMAGE_EXTENSIONS, extension};

/// A chat image must be under 5 MB (CHAT-018).
pub const CHAT_IMAGE_MAX_BYTES: u64 = 5 * 1024 * 1024;

/// The text to send: trimmed (CHAT-017), or `None` when nothing is left, which is not sent
/// (CHAT-016).
pub fn outgoing_text(text: &str) -> Option<&str> {
    Some(text.trim()).filter(|t| !t.is_empty())
}

/// A chat image (CHAT-018/019): one image file, under 5 MB.
pub fn check_image(name: &str, size: u64) -> Option<Message> {
    if !IMAGE_EXTENSIONS.contains(&extension(name).as_str()) {
        return Some(Message::new("upload.imageType", "请上传图片"));
    }
    (size >= CHAT_IMAGE_MAX_BYTES).then(|| Message::new("upload.chatImageSize", "图片大小不能超过5M"))
}

#[cfg(test)]
mod tests {
    use super::*;

    // CHAT-016, CHAT-017
    #[test]
    fn chat_016_017_text_is_trimmed_and_empty_is_not_sent() {
        assert_eq!(outgoing_text("  你好 \n"), Some("你好"));
        assert_eq!(outgoing_text(" \t\n"), None);
        assert_eq!(outgoing_text(""), None);
    }

    // CHAT-018
    #[test]
    fn chat_018_image_under_5_mb() {
        assert_eq!(check_image("a.PNG", CHAT_IMAGE_MAX_BYTES - 1), None);
        assert_eq!(check_image("a.png", CHAT_IMAGE_MAX_BYTES).unwrap().text, "图片大小不能超过5M");
        assert_eq!(check_image("a.pdf", 1).unwrap().key, "upload.imageType");
    }
}
