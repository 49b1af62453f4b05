//! 导出 of a generated list (issue 28 §2, jnpf-wire-engine2.md §4.1): `POST
//! /api/visualdev/OnlineDev/{modelId}/Actions/Export` with the List body, `dataType` and
//! `selectKey` answers a url that a plain link opens (no Authorization header) until it
//! expires; the workbook, read back with calamine, holds the chosen columns' display values —
//! option and dictionary labels, users' names, dates in the field's format, numbers as numbers,
//! sub-table columns joined — and formula-looking texts written so that spreadsheets do not run
//! them.

use crate::harness::{Engine, TestServer, start};
use crate::on_both_engines;
use crate::online::released;
use calamine::{Data, Reader};
use serde_json::{Value, json};
use std::collections::BTreeMap;

const ONLINE: &str = "/api/visualdev/OnlineDev";
/// 2023-11-14 22:13:20 UTC.
const PLACED: i64 = 1_700_000_000_000;

fn form(education_type: &str) -> Value {
    json!({"formRef": "elForm", "fields": [
        {"__vModel__": "code", "__config__": {"jnpfKey": "comInput", "label": "单号", "required": true}},
        {"__vModel__": "title", "__config__": {"jnpfKey": "comInput", "label": "标题"}},
        {"__vModel__": "amount", "__config__": {"jnpfKey": "numInput", "label": "金额"}, "precision": 2},
        {"__vModel__": "placed", "__config__": {"jnpfKey": "date", "label": "日期"}, "format": "yyyy/MM/dd", "type": "date"},
        {"__vModel__": "kind", "__config__": {"jnpfKey": "select", "label": "类别", "dataType": "static"},
         "__slot__": {"options": [{"id": "1", "fullName": "急诊"}, {"id": "2", "fullName": "门诊"}]}, "props": {"props": {"value": "id", "label": "fullName"}}},
        {"__vModel__": "level", "__config__": {"jnpfKey": "select", "label": "学历", "dataType": "dictionary", "dictionaryType": education_type},
         "props": {"props": {"value": "id", "label": "fullName"}}},
        {"__vModel__": "owner", "__config__": {"jnpfKey": "userSelect", "label": "负责人"}},
        {"__vModel__": "urgent", "__config__": {"jnpfKey": "switch", "label": "加急"}, "activeTxt": "是", "inactiveTxt": "否"},
        {"__vModel__": "lines", "__config__": {"jnpfKey": "table", "label": "明细", "tableName": "", "children": [
            {"__vModel__": "item", "__config__": {"jnpfKey": "comInput", "label": "品名"}}
        ]}}
    ]})
}

fn columns() -> Value {
    json!({"searchList": [{"prop": "title", "__vModel__": "title", "searchType": 2}],
        "columnList": [{"prop": "code", "label": "单号", "sortable": true}, {"prop": "title", "label": "标题"}, {"prop": "amount", "label": "金额"}],
        "btnsList": [{"value": "add", "label": "新增"}, {"value": "download", "label": "导出"}]})
}

/// The workbook behind an export's url, fetched as a plain link would: every row's cells.
async fn workbook_at(s: &TestServer, url: &str) -> Vec<Vec<Data>> {
    assert!(url.starts_with("/api/file/DownloadModel?encryption="), "{url}");
    let res = s.http.get(format!("{}{url}", s.base)).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-disposition"].to_str().unwrap().contains(".xlsx"));
    let bytes = res.bytes().await.unwrap().to_vec();
    let mut book = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(bytes)).unwrap();
    let range = book.worksheet_range_at(0).unwrap().unwrap();
    range.rows().map(|r| r.to_vec()).collect()
}

fn text(d: &Data) -> String {
    match d {
        Data::Empty => String::new(),
        Data::String(s) => s.clone(),
        Data::Float(f) => f.to_string(),
        other => panic!("unexpected cell {other:?}"),
    }
}

