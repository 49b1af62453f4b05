//! The application's clock. Every rule that depends on time (session expiry, sign-in locks,
//! captcha lifetime, the login log) reads it from the application state, so tests move time
//! forward instead of sleeping.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Now as epoch milliseconds (JNPF's wire unit), straight from the system.
pub fn system_now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// The system time, or (in tests) the system time plus an offset that only grows.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset_ms: Option<Arc<AtomicI64>>,
}

impl Clock {
    /// The real time; [`Clock::advance`] is refused.
    pub fn system() -> Clock {
        Clock { offset_ms: None }
    }

    /// A clock that starts at the real time and can be moved forward.
    pub fn adjustable() -> Clock {
        Clock { offset_ms: Some(Arc::new(AtomicI64::new(0))) }
    }

    pub fn now_ms(&self) -> i64 {
        system_now_ms() + self.offset_ms.as_ref().map_or(0, |o| o.load(Ordering::Relaxed))
    }

    /// Moves an adjustable clock forward.
    ///
    /// # Panics
    /// On the system clock: production time never jumps on request.
    pub fn advance(&self, by: Duration) {
        let offset = self.offset_ms.as_ref().expect("only an adjustable clock can be advanced");
        offset.fetch_add(by.as_millis() as i64, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjustable_clock_moves_forward() {
        let c = Clock::adjustable();
        let before = c.now_ms();
        c.advance(Duration::from_secs(3600));
        assert!(c.now_ms() - before >= 3_600_000);
    }

    #[test]
    #[should_panic(expected = "adjustable")]
    fn system_clock_refuses_to_jump() {
        Clock::system().advance(Duration::from_secs(1));
    }
}
