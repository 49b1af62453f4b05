//! The third-party import's writer (SYS-006/007 type 1): the departments and users read from
//! DingTalk or WeCom become organisations and users through the organisation and user
//! services' job entry points, inside the import's transaction, each linked to the id the
//! service knows it by (base_syn_third_info). The system area reads the service and holds
//! the transaction; this area owns the organisations and users, so the writing is here and
//! the crate root hands it to the system area ([`WriteDirectory`]).

use crate::access::{DataScope, Reason, SystemJob};
use crate::db::Conn;
use crate::error::AppError;
use crate::permission::organize::dto::DepartmentForm;
use crate::permission::organize::repo::{self as organisations, Organize};
use crate::permission::organize::service::{self as organize, COMPANY};
use crate::permission::user::UserForm;
use crate::permission::user::service as user;
use crate::system::third_party::repo::{self, NewRecord};
use crate::system::third_party::service::{Directory, ListedDepartment, ListedUser, MSG_SYNCED, Object, ROOT_DEPARTMENT, SYNCED, Third, WriteDirectory};
use crate::wire::Patch;
use futures_util::future::BoxFuture;
use std::collections::{HashMap, HashSet};

/// The writer as the system area takes it.
pub const WRITER: WriteDirectory = boxed;

fn boxed<'a>(conn: &'a mut Conn, job: &'a SystemJob, directory: Directory<'a>) -> BoxFuture<'a, Result<(), AppError>> {
    Box::pin(write(conn, job, directory))
}

/// Writes what an import read: its departments, or (when it brings users) its users into the
/// organisations of their departments imported before.
pub async fn write(conn: &mut Conn, job: &SystemJob, d: Directory<'_>) -> Result<(), AppError> {
    let company = repo::top_company(conn).await?.ok_or_else(|| AppError::bad("请先创建公司：第三方的部门将同步到第一个顶级公司之下"))?;
    let mut placed: HashMap<String, String> = HashMap::from([(ROOT_DEPARTMENT.to_string(), company.clone())]);
    match d.users {
        None => pull_departments(conn, job, d.third, d.departments, &company, &mut placed, d.now).await,
        Some(users) => {
            for department in d.departments {
                if let Some(o) = linked_organisation(conn, d.third, &department.id).await? {
                    placed.insert(department.id.clone(), o.id);
                }
            }
            pull_users(conn, job, d.third, users, &placed, &company, d.password_hash, d.now).await
        }
    }
}

/// An error of one object of an import as a message naming it; any other error stays as it is.
fn naming(what: String, e: AppError) -> AppError {
    match e.into_reason() {
        Ok(reason) => AppError::bad(format!("{what}失败：{reason}")),
        Err(e) => e,
    }
}

/// Stores the link of an imported object (its record, as a successful sync).
async fn link(conn: &mut Conn, third: Third, object: Object, sys_id: &str, third_id: &str, now: i64) -> Result<(), AppError> {
    let new = NewRecord { third_type: third.code(), object_type: object.code(), sys_id, third_id, state: SYNCED, message: MSG_SYNCED, at: now };
    repo::store_record(conn, &new).await
}

/// The organisation the service's department `third_id` is linked to, while it exists.
async fn linked_organisation(conn: &mut Conn, third: Third, third_id: &str) -> Result<Option<Organize>, AppError> {
    match repo::by_third_id(conn, third.code(), Object::Organisation.code(), third_id).await? {
        Some(r) => organisations::node(conn, &DataScope::unrestricted(Reason::SystemJob), &r.sys_id).await,
        None => Ok(None),
    }
}

/// The service's departments, parents first; one whose parent the service does not list
/// goes under the company.
async fn pull_departments(
    conn: &mut Conn,
    job: &SystemJob,
    third: Third,
    departments: &[ListedDepartment],
    company: &str,
    placed: &mut HashMap<String, String>,
    now: i64,
) -> Result<(), AppError> {
    let listed: HashSet<&str> = departments.iter().map(|d| d.id.as_str()).collect();
    let mut pending: Vec<&ListedDepartment> = departments.iter().collect();
    while !pending.is_empty() {
        let (ready, rest): (Vec<&ListedDepartment>, Vec<&ListedDepartment>) =
            pending.into_iter().partition(|d| placed.contains_key(&d.parent) || !listed.contains(d.parent.as_str()));
        if ready.is_empty() {
            return Err(AppError::bad(format!("{}的部门上下级关系有循环", third.name())));
        }
        for d in ready {
            let parent = placed.get(&d.parent).cloned().unwrap_or_else(|| company.to_string());
            let id = pull_department(conn, job, third, d, &parent, now).await.map_err(|e| naming(format!("同步部门“{}”", d.name), e))?;
            placed.insert(d.id.clone(), id);
        }
        pending = rest;
    }
    Ok(())
}

