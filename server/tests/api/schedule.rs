//! Schedules (SCHED-*): the calendar's list, the form and the viewer; repeating schedules
//! stored as their occurrences in one transaction; the scopes of a change and of a deletion;
//! who sees a schedule (its creator and participants, nobody else — the administrator
//! neither); the form's messages.

use crate::harness::{Body, Engine, TestServer, start};
use crate::on_both_engines;
use qiming_core::date::{DEFAULT_UTC_OFFSET_MINUTES, DateTime};
use reqwest::Method;
use serde_json::{Value, json};

const SCHEDULE: &str = "/api/system/Schedule";

/// A local time ('2030-03-04 09:00') as the client sends it (ms).
fn ms(text: &str) -> i64 {
    DateTime::parse(text).unwrap().to_epoch_ms(DEFAULT_UTC_OFFSET_MINUTES)
}

/// An instant as local 'yyyy-MM-dd HH:mm'.
fn local(ms: &Value) -> String {
    DateTime::from_epoch_ms(ms.as_i64().unwrap(), DEFAULT_UTC_OFFSET_MINUTES).unwrap().format("yyyy-MM-dd HH:mm")
}

/// The id of a scheduleType item by its code (what the form sends as `type`).
async fn schedule_type(s: &TestServer, code: &str) -> String {
    let mut conn = s.conn().await;
    sqlx::query_scalar(
        "SELECT d.id FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
         WHERE t.en_code = 'scheduleType' AND d.en_code = $1",
    )
    .bind(code)
    .fetch_one(&mut *conn)
    .await
    .unwrap()
}

/// The form as the JNPF client posts it: a one-hour meeting on `day` at `time`, not
/// repeating; `extra` replaces fields.
fn form(kind: &str, title: &str, day: &str, time: &str, extra: Value) -> Value {
    let mut f = json!({
        "type": kind, "urgent": "1", "title": title, "content": "", "allDay": 0,
        "startDay": ms(day), "startTime": time, "endDay": 0, "endTime": "", "duration": 60,
        "creatorUserId": "whoever", "userName": "", "toUserIds": [], "color": "#1890ff",
        "reminderTime": -2, "reminderType": "1", "send": "", "sendName": "", "repetition": "1", "repeatTime": ms("2031-01-01"),
    });
    for (k, v) in extra.as_object().unwrap() {
        f[k] = v.clone();
    }
    f
}

/// The calendar's list for a range of local times.
async fn events(s: &TestServer, token: &str, from: &str, to: &str) -> Vec<Value> {
    let q = format!("{SCHEDULE}?startTime={}&endTime={}", from.replace(' ', "%20"), to.replace(' ', "%20"));
    s.get(&q, Some(token)).await.ok()["list"].as_array().unwrap().clone()
}

/// (local start, title) of the events.
fn starts(list: &[Value]) -> Vec<(String, String)> {
    list.iter().map(|e| (local(&e["startDay"]), e["title"].as_str().unwrap().to_string())).collect()
}

/// A series' rows as stored: (local start, title, repetition, repeat end).
async fn series(s: &TestServer, group: &str) -> Vec<(String, String, String, Option<i64>)> {
    let mut conn = s.conn().await;
    let rows: Vec<(i64, String, String, Option<i64>)> =
        sqlx::query_as("SELECT start_day, title, repetition, repeat_time FROM base_schedule WHERE group_id = $1 ORDER BY start_day")
            .bind(group)
            .fetch_all(&mut *conn)
            .await
            .unwrap();
    rows.into_iter().map(|(start, t, r, until)| (local(&json!(start)), t, r, until)).collect()
}

/// The one event of `list` starting at a local time.
fn at<'a>(list: &'a [Value], start: &str) -> &'a Value {
    list.iter().find(|e| local(&e["startDay"]) == start).unwrap_or_else(|| panic!("no event at {start}: {list:#?}"))
}

fn id(e: &Value) -> String {
    e["id"].as_str().unwrap().to_string()
}

async fn delete(s: &TestServer, token: &str, id: &str, scope: &str) -> crate::harness::Answer {
    s.call(Method::DELETE, &format!("{SCHEDULE}/{id}/{scope}"), Some(token), Body::Json(json!({}))).await
}

