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
        .route(routes!(handlers::current_user))
        .route(routes!(handlers::base_info, handlers::update_base_info))
        .route(routes!(handlers::set_avatar))
        .route(routes!(handlers::set_theme))
        .route(routes!(handlers::set_language))
        .route(routes!(handlers::system_log))
        .route(routes!(handlers::set_major))
        .route(routes!(handlers::signatures, handlers::add_signature))
        .route(routes!(handlers::set_default_signature, handlers::delete_signature))
        .route(routes!(handlers::own_organisations))
        .route(routes!(handlers::own_positions))
        .route(routes!(handlers::subordinates))
        .route(routes!(handlers::authorize))
        .merge(organize::routes())
        .merge(position::routes())
        .merge(group::routes())
        .merge(role::routes())
        .merge(relation::routes())
        .merge(user::routes())
        .merge(authority::routes())
        .merge(module::routes())
}
