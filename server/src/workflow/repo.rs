//! SQL of flow templates, flows and versions, tasks and their steps, and the organisation
//! facts approvers are resolved from. No decisions here.

use super::dto::{CandidateUser, FlowRow, LaunchRow, OperatorRow, TaskNodeRow, TaskQuery, TaskRow, TemplateListRow, TemplateRow, TodoRow, VersionRow};
use crate::db::{Conn, Engine, Keyword, Sql, paged};
use crate::error::AppError;
use crate::wire::Page;
use serde_json::{Value, json};

// ---- Templates ----

const TEMPLATE_COLUMNS: &str =
    "SELECT id, full_name, en_code, category, template_type, icon, icon_background, sort_code, enabled_mark, description FROM flow_template";

pub async fn template_page(conn: &mut Conn, keyword: Option<&Keyword>, category: Option<&str>, page: Page) -> Result<(Vec<TemplateListRow>, i64), AppError> {
    const SELECT: &str = "SELECT id, full_name, en_code, \
         COALESCE((SELECT d.full_name FROM base_dictionary_data d WHERE d.id = flow_template.category), flow_template.category) AS category, \
         template_type, \
         COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = flow_template.creator_user_id), '') AS creator_user, \
         creator_time, sort_code, enabled_mark, 0 AS has_assist_btn FROM flow_template WHERE 1 = 1";
    let filter = |sql: &mut Sql| {
        if let Some(k) = keyword {
            sql.push(" AND ").keyword(k, &["flow_template.full_name", "flow_template.en_code"]);
        }
        if let Some(c) = category {
            sql.push(" AND flow_template.category = ").bind(c);
        }
    };
    Ok(paged(conn, "SELECT COUNT(*) FROM flow_template WHERE 1 = 1", SELECT, filter, " ORDER BY sort_code, creator_time DESC, id", page).await?)
}

pub async fn template_by_id(conn: &mut Conn, id: &str) -> Result<Option<TemplateRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), TEMPLATE_COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// Whether another template (not `except`) has this code.
pub async fn code_taken(conn: &mut Conn, en_code: &str, except: &str) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM flow_template WHERE en_code = $1 AND id <> $2").bind(en_code).bind(except).fetch_one(conn).await?;
    Ok(n > 0)
}

