//! Model definitions: the draft's form, copy, the picker, the fields offered to related
//! forms, and release. Release runs core's `model::check_definition` (the very check the
//! browser runs) and then looks up every outside thing the definition names in the areas
//! that own it; all problems are answered at once, and only a definition with none is
//! stored, as a new immutable version.

use super::dto::{FieldDataQuery, RecordRow, FormField, ModelForm, ModelInfo, ModelListRow, ModelQuery, ModelRow, ReleaseForm, ModelNode, SelectorQuery};
use super::definition::{draft_definition, record_name, released_definition};
use super::repo::{self, Filter};
use super::{AddModel, EditModel, ReleaseModel, RemoveModel, ViewModel};
use crate::state::AppState;
use crate::access::{DataScope, Member, Permit, RecordPermit};
use crate::db::{Arg, Conn, Keyword};
use crate::error::{AppError, FieldErrors};
use crate::support::forms::{number_column, text, text_column};
use crate::support::new_id;
use crate::system::bill_rule::repo as bill_rules;
use crate::system::data_interface::repo as data_interfaces;
use crate::system::dictionary::repo as dictionaries;
use crate::wire::{Page, PageOf, Patch};
use qiming_core::model::{self, Field, Problem, Reference, ReferenceKind};
use serde_json::Value;
use std::collections::BTreeMap;

const MISSING: &str = "功能不存在";
const NOT_RELEASED: &str = "该功能尚未发布";

/// A part sent as JSON text or as JSON, as stored: text as it is, JSON written out, null ''.
fn part_text(p: &Patch<Value>) -> Option<String> {
    match p {
        Patch::Absent => None,
        Patch::Null => Some(String::new()),
        Patch::Value(Value::String(s)) => Some(s.clone()),
        Patch::Value(Value::Null) => Some(String::new()),
        Patch::Value(v) => Some(v.to_string()),
    }
}

