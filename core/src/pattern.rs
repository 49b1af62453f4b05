//! The `regList` patterns of form definitions: JavaScript regular expressions, written by
//! the form designer as `^\d+$` or `/^\d+$/i`, run here with JavaScript's meaning.
//!
//! The engine is fancy-regex: patterns without lookaround or back-references go to the
//! linear-time `regex` engine, so a value can never make a designer's pattern backtrack
//! for ever (the JNPF e-mail pattern would, in a JavaScript engine); lookaround (the JNPF
//! password pattern) runs on a backtracker with a bounded budget. JavaScript syntax is
//! translated first: `\d`, `\w`, `\s`, `\b` and `.` keep their JavaScript (ASCII / line
//! terminator) meaning, `\uXXXX` escapes, identity escapes like `\/`, a `{` that is not a
//! quantifier, and the flags after a closing `/`.

use crate::message::Message;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Longest pattern accepted; a regList pattern is a line of text, not a program.
pub const MAX_PATTERN_LEN: usize = 2000;
/// Deepest group nesting accepted (the regex parsers recurse on groups).
pub const MAX_GROUP_DEPTH: usize = 32;
/// Backtracking budget of one match for the patterns that need a backtracker.
const BACKTRACK_LIMIT: usize = 100_000;
/// Compiled-program size limit, so `a{1000}{1000}` is an error rather than 100 MB.
const SIZE_LIMIT: usize = 1 << 20;
/// Patterns kept compiled between calls (cleared when full; forms use a handful).
const CACHE_CAPACITY: usize = 512;

/// A compiled regList pattern.
#[derive(Debug, Clone)]
pub struct Pattern {
    // Shared, not copied: a cached pattern is cloned into every definition that uses it.
    source: Arc<str>,
    regex: Arc<fancy_regex::Regex>,
}

