//! Third-party office chat (SYS-004..007): the WeCom (企业微信) and DingTalk (钉钉) connection
//! tests and the sync of organisations and users, against a local fake of both services
//! (their documented token, department and user calls) that the test starts on 127.0.0.1:0
//! and points `QIMING_WECOM_BASE_URL` / `QIMING_DINGTALK_BASE_URL` at.

use crate::harness::{Engine, TestServer, organisation, start_with};
use crate::on_both_engines;
use axum::extract::{Query, State};
use axum::routing::{get, post};
use qiming_server::access::MSG_FORBIDDEN;
use qiming_server::permission::user::repo as user;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

const WECOM_TOKEN: &str = "wecom-access-token";
const DING_TOKEN: &str = "ding-access-token";

/// What the fake services hold and saw.
#[derive(Default)]
struct Fake {
    /// Every token request: (path, key, secret).
    token_calls: Vec<(String, String, String)>,
    /// Departments by id: (name, parent id); 1 is the root of both services.
    departments: BTreeMap<i64, (String, i64)>,
    /// Users by userid: what was last sent.
    users: BTreeMap<String, Value>,
    /// Every create/update call: its path.
    calls: Vec<String>,
    next_id: i64,
    /// The user list calls answer an error (a contacts Secret without the right to read).
    fail_user_list: bool,
}

type Shared = Arc<Mutex<Fake>>;

fn error(code: i64, msg: &str) -> axum::Json<Value> {
    axum::Json(json!({"errcode": code, "errmsg": msg}))
}

/// The department id in a body field (a number, or text holding one).
fn dept(body: &Value, key: &str) -> i64 {
    match &body[key] {
        Value::Number(n) => n.as_i64().unwrap(),
        Value::String(s) => s.parse().unwrap_or(-1),
        _ => -1,
    }
}

async fn wecom_token(State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>) -> axum::Json<Value> {
    let (id, secret) = (q.get("corpid").cloned().unwrap_or_default(), q.get("corpsecret").cloned().unwrap_or_default());
    fake.lock().unwrap().token_calls.push(("wecom".into(), id.clone(), secret.clone()));
    if id != "ww-corp" {
        return error(40013, "invalid corpid");
    }
    if secret != "agent-secret" && secret != "sync-secret" {
        return error(40001, "invalid credential, hint: [fake]");
    }
    axum::Json(json!({"errcode": 0, "errmsg": "ok", "access_token": WECOM_TOKEN, "expires_in": 7200}))
}

async fn ding_token(State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>) -> axum::Json<Value> {
    let (key, secret) = (q.get("appkey").cloned().unwrap_or_default(), q.get("appsecret").cloned().unwrap_or_default());
    fake.lock().unwrap().token_calls.push(("ding".into(), key.clone(), secret.clone()));
    if key != "ding-key" || secret != "ding-secret" {
        return error(40089, "不合法的appkey或appsecret");
    }
    axum::Json(json!({"errcode": 0, "errmsg": "ok", "access_token": DING_TOKEN, "expires_in": 7200}))
}

/// A department or user call: checks the token, records the call, then does `f`.
fn with_token(fake: &Shared, q: &HashMap<String, String>, token: &str, path: &str) -> Option<axum::Json<Value>> {
    fake.lock().unwrap().calls.push(path.to_string());
    (q.get("access_token").map(String::as_str) != Some(token)).then(|| error(40014, "invalid access_token"))
}

fn create_department(fake: &Shared, name: &str, parent: i64) -> Result<i64, axum::Json<Value>> {
    let mut f = fake.lock().unwrap();
    if parent != 1 && !f.departments.contains_key(&parent) {
        return Err(error(60004, "parent department not found"));
    }
    f.next_id += 1;
    let id = 100 + f.next_id;
    f.departments.insert(id, (name.to_string(), parent));
    Ok(id)
}

fn update_department(fake: &Shared, id: i64, name: &str, parent: i64) -> Result<(), axum::Json<Value>> {
    let mut f = fake.lock().unwrap();
    match f.departments.get_mut(&id) {
        Some(d) => {
            *d = (name.to_string(), parent);
            Ok(())
        }
        None => Err(error(60003, "department not found")),
    }
}

/// The department ids of a user as stored (WeCom's `department` array or DingTalk's
/// `dept_id_list` text).
fn member_of(u: &Value) -> Vec<i64> {
    match (&u["department"], &u["dept_id_list"]) {
        (Value::Array(ids), _) => ids.iter().filter_map(Value::as_i64).collect(),
        (_, Value::String(ids)) => ids.split(',').filter_map(|id| id.trim().parse().ok()).collect(),
        _ => Vec::new(),
    }
}

/// The members of department `id`, as the service lists them (`departments` names the field
/// of their department ids), or the service's refusal.
fn members(fake: &Shared, id: i64, departments: &str) -> Result<Vec<Value>, axum::Json<Value>> {
    let f = fake.lock().unwrap();
    if f.fail_user_list {
        return Err(error(60011, "no privilege to access/modify contact/party/agent"));
    }
    Ok(f.users
        .values()
        .filter(|u| member_of(u).contains(&id))
        .map(|u| json!({"userid": u["userid"], "name": u["name"], "mobile": u["mobile"], "email": u["email"], departments: member_of(u)}))
        .collect())
}