/// Signs in a new member; answers (user id, token).
async fn member(s: &TestServer, account: &str) -> (String, String) {
    let id = s.create_user(account, "Member123").await;
    (id, s.sign_in(account, "Member123").await)
}

// SCHED-001, SCHED-002, SCHED-013: a schedule with every field of the form; '1' does not
// repeat (one row, its own group); the list answers the occurrences that overlap the
// calendar's range with the fields the calendar reads; the form reads back what was saved,
// the end worked out from the duration (the client's stale endDay is ignored).
async fn sched_001_002_013_create_list_and_form(engine: Engine) {
    let s = start(engine).await;
    let (doctor_id, doctor) = member(&s, "doctor").await;
    let (nurse_id, _) = member(&s, "nurse").await;
    let meeting = schedule_type(&s, "meeting").await;
    let sent = form(&meeting, "晨会", "2030-03-04", "09:00", json!({"urgent": "2", "content": "交班", "toUserIds": [nurse_id, doctor_id]}));
    let created = s.post(SCHEDULE, Some(&doctor), sent).await;
    assert_eq!(created.msg(), "新建成功");
    created.ok();

    let list = events(&s, &doctor, "2030-03-01 00:00", "2030-03-31 23:59").await;
    assert_eq!(list.len(), 1);
    let e = &list[0];
    assert_eq!((local(&e["startDay"]), local(&e["endDay"])), ("2030-03-04 09:00".into(), "2030-03-04 10:00".into()));
    assert_eq!((e["title"].as_str(), e["color"].as_str(), e["allDay"].as_i64()), (Some("晨会"), Some("#1890ff"), Some(0)));
    assert_eq!((e["creatorUserId"].as_str(), e["urgent"].as_str(), e["repetition"].as_str()), (Some(doctor_id.as_str()), Some("2"), Some("1")));
    assert!(e["groupId"].is_string() && e["groupId"] != e["id"]);
    // Outside the range: nothing; a range that only touches its end: the schedule.
    assert!(events(&s, &doctor, "2030-04-01 00:00", "2030-04-30 23:59").await.is_empty());
    assert_eq!(events(&s, &doctor, "2030-03-04 10:00", "2030-03-04 12:00").await.len(), 1);
    assert!(events(&s, &doctor, "2030-03-04 10:01", "2030-03-04 12:00").await.is_empty());
    // Epoch ms and dates are read too; a bad bound names itself.
    assert_eq!(s.get(&format!("{SCHEDULE}?startTime={}&endTime=2030-03-05", ms("2030-03-04")), Some(&doctor)).await.ok()["list"].as_array().unwrap().len(), 1);
    s.get(&format!("{SCHEDULE}?startTime=yesterday"), Some(&doctor)).await.fails(400, "开始时间格式不正确");

    let info = s.get(&format!("{SCHEDULE}/{}", id(e)), Some(&doctor)).await.ok().clone();
    let expected = json!({
        "id": e["id"], "groupId": e["groupId"], "type": meeting, "urgent": "2", "title": "晨会", "content": "交班", "allDay": 0,
        "startDay": ms("2030-03-04 09:00"), "startTime": "09:00", "endDay": ms("2030-03-04 10:00"), "endTime": "10:00", "duration": 60,
        "creatorUserId": doctor_id, "userName": "doctor/doctor", "toUserIds": [nurse_id], "color": "#1890ff", "reminderTime": -2,
        "reminderType": "1", "send": "", "sendName": "", "repetition": "1", "repeatTime": null
    });
    assert_eq!(info, expected);

    // An all-day schedule over two days; a custom end.
    s.post(SCHEDULE, Some(&doctor), form(&meeting, "义诊", "2030-03-06", "", json!({"allDay": 1, "endDay": ms("2030-03-07")}))).await.ok();
    s.post(SCHEDULE, Some(&doctor), form(&meeting, "手术", "2030-03-08", "22:00", json!({"duration": -1, "endDay": ms("2030-03-09"), "endTime": "01:30"})))
        .await
        .ok();
    let list = events(&s, &doctor, "2030-03-05 00:00", "2030-03-31 23:59").await;
    let spans: Vec<(String, String, i64)> =
        list.iter().map(|e| (local(&e["startDay"]), local(&e["endDay"]), e["allDay"].as_i64().unwrap())).collect();
    assert_eq!(
        spans,
        [("2030-03-06 00:00".into(), "2030-03-07 23:59".into(), 1), ("2030-03-08 22:00".into(), "2030-03-09 01:30".into(), 0)]
    );
}

