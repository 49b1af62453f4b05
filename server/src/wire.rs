//! The wire conventions of DESIGN.md and jnpf-wire.md: the success envelope, paging, and
//! extractors whose every rejection is a 400 envelope with a clear Chinese message (never
//! axum's plain-text rejections).

use crate::error::{AppError, FieldErrors};
use axum::Json as AxumJson;
use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A success: `{code: 200, msg, data}`. Failures are the same envelope with another code
/// (see [`crate::error::AppError`]), also with HTTP 200.
#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    /// 200 on success.
    #[schema(example = 200)]
    pub code: u16,
    pub msg: &'static str,
    pub data: T,
}

pub type ApiResult<T> = Result<Envelope<T>, AppError>;

/// `data` with JNPF's usual success msg.
pub fn ok<T: Serialize>(data: T) -> ApiResult<T> {
    Ok(Envelope { code: 200, msg: "Success", data })
}

/// A success whose msg the client shows (e.g. 保存成功), with `data: null`.
pub fn done(msg: &'static str) -> ApiResult<NoData> {
    Ok(Envelope { code: 200, msg, data: NoData })
}

impl<T: Serialize> IntoResponse for Envelope<T> {
    fn into_response(self) -> Response {
        AxumJson(self).into_response()
    }
}

/// The `data: null` of an answer that only says it worked.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoData;

impl Serialize for NoData {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_none()
    }
}

impl utoipa::PartialSchema for NoData {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new().schema_type(Type::Null).into()
    }
}
impl ToSchema for NoData {}

/// Paging of a list request: `currentPage` (from 1, default 1) and `pageSize` (1..=500,
/// default 20). Call [`PageQuery::page`] to validate. Extract it beside the list's own
/// query struct (two `Query` extractors) rather than flattening it in, so that errors keep
/// naming the field.
#[derive(Debug, Clone, Copy, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// Page number, from 1 (default 1).
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub current_page: Option<i64>,
    /// Rows per page, 1 to 500 (default 20; the client offers 20, 50, 100, 500).
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub page_size: Option<i64>,
}

/// The page size the JNPF client asks of a generated list that shows every row (type 3, type 5,
/// `hasPage` off; jnpf-wire-engine.md §4.4).
pub const RECORDS_UNPAGED: i64 = 10_000;

/// A validated page.
#[derive(Debug, Clone, Copy)]
pub struct Page {
    pub current_page: i64,
    pub page_size: i64,
}

impl PageQuery {
    pub fn page(self) -> Result<Page, AppError> {
        self.page_up_to(500)
    }

    /// The page with at most `max` rows: generated lists without paging (grouped lists, tree
    /// tables, `hasPage` off) ask for JNPF's 10,000 ([`RECORDS_UNPAGED`]).
    pub fn page_up_to(self, max: i64) -> Result<Page, AppError> {
        let current_page = self.current_page.unwrap_or(1);
        let page_size = self.page_size.unwrap_or(20);
        if current_page < 1 {
            return Err(AppError::field("currentPage", "页码必须大于0"));
        }
        if !(1..=max).contains(&page_size) {
            return Err(AppError::field("pageSize", format!("每页条数必须在1到{max}之间")));
        }
        Ok(Page { current_page, page_size })
    }
}

impl Page {
    pub fn offset(&self) -> i64 {
        (self.current_page - 1).saturating_mul(self.page_size)
    }

    /// `{list, pagination: {currentPage, pageSize, total}}`.
    pub fn of<T>(&self, list: Vec<T>, total: i64) -> PageOf<T> {
        PageOf { list, pagination: Pagination { current_page: self.current_page, page_size: self.page_size, total } }
    }
}

/// One page of a list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PageOf<T> {
    pub list: Vec<T>,
    pub pagination: Pagination,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pagination {
    pub current_page: i64,
    pub page_size: i64,
    pub total: i64,
}

/// A field of an update (PATCH meaning, even on PUT routes): left out means "leave it as it
/// is", `null` means "clear it", a value replaces it. Declare it with `#[serde(default)]`.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Patch<T> {
    #[default]
    Absent,
    Null,
    Value(T),
}

impl<T> Patch<T> {
    pub fn is_absent(&self) -> bool {
        matches!(self, Patch::Absent)
    }

