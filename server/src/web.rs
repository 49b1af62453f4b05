//! The web app and the answers for what is not there. The release binary carries the built
//! app (web/dist, with the .br and .gz files the web build precompresses) and serves it from
//! memory: the encoding the client accepts, an ETag, long-lived caching for the fingerprinted
//! files under /assets and revalidation for the rest, and index.html for every other path (the
//! client routes in history mode). `QIMING_WEB_DIR` serves a directory instead, for
//! development. An unknown /api or /websocket path is an envelope 404, never index.html.

use crate::error::AppError;
use axum::body::Body;
use axum::extract::OriginalUri;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;
use std::any::Any;
use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use tower_http::services::{ServeDir, ServeFile};

/// web/dist as it was when the server was compiled (build.rs recompiles the server whenever
/// the web build's index.html changes).
#[derive(RustEmbed)]
#[folder = "../web/dist"]
#[allow_missing = true]
struct Embedded;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

struct Asset {
    body: Cow<'static, [u8]>,
    br: Option<Cow<'static, [u8]>>,
    gzip: Option<Cow<'static, [u8]>>,
    content_type: HeaderValue,
    etag: HeaderValue,
    cache_control: HeaderValue,
}

/// The embedded app, indexed by request path (`/index.html`, `/assets/index-Bx1.js`).
pub struct WebApp {
    assets: HashMap<String, Asset>,
}

impl WebApp {
    /// Reads the embedded files once.
    pub fn embedded() -> WebApp {
        WebApp::from_files(Embedded::iter().filter_map(|name| {
            let file = Embedded::get(&name)?;
            Some((name.into_owned(), file.data, file.metadata.sha256_hash()))
        }))
    }

    /// The app from (path under web/dist, content, content hash); `x.br` and `x.gz` are the
    /// precompressed forms of `x`.
    fn from_files(files: impl Iterator<Item = (String, Cow<'static, [u8]>, [u8; 32])>) -> WebApp {
        let mut plain = Vec::new();
        let mut compressed = HashMap::new();
        for (name, data, hash) in files {
            if name.ends_with(".br") || name.ends_with(".gz") {
                compressed.insert(name, data);
            } else {
                plain.push((name, data, hash));
            }
        }
        let mut assets = HashMap::new();
        for (name, body, hash) in plain {
            let etag = format!("W/\"{}\"", crate::support::hex(&hash[..12]));
            let cache = if name.starts_with("assets/") { IMMUTABLE } else { REVALIDATE };
            let content_type = match mime_guess::from_path(&name).first_raw().unwrap_or("application/octet-stream") {
                t if t.starts_with("text/") || t == "application/javascript" => format!("{t}; charset=utf-8"),
                t => t.to_string(),
            };
            let asset = Asset {
                br: compressed.remove(&format!("{name}.br")),
                gzip: compressed.remove(&format!("{name}.gz")),
                body,
                content_type: HeaderValue::from_str(&content_type).unwrap_or(HeaderValue::from_static("application/octet-stream")),
                etag: HeaderValue::from_str(&etag).unwrap_or(HeaderValue::from_static("\"\"")),
                cache_control: HeaderValue::from_static(cache),
            };
            assets.insert(format!("/{name}"), asset);
        }
        WebApp { assets }
    }

    pub fn is_built(&self) -> bool {
        self.assets.contains_key("/index.html")
    }

    /// The answer to GET or HEAD `path`.
    fn answer(&self, method: &Method, path: &str, headers: &HeaderMap) -> Response {
        if method != Method::GET && method != Method::HEAD {
            return StatusCode::METHOD_NOT_ALLOWED.into_response();
        }
        let path = if path == "/" { "/index.html" } else { path };
        let Some(asset) = self.assets.get(path).or_else(|| self.assets.get("/index.html")) else {
            return not_built();
        };
        let mut res = Response::builder()
            .header(header::CONTENT_TYPE, asset.content_type.clone())
            .header(header::ETAG, asset.etag.clone())
            .header(header::CACHE_CONTROL, asset.cache_control.clone())
            .header(header::VARY, "accept-encoding");
        let fresh = headers.get(header::IF_NONE_MATCH).is_some_and(|v| v.as_bytes() == asset.etag.as_bytes());
        if fresh {
            return res.status(StatusCode::NOT_MODIFIED).body(Body::empty()).unwrap_or_default();
        }
        let accepts = |coding: &str| {
            headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).is_some_and(|v| {
                v.split(',').any(|c| {
                    let mut parts = c.split(';');
                    parts.next().is_some_and(|n| n.trim().eq_ignore_ascii_case(coding))
                        && parts.all(|p| p.trim().replace(' ', "") != "q=0")
                })
            })
        };
        let body = match (&asset.br, &asset.gzip) {
            (Some(br), _) if accepts("br") => {
                res = res.header(header::CONTENT_ENCODING, "br");
                br.clone()
            }
            (_, Some(gz)) if accepts("gzip") => {
                res = res.header(header::CONTENT_ENCODING, "gzip");
                gz.clone()
            }
            _ => asset.body.clone(),
        };
        res = res.header(header::CONTENT_LENGTH, body.len());
        let body = if method == Method::HEAD { Body::empty() } else { Body::from(body) };
        res.body(body).unwrap_or_default()
    }
}

fn not_built() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "启明的网页端尚未构建：请运行 make web（The web app is not built: run `make web`.）",
    )
        .into_response()
}

