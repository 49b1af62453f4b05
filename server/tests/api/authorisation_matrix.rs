//! The authorisation matrix of the permission and system areas (issue 10): for every endpoint
//! family one representative read and one representative write, called by each kind of caller —
//! the administrator; a member granted the page's menu and buttons through a role; a member
//! granted the menus only (no button); a member granted nothing; a member whose only role is
//! disabled; a disabled member; no session — must give exactly the expected answer. Then the
//! exact rows of lists under data-permission schemes granted through roles (own organisation,
//! own organisation and below, own records, a custom field condition, two roles at once).
//!
//! Each row fails if its check were missing: a refused caller would get 200 (or a 400 from the
//! form) instead of 403, a scoped caller would see rows the expected set does not hold.

use crate::harness::{
    Answer, Body, Engine, MAIN_SYSTEM, TestServer, dictionary_item, insert_page, organisation, seeded_page, start, upload_with,
};
use crate::on_both_engines;
use qiming_server::access::MSG_FORBIDDEN;
use reqwest::Method;
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// What a route asks of its caller.
#[derive(Debug, Clone, Copy)]
enum Need {
    /// The page's menu (by enCode) and, for an action, its button.
    Page(&'static str, Option<&'static str>),
    /// Any member (pickers, the profile, schedules).
    Member,
    /// An administrator (system configuration, third-party sync).
    Admin,
}

/// The kinds of caller, each with its own token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Admin,
    /// A role with every page's menu and all its buttons.
    Granted,
    /// A role with every page's menu and no button.
    Reader,
    /// No role.
    Plain,
    /// Granted like `Granted`, through a role that is disabled (ROLE-004).
    RoleOff,
    /// Granted like `Granted`, and disabled.
    Disabled,
    /// No token.
    Anonymous,
}

const KINDS: [Kind; 7] = [Kind::Admin, Kind::Granted, Kind::Reader, Kind::Plain, Kind::RoleOff, Kind::Disabled, Kind::Anonymous];

/// The answer a caller of `kind` must get for `need`: None is the row's success.
fn expected(kind: Kind, need: Need) -> Option<(i64, &'static str)> {
    let forbidden = Some((403, MSG_FORBIDDEN));
    match (kind, need) {
        (Kind::Anonymous, _) => Some((602, "请先登录")),
        (Kind::Disabled, _) => Some((601, "账号已被禁用，请联系管理员")),
        (Kind::Admin, _) => None,
        (_, Need::Admin) => forbidden,
        (_, Need::Member) => None,
        (Kind::Granted, Need::Page(..)) => None,
        (Kind::Reader, Need::Page(_, None)) => None,
        (Kind::Reader | Kind::Plain | Kind::RoleOff, Need::Page(..)) => forbidden,
    }
}

/// What success looks like for a row: 200, or for a row whose admitted call is refused by its
/// own rules (a connection test without credentials) that code.
#[derive(Debug, Clone, Copy)]
enum Success {
    Ok,
    Code(i64),
}

/// A request of the matrix: `n` is unique per row and caller (for codes that must be new).
type Make = Box<dyn Fn(usize) -> (Method, String, Body)>;

struct Row {
    /// The family, the call and the checklist IDs it proves.
    name: &'static str,
    need: Need,
    success: Success,
    make: Make,
}

fn get(path: impl Into<String>) -> (Method, String, Body) {
    (Method::GET, path.into(), Body::None)
}

fn post(path: impl Into<String>, body: Value) -> (Method, String, Body) {
    (Method::POST, path.into(), Body::Json(body))
}

fn put(path: impl Into<String>, body: Value) -> (Method, String, Body) {
    (Method::PUT, path.into(), Body::Json(body))
}

fn row(name: &'static str, need: Need, make: impl Fn(usize) -> (Method, String, Body) + 'static) -> Row {
    Row { name, need, success: Success::Ok, make: Box::new(make) }
}

/// Every button of a page, by id.
async fn buttons_of(s: &TestServer, page: &str) -> Vec<String> {
    let mut conn = s.conn().await;
    sqlx::query_scalar("SELECT id FROM base_module_item WHERE module_id = $1 AND kind = 'button'").bind(page).fetch_all(&mut *conn).await.unwrap()
}

/// The pages of the permission and system areas a member is granted through roles.
const PAGES: &[&str] = &[
    "permission.organize",
    "permission.position",
    "permission.role",
    "permission.group",
    "permission.user",
    "system.menu",
    "systemData.dictionary",
    "system.billRule",
    "systemData.area",
    "systemData.dataInterface",
];

/// A global role made through the API; answers its id.
async fn role(s: &TestServer, admin: &str, code: &str) -> String {
    s.post("/api/permission/Role", Some(admin), json!({"fullName": code, "enCode": code, "globalMark": 1})).await.ok();
    s.get(&format!("/api/permission/Role?keyword={code}"), Some(admin)).await.ok()["list"][0]["id"].as_str().unwrap().to_string()
}

