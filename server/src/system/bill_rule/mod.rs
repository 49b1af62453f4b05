//! Serial-number rules (单据规则, BILL-*): the rules, their state, export and import, the
//! picker, and `BillNumber/{enCode}`, which issues each rule's numbers one at a time across
//! every process sharing the database. The numbering itself is core's (`serial`).

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, ViewBillRule, AddBillRule, EditBillRule, RemoveBillRule, ImportBillRule, ExportBillRule};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route(routes!(handlers::list, handlers::create))
        .route(routes!(handlers::selector))
        .route(routes!(handlers::bill_number))
        .route(routes!(handlers::info, handlers::update, handlers::delete))
        .route(routes!(handlers::toggle))
        .route(routes!(handlers::export))
        .route(routes!(handlers::export_plural))
        .route(routes!(handlers::import))
        .route(routes!(handlers::import_plural))
}
