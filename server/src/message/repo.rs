//! SQL of messages, notices and chat (tables of migrations/0025_messages.sql). No decisions.

use super::dto::{Conversation, MessageInfo, MessageRow, NoticeInfo, NoticeRow, SendConfig};
use crate::access::{DataScope, ScopeColumns};
use crate::db::{counts_any, Arg, Conn, Engine, Keyword, Sql};
use crate::error::AppError;
use crate::wire::Page;

/// A user's copies of messages: their own only.
pub const INBOX: ScopeColumns = ScopeColumns { owner: "r.user_id", fields: &[] };
/// Notices on the notice page: data permission on who made them.
pub const NOTICES: ScopeColumns =
    ScopeColumns { owner: "m.creator_user_id", fields: &[("creatorUserId", "m.creator_user_id"), ("F_CreatorUserId", "m.creator_user_id")] };

/// Rows inserted per statement (PostgreSQL binds at most 65,535 values).
const CHUNK: usize = 500;

/// `姓名/账户` of the user in column `u` ('' when there is none).
const RELEASE_USER: &str = "COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = m.release_user_id), '')";
const CREATOR_USER: &str = "COALESCE((SELECT u.real_name || '/' || u.account FROM base_user u WHERE u.id = m.creator_user_id), '')";

/// A message to write.
#[derive(Debug, Clone)]
pub struct NewMessage {
    pub kind: i64,
    pub flow_type: i64,
    pub title: String,
    pub body_text: String,
    pub excerpt: String,
    pub files: String,
    /// Who sends it ('' the system).
    pub sender: String,
}

/// What the message list and ReadAll are filtered by.
#[derive(Debug, Default)]
pub struct InboxFilter {
    pub keyword: Option<Keyword>,
    pub kind: Option<i64>,
    pub is_read: Option<i64>,
    pub oldest_first: bool,
}

fn inbox_filter(sql: &mut Sql, scope: &DataScope, f: &InboxFilter) {
    sql.push(" FROM base_message_receive r JOIN base_message m ON m.id = r.message_id WHERE 1 = 1");
    scope.restrict(sql, &INBOX);
    if let Some(kind) = f.kind {
        sql.push(" AND r.type = ").bind(kind);
    }
    if let Some(read) = f.is_read {
        sql.push(" AND r.is_read = ").bind(read);
    }
    if let Some(keyword) = &f.keyword {
        sql.push(" AND ").keyword(keyword, &["m.title"]);
    }
}

/// Writes a message released now; answers its id.
pub async fn insert_message(conn: &mut Conn, id: &str, m: &NewMessage, now: i64) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_message (id, type, flow_type, title, body_text, excerpt, files, enabled_mark, release_user_id, release_time, \
         creator_user_id, creator_time) VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $8, $9)",
    )
    .bind(id)
    .bind(m.kind)
    .bind(m.flow_type)
    .bind(&m.title)
    .bind(&m.body_text)
    .bind(&m.excerpt)
    .bind(&m.files)
    .bind(&m.sender)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// One unread copy of message `message_id` for each of `users` (each once).
pub async fn insert_copies(conn: &mut Conn, message_id: &str, kind: i64, users: &[String], now: i64) -> Result<(), AppError> {
    let engine = Engine::of(conn);
    for chunk in users.chunks(CHUNK) {
        let mut sql = Sql::new(engine, "INSERT INTO base_message_receive (id, message_id, user_id, type, is_read, created_at) VALUES ");
        for (i, user) in chunk.iter().enumerate() {
            sql.push(if i == 0 { "(" } else { ", (" });
            sql.bind(crate::support::new_id()).push(", ").bind(message_id).push(", ").bind(user.as_str());
            sql.push(", ").bind(kind).push(", 0, ").bind(now).push(")");
        }
        sql.push(" ON CONFLICT (message_id, user_id) DO NOTHING");
        sql.query().execute(&mut *conn).await?;
    }
    Ok(())
}