/// A .bm file of one page menu with a button and a scheme, its ids and codes from `n`.
fn menu_file(n: usize) -> Vec<u8> {
    json!({
        "moduleEntity": {"id": format!("bm{n}"), "parentId": "-1", "fullName": format!("导入{n}"), "enCode": format!("imp{n}"), "icon": "icon-ym icon-ym-x",
                         "type": 2, "urlAddress": format!("ward/imp{n}"), "category": "Web", "linkTarget": "_self", "propertyJson": "{}",
                         "sortCode": 1, "enabledMark": 1, "isButtonAuthorize": 1, "isColumnAuthorize": 1, "isFormAuthorize": 1, "isDataAuthorize": 0},
        "buttonEntityList": [{"id": format!("bm{n}b"), "parentId": "-1", "fullName": "新建", "enCode": "btn_add", "sortCode": 0, "enabledMark": 1}],
        "schemeEntityList": [{"id": format!("bm{n}s"), "fullName": "全部", "enCode": "all", "conditionJson": "[]", "sortCode": 0, "enabledMark": 1}]
    })
    .to_string()
    .into_bytes()
}

// PERM-001, PERM-009, PERM-010, ROLE-004, ROLE-009, ROLE-010, ROLE-011 (server side): every
// family of the permission and system areas — organisations, positions, roles and their
// members, groups, users, the authorisation wizard, applications, menus, their buttons and
// schemes, data connections, menu export and import, dictionaries, serial-number rules, areas,
// data interfaces and their variables, schedules, the profile, the system configuration and
// the third-party sync — answers each kind of caller exactly: the administrator and a member
// holding the page's menu and button succeed; the menu without the button reads but does not
// write; no grant, or a grant through a disabled role, is 403 您没有此操作的权限 on every
// page (pickers, the profile and schedules stay any member's); a disabled member is 601 and no
// session 602 everywhere; administrator-only calls refuse every member.
async fn perm_001_009_role_004_every_family_answers_each_caller_exactly(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;

    // The grants: one role with every page's menu and buttons, one with the menus only, and a
    // copy of the first that is disabled.
    let mut pages = Vec::new();
    let mut buttons = Vec::new();
    for code in PAGES {
        let page = seeded_page(&s, code).await;
        buttons.extend(buttons_of(&s, &page).await);
        pages.push(page);
    }
    let pages: Vec<&str> = pages.iter().map(String::as_str).collect();
    let items: Vec<(&str, &str)> = buttons.iter().map(|b| ("button", b.as_str())).collect();
    let mut tokens = Vec::new();
    let mut disabled_id = String::new();
    let mut off_role = String::new();
    for kind in KINDS {
        let token = match kind {
            Kind::Admin => Some(admin.clone()),
            Kind::Anonymous => None,
            _ => {
                let account = format!("{kind:?}").to_lowercase();
                let id = s.create_user(&account, "Member123").await;
                match kind {
                    Kind::Granted => {
                        s.grant(&id, &pages, &items).await;
                    }
                    Kind::Reader => {
                        s.grant(&id, &pages, &[]).await;
                    }
                    Kind::RoleOff => off_role = s.grant(&id, &pages, &items).await,
                    Kind::Disabled => {
                        s.grant(&id, &pages, &items).await;
                        disabled_id = id.clone();
                    }
                    _ => {}
                }
                Some(s.sign_in(&account, "Member123").await)
            }
        };
        tokens.push((kind, token));
    }
    s.put_empty(&format!("/api/permission/Role/{off_role}/Actions/State"), Some(&admin)).await.ok();
    s.put_empty(&format!("/api/permission/Users/{disabled_id}/Actions/State"), Some(&admin)).await.ok();

    // What the rows work on, made by the administrator.
    let hospital = organisation(&s, &admin, "-1", false, "第一医院", "h1").await;
    let throwaway = role(&s, &admin, "throwaway").await;
    let target = s.create_user("target", "Target123").await;
    let test_page = insert_page(&s, "-1", "ward.matrix").await;
    let users_page = seeded_page(&s, "permission.user").await;
    let group_type = dictionary_item(&s, "groupType", "work").await;
    let business = dictionary_item(&s, "businessType", "purchase").await;
    let basic = dictionary_item(&s, "DataInterfaceType", "basic").await;
    let meeting = dictionary_item(&s, "scheduleType", "meeting").await;
    let sex = {
        let mut conn = s.conn().await;
        sqlx::query_scalar::<_, String>("SELECT id FROM base_dictionary_type WHERE en_code = 'sex'").fetch_one(&mut *conn).await.unwrap()
    };
    s.post("/api/system/DataInterface", Some(&admin), json!({"fullName": "接口", "enCode": "matrix", "categoryId": basic, "dataType": 2, "query": "[]"}))
        .await
        .ok();
    let interface: String = {
        let mut conn = s.conn().await;
        sqlx::query_scalar("SELECT id FROM base_data_interface WHERE en_code = 'matrix'").fetch_one(&mut *conn).await.unwrap()
    };

    use Need::{Admin, Member, Page};
    let (h, tr, tg, tp, up, gt, bz, bs, mt, sx, di) = (hospital, throwaway, target, test_page, users_page, group_type, business, basic, meeting, sex, interface);
    let mut rows = vec![
        // Organisations and departments (ORG; PERM-001).
        row("organisations: read the tree", Page("permission.organize", None), |_| get("/api/permission/Organize")),
        row("organisations: create a company (btn_add)", Page("permission.organize", Some("btn_add")), |n| {
            post("/api/permission/Organize", json!({"parentId": "-1", "fullName": format!("公司{n}"), "enCode": format!("c{n}")}))
        }),
        // Positions (ROLE-010).
        row("positions: read the list", Page("permission.position", None), |_| get("/api/permission/Position")),
        {
            let h = h.clone();
            row("positions: create (btn_add)", Page("permission.position", Some("btn_add")), move |n| {
                post("/api/permission/Position", json!({"organizeId": h, "fullName": format!("岗位{n}"), "enCode": format!("p{n}"), "type": "general"}))
            })
        },
        // Roles (ROLE-011, ROLE-004: the state toggle).
        row("roles: read the list", Page("permission.role", None), |_| get("/api/permission/Role")),
        {
            let tr = tr.clone();
            row("roles: enable/disable (btn_edit)", Page("permission.role", Some("btn_edit")), move |_| put(format!("/api/permission/Role/{tr}/Actions/State"), json!({})))
        },
        // A role's members (the role page).
        {
            let tr = tr.clone();
            row("role members: read", Page("permission.role", None), move |_| get(format!("/api/permission/UserRelation/{tr}")))
        },
        {
            let tr = tr.clone();
            row("role members: set (btn_edit)", Page("permission.role", Some("btn_edit")), move |_| {
                post(format!("/api/permission/UserRelation/{tr}"), json!({"objectId": tr, "objectType": "Role", "userIds": []}))
            })
        },
        // The authorisation wizard, opened from the role list with its edit button.
        {
            let tr = tr.clone();
            row("authority: the wizard's trees (role btn_edit)", Page("permission.role", Some("btn_edit")), move |_| {
                post(format!("/api/permission/Authority/Data/{tr}/Values"), json!({"type": "system", "moduleIds": ""}))
            })
        },
        {
            let tr = tr.clone();
            row("authority: save a role's grants (role btn_edit)", Page("permission.role", Some("btn_edit")), move |_| {
                put(format!("/api/permission/Authority/Data/{tr}"), json!({"objectType": "Role", "systemIds": [], "module": []}))
            })
        },
        // Groups (ROLE-009).
        row("groups: read the list", Page("permission.group", None), |_| get("/api/permission/Group")),
        {
            let gt = gt.clone();
            row("groups: create (btn_add)", Page("permission.group", Some("btn_add")), move |n| {
                post("/api/permission/Group", json!({"fullName": format!("组{n}"), "enCode": format!("g{n}"), "type": gt}))
            })
        },
        // Users (ORG-021).
        row("users: read the list", Page("permission.user", None), |_| get("/api/permission/Users")),
        {
            let tg = tg.clone();
            row("users: change (btn_edit)", Page("permission.user", Some("btn_edit")), move |n| put(format!("/api/permission/Users/{tg}"), json!({"description": format!("备注{n}")})))
        },
        // Applications and menus (PERM-004).
        row("applications: read the list", Page("system.menu", None), |_| get("/api/system/System")),
        row("applications: change (btn_edit)", Page("system.menu", Some("btn_edit")), |n| put(format!("/api/system/System/{MAIN_SYSTEM}"), json!({"description": format!("主系统{n}")}))),
        row("menus: read an application's tree", Page("system.menu", None), |_| get(format!("/api/system/Menu/ModuleBySystem/{MAIN_SYSTEM}"))),
        row("menus: create (btn_add)", Page("system.menu", Some("btn_add")), |n| {
            post(
                "/api/system/Menu",
                json!({"parentId": "-1", "systemId": MAIN_SYSTEM, "fullName": format!("菜单{n}"), "enCode": format!("m{n}"), "icon": "icon-ym icon-ym-x",
                       "type": 2, "urlAddress": format!("ward/m{n}"), "category": "Web"}),
            )
        }),
        // A menu's buttons and data-permission schemes (PERM-009, PERM-010).
        {
            let tp = tp.clone();
            row("menu buttons: read", Page("system.menu", None), move |_| get(format!("/api/system/ModuleButton/{tp}/List")))
        },
        {
            let tp = tp.clone();
            row("menu buttons: create (btn_add)", Page("system.menu", Some("btn_add")), move |n| {
                post("/api/system/ModuleButton", json!({"moduleId": tp, "parentId": "-1", "fullName": format!("按钮{n}"), "enCode": format!("btn_{n}")}))
            })
        },
        {
            let tp = tp.clone();
            row("data schemes: read", Page("system.menu", None), move |_| get(format!("/api/system/ModuleDataAuthorizeScheme/{tp}/List")))
        },
        {
            let tp = tp.clone();
            row("data schemes: create (btn_add)", Page("system.menu", Some("btn_add")), move |n| {
                post("/api/system/ModuleDataAuthorizeScheme", json!({"moduleId": tp, "enCode": format!("s{n}"), "fullName": format!("方案{n}"), "conditionJson": "[]"}))
            })
        },
        // Data connections (ModuleDataAuthorizeLink).
        {
            let tp = tp.clone();
            row("data connections: read", Page("system.menu", None), move |_| get(format!("/api/system/ModuleDataAuthorizeLink/getInfo/{tp}/1")))
        },
        {
            let tp = tp.clone();
            row("data connections: save (btn_edit)", Page("system.menu", Some("btn_edit")), move |_| {
                post("/api/system/ModuleDataAuthorizeLink/saveLinkData", json!({"moduleId": tp, "linkId": "0", "linkTables": "base_organize", "dataType": 1}))
            })
        },
        // Menu export and import.
        {
            let up = up.clone();
            row("menus: export a .bm file", Page("system.menu", None), move |_| get(format!("/api/system/Menu/{up}/Action/Export")))
        },
        row("menus: import a .bm file (btn_add)", Page("system.menu", Some("btn_add")), |n| {
            let body = upload_with(&[("parentId", "-1"), ("category", "Web")], "file", &format!("导入{n}.bm"), &menu_file(n));
            (Method::POST, format!("/api/system/Menu/{MAIN_SYSTEM}/Action/Import"), body)
        }),
        // Dictionaries (DICT): the page's list and a category; the options stay any member's.
        {
            let sx = sx.clone();
            row("dictionaries: read a category's items", Page("systemData.dictionary", None), move |_| get(format!("/api/system/DictionaryData/{sx}")))
        },
        row("dictionaries: create a category (btn_add)", Page("systemData.dictionary", Some("btn_add")), |n| {
            post("/api/system/DictionaryType", json!({"parentId": "1", "fullName": format!("分类{n}"), "enCode": format!("d{n}"), "isTree": 0}))
        }),
        row("dictionaries: every option (any member)", Member, |_| get("/api/system/DictionaryData/All")),
        // Serial-number rules (BILL).
        row("bill rules: read the list", Page("system.billRule", None), |_| get("/api/system/BillRule")),
        {
            let bz = bz.clone();
            row("bill rules: create (btn_add)", Page("system.billRule", Some("btn_add")), move |n| {
                post(
                    "/api/system/BillRule",
                    json!({"fullName": format!("单据{n}"), "enCode": format!("B{n}"), "category": bz, "prefix": "X", "dateFormat": "no", "digit": 3, "startNumber": "001"}),
                )
            })
        },
        // Areas (AREA).
        row("areas: read the provinces", Page("systemData.area", None), |_| get("/api/system/Area/-1")),
        row("areas: create (btn_add)", Page("systemData.area", Some("btn_add")), |n| {
            post("/api/system/Area", json!({"parentId": "-1", "fullName": format!("测试区{n}"), "enCode": format!("99{n:04}")}))
        }),
        // Data interfaces and their variables (DI).
        row("data interfaces: read the list", Page("systemData.dataInterface", None), |_| get("/api/system/DataInterface")),
        {
            let bs = bs.clone();
            row("data interfaces: create (btn_add)", Page("systemData.dataInterface", Some("btn_add")), move |n| {
                post("/api/system/DataInterface", json!({"fullName": format!("接口{n}"), "enCode": format!("i{n}"), "categoryId": bs, "dataType": 2, "query": "[]"}))
            })
        },
        {
            let di = di.clone();
            row("data interface variables: read", Page("systemData.dataInterface", None), move |_| get(format!("/api/system/DataInterfaceVariate/{di}")))
        },
        {
            let di = di.clone();
            row("data interface variables: create (btn_add)", Page("systemData.dataInterface", Some("btn_add")), move |n| {
                post("/api/system/DataInterfaceVariate", json!({"interfaceId": di, "fullName": format!("v{n}"), "value": "x"}))
            })
        },
        // Schedules: any member, on their own schedules (SCHED).
        row("schedules: read the calendar (any member)", Member, |_| get("/api/system/Schedule?startTime=2030-01-01%2000:00&endTime=2030-02-01%2000:00")),
        {
            let mt = mt.clone();
            row("schedules: create (any member)", Member, move |n| {
                post(
                    "/api/system/Schedule",
                    json!({"type": mt, "urgent": "1", "title": format!("会议{n}"), "content": "", "allDay": 0, "startDay": 1_893_427_200_000_i64, "startTime": "09:00",
                           "endDay": 0, "endTime": "", "duration": 60, "toUserIds": [], "color": "#1890ff", "reminderTime": -2, "reminderType": "1",
                           "repetition": "1", "repeatTime": 1_924_963_200_000_i64}),
                )
            })
        },
        // The profile: any member, their own.
        row("profile: read (any member)", Member, |_| get("/api/permission/Users/Current/BaseInfo")),
        row("profile: change the theme (any member)", Member, |_| put("/api/permission/Users/Current/SystemTheme", json!({"theme": "classic"}))),
        // System configuration and third-party sync: administrators only (SYS-003, SYS-005, SYS-009).
        row("system configuration: the administrators", Admin, |_| get("/api/system/SysConfig/getAdminList")),
        row("system configuration: change", Admin, |n| put("/api/system/SysConfig", json!({"title": format!("启明{n}")}))),
        row("third-party sync: totals", Admin, |_| get("/api/system/SynThirdInfo/getSynThirdTotal/1")),
    ];
    rows.push(Row {
        name: "third-party sync: connection test (refused by its own check: no credentials)",
        need: Admin,
        success: Success::Code(400),
        make: Box::new(|_| post("/api/system/SysConfig/testDingTalkConnect", json!({}))),
    });

    // Each page's rows need that page: a member granted only it (with its buttons) is
    // admitted, a member granted every other page is refused.
    let mut by_page = Vec::new();
    for (code, page) in PAGES.iter().zip(&pages) {
        let only = s.create_user(&format!("only.{code}"), "Member123").await;
        let own_buttons = buttons_of(&s, page).await;
        s.grant(&only, &[page], &own_buttons.iter().map(|b| ("button", b.as_str())).collect::<Vec<_>>()).await;
        let others = s.create_user(&format!("others.{code}"), "Member123").await;
        let other_pages: Vec<&str> = pages.iter().copied().filter(|p| p != page).collect();
        let other_buttons: Vec<(&str, &str)> = items.iter().copied().filter(|(_, b)| !own_buttons.iter().any(|o| o == b)).collect();
        s.grant(&others, &other_pages, &other_buttons).await;
        let only = s.sign_in(&format!("only.{code}"), "Member123").await;
        let others = s.sign_in(&format!("others.{code}"), "Member123").await;
        by_page.push((*code, only, others));
    }

    let (mut failures, mut answers) = (Vec::new(), 0);
    for (r, row) in rows.iter().enumerate() {
        if let Need::Page(menu, _) = row.need {
            let (_, only, others) = by_page.iter().find(|(code, ..)| *code == menu).unwrap_or_else(|| panic!("{}: {menu} is not granted", row.name));
            for (k, token, admitted) in [(8, only, true), (9, others, false)] {
                let (method, path, body) = (row.make)(r * 10 + k);
                let answer = s.call(method, &path, Some(token), body).await;
                answers += 1;
                let fine = if admitted { answer.code() == 200 } else { (answer.code(), answer.msg()) == (403, MSG_FORBIDDEN) };
                if !fine {
                    let who = if admitted { "only its page" } else { "every other page" };
                    failures.push(format!("{} — a member with {who}: got {} {}", row.name, answer.code(), answer.msg()));
                }
            }
        }
        for (k, (kind, token)) in tokens.iter().enumerate() {
            let (method, path, body) = (row.make)(r * 10 + k);
            let answer: Answer = s.call(method, &path, token.as_deref(), body).await;
            answers += 1;
            let fine = match (expected(*kind, row.need), row.success) {
                (Some((code, msg)), _) => answer.code() == code && answer.msg() == msg,
                (None, Success::Ok) => answer.code() == 200,
                (None, Success::Code(code)) => answer.code() == code,
            };
            if !fine {
                failures.push(format!("{} — {kind:?}: expected {:?}, got {} {}", row.name, expected(*kind, row.need), answer.code(), answer.msg()));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {answers} answers differ:\n{}", failures.len(), failures.join("\n"));

    // Only the admitted writes happened: the menus imported by the administrator and the
    // granted member are there, the refused callers' are not.
    let import = rows.iter().position(|r| r.name.starts_with("menus: import")).unwrap();
    let tree = s.get(&format!("/api/system/Menu/ModuleBySystem/{MAIN_SYSTEM}"), Some(&admin)).await.ok().to_string();
    let imported: Vec<Kind> = tokens.iter().enumerate().filter(|(k, _)| tree.contains(&format!("\"imp{}\"", import * 10 + k))).map(|(_, (kind, _))| *kind).collect();
    assert_eq!(imported, [Kind::Admin, Kind::Granted]);
}


// ---- Data scopes ------------------------------------------------------------------------------

/// A data-permission scheme of one condition.
fn condition(field: &str, value: &str) -> Value {
    json!([{"logic": "and", "groups": [{"field": field, "op": "Equal", "value": value}]}])
}

/// Turns a page's data permission on and adds schemes to it through the API; answers their ids
/// in the order given.
async fn schemes(s: &TestServer, admin: &str, page: &str, list: &[(&str, Value)]) -> Vec<String> {
    s.put(&format!("/api/system/Menu/{page}"), Some(admin), json!({"isDataAuthorize": 1})).await.ok();
    let mut ids = Vec::new();
    for (code, condition) in list {
        let form = json!({"moduleId": page, "enCode": code, "fullName": code, "conditionJson": condition.to_string()});
        s.post("/api/system/ModuleDataAuthorizeScheme", Some(admin), form).await.ok();
        let listed = s.get(&format!("/api/system/ModuleDataAuthorizeScheme/{page}/List"), Some(admin)).await.ok().clone();
        let id = listed["list"].as_array().unwrap().iter().find(|r| r["enCode"] == *code).unwrap()["id"].as_str().unwrap().to_string();
        ids.push(id);
    }
    ids
}

/// Replaces the user's roles by one role per entry, each with `pages`, `buttons` and the
/// entry's schemes.
async fn roles(s: &TestServer, user: &str, pages: &[&str], buttons: &[String], each: &[&[&String]]) {
    let mut conn = s.conn().await;
    sqlx::query("DELETE FROM base_user_relation WHERE user_id = $1 AND object_type = 'Role'").bind(user).execute(&mut *conn).await.unwrap();
    qiming_server::db::bump_generation(&mut conn).await.unwrap();
    drop(conn);
    for schemes in each {
        let mut items: Vec<(&str, &str)> = buttons.iter().map(|b| ("button", b.as_str())).collect();
        items.extend(schemes.iter().map(|id| ("resource", id.as_str())));
        s.grant(user, pages, &items).await;
    }
}

fn sorted(list: &Value, field: &str) -> Vec<String> {
    let set: BTreeSet<String> = list.as_array().unwrap().iter().map(|r| r[field].as_str().unwrap().to_string()).collect();
    set.into_iter().collect()
}

/// A user made through the API in the organisation at the end of `path`; answers its id and
/// initial password.
async fn user_in(s: &TestServer, token: &str, account: &str, path: &[&str], manager: Option<&str>) -> (String, String) {
    let mut form = json!({"account": account, "realName": account, "gender": 1, "organizeIdTree": [path]});
    if let Some(m) = manager {
        form["managerId"] = json!(m);
    }
    let data = s.post("/api/permission/Users", Some(token), form).await.ok().clone();
    (data["id"].as_str().unwrap().to_string(), data["initialPassword"].as_str().unwrap().to_string())
}

// Data permission (PERM area; the checklist has no ID of its own for it) on the lists of
// ORG-021 (users) and ROLE-010 (positions): on pages with data permission on, the lists answer
// exactly the rows of the schemes granted to the caller's roles — none granted: none; 本组织
// (@organizeId); 本组织及子组织 (@organizationAndSuborganization); 本人创建 (creatorUserId =
// @userId); a field condition with a value (managerId, organizeId); two roles at once: the
// union — on the users' and the positions' lists, and a row outside the scope answers as
// missing to a read and to a write. The administrator sees every row.
async fn data_scope_lists_answer_exactly_the_rows_of_the_granted_schemes(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let zy = organisation(&s, &admin, "-1", false, "总院", "zy").await;
    let wk = organisation(&s, &admin, &zy, true, "外科", "wk").await;
    let gk = organisation(&s, &admin, &wk, true, "骨科", "gk").await;
    let fy = organisation(&s, &admin, "-1", false, "分院", "fy").await;
    let (scoped, password) = user_in(&s, &admin, "scoped", &[&zy, &wk], None).await;
    let (surgeon, _) = user_in(&s, &admin, "surgeon", &[&zy, &wk], None).await;
    let (ortho, _) = user_in(&s, &admin, "ortho", &[&zy, &wk, &gk], None).await;
    let (head, _) = user_in(&s, &admin, "head", &[&zy], None).await;
    let (branch, _) = user_in(&s, &admin, "branch", &[&fy], Some(&head)).await;
    let mut conn = s.conn().await;
    crate::harness::mark_password_changed(&mut conn, &scoped).await;
    drop(conn);
    let token = s.sign_in("scoped", &password).await;

    let users_page = seeded_page(&s, "permission.user").await;
    let positions_page = seeded_page(&s, "permission.position").await;
    let pages = [users_page.as_str(), positions_page.as_str()];
    let mut buttons = buttons_of(&s, &users_page).await;
    buttons.extend(buttons_of(&s, &positions_page).await);
    let [none_u, org, below, managed, own] = schemes(
        &s,
        &admin,
        &users_page,
        &[
            ("none", json!([{"logic": "and", "groups": [{"field": "id", "op": "Equal", "value": "nobody"}]}])),
            ("org", condition("organizeId", "@organizeId")),
            ("below", condition("organizeId", "@organizationAndSuborganization")),
            ("managed", condition("managerId", &head)),
            ("own", condition("creatorUserId", "@userId")),
        ],
    )
    .await
    .try_into()
    .unwrap();
    let [p_own, p_branch, p_below] = schemes(
        &s,
        &admin,
        &positions_page,
        &[
            ("own", condition("creatorUserId", "@userId")),
            ("branch", condition("organizeId", &fy)),
            ("below", condition("organizeId", "@organizationAndSuborganization")),
        ],
    )
    .await
    .try_into()
    .unwrap();
    let users = |token: String| {
        let s = &s;
        async move { sorted(&s.get("/api/permission/Users?currentPage=1&pageSize=500", Some(&token)).await.ok()["list"], "account") }
    };
    let positions = |token: String| {
        let s = &s;
        async move { sorted(&s.get("/api/permission/Position?currentPage=1&pageSize=500", Some(&token)).await.ok()["list"], "enCode") }
    };

    // Data permission on and no scheme granted: no rows, not even one's own.
    roles(&s, &scoped, &pages, &buttons, &[&[]]).await;
    assert_eq!(users(token.clone()).await, Vec::<String>::new());
    s.get(&format!("/api/permission/Users/{scoped}"), Some(&token)).await.fails(404, "用户不存在");
    // A scheme that matches nobody.
    roles(&s, &scoped, &pages, &buttons, &[&[&none_u]]).await;
    assert_eq!(users(token.clone()).await, Vec::<String>::new());
    // 本组织: her department's users, not the one below it.
    roles(&s, &scoped, &pages, &buttons, &[&[&org]]).await;
    assert_eq!(users(token.clone()).await, ["scoped", "surgeon"]);
    s.get(&format!("/api/permission/Users/{ortho}"), Some(&token)).await.fails(404, "用户不存在");
    s.put(&format!("/api/permission/Users/{ortho}"), Some(&token), json!({"description": "x"})).await.fails(404, "用户不存在");
    s.put(&format!("/api/permission/Users/{surgeon}"), Some(&token), json!({"description": "外科医生"})).await.ok();
    // 本组织及子组织: and the department below.
    roles(&s, &scoped, &pages, &buttons, &[&[&below]]).await;
    assert_eq!(users(token.clone()).await, ["ortho", "scoped", "surgeon"]);
    // A field condition with a value: the users whose manager is the head.
    roles(&s, &scoped, &pages, &buttons, &[&[&managed]]).await;
    assert_eq!(users(token.clone()).await, ["branch"]);
    s.get(&format!("/api/permission/Users/{branch}"), Some(&token)).await.ok();
    // 本人创建: the users she made.
    roles(&s, &scoped, &pages, &buttons, &[&[&own]]).await;
    assert_eq!(users(token.clone()).await, Vec::<String>::new());
    user_in(&s, &token, "made", &[&fy], None).await;
    assert_eq!(users(token.clone()).await, ["made"]);
    // Two roles at once: the union of their schemes.
    roles(&s, &scoped, &pages, &buttons, &[&[&org], &[&managed]]).await;
    assert_eq!(users(token.clone()).await, ["branch", "scoped", "surgeon"]);
    // A disabled role's schemes no longer count (and without any role, no page at all).
    let mut conn = s.conn().await;
    let managed_role: String = sqlx::query_scalar(
        "SELECT a.object_id FROM base_authorize a JOIN base_user_relation r ON r.object_id = a.object_id AND r.user_id = $1 \
         WHERE a.item_type = 'resource' AND a.item_id = $2",
    )
    .bind(&scoped)
    .bind(&managed)
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    drop(conn);
    s.put_empty(&format!("/api/permission/Role/{managed_role}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(users(token.clone()).await, ["scoped", "surgeon"]);
    // The administrator: every row.
    assert_eq!(users(admin.clone()).await, ["admin", "branch", "head", "made", "ortho", "scoped", "surgeon"]);
    let _ = head;

    // Positions: her own, a value condition, her organisation and below, the union.
    let position = |token: String, organize: String, code: &'static str| {
        let s = &s;
        async move {
            s.post("/api/permission/Position", Some(&token), json!({"organizeId": organize, "fullName": code, "enCode": code, "type": "general"})).await.ok();
        }
    };
    position(admin.clone(), zy.clone(), "phead").await;
    position(admin.clone(), fy.clone(), "pbranch").await;
    position(admin.clone(), gk.clone(), "portho").await;
    position(token.clone(), wk.clone(), "pmine").await;
    roles(&s, &scoped, &pages, &buttons, &[&[&p_own]]).await;
    assert_eq!(positions(token.clone()).await, ["pmine"]);
    roles(&s, &scoped, &pages, &buttons, &[&[&p_branch]]).await;
    assert_eq!(positions(token.clone()).await, ["pbranch"]);
    roles(&s, &scoped, &pages, &buttons, &[&[&p_below]]).await;
    assert_eq!(positions(token.clone()).await, ["pmine", "portho"]);
    roles(&s, &scoped, &pages, &buttons, &[&[&p_own], &[&p_branch]]).await;
    assert_eq!(positions(token.clone()).await, ["pbranch", "pmine"]);
    let all = s.get("/api/permission/Position?pageSize=500", Some(&admin)).await.ok()["list"].clone();
    let phead = all.as_array().unwrap().iter().find(|r| r["enCode"] == "phead").unwrap()["id"].as_str().unwrap().to_string();
    s.get(&format!("/api/permission/Position/{phead}"), Some(&token)).await.fails(404, "岗位不存在");
    s.put(&format!("/api/permission/Position/{phead}"), Some(&token), json!({"description": "x"})).await.fails(404, "岗位不存在");
    assert_eq!(positions(admin.clone()).await, ["pbranch", "phead", "pmine", "portho"]);
}

// DICT-017 under data permission: a dictionary export holds only what the exporter's
// scope reaches — with 本人创建 granted, her category and her items, not the items or the
// categories below it that others made, nor her item below one of theirs (it would be an
// orphan in the file); the list answers her items. (Before issue 10 the export read every row
// below the category, whatever the scope.)
async fn dict_017_export_keeps_to_the_data_scope(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let token = s.sign_in("clerk", "Clerk123").await;
    let page = seeded_page(&s, "systemData.dictionary").await;
    let [own] = schemes(&s, &admin, &page, &[("own", condition("creatorUserId", "@userId"))]).await.try_into().unwrap();
    roles(&s, &clerk, &[&page], &buttons_of(&s, &page).await, &[&[&own]]).await;

    s.post("/api/system/DictionaryType", Some(&token), json!({"parentId": "1", "fullName": "病区", "enCode": "ward", "isTree": 1})).await.ok();
    let tree = s.get("/api/system/DictionaryType", Some(&token)).await.ok().to_string();
    let ward = {
        let mut conn = s.conn().await;
        sqlx::query_scalar::<_, String>("SELECT id FROM base_dictionary_type WHERE en_code = 'ward'").fetch_one(&mut *conn).await.unwrap()
    };
    assert!(tree.contains(&ward));
    let item = |token: String, type_id: String, code: &'static str| {
        let s = &s;
        async move {
            s.post("/api/system/DictionaryData", Some(&token), json!({"dictionaryTypeId": type_id, "parentId": "0", "fullName": code, "enCode": code})).await.ok();
        }
    };
    item(token.clone(), ward.clone(), "mine").await;
    item(admin.clone(), ward.clone(), "theirs").await;
    // Hers, below one of theirs: reached only through a row outside her scope.
    let theirs = {
        let mut conn = s.conn().await;
        sqlx::query_scalar::<_, String>("SELECT id FROM base_dictionary_data WHERE en_code = 'theirs'").fetch_one(&mut *conn).await.unwrap()
    };
    s.post("/api/system/DictionaryData", Some(&token), json!({"dictionaryTypeId": ward, "parentId": theirs, "fullName": "under", "enCode": "under"})).await.ok();
    s.post("/api/system/DictionaryType", Some(&admin), json!({"parentId": ward, "fullName": "子病区", "enCode": "subward", "isTree": 0})).await.ok();
    let sub = {
        let mut conn = s.conn().await;
        sqlx::query_scalar::<_, String>("SELECT id FROM base_dictionary_type WHERE en_code = 'subward'").fetch_one(&mut *conn).await.unwrap()
    };
    item(admin.clone(), sub.clone(), "below").await;

    // The list keeps to the scope …
    let listed = s.get(&format!("/api/system/DictionaryData/{ward}?isTree=0"), Some(&token)).await.ok()["list"].clone();
    assert_eq!(sorted(&listed, "enCode"), ["mine", "under"]);
    // … and so does the export.
    let exported = |token: String| {
        let s = &s;
        let ward = ward.clone();
        async move {
            let url = s.get(&format!("/api/system/DictionaryData/{ward}/Action/Export"), Some(&token)).await.ok()["url"].as_str().unwrap().to_string();
            let file = s.get(&url, None).await.body;
            (sorted(&file["list"], "enCode"), sorted(&file["modelList"], "enCode"))
        }
    };
    assert_eq!(exported(token.clone()).await, (vec!["ward".to_string()], vec!["mine".to_string()]));
    assert_eq!(
        exported(admin.clone()).await,
        (vec!["subward".to_string(), "ward".to_string()], vec!["below".to_string(), "mine".to_string(), "theirs".to_string(), "under".to_string()])
    );
}

on_both_engines!(
    perm_001_009_role_004_every_family_answers_each_caller_exactly,
    data_scope_lists_answer_exactly_the_rows_of_the_granted_schemes,
    dict_017_export_keeps_to_the_data_scope,
);
