//! Server benchmark: `cargo bench -p qiming-server --bench load` (an optimised build, with the
//! web app inside when web/dist was built first: `make bench` does that).
//!
//! Runs the real binary on SQLite in a temporary directory (or on `DATABASE_URL`, which should
//! name a fresh database) and prints: start-up to the first answered request (first start:
//! migrations, seed and one production-strength argon2 hash; later start), idle memory, and,
//! driven by `wrk` at 64 connections (Debian's wrk; `make bench` installs it): a static asset
//! from the embedded app, a trivial API answer, CurrentUser, sign-in throughput with argon2 at
//! the configured cost, and CurrentUser's latency while a flood of failing sign-ins runs.
//! Then, at organisation scale (issue 10): the user list with 100 000 users (first page, a
//! deep page, a keyword, an organisation's subtree) and CurrentUser for a user holding 10
//! roles over 500 menus (from the cache, rebuilt after a change of users, roles or grants, and
//! after a menu change), one request at a time, p50 and p95 of 200 requests each.
//! Then the system data (issue 11): BillNumber throughput — numbers issued per second to 64
//! concurrent clients (wrk) for one rule, checked against the rule's own sequence — and the
//! answer time of DictionaryData/All with 200 categories × 100 items (from the cache, and
//! rebuilt after every change; p50 and p95 of 200 requests, and wrk at 64 connections).
//! Then the files (issue 12): a 1 GiB file through the chunked upload to the local disk
//! (5,242,880-byte chunks, three in flight as the web client sends them) and its merge with the
//! MD5 check, in MB/s; and a pack download of 1,000 uploaded files read to its end, with the
//! server's resident memory sampled while the zip streams (against the files' total size).
//! Records of a released model (issue 13, `QIMING_BENCH_ONLY=records`, SQLite then PostgreSQL):
//! 10,000 records created through the API (records/s), 90,000 more copied in SQL to 100,000,
//! then wrk at 64 and 8 connections on the list (page 100 of 20), a filter with a sort, and
//! get by id.
//! Records at scale (issue 26, `QIMING_BENCH_ONLY=records-scale`, only on its own): a 10-field
//! sales ledger seeded to `QIMING_BENCH_RECORDS` records (default 1,000,000; 1,000 through the
//! API, the rest by SQL in batches, see `records_scale`), then wrk at 64 connections for
//! `QIMING_BENCH_SECONDS` (10) per case on a random page by date descending, a filter on a
//! select + a sort, a keyword, and get by id, on SQLite and PostgreSQL; a table at the end.
//! Numbers, never assertions: this is not a test.

use std::process::Command;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command as TokioCommand};

const PASSWORD: &str = "Bench12345";

async fn launch(dir: &std::path::Path) -> (Child, String, Duration) {
    launch_with(dir, &[]).await
}

/// [`launch`] with more environment (another database, …).
async fn launch_with(dir: &std::path::Path, env: &[(&str, &str)]) -> (Child, String, Duration) {
    let started = Instant::now();
    let mut child = TokioCommand::new(env!("CARGO_BIN_EXE_qiming-server"))
        .envs(env.iter().copied())
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
    let http = client();
    http.get(format!("{base}/api/oauth/getLoginConfig")).send().await.unwrap();
    (child, base, started.elapsed())
}

fn rss_kib(child: &Child) -> u64 {
    status_kib(child.id().unwrap(), "VmRSS:")
}

/// A `/proc/<pid>/status` figure in KiB (VmRSS: resident now, VmHWM: the peak so far).
fn status_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
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

