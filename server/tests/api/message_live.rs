//! The live side of messages over a real WebSocket, beyond tests/api/message.rs: `refresh`
//! when permissions change, `organizeChanged` when the organisations change, `closeSocket` and the close frame for a client too slow to read,
//! schedule reminders as type-4 messages, notices' attachments kept from the orphan cleanup,
//! send configurations, and a server process killed and started again losing nothing.

use crate::files::{WIDGET, pdf, send as upload};
use crate::first_start::run_binary;
use crate::harness::{Body, Engine, TestServer, organisation, seeded_page, start, start_with};
use crate::message::{Ws, closes, frame, next, notice, notice_id, open, say};
use crate::on_both_engines;
use futures_util::StreamExt;
use qiming_core::date::{DEFAULT_UTC_OFFSET_MINUTES, DateTime};
use qiming_server::message::service;
use qiming_server::message::socket::{ORGANIZE_CHANGED, REFRESH_MSG, SLOW_CLOSE};
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// The frames a socket receives until the server's own heartCheck answer: what was queued
/// for it before.
async fn frames_before_heartbeat(ws: &mut Ws) -> Vec<String> {
    say(ws, json!({"method": "heartCheck"})).await;
    let mut seen = Vec::new();
    loop {
        let f = next(ws).await.expect("the socket stays open");
        if f["method"] == "heartCheck" {
            return seen;
        }
        seen.push(f["method"].as_str().unwrap_or_default().to_string());
    }
}

// CHAT-026, CHAT-030: when what a user may see changes — their role's grants, their
// memberships, the menus — their sockets are told `refresh {msg}`; users the change does not
// reach hear nothing, and neither does the administrator who made it.
async fn chat_030_permission_changes_send_refresh(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let role = s.grant(&doctor, &[], &[]).await;
    let mut d = open(&s, &s.sign_in("doctor", "Doctor123").await).await;
    let mut n = open(&s, &s.sign_in("nurse", "Nurse123").await).await;
    let mut a = open(&s, &admin).await;

    // The role's grants: its member only.
    s.put(&format!("/api/permission/Authority/Data/{role}"), Some(&admin), json!({"objectType": "Role", "systemIds": [], "module": []})).await.ok();
    let refresh = frame(&mut d, "refresh").await;
    assert_eq!(refresh, json!({"method": "refresh", "msg": REFRESH_MSG}));
    assert!(!frames_before_heartbeat(&mut n).await.contains(&"refresh".to_string()), "the nurse holds no grant of that role");

    // The role's members: the one who left and the one who joined.
    s.post(&format!("/api/permission/UserRelation/{role}"), Some(&admin), json!({"objectType": "Role", "userIds": [nurse]})).await.ok();
    frame(&mut d, "refresh").await;
    frame(&mut n, "refresh").await;

    // A menu switched off and on: everyone but the administrator who did it.
    let page = seeded_page(&s, "msgCenter.notice").await;
    s.put_empty(&format!("/api/system/Menu/{page}/Actions/State"), Some(&admin)).await.ok();
    frame(&mut d, "refresh").await;
    frame(&mut n, "refresh").await;
    s.put_empty(&format!("/api/system/Menu/{page}/Actions/State"), Some(&admin)).await.ok();
    frame(&mut d, "refresh").await;
    frame(&mut n, "refresh").await;
    assert!(!frames_before_heartbeat(&mut a).await.contains(&"refresh".to_string()), "not the one who made the change");
}

// The super-administrator list (系统配置 → 超级管理员): who is added or taken off hears
// `refresh`, as with a role's grants; a user the change does not touch hears nothing.
async fn admin_list_changes_send_refresh(engine: Engine) {
    const SET: &str = "/api/system/SysConfig/setAdminList";
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    s.create_user("nurse", "Nurse123").await;
    let admin_id = s.get("/api/permission/Users/Current/BaseInfo", Some(&admin)).await.ok()["id"].as_str().unwrap().to_string();
    let mut d = open(&s, &s.sign_in("doctor", "Doctor123").await).await;
    let mut n = open(&s, &s.sign_in("nurse", "Nurse123").await).await;

    s.put(SET, Some(&admin), json!({"adminIds": [admin_id, doctor]})).await.ok();
    assert_eq!(frame(&mut d, "refresh").await, json!({"method": "refresh", "msg": REFRESH_MSG}));
    assert!(!frames_before_heartbeat(&mut n).await.contains(&"refresh".to_string()), "the nurse's rights did not change");

    s.put(SET, Some(&admin), json!({"adminIds": [admin_id]})).await.ok();
    frame(&mut d, "refresh").await;
    assert!(!frames_before_heartbeat(&mut n).await.contains(&"refresh".to_string()));
}

