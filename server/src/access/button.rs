//! The buttons' codes an [`Action`](super::Action) may need (JNPF's `btn_*`).

pub const ADD: &str = "btn_add";
pub const EDIT: &str = "btn_edit";
pub const REMOVE: &str = "btn_remove";
pub const DETAIL: &str = "btn_detail";
/// Import (导入) on the pages that take files.
pub const UPLOAD: &str = "btn_upload";
/// Export (导出).
pub const DOWNLOAD: &str = "btn_download";