async fn pull_department(conn: &mut Conn, job: &SystemJob, third: Third, d: &ListedDepartment, parent: &str, now: i64) -> Result<String, AppError> {
    let id = match linked_organisation(conn, third, &d.id).await? {
        // A company sent by type 0 stays as this system has it.
        Some(o) if o.category == COMPANY => o.id,
        Some(o) => {
            if o.full_name != d.name || o.parent_id != parent {
                let form = DepartmentForm { parent_id: Patch::Value(parent.to_string()), full_name: Patch::Value(d.name.clone()), ..Default::default() };
                organize::update_department_in(conn, job, &o.id, form, now).await?;
            }
            o.id
        }
        None => {
            let form = DepartmentForm {
                parent_id: Patch::Value(parent.to_string()),
                full_name: Patch::Value(d.name.clone()),
                en_code: Patch::Value(format!("{}.{}", third.code_prefix(), d.id)),
                sort_code: Patch::Value(d.order.clamp(0, 999_999)),
                enabled_mark: Patch::Value(1),
                ..Default::default()
            };
            organize::create_department_in(conn, job, form, now).await?
        }
    };
    link(conn, third, Object::Organisation, &id, &d.id, now).await?;
    Ok(id)
}

/// The service's users, in the organisations their departments are placed in.
#[allow(clippy::too_many_arguments)]
async fn pull_users(
    conn: &mut Conn,
    job: &SystemJob,
    third: Third,
    users: &[ListedUser],
    placed: &HashMap<String, String>,
    company: &str,
    password_hash: &str,
    now: i64,
) -> Result<(), AppError> {
    let scope = job.scope();
    let current: HashMap<String, repo::User> = repo::users(conn, &scope).await?.into_iter().map(|u| (u.id.clone(), u)).collect();
    let mut member_of: HashMap<String, Vec<String>> = HashMap::new();
    for (u, o) in repo::memberships(conn, &scope).await? {
        member_of.entry(u).or_default().push(o);
    }
    for u in users {
        let mut organisations: Vec<String> = Vec::new();
        for o in u.departments.iter().filter_map(|d| placed.get(d)) {
            if !organisations.contains(o) {
                organisations.push(o.clone());
            }
        }
        if organisations.is_empty() {
            organisations.push(company.to_string());
        }
        let tree = Patch::Value(organisations.iter().map(|o| vec![o.clone()]).collect());
        let linked = match repo::by_third_id(conn, third.code(), Object::User.code(), &u.userid).await?.and_then(|r| current.get(&r.sys_id)) {
            Some(c) => Some(c),
            // Not linked yet (say a type-0 send failed): the type-0 sync sends the account as
            // the userid, so a user with that account is the same person.
            None => current.values().find(|c| c.account == u.userid),
        };
        let outcome = match linked {
            // Administrators are kept in Qiming only: a service user with an administrator's
            // account (say `admin`) is linked to it but never changes it.
            Some(c) if c.is_administrator != 0 => Ok(c.id.clone()),
            Some(c) => {
                let (mut have, mut want) = (member_of.get(&c.id).cloned().unwrap_or_default(), organisations.clone());
                have.sort();
                want.sort();
                if c.real_name != u.name || c.mobile_phone != u.mobile || c.email != u.email || have != want {
                    let form = UserForm {
                        real_name: Patch::Value(u.name.clone()),
                        mobile_phone: Patch::Value(u.mobile.clone()),
                        email: Patch::Value(u.email.clone()),
                        organize_id_tree: tree,
                        ..Default::default()
                    };
                    user::update_in(conn, job, &c.id, &form, now).await.map(|()| c.id.clone())
                } else {
                    Ok(c.id.clone())
                }
            }
            None => {
                let form = UserForm {
                    account: Patch::Value(u.userid.clone()),
                    real_name: Patch::Value(u.name.clone()),
                    gender: Patch::Value(serde_json::Value::String(u.gender.clone())),
                    mobile_phone: Patch::Value(u.mobile.clone()),
                    email: Patch::Value(u.email.clone()),
                    organize_id_tree: tree,
                    enabled_mark: Patch::Value(1),
                    ..Default::default()
                };
                user::create_in(conn, job, &form, password_hash, now).await
            }
        };
        let id = outcome.map_err(|e| naming(format!("同步用户“{}”", u.name), e))?;
        link(conn, third, Object::User, &id, &u.userid, now).await?;
    }
    Ok(())
}
