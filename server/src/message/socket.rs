//! The WebSocket of the JNPF client (jnpf-wire.md "Messages"; CHAT-023..030): JSON text
//! frames with a `method`. One task per connection; what other requests cause reaches it
//! through the hub (`crate::live`) as queued frames, and through the event task
//! ([`spawn_events`]) that turns live events into each recipient's frames.
//!
//! Client → server: `OnConnection {token, mobileDevice}` → `initMessage`; `SendMessage
//! {toUserId, messageType, messageContent}` → `sendMessage` to the sender's sockets and
//! `receiveMessage` to the receiver's; `MessageList {toUserId, currentPage, pageSize,
//! sord|sort, keyword}` → `messageList`; `UpdateReadMessage {formUserId}` (no answer);
//! `heartCheck` (or the text `ping`) → `heartCheck`. Anything else, or a frame that is not
//! JSON, gets `{method: "error", msg}` and the connection stays. The server also sends
//! `Online`/`Offline {userId}`, `messagePush`, and `logout {token, msg}` followed by a close
//! frame when the session ended (also when it was not valid to begin with); `refresh {msg}`
//! when what the user may see changed (roles, grants, menus); `organizeChanged {}` when a
//! company or department was created, changed (renamed, moved, switched on or off) or deleted,
//! to every connection but the sessions of the user who made the change (Qiming's web then
//! reads its organisation trees again; not a JNPF method — the JNPF client ignores methods it
//! does not know, and no frame it knows changes); and `closeSocket {msg}` before a close frame
//! when it drops the connection itself (too slow to read, or silent).
//!
//! A client that sends more than [`RATE`] frames a second (beyond a burst of [`BURST`]) gets
//! an error frame for each extra one; one whose queue overflows is closed with code 1008; one
//! silent for [`SILENCE`] is closed. The server pings every [`PING_EVERY`].

use super::service::{self, ChatRow};
use crate::state::AppState;
use crate::access::{Need, session};
use crate::error::AppError;
use crate::live::{Event, Outbound, Registration};
use crate::wire::PageQuery;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use std::collections::HashSet;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// The largest frame a client may send.
pub const MAX_FRAME: usize = 64 * 1024;
/// A connection's read and write buffers (they grow for a larger frame).
pub const BUFFER: usize = 4 * 1024;
pub const PING_EVERY: Duration = Duration::from_secs(30);
pub const SILENCE: Duration = Duration::from_secs(90);
/// How long one frame may take to go out before the client counts as gone.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// Frames per second a client may send, and the burst above it.
pub const RATE: f64 = 20.0;
pub const BURST: f64 = 40.0;
/// Close code and reason for a client too slow to read its frames.
pub const SLOW_CLOSE: (u16, &str) = (1008, "消息积压过多，连接已关闭");
/// Close code and reason for a client silent for [`SILENCE`].
pub const SILENT_CLOSE: (u16, &str) = (1001, "连接超时");
/// What `refresh` says when the user's roles, grants or menus changed (CHAT-030).
pub const REFRESH_MSG: &str = "您的权限已变更，页面即将刷新";
/// The method of the frame that tells a client the organisations changed.
pub const ORGANIZE_CHANGED: &str = "organizeChanged";

type Sink = SplitSink<WebSocket, Message>;

fn frame(value: Value) -> Arc<str> {
    value.to_string().into()
}

fn error_frame(msg: &str) -> Arc<str> {
    frame(json!({"method": "error", "msg": msg}))
}

/// What a client may learn of a failure: never the internals of a 500.
fn said(e: &AppError) -> String {
    if e.code() == 500 {
        tracing::error!(error = %e, "a WebSocket frame failed");
        return "服务器内部错误，请稍后再试".into();
    }
    e.to_string()
}

async fn put(sink: &mut Sink, text: &str) -> bool {
    matches!(tokio::time::timeout(SEND_TIMEOUT, sink.send(Message::Text(Utf8Bytes::from(text)))).await, Ok(Ok(())))
}

/// How sending one frame ended.
enum Sent {
    Done,
    /// The client is gone or did not take the frame within [`SEND_TIMEOUT`].
    Gone,
    /// The hub dropped the connection (its queue overflowed) while the frame waited.
    Kicked,
}

/// [`put`], given up as soon as the hub kicks the connection: a client that stopped reading
/// blocks the send, and must still be told why it is dropped.
async fn put_unless_kicked(sink: &mut Sink, text: &str, kick: &tokio::sync::Notify) -> Sent {
    tokio::select! {
        biased;
        _ = kick.notified() => Sent::Kicked,
        done = put(sink, text) => if done { Sent::Done } else { Sent::Gone },
    }
}

