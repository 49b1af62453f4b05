//! HTTP handlers of flow templates and the engine: extract, call a service, shape the answer.
//! Paths and shapes are the JNPF client's (jnpf-wire-engine2.md §7).

use super::dto::{
    BeforeInfo, BeforeQuery, CandidateForm, CandidateUser, CandidateUserForm, Candidates, CategoryGroups, FlowJson, FlowJsonQuery, HandleForm, LaunchQuery, LaunchRow, LaunchTemplate,
    NewVersion, RejectList, StepCheck, TaskForm, TaskQuery, TemplateForm, TemplateInfo, TemplateListRow, TemplateQuery, TodoRow,
};
use super::{engine, service};
use crate::access::{Admin, Member};
use crate::api::TABLE;
use crate::state::AppState;
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, done, ok};
use axum::extract::State;

// ---- Templates ----

#[utoipa::path(get, path = TABLE, tag = "workflow",
    summary = "A page of flow templates (流程设计): keyword over name and code, category by its WorkFlowCategory item id",
    params(PageQuery, TemplateQuery),
    responses((status = 200, body = Envelope<PageOf<TemplateListRow>>)))]
pub async fn list(State(state): State<AppState>, admin: Admin, Query(page): Query<PageQuery>, Query(q): Query<TemplateQuery>) -> ApiResult<PageOf<TemplateListRow>> {
    ok(service::list(&state, &admin, &q, page.page()?).await?)
}

#[utoipa::path(post, path = TABLE, tag = "workflow",
    summary = "Create a flow template with its flows (flowTemplateJson: JSON text of [{flowId, fullName, flowTemplateJson}]); stopped until enabled",
    request_body = TemplateForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create(State(state): State<AppState>, admin: Admin, Json(form): Json<TemplateForm>) -> ApiResult<NoData> {
    service::create(&state, &admin, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "workflow",
    summary = "A flow template for its editor, its flows' main versions in flowTemplateJson (isDelete: used by tasks)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<TemplateInfo>)))]
pub async fn info(State(state): State<AppState>, admin: Admin, Path(id): Path<String>) -> ApiResult<TemplateInfo> {
    ok(service::info(&state, &admin, &id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "workflow",
    summary = "Change a flow template; a changed flow already used by tasks becomes a new version, answered as {id, isMainVersion: true}",
    params(("id" = String, Path)),
    request_body = TemplateForm,
    responses((status = 200, body = Envelope<Option<NewVersion>>)))]
pub async fn update(State(state): State<AppState>, admin: Admin, Path(id): Path<String>, Json(form): Json<TemplateForm>) -> ApiResult<Option<NewVersion>> {
    let data = service::update(&state, &admin, &id, form).await?;
    Ok(Envelope { code: 200, msg: "更新成功", data })
}

#[utoipa::path(delete, path = TABLE, tag = "workflow",
    summary = "Delete a flow template and its flows (refused once a task used it)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete(State(state): State<AppState>, admin: Admin, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete(&state, &admin, &id).await?;
    done("删除成功")
}

#[utoipa::path(post, path = TABLE, tag = "workflow",
    summary = "复制流程: <name>.副本<n>, <code><n>, stopped, each flow's main version as version 1",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn copy(State(state): State<AppState>, admin: Admin, Path(id): Path<String>) -> ApiResult<NoData> {
    service::copy(&state, &admin, &id).await?;
    done("复制成功")
}

#[utoipa::path(post, path = TABLE, tag = "workflow",
    summary = "Make a version its flow's main version: new tasks start on it",
    params(("id" = String, Path, description = "The version id")),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn main_version(State(state): State<AppState>, admin: Admin, Path(id): Path<String>) -> ApiResult<NoData> {
    service::main_version(&state, &admin, &id).await?;
    done("设置成功")
}

#[utoipa::path(post, path = TABLE, tag = "workflow",
    summary = "启用流程: tasks may be started on the template's flows",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn release(State(state): State<AppState>, admin: Admin, Path(id): Path<String>) -> ApiResult<NoData> {
    service::set_enabled(&state, &admin, &id, true).await?;
    done("启用成功")
}

#[utoipa::path(post, path = TABLE, tag = "workflow",
    summary = "禁用流程: no new task may start; running ones finish",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn stop(State(state): State<AppState>, admin: Admin, Path(id): Path<String>) -> ApiResult<NoData> {
    service::set_enabled(&state, &admin, &id, false).await?;
    done("禁用成功")
}

#[utoipa::path(get, path = TABLE, tag = "workflow",
    summary = "The flows of a template: [{id (flowId), fullName, flowTemplateJson (the main version's node tree as JSON text)}]",
    params(("templateId" = String, Path), FlowJsonQuery),
    responses((status = 200, body = Envelope<Vec<FlowJson>>)))]
