//! The rules of messages and notices: who reads what (a user's own copies only), read state,
//! the notice form (rich text sanitised with `ammonia`, attachments, addressees), release as
//! one transaction, and the function other areas call to send a message.

use super::dto::{Conversation, MessageFilter, MessageInfo, MessageRow, NoticeForm, NoticeInfo, NoticeQuery, NoticeRow, SendConfig};
use super::repo::{self, Addressees, InboxFilter, NewMessage, NoticeFilter};
use super::{AddNotice, EditNotice, RemoveNotice, ViewNotice};
use crate::state::AppState;
use crate::access::{DataScope, Member, Permit};
use crate::db::{Arg, Conn, Keyword};
use crate::error::AppError;
use crate::live::Event;
use crate::support::new_id;
use crate::wire::{Page, PageOf, PageQuery, Patch};
use std::collections::HashSet;

/// Message types (the msgSourceType dictionary's codes, spec 01 §3.8).
pub const SYSTEM: i64 = 1;
pub const WORKFLOW: i64 = 2;
pub const NOTICE: i64 = 3;
pub const SCHEDULE: i64 = 4;

pub const MESSAGE_MISSING: &str = "消息不存在";
pub const NOTICE_MISSING: &str = "公告不存在";
pub const SEND_CONFIG_MISSING: &str = "发送配置不存在";
/// Copies one Record delete names at most.
const MAX_IDS: usize = 1000;
const TITLE_MAX: usize = 100;
const EXCERPT_MAX: usize = 500;
const BODY_MAX: usize = 1_000_000;
const FILES_MAX: usize = 50;

/// Makes the uploads of these generated names exactly those the record (kind, id) holds, in
/// the caller's transaction, so the orphan cleanup keeps them (the file area's `hold`; this
/// area cannot name it, so the crate root links it at start: [`link_file_holder`]).
pub type HoldFiles = for<'a> fn(&'a mut Conn, &'a AppState, &'a str, &'a str, &'a [String]) -> futures_util::future::BoxFuture<'a, Result<(), AppError>>;

static FILE_HOLDER: std::sync::OnceLock<HoldFiles> = std::sync::OnceLock::new();

/// Links the file area's `hold` (the crate root does, when it opens the state).
pub fn link_file_holder(hold: HoldFiles) {
    let _ = FILE_HOLDER.set(hold);
}

fn file_holder() -> HoldFiles {
    *FILE_HOLDER.get().expect("the crate root links the file holder when it opens the state")
}

/// What holds a notice's attachments and cover image.
pub const NOTICE_HOLDER: &str = "notice";

/// The generated names of the uploads a notice keeps: each attachment's `fileId` (the
/// upload's `data.name`) and the last segment of the cover image's URL.
fn notice_files(files: &str, cover_image: &str) -> Vec<String> {
    let mut names: Vec<String> = serde_json::from_str::<serde_json::Value>(files)
        .ok()
        .and_then(|v| v.as_array().cloned())
        .unwrap_or_default()
        .iter()
        .filter_map(|entry| entry.get("fileId").and_then(|f| f.as_str()).map(|f| f.trim().to_string()))
        .filter(|f| !f.is_empty())
        .collect();
    if let Some(last) = cover_image.split(['?', '#']).next().and_then(|p| p.rsplit('/').next())
        && !last.trim().is_empty()
    {
        names.push(last.trim().to_string());
    }
    names.sort();
    names.dedup();
    names
}

/// Holds what the stored notice `id` names (after a create or an update, in its transaction).
async fn hold_notice_files(conn: &mut Conn, state: &AppState, id: &str) -> Result<(), AppError> {
    let (files, cover_image) = repo::notice_uploads(conn, id).await?.unwrap_or_default();
    let names = notice_files(&files, &cover_image);
    file_holder()(conn, state, NOTICE_HOLDER, id, &names).await
}

/// A message written in a transaction, to announce once that transaction is committed.
#[must_use = "publish it after the transaction commits"]
pub struct Delivered(Option<Event>);

impl Delivered {
    /// Tells connected addressees (after the commit: they will find the rows).
    pub fn publish(self, state: &AppState) {
        if let Some(event) = self.0 {
            state.live.publish(event);
        }
    }
}

