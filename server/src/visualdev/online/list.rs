//! Lists of records: the generated list (`POST {modelId}/List`) and the related-form picker's
//! page. The request is parsed into a typed [`ListQuery`](super::filter::ListQuery)
//! (`filter`, no SQL); the repository builds one sea-query statement of it with the caller's
//! data scope; the page's display values come from `display`. A page's answer and its total
//! are kept in the area's state under keys made here.

use super::display::{display, lookup_names, related_reach};
use super::record::{fill_unstored_calculations, unstored_calculations};
use super::loaded::Loaded;
use super::dto::RecordListForm;
use super::filter::{self, ListQuery};
use super::released::load;
use super::layout::Read;
use super::repo;
use super::values::value_of;
use crate::access::RecordPermit;
use crate::db::{Conn, Engine, Keyword};
use crate::error::AppError;
use crate::state::AppState;
use crate::visualdev::definition::record_name;
use crate::visualdev::dto::RecordRow;
use crate::wire::{Page, PageOf};
use qiming_core::model::{Field, Options};
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, BTreeSet};

/// POST {modelId}/List: a page of records in scope, raw values by vModel plus `id`,
/// `version`, `creatorUserId`, `creatorTime`; filtered by `queryJson` and `keyword` (over
/// the text search fields), sorted by `sidx` (a sortable main field) then newest first.
pub async fn list(state: &AppState, permit: &RecordPermit, model_id: &str, form: RecordListForm) -> Result<PageOf<RecordRow>, AppError> {
    let page = crate::wire::PageQuery { current_page: form.current_page, page_size: form.page_size }.page_up_to(crate::wire::RECORDS_UNPAGED)?;
    let mut conn = state.db.acquire().await?;
    let engine = Engine::of(&conn);
    let (loaded, stamp) = load(state, &mut conn, model_id).await?;
    let data_stamp = stamp.data_version;
    let columns = loaded.main_columns();
    let query: ListQuery = filter::list_query(&loaded.column_data, &columns, &|field| permit.has_field(field), &form)?;
    let reads: Vec<Read> = columns.iter().map(|(_, r)| r.clone()).collect();
    // The total is counted once per filter until a record of the model is written.
    let count_key = format!("{model_id}|{}", repo::count_key(&loaded.main, engine, permit.scope(), &query.filters));
    // The whole answer is kept while nothing it shows changed: the model's records (and, when
    // it shows related records' labels, any model's), the names of users, organisations,
    // positions, roles and groups (generation row 1, the session's), the dictionaries. Area
    // names have no stamp: a list showing an address is not kept.
    let shown: Vec<&(&Field, Read)> = columns.iter().filter(|(f, _)| f.kind.is_some() && permit.has_field(&f.v_model)).collect();
    let unstored: Vec<&Field> = unstored_calculations(&loaded).filter(|f| f.sub_table.is_none() && permit.has_field(&f.v_model)).collect();
    // Sub-table columns the list shows (`table-column` props of columnList, granted): each row
    // answers those sub-tables' rows (jnpf-wire-engine.md §4.5, childTableStyle 1 and 2).
    let listed = listed_children(&loaded, permit);
    let shown_names: Vec<String> = shown
        .iter()
        .map(|(f, _)| f.v_model.clone())
        .chain(unstored.iter().map(|f| f.v_model.clone()))
        .chain(listed.values().flatten().map(|f| record_name(f)))
        .collect();
    // Pages of at most KEPT_PAGE_ROWS rows: a list without paging (10,000 rows) would hold
    // megabytes per entry.
    let keepable = page.page_size <= KEPT_PAGE_ROWS && !columns.iter().any(|(f, _)| f.jnpf_key == "address" && permit.has_field(&f.v_model));
    let relates = columns.iter().any(|(f, _)| matches!(f.options, Some(Options::Form { .. })) && permit.has_field(&f.v_model));
    // The related records' labels depend on the caller's reach of their models: part of the key.
    let reach = related_reach(state, permit, &loaded).await?;
    let answer_key = format!("{count_key}|{:?}|{}|{}|{}|{shown_names:?}|{reach:?}", query.sort.as_ref().map(|s| (&s.physical, s.descending)), page.current_page, page.page_size, relates);
    let answer_stamp = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        // The released version too: a new release may answer another shape (list type, columns).
        (data_stamp, stamp.release_version, permit.caller().generation, stamp.dictionaries, if relates { stamp.all_data } else { 0 }).hash(&mut h);
        h.finish() as i64
    };
    if keepable && let Some(answer) = state.visualdev.record_pages.get(&answer_key, answer_stamp) {
        return Ok((*answer).clone());
    }
    let known_total = state.visualdev.record_totals.get(&count_key, data_stamp);
    let (rows, total) = repo::page(&mut conn, &loaded.main, permit.scope(), &query, page.offset() as u64, page.page_size as u64, &reads, known_total).await?;
    if known_total.is_none() {
        state.visualdev.record_totals.put(&count_key, data_stamp, total);
    }
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
    // Calculate fields that store nothing, computed from each row's stored inputs (its
    // sub-table rows read for the page at once), before the ungranted fields are left out;
    // the listed sub-tables' rows, computed the same way, kept per record.
    let mut children: BTreeMap<String, Map<String, Value>> = BTreeMap::new();
    if !unstored.is_empty() || !listed.is_empty() {
        // Calculations may read any sub-table; the listed columns only their own.
        let only: Option<BTreeSet<&str>> = unstored.is_empty().then(|| listed.keys().map(String::as_str).collect());
        children = fill_unstored(&mut conn, &loaded, &mut raw, only.as_ref()).await?;
    }
    for (_, row) in raw.iter_mut() {
        row.retain(|name, _| permit.has_field(name));
    }
    // Display values (jnpf-wire-engine.md §4.5), the names of the whole page looked up at once:
    // each field's values of every row side by side.
    let mut page_values = Map::new();
    for (f, _) in &shown {
        page_values.insert(f.v_model.clone(), Value::Array(raw.iter().filter_map(|(_, row)| row.get(&f.v_model).cloned()).collect()));
    }
    for sub in listed.keys() {
        let rows: Vec<Value> = children.values().filter_map(|t| t.get(sub)).filter_map(Value::as_array).flatten().cloned().collect();
        page_values.insert(sub.clone(), Value::Array(rows));
    }
    let (names, options) = lookup_names(&mut conn, &loaded, &reach, &page_values).await?;
    let editable = loaded.column_data.get("type").and_then(Value::as_i64) == Some(4);
    let list = raw
        .into_iter()
        .map(|(head, values)| {
            let mut row = BTreeMap::new();
            for (f, _) in &shown {
                let Some(v) = values.get(&f.v_model) else { continue };
                let text = display(f, v, &names, &options);
                if editable {
                    // An editable list (type 4) edits the stored values in place: the text
                    // shown beside them as `<field>_name` (jnpf-wire-engine.md §4.5).
                    if &text != v {
                        row.insert(format!("{}_name", f.v_model), text);
                    }
                    row.insert(f.v_model.clone(), v.clone());
                    continue;
                }
                // The stored value beside a name (relationForm's `field_id`, the pickers').
                if &text != v {
                    row.insert(format!("{}_id", f.v_model), v.clone());
                }
                row.insert(f.v_model.clone(), text);
            }
            for f in &unstored {
                if let Some(v) = values.get(&f.v_model) {
                    row.insert(f.v_model.clone(), v.clone());
                }
            }
            for (sub, fields) in &listed {
                let rows = children.get(&head.id).and_then(|t| t.get(sub)).and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
                row.insert(sub.clone(), Value::Array(rows.iter().filter_map(Value::as_object).map(|child| child_row(child, fields, &names, &options)).collect()));
            }
            row.insert("id".into(), Value::String(head.id));
            row.insert("version".into(), json!(head.version));
            row.insert("creatorUserId".into(), Value::String(head.creator));
            row.insert("creatorTime".into(), json!(head.created));
            RecordRow(row)
        })
        .collect();
    // A grouped list (type 3) answers its rows under one row per value of the group field.
    // A tree table (type 5) answers its rows nested under their parents.
    let list = match grouping(&loaded.column_data) {
        Some((field, label)) => grouped(list, &field, &label),
        None => match parent_field(&loaded.column_data) {
            Some(parent) => nested(list, &parent),
            None => list,
        },
    };
    let answer = page_of(page, list, total);
    if keepable {
        state.visualdev.record_pages.put(&answer_key, answer_stamp, std::sync::Arc::new(answer.clone()));
    }
    Ok(answer)
}