/// `wrk --latency -t2 -c<connections> -d<seconds>s [-s script] [-H header …] url`.
fn wrk(url: &str, connections: u32, seconds: u32, script: Option<&std::path::Path>, headers: &[&str]) -> Option<Wrk> {
    let mut cmd = Command::new("wrk");
    cmd.args(["--latency", "-t2", &format!("-c{connections}"), &format!("-d{seconds}s")]);
    if let Some(s) = script {
        cmd.arg("-s").arg(s);
    }
    for h in headers {
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

    let http = client();
    let token = sign_in(&http, &base).await;
    // QIMING_BENCH_ONLY=scale runs only the organisation and system-data parts (while tuning).
    // QIMING_BENCH_ONLY=files runs only the file part (chunked upload and pack download).
    // QIMING_BENCH_ONLY=messages runs only the WebSocket part (issue 14).
    // QIMING_BENCH_ONLY=records runs only the records part (issue 13), on SQLite and PostgreSQL.
    // QIMING_BENCH_ONLY=records-scale: the records at scale (issue 26), QIMING_BENCH_RECORDS
    // (default 1,000,000) of a 10-field ledger, on SQLite and PostgreSQL; not in the full run.
    match std::env::var("QIMING_BENCH_ONLY").as_deref() {
        Ok("messages") => {
            drop(child);
            messages(dir.path()).await;
            return;
        }
        Ok("scale") => {
            organisation_scale(dir.path(), &base, &token).await;
            system_data(dir.path(), &base, &token).await;
            return;
        }
        Ok("files") => {
            files(dir.path(), &base, &token, child.id().unwrap()).await;
            return;
        }
        Ok("records") => {
            drop(child);
            records_on_both_engines(dir.path()).await;
            return;
        }
        Ok("records-scale") => {
            drop(child);
            records_scale_on_both_engines(dir.path()).await;
            return;
        }
        _ => {}
    }
    let auth = format!("Authorization: {token}");
    let logo = wrk(&format!("{base}/logo.svg"), 64, 5, None, &[]);
    let api = wrk(&format!("{base}/api/oauth/getLoginConfig"), 64, 5, None, &[]);
    let current = wrk(&format!("{base}/api/oauth/CurrentUser"), 64, 5, None, &[auth.as_str()]);
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
    let sign_ins = wrk(&format!("{base}/api/oauth/Login"), 8, 5, Some(&login), &[]);
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
    let flooding = std::thread::spawn(move || wrk(&flood_url, 64, 8, Some(&flood), &[]));
    std::thread::sleep(Duration::from_secs(1));
    let during_flood = wrk(&format!("{base}/api/oauth/CurrentUser"), 8, 5, None, &[auth.as_str()]);
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
    organisation_scale(dir.path(), &base, &token).await;
    system_data(dir.path(), &base, &token).await;
    files(dir.path(), &base, &token, child.id().unwrap()).await;
    drop(child);
    messages(dir.path()).await;
}

/// The database the server under test uses.
fn database_url(dir: &std::path::Path) -> String {
    std::env::var("DATABASE_URL").unwrap_or_else(|_| format!("sqlite://{}/qiming.db", dir.display()))
}

/// p50 and p95 of `n` sequential GETs (ms); with `bump`, the generation row (pool, row id:
/// 1 what CurrentUser is built from, 2 the dictionaries) is moved before each request,
/// untimed, so each answer is rebuilt.
async fn latencies(http: &reqwest::Client, url: &str, token: &str, n: usize, bump: Option<(&sqlx::AnyPool, &[i64])>) -> (f64, f64) {
    let mut times = Vec::with_capacity(n);
    for _ in 0..n {
        if let Some((pool, rows)) = bump {
            for row in rows {
                sqlx::query("UPDATE qiming_generation SET value = value + 1 WHERE id = $1").bind(row).execute(pool).await.unwrap();
            }
        }
        let started = Instant::now();
        let res = http.get(url).header("Authorization", token).send().await.unwrap();
        let body: serde_json::Value = res.json().await.unwrap();
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(body["code"], 200, "{url}: {body}");
    }
    times.sort_by(f64::total_cmp);
    (times[n / 2], times[n * 95 / 100])
}

/// The administrator's initial password counts as changed (business calls need that).
async fn password_changed(pool: &sqlx::AnyPool) {
    sqlx::query("UPDATE base_user SET change_password_date = 1 WHERE account = 'admin'").execute(pool).await.unwrap();
    sqlx::query("UPDATE qiming_generation SET value = value + 1 WHERE id = 1").execute(pool).await.unwrap();
}

/// 100 000 users in 20 departments, 500 menus with two buttons each, 10 roles of 50 menus
/// each held by one user; then the list and CurrentUser timings.
async fn organisation_scale(dir: &std::path::Path, base: &str, admin_token: &str) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&database_url(dir)).await.unwrap();
    let http = client();
    password_changed(&pool).await;
    let post = |path: &str, body: serde_json::Value| {
        let req = http.post(format!("{base}{path}")).header("Authorization", admin_token).json(&body);
        async move { req.send().await.unwrap().json::<serde_json::Value>().await.unwrap() }
    };
    post("/api/permission/Organize", serde_json::json!({"parentId": "-1", "fullName": "基准医院", "enCode": "bench"})).await;
    let tree: serde_json::Value = http
        .get(format!("{base}/api/permission/Organize/Department/Selector/0"))
        .header("Authorization", admin_token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let company = tree["data"]["list"].as_array().unwrap().iter().find(|n| n["fullName"] == "基准医院").unwrap()["id"].as_str().unwrap().to_string();
    for d in 0..20 {
        post("/api/permission/Organize/Department", serde_json::json!({"parentId": company, "fullName": format!("科室{d}"), "enCode": format!("dept{d}")})).await;
    }
    let departments: Vec<String> = sqlx::query_scalar("SELECT id FROM base_organize WHERE parent_id = $1 ORDER BY en_code").bind(&company).fetch_all(&pool).await.unwrap();

    let started = Instant::now();
    let mut tx = pool.begin().await.unwrap();
    for chunk in (0..100_000).collect::<Vec<u32>>().chunks(500) {
        // search_text as the server keeps it: the three searched fields folded, one per line.
        let mut users = String::from("INSERT INTO base_user (id, account, real_name, password_hash, mobile_phone, sort_code, creator_time, organize_id, search_text) VALUES ");
        let mut relations = String::from("INSERT INTO base_user_relation (user_id, object_type, object_id) VALUES ");
        for (k, i) in chunk.iter().enumerate() {
            let sep = if k == 0 { "" } else { "," };
            let dept = &departments[*i as usize % departments.len()];
            users.push_str(&format!(
                "{sep}('bench{i}', 'user{i}', '用户{i}', 'x', '139{i:08}', 0, {}, '{dept}', 'user{i}' || char(10) || '用户{i}' || char(10) || '139{i:08}')",
                1_700_000_000_000u64 + *i as u64
            ));
            relations.push_str(&format!("{sep}('bench{i}', 'Organize', '{dept}')"));
        }
        // Generated numbers and ids only: no outside text reaches these statements.
        sqlx::query(sqlx::AssertSqlSafe(users)).execute(&mut *tx).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(relations)).execute(&mut *tx).await.unwrap();
    }
    // 500 pages with two buttons each; 10 roles of 50 pages (and their buttons) each.
    let system: String = sqlx::query_scalar("SELECT id FROM base_system ORDER BY sort_code LIMIT 1").fetch_one(&mut *tx).await.unwrap();
    for m in 0..500 {
        sqlx::query("INSERT INTO base_module (id, parent_id, system_id, full_name, en_code, type, url_address, creator_time) VALUES ($1, '-1', $2, $3, $4, 2, $5, 0)")
            .bind(format!("benchmenu{m}"))
            .bind(&system)
            .bind(format!("页面{m}"))
            .bind(format!("bench.page{m}"))
            .bind(format!("bench/page{m}"))
            .execute(&mut *tx)
            .await
            .unwrap();
        for b in ["btn_add", "btn_edit"] {
            sqlx::query("INSERT INTO base_module_item (id, module_id, kind, full_name, en_code) VALUES ($1, $2, 'button', $3, $3)")
                .bind(format!("benchitem{m}{b}"))
                .bind(format!("benchmenu{m}"))
                .bind(b)
                .execute(&mut *tx)
                .await
                .unwrap();
        }
    }
    for r in 0..10 {
        sqlx::query("INSERT INTO base_role (id, full_name, en_code, creator_time) VALUES ($1, $1, $1, 0)").bind(format!("benchrole{r}")).execute(&mut *tx).await.unwrap();
        sqlx::query("INSERT INTO base_user_relation (user_id, object_type, object_id) VALUES ('bench0', 'Role', $1)").bind(format!("benchrole{r}")).execute(&mut *tx).await.unwrap();
        for m in (r * 50)..(r * 50 + 50) {
            for (kind, item) in [("module", format!("benchmenu{m}")), ("button", format!("benchitem{m}btn_add")), ("button", format!("benchitem{m}btn_edit"))] {
                sqlx::query("INSERT INTO base_authorize (object_type, object_id, item_type, item_id) VALUES ('Role', $1, $2, $3)")
                    .bind(format!("benchrole{r}"))
                    .bind(kind)
                    .bind(item)
                    .execute(&mut *tx)
                    .await
                    .unwrap();
            }
        }
    }
    sqlx::query("UPDATE qiming_generation SET value = value + 1 WHERE id = 1").execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    let filled = started.elapsed();
    // bench0 signs in with a password set by the administrator.
    let md5 = qiming_core::md5_hex(PASSWORD.as_bytes());
    post("/api/permission/Users/bench0/Actions/ResetPassword", serde_json::json!({"userPassword": md5, "validatePassword": md5, "plainPassword": PASSWORD})).await;
    let form = [("account", "user0".to_string()), ("password", md5)];
    let v: serde_json::Value = http.post(format!("{base}/api/oauth/Login")).form(&form).send().await.unwrap().json().await.unwrap();
    let member = v["data"]["token"].as_str().expect("user0 signed in").to_string();

    let users = format!("{base}/api/permission/Users");
    let first = latencies(&http, &format!("{users}?currentPage=1&pageSize=20"), admin_token, 200, None).await;
    let deep = latencies(&http, &format!("{users}?currentPage=4000&pageSize=20"), admin_token, 200, None).await;
    let keyword = latencies(&http, &format!("{users}?keyword=user4242&currentPage=1&pageSize=20"), admin_token, 200, None).await;
    let subtree = latencies(&http, &format!("{users}?organizeId={}&currentPage=1&pageSize=20", departments[3]), admin_token, 200, None).await;
    let cached = latencies(&http, &format!("{base}/api/oauth/CurrentUser"), &member, 200, None).await;
    // After a change of users, roles or grants (row 1), and after a change of the menus too
    // (rows 1 and 3: the menus' snapshot is read again).
    let rebuilt = latencies(&http, &format!("{base}/api/oauth/CurrentUser"), &member, 200, Some((&pool, &[1]))).await;
    let menus_changed = latencies(&http, &format!("{base}/api/oauth/CurrentUser"), &member, 200, Some((&pool, &[1, 3]))).await;
    let show = |(p50, p95): (f64, f64)| format!("p50 {p50:>6.1} ms, p95 {p95:>6.1} ms");
    println!("organisation scale (100 000 users in 20 departments, filled in {:.1} s):", filled.as_secs_f64());
    println!("  user list, first page of 20:                       {}", show(first));
    println!("  user list, page 4000 of 20:                        {}", show(deep));
    println!("  user list, keyword (account/name/phone):           {}", show(keyword));
    println!("  user list, one department's subtree:               {}", show(subtree));
    println!("  CurrentUser, 10 roles over 500 menus, cached:      {}", show(cached));
    println!("  CurrentUser, 10 roles over 500 menus, rebuilt:     {}", show(rebuilt));
    println!("  CurrentUser, rebuilt after a menu change:          {}", show(menus_changed));
}

/// The GET of `url` as the administrator, its envelope.
async fn get_json(http: &reqwest::Client, url: &str, token: &str) -> serde_json::Value {
    http.get(url).header("Authorization", token).send().await.unwrap().json().await.unwrap()
}