fn part_column(columns: &mut Vec<(&'static str, Arg)>, column: &'static str, p: &Patch<Value>) {
    if let Some(t) = part_text(p) {
        columns.push((column, t.into()));
    }
}

/// The form's own rules on what is sent (the parts are checked by release, not here: a
/// draft may be unfinished). `whole`: a create, where the names are required.
fn check_form(form: &ModelForm, whole: bool) -> Result<(), AppError> {
    let mut problems = FieldErrors::new();
    for (field, value, max) in [("fullName", &form.full_name, 100), ("enCode", &form.en_code, 50)] {
        let sent = matches!(value, Patch::Value(_) | Patch::Null);
        let t = text(value);
        if (whole || sent) && t.trim().is_empty() {
            problems.entry(field.into()).or_default().push(if field == "fullName" { "名称不能为空".into() } else { "编码不能为空".into() });
        } else if t.trim().chars().count() > max {
            problems.entry(field.into()).or_default().push(format!("最多{max}个字符"));
        }
    }
    if let Patch::Value(w) = form.web_type
        && !(1..=4).contains(&w)
    {
        problems.entry("webType".into()).or_default().push("页面类型有误".into());
    }
    for (field, value) in [("enableFlow", &form.enable_flow), ("state", &form.state)] {
        if let Patch::Value(v) = value
            && !(0..=1).contains(v)
        {
            problems.entry(field.into()).or_default().push("只能是0或1".into());
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(AppError::fields(problems)) }
}

fn category(q: &Option<String>) -> Option<&str> {
    q.as_deref().map(str::trim).filter(|c| !c.is_empty())
}

/// GET Base: a page of the models, by name or code, of one type and category.
pub async fn page(state: &AppState, permit: &Permit<ViewModel>, q: &ModelQuery, page: Page) -> Result<PageOf<ModelListRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let keyword = Keyword::parse(q.keyword.as_deref());
    let f = Filter { keyword: keyword.as_ref(), model_type: q.r#type, category: category(&q.category) };
    let (list, total) = repo::page(&mut conn, permit.scope(), &f, page).await?;
    Ok(page.of(list, total))
}

/// GET Base/list: the same rows without paging.
pub async fn list(state: &AppState, permit: &Permit<ViewModel>, q: &ModelQuery) -> Result<Vec<ModelListRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let keyword = Keyword::parse(q.keyword.as_deref());
    let f = Filter { keyword: keyword.as_ref(), model_type: q.r#type, category: category(&q.category) };
    repo::all(&mut conn, permit.scope(), &f).await
}

/// GET Base/Selector: the released models of the web types asked for, under their
/// categories (models without one under 未分类).
pub async fn selector(state: &AppState, _caller: &Member, q: &SelectorQuery) -> Result<Vec<ModelNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let web_types: Vec<i64> = q.web_type.as_deref().unwrap_or("").split(',').filter_map(|t| t.trim().parse().ok()).collect();
    let rows = repo::released(&mut conn, q.r#type, q.enable_flow).await?;
    let mut groups: Vec<ModelNode> = Vec::new();
    for r in rows.into_iter().filter(|r| web_types.is_empty() || web_types.contains(&r.web_type)) {
        let group_id = if r.category.is_empty() { "0".to_string() } else { r.category.clone() };
        let at = match groups.iter().position(|g| g.id == group_id) {
            Some(at) => at,
            None => {
                let name = if r.category_name.is_empty() { if r.category.is_empty() { "未分类".to_string() } else { r.category.clone() } } else { r.category_name.clone() };
                groups.push(ModelNode { id: group_id.clone(), full_name: name, en_code: String::new(), parent_id: "0".into(), web_type: None, has_children: true, children: Vec::new() });
                groups.len() - 1
            }
        };
        groups[at].children.push(ModelNode { id: r.id, full_name: r.full_name, en_code: r.en_code, parent_id: group_id, web_type: Some(r.web_type), has_children: false, children: Vec::new() });
    }
    Ok(groups)
}

async fn draft_in_scope(conn: &mut Conn, scope: &DataScope, id: &str) -> Result<ModelRow, AppError> {
    repo::by_id(conn, scope, id).await?.ok_or_else(|| AppError::not_found(MISSING))
}

/// GET Base/{id}: the draft.
pub async fn info(state: &AppState, permit: &Permit<ViewModel>, id: &str) -> Result<ModelInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    draft_in_scope(&mut conn, permit.scope(), id).await
}

async fn check_code(conn: &mut Conn, en_code: &str, except: &str) -> Result<(), AppError> {
    if repo::code_taken(conn, en_code, except).await? {
        return Err(AppError::field("enCode", "编码已存在"));
    }
    Ok(())
}

fn number_or(p: &Patch<i64>, default: i64) -> i64 {
    match p {
        Patch::Value(v) => *v,
        _ => default,
    }
}

/// POST Base: a new draft; type 1, webType 2, dbLinkId '0', sortCode 0, enableFlow 0 and
/// state 1 unless sent. Answers the new id.
pub async fn create(state: &AppState, permit: &Permit<AddModel>, form: ModelForm) -> Result<String, AppError> {
    check_form(&form, true)?;
    let db_link = text(&form.db_link_id);
    let m = ModelRow {
        id: new_id(),
        full_name: text(&form.full_name).trim().to_string(),
        en_code: text(&form.en_code).trim().to_string(),
        r#type: number_or(&form.r#type, 1),
        web_type: number_or(&form.web_type, 2),
        db_link_id: if db_link.is_empty() { "0".into() } else { db_link },
        sort_code: number_or(&form.sort_code, 0),
        enable_flow: number_or(&form.enable_flow, 0),
        state: number_or(&form.state, 1),
        category: text(&form.category),
        description: text(&form.description),
        tables: part_text(&form.tables).unwrap_or_default(),
        form_data: part_text(&form.form_data).unwrap_or_default(),
        column_data: part_text(&form.column_data).unwrap_or_default(),
        app_column_data: part_text(&form.app_column_data).unwrap_or_default(),
        interface_id: text(&form.interface_id),
        interface_name: text(&form.interface_name),
        interface_param: part_text(&form.interface_param).unwrap_or_default(),
        is_release: 0,
        pc_is_release: 0,
        app_is_release: 0,
        version: 0,
    };
    let mut tx = state.db.begin().await?;
    check_code(&mut tx, &m.en_code, "").await?;
    repo::insert(&mut tx, &m, &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(m.id)
}

/// PUT Base/{id}: only what is sent changes. The released versions stay as they are until
/// the next release.
pub async fn update(state: &AppState, permit: &Permit<EditModel>, id: &str, form: ModelForm) -> Result<(), AppError> {
    check_form(&form, false)?;
    let mut tx = state.db.begin().await?;
    let m = draft_in_scope(&mut tx, permit.scope(), id).await?;
    if let Patch::Value(code) = &form.en_code {
        check_code(&mut tx, code.trim(), &m.id).await?;
    }
    let mut columns: Vec<(&'static str, Arg)> = Vec::new();
    if let Patch::Value(name) = &form.full_name {
        columns.push(("full_name", name.trim().to_string().into()));
    }
    if let Patch::Value(code) = &form.en_code {
        columns.push(("en_code", code.trim().to_string().into()));
    }
    number_column(&mut columns, "model_type", &form.r#type);
    number_column(&mut columns, "web_type", &form.web_type);
    text_column(&mut columns, "db_link_id", &form.db_link_id);
    number_column(&mut columns, "sort_code", &form.sort_code);
    number_column(&mut columns, "enable_flow", &form.enable_flow);
    number_column(&mut columns, "state", &form.state);
    text_column(&mut columns, "category", &form.category);
    text_column(&mut columns, "description", &form.description);
    part_column(&mut columns, "tables", &form.tables);
    part_column(&mut columns, "form_data", &form.form_data);
    part_column(&mut columns, "column_data", &form.column_data);
    part_column(&mut columns, "app_column_data", &form.app_column_data);
    text_column(&mut columns, "interface_id", &form.interface_id);
    text_column(&mut columns, "interface_name", &form.interface_name);
    part_column(&mut columns, "interface_param", &form.interface_param);
    repo::update(&mut tx, &m.id, columns, &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// DELETE Base/{id}: the draft and its released versions.
pub async fn delete(state: &AppState, permit: &Permit<RemoveModel>, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let m = draft_in_scope(&mut tx, permit.scope(), id).await?;
    repo::delete(&mut tx, &m.id).await?;
    tx.commit().await?;
    Ok(())
}

/// POST Base/{id}/Actions/Copy: a new unreleased draft with the same parts, named as JNPF
/// names copies (`<name>.副本<n>`, `<code><n>`, n five characters unique to the copy).
pub async fn copy(state: &AppState, permit: &Permit<AddModel>, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let mut m = draft_in_scope(&mut tx, permit.scope(), id).await?;
    let new = new_id();
    let suffix: String = new.chars().rev().take(5).collect();
    m.id = new;
    m.full_name = format!("{}.副本{suffix}", m.full_name);
    m.en_code = format!("{}{suffix}", m.en_code);
    (m.is_release, m.pc_is_release, m.app_is_release, m.version) = (0, 0, 0, 0);
    check_code(&mut tx, &m.en_code, "").await?;
    repo::insert(&mut tx, &m, &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// The record names of a model's fields as release and the pickers see them: its latest
/// released version, or None when it has never been released.
async fn released_fields(conn: &mut Conn, id: &str) -> Result<Option<Vec<Field>>, AppError> {
    Ok(repo::release_of(conn, id, None).await?.map(|r| model::definition_fields(&released_definition(&r))))
}

/// Looks up every outside thing a definition names in the area that owns it, each once;
/// answers a problem per reference not found. A form named must be released (its fields
/// are those of its latest version), or be the model itself (its own draft's fields).
/// Print templates are not looked up: this build has no print area yet.
async fn missing_references(conn: &mut Conn, own_id: &str, own_fields: &[Field], references: &[Reference]) -> Result<Vec<Problem>, AppError> {
    let mut found: BTreeMap<(ReferenceKind, String), bool> = BTreeMap::new();
    let mut forms: BTreeMap<String, Option<Vec<String>>> = BTreeMap::new();
    let mut problems = Vec::new();
    for r in references {
        match r.kind {
            ReferenceKind::PrintTemplate => continue,
            ReferenceKind::Form => {
                if !forms.contains_key(&r.id) {
                    let fields = if r.id == own_id { Some(own_fields.to_vec()) } else { released_fields(conn, &r.id).await? };
                    forms.insert(r.id.clone(), fields.map(|f| f.iter().map(record_name).collect()));
                }
                match &forms[&r.id] {
                    None => problems.push(r.missing()),
                    Some(names) => {
                        if let Some(target) = &r.target_field
                            && !names.iter().any(|n| n == target)
                        {
                            problems.push(r.missing_target_field());
                        }
                    }
                }
            }
            kind => {
                let key = (kind, r.id.clone());
                if !found.contains_key(&key) {
                    let exists = match kind {
                        ReferenceKind::Dictionary => dictionaries::type_by_id(conn, &r.id).await?.is_some(),
                        ReferenceKind::DataInterface => data_interfaces::for_call(conn, &r.id).await?.is_some(),
                        _ => bill_rules::code_exists(conn, &r.id).await?,
                    };
                    found.insert(key.clone(), exists);
                }
                if !found[&key] {
                    problems.push(r.missing());
                }
            }
        }
    }
    Ok(problems)
}

/// POST Base/{id}/Actions/Release: checks the draft whole (core's check, then every
/// reference), answers every problem at once (code 400, `data` the problems: path, field,
/// key, params, text), else stores it as the next version — a new row, so a form opened on
/// an earlier version keeps it — and marks the model released on the sides asked for.
pub async fn release(state: &AppState, permit: &Permit<ReleaseModel>, id: &str, form: ReleaseForm) -> Result<i64, AppError> {
    let mut tx = state.db.begin().await?;
    let mut m = draft_in_scope(&mut tx, permit.scope(), id).await?;
    let base = draft_definition(&m);
    let check = model::check_definition(&base);
    let mut problems = check.problems;
    let own_fields = model::definition_fields(&base);
    problems.extend(missing_references(&mut tx, &m.id, &own_fields, &check.references).await?);
    // The record tables, in this transaction: nothing is made when anything is refused.
    if problems.is_empty() {
        problems.extend(super::online::service::prepare_tables(&mut tx, &m.id, &base).await?);
    }
    if !problems.is_empty() {
        let msg = format!("发布失败：功能定义有{}处问题，{}", problems.len(), problems[0].message.text);
        let problems = serde_json::to_value(&problems).map_err(anyhow::Error::from)?;
        return Err(AppError::Problems { msg, problems });
    }
    let pc = form.pc.unwrap_or(1) == 1;
    let app = form.app.unwrap_or(0) == 1;
    if !pc && !app && m.pc_is_release == 0 && m.app_is_release == 0 {
        return Err(AppError::bad("请至少选择一个发布端"));
    }
    m.pc_is_release = i64::from(pc || m.pc_is_release == 1);
    m.app_is_release = i64::from(app || m.app_is_release == 1);
    m.version += 1;
    repo::insert_release(&mut tx, &new_id(), &m, &permit.caller().user_id, state.clock.now_ms()).await?;
    let menus_changed = super::release_menu::sync(&mut tx, &m, &form, &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    if menus_changed {
        // Everyone's menus may have changed: their pages reload them (CHAT-030).
        state.live.publish(crate::live::Event::menus_changed(&permit.caller().user_id));
    }
    Ok(m.version)
}

/// GET Base/{id}/FormDataFields: the fields of a model offered to related forms and custom
/// buttons: its released fields (the draft's before the first release), stored ones only;
/// filterType 1 leaves out sub-table columns.
pub async fn form_data_fields(state: &AppState, _caller: &Member, id: &str, filter_type: Option<i64>) -> Result<Vec<FormField>, AppError> {
    let mut conn = state.db.acquire().await?;
    let fields = match released_fields(&mut conn, id).await? {
        Some(fields) => fields,
        None => model::definition_fields(&draft_definition(&repo::draft(&mut conn, id).await?.ok_or_else(|| AppError::not_found(MISSING))?)),
    };
    let main_only = filter_type == Some(1);
    Ok(fields
        .iter()
        .filter(|f| !f.v_model.is_empty() && f.kind.is_some() && !(main_only && f.sub_table.is_some()))
        .map(|f| FormField { vmodel: record_name(f), label: f.label.clone() })
        .collect())
}

/// GET Base/{id}/FieldDataSelect: a page of a released model's records for the related-form
/// picker, in the caller's reach of that model (a granted form menu opening it, its data
/// scope and form permission; administrators all).
pub async fn field_data_select(state: &AppState, caller: &Member, id: &str, q: &FieldDataQuery, page: Page) -> Result<PageOf<RecordRow>, AppError> {
    {
        let mut conn = state.db.acquire().await?;
        if repo::release_of(&mut conn, id, None).await?.is_none() {
            return Err(AppError::not_found(NOT_RELEASED));
        }
    }
    let permit = RecordPermit::demand(state, caller, id, None).await?;
    super::online::service::related_page(state, &permit, id, q.keyword.as_deref(), q.relation_field.as_deref(), q.column_options.as_deref(), page).await
}
