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
        .route("/api/oauth/Login", routes!(handlers::sign_in))
        .route("/api/oauth/ImageCode/{codeLength}/{key}", routes!(handlers::login_captcha))
        .route("/api/file/ImageCode/{key}", routes!(handlers::dialog_captcha))
        .route("/api/oauth/getLoginConfig", routes!(handlers::login_config))
        .route("/api/oauth/getConfig/{account}", routes!(handlers::account_config))
        .route("/api/oauth/Logout", routes!(handlers::logout))
        .route("/api/oauth/LockScreen", routes!(handlers::lock_screen))
        .route("/api/oauth/updatePasswordMessage", routes!(handlers::password_message))
        .route("/api/permission/Users/Current/Actions/ModifyPassword", routes!(handlers::modify_password))
}
