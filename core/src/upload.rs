//! Upload limits of the file and image widgets (FILE-004..019) and of the import wizard
//! (IMP-003..006, IMP-010): checked in the browser before a file is sent, and again by the
//! server on the stored value.

use crate::message::Message;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde_json::Value;

/// Size units (FILE-004).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeUnit {
    KB,
    MB,
    GB,
}

impl SizeUnit {
    /// `KB`, `MB` or `GB`, any case; anything else is the default MB.
    pub fn from_name(name: &str) -> SizeUnit {
        match name.trim().to_ascii_uppercase().as_str() {
            "KB" => SizeUnit::KB,
            "GB" => SizeUnit::GB,
            _ => SizeUnit::MB,
        }
    }

    pub fn bytes(self) -> u64 {
        match self {
            SizeUnit::KB => 1024,
            SizeUnit::MB => 1_048_576,
            SizeUnit::GB => 1_073_741_824,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            SizeUnit::KB => "KB",
            SizeUnit::MB => "MB",
            SizeUnit::GB => "GB",
        }
    }
}

/// A file size as people read it (FILE-005): bytes under 1 KB (`512 B`), else KB, MB or GB
/// (FILE-004's units) with at most two decimals, trailing zeros dropped (`1.5 MB`, `10 MB`).
pub fn file_size_text(bytes: u64) -> String {
    let unit = [SizeUnit::GB, SizeUnit::MB, SizeUnit::KB].into_iter().find(|u| bytes >= u.bytes());
    let Some(unit) = unit else {
        return format!("{bytes} B");
    };
    let value = (Decimal::from(bytes) / Decimal::from(unit.bytes())).round_dp(2).normalize();
    format!("{value} {}", unit.name())
}

/// The file categories of FILE-006 (and the widget's accept choices of FILE-012).
pub const IMAGE_EXTENSIONS: [&str; 6] = ["gif", "jpg", "jpeg", "png", "bmp", "webp"];
pub const VIDEO_EXTENSIONS: [&str; 11] =
    ["mp4", "avi", "mov", "wmv", "flv", "mkv", "webm", "mpeg", "mpg", "3gp", "rmvb"];
pub const AUDIO_EXTENSIONS: [&str; 8] = ["mp3", "wav", "aac", "flac", "ogg", "m4a", "wma", "amr"];
pub const DOCUMENT_EXTENSIONS: [&str; 8] = ["doc", "docx", "xls", "xlsx", "ppt", "pptx", "pdf", "txt"];

/// The lower-case extension of a file name ("" when it has none).
pub fn extension(name: &str) -> String {
    match name.rsplit_once('.') {
        Some((_, ext)) if !ext.contains(['/', '\\']) => ext.to_ascii_lowercase(),
        _ => String::new(),
    }
}

/// image, video, audio, document or other (FILE-006).
pub fn file_category(name: &str) -> &'static str {
    let ext = extension(name);
    let ext = ext.as_str();
    if IMAGE_EXTENSIONS.contains(&ext) {
        "image"
    } else if VIDEO_EXTENSIONS.contains(&ext) {
        "video"
    } else if AUDIO_EXTENSIONS.contains(&ext) {
        "audio"
    } else if DOCUMENT_EXTENSIONS.contains(&ext) {
        "document"
    } else {
        "other"
    }
}

/// Does an `accept` list (`image/*,.pdf,excel`, as the widget is configured) allow `name`?
/// Tokens: `image/*` or `image`, `video/*`, `audio/*`, `excel`, `word`, `pdf`, `txt`,
/// `.ext`, `*`. An empty list accepts everything.
pub fn accepts(accept: &str, name: &str) -> bool {
    let ext = extension(name);
    let ext = ext.as_str();
    let tokens: Vec<String> =
        accept.split(',').map(|t| t.trim().to_ascii_lowercase()).filter(|t| !t.is_empty()).collect();
    tokens.is_empty()
        || tokens.iter().any(|t| match t.as_str() {
            "*" | "*/*" => true,
            "image/*" | "image" => IMAGE_EXTENSIONS.contains(&ext),
            "video/*" | "video" => VIDEO_EXTENSIONS.contains(&ext),
            "audio/*" | "audio" => AUDIO_EXTENSIONS.contains(&ext),
            "excel" => matches!(ext, "xls" | "xlsx"),
            "word" => matches!(ext, "doc" | "docx"),
            "pdf" | "application/pdf" => ext == "pdf",
            "txt" | "text/plain" => ext == "txt",
            other => other.strip_prefix('.').is_some_and(|e| e == ext),
        })
}

