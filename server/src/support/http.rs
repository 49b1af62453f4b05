//! The one HTTP client of the server's outgoing calls (HTTP data interfaces, DingTalk, WeCom):
//! http:// and https://, TLS by rustls with the ring provider (it builds with a C compiler
//! alone; aws-lc, reqwest's default, needs cmake). Certificates are checked against the
//! system's roots (Debian's ca-certificates, through rustls-platform-verifier) plus the
//! certificates of `QIMING_EXTRA_CA_FILE` (a company CA, or a test's self-signed server).
//! Built once at start, so its connections are reused; each call sets its own timeout.

use anyhow::Context;
use std::path::Path;
use std::sync::Arc;

/// Makes ring the process's TLS provider. reqwest (feature rustls-no-provider) takes the
/// process's default and panics building any client without one, so every process that
/// builds a reqwest client calls this first (the server at start; tests and benchmarks
/// before their own clients). Installing again is a no-op.
pub fn install_tls_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// Builds the client; a missing or unreadable CA file stops the start with the reason.
pub fn client(extra_ca_file: Option<&Path>) -> anyhow::Result<reqwest::Client> {
    install_tls_provider();
    with_extra_ca(reqwest::Client::builder(), extra_ca_file)?.build().context("building the HTTP client")
}

/// Adds the certificates of `QIMING_EXTRA_CA_FILE` to the system's roots.
fn with_extra_ca(builder: reqwest::ClientBuilder, extra_ca_file: Option<&Path>) -> anyhow::Result<reqwest::ClientBuilder> {
    let Some(path) = extra_ca_file.filter(|p| !p.as_os_str().is_empty()) else { return Ok(builder) };
    let pem = std::fs::read(path).with_context(|| format!("reading QIMING_EXTRA_CA_FILE {}", path.display()))?;
    let certs = reqwest::Certificate::from_pem_bundle(&pem)
        .with_context(|| format!("QIMING_EXTRA_CA_FILE {} is not a PEM certificate bundle", path.display()))?;
    anyhow::ensure!(!certs.is_empty(), "QIMING_EXTRA_CA_FILE {} holds no certificate", path.display());
    Ok(builder.tls_certs_merge(certs))
}

/// Why a call failed, in words for the message the caller shows: reqwest's description and
/// its causes, without the address (its query may carry credentials); a refused certificate
/// — the likeliest misconfiguration of an https address — is named as such.
pub fn failure(e: reqwest::Error) -> String {
    let e = e.without_url();
    let mut causes = vec![e.to_string()];
    let mut source = std::error::Error::source(&e);
    while let Some(s) = source {
        causes.push(s.to_string());
        source = s.source();
    }
    // Refusals of our own (an internal address, too many redirects) as they were worded.
    if let Some(ours) = causes.iter().find(|c| c.starts_with("不能访问") || c.starts_with("重定向")) {
        return ours.clone();
    }
    // The connector hands rustls's error on inside types that show it but do not give it
    // out through `source()`, so it is recognised by rustls's own words.
    if let Some(why) = causes.iter().find_map(|c| c.find(REFUSED_CERTIFICATE).map(|at| c[at + REFUSED_CERTIFICATE.len()..].trim().to_string())) {
        return format!("对方的HTTPS证书不受信任（{why}）");
    }
    causes.join(": ")
}

/// How rustls displays `Error::InvalidCertificate` ("invalid peer certificate: UnknownIssuer").
const REFUSED_CERTIFICATE: &str = "invalid peer certificate:";

/// Is `ip` an address an HTTP data interface may not reach unless its host is allowed by name:
/// loopback, private (RFC 1918, IPv6 unique local), link-local (cloud metadata at
/// 169.254.169.254), carrier-grade NAT, unspecified, broadcast, multicast and documentation
/// ranges — the machine Qiming runs on and its private network.
pub fn internal_address(ip: std::net::IpAddr) -> bool {
    use std::net::IpAddr;
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b))
                || (a == 198 && (b == 18 || b == 19))
                || a >= 240
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return internal_address(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            v6.is_loopback() || v6.is_unspecified() || v6.is_multicast() || (first & 0xfe00) == 0xfc00 || (first & 0xffc0) == 0xfe80
        }
    }
}

/// Where HTTP data interfaces may go: anywhere public, and the hosts an administrator allowed
/// by name (`QIMING_HTTP_INTERFACE_ALLOWED_HOSTS`) even when they are internal.
#[derive(Debug, Clone, Default)]
pub struct Destinations {
    allowed_hosts: Arc<Vec<String>>,
}

impl Destinations {
    pub fn new(allowed_hosts: &[String]) -> Destinations {
        let hosts = allowed_hosts.iter().map(|h| h.trim().trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase()).filter(|h| !h.is_empty()).collect();
        Destinations { allowed_hosts: Arc::new(hosts) }
    }

    fn allowed_host(&self, host: &str) -> bool {
        let host = host.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
        self.allowed_hosts.iter().any(|h| *h == host)
    }

    /// Checks an address before it is called: http(s) only, and a host written as an address
    /// (`127.0.0.1`, `0x7f000001`, `[::1]` — the URL parser reads them all as addresses) must not
    /// be internal unless allowed. Host names are checked when they are resolved.
    pub fn check_url(&self, url: &reqwest::Url) -> Result<(), String> {
        if !matches!(url.scheme(), "http" | "https") {
            return Err("接口路径须以http://或https://开头".into());
        }
        let ip = match url.host() {
            Some(url::Host::Ipv4(ip)) => std::net::IpAddr::V4(ip),
            Some(url::Host::Ipv6(ip)) => std::net::IpAddr::V6(ip),
            Some(url::Host::Domain(_)) => return Ok(()),
            None => return Err("接口路径缺少主机名".into()),
        };
        if internal_address(ip) && !self.allowed_host(&ip.to_string()) {
            return Err(format!("不能访问内部网络地址{ip}（可由管理员在QIMING_HTTP_INTERFACE_ALLOWED_HOSTS中放行）"));
        }
        Ok(())
    }
}

/// Resolves a host name once and hands the connector only addresses that passed the check, so
/// the address checked is the address connected to (no second lookup to rebind).
impl reqwest::dns::Resolve for Destinations {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let this = self.clone();
        let host = name.as_str().to_string();
        Box::pin(async move {
            let addrs: Vec<std::net::SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            if !this.allowed_host(&host) {
                if let Some(bad) = addrs.iter().find(|a| internal_address(a.ip())) {
                    return Err(format!("不能访问内部网络地址{host}（{}）（可由管理员在QIMING_HTTP_INTERFACE_ALLOWED_HOSTS中放行）", bad.ip()).into());
                }
            }
            let addrs: reqwest::dns::Addrs = Box::new(addrs.into_iter());
            Ok(addrs)
        })
    }
}

/// The client of HTTP data interfaces: the same TLS trust as [`client`], host names resolved
/// through `destinations`, and every redirect checked like the first address.
pub fn interface_client(extra_ca_file: Option<&Path>, destinations: Destinations) -> anyhow::Result<reqwest::Client> {
    install_tls_provider();
    let check = destinations.clone();
    let redirect = reqwest::redirect::Policy::custom(move |attempt| {
        if attempt.previous().len() >= 5 {
            return attempt.error("重定向次数过多");
        }
        match check.check_url(attempt.url()) {
            Ok(()) => attempt.follow(),
            Err(why) => attempt.error(why),
        }
    });
    let builder = reqwest::Client::builder().dns_resolver(destinations).redirect(redirect);
    with_extra_ca(builder, extra_ca_file)?.build().context("building the HTTP client")
}
