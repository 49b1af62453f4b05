//! Areas (AREA-*): the seeded GB/T 2260 tree read level by level, the picker and the names of
//! stored id paths for any member, and the area form with core's rules, state and deletion.

use crate::harness::{Body, Engine, TestServer, seeded_button, seeded_page, start, start_with};
use crate::on_both_engines;
use qiming_server::access::MSG_FORBIDDEN;
use reqwest::Method;
use serde_json::{Value, json};

const AREA: &str = "/api/system/Area";

/// A server with the whole data set, streets included (the other tests go without them).
async fn start_with_streets(engine: Engine) -> TestServer {
    start_with(engine, |c| c.seed_streets = true).await
}

fn ids(list: &Value) -> Vec<&str> {
    list["list"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect()
}

fn row<'a>(list: &'a Value, id: &str) -> &'a Value {
    list["list"].as_array().unwrap().iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("{id} not in {list:#}"))
}

/// Creates an area; answers its id.
async fn create(s: &TestServer, token: &str, parent: &str, name: &str, code: &str) -> String {
    s.post(AREA, Some(token), json!({"id": "0", "parentId": parent, "fullName": name, "enCode": code, "enabledMark": 1, "sortCode": 0, "description": ""})).await.ok();
    let mut conn = s.conn().await;
    sqlx::query_scalar("SELECT id FROM base_province WHERE en_code = $1").bind(code).fetch_one(&mut *conn).await.unwrap()
}

// AREA-004, AREA-006 (GET Area/{parentId}, GET Area/{id}/Info): the seeded data set is the
// whole of China's divisions down to streets, read one level at a time from the root -1, each
// row saying whether it has children; keyword filters a level by name or code.
async fn area_004_lazy_tree_of_the_seeded_divisions(engine: Engine) {
    let s = start_with_streets(engine).await;
    let admin = s.ready_admin().await;
    let mut conn = s.conn().await;
    let counts: Vec<(i64,)> = sqlx::query_as("SELECT COUNT(*) FROM base_province GROUP BY length(id) ORDER BY length(id)").fetch_all(&mut *conn).await.unwrap();
    // Provinces and cities and districts (six digits), streets (nine).
    assert_eq!(counts, vec![(3348,), (41352,)]);
    drop(conn);

    let provinces = s.get(&format!("{AREA}/-1"), Some(&admin)).await.ok().clone();
    assert_eq!(provinces["list"].as_array().unwrap().len(), 31);
    assert_eq!(
        provinces["list"][0],
        json!({"id": "110000", "parentId": "-1", "fullName": "北京市", "enCode": "110000", "sortCode": 0, "enabledMark": 1, "hasChildren": true, "isLeaf": false})
    );
    assert_eq!(row(&provinces, "440000")["fullName"], "广东省");
    let cities = s.get(&format!("{AREA}/440000"), Some(&admin)).await.ok().clone();
    assert_eq!(cities["list"].as_array().unwrap().len(), 21);
    assert_eq!(row(&cities, "440100")["fullName"], "广州市");
    let districts = s.get(&format!("{AREA}/440100"), Some(&admin)).await.ok().clone();
    assert_eq!(row(&districts, "440106")["fullName"], "天河区");
    let streets = s.get(&format!("{AREA}/440106"), Some(&admin)).await.ok().clone();
    assert!(streets["list"].as_array().unwrap().len() > 10);
    let street = &streets["list"][0];
    assert_eq!((street["enCode"].as_str().unwrap().len(), &street["hasChildren"], &street["isLeaf"]), (9, &json!(false), &json!(true)));
    // 东莞市 has no districts: its streets hang under it.
    let dongguan = s.get(&format!("{AREA}/441900"), Some(&admin)).await.ok().clone();
    assert!(ids(&dongguan).iter().all(|id| id.len() == 9 && id.starts_with("441900")), "{dongguan:#}");

    // keyword filters the level by name or code (the client sends it on the root call).
    assert_eq!(ids(&s.get(&format!("{AREA}/-1?keyword=广东"), Some(&admin)).await.ok().clone()), ["440000"]);
    assert_eq!(ids(&s.get(&format!("{AREA}/-1?keyword=3100"), Some(&admin)).await.ok().clone()), ["310000"]);
    assert_eq!(s.get(&format!("{AREA}/-1?keyword=不存在"), Some(&admin)).await.ok()["list"], json!([]));

    assert_eq!(
        s.get(&format!("{AREA}/440106/Info"), Some(&admin)).await.ok().clone(),
        json!({"id": "440106", "parentId": "440100", "parentName": "广州市", "fullName": "天河区", "enCode": "440106", "sortCode": 0, "enabledMark": 1, "description": ""})
    );
    assert_eq!(s.get(&format!("{AREA}/110000/Info"), Some(&admin)).await.ok()["parentName"], "");
    s.get(&format!("{AREA}/999999/Info"), Some(&admin)).await.fails(404, "区域不存在");
}

