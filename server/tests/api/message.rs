//! In-site messages (`/api/message`), notices (`/api/message/{id}`, `Notice/…`) and the
//! WebSocket (`/websocket/{token}`), over HTTP and a real WebSocket, on both engines.

use crate::harness::{Answer, Body, Engine, TestServer, organisation, seeded_button, seeded_page, start, start_sharing, upload_with};
use crate::on_both_engines;
use futures_util::{SinkExt, StreamExt};
use qiming_server::access::MSG_FORBIDDEN;
use qiming_server::message::repo::NewMessage;
use qiming_server::message::service;
use qiming_server::permission::user::repo as user;
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn message(kind: i64, title: &str, sender: &str) -> NewMessage {
    NewMessage {
        kind,
        flow_type: 1,
        title: title.into(),
        body_text: format!("<p>{title}</p>"),
        excerpt: format!("{title}摘要"),
        files: String::new(),
        sender: sender.into(),
    }
}

async fn send(s: &TestServer, kind: i64, title: &str, sender: &str, to: &[&str]) {
    let to: Vec<String> = to.iter().map(|t| t.to_string()).collect();
    service::send(&s.state, &message(kind, title, sender), &to).await.unwrap();
    s.clock.advance(Duration::from_secs(1));
}

async fn delete(s: &TestServer, path: &str, token: &str, body: Value) -> Answer {
    s.call(Method::DELETE, path, Some(token), Body::Json(body)).await
}

fn titles(page: &Value) -> Vec<String> {
    page["list"].as_array().unwrap().iter().map(|r| r["title"].as_str().unwrap().to_string()).collect()
}

async fn admin_id(s: &TestServer) -> String {
    let mut conn = s.conn().await;
    user::credentials(&mut conn, "admin").await.unwrap().unwrap().id
}

// MSG-010, MSG-011, MSG-012, MSG-013, MSG-018, MSG-020: a user's messages of the four types,
// newest first, with exactly the list's fields; filtered by keyword, type and read state;
// paged; opening one marks it read (the unread total goes down by one and never below 0),
// and nobody else can open it.
async fn msg_010_011_012_013_018_020_inbox_filters_paging_and_reading(engine: Engine) {
    let s = start(engine).await;
    let admin = admin_id(&s).await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    s.create_user("nurse", "Nurse123").await;
    send(&s, 1, "系统升级通知", "", &[&doctor]).await;
    send(&s, 2, "请假审批", &admin, &[&doctor]).await;
    send(&s, 3, "放假公告", &admin, &[&doctor]).await;
    send(&s, 4, "科室例会", &admin, &[&doctor, &doctor]).await;
    let token = s.sign_in("doctor", "Doctor123").await;

    let page = s.get("/api/message?currentPage=1&pageSize=20&sort=desc&keyword=&type=", Some(&token)).await.ok().clone();
    assert_eq!(titles(&page), ["科室例会", "放假公告", "请假审批", "系统升级通知"]);
    assert_eq!(page["pagination"]["total"], 4);
    let first = &page["list"][0];
    let mut keys: Vec<&str> = first.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(keys, ["flowType", "id", "isRead", "releaseTime", "releaseUser", "title", "type"]);
    assert_eq!((first["type"].as_i64(), first["isRead"].as_str(), first["releaseUser"].as_str()), (Some(4), Some("0"), Some("管理员/admin")));
    assert_eq!(page["list"][3]["releaseUser"], "", "a system message has no sender");
    let types: Vec<i64> = page["list"].as_array().unwrap().iter().map(|r| r["type"].as_i64().unwrap()).collect();
    assert_eq!(types, [4, 3, 2, 1]);

    let by_type = s.get("/api/message?type=3", Some(&token)).await.ok().clone();
    assert_eq!(titles(&by_type), ["放假公告"]);
    assert_eq!(titles(s.get("/api/message?keyword=%E5%81%87", Some(&token)).await.ok()), ["放假公告", "请假审批"]);
    assert_eq!(titles(s.get("/api/message?keyword=%25", Some(&token)).await.ok()), Vec::<String>::new(), "% is literal");
    let second = s.get("/api/message?currentPage=2&pageSize=3", Some(&token)).await.ok().clone();
    assert_eq!((titles(&second), second["pagination"]["total"].as_i64()), (vec!["系统升级通知".to_string()], Some(4)));
    s.get("/api/message?type=9", Some(&token)).await.fails(400, "消息类型不正确");

    // Opening one: its body and attachments, and it is read from now on.
    let id = by_type["list"][0]["id"].as_str().unwrap().to_string();
    let info = s.get(&format!("/api/message/ReadInfo/{id}"), Some(&token)).await.ok().clone();
    assert_eq!((info["title"].as_str(), info["bodyText"].as_str(), info["excerpt"].as_str()), (Some("放假公告"), Some("<p>放假公告</p>"), Some("放假公告摘要")));
    assert_eq!((info["files"].as_str(), info["releaseUser"].as_str(), info["type"].as_i64()), (Some(""), Some("管理员/admin"), Some(3)));
    let unread = s.get("/api/message?isRead=0", Some(&token)).await.ok().clone();
    assert_eq!(titles(&unread), ["科室例会", "请假审批", "系统升级通知"]);
    assert_eq!(titles(s.get("/api/message?isRead=1", Some(&token)).await.ok()), ["放假公告"]);
    assert_eq!(s.get("/api/message?type=3", Some(&token)).await.ok()["list"][0]["isRead"], "1");
    // Opening it again changes nothing.
    s.get(&format!("/api/message/ReadInfo/{id}"), Some(&token)).await.ok();
    assert_eq!(s.get("/api/message?isRead=0", Some(&token)).await.ok()["pagination"]["total"], 3);

    // Someone else's copy does not exist for the nurse.
    let nurse = s.sign_in("nurse", "Nurse123").await;
    s.get(&format!("/api/message/ReadInfo/{id}"), Some(&nurse)).await.fails(404, "消息不存在");
    assert_eq!(s.get("/api/message", Some(&nurse)).await.ok()["pagination"]["total"], 0);
}

