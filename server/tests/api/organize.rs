//! Organisations and departments (ORG-001..003, ORG-009, ORG-019, ORG-020): one tree whose
//! paths follow every move and rename, the management page's calls behind its permits, and
//! the pickers' trees.

use crate::harness::{Engine, TestServer, seeded_button, seeded_page, start};
use crate::on_both_engines;
use qiming_server::access::MSG_FORBIDDEN;
use qiming_server::permission::repo::menu;
use serde_json::{Value, json};

const ORGANIZE: &str = "/api/permission/Organize";

/// Creates a company or department as `token` and answers its id (found by code).
async fn create(s: &TestServer, token: &str, department: bool, body: Value) -> String {
    let path = if department { format!("{ORGANIZE}/Department") } else { ORGANIZE.to_string() };
    let code = body["enCode"].as_str().unwrap().to_string();
    let answer = s.post(&path, Some(token), body).await;
    assert_eq!(answer.msg(), "新建成功", "{:#}", answer.body);
    find(&s.get(ORGANIZE, Some(token)).await.ok()["list"], &code).expect("created")["id"].as_str().unwrap().to_string()
}

/// The node with this code anywhere in a tree.
fn find(list: &Value, code: &str) -> Option<Value> {
    list.as_array()?.iter().find_map(|n| if n["enCode"] == code { Some(n.clone()) } else { find(&n["children"], code) })
}

fn find_id(list: &Value, id: &str) -> Option<Value> {
    list.as_array()?.iter().find_map(|n| if n["id"] == id { Some(n.clone()) } else { find_id(&n["children"], id) })
}