/// Writes `message` and one unread copy for each of `users` in the caller's transaction (the
/// service other areas call: schedules' reminders, workflow). Publish the answer after the
/// commit.
pub async fn write(conn: &mut Conn, message: &NewMessage, users: &[String], now: i64) -> Result<Delivered, AppError> {
    if !(SYSTEM..=SCHEDULE).contains(&message.kind) {
        return Err(AppError::bad("消息类型不正确"));
    }
    let mut users: Vec<String> = users.iter().map(|u| u.trim().to_string()).filter(|u| !u.is_empty()).collect();
    users.sort();
    users.dedup();
    let id = new_id();
    repo::insert_message(conn, &id, message, now).await?;
    repo::insert_copies(conn, &id, message.kind, &users, now).await?;
    Ok(Delivered((!users.is_empty()).then_some(Event::Delivered { message_id: id, users })))
}

/// Sends `message` to `users` in a transaction of its own and tells those connected.
pub async fn send(state: &AppState, message: &NewMessage, users: &[String]) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let delivered = write(&mut tx, message, users, state.clock.now_ms()).await?;
    tx.commit().await?;
    delivered.publish(state);
    Ok(())
}

fn inbox_filter(f: &MessageFilter) -> Result<InboxFilter, AppError> {
    if let Some(kind) = f.kind
        && !(SYSTEM..=SCHEDULE).contains(&kind)
    {
        return Err(AppError::field("type", "消息类型不正确"));
    }
    if let Some(read) = f.is_read
        && !(0..=1).contains(&read)
    {
        return Err(AppError::field("isRead", "阅读状态不正确"));
    }
    Ok(InboxFilter {
        keyword: Keyword::parse(f.keyword.as_deref()),
        kind: f.kind,
        is_read: f.is_read,
        oldest_first: f.sort.as_deref().is_some_and(|s| s.trim().eq_ignore_ascii_case("asc")),
    })
}

/// GET /api/message (MSG-018): a page of the caller's messages.
pub async fn list(state: &AppState, caller: &Member, f: &MessageFilter, page: Page) -> Result<PageOf<MessageRow>, AppError> {
    let filter = inbox_filter(f)?;
    let mut conn = state.db.acquire().await?;
    let (mut rows, total) = repo::inbox_page(&mut conn, &DataScope::own(caller), &filter, page).await?;
    for row in &mut rows {
        row.is_read = row.read.to_string();
    }
    Ok(page.of(rows, total))
}

/// GET ReadInfo/{id} (MSG-020, MSG-012): one of the caller's messages, now read.
pub async fn read(state: &AppState, caller: &Member, id: &str) -> Result<MessageInfo, AppError> {
    let own = DataScope::own(caller);
    let mut conn = state.db.acquire().await?;
    let (info, was_read) = repo::inbox_info(&mut conn, &own, id).await?.ok_or_else(|| AppError::not_found(MESSAGE_MISSING))?;
    if was_read == 0 {
        repo::mark_read(&mut conn, &own, &InboxFilter::default(), Some(std::slice::from_ref(&info.id)), state.clock.now_ms()).await?;
    }
    Ok(info)
}

/// POST Actions/ReadAll (MSG-008, MSG-019): every unread message of the caller matching the
/// drawer's filter becomes read; answers how many.
pub async fn read_all(state: &AppState, caller: &Member, f: &MessageFilter) -> Result<u64, AppError> {
    let filter = inbox_filter(f)?;
    if filter.is_read == Some(1) {
        return Ok(0);
    }
    let mut conn = state.db.acquire().await?;
    repo::mark_read(&mut conn, &DataScope::own(caller), &filter, None, state.clock.now_ms()).await
}

/// DELETE Record (MSG-021): deletes the caller's copies named (others' stay).
pub async fn delete_records(state: &AppState, caller: &Member, ids: &[String]) -> Result<u64, AppError> {
    if ids.is_empty() {
        return Err(AppError::bad("请选择一条数据"));
    }
    if ids.len() > MAX_IDS {
        return Err(AppError::bad(format!("一次最多删除{MAX_IDS}条消息")));
    }
    let mut conn = state.db.acquire().await?;
    repo::delete_copies(&mut conn, &DataScope::own(caller), ids).await
}