// MSG-008, MSG-019: mark all read takes the drawer's filter: only matching unread messages
// become read; with no filter every one does, and the unread total is then 0.
async fn msg_008_019_read_all_matches_the_filter(engine: Engine) {
    let s = start(engine).await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    send(&s, 4, "例会一", "", &[&doctor, &nurse]).await;
    send(&s, 4, "例会二", "", &[&doctor]).await;
    send(&s, 1, "系统维护", "", &[&doctor]).await;
    let token = s.sign_in("doctor", "Doctor123").await;

    let read = s.post("/api/message/Actions/ReadAll", Some(&token), json!({"keyword": "一", "type": "4", "isRead": "0"})).await;
    assert_eq!(read.ok(), &Value::Null);
    assert_eq!(titles(s.get("/api/message?isRead=0", Some(&token)).await.ok()), ["系统维护", "例会二"]);
    s.post("/api/message/Actions/ReadAll", Some(&token), json!({"keyword": "", "type": "4", "isRead": ""})).await.ok();
    assert_eq!(titles(s.get("/api/message?isRead=0", Some(&token)).await.ok()), ["系统维护"]);
    s.post("/api/message/Actions/ReadAll", Some(&token), json!({"keyword": "", "type": "", "isRead": "0"})).await.ok();
    assert_eq!(s.get("/api/message?isRead=0", Some(&token)).await.ok()["pagination"]["total"], 0);
    // Again: nothing left, still fine.
    s.post("/api/message/Actions/ReadAll", Some(&token), json!({})).await.ok();
    // The nurse's copy of 例会一 is hers: still unread.
    let nurse_token = s.sign_in("nurse", "Nurse123").await;
    assert_eq!(titles(s.get("/api/message?isRead=0", Some(&nurse_token)).await.ok()), ["例会一"]);
}

// MSG-021: deleting records deletes the caller's copies only (ids joined by ','); another
// user's copy named in the list stays; nothing named is refused.
async fn msg_021_record_delete_is_per_user(engine: Engine) {
    let s = start(engine).await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    send(&s, 1, "甲", "", &[&doctor, &nurse]).await;
    send(&s, 1, "乙", "", &[&doctor]).await;
    let d = s.sign_in("doctor", "Doctor123").await;
    let n = s.sign_in("nurse", "Nurse123").await;
    let mine: Vec<String> = s.get("/api/message", Some(&d)).await.ok()["list"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap().to_string()).collect();
    let hers = s.get("/api/message", Some(&n)).await.ok()["list"][0]["id"].as_str().unwrap().to_string();
    delete(&s, "/api/message/Record", &d, json!({"ids": format!("{},{hers}", mine[1])})).await.ok();
    assert_eq!(titles(s.get("/api/message", Some(&d)).await.ok()), ["乙"]);
    assert_eq!(titles(s.get("/api/message", Some(&n)).await.ok()), ["甲"], "the nurse's copy stays");
    delete(&s, "/api/message/Record", &d, json!({"ids": ""})).await.fails(400, "请选择一条数据");
    delete(&s, "/api/message/Record", &d, json!({"ids": [mine[0].clone()]})).await.ok();
    assert_eq!(s.get("/api/message", Some(&d)).await.ok()["pagination"]["total"], 0);
}

/// A notice form as the JNPF client posts it.
pub fn notice(title: &str, to: &str) -> Value {
    json!({"id": 0, "title": title, "toUserIds": to, "category": "notice", "expirationTime": null,
           "files": "[{\"name\":\"a.pdf\",\"fileId\":\"f1\",\"url\":\"/api/file/Image/annex/a.pdf\"}]", "coverImage": "",
           "bodyText": "<p class=\"ql-align-center\">全院<script>alert(1)</script><img src=x onerror=\"alert(1)\"></p>",
           "excerpt": "摘要", "remindCategory": 1, "sendConfigId": "", "sendConfigName": ""})
}

async fn notice_rows(s: &TestServer, token: &str, query: Value) -> Vec<Value> {
    s.post("/api/message/Notice", Some(token), query).await.ok()["list"].as_array().unwrap().clone()
}

pub async fn notice_id(s: &TestServer, token: &str, title: &str) -> String {
    let rows = notice_rows(s, token, json!({"keyword": title, "currentPage": 1, "pageSize": 20, "sort": "desc", "enabledMark": [], "type": []})).await;
    rows.iter().find(|r| r["title"] == title).unwrap()["id"].as_str().unwrap().to_string()
}