// Issue 25: a company or department created, changed or deleted reaches the other users'
// open pages as `organizeChanged` (their organisation trees read again), through the event
// bus — across processes on PostgreSQL; the administrator who made it hears nothing (the page
// that made the change reloaded its own trees).
async fn organisation_changes_send_organize_changed(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    s.create_user("doctor", "Doctor123").await;
    let mut d = open(&s, &s.sign_in("doctor", "Doctor123").await).await;
    let mut a = open(&s, &admin).await;

    let company = organisation(&s, &admin, "-1", false, "启明医院", "QM").await;
    assert_eq!(frame(&mut d, ORGANIZE_CHANGED).await, json!({"method": ORGANIZE_CHANGED}));
    let department = organisation(&s, &admin, &company, true, "心内科", "XNK").await;
    frame(&mut d, ORGANIZE_CHANGED).await;
    s.put(&format!("/api/permission/Organize/Department/{department}"), Some(&admin), json!({"fullName": "心血管内科"})).await.ok();
    frame(&mut d, ORGANIZE_CHANGED).await;
    s.call(Method::DELETE, &format!("/api/permission/Organize/{department}"), Some(&admin), Body::None).await.ok();
    frame(&mut d, ORGANIZE_CHANGED).await;
    assert!(!frames_before_heartbeat(&mut a).await.contains(&ORGANIZE_CHANGED.to_string()), "not the one who made the change");
}

/// The text frames' methods a socket receives, then the close frame's code (None when the
/// connection ended without one).
async fn until_closed(ws: &mut Ws) -> (Vec<String>, Option<u16>) {
    let mut methods = Vec::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(30), ws.next()).await.expect("the server closes within 30 s") {
            Some(Ok(Message::Text(t))) => {
                let v: Value = serde_json::from_str(t.as_str()).unwrap();
                methods.push(v["method"].as_str().unwrap_or_default().to_string());
            }
            Some(Ok(Message::Close(frame))) => return (methods, frame.map(|f| u16::from(f.code))),
            Some(Ok(_)) => {}
            _ => return (methods, None),
        }
    }
}

// CHAT-029, back-pressure: a socket whose client stops reading is dropped once its queue
// overflows — told `closeSocket` and closed with 1008 after what was already on its way —
// while another socket of the same user, which reads, receives every message.
async fn chat_029_a_slow_client_is_dropped_with_close_socket(engine: Engine) {
    let s = start(engine).await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let token = s.sign_in("nurse", "Nurse123").await;
    let mut slow = open(&s, &token).await;
    let mut fast = open(&s, &token).await;
    assert_eq!(s.state.live.connections(), 2);
    let reader = tokio::spawn(async move {
        let mut received = 0;
        loop {
            let f = frame(&mut fast, "receiveMessage").await;
            received += 1;
            if f["formMessage"] == "最后一条" {
                return received;
            }
        }
    });
    // Big frames (20 KB) fill the socket buffers quickly; then the queue overflows.
    let big = json!("😀".repeat(5000));
    let mut sent = 0;
    while s.state.live.connections() == 2 && sent < 5000 {
        service::send_chat(&s.state, &doctor, &nurse, "text", &big).await.unwrap();
        sent += 1;
    }
    assert_eq!(s.state.live.connections(), 1, "the slow socket was dropped after {sent} messages");
    service::send_chat(&s.state, &doctor, &nurse, "text", &json!("最后一条")).await.unwrap();
    assert_eq!(reader.await.unwrap(), sent + 1, "the reading socket got every message");

    let (methods, code) = until_closed(&mut slow).await;
    assert_eq!(code, Some(SLOW_CLOSE.0), "{} frames then {code:?}", methods.len());
    assert_eq!(methods.last().map(String::as_str), Some("closeSocket"));
    assert!(methods.len() < sent + 1, "the slow socket did not get everything: {}", methods.len());
}

