//! The workflow engine, first slice (issue 30; jnpf-wire-engine2.md §7; docs/workflow.md): a
//! leave flow with a condition on the days (≤ 3 → the department head; > 3 → the head, then a
//! 会签 of two directors at 100%) and a copy node, designed as a template, started, approved,
//! rejected to the start, resubmitted, revoked, deleted; the task lists after each step; the
//! 会签 decided at the same instant on two server processes. FLOW-003 (status codes), FLOW-004
//! and FLOW-005 (urgency, normal by default), FLOW-006 (handle statuses 0 退回, 1 同意, 2 发起,
//! 3 撤回).

use crate::harness::{Body, Engine, TestServer, dictionary_item, organisation, start, start_sharing};
use crate::on_both_engines;
use reqwest::Method;
use serde_json::{Value, json};

const TEMPLATE: &str = "/api/workflow/Engine/flowTemplate";
const TASK: &str = "/api/workflow/Engine/FlowTask";
const BEFORE: &str = "/api/workflow/Engine/FlowBefore";
const LAUNCH: &str = "/api/workflow/Engine/FlowLaunch";

fn days(symbol: &str, value: i64) -> Value {
    json!([{"fieldType": 1, "field": "leaveDays", "fieldName": "请假天数", "jnpfKey": "numInput", "symbol": symbol,
            "fieldValueType": 2, "fieldValue": value, "logic": "&&"}])
}

/// The leave flow: start → (c1 ≤ 3: a1 部门主管) | (c2 > 3: a2 部门主管 → a3 总监会签 of the two
/// directors at 100%) → copy node to HR.
fn leave_tree(directors: &[&str], hr: &str) -> Value {
    let head = |id: &str| json!({"nodeId": id, "type": "approver", "content": "部门主管", "properties": {
        "title": "部门主管审批", "assigneeType": 2, "departmentLevel": 1, "counterSign": 0, "progress": "50", "rejectStep": "0",
        "formOperates": [{"id": "leaveDays", "read": true, "write": false}, {"id": "remark", "read": true, "write": true}]}});
    let mut a2 = head("a2");
    a2["childNode"] = json!({"nodeId": "a3", "type": "approver", "prevId": "a2", "properties": {
        "title": "总监会签", "assigneeType": 6, "approvers": directors, "counterSign": 1, "countersignRatio": 100, "progress": "80"}});
    json!({"nodeId": "s", "type": "start", "properties": {"title": "流程发起", "formOperates": []},
        "conditionType": "condition",
        "conditionNodes": [
            {"nodeId": "c1", "type": "condition", "prevId": "s", "properties": {"title": "三天以内", "priority": 0, "conditions": days("<=", 3)}, "childNode": head("a1")},
            {"nodeId": "c2", "type": "condition", "prevId": "s", "properties": {"title": "超过三天", "priority": 1, "conditions": days(">", 3)}, "childNode": a2}
        ],
        "childNode": {"nodeId": "cp", "type": "copy", "prevId": "s", "properties": {"title": "抄送人事", "approvers": [hr]}}})
}

struct People {
    admin: String,
    starter: (String, String),
    head: (String, String),
    director1: (String, String),
    director2: (String, String),
    hr: (String, String),
}

async fn person(s: &TestServer, account: &str) -> (String, String) {
    let id = s.create_user(account, "Passw0rd!").await;
    (id, s.sign_in(account, "Passw0rd!").await)
}

/// A department with a head, the starter in it, two directors and HR.
async fn people(s: &TestServer) -> People {
    let admin = s.ready_admin().await;
    let company = organisation(s, &admin, "-1", false, "总院", "zongyuan").await;
    let department = organisation(s, &admin, &company, true, "内科", "neike").await;
    let p = People {
        starter: person(s, "zhangsan").await,
        head: person(s, "lisi").await,
        director1: person(s, "wangwu").await,
        director2: person(s, "zhaoliu").await,
        hr: person(s, "renshi").await,
        admin,
    };
    let mut conn = s.conn().await;
    sqlx::query("UPDATE base_user SET organize_id = $1 WHERE id = $2").bind(&department).bind(&p.starter.0).execute(&mut *conn).await.unwrap();
    sqlx::query("UPDATE base_organize SET manager_id = $1 WHERE id = $2").bind(&p.head.0).bind(&department).execute(&mut *conn).await.unwrap();
    p
}

