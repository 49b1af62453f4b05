//! Wire types of the file area.

use bytes::Bytes;
use serde::Serialize;
use utoipa::ToSchema;

/// How the common upload is documented: multipart `file` with the image widget's fields.
#[derive(serde::Deserialize, ToSchema)]
#[allow(dead_code)]
pub struct UploaderForm {
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
    /// `defaultPath` (read and kept).
    #[serde(rename = "pathType")]
    pub path_type: Option<String>,
    /// `1`: the file is private to the uploader (never served to anyone else); `0` (default).
    #[serde(rename = "isAccount")]
    pub is_account: Option<String>,
    /// A folder name (read and kept; never part of where the file is stored).
    pub folder: Option<String>,
}

/// The answer of the common upload (FILE-001, FILE-002, FILE-021).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Uploaded {
    /// The generated name the client keeps (`fileId`, `PUT …/Avatar/{name}`).
    pub name: String,
    /// `/api/file/Image/{type}/{name}`, relative to the API base.
    pub url: String,
    /// The client's file name, cleaned (no `#`, no path parts).
    pub file_name: String,
    pub file_size: i64,
    pub file_extension: String,
    /// Always '' (files have one version).
    pub file_version_id: String,
}

/// A download link (FILE-014): opened without the Authorization header, valid 5 minutes.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = FileDownloadUrl)]
pub struct DownloadUrl {
    /// `/api/file/Download?encryption=<key>`; the client appends `&name=…` (ignored).
    pub url: String,
}

/// What the handler read of an upload's multipart body.
pub struct Incoming {
    /// The file field's name as the client sent it (None without a file field).
    pub file_name: Option<String>,
    pub bytes: Bytes,
    /// More bytes arrived than the server takes (`bytes` is cut there).
    pub too_large: bool,
    /// The text fields beside the file, by name (pathType, isAccount, folder, identifier, …).
    pub fields: std::collections::BTreeMap<String, String>,
}

impl Incoming {
    /// A text field, '' when it was not sent.
    pub fn field(&self, name: &str) -> &str {
        self.fields.get(name).map_or("", String::as_str)
    }
}

/// The chunked upload's query (simple-uploader's test and chunk requests, FILE-036, FILE-040).
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct ChunkQuery {
    /// 1-based.
    pub chunk_number: Option<u64>,
    pub chunk_size: Option<u64>,
    pub current_chunk_size: Option<u64>,
    pub total_size: Option<u64>,
    /// The MD5 of the whole file (lower-case hex).
    pub identifier: String,
    pub filename: String,
    pub relative_path: String,
    pub total_chunks: Option<u64>,
    pub file_type: String,
    pub extension: String,
}

/// The answer to a test or a chunk (FILE-039): which chunks the server holds, and whether the
/// file is complete (the client then calls merge).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChunkState {
    /// Always false: true would make the client skip the merge.
    pub uploaded: bool,
    pub chunk_numbers: Vec<u64>,
    pub merge: bool,
}

/// One file of a pack download's body (a bare JSON array of them).
#[derive(Debug, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackItem {
    /// The upload's data.name.
    #[serde(default)]
    pub file_id: String,
    /// The name the client shows (the zip uses the stored name).
    #[serde(default)]
    pub file_name: String,
}

/// The answer of a pack download (FILE-015).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackDownload {
    pub download_vo: PackLink,
    /// The zip's name (`{first file}等{n}个文件.zip`, or `{file}.zip` for one).
    pub download_name: String,
}

/// Where the zip is fetched: opened without the Authorization header, valid 5 minutes.
#[derive(Debug, Serialize, ToSchema)]
pub struct PackLink {
    /// `/api/file/Download?encryption=<key>`; the client appends `&name=…` (ignored).
    pub url: String,
    /// The zip's name again.
    pub name: String,
}

/// The preview call's query (the client's own names).
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct PreviewQuery {
    /// The upload's data.name (the entry's fileId).
    pub file_name: String,
    /// Ignored (files have one version).
    pub file_version_id: String,
    /// The entry's url (ignored: the name finds the file).
    pub file_download_url: String,
}
