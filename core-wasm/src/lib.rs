//! `qiming-core-wasm`: the browser's door to `qiming-core`. Every export converts its
//! arguments, calls one core function, and converts the answer back — no rule, default or
//! fallback lives here (the native vectors in `core/tests/vectors.rs` call the same core
//! functions with the same conversions). Objects cross as JSON (`JSON.stringify` in, serde
//! out); JavaScript numbers that are counts or sizes go through `number::whole_number` /
//! `number::count`; `None` crosses as `null`. Every export is documented, with its
//! TypeScript shape, in `core-wasm/README.md`.

use qiming_core::{
    Message, amount, entity, chat, flow, form, formula, model, number, password, pattern, permission, picker, profile,
    recompute, rules, schedule, scheme, serial, upload, widget_kinds,
};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

fn bad_shape(e: impl std::fmt::Display) -> JsError {
    JsError::new(&format!("数据格式不正确：{e}"))
}

/// An argument of a known shape, read through `json` (so nesting is bounded as in JSON).
fn typed<T: serde::de::DeserializeOwned>(value: JsValue) -> Result<T, JsError> {
    serde_json::from_value(json(value)?).map_err(bad_shape)
}

/// A JS value as JSON (`undefined` as null). Objects cross as JSON text: V8's
/// `JSON.stringify` plus serde_json is several times faster than visiting every property
/// from WASM, which matters for records and 1000-row sub-tables.
fn json(value: JsValue) -> Result<Value, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(Value::Null);
    }
    if let Some(s) = value.as_string() {
        return Ok(Value::String(s));
    }
    if !value.is_object() {
        return serde_wasm_bindgen::from_value(value).map_err(bad_shape);
    }
    serde_json::from_str(&stringify(&value)?).map_err(bad_shape)
}

/// V8's `JSON.stringify` of an object.
fn stringify(value: &JsValue) -> Result<String, JsError> {
    Ok(js_sys::JSON::stringify(value)
        .map_err(|_| JsError::new("数据无法转换为JSON"))?
        .as_string()
        .unwrap_or_default())
}

/// `JSON.stringify(data, keys)`: the form data as JSON text with only the properties a
/// formula reads, at every depth. Data that cannot be written as JSON (a cycle among those
/// properties) is empty text, which core reads as no data (every value 0).
fn only_keys(data: &JsValue, keys: &[String]) -> String {
    let list: js_sys::Array = keys.iter().map(|k| JsValue::from_str(k)).collect();
    js_sys::JSON::stringify_with_replacer(data, &list)
        .ok()
        .and_then(|text| text.as_string())
        .unwrap_or_default()
}

/// An optional message as `{key, params?, text} | null`.
fn message(m: Option<Message>) -> Result<JsValue, JsError> {
    to_js(&m)
}

