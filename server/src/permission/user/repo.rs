//! SQL of users (base_user) and their memberships. No decisions here. The owner of a user
//! row is the user itself, so a data scope of "own rows" reaches only the caller's row.

use crate::access::{DataScope, ScopeColumns};
use crate::db::{Arg, Conn, Engine, Keyword, Sql, bump_generation};
use crate::wire::Page;
use crate::error::AppError;
use crate::support::new_id;
use sqlx::FromRow;

#[derive(Debug, Clone, FromRow)]
pub struct User {
    pub id: String,
    pub account: String,
    pub real_name: String,
    pub password_hash: String,
    pub is_administrator: i64,
    pub enabled_mark: i64,
    pub change_password_date: Option<i64>,
    pub head_icon: String,
    pub gender: String,
    pub birthday: Option<i64>,
    pub mobile_phone: String,
    pub tele_phone: String,
    pub email: String,
    pub urgent_contacts: String,
    pub urgent_tele_phone: String,
    pub postal_address: String,
    pub signature: String,
    pub nation: String,
    pub native_place: String,
    pub certificates_type: String,
    pub certificates_number: String,
    pub education: String,
    pub theme: String,
    pub language: String,
    pub system_id: Option<String>,
    pub portal_id: String,
    pub description: String,
    pub sort_code: i64,
    pub creator_time: i64,
    pub landline: String,
    pub entry_date: Option<i64>,
    pub manager_id: String,
}

/// Users under data permission: a user row is owned by the user; schemes may filter on who
/// made it, its organisation and position, and the user itself.
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "base_user.id",
    fields: &[
        ("id", "base_user.id"),
        ("creatorUserId", "base_user.creator_user_id"),
        ("F_CreatorUserId", "base_user.creator_user_id"),
        ("organizeId", "base_user.organize_id"),
        ("F_OrganizeId", "base_user.organize_id"),
        ("positionId", "base_user.position_id"),
        ("managerId", "base_user.manager_id"),
    ],
};

/// The same with the table aliased `u`.
pub const SCOPE_U: ScopeColumns = ScopeColumns {
    owner: "u.id",
    fields: &[
        ("id", "u.id"),
        ("creatorUserId", "u.creator_user_id"),
        ("F_CreatorUserId", "u.creator_user_id"),
        ("organizeId", "u.organize_id"),
        ("F_OrganizeId", "u.organize_id"),
        ("positionId", "u.position_id"),
        ("managerId", "u.manager_id"),
    ],
};

const USER_COLUMNS: &str = "id, account, real_name, password_hash, is_administrator, enabled_mark, \
    change_password_date, head_icon, gender, birthday, mobile_phone, tele_phone, email, \
    urgent_contacts, urgent_tele_phone, postal_address, signature, nation, native_place, \
    certificates_type, certificates_number, education, theme, language, system_id, portal_id, \
    description, sort_code, creator_time, landline, entry_date, manager_id";

/// What creating a user needs; the password arrives already hashed.
pub struct NewUser<'a> {
    pub account: &'a str,
    pub real_name: &'a str,
    pub password_hash: &'a str,
    pub is_administrator: bool,
    pub system_id: Option<&'a str>,
}

