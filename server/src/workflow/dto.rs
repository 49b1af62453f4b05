//! Wire types of the workflow area (jnpf-wire-engine2.md §7): flow templates and their flows,
//! starting and handling tasks, the task lists.

use crate::wire::{list_or_csv, opt_i64, opt_i64_any};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};

// ---- Templates ----

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TemplateRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub category: String,
    pub template_type: i64,
    pub icon: String,
    pub icon_background: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
}

/// GET flowTemplate: the list's query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TemplateQuery {
    #[serde(default)]
    pub keyword: Option<String>,
    /// A WorkFlowCategory item id; empty for every category.
    #[serde(default)]
    pub category: Option<String>,
}

/// A row of the template list.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = FlowTemplateRow)]
pub struct TemplateListRow {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub category: String,
    /// 0 发起流程, 1 功能流程.
    #[serde(rename = "type")]
    pub template_type: i64,
    /// 姓名/账户.
    pub creator_user: String,
    pub creator_time: i64,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub has_assist_btn: i64,
}

/// POST / PUT flowTemplate: the editor's step 1 and the flows (`flowTemplateJson`, JSON text
/// of `[{id, flowId, fullName, flowTemplateJson: <node tree>}]`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = FlowTemplateForm)]
pub struct TemplateForm {
    #[serde(default)]
    pub full_name: Option<String>,
    #[serde(default)]
    pub en_code: Option<String>,
    #[serde(default)]
    pub category: Option<String>,
    #[serde(default, rename = "type", deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub template_type: Option<i64>,
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub sort_code: Option<i64>,
    #[serde(default)]
    pub icon: Option<String>,
    #[serde(default)]
    pub icon_background: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    /// JSON text (or JSON) of the array of flows.
    #[serde(default)]
    pub flow_template_json: Option<Value>,
}

/// GET flowTemplate/{id}: the template with its flows' main versions.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = FlowTemplateInfo)]
pub struct TemplateInfo {
    pub id: String,
    pub full_name: String,
    pub en_code: String,
    pub category: String,
    #[serde(rename = "type")]
    pub template_type: i64,
    pub icon: String,
    pub icon_background: String,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub description: String,
    /// JSON text of `[{id, flowId, fullName, flowTemplateJson, isDelete}]`.
    pub flow_template_json: String,
}

/// The answer of a save that changed a flow already used by tasks: the new version, which
/// the client may make the main one (`POST flowTemplate/{id}/MainVersion`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewVersion {
    pub id: String,
    pub is_main_version: bool,
}

/// A flow of a template: `GET flowTemplate/FlowJsonList/{templateId}`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlowJson {
    /// The flowId.
    pub id: String,
    pub full_name: String,
    /// JSON text of the main version's node tree.
    pub flow_template_json: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FlowRow {
    pub id: String,
    pub template_id: String,
    pub full_name: String,
    pub sort_code: i64,
    pub main_version_id: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VersionRow {
    pub id: String,
    pub flow_id: String,
    pub version: i64,
    pub flow_json: String,
}

/// `?type=` of FlowJsonList (accepted; every flow of the template is answered).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FlowJsonQuery {
    #[serde(default, rename = "type")]
    pub flow_type: Option<String>,
}

