//! Print templates (issue 29, jnpf-wire-engine2.md §6): the template page (list, form, copy,
//! state, .bp export and import, its menu and buttons), the pickers, the field tree, a
//! template filled from a released model's record (one and a batch, within the caller's
//! reach) or from SQL run through the data-interface guard, and the print log.

use crate::harness::{Body, Engine, TestServer, each_button_needs_its_grant, seeded_page, start, upload};
use crate::on_both_engines;
use crate::online::{form_menu, item, order, order_columns, order_form, released};
use qiming_server::access::MSG_FORBIDDEN;
use reqwest::Method;
use serde_json::{Value, json};

const DEV: &str = "/api/system/printDev";
const LOG: &str = "/api/system/printLog";
const ONLINE: &str = "/api/visualdev/OnlineDev";
/// The seeded printDev dictionary category (打印模板分类).
const PRINT_DICTIONARY: &str = "300000000000000031";

const HEAD_SQL: &str = "select full_name, en_code from base_dictionary_type where id = @formId";
const ITEMS_SQL: &str = "select full_name, en_code from base_dictionary_data where dictionary_type_id = @formId order by sort_code";

fn sql_template(name: &str, code: &str, statements: &[&str]) -> Value {
    let sql: Vec<Value> = statements.iter().map(|s| json!({"sql": s})).collect();
    json!({
        "fullName": name, "enCode": code, "category": "form", "type": 2, "enabledMark": 1, "sortCode": 1,
        "description": "", "dbLinkId": "0", "sqlTemplate": Value::Array(sql).to_string(), "leftFields": "",
        "printTemplate": "<p>分类：<span data-tag=\"headTable.full_name\">{full_name}</span></p>",
        "pageParam": "{\"mt\":\"10\",\"mb\":\"10\",\"ml\":\"10\",\"mr\":\"10\",\"type\":\"2\",\"width\":210,\"height\":297,\"direction\":\"纵向\"}"
    })
}

/// The id of the template with this code (the list answers no id on create).
async fn template_id(s: &TestServer, token: &str, code: &str) -> String {
    let page = s.get(&format!("{DEV}?keyword={code}"), Some(token)).await.ok().clone();
    page["list"].as_array().unwrap().iter().find(|r| r["enCode"] == code).unwrap()["id"].as_str().unwrap().to_string()
}

