//! Server benchmark: `cargo bench -p qiming-server --bench load` (an optimised build, with the
//! web app inside when web/dist was built first: `make bench` does that).
//!
//! Runs the real binary on SQLite in a temporary directory (or on `DATABASE_URL`, which should
//! name a fresh database) and prints: start-up to the first answered request (first start:
//! migrations, seed and one production-strength argon2 hash; later start), idle memory, and,
//! driven by `wrk` at 64 connections (Debian's wrk; `make bench` installs it): a static asset
//! from the embedded app, a trivial API answer, CurrentUser, sign-in throughput with argon2 at
//! the configured cost, and CurrentUser's latency while a flood of failing sign-ins runs.
//! Numbers, never assertions: this is not a test.

use std::process::Command;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command as TokioCommand};

const PASSWORD: &str = "Bench12345";

async fn launch(dir: &std::path::Path) -> (Child, String, Duration) {
    let started = Instant::now();
    let mut child = TokioCommand::new(env!("CARGO_BIN_EXE_qiming-server"))
        .env("QIMING_ADDR", "127.0.0.1:0")
        .env("QIMING_DATA_DIR", dir)
        .env("QIMING_CONFIG", dir.join("absent.toml"))
        .env("QIMING_ADMIN_PASSWORD", PASSWORD)
        .env("QIMING_LOG", "warn")
        // The flood below comes from one address: let every attempt reach argon2, as a
        // flood from many addresses would.
        .env("QIMING_LOGIN_ADDRESS_MAX_FAILURES", "100000000")
        .env_remove("QIMING_WEB_DIR")
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

/// What wrk measured.
struct Wrk {
    per_second: f64,
    p50: String,
    p99: String,
}

impl std::fmt::Display for Wrk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:>8.0} req/s, p50 {:>8}, p99 {:>8}", self.per_second, self.p50, self.p99)
    }
}

/// `wrk --latency -t2 -c<connections> -d<seconds>s [-s script] [-H header] url`.
fn wrk(url: &str, connections: u32, seconds: u32, script: Option<&std::path::Path>, header: Option<&str>) -> Option<Wrk> {
    let mut cmd = Command::new("wrk");
    cmd.args(["--latency", "-t2", &format!("-c{connections}"), &format!("-d{seconds}s")]);
    if let Some(s) = script {
        cmd.arg("-s").arg(s);
    }
    if let Some(h) = header {
        cmd.args(["-H", h]);
    }
    let out = cmd.arg(url).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let value = |prefix: &str| text.lines().find_map(|l| l.trim().strip_prefix(prefix).map(|v| v.trim().to_string()));
    Some(Wrk {
        per_second: value("Requests/sec:")?.parse().ok()?,
        p50: value("50%")?,
        p99: value("99%")?,
    })
}

#[tokio::main]
async fn main() {
    if Command::new("wrk").arg("--version").output().is_err() {
        eprintln!("wrk is not installed (apt-get install wrk, or `make bench`)");
        std::process::exit(1);
    }
    let dir = tempfile::tempdir().unwrap();
    let (child, _, first) = launch(dir.path()).await;
    drop(child);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (child, base, later) = launch(dir.path()).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = rss_kib(&child);

    let http = reqwest::Client::new();
    let token = sign_in(&http, &base).await;
    let auth = format!("Authorization: {token}");
    let logo = wrk(&format!("{base}/logo.svg"), 64, 5, None, None);
    let api = wrk(&format!("{base}/api/oauth/getLoginConfig"), 64, 5, None, None);
    let current = wrk(&format!("{base}/api/oauth/CurrentUser"), 64, 5, None, Some(&auth));
    let after_current_user = rss_kib(&child);

    let scripts = tempfile::tempdir().unwrap();
    let login = scripts.path().join("login.lua");
    let md5 = qiming_core::md5_hex(PASSWORD.as_bytes());
    std::fs::write(
        &login,
        format!(
            "wrk.method = 'POST'\nwrk.body = 'account=admin&password={md5}'\n\
             wrk.headers['Content-Type'] = 'application/x-www-form-urlencoded'\n"
        ),
    )
    .unwrap();
    let sign_ins = wrk(&format!("{base}/api/oauth/Login"), 8, 5, Some(&login), None);
    // Failing sign-ins for ever new accounts: each one is an argon2 check (a decoy).
    let flood = scripts.path().join("flood.lua");
    std::fs::write(
        &flood,
        "request = function()\n  return wrk.format('POST', '/api/oauth/Login', \
         {['Content-Type'] = 'application/x-www-form-urlencoded'}, \
         'account=flood' .. math.random(1, 1000000000) .. '&password=e10adc3949ba59abbe56e057f20f883e')\nend\n",
    )
    .unwrap();
    let flood_url = format!("{base}/api/oauth/Login");
    let flooding = std::thread::spawn(move || wrk(&flood_url, 64, 8, Some(&flood), None));
    std::thread::sleep(Duration::from_secs(1));
    let during_flood = wrk(&format!("{base}/api/oauth/CurrentUser"), 8, 5, None, Some(&auth));
    let flood = flooding.join().unwrap();
    let busy = rss_kib(&child);

    let show = |w: &Option<Wrk>| w.as_ref().map_or_else(|| "(wrk failed)".to_string(), |w| w.to_string());
    println!("qiming-server benchmark ({}):", std::env::var("DATABASE_URL").unwrap_or_else(|_| "SQLite".into()));
    println!("  start-up to first answer, first start (migrate, seed): {:>7.1} ms", first.as_secs_f64() * 1000.0);
    println!("  start-up to first answer, later start:                 {:>7.1} ms", later.as_secs_f64() * 1000.0);
    println!("  idle memory (RSS):                                      {:>7.1} MiB", idle as f64 / 1024.0);
    println!("  memory after the CurrentUser load (RSS):                {:>7.1} MiB", after_current_user as f64 / 1024.0);
    println!("  memory after the sign-in floods too (RSS):              {:>7.1} MiB", busy as f64 / 1024.0);
    println!("  /logo.svg (embedded app), 64 connections:          {}", show(&logo));
    println!("  getLoginConfig (trivial API), 64 connections:      {}", show(&api));
    println!("  CurrentUser, 64 connections:                       {}", show(&current));
    println!("  Login (argon2id at the configured cost), 8 conn.:  {}", show(&sign_ins));
    println!("  failing-sign-in flood, 64 connections:             {}", show(&flood));
    println!("  CurrentUser during that flood, 8 connections:      {}", show(&during_flood));
}
