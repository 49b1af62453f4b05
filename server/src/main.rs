//! Starts Qiming: configuration, logging, database, seed, then serves until Ctrl-C.
//! `qiming-server openapi` prints the API's OpenAPI document instead (`make api` keeps
//! web/src/api/openapi.json, from which the web's types are generated, in step with it).

use qiming_server::{Config, start};
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    match std::env::args().nth(1).as_deref() {
        None => {}
        Some("openapi") => {
            use std::io::Write;
            let written = std::io::stdout().write_all(qiming_server::document().as_bytes());
            return if written.is_ok() { std::process::ExitCode::SUCCESS } else { std::process::ExitCode::FAILURE };
        }
        Some(command @ ("backup" | "restore")) => return qiming_server::ops::backup::command(command, std::env::args().nth(2)).await,
        Some(other) => {
            eprintln!("unknown command {other:?}: run `qiming-server` to serve, `qiming-server openapi` to print the API document, `qiming-server backup|restore <file>` to back up or restore the data");
            return std::process::ExitCode::FAILURE;
        }
    }
    let config = match Config::load_or_report() {
        Ok(c) => c,
        Err(status) => return status,
    };
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(&config.log));
    // Colours only for a terminal; CI logs and files get plain text.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
    tracing_subscriber::fmt().with_env_filter(filter).with_ansi(ansi).init();
    tracing::info!(config = %config.redacted(), "starting Qiming {}", env!("CARGO_PKG_VERSION"));
    let running = match start(config).await {
        Ok(r) => r,
        Err(e) => {
            tracing::error!("could not start: {e:#}");
            return std::process::ExitCode::FAILURE;
        }
    };
    if let Some(password) = &running.seed.generated_admin_password {
        // Printed once, on the first start only: the hash is all the database keeps.
        println!();
        println!("  ================================================================");
        println!("  管理员账户 (administrator account): admin");
        println!("  初始密码 (initial password):        {password}");
        println!("  首次登录时必须修改 (must be changed at the first sign-in)");
        println!("  ================================================================");
        println!();
    }
    println!("Qiming is listening on http://{}", running.addr);
    tokio::select! {
        r = running.task => match r {
            Ok(Ok(())) => std::process::ExitCode::SUCCESS,
            Ok(Err(e)) => { tracing::error!("server stopped: {e}"); std::process::ExitCode::FAILURE }
            Err(e) => { tracing::error!("server task failed: {e}"); std::process::ExitCode::FAILURE }
        },
        _ = tokio::signal::ctrl_c() => {
            tracing::info!("stopping");
            std::process::ExitCode::SUCCESS
        }
    }
}
