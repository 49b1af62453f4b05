//! The unchanged JNPF 3.4.7 web client on Qiming (issue 25, "The JNPF client"): the calls it
//! makes that must answer what the JNPF server answers, checked against
//! ../shared/reference/jnpf-wire*.md.

use crate::harness::{Engine, start};
use crate::on_both_engines;
use serde_json::{Value, json};

fn flatten(nodes: &Value, out: &mut Vec<Value>) {
    for n in nodes.as_array().into_iter().flatten() {
        out.push(n.clone());
        flatten(&n["children"], out);
    }
}

fn address_of(menus: &Value, en_code: &str) -> String {
    let mut all = Vec::new();
    flatten(menus, &mut all);
    let m = all.iter().find(|m| m["enCode"] == en_code).unwrap_or_else(|| panic!("menu {en_code} in {menus:#}"));
    m["urlAddress"].as_str().unwrap().to_string()
}

// jnpf-wire-engine2.md §5, LIST-006, LIST-007, LIST-009: every generated list awaits
// GetColumnsByModuleId before it loads (anything but code 200 stops the page): the empty list
// until the user saves columns with SetColumnsByModuleId; then that user's own columns of that
// menu, in the order saved, `visible` and `columnVisible` both set. Another user and another
// menu still get the empty list; a malformed fieldList is refused and keeps what was stored; an
// empty list forgets.
async fn columns_by_module_id_are_stored_per_user_and_menu(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    const GET: &str = "/api/permission/Authority/GetColumnsByModuleId";
    const SET: &str = "/api/permission/Authority/SetColumnsByModuleId";
    let a = s.get(&format!("{GET}/270579315303777093"), Some(&admin)).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.ok(), &json!([]));
    // Signed-out callers are refused as every call is.
    assert_ne!(s.get(&format!("{GET}/270579315303777093"), None).await.code(), 200);
    assert_ne!(s.put(SET, None, json!({"moduleId": "m1", "fieldList": "[]"})).await.code(), 200);

    // The global ColumnSettings component's items (visible) and custom-column's (columnVisible).
    let list = json!([
        {"prop": "title", "label": "标题", "visible": true, "fixed": "left"},
        {"prop": "code", "label": "单号", "columnVisible": false},
        {"prop": "amount", "label": "金额"},
        {"prop": "title", "label": "重复", "visible": false}
    ]);
    s.put(SET, Some(&admin), json!({"moduleId": "m1", "fieldList": list.to_string()})).await.ok();
    let saved = json!([
        {"prop": "title", "label": "标题", "visible": true, "columnVisible": true},
        {"prop": "code", "label": "单号", "visible": false, "columnVisible": false},
        {"prop": "amount", "label": "金额", "visible": true, "columnVisible": true}
    ]);
    assert_eq!(s.get(&format!("{GET}/m1"), Some(&admin)).await.ok(), &saved);
    assert_eq!(s.get(&format!("{GET}/m2"), Some(&admin)).await.ok(), &json!([]));
    // Saving again replaces the list (a new order).
    let reordered = json!([{"prop": "amount", "label": "金额", "visible": true}, {"prop": "title", "label": "标题", "visible": false}]);
    s.put(SET, Some(&admin), json!({"moduleId": "m1", "fieldList": reordered.to_string()})).await.ok();
    let reordered_saved = json!([
        {"prop": "amount", "label": "金额", "visible": true, "columnVisible": true},
        {"prop": "title", "label": "标题", "visible": false, "columnVisible": false}
    ]);
    assert_eq!(s.get(&format!("{GET}/m1"), Some(&admin)).await.ok(), &reordered_saved);

    // Another user sees their own (none), and their save does not touch the administrator's.
    s.create_user("colclerk", "Clerk@2024").await;
    let clerk = s.sign_in("colclerk", "Clerk@2024").await;
    assert_eq!(s.get(&format!("{GET}/m1"), Some(&clerk)).await.ok(), &json!([]));
    s.put(SET, Some(&clerk), json!({"moduleId": "m1", "fieldList": json!([{"prop": "code", "label": "单号", "visible": true}]).to_string()})).await.ok();
    assert_eq!(s.get(&format!("{GET}/m1"), Some(&clerk)).await.ok()[0]["prop"], "code");
    assert_eq!(s.get(&format!("{GET}/m1"), Some(&admin)).await.ok(), &reordered_saved);

    // Refusals keep what was stored.
    for bad in ["not json", "{}", r#"[{"label": "无prop"}]"#, r#"[{"prop": "a", "visible": "yes"}]"#] {
        let a = s.put(SET, Some(&admin), json!({"moduleId": "m1", "fieldList": bad})).await;
        assert_eq!(a.code(), 400, "{bad}: {:#}", a.body);
    }
    assert_eq!(s.put(SET, Some(&admin), json!({"moduleId": " ", "fieldList": "[]"})).await.code(), 400);
    assert_eq!(s.get(&format!("{GET}/m1"), Some(&admin)).await.ok(), &reordered_saved);
    // An empty list forgets: the default columns again.
    s.put(SET, Some(&admin), json!({"moduleId": "m1", "fieldList": "[]"})).await.ok();
    assert_eq!(s.get(&format!("{GET}/m1"), Some(&admin)).await.ok(), &json!([]));
}