pub async fn insert_template(conn: &mut Conn, t: &TemplateRow, user_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO flow_template (id, full_name, en_code, category, template_type, icon, icon_background, sort_code, enabled_mark, description, \
         creator_time, creator_user_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(&t.id)
    .bind(&t.full_name)
    .bind(&t.en_code)
    .bind(&t.category)
    .bind(t.template_type)
    .bind(&t.icon)
    .bind(&t.icon_background)
    .bind(t.sort_code)
    .bind(t.enabled_mark)
    .bind(&t.description)
    .bind(now)
    .bind(user_id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn update_template(conn: &mut Conn, t: &TemplateRow, user_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "UPDATE flow_template SET full_name = $2, en_code = $3, category = $4, template_type = $5, icon = $6, icon_background = $7, sort_code = $8, \
         description = $9, last_modify_time = $10, last_modify_user_id = $11 WHERE id = $1",
    )
    .bind(&t.id)
    .bind(&t.full_name)
    .bind(&t.en_code)
    .bind(&t.category)
    .bind(t.template_type)
    .bind(&t.icon)
    .bind(&t.icon_background)
    .bind(t.sort_code)
    .bind(&t.description)
    .bind(now)
    .bind(user_id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn set_template_enabled(conn: &mut Conn, id: &str, enabled: i64, now: i64) -> Result<u64, AppError> {
    let done = sqlx::query("UPDATE flow_template SET enabled_mark = $2, last_modify_time = $3 WHERE id = $1").bind(id).bind(enabled).bind(now).execute(conn).await?;
    Ok(done.rows_affected())
}

/// Deletes a template with its flows and their versions.
pub async fn delete_template(conn: &mut Conn, id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM flow_version WHERE flow_id IN (SELECT id FROM flow_definition WHERE template_id = $1)").bind(id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM flow_definition WHERE template_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM flow_template WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}

/// Whether any task runs (or ran) on a flow of this template.
pub async fn template_used(conn: &mut Conn, id: &str) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM flow_task WHERE template_id = $1").bind(id).fetch_one(conn).await?;
    Ok(n > 0)
}

// ---- Flows and versions ----

const FLOW_COLUMNS: &str = "SELECT id, template_id, full_name, sort_code, main_version_id FROM flow_definition";

pub async fn flows_of(conn: &mut Conn, template_id: &str) -> Result<Vec<FlowRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), FLOW_COLUMNS);
    sql.push(" WHERE template_id = ").bind(template_id).push(" ORDER BY sort_code, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

pub async fn flow_by_id(conn: &mut Conn, id: &str) -> Result<Option<FlowRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), FLOW_COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

pub async fn insert_flow(conn: &mut Conn, f: &FlowRow) -> Result<(), AppError> {
    sqlx::query("INSERT INTO flow_definition (id, template_id, full_name, sort_code, main_version_id) VALUES ($1, $2, $3, $4, $5)")
        .bind(&f.id)
        .bind(&f.template_id)
        .bind(&f.full_name)
        .bind(f.sort_code)
        .bind(&f.main_version_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn rename_flow(conn: &mut Conn, id: &str, full_name: &str, sort_code: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE flow_definition SET full_name = $2, sort_code = $3 WHERE id = $1").bind(id).bind(full_name).bind(sort_code).execute(conn).await?;
    Ok(())
}

pub async fn set_main_version(conn: &mut Conn, flow_id: &str, version_id: &str) -> Result<(), AppError> {
    sqlx::query("UPDATE flow_definition SET main_version_id = $2 WHERE id = $1").bind(flow_id).bind(version_id).execute(conn).await?;
    Ok(())
}

pub async fn delete_flow(conn: &mut Conn, id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM flow_version WHERE flow_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM flow_definition WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}

pub async fn flow_used(conn: &mut Conn, flow_id: &str) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM flow_task WHERE flow_id = $1").bind(flow_id).fetch_one(conn).await?;
    Ok(n > 0)
}

pub async fn version_used(conn: &mut Conn, version_id: &str) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM flow_task WHERE version_id = $1").bind(version_id).fetch_one(conn).await?;
    Ok(n > 0)
}

const VERSION_COLUMNS: &str = "SELECT id, flow_id, version, flow_json FROM flow_version";

pub async fn version_by_id(conn: &mut Conn, id: &str) -> Result<Option<VersionRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), VERSION_COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

pub async fn last_version(conn: &mut Conn, flow_id: &str) -> Result<i64, AppError> {
    let n: Option<i64> = sqlx::query_scalar("SELECT MAX(version) FROM flow_version WHERE flow_id = $1").bind(flow_id).fetch_one(conn).await?;
    Ok(n.unwrap_or(0))
}

pub async fn insert_version(conn: &mut Conn, v: &VersionRow, user_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("INSERT INTO flow_version (id, flow_id, version, flow_json, creator_time, creator_user_id) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&v.id)
        .bind(&v.flow_id)
        .bind(v.version)
        .bind(&v.flow_json)
        .bind(now)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn rewrite_version(conn: &mut Conn, id: &str, flow_json: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE flow_version SET flow_json = $2, last_modify_time = $3 WHERE id = $1").bind(id).bind(flow_json).bind(now).execute(conn).await?;
    Ok(())
}

// ---- Tasks ----

const TASK_COLUMNS: &str = "SELECT id, flow_id, version_id, template_id, full_name, form_data, status, flow_urgent, completion, this_step, this_step_id, \
     start_time, end_time, row_version, creator_time, creator_user_id FROM flow_task";

pub async fn task_by_id(conn: &mut Conn, id: &str) -> Result<Option<TaskRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), TASK_COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

pub async fn insert_task(conn: &mut Conn, t: &TaskRow, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO flow_task (id, flow_id, version_id, template_id, full_name, form_data, status, flow_urgent, completion, this_step, this_step_id, \
         start_time, end_time, row_version, creator_time, creator_user_id, last_modify_time) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 0, $14, $15, $14)",
    )
    .bind(&t.id)
    .bind(&t.flow_id)
    .bind(&t.version_id)
    .bind(&t.template_id)
    .bind(&t.full_name)
    .bind(&t.form_data)
    .bind(t.status)
    .bind(t.flow_urgent)
    .bind(t.completion)
    .bind(&t.this_step)
    .bind(&t.this_step_id)
    .bind(t.start_time)
    .bind(t.end_time)
    .bind(now)
    .bind(&t.creator_user_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Takes the task for one transition: raises its row version, which holds the row until the
/// transaction ends (PostgreSQL's row lock; SQLite's transactions already write one at a
/// time). Read the task after this, never before: a second transition on the same task waits
/// here and then reads what the first one left. False when there is no such task.
pub async fn lock_task(conn: &mut Conn, id: &str) -> Result<bool, AppError> {
    let done = sqlx::query("UPDATE flow_task SET row_version = row_version + 1 WHERE id = $1").bind(id).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}

/// Writes a task's state after a transition (every column but its identity and creation).
pub async fn save_task(conn: &mut Conn, t: &TaskRow, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "UPDATE flow_task SET flow_id = $2, version_id = $3, template_id = $4, full_name = $5, form_data = $6, status = $7, flow_urgent = $8, \
         completion = $9, this_step = $10, this_step_id = $11, start_time = $12, end_time = $13, last_modify_time = $14 WHERE id = $1",
    )
    .bind(&t.id)
    .bind(&t.flow_id)
    .bind(&t.version_id)
    .bind(&t.template_id)
    .bind(&t.full_name)
    .bind(&t.form_data)
    .bind(t.status)
    .bind(t.flow_urgent)
    .bind(t.completion)
    .bind(&t.this_step)
    .bind(&t.this_step_id)
    .bind(t.start_time)
    .bind(t.end_time)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn delete_task(conn: &mut Conn, id: &str) -> Result<(), AppError> {
    for sql in [
        "DELETE FROM flow_task_circulate WHERE task_id = $1",
        "DELETE FROM flow_task_record WHERE task_id = $1",
        "DELETE FROM flow_task_operator WHERE task_id = $1",
        "DELETE FROM flow_task_node WHERE task_id = $1",
        "DELETE FROM flow_task WHERE id = $1",
    ] {
        sqlx::query(sql).bind(id).execute(&mut *conn).await?;
    }
    Ok(())
}

// ---- Task nodes, operators, records, copies ----

const NODE_COLUMNS: &str = "SELECT id, task_id, node_code, node_name, node_type, prev_node_code, state FROM flow_task_node";

pub async fn insert_node(conn: &mut Conn, n: &TaskNodeRow, now: i64) -> Result<(), AppError> {
    sqlx::query("INSERT INTO flow_task_node (id, task_id, node_code, node_name, node_type, prev_node_code, state, creator_time) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
        .bind(&n.id)
        .bind(&n.task_id)
        .bind(&n.node_code)
        .bind(&n.node_name)
        .bind(&n.node_type)
        .bind(&n.prev_node_code)
        .bind(n.state)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn node_by_id(conn: &mut Conn, id: &str) -> Result<Option<TaskNodeRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), NODE_COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// Every node the task reached, in order.
pub async fn nodes_of(conn: &mut Conn, task_id: &str) -> Result<Vec<TaskNodeRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), NODE_COLUMNS);
    sql.push(" WHERE task_id = ").bind(task_id).push(" ORDER BY creator_time, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

pub async fn set_node_state(conn: &mut Conn, id: &str, state: i64, now: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE flow_task_node SET state = $2, completed_time = $3 WHERE id = $1").bind(id).bind(state).bind(now).execute(conn).await?;
    Ok(())
}

/// Leaves every current node of a task (state 1 → -1).
pub async fn leave_current_nodes(conn: &mut Conn, task_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE flow_task_node SET state = -1, completed_time = $2 WHERE task_id = $1 AND state = 1").bind(task_id).bind(now).execute(conn).await?;
    Ok(())
}

pub async fn insert_operator(conn: &mut Conn, id: &str, task_id: &str, task_node_id: &str, node_code: &str, node_name: &str, user_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("INSERT INTO flow_task_operator (id, task_id, task_node_id, node_code, node_name, handle_id, state, creator_time) VALUES ($1, $2, $3, $4, $5, $6, 0, $7)")
        .bind(id)
        .bind(task_id)
        .bind(task_node_id)
        .bind(node_code)
        .bind(node_name)
        .bind(user_id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

const OPERATOR_COLUMNS: &str = "SELECT id, task_id, task_node_id, node_code, node_name, handle_id, state, handle_status FROM flow_task_operator";

pub async fn operator_by_id(conn: &mut Conn, id: &str) -> Result<Option<OperatorRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), OPERATOR_COLUMNS);
    sql.push(" WHERE id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// The operators of a task node, in the order they were made.
pub async fn node_operators(conn: &mut Conn, task_node_id: &str) -> Result<Vec<OperatorRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), OPERATOR_COLUMNS);
    sql.push(" WHERE task_node_id = ").bind(task_node_id).push(" ORDER BY creator_time, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// Marks a waiting operator handled; false when it no longer waits.
pub async fn handle_operator(conn: &mut Conn, id: &str, handle_status: i64, now: i64) -> Result<bool, AppError> {
    let done = sqlx::query("UPDATE flow_task_operator SET state = 1, handle_status = $2, handle_time = $3 WHERE id = $1 AND state = 0")
        .bind(id)
        .bind(handle_status)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Every waiting (or queued) operator of a task is no longer needed.
pub async fn drop_waiting(conn: &mut Conn, task_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE flow_task_operator SET state = -1, handle_time = $2 WHERE task_id = $1 AND state IN (0, 2)").bind(task_id).bind(now).execute(conn).await?;
    Ok(())
}

/// Every waiting (or queued) operator of a task node is no longer needed.
pub async fn drop_waiting_of_node(conn: &mut Conn, task_node_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE flow_task_operator SET state = -1, handle_time = $2 WHERE task_node_id = $1 AND state IN (0, 2)").bind(task_node_id).bind(now).execute(conn).await?;
    Ok(())
}

/// 依次审批: an operator waits for the ones before it (state 2).
pub async fn queue_operator(conn: &mut Conn, id: &str) -> Result<(), AppError> {
    sqlx::query("UPDATE flow_task_operator SET state = 2 WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}

/// 依次审批: the next operator's turn, received now.
pub async fn wake_operator(conn: &mut Conn, id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE flow_task_operator SET state = 0, creator_time = $2 WHERE id = $1 AND state = 2").bind(id).bind(now).execute(conn).await?;
    Ok(())
}

/// Whether a user handles (or handled) a step of the task or got a copy of it.
pub async fn takes_part(conn: &mut Conn, task_id: &str, user_id: &str) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM flow_task_operator WHERE task_id = $1 AND handle_id = $2) \
         + (SELECT COUNT(*) FROM flow_task_circulate WHERE task_id = $1 AND object_id = $2)",
    )
    .bind(task_id)
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    Ok(n > 0)
}

#[allow(clippy::too_many_arguments)]
pub async fn insert_record(
    conn: &mut Conn,
    task_id: &str,
    node: Option<&TaskNodeRow>,
    operator_id: &str,
    user_id: &str,
    handle_status: i64,
    opinion: &str,
    sign_img: &str,
    file_list: &str,
    now: i64,
) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO flow_task_record (id, task_id, task_node_id, node_code, node_name, operator_id, handle_id, handle_status, handle_opinion, sign_img, \
         file_list, handle_time, creator_time) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)",
    )
    .bind(crate::support::new_id())
    .bind(task_id)
    .bind(node.map_or("", |n| n.id.as_str()))
    .bind(node.map_or("", |n| n.node_code.as_str()))
    .bind(node.map_or("", |n| n.node_name.as_str()))
    .bind(operator_id)
    .bind(user_id)
    .bind(handle_status)
    .bind(opinion)
    .bind(sign_img)
    .bind(file_list)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// 流转记录, oldest first, as FlowBox shows them.
