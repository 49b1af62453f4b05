//! Sign-in limits that hold under parallel attack and odd input (the sign-in half of the
//! hardening issue): attempts counted before the password is checked, the lock screen counted
//! against the account, input refused before any work, a bounded hashing queue.

use crate::harness::{ADMIN, ADMIN_PASSWORD, Engine, TestServer, md5, start, start_with, upload};
use reqwest::Method;
use crate::on_both_engines;
use serde_json::json;

async fn login_raw(s: &TestServer, account: &str, password: &str) -> crate::harness::Answer {
    s.login(account, password).await
}

// AUTH-007 under a burst: 100 sign-ins for one account sent at the same moment, the right
// password among them: at most the configured 5 passwords are ever checked.
async fn auth_007_a_parallel_burst_checks_at_most_five(engine: Engine) {
    let s = start(engine).await;
    let before = s.state.hasher.checks();
    let attempts = (0..100).map(|i| {
        let password = if i == 99 { ADMIN_PASSWORD.to_string() } else { format!("wrong{i}") };
        let s = &s;
        async move { login_raw(s, ADMIN, &password).await }
    });
    let answers = futures_util::future::join_all(attempts).await;
    let checked = s.state.hasher.checks() - before;
    assert!(checked <= 5, "{checked} passwords checked");
    assert!(answers.iter().filter(|a| a.msg().starts_with("账号已锁定")).count() >= 90);
    // The account is locked now, the right password included.
    s.login(ADMIN, ADMIN_PASSWORD).await.fails(400, "账号已锁定，请10分钟后再试");
}

// AUTH-007: the same for one address trying many accounts: at most 20 checked.
async fn auth_007_a_parallel_burst_from_one_address_checks_at_most_twenty(engine: Engine) {
    let s = start(engine).await;
    let before = s.state.hasher.checks();
    let attempts = (0..100).map(|i| {
        let s = &s;
        async move { login_raw(s, &format!("user{i}"), "wrong").await }
    });
    futures_util::future::join_all(attempts).await;
    let checked = s.state.hasher.checks() - before;
    assert!(checked <= 20, "{checked} passwords checked");
    s.login(ADMIN, ADMIN_PASSWORD).await.fails(400, "登录失败次数过多，请10分钟后再试");
}

// AUTH-020: the lock screen is no password oracle. Wrong unlock passwords count against the
// account like failed sign-ins; locking again forgets none of them; at the limit the session
// ends and the account is locked for sign-in too.
async fn auth_020_unlock_guesses_count_against_the_account(engine: Engine) {
    let s = start(engine).await;
    let token = s.admin().await;
    let wrong = json!({"account": ADMIN, "password": md5("nope")});
    for round in 0..2 {
        s.post("/api/oauth/LockScreen", Some(&token), json!({})).await.ok();
        for _ in 0..2 {
            s.post("/api/oauth/LockScreen", Some(&token), wrong.clone()).await.fails(400, "密码错误，请重新输入");
        }
        let _ = round;
    }
    s.post("/api/oauth/LockScreen", Some(&token), json!({})).await.ok();
    s.post("/api/oauth/LockScreen", Some(&token), wrong).await.fails(601, "解锁失败次数过多，请重新登录");
    s.get("/api/oauth/CurrentUser", Some(&token)).await.fails(601, "解锁失败次数过多，请重新登录");
    s.login(ADMIN, ADMIN_PASSWORD).await.fails(400, "账号已锁定，请10分钟后再试");
    // A right unlock forgets earlier wrong ones.
    s.clock.advance(std::time::Duration::from_secs(11 * 60));
    let token = s.admin().await;
    s.post("/api/oauth/LockScreen", Some(&token), json!({})).await.ok();
    for _ in 0..4 {
        s.post("/api/oauth/LockScreen", Some(&token), json!({"account": ADMIN, "password": md5("nope")})).await.fails(400, "密码错误，请重新输入");
    }
    s.post("/api/oauth/LockScreen", Some(&token), json!({"account": ADMIN, "password": md5(ADMIN_PASSWORD)})).await.ok();
    s.post("/api/oauth/LockScreen", Some(&token), json!({})).await.ok();
    s.post("/api/oauth/LockScreen", Some(&token), json!({"account": ADMIN, "password": md5("nope")})).await.fails(400, "密码错误，请重新输入");
}

