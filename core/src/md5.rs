//! MD5 as the JNPF client uses it: the login password travels as the lower-case hex MD5 of
//! exactly what was typed, and an upload's identifier is the MD5 of the file's bytes, fed in
//! slices so a 100 MB file never has to sit in memory at once.

use md5::{Digest, Md5};

/// Lower-case hex MD5 of `bytes`.
pub fn md5_hex(bytes: &[u8]) -> String {
    to_hex(&Md5::digest(bytes))
}

/// Incremental MD5 for data that arrives in slices (file upload identifier).
#[derive(Default, Clone)]
pub struct Md5Hasher(Md5);

impl Md5Hasher {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn update(&mut self, slice: &[u8]) {
        self.0.update(slice);
    }
    /// Finishes and returns the lower-case hex digest; the hasher starts over afterwards.
    pub fn finish_hex(&mut self) -> String {
        to_hex(&self.0.finalize_reset())
    }
}

fn to_hex(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(HEX[(b >> 4) as usize] as char);
        s.push(HEX[(b & 0xf) as usize] as char);
    }
    s
}

/// True when `s` looks like what the client sends for a password: 32 lower-case hex digits.
pub fn is_md5_hex(s: &str) -> bool {
    s.len() == 32 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_digests() {
        // jnpf-wire.md: 123456 → e10adc3949ba59abbe56e057f20f883e
        assert_eq!(md5_hex(b"123456"), "e10adc3949ba59abbe56e057f20f883e");
        assert_eq!(md5_hex(b""), "d41d8cd98f00b204e9800998ecf8427e");
    }

    #[test]
    fn slices_equal_whole() {
        let data: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        let mut h = Md5Hasher::new();
        for chunk in data.chunks(7919) {
            h.update(chunk);
        }
        assert_eq!(h.finish_hex(), md5_hex(&data));
    }

    #[test]
    fn md5_shape() {
        assert!(is_md5_hex("e10adc3949ba59abbe56e057f20f883e"));
        assert!(!is_md5_hex("E10ADC3949BA59ABBE56E057F20F883E"));
        assert!(!is_md5_hex("123456"));
    }
}