/// A page of the caller's copies and their total.
pub async fn inbox_page(conn: &mut Conn, scope: &DataScope, f: &InboxFilter, page: Page) -> Result<(Vec<MessageRow>, i64), AppError> {
    let engine = Engine::of(conn);
    let mut count = Sql::new(engine, "SELECT COUNT(*)");
    inbox_filter(&mut count, scope, f);
    let total: i64 = count.query_scalar().fetch_one(&mut *conn).await?;
    let mut list = Sql::new(engine, "SELECT r.id, m.title, m.type AS kind, m.flow_type, ");
    list.push(RELEASE_USER).push(" AS release_user, COALESCE(m.release_time, m.creator_time) AS release_time, r.is_read AS read");
    inbox_filter(&mut list, scope, f);
    list.push(if f.oldest_first { " ORDER BY r.created_at ASC, r.id ASC" } else { " ORDER BY r.created_at DESC, r.id DESC" });
    list.push(" LIMIT ").bind(page.page_size).push(" OFFSET ").bind(page.offset());
    Ok((list.query_as().fetch_all(conn).await?, total))
}

/// One of the caller's copies, with its read flag.
pub async fn inbox_info(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<(MessageInfo, i64)>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT r.id, m.title, m.type AS kind, m.flow_type, ");
    sql.push(RELEASE_USER).push(" AS release_user, COALESCE(m.release_time, m.creator_time) AS release_time, ");
    sql.push("m.excerpt, m.body_text, m.files, m.cover_image");
    inbox_filter(&mut sql, scope, &InboxFilter::default());
    // The list's row id, or the message's id (what a live push names).
    sql.push(" AND (r.id = ").bind(id).push(" OR r.message_id = ").bind(id).push(")");
    let Some(info) = sql.query_as::<MessageInfo>().fetch_optional(&mut *conn).await? else { return Ok(None) };
    let mut read = Sql::new(Engine::of(conn), "SELECT r.is_read FROM base_message_receive r WHERE r.id = ");
    read.bind(info.id.as_str());
    let read: i64 = read.query_scalar().fetch_one(conn).await?;
    Ok(Some((info, read)))
}

/// Marks the caller's copies matching `f` read (those among `ids` only, when given);
/// answers how many changed.
pub async fn mark_read(conn: &mut Conn, scope: &DataScope, f: &InboxFilter, ids: Option<&[String]>, now: i64) -> Result<u64, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "UPDATE base_message_receive SET is_read = 1, read_time = ");
    sql.bind(now).push(" WHERE is_read = 0 AND id IN (SELECT r.id");
    inbox_filter(&mut sql, scope, f);
    sql.push(")");
    if let Some(ids) = ids {
        sql.push(" AND ").any_of("id", ids);
    }
    Ok(sql.query().execute(conn).await?.rows_affected())
}

/// Deletes the caller's copies among `ids`; answers how many.
pub async fn delete_copies(conn: &mut Conn, scope: &DataScope, ids: &[String]) -> Result<u64, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "DELETE FROM base_message_receive WHERE id IN (SELECT r.id");
    inbox_filter(&mut sql, scope, &InboxFilter::default());
    sql.push(" AND ").any_of("r.id", ids).push(")");
    Ok(sql.query().execute(conn).await?.rows_affected())
}

/// Unread copies per user and type among `users`: (user, type, count).
pub async fn unread_counts(conn: &mut Conn, users: &[String]) -> Result<Vec<(String, i64, i64)>, AppError> {
    let mut out = Vec::new();
    let engine = Engine::of(conn);
    for chunk in users.chunks(CHUNK) {
        let mut sql = Sql::new(engine, "SELECT user_id, type, COUNT(*) FROM base_message_receive WHERE is_read = 0 AND ");
        sql.any_of("user_id", chunk).push(" GROUP BY user_id, type");
        out.extend(sql.query_as::<(String, i64, i64)>().fetch_all(&mut *conn).await?);
    }
    Ok(out)
}

/// One user's unread messages as (type, message id when it arrived at or after `since`, count),
/// in one statement, so that the counts and the recent ids come from one snapshot.
pub async fn unread_with_recent(conn: &mut Conn, user_id: &str, since: i64) -> Result<Vec<(i64, Option<String>, i64)>, AppError> {
    Ok(sqlx::query_as(
        "SELECT type, CASE WHEN created_at >= $2 THEN message_id END AS recent, COUNT(*) FROM base_message_receive \
         WHERE user_id = $1 AND is_read = 0 GROUP BY type, CASE WHEN created_at >= $2 THEN message_id END",
    )
    .bind(user_id)
    .bind(since)
    .fetch_all(conn)
    .await?)
}

