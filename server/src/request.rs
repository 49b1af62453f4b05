//! Per-request context: a request id (in the log span, the `x-request-id` header and the
//! msg of a 500) and what we know about the client (address, place, browser).

use crate::config::Config;
use axum::extract::{ConnectInfo, FromRequestParts, Request};
use axum::http::HeaderValue;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::time::Instant;
use tracing::Instrument;

pub use crate::request_id::current_id;
use crate::request_id::REQUEST_ID;

/// Gives every request an id and a span; logs one line when it is answered — at `debug`
/// only (issue 26: at `info` a busy day wrote hundreds of MB of these lines; the request log
/// in the database already holds every call, and a 500 is logged with its id at `error`).
pub async fn context(req: Request, next: Next) -> Response {
    let id = crate::support::hex(&crate::support::random_bytes::<8>());
    let span = tracing::info_span!("request", id = %id, method = %req.method(), path = %req.uri().path());
    let started = Instant::now();
    let mut res = REQUEST_ID.scope(id.clone(), next.run(req).instrument(span.clone())).await;
    span.in_scope(|| {
        tracing::debug!(status = res.status().as_u16(), ms = started.elapsed().as_millis() as u64, "answered")
    });
    if let Ok(v) = HeaderValue::from_str(&id) {
        res.headers_mut().insert("x-request-id", v);
    }
    res
}

/// What the web app may load and run: its own scripts (and WebAssembly), styles (antd sets
/// some inline), images, fonts, connections (and WebSockets) to this server; external pages
/// only in frames (the external-link page); no plug-ins; no framing by other sites.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; \
    frame-src 'self' https: http:; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; \
    form-action 'self'; frame-ancestors 'self'";

/// The security headers of every answer; API answers are never stored by a cache (unless the
/// route said otherwise, as images do).
pub async fn security_headers(req: Request, next: Next) -> Response {
    use axum::http::header;
    let path = req.uri().path();
    let api = path == "/api" || path.starts_with("/api/");
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    // A route may set a stricter policy of its own (a preview page runs no script at all).
    if !h.contains_key(header::CONTENT_SECURITY_POLICY) {
        h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    }
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("SAMEORIGIN"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    if api && !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    res
}

/// Answers a request that takes longer than `limit` (its body included) with 504, so a slow
/// client or a stuck call cannot hold a connection's task for ever.
pub async fn deadline(axum::extract::State(limit): axum::extract::State<std::time::Duration>, req: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(res) => res,
        Err(_) => axum::response::IntoResponse::into_response(crate::error::AppError::Timeout),
    }
}

/// The minimum pace of request bodies: `(bytes per second, grace)` (`QIMING_BODY_MIN_RATE`,
/// `QIMING_BODY_GRACE`).
#[derive(Debug, Clone, Copy)]
pub struct BodyPace {
    pub min_rate: u64,
    pub grace: std::time::Duration,
}

/// Gives every request body a minimum pace: once the grace period is over, a body must have
/// arrived at `min_rate` bytes per second on average, else reading it fails at once (the
/// call answers 400 and the connection closes). A client trickling a byte every few seconds
/// can then hold a connection for the grace period, not for the whole request timeout.
pub async fn body_pace(axum::extract::State(pace): axum::extract::State<BodyPace>, req: Request, next: Next) -> Response {
    use http_body::Body as _;
    if pace.min_rate == 0 || req.body().is_end_stream() {
        return next.run(req).await;
    }
    let (parts, body) = req.into_parts();
    next.run(Request::from_parts(parts, axum::body::Body::new(Paced::new(body, pace)))).await
}

/// A body that fails once it falls behind its pace (see [`body_pace`]).
struct Paced {
    inner: axum::body::Body,
    started: tokio::time::Instant,
    received: u64,
    pace: BodyPace,
    /// When the body falls behind if nothing more arrives.
    behind: std::pin::Pin<Box<tokio::time::Sleep>>,
}

impl Paced {
    fn new(inner: axum::body::Body, pace: BodyPace) -> Paced {
        let started = tokio::time::Instant::now();
        Paced { inner, started, received: 0, pace, behind: Box::pin(tokio::time::sleep_until(started + pace.grace)) }
    }

    fn behind_at(&self) -> tokio::time::Instant {
        let earned = std::time::Duration::from_secs_f64(self.received as f64 / self.pace.min_rate as f64);
        self.started + earned.max(self.pace.grace)
    }
}

/// Why a paced body stopped.
#[derive(Debug)]
struct TooSlow;

impl std::fmt::Display for TooSlow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("请求数据发送过慢")
    }
}

impl std::error::Error for TooSlow {}

