//! Menu filtering by permission and the system configuration's admin rules.

use crate::harness::{Engine, new_menu, start, start_sharing, start_with};
use crate::on_both_engines;
use qiming_server::permission::repo::menu::{self, ItemKind};
use serde_json::{Value, json};

const HOME: &str = "200000000000000001";

fn codes(menus: &Value) -> Vec<String> {
    menus.as_array().unwrap().iter().map(|m| m["enCode"].as_str().unwrap().to_string()).collect()
}

fn en_codes(items: &Value) -> Vec<&str> {
    items.as_array().unwrap().iter().map(|i| i["enCode"].as_str().unwrap()).collect()
}

// PERM-001, PERM-002, PERM-005..PERM-009, ROUTE-010 (server side): a user sees the menus
// and page items their roles grant, directories only when something under them is granted,
// and nothing at all without a role; the administrator sees every page and item.
async fn perm_001_005_menu_filtered_by_permission(engine: Engine) {
    let s = start(engine).await;
    let mut conn = s.conn().await;
    let dir = menu::insert_menu(&mut conn, &new_menu("-1", "wards", 0), s.clock.now_ms()).await.unwrap();
    let beds = menu::insert_menu(&mut conn, &new_menu(&dir, "wards.beds", 2), s.clock.now_ms()).await.unwrap();
    let rota = menu::insert_menu(&mut conn, &new_menu(&dir, "wards.rota", 2), s.clock.now_ms()).await.unwrap();
    let empty_dir = menu::insert_menu(&mut conn, &new_menu("-1", "pharmacy", 0), s.clock.now_ms()).await.unwrap();
    let add = menu::insert_item(&mut conn, &beds, ItemKind::Button, "btn_add", "新建").await.unwrap();
    menu::insert_item(&mut conn, &beds, ItemKind::Button, "btn_remove", "删除").await.unwrap();
    let col = menu::insert_item(&mut conn, &beds, ItemKind::Column, "bedNo", "床号").await.unwrap();
    let form = menu::insert_item(&mut conn, &beds, ItemKind::Form, "table-field", "明细").await.unwrap();
    drop(conn);

    let nurse = s.create_user("nurse", "Nurse123").await;
    s.grant(&nurse, &[HOME, &dir, &beds, &empty_dir], &[("button", &add), ("column", &col), ("form", &form)]).await;
    let token = s.sign_in("nurse", "Nurse123").await;
    let me = s.get("/api/oauth/CurrentUser", Some(&token)).await;
    let data = me.ok();
    assert_eq!(codes(&data["menuList"]), ["home", "wards"], "no messageRecord, no empty pharmacy");
    let wards = &data["menuList"][1];
    assert_eq!(wards["hasChildren"], true);
    assert_eq!(codes(&wards["children"]), ["wards.beds"], "rota is not granted");
    let beds_entry = data["permissionList"].as_array().unwrap().iter().find(|p| p["modelId"] == beds.as_str()).unwrap();
    assert_eq!(en_codes(&beds_entry["button"]), ["btn_add"]);
    assert_eq!(en_codes(&beds_entry["column"]), ["bedNo"]);
    assert_eq!(en_codes(&beds_entry["form"]), ["table-field"]);
    assert_eq!(data["permissionList"].as_array().unwrap().len(), 2, "one entry per visible page");
    assert_eq!(data["userInfo"]["isAdministrator"], false);
    assert_eq!(data["userInfo"]["roleIds"].as_array().unwrap().len(), 1);

    // The administrator sees all pages and items.
    let admin = s.admin().await;
    let all = s.get("/api/oauth/CurrentUser", Some(&admin)).await;
    let all = all.ok();
    assert_eq!(codes(&all["menuList"]), ["home", "messageRecord", "profile", "schedule", "workFlow", "permission", "systemData", "msgCenter", "system", "wards"]);
    assert_eq!(codes(&all["menuList"][9]["children"]), ["wards.beds", "wards.rota"]);
    let beds_all = all["permissionList"].as_array().unwrap().iter().find(|p| p["modelId"] == beds.as_str()).unwrap();
    assert_eq!(en_codes(&beds_all["button"]), ["btn_add", "btn_remove"]);
    assert!(all["permissionList"].as_array().unwrap().iter().any(|p| p["modelId"] == rota.as_str()));

    // PERM-002: without a role the menu is empty (the client then says 您的权限不足).
    s.create_user("visitor", "Visitor123").await;
    let visitor = s.sign_in("visitor", "Visitor123").await;
    let none = s.get("/api/oauth/CurrentUser", Some(&visitor)).await;
    assert_eq!(none.ok()["menuList"], json!([]));
    assert_eq!(none.ok()["permissionList"], json!([]));

    // A disabled role grants nothing.
    let mut conn = s.conn().await;
    sqlx::query("UPDATE base_role SET enabled_mark = 0").execute(&mut *conn).await.unwrap();
    // Written around the repositories, so the cached answers are told here.
    qiming_server::db::bump_generation(&mut conn).await.unwrap();
    let after = s.get("/api/oauth/CurrentUser", Some(&token)).await;
    assert_eq!(after.ok()["menuList"], json!([]));
}

