//! The administration pages' one skeleton (issue 23 §4): a row is loaded by id within the
//! caller's data scope (outside it, or gone: the entity's not-found message), changed, and the
//! transaction committed; a state switch flips `enabled_mark`; a delete is refused while
//! something still hangs on the row. Groups, positions, roles, serial-number rules, data
//! interfaces and their variables, dictionaries, areas, and the applications, menus and menu
//! items of the menu page each declare what the skeleton needs as an [`Entity`] (in their
//! repository); their own rules (checks of the form, parents, codes, what a change tells the
//! live connections) stay in their services, which call these steps.
//!
//! Each entity is declared as data with [`entity!`] (the menu items' kinds, whose message and
//! grants differ by kind, implement [`Entity`] themselves).
//!
//! The steps take the transaction (`found`, `insert`, `update`, `switch`); `toggle` and
//! `delete` are whole requests (begin, load, change, commit) for the entities whose state
//! switch or delete has no rule of its own.

use crate::access::DataScope;
use crate::db::{Arg, Conn, counts_any, bump_dictionary_generation, bump_generation, bump_menu_generation, delete_row, insert_row, toggle_enabled, update_row};
use crate::error::AppError;
use crate::state::AppState;
use std::future::Future;

/// What a change of an entity's rows makes stale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cached {
    /// Nothing cached depends on the rows.
    Nothing,
    /// What signed-in users may do (CurrentUser): groups, positions, roles.
    Grants,
    /// That, and the menus' own snapshot: applications, menus and their items.
    Menus,
    /// The cached DictionaryData/All answer: dictionary categories and items.
    Dictionaries,
}

/// One kind of administered row.
pub trait Entity: Sync {
    /// The row as the repository loads it.
    type Row: Send;
    /// Its table (a static name: it goes into the SQL).
    fn table(&self) -> &'static str;
    /// The message when the row is not there or outside the caller's scope (`分组不存在`).
    fn missing(&self) -> &'static str;
    fn cached(&self) -> Cached;
    /// What a delete removes before the row: statements deleting what exists only for it (its
    /// grants), the row's id bound as `$1`.
    fn dependents(&self) -> &'static [&'static str];
    /// The row `id` if `scope` reaches it.
    fn load(&self, conn: &mut Conn, scope: &DataScope, id: &str) -> impl Future<Output = Result<Option<Self::Row>, AppError>> + Send;
}