// AREA-005, AREA-006 (Selector, GetAreaByIds): any member reads the picker (enabled areas,
// isLeaf from what is below, the edited area left out) and the names of stored id paths,
// in order, as the client joins them with '/'.
async fn area_005_picker_and_names_for_any_member(engine: Engine) {
    let s = start_with_streets(engine).await;
    let admin = s.ready_admin().await;
    s.create_user("clerk", "Clerk123").await;
    let clerk = s.sign_in("clerk", "Clerk123").await;

    let top = s.get(&format!("{AREA}/-1/Selector/0"), Some(&clerk)).await.ok().clone();
    assert_eq!(top["list"].as_array().unwrap().len(), 31);
    assert_eq!(top["list"][0], json!({"id": "110000", "fullName": "北京市", "enCode": "110000", "isLeaf": false}));
    let beijing = s.get(&format!("{AREA}/110000/Selector"), Some(&clerk)).await.ok().clone();
    assert_eq!(beijing["list"], json!([{"id": "110100", "fullName": "市辖区", "enCode": "110100", "isLeaf": false}]));
    let street = s.get(&format!("{AREA}/110101/Selector/0"), Some(&clerk)).await.ok()["list"][0].clone();
    assert_eq!((&street["fullName"], &street["isLeaf"]), (&json!("东华门街道"), &json!(true)));
    // The area being edited (and so what is below it) is not offered as its own parent.
    assert!(!ids(&s.get(&format!("{AREA}/440000/Selector/440100"), Some(&clerk)).await.ok().clone()).contains(&"440100"));

    // A disabled area leaves the picker; its parent becomes a leaf when nothing else is below.
    let x = create(&s, &admin, "110101001", "测试社区", "110101001001").await;
    assert_eq!(s.get(&format!("{AREA}/110101/Selector/0"), Some(&clerk)).await.ok()["list"][0]["isLeaf"], false);
    s.put_empty(&format!("{AREA}/{x}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(s.get(&format!("{AREA}/110101/Selector/0"), Some(&clerk)).await.ok()["list"][0]["isLeaf"], true);
    assert_eq!(s.get(&format!("{AREA}/110101001/Selector/0"), Some(&clerk)).await.ok()["list"], json!([]));

    let names = s
        .post(&format!("{AREA}/GetAreaByIds"), Some(&clerk), json!({"idsList": [["110000", "110100", "110101"], ["440000", "440100", "440106", "440106001"], "310000", ["110000", "nope"]]}))
        .await
        .ok()
        .clone();
    assert_eq!(names[0], json!(["北京市", "市辖区", "东城区"]));
    assert_eq!(names[1].as_array().unwrap()[..3], [json!("广东省"), json!("广州市"), json!("天河区")]);
    assert_eq!(names[1].as_array().unwrap().len(), 4);
    assert_eq!(names[2], json!(["上海市"]));
    assert_eq!(names[3], json!(["北京市"]));
    assert_eq!(s.post(&format!("{AREA}/GetAreaByIds"), Some(&clerk), json!({"idsList": []})).await.ok(), &json!([]));
    // The management list is not the picker: it needs the page.
    s.get(&format!("{AREA}/-1"), Some(&clerk)).await.fails(403, MSG_FORBIDDEN);
}

// AREA-003, AREA-006 (POST, PUT, DELETE, Actions/State): the area form with core's rules and
// the dialog's messages, a code used once, a parent that exists and is not the area or below
// it, PATCH updates, the state toggle, and no deletion while areas are below.
async fn area_003_form_state_and_delete(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;

    let answer = s.post(AREA, Some(&admin), json!({"id": "0", "parentId": "", "fullName": "", "enCode": ""})).await;
    assert_eq!(answer.code(), 400);
    assert_eq!(answer.data()["parentId"][0], "请选择区域上级");
    assert_eq!(answer.data()["fullName"][0], "请输入区域名称");
    assert_eq!(answer.data()["enCode"][0], "请输入区域编码");
    let answer = s.post(AREA, Some(&admin), json!({"parentId": "-1", "fullName": "新/区", "enCode": "12ab"})).await;
    assert_eq!((answer.data()["fullName"][0].as_str(), answer.data()["enCode"][0].as_str()), (Some("区域名称不能含有特殊符号"), Some("区域编码只能是数字")));
    let answer = s.post(AREA, Some(&admin), json!({"parentId": "-1", "fullName": "重复", "enCode": "110000"})).await;
    assert_eq!(answer.data()["enCode"][0], "区域编码不能重复");
    let answer = s.post(AREA, Some(&admin), json!({"parentId": "123", "fullName": "无上级", "enCode": "990000"})).await;
    assert_eq!(answer.data()["parentId"][0], "上级区域不存在");
    s.post(AREA, Some(&admin), json!({"parentId": "-1", "fullName": "排序", "enCode": "990000", "sortCode": -1})).await.fails(400, "排序码必须在0到999999之间");

    let new_province = create(&s, &admin, "-1", "测试省", "990000").await;
    let new_city = create(&s, &admin, &new_province, "测试市", "990100").await;
    let provinces = s.get(&format!("{AREA}/-1"), Some(&admin)).await.ok().clone();
    let p = row(&provinces, &new_province);
    assert_eq!((&p["enabledMark"], &p["sortCode"], &p["hasChildren"]), (&json!(1), &json!(0), &json!(true)));

    // PATCH: the client posts the Info answer back whole; only the sent fields change.
    let mut info = s.get(&format!("{AREA}/{new_city}/Info"), Some(&admin)).await.ok().clone();
    assert_eq!(info["parentName"], "测试省");
    info["fullName"] = json!("测试市二");
    s.put(&format!("{AREA}/{new_city}"), Some(&admin), info).await.fails(200, "更新成功");
    s.put(&format!("{AREA}/{new_city}"), Some(&admin), json!({"sortCode": 5})).await.ok();
    let after = s.get(&format!("{AREA}/{new_city}/Info"), Some(&admin)).await.ok().clone();
    assert_eq!((after["fullName"].as_str(), after["enCode"].as_str(), after["sortCode"].as_i64()), (Some("测试市二"), Some("990100"), Some(5)));
    s.put(&format!("{AREA}/{new_city}"), Some(&admin), json!({"fullName": null})).await.fails(400, "请输入区域名称");
    assert_eq!(s.put(&format!("{AREA}/{new_city}"), Some(&admin), json!({"enCode": "440100"})).await.data()["enCode"][0], "区域编码不能重复");
    // Never below itself.
    assert_eq!(s.put(&format!("{AREA}/{new_province}"), Some(&admin), json!({"parentId": new_city})).await.data()["parentId"][0], "上级区域不能是自己或自己的下级");
    assert_eq!(s.put(&format!("{AREA}/{new_province}"), Some(&admin), json!({"parentId": new_province})).await.data()["parentId"][0], "上级区域不能是自己或自己的下级");
    // A move elsewhere is fine.
    s.put(&format!("{AREA}/{new_city}"), Some(&admin), json!({"parentId": "440000"})).await.ok();
    assert!(ids(&s.get(&format!("{AREA}/440000"), Some(&admin)).await.ok().clone()).contains(&new_city.as_str()));
    s.put(&format!("{AREA}/{new_city}"), Some(&admin), json!({"parentId": new_province})).await.ok();

    // AREA-003: the state toggles 1 ↔ 0.
    s.put_empty(&format!("{AREA}/{new_city}/Actions/State"), Some(&admin)).await.fails(200, "更新成功");
    assert_eq!(s.get(&format!("{AREA}/{new_city}/Info"), Some(&admin)).await.ok()["enabledMark"], 0);
    s.put_empty(&format!("{AREA}/{new_city}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(s.get(&format!("{AREA}/{new_city}/Info"), Some(&admin)).await.ok()["enabledMark"], 1);

    // No deletion while anything is below; the seeded tree is protected the same way.
    s.call(Method::DELETE, &format!("{AREA}/{new_province}"), Some(&admin), Body::None).await.fails(400, "删除失败，当前有子节点数据");
    s.call(Method::DELETE, &format!("{AREA}/110000"), Some(&admin), Body::None).await.fails(400, "删除失败，当前有子节点数据");
    s.call(Method::DELETE, &format!("{AREA}/{new_city}"), Some(&admin), Body::None).await.fails(200, "删除成功");
    s.call(Method::DELETE, &format!("{AREA}/{new_province}"), Some(&admin), Body::None).await.ok();
    s.get(&format!("{AREA}/{new_province}/Info"), Some(&admin)).await.fails(404, "区域不存在");
}

// PERM-009 on the area page: reading the table needs its menu, each change its button.
async fn area_page_needs_its_menu_and_buttons(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let target = create(&s, &admin, "-1", "测试省", "990000").await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let token = s.sign_in("clerk", "Clerk123").await;
    s.get(&format!("{AREA}/-1"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    s.get(&format!("{AREA}/{target}/Info"), Some(&token)).await.fails(403, MSG_FORBIDDEN);
    let page = seeded_page(&s, "systemData.area").await;
    s.grant(&clerk, &[&page], &[]).await;
    assert_eq!(s.get(&format!("{AREA}/-1"), Some(&token)).await.ok()["list"].as_array().unwrap().len(), 32);
    let tries: Vec<(&str, Method, String, Value)> = vec![
        ("btn_add", Method::POST, AREA.to_string(), json!({"parentId": "-1", "fullName": "另一省", "enCode": "980000"})),
        ("btn_edit", Method::PUT, format!("{AREA}/{target}"), json!({"description": "x"})),
        ("btn_edit", Method::PUT, format!("{AREA}/{target}/Actions/State"), Value::Null),
        ("btn_remove", Method::DELETE, format!("{AREA}/{target}"), Value::Null),
    ];
    let mut granted: Vec<&str> = Vec::new();
    for (button, method, path, body) in tries {
        let body_of = |v: &Value| if v.is_null() { Body::None } else { Body::Json(v.clone()) };
        if !granted.contains(&button) {
            s.call(method.clone(), &path, Some(&token), body_of(&body)).await.fails(403, MSG_FORBIDDEN);
            let id = seeded_button(&s, &page, button).await;
            s.grant(&clerk, &[&page], &[("button", &id)]).await;
            granted.push(button);
        }
        let answer = s.call(method, &path, Some(&token), body_of(&body)).await;
        assert_eq!(answer.code(), 200, "{button} {path}: {:#}", answer.body);
    }
}

on_both_engines!(
    area_004_lazy_tree_of_the_seeded_divisions,
    area_005_picker_and_names_for_any_member,
    area_003_form_state_and_delete,
    area_page_needs_its_menu_and_buttons,
);

// Without streets (QIMING_SEED_STREETS off, as the other tests start) the districts are the
// leaves; a later start with streets on adds them to the same database.
async fn streets_are_seeded_later_when_turned_on(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let districts = s.get(&format!("{AREA}/110100"), Some(&admin)).await.ok().clone();
    assert_eq!((&row(&districts, "110101")["hasChildren"], &row(&districts, "110101")["isLeaf"]), (&json!(false), &json!(true)));
    let mut config = s.state.config.clone();
    config.seed_streets = true;
    config.addr = "127.0.0.1:0".parse().unwrap();
    let again = qiming_server::start_with_clock(config, qiming_server::Clock::adjustable()).await.expect("a second start");
    let districts = s.get(&format!("{AREA}/110100"), Some(&admin)).await.ok().clone();
    assert_eq!(row(&districts, "110101")["hasChildren"], true);
    let mut conn = s.conn().await;
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_province").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(n, 3348 + 41352);
    again.task.abort();
}

on_both_engines!(streets_are_seeded_later_when_turned_on);
