//! Organisation and permissions. So far: users, roles, menus with their buttons / columns /
//! forms, role authorisation, and the signed-in user's own endpoints.

pub mod current;
pub mod menu;
pub mod user;

use crate::AppState;
use axum::Router;
use axum::routing::{get, post, put};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/permission/Users/Current/BaseInfo", get(current::base_info).put(current::update_base_info))
        .route("/permission/Users/Current/Actions/ModifyPassword", post(current::modify_password))
        .route("/permission/Users/Current/SystemTheme", put(current::set_theme))
        .route("/permission/Users/Current/SystemLanguage", put(current::set_language))
        .route("/permission/Users/Current/SystemLog", get(current::system_log))
        .route("/permission/Users/Current/major", put(current::set_major))
}
