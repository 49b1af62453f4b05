//! Users (用户管理, ORG-021..025): the list, the form with its memberships, state, password
//! reset, unlock, work handover, and what the user pickers read. A user's organisations,
//! positions, roles and groups are memberships (base_user_relation); the user's current
//! organisation and position are one of them.

use super::dto::{
    CreatedUser, Handover, ImContact, PasswordReset, PositionUsersQuery, RoleUsersQuery, SelectedItem, SelectedUsers, TreeRequest,
    UserCondition, UserDetail, UserForm, UserItem, UserNode, UserQuery, UserRow, UserWork, WorkItem,
};
use super::repo::{self as users, Filter, Membership, Object, Pick, Pickable};
use super::{AddUser, EditUser, RemoveUser, ViewUsers};
use crate::state::AppState;
use crate::access::{self, Admin, DataScope, Reason, Member, Permit, Revoked, SystemJob, lockout};
use crate::db::{Arg, Conn, Keyword};
use crate::error::AppError;
use crate::permission::forms::{check, check_numbers, code_text, number, text, text_column};
use crate::permission::organize::repo::{self as organisations, Organize};
use crate::permission::organize::service::{COMPANY, icon as organize_icon};
use crate::permission::relation::repo as relations;
use crate::system::service as system;
use crate::wire::{Page, PageOf, Patch};
use qiming_core::entity::Form;
use std::collections::{BTreeMap, BTreeSet};

const MISSING: &str = "用户不存在";
const USER_ICON: &str = "icon-ym icon-ym-tree-user2";
/// The pickers' pseudo id of whoever fills the form (ORG-006): the client shows it itself.
const CURRENT_USER: &str = "currentUser";

fn csv(ids: &[String]) -> String {
    ids.join(",")
}

fn split_csv(p: &Patch<String>) -> Option<Vec<String>> {
    match p {
        Patch::Value(v) => {
            let mut ids: Vec<String> = v.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect();
            ids.dedup();
            Some(ids)
        }
        Patch::Null => Some(Vec::new()),
        Patch::Absent => None,
    }
}

fn avatar(head_icon: &str) -> String {
    if head_icon.is_empty() { system::DEFAULT_AVATAR.to_string() } else { head_icon.to_string() }
}

/// The name paths of each user's organisations.
fn organisation_paths(memberships: &[Membership]) -> BTreeMap<&str, Vec<&str>> {
    let mut paths: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for m in memberships {
        paths.entry(m.user_id.as_str()).or_default().push(m.name_tree.as_str());
    }
    paths
}

/// The list's filter (and the export's): an organisation means it and everything below it;
/// '' (or '0', '-1') every user.
pub(super) async fn list_filter(conn: &mut Conn, q: &UserQuery) -> Result<Filter, AppError> {
    let organisations = match q.organize_id.as_deref().map(str::trim).unwrap_or("") {
        "" | "0" | "-1" => None,
        id => {
            let every = organisations::every(conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
            let tree = every.iter().find(|o| o.id == id).map(|o| o.id_tree.clone());
            Some(match tree {
                Some(t) => every.into_iter().filter(|o| o.id_tree == t || o.id_tree.starts_with(&format!("{t},"))).map(|o| o.id).collect(),
                None => vec![id.to_string()],
            })
        }
    };
    Ok(Filter { organisations, keyword: Keyword::parse(q.keyword.as_deref()) })
}

/// GET Users (ORG-021): a page of the users of an organisation and below; a locked account
/// shows as 2 (锁定) until its lock ends or is lifted.
pub async fn list(state: &AppState, permit: &Permit<ViewUsers>, q: UserQuery, page: Page) -> Result<PageOf<UserRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let filter = list_filter(&mut conn, &q).await?;
    let (rows, total) = users::page(&mut conn, permit.scope(), &filter, page).await?;
    let ids: Vec<String> = rows.iter().map(|u| u.id.clone()).collect();
    let memberships = users::organisations(&mut conn, &ids).await?;
    let paths = organisation_paths(&memberships);
    let accounts: Vec<String> = rows.iter().map(|u| u.account.clone()).collect();
    let locked = lockout::locked_accounts(&mut conn, &accounts, state.clock.now_ms()).await?;
    let list = rows
        .into_iter()
        .map(|u| UserRow {
            organize: paths.get(u.id.as_str()).map(|p| p.join(",")).unwrap_or_default(),
            enabled_mark: if u.enabled_mark == 1 && locked.contains(&u.account) { 2 } else { u.enabled_mark },
            id: u.id,
            account: u.account,
            real_name: u.real_name,
            gender: u.gender,
            mobile_phone: u.mobile_phone,
            creator_time: u.creator_time,
            sort_code: u.sort_code,
            is_administrator: u.is_administrator == 1,
            head_icon: u.head_icon,
            description: u.description,
        })
        .collect();
    Ok(page.of(list, total))
}

