//! Portals (issue 31, jnpf-wire-engine2.md §2): the records of 门户设计 (list, create answering
//! the new id, the record dialog's checks, the designer's partial save keeping every other
//! field, copy, delete, .vp export and import, the page's menu and buttons), release to
//! type-8 menus, the selector, the default portal per user returned by CurrentUser, each
//! user's own layout of an unlocked portal, and `auth` by type — with who may open a portal.

use crate::harness::{Body, Engine, TestServer, dictionary_item, each_button_needs_its_grant, seeded_page, start, upload};
use crate::on_both_engines;
use qiming_server::access::MSG_FORBIDDEN;
use reqwest::Method;
use serde_json::{Value, json};

const PORTAL: &str = "/api/visualdev/Portal";
const MAIN_SYSTEM: &str = "100000000000000001";

fn layout(cards: &[(&str, i64, i64)]) -> String {
    let items: Vec<Value> = cards
        .iter()
        .enumerate()
        .map(|(n, (key, x, y))| json!({"i": 100 + n as i64, "x": x, "y": y, "w": 6, "h": 4, "jnpfKey": key, "title": key, "visibility": ["pc", "app"]}))
        .collect();
    json!({"layoutId": 100 + cards.len() as i64, "refresh": {"autoRefresh": false, "autoRefreshTime": "5"}, "layout": items}).to_string()
}

async fn category(s: &TestServer) -> String {
    dictionary_item(s, "portalDesigner", "home").await
}

fn record(name: &str, code: &str, category: &str) -> Value {
    json!({"fullName": name, "enCode": code, "category": category, "type": 0, "linkType": 0, "customUrl": "", "enabledLock": 1, "sortCode": 0, "enabledMark": 1, "description": "门诊首页"})
}

/// Creates a portal; answers its id (the create answer's data).
async fn portal(s: &TestServer, token: &str, body: Value) -> String {
    let answer = s.post(PORTAL, Some(token), body).await;
    assert_eq!(answer.msg(), "新建成功");
    answer.ok().as_str().expect("the new id").to_string()
}