/// A grouped list (columnData type 3 with a `groupField`): the group field and the column the
/// group rows' label goes under — the first listed column other than the group field
/// (jnpf-wire-engine.md §4.1, §4.5: the group field's own column is not shown).
fn grouping(column_data: &Value) -> Option<(String, String)> {
    if column_data.get("type").and_then(Value::as_i64) != Some(3) {
        return None;
    }
    let field = column_data.get("groupField").and_then(Value::as_str).filter(|f| !f.is_empty())?;
    let label = column_data
        .get("columnList")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|c| c.get("prop").and_then(Value::as_str))
        .find(|p| *p != field)
        .unwrap_or(field);
    Some((field.to_string(), label.to_string()))
}

/// The rows of a grouped list under one row per shown value of `field`, in the order the values
/// first come: `{id: "group:<n>", top: true, <label column>: the value, <field>: the value,
/// count, children}`; a record without a value under the group `""`.
fn grouped(rows: Vec<RecordRow>, field: &str, label: &str) -> Vec<RecordRow> {
    let mut groups: Vec<(String, Vec<RecordRow>)> = Vec::new();
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    for row in rows {
        let key = match row.0.get(field) {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Null) | None => String::new(),
            Some(v) => v.to_string(),
        };
        match index.get(&key) {
            Some(&at) => groups[at].1.push(row),
            None => {
                index.insert(key.clone(), groups.len());
                groups.push((key, vec![row]));
            }
        }
    }
    groups
        .into_iter()
        .enumerate()
        .map(|(n, (key, members))| {
            let mut row = BTreeMap::new();
            row.insert("id".into(), Value::String(format!("group:{n}")));
            row.insert("top".into(), Value::Bool(true));
            row.insert(field.to_string(), Value::String(key.clone()));
            row.insert(label.to_string(), Value::String(key));
            row.insert("count".into(), json!(members.len()));
            row.insert("children".into(), Value::Array(members.into_iter().map(|m| Value::Object(m.0.into_iter().collect())).collect()));
            RecordRow(row)
        })
        .collect()
}