pub async fn insert(conn: &mut Conn, u: &NewUser<'_>, now: i64) -> Result<String, AppError> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO base_user (id, account, real_name, password_hash, is_administrator, system_id, creator_time) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&id)
    .bind(u.account)
    .bind(u.real_name)
    .bind(u.password_hash)
    .bind(u.is_administrator as i64)
    .bind(u.system_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    refresh_search_text(conn, Some(&id)).await?;
    bump_generation(conn).await?;
    Ok(id)
}

/// What signing in needs to know about an account.
#[derive(Debug, Clone, FromRow)]
pub struct Credentials {
    pub id: String,
    pub password_hash: String,
    pub enabled_mark: i64,
    pub theme: String,
}

/// The credentials of an account. Sign-in happens before there is a caller, so this lookup
/// takes no data scope; it answers only what sign-in needs.
pub async fn credentials(conn: &mut Conn, account: &str) -> Result<Option<Credentials>, AppError> {
    Ok(sqlx::query_as("SELECT id, password_hash, enabled_mark, theme FROM base_user WHERE account = $1")
        .bind(account)
        .fetch_optional(conn)
        .await?)
}

/// A user within the scope (None outside it, as if missing).
pub async fn by_id(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<Option<User>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT ");
    sql.push(USER_COLUMNS).push(" FROM base_user WHERE id = ").bind(id);
    scope.restrict(&mut sql, &SCOPE);
    Ok(sql.query_as().fetch_optional(conn).await?)
}

/// The real name of the user's manager, within the scope of the user's row.
pub async fn manager_name(conn: &mut Conn, scope: &DataScope, user_id: &str) -> Result<Option<String>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT m.real_name FROM base_user u JOIN base_user m ON m.id = u.manager_id WHERE u.id = ");
    sql.bind(user_id);
    scope.restrict(&mut sql, &SCOPE_U);
    Ok(sql.query_scalar().fetch_optional(conn).await?)
}

/// Sets the columns given (`column`, value) and the modification time; answers how many
/// rows changed (0 or 1). Columns are the caller's static names.
/// Clears the default portal of the users who had this one.
pub async fn forget_portal(conn: &mut Conn, portal_id: &str, now: i64) -> Result<(), AppError> {
    let changed = sqlx::query("UPDATE base_user SET portal_id = '', last_modify_time = $2 WHERE portal_id = $1")
        .bind(portal_id)
        .bind(now)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    if changed > 0 {
        bump_generation(conn).await?;
    }
    Ok(())
}