fn fake_router(fake: Shared) -> axum::Router {
    axum::Router::new()
        .route(
            "/cgi-bin/department/list",
            get(|State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>| async move {
                if let Some(e) = with_token(&fake, &q, WECOM_TOKEN, "wecom department list") {
                    return e;
                }
                let f = fake.lock().unwrap();
                let mut list = vec![json!({"id": 1, "name": "企业", "parentid": 0, "order": 100000000})];
                list.extend(f.departments.iter().map(|(id, (name, parent))| json!({"id": id, "name": name, "parentid": parent, "order": id})));
                axum::Json(json!({"errcode": 0, "errmsg": "ok", "department": list}))
            }),
        )
        .route(
            "/cgi-bin/user/list",
            get(|State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>| async move {
                if let Some(e) = with_token(&fake, &q, WECOM_TOKEN, "wecom user list") {
                    return e;
                }
                let id = q.get("department_id").and_then(|d| d.parse().ok()).unwrap_or(-1);
                match members(&fake, id, "department") {
                    Ok(list) => axum::Json(json!({"errcode": 0, "errmsg": "ok", "userlist": list})),
                    Err(e) => e,
                }
            }),
        )
        .route(
            "/topapi/v2/department/listsub",
            post(|State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>, axum::Json(b): axum::Json<Value>| async move {
                if let Some(e) = with_token(&fake, &q, DING_TOKEN, "ding department listsub") {
                    return e;
                }
                let parent = dept(&b, "dept_id");
                let f = fake.lock().unwrap();
                let list: Vec<Value> =
                    f.departments.iter().filter(|(_, (_, p))| *p == parent).map(|(id, (name, p))| json!({"dept_id": id, "name": name, "parent_id": p})).collect();
                axum::Json(json!({"errcode": 0, "errmsg": "ok", "result": list}))
            }),
        )
        .route(
            "/topapi/v2/user/list",
            post(|State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>, axum::Json(b): axum::Json<Value>| async move {
                if let Some(e) = with_token(&fake, &q, DING_TOKEN, "ding user list") {
                    return e;
                }
                let (cursor, size) = (b["cursor"].as_u64().unwrap_or(0) as usize, b["size"].as_u64().unwrap_or(10) as usize);
                match members(&fake, dept(&b, "dept_id"), "dept_id_list") {
                    Ok(all) => {
                        let page: Vec<Value> = all.iter().skip(cursor).take(size).cloned().collect();
                        let more = cursor + size < all.len();
                        axum::Json(json!({"errcode": 0, "errmsg": "ok", "result": {"has_more": more, "next_cursor": cursor + size, "list": page}}))
                    }
                    Err(e) => e,
                }
            }),
        )
        .route("/cgi-bin/gettoken", get(wecom_token))
        .route(
            "/cgi-bin/department/create",
            post(|State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>, axum::Json(b): axum::Json<Value>| async move {
                if let Some(e) = with_token(&fake, &q, WECOM_TOKEN, "wecom department create") {
                    return e;
                }
                match create_department(&fake, b["name"].as_str().unwrap_or(""), dept(&b, "parentid")) {
                    Ok(id) => axum::Json(json!({"errcode": 0, "errmsg": "created", "id": id})),
                    Err(e) => e,
                }
            }),
        )
        .route(
            "/cgi-bin/department/update",
            post(|State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>, axum::Json(b): axum::Json<Value>| async move {
                if let Some(e) = with_token(&fake, &q, WECOM_TOKEN, "wecom department update") {
                    return e;
                }
                match update_department(&fake, dept(&b, "id"), b["name"].as_str().unwrap_or(""), dept(&b, "parentid")) {
                    Ok(()) => axum::Json(json!({"errcode": 0, "errmsg": "updated"})),
                    Err(e) => e,
                }
            }),
        )
        .route(
            "/cgi-bin/user/create",
            post(|State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>, axum::Json(b): axum::Json<Value>| async move {
                if let Some(e) = with_token(&fake, &q, WECOM_TOKEN, "wecom user create") {
                    return e;
                }
                if b["mobile"].as_str().unwrap_or("").is_empty() && b["email"].as_str().unwrap_or("").is_empty() {
                    return error(60129, "mobile and email can not be both empty");
                }
                let userid = b["userid"].as_str().unwrap_or("").to_string();
                let mut f = fake.lock().unwrap();
                if f.users.contains_key(&userid) {
                    return error(60102, "userid existed");
                }
                f.users.insert(userid, b);
                axum::Json(json!({"errcode": 0, "errmsg": "created"}))
            }),
        )
        .route(
            "/cgi-bin/user/update",
            post(|State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>, axum::Json(b): axum::Json<Value>| async move {
                if let Some(e) = with_token(&fake, &q, WECOM_TOKEN, "wecom user update") {
                    return e;
                }
                let userid = b["userid"].as_str().unwrap_or("").to_string();
                let mut f = fake.lock().unwrap();
                if !f.users.contains_key(&userid) {
                    return error(60111, "userid not found");
                }
                f.users.insert(userid, b);
                axum::Json(json!({"errcode": 0, "errmsg": "updated"}))
            }),
        )
        .route("/gettoken", get(ding_token))
        .route(
            "/topapi/v2/department/create",
            post(|State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>, axum::Json(b): axum::Json<Value>| async move {
                if let Some(e) = with_token(&fake, &q, DING_TOKEN, "ding department create") {
                    return e;
                }
                match create_department(&fake, b["name"].as_str().unwrap_or(""), dept(&b, "parent_id")) {
                    Ok(id) => axum::Json(json!({"errcode": 0, "errmsg": "ok", "result": {"dept_id": id}})),
                    Err(e) => e,
                }
            }),
        )
        .route(
            "/topapi/v2/department/update",
            post(|State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>, axum::Json(b): axum::Json<Value>| async move {
                if let Some(e) = with_token(&fake, &q, DING_TOKEN, "ding department update") {
                    return e;
                }
                match update_department(&fake, dept(&b, "dept_id"), b["name"].as_str().unwrap_or(""), dept(&b, "parent_id")) {
                    Ok(()) => axum::Json(json!({"errcode": 0, "errmsg": "ok"})),
                    Err(e) => e,
                }
            }),
        )
        .route(
            "/topapi/v2/user/create",
            post(|State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>, axum::Json(b): axum::Json<Value>| async move {
                if let Some(e) = with_token(&fake, &q, DING_TOKEN, "ding user create") {
                    return e;
                }
                if b["mobile"].as_str().unwrap_or("").is_empty() {
                    return error(40103, "手机号码不合法");
                }
                let userid = b["userid"].as_str().unwrap_or("").to_string();
                let mut f = fake.lock().unwrap();
                if f.users.contains_key(&userid) {
                    return error(60104, "手机号码在公司中已注册");
                }
                f.users.insert(userid.clone(), b);
                axum::Json(json!({"errcode": 0, "errmsg": "ok", "result": {"userid": userid}}))
            }),
        )
        .route(
            "/topapi/v2/user/update",
            post(|State(fake): State<Shared>, Query(q): Query<HashMap<String, String>>, axum::Json(b): axum::Json<Value>| async move {
                if let Some(e) = with_token(&fake, &q, DING_TOKEN, "ding user update") {
                    return e;
                }
                let userid = b["userid"].as_str().unwrap_or("").to_string();
                let mut f = fake.lock().unwrap();
                if !f.users.contains_key(&userid) {
                    return error(60121, "找不到该用户");
                }
                f.users.insert(userid, b);
                axum::Json(json!({"errcode": 0, "errmsg": "ok"}))
            }),
        )
        .with_state(fake)
}

