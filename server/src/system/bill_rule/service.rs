//! Serial-number rules: the form's rules (core's entity form for the names and category,
//! core's `serial` for the numbering fields), the example, and issuing numbers. A number is
//! issued in one short transaction that holds the rule's row: read the last number, compute
//! the next with core's `SerialRule::next_after` (which starts again from the start number
//! when the date part changed), write it, commit — so concurrent requests, in one process or
//! several sharing the database, each get their own consecutive number.

use super::dto::{RuleFile, RuleForm, RuleInfo, RuleListRow, RuleOption, RuleQuery, RuleRow};
use super::repo::{self, Rules};
use super::{AddBillRule, EditBillRule, ExportBillRule, ImportBillRule, RemoveBillRule, ViewBillRule};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::crud;
use crate::db::{Conn, Keyword};
use crate::error::{AppError, FieldErrors};
use crate::support::forms::{Columns, check_numbers, text};
use crate::support::new_id;
use crate::system::download::JsonFile;
use crate::wire::{Page, PageOf, Patch};
use qiming_core::date::DateTime;
use qiming_core::entity::{self, Form};
use qiming_core::serial::{SerialRule, check_serial_rule};
use serde_json::{Map, Value, json};


/// Today in the configured zone.
fn today(state: &AppState) -> Result<DateTime, AppError> {
    DateTime::from_epoch_ms(state.clock.now_ms(), state.config.utc_offset_minutes).ok_or_else(|| AppError::Internal(anyhow::anyhow!("the clock is out of range")))
}

/// A number or text sent for digit / startNumber, as core reads it.
fn sent_value(p: &Patch<Value>) -> Option<Value> {
    match p {
        Patch::Value(v) => Some(v.clone()),
        Patch::Null => Some(Value::Null),
        Patch::Absent => None,
    }
}

/// The numbering fields as core reads them.
fn numbering(prefix: &str, date_format: &str, digit: &Value, start_number: &Value) -> Value {
    json!({"prefix": prefix, "dateFormat": date_format, "digit": digit, "startNumber": start_number})
}

fn numbering_of(r: &RuleRow) -> Value {
    numbering(&r.prefix, &r.date_format, &json!(r.digit), &json!(r.start_number))
}

/// Every message of the form at once: core's entity form (names, category) on `record`, and
/// core's serial rule on the numbering the rule will have (`rule`).
fn check_rule(record: &Map<String, Value>, whole: bool, rule: &Value) -> Result<SerialRule, AppError> {
    let mut problems: FieldErrors = FieldErrors::new();
    for (field, messages) in entity::check(Form::BillRule, record, whole).into_iter().chain(check_serial_rule(rule)) {
        problems.entry(field).or_default().extend(messages.into_iter().map(|m| m.text));
    }
    if !problems.is_empty() {
        return Err(AppError::fields(problems));
    }
    SerialRule::from_json(rule, true).map_err(|_| AppError::bad("流水规则有误"))
}

async fn check_category(conn: &mut Conn, category: &str) -> Result<(), AppError> {
    if !crate::system::dictionary::repo::is_item(conn, "businessType", category).await? {
        return Err(AppError::field("category", "业务分类不存在"));
    }
    Ok(())
}

/// GET BillRule (BILL-023): a page of the rules, searched by name or code, of one category.
pub async fn list(state: &AppState, permit: &Permit<ViewBillRule>, q: &RuleQuery, page: Page) -> Result<PageOf<RuleListRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let category = q.category_id.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let (list, total) = repo::page(&mut conn, permit.scope(), Keyword::parse(q.keyword.as_deref()).as_ref(), category, page).await?;
    Ok(page.of(list, total))
}

/// GET BillRule/Selector (BILL-024, BILL-025): the enabled rules for any member.
pub async fn selector(state: &AppState, _caller: &Member, q: &RuleQuery, page: Page) -> Result<PageOf<RuleOption>, AppError> {
    let mut conn = state.db.acquire().await?;
    let category = q.category_id.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let (list, total) = repo::enabled_page(&mut conn, Keyword::parse(q.keyword.as_deref()).as_ref(), category, page).await?;
    Ok(page.of(list, total))
}