/// BillNumber throughput for one rule under 64 concurrent clients, and DictionaryData/All
/// with 200 categories of 100 items each (issue 11's proof).
async fn system_data(dir: &std::path::Path, base: &str, admin_token: &str) {
    let pool = sqlx::AnyPool::connect(&database_url(dir)).await.unwrap();
    let http = client();
    let auth = format!("Authorization: {admin_token}");

    // A rule without a date part, 9 digits: the sequence never starts again during the run.
    let category: String = sqlx::query_scalar(
        "SELECT d.id FROM base_dictionary_data d JOIN base_dictionary_type t ON t.id = d.dictionary_type_id \
         WHERE t.en_code = 'businessType' ORDER BY d.sort_code, d.id LIMIT 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let rule = serde_json::json!({"fullName": "基准单据", "enCode": "BENCH", "category": category, "prefix": "BN", "dateFormat": "no",
                                  "digit": 9, "startNumber": "000000001"});
    let created: serde_json::Value =
        http.post(format!("{base}/api/system/BillRule")).header("Authorization", admin_token).json(&rule).send().await.unwrap().json().await.unwrap();
    assert_eq!(created["code"], 200, "the benchmark's rule: {created}");
    let number_url = format!("{base}/api/system/BillRule/BillNumber/BENCH");
    let first = get_json(&http, &number_url, admin_token).await;
    let numbers = wrk(&number_url, 64, 5, None, &[auth.as_str()]);
    let last = get_json(&http, &number_url, admin_token).await;
    let sequence = |v: &serde_json::Value| v["data"].as_str().and_then(|n| n.strip_prefix("BN")).and_then(|n| n.parse::<i64>().ok());
    let issued = match (sequence(&first), sequence(&last)) {
        (Some(a), Some(b)) => format!("{} numbers issued between the two probes", b - a - 1),
        _ => format!("(unexpected answers: {first} … {last})"),
    };

    // 200 flat categories of 100 items under 业务字典 (every tenth a tree: items 10..99 below
    // items 0..9), in one transaction, then the dictionaries' generation moved.
    let started = Instant::now();
    let mut tx = pool.begin().await.unwrap();
    for c in 0..200u32 {
        let tree = c % 10 == 0;
        sqlx::query("INSERT INTO base_dictionary_type (id, parent_id, full_name, en_code, is_tree, sort_code, creator_time) VALUES ($1, '1', $2, $3, $4, $5, 0)")
            .bind(format!("benchtype{c}"))
            .bind(format!("基准字典{c}"))
            .bind(format!("benchDict{c}"))
            .bind(tree as i64)
            .bind(1000 + c as i64)
            .execute(&mut *tx)
            .await
            .unwrap();
        let mut items = String::from("INSERT INTO base_dictionary_data (id, dictionary_type_id, parent_id, full_name, en_code, sort_code, creator_time) VALUES ");
        for i in 0..100u32 {
            let sep = if i == 0 { "" } else { "," };
            let parent = if tree && i >= 10 { format!("benchitem{c}_{}", i % 10) } else { "0".to_string() };
            // Generated numbers and ids only: no outside text reaches this statement.
            items.push_str(&format!("{sep}('benchitem{c}_{i}', 'benchtype{c}', '{parent}', '选项{c}-{i}', 'opt{i}', {i}, 0)"));
        }
        sqlx::query(sqlx::AssertSqlSafe(items)).execute(&mut *tx).await.unwrap();
    }
    sqlx::query("UPDATE qiming_generation SET value = value + 1 WHERE id = 2").execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    let filled = started.elapsed();

    let all_url = format!("{base}/api/system/DictionaryData/All");
    let body = http.get(&all_url).header("Authorization", admin_token).send().await.unwrap().bytes().await.unwrap();
    let answer: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let categories = answer["data"]["list"].as_array().map_or(0, Vec::len);
    let cached = latencies(&http, &all_url, admin_token, 200, None).await;
    let rebuilt = latencies(&http, &all_url, admin_token, 200, Some((&pool, &[2]))).await;
    let all = wrk(&all_url, 64, 5, None, &[auth.as_str(), "Accept-Encoding: gzip"]);

    let show_wrk = |w: &Option<Wrk>| w.as_ref().map_or_else(|| "(wrk failed)".to_string(), |w| w.to_string());
    let show = |(p50, p95): (f64, f64)| format!("p50 {p50:>6.1} ms, p95 {p95:>6.1} ms");
    println!("system data (issue 11):");
    println!("  BillNumber, one rule, 64 connections:              {} ({issued})", show_wrk(&numbers));
    println!(
        "  DictionaryData/All, 200 categories × 100 items ({categories} categories in all, {:.0} KiB uncompressed, filled in {:.1} s):",
        body.len() as f64 / 1024.0,
        filled.as_secs_f64()
    );
    println!("    cached, one request at a time:                  {}", show(cached));
    println!("    rebuilt after every change, one at a time:      {}", show(rebuilt));
    println!("    cached, gzip, 64 connections:                   {}", show_wrk(&all));
}

const CHUNK: u64 = qiming_core::upload::CHUNK_SIZE;
const BOUNDARY: &str = "qimingBenchBoundary";

