//! Starts the real server (port 0, a temporary data dir) on SQLite or on a fresh PostgreSQL
//! database, and talks HTTP to it.

use qiming_server::db::Conn;
use qiming_server::permission::repo::menu;
use qiming_server::permission::user::repo as user;
use qiming_server::{AppState, Clock, Config};
use reqwest::Method;
use serde_json::{Value, json};
use std::sync::atomic::{AtomicU32, Ordering};

pub const ADMIN: &str = "admin";
pub const ADMIN_PASSWORD: &str = "Initial1234";

#[derive(Debug, Clone, Copy)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// Runs a scenario once on SQLite and once on PostgreSQL, as two tests.
#[macro_export]
macro_rules! on_both_engines {
    ($($scenario:ident),* $(,)?) => {$(
        mod $scenario {
            #[tokio::test]
            async fn sqlite() {
                super::$scenario($crate::harness::Engine::Sqlite).await
            }
            #[tokio::test]
            async fn postgres() {
                super::$scenario($crate::harness::Engine::Postgres).await
            }
        }
    )*};
}

/// The PostgreSQL server the tests use (a fresh database per server, dropped afterwards).
pub fn pg_admin_url() -> String {
    std::env::var("QIMING_TEST_PG_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

/// A fresh, unused PostgreSQL database URL on the test server.
pub fn fresh_pg_url() -> (String, String) {
    static N: AtomicU32 = AtomicU32::new(0);
    let name = format!("qiming_test_{}_{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed));
    let admin = pg_admin_url();
    let base = admin.rsplit_once('/').map(|(b, _)| b.to_string()).unwrap_or(admin);
    (format!("{base}/{name}"), name)
}

/// Drops a test database (from a thread of its own: Drop cannot await).
pub fn drop_pg_database(name: String) {
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            use sqlx::Connection;
            if let Ok(mut c) = sqlx::PgConnection::connect(&pg_admin_url()).await {
                let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")))
                    .execute(&mut c)
                    .await;
            }
        })
    })
    .join()
    .ok();
}

pub struct TestServer {
    pub base: String,
    pub state: AppState,
    /// The server's clock: tests move it forward instead of sleeping.
    pub clock: Clock,
    pub http: reqwest::Client,
    _dir: tempfile::TempDir,
    pg_database: Option<String>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.task.abort();
        if let Some(name) = self.pg_database.take() {
            drop_pg_database(name);
        }
    }
}

/// The configuration every test server starts from: cheap argon2, a known admin password, no
/// streets below the districts.
pub fn test_config(engine: Engine, dir: &std::path::Path) -> (Config, Option<String>) {
    let mut config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        data_dir: dir.join("data"),
        web_dir: Some(dir.join("web")),
        admin_password: ADMIN_PASSWORD.into(),
        password_hash_memory_kib: 256,
        password_hash_iterations: 1,
        // 41,352 rows that only the area tests read (tests/api/area.rs turns them on).
        seed_streets: false,
        ..Config::default()
    };
    let mut pg = None;
    if let Engine::Postgres = engine {
        let (url, name) = fresh_pg_url();
        config.database_url = url;
        pg = Some(name);
    }
    (config, pg)
}

/// A plain HTTP client for the tests' own calls. reqwest is built with rustls without a
/// default provider (server/src/support/http.rs): the process's provider must be installed
/// before the first client, whichever test builds it.
pub fn client() -> reqwest::Client {
    qiming_server::support::http::install_tls_provider();
    reqwest::Client::new()
}

pub async fn start(engine: Engine) -> TestServer {
    start_with(engine, |_| {}).await
}

pub async fn start_with(engine: Engine, tweak: impl FnOnce(&mut Config)) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let (mut config, pg_database) = test_config(engine, dir.path());
    tweak(&mut config);
    let clock = Clock::adjustable();
    let running = match qiming_server::start_with_clock(config, clock.clone()).await {
        Ok(r) => r,
        Err(e) if pg_database.is_some() => panic!(
            "PostgreSQL tests need a server at {} (set QIMING_TEST_PG_URL to use another): {e:#}",
            pg_admin_url()
        ),
        Err(e) => panic!("server did not start: {e:#}"),
    };
    TestServer {
        base: format!("http://{}", running.addr),
        state: running.state,
        clock,
        http: client(),
        _dir: dir,
        pg_database,
        task: running.task,
    }
}