/// GET BillRule/{id} (BILL-002): the form, with today's example (BILL-005).
pub async fn info(state: &AppState, permit: &Permit<ViewBillRule>, id: &str) -> Result<RuleInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    let r = crud::found(&Rules, &mut conn, permit.scope(), id).await?;
    let date = today(state)?;
    let example = SerialRule::from_json(&numbering_of(&r), false).map(|rule| rule.preview(&date)).unwrap_or_default();
    Ok(RuleInfo {
        id: r.id,
        full_name: r.full_name,
        en_code: r.en_code,
        category: r.category,
        prefix: r.prefix,
        date_format: r.date_format,
        digit: r.digit,
        start_number: r.start_number,
        example,
        output_number: r.output_number,
        sort_code: r.sort_code,
        enabled_mark: r.enabled_mark,
        description: r.description,
    })
}

fn columns(form: &RuleForm) -> Columns {
    Columns::new().text("full_name", &form.full_name).text("en_code", &form.en_code).text("category", &form.category).listed(&form.sort_code, &form.enabled_mark, &form.description)
}

/// The numbering a rule ends with (every numbering column, also on an update: core checked
/// it whole) and today's example of it.
fn numbered(columns: Columns, serial: &SerialRule, date_format: String, example: String) -> Columns {
    columns
        .value("prefix", Some(serial.prefix.clone()))
        .value("date_format", Some(date_format))
        .value("digit", Some(serial.digit as i64))
        .value("start_number", Some(serial.start_number.clone()))
        .value("example", Some(example))
}

fn record_of(form: &RuleForm) -> Result<Map<String, Value>, AppError> {
    match serde_json::to_value(form).map_err(anyhow::Error::from)? {
        Value::Object(map) => Ok(map),
        _ => Ok(Map::new()),
    }
}

