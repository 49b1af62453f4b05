//! Wire types of user management and the user pickers (jnpf-wire-areas.md §1.1, §1.6, §1.9).

use crate::wire::query_params;
use crate::wire::patch_form;
use crate::wire::Patch;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

query_params! {
    pub struct UserQuery {
        /// '' every user; else the users of this organisation and below.
        pub organize_id: Option<String>,
        /// Matches account, name or mobile phone.
        pub keyword: Option<String>,
    }
}

/// A row of the user list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserRow {
    pub id: String,
    pub account: String,
    pub real_name: String,
    /// The sex dictionary's code (1 男, 2 女).
    pub gender: String,
    pub mobile_phone: String,
    /// The organisations' name paths, comma-separated.
    pub organize: String,
    pub creator_time: i64,
    pub sort_code: i64,
    /// 1 enabled, 2 locked (too many failed sign-ins), 0 disabled.
    pub enabled_mark: i64,
    pub is_administrator: bool,
    pub head_icon: String,
    pub description: String,
}

/// GET Users/{id}: the user form's object.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDetail {
    pub id: String,
    pub account: String,
    pub real_name: String,
    pub gender: String,
    pub email: String,
    /// The organisations' ids, comma-separated.
    pub organize_id: String,
    /// One id path per organisation.
    pub organize_id_tree: Vec<Vec<String>>,
    pub manager_id: String,
    /// Comma-separated ids.
    pub position_id: String,
    /// Comma-separated ids.
    pub role_id: String,
    /// Comma-separated ids.
    pub group_id: String,
    pub sort_code: i64,
    /// 1 enabled, 2 locked, 0 disabled.
    pub enabled_mark: i64,
    pub description: String,
    pub head_icon: String,
    pub nation: String,
    pub certificates_type: String,
    pub education: String,
    pub native_place: String,
    pub certificates_number: String,
    pub entry_date: Option<i64>,
    pub birthday: Option<i64>,
    pub tele_phone: String,
    pub landline: String,
    pub mobile_phone: String,
    pub urgent_contacts: String,
    pub urgent_tele_phone: String,
    pub postal_address: String,
    pub is_administrator: bool,
}

patch_form! {
    /// POST Users / PUT Users/{id}. An update changes only the fields it sends; the client
    /// posts the info answer back whole, so display fields it carries are ignored.
    pub struct UserForm {
        pub account: String,
        pub real_name: String,
        /// The sex dictionary's code, as text or a number.
        #[schema(value_type = Option<String>)]
        pub gender: Value,
        pub email: String,
        /// One id path per organisation; the last id of each is the organisation.
        pub organize_id_tree: Vec<Vec<String>>,
        pub manager_id: String,
        /// Comma-separated position ids.
        pub position_id: String,
        /// Comma-separated role ids.
        pub role_id: String,
        /// Comma-separated group ids.
        pub group_id: String,
        pub sort_code: i64,
        /// 1 enabled, 0 disabled (2, locked, is the sign-in throttle's: 解除锁定 lifts it).
        pub enabled_mark: i64,
        pub description: String,
        pub head_icon: String,
        pub nation: String,
        pub certificates_type: String,
        pub education: String,
        pub native_place: String,
        pub certificates_number: String,
        pub entry_date: i64,
        pub birthday: i64,
        pub tele_phone: String,
        pub landline: String,
        pub mobile_phone: String,
        pub urgent_contacts: String,
        pub urgent_tele_phone: String,
        pub postal_address: String,
    }
}

/// POST Users/{id}/Actions/ResetPassword: the new password twice, as MD5 hex of what was
/// typed; `plainPassword` (Qiming's own web) lets the server check the password policy.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordReset {
    #[serde(default)]
    pub user_password: String,
    #[serde(default)]
    pub validate_password: String,
    #[serde(default, skip_serializing)]
    pub plain_password: Option<String>,
}

/// GET Users/getWorkByUser: what a user holds that a handover passes on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserWork {
    pub role: Vec<WorkItem>,
    pub position: Vec<WorkItem>,
    pub group: Vec<WorkItem>,
    /// The users whose manager the user is.
    pub subordinate: Vec<WorkItem>,
    /// The organisations the user manages.
    pub organize: Vec<WorkItem>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkItem {
    pub id: String,
    pub full_name: String,
}

query_params! {
    pub struct WorkQuery {
        pub from_id: String,
    }
}

/// POST Users/workHandover: everything `fromId` holds passes to `handoverUser`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Handover {
    #[serde(default)]
    pub from_id: String,
    #[serde(default, alias = "toId")]
    pub handover_user: String,
}

/// A user as every user picker shows one (ORG-004): `fullName` is "name/account",
/// `organize` the path of the user's organisation.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserItem {
    pub id: String,
    pub full_name: String,
    pub real_name: String,
    pub account: String,
    pub head_icon: String,
    pub organize: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub icon: String,
}