/// Starts the fake services; answers their address and what they hold.
async fn fake_services() -> (String, Shared) {
    let fake = Shared::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = fake_router(fake.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{addr}"), fake)
}

/// A server whose WeCom and DingTalk are the fake, with the credentials stored.
async fn start_with_fake(engine: Engine) -> (TestServer, String, Shared) {
    let (base, fake) = fake_services().await;
    let url = base.clone();
    let s = start_with(engine, move |c| {
        c.wecom_base_url = url.clone();
        c.dingtalk_base_url = format!("{url}/");
    })
    .await;
    let admin = s.ready_admin().await;
    s.put(
        "/api/system/SysConfig",
        Some(&admin),
        json!({"qyhCorpId": "ww-corp", "qyhAgentId": "1000002", "qyhAgentSecret": "agent-secret", "qyhCorpSecret": "sync-secret",
               "dingAgentId": "2000001", "dingSynAppKey": "ding-key", "dingSynAppSecret": "ding-secret"}),
    )
    .await
    .ok();
    (s, admin, fake)
}

const TOTALS: &str = "/api/system/SynThirdInfo/getSynThirdTotal";

/// The totals row of one kind: (recordTotal, synSuccessCount, synFailCount, unSynCount).
fn counts(row: &Value) -> (i64, i64, i64, i64) {
    (
        row["recordTotal"].as_i64().unwrap(),
        row["synSuccessCount"].as_i64().unwrap(),
        row["synFailCount"].as_i64().unwrap(),
        row["unSynCount"].as_i64().unwrap(),
    )
}

/// A user in organisations (the first is the current one), with a mobile number or none.
async fn member(s: &TestServer, account: &str, organisations: &[&str], mobile: &str) -> String {
    let id = s.create_user(account, "Member123").await;
    let mut conn = s.conn().await;
    for o in organisations {
        user::add_relation(&mut conn, &id, "Organize", o).await.unwrap();
    }
    sqlx::query("UPDATE base_user SET organize_id = $1, mobile_phone = $2, real_name = $3 WHERE id = $4")
        .bind(organisations.first().copied().unwrap_or(""))
        .bind(mobile)
        .bind(format!("{account}的名字"))
        .bind(&id)
        .execute(&mut *conn)
        .await
        .unwrap();
    id
}

/// A department on the fake side by name: (id, parent id).
fn department(fake: &Shared, name: &str) -> (i64, i64) {
    let f = fake.lock().unwrap();
    f.departments.iter().find(|(_, (n, _))| n == name).map(|(id, (_, parent))| (*id, *parent)).unwrap_or_else(|| panic!("no department {name}"))
}

// SYS-004: the connection tests ask each service for an access token with the credentials on
// the page — a secret sent back as the mask ****** is the stored one — and answer 测试连接成功
// or the service's errmsg; WeCom's type 0 checks the application's Secret, type 1 the
// contacts-sync Secret. Empty credentials are field errors; non-administrators are refused.
async fn sys_004_connection_tests(engine: Engine) {
    let (s, admin, fake) = start_with_fake(engine).await;
    let wecom = |kind: &str| format!("/api/system/SysConfig/{kind}/testQyWebChatConnect");
    let config = s.get("/api/system/SysConfig", Some(&admin)).await.ok().clone();
    assert_eq!((config["qyhAgentSecret"].as_str(), config["qyhCorpSecret"].as_str()), (Some("******"), Some("******")));

    // The page posts what it shows: the masked secrets stand for the stored ones.
    let page = json!({"qyhCorpId": config["qyhCorpId"], "qyhAgentId": config["qyhAgentId"],
                      "qyhAgentSecret": config["qyhAgentSecret"], "qyhCorpSecret": config["qyhCorpSecret"]});
    let answer = s.post(&wecom("0"), Some(&admin), page.clone()).await;
    assert_eq!((answer.code(), answer.msg()), (200, "测试连接成功"), "{:#}", answer.body);
    s.post(&wecom("1"), Some(&admin), page.clone()).await.ok();
    let ding = json!({"dingAgentId": "2000001", "dingSynAppKey": "ding-key", "dingSynAppSecret": "******"});
    let answer = s.post("/api/system/SysConfig/testDingTalkConnect", Some(&admin), ding).await;
    assert_eq!((answer.code(), answer.msg()), (200, "测试连接成功"));
    assert_eq!(
        fake.lock().unwrap().token_calls,
        [
            ("wecom".to_string(), "ww-corp".to_string(), "agent-secret".to_string()),
            ("wecom".to_string(), "ww-corp".to_string(), "sync-secret".to_string()),
            ("ding".to_string(), "ding-key".to_string(), "ding-secret".to_string()),
        ]
    );

    // Wrong credentials: the service's own message.
    s.post(&wecom("0"), Some(&admin), json!({"qyhCorpId": "ww-corp", "qyhAgentSecret": "wrong"})).await.fails(400, "invalid credential, hint: [fake]");
    s.post(&wecom("1"), Some(&admin), json!({"qyhCorpId": "other", "qyhCorpSecret": "sync-secret"})).await.fails(400, "invalid corpid");
    s.post("/api/system/SysConfig/testDingTalkConnect", Some(&admin), json!({"dingSynAppKey": "ding-key", "dingSynAppSecret": "nope"}))
        .await
        .fails(400, "不合法的appkey或appsecret");
    // Nothing to test with, or an unknown test type.
    let empty = s.post(&wecom("1"), Some(&admin), json!({"qyhCorpId": "", "qyhCorpSecret": ""})).await;
    assert_eq!(empty.code(), 400);
    assert_eq!((empty.data()["qyhCorpId"][0].as_str(), empty.data()["qyhCorpSecret"][0].as_str()), (Some("请填写企业ID"), Some("请填写通讯录同步Secret")));
    let empty = s.post("/api/system/SysConfig/testDingTalkConnect", Some(&admin), json!({"dingSynAppKey": " "})).await;
    assert_eq!(empty.data()["dingSynAppKey"][0], "请填写AppKey");
    s.post(&wecom("2"), Some(&admin), page.clone()).await.fails(400, "测试类型只能是0（连接测试）或1（同步测试）");
    assert_eq!(fake.lock().unwrap().token_calls.len(), 6, "refused forms never reach the service");

    // Administrators only (SYS-004..007).
    s.create_user("clerk", "Clerk123").await;
    let clerk = s.sign_in("clerk", "Clerk123").await;
    s.post(&wecom("0"), Some(&clerk), page).await.fails(403, MSG_FORBIDDEN);
    s.post("/api/system/SysConfig/testDingTalkConnect", Some(&clerk), json!({})).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("{TOTALS}/1"), Some(&clerk)).await.fails(403, MSG_FORBIDDEN);
    for path in ["synAllOrganizeSysToQy", "synAllUserSysToQy", "synAllOrganizeSysToDing", "synAllUserSysToDing"] {
        s.get(&format!("/api/system/SynThirdInfo/{path}?type=0"), Some(&clerk)).await.fails(403, MSG_FORBIDDEN);
    }
    assert_eq!(fake.lock().unwrap().token_calls.len(), 6);
}

