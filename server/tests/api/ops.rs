//! Operations (issue 24 §4): `GET /api/health` without a session, Prometheus metrics at
//! `/metrics` behind `QIMING_METRICS_TOKEN`, and `qiming-server backup` / `restore` round
//! trips under write load.

use crate::files::{WIDGET, fetch, png, send};
use crate::harness::{Engine, start, start_with};
use crate::on_both_engines;
use qiming_server::ops::backup;
use serde_json::Value;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};

async fn health(base: &str) -> (u16, Value) {
    let res = crate::harness::client().get(format!("{base}/api/health")).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap())
}

// Healthy with no session; a database missing a migration of this binary (or with one this
// binary does not know) answers 503 naming it; an unreachable database answers 503.
async fn health_reports_database_and_migrations(engine: Engine) {
    let s = start(engine).await;
    let (status, body) = health(&s.base).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!((body["code"].as_i64(), body["data"]["status"].as_str()), (Some(200), Some("ok")), "{body}");
    let m = &body["data"]["migrations"];
    assert_eq!(m["current"], true, "{body}");
    assert_eq!(m["applied"], m["expected"], "{body}");
    let newest = qiming_server::db::MIGRATOR.iter().map(|m| m.version).max().unwrap();
    assert!(m["expected"].as_u64().unwrap() >= 20, "{body}");

    // The newest migration not applied: the schema is behind this binary.
    let mut conn = s.conn().await;
    sqlx::query(sqlx::AssertSqlSafe(format!("UPDATE _sqlx_migrations SET version = -version WHERE version = {newest}")))
        .execute(&mut *conn)
        .await
        .unwrap();
    let (status, body) = health(&s.base).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["code"], 503);
    assert_eq!(body["msg"], "数据库结构与程序版本不一致");
    assert_eq!(body["data"]["status"], "migrations");
    assert_eq!(body["data"]["migrations"]["pending"], serde_json::json!([newest]));
    assert_eq!(body["data"]["migrations"]["unknown"], serde_json::json!([-newest]), "a version this binary lacks");
    sqlx::query(sqlx::AssertSqlSafe(format!("UPDATE _sqlx_migrations SET version = {newest} WHERE version = -{newest}")))
        .execute(&mut *conn)
        .await
        .unwrap();
    drop(conn);
    assert_eq!(health(&s.base).await.0, 200);

    // The database gone.
    s.state.db.close().await;
    let (status, body) = health(&s.base).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!((body["data"]["status"].as_str(), body["data"]["database"].as_bool()), (Some("unavailable"), Some(false)), "{body}");
    assert_eq!(body["msg"], "数据库不可用");
}

/// The administrator's sign-in answer from the server at `base`.
async fn sign_in_admin(base: &str, password: &str) -> Value {
    crate::harness::json_of(crate::harness::client().post(format!("{base}/api/oauth/Login")).form(&[("account", "admin"), ("password", crate::harness::md5(password).as_str()), ("origin", "password"), ("grant_type", "password")])).await
}

async fn scrape(base: &str, authorization: Option<&str>) -> (u16, String) {
    let mut req = crate::harness::client().get(format!("{base}/metrics"));
    if let Some(a) = authorization {
        req = req.header("Authorization", a);
    }
    let res = req.send().await.unwrap();
    (res.status().as_u16(), res.text().await.unwrap())
}

