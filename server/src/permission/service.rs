//! The permission area's rules: what a signed-in user gets (menus, permissions, their own
//! profile and preferences) and what may be done to users.

use super::dto::{BaseInfo, BaseInfoChange, CurrentUser, IdName, Membership, Menu, SignImg, SignImgNew, SystemEntry, UserInfo};
use super::repo::sign_img as signs;
use super::repo::menu as menus;
use super::user::repo::{self as users, Credentials, User};
use crate::state::AppState;
use crate::access::{self, DataScope, Member, Session, Unlocked};
use crate::db::{Arg, Conn, Keyword};
use crate::error::{AppError, SESSION_MISSING};
use crate::system::dto::{LogQuery, LoginLogEntry};
use crate::system::service::{self as system, LoginFilter};
use crate::wire::{Envelope, Page, PageOf};
use axum::body::Bytes;
use qiming_core::password::PasswordAge;
use qiming_core::permission::{PermissionEntry, PermissionItem, filter_menu_tree, is_container_type};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

const MSG_NO_USER: &str = "用户不存在";

/// Who is asking for a menu: the administrator sees everything, others what their enabled
/// roles are authorised for.
#[derive(Debug, Clone, Copy)]
pub(super) enum Grantee<'a> {
    Administrator,
    User(&'a str),
}

/// The key of CurrentUser's `sysConfigInfo` carrying the installation's offset from UTC in
/// minutes.
pub const UTC_OFFSET_MINUTES: &str = "utcOffsetMinutes";

/// CurrentUser's whole answer (the envelope's JSON), from the cache while nothing it is built
/// from has changed since it was built for this session (every page load asks for it).
pub async fn current_user_answer(state: &AppState, caller: &Unlocked) -> Result<Bytes, AppError> {
    // The password's age moves with time, not with the generation: it is part of the key.
    let key = format!("{}/{:?}", caller.token_hash, caller.password_age);
    if let Some(cached) = state.permission.current_users.get(&key, caller.generation) {
        return Ok(cached);
    }
    let answer = current_user(state, caller).await?;
    let envelope = Envelope { code: 200, msg: "Success", data: answer };
    let bytes = Bytes::from(serde_json::to_vec(&envelope).map_err(anyhow::Error::from)?);
    state.permission.current_users.put(&key, caller.generation, bytes.clone());
    Ok(bytes)
}