/// Declares an administered entity in its repository, as data: the type naming it, its row
/// and the repository function loading one in a scope, its table, its not-found message, what
/// its changes make stale and what a delete removes before the row.
macro_rules! entity {
    ($(#[$doc:meta])* $name:ident: $row:ty = $load:path, $table:literal, $missing:literal, $cached:ident, [$($dependent:literal),* $(,)?]) => {
        $(#[$doc])*
        pub struct $name;

        impl $crate::crud::Entity for $name {
            type Row = $row;
            fn table(&self) -> &'static str { $table }
            fn missing(&self) -> &'static str { $missing }
            fn cached(&self) -> $crate::crud::Cached { $crate::crud::Cached::$cached }
            fn dependents(&self) -> &'static [&'static str] { &[$($dependent),*] }
            async fn load(&self, conn: &mut $crate::db::Conn, scope: &$crate::access::DataScope, id: &str) -> Result<Option<$row>, $crate::error::AppError> {
                $load(conn, scope, id).await
            }
        }
    };
}
pub(crate) use entity;

/// What refuses a delete: a statement counting what still hangs on the row (`$1` its id;
/// a repository's constant) and the message when it counts any.
pub struct Refusal {
    pub count: &'static str,
    pub message: &'static str,
}

async fn stale(entity: &impl Entity, conn: &mut Conn) -> Result<(), AppError> {
    match entity.cached() {
        Cached::Nothing => {}
        Cached::Grants => bump_generation(conn).await?,
        Cached::Menus => bump_menu_generation(conn).await?,
        Cached::Dictionaries => bump_dictionary_generation(conn).await?,
    }
    Ok(())
}

/// The row `id` within `scope`, or the entity's not-found message.
pub async fn found<E: Entity>(entity: &E, conn: &mut Conn, scope: &DataScope, id: &str) -> Result<E::Row, AppError> {
    entity.load(conn, scope, id).await?.ok_or_else(|| AppError::not_found(entity.missing()))
}

/// Inserts a new row `id` with `columns`, created by `user_id` at `now`.
pub async fn insert(entity: &impl Entity, conn: &mut Conn, id: &str, columns: Vec<(&'static str, Arg)>, user_id: &str, now: i64) -> Result<(), AppError> {
    insert_row(conn, entity.table(), id, columns, user_id, now).await?;
    stale(entity, conn).await
}

/// Sets `columns` of the row `id` (only those: an update changes what was sent).
pub async fn update(entity: &impl Entity, conn: &mut Conn, id: &str, columns: Vec<(&'static str, Arg)>, user_id: &str, now: i64) -> Result<(), AppError> {
    update_row(conn, entity.table(), id, columns, user_id, now).await?;
    stale(entity, conn).await
}

/// Flips the state of the row `id` (enabled ⇄ disabled).
pub async fn switch(entity: &impl Entity, conn: &mut Conn, id: &str, user_id: &str, now: i64) -> Result<(), AppError> {
    toggle_enabled(conn, entity.table(), id, user_id, now).await?;
    stale(entity, conn).await
}

/// PUT …/{id}/Actions/State: the row within `scope`, its state flipped. Returns the row as
/// it was.
pub async fn toggle<E: Entity>(entity: &E, state: &AppState, scope: &DataScope, user_id: &str, id: &str) -> Result<E::Row, AppError> {
    let mut tx = state.db.begin().await?;
    let row = found(entity, &mut tx, scope, id).await?;
    switch(entity, &mut tx, id, user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(row)
}

/// Refused with the message of the first refusal that counts anything hanging on `id`.
pub async fn refuse(conn: &mut Conn, id: &str, refusals: &[Refusal]) -> Result<(), AppError> {
    for refusal in refusals {
        if counts_any(conn, refusal.count, &[id]).await? {
            return Err(AppError::bad(refusal.message));
        }
    }
    Ok(())
}

/// Deletes the row `id` with what exists only for it.
pub async fn remove(entity: &impl Entity, conn: &mut Conn, id: &str) -> Result<(), AppError> {
    for dependent in entity.dependents() {
        sqlx::query(*dependent).bind(id).execute(&mut *conn).await?;
    }
    delete_row(conn, entity.table(), id).await?;
    stale(entity, conn).await
}

/// DELETE …/{id}: the row within `scope`, refused by the first refusal that counts anything,
/// else removed. Returns the row as it was.
pub async fn delete<E: Entity>(entity: &E, state: &AppState, scope: &DataScope, id: &str, refusals: &[Refusal]) -> Result<E::Row, AppError> {
    let mut tx = state.db.begin().await?;
    let row = found(entity, &mut tx, scope, id).await?;
    refuse(&mut tx, id, refusals).await?;
    remove(entity, &mut tx, id).await?;
    tx.commit().await?;
    Ok(row)
}

/// The handlers of an administered entity's form, written once for every page: POST (create),
/// GET …/{id} (the row for its form), PUT …/{id} (a change: only what is sent), DELETE …/{id},
/// PUT …/{id}/Actions/State, and the copy, the export file (its download url) and the import
/// of an uploaded file, each only when its summary is given (export and import with their
/// permits). `$steps` is what serves
/// them: the area's service module (`service`, with `create`, `info`, `update`, `delete` and
/// `toggle`) or a type with those steps (the menu page's kinds, `service::Buttons`). The
/// permits are the page's view, add, edit and remove actions; `id "…"` first describes the
/// path's `{id}` in the document. The area's table routes
/// `handlers::{create, info, update, delete, state, copy, export, import}`.
macro_rules! handlers {
    ($tag:literal, $($steps:ident)::+, $form:ident => $info:ident, [$($permits:ident),+] { id $id:literal, $($pieces:tt)* }) => {
        $crate::crud::handlers!(@id (("id" = String, Path, description = $id)) $tag, $($steps)::+, $form => $info, [$($permits),+] { $($pieces)* });
    };
    ($tag:literal, $($steps:ident)::+, $form:ident => $info:ident, [$($permits:ident),+] { $($pieces:tt)* }) => {
        $crate::crud::handlers!(@id (("id" = String, Path)) $tag, $($steps)::+, $form => $info, [$($permits),+] { $($pieces)* });
    };
    (@id $id:tt $tag:literal, $($steps:ident)::+, $form:ident => $info:ident, [$view:ident, $add:ident, $edit:ident, $remove:ident] {
        $(create $create:literal,)?
        $(info $read:literal,)?
        $(update $update:literal,)?
        $(delete $delete:literal,)?
        $(state $state:literal,)?
        $(copy $copy:literal,)?
        $(export $export_permit:ident $export:literal,)?
        $(import $import_permit:ident $import:literal,)?
    }) => {
        pub use administered::*;

        mod administered {
            #![allow(unused_imports)]
            use super::*;
            use super::$($steps)::+ as steps;
            use $crate::api::TABLE;
            use $crate::access::Permit;
            use $crate::state::AppState;
            use $crate::system::download::dto::ExportUrl;
            use $crate::wire::{ApiResult, Envelope, Json, NoData, Path, Upload, UploadForm, done, ok};
            use axum::extract::State;
            $(
            #[utoipa::path(post, path = TABLE, tag = $tag, summary = $create, request_body = $form,
                responses((status = 200, body = Envelope<NoData>)))]
            pub async fn create(State(state): State<AppState>, permit: Permit<$add>, Json(form): Json<$form>) -> ApiResult<NoData> {
                steps::create(&state, &permit, form).await?;
                done("新建成功")
            }
            )?
            $(
            #[utoipa::path(get, path = TABLE, tag = $tag, summary = $read, params $id,
                responses((status = 200, body = Envelope<$info>)))]
            pub async fn info(State(state): State<AppState>, permit: Permit<$view>, Path(id): Path<String>) -> ApiResult<$info> {
                ok(steps::info(&state, &permit, &id).await?)
            }
            )?
            $(
            #[utoipa::path(put, path = TABLE, tag = $tag, summary = $update, params $id, request_body = $form,
                responses((status = 200, body = Envelope<NoData>)))]
            pub async fn update(State(state): State<AppState>, permit: Permit<$edit>, Path(id): Path<String>, Json(form): Json<$form>) -> ApiResult<NoData> {
                steps::update(&state, &permit, &id, form).await?;
                done("更新成功")
            }
            )?
            $(
            #[utoipa::path(delete, path = TABLE, tag = $tag, summary = $delete, params $id,
                responses((status = 200, body = Envelope<NoData>)))]
            pub async fn delete(State(state): State<AppState>, permit: Permit<$remove>, Path(id): Path<String>) -> ApiResult<NoData> {
                steps::delete(&state, &permit, &id).await?;
                done("删除成功")
            }
            )?
            $(
            #[utoipa::path(put, path = TABLE, tag = $tag, summary = $state, params $id,
                responses((status = 200, body = Envelope<NoData>)))]
            pub async fn state(State(state): State<AppState>, permit: Permit<$edit>, Path(id): Path<String>) -> ApiResult<NoData> {
                steps::toggle(&state, &permit, &id).await?;
                done("更新成功")
            }
            )?
            $(
            #[utoipa::path(post, path = TABLE, tag = $tag, summary = $copy, params $id,
                responses((status = 200, body = Envelope<NoData>)))]
            pub async fn copy(State(state): State<AppState>, permit: Permit<$add>, Path(id): Path<String>) -> ApiResult<NoData> {
                steps::copy(&state, &permit, &id).await?;
                done("复制成功")
            }
            )?
            $(
            #[utoipa::path(get, path = TABLE, tag = $tag, summary = $export, params $id,
                responses((status = 200, body = Envelope<ExportUrl>)))]
            pub async fn export(State(state): State<AppState>, permit: Permit<$export_permit>, Path(id): Path<String>) -> ApiResult<ExportUrl> {
                ok(ExportUrl { url: steps::export(&state, &permit, &id).await? })
            }
            )?
            $(
            #[utoipa::path(post, path = TABLE, tag = $tag, summary = $import,
                request_body(content = UploadForm, content_type = "multipart/form-data"),
                responses((status = 200, body = Envelope<NoData>)))]
            pub async fn import(State(state): State<AppState>, permit: Permit<$import_permit>, upload: Upload) -> ApiResult<NoData> {
                steps::import(&state, &permit, &upload.file_name, &upload.bytes).await?;
                done("导入成功")
            }
            )?
        }
    };
}
pub(crate) use handlers;
