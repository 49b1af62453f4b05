//! Print templates (issue 29): the template form's rules, copy, export/import of the `.bp`
//! file, the pickers, the field tree, and filling a template for one record or a batch
//! (jnpf-wire-engine2.md §6.4).
//!
//! A template takes its data one of two ways:
//! - **a released model** (Qiming's addition, `modelId`): the record as the record pipeline
//!   shows it (`online::service::print_record`: display values within the caller's data
//!   scope and form permission — a record outside it is not found), the main form's fields at
//!   the top of `printData` (the `headTable` group) and each sub-table as its own array;
//! - **SQL statements** (JNPF's `sqlTemplate`): each run through the data-interface guard
//!   (`system::data_interface::service::run_guarded`: one query over the platform's readable
//!   tables, on the interfaces' read-only connections) with `@formId` bound to the record's
//!   id (and `@user`, `@organization` the caller's). The first statement's first row is the
//!   `headTable`; statement n (n ≥ 2) is the detail set `detail{n-1}`, all its rows.

use super::dto::{
    FieldNode, FieldsForm, PrintLogForm, LogQuery, PrintLogRow, OperatorRecord, PrintData, SelectorQuery, TemplateFile, TemplateForm, TemplateGroup, TemplateInfo,
    TemplateListRow, TemplateOption, TemplateQuery, TemplateRow,
};
use super::repo::{self, Templates};
use super::{docx, fill};
use super::{AddTemplate, EditTemplate, ExportTemplate, ImportTemplate, RemoveTemplate, ViewTemplate};
use crate::access::{Member, Permit, RecordPermit};
use crate::crud;
use crate::db::{Arg, Conn, Keyword};
use crate::error::{AppError, FieldErrors};
use crate::state::AppState;
use crate::support::forms::{Columns, check_numbers};
use crate::support::new_id;
use crate::system::data_interface::service as interfaces;
use crate::system::download::JsonFile;
use crate::visualdev::online::service as records;
use crate::wire::{Page, PageOf, Patch};
use serde_json::{Map, Value};

pub use super::fill::HEAD_TABLE;
/// The only data connection: the platform database.
const PLATFORM_DB: &str = "0";
/// The most records one BatchData prints.
pub const MAX_BATCH: usize = 1000;
const MISSING: &str = "打印模板不存在";

// ---- The form ----

/// JSON sent as text or as JSON, as the text stored.
fn json_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn patch_text(p: &Patch<Value>) -> Option<String> {
    match p {
        Patch::Value(v) => Some(json_text(v)),
        Patch::Null => Some(String::new()),
        Patch::Absent => None,
    }
}

fn patch_string(p: &Patch<String>) -> Option<String> {
    match p {
        Patch::Value(v) => Some(v.trim().to_string()),
        Patch::Null => Some(String::new()),
        Patch::Absent => None,
    }
}

/// The SQL statements of `sqlTemplate` text (`[{"sql": "…"}]`), in order; None when the text
/// is not that shape.
pub fn statements(sql_template: &str) -> Option<Vec<String>> {
    if sql_template.trim().is_empty() {
        return Some(Vec::new());
    }
    let Value::Array(items) = serde_json::from_str::<Value>(sql_template).ok()? else { return None };
    items.iter().map(|i| i.get("sql").map(|s| s.as_str().unwrap_or("").trim().to_string())).collect()
}

/// 编码只能输入英文、数字和小数点且小数点不能放在首尾.
fn good_code(code: &str) -> bool {
    !code.is_empty() && !code.starts_with('.') && !code.ends_with('.') && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
}

/// The variables a template's statement may use: `@formId` (the record printed), `@user`
/// and `@organization` (the caller's).
fn variables<'a>(form_id: &'a str, user: &'a str, organization: &'a str) -> impl FnMut(&str) -> Option<Arg> + 'a {
    move |name: &str| match name {
        "formId" => Some(Arg::Text(form_id.to_string())),
        "user" => Some(Arg::Text(user.to_string())),
        "organization" => Some(Arg::Text(organization.to_string())),
        _ => None,
    }
}

/// The template as it will be after the change, for the checks that read several fields.
struct Effective {
    full_name: String,
    en_code: String,
    category: String,
    template_type: i64,
    db_link_id: String,
    sql_template: String,
    model_id: String,
}

