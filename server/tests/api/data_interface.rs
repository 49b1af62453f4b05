//! Data interfaces (DI-*): the form and its messages, state, copy, export and import, the
//! page's permits; calling an interface — SQL through the guard (writes, several statements
//! and injection through parameters refused or harmless), static JSON, HTTP against a local
//! fake server (method, headers, parameters, timeout) — with parameters from defaults, the
//! caller and the session; Action/List, Action/InfoByIds and the call log.

use crate::harness::{Body, Engine, TestServer, each_button_needs_its_grant, seeded_page, start, upload, dictionary_item};
use crate::on_both_engines;
use axum::routing::{get, post};
use qiming_server::access::MSG_FORBIDDEN;
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;

const DI: &str = "/api/system/DataInterface";

/// The id of a DataInterfaceType item by its code.
async fn category(s: &TestServer, code: &str) -> String {
    dictionary_item(s, "DataInterfaceType", code).await
}

/// Creates an interface; answers its id.
async fn create(s: &TestServer, token: &str, form: Value) -> String {
    let code = form["enCode"].as_str().unwrap().to_string();
    s.post(DI, Some(token), form).await.ok();
    let mut conn = s.conn().await;
    sqlx::query_scalar("SELECT id FROM base_data_interface WHERE en_code = $1").bind(code).fetch_one(&mut *conn).await.unwrap()
}

fn sql_form(category: &str, code: &str, query: &str, params: Value) -> Value {
    json!({"id": "", "fullName": "用户", "enCode": code, "categoryId": category, "dbLinkId": "0", "dataType": 1, "checkType": 0,
           "requestMethod": "3", "path": "", "query": query, "dataProcessing": "", "requestHeaders": "[]",
           "requestParameters": params.to_string(), "propertyJson": "", "responseType": "json", "ipAddress": "", "sortCode": 0, "enabledMark": 1, "description": ""})
}

async fn preview(s: &TestServer, token: &str, id: &str, params: Value) -> crate::harness::Answer {
    s.post(&format!("{DI}/{id}/Actions/Preview"), Some(token), json!({"paramList": params})).await
}