/// Unread messages of one user by type.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Unread {
    pub system: i64,
    pub workflow: i64,
    pub notice: i64,
    pub schedule: i64,
}

impl Unread {
    pub fn total(&self) -> i64 {
        self.system + self.workflow + self.notice + self.schedule
    }
}

impl Unread {
    fn add(&mut self, kind: i64, n: i64) {
        match kind {
            SYSTEM => self.system += n,
            WORKFLOW => self.workflow += n,
            NOTICE => self.notice += n,
            SCHEDULE => self.schedule += n,
            _ => {}
        }
    }
}

/// One user's unread counts and the ids of those of them that arrived at or after `since`
/// (what a new connection's `initMessage` counted that a late live push may still announce).
pub async fn unread_and_recent(conn: &mut Conn, user_id: &str, since: i64) -> Result<(Unread, std::collections::HashSet<String>), AppError> {
    let mut unread = Unread::default();
    let mut recent = std::collections::HashSet::new();
    for (kind, id, n) in repo::unread_with_recent(conn, user_id, since).await? {
        unread.add(kind, n);
        recent.extend(id);
    }
    Ok((unread, recent))
}

/// The unread counts of each of `users`.
pub async fn unread(conn: &mut Conn, users: &[String]) -> Result<std::collections::HashMap<String, Unread>, AppError> {
    let mut out: std::collections::HashMap<String, Unread> = users.iter().map(|u| (u.clone(), Unread::default())).collect();
    for (user, kind, n) in repo::unread_counts(conn, users).await? {
        out.entry(user).or_default().add(kind, n);
    }
    Ok(out)
}

// ----- notices -----

/// POST Notice (and Notice/List): the notice page within the permit's scope.
pub async fn notices(state: &AppState, permit: &Permit<ViewNotice>, q: NoticeQuery) -> Result<PageOf<NoticeRow>, AppError> {
    let page = PageQuery { current_page: q.current_page, page_size: q.page_size }.page()?;
    let states = q
        .enabled_mark
        .iter()
        .map(|s| s.parse::<i64>().ok().filter(|n| (0..=2).contains(n)).ok_or_else(|| AppError::field("enabledMark", "状态不正确")))
        .collect::<Result<Vec<_>, _>>()?;
    let filter = NoticeFilter {
        keyword: Keyword::parse(q.keyword.as_deref()),
        states,
        categories: q.kind,
        oldest_first: q.sort.as_deref().is_some_and(|s| s.trim().eq_ignore_ascii_case("asc")),
    };
    let mut conn = state.db.acquire().await?;
    let (rows, total) = repo::notice_page(&mut conn, permit.scope(), &filter, page, state.clock.now_ms()).await?;
    Ok(page.of(rows, total))
}

/// GET /api/message/{id}: a notice's form.
pub async fn notice(state: &AppState, permit: &Permit<ViewNotice>, id: &str) -> Result<NoticeInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    repo::notice(&mut conn, permit.scope(), id, state.clock.now_ms()).await?.ok_or_else(|| AppError::not_found(NOTICE_MISSING))
}

/// The rich text as it may be shown: ammonia's safe HTML, plus the classes and the few inline
/// styles the Quill editor writes (alignment, indentation, colours, sizes).
pub fn sanitise(html: &str) -> String {
    let styles: HashSet<&str> = ["color", "background-color", "text-align", "font-size", "font-family", "padding-left"].into_iter().collect();
    ammonia::Builder::default().add_generic_attributes(["class", "style"]).filter_style_properties(styles).clean(html).to_string()
}

/// The picker types a value may name (jnpf-wire-areas.md §1.9, mixed picker).
fn addressees(csv: &str) -> Result<Addressees, AppError> {
    let mut a = Addressees::default();
    let values: Vec<&str> = csv.split(',').map(str::trim).filter(|v| !v.is_empty()).collect();
    if values.is_empty() {
        a.everyone = true;
        return Ok(a);
    }
    for value in values {
        let (id, kind) = value.rsplit_once("--").unwrap_or((value, "user"));
        let list = match kind {
            "user" => &mut a.users,
            "company" | "department" | "organize" => &mut a.organisations,
            "role" => &mut a.roles,
            "position" => &mut a.positions,
            "group" => &mut a.groups,
            _ => return Err(AppError::field("toUserIds", format!("接收人格式不正确：{value}"))),
        };
        if id.trim().is_empty() {
            return Err(AppError::field("toUserIds", format!("接收人格式不正确：{value}")));
        }
        list.push(id.trim().to_string());
    }
    Ok(a)
}