    /// None when absent; Some(None) when cleared.
    pub fn sent(self) -> Option<Option<T>> {
        match self {
            Patch::Absent => None,
            Patch::Null => Some(None),
            Patch::Value(v) => Some(Some(v)),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Patch<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Option::<T>::deserialize(d)?.map_or(Patch::Null, Patch::Value))
    }
}

impl<T: Serialize> Serialize for Patch<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Patch::Value(v) => v.serialize(s),
            _ => s.serialize_none(),
        }
    }
}

/// Documented as `T` or null (utoipa composes generic fields through this trait).
impl<T: utoipa::__dev::ComposeSchema> utoipa::__dev::ComposeSchema for Patch<T> {
    fn compose(
        generics: Vec<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>>,
    ) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        <Option<T> as utoipa::__dev::ComposeSchema>::compose(generics)
    }
}
impl<T: utoipa::__dev::ComposeSchema + ToSchema> ToSchema for Patch<T> {}

/// Text that a client may send as a JSON number (the JNPF client's captcha key is
/// `Math.random()`); absent or null is "".
pub fn text_or_number<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(match Option::<serde_json::Value>::deserialize(d)? {
        None | Some(serde_json::Value::Null) => String::new(),
        Some(serde_json::Value::String(s)) => s,
        Some(serde_json::Value::Number(n)) => n.to_string(),
        Some(_) => return Err(serde::de::Error::custom("invalid type: expected text or a number")),
    })
}

/// An optional number in a query string, where `x=` means absent.
pub fn opt_i64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    let s = Option::<String>::deserialize(d)?;
    match s.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) => v.parse().map(Some).map_err(|_| serde::de::Error::custom("not a number")),
    }
}

/// An optional number in a JSON body, sent as a number or as text (`""` and null: absent).
pub fn opt_i64_any<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    match Option::<serde_json::Value>::deserialize(d)? {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::Number(n)) => n.as_i64().map(Some).ok_or_else(|| serde::de::Error::custom("not a whole number")),
        Some(serde_json::Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(serde_json::Value::String(s)) => s.trim().parse().map(Some).map_err(|_| serde::de::Error::custom("not a number")),
        Some(_) => Err(serde::de::Error::custom("invalid type: expected a number")),
    }
}

/// A list of ids (or codes) sent as an array — of text or numbers — or joined by `,` in one
/// text (JNPF clients send both); blanks are left out, null is none.
pub fn list_or_csv<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let item = |v: serde_json::Value| match v {
        serde_json::Value::String(s) => Ok(s),
        serde_json::Value::Number(n) => Ok(n.to_string()),
        _ => Err(serde::de::Error::custom("invalid type: expected a list of ids")),
    };
    let raw: Vec<String> = match Option::<serde_json::Value>::deserialize(d)? {
        None | Some(serde_json::Value::Null) => Vec::new(),
        Some(serde_json::Value::Array(items)) => items.into_iter().map(item).collect::<Result<_, _>>()?,
        Some(serde_json::Value::String(text)) => text.split(',').map(str::to_string).collect(),
        Some(other) => vec![item(other)?],
    };
    Ok(raw.into_iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect())
}

/// JSON body. Syntax errors, wrong types and missing fields are 400s naming the field.
pub struct Json<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        let bytes = body(req, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(AppError::bad("请求数据不能为空"));
        }
        // Syntax first (trailing characters included), then the shape, so each failure
        // gets its own message.
        let value: serde_json::Value =
            serde_json::from_slice(&bytes).map_err(|_| AppError::bad("请求数据不是有效的JSON"))?;
        reject_controls_in_json(&value, &mut String::new())?;
        let is_object = value.is_object();
        let value = serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            // serde lets a struct be written as an array; an error "at [0]" then means the
            // body has the wrong shape altogether.
            if !is_object && path.starts_with('[') {
                return field_error(".", "invalid type");
            }
            field_error(&path, &e.into_inner().to_string())
        })?;
        Ok(Json(value))
    }
}

/// `application/x-www-form-urlencoded` body (the login form).
pub struct Form<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Form<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        let bytes = body(req, state).await?;
        urlencoded(&bytes).map(Form)
    }
}

/// The query string (GET payloads travel here).
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, AppError> {
        urlencoded(parts.uri.query().unwrap_or("").as_bytes()).map(Query)
    }
}

