//! The one error type. Every failure becomes the JNPF envelope `{code, msg, data}` with
//! HTTP 200, because the JNPF client reads only `code` (an HTTP error shows a generic toast
//! and never signs the user out).

use axum::Json;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// Per-field messages for a 400: `{field: [msg, …]}`.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400: the request is wrong; `fields` says where when it is about fields.
    #[error("{msg}")]
    BadInput { msg: String, fields: Option<FieldErrors> },
    /// 400 whose `data` is a list: every problem of a model definition at once (release).
    #[error("{msg}")]
    Problems { msg: String, problems: serde_json::Value },
    /// 403: the caller may not do this (also: screen locked, initial password unchanged).
    #[error("{0}")]
    Forbidden(String),
    /// 404: no such thing (also unknown /api paths).
    #[error("{0}")]
    NotFound(String),
    /// 600 / 601 / 602: the client drops its token and goes to /login.
    #[error("{msg}")]
    Session { code: u16, msg: String },
    /// 503: too much at once (the password-hashing queue is full); try again shortly.
    #[error("服务器繁忙，请稍后再试")]
    Busy,
    /// 504: the request took longer than the server allows (`QIMING_REQUEST_TIMEOUT`).
    #[error("请求处理超时，请稍后再试")]
    Timeout,
    /// 500: logged with the request id; the client learns nothing but that id.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub const SESSION_EXPIRED: u16 = 600;
pub const SESSION_REVOKED: u16 = 601;
pub const SESSION_MISSING: u16 = 602;

impl AppError {
    /// Why a row or an object was refused, for a message naming it: the field messages (or the
    /// message) of bad input and not-found; any other error stays an error.
    pub fn into_reason(self) -> Result<String, AppError> {
        match self {
            AppError::BadInput { fields: Some(fields), .. } if !fields.is_empty() => Ok(fields.values().flatten().cloned().collect::<Vec<_>>().join("；")),
            AppError::BadInput { msg, .. } | AppError::NotFound(msg) => Ok(msg),
            other => Err(other),
        }
    }

    pub fn bad(msg: impl Into<String>) -> Self {
        AppError::BadInput { msg: msg.into(), fields: None }
    }

    /// A 400 about one field; the envelope's msg is the field's message.
    pub fn field(field: impl Into<String>, msg: impl Into<String>) -> Self {
        let msg = msg.into();
        AppError::BadInput { fields: Some(BTreeMap::from([(field.into(), vec![msg.clone()])])), msg }
    }

    /// A 400 about several fields; the first message becomes the envelope's msg.
    pub fn fields(fields: FieldErrors) -> Self {
        let msg = fields.values().flatten().next().cloned().unwrap_or_else(|| "参数错误".into());
        AppError::BadInput { msg, fields: Some(fields) }
    }

    pub fn forbidden(msg: impl Into<String>) -> Self {
        AppError::Forbidden(msg.into())
    }

    pub fn not_found(msg: impl Into<String>) -> Self {
        AppError::NotFound(msg.into())
    }

    pub fn session(code: u16, msg: impl Into<String>) -> Self {
        AppError::Session { code, msg: msg.into() }
    }

    pub fn code(&self) -> u16 {
        match self {
            AppError::BadInput { .. } | AppError::Problems { .. } => 400,
            AppError::Forbidden(_) => 403,
            AppError::NotFound(_) => 404,
            AppError::Session { code, .. } => *code,
            AppError::Busy => 503,
            AppError::Timeout => 504,
            AppError::Internal(_) => 500,
        }
    }
}

impl From<crate::support::password_hash::HashError> for AppError {
    fn from(e: crate::support::password_hash::HashError) -> Self {
        match e {
            crate::support::password_hash::HashError::Busy => AppError::Busy,
            crate::support::password_hash::HashError::Failed(e) => AppError::Internal(e),
        }
    }
}

impl From<sqlx::Error> for AppError {
    /// A duplicate of a unique key is the client's mistake (a 400 naming the field); any
    /// other database failure is unexpected.
    fn from(e: sqlx::Error) -> Self {
        if let Some(duplicate) = e.as_database_error().and_then(crate::db::unique_violation) {
            return match duplicate.field {
                Some((field, msg)) => AppError::field(field, msg),
                None => AppError::bad("数据已存在"),
            };
        }
        AppError::Internal(e.into())
    }
}

/// A failure as the client receives it (HTTP 200): `code` is 400, 403, 404, 500, 503, 504
/// or 600–602; `data` holds the per-field messages of a 400 about fields, else null.
#[derive(Debug, Serialize, ToSchema)]
pub struct Failure {
    pub code: u16,
    pub msg: String,
    #[schema(value_type = Option<std::collections::HashMap<String, Vec<String>>>, required = true)]
    /// `{field: [msg, …]}` for a 400 about fields; a list of problems for a refused release.
    pub data: Option<serde_json::Value>,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let code = self.code();
        let (msg, data) = match self {
            AppError::BadInput { msg, fields } => (msg, fields.map(|f| serde_json::to_value(f).unwrap_or_default())),
            AppError::Problems { msg, problems } => (msg, Some(problems)),
            AppError::Internal(e) => {
                tracing::error!(error = ?e, "unexpected error");
                (internal_msg(), None)
            }
            other => (other.to_string(), None),
        };
        let outcome = Refused { code: code.into(), msg: msg.clone() };
        let mut res = Json(Failure { code, msg, data }).into_response();
        res.extensions_mut().insert(outcome);
        res
    }
}

/// Left on a refused answer (whose HTTP status is 200, the envelope carrying the code) for
/// the operation log.
#[derive(Debug, Clone)]
pub struct Refused {
    pub code: i64,
    pub msg: String,
}

/// The only thing a client learns about an unexpected failure: that it happened, and the
/// request id under which the log holds the detail.
pub fn internal_msg() -> String {
    format!("系统繁忙，请稍后再试（请求编号：{}）", crate::request_id::current_id())
}