/// A multipart body as the web client sends it: text fields, then one file field (its name
/// and bytes), if any.
fn multipart(fields: &[(&str, String)], file: Option<(&str, &[u8])>) -> Vec<u8> {
    let mut body = Vec::with_capacity(file.map_or(0, |(_, b)| b.len()) + 1024);
    for (name, value) in fields {
        body.extend_from_slice(format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes());
    }
    if let Some((name, bytes)) = file {
        body.extend_from_slice(
            format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

/// POST a multipart body as the administrator; the envelope.
async fn post_multipart(http: &reqwest::Client, url: &str, token: &str, body: Vec<u8>) -> serde_json::Value {
    let res = http
        .post(url)
        .header("Authorization", token)
        .header("Content-Type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(body)
        .send()
        .await
        .unwrap();
    res.json().await.unwrap()
}

/// Chunk `n` (1-based) of the benchmark's text file: printable lines, each chunk stamped with
/// its number so no two are alike (a .txt, so the content check accepts it).
fn text_chunk(pattern: &[u8], n: u64, len: u64) -> Vec<u8> {
    let mut bytes = pattern[..len as usize].to_vec();
    let stamp = format!("chunk {n:>8}\n");
    bytes[..stamp.len()].copy_from_slice(stamp.as_bytes());
    bytes
}

/// Issue 12's file figures: a 1 GiB chunked upload and its merge, then a pack download of
/// 1,000 files with the server's memory sampled while it streams.
async fn files(dir: &std::path::Path, base: &str, token: &str, pid: u32) {
    use futures_util::StreamExt;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&database_url(dir)).await.unwrap();
    password_changed(&pool).await;
    let http = client();

    // (a) 1 GiB in simple-uploader's chunks: 204 chunks, the last one holding the remainder.
    let size: u64 = 1 << 30;
    let total = size / CHUNK;
    let len_of = |n: u64| if n == total { size - (total - 1) * CHUNK } else { CHUNK };
    let pattern: Vec<u8> = (0..).map(|i| format!("line {i} of the qiming chunked upload benchmark\n")).flat_map(String::into_bytes).take(2 * CHUNK as usize).collect();
    // The client hashes the file before it sends anything (not timed here: issue 12's MD5
    // figure is the web worker's).
    let mut md5 = qiming_core::md5::Md5Hasher::new();
    for n in 1..=total {
        md5.update(&text_chunk(&pattern, n, len_of(n)));
    }
    let identifier = md5.finish_hex();
    let fields = |n: u64| -> Vec<(&'static str, String)> {
        vec![
            ("chunkNumber", n.to_string()),
            ("chunkSize", CHUNK.to_string()),
            ("currentChunkSize", len_of(n).to_string()),
            ("totalSize", size.to_string()),
            ("identifier", identifier.clone()),
            ("filename", "bench.txt".into()),
            ("relativePath", "bench.txt".into()),
            ("totalChunks", total.to_string()),
            ("fileType", "text/plain".into()),
            ("extension", "txt".into()),
        ]
    };
    let chunk_url = format!("{base}/api/file/chunk");
    let started = Instant::now();
    let query: Vec<(&str, String)> = fields(1);
    let test: serde_json::Value = http.get(&chunk_url).header("Authorization", token).query(&query).send().await.unwrap().json().await.unwrap();
    assert_eq!(test["code"], 200, "the chunk test: {test}");
    let answers: Vec<serde_json::Value> = futures_util::stream::iter(1..=total)
        .map(|n| {
            let body = multipart(&fields(n), Some(("blob", text_chunk(&pattern, n, len_of(n)).as_slice())));
            post_multipart(&http, &chunk_url, token, body)
        })
        .buffered(3)
        .collect()
        .await;
    let chunks_took = started.elapsed();
    let last = answers.iter().find(|a| a["code"] != 200 || a["data"]["merge"] == true).expect("an answer saying merge");
    assert_eq!(last["code"], 200, "a chunk: {last}");
    let merge_fields: Vec<(&str, String)> = vec![
        ("identifier", identifier.clone()),
        ("fileName", "bench.txt".into()),
        ("fileSize", size.to_string()),
        ("fileType", "text/plain".into()),
        ("extension", "txt".into()),
        ("type", "annex".into()),
        ("pathType", "defaultPath".into()),
        ("isAccount", "0".into()),
        ("folder", String::new()),
    ];
    let started = Instant::now();
    let merged = post_multipart(&http, &format!("{base}/api/file/merge"), token, multipart(&merge_fields, None)).await;
    let merge_took = started.elapsed();
    assert_eq!(merged["code"], 200, "the merge: {merged}");
    let upload_peak = status_kib(pid, "VmHWM:");
    let mb_s = |bytes: u64, took: Duration| bytes as f64 / 1e6 / took.as_secs_f64();

    // (b) 1,000 files of 512 KiB (each distinct, so each is stored), uploaded 8 at a time.
    let each: u64 = 512 * 1024;
    let count = 1000u64;
    let uploader = format!("{base}/api/file/Uploader/annex");
    let widget: Vec<(&str, String)> = vec![("pathType", "defaultPath".into()), ("isAccount", "0".into()), ("folder", String::new())];
    let started = Instant::now();
    let ids: Vec<String> = futures_util::stream::iter(1..=count)
        .map(|n| {
            let body = multipart(&widget, Some((format!("f{n}.txt").as_str(), text_chunk(&pattern, 1_000_000 + n, each).as_slice())));
            let answer = post_multipart(&http, &uploader, token, body);
            async move {
                let v = answer.await;
                v["data"]["name"].as_str().unwrap_or_else(|| panic!("an upload: {v}")).to_string()
            }
        })
        .buffer_unordered(8)
        .collect()
        .await;
    let uploaded_in = started.elapsed();
    let items: Vec<serde_json::Value> = ids.iter().enumerate().map(|(i, id)| serde_json::json!({"fileId": id, "fileName": format!("f{i}.txt")})).collect();
    let before = status_kib(pid, "VmRSS:");
    let started = Instant::now();
    let link: serde_json::Value = http.post(format!("{base}/api/file/PackDownload/annex")).header("Authorization", token).json(&items).send().await.unwrap().json().await.unwrap();
    let url = link["data"]["downloadVo"]["url"].as_str().unwrap_or_else(|| panic!("the pack's link: {link}")).to_string();
    // Resident memory sampled every 10 ms while the zip streams.
    let sampling = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let sampling = sampling.clone();
        tokio::spawn(async move {
            let mut peak = 0;
            while sampling.load(std::sync::atomic::Ordering::Relaxed) {
                peak = peak.max(status_kib(pid, "VmRSS:"));
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            peak
        })
    };
    let mut res = http.get(format!("{base}{url}&name=bench.zip")).send().await.unwrap();
    let mut zipped = 0u64;
    while let Some(piece) = res.chunk().await.unwrap() {
        zipped += piece.len() as u64;
    }
    let pack_took = started.elapsed();
    sampling.store(false, std::sync::atomic::Ordering::Relaxed);
    let peak = sampler.await.unwrap();
    let mib = |kib: u64| kib as f64 / 1024.0;
    println!("files (issue 12, local disk store):");
    println!("  chunked upload, 1 GiB in {total} chunks, 3 in flight: {:>7.1} MB/s ({:.1} s)", mb_s(size, chunks_took), chunks_took.as_secs_f64());
    println!("  merge with the MD5 check, 1 GiB:                  {:>7.1} MB/s ({:.1} s)", mb_s(size, merge_took), merge_took.as_secs_f64());
    println!("  server peak memory (VmHWM) after upload and merge:  {:>7.1} MiB", mib(upload_peak));
    println!("  {count} files of {} KiB uploaded (8 at a time) in {:.1} s", each / 1024, uploaded_in.as_secs_f64());
    println!(
        "  pack download of {count} files ({:.0} MiB, zip {:.0} MiB): {:.1} s ({:.1} MB/s); server memory before {:.1} MiB, peak while streaming {:.1} MiB",
        mib(count * each / 1024),
        zipped as f64 / 1_048_576.0,
        pack_took.as_secs_f64(),
        mb_s(zipped, pack_took),
        mib(before),
        mib(peak)
    );
}

// ----- messages and the WebSocket (issue 14) -----

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Sockets held open on one process.
const SOCKETS: usize = 5_000;
/// Chat round trips between two processes (paced under the socket's 20 frames a second).
const ROUND_TRIPS: usize = 300;

/// `n` users `{prefix}{i}` whose initial password counts as changed, each with a session
/// whose token is `Bearer {prefix}token{i}` (stored as the server stores it: SHA-256 hex).
/// Answers (user id, token) pairs.
async fn users_with_sessions(pool: &sqlx::AnyPool, prefix: &str, n: usize) -> Vec<(String, String)> {
    use sha2::Digest as _;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    let mut out = Vec::new();
    let mut tx = pool.begin().await.unwrap();
    for chunk in (0..n).collect::<Vec<usize>>().chunks(500) {
        let mut users = String::from("INSERT INTO base_user (id, account, real_name, password_hash, change_password_date, creator_time) VALUES ");
        let mut sessions = String::from("INSERT INTO base_user_session (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES ");
        for (k, i) in chunk.iter().enumerate() {
            let sep = if k == 0 { "" } else { "," };
            let token = format!("{prefix}token{i}");
            let hash = qiming_server::support::hex(&sha2::Sha256::digest(token.as_bytes()));
            users.push_str(&format!("{sep}('{prefix}{i}', '{prefix}{i}', '用户{i}', 'x', 1, {now})"));
            sessions.push_str(&format!("{sep}('{hash}', '{prefix}{i}', {now}, {now}, {})", now + 7 * 24 * 3600 * 1000));
            out.push((format!("{prefix}{i}"), format!("Bearer {token}")));
        }
        // Generated names and numbers only: no outside text reaches these statements.
        sqlx::query(sqlx::AssertSqlSafe(users)).execute(&mut *tx).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(sessions)).execute(&mut *tx).await.unwrap();
    }
    sqlx::query("UPDATE qiming_generation SET value = value + 1 WHERE id = 1").execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    out
}

/// A socket at `base` for `token`, past OnConnection → initMessage.
async fn open_socket(base: &str, token: &str) -> Socket {
    use futures_util::{SinkExt, StreamExt};
    let url = format!("ws://{}/websocket/{}", base.trim_start_matches("http://"), token.replace(' ', "%20"));
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("the socket opens");
    let hello = serde_json::json!({"method": "OnConnection", "token": token, "mobileDevice": false}).to_string();
    ws.send(tokio_tungstenite::tungstenite::Message::text(hello)).await.unwrap();
    while let Some(Ok(m)) = ws.next().await {
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m
            && t.as_str().contains("\"initMessage\"")
        {
            return ws;
        }
    }
    panic!("no initMessage");
}

/// The value at fraction `q` of sorted samples.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Issue 14's figures: 5,000 sockets on one process (SQLite) with the memory each idle one
/// costs; one notice released to all of them, the time until each socket has its
/// messagePush (p50, p99, the last); then two processes on one PostgreSQL database and the
/// round trip of a chat message between users on either (A → B, B answers, A hears it).
async fn messages(dir: &std::path::Path) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    sqlx::any::install_default_drivers();
    // Each socket is a file on both ends.
    let files = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(0);
    let here = dir.join("messages");
    std::fs::create_dir_all(&here).unwrap();
    let (child, base, _) = launch_with(&here, &[("QIMING_MAX_CONNECTIONS", "20000")]).await;
    let pool = sqlx::AnyPool::connect(&database_url(&here)).await.unwrap();
    password_changed(&pool).await;
    let users = users_with_sessions(&pool, "ws", SOCKETS).await;
    let http = client();
    let admin = sign_in(&http, &base).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let before = rss_kib(&child);

    // Every socket reads what comes (Online frames of those after it, then the push) and
    // reports when the notice's push arrived.
    let (pushed_tx, mut pushed_rx) = tokio::sync::mpsc::unbounded_channel::<Option<Instant>>();
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::unbounded_channel::<()>();
    let opening = Instant::now();
    for batch in users.chunks(250) {
        let opened = futures_util::future::join_all(batch.iter().map(|(_, token)| open_socket(&base, token))).await;
        for mut ws in opened {
            let pushed = pushed_tx.clone();
            let ready = ready_tx.clone();
            tokio::spawn(async move {
                let _ = ready.send(());
                while let Some(Ok(m)) = ws.next().await {
                    if let Message::Text(t) = m
                        && t.as_str().contains("\"messagePush\"")
                    {
                        let _ = pushed.send(Some(Instant::now()));
                        // Stay connected (idle) until the benchmark ends.
                        while let Some(Ok(_)) = ws.next().await {}
                        return;
                    }
                }
                let _ = pushed.send(None);
            });
        }
    }
    for _ in 0..SOCKETS {
        ready_rx.recv().await.unwrap();
    }
    let opened_in = opening.elapsed();
    // Let the Online announcements settle before measuring the idle sockets.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let after = rss_kib(&child);

    let notice = serde_json::json!({"id": 0, "title": "全院通知", "toUserIds": "", "category": "notice", "expirationTime": null,
        "files": "", "coverImage": "", "bodyText": "<p>基准</p>", "excerpt": "", "remindCategory": 1, "sendConfigId": "", "sendConfigName": ""});
    http.post(format!("{base}/api/message")).header("Authorization", &admin).json(&notice).send().await.unwrap();
    let list: serde_json::Value = http
        .post(format!("{base}/api/message/Notice"))
        .header("Authorization", &admin)
        .json(&serde_json::json!({"currentPage": 1, "pageSize": 20}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = list["data"]["list"][0]["id"].as_str().unwrap().to_string();
    let released = Instant::now();
    let answer: serde_json::Value =
        http.put(format!("{base}/api/message/{id}/Actions/Release")).header("Authorization", &admin).send().await.unwrap().json().await.unwrap();
    let answered = released.elapsed();
    let mut delays = Vec::new();
    let mut dropped = 0;
    for _ in 0..SOCKETS {
        match tokio::time::timeout(Duration::from_secs(120), pushed_rx.recv()).await {
            Ok(Some(Some(at))) => delays.push(at.duration_since(released).as_secs_f64() * 1000.0),
            Ok(Some(None)) => dropped += 1,
            _ => break,
        }
    }
    delays.sort_by(|a, b| a.total_cmp(b));
    println!("WebSocket (issue 14), open-files limit {files}:");
    println!("  {SOCKETS} sockets opened (OnConnection → initMessage) in {:.1} s", opened_in.as_secs_f64());
    println!(
        "  server memory (RSS): {:.1} MiB before, {:.1} MiB with {SOCKETS} idle sockets: {:.1} KiB per socket",
        before as f64 / 1024.0,
        after as f64 / 1024.0,
        after.saturating_sub(before) as f64 / SOCKETS as f64
    );
    println!(
        "  one notice to {} users ({}): release answered in {:.0} ms; messagePush on {} sockets ({dropped} dropped): p50 {:.0} ms, p99 {:.0} ms, last {:.0} ms",
        SOCKETS + 1,
        answer["msg"].as_str().unwrap_or_default(),
        answered.as_secs_f64() * 1000.0,
        delays.len(),
        quantile(&delays, 0.5),
        quantile(&delays, 0.99),
        delays.last().copied().unwrap_or(f64::NAN)
    );
    drop(child);
    pool.close().await;

    // Two processes on one PostgreSQL database.
    let admin_url = std::env::var("QIMING_BENCH_PG_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let name = format!("qiming_bench_{}", std::process::id());
    let server_pool = match sqlx::AnyPool::connect(&admin_url).await {
        Ok(p) => p,
        Err(e) => {
            println!("  chat between two processes: skipped, no PostgreSQL at {admin_url}: {e}");
            return;
        }
    };
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&server_pool).await.unwrap();
    let url = format!("{}/{name}", admin_url.rsplit_once('/').unwrap().0);
    let (a_dir, b_dir) = (dir.join("pg-a"), dir.join("pg-b"));
    std::fs::create_dir_all(&a_dir).unwrap();
    std::fs::create_dir_all(&b_dir).unwrap();
    let (a_child, a_base, _) = launch_with(&a_dir, &[("DATABASE_URL", url.as_str())]).await;
    let (b_child, b_base, _) = launch_with(&b_dir, &[("DATABASE_URL", url.as_str())]).await;
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let pair = users_with_sessions(&pool, "chat", 2).await;
    let mut a = open_socket(&a_base, &pair[0].1).await;
    let mut b = open_socket(&b_base, &pair[1].1).await;
    let say = |to: &str, text: &str| Message::text(serde_json::json!({"method": "SendMessage", "toUserId": to, "messageType": "text", "messageContent": text}).to_string());
    async fn heard(ws: &mut Socket, method: &str) {
        while let Some(Ok(m)) = ws.next().await {
            if let Message::Text(t) = m
                && t.as_str().contains(&format!("\"method\":\"{method}\""))
            {
                return;
            }
        }
        panic!("closed while waiting for {method}");
    }
    let mut trips = Vec::new();
    for i in 0..ROUND_TRIPS {
        let started = Instant::now();
        a.send(say(&pair[1].0, &format!("问{i}"))).await.unwrap();
        heard(&mut b, "receiveMessage").await;
        b.send(say(&pair[0].0, &format!("答{i}"))).await.unwrap();
        heard(&mut a, "receiveMessage").await;
        trips.push(started.elapsed().as_secs_f64() * 1000.0);
        // Stay under the 20 frames a second a client may send.
        tokio::time::sleep(Duration::from_millis(60).saturating_sub(started.elapsed())).await;
    }
    trips.sort_by(|x, y| x.total_cmp(y));
    println!(
        "  chat round trip between two processes on PostgreSQL (A → B, B answers → A), {ROUND_TRIPS} trips: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        quantile(&trips, 0.5),
        quantile(&trips, 0.99),
        trips.last().copied().unwrap_or(f64::NAN)
    );
    drop((a, b, a_child, b_child));
    pool.close().await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))).execute(&server_pool).await;
}