// Portal records: create answers the new id; the list (category as its name, filters by type,
// category and lock); the form; the record dialog's messages; the designer's PUT of
// {id, type, formData} keeps every other field; copy; export/import .vp; delete.
async fn portal_records(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let cat = category(&s).await;
    let id = portal(&s, &admin, record("门诊首页", "ops.home", &cat)).await;
    assert!(id.len() >= 18, "{id}");

    let page = s.get(&format!("{PORTAL}?currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&type=&category=&enabledLock="), Some(&admin)).await.ok().clone();
    assert_eq!(page["pagination"]["total"], 1);
    let row = &page["list"][0];
    assert_eq!(
        (row["id"].as_str(), row["fullName"].as_str(), row["category"].as_str(), row["type"].as_i64(), row["enabledLock"].as_i64(), row["creatorUser"].as_str(), row["pcIsRelease"].as_i64()),
        (Some(id.as_str()), Some("门诊首页"), Some("首页门户"), Some(0), Some(1), Some("管理员/admin"), Some(0))
    );
    assert_eq!(s.get(&format!("{PORTAL}?type=1"), Some(&admin)).await.ok()["pagination"]["total"], 0);
    assert_eq!(s.get(&format!("{PORTAL}?enabledLock=0"), Some(&admin)).await.ok()["pagination"]["total"], 0);
    assert_eq!(s.get(&format!("{PORTAL}?category={cat}&keyword=ops"), Some(&admin)).await.ok()["pagination"]["total"], 1);

    // The record dialog's messages, all at once.
    let refused = s.post(PORTAL, Some(&admin), json!({"fullName": "", "enCode": "a.", "category": "nowhere", "type": 1, "linkType": 1, "customUrl": "www.x.com"})).await;
    assert_eq!(refused.code(), 400, "{:#}", refused.body);
    assert_eq!(refused.data()["fullName"], json!(["门户名称不能为空"]));
    assert_eq!(refused.data()["enCode"], json!(["编码只能输入英文、数字和小数点且小数点不能放在首尾"]));
    assert_eq!(refused.data()["category"], json!(["门户分类不存在"]));
    assert_eq!(refused.data()["customUrl"], json!(["请输入正确的链接地址"]));
    let empty = s.post(PORTAL, Some(&admin), json!({"fullName": "x", "enCode": "x", "category": "", "type": 1, "linkType": 0, "customUrl": ""})).await;
    assert_eq!((empty.data()["category"].clone(), empty.data()["customUrl"].clone()), (json!(["门户分类不能为空"]), json!(["链接地址不能为空"])));
    let dup = s.post(PORTAL, Some(&admin), record("重复", "ops.home", &cat)).await;
    assert_eq!((dup.code(), dup.data()["enCode"].clone()), (400, json!(["编码已存在"])));

    // The designer saves {id, type, formData} only: every other field stays.
    let design = layout(&[("todo", 0, 0), ("barChart", 6, 0)]);
    s.put(&format!("{PORTAL}/{id}"), Some(&admin), json!({"id": id, "type": 0, "formData": design})).await.ok();
    let info = s.get(&format!("{PORTAL}/{id}"), Some(&admin)).await.ok().clone();
    assert_eq!(
        (info["fullName"].as_str(), info["enCode"].as_str(), info["category"].as_str(), info["description"].as_str(), info["enabledLock"].as_i64(), info["formData"].as_str()),
        (Some("门诊首页"), Some("ops.home"), Some(cat.as_str()), Some("门诊首页"), Some(1), Some(design.as_str()))
    );
    s.put(&format!("{PORTAL}/{id}"), Some(&admin), json!({"id": id, "type": 0, "formData": "[1"})).await.fails(400, "门户设计内容格式不正确");
    // The record dialog's edit keeps the design.
    s.put(&format!("{PORTAL}/{id}"), Some(&admin), json!({"fullName": "门诊首页V2", "enabledLock": "0"})).await.ok();
    let info = s.get(&format!("{PORTAL}/{id}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["fullName"].as_str(), info["enabledLock"].as_i64(), info["formData"].as_str()), (Some("门诊首页V2"), Some(0), Some(design.as_str())));

    // Copy.
    s.post(&format!("{PORTAL}/{id}/Actions/Copy"), Some(&admin), json!({})).await.ok();
    let all = s.get(PORTAL, Some(&admin)).await.ok().clone();
    assert_eq!(all["pagination"]["total"], 2);
    let copy = all["list"].as_array().unwrap().iter().find(|r| r["id"] != id.as_str()).unwrap().clone();
    assert!(copy["fullName"].as_str().unwrap().starts_with("门诊首页V2.副本"), "{copy}");
    let copy_id = copy["id"].as_str().unwrap().to_string();
    assert_eq!(s.get(&format!("{PORTAL}/{copy_id}"), Some(&admin)).await.ok()["formData"], design.as_str());

    // Export and import (.vp).
    let url = s.post(&format!("{PORTAL}/{id}/Actions/ExportData"), Some(&admin), json!({})).await.ok()["url"].as_str().unwrap().to_string();
    let res = s.http.get(format!("{}{url}", s.base)).send().await.unwrap();
    assert!(res.headers()["content-disposition"].to_str().unwrap().contains(".vp"));
    let file: Value = res.json().await.unwrap();
    assert_eq!((file["enCode"].as_str(), file["formData"].as_str()), (Some("ops.home"), Some(design.as_str())));
    let import = |name: &'static str, content: Value| {
        let (s, admin) = (&s, admin.clone());
        async move { s.call(Method::POST, &format!("{PORTAL}/Model/Actions/ImportData"), Some(&admin), upload("file", name, content.to_string().as_bytes())).await }
    };
    import("a.vp", file.clone()).await.fails(400, "门户“ops.home”：门诊首页V2已存在，不能重复导入");
    import("a.bp", file.clone()).await.fails(400, "请选择.vp格式的门户文件");
    let mut again = file.clone();
    again["enCode"] = json!("ops.home2");
    import("门诊首页.vp", again).await.ok();
    let imported = s.get(&format!("{PORTAL}?keyword=ops.home2"), Some(&admin)).await.ok()["list"][0].clone();
    let imported_id = imported["id"].as_str().unwrap();
    assert_eq!(s.get(&format!("{PORTAL}/{imported_id}"), Some(&admin)).await.ok()["formData"], design.as_str());

    // Delete.
    s.call(Method::DELETE, &format!("{PORTAL}/{copy_id}"), Some(&admin), Body::None).await.ok();
    s.get(&format!("{PORTAL}/{copy_id}"), Some(&admin)).await.fails(404, "门户不存在");
}

// The 门户设计 page: its menu for the records, each button for its call; any member reads
// the selector.
async fn portal_page_needs_its_menu_and_buttons(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let cat = category(&s).await;
    let id = portal(&s, &admin, record("门诊首页", "ops.home", &cat)).await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let token = s.sign_in("clerk", "Clerk123").await;
    s.get(PORTAL, Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("{PORTAL}/{id}"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("{PORTAL}/Selector?platform=Web"), Some(&token)).await.ok();
    let page = seeded_page(&s, "onlineDev.visualPortal").await;
    s.grant(&clerk, &[&page], &[]).await;
    s.get(&format!("{PORTAL}/{id}"), Some(&token)).await.ok();
    let tries: Vec<(&str, Method, String, Body)> = vec![
        ("btn_add", Method::POST, PORTAL.to_string(), Body::Json(record("另一个", "other.home", &cat))),
        ("btn_edit", Method::PUT, format!("{PORTAL}/{id}"), Body::Json(json!({"description": "x"}))),
        ("btn_download", Method::POST, format!("{PORTAL}/{id}/Actions/ExportData"), Body::Json(json!({}))),
        ("btn_upload", Method::POST, format!("{PORTAL}/Model/Actions/ImportData"), upload("file", "a.vp", b"{}")),
        ("btn_release", Method::PUT, format!("{PORTAL}/Actions/release/{id}"), Body::Json(json!({"pc": 1, "app": 0, "pcModuleParentId": [MAIN_SYSTEM], "pcSystemId": MAIN_SYSTEM}))),
        ("btn_remove", Method::DELETE, format!("{PORTAL}/{id}"), Body::None),
    ];
    each_button_needs_its_grant(&s, &token, &clerk, &page, tries).await;
}

/// The menu rows opening a portal: (id, type, category, system, address).
async fn portal_menus(s: &TestServer, portal_id: &str) -> Vec<(String, i64, String, String, String)> {
    let mut conn = s.conn().await;
    let rows: Vec<(String, i64, String, String, String, String)> =
        sqlx::query_as("SELECT id, type, category, system_id, url_address, property_json FROM base_module WHERE type = 8 ORDER BY category").fetch_all(&mut *conn).await.unwrap();
    rows.into_iter()
        .filter(|r| serde_json::from_str::<Value>(&r.5).unwrap()["moduleId"] == portal_id)
        .map(|r| (r.0, r.1, r.2, r.3, r.4))
        .collect()
}

// Release (同步门户) makes a type-8 menu per application and side opening the portal; a
// second release renames it instead of adding one; pcIsRelease turns 1. A member granted the
// menu opens the portal (auth), sets it as default (CurrentUser answers portalId), keeps their
// own layout of the unlocked portal (auth answers it, per application), and a new design
// forgets it. A member without the menu is refused. Delete is refused while the menu opens
// it, and clears the users' default once it goes.
async fn portal_release_default_and_layouts(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let cat = category(&s).await;
    let design = layout(&[("todo", 0, 0), ("notice", 6, 0)]);
    let mut body = record("门诊首页", "ops.home", &cat);
    body["enabledLock"] = json!(0);
    body["formData"] = json!(design);
    let id = portal(&s, &admin, body).await;

    let release = format!("{PORTAL}/Actions/release/{id}");
    s.put(&release, Some(&admin), json!({"pc": 0, "app": 0})).await.fails(400, "请至少选择一种门户同步方式");
    let none = s.put(&release, Some(&admin), json!({"pc": 1, "app": 0, "pcModuleParentId": []})).await;
    assert_eq!((none.code(), none.data()["pcModuleParentId"].clone()), (400, json!(["应用不能为空"])));
    s.put(&release, Some(&admin), json!({"pc": 1, "app": 1, "pcModuleParentId": [MAIN_SYSTEM], "appModuleParentId": [MAIN_SYSTEM], "pcSystemId": MAIN_SYSTEM, "appSystemId": MAIN_SYSTEM}))
        .await
        .ok();
    let made = portal_menus(&s, &id).await;
    assert_eq!(made.len(), 2, "{made:?}");
    assert_eq!((made[0].1, made[0].2.as_str(), made[0].3.as_str()), (8, "App", MAIN_SYSTEM));
    assert_eq!((made[1].1, made[1].2.as_str(), made[1].3.as_str(), made[1].4.as_str()), (8, "Web", MAIN_SYSTEM, "portal/opshome"));
    let row = &s.get(PORTAL, Some(&admin)).await.ok()["list"][0].clone();
    assert_eq!((row["pcIsRelease"].as_i64(), row["appIsRelease"].as_i64()), (Some(1), Some(1)));
    // Released again (renamed first): the same menus, renamed.
    s.put(&format!("{PORTAL}/{id}"), Some(&admin), json!({"fullName": "门诊工作台"})).await.ok();
    s.put(&release, Some(&admin), json!({"pc": 1, "app": 0, "pcModuleParentId": [], "pcSystemId": ""})).await.ok();
    let again = portal_menus(&s, &id).await;
    assert_eq!(again.iter().map(|m| m.0.clone()).collect::<Vec<_>>(), made.iter().map(|m| m.0.clone()).collect::<Vec<_>>());
    let web_menu = made[1].0.clone();

    // A member without the menu may not open it; with the menu they may.
    let nurse = s.create_user("nurse", "Nurse123").await;
    let token = s.sign_in("nurse", "Nurse123").await;
    let auth = format!("{PORTAL}/{id}/auth?platform=Web&systemId={MAIN_SYSTEM}");
    s.get(&auth, Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.put_empty(&format!("{PORTAL}/{id}/Actions/SetDefault?platform=Web"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let offered = s.get(&format!("{PORTAL}/Selector?platform=Web&type=1"), Some(&token)).await.ok()["list"].clone();
    assert_eq!(offered, json!([]), "the 切换门户 drawer offers only what the user may open");
    s.grant(&nurse, &[&web_menu], &[]).await;
    let answer = s.get(&auth, Some(&token)).await.ok().clone();
    assert_eq!(answer, json!({"type": 0, "linkType": 0, "customUrl": "", "enabledLock": 0, "formData": design}));
    let offered = s.get(&format!("{PORTAL}/Selector?platform=Web&type=1"), Some(&token)).await.ok()["list"].clone();
    assert_eq!(offered, json!([{"id": cat, "fullName": "首页门户", "children": [{"id": id, "fullName": "门诊工作台"}]}]));
    let menu = s.get(&"/api/oauth/CurrentUser".to_string(), Some(&token)).await.ok().clone();
    assert_eq!(menu["userInfo"]["portalId"], "");
    assert!(menu["menuList"].to_string().contains("portal/opshome"), "the released menu reaches the member");

    // SetDefault: CurrentUser answers it at once.
    let set = s.put_empty(&format!("{PORTAL}/{id}/Actions/SetDefault?platform=Web"), Some(&token)).await;
    set.ok();
    assert_eq!(set.msg(), "设置成功");
    assert_eq!(s.get("/api/oauth/CurrentUser", Some(&token)).await.ok()["userInfo"]["portalId"], id.as_str());

    // Their own layout of the unlocked portal, per application.
    let moved = layout(&[("todo", 6, 0), ("notice", 0, 0)]);
    s.put(&format!("{PORTAL}/Custom/Save/{id}"), Some(&token), json!({"formData": moved, "systemId": MAIN_SYSTEM})).await.ok();
    assert_eq!(s.get(&auth, Some(&token)).await.ok()["formData"], moved.as_str());
    assert_eq!(s.get(&format!("{PORTAL}/{id}/auth?platform=Web&systemId=other"), Some(&token)).await.ok()["formData"], design.as_str());
    assert_eq!(s.get(&auth, Some(&admin)).await.ok()["formData"], design.as_str(), "another user's layout is theirs alone");
    s.put(&format!("{PORTAL}/Custom/Save/{id}"), Some(&token), json!({"formData": "nope", "systemId": MAIN_SYSTEM})).await.fails(400, "门户设计内容格式不正确");
    // A new design forgets the users' layouts.
    let redesign = layout(&[("barChart", 0, 0)]);
    s.put(&format!("{PORTAL}/{id}"), Some(&admin), json!({"id": id, "type": 0, "formData": redesign})).await.ok();
    assert_eq!(s.get(&auth, Some(&token)).await.ok()["formData"], redesign.as_str());
    // Locked: no own layout is taken, and none is answered.
    s.put(&format!("{PORTAL}/{id}"), Some(&admin), json!({"enabledLock": 1})).await.ok();
    s.put(&format!("{PORTAL}/Custom/Save/{id}"), Some(&token), json!({"formData": moved, "systemId": MAIN_SYSTEM})).await.fails(400, "门户已锁定，不能调整布局");

    // Disabled: members are refused; the page's holders (the administrator) still design it.
    s.put(&format!("{PORTAL}/{id}"), Some(&admin), json!({"enabledMark": 0})).await.ok();
    s.get(&auth, Some(&token)).await.fails(400, "门户已被禁用");
    s.get(&auth, Some(&admin)).await.ok();
    s.put(&format!("{PORTAL}/{id}"), Some(&admin), json!({"enabledMark": 1})).await.ok();

    // Delete: refused while a menu opens it; then the users' default goes with it.
    s.call(Method::DELETE, &format!("{PORTAL}/{id}"), Some(&admin), Body::None).await.fails(400, "门户已被菜单“门诊工作台”引用，请先删除该菜单");
    {
        let mut conn = s.conn().await;
        sqlx::query("DELETE FROM base_module WHERE type = 8").execute(&mut *conn).await.unwrap();
    }
    s.call(Method::DELETE, &format!("{PORTAL}/{id}"), Some(&admin), Body::None).await.ok();
    assert_eq!(s.get("/api/oauth/CurrentUser", Some(&token)).await.ok()["userInfo"]["portalId"], "");
    let mut conn = s.conn().await;
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_portal_custom").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(left, 0);
}

// `auth` by type: 0 answers formData; 1 answers linkType and customUrl (a page or an external
// address). The administrator opens every portal; unknown ids are not found.
async fn portal_auth_by_type(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let cat = category(&s).await;
    let mut page = record("HIS 首页", "his.page", &cat);
    page["type"] = json!(1);
    page["linkType"] = json!(0);
    page["customUrl"] = json!("extend/schedule");
    let page_id = portal(&s, &admin, page).await;
    let mut outside = record("HIS 外链", "his.link", &cat);
    outside["type"] = json!("1");
    outside["linkType"] = json!("1");
    outside["customUrl"] = json!("https://his.hospital.local/home");
    let link_id = portal(&s, &admin, outside).await;
    let a = s.get(&format!("{PORTAL}/{page_id}/auth?platform=Web&systemId={MAIN_SYSTEM}"), Some(&admin)).await.ok().clone();
    assert_eq!((a["type"].as_i64(), a["linkType"].as_i64(), a["customUrl"].as_str()), (Some(1), Some(0), Some("extend/schedule")));
    let b = s.get(&format!("{PORTAL}/{link_id}/auth?platform=Web&systemId={MAIN_SYSTEM}"), Some(&admin)).await.ok().clone();
    assert_eq!((b["type"].as_i64(), b["linkType"].as_i64(), b["customUrl"].as_str()), (Some(1), Some(1), Some("https://his.hospital.local/home")));
    s.get(&format!("{PORTAL}/nowhere/auth?platform=Web"), Some(&admin)).await.fails(404, "门户不存在");
    // A path portal takes no own layout.
    s.put(&format!("{PORTAL}/Custom/Save/{page_id}"), Some(&admin), json!({"formData": "{}", "systemId": ""})).await.fails(400, "门户已锁定，不能调整布局");
    // The editor's picker: every enabled portal in its category.
    let all = s.get(&format!("{PORTAL}/Selector?platform=Web"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(all[0]["children"].as_array().unwrap().len(), 2);
}

on_both_engines!(portal_records, portal_page_needs_its_menu_and_buttons, portal_release_default_and_layouts, portal_auth_by_type);
