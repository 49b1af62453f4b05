//! The administrators' system log (系统日志, `/api/system/Log/{category}`, `DELETE Log`,
//! `DELETE Log/{category}`: the JNPF 3.4.7 client's log page; the call catalogue does not list
//! it, so no checklist item names these scenarios): everyone's sign-ins, operations and
//! requests, newest first, with keyword, whole-day date range and paging; deleting rows and
//! clearing a category; the menu system.sysLog and its 删除 button; the caller's data scope.

use crate::harness::{ADMIN, Answer, Engine, TestServer, seeded_button, seeded_page, start};
use crate::on_both_engines;
use qiming_server::access::MSG_FORBIDDEN;
use qiming_server::permission::repo::menu;
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;

const WRONG: &str = "账户或密码错误，请重新输入";
const DAY: Duration = Duration::from_secs(24 * 3600);

/// The rows of a log page as (userName, loginMark, abstracts).
fn rows(page: &Value) -> Vec<(String, i64, String)> {
    page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["userName"].as_str().unwrap().to_string(), r["loginMark"].as_i64().unwrap(), r["abstracts"].as_str().unwrap().to_string()))
        .collect()
}

fn row(user: &str, mark: i64, abstracts: &str) -> (String, i64, String) {
    (user.to_string(), mark, abstracts.to_string())
}

async fn delete(s: &TestServer, path: &str, token: &str, body: Option<Value>) -> Answer {
    let body = body.map_or(crate::harness::Body::None, crate::harness::Body::Json);
    s.call(Method::DELETE, path, Some(token), body).await
}