/// reqwest is built with rustls without a default provider: install the server's first.
fn client() -> reqwest::Client {
    qiming_server::support::http::install_tls_provider();
    reqwest::Client::new()
}

/// Records made through the API; the rest of the 100 000 copied in SQL.
const RECORDS_BY_API: usize = 10_000;
const RECORDS_IN_ALL: usize = 100_000;

/// The records of a released model (issue 13), on SQLite and then on PostgreSQL (a fresh
/// database at `QIMING_BENCH_PG_URL` or 127.0.0.1:5432, dropped after).
async fn records_on_both_engines(dir: &std::path::Path) {
    let here = dir.join("records-sqlite");
    std::fs::create_dir_all(&here).unwrap();
    records(&here, None, "SQLite").await;
    let admin_url = std::env::var("QIMING_BENCH_PG_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let server_pool = match sqlx::AnyPool::connect(&admin_url).await {
        Ok(p) => p,
        Err(e) => {
            println!("records on PostgreSQL: skipped, no PostgreSQL at {admin_url}: {e}");
            return;
        }
    };
    let name = format!("qiming_bench_rec_{}", std::process::id());
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&server_pool).await.unwrap();
    let url = format!("{}/{name}", admin_url.rsplit_once('/').unwrap().0);
    let here = dir.join("records-pg");
    std::fs::create_dir_all(&here).unwrap();
    records(&here, Some(&url), "PostgreSQL").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))).execute(&server_pool).await;
}

