//! The unchanged JNPF 3.4.7 web client on Qiming (issue 25, "The JNPF client"): the calls it
//! makes that must answer what the JNPF server answers, checked against
//! ../shared/reference/jnpf-wire*.md.

use crate::harness::{Engine, start};
use crate::on_both_engines;
use serde_json::{Value, json};

fn flatten(nodes: &Value, out: &mut Vec<Value>) {
    for n in nodes.as_array().into_iter().flatten() {
        out.push(n.clone());
        flatten(&n["children"], out);
    }
}

fn address_of(menus: &Value, en_code: &str) -> String {
    let mut all = Vec::new();
    flatten(menus, &mut all);
    let m = all.iter().find(|m| m["enCode"] == en_code).unwrap_or_else(|| panic!("menu {en_code} in {menus:#}"));
    m["urlAddress"].as_str().unwrap().to_string()
}

// anything but code 200 stops the page. No column settings are stored: data is the empty list.
async fn columns_by_module_id_answers_the_empty_list(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let a = s.get("/api/permission/Authority/GetColumnsByModuleId/270579315303777093", Some(&admin)).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.ok(), &json!([]));
    // Signed-out callers are refused as every call is.
    assert_ne!(s.get("/api/permission/Authority/GetColumnsByModuleId/270579315303777093", None).await.code(), 200);
}

// an existing installation's seeded menus the same way.
async fn seeded_menus_use_the_jnpf_client_addresses(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let current = s.get("/api/oauth/CurrentUser", Some(&admin)).await.ok().clone();
    let menus = &current["menuList"];
    assert_eq!(address_of(menus, "schedule"), "extend/schedule");
    assert_eq!(address_of(menus, "systemData.area"), "system/area");
    assert_eq!(address_of(menus, "msgCenter.notice"), "system/notice");
    for (code, address) in [
        ("permission.organize", "permission/organize"),
        ("permission.user", "permission/user"),
        ("systemData.dictionary", "systemData/dictionary"),
        ("systemData.dataInterface", "systemData/dataInterface"),
        ("system.billRule", "system/billRule"),
        ("system.menu", "system/menu"),
        ("system.sysConfig", "system/sysConfig"),
        ("system.visualDev", "onlineDev/webDesign"),
    ] {
        assert_eq!(address_of(menus, code), address, "{code}");
    }

    // An installation seeded before: the old addresses, then migration 0031.
    let mut conn = s.conn().await;
    for (id, old) in [("200000000000000045", "schedule"), ("200000000000000043", "systemData/area"), ("200000000000000061", "msgCenter/notice")] {
        sqlx::query("UPDATE base_module SET url_address = $1 WHERE id = $2").bind(old).bind(id).execute(&mut *conn).await.unwrap();
    }
    // One the administrator moved elsewhere stays where they put it.
    sqlx::query("UPDATE base_module SET url_address = 'my/area' WHERE id = '200000000000000043'").execute(&mut *conn).await.unwrap();
    let migration = include_str!("../../migrations/0031_jnpf_menu_addresses.sql");
    let statements: String = migration.lines().filter(|l| !l.trim_start().starts_with("--")).collect::<Vec<_>>().join("\n");
    for statement in statements.split(';').filter(|s| !s.trim().is_empty()) {
        sqlx::query(sqlx::AssertSqlSafe(statement.to_string())).execute(&mut *conn).await.unwrap();
    }
    let mut read = Vec::new();
    for id in ["200000000000000045", "200000000000000043", "200000000000000061"] {
        read.push(sqlx::query_scalar::<_, String>("SELECT url_address FROM base_module WHERE id = $1").bind(id).fetch_one(&mut *conn).await.unwrap());
    }
    assert_eq!(read, ["extend/schedule", "my/area", "system/notice"]);
}

// Members who are not administrators are not offered it.
async fn org_002_company_parents_offer_the_top_node_to_administrators(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let list = s.get("/api/permission/Organize/SelectorByAuth/0", Some(&admin)).await.ok()["list"].clone();
    let top = &list[0];
    assert_eq!((top["id"].as_str(), top["fullName"].as_str()), (Some("-1"), Some("顶级节点")), "{list:#}");
    assert_eq!(top["organizeIds"], json!(["-1"]));
    s.post("/api/permission/Organize", Some(&admin), json!({"parentId": "-1", "fullName": "第一公司", "enCode": "first", "enabledMark": 1, "sortCode": 0, "propertyJson": {}})).await.ok();
    let list = s.get("/api/permission/Organize/SelectorByAuth/0", Some(&admin)).await.ok()["list"].clone();
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|n| n["fullName"].as_str().unwrap()).collect();
    assert!(names.starts_with(&["顶级节点"]) && names.contains(&"第一公司"), "{names:?}");
    let first = list.as_array().unwrap().iter().find(|n| n["fullName"] == "第一公司").unwrap();
    let info = s.get(&format!("/api/permission/Organize/{}", first["id"].as_str().unwrap()), Some(&admin)).await.ok().clone();
    assert_eq!(info["organizeIdTree"], json!(["-1"]));

    s.create_user("clerk", "Clerk123").await;
    let clerk = s.sign_in("clerk", "Clerk123").await;
    let list = s.get("/api/permission/Organize/SelectorByAuth/0", Some(&clerk)).await.ok()["list"].clone();
    assert!(list.as_array().unwrap().iter().all(|n| n["id"] != "-1"), "{list:#}");
}

on_both_engines!(
    columns_by_module_id_answers_the_empty_list,
    seeded_menus_use_the_jnpf_client_addresses,
    org_002_company_parents_offer_the_top_node_to_administrators,
);
