//! Model definitions (在线开发 / 功能设计, `/api/visualdev/Base`, issue 13 first slice): the
//! drafts' CRUD with PATCH updates, copy, the picker and the fields offered to related forms,
//! and release — core's whole-definition check plus every outside reference looked up in
//! its area, every problem answered at once, each release a new immutable version.

use crate::harness::{Body, Engine, TestServer, seeded_button, seeded_page, start};
use crate::on_both_engines;
use qiming_core::model::{self, ReferenceKind};
use qiming_server::access::MSG_FORBIDDEN;
use qiming_server::permission::repo::menu;
use reqwest::Method;
use serde_json::{Value, json};
use std::collections::BTreeMap;

const BASE: &str = "/api/visualdev/Base";

pub(crate) fn fixture(name: &str) -> Value {
    let path = format!("{}/../fixtures/models/{name}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn vectors() -> Vec<Value> {
    let path = format!("{}/../fixtures/vectors/model.json", env!("CARGO_MANIFEST_DIR"));
    let all: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    all["cases"].as_array().unwrap().clone()
}

const FIXTURES: &[&str] = &["inpatient-admission", "jnpf-drug-receipt", "jnpf-purchase-tables", "jnpf-feedback-form"];

/// Creates a model; answers its id.
pub(crate) async fn create(s: &TestServer, token: &str, body: Value) -> String {
    s.post(BASE, Some(token), body).await.ok().as_str().unwrap().to_string()
}

pub(crate) async fn release(s: &TestServer, token: &str, id: &str) -> crate::harness::Answer {
    s.post(&format!("{BASE}/{id}/Actions/Release"), Some(token), json!({"pc": 1, "app": 0})).await
}

/// A one-section form of text fields.
pub(crate) fn text_form(fields: &[&str]) -> Value {
    let fields: Vec<Value> = fields.iter().map(|f| json!({"__config__": {"jnpfKey": "comInput", "label": f}, "__vModel__": f})).collect();
    json!({"fields": fields, "formModel": "dataForm", "formRef": "elForm", "formRules": "rules"})
}

/// Seeds every dictionary, data interface, serial-number rule and released form `definition`
/// names (print templates are not looked up by this build).
pub(crate) async fn seed_references(s: &TestServer, token: &str, definition: &Value) {
    let check = model::check_definition(definition);
    let mut forms: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut conn = s.conn().await;
    for r in &check.references {
        // Unique per referenced thing, so that one seeded by an earlier definition is kept.
        let code = format!("ref_{}", r.id);
        match r.kind {
            ReferenceKind::Dictionary => {
                sqlx::query("INSERT INTO base_dictionary_type (id, full_name, en_code, creator_time) VALUES ($1, $2, $3, 0) ON CONFLICT DO NOTHING")
                    .bind(&r.id).bind(&r.id).bind(&code).execute(&mut *conn).await.unwrap();
            }
            ReferenceKind::DataInterface => {
                sqlx::query("INSERT INTO base_data_interface (id, full_name, en_code, data_type, creator_time) VALUES ($1, $2, $3, 1, 0) ON CONFLICT DO NOTHING")
                    .bind(&r.id).bind(&r.id).bind(&code).execute(&mut *conn).await.unwrap();
            }
            ReferenceKind::BillRule => {
                sqlx::query("INSERT INTO base_bill_rule (id, full_name, en_code, date_format, digit, start_number, creator_time) VALUES ($1, $2, $3, 'no', 4, '0001', 0) ON CONFLICT DO NOTHING")
                    .bind(&code).bind(&r.id).bind(&r.id).execute(&mut *conn).await.unwrap();
            }
            ReferenceKind::Form => {
                let fields = forms.entry(r.id.clone()).or_default();
                if let Some(t) = &r.target_field
                    && !fields.contains(t)
                {
                    fields.push(t.clone());
                }
            }
            ReferenceKind::PrintTemplate => {}
        }
    }
    drop(conn);
    for (n, (id, fields)) in forms.iter().enumerate() {
        let names: Vec<&str> = fields.iter().map(String::as_str).collect();
        let made = create(s, token, json!({"fullName": format!("关联{n}"), "enCode": format!("related_{id}"), "webType": 1, "formData": text_form(&names)})).await;
        release(s, token, &made).await.ok();
        let mut conn = s.conn().await;
        sqlx::query("UPDATE base_visual_release SET visual_id = $1 WHERE visual_id = $2").bind(id).bind(&made).execute(&mut *conn).await.unwrap();
        sqlx::query("UPDATE base_visual_dev SET id = $1 WHERE id = $2").bind(id).bind(&made).execute(&mut *conn).await.unwrap();
        sqlx::query("UPDATE base_visual_table SET visual_id = $1 WHERE visual_id = $2").bind(id).bind(&made).execute(&mut *conn).await.unwrap();
        sqlx::query("UPDATE base_visual_stamp SET visual_id = $1 WHERE visual_id = $2").bind(id).bind(&made).execute(&mut *conn).await.unwrap();
    }
}

fn keys(problems: &Value) -> Vec<String> {
    problems.as_array().unwrap().iter().map(|p| p["key"].as_str().unwrap().to_string()).collect()
}

// LIST-015 (server side): the list (paged, keyword, type and category filters, category by
// name), Base/list, the draft with its parts as JSON text, PATCH updates, duplicate codes,
// copy and delete.
async fn list_015_base_crud(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let feedback = fixture("jnpf-feedback-form");
    let id = create(&s, &admin, feedback.clone()).await;
    let other = create(&s, &admin, json!({"fullName": "出院小结", "enCode": "discharge", "type": 2, "category": "c2", "webType": 1, "formData": text_form(&["summary"])})).await;

    let page = s.get(&format!("{BASE}?currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&type=&category="), Some(&admin)).await.ok().clone();
    assert_eq!(page["pagination"]["total"], 2);
    let row = page["list"].as_array().unwrap().iter().find(|r| r["id"] == id.as_str()).unwrap().clone();
    assert_eq!((row["fullName"].as_str(), row["enCode"].as_str()), (feedback["fullName"].as_str(), feedback["enCode"].as_str()));
    assert_eq!((row["isRelease"].as_i64(), row["version"].as_i64(), row["type"].as_i64(), row["webType"].as_i64()), (Some(0), Some(0), Some(1), Some(1)));
    assert_eq!(row["creatorUser"], "管理员/admin");
    assert_eq!(s.get(&format!("{BASE}?keyword=DISCHARGE"), Some(&admin)).await.ok()["list"][0]["id"], other.as_str());
    assert_eq!(s.get(&format!("{BASE}?type=1"), Some(&admin)).await.ok()["pagination"]["total"], 1);
    assert_eq!(s.get(&format!("{BASE}?category=c2"), Some(&admin)).await.ok()["list"][0]["id"], other.as_str());
    let all = s.get(&format!("{BASE}/list?keyword=小结"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(all.as_array().unwrap().len(), 1);
    assert_eq!(all[0]["id"], other.as_str());

    // The draft: the parts as JSON text, as the designer reads them.
    let info = s.get(&format!("{BASE}/{id}"), Some(&admin)).await.ok().clone();
    assert_eq!(info["formData"].as_str().map(|t| serde_json::from_str::<Value>(t).unwrap()), Some(match &feedback["formData"] {
        Value::String(t) => serde_json::from_str(t).unwrap(),
        v => v.clone(),
    }));
    assert_eq!((info["dbLinkId"].as_str(), info["state"].as_i64(), info["isRelease"].as_i64()), (Some("0"), feedback["state"].as_i64().or(Some(1)), Some(0)));

    // Only what is sent changes; the editor posting the GET answer back whole changes nothing.
    s.put(&format!("{BASE}/{id}"), Some(&admin), json!({"description": "改过"})).await.ok();
    let after = s.get(&format!("{BASE}/{id}"), Some(&admin)).await.ok().clone();
    assert_eq!(after["description"], "改过");
    for key in ["fullName", "enCode", "formData", "columnData", "tables", "webType", "category", "sortCode"] {
        assert_eq!(after[key], info[key], "{key} stays");
    }
    s.put(&format!("{BASE}/{id}"), Some(&admin), after.clone()).await.ok();
    assert_eq!(s.get(&format!("{BASE}/{id}"), Some(&admin)).await.ok()["formData"], info["formData"]);
    s.put(&format!("{BASE}/{id}"), Some(&admin), json!({"formData": text_form(&["a"])})).await.ok();
    assert_eq!(serde_json::from_str::<Value>(s.get(&format!("{BASE}/{id}"), Some(&admin)).await.ok()["formData"].as_str().unwrap()).unwrap(), text_form(&["a"]));

    // Bad input says which field.
    let answer = s.put(&format!("{BASE}/{id}"), Some(&admin), json!({"fullName": null})).await;
    answer.fails(400, "名称不能为空");
    let answer = s.put(&format!("{BASE}/{id}"), Some(&admin), json!({"enCode": "discharge"})).await;
    answer.fails(400, "编码已存在");
    assert_eq!(answer.data()["enCode"][0], "编码已存在");
    s.post(BASE, Some(&admin), json!({"fullName": "x", "enCode": "x", "webType": 9})).await.fails(400, "页面类型有误");
    s.post(BASE, Some(&admin), json!({"enCode": "y"})).await.fails(400, "名称不能为空");

    // Copy: a new unreleased draft with the same parts.
    s.post(&format!("{BASE}/{other}/Actions/Copy"), Some(&admin), json!({})).await.ok();
    let copies = s.get(&format!("{BASE}?keyword=副本"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(copies.as_array().unwrap().len(), 1);
    let copy = copies[0].clone();
    assert!(copy["fullName"].as_str().unwrap().starts_with("出院小结.副本") && copy["enCode"].as_str().unwrap().starts_with("discharge"));
    assert_ne!(copy["enCode"], "discharge");
    let copied = s.get(&format!("{BASE}/{}", copy["id"].as_str().unwrap()), Some(&admin)).await.ok().clone();
    assert_eq!(copied["formData"], s.get(&format!("{BASE}/{other}"), Some(&admin)).await.ok()["formData"]);

    s.call(Method::DELETE, &format!("{BASE}/{other}"), Some(&admin), Body::None).await.ok();
    s.get(&format!("{BASE}/{other}"), Some(&admin)).await.fails(404, "功能不存在");
    s.post(&format!("{BASE}/{other}/Actions/Copy"), Some(&admin), json!({})).await.fails(404, "功能不存在");
}

// Release of every fixtures/models definition: refused with model.missing* for each sample
// reference it names while those do not exist (every problem at once), accepted once the
// test seeds them; each release stores a new version and an earlier one never changes.
async fn release_fixtures_and_their_references(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    for name in FIXTURES {
        let definition = fixture(name);
        let id = create(&s, &admin, definition.clone()).await;
        let expected: Vec<_> = model::check_definition(&definition).references.into_iter().filter(|r| r.kind != ReferenceKind::PrintTemplate).collect();
        if !expected.is_empty() {
            let refused = release(&s, &admin, &id).await;
            assert_eq!(refused.code(), 400, "{name}: {:#}", refused.body);
            assert!(refused.msg().starts_with(&format!("发布失败：功能定义有{}处问题", expected.len())), "{name}: {}", refused.msg());
            let problems = refused.data().clone();
            assert_eq!(problems.as_array().unwrap().len(), expected.len(), "{name}: one problem per reference: {problems:#}");
            assert!(keys(&problems).iter().all(|k| k.starts_with("model.missing")), "{name}: {problems:#}");
            for (p, r) in problems.as_array().unwrap().iter().zip(&expected) {
                assert_eq!((p["path"].as_str(), p["text"].as_str()), (Some(r.path.as_str()), Some(r.missing().message.text.as_str())), "{name}");
            }
            assert_eq!(s.get(&format!("{BASE}/{id}"), Some(&admin)).await.ok()["isRelease"], 0, "{name}: nothing released");
        }
        seed_references(&s, &admin, &definition).await;
        let released = release(&s, &admin, &id).await;
        assert_eq!(released.code(), 200, "{name}: {:#}", released.body);
        assert_eq!((released.msg(), released.data().as_i64()), ("发布成功", Some(1)));
        let info = s.get(&format!("{BASE}/{id}"), Some(&admin)).await.ok().clone();
        assert_eq!((info["isRelease"].as_i64(), info["pcIsRelease"].as_i64(), info["version"].as_i64()), (Some(1), Some(1), Some(1)), "{name}");
    }

    // Versions: a changed draft released again is version 2, in a new row; version 1 keeps
    // the definition a form opened on it loaded, and the fields offered to related forms stay
    // those of the released version until the next release.
    let id = create(&s, &admin, json!({"fullName": "随访", "enCode": "visit", "webType": 1, "formData": text_form(&["first"])})).await;
    release(&s, &admin, &id).await.ok();
    s.put(&format!("{BASE}/{id}"), Some(&admin), json!({"formData": text_form(&["first", "second"])})).await.ok();
    let fields = s.get(&format!("{BASE}/{id}/FormDataFields?filterType=0"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(fields, json!([{"vmodel": "first", "label": "first"}]), "the released version, not the draft");
    assert_eq!(release(&s, &admin, &id).await.ok().as_i64(), Some(2));
    let fields = s.get(&format!("{BASE}/{id}/FormDataFields?filterType=0"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(fields.as_array().unwrap().len(), 2);
    let mut conn = s.conn().await;
    let rows: Vec<(i64, String)> = sqlx::query_as("SELECT version, form_data FROM base_visual_release WHERE visual_id = $1 ORDER BY version").bind(&id).fetch_all(&mut *conn).await.unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(serde_json::from_str::<Value>(&rows[0].1).unwrap(), text_form(&["first"]));
    assert_eq!(serde_json::from_str::<Value>(&rows[1].1).unwrap(), text_form(&["first", "second"]));
}

// Release refuses each broken definition of fixtures/vectors/model.json with its problems —
// every one at once, as core's check words them (CONST-016 field names and CALC-009
// formulas, server side) — and stores nothing.
async fn release_refuses_each_broken_vector(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let mut tried = 0;
    for (n, case) in vectors().iter().enumerate() {
        let expected = &case["expect"]["problems"];
        let (Some(list), Some(args)) = (expected.as_array(), case["args"][0].as_object()) else { continue };
        if list.is_empty() {
            continue;
        }
        let mut body = Value::Object(args.clone());
        body["fullName"] = json!(format!("向量{n}"));
        body["enCode"] = json!(format!("vector{n}"));
        let id = create(&s, &admin, body).await;
        let refused = release(&s, &admin, &id).await;
        assert_eq!(refused.code(), 400, "{}: {:#}", case["id"], refused.body);
        let got = refused.data().as_array().unwrap().clone();
        for p in list {
            assert!(got.contains(p), "{}: {p:#} missing from {:#}", case["id"], Value::Array(got.clone()));
        }
        // With the web type given and nothing outside named, the answer is exactly core's.
        if args.contains_key("webType") && case["expect"]["references"].as_array().is_some_and(Vec::is_empty) {
            assert_eq!(&got, list, "{}", case["id"]);
        }
        tried += 1;
    }
    assert!(tried > 30, "the broken vectors were tried ({tried})");
    let mut conn = s.conn().await;
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_visual_release").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(stored, 0, "no broken definition was released");
}

// Identifiers that try SQL injection are refused at release, naming the field, and nothing
// runs: the users' table is still there.
async fn release_refuses_sql_injection_in_identifiers(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let field = "name; DROP TABLE base_user; --";
    let form = json!({"fields": [{"__config__": {"jnpfKey": "comInput", "label": "姓名"}, "__vModel__": field}], "formModel": "dataForm", "formRef": "elForm", "formRules": "rules"});
    let id = create(&s, &admin, json!({"fullName": "注入", "enCode": "inject", "webType": 1, "formData": form})).await;
    let refused = release(&s, &admin, &id).await;
    assert_eq!(refused.code(), 400, "{:#}", refused.body);
    assert!(refused.data().as_array().unwrap().iter().any(|p| p["field"] == field), "{:#}", refused.body);
    let tables = json!([{"table": "t\"; DROP TABLE base_user; --", "typeId": "1", "relationField": "", "relationTable": "", "tableField": ""}]);
    s.put(&format!("{BASE}/{id}"), Some(&admin), json!({"formData": text_form(&["name"]), "tables": tables})).await.ok();
    let refused = release(&s, &admin, &id).await;
    assert_eq!(refused.code(), 400, "{:#}", refused.body);
    let mut conn = s.conn().await;
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_user").fetch_one(&mut *conn).await.unwrap();
    assert!(users > 0);
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_visual_release").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(stored, 0);
}

// The picker lists released models under their categories; FormDataFields offers the stored
// fields (filterType 1 without sub-table columns); FieldDataSelect answers only for a
// released model, with its records in the caller's reach.
async fn selector_and_fields(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let small = vectors()[0]["args"][0].clone();
    let mut body = small.clone();
    body["fullName"] = json!("住院明细");
    body["enCode"] = json!("items");
    body["category"] = json!("cat1");
    let id = create(&s, &admin, body).await;
    let draft = create(&s, &admin, json!({"fullName": "草稿", "enCode": "draft", "webType": 1, "formData": text_form(&["a"])})).await;
    s.get(&format!("{BASE}/{id}/FieldDataSelect?currentPage=1&pageSize=20"), Some(&admin)).await.fails(404, "该功能尚未发布");
    release(&s, &admin, &id).await.ok();

    let clerk = s.create_user("clerk", "Clerk123").await;
    let _ = clerk;
    let token = s.sign_in("clerk", "Clerk123").await;
    let tree = s.get(&format!("{BASE}/Selector?type=1&webType=1,2&isRelease=1"), Some(&token)).await.ok()["list"].clone();
    assert_eq!(tree.as_array().unwrap().len(), 1, "{tree:#}");
    assert_eq!((tree[0]["id"].as_str(), tree[0]["hasChildren"].as_bool()), (Some("cat1"), Some(true)));
    assert_eq!(tree[0]["children"].as_array().unwrap().len(), 1, "the draft is not offered");
    assert_eq!((tree[0]["children"][0]["id"].as_str(), tree[0]["children"][0]["hasChildren"].as_bool()), (Some(id.as_str()), Some(false)));
    assert!(s.get(&format!("{BASE}/Selector?webType=2"), Some(&token)).await.ok()["list"].as_array().unwrap().is_empty());

    let every = s.get(&format!("{BASE}/{id}/FormDataFields?filterType=0"), Some(&token)).await.ok()["list"].clone();
    let names: Vec<&str> = every.as_array().unwrap().iter().map(|f| f["vmodel"].as_str().unwrap()).collect();
    assert!(names.contains(&"patient_name") && names.contains(&"items-price"), "{names:?}");
    assert_eq!(every[0], json!({"vmodel": "patient_name", "label": "患者姓名"}));
    let main = s.get(&format!("{BASE}/{id}/FormDataFields?filterType=1"), Some(&token)).await.ok()["list"].clone();
    assert!(main.as_array().unwrap().iter().all(|f| !f["vmodel"].as_str().unwrap().contains('-')), "{main:#}");
    assert!(main.as_array().unwrap().iter().any(|f| f["vmodel"] == "qty"));
    let page = s.get(&format!("{BASE}/{id}/FieldDataSelect?currentPage=1&pageSize=20&relationField=patient_name"), Some(&admin)).await.ok().clone();
    assert_eq!((page["list"].as_array().map(Vec::len), page["pagination"]["total"].as_i64()), (Some(0), Some(0)));
    // Records: the relationField and the columns asked for, a keyword in the relationField.
    for name in ["张三", "李四"] {
        s.post(&format!("/api/visualdev/OnlineDev/{id}"), Some(&admin), json!({"data": {"patient_name": name, "items": []}})).await.ok();
    }
    let page = s.get(&format!("{BASE}/{id}/FieldDataSelect?currentPage=1&pageSize=20&relationField=patient_name&keyword=李"), Some(&admin)).await.ok().clone();
    assert_eq!(page["pagination"]["total"], 1, "{page:#}");
    assert_eq!(page["list"][0]["patient_name"], "李四");
    assert!(page["list"][0]["id"].as_str().is_some());
    // A member reaches the records of a model only through a granted form menu opening it.
    s.get(&format!("{BASE}/{id}/FieldDataSelect?relationField=patient_name"), Some(&token)).await.fails(403, "您没有此操作的权限");
    s.get(&format!("{BASE}/{draft}/FieldDataSelect"), Some(&token)).await.fails(404, "该功能尚未发布");
}

// PERM-009 on the model page: reading needs its menu, each change its button (发布 its
// own); with a data scheme of the caller's own rows, another's model answers as missing.
async fn visualdev_page_needs_its_menu_buttons_and_scope(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let theirs = create(&s, &admin, json!({"fullName": "管理员的", "enCode": "admins", "webType": 1, "formData": text_form(&["a"])})).await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let token = s.sign_in("clerk", "Clerk123").await;
    s.get(BASE, Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("{BASE}/{theirs}"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let page = seeded_page(&s, "system.visualDev").await;
    s.grant(&clerk, &[&page], &[]).await;
    s.get(&format!("{BASE}/{theirs}"), Some(&token)).await.ok();
    let tries: Vec<(&str, Method, String, Value)> = vec![
        ("btn_add", Method::POST, BASE.to_string(), json!({"fullName": "护士的", "enCode": "nurses", "webType": 1, "formData": text_form(&["b"])})),
        ("btn_edit", Method::PUT, format!("{BASE}/{theirs}"), json!({"description": "x"})),
        ("btn_release", Method::POST, format!("{BASE}/{theirs}/Actions/Release"), json!({"pc": 1})),
        ("btn_remove", Method::DELETE, format!("{BASE}/{theirs}"), json!({})),
    ];
    let mut granted: Vec<String> = Vec::new();
    for (button, method, path, body) in tries {
        s.call(method.clone(), &path, Some(&token), Body::Json(body.clone())).await.fails(403, MSG_FORBIDDEN);
        granted.push(seeded_button(&s, &page, button).await);
        let items: Vec<(&str, &str)> = granted.iter().map(|b| ("button", b.as_str())).collect();
        s.grant(&clerk, &[&page], &items).await;
        let answer = s.call(method, &path, Some(&token), Body::Json(body)).await;
        assert_eq!(answer.code(), 200, "{button} {path}: {:#}", answer.body);
        if button == "btn_release" {
            s.post(&format!("{BASE}/{theirs}/Actions/Copy"), Some(&token), json!({})).await.ok();
        }
    }
    let others = create(&s, &admin, json!({"fullName": "又一个", "enCode": "another", "webType": 1, "formData": text_form(&["c"])})).await;

    // Data permission: only the caller's own models.
    let mut conn = s.conn().await;
    menu::set_data_authorize(&mut conn, &page, true).await.unwrap();
    let own = json!([{"logic": "and", "groups": [{"field": "creatorUserId", "op": "Equal", "value": "@userId"}]}]).to_string();
    let scheme = menu::insert_scheme(&mut conn, &page, "own", "本人", &own).await.unwrap();
    drop(conn);
    let mut items: Vec<(&str, &str)> = granted.iter().map(|b| ("button", b.as_str())).collect();
    items.push(("resource", &scheme));
    s.grant(&clerk, &[&page], &items).await;
    let mine = s.get(BASE, Some(&token)).await.ok()["list"].clone();
    let codes: Vec<&str> = mine.as_array().unwrap().iter().map(|r| r["enCode"].as_str().unwrap()).collect();
    assert!(codes.contains(&"nurses") && !codes.contains(&"another"), "{codes:?}");
    assert!(!s.get(&format!("{BASE}/list"), Some(&token)).await.ok()["list"].as_array().unwrap().iter().any(|r| r["id"] == others.as_str()));
    s.get(&format!("{BASE}/{others}"), Some(&token)).await.fails(404, "功能不存在");
    s.put(&format!("{BASE}/{others}"), Some(&token), json!({"description": "x"})).await.fails(404, "功能不存在");
    release(&s, &token, &others).await.fails(404, "功能不存在");
    s.post(&format!("{BASE}/{others}/Actions/Copy"), Some(&token), json!({})).await.fails(404, "功能不存在");
}

on_both_engines!(
    list_015_base_crud,
    release_fixtures_and_their_references,
    release_refuses_each_broken_vector,
    release_refuses_sql_injection_in_identifiers,
    selector_and_fields,
    visualdev_page_needs_its_menu_buttons_and_scope,
);