// The seeded menus carry the addresses of the JNPF client's views (views/extend/schedule,
// views/system/area, views/system/notice), so its router finds the pages; the migration moves
// an existing installation's seeded menus the same way.
async fn seeded_menus_use_the_jnpf_client_addresses(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let current = s.get("/api/oauth/CurrentUser", Some(&admin)).await.ok().clone();
    let menus = &current["menuList"];
    assert_eq!(address_of(menus, "schedule"), "extend/schedule");
    assert_eq!(address_of(menus, "systemData.area"), "system/area");
    assert_eq!(address_of(menus, "msgCenter.notice"), "system/notice");
    for (code, address) in [
        ("permission.organize", "permission/organize"),
        ("permission.user", "permission/user"),
        ("systemData.dictionary", "systemData/dictionary"),
        ("systemData.dataInterface", "systemData/dataInterface"),
        ("system.billRule", "system/billRule"),
        ("system.menu", "system/menu"),
        ("system.sysConfig", "system/sysConfig"),
        ("system.visualDev", "onlineDev/webDesign"),
        // Issue 29: the JNPF client's views/system/printDev.
        ("system.printDev", "system/printDev"),
    ] {
        assert_eq!(address_of(menus, code), address, "{code}");
    }

    // An installation seeded before: the old addresses, then migration 0031.
    let mut conn = s.conn().await;
    for (id, old) in [("200000000000000045", "schedule"), ("200000000000000043", "systemData/area"), ("200000000000000061", "msgCenter/notice")] {
        sqlx::query("UPDATE base_module SET url_address = $1 WHERE id = $2").bind(old).bind(id).execute(&mut *conn).await.unwrap();
    }
    // One the administrator moved elsewhere stays where they put it.
    sqlx::query("UPDATE base_module SET url_address = 'my/area' WHERE id = '200000000000000043'").execute(&mut *conn).await.unwrap();
    let migration = include_str!("../../migrations/0031_jnpf_menu_addresses.sql");
    let statements: String = migration.lines().filter(|l| !l.trim_start().starts_with("--")).collect::<Vec<_>>().join("\n");
    for statement in statements.split(';').filter(|s| !s.trim().is_empty()) {
        sqlx::query(sqlx::AssertSqlSafe(statement.to_string())).execute(&mut *conn).await.unwrap();
    }
    let mut read = Vec::new();
    for id in ["200000000000000045", "200000000000000043", "200000000000000061"] {
        read.push(sqlx::query_scalar::<_, String>("SELECT url_address FROM base_module WHERE id = $1").bind(id).fetch_one(&mut *conn).await.unwrap());
    }
    assert_eq!(read, ["extend/schedule", "my/area", "system/notice"]);
}