/// Tells the client the server closes its connection (CHAT-029: `closeSocket`), then closes
/// with `code` and `reason`.
async fn close_socket(sink: &mut Sink, code: u16, reason: &str) {
    let _ = put(sink, &frame(json!({"method": "closeSocket", "msg": reason}))).await;
    close(sink, code, reason).await;
}

async fn close(sink: &mut Sink, code: u16, reason: &str) {
    let close = Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from(reason) }));
    let _ = tokio::time::timeout(SEND_TIMEOUT, sink.send(close)).await;
}

/// Tells the client its session ended (CHAT-027, CHAT-028) and closes.
async fn logout(sink: &mut Sink, token: &str, msg: &str) {
    let _ = put(sink, &frame(json!({"method": "logout", "token": token, "msg": msg}))).await;
    close(sink, 1000, "logout").await;
}

/// A token bucket: [`RATE`] a second, [`BURST`] at once.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * RATE).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One connection: authenticated by the token of its path, then served until either side
/// leaves.
pub async fn serve(state: AppState, ws: WebSocket, token: String) {
    let (mut sink, stream) = ws.split();
    let user_id = match session::authenticate(&state, Some(&token)).await {
        Ok(s) => s.user_id,
        Err(e) => {
            logout(&mut sink, &token, &said(&e)).await;
            return;
        }
    };
    let registration = state.live.register(&user_id);
    // A session that ended between the check above and the registration announced it to no
    // one here yet: check once more now that announcements reach this connection.
    if let Err(e) = session::authenticate(&state, Some(&token)).await
        && e.code() >= 600
    {
        logout(&mut sink, &token, &said(&e)).await;
        return;
    }
    if registration.first {
        state.live.broadcast(frame(json!({"method": "Online", "userId": user_id})), &user_id);
    }
    run(&state, &token, &user_id, registration, sink, stream).await;
    if state.live.connected_among(std::slice::from_ref(&user_id)).is_empty() {
        state.live.broadcast(frame(json!({"method": "Offline", "userId": user_id})), &user_id);
    }
}

async fn run(state: &AppState, token: &str, user_id: &str, mut reg: Registration, mut sink: Sink, mut stream: SplitStream<WebSocket>) {
    let mut ping = tokio::time::interval_at(Instant::now() + PING_EVERY, PING_EVERY);
    let mut heard = Instant::now();
    let mut bucket = Bucket { tokens: BURST, at: Instant::now() };
    // The recent messages the last initMessage counted (see [`LATE_PUSH_MS`]).
    let mut counted: HashSet<String> = HashSet::new();
    loop {
        tokio::select! {
            biased;
            _ = reg.kick.notified() => {
                close_socket(&mut sink, SLOW_CLOSE.0, SLOW_CLOSE.1).await;
                return;
            }
            out = reg.rx.recv() => match out {
                // A push of a message this connection's initMessage already counted (its
                // notification came late) would raise the badge twice.
                Some(Outbound::Push { message_id, .. }) if counted.remove(&*message_id) => {}
                Some(Outbound::Frame(text) | Outbound::Push { frame: text, .. }) => match put_unless_kicked(&mut sink, &text, &reg.kick).await {
                    Sent::Done => {}
                    Sent::Gone => return,
                    Sent::Kicked => {
                        close_socket(&mut sink, SLOW_CLOSE.0, SLOW_CLOSE.1).await;
                        return;
                    }
                },
                Some(Outbound::CheckSession) => {
                    if let Err(e) = session::authenticate(state, Some(token)).await
                        && e.code() >= 600
                    {
                        logout(&mut sink, token, &e.to_string()).await;
                        return;
                    }
                }
                None => {
                    close_socket(&mut sink, SLOW_CLOSE.0, SLOW_CLOSE.1).await;
                    return;
                }
            },
            inbound = stream.next() => {
                let Some(Ok(message)) = inbound else { return };
                heard = Instant::now();
                let text = match message {
                    Message::Text(text) => text,
                    Message::Close(_) => return,
                    Message::Ping(_) | Message::Pong(_) => continue,
                    Message::Binary(_) => {
                        if !put(&mut sink, &error_frame("只接受文本消息")).await { return }
                        continue;
                    }
                };
                if !bucket.take() {
                    if !put(&mut sink, &error_frame("发送过于频繁，请稍后再试")).await { return }
                    continue;
                }
                match answer(state, token, user_id, text.as_str()).await {
                    Reply::Frames(frames) => {
                        for f in frames {
                            if !put(&mut sink, &f).await { return }
                        }
                    }
                    Reply::Init(f, recent) => {
                        counted = recent;
                        if !put(&mut sink, &f).await { return }
                    }
                    Reply::Logout(msg) => {
                        logout(&mut sink, token, &msg).await;
                        return;
                    }
                }
            }
            _ = ping.tick() => {
                if heard.elapsed() >= SILENCE {
                    close_socket(&mut sink, SILENT_CLOSE.0, SILENT_CLOSE.1).await;
                    return;
                }
                if tokio::time::timeout(SEND_TIMEOUT, sink.send(Message::Ping(Default::default()))).await.map_or(true, |r| r.is_err()) {
                    return;
                }
            }
        }
    }
}

