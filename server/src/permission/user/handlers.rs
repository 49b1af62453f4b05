//! HTTP handlers of users and the user pickers: extract, call the service, shape the answer.

use crate::api::TABLE;
use super::dto::{
    AdminIds, CreatedUser, Handover, ImContact, Items, KeywordBody, KeywordQuery, PasswordReset, PositionUsersQuery, RoleUsersQuery, SelectedItem, SelectedUsers,
    TreeRequest, UserCondition, UserDetail, UserForm, UserIds, UserItem, UserNode, UserQuery, UserRow, UserWork, WorkQuery,
};
use super::dto::{ExportQuery, FileUrl, ImportPreview, ImportResult, ImportRows, PreviewQuery, UploadedFile};
use super::{service, transfer};
use super::{AddUser, EditUser, ExportUsers, ImportUsers, RemoveUser, ViewUsers};
use crate::state::AppState;
use crate::access::{Admin, Member, Permit};
use crate::permission::organize::dto::TreeOf;
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, Upload, UploadForm, done, ok};
use axum::extract::State;

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "A page of users (menu permission.user): organizeId '' every user, else an organisation's and below; keyword matches account, name and mobile phone",
    params(PageQuery, UserQuery),
    responses((status = 200, body = Envelope<PageOf<UserRow>>)))]
pub async fn list(State(state): State<AppState>, permit: Permit<ViewUsers>, Query(page): Query<PageQuery>, Query(q): Query<UserQuery>) -> ApiResult<PageOf<UserRow>> {
    ok(service::list(&state, &permit, q, page.page()?).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Create a user (button btn_add); answers the generated initial password, which must be changed at the first sign-in",
    request_body = UserForm,
    responses((status = 200, body = Envelope<CreatedUser>)))]
pub async fn create(State(state): State<AppState>, permit: Permit<AddUser>, Json(form): Json<UserForm>) -> ApiResult<CreatedUser> {
    let created = service::create(&state, &permit, form).await?;
    Ok(Envelope { code: 200, msg: "新建成功", data: created })
}

crate::crud::handlers! { "permission", service, UserForm => UserDetail, [ViewUsers, AddUser, EditUser, RemoveUser] {
    info "A user, for the user form (rows outside the caller's data scope are 用户不存在)",
    update "Change a user (button btn_edit); only what is sent changes",
    delete "Delete a user (button btn_remove); never the administrator, oneself or a manager of others",
    state "Enable or disable a user (button btn_edit); disabling ends their sessions",
}}





#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Set a user's password (button btn_edit): both entries as MD5, the policy checked; the user signs in again and must change it",
    params(("id" = String, Path)),
    request_body = PasswordReset,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn reset_password(State(state): State<AppState>, permit: Permit<EditUser>, Path(id): Path<String>, Json(req): Json<PasswordReset>) -> ApiResult<NoData> {
    service::reset_password(&state, &permit, &id, req).await?;
    done("重置密码成功")
}

#[utoipa::path(put, path = TABLE, tag = "permission",
    summary = "Lift the lock of too many failed sign-ins (button btn_edit)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn unlock(State(state): State<AppState>, permit: Permit<EditUser>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::unlock(&state, &permit, &id).await?;
    done("解除锁定成功")
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "What a user holds that a handover passes on: roles, positions, groups, subordinates, managed organisations (button btn_edit)",
    params(WorkQuery),
    responses((status = 200, body = Envelope<UserWork>)))]
pub async fn work(State(state): State<AppState>, permit: Permit<EditUser>, Query(q): Query<WorkQuery>) -> ApiResult<UserWork> {
    ok(service::work(&state, &permit, &q.from_id).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Hand everything a user holds over to another (button btn_edit), in one transaction",
    request_body = Handover,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn hand_over(State(state): State<AppState>, permit: Permit<EditUser>, Json(req): Json<Handover>) -> ApiResult<NoData> {
    service::hand_over(&state, &permit, req).await?;
    done("交接成功")
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "Every enabled user, for id → name lookups",
    responses((status = 200, body = Envelope<TreeOf<UserItem>>)))]
pub async fn all(State(state): State<AppState>, caller: Member) -> ApiResult<TreeOf<UserItem>> {
    ok(TreeOf { list: service::all(&state, &caller).await? })
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The whole tree of companies, departments and their users (only users can be picked)",
    responses((status = 200, body = Envelope<TreeOf<UserNode>>)))]