/// CurrentUser (AUTH-008, AUTH-009): user info, the current system's menu tree and
/// permission list as the user's roles grant them, and the public settings.
async fn current_user(state: &AppState, caller: &Unlocked) -> Result<CurrentUser, AppError> {
    let mut conn = state.db.acquire().await?;
    let own = DataScope::own(caller);
    let u = users::by_id(&mut conn, &own, &caller.user_id)
        .await?
        .ok_or_else(|| AppError::session(SESSION_MISSING, "用户不存在，请重新登录"))?;
    let systems = menus::systems(&mut conn).await?;
    let current = current_of(&systems, u.system_id.as_deref());
    let grantee = if caller.is_administrator { Grantee::Administrator } else { Grantee::User(&u.id) };
    let (menu_list, permission_list) = match current {
        Some(s) => menus_and_permissions(state, &mut conn, &s.id, grantee).await?,
        None => (Vec::new(), Vec::new()),
    };
    let roles = users::roles(&mut conn, &own, &u.id).await?;
    // The user's current organisation and position (the ones 个人信息 marks as default), else
    // the first held; every held position in positionIds.
    let held_organisations = users::organisations(&mut conn, std::slice::from_ref(&u.id)).await?;
    let current_organisation = users::current_organisation(&mut conn, &u.id).await?;
    let organisation = held_organisations.iter().find(|o| o.organize_id == current_organisation).or(held_organisations.first());
    let positions = users::held(&mut conn, &u.id, "Position").await?;
    let current_position = users::current_position(&mut conn, &u.id).await?;
    let position = positions.iter().find(|(id, _)| *id == current_position).or(positions.first());
    let settings = system::settings(&mut conn).await?;
    let prev = match settings.int("lastLoginTimeSwitch", 1) {
        1 => system::previous_login(&mut conn, &own, caller.created_at).await?,
        _ => None,
    };
    let system_ids = systems
        .iter()
        .map(|s| SystemEntry {
            id: s.id.clone(),
            en_code: s.en_code.clone(),
            name: s.full_name.clone(),
            icon: s.icon.clone(),
            sort_code: s.sort_code,
            current_system: Some(&s.id) == current.map(|c| &c.id),
        })
        .collect();
    let user_info = UserInfo {
        user_id: u.id.clone(),
        user_account: u.account.clone(),
        user_name: u.real_name.clone(),
        head_icon: avatar(&u.head_icon),
        gender: u.gender.clone(),
        mobile_phone: u.mobile_phone.clone(),
        email: u.email.clone(),
        sign_img: signs::default_of(&mut conn, &u.id).await?.unwrap_or_default(),
        organize_id: organisation.map(|o| o.organize_id.clone()).unwrap_or_default(),
        organize_name: organisation.map(|o| o.name_tree.clone()).unwrap_or_default(),
        department_id: String::new(),
        department_name: String::new(),
        manager_id: u.manager_id.clone(),
        position_id: position.map(|(id, _)| id.clone()).unwrap_or_default(),
        position_name: position.map(|(_, name)| name.clone()).unwrap_or_default(),
        position_ids: positions.iter().map(|(id, name)| IdName { id: id.clone(), name: name.clone() }).collect(),
        role_id: join(roles.iter().map(|(id, _)| id.as_str())),
        role_name: join(roles.iter().map(|(_, name)| name.as_str())),
        role_ids: roles.iter().map(|(id, _)| id.clone()).collect(),
        group_ids: Vec::new(),
        login_time: caller.created_at,
        login_ip_address: caller.ip_address.clone(),
        login_ip_address_name: caller.ip_address_name.clone(),
        prev_login: prev.is_some() as i64,
        prev_login_time: prev.as_ref().map(|p| p.creator_time),
        prev_login_ip_address: prev.as_ref().map(|p| p.ip_address.clone()),
        prev_login_ip_address_name: prev.as_ref().map(|p| p.ip_address_name.clone()),
        is_administrator: caller.is_administrator,
        portal_id: u.portal_id.clone(),
        change_password_date: u.change_password_date.filter(|_| caller.password_age != PasswordAge::Overdue),
        password_overdue: (caller.password_age == PasswordAge::Overdue) as i64,
        password_due_in_days: match caller.password_age {
            PasswordAge::DueIn(days) => Some(days),
            _ => None,
        },
        data_scope: Vec::new(),
        system_ids,
        theme: u.theme.clone(),
        language: u.language.clone(),
    };
    let mut sys_config_info = settings.public();
    // The installation's zone (QIMING_UTC_OFFSET_MINUTES): what "today" and a wall-clock time
    // mean in the web as in the server (issue 25). Not a setting: the JNPF client ignores it.
    sys_config_info.insert(UTC_OFFSET_MINUTES.into(), state.config.utc_offset_minutes.into());
    Ok(CurrentUser { user_info, menu_list, permission_list, sys_config_info })
}

/// The user's current system: the one they chose, else the first.
pub(super) fn current_of<'a>(systems: &'a [menus::AppSystem], chosen: Option<&str>) -> Option<&'a menus::AppSystem> {
    chosen.and_then(|id| systems.iter().find(|s| s.id == id)).or(systems.first())
}

/// The caller's current system's id (None when there is no system).
pub(super) async fn current_system(conn: &mut Conn, caller: &Member) -> Result<Option<String>, AppError> {
    let u = users::by_id(conn, &DataScope::own(caller), &caller.user_id).await?.ok_or_else(|| AppError::session(SESSION_MISSING, "用户不存在，请重新登录"))?;
    let systems = menus::systems(conn).await?;
    Ok(current_of(&systems, u.system_id.as_deref()).map(|s| s.id.clone()))
}

fn join<'a>(parts: impl Iterator<Item = &'a str>) -> String {
    parts.collect::<Vec<_>>().join(",")
}