// DI-005, DI-001, DI-006 (Copy, Export, Import): the form with the wizard's messages, the list
// (category by name, keyword, category and type filters), PATCH updates, the state toggle,
// copy, export to a .bd file and import back, delete.
async fn di_005_form_list_state_copy_export_import(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let basic = category(&s, "basic").await;

    let answer = s.post(DI, Some(&admin), json!({"fullName": "", "enCode": "", "categoryId": "", "dataType": 1, "query": ""})).await;
    assert_eq!(answer.code(), 400);
    for (field, msg) in [("fullName", "名称不能为空"), ("enCode", "编码不能为空"), ("categoryId", "请选择分类"), ("query", "请输入SQL查询语句或静态数据")] {
        assert_eq!(answer.data()[field][0], msg, "{:#}", answer.body);
    }
    let answer = s.post(DI, Some(&admin), json!({"fullName": "接口", "enCode": "api", "categoryId": basic, "dataType": 3, "path": ""})).await;
    assert_eq!(answer.data()["path"][0], "请填写接口路径");
    let answer = s.post(DI, Some(&admin), sql_form(&basic, "p", "SELECT 1", json!([{"field": "", "dataType": "varchar"}]))).await;
    assert_eq!(answer.data()["requestParameters"][0], "请输入参数名称");
    let answer = s.post(DI, Some(&admin), sql_form(&basic, "p", "SELECT 1", json!([{"field": "a", "dataType": "varchar"}, {"field": "a", "dataType": "int"}]))).await;
    assert_eq!(answer.data()["requestParameters"][0], "参数名称重复");
    let answer = s.post(DI, Some(&admin), sql_form(&basic, "p", "SELECT 1", json!([{"field": "a", "dataType": ""}]))).await;
    assert_eq!(answer.data()["requestParameters"][0], "请选择参数类型");
    let mut bad = sql_form(&basic, "p", "SELECT 1", json!([]));
    bad["categoryId"] = json!("nowhere");
    assert_eq!(s.post(DI, Some(&admin), bad).await.data()["categoryId"][0], "分类不存在");
    let static_bad = json!({"fullName": "静态", "enCode": "s", "categoryId": basic, "dataType": 2, "query": "[1, 2"});
    assert_eq!(s.post(DI, Some(&admin), static_bad).await.data()["query"][0], "静态数据不是有效的JSON");

    let users = create(&s, &admin, sql_form(&basic, "users", "SELECT id, account FROM base_user", json!([]))).await;
    let colours = create(&s, &admin, json!({"fullName": "颜色", "enCode": "colours", "categoryId": category(&s, "business").await, "dataType": 2, "query": "[{\"id\":\"r\",\"name\":\"红\"}]", "sortCode": 1})).await;
    s.post(DI, Some(&admin), sql_form(&basic, "users", "SELECT 1", json!([]))).await.fails(400, "编码已存在");

    let page = s.get(&format!("{DI}?currentPage=1&pageSize=20&keyword=&categoryId=&sort=desc"), Some(&admin)).await.ok().clone();
    assert_eq!(page["pagination"]["total"], 2);
    let row = page["list"].as_array().unwrap().iter().find(|r| r["id"] == users.as_str()).unwrap();
    assert_eq!((row["categoryId"].as_str(), row["dataType"].as_i64(), row["enabledMark"].as_i64()), (Some("基础数据"), Some(1), Some(1)));
    assert_eq!(s.get(&format!("{DI}?keyword=colo"), Some(&admin)).await.ok()["list"][0]["id"], colours.as_str());
    assert_eq!(s.get(&format!("{DI}?categoryId={basic}"), Some(&admin)).await.ok()["pagination"]["total"], 1);
    assert_eq!(s.get(&format!("{DI}?dataType=2"), Some(&admin)).await.ok()["list"][0]["id"], colours.as_str());

    let info = s.get(&format!("{DI}/{users}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["query"].as_str(), info["requestMethod"].as_str(), info["requestParameters"].as_str()), (Some("SELECT id, account FROM base_user"), Some("3"), Some("[]")));
    // PATCH: the client posts the form back whole; a part changes only that part.
    let mut back = info.clone();
    back["fullName"] = json!("全部用户");
    s.put(&format!("{DI}/{users}"), Some(&admin), back).await.fails(200, "更新成功");
    s.put(&format!("{DI}/{users}"), Some(&admin), json!({"description": "说明"})).await.ok();
    let info = s.get(&format!("{DI}/{users}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["fullName"].as_str(), info["description"].as_str(), info["enCode"].as_str()), (Some("全部用户"), Some("说明"), Some("users")));
    assert_eq!(s.put(&format!("{DI}/{users}"), Some(&admin), json!({"query": "DELETE FROM base_user"})).await.data()["query"][0], "只能执行查询（SELECT）语句");

    // DI-001: the state; a disabled interface is not called.
    s.put_empty(&format!("{DI}/{colours}/Actions/State"), Some(&admin)).await.fails(200, "更新成功");
    assert_eq!(s.get(&format!("{DI}/{colours}"), Some(&admin)).await.ok()["enabledMark"], 0);
    preview(&s, &admin, &colours, json!([])).await.fails(400, "数据接口已停用：颜色");
    s.put_empty(&format!("{DI}/{colours}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(preview(&s, &admin, &colours, json!([])).await.ok(), &json!([{"id": "r", "name": "红"}]));

    // Copy: a new code, the same definition.
    s.post(&format!("{DI}/{colours}/Actions/Copy"), Some(&admin), json!({})).await.fails(200, "复制成功");
    s.post(&format!("{DI}/{colours}/Actions/Copy"), Some(&admin), json!({})).await.ok();
    let copies = s.get(&format!("{DI}?keyword=colours_"), Some(&admin)).await.ok().clone();
    let mut codes: Vec<&str> = copies["list"].as_array().unwrap().iter().map(|r| r["enCode"].as_str().unwrap()).collect();
    codes.sort();
    assert_eq!(codes, ["colours_副本", "colours_副本2"]);

    // Export and import.
    let url = s.get(&format!("{DI}/{users}/Action/Export"), Some(&admin)).await.ok()["url"].as_str().unwrap().to_string();
    let file: Value = s.http.get(format!("{}{url}", s.base)).send().await.unwrap().json().await.unwrap();
    assert_eq!((file["enCode"].as_str(), file["dataType"].as_i64()), (Some("users"), Some(1)));
    assert!(s.get(&format!("{DI}/{users}/Actions/Export"), Some(&admin)).await.ok()["url"].is_string());
    let import = |name: &'static str, content: Value| {
        let (s, admin) = (&s, admin.clone());
        async move { s.call(Method::POST, &format!("{DI}/Action/Import"), Some(&admin), upload("file", name, content.to_string().as_bytes())).await }
    };
    import("用户.bd", file.clone()).await.fails(400, "数据接口“users”：全部用户已存在，不能重复导入");
    let mut other = file.clone();
    other["enCode"] = json!("users2");
    import("用户.bb", other.clone()).await.fails(400, "请选择.bd格式的数据接口文件");
    let mut bad = other.clone();
    bad["query"] = json!("SELECT 1; DROP TABLE base_user");
    import("a.bd", bad).await.fails(400, "数据接口“users2”：只能执行一条SQL查询语句");
    import("a.bd", json!({"enCode": "x"})).await.fails(400, "文件内容不是数据接口");
    s.call(Method::POST, &format!("{DI}/Actions/Import"), Some(&admin), upload("file", "用户.bd", other.to_string().as_bytes())).await.fails(200, "导入成功");
    let imported = s.get(&format!("{DI}?keyword=users2"), Some(&admin)).await.ok()["list"][0]["id"].as_str().unwrap().to_string();
    assert_ne!(imported, users);

    s.call(Method::DELETE, &format!("{DI}/{imported}"), Some(&admin), Body::None).await.fails(200, "删除成功");
    s.get(&format!("{DI}/{imported}"), Some(&admin)).await.fails(404, "数据接口不存在");
}

// The SQL type: one read-only SELECT over the platform database, every parameter bound. Writes,
// several statements, locking, the platform's bookkeeping tables and password hashes are
// refused with a message; values sent as parameters stay values however they are written.
async fn di_sql_is_one_read_only_select_with_bound_parameters(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let basic = category(&s, "basic").await;
    s.create_user("clerk", "Clerk123").await;

    for (query, msg) in [
        ("DELETE FROM base_user", "只能执行查询（SELECT）语句"),
        ("UPDATE base_user SET real_name = 'x'", "只能执行查询（SELECT）语句"),
        ("INSERT INTO base_role (id, en_code, full_name) VALUES ('1', 'x', 'x')", "只能执行查询（SELECT）语句"),
        ("DROP TABLE base_user", "只能执行查询（SELECT）语句"),
        ("SELECT 1; DELETE FROM base_user", "只能执行一条SQL查询语句"),
        ("SELECT 1; SELECT 2", "只能执行一条SQL查询语句"),
        ("SELECT * FROM qiming_session", "SQL语句不能查询qiming_session"),
        ("SELECT * FROM base_user_session", "SQL语句不能查询base_user_session"),
        ("SELECT account, password_hash FROM base_user", "SQL语句不能读取password_hash"),
        ("SELECT * FROM base_user WHERE account = '{account}'", "参数和变量只能用在SQL语句中值的位置（不能放在引号内）"),
        ("SELECT * FROM base_user WHERE account = {nobody}", "SQL语句中的参数{nobody}未定义"),
    ] {
        let answer = s.post(DI, Some(&admin), sql_form(&basic, "bad", query, json!([{"field": "account", "dataType": "varchar"}]))).await;
        assert_eq!(answer.data()["query"][0], msg, "{query}: {:#}", answer.body);
    }
    if let Engine::Postgres = engine {
        let answer = s.post(DI, Some(&admin), sql_form(&basic, "bad", "SELECT * FROM base_user FOR UPDATE", json!([]))).await;
        assert_eq!(answer.data()["query"][0], "SQL查询语句不能加锁（FOR UPDATE）");
        let answer = s.post(DI, Some(&admin), sql_form(&basic, "bad", "WITH d AS (DELETE FROM base_role RETURNING *) SELECT * FROM d", json!([]))).await;
        assert_eq!(answer.code(), 400, "{:#}", answer.body);
    }

    let by_account = create(
        &s,
        &admin,
        sql_form(&basic, "byAccount", "SELECT account, real_name AS \"realName\" FROM base_user WHERE account = {account} ORDER BY account", json!([{"field": "account", "dataType": "varchar", "defaultValue": "admin", "required": 0}])),
    )
    .await;
    // The default, then the caller's value.
    assert_eq!(preview(&s, &admin, &by_account, json!([])).await.ok(), &json!([{"account": "admin", "realName": "管理员"}]));
    assert_eq!(preview(&s, &admin, &by_account, json!([{"field": "account", "defaultValue": "clerk"}])).await.ok()[0]["account"], "clerk");
    // Injection through a parameter: the text is one value, compared as it is.
    for attack in ["' OR '1'='1", "admin' --", "x'; DELETE FROM base_user; --", "admin\" OR 1=1 --"] {
        assert_eq!(preview(&s, &admin, &by_account, json!([{"field": "account", "defaultValue": attack}])).await.ok(), &json!([]), "{attack}");
    }
    let mut conn = s.conn().await;
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_user").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(users, 2);
    drop(conn);
    // A stored query whose text went bad since is refused at the call too, and the table stays.
    let mut conn = s.conn().await;
    sqlx::query("UPDATE base_data_interface SET query = 'DELETE FROM base_user' WHERE id = $1").bind(&by_account).execute(&mut *conn).await.unwrap();
    drop(conn);
    preview(&s, &admin, &by_account, json!([])).await.fails(400, "只能执行查询（SELECT）语句");

    // Integer parameters bind as numbers; a required one must be there; @user is the caller.
    let numbered = create(
        &s,
        &admin,
        sql_form(&basic, "numbered", "SELECT account FROM base_user WHERE enabled_mark = {state} AND id = @user", json!([{"field": "state", "dataType": "int", "required": 1}])),
    )
    .await;
    preview(&s, &admin, &numbered, json!([])).await.fails(400, "参数state不能为空");
    preview(&s, &admin, &numbered, json!([{"field": "state", "defaultValue": "1 OR 1=1"}])).await.fails(400, "参数state应为整数：1 OR 1=1");
    assert_eq!(preview(&s, &admin, &numbered, json!([{"field": "state", "defaultValue": 1}])).await.ok(), &json!([{"account": "admin"}]));
    let clerk = s.sign_in("clerk", "Clerk123").await;
    assert_eq!(preview(&s, &clerk, &numbered, json!([{"field": "state", "defaultValue": "1"}])).await.ok(), &json!([{"account": "clerk"}]));
    // `SELECT *` over users leaves the password hash out.
    let everything = create(&s, &admin, sql_form(&basic, "everything", "SELECT * FROM base_user", json!([]))).await;
    let rows = preview(&s, &admin, &everything, json!([])).await.ok().clone();
    assert!(rows[0].get("account").is_some() && rows[0].get("password_hash").is_none(), "{rows:#}");
    // Users are read through a view without the hash, so a whole-row reference cannot carry it
    // out either; the view has every other column of the table.
    if let Engine::Postgres = engine {
        let whole_rows = create(&s, &admin, sql_form(&basic, "wholeRows", "SELECT u::text AS r FROM base_user u ORDER BY account", json!([]))).await;
        let rows = preview(&s, &admin, &whole_rows, json!([])).await.ok().clone();
        assert!(rows[0]["r"].as_str().unwrap().contains("admin") && !rows.to_string().contains("$argon2"), "{rows:#}");
    }
    let mut conn = s.conn().await;
    let columns = |row: sqlx::any::AnyRow| -> Vec<String> {
        use sqlx::{Column, Row};
        let mut names: Vec<String> = row.columns().iter().map(|c| c.name().to_string()).collect();
        names.sort();
        names
    };
    let table = columns(sqlx::query("SELECT * FROM base_user").fetch_one(&mut *conn).await.unwrap());
    let view = columns(sqlx::query("SELECT * FROM qiming_user_directory").fetch_one(&mut *conn).await.unwrap());
    // search_text (migration 0015) is the user list's folded copy of account, name and phone.
    assert_eq!(view, table.into_iter().filter(|c| c != "password_hash" && c != "search_text").collect::<Vec<_>>());
}

// DI-003: parameters of the types createUser, createTime, currOrganize and currPosition take
// the caller's user, the time, organisation and first position — whatever the caller sends.
async fn di_003_session_parameters(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let basic = category(&s, "basic").await;
    let clerk_id = s.create_user("clerk", "Clerk123").await;
    let mut conn = s.conn().await;
    sqlx::query("UPDATE base_user SET organize_id = 'org-1', position_id = 'pos-1,pos-2' WHERE id = $1").bind(&clerk_id).execute(&mut *conn).await.unwrap();
    drop(conn);
    let params = json!([
        {"field": "me", "dataType": "createUser"}, {"field": "now", "dataType": "createTime"},
        {"field": "org", "dataType": "currOrganize"}, {"field": "pos", "dataType": "currPosition"}
    ]);
    let id = create(&s, &admin, sql_form(&basic, "session", "SELECT {me} AS me, {now} AS now, {org} AS org, {pos} AS pos", params)).await;
    let clerk = s.sign_in("clerk", "Clerk123").await;
    let before = s.clock.now_ms();
    let row = preview(&s, &clerk, &id, json!([{"field": "me", "defaultValue": "someone-else"}, {"field": "org", "defaultValue": "x"}])).await.ok()[0].clone();
    let after = s.clock.now_ms();
    assert_eq!((row["me"].as_str(), row["org"].as_str(), row["pos"].as_str()), (Some(clerk_id.as_str()), Some("org-1"), Some("pos-1")));
    assert!((before..=after).contains(&row["now"].as_i64().unwrap()), "{row:#}");
}

// DI-004, DI-006 (Preview, List, InfoByIds), DI-007: static data as options, a page of rows
// searched in the chosen columns, rows by their value key, for any member; every call logged.
async fn di_004_options_list_info_by_ids_and_log(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    s.create_user("clerk", "Clerk123").await;
    let clerk = s.sign_in("clerk", "Clerk123").await;
    let rows: Vec<Value> = (1..=25).map(|n| json!({"id": format!("d{n}"), "name": format!("科室{n}"), "code": format!("K{n:02}")})).collect();
    let id = create(&s, &admin, json!({"fullName": "科室", "enCode": "depts", "categoryId": category(&s, "business").await, "dataType": 2, "query": Value::Array(rows).to_string()})).await;

    let options = preview(&s, &clerk, &id, json!([])).await.ok().clone();
    assert_eq!(options.as_array().unwrap().len(), 25);
    let page = s
        .post(&format!("{DI}/{id}/Action/List"), Some(&clerk), json!({"keyword": "", "currentPage": 2, "pageSize": 10, "interfaceId": id, "propsValue": "id", "relationField": "name", "columnOptions": "name,code", "paramList": []}))
        .await
        .ok()
        .clone();
    assert_eq!((page["pagination"]["total"].as_i64(), page["list"].as_array().unwrap().len(), page["list"][0]["id"].as_str()), (Some(25), 10, Some("d11")));
    let found = s.post(&format!("{DI}/{id}/Action/List"), Some(&clerk), json!({"keyword": "k2", "currentPage": 1, "pageSize": 20, "columnOptions": "code"})).await.ok().clone();
    assert_eq!(found["pagination"]["total"], 6, "K20..K25, case-insensitive: {found:#}");
    let found = s.post(&format!("{DI}/{id}/Actions/List"), Some(&clerk), json!({"keyword": "科室3", "relationField": "name"})).await.ok().clone();
    assert_eq!(found["list"][0]["id"], "d3");
    let by_ids = s.post(&format!("{DI}/{id}/Action/InfoByIds"), Some(&clerk), json!({"ids": ["d7", "nope", "d2"], "interfaceId": id, "propsValue": "id", "relationField": "name", "paramList": []})).await.ok().clone();
    assert_eq!(by_ids, json!([{"id": "d7", "name": "科室7", "code": "K07"}, {"id": "d2", "name": "科室2", "code": "K02"}]));
    assert_eq!(s.post(&format!("{DI}/{id}/Actions/InfoByIds"), Some(&clerk), json!({"ids": ["d1"], "propsValue": "id"})).await.ok()[0]["id"], "d1");

    // The designer's pickers for any member; GetParam.
    let tree = s.get(&format!("{DI}/Selector"), Some(&clerk)).await.ok().clone();
    assert_eq!((tree[0]["fullName"].as_str(), tree[0]["children"][0]["id"].as_str()), (Some("业务数据"), Some(id.as_str())));
    assert_eq!(s.get(&format!("{DI}/getList?currentPage=1&pageSize=20&keyword=dept"), Some(&clerk)).await.ok()["list"][0]["id"], id.as_str());
    assert_eq!(s.get(&format!("{DI}/GetParam/{id}"), Some(&clerk)).await.ok(), &json!([]));

    // DI-007: who, when, from where, how long, how it ended; the page's log needs the page.
    s.post(&format!("{DI}/nope/Actions/Preview"), Some(&clerk), json!({})).await.fails(404, "数据接口不存在");
    s.put_empty(&format!("{DI}/{id}/Actions/State"), Some(&admin)).await.ok();
    preview(&s, &clerk, &id, json!([])).await.fails(400, "数据接口已停用：科室");
    let log = s.get(&format!("/api/system/DataInterfaceLog/{id}?currentPage=1&pageSize=20&keyword="), Some(&admin)).await.ok().clone();
    assert_eq!(log["pagination"]["total"], 7);
    let newest = &log["list"][0];
    assert_eq!((newest["userId"].as_str(), newest["invokType"].as_str(), newest["success"].as_i64(), newest["result"].as_str()), (Some("clerk/clerk"), Some("preview"), Some(0), Some("数据接口已停用：科室")));
    assert!(newest["invokTime"].as_i64().unwrap() > 0 && newest["invokWasteTime"].as_i64().unwrap() >= 0 && newest["invokIp"] == "127.0.0.1");
    assert_eq!(log["list"][1]["result"], "成功");
    assert_eq!(s.get(&format!("/api/system/DataInterfaceLog/{id}?keyword=infoByIds"), Some(&admin)).await.ok()["pagination"]["total"], 2);
    s.get(&format!("/api/system/DataInterfaceLog/{id}"), Some(&clerk)).await.fails(403, MSG_FORBIDDEN);
}

/// A local HTTP server standing in for an outside API: /items answers a list filtered by the
/// `dept` parameter and echoes the `X-Token` header; POST /echo answers its JSON body; /slow
/// answers after two seconds; /broken answers 500.
async fn fake_api() -> String {
    let app = axum::Router::new()
        .route(
            "/items",
            get(|headers: axum::http::HeaderMap, axum::extract::Query(q): axum::extract::Query<std::collections::HashMap<String, String>>| async move {
                let token = headers.get("x-token").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
                axum::Json(json!({"code": 200, "data": [{"id": "1", "dept": q.get("dept").cloned().unwrap_or_default(), "token": token}]}))
            }),
        )
        .route("/echo", post(|axum::Json(body): axum::Json<Value>| async move { axum::Json(json!([body])) }))
        .route("/slow", get(|| async { tokio::time::sleep(Duration::from_secs(2)).await; axum::Json(json!([])) }))
        .route("/broken", get(|| async { (axum::http::StatusCode::INTERNAL_SERVER_ERROR, "no") }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{addr}")
}

fn http_form(category: &str, code: &str, method: &str, path: &str, headers: Value, params: Value, property: Value) -> Value {
    json!({"fullName": code, "enCode": code, "categoryId": category, "dataType": 3, "requestMethod": method, "path": path,
           "requestHeaders": headers.to_string(), "requestParameters": params.to_string(), "propertyJson": property.to_string()})
}

// The HTTP type: the configured address, method, headers and parameters; its JSON answered
// as it is (Action/List finds the rows in its `data`); a timeout and a failing address say so.
async fn di_http_calls_the_configured_address(engine: Engine) {
    // The fake service listens on this machine: allowed by name, as an administrator would.
    let s = crate::harness::start_with(engine, |c| c.http_interface_allowed_hosts = vec!["127.0.0.1".into()]).await;
    let admin = s.ready_admin().await;
    let external = category(&s, "external").await;
    let api = fake_api().await;
    let items = create(
        &s,
        &admin,
        http_form(&external, "items", "6", &format!("{api}/items"), json!([{"field": "X-Token", "defaultValue": "t0k"}]), json!([{"field": "dept", "dataType": "varchar", "defaultValue": "外科"}]), json!({})),
    )
    .await;
    assert_eq!(preview(&s, &admin, &items, json!([])).await.ok(), &json!({"code": 200, "data": [{"id": "1", "dept": "外科", "token": "t0k"}]}));
    let page = s.post(&format!("{DI}/{items}/Action/List"), Some(&admin), json!({"paramList": [{"field": "dept", "defaultValue": "内科"}]})).await.ok().clone();
    assert_eq!((page["pagination"]["total"].as_i64(), page["list"][0]["dept"].as_str()), (Some(1), Some("内科")));

    let echo = create(&s, &admin, http_form(&external, "echo", "7", &format!("{api}/echo"), json!([]), json!([{"field": "n", "dataType": "int", "defaultValue": "3"}]), json!({}))).await;
    assert_eq!(preview(&s, &admin, &echo, json!([])).await.ok(), &json!([{"n": "3"}]));

    let slow = create(&s, &admin, http_form(&external, "slow", "6", &format!("{api}/slow"), json!([]), json!([]), json!({"timeout": 1}))).await;
    preview(&s, &admin, &slow, json!([])).await.fails(400, "接口请求超时（1秒）");
    let broken = create(&s, &admin, http_form(&external, "broken", "6", &format!("{api}/broken"), json!([]), json!([]), json!({}))).await;
    preview(&s, &admin, &broken, json!([])).await.fails(400, "接口请求失败：HTTP 500");
    assert_eq!(s.post(DI, Some(&admin), http_form(&external, "ftp", "6", "ftp://x", json!([]), json!([]), json!({}))).await.data()["path"][0], "接口路径须以http://或https://开头");
}

// DI-004, DI-006 over https (issue 11): an HTTP interface at an https:// address is called
// through TLS when its certificate is trusted (here through QIMING_EXTRA_CA_FILE); a server
// whose certificate no trusted issuer signed is refused with a message saying so, and nothing
// of its answer is used.
async fn di_https_interface_trusts_only_known_certificates(engine: Engine) {
    let rows = || axum::Router::new().route("/rows", get(|| async { axum::Json(json!([{"id": "1", "name": "甲"}])) }));
    let trusted = crate::https::serve(rows()).await;
    let stranger = crate::https::serve(rows()).await;
    let dir = tempfile::tempdir().unwrap();
    let ca = trusted.trust(dir.path());
    let s = crate::harness::start_with(engine, move |c| {
        c.extra_ca_file = Some(ca);
        c.http_interface_allowed_hosts = vec!["localhost".into()];
    })
    .await;
    let admin = s.ready_admin().await;
    let external = category(&s, "external").await;
    let good = create(&s, &admin, http_form(&external, "tls", "6", &format!("{}/rows", trusted.base), json!([]), json!([]), json!({}))).await;
    assert_eq!(preview(&s, &admin, &good, json!([])).await.ok(), &json!([{"id": "1", "name": "甲"}]));
    let page = s.post(&format!("{DI}/{good}/Action/List"), Some(&admin), json!({"paramList": []})).await.ok().clone();
    assert_eq!(page["pagination"]["total"], 1);

    let bad = create(&s, &admin, http_form(&external, "untrusted", "6", &format!("{}/rows", stranger.base), json!([]), json!([]), json!({}))).await;
    let answer = preview(&s, &admin, &bad, json!([])).await;
    assert_eq!(answer.code(), 400, "{:#}", answer.body);
    assert!(answer.msg().starts_with("接口请求失败：对方的HTTPS证书不受信任"), "{}", answer.msg());
    assert!(answer.msg().contains("UnknownIssuer"), "{}", answer.msg());
}

// PERM-009 on the data interface page: reading needs its menu, each change its button; calling
// an interface needs neither.
async fn data_interface_page_needs_its_menu_and_buttons(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let basic = category(&s, "basic").await;
    let target = create(&s, &admin, sql_form(&basic, "target", "SELECT 1 AS one", json!([]))).await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let token = s.sign_in("clerk", "Clerk123").await;
    assert_eq!(preview(&s, &token, &target, json!([])).await.ok(), &json!([{"one": 1}]));
    s.get(DI, Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("{DI}/{target}"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let page = seeded_page(&s, "systemData.dataInterface").await;
    s.grant(&clerk, &[&page], &[]).await;
    s.get(&format!("{DI}/{target}"), Some(&token)).await.ok();
    let tries: Vec<(&str, Method, String, Body)> = vec![
        ("btn_add", Method::POST, DI.to_string(), Body::Json(sql_form(&basic, "other", "SELECT 2", json!([])))),
        ("btn_edit", Method::PUT, format!("{DI}/{target}"), Body::Json(json!({"description": "x"}))),
        ("btn_download", Method::GET, format!("{DI}/{target}/Action/Export"), Body::None),
        ("btn_upload", Method::POST, format!("{DI}/Action/Import"), upload("file", "a.bd", b"{}")),
        ("btn_remove", Method::DELETE, format!("{DI}/{target}"), Body::None),
    ];
    each_button_needs_its_grant(&s, &token, &clerk, &page, tries).await;
}


// Issue 24 §1: the probe's statements (fixtures/probes/sql_guard.json) — every quoting style
// and schema name, UNION/CTE/subquery, functions in FROM, pragma tables, the XML family, the
// catalogues — are refused when an interface is saved, and when such a text is stored anyway
// the call refuses it too; the report queries run. Beneath the guard the engine enforces the
// same: the interface connections (SQLite's authorizer, PostgreSQL's reader role) read no
// platform secret and no released model's records even when handed a statement directly.
async fn di_sql_guard_refuses_the_probe(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let basic = category(&s, "basic").await;
    let vectors: Value = serde_json::from_str(include_str!("../../../fixtures/probes/sql_guard.json")).unwrap();
    let refused = vectors["refused"].as_array().unwrap();
    assert!(refused.len() >= 90, "{}", refused.len());
    for query in refused {
        let query = query.as_str().unwrap();
        let answer = s.post(DI, Some(&admin), sql_form(&basic, "probe", query, json!([]))).await;
        assert_eq!(answer.code(), 400, "{engine:?} saved {query}: {:#}", answer.body);
        assert!(answer.data()["query"][0].as_str().is_some_and(|m| !m.is_empty()), "{query}: {:#}", answer.body);
    }
    // Stored behind the guard's back, each is refused at the call and reads nothing.
    let stored = create(&s, &admin, sql_form(&basic, "stored", "SELECT 1 AS one", json!([]))).await;
    for query in refused {
        let mut conn = s.conn().await;
        sqlx::query("UPDATE base_data_interface SET query = $1 WHERE id = $2").bind(query.as_str().unwrap()).bind(&stored).execute(&mut *conn).await.unwrap();
        drop(conn);
        let answer = preview(&s, &admin, &stored, json!([])).await;
        assert_eq!(answer.code(), 400, "{engine:?} ran {query}: {:#}", answer.body);
    }
    for (i, query) in vectors["accepted"].as_array().unwrap().iter().enumerate() {
        let query = query.as_str().unwrap();
        let id = create(&s, &admin, sql_form(&basic, &format!("report{i}"), query, json!([]))).await;
        let answer = preview(&s, &admin, &id, json!([])).await;
        assert_eq!(answer.code(), 200, "{engine:?} {query}: {:#}", answer.body);
    }

    // The engine's own line, without the parser: secrets, catalogues, files and records refused.
    let model_table = "rec_900000000000000001";
    let mut conn = s.conn().await;
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE TABLE {model_table} (f_id TEXT PRIMARY KEY, f_name TEXT)"))).execute(&mut *conn).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("INSERT INTO {model_table} VALUES ('1', 'secret record')"))).execute(&mut *conn).await.unwrap();
    drop(conn);
    let runner = &s.state.system.interface_sql;
    let mut direct = vec![
        "SELECT answer FROM base_captcha".to_string(),
        "SELECT password_hash FROM base_user".to_string(),
        "SELECT * FROM base_user_session".to_string(),
        "SELECT * FROM base_sys_config".to_string(),
        "SELECT * FROM qiming_download".to_string(),
        "SELECT * FROM base_data_interface_variate".to_string(),
        format!("SELECT * FROM {model_table}"),
    ];
    match engine {
        Engine::Sqlite => direct.extend(["SELECT * FROM sqlite_master", "SELECT * FROM pragma_database_list", "SELECT sqlite_version()", "SELECT load_extension('x')"].map(String::from)),
        Engine::Postgres => direct.extend(["SELECT pg_read_file('/etc/hostname')", "SELECT * FROM pg_ls_dir('.')", "SELECT current_setting('data_directory')", "SELECT * FROM pg_authid"].map(String::from)),
    }
    for query in &direct {
        assert!(runner.select(query, &[], &[], 10).await.is_err(), "{engine:?}: the interface connection ran {query}");
    }
    if let Engine::Postgres = engine {
        // The XML family runs as the reader role, so it holds only what that role may read.
        let dump = runner.select("SELECT schema_to_xml('public', true, false, '') AS x", &[], &[], 10).await.unwrap();
        let dump = dump[0]["x"].as_str().unwrap();
        assert!(dump.contains("base_organize") && !dump.contains("$argon2") && !dump.contains("base_user_session") && !dump.contains("secret record"), "{}", &dump[..dump.len().min(2000)]);
    }
    let rows = runner.select("SELECT account FROM qiming_user_directory WHERE account = 'admin'", &[], &[], 10).await.unwrap();
    assert_eq!(rows, vec![json!({"account": "admin"})]);
    let counted = runner.select("SELECT count(*) AS n FROM base_organize", &[], &[], 10).await;
    assert!(counted.is_ok(), "{counted:?}");
}

// Issue 24 §2: interface SQL runs on its own read-only connections with a time limit. A
// statement that would run for ever is stopped at the limit with a clear message, while
// sign-ins and saves go on meanwhile; a statement whose caller went away stops too, freeing
// its connection for the next call.
async fn di_a_slow_statement_stops_at_its_limit_and_blocks_nobody(engine: Engine) {
    let s = crate::harness::start_with(engine, |c| {
        c.interface_sql_timeout = Duration::from_secs(3);
        c.interface_sql_connections = 1;
    })
    .await;
    let admin = s.ready_admin().await;
    let basic = category(&s, "basic").await;
    s.create_user("clerk", "Clerk123").await;
    let forever = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) AS c FROM r";
    let slow = create(&s, &admin, sql_form(&basic, "forever", forever, json!([]))).await;
    let quick = create(&s, &admin, sql_form(&basic, "quick", "SELECT count(*) AS n FROM base_role", json!([]))).await;

    let running = tokio::spawn({
        let (base, admin, slow) = (s.base.clone(), admin.clone(), slow.clone());
        async move {
            let res = crate::harness::client()
                .post(format!("{base}{DI}/{slow}/Actions/Preview"))
                .header("Authorization", admin)
                .json(&json!({"paramList": []}))
                .send()
                .await
                .unwrap();
            res.json::<Value>().await.unwrap()
        }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    // While it runs: a sign-in and a write (a new interface) succeed and finish first.
    let clerk = s.sign_in("clerk", "Clerk123").await;
    assert!(!clerk.is_empty());
    create(&s, &admin, sql_form(&basic, "meanwhile", "SELECT 1 AS one", json!([]))).await;
    if running.is_finished() {
        panic!("the slow statement ended before the sign-in and the save: {:#}", running.await.unwrap());
    }
    let answer = running.await.unwrap();
    assert_eq!((answer["code"].as_i64(), answer["msg"].as_str()), (Some(400), Some("查询超时：数据接口的SQL执行超过3秒，已停止")), "{answer:#}");
    // Its one connection is free again.
    assert_eq!(preview(&s, &admin, &quick, json!([])).await.ok()[0]["n"], json!(0));

    // A caller that goes away: the statement stops with it, so the single connection is free
    // for the next call at once (it would answer 数据接口繁忙 while the statement still ran).
    let gone = crate::harness::client()
        .post(format!("{}{DI}/{slow}/Actions/Preview", s.base))
        .header("Authorization", &admin)
        .json(&json!({"paramList": []}))
        .timeout(Duration::from_millis(500))
        .send()
        .await;
    assert!(gone.is_err(), "the call should have been abandoned");
    let answer = preview(&s, &admin, &quick, json!([])).await;
    assert_eq!(answer.code(), 200, "{:#}", answer.body);
}

// Issue 24 §3: HTTP interfaces do not reach this machine or its private network — loopback
// however written (127.0.0.1, localhost, 0x7f000001, [::1], ::ffff:127.0.0.1), private and
// link-local ranges (the cloud metadata address), and Qiming itself — unless an administrator
// allows the host by name (QIMING_HTTP_INTERFACE_ALLOWED_HOSTS); a redirect to such an address
// is refused like the address itself; an answer larger than QIMING_HTTP_INTERFACE_MAX_MB is
// refused while it streams, never held whole.
async fn di_http_refuses_internal_addresses_and_huge_answers(engine: Engine) {
    let api = fake_api().await;
    let port = api.rsplit(':').next().unwrap().to_string();
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let external = category(&s, "external").await;
    let qiming_port = s.base.rsplit(':').next().unwrap().to_string();
    for (i, address) in [
        format!("http://127.0.0.1:{port}/items"),
        format!("http://localhost:{port}/items"),
        format!("http://0x7f000001:{port}/items"),
        format!("http://2130706433:{port}/items"),
        format!("http://[::1]:{port}/items"),
        format!("http://[::ffff:127.0.0.1]:{port}/items"),
        format!("http://127.0.0.1:{qiming_port}/api/oauth/CurrentUser"),
        "http://169.254.169.254/latest/meta-data/".to_string(),
        "http://10.0.0.1/".to_string(),
        "http://192.168.1.1/".to_string(),
        "http://172.16.0.1/".to_string(),
        "http://0.0.0.0/".to_string(),
        "http://[fd00::1]/".to_string(),
    ]
    .iter()
    .enumerate()
    {
        let id = create(&s, &admin, http_form(&external, &format!("inside{i}"), "6", address, json!([]), json!([]), json!({"timeout": 2}))).await;
        let answer = preview(&s, &admin, &id, json!([])).await;
        assert_eq!(answer.code(), 400, "{address}: {:#}", answer.body);
        assert!(answer.msg().contains("不能访问内部网络地址"), "{address}: {:#}", answer.body);
    }

    // Allowed by name: the same service answers; a redirect from it to an internal address
    // that is not allowed is refused; a huge answer is cut off.
    let huge = axum::Router::new()
        .route("/huge", get(|| async { "x".repeat(2 * 1024 * 1024) }))
        .route("/hop", get(|| async { axum::response::Redirect::temporary("http://10.0.0.1/") }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let other = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, huge).await.unwrap() });
    let s = crate::harness::start_with(engine, |c| {
        c.http_interface_allowed_hosts = vec!["127.0.0.1".into(), "localhost".into()];
        c.http_interface_max_mb = 1;
    })
    .await;
    let admin = s.ready_admin().await;
    let external = category(&s, "external").await;
    let items = create(&s, &admin, http_form(&external, "items", "6", &format!("http://localhost:{port}/items"), json!([]), json!([]), json!({}))).await;
    assert_eq!(preview(&s, &admin, &items, json!([])).await.ok()["data"][0]["id"], "1");
    let hop = create(&s, &admin, http_form(&external, "hop", "6", &format!("http://{other}/hop"), json!([]), json!([]), json!({"timeout": 2}))).await;
    let answer = preview(&s, &admin, &hop, json!([])).await;
    assert!(answer.code() == 400 && answer.msg().contains("不能访问内部网络地址10.0.0.1"), "{:#}", answer.body);
    let big = create(&s, &admin, http_form(&external, "big", "6", &format!("http://{other}/huge"), json!([]), json!([]), json!({}))).await;
    preview(&s, &admin, &big, json!([])).await.fails(400, "接口请求失败：返回的数据超过1MB");
}

on_both_engines!(
    di_http_refuses_internal_addresses_and_huge_answers,
    di_sql_guard_refuses_the_probe,
    di_a_slow_statement_stops_at_its_limit_and_blocks_nobody,
    di_005_form_list_state_copy_export_import,
    di_sql_is_one_read_only_select_with_bound_parameters,
    di_003_session_parameters,
    di_004_options_list_info_by_ids_and_log,
    di_http_calls_the_configured_address,
    di_https_interface_trusts_only_known_certificates,
    data_interface_page_needs_its_menu_and_buttons,
);