/// `files` as stored: JSON text of an array of upload entries ('' none). Sent as that text
/// or as the array itself.
fn files_text(value: serde_json::Value) -> Result<String, AppError> {
    let bad = || AppError::field("files", "附件格式不正确");
    let list = match value {
        serde_json::Value::Null => return Ok(String::new()),
        serde_json::Value::String(s) if s.trim().is_empty() => return Ok(String::new()),
        serde_json::Value::String(s) => serde_json::from_str::<serde_json::Value>(&s).map_err(|_| bad())?,
        other => other,
    };
    let serde_json::Value::Array(items) = &list else { return Err(bad()) };
    if items.iter().any(|i| !i.is_object()) {
        return Err(bad());
    }
    if items.len() > FILES_MAX {
        return Err(AppError::field("files", format!("附件最多{FILES_MAX}个")));
    }
    Ok(if items.is_empty() { String::new() } else { list.to_string() })
}

fn remind_category(value: serde_json::Value) -> Result<i64, AppError> {
    let n = match &value {
        serde_json::Value::Number(n) => n.as_i64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    n.filter(|n| (1..=3).contains(n)).ok_or_else(|| AppError::field("remindCategory", "提醒方式不能为空"))
}

/// The columns a notice form sets, checked. `current` is the stored notice on an update.
async fn notice_columns(conn: &mut Conn, form: NoticeForm, current: Option<&NoticeInfo>, now: i64) -> Result<Vec<(&'static str, Arg)>, AppError> {
    let creating = current.is_none();
    let mut columns: Vec<(&'static str, Arg)> = Vec::new();
    let text = |p: Patch<String>| p.sent().map(|v| v.map(|s| s.trim().to_string()).unwrap_or_default());
    // Required on create; on update only when sent.
    match text(form.title) {
        Some(t) if t.is_empty() => return Err(AppError::field("title", "公告标题不能为空")),
        Some(t) if t.chars().count() > TITLE_MAX => return Err(AppError::field("title", format!("公告标题不能超过{TITLE_MAX}个字符"))),
        Some(t) => columns.push(("title", Arg::Text(t))),
        None if creating => return Err(AppError::field("title", "公告标题不能为空")),
        None => {}
    }
    match text(form.category) {
        Some(c) if c.is_empty() => return Err(AppError::field("category", "类型不能为空")),
        Some(c) => {
            if !repo::notice_type_exists(conn, &c).await? {
                return Err(AppError::field("category", "类型不存在"));
            }
            columns.push(("category", Arg::Text(c)));
        }
        None if creating => return Err(AppError::field("category", "类型不能为空")),
        None => {}
    }
    let remind = match form.remind_category.sent() {
        Some(Some(v)) => Some(remind_category(v)?),
        Some(None) => return Err(AppError::field("remindCategory", "提醒方式不能为空")),
        None if creating => Some(1),
        None => None,
    };
    let send_config = text(form.send_config_id);
    let remind_now = remind.or(current.map(|c| c.remind_category)).unwrap_or(1);
    let config_now = send_config.clone().or(current.map(|c| c.send_config_id.clone())).unwrap_or_default();
    if remind_now == 2 && config_now.is_empty() {
        return Err(AppError::field("sendConfigId", "发送配置不能为空"));
    }
    if remind_now == 2 && send_config.is_some() && repo::send_config(conn, &config_now).await?.is_none() {
        return Err(AppError::field("sendConfigId", SEND_CONFIG_MISSING));
    }
    if let Some(r) = remind {
        columns.push(("remind_category", Arg::Int(r)));
    }
    if let Some(c) = send_config {
        columns.push(("send_config_id", Arg::Text(c)));
    }
    if let Some(n) = text(form.send_config_name) {
        columns.push(("send_config_name", Arg::Text(n)));
    }
    if let Some(to) = text(form.to_user_ids) {
        addressees(&to)?;
        columns.push(("to_user_ids", Arg::Text(to)));
    }
    match form.expiration_time.sent() {
        Some(Some(t)) if t <= now => return Err(AppError::field("expirationTime", "过期时间必须晚于当前时间")),
        Some(t) => columns.push(("expiration_time", Arg::from(t))),
        None => {}
    }
    if let Some(files) = form.files.sent() {
        columns.push(("files", Arg::Text(files_text(files.unwrap_or(serde_json::Value::Null))?)));
    }
    if let Some(cover) = text(form.cover_image) {
        columns.push(("cover_image", Arg::Text(cover)));
    }
    if let Some(body) = form.body_text.sent() {
        let body = body.unwrap_or_default();
        if body.len() > BODY_MAX {
            return Err(AppError::field("bodyText", "公告内容过长"));
        }
        columns.push(("body_text", Arg::Text(sanitise(&body))));
    }
    if let Some(excerpt) = text(form.excerpt) {
        if excerpt.chars().count() > EXCERPT_MAX {
            return Err(AppError::field("excerpt", format!("摘要不能超过{EXCERPT_MAX}个字符")));
        }
        columns.push(("excerpt", Arg::Text(excerpt)));
    }
    Ok(columns)
}

/// POST /api/message: a new draft notice.
pub async fn create_notice(state: &AppState, permit: &Permit<AddNotice>, form: NoticeForm) -> Result<String, AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let columns = notice_columns(&mut tx, form, None, now).await?;
    let id = new_id();
    repo::insert_notice(&mut tx, &id, columns, &permit.caller().user_id, now).await?;
    hold_notice_files(&mut tx, state, &id).await?;
    tx.commit().await?;
    Ok(id)
}

/// PUT /api/message/{id}: changes a draft (only what is sent).
pub async fn update_notice(state: &AppState, permit: &Permit<EditNotice>, id: &str, form: NoticeForm) -> Result<(), AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let current = repo::notice(&mut tx, permit.scope(), id, now).await?.ok_or_else(|| AppError::not_found(NOTICE_MISSING))?;
    if current.enabled_mark != 0 {
        return Err(AppError::bad("公告已发布，不能修改"));
    }
    let columns = notice_columns(&mut tx, form, Some(&current), now).await?;
    repo::update_notice(&mut tx, id, columns, &permit.caller().user_id, now).await?;
    hold_notice_files(&mut tx, state, id).await?;
    tx.commit().await?;
    Ok(())
}