/// Which widget: the file widget (uploadFz) or the image widget (uploadImg).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UploadKind {
    File,
    Image,
}

impl UploadKind {
    /// `"image"` is the image widget; anything else the file widget.
    pub fn from_name(name: &str) -> UploadKind {
        if name == "image" { UploadKind::Image } else { UploadKind::File }
    }
}

/// The limits of an upload widget.
#[derive(Debug, Clone, PartialEq)]
pub struct UploadLimits {
    pub kind: UploadKind,
    /// Most files; 0 is unlimited (FILE-009).
    pub limit: u64,
    /// Largest size, in `size_unit` (default 10 MB, FILE-011, FILE-018).
    pub file_size: Decimal,
    pub size_unit: SizeUnit,
    /// The accepted types of the file widget; the image widget always takes images only.
    pub accept: String,
}

impl UploadLimits {
    pub fn new(kind: UploadKind) -> UploadLimits {
        UploadLimits {
            kind,
            limit: 0,
            file_size: Decimal::from(10),
            size_unit: SizeUnit::MB,
            accept: String::new(),
        }
    }

    /// Reads `limit`, `fileSize`, `sizeUnit`, `accept` from a widget's props or its
    /// `__config__` (JNPF keeps them in either), defaults for what is missing.
    pub fn from_field(kind: UploadKind, field: &Value) -> UploadLimits {
        let mut limits = UploadLimits::new(kind);
        let get = |key: &str| {
            field
                .get(key)
                .filter(|v| !v.is_null())
                .or_else(|| field.get("__config__").and_then(|c| c.get(key)).filter(|v| !v.is_null()))
        };
        if let Some(limit) = get("limit").and_then(crate::number::decimal_of) {
            limits.limit = limit.trunc().to_u64().unwrap_or(0);
        }
        if let Some(size) = get("fileSize").and_then(crate::number::decimal_of).filter(|s| *s > Decimal::ZERO)
        {
            limits.file_size = size;
        }
        if let Some(unit) = get("sizeUnit").and_then(Value::as_str) {
            limits.size_unit = SizeUnit::from_name(unit);
        }
        if let Some(accept) = get("accept").and_then(Value::as_str) {
            limits.accept = accept.to_string();
        }
        limits
    }

    /// Several files at once unless the limit is 1 (FILE-020, FILE-043).
    pub fn multiple(&self) -> bool {
        self.limit != 1
    }

    /// Adding one more file to `count` already there (FILE-010, FILE-017).
    pub fn check_count(&self, count: u64) -> Option<Message> {
        (self.limit > 0 && count >= self.limit).then(|| self.count_message())
    }

    /// More files than the limit in a stored value.
    pub fn check_total(&self, count: u64) -> Option<Message> {
        (self.limit > 0 && count > self.limit).then(|| self.count_message())
    }

    fn count_message(&self) -> Message {
        let limit = self.limit;
        match self.kind {
            UploadKind::File => {
                Message::new("upload.fileCount", format!("当前限制最多可以上传{limit}个文件"))
            }
            UploadKind::Image => {
                Message::new("upload.imageCount", format!("当前限制最多可以上传{limit}张图片"))
            }
        }
        .with("limit", limit)
    }

