//! The members of a role, a position or a group (角色成员, 岗位成员, 分组成员): one address
//! for the three, the object's type decides which page's permission it needs.

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new().route("/api/permission/UserRelation/{objectId}", routes!(handlers::members, handlers::set_members))
}
