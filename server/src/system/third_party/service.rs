//! The rules of the third-party office chat calls (SYS-004..007): which credentials a test
//! or a sync uses, where the services are, in which order organisations go, when an object
//! is created and when updated, and what counts as synced.
//!
//! A sync sends every organisation (company or department) as a department — those at the
//! top under the service's root department 1, the others under their parent's department —
//! parents before children; then every user, into the departments of their organisations
//! that are synced (the root when none is). An object sent before is updated under the id the
//! service gave it (created again when the service no longer knows it); one never sent is
//! created. Each outcome is stored at once (base_syn_third_info), so a run cut short keeps
//! what it did and the next one updates instead of creating twice. The settings' "sync
//! organisations / users" flags (`qyhIsSynOrg`, `dingSynIsSynUser`, …) are kept for the page;
//! the sync buttons work whatever they say.
//!
//! The import (type 1) goes the other way: it reads the service's departments (and, for
//! users, its users) in full first, then writes in one transaction — a failure anywhere
//! leaves nothing written. Departments become departments under the first top company (the
//! service's root is that company), parents first; users become users in the organisations
//! of their departments (the company when none is imported yet). Both go through the
//! organisation and user services' own rules as a [`SystemJob`] (the writer is the permission
//! area's, handed in as [`WriteDirectory`]). An object is matched by the
//! id the service knows it by (its record, so objects sent by type 0 are matched too):
//! a matched one is changed only when its name, parent (departments) or name, mobile number,
//! email and organisations (users) differ; a new one is created. Nothing is deleted.

pub use super::third::Third;
use super::client::{Client, Department, Failure, User as ThirdUser};
pub use super::client::{ListedDepartment, ListedUser, ROOT_DEPARTMENT};
use super::dto::{DingTalkTestForm, SyncTotal, WeComTestForm};
use super::repo::{self, CountOf, NewRecord};
use crate::state::AppState;
use crate::access::{Admin, DataScope, SystemJob};
use crate::db::Conn;
use crate::error::{AppError, FieldErrors};
use crate::support::new_id;
use futures_util::future::BoxFuture;
use crate::system::service::{SECRET_MASK, SysConfig, settings};
use std::collections::{HashMap, HashSet};


/// What a sync sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Object {
    /// Companies and departments (组织).
    Organisation,
    /// Users (用户).
    User,
}

impl Object {
    pub fn code(self) -> i64 {
        match self {
            Object::Organisation => 1,
            Object::User => 2,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Object::Organisation => "组织",
            Object::User => "用户",
        }
    }
}

/// A record's state: the last attempt succeeded, or failed.
pub const SYNCED: i64 = 1;
const FAILED: i64 = 2;
/// What a successful record says.
pub const MSG_SYNCED: &str = "同步成功";
/// A run older than this no longer holds the lease (its process died).
const STALE_RUN_MS: i64 = 10 * 60 * 1000;

/// The answer of a sync call while another run of the same kind is going on (the client
/// then only shows it).
pub const MSG_RUNNING: &str = "正在进行同步,请稍等";

/// The service at its configured address (http:// or https://).
fn client(state: &AppState, third: Third) -> Result<Client, AppError> {
    let configured = match third {
        Third::WeCom => &state.config.wecom_base_url,
        Third::DingTalk => &state.config.dingtalk_base_url,
    };
    let url = configured.trim();
    let scheme = |s: &str| url.get(..s.len()).is_some_and(|p| p.eq_ignore_ascii_case(s));
    if !scheme("http://") && !scheme("https://") {
        return Err(AppError::bad(format!("{}的接口地址{}须以http://或https://开头", third.name(), third.variable())));
    }
    Ok(Client::new(third, url, state.http.clone()))
}