impl Pattern {
    /// Compiles a JavaScript pattern; the error is a message for the form designer.
    pub fn compile(source: &str) -> Result<Pattern, Message> {
        let translated = translate(source)?;
        let regex = fancy_regex::RegexBuilder::new(&translated)
            .backtrack_limit(BACKTRACK_LIMIT)
            .delegate_size_limit(SIZE_LIMIT)
            .delegate_dfa_size_limit(SIZE_LIMIT)
            .build()
            .map_err(|_| invalid(source))?;
        Ok(Pattern { source: source.into(), regex: Arc::new(regex) })
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
    /// exhausts the backtracking budget counts as no match (the value is refused, never
    /// waved through).
    pub fn test(&self, text: &str) -> bool {
        self.regex.is_match(text).unwrap_or(false)
    }
}

/// None when `source` is a usable pattern, else why not (for the form designer).
pub fn check_pattern(source: &str) -> Option<Message> {
    Pattern::compile(source).err()
}

fn invalid(source: &str) -> Message {
    let shown: String = source.chars().take(100).collect();
    Message::new("pattern.invalid", format!("正则表达式无效：{shown}")).with("pattern", shown)
}

/// JavaScript's `\s`.
const JS_SPACE: &str =
    r"\t\n\x{B}\x{C}\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
const JS_WORD: &str = "0-9A-Za-z_";
const ANY: &str = r"[\x{0}-\x{10FFFF}]";
const NONE: &str = r"[^\x{0}-\x{10FFFF}]";

/// JavaScript pattern (with or without `/…/flags`) → fancy-regex pattern.
pub(crate) fn translate(source: &str) -> Result<String, Message> {
    if source.len() > MAX_PATTERN_LEN {
        return Err(invalid(source));
    }
    let (body, flags) = split_literal(source);
    let mut out = String::with_capacity(body.len() + 16);
    let mut inline = String::new();
    for f in flags.chars() {
        match f {
            'i' | 'm' | 's' => inline.push(f),
            // global, sticky, unicode, indices and unicodeSets change nothing for `test`.
            'g' | 'y' | 'u' | 'd' | 'v' => {}
            _ => return Err(invalid(source)),
        }
    }
    let dot_all = inline.contains('s');
    if !inline.is_empty() {
        out.push_str(&format!("(?{inline})"));
    }
    let chars: Vec<char> = body.chars().collect();
    let mut i = 0;
    let mut depth = 0usize;
    let mut in_class = false;
    // 0: the last atom is not quantified; 1: quantified; 2: quantified and made lazy. A
    // quantifier of a quantifier is a syntax error in JavaScript ("nothing to repeat").
    let mut quantified = 0u8;
    while let Some(&c) = chars.get(i) {
        i += 1;
        if !in_class {
            let is_quantifier =
                matches!(c, '*' | '+' | '?') || (c == '{' && quantifier_len(&chars, i).is_some());
            quantified = match (is_quantifier, quantified, c) {
                (false, _, _) => 0,
                (true, 1, '?') => 2,
                (true, 0, _) => 1,
                (true, _, _) => return Err(invalid(source)),
            };
        }
        if in_class {
            match c {
                ']' => {
                    in_class = false;
                    out.push(']');
                }
                '\\' => i = escape(&chars, i, true, &mut out).ok_or_else(|| invalid(source))?,
                // Literal in JavaScript, set syntax in Rust.
                '[' | '&' | '~' => {
                    out.push('\\');
                    out.push(c);
                }
                _ => out.push(c),
            }
            continue;
        }
        match c {
            '\\' => i = escape(&chars, i, false, &mut out).ok_or_else(|| invalid(source))?,
            '[' => {
                match (chars.get(i), chars.get(i + 1)) {
                    // `[^]` matches any character, `[]` none.
                    (Some('^'), Some(']')) => {
                        out.push_str(ANY);
                        i += 2;
                        continue;
                    }
                    (Some(']'), _) => {
                        out.push_str(NONE);
                        i += 1;
                        continue;
                    }
                    _ => {}
                }
                in_class = true;
                out.push('[');
                if chars.get(i) == Some(&'^') {
                    out.push('^');
                    i += 1;
                }
            }
            '(' => {
                depth += 1;
                if depth > MAX_GROUP_DEPTH {
                    return Err(invalid(source));
                }
                out.push('(');
            }
            ')' => {
                depth = depth.checked_sub(1).ok_or_else(|| invalid(source))?;
                out.push(')');
            }
            '.' if !dot_all => out.push_str(r"[^\n\r\x{2028}\x{2029}]"),
            // A brace that does not open `{n}`, `{n,}` or `{n,m}` is a literal in JavaScript.
            '{' => match quantifier_len(&chars, i) {
                Some(len) => {
                    out.push('{');
                    out.extend(chars.iter().skip(i).take(len));
                    i += len;
                }
                None => out.push_str(r"\{"),
            },
            '}' | ']' => {
                out.push('\\');
                out.push(c);
            }
            // `#` and whitespace only matter in verbose mode, which is never on.
            _ => out.push(c),
        }
    }
    if in_class || depth != 0 {
        return Err(invalid(source));
    }
    Ok(out)
}

/// `/body/flags` → (body, flags); anything else is all body.
fn split_literal(source: &str) -> (&str, &str) {
    if let Some(rest) = source.strip_prefix('/')
        && let Some(end) = rest.rfind('/')
    {
        let (body, flags) = (&rest[..end], &rest[end + 1..]);
        if flags.chars().all(|c| c.is_ascii_alphabetic()) {
            return (body, flags);
        }
    }
    (source, "")
}

/// When `chars[from..]` continues a `{` into `n}`, `n,}` or `n,m}`: how many characters
/// that is (through the `}`).
fn quantifier_len(chars: &[char], from: usize) -> Option<usize> {
    let rest = chars.get(from..).unwrap_or(&[]);
    let close = rest.iter().position(|c| *c == '}')?;
    let inner: String = rest.iter().take(close).collect();
    let (min, max) = match inner.split_once(',') {
        Some((a, b)) => (a, Some(b)),
        None => (inner.as_str(), None),
    };
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    (digits(min) && max.is_none_or(|m| m.is_empty() || digits(m))).then_some(close + 1)
}

/// Translates the escape after a backslash at `chars[at]`; returns the index after it.
fn escape(chars: &[char], at: usize, in_class: bool, out: &mut String) -> Option<usize> {
    let c = *chars.get(at)?;
    let mut next = at + 1;
    let class = |set: &str, negated: bool| -> String {
        match (in_class, negated) {
            (true, false) => set.to_string(),
            (_, true) => format!("[^{set}]"),
            (false, false) => format!("[{set}]"),
        }
    };
    match c {
        'd' => out.push_str(&class("0-9", false)),
        'D' => out.push_str(&class("0-9", true)),
        'w' => out.push_str(&class(JS_WORD, false)),
        'W' => out.push_str(&class(JS_WORD, true)),
        's' => out.push_str(&class(JS_SPACE, false)),
        'S' => out.push_str(&class(JS_SPACE, true)),
        'b' if in_class => out.push_str(r"\x{8}"),
        // JavaScript's word boundary is ASCII; spelled with lookaround because the regex
        // engine's own `\b` needs Unicode tables this build leaves out.
        'b' => out.push_str(r"(?:(?<=[0-9A-Za-z_])(?![0-9A-Za-z_])|(?<![0-9A-Za-z_])(?=[0-9A-Za-z_]))"),
        'B' => out.push_str(r"(?:(?<=[0-9A-Za-z_])(?=[0-9A-Za-z_])|(?<![0-9A-Za-z_])(?![0-9A-Za-z_]))"),
        't' => out.push_str(r"\t"),
        'n' => out.push_str(r"\n"),
        'r' => out.push_str(r"\r"),
        'f' => out.push_str(r"\x{C}"),
        'v' => out.push_str(r"\x{B}"),
        '0' if !chars.get(next).is_some_and(char::is_ascii_digit) => out.push_str(r"\x{0}"),
        '1'..='9' if !in_class => {
            // A back-reference.
            out.push('\\');
            out.push(c);
            while let Some(d) = chars.get(next).filter(|d| d.is_ascii_digit()) {
                out.push(*d);
                next += 1;
            }
        }
        'x' => {
            let hex: String = chars.get(next..next + 2)?.iter().collect();
            u32::from_str_radix(&hex, 16).ok()?;
            out.push_str(&format!(r"\x{{{hex}}}"));
            next += 2;
        }
        'u' => {
            if chars.get(next) == Some(&'{') {
                let close = chars.get(next..)?.iter().position(|c| *c == '}')?;
                let hex: String = chars.get(next + 1..next + close)?.iter().collect();
                char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?;
                out.push_str(&format!(r"\x{{{hex}}}"));
                next += close + 1;
            } else {
                let hex: String = chars.get(next..next + 4)?.iter().collect();
                u32::from_str_radix(&hex, 16).ok()?;
                out.push_str(&format!(r"\x{{{hex}}}"));
                next += 4;
            }
        }
        'c' => {
            let letter = chars.get(next).filter(|l| l.is_ascii_alphabetic())?;
            out.push_str(&format!(r"\x{{{:X}}}", (*letter as u32) % 32));
            next += 1;
        }
        'k' if !in_class => {
            // Named back-reference \k<name>.
            out.push_str(r"\k");
        }
        'p' | 'P' => {
            // Unicode property escapes need tables this build leaves out: refuse clearly.
            return None;
        }
        c if c.is_ascii_alphanumeric() => {
            // An identity escape of a letter or digit means the letter itself in JavaScript.
            out.push(c);
        }
        c => {
            // Identity escape of punctuation (`\/`, `\.`, `\-`): a literal.
            push_literal(c, out);
        }
    }
    Some(next)
}

fn push_literal(c: char, out: &mut String) {
    if c.is_ascii_punctuation() || c == ' ' {
        out.push('\\');
    }
    out.push(c);
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
    fn bad_patterns_are_messages() {
        for p in ["(", "[a", "a)", r"\p{L}", "/a/q", &"(".repeat(40), &"a".repeat(3000)] {
            let m = check_pattern(p).unwrap();
            assert_eq!(m.key, "pattern.invalid", "{p}");
        }
        assert!(check_pattern("a{2}{2}").is_some());
        assert!(check_pattern("a**").is_some());
        assert!(check_pattern("(a{1000}){1000}").is_some());
        assert!(check_pattern("a+?").is_none());
        assert!(check_pattern("a{2,}?b").is_none());
    }
}