// MSG-022, MSG-023: notices are created as drafts (rich text sanitised, attachments as JSON
// text), listed with their type's name and state, changed while drafts, released once — one
// unread message per addressee resolved from roles, organisations (with those below) and
// users — and deleted; the catalogue's Notice/… paths are the same calls.
async fn msg_022_023_notice_crud_release_and_addressees(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let porter = s.create_user("porter", "Porter123").await;
    let role = s.grant(&doctor, &[], &[]).await;
    let company = organisation(&s, &admin, "-1", false, "总院", "ZY").await;
    let ward = organisation(&s, &admin, &company, true, "内科", "NK").await;
    {
        let mut conn = s.conn().await;
        user::add_relation(&mut conn, &nurse, "Organize", &ward).await.unwrap();
    }

    // The form's rules.
    s.post("/api/message", Some(&admin), json!({"category": "notice"})).await.fails(400, "公告标题不能为空");
    s.post("/api/message", Some(&admin), json!({"title": "x"})).await.fails(400, "类型不能为空");
    s.post("/api/message", Some(&admin), json!({"title": "x", "category": "nope"})).await.fails(400, "类型不存在");
    s.post("/api/message", Some(&admin), json!({"title": "x", "category": "notice", "remindCategory": 2, "sendConfigId": ""})).await.fails(400, "发送配置不能为空");
    s.post("/api/message", Some(&admin), json!({"title": "x", "category": "notice", "toUserIds": "a--planet"})).await.fails(400, "接收人格式不正确：a--planet");
    s.post("/api/message", Some(&admin), json!({"title": "x", "category": "notice", "files": "{"})).await.fails(400, "附件格式不正确");

    let to = format!("{role}--role,{company}--company,{clerk}--user");
    assert_eq!(s.post("/api/message", Some(&admin), notice("年终总结", &to)).await.msg(), "新建成功");
    let id = notice_id(&s, &admin, "年终总结").await;
    let info = s.get(&format!("/api/message/{id}"), Some(&admin)).await.ok().clone();
    let body = info["bodyText"].as_str().unwrap();
    assert!(body.contains("ql-align-center") && body.contains("全院"), "{body}");
    assert!(!body.contains("script") && !body.contains("onerror"), "sanitised: {body}");
    assert_eq!((info["toUserIds"].as_str(), info["category"].as_str(), info["enabledMark"].as_i64()), (Some(to.as_str()), Some("notice"), Some(0)));
    assert_eq!(serde_json::from_str::<Value>(info["files"].as_str().unwrap()).unwrap()[0]["fileId"], "f1");
    let row = &notice_rows(&s, &admin, json!({})).await[0];
    assert_eq!((row["category"].as_str(), row["creatorUser"].as_str(), row["enabledMark"].as_i64(), row["releaseUser"].as_str()), (Some("通知"), Some("管理员/admin"), Some(0), Some("")));

    // A draft changes (only what is sent); the catalogue's path is the same call.
    s.put(&format!("/api/message/Notice/{id}"), Some(&admin), json!({"title": "年终总结（更正）"})).await.ok();
    let info = s.get(&format!("/api/message/Notice/{id}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["title"].as_str(), info["excerpt"].as_str()), (Some("年终总结（更正）"), Some("摘要")));

    // Release: the role's member, the department's member (below the company) and the user.
    assert_eq!(s.put_empty(&format!("/api/message/{id}/Actions/Release"), Some(&admin)).await.msg(), "发布成功");
    for (account, password, reached) in [("doctor", "Doctor123", true), ("nurse", "Nurse123", true), ("clerk", "Clerk123", true), ("porter", "Porter123", false)] {
        let t = s.sign_in(account, password).await;
        let page = s.get("/api/message?type=3", Some(&t)).await.ok().clone();
        assert_eq!(titles(&page).len(), usize::from(reached), "{account}");
        if reached {
            let opened = s.get(&format!("/api/message/ReadInfo/{}", page["list"][0]["id"].as_str().unwrap()), Some(&t)).await.ok().clone();
            assert_eq!((opened["title"].as_str(), opened["releaseUser"].as_str()), (Some("年终总结（更正）"), Some("管理员/admin")));
            assert!(!opened["bodyText"].as_str().unwrap().contains("script"));
        }
    }
    let _ = porter;
    s.put_empty(&format!("/api/message/Notice/{id}/Actions/Release"), Some(&admin)).await.fails(400, "公告已发布");
    s.put(&format!("/api/message/{id}"), Some(&admin), json!({"title": "改"})).await.fails(400, "公告已发布，不能修改");
    let row = notice_rows(&s, &admin, json!({"enabledMark": ["1"]})).await;
    assert_eq!((row.len(), row[0]["releaseUser"].as_str()), (1, Some("管理员/admin")));
    assert!(notice_rows(&s, &admin, json!({"enabledMark": ["0"]})).await.is_empty());
    assert_eq!(notice_rows(&s, &admin, json!({"type": ["announcement"]})).await.len(), 0);

    // Everyone ('' addressees), and an expiration that passes: the state shows 2 (expired).
    let mut everyone = notice("全员通知", "");
    everyone["expirationTime"] = json!(s.clock.now_ms() + 3_600_000);
    s.post("/api/message/Notice", Some(&admin), json!({})).await.ok();
    s.post("/api/message", Some(&admin), everyone).await.ok();
    let all = notice_id(&s, &admin, "全员通知").await;
    s.put_empty(&format!("/api/message/{all}/Actions/Release"), Some(&admin)).await.ok();
    let porter_token = s.sign_in("porter", "Porter123").await;
    assert_eq!(titles(s.get("/api/message", Some(&porter_token)).await.ok()), ["全员通知"]);
    s.clock.advance(Duration::from_secs(3700));
    let expired = notice_rows(&s, &admin, json!({"enabledMark": ["2"]})).await;
    assert_eq!(expired.iter().map(|r| r["title"].as_str().unwrap()).collect::<Vec<_>>(), ["全员通知"]);

    // Deleting a notice takes its copies with it.
    assert_eq!(s.call(Method::DELETE, &format!("/api/message/{all}"), Some(&admin), Body::None).await.msg(), "删除成功");
    s.get(&format!("/api/message/{all}"), Some(&admin)).await.fails(404, "公告不存在");
    assert_eq!(s.get("/api/message", Some(&porter_token)).await.ok()["pagination"]["total"], 0);
    // The alias list answers the same.
    let listed = s.post("/api/message/Notice/List", Some(&admin), json!({"currentPage": 1, "pageSize": 20})).await.ok().clone();
    assert_eq!(titles(&listed), ["年终总结（更正）"]);
}

// MSG-022: the notice page's menu and buttons: without the menu nothing; with the menu the
// list and form; each change needs its button.
async fn msg_022_notice_page_permissions(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    s.post("/api/message", Some(&admin), notice("院内通知", "")).await.ok();
    let id = notice_id(&s, &admin, "院内通知").await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let t = s.sign_in("clerk", "Clerk123").await;
    s.post("/api/message/Notice", Some(&t), json!({})).await.fails(403, MSG_FORBIDDEN);
    let page = seeded_page(&s, "msgCenter.notice").await;
    s.grant(&clerk, &[&page], &[]).await;
    assert_eq!(notice_rows(&s, &t, json!({})).await.len(), 1);
    s.get(&format!("/api/message/{id}"), Some(&t)).await.ok();
    s.post("/api/message", Some(&t), notice("新通知", "")).await.fails(403, MSG_FORBIDDEN);
    s.put_empty(&format!("/api/message/{id}/Actions/Release"), Some(&t)).await.fails(403, MSG_FORBIDDEN);
    s.call(Method::DELETE, &format!("/api/message/{id}"), Some(&t), Body::None).await.fails(403, MSG_FORBIDDEN);
    let add = seeded_button(&s, &page, "btn_add").await;
    let edit = seeded_button(&s, &page, "btn_edit").await;
    s.grant(&clerk, &[&page], &[("button", &add), ("button", &edit)]).await;
    s.post("/api/message", Some(&t), notice("新通知", "")).await.ok();
    s.put_empty(&format!("/api/message/{id}/Actions/Release"), Some(&t)).await.ok();
    s.call(Method::DELETE, &format!("/api/message/{id}"), Some(&t), Body::None).await.fails(403, MSG_FORBIDDEN);
}

// ----- the WebSocket -----

pub async fn connect(s: &TestServer, prefix: &str, token: &str) -> Ws {
    let url = format!("ws://{}{prefix}/{}", s.base.trim_start_matches("http://"), token.replace(' ', "%20"));
    tokio_tungstenite::connect_async(url).await.expect("the socket opens").0
}

/// A socket that has said OnConnection and heard initMessage: from then on it hears every
/// live frame meant for it.
pub async fn open(s: &TestServer, token: &str) -> Ws {
    let mut ws = connect(s, "/websocket", token).await;
    say(&mut ws, json!({"method": "OnConnection", "token": token, "mobileDevice": false})).await;
    frame(&mut ws, "initMessage").await;
    ws
}

pub async fn say(ws: &mut Ws, v: Value) {
    ws.send(Message::text(v.to_string())).await.unwrap();
}

/// The next text frame (pings and pongs skipped); None when the socket closed.
pub async fn next(ws: &mut Ws) -> Option<Value> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next()).await.expect("a frame within 10 s");
        match m {
            Some(Ok(Message::Text(t))) => return Some(serde_json::from_str(t.as_str()).unwrap()),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            _ => return None,
        }
    }
}

