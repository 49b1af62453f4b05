//! HTTP handlers of messages, notices and chat: extract, call the service, shape the answer.
//! Paths are the JNPF 3.4.7 client's (jnpf-wire-areas.md §4) with the call catalogue's
//! `Notice/…` forms as aliases (spec 02 §7.7); the catalogue's `POST Notice` is the client's
//! notice list, and a notice is created with `POST /api/message`.

use crate::api::TABLE;
use super::dto::{Conversations, MessageFilter, MessageInfo, MessageRow, NoticeForm, NoticeInfo, NoticeQuery, NoticeRow, RecordIds, SendConfig, SendConfigs};
use super::{AddNotice, EditNotice, RemoveNotice, ViewNotice, service, socket};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::error::AppError;
use crate::wire::{ApiResult, Envelope, Json, NoData, PageOf, PageQuery, Path, Query, done, ok};
use axum::extract::State;
use axum::extract::ws::{WebSocketUpgrade, rejection::WebSocketUpgradeRejection};
use axum::response::{IntoResponse, Response};

#[utoipa::path(get, path = TABLE, tag = "message",
    summary = "A page of the caller's messages, newest first, with keyword (title), type and read state (MSG-018)",
    params(PageQuery, MessageFilter),
    responses((status = 200, body = Envelope<PageOf<MessageRow>>)))]
pub async fn list(State(state): State<AppState>, caller: Member, Query(page): Query<PageQuery>, Query(f): Query<MessageFilter>) -> ApiResult<PageOf<MessageRow>> {
    ok(service::list(&state, &caller, &f, page.page()?).await?)
}

#[utoipa::path(get, path = TABLE, tag = "message",
    summary = "One of the caller's messages with its body and attachments; it becomes read (MSG-020, MSG-012)",
    params(("id" = String, Path, description = "The id of the list's row")),
    responses((status = 200, body = Envelope<MessageInfo>)))]
pub async fn read(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<MessageInfo> {
    ok(service::read(&state, &caller, &id).await?)
}

#[utoipa::path(post, path = TABLE, tag = "message",
    summary = "Every unread message of the caller matching the filter becomes read (MSG-008, MSG-019)",
    request_body = MessageFilter,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn read_all(State(state): State<AppState>, caller: Member, Json(f): Json<MessageFilter>) -> ApiResult<NoData> {
    service::read_all(&state, &caller, &f).await?;
    done("已全部标记为已读")
}

#[utoipa::path(delete, path = TABLE, tag = "message",
    summary = "Deletes the caller's messages named (ids joined by ','); other users' copies stay (MSG-021)",
    request_body = RecordIds,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn delete_records(State(state): State<AppState>, caller: Member, Json(body): Json<RecordIds>) -> ApiResult<NoData> {
    service::delete_records(&state, &caller, &body.ids).await?;
    done("删除成功")
}

#[utoipa::path(post, path = TABLE, tag = "message",
    summary = "The notice page: a page of notices within the caller's scope (menu msgCenter.notice; MSG-022)",
    request_body = NoticeQuery,
    responses((status = 200, body = Envelope<PageOf<NoticeRow>>)))]
pub async fn notices(State(state): State<AppState>, permit: Permit<ViewNotice>, Json(q): Json<NoticeQuery>) -> ApiResult<PageOf<NoticeRow>> {
    ok(service::notices(&state, &permit, q).await?)
}

pub mod notice {
    use super::*;
    crate::crud::handlers! { "message", service::notices, NoticeForm => NoticeInfo, [ViewNotice, AddNotice, EditNotice, RemoveNotice] {
        create "A new draft notice (button btn_add; MSG-022): rich text sanitised, attachments as JSON text, addressees as mixed-picker values",
        info "A notice's form (menu msgCenter.notice)",
        delete "Deletes a notice and its addressees' copies (button btn_remove)",
    }}
}

