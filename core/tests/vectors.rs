//! Runs every case of `fixtures/vectors/*.json` against core. `web/src/core/vectors.test.ts`
//! runs the very same files through the WASM build; both must agree case for case.
//!
//! A file is `{description, function, cases: [{id, function?, args, expect}]}`. `function`
//! names the WASM export (`FormValidator.validateField`: the method of a validator of
//! `args[0]`). Each export converts its arguments and calls one core function; this file
//! calls the same function with the same conversions (JSON for objects, `number::whole_number`
//! / `number::count` for counts and sizes, `formula::precision_of` and `formula::row_of`) and
//! shapes the answer as the export does (messages as `{key, params?, text}`, `null` for
//! none). `expect` must equal the answer, except that a message's `params` may be left out of
//! `expect`.

use qiming_core::*;
use serde_json::{Value, json};
use std::path::PathBuf;

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/vectors")
}

fn arg(args: &[Value], i: usize) -> &Value {
    args.get(i).unwrap_or(&Value::Null)
}

fn s(args: &[Value], i: usize) -> &str {
    arg(args, i).as_str().unwrap_or("")
}

/// A JS number argument as it reaches WASM (JavaScript's ToNumber): null is 0, a missing
/// argument (undefined) and text that is no number are NaN.
fn n(args: &[Value], i: usize) -> f64 {
    match args.get(i) {
        Some(Value::Number(x)) => x.as_f64().unwrap_or(f64::NAN),
        Some(Value::Null) => 0.0,
        Some(Value::Bool(b)) => f64::from(u8::from(*b)),
        Some(Value::String(t)) if t.trim().is_empty() => 0.0,
        Some(Value::String(t)) => t.trim().parse().unwrap_or(f64::NAN),
        _ => f64::NAN,
    }
}

fn to_value<T: serde::Serialize>(v: T) -> Value {
    serde_json::to_value(v).expect("serialisable")
}

fn message(m: Option<Message>) -> Value {
    to_value(m)
}

fn typed<T: serde::de::DeserializeOwned>(v: &Value) -> Result<T, String> {
    serde_json::from_value(v.clone()).map_err(|e| e.to_string())
}

/// `JSON.stringify(value, keys)`: only the listed property names, at every depth.
fn only_keys(value: &Value, keys: &[String]) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| keys.contains(k))
                .map(|(k, v)| (k.clone(), only_keys(v, keys)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|v| only_keys(v, keys)).collect()),
        other => other.clone(),
    }
}