/// The next frame whose method is `method` (others skipped: Online/Offline arrive at any time).
pub async fn frame(ws: &mut Ws, method: &str) -> Value {
    loop {
        let f = next(ws).await.unwrap_or_else(|| panic!("closed while waiting for {method}"));
        if f["method"] == method {
            return f;
        }
    }
}

/// Asserts that the socket closes (after whatever frames are left).
pub async fn closes(ws: &mut Ws) {
    while next(ws).await.is_some() {}
}

// CHAT-023, CHAT-024, CHAT-025, CHAT-026, MSG-013: the socket at /websocket/{token} (and
// /api/message/websocket/{token}) answers OnConnection with initMessage — unread counts per
// type, unreadNums an array, the online users — and pushes messagePush at once when a notice
// is released to the connected user; heartCheck is answered.
async fn chat_023_024_026_init_message_and_live_notice_push(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    send(&s, 1, "系统维护", "", &[&doctor]).await;
    send(&s, 4, "例会", "", &[&doctor]).await;
    let token = s.sign_in("doctor", "Doctor123").await;
    let mut ws = connect(&s, "/websocket", &token).await;
    say(&mut ws, json!({"method": "OnConnection", "token": token, "mobileDevice": false})).await;
    let init = frame(&mut ws, "initMessage").await;
    assert_eq!(init["unreadNums"], json!([]));
    assert_eq!((init["unreadTotalCount"].as_i64(), init["unreadSystemMessageCount"].as_i64(), init["unreadScheduleCount"].as_i64()), (Some(2), Some(1), Some(1)));
    assert_eq!((init["unreadNoticeCount"].as_i64(), init["unreadMessageCount"].as_i64(), init["userId"].as_str()), (Some(0), Some(0), Some(doctor.as_str())));
    assert_eq!(init["onlineUsers"], json!([doctor]));

    s.post("/api/message", Some(&admin), notice("停电通知", &format!("{doctor}--user"))).await.ok();
    let id = notice_id(&s, &admin, "停电通知").await;
    s.put_empty(&format!("/api/message/{id}/Actions/Release"), Some(&admin)).await.ok();
    // On PostgreSQL the earlier messages' notifications may reach this process after the socket
    // registered, and be pushed too (already counted by initMessage): wait for the notice's.
    let push = loop {
        let push = frame(&mut ws, "messagePush").await;
        if push["id"].as_str() == Some(id.as_str()) {
            break push;
        }
    };
    assert_eq!((push["title"].as_str(), push["messageType"].as_i64(), push["toUserId"].as_str(), push["id"].as_str()), (Some("停电通知"), Some(3), Some(doctor.as_str()), Some(id.as_str())));
    assert_eq!((push["unreadNoticeCount"].as_i64(), push["unreadTotalCount"].as_i64()), (Some(1), Some(3)));
    // The pushed id opens the message too.
    s.get(&format!("/api/message/ReadInfo/{id}"), Some(&token)).await.ok();
    say(&mut ws, json!({"method": "OnConnection", "token": token})).await;
    assert_eq!(frame(&mut ws, "initMessage").await["unreadTotalCount"], 2);
    say(&mut ws, json!({"method": "heartCheck"})).await;
    frame(&mut ws, "heartCheck").await;

    // The same socket under /api/message/websocket/{token}.
    let mut other = connect(&s, "/api/message/websocket", &token).await;
    say(&mut other, json!({"method": "OnConnection", "token": token})).await;
    assert_eq!(frame(&mut other, "initMessage").await["unreadTotalCount"], 2);
    // A plain GET (no upgrade) is told to use a WebSocket.
    s.get("/websocket/Bearer%20x", None).await.fails(400, "请使用WebSocket连接");
}