/// A small model: a unique-looking code, a title, an amount, a date and a static select;
/// code, amount and status are searchable, code and amount sortable (so they are indexed).
fn record_model() -> serde_json::Value {
    use serde_json::json;
    let options = json!([{"id": "a", "fullName": "新建"}, {"id": "b", "fullName": "审核中"}, {"id": "c", "fullName": "已完成"}, {"id": "d", "fullName": "作废"}]);
    let form = json!({"formRef": "elForm", "formModel": "dataForm", "formRules": "rules", "fields": [
        {"__vModel__": "code", "__config__": {"jnpfKey": "comInput", "label": "单号", "required": true}},
        {"__vModel__": "title", "__config__": {"jnpfKey": "comInput", "label": "标题"}},
        {"__vModel__": "amount", "__config__": {"jnpfKey": "numInput", "label": "金额"}, "precision": 2},
        {"__vModel__": "placed", "__config__": {"jnpfKey": "date", "label": "日期"}, "format": "yyyy-MM-dd"},
        {"__vModel__": "status", "__config__": {"jnpfKey": "select", "label": "状态", "dataType": "static"},
         "__slot__": {"options": options}, "options": options, "props": {"props": {"value": "id", "label": "fullName"}}}
    ]});
    let columns = json!({"searchList": [
        {"prop": "code", "__vModel__": "code", "searchType": 2},
        {"prop": "amount", "__vModel__": "amount", "searchType": 3},
        {"prop": "status", "__vModel__": "status", "searchType": 1}
    ], "columnList": [{"prop": "code", "sortable": true}, {"prop": "amount", "sortable": true}, {"prop": "placed", "sortable": true}]});
    json!({"fullName": "基准记录", "enCode": "benchrecords", "webType": 2, "formData": form.to_string(), "columnData": columns.to_string()})
}

fn record_body(i: usize) -> serde_json::Value {
    let status = ["a", "b", "c", "d"][i % 4];
    let data = serde_json::json!({"code": format!("R-{i:06}"), "title": format!("记录{i}"), "amount": (i % 9973) as f64 / 4.0,
        "placed": 1_700_000_000_000i64 + (i as i64 % 1000) * 86_400_000, "status": status});
    serde_json::json!({"id": "", "data": data.to_string()})
}

/// A wrk script that POSTs `body` as JSON.
fn post_script(dir: &std::path::Path, name: &str, body: &serde_json::Value) -> std::path::PathBuf {
    let path = dir.join(name);
    let text = body.to_string().replace('\\', "\\\\").replace('\'', "\\'");
    std::fs::write(&path, format!("wrk.method = 'POST'\nwrk.body = '{text}'\nwrk.headers['Content-Type'] = 'application/json'\n")).unwrap();
    path
}

async fn records(dir: &std::path::Path, database: Option<&str>, engine: &str) {
    use futures_util::StreamExt;
    sqlx::any::install_default_drivers();
    let env: Vec<(&str, &str)> = database.map(|url| vec![("DATABASE_URL", url)]).unwrap_or_default();
    let (child, base, _) = launch_with(dir, &env).await;
    let url = database.map_or_else(|| format!("sqlite://{}/qiming.db", dir.display()), str::to_string);
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    password_changed(&pool).await;
    let http = client();
    let token = sign_in(&http, &base).await;
    let post = |path: String, body: serde_json::Value| {
        let req = http.post(format!("{base}{path}")).header("Authorization", &token).json(&body);
        async move { req.send().await.unwrap().json::<serde_json::Value>().await.unwrap() }
    };
    let made = post("/api/visualdev/Base".into(), record_model()).await;
    let model = made["data"].as_str().unwrap_or_else(|| panic!("model made: {made}")).to_string();
    let released = post(format!("/api/visualdev/Base/{model}/Actions/Release"), serde_json::json!({"pc": 1, "app": 0})).await;
    assert_eq!(released["code"], 200, "{released}");
    let online = format!("/api/visualdev/OnlineDev/{model}");

    // (1) 10 000 records through the API, 16 at a time.
    let started = Instant::now();
    let answers: Vec<serde_json::Value> =
        futures_util::stream::iter(0..RECORDS_BY_API).map(|i| post(online.clone(), record_body(i))).buffer_unordered(16).collect().await;
    let took = started.elapsed();
    let failed: Vec<_> = answers.iter().filter(|a| a["code"] != 200).collect();
    assert!(failed.is_empty(), "{} records refused, first: {}", failed.len(), failed[0]);
    let table = format!("rec_{}", model.to_lowercase());
    let table = sqlx::query_scalar::<_, String>("SELECT physical FROM base_visual_table WHERE visual_id = $1 AND sub_table = ''")
        .bind(&model)
        .fetch_one(&pool)
        .await
        .unwrap_or(table);

    // (2) Up to 100 000: every API-made row copied nine times in SQL (ids made unique by a
    // suffix, codes by a prefix) — not through the server, for time.
    let copy_started = Instant::now();
    let copies = RECORDS_IN_ALL / RECORDS_BY_API - 1;
    let columns = "creator, created, modifier, modified, organisation, position, version, title, amount, placed, status";
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < {copies}) \
         INSERT INTO {table} (id, code, {columns}) SELECT t.id || '0' || CAST(n.k AS TEXT), CAST(n.k AS TEXT) || t.code, {columns} FROM {table} t, n"
    )))
    .execute(&pool)
    .await
    .unwrap();
    // Written behind the server's back: its counted totals must be counted again (migration 0030).
    sqlx::query("UPDATE base_visual_stamp SET data_version = data_version + 1 WHERE visual_id = $1").bind(&model).execute(&pool).await.unwrap();
    // PostgreSQL's autovacuum would have analysed the table by now; Qiming never runs ANALYZE on
    // SQLite, whose planner then goes by the indexes alone (and with statistics re-prepares
    // statements whose plan could depend on a bound value, on every call).
    if database.is_some() {
        sqlx::query(sqlx::AssertSqlSafe(format!("ANALYZE {table}"))).execute(&pool).await.unwrap();
    }
    let rows: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}"))).fetch_one(&pool).await.unwrap();
    let copied_in = copy_started.elapsed();
    let ids: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT id FROM {table} ORDER BY code LIMIT 2000"))).fetch_all(&pool).await.unwrap();

    let auth = format!("Authorization: {token}");
    let page_body = serde_json::json!({"currentPage": 100, "pageSize": 20});
    let filter_body = serde_json::json!({"currentPage": 1, "pageSize": 20, "queryJson": serde_json::json!({"status": "b"}).to_string(), "sidx": "amount", "sort": "desc"});
    let check = post(format!("{online}/List"), page_body.clone()).await;
    assert_eq!(check["data"]["list"].as_array().map(Vec::len), Some(20), "page 100: {check}");
    let check = post(format!("{online}/List"), filter_body.clone()).await;
    let filtered = check["data"]["pagination"]["total"].clone();
    assert_eq!(check["code"], 200, "filter: {check}");
    let page = post_script(dir, "page.lua", &page_body);
    let filter = post_script(dir, "filter.lua", &filter_body);
    let get = dir.join("get.lua");
    let list: Vec<String> = ids.iter().map(|i| format!("'{online}/{i}'")).collect();
    std::fs::write(&get, format!("ids = {{{}}}\nrequest = function()\n  return wrk.format('GET', ids[math.random(#ids)])\nend\n", list.join(","))).unwrap();
    let one: serde_json::Value = http.get(format!("{base}{online}/{}", ids[0])).header("Authorization", &token).send().await.unwrap().json().await.unwrap();
    assert_eq!(one["code"], 200, "get by id: {one}");

    let show = |w: &Option<Wrk>| w.as_ref().map_or_else(|| "(wrk failed)".to_string(), |w| w.to_string());
    let list_url = format!("{base}{online}/List");
    println!("Records (issue 13) on {engine}:");
    println!(
        "  {RECORDS_BY_API} records created through the API (16 in flight): {:.1} s, {:.0} records/s",
        took.as_secs_f64(),
        RECORDS_BY_API as f64 / took.as_secs_f64()
    );
    println!("  filled to {rows} rows by SQL copies in {:.1} s", copied_in.as_secs_f64());
    for connections in [64, 8] {
        let p = wrk(&list_url, connections, 5, Some(&page), &[auth.as_str()]);
        println!("  list page 100 of 20, {connections} connections:            {}", show(&p));
        let f = wrk(&list_url, connections, 5, Some(&filter), &[auth.as_str()]);
        println!("  filter status=b ({filtered} rows) sorted by amount desc, {connections} connections: {}", show(&f));
        let g = wrk(&base, connections, 5, Some(&get), &[auth.as_str()]);
        println!("  get by id (2,000 ids at random), {connections} connections:  {}", show(&g));
    }
    println!("  server memory (RSS) after: {:.1} MiB", rss_kib(&child) as f64 / 1024.0);
    drop(child);
    pool.close().await;
}