/// GET Users/{id}: the form's object with its memberships (outside the scope: 用户不存在).
pub async fn info(state: &AppState, permit: &Permit<ViewUsers>, id: &str) -> Result<UserDetail, AppError> {
    let mut conn = state.db.acquire().await?;
    let u = users::by_id(&mut conn, permit.scope(), id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let memberships = users::organisations(&mut conn, std::slice::from_ref(&u.id)).await?;
    let positions = users::relations(&mut conn, &u.id, "Position").await?;
    let roles = users::relations(&mut conn, &u.id, "Role").await?;
    let groups = users::relations(&mut conn, &u.id, "Group").await?;
    let locked = lockout::locked_accounts(&mut conn, std::slice::from_ref(&u.account), state.clock.now_ms()).await?;
    Ok(UserDetail {
        organize_id: memberships.iter().map(|m| m.organize_id.as_str()).collect::<Vec<_>>().join(","),
        organize_id_tree: memberships.iter().map(|m| m.id_tree.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect()).collect(),
        position_id: csv(&positions),
        role_id: csv(&roles),
        group_id: csv(&groups),
        enabled_mark: if u.enabled_mark == 1 && !locked.is_empty() { 2 } else { u.enabled_mark },
        id: u.id,
        account: u.account,
        real_name: u.real_name,
        gender: u.gender,
        email: u.email,
        manager_id: u.manager_id,
        sort_code: u.sort_code,
        description: u.description,
        head_icon: u.head_icon,
        nation: u.nation,
        certificates_type: u.certificates_type,
        education: u.education,
        native_place: u.native_place,
        certificates_number: u.certificates_number,
        entry_date: u.entry_date,
        birthday: u.birthday,
        tele_phone: u.tele_phone,
        landline: u.landline,
        mobile_phone: u.mobile_phone,
        urgent_contacts: u.urgent_contacts,
        urgent_tele_phone: u.urgent_tele_phone,
        postal_address: u.postal_address,
        is_administrator: u.is_administrator == 1,
    })
}

/// The memberships a form ends with, each checked: organisations exist; positions exist and
/// belong to one of them; organisation roles are bound to one of them (global roles go
/// anywhere); groups exist. `None` for a kind not sent (it stays as it is).
pub(super) struct Memberships {
    organisations: Option<Vec<String>>,
    positions: Option<Vec<String>>,
    roles: Option<Vec<String>>,
    groups: Option<Vec<String>>,
}

impl Memberships {
    /// Whether the change names memberships (which carry grants).
    fn changes_grants(&self) -> bool {
        self.organisations.is_some() || self.positions.is_some() || self.roles.is_some() || self.groups.is_some()
    }
}

async fn memberships(conn: &mut Conn, form: &UserForm, user: Option<&str>) -> Result<Memberships, AppError> {
    let organisations = match &form.organize_id_tree {
        Patch::Value(paths) => {
            let mut ids: Vec<String> = paths.iter().filter_map(|p| p.last()).map(|id| id.trim().to_string()).filter(|id| !id.is_empty()).collect();
            ids.sort();
            ids.dedup();
            if users::existing(conn, Object::Organize, &ids).await?.len() != ids.len() {
                return Err(AppError::field("organizeIdTree", "所属组织不存在"));
            }
            Some(ids)
        }
        Patch::Null => Some(Vec::new()),
        Patch::Absent => None,
    };
    // The organisations the user ends with: what was sent, else what they have.
    let final_orgs = match (&organisations, user) {
        (Some(ids), _) => ids.clone(),
        (None, Some(id)) => users::relations(conn, id, "Organize").await?,
        (None, None) => Vec::new(),
    };
    let in_orgs = |org: &str| final_orgs.iter().any(|o| o == org);
    // Positions and roles not sent but outside the organisations sent are dropped.
    let (positions, check_positions) = match (split_csv(&form.position_id), &organisations, user) {
        (Some(ids), _, _) => (Some(ids), true),
        (None, Some(_), Some(id)) => (Some(users::relations(conn, id, "Position").await?), false),
        _ => (None, false),
    };
    let positions = match positions {
        Some(ids) => {
            let owners = users::position_organisations(conn, &ids).await?;
            if check_positions && owners.len() != ids.len() {
                return Err(AppError::field("positionId", "岗位不存在"));
            }
            if check_positions && owners.iter().any(|(_, org)| !in_orgs(org)) {
                return Err(AppError::field("positionId", "岗位不属于所选组织"));
            }
            Some(owners.into_iter().filter(|(_, org)| in_orgs(org)).map(|(p, _)| p).collect())
        }
        None => None,
    };
    let (roles, check_roles) = match (split_csv(&form.role_id), &organisations, user) {
        (Some(ids), _, _) => (Some(ids), true),
        (None, Some(_), Some(id)) => (Some(users::relations(conn, id, "Role").await?), false),
        _ => (None, false),
    };
    let roles = match roles {
        Some(ids) => {
            let bindings = users::role_bindings(conn, &ids).await?;
            let mut kept = Vec::new();
            for id in &ids {
                let bound: Vec<&(String, i64, String)> = bindings.iter().filter(|(r, _, _)| r == id).collect();
                let fits = bound.iter().any(|(_, global, org)| *global == 1 || in_orgs(org));
                if check_roles && bound.is_empty() {
                    return Err(AppError::field("roleId", "角色不存在"));
                }
                if check_roles && !fits {
                    return Err(AppError::field("roleId", "角色不属于所选组织"));
                }
                if fits {
                    kept.push(id.clone());
                }
            }
            Some(kept)
        }
        None => None,
    };
    let groups = match split_csv(&form.group_id) {
        Some(ids) => {
            if users::existing(conn, Object::Group, &ids).await?.len() != ids.len() {
                return Err(AppError::field("groupId", "分组不存在"));
            }
            Some(ids)
        }
        None => None,
    };
    Ok(Memberships { organisations, positions, roles, groups })
}

async fn check_manager(conn: &mut Conn, manager: &Patch<String>, user: Option<&str>) -> Result<(), AppError> {
    let Patch::Value(id) = manager else { return Ok(()) };
    let id = id.trim();
    if id.is_empty() {
        return Ok(());
    }
    if Some(id) == user {
        return Err(AppError::field("managerId", "直属主管不能是自己"));
    }
    if users::existing(conn, Object::User, &[id.to_string()]).await?.is_empty() {
        return Err(AppError::field("managerId", "直属主管不存在"));
    }
    Ok(())
}

async fn check_account(conn: &mut Conn, account: &Patch<String>, user: Option<&str>) -> Result<(), AppError> {
    if let Patch::Value(a) = account
        && let Some(existing) = users::credentials(conn, a.trim()).await?
        && Some(existing.id.as_str()) != user
    {
        return Err(AppError::field("account", "账户已存在"));
    }
    Ok(())
}

/// The column changes of a form: what was sent, trimmed (null clears).
fn columns(form: &UserForm) -> Vec<(&'static str, Arg)> {
    let mut columns: Vec<(&'static str, Arg)> = Vec::new();
    let texts: [(&'static str, &Patch<String>); 17] = [
        ("account", &form.account),
        ("real_name", &form.real_name),
        ("email", &form.email),
        ("manager_id", &form.manager_id),
        ("description", &form.description),
        ("head_icon", &form.head_icon),
        ("nation", &form.nation),
        ("certificates_type", &form.certificates_type),
        ("education", &form.education),
        ("native_place", &form.native_place),
        ("certificates_number", &form.certificates_number),
        ("tele_phone", &form.tele_phone),
        ("landline", &form.landline),
        ("mobile_phone", &form.mobile_phone),
        ("urgent_contacts", &form.urgent_contacts),
        ("urgent_tele_phone", &form.urgent_tele_phone),
        ("postal_address", &form.postal_address),
    ];
    for (column, p) in texts {
        text_column(&mut columns, column, p);
    }
    text_column(&mut columns, "gender", &code_text(form.gender.clone()));
    if let Patch::Value(n) = form.sort_code {
        columns.push(("sort_code", n.into()));
    }
    for (column, p) in [("entry_date", &form.entry_date), ("birthday", &form.birthday)] {
        match p {
            Patch::Value(ms) => columns.push((column, (*ms).into())),
            Patch::Null => columns.push((column, Arg::NullInt)),
            Patch::Absent => {}
        }
    }
    columns
}

/// Stores the memberships that were sent and points the current organisation and position
/// at ones the user holds.
async fn store_memberships(conn: &mut Conn, id: &str, m: &Memberships, now: i64) -> Result<(), AppError> {
    for (kind, ids) in [("Organize", &m.organisations), ("Position", &m.positions), ("Role", &m.roles), ("Group", &m.groups)] {
        if let Some(ids) = ids {
            relations::replace(conn, kind, relations::Side::User(id), ids).await?;
        }
    }
    if let Some(orgs) = &m.organisations {
        let current = users::current_organisation(conn, id).await?;
        if !orgs.contains(&current) {
            users::update(conn, id, vec![("organize_id", orgs.first().cloned().unwrap_or_default().into())], now).await?;
        }
    }
    relations::refresh_current_position(conn, &[id.to_string()]).await
}

fn check_state(enabled_mark: &Patch<i64>) -> Result<(), AppError> {
    check_numbers(&Patch::Absent, enabled_mark)
}

/// Everything a new user's form must pass before it is stored: core's rules, the numbers,
/// a free account, an existing manager, memberships that fit together.
pub(super) async fn check_new(conn: &mut Conn, form: &UserForm) -> Result<Memberships, AppError> {
    check(Form::User, form, true)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    check_account(conn, &form.account, None).await?;
    check_manager(conn, &form.manager_id, None).await?;
    memberships(conn, form, None).await
}

/// Stores a checked new user with its memberships; answers the id. The password change date
/// stays empty, so the password must be changed at the first sign-in.
pub(super) async fn insert_new(conn: &mut Conn, form: &UserForm, m: &Memberships, password_hash: &str, creator: &str, now: i64) -> Result<String, AppError> {
    let new = users::NewUser {
        account: &text(&form.account),
        real_name: &text(&form.real_name),
        password_hash,
        is_administrator: false,
        system_id: None,
    };
    let id = users::insert(conn, &new, now).await?;
    let mut cols = columns(form);
    cols.push(("enabled_mark", number(&form.enabled_mark, 1).into()));
    cols.push(("creator_user_id", creator.to_string().into()));
    users::update(conn, &id, cols, now).await?;
    store_memberships(conn, &id, m, now).await?;
    Ok(id)
}

/// POST Users: a new user with the initial password (the configured default, else a
/// generated one), answered; the user must change it at the first sign-in.
pub async fn create(state: &AppState, permit: &Permit<AddUser>, form: UserForm) -> Result<CreatedUser, AppError> {
    let password = {
        let mut conn = state.db.acquire().await?;
        system::initial_password(&mut conn).await?
    };
    let hash = state.hasher.hash(&qiming_core::md5_hex(password.as_bytes())).await?;
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let m = check_new(&mut tx, &form).await?;
    let id = insert_new(&mut tx, &form, &m, &hash, &permit.caller().user_id, now).await?;
    tx.commit().await?;
    Ok(CreatedUser { id, initial_password: password })
}

/// PUT Users/{id}: only what is sent changes. Disabling a user ends their sessions; the
/// administrator and the caller cannot be disabled.
pub async fn update(state: &AppState, permit: &Permit<EditUser>, id: &str, form: UserForm) -> Result<(), AppError> {
    check(Form::User, &form, false)?;
    check_numbers(&form.sort_code, &Patch::Absent)?;
    // 2 (locked) is the sign-in throttle's, posted back by a client that showed it: kept.
    let enabled = match form.enabled_mark {
        Patch::Value(2) => Patch::Absent,
        Patch::Value(n) => Patch::Value(n),
        Patch::Null => Patch::Null,
        Patch::Absent => Patch::Absent,
    };
    check_state(&enabled)?;
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let u = users::by_id(&mut tx, permit.scope(), id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let (mut cols, m) = checked_change(&mut tx, id, &form).await?;
    if let Patch::Value(mark) = enabled
        && mark != u.enabled_mark
    {
        if mark == 0 {
            refuse_disabling(&u, permit.caller())?;
            access::session::end_all(&mut tx, id, Revoked::UserDisabled, now).await?;
        }
        cols.push(("enabled_mark", mark.into()));
    }
    store_change(&mut tx, id, cols, &m, &permit.caller().user_id, now).await?;
    tx.commit().await?;
    access::session::announce_ended(state, id);
    if m.changes_grants() {
        // Their roles, positions, groups or organisations changed: so may what they see.
        state.live.publish(crate::live::Event::permissions_of([id.to_string()], &permit.caller().user_id));
    }
    Ok(())
}

/// The columns and memberships a change of user `id` makes, each checked: a free account, an
/// existing manager, memberships that fit together.
async fn checked_change(conn: &mut Conn, id: &str, form: &UserForm) -> Result<(Vec<(&'static str, Arg)>, Memberships), AppError> {
    check_account(conn, &form.account, Some(id)).await?;
    check_manager(conn, &form.manager_id, Some(id)).await?;
    let m = memberships(conn, form, Some(id)).await?;
    Ok((columns(form), m))
}

async fn store_change(conn: &mut Conn, id: &str, mut cols: Vec<(&'static str, Arg)>, m: &Memberships, by: &str, now: i64) -> Result<(), AppError> {
    cols.push(("last_modify_user_id", by.to_string().into()));
    users::update(conn, id, cols, now).await?;
    store_memberships(conn, id, m, now).await
}

/// A user made by a system job (the third-party import) inside the job's transaction, under
/// the rules of POST Users; `password_hash` is of an initial password from
/// [`system::initial_password`], so the password must be changed at the first sign-in.
pub async fn create_in(conn: &mut Conn, job: &SystemJob, form: &UserForm, password_hash: &str, now: i64) -> Result<String, AppError> {
    let m = check_new(conn, form).await?;
    insert_new(conn, form, &m, password_hash, job.user_id(), now).await
}

/// A user changed by a system job inside the job's transaction, under the rules of PUT
/// Users/{id}; a job never changes a user's state (the form's enabledMark is refused).
pub async fn update_in(conn: &mut Conn, job: &SystemJob, id: &str, form: &UserForm, now: i64) -> Result<(), AppError> {
    if !form.enabled_mark.is_absent() {
        return Err(AppError::bad("同步不更改用户的状态"));
    }
    check(Form::User, form, false)?;
    check_numbers(&form.sort_code, &Patch::Absent)?;
    users::by_id(conn, &job.scope(), id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let (cols, m) = checked_change(conn, id, form).await?;
    store_change(conn, id, cols, &m, job.user_id(), now).await
}

fn refuse_disabling(u: &users::User, caller: &access::Session) -> Result<(), AppError> {
    if u.is_administrator == 1 {
        return Err(AppError::bad("不能更改管理员的状态"));
    }
    if u.id == caller.user_id {
        return Err(AppError::bad("不能更改自己的状态"));
    }
    Ok(())
}

/// PUT Users/{id}/Actions/State: enabled ↔ disabled (a locked user becomes enabled).
/// Disabling ends every session of the user in the same transaction, so no request of
/// theirs is served afterwards. Answers the new enabled mark.
pub async fn toggle(state: &AppState, permit: &Permit<EditUser>, id: &str) -> Result<i64, AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let u = users::by_id(&mut tx, permit.scope(), id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    refuse_disabling(&u, permit.caller())?;
    let enabled = if u.enabled_mark == 1 { 0 } else { 1 };
    users::update(&mut tx, &u.id, vec![("enabled_mark", enabled.into())], now).await?;
    if enabled == 0 {
        access::session::end_all(&mut tx, &u.id, Revoked::UserDisabled, now).await?;
    }
    tx.commit().await?;
    access::session::announce_ended(state, &u.id);
    Ok(enabled)
}

/// DELETE Users/{id}: never the administrator or oneself, nor someone still managing others
/// (hand their work over first). Memberships, grants and sessions go with the user.
pub async fn delete(state: &AppState, permit: &Permit<RemoveUser>, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let u = users::by_id(&mut tx, permit.scope(), id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    if u.is_administrator == 1 {
        return Err(AppError::bad("管理员不能删除"));
    }
    if u.id == permit.caller().user_id {
        return Err(AppError::bad("不能删除自己"));
    }
    if users::subordinates(&mut tx, id).await? > 0 {
        return Err(AppError::bad("该用户是其他用户的直属主管，请先移交工作"));
    }
    users::delete(&mut tx, id).await?;
    tx.commit().await?;
    access::session::announce_ended(state, id);
    Ok(())
}

/// POST Users/{id}/Actions/ResetPassword (ORG-022): both entries must match and keep the
/// password policy; the user's sessions end and the new password must be changed at the next
/// sign-in.
pub async fn reset_password(state: &AppState, permit: &Permit<EditUser>, id: &str, req: PasswordReset) -> Result<(), AppError> {
    let new = req.user_password.trim().to_ascii_lowercase();
    let repeat = req.validate_password.trim().to_ascii_lowercase();
    if new.is_empty() {
        return Err(AppError::field("userPassword", "新密码不能为空"));
    }
    if repeat.is_empty() {
        return Err(AppError::field("validatePassword", "请再次输入新密码"));
    }
    if let Some(m) = qiming_core::password::check_repeat(&new, &repeat) {
        return Err(AppError::field("validatePassword", m.text));
    }
    if !qiming_core::md5::is_md5_hex(&new) {
        return Err(AppError::field("userPassword", "密码格式错误"));
    }
    let now = state.clock.now_ms();
    let mut conn = state.db.acquire().await?;
    users::by_id(&mut conn, permit.scope(), id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    system::settings(&mut conn).await?.check_new_password(&new, req.plain_password.as_deref(), state.config.jnpf_clients, "userPassword")?;
    drop(conn);
    let hash = state.hasher.hash(&new).await?;
    let mut tx = state.db.begin().await?;
    users::update(&mut tx, id, vec![("password_hash", hash.into()), ("change_password_date", Arg::NullInt)], now).await?;
    access::session::end_all(&mut tx, id, Revoked::PasswordChanged, now).await?;
    tx.commit().await?;
    access::session::announce_ended(state, id);
    Ok(())
}

/// PUT Users/{id}/Actions/unlock: lifts the lock of too many failed sign-ins.
pub async fn unlock(state: &AppState, permit: &Permit<EditUser>, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let u = users::by_id(&mut tx, permit.scope(), id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    lockout::unlock(&mut tx, &u.account).await?;
    if u.enabled_mark == 2 {
        users::update(&mut tx, id, vec![("enabled_mark", 1.into())], state.clock.now_ms()).await?;
    }
    tx.commit().await?;
    Ok(())
}

fn items(pairs: Vec<(String, String)>) -> Vec<WorkItem> {
    pairs.into_iter().map(|(id, full_name)| WorkItem { id, full_name }).collect()
}

/// GET Users/getWorkByUser (ORG-023): what a user holds.
pub async fn work(state: &AppState, permit: &Permit<EditUser>, from: &str) -> Result<UserWork, AppError> {
    let mut conn = state.db.acquire().await?;
    users::by_id(&mut conn, permit.scope(), from).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    Ok(UserWork {
        role: items(users::held(&mut conn, from, "Role").await?),
        position: items(users::held(&mut conn, from, "Position").await?),
        group: items(users::held(&mut conn, from, "Group").await?),
        subordinate: items(users::subordinate_names(&mut conn, from).await?),
        organize: items(users::managed_organisations(&mut conn, from).await?),
    })
}

/// POST Users/workHandover (ORG-023): everything `fromId` holds passes to the other user in
/// one transaction.
pub async fn hand_over(state: &AppState, permit: &Permit<EditUser>, req: Handover) -> Result<(), AppError> {
    let (from, to) = (req.from_id.trim(), req.handover_user.trim());
    if to.is_empty() {
        return Err(AppError::field("handoverUser", "请选择交接人"));
    }
    if from == to {
        return Err(AppError::field("handoverUser", "交接人不能是本人"));
    }
    let mut tx = state.db.begin().await?;
    users::by_id(&mut tx, permit.scope(), from).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    let target = users::by_id(&mut tx, permit.scope(), to).await?.ok_or_else(|| AppError::field("handoverUser", "交接人不存在"))?;
    if target.enabled_mark == 0 {
        return Err(AppError::field("handoverUser", "交接人已被禁用"));
    }
    users::hand_over(&mut tx, from, to).await?;
    relations::refresh_current_position(&mut tx, &[from.to_string(), to.to_string()]).await?;
    tx.commit().await?;
    Ok(())
}

// ---- what the pickers read (any member; names only) -------------------------------------

/// The picker items of these users, with the path of their first organisation.
async fn user_items(conn: &mut Conn, rows: Vec<Pickable>) -> Result<Vec<UserItem>, AppError> {
    let ids: Vec<String> = rows.iter().map(|u| u.id.clone()).collect();
    let memberships = users::organisations(conn, &ids).await?;
    let paths = organisation_paths(&memberships);
    Ok(rows
        .into_iter()
        .map(|u| UserItem {
            full_name: format!("{}/{}", u.real_name, u.account),
            organize: paths.get(u.id.as_str()).and_then(|p| p.first()).map(|p| p.to_string()).unwrap_or_default(),
            head_icon: avatar(&u.head_icon),
            kind: "user".into(),
            icon: USER_ICON.into(),
            id: u.id,
            real_name: u.real_name,
            account: u.account,
        })
        .collect())
}

fn page_of(current_page: Option<i64>, page_size: Option<i64>) -> Result<Page, AppError> {
    crate::wire::PageQuery { current_page, page_size }.page()
}

/// GET Users/All: every enabled user (id → name lookups).
pub async fn all(state: &AppState, _caller: &Member) -> Result<Vec<UserItem>, AppError> {
    let mut conn = state.db.acquire().await?;
    let (rows, _) = users::pick(&mut conn, &Pick::default(), &DataScope::unrestricted(Reason::PickerTree), None).await?;
    user_items(&mut conn, rows).await
}

/// GET Users/ImUser (ORG-024): a page of chat contacts.
pub async fn contacts(state: &AppState, caller: &Member, keyword: Option<&str>, page: Page) -> Result<PageOf<ImContact>, AppError> {
    let mut conn = state.db.acquire().await?;
    let pick = Pick { keyword: Keyword::parse(keyword), ..Default::default() };
    let (rows, total) = users::pick(&mut conn, &pick, &DataScope::unrestricted(Reason::PickerTree), Some(page)).await?;
    let list = user_items(&mut conn, rows)
        .await?
        .into_iter()
        .filter(|u| u.id != caller.user_id)
        .map(|u| ImContact { id: u.id, real_name: u.real_name, account: u.account, head_icon: u.head_icon, department: u.organize })
        .collect();
    Ok(page.of(list, total))
}

fn organisation_node(o: &Organize, has_children: bool) -> UserNode {
    UserNode {
        id: o.id.clone(),
        parent_id: o.parent_id.clone(),
        full_name: o.full_name.clone(),
        kind: o.category.clone(),
        icon: organize_icon(&o.category).to_string(),
        head_icon: String::new(),
        organize: o.name_tree.clone(),
        has_children,
        is_leaf: !has_children,
        children: Vec::new(),
    }
}

fn user_node(u: UserItem, parent: &str) -> UserNode {
    UserNode {
        id: u.id,
        parent_id: parent.to_string(),
        full_name: u.full_name,
        kind: u.kind,
        icon: u.icon,
        head_icon: u.head_icon,
        organize: u.organize,
        has_children: false,
        is_leaf: true,
        children: Vec::new(),
    }
}

/// The lazy user tree under `node` ('0' the top): the organisations directly below it (of
/// those `within` allows), then the users who are members of it directly.
async fn lazy_nodes(conn: &mut Conn, node: &str, within: Option<&[String]>) -> Result<Vec<UserNode>, AppError> {
    let every = organisations::every(conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    let allowed = |o: &Organize| within.is_none_or(|trees| trees.iter().any(|t| o.id_tree == *t || o.id_tree.starts_with(&format!("{t},"))));
    let present: BTreeSet<&str> = every.iter().filter(|o| allowed(o)).map(|o| o.id.as_str()).collect();
    let top = matches!(node, "" | "0" | "-1");
    let below: Vec<&Organize> = every
        .iter()
        .filter(|o| allowed(o))
        .filter(|o| if top { !present.contains(o.parent_id.as_str()) } else { o.parent_id == node })
        .collect();
    let mut nodes: Vec<UserNode> = below.iter().map(|o| organisation_node(o, true)).collect();
    if !top && present.contains(node) {
        let here = [node.to_string()];
        let (rows, _) = users::pick(conn, &Pick { members_of: Some(&here), ..Default::default() }, &DataScope::unrestricted(Reason::PickerTree), None).await?;
        nodes.extend(user_items(conn, rows).await?.into_iter().map(|u| user_node(u, node)));
    }
    Ok(nodes)
}

/// A page of users matching a keyword, as nodes.
async fn searched_nodes(conn: &mut Conn, keyword: Keyword, page: Page, members_of: Option<&[String]>) -> Result<PageOf<UserNode>, AppError> {
    let pick = Pick { keyword: Some(keyword), members_of, ..Default::default() };
    let (rows, total) = users::pick(conn, &pick, &DataScope::unrestricted(Reason::PickerTree), Some(page)).await?;
    let list = user_items(conn, rows).await?.into_iter().map(|u| user_node(u, "0")).collect();
    Ok(page.of(list, total))
}

/// POST Users/ImUser/Selector/{nodeId} (ORG-011, ORG-012): without a keyword the
/// organisations and users under a node; with one a flat page of users.
pub async fn tree(state: &AppState, _caller: &Member, node: &str, req: TreeRequest) -> Result<PageOf<UserNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let page = page_of(req.current_page, req.page_size)?;
    if let Some(keyword) = Keyword::parse(req.keyword.as_deref()) {
        return searched_nodes(&mut conn, keyword, page, None).await;
    }
    let nodes = lazy_nodes(&mut conn, node, None).await?;
    let total = nodes.len() as i64;
    Ok(Page { current_page: 1, page_size: total.max(1) }.of(nodes, total))
}

/// POST Users/GetListByAuthorize/{organizeId}: the same tree limited to what the caller
/// manages (everything for an administrator; else their organisation and below).
pub async fn tree_by_authorize(state: &AppState, caller: &Member, node: &str, req: TreeRequest) -> Result<PageOf<UserNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let within: Option<Vec<String>> = if caller.is_administrator {
        None
    } else {
        Some(organisations::node(&mut conn, &DataScope::unrestricted(Reason::PickerTree), &caller.organize_id).await?.map(|o| vec![o.id_tree]).unwrap_or_default())
    };
    let page = page_of(req.current_page, req.page_size)?;
    if let Some(keyword) = Keyword::parse(req.keyword.as_deref()) {
        let orgs: Option<Vec<String>> = match &within {
            None => None,
            Some(trees) => Some(
                organisations::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree))
                    .await?
                    .into_iter()
                    .filter(|o| trees.iter().any(|t| o.id_tree == *t || o.id_tree.starts_with(&format!("{t},"))))
                    .map(|o| o.id)
                    .collect(),
            ),
        };
        return searched_nodes(&mut conn, keyword, page, orgs.as_deref()).await;
    }
    let nodes = lazy_nodes(&mut conn, node, within.as_deref()).await?;
    let total = nodes.len() as i64;
    Ok(Page { current_page: 1, page_size: total.max(1) }.of(nodes, total))
}

/// GET Users/Selector: the whole tree of companies, departments and their users.
pub async fn selector(state: &AppState, _caller: &Member) -> Result<Vec<UserNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let every = organisations::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    let (rows, _) = users::pick(&mut conn, &Pick::default(), &DataScope::unrestricted(Reason::PickerTree), None).await?;
    let ids: Vec<String> = rows.iter().map(|u| u.id.clone()).collect();
    let memberships = users::organisations(&mut conn, &ids).await?;
    let people = user_items(&mut conn, rows).await?;
    let mut under: BTreeMap<&str, Vec<UserNode>> = BTreeMap::new();
    for m in &memberships {
        if let Some(u) = people.iter().find(|u| u.id == m.user_id) {
            under.entry(m.organize_id.as_str()).or_default().push(user_node(u.clone(), &m.organize_id));
        }
    }
    Ok(organisation_forest(&every, &mut |o| under.remove(o.id.as_str()).unwrap_or_default()))
}

/// The organisation tree as user-tree nodes, each with `leaves(organisation)` after its
/// sub-organisations.
fn organisation_forest(rows: &[Organize], leaves: &mut impl FnMut(&Organize) -> Vec<UserNode>) -> Vec<UserNode> {
    let present: BTreeSet<&str> = rows.iter().map(|o| o.id.as_str()).collect();
    fn build(o: &Organize, rows: &[Organize], leaves: &mut impl FnMut(&Organize) -> Vec<UserNode>) -> UserNode {
        let mut children: Vec<UserNode> = rows.iter().filter(|c| c.parent_id == o.id && c.id != o.id).map(|c| build(c, rows, leaves)).collect();
        children.extend(leaves(o));
        let mut node = organisation_node(o, !children.is_empty());
        node.children = children;
        node
    }
    rows.iter().filter(|o| !present.contains(o.parent_id.as_str())).map(|o| build(o, rows, leaves)).collect()
}

/// GET Users/getOrganization (ORG-015): the users of the caller's organisation.
pub async fn same_organisation(state: &AppState, caller: &Member, keyword: Option<&str>) -> Result<Vec<UserItem>, AppError> {
    let mut conn = state.db.acquire().await?;
    if caller.organize_id.is_empty() {
        return Ok(Vec::new());
    }
    let here = [caller.organize_id.clone()];
    let pick = Pick { keyword: Keyword::parse(keyword), members_of: Some(&here), ..Default::default() };
    let (rows, _) = users::pick(&mut conn, &pick, &DataScope::unrestricted(Reason::PickerTree), None).await?;
    user_items(&mut conn, rows).await
}

/// POST Users/getSubordinates (ORG-016): the users whose manager the caller is.
pub async fn subordinates(state: &AppState, caller: &Member, keyword: Option<&str>) -> Result<Vec<UserItem>, AppError> {
    let mut conn = state.db.acquire().await?;
    let pick = Pick { keyword: Keyword::parse(keyword), manager: Some(&caller.user_id), ..Default::default() };
    let (rows, _) = users::pick(&mut conn, &pick, &DataScope::unrestricted(Reason::PickerTree), None).await?;
    user_items(&mut conn, rows).await
}

/// POST Users/UserCondition (ORG-017): a page of the users named or holding a membership of
/// any of these departments, positions, roles or groups.
pub async fn condition(state: &AppState, _caller: &Member, req: UserCondition) -> Result<PageOf<UserItem>, AppError> {
    let page = page_of(req.pagination.current_page, req.pagination.page_size)?;
    let objects: Vec<String> = [req.depart_ids, req.position_ids, req.role_ids, req.group_ids].concat();
    let mut conn = state.db.acquire().await?;
    let pick = Pick { keyword: Keyword::parse(req.pagination.keyword.as_deref()), ids: Some(&req.user_ids), members_of: Some(&objects), manager: None };
    let (rows, total) = users::pick(&mut conn, &pick, &DataScope::unrestricted(Reason::PickerTree), Some(page)).await?;
    Ok(page.of(user_items(&mut conn, rows).await?, total))
}

/// POST Users/getUserList (ORG-014): these users, in the order asked (`currentUser` skipped).
pub async fn by_ids(state: &AppState, _caller: &Member, ids: Vec<String>) -> Result<Vec<UserItem>, AppError> {
    let ids: Vec<String> = ids.into_iter().filter(|id| id != CURRENT_USER && !id.is_empty()).collect();
    let mut conn = state.db.acquire().await?;
    let (rows, _) = users::pick(&mut conn, &Pick { ids: Some(&ids), ..Default::default() }, &DataScope::unrestricted(Reason::PickerTree), None).await?;
    let mut found = user_items(&mut conn, rows).await?;
    found.sort_by_key(|u| ids.iter().position(|id| *id == u.id));
    Ok(found)
}

/// The objects of mixed ids (`"{id}--{type}"`) by kind; a bare id is a user.
fn decode_mixed(values: &[String]) -> Vec<(String, String)> {
    values
        .iter()
        .filter(|v| v.as_str() != CURRENT_USER && !v.is_empty())
        .map(|v| match qiming_core::picker::decode_mixed_id(v) {
            Some((id, kind)) => (id.to_string(), kind.to_string()),
            None => (v.clone(), "user".to_string()),
        })
        .collect()
}

/// POST Users/getSelectedList (ORG-018): the entries of a mixed picker's value with their
/// names, bare ids, in the order asked; unknown entries are left out.
pub async fn selected(state: &AppState, _caller: &Member, values: Vec<String>) -> Result<Vec<SelectedItem>, AppError> {
    let wanted = decode_mixed(&values);
    let mut conn = state.db.acquire().await?;
    let user_ids: Vec<String> = wanted.iter().filter(|(_, k)| k == "user").map(|(id, _)| id.clone()).collect();
    let (rows, _) = users::pick(&mut conn, &Pick { ids: Some(&user_ids), ..Default::default() }, &DataScope::unrestricted(Reason::PickerTree), None).await?;
    let people = user_items(&mut conn, rows).await?;
    let others: Vec<String> = wanted.iter().filter(|(_, k)| k != "user").map(|(id, _)| id.clone()).collect();
    let names = users::object_names(&mut conn, &others).await?;
    let every = organisations::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    let mut out = Vec::new();
    for (id, kind) in wanted {
        if kind == "user" {
            if let Some(u) = people.iter().find(|u| u.id == id) {
                out.push(SelectedItem { id, kind, full_name: u.full_name.clone(), head_icon: u.head_icon.clone(), organize: u.organize.clone(), icon: u.icon.clone() });
            }
        } else if let Some((name, organize)) = names.get(&id) {
            let icon = match kind.as_str() {
                "company" | "department" => organize_icon(&kind).to_string(),
                "role" => "icon-ym icon-ym-generator-role".to_string(),
                "position" => "icon-ym icon-ym-tree-position1".to_string(),
                _ => "icon-ym icon-ym-generator-group1".to_string(),
            };
            let organize = match kind.as_str() {
                "company" | "department" => every.iter().find(|o| o.id == id).map(|o| o.name_tree.clone()).unwrap_or_default(),
                _ => organize.clone(),
            };
            out.push(SelectedItem { id, kind, full_name: name.clone(), head_icon: String::new(), organize, icon });
        }
    }
    Ok(out)
}

/// POST Users/getSelectedUserList (ORG-013): a page of the users these mixed ids reach (the
/// users named, and the members of the organisations, roles, positions and groups named).
pub async fn selected_users(state: &AppState, _caller: &Member, req: SelectedUsers) -> Result<PageOf<UserItem>, AppError> {
    let page = page_of(req.pagination.current_page, req.pagination.page_size)?;
    let wanted = decode_mixed(&req.user_id);
    let user_ids: Vec<String> = wanted.iter().filter(|(_, k)| k == "user").map(|(id, _)| id.clone()).collect();
    let objects: Vec<String> = wanted.iter().filter(|(_, k)| k != "user").map(|(id, _)| id.clone()).collect();
    let mut conn = state.db.acquire().await?;
    let pick = Pick { keyword: Keyword::parse(req.pagination.keyword.as_deref()), ids: Some(&user_ids), members_of: Some(&objects), manager: None };
    let (rows, total) = users::pick(&mut conn, &pick, &DataScope::unrestricted(Reason::PickerTree), Some(page)).await?;
    Ok(page.of(user_items(&mut conn, rows).await?, total))
}

/// GET Users/GetUsersByPositionId: the organisation tree down to the holders of a position.
pub async fn by_position(state: &AppState, _caller: &Member, q: PositionUsersQuery) -> Result<Vec<UserNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let every = organisations::every(&mut conn, &DataScope::unrestricted(Reason::PickerTree)).await?;
    let Some(owner) = users::position_organisations(&mut conn, std::slice::from_ref(&q.position_id)).await?.into_iter().next() else {
        return Ok(Vec::new());
    };
    let holders = [q.position_id.clone()];
    let (rows, _) = users::pick(&mut conn, &Pick { members_of: Some(&holders), ..Default::default() }, &DataScope::unrestricted(Reason::PickerTree), None).await?;
    let people: Vec<UserNode> = user_items(&mut conn, rows).await?.into_iter().map(|u| user_node(u, &owner.1)).collect();
    // The position's organisation with its ancestors, the holders under it.
    let path: Vec<String> = every.iter().find(|o| o.id == owner.1).map(|o| o.id_tree.split(',').map(str::to_string).collect()).unwrap_or_default();
    let chain: Vec<Organize> = every.into_iter().filter(|o| path.contains(&o.id)).collect();
    let mut people = Some(people);
    Ok(organisation_forest(&chain, &mut |o| if o.id == owner.1 { people.take().unwrap_or_default() } else { Vec::new() }))
}

/// GET Users/GetUsersByRoleOrgId: lazily, the organisations under a node and the users there
/// holding the role.
pub async fn by_role(state: &AppState, _caller: &Member, q: RoleUsersQuery) -> Result<Vec<UserNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let node = q.organize_id.as_deref().map(str::trim).unwrap_or("0");
    let keyword = Keyword::parse(q.keyword.as_deref());
    let mut nodes: Vec<UserNode> = lazy_nodes(&mut conn, node, None)
        .await?
        .into_iter()
        .filter(|n| n.kind == COMPANY || n.kind == "department")
        .collect();
    if !matches!(node, "" | "0" | "-1") {
        let rows = users::role_members_in(&mut conn, &q.role_id, node).await?;
        let rows = rows.into_iter().filter(|u| keyword.as_ref().is_none_or(|k| k.matches(&u.real_name) || k.matches(&u.account))).collect();
        nodes.extend(user_items(&mut conn, rows).await?.into_iter().map(|u| user_node(u, node)));
    }
    Ok(nodes)
}

// ---- the administrator list of the system configuration (SYS-008, SYS-009) --------------

/// The account the first start creates; it stays an administrator.
const BUILT_IN_ADMINISTRATOR: &str = "admin";

/// GET SysConfig/getAdminList: the administrators, as picker items.
pub async fn administrators(state: &AppState, _admin: &Admin) -> Result<Vec<UserItem>, AppError> {
    let mut conn = state.db.acquire().await?;
    let ids = users::administrators(&mut conn).await?;
    let (rows, _) = users::pick(&mut conn, &Pick { ids: Some(&ids), ..Default::default() }, &DataScope::unrestricted(Reason::PickerTree), None).await?;
    user_items(&mut conn, rows).await
}

/// PUT SysConfig/setAdminList: exactly these users are administrators. Every id must be a
/// user; the caller and the built-in `admin` cannot be taken off (nobody could put them
/// back, or the platform would be left without its first administrator).
pub async fn set_administrators(state: &AppState, admin: &Admin, ids: Vec<String>) -> Result<(), AppError> {
    let mut ids: Vec<String> = ids.into_iter().map(|id| id.trim().to_string()).filter(|id| !id.is_empty()).collect();
    ids.sort();
    ids.dedup();
    let mut tx = state.db.begin().await?;
    let found = users::existing(&mut tx, Object::User, &ids).await?;
    if found.len() != ids.len() {
        return Err(AppError::bad("所选用户不存在，请重新选择"));
    }
    if !ids.contains(&admin.user_id) {
        return Err(AppError::bad("不能取消自己的管理员身份"));
    }
    if let Some(built_in) = users::credentials(&mut tx, BUILT_IN_ADMINISTRATOR).await? {
        if !ids.contains(&built_in.id) {
            return Err(AppError::bad("不能取消内置管理员admin的管理员身份"));
        }
    }
    let before = users::administrators(&mut tx).await?;
    users::set_administrators(&mut tx, &ids, state.clock.now_ms()).await?;
    tx.commit().await?;
    // Who became or stopped being an administrator now sees other menus and data: their open
    // pages are told to refresh, as a role's grants do.
    let changed = ids.iter().filter(|id| !before.contains(id)).chain(before.iter().filter(|id| !ids.contains(id))).cloned();
    state.live.publish(crate::live::Event::permissions_of(changed, &admin.user_id));
    Ok(())
}