/// The menus and page items of `system_id`, from the cache while no menu, item or system has
/// changed in any process sharing the database.
async fn menu_snapshot(state: &AppState, conn: &mut Conn, system_id: &str) -> Result<Arc<menus::Snapshot>, AppError> {
    let generation = crate::db::menu_generation(conn).await?;
    if let Some(cached) = state.permission.menu_snapshots.get(system_id, generation) {
        return Ok(cached);
    }
    let snapshot = Arc::new(menus::snapshot(conn, system_id).await?);
    state.permission.menu_snapshots.put(system_id, generation, snapshot.clone());
    Ok(snapshot)
}

/// The menu tree of `system_id` that `who` may see, and the permission list of its pages
/// (PERM-001, PERM-005). Empty directories disappear (core's filter).
pub(super) async fn menus_and_permissions(state: &AppState, conn: &mut Conn, system_id: &str, who: Grantee<'_>) -> Result<(Vec<Menu>, Vec<PermissionEntry>), AppError> {
    let snapshot = menu_snapshot(state, conn, system_id).await?;
    let rows = snapshot.menus.clone();
    let granted = match who {
        Grantee::Administrator => None,
        Grantee::User(user_id) => Some(access::granted(conn, user_id).await?),
    };
    let allowed_menus: BTreeSet<String> = match &granted {
        None => rows.iter().map(|m| m.id.clone()).collect(),
        Some(g) => g.iter().filter(|(t, _)| t == "module").map(|(_, id)| id.clone()).collect(),
    };
    let pages: BTreeMap<String, String> =
        rows.iter().filter(|m| !is_container_type(m.menu_type)).map(|m| (m.id.clone(), m.full_name.clone())).collect();
    let tree = filter_menu_tree(build_tree(rows), &allowed_menus);

    let mut visible_pages = Vec::new();
    collect_pages(&tree, &mut visible_pages);
    let mut entries: BTreeMap<&str, PermissionEntry> = visible_pages
        .iter()
        .map(|id| {
            let entry = PermissionEntry {
                model_id: id.to_string(),
                module_name: pages.get(*id).cloned().unwrap_or_default(),
                ..Default::default()
            };
            (*id, entry)
        })
        .collect();
    for item in &snapshot.items {
        let allowed = granted.as_ref().is_none_or(|g| g.contains(&(item.kind.clone(), item.id.clone())));
        let Some(entry) = entries.get_mut(item.module_id.as_str()).filter(|_| allowed) else { continue };
        let list = match item.kind.as_str() {
            "button" => &mut entry.button,
            "column" => &mut entry.column,
            "form" => &mut entry.form,
            _ => &mut entry.resource,
        };
        list.push(PermissionItem { id: item.id.clone(), full_name: item.full_name.clone(), en_code: item.en_code.clone() });
    }
    let permissions = visible_pages.iter().filter_map(|id| entries.remove(*id)).collect();
    Ok((tree, permissions))
}

/// Rows ordered by sort code → a forest (root parent '-1'; an entry whose parent is
/// missing or disabled is dropped with it).
fn build_tree(rows: Vec<Menu>) -> Vec<Menu> {
    use qiming_core::permission::MenuItem;
    let mut by_parent: BTreeMap<String, Vec<Menu>> = BTreeMap::new();
    for m in rows {
        by_parent.entry(m.parent_id.clone()).or_default().push(m);
    }
    fn attach(parent: &str, by_parent: &mut BTreeMap<String, Vec<Menu>>) -> Vec<Menu> {
        let mut level = by_parent.remove(parent).unwrap_or_default();
        for m in &mut level {
            let children = attach(&m.id.clone(), by_parent);
            m.set_children(children);
        }
        level
    }
    attach("-1", &mut by_parent)
}

fn collect_pages<'a>(tree: &'a [Menu], out: &mut Vec<&'a str>) {
    for m in tree {
        if !is_container_type(m.menu_type) {
            out.push(&m.id);
        }
        collect_pages(&m.children, out);
    }
}

/// The caller's own user row.
async fn own_row(conn: &mut Conn, caller: &Session) -> Result<User, AppError> {
    users::by_id(conn, &DataScope::own(caller), &caller.user_id).await?.ok_or_else(|| AppError::not_found(MSG_NO_USER))
}

/// The avatar to show: the user's own, or the built-in default.
fn avatar(head_icon: &str) -> String {
    if head_icon.is_empty() { system::DEFAULT_AVATAR.to_string() } else { head_icon.to_string() }
}

