//! Dictionaries (DICT-*): categories, items, the pickers, DictionaryData/All and its cache,
//! export to a .bdd file and import from one, and the page's permits.

use crate::harness::{Body, Engine, TestServer, seeded_button, seeded_page, start, start_sharing, upload};
use crate::on_both_engines;
use qiming_server::access::MSG_FORBIDDEN;
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;

const TYPE: &str = "/api/system/DictionaryType";
const DATA: &str = "/api/system/DictionaryData";
const PAGE: &str = "systemData.dictionary";

/// A node of a tree by a field's value, anywhere in it.
fn find<'a>(list: &'a Value, field: &str, value: &str) -> Option<&'a Value> {
    list.as_array()?.iter().find_map(|n| if n[field] == value { Some(n) } else { find(&n["children"], field, value) })
}

fn codes(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|n| n["enCode"].as_str().unwrap().to_string()).collect()
}

/// Creates a category; answers its id.
async fn category(s: &TestServer, token: &str, parent: &str, name: &str, code: &str, is_tree: i64) -> String {
    s.post(TYPE, Some(token), json!({"parentId": parent, "fullName": name, "enCode": code, "isTree": is_tree, "sortCode": 0, "category": "0"})).await.ok();
    let tree = s.get(TYPE, Some(token)).await.ok()["list"].clone();
    find(&tree, "enCode", code).unwrap()["id"].as_str().unwrap().to_string()
}

/// Creates an item of `type_id` under `parent` ('0' or the category's id for the top);
/// answers its id.
async fn item(s: &TestServer, token: &str, type_id: &str, parent: &str, name: &str, code: &str) -> String {
    s.post(DATA, Some(token), json!({"dictionaryTypeId": type_id, "parentId": parent, "fullName": name, "enCode": code})).await.ok();
    let list = s.get(&format!("{DATA}/{type_id}?isTree=0"), Some(token)).await.ok()["list"].clone();
    find(&list, "enCode", code).unwrap()["id"].as_str().unwrap().to_string()
}

async fn delete(s: &TestServer, path: String, token: &str) -> crate::harness::Answer {
    s.call(Method::DELETE, &path, Some(token), Body::None).await
}

