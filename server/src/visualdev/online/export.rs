//! 导出 of a generated list (`POST {modelId}/Actions/Export`, jnpf-wire-engine2.md §4.1,
//! issue 28 §2): the list's records — the page shown (`dataType` 0) or every page the List
//! call's filters select (1) — in the caller's data scope, the chosen columns (`selectKey`,
//! sub-table columns as `table-column`) in the order sent, as an .xlsx to download.
//!
//! The records pipeline of the list is reused piece by piece: `filter::list_query` (the same
//! filters, keyword, super query and sort), `repo::page` and `repo::children` (the caller's
//! scope), the unstored calculations, `display::lookup_names` and `display::display` (names of
//! users and organisations, dictionary and option labels, related records' labels within
//! reach). What the list leaves to the browser — dates, switches — is written here as the form
//! shows it: dates in the field's own `format`, a switch by its activeTxt/inactiveTxt.
//!
//! Memory: every page is read in chunks of [`CHUNK`] rows and handed over a bounded channel to
//! a blocking task that writes them with rust_xlsxwriter's constant-memory worksheet (rows go
//! to a temporary file as they come, strings inline): at any time at most a few chunks are in
//! memory, whatever the number of records. The finished workbook (compressed) is kept for
//! download as the other exports are (`system::download`): a url that authorises itself and
//! expires.
//!
//! Cells whose text starts with `=`, `+`, `-`, `@` (or a tab or carriage return) are written
//! as text with Excel's quote prefix: a spreadsheet shows them as typed and never runs them as
//! formulas, even after the cell is edited; the value read back is the text itself.

use super::display::{display, lookup_names, related_reach};
use super::dto::RecordExportForm;
use super::filter::{self, ListQuery};
use super::layout::Read;
use super::list::fill_unstored;
use super::record::{FORBIDDEN, unstored_calculations};
use super::released::{Loaded, NOT_RELEASED, load};
use super::repo;
use super::values::value_of;
use crate::access::RecordPermit;
use crate::error::AppError;
use crate::state::AppState;
use crate::system::download::service as download;
use crate::visualdev::definition::record_name;
use crate::visualdev::repo as models;
use qiming_core::date::DateTime;
use qiming_core::model::Field;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The JNPF button value of 导出 (`btn_download` under button permission).
pub const BTN_DOWNLOAD: &str = "btn_download";
/// Rows read and written at a time for an export of every page.
const CHUNK: u64 = 1000;
/// Chunks waiting for the writer at most.
const QUEUED: usize = 2;

/// One cell of the workbook.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Empty,
    Text(String),
    Number(f64),
}