/// POST BillRule (BILL-008..022): every field's rule with the dialog's messages, a category
/// of businessType, sortCode 0 by default (BILL-006), enabledMark 1 (BILL-007); the example
/// is computed by core for today.
pub async fn create(state: &AppState, permit: &Permit<AddBillRule>, form: RuleForm) -> Result<(), AppError> {
    let digit = sent_value(&form.digit).unwrap_or(Value::Null);
    let start = sent_value(&form.start_number).unwrap_or(Value::Null);
    let rule = numbering(&text(&form.prefix), &text(&form.date_format), &digit, &start);
    let serial = check_rule(&record_of(&form)?, true, &rule)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let category = text(&form.category);
    let mut tx = state.db.begin().await?;
    check_category(&mut tx, &category).await?;
    let columns = numbered(columns(&form), &serial, text(&form.date_format), serial.preview(&today(state)?));
    crud::insert(&Rules, &mut tx, &new_id(), columns.created(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// PUT BillRule/{id}: only what is sent changes; the numbering the rule ends with is checked
/// whole. Numbers already issued stay; the next one follows the changed rule (core starts
/// again from the start number when the last one no longer fits it).
pub async fn update(state: &AppState, permit: &Permit<EditBillRule>, id: &str, form: RuleForm) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let found = crud::found(&Rules, &mut tx, permit.scope(), id).await?;
    let prefix = if form.prefix.is_absent() { found.prefix.clone() } else { text(&form.prefix) };
    let date_format = if form.date_format.is_absent() { found.date_format.clone() } else { text(&form.date_format) };
    let digit = sent_value(&form.digit).unwrap_or_else(|| json!(found.digit));
    let start = sent_value(&form.start_number).unwrap_or_else(|| json!(found.start_number));
    let serial = check_rule(&record_of(&form)?, false, &numbering(&prefix, &date_format, &digit, &start))?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    if let Patch::Value(c) = &form.category {
        check_category(&mut tx, c.trim()).await?;
    }
    let columns = numbered(columns(&form), &serial, date_format, serial.preview(&today(state)?));
    crud::update(&Rules, &mut tx, &found.id, columns.changed(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

pub async fn delete(state: &AppState, permit: &Permit<RemoveBillRule>, id: &str) -> Result<(), AppError> {
    crud::delete(&Rules, state, permit.scope(), id, &[]).await?;
    Ok(())
}

/// PUT BillRule/{id}/Actions/State (BILL-007): enabledMark 1 ↔ 0.
pub async fn toggle(state: &AppState, permit: &Permit<EditBillRule>, id: &str) -> Result<(), AppError> {
    crud::toggle(&Rules, state, permit.scope(), &permit.caller().user_id, id).await?;
    Ok(())
}

/// GET BillRule/BillNumber/{enCode}: the rule's next number, for any member (a form being
/// filled in). An unknown or disabled rule says so.
pub async fn next_number(state: &AppState, _caller: &Member, en_code: &str) -> Result<String, AppError> {
    let mut tx = state.db.begin().await?;
    let next = issue(state, &mut tx, en_code).await?;
    tx.commit().await?;
    Ok(next)
}

/// Issues the rule's next number inside the caller's transaction (a record being saved: the
/// number is taken only if the record is written).
pub async fn issue(state: &AppState, tx: &mut crate::db::Conn, en_code: &str) -> Result<String, AppError> {
    let date = today(state)?;
    let rule = repo::take_for_numbering(&mut *tx, en_code).await?.ok_or_else(|| AppError::not_found(format!("单据规则不存在：{en_code}")))?;
    if rule.enabled_mark != 1 {
        return Err(AppError::bad(format!("单据规则已停用：{}", rule.full_name)));
    }
    let serial = SerialRule::from_json(&numbering_of(&rule), false).map_err(|_| AppError::bad(format!("单据规则的流水设置有误：{}", rule.full_name)))?;
    let last = Some(rule.output_number.as_str()).filter(|n| !n.is_empty());
    let next = serial.next_after(last, &date);
    repo::set_output(&mut *tx, &rule.id, &next).await?;
    Ok(next)
}

/// The export file of a rule: its fields as JSON.
const FILE: JsonFile = JsonFile { extension: "bb", name: "单据规则", content: "单据规则" };

/// GET BillRule/{id}/Action/Export: the rule as a `.bb` file; answers its download url.
pub async fn export(state: &AppState, permit: &Permit<ExportBillRule>, id: &str) -> Result<String, AppError> {
    let mut conn = state.db.acquire().await?;
    let r = crud::found(&Rules, &mut conn, permit.scope(), id).await?;
    drop(conn);
    let file = RuleFile {
        id: r.id,
        full_name: r.full_name.clone(),
        en_code: r.en_code,
        category: r.category,
        prefix: r.prefix,
        date_format: r.date_format,
        digit: json!(r.digit),
        start_number: json!(r.start_number),
        sort_code: r.sort_code,
        enabled_mark: r.enabled_mark,
        description: r.description,
    };
    FILE.offer(state, &permit.caller().user_id, &r.full_name, &file).await
}

/// POST BillRule/Action/Import: a `.bb` file as exported, checked like the form (and its
/// code new here) before it is stored with a new id and nothing issued yet; a bad file
/// changes nothing and the message says why.
pub async fn import(state: &AppState, permit: &Permit<ImportBillRule>, file_name: &str, bytes: &[u8]) -> Result<(), AppError> {
    let file: RuleFile = FILE.read(file_name, bytes)?;
    let record = match serde_json::to_value(&file).map_err(anyhow::Error::from)? {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    let serial = check_rule(&record, true, &numbering(&file.prefix, &file.date_format, &file.digit, &file.start_number))
        .map_err(|e| AppError::bad(format!("单据规则“{}”：{e}", file.en_code.trim())))?;
    check_numbers(&Patch::Value(file.sort_code), &Patch::Value(file.enabled_mark))?;
    let mut tx = state.db.begin().await?;
    if repo::code_exists(&mut tx, file.en_code.trim()).await? {
        return Err(AppError::bad(format!("单据规则“{}”：{}已存在，不能重复导入", file.en_code.trim(), file.full_name.trim())));
    }
    check_category(&mut tx, file.category.trim()).await.map_err(|e| AppError::bad(format!("单据规则“{}”：{e}", file.en_code.trim())))?;
    let columns = Columns::new()
        .value("full_name", Some(file.full_name.trim()))
        .value("en_code", Some(file.en_code.trim()))
        .value("category", Some(file.category.trim()))
        .value("sort_code", Some(file.sort_code))
        .value("enabled_mark", Some(file.enabled_mark))
        .value("description", Some(file.description.trim()));
    let columns = numbered(columns, &serial, file.date_format.trim().to_string(), serial.preview(&today(state)?));
    crud::insert(&Rules, &mut tx, &new_id(), columns.created(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}
