//! Password storage: argon2id over the MD5 hex the client sends (never the MD5 itself, never
//! the plain text). Hashing runs on the blocking pool: it is deliberately slow.

use anyhow::anyhow;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::{Arc, OnceLock};

#[derive(Clone)]
pub struct Hasher {
    argon: Arc<Argon2<'static>>,
    /// A hash of nothing anyone knows, verified when the account does not exist so that an
    /// unknown account costs the same time as a wrong password.
    decoy: Arc<OnceLock<String>>,
}

impl Hasher {
    pub fn new(memory_kib: u32, iterations: u32) -> anyhow::Result<Hasher> {
        let params = Params::new(memory_kib, iterations, 1, None)
            .map_err(|e| anyhow!("password hash parameters: {e}"))?;
        Ok(Hasher {
            argon: Arc::new(Argon2::new(Algorithm::Argon2id, Version::V0x13, params)),
            decoy: Arc::new(OnceLock::new()),
        })
    }

    /// The PHC string of argon2id(`md5_hex`) with a fresh salt.
    pub async fn hash(&self, md5_hex: &str) -> anyhow::Result<String> {
        let argon = self.argon.clone();
        let input = md5_hex.to_owned();
        tokio::task::spawn_blocking(move || {
            argon.hash_password(input.as_bytes()).map(|h| h.to_string()).map_err(|e| anyhow!("hashing: {e}"))
        })
        .await?
    }

    /// True when `md5_hex` matches the stored PHC string.
    pub async fn verify(&self, md5_hex: &str, phc: &str) -> anyhow::Result<bool> {
        let argon = self.argon.clone();
        let (input, phc) = (md5_hex.to_owned(), phc.to_owned());
        tokio::task::spawn_blocking(move || {
            let parsed = PasswordHash::new(&phc).map_err(|e| anyhow!("stored hash unreadable: {e}"))?;
            Ok(argon.verify_password(input.as_bytes(), &parsed).is_ok())
        })
        .await?
    }

    /// Spends the time of one verification and answers false.
    pub async fn verify_decoy(&self, md5_hex: &str) -> anyhow::Result<bool> {
        let decoy = match self.decoy.get() {
            Some(d) => d.clone(),
            None => {
                let d = self.hash(&crate::hex(&crate::random_bytes::<16>())).await?;
                self.decoy.get_or_init(|| d).clone()
            }
        };
        self.verify(md5_hex, &decoy).await.map(|_| false)
    }
}

/// A random initial password: 16 characters with upper and lower case, digits and a
/// symbol, so that it satisfies any password policy the administrator may set later.
pub fn generate_initial() -> String {
    const UPPER: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
    const LOWER: &[u8] = b"abcdefghijkmnopqrstuvwxyz";
    const DIGIT: &[u8] = b"23456789";
    const SYMBOL: &[u8] = b"@#%+=";
    let bytes = crate::random_bytes::<16>();
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

    #[tokio::test]
    async fn hash_and_verify() {
        let h = Hasher::new(256, 1).unwrap();
        let md5 = qiming_core::md5_hex(b"123456");
        let phc = h.hash(&md5).await.unwrap();
        assert!(phc.starts_with("$argon2id$"));
        assert!(!phc.contains(&md5));
        assert!(h.verify(&md5, &phc).await.unwrap());
        assert!(!h.verify(&qiming_core::md5_hex(b"1234567"), &phc).await.unwrap());
        assert!(!h.verify_decoy(&md5).await.unwrap());
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