/// The web app's service: the embedded app, or `dir` when one is configured (its .br and .gz
/// files served to clients that accept them; index.html for every path that is not a file).
pub fn service(dir: Option<&Path>) -> axum::routing::MethodRouter {
    match dir {
        Some(dir) if dir.join("index.html").is_file() => {
            let index = ServeFile::new(dir.join("index.html")).precompressed_br().precompressed_gzip();
            // Never redirect `//assets` to `//assets/`: a browser reads that as another host.
            let files = ServeDir::new(dir).redirect_to_trailing_slash(false).precompressed_br().precompressed_gzip();
            axum::routing::get_service(files.fallback(index))
        }
        Some(dir) => {
            tracing::warn!(web_dir = %dir.display(), "the web app is not built there (run `make web`); serving the API only");
            axum::routing::any(|| async { not_built() })
        }
        None => {
            let app = Arc::new(WebApp::embedded());
            if !app.is_built() {
                tracing::warn!("this binary carries no web app (build the web with `make web` first); serving the API only");
            }
            axum::routing::any(move |method: Method, OriginalUri(uri): OriginalUri, headers: HeaderMap| {
                let app = app.clone();
                async move { app.answer(&method, uri.path(), &headers) }
            })
        }
    }
}

/// Unknown /api paths and methods, and WebSocket paths no route serves (a refused upgrade).
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
    use super::*;

    fn app() -> WebApp {
        let file = |name: &str, body: &'static [u8]| (name.to_string(), Cow::Borrowed(body), [7u8; 32]);
        WebApp::from_files(
            [
                file("index.html", b"<!doctype html>"),
                file("index.html.gz", b"GZ-INDEX"),
                file("assets/app-Bx1.js", b"console.log(1)"),
                file("assets/app-Bx1.js.br", b"BR-APP"),
                file("assets/app-Bx1.js.gz", b"GZ-APP"),
                file("logo.svg", b"<svg/>"),
            ]
            .into_iter(),
        )
    }

    async fn get(app: &WebApp, method: Method, path: &str, headers: &[(&'static str, &'static str)]) -> (StatusCode, HeaderMap, Vec<u8>) {
        let mut h = HeaderMap::new();
        for (k, v) in headers {
            h.insert(*k, HeaderValue::from_static(v));
        }
        let res = app.answer(&method, path, &h);
        let (parts, body) = res.into_parts();
        (parts.status, parts.headers, axum::body::to_bytes(body, 1 << 20).await.unwrap().to_vec())
    }

    // Assets from memory: the encoding the client prefers among those built, long-lived
    // caching for fingerprinted files, revalidation (ETag, 304) for the others, index.html
    // for client routes.
    #[tokio::test]
    async fn serves_precompressed_assets_with_caching() {
        let app = app();
        let (status, h, body) = get(&app, Method::GET, "/assets/app-Bx1.js", &[("accept-encoding", "gzip, deflate, br, zstd")]).await;
        assert_eq!((status, body.as_slice()), (StatusCode::OK, &b"BR-APP"[..]));
        assert_eq!(h["content-encoding"], "br");
        assert_eq!(h["content-type"], "text/javascript; charset=utf-8");
        assert_eq!(h["cache-control"], IMMUTABLE);
        assert_eq!(h["vary"], "accept-encoding");
        let (_, h, body) = get(&app, Method::GET, "/assets/app-Bx1.js", &[("accept-encoding", "gzip, br;q=0")]).await;
        assert_eq!((h["content-encoding"].to_str().unwrap(), body.as_slice()), ("gzip", &b"GZ-APP"[..]));
        let (_, h, body) = get(&app, Method::GET, "/assets/app-Bx1.js", &[]).await;
        assert_eq!((h.get("content-encoding"), body.as_slice()), (None, &b"console.log(1)"[..]));
        assert_eq!(h["content-length"], "14");

        let (_, h, body) = get(&app, Method::GET, "/logo.svg", &[("accept-encoding", "br")]).await;
        assert_eq!((h.get("content-encoding"), body.as_slice()), (None, &b"<svg/>"[..]));
        assert_eq!(h["content-type"], "image/svg+xml");
        assert_eq!(h["cache-control"], REVALIDATE);
        let etag = h["etag"].to_str().unwrap().to_string();
        let mut again = HeaderMap::new();
        again.insert("if-none-match", HeaderValue::from_str(&etag).unwrap());
        let res = app.answer(&Method::GET, "/logo.svg", &again);
        assert_eq!(res.status(), StatusCode::NOT_MODIFIED);

        for route in ["/", "/home", "/permission/user"] {
            let (status, h, body) = get(&app, Method::GET, route, &[("accept-encoding", "gzip")]).await;
            assert_eq!((status, body.as_slice()), (StatusCode::OK, &b"GZ-INDEX"[..]), "{route}");
            assert_eq!(h["cache-control"], REVALIDATE);
        }
        let (status, h, body) = get(&app, Method::HEAD, "/logo.svg", &[]).await;
        assert_eq!((status, body.len(), h["content-length"].to_str().unwrap()), (StatusCode::OK, 0, "6"));
        assert_eq!(app.answer(&Method::POST, "/home", &HeaderMap::new()).status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(WebApp::from_files(std::iter::empty()).answer(&Method::GET, "/", &HeaderMap::new()).status(), StatusCode::NOT_FOUND);
    }

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