/// Creates and enables the leave template; answers (template id, flowId).
async fn leave_template(s: &TestServer, p: &People) -> (String, String) {
    let tree = leave_tree(&[&p.director1.0, &p.director2.0], &p.hr.0);
    let flows = json!([{"id": "", "flowId": "leaveFlow", "fullName": "请假流程", "flowTemplateJson": tree}]);
    s.post(TEMPLATE, Some(&p.admin), json!({"fullName": "请假", "enCode": "leave", "category": "hr", "type": 0, "sortCode": 1,
        "icon": "icon-ym icon-ym-flow", "iconBackground": "#008cff", "description": "", "flowTemplateJson": flows.to_string()})).await.ok();
    let page = s.get(&format!("{TEMPLATE}?keyword=leave"), Some(&p.admin)).await.ok().clone();
    let id = page["list"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(page["list"][0]["enabledMark"], 0, "a new template waits to be enabled");
    s.post(&format!("{TEMPLATE}/Release/{id}"), Some(&p.admin), json!({})).await.ok();
    let flows = s.get(&format!("{TEMPLATE}/FlowJsonList/{id}?type=1"), Some(&p.starter.1)).await.ok().clone();
    assert_eq!((flows[0]["id"].as_str(), flows[0]["fullName"].as_str()), (Some("leaveFlow"), Some("请假流程")));
    let stored: Value = serde_json::from_str(flows[0]["flowTemplateJson"].as_str().unwrap()).unwrap();
    assert_eq!(stored["nodeId"], "s");
    (id, "leaveFlow".to_string())
}

async fn todo(s: &TestServer, token: &str) -> Vec<Value> {
    s.get(&format!("{BEFORE}/List/1?currentPage=1&pageSize=20&sort=desc&sidx=&keyword="), Some(token)).await.ok()["list"].as_array().unwrap().clone()
}

async fn list(s: &TestServer, token: &str, path: &str) -> Vec<Value> {
    s.get(path, Some(token)).await.ok()["list"].as_array().unwrap().clone()
}

/// The waiting step of `task` in the user's 待办.
async fn step_of(s: &TestServer, token: &str, task: &str) -> String {
    let rows = todo(s, token).await;
    let row = rows.iter().find(|r| r["processId"] == task).unwrap_or_else(|| panic!("no step of {task} in {rows:#?}"));
    row["id"].as_str().unwrap().to_string()
}

async fn task_info(s: &TestServer, token: &str, task: &str) -> Value {
    s.get(&format!("{BEFORE}/{task}"), Some(token)).await.ok().clone()
}

async fn status(s: &TestServer, p: &People, task: &str) -> (i64, String, i64) {
    let info = task_info(s, &p.starter.1, task).await;
    let t = &info["flowTaskInfo"];
    (t["status"].as_i64().unwrap(), t["thisStep"].as_str().unwrap().to_string(), t["completion"].as_i64().unwrap())
}

async fn submit(s: &TestServer, token: &str, flow: &str, id: &str, leave_days: i64) -> String {
    let a = s.post(TASK, Some(token), json!({"id": id, "flowId": flow, "formData": {"leaveDays": leave_days, "reason": "病假", "remark": ""}, "status": 0, "flowUrgent": 1,
        "candidateType": 1, "candidateList": {}, "branchList": [], "copyIds": ""})).await;
    a.ok();
    assert_eq!(a.msg(), "提交成功");
    id.to_string()
}

// FLOW-003, FLOW-004, FLOW-005, FLOW-006 and issue 30's leave story: the short branch to the
// head; the long branch to the head then the directors' 会签 at 100%, rejected to the start by
// one director, resubmitted and approved by all; the lists after each step; revoke and delete.
async fn flow_leave_story(engine: Engine) {
    let s = start(engine).await;
    let p = people(&s).await;
    let (template, flow) = leave_template(&s, &p).await;

    // ≤ 3 days: the department head alone.
    let short = submit(&s, &p.starter.1, &flow, "leave-short", 2).await;
    let launched = list(&s, &p.starter.1, LAUNCH).await;
    assert_eq!((launched[0]["id"].as_str(), launched[0]["status"].as_i64(), launched[0]["flowUrgent"].as_i64()), (Some("leave-short"), Some(1), Some(1)));
    assert_eq!(launched[0]["fullName"], "zhangsan的请假流程");
    assert_eq!(status(&s, &p, &short).await, (1, "部门主管审批".into(), 0));
    assert!(todo(&s, &p.director1.1).await.is_empty(), "the short leave never reaches the directors");
    let step = step_of(&s, &p.head.1, &short).await;
    let row = todo(&s, &p.head.1).await[0].clone();
    assert_eq!((row["userName"].as_str(), row["thisStep"].as_str(), row["flowName"].as_str(), row["flowCode"].as_str()), (Some("zhangsan/zhangsan"), Some("部门主管审批"), Some("请假流程"), Some("leave")));
    // Another person's step is not theirs to decide.
    s.post(&format!("{BEFORE}/Audit/{step}"), Some(&p.director1.1), json!({"handleOpinion": "同意"})).await.fails(403, "您不是该节点的审批人");
    // The head approves, writing only what the node lets them write.
    s.post(&format!("{BEFORE}/Audit/{step}"), Some(&p.head.1), json!({"handleOpinion": "同意", "formData": {"leaveDays": 1, "remark": "注意休息"}, "fileList": [], "signImg": ""})).await.ok();
    assert_eq!(status(&s, &p, &short).await, (2, "结束".into(), 100));
    let info = task_info(&s, &p.starter.1, &short).await;
    assert_eq!((info["formData"]["leaveDays"].as_i64(), info["formData"]["remark"].as_str()), (Some(2), Some("注意休息")));
    let handled: Vec<i64> = info["flowTaskOperatorRecordList"].as_array().unwrap().iter().map(|r| r["handleStatus"].as_i64().unwrap()).collect();
    assert_eq!(handled, [2, 1], "发起, 同意");
    assert!(todo(&s, &p.head.1).await.is_empty());
    let done = list(&s, &p.head.1, &format!("{BEFORE}/List/2")).await;
    assert_eq!((done[0]["processId"].as_str(), done[0]["status"].as_i64()), (Some("leave-short"), Some(1)));
    let copies = list(&s, &p.hr.1, &format!("{BEFORE}/List/3")).await;
    assert_eq!((copies.len(), copies[0]["processId"].as_str(), copies[0]["thisStep"].as_str()), (1, Some("leave-short"), Some("抄送人事")));
    s.post(&format!("{BEFORE}/Audit/{step}"), Some(&p.head.1), json!({})).await.fails(400, "该审批已处理");

    // > 3 days: the head, then both directors (会签 100%).
    let long = submit(&s, &p.starter.1, &flow, "leave-long", 5).await;
    let step = step_of(&s, &p.head.1, &long).await;
    s.post(&format!("{BEFORE}/Audit/{step}"), Some(&p.head.1), json!({"handleOpinion": "同意"})).await.ok();
    assert_eq!(status(&s, &p, &long).await, (1, "总监会签".into(), 50));
    // Once the head decided, the starter can no longer revoke.
    s.put(&format!("{LAUNCH}/{long}/Actions/Withdraw"), Some(&p.starter.1), json!({"handleOpinion": ""})).await.fails(400, "流程已被审批，不能撤回");
    let d1 = step_of(&s, &p.director1.1, &long).await;
    let d2 = step_of(&s, &p.director2.1, &long).await;
    s.post(&format!("{BEFORE}/Audit/{d1}"), Some(&p.director1.1), json!({"handleOpinion": "同意"})).await.ok();
    assert_eq!(status(&s, &p, &long).await, (1, "总监会签".into(), 50), "one of two is not 100%");
    // The second director rejects: back to the starter (rejectStep '0').
    let r = s.post(&format!("{BEFORE}/Reject/{d2}"), Some(&p.director2.1), json!({"handleOpinion": "天数太多", "id": long, "flowId": flow})).await;
    assert_eq!(r.msg(), "退回成功", "{:#}", r.body);
    assert_eq!(status(&s, &p, &long).await, (3, "流程发起".into(), 0));
    assert!(todo(&s, &p.director2.1).await.is_empty());
    let done = list(&s, &p.director2.1, &format!("{BEFORE}/List/2")).await;
    assert_eq!(done[0]["status"], 0, "已办 shows the rejection");
    // Nobody but the starter may resubmit; the starter does, with 4 days.
    s.put(&format!("{TASK}/{long}"), Some(&p.head.1), json!({"flowId": flow, "formData": {"leaveDays": 4}, "status": 0})).await.fails(403, "只有发起人可以修改该流程");
    s.put(&format!("{TASK}/{long}"), Some(&p.starter.1), json!({"flowId": flow, "formData": {"leaveDays": 4, "reason": "病假"}, "status": 0, "flowUrgent": 2})).await.ok();
    assert_eq!(status(&s, &p, &long).await, (1, "部门主管审批".into(), 0));
    let step = step_of(&s, &p.head.1, &long).await;
    s.post(&format!("{BEFORE}/Audit/{step}"), Some(&p.head.1), json!({"handleOpinion": "同意"})).await.ok();
    for director in [&p.director1.1, &p.director2.1] {
        let step = step_of(&s, director, &long).await;
        s.post(&format!("{BEFORE}/Audit/{step}"), Some(director), json!({"handleOpinion": "同意"})).await.ok();
    }
    assert_eq!(status(&s, &p, &long).await, (2, "结束".into(), 100));
    let info = task_info(&s, &p.hr.1, &long).await;
    let handled: Vec<i64> = info["flowTaskOperatorRecordList"].as_array().unwrap().iter().map(|r| r["handleStatus"].as_i64().unwrap()).collect();
    assert_eq!(handled, [2, 1, 1, 0, 2, 1, 1, 1], "发起, head, director, reject; 发起 again, head, both directors");
    assert_eq!(info["flowTaskInfo"]["flowUrgent"], 2);
    let nodes: Vec<(String, i64)> = info["flowTaskNodeList"].as_array().unwrap().iter().map(|n| (n["nodeCode"].as_str().unwrap().to_string(), n["type"].as_i64().unwrap())).collect();
    assert!(nodes.iter().all(|(_, t)| *t == 0), "every node reached is done: {nodes:?}");
    assert_eq!(list(&s, &p.hr.1, &format!("{BEFORE}/List/3")).await.len(), 2, "HR has a copy of each finished leave");
    // Someone without a part in it may not read it.
    s.get(&format!("{BEFORE}/{long}"), Some(&s.sign_in("zhaoliu", "Passw0rd!").await)).await.ok();
    let outsider = person(&s, "wairen").await;
    s.get(&format!("{BEFORE}/{long}"), Some(&outsider.1)).await.fails(403, "没有权限查看该流程");

    // Revoke while the head has not decided, then delete.
    let revoked = submit(&s, &p.starter.1, &flow, "leave-revoked", 1).await;
    s.put(&format!("{LAUNCH}/{revoked}/Actions/Withdraw"), Some(&p.head.1), json!({})).await.fails(403, "只有发起人可以撤回该流程");
    s.put(&format!("{LAUNCH}/{revoked}/Actions/Withdraw"), Some(&p.starter.1), json!({"handleOpinion": "不请了"})).await.ok();
    assert_eq!(status(&s, &p, &revoked).await.0, 4);
    assert!(todo(&s, &p.head.1).await.iter().all(|r| r["processId"] != "leave-revoked"), "the head's step went with it");
    let info = task_info(&s, &p.starter.1, &revoked).await;
    let last = info["flowTaskOperatorRecordList"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((last["handleStatus"].as_i64(), last["handleOpinion"].as_str()), (Some(3), Some("不请了")));
    s.put(&format!("{LAUNCH}/{revoked}/Actions/Withdraw"), Some(&p.starter.1), json!({})).await.fails(400, "流程不在审批中，不能撤回");
    s.call(Method::DELETE, &format!("{LAUNCH}/{long}"), Some(&p.starter.1), Body::None).await.fails(400, "只能删除待提交或已撤回的流程");
    s.call(Method::DELETE, &format!("{LAUNCH}/{revoked}"), Some(&p.starter.1), Body::None).await.ok();
    s.get(&format!("{BEFORE}/{revoked}"), Some(&p.starter.1)).await.fails(404, "流程任务不存在");

    // A draft (暂存) is status 0 and starts nothing; submitting it later does.
    let a = s.post(TASK, Some(&p.starter.1), json!({"id": "leave-draft", "flowId": flow, "formData": {"leaveDays": 2}, "status": 1})).await;
    assert_eq!(a.msg(), "保存成功");
    let launched = list(&s, &p.starter.1, &format!("{LAUNCH}?status=0")).await;
    assert_eq!((launched.len(), launched[0]["id"].as_str()), (1, Some("leave-draft")));
    assert!(todo(&s, &p.head.1).await.is_empty());
    s.put(&format!("{TASK}/leave-draft"), Some(&p.starter.1), json!({"status": "0", "formData": {"leaveDays": 2}})).await.ok();
    assert_eq!(status(&s, &p, "leave-draft").await.0, 1);

    // A used template cannot be deleted; stopped, it starts nothing new.
    s.call(Method::DELETE, &format!("{TEMPLATE}/{template}"), Some(&p.admin), Body::None).await.fails(400, "流程已被使用，不能删除");
    s.post(&format!("{TEMPLATE}/Stop/{template}"), Some(&p.admin), json!({})).await.ok();
    s.post(TASK, Some(&p.starter.1), json!({"flowId": flow, "formData": {"leaveDays": 1}, "status": 0})).await.fails(400, "流程已被禁用，不能发起");
}

// The templates (§7.12): the designer's checks, versions once a flow is used, copy, delete.
async fn flow_templates_and_versions(engine: Engine) {
    let s = start(engine).await;
    let p = people(&s).await;
    let (template, flow) = leave_template(&s, &p).await;
    let refused = s.post(TEMPLATE, Some(&p.admin), json!({"fullName": "", "enCode": "a-b", "category": ""})).await;
    assert_eq!(refused.code(), 400, "{:#}", refused.body);
    assert_eq!(refused.data()["fullName"], json!(["流程名称不能为空"]));
    assert_eq!(refused.data()["enCode"], json!(["请输入正确的流程编码"]));
    assert_eq!(refused.data()["category"], json!(["流程分类不能为空"]));
    let dup = s.post(TEMPLATE, Some(&p.admin), json!({"fullName": "x", "enCode": "leave", "category": "hr"})).await;
    assert_eq!(dup.data()["enCode"], json!(["流程编码已存在"]));
    // An approver of 指定成员 without anybody.
    let bad_tree = json!({"nodeId": "s", "type": "start", "properties": {}, "childNode": {"nodeId": "a", "type": "approver", "properties": {"assigneeType": 6, "approvers": []}}});
    let incomplete = s.post(TEMPLATE, Some(&p.admin), json!({"fullName": "x", "enCode": "x1", "category": "hr", "flowTemplateJson": json!([{"flowId": "f", "fullName": "报销流程", "flowTemplateJson": bad_tree}]).to_string()})).await;
    assert_eq!(incomplete.data()["flowTemplateJson"], json!(["请完善报销流程的流程设计"]));
    // Non-members of the administration may not design flows.
    s.get(TEMPLATE, Some(&p.starter.1)).await.fails(403, qiming_server::access::MSG_FORBIDDEN);

    // Unused: a save rewrites the main version.
    let info = s.get(&format!("{TEMPLATE}/{template}"), Some(&p.admin)).await.ok().clone();
    let mut flows: Value = serde_json::from_str(info["flowTemplateJson"].as_str().unwrap()).unwrap();
    assert_eq!(flows[0]["isDelete"], false);
    flows[0]["flowTemplateJson"]["properties"]["title"] = json!("发起");
    let a = s.put(&format!("{TEMPLATE}/{template}"), Some(&p.admin), json!({"flowTemplateJson": flows.to_string()})).await;
    assert_eq!((a.msg(), a.data().clone()), ("更新成功", Value::Null));
    // Used: a changed tree is a new version the client may make the main one; the running
    // task stays on its own.
    submit(&s, &p.starter.1, &flow, "t1", 2).await;
    flows[0]["flowTemplateJson"]["properties"]["title"] = json!("发起申请");
    let a = s.put(&format!("{TEMPLATE}/{template}"), Some(&p.admin), json!({"flowTemplateJson": flows.to_string()})).await;
    let version = a.ok()["id"].as_str().unwrap().to_string();
    assert_eq!(a.data()["isMainVersion"], true);
    let main: Value = serde_json::from_str(s.get(&format!("{TEMPLATE}/FlowJsonList/{template}"), Some(&p.admin)).await.ok()[0]["flowTemplateJson"].as_str().unwrap()).unwrap();
    assert_eq!(main["properties"]["title"], "发起", "not the main version until chosen");
    s.post(&format!("{TEMPLATE}/{version}/MainVersion"), Some(&p.admin), json!({})).await.ok();
    let main: Value = serde_json::from_str(s.get(&format!("{TEMPLATE}/FlowJsonList/{template}"), Some(&p.admin)).await.ok()[0]["flowTemplateJson"].as_str().unwrap()).unwrap();
    assert_eq!(main["properties"]["title"], "发起申请");
    let running: Value = serde_json::from_str(task_info(&s, &p.starter.1, "t1").await["flowTemplateInfo"]["flowTemplateJson"].as_str().unwrap()).unwrap();
    assert_eq!(running["properties"]["title"], "发起", "the task finishes on its version");
    // A used flow cannot be dropped from its template.
    s.put(&format!("{TEMPLATE}/{template}"), Some(&p.admin), json!({"flowTemplateJson": "[]"})).await.fails(400, "最后一个流程不能删除");

    // Copy: stopped, new codes, its own flows.
    s.post(&format!("{TEMPLATE}/{template}/Actions/Copy"), Some(&p.admin), json!({})).await.ok();
    let page = s.get(TEMPLATE, Some(&p.admin)).await.ok().clone();
    let copy = page["list"].as_array().unwrap().iter().find(|r| r["id"] != template.as_str()).unwrap().clone();
    assert!(copy["fullName"].as_str().unwrap().starts_with("请假.副本"), "{copy}");
    assert_eq!(copy["enabledMark"], 0);
    let copy_id = copy["id"].as_str().unwrap().to_string();
    let copied = s.get(&format!("{TEMPLATE}/FlowJsonList/{copy_id}"), Some(&p.admin)).await.ok().clone();
    assert_ne!(copied[0]["id"], "leaveFlow");
    s.call(Method::DELETE, &format!("{TEMPLATE}/{copy_id}"), Some(&p.admin), Body::None).await.ok();
    s.get(&format!("{TEMPLATE}/{copy_id}"), Some(&p.admin)).await.fails(404, "流程不存在");
}

// Issue 30's concurrency case: the two directors of the 会签 approve at the same instant on two
// server processes sharing one database: both approvals count, the node passes exactly once
// (one copy to HR, the task ends once); the same step approved twice at once succeeds once.
async fn flow_countersign_at_the_same_instant(engine: Engine) {
    let s = start(engine).await;
    let other = start_sharing(&s).await;
    let p = people(&s).await;
    let (_, flow) = leave_template(&s, &p).await;
    for round in 0..3 {
        let id = format!("race-{round}");
        submit(&s, &p.starter.1, &flow, &id, 5).await;
        let step = step_of(&s, &p.head.1, &id).await;
        // The head's step twice at once: one approval, one refusal.
        let url = format!("{BEFORE}/Audit/{step}");
        let (a, b) = tokio::join!(
            s.post(&url, Some(&p.head.1), json!({"handleOpinion": "同意"})),
            other.post(&url, Some(&p.head.1), json!({"handleOpinion": "同意"})),
        );
        let mut codes = [a.code(), b.code()];
        codes.sort();
        assert_eq!(codes, [200, 400], "{:#} {:#}", a.body, b.body);
        let d1 = step_of(&s, &p.director1.1, &id).await;
        let d2 = step_of(&s, &p.director2.1, &id).await;
        let (first, second) = (format!("{BEFORE}/Audit/{d1}"), format!("{BEFORE}/Audit/{d2}"));
        let (a, b) = tokio::join!(
            s.post(&first, Some(&p.director1.1), json!({"handleOpinion": "同意"})),
            other.post(&second, Some(&p.director2.1), json!({"handleOpinion": "同意"})),
        );
        a.ok();
        b.ok();
        assert_eq!(status(&s, &p, &id).await, (2, "结束".into(), 100));
        let info = task_info(&s, &p.starter.1, &id).await;
        let agreed = info["flowTaskOperatorRecordList"].as_array().unwrap().iter().filter(|r| r["handleStatus"] == 1).count();
        assert_eq!(agreed, 3, "the head and both directors");
    }
    let copies = list(&s, &p.hr.1, &format!("{BEFORE}/List/3")).await;
    assert_eq!(copies.len(), 3, "one copy per finished task: each 会签 passed once");
}

/// A purchase flow: start → a1 the department head (退回 to a node of their choice, rejectStep
/// '2') → a2 a director chosen at submit among the two (候选人员, assigneeType 7) → end.
fn purchase_tree(directors: &[&str]) -> Value {
    json!({"nodeId": "s", "type": "start", "properties": {"title": "流程发起"},
        "childNode": {"nodeId": "a1", "type": "approver", "properties": {"title": "部门主管审批", "assigneeType": 2, "rejectStep": "2"},
            "childNode": {"nodeId": "a2", "type": "approver", "properties": {"title": "总监审批", "assigneeType": 7, "approvers": directors, "rejectStep": "2"}}}})
}

/// Creates a template of `tree` in `category`, enabled unless `stopped`; answers (template id, flowId).
async fn template_of(s: &TestServer, admin: &str, code: &str, category: &str, tree: Value, stopped: bool) -> (String, String) {
    let flow = format!("{code}Flow");
    let flows = json!([{"id": "", "flowId": flow, "fullName": format!("{code}流程"), "flowTemplateJson": tree}]);
    s.post(TEMPLATE, Some(admin), json!({"fullName": code, "enCode": code, "category": category, "type": 0, "sortCode": 1,
        "icon": "icon-ym icon-ym-flow", "iconBackground": "#008cff", "flowTemplateJson": flows.to_string()})).await.ok();
    let id = s.get(&format!("{TEMPLATE}?keyword={code}"), Some(admin)).await.ok()["list"][0]["id"].as_str().unwrap().to_string();
    if !stopped {
        s.post(&format!("{TEMPLATE}/Release/{id}"), Some(admin), json!({})).await.ok();
    }
    (id, flow)
}

/// The template ids 新建流程 offers the user.
async fn launchable(s: &TestServer, token: &str, query: &str) -> Vec<String> {
    let page = s.get(&format!("{TEMPLATE}/PageListAll?currentPage=1&pageSize=50&sort=desc&sidx={query}"), Some(token)).await.ok().clone();
    page["list"].as_array().unwrap().iter().map(|t| t["id"].as_str().unwrap().to_string()).collect()
}

// Issue 30, the everyday path's helpers (§7.5, §7.6, §7.9): the template pickers (ListAll by
// WorkFlowCategory, PageListAll: enabled, launchable by the caller), candidates (候选人员 chosen
// at 通过 within the node's range), the reject targets (自选: the start and the nodes passed,
// the start by its nodeCode), the step check of /workFlowDetail and 催办 (a flow message to
// the current approver).
async fn flow_candidates_rejects_urging_and_pickers(engine: Engine) {
    let s = start(engine).await;
    let p = people(&s).await;
    let personnel = dictionary_item(&s, "WorkFlowCategory", "personnel").await;
    let finance = dictionary_item(&s, "WorkFlowCategory", "finance").await;
    let (purchase, flow) = template_of(&s, &p.admin, "purchase", &finance, purchase_tree(&[&p.director1.0, &p.director2.0]), false).await;
    let mut only_director = purchase_tree(&[&p.director1.0]);
    only_director["properties"]["initiator"] = json!([p.director1.0]);
    let (directors_only, directors_flow) = template_of(&s, &p.admin, "board", &personnel, only_director, false).await;
    let (stopped, _) = template_of(&s, &p.admin, "archive", &personnel, purchase_tree(&[&p.director1.0]), true).await;

    // 所属流程: every template under its category, in the dictionary's order.
    let groups = s.get(&format!("{TEMPLATE}/ListAll"), Some(&p.starter.1)).await.ok()["list"].clone();
    assert_eq!((groups[0]["id"].as_str(), groups[0]["fullName"].as_str(), groups[0]["num"].as_i64()), (Some(personnel.as_str()), Some("人事审批"), Some(2)));
    let names: Vec<&str> = groups[0]["children"].as_array().unwrap().iter().map(|c| c["fullName"].as_str().unwrap()).collect();
    assert_eq!(names, ["archive", "board"]);
    assert_eq!((groups[1]["fullName"].as_str(), groups[1]["children"][0]["id"].as_str()), (Some("财务审批"), Some(purchase.as_str())));
    // 新建流程: enabled templates the caller may launch.
    assert_eq!(launchable(&s, &p.starter.1, "").await, std::slice::from_ref(&purchase), "not the stopped one, not the directors' own");
    let mut theirs = launchable(&s, &p.director1.1, "").await;
    theirs.sort();
    let mut expected = vec![purchase.clone(), directors_only.clone()];
    expected.sort();
    assert_eq!(theirs, expected);
    assert_eq!(launchable(&s, &p.director1.1, &format!("&category={personnel}")).await, std::slice::from_ref(&directors_only));
    assert!(launchable(&s, &p.director1.1, "&keyword=purch&flowType=1").await.is_empty(), "no 功能流程");
    assert!(!launchable(&s, &p.admin, "").await.contains(&stopped));
    s.post(TASK, Some(&p.starter.1), json!({"flowId": directors_flow, "formData": {}, "status": 0})).await.fails(403, "您没有发起该流程的权限");

    // Submitting: the next node is the head's, nothing to choose.
    let body = json!({"id": "", "flowId": flow, "formData": {"amount": 100}, "status": 0, "flowUrgent": 1});
    let c = s.post(&format!("{BEFORE}/Candidates/0"), Some(&p.starter.1), body.clone()).await.ok().clone();
    assert_eq!(c, json!({"type": 3, "list": []}));
    submit(&s, &p.starter.1, &flow, "buy-1", 1).await;
    let step = step_of(&s, &p.head.1, "buy-1").await;
    assert_eq!(s.get(&format!("{BEFORE}/{step}/Info"), Some(&p.head.1)).await.ok()["isCheck"], false);
    s.get(&format!("{BEFORE}/{step}/Info"), Some(&p.director1.1)).await.fails(403, "您不是该节点的审批人");
    // 自选 with no approver node passed yet: only the start.
    let r = s.get(&format!("{BEFORE}/RejectList/{step}"), Some(&p.head.1)).await.ok().clone();
    assert_eq!(r, json!({"isLastAppro": true, "list": [{"nodeCode": "s", "nodeName": "流程发起"}]}));

    // 催办: the starter only, a flow message to the head opening their step.
    s.post(&format!("{LAUNCH}/Press/buy-1"), Some(&p.head.1), json!({})).await.fails(403, "只有发起人可以催办该流程");
    let a = s.post(&format!("{LAUNCH}/Press/buy-1"), Some(&p.starter.1), json!({})).await;
    assert_eq!(a.msg(), "催办成功", "{:#}", a.body);
    let inbox = s.get("/api/message?type=2&currentPage=1&pageSize=20", Some(&p.head.1)).await.ok()["list"].clone();
    assert_eq!((inbox[0]["title"].as_str(), inbox[0]["type"].as_i64()), (Some("zhangsan的purchase流程【催办】"), Some(2)));
    let opened = s.get(&format!("/api/message/ReadInfo/{}", inbox[0]["id"].as_str().unwrap()), Some(&p.head.1)).await.ok().clone();
    let config: Value = serde_json::from_str(opened["bodyText"].as_str().unwrap()).unwrap();
    assert_eq!((config["processId"].as_str(), config["type"].as_i64(), config["taskOperatorId"].as_str(), config["flowId"].as_str()), (Some("buy-1"), Some(2), Some(step.as_str()), Some(flow.as_str())));
    assert!(s.get("/api/message?type=2", Some(&p.director1.1)).await.ok()["list"].as_array().unwrap().is_empty());

    // 通过 by the head: the next node's director is chosen among the node's range.
    let c = s.post(&format!("{BEFORE}/Candidates/{step}"), Some(&p.head.1), body.clone()).await.ok().clone();
    assert_eq!(c, json!({"type": 2, "list": [{"nodeId": "a2", "nodeName": "总监审批", "isBranchFlow": false, "isCandidates": true, "hasCandidates": true}]}));
    s.post(&format!("{BEFORE}/Candidates/{step}"), Some(&p.director1.1), body.clone()).await.fails(403, "您不是该节点的审批人");
    let picker = |keyword: &str| json!({"keyword": keyword, "currentPage": 1, "pageSize": 20, "id": "buy-1", "flowId": flow, "nodeCode": "a2"});
    let users = s.post(&format!("{BEFORE}/CandidateUser/{step}"), Some(&p.head.1), picker("")).await.ok().clone();
    let names: Vec<&str> = users["list"].as_array().unwrap().iter().map(|u| u["fullName"].as_str().unwrap()).collect();
    assert_eq!((names, users["pagination"]["total"].as_i64()), (vec!["wangwu/wangwu", "zhaoliu/zhaoliu"], Some(2)));
    let users = s.post(&format!("{BEFORE}/CandidateUser/{step}"), Some(&p.head.1), picker("zhao")).await.ok().clone();
    assert_eq!(users["list"].as_array().unwrap().len(), 1);
    let users = s.post(&format!("{BEFORE}/CandidateUser/0"), Some(&p.starter.1), picker("")).await.ok().clone();
    assert_eq!(users["pagination"]["total"], 2, "the same range before the task starts");
    // Somebody outside the range is not made an approver.
    s.post(&format!("{BEFORE}/Audit/{step}"), Some(&p.head.1), json!({"handleOpinion": "同意", "candidateList": {"a2": [p.director2.0, p.hr.0]}})).await.ok();
    assert_eq!(s.get(&format!("{BEFORE}/{step}/Info"), Some(&p.head.1)).await.ok()["isCheck"], true, "handled: read-only");
    assert!(todo(&s, &p.hr.1).await.is_empty());
    assert!(todo(&s, &p.director1.1).await.is_empty(), "not chosen");
    let d2 = step_of(&s, &p.director2.1, "buy-1").await;
    // The director at the last node chooses nothing more.
    assert_eq!(s.post(&format!("{BEFORE}/Candidates/{d2}"), Some(&p.director2.1), json!({})).await.ok()["type"], 3);

    // 退回 (自选): the start or the head's node; back to the head, who sends it to the start by its nodeCode.
    let r = s.get(&format!("{BEFORE}/RejectList/{d2}"), Some(&p.director2.1)).await.ok().clone();
    assert_eq!(r["list"], json!([{"nodeCode": "s", "nodeName": "流程发起"}, {"nodeCode": "a1", "nodeName": "部门主管审批"}]));
    s.post(&format!("{BEFORE}/Reject/{d2}"), Some(&p.director2.1), json!({"handleOpinion": "再议", "rejectStep": "a1"})).await.ok();
    assert_eq!(status(&s, &p, "buy-1").await.1, "部门主管审批");
    let again = step_of(&s, &p.head.1, "buy-1").await;
    s.post(&format!("{BEFORE}/Reject/{again}"), Some(&p.head.1), json!({"handleOpinion": "重填", "rejectStep": "s"})).await.ok();
    assert_eq!(status(&s, &p, "buy-1").await.0, 3, "审核退回 to the starter");
    s.post(&format!("{LAUNCH}/Press/buy-1"), Some(&p.starter.1), json!({})).await.fails(400, "流程不在审批中，不能催办");
}

on_both_engines!(flow_leave_story, flow_templates_and_versions, flow_countersign_at_the_same_instant, flow_candidates_rejects_urging_and_pickers);
