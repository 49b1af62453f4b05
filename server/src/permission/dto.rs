//! The permission area's request and answer shapes (jnpf-wire.md "CurrentUser",
//! jnpf-wire-areas.md §1.1–1.2).

use crate::wire::Patch;
use qiming_core::permission::{MenuItem, PermissionEntry};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

/// GET /api/oauth/CurrentUser: everything the client needs after sign-in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrentUser {
    pub user_info: UserInfo,
    /// The current system's menu tree, filtered by the user's roles.
    pub menu_list: Vec<Menu>,
    /// One entry per visible page.
    pub permission_list: Vec<PermissionEntry>,
    /// The public system settings.
    // Plus `utcOffsetMinutes` (service::UTC_OFFSET_MINUTES): the installation's zone.
    #[schema(value_type = Object)]
    pub sys_config_info: Map<String, Value>,
}

/// CurrentUser's `userInfo`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    pub user_id: String,
    pub user_account: String,
    pub user_name: String,
    pub head_icon: String,
    pub gender: String,
    pub mobile_phone: String,
    pub email: String,
    pub sign_img: String,
    pub organize_id: String,
    pub organize_name: String,
    pub department_id: String,
    pub department_name: String,
    pub manager_id: String,
    pub position_id: String,
    pub position_name: String,
    pub position_ids: Vec<IdName>,
    /// The role ids, comma-separated.
    pub role_id: String,
    /// The role names, comma-separated.
    pub role_name: String,
    pub role_ids: Vec<String>,
    pub group_ids: Vec<String>,
    /// When this session signed in (ms).
    pub login_time: i64,
    #[serde(rename = "loginIPAddress")]
    pub login_ip_address: String,
    #[serde(rename = "loginIPAddressName")]
    pub login_ip_address_name: String,
    /// 1 when an earlier successful sign-in is reported (prevLoginTime …).
    pub prev_login: i64,
    pub prev_login_time: Option<i64>,
    #[serde(rename = "prevLoginIPAddress")]
    pub prev_login_ip_address: Option<String>,
    #[serde(rename = "prevLoginIPAddressName")]
    pub prev_login_ip_address_name: Option<String>,
    pub is_administrator: bool,
    pub portal_id: String,
    /// Null until the initial password is changed — and while the periodic change is
    /// overdue, so that a JNPF client opens its forced change dialog then too.
    pub change_password_date: Option<i64>,
    /// 1 when the periodic password change (passwordIsUpdatedRegularly, updateCycle) is
    /// overdue: every business call answers 403 密码已过期，请修改密码 until it is changed.
    pub password_overdue: i64,
    /// The days until the periodic change is due, within the reminder (updateInAdvance days
    /// before); null otherwise.
    pub password_due_in_days: Option<i64>,
    pub data_scope: Vec<String>,
    pub system_ids: Vec<SystemEntry>,
    pub theme: String,
    pub language: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct IdName {
    pub id: String,
    pub name: String,
}

/// A system (application) in `userInfo.systemIds`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SystemEntry {
    pub id: String,
    pub en_code: String,
    pub name: String,
    pub icon: String,
    pub sort_code: i64,
    /// Exactly one entry is the current system.
    pub current_system: bool,
}

/// A menu entry as CurrentUser sends it (jnpf-wire.md "CurrentUser").
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Menu {
    pub id: String,
    pub parent_id: String,
    pub full_name: String,
    pub en_code: String,
    pub icon: String,
    /// 0 directory, 1 category, 2 page, 3 form model, 4 dictionary, 5 report, 6 data
    /// visualisation, 7 external link, 8 portal.
    #[serde(rename = "type")]
    #[sqlx(rename = "type")]
    pub menu_type: i64,
    pub url_address: String,
    pub link_target: String,
    pub category: String,
    /// JSON text.
    pub property_json: String,
    pub sort_code: i64,
    pub system_id: String,
    #[sqlx(skip)]
    pub has_children: bool,
    /// Always an array (empty for a page), so every client can iterate it.
    #[sqlx(skip)]
    #[schema(no_recursion)]
    pub children: Vec<Menu>,
}

impl MenuItem for Menu {
    fn menu_id(&self) -> &str {
        &self.id
    }
    fn menu_type(&self) -> i64 {
        self.menu_type
    }
    fn take_children(&mut self) -> Vec<Self> {
        std::mem::take(&mut self.children)
    }
    fn set_children(&mut self, children: Vec<Self>) {
        self.has_children = !children.is_empty();
        self.children = children;
    }
}