/// DELETE /api/message/{id}: the notice and every addressee's copy.
pub async fn delete_notice(state: &AppState, permit: &Permit<RemoveNotice>, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    repo::notice(&mut tx, permit.scope(), id, state.clock.now_ms()).await?.ok_or_else(|| AppError::not_found(NOTICE_MISSING))?;
    repo::delete_notice(&mut tx, id).await?;
    // Its attachments are no one's now: orphans, removed once old.
    file_holder()(&mut tx, state, NOTICE_HOLDER, id, &[]).await?;
    tx.commit().await?;
    Ok(())
}

/// PUT /api/message/{id}/Actions/Release (MSG-023): the draft becomes released and each
/// addressee gets one unread copy, all in one transaction; connected addressees hear of it.
/// Answers how many users it reached.
pub async fn release_notice(state: &AppState, permit: &Permit<EditNotice>, id: &str) -> Result<usize, AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let notice = repo::notice(&mut tx, permit.scope(), id, now).await?.ok_or_else(|| AppError::not_found(NOTICE_MISSING))?;
    if notice.enabled_mark != 0 {
        return Err(AppError::bad("公告已发布"));
    }
    if notice.expiration_time.is_some_and(|t| t <= now) {
        return Err(AppError::bad("公告已过期，不能发布"));
    }
    let users = repo::resolve(&mut tx, &addressees(&notice.to_user_ids)?).await?;
    if users.is_empty() {
        return Err(AppError::field("toUserIds", "没有可以接收公告的用户"));
    }
    if !repo::release(&mut tx, id, &permit.caller().user_id, now).await? {
        return Err(AppError::bad("公告已发布"));
    }
    repo::insert_copies(&mut tx, id, NOTICE, &users, now).await?;
    tx.commit().await?;
    let n = users.len();
    state.live.publish(Event::Delivered { message_id: id.to_string(), users });
    Ok(n)
}