pub async fn records_of(conn: &mut Conn, task_id: &str) -> Result<Vec<Value>, AppError> {
    #[derive(sqlx::FromRow)]
    struct Row {
        id: String,
        task_node_id: String,
        node_code: String,
        node_name: String,
        operator_id: String,
        handle_id: String,
        user_name: String,
        handle_status: i64,
        handle_opinion: String,
        sign_img: String,
        file_list: String,
        handle_time: i64,
        creator_time: i64,
    }
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT r.id, r.task_node_id, r.node_code, r.node_name, r.operator_id, r.handle_id, \
         COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = r.handle_id), '') AS user_name, \
         r.handle_status, r.handle_opinion, r.sign_img, r.file_list, r.handle_time, r.creator_time \
         FROM flow_task_record r WHERE r.task_id = $1 ORDER BY r.handle_time, r.id",
    )
    .bind(task_id)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            json!({"id": r.id, "taskId": task_id, "taskNodeId": r.task_node_id, "nodeCode": r.node_code, "nodeName": r.node_name,
                   "taskOperatorId": r.operator_id, "handleId": r.handle_id, "userName": r.user_name, "handleStatus": r.handle_status,
                   "handleOpinion": r.handle_opinion, "signImg": r.sign_img, "fileList": r.file_list, "handleTime": r.handle_time,
                   "creatorTime": r.creator_time, "operatorId": Value::Null, "status": 0})
        })
        .collect())
}