    /// A file's type and size (FILE-011, FILE-012, FILE-018, FILE-019); `size` in bytes,
    /// None when unknown. The size must be under the limit.
    pub fn check_file(&self, name: &str, size: Option<u64>) -> Option<Message> {
        match self.kind {
            UploadKind::Image if !accepts("image/*", name) => {
                return Some(Message::new("upload.imageType", "请上传图片"));
            }
            UploadKind::File if !accepts(&self.accept, name) => {
                let accept: String = self.accept.chars().take(100).collect();
                return Some(
                    Message::new("upload.fileType", format!("请选择{accept}类型的文件"))
                        .with("accept", accept),
                );
            }
            _ => {}
        }
        let max = self.file_size.checked_mul(Decimal::from(self.size_unit.bytes()))?;
        if Decimal::from(size?) < max {
            return None;
        }
        let (shown, unit) = (self.file_size.normalize().to_string(), self.size_unit.name());
        let (key, text) = match self.kind {
            UploadKind::File => ("upload.fileSize", format!("文件大小超过{shown}{unit}")),
            UploadKind::Image => ("upload.imageSize", format!("图片大小超过{shown}{unit}")),
        };
        Some(Message::new(key, text).with("size", shown).with("unit", unit))
    }
}

/// May a file join an upload widget (`field`, its definition) of `kind` (`"file"` or
/// `"image"`) that already holds `count` files? The count first (FILE-010, FILE-017), then
/// the file's type and size (FILE-011, FILE-012, FILE-018, FILE-019). `file` is `{name,
/// size?}`: a size that is not a number of bytes (missing, negative, NaN) is not checked.
pub fn check_upload(field: &Value, kind: &str, count: u64, file: &Value) -> Option<Message> {
    let limits = UploadLimits::from_field(UploadKind::from_name(kind), field);
    let name = file.get("name").and_then(Value::as_str).unwrap_or("");
    let size = file.get("size").and_then(Value::as_f64).filter(|s| s.is_finite() && *s >= 0.0);
    limits.check_count(count).or_else(|| limits.check_file(name, size.map(crate::number::whole_number)))
}

/// The folders (upload types) of the common upload `POST /api/file/Uploader/{type}`
/// (jnpf-wire-areas.md §3): annex (files), annexpic (images, cover pictures, system icons),
/// userAvatar (head icons), IM (chat images), workFlow (flow attachments).
pub const UPLOAD_FOLDERS: [&str; 5] = ["annex", "annexpic", "userAvatar", "IM", "workFlow"];

/// Chat images are under 5 MB (the chat's own limit); the other image folders take the image
/// widget's default 10 MB.
pub const IM_IMAGE_MAX_MB: u64 = 5;

/// The limits a stored upload of `folder` is held to when the widget's own settings are not
/// known: the image folders take images only, under 10 MB (chat images under 5 MB); the file
/// folders take the categories of FILE-006 (image, video, audio, document), any size the
/// server allows. None for a folder that is not one of [`UPLOAD_FOLDERS`].
pub fn folder_limits(folder: &str) -> Option<UploadLimits> {
    match folder {
        "annexpic" | "userAvatar" => Some(UploadLimits::new(UploadKind::Image)),
        "IM" => Some(UploadLimits { file_size: Decimal::from(IM_IMAGE_MAX_MB), ..UploadLimits::new(UploadKind::Image) }),
        "annex" | "workFlow" => Some(UploadLimits {
            // No size limit of the widget's own: the server's maximum applies.
            file_size: Decimal::ZERO,
            accept: "image,video,audio,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.pdf,.txt".into(),
            ..UploadLimits::new(UploadKind::File)
        }),
        _ => None,
    }
}

