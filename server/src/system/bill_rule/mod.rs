//! Serial-number rules (单据规则, BILL-*): the rules, their state, export and import, the
//! picker, and `BillNumber/{enCode}`, which issues each rule's numbers one at a time across
//! every process sharing the database. The numbering itself is core's (`serial`).

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
mod actions;

use crate::api::ApiRoutes;
use axum::http::Method;
use utoipa_axum::routes;

pub use actions::{MENU, ViewBillRule, AddBillRule, EditBillRule, RemoveBillRule, ImportBillRule, ExportBillRule};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/system/BillRule", routes!(handlers::list, handlers::create))
        .route("/api/system/BillRule/Selector", routes!(handlers::selector))
        .route("/api/system/BillRule/BillNumber/{enCode}", routes!(handlers::bill_number))
        .route("/api/system/BillRule/{id}", routes!(handlers::info, handlers::update, handlers::delete))
        .route("/api/system/BillRule/{id}/Actions/State", routes!(handlers::state))
        .route("/api/system/BillRule/{id}/Action/Export", routes!(handlers::export))
        .alias("/api/system/BillRule/{id}/Actions/Export", &[(Method::GET, "The same export under the catalogue's path (spec 02 §7.10)")], routes!(handlers::export))
        .route("/api/system/BillRule/Action/Import", routes!(handlers::import))
        .alias("/api/system/BillRule/Actions/Import", &[(Method::POST, "The same import under the plural path")], routes!(handlers::import))
}