// SCHED-002: repeating schedules are stored as their occurrences up to the repeat end's day,
// one row each, sharing one groupId: daily for 5 days → 5 rows; weekly, monthly (the 31st,
// or the month's last day) and yearly (29 February) likewise.
async fn sched_002_repeating_schedules_are_their_occurrences(engine: Engine) {
    let s = start(engine).await;
    let (_, doctor) = member(&s, "doctor").await;
    let duty = schedule_type(&s, "duty").await;
    let cases = [
        ("每天", "2030-03-10", "2", "2030-03-14", vec!["2030-03-10", "2030-03-11", "2030-03-12", "2030-03-13", "2030-03-14"]),
        ("每周", "2030-04-01", "3", "2030-04-29", vec!["2030-04-01", "2030-04-08", "2030-04-15", "2030-04-22", "2030-04-29"]),
        ("每月", "2030-01-31", "4", "2030-05-31 23:00", vec!["2030-01-31", "2030-02-28", "2030-03-31", "2030-04-30", "2030-05-31"]),
        ("每年", "2032-02-29", "5", "2034-02-28", vec!["2032-02-29", "2033-02-28", "2034-02-28"]),
    ];
    for (title, day, repetition, until, days) in cases {
        let sent = form(&duty, title, day, "08:00", json!({"duration": 30, "repetition": repetition, "repeatTime": ms(until)}));
        s.post(SCHEDULE, Some(&doctor), sent).await.ok();
        let list: Vec<Value> = events(&s, &doctor, "2030-01-01 00:00", "2034-12-31 23:59").await.into_iter().filter(|e| e["title"] == title).collect();
        let got: Vec<String> = list.iter().map(|e| local(&e["startDay"])).collect();
        let want: Vec<String> = days.iter().map(|d| format!("{d} 08:00")).collect();
        assert_eq!(got, want, "{title}");
        assert!(list.iter().all(|e| e["groupId"] == list[0]["groupId"] && e["repetition"] == repetition && local(&e["endDay"]).ends_with("08:30")));
        let rows = series(&s, list[0]["groupId"].as_str().unwrap()).await;
        assert_eq!(rows.len(), days.len(), "{title}: one row per occurrence");
        assert!(rows.iter().all(|r| r.3 == Some(ms(until))));
    }
    // Two years of daily occurrences is the most: 732 rows over a 29 February.
    let long = form(&duty, "两年", "2031-03-01", "07:00", json!({"repetition": "2", "repeatTime": ms("2033-03-01")}));
    s.post(SCHEDULE, Some(&doctor), long).await.ok();
    let list = events(&s, &doctor, "2031-03-01 00:00", "2033-03-31 23:59").await;
    assert_eq!(list.iter().filter(|e| e["title"] == "两年").count(), 732);
}