/// A tree table (columnData type 5 with a `parentField`, a treeSelect holding the parent
/// record's id; jnpf-wire-engine.md §4.1, §4.5): the parent field.
fn parent_field(column_data: &Value) -> Option<String> {
    if column_data.get("type").and_then(Value::as_i64) != Some(5) {
        return None;
    }
    column_data.get("parentField").and_then(Value::as_str).filter(|f| !f.is_empty()).map(str::to_string)
}

/// The rows of a tree table nested by `parent` (the stored value: `<parent>_id` beside a
/// shown name): a row whose parent is another row of the answer is among that row's
/// `children`, in the answer's order; the others are top rows. A parent chain that loops
/// keeps its rows at the top rather than losing them.
fn nested(rows: Vec<RecordRow>, parent: &str) -> Vec<RecordRow> {
    let id_of = |r: &RecordRow| r.0.get("id").and_then(Value::as_str).unwrap_or("").to_string();
    let parent_of = |r: &RecordRow| match r.0.get(&format!("{parent}_id")).or_else(|| r.0.get(parent)) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(path)) => path.last().and_then(Value::as_str).unwrap_or("").to_string(),
        _ => String::new(),
    };
    let ids: BTreeSet<String> = rows.iter().map(id_of).collect();
    let parents: BTreeMap<String, String> = rows.iter().map(|r| (id_of(r), parent_of(r))).filter(|(_, p)| ids.contains(p)).collect();
    // A row is nested only when its chain of parents ends at a top row (no loop).
    let rooted = |id: &str| {
        let mut seen = BTreeSet::new();
        let mut at = id.to_string();
        while let Some(p) = parents.get(&at) {
            if !seen.insert(at.clone()) {
                return false;
            }
            at = p.clone();
        }
        true
    };
    let mut children: BTreeMap<String, Vec<RecordRow>> = BTreeMap::new();
    let mut top = Vec::new();
    for row in rows {
        let id = id_of(&row);
        match parents.get(&id) {
            Some(p) if rooted(&id) => children.entry(p.clone()).or_default().push(row),
            _ => top.push(row),
        }
    }
    fn attach(row: &mut RecordRow, children: &mut BTreeMap<String, Vec<RecordRow>>) {
        let id = row.0.get("id").and_then(Value::as_str).unwrap_or("").to_string();
        if let Some(mut kids) = children.remove(&id) {
            for kid in kids.iter_mut() {
                attach(kid, children);
            }
            row.0.insert("children".into(), Value::Array(kids.into_iter().map(|k| Value::Object(k.0.into_iter().collect())).collect()));
        }
    }
    for row in top.iter_mut() {
        attach(row, &mut children);
    }
    top
}