#[wasm_bindgen]
extern "C" {
    /// `console.warn`, for the problems the browser logs (CALC-013).
    #[wasm_bindgen(js_namespace = console)]
    fn warn(text: &str);
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A rule's answer: a stable key (translate it for zh-TW / en), its parameters, the zh-CN text. */
export interface Message { key: string; params?: Record<string, string>; text: string }
/** Messages per field; sub-table cells are keyed `table[row].column`. */
export type FieldMessages = Record<string, Message[]>;
/** Limits of a date (epoch ms) or time (seconds since midnight) field, and the same as wall-clock text in the core's zone; null = none. */
export interface FieldLimits { start: number | null; end: number | null; startText: string | null; endText: string | null }
/** JNPF formData: form settings plus `fields` (jnpf-wire.md "Generated forms and lists"). */
export interface FormData { fields: unknown[]; [setting: string]: unknown }
/** A model definition as `/api/visualdev/Base` holds it: each part JSON text (as JNPF sends it) or JSON. */
export interface ModelDefinition {
  formData?: FormData | string | null; columnData?: Record<string, unknown> | string | null;
  appColumnData?: Record<string, unknown> | string | null; tables?: ModelTableEntry[] | string | null;
  webType?: number | string; [key: string]: unknown;
}
/** A `tables` entry: typeId '1' main, '0' a secondary (1:1) or a sub-table's (1:n) table. */
export interface ModelTableEntry { table: string; typeId: string | number; tableName?: string; tableField?: string; relationField?: string; [key: string]: unknown }
/** One problem of a definition: where it is (JSON Pointer), the field's record name (`table-column` in a sub-table), the message. */
export interface DefinitionProblem extends Message { path: string; field?: string }
/** Something the definition names that the server must find. */
export interface DefinitionReference {
  kind: 'dictionary' | 'dataInterface' | 'billRule' | 'form' | 'printTemplate'; id: string; field?: string; path: string;
  /** For a form: the field of that model the definition shows. */
  targetField?: string;
}
export interface DefinitionCheck { problems: DefinitionProblem[]; references: DefinitionReference[] }
/** How a stored field is kept. */
export type ColumnKind =
  | { type: 'text'; length?: number } | { type: 'longText' } | { type: 'integer' } | { type: 'decimal'; scale?: number }
  | { type: 'dateTime' } | { type: 'boolean' } | { type: 'json' };
/** Where an option widget's choices come from. */
export type OptionsSource =
  | { type: 'static' } | { type: 'dictionary'; id: string; valueKey: string }
  | { type: 'dataInterface'; id: string; valueKey: string; labelKey: string } | { type: 'form'; id: string; labelField: string };
/** A widget of the definition (containers looked through; a sub-table's columns follow it). */
export interface ModelField {
  vModel: string; jnpfKey: string; label: string; path: string; subTable?: string; table?: string; column?: string;
  kind?: ColumnKind; options?: OptionsSource; required: boolean; unique: boolean; multiple: boolean; shown: boolean;
  filledByServer: boolean;
}
/** A calculate field's expression: text (`单价 × 数量`) or JNPF's token list. */
export type FormulaExpression = string | Array<string | number | { __vModel__: string; label?: string }>;
/** How JNPF widget keys are treated (core/src/widget_kinds.json). */
export interface WidgetKinds { system: string[]; filledByServer: string[]; layout: string[]; displayOnly: string[]; notListable: string[]; notValidated: string[] }
/** The sub-table row a calculate field sits in. */
export interface FormulaRow { table: string; index: number }
export interface SerialRule { prefix?: string; dateFormat?: string; digit?: number | string; startNumber?: string | number }
export interface PasswordPolicy {
  passwordStrengthLimit?: number | string | boolean; passwordLengthMin?: number | string | boolean;
  passwordLengthMinNumber?: number | string; containsNumbers?: number | string | boolean;
  includeLowercaseLetters?: number | string | boolean; includeUppercaseLetters?: number | string | boolean;
  containsCharacters?: number | string | boolean; mandatoryModificationOfInitialPassword?: number | string | boolean;
}
export interface PermissionItem { id?: string; fullName?: string; enCode: string }
export interface PermissionEntry {
  modelId: string; moduleName?: string; column?: PermissionItem[]; button?: PermissionItem[];
  form?: PermissionItem[]; resource?: PermissionItem[];
}
export interface MenuNode { id: string; type?: number; children?: MenuNode[]; [key: string]: unknown }
export interface UploadFile { name: string; size?: number }
export interface MixedId { id: string; type: string }
/** An editable text field of the profile form: its limit, whether it is required, its named rule. */
export interface BaseInfoField { name: string; maxLength: number; required: boolean; rule: string | null }
/** A field of an administration form (checkEntity). */
export interface EntityField {
  name: string; required: boolean; maxLength: number | null; rule: string | null;
  /** [field, value, …]: the field counts only while that field has one of these values. */
  when: string[] | null;
  /** The values a non-empty value must be one of. */
  oneOf: string[] | null;
}
/**
 * The calculate field's value as decimal text, rounded to `precision` (0 when omitted);
 * `row` when the field sits in a sub-table row. A failed calculation (division by zero,
 * overflow, malformed formula) gives 0 and logs a console warning naming the problem.
 */
export function evaluateFormula(expression: FormulaExpression, data: Record<string, unknown>, precision?: number | null, row?: FormulaRow | null): string;
export interface Formula {
  /**
   * The value over `data`, rounded to `precision` (0 when omitted); `row` inside a sub-table
   * row. A failed calculation gives 0 and logs a console warning naming the problem.
   */
  evaluate(data: Record<string, unknown>, precision?: number | null, row?: FormulaRow | null): string;
}
/** An item of a flow condition (jnpf-wire-engine2.md §7.12): `logic` joins it to the next item. */
export interface FlowConditionItem {
  fieldType?: number; field: string; jnpfKey?: string; symbol: string; fieldValueType?: number | string;
  fieldValue?: unknown; fieldValueJnpfKey?: string; logic?: '&&' | '||'; [key: string]: unknown;
}
/** A node of a flow's node tree as routing answers it. */
export interface FlowNodeRef { nodeId: string; nodeType: string; title: string }
/** Where a task goes next: the nodes it stops at (none: the end), copy nodes passed, condition branches taken. */
export interface FlowNextStep { nodes: FlowNodeRef[]; copies: FlowNodeRef[]; branches: FlowNodeRef[]; end: boolean; parallel: boolean; choose: boolean }
/** Why a flow cannot be saved yet: the node to complete ('' for an unreadable tree) and the reason. */
export interface FlowIncomplete { nodeId: string; reason: 'definition' | 'approvers' | 'conditions' | 'conditionField' | 'conditionSymbol' }
/** flowNextNodes' answer: the next step, or why the record cannot be routed. */
export interface FlowRoute { next: FlowNextStep | null; message: Message | null }
"#;

// ---- MD5 ------------------------------------------------------------------------------------

/// Lower-case hex MD5 of a string's UTF-8 bytes (the login password) or of bytes.
#[wasm_bindgen(js_name = md5Hex, unchecked_return_type = "string")]
pub fn md5_hex(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array | number[]")] input: JsValue,
) -> Result<String, JsError> {
    if let Some(s) = input.as_string() {
        return Ok(qiming_core::md5_hex(s.as_bytes()));
    }
    let bytes: serde_bytes_like::Bytes = serde_wasm_bindgen::from_value(input).map_err(bad_shape)?;
    Ok(qiming_core::md5_hex(&bytes.0))
}

mod serde_bytes_like {
    /// Accepts a Uint8Array or an array of numbers.
    pub struct Bytes(pub Vec<u8>);
    impl<'de> serde::Deserialize<'de> for Bytes {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            Vec::<u8>::deserialize(d).map(Bytes)
        }
    }
}

/// Incremental MD5 for upload identifiers: feed the file slice by slice.
#[wasm_bindgen]
pub struct Md5Hasher(qiming_core::md5::Md5Hasher);

#[wasm_bindgen]
impl Md5Hasher {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Md5Hasher {
        Md5Hasher(qiming_core::md5::Md5Hasher::new())
    }
    pub fn update(&mut self, slice: &[u8]) {
        self.0.update(slice);
    }
    #[wasm_bindgen(js_name = finishHex)]
    pub fn finish_hex(&mut self) -> String {
        self.0.finish_hex()
    }
}

impl Default for Md5Hasher {
    fn default() -> Self {
        Self::new()
    }
}

// ---- password policy ------------------------------------------------------------------------

/// Every policy rule `password` breaks, as messages; empty when it passes.
#[wasm_bindgen(js_name = checkPassword, unchecked_return_type = "Message[]")]
pub fn check_password(
    #[wasm_bindgen(unchecked_param_type = "PasswordPolicy")] policy: JsValue,
    password: &str,
) -> Result<JsValue, JsError> {
    to_js(&password::check_password(&typed(policy)?, password))
}