/// A stored text setting ('' when missing).
fn stored(config: &SysConfig, key: &str) -> String {
    match config.get(key) {
        Some(serde_json::Value::String(s)) => s.trim().to_string(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// A value of a test form: what was sent, or the stored setting when it was left out (or,
/// for a secret, sent back as the mask the page was shown).
fn sent_or_stored(sent: Option<String>, config: &SysConfig, key: &str, secret: bool) -> String {
    match sent {
        Some(s) if !(secret && s.trim() == SECRET_MASK) => s.trim().to_string(),
        _ => stored(config, key),
    }
}

/// Refuses empty credentials, naming each field.
fn require(values: &[(&str, &str, &str)]) -> Result<(), AppError> {
    let mut errors = FieldErrors::new();
    for (field, value, msg) in values {
        if value.is_empty() {
            errors.entry(field.to_string()).or_default().push(msg.to_string());
        }
    }
    if errors.is_empty() { Ok(()) } else { Err(AppError::fields(errors)) }
}

/// POST SysConfig/{type}/testQyWebChatConnect: a WeCom access token for the corp id and the
/// application's Secret (type 0, 连接测试) or the contacts-sync Secret (type 1, 同步测试).
/// A refusal answers the service's errmsg.
pub async fn test_wecom(state: &AppState, _admin: &Admin, kind: &str, form: WeComTestForm) -> Result<(), AppError> {
    let (secret_key, secret_sent, secret_msg) = match kind.trim() {
        "0" => ("qyhAgentSecret", form.qyh_agent_secret, "请填写应用Secret"),
        "1" => ("qyhCorpSecret", form.qyh_corp_secret, "请填写通讯录同步Secret"),
        _ => return Err(AppError::bad("测试类型只能是0（连接测试）或1（同步测试）")),
    };
    let config = settings(&mut *state.db.acquire().await?).await?;
    let corp_id = sent_or_stored(form.qyh_corp_id, &config, "qyhCorpId", false);
    let secret = sent_or_stored(secret_sent, &config, secret_key, true);
    require(&[("qyhCorpId", &corp_id, "请填写企业ID"), (secret_key, &secret, secret_msg)])?;
    let client = client(state, Third::WeCom)?;
    client.token(&corp_id, &secret).await.map_err(|f| AppError::bad(f.errmsg))?;
    Ok(())
}

/// POST SysConfig/testDingTalkConnect: a DingTalk access token for the AppKey and AppSecret.
pub async fn test_dingtalk(state: &AppState, _admin: &Admin, form: DingTalkTestForm) -> Result<(), AppError> {
    let config = settings(&mut *state.db.acquire().await?).await?;
    let key = sent_or_stored(form.ding_syn_app_key, &config, "dingSynAppKey", false);
    let secret = sent_or_stored(form.ding_syn_app_secret, &config, "dingSynAppSecret", true);
    require(&[("dingSynAppKey", &key, "请填写AppKey"), ("dingSynAppSecret", &secret, "请填写AppSecret")])?;
    let client = client(state, Third::DingTalk)?;
    client.token(&key, &secret).await.map_err(|f| AppError::bad(f.errmsg))?;
    Ok(())
}

/// GET SynThirdInfo/getSynThirdTotal/{type}: the organisations' row, then the users'.
pub async fn totals(state: &AppState, admin: &Admin, third: Third) -> Result<Vec<SyncTotal>, AppError> {
    let scope = admin.scope();
    Ok(vec![total(state, &scope, third, Object::Organisation).await?, total(state, &scope, third, Object::User).await?])
}

async fn total(state: &AppState, scope: &DataScope, third: Third, object: Object) -> Result<SyncTotal, AppError> {
    let mut conn = state.db.acquire().await?;
    let of = CountOf { third_type: third.code(), object_type: object.code(), success: SYNCED, failed: FAILED };
    let counts = match object {
        Object::Organisation => repo::organisation_counts(&mut conn, scope, &of).await?,
        Object::User => repo::user_counts(&mut conn, scope, &of).await?,
    };
    Ok(SyncTotal {
        syn_type: object.label().to_string(),
        record_total: counts.total,
        syn_success_count: counts.success,
        syn_fail_count: counts.failed,
        un_syn_count: counts.total - counts.success - counts.failed,
        syn_date: counts.last,
    })
}

/// What a sync call answers: the kind's totals after the run, or while another runs.
pub struct Synced {
    pub total: SyncTotal,
    /// Another run of the same kind was going on; this one did nothing.
    pub running: bool,
}

/// GET SynThirdInfo/synAll{Organize|User}SysTo{Qy|Ding}?type=: type 0 sends this system's
/// organisations or users to the service; type 1 brings the service's departments or users
/// into this system.
pub async fn sync(state: &AppState, admin: &Admin, third: Third, object: Object, direction: Option<i64>) -> Result<Synced, AppError> {
    let import = match direction {
        Some(0) => false,
        Some(1) => true,
        _ => return Err(AppError::field("type", "同步方向只能是0（本系统同步到第三方）或1（第三方同步到本系统）")),
    };
    let config = settings(&mut *state.db.acquire().await?).await?;
    let (key, secret) = match third {
        Third::WeCom => (stored(&config, "qyhCorpId"), stored(&config, "qyhCorpSecret")),
        Third::DingTalk => (stored(&config, "dingSynAppKey"), stored(&config, "dingSynAppSecret")),
    };
    if key.is_empty() || secret.is_empty() {
        return Err(AppError::bad(match third {
            Third::WeCom => "请先在系统配置中填写企业微信的企业ID和通讯录同步Secret并保存",
            Third::DingTalk => "请先在系统配置中填写钉钉的AppKey和AppSecret并保存",
        }));
    }
    let client = client(state, third)?;
    let scope = admin.scope();

    let run_id = new_id();
    let now = state.clock.now_ms();
    let taken = repo::take_run(&mut *state.db.acquire().await?, third.code(), object.code(), &run_id, now, now - STALE_RUN_MS).await?;
    if !taken {
        return Ok(Synced { total: total(state, &scope, third, object).await?, running: true });
    }
    // The run goes on in a task of its own: should the request be cut short (a timeout, the
    // client gone), it still finishes, stores every outcome and gives the lease back.
    let task_state = state.clone();
    let task_scope = scope.clone();
    let job = SystemJob::started_by(admin);
    let run = tokio::spawn(async move {
        let outcome = async {
            let token = client.token(&key, &secret).await.map_err(|f| AppError::bad(format!("获取{}access_token失败：{}", third.name(), f.errmsg)))?;
            match (import, object) {
                (true, _) => pull(&task_state, &job, third, object, &client, &token).await,
                (false, Object::Organisation) => push_organisations(&task_state, &task_scope, third, &client, &token).await,
                (false, Object::User) => push_users(&task_state, &task_scope, third, &client, &token).await,
            }
        }
        .await;
        let released = async { repo::end_run(&mut *task_state.db.acquire().await?, third.code(), object.code(), &run_id).await }.await;
        if let Err(e) = released {
            tracing::warn!(error = %e, "the third-party sync lease was not given back; it lapses by itself");
        }
        outcome
    });
    run.await.map_err(|e| AppError::Internal(anyhow::anyhow!("the sync task failed: {e}")))??;
    Ok(Synced { total: total(state, &scope, third, object).await?, running: false })
}

/// Stores one object's outcome: the service's id on success; on failure the id it had
/// (so that a later run still updates it) and the reason.
async fn record(state: &AppState, third: Third, object: Object, sys_id: &str, outcome: &Result<String, String>, had: Option<&String>) -> Result<(), AppError> {
    let (third_id, state_code, message) = match outcome {
        Ok(id) => (id.as_str(), SYNCED, MSG_SYNCED),
        Err(msg) => (had.map_or("", String::as_str), FAILED, msg.as_str()),
    };
    let new = NewRecord {
        third_type: third.code(),
        object_type: object.code(),
        sys_id,
        third_id,
        state: state_code,
        message,
        at: state.clock.now_ms(),
    };
    repo::store_record(&mut *state.db.acquire().await?, &new).await
}

/// The ids the service gave the objects of a kind (from earlier runs; failed ones keep theirs).
async fn known_ids(state: &AppState, third: Third, object: Object, synced_only: bool) -> Result<HashMap<String, String>, AppError> {
    let records = repo::records(&mut *state.db.acquire().await?, third.code(), object.code()).await?;
    Ok(records
        .into_iter()
        .filter(|r| !r.third_id.is_empty() && (!synced_only || r.state == SYNCED))
        .map(|r| (r.sys_id, r.third_id))
        .collect())
}

/// Updates what the service knows (created again when it no longer does), or creates it.
async fn create_or_update<C, U>(known: Option<&String>, create: C, update: U) -> Result<String, String>
where
    C: AsyncFnOnce() -> Result<String, Failure>,
    U: AsyncFnOnce(String) -> Result<(), Failure>,
{
    match known {
        Some(id) => match update(id.clone()).await {
            Ok(()) => Ok(id.clone()),
            Err(f) if f.is_not_found() => create().await.map_err(|f| f.errmsg),
            Err(f) => Err(f.errmsg),
        },
        None => create().await.map_err(|f| f.errmsg),
    }
}

async fn push_organisations(state: &AppState, scope: &DataScope, third: Third, client: &Client, token: &str) -> Result<(), AppError> {
    let mut organisations = repo::organisations(&mut *state.db.acquire().await?, scope).await?;
    let known = known_ids(state, third, Object::Organisation, false).await?;
    let present: HashSet<String> = organisations.iter().map(|o| o.id.clone()).collect();
    // Parents first: a node's id_tree is its parent's plus itself.
    organisations.sort_by_key(|o| o.id_tree.split(',').count());
    let mut sent: HashMap<String, String> = HashMap::new();
    for o in &organisations {
        let parent = if o.parent_id == "-1" || !present.contains(&o.parent_id) { Some(ROOT_DEPARTMENT.to_string()) } else { sent.get(&o.parent_id).cloned() };
        let had = known.get(&o.id);
        let outcome = match &parent {
            None => Err("上级组织未能同步".to_string()),
            Some(parent) => {
                let d = Department { name: &o.full_name, parent, order: o.sort_code };
                create_or_update(had, async || client.create_department(token, &d).await, async |id: String| client.update_department(token, &id, &d).await).await
            }
        };
        record(state, third, Object::Organisation, &o.id, &outcome, had).await?;
        if let Ok(id) = outcome {
            sent.insert(o.id.clone(), id);
        }
    }
    Ok(())
}

async fn push_users(state: &AppState, scope: &DataScope, third: Third, client: &Client, token: &str) -> Result<(), AppError> {
    let (users, memberships) = {
        let mut conn = state.db.acquire().await?;
        (repo::users(&mut conn, scope).await?, repo::memberships(&mut conn, scope).await?)
    };
    let departments = known_ids(state, third, Object::Organisation, true).await?;
    let known = known_ids(state, third, Object::User, false).await?;
    let mut member_of: HashMap<&str, Vec<&str>> = HashMap::new();
    for (user, organisation) in &memberships {
        member_of.entry(user.as_str()).or_default().push(organisation.as_str());
    }
    for u in &users {
        // The current organisation first, then the others the user belongs to.
        let mut organisations: Vec<&str> = member_of.get(u.id.as_str()).cloned().unwrap_or_default();
        organisations.retain(|o| *o != u.organize_id);
        if !u.organize_id.is_empty() {
            organisations.insert(0, &u.organize_id);
        }
        let mut ids: Vec<String> = Vec::new();
        for id in organisations.iter().filter_map(|o| departments.get(*o)) {
            if !ids.contains(id) {
                ids.push(id.clone());
            }
        }
        if ids.is_empty() {
            ids.push(ROOT_DEPARTMENT.to_string());
        }
        let had = known.get(&u.id);
        let userid = had.cloned().unwrap_or_else(|| u.account.clone());
        let sent = ThirdUser {
            userid: &userid,
            name: &u.real_name,
            mobile: &u.mobile_phone,
            email: &u.email,
            enabled: u.enabled_mark == 1,
            departments: &ids,
        };
        let outcome = create_or_update(
            had,
            async || client.create_user(token, &sent).await,
            async |_id: String| client.update_user(token, &sent).await,
        )
        .await;
        record(state, third, Object::User, &u.id, &outcome, had).await?;
    }
    Ok(())
}

/// What an import read from a service, for the writer.
pub struct Directory<'a> {
    pub third: Third,
    pub departments: &'a [ListedDepartment],
    /// The users, when users are imported (departments are then only looked up).
    pub users: Option<&'a [ListedUser]>,
    /// The hash of the run's initial password for new users.
    pub password_hash: &'a str,
    pub now: i64,
}

/// The writer of an import, inside the import's transaction: the permission area's
/// (`permission::import`), through the organisation and user services' job entry points.
/// This area cannot name it (that area depends on this one), so the crate root hands it in
/// ([`link_directory_writer`]).
pub type WriteDirectory = for<'a> fn(&'a mut Conn, &'a SystemJob, Directory<'a>) -> BoxFuture<'a, Result<(), AppError>>;

static DIRECTORY_WRITER: std::sync::OnceLock<WriteDirectory> = std::sync::OnceLock::new();

/// Links the permission area's writer (the crate root does, when it opens the state).
pub fn link_directory_writer(write: WriteDirectory) {
    let _ = DIRECTORY_WRITER.set(write);
}

fn directory_writer() -> WriteDirectory {
    *DIRECTORY_WRITER.get().expect("the crate root links the directory writer when it opens the state")
}

/// Type 1: everything is read from the service before anything is written, and everything is
/// written in one transaction.
async fn pull(state: &AppState, job: &SystemJob, third: Third, object: Object, client: &Client, token: &str) -> Result<(), AppError> {
    let read = |what: &'static str| move |f: Failure| AppError::bad(format!("读取{}的{what}失败：{}", third.name(), f.errmsg));
    let departments = client.departments(token).await.map_err(read("部门"))?;
    let users = match object {
        Object::Organisation => None,
        Object::User => Some(client.users(token, &departments).await.map_err(read("用户"))?),
    };
    // One initial password for the run's new users, by the user service's rule (the configured
    // default, else a generated one nobody is shown: an administrator then resets it to hand an
    // account over), as its Excel import does.
    let password_hash = match &users {
        Some(list) if !list.is_empty() => {
            let password = {
                let mut conn = state.db.acquire().await?;
                crate::system::service::initial_password(&mut conn).await?
            };
            state.hasher.hash(&qiming_core::md5_hex(password.as_bytes())).await?
        }
        _ => String::new(),
    };
    let directory = Directory { third, departments: &departments, users: users.as_deref(), password_hash: &password_hash, now: state.clock.now_ms() };
    let mut tx = state.db.begin().await?;
    directory_writer()(&mut tx, job, directory).await?;
    tx.commit().await?;
    if object == Object::Organisation {
        // Every page's trees, the starting administrator's too (its page did not change them).
        state.live.publish(crate::live::Event::organizations_changed(""));
    }
    Ok(())
}