impl Effective {
    fn of(found: Option<&TemplateRow>, form: &TemplateForm) -> Effective {
        let keep = |p: Option<String>, old: Option<&String>| p.unwrap_or_else(|| old.cloned().unwrap_or_default());
        Effective {
            full_name: keep(patch_string(&form.full_name), found.map(|f| &f.full_name)),
            en_code: keep(patch_string(&form.en_code), found.map(|f| &f.en_code)),
            category: keep(patch_string(&form.category), found.map(|f| &f.category)),
            template_type: match &form.template_type {
                Patch::Value(v) => v.as_i64().or_else(|| v.as_str().and_then(|s| s.trim().parse().ok())).unwrap_or(0),
                _ => found.map(|f| f.template_type).unwrap_or(1),
            },
            db_link_id: keep(patch_string(&form.db_link_id), found.map(|f| &f.db_link_id)),
            sql_template: keep(patch_text(&form.sql_template), found.map(|f| &f.sql_template)),
            model_id: keep(patch_string(&form.model_id), found.map(|f| &f.model_id)),
        }
    }
}

/// Every message of the form at once (the designer's own: 模板名称不能为空, …), then what
/// needs the database: the category, the model, and each statement through the guard.
async fn check_template(state: &AppState, conn: &mut Conn, t: &Effective) -> Result<(), AppError> {
    let mut problems = FieldErrors::new();
    let mut add = |field: &str, msg: String| problems.entry(field.to_string()).or_default().push(msg);
    if t.full_name.is_empty() {
        add("fullName", "模板名称不能为空".into());
    } else if t.full_name.chars().count() > 100 {
        add("fullName", "模板名称最多为100个字符".into());
    }
    if t.en_code.is_empty() {
        add("enCode", "模板编码不能为空".into());
    } else if t.en_code.chars().count() > 50 {
        add("enCode", "模板编码最多为50个字符".into());
    } else if !good_code(&t.en_code) {
        add("enCode", "编码只能输入英文、数字和小数点且小数点不能放在首尾".into());
    }
    if t.category.is_empty() {
        add("category", "模板分类不能为空".into());
    } else if !repo::is_category(conn, &t.category).await? {
        add("category", "模板分类不存在".into());
    }
    if !matches!(t.template_type, 1 | 2) {
        add("type", "模板类型只能是1（流程表单）或2（功能表单）".into());
    }
    if t.model_id.is_empty() {
        if t.db_link_id.is_empty() {
            add("dbLinkId", "数据连接不能为空".into());
        } else if t.db_link_id != PLATFORM_DB {
            add("dbLinkId", "数据连接不存在".into());
        }
        match statements(&t.sql_template) {
            None => add("sqlTemplate", "SQL语句格式不正确".into()),
            Some(list) if list.is_empty() => add("sqlTemplate", "SQL语句不能为空".into()),
            Some(list) => {
                for (n, sql) in list.iter().enumerate() {
                    if sql.is_empty() {
                        add("sqlTemplate", format!("第{}行SQL语句不能为空", n + 1));
                    } else if let Err(e) = interfaces::guarded_columns(conn, sql, variables("", "", "")).await {
                        add("sqlTemplate", format!("第{}行SQL语句：{e}", n + 1));
                    }
                }
            }
        }
    } else if let Err(e) = records::print_fields(state, &t.model_id).await {
        add("modelId", format!("功能表单不可用：{e}"));
    }
    if !problems.is_empty() {
        return Err(AppError::fields(problems));
    }
    Ok(())
}

/// The columns a form sets.
fn columns(form: &TemplateForm, t: &Effective) -> Columns {
    Columns::new()
        .text("full_name", &form.full_name)
        .text("en_code", &form.en_code)
        .text("category", &form.category)
        .value("template_type", (!form.template_type.is_absent()).then_some(t.template_type))
        .value("db_link_id", (!form.db_link_id.is_absent() || t.db_link_id.is_empty()).then(|| if t.db_link_id.is_empty() { PLATFORM_DB.to_string() } else { t.db_link_id.clone() }))
        .value("sql_template", patch_text(&form.sql_template))
        .value("left_fields", patch_text(&form.left_fields))
        .text("print_template", &form.print_template)
        .value("page_param", patch_text(&form.page_param))
        .text("model_id", &form.model_id)
        .listed(&form.sort_code, &form.enabled_mark, &form.description)
}

// ---- The list and the form ----

