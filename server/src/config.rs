//! Configuration: built-in defaults, then an optional `qiming.toml` (in the working directory,
//! or wherever `QIMING_CONFIG` points), then `QIMING_*` environment variables and
//! `DATABASE_URL`. Later sources win.

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Listen address (`QIMING_ADDR`).
    pub addr: SocketAddr,
    /// Where the SQLite file (and later uploaded files) live (`QIMING_DATA_DIR`).
    pub data_dir: PathBuf,
    /// `sqlite://…` or `postgres://…` (`DATABASE_URL`); empty means `<data_dir>/qiming.db`.
    pub database_url: String,
    /// Serve the web app from this directory (`QIMING_WEB_DIR`, e.g. `web/dist` while
    /// developing) instead of the copy built into the binary.
    pub web_dir: Option<PathBuf>,
    /// The administrator's initial password on first start (`QIMING_ADMIN_PASSWORD`); when
    /// empty a random one is generated and printed once.
    pub admin_password: String,
    /// A session unused for this long expires (code 600) (`QIMING_SESSION_IDLE`, e.g. `2h`).
    #[serde(with = "humantime_serde")]
    pub session_idle: Duration,
    /// A session expires this long after sign-in, used or not (`QIMING_SESSION_LIFETIME`).
    #[serde(with = "humantime_serde")]
    pub session_lifetime: Duration,
    /// Serve the original JNPF 3.4.7 web client too (`QIMING_JNPF_CLIENTS`, default on): accept
    /// its password changes, which carry only the MD5 of the new password, so the strength
    /// policy cannot be checked for them (Qiming's own client always sends what is checked).
    pub jnpf_clients: bool,
    /// Behind a reverse proxy: take the client address from `X-Forwarded-For` — the entry the
    /// proxy added, the right-most one (a client can write anything to the left of it).
    pub trust_forwarded_for: bool,
    /// The addresses of the trusted reverse proxies (`QIMING_TRUSTED_PROXIES=["10.0.0.2"]`).
    /// When given, `X-Forwarded-For` counts only on connections from them, and the client is
    /// the right-most entry that is not one of them (for chains of proxies).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Failed sign-ins from one address before that address is refused for the lock time.
    pub login_address_max_failures: u32,
    /// argon2id cost; the PHC string stores it, so changing it never breaks stored hashes.
    pub password_hash_memory_kib: u32,
    pub password_hash_iterations: u32,
    /// Password checks that may wait for a hashing thread; beyond them a sign-in is answered
    /// "busy" at once (`QIMING_PASSWORD_HASH_QUEUE`).
    pub password_hash_queue: usize,
    /// Open connections at most (`QIMING_MAX_CONNECTIONS`; also bounded by the file limit).
    pub max_connections: usize,
    /// How long a client may take to send a request's headers, and how long an idle
    /// keep-alive connection is kept (`QIMING_HEADER_READ_TIMEOUT`).
    #[serde(with = "humantime_serde")]
    pub header_read_timeout: Duration,
    /// How long a request may take, its body included (`QIMING_REQUEST_TIMEOUT`).
    #[serde(with = "humantime_serde")]
    pub request_timeout: Duration,
    /// The slowest a request body may arrive once its grace period is over, in bytes per
    /// second on average since the headers (`QIMING_BODY_MIN_RATE`; 0: no minimum).
    pub body_min_rate: u64,
    /// How long a request body may take before the minimum rate counts (`QIMING_BODY_GRACE`).
    #[serde(with = "humantime_serde")]
    pub body_grace: Duration,
    /// How long one data-interface SQL statement may run before it is stopped
    /// (`QIMING_INTERFACE_SQL_TIMEOUT`).
    #[serde(with = "humantime_serde")]
    pub interface_sql_timeout: Duration,
    /// Hosts (names or addresses) HTTP data interfaces may call although they are internal —
    /// loopback, private or link-local (`QIMING_HTTP_INTERFACE_ALLOWED_HOSTS`,
    /// `'["10.0.0.5","his.hospital.local"]'`).
    pub http_interface_allowed_hosts: Vec<String>,
    /// The largest answer an HTTP data interface may give, in MB (`QIMING_HTTP_INTERFACE_MAX_MB`).
    pub http_interface_max_mb: u64,
    /// Data-interface SQL statements that may run at once, on connections of their own
    /// (`QIMING_INTERFACE_SQL_CONNECTIONS`).
    pub interface_sql_connections: u32,
    /// Login-log rows older than this are dropped (`QIMING_LOGIN_LOG_RETENTION`, e.g.
    /// `180days`; `0s` keeps them for ever).
    #[serde(with = "humantime_serde")]
    pub login_log_retention: Duration,
    /// Request-log rows (system log category 5: one per API call of a signed-in user) older
    /// than this are dropped (`QIMING_REQUEST_LOG_RETENTION`, default `30days`; `0s` keeps
    /// them as long as `login_log_retention` does).
    #[serde(with = "humantime_serde")]
    pub request_log_retention: Duration,
    /// The request log keeps at most this many rows, the newest (`QIMING_REQUEST_LOG_MAX_ROWS`,
    /// default 2,000,000 — about 0.8 GB on SQLite; `0`: no limit).
    pub request_log_max_rows: u64,
    /// The memory the answers of record lists are kept in, in MB (`QIMING_RECORD_ANSWER_CACHE_MB`,
    /// default 32; `0` keeps none): a byte budget, whatever the number of distinct queries.
    pub record_answer_cache_mb: u64,
    /// How often old rows are trimmed (`QIMING_HOUSEKEEPING_INTERVAL`).
    #[serde(with = "humantime_serde")]
    pub housekeeping_interval: Duration,
    /// Log filter in `RUST_LOG` syntax (`QIMING_LOG`); `RUST_LOG` itself wins when set.
    pub log: String,
    /// The local time's offset from UTC in minutes (`QIMING_UTC_OFFSET_MINUTES`, default 480,
    /// China Standard Time): the calendar day a serial number's date part shows.
    pub utc_offset_minutes: i32,
    /// Seed the streets (乡镇街道, 41,352 rows) below the districts on the first start
    /// (`QIMING_SEED_STREETS`, default true). Off, only provinces, cities and districts are
    /// seeded, and a later start with it on adds the streets.
    pub seed_streets: bool,
    /// DingTalk's open API (`QIMING_DINGTALK_BASE_URL`, default https://oapi.dingtalk.com):
    /// the connection test and the organisation/user sync call it (http:// or https://).
    pub dingtalk_base_url: String,
    /// WeCom's (企业微信) API (`QIMING_WECOM_BASE_URL`, default https://qyapi.weixin.qq.com).
    pub wecom_base_url: String,
    /// PEM certificates the outgoing HTTPS calls trust besides the system's roots
    /// (`QIMING_EXTRA_CA_FILE`): a company CA in front of the data interfaces' services, or a
    /// test's self-signed server.
    pub extra_ca_file: Option<PathBuf>,
    /// Where uploaded files live (`QIMING_FILE_STORE`): `local`, the disk under
    /// `<data dir>/files`, or `s3`, the store of the `s3_*` settings (server/README.md \"Files\").
    pub file_store: String,
    /// The S3-compatible store of `QIMING_FILE_STORE=s3`: its address (`QIMING_S3_ENDPOINT`,
    /// `https://…` or, on a local network, `http://…`), bucket, region and key pair
    /// (`QIMING_S3_BUCKET`, `QIMING_S3_REGION`, `QIMING_S3_ACCESS_KEY_ID`,
    /// `QIMING_S3_SECRET_ACCESS_KEY`).
    pub s3_endpoint: String,
    pub s3_bucket: String,
    pub s3_region: String,
    pub s3_access_key_id: String,
    pub s3_secret_access_key: String,
    /// The largest file one upload request takes, in MB (`QIMING_UPLOAD_MAX_MB`, default 100).
    pub upload_max_mb: u64,
    /// The largest file the chunked upload takes, in MB (`QIMING_CHUNKED_UPLOAD_MAX_MB`,
    /// default 4096): chunks are stored as they come and merged without holding the file.
    pub chunked_upload_max_mb: u64,
    /// How much one user may keep uploaded, in MB (`QIMING_UPLOAD_QUOTA_MB`, default 10240;
    /// 0 = no quota). Counted by what each user uploaded (a file stored once for two users
    /// counts for both).
    pub upload_quota_mb: u64,
    /// Uploaded files that no record holds (an avatar, a signature, a form's attachment …)
    /// are removed by housekeeping once they are this old, and so are chunk folders of
    /// chunked uploads left unfinished this long (`QIMING_FILE_ORPHAN_AGE`, default `7days`;
    /// `0s` keeps them for ever).
    #[serde(with = "humantime_serde")]
    pub file_orphan_age: Duration,
    /// The token a Prometheus scraper sends as `Authorization: Bearer …` to read `/metrics`
    /// (`QIMING_METRICS_TOKEN`); empty, `/metrics` answers 404.
    pub metrics_token: String,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("data"),
            database_url: String::new(),
            web_dir: None,
            admin_password: String::new(),
            session_idle: Duration::from_secs(2 * 3600),
            session_lifetime: Duration::from_secs(24 * 3600),
            jnpf_clients: true,
            trust_forwarded_for: false,
            trusted_proxies: Vec::new(),
            login_address_max_failures: 20,
            // OWASP's recommended argon2id minimum (19 MiB, 2 passes).
            password_hash_memory_kib: 19 * 1024,
            password_hash_iterations: 2,
            password_hash_queue: 32,
            max_connections: 10_000,
            header_read_timeout: Duration::from_secs(20),
            request_timeout: Duration::from_secs(120),
            body_min_rate: 1024,
            body_grace: Duration::from_secs(10),
            interface_sql_timeout: Duration::from_secs(10),
            interface_sql_connections: 2,
            http_interface_allowed_hosts: Vec::new(),
            http_interface_max_mb: 10,
            login_log_retention: Duration::from_secs(180 * 24 * 3600),
            request_log_retention: Duration::from_secs(30 * 24 * 3600),
            request_log_max_rows: 2_000_000,
            record_answer_cache_mb: 32,
            housekeeping_interval: Duration::from_secs(3600),
            log: "info".into(),
            utc_offset_minutes: qiming_core::date::DEFAULT_UTC_OFFSET_MINUTES,
            seed_streets: true,
            dingtalk_base_url: "https://oapi.dingtalk.com".into(),
            wecom_base_url: "https://qyapi.weixin.qq.com".into(),
            extra_ca_file: None,
            file_store: "local".into(),
            s3_endpoint: String::new(),
            s3_bucket: String::new(),
            s3_region: String::new(),
            s3_access_key_id: String::new(),
            s3_secret_access_key: String::new(),
            upload_max_mb: 100,
            chunked_upload_max_mb: 4096,
            upload_quota_mb: 10240,
            file_orphan_age: Duration::from_secs(7 * 24 * 3600),
            metrics_token: String::new(),
        }
    }
}

