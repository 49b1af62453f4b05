//! Data interfaces: the form (core's `dataInterface.*` rules, JSON texts that parse, a known
//! category, a unique code), state, copy, export and import; and calling an interface — its
//! SQL through the guard and a read-only transaction, its static JSON, or its HTTP address —
//! with parameters from their defaults, the caller's values and the session, each call
//! logged with who, when, from where, how long and how it ended.

use super::dto::{
    InfoByIdsForm, InterfaceForm, InterfaceListRow, InterfaceOption, InterfaceQuery, InterfaceRow, ListForm, LogQuery, LogRow, ParamValue, RowsPage,
    SelectorNode,
};
use super::guard;
use super::runner::RunError;
use super::repo::{self, Interfaces, NewLog};
use super::{AddDataInterface, EditDataInterface, ExportDataInterface, ImportDataInterface, RemoveDataInterface, ViewDataInterface};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::crud::{self, Entity};
use crate::db::{Arg, Conn, Engine, Keyword};
use crate::error::AppError;
use crate::request::Client;
use crate::support::forms::{Columns, check, check_numbers};
use crate::support::{http, new_id};
use crate::system::download::JsonFile;
use crate::wire::{Page, PageOf, Pagination, Patch};
use qiming_core::entity::Form;
use futures_util::future::BoxFuture;
use sea_query::SelectStatement;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Rows an interface answers at most (a popup pages through them).
const MAX_ROWS: i64 = 10_000;
/// How long an HTTP interface may take by default (an SQL one: QIMING_INTERFACE_SQL_TIMEOUT).
const HTTP_TIMEOUT_SECS: u64 = 10;
const HTTP_TIMEOUT_MAX_SECS: u64 = 60;

/// The parameter types whose value is the caller's (DI-003).
const SESSION_TYPES: &[&str] = &["createUser", "createTime", "currOrganize", "currPosition"];

fn form_record(form: &InterfaceForm) -> Result<Map<String, Value>, AppError> {
    match serde_json::to_value(form).map_err(anyhow::Error::from)? {
        Value::Object(map) => Ok(map),
        _ => Ok(Map::new()),
    }
}

/// The request method as text ('' when none), whether sent as a number or as text.
fn method_text(p: &Patch<Value>) -> Patch<String> {
    match p {
        Patch::Value(Value::String(s)) => Patch::Value(s.trim().to_string()),
        Patch::Value(Value::Number(n)) => Patch::Value(n.to_string()),
        Patch::Value(_) | Patch::Null => Patch::Null,
        Patch::Absent => Patch::Absent,
    }
}

/// The JSON texts parse, and the parameters have names, unique, and types.
fn check_texts(r: &InterfaceRow) -> Result<(), AppError> {
    for (field, text, array) in [("requestHeaders", &r.request_headers, true), ("requestParameters", &r.request_parameters, true), ("propertyJson", &r.property_json, false)] {
        if text.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Value>(text) {
            Ok(Value::Array(_)) if array => {}
            Ok(Value::Object(_)) if !array => {}
            _ => return Err(AppError::field(field, "格式不正确，应为JSON文本")),
        }
    }
    let mut seen: Vec<String> = Vec::new();
    for p in declared_params(r) {
        let field = p.get("field").and_then(Value::as_str).unwrap_or("").trim().to_string();
        if field.is_empty() {
            return Err(AppError::field("requestParameters", "请输入参数名称"));
        }
        if seen.contains(&field) {
            return Err(AppError::field("requestParameters", "参数名称重复"));
        }
        if p.get("dataType").and_then(Value::as_str).unwrap_or("").trim().is_empty() {
            return Err(AppError::field("requestParameters", "请选择参数类型"));
        }
        seen.push(field);
    }
    if r.data_type == 2 && serde_json::from_str::<Value>(&r.query).is_err() {
        return Err(AppError::field("query", "静态数据不是有效的JSON"));
    }
    if r.data_type == 3 && !(r.path.starts_with("http://") || r.path.starts_with("https://")) {
        return Err(AppError::field("path", "接口路径须以http://或https://开头"));
    }
    Ok(())
}

fn declared_params(r: &InterfaceRow) -> Vec<Map<String, Value>> {
    match serde_json::from_str::<Value>(&r.request_parameters) {
        Ok(Value::Array(items)) => items.into_iter().filter_map(|v| if let Value::Object(m) = v { Some(m) } else { None }).collect(),
        _ => Vec::new(),
    }
}

