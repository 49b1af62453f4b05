//! Users (用户管理, ORG-021..026): the list, the form with its memberships, state, password
//! reset, unlock, work handover, and the user pickers every form uses.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
pub mod transfer;
mod actions;

pub use dto::UserForm;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, ViewUsers, AddUser, EditUser, RemoveUser, ImportUsers, ExportUsers};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/permission/Users", routes!(handlers::list, handlers::create))
        .route("/api/permission/Users/{id}", routes!(handlers::info, handlers::update, handlers::delete))
        .route("/api/permission/Users/{id}/Actions/State", routes!(handlers::state))
        .route("/api/permission/Users/{id}/Actions/ResetPassword", routes!(handlers::reset_password))
        .route("/api/permission/Users/{id}/Actions/unlock", routes!(handlers::unlock))
        .route("/api/permission/Users/getWorkByUser", routes!(handlers::work))
        .route("/api/permission/Users/workHandover", routes!(handlers::hand_over))
        .route("/api/permission/Users/All", routes!(handlers::all))
        .route("/api/permission/Users/Selector", routes!(handlers::selector))
        .route("/api/permission/Users/ImUser", routes!(handlers::contacts))
        .route("/api/permission/Users/ImUser/Selector/{nodeId}", routes!(handlers::tree))
        .route("/api/permission/Users/GetListByAuthorize/{organizeId}", routes!(handlers::tree_by_authorize))
        .route("/api/permission/Users/getOrganization", routes!(handlers::same_organisation))
        .route("/api/permission/Users/getSubordinates", routes!(handlers::subordinates))
        .route("/api/permission/Users/UserCondition", routes!(handlers::condition))
        .route("/api/permission/Users/getUserList", routes!(handlers::by_ids))
        .route("/api/permission/Users/getSelectedList", routes!(handlers::selected))
        .route("/api/permission/Users/getSelectedUserList", routes!(handlers::selected_users))
        .route("/api/permission/Users/GetUsersByPositionId", routes!(handlers::by_position))
        .route("/api/permission/Users/GetUsersByRoleOrgId", routes!(handlers::by_role))
        .route("/api/permission/Users/ExportExcel", routes!(handlers::export))
        .route("/api/permission/Users/TemplateDownload", routes!(handlers::template))
        .route("/api/permission/Users/Uploader", routes!(handlers::upload))
        .route("/api/permission/Users/ImportPreview", routes!(handlers::preview))
        .route("/api/permission/Users/ImportData", routes!(handlers::import))
        .route("/api/permission/Users/ExportExceptionData", routes!(handlers::export_failures))
        .route("/api/system/SysConfig/getAdminList", routes!(handlers::admin_list))
        .route("/api/system/SysConfig/setAdminList", routes!(handlers::set_admin_list))
}
