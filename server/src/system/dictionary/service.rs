//! Dictionaries: the rules of categories and items, the pickers, the cached /All answer, and
//! the `.bdd` export and import (checked whole before anything is stored, in one transaction).

use super::dto::{
    Dictionary, DictionaryFile, FileItem, FileType, ItemForm, ItemInfo, ItemNode, ItemQuery, ItemRow, OptionNode, PickerNode, TypeForm, TypeInfo,
    TypeNode, TypeRow,
};
use super::repo::{self, Items, Types};
use super::{AddDictionary, EditDictionary, ExportDictionary, ImportDictionary, RemoveDictionary, ViewDictionary};
use crate::state::AppState;
use crate::access::{Member, Permit};
use crate::crud::{self, Refusal};
use crate::db::{Conn, Keyword};
use crate::error::AppError;
use crate::support::forms::{Columns, check, check_numbers, text};
use crate::support::new_id;
use crate::support::tree::{nest, on_cycle, prune, subtree};
use crate::system::download::JsonFile;
use crate::wire::{Envelope, Patch};
use axum::body::Bytes;
use qiming_core::entity::{self, Form};
use std::collections::{HashMap, HashSet};

const TYPE_MISSING: &str = "字典分类不存在";
/// The top of the category tree.
const TOP: &str = "-1";
/// The top of a category's items.
const ITEM_TOP: &str = "0";

/// The two fixed top categories (DICT-011, DICT-015): folders for the others, which hold no
/// items and are never changed, deleted or exported.
pub fn is_fixed(type_id: &str) -> bool {
    matches!(type_id, "0" | "1")
}

fn type_node(t: TypeRow) -> TypeNode {
    TypeNode {
        id: t.id,
        parent_id: t.parent_id,
        full_name: t.full_name,
        en_code: t.en_code,
        is_tree: t.is_tree,
        sort_code: t.sort_code,
        category: t.category,
        description: t.description,
        has_children: false,
        children: Vec::new(),
    }
}

fn type_tree_of(rows: Vec<TypeRow>) -> Vec<TypeNode> {
    nest(rows.into_iter().map(type_node).collect(), |n| &n.id, |n| &n.parent_id, |n, children| {
        n.has_children = !children.is_empty();
        n.children = children;
    })
}

/// GET DictionaryType: every category as a tree (DICT-019, DICT-043), for any member (the
/// widgets' dictionary tree, DICT-045).
pub async fn type_tree(state: &AppState, _caller: &Member) -> Result<Vec<TypeNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    Ok(type_tree_of(repo::types(&mut conn).await?))
}

/// GET DictionaryType/Selector/{id}: the parents a category may take — every category but
/// `editing` and those below it ('0' when adding: every category).
pub async fn type_selector(state: &AppState, _permit: &Permit<ViewDictionary>, editing: &str) -> Result<Vec<PickerNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let rows = repo::types(&mut conn).await?;
    // '0' names no category here (the fixed category 0 is never edited).
    let excluded = if editing == "0" { HashSet::new() } else { subtree(rows.iter().map(|t| (t.id.as_str(), t.parent_id.as_str())), editing) };
    let nodes = rows
        .into_iter()
        .filter(|t| !excluded.contains(&t.id))
        .map(|t| PickerNode { id: t.id, parent_id: t.parent_id, full_name: t.full_name, en_code: t.en_code, has_children: false, children: Vec::new() })
        .collect();
    Ok(picker_tree(nodes))
}

fn picker_tree(nodes: Vec<PickerNode>) -> Vec<PickerNode> {
    nest(nodes, |n| &n.id, |n| &n.parent_id, |n, children| {
        n.has_children = !children.is_empty();
        n.children = children;
    })
}

pub async fn type_info(state: &AppState, permit: &Permit<ViewDictionary>, id: &str) -> Result<TypeInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    let t = crud::found(&Types, &mut conn, permit.scope(), id).await?;
    Ok(TypeInfo {
        id: t.id,
        parent_id: t.parent_id,
        full_name: t.full_name,
        en_code: t.en_code,
        is_tree: t.is_tree,
        sort_code: t.sort_code,
        category: t.category,
        description: t.description,
    })
}

