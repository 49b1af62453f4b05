//! The real binary, configured only through the environment as scripts and the browser
//! tests run it: the first start prints a generated administrator password once (or takes
//! QIMING_ADMIN_PASSWORD), later starts keep it, and secrets never reach the log.

use crate::harness::{Engine, drop_pg_database, fresh_pg_url, md5};
use crate::on_both_engines;
use serde_json::Value;
use std::path::Path;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// A server process started from the binary (other tests start a second process on a test
/// server's database with it).
pub struct Started {
    pub child: Child,
    pub base: String,
    /// Everything printed before the listening line.
    pub output: String,
}

pub async fn run_binary(data_dir: &Path, database_url: Option<&str>, admin_password: Option<&str>) -> Started {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_qiming-server"));
    cmd.env("QIMING_ADDR", "127.0.0.1:0")
        .env("QIMING_DATA_DIR", data_dir)
        .env("QIMING_WEB_DIR", data_dir.join("no-web"))
        .env("QIMING_CONFIG", data_dir.join("absent.toml"))
        .env("QIMING_PASSWORD_HASH_MEMORY_KIB", "256")
        .env("QIMING_PASSWORD_HASH_ITERATIONS", "1")
        .env_remove("QIMING_ADMIN_PASSWORD")
        .env_remove("DATABASE_URL")
        .env_remove("RUST_LOG")
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true);
    if let Some(url) = database_url {
        cmd.env("DATABASE_URL", url);
    }
    if let Some(p) = admin_password {
        cmd.env("QIMING_ADMIN_PASSWORD", p);
    }
    let mut child = cmd.spawn().expect("the server binary starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut output = String::new();
    let base = tokio::time::timeout(Duration::from_secs(60), async {
        while let Some(line) = lines.next_line().await.unwrap() {
            if let Some(url) = line.strip_prefix("Qiming is listening on ") {
                return url.trim().to_string();
            }
            output.push_str(&line);
            output.push('\n');
        }
        panic!("the server stopped before listening:\n{output}")
    })
    .await
    .expect("the server listens within a minute");
    // Keep draining stdout so the server never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Started { child, base, output }
}

/// Runs the binary expecting it to stop before listening; answers what it printed.
async fn refused_start(data_dir: &Path, database_url: Option<&str>, admin_password: &str) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_qiming-server"));
    cmd.env("QIMING_ADDR", "127.0.0.1:0")
        .env("QIMING_DATA_DIR", data_dir)
        .env("QIMING_CONFIG", data_dir.join("absent.toml"))
        .env("QIMING_PASSWORD_HASH_MEMORY_KIB", "256")
        .env("QIMING_PASSWORD_HASH_ITERATIONS", "1")
        .env("QIMING_ADMIN_PASSWORD", admin_password)
        .env_remove("DATABASE_URL")
        .env_remove("RUST_LOG")
        .kill_on_drop(true);
    if let Some(url) = database_url {
        cmd.env("DATABASE_URL", url);
    }
    let out = tokio::time::timeout(Duration::from_secs(60), cmd.output()).await.expect("it stops").unwrap();
    assert!(!out.status.success(), "the server started");
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

fn initial_password(output: &str) -> Option<String> {
    output.lines().find(|l| l.contains("初始密码")).and_then(|l| l.split_whitespace().last()).map(str::to_string)
}

async fn sign_in(base: &str, password: &str) -> Value {
    let form = [("account", "admin".to_string()), ("password", md5(password)), ("code", String::new()), ("timestamp", String::new())];
    crate::harness::client().post(format!("{base}/api/oauth/Login")).form(&form).send().await.unwrap().json().await.unwrap()
}

async fn stop(mut s: Started) {
    s.child.kill().await.unwrap();
}

// The seeded administrator has no well-known password: the first start prints a generated
// one; the first sign-in must change it (changePasswordDate null, AUTH-022).
async fn first_start_prints_generated_admin_password(engine: Engine) {
    let dir = tempfile::tempdir().unwrap();
    let pg = matches!(engine, Engine::Postgres).then(fresh_pg_url);
    let url = pg.as_ref().map(|(u, _)| u.as_str());

    let first = run_binary(dir.path(), url, None).await;
    let password = initial_password(&first.output).unwrap_or_else(|| panic!("no initial password printed:\n{}", first.output));
    assert_eq!(password.chars().count(), 16);
    let login = sign_in(&first.base, &password).await;
    assert_eq!(login["code"], 200, "{login}");
    let token = login["data"]["token"].as_str().unwrap();
    let me: Value = crate::harness::json_of(crate::harness::client().get(format!("{}/api/oauth/CurrentUser", first.base)).header("Authorization", token)).await;
    assert_eq!(me["data"]["userInfo"]["changePasswordDate"], Value::Null);
    stop(first).await;

    // The second start prints nothing and the password stays.
    let second = run_binary(dir.path(), url, Some("ignored-now")).await;
    assert_eq!(initial_password(&second.output), None, "{}", second.output);
    assert_eq!(sign_in(&second.base, &password).await["code"], 200);
    assert_eq!(sign_in(&second.base, "ignored-now").await["code"], 400);
    stop(second).await;
    if let Some((_, name)) = pg {
        drop_pg_database(name);
    }
}

// QIMING_ADMIN_PASSWORD sets the first password (taken verbatim, even one that looks like a
// number) and is never printed; one that breaks the password policy stops the first start.
async fn first_start_takes_configured_admin_password(engine: Engine) {
    let dir = tempfile::tempdir().unwrap();
    let pg = matches!(engine, Engine::Postgres).then(fresh_pg_url);
    let url = pg.as_ref().map(|(u, _)| u.as_str());
    let refused = refused_start(dir.path(), url, "20261122").await;
    assert!(refused.contains("QIMING_ADMIN_PASSWORD does not satisfy the password policy: 新密码必须包含小写字母"), "{refused}");
    assert!(!refused.contains("20261122"), "the password reached the log:\n{refused}");
    // "[…]" would be an array to the configuration reader: the variable is taken as it is.
    let s = run_binary(dir.path(), url, Some("[qiming1]")).await;
    assert_eq!(initial_password(&s.output), None);
    assert!(s.output.contains("admin_password=***"), "{}", s.output);
    assert!(!s.output.contains("qiming1"), "the password reached the log:\n{}", s.output);
    assert_eq!(sign_in(&s.base, "[qiming1]").await["code"], 200);
    if matches!(engine, Engine::Sqlite) {
        assert!(dir.path().join("qiming.db").is_file(), "SQLite file in QIMING_DATA_DIR");
    }
    stop(s).await;
    if let Some((_, name)) = pg {
        drop_pg_database(name);
    }
}

on_both_engines!(first_start_prints_generated_admin_password, first_start_takes_configured_admin_password);