// Data scope: a schedule is its creator's and its participants'. A participant sees it in
// the list, its form and the viewer (SCHED-003: type, urgency, creator and participants as
// text); a stranger and the administrator do not see it, and every call on it answers as
// missing; only the creator changes it; a participant's deletion takes only them off it.
async fn sched_participants_see_strangers_do_not(engine: Engine) {
    let s = start(engine).await;
    let admin = s.ready_admin().await;
    let (doctor_id, doctor) = member(&s, "doctor").await;
    let (nurse_id, nurse) = member(&s, "nurse").await;
    let (_, clerk) = member(&s, "clerk").await;
    let meeting = schedule_type(&s, "meeting").await;
    let sent = form(&meeting, "病例讨论", "2030-03-04", "14:00", json!({"urgent": "3", "content": "三楼会议室", "toUserIds": format!("{nurse_id},{nurse_id}")}));
    s.post(SCHEDULE, Some(&doctor), sent).await.ok();
    let (from, to) = ("2030-03-01 00:00", "2030-03-31 23:59");
    let e = events(&s, &nurse, from, to).await.pop().expect("the participant sees it");
    assert_eq!(e["creatorUserId"], doctor_id.as_str());
    let sid = id(&e);
    assert_eq!(s.get(&format!("{SCHEDULE}/{sid}"), Some(&nurse)).await.ok()["toUserIds"], json!([nurse_id]));

    // SCHED-003, SCHED-012: the viewer, from the calendar (groupId 0) and from a message.
    let viewer = s.get(&format!("{SCHEDULE}/detail?groupId=0&id={sid}"), Some(&nurse)).await.ok().clone();
    let expected = json!({
        "id": sid, "groupId": e["groupId"], "type": "会议", "urgent": "紧急", "title": "病例讨论", "content": "三楼会议室",
        "creatorUserId": "doctor/doctor", "toUserIds": "nurse/nurse", "startDay": ms("2030-03-04 14:00"), "endDay": ms("2030-03-04 15:00"),
        "allDay": 0, "repetition": "1"
    });
    assert_eq!(viewer, expected);
    let group = e["groupId"].as_str().unwrap();
    assert_eq!(s.get(&format!("{SCHEDULE}/detail/?groupId={group}&id={sid}"), Some(&doctor)).await.ok()["title"], "病例讨论");

    // A stranger and the administrator: nothing listed, everything missing.
    for token in [&clerk, &admin] {
        assert!(events(&s, token, from, to).await.is_empty());
        s.get(&format!("{SCHEDULE}/{sid}"), Some(token)).await.fails(404, "日程不存在");
        s.get(&format!("{SCHEDULE}/detail?groupId={group}&id={sid}"), Some(token)).await.fails(404, "日程不存在");
        s.put(&format!("{SCHEDULE}/{sid}/3"), Some(token), json!({"title": "改"})).await.fails(404, "日程不存在");
        delete(&s, token, &sid, "3").await.fails(404, "日程不存在");
    }
    s.get(&format!("{SCHEDULE}/nothing"), Some(&doctor)).await.fails(404, "日程不存在");

    // Only the creator changes it.
    s.put(&format!("{SCHEDULE}/{sid}/3"), Some(&nurse), json!({"title": "改"})).await.fails(403, "只有日程的创建人可以修改日程");
    assert_eq!(s.get(&format!("{SCHEDULE}/{sid}"), Some(&doctor)).await.ok()["title"], "病例讨论");

    // A participant's deletion of a repeating schedule takes them off the chosen
    // occurrences; the creator keeps them.
    let daily = form(&meeting, "查房", "2030-03-10", "08:00", json!({"repetition": "2", "repeatTime": ms("2030-03-12"), "toUserIds": [nurse_id]}));
    s.post(SCHEDULE, Some(&doctor), daily).await.ok();
    let rounds: Vec<Value> = events(&s, &nurse, "2030-03-10 00:00", to).await;
    assert_eq!(rounds.len(), 3);
    let left = delete(&s, &nurse, &id(at(&rounds, "2030-03-11 08:00")), "2").await;
    assert_eq!(left.msg(), "删除成功");
    assert_eq!(starts(&events(&s, &nurse, "2030-03-10 00:00", to).await), [("2030-03-10 08:00".into(), "查房".into())]);
    assert_eq!(events(&s, &doctor, "2030-03-10 00:00", to).await.len(), 3);
    assert_eq!(s.get(&format!("{SCHEDULE}/{}", id(&rounds[0])), Some(&doctor)).await.ok()["toUserIds"], json!([nurse_id]));
    assert_eq!(s.get(&format!("{SCHEDULE}/{}", id(&rounds[2])), Some(&doctor)).await.ok()["toUserIds"], json!([]));
    s.get(&format!("{SCHEDULE}/{}", id(&rounds[2])), Some(&nurse)).await.fails(404, "日程不存在");

    // SCHED-012: a message's occurrence that was deleted opens its series' first remaining one.
    let first = id(at(&rounds, "2030-03-10 08:00"));
    let rounds_group = rounds[0]["groupId"].as_str().unwrap().to_string();
    delete(&s, &doctor, &first, "1").await.ok();
    let shown = s.get(&format!("{SCHEDULE}/detail?groupId={rounds_group}&id={first}"), Some(&doctor)).await.ok().clone();
    assert_eq!((local(&shown["startDay"]), shown["repetition"].as_str()), ("2030-03-11 08:00".into(), Some("2")));
    s.get(&format!("{SCHEDULE}/detail?groupId=0&id={first}"), Some(&doctor)).await.fails(404, "日程不存在");
}

