//! Applications (systems), their menus (JNPF "module") and each menu's permission items —
//! buttons, list columns, form fields, data-authorize fields and data-permission schemes
//! (jnpf-wire-areas.md §1.8). One page administers them all, as in the JNPF client: the
//! menu `system.menu` (系统菜单) lists the applications and opens each one's menus; reading
//! needs the page, a change its button (btn_add, btn_edit — also the state toggles —,
//! btn_remove). Every change bumps the generation, so CurrentUser's cached menus refresh.
//! `link.rs` holds the menus' data connections (ModuleDataAuthorizeLink: the database and
//! tables their fields are picked from), `transfer.rs` the menus' `.bm` export and import;
//! both are services of this page like `service.rs`.

pub mod dto;
mod handlers;
pub mod link;
pub mod repo;
pub mod service;
pub mod transfer;
mod actions;

use crate::api::ApiRoutes;
use utoipa_axum::routes;

pub use actions::{MENU, ViewMenu, AddMenu, EditMenu, RemoveMenu};

pub fn routes() -> ApiRoutes {
    ApiRoutes::new()
        .route("/api/system/System", routes!(handlers::systems, handlers::system::create))
        .route("/api/system/System/{id}", routes!(handlers::system::info, handlers::system::update, handlers::system::delete))
        .route("/api/system/System/{id}/Actions/State", routes!(handlers::system::state))
        .route("/api/system/Menu/ModuleBySystem/{systemId}", routes!(handlers::module_by_system))
        .route("/api/system/Menu/Selector/{id}/{systemId}", routes!(handlers::selector))
        .route("/api/system/Menu/Selector/All", routes!(handlers::selector_all))
        .route("/api/system/Menu", routes!(handlers::menu::create))
        .route("/api/system/Menu/{id}", routes!(handlers::menu::info, handlers::menu::update, handlers::menu::delete))
        .route("/api/system/Menu/{id}/Actions/State", routes!(handlers::menu::state))
        .route("/api/system/ModuleButton/{id}/List", routes!(handlers::buttons))
        .route("/api/system/ModuleButton/{id}/Selector", routes!(handlers::button_selector))
        .route("/api/system/ModuleButton", routes!(handlers::button::create))
        .route("/api/system/ModuleButton/{id}", routes!(handlers::button::info, handlers::button::update, handlers::button::delete))
        .route("/api/system/ModuleButton/{id}/Actions/State", routes!(handlers::button::state))
        .route("/api/system/ModuleColumn/{id}/Fields", routes!(handlers::columns))
        .route("/api/system/ModuleColumn", routes!(handlers::column::create))
        .route("/api/system/ModuleColumn/Actions/Batch", routes!(handlers::column_batch))
        .route("/api/system/ModuleColumn/{id}", routes!(handlers::column::info, handlers::column::update, handlers::column::delete))
        .route("/api/system/ModuleColumn/{id}/Actions/State", routes!(handlers::column::state))
        .route("/api/system/ModuleForm/{id}/Fields", routes!(handlers::forms))
        .route("/api/system/ModuleForm", routes!(handlers::form::create))
        .route("/api/system/ModuleForm/Actions/Batch", routes!(handlers::form_batch))
        .route("/api/system/ModuleForm/{id}", routes!(handlers::form::info, handlers::form::update, handlers::form::delete))
        .route("/api/system/ModuleForm/{id}/Actions/State", routes!(handlers::form::state))
        .route("/api/system/ModuleDataAuthorize/{id}/List", routes!(handlers::authorize_fields))
        .route("/api/system/ModuleDataAuthorize", routes!(handlers::authorize_field::create))
        .route("/api/system/ModuleDataAuthorize/{id}", routes!(handlers::authorize_field::info, handlers::authorize_field::update, handlers::authorize_field::delete))
        .route("/api/system/ModuleDataAuthorizeScheme/{id}/List", routes!(handlers::schemes))
        .route("/api/system/ModuleDataAuthorizeScheme", routes!(handlers::scheme::create))
        .route("/api/system/ModuleDataAuthorizeScheme/{id}", routes!(handlers::scheme::info, handlers::scheme::update, handlers::scheme::delete))
        .route("/api/system/ModuleDataAuthorizeScheme/{id}/Actions/State", routes!(handlers::scheme::state))
        .route("/api/system/Menu/{id}/Action/Export", routes!(handlers::menu_export))
        .route("/api/system/Menu/{id}/Action/Import", routes!(handlers::menu_import))
        .route("/api/system/ModuleDataAuthorizeLink/getInfo/{menuId}/{dataType}", routes!(handlers::link_info))
        .route("/api/system/ModuleDataAuthorizeLink/getVisualTables/{menuId}/{dataType}", routes!(handlers::link_visual_tables))
        .route("/api/system/ModuleDataAuthorizeLink/saveLinkData", routes!(handlers::link_save))
        .route("/api/system/ModuleDataAuthorizeLink/{linkId}/Tables/{table}/Fields/{menuType}/{dataType}", routes!(handlers::link_fields))
}