pub async fn update(conn: &mut Conn, id: &str, columns: Vec<(&'static str, Arg)>, now: i64) -> Result<u64, AppError> {
    let searched = columns.iter().any(|(c, _)| SEARCHED.iter().any(|s| s.strip_prefix("base_user.") == Some(*c)));
    let mut sql = Sql::update(Engine::of(conn), "base_user");
    for (column, value) in columns {
        sql.set(column, value);
    }
    sql.set("last_modify_time", now).push(" WHERE id = ").bind(id);
    let changed = sql.query().execute(&mut *conn).await?.rows_affected();
    if searched {
        refresh_search_text(conn, Some(id)).await?;
    }
    bump_generation(conn).await?;
    Ok(changed)
}

/// Stores a new password hash and records when it was changed.
pub async fn set_password(conn: &mut Conn, id: &str, hash: &str, now: i64) -> Result<(), AppError> {
    update(conn, id, vec![("password_hash", hash.into()), ("change_password_date", now.into())], now).await?;
    Ok(())
}

/// Keeps a password hash the user no longer has (qiming_password_history).
pub async fn remember_password(conn: &mut Conn, user_id: &str, hash: &str, now: i64) -> Result<(), AppError> {
    sqlx::query("INSERT INTO qiming_password_history (id, user_id, password_hash, replaced_at) VALUES ($1, $2, $3, $4)")
        .bind(crate::support::new_id())
        .bind(user_id)
        .bind(hash)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// The user's `n` newest former password hashes, newest first.
pub async fn former_passwords(conn: &mut Conn, user_id: &str, n: i64) -> Result<Vec<String>, AppError> {
    Ok(sqlx::query_scalar("SELECT password_hash FROM qiming_password_history WHERE user_id = $1 ORDER BY replaced_at DESC, id DESC LIMIT $2")
        .bind(user_id)
        .bind(n)
        .fetch_all(conn)
        .await?)
}

/// Adds the user to an organisation, position, role or group.
pub async fn add_relation(conn: &mut Conn, user_id: &str, object_type: &str, object_id: &str) -> Result<(), AppError> {
    sqlx::query("INSERT INTO base_user_relation (user_id, object_type, object_id) VALUES ($1, $2, $3)")
        .bind(user_id)
        .bind(object_type)
        .bind(object_id)
        .execute(&mut *conn)
        .await?;
    bump_generation(conn).await?;
    Ok(())
}

/// The enabled roles of a user, when the user is within the scope, as (id, name), in sort
/// order.
pub async fn roles(conn: &mut Conn, scope: &DataScope, user_id: &str) -> Result<Vec<(String, String)>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT r.id, r.full_name FROM base_user_relation ur JOIN base_role r ON r.id = ur.object_id \
         JOIN base_user u ON u.id = ur.user_id \
         WHERE ur.object_type = 'Role' AND r.enabled_mark = 1 AND ur.user_id = ",
    );
    sql.bind(user_id);
    scope.restrict(&mut sql, &SCOPE_U);
    sql.push(" ORDER BY r.sort_code, r.full_name");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// The list's row before display fields are added.
#[derive(Debug, Clone, FromRow)]
pub struct Listed {
    pub id: String,
    pub account: String,
    pub real_name: String,
    pub gender: String,
    pub mobile_phone: String,
    pub creator_time: i64,
    pub sort_code: i64,
    pub enabled_mark: i64,
    pub is_administrator: i64,
    pub head_icon: String,
    pub description: String,
}

/// The list's filter: members of any of these organisations (an organisation's subtree),
/// matching a keyword.
pub struct Filter {
    pub organisations: Option<Vec<String>>,
    pub keyword: Option<Keyword>,
}

/// How a query reaches the members of a subtree. Both select the same rows; they differ in
/// what SQLite does first.
#[derive(Clone, Copy, PartialEq)]
enum Members {
    /// From the memberships to the users (the covering index of base_user_relation, then each
    /// user by id): as many steps as members, then a sort. Right for a few members.
    Collected,
    /// Along the list's own order (index base_user_list), asking of each user whether they are a
    /// member: no sort, and a page is found after about (offset + page size) × users / members
    /// steps. Right when members are many compared with that.
    Walked,
}

fn filter(sql: &mut Sql, scope: &DataScope, f: &Filter) {
    filter_with(sql, scope, f, Members::Collected)
}

fn filter_with(sql: &mut Sql, scope: &DataScope, f: &Filter, members: Members) {
    sql.push(" FROM base_user WHERE 1 = 1");
    scope.restrict(sql, &SCOPE);
    if let Some(organisations) = &f.organisations {
        match members {
            Members::Collected => sql.push(" AND base_user.id IN (SELECT ur.user_id FROM base_user_relation ur WHERE ur.object_type = 'Organize' AND "),
            Members::Walked => sql.push(
                " AND EXISTS (SELECT 1 FROM base_user_relation ur WHERE ur.user_id = base_user.id AND ur.object_type = 'Organize' AND ",
            ),
        };
        sql.any_of("ur.object_id", organisations).push(")");
    }
    match &f.keyword {
        Some(k) if k.has(SEARCH_SEPARATOR) => {
            sql.push(" AND ").keyword(k, &SEARCHED);
        }
        Some(k) => {
            // Through the covering index base_user_search: one pass over (text, id) pairs.
            sql.push(" AND base_user.id IN (SELECT s.id FROM base_user s WHERE ").keyword_folded(k, "s.search_text").push(")");
        }
        None => {}
    }
}

/// What the list's keyword searches: account, real name and mobile phone, folded as keywords
/// are (db::fold) and kept in `search_text` (migration 0015), so that a search reads one
/// column without folding 100 000 rows each time. Fields are joined by a line break, which a
/// search box cannot send; a keyword holding one searches the three columns themselves.
const SEARCHED: [&str; 3] = ["base_user.account", "base_user.real_name", "base_user.mobile_phone"];
const SEARCH_SEPARATOR: char = '\n';

/// Recomputes the search column of one user, or of every user whose column is empty (`None`:
/// rows written before migration 0015, or by hand).
pub async fn refresh_search_text(conn: &mut Conn, id: Option<&str>) -> Result<u64, sqlx::Error> {
    let engine = Engine::of(conn);
    let mut sql = Sql::new(engine, "UPDATE base_user SET search_text = ");
    for (i, column) in SEARCHED.iter().enumerate() {
        if i > 0 {
            sql.push(" || '\n' || ");
        }
        sql.push("coalesce(").folded(column).push(", '')");
    }
    match id {
        Some(id) => sql.push(" WHERE id = ").bind(id),
        None => sql.push(" WHERE search_text IS NULL"),
    };
    let filled = sql.query().execute(&mut *conn).await?.rows_affected();
    // A single user's refresh is part of insert or update, which tell the caches; a bulk fill
    // tells them itself, as every write of base_user does.
    if id.is_none() && filled > 0 {
        bump_generation(conn).await?;
    }
    Ok(filled)
}

/// A list row with the number of rows the whole filter matches.
#[derive(Debug, Clone, FromRow)]
struct Counted {
    #[sqlx(flatten)]
    row: Listed,
    total: i64,
}

const LISTED: &str = "SELECT id, account, real_name, gender, mobile_phone, creator_time, sort_code, enabled_mark, is_administrator, head_icon, description";
const LIST_ORDER: &str = " ORDER BY sort_code, creator_time DESC, id LIMIT ";

/// A page of the list, and the total.
pub async fn page(conn: &mut Conn, scope: &DataScope, f: &Filter, page: Page) -> Result<(Vec<Listed>, i64), AppError> {
    let engine = Engine::of(conn);
    if let Some(k) = &f.keyword
        && !k.has(SEARCH_SEPARATOR)
    {
        // A keyword: the matching rows are found in one pass over the search index, sorted and
        // counted together (a second query counts only when the page lies past the end).
        let mut list = Sql::new(engine, LISTED);
        list.push(", COUNT(*) OVER () AS total");
        filter(&mut list, scope, f);
        list.push(LIST_ORDER).bind(page.page_size).push(" OFFSET ").bind(page.offset());
        let rows: Vec<Counted> = list.query_as().fetch_all(&mut *conn).await?;
        let total = match rows.first() {
            Some(r) => r.total,
            None if page.offset() == 0 => 0,
            None => count(conn, scope, f).await?,
        };
        return Ok((rows.into_iter().map(|r| r.row).collect(), total));
    }
    let total = count(conn, scope, f).await?;
    if total <= page.offset() {
        return Ok((Vec::new(), total));
    }
    // Every user is read along the list index; on SQLite a subtree's members are walked that
    // way too when they are many for the page asked, else collected and sorted (see Members);
    // the number of users only chooses the way, it is never answered.
    let members = match &f.organisations {
        // PostgreSQL plans both forms alike (a semi-join) and chooses its own way.
        Some(_) if engine == Engine::Postgres => Members::Collected,
        Some(_) => {
            let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_user").fetch_one(&mut *conn).await?;
            let steps = (page.offset() + page.page_size).saturating_mul(users) / total.max(1);
            if steps < total { Members::Walked } else { Members::Collected }
        }
        None => Members::Walked,
    };
    let mut list = Sql::new(engine, LISTED);
    filter_with(&mut list, scope, f, members);
    list.push(LIST_ORDER).bind(page.page_size).push(" OFFSET ").bind(page.offset());
    Ok((list.query_as().fetch_all(conn).await?, total))
}

async fn count(conn: &mut Conn, scope: &DataScope, f: &Filter) -> Result<i64, AppError> {
    let mut count = Sql::new(Engine::of(conn), "SELECT COUNT(*)");
    filter(&mut count, scope, f);
    Ok(count.query_scalar().fetch_one(conn).await?)
}

/// An organisation a user belongs to, with its paths.
#[derive(Debug, Clone, FromRow)]
pub struct Membership {
    pub user_id: String,
    pub organize_id: String,
    pub id_tree: String,
    pub name_tree: String,
}

/// The organisations of these users, by path.
pub async fn organisations(conn: &mut Conn, users: &[String]) -> Result<Vec<Membership>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT ur.user_id, o.id AS organize_id, o.id_tree, o.name_tree FROM base_user_relation ur \
         JOIN base_organize o ON o.id = ur.object_id WHERE ur.object_type = 'Organize' AND ",
    );
    sql.any_of("ur.user_id", users).push(" ORDER BY o.id_tree");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// The ids of a user's memberships of one type (Organize, Position, Role, Group), in the
