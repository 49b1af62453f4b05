//! Roles (ROLE-003, ROLE-004, ROLE-007, ROLE-008, ROLE-011) and the members of roles,
//! positions and groups (UserRelation).

use crate::harness::{Body, Engine, TestServer, insert_page, organisation, seeded_button, seeded_page, start};
use crate::on_both_engines;
use qiming_server::access::MSG_FORBIDDEN;
use qiming_server::permission::repo::menu;
use reqwest::Method;
use serde_json::{Value, json};

const ROLE: &str = "/api/permission/Role";

async fn role(s: &TestServer, token: &str, name: &str, code: &str, organisations: &[&[&str]]) -> String {
    let global = if organisations.is_empty() { 1 } else { 0 };
    s.post(ROLE, Some(token), json!({"fullName": name, "enCode": code, "globalMark": global, "organizeIdsTree": organisations, "enabledMark": 1, "sortCode": 0}))
        .await
        .ok();
    let page = s.get(&format!("{ROLE}?keyword={code}&pageSize=500"), Some(token)).await.ok().clone();
    page["list"].as_array().unwrap().iter().find(|r| r["enCode"] == code).unwrap()["id"].as_str().unwrap().to_string()
}

fn codes(page: &Value) -> Vec<String> {
    let mut codes: Vec<String> = page["list"].as_array().unwrap().iter().map(|r| r["enCode"].as_str().unwrap().to_string()).collect();
    codes.sort();
    codes
}

