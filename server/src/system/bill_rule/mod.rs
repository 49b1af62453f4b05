//! Serial-number rules (单据规则, BILL-*): the rules, their state, export and import, the
//! picker, and `BillNumber/{enCode}`, which issues each rule's numbers one at a time across
//! every process sharing the database. The numbering itself is core's (`serial`).

pub mod dto;
mod handlers;
pub mod repo;
pub mod service;

use crate::access::{Action, button};
use crate::api::ApiRoutes;
use utoipa_axum::routes;

/// The serial-number rule page (menu system.billRule).
pub const MENU: &str = "system.billRule";

pub struct ViewBillRule;
impl Action for ViewBillRule {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = None;
}

pub struct AddBillRule;
impl Action for AddBillRule {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::ADD);
}

pub struct EditBillRule;
impl Action for EditBillRule {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::EDIT);
}

pub struct RemoveBillRule;
impl Action for RemoveBillRule {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::REMOVE);
}

pub struct ImportBillRule;
impl Action for ImportBillRule {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::UPLOAD);
}

pub struct ExportBillRule;
impl Action for ExportBillRule {
    const MENU: &'static str = MENU;
    const BUTTON: Option<&'static str> = Some(button::DOWNLOAD);
}

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
