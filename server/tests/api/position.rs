//! Positions (ROLE-002, ROLE-006, ROLE-010): the list of an organisation's subtree, the form,
//! deletion guarded by members, and the position pickers.

use crate::harness::{Body, Engine, TestServer, organisation, seeded_page, start};
use crate::on_both_engines;
use qiming_server::access::MSG_FORBIDDEN;
use reqwest::Method;
use serde_json::json;

const POSITION: &str = "/api/permission/Position";

async fn position(s: &TestServer, token: &str, organize: &str, name: &str, code: &str) -> String {
    s.post(POSITION, Some(token), json!({"organizeId": organize, "fullName": name, "enCode": code, "type": "general"})).await.ok();
    let page = s.get(&format!("{POSITION}?keyword={code}&pageSize=500"), Some(token)).await.ok().clone();
    page["list"].as_array().unwrap().iter().find(|r| r["enCode"] == code).unwrap()["id"].as_str().unwrap().to_string()
}

// ROLE-010: the list of an organisation and what is below it, paged and searchable; the type
// shown by its dictionary name; the form; changes only what is sent; delete refused while a
// user holds the position.
async fn role_010_positions(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let hospital = organisation(&s, &admin, "-1", false, "第一医院", "h1").await;
    let surgery = organisation(&s, &admin, &hospital, true, "外科", "wk").await;
    let other = organisation(&s, &admin, "-1", false, "第二医院", "h2").await;
    let surgeon = position(&s, &admin, &surgery, "外科医生", "surgeon").await;
    let director = position(&s, &admin, &hospital, "院长", "director").await;
    position(&s, &admin, &other, "药师", "pharmacist").await;

    let page = s.get(&format!("{POSITION}?organizeId={hospital}&currentPage=1&pageSize=20"), Some(&admin)).await.ok().clone();
    assert_eq!(page["pagination"]["total"], 2, "the hospital and its surgery");
    let row = page["list"].as_array().unwrap().iter().find(|r| r["id"] == surgeon.as_str()).unwrap().clone();
    assert_eq!((row["type"].as_str(), row["department"].as_str()), (Some("普通岗位"), Some("第一医院/外科")));
    let found = s.get(&format!("{POSITION}?keyword=SURGEON"), Some(&admin)).await.ok()["pagination"]["total"].clone();
    assert_eq!(found, 1);
    let one = s.get(&format!("{POSITION}?currentPage=2&pageSize=1"), Some(&admin)).await.ok().clone();
    assert_eq!((one["list"].as_array().unwrap().len(), one["pagination"]["total"].as_i64()), (1, Some(3)));

    let info = s.get(&format!("{POSITION}/{surgeon}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["organizeIdTree"].clone(), info["type"].as_str()), (json!([hospital, surgery]), Some("general")));
    s.put(&format!("{POSITION}/{surgeon}"), Some(&admin), json!({"description": "主刀"})).await.ok();
    let info = s.get(&format!("{POSITION}/{surgeon}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["fullName"].as_str(), info["description"].as_str()), (Some("外科医生"), Some("主刀")));

    let bad = s.post(POSITION, Some(&admin), json!({"organizeId": hospital, "fullName": "医-生", "enCode": "a.b"})).await;
    assert_eq!(bad.data()["enCode"], json!(["岗位编码只能是数字、英文"]));
    assert_eq!(bad.data()["type"], json!(["岗位类型不能为空"]));
    s.post(POSITION, Some(&admin), json!({"organizeId": "nope", "fullName": "医生", "enCode": "ys", "type": "general"})).await.fails(400, "所属组织不存在");
    let dup = s.post(POSITION, Some(&admin), json!({"organizeId": hospital, "fullName": "副院长", "enCode": "director", "type": "leader"})).await;
    assert_eq!(dup.data()["enCode"], json!(["编码已存在"]));

    let nurse = s.create_user("nurse", "Nurse123").await;
    let mut conn = s.conn().await;
    qiming_server::permission::user::repo::add_relation(&mut conn, &nurse, "Position", &director).await.unwrap();
    drop(conn);
    s.call(Method::DELETE, &format!("{POSITION}/{director}"), Some(&admin), Body::None).await.fails(400, "该岗位下有用户，不能删除");
    s.call(Method::DELETE, &format!("{POSITION}/{surgeon}"), Some(&admin), Body::None).await.ok();
    s.get(&format!("{POSITION}/{surgeon}"), Some(&admin)).await.fails(404, "岗位不存在");
}

// ROLE-002, ROLE-006: the pickers: organisations with their positions (branches without any
// left out), a custom list, each organisation's positions for the user form, and the lookup.
async fn role_006_position_pickers(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let hospital = organisation(&s, &admin, "-1", false, "第一医院", "h1").await;
    let surgery = organisation(&s, &admin, &hospital, true, "外科", "wk").await;
    let empty = organisation(&s, &admin, &hospital, true, "药剂科", "yj").await;
    let surgeon = position(&s, &admin, &surgery, "外科医生", "surgeon").await;
    let director = position(&s, &admin, &hospital, "院长", "director").await;
    let nurse_id = s.create_user("nurse", "Nurse123").await;
    let token = s.sign_in("nurse", "Nurse123").await;

    let tree = s.get(&format!("{POSITION}/Selector"), Some(&token)).await.ok()["list"].clone();
    assert_eq!(tree[0]["id"], hospital.as_str());
    let kids: Vec<&str> = tree[0]["children"].as_array().unwrap().iter().map(|n| n["id"].as_str().unwrap()).collect();
    assert!(kids.contains(&surgery.as_str()) && kids.contains(&director.as_str()) && !kids.contains(&empty.as_str()), "{kids:?}");
    let leaf = &tree[0]["children"].as_array().unwrap().iter().find(|n| n["id"] == surgery.as_str()).unwrap()["children"][0];
    assert_eq!((leaf["id"].as_str(), leaf["type"].as_str(), leaf["organize"].as_str()), (Some(surgeon.as_str()), Some("position"), Some("第一医院/外科/外科医生")));
    let limited = s.post(&format!("{POSITION}/PositionCondition"), Some(&token), json!({"keyword": "", "departIds": [surgery], "positionIds": []})).await;
    let limited = limited.ok()["list"].to_string();
    assert!(limited.contains(&surgeon) && !limited.contains(&director));
    let groups = s.post(&format!("{POSITION}/getListByOrgIds"), Some(&token), json!({"organizeIds": [surgery, empty]})).await.ok()["list"].clone();
    assert_eq!(groups, json!([{"id": surgery, "fullName": "外科", "children": [{"id": surgeon, "fullName": "外科医生"}]}]));
    assert_eq!(s.get(&format!("{POSITION}/All"), Some(&token)).await.ok()["list"].as_array().unwrap().len(), 2);
    // The management page needs its menu.
    s.get(POSITION, Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let page = seeded_page(&s, "permission.position").await;
    s.grant(&nurse_id, &[&page], &[]).await;
    s.get(POSITION, Some(&token)).await.ok();
    s.call(Method::DELETE, &format!("{POSITION}/{surgeon}"), Some(&token), Body::None).await.fails(403, MSG_FORBIDDEN);
}

on_both_engines!(role_010_positions, role_006_position_pickers);
