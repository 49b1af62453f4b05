//! The built web app (SPA fallback to index.html for client routes) and the answers for
//! what is not there: an unknown /api path is an envelope 404, never index.html.

use crate::error::AppError;
use axum::body::Body;
use axum::extract::OriginalUri;
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::any::Any;
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};

/// Serves `dir`, answering index.html for every path that is not a file there. When the app
/// is not built, says so instead.
pub fn spa(dir: &Path) -> axum::routing::MethodRouter {
    let index = dir.join("index.html");
    if index.is_file() {
        axum::routing::get_service(ServeDir::new(dir).fallback(ServeFile::new(index)))
    } else {
        axum::routing::get(|| async {
            (
                StatusCode::NOT_FOUND,
                [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                "启明的网页端尚未构建：请运行 make web（The web app is not built: run `make web`.）",
            )
        })
    }
}

/// Unknown /api paths and methods.
pub async fn api_not_found(method: Method, OriginalUri(uri): OriginalUri) -> AppError {
    AppError::not_found(format!("接口不存在：{method} {}", uri.path()))
}

/// A panic inside a handler: the same answer as any unexpected error.
pub fn panic_answer(panic: Box<dyn Any + Send + 'static>) -> Response<Body> {
    let detail = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)");
    AppError::Internal(anyhow::anyhow!("panic: {detail}")).into_response()
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn a_panic_answers_500_without_its_message() {
        let res = super::panic_answer(Box::new(String::from("index out of bounds: secret detail")));
        let body = axum::body::to_bytes(res.into_body(), 1 << 16).await.unwrap();
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["code"], 500);
        assert!(v["msg"].as_str().unwrap().starts_with("系统繁忙，请稍后再试"));
        assert!(!String::from_utf8_lossy(&body).contains("secret"));
    }
}