// HTTP-008: limits before any database or hashing work: an over-long account name is refused
// (and never counted or checked); control characters (NUL) in any text input answer 400.
async fn http_008_long_and_control_character_input_is_refused(engine: Engine) {
    let s = start(engine).await;
    let before = s.state.hasher.checks();
    s.login(&"a".repeat(12_000), "x").await.fails(400, "账户最多为50个字符");
    s.login("ad\u{0}min", "x").await.fails(400, "account含有不允许的控制字符");
    assert_eq!(s.state.hasher.checks(), before, "nothing was checked");
    let mut conn = s.conn().await;
    let (rows,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM base_login_throttle").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(rows, 0, "nothing was counted");
    drop(conn);
    let token = s.ready_admin().await;
    let base = "/api/permission/Users/Current/BaseInfo";
    s.put(base, Some(&token), json!({"realName": "王\u{0}医生"})).await.fails(400, "realName含有不允许的控制字符");
    s.put(base, Some(&token), json!({"signature": "第一行\n第二行\t完"})).await.ok();
    s.get("/api/permission/Users/Current/SystemLog?keyword=%00", Some(&token)).await.fails(400, "keyword含有不允许的控制字符");
    s.get("/api/permission/Users/a%00b", Some(&token)).await.fails(400, "id含有不允许的控制字符");
    // Uploaded text too: the JSON of an import file (a NUL in a name) and its file name (the
    // multipart parser refuses a raw control character in a header).
    let file = r#"{"list":[{"id":"9","parentId":"1","fullName":"\u0000科室","enCode":"d0","isTree":0,"sortCode":0}],"modelList":[]}"#;
    let import = "/api/system/DictionaryData/Action/Import";
    s.call(Method::POST, import, Some(&token), upload("file", "科室.bdd", file.as_bytes())).await.fails(400, "文件内容.list.fullName含有不允许的控制字符");
    assert_eq!(s.call(Method::POST, import, Some(&token), upload("file", "科\u{1}室.bdd", b"{}")).await.code(), 400);
    // An upload's text fields (issue 24 §3: pathType and folder reached PostgreSQL with a NUL).
    let fields = [("pathType", "selfPath\u{0}"), ("folder", "a")];
    let answer = s.call(Method::POST, "/api/file/Uploader/annex", Some(&token), crate::harness::upload_with(&fields, "file", "a.txt", b"hello")).await;
    answer.fails(400, "pathType含有不允许的控制字符");
    let fields = [("identifier", "0123456789abcdef0123456789abcdef"), ("folder", "x\u{0}y")];
    let answer = s.call(Method::POST, "/api/file/merge", Some(&token), crate::harness::upload_with(&fields, "dummy", "d", b"")).await;
    answer.fails(400, "folder含有不允许的控制字符");
}

// A full password-hashing queue answers 503 "busy" at once instead of queueing every real
// user behind a flood, and a refused attempt is not counted as a failure.
async fn a_full_hashing_queue_answers_busy(engine: Engine) {
    let s = start_with(engine, |c| {
        c.password_hash_queue = 1;
        c.password_hash_memory_kib = 32 * 1024;
        c.password_hash_iterations = 4;
    })
    .await;
    let attempts = (0..12).map(|i| {
        let s = &s;
        async move { login_raw(s, &format!("user{i}"), "wrong").await }
    });
    let answers = futures_util::future::join_all(attempts).await;
    let busy = answers.iter().filter(|a| a.code() == 503).count();
    assert!(busy >= 4, "{busy} busy answers: {:?}", answers.iter().map(|a| a.msg().to_string()).collect::<Vec<_>>());
    assert!(answers.iter().filter(|a| a.code() == 503).all(|a| a.msg() == "服务器繁忙，请稍后再试"));
    let mut conn = s.conn().await;
    let (counted,): (i64,) = sqlx::query_as("SELECT CAST(COALESCE(SUM(failures), 0) AS BIGINT) FROM base_login_throttle WHERE throttle_key LIKE 'account:%'")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(counted as usize, 12 - busy, "busy attempts are not counted");
}

// AUTH-012: the captcha's length is the configuration's, whatever length the client asks for.
async fn auth_012_captcha_length_from_the_configuration(engine: Engine) {
    let s = start(engine).await;
    s.http.get(format!("{}/api/oauth/ImageCode/6/k1", s.base)).send().await.unwrap();
    let mut conn = s.conn().await;
    let answer = qiming_server::auth::captcha_answer(&mut conn, "k1").await.unwrap().unwrap();
    assert_eq!(answer.chars().count(), 4);
}

// Issue 24 §3: a client trickling its body (a byte at a time) is cut off once the body falls
// behind the minimum pace after its grace period — the call answers 400 — instead of holding
// the connection until the request timeout (which would answer 504 请求处理超时). A body sent
// at an ordinary pace is not affected.
async fn a_trickled_body_is_cut_off_after_its_grace(engine: Engine) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let s = start_with(engine, |c| {
        c.body_min_rate = 1024;
        c.body_grace = std::time::Duration::from_secs(1);
        c.request_timeout = std::time::Duration::from_secs(30);
    })
    .await;
    let addr = s.base.trim_start_matches("http://").to_string();
    let stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let (mut reader, mut writer) = stream.into_split();
    let head = format!("POST /api/oauth/Login HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\n");
    writer.write_all(head.as_bytes()).await.unwrap();
    let trickle = tokio::spawn(async move {
        for _ in 0..200 {
            if writer.write_all(b"a").await.is_err() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        }
    });
    let mut answer = Vec::new();
    let _ = reader.read_to_end(&mut answer).await;
    trickle.abort();
    let answer = String::from_utf8_lossy(&answer);
    let body = &answer[answer.find("\r\n\r\n").map(|i| i + 4).unwrap_or(0)..];
    let envelope: serde_json::Value = serde_json::from_str(body.trim()).unwrap_or_else(|_| {
        // A chunked answer: take the JSON between the braces.
        serde_json::from_str(&body[body.find('{').unwrap()..=body.rfind('}').unwrap()]).unwrap()
    });
    assert_eq!(envelope["code"], 400, "{answer}");
    // An ordinary sign-in (its body at once) is unaffected.
    assert_eq!(s.login(ADMIN, &md5("wrong")).await.code(), 400);
    let token = s.ready_admin().await;
    assert!(!token.is_empty());
}

on_both_engines!(
    a_trickled_body_is_cut_off_after_its_grace,
    auth_007_a_parallel_burst_checks_at_most_five,
    auth_007_a_parallel_burst_from_one_address_checks_at_most_twenty,
    auth_020_unlock_guesses_count_against_the_account,
    http_008_long_and_control_character_input_is_refused,
    a_full_hashing_queue_answers_busy,
    auth_012_captcha_length_from_the_configuration,
);