async fn check_category(conn: &mut Conn, category: &str) -> Result<(), AppError> {
    if !crate::system::dictionary::repo::is_item(conn, "DataInterfaceType", category).await? {
        return Err(AppError::field("categoryId", "分类不存在"));
    }
    Ok(())
}

/// GET DataInterface: a page of the interfaces, searched by name or code, of one category.
pub async fn list(state: &AppState, permit: &Permit<ViewDataInterface>, q: &InterfaceQuery, page: Page) -> Result<PageOf<InterfaceListRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let category = q.category_id.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let (list, total) = repo::page(&mut conn, permit.scope(), Keyword::parse(q.keyword.as_deref()).as_ref(), category, q.data_type, page).await?;
    Ok(page.of(list, total))
}

/// GET DataInterface/getList: a page of the enabled interfaces, for any member (designers).
pub async fn options(state: &AppState, _caller: &Member, q: &InterfaceQuery, page: Page) -> Result<PageOf<InterfaceOption>, AppError> {
    let mut conn = state.db.acquire().await?;
    let category = q.category_id.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let (list, total) = repo::enabled_page(&mut conn, Keyword::parse(q.keyword.as_deref()).as_ref(), category, q.data_type, page).await?;
    Ok(page.of(list, total))
}

/// GET DataInterface/Selector: the categories, each with its enabled interfaces.
pub async fn selector(state: &AppState, _caller: &Member) -> Result<Vec<SelectorNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let interfaces = repo::enabled(&mut conn).await?;
    let nodes = repo::categories(&mut conn)
        .await?
        .into_iter()
        .map(|(id, full_name, en_code)| {
            let children: Vec<SelectorNode> = interfaces
                .iter()
                .filter(|i| i.category_id == id)
                .map(|i| SelectorNode {
                    id: i.id.clone(),
                    parent_id: id.clone(),
                    full_name: i.full_name.clone(),
                    en_code: i.en_code.clone(),
                    data_type: i.data_type,
                    has_children: false,
                    children: Vec::new(),
                })
                .collect();
            SelectorNode { id: id.clone(), parent_id: "0".into(), full_name, en_code, data_type: 0, has_children: !children.is_empty(), children }
        })
        .filter(|n| n.has_children)
        .collect();
    Ok(nodes)
}

/// GET DataInterface/{id}: the form.
pub async fn info(state: &AppState, permit: &Permit<ViewDataInterface>, id: &str) -> Result<InterfaceRow, AppError> {
    let mut conn = state.db.acquire().await?;
    crud::found(&Interfaces, &mut conn, permit.scope(), id).await
}

/// GET DataInterface/GetParam/{id}: the declared parameters, for any member.
pub async fn params(state: &AppState, _caller: &Member, id: &str) -> Result<Vec<Value>, AppError> {
    let mut conn = state.db.acquire().await?;
    let r = repo::for_call(&mut conn, id).await?.ok_or_else(|| AppError::not_found(Interfaces.missing()))?;
    Ok(declared_params(&r).into_iter().map(Value::Object).collect())
}

fn text_of(p: &Patch<String>, stored: &str) -> String {
    match p {
        Patch::Value(v) => v.trim().to_string(),
        Patch::Null => String::new(),
        Patch::Absent => stored.to_string(),
    }
}

/// What the interface will be after `form`.
fn merged(found: &InterfaceRow, form: &InterfaceForm) -> InterfaceRow {
    let method = method_text(&form.request_method);
    InterfaceRow {
        id: found.id.clone(),
        category_id: text_of(&form.category_id, &found.category_id),
        full_name: text_of(&form.full_name, &found.full_name),
        en_code: text_of(&form.en_code, &found.en_code),
        db_link_id: match text_of(&form.db_link_id, &found.db_link_id) { s if s.is_empty() => "0".into(), s => s },
        data_type: if let Patch::Value(v) = form.data_type { v } else { found.data_type },
        check_type: if let Patch::Value(v) = form.check_type { v } else { found.check_type },
        request_method: text_of(&method, &found.request_method),
        path: text_of(&form.path, &found.path),
        query: match &form.query { Patch::Value(v) => v.clone(), Patch::Null => String::new(), Patch::Absent => found.query.clone() },
        data_processing: text_of(&form.data_processing, &found.data_processing),
        request_headers: text_of(&form.request_headers, &found.request_headers),
        request_parameters: text_of(&form.request_parameters, &found.request_parameters),
        property_json: text_of(&form.property_json, &found.property_json),
        response_type: match text_of(&form.response_type, &found.response_type) { s if s.is_empty() => "json".into(), s => s },
        ip_address: text_of(&form.ip_address, &found.ip_address),
        sort_code: if let Patch::Value(v) = form.sort_code { v } else { found.sort_code },
        enabled_mark: if let Patch::Value(v) = form.enabled_mark { v } else { found.enabled_mark },
        description: text_of(&form.description, &found.description),
    }
}