// SYS-004, SYS-006, SYS-007 over https (the services' real addresses are https): the fake
// services behind TLS answer the connection tests and a sync when their certificate is
// trusted (QIMING_EXTRA_CA_FILE); a server without that trust refuses the certificate with a
// message naming it, and the totals still answer.
async fn sys_004_https_services(engine: Engine) {
    let fake = Shared::default();
    let tls = crate::https::serve(fake_router(fake.clone())).await;
    let dir = tempfile::tempdir().unwrap();
    let ca = tls.trust(dir.path());
    let base = tls.base.clone();
    let s = start_with(engine, move |c| {
        c.extra_ca_file = Some(ca);
        c.dingtalk_base_url = base.clone();
        c.wecom_base_url = base;
    })
    .await;
    let admin = s.ready_admin().await;
    let credentials = json!({"dingSynAppKey": "ding-key", "dingSynAppSecret": "ding-secret", "qyhCorpId": "ww-corp", "qyhCorpSecret": "sync-secret", "qyhAgentSecret": "agent-secret"});
    s.put("/api/system/SysConfig", Some(&admin), credentials.clone()).await.ok();
    let answer = s.post("/api/system/SysConfig/testDingTalkConnect", Some(&admin), json!({})).await;
    assert_eq!((answer.code(), answer.msg()), (200, "测试连接成功"), "{:#}", answer.body);
    s.post("/api/system/SysConfig/1/testQyWebChatConnect", Some(&admin), json!({})).await.ok();
    organisation(&s, &admin, "-1", false, "第一医院", "h1").await;
    let synced = s.get("/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=0", Some(&admin)).await.ok().clone();
    let calls = fake.lock().unwrap().calls.clone();
    assert_eq!((calls, synced["synSuccessCount"].as_i64()), (vec!["wecom department create".to_string()], Some(1)), "the sync reached the fake over https");

    let untrusting = start_with(engine, move |c| c.dingtalk_base_url = tls.base.clone()).await;
    let admin = untrusting.ready_admin().await;
    untrusting.put("/api/system/SysConfig", Some(&admin), credentials).await.ok();
    let answer = untrusting.post("/api/system/SysConfig/testDingTalkConnect", Some(&admin), json!({})).await;
    assert_eq!(answer.code(), 400);
    assert!(answer.msg().starts_with("连接钉钉失败：对方的HTTPS证书不受信任"), "{}", answer.msg());
    let totals = untrusting.get(&format!("{TOTALS}/2"), Some(&admin)).await.ok().clone();
    assert_eq!((totals[0]["synType"].as_str(), totals[1]["synType"].as_str()), (Some("组织"), Some("用户")));
    assert_eq!(totals[1]["synDate"], Value::Null);
}

