//! `qiming-server backup <file>` and `qiming-server restore <file>`.
//!
//! SQLite: the backup is one tar archive holding `qiming-backup.json` (what it is),
//! `qiming.db` — a consistent copy taken with `VACUUM INTO` while the server keeps running
//! (a read transaction: writers go on, the copy is the database as of one commit) — and
//! `files/…`, the local file store, copied after the database so that every file the copy
//! refers to is in it (files are only deleted once unreferenced for `QIMING_FILE_ORPHAN_AGE`).
//! The archive is written beside the target as `<file>.partial` and renamed when complete.
//!
//! Restore (server stopped): whatever database and file store the data directory holds are
//! moved aside to `<data dir>/before-restore-<time>/`, never deleted; then the archive is
//! unpacked and the database checked. The next start migrates it if it came from an older
//! release.
//!
//! PostgreSQL: the database's own tools do it better (`pg_dump`/`pg_restore`); both commands
//! print the recipe ([`POSTGRES_RECIPE`]) and exit with status 2.

use crate::config::Config;
use anyhow::{Context, bail};
use sqlx::Connection;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// What the commands say for a PostgreSQL database (also in server/README.md).
pub const POSTGRES_RECIPE: &str = "\
DATABASE_URL is a PostgreSQL database: back it up with PostgreSQL's own tools, which take a consistent copy while Qiming runs:

    pg_dump --format=custom --file=qiming.dump \"$DATABASE_URL\"

and restore it (Qiming stopped) into an empty database with

    createdb qiming && pg_restore --no-owner --dbname=\"$DATABASE_URL\" qiming.dump

Back up the file store separately: <data dir>/files (QIMING_FILE_STORE=local), or the S3 bucket with the store's own tools.";

const MANIFEST: &str = "qiming-backup.json";
const DATABASE: &str = "qiming.db";
const FILES: &str = "files";

/// What a backup or restore did.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub database_bytes: u64,
    pub files: u64,
    pub file_bytes: u64,
    /// Restore: where the data that was there before went.
    pub moved_aside: Option<PathBuf>,
}

/// A command failed because the database is PostgreSQL (exit status 2, the recipe printed).
#[derive(Debug)]
pub struct UsePgDump;

impl std::fmt::Display for UsePgDump {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(POSTGRES_RECIPE)
    }
}

impl std::error::Error for UsePgDump {}

/// The SQLite file of a `sqlite:` URL.
fn sqlite_file(url: &str) -> anyhow::Result<PathBuf> {
    if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        return Err(UsePgDump.into());
    }
    let Some(rest) = url.strip_prefix("sqlite:") else { bail!("DATABASE_URL must start with sqlite:// or postgres://") };
    let path = rest.trim_start_matches("//").split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        bail!("DATABASE_URL names no database file");
    }
    Ok(PathBuf::from(path))
}

