//! Model definitions of the low-code engine (jnpf-wire-engine.md §1, §2, §4): a Base
//! definition — formData, columnData, appColumnData, tables, webType, each as JSON text or
//! as JSON — read into a typed model (the fields, the tables they store into, each stored
//! field's column kind), and checked as a whole before release.
//!
//! `read_model` is what a release needs to create and alter tables and what the renderer
//! needs to know the fields; `check_definition` answers every problem at once (unknown
//! widgets, duplicate or unsafe names, bad patterns, formulas, empty sub-tables, list
//! settings naming missing fields) and lists the outside things the definition names —
//! dictionaries, data interfaces, serial-number rules, related forms, print templates — for
//! the server to check, since core cannot see the database.
//!
//! Storage (§2.2): with no tables declared the platform names them (`generated`): the main
//! table and one child table per sub-table widget, named after its `__vModel__`. With tables
//! declared, a main-form field stores into the main table under its `__vModel__`, a
//! `jnpf_<table>_jnpf_<column>` field into that 1:1 secondary table, a sub-table's columns into
//! the child table named by the widget's `__config__.tableName`. Names are logical: the
//! server maps them to physical tables of its own (it must not let a definition name one of
//! the platform's tables). Every name that becomes an identifier is allow-listed here
//! (`is_identifier`), never quoted into SQL as given.
//!
//! Problems carry a JSON Pointer (`/formData/fields/2/__config__/children/0`) to where they
//! are, the field's record name (`vModel`, or `table-column` inside a sub-table, as
//! permissions and list settings write it), and a message in core's style.

use crate::form::{
    MAX_NESTING, definition_error, setting, shown_on_pc, text, truthy,
};
use crate::formula::{MAX_PRECISION, check_formula_in_form};
use crate::message::Message;
use crate::pattern::check_pattern;
use crate::rules::is_field_name;
use serde::Serialize;
use serde_json::Value;

/// Longest identifier: PostgreSQL cuts names at 63 bytes, so two longer names could meet.
pub const MAX_IDENTIFIER_LEN: usize = 63;

/// Columns every model table has, filled by the platform (issue 13: id, creator, created,
/// modifier, modified, organisation and position for the data scope, version for optimistic
/// locking, the
/// flow's id and state, the logical-delete mark; child rows' parent and order). No field
/// may store under these names, compared without case (SQLite folds column names).
pub const SYSTEM_COLUMNS: [&str; 14] = [
    "id",
    "creator",
    "created",
    "modifier",
    "modified",
    "organisation",
    "position",
    "version",
    "flow_id",
    "flow_state",
    "deleted",
    "parent_id",
    "sort_code",
    // The renderer always writes `flowId` into the record (§2.2).
    "flowid",
];

/// Names refused for tables and columns: PostgreSQL's reserved key words (which cannot name
/// a column even where SQLite would allow them), its system columns, and SQLite's rowid
/// aliases. Compared in lower case.
#[rustfmt::skip]
const RESERVED: [&str; 109] = [
    "all", "analyse", "analyze", "and", "any", "array", "as", "asc", "asymmetric", "authorization",
    "binary", "both", "case", "cast", "check", "collate", "collation", "column", "concurrently",
    "constraint", "create", "cross", "current_catalog", "current_date", "current_role",
    "current_schema", "current_time", "current_timestamp", "current_user", "default", "deferrable",
    "desc", "distinct", "do", "else", "end", "except", "false", "fetch", "for", "foreign", "freeze",
    "from", "full", "grant", "group", "having", "ilike", "in", "initially", "inner", "intersect",
    "into", "is", "isnull", "join", "lateral", "leading", "left", "like", "limit", "localtime",
    "localtimestamp", "natural", "not", "notnull", "null", "offset", "on", "only", "or", "order",
    "outer", "overlaps", "placing", "primary", "references", "returning", "right", "select",
    "session_user", "similar", "some", "symmetric", "system_user", "table", "tablesample", "then",
    "to", "trailing", "true", "union", "unique", "user", "using", "variadic", "verbose", "when",
    "where", "window", "with", "oid", "tableoid", "xmin", "xmax", "cmin", "cmax", "ctid", "rowid",
];

/// Every jnpfKey a definition may use (jnpf-wire.md, jnpf-wire-engine.md §2.3–2.6,
/// including the legacy keys the 3.4.7 palette no longer offers).
#[rustfmt::skip]
const KNOWN: [&str; 53] = [
    // Basic palette.
    "comInput", "textarea", "numInput", "switch", "radio", "checkbox", "select", "cascader", "date",
    "time", "uploadFz", "uploadImg", "colorPicker", "rate", "slider", "editor", "link", "button",
    "JNPFText", "alert", "qrcode", "barcode",
    // Advanced palette.
    "comSelect", "depSelect", "posSelect", "userSelect", "roleSelect", "groupSelect", "usersSelect",
    "table", "treeSelect", "popupTableSelect", "autoComplete", "popupSelect", "address", "billRule",
    "relationForm", "relationFormAttr", "popupAttr", "calculate",
    // Legacy.
    "dateRange", "timeRange", "JNPFAmount", "PsdInput",
    // System.
    "createUser", "createTime", "modifyUser", "modifyTime", "currOrganize", "currDept",
    "currPosition",
    // Layout widgets that hold nothing (containers are `widget_kinds.json` layout).
    "groupTitle", "divider",
];

/// Widgets a sub-table cannot hold (§2.6), besides containers and sub-tables.
#[rustfmt::skip]
const NOT_IN_SUB_TABLE: [&str; 19] = [
    "divider", "JNPFText", "link", "alert", "groupTitle", "button", "barcode", "qrcode", "editor",
    "radio", "checkbox", "rate", "slider", "colorPicker", "createUser", "createTime", "modifyUser",
    "modifyTime", "currOrganize",
];