/// The core answer for one case, shaped like the WASM export's.
fn call(function: &str, a: &[Value]) -> Result<Value, String> {
    use number::{count, whole_number};
    Ok(match function {
        "checkRule" => message(validate_rule(s(a, 0), s(a, 1))),
        "ruleNames" => json!(rules::rule_names()),
        "checkPattern" => message(pattern::check_pattern(s(a, 0))),
        "testPattern" => json!(pattern::test_pattern(s(a, 0), s(a, 1))),
        "isBarcodeText" => json!(rules::is_barcode_text(s(a, 0))),
        "toChineseAmount" => json!(amount::to_chinese_amount(s(a, 0))),
        "thousands" => json!(number::thousands(s(a, 0), whole_number(n(a, 1)))),
        "evaluateFormula" => {
            let row = formula::row_of(arg(a, 3));
            let precision = formula::precision_of(arg(a, 2).as_f64());
            // As the browser hands the data over: JSON text of the names the formula reads.
            let data_json = |keys: &[String]| only_keys(arg(a, 1), keys).to_string();
            let evaluation = formula::evaluate_formula_json(arg(a, 0), data_json, row, precision);
            // The server's evaluation over the whole data says the same.
            assert_eq!(formula::evaluate_formula(arg(a, 0), arg(a, 1), row, precision), evaluation);
            json!(evaluation.value)
        }
        "recomputeRecord" => {
            let calculations = recompute::Calculations::new(arg(a, 0)).map_err(|m| m.text)?;
            let mut record = arg(a, 1).clone();
            let done = calculations.recompute(&mut record, recompute::Written::Number);
            // As the browser hands the record over: only the names the calculations use; the
            // changes are the same.
            let mut cut = only_keys(arg(a, 1), calculations.keys());
            assert_eq!(calculations.recompute(&mut cut, recompute::Written::Number), done);
            // The fixed point: computing again changes nothing.
            let mut again = record.clone();
            assert!(calculations.recompute(&mut again, recompute::Written::Number).changes.is_empty());
            record
        }
        "checkCalculations" => message(recompute::check_calculations(arg(a, 0))),
        "formatNumber" => {
            let precision = match arg(a, 1) {
                Value::Null => None,
                _ => Some(n(a, 1)),
            };
            json!(number::format_number(arg(a, 0), number::precision_arg(precision), arg(a, 2).as_bool().unwrap_or(false)))
        }
        "flowIncompleteNode" => to_value(flow::incomplete_node(arg(a, 0))),
        "summaryText" => {
            let values = arg(a, 0).as_array().cloned().unwrap_or_default();
            json!(number::summary(&values, arg(a, 1).as_bool().unwrap_or(false)))
        }
        "widgetKinds" => to_value(widget_kinds::widget_kinds()),
        "checkFormula" => message(formula::check_formula(arg(a, 0))),
        "checkFormulaInForm" => message(formula::check_formula_in_form(arg(a, 0), arg(a, 1))),
        "serialPreview" => json!(serial::serial_preview(arg(a, 0), s(a, 1))),
        "serialNext" => json!(serial::serial_next(arg(a, 0), arg(a, 1).as_str(), s(a, 2))),
        "checkSerialRule" => to_value(serial::check_serial_rule(arg(a, 0))),
        "checkStartNumber" => message(serial::check_start_number(s(a, 0))),
        "validateRecord" => {
            let errors = form::validate_record(arg(a, 0), arg(a, 1)).map_err(|m| m.text)?;
            // A compiled validator of the same definition says the same.
            let validator = form::FormValidator::new(arg(a, 0)).map_err(|m| m.text)?;
            assert_eq!(validator.validate(arg(a, 1)), errors);
            to_value(errors)
        }
        "FormValidator.validateField" => {
            let validator = form::FormValidator::new(arg(a, 0)).map_err(|m| m.text)?;
            to_value(validator.validate_field(arg(a, 1), s(a, 2)))
        }
        "checkDefinition" => to_value(model::check_definition(arg(a, 0))),
        "definitionFields" => to_value(model::definition_fields(arg(a, 0))),
        "isShownOnPc" => json!(form::shown_on_pc(arg(a, 0))),
        "numericRange" => json!(form::numeric_range(arg(a, 0), arg(a, 1))),
        "normalizeMultiple" => form::multiple_value(arg(a, 0)),
        "dateRangePicker" => json!(form::date_range_picker(s(a, 0))),
        "dateRangeAllows" => json!(form::date_range_allows(n(a, 0), s(a, 1), n(a, 2) as i32)),
        "dateDefaultCurrent" => json!(form::date_default_current(n(a, 0), s(a, 1), n(a, 2) as i32)),
        "validateUpload" => {
            message(upload::check_upload(arg(a, 0), s(a, 1), whole_number(n(a, 2)), arg(a, 3)))
        }
        "uploadIsMultiple" => {
            json!(upload::UploadLimits::from_field(upload::UploadKind::File, arg(a, 0)).multiple())
        }
        "uploadConstants" => {
            json!({"chunkSize": upload::CHUNK_SIZE, "chunkMaxRetries": upload::CHUNK_MAX_RETRIES,
                   "hashSliceSize": upload::HASH_SLICE_SIZE})
        }
        "checkImportFlows" => message(upload::check_import_flows(count(n(a, 0)))),
        "autoSelectFlow" => json!(upload::auto_select_flow(count(n(a, 0)))),
        "checkUserSelected" => message(upload::check_user_selected(count(n(a, 0)), arg(a, 1).as_str())),
        "checkImportFile" => message(upload::check_import_file(arg(a, 0).as_str(), whole_number(n(a, 1)))),
        "checkImportRows" => message(upload::check_import_rows(count(n(a, 0)))),
        "chatText" => json!(chat::outgoing_text(s(a, 0))),
        "checkChatImage" => message(chat::check_image(s(a, 0), whole_number(n(a, 1)))),
        "fileCategory" => json!(upload::file_category(s(a, 0))),
        "checkPassword" => to_value(password::check_password(&typed(arg(a, 0))?, s(a, 1))),
        "checkRepeat" => message(password::check_repeat(s(a, 0), s(a, 1))),
        "hasButton" => json!(permission::has_button(&typed::<Vec<_>>(arg(a, 0))?, s(a, 1), s(a, 2))),
        "hasColumn" => json!(permission::has_column(&typed::<Vec<_>>(arg(a, 0))?, s(a, 1), s(a, 2))),
        "hasFormField" => json!(permission::has_form_field(&typed::<Vec<_>>(arg(a, 0))?, s(a, 1), s(a, 2))),
        "defaultButtonCodes" => json!(permission::DEFAULT_BUTTON_CODES),
        "filterMenuTree" => {
            let tree: Vec<permission::MenuNode> = typed(arg(a, 0))?;
            to_value(permission::filter_menu_tree(tree, &typed(arg(a, 1))?))
        }
        "md5Hex" => json!(md5_hex(s(a, 0).as_bytes())),
        "encodeMixedId" => json!(picker::encode_mixed_id(s(a, 0), s(a, 1))),
        "decodeMixedId" => {
            picker::decode_mixed_id(s(a, 0)).map_or(Value::Null, |(id, t)| json!({"id": id, "type": t}))
        }
        "checkMixedSelection" => {
            let values: Vec<String> = typed(arg(a, 0))?;
            message(picker::check_mixed_selection(
                values.iter().map(String::as_str),
                arg(a, 1).as_bool().unwrap_or(false),
            ))
        }
        "acceptsPickerType" => {
            json!(picker::accepts_type(s(a, 0), arg(a, 1).as_bool().unwrap_or(false), s(a, 2)))
        }
        "checkBaseInfo" => {
            let change = arg(a, 0).as_object().ok_or("checkBaseInfo takes an object")?;
            to_value(profile::check_base_info(change))
        }
        "baseInfoFields" => to_value(profile::BASE_INFO_FIELDS),
        "checkEntity" => {
            let form: entity::Form = typed(arg(a, 0))?;
            let record = arg(a, 1).as_object().ok_or("checkEntity takes an object")?;
            to_value(entity::check(form, record, arg(a, 2).as_bool().unwrap_or(false)))
        }
        "entityFields" => to_value(entity::field_info(typed(arg(a, 0))?)),
        "checkSchemeCondition" => to_value(scheme::check_condition(arg(a, 0))),
        "schemeOps" => to_value(scheme::scheme_ops()),
        "checkScheduleTimes" => {
            let record = arg(a, 0).as_object().ok_or("checkScheduleTimes takes an object")?;
            match schedule::read_times(record, n(a, 1) as i32) {
                Ok(_) => json!({}),
                Err(errors) => to_value(errors),
            }
        }
        "flowConditionHolds" => json!(flow::condition_holds(arg(a, 0), arg(a, 1), n(a, 2) as i32)),
        "flowNextNodes" => to_value(flow::preview_route(arg(a, 0), s(a, 1), arg(a, 2), n(a, 3) as i32)),
        "flowSymbols" => json!(flow::SYMBOLS),
        other => return Err(format!("no such function: {other}")),
    })
}