fn check_is_tree(is_tree: &Patch<i64>) -> Result<(), AppError> {
    match is_tree {
        Patch::Value(0 | 1) | Patch::Absent | Patch::Null => Ok(()),
        Patch::Value(_) => Err(AppError::field("isTree", "是否树形只能是0或1")),
    }
}

/// A category's parent: the top, or an existing category.
async fn check_type_parent(conn: &mut Conn, parent_id: &str) -> Result<(), AppError> {
    if parent_id != TOP && repo::type_by_id(conn, parent_id).await?.is_none() {
        return Err(AppError::field("parentId", "上级分类不存在"));
    }
    Ok(())
}

/// POST DictionaryType (DICT-022..029): core's form rules, the sort code's range, an existing
/// parent; a duplicate code is named.
pub async fn create_type(state: &AppState, permit: &Permit<AddDictionary>, form: TypeForm) -> Result<(), AppError> {
    check(Form::DictionaryType, &form, true)?;
    check_numbers(&form.sort_code, &Patch::Absent)?;
    check_is_tree(&form.is_tree)?;
    let parent_id = text(&form.parent_id);
    let category = text(&form.category);
    let mut tx = state.db.begin().await?;
    check_type_parent(&mut tx, &parent_id).await?;
    let columns = Columns::new()
        .text("parent_id", &form.parent_id)
        .text("full_name", &form.full_name)
        .text("en_code", &form.en_code)
        .number("is_tree", &form.is_tree, 0)
        .value("category", Some(if category.is_empty() { "0" } else { &category }))
        .number("sort_code", &form.sort_code, 0)
        .text("description", &form.description);
    crud::insert(&Types, &mut tx, &new_id(), columns.created(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// PUT DictionaryType/{id}: only what is sent changes; the fixed categories are never
/// changed, isTree is fixed once the category exists (DICT-020), and a category never moves
/// below itself.
pub async fn update_type(state: &AppState, permit: &Permit<EditDictionary>, id: &str, form: TypeForm) -> Result<(), AppError> {
    check(Form::DictionaryType, &form, false)?;
    check_numbers(&form.sort_code, &Patch::Absent)?;
    check_is_tree(&form.is_tree)?;
    let mut tx = state.db.begin().await?;
    let found = crud::found(&Types, &mut tx, permit.scope(), id).await?;
    if is_fixed(&found.id) {
        return Err(AppError::bad("该分类不能修改"));
    }
    if let Patch::Value(is_tree) = form.is_tree
        && is_tree != found.is_tree
    {
        return Err(AppError::field("isTree", "分类创建后不能修改是否树形"));
    }
    if let Patch::Value(parent) = &form.parent_id {
        let parent = parent.trim();
        let rows = repo::types(&mut tx).await?;
        if subtree(rows.iter().map(|t| (t.id.as_str(), t.parent_id.as_str())), &found.id).contains(parent) {
            return Err(AppError::field("parentId", "上级分类不能是自己或自己的下级"));
        }
        check_type_parent(&mut tx, parent).await?;
    }
    let category = Some(text(&form.category)).filter(|c| !c.is_empty());
    let columns = Columns::new()
        .text("parent_id", &form.parent_id)
        .text("full_name", &form.full_name)
        .text("en_code", &form.en_code)
        .number("sort_code", &form.sort_code, 0)
        .text("description", &form.description)
        .value("category", category);
    crud::update(&Types, &mut tx, &found.id, columns.changed(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// DELETE DictionaryType/{id}: refused for the fixed categories and while the category holds
/// categories or items.
pub async fn delete_type(state: &AppState, permit: &Permit<RemoveDictionary>, id: &str) -> Result<(), AppError> {
    let mut tx = state.db.begin().await?;
    let found = crud::found(&Types, &mut tx, permit.scope(), id).await?;
    if is_fixed(&found.id) {
        return Err(AppError::bad("该分类不能删除"));
    }
    let refusals = [
        Refusal { count: repo::CHILD_TYPES, message: "该分类下有子分类，不能删除" },
        Refusal { count: repo::TYPE_ITEMS, message: "该分类下有字典数据，不能删除" },
    ];
    crud::refuse(&mut tx, &found.id, &refusals).await?;
    crud::remove(&Types, &mut tx, &found.id).await?;
    tx.commit().await?;
    Ok(())
}

fn item_node(i: ItemRow) -> ItemNode {
    ItemNode {
        id: i.id,
        dictionary_type_id: i.dictionary_type_id,
        parent_id: i.parent_id,
        full_name: i.full_name,
        en_code: i.en_code,
        sort_code: i.sort_code,
        enabled_mark: i.enabled_mark,
        description: i.description,
        has_children: false,
        children: None,
    }
}

/// Items as a tree (children only where there are some) or as they come. In a tree, an item
/// whose parent is not among the rows (a disabled parent, for the enabled items) is left out
/// with it.
fn item_list(rows: Vec<ItemRow>, as_tree: bool) -> Vec<ItemNode> {
    let nodes: Vec<ItemNode> = rows.into_iter().map(item_node).collect();
    if !as_tree {
        return nodes;
    }
    let mut tree = nest(nodes, |n| &n.id, |n| &n.parent_id, |n, children| {
        n.has_children = !children.is_empty();
        n.children = (!children.is_empty()).then_some(children);
    });
    tree.retain(|n| n.parent_id == ITEM_TOP);
    tree
}

async fn existing_type(conn: &mut Conn, id: &str) -> Result<TypeRow, AppError> {
    repo::type_by_id(conn, id).await?.ok_or_else(|| AppError::not_found(TYPE_MISSING))
}

/// GET DictionaryData/{typeId} (DICT-044): a category's items, a tree when the category is one
/// and the client asks for it; a keyword keeps the matching items (name or code) with their
/// ancestors.
pub async fn items(state: &AppState, permit: &Permit<ViewDictionary>, type_id: &str, q: &ItemQuery) -> Result<Vec<ItemNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let t = existing_type(&mut conn, type_id).await?;
    let as_tree = t.is_tree == 1 && q.is_tree.unwrap_or(1) == 1;
    let list = item_list(repo::items_in_scope(&mut conn, permit.scope(), &t.id).await?, as_tree);
    let Some(keyword) = Keyword::parse(q.keyword.as_deref()) else { return Ok(list) };
    let matches = |n: &ItemNode| keyword.matches(&n.full_name) || keyword.matches(&n.en_code);
    if !as_tree {
        return Ok(list.into_iter().filter(matches).collect());
    }
    let mut kept = prune(list, &matches, &|n: &mut ItemNode| n.children.get_or_insert_with(Vec::new));
    fn tidy(nodes: &mut [ItemNode]) {
        for n in nodes {
            if n.children.as_ref().is_some_and(Vec::is_empty) {
                n.children = None;
            }
            n.has_children = n.children.is_some();
            if let Some(c) = n.children.as_mut() {
                tidy(c);
            }
        }
    }
    tidy(&mut kept);
    Ok(kept)
}

/// GET DictionaryData/{typeId}/Selector/{id}: the parents an item may take — the category
/// itself first (id = the category's id, meaning the top), with the items of a tree category
/// below it but for `editing` and its descendants.
pub async fn item_selector(state: &AppState, permit: &Permit<ViewDictionary>, type_id: &str, editing: &str) -> Result<Vec<PickerNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let t = existing_type(&mut conn, type_id).await?;
    let rows = if t.is_tree == 1 { repo::items_in_scope(&mut conn, permit.scope(), &t.id).await? } else { Vec::new() };
    // '0' names no item (ids are never '0'; it is the top of the category).
    let excluded = if editing == ITEM_TOP { HashSet::new() } else { subtree(rows.iter().map(|i| (i.id.as_str(), i.parent_id.as_str())), editing) };
    let items: Vec<PickerNode> = rows
        .into_iter()
        .filter(|i| !excluded.contains(&i.id))
        .map(|i| PickerNode { id: i.id, parent_id: i.parent_id, full_name: i.full_name, en_code: i.en_code, has_children: false, children: Vec::new() })
        .collect();
    let children = picker_tree(items);
    Ok(vec![PickerNode { id: t.id, parent_id: TOP.into(), full_name: t.full_name, en_code: t.en_code, has_children: !children.is_empty(), children }])
}

fn option_nodes(nodes: Vec<ItemNode>) -> Vec<OptionNode> {
    nodes
        .into_iter()
        .map(|n| OptionNode { id: n.id, full_name: n.full_name, en_code: n.en_code, children: n.children.map(option_nodes) })
        .collect()
}

/// GET DictionaryData/{typeId}/Data/Selector: the options of a dictionary for any member —
/// enabled items only, a tree when the category is one.
pub async fn options(state: &AppState, _caller: &Member, type_id: &str) -> Result<Vec<OptionNode>, AppError> {
    let mut conn = state.db.acquire().await?;
    let t = existing_type(&mut conn, type_id).await?;
    Ok(option_nodes(item_list(repo::items(&mut conn, &t.id, true).await?, t.is_tree == 1)))
}

/// GET DictionaryData/All (DICT-044): every category with its enabled items, the envelope's
/// JSON, from the process's cache while no dictionary has changed (the dictionaries'
/// generation: every write to a category or an item moves it, in any process).
pub async fn all_answer(state: &AppState, _caller: &Member) -> Result<Bytes, AppError> {
    let mut conn = state.db.acquire().await?;
    let generation = repo::generation(&mut conn).await?;
    if let Some(cached) = state.system.dictionaries.get("all", generation) {
        return Ok(cached);
    }
    let types = repo::types(&mut conn).await?;
    let mut by_type: HashMap<String, Vec<ItemRow>> = HashMap::new();
    for item in repo::every_enabled_item(&mut conn).await? {
        by_type.entry(item.dictionary_type_id.clone()).or_default().push(item);
    }
    let list: Vec<Dictionary> = types
        .into_iter()
        .map(|t| Dictionary {
            dictionary_list: item_list(by_type.remove(&t.id).unwrap_or_default(), t.is_tree == 1),
            id: t.id,
            parent_id: t.parent_id,
            full_name: t.full_name,
            en_code: t.en_code,
            is_tree: t.is_tree,
        })
        .collect();
    let envelope = Envelope { code: 200, msg: "Success", data: crate::system::dto::ListOf { list } };
    let bytes = Bytes::from(serde_json::to_vec(&envelope).map_err(anyhow::Error::from)?);
    state.system.dictionaries.put("all", generation, bytes.clone());
    Ok(bytes)
}

pub async fn item_info(state: &AppState, permit: &Permit<ViewDictionary>, id: &str) -> Result<ItemInfo, AppError> {
    let mut conn = state.db.acquire().await?;
    let i = crud::found(&Items, &mut conn, permit.scope(), id).await?;
    Ok(ItemInfo {
        id: i.id,
        dictionary_type_id: i.dictionary_type_id,
        parent_id: i.parent_id,
        full_name: i.full_name,
        en_code: i.en_code,
        enabled_mark: i.enabled_mark,
        sort_code: i.sort_code,
        description: i.description,
    })
}

/// An item's parent as stored: '0' for the top, which the client may also send as the
/// category's own id (the picker's first node, DICT-037); otherwise an item of the same
/// category, which must be a tree, and never the item itself or one below it.
async fn item_parent(conn: &mut Conn, t: &TypeRow, sent: &str, item_id: Option<&str>) -> Result<String, AppError> {
    let sent = sent.trim();
    if sent == ITEM_TOP || sent == t.id {
        return Ok(ITEM_TOP.into());
    }
    if t.is_tree != 1 {
        return Err(AppError::field("parentId", "该分类不是树形，字典只能在最上级"));
    }
    if repo::item_of_type(conn, &t.id, sent).await?.is_none() {
        return Err(AppError::field("parentId", "上级字典不存在"));
    }
    if let Some(id) = item_id {
        let rows = repo::items(conn, &t.id, false).await?;
        if subtree(rows.iter().map(|i| (i.id.as_str(), i.parent_id.as_str())), id).contains(sent) {
            return Err(AppError::field("parentId", "上级字典不能是自己或自己的下级"));
        }
    }
    Ok(sent.to_string())
}

fn item_columns(form: &ItemForm) -> Columns {
    Columns::new().text("full_name", &form.full_name).text("en_code", &form.en_code).listed(&form.sort_code, &form.enabled_mark, &form.description)
}

/// POST DictionaryData (DICT-030..036): core's form rules, sort code and state; an item
/// belongs to an existing category other than the fixed two (DICT-011); enabledMark defaults
/// to 1, sortCode to 0; a duplicate code in the category is named.
pub async fn create_item(state: &AppState, permit: &Permit<AddDictionary>, form: ItemForm) -> Result<(), AppError> {
    check(Form::DictionaryData, &form, true)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let type_id = text(&form.dictionary_type_id);
    if type_id.is_empty() {
        return Err(AppError::field("dictionaryTypeId", "请选择字典分类"));
    }
    let mut tx = state.db.begin().await?;
    let t = repo::type_by_id(&mut tx, &type_id).await?.ok_or_else(|| AppError::field("dictionaryTypeId", TYPE_MISSING))?;
    if is_fixed(&t.id) {
        return Err(AppError::bad("该分类下不能新建字典"));
    }
    let parent_id = item_parent(&mut tx, &t, &text(&form.parent_id), None).await?;
    let columns = item_columns(&form).value("dictionary_type_id", Some(t.id.as_str())).value("parent_id", Some(parent_id));
    crud::insert(&Items, &mut tx, &new_id(), columns.created(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// PUT DictionaryData/{id}: only what is sent changes; the item stays in its category
/// (dictionaryTypeId, which the form posts back, is not a change).
pub async fn update_item(state: &AppState, permit: &Permit<EditDictionary>, id: &str, form: ItemForm) -> Result<(), AppError> {
    check(Form::DictionaryData, &form, false)?;
    check_numbers(&form.sort_code, &form.enabled_mark)?;
    let mut tx = state.db.begin().await?;
    let found = crud::found(&Items, &mut tx, permit.scope(), id).await?;
    let parent_id = match &form.parent_id {
        Patch::Value(parent) => {
            let t = existing_type(&mut tx, &found.dictionary_type_id).await?;
            Some(item_parent(&mut tx, &t, parent, Some(&found.id)).await?)
        }
        _ => None,
    };
    let columns = item_columns(&form).value("parent_id", parent_id);
    crud::update(&Items, &mut tx, &found.id, columns.changed(), &permit.caller().user_id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// DELETE DictionaryData/{id}: refused while items hang below it.
pub async fn delete_item(state: &AppState, permit: &Permit<RemoveDictionary>, id: &str) -> Result<(), AppError> {
    crud::delete(&Items, state, permit.scope(), id, &[Refusal { count: repo::CHILD_ITEMS, message: "该字典下有子项，不能删除" }]).await?;
    Ok(())
}

/// PUT DictionaryData/{id}/Actions/State (DICT-040): enabledMark 1 ↔ 0.
pub async fn toggle_item(state: &AppState, permit: &Permit<EditDictionary>, id: &str) -> Result<(), AppError> {
    crud::toggle(&Items, state, permit.scope(), &permit.caller().user_id, id).await?;
    Ok(())
}

/// The export file of a category: `{list: [categories], modelList: [items]}` as JSON.
const FILE: JsonFile = JsonFile { extension: "bdd", name: "字典", content: "字典数据" };

/// GET DictionaryData/{typeId}/Action/Export (DICT-017): the category, the categories below
/// it and all their items as a `.bdd` file; answers its download url. Only what the page's
/// scope reaches goes in: the categories and items in scope, each reached through ones in
/// scope (a category or item below one outside it would be an orphan in the file).
pub async fn export(state: &AppState, permit: &Permit<ExportDictionary>, type_id: &str) -> Result<String, AppError> {
    let mut conn = state.db.acquire().await?;
    let root = crud::found(&Types, &mut conn, permit.scope(), type_id).await?;
    if is_fixed(&root.id) {
        return Err(AppError::bad("该分类不能导出"));
    }
    let rows = repo::types_in_scope(&mut conn, permit.scope()).await?;
    let below = subtree(rows.iter().map(|t| (t.id.as_str(), t.parent_id.as_str())), &root.id);
    let mut file = DictionaryFile::default();
    for t in rows.into_iter().filter(|t| below.contains(&t.id)) {
        let items = repo::items_in_scope(&mut conn, permit.scope(), &t.id).await?;
        let reached = subtree(items.iter().map(|i| (i.id.as_str(), i.parent_id.as_str())), ITEM_TOP);
        for i in items.into_iter().filter(|i| reached.contains(&i.id)) {
            file.model_list.push(FileItem {
                id: i.id,
                dictionary_type_id: i.dictionary_type_id,
                parent_id: i.parent_id,
                full_name: i.full_name,
                en_code: i.en_code,
                sort_code: i.sort_code,
                enabled_mark: i.enabled_mark,
                description: i.description,
            });
        }
        file.list.push(FileType {
            id: t.id,
            parent_id: t.parent_id,
            full_name: t.full_name,
            en_code: t.en_code,
            is_tree: t.is_tree,
            sort_code: t.sort_code,
            description: t.description,
            category: t.category,
        });
    }
    drop(conn);
    FILE.offer(state, &permit.caller().user_id, &root.full_name, &file).await
}

/// The first of core's messages for a record of the file, if any.
fn file_problem(form: Form, record: &impl serde::Serialize) -> Option<String> {
    let value = serde_json::to_value(record).ok()?;
    let map = value.as_object()?;
    entity::check(form, map, true).into_values().flatten().next().map(|m| m.text)
}

/// POST DictionaryData/Action/Import (DICT-018): a `.bdd` file as exported. Everything is
/// checked before anything is stored — the file's shape, every category and item by the
/// forms' rules, codes new to this database and unique in the file, parents that exist (in
/// the file or, for the file's top categories, here) and no cycles — and stored in one
/// transaction with new ids, so a bad file changes nothing and the message says why.
pub async fn import(state: &AppState, permit: &Permit<ImportDictionary>, file_name: &str, bytes: &[u8]) -> Result<usize, AppError> {
    let file: DictionaryFile = FILE.read(file_name, bytes)?;
    if file.list.is_empty() {
        return Err(AppError::bad("文件中没有字典分类"));
    }
    let bad = |what: &str, code: &str, why: &str| AppError::bad(format!("{what}“{code}”：{why}"));

    // Categories: rules, unique ids and codes in the file.
    let mut file_types: HashMap<&str, &FileType> = HashMap::new();
    let mut codes = HashSet::new();
    for t in &file.list {
        if let Some(problem) = file_problem(Form::DictionaryType, t) {
            return Err(bad("字典分类", &t.en_code, &problem));
        }
        if !(0..=999_999).contains(&t.sort_code) {
            return Err(bad("字典分类", &t.en_code, "排序码必须在0到999999之间"));
        }
        if !matches!(t.is_tree, 0 | 1) {
            return Err(bad("字典分类", &t.en_code, "是否树形只能是0或1"));
        }
        if t.id.trim().is_empty() || file_types.insert(t.id.as_str(), t).is_some() {
            return Err(bad("字典分类", &t.en_code, "id为空或重复"));
        }
        if !codes.insert(t.en_code.trim()) {
            return Err(bad("字典分类", &t.en_code, "编码在文件中重复"));
        }
    }
    // Items: rules, their category in the file, unique codes per category.
    let mut file_items: HashMap<&str, &FileItem> = HashMap::new();
    let mut item_codes = HashSet::new();
    for i in &file.model_list {
        if let Some(problem) = file_problem(Form::DictionaryData, i) {
            return Err(bad("字典数据", &i.en_code, &problem));
        }
        if !(0..=999_999).contains(&i.sort_code) {
            return Err(bad("字典数据", &i.en_code, "排序码必须在0到999999之间"));
        }
        if !matches!(i.enabled_mark, 0 | 1) {
            return Err(bad("字典数据", &i.en_code, "状态只能是0或1"));
        }
        if !file_types.contains_key(i.dictionary_type_id.as_str()) {
            return Err(bad("字典数据", &i.en_code, "所属分类不在文件中"));
        }
        if i.id.trim().is_empty() || file_items.insert(i.id.as_str(), i).is_some() {
            return Err(bad("字典数据", &i.en_code, "id为空或重复"));
        }
        if !item_codes.insert((i.dictionary_type_id.as_str(), i.en_code.trim())) {
            return Err(bad("字典数据", &i.en_code, "编码在所属分类中重复"));
        }
    }
    for i in &file.model_list {
        if i.parent_id == ITEM_TOP {
            continue;
        }
        match file_items.get(i.parent_id.as_str()) {
            Some(p) if p.dictionary_type_id == i.dictionary_type_id => {
                if file_types[i.dictionary_type_id.as_str()].is_tree != 1 {
                    return Err(bad("字典数据", &i.en_code, "所属分类不是树形，不能有上级"));
                }
            }
            _ => return Err(bad("字典数据", &i.en_code, "上级字典不在文件中")),
        }
    }
    if let Some(code) = on_cycle(file.model_list.iter().map(|i| (i.id.as_str(), i.parent_id.as_str(), i.en_code.as_str()))) {
        return Err(bad("字典数据", code, "上级关系有循环"));
    }
    if let Some(code) = on_cycle(file.list.iter().map(|t| (t.id.as_str(), t.parent_id.as_str(), t.en_code.as_str()))) {
        return Err(bad("字典分类", code, "上级关系有循环"));
    }

    let mut tx = state.db.begin().await?;
    let wanted: Vec<String> = file.list.iter().map(|t| t.en_code.trim().to_string()).collect();
    if let Some((code, _)) = repo::type_ids_by_codes(&mut tx, &wanted).await?.into_iter().next() {
        let name = file.list.iter().find(|t| t.en_code.trim() == code).map_or("", |t| t.full_name.as_str());
        return Err(bad("字典分类", &code, &format!("{name}已存在，不能重复导入")));
    }
    // New ids; a top category of the file hangs where it hung (the top, or a category here).
    let type_ids: HashMap<&str, String> = file.list.iter().map(|t| (t.id.as_str(), new_id())).collect();
    for t in &file.list {
        if !file_types.contains_key(t.parent_id.as_str()) && t.parent_id != TOP && repo::type_by_id(&mut tx, &t.parent_id).await?.is_none() {
            return Err(bad("字典分类", &t.en_code, "上级分类不存在"));
        }
    }
    let now = state.clock.now_ms();
    let user = &permit.caller().user_id;
    for t in &file.list {
        let parent = type_ids.get(t.parent_id.as_str()).cloned().unwrap_or_else(|| t.parent_id.clone());
        let category = if t.category.trim().is_empty() { "0" } else { t.category.trim() };
        let columns = Columns::new()
            .value("parent_id", Some(parent))
            .value("full_name", Some(t.full_name.trim()))
            .value("en_code", Some(t.en_code.trim()))
            .value("is_tree", Some(t.is_tree))
            .value("category", Some(category))
            .value("sort_code", Some(t.sort_code))
            .value("description", Some(t.description.trim()));
        crud::insert(&Types, &mut tx, &type_ids[t.id.as_str()], columns.created(), user, now).await?;
    }
    let item_ids: HashMap<&str, String> = file.model_list.iter().map(|i| (i.id.as_str(), new_id())).collect();
    for i in &file.model_list {
        let parent = if i.parent_id == ITEM_TOP { ITEM_TOP.to_string() } else { item_ids[i.parent_id.as_str()].clone() };
        let columns = Columns::new()
            .value("dictionary_type_id", Some(type_ids[i.dictionary_type_id.as_str()].as_str()))
            .value("parent_id", Some(parent))
            .value("full_name", Some(i.full_name.trim()))
            .value("en_code", Some(i.en_code.trim()))
            .value("sort_code", Some(i.sort_code))
            .value("enabled_mark", Some(i.enabled_mark))
            .value("description", Some(i.description.trim()));
        crud::insert(&Items, &mut tx, &item_ids[i.id.as_str()], columns.created(), user, now).await?;
    }
    tx.commit().await?;
    Ok(file.list.len())
}

/// A dictionary category's form steps under the names the generic handlers call
/// (`crud::handlers!`).
pub mod categories {
    pub use super::{create_type as create, delete_type as delete, type_info as info, update_type as update};
}

/// A dictionary item's form steps under the names the generic handlers call
/// (`crud::handlers!`).
pub mod dictionary_items {
    pub use super::{create_item as create, delete_item as delete, item_info as info, toggle_item as toggle, update_item as update};
}
