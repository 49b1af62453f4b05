//! Portals (门户, issue 31; jnpf-wire-engine2.md §2): the records (list, form, the designer's
//! partial save, copy, delete, `.vp` export and import), the pickers, release to type-8 menus,
//! and what a member's home page and portal menus read: the default portal per user, the
//! runtime answer (`auth`) and each user's own layout of an unlocked portal.
//!
//! Decisions where the client is silent (the reference's open questions):
//! - **Who may open a portal** (auth, Selector?type=1, SetDefault, Custom/Save): an
//!   administrator; a member holding the 门户设计 page; or a member granted an enabled type-8
//!   menu that opens it. Anyone else is refused (您没有此操作的权限). A disabled portal is
//!   refused to everybody but the page's holders (门户已被禁用).
//! - **Release** (同步门户) makes one type-8 menu per chosen application (at its top, Web
//!   and/or App), opening the portal (`propertyJson.moduleId`), at the client's address
//!   `portal/<enCode without its first '.'>`; a later release renames or moves the existing
//!   menu of that application instead of adding a second. `pcIsRelease`/`appIsRelease` turn 1.
//! - **Custom layouts** are per user and per application (`systemId`); only unlocked designed
//!   portals take them; `auth` answers the user's layout while the portal stays unlocked.
//!   When the designer saves a new `formData`, every user's layout of it is forgotten (it was
//!   an arrangement of cards that may no longer exist).
//! - **The default portal** is one per user (`base_user.portal_id`, what CurrentUser answers
//!   as `userInfo.portalId`). Deleting a portal clears it for its users, so the home page falls
//!   back to the built-in dashboard; a portal still opened by menus is not deleted.
//! - **The `.vp` file** is the portal form (`GET Portal/{id}`); importing it checks it like the
//!   form and refuses a code that exists.

use super::dto::{
    CustomLayoutForm, PortalAuth, PortalFile, PortalForm, PortalGroup, PortalInfo, PortalListRow, PortalQuery, PortalReleaseForm, PortalRow, SelectorQuery,
};
use super::repo::{self, Filter, Portals};
use super::{AddPortal, EditPortal, ExportPortal, ImportPortal, ReleasePortal, RemovePortal, ViewPortal};
use crate::access::{DataScope, Member, Permit, Reason, granted};
use crate::crud;
use crate::db::{Arg, Conn, Keyword, bump_menu_generation};
use crate::error::{AppError, FieldErrors};
use crate::permission::module::repo::{self as menus, MenuRow, NewMenu};
use crate::state::AppState;
use crate::support::forms::{Columns, check_numbers};
use crate::support::new_id;
use crate::system::download::JsonFile;
use crate::wire::{Page, PageOf, Patch};
use serde_json::{Value, json};

const MISSING: &str = "门户不存在";
const DISABLED: &str = "门户已被禁用";
const PORTAL_MENU: i64 = 8;
const TOP: &str = "-1";
const ICON: &str = "icon-ym icon-ym-portal";

// ---- The form ----

fn json_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn patch_string(p: &Patch<String>) -> Option<String> {
    match p {
        Patch::Value(v) => Some(v.trim().to_string()),
        Patch::Null => Some(String::new()),
        Patch::Absent => None,
    }
}

/// A number sent as a number or as text; None when absent, blank or not a whole number.
fn patch_number(p: &Patch<Value>) -> Option<Option<i64>> {
    match p {
        Patch::Absent => None,
        Patch::Null => Some(None),
        Patch::Value(v) => Some(v.as_i64().or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))),
    }
}

/// 编码只能输入英文、数字和小数点且小数点不能放在首尾.
fn good_code(code: &str) -> bool {
    !code.is_empty() && !code.starts_with('.') && !code.ends_with('.') && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
}

fn is_url(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    (lower.starts_with("http://") || lower.starts_with("https://")) && text.len() > "https://".len() - 1 && !text.contains(char::is_whitespace)
}

/// The portal as it will be after the change, for the checks that read several fields.
struct Effective {
    full_name: String,
    en_code: String,
    category: String,
    portal_type: Option<i64>,
    link_type: Option<i64>,
    custom_url: String,
    enabled_lock: Option<i64>,
    form_data: String,
}