// PRINT-012 (the printDev calls: list, create, info, update, copy, state, delete, export,
// import, Selector, getListOptions), PRINT-008 (a template option is {id, fullName}).
async fn print_012_templates_page(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    s.post(DEV, Some(&admin), sql_template("分类打印", "dict.print", &[HEAD_SQL, ITEMS_SQL])).await.ok();
    let id = template_id(&s, &admin, "dict.print").await;

    // The list: category answered as its name, searched by its enCode.
    let page = s.get(&format!("{DEV}?currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&category=form"), Some(&admin)).await.ok().clone();
    assert_eq!(page["pagination"]["total"], 1);
    let row = &page["list"][0];
    assert_eq!((row["fullName"].as_str(), row["category"].as_str(), row["creatorUser"].as_str(), row["enabledMark"].as_i64()), (Some("分类打印"), Some("功能表单"), Some("管理员/admin"), Some(1)));
    assert_eq!(s.get(&format!("{DEV}?category=flow"), Some(&admin)).await.ok()["pagination"]["total"], 0);

    // The form: sqlTemplate and pageParam as JSON text.
    let info = s.get(&format!("{DEV}/{id}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["type"].as_i64(), info["dbLinkId"].as_str()), (Some(2), Some("0")));
    let stored: Value = serde_json::from_str(info["sqlTemplate"].as_str().unwrap()).unwrap();
    assert_eq!(stored[0]["sql"], HEAD_SQL);
    assert!(info["pageParam"].as_str().unwrap().contains("\"width\":210"));

    // The designer's rules, all at once.
    let refused = s.post(DEV, Some(&admin), json!({"fullName": "", "enCode": ".x", "category": "nowhere", "sqlTemplate": "[{\"sql\":\"\"}]"})).await;
    assert_eq!(refused.code(), 400, "{:#}", refused.body);
    assert_eq!(refused.data()["fullName"], json!(["模板名称不能为空"]));
    assert_eq!(refused.data()["enCode"], json!(["编码只能输入英文、数字和小数点且小数点不能放在首尾"]));
    assert_eq!(refused.data()["category"], json!(["模板分类不存在"]));
    assert_eq!(refused.data()["sqlTemplate"], json!(["第1行SQL语句不能为空"]));
    let dup = s.post(DEV, Some(&admin), sql_template("重复", "dict.print", &[HEAD_SQL])).await;
    assert_eq!((dup.code(), dup.data()["enCode"].clone()), (400, json!(["编码已存在"])));

    // Update (PATCH meaning), copy, state.
    s.put(&format!("{DEV}/{id}"), Some(&admin), json!({"fullName": "字典分类打印"})).await.ok();
    assert_eq!(s.get(&format!("{DEV}/{id}"), Some(&admin)).await.ok()["enCode"], "dict.print");
    s.post(&format!("{DEV}/{id}/Actions/Copy"), Some(&admin), json!({})).await.ok();
    let all = s.get(DEV, Some(&admin)).await.ok().clone();
    assert_eq!(all["pagination"]["total"], 2);
    let copy = all["list"].as_array().unwrap().iter().find(|r| r["id"] != id.as_str()).unwrap().clone();
    assert!(copy["fullName"].as_str().unwrap().starts_with("字典分类打印.副本"), "{copy}");
    assert_eq!(copy["enabledMark"], 0, "a copy waits to be enabled");
    let copy_id = copy["id"].as_str().unwrap().to_string();

    // The pickers list enabled templates only: the selector by type under its category,
    // getListOptions as a bare array of {id, fullName}.
    let selector = s.get(&format!("{DEV}/Selector?type=2"), Some(&admin)).await.ok().clone();
    assert_eq!(selector["list"], json!([{"id": "form", "fullName": "功能表单", "children": [{"id": id, "fullName": "字典分类打印", "children": []}]}]));
    assert_eq!(s.get(&format!("{DEV}/Selector?type=1"), Some(&admin)).await.ok()["list"], json!([]));
    let options = s.post(&format!("{DEV}/getListOptions"), Some(&admin), json!({"ids": [id, copy_id]})).await.ok().clone();
    assert_eq!(options, json!([{"id": id, "fullName": "字典分类打印"}]));
    s.put_empty(&format!("{DEV}/{copy_id}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(s.post(&format!("{DEV}/getListOptions"), Some(&admin), json!({"ids": [copy_id]})).await.ok().as_array().unwrap().len(), 1);

    // Export as .bp and import back under a new code.
    let url = s.get(&format!("{DEV}/{id}/Actions/Export"), Some(&admin)).await.ok()["url"].as_str().unwrap().to_string();
    let res = s.http.get(format!("{}{url}", s.base)).send().await.unwrap();
    assert!(res.headers()["content-disposition"].to_str().unwrap().contains(".bp"));
    let file: Value = res.json().await.unwrap();
    assert_eq!((file["enCode"].as_str(), file["type"].as_i64()), (Some("dict.print"), Some(2)));
    let import = |name: &'static str, content: Value| {
        let (s, admin) = (&s, admin.clone());
        async move { s.call(Method::POST, &format!("{DEV}/Actions/ImportData"), Some(&admin), upload("file", name, content.to_string().as_bytes())).await }
    };
    import("a.bp", file.clone()).await.fails(400, "打印模板“dict.print”：字典分类打印已存在，不能重复导入");
    import("a.bb", file.clone()).await.fails(400, "请选择.bp格式的打印模板文件");
    let mut again = file.clone();
    again["enCode"] = json!("dict.print2");
    again["sqlTemplate"] = json!("[{\"sql\":\"select * from qiming_download\"}]");
    let hostile = import("a.bp", again.clone()).await;
    assert_eq!(hostile.code(), 400, "{:#}", hostile.body);
    assert!(hostile.msg().starts_with("打印模板“dict.print2”：第1行SQL语句："), "{}", hostile.msg());
    again["sqlTemplate"] = file["sqlTemplate"].clone();
    import("a.bp", again).await.ok();
    assert_eq!(s.get(DEV, Some(&admin)).await.ok()["pagination"]["total"], 3);

    // Delete.
    s.call(Method::DELETE, &format!("{DEV}/{copy_id}"), Some(&admin), Body::None).await.ok();
    s.get(&format!("{DEV}/{copy_id}"), Some(&admin)).await.fails(404, "打印模板不存在");
}

// PRINT-012 permissions (PERM-009 on the page): reading needs the menu system.printDev, each
// change its button; printing (Data) and the pickers serve any member.
async fn print_012_page_needs_its_menu_and_buttons(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    s.post(DEV, Some(&admin), sql_template("分类打印", "dict.print", &[HEAD_SQL])).await.ok();
    let id = template_id(&s, &admin, "dict.print").await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let token = s.sign_in("clerk", "Clerk123").await;
    s.get(DEV, Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("{DEV}/{id}"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("{LOG}/{id}"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    // Any member prints and picks.
    s.get(&format!("{DEV}/Data?id={id}&formId={PRINT_DICTIONARY}"), Some(&token)).await.ok();
    s.get(&format!("{DEV}/Selector?type=2"), Some(&token)).await.ok();
    let page = seeded_page(&s, "system.printDev").await;
    s.grant(&clerk, &[&page], &[]).await;
    s.get(&format!("{DEV}/{id}"), Some(&token)).await.ok();
    let tries: Vec<(&str, Method, String, Body)> = vec![
        ("btn_add", Method::POST, DEV.to_string(), Body::Json(sql_template("另一个", "other.print", &[HEAD_SQL]))),
        ("btn_edit", Method::PUT, format!("{DEV}/{id}"), Body::Json(json!({"description": "x"}))),
        ("btn_download", Method::GET, format!("{DEV}/{id}/Actions/Export"), Body::None),
        ("btn_upload", Method::POST, format!("{DEV}/Actions/ImportData"), upload("file", "a.bp", b"{}")),
        ("btn_remove", Method::DELETE, format!("{DEV}/{id}"), Body::None),
    ];
    each_button_needs_its_grant(&s, &token, &clerk, &page, tries).await;
}

// PRINT-006: a template over a released model with a sub-table (Qiming's addition, no SQL)
// answers {printTemplate, printData, operatorRecordList} with the record's display values —
// headTable fields at the top, the sub-table as its own rows, numbers in the widget's
// precision, the date in its format, the creator's name — for one record and for a batch of
// three in the order asked; a record outside the caller's data scope is not found.
async fn print_006_model_template_prints_one_and_a_batch(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let model = released(&s, &admin, "orders", order_form(), order_columns()).await;
    let mut ids = Vec::new();
    for (code, amount, lines) in [
        ("A-1", 10.5, json!([{"item": "纸", "price": 2.5, "qty": 4}, {"item": "笔", "price": "1.25", "qty": 2}])),
        ("B-2", 1234.5, json!([{"item": "墨", "price": 3, "qty": 3}])),
        ("C-3", 7.0, json!([])),
    ] {
        ids.push(s.post(&format!("{ONLINE}/{model}"), Some(&admin), order(code, amount, lines)).await.ok().as_str().unwrap().to_string());
    }

    // The field tree: headTable with the main fields, the sub-table by its vModel.
    let tree = s.post(&format!("{DEV}/Fields"), Some(&admin), json!({"modelId": model})).await.ok().clone();
    assert_eq!(tree[0]["id"], "headTable");
    let head: Vec<&str> = tree[0]["children"].as_array().unwrap().iter().map(|f| f["id"].as_str().unwrap()).collect();
    assert_eq!(head, ["code", "title", "amount", "placed", "total", "creator_name"]);
    assert_eq!(tree[0]["children"][0], json!({"id": "code", "fullName": "单号"}));
    assert_eq!((tree[1]["id"].as_str(), tree[1]["fullName"].as_str()), (Some("lines"), Some("明细")));
    let columns: Vec<&str> = tree[1]["children"].as_array().unwrap().iter().map(|f| f["id"].as_str().unwrap()).collect();
    assert_eq!(columns, ["item", "price", "qty", "line_total"]);

    let body = json!({
        "fullName": "订单打印", "enCode": "order.print", "category": "form", "type": 2, "modelId": model,
        "printTemplate": "<p>单号：<span data-tag=\"headTable.code\">{code}</span></p><table><tr><td><span data-tag=\"lines.item\">{item}</span></td></tr></table>",
        "pageParam": "{}"
    });
    s.post(DEV, Some(&admin), body).await.ok();
    let template = template_id(&s, &admin, "order.print").await;

    let one = s.get(&format!("{DEV}/Data?id={template}&formId={}", ids[0]), Some(&admin)).await.ok().clone();
    assert!(one["printTemplate"].as_str().unwrap().contains("data-tag=\"headTable.code\""));
    assert_eq!(one["operatorRecordList"], json!([]));
    let d = &one["printData"];
    assert_eq!((d["code"].as_str(), d["title"].as_str(), d["amount"].as_str(), d["total"].as_str()), (Some("A-1"), Some("订单A-1"), Some("10.50"), Some("12.50")));
    assert_eq!(d["placed"], "2023-11-15", "1_700_000_000_000 ms in China Standard Time, as yyyy-MM-dd");
    assert_eq!(d["creator_name"], "管理员");
    assert_eq!(d["lines"], json!([
        {"item": "纸", "price": "2.50", "qty": "4", "line_total": "10.00"},
        {"item": "笔", "price": "1.25", "qty": "2", "line_total": "2.50"}
    ]));

    let batch = s.get(&format!("{DEV}/BatchData?id={template}&formId={},{},{}", ids[2], ids[0], ids[1]), Some(&admin)).await.ok().clone();
    let codes: Vec<&str> = batch.as_array().unwrap().iter().map(|p| p["printData"]["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["C-3", "A-1", "B-2"], "in the order asked");
    assert_eq!(batch[2]["printData"]["amount"], "1234.50");
    assert_eq!(batch[2]["printData"]["lines"], json!([{"item": "墨", "price": "3.00", "qty": "3", "line_total": "9.00"}]));
    assert_eq!(batch[0]["printData"]["lines"], json!([]));
    s.get(&format!("{DEV}/BatchData?id={template}&formId="), Some(&admin)).await.fails(400, "请选择一条数据");

    // A member prints only what their data scope reaches: their own records.
    let user = s.create_user("clerk", "Qiming123").await;
    let token = s.sign_in("clerk", "Qiming123").await;
    s.get(&format!("{DEV}/Data?id={template}&formId={}", ids[0]), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let menu = form_menu(&s, &model, (0, 0, 1)).await;
    let own = item(&s, &menu, "resource", "own", &json!([{"logic": "and", "groups": [{"field": "creatorUserId", "op": "Equal", "value": "@userId"}]}]).to_string()).await;
    s.grant(&user, &[&menu], &[("resource", &own)]).await;
    let mine = s.post(&format!("{ONLINE}/{model}"), Some(&token), order("MINE-1", 1.0, json!([]))).await.ok().as_str().unwrap().to_string();
    assert_eq!(s.get(&format!("{DEV}/Data?id={template}&formId={mine}"), Some(&token)).await.ok()["printData"]["code"], "MINE-1");
    s.get(&format!("{DEV}/Data?id={template}&formId={}", ids[0]), Some(&token)).await.fails(404, "数据不存在");
    s.get(&format!("{DEV}/BatchData?id={template}&formId={mine},{}", ids[1]), Some(&token)).await.fails(404, "数据不存在");

    // A disabled template prints nothing.
    s.put_empty(&format!("{DEV}/{template}/Actions/State"), Some(&admin)).await.ok();
    s.get(&format!("{DEV}/Data?id={template}&formId={}", ids[0]), Some(&admin)).await.fails(404, "打印模板不存在");
}

// PRINT-006 for SQL templates: each statement runs through the data-interface guard with
// @formId bound; the first statement's row is headTable, the second a detail set.
async fn print_006_sql_template_binds_form_id(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let tree = s.post(&format!("{DEV}/Fields"), Some(&admin), json!({"dbLinkId": "0", "sqlTemplate": json!([{"sql": HEAD_SQL}, {"sql": ITEMS_SQL}]).to_string()})).await.ok().clone();
    assert_eq!(tree, json!([
        {"id": "headTable", "fullName": "主表", "children": [{"id": "full_name", "fullName": "full_name"}, {"id": "en_code", "fullName": "en_code"}]},
        {"id": "detail1", "fullName": "明细1", "children": [{"id": "full_name", "fullName": "full_name"}, {"id": "en_code", "fullName": "en_code"}]}
    ]));
    s.post(DEV, Some(&admin), sql_template("分类打印", "dict.print", &[HEAD_SQL, ITEMS_SQL])).await.ok();
    let id = template_id(&s, &admin, "dict.print").await;
    let one = s.get(&format!("{DEV}/Data?id={id}&formId={PRINT_DICTIONARY}"), Some(&admin)).await.ok().clone();
    assert_eq!((one["printData"]["full_name"].as_str(), one["printData"]["en_code"].as_str()), (Some("打印模板分类"), Some("printDev")));
    let items: Vec<&str> = one["printData"]["detail1"].as_array().unwrap().iter().map(|r| r["en_code"].as_str().unwrap()).collect();
    assert_eq!(items, ["flow", "form", "medical", "finance", "other"]);
    // A quote in the id is a value, never SQL.
    let odd = s.get(&format!("{DEV}/Data?id={id}&formId=x'%20or%20'1'='1"), Some(&admin)).await.ok().clone();
    assert_eq!(odd["printData"]["detail1"], json!([]));
    assert!(odd["printData"].get("full_name").is_none());
}

// Issue 29 "a hostile SQL statement is refused": writes, tables outside the readable ones
// (sessions, downloads, a record table no released model has), secrets and engine functions
// are refused when saved, in Fields, and — for a statement stored behind the form's back —
// when printing. A released model's own record table is readable, within the caller's data
// scope (the data-interface guard's rule, server/README.md).
async fn print_hostile_sql_is_refused(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let model = released(&s, &admin, "orders", order_form(), order_columns()).await;
    let records = format!("select * from rec_{model} where id = @formId");
    let unknown = format!("select * from rec_{model}9 where id = @formId");
    for hostile in [
        "delete from base_user where id = @formId",
        "select * from qiming_download",
        "select password_hash from base_user where id = @formId",
        unknown.as_str(),
        "select pg_read_file('/etc/passwd')",
        "select 1; drop table base_user",
        "select * from base_dictionary_type where id = '@formId'",
    ] {
        let refused = s.post(DEV, Some(&admin), sql_template("坏", "bad", &[HEAD_SQL, hostile])).await;
        assert_eq!(refused.code(), 400, "{hostile}: {:#}", refused.body);
        let msg = refused.data()["sqlTemplate"][0].as_str().unwrap_or("").to_string();
        assert!(msg.starts_with("第2行SQL语句："), "{hostile}: {msg}");
        let fields = s.post(&format!("{DEV}/Fields"), Some(&admin), json!({"sqlTemplate": json!([{"sql": hostile}]).to_string()})).await;
        assert_eq!(fields.code(), 400, "{hostile}: {:#}", fields.body);
    }
    assert_eq!(s.get(DEV, Some(&admin)).await.ok()["pagination"]["total"], 0, "nothing stored");
    // The released model's own records: accepted (read within the caller's scope when printed).
    let scoped = s.post(DEV, Some(&admin), sql_template("记录", "records", &[HEAD_SQL, records.as_str()])).await;
    assert_eq!(scoped.code(), 200, "{:#}", scoped.body);
    let scoped_id = template_id(&s, &admin, "records").await;
    s.call(Method::DELETE, &format!("{DEV}/{scoped_id}"), Some(&admin), Body::None).await.ok();
    // Stored directly (an old database, an edited file): refused when printing.
    s.post(DEV, Some(&admin), sql_template("好", "good", &[HEAD_SQL])).await.ok();
    let id = template_id(&s, &admin, "good").await;
    let mut conn = s.conn().await;
    sqlx::query("UPDATE base_print_dev SET sql_template = $1 WHERE id = $2")
        .bind(json!([{"sql": "select token_hash from qiming_session"}]).to_string())
        .bind(&id)
        .execute(&mut *conn)
        .await
        .unwrap();
    drop(conn);
    let printed = s.get(&format!("{DEV}/Data?id={id}&formId=1"), Some(&admin)).await;
    assert_eq!(printed.code(), 400, "{:#}", printed.body);
    assert!(printed.data().get("printData").is_none());
}

// PRINT-007: printLog/save {printTitle, printNum, printId} records the print; the template's
// log lists it (名称, 打印人, 打印时间, 打印条数) with the JNPF client's currentPage 0.
async fn print_007_log_records_the_print(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    s.post(DEV, Some(&admin), sql_template("分类打印", "dict.print", &[HEAD_SQL])).await.ok();
    let id = template_id(&s, &admin, "dict.print").await;
    let empty = s.get(&format!("{LOG}/{id}?keyword=&printId=&startTime=&endTime=&currentPage=0&pageSize=20"), Some(&admin)).await.ok().clone();
    assert_eq!(empty["pagination"]["total"], 0);
    s.post(&format!("{LOG}/save"), Some(&admin), json!({"printTitle": "分类打印", "printNum": 3, "printId": id})).await.ok();
    s.clock.advance(std::time::Duration::from_secs(60));
    s.post(&format!("{LOG}/save"), Some(&admin), json!({"printTitle": "单张", "printNum": 1, "printId": id})).await.ok();
    let log = s.get(&format!("{LOG}/{id}?keyword=&printId=&startTime=&endTime=&currentPage=0&pageSize=20"), Some(&admin)).await.ok().clone();
    assert_eq!(log["pagination"]["total"], 2);
    let first = &log["list"][0];
    assert_eq!((first["printTitle"].as_str(), first["printMan"].as_str(), first["printNum"].as_i64()), (Some("单张"), Some("管理员/admin"), Some(1)), "newest first");
    assert_eq!(log["list"][1]["printNum"], 3);
    assert!(first["printTime"].as_i64().unwrap() > log["list"][1]["printTime"].as_i64().unwrap());
    let found = s.get(&format!("{LOG}/{id}?keyword=分类&currentPage=0&pageSize=20"), Some(&admin)).await.ok().clone();
    assert_eq!(found["pagination"]["total"], 1);
    let since = first["printTime"].as_i64().unwrap();
    assert_eq!(s.get(&format!("{LOG}/{id}?startTime={since}&endTime=&currentPage=0"), Some(&admin)).await.ok()["pagination"]["total"], 1);
    s.post(&format!("{LOG}/save"), Some(&admin), json!({"printTitle": "x", "printNum": 1, "printId": "nowhere"})).await.fails(404, "打印模板不存在");
    // Deleting the template deletes its log.
    s.call(Method::DELETE, &format!("{DEV}/{id}"), Some(&admin), Body::None).await.ok();
    let mut conn = s.conn().await;
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_print_log").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(left, 0);
}


/// What python-docx (an independent reader, installed by `make deps-python-docx`) reads in a
/// .docx: the body in order (paragraphs with their style, page breaks and pictures; tables as
/// rows of cell texts), the first section's page in mm, and the pictures' content types.
fn read_docx(bytes: &[u8]) -> Value {
    const READER: &str = r#"
import json, sys, docx
from docx.oxml.ns import qn
from docx.table import Table
from docx.text.paragraph import Paragraph
d = docx.Document(sys.argv[1])
body = []
for el in d.element.body.iterchildren():
    if el.tag == qn('w:p'):
        p = Paragraph(el, d)
        body.append({"p": p.text, "style": p.style.name if p.style is not None else "",
                     "pageBreak": any(b.get(qn('w:type')) == 'page' for b in el.iter(qn('w:br'))),
                     "pictures": len(el.xpath('.//pic:pic'))})
    elif el.tag == qn('w:tbl'):
        body.append({"table": [[c.text for c in r.cells] for r in Table(el, d).rows]})
s = d.sections[0]
page = [round(x.mm) for x in (s.page_width, s.page_height, s.top_margin, s.bottom_margin, s.left_margin, s.right_margin)]
images = [p.content_type for p in d.part.related_parts.values() if p.content_type.startswith('image/')]
shapes = [[round(sh.width.emu / 9525), round(sh.height.emu / 9525)] for sh in d.inline_shapes]
print(json.dumps({"body": body, "page": page, "landscape": s.orientation == 1, "images": images, "shapes": shapes}, ensure_ascii=False))
"#;
    let file = tempfile::Builder::new().suffix(".docx").tempfile().unwrap();
    std::fs::write(file.path(), bytes).unwrap();
    if let Ok(keep) = std::env::var("QIMING_KEEP_DOCX") {
        std::fs::write(keep, bytes).unwrap();
    }
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg(READER)
        .arg(file.path())
        .output()
        .expect("python3 (make deps-python-docx installs python-docx)");
    assert!(out.status.success(), "python-docx could not read the file (make deps-python-docx): {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

// Issue 29 下载 (PRINT-001, PRINT-003, PRINT-005, PRINT-009, PRINT-011): the Word download of
// a batch of two records is a real .docx that python-docx opens: the heading, the amount in
// capitals, the QR code as a PNG picture of the asked size, the detail table with a header row
// and one row per detail line (20 and 2), the printer, a page break between the records, the
// template's A5 landscape paper and margins. The url opens without the Authorization header,
// like the exports; the records are the caller's to print.
async fn print_docx_of_a_batch(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let model = released(&s, &admin, "orders", order_form(), order_columns()).await;
    let many: Vec<Value> = (1..=20).map(|i| json!({"item": format!("药品{i}"), "price": 1, "qty": i})).collect();
    let first = s.post(&format!("{ONLINE}/{model}"), Some(&admin), order("D-1", 1001.01, Value::Array(many))).await.ok().as_str().unwrap().to_string();
    let second = s.post(&format!("{ONLINE}/{model}"), Some(&admin), order("D-2", 12.5, json!([{"item": "纸", "price": 1, "qty": 3}, {"item": "笔", "price": 2, "qty": 4}]))).await.ok().as_str().unwrap().to_string();
    let template = concat!(
        r#"<h1 style="text-align: center;">订单 <span data-tag="headTable.code" class="wk-print-tag-wukong wk-tiny-color--common" contenteditable="false">{code}</span></h1>"#,
        r#"<p>金额：<span data-tag="headTable.amount">{amount}</span> 大写：<span data-tag='isAmountChinese'>大写金额(<span data-tag="headTable.amount">{amount}</span>)<span></p>"#,
        r#"<p>&lt;qrCode width='120' height='120'&gt;<span data-tag="headTable.code">{code}</span>&lt;/qrCode&gt;</p>"#,
        r#"<table style="width: 100%;"><tbody><tr><td><strong>品名</strong></td><td>数量</td></tr>"#,
        r#"<tr><td><span data-tag="lines.item">{item}</span></td><td><span data-tag="lines.qty">{qty}</span></td></tr></tbody></table>"#,
        r#"<p>打印人：<span data-tag="null.systemPrinter">{systemPrinter}</span></p>"#,
    );
    let body = json!({
        "fullName": "订单打印", "enCode": "order.docx", "category": "form", "type": 2, "modelId": model,
        "printTemplate": template,
        "pageParam": "{\"mt\":\"12\",\"mb\":\"14\",\"ml\":\"16\",\"mr\":\"18\",\"type\":\"3\",\"width\":148,\"height\":210,\"direction\":\"横向\"}"
    });
    s.post(DEV, Some(&admin), body).await.ok();
    let id = template_id(&s, &admin, "order.docx").await;

    let url = s.get(&format!("{DEV}/{id}/Actions/Docx?formId={first},{second}"), Some(&admin)).await.ok()["url"].as_str().unwrap().to_string();
    assert!(url.starts_with("/api/file/DownloadModel?encryption="), "{url}");
    let res = s.http.get(format!("{}{url}", s.base)).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let disposition = res.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(disposition.contains(".docx"), "{disposition}");
    let bytes = res.bytes().await.unwrap();
    assert!(bytes.starts_with(b"PK"), "a zip package");
    let doc = read_docx(&bytes);

    assert_eq!(doc["page"], json!([210, 148, 12, 14, 16, 18]), "A5 landscape, the template's margins");
    assert_eq!(doc["landscape"], true);
    assert_eq!(doc["images"], json!(["image/png", "image/png"]), "one QR code per record");
    assert_eq!(doc["shapes"], json!([[120, 120], [120, 120]]), "shown at the asked size");

    let body = doc["body"].as_array().unwrap();
    let paragraphs: Vec<(&str, &str, bool, i64)> = body
        .iter()
        .filter(|b| b.get("p").is_some())
        .map(|b| (b["p"].as_str().unwrap(), b["style"].as_str().unwrap(), b["pageBreak"].as_bool().unwrap(), b["pictures"].as_i64().unwrap()))
        .collect();
    assert_eq!(paragraphs, [
        ("订单 D-1", "Heading 1", false, 0),
        ("金额：1001.01 大写：壹仟零壹元零壹分", "", false, 0),
        ("", "", false, 1),
        ("打印人：管理员/admin", "", false, 0),
        ("", "", true, 0),
        ("订单 D-2", "Heading 1", false, 0),
        ("金额：12.50 大写：壹拾贰元伍角", "", false, 0),
        ("", "", false, 1),
        ("打印人：管理员/admin", "", false, 0),
    ]);
    let tables: Vec<&Value> = body.iter().filter_map(|b| b.get("table")).collect();
    assert_eq!(tables.len(), 2);
    let mut expected = vec![json!(["品名", "数量"])];
    expected.extend((1..=20).map(|i| json!([format!("药品{i}"), i.to_string()])));
    assert_eq!(tables[0], &Value::Array(expected), "the header once, then one row per detail line");
    assert_eq!(tables[1], &json!([["品名", "数量"], ["纸", "3"], ["笔", "4"]]));
    // In order: the table comes after the QR code and before the printer.
    let kinds: Vec<&str> = body.iter().map(|b| if b.get("table").is_some() { "T" } else if b["pageBreak"] == true { "B" } else { "P" }).collect();
    assert_eq!(kinds.join(""), "PPPTPBPPPTP");

    // One record; no record; a record outside the caller's reach.
    let one = s.get(&format!("{DEV}/{id}/Actions/Docx?formId={second}"), Some(&admin)).await.ok()["url"].as_str().unwrap().to_string();
    let single = read_docx(&s.http.get(format!("{}{one}", s.base)).send().await.unwrap().bytes().await.unwrap());
    assert!(single["body"].as_array().unwrap().iter().all(|b| b["pageBreak"] != true), "no page break for one record");
    s.get(&format!("{DEV}/{id}/Actions/Docx?formId="), Some(&admin)).await.fails(400, "请选择一条数据");
    s.create_user("clerk", "Qiming123").await;
    let clerk = s.sign_in("clerk", "Qiming123").await;
    s.get(&format!("{DEV}/{id}/Actions/Docx?formId={first}"), Some(&clerk)).await.fails(403, MSG_FORBIDDEN);
}

on_both_engines!(
    print_012_templates_page,
    print_012_page_needs_its_menu_and_buttons,
    print_006_model_template_prints_one_and_a_batch,
    print_006_sql_template_binds_form_id,
    print_hostile_sql_is_refused,
    print_007_log_records_the_print,
    print_docx_of_a_batch,
);
