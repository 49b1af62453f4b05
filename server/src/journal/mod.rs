//! The request and operation logs (SYS logs of issue 11): every API call a signed-in user
//! makes is recorded with its duration (category 5), every write also with its outcome
//! (category 3). Answering never waits for the log: a record goes into a bounded queue and a
//! background task writes what has gathered in one transaction about twice a second; when the
//! queue is full (the database far behind) records are dropped and counted, never the request.
//!
//! A record also says which page the call acted for (JNPF's `moduleName`: the menu a
//! [`Permit`](crate::access::Permit) demanded, named when written) and, for a write, what was
//! sent (JNPF's `json`): a JSON or form body of at most [`BODY_MAX_BYTES`], with the values of
//! passwords, secrets and tokens masked, cut at [`JSON_MAX_CHARS`] characters. Other bodies
//! (uploads, larger ones) are described, not kept.

use crate::state::AppState;
use crate::error::Refused;
use crate::request::Client;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use serde_json::Value;
use std::time::Instant;

mod queue;
pub mod writer;

pub use queue::{ActedFor, Caller, Entry, Journal};

/// Bodies read for the log at most (the forms of the pages are far smaller).
pub const BODY_MAX_BYTES: usize = 64 * 1024;
/// The logged body's text at most.
pub const JSON_MAX_CHARS: usize = 4000;
/// What a masked value is shown as.
const MASK: &str = "******";




/// True for a key whose value is never logged.
fn is_secret_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    ["password", "secret", "token", "pwd"].iter().any(|s| k.contains(s))
}

/// Keys that are secrets on some pages only: a data-interface variable's `value` (and the
/// script computing it) is typically another service's access token (issue 24 §3).
fn page_secret_keys(path: &str) -> &'static [&'static str] {
    if path.contains("/DataInterfaceVariate") { &["value", "expression"] } else { &[] }
}

/// The value with every secret's value replaced by the mask, at any depth.
fn masked(value: Value, extra: &[&str]) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let secret = is_secret_key(&k) || extra.iter().any(|e| k.eq_ignore_ascii_case(e));
                    let v = if secret && !v.is_null() { Value::String(MASK.into()) } else { masked(v, extra) };
                    (k, v)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(|v| masked(v, extra)).collect()),
        other => other,
    }
}

/// The logged text of a body of `content_type` sent to `path`: JSON and forms masked,
/// anything else named.
pub fn logged_body(path: &str, content_type: &str, body: &[u8]) -> String {
    if body.is_empty() {
        return String::new();
    }
    let kind = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    let value = if kind == "application/x-www-form-urlencoded" {
        Some(Value::Object(form_urlencoded::parse(body).map(|(k, v)| (k.into_owned(), Value::String(v.into_owned()))).collect()))
    } else {
        serde_json::from_slice::<Value>(body).ok()
    };
    let text = match value {
        Some(v) => masked(v, page_secret_keys(path)).to_string(),
        None => format!("（{}请求体，{}字节）", if kind.is_empty() { "未知类型的" } else { kind.as_str() }, body.len()),
    };
    cut(text)
}