/// A message as pushed live: (title, type, release time, sender).
pub async fn pushed(conn: &mut Conn, message_id: &str) -> Result<Option<(String, i64, i64, String)>, AppError> {
    Ok(sqlx::query_as("SELECT title, type, COALESCE(release_time, creator_time), release_user_id FROM base_message WHERE id = $1")
        .bind(message_id)
        .fetch_optional(conn)
        .await?)
}

// ----- notices -----

/// A notice's state as shown: 2 (expired) when released and past its expiration.
fn state_expr(sql: &mut Sql, now: i64) {
    sql.push("(CASE WHEN m.enabled_mark = 1 AND m.expiration_time IS NOT NULL AND m.expiration_time < ");
    sql.bind(now).push(" THEN 2 ELSE m.enabled_mark END)");
}

/// What the notice page is filtered by.
#[derive(Debug, Default)]
pub struct NoticeFilter {
    pub keyword: Option<Keyword>,
    pub states: Vec<i64>,
    pub categories: Vec<String>,
    pub oldest_first: bool,
}

fn notice_filter(sql: &mut Sql, scope: &DataScope, f: &NoticeFilter, now: i64) {
    sql.push(" FROM base_message m WHERE m.type = 3");
    scope.restrict(sql, &NOTICES);
    if let Some(keyword) = &f.keyword {
        sql.push(" AND ").keyword(keyword, &["m.title"]);
    }
    if !f.categories.is_empty() {
        sql.push(" AND ").any_of("m.category", &f.categories);
    }
    if !f.states.is_empty() {
        sql.push(" AND ");
        state_expr(sql, now);
        sql.push(" IN (");
        for (i, s) in f.states.iter().enumerate() {
            if i > 0 {
                sql.push(", ");
            }
            sql.bind(*s);
        }
        sql.push(")");
    }
}

/// The NoticeType item's name of `m.category`, or the code.
const CATEGORY_NAME: &str = "COALESCE((SELECT d.full_name FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
     WHERE t.en_code = 'NoticeType' AND d.en_code = m.category), m.category)";

pub async fn notice_page(conn: &mut Conn, scope: &DataScope, f: &NoticeFilter, page: Page, now: i64) -> Result<(Vec<NoticeRow>, i64), AppError> {
    let engine = Engine::of(conn);
    let mut count = Sql::new(engine, "SELECT COUNT(*)");
    notice_filter(&mut count, scope, f, now);
    let total: i64 = count.query_scalar().fetch_one(&mut *conn).await?;
    let mut list = Sql::new(engine, "SELECT m.id, m.title, ");
    list.push(CATEGORY_NAME).push(" AS category, m.expiration_time, ").push(CREATOR_USER).push(" AS creator_user, m.creator_time, ");
    list.push("CASE WHEN m.release_time IS NULL THEN '' ELSE ").push(RELEASE_USER).push(" END AS release_user, m.release_time, ");
    state_expr(&mut list, now);
    list.push(" AS enabled_mark");
    notice_filter(&mut list, scope, f, now);
    list.push(if f.oldest_first { " ORDER BY m.creator_time ASC, m.id ASC" } else { " ORDER BY m.creator_time DESC, m.id DESC" });
    list.push(" LIMIT ").bind(page.page_size).push(" OFFSET ").bind(page.offset());
    Ok((list.query_as().fetch_all(conn).await?, total))
}

/// A notice within the scope.
pub async fn notice(conn: &mut Conn, scope: &DataScope, id: &str, now: i64) -> Result<Option<NoticeInfo>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT m.id, m.title, m.to_user_ids, m.category, m.expiration_time, m.files, m.cover_image, ");
    sql.push("m.body_text, m.excerpt, m.remind_category, m.send_config_id, m.send_config_name, m.release_time, ");
    sql.push("CASE WHEN m.release_time IS NULL THEN '' ELSE ").push(RELEASE_USER).push(" END AS release_user, ");
    state_expr(&mut sql, now);
    sql.push(" AS enabled_mark");
    notice_filter(&mut sql, scope, &NoticeFilter::default(), now);
    sql.push(" AND m.id = ").bind(id);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// A new draft notice with these columns.