/// A string as an SQL literal.
fn literal(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// Writes the backup archive to `out` (see the module's documentation).
pub async fn backup(config: &Config, out: &Path) -> anyhow::Result<Summary> {
    let url = config.database_url();
    let db_file = sqlite_file(&url)?;
    if !db_file.exists() {
        bail!("there is no database at {}", db_file.display());
    }
    let partial = with_suffix(out, ".partial");
    let staged = with_suffix(out, ".partial.db");
    let _ = std::fs::remove_file(&staged);
    // The copy: a read transaction over one commit; the server's writers keep going.
    {
        let options = <sqlx::sqlite::SqliteConnectOptions as std::str::FromStr>::from_str(&url)?
            .create_if_missing(false)
            .busy_timeout(std::time::Duration::from_secs(30));
        let mut conn = sqlx::SqliteConnection::connect_with(&options).await.context("opening the database")?;
        let target = staged.to_str().context("the backup's path is not UTF-8")?;
        sqlx::query(sqlx::AssertSqlSafe(format!("VACUUM INTO {}", literal(target))))
            .execute(&mut conn)
            .await
            .context("copying the database (VACUUM INTO)")?;
        conn.close().await.ok();
    }
    let files_dir = (config.file_store.is_empty() || config.file_store == "local").then(|| config.data_dir.join(FILES));
    let out_path = out.to_path_buf();
    let written = tokio::task::spawn_blocking(move || -> anyhow::Result<Summary> {
        let result = write_archive(&partial, &staged, files_dir.as_deref());
        let _ = std::fs::remove_file(&staged);
        match result {
            Ok(summary) => {
                std::fs::rename(&partial, &out_path).with_context(|| format!("renaming to {}", out_path.display()))?;
                Ok(summary)
            }
            Err(e) => {
                let _ = std::fs::remove_file(&partial);
                Err(e)
            }
        }
    })
    .await??;
    Ok(written)
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

fn write_archive(partial: &Path, db_copy: &Path, files_dir: Option<&Path>) -> anyhow::Result<Summary> {
    let file = std::fs::File::create(partial).with_context(|| format!("creating {}", partial.display()))?;
    let mut tar = tar::Builder::new(std::io::BufWriter::new(file));
    let mut summary = Summary::default();
    let manifest = serde_json::json!({
        "format": 1,
        "engine": "sqlite",
        "qimingVersion": env!("CARGO_PKG_VERSION"),
        "migrations": crate::db::MIGRATOR.iter().map(|m| m.version).max(),
        "createdAt": std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0),
    })
    .to_string();
    append_bytes(&mut tar, MANIFEST, manifest.as_bytes())?;
    summary.database_bytes = std::fs::metadata(db_copy)?.len();
    tar.append_path_with_name(db_copy, DATABASE).context("adding the database")?;
    if let Some(dir) = files_dir.filter(|d| d.is_dir()) {
        add_tree(&mut tar, dir, Path::new(FILES), &mut summary)?;
    }
    let mut inner = tar.into_inner().context("finishing the archive")?;
    inner.flush()?;
    inner.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    Ok(summary)
}

fn append_bytes<W: Write>(tar: &mut tar::Builder<W>, name: &str, bytes: &[u8]) -> anyhow::Result<()> {
    let mut header = tar::Header::new_gnu();
    header.set_size(bytes.len() as u64);
    header.set_mode(0o600);
    header.set_cksum();
    tar.append_data(&mut header, name, bytes)?;
    Ok(())
}

/// Adds the files under `dir` as `name/…`. A file is read as long as it was when listed (a
/// file being written meanwhile — an upload's staging file — cannot break the archive);
/// the local store's staging files (`…#n`) are left out.
fn add_tree<W: Write>(tar: &mut tar::Builder<W>, dir: &Path, name: &Path, summary: &mut Summary) -> anyhow::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let file_name = entry.file_name();
        let path = entry.path();
        let inner = name.join(&file_name);
        let kind = entry.file_type()?;
        if kind.is_dir() {
            add_tree(tar, &path, &inner, summary)?;
        } else if kind.is_file() {
            if file_name.to_string_lossy().contains('#') {
                continue;
            }
            let file = match std::fs::File::open(&path) {
                Ok(f) => f,
                // Removed since it was listed (housekeeping, a finished chunked upload).
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
            };
            let size = file.metadata()?.len();
            let mut header = tar::Header::new_gnu();
            header.set_size(size);
            header.set_mode(0o600);
            header.set_cksum();
            // Exactly `size` bytes whatever happens to the file meanwhile.
            let body = file.take(size).chain(std::io::repeat(0)).take(size);
            tar.append_data(&mut header, &inner, body).with_context(|| format!("adding {}", path.display()))?;
            summary.files += 1;
            summary.file_bytes += size;
        }
    }
    Ok(())
}

/// Restores the archive `from` into the configured data directory (see the module's
/// documentation). The server must be stopped.
pub async fn restore(config: &Config, from: &Path) -> anyhow::Result<Summary> {
    let url = config.database_url();
    let db_file = sqlite_file(&url)?;
    let data_dir = config.data_dir.clone();
    let from = from.to_path_buf();
    let local_files = config.file_store.is_empty() || config.file_store == "local";
    let target = db_file.clone();
    let summary = tokio::task::spawn_blocking(move || unpack(&from, &target, &data_dir, local_files)).await??;
    // The restored copy must open and be whole before it is called restored.
    let options = <sqlx::sqlite::SqliteConnectOptions as std::str::FromStr>::from_str(&url)?.create_if_missing(false);
    let mut conn = sqlx::SqliteConnection::connect_with(&options).await.context("opening the restored database")?;
    let check: String = sqlx::query_scalar("PRAGMA quick_check").fetch_one(&mut conn).await?;
    conn.close().await.ok();
    if check != "ok" {
        bail!("the restored database is damaged: {check}");
    }
    Ok(summary)
}