/// At most [`JSON_MAX_CHARS`] characters, an ellipsis saying that more was sent.
fn cut(text: String) -> String {
    match text.char_indices().nth(JSON_MAX_CHARS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// The body of a write as the log keeps it, and the request to pass on (its body read when it
/// is logged). Uploads and bodies of unknown or too large a size are only described.
async fn read_body(req: Request) -> Result<(Request, String), Response> {
    use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
    let content_type = req.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    let length = req.headers().get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok());
    if content_type.to_ascii_lowercase().starts_with("multipart/") {
        return Ok((req, format!("（文件上传，{}字节）", length.unwrap_or(0))));
    }
    match length {
        Some(0) | None => return Ok((req, String::new())),
        Some(n) if n > BODY_MAX_BYTES => return Ok((req, format!("（请求体过大，{n}字节，未记录）"))),
        Some(_) => {}
    }
    let (parts, body) = req.into_parts();
    let bytes = axum::body::to_bytes(body, BODY_MAX_BYTES)
        .await
        .map_err(|_| axum::response::IntoResponse::into_response(crate::error::AppError::bad("请求数据读取失败")))?;
    let logged = logged_body(parts.uri.path(), &content_type, &bytes);
    Ok((Request::from_parts(parts, axum::body::Body::from(bytes)), logged))
}


/// Middleware of the whole app: times each call and queues a record for those the access
/// guard found a signed-in caller for.
pub async fn record(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().chars().take(500).collect::<String>();
    let (req, json) = if matches!(method, Method::GET | Method::HEAD | Method::OPTIONS) {
        (req, String::new())
    } else {
        match read_body(req).await {
            Ok(read) => read,
            Err(refusal) => return refusal,
        }
    };
    let (mut parts, body) = req.into_parts();
    let client = Client::from_request_parts(&mut parts, &state).await.unwrap_or_else(|e| match e {});
    let acted_for = ActedFor::default();
    parts.extensions.insert(acted_for.clone());
    let res = next.run(Request::from_parts(parts, body)).await;
    if let Some(caller) = res.extensions().get::<Caller>() {
        if method != Method::OPTIONS {
            state.journal.record(Entry {
                user_id: caller.user_id.clone(),
                user_name: caller.user_name.clone(),
                method: method.to_string(),
                path,
                code: res.extensions().get::<Refused>().map_or(200, |r| r.code),
                refusal: res.extensions().get::<Refused>().map(|r| r.msg.clone()).unwrap_or_default(),
                duration_ms: started.elapsed().as_millis() as i64,
                client,
                at: state.clock.now_ms(),
                menu: acted_for.0.get().map_or_else(String::new, |m| (*m).to_string()),
                json,
            });
        }
    }
    res
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_masked_at_any_depth_and_text_is_cut() {
        let body = br#"{"account":"a","password":"x","nested":{"qyhCorpSecret":"s","list":[{"accessToken":"t","n":1}]},"oldPwd":null}"#;
        let logged: Value = serde_json::from_str(&logged_body("/api/x", "application/json;charset=utf-8", body)).unwrap();
        assert_eq!(
            logged,
            serde_json::json!({"account": "a", "password": "******", "nested": {"qyhCorpSecret": "******", "list": [{"accessToken": "******", "n": 1}]}, "oldPwd": null})
        );
        let form: Value = serde_json::from_str(&logged_body("/api/x", "application/x-www-form-urlencoded", b"account=a&password=b")).unwrap();
        assert_eq!(form, serde_json::json!({"account": "a", "password": "******"}));
        assert_eq!(logged_body("/api/x", "text/plain", b"abc"), "（text/plain请求体，3字节）");
        let long = format!("{{\"t\":\"{}\"}}", "字".repeat(5000));
        let cut = logged_body("/api/x", "application/json", long.as_bytes());
        assert_eq!(cut.chars().count(), JSON_MAX_CHARS + 1);
        assert!(cut.ends_with('…'));
    }

    // Issue 24 §3: a data-interface variable's value and expression never reach the log;
    // the same keys elsewhere are ordinary data.
    #[test]
    fn variable_values_are_masked() {
        let body = br#"{"interfaceId":"1","fullName":"token","value":"sk-live-123","expression":"return 'sk-live-123'"}"#;
        let logged = logged_body("/api/system/DataInterfaceVariate/9", "application/json", body);
        assert!(!logged.contains("sk-live-123"), "{logged}");
        let logged: Value = serde_json::from_str(&logged).unwrap();
        assert_eq!((logged["value"].as_str(), logged["fullName"].as_str()), (Some(MASK), Some("token")));
        let elsewhere: Value = serde_json::from_str(&logged_body("/api/system/DictionaryData", "application/json", br#"{"value":"x"}"#)).unwrap();
        assert_eq!(elsewhere["value"], "x");
    }
}