// /metrics does not exist without a configured token; with one, only a scraper sending it
// reads requests by route template and answer code, latency histograms, the pool and the
// WebSocket connections — and never a concrete path's ids.
async fn metrics_behind_a_token(engine: Engine) {
    let plain = start(engine).await;
    assert_eq!(scrape(&plain.base, None).await.0, 404);
    assert_eq!(scrape(&plain.base, Some("Bearer anything")).await.0, 404);
    drop(plain);

    let s = start_with(engine, |c| c.metrics_token = "scrape-token-1".into()).await;
    assert_eq!(scrape(&s.base, None).await.0, 401);
    assert_eq!(scrape(&s.base, Some("Bearer scrape-token-")).await.0, 401);
    assert_eq!(scrape(&s.base, Some("Bearer scrape-token-12")).await.0, 401);
    assert_eq!(scrape(&s.base, Some("scrape-token-1")).await.0, 401, "the Bearer scheme");

    let token = s.ready_admin().await;
    assert_eq!(health(&s.base).await.0, 200);
    for _ in 0..2 {
        assert_eq!(s.get("/api/oauth/CurrentUser", None).await.code(), 602);
    }
    s.get("/api/permission/Users/731955025431724933", Some(&token)).await;
    s.get("/api/no/such/route", Some(&token)).await.fails(404, "接口不存在：GET /api/no/such/route");
    let _ws = crate::message::open(&s, &token).await;

    let (status, text) = scrape(&s.base, Some("Bearer scrape-token-1")).await;
    assert_eq!(status, 200, "{text}");
    for line in [
        r#"qiming_http_requests_total{method="GET",route="/api/health",status="200",code="200"} 1"#,
        r#"qiming_http_requests_total{method="GET",route="/api/oauth/CurrentUser",status="200",code="602"} 2"#,
        r#"qiming_http_requests_total{method="GET",route="/api/{*rest}",status="200",code="404"} 1"#,
        r#"qiming_http_requests_total{method="GET",route="/metrics",status="401",code="401"} 4"#,
        r#"qiming_websocket_connections 1"#,
    ] {
        assert!(text.lines().any(|l| l == line), "{line} missing in\n{text}");
    }
    assert!(text.contains(r#"qiming_http_requests_total{method="GET",route="/api/permission/Users/{id}""#), "{text}");
    assert!(!text.contains("731955025431724933"), "no concrete path: {text}");
    assert!(text.contains(r#"qiming_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health"}"#)
        || text.contains(r#"qiming_http_request_duration_seconds_bucket{method="GET",route="/api/health",le="0.005"}"#), "{text}");
    let gauge = |name: &str| -> i64 {
        text.lines().find_map(|l| l.strip_prefix(&format!("{name} "))).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{name} in {text}"))
    };
    assert!(gauge("qiming_db_pool_connections") >= 1);
    assert!(gauge("qiming_db_pool_max_connections") >= gauge("qiming_db_pool_connections"));
    assert!(gauge("qiming_db_pool_idle_connections") <= gauge("qiming_db_pool_connections"));
    assert!(text.trim_end().ends_with("# EOF"), "{text}");
}

on_both_engines!(health_reports_database_and_migrations, metrics_behind_a_token);

// A backup taken while writes go on restores to a database that opens, is current, holds
// every row committed before the backup began (and nothing half-written), and the files.
#[tokio::test]
async fn backup_and_restore_round_trip_under_write_load() {
    let s = start(Engine::Sqlite).await;
    let token = s.ready_admin().await;
    let picture = png(70_000);
    let url = send(&s, &token, "annexpic", WIDGET, "病历.png", &picture).await.ok()["url"].as_str().unwrap().to_string();
    sqlx::query("CREATE TABLE ops_probe (n BIGINT PRIMARY KEY, payload TEXT NOT NULL)").execute(&*s.state.db).await.unwrap();

    // The writer: one row per transaction, as fast as it goes, until told to stop.
    let committed = Arc::new(AtomicI64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (db, committed, stop) = (s.state.db.clone(), committed.clone(), stop.clone());
        tokio::spawn(async move {
            let mut n = 0i64;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let mut tx = db.begin().await.expect("writes go on during the backup");
                sqlx::query("INSERT INTO ops_probe (n, payload) VALUES ($1, $2)")
                    .bind(n)
                    .bind("x".repeat(200))
                    .execute(&mut *tx)
                    .await
                    .unwrap();
                tx.commit().await.expect("writes go on during the backup");
                committed.store(n, Ordering::SeqCst);
            }
        })
    };
    while committed.load(Ordering::SeqCst) < 200 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("qiming-backup.tar");
    let before = committed.load(Ordering::SeqCst);
    let summary = backup::backup(&s.state.config, &archive).await.unwrap();
    let after = committed.load(Ordering::SeqCst);
    // Writes and API calls went on while the copy ran.
    assert!(s.get("/api/oauth/CurrentUser", Some(&token)).await.code() == 200);
    while committed.load(Ordering::SeqCst) < after + 50 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    stop.store(true, Ordering::Relaxed);
    writer.await.unwrap();
    assert!(summary.files >= 1 && summary.database_bytes > 0, "{summary:?}");
    assert!(!dir.path().join("qiming-backup.tar.partial").exists());

    // Restored into an empty data directory, then again over it (the first kept aside).
    let target = tempfile::tempdir().unwrap();
    let mut config = s.state.config.clone();
    config.data_dir = target.path().join("data");
    config.addr = "127.0.0.1:0".parse().unwrap();
    let first = backup::restore(&config, &archive).await.unwrap();
    assert!(first.moved_aside.is_none() && first.files == summary.files, "{first:?}");
    let second = backup::restore(&config, &archive).await.unwrap();
    let aside = second.moved_aside.expect("the restored data is kept aside");
    assert!(aside.join("qiming.db").exists() && aside.join("files").is_dir());

    let restored = qiming_server::start(config).await.expect("the restored database opens");
    let base = format!("http://{}", restored.addr);
    let (status, body) = health(&base).await;
    assert_eq!(status, 200, "{body}");
    let (count, max): (i64, i64) =
        sqlx::query_as("SELECT COUNT(*), MAX(n) FROM ops_probe").fetch_one(&*restored.state.db).await.unwrap();
    assert_eq!(count, max, "whole transactions only");
    assert!(max >= before && max <= after + 1, "the rows of one moment between {before} and {after}: {max}");
    let (status, _, bytes) = fetch(&s, &url).await;
    assert_eq!(status, 200);
    let got = crate::harness::client().get(format!("{base}{url}")).send().await.unwrap();
    assert_eq!(got.status().as_u16(), 200);
    assert_eq!(got.bytes().await.unwrap().as_ref(), bytes.as_slice());
    assert_eq!(bytes, picture);
    // The restored server signs in with the copied sessions' accounts.
    let login = sign_in_admin(&base, crate::harness::ADMIN_PASSWORD).await;
    assert_eq!(login["code"], 200, "{login}");
    restored.task.abort();

    // Not an archive of ours: refused, the data directory untouched.
    let junk = dir.path().join("junk.tar");
    std::fs::write(&junk, b"not a tar").unwrap();
    assert!(backup::restore(&s.state.config, &junk).await.is_err());
}

// On PostgreSQL both commands give the pg_dump recipe and exit with status 2.
#[tokio::test]
async fn backup_on_postgres_gives_the_pg_dump_recipe() {
    for command in ["backup", "restore"] {
        let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_qiming-server"))
            .args([command, "/tmp/qiming-never-written.tar"])
            .env("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/qiming_never")
            .env("QIMING_CONFIG", "/nonexistent/qiming.toml")
            .output()
            .await
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("pg_dump --format=custom") && stderr.contains("pg_restore"), "{stderr}");
    }
    assert!(!std::path::Path::new("/tmp/qiming-never-written.tar").exists());
}

fn repo_file(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

// deploy/smoke.sh against the debug binary: it starts, answers /api/health, the administrator
// signs in, and a backup of the running server is written.
#[tokio::test]
async fn smoke_script_passes_against_the_binary() {
    let out = tokio::process::Command::new("bash")
        .arg(repo_file("deploy/smoke.sh"))
        .args(["--binary", env!("CARGO_BIN_EXE_qiming-server")])
        .env("QIMING_SEED_STREETS", "false")
        .env("QIMING_ADMIN_PASSWORD", "Smoke-Test-1357")
        .env("SMOKE_WEB", "0")
        .env_remove("DATABASE_URL")
        .output()
        .await
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    for step in ["/api/health ok", "signed in as admin", "backup written", "smoke: passed"] {
        assert!(stdout.contains(step), "{step}: {stdout}");
    }
}

// The systemd unit is valid for systemd (where systemd-analyze is installed) and runs the
// server as its own user with its state directory; the Dockerfile keeps its contract: a
// multi-stage build, a slim base, a non-root user, the /data volume, the health check.
#[test]
fn systemd_unit_and_dockerfile_keep_their_contract() {
    let unit = std::fs::read_to_string(repo_file("deploy/qiming.service")).unwrap();
    for line in ["User=qiming", "StateDirectory=qiming", "EnvironmentFile=-/etc/qiming/qiming.env", "NoNewPrivileges=yes", "ProtectSystem=strict", "KillSignal=SIGINT"] {
        assert!(unit.lines().any(|l| l == line), "{line} in the unit");
    }
    if std::process::Command::new("systemd-analyze").arg("--version").output().is_ok() {
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join("qiming.service");
        std::fs::write(&copy, unit.replace("/usr/local/bin/qiming-server", env!("CARGO_BIN_EXE_qiming-server"))).unwrap();
        let out = std::process::Command::new("systemd-analyze").arg("verify").arg(&copy).output().unwrap();
        let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success() && !said.contains("qiming.service:"), "systemd-analyze verify: {said}");
    }
    let docker = std::fs::read_to_string(repo_file("Dockerfile")).unwrap();
    assert_eq!(docker.lines().filter(|l| l.starts_with("FROM ")).count(), 2, "builder and runtime");
    for needle in ["FROM debian:bookworm-slim", "USER qiming", "VOLUME [\"/data\"]", "QIMING_ADDR=0.0.0.0:8080", "curl -fsS http://127.0.0.1:8080/api/health", "make release"] {
        assert!(docker.contains(needle), "{needle} in the Dockerfile");
    }
    let ignore = std::fs::read_to_string(repo_file(".dockerignore")).unwrap();
    assert!(ignore.lines().any(|l| l == "target") && ignore.lines().any(|l| l == "data"));
}

/// How many of the newest migrations the previous release did not have.
const NEW_IN_THIS_RELEASE: usize = 6;

// A database of the previous release — every migration but the newest few, with schedules
// and a released model in it — migrates to the current schema at start with its rows intact
// and the new tables filled from them (0029's send configuration, 0030's stamps), then seeds,
// answers healthy and signs in.
async fn upgrade_from_the_previous_release_keeps_the_data(engine: Engine) {
    use qiming_server::db::MIGRATOR;
    use sqlx::migrate::{MigrateDatabase, Migrator};
    let dir = tempfile::tempdir().unwrap();
    let (mut config, pg_database) = crate::harness::test_config(engine, dir.path());
    config.admin_password = "Upgrade-Check-2468".into();
    let url = config.database_url();
    sqlx::any::install_default_drivers();
    std::fs::create_dir_all(&config.data_dir).unwrap();
    if !sqlx::Any::database_exists(&url).await.unwrap_or(false) {
        sqlx::Any::create_database(&url).await.unwrap();
    }
    let all: Vec<_> = MIGRATOR.iter().cloned().collect();
    let previous = Migrator {
        migrations: std::borrow::Cow::Owned(all[..all.len() - NEW_IN_THIS_RELEASE].to_vec()),
        ignore_missing: false,
        locking: MIGRATOR.locking,
        no_tx: MIGRATOR.no_tx,
        table_name: MIGRATOR.table_name.clone(),
        create_schemas: MIGRATOR.create_schemas.clone(),
    };
    {
        let pool = sqlx::AnyPool::connect(&url).await.unwrap();
        previous.run(&pool).await.expect("the previous release's schema");
        for (id, title, day) in [("9100000000000000001", "查房", 1_767_225_600_000i64), ("9100000000000000002", "交班会", 1_767_312_000_000)] {
            sqlx::query(
                "INSERT INTO base_schedule (id, group_id, category, title, content, start_day, end_day, reminder_time, creator_user_id, creator_time) \
                 VALUES ($1, $1, '391233231405462789', $2, '病区', $3, $3, 10, 'u1', 1)",
            )
            .bind(id)
            .bind(title)
            .bind(day)
            .execute(&pool)
            .await
            .unwrap();
            sqlx::query("INSERT INTO base_schedule_user (schedule_id, user_id) VALUES ($1, 'u2')").bind(id).execute(&pool).await.unwrap();
        }
        sqlx::query("INSERT INTO base_visual_dev (id, full_name, en_code, version, creator_time) VALUES ('9200000000000000001', '护理记录', 'nursing', 2, 1)")
            .execute(&pool)
            .await
            .unwrap();
        for version in [1i64, 2] {
            sqlx::query(
                "INSERT INTO base_visual_release (id, visual_id, version, full_name, en_code, web_type, creator_time) \
                 VALUES ($1, '9200000000000000001', $2, '护理记录', 'nursing', 2, 1)",
            )
            .bind(format!("920000000000000010{version}"))
            .bind(version)
            .execute(&pool)
            .await
            .unwrap();
        }
        let has_new: bool = sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM _sqlx_migrations").fetch_one(&pool).await.unwrap()
            == all.len() as i64;
        assert!(!has_new, "the previous release's schema lacks the newest migrations");
        pool.close().await;
    }

    let running = qiming_server::start_with_clock(config, qiming_server::Clock::adjustable()).await.expect("the upgrade migrates");
    let base = format!("http://{}", running.addr);
    let db = &running.state.db;
    let (status, body) = health(&base).await;
    assert_eq!(status, 200, "{body}");
    let schedules: Vec<(String, String, i64, i64)> = sqlx::query_as(
        "SELECT id, title, start_day, reminder_time FROM base_schedule WHERE reminded_at IS NULL AND id LIKE '91%' ORDER BY id",
    )
    .fetch_all(&**db)
    .await
    .unwrap();
    assert_eq!(
        schedules,
        vec![
            ("9100000000000000001".to_string(), "查房".to_string(), 1_767_225_600_000, 10),
            ("9100000000000000002".to_string(), "交班会".to_string(), 1_767_312_000_000, 10)
        ]
    );
    let participants: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM base_schedule_user WHERE user_id = 'u2'").fetch_one(&**db).await.unwrap();
    assert_eq!(participants, 2);
    let stamp: (i64, i64) = sqlx::query_as("SELECT release_version, data_version FROM base_visual_stamp WHERE visual_id = '9200000000000000001'")
        .fetch_one(&**db)
        .await
        .unwrap();
    assert_eq!(stamp, (2, 0), "the stamp made from the releases kept");
    let send_configs: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM base_message_send_config WHERE en_code = 'inSiteMessage'").fetch_one(&**db).await.unwrap();
    assert_eq!(send_configs, 1);
    let login = sign_in_admin(&base, "Upgrade-Check-2468").await;
    assert_eq!(login["code"], 200, "{login}");
    running.task.abort();
    drop(running);
    if let Some(name) = pg_database {
        crate::harness::drop_pg_database(name);
    }
}

on_both_engines!(upgrade_from_the_previous_release_keeps_the_data);