// SCHED-008 for changes (jnpf-wire-areas.md §2.5): 1 changes this occurrence only (it stays
// in its series), 2 replaces this and the following ones by a new series and the earlier
// ones end before it, 3 rewrites the whole series, its first occurrence moved as this one
// was. A schedule that does not repeat changes whole; updates change only what they send; a
// missing or wrong scope answers 请选择日程 and changes nothing.
async fn sched_008_update_scopes(engine: Engine) {
    let s = start(engine).await;
    let (_, doctor) = member(&s, "doctor").await;
    let work = schedule_type(&s, "work").await;
    let sent = form(&work, "晨会", "2030-03-10", "08:00", json!({"duration": 30, "repetition": "2", "repeatTime": ms("2030-03-14")}));
    s.post(SCHEDULE, Some(&doctor), sent).await.ok();
    let (from, to) = ("2030-03-01 00:00", "2030-03-31 23:59");
    let list = events(&s, &doctor, from, to).await;
    let group = list[0]["groupId"].as_str().unwrap().to_string();
    let third = id(at(&list, "2030-03-12 08:00"));

    for scope in ["0", "4", "x"] {
        s.put(&format!("{SCHEDULE}/{third}/{scope}"), Some(&doctor), json!({"title": "改"})).await.fails(400, "请选择日程");
    }
    // 1: this one.
    let this = s.put(&format!("{SCHEDULE}/{third}/1"), Some(&doctor), json!({"title": "改期晨会", "startTime": "09:00"})).await;
    assert_eq!(this.msg(), "修改成功");
    let rows = series(&s, &group).await;
    let titles: Vec<(&str, &str)> = rows.iter().map(|r| (r.0.as_str(), r.1.as_str())).collect();
    assert_eq!(
        titles,
        [("2030-03-10 08:00", "晨会"), ("2030-03-11 08:00", "晨会"), ("2030-03-12 09:00", "改期晨会"), ("2030-03-13 08:00", "晨会"), ("2030-03-14 08:00", "晨会")]
    );
    assert!(rows.iter().all(|r| r.2 == "2" && r.3 == Some(ms("2030-03-14"))), "the series keeps its repetition: {rows:?}");
    let info = s.get(&format!("{SCHEDULE}/{third}"), Some(&doctor)).await.ok().clone();
    assert_eq!((info["startTime"].as_str(), info["endTime"].as_str(), info["duration"].as_i64()), (Some("09:00"), Some("09:30"), Some(30)));

    // 2: this one and the following ones become a new series from this one's new start.
    let fourth = id(at(&events(&s, &doctor, from, to).await, "2030-03-13 08:00"));
    s.put(&format!("{SCHEDULE}/{fourth}/2"), Some(&doctor), json!({"title": "新晨会", "startTime": "10:00"})).await.ok();
    let earlier = series(&s, &group).await;
    assert_eq!(earlier.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(), ["2030-03-10 08:00", "2030-03-11 08:00", "2030-03-12 09:00"]);
    assert!(earlier.iter().all(|r| r.3 == Some(ms("2030-03-12 09:00"))), "the earlier ones end with their last: {earlier:?}");
    let list = events(&s, &doctor, from, to).await;
    let later = at(&list, "2030-03-13 10:00");
    assert_ne!(later["groupId"], group.as_str());
    let later_group = later["groupId"].as_str().unwrap().to_string();
    let later_rows = series(&s, &later_group).await;
    let later_titles: Vec<(&str, &str)> = later_rows.iter().map(|r| (r.0.as_str(), r.1.as_str())).collect();
    assert_eq!(later_titles, [("2030-03-13 10:00", "新晨会"), ("2030-03-14 10:00", "新晨会")]);

    // 3: the whole (earlier) series, moved as the occurrence was (08:00 → 07:30); the
    // occurrence changed alone is rewritten too; the later series stays.
    let second = id(at(&list, "2030-03-11 08:00"));
    s.put(&format!("{SCHEDULE}/{second}/3"), Some(&doctor), json!({"title": "全部", "startTime": "07:30"})).await.ok();
    let all = series(&s, &group).await;
    let all_titles: Vec<(&str, &str)> = all.iter().map(|r| (r.0.as_str(), r.1.as_str())).collect();
    assert_eq!(all_titles, [("2030-03-10 07:30", "全部"), ("2030-03-11 07:30", "全部"), ("2030-03-12 07:30", "全部")]);
    assert_eq!(series(&s, &later_group).await.len(), 2);

    // A schedule that does not repeat: changed whole whatever the scope — here it becomes a
    // weekly one of three occurrences; only what is sent changes.
    s.post(SCHEDULE, Some(&doctor), form(&work, "例会", "2030-05-06", "15:00", json!({"content": "科室例会"}))).await.ok();
    let single = events(&s, &doctor, "2030-05-01 00:00", "2030-05-31 23:59").await.pop().unwrap();
    s.put(&format!("{SCHEDULE}/{}/3", id(&single)), Some(&doctor), json!({"repetition": "3", "repeatTime": ms("2030-05-20")})).await.ok();
    let weekly = events(&s, &doctor, "2030-05-01 00:00", "2030-05-31 23:59").await;
    assert_eq!(
        starts(&weekly),
        [("2030-05-06 15:00".into(), "例会".into()), ("2030-05-13 15:00".into(), "例会".into()), ("2030-05-20 15:00".into(), "例会".into())]
    );
    let info = s.get(&format!("{SCHEDULE}/{}", id(&weekly[1])), Some(&doctor)).await.ok().clone();
    assert_eq!((info["content"].as_str(), info["repetition"].as_str(), info["groupId"].clone()), (Some("科室例会"), Some("3"), single["groupId"].clone()));

    // The form posted back whole is accepted; a rule broken on update is refused.
    let mut back = info.clone();
    back["title"] = json!("例会（改）");
    s.put(&format!("{SCHEDULE}/{}/1", id(&weekly[1])), Some(&doctor), back).await.ok();
    assert_eq!(s.get(&format!("{SCHEDULE}/{}", id(&weekly[1])), Some(&doctor)).await.ok()["title"], "例会（改）");
    s.put(&format!("{SCHEDULE}/{}/1", id(&weekly[1])), Some(&doctor), json!({"duration": -1, "endDay": ms("2030-05-13"), "endTime": "14:00"}))
        .await
        .fails(400, "结束时间必须晚于开始时间");
    s.put(&format!("{SCHEDULE}/{}/3", id(&weekly[1])), Some(&doctor), json!({"title": ""})).await.fails(400, "请输入标题");
    assert_eq!(events(&s, &doctor, "2030-05-01 00:00", "2030-05-31 23:59").await.len(), 3);
}