/// A second server on the database of `first`, as a second process would be (its own
/// caches); the database stays `first`'s to drop.
pub async fn start_sharing(first: &TestServer) -> TestServer {
    let mut config = first.state.config.clone();
    config.addr = "127.0.0.1:0".parse().unwrap();
    let clock = Clock::adjustable();
    let running = qiming_server::start_with_clock(config, clock.clone()).await.expect("a second server starts");
    TestServer {
        base: format!("http://{}", running.addr),
        state: running.state,
        clock,
        http: client(),
        _dir: tempfile::tempdir().unwrap(),
        pg_database: None,
        task: running.task,
    }
}

/// An answer: the envelope plus what HTTP said.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub request_id: Option<String>,
    pub body: Value,
}

impl Answer {
    pub fn code(&self) -> i64 {
        self.body["code"].as_i64().unwrap_or(-1)
    }
    pub fn msg(&self) -> &str {
        self.body["msg"].as_str().unwrap_or("")
    }
    pub fn data(&self) -> &Value {
        &self.body["data"]
    }
    /// Asserts success and returns data.
    #[track_caller]
    pub fn ok(&self) -> &Value {
        assert_eq!(self.code(), 200, "expected success, got {:#}", self.body);
        &self.body["data"]
    }
    /// Asserts a failure with this code and msg.
    #[track_caller]
    pub fn fails(&self, code: i64, msg: &str) {
        assert_eq!((self.code(), self.msg()), (code, msg), "answer was {:#}", self.body);
    }
}