/// Inserts `n` records straight into the model's main table (the export's subject is reading
/// them, not the form's save): code E00000…, title 标题i, amount i + 0.5, placed, kind 1 or 2.
async fn bulk(s: &TestServer, model: &str, admin_id: &str, n: usize) {
    let mut conn = s.conn().await;
    let table = format!("rec_{}", model.to_ascii_lowercase());
    let physical: BTreeMap<String, String> = sqlx::query_as::<_, (String, String)>("SELECT field, physical FROM base_visual_column WHERE physical_table = $1")
        .bind(&table)
        .fetch_all(&mut *conn)
        .await
        .unwrap()
        .into_iter()
        .collect();
    let cols = ["code", "title", "amount", "placed", "kind"].map(|f| physical[f].clone()).join(", ");
    for start in (0..n).step_by(500) {
        let values: Vec<String> = (start..(start + 500).min(n))
            .map(|i| format!("('e{i:06}', '{admin_id}', {}, '', '', 0, 'E{i:05}', '标题{i}', {}.5, {PLACED}, '{}')", 1_000 + i, i, 1 + i % 2))
            .collect();
        let sql = format!("INSERT INTO {table} (id, creator, created, organisation, position, version, {cols}) VALUES {}", values.join(", "));
        sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut *conn).await.unwrap();
    }
}