fn blank() -> InterfaceRow {
    InterfaceRow {
        id: String::new(),
        category_id: String::new(),
        full_name: String::new(),
        en_code: String::new(),
        db_link_id: "0".into(),
        data_type: 0,
        check_type: 0,
        request_method: String::new(),
        path: String::new(),
        query: String::new(),
        data_processing: String::new(),
        request_headers: String::new(),
        request_parameters: String::new(),
        property_json: String::new(),
        response_type: "json".into(),
        ip_address: String::new(),
        sort_code: 0,
        enabled_mark: 1,
        description: String::new(),
    }
}

/// The whole interface by core's form (as a creation: every field), its texts and its SQL.
/// A released model's record table the statement names must exist (its rows are scoped per
/// caller at each call).
async fn check_whole(conn: &mut Conn, r: &InterfaceRow) -> Result<(), AppError> {
    let engine = Engine::of(conn);
    check(Form::DataInterface, r, true)?;
    check_numbers(&Patch::Value(r.sort_code), &Patch::Value(r.enabled_mark))?;
    check_texts(r)?;
    if r.data_type == 1 {
        // The declared parameters and the variables stand for values of any kind here.
        let names: Vec<String> = declared_params(r).iter().filter_map(|p| p.get("field").and_then(Value::as_str).map(str::to_string)).collect();
        let parsed = guard::check(engine, &r.query, |p| names.iter().any(|n| n == p).then(|| Arg::Text(String::new())), |v| variable_names().contains(&v).then(|| Arg::Text(String::new())))
            .map_err(|e| AppError::field("query", e.to_string()))?;
        known_record_tables(conn, &parsed).await.map_err(|e| AppError::field("query", e.to_string()))?;
    }
    Ok(())
}