pub async fn flow_json_list(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Query(_q): Query<FlowJsonQuery>) -> ApiResult<Vec<FlowJson>> {
    ok(service::flow_json_list(&state, &caller, &id).await?)
}

// ---- The engine ----

#[utoipa::path(post, path = TABLE, tag = "workflow",
    summary = "Start a task (status 0 提交) or save it as a draft (status 1 暂存); id = the record's id for a form-backed flow",
    request_body = TaskForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create_task(State(state): State<AppState>, caller: Member, Json(form): Json<TaskForm>) -> ApiResult<NoData> {
    done(engine::submit(&state, &caller, None, form).await?)
}

#[utoipa::path(put, path = TABLE, tag = "workflow",
    summary = "Change a draft, or submit it, or resubmit a rejected or revoked task (the starter only)",
    params(("id" = String, Path)),
    request_body = TaskForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_task(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Json(form): Json<TaskForm>) -> ApiResult<NoData> {
    done(engine::submit(&state, &caller, Some(&id), form).await?)
}

#[utoipa::path(get, path = TABLE, tag = "workflow",
    summary = "The flow form page's data (FlowBox): flow, form data, nodes reached, 流转记录, the shown node's properties; 0 with flowId for a new task",
    params(("taskId" = String, Path), BeforeQuery),
    responses((status = 200, body = Envelope<BeforeInfo>)))]
pub async fn before(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Query(q): Query<BeforeQuery>) -> ApiResult<BeforeInfo> {
    ok(engine::before(&state, &caller, &id, &q).await?)
}

#[utoipa::path(post, path = TABLE, tag = "workflow",
    summary = "通过: the operator's approval (或签, 会签 at its ratio, 依次审批), then the next node or the end",
    params(("operatorId" = String, Path)),
    request_body = HandleForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn audit(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Json(form): Json<HandleForm>) -> ApiResult<NoData> {
    engine::audit(&state, &caller, &id, form).await?;
    done("审批成功")
}

#[utoipa::path(post, path = TABLE, tag = "workflow",
    summary = "退回: to the starter (rejectStep '0'), the previous node ('1') or a node passed (its nodeCode)",
    params(("operatorId" = String, Path)),
    request_body = HandleForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn reject(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Json(form): Json<HandleForm>) -> ApiResult<NoData> {
    engine::reject(&state, &caller, &id, form).await?;
    done("退回成功")
}

#[utoipa::path(get, path = TABLE, tag = "workflow",
    summary = "The task lists: 1 待办 (waiting steps), 2 已办 (own decisions), 3 抄送 (copies)",
    params(("category" = String, Path), PageQuery, TaskQuery),
    responses((status = 200, body = Envelope<PageOf<TodoRow>>)))]
pub async fn task_list(State(state): State<AppState>, caller: Member, Path(category): Path<String>, Query(page): Query<PageQuery>, Query(q): Query<TaskQuery>) -> ApiResult<PageOf<TodoRow>> {
    ok(engine::list(&state, &caller, &category, &q, page.page()?).await?)
}

#[utoipa::path(get, path = TABLE, tag = "workflow",
    summary = "我发起的: the caller's tasks, newest first",
    params(PageQuery, TaskQuery),
    responses((status = 200, body = Envelope<PageOf<LaunchRow>>)))]
pub async fn launched(State(state): State<AppState>, caller: Member, Query(page): Query<PageQuery>, Query(q): Query<TaskQuery>) -> ApiResult<PageOf<LaunchRow>> {
    ok(engine::launched(&state, &caller, &q, page.page()?).await?)
}

