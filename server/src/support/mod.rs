//! Helpers every area uses and none owns: ids, random bytes, hex, the clock, password hashing,
//! the administration forms' shared checks, trees from flat rows, the client of outgoing HTTP
//! calls.

pub mod cache;
pub mod clock;
pub mod excel;
pub mod forms;
pub mod http;
pub mod password_hash;
pub mod tree;

pub use clock::Clock;

use std::sync::atomic::{AtomicU64, Ordering};

/// `N` bytes from the operating system's CSPRNG.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).expect("the operating system's random source is unavailable");
    b
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// A JNPF-style id: an 18–19 digit decimal string, time-ordered. Milliseconds since 2020
/// in the high bits, then a per-process random part; ids of one process are strictly
/// increasing (so never equal), and two processes collide only if they share the random
/// part and the millisecond. Uses the system time, not the application clock: an id only
/// needs to be unique and roughly ordered.
pub fn new_id() -> String {
    static LAST: AtomicU64 = AtomicU64::new(0);
    static PROCESS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let process = *PROCESS.get_or_init(|| u64::from_le_bytes(random_bytes::<8>()) & 0x3ff);
    let ms = (clock::system_now_ms() - 1_577_836_800_000).max(0) as u64;
    let candidate = (ms << 22) | (process << 12);
    let mut last = LAST.load(Ordering::Relaxed);
    let id = loop {
        let next = candidate.max(last + 1);
        match LAST.compare_exchange_weak(last, next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => break next,
            Err(seen) => last = seen,
        }
    };
    // Keep the id ≥ 10^17 so every id has at least 18 digits.
    (100_000_000_000_000_000u64 + id).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_jnpf_shaped_and_unique() {
        let ids: std::collections::BTreeSet<String> = (0..10_000).map(|_| new_id()).collect();
        assert_eq!(ids.len(), 10_000);
        assert!(ids.iter().all(|i| (18..=19).contains(&i.len()) && i.bytes().all(|b| b.is_ascii_digit())));
    }

    #[test]
    fn hex_is_lower_case() {
        assert_eq!(hex(&[0x00, 0xab, 0x7f]), "00ab7f");
    }
}
