//! Applications, menus and their permission items (jnpf-wire-areas.md §1.8) behind the page
//! system.menu: CRUD with PATCH updates, core's messages, the refusals, the permits, and a
//! menu made through the API reaching CurrentUser (PERM-001, PERM-004).

use crate::harness::{Body, Engine, MAIN_SYSTEM, TestServer, seeded_button, seeded_page, start};
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
    assert_eq!(codes(&apps), ["app.round"]);
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

on_both_engines!(applications, menus, permission_items, perm_001_004_009_menus_through_the_api);