/// How a stored field's value is kept (§2.3–2.5: what the record holds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ColumnKind {
    /// A line of text; `length` is the widget's `maxlength` when it has one (records are
    /// validated against it), otherwise the text is unbounded.
    Text {
        #[serde(skip_serializing_if = "Option::is_none")]
        length: Option<u32>,
    },
    /// Text of any length that is not searched or sorted by (textarea, editor HTML).
    LongText,
    Integer,
    /// An exact decimal; `scale` is the widget's precision, none when it has none.
    Decimal {
        #[serde(skip_serializing_if = "Option::is_none")]
        scale: Option<u32>,
    },
    /// An instant in epoch milliseconds.
    DateTime,
    /// 1 / 0 (the switch).
    Boolean,
    /// A JSON array (multiple choices, id paths, files, ranges), kept as JSON text.
    Json,
}

/// Where an option widget's choices come from (§3.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Options {
    /// The definition's own `options`.
    Static,
    /// A dictionary type's items; `value_key` is `id` or `enCode`.
    Dictionary { id: String, value_key: String },
    /// A data interface's rows; values under `value_key`, text under `label_key`.
    DataInterface { id: String, value_key: String, label_key: String },
    /// Records of another model (relationForm), shown by its field `label_field`.
    Form { id: String, label_field: String },
}

/// One widget of the definition, in form order (containers looked through; a sub-table's
/// columns follow it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Field {
    /// `__vModel__`: the record's key ('' for display widgets that have none).
    pub v_model: String,
    pub jnpf_key: String,
    pub label: String,
    /// JSON Pointer of the widget in the Base definition.
    pub path: String,
    /// For a sub-table column: the sub-table widget's `__vModel__`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub_table: Option<String>,
    /// The table the value is stored in (for a sub-table widget: its child table).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<String>,
    /// How the value is stored; none for widgets that store nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<ColumnKind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<Options>,
    pub required: bool,
    /// The server must refuse a second record with the same value.
    pub unique: bool,
    pub multiple: bool,
    /// Shown on pc (WGT-092); hidden fields still store.
    pub shown: bool,
    /// Filled by the server (system widgets, serial numbers); posted values are ignored.
    pub filled_by_server: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum TableRole {
    Main,
    /// A 1:1 table whose columns sit on the main form (`jnpf_<table>_jnpf_<column>`).
    Secondary,
    /// A 1:n table of a sub-table widget.
    Child,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Column {
    pub name: String,
    pub kind: ColumnKind,
    /// The field's `__vModel__`.
    pub field: String,
    pub label: String,
    pub unique: bool,
    /// A search, sort, group or tree field of the list: the table needs an index on it.
    pub indexed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Table {
    pub name: String,
    pub role: TableRole,
    /// Named by the platform (no tables declared): the server chooses the physical name.
    pub generated: bool,
    /// The declared table's description (`tableName`).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// Secondary and child tables: the column holding the main record's key (`tableField`,
    /// else `parent_id`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub foreign_key: Option<String>,
    /// The main table's column it points to (`relationField`, else `id`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_key: Option<String>,
    /// A child table's sub-table widget (`__vModel__`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub_table: Option<String>,
    /// The stored fields, system columns left out.
    pub columns: Vec<Column>,
}

/// The typed definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Model {
    /// 1 form only, 2 list and form, 4 data view (no form).
    pub web_type: u8,
    /// The main table first, then secondary and child tables in declaration order.
    pub tables: Vec<Table>,
    pub fields: Vec<Field>,
    /// formData: 1 snowflake ids, 2 auto-increment.
    pub primary_key_policy: u8,
    pub concurrency_lock: bool,
    pub logical_delete: bool,
}

/// One problem of a definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// JSON Pointer into the Base definition.
    pub path: String,
    /// The field's record name (`table-column` in a sub-table), '' when the problem is not a
    /// field's.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub field: String,
    #[serde(flatten)]
    pub message: Message,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ReferenceKind {
    /// A dictionary type id.
    Dictionary,
    /// A data interface id.
    DataInterface,
    /// A serial-number rule's enCode.
    BillRule,
    /// A model id (relationForm, custom buttons opening another form).
    Form,
    PrintTemplate,
}

/// Something outside the definition that it names and the server must find.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reference {
    pub kind: ReferenceKind,
    pub id: String,
    /// The field that names it ('' for list and form settings).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub field: String,
    pub path: String,
    /// For a form: a field of that model the definition shows (relationField, showField).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_field: Option<String>,
}

impl Reference {
    /// The problem to answer when the server does not find the referenced thing.
    pub fn missing(&self) -> Problem {
        let (key, template) = match self.kind {
            ReferenceKind::Dictionary => ("model.missingDictionary", "数据字典不存在：{id}"),
            ReferenceKind::DataInterface => ("model.missingDataInterface", "数据接口不存在：{id}"),
            ReferenceKind::BillRule => ("model.missingBillRule", "单据规则不存在：{id}"),
            ReferenceKind::Form => ("model.missingForm", "关联功能不存在：{id}"),
            ReferenceKind::PrintTemplate => ("model.missingPrintTemplate", "打印模板不存在：{id}"),
        };
        let message = message(key, template, &[("id", &self.id)]);
        Problem { path: self.path.clone(), field: self.field.clone(), message }
    }

    /// The problem to answer when the referenced form exists but has no field `target_field`.
    pub fn missing_target_field(&self) -> Problem {
        let field = self.target_field.as_deref().unwrap_or("");
        let message = message("model.missingFormField", "关联功能中不存在字段：{field}", &[("field", field)]);
        Problem { path: self.path.clone(), field: self.field.clone(), message }
    }
}

/// What `check_definition` answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct DefinitionCheck {
    /// Every problem; release refuses a definition with any.
    pub problems: Vec<Problem>,
    /// Outside things for the server to find (each occurrence, in definition order).
    pub references: Vec<Reference>,
}

/// The typed model of a Base definition; parts that cannot be read are left out (see
/// `check_definition` for why).
pub fn read_model(base: &Value) -> Model {
    let analysed = analyse(base);
    let tables = if analysed.has_form { build_tables(&analysed) } else { Vec::new() };
    let (primary_key_policy, concurrency_lock, logical_delete) = analysed.settings;
    Model {
        web_type: analysed.web_type,
        tables,
        fields: analysed.fields,
        primary_key_policy,
        concurrency_lock,
        logical_delete,
    }
}

/// The definition's fields in form order (`definitionFields`).
pub fn definition_fields(base: &Value) -> Vec<Field> {
    analyse(base).fields
}