// ORG-001..003, ORG-019, ORG-020: companies and departments in one tree; the forms' info
// answers; the pickers' nodes carry the name path and the id path; a keyword keeps the
// matches with their ancestors.
async fn org_019_020_the_tree_and_its_forms(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let group = create(&s, &admin, false, json!({"parentId": "-1", "fullName": "启明医疗集团", "enCode": "qm", "sortCode": 1,
        "propertyJson": {"shortName": "启明", "telePhone": "0571-1"}})).await;
    let hospital = create(&s, &admin, false, json!({"parentId": group, "fullName": "第一医院", "enCode": "qm.h1"})).await;
    let surgery = create(&s, &admin, true, json!({"parentId": hospital, "fullName": "外科", "enCode": "wk"})).await;
    let ward = create(&s, &admin, true, json!({"parentId": surgery, "fullName": "外科一病区", "enCode": "wk1"})).await;

    let list = s.get(ORGANIZE, Some(&admin)).await.ok()["list"].clone();
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!((list[0]["type"].as_str(), list[0]["hasChildren"].as_bool()), (Some("company"), Some(true)));
    let node = find(&list, "wk1").unwrap();
    assert_eq!((node["type"].as_str(), node["parentId"].as_str()), (Some("department"), Some(surgery.as_str())));

    let company = s.get(&format!("{ORGANIZE}/{group}"), Some(&admin)).await.ok().clone();
    assert_eq!(company["organizeIdTree"], json!(["-1"]), "a top company's parent path makes the picker show 顶级节点");
    let details: Value = serde_json::from_str(company["propertyJson"].as_str().unwrap()).unwrap();
    assert_eq!(details["shortName"], "启明");
    let hospital_info = s.get(&format!("{ORGANIZE}/{hospital}"), Some(&admin)).await.ok().clone();
    assert_eq!(hospital_info["organizeIdTree"], json!([group]));
    let department = s.get(&format!("{ORGANIZE}/Department/{ward}"), Some(&admin)).await.ok().clone();
    assert_eq!(department["organizeIdTree"], json!([group, hospital, surgery]));
    // A department is not a company, and the other way round.
    s.get(&format!("{ORGANIZE}/{ward}"), Some(&admin)).await.fails(404, "公司不存在");
    s.get(&format!("{ORGANIZE}/Department/{group}"), Some(&admin)).await.fails(404, "部门不存在");

    let every = s.get(&format!("{ORGANIZE}/Department/Selector/0"), Some(&admin)).await.ok()["list"].clone();
    let picked = find_id(&every, &ward).unwrap();
    assert_eq!(picked["organize"], "启明医疗集团/第一医院/外科/外科一病区");
    assert_eq!(picked["organizeIds"], json!([group, hospital, surgery, ward]));
    assert_eq!(picked["lastFullName"], "启明医疗集团/第一医院/外科/外科一病区");
    assert_eq!((picked["isLeaf"].as_bool(), picked["icon"].as_str().is_some()), (Some(true), true));
    // The node being edited and what is below it are left out of its parent picker.
    let without = s.get(&format!("{ORGANIZE}/Department/Selector/{surgery}"), Some(&admin)).await.ok()["list"].clone();
    assert!(find_id(&without, &surgery).is_none() && find_id(&without, &ward).is_none() && find_id(&without, &hospital).is_some());
    let companies = s.get(&format!("{ORGANIZE}/SelectorByAuth/0"), Some(&admin)).await.ok()["list"].clone();
    assert!(find_id(&companies, &hospital).is_some() && find_id(&companies, &surgery).is_none());
    // OrganizeCondition: the given organisations and below.
    let limited = s.post(&format!("{ORGANIZE}/OrganizeCondition"), Some(&admin), json!({"keyword": "", "departIds": [surgery]})).await;
    let limited = limited.ok()["list"].clone();
    assert_eq!(limited.as_array().unwrap().len(), 1);
    assert_eq!(limited[0]["id"], surgery.as_str());
    assert_eq!(limited[0]["children"][0]["id"], ward.as_str());
    // A keyword keeps the matches with their ancestors.
    let found = s.get(&format!("{ORGANIZE}?keyword=WK1"), Some(&admin)).await.ok()["list"].clone();
    assert!(find_id(&found, &ward).is_some() && find_id(&found, &group).is_some());
    assert_eq!(find_id(&found, &hospital).unwrap()["children"].as_array().unwrap().len(), 1);
    let none = s.get(&format!("{ORGANIZE}?keyword=nothing"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(none, json!([]));
}

// ORG-001: moving or renaming an organisation rewrites the paths of everything below it; a
// node cannot move under itself or below; a company only under a company.
async fn org_001_paths_follow_moves_and_renames(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let a = create(&s, &admin, false, json!({"parentId": "-1", "fullName": "甲院", "enCode": "a"})).await;
    let b = create(&s, &admin, false, json!({"parentId": "-1", "fullName": "乙院", "enCode": "b"})).await;
    let dept = create(&s, &admin, true, json!({"parentId": a, "fullName": "内科", "enCode": "nk"})).await;
    let ward = create(&s, &admin, true, json!({"parentId": dept, "fullName": "内科病区", "enCode": "nk1"})).await;
    let path_of = |id: String| {
        let (s, admin) = (&s, admin.clone());
        async move {
            let tree = s.get(&format!("{ORGANIZE}/Department/Selector/0"), Some(&admin)).await.ok()["list"].clone();
            let n = find_id(&tree, &id).unwrap();
            (n["organize"].as_str().unwrap().to_string(), n["organizeIds"].clone())
        }
    };
    // Move the department (with its ward) to the other hospital.
    s.put(&format!("{ORGANIZE}/Department/{dept}"), Some(&admin), json!({"parentId": b})).await.ok();
    assert_eq!(path_of(ward.clone()).await, ("乙院/内科/内科病区".to_string(), json!([b, dept, ward])));
    // Rename the hospital: the names below follow.
    s.put(&format!("{ORGANIZE}/{b}"), Some(&admin), json!({"fullName": "乙医院"})).await.ok();
    assert_eq!(path_of(ward.clone()).await.0, "乙医院/内科/内科病区");
    // PATCH meaning: sending only the description keeps the rest.
    s.put(&format!("{ORGANIZE}/Department/{dept}"), Some(&admin), json!({"description": "门诊楼三层"})).await.ok();
    let info = s.get(&format!("{ORGANIZE}/Department/{dept}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["fullName"].as_str(), info["enCode"].as_str(), info["description"].as_str()), (Some("内科"), Some("nk"), Some("门诊楼三层")));
    // Under itself or below: refused.
    s.put(&format!("{ORGANIZE}/Department/{dept}"), Some(&admin), json!({"parentId": ward})).await.fails(400, "上级组织不能是自己或下级组织");
    s.put(&format!("{ORGANIZE}/Department/{dept}"), Some(&admin), json!({"parentId": dept})).await.fails(400, "上级组织不能是自己或下级组织");
    // A company only under a company (or the top); a department never at the top.
    s.put(&format!("{ORGANIZE}/{a}"), Some(&admin), json!({"parentId": dept})).await.fails(400, "公司的上级只能是公司");
    s.post(&format!("{ORGANIZE}/Department"), Some(&admin), json!({"parentId": "-1", "fullName": "孤科", "enCode": "gk"}))
        .await
        .fails(400, "部门必须属于一个公司或部门");
    s.post(ORGANIZE, Some(&admin), json!({"parentId": "nope", "fullName": "丙院", "enCode": "c"})).await.fails(400, "上级组织不存在");
}

// ORG-019: the forms' rules come from core (the same the web runs); a duplicate code names
// the field; deleting is refused while children, users or positions hang on an organisation.
async fn org_019_rules_duplicates_and_guarded_delete(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let empty = s.post(ORGANIZE, Some(&admin), json!({})).await;
    assert_eq!(empty.code(), 400);
    assert_eq!(empty.data()["fullName"], json!(["请输入公司名称"]));
    assert_eq!(empty.data()["parentId"], json!(["上级公司不能为空"]));
    let bad = s.post(&format!("{ORGANIZE}/Department"), Some(&admin), json!({"parentId": "x", "fullName": "外-科", "enCode": ".wk"})).await;
    assert_eq!(bad.data()["fullName"], json!(["部门名称不能含有特殊符号"]));
    assert_eq!(bad.data()["enCode"], json!(["部门编码只能输入英文、数字和小数点且小数点不能放在首尾"]));
    s.post(ORGANIZE, Some(&admin), json!({"parentId": "-1", "fullName": "甲院", "enCode": "a", "sortCode": 1000000}))
        .await
        .fails(400, "排序码必须在0到999999之间");
    let a = create(&s, &admin, false, json!({"parentId": "-1", "fullName": "甲院", "enCode": "a"})).await;
    let dup = s.post(ORGANIZE, Some(&admin), json!({"parentId": "-1", "fullName": "又一院", "enCode": "a"})).await;
    assert_eq!((dup.code(), dup.data()["enCode"].clone()), (400, json!(["编码已存在"])));
    let dept = create(&s, &admin, true, json!({"parentId": a, "fullName": "内科", "enCode": "nk"})).await;

    s.call(reqwest::Method::DELETE, &format!("{ORGANIZE}/{a}"), Some(&admin), crate::harness::Body::None).await.fails(400, "该组织下有下级组织，不能删除");
    let nurse = s.create_user("nurse", "Nurse123").await;
    let mut conn = s.conn().await;
    qiming_server::permission::user::repo::add_relation(&mut conn, &nurse, "Organize", &dept).await.unwrap();
    drop(conn);
    s.call(reqwest::Method::DELETE, &format!("{ORGANIZE}/{dept}"), Some(&admin), crate::harness::Body::None).await.fails(400, "该组织下有用户，不能删除");
    let mut conn = s.conn().await;
    sqlx::query("DELETE FROM base_user_relation WHERE object_id = $1").bind(&dept).execute(&mut *conn).await.unwrap();
    sqlx::query("INSERT INTO base_position (id, organize_id, full_name, en_code, creator_time) VALUES ('p1', $1, '医生', 'ys', 1)")
        .bind(&dept)
        .execute(&mut *conn)
        .await
        .unwrap();
    drop(conn);
    s.call(reqwest::Method::DELETE, &format!("{ORGANIZE}/{dept}"), Some(&admin), crate::harness::Body::None).await.fails(400, "该组织下有岗位，不能删除");
    let mut conn = s.conn().await;
    sqlx::query("DELETE FROM base_position").execute(&mut *conn).await.unwrap();
    drop(conn);
    let deleted = s.call(reqwest::Method::DELETE, &format!("{ORGANIZE}/{dept}"), Some(&admin), crate::harness::Body::None).await;
    assert_eq!(deleted.msg(), "删除成功");
    s.get(&format!("{ORGANIZE}/Department/{dept}"), Some(&admin)).await.fails(404, "部门不存在");
}

// PERM-009 (server side): the management page's calls need its menu, and adding, editing and
// deleting their buttons; the pickers' trees need only a member. Outside the caller's data
// scope an organisation answers as missing.
async fn org_019_permits_and_pickers(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let a = create(&s, &admin, false, json!({"parentId": "-1", "fullName": "甲院", "enCode": "a"})).await;
    let dept = create(&s, &admin, true, json!({"parentId": a, "fullName": "内科", "enCode": "nk"})).await;
    let other = create(&s, &admin, false, json!({"parentId": "-1", "fullName": "乙院", "enCode": "b"})).await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let mut conn = s.conn().await;
    sqlx::query("UPDATE base_user SET organize_id = $1 WHERE id = $2").bind(&a).bind(&nurse).execute(&mut *conn).await.unwrap();
    drop(conn);
    let token = s.sign_in("nurse", "Nurse123").await;
    s.get(ORGANIZE, Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.post(ORGANIZE, Some(&token), json!({"parentId": "-1", "fullName": "丙院", "enCode": "c"})).await.fails(403, MSG_FORBIDDEN);
    // The pickers answer any member; SelectorByAuth only what the caller manages.
    let every = s.get(&format!("{ORGANIZE}/Department/Selector/0"), Some(&token)).await.ok()["list"].clone();
    assert!(find_id(&every, &other).is_some());
    let managed = s.get(&format!("{ORGANIZE}/Department/SelectorByAuth/0"), Some(&token)).await.ok()["list"].clone();
    assert!(find_id(&managed, &dept).is_some() && find_id(&managed, &other).is_none());

    let page = seeded_page(&s, "permission.organize").await;
    let add = seeded_button(&s, &page, "btn_add").await;
    s.grant(&nurse, &[&page], &[]).await;
    assert!(find_id(&s.get(ORGANIZE, Some(&token)).await.ok()["list"], &other).is_some());
    s.post(ORGANIZE, Some(&token), json!({"parentId": "-1", "fullName": "丙院", "enCode": "c"})).await.fails(403, MSG_FORBIDDEN);
    s.grant(&nurse, &[&page], &[("button", &add)]).await;
    s.post(ORGANIZE, Some(&token), json!({"parentId": "-1", "fullName": "丙院", "enCode": "c"})).await.ok();
    s.put(&format!("{ORGANIZE}/{a}"), Some(&token), json!({"fullName": "x"})).await.fails(403, MSG_FORBIDDEN);

    // Data permission on the page: 本组织及子组织 (the organisation itself and below).
    let mut conn = s.conn().await;
    menu::set_data_authorize(&mut conn, &page, true).await.unwrap();
    let scheme = json!([{"logic": "and", "groups": [{"field": "id", "op": "Equal", "value": "@organizationAndSuborganization"}]}]).to_string();
    let below = menu::insert_scheme(&mut conn, &page, "below", "本组织及子组织", &scheme).await.unwrap();
    drop(conn);
    s.grant(&nurse, &[&page], &[("resource", &below)]).await;
    let mine = s.get(ORGANIZE, Some(&token)).await.ok()["list"].clone();
    assert!(find_id(&mine, &a).is_some() && find_id(&mine, &dept).is_some() && find_id(&mine, &other).is_none());
    s.get(&format!("{ORGANIZE}/{other}"), Some(&token)).await.fails(404, "公司不存在");
}

on_both_engines!(
    org_019_020_the_tree_and_its_forms,
    org_001_paths_follow_moves_and_renames,
    org_019_rules_duplicates_and_guarded_delete,
    org_019_permits_and_pickers,
);
