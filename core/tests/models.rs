//! The model fixtures (`fixtures/models/*.json`): the demonstration model uses every widget
//! and layout of jnpf-wire-engine.md and the JNPF-format definitions load unchanged — no
//! problem, a typed model with its tables. The broken definitions, one per kind of problem,
//! are vectors (`fixtures/vectors/model.json`), run here by `vectors.rs` and through the
//! WASM build by `web/src/core/vectors.test.ts`.

use qiming_core::form::FormValidator;
use qiming_core::model::{
    ColumnKind, Reference, ReferenceKind, TableRole, check_definition, definition_fields, read_model,
};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn models_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/models")
}

fn load(name: &str) -> Value {
    let text = std::fs::read_to_string(models_dir().join(name)).expect("fixture exists");
    serde_json::from_str(&text).expect("fixture is JSON")
}

fn demo() -> Value {
    load("inpatient-admission.json")
}

/// formData as JSON whether the Base holds it as text (as JNPF does) or as JSON.
fn form_data(base: &Value) -> Value {
    match &base["formData"] {
        Value::String(s) => serde_json::from_str(s).expect("formData JSON text"),
        v => v.clone(),
    }
}

/// Every jnpfKey anywhere in the widget tree.
fn keys_in(fields: &Value, out: &mut BTreeSet<String>) {
    for f in fields.as_array().into_iter().flatten() {
        if let Some(k) = f["__config__"]["jnpfKey"].as_str() {
            out.insert(k.to_string());
        }
        keys_in(&f["__config__"]["children"], out);
    }
}

#[test]
fn every_model_fixture_loads_without_problems() {
    let mut names: Vec<_> = std::fs::read_dir(models_dir())
        .expect("fixtures/models exists")
        .map(|e| e.expect("readable").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    assert!(names.len() >= 4, "{names:?}");
    for name in names {
        let base = load(&name);
        let check = check_definition(&base);
        assert_eq!(check.problems, vec![], "{name}");
        let model = read_model(&base);
        assert_eq!(model.tables[0].role, TableRole::Main, "{name}");
        assert!(!model.tables[0].columns.is_empty(), "{name}");
        // The record validator reads the same definition.
        assert!(FormValidator::new(&base["formData"]).is_ok(), "{name}");
    }
}

#[test]
fn the_demonstration_model_uses_every_widget_and_layout() {
    let base = demo();
    assert_eq!(base["fullName"], "住院登记");
    let mut keys = BTreeSet::new();
    keys_in(&form_data(&base)["fields"], &mut keys);
    let basic = [
        "comInput",
        "textarea",
        "numInput",
        "switch",
        "radio",
        "checkbox",
        "select",
        "cascader",
        "date",
        "time",
        "uploadFz",
        "uploadImg",
        "colorPicker",
        "rate",
        "slider",
        "editor",
        "link",
        "button",
        "JNPFText",
        "alert",
        "qrcode",
        "barcode",
    ];
    let advanced = [
        "comSelect",
        "depSelect",
        "posSelect",
        "userSelect",
        "roleSelect",
        "groupSelect",
        "usersSelect",
        "table",
        "treeSelect",
        "popupTableSelect",
        "autoComplete",
        "popupSelect",
        "address",
        "billRule",
        "relationForm",
        "relationFormAttr",
        "popupAttr",
        "calculate",
        "dateRange",
        "timeRange",
        "JNPFAmount",
    ];
    let system = ["createUser", "createTime", "modifyUser", "modifyTime", "currOrganize", "currPosition"];
    let layout = [
        "groupTitle",
        "divider",
        "row",
        "card",
        "collapse",
        "collapseItem",
        "tab",
        "tabItem",
        "tableGrid",
        "tableGridTr",
        "tableGridTd",
    ];
    let missing: Vec<_> =
        basic.iter().chain(&advanced).chain(&system).chain(&layout).filter(|k| !keys.contains(**k)).collect();
    assert_eq!(missing, Vec::<&&str>::new());

    let fields = definition_fields(&base);
    let field = |v: &str| fields.iter().find(|f| f.v_model == v).unwrap_or_else(|| panic!("{v}"));
    // The sub-table: summary over its columns, header grouping, a calculate column per row.
    let raw = form_data(&base);
    let table = raw["fields"].as_array().unwrap().iter().find(|f| f["__vModel__"] == "charge_items").unwrap();
    assert_eq!(table["show-summary"], true);
    assert_eq!(table["summaryField"], json!(["quantity", "amount"]));
    assert_eq!(table["complexHeaderList"][0]["childColumns"], json!(["unit_price", "quantity", "amount"]));
    assert_eq!(field("amount").sub_table.as_deref(), Some("charge_items"));
    // Calculate fields: one per row, one summing the sub-table (stored), one shown only.
    assert_eq!(field("total_charge").kind, Some(ColumnKind::Decimal { scale: Some(2) }));
    assert_eq!(field("balance").kind, None);
    // A serial number and linkage (ward by department, doctor by department, discharge after admission).
    assert!(field("admission_no").filled_by_server);
    let check = check_definition(&base);
    assert!(check.references.iter().any(|r| r.kind == ReferenceKind::BillRule && r.id == "ZYDJ"));
    assert_eq!(
        form_data(&base)["fields"][3]["__config__"]["children"][0]["__config__"]["children"][6]["__config__"]
            ["templateJson"][0]["relationField"],
        "admit_dept"
    );
}

#[test]
fn the_demonstration_model_tables() {
    let model = read_model(&demo());
    assert!(model.concurrency_lock && model.logical_delete);
    let roles: Vec<_> = model.tables.iter().map(|t| (t.name.as_str(), t.role, t.generated)).collect();
    assert_eq!(
        roles,
        vec![
            ("inpatient_admission", TableRole::Main, false),
            ("inpatient_insurance", TableRole::Secondary, false),
            ("inpatient_charge", TableRole::Child, false),
        ]
    );
    let main = &model.tables[0];
    let column =
        |name: &str| main.columns.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("{name}"));
    assert_eq!(column("patient_name").kind, ColumnKind::Text { length: Some(50) });
    assert_eq!(column("chief_complaint").kind, ColumnKind::LongText);
    assert_eq!(column("deposit").kind, ColumnKind::Decimal { scale: Some(2) });
    assert_eq!(column("admit_time").kind, ColumnKind::DateTime);
    assert_eq!(column("is_insured").kind, ColumnKind::Boolean);
    assert_eq!(column("allergies").kind, ColumnKind::Json);
    assert_eq!(column("care_team").kind, ColumnKind::Json);
    assert!(column("id_card").unique);
    // Search and sort fields of the list are indexed; others are not.
    let indexed: Vec<_> = main.columns.iter().filter(|c| c.indexed).map(|c| c.name.as_str()).collect();
    assert_eq!(
        indexed,
        ["admission_no", "patient_name", "admit_dept", "admit_time", "diagnosis", "registered_at"]
    );
    // Display widgets store nothing.
    assert!(main.columns.iter().all(|c| !c.name.is_empty()));
    let insurance = &model.tables[1];
    assert_eq!(insurance.foreign_key.as_deref(), Some("admission_id"));
    let names: Vec<_> = insurance.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["insurance_no", "insurance_type", "reimburse_rate"]);
    let charge = &model.tables[2];
    assert_eq!(charge.sub_table.as_deref(), Some("charge_items"));
    assert_eq!(charge.columns.len(), 7);
}