// ORG-002: the company form's parent picker (Organize/SelectorByAuth/0) offers administrators
// the virtual top node 顶级节点 (id -1) first, as the JNPF server does, so a fresh installation's
// first company can be made from the JNPF client; a company made under -1 is a top company.
// Members who are not administrators are not offered it.
async fn org_002_company_parents_offer_the_top_node_to_administrators(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let list = s.get("/api/permission/Organize/SelectorByAuth/0", Some(&admin)).await.ok()["list"].clone();
    let top = &list[0];
    assert_eq!((top["id"].as_str(), top["fullName"].as_str()), (Some("-1"), Some("顶级节点")), "{list:#}");
    assert_eq!(top["organizeIds"], json!(["-1"]));
    s.post("/api/permission/Organize", Some(&admin), json!({"parentId": "-1", "fullName": "第一公司", "enCode": "first", "enabledMark": 1, "sortCode": 0, "propertyJson": {}})).await.ok();
    let list = s.get("/api/permission/Organize/SelectorByAuth/0", Some(&admin)).await.ok()["list"].clone();
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|n| n["fullName"].as_str().unwrap()).collect();
    assert!(names.starts_with(&["顶级节点"]) && names.contains(&"第一公司"), "{names:?}");
    let first = list.as_array().unwrap().iter().find(|n| n["fullName"] == "第一公司").unwrap();
    let info = s.get(&format!("/api/permission/Organize/{}", first["id"].as_str().unwrap()), Some(&admin)).await.ok().clone();
    assert_eq!(info["organizeIdTree"], json!(["-1"]));

    s.create_user("clerk", "Clerk123").await;
    let clerk = s.sign_in("clerk", "Clerk123").await;
    let list = s.get("/api/permission/Organize/SelectorByAuth/0", Some(&clerk)).await.ok()["list"].clone();
    assert!(list.as_array().unwrap().iter().all(|n| n["id"] != "-1"), "{list:#}");
}

// 功能设计 in the JNPF client (issue 25): the 功能分类 select reads the dictionary webDesign; the
// print and data-connection pickers read printDev/Selector (empty until print exists) and
// DataSource/Selector (the platform database, id 0 默认数据库); the release dialog's App parent
// comes from Menu/Selector/0/0?category=App.
async fn visual_design_pickers_answer(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let all = s.get("/api/system/DictionaryData/All", Some(&admin)).await.ok().clone();
    let web_design = all["list"].as_array().unwrap().iter().find(|d| d["enCode"] == "webDesign").unwrap_or_else(|| panic!("webDesign in {all:#}"));
    assert!(!web_design["dictionaryList"].as_array().unwrap().is_empty(), "{web_design:#}");
    let types = s.get("/api/system/DictionaryType", Some(&admin)).await.ok().clone();
    let mut nodes = Vec::new();
    flatten(&types["list"], &mut nodes);
    assert!(nodes.iter().any(|t| t["enCode"] == "webDesign" && t["fullName"] == "功能分类"), "{types:#}");

    let sources = s.get("/api/system/DataSource/Selector", Some(&admin)).await.ok().clone();
    let mut flat = Vec::new();
    flatten(&sources["list"], &mut flat);
    assert!(flat.iter().any(|n| n["id"] == "0" && n["fullName"] == "默认数据库"), "{sources:#}");
    assert_eq!(s.get("/api/system/printDev/Selector?type=2", Some(&admin)).await.ok(), &json!({"list": []}));

    let app = s.get("/api/system/Menu/Selector/0/0?category=App", Some(&admin)).await.ok().clone();
    assert!(!app["list"].as_array().unwrap().is_empty(), "an App parent to release under: {app:#}");
    let web = s.get("/api/system/Menu/Selector/0/0?category=Web", Some(&admin)).await.ok().clone();
    let mut flat = Vec::new();
    flatten(&web["list"], &mut flat);
    assert!(flat.iter().all(|n| n["enCode"] != "app"), "the App root is not a Web parent");
}

