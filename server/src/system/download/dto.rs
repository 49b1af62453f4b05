//! Wire types of exports and their downloads.

use crate::wire::query_params;
use serde::Serialize;
use utoipa::ToSchema;

/// The answer of an export: where to download the file (valid for a while, no header needed).
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportUrl {
    /// `/api/file/DownloadModel?encryption=<key>`; the client puts its API base in front.
    pub url: String,
}

query_params! {
    pub struct DownloadQuery {
        /// The key of an export's url.
        pub encryption: String,
        /// The client may append the file's name; the stored name is used.
        pub name: Option<String>,
    }
}
