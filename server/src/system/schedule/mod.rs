//! Schedules (日程, SCHED-*): a member's calendar — their own schedules and those they take
//! part in —, repeating schedules stored as their occurrences, and the scopes of a change or a
//! deletion (this one, this and the following ones, all). Every call serves any member, on
//! their own schedules only: a schedule is personal, and a participant opens the viewer from
//! a message whether or not they hold the calendar page (menu `schedule`).

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;

use crate::api::ApiRoutes;
use axum::http::Method;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/system/Schedule", routes!(handlers::list, handlers::create))
        .route("/api/system/Schedule/detail", routes!(handlers::detail))
        .alias("/api/system/Schedule/detail/", &[(Method::GET, "The same viewer under the path with a trailing slash (spec 02 §7.9)")], routes!(handlers::detail))
        .route("/api/system/Schedule/{id}", routes!(handlers::info))
        .route("/api/system/Schedule/{id}/{type}", routes!(handlers::update, handlers::delete))
}