// SYS-005, SYS-006: DingTalk. The organisations go over as departments, parents first, the
// top ones under the root department 1; then the users into their organisations'
// departments (a user without a mobile number is refused by DingTalk and counted as failed).
// The totals count the records. A second run updates (renames reach DingTalk) instead of
// creating twice, and a department deleted on DingTalk's side is created again. Type 1 is not
// supported yet; a run already going on answers 正在进行同步,请稍等.
async fn sys_005_006_dingtalk_sync_and_totals(engine: Engine) {
    let (s, admin, fake) = start_with_fake(engine).await;
    let hospital = organisation(&s, &admin, "-1", false, "第一医院", "h1").await;
    let surgery = organisation(&s, &admin, &hospital, true, "外科", "h1.surgery").await;
    let heart = organisation(&s, &admin, &surgery, true, "心外科", "h1.heart").await;
    let clinic = organisation(&s, &admin, "-1", false, "社区诊所", "c1").await;
    member(&s, "doctor", &[&heart, &clinic], "13800000001").await;
    member(&s, "nurse", &[&surgery], "13800000002").await;
    member(&s, "porter", &[], "").await;

    let before = s.get(&format!("{TOTALS}/2"), Some(&admin)).await.ok().clone();
    assert_eq!(counts(&before[0]), (4, 0, 0, 4));
    assert_eq!(counts(&before[1]), (4, 0, 0, 4), "the administrator and three members");

    let done = s.get("/api/system/SynThirdInfo/synAllOrganizeSysToDing?type=0", Some(&admin)).await;
    assert_eq!(done.msg(), "同步完成", "{:#}", done.body);
    assert_eq!(done.data()["synType"], "组织");
    assert_eq!(counts(done.data()), (4, 4, 0, 0));
    assert!(done.data()["synDate"].as_i64().unwrap() > 0);
    let (hospital_d, root) = department(&fake, "第一医院");
    let (surgery_d, surgery_parent) = department(&fake, "外科");
    let (heart_d, heart_parent) = department(&fake, "心外科");
    let (clinic_d, clinic_parent) = department(&fake, "社区诊所");
    assert_eq!((root, clinic_parent, surgery_parent, heart_parent), (1, 1, hospital_d, surgery_d));
    assert_eq!(fake.lock().unwrap().token_calls.last().unwrap(), &("ding".to_string(), "ding-key".to_string(), "ding-secret".to_string()));

    let done = s.get("/api/system/SynThirdInfo/synAllUserSysToDing?type=0", Some(&admin)).await;
    assert_eq!((done.data()["synType"].as_str(), counts(done.data())), (Some("用户"), (4, 2, 2, 0)), "{:#}", done.body);
    {
        let f = fake.lock().unwrap();
        let doctor = &f.users["doctor"];
        assert_eq!((doctor["name"].as_str(), doctor["mobile"].as_str()), (Some("doctor的名字"), Some("13800000001")));
        assert_eq!(doctor["dept_id_list"], format!("{heart_d},{clinic_d}"));
        assert_eq!(f.users["nurse"]["dept_id_list"], surgery_d.to_string());
        assert!(!f.users.contains_key("porter") && !f.users.contains_key("admin"), "no mobile number: refused");
    }
    let mut conn = s.conn().await;
    let (state, message): (i64, String) =
        sqlx::query_as("SELECT s.state, s.message FROM base_syn_third_info s JOIN base_user u ON u.id = s.sys_id WHERE u.account = 'porter' AND s.third_type = 2")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
    assert_eq!((state, message.as_str()), (2, "手机号码不合法"));
    drop(conn);

    let totals = s.get(&format!("{TOTALS}/2"), Some(&admin)).await.ok().clone();
    assert_eq!((counts(&totals[0]), counts(&totals[1])), ((4, 4, 0, 0), (4, 2, 2, 0)));
    let wecom = s.get(&format!("{TOTALS}/1"), Some(&admin)).await.ok().clone();
    assert_eq!((counts(&wecom[0]), counts(&wecom[1])), ((4, 0, 0, 4), (4, 0, 0, 4)), "WeCom's records are its own");

    // A second run updates: a rename reaches DingTalk, nothing is created twice; a department
    // DingTalk no longer knows is created again; a new organisation is created.
    s.put(&format!("/api/permission/Organize/Department/{surgery}"), Some(&admin), json!({"fullName": "普外科"})).await.ok();
    fake.lock().unwrap().departments.remove(&clinic_d);
    organisation(&s, &admin, &hospital, true, "内科", "h1.medicine").await;
    let before_calls = fake.lock().unwrap().calls.len();
    let done = s.get("/api/system/SynThirdInfo/synAllOrganizeSysToDing?type=0", Some(&admin)).await;
    assert_eq!(counts(done.data()), (5, 5, 0, 0));
    {
        let f = fake.lock().unwrap();
        assert_eq!(f.departments[&surgery_d], ("普外科".to_string(), hospital_d));
        assert_eq!(f.departments[&heart_d].1, surgery_d);
        let calls: Vec<&str> = f.calls[before_calls..].iter().map(String::as_str).collect();
        assert_eq!(calls.iter().filter(|c| **c == "ding department create").count(), 2, "the re-created clinic and 内科: {calls:?}");
        assert_eq!(calls.iter().filter(|c| **c == "ding department update").count(), 4, "{calls:?}");
    }
    let (clinic_again, _) = department(&fake, "社区诊所");
    assert_ne!(clinic_again, clinic_d);
    let (medicine, medicine_parent) = department(&fake, "内科");
    assert_eq!(medicine_parent, hospital_d);
    // Users again: the doctor is updated (into the re-created clinic), the porter still fails.
    let done = s.get("/api/system/SynThirdInfo/synAllUserSysToDing?type=0", Some(&admin)).await;
    assert_eq!(counts(done.data()), (4, 2, 2, 0));
    assert_eq!(fake.lock().unwrap().users["doctor"]["dept_id_list"], format!("{heart_d},{clinic_again}"));
    assert_ne!(medicine, clinic_again);

    // A missing or unknown direction, an unknown service.
    assert_eq!(s.get("/api/system/SynThirdInfo/synAllUserSysToDing", Some(&admin)).await.code(), 400);
    assert_eq!(s.get("/api/system/SynThirdInfo/synAllUserSysToDing?type=2", Some(&admin)).await.code(), 400);
    s.get(&format!("{TOTALS}/3"), Some(&admin)).await.fails(400, "第三方类型只能是1（企业微信）或2（钉钉）");

    // A run going on (here: its lease taken a moment ago) is not started twice; a lease from a
    // process that died long ago lapses.
    let now = s.clock.now_ms();
    let mut conn = s.conn().await;
    sqlx::query("INSERT INTO qiming_third_sync_run (third_type, object_type, run_id, started) VALUES (2, 1, 'other', $1)").bind(now).execute(&mut *conn).await.unwrap();
    drop(conn);
    let busy = s.get("/api/system/SynThirdInfo/synAllOrganizeSysToDing?type=0", Some(&admin)).await;
    assert_eq!((busy.code(), busy.msg(), counts(busy.data())), (200, "正在进行同步,请稍等", (5, 5, 0, 0)));
    s.clock.advance(std::time::Duration::from_secs(11 * 60));
    let done = s.get("/api/system/SynThirdInfo/synAllOrganizeSysToDing?type=0", Some(&admin)).await;
    assert_eq!(done.msg(), "同步完成");
    let mut conn = s.conn().await;
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM qiming_third_sync_run").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(left, 0, "a finished run gives its lease back");
}