/// The rows of `category` (and `query`) once at least `n` are there: request and operation
/// rows are written in the background (at most 10 s).
async fn at_least(s: &TestServer, token: &str, category: i64, query: &str, n: usize) -> Value {
    let path = format!("/api/system/Log/{category}?pageSize=100&{query}");
    for _ in 0..100 {
        let page = s.get(&path, Some(token)).await.ok().clone();
        if page["list"].as_array().unwrap().len() >= n {
            return page;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("fewer than {n} rows of category {category} for {query}");
}

// Sign-ins of every user — the unknown account's too — reach the administrator's log, newest
// first, exactly as they happened; the keyword matches the user and the outcome (never a
// wildcard); the date range is whole local days; pages of any size.
async fn sign_ins_of_everyone_with_keyword_days_and_pages(engine: Engine) {
    let s = start(engine).await;
    s.create_user("doctor", "Doctor123").await;
    s.create_user("nurse", "Nurse123").await;
    // Two days ago: a stranger and the doctor fail.
    s.login("ghost", "x").await.fails(400, WRONG);
    s.clock.advance(Duration::from_secs(1));
    s.login("doctor", "bad").await.fails(400, WRONG);
    let two_days_ago = s.clock.now_ms();
    s.clock.advance(2 * DAY);
    // Today: the administrator, the doctor and the nurse sign in.
    let admin = s.ready_admin().await;
    s.clock.advance(Duration::from_secs(1));
    s.sign_in("doctor", "Doctor123").await;
    s.clock.advance(Duration::from_secs(1));
    s.sign_in("nurse", "Nurse123").await;
    let today = s.clock.now_ms();

    let all = s.get("/api/system/Log/1?currentPage=1&pageSize=20&sort=desc&keyword=&startTime=&endTime=", Some(&admin)).await;
    assert_eq!(all.ok()["pagination"]["total"], 5);
    assert_eq!(
        rows(all.ok()),
        [row("nurse", 1, "登录成功"), row("doctor", 1, "登录成功"), row(ADMIN, 1, "登录成功"), row("doctor", 0, WRONG), row("ghost", 0, WRONG)]
    );
    let first = &all.ok()["list"][0];
    assert_eq!((first["ipaddress"].as_str(), first["ipaddressName"].as_str()), (Some("127.0.0.1"), Some("本地")));
    assert!(first["id"].as_str().is_some_and(|id| !id.is_empty()) && first["creatorTime"].as_i64().unwrap() <= today);

    // Keyword: the user, the outcome; % is literal.
    let doctor = s.get("/api/system/Log/1?keyword=DOCTOR", Some(&admin)).await;
    assert_eq!(rows(doctor.ok()), [row("doctor", 1, "登录成功"), row("doctor", 0, WRONG)]);
    let failed = s.get(&format!("/api/system/Log/1?keyword={}", urlencode(WRONG)), Some(&admin)).await;
    assert_eq!(rows(failed.ok()), [row("doctor", 0, WRONG), row("ghost", 0, WRONG)]);
    assert_eq!(s.get("/api/system/Log/1?keyword=%25", Some(&admin)).await.ok()["pagination"]["total"], 0);

    // Days: a range of one day holds all of that day's rows, whatever the times sent.
    let that_day = s.get(&format!("/api/system/Log/1?startTime={two_days_ago}&endTime={two_days_ago}"), Some(&admin)).await;
    assert_eq!(rows(that_day.ok()), [row("doctor", 0, WRONG), row("ghost", 0, WRONG)]);
    let since_yesterday = s.get(&format!("/api/system/Log/1?startTime={}", today - 24 * 3600 * 1000), Some(&admin)).await;
    assert_eq!(since_yesterday.ok()["pagination"]["total"], 3);
    let until_yesterday = s.get(&format!("/api/system/Log/1?endTime={}", today - 24 * 3600 * 1000), Some(&admin)).await;
    assert_eq!(until_yesterday.ok()["pagination"]["total"], 2);
    let both = s.get(&format!("/api/system/Log/1?keyword=doctor&startTime={today}&endTime={today}"), Some(&admin)).await;
    assert_eq!(rows(both.ok()), [row("doctor", 1, "登录成功")]);

    // Pages.
    let second = s.get("/api/system/Log/1?currentPage=2&pageSize=2", Some(&admin)).await;
    assert_eq!(second.ok()["pagination"], json!({"currentPage": 2, "pageSize": 2, "total": 5}));
    assert_eq!(rows(second.ok()), [row(ADMIN, 1, "登录成功"), row("doctor", 0, WRONG)]);
    s.get("/api/system/Log/1?pageSize=501", Some(&admin)).await.fails(400, "每页条数必须在1到500之间");
}

fn urlencode(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

// The request log (5) and the operation log (3) hold every user's calls — a member's write
// reaches the administrator's page with its address, method, outcome and duration; JNPF's
// visit (2) and exception (4) logs are not kept (empty); other categories are refused.
async fn requests_and_operations_of_everyone(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    s.create_user("doctor", "Doctor123").await;
    let doctor = s.sign_in("doctor", "Doctor123").await;
    let base = "/api/permission/Users/Current/BaseInfo";
    s.put(base, Some(&doctor), json!({"realName": "王医生"})).await.ok();
    s.put(base, Some(&doctor), json!({"realName": ""})).await;

    let operations = at_least(&s, &admin, 3, "keyword=BaseInfo", 2).await;
    let ops: Vec<(String, String, String, i64)> = operations["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["userName"].as_str().unwrap().into(), r["requestMethod"].as_str().unwrap().into(), r["requestURL"].as_str().unwrap().into(), r["loginMark"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        ops,
        [("王医生/doctor".into(), "PUT".into(), base.into(), 0), ("doctor/doctor".into(), "PUT".into(), base.into(), 1)],
        "newest first: the refused one, then the change (named as the user was then)"
    );
    assert!(operations["list"][0]["abstracts"].as_str().unwrap().starts_with("400 "), "{operations:#}");
    let requests = at_least(&s, &admin, 5, "keyword=doctor", 2).await;
    assert!(requests["list"].as_array().unwrap().iter().all(|r| r["userName"].as_str().unwrap().ends_with("/doctor") && r["requestDuration"].is_i64()));
    // The keyword matches the method too: the administrator's own GETs of this page.
    let gets = at_least(&s, &admin, 5, "keyword=/api/system/Log", 1).await;
    assert!(gets["list"].as_array().unwrap().iter().all(|r| r["requestMethod"] == "GET" && r["userName"].as_str().unwrap().ends_with("/admin")), "{gets:#}");

    for empty in [2, 4] {
        assert_eq!(s.get(&format!("/api/system/Log/{empty}"), Some(&admin)).await.ok()["pagination"]["total"], 0);
    }
    s.get("/api/system/Log/9", Some(&admin)).await.fails(400, "日志分类不正确");
    s.get("/api/system/Log/x", Some(&admin)).await.fails(400, "路径参数的值无效：x");
}

// Deleting chosen rows (the client's array, or ids joined by ','), and 一键清空 of one
// category, which leaves the others.
async fn delete_rows_and_clear_a_category(engine: Engine) {
    let s = start(engine).await;
    s.create_user("doctor", "Doctor123").await;
    for _ in 0..3 {
        s.login("doctor", "bad").await.fails(400, WRONG);
    }
    let admin = s.ready_admin().await;
    let page = s.get("/api/system/Log/1?keyword=doctor", Some(&admin)).await.ok().clone();
    let ids: Vec<String> = page["list"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap().to_string()).collect();
    assert_eq!(ids.len(), 3);
    delete(&s, "/api/system/Log", &admin, Some(json!({"ids": [ids[0]]}))).await.fails(200, "删除成功");
    delete(&s, "/api/system/Log", &admin, Some(json!({"ids": format!("{},{}", ids[1], "nothing")}))).await.ok();
    let left = s.get("/api/system/Log/1?keyword=doctor", Some(&admin)).await;
    assert_eq!(left.ok()["list"][0]["id"], ids[2].as_str());
    assert_eq!(left.ok()["pagination"]["total"], 1);
    delete(&s, "/api/system/Log", &admin, Some(json!({"ids": []}))).await.fails(400, "请选择一条数据");

    at_least(&s, &admin, 5, "", 1).await;
    delete(&s, "/api/system/Log/1", &admin, None).await.fails(200, "清空成功");
    assert_eq!(s.get("/api/system/Log/1", Some(&admin)).await.ok()["pagination"]["total"], 0);
    assert!(s.get("/api/system/Log/5", Some(&admin)).await.ok()["pagination"]["total"].as_i64().unwrap() > 0, "the request log stays");
    delete(&s, "/api/system/Log/7", &admin, None).await.fails(400, "日志分类不正确");
}

/// A data-permission scheme of one condition.
fn scheme(field: &str, value: &str) -> String {
    json!([{"logic": "and", "groups": [{"field": field, "op": "Equal", "value": value}]}]).to_string()
}

// The page needs its menu (system.sysLog), deleting and clearing its 删除 button; on the
// page's data permission a member reaches only the rows of the schemes granted (本人: their
// own), and deletes nothing outside them.
async fn the_menu_the_button_and_the_scope(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    s.create_user("doctor", "Doctor123").await;
    s.login("doctor", "bad").await.fails(400, WRONG);
    let token = s.sign_in("nurse", "Nurse123").await;

    // Without the menu: refused.
    s.get("/api/system/Log/1", Some(&token)).await.fails(403, MSG_FORBIDDEN);
    delete(&s, "/api/system/Log/1", &token, None).await.fails(403, MSG_FORBIDDEN);

    // The menu: every row (no data permission on the page), but no deleting.
    let page = seeded_page(&s, "system.sysLog").await;
    let role = s.grant(&nurse, &[&page], &[]).await;
    let seen = s.get("/api/system/Log/1", Some(&token)).await;
    assert_eq!(rows(seen.ok()).iter().map(|r| r.0.as_str()).collect::<Vec<_>>(), ["nurse", "doctor", ADMIN]);
    let doctors = seen.ok()["list"][1]["id"].as_str().unwrap().to_string();
    delete(&s, "/api/system/Log", &token, Some(json!({"ids": [doctors]}))).await.fails(403, MSG_FORBIDDEN);

    // Data permission 本人: only her own rows; the doctor's stays whatever she asks.
    let remove = seeded_button(&s, &page, "btn_remove").await;
    let mut conn = s.conn().await;
    menu::authorize_role(&mut conn, &role, "button", &remove).await.unwrap();
    menu::set_data_authorize(&mut conn, &page, true).await.unwrap();
    let own = menu::insert_scheme(&mut conn, &page, "own", "本人", &scheme("userId", "@userId")).await.unwrap();
    menu::authorize_role(&mut conn, &role, "resource", &own).await.unwrap();
    qiming_server::db::bump_generation(&mut conn).await.unwrap();
    drop(conn);
    assert_eq!(rows(s.get("/api/system/Log/1", Some(&token)).await.ok()), [row("nurse", 1, "登录成功")]);
    delete(&s, "/api/system/Log", &token, Some(json!({"ids": [doctors]}))).await.ok();
    delete(&s, "/api/system/Log/1", &token, None).await.ok();
    assert_eq!(s.get("/api/system/Log/1", Some(&token)).await.ok()["pagination"]["total"], 0);
    let left = s.get("/api/system/Log/1", Some(&admin)).await;
    assert_eq!(rows(left.ok()).iter().map(|r| r.0.as_str()).collect::<Vec<_>>(), ["doctor", ADMIN], "outside her scope nothing went");
}

// JNPF's moduleName and json of the request and operation logs: the page a call acted for
// (the menu its route demands; '' where the route names none) and what a write sent, with
// passwords, secrets and tokens masked, long text cut, large and multipart bodies only
// described.
async fn operations_name_their_page_and_what_was_sent(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    s.post("/api/system/DictionaryType", Some(&admin), json!({"fullName": "", "enCode": "x"})).await.fails(400, "请输入名称");
    s.post("/api/system/SysConfig/testDingTalkConnect", Some(&admin), json!({"dingSynAppKey": "", "dingSynAppSecret": "s3cret"})).await;
    let change = json!({"oldPassword": "aa", "password": "bb", "plainPassword": "Plain123", "code": "1234", "timestamp": "k"});
    s.post("/api/permission/Users/Current/Actions/ModifyPassword", Some(&admin), change).await;
    s.put("/api/system/SysConfig", Some(&admin), json!({"sysDescription": "说".repeat(5000)})).await;
    s.put("/api/system/SysConfig", Some(&admin), json!({"sysDescription": "x".repeat(70_000)})).await;
    s.get("/api/system/DataInterface", Some(&admin)).await.ok();

    let page = at_least(&s, &admin, 5, "", 6).await;
    let rows = page["list"].as_array().unwrap();
    let find = |url: &str, n: usize| rows.iter().filter(|r| r["requestURL"] == url).nth(n).unwrap_or_else(|| panic!("no row {n} for {url}")).clone();
    let list = find("/api/system/DataInterface", 0);
    assert_eq!((list["requestMethod"].as_str(), list["moduleName"].as_str(), list["json"].as_str()), (Some("GET"), Some("数据接口"), Some("")));
    let created = find("/api/system/DictionaryType", 0);
    assert_eq!(created["moduleName"], "数据字典");
    assert_eq!(serde_json::from_str::<Value>(created["json"].as_str().unwrap()).unwrap(), json!({"fullName": "", "enCode": "x"}));
    let test = find("/api/system/SysConfig/testDingTalkConnect", 0);
    assert_eq!(test["moduleName"], "", "an administrators' call names no page");
    assert_eq!(serde_json::from_str::<Value>(test["json"].as_str().unwrap()).unwrap(), json!({"dingSynAppKey": "", "dingSynAppSecret": "******"}));
    let modify = find("/api/permission/Users/Current/Actions/ModifyPassword", 0);
    assert_eq!(
        serde_json::from_str::<Value>(modify["json"].as_str().unwrap()).unwrap(),
        json!({"oldPassword": "******", "password": "******", "plainPassword": "******", "code": "1234", "timestamp": "k"})
    );
    let (large, long) = (find("/api/system/SysConfig", 0), find("/api/system/SysConfig", 1));
    assert!(large["json"].as_str().unwrap().starts_with("（请求体过大，70021字节，未记录）"), "{large}");
    let long = long["json"].as_str().unwrap();
    assert_eq!((long.chars().count(), long.ends_with('…')), (4001, true));

    // The operation log keeps the same, and the keyword finds a page by name.
    let operations = at_least(&s, &admin, 3, "keyword=%E6%95%B0%E6%8D%AE%E5%AD%97%E5%85%B8", 1).await;
    assert_eq!(operations["list"].as_array().unwrap().len(), 1);
    assert_eq!(operations["list"][0]["json"], created["json"]);
}

on_both_engines!(
    operations_name_their_page_and_what_was_sent,
    sign_ins_of_everyone_with_keyword_days_and_pages,
    requests_and_operations_of_everyone,
    delete_rows_and_clear_a_category,
    the_menu_the_button_and_the_scope,
);