// SCHED-006..008, SCHED-011: deleting with scope 1 (this), 2 (this and following: the
// earlier ones end before it) and 3 (all), with the right rows remaining and their
// participants' rows gone; a schedule that does not repeat is deleted with 3; a missing or
// wrong scope answers 请选择日程 (SCHED-009) and deletes nothing.
async fn sched_006_011_delete_scopes(engine: Engine) {
    let s = start(engine).await;
    let (_, doctor) = member(&s, "doctor").await;
    let (nurse_id, _) = member(&s, "nurse").await;
    let duty = schedule_type(&s, "duty").await;
    let sent = form(&duty, "夜班", "2030-03-10", "20:00", json!({"repetition": "2", "repeatTime": ms("2030-03-14"), "toUserIds": [nurse_id]}));
    s.post(SCHEDULE, Some(&doctor), sent).await.ok();
    let (from, to) = ("2030-03-01 00:00", "2030-03-31 23:59");
    let list = events(&s, &doctor, from, to).await;
    assert_eq!(list.len(), 5);
    let group = list[0]["groupId"].as_str().unwrap().to_string();
    let day = |d: &str| format!("2030-03-{d} 20:00");

    for scope in ["0", "5", "all"] {
        delete(&s, &doctor, &id(&list[1]), scope).await.fails(400, "请选择日程");
    }
    assert_eq!(events(&s, &doctor, from, to).await.len(), 5);
    // 1: this one.
    let deleted = delete(&s, &doctor, &id(at(&list, &day("11"))), "1").await;
    assert_eq!((deleted.code(), deleted.msg()), (200, "删除成功"));
    let left: Vec<String> = events(&s, &doctor, from, to).await.iter().map(|e| local(&e["startDay"])).collect();
    assert_eq!(left, [day("10"), day("12"), day("13"), day("14")]);
    // 2: this one and the following ones; the rest ends with its last occurrence.
    delete(&s, &doctor, &id(at(&list, &day("13"))), "2").await.ok();
    let rows = series(&s, &group).await;
    assert_eq!(rows.iter().map(|r| r.0.clone()).collect::<Vec<_>>(), [day("10"), day("12")]);
    assert!(rows.iter().all(|r| r.2 == "2" && r.3 == Some(ms(&day("12")))), "{rows:?}");
    // 3: all of them, and their participants' rows.
    delete(&s, &doctor, &id(at(&list, &day("12"))), "3").await.ok();
    assert!(series(&s, &group).await.is_empty());
    let mut conn = s.conn().await;
    let viewers: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_schedule_user").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(viewers, 0);
    drop(conn);
    delete(&s, &doctor, &id(&list[0]), "3").await.fails(404, "日程不存在");

    // Scope 2 that leaves one occurrence: it no longer repeats.
    let sent = form(&duty, "白班", "2030-04-01", "08:00", json!({"repetition": "3", "repeatTime": ms("2030-04-15")}));
    s.post(SCHEDULE, Some(&doctor), sent).await.ok();
    let weekly = events(&s, &doctor, "2030-04-01 00:00", "2030-04-30 23:59").await;
    delete(&s, &doctor, &id(&weekly[1]), "2").await.ok();
    let rest = series(&s, weekly[0]["groupId"].as_str().unwrap()).await;
    assert_eq!(rest, [("2030-04-01 08:00".to_string(), "白班".to_string(), "1".to_string(), None)]);

    // SCHED-006: a schedule that does not repeat is deleted with scope 3 (and with any).
    s.post(SCHEDULE, Some(&doctor), form(&duty, "会诊", "2030-06-01", "10:00", json!({}))).await.ok();
    s.post(SCHEDULE, Some(&doctor), form(&duty, "随访", "2030-06-02", "10:00", json!({}))).await.ok();
    let june = events(&s, &doctor, "2030-06-01 00:00", "2030-06-30 23:59").await;
    delete(&s, &doctor, &id(&june[0]), "3").await.ok();
    delete(&s, &doctor, &id(&june[1]), "1").await.ok();
    assert!(events(&s, &doctor, "2030-06-01 00:00", "2030-06-30 23:59").await.is_empty());
}