/// A node of the lazy user tree (ImUser/Selector, GetListByAuthorize, GetUsersByRoleOrgId):
/// an organisation (company / department) that opens, or a user.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserNode {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub icon: String,
    pub head_icon: String,
    pub organize: String,
    pub has_children: bool,
    pub is_leaf: bool,
    #[schema(no_recursion)]
    pub children: Vec<UserNode>,
}

/// A chat contact (GET Users/ImUser).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImContact {
    pub id: String,
    pub real_name: String,
    pub account: String,
    pub head_icon: String,
    /// The path of the contact's organisation.
    pub department: String,
}

query_params! {
    pub struct KeywordQuery {
        pub keyword: Option<String>,
    }
}

/// `{keyword}` (POST getSubordinates).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct KeywordBody {
    #[serde(default)]
    pub keyword: Option<String>,
}

/// The body of the user tree's requests: `{keyword, currentPage, pageSize}` at the root
/// and for searches, `{}` when a node opens.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TreeRequest {
    #[serde(default)]
    pub keyword: Option<String>,
    #[serde(default, deserialize_with = "crate::wire::opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub current_page: Option<i64>,
    #[serde(default, deserialize_with = "crate::wire::opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub page_size: Option<i64>,
}

/// Paging nested in a picker's body.
// Documented as PickerPagination: the answers' Pagination (wire.rs) has the same Rust name, and
// the OpenAPI document keys schemas by name alone (api.rs refuses two under one).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PickerPagination)]
pub struct Pagination {
    #[serde(default)]
    pub keyword: Option<String>,
    #[serde(default, deserialize_with = "crate::wire::opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub current_page: Option<i64>,
    #[serde(default, deserialize_with = "crate::wire::opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub page_size: Option<i64>,
}

/// POST Users/UserCondition: the users of any of these departments, positions, roles or
/// groups, or named.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserCondition {
    #[serde(default)]
    pub pagination: Pagination,
    #[serde(default)]
    pub depart_ids: Vec<String>,
    #[serde(default)]
    pub position_ids: Vec<String>,
    #[serde(default)]
    pub user_ids: Vec<String>,
    #[serde(default)]
    pub role_ids: Vec<String>,
    #[serde(default)]
    pub group_ids: Vec<String>,
}

/// POST Users/getUserList, getSelectedList: `{userId: [...]}` (getSelectedList's ids are
/// `"{id}--{type}"`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserIds {
    #[serde(default)]
    pub user_id: Vec<String>,
}

/// PUT SysConfig/setAdminList.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminIds {
    #[serde(default)]
    pub admin_ids: Vec<String>,
}

/// POST Users/getSelectedUserList: a page of the users these mixed ids reach.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SelectedUsers {
    #[serde(default)]
    pub pagination: Pagination,
    #[serde(default)]
    pub user_id: Vec<String>,
}

/// An entry of the mixed picker's stored value, shown (getSelectedList): the id bare.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SelectedItem {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub full_name: String,
    pub head_icon: String,
    pub organize: String,
    pub icon: String,
}

query_params! {
    pub struct PositionUsersQuery {
        pub position_id: String,
    }
}

query_params! {
    pub struct RoleUsersQuery {
        pub keyword: Option<String>,
        /// '0' the top, else the organisation being opened.
        pub organize_id: Option<String>,
        pub role_id: String,
    }
}

/// What creating a user answers: the generated initial password, shown once.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedUser {
    pub id: String,
    pub initial_password: String,
}

/// `{data: [...]}` answers given as a bare array (getOrganization, getSubordinates, …).
pub type Items = Vec<UserItem>;

query_params! {
    /// GET Users/ExportExcel's own parameters (beside the list's).
    pub struct ExportQuery {
        /// 0 this page, 1 every user the list would show.
        #[serde(deserialize_with = "crate::wire::opt_i64")]
        #[param(value_type = Option<i64>)]
        pub data_type: Option<i64>,
        /// The columns wanted, csv of their keys (all when empty).
        pub select_key: String,
    }
}

/// `{url}` of a file to download.
#[derive(Debug, Serialize, ToSchema)]
pub struct FileUrl {
    pub url: String,
}

/// POST Users/Uploader: the name under which the upload is held for the preview.
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedFile {
    pub name: String,
}

query_params! {
    pub struct PreviewQuery {
        pub file_name: String,
    }
}

/// GET Users/ImportPreview: the rows of the upload, keyed like the export's columns.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportPreview {
    #[schema(value_type = Vec<Object>)]
    pub data_row: Vec<serde_json::Map<String, Value>>,
}

/// POST Users/ImportData and ExportExceptionData: `{list: [rows]}`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ImportRows {
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub list: Vec<serde_json::Map<String, Value>>,
}

/// What an import did: resultType 0 when every row was stored, else 1; the failed rows with
/// `errorsInfo`; the initial password the stored users share (shown once).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportResult {
    pub result_type: i64,
    pub snum: usize,
    pub fnum: usize,
    #[schema(value_type = Vec<Object>)]
    pub fail_result: Vec<serde_json::Map<String, Value>>,
    pub initial_password: String,
}
