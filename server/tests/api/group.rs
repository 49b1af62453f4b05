//! Groups (ROLE-001, ROLE-005, ROLE-009): the list, the form, deletion guarded by members and
//! the group picker.

use crate::harness::{Body, Engine, TestServer, seeded_page, start};
use crate::on_both_engines;
use qiming_server::access::MSG_FORBIDDEN;
use reqwest::Method;
use serde_json::{Value, json};

const GROUP: &str = "/api/permission/Group";

/// The id of a groupType dictionary item by its code (what the group form sends as `type`).
async fn group_type(s: &TestServer, code: &str) -> String {
    let mut conn = s.conn().await;
    let (id,): (String,) = sqlx::query_as(
        "SELECT d.id FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
         WHERE t.en_code = 'groupType' AND d.en_code = $1",
    )
    .bind(code)
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    id
}

async fn group(s: &TestServer, token: &str, name: &str, code: &str, kind: &str) -> String {
    s.post(GROUP, Some(token), json!({"fullName": name, "enCode": code, "type": kind, "enabledMark": 1, "sortCode": 0})).await.ok();
    let page = s.get(&format!("{GROUP}?keyword={code}&pageSize=500"), Some(token)).await.ok().clone();
    page["list"].as_array().unwrap().iter().find(|r| r["enCode"] == code).unwrap()["id"].as_str().unwrap().to_string()
}