/// BaseInfo (PROF-003).
pub async fn base_info(state: &AppState, caller: &Member) -> Result<BaseInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    let own = DataScope::own(caller);
    let u = own_row(&mut conn, caller).await?;
    let roles = users::roles(&mut conn, &own, &u.id).await?;
    let manager = users::manager_name(&mut conn, &own, &u.id).await?.unwrap_or_default();
    let previous = system::previous_login(&mut conn, &own, caller.created_at).await?;
    // The caller's own memberships, shown as text: organisations by their name path.
    let organisations = users::organisations(&mut conn, std::slice::from_ref(&u.id)).await?;
    let positions = users::held(&mut conn, &u.id, "Position").await?;
    Ok(BaseInfo {
        organize: join(organisations.iter().map(|o| o.name_tree.as_str())),
        position: join(positions.iter().map(|(_, n)| n.as_str())),
        avatar: avatar(&u.head_icon),
        manager,
        prev_log_time: previous.map(|p| p.creator_time),
        landline: u.landline,
        entry_date: u.entry_date,
        id: u.id,
        account: u.account,
        real_name: u.real_name,
        gender: u.gender,
        birthday: u.birthday,
        mobile_phone: u.mobile_phone,
        tele_phone: u.tele_phone,
        email: u.email,
        urgent_contacts: u.urgent_contacts,
        urgent_tele_phone: u.urgent_tele_phone,
        postal_address: u.postal_address,
        signature: u.signature,
        nation: u.nation,
        native_place: u.native_place,
        certificates_type: u.certificates_type,
        certificates_number: u.certificates_number,
        education: u.education,
        head_icon: u.head_icon,
        role_id: join(roles.iter().map(|(_, n)| n.as_str())),
        is_administrator: caller.is_administrator,
        creator_time: u.creator_time,
        change_password_date: u.change_password_date,
    })
}