/// Path parameters; a value of the wrong shape names the parameter.
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        use axum::extract::path::ErrorKind;
        if let Ok(raw) = axum::extract::RawPathParams::from_request_parts(parts, state).await {
            for (key, value) in raw.iter() {
                reject_controls(key, value)?;
            }
        }
        let rejection = match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(v)) => return Ok(Path(v)),
            Err(PathRejection::FailedToDeserializePathParams(e)) => e.into_kind(),
            Err(_) => return Err(AppError::bad("路径参数无效")),
        };
        let bad = |key: String, value: String| AppError::field(key.clone(), format!("路径参数{key}的值无效：{value}"));
        Err(match rejection {
            ErrorKind::ParseErrorAtKey { key, value, .. } => bad(key, value),
            // Tuples report a position; the route names it.
            ErrorKind::ParseErrorAtIndex { index, value, .. } => {
                let raw = axum::extract::RawPathParams::from_request_parts(parts, state).await;
                let key = raw.ok().and_then(|r| r.iter().nth(index).map(|(k, _)| k.to_string()));
                bad(key.unwrap_or_else(|| format!("#{}", index + 1)), value)
            }
            ErrorKind::ParseError { value, .. } => AppError::bad(format!("路径参数的值无效：{value}")),
            _ => AppError::bad("路径参数无效"),
        })
    }
}

async fn body<S: Send + Sync>(req: Request, state: &S) -> Result<Bytes, AppError> {
    Bytes::from_request(req, state).await.map_err(|e| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            AppError::bad("请求数据过大")
        } else {
            AppError::bad("请求数据读取失败")
        }
    })
}

/// Text must not carry control characters other than tab, line feed and carriage return (a
/// NUL cannot even be stored in PostgreSQL's text): such input is a 400 naming the field.
pub fn reject_controls(field: &str, text: &str) -> Result<(), AppError> {
    if text.chars().any(|c| (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) && (c as u32) < 0xa0) {
        let field = if field.is_empty() { "请求数据" } else { field };
        return Err(AppError::field(field, format!("{field}含有不允许的控制字符")));
    }
    Ok(())
}

/// Parses JSON sent as text inside a request (a record's `data`, `queryJson`,
/// `superQueryJson`), with the same refusal of control characters (NUL above all, which
/// PostgreSQL cannot store) as a JSON body; None when the text is not JSON.
pub fn nested_json(field: &str, text: &str) -> Result<Option<serde_json::Value>, AppError> {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else { return Ok(None) };
    reject_controls_in_json(&value, &mut field.to_string())?;
    Ok(Some(value))
}

fn reject_controls_in_json(value: &serde_json::Value, path: &mut String) -> Result<(), AppError> {
    match value {
        serde_json::Value::String(s) => reject_controls(path, s),
        serde_json::Value::Array(items) => items.iter().try_for_each(|v| reject_controls_in_json(v, path)),
        serde_json::Value::Object(map) => map.iter().try_for_each(|(k, v)| {
            let len = path.len();
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(k);
            reject_controls(path, k)?;
            let checked = reject_controls_in_json(v, path);
            path.truncate(len);
            checked
        }),
        _ => Ok(()),
    }
}

fn urlencoded<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    for (key, value) in form_urlencoded::parse(bytes) {
        reject_controls(&key, &value)?;
    }
    let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(bytes));
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        field_error(&path, &e.into_inner().to_string())
    })
}

/// Turns serde's English data error into a Chinese message about the field it concerns.
fn field_error(path: &str, serde_msg: &str) -> AppError {
    // "missing field `x`" is reported at the parent; the field is in the message.
    let backticked = serde_msg.split('`').nth(1).unwrap_or("");
    let (field, reason) = if serde_msg.starts_with("missing field") {
        (join_path(path, backticked), "不能为空")
    } else if serde_msg.starts_with("invalid type") {
        (path.to_string(), "类型错误")
    } else if serde_msg.starts_with("unknown variant") || serde_msg.starts_with("invalid value") {
        (path.to_string(), "取值无效")
    } else if serde_msg.starts_with("unknown field") {
        (join_path(path, backticked), "是未知的字段")
    } else {
        (path.to_string(), "格式错误")
    };
    let field = if field == "." || field.is_empty() { "请求数据".to_string() } else { field };
    let mut fields = FieldErrors::new();
    fields.insert(field.clone(), vec![format!("{field}{reason}")]);
    AppError::BadInput { msg: format!("参数错误：{field}{reason}"), fields: Some(fields) }
}