/// The repeat-password rule: `null` when it matches.
#[wasm_bindgen(js_name = checkRepeat, unchecked_return_type = "Message | null")]
pub fn check_repeat(password: &str, repeat: &str) -> Result<JsValue, JsError> {
    message(password::check_repeat(password, repeat))
}

// ---- permissions ----------------------------------------------------------------------------

/// Is button `code` allowed on page `modelId` by the CurrentUser permission list?
#[wasm_bindgen(js_name = hasButton)]
pub fn has_button(
    #[wasm_bindgen(unchecked_param_type = "PermissionEntry[]")] permission_list: JsValue,
    model_id: &str,
    code: &str,
) -> Result<bool, JsError> {
    Ok(permission::has_button(&typed::<Vec<_>>(permission_list)?, model_id, code))
}

/// Is list column `prop` allowed on page `modelId`?
#[wasm_bindgen(js_name = hasColumn)]
pub fn has_column(
    #[wasm_bindgen(unchecked_param_type = "PermissionEntry[]")] permission_list: JsValue,
    model_id: &str,
    prop: &str,
) -> Result<bool, JsError> {
    Ok(permission::has_column(&typed::<Vec<_>>(permission_list)?, model_id, prop))
}

/// Is form field `field` (sub-table fields `table-field`) allowed on page `modelId`?
#[wasm_bindgen(js_name = hasFormField)]
pub fn has_form_field(
    #[wasm_bindgen(unchecked_param_type = "PermissionEntry[]")] permission_list: JsValue,
    model_id: &str,
    field: &str,
) -> Result<bool, JsError> {
    Ok(permission::has_form_field(&typed::<Vec<_>>(permission_list)?, model_id, field))
}

/// The button codes every generated list has: btn_add, btn_edit, btn_remove.
#[wasm_bindgen(js_name = defaultButtonCodes)]
pub fn default_button_codes() -> Vec<String> {
    permission::DEFAULT_BUTTON_CODES.iter().map(|c| c.to_string()).collect()
}

/// The menu tree keeping only authorised entries (empty directories dropped).
#[wasm_bindgen(js_name = filterMenuTree, unchecked_return_type = "MenuNode[]")]
pub fn filter_menu_tree(
    #[wasm_bindgen(unchecked_param_type = "MenuNode[]")] tree: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] authorised_ids: JsValue,
) -> Result<JsValue, JsError> {
    let tree: Vec<permission::MenuNode> = typed(tree)?;
    to_js(&permission::filter_menu_tree(tree, &typed(authorised_ids)?))
}

// ---- named rules and patterns ---------------------------------------------------------------

/// `null` when `value` passes the named rule (jnpf-wire.md names), else its message
/// `{key, params?, text}`. An unknown rule name answers a message too.
#[wasm_bindgen(js_name = checkRule, unchecked_return_type = "Message | null")]
pub fn check_rule(rule: &str, value: &str) -> Result<JsValue, JsError> {
    message(qiming_core::validate_rule(rule, value))
}

/// The names `checkRule` knows.
#[wasm_bindgen(js_name = ruleNames)]
pub fn rule_names() -> Vec<String> {
    rules::rule_names().into_iter().map(str::to_string).collect()
}

/// `null` when `pattern` is a usable regList pattern, else why not (for the designer).
#[wasm_bindgen(js_name = checkPattern, unchecked_return_type = "Message | null")]
pub fn check_pattern(pattern: &str) -> Result<JsValue, JsError> {
    message(pattern::check_pattern(pattern))
}

/// `RegExp.prototype.test` with Qiming's engine; false for an unusable pattern.
#[wasm_bindgen(js_name = testPattern)]
pub fn test_pattern(pattern: &str, value: &str) -> bool {
    pattern::test_pattern(pattern, value)
}

/// Can the barcode draw `text` (letters and digits only)?
#[wasm_bindgen(js_name = isBarcodeText)]
pub fn is_barcode_text(text: &str) -> bool {
    rules::is_barcode_text(text)
}

// ---- model definitions ----------------------------------------------------------------------

/// Every problem of a model definition at once, and the outside things it names (the
/// designer's and the preview's check; release runs the same on the server).
#[wasm_bindgen(js_name = checkDefinition, unchecked_return_type = "DefinitionCheck")]
pub fn check_definition(
    #[wasm_bindgen(unchecked_param_type = "ModelDefinition")] base: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&model::check_definition(&json(base)?))
}

/// The definition's widgets in form order, with where and how each stores its value.
#[wasm_bindgen(js_name = definitionFields, unchecked_return_type = "ModelField[]")]
pub fn definition_fields(
    #[wasm_bindgen(unchecked_param_type = "ModelDefinition")] base: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&model::definition_fields(&json(base)?))
}

// ---- forms ----------------------------------------------------------------------------------

/// Every field's messages for `record` under the form definition `formData`; days and
/// wall-clock times count in the installation's zone `offsetMinutes` east of UTC (China
/// Standard Time when not given).
#[wasm_bindgen(js_name = validateRecord, unchecked_return_type = "FieldMessages")]
pub fn validate_record(
    #[wasm_bindgen(unchecked_param_type = "FormData | string")] form_data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | string")] record: JsValue,
    offset_minutes: Option<i32>,
) -> Result<JsValue, JsError> {
    to_js(&validator_for(form_data, zone(offset_minutes))?.validate_at(&json(record)?, now_ms()))
}

/// The installation's zone as the web passes it; China Standard Time when not given.
fn zone(offset_minutes: Option<i32>) -> i32 {
    offset_minutes.unwrap_or(qiming_core::date::DEFAULT_UTC_OFFSET_MINUTES)
}

/// The browser's clock, for limits relative to now.
fn now_ms() -> i64 {
    js_sys::Date::now() as i64
}