// Release with pc 1 and pcModuleParentId makes the model's Web function menu (type 3) under
// that parent, as JNPF's release does; the next release moves and renames that menu instead
// of making another. The menu opens the model (propertyJson.moduleId) at model/<enCode>.
async fn release_makes_the_function_menu(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let form = crate::visualdev::text_form(&["visit_no"]);
    let id = crate::visualdev::create(&s, &admin, json!({"fullName": "出诊登记", "enCode": "visits", "webType": 1, "formData": form})).await;
    let parent = crate::harness::seeded_page(&s, "systemData").await;
    s.post(&format!("/api/visualdev/Base/{id}/Actions/Release"), Some(&admin), json!({"pc": 1, "app": 0, "pcModuleParentId": parent, "pcSystemId": crate::harness::MAIN_SYSTEM})).await.ok();
    let menus = s.get(&format!("/api/system/Menu/ModuleBySystem/{}?category=Web", crate::harness::MAIN_SYSTEM), Some(&admin)).await.ok().clone();
    let mut flat = Vec::new();
    flatten(&menus["list"], &mut flat);
    let made: Vec<&Value> = flat.iter().filter(|m| m["enCode"] == "visits").collect();
    assert_eq!(made.len(), 1, "{menus:#}");
    assert_eq!((made[0]["type"].as_i64(), made[0]["parentId"].as_str(), made[0]["urlAddress"].as_str()), (Some(3), Some(parent.as_str()), Some("model/visits")));
    let info = s.get(&format!("/api/system/Menu/{}", made[0]["id"].as_str().unwrap()), Some(&admin)).await.ok().clone();
    let property: Value = serde_json::from_str(info["propertyJson"].as_str().unwrap()).unwrap();
    assert_eq!(property["moduleId"], id.as_str());
    // The administrator finds it in their menu.
    let current = s.get("/api/oauth/CurrentUser", Some(&admin)).await.ok().clone();
    assert_eq!(address_of(&current["menuList"], "visits"), "model/visits");

    // Released again under another parent with a new name: the same menu, moved.
    s.put(&format!("/api/visualdev/Base/{id}"), Some(&admin), json!({"fullName": "出诊"})).await.ok();
    let other = crate::harness::seeded_page(&s, "system").await;
    s.post(&format!("/api/visualdev/Base/{id}/Actions/Release"), Some(&admin), json!({"pc": 1, "app": 0, "pcModuleParentId": other, "pcSystemId": crate::harness::MAIN_SYSTEM})).await.ok();
    let menus = s.get(&format!("/api/system/Menu/ModuleBySystem/{}?category=Web", crate::harness::MAIN_SYSTEM), Some(&admin)).await.ok().clone();
    let mut flat = Vec::new();
    flatten(&menus["list"], &mut flat);
    let made: Vec<&Value> = flat.iter().filter(|m| m["enCode"] == "visits").collect();
    assert_eq!(made.len(), 1, "{menus:#}");
    assert_eq!((made[0]["parentId"].as_str(), made[0]["fullName"].as_str()), (Some(other.as_str()), Some("出诊")));
}

// 个人信息 → 我的下属 (jnpf-wire-areas.md §1.2): Subordinate/0 answers whom the caller manages,
// a subordinate's id whom they manage in turn, as [{id, userName, avatar, department,
// position, isLeaf}]; someone outside the caller's subordinates is refused.
async fn current_subordinates_tree(engine: Engine) {
    let s = start(engine).await;
    let boss = s.create_user("boss", "Boss1234").await;
    let lead = s.create_user("lead", "Lead1234").await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let stranger = s.create_user("stranger", "Strange1").await;
    let mut conn = s.conn().await;
    for (user, manager) in [(&lead, &boss), (&clerk, &lead)] {
        sqlx::query("UPDATE base_user SET manager_id = $1 WHERE id = $2").bind(manager).bind(user).execute(&mut *conn).await.unwrap();
    }
    qiming_server::db::bump_generation(&mut conn).await.unwrap();
    drop(conn);
    let token = s.sign_in("boss", "Boss1234").await;
    let top = s.get("/api/permission/Users/Current/Subordinate/0", Some(&token)).await.ok().clone();
    assert_eq!(top.as_array().unwrap().len(), 1, "{top:#}");
    assert_eq!((top[0]["id"].as_str(), top[0]["userName"].as_str(), top[0]["isLeaf"].as_bool()), (Some(lead.as_str()), Some("lead/lead"), Some(false)));
    assert!(top[0]["avatar"].as_str().is_some_and(|a| !a.is_empty()) && top[0]["department"].is_string() && top[0]["position"].is_string());
    let below = s.get(&format!("/api/permission/Users/Current/Subordinate/{lead}"), Some(&token)).await.ok().clone();
    assert_eq!((below[0]["id"].as_str(), below[0]["isLeaf"].as_bool()), (Some(clerk.as_str()), Some(true)));
    assert_ne!(s.get(&format!("/api/permission/Users/Current/Subordinate/{stranger}"), Some(&token)).await.code(), 200);
}

