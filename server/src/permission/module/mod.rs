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
        .route(routes!(handlers::systems, handlers::create_system))
        .route(routes!(handlers::system, handlers::update_system, handlers::delete_system))
        .route(routes!(handlers::system_state))
        .route(routes!(handlers::module_by_system))
        .route(routes!(handlers::selector))
        .route(routes!(handlers::selector_all))
        .route(routes!(handlers::create_menu))
        .route(routes!(handlers::menu, handlers::update_menu, handlers::delete_menu))
        .route(routes!(handlers::menu_state))
        .route(routes!(handlers::buttons))
        .route(routes!(handlers::button_selector))
        .route(routes!(handlers::create_button))
        .route(routes!(handlers::button, handlers::update_button, handlers::delete_button))
        .route(routes!(handlers::button_state))
        .route(routes!(handlers::columns))
        .route(routes!(handlers::create_column))
        .route(routes!(handlers::column_batch))
        .route(routes!(handlers::column, handlers::update_column, handlers::delete_column))
        .route(routes!(handlers::column_state))
        .route(routes!(handlers::forms))
        .route(routes!(handlers::create_form))
        .route(routes!(handlers::form_batch))
        .route(routes!(handlers::form, handlers::update_form, handlers::delete_form))
        .route(routes!(handlers::form_state))
        .route(routes!(handlers::authorize_fields))
        .route(routes!(handlers::create_authorize_field))
        .route(routes!(handlers::authorize_field, handlers::update_authorize_field, handlers::delete_authorize_field))
        .route(routes!(handlers::schemes))
        .route(routes!(handlers::create_scheme))
        .route(routes!(handlers::scheme, handlers::update_scheme, handlers::delete_scheme))
        .route(routes!(handlers::scheme_state))
        .route(routes!(handlers::menu_export))
        .route(routes!(handlers::menu_import))
        .route(routes!(handlers::link_info))
        .route(routes!(handlers::link_visual_tables))
        .route(routes!(handlers::link_save))
        .route(routes!(handlers::link_fields))
}