// issue 28 §2: an export of every page of 10,000 records (and three saved through the form)
// read back with calamine: the header, one row per record with the display values; this page
// only; the filters of the List body; chosen columns in the order sent; refusals.
async fn export_ten_thousand_records(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let (education_type, level_id, level_name): (String, String, String) = {
        let mut conn = s.conn().await;
        sqlx::query_as(
            "SELECT t.id, d.id, d.full_name FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
             WHERE t.en_code = 'Education' ORDER BY d.sort_code, d.id",
        )
        .fetch_one(&mut *conn)
        .await
        .unwrap()
    };
    let model = released(&s, &admin, "exportledger", form(&education_type), columns()).await;
    let admin_id = s.get("/api/oauth/CurrentUser", Some(&admin)).await.ok()["userInfo"]["userId"].as_str().unwrap().to_string();
    let admin_name = s.get("/api/oauth/CurrentUser", Some(&admin)).await.ok()["userInfo"]["userName"].as_str().unwrap().to_string();
    // Three records through the form: labels, names, a switch, sub-table rows, formula-looking texts.
    for (code, title, items) in [("F1", "=HYPERLINK(\"http://x\")", vec!["阿莫西林", "+1"]), ("F2", "@SUM(A1)", vec![]), ("F3", "-2+3", vec!["头孢"])] {
        let lines: Vec<Value> = items.iter().map(|i| json!({"item": i})).collect();
        let data = json!({"code": code, "title": title, "amount": -12.25, "placed": PLACED, "kind": "2", "level": level_id, "owner": admin_id, "urgent": 1, "lines": lines});
        s.post(&format!("{ONLINE}/{model}"), Some(&admin), json!({"data": data.to_string()})).await.ok();
    }
    bulk(&s, &model, &admin_id, 10_000).await;

    let keys = ["code", "title", "amount", "placed", "kind", "level", "owner", "urgent", "lines-item"];
    let body = json!({"currentPage": 1, "pageSize": 20, "sort": "desc", "sidx": "", "menuId": "", "queryJson": "", "superQueryJson": "", "dataType": 1, "selectKey": keys});
    let url = s.post(&format!("{ONLINE}/{model}/Actions/Export"), Some(&admin), body.clone()).await.ok()["url"].as_str().unwrap().to_string();
    let rows = workbook_at(&s, &url).await;
    assert_eq!(rows.len(), 1 + 10_003);
    let header: Vec<String> = rows[0].iter().map(text).collect();
    assert_eq!(header, ["单号", "标题", "金额", "日期", "类别", "学历", "负责人", "加急", "明细-品名"]);
    let by_code: BTreeMap<String, &Vec<Data>> = rows[1..].iter().map(|r| (text(&r[0]), r)).collect();
    assert_eq!(by_code.len(), 10_003, "every record once");
    for i in [0usize, 1, 4_999, 9_999] {
        let r = by_code[&format!("E{i:05}")];
        assert_eq!(r[1], Data::String(format!("标题{i}")));
        assert_eq!(r[2], Data::Float(i as f64 + 0.5), "numbers stay numbers");
        assert_eq!(r[3], Data::String("2023/11/15".into()), "the date in the field's format, in the installation's zone");
        assert_eq!(r[4], Data::String(if i % 2 == 0 { "急诊" } else { "门诊" }.into()));
        assert!(r.get(5).is_none_or(|c| *c == Data::Empty));
    }
    // Newest first, as the list: the records saved through the form come first.
    assert_eq!(text(&rows[10_003][0]), "E00000");
    let f1 = by_code["F1"];
    assert_eq!(f1[1], Data::String("=HYPERLINK(\"http://x\")".into()), "the text itself, not a formula");
    assert_eq!(f1[2], Data::Float(-12.25));
    assert_eq!(f1[5], Data::String(level_name.clone()));
    assert_eq!(f1[6], Data::String(admin_name.clone()));
    assert_eq!(f1[7], Data::String("是".into()));
    assert_eq!(f1[8], Data::String("阿莫西林，+1".into()));
    assert_eq!(by_code["F2"][1], Data::String("@SUM(A1)".into()));
    assert_eq!(by_code["F3"][1], Data::String("-2+3".into()));

    // The workbook has no formula cell, and the formula-looking texts carry Excel's quote prefix.
    let res = s.http.get(format!("{}{url}", s.base)).send().await.unwrap();
    let bytes = res.bytes().await.unwrap().to_vec();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut sheet = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("xl/worksheets/sheet1.xml").unwrap(), &mut sheet).unwrap();
    assert!(!sheet.contains("<f>"), "no formula cell");
    let mut styles = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("xl/styles.xml").unwrap(), &mut styles).unwrap();
    assert!(styles.contains("quotePrefix=\"1\""), "{styles}");

    // This page only, the List body's filters and order, the columns in the order sent.
    let page = json!({"currentPage": 2, "pageSize": 50, "sort": "asc", "sidx": "code", "queryJson": json!({"title": "标题99"}).to_string(), "dataType": 0, "selectKey": ["amount", "code"]});
    let url = s.post(&format!("{ONLINE}/{model}/Actions/Export"), Some(&admin), page).await.ok()["url"].as_str().unwrap().to_string();
    let rows = workbook_at(&s, &url).await;
    assert_eq!(rows[0], vec![Data::String("金额".into()), Data::String("单号".into())]);
    // 标题99, 标题990…999, 标题9900…9999: 111 records, the second page of 50 sorted by code.
    let codes: Vec<String> = rows[1..].iter().map(|r| text(&r[1])).collect();
    let mut expected: Vec<String> = (0..10_000).filter(|i| format!("标题{i}").contains("标题99")).map(|i| format!("E{i:05}")).collect();
    expected.sort();
    assert_eq!(codes, expected[50..100].to_vec());

    // Refusals: no column, an unknown column, a bad range; signed out.
    let export = format!("{ONLINE}/{model}/Actions/Export");
    let refuse = |body: Value| s.post(&export, Some(&admin), body);
    refuse(json!({"dataType": 1, "selectKey": []})).await.fails(400, "请至少选择一个导出字段");
    assert_eq!(refuse(json!({"dataType": 1, "selectKey": ["nope"]})).await.code(), 400);
    assert_eq!(refuse(json!({"dataType": 3, "selectKey": ["code"]})).await.code(), 400);
    assert_ne!(s.post(&format!("{ONLINE}/{model}/Actions/Export"), None, json!({"dataType": 1, "selectKey": ["code"]})).await.code(), 200);
}

on_both_engines!(export_ten_thousand_records);
