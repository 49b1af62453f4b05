//! Serial-number rules (BILL-*): the rules and their form, state, export and import, the
//! picker, and BillNumber issuing each number once — concurrently, and across two server
//! processes sharing one database.

use crate::first_start::run_binary;
use crate::harness::{Body, Engine, TestServer, each_button_needs_its_grant, seeded_page, start, dictionary_item};
use crate::on_both_engines;
use qiming_core::date::{DEFAULT_UTC_OFFSET_MINUTES, DateTime};
use qiming_server::access::MSG_FORBIDDEN;
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;

const RULE: &str = "/api/system/BillRule";

/// The id of a businessType item by its code (what the form sends as `category`).
async fn business_type(s: &TestServer, code: &str) -> String {
    dictionary_item(s, "businessType", code).await
}

/// Today as the server's serial numbers write it.
fn today(s: &TestServer, pattern: &str) -> String {
    DateTime::from_epoch_ms(s.clock.now_ms(), DEFAULT_UTC_OFFSET_MINUTES).unwrap().format(pattern)
}

/// Creates a rule; answers its id.
async fn rule(s: &TestServer, token: &str, form: Value) -> String {
    let code = form["enCode"].as_str().unwrap().to_string();
    s.post(RULE, Some(token), form).await.ok();
    let page = s.get(&format!("{RULE}?keyword={code}&pageSize=500"), Some(token)).await.ok().clone();
    page["list"].as_array().unwrap().iter().find(|r| r["enCode"] == code.as_str()).unwrap()["id"].as_str().unwrap().to_string()
}

fn purchase_order(category: &str) -> Value {
    json!({"fullName": "采购订单", "enCode": "PO", "category": category, "prefix": "CG", "dateFormat": "yyyyMMdd", "digit": 4, "startNumber": "0001", "example": "whatever the client showed", "description": "采购"})
}

async fn next(s: &TestServer, token: &str, code: &str) -> String {
    s.get(&format!("{RULE}/BillNumber/{code}"), Some(token)).await.ok().as_str().unwrap().to_string()
}

