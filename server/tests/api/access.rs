//! Access by type: every served route refuses a caller who is not a member, except the few
//! the policy lists; the OpenAPI document lists exactly what is served; permits for a menu
//! and a button; data scopes on records.

use crate::harness::{ADMIN, Answer, Engine, TestServer, seeded_button, seeded_page, start};
use crate::on_both_engines;
use qiming_server::access::{MSG_CHANGE_INITIAL_PASSWORD, MSG_FORBIDDEN, MSG_LOCKED, Need, policy};
use qiming_server::api::ServedRoute;
use qiming_server::permission::repo::menu;
use reqwest::Method;
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// A request for a route pattern with its parameters filled in, sent with `token` and no
/// body. An answer that is not JSON (a captcha image) has a null body.
async fn call_route(s: &TestServer, route: &ServedRoute, token: Option<&str>) -> Answer {
    let path = route.path.replace("{codeLength}", "4").replace("{id}", "1").replace("{key}", "k").replace("{account}", "a");
    let path = path.replace("{type}", "annexpic").replace("{name}", "logo.svg").replace("{objectId}", "1").replace("{organizeId}", "0").replace("{nodeId}", "0");
    let path = path.replace("{itemId}", "0").replace("{enCode}", "code").replace("{systemId}", "0").replace("{currId}", "0");
    let path = path.replace("{menuId}", "1").replace("{dataType}", "1").replace("{linkId}", "0").replace("{table}", "base_organize").replace("{menuType}", "1");
    let path = path.replace("{fileId}", "0").replace("{category}", "1").replace("{modelId}", "1").replace("{templateId}", "1");
    let path = path.replace("{taskId}", "1").replace("{operatorId}", "1");
    assert!(!path.contains('{'), "a parameter of {} has no sample value", route.path);
    let mut req = s.http.request(Method::from_bytes(route.method.as_bytes()).unwrap(), format!("{}{path}", s.base));
    if let Some(t) = token {
        req = req.header("Authorization", t);
    }
    let res = req.send().await.expect("the server answers");
    let status = res.status().as_u16();
    let body = serde_json::from_slice(&res.bytes().await.unwrap()).unwrap_or(Value::Null);
    Answer { status, request_id: None, body }
}

// AUTH-021, HTTP-010 (server side): walks every route the server serves. Without a token
// every route but the open ones answers 602; with a locked screen every route but the open
// ones and the lock screen answers 403 屏幕已锁定; before the initial password is changed
// every route but those the shell and the forced dialog need answers 403 请先修改初始密码.
// The open routes really are open.
async fn every_route_refuses_non_members(engine: Engine) {
    let s = start(engine).await;
    let served = qiming_server::routes().served();
    assert!(served.len() >= 20, "only {} routes", served.len());
    let pending = s.admin().await; // initial password unchanged
    s.create_user("nurse", "Nurse123").await;
    let locked = s.sign_in("nurse", "Nurse123").await;
    s.post("/api/oauth/LockScreen", Some(&locked), json!({})).await.ok();

    let mut member_routes = 0;
    for route in &served {
        let need = policy::need(&Method::from_bytes(route.method.as_bytes()).unwrap(), &route.path);
        let anonymous = call_route(&s, route, None).await;
        if need == Need::Nobody {
            assert!(
                anonymous.body.is_null() || ![403, 600, 601, 602].contains(&anonymous.code()),
                "{route:?} is open but refused an anonymous caller: {:#}",
                anonymous.body
            );
            continue;
        }
        anonymous.fails(602, "请先登录");
        let behind_lock = call_route(&s, route, Some(&locked)).await;
        if need == Need::Session {
            assert_ne!(behind_lock.msg(), MSG_LOCKED, "{route:?}");
        } else {
            assert_eq!((behind_lock.code(), behind_lock.msg()), (403, MSG_LOCKED), "{route:?}");
        }
        let before_change = call_route(&s, route, Some(&pending)).await;
        if need == Need::Member {
            member_routes += 1;
            assert_eq!((before_change.code(), before_change.msg()), (403, MSG_CHANGE_INITIAL_PASSWORD), "{route:?}");
        } else {
            assert_ne!(before_change.msg(), MSG_CHANGE_INITIAL_PASSWORD, "{route:?}");
        }
    }
    assert!(member_routes >= 10, "most routes need a member");
    // The policy names only routes that exist.
    let served: BTreeSet<(String, String)> = served.into_iter().map(|r| (r.method, r.path)).collect();
    for (method, path, _) in policy::LESS_THAN_MEMBER {
        assert!(served.contains(&(method.to_string(), path.to_string())), "{method} {path} is listed but not served");
    }
}