// SYS-005, SYS-007: WeCom. The sync uses the contacts-sync Secret; departments under the root
// 1 and their parents; users with their departments as ids and their state (enable), those
// with neither mobile nor email refused by WeCom; wrong stored credentials answer the
// service's errmsg and change no record.
async fn sys_005_007_wecom_sync_and_totals(engine: Engine) {
    let (s, admin, fake) = start_with_fake(engine).await;
    let hospital = organisation(&s, &admin, "-1", false, "第二医院", "h2").await;
    let lab = organisation(&s, &admin, &hospital, true, "检验科", "h2.lab").await;
    let tech = member(&s, "tech", &[&lab], "13900000001").await;
    member(&s, "visitor", &[&hospital], "").await;
    s.put_empty(&format!("/api/permission/Users/{tech}/Actions/State"), Some(&admin)).await.ok();

    let done = s.get("/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=0", Some(&admin)).await;
    assert_eq!((done.msg(), counts(done.data())), ("同步完成", (2, 2, 0, 0)), "{:#}", done.body);
    assert_eq!(fake.lock().unwrap().token_calls.last().unwrap(), &("wecom".to_string(), "ww-corp".to_string(), "sync-secret".to_string()));
    let (hospital_d, root) = department(&fake, "第二医院");
    let (lab_d, lab_parent) = department(&fake, "检验科");
    assert_eq!((root, lab_parent), (1, hospital_d));

    let done = s.get("/api/system/SynThirdInfo/synAllUserSysToQy?type=0", Some(&admin)).await;
    assert_eq!(counts(done.data()), (3, 1, 2, 0), "admin and visitor have neither mobile nor email: {:#}", done.body);
    {
        let f = fake.lock().unwrap();
        let t = &f.users["tech"];
        assert_eq!((t["department"].clone(), t["enable"].as_i64(), t["name"].as_str()), (json!([lab_d]), Some(0), Some("tech的名字")));
    }
    // The visitor gets an email address: the next run creates them in the hospital's
    // department; the technician is updated, not created again.
    let mut conn = s.conn().await;
    sqlx::query("UPDATE base_user SET email = 'visitor@example.com' WHERE account = 'visitor'").execute(&mut *conn).await.unwrap();
    drop(conn);
    let done = s.get("/api/system/SynThirdInfo/synAllUserSysToQy?type=0", Some(&admin)).await;
    assert_eq!(counts(done.data()), (3, 2, 1, 0));
    {
        let f = fake.lock().unwrap();
        assert_eq!(f.users["visitor"]["department"], json!([hospital_d]));
        assert_eq!(f.calls.iter().filter(|c| *c == "wecom user update").count(), 1);
        assert_eq!(f.calls.iter().filter(|c| *c == "wecom user create").count(), 5, "tech once, admin and visitor twice");
    }
    let totals = s.get(&format!("{TOTALS}/1"), Some(&admin)).await.ok().clone();
    assert_eq!((counts(&totals[0]), counts(&totals[1])), ((2, 2, 0, 0), (3, 2, 1, 0)));

    // Wrong stored credentials: the service's message, the records as they were.
    s.put("/api/system/SysConfig", Some(&admin), json!({"qyhCorpSecret": "stale"})).await.ok();
    s.get("/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=0", Some(&admin))
        .await
        .fails(400, "获取企业微信access_token失败：invalid credential, hint: [fake]");
    let totals = s.get(&format!("{TOTALS}/1"), Some(&admin)).await.ok().clone();
    assert_eq!(counts(&totals[0]), (2, 2, 0, 0));
    // Without credentials nothing is tried.
    s.put("/api/system/SysConfig", Some(&admin), json!({"qyhCorpSecret": ""})).await.ok();
    s.get("/api/system/SynThirdInfo/synAllUserSysToQy?type=0", Some(&admin)).await.fails(400, "请先在系统配置中填写企业微信的企业ID和通讯录同步Secret并保存");
}