// ROLE-011: the list (every role, the global ones under '0', an organisation's and below),
// paged and searchable, type exactly 全局 or 组织 with the organisations' paths; the form
// with one id path per organisation; PATCH updates; an organisation role keeps at least one
// organisation; delete refused while users hold the role, and its grants go with it.
async fn role_011_roles(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let hospital = organisation(&s, &admin, "-1", false, "第一医院", "h1").await;
    let surgery = organisation(&s, &admin, &hospital, true, "外科", "wk").await;
    let other = organisation(&s, &admin, "-1", false, "第二医院", "h2").await;
    let dean = role(&s, &admin, "院长", "dean", &[]).await;
    let surgeon = role(&s, &admin, "外科医生", "surgeon", &[&[&hospital, &surgery]]).await;
    role(&s, &admin, "药师", "pharmacist", &[&[&other]]).await;

    let every = s.get(&format!("{ROLE}?organizeId=&currentPage=1&pageSize=20&sort=desc&sidx="), Some(&admin)).await.ok().clone();
    assert_eq!(codes(&every), ["dean", "pharmacist", "surgeon"]);
    let global = s.get(&format!("{ROLE}?organizeId=0"), Some(&admin)).await.ok().clone();
    assert_eq!(codes(&global), ["dean"]);
    assert_eq!((global["list"][0]["type"].as_str(), global["list"][0]["organizeInfo"].as_str()), (Some("全局"), Some("")));
    let under = s.get(&format!("{ROLE}?organizeId={hospital}"), Some(&admin)).await.ok().clone();
    assert_eq!(codes(&under), ["surgeon"]);
    assert_eq!((under["list"][0]["type"].as_str(), under["list"][0]["organizeInfo"].as_str()), (Some("组织"), Some("第一医院/外科")));
    assert_eq!(s.get(&format!("{ROLE}?keyword=PHARM"), Some(&admin)).await.ok()["pagination"]["total"], 1);
    let second = s.get(&format!("{ROLE}?currentPage=2&pageSize=2"), Some(&admin)).await.ok().clone();
    assert_eq!((second["list"].as_array().unwrap().len(), second["pagination"]["total"].as_i64()), (1, Some(3)));

    let info = s.get(&format!("{ROLE}/{surgeon}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["globalMark"].as_i64(), info["organizeIdsTree"].clone()), (Some(0), json!([[hospital, surgery]])));
    s.put(&format!("{ROLE}/{surgeon}"), Some(&admin), json!({"description": "主刀", "organizeIdsTree": [[hospital, surgery], [other]]})).await.ok();
    let info = s.get(&format!("{ROLE}/{surgeon}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["fullName"].as_str(), info["description"].as_str()), (Some("外科医生"), Some("主刀")));
    assert_eq!(info["organizeIdsTree"].as_array().unwrap().len(), 2);
    let row = s.get(&format!("{ROLE}?keyword=surgeon"), Some(&admin)).await.ok()["list"][0].clone();
    assert_eq!(row["organizeInfo"], "第一医院/外科,第二医院");

    // Rules: core's messages; an organisation role needs an organisation, on creation and
    // when it loses its last one or becomes one.
    let bad = s.post(ROLE, Some(&admin), json!({"fullName": "医-生", "enCode": ".x", "globalMark": 0, "organizeIdsTree": []})).await;
    assert_eq!(bad.code(), 400);
    assert_eq!(bad.data()["fullName"], json!(["角色名称不能含有特殊符号"]));
    assert_eq!(bad.data()["enCode"], json!(["角色编码只能输入英文、数字和小数点且小数点不能放在首尾"]));
    assert_eq!(bad.data()["organizeIdsTree"], json!(["请选择所属组织"]));
    s.post(ROLE, Some(&admin), json!({"fullName": "医生", "enCode": "ys", "globalMark": 0, "organizeIdsTree": [["nope"]]})).await.fails(400, "所属组织不存在");
    s.post(ROLE, Some(&admin), json!({"fullName": "医生", "enCode": "ys", "globalMark": 2})).await.fails(400, "请选择角色类型");
    let dup = s.post(ROLE, Some(&admin), json!({"fullName": "副院长", "enCode": "dean", "globalMark": 1})).await;
    assert_eq!(dup.data()["enCode"], json!(["编码已存在"]));
    s.put(&format!("{ROLE}/{surgeon}"), Some(&admin), json!({"organizeIdsTree": []})).await.fails(400, "请选择所属组织");
    s.put(&format!("{ROLE}/{dean}"), Some(&admin), json!({"globalMark": 0})).await.fails(400, "请选择所属组织");
    // Turned global, a role drops its organisations.
    s.put(&format!("{ROLE}/{surgeon}"), Some(&admin), json!({"globalMark": 1})).await.ok();
    let info = s.get(&format!("{ROLE}/{surgeon}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["type"].as_str(), info["organizeIdsTree"].clone()), (Some("全局"), json!([])));

    let nurse = s.create_user("nurse", "Nurse123").await;
    s.post(&format!("/api/permission/UserRelation/{dean}"), Some(&admin), json!({"objectId": dean, "objectType": "Role", "userIds": [nurse]})).await.ok();
    s.call(Method::DELETE, &format!("{ROLE}/{dean}"), Some(&admin), Body::None).await.fails(400, "该角色下有用户，不能删除");
    let page = insert_page(&s, "-1", "some.page").await;
    let mut conn = s.conn().await;
    menu::authorize_role(&mut conn, &surgeon, "module", &page).await.unwrap();
    drop(conn);
    s.call(Method::DELETE, &format!("{ROLE}/{surgeon}"), Some(&admin), Body::None).await.ok();
    s.get(&format!("{ROLE}/{surgeon}"), Some(&admin)).await.fails(404, "角色不存在");
    let mut conn = s.conn().await;
    let (grants,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM base_authorize WHERE object_id = $1").bind(&surgeon).fetch_one(&mut *conn).await.unwrap();
    let (bound,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM base_organize_relation WHERE object_id = $1").bind(&surgeon).fetch_one(&mut *conn).await.unwrap();
    assert_eq!((grants, bound), (0, 0));
}

// ROLE-004: the state toggle; a disabled role grants nothing, enabled again it does.
async fn role_004_role_state(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let token = s.sign_in("nurse", "Nurse123").await;
    let page = seeded_page(&s, "permission.role").await;
    let granted = s.grant(&nurse, &[&page], &[]).await;
    s.get(ROLE, Some(&token)).await.ok();

    s.put_empty(&format!("{ROLE}/{granted}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(s.get(&format!("{ROLE}/{granted}"), Some(&admin)).await.ok()["enabledMark"], 0);
    s.get(ROLE, Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let tree = s.get(&format!("{ROLE}/Selector"), Some(&admin)).await.ok()["list"].to_string();
    assert!(!tree.contains(&granted), "a disabled role is not offered");
    s.put_empty(&format!("{ROLE}/{granted}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(s.get(&format!("{ROLE}/{granted}"), Some(&admin)).await.ok()["enabledMark"], 1);
    s.get(ROLE, Some(&token)).await.ok();
    // Toggling needs the edit button.
    s.put_empty(&format!("{ROLE}/{granted}/Actions/State"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.put_empty(&format!("{ROLE}/nope/Actions/State"), Some(&admin)).await.fails(404, "角色不存在");
}

fn node<'a>(nodes: &'a Value, id: &str) -> Option<&'a Value> {
    nodes.as_array()?.iter().find_map(|n| if n["id"] == id { Some(n) } else { node(&n["children"], id) })
}

fn role_nodes<'a>(nodes: &'a Value, id: &str, out: &mut Vec<&'a Value>) {
    for n in nodes.as_array().unwrap() {
        if n["id"] == id && n["type"] == "role" {
            out.push(n);
        }
        role_nodes(&n["children"], id, out);
    }
}

// ROLE-003, ROLE-007, ROLE-008: the role picker takes no payload and answers data.list: the
// global roles under the top node '1', then the organisations with their roles, one node
// per binding with a unique onlyId; RoleCondition limits it to given roles; the user form's
// options by organisation (the global roles first); SelectorByPermission disables what the caller may not authorise.
async fn role_008_role_pickers(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let hospital = organisation(&s, &admin, "-1", false, "第一医院", "h1").await;
    let surgery = organisation(&s, &admin, &hospital, true, "外科", "wk").await;
    let pharmacy = organisation(&s, &admin, &hospital, true, "药剂科", "yj").await;
    let empty = organisation(&s, &admin, "-1", false, "第二医院", "h2").await;
    let dean = role(&s, &admin, "院长", "dean", &[]).await;
    let surgeon = role(&s, &admin, "外科医生", "surgeon", &[&[&hospital, &surgery], &[&hospital, &pharmacy]]).await;
    let pharmacist = role(&s, &admin, "药师", "pharmacist", &[&[&hospital, &pharmacy]]).await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let token = s.sign_in("nurse", "Nurse123").await;

    let tree = s.get(&format!("{ROLE}/Selector"), Some(&token)).await.ok()["list"].clone();
    assert_eq!((tree[0]["id"].as_str(), tree[0]["fullName"].as_str()), (Some("1"), Some("全局")));
    let leaf = &tree[0]["children"][0];
    assert_eq!((leaf["id"].as_str(), leaf["type"].as_str(), leaf["fullName"].as_str()), (Some(dean.as_str()), Some("role"), Some("院长")));
    assert!(leaf["onlyId"].as_str().is_some_and(|o| !o.is_empty()));
    assert_eq!(tree[1]["id"], hospital.as_str());
    assert!(node(&tree, &empty).is_none(), "an organisation without roles is left out");
    let mut twice = Vec::new();
    role_nodes(&tree, &surgeon, &mut twice);
    assert_eq!(twice.len(), 2, "under both its organisations");
    assert_ne!(twice[0]["onlyId"], twice[1]["onlyId"]);
    let mut only_ids = Vec::new();
    fn collect(nodes: &Value, out: &mut Vec<String>) {
        for n in nodes.as_array().unwrap() {
            out.push(n["onlyId"].as_str().unwrap().to_string());
            collect(&n["children"], out);
        }
    }
    collect(&tree, &mut only_ids);
    let n = only_ids.len();
    only_ids.sort();
    only_ids.dedup();
    assert_eq!(only_ids.len(), n, "every onlyId is unique");

    let limited = s.post(&format!("{ROLE}/RoleCondition"), Some(&token), json!({"keyword": "", "ids": [pharmacist]})).await.ok()["list"].clone();
    assert!(node(&limited, &pharmacist).is_some() && node(&limited, &surgeon).is_none() && node(&limited, "1").is_none());
    assert!(node(&limited, &surgery).is_none(), "branches without the role are left out");

    let options = s.post(&format!("{ROLE}/getListByOrgIds"), Some(&token), json!({"organizeIds": [pharmacy, empty]})).await.ok()["list"].clone();
    // The global roles come first (group 全局, id 1), as the JNPF server answers them: the JNPF
    // client's user form offers only what this answers (issue 25).
    assert_eq!(options.as_array().unwrap().len(), 2, "{options:#}");
    assert_eq!((options[0]["id"].as_str(), options[0]["fullName"].as_str()), (Some("1"), Some("全局")));
    assert_eq!(options[0]["children"], json!([{"id": dean, "fullName": "院长"}]));
    let mut names: Vec<&str> = options[1]["children"].as_array().unwrap().iter().map(|c| c["fullName"].as_str().unwrap()).collect();
    names.sort();
    assert_eq!((options[1]["id"].as_str(), names), (Some(pharmacy.as_str()), vec!["外科医生", "药师"]));

    // An administrator may authorise every role; the manager of 药剂科 its roles only.
    let all = s.get(&format!("{ROLE}/SelectorByPermission"), Some(&admin)).await.ok()["list"].to_string();
    assert!(!all.contains("\"disabled\":true"), "{all}");
    s.put(&format!("/api/permission/Organize/Department/{pharmacy}"), Some(&admin), json!({"managerId": nurse})).await.ok();
    let mine = s.get(&format!("{ROLE}/SelectorByPermission"), Some(&token)).await.ok()["list"].clone();
    let mut found = Vec::new();
    role_nodes(&mine, &surgeon, &mut found);
    let disabled: Vec<(String, bool)> = found.iter().map(|n| (n["parentId"].as_str().unwrap().to_string(), n["disabled"].as_bool().unwrap())).collect();
    assert!(disabled.contains(&(pharmacy.clone(), false)) && disabled.contains(&(surgery.clone(), true)), "{disabled:?}");
    assert_eq!(mine[0]["children"][0]["disabled"], true, "a global role is the administrator's");

    // The management page needs its menu.
    s.get(ROLE, Some(&token)).await.fails(403, MSG_FORBIDDEN);
}

const MEMBERS: &str = "/api/permission/UserRelation";

// UserRelation: the members of a role, a position or a group, read with the page's menu and
// replaced with its edit button, unknown users refused; a member who loses a position loses
// it as the current one.
async fn role_011_members(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let hospital = organisation(&s, &admin, "-1", false, "第一医院", "h1").await;
    let dean = role(&s, &admin, "院长", "dean", &[]).await;
    s.post("/api/permission/Position", Some(&admin), json!({"organizeId": hospital, "fullName": "护士", "enCode": "hs", "type": "general"})).await.ok();
    let position = s.get("/api/permission/Position?keyword=hs", Some(&admin)).await.ok()["list"][0]["id"].as_str().unwrap().to_string();
    let a = s.create_user("alice", "Alice123").await;
    let b = s.create_user("bob", "Bob12345").await;

    assert_eq!(s.get(&format!("{MEMBERS}/{dean}"), Some(&admin)).await.ok()["ids"], json!([]));
    s.post(&format!("{MEMBERS}/{dean}"), Some(&admin), json!({"objectId": dean, "objectType": "Role", "userIds": [a, b, a]})).await.ok();
    let mut both = vec![a.clone(), b.clone()];
    both.sort();
    assert_eq!(s.get(&format!("{MEMBERS}/{dean}"), Some(&admin)).await.ok()["ids"], json!(both));
    s.post(&format!("{MEMBERS}/{dean}"), Some(&admin), json!({"objectId": dean, "objectType": "Role", "userIds": [b]})).await.ok();
    assert_eq!(s.get(&format!("{MEMBERS}/{dean}"), Some(&admin)).await.ok()["ids"], json!([b]));

    let bad = s.post(&format!("{MEMBERS}/{dean}"), Some(&admin), json!({"objectId": dean, "objectType": "Role", "userIds": [a, "ghost"]})).await;
    bad.fails(400, "用户不存在");
    assert_eq!(s.get(&format!("{MEMBERS}/{dean}"), Some(&admin)).await.ok()["ids"], json!([b]), "nothing changed");
    s.post(&format!("{MEMBERS}/{dean}"), Some(&admin), json!({"objectId": dean, "objectType": "Group", "userIds": []})).await.fails(404, "对象不存在");
    s.post(&format!("{MEMBERS}/{dean}"), Some(&admin), json!({"objectId": dean, "objectType": "User", "userIds": []})).await.fails(400, "对象类型只能是Role、Position或Group");
    s.get(&format!("{MEMBERS}/nope"), Some(&admin)).await.fails(404, "对象不存在");

    // Position members: the current position follows.
    s.post(&format!("{MEMBERS}/{position}"), Some(&admin), json!({"objectId": position, "objectType": "Position", "userIds": [a]})).await.ok();
    let mut conn = s.conn().await;
    let current = |id: String| sqlx::query_scalar::<_, String>("SELECT position_id FROM base_user WHERE id = $1").bind(id);
    assert_eq!(current(a.clone()).fetch_one(&mut *conn).await.unwrap(), position);
    drop(conn);
    s.post(&format!("{MEMBERS}/{position}"), Some(&admin), json!({"objectId": position, "objectType": "Position", "userIds": []})).await.ok();
    let mut conn = s.conn().await;
    assert_eq!(current(a.clone()).fetch_one(&mut *conn).await.unwrap(), "");
    drop(conn);

    // The role page's menu reads the members; its edit button changes them.
    let token = s.sign_in("alice", "Alice123").await;
    s.get(&format!("{MEMBERS}/{dean}"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let page = seeded_page(&s, "permission.role").await;
    let edit = seeded_button(&s, &page, "btn_edit").await;
    s.grant(&a, &[&page], &[]).await;
    assert_eq!(s.get(&format!("{MEMBERS}/{dean}"), Some(&token)).await.ok()["ids"], json!([b]));
    s.get(&format!("{MEMBERS}/{position}"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.post(&format!("{MEMBERS}/{dean}"), Some(&token), json!({"objectId": dean, "objectType": "Role", "userIds": [a]})).await.fails(403, MSG_FORBIDDEN);
    s.grant(&a, &[&page], &[("button", &edit)]).await;
    s.post(&format!("{MEMBERS}/{dean}"), Some(&token), json!({"objectId": dean, "objectType": "Role", "userIds": [a, b]})).await.ok();
}

on_both_engines!(role_011_roles, role_004_role_state, role_008_role_pickers, role_011_members);