pub enum Body {
    None,
    Json(Value),
    Form(Vec<(&'static str, String)>),
    Raw(&'static str, Vec<u8>),
}

impl TestServer {
    pub async fn conn(&self) -> sqlx::pool::PoolConnection<sqlx::Any> {
        self.state.db.acquire().await.unwrap()
    }

    pub async fn call(&self, method: Method, path: &str, token: Option<&str>, body: Body) -> Answer {
        let mut req = self.http.request(method, format!("{}{path}", self.base)).header("jnpf-origin", "pc");
        if let Some(t) = token {
            req = req.header("Authorization", t);
        }
        req = match body {
            Body::None => req,
            Body::Json(v) => req.json(&v),
            Body::Form(f) => req.form(&f),
            Body::Raw(content_type, bytes) => req.header("content-type", content_type).body(bytes),
        };
        let res = req.send().await.expect("the server answers");
        let status = res.status().as_u16();
        let request_id = res.headers().get("x-request-id").map(|v| v.to_str().unwrap().to_string());
        let text = res.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
        Answer { status, request_id, body }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        self.call(Method::GET, path, token, Body::None).await
    }
    pub async fn post(&self, path: &str, token: Option<&str>, json: Value) -> Answer {
        self.call(Method::POST, path, token, Body::Json(json)).await
    }
    pub async fn put(&self, path: &str, token: Option<&str>, json: Value) -> Answer {
        self.call(Method::PUT, path, token, Body::Json(json)).await
    }
    pub async fn put_empty(&self, path: &str, token: Option<&str>) -> Answer {
        self.call(Method::PUT, path, token, Body::None).await
    }

    /// POST /api/oauth/Login exactly as the JNPF client sends it.
    pub async fn login_with(&self, account: &str, password: &str, code: &str, key: &str) -> Answer {
        let form = vec![
            ("account", account.to_string()),
            ("password", md5(password)),
            ("code", code.to_string()),
            ("timestamp", key.to_string()),
            ("origin", "password".to_string()),
            ("jnpf_ticket", String::new()),
            ("grant_type", "password".to_string()),
        ];
        self.call(Method::POST, "/api/oauth/Login", None, Body::Form(form)).await
    }

    pub async fn login(&self, account: &str, password: &str) -> Answer {
        self.login_with(account, password, "", "").await
    }

    /// Signs in and returns the token.
    pub async fn sign_in(&self, account: &str, password: &str) -> String {
        let a = self.login(account, password).await;
        a.ok()["token"].as_str().expect("a token").to_string()
    }

    /// The administrator's token (the initial password still unchanged).
    pub async fn admin(&self) -> String {
        self.sign_in(ADMIN, ADMIN_PASSWORD).await
    }

    /// The administrator's token after the initial password was changed (directly in the
    /// database, as the change-password flow has its own tests).
    pub async fn ready_admin(&self) -> String {
        let mut conn = self.conn().await;
        let admin = user::credentials(&mut conn, ADMIN).await.unwrap().unwrap();
        mark_password_changed(&mut conn, &admin.id).await;
        self.admin().await
    }

    /// Creates a user through the server's own repository; returns its id.
    pub async fn create_user(&self, account: &str, password: &str) -> String {
        let hash = self.state.hasher.hash(&md5(password)).await.unwrap();
        let mut conn = self.conn().await;
        let new = user::NewUser { account, real_name: account, password_hash: &hash, is_administrator: false, system_id: None };
        let id = user::insert(&mut conn, &new, self.clock.now_ms()).await.unwrap();
        mark_password_changed(&mut conn, &id).await;
        id
    }

    /// A fresh captcha for `key` through the dialog endpoint; returns its answer (read from
    /// the database, since a test cannot read the image).
    pub async fn captcha(&self, key: &str) -> String {
        let res = self.http.get(format!("{}/api/file/ImageCode/{key}", self.base)).send().await.unwrap();
        assert_eq!(res.headers()["content-type"], "image/png");
        let png = res.bytes().await.unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a real PNG");
        let mut conn = self.conn().await;
        qiming_server::auth::captcha_answer(&mut conn, key).await.unwrap().expect("an answer is stored")
    }

    /// Changes system settings as a ready administrator.
    pub async fn set_config(&self, settings: Value) {
        let admin = self.ready_admin().await;
        self.put("/api/system/SysConfig", Some(&admin), settings).await.ok();
    }

    /// A role authorised for the given menu ids and page-item ids, with the user in it.
    pub async fn grant(&self, user_id: &str, menus: &[&str], items: &[(&str, &str)]) -> String {
        let mut conn = self.conn().await;
        let code = format!("r{}", qiming_server::support::new_id());
        let role = menu::insert_role(&mut conn, &code, "测试角色", self.clock.now_ms()).await.unwrap();
        for m in menus {
            menu::authorize_role(&mut conn, &role, "module", m).await.unwrap();
        }
        for (kind, id) in items {
            menu::authorize_role(&mut conn, &role, kind, id).await.unwrap();
        }
        user::add_relation(&mut conn, user_id, "Role", &role).await.unwrap();
        role
    }
}

pub async fn mark_password_changed(conn: &mut Conn, user_id: &str) {
    sqlx::query("UPDATE base_user SET change_password_date = $1 WHERE id = $2")
        .bind(qiming_server::support::clock::system_now_ms())
        .bind(user_id)
        .execute(&mut *conn)
        .await
        .unwrap();
    qiming_server::db::bump_generation(conn).await.unwrap();
}

pub fn md5(s: &str) -> String {
    qiming_core::md5_hex(s.as_bytes())
}

/// The JSON a client sends to change a password.
pub fn password_change(old: &str, new: &str, code: &str, key: &str) -> Value {
    json!({"oldPassword": md5(old), "password": md5(new), "plainPassword": new, "code": code, "timestamp": key})
}

/// A menu of the main system (type 0/1 a directory, 2 a page) with the given enCode, under
/// `parent` ('-1' at the top), to be stored by `menu::insert_menu`.
pub fn new_menu(parent: &str, en_code: &str, menu_type: i64) -> menu::NewMenu {
    menu::NewMenu {
        id: None,
        parent_id: parent.into(),
        system_id: MAIN_SYSTEM.into(),
        full_name: en_code.into(),
        en_code: en_code.into(),
        icon: String::new(),
        menu_type,
        url_address: en_code.into(),
        link_target: "_self".into(),
        property_json: "{}".into(),
        sort_code: 100,
    }
}

/// A page menu (type 2) with the given enCode under `parent`, in the main system; answers its
/// id.
pub async fn insert_page(s: &TestServer, parent: &str, en_code: &str) -> String {
    let mut conn = s.conn().await;
    menu::insert_menu(&mut conn, &new_menu(parent, en_code, 2), s.clock.now_ms()).await.unwrap()
}

/// The JSON answer of a request made with [`client`] (a request the test server's helpers do
/// not make: other headers, another server).
pub async fn json_of(request: reqwest::RequestBuilder) -> Value {
    request.send().await.unwrap().json().await.unwrap()
}

/// The seeded main system.
pub const MAIN_SYSTEM: &str = "100000000000000001";

/// A company (or, with `department`, a department) under `parent` ('-1' for the top) made
/// through the API; answers its id.
pub async fn organisation(s: &TestServer, token: &str, parent: &str, department: bool, name: &str, code: &str) -> String {
    let path = if department { "/api/permission/Organize/Department" } else { "/api/permission/Organize" };
    s.post(path, Some(token), json!({"parentId": parent, "fullName": name, "enCode": code})).await.ok();
    let tree = s.get("/api/permission/Organize/Department/Selector/0", Some(token)).await.ok()["list"].clone();
    fn find(list: &Value, name: &str) -> Option<String> {
        list.as_array()?.iter().find_map(|n| if n["fullName"] == name { n["id"].as_str().map(str::to_string) } else { find(&n["children"], name) })
    }
    find(&tree, name).unwrap()
}

/// The id of a seeded menu by its enCode (the organisation pages of menus-permission.json).
pub async fn seeded_page(s: &TestServer, en_code: &str) -> String {
    let mut conn = s.conn().await;
    sqlx::query_scalar("SELECT id FROM base_module WHERE en_code = $1").bind(en_code).fetch_one(&mut *conn).await.unwrap()
}

/// The id of a seeded page's button by its code.
pub async fn seeded_button(s: &TestServer, page: &str, en_code: &str) -> String {
    let mut conn = s.conn().await;
    sqlx::query_scalar("SELECT id FROM base_module_item WHERE module_id = $1 AND kind = 'button' AND en_code = $2")
        .bind(page)
        .bind(en_code)
        .fetch_one(&mut *conn)
        .await
        .unwrap()
}

/// The id of a seeded dictionary item by its category's code and its own.
pub async fn dictionary_item(s: &TestServer, category: &str, code: &str) -> String {
    let mut conn = s.conn().await;
    sqlx::query_scalar(
        "SELECT d.id FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
         WHERE t.en_code = $1 AND d.en_code = $2",
    )
    .bind(category)
    .bind(code)
    .fetch_one(&mut *conn)
    .await
    .unwrap()
}

/// PERM-009 for each of a page's buttons: each call (button, method, path, body) is refused
/// to `token`'s user (`clerk`, already granted the page's menu) until the page's button is
/// granted too, then answered.
pub async fn each_button_needs_its_grant(s: &TestServer, token: &str, clerk: &str, page: &str, tries: Vec<(&str, Method, String, Body)>) {
    for (button, method, path, body) in tries {
        let again = match &body {
            Body::Json(v) => Body::Json(v.clone()),
            Body::Raw(t, b) => Body::Raw(t, b.clone()),
            _ => Body::None,
        };
        s.call(method.clone(), &path, Some(token), body).await.fails(403, qiming_server::access::MSG_FORBIDDEN);
        let id = seeded_button(s, page, button).await;
        s.grant(clerk, &[page], &[("button", &id)]).await;
        let answer = s.call(method, &path, Some(token), again).await;
        assert_ne!(answer.code(), 403, "{button} {path}: {:#}", answer.body);
    }
}

const BOUNDARY: &str = "qimingTestBoundary7MA4YWxk";

/// A multipart body with one file field.
pub fn upload(field: &str, file_name: &str, content: &[u8]) -> Body {
    upload_with(&[], field, file_name, content)
}

/// A multipart body with text fields before one file field, in that order (as the JNPF
/// client's upload widget sends its `data`).
pub fn upload_with(fields: &[(&str, &str)], field: &str, file_name: &str, content: &[u8]) -> Body {
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes());
    }
    body.extend_from_slice(format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes());
    body.extend_from_slice(content);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    Body::Raw("multipart/form-data; boundary=qimingTestBoundary7MA4YWxk", body)
}