/// objects' sort order where they have one.
pub async fn relations(conn: &mut Conn, user_id: &str, object_type: &str) -> Result<Vec<String>, AppError> {
    Ok(sqlx::query_scalar("SELECT object_id FROM base_user_relation WHERE user_id = $1 AND object_type = $2 ORDER BY object_id")
        .bind(user_id)
        .bind(object_type)
        .fetch_all(conn)
        .await?)
}


/// The tables whose ids a user form names.
#[derive(Debug, Clone, Copy)]
pub enum Object {
    Organize,
    Position,
    Role,
    Group,
    User,
}

impl Object {
    fn table(self) -> &'static str {
        match self {
            Object::Organize => "SELECT id FROM base_organize WHERE ",
            Object::Position => "SELECT id FROM base_position WHERE ",
            Object::Role => "SELECT id FROM base_role WHERE ",
            Object::Group => "SELECT id FROM base_group WHERE ",
            Object::User => "SELECT id FROM base_user WHERE ",
        }
    }
}

/// The ids of the administrators.
pub async fn administrators(conn: &mut Conn) -> Result<Vec<String>, AppError> {
    Ok(sqlx::query_scalar("SELECT id FROM base_user WHERE is_administrator = 1").fetch_all(conn).await?)
}

/// Makes exactly these users the administrators (the caller owns the transaction).
pub async fn set_administrators(conn: &mut Conn, ids: &[String], now: i64) -> Result<(), AppError> {
    let mut sql = Sql::new(Engine::of(conn), "UPDATE base_user SET is_administrator = 0, last_modify_time = ");
    sql.bind(now).push(" WHERE is_administrator = 1 AND NOT ").any_of("id", ids);
    sql.query().execute(&mut *conn).await?;
    let mut sql = Sql::new(Engine::of(conn), "UPDATE base_user SET is_administrator = 1, last_modify_time = ");
    sql.bind(now).push(" WHERE is_administrator = 0 AND ").any_of("id", ids);
    sql.query().execute(&mut *conn).await?;
    bump_generation(conn).await?;
    Ok(())
}