/// The sub-tables whose columns the list shows (columnList props `table-column` the caller's
/// form permission grants), with those columns.
fn listed_children<'a>(loaded: &'a Loaded, permit: &RecordPermit) -> BTreeMap<String, Vec<&'a Field>> {
    let props: BTreeSet<&str> = loaded.column_data.get("columnList").and_then(Value::as_array).into_iter().flatten().filter_map(|c| c.get("prop").and_then(Value::as_str)).collect();
    let mut listed: BTreeMap<String, Vec<&Field>> = BTreeMap::new();
    for f in &loaded.fields {
        if let Some(sub) = &f.sub_table {
            let name = record_name(f);
            if props.contains(name.as_str()) && permit.has_field(&name) && loaded.children.contains_key(sub) {
                listed.entry(sub.clone()).or_default().push(f);
            }
        }
    }
    listed
}

/// A sub-table row as the list shows it: `id`, the listed columns' display values, with the
/// stored value as `<column>_id` beside a name.
fn child_row(child: &Map<String, Value>, fields: &[&Field], names: &BTreeMap<String, String>, options: &BTreeMap<String, BTreeMap<String, String>>) -> Value {
    let mut row = Map::new();
    if let Some(id) = child.get("id") {
        row.insert("id".into(), id.clone());
    }
    for f in fields {
        let Some(v) = child.get(&f.v_model) else { continue };
        let text = if f.kind.is_some() { display(f, v, names, options) } else { v.clone() };
        if &text != v {
            row.insert(format!("{}_id", f.v_model), v.clone());
        }
        row.insert(f.v_model.clone(), text);
    }
    Value::Object(row)
}

/// Fills the main form's calculate fields that store nothing into a page's rows (every stored
/// field of each): each row with its sub-table rows (read for the whole page at once) is
/// computed as the detail is (`record::fill_unstored_calculations`). Answers each record's
/// sub-table rows (raw values, their unstored calculate columns computed) by record id.
/// `only`: read just these sub-tables (None: every one, as calculations may sum any).
pub(super) async fn fill_unstored(conn: &mut Conn, loaded: &Loaded, raw: &mut [(repo::Head, Map<String, Value>)], only: Option<&BTreeSet<&str>>) -> Result<BTreeMap<String, Map<String, Value>>, AppError> {
    let ids: Vec<String> = raw.iter().map(|(h, _)| h.id.clone()).collect();
    let mut subs: BTreeMap<String, Map<String, Value>> = BTreeMap::new();
    for sub in loaded.sub_tables().into_iter().filter(|sub| only.is_none_or(|o| o.contains(sub.v_model.as_str()))) {
        let columns = loaded.child_columns(&sub.v_model);
        let reads: Vec<Read> = columns.iter().map(|(_, r)| r.clone()).collect();
        for (parent, row_id, cells) in repo::children(conn, &loaded.children[&sub.v_model], &ids, &reads).await? {
            let mut row = Map::new();
            row.insert("id".into(), Value::String(row_id));
            for ((f, r), cell) in columns.iter().zip(&cells) {
                if let Some(kind) = &f.kind {
                    row.insert(f.v_model.clone(), value_of(r.storage, kind, cell));
                }
            }
            let tables = subs.entry(parent).or_default();
            if let Value::Array(rows) = tables.entry(sub.v_model.clone()).or_insert_with(|| Value::Array(Vec::new())) {
                rows.push(Value::Object(row));
            }
        }
    }
    let mut children = BTreeMap::new();
    for (head, row) in raw.iter_mut() {
        let mut whole = row.clone();
        for sub in loaded.sub_tables() {
            let rows = subs.get_mut(&head.id).and_then(|t| t.remove(&sub.v_model)).unwrap_or_else(|| Value::Array(Vec::new()));
            whole.insert(sub.v_model.clone(), rows);
        }
        fill_unstored_calculations(loaded, &mut whole);
        for f in unstored_calculations(loaded).filter(|f| f.sub_table.is_none()) {
            if let Some(v) = whole.remove(&f.v_model) {
                row.insert(f.v_model.clone(), v);
            }
        }
        let tables: Map<String, Value> = loaded.sub_tables().into_iter().filter_map(|sub| whole.remove(&sub.v_model).map(|rows| (sub.v_model.clone(), rows))).collect();
        children.insert(head.id.clone(), tables);
    }
    Ok(children)
}