/// One service as the import test drives it.
struct Service {
    /// getSynThirdTotal's type.
    kind: &'static str,
    organisations: &'static str,
    users: &'static str,
    name: &'static str,
    code_prefix: &'static str,
}

const WECOM: Service = Service {
    kind: "1",
    organisations: "/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=1",
    users: "/api/system/SynThirdInfo/synAllUserSysToQy?type=1",
    name: "企业微信",
    code_prefix: "wecom",
};

const DINGTALK: Service = Service {
    kind: "2",
    organisations: "/api/system/SynThirdInfo/synAllOrganizeSysToDing?type=1",
    users: "/api/system/SynThirdInfo/synAllUserSysToDing?type=1",
    name: "钉钉",
    code_prefix: "dingtalk",
};

/// An organisation by name: (id, parent id, category, id path, name path, last change).
async fn organisation_named(s: &TestServer, name: &str) -> (String, String, String, String, String, Option<i64>) {
    let mut conn = s.conn().await;
    sqlx::query_as("SELECT id, parent_id, category, id_tree, name_tree, last_modify_time FROM base_organize WHERE full_name = $1")
        .bind(name)
        .fetch_one(&mut *conn)
        .await
        .unwrap_or_else(|e| panic!("no organisation {name}: {e}"))
}

/// A user by account: (real name, mobile, current organisation, organisations, last change,
/// whether the password must still be changed); None when there is none.
async fn user_named(s: &TestServer, account: &str) -> Option<(String, String, String, Vec<String>, Option<i64>, bool)> {
    let mut conn = s.conn().await;
    let row: Option<(String, String, String, String, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT id, real_name, mobile_phone, organize_id, last_modify_time, change_password_date FROM base_user WHERE account = $1",
    )
    .bind(account)
    .fetch_optional(&mut *conn)
    .await
    .unwrap();
    let (id, name, mobile, current, changed, password_changed) = row?;
    let mut organisations: Vec<String> =
        sqlx::query_scalar("SELECT object_id FROM base_user_relation WHERE user_id = $1 AND object_type = 'Organize'").bind(&id).fetch_all(&mut *conn).await.unwrap();
    organisations.sort();
    Some((name, mobile, current, organisations, changed, password_changed.is_none()))
}

async fn rows(s: &TestServer) -> (i64, i64) {
    let mut conn = s.conn().await;
    let organisations: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_organize").fetch_one(&mut *conn).await.unwrap();
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_user").fetch_one(&mut *conn).await.unwrap();
    (organisations, users)
}