// ---- Records at scale (issue 26, `QIMING_BENCH_ONLY=records-scale`) ----

/// A sales ledger's shape, ten fields: order number, customer, product (text; number and
/// customer keyword-searched), quantity, unit price, amount (numbers; amount sortable), the
/// order date (sortable, the list's default order, descending), status and region (static
/// selects searched by equality), a remark.
fn ledger_model() -> serde_json::Value {
    use serde_json::json;
    let status = json!([{"id": "a", "fullName": "新建"}, {"id": "b", "fullName": "审核中"}, {"id": "c", "fullName": "已完成"}, {"id": "d", "fullName": "作废"}]);
    let region = json!([{"id": "e", "fullName": "华东"}, {"id": "n", "fullName": "华北"}, {"id": "s", "fullName": "华南"}, {"id": "w", "fullName": "西部"}]);
    let select = |name: &str, label: &str, options: &serde_json::Value| {
        json!({"__vModel__": name, "__config__": {"jnpfKey": "select", "label": label, "dataType": "static"},
               "__slot__": {"options": options}, "options": options, "props": {"props": {"value": "id", "label": "fullName"}}})
    };
    let form = json!({"formRef": "elForm", "formModel": "dataForm", "formRules": "rules", "fields": [
        {"__vModel__": "order_no", "__config__": {"jnpfKey": "comInput", "label": "单号", "required": true}},
        {"__vModel__": "customer", "__config__": {"jnpfKey": "comInput", "label": "客户"}},
        {"__vModel__": "product", "__config__": {"jnpfKey": "comInput", "label": "产品"}},
        {"__vModel__": "quantity", "__config__": {"jnpfKey": "numInput", "label": "数量"}},
        {"__vModel__": "price", "__config__": {"jnpfKey": "numInput", "label": "单价"}, "precision": 2},
        {"__vModel__": "amount", "__config__": {"jnpfKey": "numInput", "label": "金额"}, "precision": 2},
        {"__vModel__": "placed", "__config__": {"jnpfKey": "date", "label": "日期"}, "format": "yyyy-MM-dd"},
        select("status", "状态", &status),
        select("region", "区域", &region),
        {"__vModel__": "remark", "__config__": {"jnpfKey": "textarea", "label": "备注"}}
    ]});
    let columns = json!({"searchList": [
        {"prop": "order_no", "__vModel__": "order_no", "searchType": 2},
        {"prop": "customer", "__vModel__": "customer", "searchType": 2},
        {"prop": "status", "__vModel__": "status", "searchType": 1},
        {"prop": "region", "__vModel__": "region", "searchType": 1}
    ], "columnList": [{"prop": "order_no"}, {"prop": "customer"}, {"prop": "product"}, {"prop": "quantity"}, {"prop": "price"},
        {"prop": "amount", "sortable": true}, {"prop": "placed", "sortable": true}, {"prop": "status"}, {"prop": "region"}],
        "defaultSidx": "placed", "sort": "desc"});
    json!({"fullName": "销售台账（规模）", "enCode": "salesscale", "webType": 2, "formData": form.to_string(), "columnData": columns.to_string()})
}

/// The ledger's columns in the record table, and one generated row's values as SQL of `n`
/// (the same text on both engines): what the bulk path writes.
const LEDGER_COLUMNS: &str = "id, creator, created, modifier, modified, organisation, position, version, order_no, customer, product, quantity, price, amount, placed, status, region, remark";

fn ledger_row_sql(creator: &str, n: &str) -> String {
    format!(
        "'s' || CAST({n} AS TEXT), '{creator}', 1700000000000 + {n} * 1000, NULL, NULL, '', '', 1, \
         'SO-' || CAST({n} AS TEXT), '客户' || CAST({n} % 5000 AS TEXT), '产品' || CAST({n} % 300 AS TEXT), \
         {n} % 50 + 1, ({n} % 997) + 0.5, (({n} % 50 + 1) * (({n} % 997) + 0.5)), \
         1700000000000 + ({n} % 1500) * CAST(86400000 AS BIGINT), substr('abcd', {n} % 4 + 1, 1), substr('ensw', ({n} / 4) % 4 + 1, 1), ''"
    )
}

/// The number of records (`QIMING_BENCH_RECORDS`, default 1,000,000) and seconds per case
/// (`QIMING_BENCH_SECONDS`, default 10).
fn scale_settings() -> (i64, u32) {
    let records = std::env::var("QIMING_BENCH_RECORDS").ok().and_then(|v| v.replace(['_', ','], "").parse().ok()).unwrap_or(1_000_000);
    let seconds = std::env::var("QIMING_BENCH_SECONDS").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
    (records, seconds)
}

/// One engine's figures: (case, wrk's result) and the server's memory.
struct ScaleRun {
    engine: &'static str,
    seeded: String,
    cases: Vec<(String, Option<Wrk>)>,
    rss_mib: f64,
}

async fn records_scale_on_both_engines(dir: &std::path::Path) {
    let mut runs = Vec::new();
    let here = dir.join("scale-sqlite");
    std::fs::create_dir_all(&here).unwrap();
    runs.push(records_scale(&here, None, "SQLite").await);
    let admin_url = std::env::var("QIMING_BENCH_PG_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    match sqlx::AnyPool::connect(&admin_url).await {
        Ok(server_pool) => {
            let name = format!("qiming_bench_scale_{}", std::process::id());
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&server_pool).await.unwrap();
            let url = format!("{}/{name}", admin_url.rsplit_once('/').unwrap().0);
            let here = dir.join("scale-pg");
            std::fs::create_dir_all(&here).unwrap();
            runs.push(records_scale(&here, Some(&url), "PostgreSQL").await);
            tokio::time::sleep(Duration::from_millis(500)).await;
            let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))).execute(&server_pool).await;
        }
        Err(e) => println!("records-scale on PostgreSQL: skipped, no PostgreSQL at {admin_url}: {e}"),
    }
    let (records, seconds) = scale_settings();
    println!();
    println!("Records at scale (issue 26): {records} records of a 10-field sales ledger, wrk -c64 -t2 -d{seconds}s per case");
    for run in &runs {
        println!("  {}: {}", run.engine, run.seeded);
    }
    print!("| Case |");
    for run in &runs {
        print!(" {} |", run.engine);
    }
    println!();
    print!("|---|");
    for _ in &runs {
        print!("---|");
    }
    println!();
    for (i, (case, _)) in runs[0].cases.iter().enumerate() {
        print!("| {case} |");
        for run in &runs {
            match run.cases.get(i).and_then(|(_, w)| w.as_ref()) {
                Some(w) => print!(" {:.0} req/s, p50 {}, p99 {} |", w.per_second, w.p50, w.p99),
                None => print!(" (wrk failed) |"),
            }
        }
        println!();
    }
    print!("| Server memory (RSS) after the cases |");
    for run in &runs {
        print!(" {:.1} MiB |", run.rss_mib);
    }
    println!();
}