// 个人信息 → 系统权限 (jnpf-wire-areas.md §1.2): Users/Current/Authorize answers one tree per
// permission kind — module (the menus the caller may use), button, column, form, resource
// (the menus with those items under them) — each node {id, fullName, icon, children}.
async fn current_authorize_trees(engine: Engine) {
    let s = start(engine).await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let users_page = crate::harness::seeded_page(&s, "permission.user").await;
    let add = crate::harness::seeded_button(&s, &users_page, "btn_add").await;
    let permission = crate::harness::seeded_page(&s, "permission").await;
    s.grant(&clerk, &[&permission, &users_page], &[("button", &add)]).await;
    let token = s.sign_in("clerk", "Clerk123").await;
    let a = s.get("/api/permission/Users/Current/Authorize", Some(&token)).await.ok().clone();
    for kind in ["module", "button", "column", "form", "resource"] {
        assert!(a[kind].is_array(), "{kind} in {a:#}");
    }
    let mut menus = Vec::new();
    flatten(&a["module"], &mut menus);
    let ids: Vec<&str> = menus.iter().map(|m| m["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&users_page.as_str()) && ids.contains(&permission.as_str()), "{a:#}");
    assert!(menus.iter().all(|m| m["fullName"].is_string() && m["icon"].is_string()));
    let mut buttons = Vec::new();
    flatten(&a["button"], &mut buttons);
    let ids: Vec<&str> = buttons.iter().map(|m| m["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&add.as_str()), "the granted button under its page: {a:#}");
    let remove = crate::harness::seeded_button(&s, &users_page, "btn_remove").await;
    assert!(!ids.contains(&remove.as_str()), "a button not granted is left out");
    assert_eq!(a["column"], json!([]), "no column granted: no tree");
}

// CurrentUser's userInfo names the user's organisation and positions (jnpf-wire.md
// "CurrentUser": organizeId, organizeName, positionId, positionName, positionIds): 首页's
// 所属组织 and every consumer of the caller's organisation read them (issue 25).
async fn current_user_names_the_organisation_and_positions(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let hospital = crate::harness::organisation(&s, &admin, "-1", false, "第一医院", "h1").await;
    let surgery = crate::harness::organisation(&s, &admin, &hospital, true, "外科", "wk").await;
    s.post("/api/permission/Position", Some(&admin), json!({"organizeId": surgery, "fullName": "外科医生", "enCode": "surgeon", "type": "general"})).await.ok();
    let surgeon = s.get("/api/permission/Position?keyword=surgeon", Some(&admin)).await.ok()["list"][0]["id"].as_str().unwrap().to_string();
    let created = s.post("/api/permission/Users", Some(&admin), json!({"account": "zhangsan", "realName": "张三", "gender": 1, "organizeIdTree": [[hospital, surgery]], "positionId": surgeon, "enabledMark": 1})).await.ok().clone();
    let id = created["id"].as_str().unwrap().to_string();
    let mut conn = s.conn().await;
    crate::harness::mark_password_changed(&mut conn, &id).await;
    drop(conn);
    let token = s.sign_in("zhangsan", created["initialPassword"].as_str().unwrap()).await;
    let info = s.get("/api/oauth/CurrentUser", Some(&token)).await.ok()["userInfo"].clone();
    assert_eq!((info["organizeId"].as_str(), info["organizeName"].as_str()), (Some(surgery.as_str()), Some("第一医院/外科")), "{info:#}");
    assert_eq!((info["positionId"].as_str(), info["positionName"].as_str()), (Some(surgeon.as_str()), Some("外科医生")));
    assert_eq!(info["positionIds"], json!([{"id": surgeon, "name": "外科医生"}]));
}

on_both_engines!(columns_by_module_id_are_stored_per_user_and_menu, seeded_menus_use_the_jnpf_client_addresses, org_002_company_parents_offer_the_top_node_to_administrators,
    visual_design_pickers_answer,
    release_makes_the_function_menu,
    current_subordinates_tree,
    current_authorize_trees,
    current_user_names_the_organisation_and_positions,
);