// MSG-024: the send configurations: the seeded in-site one by id ({fullName}) and in the
// picker's list; an unknown one is 发送配置不存在, and a notice with remindCategory 2 must
// name one that exists.
async fn msg_024_send_message_configs(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    s.create_user("doctor", "Doctor123").await;
    let doctor = s.sign_in("doctor", "Doctor123").await;
    let list = s.get("/api/message/SendMessageConfig/Selector", Some(&doctor)).await.ok()["list"].clone();
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!((list[0]["fullName"].as_str(), list[0]["enCode"].as_str()), (Some("站内消息"), Some("inSiteMessage")));
    let id = list[0]["id"].as_str().unwrap().to_string();
    let one = s.get(&format!("/api/message/SendMessageConfig/{id}"), Some(&doctor)).await.ok().clone();
    assert_eq!(one["fullName"], "站内消息");
    s.get("/api/message/SendMessageConfig/42", Some(&doctor)).await.fails(404, "发送配置不存在");
    assert_eq!(s.get(&format!("/api/message/SendMessageConfig/{id}"), None).await.code(), 602, "a session is needed");

    let mut custom = notice("自定义提醒", "");
    custom["remindCategory"] = json!(2);
    custom["sendConfigId"] = json!("42");
    s.post("/api/message", Some(&admin), custom.clone()).await.fails(400, "发送配置不存在");
    custom["sendConfigId"] = json!(id);
    s.post("/api/message", Some(&admin), custom).await.ok();
    let saved = notice_id(&s, &admin, "自定义提醒").await;
    assert_eq!(s.get(&format!("/api/message/{saved}"), Some(&admin)).await.ok()["sendConfigId"], id.as_str());
}

fn name_of(answer: &Value) -> String {
    answer["name"].as_str().unwrap().to_string()
}

async fn file_names(s: &TestServer) -> Vec<String> {
    let mut conn = s.conn().await;
    let mut names: Vec<String> = sqlx::query_scalar("SELECT name FROM qiming_file").fetch_all(&mut *conn).await.unwrap();
    names.sort();
    names
}

// MSG-022 (attachments, with the files issue's orphan cleanup): the uploads a notice keeps —
// its attachments' fileId and its cover image — are held, so housekeeping keeps them however
// old; one the notice drops, and all of them when it is deleted, become orphans and go.
async fn msg_022_notice_attachments_are_kept_from_the_orphan_cleanup(engine: Engine) {
    let s = start_with(engine, |c| c.file_orphan_age = Duration::from_secs(24 * 3600)).await;
    let admin = s.ready_admin().await;
    let kept = name_of(upload(&s, &admin, "annex", WIDGET, "制度.pdf", &pdf()).await.ok());
    let dropped = name_of(upload(&s, &admin, "annex", WIDGET, "草稿.pdf", &[pdf(), b"%2".to_vec()].concat()).await.ok());
    let cover = upload(&s, &admin, "annexpic", WIDGET, "封面.png", &crate::files::png(40)).await.ok().clone();
    let loose = name_of(upload(&s, &admin, "annex", WIDGET, "无主.pdf", &[pdf(), b"%3".to_vec()].concat()).await.ok());
    let entry = |name: &str| json!({"name": "x.pdf", "fileId": name, "url": format!("/api/file/Image/annex/{name}")});
    let mut form = notice("附件通知", "");
    form["files"] = json!(json!([entry(&kept), entry(&dropped)]).to_string());
    form["coverImage"] = cover["url"].clone();
    s.post("/api/message", Some(&admin), form).await.ok();
    let id = notice_id(&s, &admin, "附件通知").await;

    s.clock.advance(Duration::from_secs(24 * 3600 + 60));
    let t = qiming_server::housekeeping::run_once(&s.state).await.unwrap();
    assert_eq!(t.orphan_files, 1, "only the loose upload: {t:?}");
    let mut want = vec![kept.clone(), dropped.clone(), name_of(&cover)];
    want.sort();
    assert_eq!(file_names(&s).await, want, "{loose} is gone");

    // The draft drops one attachment: that one goes once old.
    let admin = s.admin().await;
    s.put(&format!("/api/message/{id}"), Some(&admin), json!({"files": json!([entry(&kept)]).to_string()})).await.ok();
    s.clock.advance(Duration::from_secs(24 * 3600 + 60));
    assert_eq!(qiming_server::housekeeping::run_once(&s.state).await.unwrap().orphan_files, 1);
    let mut want = vec![kept.clone(), name_of(&cover)];
    want.sort();
    assert_eq!(file_names(&s).await, want);

    // Deleted, the notice holds nothing.
    let admin = s.admin().await;
    s.call(Method::DELETE, &format!("/api/message/{id}"), Some(&admin), Body::None).await.ok();
    s.clock.advance(Duration::from_secs(24 * 3600 + 60));
    assert_eq!(qiming_server::housekeeping::run_once(&s.state).await.unwrap().orphan_files, 2);
    assert_eq!(file_names(&s).await, Vec::<String>::new());
}

