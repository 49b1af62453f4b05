//! HTTP handlers of applications, menus and their permission items: extract, call the
//! service, shape the answer.

use crate::api::TABLE;
use super::dto::{
    AuthorizeFieldForm, AuthorizeFieldInfo, BatchForm, ButtonInfo, FieldInfo, ItemForm, KeywordQuery, LinkField, LinkForm, LinkInfo, LinkTables, ListOf,
    MenuForm, MenuImportForm, MenuImportQuery, MenuInfo, MenuQuery, PickerNode, SchemeInfo, SystemForm, SystemInfo, SystemQuery,
};
use super::service::{self, Administered, Kind, Switched};
use super::{AddMenu, EditMenu, RemoveMenu, ViewMenu, link, transfer};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::system::download::dto::ExportUrl;
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, Upload, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The applications (menu system.menu), in sort order; keyword on name and code",
    params(SystemQuery),
    responses((status = 200, body = Envelope<ListOf<SystemInfo>>)))]
pub async fn systems(State(state): State<AppState>, permit: Permit<ViewMenu>, Query(q): Query<SystemQuery>) -> ApiResult<ListOf<SystemInfo>> {
    ok(ListOf { list: service::systems(&state, &permit, q).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "An application's menus as a tree (menu system.menu); keyword keeps matches with their ancestors; category Web or App",
    params(("systemId" = String, Path), MenuQuery),
    responses((status = 200, body = Envelope<ListOf<MenuInfo>>)))]
pub async fn module_by_system(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(system_id): Path<String>, Query(q): Query<MenuQuery>) -> ApiResult<ListOf<MenuInfo>> {
    ok(ListOf { list: service::module_by_system(&state, &permit, &system_id, q).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The directories a menu may hang under, without the menu being edited (id, '0' when new) and what is below it; systemId '0': every application",
    params(("id" = String, Path), ("systemId" = String, Path), MenuQuery),
    responses((status = 200, body = Envelope<ListOf<PickerNode>>)))]
pub async fn selector(State(state): State<AppState>, permit: Permit<ViewMenu>, Path((id, system_id)): Path<(String, String)>, Query(q): Query<MenuQuery>) -> ApiResult<ListOf<PickerNode>> {
    ok(ListOf { list: service::selector(&state, &permit, &id, &system_id, q.category.as_deref()).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Every enabled menu of every application as a tree (the portal designer's picker; any member)",
    params(MenuQuery),
    responses((status = 200, body = Envelope<ListOf<PickerNode>>)))]
pub async fn selector_all(State(state): State<AppState>, caller: Member, Query(q): Query<MenuQuery>) -> ApiResult<ListOf<PickerNode>> {
    ok(ListOf { list: service::selector_all(&state, &caller, q.category.as_deref()).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A menu's buttons as a tree (id: the menu); keyword keeps matches with those above them",
    params(("id" = String, Path), KeywordQuery),
    responses((status = 200, body = Envelope<ListOf<ButtonInfo>>)))]
pub async fn buttons(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>, Query(q): Query<KeywordQuery>) -> ApiResult<ListOf<ButtonInfo>> {
    ok(ListOf { list: service::buttons(&state, &permit, &id, q.keyword.as_deref()).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The buttons a button of this menu may hang under (id: the menu)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ListOf<ButtonInfo>>)))]
pub async fn button_selector(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<ListOf<ButtonInfo>> {
    ok(ListOf { list: service::button_selector(&state, &permit, &id).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A menu's list columns (id: the menu); keyword on name and code",
    params(("id" = String, Path), KeywordQuery),
    responses((status = 200, body = Envelope<ListOf<FieldInfo>>)))]
pub async fn columns(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>, Query(q): Query<KeywordQuery>) -> ApiResult<ListOf<FieldInfo>> {
    let rows = service::items(&state, &permit, Kind::Column, &id, q.keyword.as_deref()).await?;
    ok(ListOf { list: rows.into_iter().map(FieldInfo::from).collect() })
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Add several list columns at once (button btn_add; `columnJson`): all or none",
    request_body = BatchForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn column_batch(State(state): State<AppState>, permit: Permit<AddMenu>, Json(form): Json<BatchForm>) -> ApiResult<NoData> {
    service::batch(&state, &permit, Kind::Column, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A menu's form fields (id: the menu); keyword on name and code",
    params(("id" = String, Path), KeywordQuery),
    responses((status = 200, body = Envelope<ListOf<FieldInfo>>)))]
pub async fn forms(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>, Query(q): Query<KeywordQuery>) -> ApiResult<ListOf<FieldInfo>> {
    let rows = service::items(&state, &permit, Kind::Form, &id, q.keyword.as_deref()).await?;
    ok(ListOf { list: rows.into_iter().map(FieldInfo::from).collect() })
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Add several form fields at once (button btn_add; `formJson`): all or none",
    request_body = BatchForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn form_batch(State(state): State<AppState>, permit: Permit<AddMenu>, Json(form): Json<BatchForm>) -> ApiResult<NoData> {
    service::batch(&state, &permit, Kind::Form, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A menu's data-authorize fields (id: the menu)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ListOf<AuthorizeFieldInfo>>)))]
pub async fn authorize_fields(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<ListOf<AuthorizeFieldInfo>> {
    ok(ListOf { list: service::authorize_fields(&state, &permit, &id).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A menu's data-permission schemes (id: the menu)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ListOf<SchemeInfo>>)))]
pub async fn schemes(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<ListOf<SchemeInfo>> {
    let rows = service::items(&state, &permit, Kind::Scheme, &id, None).await?;
    ok(ListOf { list: rows.into_iter().map(SchemeInfo::from).collect() })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "Export a menu, the menus below it and all their items (buttons, columns, form fields, data-authorize fields, schemes) as a .bm file (menu system.menu)",
    params(("id" = String, Path, description = "the menu")),
    responses((status = 200, body = Envelope<ExportUrl>)))]
pub async fn menu_export(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<ExportUrl> {
    ok(ExportUrl { url: transfer::export(&state, &permit, &id).await? })
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Import a .bm file into application {id} under parentId, on the tab category (button btn_add): checked whole; a bad file or a menu whose id or code exists changes nothing and the message names it",
    params(("id" = String, Path, description = "the application (system) the menus go to"), MenuImportQuery),
    request_body(content = MenuImportForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn menu_import(State(state): State<AppState>, permit: Permit<AddMenu>, Path(system_id): Path<String>, Query(q): Query<MenuImportQuery>, upload: Upload) -> ApiResult<NoData> {
    let parent_id = upload.fields.get("parentId").cloned().or(q.parent_id);
    let category = upload.fields.get("category").cloned().or(q.category);
    transfer::import(&state, &permit, &system_id, parent_id.as_deref(), category.as_deref(), &upload.file_name, &upload.bytes).await?;
    done("导入成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A menu's data connection for its list columns (dataType 1), form fields (2) or data permission (3): the database ('0' the platform's) and the tables, comma-separated",
    params(("menuId" = String, Path), ("dataType" = String, Path, description = "1, 2 or 3")),
    responses((status = 200, body = Envelope<LinkInfo>)))]
pub async fn link_info(State(state): State<AppState>, permit: Permit<ViewMenu>, Path((menu_id, data_type)): Path<(String, String)>) -> ApiResult<LinkInfo> {
    ok(link::info(&state, &permit, &menu_id, &data_type).await?)
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The same connection with its tables as a list",
    params(("menuId" = String, Path), ("dataType" = String, Path, description = "1, 2 or 3")),
    responses((status = 200, body = Envelope<LinkTables>)))]
pub async fn link_visual_tables(State(state): State<AppState>, permit: Permit<ViewMenu>, Path((menu_id, data_type)): Path<(String, String)>) -> ApiResult<LinkTables> {
    ok(link::visual_tables(&state, &permit, &menu_id, &data_type).await?)
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Save a menu's data connection (button btn_edit): linkId '0' (the platform database; no other connection exists yet) and tables of it",
    request_body = LinkForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn link_save(State(state): State<AppState>, permit: Permit<EditMenu>, Json(form): Json<LinkForm>) -> ApiResult<NoData> {
    link::save(&state, &permit, form).await?;
    done("保存成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A page of the columns of a table of the connection ({field, fieldName}), keyword on the name; never the platform's bookkeeping tables nor password_hash",
    params(("linkId" = String, Path, description = "'0': the platform database"), ("table" = String, Path), ("menuType" = String, Path, description = "the client's menu type (not used)"),
        ("dataType" = String, Path, description = "1, 2 or 3"), PageQuery, KeywordQuery),
    responses((status = 200, body = Envelope<PageOf<LinkField>>)))]
pub async fn link_fields(
    State(state): State<AppState>,
    permit: Permit<ViewMenu>,
    Path((link_id, table, _menu_type, data_type)): Path<(String, String, String, String)>,
    Query(page): Query<PageQuery>,
    Query(q): Query<KeywordQuery>,
) -> ApiResult<PageOf<LinkField>> {
    ok(link::fields(&state, &permit, &link_id, &table, &data_type, q.keyword.as_deref(), page.page()?).await?)
}

// ---- The rows of the page: one set of handlers for each kind -----------------------------------

pub mod system {
    use super::*;
    crate::crud::handlers! { "system", service::Applications, SystemForm => SystemInfo, [ViewMenu, AddMenu, EditMenu, RemoveMenu] {
        create "Create an application (button btn_add)",
        info "An application, for its form (propertyJson as JSON text)",
        update "Change an application (button btn_edit); only what is sent changes; the main system stays enabled",
        delete "Delete an application (button btn_remove); never the main system, nor one with menus",
        state "Enable or disable an application (button btn_edit); the main system stays enabled",
    }}
}

pub mod menu {
    use super::*;
    crate::crud::handlers! { "system", service::MenuPages, MenuForm => MenuInfo, [ViewMenu, AddMenu, EditMenu, RemoveMenu] {
        create "Create a menu (button btn_add), checked by core's menu rules",
        info "A menu, for its form (propertyJson as JSON text)",
        update "Change a menu (button btn_edit); only what is sent changes",
        delete "Delete a menu (button btn_remove); refused while menus hang below it",
        state "Enable or disable a menu (button btn_edit)",
    }}
}

pub mod button {
    use super::*;
    crate::crud::handlers! { "system", service::Buttons, ItemForm => ButtonInfo, [ViewMenu, AddMenu, EditMenu, RemoveMenu] {
        create "Create a button of a menu (button btn_add)",
        info "A button, for its form",
        update "Change a button (button btn_edit); only what is sent changes",
        delete "Delete a button (button btn_remove), with its grants",
        state "Enable or disable a button (button btn_edit)",
    }}
}

pub mod column {
    use super::*;
    crate::crud::handlers! { "system", service::ListColumns, ItemForm => FieldInfo, [ViewMenu, AddMenu, EditMenu, RemoveMenu] {
        create "Create a list column of a menu (button btn_add)",
        info "A list column, for its form",
        update "Change a list column (button btn_edit); only what is sent changes",
        delete "Delete a list column (button btn_remove), with its grants",
        state "Enable or disable a list column (button btn_edit)",
    }}
}

pub mod form {
    use super::*;
    crate::crud::handlers! { "system", service::FormFields, ItemForm => FieldInfo, [ViewMenu, AddMenu, EditMenu, RemoveMenu] {
        create "Create a form field of a menu (button btn_add)",
        info "A form field, for its form",
        update "Change a form field (button btn_edit); only what is sent changes",
        delete "Delete a form field (button btn_remove), with its grants",
        state "Enable or disable a form field (button btn_edit)",
    }}
}

pub mod authorize_field {
    use super::*;
    crate::crud::handlers! { "system", service::AuthorizeFields, AuthorizeFieldForm => AuthorizeFieldInfo, [ViewMenu, AddMenu, EditMenu, RemoveMenu] {
        create "Create a data-authorize field of a menu (button btn_add)",
        info "A data-authorize field, for its form",
        update "Change a data-authorize field (button btn_edit); only what is sent changes",
        delete "Delete a data-authorize field (button btn_remove)",
    }}
}

pub mod scheme {
    use super::*;
    crate::crud::handlers! { "system", service::Schemes, ItemForm => SchemeInfo, [ViewMenu, AddMenu, EditMenu, RemoveMenu] {
        create "Create a data-permission scheme of a menu (button btn_add)",
        info "A data-permission scheme, for its form",
        update "Change a data-permission scheme (button btn_edit); only what is sent changes",
        delete "Delete a data-permission scheme (button btn_remove), with its grants",
        state "Enable or disable a data-permission scheme (button btn_edit)",
    }}
}