#[test]
fn jnpf_definitions_without_tables_get_generated_tables() {
    let model = read_model(&load("jnpf-drug-receipt.json"));
    let tables: Vec<_> = model.tables.iter().map(|t| (t.name.as_str(), t.role, t.generated)).collect();
    assert_eq!(tables, vec![("main", TableRole::Main, true), ("tableField108", TableRole::Child, true)]);
    assert_eq!(model.tables[1].foreign_key.as_deref(), Some("parent_id"));
    assert!(model.tables[0].columns.iter().any(|c| c.name == "comInputField101"));
}

#[test]
fn the_demonstration_form_validates_records() {
    let validator = FormValidator::new(&demo()["formData"]).expect("a definition the validator reads");
    let errors = validator.validate(&json!({"charge_items": [{}]}));
    let required = [
        "patient_name",
        "gender",
        "admit_dept",
        "attending_doctor",
        "admit_time",
        "diagnosis",
        "chief_complaint",
        "deposit",
        "charge_items[0].item_name",
        "charge_items[0].unit_price",
        "charge_items[0].quantity",
    ];
    for name in required {
        assert!(errors.contains_key(name), "{name}: {errors:?}");
    }
    // Every validated field is a field of the typed list.
    let fields = definition_fields(&demo());
    for name in validator.field_names() {
        assert!(fields.iter().any(|f| f.v_model == name), "{name}");
    }
}

// Every problem at once: renaming one field of the big form to a reserved word reports the
// name, and the list settings that named the old name, in one answer.
#[test]
fn every_problem_of_a_definition_at_once() {
    let mut base = demo();
    let text = serde_json::to_string(&base["formData"]).unwrap().replace("\"patient_name\"", "\"select\"");
    base["formData"] = serde_json::from_str(&text).unwrap();
    base["formData"]["fields"][1]["__config__"]["children"][0]["__config__"]["rule"] = json!("");
    let check = check_definition(&base);
    let found: Vec<_> = check.problems.iter().map(|p| (p.path.as_str(), p.message.key)).collect();
    assert_eq!(
        found,
        vec![
            ("/formData/fields/1/__config__/children/0", "model.billRuleRequired"),
            ("/formData/fields/1/__config__/children/1", "model.reservedName"),
            ("/columnData/columnList/1", "model.unknownListField"),
            ("/columnData/searchList/1", "model.unknownListField"),
            ("/appColumnData/columnList/1", "model.unknownListField"),
            ("/appColumnData/searchList/0", "model.unknownListField"),
        ]
    );
}

#[test]
fn missing_references_answer_in_core_messages() {
    let reference =
        |kind| Reference { kind, id: "x1".into(), field: "f".into(), path: "/p".into(), target_field: None };
    let keys: Vec<_> = [
        ReferenceKind::Dictionary,
        ReferenceKind::DataInterface,
        ReferenceKind::BillRule,
        ReferenceKind::Form,
        ReferenceKind::PrintTemplate,
    ]
    .into_iter()
    .map(|k| reference(k).missing())
    .map(|p| (p.message.key, p.message.text, p.field, p.path))
    .collect();
    assert_eq!(
        keys[0],
        ("model.missingDictionary", "数据字典不存在：x1".to_string(), "f".to_string(), "/p".to_string())
    );
    assert_eq!(keys[3].0, "model.missingForm");
    assert_eq!(keys[4].1, "打印模板不存在：x1");
    let form = Reference { target_field: Some("visit_no".into()), ..reference(ReferenceKind::Form) };
    assert_eq!(form.missing_target_field().message.text, "关联功能中不存在字段：visit_no");
}
