//! Workflow (流程, issue 30; jnpf-wire-engine2.md §7; docs/workflow.md), first slice: flow
//! templates with their flows and versions (`flowTemplate`), and the engine — start, draft,
//! approve, reject, revoke, delete, the task detail and the task lists; candidates (候选人员), the reject targets, urging (催办), the
//! step check of /workFlowDetail and the template pickers of the screens. Routing is core's
//! `flow` rule. Templates are administered by administrators until the 流程设计 menu is
//! seeded; the engine serves every member for their own tasks and steps.

pub mod dto;
pub mod engine;
mod handlers;
pub mod repo;
pub mod service;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/workflow/Engine/flowTemplate", routes!(handlers::list, handlers::create))
        .route("/api/workflow/Engine/flowTemplate/{id}", routes!(handlers::info, handlers::update, handlers::delete))
        .route("/api/workflow/Engine/flowTemplate/{id}/Actions/Copy", routes!(handlers::copy))
        .route("/api/workflow/Engine/flowTemplate/{id}/MainVersion", routes!(handlers::main_version))
        .route("/api/workflow/Engine/flowTemplate/Release/{id}", routes!(handlers::release))
        .route("/api/workflow/Engine/flowTemplate/Stop/{id}", routes!(handlers::stop))
        .route("/api/workflow/Engine/flowTemplate/FlowJsonList/{templateId}", routes!(handlers::flow_json_list))
        .route("/api/workflow/Engine/flowTemplate/ListAll", routes!(handlers::list_all))
        .route("/api/workflow/Engine/flowTemplate/PageListAll", routes!(handlers::page_list_all))
        .route("/api/workflow/Engine/FlowTask", routes!(handlers::create_task))
        .route("/api/workflow/Engine/FlowTask/{id}", routes!(handlers::update_task))
        .route("/api/workflow/Engine/FlowBefore/{taskId}", routes!(handlers::before))
        .route("/api/workflow/Engine/FlowBefore/Audit/{operatorId}", routes!(handlers::audit))
        .route("/api/workflow/Engine/FlowBefore/Reject/{operatorId}", routes!(handlers::reject))
        .route("/api/workflow/Engine/FlowBefore/List/{category}", routes!(handlers::task_list))
        .route("/api/workflow/Engine/FlowBefore/Candidates/{operatorId}", routes!(handlers::candidates))
        .route("/api/workflow/Engine/FlowBefore/CandidateUser/{operatorId}", routes!(handlers::candidate_users))
        .route("/api/workflow/Engine/FlowBefore/RejectList/{operatorId}", routes!(handlers::reject_list))
        .route("/api/workflow/Engine/FlowBefore/{operatorId}/Info", routes!(handlers::step_check))
        .route("/api/workflow/Engine/FlowLaunch", routes!(handlers::launched))
        .route("/api/workflow/Engine/FlowLaunch/{taskId}", routes!(handlers::delete_task))
        .route("/api/workflow/Engine/FlowLaunch/{taskId}/Actions/Withdraw", routes!(handlers::withdraw))
        .route("/api/workflow/Engine/FlowLaunch/Press/{taskId}", routes!(handlers::press))
}
