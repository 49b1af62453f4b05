//! The `regList` patterns of form definitions: JavaScript regular expressions, written by
//! the form designer as `^\d+$` or `/^\d+$/i`, run here with JavaScript's meaning (`\d`, `\w`,
//! `\s`, `\b` and `.` as in JavaScript, `\uXXXX` escapes, identity escapes like `\/`, a `{`
//! that is not a quantifier, the flags after a closing `/`).
//!
//! The engine is Qiming's own, small enough for the browser build (`syntax` reads the
//! pattern, `machine` matches it): patterns without back-references match in time linear in
//! the value — a designer's pattern can never make a value backtrack for ever (the JNPF
//! e-mail pattern would, in a JavaScript engine); patterns with back-references have a
//! bounded step budget, and a value that exhausts it is refused.

mod machine;
mod syntax;

use crate::message::Message;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Longest pattern accepted; a regList pattern is a line of text, not a program.
pub const MAX_PATTERN_LEN: usize = 2000;
/// Deepest group nesting accepted.
pub const MAX_GROUP_DEPTH: usize = syntax::MAX_GROUP_DEPTH;
/// Patterns kept compiled between calls (cleared when full; forms use a handful).
const CACHE_CAPACITY: usize = 512;

/// A compiled regList pattern.
#[derive(Clone)]
pub struct Pattern {
    // Shared, not copied: a cached pattern is cloned into every definition that uses it.
    source: Arc<str>,
    program: Arc<machine::Program>,
}

impl std::fmt::Debug for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Pattern").field(&&*self.source).finish()
    }
}

impl Pattern {
    /// Compiles a JavaScript pattern; the error is a message for the form designer.
    pub fn compile(source: &str) -> Result<Pattern, Message> {
        if source.len() > MAX_PATTERN_LEN {
            return Err(invalid(source));
        }
        let program =
            syntax::parse(source).and_then(|p| machine::compile(&p)).map_err(|()| invalid(source))?;
        Ok(Pattern { source: source.into(), program: Arc::new(program) })
    }

    /// Like `compile`, reusing an earlier compilation of the same text.
    pub fn cached(source: &str) -> Result<Pattern, Message> {
        static CACHE: OnceLock<Mutex<HashMap<String, Result<Pattern, Message>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        if let Ok(map) = cache.lock()
            && let Some(hit) = map.get(source)
        {
            return hit.clone();
        }
        let compiled = Pattern::compile(source);
        if let Ok(mut map) = cache.lock() {
            if map.len() >= CACHE_CAPACITY {
                map.clear();
            }
            map.insert(source.to_string(), compiled.clone());
        }
        compiled
    }

    pub fn source(&self) -> &str {
        &self.source
    }

    /// `RegExp.prototype.test`: does the pattern match somewhere in `text`? A match that
    /// exhausts the step budget counts as no match (the value is refused, never waved
    /// through).
    pub fn test(&self, text: &str) -> bool {
        self.program.is_match(text)
    }
}

/// None when `source` is a usable pattern, else why not (for the form designer).
pub fn check_pattern(source: &str) -> Option<Message> {
    Pattern::compile(source).err()
}

/// `RegExp.prototype.test` of `pattern` on `value` (`testPattern`); false when the pattern
/// is not usable.
pub fn test_pattern(pattern: &str, value: &str) -> bool {
    Pattern::cached(pattern).is_ok_and(|p| p.test(value))
}