/// GET printDev: a page of the templates, searched by name or code, of one category (its
/// printDev dictionary enCode).
pub async fn list(state: &AppState, permit: &Permit<ViewTemplate>, q: &TemplateQuery, page: Page) -> Result<PageOf<TemplateListRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let category = q.category.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let (list, total) = repo::page(&mut conn, permit.scope(), Keyword::parse(q.keyword.as_deref()).as_ref(), category, page).await?;
    Ok(page.of(list, total))
}

pub async fn info(state: &AppState, permit: &Permit<ViewTemplate>, id: &str) -> Result<TemplateInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    Ok(crud::found(&Templates, &mut conn, permit.scope(), id).await?.into())
}

/// POST printDev.
pub async fn create(state: &AppState, permit: &Permit<AddTemplate>, form: TemplateForm) -> Result<String, AppError> {
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let t = Effective::of(None, &form);
    let mut tx = state.db.begin().await?;
    check_template(state, &mut tx, &t).await?;
    let id = new_id();
    crud::insert(&Templates, &mut tx, &id, columns(&form, &t).created(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(id)
}

/// PUT printDev/{id}: only what is sent changes; the template it ends as is checked whole.
pub async fn update(state: &AppState, permit: &Permit<EditTemplate>, id: &str, form: TemplateForm) -> Result<(), AppError> {
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let mut tx = state.db.begin().await?;
    let found = crud::found(&Templates, &mut tx, permit.scope(), id).await?;
    let t = Effective::of(Some(&found), &form);
    check_template(state, &mut tx, &t).await?;
    crud::update(&Templates, &mut tx, &found.id, columns(&form, &t).changed(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// DELETE printDev/{id}: the template and its log.
pub async fn delete(state: &AppState, permit: &Permit<RemoveTemplate>, id: &str) -> Result<(), AppError> {
    crud::delete(&Templates, state, permit.scope(), id, &[]).await?;
    Ok(())
}

/// PUT printDev/{id}/Actions/State: enabledMark 1 ↔ 0.
pub async fn toggle(state: &AppState, permit: &Permit<EditTemplate>, id: &str) -> Result<(), AppError> {
    crud::toggle(&Templates, state, permit.scope(), &permit.caller().user_id, id).await?;
    Ok(())
}

/// POST printDev/{id}/Actions/Copy: named as JNPF names copies (`<name>.副本<n>`,
/// `<code><n>`, n five characters unique to the copy), disabled until someone enables it.
pub async fn copy(state: &AppState, permit: &Permit<AddTemplate>, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let r = crud::found(&Templates, &mut tx, permit.scope(), id).await?;
    let new = new_id();
    let suffix: String = new.chars().rev().take(5).collect();
    let columns = stored_columns(&r, &format!("{}.副本{suffix}", r.full_name), &format!("{}{suffix}", r.en_code), 0);
    crud::insert(&Templates, &mut tx, &new, columns, &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// Every column of a stored template under a new name, code and state.
fn stored_columns(r: &TemplateRow, full_name: &str, en_code: &str, enabled_mark: i64) -> Vec<(&'static str, Arg)> {
    vec![
        ("full_name", full_name.into()),
        ("en_code", en_code.into()),
        ("category", r.category.as_str().into()),
        ("template_type", r.template_type.into()),
        ("db_link_id", r.db_link_id.as_str().into()),
        ("sql_template", r.sql_template.as_str().into()),
        ("left_fields", r.left_fields.as_str().into()),
        ("print_template", r.print_template.as_str().into()),
        ("page_param", r.page_param.as_str().into()),
        ("model_id", r.model_id.as_str().into()),
        ("sort_code", r.sort_code.into()),
        ("enabled_mark", enabled_mark.into()),
        ("description", r.description.as_str().into()),
    ]
}

// ---- Export and import (.bp) ----

const FILE: JsonFile = JsonFile { extension: "bp", name: "打印模板", content: "打印模板" };

/// GET printDev/{id}/Actions/Export: the template as a `.bp` file; answers its url.
pub async fn export(state: &AppState, permit: &Permit<ExportTemplate>, id: &str) -> Result<String, AppError> {
    let mut conn = state.db.acquire().await?;
    let r = crud::found(&Templates, &mut conn, permit.scope(), id).await?;
    drop(conn);
    // The file is the template form (TemplateInfo): the same keys TemplateFile reads back.
    let title = r.full_name.clone();
    FILE.offer(state, &permit.caller().user_id, &title, &TemplateInfo::from(r)).await
}

/// POST printDev/Actions/ImportData: a `.bp` file as exported, checked like the form (its
/// code new here) and stored with a new id; a bad file changes nothing and says why.
pub async fn import(state: &AppState, permit: &Permit<ImportTemplate>, file_name: &str, bytes: &[u8]) -> Result<(), AppError> {
    let f: TemplateFile = FILE.read(file_name, bytes)?;
    check_numbers(&Patch::Value(f.sort_code), &Patch::Value(f.enabled_mark))?;
    let form = TemplateForm {
        full_name: Patch::Value(f.full_name.clone()),
        en_code: Patch::Value(f.en_code.clone()),
        category: Patch::Value(f.category.clone()),
        template_type: Patch::Value(Value::from(f.template_type)),
        db_link_id: Patch::Value(f.db_link_id.clone()),
        sql_template: Patch::Value(Value::String(f.sql_template.clone())),
        left_fields: Patch::Value(Value::String(f.left_fields.clone())),
        print_template: Patch::Value(f.print_template.clone()),
        page_param: Patch::Value(Value::String(f.page_param.clone())),
        model_id: Patch::Value(f.model_id.clone()),
        sort_code: Patch::Value(f.sort_code),
        enabled_mark: Patch::Value(f.enabled_mark),
        description: Patch::Value(f.description.clone()),
    };
    let t = Effective::of(None, &form);
    let named = |e: AppError| AppError::bad(format!("打印模板“{}”：{e}", f.en_code.trim()));
    let mut tx = state.db.begin().await?;
    if repo::code_exists(&mut tx, t.en_code.as_str()).await? {
        return Err(AppError::bad(format!("打印模板“{}”：{}已存在，不能重复导入", t.en_code, t.full_name)));
    }
    check_template(state, &mut tx, &t).await.map_err(named)?;
    crud::insert(&Templates, &mut tx, &new_id(), columns(&form, &t).created(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

// ---- The pickers ----

/// GET printDev/Selector: the enabled templates of the type asked (1 flow, 2 form; none:
/// all) under their categories; categories without templates are left out.
pub async fn selector(state: &AppState, _caller: &Member, q: &SelectorQuery) -> Result<Vec<TemplateGroup>, AppError> {
    let template_type = q.template_type.as_deref().and_then(|t| t.trim().parse::<i64>().ok());
    let mut conn = state.db.acquire().await?;
    let rows = repo::enabled(&mut conn, template_type).await?;
    let mut groups: Vec<TemplateGroup> = Vec::new();
    for r in rows {
        let group_id = if r.category.is_empty() { "0".to_string() } else { r.category.clone() };
        let at = match groups.iter().position(|g| g.id == group_id) {
            Some(at) => at,
            None => {
                let name = r.category_name.clone().unwrap_or_else(|| if r.category.is_empty() { "未分类".into() } else { r.category.clone() });
                groups.push(TemplateGroup { id: group_id, full_name: name, children: Vec::new() });
                groups.len() - 1
            }
        };
        groups[at].children.push(TemplateGroup { id: r.id, full_name: r.full_name, children: Vec::new() });
    }
    Ok(groups)
}

/// POST printDev/getListOptions: the enabled templates among the ids, `{id, fullName}`.
pub async fn options(state: &AppState, _caller: &Member, ids: &[String]) -> Result<Vec<TemplateOption>, AppError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut conn = state.db.acquire().await?;
    repo::options(&mut conn, ids).await
}

fn leaf(id: &str, name: &str) -> FieldNode {
    FieldNode { id: id.to_string(), full_name: name.to_string(), children: None }
}

/// POST printDev/Fields: the field tree of the designer's 表单字段 — `headTable` with the main
/// record's fields, then each detail set (a model's sub-tables; statements 2… of an SQL
/// template as `detail1`…). An SQL template's fields are its first row's columns run with an
/// empty `@formId`, else the columns its text names.
pub async fn fields(state: &AppState, caller: &Member, form: &FieldsForm) -> Result<Vec<FieldNode>, AppError> {
    if let Some(model) = form.model_id.as_deref().map(str::trim).filter(|m| !m.is_empty()) {
        let f = records::print_fields(state, model).await?;
        let mut tree = vec![FieldNode { id: HEAD_TABLE.into(), full_name: "主表".into(), children: Some(f.main.iter().map(|(v, l)| leaf(v, l)).collect()) }];
        for (table, label, columns) in &f.tables {
            tree.push(FieldNode { id: table.clone(), full_name: label.clone(), children: Some(columns.iter().map(|(v, l)| leaf(v, l)).collect()) });
        }
        return Ok(tree);
    }
    let text = form.sql_template.as_ref().map(json_text).unwrap_or_default();
    let list = statements(&text).ok_or_else(|| AppError::field("sqlTemplate", "SQL语句格式不正确"))?;
    if list.is_empty() {
        return Err(AppError::field("sqlTemplate", "请输入SQL语句"));
    }
    let mut tree = Vec::new();
    for (n, sql) in list.iter().enumerate() {
        if sql.is_empty() {
            return Err(AppError::field("sqlTemplate", format!("第{}行SQL语句不能为空", n + 1)));
        }
        let at = |e: AppError| AppError::field("sqlTemplate", format!("第{}行SQL语句：{e}", n + 1));
        let rows = interfaces::run_guarded(state, caller, sql, variables("", &caller.user_id, &caller.organize_id)).await.map_err(at)?;
        let names: Vec<String> = match rows.first() {
            Some(Value::Object(row)) => row.keys().cloned().collect(),
            _ => {
                let mut conn = state.db.acquire().await?;
                interfaces::guarded_columns(&mut conn, sql, variables("", "", "")).await.map_err(at)?
            }
        };
        let (id, name) = if n == 0 { (HEAD_TABLE.to_string(), "主表".to_string()) } else { (format!("detail{n}"), format!("明细{n}")) };
        tree.push(FieldNode { id, full_name: name, children: Some(names.iter().map(|c| leaf(c, c)).collect()) });
    }
    Ok(tree)
}

// ---- Printing ----

/// A value of an SQL row as printed text.
fn cell_text(v: &Value) -> Value {
    Value::String(match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    })
}

fn row_text(row: &Value) -> Map<String, Value> {
    match row {
        Value::Object(m) => m.iter().map(|(k, v)| (k.clone(), cell_text(v))).collect(),
        _ => Map::new(),
    }
}

/// The ids of `formId` (a comma-separated list for BatchData), each once, in order.
pub fn form_ids(form_id: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for id in form_id.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        if !ids.iter().any(|i| i == id) {
            ids.push(id.to_string());
        }
    }
    ids
}

/// GET printDev/Data and BatchData: the template filled for each record, in the order asked.
pub async fn data(state: &AppState, caller: &Member, template_id: &str, ids: &[String]) -> Result<Vec<PrintData>, AppError> {
    if ids.is_empty() {
        return Err(AppError::field("formId", "请选择一条数据"));
    }
    if ids.len() > MAX_BATCH {
        return Err(AppError::field("formId", format!("一次最多打印{MAX_BATCH}条数据")));
    }
    let mut conn = state.db.acquire().await?;
    let t = repo::enabled_by_id(&mut conn, template_id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    drop(conn);
    let mut out = Vec::with_capacity(ids.len());
    if !t.model_id.is_empty() {
        let permit = RecordPermit::demand(state, caller, &t.model_id, None).await?;
        for id in ids {
            let data = records::print_record(state, &permit, &t.model_id, id).await?;
            out.push(filled(&t, Value::Object(data)));
        }
        return Ok(out);
    }
    let list = statements(&t.sql_template).unwrap_or_default();
    for id in ids {
        let mut data = Map::new();
        for (n, sql) in list.iter().enumerate() {
            let rows = interfaces::run_guarded(state, caller, sql, variables(id, &caller.user_id, &caller.organize_id)).await?;
            if n == 0 {
                if let Some(first) = rows.first() {
                    data.extend(row_text(first));
                }
            } else {
                data.insert(format!("detail{n}"), Value::Array(rows.iter().map(|r| Value::Object(row_text(r))).collect()));
            }
        }
        out.push(filled(&t, Value::Object(data)));
    }
    Ok(out)
}

fn filled(t: &TemplateRow, print_data: Value) -> PrintData {
    // The approval records come from the workflow, which does not exist yet.
    let operator_record_list: Vec<OperatorRecord> = Vec::new();
    PrintData { print_template: t.print_template.clone(), print_data, operator_record_list }
}

/// GET printDev/{id}/Actions/Docx: the records printed (as `data`, within the caller's
/// reach) and written as a Word document (`docx.rs`) offered for download like an export: the
/// url carries its own key, so a plain link opens it. Named after the template.
pub async fn word(state: &AppState, caller: &Member, template_id: &str, ids: &[String]) -> Result<String, AppError> {
    let records = data(state, caller, template_id, ids).await?;
    let mut conn = state.db.acquire().await?;
    let t = repo::enabled_by_id(&mut conn, template_id).await?.ok_or_else(|| AppError::not_found(MISSING))?;
    drop(conn);
    let offset = state.config.utc_offset_minutes;
    let printer = format!("{}/{}", caller.real_name, caller.account);
    let time = qiming_core::date::DateTime::from_epoch_ms(state.clock.now_ms(), offset).map(|d| d.format("yyyy-MM-dd HH:mm")).unwrap_or_default();
    let paper = docx::Paper::of(&t.page_param);
    let template = t.print_template;
    let bytes = tokio::task::spawn_blocking(move || {
        let printing = fill::Printing { printer: &printer, time: &time, offset_minutes: offset };
        let parsed = fill::parse(&template);
        let filled: Vec<_> = records.iter().map(|r| fill::fill(&parsed, &r.print_data, &r.operator_record_list, &printing)).collect();
        docx::write(&paper, &filled, &docx::Pictures::new())
    })
    .await
    .map_err(|e| AppError::Internal(anyhow::anyhow!("docx: {e}")))?
    .map_err(|e| AppError::Internal(anyhow::anyhow!("docx: {e}")))?;
    let name = if t.full_name.trim().is_empty() { "下载文档".to_string() } else { t.full_name.trim().to_string() };
    crate::system::download::service::offer_bytes(state, &caller.user_id, &format!("{name}.docx"), &bytes).await
}

// ---- The print log ----

/// POST printLog/save (PRINT-007): after the browser's print dialog closed. A template the
/// caller cannot print (unknown or disabled) is refused.
pub async fn save_log(state: &AppState, caller: &Member, form: &PrintLogForm) -> Result<(), AppError> {
    let count = form.print_num.as_i64().or_else(|| form.print_num.as_str().and_then(|s| s.trim().parse().ok())).unwrap_or(1);
    if count < 0 {
        return Err(AppError::field("printNum", "打印条数不能小于0"));
    }
    let mut conn = state.db.acquire().await?;
    if repo::enabled_by_id(&mut conn, form.print_id.trim()).await?.is_none() {
        return Err(AppError::not_found(MISSING));
    }
    let title: String = form.print_title.trim().chars().take(200).collect();
    repo::insert_log(&mut conn, &new_id(), form.print_id.trim(), &title, count, &caller.user_id, state.clock.now_ms()).await
}

fn number_arg(field: &str, text: Option<&str>) -> Result<Option<i64>, AppError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => t.parse().map(Some).map_err(|_| AppError::field(field.to_string(), format!("{field}应为整数"))),
    }
}

/// GET printLog/{templateId}: a page of one template's log (the page's menu; the template in
/// the caller's reach). `currentPage` 0, which the JNPF client always sends, is the first page.
pub async fn log(state: &AppState, permit: &Permit<ViewTemplate>, template_id: &str, q: &LogQuery) -> Result<PageOf<PrintLogRow>, AppError> {
    let current_page = number_arg("currentPage", q.current_page.as_deref())?.unwrap_or(1).max(1);
    let page_size = number_arg("pageSize", q.page_size.as_deref())?.unwrap_or(20);
    let page = crate::wire::PageQuery { current_page: Some(current_page), page_size: Some(page_size) }.page()?;
    let start = number_arg("startTime", q.start_time.as_deref())?;
    let end = number_arg("endTime", q.end_time.as_deref())?;
    let mut conn = state.db.acquire().await?;
    crud::found(&Templates, &mut conn, permit.scope(), template_id).await?;
    let (list, total) = repo::log_page(&mut conn, template_id, Keyword::parse(q.keyword.as_deref()).as_ref(), start, end, page).await?;
    Ok(page.of(list, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_and_ids() {
        assert_eq!(statements(r#"[{"sql":"select 1 "},{"sql":""}]"#), Some(vec!["select 1".to_string(), String::new()]));
        assert_eq!(statements("[1]"), None);
        assert_eq!(statements(""), Some(vec![]));
        assert_eq!(form_ids(" a,b,,a "), vec!["a", "b"]);
        assert!(good_code("a.b1") && !good_code(".a") && !good_code("a.") && !good_code("a-b"));
    }
}
