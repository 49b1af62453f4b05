//! One schema for both engines: the same migrations leave SQLite and PostgreSQL with the
//! same tables, columns, types and nullability; keyword search behaves the same on both; a
//! duplicate of a unique key is a 400 naming the field on both.

use crate::harness::{Engine, TestServer, start};
use crate::on_both_engines;
use qiming_server::AppError;
use qiming_server::permission::repo::menu;
use qiming_server::permission::user::repo as user;
use qiming_server::request::Client;
use qiming_server::system::LoginRecord;
use std::collections::BTreeSet;

/// (table, column, type, not null) of every application table (views aside).
async fn columns(s: &TestServer, engine: Engine) -> BTreeSet<(String, String, String, bool)> {
    let mut conn = s.conn().await;
    let rows: Vec<(String, String, String, i64)> = match engine {
        Engine::Sqlite => sqlx::query_as(
            "SELECT m.name, p.name, lower(p.type), CASE WHEN p.\"notnull\" = 1 OR p.pk > 0 THEN 1 ELSE 0 END \
             FROM sqlite_master m JOIN pragma_table_info(m.name) p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_sqlx%'",
        )
        .fetch_all(&mut *conn)
        .await
        .unwrap(),
        Engine::Postgres => sqlx::query_as(
            "SELECT table_name::text, column_name::text, lower(data_type::text), \
             CASE WHEN is_nullable = 'NO' THEN 1 ELSE 0 END::bigint \
             FROM information_schema.columns WHERE table_schema = current_schema() AND table_name NOT LIKE '_sqlx%' \
             AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')",
        )
        .fetch_all(&mut *conn)
        .await
        .unwrap(),
    };
    rows.into_iter().map(|(t, c, ty, nn)| (t, c, ty, nn == 1)).collect()
}

// Both engines end with the same tables and columns (names, types, nullability), and every
// unique constraint of the schema is mapped to the field a person fixes.
#[tokio::test]
async fn both_engines_have_the_same_schema() {
    let sqlite = start(Engine::Sqlite).await;
    let postgres = start(Engine::Postgres).await;
    let lite = columns(&sqlite, Engine::Sqlite).await;
    let pg = columns(&postgres, Engine::Postgres).await;
    assert!(lite.len() > 80, "{} columns", lite.len());
    let only_lite: Vec<_> = lite.difference(&pg).collect();
    let only_pg: Vec<_> = pg.difference(&lite).collect();
    assert!(only_lite.is_empty() && only_pg.is_empty(), "only on SQLite: {only_lite:#?}\nonly on PostgreSQL: {only_pg:#?}");

    let mut conn = postgres.conn().await;
    let unique: Vec<(String,)> = sqlx::query_as(
        "SELECT conname::text FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace \
         WHERE c.contype = 'u' AND n.nspname = current_schema()",
    )
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    let known = qiming_server::db::known_constraint_names();
    for (name,) in unique {
        assert!(known.contains(&name), "unique constraint {name} has no field in db/unique.rs");
    }
}

fn field_error(e: AppError) -> (String, Vec<String>) {
    match e {
        AppError::BadInput { fields: Some(f), .. } => f.into_iter().next().unwrap(),
        other => panic!("expected a field error, got {other:?}"),
    }
}

// A unique-key violation is a 400 naming the field (账户已存在, 编码已存在), never a 500.
async fn duplicates_name_the_field(engine: Engine) {
    let s = start(engine).await;
    let now = s.clock.now_ms();
    let mut conn = s.conn().await;
    let new = user::NewUser { account: "admin", real_name: "x", password_hash: "x", is_administrator: false, system_id: None };
    let e = user::insert(&mut conn, &new, now).await.unwrap_err();
    assert_eq!(e.code(), 400);
    assert_eq!(field_error(e), ("account".to_string(), vec!["账户已存在".to_string()]));
    menu::insert_role(&mut conn, "nurses", "护士", now).await.unwrap();
    let e = menu::insert_role(&mut conn, "nurses", "护士二", now).await.unwrap_err();
    assert_eq!(field_error(e), ("enCode".to_string(), vec!["编码已存在".to_string()]));
    let home = "200000000000000001";
    menu::insert_item(&mut conn, home, menu::ItemKind::Button, "btn_add", "新建").await.unwrap();
    let e = menu::insert_item(&mut conn, home, menu::ItemKind::Button, "btn_add", "新建").await.unwrap_err();
    assert_eq!(field_error(e), ("enCode".to_string(), vec!["编码已存在".to_string()]));
}

// Keyword search ignores the case of ASCII letters and nothing else, the same on both
// engines (SQLite's LIKE and PostgreSQL's LIKE differ on their own).
async fn keyword_search_is_the_same_on_both_engines(engine: Engine) {
    let s = start(engine).await;
    let token = s.ready_admin().await;
    let me = s.get("/api/oauth/CurrentUser", Some(&token)).await.ok()["userInfo"]["userId"].as_str().unwrap().to_string();
    let client = Client {
        ip: "10.0.0.1".into(),
        place: "局域网".into(),
        user_agent: String::new(),
        browser: "ÉCOLE Browser".into(),
        os: "Linux".into(),
    };
    let record = LoginRecord { user_id: Some(&me), user_name: "admin", success: true, reason: "登录成功".into(), client: &client, at: 1 };
    let mut conn = s.conn().await;
    qiming_server::system::service::record_login(&mut conn, &record).await.unwrap();
    drop(conn);
    let total = |keyword: &'static str| {
        let s = &s;
        let token = token.clone();
        async move {
            let q = format!("/api/permission/Users/Current/SystemLog?keyword={}", urlencode(keyword));
            s.get(&q, Some(&token)).await.ok()["pagination"]["total"].as_i64().unwrap()
        }
    };
    for (keyword, expected) in [("browser", 1), ("BROWSER", 1), ("bRoWsEr", 1), ("Écol", 1), ("ÉCOL", 1), ("écol", 0), ("linux", 1), ("LIN_X", 0), ("lin%", 0)] {
        assert_eq!(total(keyword).await, expected, "keyword {keyword:?}");
    }
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

on_both_engines!(duplicates_name_the_field, keyword_search_is_the_same_on_both_engines);
