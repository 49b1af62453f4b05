//! A rule's answer to the user: a stable key (for zh-TW / en translation in the web), the
//! parameters the key's template needs, and the zh-CN text the spec prescribes.

use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Message {
    /// Stable translation key, e.g. `password.lengthMin`.
    pub key: &'static str,
    /// Values for the key's `{name}` placeholders.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<&'static str, String>,
    /// The zh-CN text, exactly as the spec words it.
    pub text: String,
}

impl Message {
    pub fn new(key: &'static str, text: impl Into<String>) -> Self {
        Message { key, params: BTreeMap::new(), text: text.into() }
    }

    pub fn with(mut self, name: &'static str, value: impl ToString) -> Self {
        self.params.insert(name, value.to_string());
        self
    }
}

impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// Messages per field name, as a form (or the server's 400 answer) shows them.
pub type FieldErrors = BTreeMap<String, Vec<Message>>;