/// Seeds the ledger to `QIMING_BENCH_RECORDS` rows and measures the four cases at 64
/// connections. The bulk path (documented in the README): 1,000 records through the API
/// (the engine's own save path: validation, numbering, the stamp), then the rest generated
/// by SQL straight into the model's record table in batches of 100,000 rows
/// (`INSERT … SELECT` over a generated series, the same columns a save writes), then the
/// model's data stamp raised as every writer must, and on PostgreSQL `VACUUM ANALYZE` (what
/// autovacuum does after a bulk load).
async fn records_scale(dir: &std::path::Path, database: Option<&str>, engine: &'static str) -> ScaleRun {
    use futures_util::StreamExt;
    sqlx::any::install_default_drivers();
    let (records, seconds) = scale_settings();
    let env: Vec<(&str, &str)> = database.map(|url| vec![("DATABASE_URL", url)]).unwrap_or_default();
    let (child, base, _) = launch_with(dir, &env).await;
    let url = database.map_or_else(|| format!("sqlite://{}/qiming.db", dir.display()), str::to_string);
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    password_changed(&pool).await;
    let http = client();
    let token = sign_in(&http, &base).await;
    let post = |path: String, body: serde_json::Value| {
        let req = http.post(format!("{base}{path}")).header("Authorization", &token).json(&body);
        async move { req.send().await.unwrap().json::<serde_json::Value>().await.unwrap() }
    };
    let made = post("/api/visualdev/Base".into(), ledger_model()).await;
    let model = made["data"].as_str().unwrap_or_else(|| panic!("model made: {made}")).to_string();
    let released = post(format!("/api/visualdev/Base/{model}/Actions/Release"), serde_json::json!({"pc": 1, "app": 0})).await;
    assert_eq!(released["code"], 200, "{released}");
    let online = format!("/api/visualdev/OnlineDev/{model}");
    let by_api = records.min(1000);
    let started = Instant::now();
    let answers: Vec<serde_json::Value> = futures_util::stream::iter(0..by_api)
        .map(|i| {
            let data = serde_json::json!({"order_no": format!("API-{i}"), "customer": format!("客户{}", i % 5000), "product": "产品1", "quantity": 2,
                "price": 10.5, "amount": 21.0, "placed": 1_700_000_000_000i64 + (i % 1500) * 86_400_000, "status": "a", "region": "e", "remark": ""});
            post(online.clone(), serde_json::json!({"id": "", "data": data.to_string()}))
        })
        .buffer_unordered(16)
        .collect()
        .await;
    let api_took = started.elapsed();
    assert!(answers.iter().all(|a| a["code"] == 200), "a record refused: {:?}", answers.iter().find(|a| a["code"] != 200));
    let table: String = sqlx::query_scalar("SELECT physical FROM base_visual_table WHERE visual_id = $1 AND sub_table = ''").bind(&model).fetch_one(&pool).await.unwrap();
    let creator: String = sqlx::query_scalar("SELECT id FROM base_user WHERE account = 'admin'").fetch_one(&pool).await.unwrap();
    let bulk_started = Instant::now();
    let mut from = 1i64;
    let rest = records - by_api;
    while from <= rest {
        let to = (from + 99_999).min(rest);
        let series = if database.is_some() {
            format!("SELECT n FROM generate_series({from}, {to}) AS n")
        } else {
            format!("WITH RECURSIVE g(n) AS (SELECT {from} UNION ALL SELECT n + 1 FROM g WHERE n < {to}) SELECT n FROM g")
        };
        let values = ledger_row_sql(&creator, "q.n");
        sqlx::query(sqlx::AssertSqlSafe(format!("INSERT INTO {table} ({LEDGER_COLUMNS}) SELECT {values} FROM ({series}) AS q"))).execute(&pool).await.unwrap();
        from = to + 1;
    }
    // Written behind the server's back: its counted totals must be counted again (migration 0030).
    sqlx::query("UPDATE base_visual_stamp SET data_version = data_version + 1 WHERE visual_id = $1").bind(&model).execute(&pool).await.unwrap();
    if database.is_some() {
        sqlx::query(sqlx::AssertSqlSafe(format!("VACUUM ANALYZE {table}"))).execute(&pool).await.unwrap();
    }
    let bulk_took = bulk_started.elapsed();
    let rows: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}"))).fetch_one(&pool).await.unwrap();
    // 2,000 ids spread over the whole table.
    let step = (rows / 2000).max(1);
    let ids: Vec<String> = (0..2000i64.min(rows)).map(|k| format!("s{}", (k * step + 1).min(rest.max(1)))).collect();
    let seeded = format!(
        "{rows} rows: {by_api} through the API in {:.1} s, {} by SQL in {:.1} s",
        api_took.as_secs_f64(),
        rest.max(0),
        bulk_took.as_secs_f64()
    );

    // The four cases, each request chosen at random by the wrk script.
    let pages = (rows / 20).max(1);
    let filtered_pages = (rows / 4 / 20).clamp(1, 50_000);
    let scripts = [
        ("random page of 20 (1…{pages}), by date descending", format!(
            "wrk.method = 'POST'\nwrk.headers['Content-Type'] = 'application/json'\nrequest = function()\n  return wrk.format(nil, '{online}/List', nil, \
             '{{\"currentPage\":' .. math.random(1, {pages}) .. ',\"pageSize\":20,\"sidx\":\"placed\",\"sort\":\"desc\"}}')\nend\n"
        )),
        ("status = one of four (random) + amount descending, random page 1…{filtered_pages}", format!(
            "wrk.method = 'POST'\nwrk.headers['Content-Type'] = 'application/json'\nlocal s = {{'a','b','c','d'}}\nrequest = function()\n  \
             local q = '{{\\\\\"status\\\\\":\\\\\"' .. s[math.random(4)] .. '\\\\\"}}'\n  \
             return wrk.format(nil, '{online}/List', nil, '{{\"currentPage\":' .. math.random(1, {filtered_pages}) .. ',\"pageSize\":20,\"queryJson\":\"' .. q .. '\",\"sidx\":\"amount\",\"sort\":\"desc\"}}')\nend\n"
        )),
        ("keyword (order number or customer contains a random number), first page", format!(
            "wrk.method = 'POST'\nwrk.headers['Content-Type'] = 'application/json'\nrequest = function()\n  \
             return wrk.format(nil, '{online}/List', nil, '{{\"currentPage\":1,\"pageSize\":20,\"keyword\":\"' .. math.random(1, {rows}) .. '\"}}')\nend\n"
        )),
        ("get by id (2,000 ids over the table, at random)", format!(
            "ids = {{{}}}\nrequest = function()\n  return wrk.format('GET', '{online}/' .. ids[math.random(#ids)])\nend\n",
            ids.iter().map(|i| format!("'{i}'")).collect::<Vec<_>>().join(",")
        )),
    ];
    // Each case answers before it is timed.
    let check = post(format!("{online}/List"), serde_json::json!({"currentPage": pages, "pageSize": 20, "sidx": "placed", "sort": "desc"})).await;
    assert_eq!((check["code"].as_i64(), check["data"]["pagination"]["total"].as_i64()), (Some(200), Some(rows)), "the last page: {check}");
    let check = post(format!("{online}/List"), serde_json::json!({"currentPage": 1, "pageSize": 20, "queryJson": "{\"status\":\"b\"}", "sidx": "amount", "sort": "desc"})).await;
    assert_eq!(check["code"], 200, "filter: {check}");
    let check = post(format!("{online}/List"), serde_json::json!({"currentPage": 1, "pageSize": 20, "keyword": "123"})).await;
    assert_eq!(check["code"], 200, "keyword: {check}");
    let one: serde_json::Value = http.get(format!("{base}{online}/{}", ids[ids.len() / 2])).header("Authorization", &token).send().await.unwrap().json().await.unwrap();
    assert_eq!(one["code"], 200, "get by id: {one}");
    let auth = format!("Authorization: {token}");
    let mut cases = Vec::new();
    for (i, (what, script)) in scripts.iter().enumerate() {
        let path = dir.join(format!("scale{i}.lua"));
        std::fs::write(&path, script).unwrap();
        let name = what.replace("{pages}", &pages.to_string()).replace("{filtered_pages}", &filtered_pages.to_string());
        let w = wrk(&base, 64, seconds, Some(&path), &[auth.as_str()]);
        println!("  {engine}: {name}: {}", w.as_ref().map_or_else(|| "(wrk failed)".to_string(), |w| w.to_string()));
        cases.push((name, w));
    }
    let rss_mib = rss_kib(&child) as f64 / 1024.0;
    drop(child);
    pool.close().await;
    ScaleRun { engine, seeded, cases, rss_mib }
}