/// PUT /api/message/{id}/Actions/Withdraw: a released notice is taken back — every
/// addressee's copy goes, read or not, and the notice is a draft again that can be edited and
/// released anew; one transaction. Connected addressees get their counts as they are now.
/// Answers how many copies it took back.
pub async fn withdraw_notice(state: &AppState, permit: &Permit<EditNotice>, id: &str) -> Result<usize, AppError> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let notice = repo::notice(&mut tx, permit.scope(), id, now).await?.ok_or_else(|| AppError::not_found(NOTICE_MISSING))?;
    if notice.enabled_mark == 0 || !repo::withdraw(&mut tx, id).await? {
        return Err(AppError::bad("公告尚未发布，无需撤回"));
    }
    let users = repo::take_back(&mut tx, id).await?;
    tx.commit().await?;
    let n = users.len();
    if !users.is_empty() {
        state.live.publish(Event::Withdrawn { message_id: id.to_string(), users });
    }
    Ok(n)
}

/// GET SendMessageConfig/{id} (MSG-024): an enabled send configuration.
pub async fn send_config(state: &AppState, _caller: &Member, id: &str) -> Result<SendConfig, AppError> {
    let mut conn = state.db.acquire().await?;
    repo::send_config(&mut conn, id.trim()).await?.ok_or_else(|| AppError::not_found(SEND_CONFIG_MISSING))
}

/// GET SendMessageConfig/Selector: the enabled send configurations (the notice form's and
/// the schedule form's picker).
pub async fn send_configs(state: &AppState, _caller: &Member) -> Result<Vec<SendConfig>, AppError> {
    let mut conn = state.db.acquire().await?;
    repo::send_configs(&mut conn).await
}

/// A pushed message's title, type, time and sender.
pub async fn pushed(conn: &mut Conn, message_id: &str) -> Result<Option<(String, i64, i64, String)>, AppError> {
    repo::pushed(conn, message_id).await
}

// ----- chat -----

/// GET imreply (CHAT-022): the caller's recent conversations.
pub async fn conversations(state: &AppState, caller: &Member) -> Result<Vec<Conversation>, AppError> {
    let mut conn = state.db.acquire().await?;
    repo::conversations(&mut conn, &DataScope::own(caller), &caller.user_id).await
}

/// DELETE imreply/deleteChatRecord/{id} (CHAT-007): the caller no longer sees the history
/// with that user (the other side keeps theirs); what they sent counts as read.
pub async fn clear_history(state: &AppState, caller: &Member, other: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    repo::clear_history(&mut tx, &caller.user_id, other, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// DELETE imreply/relocation/{id} (CHAT-006): the conversation leaves the caller's list.
pub async fn remove_conversation(state: &AppState, caller: &Member, other: &str) -> Result<(), AppError> {
    let mut conn = state.db.acquire().await?;
    repo::remove_conversation(&mut conn, &caller.user_id, other).await
}

/// Unread chat of `user` per sender: (sender, count, latest content, its type, its time).
pub async fn chat_unread(conn: &mut Conn, user: &str) -> Result<Vec<(String, i64, String, String, i64)>, AppError> {
    repo::chat_unread(conn, user).await
}

/// UpdateReadMessage (CHAT-013): what `from` sent to `user` is read.
pub async fn chat_read(state: &AppState, user: &str, from: &str) -> Result<u64, AppError> {
    let mut conn = state.db.acquire().await?;
    repo::chat_mark_read(&mut conn, user, from, state.clock.now_ms()).await
}

pub use repo::ChatRow;

/// Chat content types.
pub const CHAT_TYPES: [&str; 3] = ["text", "image", "voice"];

/// SendMessage (CHAT-016, CHAT-017, CHAT-020): stores a chat message from `from` to `to` —
/// text trimmed and not empty; an image or voice the sender uploaded to the IM folder — and
/// announces it after the commit.
pub async fn send_chat(state: &AppState, from: &str, to: &str, message_type: &str, content: &serde_json::Value) -> Result<ChatRow, AppError> {
    let to = to.trim();
    if to.is_empty() || to == from {
        return Err(AppError::bad("请选择聊天对象"));
    }
    let mut conn = state.db.acquire().await?;
    if repo::chat_user(&mut conn, to).await?.is_none() {
        return Err(AppError::not_found("用户不存在"));
    }
    let content = match message_type {
        "text" => {
            let text = content.as_str().unwrap_or_default();
            let text = qiming_core::chat::outgoing_text(text).ok_or_else(|| AppError::bad("不能发送空消息"))?;
            if text.chars().count() > 5000 {
                return Err(AppError::bad("消息不能超过5000个字符"));
            }
            crate::wire::reject_controls("messageContent", text)?;
            text.to_string()
        }
        "image" | "voice" => {
            let name = content.get("name").and_then(|v| v.as_str()).unwrap_or_default().trim();
            if name.is_empty() || !repo::own_upload(&mut conn, name, "IM", from).await? {
                return Err(AppError::bad("请先上传文件"));
            }
            let number = |key: &str| content.get(key).and_then(|v| v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok()))).unwrap_or(0);
            serde_json::json!({"path": format!("/api/file/Image/IM/{name}"), "name": name, "width": number("width"), "height": number("height")}).to_string()
        }
        _ => return Err(AppError::bad("不支持的消息类型")),
    };
    let row = ChatRow {
        id: new_id(),
        send_user_id: from.to_string(),
        receive_user_id: to.to_string(),
        content,
        content_type: message_type.to_string(),
        send_time: state.clock.now_ms(),
        receive_time: None,
    };
    let mut tx = state.db.begin().await?;
    repo::chat_insert(&mut tx, &row).await?;
    tx.commit().await?;
    state.live.publish(Event::Chat { id: row.id.clone(), from: row.send_user_id.clone(), to: row.receive_user_id.clone() });
    Ok(row)
}