// ---- Tasks ----

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TaskRow {
    pub id: String,
    pub flow_id: String,
    pub version_id: String,
    pub template_id: String,
    pub full_name: String,
    pub form_data: String,
    pub status: i64,
    pub flow_urgent: i64,
    pub completion: i64,
    pub this_step: String,
    pub this_step_id: String,
    pub start_time: Option<i64>,
    pub end_time: Option<i64>,
    pub row_version: i64,
    pub creator_time: i64,
    pub creator_user_id: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TaskNodeRow {
    pub id: String,
    pub task_id: String,
    pub node_code: String,
    pub node_name: String,
    pub node_type: String,
    pub prev_node_code: String,
    pub state: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OperatorRow {
    pub id: String,
    pub task_id: String,
    pub task_node_id: String,
    pub node_code: String,
    pub node_name: String,
    pub handle_id: String,
    pub state: i64,
    pub handle_status: Option<i64>,
}

/// POST FlowTask / PUT FlowTask/{id} (§7.5): `status` 0 submits, 1 saves a draft.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskForm {
    /// The task id: for a form-backed flow the record's id; empty for a new one.
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub flow_id: String,
    #[serde(default)]
    pub form_data: Value,
    /// 0 提交, 1 暂存 (a number or text).
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub status: Option<i64>,
    /// 1 普通 (default), 2 重要, 3 紧急.
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub flow_urgent: Option<i64>,
    /// People chosen for nodes whose approvers are picked at submit: {nodeId: [userIds]}.
    #[serde(default)]
    pub candidate_list: BTreeMap<String, Vec<String>>,
    /// 抄送人员 picked in the dialog (csv of user ids).
    #[serde(default, deserialize_with = "list_or_csv")]
    #[schema(value_type = Option<String>)]
    pub copy_ids: Vec<String>,
}

/// POST FlowBefore/Audit/{operatorId}, Reject, and the launcher's Withdraw (§7.6).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandleForm {
    #[serde(default)]
    pub handle_opinion: Option<String>,
    #[serde(default)]
    pub sign_img: Option<String>,
    /// Attachments (kept as JSON text).
    #[serde(default)]
    pub file_list: Option<Value>,
    /// The form as the approver saw it (their writable fields).
    #[serde(default)]
    pub form_data: Option<Value>,
    #[serde(default, deserialize_with = "list_or_csv")]
    #[schema(value_type = Option<String>)]
    pub copy_ids: Vec<String>,
    /// Reject: the node to go back to ('0' the start, '1' the previous node, or a nodeCode);
    /// the node's own rejectStep when absent.
    #[serde(default)]
    pub reject_step: Option<String>,
    #[serde(default)]
    pub candidate_list: BTreeMap<String, Vec<String>>,
}

/// GET FlowBefore/{taskId}: which step of the task the page shows.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BeforeQuery {
    #[serde(default)]
    pub task_node_id: Option<String>,
    #[serde(default)]
    pub task_operator_id: Option<String>,
    #[serde(default)]
    pub flow_id: Option<String>,
}

/// GET FlowBefore/{taskId} (§7.4).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BeforeInfo {
    pub flow_template_info: Value,
    pub flow_form_info: Value,
    pub flow_task_info: Value,
    pub form_data: Value,
    pub draft_data: Value,
    pub flow_task_node_list: Vec<Value>,
    pub flow_task_operator_record_list: Vec<Value>,
    pub approvers_properties: Value,
    pub form_operates: Value,
}

/// The task lists' common query (§7.9).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TaskQuery {
    #[serde(default)]
    pub keyword: Option<String>,
    /// From (ms).
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub start_time: Option<i64>,
    /// To (ms).
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub end_time: Option<i64>,
    #[serde(default)]
    pub template_id: Option<String>,
    #[serde(default)]
    pub flow_id: Option<String>,
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub flow_urgent: Option<i64>,
    #[serde(default)]
    pub flow_category: Option<String>,
    #[serde(default)]
    pub creator_user_id: Option<String>,
    /// 我发起的: the task status.
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub status: Option<i64>,
}

/// A row of 待办 / 已办 / 抄送 (`GET FlowBefore/List/{1|2|3}`).
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TodoRow {
    /// The operator (待办, 已办) or copy (抄送) row.
    pub id: String,
    /// The task.
    pub process_id: String,
    pub flow_id: String,
    /// The task node.
    pub this_step_id: String,
    pub full_name: String,
    pub flow_name: String,
    pub flow_code: String,
    pub start_time: Option<i64>,
    /// The starter's 姓名/账户.
    pub user_name: String,
    pub this_step: String,
    pub flow_urgent: i64,
    /// 待办/抄送: the task's status; 已办: the user's own handling (1 通过, 0 退回).
    pub status: i64,
    /// 接收时间 / 办理时间 / 抄送时间.
    pub creator_time: i64,
    pub flow_version: String,
    pub delegate_user: Option<String>,
}