pub async fn insert_copy(conn: &mut Conn, task_id: &str, node: Option<&TaskNodeRow>, node_code: &str, node_name: &str, user_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("INSERT INTO flow_task_circulate (id, task_id, task_node_id, node_code, node_name, object_id, creator_time) VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(crate::support::new_id())
        .bind(task_id)
        .bind(node.map_or("", |n| n.id.as_str()))
        .bind(node_code)
        .bind(node_name)
        .bind(user_id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

// ---- The task lists ----

fn task_filter(sql: &mut Sql, q: &TaskQuery, keyword: Option<&Keyword>, time_column: &'static str) {
    if let Some(k) = keyword {
        sql.push(" AND ").keyword(k, &["t.full_name"]);
    }
    if let Some(s) = q.start_time {
        sql.push(" AND ").push(time_column).push(" >= ").bind(s);
    }
    if let Some(e) = q.end_time {
        sql.push(" AND ").push(time_column).push(" <= ").bind(e);
    }
    if let Some(t) = q.template_id.as_deref().filter(|t| !t.trim().is_empty()) {
        sql.push(" AND t.template_id = ").bind(t.trim());
    }
    if let Some(f) = q.flow_id.as_deref().filter(|t| !t.trim().is_empty()) {
        sql.push(" AND t.flow_id = ").bind(f.trim());
    }
    if let Some(u) = q.flow_urgent {
        sql.push(" AND t.flow_urgent = ").bind(u);
    }
    if let Some(c) = q.creator_user_id.as_deref().filter(|t| !t.trim().is_empty()) {
        sql.push(" AND t.creator_user_id = ").bind(c.trim());
    }
    if let Some(c) = q.flow_category.as_deref().filter(|t| !t.trim().is_empty()) {
        sql.push(" AND t.template_id IN (SELECT p.id FROM flow_template p WHERE p.category = ").bind(c.trim()).push(")");
    }
}

/// 待办: the user's waiting steps of running tasks.
pub async fn todo_page(conn: &mut Conn, user_id: &str, q: &TaskQuery, keyword: Option<&Keyword>, page: Page) -> Result<(Vec<TodoRow>, i64), AppError> {
    const SELECT: &str = "SELECT o.id, t.id AS process_id, t.flow_id, o.task_node_id AS this_step_id, t.full_name, \
         COALESCE((SELECT d.full_name FROM flow_definition d WHERE d.id = t.flow_id), '') AS flow_name, \
         COALESCE((SELECT p.en_code FROM flow_template p WHERE p.id = t.template_id), '') AS flow_code, t.start_time, \
         COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = t.creator_user_id), '') AS user_name, \
         t.this_step, t.flow_urgent, t.status, o.creator_time, \
         COALESCE((SELECT CAST(v.version AS TEXT) FROM flow_version v WHERE v.id = t.version_id), '') AS flow_version, \
         CAST(NULL AS TEXT) AS delegate_user \
         FROM flow_task_operator o JOIN flow_task t ON t.id = o.task_id WHERE o.state = 0 AND t.status = 1";
    let filter = |sql: &mut Sql| {
        sql.push(" AND o.handle_id = ").bind(user_id);
        task_filter(sql, q, keyword, "o.creator_time");
    };
    Ok(paged(conn, "SELECT COUNT(*) FROM flow_task_operator o JOIN flow_task t ON t.id = o.task_id WHERE o.state = 0 AND t.status = 1", SELECT, filter, " ORDER BY o.creator_time DESC, o.id", page).await?)
}

/// 已办: the user's approvals and rejections.
pub async fn done_page(conn: &mut Conn, user_id: &str, q: &TaskQuery, keyword: Option<&Keyword>, page: Page) -> Result<(Vec<TodoRow>, i64), AppError> {
    const SELECT: &str = "SELECT r.operator_id AS id, t.id AS process_id, t.flow_id, r.task_node_id AS this_step_id, t.full_name, \
         COALESCE((SELECT d.full_name FROM flow_definition d WHERE d.id = t.flow_id), '') AS flow_name, \
         COALESCE((SELECT p.en_code FROM flow_template p WHERE p.id = t.template_id), '') AS flow_code, t.start_time, \
         COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = t.creator_user_id), '') AS user_name, \
         r.node_name AS this_step, t.flow_urgent, r.handle_status AS status, r.handle_time AS creator_time, \
         COALESCE((SELECT CAST(v.version AS TEXT) FROM flow_version v WHERE v.id = t.version_id), '') AS flow_version, \
         CAST(NULL AS TEXT) AS delegate_user \
         FROM flow_task_record r JOIN flow_task t ON t.id = r.task_id WHERE r.handle_status IN (0, 1)";
    let filter = |sql: &mut Sql| {
        sql.push(" AND r.handle_id = ").bind(user_id);
        task_filter(sql, q, keyword, "r.handle_time");
    };
    Ok(paged(conn, "SELECT COUNT(*) FROM flow_task_record r JOIN flow_task t ON t.id = r.task_id WHERE r.handle_status IN (0, 1)", SELECT, filter, " ORDER BY r.handle_time DESC, r.id", page).await?)
}

/// 抄送: the copies sent to the user.
pub async fn copy_page(conn: &mut Conn, user_id: &str, q: &TaskQuery, keyword: Option<&Keyword>, page: Page) -> Result<(Vec<TodoRow>, i64), AppError> {
    const SELECT: &str = "SELECT c.id, t.id AS process_id, t.flow_id, c.task_node_id AS this_step_id, t.full_name, \
         COALESCE((SELECT d.full_name FROM flow_definition d WHERE d.id = t.flow_id), '') AS flow_name, \
         COALESCE((SELECT p.en_code FROM flow_template p WHERE p.id = t.template_id), '') AS flow_code, t.start_time, \
         COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = t.creator_user_id), '') AS user_name, \
         c.node_name AS this_step, t.flow_urgent, t.status, c.creator_time, \
         COALESCE((SELECT CAST(v.version AS TEXT) FROM flow_version v WHERE v.id = t.version_id), '') AS flow_version, \
         CAST(NULL AS TEXT) AS delegate_user \
         FROM flow_task_circulate c JOIN flow_task t ON t.id = c.task_id WHERE 1 = 1";
    let filter = |sql: &mut Sql| {
        sql.push(" AND c.object_id = ").bind(user_id);
        task_filter(sql, q, keyword, "c.creator_time");
    };
    Ok(paged(conn, "SELECT COUNT(*) FROM flow_task_circulate c JOIN flow_task t ON t.id = c.task_id WHERE 1 = 1", SELECT, filter, " ORDER BY c.creator_time DESC, c.id", page).await?)
}

/// 我发起的: the user's tasks.
pub async fn launch_page(conn: &mut Conn, user_id: &str, q: &TaskQuery, keyword: Option<&Keyword>, page: Page) -> Result<(Vec<LaunchRow>, i64), AppError> {
    const SELECT: &str = "SELECT t.id, t.flow_id, t.full_name, \
         COALESCE((SELECT d.full_name FROM flow_definition d WHERE d.id = t.flow_id), '') AS flow_name, \
         COALESCE((SELECT p.en_code FROM flow_template p WHERE p.id = t.template_id), '') AS flow_code, \
         t.start_time, t.this_step, t.flow_urgent, t.status, t.completion, '0' AS parent_id, t.creator_time, CAST(NULL AS TEXT) AS delegate_user \
         FROM flow_task t WHERE 1 = 1";
    let filter = |sql: &mut Sql| {
        sql.push(" AND t.creator_user_id = ").bind(user_id);
        task_filter(sql, q, keyword, "t.creator_time");
        if let Some(s) = q.status {
            sql.push(" AND t.status = ").bind(s);
        }
    };
    Ok(paged(conn, "SELECT COUNT(*) FROM flow_task t WHERE 1 = 1", SELECT, filter, " ORDER BY t.creator_time DESC, t.id", page).await?)
}

// ---- Organisation facts ----

/// A user's manager ('' when none or unknown).
pub async fn manager_of(conn: &mut Conn, user_id: &str) -> Result<String, AppError> {
    let m: Option<String> = sqlx::query_scalar("SELECT manager_id FROM base_user WHERE id = $1").bind(user_id).fetch_optional(conn).await?;
    Ok(m.unwrap_or_default())
}

/// A user's organisation ('' when none).
pub async fn organize_of(conn: &mut Conn, user_id: &str) -> Result<String, AppError> {
    let m: Option<String> = sqlx::query_scalar("SELECT organize_id FROM base_user WHERE id = $1").bind(user_id).fetch_optional(conn).await?;
    Ok(m.unwrap_or_default())
}

/// An organisation's manager and parent.
pub async fn organize_manager(conn: &mut Conn, organize_id: &str) -> Result<Option<(String, String)>, AppError> {
    Ok(sqlx::query_as("SELECT manager_id, parent_id FROM base_organize WHERE id = $1").bind(organize_id).fetch_optional(conn).await?)
}

/// The enabled users among `ids`, in the given order.
pub async fn enabled_users(conn: &mut Conn, ids: &[String]) -> Result<Vec<String>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id FROM base_user WHERE enabled_mark = 1 AND ");
    sql.any_of("id", ids);
    let found: Vec<String> = sql.query_scalar().fetch_all(conn).await?;
    Ok(ids.iter().filter(|i| found.contains(i)).cloned().collect())
}

/// The users related to any of `ids` as `object_type` (Role, Position, Group).
pub async fn users_related(conn: &mut Conn, object_type: &str, ids: &[String]) -> Result<Vec<String>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT DISTINCT user_id FROM base_user_relation WHERE object_type = ");
    sql.bind(object_type).push(" AND ");
    sql.any_of("object_id", ids);
    sql.push(" ORDER BY user_id");
    Ok(sql.query_scalar().fetch_all(conn).await?)
}

/// The users whose organisation is one of `ids`.
pub async fn users_in_organizes(conn: &mut Conn, ids: &[String]) -> Result<Vec<String>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id FROM base_user WHERE ");
    sql.any_of("organize_id", ids);
    sql.push(" ORDER BY id");
    Ok(sql.query_scalar().fetch_all(conn).await?)
}

