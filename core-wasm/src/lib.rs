//! `qiming-core-wasm`: the browser's door to `qiming-core`. Every export converts its
//! arguments, calls core, and converts the answer back — no rule lives here.
//! Values cross as plain JS objects via serde-wasm-bindgen; `None` crosses as `null`.

use qiming_core::{password, permission};
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

fn from_js<T: serde::de::DeserializeOwned>(value: JsValue) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&e.to_string()))
}

/// Lower-case hex MD5 of a string's UTF-8 bytes (the login password) or of bytes.
#[wasm_bindgen(js_name = md5Hex)]
pub fn md5_hex(input: JsValue) -> Result<String, JsError> {
    if let Some(s) = input.as_string() {
        return Ok(qiming_core::md5_hex(s.as_bytes()));
    }
    let bytes: serde_bytes_like::Bytes = from_js(input)?;
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

/// The zh-CN messages of every policy rule `password` breaks; empty when it passes.
#[wasm_bindgen(js_name = checkPassword)]
pub fn check_password(policy: JsValue, password: &str) -> Result<Vec<String>, JsError> {
    let policy: password::PasswordPolicy = from_js(policy)?;
    Ok(password::check_password(&policy, password).into_iter().map(|m| m.text).collect())
}

/// Is button `code` allowed on page `modelId` by the CurrentUser permission list?
#[wasm_bindgen(js_name = hasButton)]
pub fn has_button(permission_list: JsValue, model_id: &str, code: &str) -> Result<bool, JsError> {
    let list: Vec<permission::PermissionEntry> = from_js(permission_list)?;
    Ok(permission::has_button(&list, model_id, code))
}

/// Is list column `prop` allowed on page `modelId`?
#[wasm_bindgen(js_name = hasColumn)]
pub fn has_column(permission_list: JsValue, model_id: &str, prop: &str) -> Result<bool, JsError> {
    let list: Vec<permission::PermissionEntry> = from_js(permission_list)?;
    Ok(permission::has_column(&list, model_id, prop))
}

/// Is form field `field` (sub-table fields `table-field`) allowed on page `modelId`?
#[wasm_bindgen(js_name = hasFormField)]
pub fn has_form_field(permission_list: JsValue, model_id: &str, field: &str) -> Result<bool, JsError> {
    let list: Vec<permission::PermissionEntry> = from_js(permission_list)?;
    Ok(permission::has_form_field(&list, model_id, field))
}

/// The menu tree keeping only authorised entries (empty directories dropped).
#[wasm_bindgen(js_name = filterMenuTree)]
pub fn filter_menu_tree(tree: JsValue, authorised_ids: JsValue) -> Result<JsValue, JsError> {
    let tree: Vec<permission::MenuNode> = from_js(tree)?;
    let ids: std::collections::BTreeSet<String> = from_js(authorised_ids)?;
    to_js(&permission::filter_menu_tree(tree, &ids))
}

/// `null` when `value` passes the named rule (jnpf-wire.md names), else its zh-CN message.
/// An unknown rule name answers a message too.
#[wasm_bindgen(js_name = validateRule)]
pub fn validate_rule(rule: &str, value: &str) -> Option<String> {
    qiming_core::validate_rule(rule, value).map(|m| m.text)
}

/// Like `validateRule`, with the whole message `{key, params?, text}` for translation.
#[wasm_bindgen(js_name = checkRule)]
pub fn check_rule(rule: &str, value: &str) -> Result<JsValue, JsError> {
    to_js(&qiming_core::validate_rule(rule, value))
}