// SYS-006, SYS-007 type 1 (第三方同步到本系统): the service's departments become departments
// under the first top company, parents first, with the organisation service's path upkeep;
// its users become users (generated initial password to change at first sign-in) in their
// departments' organisations, or the company; a user whose account is the userid is that
// user. A second run creates nothing and changes nothing; a department renamed on the
// service's side is renamed here, paths below it too; a failure — the user list refused, or
// one user refused by the user rules half-way — writes nothing and says why. The totals
// count what was imported.
async fn import_from(engine: Engine, service: &Service) {
    let (s, admin, fake) = start_with_fake(engine).await;
    let company = organisation(&s, &admin, "-1", false, "总公司", "hq").await;
    s.create_user("zhaoliu", "Zhaoliu123").await;
    {
        let mut f = fake.lock().unwrap();
        f.users.insert("zhaoliu".into(), json!({"userid": "zhaoliu", "name": "赵六", "mobile": "13800000014", "email": "", "department": [201]}));
        f.departments.insert(201, ("研发部".to_string(), 1));
        f.departments.insert(202, ("测试组".to_string(), 201));
        f.users.insert("zhangsan".into(), json!({"userid": "zhangsan", "name": "张三", "mobile": "13800000011", "email": "zs@example.com", "department": [202, 201]}));
        f.users.insert("lisi".into(), json!({"userid": "lisi", "name": "李四", "mobile": "13800000012", "email": "", "dept_id_list": "1"}));
    }
    let done = s.get(service.organisations, Some(&admin)).await;
    assert_eq!((done.code(), done.msg()), (200, "同步完成"), "{}: {:#}", service.name, done.body);
    assert_eq!(counts(done.data()), (3, 2, 0, 1), "the company itself is not the service's");
    let (rd, rd_parent, rd_category, rd_tree, rd_names, _) = organisation_named(&s, "研发部").await;
    let (qa, qa_parent, _, qa_tree, qa_names, qa_changed) = organisation_named(&s, "测试组").await;
    assert_eq!((rd_parent.as_str(), rd_category.as_str(), rd_tree, rd_names.as_str()), (company.as_str(), "department", format!("{company},{rd}"), "总公司/研发部"));
    assert_eq!((qa_parent.as_str(), qa_tree, qa_names.as_str()), (rd.as_str(), format!("{company},{rd},{qa}"), "总公司/研发部/测试组"));
    let mut conn = s.conn().await;
    let code: String = sqlx::query_scalar("SELECT en_code FROM base_organize WHERE id = $1").bind(&rd).fetch_one(&mut *conn).await.unwrap();
    assert_eq!(code, format!("{}.201", service.code_prefix));
    drop(conn);

    let users_before = rows(&s).await.1;
    let done = s.get(service.users, Some(&admin)).await;
    assert_eq!((done.code(), counts(done.data())), (200, (4, 3, 0, 1)), "{}: {:#}", service.name, done.body);
    assert_eq!(rows(&s).await.1, users_before + 2, "the existing account zhaoliu is the service's zhaoliu");
    let zhaoliu = user_named(&s, "zhaoliu").await.unwrap();
    assert_eq!((zhaoliu.0.as_str(), zhaoliu.3.clone()), ("赵六", vec![rd.clone()]));
    let (name, mobile, current, organisations, zs_changed, must_change) = user_named(&s, "zhangsan").await.expect("zhangsan imported");
    let mut both = vec![rd.clone(), qa.clone()];
    both.sort();
    assert_eq!((name.as_str(), mobile.as_str(), organisations.clone(), must_change), ("张三", "13800000011", both, true));
    assert!(current == rd || current == qa);
    let lisi = user_named(&s, "lisi").await.expect("lisi imported");
    assert_eq!(lisi.3, vec![company.clone()], "the service's root is the company");
    let totals = s.get(&format!("{TOTALS}/{}", service.kind), Some(&admin)).await.ok().clone();
    assert_eq!((counts(&totals[0]), counts(&totals[1])), ((3, 2, 0, 1), (4, 3, 0, 1)));

    // Again: nothing new, nothing changed.
    let before = rows(&s).await;
    s.get(service.organisations, Some(&admin)).await.ok();
    s.get(service.users, Some(&admin)).await.ok();
    assert_eq!(rows(&s).await, before);
    assert_eq!((organisation_named(&s, "测试组").await.5, user_named(&s, "zhangsan").await.unwrap().4), (qa_changed, zs_changed));

    // Renamed on the service's side: renamed here, the path below it follows.
    fake.lock().unwrap().departments.insert(201, ("研发中心".to_string(), 1));
    let done = s.get(service.organisations, Some(&admin)).await;
    assert_eq!(counts(done.data()), (3, 2, 0, 1));
    assert_eq!(organisation_named(&s, "研发中心").await.0, rd);
    assert_eq!(organisation_named(&s, "测试组").await.4, "总公司/研发中心/测试组");
    assert_eq!(rows(&s).await, before);

    // The user list refused: the service's reason, nothing written.
    {
        let mut f = fake.lock().unwrap();
        f.fail_user_list = true;
        f.users.insert("wangwu".into(), json!({"userid": "wangwu", "name": "王五", "mobile": "13800000013", "email": "", "department": [1]}));
    }
    s.get(service.users, Some(&admin))
        .await
        .fails(400, &format!("读取{}的用户失败：no privilege to access/modify contact/party/agent", service.name));
    assert!(user_named(&s, "wangwu").await.is_none());
    // One user refused by the user rules after another was stored: the whole run is undone.
    {
        let mut f = fake.lock().unwrap();
        f.fail_user_list = false;
        f.users.insert("zz-bad".into(), json!({"userid": "zzbad", "name": "坏号码", "mobile": "12ab", "email": "", "department": [202]}));
        f.users.get_mut("zhangsan").unwrap()["name"] = json!("张三丰");
    }
    let failed = s.get(service.users, Some(&admin)).await;
    assert_eq!(failed.code(), 400);
    assert!(failed.msg().starts_with("同步用户“坏号码”失败："), "{}", failed.msg());
    assert_eq!(rows(&s).await, before, "王五 was not kept");
    assert_eq!(user_named(&s, "zhangsan").await.unwrap().0, "张三");
    let totals = s.get(&format!("{TOTALS}/{}", service.kind), Some(&admin)).await.ok().clone();
    assert_eq!(counts(&totals[1]), (4, 3, 0, 1));

    // A service user with the administrator's account: linked, never changed (not renamed, not
    // moved into the service's department).
    {
        let mut f = fake.lock().unwrap();
        f.users.remove("zz-bad");
        f.users.insert("admin".into(), json!({"userid": "admin", "name": "冒名", "mobile": "13800000019", "email": "", "department": [201]}));
    }
    let administrator = user_named(&s, "admin").await.unwrap();
    s.get(service.users, Some(&admin)).await.ok();
    let after = user_named(&s, "admin").await.unwrap();
    assert_eq!((after.0, after.1, after.3, after.4), (administrator.0, administrator.1, administrator.3, administrator.4));
}

async fn sys_006_007_third_party_import(engine: Engine) {
    import_from(engine, &WECOM).await;
    import_from(engine, &DINGTALK).await;
}

on_both_engines!(
    sys_006_007_third_party_import,
    sys_004_connection_tests,
    sys_004_https_services,
    sys_005_006_dingtalk_sync_and_totals,
    sys_005_007_wecom_sync_and_totals,
);
