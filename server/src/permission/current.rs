//! The signed-in user's own things: CurrentUser (jnpf-wire.md "CurrentUser") and
//! /api/permission/Users/Current/* (PROF-003..006): base info, password, theme, language and
//! the login log.

use crate::AppState;
use crate::auth::captcha;
use crate::auth::session::{self, Revoked, Unlocked};
use crate::error::{AppError, FieldErrors};
use crate::permission::menu::{self, Grantee};
use crate::permission::user::{self, BaseInfoChange, Preference};
use crate::system::{config, log};
use crate::wire::{ApiResult, Json, PageQuery, Query, done, ok, opt_i64};
use axum::extract::State;
use qiming_core::rules::NamedRule;
use serde::Deserialize;
use serde_json::{Value, json};

/// Everything the client needs after sign-in: userInfo, menuList, permissionList,
/// sysConfigInfo.
pub async fn current_user(state: &AppState, caller: &Unlocked) -> Result<Value, AppError> {
    let mut conn = state.db.acquire().await?;
    let u = user::by_id(&mut conn, &caller.user_id)
        .await?
        .ok_or_else(|| AppError::session(crate::error::SESSION_MISSING, "用户不存在，请重新登录"))?;
    let systems = menu::systems(&mut conn).await?;
    let current = u
        .system_id
        .as_deref()
        .and_then(|id| systems.iter().find(|s| s.id == id))
        .or(systems.first());
    let grantee = if caller.is_admin() { Grantee::Administrator } else { Grantee::User(&u.id) };
    let (menus, permissions) = match current {
        Some(s) => menu::menus_and_permissions(&mut conn, &s.id, grantee).await?,
        None => (Vec::new(), Vec::new()),
    };
    let roles = user::roles(&mut conn, &u.id).await?;
    let settings = config::load(&mut conn).await?;
    let prev = match settings.int("lastLoginTimeSwitch", 1) {
        1 => log::previous_login(&mut conn, &u.id, caller.created_at).await?,
        _ => None,
    };
    let system_ids: Vec<Value> = systems
        .iter()
        .map(|s| {
            json!({"id": s.id, "enCode": s.en_code, "name": s.full_name, "icon": s.icon,
                   "sortCode": s.sort_code, "currentSystem": Some(&s.id) == current.map(|c| &c.id)})
        })
        .collect();
    let user_info = json!({
        "userId": u.id,
        "userAccount": u.account,
        "userName": u.real_name,
        "headIcon": u.head_icon,
        "gender": u.gender,
        "mobilePhone": u.mobile_phone,
        "email": u.email,
        "signImg": "",
        "organizeId": "", "organizeName": "",
        "departmentId": "", "departmentName": "",
        "managerId": "",
        "positionId": "", "positionName": "", "positionIds": [],
        "roleId": roles.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>().join(","),
        "roleName": roles.iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>().join(","),
        "roleIds": roles.iter().map(|(id, _)| id).collect::<Vec<_>>(),
        "groupIds": [],
        "loginTime": caller.created_at,
        "loginIPAddress": caller.ip_address,
        "loginIPAddressName": caller.ip_address_name,
        "prevLogin": prev.is_some() as i64,
        "prevLoginTime": prev.as_ref().map(|p| p.creator_time),
        "prevLoginIPAddress": prev.as_ref().map(|p| p.ip_address.as_str()),
        "prevLoginIPAddressName": prev.as_ref().map(|p| p.ip_address_name.as_str()),
        "isAdministrator": caller.is_admin(),
        "portalId": u.portal_id,
        "changePasswordDate": u.change_password_date,
        "dataScope": [],
        "systemIds": system_ids,
        "theme": u.theme,
        "language": u.language,
    });
    Ok(json!({
        "userInfo": user_info,
        "menuList": menus,
        "permissionList": permissions,
        "sysConfigInfo": settings.public(),
    }))
}