/// `expect` equals `actual`, except that a message's `params` may be left out of `expect`.
fn matches(expect: &Value, actual: &Value) -> bool {
    match (expect, actual) {
        (Value::Object(e), Value::Object(a)) => {
            a.keys().all(|k| e.contains_key(k) || k == "params")
                && e.iter().all(|(k, v)| a.get(k).is_some_and(|x| matches(v, x)))
        }
        (Value::Array(e), Value::Array(a)) => {
            e.len() == a.len() && e.iter().zip(a).all(|(x, y)| matches(x, y))
        }
        (Value::Number(e), Value::Number(a)) => e.as_f64() == a.as_f64(),
        _ => expect == actual,
    }
}

#[test]
fn every_vector_holds_in_core() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(vectors_dir())
        .expect("fixtures/vectors exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut checked = 0;
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let file: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let default_fn = file.get("function").and_then(Value::as_str).unwrap_or("");
        let cases = file.get("cases").and_then(Value::as_array).expect("cases");
        assert!(!cases.is_empty(), "{} has no cases", path.display());
        for case in cases {
            let id = case.get("id").and_then(Value::as_str).expect("every case has an id");
            let function = case.get("function").and_then(Value::as_str).unwrap_or(default_fn);
            let args = case.get("args").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
            let expect = case.get("expect").expect("every case has expect");
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            match call(function, args) {
                Ok(actual) if matches(expect, &actual) => {}
                Ok(actual) => {
                    failures.push(format!("{name} / {id}\n  expected {expect}\n  actual   {actual}"))
                }
                Err(e) => failures.push(format!("{name} / {id}: {e}")),
            }
            checked += 1;
        }
    }
    println!("{checked} vector cases in {} files", files.len());
    assert!(checked > 0, "no vector cases found");
    assert!(failures.is_empty(), "{} of {checked} cases failed:\n{}", failures.len(), failures.join("\n"));
}
