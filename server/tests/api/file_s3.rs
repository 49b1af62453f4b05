//! The S3-compatible file store (issue 12, `QIMING_FILE_STORE=s3`) against moto's S3 server
//! (`pip install 'moto[server]'`; `make test` installs it): the bytes of an upload, of a chunked
//! upload and of its merge go to the bucket, and downloads read them back from it.

use crate::files::{WIDGET, big_pdf, chunk_fields, fetch, merge, parts, pdf, send, send_chunk};
use crate::harness::{Engine, client, start_with};
use crate::on_both_engines;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A moto S3 server on a free port, stopped when dropped.
struct Moto {
    child: Child,
    endpoint: String,
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn moto() -> Moto {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new("moto_server")
        .args(["-H", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("moto_server (pip install 'moto[server]'; make test installs it)");
    let moto = Moto { child, endpoint: format!("http://127.0.0.1:{port}") };
    let http = client();
    for _ in 0..150 {
        if http.get(&moto.endpoint).send().await.is_ok() {
            return moto;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("moto_server did not answer on {}", moto.endpoint);
}

/// The keys the bucket holds (moto answers an unsigned ListObjects).
async fn keys(endpoint: &str, bucket: &str) -> String {
    client().get(format!("{endpoint}/{bucket}?list-type=2")).send().await.unwrap().text().await.unwrap()
}

// FILE-001, FILE-014, FILE-035, FILE-039 on the S3 store: a common upload, a chunked upload and
// its merge, each downloaded back through its link; every object is in the bucket.
async fn file_s3_store(engine: Engine) {
    let moto = moto().await;
    let bucket = "qiming-files";
    let created = client().put(format!("{}/{bucket}", moto.endpoint)).send().await.unwrap();
    assert!(created.status().is_success(), "creating the bucket: {}", created.status());
    let endpoint = moto.endpoint.clone();
    let s = start_with(engine, |c| {
        c.file_store = "s3".into();
        c.s3_endpoint = endpoint;
        c.s3_bucket = bucket.into();
        c.s3_region = "us-east-1".into();
        c.s3_access_key_id = "testing".into();
        c.s3_secret_access_key = "testing".into();
    })
    .await;
    let token = s.ready_admin().await;

    let content = pdf();
    let name = send(&s, &token, "annex", WIDGET, "出院小结.pdf", &content).await.ok()["name"].as_str().unwrap().to_string();
    let listed = keys(&moto.endpoint, bucket).await;
    assert!(listed.contains(&format!("<Key>annex/{name}</Key>")), "{listed}");
    let url = s.get(&format!("/api/file/Download/annex/{name}"), Some(&token)).await.ok()["url"].as_str().unwrap().to_string();
    let (status, _, bytes) = fetch(&s, &url).await;
    assert_eq!((status, bytes), (200, content));

    let content = big_pdf();
    let identifier = qiming_core::md5_hex(&content);
    let file = "影像.pdf";
    for (i, part) in parts(&content).into_iter().enumerate() {
        let fields = chunk_fields(&identifier, file, i + 1, 3, content.len(), part.len());
        send_chunk(&s, &token, &fields, part).await.ok();
    }
    let merged = merge(&s, &token, &identifier, file, content.len()).await;
    let id = merged.ok()["name"].as_str().unwrap().to_string();
    let listed = keys(&moto.endpoint, bucket).await;
    assert!(listed.contains(&format!("<Key>annex/{id}</Key>")), "{listed}");
    let url = s.get(&format!("/api/file/Download/annex/{id}"), Some(&token)).await.ok()["url"].as_str().unwrap().to_string();
    let (status, _, bytes) = fetch(&s, &url).await;
    assert_eq!(status, 200);
    assert_eq!(qiming_core::md5_hex(&bytes), identifier);
}

// A missing S3 setting stops the start and names it.
#[tokio::test]
async fn file_s3_store_needs_its_settings() {
    let dir = tempfile::tempdir().unwrap();
    let (mut config, _) = crate::harness::test_config(Engine::Sqlite, dir.path());
    config.file_store = "s3".into();
    config.s3_endpoint = "http://127.0.0.1:9".into();
    config.s3_bucket = "b".into();
    let e = qiming_server::start_with_clock(config, qiming_server::Clock::adjustable()).await.err().expect("refused");
    let text = format!("{e:#}");
    assert!(text.contains("QIMING_FILE_STORE=s3 needs QIMING_S3_REGION, QIMING_S3_ACCESS_KEY_ID, QIMING_S3_SECRET_ACCESS_KEY"), "{text}");
}

on_both_engines!(file_s3_store);
