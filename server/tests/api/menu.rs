//! Applications, menus and their permission items (jnpf-wire-areas.md §1.8) behind the page
//! system.menu: CRUD with PATCH updates, core's messages, the refusals, the permits, and a
//! menu made through the API reaching CurrentUser (PERM-001, PERM-004).

use crate::harness::{Body, Engine, MAIN_SYSTEM, TestServer, seeded_button, seeded_page, start, upload, upload_with};
use crate::on_both_engines;
use qiming_server::access::MSG_FORBIDDEN;
use reqwest::Method;
use serde_json::{Value, json};

const SYSTEM: &str = "/api/system/System";
const MENU: &str = "/api/system/Menu";

fn find<'a>(list: &'a Value, code: &str) -> Option<&'a Value> {
    list.as_array()?.iter().find_map(|n| if n["enCode"] == code { Some(n) } else { find(&n["children"], code) })
}

fn codes(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|n| n["enCode"].as_str().unwrap().to_string()).collect()
}

/// Creates a menu through the API; answers its id.
async fn menu(s: &TestServer, token: &str, form: Value) -> String {
    let code = form["enCode"].as_str().unwrap().to_string();
    let system = form["systemId"].as_str().unwrap_or(MAIN_SYSTEM).to_string();
    s.post(MENU, Some(token), form).await.ok();
    let tree = s.get(&format!("{MENU}/ModuleBySystem/{system}"), Some(token)).await.ok()["list"].clone();
    find(&tree, &code).unwrap()["id"].as_str().unwrap().to_string()
}

fn page(parent: &str, code: &str) -> Value {
    json!({"parentId": parent, "systemId": MAIN_SYSTEM, "fullName": code, "enCode": code, "icon": "icon-ym icon-ym-x", "type": 2,
           "urlAddress": format!("ward/{code}"), "category": "Web", "linkTarget": "_self", "sortCode": 5, "enabledMark": 1,
           "propertyJson": "{\"iconBackgroundColor\":\"\"}"})
}