impl Effective {
    fn of(found: Option<&PortalRow>, form: &PortalForm) -> Effective {
        let keep = |p: Option<String>, old: Option<&String>| p.unwrap_or_else(|| old.cloned().unwrap_or_default());
        let number = |p: &Patch<Value>, old: Option<i64>, default: i64| match patch_number(p) {
            Some(v) => v,
            None => Some(old.unwrap_or(default)),
        };
        Effective {
            full_name: keep(patch_string(&form.full_name), found.map(|f| &f.full_name)),
            en_code: keep(patch_string(&form.en_code), found.map(|f| &f.en_code)),
            category: keep(patch_string(&form.category), found.map(|f| &f.category)),
            portal_type: number(&form.portal_type, found.map(|f| f.portal_type), 0),
            link_type: number(&form.link_type, found.map(|f| f.link_type), 0),
            custom_url: keep(patch_string(&form.custom_url), found.map(|f| &f.custom_url)),
            enabled_lock: number(&form.enabled_lock, found.map(|f| f.enabled_lock), 1),
            form_data: match &form.form_data {
                Patch::Absent => found.map(|f| f.form_data.clone()).unwrap_or_default(),
                Patch::Null => String::new(),
                Patch::Value(v) => json_text(v),
            },
        }
    }
}

/// Every message of the record dialog at once (the client's own: 门户名称不能为空, …), then
/// the category against the dictionary.
async fn check_portal(conn: &mut Conn, p: &Effective) -> Result<(), AppError> {
    let mut problems = FieldErrors::new();
    let mut add = |field: &str, msg: &str| problems.entry(field.to_string()).or_default().push(msg.to_string());
    if p.full_name.is_empty() {
        add("fullName", "门户名称不能为空");
    } else if p.full_name.chars().count() > 100 {
        add("fullName", "门户名称最多为100个字符");
    }
    if p.en_code.is_empty() {
        add("enCode", "门户编码不能为空");
    } else if p.en_code.chars().count() > 50 {
        add("enCode", "门户编码最多为50个字符");
    } else if !good_code(&p.en_code) {
        add("enCode", "编码只能输入英文、数字和小数点且小数点不能放在首尾");
    }
    if p.category.is_empty() {
        add("category", "门户分类不能为空");
    } else if !repo::is_category(conn, &p.category).await? {
        add("category", "门户分类不存在");
    }
    match p.portal_type {
        None => add("type", "类型不能为空"),
        Some(0) => {}
        Some(1) => match p.link_type {
            None => add("linkType", "链接类型不能为空"),
            Some(0) | Some(1) => {
                if p.custom_url.is_empty() {
                    add("customUrl", "链接地址不能为空");
                } else if p.link_type == Some(1) && !is_url(&p.custom_url) {
                    add("customUrl", "请输入正确的链接地址");
                }
            }
            Some(_) => add("linkType", "链接类型只能是0（页面）或1（外链）"),
        },
        Some(_) => add("type", "类型只能是0（门户设计）或1（配置路径）"),
    }
    if !matches!(p.enabled_lock, Some(0) | Some(1)) {
        add("enabledLock", "锁定只能是0或1");
    }
    if !p.form_data.trim().is_empty() && !matches!(serde_json::from_str::<Value>(&p.form_data), Ok(Value::Object(_))) {
        add("formData", "门户设计内容格式不正确");
    }
    if !problems.is_empty() {
        return Err(AppError::fields(problems));
    }
    Ok(())
}

/// The columns a form sets (numbers as the effective values, set only when sent).
fn columns(form: &PortalForm, p: &Effective) -> Columns {
    let sent = |x: &Patch<Value>, v: Option<i64>, default: i64| (!x.is_absent()).then_some(v.unwrap_or(default));
    Columns::new()
        .text("full_name", &form.full_name)
        .text("en_code", &form.en_code)
        .text("category", &form.category)
        .value("portal_type", sent(&form.portal_type, p.portal_type, 0))
        .value("link_type", sent(&form.link_type, p.link_type, 0))
        .text("custom_url", &form.custom_url)
        .text("app_custom_url", &form.app_custom_url)
        .value("enabled_lock", sent(&form.enabled_lock, p.enabled_lock, 1))
        .value("form_data", (!form.form_data.is_absent()).then(|| p.form_data.clone()))
        .listed(&form.sort_code, &form.enabled_mark, &form.description)
}

