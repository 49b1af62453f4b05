//! Wire types of exports and their downloads.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The answer of an export: where to download the file (valid for a while, no header needed).
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportUrl {
    /// `/api/file/DownloadModel?encryption=<key>`; the client puts its API base in front.
    pub url: String,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DownloadQuery {
    /// The key of an export's url.
    #[serde(default)]
    pub encryption: String,
    /// The client may append the file's name; the stored name is used.
    #[serde(default)]
    pub name: Option<String>,
}