/// The compiled validator of a definition, reusing the last one when the definition's JSON
/// text is the same: a form calls `validateRecord` with one definition many times, and
/// comparing the text costs far less than compiling it again (a cache, not a rule).
fn validator_for(form_data: JsValue, offset_minutes: i32) -> Result<std::rc::Rc<form::FormValidator>, JsError> {
    thread_local! {
        static LAST: std::cell::RefCell<Option<((String, i32), std::rc::Rc<form::FormValidator>)>> =
            const { std::cell::RefCell::new(None) };
    }
    let text = match form_data.as_string() {
        Some(s) => s,
        None if form_data.is_object() => stringify(&form_data)?,
        None => String::new(), // not a definition: FormValidator says so
    };
    if let Some(hit) =
        LAST.with_borrow(|last| last.as_ref().filter(|((t, o), _)| *t == text && *o == offset_minutes).map(|(_, v)| v.clone()))
    {
        return Ok(hit);
    }
    let validator = std::rc::Rc::new(
        form::FormValidator::new(&Value::String(text.clone())).map_err(|m| JsError::new(&m.text))?.in_zone(offset_minutes),
    );
    LAST.set(Some(((text, offset_minutes), validator.clone())));
    Ok(validator)
}

/// A form definition compiled once, for checking as the user types.
#[wasm_bindgen]
pub struct FormValidator(form::FormValidator);

#[wasm_bindgen]
impl FormValidator {
    /// `offsetMinutes`: the installation's zone east of UTC (China Standard Time when not given).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "FormData | string")] form_data: JsValue,
        offset_minutes: Option<i32>,
    ) -> Result<FormValidator, JsError> {
        form::FormValidator::new(&json(form_data)?)
            .map(|v| FormValidator(v.in_zone(zone(offset_minutes))))
            .map_err(|m| JsError::new(&m.text))
    }
    /// `{[field]: Message[]}` for the whole record.
    #[wasm_bindgen(unchecked_return_type = "FieldMessages")]
    pub fn validate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | string")] record: JsValue,
    ) -> Result<JsValue, JsError> {
        to_js(&self.0.validate_at(&json(record)?, now_ms()))
    }
    /// `{[field]: Message[]}` for one field (every cell of a sub-table).
    #[wasm_bindgen(js_name = validateField, unchecked_return_type = "FieldMessages")]
    pub fn validate_field(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | string")] record: JsValue,
        name: &str,
    ) -> Result<JsValue, JsError> {
        to_js(&self.0.validate_field_at(&json(record)?, name, now_ms()))
    }
    /// The checked fields, in form order.
    #[wasm_bindgen(js_name = fieldNames)]
    pub fn field_names(&self) -> Vec<String> {
        self.0.field_names().map(str::to_string).collect()
    }
}

/// The limits a date or time field sets for `record` (WGT-089/090): `{start, end}`, epoch ms
/// for a date (cut to its format), seconds since midnight for a time, null where unlimited.
/// `table` and `row` name the sub-table row of a column; `now` defaults to the browser's clock;
/// days count in the installation's zone `offsetMinutes` east of UTC.
#[wasm_bindgen(js_name = fieldLimits, unchecked_return_type = "FieldLimits")]
pub fn field_limits(
    #[wasm_bindgen(unchecked_param_type = "object")] field: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] record: JsValue,
    table: Option<String>,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | undefined")] row: JsValue,
    now: Option<f64>,
    offset_minutes: Option<i32>,
) -> Result<JsValue, JsError> {
    let row = if row.is_undefined() || row.is_null() { None } else { Some(json(row)?) };
    let cell = table.as_deref().zip(row.as_ref());
    let now = now.filter(|n| n.is_finite()).map_or_else(now_ms, |n| n as i64);
    to_js(&form::field_limits(&json(field)?, &json(record)?, cell, Some(now), zone(offset_minutes)))
}

/// Is a field or column shown on pc (visibility has pc, noShow unset)?
#[wasm_bindgen(js_name = isShownOnPc)]
pub fn is_shown_on_pc(
    #[wasm_bindgen(unchecked_param_type = "object")] field: JsValue,
) -> Result<bool, JsError> {
    Ok(form::shown_on_pc(&json(field)?))
}

/// The numeric range filter's value: `[]` when both bounds are empty, else `[min, max]`.
#[wasm_bindgen(js_name = numericRange, unchecked_return_type = "unknown[]")]
pub fn numeric_range(
    #[wasm_bindgen(unchecked_param_type = "unknown")] min: JsValue,
    #[wasm_bindgen(unchecked_param_type = "unknown")] max: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&form::numeric_range(&json(min)?, &json(max)?))
}

/// A multiple popup's value: a list stays, anything else becomes `[]`.
#[wasm_bindgen(js_name = normalizeMultiple, unchecked_return_type = "unknown[]")]
pub fn normalize_multiple(
    #[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&form::multiple_value(&json(value)?))
}

/// The date range picker for a format: "monthrange", "daterange" or "datetimerange".
#[wasm_bindgen(js_name = dateRangePicker)]
pub fn date_range_picker(format: &str) -> String {
    form::date_range_picker(format).to_string()
}

/// Can the date range picker offer the instant `ms` (year-only formats: January only, in the
/// installation's zone `offsetMinutes` east of UTC)?
#[wasm_bindgen(js_name = dateRangeAllows)]
pub fn date_range_allows(ms: f64, format: &str, offset_minutes: i32) -> bool {
    form::date_range_allows(ms, format, offset_minutes)
}

/// A date widget's "current time" default: `nowMs` cut to what the format shows, in the
/// installation's zone `offsetMinutes` east of UTC (never the browser's).
#[wasm_bindgen(js_name = dateDefaultCurrent, unchecked_return_type = "number | null")]
pub fn date_default_current(now_ms: f64, format: &str, offset_minutes: i32) -> JsValue {
    form::date_default_current(now_ms, format, offset_minutes).map_or(JsValue::NULL, |ms| JsValue::from_f64(ms as f64))
}