/// A file sent to `folder` (cleaned name, size in bytes): its folder, then its type and size
/// by [`folder_limits`] (FILE-011, FILE-012, FILE-018, FILE-019).
pub fn check_folder_upload(folder: &str, name: &str, size: u64) -> Option<Message> {
    let Some(limits) = folder_limits(folder) else {
        let shown: String = folder.chars().take(50).collect();
        return Some(Message::new("upload.folder", format!("不支持的上传类型：{shown}")).with("folder", shown));
    };
    if limits.kind == UploadKind::File && file_category(name) == "other" {
        let ext = extension(name);
        if ext.is_empty() {
            return Some(Message::new("upload.noExtension", "不支持上传没有扩展名的文件"));
        }
        return Some(Message::new("upload.category", format!("不支持上传.{ext}类型的文件")).with("extension", ext));
    }
    let size = (limits.file_size > Decimal::ZERO).then_some(size);
    limits.check_file(name, size)
}

/// What content sniffing says a file is (a MIME type from its first bytes; None when the
/// content has no known signature, as plain text has none) against what its extension claims:
/// an executable is never accepted whatever its name; an image must be a raster image; a PDF a
/// PDF; Office files their container; audio and video files must not be something else.
pub fn check_content(name: &str, detected: Option<&str>) -> Option<Message> {
    let mismatch = || Some(Message::new("upload.content", "文件内容与扩展名不符，请上传真实的文件"));
    let mime = detected.unwrap_or("").to_ascii_lowercase();
    let executable = [
        "executable",
        "x-mach-binary",
        "x-msdownload",
        "x-sharedlib",
        "application/java",
        "/vnd.android.",
        "application/wasm",
        "x-llvm",
        "shellscript",
    ];
    if executable.iter().any(|e| mime.contains(e)) {
        return mismatch();
    }
    let ext = extension(name);
    let ok = match file_category(name) {
        "image" => mime.starts_with("image/") && !mime.contains("svg"),
        "video" | "audio" => mime.is_empty() || mime.starts_with("video/") || mime.starts_with("audio/"),
        "document" => match ext.as_str() {
            "pdf" => mime == "application/pdf",
            "txt" => mime.is_empty() || mime.starts_with("text/"),
            "docx" | "xlsx" | "pptx" => mime.contains("openxmlformats") || mime == "application/zip",
            // The old Office formats: an OLE container, which sniffing may not name.
            _ => mime.is_empty() || mime.contains("msword") || mime.contains("ms-excel") || mime.contains("ms-powerpoint") || mime.contains("ole"),
        },
        _ => true,
    };
    if ok { None } else { mismatch() }
}

/// A client's file name made safe to keep and show: only its last path part (no `/`, `\` or
/// `..`), without `#` (FILE-001), control characters and surrounding spaces, at most 200
/// characters (the extension kept). Empty when nothing is left.
pub fn clean_file_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or("");
    let cleaned: String = last.chars().filter(|c| *c != '#' && !c.is_control()).collect();
    let cleaned = cleaned.trim().trim_start_matches('.').trim().to_string();
    if cleaned.chars().count() <= 200 {
        return cleaned;
    }
    let ext = extension(&cleaned);
    let keep = 200 - ext.chars().count().min(20) - 1;
    let stem: String = cleaned.chars().take(keep).collect();
    if ext.is_empty() || ext.chars().count() > 20 { cleaned.chars().take(200).collect() } else { format!("{stem}.{ext}") }
}

/// Signature images of the profile (PROF-009): raster images only, under 500 KB (a signature
/// drawn on the profile's canvas is a few tens of KB).
pub const SIGN_IMAGE_MAX_KB: u64 = 500;

/// A signature image `name` of `size` bytes: an image under [`SIGN_IMAGE_MAX_KB`] (the
/// image widget's messages: 请上传图片, 图片大小超过500KB).
pub fn check_sign_image(name: &str, size: u64) -> Option<Message> {
    let limits = UploadLimits { file_size: Decimal::from(SIGN_IMAGE_MAX_KB), size_unit: SizeUnit::KB, ..UploadLimits::new(UploadKind::Image) };
    limits.check_file(name, Some(size))
}

/// Chunked upload (FILE-037, FILE-038, FILE-042): the chunk size both sides split and merge
/// by, the retries per chunk, and the slice size the identifier (MD5) is computed over.
pub const CHUNK_SIZE: u64 = 5_242_880;
pub const CHUNK_MAX_RETRIES: u32 = 5;
pub const HASH_SLICE_SIZE: u64 = 10_240_000;