// DICT-043, DICT-019, DICT-020, DICT-022..029 (server side), DICT-015 (server side): the
// category tree with its fixed top folders 0 and 1 (the seeded dictionaries under 0), the
// category form by core's rules with the JNPF client's messages, PATCH updates, isTree fixed
// once made, no move below itself, the parent picker, categories 0 and 1 never changed,
// deleted or exported, delete refused while a category holds anything.
async fn dict_043_categories(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let tree = s.get(TYPE, Some(&admin)).await.ok()["list"].clone();
    assert_eq!((tree[0]["id"].as_str(), tree[1]["id"].as_str()), (Some("0"), Some("1")));
    assert_eq!((tree[0]["parentId"].as_str(), tree[0]["fullName"].as_str(), tree[1]["fullName"].as_str()), (Some("-1"), Some("系统字典"), Some("业务字典")));
    for code in ["msgSourceType", "sex", "PositionType", "groupType", "Nation", "certificateType", "Education", "businessType"] {
        assert!(find(&tree[0]["children"], "enCode", code).is_some(), "{code} under 系统字典: {tree:#}");
    }
    let sex = find(&tree, "enCode", "sex").unwrap();
    for field in ["id", "parentId", "fullName", "enCode", "isTree", "sortCode", "category", "description", "hasChildren", "children"] {
        assert!(sex.get(field).is_some(), "{field} in {sex}");
    }
    assert_eq!((sex["parentId"].as_str(), sex["isTree"].as_i64(), sex["category"].as_str()), (Some("0"), Some(0), Some("0")));
    assert_eq!(tree[0]["hasChildren"], true);

    // The form: core's rules and the JNPF client's messages (DICT-022..029).
    let empty = s.post(TYPE, Some(&admin), json!({})).await;
    assert_eq!(empty.code(), 400);
    assert_eq!(empty.data()["parentId"], json!(["上级菜单不能为空"]));
    assert_eq!(empty.data()["fullName"], json!(["请输入名称"]));
    assert_eq!(empty.data()["enCode"], json!(["请输入编码"]));
    let broken = s.post(TYPE, Some(&admin), json!({"parentId": "1", "fullName": "科-室", "enCode": ".ks"})).await;
    assert_eq!(broken.data()["fullName"], json!(["名称不能含有特殊符号"]));
    assert_eq!(broken.data()["enCode"], json!(["编码只能输入英文、数字和小数点且小数点不能放在首尾"]));
    let long = s.post(TYPE, Some(&admin), json!({"parentId": "1", "fullName": "科".repeat(51), "enCode": "k".repeat(51)})).await;
    assert_eq!((long.data()["fullName"].clone(), long.data()["enCode"].clone()), (json!(["名称最多为50个字符！"]), json!(["编码最多为50个字符！"])));
    s.post(TYPE, Some(&admin), json!({"parentId": "1", "fullName": "科室", "enCode": "ks", "sortCode": 1_000_000})).await.fails(400, "排序码必须在0到999999之间");
    s.post(TYPE, Some(&admin), json!({"parentId": "nowhere", "fullName": "科室", "enCode": "ks"})).await.fails(400, "上级分类不存在");
    s.post(TYPE, Some(&admin), json!({"parentId": "1", "fullName": "性别二", "enCode": "sex"})).await.fails(400, "编码已存在");

    let dept = category(&s, &admin, "1", "科室", "dept", 1).await;
    let info = s.get(&format!("{TYPE}/{dept}"), Some(&admin)).await.ok().clone();
    assert_eq!(
        info,
        json!({"id": dept, "parentId": "1", "fullName": "科室", "enCode": "dept", "isTree": 1, "sortCode": 0, "category": "0", "description": ""})
    );
    let ward = category(&s, &admin, &dept, "病区", "ward", 0).await;
    // Only what is sent changes; the form posted back whole is no change.
    s.put(&format!("{TYPE}/{dept}"), Some(&admin), json!({"description": "临床与医技", "sortCode": 3})).await.ok();
    let mut back = s.get(&format!("{TYPE}/{dept}"), Some(&admin)).await.ok().clone();
    assert_eq!((back["fullName"].as_str(), back["description"].as_str(), back["sortCode"].as_i64()), (Some("科室"), Some("临床与医技"), Some(3)));
    back["fullName"] = json!("科室类别");
    s.put(&format!("{TYPE}/{dept}"), Some(&admin), back).await.ok();
    assert_eq!(s.get(&format!("{TYPE}/{dept}"), Some(&admin)).await.ok()["fullName"], "科室类别");
    // DICT-020: isTree is fixed once the category exists.
    s.put(&format!("{TYPE}/{dept}"), Some(&admin), json!({"isTree": 0})).await.fails(400, "分类创建后不能修改是否树形");
    s.put(&format!("{TYPE}/{dept}"), Some(&admin), json!({"fullName": ""})).await.fails(400, "请输入名称");
    // Never below itself.
    s.put(&format!("{TYPE}/{dept}"), Some(&admin), json!({"parentId": ward})).await.fails(400, "上级分类不能是自己或自己的下级");
    s.put(&format!("{TYPE}/{dept}"), Some(&admin), json!({"parentId": dept})).await.fails(400, "上级分类不能是自己或自己的下级");
    s.put(&format!("{TYPE}/{ward}"), Some(&admin), json!({"parentId": "0"})).await.ok();
    s.put(&format!("{TYPE}/{ward}"), Some(&admin), json!({"parentId": dept})).await.ok();

    // The parent picker leaves out the edited category and what is below it; '0' leaves out
    // nothing (the client adds the 顶级节点 itself).
    let all = s.get(&format!("{TYPE}/Selector/0"), Some(&admin)).await.ok()["list"].clone();
    assert!(find(&all, "id", "0").is_some() && find(&all, "id", &ward).is_some());
    let for_dept = s.get(&format!("{TYPE}/Selector/{dept}"), Some(&admin)).await.ok()["list"].clone();
    assert!(find(&for_dept, "id", &dept).is_none() && find(&for_dept, "id", &ward).is_none() && find(&for_dept, "id", "1").is_some());

    // DICT-015 (server side): the fixed categories are never changed, deleted or exported.
    for fixed in ["0", "1"] {
        s.put(&format!("{TYPE}/{fixed}"), Some(&admin), json!({"fullName": "改名"})).await.fails(400, "该分类不能修改");
        delete(&s, format!("{TYPE}/{fixed}"), &admin).await.fails(400, "该分类不能删除");
        s.get(&format!("{DATA}/{fixed}/Action/Export"), Some(&admin)).await.fails(400, "该分类不能导出");
    }

    // Delete: refused while the category holds categories or items.
    delete(&s, format!("{TYPE}/{dept}"), &admin).await.fails(400, "该分类下有子分类，不能删除");
    let bed = item(&s, &admin, &ward, "0", "一病区", "w1").await;
    delete(&s, format!("{TYPE}/{ward}"), &admin).await.fails(400, "该分类下有字典数据，不能删除");
    delete(&s, format!("{DATA}/{bed}"), &admin).await.ok();
    delete(&s, format!("{TYPE}/{ward}"), &admin).await.ok();
    delete(&s, format!("{TYPE}/{dept}"), &admin).await.ok();
    s.get(&format!("{TYPE}/{dept}"), Some(&admin)).await.fails(404, "字典分类不存在");
    s.put(&format!("{TYPE}/{dept}"), Some(&admin), json!({"description": "x"})).await.fails(404, "字典分类不存在");
}