/// A new portal's columns: every column, defaults for what was not sent.
fn created(form: &PortalForm, p: &Effective) -> Vec<(&'static str, Arg)> {
    let mut all = columns(form, p).created();
    for (column, value) in [("portal_type", p.portal_type.unwrap_or(0)), ("link_type", p.link_type.unwrap_or(0)), ("enabled_lock", p.enabled_lock.unwrap_or(1))] {
        if !all.iter().any(|(c, _)| *c == column) {
            all.push((column, value.into()));
        }
    }
    all
}

// ---- The list and the form ----

/// GET Portal.
pub async fn list(state: &AppState, permit: &Permit<ViewPortal>, q: &PortalQuery, page: Page) -> Result<PageOf<PortalListRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let keyword = Keyword::parse(q.keyword.as_deref());
    let filter = Filter {
        keyword: keyword.as_ref(),
        portal_type: q.r#type,
        category: q.category.as_deref().map(str::trim).filter(|c| !c.is_empty()),
        enabled_lock: q.enabled_lock,
    };
    let (list, total) = repo::page(&mut conn, permit.scope(), &filter, page).await?;
    Ok(page.of(list, total))
}

pub async fn info(state: &AppState, permit: &Permit<ViewPortal>, id: &str) -> Result<PortalInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    Ok(crud::found(&Portals, &mut conn, permit.scope(), id).await?.into())
}