/// The enabled administrators.
pub async fn administrators(conn: &mut Conn) -> Result<Vec<String>, AppError> {
    Ok(sqlx::query_scalar("SELECT id FROM base_user WHERE is_administrator = 1 AND enabled_mark = 1 ORDER BY creator_time, id").fetch_all(conn).await?)
}

/// 姓名 of a user ('' when unknown).
pub async fn real_name(conn: &mut Conn, user_id: &str) -> Result<String, AppError> {
    let n: Option<String> = sqlx::query_scalar("SELECT real_name FROM base_user WHERE id = $1").bind(user_id).fetch_optional(conn).await?;
    Ok(n.unwrap_or_default())
}

/// 姓名/账户 of users, joined by ','.
pub async fn display_names(conn: &mut Conn, ids: &[String]) -> Result<String, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id, real_name || '/' || account FROM base_user WHERE ");
    sql.any_of("id", ids);
    let rows: Vec<(String, String)> = sql.query_as().fetch_all(conn).await?;
    Ok(ids.iter().filter_map(|i| rows.iter().find(|(id, _)| id == i).map(|(_, n)| n.clone())).collect::<Vec<_>>().join(","))
}

/// The waiting steps of a task (its current approvers).
pub async fn waiting_operators(conn: &mut Conn, task_id: &str) -> Result<Vec<OperatorRow>, AppError> {
    Ok(sqlx::query_as("SELECT id, task_id, task_node_id, node_code, node_name, handle_id, state, handle_status FROM flow_task_operator WHERE task_id = $1 AND state = 0 ORDER BY creator_time, id")
        .bind(task_id)
        .fetch_all(conn)
        .await?)
}

