//! System area: system configuration (SYS-002, SYS-003), the password policy read
//! (AUTH-024), the system log (sign-ins, operations and requests; the administrators' page in
//! `log`), dictionaries, serial-number
//! rules, areas, data interfaces and their variables, exported files to download, schedules, and the third-party
//! office chat tests and sync (DingTalk, WeCom).

pub mod area;
pub mod bill_rule;
pub mod data_interface;
pub mod data_interface_variate;
pub mod dictionary;
pub mod download;
pub mod dto;
mod handlers;
pub mod log;
mod repo;
pub mod schedule;
pub mod service;
pub mod third_party;
pub mod state;

pub use service::{LoginRecord, SysConfig};

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/system/SysConfig", routes!(handlers::read_config, handlers::write_config))
        .route("/api/system/SysConfig/getPasswordPolicy", routes!(handlers::password_policy))
        .merge(dictionary::routes())
        .merge(bill_rule::routes())
        .merge(area::routes())
        .merge(data_interface::routes())
        .merge(data_interface_variate::routes())
        .merge(download::routes())
        .merge(schedule::routes())
        .merge(third_party::routes())
        .merge(log::routes())
        .route("/api/system/DataSource/Selector", routes!(handlers::data_source_selector))
}