/// What a chosen column reads: a main field, or a sub-table's column (its rows' values joined).
enum Column<'a> {
    Main(&'a Field),
    Sub { table: String, field: &'a Field },
}

/// Whether a text would be taken as a formula by a spreadsheet (OWASP "CSV injection").
pub fn formula_like(text: &str) -> bool {
    text.starts_with(['=', '+', '-', '@', '\t', '\r'])
}

/// POST {modelId}/Actions/Export: the url of the workbook.
pub async fn export(state: &AppState, permit: &RecordPermit, model_id: &str, form: RecordExportForm) -> Result<String, AppError> {
    if !permit.has_button(BTN_DOWNLOAD) {
        return Err(AppError::forbidden(FORBIDDEN));
    }
    let all_pages = match form.data_type.unwrap_or(0) {
        0 => false,
        1 => true,
        _ => return Err(AppError::field("dataType", "导出范围只能是当前页面数据（0）或全部页面数据（1）")),
    };
    let page = crate::wire::PageQuery { current_page: form.list.current_page, page_size: form.list.page_size }.page_up_to(crate::wire::RECORDS_UNPAGED)?;
    let mut conn = state.db.acquire().await?;
    let (loaded, _) = load(state, &mut conn, model_id).await?;
    let title = models::release_of(&mut conn, model_id, None).await?.ok_or_else(|| AppError::not_found(NOT_RELEASED))?.full_name;
    let columns = loaded.main_columns();
    let query: ListQuery = filter::list_query(&loaded.column_data, &columns, &|field| permit.has_field(field), &form.list)?;
    let reads: Vec<Read> = columns.iter().map(|(_, r)| r.clone()).collect();

    // The chosen columns, each a field the caller may see, with its header.
    if form.select_key.is_empty() {
        return Err(AppError::field("selectKey", "请至少选择一个导出字段"));
    }
    let labels = column_labels(&loaded.column_data);
    let mut chosen: Vec<(Column, String)> = Vec::new();
    for key in &form.select_key {
        let column = match key.split_once('-') {
            Some((table, name)) if loaded.children.contains_key(table) => loaded
                .fields
                .iter()
                .find(|f| f.sub_table.as_deref() == Some(table) && f.v_model == name && f.kind.is_some())
                .filter(|f| permit.has_field(&record_name(f)))
                .map(|field| Column::Sub { table: table.to_string(), field }),
            _ => loaded.fields.iter().find(|f| f.sub_table.is_none() && &f.v_model == key && (f.kind.is_some() || f.jnpf_key == "calculate")).filter(|f| permit.has_field(&f.v_model)).map(Column::Main),
        };
        let Some(column) = column else { return Err(AppError::field("selectKey", format!("导出字段不存在：{key}"))) };
        let header = labels.get(key.as_str()).cloned().unwrap_or_else(|| match &column {
            Column::Main(f) => f.label.clone(),
            Column::Sub { table, field } => format!("{}-{}", loaded.fields.iter().find(|t| &t.v_model == table).map(|t| t.label.as_str()).unwrap_or(table), field.label),
        });
        chosen.push((column, header));
    }
    let sub_tables: Vec<String> = {
        let mut v: Vec<String> = chosen.iter().filter_map(|(c, _)| if let Column::Sub { table, .. } = c { Some(table.clone()) } else { None }).collect();
        v.dedup();
        v.sort();
        v.dedup();
        v
    };
    let unstored = unstored_calculations(&loaded).any(|f| f.sub_table.is_none() && chosen.iter().any(|(c, _)| matches!(c, Column::Main(m) if m.v_model == f.v_model)));
    let reach = related_reach(state, permit, &loaded).await?;
    let offset = state.config.utc_offset_minutes;

    // The writer: a blocking task fed chunk by chunk.
    let headers: Vec<String> = chosen.iter().map(|(_, h)| h.clone()).collect();
    let sheet = sheet_name(&title);
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Vec<Vec<Cell>>>(QUEUED);
    let writer = tokio::task::spawn_blocking(move || -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
        let mut book = rust_xlsxwriter::Workbook::new();
        let ws = book.add_worksheet_with_constant_memory()?;
        ws.set_name(&sheet)?;
        let bold = rust_xlsxwriter::Format::new().set_bold();
        let quoted = rust_xlsxwriter::Format::new().set_quote_prefix();
        for (c, h) in headers.iter().enumerate() {
            ws.set_column_width(c as u16, 18)?;
            write_text(ws, 0, c as u16, h, Some(&bold), &quoted)?;
        }
        let mut r: u32 = 1;
        while let Some(rows) = rx.blocking_recv() {
            for row in rows {
                for (c, cell) in row.iter().enumerate() {
                    match cell {
                        Cell::Empty => {}
                        Cell::Text(t) => write_text(ws, r, c as u16, t, None, &quoted)?,
                        Cell::Number(n) => {
                            ws.write_number(r, c as u16, *n)?;
                        }
                    }
                }
                r += 1;
            }
        }
        book.save_to_buffer()
    });

    let (mut at, limit) = if all_pages { (0u64, CHUNK) } else { (page.offset() as u64, page.page_size as u64) };
    loop {
        // A known total skips the count: an export reads until a chunk comes back short.
        let (rows, _) = repo::page(&mut conn, &loaded.main, permit.scope(), &query, at, limit, &reads, Some(i64::MAX)).await?;
        let n = rows.len() as u64;
        let mut raw: Vec<(repo::Head, Map<String, Value>)> = rows
            .into_iter()
            .map(|(head, cells)| {
                let mut row = Map::new();
                for ((f, r), cell) in columns.iter().zip(&cells) {
                    if let Some(kind) = &f.kind {
                        row.insert(f.v_model.clone(), value_of(r.storage, kind, cell));
                    }
                }
                (head, row)
            })
            .collect();
        if unstored {
            fill_unstored(&mut conn, &loaded, &mut raw, None).await?;
        }
        // The chosen sub-tables' rows of the chunk, by record.
        let ids: Vec<String> = raw.iter().map(|(h, _)| h.id.clone()).collect();
        let mut subs: BTreeMap<(String, String), Vec<Map<String, Value>>> = BTreeMap::new();
        for table in &sub_tables {
            let child = loaded.child_columns(table);
            let child_reads: Vec<Read> = child.iter().map(|(_, r)| r.clone()).collect();
            for (parent, _, cells) in repo::children(&mut conn, &loaded.children[table], &ids, &child_reads).await? {
                let mut row = Map::new();
                for ((f, r), cell) in child.iter().zip(&cells) {
                    if let Some(kind) = &f.kind {
                        row.insert(f.v_model.clone(), value_of(r.storage, kind, cell));
                    }
                }
                subs.entry((parent, table.clone())).or_default().push(row);
            }
        }
        // Names of the whole chunk at once, as the list looks up a page.
        let mut values = Map::new();
        for (column, _) in &chosen {
            match column {
                Column::Main(f) => {
                    values.insert(f.v_model.clone(), Value::Array(raw.iter().filter_map(|(_, row)| row.get(&f.v_model).cloned()).collect()));
                }
                Column::Sub { table, .. } => {
                    let rows: Vec<Value> = subs.iter().filter(|((_, t), _)| t == table).flat_map(|(_, rows)| rows.iter().cloned().map(Value::Object)).collect();
                    values.insert(table.clone(), Value::Array(rows));
                }
            }
        }
        let (names, options) = lookup_names(&mut conn, &loaded, &reach, &values).await?;
        let out: Vec<Vec<Cell>> = raw
            .iter()
            .map(|(head, row)| {
                chosen
                    .iter()
                    .map(|(column, _)| match column {
                        Column::Main(f) => row.get(&f.v_model).map(|v| cell_of(&loaded, f, &display(f, v, &names, &options), offset)).unwrap_or(Cell::Empty),
                        Column::Sub { table, field } => {
                            let texts: Vec<String> = subs
                                .get(&(head.id.clone(), table.clone()))
                                .map(|rows| rows.iter().filter_map(|r| r.get(&field.v_model)).map(|v| text_of(cell_of(&loaded, field, &display(field, v, &names, &options), offset))).filter(|t| !t.is_empty()).collect())
                                .unwrap_or_default();
                            if texts.is_empty() { Cell::Empty } else { Cell::Text(texts.join("，")) }
                        }
                    })
                    .collect()
            })
            .collect();
        if tx.send(out).await.is_err() {
            break;
        }
        if !all_pages || n < limit {
            break;
        }
        at += limit;
    }
    drop(tx);
    drop(conn);
    let bytes = writer.await.map_err(anyhow::Error::from)?.map_err(anyhow::Error::from)?;
    download::offer_bytes(state, &permit.caller().user_id, &format!("{title}.xlsx"), &bytes).await
}