/// A page of enabled users as candidates: among `ids` (every enabled user when None), keyword
/// over name and account.
pub async fn candidate_page(conn: &mut Conn, ids: Option<&[String]>, keyword: Option<&Keyword>, page: Page) -> Result<(Vec<CandidateUser>, i64), AppError> {
    const SELECT: &str = "SELECT u.id, u.real_name || '/' || u.account AS full_name, u.head_icon, \
         COALESCE((SELECT o.full_name FROM base_organize o WHERE o.id = u.organize_id), '') AS organize FROM base_user u WHERE u.enabled_mark = 1";
    let filter = |sql: &mut Sql| {
        if let Some(ids) = ids {
            sql.push(" AND ").any_of("u.id", ids);
        }
        if let Some(k) = keyword {
            sql.push(" AND ").keyword(k, &["u.real_name", "u.account"]);
        }
    };
    Ok(paged(conn, "SELECT COUNT(*) FROM base_user u WHERE u.enabled_mark = 1", SELECT, filter, " ORDER BY u.account, u.id", page).await?)
}

/// Every template with its category (WorkFlowCategory item id and name; the id when it names
/// no item), by the category's order, then the template's.
pub async fn templates_by_category(conn: &mut Conn) -> Result<Vec<(String, String, String, String)>, AppError> {
    Ok(sqlx::query_as(
        "SELECT t.id, t.full_name, t.category, COALESCE(d.full_name, t.category) FROM flow_template t \
         LEFT JOIN base_dictionary_data d ON d.id = t.category \
         ORDER BY COALESCE(d.sort_code, 2147483647), t.category, t.sort_code, t.full_name, t.id",
    )
    .fetch_all(conn)
    .await?)
}

/// The enabled templates of a type, keyword over name and code, optionally of one category.
pub async fn enabled_templates(conn: &mut Conn, template_type: i64, keyword: Option<&Keyword>, category: Option<&str>) -> Result<Vec<TemplateRow>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), TEMPLATE_COLUMNS);
    sql.push(" WHERE enabled_mark = 1 AND template_type = ").bind(template_type);
    if let Some(k) = keyword {
        sql.push(" AND ").keyword(k, &["full_name", "en_code"]);
    }
    if let Some(c) = category {
        sql.push(" AND category = ").bind(c);
    }
    sql.push(" ORDER BY sort_code, full_name, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}