fn unpack(from: &Path, db_file: &Path, data_dir: &Path, local_files: bool) -> anyhow::Result<Summary> {
    let open = || std::fs::File::open(from).with_context(|| format!("opening {}", from.display()));
    // First pass: is it a Qiming backup with a database?
    let mut names = Vec::new();
    for entry in tar::Archive::new(open()?).entries()? {
        names.push(entry?.path()?.to_string_lossy().into_owned());
    }
    if !names.iter().any(|n| n == MANIFEST) || !names.iter().any(|n| n == DATABASE) {
        bail!("{} is not a Qiming backup (no {MANIFEST} and {DATABASE} in it)", from.display());
    }
    let mut summary = Summary::default();
    // What is there now goes aside.
    let files_dir = data_dir.join(FILES);
    let sidecars = [with_suffix(db_file, "-wal"), with_suffix(db_file, "-shm")];
    let occupied = db_file.exists() || (local_files && files_dir.exists() && std::fs::read_dir(&files_dir)?.next().is_some());
    if occupied {
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        let aside = data_dir.join(format!("before-restore-{stamp}"));
        std::fs::create_dir_all(&aside)?;
        for path in std::iter::once(db_file.to_path_buf()).chain(sidecars.iter().cloned()) {
            if path.exists() {
                std::fs::rename(&path, aside.join(path.file_name().unwrap_or_default()))
                    .with_context(|| format!("moving {} aside", path.display()))?;
            }
        }
        if local_files && files_dir.exists() {
            std::fs::rename(&files_dir, aside.join(FILES)).context("moving the file store aside")?;
        }
        summary.moved_aside = Some(aside);
    }
    for path in &sidecars {
        let _ = std::fs::remove_file(path);
    }
    if let Some(parent) = db_file.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::create_dir_all(data_dir)?;
    for entry in tar::Archive::new(open()?).entries()? {
        let mut entry = entry?;
        let name = entry.path()?.to_string_lossy().into_owned();
        if name == DATABASE {
            let staged = with_suffix(db_file, ".restoring");
            entry.unpack(&staged).context("writing the database")?;
            summary.database_bytes = std::fs::metadata(&staged)?.len();
            std::fs::rename(&staged, db_file)?;
        } else if name.starts_with("files/") && local_files {
            if entry.header().entry_type().is_file() {
                summary.files += 1;
                summary.file_bytes += entry.header().size()?;
            }
            // unpack_in refuses paths that would leave the data directory.
            if !entry.unpack_in(data_dir)? {
                bail!("the archive names a path outside the data directory: {name}");
            }
        }
    }
    Ok(summary)
}

/// `qiming-server backup|restore <file>`: runs the command, prints what it did; the process's
/// exit status (2 for a PostgreSQL database, with the pg_dump recipe).
pub async fn command(name: &str, file: Option<String>) -> std::process::ExitCode {
    let Some(file) = file else {
        eprintln!("usage: qiming-server {name} <file>");
        return std::process::ExitCode::FAILURE;
    };
    let config = match Config::load_or_report() {
        Ok(c) => c,
        Err(status) => return status,
    };
    let file = PathBuf::from(file);
    let done = if name == "backup" { backup(&config, &file).await } else { restore(&config, &file).await };
    match done {
        Ok(s) => {
            let verb = if name == "backup" { "backed up to" } else { "restored from" };
            println!(
                "{verb} {}: database {} bytes, {} files ({} bytes)",
                file.display(),
                s.database_bytes,
                s.files,
                s.file_bytes
            );
            if let Some(aside) = s.moved_aside {
                println!("the data that was there before is in {}", aside.display());
            }
            std::process::ExitCode::SUCCESS
        }
        Err(e) if e.is::<UsePgDump>() => {
            eprintln!("{POSTGRES_RECIPE}");
            std::process::ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("{name} failed: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