// SCHED-001 (server side): the form's messages, all at once; the type from scheduleType,
// participants who are users, the repeat end after the start and at most two years on.
async fn sched_001_bad_input(engine: Engine) {
    let s = start(engine).await;
    let (_, doctor) = member(&s, "doctor").await;
    let work = schedule_type(&s, "work").await;

    let empty = s.post(SCHEDULE, Some(&doctor), json!({})).await;
    assert_eq!(empty.code(), 400);
    for (field, msg) in [
        ("type", "请选择类型"),
        ("title", "请输入标题"),
        ("startDay", "请选择开始时间"),
        ("startTime", "开始时间不能为空"),
        ("duration", "请选择时长"),
    ] {
        assert_eq!(empty.data()[field], json!([msg]), "{field}: {:#}", empty.body);
    }
    for (change, field, msg) in [
        (json!({"urgent": "4"}), "urgent", "紧急程度只能是普通、重要或紧急"),
        (json!({"duration": 45}), "duration", "时长只能是30、60、90、120、180分钟或自定义"),
        (json!({"startTime": "9点"}), "startTime", "时间格式不正确"),
        (json!({"duration": -1, "endDay": ms("2030-03-04"), "endTime": "08:00"}), "endDay", "结束时间必须晚于开始时间"),
        (json!({"duration": -1, "endDay": null}), "endDay", "请选择结束时间"),
        (json!({"allDay": 1, "endDay": ms("2030-03-03")}), "endDay", "结束时间必须晚于开始时间"),
        (json!({"repetition": "2", "repeatTime": null}), "repeatTime", "请选择结束重复"),
        (json!({"repetition": "2", "repeatTime": ms("2030-03-04 23:00")}), "repeatTime", "结束重复必须晚于开始时间"),
        (json!({"repetition": "2", "repeatTime": ms("2032-03-05")}), "repeatTime", "重复日程最长两年，结束重复不能晚于2032-03-04"),
        (json!({"repetition": "6"}), "repetition", "重复只能是不重复、每天、每周、每月或每年"),
        (json!({"reminderType": "2", "send": ""}), "send", "请选择发送配置"),
        (json!({"title": "长".repeat(201)}), "title", "最多200个字符"),
    ] {
        let answer = s.post(SCHEDULE, Some(&doctor), form(&work, "晨会", "2030-03-04", "09:00", change.clone())).await;
        assert_eq!(answer.data()[field], json!([msg]), "{change}: {:#}", answer.body);
    }
    s.post(SCHEDULE, Some(&doctor), form("nowhere", "晨会", "2030-03-04", "09:00", json!({}))).await.fails(400, "日程类型不存在");
    let business = {
        let mut conn = s.conn().await;
        sqlx::query_scalar::<_, String>(
            "SELECT d.id FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id WHERE t.en_code = 'businessType'",
        )
        .fetch_one(&mut *conn)
        .await
        .unwrap()
    };
    s.post(SCHEDULE, Some(&doctor), form(&business, "晨会", "2030-03-04", "09:00", json!({}))).await.fails(400, "日程类型不存在");
    s.post(SCHEDULE, Some(&doctor), form(&work, "晨会", "2030-03-04", "09:00", json!({"toUserIds": ["nobody"]})))
        .await
        .fails(400, "参与人不存在：nobody");
    s.post(SCHEDULE, Some(&doctor), form(&work, "晨会", "2030-03-04", "09:00", json!({"toUserIds": 7}))).await.fails(400, "参与人格式不正确");
    let crowd: Vec<String> = (0..201).map(|n| format!("u{n}")).collect();
    s.post(SCHEDULE, Some(&doctor), form(&work, "晨会", "2030-03-04", "09:00", json!({"toUserIds": crowd}))).await.fails(400, "参与人最多200人");
    // Nothing was stored by any of them.
    assert!(events(&s, &doctor, "2000-01-01 00:00", "2100-01-01 00:00").await.is_empty());
}