/// Which of these ids exist.
pub async fn existing(conn: &mut Conn, object: Object, ids: &[String]) -> Result<Vec<String>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), object.table());
    sql.any_of("id", ids);
    Ok(sql.query_scalar().fetch_all(conn).await?)
}

/// The organisation of each of these positions, as (position, organisation).
pub async fn position_organisations(conn: &mut Conn, positions: &[String]) -> Result<Vec<(String, String)>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT id, organize_id FROM base_position WHERE ");
    sql.any_of("id", positions);
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// Of these roles, (role, global mark, its organisations comma-separated).
pub async fn role_bindings(conn: &mut Conn, roles: &[String]) -> Result<Vec<(String, i64, String)>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT r.id, r.global_mark, o.organize_id FROM base_role r LEFT JOIN base_organize_relation o ON o.object_type = 'Role' AND o.object_id = r.id WHERE ");
    sql.any_of("r.id", roles);
    let rows: Vec<(String, i64, Option<String>)> = sql.query_as().fetch_all(conn).await?;
    Ok(rows.into_iter().map(|(id, mark, org)| (id, mark, org.unwrap_or_default())).collect())
}

/// How many users name this user their manager.
pub async fn subordinates(conn: &mut Conn, user_id: &str) -> Result<i64, AppError> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM base_user WHERE manager_id = $1").bind(user_id).fetch_one(conn).await?)
}

pub async fn delete(conn: &mut Conn, id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM base_user_relation WHERE user_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM base_authorize WHERE object_type = 'User' AND object_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("UPDATE base_organize SET manager_id = '' WHERE manager_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM base_user WHERE id = $1").bind(id).execute(&mut *conn).await?;
    bump_generation(conn).await?;
    Ok(())
}