/// Every problem of a Base definition at once, and the outside things it names.
pub fn check_definition(base: &Value) -> DefinitionCheck {
    analyse(base).check
}

/// Is `name` usable as a table or column name: a letter, then letters, digits and `_`
/// (CONST-016's field-name rule), at most 63 characters, not a reserved word?
pub fn is_identifier(name: &str) -> bool {
    is_safe_name(name) && !is_reserved(name)
}

/// Letters, digits and `_` from a letter on, short enough (reserved words aside).
fn is_safe_name(name: &str) -> bool {
    is_field_name(name) && name.len() <= MAX_IDENTIFIER_LEN
}

fn is_reserved(name: &str) -> bool {
    RESERVED.contains(&name.to_ascii_lowercase().as_str())
}

fn is_system_column(name: &str) -> bool {
    SYSTEM_COLUMNS.contains(&name.to_ascii_lowercase().as_str())
}

// ---- reading ----------------------------------------------------------------------------

/// A part of the Base: JSON text or JSON; None when absent or empty text.
fn part(base: &Value, key: &str) -> Result<Option<Value>, ()> {
    match base.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => serde_json::from_str(s).map(Some).map_err(|_| ()),
        Some(v @ (Value::Object(_) | Value::Array(_))) => Ok(Some(v.clone())),
        Some(_) => Err(()),
    }
}

fn number_of(v: Option<&Value>) -> Option<u64> {
    v.and_then(|v| v.as_u64().or_else(|| v.as_str()?.trim().parse().ok()))
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// A setting as text ('' when absent), from the widget or its `__config__`.
fn setting_text(field: &Value, key: &str) -> String {
    text(setting(field, key)).unwrap_or_default()
}

fn shown_name(name: &str) -> String {
    name.chars().take(64).collect()
}

/// A message whose zh-CN text is `template` with each `{name}` replaced by its parameter
/// (cut to 64 characters): one function builds every message of this module, which keeps
/// the browser build small.
fn message(key: &'static str, template: &str, params: &[(&'static str, &str)]) -> Message {
    let params: Vec<(&'static str, String)> = params.iter().map(|(n, v)| (*n, shown_name(v))).collect();
    let mut text = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        text.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after
            .find('}')
            .and_then(|close| params.iter().find(|(n, _)| *n == &after[..close]).map(|(_, v)| (v, close)));
        match value {
            Some((v, close)) => {
                text.push_str(v);
                rest = &after[close + 1..];
            }
            None => {
                text.push('{');
                rest = after;
            }
        }
    }
    text.push_str(rest);
    params.into_iter().fold(Message::new(key, text), |m, (n, v)| m.with(n, v))
}

/// A declared table (`tables` entry).
struct Declared {
    name: String,
    main: bool,
    comment: String,
    foreign_key: String,
    parent_key: String,
}

/// The declared main table, or the generated one's name.
fn main_table(declared: &[Declared]) -> String {
    declared.iter().find(|d| d.main).map_or_else(|| "main".to_string(), |d| d.name.clone())
}

/// What the walk and the checks found, before the tables are built (only a release needs
/// those: the browser build leaves `build_tables` out).
struct Analysed {
    check: DefinitionCheck,
    fields: Vec<Field>,
    /// Per field: its record name.
    record_names: Vec<String>,
    declared: Vec<Declared>,
    children: Vec<(String, String)>,
    indexed: Vec<String>,
    web_type: u8,
    /// primaryKeyPolicy, concurrencyLock, logicalDelete.
    settings: (u8, bool, bool),
    has_form: bool,
}

/// A widget found by the walk, with what the checks need of it.
struct Found<'a> {
    value: &'a Value,
    field: Field,
    /// The name the record, list settings and linkage use (`table-column` in a sub-table).
    record_name: String,
}

struct Reader<'a> {
    problems: Vec<Problem>,
    references: Vec<Reference>,
    found: Vec<Found<'a>>,
    declared: Vec<Declared>,
    /// Child tables claimed by sub-table widgets.
    children: Vec<(String, String)>,
}

impl<'a> Reader<'a> {
    fn problem(&mut self, path: &str, field: &str, message: Message) {
        self.problems.push(Problem { path: path.to_string(), field: field.to_string(), message });
    }

    fn reference(&mut self, kind: ReferenceKind, id: &str, field: &str, path: &str, target: Option<String>) {
        self.references.push(Reference {
            kind,
            id: id.to_string(),
            field: field.to_string(),
            path: path.to_string(),
            target_field: target,
        });
    }

    fn generated(&self) -> bool {
        self.declared.is_empty()
    }

    fn main_table(&self) -> String {
        main_table(&self.declared)
    }