/// GET /api/permission/Users/Current/BaseInfo (PROF-003).
pub async fn base_info(State(state): State<AppState>, caller: Unlocked) -> ApiResult<Value> {
    let mut conn = state.db.acquire().await?;
    let u = user::by_id(&mut conn, &caller.user_id).await?.ok_or_else(|| AppError::not_found("用户不存在"))?;
    let roles = user::roles(&mut conn, &u.id).await?;
    ok(json!({
        "id": u.id,
        "account": u.account,
        "realName": u.real_name,
        "gender": u.gender,
        "birthday": u.birthday,
        "mobilePhone": u.mobile_phone,
        "telePhone": u.tele_phone,
        "email": u.email,
        "urgentContacts": u.urgent_contacts,
        "urgentTelePhone": u.urgent_tele_phone,
        "postalAddress": u.postal_address,
        "signature": u.signature,
        "nation": u.nation,
        "nativePlace": u.native_place,
        "certificatesType": u.certificates_type,
        "certificatesNumber": u.certificates_number,
        "education": u.education,
        "headIcon": u.head_icon,
        "organize": "",
        "position": "",
        "roleId": roles.iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>().join(","),
        "isAdministrator": caller.is_admin(),
        "creatorTime": u.creator_time,
        "changePasswordDate": u.change_password_date,
    }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BaseInfoForm {
    real_name: String,
    #[serde(default)]
    gender: Option<Value>,
    #[serde(default)]
    birthday: Option<i64>,
    #[serde(default)]
    mobile_phone: Option<String>,
    #[serde(default)]
    tele_phone: Option<String>,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    urgent_contacts: Option<String>,
    #[serde(default)]
    urgent_tele_phone: Option<String>,
    #[serde(default)]
    postal_address: Option<String>,
    #[serde(default)]
    signature: Option<String>,
    #[serde(default)]
    nation: Option<String>,
    #[serde(default)]
    native_place: Option<String>,
    #[serde(default)]
    certificates_type: Option<String>,
    #[serde(default)]
    certificates_number: Option<String>,
    #[serde(default)]
    education: Option<String>,
}

/// PUT /api/permission/Users/Current/BaseInfo (PROF-003): checks every field, then saves.
pub async fn update_base_info(State(state): State<AppState>, caller: Unlocked, Json(f): Json<BaseInfoForm>) -> ApiResult<()> {
    let mut errors = FieldErrors::new();
    let mut text = |field: &str, value: Option<String>, max: usize| -> String {
        let v = value.unwrap_or_default().trim().to_string();
        if v.chars().count() > max {
            errors.entry(field.into()).or_default().push(format!("最多{max}个字符"));
        }
        v
    };
    let change = BaseInfoChange {
        real_name: text("realName", Some(f.real_name), 50),
        // The gender dictionary's code arrives as a number or a string.
        gender: text("gender", f.gender.map(|g| match g {
            Value::String(s) => s,
            Value::Null => String::new(),
            other => other.to_string(),
        }), 20),
        birthday: f.birthday,
        mobile_phone: text("mobilePhone", f.mobile_phone, 20),
        tele_phone: text("telePhone", f.tele_phone, 20),
        email: text("email", f.email, 100),
        urgent_contacts: text("urgentContacts", f.urgent_contacts, 50),
        urgent_tele_phone: text("urgentTelePhone", f.urgent_tele_phone, 20),
        postal_address: text("postalAddress", f.postal_address, 200),
        signature: text("signature", f.signature, 500),
        nation: text("nation", f.nation, 50),
        native_place: text("nativePlace", f.native_place, 50),
        certificates_type: text("certificatesType", f.certificates_type, 50),
        certificates_number: text("certificatesNumber", f.certificates_number, 50),
        education: text("education", f.education, 50),
    };
    if change.real_name.is_empty() {
        errors.entry("realName".into()).or_default().push("请输入姓名".into());
    }
    // The same named rules the profile form runs through WASM (BaseInfo.tsx), enforced here.
    for (field, value, rule) in [("mobilePhone", &change.mobile_phone, NamedRule::Phone), ("email", &change.email, NamedRule::Email)] {
        if let Some(problem) = (!value.is_empty()).then(|| rule.check(value)).flatten() {
            errors.entry(field.into()).or_default().push(problem.text);
        }
    }
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    let mut conn = state.db.acquire().await?;
    user::update_base_info(&mut conn, &caller.user_id, &change).await?;
    done("保存成功")
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChange {
    /// MD5 hex of the current password.
    old_password: String,
    /// MD5 hex of the new password.
    password: String,
    /// The new password as typed, so the server can check the policy itself.
    #[serde(default)]
    plain_password: Option<String>,
    #[serde(default)]
    code: String,
    /// The captcha key.
    #[serde(default)]
    timestamp: String,
}

/// POST /api/permission/Users/Current/Actions/ModifyPassword (AUTH-025..037, PROF-004).
/// The captcha must match; the policy is enforced by core on the plain new password; on
/// success every session of the user ends and the client signs in again.
pub async fn modify_password(State(state): State<AppState>, caller: Unlocked, Json(req): Json<PasswordChange>) -> ApiResult<()> {
    let mut conn = state.db.acquire().await?;
    captcha::verify(&mut conn, &req.timestamp, &req.code).await?;
    let old = req.old_password.trim().to_ascii_lowercase();
    let new = req.password.trim().to_ascii_lowercase();
    if old.is_empty() {
        return Err(AppError::field("oldPassword", "请输入旧密码"));
    }
    if new.is_empty() {
        return Err(AppError::field("password", "请输入新密码"));
    }
    if !qiming_core::md5::is_md5_hex(&old) || !qiming_core::md5::is_md5_hex(&new) {
        return Err(AppError::bad("密码格式错误"));
    }
    let policy = config::load(&mut conn).await?.password_policy();
    match req.plain_password.as_deref() {
        Some(plain) => {
            if qiming_core::md5_hex(plain.as_bytes()) != new {
                return Err(AppError::field("plainPassword", "新密码与其校验值不一致"));
            }
            let broken = qiming_core::password::check_password(&policy, plain);
            if !broken.is_empty() {
                let msgs = broken.into_iter().map(|m| m.text).collect();
                return Err(AppError::fields(FieldErrors::from([("password".to_string(), msgs)])));
            }
        }
        None if policy.password_strength_limit == 1 => {
            return Err(AppError::field("plainPassword", "无法校验新密码的强度，请使用启明客户端修改密码"));
        }
        None => {}
    }
    if old == new {
        return Err(AppError::field("password", "新密码不能与旧密码相同"));
    }
    let u = user::by_id(&mut conn, &caller.user_id).await?.ok_or_else(|| AppError::not_found("用户不存在"))?;
    // No pool connection is held while argon2 runs.
    drop(conn);
    if !state.hasher.verify(&old, &u.password_hash).await? {
        return Err(AppError::field("oldPassword", "旧密码错误，请重新输入"));
    }
    let hash = state.hasher.hash(&new).await?;
    let mut tx = state.db.begin().await?;
    user::set_password(&mut tx, &u.id, &hash).await?;
    session::revoke_user(&mut tx, &u.id, Revoked::PasswordChanged).await?;
    tx.commit().await?;
    done("修改成功，请重新登录")
}

#[derive(Debug, Deserialize)]
pub struct ThemeChange {
    theme: String,
}

/// PUT /api/permission/Users/Current/SystemTheme (PROF-005).
pub async fn set_theme(State(state): State<AppState>, caller: Unlocked, Json(req): Json<ThemeChange>) -> ApiResult<()> {
    if !["classic", "functional", "plain", "blend"].contains(&req.theme.as_str()) {
        return Err(AppError::field("theme", "布局只能是classic、functional、plain或blend"));
    }
    let mut conn = state.db.acquire().await?;
    user::set_preference(&mut conn, &caller.user_id, Preference::Theme, &req.theme).await?;
    done("设置成功")
}

#[derive(Debug, Deserialize)]
pub struct LanguageChange {
    language: String,
}

/// PUT /api/permission/Users/Current/SystemLanguage (PROF-005).
pub async fn set_language(State(state): State<AppState>, caller: Unlocked, Json(req): Json<LanguageChange>) -> ApiResult<()> {
    if !["zh-CN", "zh-TW", "en"].contains(&req.language.as_str()) {
        return Err(AppError::field("language", "语言只能是zh-CN、zh-TW或en"));
    }
    let mut conn = state.db.acquire().await?;
    user::set_preference(&mut conn, &caller.user_id, Preference::Language, &req.language).await?;
    done("设置成功")
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LogQuery {
    #[serde(default, deserialize_with = "opt_i64")]
    start_time: Option<i64>,
    #[serde(default, deserialize_with = "opt_i64")]
    end_time: Option<i64>,
    /// 1 is the login log, the only one kept so far.
    #[serde(default, deserialize_with = "opt_i64")]
    category: Option<i64>,
    #[serde(default)]
    keyword: Option<String>,
}

/// GET /api/permission/Users/Current/SystemLog (PROF-006): the user's login log, paged,
/// newest first.
pub async fn system_log(
    State(state): State<AppState>,
    caller: Unlocked,
    Query(page): Query<PageQuery>,
    Query(q): Query<LogQuery>,
) -> ApiResult<Value> {
    let page = page.page()?;
    if q.category.unwrap_or(log::LOGIN) != log::LOGIN {
        return ok(page.answer(Vec::<Value>::new(), 0));
    }
    let mut conn = state.db.acquire().await?;
    let filter = log::LoginFilter { start: q.start_time, end: q.end_time, keyword: q.keyword.as_deref() };
    let (list, total) = log::logins(&mut conn, &caller.user_id, page, &filter).await?;
    ok(page.answer(list, total))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MajorChange {
    major_id: String,
    major_type: String,
}

/// PUT /api/permission/Users/Current/major (PROF-008): switches the user's current system
/// (`majorType` "System"); organisations and positions come with their issue.
pub async fn set_major(State(state): State<AppState>, caller: Unlocked, Json(req): Json<MajorChange>) -> ApiResult<()> {
    if req.major_type != "System" {
        return Err(AppError::field("majorType", format!("暂不支持切换{}", req.major_type)));
    }
    let mut conn = state.db.acquire().await?;
    if !menu::systems(&mut conn).await?.iter().any(|s| s.id == req.major_id) {
        return Err(AppError::field("majorId", "系统不存在或已禁用"));
    }
    user::set_system(&mut conn, &caller.user_id, &req.major_id).await?;
    done("切换成功")
}
