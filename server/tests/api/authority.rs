//! The authorisation wizard (jnpf-wire-areas.md, Authority; the checklist has no item of its
//! own): the steps' trees, saving a role's grants, what a member of the role then sees and may
//! do, the batch page, and a manager who is not the administrator handing out only what they
//! hold.

use crate::harness::{Body, Engine, MAIN_SYSTEM, TestServer, seeded_button, seeded_page, start};
use crate::on_both_engines;
use qiming_server::access::MSG_FORBIDDEN;
use reqwest::Method;
use serde_json::{Value, json};

const AUTHORITY: &str = "/api/permission/Authority/Data";

async fn global_role(s: &TestServer, token: &str, code: &str) -> String {
    s.post("/api/permission/Role", Some(token), json!({"fullName": code, "enCode": code, "globalMark": 1})).await.ok();
    s.get(&format!("/api/permission/Role?keyword={code}"), Some(token)).await.ok()["list"][0]["id"].as_str().unwrap().to_string()
}

async fn join(s: &TestServer, admin: &str, role: &str, users: &[&str]) {
    s.post(&format!("/api/permission/UserRelation/{role}"), Some(admin), json!({"objectId": role, "objectType": "Role", "userIds": users})).await.ok();
}

fn find<'a>(nodes: &'a Value, id: &str) -> Option<&'a Value> {
    nodes.as_array()?.iter().find_map(|n| if n["id"] == id { Some(n) } else { find(&n["children"], id) })
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect()
}

async fn values(s: &TestServer, token: &str, object: &str, kind: &str, ids: &[&str]) -> Value {
    s.post(&format!("{AUTHORITY}/{object}/Values"), Some(token), json!({"type": kind, "moduleIds": ids.join(",")})).await.ok().clone()
}

