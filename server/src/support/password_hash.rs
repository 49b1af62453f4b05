//! Password storage: argon2id over the MD5 hex the client sends (never the MD5 itself, never
//! the plain text), as a PHC string.
//!
//! Hashing is deliberately slow and memory-hungry, so it runs on a few dedicated threads
//! (one per core), each reusing one memory buffer from hash to hash. A flood of sign-ins
//! then queues instead of taking every core, and memory stays bounded: allocating 19 MiB
//! per hash on the blocking pool let glibc keep freed buffers, and the load benchmark grew
//! the process from 10 MiB to ~580 MiB. The queue is bounded: when it is full a hash is
//! refused at once ([`HashError::Busy`]) rather than making every sign-in wait behind a flood.

use anyhow::anyhow;
use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};

type Job = Box<dyn FnOnce() + Send>;

/// Why a hash or a check did not happen.
#[derive(Debug, thiserror::Error)]
pub enum HashError {
    /// The queue is full: try again shortly.
    #[error("the password hashing queue is full")]
    Busy,
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

#[derive(Clone)]
pub struct Hasher {
    params: Params,
    jobs: mpsc::SyncSender<Job>,
    /// Password checks run so far (verify and verify_decoy).
    checks: Arc<AtomicU64>,
    /// A hash of nothing anyone knows, verified when the account does not exist so that an
    /// unknown account costs the same time as a wrong password.
    decoy: Arc<OnceLock<String>>,
}

thread_local! {
    /// The hashing thread's argon2 memory, grown to the largest cost seen.
    static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// argon2id(`password`, `salt`) under `params`, computed in this thread's reused memory.
fn argon2id(params: &Params, password: &[u8], salt: &[u8]) -> Result<Output, argon2::Error> {
    let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let len = params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN);
    let mut out = [0u8; Output::MAX_LENGTH];
    MEMORY.with_borrow_mut(|blocks| {
        let n = params.block_count();
        if blocks.len() < n {
            blocks.resize(n, Block::new());
        }
        argon.hash_password_into_with_memory(password, salt, &mut out[..len], &mut blocks[..n])
    })?;
    Output::new(&out[..len]).map_err(|_| argon2::Error::OutputTooLong)
}

fn hash_phc(params: &Params, password: &[u8]) -> anyhow::Result<String> {
    let salt = super::random_bytes::<16>();
    let output = argon2id(params, password, &salt).map_err(|e| anyhow!("hashing: {e}"))?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(params).map_err(|e| anyhow!("hash parameters: {e}"))?,
        salt: Some(Salt::new(&salt).map_err(|e| anyhow!("salt: {e}"))?),
        hash: Some(output),
    };
    Ok(phc.to_string())
}

/// Checks `password` against a stored PHC string, with the parameters stored in it.
fn verify_phc(phc: &PasswordHash, password: &[u8]) -> anyhow::Result<bool> {
    if phc.algorithm != Algorithm::Argon2id.ident() || phc.version.is_some_and(|v| v != u32::from(Version::V0x13)) {
        anyhow::bail!("stored hash is not argon2id v19");
    }
    let params = Params::try_from(phc).map_err(|e| anyhow!("stored hash parameters: {e}"))?;
    let (Some(salt), Some(expected)) = (&phc.salt, &phc.hash) else { anyhow::bail!("stored hash has no salt or output") };
    let computed = argon2id(&params, password, salt.as_ref()).map_err(|e| anyhow!("hashing: {e}"))?;
    // Output's equality is constant-time.
    Ok(&computed == expected)
}

/// How much nicer than the rest of the server a hashing thread runs (Linux nice values).
const HASHING_NICENESS: i32 = 10;

/// Lowers the calling thread's scheduling priority (on Linux a nice value is per thread): a
/// flood of sign-ins keeps every core hashing, and at normal priority the async workers that
/// answer everyone else waited behind it (CurrentUser's p99 rose past 60 ms on two cores).
/// Idle cores still go to hashing, so sign-in throughput is unchanged when nothing else runs.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: getpriority and setpriority only read their integer arguments; `0` names the
    // calling thread.
    unsafe {
        let current = libc::getpriority(libc::PRIO_PROCESS, 0);
        let _ = libc::setpriority(libc::PRIO_PROCESS, 0, (current + HASHING_NICENESS).min(19));
    }
}

impl Hasher {
    /// Hashing threads (one per core, at a lower priority) behind a queue of at most `queue` waiting jobs.
    pub fn new(memory_kib: u32, iterations: u32, queue: usize) -> anyhow::Result<Hasher> {
        let params = Params::new(memory_kib, iterations, 1, None)
            .map_err(|e| anyhow!("password hash parameters: {e}"))?;
        let (jobs, waiting) = mpsc::sync_channel::<Job>(queue);
        let queue = Arc::new(Mutex::new(waiting));
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        for i in 0..threads {
            let queue = queue.clone();
            std::thread::Builder::new().name(format!("password-hash-{i}")).spawn(move || {
                lower_priority();
                // Ends when every Hasher (every Sender) is gone.
                while let Ok(job) = queue.lock().map_err(drop).and_then(|q| q.recv().map_err(drop)) {
                    job();
                }
            })?;
        }
        Ok(Hasher { params, jobs, checks: Arc::new(AtomicU64::new(0)), decoy: Arc::new(OnceLock::new()) })
    }