/// Largest import file: under 500 KB (IMP-005).
pub const IMPORT_MAX_BYTES: u64 = 500 * 1024;
/// Most rows one import takes (IMP-006).
pub const IMPORT_MAX_ROWS: usize = 500;

/// The import wizard's file check (IMP-003..005): a file is there, it is xls or xlsx, and it
/// is under 500 KB.
pub fn check_import_file(name: Option<&str>, size: u64) -> Option<Message> {
    let Some(name) = name.filter(|n| !n.trim().is_empty()) else {
        return Some(Message::new("import.noFile", "请先上传文件"));
    };
    if !matches!(extension(name).as_str(), "xls" | "xlsx") {
        return Some(Message::new("import.type", "请选择xls或xlsx格式的文件"));
    }
    (size >= IMPORT_MAX_BYTES).then(|| Message::new("import.size", "文件大小不能超过500KB"))
}

/// The rows submitted to an import (IMP-006, IMP-010): at least one, at most 500.
pub fn check_import_rows(count: usize) -> Option<Message> {
    if count == 0 {
        Some(Message::new("import.empty", "导入数据为空"))
    } else if count > IMPORT_MAX_ROWS {
        Some(
            Message::new("import.tooMany", format!("导入数据不能超过{IMPORT_MAX_ROWS}条"))
                .with("max", IMPORT_MAX_ROWS),
        )
    } else {
        None
    }
}

/// A flow import needs a flow (IMP-017).
pub fn check_import_flows(count: usize) -> Option<Message> {
    (count == 0).then(|| Message::new("import.noFlow", "流程不存在"))
}

/// With exactly one flow it is taken without asking (IMP-018).
pub fn auto_select_flow(count: usize) -> bool {
    count == 1
}

