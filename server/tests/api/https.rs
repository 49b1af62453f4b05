//! A local HTTPS server standing in for an outside service: an axum router served over
//! rustls with a fresh self-signed certificate for `localhost`. The server under test trusts
//! it only when started with the certificate in `QIMING_EXTRA_CA_FILE` ([`HttpsFake::trust`]).

use std::sync::Arc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::{self, pki_types::PrivateKeyDer};
use tower::ServiceExt;

pub struct HttpsFake {
    /// `https://localhost:<port>`.
    pub base: String,
    /// The certificate (PEM), which is its own issuer.
    pub certificate: String,
}

impl HttpsFake {
    /// Writes the certificate where `QIMING_EXTRA_CA_FILE` can name it (in `dir`).
    pub fn trust(&self, dir: &std::path::Path) -> std::path::PathBuf {
        let path = dir.join(format!("ca-{}.pem", self.base.rsplit(':').next().unwrap()));
        std::fs::write(&path, &self.certificate).unwrap();
        path
    }
}

/// Serves `app` over HTTPS on a free local port.
pub async fn serve(app: axum::Router) -> HttpsFake {
    // Each fake is its own issuer, with a name of its own: a certificate another fake issued
    // is then one of an unknown issuer, not a forged one of a known name.
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let mut params = rcgen::CertificateParams::new(vec!["localhost".to_string()]).unwrap();
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    params.distinguished_name.push(rcgen::DnType::CommonName, format!("Qiming test service {} {n}", std::process::id()));
    let signing_key = rcgen::KeyPair::generate().unwrap();
    let cert = params.self_signed(&signing_key).unwrap();
    let key = PrivateKeyDer::Pkcs8(signing_key.serialize_der().into());
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert.der().clone()], key)
        .unwrap();
    let acceptor = TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let (acceptor, app) = (acceptor.clone(), app.clone());
            tokio::spawn(async move {
                // A client that refuses the certificate ends the handshake: nothing to serve.
                let Ok(tls) = acceptor.accept(tcp).await else { return };
                let service = hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| app.clone().oneshot(req));
                let _ = hyper::server::conn::http1::Builder::new().serve_connection(hyper_util::rt::TokioIo::new(tls), service).await;
            });
        }
    });
    HttpsFake { base: format!("https://localhost:{port}"), certificate: cert.pem() }
}