// ---- formula --------------------------------------------------------------------------------

/// Logs the problem of a failed calculation (CALC-013) and answers its value (0).
fn reported(evaluation: formula::Evaluation) -> String {
    if let Some(warning) = evaluation.warning() {
        warn(&warning);
    }
    evaluation.value
}

/// The calculate field's value as decimal text, rounded to `precision` (0 when omitted);
/// `row` = `{table, index}` when the field sits in a sub-table row.
#[wasm_bindgen(js_name = evaluateFormula, skip_typescript)]
pub fn evaluate_formula(
    #[wasm_bindgen(unchecked_param_type = "FormulaExpression")] expression: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] data: JsValue,
    precision: Option<f64>,
    #[wasm_bindgen(unchecked_param_type = "FormulaRow | null | undefined")] row: JsValue,
) -> Result<String, JsError> {
    let row = json(row)?;
    let data_json = |keys: &[String]| only_keys(&data, keys);
    Ok(reported(formula::evaluate_formula_json(
        &json(expression)?,
        data_json,
        formula::row_of(&row),
        formula::precision_of(precision),
    )))
}

/// `null` when the formula is well formed, else why not (for the designer).
#[wasm_bindgen(js_name = checkFormula, unchecked_return_type = "Message | null")]
pub fn check_formula(
    #[wasm_bindgen(unchecked_param_type = "FormulaExpression")] expression: JsValue,
) -> Result<JsValue, JsError> {
    message(formula::check_formula(&json(expression)?))
}

/// `null` when the formula is well formed and names only numInput and calculate fields of
/// the form definition, else why not (for the designer and the server's definition save).
#[wasm_bindgen(js_name = checkFormulaInForm, unchecked_return_type = "Message | null")]
pub fn check_formula_in_form(
    #[wasm_bindgen(unchecked_param_type = "FormulaExpression")] expression: JsValue,
    #[wasm_bindgen(unchecked_param_type = "object")] form_data: JsValue,
) -> Result<JsValue, JsError> {
    message(formula::check_formula_in_form(&json(expression)?, &json(form_data)?))
}

/// A formula compiled once, for recomputing as the form changes.
#[wasm_bindgen]
pub struct Formula(formula::Formula);

#[wasm_bindgen]
impl Formula {
    /// Throws the zh-CN syntax message for a malformed formula.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "FormulaExpression")] expression: JsValue,
    ) -> Result<Formula, JsError> {
        formula::Formula::parse(&json(expression)?).map(Formula).map_err(|m| JsError::new(&m.text))
    }
    #[wasm_bindgen(skip_typescript)]
    pub fn evaluate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] data: JsValue,
        precision: Option<f64>,
        #[wasm_bindgen(unchecked_param_type = "FormulaRow | null | undefined")] row: JsValue,
    ) -> Result<String, JsError> {
        let row = json(row)?;
        let data_json = |keys: &[String]| only_keys(&data, keys);
        Ok(reported(self.0.evaluate_json(data_json, formula::row_of(&row), formula::precision_of(precision))))
    }
}

/// `record` with the calculated values of `changes` written in: a shallow copy, and copies of
/// the sub-table arrays and rows that changed, so every untouched value keeps its identity
/// (React skips what did not change). The record itself when nothing changed.
fn with_changes(record: JsValue, changes: &[recompute::Change]) -> Result<JsValue, JsError> {
    if changes.is_empty() || !record.is_object() {
        return Ok(record);
    }
    let set = |target: &JsValue, key: &str, value: &JsValue| {
        js_sys::Reflect::set(target, &JsValue::from_str(key), value).map(|_| ()).map_err(|_| JsError::new("数据无法写入"))
    };
    let out: JsValue = js_sys::Object::assign(&js_sys::Object::new(), &record.clone().into()).into();
    let mut copied: Vec<(String, js_sys::Array)> = Vec::new();
    for change in changes {
        let value = to_js(&change.value)?;
        match (&change.table, change.row) {
            (Some(table), Some(index)) => {
                let rows = match copied.iter().find(|(t, _)| t == table) {
                    Some((_, rows)) => rows.clone(),
                    None => {
                        let original = js_sys::Reflect::get(&out, &JsValue::from_str(table)).unwrap_or(JsValue::UNDEFINED);
                        if !js_sys::Array::is_array(&original) {
                            continue;
                        }
                        let rows = js_sys::Array::from(&original).slice(0, u32::MAX);
                        set(&out, table, &rows)?;
                        copied.push((table.clone(), rows.clone()));
                        rows
                    }
                };
                let index = u32::try_from(index).unwrap_or(u32::MAX);
                let row = rows.get(index);
                if !row.is_object() {
                    continue;
                }
                let copy: JsValue = js_sys::Object::assign(&js_sys::Object::new(), &row.into()).into();
                set(&copy, &change.name, &value)?;
                rows.set(index, copy);
            }
            _ => set(&out, &change.name, &value)?,
        }
    }
    Ok(out)
}

/// The calculate fields of a definition, read once (a cycle throws its zh-CN message), for
/// recomputing the record as the form changes.
#[wasm_bindgen]
pub struct Calculations(recompute::Calculations);