    /// Runs `work` on a hashing thread and waits for its answer; Busy at once when the queue
    /// is full.
    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, HashError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = tx.send(work());
        });
        match self.jobs.try_send(job) {
            Ok(()) => {}
            Err(mpsc::TrySendError::Full(_)) => return Err(HashError::Busy),
            Err(mpsc::TrySendError::Disconnected(_)) => return Err(anyhow!("the password hashing threads have stopped").into()),
        }
        rx.await.map_err(|_| anyhow!("a password hashing thread failed").into())
    }

    /// The PHC string of argon2id(`md5_hex`) with a fresh salt.
    pub async fn hash(&self, md5_hex: &str) -> Result<String, HashError> {
        let (params, input) = (self.params.clone(), md5_hex.to_owned());
        Ok(self.run(move || hash_phc(&params, input.as_bytes())).await??)
    }

    /// True when `md5_hex` matches the stored PHC string.
    pub async fn verify(&self, md5_hex: &str, phc: &str) -> Result<bool, HashError> {
        let parsed = PasswordHash::new(phc).map_err(|e| anyhow!("stored hash unreadable: {e}"))?;
        let input = md5_hex.to_owned();
        let checks = self.checks.clone();
        Ok(self
            .run(move || {
                checks.fetch_add(1, Ordering::Relaxed);
                verify_phc(&parsed, input.as_bytes())
            })
            .await??)
    }

    /// Spends the time of one verification and answers false.
    pub async fn verify_decoy(&self, md5_hex: &str) -> Result<bool, HashError> {
        let decoy = match self.decoy.get() {
            Some(d) => d.clone(),
            None => {
                let d = self.hash(&super::hex(&super::random_bytes::<16>())).await?;
                self.decoy.get_or_init(|| d).clone()
            }
        };
        self.verify(md5_hex, &decoy).await.map(|_| false)
    }

    /// How many password checks have run (the sign-in tests count them).
    pub fn checks(&self) -> u64 {
        self.checks.load(Ordering::Relaxed)
    }
}

/// A random initial password: 16 characters with upper and lower case, digits and a
/// symbol, so that it satisfies any password policy the administrator may set later.
pub fn generate_initial() -> String {
    const UPPER: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
    const LOWER: &[u8] = b"abcdefghijkmnopqrstuvwxyz";
    const DIGIT: &[u8] = b"23456789";
    const SYMBOL: &[u8] = b"@#%+=";
    let bytes = super::random_bytes::<16>();
    let sets = [UPPER, LOWER, DIGIT, SYMBOL];
    bytes
        .iter()
        .enumerate()
        .map(|(i, b)| {
            // The first four positions cover every class; the rest draw from letters/digits.
            let set = if i < 4 { sets[i] } else { sets[(*b as usize >> 6) % 3] };
            set[*b as usize % set.len()] as char
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    // A flood of sign-ins must leave room for everyone else: the hashing threads run nicer
    // than the server's other threads.
    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn hashing_threads_run_at_a_lower_priority() {
        let h = Hasher::new(256, 1, 8).unwrap();
        // SAFETY: getpriority only reads its integer arguments; `0` names the calling thread.
        let nice = h.run(|| unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) }).await.unwrap();
        let ours = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
        assert_eq!(nice, (ours + HASHING_NICENESS).min(19));
    }

    #[tokio::test]
    async fn hash_and_verify() {
        let h = Hasher::new(256, 1, 8).unwrap();
        let md5 = qiming_core::md5_hex(b"123456");
        let phc = h.hash(&md5).await.unwrap();
        assert!(phc.starts_with("$argon2id$"));
        assert!(!phc.contains(&md5));
        assert!(h.verify(&md5, &phc).await.unwrap());
        assert!(!h.verify(&qiming_core::md5_hex(b"1234567"), &phc).await.unwrap());
        assert!(!h.verify_decoy(&md5).await.unwrap());
    }

    /// Our PHC strings are standard: the argon2 crate's own verifier accepts them, and we
    /// accept its (with other costs, read from the string).
    #[tokio::test]
    async fn standard_phc_both_ways() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let h = Hasher::new(256, 1, 8).unwrap();
        let ours = h.hash("secret").await.unwrap();
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(Argon2::default().verify_password(b"secret", &parsed).is_ok());
        let theirs = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(512, 2, 1, None).unwrap())
            .hash_password(b"secret")
            .unwrap()
            .to_string();
        assert!(h.verify("secret", &theirs).await.unwrap());
        assert!(!h.verify("Secret", &theirs).await.unwrap());
        assert!(h.verify("secret", "not a hash").await.is_err());
    }

    /// A full queue refuses at once instead of waiting.
    #[tokio::test]
    async fn a_full_queue_answers_busy() {
        let h = Hasher::new(64 * 1024, 4, 1).unwrap();
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        let tasks: Vec<_> = (0..threads + 6).map(|i| { let h = h.clone(); tokio::spawn(async move { h.hash(&i.to_string()).await }) }).collect();
        let mut busy = 0;
        for t in tasks {
            if matches!(t.await.unwrap(), Err(HashError::Busy)) {
                busy += 1;
            }
        }
        assert!(busy >= 4, "{busy} of {} refused", threads + 6);
    }

    #[test]
    fn initial_passwords_are_strong() {
        let p = generate_initial();
        assert_eq!(p.chars().count(), 16);
        let policy = qiming_core::password::PasswordPolicy {
            password_strength_limit: 1,
            password_length_min: 1,
            password_length_min_number: 12,
            contains_numbers: 1,
            include_lowercase_letters: 1,
            include_uppercase_letters: 1,
            contains_characters: 1,
            mandatory_modification_of_initial_password: 1,
        };
        assert!(qiming_core::password::check_password(&policy, &p).is_empty(), "{p}");
    }
}