// SYS-002, SYS-003: every session reads SysConfig; secrets only reach administrators;
// PUT is for administrators, validated, and stored.
async fn sys_003_config_admin_only_and_secrets_hidden(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    s.put("/api/system/SysConfig", Some(&admin), json!({"qyhCorpSecret": "corp-secret", "qyhCorpId": "ww123"})).await.ok();

    s.create_user("nurse", "Nurse123").await;
    let nurse = s.sign_in("nurse", "Nurse123").await;
    let seen = s.get("/api/system/SysConfig", Some(&nurse)).await;
    let seen = seen.ok();
    for key in ["title", "copyright", "logoIcon", "navigationIcon", "workLogoIcon", "sysVersion"] {
        assert!(seen.get(key).is_some(), "{key}");
    }
    assert_eq!(seen["qyhCorpId"], "ww123");
    for secret in ["qyhCorpSecret", "qyhAgentSecret", "dingSynAppSecret"] {
        assert!(seen.get(secret).is_none(), "{secret} leaked to a non-administrator");
    }
    assert!(!seen.to_string().contains("corp-secret"));
    let me = s.get("/api/oauth/CurrentUser", Some(&nurse)).await;
    assert!(!me.ok()["sysConfigInfo"].to_string().contains("corp-secret"));

    s.put("/api/system/SysConfig", Some(&nurse), json!({"title": "x"})).await.fails(403, "您没有此操作的权限");
    // Administrators see that a secret is set, not the secret; sending the mask back keeps it.
    let admin_view = s.get("/api/system/SysConfig", Some(&admin)).await.ok().clone();
    assert_eq!(admin_view["qyhCorpSecret"], "******");
    assert!(!admin_view.to_string().contains("corp-secret"));
    assert_eq!(admin_view["title"], "启明", "the refused write changed nothing");
    s.put("/api/system/SysConfig", Some(&admin), admin_view.clone()).await.ok();
    let mut conn = s.conn().await;
    let (stored,): (String,) = sqlx::query_as("SELECT config_value FROM base_sys_config WHERE config_key = 'qyhCorpSecret'")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(stored, "\"corp-secret\"", "the masked value written back kept the secret");
    drop(conn);

    let bad = s
        .put("/api/system/SysConfig", Some(&admin), json!({"title": "", "verificationCodeNumber": 99, "lockTime": "x", "hack": 1}))
        .await;
    assert_eq!(bad.code(), 400);
    let fields: Vec<&String> = bad.data().as_object().unwrap().keys().collect();
    assert_eq!(fields, ["hack", "lockTime", "title", "verificationCodeNumber"]);
    s.put("/api/system/SysConfig", Some(&admin), json!(["not", "an", "object"])).await.fails(400, "请求数据必须是对象");

    let good = json!({"title": "启明医院", "copyright": "© 启明", "sysVersion": "9.9.9", "enableVerificationCode": "1"});
    s.put("/api/system/SysConfig", Some(&admin), good).await.ok();
    let now = s.get("/api/system/SysConfig", Some(&nurse)).await;
    assert_eq!(now.ok()["title"], "启明医院");
    assert_eq!(now.ok()["enableVerificationCode"], 1);
    assert_eq!(now.ok()["sysVersion"], "3.4.7", "read-only");
}

