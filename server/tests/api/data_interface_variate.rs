//! Data-interface variables (DI-002, DI-008): the form and its messages, the list of an
//! interface's variables, PATCH updates, the state and the picker, copy, export and import,
//! deletion (also with the interface), and the data interface page's permits.

use crate::harness::{Body, Engine, TestServer, each_button_needs_its_grant, seeded_page, start, upload};
use crate::on_both_engines;
use qiming_server::access::MSG_FORBIDDEN;
use reqwest::Method;
use serde_json::{Value, json};

const DIV: &str = "/api/system/DataInterfaceVariate";

/// A static data interface in the 基础数据 category; answers its id.
async fn interface(s: &TestServer, token: &str, code: &str) -> String {
    let mut conn = s.conn().await;
    let category: String = sqlx::query_scalar(
        "SELECT d.id FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
         WHERE t.en_code = 'DataInterfaceType' AND d.en_code = 'basic'",
    )
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    s.post("/api/system/DataInterface", Some(token), json!({"fullName": format!("接口{code}"), "enCode": code, "categoryId": category, "dataType": 2, "query": "[]"}))
        .await
        .ok();
    sqlx::query_scalar("SELECT id FROM base_data_interface WHERE en_code = $1").bind(code).fetch_one(&mut *conn).await.unwrap()
}

/// The id of a variable by name.
async fn variable(s: &TestServer, name: &str) -> String {
    let mut conn = s.conn().await;
    sqlx::query_scalar("SELECT id FROM base_data_interface_variate WHERE full_name = $1").bind(name).fetch_one(&mut *conn).await.unwrap()
}

fn names(list: &Value) -> Vec<String> {
    let mut out: Vec<String> = list.as_array().unwrap().iter().map(|r| r["fullName"].as_str().unwrap().to_string()).collect();
    out.sort();
    out
}