#[wasm_bindgen]
impl Calculations {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "FormData | string")] form_data: JsValue,
    ) -> Result<Calculations, JsError> {
        recompute::Calculations::new(&json(form_data)?).map(Calculations).map_err(|m| JsError::new(&m.text))
    }
    /// The record with every calculate field computed from its inputs (numbers; a failed
    /// calculation gives 0 and logs a console warning); the very record when nothing changed.
    #[wasm_bindgen(unchecked_return_type = "Record<string, unknown>")]
    pub fn recompute(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] record: JsValue,
    ) -> Result<JsValue, JsError> {
        if self.0.is_empty() || !record.is_object() {
            return Ok(record);
        }
        // Only what the calculations read and write crosses (JSON.stringify(record, keys)):
        // an upload list or rich text in the record costs nothing.
        let text = only_keys(&record, self.0.keys());
        let mut data: Value = serde_json::from_str(&text).map_err(bad_shape)?;
        let done = self.0.recompute(&mut data, recompute::Written::Number);
        for warning in &done.warnings {
            warn(warning);
        }
        with_changes(record, &done.changes)
    }
}

/// `record` with every calculate field of `formData` computed from its inputs (see
/// `Calculations`); throws the zh-CN message of a cycle.
#[wasm_bindgen(js_name = recomputeRecord, unchecked_return_type = "Record<string, unknown>")]
pub fn recompute_record(
    #[wasm_bindgen(unchecked_param_type = "FormData | string")] form_data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] record: JsValue,
) -> Result<JsValue, JsError> {
    Calculations::new(form_data)?.recompute(record)
}

/// `null` when the calculate fields of `formData` can be computed, else why not (a cycle:
/// `formula.cycle`).
#[wasm_bindgen(js_name = checkCalculations, unchecked_return_type = "Message | null")]
pub fn check_calculations(
    #[wasm_bindgen(unchecked_param_type = "FormData | string")] form_data: JsValue,
) -> Result<JsValue, JsError> {
    message(recompute::check_calculations(&json(form_data)?))
}

/// How JNPF widget keys are treated: system, filled by the server, layout, display-only,
/// not validated (core/src/widget_kinds.json).
#[wasm_bindgen(js_name = widgetKinds, unchecked_return_type = "WidgetKinds")]
pub fn widget_kinds() -> Result<JsValue, JsError> {
    to_js(widget_kinds::widget_kinds())
}

// ---- amounts --------------------------------------------------------------------------------

/// The amount in Chinese capitals; 数字较大溢出 for over 15 integer digits or non-numbers.
#[wasm_bindgen(js_name = toChineseAmount)]
pub fn to_chinese_amount(value: &str) -> String {
    amount::to_chinese_amount(value)
}

/// 千位分隔符(x,n): `value` with thousands separators and `decimals` places; the value as it
/// was when it is not a number.
#[wasm_bindgen]
pub fn thousands(value: &str, decimals: f64) -> String {
    number::thousands(value, number::whole_number(decimals))
}

/// A form number as shown: `precision` decimals rounded half up on the decimal digits (the
/// digits as they are when omitted), with thousands separators when `thousands`; '' for an
/// empty value, text that is no number as it was.
#[wasm_bindgen(js_name = formatNumber)]
pub fn format_number(
    #[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue,
    precision: Option<f64>,
    thousands: Option<bool>,
) -> Result<String, JsError> {
    Ok(number::format_number(&json(value)?, number::precision_arg(precision), thousands.unwrap_or(false)))
}

/// A list column's 合计 (showSummary): the exact sum of the values that are numbers, to two
/// decimals, with thousands separators when asked.
#[wasm_bindgen(js_name = summaryText)]
pub fn summary_text(#[wasm_bindgen(unchecked_param_type = "unknown[]")] values: JsValue, thousands: Option<bool>) -> Result<String, JsError> {
    let values = match json(values)? {
        serde_json::Value::Array(items) => items,
        _ => Vec::new(),
    };
    Ok(number::summary(&values, thousands.unwrap_or(false)))
}

// ---- serial numbers -------------------------------------------------------------------------

/// The rule dialog's example; "" while the rule is unusable (see `checkSerialRule`).
#[wasm_bindgen(js_name = serialPreview)]
pub fn serial_preview(
    #[wasm_bindgen(unchecked_param_type = "SerialRule")] rule: JsValue,
    date: &str,
) -> Result<String, JsError> {
    Ok(serial::serial_preview(&json(rule)?, date))
}

/// The number after `lastIssued` (null: none yet) on `date`; "" for an unusable rule.
#[wasm_bindgen(js_name = serialNext)]
pub fn serial_next(
    #[wasm_bindgen(unchecked_param_type = "SerialRule")] rule: JsValue,
    last_issued: Option<String>,
    date: &str,
) -> Result<String, JsError> {
    Ok(serial::serial_next(&json(rule)?, last_issued.as_deref(), date))
}

/// The rule dialog's field messages for prefix, dateFormat, digit and startNumber.
#[wasm_bindgen(js_name = checkSerialRule, unchecked_return_type = "FieldMessages")]
pub fn check_serial_rule(
    #[wasm_bindgen(unchecked_param_type = "SerialRule")] rule: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&serial::check_serial_rule(&json(rule)?))
}

/// The startNumber rules alone.
#[wasm_bindgen(js_name = checkStartNumber, unchecked_return_type = "Message | null")]
pub fn check_start_number(value: &str) -> Result<JsValue, JsError> {
    message(serial::check_start_number(value))
}

// ---- uploads and import ---------------------------------------------------------------------

/// May a file join an upload widget that already holds `count` files? `kind` is "file" or
/// "image"; `field` the widget's definition (limit, fileSize, sizeUnit, accept).
#[wasm_bindgen(js_name = validateUpload, unchecked_return_type = "Message | null")]
pub fn validate_upload(
    #[wasm_bindgen(unchecked_param_type = "object")] field: JsValue,
    kind: &str,
    count: f64,
    #[wasm_bindgen(unchecked_param_type = "UploadFile")] file: JsValue,
) -> Result<JsValue, JsError> {
    message(upload::check_upload(&json(field)?, kind, number::whole_number(count), &json(file)?))
}