// The six steps' trees (systems; the chosen systems' menus; the chosen menus'
// buttons with their menus); saving a role's grants (ids of the wrong kind ignored); a member
// sees exactly the granted menus and buttons and the server enforces them; the saved ids come
// back as ticked leaves only.
async fn authorise_a_role(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let clerk_role = global_role(&s, &admin, "clerk").await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    join(&s, &admin, &clerk_role, &[&clerk]).await;
    let users_page = seeded_page(&s, "permission.user").await;
    let roles_page = seeded_page(&s, "permission.role").await;
    let add = seeded_button(&s, &users_page, "btn_add").await;
    let remove = seeded_button(&s, &users_page, "btn_remove").await;

    let systems = values(&s, &admin, &clerk_role, "system", &[]).await;
    assert!(find(&systems["list"], MAIN_SYSTEM).is_some());
    assert_eq!(systems["ids"], json!([]));
    let menus = values(&s, &admin, &clerk_role, "module", &[MAIN_SYSTEM]).await;
    let system = find(&menus["list"], MAIN_SYSTEM).unwrap();
    assert!(find(&system["children"], &users_page).is_some(), "the system's menus under it");
    assert!(strings(&menus["all"]).contains(&users_page));
    let buttons = values(&s, &admin, &clerk_role, "button", &[&users_page]).await;
    let page = find(&buttons["list"], &users_page).unwrap();
    let codes: Vec<&str> = page["children"].as_array().unwrap().iter().map(|b| b["fullName"].as_str().unwrap()).collect();
    assert!(codes.len() >= 3, "the page's buttons: {codes:?}");
    assert!(find(&buttons["list"], &roles_page).is_none(), "only the menus chosen in step 2");
    let bad = s.post(&format!("{AUTHORITY}/{clerk_role}/Values"), Some(&admin), json!({"type": "nonsense", "moduleIds": ""})).await;
    assert_eq!(bad.code(), 400);
    s.post(&format!("{AUTHORITY}/nobody/Values"), Some(&admin), json!({"type": "system", "moduleIds": ""})).await.fails(404, "对象不存在");

    let token = s.sign_in("clerk", "Clerk123").await;
    s.get("/api/permission/Users", Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let directory = system["children"].as_array().unwrap().iter().find(|m| find(&m["children"], &users_page).is_some()).unwrap()["id"].as_str().unwrap().to_string();
    s.put(
        &format!("{AUTHORITY}/{clerk_role}"),
        Some(&admin),
        json!({"objectType": "Role", "systemIds": [MAIN_SYSTEM], "module": [directory, users_page],
               "button": [users_page, add], "column": [users_page], "form": [], "resource": []}),
    )
    .await
    .ok();

    // The member: the menu and the add button, not the remove button; the server agrees.
    let current = s.get("/api/oauth/CurrentUser", Some(&token)).await.ok().clone();
    let menu = current["menuList"].to_string();
    assert!(menu.contains(&users_page) && !menu.contains(&roles_page), "{menu}");
    let permissions = current["permissionList"].to_string();
    assert!(permissions.contains("btn_add") && !permissions.contains("btn_remove"), "{permissions}");
    s.get("/api/permission/Users", Some(&token)).await.ok();
    s.call(Method::DELETE, "/api/permission/Users/anyone", Some(&token), Body::None).await.fails(403, MSG_FORBIDDEN);
    s.get("/api/permission/Role", Some(&token)).await.fails(403, MSG_FORBIDDEN);

    // Saved ids come back as the ticked leaves (a ticked directory would tick every page).
    let menus = values(&s, &admin, &clerk_role, "module", &[MAIN_SYSTEM]).await;
    assert_eq!(strings(&menus["ids"]), [users_page.as_str()]);
    let buttons = values(&s, &admin, &clerk_role, "button", &[&users_page]).await;
    assert_eq!(strings(&buttons["ids"]), [add.as_str()]);
    assert!(!strings(&buttons["ids"]).contains(&remove));

    // Saving again replaces: no buttons any more.
    s.put(&format!("{AUTHORITY}/{clerk_role}"), Some(&admin), json!({"objectType": "Role", "systemIds": [MAIN_SYSTEM], "module": [directory, users_page]})).await.ok();
    let permissions = s.get("/api/oauth/CurrentUser", Some(&token)).await.ok()["permissionList"].to_string();
    assert!(!permissions.contains("btn_add"), "{permissions}");
    s.put(&format!("{AUTHORITY}/{clerk_role}"), Some(&admin), json!({"objectType": "Position"})).await.fails(400, "对象类型与对象不符");
}

// A manager who is not the administrator (the role page with its edit button)
// is offered only what they hold, cannot hand out more, and does not take away what they
// cannot see; the batch page adds grants to the roles picked (organisation nodes skipped).
async fn manager_grants_only_what_they_hold(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let users_page = seeded_page(&s, "permission.user").await;
    let roles_page = seeded_page(&s, "permission.role").await;
    let groups_page = seeded_page(&s, "permission.group").await;
    let edit_role = seeded_button(&s, &roles_page, "btn_edit").await;
    let manager = s.create_user("manager", "Manager123").await;
    s.grant(&manager, &[&users_page, &roles_page], &[("button", &edit_role)]).await;
    let target = global_role(&s, &admin, "target").await;
    // Granted by the administrator, invisible to the manager.
    s.put(&format!("{AUTHORITY}/{target}"), Some(&admin), json!({"objectType": "Role", "module": [groups_page]})).await.ok();

    let token = s.sign_in("manager", "Manager123").await;
    let menus = values(&s, &token, &target, "module", &[MAIN_SYSTEM]).await;
    let all = strings(&menus["all"]);
    assert!(all.contains(&users_page) && all.contains(&roles_page), "{all:?}");
    assert!(!all.contains(&groups_page), "not offered what the manager does not hold");
    s.put(&format!("{AUTHORITY}/{target}"), Some(&token), json!({"objectType": "Role", "module": [users_page, groups_page, seeded_page(&s, "permission.position").await]})).await.ok();
    let mut conn = s.conn().await;
    let mut held: Vec<String> = sqlx::query_scalar("SELECT item_id FROM base_authorize WHERE object_id = $1 AND item_type = 'module'").bind(&target).fetch_all(&mut *conn).await.unwrap();
    drop(conn);
    held.sort();
    let mut want = vec![users_page.clone(), groups_page.clone()];
    want.sort();
    assert_eq!(held, want, "the position page was not the manager's to give; the group page stays");

    // Without the role page's edit button nothing can be authorised.
    let plain = s.create_user("plain", "Plain123").await;
    s.grant(&plain, &[&roles_page], &[]).await;
    let plain_token = s.sign_in("plain", "Plain123").await;
    s.post(&format!("{AUTHORITY}/{target}/Values"), Some(&plain_token), json!({"type": "system", "moduleIds": ""})).await.fails(403, MSG_FORBIDDEN);
    s.put(&format!("{AUTHORITY}/{target}"), Some(&plain_token), json!({"objectType": "Role"})).await.fails(403, MSG_FORBIDDEN);

    // The batch page: nothing pre-ticked, grants added to the roles picked.
    let second = global_role(&s, &admin, "second").await;
    let batch = values(&s, &admin, "0", "module", &[MAIN_SYSTEM]).await;
    assert_eq!(batch["ids"], json!([]));
    s.post(&format!("{AUTHORITY}/Batch"), Some(&admin), json!({"roleIds": ["1", second], "systemIds": [MAIN_SYSTEM], "module": [roles_page]})).await.ok();
    let menus = values(&s, &admin, &second, "module", &[MAIN_SYSTEM]).await;
    assert_eq!(strings(&menus["ids"]), [roles_page.as_str()]);
    s.post(&format!("{AUTHORITY}/Batch"), Some(&admin), json!({"roleIds": ["1"], "module": [roles_page]})).await.fails(400, "请选择角色");
}

on_both_engines!(authorise_a_role, manager_grants_only_what_they_hold);
