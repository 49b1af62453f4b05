//! The HTTP edge: slow and idle clients cannot take the server off the network, every answer
//! carries the security headers, and no path redirects to another host.

use crate::harness::{Engine, start, start_with};
use crate::on_both_engines;
use qiming_server::request::CONTENT_SECURITY_POLICY;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn addr(base: &str) -> String {
    base.trim_start_matches("http://").to_string()
}

// 2,000 clients that send their headers a byte at a time (or not at all) do not stop a fresh
// request from being answered; a client that takes longer than the header timeout is cut off.
async fn slow_clients_do_not_take_the_server_down(engine: Engine) {
    let s = start_with(engine, |c| c.header_read_timeout = Duration::from_millis(800)).await;
    let mut slow = Vec::new();
    for _ in 0..2000 {
        let mut c = TcpStream::connect(addr(&s.base)).await.unwrap();
        c.write_all(b"GET /api/oauth/getLoginConfig HTTP/1.1\r\nHost: x\r\n").await.unwrap();
        slow.push(c);
    }
    s.get("/api/oauth/getLoginConfig", None).await.ok();
    // The slow ones are closed once the header timeout is over (EOF or a 408, never an answer).
    let mut first = slow.swap_remove(0);
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), first.read_to_end(&mut buf)).await;
    assert!(read.is_ok(), "the connection is still open after the header timeout");
    assert!(!String::from_utf8_lossy(&buf).contains("\"code\":200"), "{}", String::from_utf8_lossy(&buf));
    drop(slow);
    s.get("/api/oauth/getLoginConfig", None).await.ok();
}

// Clients that connect and send nothing, or only the HTTP/2 preface, are cut off after the
// header timeout like slow ones, so with every connection permit taken by them a fresh request
// is still answered once the timeout is over.
async fn silent_clients_give_their_connections_back(engine: Engine) {
    let s = start_with(engine, |c| {
        c.header_read_timeout = Duration::from_millis(800);
        c.max_connections = 40;
    })
    .await;
    let mut silent = Vec::new();
    for i in 0..40 {
        let mut c = TcpStream::connect(addr(&s.base)).await.unwrap();
        if i % 2 == 0 {
            c.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n").await.unwrap();
        }
        silent.push(c);
    }
    let fresh = tokio::time::timeout(Duration::from_secs(10), s.get("/api/oauth/getLoginConfig", None)).await;
    assert!(fresh.is_ok(), "no answer while silent connections hold every permit");
    fresh.unwrap().ok();
    for mut c in silent {
        let mut buf = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(10), c.read_to_end(&mut buf)).await;
        assert!(read.is_ok(), "a silent connection is still open after the header timeout");
        assert!(!String::from_utf8_lossy(&buf).contains("\"code\":200"));
    }
}

// Writers wait their turn instead of failing: on SQLite a transaction that reads and then
// writes while another writer commits was refused at once ("database is locked", a 500);
// transactions now take the write lock at BEGIN and wait for it. 40 concurrent writes that
// each check, then insert (new positions), beside the request log's own writer.
async fn concurrent_writes_all_succeed(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let hospital = crate::harness::organisation(&s, &admin, "-1", false, "第一医院", "h1").await;
    let writes = (0..40).map(|i| {
        let (s, admin, hospital) = (&s, admin.clone(), hospital.clone());
        async move {
            s.post("/api/permission/Position", Some(&admin), serde_json::json!({"organizeId": hospital, "fullName": format!("岗位{i}"), "enCode": format!("p{i}"), "type": "general"})).await
        }
    });
    for answer in futures_util::future::join_all(writes).await {
        answer.ok();
    }
}