    fn walk(&mut self, fields: &'a [Value], path: &str, sub_table: Option<(&str, &str)>, depth: usize) {
        if depth > MAX_NESTING {
            self.problem(path, "", definition_error());
            return;
        }
        for (i, value) in fields.iter().enumerate() {
            let path = format!("{path}/{i}");
            let Some(config) = value.get("__config__").filter(|c| c.is_object()) else {
                self.problem(&path, "", definition_error());
                continue;
            };
            let key = str_of(config, "jnpfKey");
            let children = config.get("children").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
            let children_path = format!("{path}/__config__/children");
            let v_model = str_of(value, "__vModel__");
            let label = text(config.get("label")).unwrap_or_else(|| v_model.to_string());
            let record_name = match sub_table {
                Some((t, _)) if !v_model.is_empty() => format!("{t}-{v_model}"),
                _ => v_model.to_string(),
            };
            let is_layout = crate::widget_kinds::is_layout(key);
            if sub_table.is_some() && (is_layout || key == "table" || NOT_IN_SUB_TABLE.contains(&key)) {
                let m = message(
                    "model.notInSubTable",
                    "子表中不能使用该控件：{label}",
                    &[("label", &label), ("key", key)],
                );
                self.problem(&path, &record_name, m);
                continue;
            }
            if !KNOWN.contains(&key) && !is_layout {
                let m = message("model.unknownKey", "未知的控件类型：{key}", &[("key", key)]);
                self.problem(&path, &record_name, m);
                self.walk(children, &children_path, sub_table, depth + 1);
                continue;
            }
            if is_layout {
                self.walk(children, &children_path, sub_table, depth + 1);
                continue;
            }
            self.widget(value, key, v_model, &label, &path, &record_name, sub_table);
            if key == "table" && !v_model.is_empty() {
                let table = self.found.last().and_then(|f| f.field.table.clone()).unwrap_or_default();
                if children.is_empty() {
                    let m = message("model.emptySubTable", "子表没有字段：{label}", &[("label", &label)]);
                    self.problem(&path, v_model, m);
                }
                self.walk(children, &children_path, Some((v_model, &table)), depth + 1);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn widget(
        &mut self,
        value: &'a Value,
        key: &str,
        v_model: &str,
        label: &str,
        path: &str,
        record_name: &str,
        sub_table: Option<(&str, &str)>,
    ) {
        let kind = column_kind(key, value);
        let multiple = multiple(key, value);
        if v_model.is_empty() && (kind.is_some() || key == "table") {
            let m = message("model.fieldNameRequired", "{label}缺少字段名", &[("label", label)]);
            self.problem(path, "", m);
        } else if !v_model.is_empty() && !is_safe_name(v_model) {
            self.problem(path, record_name, bad_field_name(v_model));
        }
        // Where it stores.
        let (table, column) = match (key, sub_table) {
            ("table", _) => (self.child_table(value, v_model, label, path), None),
            (_, _) if kind.is_none() || v_model.is_empty() => (None, None),
            (_, Some((_, child))) => (Some(child.to_string()), Some(v_model.to_string())),
            // Whether that secondary table is declared is checked once every sub-table has
            // claimed its table (`check_secondary_tables`).
            (_, None) => match secondary_name(v_model) {
                Some((t, c)) => (Some(t.to_string()), Some(c.to_string())),
                None => (Some(self.main_table()), Some(v_model.to_string())),
            },
        };
        if let Some(c) = column.as_deref() {
            if !is_safe_name(c) {
                if c != v_model {
                    self.problem(path, record_name, bad_field_name(c));
                }
            } else if is_reserved(c) {
                self.problem(path, record_name, reserved(c));
            } else if is_system_column(c) {
                let m = message("model.systemName", "字段名与系统字段重复：{field}", &[("field", c)]);
                self.problem(path, record_name, m);
            }
        }
        let options = self.options(key, value, label, path, record_name);
        self.settings(key, value, label, path, record_name);
        self.patterns(value, path, record_name);
        let field = Field {
            v_model: v_model.to_string(),
            jnpf_key: key.to_string(),
            label: label.to_string(),
            path: path.to_string(),
            sub_table: sub_table.map(|(t, _)| t.to_string()),
            table,
            column,
            kind,
            options,
            required: truthy(setting(value, "required")),
            unique: truthy(setting(value, "unique")),
            multiple,
            shown: shown_on_pc(value),
            filled_by_server: crate::widget_kinds::is_filled_by_server(key),
        };
        self.found.push(Found { value, field, record_name: record_name.to_string() });
    }

    /// The child table of a sub-table widget.
    fn child_table(&mut self, value: &Value, v_model: &str, label: &str, path: &str) -> Option<String> {
        if v_model.is_empty() {
            return None;
        }
        let name = if self.generated() {
            v_model.to_string()
        } else {
            let declared = setting_text(value, "tableName");
            if !self.declared.iter().any(|d| !d.main && d.name == declared) {
                self.problem(path, v_model, unknown_table(&declared));
                return None;
            }
            declared
        };
        if self.children.iter().any(|(n, _)| *n == name) {
            let m =
                message("model.duplicateTable", "数据表重复：{table}", &[("table", &name), ("label", label)]);
            self.problem(path, v_model, m);
        } else {
            self.children.push((name.clone(), v_model.to_string()));
        }
        Some(name)
    }

    /// Where the choices come from, and the outside things that names.
    fn options(&mut self, key: &str, value: &Value, label: &str, path: &str, field: &str) -> Option<Options> {
        let props = value.get("props").and_then(|p| p.get("props"));
        let props_key = |k: &str, default: &str| {
            props.map(|p| str_of(p, k)).filter(|s| !s.is_empty()).unwrap_or(default).to_string()
        };
        let options = match key {
            "radio" | "checkbox" | "select" | "cascader" | "treeSelect" => {
                match setting_text(value, "dataType").as_str() {
                    "dictionary" => Options::Dictionary {
                        id: setting_text(value, "dictionaryType"),
                        value_key: props_key("value", "id"),
                    },
                    "dynamic" => Options::DataInterface {
                        id: setting_text(value, "propsUrl"),
                        value_key: props_key("value", "id"),
                        label_key: props_key("label", "fullName"),
                    },
                    _ => Options::Static,
                }
            }
            "popupSelect" | "popupTableSelect" => Options::DataInterface {
                id: setting_text(value, "interfaceId"),
                value_key: setting_text(value, "propsValue"),
                label_key: setting_text(value, "relationField"),
            },
            "autoComplete" => {
                let shown = setting_text(value, "relationField");
                Options::DataInterface {
                    id: setting_text(value, "interfaceId"),
                    value_key: shown.clone(),
                    label_key: shown,
                }
            }
            "relationForm" => Options::Form {
                id: setting_text(value, "modelId"),
                label_field: setting_text(value, "relationField"),
            },
            _ => return None,
        };
        let required = |key, template| message(key, template, &[("label", label)]);
        match &options {
            Options::Static => {}
            Options::Dictionary { id, .. } if id.is_empty() => {
                let m = required("model.dictionaryRequired", "{label}未选择数据字典");
                self.problem(path, field, m);
            }
            Options::Dictionary { id, .. } => {
                self.reference(ReferenceKind::Dictionary, id, field, path, None)
            }
            Options::DataInterface { id, value_key, label_key } => {
                if id.is_empty() {
                    let m = required("model.interfaceRequired", "{label}未选择数据接口");
                    self.problem(path, field, m);
                } else {
                    self.reference(ReferenceKind::DataInterface, id, field, path, None);
                }
                // The designer refuses popups without their keys (§2.4).
                if key.starts_with("popup") && value_key.is_empty() {
                    let m = required("model.propsValueRequired", "{label}未设置存储字段");
                    self.problem(path, field, m);
                }
                if !matches!(key, "radio" | "checkbox" | "select" | "cascader" | "treeSelect")
                    && label_key.is_empty()
                {
                    let m = required("model.relationFieldRequired", "{label}未设置显示字段");
                    self.problem(path, field, m);
                }
            }
            Options::Form { id, label_field } => {
                if id.is_empty() {
                    let m = required("model.formRequired", "{label}未选择关联功能");
                    self.problem(path, field, m);
                } else {
                    let target = Some(label_field.clone()).filter(|f| !f.is_empty());
                    self.reference(ReferenceKind::Form, id, field, path, target);
                }
                if label_field.is_empty() {
                    let m = required("model.relationFieldRequired", "{label}未设置显示字段");
                    self.problem(path, field, m);
                }
            }
        }
        Some(options)
    }

    /// Widget settings that name outside things: serial-number rules, the sub-table's
    /// pick-from interface.
    fn settings(&mut self, key: &str, value: &Value, label: &str, path: &str, field: &str) {
        match key {
            "billRule" => match setting_text(value, "rule") {
                rule if rule.is_empty() => {
                    let m = message("model.billRuleRequired", "{label}未选择单据规则", &[("label", label)]);
                    self.problem(path, field, m);
                }
                rule => self.reference(ReferenceKind::BillRule, &rule, field, path, None),
            },
            "table" if number_of(setting(value, "addType")) == Some(1) => {
                let id = value.get("addTableConf").map(|c| str_of(c, "interfaceId")).unwrap_or("");
                if id.is_empty() {
                    let m = message("model.interfaceRequired", "{label}未选择数据接口", &[("label", label)]);
                    self.problem(path, field, m);
                } else {
                    self.reference(
                        ReferenceKind::DataInterface,
                        id,
                        field,
                        &format!("{path}/addTableConf"),
                        None,
                    );
                }
            }
            _ => {}
        }
    }

    fn patterns(&mut self, value: &Value, path: &str, field: &str) {
        let Some(list) = value.get("__config__").and_then(|c| c.get("regList")).and_then(Value::as_array)
        else {
            return;
        };
        for (i, rule) in list.iter().enumerate() {
            let source = str_of(rule, "pattern");
            if let Some(m) = Some(source).filter(|s| !s.is_empty()).and_then(check_pattern) {
                self.problem(&format!("{path}/__config__/regList/{i}/pattern"), field, m);
            }
        }
    }
}

fn bad_field_name(name: &str) -> Message {
    let max = MAX_IDENTIFIER_LEN.to_string();
    let template = "字段名无效：{field}（以英文字母开头，只能包含英文字母、数字和下划线，最多{max}个字符）";
    message("model.fieldName", template, &[("field", name), ("max", &max)])
}

fn bad_table_name(name: &str) -> Message {
    let max = MAX_IDENTIFIER_LEN.to_string();
    let template = "表名无效：{table}（以英文字母开头，只能包含英文字母、数字和下划线，最多{max}个字符）";
    message("model.tableName", template, &[("table", name), ("max", &max)])
}

fn reserved(name: &str) -> Message {
    message("model.reservedName", "不能使用数据库保留字作为名称：{name}", &[("name", name)])
}

fn unknown_table(name: &str) -> Message {
    message("model.unknownTable", "数据表不存在：{table}", &[("table", name)])
}

/// `jnpf_<table>_jnpf_<column>` → (table, column).
fn secondary_name(v_model: &str) -> Option<(&str, &str)> {
    let rest = v_model.strip_prefix("jnpf_")?;
    let (table, column) = rest.split_once("_jnpf_")?;
    (!table.is_empty() && !column.is_empty()).then_some((table, column))
}

fn multiple(key: &str, value: &Value) -> bool {
    match key {
        "checkbox" | "uploadFz" | "uploadImg" => true,
        "cascader" => {
            truthy(value.get("props").and_then(|p| p.get("props")).and_then(|p| p.get("multiple")))
                || truthy(setting(value, "multiple"))
        }
        _ => truthy(setting(value, "multiple")),
    }
}

/// The column a widget's value needs (§2.3–2.5); None for widgets that store nothing.
fn column_kind(key: &str, value: &Value) -> Option<ColumnKind> {
    let many = multiple(key, value);
    let single_or_many = if many { ColumnKind::Json } else { ColumnKind::Text { length: None } };
    let precision = |default: Option<u32>| {
        number_of(setting(value, "precision")).map(|p| p.min(u64::from(MAX_PRECISION)) as u32).or(default)
    };
    let stored_display = number_of(setting(value, "isStorage")) == Some(2);
    Some(match key {
        "comInput" | "autoComplete" | "PsdInput" => {
            let length = number_of(setting(value, "maxlength").or_else(|| setting(value, "maxLength")))
                .filter(|m| (1..=4000).contains(m))
                .map(|m| m as u32);
            ColumnKind::Text { length }
        }
        "textarea" | "editor" => ColumnKind::LongText,
        "numInput" | "JNPFAmount" => ColumnKind::Decimal { scale: precision(None) },
        "calculate" if stored_display => ColumnKind::Decimal { scale: precision(Some(2)) },
        "rate" if truthy(setting(value, "allow-half")) => ColumnKind::Decimal { scale: Some(1) },
        "rate" => ColumnKind::Integer,
        "slider" if truthy(setting(value, "range")) => ColumnKind::Json,
        "slider" => ColumnKind::Decimal { scale: None },
        "switch" => ColumnKind::Boolean,
        "date" | "createTime" | "modifyTime" => ColumnKind::DateTime,
        "checkbox" | "cascader" | "uploadFz" | "uploadImg" | "comSelect" | "address" | "dateRange"
        | "timeRange" | "currOrganize" => ColumnKind::Json,
        "radio" | "time" | "colorPicker" | "popupSelect" | "relationForm" | "billRule" | "createUser"
        | "modifyUser" | "currDept" | "currPosition" => ColumnKind::Text { length: None },
        "select" | "treeSelect" | "depSelect" | "posSelect" | "userSelect" | "roleSelect" | "groupSelect"
        | "usersSelect" | "popupTableSelect" => single_or_many,
        "relationFormAttr" | "popupAttr" if stored_display => ColumnKind::Text { length: None },
        _ => return None,
    })
}

/// Reads `tables`, checking names.
fn read_tables(reader: &mut Reader, tables: &[Value]) {
    for (i, entry) in tables.iter().enumerate() {
        let path = format!("/tables/{i}");
        let name = str_of(entry, "table").to_string();
        let main = number_of(entry.get("typeId")) == Some(1);
        if !is_safe_name(&name) {
            reader.problem(&path, "", bad_table_name(&name));
        } else if is_reserved(&name) {
            reader.problem(&path, "", reserved(&name));
        }
        if reader.declared.iter().any(|d| d.name.eq_ignore_ascii_case(&name)) {
            let m = message("model.duplicateTable", "数据表重复：{table}", &[("table", &name)]);
            reader.problem(&path, "", m);
        }
        let foreign_key = str_of(entry, "tableField").to_string();
        if !main && !foreign_key.is_empty() && !is_identifier(&foreign_key) {
            reader.problem(&format!("{path}/tableField"), "", bad_field_name(&foreign_key));
        }
        reader.declared.push(Declared {
            name,
            main,
            comment: str_of(entry, "tableName").to_string(),
            foreign_key,
            parent_key: str_of(entry, "relationField").to_string(),
        });
    }
    if !tables.is_empty() && reader.declared.iter().filter(|d| d.main).count() != 1 {
        reader.problem("/tables", "", Message::new("model.mainTable", "必须有且只有一个主表"));
    }
}

/// Names of the record: main-form keys and `table-column` of sub-table columns, with their
/// widgets.
struct Names<'r, 'a> {
    found: &'r [Found<'a>],
}

impl<'r, 'a> Names<'r, 'a> {
    fn get(&self, name: &str) -> Option<&'r Found<'a>> {
        self.found.iter().find(|f| !f.record_name.is_empty() && f.record_name == name)
    }

    /// A name a linkage setting of `from` may use: the record name, or inside a sub-table
    /// the bare column of the same row.
    fn resolve(&self, name: &str, from: &Found) -> Option<&'r Found<'a>> {
        self.get(name).or_else(|| {
            let table = from.field.sub_table.as_deref()?;
            self.get(&format!("{table}-{name}"))
        })
    }
}

fn unknown_relation(name: &str, path: String, field: &str) -> Problem {
    let message = message("model.unknownRelation", "关联的字段不存在：{field}", &[("field", name)]);
    Problem { path, field: field.to_string(), message }
}

/// Names that other fields' settings give (linkage, §3.4), which must exist in the form.
fn check_linkage(reader: &mut Reader) {
    let mut problems = Vec::new();
    let mut references = Vec::new();
    let names = Names { found: &reader.found };
    for f in &reader.found {
        let v = f.value;
        let path = &f.field.path;
        // (name, where it is written)
        let mut wanted: Vec<(String, String)> = Vec::new();
        let templates = [
            (setting(v, "templateJson"), format!("{path}/templateJson")),
            (
                v.get("addTableConf").and_then(|c| c.get("templateJson")),
                format!("{path}/addTableConf/templateJson"),
            ),
        ];
        for (list, at) in templates {
            for (i, entry) in list.and_then(Value::as_array).into_iter().flatten().enumerate() {
                wanted.push((str_of(entry, "relationField").to_string(), format!("{at}/{i}")));
            }
        }
        let key = f.field.jnpf_key.as_str();
        for (end, type_key) in [("startRelationField", "startTimeType"), ("endRelationField", "endTimeType")]
        {
            if matches!(key, "date" | "time") && number_of(setting(v, type_key)) == Some(2) {
                wanted.push((setting_text(v, end), format!("{path}/{end}")));
            }
        }
        let relation = setting_text(v, "relationField");
        let relation_path = format!("{path}/relationField");
        match key {
            "userSelect"
                if matches!(setting_text(v, "selectType").as_str(), "dep" | "pos" | "role" | "group") =>
            {
                wanted.push((relation.clone(), relation_path.clone()));
            }
            "qrcode" | "barcode" if setting_text(v, "dataType") == "relation" => {
                wanted.push((relation.clone(), relation_path.clone()));
            }
            _ => {}
        }
        for (name, at) in wanted {
            if !name.is_empty() && !name.starts_with('@') && names.resolve(&name, f).is_none() {
                problems.push(unknown_relation(&name, at, &f.record_name));
            }
        }
        if !matches!(key, "relationFormAttr" | "popupAttr") {
            continue;
        }
        // `<vModel>_jnpfTable_<table><1|0>` or the bare vModel (§2.2).
        let source_name = relation.split("_jnpfTable_").next().unwrap_or("");
        let source_kind = if key == "relationFormAttr" { "relationForm" } else { "popupSelect" };
        let source = names.resolve(source_name, f).filter(|s| s.field.jnpf_key == source_kind);
        match source.map(|s| &s.field.options) {
            None => problems.push(unknown_relation(&relation, relation_path, &f.record_name)),
            Some(Some(Options::Form { id, .. })) if !id.is_empty() => {
                let show = setting_text(v, "showField");
                if !show.is_empty() {
                    references.push(Reference {
                        kind: ReferenceKind::Form,
                        id: id.clone(),
                        field: f.record_name.clone(),
                        path: format!("{path}/showField"),
                        target_field: Some(show),
                    });
                }
            }
            Some(_) => {}
        }
    }
    reader.problems.extend(problems);
    reader.references.extend(references);
}

/// A main-form field of a secondary table (`jnpf_<table>_jnpf_<column>`) names a declared
/// table that is neither the main table nor a sub-table's.
fn check_secondary_tables(reader: &mut Reader) {
    let mut problems = Vec::new();
    for f in reader.found.iter().filter(|f| f.field.sub_table.is_none() && f.field.kind.is_some()) {
        let Some((table, _)) = secondary_name(&f.field.v_model) else { continue };
        let declared = reader.declared.iter().any(|d| !d.main && d.name == table)
            && !reader.children.iter().any(|(n, _)| n == table);
        if !declared {
            problems.push(Problem {
                path: f.field.path.clone(),
                field: f.record_name.clone(),
                message: unknown_table(table),
            });
        }
    }
    reader.problems.extend(problems);
}

/// Two fields storing into the same record key or column (columns compared without case).
fn check_duplicates(reader: &mut Reader) {
    // Lists, not sets: a form has at most some hundred fields, and the browser build stays
    // smaller without another ordered-set instantiation.
    let mut keys: Vec<(Option<&str>, &str)> = Vec::new();
    // Foreign keys of declared tables are columns of those tables too.
    let mut columns: Vec<(&str, String)> = reader
        .declared
        .iter()
        .filter(|d| !d.main && !d.foreign_key.is_empty())
        .map(|d| (d.name.as_str(), d.foreign_key.to_ascii_lowercase()))
        .collect();
    let mut problems = Vec::new();
    for f in reader.found.iter().filter(|f| !f.field.v_model.is_empty()) {
        let key = (f.field.sub_table.as_deref(), f.field.v_model.as_str());
        let key_taken = keys.contains(&key);
        keys.push(key);
        let column_taken = match (&f.field.table, &f.field.column) {
            (Some(t), Some(c)) => {
                let column = (t.as_str(), c.to_ascii_lowercase());
                let taken = columns.contains(&column);
                columns.push(column);
                taken
            }
            _ => false,
        };
        if key_taken || column_taken {
            let m = message("model.duplicateField", "字段名重复：{field}", &[("field", &f.record_name)]);
            problems.push(Problem { path: f.field.path.clone(), field: f.record_name.clone(), message: m });
        }
    }
    reader.problems.extend(problems);
}

fn check_formulas(reader: &mut Reader, form_data: &Value) {
    let mut problems = Vec::new();
    for f in reader.found.iter().filter(|f| f.field.jnpf_key == "calculate") {
        let expression = setting(f.value, "expression").unwrap_or(&Value::Null);
        if let Some(m) = check_formula_in_form(expression, form_data) {
            problems.push(Problem {
                path: format!("{}/expression", f.field.path),
                field: f.record_name.clone(),
                message: m,
            });
        }
    }
    // Calculate fields that read each other in a circle cannot be computed (issue 23 §1).
    if let Some(m) = crate::recompute::check_calculations(form_data).filter(|m| m.key == "formula.cycle") {
        let field = m.params.get("field").cloned().unwrap_or_default();
        let path = reader.found.iter().find(|f| f.record_name == field).map_or_else(|| "/formData".to_string(), |f| format!("{}/expression", f.field.path));
        problems.push(Problem { path, field, message: m });
    }
    reader.problems.extend(problems);
}

/// The list settings (§4.1, §4.2): every field they name must exist; returns the record
/// names to index.
fn check_list(reader: &mut Reader, list: &Value, root: &str, web_type: u8) -> Vec<String> {
    let mut indexed = Vec::new();
    let mut problems = Vec::new();
    let names = Names { found: &reader.found };
    let columns = list.get("columnList").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
    if columns.is_empty() && web_type == 2 && root == "/columnData" {
        problems.push(Problem {
            path: format!("{root}/columnList"),
            field: String::new(),
            message: Message::new("model.noListColumns", "列表至少需要一列"),
        });
    }
    // Sorting, grouping and the tree filter work on main-table columns only.
    let mut need = |name: &str, at: String, main_only: bool| {
        let (key, template) = match names.get(name) {
            _ if name.is_empty() => return,
            None => ("model.unknownListField", "列表引用的字段不存在：{field}"),
            Some(f) if main_only && f.field.sub_table.is_some() => {
                ("model.mainFieldOnly", "只能使用主表字段：{field}")
            }
            Some(_) => return,
        };
        let message = message(key, template, &[("field", name)]);
        problems.push(Problem { path: at, field: name.to_string(), message });
    };
    let item_name = |item: &Value| {
        Some(str_of(item, "prop"))
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| str_of(item, "__vModel__"))
            .to_string()
    };
    for (i, item) in columns.iter().enumerate() {
        let name = item_name(item);
        let sortable = truthy(item.get("sortable"));
        need(&name, format!("{root}/columnList/{i}"), sortable);
        if sortable {
            indexed.push(name);
        }
    }
    for (i, item) in list.get("searchList").and_then(Value::as_array).into_iter().flatten().enumerate() {
        let name = item_name(item);
        need(&name, format!("{root}/searchList/{i}"), false);
        indexed.push(name);
    }
    for key in ["defaultSidx", "groupField", "parentField", "treeRelation"] {
        let name = str_of(list, key);
        need(name, format!("{root}/{key}"), true);
        if !name.is_empty() {
            indexed.push(name.to_string());
        }
    }
    for (i, item) in list.get("summaryField").and_then(Value::as_array).into_iter().flatten().enumerate() {
        need(item.as_str().unwrap_or(""), format!("{root}/summaryField/{i}"), false);
    }
    // The data filter the server applies to every List call (§4.3).
    for (i, rule) in list.get("ruleList").and_then(Value::as_array).into_iter().flatten().enumerate() {
        need(str_of(rule, "field"), format!("{root}/ruleList/{i}"), false);
    }
    reader.problems.extend(problems);
    // Outside things the list names.
    if number_of(list.get("type")) == Some(2) {
        let source = str_of(list, "treeDataSource");
        let tree = [
            ("treeDictionary", ReferenceKind::Dictionary, source == "dictionary"),
            ("treePropsUrl", ReferenceKind::DataInterface, source == "api"),
            (
                "treeInterfaceId",
                ReferenceKind::DataInterface,
                source == "api" && number_of(list.get("treeSynType")) == Some(1),
            ),
        ];
        for (key, kind, used) in tree {
            let id = str_of(list, key);
            if used && !id.is_empty() {
                reader.reference(kind, id, "", &format!("{root}/{key}"), None);
            }
        }
    }
    for (i, button) in list.get("customBtnsList").and_then(Value::as_array).into_iter().flatten().enumerate()
    {
        let Some(event) = button.get("event") else { continue };
        let at = format!("{root}/customBtnsList/{i}/event");
        match number_of(event.get("btnType")) {
            Some(1) if !str_of(event, "modelId").is_empty() => {
                reader.reference(ReferenceKind::Form, str_of(event, "modelId"), "", &at, None);
            }
            Some(3) if !str_of(event, "interfaceId").is_empty() => {
                reader.reference(ReferenceKind::DataInterface, str_of(event, "interfaceId"), "", &at, None);
            }
            _ => {}
        }
    }
    print_templates(reader, list.get("printIds"), &format!("{root}/printIds"));
    indexed
}

fn print_templates(reader: &mut Reader, ids: Option<&Value>, path: &str) {
    let ids: Vec<&str> = match ids {
        Some(Value::String(s)) => s.split(',').filter(|s| !s.is_empty()).collect(),
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).filter(|s| !s.is_empty()).collect(),
        _ => Vec::new(),
    };
    for id in ids {
        reader.reference(ReferenceKind::PrintTemplate, id, "", path, None);
    }
}