/// Several files at once unless the widget's limit is 1.
#[wasm_bindgen(js_name = uploadIsMultiple)]
pub fn upload_is_multiple(
    #[wasm_bindgen(unchecked_param_type = "object")] field: JsValue,
) -> Result<bool, JsError> {
    Ok(upload::UploadLimits::from_field(upload::UploadKind::File, &json(field)?).multiple())
}

/// The chunked-upload sizes both sides share.
#[wasm_bindgen(
    js_name = uploadConstants,
    unchecked_return_type = "{ chunkSize: number; chunkMaxRetries: number; hashSliceSize: number }"
)]
pub fn upload_constants() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Constants {
        chunk_size: u64,
        chunk_max_retries: u32,
        hash_slice_size: u64,
    }
    to_js(&Constants {
        chunk_size: upload::CHUNK_SIZE,
        chunk_max_retries: upload::CHUNK_MAX_RETRIES,
        hash_slice_size: upload::HASH_SLICE_SIZE,
    })
}

/// A flow import with `count` flows: 流程不存在 when there is none.
#[wasm_bindgen(js_name = checkImportFlows, unchecked_return_type = "Message | null")]
pub fn check_import_flows(count: f64) -> Result<JsValue, JsError> {
    message(upload::check_import_flows(number::count(count)))
}

/// Is the only flow taken without asking?
#[wasm_bindgen(js_name = autoSelectFlow)]
pub fn auto_select_flow(count: f64) -> bool {
    upload::auto_select_flow(number::count(count))
}

/// The flow user picker's confirm: 请选择{title} (default 审批人) when nobody is chosen.
#[wasm_bindgen(js_name = checkUserSelected, unchecked_return_type = "Message | null")]
pub fn check_user_selected(selected: f64, title: Option<String>) -> Result<JsValue, JsError> {
    message(upload::check_user_selected(number::count(selected), title.as_deref()))
}

/// The chat's text to send: trimmed; null when nothing is left (not sent).
#[wasm_bindgen(js_name = chatText, unchecked_return_type = "string | null")]
pub fn chat_text(text: &str) -> JsValue {
    chat::outgoing_text(text).map_or(JsValue::NULL, JsValue::from_str)
}

/// A chat image: an image type, under 5 MB (图片大小不能超过5M).
#[wasm_bindgen(js_name = checkChatImage, unchecked_return_type = "Message | null")]
pub fn check_chat_image(name: &str, size: f64) -> Result<JsValue, JsError> {
    message(chat::check_image(name, number::whole_number(size)))
}

/// The import wizard's file check: present, xls/xlsx, under 500 KB.
#[wasm_bindgen(js_name = checkImportFile, unchecked_return_type = "Message | null")]
pub fn check_import_file(name: Option<String>, size: f64) -> Result<JsValue, JsError> {
    message(upload::check_import_file(name.as_deref(), number::whole_number(size)))
}

/// The import's row count: at least 1, at most 500.
#[wasm_bindgen(js_name = checkImportRows, unchecked_return_type = "Message | null")]
pub fn check_import_rows(count: f64) -> Result<JsValue, JsError> {
    message(upload::check_import_rows(number::count(count)))
}

/// A size in bytes as shown beside a file: `512 B`, `1.5 KB`, `200 MB`, `3.5 GB`.
#[wasm_bindgen(js_name = fileSizeText)]
pub fn file_size_text(bytes: f64) -> String {
    upload::file_size_text(number::whole_number(bytes))
}

/// The lower-case extension of a file name ('' when it has none), as the chunked upload's
/// `extension` field and the entry's `fileExtension` carry it.
#[wasm_bindgen(js_name = fileExtension)]
pub fn file_extension(name: &str) -> String {
    upload::extension(name)
}

/// A client's file name as it is kept and shown: its last path part, without `#` (FILE-001),
/// control characters and surrounding spaces, at most 200 characters.
#[wasm_bindgen(js_name = cleanFileName)]
pub fn clean_file_name(name: &str) -> String {
    upload::clean_file_name(name)
}

/// image, video, audio, document or other.
#[wasm_bindgen(js_name = fileCategory)]
pub fn file_category(name: &str) -> String {
    upload::file_category(name).to_string()
}

// ---- pickers --------------------------------------------------------------------------------

/// `id--type`.
#[wasm_bindgen(js_name = encodeMixedId)]
pub fn encode_mixed_id(id: &str, kind: &str) -> String {
    picker::encode_mixed_id(id, kind)
}

/// `{id, type}` of an `id--type` pick, or null.
#[wasm_bindgen(js_name = decodeMixedId, unchecked_return_type = "MixedId | null")]
pub fn decode_mixed_id(value: &str) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Decoded<'a> {
        id: &'a str,
        #[serde(rename = "type")]
        kind: &'a str,
    }
    to_js(&picker::decode_mixed_id(value).map(|(id, kind)| Decoded { id, kind }))
}

/// The first problem with a mixed picker's `id--type` values, or null.
#[wasm_bindgen(js_name = checkMixedSelection, unchecked_return_type = "Message | null")]
pub fn check_mixed_selection(values: Vec<String>, multiple: bool) -> Result<JsValue, JsError> {
    message(picker::check_mixed_selection(values.iter().map(String::as_str), multiple))
}

/// Can the picker `jnpfKey` in this mode hold an entry of `type`?
#[wasm_bindgen(js_name = acceptsPickerType)]
pub fn accepts_picker_type(jnpf_key: &str, multiple: bool, kind: &str) -> bool {
    picker::accepts_type(jnpf_key, multiple, kind)
}

// ---- profile --------------------------------------------------------------------------------

/// The profile form's editable text fields with their limits and rules.
#[wasm_bindgen(js_name = baseInfoFields, unchecked_return_type = "BaseInfoField[]")]
pub fn base_info_fields() -> Result<JsValue, JsError> {
    to_js(profile::BASE_INFO_FIELDS)
}