/// POST Portal: answers the new id (the 确定并设计 button opens the designer with it).
pub async fn create(state: &AppState, permit: &Permit<AddPortal>, form: PortalForm) -> Result<String, AppError> {
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let p = Effective::of(None, &form);
    let mut tx = state.db.begin().await?;
    check_portal(&mut tx, &p).await?;
    let id = new_id();
    crud::insert(&Portals, &mut tx, &id, created(&form, &p), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(id)
}

/// PUT Portal/{id}: only what is sent changes — the designer sends `{id, type, formData}`
/// alone. The portal it ends as is checked whole; a new `formData` forgets the users' own
/// layouts of the old one.
pub async fn update(state: &AppState, permit: &Permit<EditPortal>, id: &str, form: PortalForm) -> Result<(), AppError> {
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let mut tx = state.db.begin().await?;
    let found = crud::found(&Portals, &mut tx, permit.scope(), id).await?;
    let p = Effective::of(Some(&found), &form);
    check_portal(&mut tx, &p).await?;
    crud::update(&Portals, &mut tx, &found.id, columns(&form, &p).changed(), &permit.caller().user_id, state.clock.now_ms()).await?;
    if !form.form_data.is_absent() && p.form_data != found.form_data {
        repo::forget_custom_layouts(&mut tx, &found.id).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The enabled type-8 menus (Web and App) opening the portal.
async fn menus_opening(conn: &mut Conn, portal_id: &str) -> Result<Vec<MenuRow>, AppError> {
    let all = menus::menus(conn, &DataScope::unrestricted(Reason::Structure), None, None).await?;
    Ok(all.into_iter().filter(|m| m.menu_type == PORTAL_MENU && opens(m).as_deref() == Some(portal_id)).collect())
}

/// The portal a portal menu opens (its propertyJson.moduleId).
fn opens(m: &MenuRow) -> Option<String> {
    let p: Value = serde_json::from_str(&m.property_json).ok()?;
    p.get("moduleId").and_then(Value::as_str).map(str::to_string)
}

/// DELETE Portal/{id}: refused while a menu opens it; its users' layouts go with it and the
/// users who had it as their default get the built-in home page again.
pub async fn delete(state: &AppState, permit: &Permit<RemovePortal>, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let found = crud::found(&Portals, &mut tx, permit.scope(), id).await?;
    if let Some(m) = menus_opening(&mut tx, &found.id).await?.first() {
        return Err(AppError::bad(format!("门户已被菜单“{}”引用，请先删除该菜单", m.full_name)));
    }
    crud::remove(&Portals, &mut tx, &found.id).await?;
    crate::permission::service::forget_default_portal(&mut tx, &found.id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// Every column of a stored portal under a new name, code and state.
fn stored_columns(r: &PortalRow, full_name: &str, en_code: &str) -> Vec<(&'static str, Arg)> {
    vec![
        ("full_name", full_name.into()),
        ("en_code", en_code.into()),
        ("category", r.category.as_str().into()),
        ("portal_type", r.portal_type.into()),
        ("link_type", r.link_type.into()),
        ("custom_url", r.custom_url.as_str().into()),
        ("app_custom_url", r.app_custom_url.as_str().into()),
        ("enabled_lock", r.enabled_lock.into()),
        ("form_data", r.form_data.as_str().into()),
        ("sort_code", r.sort_code.into()),
        ("enabled_mark", r.enabled_mark.into()),
        ("description", r.description.as_str().into()),
    ]
}

/// POST Portal/{id}/Actions/Copy: named as JNPF names copies (`<name>.副本<n>`, `<code><n>`,
/// n five characters unique to the copy); not released.
pub async fn copy(state: &AppState, permit: &Permit<AddPortal>, id: &str) -> Result<String, AppError> {
    let mut tx = state.db.begin().await?;
    let r = crud::found(&Portals, &mut tx, permit.scope(), id).await?;
    let new = new_id();
    let suffix: String = new.chars().rev().take(5).collect();
    let columns = stored_columns(&r, &format!("{}.副本{suffix}", r.full_name), &format!("{}{suffix}", r.en_code));
    crud::insert(&Portals, &mut tx, &new, columns, &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(new)
}

// ---- Export and import (.vp) ----

const FILE: JsonFile = JsonFile { extension: "vp", name: "门户", content: "门户" };

/// POST Portal/{id}/Actions/ExportData: the portal form as a `.vp` file; answers its url.
pub async fn export(state: &AppState, permit: &Permit<ExportPortal>, id: &str) -> Result<String, AppError> {
    let mut conn = state.db.acquire().await?;
    let r = crud::found(&Portals, &mut conn, permit.scope(), id).await?;
    drop(conn);
    let title = r.full_name.clone();
    FILE.offer(state, &permit.caller().user_id, &title, &PortalInfo::from(r)).await
}

/// POST Portal/Model/Actions/ImportData: a `.vp` file as exported, checked like the form
/// (its code new here) and stored with a new id, not released.
pub async fn import(state: &AppState, permit: &Permit<ImportPortal>, file_name: &str, bytes: &[u8]) -> Result<(), AppError> {
    let f: PortalFile = FILE.read(file_name, bytes)?;
    check_numbers(&Patch::Value(f.sort_code), &Patch::Value(f.enabled_mark))?;
    let form = PortalForm {
        full_name: Patch::Value(f.full_name.clone()),
        en_code: Patch::Value(f.en_code.clone()),
        category: Patch::Value(f.category.clone()),
        portal_type: Patch::Value(Value::from(f.portal_type)),
        link_type: Patch::Value(Value::from(f.link_type)),
        custom_url: Patch::Value(f.custom_url.clone()),
        app_custom_url: Patch::Value(f.app_custom_url.clone()),
        enabled_lock: Patch::Value(Value::from(f.enabled_lock)),
        form_data: Patch::Value(Value::String(f.form_data.clone())),
        sort_code: Patch::Value(f.sort_code),
        enabled_mark: Patch::Value(f.enabled_mark),
        description: Patch::Value(f.description.clone()),
    };
    let p = Effective::of(None, &form);
    let mut tx = state.db.begin().await?;
    if repo::code_exists(&mut tx, &p.en_code).await? {
        return Err(AppError::bad(format!("门户“{}”：{}已存在，不能重复导入", p.en_code, p.full_name)));
    }
    check_portal(&mut tx, &p).await.map_err(|e| AppError::bad(format!("门户“{}”：{e}", p.en_code)))?;
    crud::insert(&Portals, &mut tx, &new_id(), created(&form, &p), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

// ---- Release (同步门户) ----

/// The client's address of a portal menu: `portal/` and the code with its first '.' removed.
fn address(en_code: &str) -> String {
    format!("portal/{}", en_code.replacen('.', "", 1))
}

/// PUT Portal/Actions/release/{id}: one type-8 menu per chosen application and side (made,
/// or renamed if it exists); the sides turn released. One transaction.
pub async fn release(state: &AppState, permit: &Permit<ReleasePortal>, id: &str, form: &PortalReleaseForm) -> Result<(), AppError> {
    let pc = form.pc.unwrap_or(0) == 1;
    let app = form.app.unwrap_or(0) == 1;
    if !pc && !app {
        return Err(AppError::bad("请至少选择一种门户同步方式"));
    }
    let with = |a: &[String], b: &[String]| {
        let mut all: Vec<String> = Vec::new();
        for s in a.iter().chain(b) {
            if !all.contains(s) {
                all.push(s.clone());
            }
        }
        all
    };
    let pc_systems = with(&form.pc_module_parent_id, &form.pc_system_id);
    let app_systems = with(&form.app_module_parent_id, &form.app_system_id);
    let mut tx = state.db.begin().await?;
    let portal = crud::found(&Portals, &mut tx, permit.scope(), id).await?;
    if portal.enabled_mark != 1 {
        return Err(AppError::bad(DISABLED));
    }
    if pc && pc_systems.is_empty() && portal.pc_is_release == 0 {
        return Err(AppError::field("pcModuleParentId", "应用不能为空"));
    }
    if app && app_systems.is_empty() && portal.app_is_release == 0 {
        return Err(AppError::field("appModuleParentId", "应用不能为空"));
    }
    let now = state.clock.now_ms();
    let user_id = permit.caller().user_id.clone();
    let existing = menus_opening(&mut tx, &portal.id).await?;
    for (on, systems, category) in [(pc, &pc_systems, "Web"), (app, &app_systems, "App")] {
        if !on {
            continue;
        }
        // A side released before and released again without applications renames its menus.
        let targets: Vec<String> = if systems.is_empty() {
            existing.iter().filter(|m| m.category == category).map(|m| m.system_id.clone()).collect()
        } else {
            systems.clone()
        };
        for system_id in targets {
            menus::system(&mut tx, &DataScope::unrestricted(Reason::Structure), &system_id)
                .await?
                .ok_or_else(|| AppError::field(if category == "Web" { "pcModuleParentId" } else { "appModuleParentId" }, "应用不存在"))?;
            match existing.iter().find(|m| m.category == category && m.system_id == system_id) {
                Some(found) => {
                    let columns: Vec<(&'static str, Arg)> = vec![("full_name", portal.full_name.clone().into()), ("enabled_mark", 1i64.into())];
                    crud::update(&menus::Menus, &mut tx, &found.id, columns, &user_id, now).await?;
                }
                None => {
                    let menu_id = new_id();
                    let en_code = menu_code(&mut tx, &portal.en_code, category, &menu_id).await?;
                    let property = json!({"moduleId": portal.id, "iconBackgroundColor": ""}).to_string();
                    let new = NewMenu {
                        parent_id: TOP,
                        system_id: &system_id,
                        full_name: &portal.full_name,
                        en_code: &en_code,
                        icon: ICON,
                        menu_type: PORTAL_MENU,
                        url_address: &address(&en_code),
                        link_target: "_self",
                        category,
                        property_json: &property,
                        sort_code: portal.sort_code,
                        enabled_mark: 1,
                        description: "",
                        authorize: [0, 0, 0, 0],
                    };
                    crud::insert(&menus::Menus, &mut tx, &menu_id, new.columns(), &user_id, now).await?;
                }
            }
        }
    }
    repo::set_released(&mut tx, &portal.id, pc, app).await?;
    bump_menu_generation(&mut tx).await?;
    tx.commit().await?;
    Ok(())
}

/// A free menu code for a portal's menu: the portal's code, else with the side and a part of
/// the new menu's id (menu codes are unique across applications).
async fn menu_code(conn: &mut Conn, en_code: &str, category: &str, menu_id: &str) -> Result<String, AppError> {
    if !repo::menu_code_exists(conn, en_code).await? {
        return Ok(en_code.to_string());
    }
    let tail: String = menu_id.chars().rev().take(6).collect();
    Ok(format!("{en_code}.{}{tail}", category.to_ascii_lowercase()))
}

// ---- What members read ----

/// Whether the member may open the portal: an administrator, a holder of the 门户设计 page, or
/// a member granted an enabled type-8 menu opening it. Returns whether they hold the page.
async fn may_open(state: &AppState, conn: &mut Conn, caller: &Member, portal_id: &str) -> Result<(bool, bool), AppError> {
    if caller.is_administrator {
        return Ok((true, true));
    }
    if Permit::<ViewPortal>::demand(state, caller).await.is_ok() {
        return Ok((true, true));
    }
    let held = granted(conn, &caller.user_id).await?;
    let by_menu = menus_opening(conn, portal_id)
        .await?
        .iter()
        .any(|m| m.enabled_mark == 1 && held.contains(&("module".to_string(), m.id.clone())));
    Ok((by_menu, false))
}

/// The portal a member opens: present, within their reach, enabled (a disabled one only to
/// the page's holders, who design it).
async fn opened(state: &AppState, conn: &mut Conn, caller: &Member, id: &str) -> Result<PortalRow, AppError> {
    let portal = repo::any_by_id(conn, id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let (may, designer) = may_open(state, conn, caller, &portal.id).await?;
    if !may {
        return Err(AppError::forbidden(crate::access::MSG_FORBIDDEN));
    }
    if portal.enabled_mark != 1 && !designer {
        return Err(AppError::bad(DISABLED));
    }
    Ok(portal)
}

fn system_of(system_id: Option<&str>) -> String {
    system_id.map(str::trim).unwrap_or("").to_string()
}

/// GET Portal/{id}/auth: what the home page and a portal menu render.
pub async fn auth(state: &AppState, caller: &Member, id: &str, system_id: Option<&str>) -> Result<PortalAuth, AppError> {
    let mut conn = state.db.acquire().await?;
    let p = opened(state, &mut conn, caller, id).await?;
    let mut form_data = p.form_data.clone();
    if p.portal_type == 0 && p.enabled_lock == 0 {
        if let Some(own) = repo::custom_layout(&mut conn, &p.id, &caller.user_id, &system_of(system_id)).await? {
            form_data = own;
        }
    }
    Ok(PortalAuth { portal_type: p.portal_type, link_type: p.link_type, custom_url: p.custom_url, enabled_lock: p.enabled_lock, form_data })
}

/// PUT Portal/{id}/Actions/SetDefault: the caller's home page shows this portal from now on
/// (CurrentUser answers it as `userInfo.portalId`).
pub async fn set_default(state: &AppState, caller: &Member, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let p = opened(state, &mut tx, caller, id).await?;
    if p.enabled_mark != 1 {
        return Err(AppError::bad(DISABLED));
    }
    crate::permission::service::set_default_portal(&mut tx, &caller.user_id, &p.id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// PUT Portal/Custom/Save/{id}: the caller's own layout of an unlocked designed portal.
pub async fn save_custom(state: &AppState, caller: &Member, id: &str, form: &CustomLayoutForm) -> Result<(), AppError> {
    let text = json_text(&form.form_data);
    if !matches!(serde_json::from_str::<Value>(&text), Ok(Value::Object(_))) {
        return Err(AppError::field("formData", "门户设计内容格式不正确"));
    }
    let mut tx = state.db.begin().await?;
    let p = opened(state, &mut tx, caller, id).await?;
    if p.portal_type != 0 || p.enabled_lock != 0 {
        return Err(AppError::bad("门户已锁定，不能调整布局"));
    }
    repo::save_custom_layout(&mut tx, &new_id(), &p.id, &caller.user_id, &system_of(form.system_id.as_deref()), &text, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// GET Portal/Selector: the enabled portals under their categories (categories without
/// portals left out). With `type` 1 (the home page's 切换门户) only those the caller may open.
pub async fn selector(state: &AppState, caller: &Member, q: &SelectorQuery) -> Result<Vec<PortalGroup>, AppError> {
    let mut conn = state.db.acquire().await?;
    let rows = repo::enabled(&mut conn).await?;
    let mut groups: Vec<PortalGroup> = Vec::new();
    for r in rows {
        if q.r#type == Some(1) && !may_open(state, &mut conn, caller, &r.id).await?.0 {
            continue;
        }
        let group_id = if r.category.is_empty() { "0".to_string() } else { r.category.clone() };
        let at = match groups.iter().position(|g| g.id == group_id) {
            Some(at) => at,
            None => {
                let name = r.category_name.clone().unwrap_or_else(|| "未分类".into());
                groups.push(PortalGroup { id: group_id, full_name: name, children: Some(Vec::new()) });
                groups.len() - 1
            }
        };
        if let Some(children) = groups[at].children.as_mut() {
            children.push(PortalGroup { id: r.id, full_name: r.full_name, children: None });
        }
    }
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_urls_and_addresses() {
        assert!(good_code("home.v1") && !good_code(".a") && !good_code("a.") && !good_code("a-b"));
        assert!(is_url("https://his.hospital.local/x") && is_url("http://a.b") && !is_url("ftp://a") && !is_url("http://a b"));
        assert_eq!(address("ops.home"), "portal/opshome");
    }
}