pub async fn insert_notice(conn: &mut Conn, id: &str, columns: Vec<(&'static str, Arg)>, user_id: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("INSERT INTO base_message (id, type, title, enabled_mark, creator_user_id, creator_time) VALUES ($1, 3, '', 0, $2, $3)")
        .bind(id)
        .bind(user_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    update_notice(conn, id, columns, user_id, now).await
}

pub async fn update_notice(conn: &mut Conn, id: &str, columns: Vec<(&'static str, Arg)>, user_id: &str, now: i64) -> Result<(), AppError> {
    Ok(crate::db::update_row(conn, "base_message", id, columns, user_id, now).await?)
}

/// Deletes a notice and every copy of it.
pub async fn delete_notice(conn: &mut Conn, id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_message_receive WHERE message_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM base_message WHERE id = $1 AND type = 3").bind(id).execute(conn).await?;
    Ok(())
}

/// Marks a draft released; answers whether it was a draft.
pub async fn release(conn: &mut Conn, id: &str, user_id: &str, now: i64) -> Result<bool, AppError> {
    let done = sqlx::query("UPDATE base_message SET enabled_mark = 1, release_user_id = $1, release_time = $2 WHERE id = $3 AND type = 3 AND enabled_mark = 0")
        .bind(user_id)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks a released notice a draft again; answers whether it was released.
pub async fn withdraw(conn: &mut Conn, id: &str) -> Result<bool, AppError> {
    let done = sqlx::query("UPDATE base_message SET enabled_mark = 0, release_user_id = '', release_time = NULL WHERE id = $1 AND type = 3 AND enabled_mark = 1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes every addressee's copy of message `id`; answers whose they were.
pub async fn take_back(conn: &mut Conn, id: &str) -> Result<Vec<String>, AppError> {
    let users: Vec<String> = sqlx::query_scalar("SELECT user_id FROM base_message_receive WHERE message_id = $1").bind(id).fetch_all(&mut *conn).await?;
    sqlx::query("DELETE FROM base_message_receive WHERE message_id = $1").bind(id).execute(conn).await?;
    Ok(users)
}

/// Whether `code` is an item of the NoticeType dictionary.
pub async fn notice_type_exists(conn: &mut Conn, code: &str) -> Result<bool, AppError> {
    Ok(counts_any(conn, "SELECT COUNT(*) FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id WHERE t.en_code = 'NoticeType' AND d.en_code = $1", &[code]).await?)
}

/// Who a notice reaches: the enabled users among `users`, in `organisations` (and those
/// below them), holding `roles`, `positions` or in `groups` — or, with `everyone`, every
/// enabled user. Each once, sorted.
#[derive(Debug, Default)]
pub struct Addressees {
    pub everyone: bool,
    pub users: Vec<String>,
    pub organisations: Vec<String>,
    pub roles: Vec<String>,
    pub positions: Vec<String>,
    pub groups: Vec<String>,
}

pub async fn resolve(conn: &mut Conn, a: &Addressees) -> Result<Vec<String>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT u.id FROM base_user u WHERE u.enabled_mark <> 0");
    if !a.everyone {
        sql.push(" AND (");
        sql.any_of("u.id", &a.users);
        for (kind, ids) in [("Role", &a.roles), ("Position", &a.positions), ("Group", &a.groups)] {
            if ids.is_empty() {
                continue;
            }
            sql.push(" OR u.id IN (SELECT ur.user_id FROM base_user_relation ur WHERE ur.object_type = ").bind(kind).push(" AND ");
            sql.any_of("ur.object_id", ids).push(")");
        }
        if !a.organisations.is_empty() {
            sql.push(" OR u.id IN (SELECT ur.user_id FROM base_user_relation ur JOIN base_organize o ON o.id = ur.object_id ");
            sql.push("JOIN base_organize p ON (o.id_tree = p.id_tree OR o.id_tree LIKE p.id_tree || ',%') WHERE ur.object_type = 'Organize' AND ");
            sql.any_of("p.id", &a.organisations).push(")");
        }
        sql.push(")");
    }
    sql.push(" ORDER BY u.id");
    Ok(sql.query_scalar().fetch_all(conn).await?)
}

// ----- chat -----

/// Unread chat per sender for `user`: (sender, count, latest content, its type, its time).
pub async fn chat_unread(conn: &mut Conn, user: &str) -> Result<Vec<(String, i64, String, String, i64)>, AppError> {
    Ok(sqlx::query_as(
        "SELECT c.send_user_id, COUNT(*), \
         (SELECT l.content FROM base_im_content l WHERE l.send_user_id = c.send_user_id AND l.receive_user_id = $1 AND l.receive_deleted = 0 ORDER BY l.send_time DESC, l.id DESC LIMIT 1), \
         (SELECT l.content_type FROM base_im_content l WHERE l.send_user_id = c.send_user_id AND l.receive_user_id = $1 AND l.receive_deleted = 0 ORDER BY l.send_time DESC, l.id DESC LIMIT 1), \
         MAX(c.send_time) \
         FROM base_im_content c WHERE c.receive_user_id = $1 AND c.state = 0 AND c.receive_deleted = 0 GROUP BY c.send_user_id ORDER BY c.send_user_id",
    )
    .bind(user)
    .fetch_all(conn)
    .await?)
}

/// Marks what `from` sent to `user` read.
pub async fn chat_mark_read(conn: &mut Conn, user: &str, from: &str, now: i64) -> Result<u64, AppError> {
    let done = sqlx::query("UPDATE base_im_content SET state = 1, receive_time = $1 WHERE receive_user_id = $2 AND send_user_id = $3 AND state = 0")
        .bind(now)
        .bind(user)
        .bind(from)
        .execute(conn)
        .await?;
    Ok(done.rows_affected())
}

/// A chat message as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ChatRow {
    pub id: String,
    pub send_user_id: String,
    pub receive_user_id: String,
    pub content: String,
    pub content_type: String,
    pub send_time: i64,
    pub receive_time: Option<i64>,
}

/// Stores a chat message and brings the conversation to the top of both sides' lists.
pub async fn chat_insert(conn: &mut Conn, row: &ChatRow) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_im_content (id, send_user_id, receive_user_id, content, content_type, send_time, state) VALUES ($1, $2, $3, $4, $5, $6, 0)",
    )
    .bind(&row.id)
    .bind(&row.send_user_id)
    .bind(&row.receive_user_id)
    .bind(&row.content)
    .bind(&row.content_type)
    .bind(row.send_time)
    .execute(&mut *conn)
    .await?;
    for (me, other) in [(&row.send_user_id, &row.receive_user_id), (&row.receive_user_id, &row.send_user_id)] {
        sqlx::query(
            "INSERT INTO base_im_reply (user_id, other_user_id, reply_time) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id, other_user_id) DO UPDATE SET reply_time = excluded.reply_time",
        )
        .bind(me)
        .bind(other)
        .bind(row.send_time)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

pub async fn chat_by_id(conn: &mut Conn, id: &str) -> Result<Option<ChatRow>, AppError> {
    Ok(sqlx::query_as("SELECT id, send_user_id, receive_user_id, content, content_type, send_time, receive_time FROM base_im_content WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// What `me` still sees of the conversation with `other`.
fn history_filter(sql: &mut Sql, me: &str, other: &str, keyword: Option<&Keyword>) {
    sql.push(" FROM base_im_content c WHERE ((c.send_user_id = ").bind(me).push(" AND c.receive_user_id = ").bind(other);
    sql.push(" AND c.send_deleted = 0) OR (c.send_user_id = ").bind(other).push(" AND c.receive_user_id = ").bind(me);
    sql.push(" AND c.receive_deleted = 0))");
    if let Some(k) = keyword {
        sql.push(" AND c.content_type = 'text' AND ").keyword(k, &["c.content"]);
    }
}

/// A page of the conversation, newest first or oldest first, and its total.
pub async fn chat_history(conn: &mut Conn, me: &str, other: &str, keyword: Option<&Keyword>, oldest_first: bool, page: Page) -> Result<(Vec<ChatRow>, i64), AppError> {
    let engine = Engine::of(conn);
    let mut count = Sql::new(engine, "SELECT COUNT(*)");
    history_filter(&mut count, me, other, keyword);
    let total: i64 = count.query_scalar().fetch_one(&mut *conn).await?;
    let mut list = Sql::new(engine, "SELECT c.id, c.send_user_id, c.receive_user_id, c.content, c.content_type, c.send_time, c.receive_time");
    history_filter(&mut list, me, other, keyword);
    list.push(if oldest_first { " ORDER BY c.send_time ASC, c.id ASC" } else { " ORDER BY c.send_time DESC, c.id DESC" });
    list.push(" LIMIT ").bind(page.page_size).push(" OFFSET ").bind(page.offset());
    Ok((list.query_as().fetch_all(conn).await?, total))
}

/// `me`'s recent conversations, most recent first.
pub async fn conversations(conn: &mut Conn, scope: &DataScope, me: &str) -> Result<Vec<Conversation>, AppError> {
    const CHATS: ScopeColumns = ScopeColumns { owner: "r.user_id", fields: &[] };
    const LATEST: &str = "FROM base_im_content l WHERE ((l.send_user_id = r.user_id AND l.receive_user_id = r.other_user_id AND l.send_deleted = 0) \
         OR (l.send_user_id = r.other_user_id AND l.receive_user_id = r.user_id AND l.receive_deleted = 0)) ORDER BY l.send_time DESC, l.id DESC LIMIT 1";
    let mut sql = Sql::new(Engine::of(conn), "SELECT r.other_user_id AS id, u.real_name, u.account, u.head_icon, ");
    sql.push("COALESCE((SELECT l.content ").push(LATEST).push("), '') AS latest_message, ");
    sql.push("COALESCE((SELECT l.content_type ").push(LATEST).push("), '') AS message_type, ");
    sql.push("(SELECT l.send_time ").push(LATEST).push(") AS latest_date, ");
    sql.push("(SELECT COUNT(*) FROM base_im_content c WHERE c.receive_user_id = r.user_id AND c.send_user_id = r.other_user_id AND c.state = 0 AND c.receive_deleted = 0) AS unread_message ");
    sql.push("FROM base_im_reply r JOIN base_user u ON u.id = r.other_user_id WHERE r.user_id = ").bind(me);
    scope.restrict(&mut sql, &CHATS);
    sql.push(" ORDER BY r.reply_time DESC");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// Removes a conversation from `me`'s list (the history stays).
pub async fn remove_conversation(conn: &mut Conn, me: &str, other: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_im_reply WHERE user_id = $1 AND other_user_id = $2").bind(me).bind(other).execute(conn).await?;
    Ok(())
}

/// Clears `me`'s side of the history with `other` (and marks what they sent read).
pub async fn clear_history(conn: &mut Conn, me: &str, other: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE base_im_content SET send_deleted = 1 WHERE send_user_id = $1 AND receive_user_id = $2")
        .bind(me)
        .bind(other)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE base_im_content SET receive_deleted = 1, state = 1, receive_time = COALESCE(receive_time, $3) WHERE send_user_id = $2 AND receive_user_id = $1")
        .bind(me)
        .bind(other)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// (realName, account, headIcon) of a user that exists and is enabled.
pub async fn chat_user(conn: &mut Conn, id: &str) -> Result<Option<(String, String, String)>, AppError> {
    Ok(sqlx::query_as("SELECT real_name, account, head_icon FROM base_user WHERE id = $1 AND enabled_mark <> 0")
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// Whether `name` is an upload of `owner` in the `folder` type (the IM folder for chat).
pub async fn own_upload(conn: &mut Conn, name: &str, folder: &str, owner: &str) -> Result<bool, AppError> {
    Ok(counts_any(conn, "SELECT COUNT(*) FROM qiming_file WHERE name = $1 AND folder_type = $2 AND owner_user_id = $3", &[name, folder, owner]).await?)
}

/// An enabled send configuration.
pub async fn send_config(conn: &mut Conn, id: &str) -> Result<Option<SendConfig>, AppError> {
    Ok(sqlx::query_as("SELECT id, full_name, en_code, message_type, description FROM base_message_send_config WHERE id = $1 AND enabled_mark = 1").bind(id).fetch_optional(conn).await?)
}

/// The enabled send configurations in their order.
pub async fn send_configs(conn: &mut Conn) -> Result<Vec<SendConfig>, AppError> {
    Ok(sqlx::query_as("SELECT id, full_name, en_code, message_type, description FROM base_message_send_config WHERE enabled_mark = 1 ORDER BY sort_code, full_name").fetch_all(conn).await?)
}

/// The attachments (JSON text) and cover image of a notice the caller already reached or
/// just wrote: what its uploads are held for.
pub async fn notice_uploads(conn: &mut Conn, id: &str) -> Result<Option<(String, String)>, AppError> {
    Ok(sqlx::query_as("SELECT files, cover_image FROM base_message WHERE id = $1 AND type = 3").bind(id).fetch_optional(conn).await?)
}
