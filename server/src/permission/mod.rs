//! Organisation and permissions. So far: users, roles, applications and menus with their
//! buttons / columns / forms / data schemes and their administration, role authorisation, the signed-in user's own endpoints and CurrentUser.

pub mod authority;
mod current;
pub mod dto;
pub mod forms;
pub mod group;
mod handlers;
pub mod import;
pub mod module;
pub mod organize;
pub mod position;
pub mod relation;
pub mod repo;
pub mod role;
pub mod service;
pub mod user;
pub mod state;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/oauth/CurrentUser", routes!(handlers::current_user))
        .route("/api/permission/Users/Current/BaseInfo", routes!(handlers::base_info, handlers::update_base_info))
        .route("/api/permission/Users/Current/Avatar/{name}", routes!(handlers::set_avatar))
        .route("/api/permission/Users/Current/SystemTheme", routes!(handlers::set_theme))
        .route("/api/permission/Users/Current/SystemLanguage", routes!(handlers::set_language))
        .route("/api/permission/Users/Current/SystemLog", routes!(handlers::system_log))
        .route("/api/permission/Users/Current/major", routes!(handlers::set_major))
        .route("/api/permission/Users/Current/SignImg", routes!(handlers::signatures, handlers::add_signature))
        .route("/api/permission/Users/Current/{id}/SignImg", routes!(handlers::set_default_signature, handlers::delete_signature))
        .route("/api/permission/Users/Current/getUserOrganizes", routes!(handlers::own_organisations))
        .route("/api/permission/Users/Current/getUserPositions", routes!(handlers::own_positions))
        .route("/api/permission/Users/Current/Subordinate/{id}", routes!(handlers::subordinates))
        .route("/api/permission/Users/Current/Authorize", routes!(handlers::authorize))
        .merge(organize::routes())
        .merge(position::routes())
        .merge(group::routes())
        .merge(role::routes())
        .merge(relation::routes())
        .merge(user::routes())
        .merge(authority::routes())
        .merge(module::routes())
}