/// (id, name) of what a user holds, for a handover: memberships of `object_type` (Role,
/// Position, Group).
pub async fn held(conn: &mut Conn, user_id: &str, object_type: &str) -> Result<Vec<(String, String)>, AppError> {
    let sql = match object_type {
        "Role" => "SELECT r.id, r.full_name FROM base_user_relation ur JOIN base_role r ON r.id = ur.object_id WHERE ur.user_id = $1 AND ur.object_type = 'Role' ORDER BY r.sort_code, r.full_name",
        "Position" => "SELECT p.id, p.full_name FROM base_user_relation ur JOIN base_position p ON p.id = ur.object_id WHERE ur.user_id = $1 AND ur.object_type = 'Position' ORDER BY p.sort_code, p.full_name",
        _ => "SELECT g.id, g.full_name FROM base_user_relation ur JOIN base_group g ON g.id = ur.object_id WHERE ur.user_id = $1 AND ur.object_type = 'Group' ORDER BY g.sort_code, g.full_name",
    };
    Ok(sqlx::query_as(sql).bind(user_id).fetch_all(conn).await?)
}

/// (id, name) of the users whose manager this user is.
pub async fn subordinate_names(conn: &mut Conn, user_id: &str) -> Result<Vec<(String, String)>, AppError> {
    Ok(sqlx::query_as("SELECT id, real_name FROM base_user WHERE manager_id = $1 ORDER BY sort_code, account").bind(user_id).fetch_all(conn).await?)
}

/// (id, name path) of the organisations this user manages.
pub async fn managed_organisations(conn: &mut Conn, user_id: &str) -> Result<Vec<(String, String)>, AppError> {
    Ok(sqlx::query_as("SELECT id, name_tree FROM base_organize WHERE manager_id = $1 ORDER BY id_tree").bind(user_id).fetch_all(conn).await?)
}

/// Moves everything `from` holds to `to`: role, position and group memberships (kept once),
/// subordinates and managed organisations.
pub async fn hand_over(conn: &mut Conn, from: &str, to: &str) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO base_user_relation (user_id, object_type, object_id) SELECT $2, object_type, object_id FROM base_user_relation \
         WHERE user_id = $1 AND object_type IN ('Role', 'Position', 'Group') \
         AND NOT EXISTS (SELECT 1 FROM base_user_relation t WHERE t.user_id = $2 AND t.object_type = base_user_relation.object_type \
                         AND t.object_id = base_user_relation.object_id)",
    )
    .bind(from)
    .bind(to)
    .execute(&mut *conn)
    .await?;
    sqlx::query("DELETE FROM base_user_relation WHERE user_id = $1 AND object_type IN ('Role', 'Position', 'Group')").bind(from).execute(&mut *conn).await?;
    sqlx::query("UPDATE base_user SET manager_id = $2 WHERE manager_id = $1 AND id <> $2").bind(from).bind(to).execute(&mut *conn).await?;
    sqlx::query("UPDATE base_organize SET manager_id = $2 WHERE manager_id = $1").bind(from).bind(to).execute(&mut *conn).await?;
    sqlx::query("UPDATE base_user SET position_id = '' WHERE id = $1").bind(from).execute(&mut *conn).await?;
    bump_generation(conn).await?;
    Ok(())
}

/// A user as the pickers show one.
#[derive(Debug, Clone, FromRow)]
pub struct Pickable {
    pub id: String,
    pub account: String,
    pub real_name: String,
    pub head_icon: String,
}

/// Which users a picker offers: enabled ones matching the keyword; when any of `ids`,
/// `members_of` or `manager` is given, only those named, those with a membership of one of
/// these objects (organisations directly, positions, roles, groups) or those this user
/// manages, within `scope`. Pickers offer anyone in the group (a form may name any colleague),
/// so their callers pass `DataScope::unrestricted(Reason::PickerTree)`; they answer names only.
#[derive(Default)]
pub struct Pick<'a> {
    pub keyword: Option<Keyword>,
    pub ids: Option<&'a [String]>,
    pub members_of: Option<&'a [String]>,
    pub manager: Option<&'a str>,
}