/// GET /api/permission/Users/Current/BaseInfo.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BaseInfo {
    pub id: String,
    pub account: String,
    pub real_name: String,
    pub gender: String,
    pub birthday: Option<i64>,
    pub mobile_phone: String,
    pub tele_phone: String,
    pub email: String,
    pub urgent_contacts: String,
    pub urgent_tele_phone: String,
    pub postal_address: String,
    pub signature: String,
    pub nation: String,
    pub native_place: String,
    pub certificates_type: String,
    pub certificates_number: String,
    pub education: String,
    pub landline: String,
    /// Entry date (ms).
    pub entry_date: Option<i64>,
    pub head_icon: String,
    /// The avatar's URL (what the JNPF client shows; the same as headIcon, or the default).
    pub avatar: String,
    /// Display text: the manager's name.
    pub manager: String,
    /// The previous successful sign-in before this session (ms), if any.
    pub prev_log_time: Option<i64>,
    /// Display text: the user's organisation.
    pub organize: String,
    /// Display text: the user's positions.
    pub position: String,
    /// Display text: the role names, comma-separated.
    pub role_id: String,
    pub is_administrator: bool,
    pub creator_time: i64,
    pub change_password_date: Option<i64>,
}

/// PUT /api/permission/Users/Current/BaseInfo. A field left out stays as it is; `null`
/// clears it. Fields the form does not edit (account, organize, …) are ignored, so the
/// client may send the GET answer back whole. Limits and rules: `qiming_core::profile`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BaseInfoChange {
    #[serde(default)]
    pub real_name: Patch<String>,
    /// The gender dictionary's code, as a number or a string.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub gender: Patch<Value>,
    /// Birthday (ms).
    #[serde(default)]
    pub birthday: Patch<i64>,
    #[serde(default)]
    pub mobile_phone: Patch<String>,
    #[serde(default)]
    pub tele_phone: Patch<String>,
    #[serde(default)]
    pub email: Patch<String>,
    #[serde(default)]
    pub urgent_contacts: Patch<String>,
    #[serde(default)]
    pub urgent_tele_phone: Patch<String>,
    #[serde(default)]
    pub postal_address: Patch<String>,
    #[serde(default)]
    pub signature: Patch<String>,
    #[serde(default)]
    pub nation: Patch<String>,
    #[serde(default)]
    pub native_place: Patch<String>,
    #[serde(default)]
    pub certificates_type: Patch<String>,
    #[serde(default)]
    pub certificates_number: Patch<String>,
    #[serde(default)]
    pub education: Patch<String>,
    #[serde(default)]
    pub landline: Patch<String>,
}

/// PUT …/Current/SystemTheme.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ThemeChange {
    /// classic, functional, plain or blend.
    pub theme: String,
}

/// PUT …/Current/SystemLanguage.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LanguageChange {
    /// zh-CN, zh-TW or en.
    pub language: String,
}

/// PUT …/Current/major.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MajorChange {
    pub major_id: String,
    /// "System" (organisations and positions come with their issue).
    pub major_type: String,
}


/// One of the caller's signatures (GET …/Current/SignImg, PROF-009).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignImg {
    pub id: String,
    /// A data-URL (`data:image/png;base64,…`), used as `<img src>` as it is.
    pub sign_img: String,
    /// 1 for the default signature (at most one), else 0.
    pub is_default: i64,
}

/// POST …/Current/SignImg.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignImgNew {
    /// `data:image/png;base64,…` (png, jpeg, gif, bmp or webp; the content must be that image),
    /// under 500 KB decoded.
    pub sign_img: String,
    /// 1 (or true): the new signature becomes the default. The first signature always does.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub is_default: Option<Value>,
}

/// An organisation or position of the caller (GET …/Current/getUserOrganizes and
/// getUserPositions, PROF-007).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Membership {
    pub id: String,
    /// An organisation's name path (公司/部门), a position's name.
    pub full_name: String,
    /// The current one (the user's organisation or position).
    pub is_default: bool,
}

/// A node of GET Users/Current/Subordinate/{id} (我的下属, a lazy tree).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubordinateNode {
    pub id: String,
    /// 姓名/账号.
    pub user_name: String,
    pub avatar: String,
    /// The organisation's name path.
    pub department: String,
    /// The positions' names, comma-separated.
    pub position: String,
    /// True when this user manages nobody.
    pub is_leaf: bool,
}

/// A node of GET Users/Current/Authorize: a menu, or a page's button, column, form field or
/// resource.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorizeNode {
    pub id: String,
    pub full_name: String,
    pub icon: String,
    #[schema(no_recursion)]
    pub children: Vec<AuthorizeNode>,
}

/// GET Users/Current/Authorize (系统权限): one tree per permission kind.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct CurrentAuthorize {
    pub module: Vec<AuthorizeNode>,
    pub button: Vec<AuthorizeNode>,
    pub column: Vec<AuthorizeNode>,
    pub form: Vec<AuthorizeNode>,
    pub resource: Vec<AuthorizeNode>,
}