/// A one-hour schedule of `creator` starting `from_now` later (whole minutes), with a reminder
/// `reminder` minutes before (-1 at the start, -2 none) and these participants.
async fn schedule(s: &TestServer, token: &str, title: &str, from_now: Duration, reminder: i64, participants: &[&str]) {
    let kind: String = {
        let mut conn = s.conn().await;
        sqlx::query_scalar(
            "SELECT d.id FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
             WHERE t.en_code = 'scheduleType' AND d.en_code = 'meeting'",
        )
        .fetch_one(&mut *conn)
        .await
        .unwrap()
    };
    let at = DateTime::from_epoch_ms(s.clock.now_ms() + from_now.as_millis() as i64, DEFAULT_UTC_OFFSET_MINUTES).unwrap();
    let day = DateTime::parse(&at.format("yyyy-MM-dd")).unwrap().to_epoch_ms(DEFAULT_UTC_OFFSET_MINUTES);
    let form = json!({
        "type": kind, "urgent": "1", "title": title, "content": "", "allDay": 0,
        "startDay": day, "startTime": at.format("HH:mm"), "endDay": 0, "endTime": "", "duration": 60,
        "creatorUserId": "", "userName": "", "toUserIds": participants, "color": "#1890ff",
        "reminderTime": reminder, "reminderType": "1", "send": "", "sendName": "", "repetition": "1", "repeatTime": null,
    });
    s.post("/api/system/Schedule", Some(token), form).await.ok();
}