// The OpenAPI document at /api/openapi.json is generated from the handlers: every served
// route is documented, every documented operation is served (it answers, and not 接口不存在),
// and web/src/api/openapi.json — from which the web's types are generated — is its copy.
async fn openapi_documents_exactly_what_is_served(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    let res = s.http.get(format!("{}/api/openapi.json", s.base)).header("Authorization", &token).send().await.unwrap();
    assert_eq!(res.headers()["content-type"], "application/json");
    let text = res.text().await.unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let documented: BTreeSet<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, ops)| ops.as_object().unwrap().keys().map(move |m| (m.to_uppercase(), path.clone())))
        .collect();
    let served: BTreeSet<(String, String)> = qiming_server::routes().served().into_iter().map(|r| (r.method, r.path)).collect();
    let undocumented: Vec<_> = served.difference(&documented).collect();
    let unserved: Vec<_> = documented.difference(&served).collect();
    assert!(undocumented.is_empty(), "served but not documented: {undocumented:?}");
    assert!(unserved.is_empty(), "documented but not served: {unserved:?}");
    for (method, path) in &documented {
        let route = ServedRoute { method: method.clone(), path: path.clone() };
        let answer = call_route(&s, &route, Some(&token)).await;
        assert!(!answer.msg().starts_with("接口不存在"), "{method} {path} is documented but not served");
    }
    // Every operation's answer and security are described, under an id of its own (the web's
    // generated types key operations by it).
    let mut ids = BTreeSet::new();
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for (method, op) in ops.as_object().unwrap() {
            assert!(ids.insert(op["operationId"].as_str().unwrap_or_default().to_string()), "{method} {path}: operationId {} repeats", op["operationId"]);
            assert!(op["responses"]["200"]["description"].as_str().is_some_and(|d| !d.is_empty()), "{method} {path}");
            assert!(op["security"].is_array(), "{method} {path}");
        }
    }
    // Every reference resolves.
    fn refs<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
        match v {
            Value::Object(m) => m.iter().for_each(|(k, v)| match (k.as_str(), v) {
                ("$ref", Value::String(r)) => out.push(r),
                _ => refs(v, out),
            }),
            Value::Array(a) => a.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    let mut found = Vec::new();
    refs(&doc, &mut found);
    for r in found {
        let name = r.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("{r}"));
        assert!(doc["components"]["schemas"].get(name).is_some(), "{r} does not resolve");
    }
    let copy = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/src/api/openapi.json")).unwrap_or_default();
    assert!(copy == text, "web/src/api/openapi.json is not the served document: run `make api` and commit the result");
}

const USERS: &str = "permission.user";

