//! Unique keys → the field a person fixes. A duplicate is bad input (400 naming the field,
//! e.g. 账户已存在), never a 500; this table is the one place that maps a constraint to its
//! field, for both engines (PostgreSQL names the constraint, SQLite lists table.column).

use sqlx::error::{DatabaseError, ErrorKind};

struct UniqueKey {
    table: &'static str,
    columns: &'static [&'static str],
    field: &'static str,
    msg: &'static str,
}

const fn key(table: &'static str, columns: &'static [&'static str], field: &'static str, msg: &'static str) -> UniqueKey {
    UniqueKey { table, columns, field, msg }
}

/// Every UNIQUE constraint of the schema (tests/api/schema.rs checks none is missing).
const UNIQUE_KEYS: &[UniqueKey] = &[
    key("base_user", &["account"], "account", "账户已存在"),
    key("base_role", &["en_code"], "enCode", "编码已存在"),
    key("base_system", &["en_code"], "enCode", "编码已存在"),
    key("base_module", &["en_code"], "enCode", "编码已存在"),
    key("base_module_item", &["module_id", "kind", "en_code"], "enCode", "编码已存在"),
    key("base_dictionary_type", &["en_code"], "enCode", "编码已存在"),
    key("base_dictionary_data", &["dictionary_type_id", "en_code"], "enCode", "编码已存在"),
    key("base_organize", &["en_code"], "enCode", "编码已存在"),
    key("base_position", &["en_code"], "enCode", "编码已存在"),
    key("base_group", &["en_code"], "enCode", "编码已存在"),
    key("base_module_data_authorize", &["module_id", "en_code"], "enCode", "编码已存在"),
    key("base_bill_rule", &["en_code"], "enCode", "编码已存在"),
    key("base_province", &["en_code"], "enCode", "区域编码不能重复"),
    key("base_data_interface", &["en_code"], "enCode", "编码已存在"),
    key("base_data_interface_variate", &["full_name"], "fullName", "变量名已存在"),
    key("base_visual_dev", &["en_code"], "enCode", "编码已存在"),
    key("base_print_dev", &["en_code"], "enCode", "编码已存在"),
    key("base_portal", &["en_code"], "enCode", "编码已存在"),
    // Two saves of one user's own layout at once: the second finds the row made.
    key("base_portal_custom", &["portal_id", "user_id", "system_id"], "formData", "布局正在保存，请稍后再试"),
    key("flow_template", &["en_code"], "enCode", "编码已存在"),
    // Two saves of one used flow at once: the second finds the new version number taken.
    key("flow_version", &["flow_id", "version"], "flowTemplateJson", "该流程正在保存，请稍后再试"),
    // Two releases of one model at once: the second finds its version number taken.
    key("base_visual_release", &["visual_id", "version"], "version", "该功能正在发布，请稍后再试"),
];

/// The PostgreSQL name of a UNIQUE constraint declared without a name.
fn postgres_name(k: &UniqueKey) -> String {
    format!("{}_{}_key", k.table, k.columns.join("_"))
}

/// The names PostgreSQL gives the unique constraints this table knows (for the schema test).
pub fn known_constraint_names() -> Vec<String> {
    UNIQUE_KEYS.iter().map(postgres_name).collect()
}

/// A unique key's violation: the field and its message when the key is known (the error type
/// answers 400 with them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Duplicate {
    pub field: Option<(&'static str, &'static str)>,
}

/// The duplicate a unique-key violation stands for; None for any other database error.
pub fn unique_violation(e: &dyn DatabaseError) -> Option<Duplicate> {
    if e.kind() != ErrorKind::UniqueViolation {
        return None;
    }
    let found = match e.constraint() {
        // PostgreSQL.
        Some(name) => UNIQUE_KEYS.iter().find(|k| postgres_name(k) == name),
        // SQLite: "UNIQUE constraint failed: base_user.account" (or "t.a, t.b").
        None => e.message().split_once("constraint failed: ").and_then(|(_, list)| {
            let columns: Vec<(&str, &str)> = list.split(", ").filter_map(|tc| tc.trim().split_once('.')).collect();
            UNIQUE_KEYS.iter().find(|k| {
                columns.len() == k.columns.len()
                    && columns.iter().zip(k.columns).all(|((t, c), kc)| *t == k.table && c == kc)
            })
        }),
    };
    Some(match found {
        Some(k) => Duplicate { field: Some((k.field, k.msg)) },
        None => {
            // A primary key or a key missing from the table: still the client's duplicate.
            tracing::warn!(constraint = ?e.constraint(), message = e.message(), "unmapped unique violation");
            Duplicate { field: None }
        }
    })
}