// MSG-011, MSG-014 (schedule messages): an occurrence's reminder is sent when its time comes
// — `reminderTime` minutes before the start, or at the start — as one type-4 message to its
// creator and participants, pushed live, with the JSON body {type, id, groupId} that opens the
// schedule; each is sent once, however often the tick runs; no reminder (-2), no message.
async fn schedule_reminders_are_type_4_messages_sent_once(engine: Engine) {
    let s = start(engine).await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let d_token = s.sign_in("doctor", "Doctor123").await;
    // Starts in 2 h (whole minutes): reminded 10 minutes before; another at its start; a third never.
    s.clock.advance(Duration::from_millis(60_000 - (s.clock.now_ms() % 60_000) as u64));
    schedule(&s, &d_token, "科室例会", Duration::from_secs(2 * 3600), 10, &[&nurse]).await;
    schedule(&s, &d_token, "查房", Duration::from_secs(2 * 3600), -1, &[]).await;
    schedule(&s, &d_token, "无提醒", Duration::from_secs(2 * 3600), -2, &[&nurse]).await;
    let mut d = open(&s, &d_token).await;
    let tick = || qiming_server::system::schedule::service::send_due_reminders(&s.state);

    assert_eq!(tick().await.unwrap(), 0, "nothing is due yet");
    s.clock.advance(Duration::from_secs(2 * 3600 - 11 * 60));
    assert_eq!(tick().await.unwrap(), 0, "11 minutes before: not yet");
    s.clock.advance(Duration::from_secs(60));
    assert_eq!(tick().await.unwrap(), 1);
    assert_eq!(tick().await.unwrap(), 0, "sent once");
    let push = frame(&mut d, "messagePush").await;
    assert_eq!((push["title"].as_str(), push["messageType"].as_i64(), push["toUserId"].as_str()), (Some("日程提醒：科室例会"), Some(4), Some(doctor.as_str())));

    let n_token = s.sign_in("nurse", "Nurse123").await;
    let page = s.get("/api/message?type=4", Some(&n_token)).await.ok().clone();
    assert_eq!(page["pagination"]["total"], 1);
    let info = s.get(&format!("/api/message/ReadInfo/{}", page["list"][0]["id"].as_str().unwrap()), Some(&n_token)).await.ok().clone();
    let body: Value = serde_json::from_str(info["bodyText"].as_str().unwrap()).unwrap();
    assert_eq!(body["type"], 1);
    let events = s.get(&format!("/api/system/Schedule?startTime={}&endTime={}", s.clock.now_ms() - 86_400_000, s.clock.now_ms() + 86_400_000), Some(&n_token)).await.ok()["list"].clone();
    let meeting = events.as_array().unwrap().iter().find(|e| e["title"] == "科室例会").unwrap();
    assert_eq!((body["id"].as_str(), body["groupId"].as_str()), (meeting["id"].as_str(), meeting["groupId"].as_str()));
    assert!(info["excerpt"].as_str().unwrap().starts_with("开始时间："));

    // At the start: the second one; the third never.
    s.clock.advance(Duration::from_secs(10 * 60));
    assert_eq!(tick().await.unwrap(), 1);
    assert_eq!(frame(&mut d, "messagePush").await["title"], "日程提醒：查房");
    s.clock.advance(Duration::from_secs(3600));
    assert_eq!(tick().await.unwrap(), 0);
    let d_token = s.sign_in("doctor", "Doctor123").await;
    assert_eq!(s.get("/api/message?type=4", Some(&d_token)).await.ok()["pagination"]["total"], 2);
    assert_eq!(s.get("/api/message?type=4", Some(&n_token)).await.ok()["pagination"]["total"], 1);
}

// A message's live push that reaches a process after a socket there registered and counted
// the message (on PostgreSQL the NOTIFY of a message committed just before the connection can
// arrive after it) is not sent to that socket, whose badge would count the message twice; a
// message that arrives after the count is pushed as ever.
async fn a_late_push_of_a_counted_message_is_not_sent(engine: Engine) {
    let s = start(engine).await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let token = s.sign_in("nurse", "Nurse123").await;
    let message = |title: &str| qiming_server::message::repo::NewMessage {
        kind: service::SYSTEM,
        flow_type: 1,
        title: title.to_string(),
        body_text: String::new(),
        excerpt: String::new(),
        files: String::new(),
        sender: String::new(),
    };
    // Written and committed; its announcement held back, as a late notification.
    let mut tx = s.state.db.begin().await.unwrap();
    let late = service::write(&mut tx, &message("先到的消息"), std::slice::from_ref(&nurse), s.clock.now_ms()).await.unwrap();
    tx.commit().await.unwrap();
    let mut ws = crate::message::connect(&s, "/websocket", &token).await;
    say(&mut ws, json!({"method": "OnConnection", "token": token, "mobileDevice": false})).await;
    let init = frame(&mut ws, "initMessage").await;
    assert_eq!(init["unreadSystemMessageCount"], 1, "{init}");
    late.publish(&s.state);
    service::send(&s.state, &message("后到的消息"), std::slice::from_ref(&nurse)).await.unwrap();
    let push = frame(&mut ws, "messagePush").await;
    assert_eq!(push["title"], "后到的消息", "the counted message is not pushed again: {push}");
    assert!(!frames_before_heartbeat(&mut ws).await.contains(&"messagePush".to_string()));
}

