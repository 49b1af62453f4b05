//! The one HTTP client of the server's outgoing calls (HTTP data interfaces, DingTalk, WeCom):
//! http:// and https://, TLS by rustls with the ring provider (it builds with a C compiler
//! alone; aws-lc, reqwest's default, needs cmake). Certificates are checked against the
//! system's roots (Debian's ca-certificates, through rustls-platform-verifier) plus the
//! certificates of `QIMING_EXTRA_CA_FILE` (a company CA, or a test's self-signed server).
//! Built once at start, so its connections are reused; each call sets its own timeout.

use anyhow::Context;
use std::path::Path;

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
    let mut builder = reqwest::Client::builder();
    if let Some(path) = extra_ca_file.filter(|p| !p.as_os_str().is_empty()) {
        let pem = std::fs::read(path).with_context(|| format!("reading QIMING_EXTRA_CA_FILE {}", path.display()))?;
        let certs = reqwest::Certificate::from_pem_bundle(&pem)
            .with_context(|| format!("QIMING_EXTRA_CA_FILE {} is not a PEM certificate bundle", path.display()))?;
        anyhow::ensure!(!certs.is_empty(), "QIMING_EXTRA_CA_FILE {} holds no certificate", path.display());
        builder = builder.tls_certs_merge(certs);
    }
    builder.build().context("building the HTTP client")
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
    // The connector hands rustls's error on inside types that show it but do not give it
    // out through `source()`, so it is recognised by rustls's own words.
    if let Some(why) = causes.iter().find_map(|c| c.find(REFUSED_CERTIFICATE).map(|at| c[at + REFUSED_CERTIFICATE.len()..].trim().to_string())) {
        return format!("对方的HTTPS证书不受信任（{why}）");
    }
    causes.join(": ")
}

/// How rustls displays `Error::InvalidCertificate` ("invalid peer certificate: UnknownIssuer").
const REFUSED_CERTIFICATE: &str = "invalid peer certificate:";