pub async fn selector(State(state): State<AppState>, caller: Member) -> ApiResult<TreeOf<UserNode>> {
    ok(TreeOf { list: service::selector(&state, &caller).await? })
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "A page of chat contacts (ORG-024)",
    params(PageQuery, KeywordQuery),
    responses((status = 200, body = Envelope<PageOf<ImContact>>)))]
pub async fn contacts(State(state): State<AppState>, caller: Member, Query(page): Query<PageQuery>, Query(q): Query<KeywordQuery>) -> ApiResult<PageOf<ImContact>> {
    ok(service::contacts(&state, &caller, q.keyword.as_deref(), page.page()?).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "The user picker's tree (ORG-011, ORG-012): the organisations and users under a node ('0' the top), or with a keyword a flat page of users",
    params(("nodeId" = String, Path)),
    request_body = TreeRequest,
    responses((status = 200, body = Envelope<PageOf<UserNode>>)))]
pub async fn tree(State(state): State<AppState>, caller: Member, Path(node): Path<String>, Json(req): Json<TreeRequest>) -> ApiResult<PageOf<UserNode>> {
    ok(service::tree(&state, &caller, &node, req).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "The user tree limited to the organisations the caller manages",
    params(("organizeId" = String, Path)),
    request_body = TreeRequest,
    responses((status = 200, body = Envelope<PageOf<UserNode>>)))]
pub async fn tree_by_authorize(State(state): State<AppState>, caller: Member, Path(node): Path<String>, Json(req): Json<TreeRequest>) -> ApiResult<PageOf<UserNode>> {
    ok(service::tree_by_authorize(&state, &caller, &node, req).await?)
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The users of the caller's organisation (ORG-015): a data array",
    params(KeywordQuery),
    responses((status = 200, body = Envelope<Items>)))]
pub async fn same_organisation(State(state): State<AppState>, caller: Member, Query(q): Query<KeywordQuery>) -> ApiResult<Items> {
    ok(service::same_organisation(&state, &caller, q.keyword.as_deref()).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "The caller's subordinates (ORG-016): a data array",
    request_body = KeywordBody,
    responses((status = 200, body = Envelope<Items>)))]
pub async fn subordinates(State(state): State<AppState>, caller: Member, Json(req): Json<KeywordBody>) -> ApiResult<Items> {
    ok(service::subordinates(&state, &caller, req.keyword.as_deref()).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "A page of the users of these departments, positions, roles or groups, or named (ORG-017)",
    request_body = UserCondition,
    responses((status = 200, body = Envelope<PageOf<UserItem>>)))]
pub async fn condition(State(state): State<AppState>, caller: Member, Json(req): Json<UserCondition>) -> ApiResult<PageOf<UserItem>> {
    ok(service::condition(&state, &caller, req).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "These users, to show a stored value (ORG-014); the pseudo id currentUser is skipped",
    request_body = UserIds,
    responses((status = 200, body = Envelope<TreeOf<UserItem>>)))]
pub async fn by_ids(State(state): State<AppState>, caller: Member, Json(req): Json<UserIds>) -> ApiResult<TreeOf<UserItem>> {
    ok(TreeOf { list: service::by_ids(&state, &caller, req.user_id).await? })
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "The entries of a mixed picker's value (\"id--type\"), with bare ids (ORG-018)",
    request_body = UserIds,
    responses((status = 200, body = Envelope<TreeOf<SelectedItem>>)))]
pub async fn selected(State(state): State<AppState>, caller: Member, Json(req): Json<UserIds>) -> ApiResult<TreeOf<SelectedItem>> {
    ok(TreeOf { list: service::selected(&state, &caller, req.user_id).await? })
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "A page of the users these mixed ids reach (ORG-013)",
    request_body = SelectedUsers,
    responses((status = 200, body = Envelope<PageOf<UserItem>>)))]
pub async fn selected_users(State(state): State<AppState>, caller: Member, Json(req): Json<SelectedUsers>) -> ApiResult<PageOf<UserItem>> {
    ok(service::selected_users(&state, &caller, req).await?)
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The organisation path down to the holders of a position: a data array tree",
    params(PositionUsersQuery),
    responses((status = 200, body = Envelope<Vec<UserNode>>)))]
