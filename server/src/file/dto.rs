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
    pub path_type: String,
    pub is_account: String,
    pub folder: String,
}