// ROLE-001, ROLE-009: the list paged and searchable with the type's dictionary name, the form
// with the type's id, changes only what is sent, the JNPF client's messages, delete refused
// while the group has members.
async fn role_009_groups(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let work = group_type(&s, "work").await;
    let project = group_type(&s, "project").await;
    let night = group(&s, &admin, "夜班组", "night", &work).await;
    let covid = group(&s, &admin, "防疫项目", "covid", &project).await;

    let page = s.get(&format!("{GROUP}?currentPage=1&pageSize=20&sort=desc&sidx="), Some(&admin)).await.ok().clone();
    assert_eq!(page["pagination"]["total"], 2);
    let row = page["list"].as_array().unwrap().iter().find(|r| r["id"] == night.as_str()).unwrap().clone();
    assert_eq!((row["type"].as_str(), row["enabledMark"].as_i64()), (Some("工作组"), Some(1)));
    assert!(row["creatorTime"].as_i64().unwrap() > 0);
    assert_eq!(s.get(&format!("{GROUP}?keyword=COVID"), Some(&admin)).await.ok()["pagination"]["total"], 1);
    assert_eq!(s.get(&format!("{GROUP}?keyword=夜班"), Some(&admin)).await.ok()["list"][0]["id"], night.as_str());
    let second = s.get(&format!("{GROUP}?currentPage=2&pageSize=1"), Some(&admin)).await.ok().clone();
    assert_eq!((second["list"].as_array().unwrap().len(), second["pagination"]["total"].as_i64()), (1, Some(2)));

    let info = s.get(&format!("{GROUP}/{covid}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["type"].as_str(), info["fullName"].as_str()), (Some(project.as_str()), Some("防疫项目")));
    s.put(&format!("{GROUP}/{covid}"), Some(&admin), json!({"description": "2026 冬季"})).await.ok();
    let info = s.get(&format!("{GROUP}/{covid}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["fullName"].as_str(), info["enCode"].as_str(), info["description"].as_str()), (Some("防疫项目"), Some("covid"), Some("2026 冬季")));

    let bad = s.post(GROUP, Some(&admin), json!({"fullName": "夜-班", "enCode": "a.b"})).await;
    assert_eq!(bad.code(), 400);
    assert_eq!(bad.data()["fullName"], json!(["分组名称不能含有特殊符号"]));
    assert_eq!(bad.data()["type"], json!(["请选择分组类型"]));
    let dup = s.post(GROUP, Some(&admin), json!({"fullName": "夜班二组", "enCode": "night", "type": work})).await;
    assert_eq!(dup.data()["enCode"], json!(["编码已存在"]));
    s.put(&format!("{GROUP}/{covid}"), Some(&admin), json!({"fullName": ""})).await.fails(400, "请输入分组名称");

    let nurse = s.create_user("nurse", "Nurse123").await;
    let mut conn = s.conn().await;
    qiming_server::permission::user::repo::add_relation(&mut conn, &nurse, "Group", &night).await.unwrap();
    drop(conn);
    s.call(Method::DELETE, &format!("{GROUP}/{night}"), Some(&admin), Body::None).await.fails(400, "该分组下有用户，不能删除");
    s.call(Method::DELETE, &format!("{GROUP}/{covid}"), Some(&admin), Body::None).await.ok();
    s.get(&format!("{GROUP}/{covid}"), Some(&admin)).await.fails(404, "分组不存在");
    s.put(&format!("{GROUP}/{covid}"), Some(&admin), json!({"description": "x"})).await.fails(404, "分组不存在");
}

fn ids(nodes: &Value) -> Vec<String> {
    nodes.as_array().unwrap().iter().map(|n| n["id"].as_str().unwrap().to_string()).collect()
}

// ROLE-005: the group picker for any member: `data` is the tree itself, each group type with
// its enabled groups (leaves type 'group'); GroupCondition (custom groups, data.list) limits it to given groups; the
// management page needs its menu and each button.
async fn role_005_group_picker(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let work = group_type(&s, "work").await;
    let project = group_type(&s, "project").await;
    let night = group(&s, &admin, "夜班组", "night", &work).await;
    let day = group(&s, &admin, "白班组", "day", &work).await;
    let covid = group(&s, &admin, "防疫项目", "covid", &project).await;
    let off = group(&s, &admin, "停用组", "off", &project).await;
    s.put(&format!("{GROUP}/{off}"), Some(&admin), json!({"enabledMark": 0})).await.ok();
    let nurse_id = s.create_user("nurse", "Nurse123").await;
    let token = s.sign_in("nurse", "Nurse123").await;

    let tree = s.get(&format!("{GROUP}/Selector"), Some(&token)).await.ok().clone();
    assert!(tree.is_array(), "data is the tree array: {tree}");
    assert_eq!(ids(&tree), vec![work.clone(), project.clone()]);
    assert_eq!((tree[0]["fullName"].as_str(), tree[0]["type"].as_str()), (Some("工作组"), Some("groupType")));
    let mut work_groups = ids(&tree[0]["children"]);
    work_groups.sort();
    let mut expected = vec![night.clone(), day.clone()];
    expected.sort();
    assert_eq!(work_groups, expected);
    assert_eq!(ids(&tree[1]["children"]), vec![covid.clone()], "a disabled group is not offered");
    let leaf = &tree[1]["children"][0];
    assert_eq!((leaf["type"].as_str(), leaf["isLeaf"].as_bool(), leaf["fullName"].as_str()), (Some("group"), Some(true), Some("防疫项目")));

    let limited = s.post(&format!("{GROUP}/GroupCondition"), Some(&token), json!({"keyword": "", "ids": [night, covid]})).await.ok()["list"].clone();
    assert_eq!((ids(&limited[0]["children"]), ids(&limited[1]["children"])), (vec![night.clone()], vec![covid.clone()]));
    let searched = s.post(&format!("{GROUP}/GroupCondition"), Some(&token), json!({"keyword": "白班", "ids": []})).await.ok()["list"].clone();
    assert_eq!((ids(&searched), ids(&searched[0]["children"])), (vec![work.clone()], vec![day.clone()]));

    s.get(GROUP, Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let page = seeded_page(&s, "permission.group").await;
    s.grant(&nurse_id, &[&page], &[]).await;
    assert_eq!(s.get(GROUP, Some(&token)).await.ok()["pagination"]["total"], 4);
    s.put(&format!("{GROUP}/{day}"), Some(&token), json!({"description": "x"})).await.fails(403, MSG_FORBIDDEN);
    s.post(GROUP, Some(&token), json!({"fullName": "新组", "enCode": "new", "type": work})).await.fails(403, MSG_FORBIDDEN);
}

on_both_engines!(role_009_groups, role_005_group_picker);