fn write_text(ws: &mut rust_xlsxwriter::Worksheet, r: u32, c: u16, text: &str, format: Option<&rust_xlsxwriter::Format>, quoted: &rust_xlsxwriter::Format) -> Result<(), rust_xlsxwriter::XlsxError> {
    if text.is_empty() {
        return Ok(());
    }
    match format {
        Some(f) => ws.write_string_with_format(r, c, text, f)?,
        None if formula_like(text) => ws.write_string_with_format(r, c, text, quoted)?,
        None => ws.write_string(r, c, text)?,
    };
    Ok(())
}

/// The list columns' labels by prop (the header the list shows).
fn column_labels(column_data: &Value) -> BTreeMap<&str, String> {
    column_data
        .get("columnList")
        .and_then(Value::as_array)
        .map(|l| l.iter().filter_map(|c| Some((c.get("prop")?.as_str()?, c.get("label")?.as_str()?.to_string()))).collect())
        .unwrap_or_default()
}

/// A worksheet name Excel takes: at most 31 characters, none of `[]:*?/\`.
fn sheet_name(title: &str) -> String {
    let name: String = title.chars().filter(|c| !"[]:*?/\\".contains(*c)).take(31).collect();
    let name = name.trim_matches('\'').trim().to_string();
    if name.is_empty() { "Sheet1".into() } else { name }
}