/// A row of 我发起的 (`GET FlowLaunch`).
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LaunchRow {
    pub id: String,
    pub flow_id: String,
    pub full_name: String,
    pub flow_name: String,
    pub flow_code: String,
    pub start_time: Option<i64>,
    pub this_step: String,
    pub flow_urgent: i64,
    pub status: i64,
    pub completion: i64,
    pub parent_id: String,
    pub creator_time: i64,
    pub delegate_user: Option<String>,
}

// ---- Choosing people and nodes (§7.5, §7.6) ----

/// POST FlowBefore/Candidates/{operatorId|0}: the form body FlowBox submits (other keys are
/// ignored).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateForm {
    /// The task id ('' for a new task).
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub flow_id: Option<String>,
    #[serde(default)]
    pub form_data: Value,
}

/// The nodes after this step that ask for people: `type` 2 (every listed node needs its
/// candidates chosen) or 3 (no choice; empty list).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Candidates {
    #[serde(rename = "type")]
    pub kind: i64,
    pub list: Vec<CandidateNode>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateNode {
    pub node_id: String,
    pub node_name: String,
    pub is_branch_flow: bool,
    pub is_candidates: bool,
    /// The node names a candidate range: pick from `CandidateUser`; else from every user.
    pub has_candidates: bool,
}

/// POST FlowBefore/CandidateUser/{operatorId|0}: the picker's page of a node's candidates.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateUserForm {
    #[serde(default)]
    pub keyword: Option<String>,
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub current_page: Option<i64>,
    #[serde(default, deserialize_with = "opt_i64_any")]
    #[schema(value_type = Option<i64>)]
    pub page_size: Option<i64>,
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub flow_id: Option<String>,
    /// The node whose candidates are listed.
    #[serde(default)]
    pub node_code: String,
}

/// A candidate: `{id, fullName (姓名/账户), headIcon, organize}`.
#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateUser {
    pub id: String,
    pub full_name: String,
    pub head_icon: String,
    pub organize: String,
}

/// GET FlowBefore/RejectList/{operatorId}: where a rejection may send the task.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RejectList {
    /// Whether this rejection decides the node (always: one rejection rejects it).
    pub is_last_appro: bool,
    pub list: Vec<RejectNode>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RejectNode {
    pub node_code: String,
    pub node_name: String,
}

/// GET FlowBefore/{operatorId}/Info: `isCheck` true when the step is no longer the caller's
/// to decide (FlowBox then opens read-only).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StepCheck {
    pub is_check: bool,
}

// ---- Template pickers (§7.9) ----

/// GET flowTemplate/ListAll: the templates by WorkFlowCategory item.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryGroups {
    pub list: Vec<CategoryGroup>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryGroup {
    /// The WorkFlowCategory item id.
    pub id: String,
    pub full_name: String,
    pub num: i64,
    pub children: Vec<TemplateOption>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = FlowTemplateOption)]
pub struct TemplateOption {
    pub id: String,
    pub full_name: String,
}

/// GET flowTemplate/PageListAll: the query of 新建流程's picker.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LaunchQuery {
    #[serde(default)]
    pub keyword: Option<String>,
    /// A WorkFlowCategory item id; empty for every category.
    #[serde(default)]
    pub category: Option<String>,
    /// 0 发起流程 (default), 1 功能流程.
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub flow_type: Option<i64>,
}

/// A template the caller may launch.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LaunchTemplate {
    pub id: String,
    pub full_name: String,
    pub icon: String,
    pub icon_background: String,
}