on_both_engines!(
    a_late_push_of_a_counted_message_is_not_sent,
    chat_030_permission_changes_send_refresh,
    admin_list_changes_send_refresh,
    organisation_changes_send_organize_changed,
    chat_029_a_slow_client_is_dropped_with_close_socket,
    msg_024_send_message_configs,
    msg_022_notice_attachments_are_kept_from_the_orphan_cleanup,
    schedule_reminders_are_type_4_messages_sent_once,
);

async fn connect_to(base: &str, token: &str) -> Ws {
    let url = format!("ws://{}/websocket/{}", base.trim_start_matches("http://"), token.replace(' ', "%20"));
    tokio_tungstenite::connect_async(url).await.expect("the socket opens").0
}

// A server process killed (SIGKILL) and started again on the same PostgreSQL loses nothing:
// what a client sent through it was stored before it was pushed; what arrived for its user
// while it was down — chat and a released notice — the reconnecting client gets from
// initMessage and MessageList, and live frames flow again through the new process.
#[tokio::test]
async fn a_killed_server_process_loses_nothing() {
    let s = start(Engine::Postgres).await;
    let admin = s.ready_admin().await;
    let doctor = s.create_user("doctor", "Doctor123").await;
    let nurse = s.create_user("nurse", "Nurse123").await;
    let d_token = s.sign_in("doctor", "Doctor123").await;
    let n_token = s.sign_in("nurse", "Nurse123").await;
    let url = s.state.config.database_url();
    let dir = tempfile::tempdir().unwrap();

    // The doctor on the binary's process, the nurse on this one.
    let mut process = run_binary(dir.path(), Some(&url), None).await;
    let mut d = connect_to(&process.base, &d_token).await;
    say(&mut d, json!({"method": "OnConnection", "token": d_token})).await;
    frame(&mut d, "initMessage").await;
    let mut n = open(&s, &n_token).await;
    say(&mut d, json!({"method": "SendMessage", "toUserId": nurse, "messageType": "text", "messageContent": "交班记录已写好"})).await;
    assert_eq!(frame(&mut n, "receiveMessage").await["formMessage"], "交班记录已写好");
    frame(&mut d, "sendMessage").await;

    process.child.kill().await.unwrap();
    closes(&mut d).await;
    // While it is down: a chat message and a notice for the doctor.
    say(&mut n, json!({"method": "SendMessage", "toUserId": doctor, "messageType": "text", "messageContent": "收到，谢谢"})).await;
    frame(&mut n, "sendMessage").await;
    s.post("/api/message", Some(&admin), notice("停机期间的通知", &format!("{doctor}--user"))).await.ok();
    let id = notice_id(&s, &admin, "停机期间的通知").await;
    s.put_empty(&format!("/api/message/{id}/Actions/Release"), Some(&admin)).await.ok();

    let process = run_binary(dir.path(), Some(&url), None).await;
    let mut d = connect_to(&process.base, &d_token).await;
    say(&mut d, json!({"method": "OnConnection", "token": d_token})).await;
    let init = frame(&mut d, "initMessage").await;
    assert_eq!((init["unreadNoticeCount"].as_i64(), init["unreadTotalCount"].as_i64()), (Some(1), Some(1)));
    assert_eq!(init["unreadNums"][0]["sendUserId"], nurse.as_str());
    assert_eq!((init["unreadNums"][0]["unreadNum"].as_i64(), init["unreadNums"][0]["defaultMessage"].as_str()), (Some(1), Some("收到，谢谢")));
    say(&mut d, json!({"method": "MessageList", "toUserId": nurse, "currentPage": 1, "pageSize": 30, "sord": "desc"})).await;
    let list = frame(&mut d, "messageList").await;
    let contents: Vec<&str> = list["list"].as_array().unwrap().iter().map(|m| m["content"].as_str().unwrap()).collect();
    assert_eq!(contents, ["交班记录已写好", "收到，谢谢"]);

    // Live again through the new process.
    say(&mut n, json!({"method": "SendMessage", "toUserId": doctor, "messageType": "text", "messageContent": "在线了"})).await;
    assert_eq!(frame(&mut d, "receiveMessage").await["formMessage"], "在线了");
    drop(process);
}