// An idle keep-alive connection is closed once the header timeout passes without a next
// request (the same timer), so idle clients give their connections back too.
async fn idle_keep_alive_connections_are_closed(engine: Engine) {
    let s = start_with(engine, |c| c.header_read_timeout = Duration::from_millis(800)).await;
    let mut c = TcpStream::connect(addr(&s.base)).await.unwrap();
    c.write_all(b"GET /api/oauth/getLoginConfig HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let mut buf = vec![0u8; 65536];
    let n = tokio::time::timeout(Duration::from_secs(10), c.read(&mut buf)).await.expect("answered").unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"), "{}", String::from_utf8_lossy(&buf[..n]));
    // Kept alive: a second request on it is answered.
    tokio::time::sleep(Duration::from_millis(200)).await;
    c.write_all(b"GET /api/oauth/getLoginConfig HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let n = tokio::time::timeout(Duration::from_secs(10), c.read(&mut buf)).await.expect("answered").unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).contains("HTTP/1.1 200"), "the connection was not kept alive");
    // Nothing more is sent: the server closes the connection (EOF) after the timeout.
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match c.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(_) => continue, // the rest of the first answer
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the idle keep-alive connection is still open");
}

// A request that takes longer than the request timeout (here: a body that never finishes) is
// answered with the envelope's 504 instead of holding the connection.
async fn a_request_past_its_deadline_answers_504(engine: Engine) {
    let s = start_with(engine, |c| c.request_timeout = Duration::from_millis(500)).await;
    let mut c = TcpStream::connect(addr(&s.base)).await.unwrap();
    c.write_all(b"POST /api/oauth/Login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\naccount=").await.unwrap();
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(10), c.read(&mut buf)).await.expect("answered").unwrap();
    let text = String::from_utf8_lossy(&buf[..n]);
    assert!(text.contains("\"code\":504") && text.contains("请求处理超时，请稍后再试"), "{text}");
}

// Every answer carries the security headers; API answers are not stored by caches (images and
// the captcha say their own); `//assets` never redirects (a browser reads `//assets/` as a host).
async fn security_headers_and_no_redirect_to_another_host(engine: Engine) {
    let dir = tempfile::tempdir().unwrap();
    let web = dir.path().join("web");
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><title>启明</title>").unwrap();
    let s = start_with(engine, |c| c.web_dir = Some(web.clone())).await;
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    for (path, cache) in [
        ("/", None),
        ("/home", None),
        ("/api/oauth/getLoginConfig", Some("no-store")),
        ("/api/nothing", Some("no-store")),
        ("/api", Some("no-store")),
        ("/api/oauth/ImageCode/4/k", Some("no-store")),
        ("/api/file/Image/annexpic/logo.svg", Some("public, max-age=86400")),
    ] {
        let res = http.get(format!("{}{path}", s.base)).send().await.unwrap();
        let h = res.headers();
        assert_eq!(h["content-security-policy"], CONTENT_SECURITY_POLICY, "{path}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["x-frame-options"], "SAMEORIGIN", "{path}");
        assert_eq!(h["referrer-policy"], "same-origin", "{path}");
        if let Some(cache) = cache {
            assert_eq!(h["cache-control"], cache, "{path}");
        }
    }
    assert!(CONTENT_SECURITY_POLICY.contains("frame-ancestors 'self'") && CONTENT_SECURITY_POLICY.contains("script-src 'self' 'wasm-unsafe-eval';"));
    for path in ["//assets", "//assets/", "/assets", "//evil.example/x"] {
        let res = http.get(format!("{}{path}", s.base)).send().await.unwrap();
        assert!(!res.status().is_redirection(), "{path} redirects to {:?}", res.headers().get("location"));
    }
    // The built-in app too.
    let embedded = start(engine).await;
    let res = http.get(format!("{}//assets", embedded.base)).send().await.unwrap();
    assert!(!res.status().is_redirection());
}

on_both_engines!(
    concurrent_writes_all_succeed,
    idle_keep_alive_connections_are_closed,
    slow_clients_do_not_take_the_server_down,
    silent_clients_give_their_connections_back,
    a_request_past_its_deadline_answers_504,
    security_headers_and_no_redirect_to_another_host,
);

// Data that only grows is trimmed: throttle rows of unknown accounts once they no longer
// count, expired captchas and sessions, login-log rows past their retention; what still
// matters stays.
async fn housekeeping_trims_what_only_grows(engine: Engine) {
    let s = start_with(engine, |c| c.login_log_retention = Duration::from_secs(30 * 24 * 3600)).await;
    let token = s.admin().await;
    s.login("ghost", "wrong").await;
    s.http.get(format!("{}/api/oauth/ImageCode/4/old", s.base)).send().await.unwrap();
    let count = |table: &'static str| {
        let s = &s;
        async move {
            let mut conn = s.conn().await;
            let sql = format!("SELECT COUNT(*) FROM {table}");
            let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(&mut *conn).await.unwrap();
            n
        }
    };
    assert_eq!(qiming_server::housekeeping::run_once(&s.state).await.unwrap(), Default::default(), "nothing is old yet");
    // Two days later: the ghost's throttle row, the captcha and (its lifetime being a day)
    // the session are over; the login log is still within its 30 days. (The address's row
    // began a new window with the fresh sign-in.)
    s.clock.advance(Duration::from_secs(2 * 24 * 3600 + 60));
    let fresh = s.admin().await;
    let t = qiming_server::housekeeping::run_once(&s.state).await.unwrap();
    assert_eq!((t.throttles_and_captchas, t.sessions, t.login_log), (2, 1, 0), "{t:?}");
    assert_eq!(count("base_login_throttle").await, 1);
    assert_eq!(count("base_captcha").await, 0);
    s.get("/api/oauth/CurrentUser", Some(&token)).await.fails(602, "登录凭证无效，请重新登录");
    s.get("/api/oauth/CurrentUser", Some(&fresh)).await.ok();
    let logins = count("base_sys_log").await;
    assert_eq!(logins, 3);
    // A month later the first two sign-ins are past their retention.
    s.clock.advance(Duration::from_secs(29 * 24 * 3600));
    let t = qiming_server::housekeeping::run_once(&s.state).await.unwrap();
    assert_eq!(t.login_log, 2, "{t:?}");
    assert_eq!(count("base_sys_log").await, 1);
}

on_both_engines!(housekeeping_trims_what_only_grows);

// Issue 26: the request log (category 5) keeps `QIMING_REQUEST_LOG_RETENTION` and at most
// `QIMING_REQUEST_LOG_MAX_ROWS` rows, the newest; housekeeping trims the rest. Sign-ins and
// operations are left to their own retention.
async fn request_log_is_trimmed_by_age_and_size(engine: Engine) {
    let s = start_with(engine, |c| {
        c.request_log_retention = Duration::from_secs(30 * 24 * 3600);
        c.request_log_max_rows = 50;
    })
    .await;
    let now = s.state.clock.now_ms();
    let day = 24 * 3600 * 1000;
    let mut conn = s.conn().await;
    // 20 requests 40 days old, 100 from the last hours (one a minute), 5 sign-ins 40 days old.
    let rows = (0..20).map(|i| (5, now - 40 * day - i)).chain((0..100).map(|i| (5, now - i * 60_000))).chain((0..5).map(|i| (1, now - 40 * day - i)));
    for (n, (category, at)) in rows.enumerate() {
        sqlx::query("INSERT INTO base_sys_log (id, category, user_name, creator_time, request_url) VALUES ($1, $2, 'admin', $3, '/api/x')")
            .bind(format!("trim{n:04}"))
            .bind(category as i64)
            .bind(at)
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    let t = qiming_server::housekeeping::run_once(&s.state).await.unwrap();
    assert_eq!(t.request_log, 70, "20 too old, then 50 beyond the newest 50: {t:?}");
    let kept: Vec<(i64, i64)> = sqlx::query_as("SELECT category, creator_time FROM base_sys_log WHERE id LIKE 'trim%' ORDER BY category, creator_time DESC")
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    let requests: Vec<i64> = kept.iter().filter(|(c, _)| *c == 5).map(|(_, t)| *t).collect();
    assert_eq!(requests, (0..50).map(|i| now - i * 60_000).collect::<Vec<_>>(), "the newest 50 stay");
    assert_eq!(kept.iter().filter(|(c, _)| *c == 1).count(), 5, "sign-ins keep their 180 days");
    // Nothing more to trim.
    assert_eq!(qiming_server::housekeeping::run_once(&s.state).await.unwrap().request_log, 0);
}

on_both_engines!(request_log_is_trimmed_by_age_and_size);