/// A chat message by id (for its live frames).
pub async fn chat_message(conn: &mut Conn, id: &str) -> Result<Option<ChatRow>, AppError> {
    repo::chat_by_id(conn, id).await
}

/// (realName, account, headIcon) of a chat user.
pub async fn chat_user(conn: &mut Conn, id: &str) -> Result<Option<(String, String, String)>, AppError> {
    repo::chat_user(conn, id).await
}

/// MessageList (CHAT-011, CHAT-013): a page of the caller's history with `other`, the pages
/// counted from the newest ('desc', the chat window: page 1 is the latest messages) or from
/// the oldest ('asc', the history panel), text searched by keyword. Every page reads oldest →
/// newest, as JNPF's does: its client shows a page in the order given and scrolls to the
/// bottom.
pub async fn chat_history(state: &AppState, me: &str, other: &str, keyword: Option<&str>, oldest_first: bool, page: PageQuery) -> Result<PageOf<ChatRow>, AppError> {
    let page = page.page()?;
    let keyword = Keyword::parse(keyword);
    let mut conn = state.db.acquire().await?;
    let (mut rows, total) = repo::chat_history(&mut conn, me, other, keyword.as_ref(), oldest_first, page).await?;
    if !oldest_first {
        rows.reverse();
    }
    Ok(page.of(rows, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rich_text_keeps_quill_formatting_and_loses_scripts() {
        let html = r#"<p class="ql-align-center" style="color: red; position: fixed">Hi<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a></p>"#;
        let clean = sanitise(html);
        assert!(clean.contains(r#"class="ql-align-center""#), "{clean}");
        assert!(clean.contains("color:red") || clean.contains("color: red"), "{clean}");
        for bad in ["script", "onerror", "javascript", "position"] {
            assert!(!clean.contains(bad), "{bad} in {clean}");
        }
    }

    #[test]
    fn addressees_are_read_from_the_mixed_picker() {
        let a = addressees("u1--user,o1--company,d1--department,r1--role,p1--position,g1--group,u2").unwrap();
        assert_eq!(a.users, ["u1", "u2"]);
        assert_eq!(a.organisations, ["o1", "d1"]);
        assert_eq!((a.roles.len(), a.positions.len(), a.groups.len(), a.everyone), (1, 1, 1, false));
        assert!(addressees("").unwrap().everyone);
        assert!(addressees("x--planet").is_err());
    }
}

/// A notice's form steps under the names the generic handlers call (`crud::handlers!`).
pub mod notices {
    pub use super::{create_notice as create, delete_notice as delete, notice as info};
}