// SCHED-002: a repeating schedule is written in one transaction — when a row fails half-way
// (here a unique index the test adds meets a row already there at the 150th occurrence, in
// the second INSERT of the series), none of its occurrences remains.
async fn sched_002_a_failing_series_creates_nothing(engine: Engine) {
    let s = start(engine).await;
    let (_, doctor) = member(&s, "doctor").await;
    let work = schedule_type(&s, "work").await;
    let mut conn = s.conn().await;
    sqlx::query("CREATE UNIQUE INDEX test_one_boom_a_time ON base_schedule (start_day) WHERE title = 'boom'").execute(&mut *conn).await.unwrap();
    let day_150 = ms("2030-03-01 08:00") + 149 * 86_400_000;
    sqlx::query(
        "INSERT INTO base_schedule (id, group_id, category, title, start_day, end_day, creator_user_id, creator_time) \
         VALUES ('blocker', 'blocker', $1, 'boom', $2, $3, 'someone', 0)",
    )
    .bind(&work)
    .bind(day_150)
    .bind(day_150 + 3_600_000)
    .execute(&mut *conn)
    .await
    .unwrap();
    drop(conn);
    let sent = form(&work, "boom", "2030-03-01", "08:00", json!({"repetition": "2", "repeatTime": ms("2030-09-01")}));
    s.post(SCHEDULE, Some(&doctor), sent).await.fails(400, "数据已存在");
    let mut conn = s.conn().await;
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_schedule").fetch_one(&mut *conn).await.unwrap();
    let viewers: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_schedule_user").fetch_one(&mut *conn).await.unwrap();
    assert_eq!((rows, viewers), (1, 0), "only the blocking row");
    drop(conn);
    // Ending the day before the clash, the same series is stored whole.
    let sent = form(&work, "boom", "2030-03-01", "08:00", json!({"repetition": "2", "repeatTime": ms("2030-07-27")}));
    s.post(SCHEDULE, Some(&doctor), sent).await.ok();
    assert_eq!(events(&s, &doctor, "2030-01-01 00:00", "2030-12-31 23:59").await.len(), 149);
}

on_both_engines!(
    sched_001_002_013_create_list_and_form,
    sched_002_repeating_schedules_are_their_occurrences,
    sched_participants_see_strangers_do_not,
    sched_008_update_scopes,
    sched_006_011_delete_scopes,
    sched_001_bad_input,
    sched_002_a_failing_series_creates_nothing,
);