fn pick_filter(sql: &mut Sql, p: &Pick, scope: &DataScope) {
    sql.push(" FROM base_user u WHERE u.enabled_mark <> 0");
    scope.restrict(sql, &SCOPE_U);
    if let Some(k) = &p.keyword {
        sql.push(" AND ").keyword(k, &["u.account", "u.real_name", "u.mobile_phone"]);
    }
    if p.ids.is_none() && p.members_of.is_none() && p.manager.is_none() {
        return;
    }
    sql.push(" AND (1 = 0");
    if let Some(ids) = p.ids {
        sql.push(" OR ").any_of("u.id", ids);
    }
    if let Some(objects) = p.members_of {
        sql.push(" OR EXISTS (SELECT 1 FROM base_user_relation ur WHERE ur.user_id = u.id AND ").any_of("ur.object_id", objects).push(")");
    }
    if let Some(manager) = p.manager {
        sql.push(" OR u.manager_id = ").bind(manager);
    }
    sql.push(")");
}

/// The users a picker offers, a page of them when `page` is given, and their number.
pub async fn pick(conn: &mut Conn, p: &Pick<'_>, scope: &DataScope, page: Option<Page>) -> Result<(Vec<Pickable>, i64), AppError> {
    let engine = Engine::of(conn);
    let mut list = Sql::new(engine, "SELECT u.id, u.account, u.real_name, u.head_icon");
    pick_filter(&mut list, p, scope);
    list.push(" ORDER BY u.sort_code, u.account");
    let Some(page) = page else {
        let rows: Vec<Pickable> = list.query_as().fetch_all(conn).await?;
        let total = rows.len() as i64;
        return Ok((rows, total));
    };
    let mut count = Sql::new(engine, "SELECT COUNT(*)");
    pick_filter(&mut count, p, scope);
    let total: i64 = count.query_scalar().fetch_one(&mut *conn).await?;
    list.push(" LIMIT ").bind(page.page_size).push(" OFFSET ").bind(page.offset());
    Ok((list.query_as().fetch_all(conn).await?, total))
}

/// The enabled users holding role `role` within organisation `organize` (a membership of
/// both).
pub async fn role_members_in(conn: &mut Conn, role: &str, organize: &str) -> Result<Vec<Pickable>, AppError> {
    Ok(sqlx::query_as(
        "SELECT u.id, u.account, u.real_name, u.head_icon FROM base_user u WHERE u.enabled_mark <> 0 \
         AND EXISTS (SELECT 1 FROM base_user_relation r WHERE r.user_id = u.id AND r.object_type = 'Role' AND r.object_id = $1) \
         AND EXISTS (SELECT 1 FROM base_user_relation o WHERE o.user_id = u.id AND o.object_type = 'Organize' AND o.object_id = $2) \
         ORDER BY u.sort_code, u.account",
    )
    .bind(role)
    .bind(organize)
    .fetch_all(conn)
    .await?)
}

/// The user's current organisation ('' for none).
pub async fn current_organisation(conn: &mut Conn, user_id: &str) -> Result<String, AppError> {
    Ok(sqlx::query_scalar::<_, String>("SELECT organize_id FROM base_user WHERE id = $1").bind(user_id).fetch_optional(conn).await?.unwrap_or_default())
}

/// The user's current position ('' for none).
pub async fn current_position(conn: &mut Conn, user_id: &str) -> Result<String, AppError> {
    Ok(sqlx::query_scalar::<_, String>("SELECT position_id FROM base_user WHERE id = $1").bind(user_id).fetch_optional(conn).await?.unwrap_or_default())
}