/// POST DataInterface.
pub async fn create(state: &AppState, permit: &Permit<AddDataInterface>, form: InterfaceForm) -> Result<(), AppError> {
    check(Form::DataInterface, &form_record(&form)?, true)?;
    let mut r = merged(&blank(), &form);
    r.id = new_id();
    let mut tx = state.db.begin().await?;
    check_whole(&mut tx, &r).await?;
    check_category(&mut tx, &r.category_id).await?;
    crud::insert(&Interfaces, &mut tx, &r.id, repo::columns(&r), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// PUT DataInterface/{id}: only what is sent changes; the interface it becomes is checked whole.
pub async fn update(state: &AppState, permit: &Permit<EditDataInterface>, id: &str, form: InterfaceForm) -> Result<(), AppError> {
    check(Form::DataInterface, &form_record(&form)?, false)?;
    let mut tx = state.db.begin().await?;
    let found = crud::found(&Interfaces, &mut tx, permit.scope(), id).await?;
    let r = merged(&found, &form);
    check_whole(&mut tx, &r).await?;
    if r.category_id != found.category_id {
        check_category(&mut tx, &r.category_id).await?;
    }
    let method = method_text(&form.request_method);
    let columns = Columns::new()
        .text("category_id", &form.category_id)
        .text("full_name", &form.full_name)
        .text("en_code", &form.en_code)
        .value("db_link_id", Some(r.db_link_id.as_str()))
        .number("data_type", &form.data_type, 0)
        .number("check_type", &form.check_type, 0)
        .text("request_method", &method)
        .text("path", &form.path)
        .value("query", Some(r.query.as_str()))
        .text("data_processing", &form.data_processing)
        .text("request_headers", &form.request_headers)
        .text("request_parameters", &form.request_parameters)
        .text("property_json", &form.property_json)
        .value("response_type", Some(r.response_type.as_str()))
        .text("ip_address", &form.ip_address)
        .listed(&form.sort_code, &form.enabled_mark, &form.description)
        .changed();
    crud::update(&Interfaces, &mut tx, &found.id, columns, &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

pub async fn delete(state: &AppState, permit: &Permit<RemoveDataInterface>, id: &str) -> Result<(), AppError> {
    crud::delete(&Interfaces, state, permit.scope(), id, &[]).await?;
    Ok(())
}

/// PUT DataInterface/{id}/Actions/State (DI-001): enabledMark 1 ↔ 0.
pub async fn toggle(state: &AppState, permit: &Permit<EditDataInterface>, id: &str) -> Result<(), AppError> {
    crud::toggle(&Interfaces, state, permit.scope(), &permit.caller().user_id, id).await?;
    Ok(())
}

/// A code not used yet: `code`, else `code_副本`, `code_副本2`, ….
async fn free_code(conn: &mut Conn, code: &str) -> Result<String, AppError> {
    let mut candidate = format!("{code}_副本");
    let mut n = 1;
    while repo::code_exists(conn, &candidate).await? {
        n += 1;
        candidate = format!("{code}_副本{n}");
    }
    Ok(candidate)
}

/// POST DataInterface/{id}/Actions/Copy: the same interface under a new id, named 名称_副本,
/// its code 编码_副本 (a number added while that is taken), in the original's state.
pub async fn copy(state: &AppState, permit: &Permit<AddDataInterface>, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let mut r = crud::found(&Interfaces, &mut tx, permit.scope(), id).await?;
    r.id = new_id();
    r.en_code = free_code(&mut tx, &r.en_code).await?;
    r.full_name = format!("{}_副本", r.full_name).chars().take(50).collect();
    crud::insert(&Interfaces, &mut tx, &r.id, repo::columns(&r), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// The export file of an interface: its fields as JSON.
const FILE: JsonFile = JsonFile { extension: "bd", name: "数据接口", content: "数据接口" };

/// GET DataInterface/{id}/Action/Export: the interface as a `.bd` file.
pub async fn export(state: &AppState, permit: &Permit<ExportDataInterface>, id: &str) -> Result<String, AppError> {
    let mut conn = state.db.acquire().await?;
    let r = crud::found(&Interfaces, &mut conn, permit.scope(), id).await?;
    drop(conn);
    FILE.offer(state, &permit.caller().user_id, &r.full_name, &r).await
}

/// POST DataInterface/Action/Import: a `.bd` file as exported, checked like the form (its
/// code new here), stored under a new id; a bad file changes nothing and says why.
pub async fn import(state: &AppState, permit: &Permit<ImportDataInterface>, file_name: &str, bytes: &[u8]) -> Result<(), AppError> {
    let mut r: InterfaceRow = FILE.read(file_name, bytes)?;
    r.id = new_id();
    let mut tx = state.db.begin().await?;
    let named = |e: AppError| AppError::bad(format!("数据接口“{}”：{e}", r.en_code.trim()));
    check_whole(&mut tx, &r).await.map_err(named)?;
    if repo::code_exists(&mut tx, r.en_code.trim()).await? {
        return Err(AppError::bad(format!("数据接口“{}”：{}已存在，不能重复导入", r.en_code.trim(), r.full_name.trim())));
    }
    check_category(&mut tx, &r.category_id).await.map_err(named)?;
    crud::insert(&Interfaces, &mut tx, &r.id, repo::columns(&r), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// GET DataInterfaceLog/{id} (DI-007): the calls of an interface, newest first.
pub async fn log(state: &AppState, permit: &Permit<ViewDataInterface>, id: &str, q: &LogQuery, page: Page) -> Result<PageOf<LogRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let found = crud::found(&Interfaces, &mut conn, permit.scope(), id).await?;
    let (list, total) = repo::log_page(&mut conn, &found.id, Keyword::parse(q.keyword.as_deref()).as_ref(), page).await?;
    Ok(page.of(list, total))
}

// ---------------------------------------------------------------------------------------
// Calling an interface.

/// The `@variables` an SQL interface may use.
fn variable_names() -> &'static [&'static str] {
    &["user", "organization", "keyword", "offsetSize", "pageSize", "showKey", "showValue"]
}

/// What a call knows besides its parameters.
pub struct CallContext<'a> {
    pub member: &'a Member,
    pub client: &'a Client,
    pub keyword: String,
    pub page: Option<Page>,
}

/// A parameter's value as its declared type binds it.
fn bound_value(data_type: &str, value: &Value) -> Result<Arg, String> {
    let text = match value {
        Value::Null => return Ok(Arg::NullText),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    match data_type {
        "int" | "createTime" | "datetime" if !text.trim().is_empty() => text.trim().parse::<i64>().map(Arg::Int).map_err(|_| text),
        _ => Ok(Arg::Text(text)),
    }
}

/// The parameters' values: the declared defaults, replaced by what the caller sends, and for
/// the session types (DI-003) the caller's own user, time, organisation and position —
/// whatever was sent.
async fn resolve_params(state: &AppState, r: &InterfaceRow, sent: &[ParamValue], ctx: &CallContext<'_>) -> Result<Map<String, Value>, AppError> {
    let mut values = Map::new();
    let declared = declared_params(r);
    let mut position: Option<String> = None;
    for p in &declared {
        let field = p.get("field").and_then(Value::as_str).unwrap_or("").to_string();
        let data_type = p.get("dataType").and_then(Value::as_str).unwrap_or("varchar");
        let mut value = p.get("defaultValue").cloned().unwrap_or(Value::Null);
        if let Some(s) = sent.iter().find(|s| s.field == field)
            && !(s.default_value.is_null() || s.default_value == json!(""))
        {
            value = s.default_value.clone();
        }
        if SESSION_TYPES.contains(&data_type) {
            value = match data_type {
                "createUser" => json!(ctx.member.user_id),
                "createTime" => json!(state.clock.now_ms()),
                "currOrganize" => json!(ctx.member.organize_id),
                _ => {
                    if position.is_none() {
                        let mut conn = state.db.acquire().await?;
                        position = Some(repo::position_of(&mut conn, &ctx.member.user_id).await?);
                    }
                    json!(position.clone().unwrap_or_default())
                }
            };
        }
        let required = matches!(p.get("required"), Some(Value::Number(n)) if n.as_i64() == Some(1)) || p.get("required") == Some(&json!("1")) || p.get("required") == Some(&json!(true));
        if required && (value.is_null() || value == json!("")) {
            return Err(AppError::bad(format!("参数{field}不能为空")));
        }
        values.insert(field, value);
    }
    Ok(values)
}

/// Runs the interface; answers its data (for SQL: the rows).
async fn run(state: &AppState, r: &InterfaceRow, sent: &[ParamValue], ctx: &CallContext<'_>) -> Result<Value, AppError> {
    if r.enabled_mark != 1 {
        return Err(AppError::bad(format!("数据接口已停用：{}", r.full_name)));
    }
    let values = resolve_params(state, r, sent, ctx).await?;
    match r.data_type {
        1 => run_sql(state, r, &values, ctx).await,
        2 => serde_json::from_str(&r.query).map_err(|_| AppError::bad("静态数据不是有效的JSON")),
        3 => run_http(state, r, &values).await,
        _ => Err(AppError::bad("数据类型不正确")),
    }
}

async fn run_sql(state: &AppState, r: &InterfaceRow, values: &Map<String, Value>, ctx: &CallContext<'_>) -> Result<Value, AppError> {
    let declared = declared_params(r);
    let type_of = |field: &str| {
        declared.iter().find(|p| p.get("field").and_then(Value::as_str) == Some(field)).and_then(|p| p.get("dataType")).and_then(Value::as_str).unwrap_or("varchar").to_string()
    };
    let mut bad_value: Option<String> = None;
    let param = |name: &str| {
        let value = values.get(name)?;
        match bound_value(&type_of(name), value) {
            Ok(arg) => Some(arg),
            Err(text) => {
                bad_value.get_or_insert(format!("参数{name}应为整数：{text}"));
                Some(Arg::NullText)
            }
        }
    };
    let page = ctx.page.unwrap_or(crate::wire::Page { current_page: 1, page_size: MAX_ROWS });
    let variable = |name: &str| -> Option<Arg> {
        Some(match name {
            "user" => Arg::Text(ctx.member.user_id.clone()),
            "organization" => Arg::Text(ctx.member.organize_id.clone()),
            "keyword" => Arg::Text(ctx.keyword.clone()),
            "offsetSize" => Arg::Int(page.offset()),
            "pageSize" => Arg::Int(page.page_size),
            "showKey" | "showValue" => Arg::Text(String::new()),
            _ => return None,
        })
    };
    let engine = {
        let conn = state.db.acquire().await?;
        Engine::of(&conn)
    };
    let parsed = guard::check(engine, &r.query, param, variable)?;
    if let Some(message) = bad_value {
        return Err(AppError::bad(message));
    }
    let checked = scope_records(state, ctx.member, parsed).await?;
    Ok(Value::Array(select_checked(state, &checked).await?))
}

/// A parsed statement with each released model's record table it reads replaced by the rows
/// of it the member's data scope reaches on the model (a table no released model has is
/// refused), and the physical tables those rows come from.
async fn scope_records(state: &AppState, member: &Member, parsed: guard::Parsed) -> Result<(guard::Checked, Vec<String>), AppError> {
    let mut scoped = BTreeMap::new();
    let mut record_tables = Vec::new();
    for table in parsed.record_tables() {
        let Some(rows) = record_scopes()(state, member, table).await? else {
            return Err(AppError::bad(format!("SQL语句不能查询{table}")));
        };
        record_tables.extend(rows.tables);
        scoped.insert(table.clone(), rows.select);
    }
    Ok((parsed.scoped(&scoped)?, record_tables))
}

/// Runs a checked statement on the interfaces' own connections, at most `MAX_ROWS` rows.
async fn select_checked(state: &AppState, (checked, record_tables): &(guard::Checked, Vec<String>)) -> Result<Vec<Value>, AppError> {
    let rows = state.system.interface_sql.select(&checked.sql, &checked.args, record_tables, MAX_ROWS).await.map_err(|e| match e {
        RunError::Timeout(limit) => AppError::bad(format!("查询超时：数据接口的SQL执行超过{}秒，已停止", limit.as_secs_f64())),
        RunError::Busy => AppError::bad("数据接口繁忙，请稍后再试"),
        RunError::Database(message) => AppError::bad(format!("SQL执行失败：{message}")),
    })?;
    Ok(rows.into_iter().map(without_secrets).collect())
}

/// Runs an administrator-written statement that is not an interface (a print template's,
/// issue 29) through the same guard and on the same connections: one query over the readable
/// tables, `@name` variables bound by `variable` (an unknown one, or a `{field}` parameter,
/// is refused), each row as a JSON object.
pub async fn run_guarded(state: &AppState, member: &Member, query: &str, variable: impl FnMut(&str) -> Option<Arg>) -> Result<Vec<Value>, AppError> {
    let parsed = guard::check(state.db.engine(), query, |_| None, variable)?;
    let checked = scope_records(state, member, parsed).await?;
    select_checked(state, &checked).await
}

/// The result columns a statement names (`guard::output_names`), after the guard's check
/// with `variable` (nothing runs).
pub async fn guarded_columns(conn: &mut Conn, query: &str, variable: impl FnMut(&str) -> Option<Arg>) -> Result<Vec<String>, AppError> {
    let engine = Engine::of(conn);
    let parsed = guard::check(engine, query, |_| None, variable)?;
    known_record_tables(conn, &parsed).await?;
    Ok(guard::output_names(engine, &parsed.text()))
}

/// Refuses a statement naming a record table no released model has (a released model's
/// table is read within each caller's scope when the statement runs).
async fn known_record_tables(conn: &mut Conn, parsed: &guard::Parsed) -> Result<(), AppError> {
    for table in parsed.record_tables() {
        if !repo::is_record_table(conn, table).await? {
            return Err(AppError::bad(format!("SQL语句不能查询{table}")));
        }
    }
    Ok(())
}

/// The rows of a released model's record table a member may read: a SELECT of every column
/// of the table limited to the member's data scope on the model, and the physical tables it
/// reads (the table, and the main table for a sub-table).
pub struct ScopedRecords {
    pub select: SelectStatement,
    pub tables: Vec<String>,
}

/// Answers the scoped rows of the record table `table` (unquoted, lower case) for a member,
/// None when no released model has that table: the visual development area's
/// (`visualdev::online::service::RECORD_SCOPES`), with the record list's own builder and the
/// member's record permit on the model. This area cannot name it (that area depends on this
/// one), so the crate root hands it in ([`link_record_scopes`]).
pub type ScopeRecords = for<'a> fn(&'a AppState, &'a Member, &'a str) -> BoxFuture<'a, Result<Option<ScopedRecords>, AppError>>;

static RECORD_SCOPES: std::sync::OnceLock<ScopeRecords> = std::sync::OnceLock::new();

/// Links the visual development area's record scopes (the crate root does, when it opens the state).
pub fn link_record_scopes(scopes: ScopeRecords) {
    let _ = RECORD_SCOPES.set(scopes);
}

fn record_scopes() -> ScopeRecords {
    *RECORD_SCOPES.get().expect("the crate root links the record scopes when it opens the state")
}

/// Leaves out of a row the columns no interface hands out (a `SELECT *` over users).
fn without_secrets(row: Value) -> Value {
    match row {
        Value::Object(mut map) => {
            map.retain(|k, _| !k.eq_ignore_ascii_case("password_hash"));
            Value::Object(map)
        }
        other => other,
    }
}

async fn run_http(state: &AppState, r: &InterfaceRow, values: &Map<String, Value>) -> Result<Value, AppError> {
    let url = reqwest::Url::parse(&r.path).map_err(|_| AppError::bad("接口路径不是有效的网址"))?;
    http::Destinations::new(&state.config.http_interface_allowed_hosts).check_url(&url).map_err(|why| AppError::bad(format!("接口请求失败：{why}")))?;
    let client = &state.system.interface_http;
    let timeout = serde_json::from_str::<Value>(&r.property_json)
        .ok()
        .and_then(|p| p.get("timeout").and_then(|t| t.as_u64().or_else(|| t.as_str().and_then(|s| s.parse().ok()))))
        .unwrap_or(HTTP_TIMEOUT_SECS)
        .clamp(1, HTTP_TIMEOUT_MAX_SECS);
    let request = if r.request_method == "7" { client.post(&r.path).json(values) } else { client.get(&r.path).query(&text_pairs(values)) };
    let mut request = request.timeout(Duration::from_secs(timeout));
    if let Ok(Value::Array(headers)) = serde_json::from_str::<Value>(&r.request_headers) {
        for h in headers {
            let name = h.get("field").and_then(Value::as_str).unwrap_or("").trim().to_string();
            let value = match h.get("defaultValue") {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Null) | None => String::new(),
                Some(other) => other.to_string(),
            };
            if !name.is_empty() {
                request = request.header(name, value);
            }
        }
    }
    let response = request.send().await.map_err(|e| {
        if e.is_timeout() { AppError::bad(format!("接口请求超时（{timeout}秒）")) } else { AppError::bad(format!("接口请求失败：{}", http::failure(e))) }
    })?;
    let status = response.status();
    let body = capped_body(response, state.config.http_interface_max_mb).await?;
    if !status.is_success() {
        return Err(AppError::bad(format!("接口请求失败：HTTP {}", status.as_u16())));
    }
    Ok(serde_json::from_str(&body).unwrap_or(Value::String(body)))
}

/// The answer's text, read as it arrives and refused past `max_mb` (a huge answer is never held
/// whole in memory).
async fn capped_body(mut response: reqwest::Response, max_mb: u64) -> Result<String, AppError> {
    let limit = max_mb.saturating_mul(1024 * 1024) as usize;
    let too_big = || AppError::bad(format!("接口请求失败：返回的数据超过{max_mb}MB"));
    if response.content_length().is_some_and(|n| n as usize > limit) {
        return Err(too_big());
    }
    let mut bytes: Vec<u8> = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| AppError::bad(format!("接口请求失败：{}", http::failure(e))))? {
        if bytes.len() + chunk.len() > limit {
            return Err(too_big());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn text_pairs(values: &Map<String, Value>) -> Vec<(String, String)> {
    values
        .iter()
        .map(|(k, v)| (k.clone(), match v {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => other.to_string(),
        }))
        .collect()
}

/// Runs and logs one call.
async fn call(state: &AppState, id: &str, kind: &str, sent: &[ParamValue], ctx: &CallContext<'_>) -> Result<Value, AppError> {
    let mut conn = state.db.acquire().await?;
    let r = repo::for_call(&mut conn, id).await?.ok_or_else(|| AppError::not_found(Interfaces.missing()))?;
    drop(conn);
    let began = Instant::now();
    let answer = run(state, &r, sent, ctx).await;
    let waste_ms = began.elapsed().as_millis() as i64;
    let result = match &answer {
        Ok(_) => "成功".to_string(),
        Err(e) => e.to_string(),
    };
    let device = format!("{} {}", ctx.client.os, ctx.client.browser);
    let mut conn = state.db.acquire().await?;
    let log = NewLog {
        id: &new_id(),
        invoke_id: &r.id,
        user_id: &ctx.member.user_id,
        ip: &ctx.client.ip,
        device: device.trim(),
        kind,
        waste_ms,
        success: answer.is_ok(),
        result: &result.chars().take(500).collect::<String>(),
    };
    repo::insert_log(&mut conn, &log, state.clock.now_ms()).await?;
    answer
}

/// The rows of an answer: an array as it is, else the array in `list` or `data`, else none.
fn rows_of(data: Value) -> Vec<Value> {
    match data {
        Value::Array(rows) => rows,
        Value::Object(mut map) => match map.remove("list").or_else(|| map.remove("data")) {
            Some(Value::Array(rows)) => rows,
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

fn cell_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// POST DataInterface/{id}/Actions/Preview (DI-004): the interface's data as it is, for any
/// member (option lists read it when it is an array; the test page prints it).
pub async fn preview(state: &AppState, caller: &Member, client: &Client, id: &str, sent: &[ParamValue]) -> Result<Value, AppError> {
    let ctx = CallContext { member: caller, client, keyword: String::new(), page: None };
    call(state, id, "preview", sent, &ctx).await
}

/// POST DataInterface/{id}/Action/List: a page of the rows, the keyword searched in the
/// chosen columns (or the display key), for any member.
pub async fn rows_page(state: &AppState, caller: &Member, client: &Client, id: &str, form: &ListForm) -> Result<RowsPage, AppError> {
    let current_page = form.current_page.unwrap_or(1).max(1);
    let page_size = form.page_size.unwrap_or(20).clamp(1, MAX_ROWS);
    let keyword = form.keyword.clone().unwrap_or_default().trim().to_string();
    let ctx = CallContext { member: caller, client, keyword: keyword.clone(), page: None };
    let rows = rows_of(call(state, id, "list", &form.param_list, &ctx).await?);
    let mut columns: Vec<String> = form.column_options.as_deref().unwrap_or("").split(',').map(|c| c.trim().to_string()).filter(|c| !c.is_empty()).collect();
    if let Some(r) = form.relation_field.as_deref().filter(|r| !r.trim().is_empty()) {
        columns.push(r.trim().to_string());
    }
    let needle = keyword.to_lowercase();
    let matching: Vec<Value> = rows
        .into_iter()
        .filter(|row| {
            needle.is_empty()
                || if columns.is_empty() {
                    row.as_object().is_some_and(|m| m.values().any(|v| cell_text(v).to_lowercase().contains(&needle)))
                } else {
                    columns.iter().any(|c| row.get(c).is_some_and(|v| cell_text(v).to_lowercase().contains(&needle)))
                }
        })
        .collect();
    let total = matching.len() as i64;
    let start = ((current_page - 1).saturating_mul(page_size)).min(total) as usize;
    let list = matching.into_iter().skip(start).take(page_size as usize).collect();
    Ok(RowsPage { list, pagination: Pagination { current_page, page_size, total } })
}

/// POST DataInterface/{id}/Action/InfoByIds: the rows whose value key is one of `ids`, in the
/// order of `ids`, for any member.
pub async fn rows_by_ids(state: &AppState, caller: &Member, client: &Client, id: &str, form: &InfoByIdsForm) -> Result<Vec<Value>, AppError> {
    let key = form.props_value.clone().unwrap_or_else(|| "id".into());
    let ctx = CallContext { member: caller, client, keyword: String::new(), page: None };
    let rows = rows_of(call(state, id, "infoByIds", &form.param_list, &ctx).await?);
    let mut found = Vec::new();
    for wanted in form.ids.iter().map(cell_text) {
        if let Some(row) = rows.iter().find(|row| row.get(&key).is_some_and(|v| cell_text(v) == wanted)) {
            found.push(row.clone());
        }
    }
    Ok(found)
}