// DICT-044, DICT-021, DICT-030..037 (server side), DICT-011 (server side), DICT-040: the items
// of a tree category as a tree or flat, searched by name or code with their ancestors; the
// item form by core's rules, defaults enabledMark 1 and sortCode 0, the category's own id as
// the parent means the top; the parent picker with the category first; no items in the
// fixed categories; a flat category keeps its items at the top; no move below itself; the
// state toggle; delete refused while an item has children.
async fn dict_044_items(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let dept = category(&s, &admin, "1", "科室", "dept", 1).await;
    // DICT-037: the category's id as the parent is the top.
    let internal = item(&s, &admin, &dept, &dept, "内科", "nk").await;
    let cardio = item(&s, &admin, &dept, &internal, "心内科", "xnk").await;
    let neuro = item(&s, &admin, &dept, &internal, "神经内科", "sjnk").await;
    let surgery = item(&s, &admin, &dept, "0", "外科", "wk").await;

    // DICT-021, DICT-035, DICT-036: the form's fields and defaults.
    let info = s.get(&format!("{DATA}/{cardio}/Info"), Some(&admin)).await.ok().clone();
    assert_eq!(
        info,
        json!({"id": cardio, "dictionaryTypeId": dept, "parentId": internal, "fullName": "心内科", "enCode": "xnk", "enabledMark": 1, "sortCode": 0, "description": ""})
    );
    assert_eq!(s.get(&format!("{DATA}/{internal}/Info"), Some(&admin)).await.ok()["parentId"], "0");

    // The tree (isTree=1, the category's), flat (isTree=0).
    let tree = s.get(&format!("{DATA}/{dept}?keyword=&isTree=1"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(codes(&tree), ["nk", "wk"]);
    assert_eq!((tree[0]["hasChildren"].as_bool(), codes(&tree[0]["children"])), (Some(true), vec!["xnk".to_string(), "sjnk".to_string()]));
    let row = &tree[0]["children"][0];
    for field in ["id", "dictionaryTypeId", "parentId", "fullName", "enCode", "sortCode", "enabledMark", "description", "hasChildren"] {
        assert!(row.get(field).is_some(), "{field} in {row}");
    }
    assert!(tree[1].get("children").is_none() && tree[1]["hasChildren"] == false, "a leaf has no children list: {}", tree[1]);
    let flat = s.get(&format!("{DATA}/{dept}?isTree=0"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(flat.as_array().unwrap().len(), 4);
    assert!(flat.as_array().unwrap().iter().all(|r| r.get("children").is_none()));
    // A keyword keeps the matches with their ancestors (name or code, any case for ASCII).
    let found = s.get(&format!("{DATA}/{dept}?keyword=SJNK&isTree=1"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!((codes(&found), codes(&found[0]["children"])), (vec!["nk".to_string()], vec!["sjnk".to_string()]));
    let found = s.get(&format!("{DATA}/{dept}?keyword=外&isTree=1"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(codes(&found), ["wk"]);
    let found = s.get(&format!("{DATA}/{dept}?keyword=内科&isTree=0"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(codes(&found), ["nk", "xnk", "sjnk"]);
    s.get(&format!("{DATA}/nowhere"), Some(&admin)).await.fails(404, "字典分类不存在");

    // The parent picker: the category first (id = its id), its items below, the edited item
    // and what is below it left out.
    let picker = s.get(&format!("{DATA}/{dept}/Selector/0?isTree=1"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!((picker.as_array().unwrap().len(), picker[0]["id"].as_str(), picker[0]["fullName"].as_str()), (1, Some(dept.as_str()), Some("科室")));
    assert_eq!(codes(&picker[0]["children"]), ["nk", "wk"]);
    let picker = s.get(&format!("{DATA}/{dept}/Selector/{internal}?isTree=1"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(codes(&picker[0]["children"]), ["wk"]);

    // The form's rules (DICT-030..034) and the other refusals.
    let empty = s.post(DATA, Some(&admin), json!({"dictionaryTypeId": dept, "parentId": ""})).await;
    assert_eq!(empty.code(), 400);
    assert_eq!(
        (empty.data()["parentId"].clone(), empty.data()["fullName"].clone(), empty.data()["enCode"].clone()),
        (json!(["请选择"]), json!(["请输入名称"]), json!(["请输入编码"]))
    );
    let long = s.post(DATA, Some(&admin), json!({"dictionaryTypeId": dept, "parentId": "0", "fullName": "科".repeat(51), "enCode": "k".repeat(51)})).await;
    assert_eq!((long.data()["fullName"].clone(), long.data()["enCode"].clone()), (json!(["字典名称最多为50个字符！"]), json!(["字典编码最多为50个字符！"])));
    // Names and codes of items follow no pattern.
    item(&s, &admin, &dept, "0", "急诊-科", "jz-1.a").await;
    s.post(DATA, Some(&admin), json!({"dictionaryTypeId": dept, "parentId": "0", "fullName": "内科二", "enCode": "nk"})).await.fails(400, "编码已存在");
    s.post(DATA, Some(&admin), json!({"dictionaryTypeId": dept, "parentId": "0", "fullName": "x", "enCode": "x", "sortCode": -1})).await.fails(400, "排序码必须在0到999999之间");
    s.post(DATA, Some(&admin), json!({"dictionaryTypeId": dept, "parentId": "0", "fullName": "x", "enCode": "x", "enabledMark": 2})).await.fails(400, "状态只能是0或1");
    s.post(DATA, Some(&admin), json!({"dictionaryTypeId": dept, "parentId": "nowhere", "fullName": "x", "enCode": "x"})).await.fails(400, "上级字典不存在");
    s.post(DATA, Some(&admin), json!({"parentId": "0", "fullName": "x", "enCode": "x"})).await.fails(400, "请选择字典分类");
    // DICT-011 (server side): no items in the fixed categories.
    for fixed in ["0", "1"] {
        s.post(DATA, Some(&admin), json!({"dictionaryTypeId": fixed, "parentId": "0", "fullName": "x", "enCode": "x"})).await.fails(400, "该分类下不能新建字典");
    }
    // A flat category keeps its items at the top (DICT-038 on the server: the parent is the category).
    let shift = category(&s, &admin, "1", "班次", "shift", 0).await;
    let day = item(&s, &admin, &shift, &shift, "白班", "day").await;
    s.post(DATA, Some(&admin), json!({"dictionaryTypeId": shift, "parentId": day, "fullName": "x", "enCode": "x"})).await.fails(400, "该分类不是树形，字典只能在最上级");
    let shifts = s.get(&format!("{DATA}/{shift}?isTree=1"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(codes(&shifts), ["day"]);
    // The same code in another category is fine.
    item(&s, &admin, &shift, "0", "内科班", "nk").await;

    // Changes: only what is sent; dictionaryTypeId posted back is no move; never below itself.
    s.put(&format!("{DATA}/{neuro}"), Some(&admin), json!({"sortCode": 9, "dictionaryTypeId": shift})).await.ok();
    let back = s.get(&format!("{DATA}/{neuro}/Info"), Some(&admin)).await.ok().clone();
    assert_eq!((back["sortCode"].as_i64(), back["dictionaryTypeId"].as_str(), back["fullName"].as_str()), (Some(9), Some(dept.as_str()), Some("神经内科")));
    s.put(&format!("{DATA}/{internal}"), Some(&admin), json!({"parentId": cardio})).await.fails(400, "上级字典不能是自己或自己的下级");
    s.put(&format!("{DATA}/{cardio}"), Some(&admin), json!({"parentId": surgery})).await.ok();
    s.put(&format!("{DATA}/{cardio}"), Some(&admin), json!({"parentId": dept})).await.ok();
    assert_eq!(s.get(&format!("{DATA}/{cardio}/Info"), Some(&admin)).await.ok()["parentId"], "0");
    s.put(&format!("{DATA}/{cardio}"), Some(&admin), json!({"fullName": ""})).await.fails(400, "请输入名称");

    // DICT-040: the state toggles 1 → 0 → 1.
    let state = format!("{DATA}/{surgery}/Actions/State");
    s.put_empty(&state, Some(&admin)).await.ok();
    assert_eq!(s.get(&format!("{DATA}/{surgery}/Info"), Some(&admin)).await.ok()["enabledMark"], 0);
    s.put_empty(&state, Some(&admin)).await.ok();
    assert_eq!(s.get(&format!("{DATA}/{surgery}/Info"), Some(&admin)).await.ok()["enabledMark"], 1);
    s.put_empty(&format!("{DATA}/nowhere/Actions/State"), Some(&admin)).await.fails(404, "字典数据不存在");

    // Delete: refused while items hang below.
    delete(&s, format!("{DATA}/{internal}"), &admin).await.fails(400, "该字典下有子项，不能删除");
    delete(&s, format!("{DATA}/{neuro}"), &admin).await.ok();
    delete(&s, format!("{DATA}/{internal}"), &admin).await.ok();
    s.get(&format!("{DATA}/{internal}/Info"), Some(&admin)).await.fails(404, "字典数据不存在");
}

// DICT-044 (/All, Data/Selector), DICT-045 (server side), DICT-039 and DICT-041 (server
// side): every member reads the category tree, DictionaryData/All (each category with its
// enabled items, a tree when it is one, found by id or by enCode) and a dictionary's options;
// /All is served from a cache that every save, toggle and delete clears — in every process
// sharing the database.
async fn dict_041_all_is_fresh_after_every_change(engine: Engine) {
    let s = start(engine).await;
    let other = start_sharing(&s).await;
    let admin = s.ready_admin().await;
    s.create_user("nurse", "Nurse123").await;
    let nurse = other.sign_in("nurse", "Nurse123").await;
    let list = all(&other, &nurse).await;
    let sex = list.as_array().unwrap().iter().find(|d| d["enCode"] == "sex").unwrap().clone();
    let sex_id = sex["id"].as_str().unwrap().to_string();
    assert_eq!((sex["fullName"].as_str(), sex["isTree"].as_i64()), (Some("性别"), Some(0)));
    assert_eq!(codes(&sex["dictionaryList"]), ["1", "2", "3"]);
    assert!(list.as_array().unwrap().iter().any(|d| d["id"] == sex_id.as_str()), "found by id too");

    let dept = category(&s, &admin, "1", "科室", "dept", 1).await;
    let internal = item(&s, &admin, &dept, &dept, "内科", "nk").await;
    item(&s, &admin, &dept, &internal, "心内科", "xnk").await;
    let dictionary = |list: &Value, code: &str| list.as_array().unwrap().iter().find(|d| d["enCode"] == code).cloned();
    // The other process sees the new category and its tree (its cache was cleared).
    let list = all(&other, &nurse).await;
    let d = dictionary(&list, "dept").unwrap();
    assert_eq!((codes(&d["dictionaryList"]), codes(&d["dictionaryList"][0]["children"])), (vec!["nk".to_string()], vec!["xnk".to_string()]));
    // Toggle: a disabled item is not offered (/All, Data/Selector); enabled again, it is.
    s.put_empty(&format!("{DATA}/{internal}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(codes(&dictionary(&all(&other, &nurse).await, "dept").unwrap()["dictionaryList"]), Vec::<String>::new());
    let options = other.get(&format!("{DATA}/{dept}/Data/Selector"), Some(&nurse)).await.ok()["list"].clone();
    assert_eq!(options, json!([]));
    s.put_empty(&format!("{DATA}/{internal}/Actions/State"), Some(&admin)).await.ok();
    let options = other.get(&format!("{DATA}/{dept}/Data/Selector"), Some(&nurse)).await.ok()["list"].clone();
    assert_eq!(options, json!([{"id": internal, "fullName": "内科", "enCode": "nk", "children": [options[0]["children"][0].clone()]}]));
    assert_eq!(options[0]["children"][0]["fullName"], "心内科");
    assert_eq!(codes(&dictionary(&all(&other, &nurse).await, "dept").unwrap()["dictionaryList"]), ["nk"]);
    // Save (an item, a category) and delete.
    s.put(&format!("{DATA}/{internal}"), Some(&admin), json!({"fullName": "大内科"})).await.ok();
    assert_eq!(dictionary(&all(&other, &nurse).await, "dept").unwrap()["dictionaryList"][0]["fullName"], "大内科");
    s.put(&format!("{TYPE}/{dept}"), Some(&admin), json!({"fullName": "科室类别"})).await.ok();
    assert_eq!(dictionary(&all(&other, &nurse).await, "dept").unwrap()["fullName"], "科室类别");
    let xnk = find(&s.get(&format!("{DATA}/{dept}"), Some(&admin)).await.ok()["list"], "enCode", "xnk").unwrap()["id"].as_str().unwrap().to_string();
    delete(&s, format!("{DATA}/{xnk}"), &admin).await.ok();
    assert!(dictionary(&all(&other, &nurse).await, "dept").unwrap()["dictionaryList"][0].get("children").is_none());
    // The same process too.
    assert_eq!(all(&s, &nurse).await, all(&other, &nurse).await);

    // Any member reads the category tree, /All and options; the management list needs the page.
    assert!(find(&other.get(TYPE, Some(&nurse)).await.ok()["list"], "enCode", "dept").is_some());
    other.get(&format!("{DATA}/{dept}"), Some(&nurse)).await.fails(403, MSG_FORBIDDEN);
    other.get(&format!("{DATA}/nowhere/Data/Selector"), Some(&nurse)).await.fails(404, "字典分类不存在");
}

async fn all(server: &TestServer, token: &str) -> Value {
    server.get(&format!("{DATA}/All"), Some(token)).await.ok()["list"].clone()
}


/// Downloads an export's url as a plain link would (no Authorization header).
async fn fetch(s: &TestServer, url: &str) -> (String, String) {
    let res = s.http.get(format!("{}{url}", s.base)).send().await.unwrap();
    let disposition = res.headers().get("content-disposition").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    (disposition, res.text().await.unwrap())
}

async fn category_count(s: &TestServer) -> i64 {
    let mut conn = s.conn().await;
    sqlx::query_scalar("SELECT COUNT(*) FROM base_dictionary_type").fetch_one(&mut *conn).await.unwrap()
}

// DICT-017, DICT-018: a category exports with the categories below it and all their items to
// a .bdd file behind a url that needs no header and expires; importing that file restores
// them (new ids, same tree, same states). A bad file — wrong type, not a dictionary file, a
// rule broken, a code already here or twice in the file, a missing parent, a cycle — changes
// nothing and the message says why.
async fn dict_017_018_export_and_import(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let dept = category(&s, &admin, "1", "科室", "dept", 1).await;
    let ward = category(&s, &admin, &dept, "病区", "ward", 0).await;
    let internal = item(&s, &admin, &dept, "0", "内科", "nk").await;
    item(&s, &admin, &dept, &internal, "心内科", "xnk").await;
    let w1 = item(&s, &admin, &ward, "0", "一病区", "w1").await;
    s.put_empty(&format!("{DATA}/{w1}/Actions/State"), Some(&admin)).await.ok();

    let url = s.get(&format!("{DATA}/{dept}/Action/Export"), Some(&admin)).await.ok()["url"].as_str().unwrap().to_string();
    assert!(url.starts_with("/api/file/DownloadModel?encryption="), "{url}");
    let (disposition, text) = fetch(&s, &url).await;
    assert!(disposition.contains("filename*=UTF-8''%E7%A7%91%E5%AE%A4.bdd"), "{disposition}");
    let file: Value = serde_json::from_str(&text).unwrap();
    assert_eq!((codes(&file["list"]), file["modelList"].as_array().unwrap().len()), (vec!["dept".to_string(), "ward".to_string()], 3));
    // The catalogue's plural path serves the same.
    let again = s.get(&format!("{DATA}/{dept}/Actions/Export"), Some(&admin)).await.ok()["url"].as_str().unwrap().to_string();
    assert_eq!(fetch(&s, &again).await.1, text);

    let import = |name: &'static str, content: Vec<u8>| {
        let (s, admin) = (&s, admin.clone());
        async move { s.call(Method::POST, &format!("{DATA}/Action/Import"), Some(&admin), upload("file", name, &content)).await }
    };
    // Already here: refused, nothing changes.
    let before = category_count(&s).await;
    import("科室.bdd", text.clone().into_bytes()).await.fails(400, "字典分类“dept”：科室已存在，不能重复导入");
    assert_eq!(category_count(&s).await, before);

    // Gone, then imported: the same tree, names and states.
    for id in [&w1] {
        delete(&s, format!("{DATA}/{id}"), &admin).await.ok();
    }
    delete(&s, format!("{TYPE}/{ward}"), &admin).await.ok();
    let xnk = find(&s.get(&format!("{DATA}/{dept}"), Some(&admin)).await.ok()["list"], "enCode", "xnk").unwrap()["id"].as_str().unwrap().to_string();
    delete(&s, format!("{DATA}/{xnk}"), &admin).await.ok();
    delete(&s, format!("{DATA}/{internal}"), &admin).await.ok();
    delete(&s, format!("{TYPE}/{dept}"), &admin).await.ok();
    s.call(Method::POST, &format!("{DATA}/Actions/Import"), Some(&admin), upload("file", "科室.bdd", text.as_bytes())).await.ok();
    let tree = s.get(TYPE, Some(&admin)).await.ok()["list"].clone();
    let dept = find(&tree, "enCode", "dept").unwrap().clone();
    assert_eq!((dept["parentId"].as_str(), dept["isTree"].as_i64(), codes(&dept["children"])), (Some("1"), Some(1), vec!["ward".to_string()]));
    let items = s.get(&format!("{DATA}/{}?isTree=1", dept["id"].as_str().unwrap()), Some(&admin)).await.ok()["list"].clone();
    assert_eq!((codes(&items), codes(&items[0]["children"])), (vec!["nk".to_string()], vec!["xnk".to_string()]));
    let ward = &dept["children"][0];
    let wards = s.get(&format!("{DATA}/{}", ward["id"].as_str().unwrap()), Some(&admin)).await.ok()["list"].clone();
    assert_eq!((codes(&wards), wards[0]["enabledMark"].as_i64()), (vec!["w1".to_string()], Some(0)));

    // Bad files change nothing and say why.
    let count = category_count(&s).await;
    let file_with = |edit: &dyn Fn(&mut Value)| {
        let mut f: Value = serde_json::from_str(&text).unwrap();
        for (i, t) in f["list"].as_array_mut().unwrap().iter_mut().enumerate() {
            t["enCode"] = json!(format!("new{i}"));
        }
        edit(&mut f);
        f.to_string().into_bytes()
    };
    import("科室.txt", file_with(&|_| {})).await.fails(400, "请选择.bdd格式的字典文件");
    import("科室.bdd", b"not json".to_vec()).await.fails(400, "文件内容不是字典数据");
    import("科室.bdd", b"{\"list\": [{\"id\": 1}]}".to_vec()).await.fails(400, "文件内容不是字典数据：list[0].id有误");
    import("科室.bdd", b"{\"list\": []}".to_vec()).await.fails(400, "文件中没有字典分类");
    import("科室.bdd", file_with(&|f| f["list"][1]["enCode"] = json!(".bad"))).await.fails(400, "字典分类“.bad”：编码只能输入英文、数字和小数点且小数点不能放在首尾");
    import("科室.bdd", file_with(&|f| f["list"][1]["enCode"] = json!("new0"))).await.fails(400, "字典分类“new0”：编码在文件中重复");
    import("科室.bdd", file_with(&|f| f["modelList"][2]["fullName"] = json!(""))).await.fails(400, &format!("字典数据“{}”：请输入名称", file["modelList"][2]["enCode"].as_str().unwrap()));
    import("科室.bdd", file_with(&|f| f["modelList"][0]["dictionaryTypeId"] = json!("elsewhere"))).await.fails(400, &format!("字典数据“{}”：所属分类不在文件中", file["modelList"][0]["enCode"].as_str().unwrap()));
    import("科室.bdd", file_with(&|f| f["list"][0]["parentId"] = json!("nowhere"))).await.fails(400, "字典分类“new0”：上级分类不存在");
    import("科室.bdd", file_with(&|f| {
        let child = f["list"][1]["id"].clone();
        f["list"][0]["parentId"] = child;
    }))
    .await
    .fails(400, "字典分类“new0”：上级关系有循环");
    import("科室.bdd", file_with(&|f| f["list"][1]["enCode"] = json!("sex"))).await.fails(400, "字典分类“sex”：病区已存在，不能重复导入");
    assert_eq!(category_count(&s).await, count, "nothing was stored");
    let none = s.call(Method::POST, &format!("{DATA}/Action/Import"), Some(&admin), upload("other", "a.bdd", b"{}")).await;
    none.fails(400, "请上传文件");
    s.call(Method::POST, &format!("{DATA}/Action/Import"), Some(&admin), Body::Json(json!({}))).await.fails(400, "请上传文件");
    // A renamed copy imports beside the original.
    import("副本.bdd", file_with(&|_| {})).await.ok();
    assert_eq!(category_count(&s).await, count + 2);

    // The url expires.
    s.clock.advance(Duration::from_secs(11 * 60));
    let res = s.http.get(format!("{}{url}", s.base)).send().await.unwrap();
    let body: Value = res.json().await.unwrap();
    assert_eq!((body["code"].as_i64(), body["msg"].as_str()), (Some(404), Some("文件不存在或下载链接已过期")));
}

// DICT-029: a category's sortCode is 0 to 999999 — enforced by the server on create, on an
// update (which sends only the sort) and on import (core's dictionaryType form has no sort rule;
// the web's input is bounded the same). Out of range is refused and stores nothing; both ends
// are accepted.
async fn dict_029_category_sort_code_range(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let form = |code: &str, sort: i64| json!({"parentId": "1", "fullName": "科室", "enCode": code, "isTree": 0, "sortCode": sort});
    let before = category_count(&s).await;
    s.post(TYPE, Some(&admin), form("low", -1)).await.fails(400, "排序码必须在0到999999之间");
    s.post(TYPE, Some(&admin), form("high", 1_000_000)).await.fails(400, "排序码必须在0到999999之间");
    assert_eq!(category_count(&s).await, before, "nothing was stored");
    s.post(TYPE, Some(&admin), form("top", 999_999)).await.ok();
    s.post(TYPE, Some(&admin), form("bottom", 0)).await.ok();
    let top = find(&s.get(TYPE, Some(&admin)).await.ok()["list"], "enCode", "top").unwrap()["id"].as_str().unwrap().to_string();
    assert_eq!(s.get(&format!("{TYPE}/{top}"), Some(&admin)).await.ok()["sortCode"].as_i64(), Some(999_999));
    s.put(&format!("{TYPE}/{top}"), Some(&admin), json!({"sortCode": 1_000_000})).await.fails(400, "排序码必须在0到999999之间");
    s.put(&format!("{TYPE}/{top}"), Some(&admin), json!({"sortCode": -5})).await.fails(400, "排序码必须在0到999999之间");
    assert_eq!(s.get(&format!("{TYPE}/{top}"), Some(&admin)).await.ok()["sortCode"].as_i64(), Some(999_999), "unchanged");
    // A file's category out of range imports nothing.
    let url = s.get(&format!("{DATA}/{top}/Action/Export"), Some(&admin)).await.ok()["url"].as_str().unwrap().to_string();
    let mut file: Value = serde_json::from_str(&fetch(&s, &url).await.1).unwrap();
    file["list"][0]["enCode"] = json!("imported");
    file["list"][0]["sortCode"] = json!(1_000_000);
    let count = category_count(&s).await;
    s.call(Method::POST, &format!("{DATA}/Action/Import"), Some(&admin), upload("file", "科室.bdd", file.to_string().as_bytes()))
        .await
        .fails(400, "字典分类“imported”：排序码必须在0到999999之间");
    assert_eq!(category_count(&s).await, count);
}

// PERM-009 on the dictionary page: each action needs the page's menu (reading) and its button
// (btn_add, btn_edit — also the state —, btn_remove, btn_upload, btn_download).
async fn dict_page_needs_its_menu_and_buttons(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let dept = category(&s, &admin, "1", "科室", "dept", 1).await;
    let nk = item(&s, &admin, &dept, "0", "内科", "nk").await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let token = s.sign_in("nurse", "Nurse123").await;
    let list = format!("{DATA}/{dept}");
    s.get(&list, Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("{TYPE}/{dept}"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let page = seeded_page(&s, PAGE).await;
    s.grant(&nurse, &[&page], &[]).await;
    assert_eq!(codes(&s.get(&list, Some(&token)).await.ok()["list"]), ["nk"]);
    s.get(&format!("{DATA}/{nk}/Info"), Some(&token)).await.ok();
    s.get(&format!("{DATA}/{dept}/Selector/0"), Some(&token)).await.ok();
    s.get(&format!("{TYPE}/Selector/0"), Some(&token)).await.ok();

    let add = json!({"dictionaryTypeId": dept, "parentId": "0", "fullName": "外科", "enCode": "wk"});
    let tries: Vec<(&str, Method, String, Body)> = vec![
        ("btn_add", Method::POST, DATA.to_string(), Body::Json(add.clone())),
        ("btn_edit", Method::PUT, format!("{DATA}/{nk}"), Body::Json(json!({"description": "x"}))),
        ("btn_edit", Method::PUT, format!("{DATA}/{nk}/Actions/State"), Body::None),
        ("btn_download", Method::GET, format!("{DATA}/{dept}/Action/Export"), Body::None),
        ("btn_upload", Method::POST, format!("{DATA}/Action/Import"), upload("file", "a.bdd", b"{\"list\": []}")),
        ("btn_remove", Method::DELETE, format!("{DATA}/{nk}"), Body::None),
    ];
    let mut granted = Vec::new();
    for (button, method, path, body) in tries {
        let body_again = match &body {
            Body::Json(v) => Body::Json(v.clone()),
            Body::Raw(t, b) => Body::Raw(t, b.clone()),
            _ => Body::None,
        };
        if !granted.contains(&button) {
            s.call(method.clone(), &path, Some(&token), body).await.fails(403, MSG_FORBIDDEN);
            let id = seeded_button(&s, &page, button).await;
            s.grant(&nurse, &[&page], &[("button", &id)]).await;
            granted.push(button);
        }
        let answer = s.call(method, &path, Some(&token), body_again).await;
        assert_ne!(answer.code(), 403, "{button} {path}: {:#}", answer.body);
    }
}

on_both_engines!(dict_029_category_sort_code_range, dict_043_categories, dict_044_items, dict_041_all_is_fresh_after_every_change, dict_017_018_export_and_import, dict_page_needs_its_menu_and_buttons);
