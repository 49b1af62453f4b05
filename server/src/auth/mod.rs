//! Sign-in and session (spec 01 §2.3, §3.2, §4, §5.6, §7; 02 §7.5): login, captcha images,
//! logout, the lock screen, the login-page configuration and changing one's password.

mod captcha;
pub mod dto;
mod handlers;
mod repo;
pub mod service;
pub mod state;

pub use captcha::answer_of as captcha_answer;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::sign_in))
        .route(routes!(handlers::login_captcha))
        .route(routes!(handlers::dialog_captcha))
        .route(routes!(handlers::login_config))
        .route(routes!(handlers::account_config))
        .route(routes!(handlers::logout))
        .route(routes!(handlers::lock_screen))
        .route(routes!(handlers::password_message))
        .route(routes!(handlers::modify_password))
}
