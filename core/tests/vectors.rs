//! Runs every case of `fixtures/vectors/*.json` against core. `web/src/core/vectors.test.ts`
//! runs the very same files through the WASM build; both must agree case for case.
//!
//! A file is `{description, function, cases: [{id, function?, args, expect}]}`. `function`
//! names the WASM export; this file maps each to the core call and shapes the answer as the
//! export does (messages as `{key, params?, text}`, `null` for none). `expect` must equal the
//! answer, except that a message's `params` may be left out of `expect`.

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

fn to_value<T: serde::Serialize>(v: T) -> Value {
    serde_json::to_value(v).expect("serialisable")
}

fn message(m: Option<Message>) -> Value {
    to_value(m)
}

fn texts(errors: &FieldErrors) -> Value {
    errors.iter().map(|(k, v)| (k.clone(), json!(v.iter().map(|m| &m.text).collect::<Vec<_>>()))).collect()
}

/// A JS number argument as the WASM export reads it.
fn count(v: &Value) -> u64 {
    v.as_f64().filter(|f| f.is_finite() && *f > 0.0).map_or(0, |f| f as u64)
}

fn row(v: &Value) -> Option<(String, usize)> {
    Some((v.get("table")?.as_str()?.to_string(), v.get("index")?.as_u64()? as usize))
}

