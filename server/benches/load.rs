//! Server benchmark: `cargo bench -p qiming-server --bench load`.
//!
//! Runs the real (optimised) binary on SQLite in a temporary directory and prints:
//! start-up to the first answered request (first start: migrations, seed and one
//! production-strength argon2 hash; later start: an existing database), idle memory (RSS),
//! and throughput and latency of CurrentUser — the heaviest call every page load makes —
//! and of Login (bounded by argon2 by design). Set DATABASE_URL=postgres://… to measure
//! PostgreSQL instead. Numbers, never assertions: this is not a test.

use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

const PASSWORD: &str = "Bench12345";

async fn launch(dir: &std::path::Path) -> (Child, String, Duration) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_qiming-server"))
        .env("QIMING_ADDR", "127.0.0.1:0")
        .env("QIMING_DATA_DIR", dir)
        .env("QIMING_WEB_DIR", dir.join("no-web"))
        .env("QIMING_CONFIG", dir.join("absent.toml"))
        .env("QIMING_ADMIN_PASSWORD", PASSWORD)
        .env("QIMING_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("the server binary starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let base = loop {
        let line = lines.next_line().await.unwrap().expect("the server prints its address");
        if let Some(url) = line.strip_prefix("Qiming is listening on ") {
            break url.trim().to_string();
        }
    };
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    let http = reqwest::Client::new();
    http.get(format!("{base}/api/oauth/getLoginConfig")).send().await.unwrap();
    (child, base, started.elapsed())
}

fn rss_kib(child: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id().unwrap())).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

async fn sign_in(http: &reqwest::Client, base: &str) -> String {
    let form = [("account", "admin".to_string()), ("password", qiming_core::md5_hex(PASSWORD.as_bytes()))];
    let v: serde_json::Value = http.post(format!("{base}/api/oauth/Login")).form(&form).send().await.unwrap().json().await.unwrap();
    v["data"]["token"].as_str().expect("signed in").to_string()
}

/// `clients` concurrent loops calling `call` for `duration`; returns (requests/s, p50, p99).
async fn load<F, Fut>(clients: usize, duration: Duration, call: F) -> (f64, Duration, Duration)
where
    F: Fn() -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let call = call.clone();
        tasks.push(tokio::spawn(async move {
            let mut times = Vec::new();
            while started.elapsed() < duration {
                let t = Instant::now();
                call().await;
                times.push(t.elapsed());
            }
            times
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    all.sort();
    let per_second = all.len() as f64 / started.elapsed().as_secs_f64();
    (per_second, all[all.len() / 2], all[all.len() * 99 / 100])
}

#[tokio::main]
async fn main() {
    let dir = tempfile::tempdir().unwrap();
    let (child, _, first) = launch(dir.path()).await;
    drop(child);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (child, base, later) = launch(dir.path()).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = rss_kib(&child);

    let http = reqwest::Client::new();
    let token = sign_in(&http, &base).await;
    let (current_rps, current_p50, current_p99) = load(8, Duration::from_secs(5), {
        let (http, base, token) = (http.clone(), base.clone(), token.clone());
        move || {
            let (http, base, token) = (http.clone(), base.clone(), token.clone());
            async move {
                let r = http.get(format!("{base}/api/oauth/CurrentUser")).header("Authorization", &token).send().await.unwrap();
                assert!(r.status().is_success());
                r.bytes().await.unwrap();
            }
        }
    })
    .await;
    let after_current_user = rss_kib(&child);
    let (login_rps, login_p50, login_p99) = load(4, Duration::from_secs(3), {
        let (http, base) = (http.clone(), base.clone());
        move || {
            let (http, base) = (http.clone(), base.clone());
            async move {
                sign_in(&http, &base).await;
            }
        }
    })
    .await;
    let busy = rss_kib(&child);

    println!("qiming-server benchmark ({}):", std::env::var("DATABASE_URL").unwrap_or_else(|_| "SQLite".into()));
    println!("  start-up to first answer, first start (migrate, seed): {:>7.1} ms", first.as_secs_f64() * 1000.0);
    println!("  start-up to first answer, later start:                 {:>7.1} ms", later.as_secs_f64() * 1000.0);
    println!("  idle memory (RSS):                                      {:>7.1} MiB", idle as f64 / 1024.0);
    println!("  memory after the CurrentUser load (RSS):                {:>7.1} MiB", after_current_user as f64 / 1024.0);
    println!("  memory after the Login load too (RSS):                  {:>7.1} MiB", busy as f64 / 1024.0);
    println!(
        "  CurrentUser, 8 clients: {current_rps:>7.0} req/s, p50 {:.1} ms, p99 {:.1} ms",
        current_p50.as_secs_f64() * 1000.0,
        current_p99.as_secs_f64() * 1000.0
    );
    println!(
        "  Login (argon2id 19 MiB, 2 passes), 4 clients: {login_rps:>5.0} req/s, p50 {:.1} ms, p99 {:.1} ms",
        login_p50.as_secs_f64() * 1000.0,
        login_p99.as_secs_f64() * 1000.0
    );
}
