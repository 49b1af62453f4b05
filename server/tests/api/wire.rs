//! The wire: the envelope on bad input, unexpected errors, the SPA fallback.

use crate::harness::{Body, Engine, start, start_with};
use crate::on_both_engines;
use reqwest::Method;
use serde_json::{Value, json};

// HTTP-008: bad input of every kind is a 400 envelope with a Chinese msg (HTTP 200, never
// a 500 and never axum's plain-text rejection).
async fn http_008_bad_input_is_a_400_envelope(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    let t = Some(token.as_str());
    let theme = "/api/permission/Users/Current/SystemTheme";

    let malformed = s.call(Method::PUT, theme, t, Body::Raw("application/json", b"{\"theme\": ".to_vec())).await;
    malformed.fails(400, "请求数据不是有效的JSON");
    assert_eq!(malformed.status, 200);
    s.call(Method::PUT, theme, t, Body::Raw("application/json", b"{} trailing".to_vec())).await.fails(400, "请求数据不是有效的JSON");
    s.call(Method::PUT, theme, t, Body::Raw("application/json", Vec::new())).await.fails(400, "请求数据不能为空");

    let wrong_type = s.put(theme, t, json!({"theme": 5})).await;
    wrong_type.fails(400, "参数错误：theme类型错误");
    assert_eq!(wrong_type.data(), &json!({"theme": ["theme类型错误"]}));
    let missing = s.put(theme, t, json!({})).await;
    missing.fails(400, "参数错误：theme不能为空");
    s.put(theme, t, json!([1, 2])).await.fails(400, "参数错误：请求数据类型错误");

    // Bad path and query values name the parameter.
    let long_key = format!("/api/file/ImageCode/{}", "k".repeat(65));
    s.get(&long_key, None).await.fails(400, "验证码标识无效");
    let log = "/api/permission/Users/Current/SystemLog";
    s.get(&format!("{log}?currentPage=x"), t).await.fails(400, "参数错误：currentPage格式错误");
    s.get(&format!("{log}?pageSize=1000"), t).await.fails(400, "每页条数必须在1到500之间");
    s.get(&format!("{log}?currentPage=0"), t).await.fails(400, "页码必须大于0");
    s.get(&format!("{log}?currentPage=&pageSize=&startTime=&endTime="), t).await.ok();

    // The login form: empty, a password that is not MD5.
    s.call(Method::POST, "/api/oauth/Login", None, Body::Form(vec![])).await.fails(400, "请输入账户");
    let plain = vec![("account", "admin".to_string()), ("password", "123456".to_string())];
    s.call(Method::POST, "/api/oauth/Login", None, Body::Form(plain)).await.fails(400, "密码格式错误");
    let not_form = s.call(Method::POST, "/api/oauth/Login", None, Body::Raw("application/x-www-form-urlencoded", vec![0xff, 0xfe])).await;
    assert_eq!(not_form.code(), 400, "{:#}", not_form.body);

    // Every answer carries the request id.
    assert_eq!(s.get("/api/oauth/getLoginConfig", None).await.request_id.map(|i| i.len()), Some(16));
}

// HTTP-008: an unexpected failure answers 500 with the request id and nothing else; the
// detail goes to the log.
async fn http_008_unexpected_errors_hide_internals(engine: Engine) {
    let s = start(engine).await;
    let mut conn = s.conn().await;
    sqlx::query("DROP TABLE base_sys_config").execute(&mut *conn).await.unwrap();
    drop(conn);
    let broken = s.get("/api/oauth/getConfig/admin", None).await;
    assert_eq!(broken.code(), 500);
    let id = broken.request_id.clone().unwrap();
    assert_eq!(broken.msg(), format!("系统繁忙，请稍后再试（请求编号：{id}）"));
    assert_eq!(broken.data(), &Value::Null);
    let text = broken.body.to_string().to_lowercase();
    for internal in ["sys_config", "table", "relation", "sqlx", "error:"] {
        assert!(!text.contains(internal), "{internal} leaked: {text}");
    }
}

// ROUTE-008 (server side), HTTP-001: client routes get index.html; files are served; an
// unknown /api path or method is an envelope 404, never index.html.
async fn route_spa_fallback_and_api_404(engine: Engine) {
    let dir = tempfile::tempdir().unwrap();
    let web = dir.path().join("web");
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><title>启明</title>").unwrap();
    std::fs::write(web.join("assets/app.js"), "console.log(1)").unwrap();
    let s = start_with(engine, |c| c.web_dir = Some(web.clone())).await;
    for route in ["/", "/home", "/login", "/permission/user/detail", "/redirect/home"] {
        let res = s.http.get(format!("{}{route}", s.base)).send().await.unwrap();
        assert_eq!(res.status(), 200, "{route}");
        assert!(res.text().await.unwrap().contains("<title>启明</title>"), "{route}");
    }
    let js = s.http.get(format!("{}/assets/app.js", s.base)).send().await.unwrap();
    assert_eq!(js.text().await.unwrap(), "console.log(1)");

    s.get("/api/nothing/here", None).await.fails(404, "接口不存在：GET /api/nothing/here");
    s.get("/api", None).await.fails(404, "接口不存在：GET /api");
    s.get("/api/", None).await.fails(404, "接口不存在：GET /api/");
    s.call(Method::DELETE, "/api/oauth/Login", None, Body::None).await.fails(404, "接口不存在：DELETE /api/oauth/Login");
    s.post("/api/system/Nope", None, json!({})).await.fails(404, "接口不存在：POST /api/system/Nope");
    // The WebSocket lives at /websocket/{token} (tests/api/message.rs); the bare paths are
    // unknown, never index.html.
    s.get("/websocket", None).await.fails(404, "接口不存在：GET /websocket");
    s.get("/websocket/", None).await.fails(404, "接口不存在：GET /websocket/");
}

// Without a built web app the API still works and other paths say what is missing.
async fn web_app_missing_still_serves_api(engine: Engine) {
    let s = start(engine).await;
    let res = s.http.get(format!("{}/home", s.base)).send().await.unwrap();
    assert_eq!(res.status(), 404);
    assert!(res.text().await.unwrap().contains("make web"));
    s.get("/api/oauth/getLoginConfig", None).await.ok();
}

on_both_engines!(
    http_008_bad_input_is_a_400_envelope,
    http_008_unexpected_errors_hide_internals,
    route_spa_fallback_and_api_404,
    web_app_missing_still_serves_api,
);