/// The profile form's messages for the fields present in `change` (absent ones unchecked).
#[wasm_bindgen(js_name = checkBaseInfo, unchecked_return_type = "FieldMessages")]
pub fn check_base_info(
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] change: JsValue,
) -> Result<JsValue, JsError> {
    match json(change)? {
        Value::Object(change) => to_js(&profile::check_base_info(&change)),
        _ => Err(bad_shape("checkBaseInfo 需要一个对象")),
    }
}

// ---- administration forms -------------------------------------------------------------------

fn form_of(name: &str) -> Result<entity::Form, JsError> {
    serde_json::from_value(Value::String(name.to_string())).map_err(|_| bad_shape(&format!("没有这个表单：{name}")))
}

/// An administration form's fields with their limits and rules (`form`: company, department,
/// position, role, group, user, resetPassword, system, menu, moduleButton, moduleField,
/// dataAuthorize, dataScheme, dictionaryType, dictionaryData, billRule, area, dataInterface,
/// dataInterfaceVariate, schedule, sysConfig).
#[wasm_bindgen(js_name = entityFields, unchecked_return_type = "EntityField[]")]
pub fn entity_fields(form: &str) -> Result<JsValue, JsError> {
    to_js(&entity::field_info(form_of(form)?))
}

/// The messages of an administration form: every field when `whole` (a creation), else the
/// fields present (an update).
#[wasm_bindgen(js_name = checkEntity, unchecked_return_type = "FieldMessages")]
pub fn check_entity(
    form: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] record: JsValue,
    whole: bool,
) -> Result<JsValue, JsError> {
    let form = form_of(form)?;
    match json(record)? {
        Value::Object(record) => to_js(&entity::check(form, &record, whole)),
        _ => Err(bad_shape("checkEntity 需要一个对象")),
    }
}

// ---- data-permission schemes ---------------------------------------------------------------

/// The comparison symbols of a scheme's condition, in order, and whether each compares with a
/// value (为空 and 不为空 do not).
#[wasm_bindgen(js_name = schemeOps, unchecked_return_type = "SchemeOp[]")]
pub fn scheme_ops() -> Result<JsValue, JsError> {
    to_js(&scheme::scheme_ops())
}

/// The problems of a scheme's condition (JSON text or the list of groups) by where they are
/// (`conditionJson[0].groups[1].value`); `{}` when complete.
#[wasm_bindgen(js_name = checkSchemeCondition, unchecked_return_type = "FieldMessages")]
pub fn check_scheme_condition(#[wasm_bindgen(unchecked_param_type = "unknown")] condition: JsValue) -> Result<JsValue, JsError> {
    to_js(&scheme::check_condition(&json(condition)?))
}

// ---- schedules ------------------------------------------------------------------------------

/// The times of a schedule form as the server reads them (`schedule::read_times`): `{}` when
/// the start, the end and the repeat end are right, else their messages by field (startDay,
/// startTime, duration, endDay, endTime, repetition, repeatTime). Days are counted in the zone
/// `offsetMinutes` east of UTC.
#[wasm_bindgen(js_name = checkScheduleTimes, unchecked_return_type = "FieldMessages")]
pub fn check_schedule_times(
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] record: JsValue,
    offset_minutes: i32,
) -> Result<JsValue, JsError> {
    match json(record)? {
        Value::Object(record) => match schedule::read_times(&record, offset_minutes) {
            Ok(_) => to_js(&qiming_core::FieldErrors::new()),
            Err(errors) => to_js(&errors),
        },
        _ => Err(bad_shape("checkScheduleTimes 需要一个对象")),
    }
}

// ---- flow conditions and routing -------------------------------------------------------------

/// The eight comparison symbols of a flow condition item, in the designer's order.
#[wasm_bindgen(js_name = flowSymbols, unchecked_return_type = "string[]")]
pub fn flow_symbols() -> Result<JsValue, JsError> {
    to_js(&flow::SYMBOLS)
}

/// Whether a flow condition (a condition node's `properties.conditions`) holds for a record
/// (`flow::condition_holds`): the server routes tasks by the same answer. Dates as text are
/// read in the zone `offsetMinutes` east of UTC (China Standard Time when not given).
#[wasm_bindgen(js_name = flowConditionHolds)]
pub fn flow_condition_holds(
    #[wasm_bindgen(unchecked_param_type = "FlowConditionItem[]")] conditions: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] record: JsValue,
    offset_minutes: Option<i32>,
) -> Result<bool, JsError> {
    Ok(flow::condition_holds(&json(conditions)?, &json(record)?, zone(offset_minutes)))
}

/// The first node that keeps a flow's node tree (JSON or JSON text) from being saved —
/// `{nodeId, reason}` with reason definition | approvers | conditions | conditionField |
/// conditionSymbol — or null when it may be saved (the server refuses the same trees).
#[wasm_bindgen(js_name = flowIncompleteNode, unchecked_return_type = "FlowIncomplete | null")]
pub fn flow_incomplete_node(#[wasm_bindgen(unchecked_param_type = "unknown")] tree: JsValue) -> Result<JsValue, JsError> {
    to_js(&flow::incomplete_node(&json(tree)?))
}

/// Where a task goes once node `fromNodeId` of a flow's node tree (JSON or JSON text) is done
/// — from the start node when empty — for a record: `{next: {nodes, copies, branches, end,
/// parallel, choose}, message: null}`, or `{next: null, message}` when it cannot be routed (the
/// designer's preview of which branch a sample record takes).
#[wasm_bindgen(js_name = flowNextNodes, unchecked_return_type = "FlowRoute")]
pub fn flow_next_nodes(
    #[wasm_bindgen(unchecked_param_type = "unknown")] tree: JsValue,
    from_node_id: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] record: JsValue,
    offset_minutes: Option<i32>,
) -> Result<JsValue, JsError> {
    to_js(&flow::preview_route(&json(tree)?, from_node_id, &json(record)?, zone(offset_minutes)))
}