#[utoipa::path(delete, path = TABLE, tag = "workflow",
    summary = "Delete a draft or a revoked task (the starter only)",
    params(("taskId" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete_task(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<NoData> {
    engine::delete(&state, &caller, &id).await?;
    done("删除成功")
}

#[utoipa::path(put, path = TABLE, tag = "workflow",
    summary = "撤回: the starter takes a running task back while no approver has decided since it was submitted",
    params(("taskId" = String, Path)),
    request_body = HandleForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn withdraw(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Json(form): Json<HandleForm>) -> ApiResult<NoData> {
    engine::withdraw(&state, &caller, &id, form).await?;
    done("撤回成功")
}

// ---- Choosing, urging, checking (§7.3, §7.5, §7.6, §7.9) ----

#[utoipa::path(post, path = TABLE, tag = "workflow",
    summary = "The nodes after this step whose people are chosen now (候选人员): type 2 with them, 3 when nothing is to choose; 0 for a start",
    params(("operatorId" = String, Path, description = "The step, or 0 for a start")),
    request_body = CandidateForm,
    responses((status = 200, body = Envelope<Candidates>)))]
pub async fn candidates(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Json(form): Json<CandidateForm>) -> ApiResult<Candidates> {
    ok(engine::candidates(&state, &caller, &id, form).await?)
}

#[utoipa::path(post, path = TABLE, tag = "workflow",
    summary = "A page of the people a 候选人员 node (nodeCode) may be given: its range, or every enabled user",
    params(("operatorId" = String, Path, description = "The step, or 0 for a start")),
    request_body = CandidateUserForm,
    responses((status = 200, body = Envelope<PageOf<CandidateUser>>)))]
pub async fn candidate_users(State(state): State<AppState>, caller: Member, Path(id): Path<String>, Json(form): Json<CandidateUserForm>) -> ApiResult<PageOf<CandidateUser>> {
    ok(engine::candidate_users(&state, &caller, &id, form).await?)
}

#[utoipa::path(get, path = TABLE, tag = "workflow",
    summary = "Where the step's rejection may send the task (退回节点), by the node's rejectStep",
    params(("operatorId" = String, Path)),
    responses((status = 200, body = Envelope<RejectList>)))]
pub async fn reject_list(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<RejectList> {
    ok(engine::reject_list(&state, &caller, &id).await?)
}

#[utoipa::path(get, path = TABLE, tag = "workflow",
    summary = "Whether the caller's step is already settled (isCheck: FlowBox opens read-only)",
    params(("operatorId" = String, Path)),
    responses((status = 200, body = Envelope<StepCheck>)))]
pub async fn step_check(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<StepCheck> {
    ok(engine::step_check(&state, &caller, &id).await?)
}

#[utoipa::path(post, path = TABLE, tag = "workflow",
    summary = "催办: the starter reminds the current approvers (a flow message each)",
    params(("taskId" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn press(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<NoData> {
    engine::press(&state, &caller, &id).await?;
    done("催办成功")
}

#[utoipa::path(get, path = TABLE, tag = "workflow",
    summary = "Every flow template by its WorkFlowCategory (the task lists' 所属流程 filter)",
    responses((status = 200, body = Envelope<CategoryGroups>)))]
pub async fn list_all(State(state): State<AppState>, caller: Member) -> ApiResult<CategoryGroups> {
    ok(service::list_all(&state, &caller).await?)
}

#[utoipa::path(get, path = TABLE, tag = "workflow",
    summary = "新建流程: a page of the enabled templates of flowType the caller may launch",
    params(PageQuery, LaunchQuery),
    responses((status = 200, body = Envelope<PageOf<LaunchTemplate>>)))]
pub async fn page_list_all(State(state): State<AppState>, caller: Member, Query(page): Query<PageQuery>, Query(q): Query<LaunchQuery>) -> ApiResult<PageOf<LaunchTemplate>> {
    ok(service::page_list_all(&state, &caller, &q, page.page()?).await?)
}