impl http_body::Body for Paced {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        use std::future::Future;
        use std::task::Poll;
        let this = &mut *self;
        match std::pin::Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    this.received += data.len() as u64;
                    let at = this.behind_at();
                    this.behind.as_mut().reset(at);
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Pending => {
                if this.behind.as_mut().poll(cx).is_ready() {
                    return Poll::Ready(Some(Err(axum::Error::new(TooSlow))));
                }
                Poll::Pending
            }
            done => done,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// Who is calling: recorded with sign-ins and sessions.
#[derive(Debug, Clone)]
pub struct Client {
    pub ip: String,
    /// 本地 (loopback), 局域网 (private ranges) or 未知 — no geo database is shipped.
    pub place: String,
    pub user_agent: String,
    pub browser: String,
    pub os: String,
}

/// Any state that holds the configuration (the application state) gives the client: the
/// trusted proxies decide its address.
impl<S: AsRef<Config> + Send + Sync> FromRequestParts<S> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Infallible> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        let forwarded: Vec<&str> =
            parts.headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).collect();
        let ip = client_address(peer, &forwarded.join(","), state.as_ref().trust_forwarded_for, &state.as_ref().trusted_proxies);
        let user_agent = parts
            .headers
            .get(axum::http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .chars()
            .take(500)
            .collect::<String>();
        let (browser, os) = describe_agent(&user_agent);
        Ok(Client {
            ip: ip.map(|i| i.to_string()).unwrap_or_default(),
            place: ip.map(place_of).unwrap_or("未知").to_string(),
            user_agent,
            browser,
            os,
        })
    }
}

/// The client's address: the connection's peer, unless the server runs behind a trusted
/// reverse proxy. Then it is the address the proxy appended to `X-Forwarded-For` — the
/// right-most entry (a client can put anything to the left of it) — or, with a list of
/// trusted proxies, the right-most entry that is not one of them, and only on connections
/// from one of them.
pub fn client_address(peer: Option<IpAddr>, forwarded_for: &str, trust: bool, trusted_proxies: &[IpAddr]) -> Option<IpAddr> {
    let chain: Vec<Option<IpAddr>> =
        forwarded_for.split(',').map(str::trim).filter(|e| !e.is_empty()).map(|e| e.parse().ok()).collect();
    if !trusted_proxies.is_empty() {
        if !peer.is_some_and(|p| trusted_proxies.contains(&p)) {
            return peer;
        }
        // Walk back past the trusted proxies; an entry that is not an address ends the walk.
        for entry in chain.iter().rev() {
            match entry {
                Some(ip) if trusted_proxies.contains(ip) => continue,
                Some(ip) => return Some(*ip),
                None => return peer,
            }
        }
        return peer;
    }
    if trust {
        return chain.last().copied().flatten().or(peer);
    }
    peer
}

pub fn place_of(ip: IpAddr) -> &'static str {
    let ip = match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(IpAddr::V6(v6)),
        v4 => v4,
    };
    if ip.is_loopback() {
        return "本地";
    }
    let private = match ip {
        IpAddr::V4(v4) => v4.is_private() || v4.is_link_local(),
        IpAddr::V6(v6) => v6.is_unique_local() || v6.is_unicast_link_local(),
    };
    if private { "局域网" } else { "未知" }
}

/// Browser and OS names from a user agent ("Chrome 120", "Windows 10").
fn describe_agent(ua: &str) -> (String, String) {
    const UNKNOWN: &str = "UNKNOWN";
    match woothee::parser::Parser::new().parse(ua) {
        Some(r) if r.name != UNKNOWN => {
            let browser = match r.version {
                UNKNOWN | "" => r.name.to_string(),
                v => format!("{} {}", r.name, v.split('.').next().unwrap_or(v)),
            };
            let os = match r.os_version.as_ref() {
                _ if r.os == UNKNOWN => "未知".to_string(),
                UNKNOWN | "" => r.os.to_string(),
                v if r.os.contains(v) => r.os.to_string(),
                v => format!("{} {}", r.os, v),
            };
            (browser, os)
        }
        _ => ("未知".into(), "未知".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places() {
        assert_eq!(place_of("127.0.0.1".parse().unwrap()), "本地");
        assert_eq!(place_of("::1".parse().unwrap()), "本地");
        assert_eq!(place_of("::ffff:10.1.2.3".parse().unwrap()), "局域网");
        assert_eq!(place_of("192.168.1.9".parse().unwrap()), "局域网");
        assert_eq!(place_of("8.8.8.8".parse().unwrap()), "未知");
    }

    #[test]
    fn forwarded_addresses() {
        let peer: Option<IpAddr> = Some("10.0.0.2".parse().unwrap());
        let ip = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        // Not behind a proxy: the header is ignored.
        assert_eq!(client_address(peer, "1.2.3.4", false, &[]), peer);
        // Behind one proxy: its entry (the right-most), never what the client wrote before it.
        assert_eq!(client_address(peer, "6.6.6.6, 1.2.3.4", true, &[]), ip("1.2.3.4"));
        assert_eq!(client_address(peer, "", true, &[]), peer);
        assert_eq!(client_address(peer, "garbage", true, &[]), peer);
        // A chain of trusted proxies: the right-most entry that is not one of them.
        let proxies = ["10.0.0.2".parse().unwrap(), "10.0.0.3".parse().unwrap()];
        assert_eq!(client_address(peer, "6.6.6.6, 1.2.3.4, 10.0.0.3", false, &proxies), ip("1.2.3.4"));
        // Not from a trusted proxy: the header is the client's own invention.
        assert_eq!(client_address(ip("5.5.5.5"), "1.2.3.4", true, &proxies), ip("5.5.5.5"));
    }

    #[test]
    fn agents() {
        let (b, o) = describe_agent(
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
        );
        assert_eq!(b, "Chrome 120");
        assert_eq!(o, "Linux");
        assert_eq!(describe_agent("").0, "未知");
    }
}