/// The names of these organisations, roles, positions and groups, by id, with the name path
/// of the organisation a position belongs to.
pub async fn object_names(conn: &mut Conn, ids: &[String]) -> Result<std::collections::BTreeMap<String, (String, String)>, AppError> {
    let engine = Engine::of(conn);
    let mut names = std::collections::BTreeMap::new();
    let queries: [&'static str; 4] = [
        "SELECT id, full_name, name_tree FROM base_organize WHERE ",
        "SELECT id, full_name, '' FROM base_role WHERE ",
        "SELECT p.id, p.full_name, COALESCE(o.name_tree, '') FROM base_position p LEFT JOIN base_organize o ON o.id = p.organize_id WHERE ",
        "SELECT id, full_name, '' FROM base_group WHERE ",
    ];
    for (i, query) in queries.into_iter().enumerate() {
        let mut sql = Sql::new(engine, query);
        sql.any_of(if i == 2 { "p.id" } else { "id" }, ids);
        let rows: Vec<(String, String, String)> = sql.query_as().fetch_all(&mut *conn).await?;
        for (id, name, path) in rows {
            names.insert(id, (name, path));
        }
    }
    Ok(names)
}

/// These users within the scope, whole rows, in the order of `ids`' query (sort code,
/// account).
pub async fn many(conn: &mut Conn, scope: &DataScope, ids: &[String]) -> Result<Vec<User>, AppError> {
    let mut sql = Sql::new(Engine::of(conn), "SELECT ");
    sql.push(USER_COLUMNS).push(" FROM base_user WHERE ").any_of("id", ids);
    scope.restrict(&mut sql, &SCOPE);
    sql.push(" ORDER BY sort_code, creator_time DESC, id");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// (id, name) of the positions or roles (`table` "Position" or "Role") with these names.
pub async fn named(conn: &mut Conn, object: Object, names: &[String]) -> Result<Vec<(String, String, String)>, AppError> {
    let query = match object {
        Object::Position => "SELECT id, full_name, organize_id FROM base_position WHERE ",
        _ => "SELECT id, full_name, en_code FROM base_role WHERE ",
    };
    let mut sql = Sql::new(Engine::of(conn), query);
    sql.push("(").any_of("full_name", names).push(" OR ").any_of("en_code", names).push(")");
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// (id, name) of dictionary items with these ids or, with `by_name`, these names, in the
/// category with code `category`.
pub async fn dictionary_items(conn: &mut Conn, category: &str, values: &[String], by_name: bool) -> Result<Vec<(String, String)>, AppError> {
    let mut sql = Sql::new(
        Engine::of(conn),
        "SELECT d.id, d.full_name FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id WHERE t.en_code = ",
    );
    sql.bind(category).push(" AND ").any_of(if by_name { "d.full_name" } else { "d.id" }, values);
    Ok(sql.query_as().fetch_all(conn).await?)
}

/// A user as 我的下属 lists them, with how many enabled users they manage in turn.
#[derive(Debug, Clone, FromRow)]
pub struct SubordinateRow {
    pub id: String,
    pub account: String,
    pub real_name: String,
    pub head_icon: String,
    pub subordinates: i64,
}

/// The enabled users whose manager this user is (个人信息 → 我的下属, one level of the tree).
pub async fn subordinates_of(conn: &mut Conn, manager: &str) -> Result<Vec<SubordinateRow>, AppError> {
    Ok(sqlx::query_as(
        "SELECT u.id, u.account, u.real_name, u.head_icon, \
         (SELECT COUNT(*) FROM base_user s WHERE s.manager_id = u.id AND s.enabled_mark <> 0) AS subordinates \
         FROM base_user u WHERE u.manager_id = $1 AND u.enabled_mark <> 0 ORDER BY u.sort_code, u.account",
    )
    .bind(manager)
    .fetch_all(conn)
    .await?)
}

/// The user's manager ('' for none, None for no such user).
pub async fn manager_of(conn: &mut Conn, user_id: &str) -> Result<Option<String>, AppError> {
    Ok(sqlx::query_scalar::<_, String>("SELECT manager_id FROM base_user WHERE id = $1").bind(user_id).fetch_optional(conn).await?)
}