/// The tables and their columns from the fields.
fn build_tables(analysed: &Analysed) -> Vec<Table> {
    let generated = analysed.declared.is_empty();
    let main_name = main_table(&analysed.declared);
    let main_declared = analysed.declared.iter().find(|d| d.main);
    let mut tables = vec![Table {
        name: main_name.clone(),
        role: TableRole::Main,
        generated,
        comment: main_declared.map(|d| d.comment.clone()).unwrap_or_default(),
        foreign_key: None,
        parent_key: None,
        sub_table: None,
        columns: Vec::new(),
    }];
    let linked = |d: Option<&Declared>| {
        (
            Some(
                d.map(|d| d.foreign_key.clone())
                    .filter(|k| !k.is_empty())
                    .unwrap_or_else(|| "parent_id".into()),
            ),
            Some(d.map(|d| d.parent_key.clone()).filter(|k| !k.is_empty()).unwrap_or_else(|| "id".into())),
        )
    };
    for d in analysed.declared.iter().filter(|d| !d.main) {
        let sub_table = analysed.children.iter().find(|(n, _)| *n == d.name).map(|(_, v)| v.clone());
        let (foreign_key, parent_key) = linked(Some(d));
        tables.push(Table {
            name: d.name.clone(),
            role: if sub_table.is_some() { TableRole::Child } else { TableRole::Secondary },
            generated: false,
            comment: d.comment.clone(),
            foreign_key,
            parent_key,
            sub_table,
            columns: Vec::new(),
        });
    }
    if generated {
        for (name, v_model) in &analysed.children {
            let (foreign_key, parent_key) = linked(None);
            tables.push(Table {
                name: name.clone(),
                role: TableRole::Child,
                generated: true,
                comment: String::new(),
                foreign_key,
                parent_key,
                sub_table: Some(v_model.clone()),
                columns: Vec::new(),
            });
        }
    }
    for (f, record_name) in analysed.fields.iter().zip(&analysed.record_names) {
        let (Some(t), Some(c), Some(kind)) = (&f.table, &f.column, &f.kind) else {
            continue;
        };
        if let Some(table) = tables.iter_mut().find(|x| x.name == *t) {
            // Compared as checked: a duplicate column was reported, keep the first.
            if table.columns.iter().any(|x| x.name.eq_ignore_ascii_case(c)) {
                continue;
            }
            table.columns.push(Column {
                name: c.clone(),
                kind: kind.clone(),
                field: f.v_model.clone(),
                label: f.label.clone(),
                unique: f.unique,
                indexed: analysed.indexed.contains(record_name) && *kind != ColumnKind::LongText,
            });
        }
    }
    tables
}