fn join_path(parent: &str, name: &str) -> String {
    if parent.is_empty() || parent == "." { name.to_string() } else { format!("{parent}.{name}") }
}

/// A file uploaded as `multipart/form-data` in the field `file` (the JNPF client's imports):
/// its name and bytes, and the form's other text fields (the menu import sends `parentId` and
/// `category` beside the file). A request without a file is a 400 saying so.
pub struct Upload {
    pub file_name: String,
    pub bytes: Bytes,
    /// The other fields, by name (the first of a repeated name).
    pub fields: std::collections::BTreeMap<String, String>,
}

/// How an upload is documented: the multipart field `file`.
#[derive(ToSchema)]
pub struct UploadForm {
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// Text fields beside the file are form values, not files: a few kilobytes at most.
const MAX_UPLOAD_FIELD: usize = 4096;

impl<S: Send + Sync> FromRequest<S> for Upload {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        let mut multipart = axum::extract::Multipart::from_request(req, state).await.map_err(|_| AppError::bad("请上传文件"))?;
        let failed = |e: axum::extract::multipart::MultipartError| {
            if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE { AppError::bad("文件过大") } else { AppError::bad("文件上传失败") }
        };
        let mut file: Option<(String, Bytes)> = None;
        let mut fields = std::collections::BTreeMap::new();
        while let Some(field) = multipart.next_field().await.map_err(failed)? {
            let name = field.name().unwrap_or_default().to_string();
            if name == "file" && file.is_none() {
                let file_name = field.file_name().unwrap_or_default().to_string();
                reject_controls("文件名", &file_name)?;
                let bytes = field.bytes().await.map_err(failed)?;
                // The JSON files imports read (.bdd, .bb, .bd, .bm) are text input like a
                // request body; what is not JSON is left to the import to refuse.
                if let Ok(value) = serde_json::from_slice::<serde_json::Value>(&bytes) {
                    reject_controls_in_json(&value, &mut "文件内容".to_string())?;
                }
                file = Some((file_name, bytes));
            } else if field.file_name().is_none() && !fields.contains_key(&name) {
                let bytes = field.bytes().await.map_err(failed)?;
                if bytes.len() > MAX_UPLOAD_FIELD {
                    return Err(AppError::field(name, "内容过长"));
                }
                let text = String::from_utf8(bytes.to_vec()).map_err(|_| AppError::field(name.clone(), format!("{name}格式错误")))?;
                reject_controls(&name, &text)?;
                fields.insert(name, text);
            }
        }
        let (file_name, bytes) = file.ok_or_else(|| AppError::bad("请上传文件"))?;
        Ok(Upload { file_name, bytes, fields })
    }
}

/// Declares a form an update sends part of (POST and PUT of an administration page; camelCase
/// JSON, documented): each field is written as the value it carries and declared as a
/// [`Patch`] of it — absent when not
/// sent, null when cleared —, left out when absent as the form is turned back into JSON for
/// core's checks. The attribute this takes is written once here instead of on every field;
/// the fields keep their own attributes (docs, `#[serde(rename = "type")]`, `#[schema(…)]`).
macro_rules! patch_form {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$field_meta:meta])* pub $field:ident: $ty:ty,)* }) => {
        #[derive(Debug, Default, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
        #[serde(rename_all = "camelCase")]
        $(#[$meta])*
        pub struct $name {
            $(
                $(#[$field_meta])*
                #[serde(default, skip_serializing_if = "Patch::is_absent")]
                pub $field: Patch<$ty>,
            )*
        }
    };
}
pub(crate) use patch_form;

/// Declares the query string of a GET: every parameter (camelCase) may be left out (its
/// default), and is documented as a query parameter. The attributes this takes are written once here
/// instead of on every field; the fields keep their own (docs, `deserialize_with`,
/// `#[param(…)]`).
macro_rules! query_params {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$field_meta:meta])* pub $field:ident: $ty:ty,)* }) => {
        #[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
        #[into_params(parameter_in = Query)]
        #[serde(rename_all = "camelCase")]
        $(#[$meta])*
        pub struct $name {
            $(
                $(#[$field_meta])*
                #[serde(default)]
                pub $field: $ty,
            )*
        }
    };
}
pub(crate) use query_params;