enum Reply {
    Frames(Vec<Arc<str>>),
    /// `initMessage` and the recent messages it counted.
    Init(Arc<str>, HashSet<String>),
    Logout(String),
}

fn text_of(v: &Value, key: &str) -> String {
    match v.get(key) {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

fn number_of(v: &Value, key: &str) -> Option<i64> {
    match v.get(key) {
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The answer to one client frame.
async fn answer(state: &AppState, token: &str, user_id: &str, text: &str) -> Reply {
    let trimmed = text.trim();
    if trimmed.eq_ignore_ascii_case("ping") {
        return Reply::Frames(vec![frame(json!({"method": "heartCheck"}))]);
    }
    let Ok(value) = serde_json::from_str::<Value>(trimmed) else {
        return Reply::Frames(vec![error_frame("消息格式不正确")]);
    };
    let method = text_of(&value, "method");
    if method == "heartCheck" {
        return Reply::Frames(vec![frame(json!({"method": "heartCheck"}))]);
    }
    // Every other frame acts for the session, which must still be valid (and unlocked).
    let session = match session::authenticate(state, Some(token)).await {
        Ok(s) => s,
        Err(e) if e.code() >= 600 => return Reply::Logout(e.to_string()),
        Err(e) => return Reply::Frames(vec![error_frame(&said(&e))]),
    };
    if let Err(e) = session.admits(Need::Member) {
        return Reply::Frames(vec![error_frame(&said(&e))]);
    }
    let done = match method.as_str() {
        "OnConnection" => {
            return match init_message_counted(state, user_id).await {
                Ok((frame, counted)) => Reply::Init(frame, counted),
                Err(e) => Reply::Frames(vec![error_frame(&said(&e))]),
            };
        }
        "UpdateReadMessage" => service::chat_read(state, user_id, &text_of(&value, "formUserId")).await.map(|_| Vec::new()),
        "SendMessage" => {
            let content = value.get("messageContent").cloned().unwrap_or(Value::Null);
            service::send_chat(state, user_id, &text_of(&value, "toUserId"), &text_of(&value, "messageType"), &content).await.map(|_| Vec::new())
        }
        "MessageList" => message_list(state, user_id, &value).await.map(|f| vec![f]),
        "" => Err(AppError::bad("消息缺少method")),
        other => Err(AppError::bad(format!("不支持的消息：{other}"))),
    };
    match done {
        Ok(frames) => Reply::Frames(frames),
        Err(e) => Reply::Frames(vec![error_frame(&said(&e))]),
    }
}

/// `initMessage` (CHAT-024, CHAT-026): unread counts by type and the unread chat per sender.
async fn init_message(state: &AppState, user_id: &str) -> Result<Arc<str>, AppError> {
    Ok(init_message_counted(state, user_id).await?.0)
}

/// How long after its arrival a message's live push may still reach a connection (its
/// notification crossing processes): a connection skips the push of a message its
/// `initMessage` counted within this time.
const LATE_PUSH_MS: i64 = 120_000;

/// `initMessage`, with the ids of the unread messages it counted that arrived in the last
/// [`LATE_PUSH_MS`] (counts and ids from one statement, one snapshot).
async fn init_message_counted(state: &AppState, user_id: &str) -> Result<(Arc<str>, HashSet<String>), AppError> {
    let mut conn = state.db.acquire().await?;
    let (unread, counted) = service::unread_and_recent(&mut conn, user_id, state.clock.now_ms() - LATE_PUSH_MS).await?;
    let chats = service::chat_unread(&mut conn, user_id).await?;
    let unread_nums: Vec<Value> = chats
        .into_iter()
        .map(|(sender, n, content, kind, at)| {
            json!({"sendUserId": sender, "unreadNum": n, "defaultMessage": content, "defaultMessageType": kind, "defaultMessageTime": at})
        })
        .collect();
    let frame = frame(json!({
        "method": "initMessage",
        "userId": user_id,
        "onlineUsers": state.live.online_users(),
        "unreadNums": unread_nums,
        "unreadNoticeCount": unread.notice,
        "unreadMessageCount": unread.workflow,
        "unreadSystemMessageCount": unread.system,
        "unreadScheduleCount": unread.schedule,
        "unreadTotalCount": unread.total(),
    }));
    Ok((frame, counted))
}

/// A chat message's content as live frames carry it: text as it is, an image or voice as
/// the object `{path, name, width, height}`.
fn live_content(row: &ChatRow) -> Value {
    match row.content_type.as_str() {
        "text" => Value::String(row.content.clone()),
        _ => serde_json::from_str(&row.content).unwrap_or(Value::String(row.content.clone())),
    }
}

/// `messageList` (CHAT-011, CHAT-013): a page of the history with `toUserId`.
async fn message_list(state: &AppState, user_id: &str, v: &Value) -> Result<Arc<str>, AppError> {
    let other = text_of(v, "toUserId");
    let order = [text_of(v, "sord"), text_of(v, "sort")].into_iter().find(|s| !s.is_empty()).unwrap_or_default();
    let keyword = text_of(v, "keyword");
    let page = PageQuery { current_page: number_of(v, "currentPage"), page_size: number_of(v, "pageSize") };
    let page = service::chat_history(state, user_id, &other, Some(&keyword), order.eq_ignore_ascii_case("asc"), page).await?;
    let list: Vec<Value> = page
        .list
        .iter()
        .map(|r| {
            json!({"id": r.id, "sendUserId": r.send_user_id, "sendTime": r.send_time, "receiveUserId": r.receive_user_id,
                   "receiveTime": r.receive_time, "content": r.content, "contentType": r.content_type})
        })
        .collect();
    Ok(frame(json!({"method": "messageList", "list": list, "pagination": page.pagination})))
}

/// The task that turns live events into frames for the connections of this process.
pub fn spawn_events(state: AppState, mut events: mpsc::Receiver<Event>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while let Some(event) = events.recv().await {
            if let Err(e) = on_event(&state, event).await {
                tracing::warn!(error = %e, "a live event could not be delivered");
            }
        }
    })
}

async fn on_event(state: &AppState, event: Event) -> Result<(), AppError> {
    match event {
        Event::SessionsChanged { user_id } => state.live.send_to(&user_id, Outbound::CheckSession),
        Event::PermissionsChanged { users, everyone, by } => {
            let here = if everyone { state.live.online_users() } else { state.live.connected_among(&users) };
            let refresh = frame(json!({"method": "refresh", "msg": REFRESH_MSG}));
            for user in here.iter().filter(|u| **u != by) {
                state.live.send_to(user, Outbound::Frame(refresh.clone()));
            }
        }
        Event::OrganizationsChanged { by } => state.live.broadcast(frame(json!({"method": ORGANIZE_CHANGED})), &by),
        Event::Withdrawn { users, .. } => {
            // The JNPF client has no frame that lowers a badge: initMessage sets every count.
            for user in state.live.connected_among(&users) {
                let counts = init_message(state, &user).await?;
                state.live.send_to(&user, Outbound::Frame(counts));
            }
        }
        Event::Delivered { message_id, users } => {
            let here = state.live.connected_among(&users);
            if here.is_empty() {
                return Ok(());
            }
            let mut conn = state.db.acquire().await?;
            let Some((title, kind, at, sender)) = service::pushed(&mut conn, &message_id).await? else { return Ok(()) };
            let counts = service::unread(&mut conn, &here).await?;
            for user in here {
                let total = counts.get(&user).map_or(0, |c| c.total());
                // unreadNoticeCount: how many unread messages this push brings (the client adds
                // it to its badge); unreadTotalCount: the receiver's unread total after it.
                let push = json!({"method": "messagePush", "unreadNoticeCount": 1, "unreadTotalCount": total, "messageType": kind,
                    "userId": sender, "toUserId": user, "title": title, "id": message_id, "messageDefaultTime": at});
                state.live.send_to(&user, Outbound::Push { message_id: Arc::from(message_id.as_str()), frame: frame(push) });
            }
        }
        Event::Chat { id, from, to } => {
            let here = state.live.connected_among(&[from.clone(), to.clone()]);
            if here.is_empty() {
                return Ok(());
            }
            let mut conn = state.db.acquire().await?;
            let Some(row) = service::chat_message(&mut conn, &id).await? else { return Ok(()) };
            let content = live_content(&row);
            if here.contains(&to) {
                let (real_name, account, head_icon) = service::chat_user(&mut conn, &from).await?.unwrap_or_default();
                let receive = json!({"method": "receiveMessage", "formUserId": from, "userId": to, "dateTime": row.send_time,
                    "latestDate": row.send_time, "headIcon": head_icon, "realName": real_name, "account": account,
                    "messageType": row.content_type, "formMessage": content});
                state.live.send_to(&to, Outbound::Frame(frame(receive)));
            }
            if here.contains(&from) {
                let (real_name, account, head_icon) = service::chat_user(&mut conn, &to).await?.unwrap_or_default();
                let sent = json!({"method": "sendMessage", "UserId": from, "toUserId": to, "dateTime": row.send_time,
                    "latestDate": row.send_time, "toHeadIcon": head_icon, "toRealName": real_name, "toAccount": account,
                    "messageType": row.content_type, "toMessage": content});
                state.live.send_to(&from, Outbound::Frame(frame(sent)));
            }
        }
    }
    Ok(())
}