fn analyse(base: &Value) -> Analysed {
    let mut reader = Reader {
        problems: Vec::new(),
        references: Vec::new(),
        found: Vec::new(),
        declared: Vec::new(),
        children: Vec::new(),
    };
    let web_type = number_of(base.get("webType")).map_or(2, |w| w.min(255) as u8);
    let form_data = part(base, "formData");
    let column_data = part(base, "columnData");
    let app_column_data = part(base, "appColumnData");
    match part(base, "tables") {
        Ok(Some(Value::Array(tables))) => read_tables(&mut reader, &tables),
        Ok(None) => {}
        Ok(Some(_)) | Err(()) => {
            reader.problem("/tables", "", Message::new("model.tables", "数据表定义格式不正确"))
        }
    }
    let form_data = match form_data {
        Ok(Some(v)) if v.get("fields").is_some_and(Value::is_array) => Some(v),
        Ok(None) if web_type == 4 => None,
        _ => {
            reader.problem("/formData", "", definition_error());
            None
        }
    };
    let empty = Vec::new();
    let fields = form_data.as_ref().and_then(|f| f.get("fields")).and_then(Value::as_array).unwrap_or(&empty);
    reader.walk(fields, "/formData/fields", None, 0);
    check_secondary_tables(&mut reader);
    check_duplicates(&mut reader);
    check_linkage(&mut reader);
    let mut settings = (1, false, false);
    if let Some(form) = &form_data {
        check_formulas(&mut reader, form);
        if truthy(form.get("hasPrintBtn")) {
            print_templates(&mut reader, form.get("printId"), "/formData/printId");
        }
        settings = (
            number_of(form.get("primaryKeyPolicy")).map_or(1, |p| p.min(255) as u8),
            truthy(form.get("concurrencyLock")),
            truthy(form.get("logicalDelete")),
        );
    }
    let mut indexed = Vec::new();
    for (root, list) in [("/columnData", column_data), ("/appColumnData", app_column_data)] {
        match list {
            // A data view's list names the interface's columns, not fields.
            Ok(Some(list)) if list.is_object() && web_type != 4 => {
                indexed.extend(check_list(&mut reader, &list, root, web_type));
            }
            Ok(Some(list)) if list.is_object() => {}
            Ok(None) if web_type == 2 && root == "/columnData" => {
                let m = Message::new("model.noListColumns", "列表至少需要一列");
                reader.problem(&format!("{root}/columnList"), "", m);
            }
            Ok(None) => {}
            _ => reader.problem(root, "", Message::new("model.columnData", "列表定义格式不正确")),
        }
    }
    let Reader { problems, references, found, declared, children } = reader;
    let (fields, record_names) = found.into_iter().map(|f| (f.field, f.record_name)).unzip();
    Analysed {
        check: DefinitionCheck { problems, references },
        fields,
        record_names,
        declared,
        children,
        indexed,
        web_type,
        settings,
        has_form: form_data.is_some(),
    }
}