/// The flow user picker's confirm (IMP-020): someone must be chosen; the title defaults to
/// 审批人.
pub fn check_user_selected(selected: usize, title: Option<&str>) -> Option<Message> {
    let title = title.map(str::trim).filter(|t| !t.is_empty()).unwrap_or("审批人");
    let title: String = title.chars().take(50).collect();
    (selected == 0).then(|| Message::new("import.selectUser", format!("请选择{title}")).with("title", title))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    // FILE-010, FILE-017..019
    #[test]
    fn file_010_017_to_019_widget_limits() {
        let img = UploadLimits::from_field(
            UploadKind::Image,
            &json!({"limit": 2, "__config__": {"fileSize": 1, "sizeUnit": "KB"}}),
        );
        assert_eq!(img.check_count(2).unwrap().text, "当前限制最多可以上传2张图片");
        assert!(img.check_count(1).is_none());
        assert_eq!(img.check_file("a.pdf", Some(1)).unwrap().text, "请上传图片");
        assert_eq!(img.check_file("a.PNG", Some(1024)).unwrap().text, "图片大小超过1KB");
        assert!(img.check_file("a.png", Some(1023)).is_none());
        let file = UploadLimits::from_field(UploadKind::File, &json!({"limit": 1, "accept": "image/*,.pdf"}));
        assert_eq!(file.check_count(1).unwrap().text, "当前限制最多可以上传1个文件");
        assert!(file.check_file("a.pdf", Some(10)).is_none());
        assert_eq!(file.check_file("a.exe", Some(10)).unwrap().key, "upload.fileType");
        assert_eq!(file.check_file("a.pdf", Some(10 * 1_048_576)).unwrap().text, "文件大小超过10MB");
    }

    // PROF-009: a signature is an image under 500 KB.
    #[test]
    fn prof_009_sign_image_limits() {
        assert!(check_sign_image("sign.png", 500 * 1024 - 1).is_none());
        assert_eq!(check_sign_image("sign.png", 500 * 1024).unwrap().text, "图片大小超过500KB");
        assert_eq!(check_sign_image("sign.svg", 10).unwrap().text, "请上传图片");
    }

    // FILE-004, FILE-005
    #[test]
    fn file_004_005_size_text() {
        assert_eq!(file_size_text(0), "0 B");
        assert_eq!(file_size_text(1023), "1023 B");
        assert_eq!(file_size_text(1024), "1 KB");
        assert_eq!(file_size_text(1536), "1.5 KB");
        assert_eq!(file_size_text(10 * 1_048_576), "10 MB");
        assert_eq!(file_size_text(209_715_200), "200 MB");
        assert_eq!(file_size_text(1_048_575), "1024 KB");
        assert_eq!(file_size_text(3 * 1_073_741_824 + 536_870_912), "3.5 GB");
        assert_eq!(file_size_text(u64::MAX), "17179869184 GB");
    }

    // IMP-003..006, IMP-010
    #[test]
    fn imp_003_to_010_import_limits() {
        assert_eq!(check_import_file(None, 0).unwrap().text, "请先上传文件");
        assert_eq!(check_import_file(Some("a.csv"), 1).unwrap().key, "import.type");
        assert_eq!(check_import_file(Some("a.xlsx"), 512_000).unwrap().text, "文件大小不能超过500KB");
        assert!(check_import_file(Some("a.XLS"), 511_999).is_none());
        assert_eq!(check_import_rows(0).unwrap().text, "导入数据为空");
        assert!(check_import_rows(500).is_none());
        assert!(check_import_rows(501).is_some());
    }

    // FILE-001, FILE-012, FILE-018, FILE-019: the common upload's folders and content checks.
    #[test]
    fn file_001_012_018_019_folder_uploads() {
        assert!(check_folder_upload("annexpic", "a.png", 1).is_none());
        assert_eq!(check_folder_upload("annexpic", "a.pdf", 1).unwrap().text, "请上传图片");
        assert_eq!(check_folder_upload("userAvatar", "a.svg", 1).unwrap().text, "请上传图片");
        assert_eq!(check_folder_upload("annexpic", "a.png", 10 * 1_048_576).unwrap().text, "图片大小超过10MB");
        assert_eq!(check_folder_upload("IM", "a.png", 5 * 1_048_576).unwrap().text, "图片大小超过5MB");
        assert!(check_folder_upload("annex", "a.pdf", 1 << 40).is_none());
        assert_eq!(check_folder_upload("annex", "a.exe", 1).unwrap().text, "不支持上传.exe类型的文件");
        assert_eq!(check_folder_upload("x/../y", "a.png", 1).unwrap().text, "不支持的上传类型：x/../y");
        let mismatch = "文件内容与扩展名不符，请上传真实的文件";
        assert_eq!(check_content("a.jpg", Some("application/vnd.microsoft.portable-executable")).unwrap().text, mismatch);
        assert_eq!(check_content("a.txt", Some("application/x-executable")).unwrap().text, mismatch);
        assert_eq!(check_content("a.png", None).unwrap().text, mismatch);
        assert_eq!(check_content("a.png", Some("image/svg+xml")).unwrap().text, mismatch);
        assert!(check_content("a.jpg", Some("image/png")).is_none());
        assert!(check_content("a.pdf", Some("application/pdf")).is_none());
        assert_eq!(check_content("a.pdf", Some("text/html")).unwrap().text, mismatch);
        assert!(check_content("a.txt", None).is_none());
        assert!(check_content("a.xlsx", Some("application/zip")).is_none());
        assert_eq!(clean_file_name("../../etc/pa#ss#wd.png"), "passwd.png");
        assert_eq!(clean_file_name("C:\\x\\报告#1.pdf"), "报告1.pdf");
        assert_eq!(clean_file_name(".."), "");
        let long = format!("{}.pdf", "长".repeat(300));
        assert_eq!(clean_file_name(&long).chars().count(), 200);
        assert!(clean_file_name(&long).ends_with(".pdf"));
    }
}