/// The core answer for one case, shaped like the WASM export's.
fn call(function: &str, a: &[Value]) -> Result<Value, String> {
    Ok(match function {
        "checkRule" => message(validate_rule(s(a, 0), s(a, 1))),
        "checkPattern" => message(pattern::check_pattern(s(a, 0))),
        "testPattern" => json!(pattern::Pattern::cached(s(a, 0)).is_ok_and(|p| p.test(s(a, 1)))),
        "isBarcodeText" => json!(rules::is_barcode_text(s(a, 0))),
        "toChineseAmount" => json!(amount::to_chinese_amount(s(a, 0)).unwrap_or_else(|m| m.text)),
        "amountMessage" => message(amount::to_chinese_amount(s(a, 0)).err()),
        "thousands" => {
            let n = arg(a, 1).as_u64().unwrap_or(0).min(u64::from(u32::MAX)) as u32;
            json!(number::thousands(s(a, 0), n).unwrap_or_else(|| s(a, 0).to_string()))
        }
        "evaluateFormula" => {
            let precision = arg(a, 2).as_u64().map_or(0, |p| p.min(u64::from(u32::MAX)) as u32);
            let row = row(arg(a, 3));
            let row = row.as_ref().map(|(table, index)| formula::Row { table, index: *index });
            json!(formula::evaluate_formula(arg(a, 0), arg(a, 1), row, precision))
        }
        "checkFormula" => message(formula::check_formula(arg(a, 0))),
        "checkFormulaInForm" => message(formula::check_formula_in_form(arg(a, 0), arg(a, 1))),
        "serialPreview" => json!(serial::serial_preview(arg(a, 0), s(a, 1)).unwrap_or_default()),
        "serialNext" => {
            json!(serial::serial_next(arg(a, 0), arg(a, 1).as_str(), s(a, 2)).unwrap_or_default())
        }
        "checkSerialRule" => {
            to_value(serial::SerialRule::from_json(arg(a, 0), true).err().unwrap_or_default())
        }
        "checkStartNumber" => message(serial::check_start_number(s(a, 0))),
        "validateRecordMessages" => {
            let validator = form::FormValidator::new(arg(a, 0)).map_err(|m| m.text)?;
            let errors = validator.validate(arg(a, 1));
            // The one-shot call and the texts-only shape must say the same.
            let once = form::validate_record(arg(a, 0), arg(a, 1)).map_err(|m| m.text)?;
            assert_eq!(texts(&once), texts(&errors));
            to_value(errors)
        }
        "validateFieldMessages" => {
            let validator = form::FormValidator::new(arg(a, 0)).map_err(|m| m.text)?;
            to_value(validator.validate_field(arg(a, 1), s(a, 2)))
        }
        "isShownOnPc" => json!(form::shown_on_pc(arg(a, 0))),
        "numericRange" => json!(form::numeric_range(arg(a, 0), arg(a, 1))),
        "normalizeMultiple" => form::multiple_value(arg(a, 0)),
        "dateRangePicker" => json!(form::date_range_picker(s(a, 0))),
        "dateRangeAllows" => json!(arg(a, 0).as_f64().is_some_and(|f| form::date_range_allows(
            f as i64,
            s(a, 1),
            date::DEFAULT_UTC_OFFSET_MINUTES
        ))),
        "dateDefaultCurrent" => json!(arg(a, 0).as_f64().and_then(|f| form::date_default_current(
            f as i64,
            s(a, 1),
            date::DEFAULT_UTC_OFFSET_MINUTES
        ))),
        "uploadIsMultiple" => {
            json!(upload::UploadLimits::from_field(upload::UploadKind::File, arg(a, 0)).multiple())
        }
        "uploadConstants" => {
            json!({"chunkSize": upload::CHUNK_SIZE, "chunkMaxRetries": upload::CHUNK_MAX_RETRIES,
                                    "hashSliceSize": upload::HASH_SLICE_SIZE})
        }
        "checkImportFlows" => message(upload::check_import_flows(count(arg(a, 0)) as usize).err()),
        "autoSelectFlow" => json!(upload::check_import_flows(count(arg(a, 0)) as usize).unwrap_or(false)),
        "checkUserSelected" => {
            message(upload::check_user_selected(count(arg(a, 0)) as usize, arg(a, 1).as_str()))
        }
        "checkPasswordMessages" => {
            let policy: password::PasswordPolicy =
                serde_json::from_value(arg(a, 0).clone()).map_err(|e| e.to_string())?;
            to_value(password::check_password(&policy, s(a, 1)))
        }
        "checkRepeat" => message(password::check_repeat(s(a, 0), s(a, 1))),
        "hasButton" | "hasColumn" | "hasFormField" => {
            let list: Vec<permission::PermissionEntry> =
                serde_json::from_value(arg(a, 0).clone()).map_err(|e| e.to_string())?;
            let check = match function {
                "hasButton" => permission::has_button,
                "hasColumn" => permission::has_column,
                _ => permission::has_form_field,
            };
            json!(check(&list, s(a, 1), s(a, 2)))
        }
        "defaultButtonCodes" => json!(permission::DEFAULT_BUTTON_CODES),
        "filterMenuTree" => {
            let tree: Vec<permission::MenuNode> =
                serde_json::from_value(arg(a, 0).clone()).map_err(|e| e.to_string())?;
            let ids: std::collections::BTreeSet<String> =
                serde_json::from_value(arg(a, 1).clone()).map_err(|e| e.to_string())?;
            to_value(permission::filter_menu_tree(tree, &ids))
        }
        "md5Hex" => json!(md5_hex(s(a, 0).as_bytes())),
        "validateUpload" => {
            let kind = if s(a, 1) == "image" { upload::UploadKind::Image } else { upload::UploadKind::File };
            let limits = upload::UploadLimits::from_field(kind, arg(a, 0));
            let file = arg(a, 3);
            let name = file.get("name").and_then(Value::as_str).unwrap_or("");
            let size = file.get("size").and_then(Value::as_f64).filter(|f| f.is_finite() && *f >= 0.0);
            message(
                limits
                    .check_count(count(arg(a, 2)))
                    .or_else(|| limits.check_file(name, size.map(|f| f as u64))),
            )
        }
        "checkImportFile" => message(upload::check_import_file(arg(a, 0).as_str(), count(arg(a, 1)))),
        "checkImportRows" => message(upload::check_import_rows(count(arg(a, 0)) as usize)),
        "chatText" => json!(qiming_core::chat::outgoing_text(s(a, 0))),
        "checkChatImage" => message(qiming_core::chat::check_image(s(a, 0), count(arg(a, 1)))),
        "fileCategory" => json!(upload::file_category(s(a, 0))),
        "encodeMixedId" => json!(picker::encode_mixed_id(s(a, 0), s(a, 1))),
        "decodeMixedId" => {
            picker::decode_mixed_id(s(a, 0)).map_or(Value::Null, |(id, t)| json!({"id": id, "type": t}))
        }
        "checkMixedSelection" => {
            let values: Vec<&str> = arg(a, 0)
                .as_array()
                .map(|v| v.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            message(picker::check_mixed_selection(values, arg(a, 1).as_bool().unwrap_or(false)))
        }
        "acceptsPickerType" => {
            json!(picker::accepts_type(s(a, 0), arg(a, 1).as_bool().unwrap_or(false), s(a, 2)))
        }
        "checkBaseInfo" => {
            let change = arg(a, 0).as_object().ok_or("checkBaseInfo takes an object")?;
            to_value(profile::check_base_info(change))
        }
        "baseInfoFields" => to_value(profile::BASE_INFO_FIELDS),
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