impl Config {
    /// `load` for a command line: a configuration error is printed (in Chinese and English)
    /// and the process's exit status comes back instead.
    pub fn load_or_report() -> Result<Config, std::process::ExitCode> {
        Config::load().map_err(|e| {
            eprintln!("配置错误 (configuration error): {e}");
            std::process::ExitCode::FAILURE
        })
    }

    /// Reads defaults → qiming.toml → environment.
    pub fn load() -> Result<Config, Box<figment::Error>> {
        let file = std::env::var("QIMING_CONFIG").unwrap_or_else(|_| "qiming.toml".into());
        let mut config: Config = Figment::from(Serialized::defaults(Config::default()))
            .merge(Toml::file(file))
            .merge(Env::prefixed("QIMING_").ignore(&["CONFIG", "ADMIN_PASSWORD", "S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "METRICS_TOKEN"]))
            .extract()
            .map_err(Box::new)?;
        // Taken verbatim: figment would read a password like 123456 or [x] as a number or
        // an array, and a URL has no reason to go through its parser either.
        if let Ok(p) = std::env::var("QIMING_ADMIN_PASSWORD") {
            config.admin_password = p;
        }
        if let Ok(url) = std::env::var("DATABASE_URL") {
            config.database_url = url;
        }
        // The S3 settings verbatim too: a key or bucket of digits is still a string.
        for (name, field) in [
            ("QIMING_S3_ENDPOINT", &mut config.s3_endpoint),
            ("QIMING_S3_BUCKET", &mut config.s3_bucket),
            ("QIMING_S3_REGION", &mut config.s3_region),
            ("QIMING_S3_ACCESS_KEY_ID", &mut config.s3_access_key_id),
            ("QIMING_S3_SECRET_ACCESS_KEY", &mut config.s3_secret_access_key),
            ("QIMING_METRICS_TOKEN", &mut config.metrics_token),
        ] {
            if let Ok(v) = std::env::var(name) {
                *field = v;
            }
        }
        Ok(config)
    }

    /// The effective database URL: `DATABASE_URL`, else the SQLite file in the data dir.
    pub fn database_url(&self) -> String {
        if self.database_url.trim().is_empty() {
            format!("sqlite://{}?mode=rwc", self.data_dir.join("qiming.db").display())
        } else {
            self.database_url.trim().to_string()
        }
    }

    /// The configuration as it may be printed: passwords replaced by `***`.
    pub fn redacted(&self) -> String {
        let secret = |s: &str| if s.is_empty() { "(not set)" } else { "***" };
        format!(
            "addr={} data_dir={} database_url={} web_dir={} admin_password={} session_idle={} \
             session_lifetime={} jnpf_clients={} trust_forwarded_for={} trusted_proxies={:?} login_address_max_failures={} \
             password_hash_memory_kib={} password_hash_iterations={} password_hash_queue={} \
             max_connections={} header_read_timeout={} request_timeout={} body_min_rate={} body_grace={} interface_sql_timeout={} interface_sql_connections={} http_interface_allowed_hosts={:?} http_interface_max_mb={} login_log_retention={} \
             request_log_retention={} request_log_max_rows={} record_answer_cache_mb={} housekeeping_interval={} log={} utc_offset_minutes={} seed_streets={} dingtalk_base_url={} \
             wecom_base_url={} extra_ca_file={} file_store={} s3_endpoint={} s3_bucket={} s3_region={} \
             s3_access_key_id={} s3_secret_access_key={} upload_max_mb={} chunked_upload_max_mb={} upload_quota_mb={} \
             file_orphan_age={} metrics_token={}",
            self.addr,
            self.data_dir.display(),
            redact_url(&self.database_url()),
            self.web_dir.as_deref().map_or_else(|| "(built in)".to_string(), |d| d.display().to_string()),
            secret(&self.admin_password),
            humantime::format_duration(self.session_idle),
            humantime::format_duration(self.session_lifetime),
            self.jnpf_clients,
            self.trust_forwarded_for,
            self.trusted_proxies,
            self.login_address_max_failures,
            self.password_hash_memory_kib,
            self.password_hash_iterations,
            self.password_hash_queue,
            self.max_connections,
            humantime::format_duration(self.header_read_timeout),
            humantime::format_duration(self.request_timeout),
            self.body_min_rate,
            humantime::format_duration(self.body_grace),
            humantime::format_duration(self.interface_sql_timeout),
            self.interface_sql_connections,
            self.http_interface_allowed_hosts,
            self.http_interface_max_mb,
            humantime::format_duration(self.login_log_retention),
            humantime::format_duration(self.request_log_retention),
            self.request_log_max_rows,
            self.record_answer_cache_mb,
            humantime::format_duration(self.housekeeping_interval),
            self.log,
            self.utc_offset_minutes,
            self.seed_streets,
            self.dingtalk_base_url,
            self.wecom_base_url,
            self.extra_ca_file.as_deref().map_or_else(|| "(none)".to_string(), |f| f.display().to_string()),
            self.file_store,
            self.s3_endpoint,
            self.s3_bucket,
            self.s3_region,
            self.s3_access_key_id,
            secret(&self.s3_secret_access_key),
            self.upload_max_mb,
            self.chunked_upload_max_mb,
            self.upload_quota_mb,
            humantime::format_duration(self.file_orphan_age),
            secret(&self.metrics_token),
        )
    }
}

/// `postgres://user:pw@host/db` → `postgres://user:***@host/db`.
fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let Some((userinfo, host)) = rest.split_once('@') else { return url.to_string() };
    match userinfo.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_printed() {
        let c = Config {
            database_url: "postgres://qiming:s3cret@db:5432/qiming".into(),
            admin_password: "Admin123".into(),
            metrics_token: "scrape-me".into(),
            ..Config::default()
        };
        let s = c.redacted();
        assert!(!s.contains("s3cret") && !s.contains("Admin123") && !s.contains("scrape-me"), "{s}");
        assert!(s.contains("postgres://qiming:***@db:5432/qiming"));
    }

    #[test]
    fn default_database_is_sqlite_in_data_dir() {
        assert_eq!(Config::default().database_url(), "sqlite://data/qiming.db?mode=rwc");
    }
}