// PERM-009 (server side): an action on a page needs a permit: the page's menu granted to one
// of the caller's enabled roles, and for a button action the button too. The administrator
// holds every permit.
async fn permits_need_the_menu_and_the_button(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    let token = s.sign_in("nurse", "Nurse123").await;
    let doctor_token = s.sign_in("doctor", "Doctor123").await;
    let detail = |id: &str| format!("/api/permission/Users/{id}");
    let state = |id: &str| format!("/api/permission/Users/{id}/Actions/State");

    // No grant: refused before anything is read.
    s.get(&detail(&nurse), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.put_empty(&state(&doctor), Some(&token)).await.fails(403, MSG_FORBIDDEN);

    // The menu alone: reading, but not the edit button's action.
    let page = seeded_page(&s, USERS).await;
    let edit = seeded_button(&s, &page, "btn_edit").await;
    let role = s.grant(&nurse, &[&page], &[]).await;
    assert_eq!(s.get(&detail(&nurse), Some(&token)).await.ok()["account"], "nurse");
    s.put_empty(&state(&doctor), Some(&token)).await.fails(403, MSG_FORBIDDEN);

    // With the button: the action runs (the page has no data permission: every row).
    let mut conn = s.conn().await;
    menu::authorize_role(&mut conn, &role, "button", &edit).await.unwrap();
    drop(conn);
    s.put_empty(&state(&nurse), Some(&token)).await.fails(400, "不能更改自己的状态");
    s.get("/api/oauth/CurrentUser", Some(&doctor_token)).await.ok();
    s.put_empty(&state(&doctor), Some(&token)).await.ok();
    s.get("/api/oauth/CurrentUser", Some(&doctor_token)).await.fails(601, "账号已被禁用，请联系管理员");
    s.put_empty(&state(&doctor), Some(&token)).await.ok();
    let doctor_token = s.sign_in("doctor", "Doctor123").await;

    // The administrator holds every permit and reaches every row; an administrator's state
    // is not changed.
    assert_eq!(s.get(&detail(&doctor), Some(&admin)).await.ok()["enabledMark"], 1);
    s.put_empty(&state(&doctor), Some(&admin)).await.ok();
    assert_eq!(s.get(&detail(&doctor), Some(&admin)).await.ok()["enabledMark"], 0);
    s.get("/api/oauth/CurrentUser", Some(&doctor_token)).await.fails(601, "账号已被禁用，请联系管理员");
    let admin_id = s.get("/api/oauth/CurrentUser", Some(&admin)).await.ok()["userInfo"]["userId"].as_str().unwrap().to_string();
    s.put_empty(&state(&admin_id), Some(&admin)).await.fails(400, "不能更改管理员的状态");

    // A disabled menu or role grants nothing.
    let mut conn = s.conn().await;
    sqlx::query("UPDATE base_role SET enabled_mark = 0 WHERE id = $1").bind(&role).execute(&mut *conn).await.unwrap();
    // Written around the repositories, so the cached answers are told here.
    qiming_server::db::bump_generation(&mut conn).await.unwrap();
    drop(conn);
    s.get(&detail(&nurse), Some(&token)).await.fails(403, MSG_FORBIDDEN);
}

/// A data-permission scheme of one condition.
fn scheme(field: &str, value: &str) -> String {
    json!([{"logic": "and", "groups": [{"field": field, "op": "Equal", "value": value}]}]).to_string()
}

// PERM (data permission): on a page with data permission on, a member reaches the union of
// the schemes granted to their roles — none granted, no rows; a record outside the scope
// answers as missing, never as forbidden (which would tell that it exists). `@userId`,
// `@organizeId` and `@organizationAndSuborganization` stand for the caller's own. The
// administrator reaches every row; the profile's own rows stay the caller's.
async fn records_outside_the_scope_are_missing(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let admin_id = s.get("/api/oauth/CurrentUser", Some(&admin)).await.ok()["userInfo"]["userId"].as_str().unwrap().to_string();
    let nurse = s.create_user("nurse", "Nurse123").await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    let page = seeded_page(&s, USERS).await;
    let mut conn = s.conn().await;
    // Two organisations, the doctor's under the nurse's.
    for (id, tree) in [("o1", "o1"), ("o2", "o1,o2")] {
        sqlx::query("INSERT INTO base_organize (id, parent_id, category, full_name, en_code, id_tree, name_tree, creator_time) VALUES ($1, '-1', 'department', $1, $1, $2, $1, 1)")
            .bind(id)
            .bind(tree)
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    for (user, org) in [(&nurse, "o1"), (&doctor, "o2")] {
        sqlx::query("UPDATE base_user SET organize_id = $1 WHERE id = $2").bind(org).bind(user).execute(&mut *conn).await.unwrap();
    }
    menu::set_data_authorize(&mut conn, &page, true).await.unwrap();
    let own = menu::insert_scheme(&mut conn, &page, "own", "本人", &scheme("id", "@userId")).await.unwrap();
    let org = menu::insert_scheme(&mut conn, &page, "org", "本组织", &scheme("organizeId", "@organizeId")).await.unwrap();
    let below = menu::insert_scheme(&mut conn, &page, "below", "本组织及子组织", &scheme("organizeId", "@organizationAndSuborganization"))
        .await
        .unwrap();
    drop(conn);
    let token = s.sign_in("nurse", "Nurse123").await;
    let detail = |id: &str| format!("/api/permission/Users/{id}");
    let sees = |id: String| {
        let (s, token) = (&s, token.clone());
        async move { s.get(&detail(&id), Some(&token)).await.code() == 200 }
    };

    // The menu without any scheme: no rows, not even her own.
    s.grant(&nurse, &[&page], &[]).await;
    assert_eq!((sees(nurse.clone()).await, sees(doctor.clone()).await), (false, false));
    s.get(&detail(&admin_id), Some(&token)).await.fails(404, "用户不存在");
    // 本人.
    s.grant(&nurse, &[&page], &[("resource", &own)]).await;
    assert_eq!((sees(nurse.clone()).await, sees(doctor.clone()).await, sees(admin_id.clone()).await), (true, false, false));
    // With 本组织 from a second role: the union (her organisation holds only her).
    s.grant(&nurse, &[&page], &[("resource", &org)]).await;
    assert_eq!((sees(nurse.clone()).await, sees(doctor.clone()).await), (true, false));
    // 本组织及子组织 reaches the doctor's organisation below hers.
    s.grant(&nurse, &[&page], &[("resource", &below)]).await;
    assert_eq!((sees(nurse.clone()).await, sees(doctor.clone()).await, sees(admin_id.clone()).await), (true, true, false));
    s.get("/api/permission/Users/nobody", Some(&token)).await.fails(404, "用户不存在");
    // The administrator's scope is everything.
    assert_eq!(s.get(&detail(&doctor), Some(&admin)).await.ok()["account"], "doctor");
    assert_eq!(s.get(&detail(&admin_id), Some(&admin)).await.ok()["account"], ADMIN);
    // The profile's login log is the caller's own, administrator or not.
    s.login("nurse", "wrong").await;
    let mine = s.get("/api/permission/Users/Current/SystemLog", Some(&admin)).await;
    let rows = mine.ok()["list"].as_array().unwrap().clone();
    assert!(!rows.is_empty() && rows.iter().all(|r| r["userName"] == ADMIN), "{rows:?}");
}

on_both_engines!(
    every_route_refuses_non_members,
    openapi_documents_exactly_what_is_served,
    permits_need_the_menu_and_the_button,
    records_outside_the_scope_are_missing,
);
