//! The default buttons of a generated list (jnpf-wire.md "Generated forms and lists"): the
//! codes an [`Action`](super::Action) may need.

pub const ADD: &str = "btn_add";
pub const EDIT: &str = "btn_edit";
pub const REMOVE: &str = "btn_remove";
pub const DETAIL: &str = "btn_detail";
/// Import (导入) on the pages that take files.
pub const UPLOAD: &str = "btn_upload";
/// Export (导出).
pub const DOWNLOAD: &str = "btn_download";