// BILL-023, BILL-002, BILL-004, BILL-005 (server side), BILL-006, BILL-007, BILL-008..022
// (server side): the list (category by its businessType name, searched, filtered by
// category), the form with today's example computed by core, sortCode 0 and enabledMark 1 by
// default, every field's rule with the dialog's messages, PATCH updates that recompute the
// example, the state toggle, delete.
async fn bill_023_rules(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let purchase = business_type(&s, "purchase").await;
    let finance = business_type(&s, "finance").await;
    let po = rule(&s, &admin, purchase_order(&purchase)).await;
    let pay = rule(&s, &admin, json!({"fullName": "付款单", "enCode": "PAY", "category": finance, "prefix": "FK", "dateFormat": "no", "digit": "3", "startNumber": 7, "sortCode": 2})).await;

    let page = s.get(&format!("{RULE}?currentPage=1&pageSize=20&sort=desc&keyword=&categoryId="), Some(&admin)).await.ok().clone();
    assert_eq!(page["pagination"]["total"], 2);
    let row = page["list"].as_array().unwrap().iter().find(|r| r["id"] == po.as_str()).unwrap().clone();
    assert_eq!((row["category"].as_str(), row["startNumber"].as_str(), row["outputNumber"].as_str()), (Some("采购管理"), Some("0001"), Some("")));
    assert_eq!((row["creatorUser"].as_str(), row["sortCode"].as_i64(), row["enabledMark"].as_i64()), (Some("管理员/admin"), Some(0), Some(1)));
    assert!(row["creatorTime"].as_i64().unwrap() > 0 && row.get("lastModifyTime").is_some() && row["digit"] == 4);
    assert_eq!(s.get(&format!("{RULE}?keyword=pay"), Some(&admin)).await.ok()["list"][0]["id"], pay.as_str());
    assert_eq!(s.get(&format!("{RULE}?keyword=采购"), Some(&admin)).await.ok()["pagination"]["total"], 1);
    assert_eq!(s.get(&format!("{RULE}?categoryId={finance}"), Some(&admin)).await.ok()["list"][0]["id"], pay.as_str());

    // BILL-002, BILL-005: the form, with the example for today from core's rule.
    let info = s.get(&format!("{RULE}/{po}"), Some(&admin)).await.ok().clone();
    let expected = json!({
        "id": po, "fullName": "采购订单", "enCode": "PO", "category": purchase, "prefix": "CG", "dateFormat": "yyyyMMdd",
        "digit": 4, "startNumber": "0001", "example": format!("CG{}0001", today(&s, "yyyyMMdd")), "outputNumber": "",
        "sortCode": 0, "enabledMark": 1, "description": "采购"
    });
    assert_eq!(info, expected);
    // BILL-021: the start number is fitted to the width (left-padded, rightmost digits).
    assert_eq!(s.get(&format!("{RULE}/{pay}"), Some(&admin)).await.ok()["example"], "FK007");

    // The dialog's messages, every field at once (BILL-008, 010, 012..015, 018).
    let empty = s.post(RULE, Some(&admin), json!({})).await;
    assert_eq!(empty.code(), 400);
    for (field, msg) in [
        ("fullName", "请输入业务名称"),
        ("enCode", "请输入业务编码"),
        ("category", "请选择业务分类"),
        ("prefix", "请输入流水前缀"),
        ("dateFormat", "请输入选择流水日期格式"),
        ("digit", "请输入流水位数"),
        ("startNumber", "请输入流水起始"),
    ] {
        assert_eq!(empty.data()[field], json!([msg]), "{field}: {:#}", empty.body);
    }
    let with = |change: Value| {
        let mut form = purchase_order(&purchase);
        form["enCode"] = json!("PO2");
        for (k, v) in change.as_object().unwrap() {
            form[k] = v.clone();
        }
        form
    };
    for (change, field, msg) in [
        (json!({"fullName": "采".repeat(51)}), "fullName", "业务名称最多为50个字符！"),
        (json!({"enCode": "P".repeat(51)}), "enCode", "业务编码最多为50个字符！"),
        (json!({"digit": "a"}), "digit", "仅能输入正整数"),
        (json!({"digit": 0}), "digit", "仅能输入正整数"),
        (json!({"digit": 10}), "digit", "流水位数不能超过9"),
        (json!({"startNumber": "12a"}), "startNumber", "只能输入数字"),
        (json!({"startNumber": "000"}), "startNumber", "流水起始不能为000"),
        (json!({"dateFormat": "yyyy-MM"}), "dateFormat", "流水日期格式只能是yyyyMMdd、yyyyMM、yyyy或no"),
    ] {
        let answer = s.post(RULE, Some(&admin), with(change.clone())).await;
        assert_eq!(answer.data()[field], json!([msg]), "{change}: {:#}", answer.body);
    }
    s.post(RULE, Some(&admin), with(json!({"sortCode": 1_000_000}))).await.fails(400, "排序码必须在0到999999之间");
    s.post(RULE, Some(&admin), with(json!({"category": "nowhere"}))).await.fails(400, "业务分类不存在");
    let sex_item = {
        let mut conn = s.conn().await;
        sqlx::query_scalar::<_, String>("SELECT id FROM base_dictionary_data WHERE en_code = '1' AND dictionary_type_id = '300000000000000002'")
            .fetch_one(&mut *conn)
            .await
            .unwrap()
    };
    s.post(RULE, Some(&admin), with(json!({"category": sex_item}))).await.fails(400, "业务分类不存在");
    s.post(RULE, Some(&admin), with(json!({"enCode": "PO"}))).await.fails(400, "编码已存在");

    // Updates change only what is sent, are checked with what is kept, and recompute the
    // example (BILL-005).
    s.put(&format!("{RULE}/{po}"), Some(&admin), json!({"digit": 6})).await.ok();
    let info = s.get(&format!("{RULE}/{po}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["digit"].as_i64(), info["fullName"].as_str(), info["example"].clone()), (Some(6), Some("采购订单"), json!(format!("CG{}000001", today(&s, "yyyyMMdd")))));
    s.put(&format!("{RULE}/{po}"), Some(&admin), json!({"startNumber": "0"})).await.fails(400, "流水起始不能为0");
    s.put(&format!("{RULE}/{po}"), Some(&admin), json!({"prefix": ""})).await.fails(400, "请输入流水前缀");
    s.put(&format!("{RULE}/{po}"), Some(&admin), json!({"category": ""})).await.fails(400, "请选择业务分类");
    // The form posted back whole is accepted.
    let mut back = s.get(&format!("{RULE}/{po}"), Some(&admin)).await.ok().clone();
    back["dateFormat"] = json!("yyyy");
    s.put(&format!("{RULE}/{po}"), Some(&admin), back).await.ok();
    assert_eq!(s.get(&format!("{RULE}/{po}"), Some(&admin)).await.ok()["example"], format!("CG{}000001", today(&s, "yyyy")));

    // BILL-007: the state toggles 1 → 0 → 1; a disabled rule leaves the picker.
    s.put_empty(&format!("{RULE}/{pay}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(s.get(&format!("{RULE}/{pay}"), Some(&admin)).await.ok()["enabledMark"], 0);
    let picker = s.get(&format!("{RULE}/Selector?keyword=&currentPage=1&pageSize=20&sort=desc&sidx=&categoryId="), Some(&admin)).await.ok().clone();
    assert_eq!((picker["pagination"]["total"].as_i64(), picker["list"][0]["enCode"].as_str()), (Some(1), Some("PO")));
    s.put_empty(&format!("{RULE}/{pay}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(s.get(&format!("{RULE}/{pay}"), Some(&admin)).await.ok()["enabledMark"], 1);

    s.call(Method::DELETE, &format!("{RULE}/{pay}"), Some(&admin), Body::None).await.ok();
    s.get(&format!("{RULE}/{pay}"), Some(&admin)).await.fails(404, "单据规则不存在");
    s.put_empty(&format!("{RULE}/{pay}/Actions/State"), Some(&admin)).await.fails(404, "单据规则不存在");
}

// BILL-024, BILL-025: the picker for any member — enabled rules, keyword, category, pages of
// 20 — each row with id, enCode, fullName and startNumber.
async fn bill_024_025_picker(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let purchase = business_type(&s, "purchase").await;
    let stock = business_type(&s, "stock").await;
    for n in 0..25 {
        rule(&s, &admin, json!({"fullName": format!("入库单{n}"), "enCode": format!("IN{n:02}"), "category": stock, "prefix": "RK", "dateFormat": "no", "digit": 3, "startNumber": "001"})).await;
    }
    rule(&s, &admin, purchase_order(&purchase)).await;
    s.create_user("clerk", "Clerk123").await;
    let clerk = s.sign_in("clerk", "Clerk123").await;
    let first = s.get(&format!("{RULE}/Selector?keyword=&currentPage=1&pageSize=20&sort=desc&sidx=&categoryId="), Some(&clerk)).await.ok().clone();
    assert_eq!((first["list"].as_array().unwrap().len(), first["pagination"]["total"].as_i64()), (20, Some(26)));
    let second = s.get(&format!("{RULE}/Selector?currentPage=2&pageSize=20&categoryId={stock}"), Some(&clerk)).await.ok().clone();
    assert_eq!((second["list"].as_array().unwrap().len(), second["pagination"]["total"].as_i64()), (5, Some(25)));
    let po = s.get(&format!("{RULE}/Selector?keyword=采购"), Some(&clerk)).await.ok()["list"][0].clone();
    assert_eq!((po["enCode"].as_str(), po["fullName"].as_str(), po["startNumber"].as_str()), (Some("PO"), Some("采购订单"), Some("0001")));
    assert!(po["id"].is_string());
    // The management list is the page's.
    s.get(RULE, Some(&clerk)).await.fails(403, MSG_FORBIDDEN);
}

// BillNumber/{enCode}: consecutive numbers from the start number (BILL-021's padding), for
// any member; the date part's change starts the sequence again; an unknown or disabled rule
// says so.
async fn bill_number_issues_consecutive_numbers(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let purchase = business_type(&s, "purchase").await;
    let po = rule(&s, &admin, purchase_order(&purchase)).await;
    rule(&s, &admin, json!({"fullName": "盘点单", "enCode": "CK", "category": purchase, "prefix": "PD", "dateFormat": "no", "digit": 2, "startNumber": "98"})).await;
    s.create_user("clerk", "Clerk123").await;
    let clerk = s.sign_in("clerk", "Clerk123").await;
    let day = today(&s, "yyyyMMdd");
    assert_eq!(next(&s, &clerk, "PO").await, format!("CG{day}0001"));
    assert_eq!(next(&s, &clerk, "PO").await, format!("CG{day}0002"));
    assert_eq!(next(&s, &admin, "PO").await, format!("CG{day}0003"));
    let row = s.get(&format!("{RULE}?keyword=PO"), Some(&admin)).await.ok()["list"][0].clone();
    assert_eq!(row["outputNumber"], format!("CG{day}0003"));
    // A new day starts again from the start number; a rule without a date part goes on.
    assert_eq!(next(&s, &clerk, "CK").await, "PD98");
    s.clock.advance(Duration::from_secs(24 * 3600));
    // (A day later the sessions have expired.)
    let (admin, clerk) = (s.admin().await, s.sign_in("clerk", "Clerk123").await);
    let tomorrow = today(&s, "yyyyMMdd");
    assert_ne!(tomorrow, day);
    assert_eq!(next(&s, &clerk, "PO").await, format!("CG{tomorrow}0001"));
    assert_eq!(next(&s, &clerk, "PO").await, format!("CG{tomorrow}0002"));
    assert_eq!(next(&s, &clerk, "CK").await, "PD99");
    // A changed start number above the last one takes effect at once.
    s.put(&format!("{RULE}/{po}"), Some(&admin), json!({"startNumber": "0100"})).await.ok();
    assert_eq!(next(&s, &clerk, "PO").await, format!("CG{tomorrow}0100"));

    s.get(&format!("{RULE}/BillNumber/NOPE"), Some(&clerk)).await.fails(404, "单据规则不存在：NOPE");
    s.put_empty(&format!("{RULE}/{po}/Actions/State"), Some(&admin)).await.ok();
    s.get(&format!("{RULE}/BillNumber/PO"), Some(&clerk)).await.fails(400, "单据规则已停用：采购订单");
}

/// `n` requests for rule `code` at once against each server; answers every number issued.
async fn at_once(servers: &[(&str, &reqwest::Client)], token: &str, code: &str, n: usize) -> Vec<String> {
    let calls = servers.iter().flat_map(|(base, http)| {
        (0..n).map(move |_| async move {
            let body: Value = crate::harness::json_of(http.get(format!("{base}{RULE}/BillNumber/{code}")).header("Authorization", token)).await;
            assert_eq!(body["code"], 200, "{body}");
            body["data"].as_str().unwrap().to_string()
        })
    });
    futures_util::future::join_all(calls).await
}

// BillNumber under load: 200 requests at once for one rule get 200 distinct consecutive
// numbers; so do 200 split between this server and a second server process (the real
// binary) on the same database.
async fn bill_number_200_at_once_in_one_and_two_processes(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let purchase = business_type(&s, "purchase").await;
    rule(&s, &admin, json!({"fullName": "出库单", "enCode": "OUT", "category": purchase, "prefix": "CK", "dateFormat": "no", "digit": 4, "startNumber": "0001"})).await;
    let expect = |from: usize, to: usize| (from..=to).map(|n| format!("CK{n:04}")).collect::<Vec<_>>();

    let mut numbers = at_once(&[(&s.base, &s.http)], &admin, "OUT", 200).await;
    numbers.sort();
    assert_eq!(numbers, expect(1, 200));

    let dir = tempfile::tempdir().unwrap();
    let second = run_binary(dir.path(), Some(&s.state.config.database_url()), None).await;
    let other = crate::harness::client();
    let mut numbers = at_once(&[(&s.base, &s.http), (&second.base, &other)], &admin, "OUT", 100).await;
    numbers.sort();
    assert_eq!(numbers, expect(201, 400));
}

const BOUNDARY: &str = "qimingBillRuleBoundary";

fn upload(file_name: &str, content: &[u8]) -> Body {
    let mut body = format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").into_bytes();
    body.extend_from_slice(content);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    Body::Raw("multipart/form-data; boundary=qimingBillRuleBoundary", body)
}

// Export and import (BILL-023's export; the JNPF client's .bb import): the rule as a .bb
// file behind an url without a header; importing it back needs a new code; a bad file
// changes nothing and says why.
async fn bill_023_export_and_import(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let purchase = business_type(&s, "purchase").await;
    let po = rule(&s, &admin, purchase_order(&purchase)).await;
    next(&s, &admin, "PO").await;
    let url = s.get(&format!("{RULE}/{po}/Action/Export"), Some(&admin)).await.ok()["url"].as_str().unwrap().to_string();
    let res = s.http.get(format!("{}{url}", s.base)).send().await.unwrap();
    assert!(res.headers()["content-disposition"].to_str().unwrap().contains(".bb"));
    let file: Value = res.json().await.unwrap();
    assert_eq!((file["enCode"].as_str(), file["prefix"].as_str(), file["startNumber"].as_str()), (Some("PO"), Some("CG"), Some("0001")));
    let plural = s.get(&format!("{RULE}/{po}/Actions/Export"), Some(&admin)).await.ok()["url"].as_str().unwrap().to_string();
    assert!(plural.starts_with("/api/file/DownloadModel?encryption="));

    let import = |name: &'static str, content: Value| {
        let (s, admin) = (&s, admin.clone());
        async move { s.call(Method::POST, &format!("{RULE}/Action/Import"), Some(&admin), upload(name, content.to_string().as_bytes())).await }
    };
    import("采购订单.bb", file.clone()).await.fails(400, "单据规则“PO”：采购订单已存在，不能重复导入");
    let mut copy = file.clone();
    copy["enCode"] = json!("PO-COPY");
    import("采购订单.bd", copy.clone()).await.fails(400, "请选择.bb格式的单据规则文件");
    let mut bad = copy.clone();
    bad["digit"] = json!(0);
    import("a.bb", bad).await.fails(400, "单据规则“PO-COPY”：仅能输入正整数");
    let mut bad = copy.clone();
    bad["category"] = json!("nowhere");
    import("a.bb", bad).await.fails(400, "单据规则“PO-COPY”：业务分类不存在");
    import("a.bb", json!({"enCode": "X"})).await.fails(400, "文件内容不是单据规则");
    assert_eq!(s.get(RULE, Some(&admin)).await.ok()["pagination"]["total"], 1, "nothing was stored");
    s.call(Method::POST, &format!("{RULE}/Actions/Import"), Some(&admin), upload("a.bb", copy.to_string().as_bytes())).await.ok();
    let imported = s.get(&format!("{RULE}?keyword=PO-COPY"), Some(&admin)).await.ok()["list"][0].clone();
    assert_eq!((imported["fullName"].as_str(), imported["outputNumber"].as_str()), (Some("采购订单"), Some("")), "a fresh sequence");
    assert_eq!(next(&s, &admin, "PO-COPY").await, format!("CG{}0001", today(&s, "yyyyMMdd")));
}

// PERM-009 on the serial-number rule page: reading needs its menu, each change its button.
async fn bill_rule_page_needs_its_menu_and_buttons(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let purchase = business_type(&s, "purchase").await;
    let po = rule(&s, &admin, purchase_order(&purchase)).await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let token = s.sign_in("clerk", "Clerk123").await;
    s.get(&format!("{RULE}/{po}"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let page = seeded_page(&s, "system.billRule").await;
    s.grant(&clerk, &[&page], &[]).await;
    s.get(&format!("{RULE}/{po}"), Some(&token)).await.ok();
    let mut add = purchase_order(&purchase);
    add["enCode"] = json!("PO2");
    let tries: Vec<(&str, Method, String, Body)> = vec![
        ("btn_add", Method::POST, RULE.to_string(), Body::Json(add)),
        ("btn_edit", Method::PUT, format!("{RULE}/{po}"), Body::Json(json!({"description": "x"}))),
        ("btn_download", Method::GET, format!("{RULE}/{po}/Action/Export"), Body::None),
        ("btn_upload", Method::POST, format!("{RULE}/Action/Import"), upload("a.bb", b"{}")),
        ("btn_remove", Method::DELETE, format!("{RULE}/{po}"), Body::None),
    ];
    each_button_needs_its_grant(&s, &token, &clerk, &page, tries).await;
}

on_both_engines!(
    bill_023_rules,
    bill_024_025_picker,
    bill_number_issues_consecutive_numbers,
    bill_number_200_at_once_in_one_and_two_processes,
    bill_023_export_and_import,
    bill_rule_page_needs_its_menu_and_buttons,
);