// CHAT-025: a frame that is not JSON, has no method or an unknown one gets an error frame,
// and the connection keeps serving; so does a flood beyond the rate (error frames, not a
// dropped task).
async fn chat_025_bad_frames_get_error_frames_and_the_socket_survives(engine: Engine) {
    let s = start(engine).await;
    s.create_user("doctor", "Doctor123").await;
    let token = s.sign_in("doctor", "Doctor123").await;
    let mut ws = connect(&s, "/websocket", &token).await;
    ws.send(Message::text("not json")).await.unwrap();
    assert_eq!(frame(&mut ws, "error").await["msg"], "消息格式不正确");
    say(&mut ws, json!({"token": token})).await;
    assert_eq!(frame(&mut ws, "error").await["msg"], "消息缺少method");
    say(&mut ws, json!({"method": "Nope"})).await;
    assert_eq!(frame(&mut ws, "error").await["msg"], "不支持的消息：Nope");
    ws.send(Message::binary(vec![1, 2, 3])).await.unwrap();
    assert_eq!(frame(&mut ws, "error").await["msg"], "只接受文本消息");
    say(&mut ws, json!({"method": "OnConnection", "token": token})).await;
    frame(&mut ws, "initMessage").await;
    // A flood: the frames past the burst are refused, then the socket still answers.
    for _ in 0..60 {
        say(&mut ws, json!({"method": "heartCheck"})).await;
    }
    let mut refused = 0;
    for _ in 0..60 {
        let f = next(&mut ws).await.unwrap();
        if f["method"] == "error" {
            assert_eq!(f["msg"], "发送过于频繁，请稍后再试");
            refused += 1;
        }
    }
    assert!(refused >= 10, "refused {refused}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    say(&mut ws, json!({"method": "heartCheck"})).await;
    frame(&mut ws, "heartCheck").await;
}

// CHAT-026, CHAT-028: a session that ends elsewhere — signed out, password reset, user
// disabled — has its sockets told `logout` with the reason and closed; a token that is no
// session gets the same at once.
async fn chat_026_028_revoked_sessions_get_logout_and_are_closed(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let doctor = s.create_user("doctor", "Doctor123").await;

    let token = s.sign_in("doctor", "Doctor123").await;
    let mut ws = connect(&s, "/websocket", &token).await;
    let mut second = connect(&s, "/websocket", &token).await;
    s.get("/api/oauth/Logout", Some(&token)).await.ok();
    for ws in [&mut ws, &mut second] {
        let out = frame(ws, "logout").await;
        assert_eq!((out["token"].as_str(), out["msg"].as_str()), (Some(token.as_str()), Some("您已退出登录，请重新登录")));
        closes(ws).await;
    }

    // Another session of the same user is untouched by that logout, then ends when an
    // administrator disables the user.
    let token = s.sign_in("doctor", "Doctor123").await;
    let mut ws = connect(&s, "/websocket", &token).await;
    say(&mut ws, json!({"method": "OnConnection", "token": token})).await;
    frame(&mut ws, "initMessage").await;
    s.put_empty(&format!("/api/permission/Users/{doctor}/Actions/State"), Some(&admin)).await.ok();
    assert_eq!(frame(&mut ws, "logout").await["msg"], "账号已被禁用，请联系管理员");
    closes(&mut ws).await;

    let mut stranger = connect(&s, "/websocket", "Bearer nonsense").await;
    let out = frame(&mut stranger, "logout").await;
    assert_eq!((out["token"].as_str(), out["msg"].as_str()), (Some("Bearer nonsense"), Some("登录凭证无效，请重新登录")));
    closes(&mut stranger).await;
}

// CHAT-026: others hear Online when a user's first socket opens and Offline when the last one
// closes.
async fn chat_026_online_and_offline(engine: Engine) {
    let s = start(engine).await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    s.create_user("nurse", "Nurse123").await;
    let nurse_token = s.sign_in("nurse", "Nurse123").await;
    let mut nurse = open(&s, &nurse_token).await;
    let token = s.sign_in("doctor", "Doctor123").await;
    let mut ws = connect(&s, "/websocket", &token).await;
    assert_eq!(frame(&mut nurse, "Online").await["userId"], doctor.as_str());
    say(&mut ws, json!({"method": "OnConnection", "token": token})).await;
    let online = frame(&mut ws, "initMessage").await["onlineUsers"].clone();
    assert_eq!(online.as_array().unwrap().len(), 2);
    ws.close(None).await.unwrap();
    assert_eq!(frame(&mut nurse, "Offline").await["userId"], doctor.as_str());
}

// CHAT-007, CHAT-008, CHAT-012, CHAT-013, CHAT-016, CHAT-017, CHAT-022: chat
// between two users over their sockets: sendMessage echo and receiveMessage, unread counts in
// initMessage and imreply, UpdateReadMessage, MessageList pages from the newest (each read oldest → newest) and oldest first with
// a keyword, empty messages refused, clearing one side's history and removing a conversation.
async fn chat_one_to_one_between_two_sockets(engine: Engine) {
    let s = start(engine).await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let d_token = s.sign_in("doctor", "Doctor123").await;
    let n_token = s.sign_in("nurse", "Nurse123").await;
    let mut d = open(&s, &d_token).await;
    let mut n = open(&s, &n_token).await;

    say(&mut d, json!({"method": "SendMessage", "toUserId": nurse, "messageType": "text", "messageContent": "  你好 ", "token": d_token})).await;
    let got = frame(&mut n, "receiveMessage").await;
    assert_eq!((got["formUserId"].as_str(), got["formMessage"].as_str(), got["messageType"].as_str(), got["account"].as_str()), (Some(doctor.as_str()), Some("你好"), Some("text"), Some("doctor")));
    let echo = frame(&mut d, "sendMessage").await;
    assert_eq!((echo["UserId"].as_str(), echo["toUserId"].as_str(), echo["toMessage"].as_str(), echo["toAccount"].as_str()), (Some(doctor.as_str()), Some(nurse.as_str()), Some("你好"), Some("nurse")));
    s.clock.advance(Duration::from_secs(1));
    say(&mut d, json!({"method": "SendMessage", "toUserId": nurse, "messageType": "text", "messageContent": "明天值班", "token": d_token})).await;
    frame(&mut n, "receiveMessage").await;
    say(&mut d, json!({"method": "SendMessage", "toUserId": nurse, "messageType": "text", "messageContent": "  ", "token": d_token})).await;
    assert_eq!(frame(&mut d, "error").await["msg"], "不能发送空消息");

    // The nurse's unread chat: per sender in initMessage, and in imreply.
    say(&mut n, json!({"method": "OnConnection", "token": n_token})).await;
    let init = frame(&mut n, "initMessage").await;
    assert_eq!(init["unreadNums"][0]["sendUserId"], doctor.as_str());
    assert_eq!((init["unreadNums"][0]["unreadNum"].as_i64(), init["unreadNums"][0]["defaultMessage"].as_str()), (Some(2), Some("明天值班")));
    let chats = s.get("/api/message/imreply", Some(&n_token)).await.ok()["list"].clone();
    assert_eq!((chats[0]["id"].as_str(), chats[0]["unreadMessage"].as_i64(), chats[0]["latestMessage"].as_str()), (Some(doctor.as_str()), Some(2), Some("明天值班")));
    assert_eq!((chats[0]["messageType"].as_str(), chats[0]["account"].as_str()), (Some("text"), Some("doctor")));

    say(&mut n, json!({"method": "UpdateReadMessage", "formUserId": doctor, "token": n_token})).await;
    say(&mut n, json!({"method": "MessageList", "toUserId": doctor, "formUserId": nurse, "currentPage": 1, "pageSize": 30, "sord": "desc", "token": n_token})).await;
    let list = frame(&mut n, "messageList").await;
    let contents: Vec<&str> = list["list"].as_array().unwrap().iter().map(|m| m["content"].as_str().unwrap()).collect();
    // The latest page, read oldest → newest as JNPF's (its client shows a page as given and
    // scrolls to the bottom); the next page holds the older messages (issue 25).
    assert_eq!(contents, ["你好", "明天值班"]);
    assert_eq!((list["pagination"]["total"].as_i64(), list["list"][0]["contentType"].as_str(), list["list"][0]["sendUserId"].as_str()), (Some(2), Some("text"), Some(doctor.as_str())));
    for (page, want) in [(1, "明天值班"), (2, "你好")] {
        say(&mut n, json!({"method": "MessageList", "toUserId": doctor, "currentPage": page, "pageSize": 1, "sord": "desc"})).await;
        assert_eq!(frame(&mut n, "messageList").await["list"][0]["content"], want);
    }
    assert_eq!(s.get("/api/message/imreply", Some(&n_token)).await.ok()["list"][0]["unreadMessage"], 0);
    say(&mut n, json!({"method": "MessageList", "toUserId": doctor, "currentPage": 1, "pageSize": 50, "sord": "asc", "keyword": "值班"})).await;
    let found = frame(&mut n, "messageList").await;
    assert_eq!(found["list"].as_array().unwrap().len(), 1);

    // The nurse clears her history: hers is empty, the doctor's stays; then she removes the
    // conversation from her list.
    s.call(Method::DELETE, &format!("/api/message/imreply/deleteChatRecord/{doctor}"), Some(&n_token), Body::None).await.ok();
    let chats = s.get("/api/message/imreply", Some(&n_token)).await.ok()["list"].clone();
    assert_eq!((chats[0]["latestMessage"].as_str(), chats[0]["unreadMessage"].as_i64()), (Some(""), Some(0)));
    say(&mut d, json!({"method": "MessageList", "toUserId": nurse, "currentPage": 1, "pageSize": 30, "sord": "desc"})).await;
    assert_eq!(frame(&mut d, "messageList").await["pagination"]["total"], 2);
    s.call(Method::DELETE, &format!("/api/message/imreply/relocation/{doctor}"), Some(&n_token), Body::None).await.ok();
    assert_eq!(s.get("/api/message/imreply", Some(&n_token)).await.ok()["list"], json!([]));
    assert_eq!(s.get("/api/message/imreply", Some(&d_token)).await.ok()["list"].as_array().unwrap().len(), 1);
}

// Two server processes on one database (on PostgreSQL through LISTEN/NOTIFY; on SQLite the
// processes do not share sockets, which is why Qiming runs one process there): a notice
// released through one reaches a user connected to the other at once, two users on different
// processes chat both ways, and a logout through one closes the socket on the other.
async fn live_frames_cross_server_processes_on_postgres() {
    let a = start(Engine::Postgres).await;
    let b = start_sharing(&a).await;
    let admin = a.ready_admin().await;
    let doctor = a.create_user("doctor", "Doctor123").await;
    let nurse = a.create_user("nurse", "Nurse123").await;
    let d_token = a.sign_in("doctor", "Doctor123").await;
    let n_token = a.sign_in("nurse", "Nurse123").await;
    let mut d = open(&b, &d_token).await;
    let mut n = open(&a, &n_token).await;

    a.post("/api/message", Some(&admin), notice("跨进程通知", &format!("{doctor}--user"))).await.ok();
    let id = notice_id(&a, &admin, "跨进程通知").await;
    a.put_empty(&format!("/api/message/{id}/Actions/Release"), Some(&admin)).await.ok();
    assert_eq!(frame(&mut d, "messagePush").await["title"], "跨进程通知");

    say(&mut d, json!({"method": "SendMessage", "toUserId": nurse, "messageType": "text", "messageContent": "B到A"})).await;
    assert_eq!(frame(&mut n, "receiveMessage").await["formMessage"], "B到A");
    assert_eq!(frame(&mut d, "sendMessage").await["toMessage"], "B到A");
    say(&mut n, json!({"method": "SendMessage", "toUserId": doctor, "messageType": "text", "messageContent": "A到B"})).await;
    assert_eq!(frame(&mut d, "receiveMessage").await["formMessage"], "A到B");

    a.get("/api/oauth/Logout", Some(&d_token)).await.ok();
    assert_eq!(frame(&mut d, "logout").await["msg"], "您已退出登录，请重新登录");
    closes(&mut d).await;
    drop(b);
}

#[tokio::test]
async fn live_frames_cross_server_processes() {
    live_frames_cross_server_processes_on_postgres().await
}

// CHAT-012, CHAT-020, CHAT-021: an image goes through the common upload with the IM type
// (answer data.name), then SendMessage {name, width, height}: live frames carry the object
// {path, …} and the history the JSON text; a name the sender did not upload is refused.
async fn chat_012_020_021_image_messages(engine: Engine) {
    let s = start(engine).await;
    s.create_user("doctor", "Doctor123").await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let d_token = s.sign_in("doctor", "Doctor123").await;
    let n_token = s.sign_in("nurse", "Nurse123").await;
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89".to_vec();
    png.resize(200, 7);
    let uploaded = s.call(Method::POST, "/api/file/Uploader/IM", Some(&d_token), upload_with(&[], "file", "x.png", &png)).await;
    let name = uploaded.ok()["name"].as_str().unwrap().to_string();
    let mut d = open(&s, &d_token).await;
    let mut n = open(&s, &n_token).await;
    say(&mut d, json!({"method": "SendMessage", "toUserId": nurse, "messageType": "image", "messageContent": {"name": name, "width": 1, "height": 1}})).await;
    let got = frame(&mut n, "receiveMessage").await;
    assert_eq!(got["messageType"], "image");
    assert_eq!(got["formMessage"]["path"], format!("/api/file/Image/IM/{name}"));
    assert_eq!((got["formMessage"]["width"].as_i64(), got["formMessage"]["height"].as_i64()), (Some(1), Some(1)));
    assert_eq!(frame(&mut d, "sendMessage").await["toMessage"]["path"], format!("/api/file/Image/IM/{name}"));
    say(&mut n, json!({"method": "MessageList", "toUserId": s.state.clock.now_ms().to_string(), "currentPage": 1, "pageSize": 30, "sord": "desc"})).await;
    assert_eq!(frame(&mut n, "messageList").await["pagination"]["total"], 0, "another conversation is empty");
    let doctor = s.get("/api/message/imreply", Some(&n_token)).await.ok()["list"][0]["id"].as_str().unwrap().to_string();
    say(&mut n, json!({"method": "MessageList", "toUserId": doctor, "currentPage": 1, "pageSize": 30, "sord": "desc"})).await;
    let list = frame(&mut n, "messageList").await;
    let content: Value = serde_json::from_str(list["list"][0]["content"].as_str().unwrap()).unwrap();
    assert_eq!((list["list"][0]["contentType"].as_str(), content["path"].as_str()), (Some("image"), Some(format!("/api/file/Image/IM/{name}").as_str())));
    // The nurse cannot send the doctor's upload as hers, nor a name that was never uploaded.
    say(&mut n, json!({"method": "SendMessage", "toUserId": doctor, "messageType": "image", "messageContent": {"name": name}})).await;
    assert_eq!(frame(&mut n, "error").await["msg"], "请先上传文件");
    say(&mut n, json!({"method": "SendMessage", "toUserId": doctor, "messageType": "video", "messageContent": "x"})).await;
    assert_eq!(frame(&mut n, "error").await["msg"], "不支持的消息类型");
}

// MSG-022 (data permission): with data permission on the notice page, a member reaches the
// notices their schemes grant — 本人创建 (`creatorUserId` = `@userId`) only their own; one
// outside answers 公告不存在 and cannot be released or deleted.
async fn msg_022_notices_keep_to_the_data_scope(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    s.post("/api/message", Some(&admin), notice("管理员的通知", "")).await.ok();
    let theirs = notice_id(&s, &admin, "管理员的通知").await;
    let clerk = s.create_user("clerk", "Clerk123").await;
    let page = seeded_page(&s, "msgCenter.notice").await;
    let buttons = [seeded_button(&s, &page, "btn_add").await, seeded_button(&s, &page, "btn_edit").await, seeded_button(&s, &page, "btn_remove").await];
    let own = {
        let mut conn = s.conn().await;
        qiming_server::permission::repo::menu::set_data_authorize(&mut conn, &page, true).await.unwrap();
        let condition = json!([{"logic": "and", "groups": [{"field": "creatorUserId", "op": "Equal", "value": "@userId"}]}]).to_string();
        qiming_server::permission::repo::menu::insert_scheme(&mut conn, &page, "own", "本人创建", &condition).await.unwrap()
    };
    let items: Vec<(&str, &str)> = buttons.iter().map(|b| ("button", b.as_str())).chain([("resource", own.as_str())]).collect();
    s.grant(&clerk, &[&page], &items).await;
    let t = s.sign_in("clerk", "Clerk123").await;
    s.post("/api/message", Some(&t), notice("我的通知", "")).await.ok();
    let rows = notice_rows(&s, &t, json!({})).await;
    assert_eq!(rows.iter().map(|r| r["title"].as_str().unwrap()).collect::<Vec<_>>(), ["我的通知"]);
    s.get(&format!("/api/message/{theirs}"), Some(&t)).await.fails(404, "公告不存在");
    s.put_empty(&format!("/api/message/{theirs}/Actions/Release"), Some(&t)).await.fails(404, "公告不存在");
    s.call(Method::DELETE, &format!("/api/message/{theirs}"), Some(&t), Body::None).await.fails(404, "公告不存在");
    assert_eq!(notice_rows(&s, &admin, json!({})).await.len(), 2, "the administrator reaches both");
    let _ = clerk;
}

// A released notice is withdrawn: every addressee's copy goes (read or not), a connected
// addressee's counts come again in initMessage, the notice is a draft that can be edited and
// released anew; a draft cannot be withdrawn, and another's notice is out of reach.
async fn notice_withdraw_takes_back_every_copy(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let to = format!("{doctor}--user,{nurse}--user");
    s.post("/api/message", Some(&admin), notice("停水通知", &to)).await.ok();
    let id = notice_id(&s, &admin, "停水通知").await;
    s.put_empty(&format!("/api/message/{id}/Actions/Withdraw"), Some(&admin)).await.fails(400, "公告尚未发布，无需撤回");
    s.put_empty(&format!("/api/message/{id}/Actions/Release"), Some(&admin)).await.ok();

    let doctor_token = s.sign_in("doctor", "Doctor123").await;
    let nurse_token = s.sign_in("nurse", "Nurse123").await;
    let opened = s.get("/api/message", Some(&nurse_token)).await.ok()["list"][0]["id"].as_str().unwrap().to_string();
    s.get(&format!("/api/message/ReadInfo/{opened}"), Some(&nurse_token)).await.ok();
    let mut ws = connect(&s, "/websocket", &doctor_token).await;
    say(&mut ws, json!({"method": "OnConnection", "token": doctor_token})).await;
    assert_eq!(frame(&mut ws, "initMessage").await["unreadNoticeCount"], 1);

    assert_eq!(s.put_empty(&format!("/api/message/{id}/Actions/Withdraw"), Some(&admin)).await.msg(), "撤回成功");
    let counts = frame(&mut ws, "initMessage").await;
    assert_eq!((counts["unreadNoticeCount"].as_i64(), counts["unreadTotalCount"].as_i64()), (Some(0), Some(0)));
    for t in [&doctor_token, &nurse_token] {
        assert!(titles(s.get("/api/message", Some(t)).await.ok()).is_empty());
    }
    let info = s.get(&format!("/api/message/{id}"), Some(&admin)).await.ok().clone();
    assert_eq!((info["enabledMark"].as_i64(), info["releaseUser"].as_str().unwrap_or("")), (Some(0), ""));
    // A draft again: it can be changed and released anew.
    s.put(&format!("/api/message/{id}"), Some(&admin), json!({"title": "停水通知（更正）"})).await.ok();
    s.put_empty(&format!("/api/message/{id}/Actions/Release"), Some(&admin)).await.ok();
    assert_eq!(titles(s.get("/api/message", Some(&nurse_token)).await.ok()), ["停水通知（更正）"]);
    // Someone without the notice page's buttons cannot withdraw it.
    s.put_empty(&format!("/api/message/{id}/Actions/Withdraw"), Some(&doctor_token)).await.fails(403, MSG_FORBIDDEN);
}

on_both_engines!(
    notice_withdraw_takes_back_every_copy,
    msg_010_011_012_013_018_020_inbox_filters_paging_and_reading,
    msg_008_019_read_all_matches_the_filter,
    msg_021_record_delete_is_per_user,
    msg_022_023_notice_crud_release_and_addressees,
    msg_022_notice_page_permissions,
    chat_023_024_026_init_message_and_live_notice_push,
    chat_025_bad_frames_get_error_frames_and_the_socket_survives,
    chat_026_028_revoked_sessions_get_logout_and_are_closed,
    chat_026_online_and_offline,
    chat_one_to_one_between_two_sockets,
    chat_012_020_021_image_messages,
    msg_022_notices_keep_to_the_data_scope,
);