fn invalid(source: &str) -> Message {
    let shown: String = source.chars().take(100).collect();
    Message::new("pattern.invalid", format!("正则表达式无效：{shown}")).with("pattern", shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(p: &str, s: &str) -> bool {
        Pattern::compile(p).unwrap().test(s)
    }

    #[test]
    fn javascript_meaning() {
        assert!(t(r"^\d+$", "123"));
        assert!(!t(r"^\d+$", "١٢٣")); // Arabic-Indic digits are not \d in JavaScript
        assert!(t(r"/^\d+$/", "42"));
        assert!(t(r"/^abc$/i", "ABC"));
        assert!(t(r"^[\u4e00-\u9fa5]+$", "中文"));
        assert!(!t(r"^[\u4e00-\u9fa5]+$", "中a"));
        assert!(t(r"^a\/b$", "a/b"));
        assert!(t(r"^a{$", "a{"));
        assert!(t(r"^a{2}$", "aa"));
        assert!(t(r"^\w+$", "a_1"));
        assert!(!t(r"^\w+$", "é"));
        assert!(!t(r"^.$", "\n"));
        assert!(t(r"^[^]$", "\n"));
        assert!(t(r"^[0|1|2]\d$", "|1"));
        assert!(t(r"\bfoo\b", "a foo b"));
        assert!(!t(r"\bfoo\b", "afoo b"));
        assert!(t(r"\Boo", "foo"));
        assert!(t(r"/ä/i", "Ä"));
        assert!(t(r"^(a)\1$", "aa"));
    }

    #[test]
    fn jnpf_patterns_compile() {
        // jnpf-wire.md: the password pattern uses lookahead.
        let pw = r"^(?![0-9]+$)(?![a-zA-Z]+$)[0-9A-Za-z]{6,16}$";
        assert!(t(pw, "abc123"));
        assert!(!t(pw, "abcdef"));
        assert!(!t(pw, "123456"));
        let email = r"^[a-z0-9]+([._\\-]*[a-z0-9])*@([a-z0-9]+[-a-z0-9]*[a-z0-9]+.){1,63}[a-z0-9]+$";
        assert!(t(email, "ab@cd.com"));
        // Catastrophic for a backtracking engine; linear here.
        let hostile = format!("a@{}!", "a".repeat(5000));
        assert!(!t(email, &hostile));
    }

    #[test]
    fn groups_lookaround_and_back_references() {
        assert!(t(r"^(?<y>\d{4})-\k<y>$", "2024-2024"));
        assert!(!t(r"^(?<y>\d{4})-\k<y>$", "2024-2025"));
        // A group that did not take part matches the empty text (JavaScript, not PCRE).
        assert!(t(r"^(?:(a)|b)\1$", "b"));
        assert!(t(r"^(?:(a)|b)\1$", "aa"));
        // Each iteration starts with its captures unset.
        assert!(t(r"^(?:(a)|b)+\1$", "ab"));
        assert!(t(r"(?<=\$)\d+", "$12"));
        assert!(!t(r"(?<=\$)\d+$", "12"));
        assert!(t(r"(?<=ab+)c", "abbbc"));
        assert!(t(r"(?<!a)b", "cb"));
        assert!(!t(r"^.(?<!a)b", "ab"));
        // Captures of a positive lookahead stay for a later back-reference; a lookahead is
        // atomic (its first match is kept: `(a+)` takes "aa" and does not give one back).
        assert!(t(r"^(?=(a+))a*b\1$", "aabaa"));
        assert!(!t(r"^(?=(a+))a*b\1$", "aaba"));
        assert!(t(r"(?=a)*b", "b")); // a quantified lookahead (browsers accept it)
        assert!(t(r"\k", "k")); // without named groups \k is the letter
        assert!(t(r"^[\b]$", "\u{8}"));
        assert!(t(r"^\cJ$", "\n"));
        assert!(t(r"/^a$/m", "b\na\nc"));
        assert!(!t(r"^a$", "b\na\nc"));
    }

    #[test]
    fn case_insensitive_as_javascript() {
        assert!(t(r"/^[a-z]+$/i", "QiMing"));
        assert!(t(r"/^é$/i", "É"));
        assert!(t(r"/^[^a]$/i", "b"));
        assert!(!t(r"/^[^a]$/i", "A"));
        // Without the `u` flag, JavaScript does not fold the Kelvin sign or ſ to ASCII.
        assert!(!t(r"/^k$/i", "\u{212A}"));
        assert!(!t(r"/^s$/i", "ſ"));
        assert!(t(r"/^(ab)\1$/i", "abAB"));
    }

    #[test]
    fn linear_without_back_references() {
        let hostile = format!("{}!", "a".repeat(20_000));
        assert!(!t(r"^(a|a)*$", &hostile));
        assert!(!t(r"^(a+)+$", &hostile));
        assert!(!t(r"^(?:a*)*b$", &hostile));
        assert!(t(r"^\d+$", &"7".repeat(200_000)));
        // Empty iterations end a loop instead of looping for ever.
        assert!(t(r"^(?:a?)*b$", "aab"));
        assert!(t(r"^(?:(a?)\1)*b$", "aab"));
    }

    #[test]
    fn bad_patterns_are_messages() {
        for p in ["(", "[a", "a)", r"\p{L}", "/a/q", &"(".repeat(40), &"a".repeat(3000)] {
            let m = check_pattern(p).unwrap();
            assert_eq!(m.key, "pattern.invalid", "{p}");
        }
        assert!(check_pattern("a{2}{2}").is_some());
        assert!(check_pattern("a**").is_some());
        assert!(check_pattern("((ab){1000}){1000}").is_some()); // two million instructions
        assert!(check_pattern("(a{1000}){1000}").is_none()); // one repeated character
        assert!(check_pattern("a+?").is_none());
        assert!(check_pattern("a{2,}?b").is_none());
        for p in [
            "a{3,2}",
            "*a",
            "a|*",
            "{2}",
            "(?<n>a)(?<n>b)",
            r"\k<x>(?<n>a)",
            r"\2(a)",
            "(?i)a",
            r"\xZZ",
            "^*",
            "a{100001}",
        ] {
            assert!(check_pattern(p).is_some(), "{p}");
        }
        for p in
            ["a{", "a{,2}", "}", "]", "a{1,1000}", "a{0,65535}", r"\1(a)", "[a-]", r"[\d-z]", "(?<n>a)\\k<n>"]
        {
            assert!(check_pattern(p).is_none(), "{p}");
        }
    }
}