// DI-008 (POST, {id}, {id}/Info, PUT, DELETE, Selector, {id}/Actions/Copy, {id}/Actions/Export)
// and DI-002 (the state): core's form with its messages, a name used once, the interface the
// variable belongs to; the list of an interface's variables; PATCH updates; the picker of the
// enabled ones; copies; a .bdv export taken back by the import; deletion, also with the
// interface.
async fn di_008_002_variables(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let auth = interface(&s, &admin, "auth").await;
    let other = interface(&s, &admin, "other").await;

    let answer = s.post(DIV, Some(&admin), json!({"interfaceId": "", "fullName": "", "expression": ""})).await;
    assert_eq!(answer.code(), 400);
    assert_eq!((answer.data()["interfaceId"][0].as_str(), answer.data()["fullName"][0].as_str()), (Some("请选择数据接口"), Some("请输入变量名")));
    let answer = s.post(DIV, Some(&admin), json!({"interfaceId": auth, "fullName": "@token"})).await;
    assert_eq!(answer.data()["fullName"][0], "变量名只能包含字母、数字和下划线，且以字母开头");
    let answer = s.post(DIV, Some(&admin), json!({"interfaceId": "nowhere", "fullName": "token"})).await;
    assert_eq!(answer.data()["interfaceId"][0], "数据接口不存在");
    let answer = s.post(DIV, Some(&admin), json!({"interfaceId": auth, "fullName": "t".repeat(51)})).await;
    assert_eq!(answer.data()["fullName"][0], "变量名最多为50个字符！");

    let created = s.post(DIV, Some(&admin), json!({"interfaceId": auth, "fullName": "token", "expression": "(data) => data.token", "value": "abc"})).await;
    assert_eq!((created.code(), created.msg()), (200, "新建成功"));
    s.post(DIV, Some(&admin), json!({"interfaceId": auth, "fullName": "tenant", "value": "h1", "sortCode": 1})).await.ok();
    s.post(DIV, Some(&admin), json!({"interfaceId": other, "fullName": "region", "value": "north"})).await.ok();
    let taken = s.post(DIV, Some(&admin), json!({"interfaceId": other, "fullName": "token"})).await;
    assert_eq!((taken.code(), taken.data()["fullName"][0].as_str()), (400, Some("变量名已存在")), "a name is used once, across interfaces");

    // The interface's variables ({id} is the interface's id here), a keyword on the names.
    let list = s.get(&format!("{DIV}/{auth}"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(names(&list), ["tenant", "token"]);
    let token_row = list.as_array().unwrap().iter().find(|r| r["fullName"] == "token").unwrap();
    assert_eq!((token_row["value"].as_str(), token_row["interfaceId"].as_str(), token_row["enabledMark"].as_i64()), (Some("abc"), Some(auth.as_str()), Some(1)));
    assert!(token_row["creatorUser"].as_str().unwrap().ends_with("/admin") && token_row["creatorTime"].as_i64().unwrap() > 0);
    assert_eq!(names(&s.get(&format!("{DIV}/{auth}?keyword=TEN"), Some(&admin)).await.ok()["list"]), ["tenant"]);
    s.get(&format!("{DIV}/nowhere"), Some(&admin)).await.fails(404, "数据接口不存在");

    // The form, and PATCH: what is sent changes, the rest stays; the client posts it back whole.
    let token = variable(&s, "token").await;
    let info = s.get(&format!("{DIV}/{token}/Info"), Some(&admin)).await.ok().clone();
    assert_eq!((info["fullName"].as_str(), info["expression"].as_str(), info["value"].as_str()), (Some("token"), Some("(data) => data.token"), Some("abc")));
    s.put(&format!("{DIV}/{token}"), Some(&admin), json!({"value": "xyz"})).await.fails(200, "更新成功");
    let mut back = s.get(&format!("{DIV}/{token}/Info"), Some(&admin)).await.ok().clone();
    assert_eq!((back["value"].as_str(), back["expression"].as_str()), (Some("xyz"), Some("(data) => data.token")));
    back["fullName"] = json!("accessToken");
    s.put(&format!("{DIV}/{token}"), Some(&admin), back).await.ok();
    assert_eq!(s.put(&format!("{DIV}/{token}"), Some(&admin), json!({"fullName": "tenant"})).await.data()["fullName"][0], "变量名已存在");
    assert_eq!(s.put(&format!("{DIV}/{token}"), Some(&admin), json!({"interfaceId": "nowhere"})).await.data()["interfaceId"][0], "数据接口不存在");
    assert_eq!(s.put(&format!("{DIV}/{token}"), Some(&admin), json!({"enabledMark": 3})).await.data()["enabledMark"][0], "状态只能是0或1");
    s.put(&format!("{DIV}/nowhere"), Some(&admin), json!({"value": "1"})).await.fails(404, "数据接口变量不存在");

    // The picker: the enabled interfaces with their enabled variables; DI-002 takes one out.
    let tree = s.get(&format!("{DIV}/Selector"), Some(&admin)).await.ok().clone();
    let node = tree.as_array().unwrap().iter().find(|n| n["id"] == auth.as_str()).unwrap();
    assert_eq!((node["parentId"].as_str(), node["type"].as_i64(), node["fullName"].as_str()), (Some("-1"), Some(0), Some("接口auth")));
    assert_eq!(names(&node["children"]), ["accessToken", "tenant"]);
    let leaf = node["children"].as_array().unwrap().iter().find(|c| c["fullName"] == "accessToken").unwrap();
    assert_eq!((leaf["parentId"].as_str(), leaf["type"].as_i64(), leaf["value"].as_str()), (Some(auth.as_str()), Some(1), Some("xyz")));
    s.put_empty(&format!("{DIV}/{token}/Actions/State"), Some(&admin)).await.fails(200, "更新成功");
    assert_eq!(s.get(&format!("{DIV}/{token}/Info"), Some(&admin)).await.ok()["enabledMark"], 0);
    let tree = s.get(&format!("{DIV}/Selector"), Some(&admin)).await.ok().clone();
    let node = tree.as_array().unwrap().iter().find(|n| n["id"] == auth.as_str()).unwrap();
    assert_eq!(names(&node["children"]), ["tenant"], "a disabled variable leaves the picker");
    s.put_empty(&format!("{DIV}/{token}/Actions/State"), Some(&admin)).await.ok();
    // A disabled interface takes its variables out of the picker too.
    s.put_empty(&format!("/api/system/DataInterface/{other}/Actions/State"), Some(&admin)).await.ok();
    let tree = s.get(&format!("{DIV}/Selector"), Some(&admin)).await.ok().clone();
    assert!(tree.as_array().unwrap().iter().all(|n| n["id"] != other.as_str()));

    // Copies: 名称_copy, then _copy2.
    s.post(&format!("{DIV}/{token}/Actions/Copy"), Some(&admin), json!({})).await.fails(200, "复制成功");
    s.post(&format!("{DIV}/{token}/Actions/Copy"), Some(&admin), json!({})).await.ok();
    let list = s.get(&format!("{DIV}/{auth}"), Some(&admin)).await.ok()["list"].clone();
    assert_eq!(names(&list), ["accessToken", "accessToken_copy", "accessToken_copy2", "tenant"]);
    let copy = variable(&s, "accessToken_copy").await;
    assert_eq!(s.get(&format!("{DIV}/{copy}/Info"), Some(&admin)).await.ok()["value"], "xyz");

    // Export to a .bdv file; deleted, the variable comes back from it, and only once.
    let url = s.get(&format!("{DIV}/{token}/Actions/Export"), Some(&admin)).await.ok()["url"].as_str().unwrap().to_string();
    let file: Value = s.http.get(format!("{}{url}", s.base)).send().await.unwrap().json().await.unwrap();
    assert_eq!((file["fullName"].as_str(), file["interfaceId"].as_str(), file["value"].as_str()), (Some("accessToken"), Some(auth.as_str()), Some("xyz")));
    s.call(Method::DELETE, &format!("{DIV}/{token}"), Some(&admin), Body::None).await.fails(200, "删除成功");
    s.get(&format!("{DIV}/{token}/Info"), Some(&admin)).await.fails(404, "数据接口变量不存在");
    let import = |name: &'static str, content: Vec<u8>| {
        let (s, admin) = (&s, admin.clone());
        async move { s.call(Method::POST, &format!("{DIV}/Actions/Import"), Some(&admin), upload("file", name, &content)).await }
    };
    import("accessToken.bd", file.to_string().into_bytes()).await.fails(400, "请选择.bdv格式的数据接口变量文件");
    import("x.bdv", b"{\"fullName\": 1}".to_vec()).await.fails(400, "文件内容不是数据接口变量：fullName有误");
    let mut stray = file.clone();
    stray["interfaceId"] = json!("nowhere");
    import("x.bdv", stray.to_string().into_bytes()).await.fails(400, "变量“accessToken”：数据接口不存在");
    import("accessToken.bdv", file.to_string().into_bytes()).await.fails(200, "导入成功");
    let back = variable(&s, "accessToken").await;
    assert_ne!(back, token, "a new id");
    assert_eq!(s.get(&format!("{DIV}/{back}/Info"), Some(&admin)).await.ok()["expression"], "(data) => data.token");
    import("accessToken.bdv", file.to_string().into_bytes()).await.fails(400, "变量“accessToken”已存在，不能重复导入");

    // Variables may hold another service's token: SQL interfaces do not read them.
    let mut conn = s.conn().await;
    let basic: String = sqlx::query_scalar("SELECT category_id FROM base_data_interface WHERE id = $1").bind(&auth).fetch_one(&mut *conn).await.unwrap();
    drop(conn);
    let answer = s.post("/api/system/DataInterface", Some(&admin), json!({"fullName": "变量", "enCode": "peek", "categoryId": basic, "dataType": 1, "requestMethod": "3", "query": "SELECT value FROM base_data_interface_variate"})).await;
    assert_eq!(answer.code(), 400, "{:#}", answer.body);
    assert!(answer.data()["query"][0].as_str().unwrap().contains("base_data_interface_variate"), "{:#}", answer.body);

    // Deleting an interface deletes its variables.
    s.call(Method::DELETE, &format!("/api/system/DataInterface/{auth}"), Some(&admin), Body::None).await.ok();
    let mut conn = s.conn().await;
    let left: Vec<String> = sqlx::query_scalar("SELECT full_name FROM base_data_interface_variate").fetch_all(&mut *conn).await.unwrap();
    assert_eq!(left, ["region"]);
}

// PERM-009 on the variables: reading them needs the data interface page, each change its
// button (btn_add also for copies, btn_edit also for the state).
async fn di_008_variables_need_the_page_and_its_buttons(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let auth = interface(&s, &admin, "auth").await;
    s.post(DIV, Some(&admin), json!({"interfaceId": auth, "fullName": "token", "value": "abc"})).await.ok();
    let token_id = variable(&s, "token").await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let token = s.sign_in("clerk", "Clerk123").await;
    s.get(&format!("{DIV}/{auth}"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("{DIV}/Selector"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let page = seeded_page(&s, "systemData.dataInterface").await;
    s.grant(&clerk, &[&page], &[]).await;
    assert_eq!(names(&s.get(&format!("{DIV}/{auth}"), Some(&token)).await.ok()["list"]), ["token"]);
    s.get(&format!("{DIV}/{token_id}/Info"), Some(&token)).await.ok();
    let tries: Vec<(&str, Method, String, Body)> = vec![
        ("btn_add", Method::POST, DIV.to_string(), Body::Json(json!({"interfaceId": auth, "fullName": "other"}))),
        ("btn_edit", Method::PUT, format!("{DIV}/{token_id}"), Body::Json(json!({"value": "x"}))),
        ("btn_download", Method::GET, format!("{DIV}/{token_id}/Actions/Export"), Body::None),
        ("btn_upload", Method::POST, format!("{DIV}/Actions/Import"), upload("file", "a.bdv", b"{}")),
        ("btn_remove", Method::DELETE, format!("{DIV}/{token_id}"), Body::None),
    ];
    each_button_needs_its_grant(&s, &token, &clerk, &page, tries).await;
}

on_both_engines!(di_008_002_variables, di_008_variables_need_the_page_and_its_buttons);