/// The largest list page whose answer is kept in memory.
const KEPT_PAGE_ROWS: i64 = 200;

fn page_of(page: Page, list: Vec<RecordRow>, total: i64) -> PageOf<RecordRow> {
    page.of(list, total)
}


/// The related-form picker (Base/{id}/FieldDataSelect): a page of a released model's records
/// in the caller's reach of that model (its permit: a granted form menu, its data scope) —
/// `id`, the `relationField` and the `columnOptions` fields (raw values), `keyword` contained
/// in the relationField's text.
pub async fn related_page(state: &AppState, permit: &RecordPermit, model_id: &str, keyword: Option<&str>, relation_field: Option<&str>, column_options: Option<&str>, page: Page) -> Result<PageOf<RecordRow>, AppError> {
    let mut conn = state.db.acquire().await?;
    let (loaded, _) = load(state, &mut conn, model_id).await?;
    let wanted: BTreeSet<&str> = relation_field.into_iter().chain(column_options.unwrap_or("").split(',')).map(str::trim).filter(|s| !s.is_empty()).collect();
    let columns: Vec<(&Field, Read)> = loaded.main_columns().into_iter().filter(|(f, _)| wanted.contains(f.v_model.as_str()) && permit.has_field(&f.v_model)).collect();
    let mut filters = Vec::new();
    if let Some(k) = Keyword::parse(keyword) {
        let rf = relation_field.unwrap_or("");
        let (_, r) = columns.iter().find(|(f, _)| f.v_model == rf).ok_or_else(|| AppError::field("relationField", format!("关联功能中不存在字段：{rf}")))?;
        filters.push(filter::contains(r, &k));
    }
    let reads: Vec<Read> = columns.iter().map(|(_, r)| r.clone()).collect();
    let query = ListQuery { filters, sort: None };
    let (rows, total) = repo::page(&mut conn, &loaded.main, permit.scope(), &query, page.offset() as u64, page.page_size as u64, &reads, None).await?;
    let list = rows
        .into_iter()
        .map(|(head, cells)| {
            let mut row = BTreeMap::new();
            for ((f, r), cell) in columns.iter().zip(&cells) {
                if let Some(kind) = &f.kind {
                    row.insert(f.v_model.clone(), value_of(r.storage, kind, cell));
                }
            }
            row.insert("id".into(), Value::String(head.id));
            RecordRow(row)
        })
        .collect();
    Ok(page_of(page, list, total))
}

/// The query plans of a list request as an administrator (whole data scope, every field)
/// would have it answered: the page's statement, then its count's. For the tests that prove
/// the lists read their indexes (issue 26) and for an operator checking a slow list.
pub async fn explain(state: &AppState, model_id: &str, form: RecordListForm) -> Result<Vec<String>, AppError> {
    let page = crate::wire::PageQuery { current_page: form.current_page, page_size: form.page_size }.page_up_to(crate::wire::RECORDS_UNPAGED)?;
    let mut conn = state.db.acquire().await?;
    let engine = Engine::of(&conn);
    let (loaded, _) = load(state, &mut conn, model_id).await?;
    let columns = loaded.main_columns();
    let query = filter::list_query(&loaded.column_data, &columns, &|_| true, &form)?;
    let reads: Vec<Read> = columns.iter().map(|(_, r)| r.clone()).collect();
    let scope = crate::access::DataScope::unrestricted(crate::access::Reason::Structure);
    let (text, values, _) = repo::page_statement(engine, &loaded.main, &scope, &query, page.offset() as u64, page.page_size as u64, &reads);
    let mut plan = repo::plan(&mut conn, &text, values).await?;
    let (text, values) = repo::count_statement(engine, &loaded.main, &scope, &query.filters);
    plan.push("-- count".into());
    plan.extend(repo::plan(&mut conn, &text, values).await?);
    Ok(plan)
}