pub async fn by_position(State(state): State<AppState>, caller: Member, Query(q): Query<PositionUsersQuery>) -> ApiResult<Vec<UserNode>> {
    ok(service::by_position(&state, &caller, q).await?)
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "Lazily, the organisations under a node and its users holding a role: a data array",
    params(RoleUsersQuery),
    responses((status = 200, body = Envelope<Vec<UserNode>>)))]
pub async fn by_role(State(state): State<AppState>, caller: Member, Query(q): Query<RoleUsersQuery>) -> ApiResult<Vec<UserNode>> {
    ok(service::by_role(&state, &caller, q).await?)
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "Export users to Excel (button btn_download): this page (dataType 0) or all (1), the columns of selectKey",
    params(PageQuery, UserQuery, ExportQuery),
    responses((status = 200, body = Envelope<FileUrl>)))]
pub async fn export(
    State(state): State<AppState>,
    permit: Permit<ExportUsers>,
    Query(page): Query<PageQuery>,
    Query(q): Query<UserQuery>,
    Query(e): Query<ExportQuery>,
) -> ApiResult<FileUrl> {
    let url = transfer::export(&state, &permit, q, page.page()?, e.data_type == Some(1), &e.select_key).await?;
    ok(FileUrl { url })
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The user import template (button btn_upload)",
    responses((status = 200, body = Envelope<FileUrl>)))]
pub async fn template(State(state): State<AppState>, permit: Permit<ImportUsers>) -> ApiResult<FileUrl> {
    ok(FileUrl { url: transfer::template(&state, &permit).await? })
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Upload an .xls/.xlsx of users to import (button btn_upload; at most 500 KB and 500 rows)",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<UploadedFile>)))]
pub async fn upload(State(state): State<AppState>, permit: Permit<ImportUsers>, file: Upload) -> ApiResult<UploadedFile> {
    ok(transfer::upload(&state, &permit, file).await?)
}

#[utoipa::path(get, path = TABLE, tag = "permission",
    summary = "The rows of an uploaded file (button btn_upload)",
    params(PreviewQuery),
    responses((status = 200, body = Envelope<ImportPreview>)))]
pub async fn preview(State(state): State<AppState>, permit: Permit<ImportUsers>, Query(q): Query<PreviewQuery>) -> ApiResult<ImportPreview> {
    ok(ImportPreview { data_row: transfer::preview(&state, &permit, &q.file_name).await? })
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "Import the previewed rows (button btn_upload): those that pass are stored in one transaction, the others answered with their reasons",
    request_body = ImportRows,
    responses((status = 200, body = Envelope<ImportResult>)))]
pub async fn import(State(state): State<AppState>, permit: Permit<ImportUsers>, Json(req): Json<ImportRows>) -> ApiResult<ImportResult> {
    ok(transfer::import(&state, &permit, req.list).await?)
}

#[utoipa::path(post, path = TABLE, tag = "permission",
    summary = "The rows an import refused, with their reasons, as Excel (button btn_upload)",
    request_body = ImportRows,
    responses((status = 200, body = Envelope<FileUrl>)))]
pub async fn export_failures(State(state): State<AppState>, permit: Permit<ImportUsers>, Json(req): Json<ImportRows>) -> ApiResult<FileUrl> {
    ok(FileUrl { url: transfer::export_failures(&state, &permit, req.list).await? })
}

#[utoipa::path(get, path = TABLE, tag = "system",
    summary = "The administrators (SYS-009), as user picker items; administrators only",
    responses((status = 200, body = Envelope<Vec<UserItem>>)))]
pub async fn admin_list(State(state): State<AppState>, admin: Admin) -> ApiResult<Vec<UserItem>> {
    ok(service::administrators(&state, &admin).await?)
}

#[utoipa::path(put, path = TABLE, tag = "system",
    summary = "Set the administrators (SYS-008, SYS-009): exactly these users; the caller and the built-in admin stay",
    request_body = AdminIds,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn set_admin_list(State(state): State<AppState>, admin: Admin, Json(body): Json<AdminIds>) -> ApiResult<NoData> {
    service::set_administrators(&state, &admin, body.admin_ids).await?;
    done("保存成功")
}