// CurrentUser is answered from a per-session cache, which follows every change it is built
// from — made through this server or through another process sharing the database.
async fn current_user_cache_follows_every_change(engine: Engine) {
    let a = start(engine).await;
    let b = start_sharing(&a).await;
    let admin = a.ready_admin().await;
    let nurse = a.create_user("nurse", "Nurse123").await;
    let token = a.sign_in("nurse", "Nurse123").await;
    let on_a = || async { a.get("/api/oauth/CurrentUser", Some(&token)).await.ok().clone() };
    let first = on_a().await;
    assert_eq!(first["menuList"], json!([]));
    assert_eq!(on_a().await, first, "served again unchanged");

    // A grant made in the other process.
    let mut conn = b.conn().await;
    let dir = menu::insert_menu(&mut conn, &new_menu("-1", "wards", 0), b.clock.now_ms()).await.unwrap();
    let beds = menu::insert_menu(&mut conn, &new_menu(&dir, "wards.beds", 2), b.clock.now_ms()).await.unwrap();
    drop(conn);
    b.grant(&nurse, &[&dir, &beds], &[]).await;
    assert_eq!(codes(&on_a().await["menuList"]), ["wards"]);
    // A menu renamed through the other process's API: this process's menu snapshot (kept
    // while only users, roles and grants change) follows it too.
    b.put(&format!("/api/system/Menu/{dir}"), Some(&admin), json!({"fullName": "病区"})).await.ok();
    assert_eq!(on_a().await["menuList"][0]["fullName"], "病区");
    let renamed = on_a().await;
    b.put("/api/permission/Users/Current/BaseInfo", Some(&token), json!({"realName": "王护士"})).await.ok();
    assert_eq!(on_a().await["menuList"], renamed["menuList"], "a user's change rebuilds the answer from the kept menus");
    // The configuration, changed through the other process's API.
    b.put("/api/system/SysConfig", Some(&admin), json!({"title": "启明医院"})).await.ok();
    assert_eq!(on_a().await["sysConfigInfo"]["title"], "启明医院");
    // The user's own profile.
    b.put("/api/permission/Users/Current/BaseInfo", Some(&token), json!({"realName": "李护士"})).await.ok();
    assert_eq!(on_a().await["userInfo"]["userName"], "李护士");
}

on_both_engines!(
    perm_001_005_menu_filtered_by_permission,
    sys_003_config_admin_only_and_secrets_hidden,
    current_user_cache_follows_every_change,
);

// Issue 25: the installation's zone (QIMING_UTC_OFFSET_MINUTES) reaches the web in CurrentUser's
// sysConfigInfo, so the web counts "today" and wall-clock times in it, not in the browser's.
async fn current_user_answers_the_installations_zone(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let current = s.get("/api/oauth/CurrentUser", Some(&admin)).await.ok().clone();
    assert_eq!(current["sysConfigInfo"]["utcOffsetMinutes"], json!(480));

    let s = start_with(engine, |c| c.utc_offset_minutes = -300).await;
    let admin = s.ready_admin().await;
    let current = s.get("/api/oauth/CurrentUser", Some(&admin)).await.ok().clone();
    assert_eq!(current["sysConfigInfo"]["utcOffsetMinutes"], json!(-300));
    // Not a setting: the configuration page neither shows nor saves it.
    let config = s.get("/api/system/SysConfig", Some(&admin)).await.ok().clone();
    assert!(config.get("utcOffsetMinutes").is_none());
}

on_both_engines!(current_user_answers_the_installations_zone);