#[utoipa::path(put, path = TABLE, tag = "message",
    summary = "Changes a draft notice; only what is sent changes (button btn_edit)",
    params(("id" = String, Path)),
    request_body = NoticeForm,
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn update_notice(State(state): State<AppState>, permit: Permit<EditNotice>, Path(id): Path<String>, Json(form): Json<NoticeForm>) -> ApiResult<NoData> {
    service::update_notice(&state, &permit, &id, form).await?;
    done("修改成功")
}

#[utoipa::path(put, path = TABLE, tag = "message",
    summary = "Releases a draft notice: one message per addressee in one transaction, pushed to those connected (button btn_edit; MSG-023)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn release(State(state): State<AppState>, permit: Permit<EditNotice>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::release_notice(&state, &permit, &id).await?;
    done("发布成功")
}

#[utoipa::path(put, path = TABLE, tag = "message",
    summary = "Withdraws a released notice: every addressee's copy is removed and the notice is a draft again (button btn_edit; Qiming's addition, JNPF has no such call)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn withdraw(State(state): State<AppState>, permit: Permit<EditNotice>, Path(id): Path<String>) -> ApiResult<NoData> {
    service::withdraw_notice(&state, &permit, &id).await?;
    done("撤回成功")
}

#[utoipa::path(get, path = TABLE, tag = "message",
    summary = "The caller's recent chat conversations, most recent first, with unread counts and the latest message (CHAT-022, CHAT-008)",
    responses((status = 200, body = Envelope<Conversations>)))]
pub async fn conversations(State(state): State<AppState>, caller: Member) -> ApiResult<Conversations> {
    ok(Conversations { list: service::conversations(&state, &caller).await? })
}

#[utoipa::path(delete, path = TABLE, tag = "message",
    summary = "Clears the caller's side of the chat history with that user (CHAT-022, CHAT-007)",
    params(("id" = String, Path, description = "The other user's id")),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn clear_history(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<NoData> {
    service::clear_history(&state, &caller, &id).await?;
    done("删除成功")
}

#[utoipa::path(delete, path = TABLE, tag = "message",
    summary = "Removes the conversation with that user from the caller's list; the history stays (CHAT-022, CHAT-006)",
    params(("id" = String, Path, description = "The other user's id")),
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn remove_conversation(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<NoData> {
    service::remove_conversation(&state, &caller, &id).await?;
    done("移除成功")
}

#[utoipa::path(get, path = TABLE, tag = "message",
    summary = "A message send configuration, as the notice form shows the one chosen (MSG-024)",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<SendConfig>)))]
pub async fn send_config(State(state): State<AppState>, caller: Member, Path(id): Path<String>) -> ApiResult<SendConfig> {
    ok(service::send_config(&state, &caller, &id).await?)
}

#[utoipa::path(get, path = TABLE, tag = "message",
    summary = "The enabled message send configurations, for the notice and schedule forms' pickers (MSG-024)",
    responses((status = 200, body = Envelope<SendConfigs>)))]
pub async fn send_configs(State(state): State<AppState>, caller: Member) -> ApiResult<SendConfigs> {
    ok(SendConfigs { list: service::send_configs(&state, &caller).await? })
}

/// GET /websocket/{token} and /api/message/websocket/{token} (CHAT-023): the token as the JNPF
/// client puts it in the path (`Bearer%20…`, decoded here). Not a documented API operation:
/// the session is checked by the socket itself, which answers a bad one with `logout`.
pub async fn upgrade(State(state): State<AppState>, axum::extract::Path(token): axum::extract::Path<String>, ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>) -> Response {
    match ws {
        Ok(ws) => ws
            .max_message_size(socket::MAX_FRAME)
            // tungstenite's 128 KiB defaults, allocated per connection, would make most of an
            // idle socket's memory; frames here are small and each send is flushed.
            .read_buffer_size(socket::BUFFER)
            .write_buffer_size(socket::BUFFER)
            .on_upgrade(move |ws| socket::serve(state, ws, token)),
        Err(_) => AppError::bad("请使用WebSocket连接").into_response(),
    }
}