/// Saves the profile fields that were sent (PATCH meaning): each checked by core's profile
/// rules, the same the form runs through WASM.
pub async fn update_base_info(state: &AppState, caller: &Member, change: BaseInfoChange) -> Result<(), AppError> {
    let BaseInfoChange {
        real_name,
        gender,
        birthday,
        mobile_phone,
        tele_phone,
        email,
        urgent_contacts,
        urgent_tele_phone,
        postal_address,
        signature,
        nation,
        native_place,
        certificates_type,
        certificates_number,
        education,
        landline,
    } = change;
    // The gender dictionary's code arrives as a number or a string.
    let gender = super::forms::code_text(gender);
    let texts = [
        ("realName", "real_name", real_name),
        ("gender", "gender", gender),
        ("mobilePhone", "mobile_phone", mobile_phone),
        ("telePhone", "tele_phone", tele_phone),
        ("email", "email", email),
        ("urgentContacts", "urgent_contacts", urgent_contacts),
        ("urgentTelePhone", "urgent_tele_phone", urgent_tele_phone),
        ("postalAddress", "postal_address", postal_address),
        ("signature", "signature", signature),
        ("nation", "nation", nation),
        ("nativePlace", "native_place", native_place),
        ("certificatesType", "certificates_type", certificates_type),
        ("certificatesNumber", "certificates_number", certificates_number),
        ("education", "education", education),
        ("landline", "landline", landline),
    ];
    let mut sent = Map::new();
    let mut columns: Vec<(&'static str, Arg)> = Vec::new();
    for (field, column, value) in texts {
        if let Some(value) = value.sent() {
            let value = value.map(|v| v.trim().to_string()).unwrap_or_default();
            sent.insert(field.to_string(), Value::String(value.clone()));
            columns.push((column, value.into()));
        }
    }
    let problems = qiming_core::profile::check_base_info(&sent);
    if !problems.is_empty() {
        return Err(AppError::fields(problems.into_iter().map(|(f, m)| (f, m.into_iter().map(|m| m.text).collect())).collect()));
    }
    if let Some(birthday) = birthday.sent() {
        columns.push(("birthday", birthday.into()));
    }
    if columns.is_empty() {
        return Ok(());
    }
    let mut conn = state.db.acquire().await?;
    users::update(&mut conn, &caller.user_id, columns, state.clock.now_ms()).await?;
    Ok(())
}

/// PROF-005: the layout, returned by the next sign-in.
pub async fn set_theme(state: &AppState, caller: &Member, theme: &str) -> Result<(), AppError> {
    if !["classic", "functional", "plain", "blend"].contains(&theme) {
        return Err(AppError::field("theme", "布局只能是classic、functional、plain或blend"));
    }
    let mut conn = state.db.acquire().await?;
    users::update(&mut conn, &caller.user_id, vec![("theme", theme.into())], state.clock.now_ms()).await?;
    Ok(())
}

/// The user's default portal (portals' SetDefault, issue 31): CurrentUser answers it as
/// `userInfo.portalId` from the next call on. In the caller's transaction.
pub async fn set_default_portal(conn: &mut Conn, user_id: &str, portal_id: &str, now: i64) -> Result<(), AppError> {
    users::update(conn, user_id, vec![("portal_id", portal_id.into())], now).await?;
    Ok(())
}

/// A deleted portal is nobody's default any more (their home page is the built-in one again).
pub async fn forget_default_portal(conn: &mut Conn, portal_id: &str, now: i64) -> Result<(), AppError> {
    users::forget_portal(conn, portal_id, now).await
}

/// PROF-002: the avatar, one of the caller's own uploads to `userAvatar`. The user now holds
/// that file (it is no orphan) and no longer the one before.
pub async fn set_avatar(state: &AppState, caller: &Member, name: &str) -> Result<(), AppError> {
    let url = crate::file::service::own_image_url(state, caller, "userAvatar", name).await?;
    let mut tx = state.db.begin().await?;
    users::update(&mut tx, &caller.user_id, vec![("head_icon", url.into())], state.clock.now_ms()).await?;
    crate::file::service::hold(&mut tx, state, crate::file::service::Holder::new("userAvatar", &caller.user_id), &[name]).await?;
    tx.commit().await?;
    Ok(())
}

/// How many signatures one user keeps.
const MAX_SIGNATURES: i64 = 20;

/// PROF-009: the caller's signatures, newest first.
pub async fn signatures(state: &AppState, caller: &Member) -> Result<Vec<SignImg>, AppError> {
    let mut conn = state.db.acquire().await?;
    let rows = signs::of_user(&mut conn, &caller.user_id).await?;
    Ok(rows.into_iter().map(|(id, sign_img, is_default)| SignImg { id, sign_img, is_default }).collect())
}

/// PROF-009: adds a signature: a data-URL whose content really is the raster image it
/// names, checked by core's signature rule (images under 500 KB). The first signature, or one
/// sent with isDefault 1, becomes the only default.
pub async fn add_signature(state: &AppState, caller: &Member, new: SignImgNew) -> Result<(), AppError> {
    let data_url = new.sign_img.trim();
    crate::file::service::check_data_url_image(data_url).map_err(|m| AppError::field("signImg", m))?;
    let wants_default = matches!(&new.is_default, Some(Value::Number(n)) if n.as_i64() == Some(1))
        || matches!(&new.is_default, Some(Value::String(s)) if s == "1")
        || matches!(&new.is_default, Some(Value::Bool(true)));
    let mut tx = state.db.begin().await?;
    let held = signs::count(&mut tx, &caller.user_id).await?;
    if held >= MAX_SIGNATURES {
        return Err(AppError::bad(format!("最多保存{MAX_SIGNATURES}个签名，请先删除不用的签名")));
    }
    let id = crate::support::new_id();
    signs::insert(&mut tx, &id, &caller.user_id, data_url, state.clock.now_ms()).await?;
    if wants_default || held == 0 {
        signs::set_default(&mut tx, &caller.user_id, &id).await?;
    }
    tx.commit().await?;
    Ok(())
}

const NO_SIGNATURE: &str = "签名不存在";

/// PROF-009: makes one of the caller's signatures the default.
pub async fn set_default_signature(state: &AppState, caller: &Member, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    if !signs::set_default(&mut tx, &caller.user_id, id).await? {
        return Err(AppError::not_found(NO_SIGNATURE));
    }
    tx.commit().await?;
    Ok(())
}

/// PROF-009: removes one of the caller's signatures; when it was the default, the newest one
/// left becomes the default.
pub async fn delete_signature(state: &AppState, caller: &Member, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let was_default = signs::delete(&mut tx, &caller.user_id, id).await?.ok_or_else(|| AppError::not_found(NO_SIGNATURE))?;
    if was_default && let Some((newest, _, _)) = signs::of_user(&mut tx, &caller.user_id).await?.into_iter().next() {
        signs::set_default(&mut tx, &caller.user_id, &newest).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// PROF-007: the caller's organisations (by name path); the current one is the default.
pub async fn own_organisations(state: &AppState, caller: &Member) -> Result<Vec<Membership>, AppError> {
    let mut conn = state.db.acquire().await?;
    let current = users::current_organisation(&mut conn, &caller.user_id).await?;
    let held = users::organisations(&mut conn, std::slice::from_ref(&caller.user_id)).await?;
    Ok(held.into_iter().map(|o| Membership { is_default: o.organize_id == current, id: o.organize_id, full_name: o.name_tree }).collect())
}

/// PROF-007: the caller's positions; the current one is the default.
pub async fn own_positions(state: &AppState, caller: &Member) -> Result<Vec<Membership>, AppError> {
    let mut conn = state.db.acquire().await?;
    let current = users::current_position(&mut conn, &caller.user_id).await?;
    let held = users::held(&mut conn, &caller.user_id, "Position").await?;
    Ok(held.into_iter().map(|(id, full_name)| Membership { is_default: id == current, id, full_name }).collect())
}

/// PROF-005: the interface language.
pub async fn set_language(state: &AppState, caller: &Member, language: &str) -> Result<(), AppError> {
    if !["zh-CN", "zh-TW", "en"].contains(&language) {
        return Err(AppError::field("language", "语言只能是zh-CN、zh-TW或en"));
    }
    let mut conn = state.db.acquire().await?;
    users::update(&mut conn, &caller.user_id, vec![("language", language.into())], state.clock.now_ms()).await?;
    Ok(())
}

/// PROF-008: switches the current system (`majorType` "System"); organisations and
/// positions come with their issue.
pub async fn set_major(state: &AppState, caller: &Member, major_id: &str, major_type: &str) -> Result<(), AppError> {
    if major_type != "System" {
        return Err(AppError::field("majorType", format!("暂不支持切换{major_type}")));
    }
    let mut conn = state.db.acquire().await?;
    if !menus::systems(&mut conn).await?.iter().any(|s| s.id == major_id) {
        return Err(AppError::field("majorId", "系统不存在或已禁用"));
    }
    users::update(&mut conn, &caller.user_id, vec![("system_id", major_id.into())], state.clock.now_ms()).await?;
    Ok(())
}

/// PROF-006: the caller's own login log, administrator or not.
pub async fn own_log(state: &AppState, caller: &Member, page: Page, q: LogQuery) -> Result<PageOf<LoginLogEntry>, AppError> {
    let filter = LoginFilter { start: q.start_time, end: q.end_time, keyword: Keyword::parse(q.keyword.as_deref()) };
    let mut conn = state.db.acquire().await?;
    system::log(&mut conn, &DataScope::own(caller), q.category, page, &filter).await
}

/// Sign-in's view of an account (there is no caller yet, so no data scope).
pub async fn credentials(conn: &mut Conn, account: &str) -> Result<Option<Credentials>, AppError> {
    users::credentials(conn, account).await
}

/// The caller's own stored password hash (unlocking the screen, changing the password).
pub async fn own_password_hash(conn: &mut Conn, caller: &Session) -> Result<String, AppError> {
    Ok(own_row(conn, caller).await?.password_hash)
}

/// Stores the caller's new password hash and when it changed, and keeps the `replaced` one in
/// the user's password history; the caller owns the transaction.
pub async fn store_own_password(conn: &mut Conn, caller: &Session, replaced: &str, hash: &str, now: i64) -> Result<(), AppError> {
    users::remember_password(conn, &caller.user_id, replaced, now).await?;
    users::set_password(conn, &caller.user_id, hash, now).await
}

/// The caller's `n` newest former password hashes, newest first (the current one not among
/// them).
pub async fn own_former_passwords(conn: &mut Conn, caller: &Session, n: i64) -> Result<Vec<String>, AppError> {
    users::former_passwords(conn, &caller.user_id, n).await
}

