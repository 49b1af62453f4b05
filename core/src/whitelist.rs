//! The sign-in address whitelist of the system configuration (`whitelistSwitch`,
//! `whiteListIp`): which text is a valid list, and whether an address is in it. The server
//! refuses sign-ins from elsewhere and checks the list when it is saved; the configuration page
//! can show the same verdict on the text as it is typed.
//!
//! JNPF's page stores the list as text with the entries separated by commas; people also write
//! Chinese commas, semicolons, spaces and line breaks, all read as separators. An entry is
//! - an address, IPv4 or IPv6: `192.168.1.10`, `::1`;
//! - an IPv4 pattern with `*` for whole trailing parts: `192.168.1.*`, `10.*.*.*`;
//! - a CIDR block: `192.168.0.0/16`, `fd00::/8`;
//! - a range of one family, both ends included: `192.168.1.10-192.168.1.20`.
//!
//! An IPv4 address written as IPv6 (`::ffff:192.168.1.10`, how a dual-stack listener reports
//! IPv4 clients) is compared as the IPv4 address.

use std::net::{IpAddr, Ipv4Addr};

/// One entry, as a closed interval of addresses of one family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    V4(u32, u32),
    V6(u128, u128),
}

impl Entry {
    fn contains(self, ip: IpAddr) -> bool {
        match (self, canonical(ip)) {
            (Entry::V4(low, high), IpAddr::V4(a)) => (low..=high).contains(&u32::from(a)),
            (Entry::V6(low, high), IpAddr::V6(a)) => (low..=high).contains(&u128::from(a)),
            _ => false,
        }
    }
}

/// A parsed list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Whitelist(Vec<Entry>);

impl Whitelist {
    /// Reads the list; an entry that is none of the forms above is answered as it was written.
    pub fn parse(text: &str) -> Result<Whitelist, String> {
        text.split(|c: char| matches!(c, ',' | '，' | ';' | '；' | '、') || c.is_whitespace())
            .filter(|e| !e.is_empty())
            .map(|e| entry(e).ok_or_else(|| e.to_string()))
            .collect::<Result<Vec<_>, _>>()
            .map(Whitelist)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `ip` is in one of the entries.
    pub fn allows(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|e| e.contains(ip))
    }

    /// [`Whitelist::allows`] for an address given as text (what the login log records); text
    /// that is no address is in no list.
    pub fn allows_text(&self, ip: &str) -> bool {
        ip.trim().parse::<IpAddr>().is_ok_and(|ip| self.allows(ip))
    }
}

/// An IPv4 address written as IPv6 is the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

fn entry(text: &str) -> Option<Entry> {
    if let Some((low, high)) = text.split_once('-') {
        return match (canonical(low.trim().parse().ok()?), canonical(high.trim().parse().ok()?)) {
            (IpAddr::V4(l), IpAddr::V4(h)) if l <= h => Some(Entry::V4(l.into(), h.into())),
            (IpAddr::V6(l), IpAddr::V6(h)) if l <= h => Some(Entry::V6(l.into(), h.into())),
            _ => None,
        };
    }
    if let Some((address, bits)) = text.split_once('/') {
        let bits: u32 = bits.parse().ok()?;
        return match canonical(address.parse().ok()?) {
            IpAddr::V4(a) if bits <= 32 => {
                let mask = if bits == 0 { 0 } else { u32::MAX << (32 - bits) };
                let low = u32::from(a) & mask;
                Some(Entry::V4(low, low | !mask))
            }
            IpAddr::V6(a) if bits <= 128 => {
                let mask = if bits == 0 { 0 } else { u128::MAX << (128 - bits) };
                let low = u128::from(a) & mask;
                Some(Entry::V6(low, low | !mask))
            }
            _ => None,
        };
    }
    if text.contains('*') {
        return wildcard(text);
    }
    Some(match canonical(text.parse().ok()?) {
        IpAddr::V4(a) => Entry::V4(a.into(), a.into()),
        IpAddr::V6(a) => Entry::V6(a.into(), a.into()),
    })
}

/// `a.b.*.*`: four dotted parts, numbers then only `*`.
fn wildcard(text: &str) -> Option<Entry> {
    let parts: Vec<&str> = text.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let fixed = parts.iter().take_while(|p| **p != "*").count();
    if fixed == 0 || parts[fixed..].iter().any(|p| *p != "*") {
        return None;
    }
    let mut low = [0u8; 4];
    for (i, p) in parts[..fixed].iter().enumerate() {
        if p.is_empty() || p.len() > 3 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        low[i] = p.parse().ok()?;
    }
    let mut high = low;
    high[fixed..].fill(255);
    Some(Entry::V4(Ipv4Addr::from(low).into(), Ipv4Addr::from(high).into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allows(list: &str, ip: &str) -> bool {
        Whitelist::parse(list).unwrap().allows_text(ip)
    }

    #[test]
    fn addresses_patterns_blocks_and_ranges() {
        let list = "10.0.0.1, 192.168.1.*，172.16.0.0/12;  8.8.8.8-8.8.8.10\n::1 fd00::/8";
        for ip in ["10.0.0.1", "192.168.1.0", "192.168.1.255", "172.16.0.1", "172.31.255.255", "8.8.8.9", "::1", "fd12::3", "::ffff:10.0.0.1"] {
            assert!(allows(list, ip), "{ip}");
        }
        for ip in ["10.0.0.2", "192.168.2.1", "172.32.0.0", "8.8.8.11", "::2", "fe80::1", "", "localhost"] {
            assert!(!allows(list, ip), "{ip}");
        }
        assert!(allows("10.*.*.*", "10.200.3.4"));
        assert!(allows("0.0.0.0/0", "1.2.3.4"));
        assert!(!allows("0.0.0.0/0", "::2"), "families do not mix");
    }

    #[test]
    fn bad_entries_are_named() {
        for bad in ["1.2.3", "1.2.3.256", "*.1.2.3", "1.*.3.*", "1.2.3.4/33", "9.9.9.9-1.1.1.1", "1.1.1.1-::2", "abc"] {
            assert_eq!(Whitelist::parse(&format!("1.1.1.1,{bad}")), Err(bad.to_string()));
        }
        assert!(Whitelist::parse(" ,\n ").unwrap().is_empty());
    }
}