// Applications: the list with keyword, the form with propertyJson as JSON text, PATCH
// updates, core's messages, the main system never deleted or disabled, a system with menus
// never deleted, the state toggle.
async fn applications(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let list = s.get(SYSTEM, Some(&admin)).await.ok()["list"].clone();
    assert_eq!((codes(&list), list[0]["isMain"].as_i64()), (vec!["mainSystem".to_string()], Some(1)));

    let bad = s.post(SYSTEM, Some(&admin), json!({"fullName": "", "propertyJson": "[1]"})).await;
    assert_eq!(bad.code(), 400);
    assert_eq!(bad.data()["fullName"], json!(["应用不能为空"]));
    assert_eq!(bad.data()["enCode"], json!(["应用编码不能为空"]));
    assert_eq!(bad.data()["icon"], json!(["应用图标不能为空"]));
    assert_eq!(bad.data()["propertyJson"], json!(["应用属性格式不正确"]));
    let created = s
        .post(SYSTEM, Some(&admin), json!({"fullName": "检验系统", "enCode": "lab", "icon": "icon-ym icon-ym-lab", "sortCode": 2, "enabledMark": 1,
            "description": "检验科", "propertyJson": "{\"iconBackgroundColor\":\"#1890ff\"}"}))
        .await;
    assert_eq!(created.msg(), "新建成功");
    let dup = s.post(SYSTEM, Some(&admin), json!({"fullName": "检验2", "enCode": "lab", "icon": "i"})).await;
    assert_eq!(dup.data()["enCode"], json!(["编码已存在"]));
    let found = s.get(&format!("{SYSTEM}?keyword=LAB"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(codes(&found), ["lab"]);
    let lab = found[0]["id"].as_str().unwrap().to_string();
    let info = s.get(&format!("{SYSTEM}/{lab}"), Some(&admin)).await.ok().clone();
    assert_eq!(info["propertyJson"], "{\"iconBackgroundColor\":\"#1890ff\"}");
    assert_eq!((info["isMain"].as_i64(), info["description"].as_str()), (Some(0), Some("检验科")));

    // PATCH: only the sent field changes; the info answer posted back whole is taken.
    s.put(&format!("{SYSTEM}/{lab}"), Some(&admin), json!({"description": "检验中心"})).await.ok();
    let info = s.get(&format!("{SYSTEM}/{lab}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["fullName"].as_str(), info["description"].as_str(), info["sortCode"].as_i64()), (Some("检验系统"), Some("检验中心"), Some(2)));
    let mut back = info.clone();
    back["fullName"] = json!("检验平台");
    s.put(&format!("{SYSTEM}/{lab}"), Some(&admin), back).await.ok();
    assert_eq!(s.get(&format!("{SYSTEM}/{lab}"), Some(&admin)).await.ok()["fullName"], "检验平台");
    s.put(&format!("{SYSTEM}/{lab}"), Some(&admin), json!({"icon": " "})).await.fails(400, "应用图标不能为空");

    // The main system.
    s.call(Method::DELETE, &format!("{SYSTEM}/{MAIN_SYSTEM}"), Some(&admin), Body::None).await.fails(400, "主系统不能删除");
    s.put_empty(&format!("{SYSTEM}/{MAIN_SYSTEM}/Actions/State"), Some(&admin)).await.fails(400, "主系统不能禁用");
    s.put(&format!("{SYSTEM}/{MAIN_SYSTEM}"), Some(&admin), json!({"enabledMark": 0})).await.fails(400, "主系统不能禁用");

    // State, and delete refused while the system has menus.
    s.put_empty(&format!("{SYSTEM}/{lab}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(s.get(&format!("{SYSTEM}/{lab}"), Some(&admin)).await.ok()["enabledMark"], 0);
    assert_eq!(codes(&s.get(&format!("{SYSTEM}?enabledMark=1"), Some(&admin)).await.ok()["list"]), ["mainSystem"]);
    let mut form = page("-1", "lab.report");
    form["systemId"] = json!(lab);
    let report = menu(&s, &admin, form).await;
    s.call(Method::DELETE, &format!("{SYSTEM}/{lab}"), Some(&admin), Body::None).await.fails(400, "该应用下有菜单，不能删除");
    s.call(Method::DELETE, &format!("{MENU}/{report}"), Some(&admin), Body::None).await.ok();
    assert_eq!(s.call(Method::DELETE, &format!("{SYSTEM}/{lab}"), Some(&admin), Body::None).await.msg(), "删除成功");
    s.get(&format!("{SYSTEM}/{lab}"), Some(&admin)).await.fails(404, "应用不存在");
}

// Menus: the tree of a system with keyword and category, the parent picker without the menu
// being edited and what is below it, Selector/All, info, core's messages (type-dependent
// address and related module), PATCH updates, no move below itself, delete refused while
// children exist, the state toggle.
async fn menus(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let dir = menu(&s, &admin, json!({"parentId": "-1", "systemId": MAIN_SYSTEM, "fullName": "病区", "enCode": "ward", "icon": "icon-ym icon-ym-ward", "type": 1, "sortCode": 60})).await;
    let beds = menu(&s, &admin, page(&dir, "ward.beds")).await;
    let sub = menu(&s, &admin, json!({"parentId": dir, "systemId": MAIN_SYSTEM, "fullName": "护理", "enCode": "ward.care", "icon": "i", "type": 1})).await;
    let app = menu(&s, &admin, json!({"parentId": "-1", "systemId": MAIN_SYSTEM, "fullName": "移动查房", "enCode": "app.round", "icon": "i", "type": 2, "urlAddress": "/pages/round", "category": "App"})).await;

    let tree = s.get(&format!("{MENU}/ModuleBySystem/{MAIN_SYSTEM}?keyword=&category=Web"), Some(&admin)).await.ok()["list"].clone();
    let ward = find(&tree, "ward").unwrap();
    assert_eq!((codes(&ward["children"]), ward["hasChildren"].as_bool()), (vec!["ward.care".to_string(), "ward.beds".into()], Some(true)), "by sort code");
    assert!(find(&tree, "app.round").is_none(), "App menus are listed under category App");
    assert!(find(&tree, "system.menu").is_some(), "the seeded menus are there");
    // A seeded page has its buttons, columns and form fields on, as a page made by the client,
    // so the menu page offers its buttons (btn_add, btn_edit, btn_remove are seeded); its data
    // permission stays off (on, members would reach only the schemes granted to them); a
    // directory has none.
    let seeded = find(&tree, "permission.role").unwrap();
    let flags = |n: &Value| ["isButtonAuthorize", "isColumnAuthorize", "isFormAuthorize", "isDataAuthorize"].map(|f| n[f].as_i64().unwrap());
    assert_eq!(flags(seeded), [1, 1, 1, 0]);
    assert_eq!(flags(find(&tree, "permission").unwrap()), [0, 0, 0, 0]);
    let role_buttons = s.get(&format!("/api/system/ModuleButton/{}/List", seeded["id"].as_str().unwrap()), Some(&admin)).await.ok()["list"].clone();
    let mut role_codes = codes(&role_buttons);
    role_codes.sort();
    assert_eq!(role_codes, ["btn_add", "btn_edit", "btn_remove"]);
    let beds_node = find(&tree, "ward.beds").unwrap();
    assert_eq!((beds_node["isButtonAuthorize"].as_i64(), beds_node["isDataAuthorize"].as_i64()), (Some(1), Some(1)), "on by default for a page");
    let apps = s.get(&format!("{MENU}/ModuleBySystem/{MAIN_SYSTEM}?category=App"), Some(&admin)).await.ok()["list"].clone();
    let mut app_codes = codes(&apps);
    app_codes.sort();
    assert_eq!(app_codes, ["app", "app.round"], "the seeded App root (移动应用) and the new App menu");
    let searched = s.get(&format!("{MENU}/ModuleBySystem/{MAIN_SYSTEM}?keyword=BEDS&category=Web"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(codes(&searched), ["ward"]);
    assert_eq!(codes(&searched[0]["children"]), ["ward.beds"], "a match keeps its ancestors only");
    s.get(&format!("{MENU}/ModuleBySystem/nope"), Some(&admin)).await.fails(404, "应用不存在");

    // The parent picker: directories, without the edited menu and what is below it.
    let all = s.get(&format!("{MENU}/Selector/0/{MAIN_SYSTEM}?category=Web"), Some(&admin)).await.ok()["list"].clone();
    assert!(find(&all, "ward.care").is_some() && find(&all, "system").is_some() && find(&all, "ward.beds").is_none());
    let editing = s.get(&format!("{MENU}/Selector/{dir}/{MAIN_SYSTEM}"), Some(&admin)).await.ok()["list"].clone();
    assert!(find(&editing, "ward").is_none() && find(&editing, "ward.care").is_none() && find(&editing, "system").is_some());
    let every = s.get(&format!("{MENU}/Selector/All"), Some(&admin)).await.ok()["list"].clone();
    assert!(find(&every, "ward.beds").is_some() && find(&every, "app.round").is_some());

    // The form.
    let info = s.get(&format!("{MENU}/{beds}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["parentId"].as_str(), info["type"].as_i64(), info["urlAddress"].as_str()), (Some(dir.as_str()), Some(2), Some("ward/ward.beds")));
    assert_eq!((info["propertyJson"].as_str(), info["linkTarget"].as_str()), (Some("{\"iconBackgroundColor\":\"\"}"), Some("_self")));

    // Core's messages, every one at once.
    let bad = s.post(MENU, Some(&admin), json!({"systemId": MAIN_SYSTEM, "parentId": "", "fullName": "名".repeat(51), "enCode": "", "type": 2})).await;
    assert_eq!(bad.code(), 400);
    assert_eq!(bad.data()["parentId"], json!(["上级菜单不能为空"]));
    assert_eq!(bad.data()["fullName"], json!(["菜单名称最多为50个字符！"]));
    assert_eq!(bad.data()["enCode"], json!(["菜单编码不能为空"]));
    assert_eq!(bad.data()["icon"], json!(["菜单图标不能为空"]));
    assert_eq!(bad.data()["urlAddress"], json!(["地址不能为空"]));
    let no_type = s.post(MENU, Some(&admin), json!({"systemId": MAIN_SYSTEM, "parentId": "-1", "fullName": "x", "enCode": "x1", "icon": "i"})).await;
    assert_eq!(no_type.data()["type"], json!(["请选择菜单类型"]));
    let report = s.post(MENU, Some(&admin), json!({"systemId": MAIN_SYSTEM, "parentId": "-1", "fullName": "报表", "enCode": "rpt", "icon": "i", "type": 5, "propertyJson": "{\"moduleId\":\"\"}"})).await;
    assert_eq!(report.data()["propertyJson.moduleId"], json!(["关联不能为空"]));
    let mut dup = page(&dir, "ward.beds");
    dup["fullName"] = json!("床位2");
    assert_eq!(s.post(MENU, Some(&admin), dup).await.data()["enCode"], json!(["编码已存在"]));
    s.post(MENU, Some(&admin), page("nope", "ward.x")).await.fails(400, "上级菜单不存在");
    let mut elsewhere = page("-1", "ward.y");
    elsewhere["systemId"] = json!("nope");
    s.post(MENU, Some(&admin), elsewhere).await.fails(400, "应用不存在");

    // PATCH: only what is sent changes; the type-dependent rules see the stored values.
    s.put(&format!("{MENU}/{beds}"), Some(&admin), json!({"fullName": "床位管理"})).await.ok();
    let info = s.get(&format!("{MENU}/{beds}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["fullName"].as_str(), info["urlAddress"].as_str(), info["sortCode"].as_i64()), (Some("床位管理"), Some("ward/ward.beds"), Some(5)));
    s.put(&format!("{MENU}/{beds}"), Some(&admin), json!({"type": 3})).await.fails(400, "关联不能为空");
    s.put(&format!("{MENU}/{sub}"), Some(&admin), json!({"type": 7})).await.fails(400, "地址不能为空");
    // Issue 24 §3: a link's address runs nothing in the browser, however it is written.
    for address in ["javascript:alert(document.cookie)", "JavaScript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "java\tscript:alert(1)", "vbscript:x"] {
        let mut link = page("-1", "ward.link");
        link["type"] = json!(7);
        link["urlAddress"] = json!(address);
        let answer = s.post(MENU, Some(&admin), link).await;
        assert_eq!(answer.data()["urlAddress"], json!(["地址只能是页面路径或以http://、https://开头的网址"]), "{address}: {:#}", answer.body);
        s.put(&format!("{MENU}/{sub}"), Some(&admin), json!({"type": 7, "urlAddress": address})).await.fails(400, "地址只能是页面路径或以http://、https://开头的网址");
    }
    s.put(&format!("{MENU}/{beds}"), Some(&admin), json!({"type": 3, "propertyJson": "{\"moduleId\":\"m1\"}"})).await.ok();
    assert_eq!(s.get(&format!("{MENU}/{beds}"), Some(&admin)).await.ok()["type"], 3);
    let mut back = s.get(&format!("{MENU}/{beds}"), Some(&admin)).await.ok().clone();
    back["description"] = json!("整张表单回传");
    s.put(&format!("{MENU}/{beds}"), Some(&admin), back).await.ok();
    assert_eq!(s.get(&format!("{MENU}/{beds}"), Some(&admin)).await.ok()["description"], "整张表单回传");
    s.put(&format!("{MENU}/{dir}"), Some(&admin), json!({"parentId": sub})).await.fails(400, "上级菜单不能是自己或自己的下级");
    s.put(&format!("{MENU}/{dir}"), Some(&admin), json!({"parentId": dir})).await.fails(400, "上级菜单不能是自己或自己的下级");
    s.put(&format!("{MENU}/{sub}"), Some(&admin), json!({"parentId": "-1"})).await.ok();

    // State and delete.
    s.put_empty(&format!("{MENU}/{app}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(s.get(&format!("{MENU}/{app}"), Some(&admin)).await.ok()["enabledMark"], 0);
    s.call(Method::DELETE, &format!("{MENU}/{dir}"), Some(&admin), Body::None).await.fails(400, "该菜单下有子菜单，不能删除");
    s.call(Method::DELETE, &format!("{MENU}/{beds}"), Some(&admin), Body::None).await.ok();
    s.call(Method::DELETE, &format!("{MENU}/{dir}"), Some(&admin), Body::None).await.ok();
    s.get(&format!("{MENU}/{dir}"), Some(&admin)).await.fails(404, "菜单不存在");
}

// A menu's buttons (a tree), columns and form fields (with Actions/Batch), data-authorize
// fields and data schemes: CRUD, PATCH, core's messages, the scheme's condition as the data
// scope reads it (access::scope::check_scheme), delete refused while buttons hang below one.
async fn permission_items(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let dir = menu(&s, &admin, json!({"parentId": "-1", "systemId": MAIN_SYSTEM, "fullName": "病区", "enCode": "ward", "icon": "i", "type": 1})).await;
    let beds = menu(&s, &admin, page(&dir, "ward.beds")).await;

    // Buttons.
    let bad = s.post("/api/system/ModuleButton", Some(&admin), json!({"moduleId": beds, "parentId": "", "fullName": "", "enCode": ""})).await;
    assert_eq!(bad.data()["parentId"], json!(["上级不能为空"]));
    assert_eq!(bad.data()["fullName"], json!(["按钮名称不能为空"]));
    assert_eq!(bad.data()["enCode"], json!(["按钮编码不能为空"]));
    for (code, name) in [("btn_add", "新增"), ("btn_edit", "编辑")] {
        s.post("/api/system/ModuleButton", Some(&admin), json!({"moduleId": beds, "parentId": "-1", "fullName": name, "enCode": code, "sortCode": 0, "enabledMark": 1})).await.ok();
    }
    let list = s.get(&format!("/api/system/ModuleButton/{beds}/List?keyword="), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(codes(&list), ["btn_add", "btn_edit"]);
    let add = list[0]["id"].as_str().unwrap().to_string();
    s.post("/api/system/ModuleButton", Some(&admin), json!({"moduleId": beds, "parentId": add, "fullName": "批量新增", "enCode": "btn_add_many"})).await.ok();
    let list = s.get(&format!("/api/system/ModuleButton/{beds}/List?keyword=many"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!((codes(&list), codes(&list[0]["children"])), (vec!["btn_add".to_string()], vec!["btn_add_many".to_string()]));
    let picker = s.get(&format!("/api/system/ModuleButton/{beds}/Selector"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(codes(&picker), ["btn_add", "btn_edit"]);
    let dup = s.post("/api/system/ModuleButton", Some(&admin), json!({"moduleId": beds, "parentId": "-1", "fullName": "x", "enCode": "btn_edit"})).await;
    assert_eq!(dup.data()["enCode"], json!(["编码已存在"]));
    s.put(&format!("/api/system/ModuleButton/{add}"), Some(&admin), json!({"fullName": "新建"})).await.ok();
    let info = s.get(&format!("/api/system/ModuleButton/{add}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["fullName"].as_str(), info["enCode"].as_str(), info["moduleId"].as_str()), (Some("新建"), Some("btn_add"), Some(beds.as_str())));
    let many = find(&s.get(&format!("/api/system/ModuleButton/{beds}/List"), Some(&admin)).await.ok()["list"], "btn_add_many").unwrap()["id"].as_str().unwrap().to_string();
    s.put(&format!("/api/system/ModuleButton/{add}"), Some(&admin), json!({"parentId": many})).await.fails(400, "上级按钮不能是自己或自己的下级");
    s.call(Method::DELETE, &format!("/api/system/ModuleButton/{add}"), Some(&admin), Body::None).await.fails(400, "该按钮下有子按钮，不能删除");
    s.put_empty(&format!("/api/system/ModuleButton/{many}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(s.get(&format!("/api/system/ModuleButton/{many}"), Some(&admin)).await.ok()["enabledMark"], 0);
    s.call(Method::DELETE, &format!("/api/system/ModuleButton/{many}"), Some(&admin), Body::None).await.ok();
    s.get(&format!("/api/system/ModuleButton/{many}"), Some(&admin)).await.fails(404, "按钮不存在");

    // Columns and form fields.
    for (base, key) in [("/api/system/ModuleColumn", "columnJson"), ("/api/system/ModuleForm", "formJson")] {
        let bad = s.post(base, Some(&admin), json!({"moduleId": beds, "enCode": "", "fullName": "", "fieldRule": 2})).await;
        assert_eq!(bad.data()["enCode"], json!(["字段名称不能为空"]), "{base}");
        assert_eq!(bad.data()["fullName"], json!(["字段说明不能为空"]), "{base}");
        assert_eq!(bad.data()["childTableKey"], json!(["关联字段不能为空"]), "{base}");
        s.post(base, Some(&admin), json!({"moduleId": beds, "bindTable": "ward_bed", "enCode": "bed_no", "fullName": "床号", "fieldRule": 0})).await.ok();
        let batch = json!({"moduleId": beds, "bindTable": "ward_bed", "bindTableName": "床位", key: [
            {"fullName": "病区", "enCode": "ward_id", "bindTable": "ward_bed", "fieldRule": 0},
            {"fullName": "护理项", "enCode": "tableField1-item", "bindTable": "ward_care", "fieldRule": 2, "childTableKey": "tableField1"}]});
        s.post(&format!("{base}/Actions/Batch"), Some(&admin), batch).await.ok();
        let bad_batch = json!({"moduleId": beds, key: [{"fullName": "甲", "enCode": "a"}, {"fullName": "乙", "enCode": "b", "fieldRule": 2}]});
        s.post(&format!("{base}/Actions/Batch"), Some(&admin), bad_batch).await.fails(400, "第2行：关联字段不能为空");
        let fields = s.get(&format!("{base}/{beds}/Fields?keyword="), Some(&admin)).await.ok()["list"].clone();
        assert_eq!(codes(&fields), ["bed_no", "ward_id", "tableField1-item"], "{base}: nothing of the bad batch");
        assert_eq!((fields[2]["fieldRule"].as_i64(), fields[2]["childTableKey"].as_str()), (Some(2), Some("tableField1")));
        let id = fields[0]["id"].as_str().unwrap().to_string();
        s.put(&format!("{base}/{id}"), Some(&admin), json!({"fieldRule": 2})).await.fails(400, "关联字段不能为空");
        s.put(&format!("{base}/{id}"), Some(&admin), json!({"fullName": "床位号"})).await.ok();
        let info = s.get(&format!("{base}/{id}"), Some(&admin)).await.ok().clone();
        assert_eq!((info["fullName"].as_str(), info["bindTable"].as_str()), (Some("床位号"), Some("ward_bed")));
        s.put_empty(&format!("{base}/{id}/Actions/State"), Some(&admin)).await.ok();
        s.call(Method::DELETE, &format!("{base}/{id}"), Some(&admin), Body::None).await.ok();
        assert_eq!(s.get(&format!("{base}/{beds}/Fields?keyword=ward"), Some(&admin)).await.ok()["list"].as_array().unwrap().len(), 1);
    }

    // Data-authorize fields.
    let da = "/api/system/ModuleDataAuthorize";
    let bad = s.post(da, Some(&admin), json!({"moduleId": beds, "fieldRule": 0})).await;
    for (field, msg) in [("enCode", "字段名称不能为空"), ("fullName", "字段说明不能为空"), ("type", "请选择字段类型"), ("conditionSymbol", "请选择条件符号"), ("conditionText", "请选择条件内容")] {
        assert_eq!(bad.data()[field], json!([msg]), "{field}");
    }
    s.post(da, Some(&admin), json!({"moduleId": beds, "enCode": "creatorUserId", "fullName": "创建人", "type": "varchar", "conditionSymbol": "Equal,Like", "conditionText": "@userId", "fieldRule": 0}))
        .await
        .fails(400, "条件符号不正确：Like");
    s.post(da, Some(&admin), json!({"moduleId": beds, "enCode": "creatorUserId", "fullName": "创建人", "type": "varchar", "conditionSymbol": "Equal,NotEqual", "conditionText": "@userId", "fieldRule": 0, "bindTable": "ward_bed"}))
        .await
        .ok();
    let fields = s.get(&format!("{da}/{beds}/List"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!((fields[0]["conditionSymbolName"].as_str(), fields[0]["type"].as_str()), (Some("等于,不等于"), Some("varchar")));
    let field = fields[0]["id"].as_str().unwrap().to_string();
    s.put(&format!("{da}/{field}"), Some(&admin), json!({"conditionText": "@organizeId"})).await.ok();
    let info = s.get(&format!("{da}/{field}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["conditionText"].as_str(), info["fullName"].as_str()), (Some("@organizeId"), Some("创建人")));

    // Schemes: the condition is JSON text the data scope reads.
    let sc = "/api/system/ModuleDataAuthorizeScheme";
    let bad = s.post(sc, Some(&admin), json!({"moduleId": beds, "fullName": "", "enCode": ""})).await;
    assert_eq!((bad.data()["fullName"].clone(), bad.data()["enCode"].clone()), (json!(["方案名称不能为空"]), json!(["请输入编码"])));
    s.post(sc, Some(&admin), json!({"moduleId": beds, "fullName": "本人", "enCode": "own", "conditionJson": "[{\"logic\":\"and\",\"groups\":[]}]"}))
        .await
        .fails(400, "条件组不能为空");
    let bad = s.post(sc, Some(&admin), json!({"moduleId": beds, "fullName": "本人", "enCode": "own", "conditionJson": "[{\"logic\":\"and\",\"groups\":[{\"field\":\"x\",\"op\":\"Like\"}]}]"})).await;
    assert_eq!(bad.data()["conditionJson[0].groups[0].op"], json!(["条件符号不正确：Like"]));
    s.post(sc, Some(&admin), json!({"moduleId": beds, "fullName": "本人", "enCode": "own", "conditionJson": "[{x"})).await.fails(400, "方案条件格式不正确");
    // An incomplete condition (core's scheme rules, as the condition builder checks them): each
    // missing part where it is; 为空 needs no value.
    let incomplete = json!([{"logic": "and", "groups": [{"field": "", "op": "", "value": ""}, {"field": "creatorUserId", "op": "Equal", "value": ""}, {"field": "creatorUserId", "op": "IsNull"}]}]);
    let bad = s.post(sc, Some(&admin), json!({"moduleId": beds, "fullName": "本人", "enCode": "own", "conditionJson": incomplete.to_string()})).await;
    assert_eq!(bad.data()["conditionJson[0].groups[0].field"], json!(["请选择字段"]));
    assert_eq!(bad.data()["conditionJson[0].groups[0].op"], json!(["请选择条件符号"]));
    assert_eq!(bad.data()["conditionJson[0].groups[1].value"], json!(["请输入字段值"]));
    assert!(bad.data().get("conditionJson[0].groups[2].value").is_none());
    let own = json!([{"logic": "and", "groups": [{"id": field, "field": "creatorUserId", "type": "varchar", "op": "Equal", "value": "@userId", "bindTable": "ward_bed", "fieldRule": 0}]}]);
    s.post(sc, Some(&admin), json!({"moduleId": beds, "fullName": "本人", "enCode": "own", "conditionJson": own.to_string(), "conditionText": "【创建人】【等于】【当前用户】"})).await.ok();
    let schemes = s.get(&format!("{sc}/{beds}/List"), Some(&admin)).await.ok()["list"].clone();
    let scheme = schemes[0]["id"].as_str().unwrap().to_string();
    assert_eq!(serde_json::from_str::<Value>(schemes[0]["conditionJson"].as_str().unwrap()).unwrap(), own);
    s.put(&format!("{sc}/{scheme}"), Some(&admin), json!({"fullName": "本人数据"})).await.ok();
    let info = s.get(&format!("{sc}/{scheme}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["fullName"].as_str(), info["conditionText"].as_str()), (Some("本人数据"), Some("【创建人】【等于】【当前用户】")));
    s.put_empty(&format!("{sc}/{scheme}/Actions/State"), Some(&admin)).await.ok();

    // Deleting the menu takes its items along.
    s.call(Method::DELETE, &format!("{da}/{field}"), Some(&admin), Body::None).await.ok();
    s.call(Method::DELETE, &format!("{MENU}/{beds}"), Some(&admin), Body::None).await.ok();
    s.get(&format!("{sc}/{scheme}"), Some(&admin)).await.fails(404, "方案不存在");
    s.get(&format!("/api/system/ModuleButton/{add}"), Some(&admin)).await.fails(404, "按钮不存在");
}

// PERM-001, PERM-004, PERM-009: the page system.menu guards every call — a member without
// the page is refused (403), with the page but without the button the change is refused;
// a menu created through the API and granted to a role appears in that member's CurrentUser
// menuList (its generation moved, so the cached answer refreshed), with the fields PERM-004
// names; disabled, it disappears, and with it from the permit.
async fn perm_001_004_009_menus_through_the_api(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let token = s.sign_in("nurse", "Nurse123").await;
    s.get(SYSTEM, Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("{MENU}/ModuleBySystem/{MAIN_SYSTEM}"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("{MENU}/Selector/All"), Some(&token)).await.ok();

    let admin_page = seeded_page(&s, "system.menu").await;
    s.grant(&nurse, &[&admin_page], &[]).await;
    s.get(SYSTEM, Some(&token)).await.ok();
    let tree = s.get(&format!("{MENU}/ModuleBySystem/{MAIN_SYSTEM}"), Some(&token)).await.ok()["list"].clone();
    assert!(find(&tree, "system.menu").is_some());

    s.post(SYSTEM, Some(&token), json!({"fullName": "检验", "enCode": "lab", "icon": "i"})).await.fails(403, MSG_FORBIDDEN);
    s.post("/api/system/ModuleButton", Some(&token), json!({"moduleId": admin_page, "parentId": "-1", "fullName": "x", "enCode": "x"})).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("/api/system/ModuleButton/{admin_page}/List"), Some(&token)).await.ok();
    let tries: Vec<(&str, Method, String, Value)> = vec![
        ("btn_add", Method::POST, MENU.to_string(), page("-1", "wards")),
        ("btn_edit", Method::PUT, format!("{MENU}/{admin_page}"), json!({"description": "x"})),
        ("btn_remove", Method::DELETE, format!("{SYSTEM}/{MAIN_SYSTEM}"), Value::Null),
    ];
    for (button, method, path, body) in tries {
        let body = || if body.is_null() { Body::None } else { Body::Json(body.clone()) };
        s.call(method.clone(), &path, Some(&token), body()).await.fails(403, MSG_FORBIDDEN);
        let id = seeded_button(&s, &admin_page, button).await;
        s.grant(&nurse, &[&admin_page], &[("button", &id)]).await;
        let answer = s.call(method, &path, Some(&token), body()).await;
        assert_ne!(answer.code(), 403, "{button} {path}: {:#}", answer.body);
    }
    // With btn_edit the nurse may toggle a menu: disabling system.menu itself takes its permit
    // along.
    s.put_empty(&format!("{MENU}/{admin_page}/Actions/State"), Some(&token)).await.ok();
    s.get(SYSTEM, Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.put_empty(&format!("{MENU}/{admin_page}/Actions/State"), Some(&admin)).await.ok();

    // A menu made through the API, granted to the nurse's role, reaches CurrentUser.
    let wards = find(&s.get(&format!("{MENU}/ModuleBySystem/{MAIN_SYSTEM}"), Some(&admin)).await.ok()["list"], "wards").unwrap()["id"].as_str().unwrap().to_string();
    let before = s.get("/api/oauth/CurrentUser", Some(&token)).await.ok()["menuList"].clone();
    assert!(find(&before, "wards").is_none());
    s.grant(&nurse, &[&wards], &[]).await;
    let menus = s.get("/api/oauth/CurrentUser", Some(&token)).await.ok()["menuList"].clone();
    let entry = find(&menus, "wards").expect("the new menu is in the nurse's menu");
    for key in ["id", "enCode", "fullName", "icon", "type", "urlAddress", "linkTarget", "propertyJson", "hasChildren", "children"] {
        assert!(!entry[key].is_null(), "{key} in {entry:#}");
    }
    assert_eq!((entry["urlAddress"].as_str(), entry["type"].as_i64()), (Some("ward/wards"), Some(2)));
    // An App menu never reaches the web menu.
    let mut app = page("-1", "app.wards");
    app["category"] = json!("App");
    let app_id = menu(&s, &admin, app).await;
    s.grant(&nurse, &[&app_id], &[]).await;
    s.put(&format!("{MENU}/{wards}"), Some(&admin), json!({"fullName": "病区一览"})).await.ok();
    let menus = s.get("/api/oauth/CurrentUser", Some(&token)).await.ok()["menuList"].clone();
    assert_eq!(find(&menus, "wards").unwrap()["fullName"], "病区一览", "a change is seen at once");
    assert!(find(&menus, "app.wards").is_none());
    // Disabled, it disappears.
    s.put_empty(&format!("{MENU}/{wards}/Actions/State"), Some(&admin)).await.ok();
    let menus = s.get("/api/oauth/CurrentUser", Some(&token)).await.ok()["menuList"].clone();
    assert!(find(&menus, "wards").is_none());
}


const LINK: &str = "/api/system/ModuleDataAuthorizeLink";

/// The column names of a data connection's table page.
fn fields_of(page: &Value) -> Vec<String> {
    page["list"].as_array().unwrap().iter().map(|f| f["field"].as_str().unwrap().to_string()).collect()
}

// ModuleDataAuthorizeLink (jnpf-wire-areas.md §1.8): a menu's data connection per kind of field
// (1 columns, 2 form, 3 data permission) — the platform database '0' and tables of it, saved
// and read back as csv and as a list; the columns of a platform table from the engine's
// catalogue, paged and searched, never password_hash; the platform's bookkeeping tables,
// unknown tables, other connections and other data types refused with a message; deleting the
// menu takes its connections along.
async fn menu_data_connections(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let beds = menu(&s, &admin, page("-1", "ward.beds")).await;

    let info = s.get(&format!("{LINK}/getInfo/{beds}/1"), Some(&admin)).await.ok().clone();
    assert_eq!(info, json!({"moduleId": beds, "dataType": 1, "linkId": "0", "linkTables": ""}));
    let save = |form: Value| {
        let s = &s;
        let admin = admin.clone();
        async move { s.post(&format!("{LINK}/saveLinkData"), Some(&admin), form).await }
    };
    let saved = save(json!({"moduleId": beds, "linkId": "0", "linkTables": "base_organize, base_position,base_organize", "dataType": 1})).await;
    assert_eq!(saved.msg(), "保存成功");
    assert_eq!(s.get(&format!("{LINK}/getInfo/{beds}/1"), Some(&admin)).await.ok()["linkTables"], "base_organize,base_position");
    let visual = s.get(&format!("{LINK}/getVisualTables/{beds}/1"), Some(&admin)).await.ok().clone();
    assert_eq!(visual, json!({"linkId": "0", "linkTables": ["base_organize", "base_position"]}));
    assert_eq!(s.get(&format!("{LINK}/getInfo/{beds}/2"), Some(&admin)).await.ok()["linkTables"], "", "each kind has its own");
    // Saving again replaces; the number may come as text, the link id empty is the platform's.
    save(json!({"moduleId": beds, "linkId": "", "linkTables": "base_user", "dataType": "1"})).await.ok();
    assert_eq!(s.get(&format!("{LINK}/getInfo/{beds}/1"), Some(&admin)).await.ok()["linkTables"], "base_user");

    // Refusals change nothing.
    let refused = [
        (json!({"moduleId": beds, "linkId": "0", "linkTables": "base_user_session", "dataType": 1}), "不能使用数据表：base_user_session"),
        (json!({"moduleId": beds, "linkId": "0", "linkTables": "base_user,qiming_download", "dataType": 1}), "不能使用数据表：qiming_download"),
        (json!({"moduleId": beds, "linkId": "0", "linkTables": "base_sys_config", "dataType": 1}), "不能使用数据表：base_sys_config"),
        (json!({"moduleId": beds, "linkId": "0", "linkTables": "nosuch", "dataType": 1}), "数据表不存在：nosuch"),
        (json!({"moduleId": beds, "linkId": "7", "linkTables": "base_user", "dataType": 1}), "数据连接“7”不存在：目前只能使用平台数据库（0）"),
        (json!({"moduleId": beds, "linkId": "0", "linkTables": "base_user", "dataType": 4}), "数据类型只能是1（列表）、2（表单）或3（数据权限）"),
        (json!({"moduleId": "nobody", "linkId": "0", "linkTables": "base_user", "dataType": 1}), "菜单不存在"),
    ];
    for (form, msg) in refused {
        save(form).await.fails(400, msg);
    }
    assert_eq!(s.get(&format!("{LINK}/getInfo/{beds}/1"), Some(&admin)).await.ok()["linkTables"], "base_user");
    s.get(&format!("{LINK}/getInfo/{beds}/9"), Some(&admin)).await.fails(400, "数据类型只能是1（列表）、2（表单）或3（数据权限）");
    s.get(&format!("{LINK}/getInfo/nobody/1"), Some(&admin)).await.fails(404, "菜单不存在");

    // The columns of a table, in their order, without the password hash.
    let all = s.get(&format!("{LINK}/0/Tables/base_user/Fields/1/1?currentPage=1&pageSize=500"), Some(&admin)).await.ok().clone();
    let columns = fields_of(&all);
    assert_eq!(columns.first().map(String::as_str), Some("id"));
    assert!(columns.contains(&"account".to_string()) && columns.contains(&"real_name".to_string()), "{columns:?}");
    assert!(!columns.iter().any(|c| c == "password_hash"), "{columns:?}");
    assert_eq!(all["pagination"]["total"], columns.len());
    assert_eq!(all["list"][1], json!({"field": "account", "fieldName": "account"}));
    let named = s.get(&format!("{LINK}/0/Tables/base_user/Fields/1/1?keyword=REAL"), Some(&admin)).await.ok().clone();
    assert_eq!(fields_of(&named), ["real_name"]);
    let second = s.get(&format!("{LINK}/0/Tables/base_user/Fields/1/1?currentPage=2&pageSize=2"), Some(&admin)).await.ok().clone();
    assert_eq!((fields_of(&second), second["pagination"]["total"].clone()), (columns[2..4].to_vec(), json!(columns.len())));
    for table in ["base_user_session", "base_captcha", "base_login_throttle", "base_sys_config", "qiming_generation", "_sqlx_migrations", "sqlite_master", "pg_class"] {
        s.get(&format!("{LINK}/0/Tables/{table}/Fields/1/1"), Some(&admin)).await.fails(400, &format!("不能使用数据表：{table}"));
    }
    s.get(&format!("{LINK}/0/Tables/nosuch/Fields/1/1"), Some(&admin)).await.fails(404, "数据表不存在：nosuch");
    s.get(&format!("{LINK}/3/Tables/base_user/Fields/1/1"), Some(&admin)).await.fails(400, "数据连接“3”不存在：目前只能使用平台数据库（0）");

    // The connection goes with its menu.
    s.call(Method::DELETE, &format!("{MENU}/{beds}"), Some(&admin), Body::None).await.ok();
    let mut conn = s.conn().await;
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_module_link WHERE module_id = $1").bind(&beds).fetch_one(&mut *conn).await.unwrap();
    assert_eq!(left, 0);
}

/// Downloads an export's file: (file name from Content-Disposition, JSON).
async fn download(s: &TestServer, url: &str) -> (String, Value) {
    let res = s.http.get(format!("{}{url}", s.base)).send().await.unwrap();
    let disposition = res.headers()["content-disposition"].to_str().unwrap().to_string();
    (disposition, serde_json::from_slice(&res.bytes().await.unwrap()).unwrap())
}

/// The menus of an application, as (enCode, parent enCode or '-1').
async fn placement(s: &TestServer, token: &str, system: &str) -> Vec<(String, String)> {
    let tree = s.get(&format!("{MENU}/ModuleBySystem/{system}"), Some(token)).await.ok()["list"].clone();
    fn walk(list: &Value, parent: &str, out: &mut Vec<(String, String)>) {
        for n in list.as_array().unwrap() {
            let code = n["enCode"].as_str().unwrap().to_string();
            out.push((code.clone(), parent.to_string()));
            walk(&n["children"], &code, out);
        }
    }
    let mut out = Vec::new();
    walk(&tree, "-1", &mut out);
    out.sort();
    out
}

/// Changes every id and code of a .bm file by a suffix (a copy that clashes with nothing).
fn renamed(file: &Value, suffix: &str) -> Value {
    fn walk(v: &mut Value, suffix: &str) {
        match v {
            Value::Object(map) => {
                for (k, v) in map.iter_mut() {
                    match (k.as_str(), &*v) {
                        ("id" | "enCode", Value::String(s)) => *v = json!(format!("{s}{suffix}")),
                        ("parentId", Value::String(s)) if s != "-1" => *v = json!(format!("{s}{suffix}")),
                        ("conditionJson", Value::String(s)) => {
                            let mut c: Value = serde_json::from_str(s).unwrap();
                            walk(&mut c, suffix);
                            *v = json!(c.to_string());
                        }
                        _ => walk(v, suffix),
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|i| walk(i, suffix)),
            _ => {}
        }
    }
    let mut copy = file.clone();
    walk(&mut copy, suffix);
    copy
}

// Menu export and import (jnpf-wire-areas.md §1.8, JNPF's .bm): a directory exported with the
// menus below it and every item of theirs (buttons with their tree, columns, form fields,
// data-authorize fields, schemes whose condition names those fields by id); the same file
// imported back once the menus are gone restores them under their ids, and imported again is
// refused naming the menu whose id and code exist; a copy goes under a chosen directory or into
// another application; a bad file — any menu or item of it — changes nothing and the message
// names the item and why.
async fn menu_export_and_import(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let dir = menu(&s, &admin, json!({"parentId": "-1", "systemId": MAIN_SYSTEM, "fullName": "病区", "enCode": "ward", "icon": "i", "type": 1})).await;
    let beds = menu(&s, &admin, page(&dir, "ward.beds")).await;
    menu(&s, &admin, page(&dir, "ward.rounds")).await;
    s.post("/api/system/ModuleButton", Some(&admin), json!({"moduleId": beds, "parentId": "-1", "fullName": "新增", "enCode": "btn_add"})).await.ok();
    let add = s.get(&format!("/api/system/ModuleButton/{beds}/List"), Some(&admin)).await.ok()["list"][0]["id"].as_str().unwrap().to_string();
    s.post("/api/system/ModuleButton", Some(&admin), json!({"moduleId": beds, "parentId": add, "fullName": "批量新增", "enCode": "btn_add_many"})).await.ok();
    s.post("/api/system/ModuleColumn/Actions/Batch", Some(&admin), json!({"moduleId": beds, "bindTable": "ward_bed", "columnJson": [{"fullName": "床号", "enCode": "bed_no"}]})).await.ok();
    s.post("/api/system/ModuleForm", Some(&admin), json!({"moduleId": beds, "enCode": "bed_no", "fullName": "床号", "fieldRule": 0})).await.ok();
    s.post("/api/system/ModuleDataAuthorize", Some(&admin), json!({"moduleId": beds, "enCode": "creatorUserId", "fullName": "创建人", "type": "varchar", "conditionSymbol": "Equal", "conditionText": "@userId", "fieldRule": 0}))
        .await
        .ok();
    let field = s.get(&format!("/api/system/ModuleDataAuthorize/{beds}/List"), Some(&admin)).await.ok()["list"][0]["id"].as_str().unwrap().to_string();
    let own = json!([{"logic": "and", "groups": [{"id": field, "field": "creatorUserId", "op": "Equal", "value": "@userId"}]}]).to_string();
    s.post("/api/system/ModuleDataAuthorizeScheme", Some(&admin), json!({"moduleId": beds, "fullName": "本人", "enCode": "own", "conditionJson": own})).await.ok();
    let before = placement(&s, &admin, MAIN_SYSTEM).await;

    // Export: the directory, its two pages, every item.
    let url = s.get(&format!("{MENU}/{dir}/Action/Export"), Some(&admin)).await.ok()["url"].as_str().unwrap().to_string();
    let (disposition, file) = download(&s, &url).await;
    assert!(disposition.contains(&"病区.bm".bytes().map(|b| if b.is_ascii_alphanumeric() || b == b'.' { (b as char).to_string() } else { format!("%{b:02X}") }).collect::<String>()), "{disposition}");
    assert_eq!((file["moduleEntity"]["id"].as_str(), file["moduleEntity"]["enCode"].as_str(), file["moduleEntity"]["type"].as_i64()), (Some(dir.as_str()), Some("ward"), Some(1)));
    let children = file["children"].as_array().unwrap();
    assert_eq!(children.iter().map(|c| c["moduleEntity"]["enCode"].as_str().unwrap()).collect::<Vec<_>>(), ["ward.beds", "ward.rounds"]);
    let beds_file = &children[0];
    assert_eq!(codes(&beds_file["buttonEntityList"]), ["btn_add", "btn_add_many"]);
    assert_eq!(beds_file["buttonEntityList"][1]["parentId"], add.as_str());
    assert_eq!((codes(&beds_file["columnEntityList"]), codes(&beds_file["formEntityList"])), (vec!["bed_no".to_string()], vec!["bed_no".to_string()]));
    assert_eq!(codes(&beds_file["authorizeEntityList"]), ["creatorUserId"]);
    assert_eq!(beds_file["schemeEntityList"][0]["conditionJson"], own.as_str());
    let bytes = file.to_string().into_bytes();
    let import = |system: &str, fields: Vec<(&'static str, String)>, name: &str, bytes: Vec<u8>| {
        let (s, admin, path, name) = (&s, admin.clone(), format!("{MENU}/{system}/Action/Import"), name.to_string());
        async move {
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            s.call(Method::POST, &path, Some(&admin), upload_with(&fields, "file", &name, &bytes)).await
        }
    };
    let web = || vec![("parentId", "-1".to_string()), ("category", "Web".to_string())];

    // The same file while the menus exist: refused, naming the menu; nothing changes.
    import(MAIN_SYSTEM, web(), "病区.bm", bytes.clone()).await.fails(400, "菜单“ward”：ID、编码已存在，不能重复导入");
    assert_eq!(placement(&s, &admin, MAIN_SYSTEM).await, before);

    // Gone, then imported back: the same menus under the same ids, with their items.
    for id in [beds.clone(), menu_id(&s, &admin, "ward.rounds").await, dir.clone()] {
        s.call(Method::DELETE, &format!("{MENU}/{id}"), Some(&admin), Body::None).await.ok();
    }
    let answer = import(MAIN_SYSTEM, web(), "病区.bm", bytes.clone()).await;
    assert_eq!((answer.code(), answer.msg()), (200, "导入成功"), "{:#}", answer.body);
    assert_eq!(placement(&s, &admin, MAIN_SYSTEM).await, before);
    assert_eq!(s.get(&format!("{MENU}/{beds}"), Some(&admin)).await.ok()["parentId"], dir.as_str());
    let buttons = s.get(&format!("/api/system/ModuleButton/{beds}/List"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!((codes(&buttons), codes(&buttons[0]["children"])), (vec!["btn_add".to_string()], vec!["btn_add_many".to_string()]));
    let schemes = s.get(&format!("/api/system/ModuleDataAuthorizeScheme/{beds}/List"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(schemes[0]["conditionJson"], own.as_str());
    assert_eq!(s.get(&format!("/api/system/ModuleDataAuthorize/{beds}/List"), Some(&admin)).await.ok()["list"][0]["id"], field.as_str());
    let re_exported = download(&s, s.get(&format!("{MENU}/{dir}/Action/Export"), Some(&admin)).await.ok()["url"].as_str().unwrap()).await.1;
    assert_eq!(re_exported, file, "the import restored exactly what was exported");

    // A copy under a directory of the application; the page's tab must be the file's.
    let other = menu(&s, &admin, json!({"parentId": "-1", "systemId": MAIN_SYSTEM, "fullName": "门诊", "enCode": "clinic", "icon": "i", "type": 1})).await;
    let copy = renamed(&file, "2").to_string().into_bytes();
    import(MAIN_SYSTEM, vec![("parentId", other.clone()), ("category", "App".into())], "x.bm", copy.clone()).await.fails(400, "当前导入菜单为Web端菜单，请在对应模块下导入！");
    import(MAIN_SYSTEM, vec![("parentId", "nowhere".into())], "x.bm", copy.clone()).await.fails(400, "上级菜单不存在");
    import("nowhere", web(), "x.bm", copy.clone()).await.fails(404, "应用不存在");
    import(MAIN_SYSTEM, vec![("parentId", other.clone()), ("category", "Web".into())], "x.bm", copy.clone()).await.ok();
    let placed = placement(&s, &admin, MAIN_SYSTEM).await;
    assert!(placed.contains(&("ward2".into(), "clinic".into())) && placed.contains(&("ward.beds2".into(), "ward2".into())), "{placed:?}");
    // … or into another application, its parent and tab from the query string.
    s.post(SYSTEM, Some(&admin), json!({"fullName": "检验系统", "enCode": "lab", "icon": "i"})).await.ok();
    let lab = s.get(&format!("{SYSTEM}?keyword=lab"), Some(&admin)).await.ok()["list"][0]["id"].as_str().unwrap().to_string();
    let to_lab = s.call(Method::POST, &format!("{MENU}/{lab}/Action/Import?parentId=-1&category=Web"), Some(&admin), upload("file", "x.bm", &renamed(&file, "3").to_string().into_bytes())).await;
    assert_eq!(to_lab.code(), 200, "{:#}", to_lab.body);
    assert_eq!(placement(&s, &admin, &lab).await, [("ward.beds3".into(), "ward3".into()), ("ward.rounds3".into(), "ward3".into()), ("ward3".into(), "-1".into())]);

    // Bad files: each refused whole, naming the menu or item and why.
    let counted = || async {
        let mut conn = s.conn().await;
        let menus: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_module").fetch_one(&mut *conn).await.unwrap();
        let items: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_module_item").fetch_one(&mut *conn).await.unwrap();
        (menus, items)
    };
    let at_start = counted().await;
    let fresh = renamed(&file, "4");
    let with = |change: &dyn Fn(&mut Value)| {
        let mut f = fresh.clone();
        change(&mut f);
        f.to_string().into_bytes()
    };
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("x.bd", fresh.to_string().into_bytes(), "请选择.bm格式的菜单文件"),
        ("x.bm", b"not json".to_vec(), "文件内容不是菜单数据"),
        ("x.bm", br#"{"moduleEntity": {"id": "a", "type": "page"}}"#.to_vec(), "文件内容不是菜单数据：moduleEntity.type有误"),
        ("x.bm", with(&|f| f["moduleEntity"]["fullName"] = json!("")), "菜单“ward4”：菜单名称不能为空"),
        ("x.bm", with(&|f| f["children"][1]["moduleEntity"]["urlAddress"] = json!("")), "菜单“ward.rounds4”：地址不能为空"),
        ("x.bm", with(&|f| f["children"][1]["moduleEntity"]["urlAddress"] = json!("javascript:alert(1)")), "菜单“ward.rounds4”：地址只能是页面路径或以http://、https://开头的网址"),
        ("x.bm", with(&|f| f["children"][1]["moduleEntity"]["enCode"] = json!("ward.beds4")), "菜单“ward.beds4”：编码在文件中重复"),
        ("x.bm", with(&|f| f["children"][1]["moduleEntity"]["enCode"] = json!("ward.rounds")), "菜单“ward.rounds”：编码已存在，不能重复导入"),
        ("x.bm", with(&|f| f["children"][0]["buttonEntityList"][1]["enCode"] = json!("")), "菜单“ward.beds4”的按钮“”：按钮编码不能为空"),
        ("x.bm", with(&|f| f["children"][0]["buttonEntityList"][1]["enCode"] = json!("btn_add4")), "菜单“ward.beds4”的按钮“btn_add4”：编码在文件中重复"),
        ("x.bm", with(&|f| f["children"][0]["buttonEntityList"][1]["parentId"] = json!("elsewhere")), "菜单“ward.beds4”的按钮“btn_add_many4”：上级按钮不在该菜单中"),
        ("x.bm", with(&|f| f["children"][0]["buttonEntityList"][1]["id"] = json!(add.clone())), "菜单“ward.beds4”的按钮“btn_add_many4”：ID已存在，不能重复导入"),
        ("x.bm", with(&|f| f["children"][0]["columnEntityList"][0]["id"] = f["children"][0]["formEntityList"][0]["id"].clone()), "菜单“ward.beds4”的表单字段“bed_no4”：ID在文件中重复"),
        ("x.bm", with(&|f| f["children"][0]["authorizeEntityList"][0]["conditionSymbol"] = json!("Like")), "菜单“ward.beds4”的数据权限字段“creatorUserId4”：条件符号不正确：Like"),
        ("x.bm", with(&|f| f["children"][0]["authorizeEntityList"][0]["id"] = json!(field.clone())), "菜单“ward.beds4”的数据权限字段“creatorUserId4”：ID已存在，不能重复导入"),
        ("x.bm", with(&|f| f["children"][0]["schemeEntityList"][0]["conditionJson"] = json!("[{\"logic\":\"and\",\"groups\":[]}]")), "菜单“ward.beds4”的数据权限方案“own4”：条件组不能为空"),
        ("x.bm", with(&|f| f["children"][0]["moduleEntity"]["isDataAuthorize"] = json!(2)), "菜单“ward.beds4”：isDataAuthorize只能是0或1"),
    ];
    for (name, bytes, msg) in cases {
        import(MAIN_SYSTEM, web(), name, bytes).await.fails(400, msg);
        assert_eq!(counted().await, at_start, "{msg}: nothing stored");
    }
    // The good copy still goes in.
    import(MAIN_SYSTEM, web(), "x.bm", fresh.to_string().into_bytes()).await.ok();
    assert_eq!(counted().await.0, at_start.0 + 3);
}

/// A menu's id by its code, from the main application's tree.
async fn menu_id(s: &TestServer, token: &str, code: &str) -> String {
    let tree = s.get(&format!("{MENU}/ModuleBySystem/{MAIN_SYSTEM}"), Some(token)).await.ok()["list"].clone();
    find(&tree, code).unwrap()["id"].as_str().unwrap().to_string()
}

on_both_engines!(applications, menus, permission_items, perm_001_004_009_menus_through_the_api, menu_data_connections, menu_export_and_import);