fn text_of(cell: Cell) -> String {
    match cell {
        Cell::Empty => String::new(),
        Cell::Text(t) => t,
        Cell::Number(n) => number_text(n),
    }
}

fn number_text(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 { format!("{}", n as i64) } else { n.to_string() }
}

/// The widget of a field in the released definition.
fn widget<'a>(loaded: &'a Loaded, f: &Field) -> Option<&'a Value> {
    f.path.strip_prefix("/formData").and_then(|p| loaded.form_data.pointer(p))
}

/// A display value as a cell: numbers as numbers, times in the field's format, a switch by its
/// texts, lists joined.
fn cell_of(loaded: &Loaded, f: &Field, v: &Value, offset: i32) -> Cell {
    let w = widget(loaded, f);
    let attr = |key: &str| w.and_then(|w| w.get(key)).and_then(Value::as_str).filter(|s| !s.is_empty());
    let date = |ms: i64, pattern: &str| DateTime::from_epoch_ms(ms, offset).map(|d| d.format(pattern)).unwrap_or_default();
    let ms_of = |v: &Value| v.as_i64().or_else(|| v.as_f64().map(|f| f as i64)).or_else(|| v.as_str().and_then(|s| s.parse().ok()));
    match f.jnpf_key.as_str() {
        "date" | "createTime" | "modifyTime" => {
            let pattern = attr("format").unwrap_or(if f.jnpf_key == "date" { "yyyy-MM-dd" } else { "yyyy-MM-dd HH:mm:ss" });
            match ms_of(v) {
                Some(ms) => Cell::Text(date(ms, pattern)),
                None => plain(v),
            }
        }
        "dateRange" => {
            let pattern = attr("format").unwrap_or("yyyy-MM-dd");
            match v.as_array() {
                Some(items) => Cell::Text(items.iter().map(|i| ms_of(i).map(|ms| date(ms, pattern)).unwrap_or_default()).collect::<Vec<_>>().join("至")),
                None => plain(v),
            }
        }
        "timeRange" => match v.as_array() {
            Some(items) => Cell::Text(items.iter().filter_map(Value::as_str).collect::<Vec<_>>().join("至")),
            None => plain(v),
        },
        "switch" => {
            let on = matches!(v, Value::Bool(true)) || v.as_i64() == Some(1) || v.as_str() == Some("1");
            let text = if on { attr("activeTxt").unwrap_or("开") } else { attr("inactiveTxt").unwrap_or("关") };
            Cell::Text(text.to_string())
        }
        _ => plain(v),
    }
}

fn plain(v: &Value) -> Cell {
    match v {
        Value::Null => Cell::Empty,
        Value::Number(n) => n.as_f64().map(Cell::Number).unwrap_or(Cell::Empty),
        Value::String(s) if s.is_empty() => Cell::Empty,
        Value::String(s) => Cell::Text(s.clone()),
        Value::Bool(b) => Cell::Text(if *b { "是" } else { "否" }.into()),
        Value::Array(items) => Cell::Text(items.iter().map(|i| i.as_str().map(str::to_string).unwrap_or_else(|| i.to_string())).collect::<Vec<_>>().join(",")),
        Value::Object(_) => Cell::Text(v.to_string()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn formula_like_texts() {
        for t in ["=1+1", "+86", "-2", "@SUM(A1)", "\t=x"] {
            assert!(super::formula_like(t), "{t}");
        }
        for t in ["张三", "1=1", "a-b", ""] {
            assert!(!super::formula_like(t), "{t}");
        }
        assert_eq!(super::sheet_name("台账[2024]/门诊"), "台账2024门诊");
        assert_eq!(super::sheet_name("::"), "Sheet1");
    }
}
