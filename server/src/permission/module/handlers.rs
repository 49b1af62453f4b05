//! HTTP handlers of applications, menus and their permission items: extract, call the
//! service, shape the answer.

use crate::api::TABLE;
use super::dto::{
    AuthorizeFieldForm, AuthorizeFieldInfo, BatchForm, ButtonInfo, FieldInfo, ItemForm, KeywordQuery, LinkField, LinkForm, LinkInfo, LinkTables, ListOf,
    MenuForm, MenuImportForm, MenuImportQuery, MenuInfo, MenuQuery, PickerNode, SchemeInfo, SystemForm, SystemInfo, SystemQuery,
};
use super::service::{self, Kind};
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

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Create an application (button btn_add)",
    request_body = SystemForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create_system(State(state): State<AppState>, permit: Permit<AddMenu>, Json(form): Json<SystemForm>) -> ApiResult<NoData> {
    service::create_system(&state, &permit, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "An application, for its form (propertyJson as JSON text)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<SystemInfo>)))]
pub async fn system(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<SystemInfo> {
    ok(service::system(&state, &permit, &id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Change an application (button btn_edit); only what is sent changes; the main system stays enabled",
    params(("id" = String, Path)),
    request_body = SystemForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_system(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>, Json(form): Json<SystemForm>) -> ApiResult<NoData> {
    service::update_system(&state, &permit, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Delete an application (button btn_remove); never the main system, nor one with menus",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete_system(State(state): State<AppState>, permit: Permit<RemoveMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete_system(&state, &permit, &id).await?;
    done("删除成功")
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Enable or disable an application (button btn_edit); the main system stays enabled",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn system_state(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::toggle_system(&state, &permit, &id).await?;
    done("更新成功")
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

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Create a menu (button btn_add), checked by core's menu rules",
    request_body = MenuForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create_menu(State(state): State<AppState>, permit: Permit<AddMenu>, Json(form): Json<MenuForm>) -> ApiResult<NoData> {
    service::create_menu(&state, &permit, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A menu, for its form (propertyJson as JSON text)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<MenuInfo>)))]
pub async fn menu(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<MenuInfo> {
    ok(service::menu(&state, &permit, &id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Change a menu (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = MenuForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_menu(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>, Json(form): Json<MenuForm>) -> ApiResult<NoData> {
    service::update_menu(&state, &permit, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Delete a menu (button btn_remove); refused while menus hang below it",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete_menu(State(state): State<AppState>, permit: Permit<RemoveMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete_menu(&state, &permit, &id).await?;
    done("删除成功")
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Enable or disable a menu (button btn_edit)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn menu_state(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::toggle_menu(&state, &permit, &id).await?;
    done("更新成功")
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

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Create a button of a menu (button btn_add)",
    request_body = ItemForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create_button(State(state): State<AppState>, permit: Permit<AddMenu>, Json(form): Json<ItemForm>) -> ApiResult<NoData> {
    service::create_item(&state, &permit, Kind::Button, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A button, for its form",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ButtonInfo>)))]
pub async fn button(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<ButtonInfo> {
    ok(service::item(&state, &permit, Kind::Button, &id).await?.into())
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Change a button (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = ItemForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_button(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>, Json(form): Json<ItemForm>) -> ApiResult<NoData> {
    service::update_item(&state, &permit, Kind::Button, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Delete a button (button btn_remove), with its grants",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete_button(State(state): State<AppState>, permit: Permit<RemoveMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete_item(&state, &permit, Kind::Button, &id).await?;
    done("删除成功")
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Enable or disable a button (button btn_edit)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn button_state(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::toggle_item(&state, &permit, Kind::Button, &id).await?;
    done("更新成功")
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

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Create a list column of a menu (button btn_add)",
    request_body = ItemForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create_column(State(state): State<AppState>, permit: Permit<AddMenu>, Json(form): Json<ItemForm>) -> ApiResult<NoData> {
    service::create_item(&state, &permit, Kind::Column, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A list column, for its form",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<FieldInfo>)))]
pub async fn column(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<FieldInfo> {
    ok(service::item(&state, &permit, Kind::Column, &id).await?.into())
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Change a list column (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = ItemForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_column(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>, Json(form): Json<ItemForm>) -> ApiResult<NoData> {
    service::update_item(&state, &permit, Kind::Column, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Delete a list column (button btn_remove), with its grants",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete_column(State(state): State<AppState>, permit: Permit<RemoveMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete_item(&state, &permit, Kind::Column, &id).await?;
    done("删除成功")
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Enable or disable a list column (button btn_edit)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn column_state(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::toggle_item(&state, &permit, Kind::Column, &id).await?;
    done("更新成功")
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

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Create a form field of a menu (button btn_add)",
    request_body = ItemForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create_form(State(state): State<AppState>, permit: Permit<AddMenu>, Json(form): Json<ItemForm>) -> ApiResult<NoData> {
    service::create_item(&state, &permit, Kind::Form, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A form field, for its form",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<FieldInfo>)))]
pub async fn form(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<FieldInfo> {
    ok(service::item(&state, &permit, Kind::Form, &id).await?.into())
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Change a form field (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = ItemForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_form(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>, Json(form): Json<ItemForm>) -> ApiResult<NoData> {
    service::update_item(&state, &permit, Kind::Form, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Delete a form field (button btn_remove), with its grants",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete_form(State(state): State<AppState>, permit: Permit<RemoveMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete_item(&state, &permit, Kind::Form, &id).await?;
    done("删除成功")
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Enable or disable a form field (button btn_edit)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn form_state(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::toggle_item(&state, &permit, Kind::Form, &id).await?;
    done("更新成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A menu's data-authorize fields (id: the menu)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ListOf<AuthorizeFieldInfo>>)))]
pub async fn authorize_fields(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<ListOf<AuthorizeFieldInfo>> {
    ok(ListOf { list: service::authorize_fields(&state, &permit, &id).await? })
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Create a data-authorize field of a menu (button btn_add)",
    request_body = AuthorizeFieldForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create_authorize_field(State(state): State<AppState>, permit: Permit<AddMenu>, Json(form): Json<AuthorizeFieldForm>) -> ApiResult<NoData> {
    service::create_authorize_field(&state, &permit, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A data-authorize field, for its form",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<AuthorizeFieldInfo>)))]
pub async fn authorize_field(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<AuthorizeFieldInfo> {
    ok(service::authorize_field_info(&state, &permit, &id).await?)
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Change a data-authorize field (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = AuthorizeFieldForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_authorize_field(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>, Json(form): Json<AuthorizeFieldForm>) -> ApiResult<NoData> {
    service::update_authorize_field(&state, &permit, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Delete a data-authorize field (button btn_remove)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete_authorize_field(State(state): State<AppState>, permit: Permit<RemoveMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete_authorize_field(&state, &permit, &id).await?;
    done("删除成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A menu's data-permission schemes (id: the menu)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ListOf<SchemeInfo>>)))]
pub async fn schemes(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<ListOf<SchemeInfo>> {
    let rows = service::items(&state, &permit, Kind::Scheme, &id, None).await?;
    ok(ListOf { list: rows.into_iter().map(SchemeInfo::from).collect() })
}

#[utoipa::path(post, path = TABLE, tag = "system",
    summary = "Create a data-permission scheme of a menu (button btn_add)",
    request_body = ItemForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn create_scheme(State(state): State<AppState>, permit: Permit<AddMenu>, Json(form): Json<ItemForm>) -> ApiResult<NoData> {
    service::create_item(&state, &permit, Kind::Scheme, form).await?;
    done("新建成功")
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "A data-permission scheme, for its form",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<SchemeInfo>)))]
pub async fn scheme(State(state): State<AppState>, permit: Permit<ViewMenu>, Path(id): Path<String>) -> ApiResult<SchemeInfo> {
    ok(service::item(&state, &permit, Kind::Scheme, &id).await?.into())
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Change a data-permission scheme (button btn_edit); only what is sent changes",
    params(("id" = String, Path)),
    request_body = ItemForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_scheme(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>, Json(form): Json<ItemForm>) -> ApiResult<NoData> {
    service::update_item(&state, &permit, Kind::Scheme, &id, form).await?;
    done("更新成功")
}

#[utoipa::path(delete, path = TABLE, tag = "system",
    summary = "Delete a data-permission scheme (button btn_remove), with its grants",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete_scheme(State(state): State<AppState>, permit: Permit<RemoveMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::delete_item(&state, &permit, Kind::Scheme, &id).await?;
    done("删除成功")
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Enable or disable a data-permission scheme (button btn_edit)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn scheme_state(State(state): State<AppState>, permit: Permit<EditMenu>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::toggle_item(&state, &permit, Kind::Scheme, &id).await?;
    done("更新成功")
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
