//! JavaScript regular-expression syntax (ECMAScript with the web-compatibility rules of its
//! Annex B, which browsers apply to patterns without the `u` flag) → a syntax tree.
//!
//! What is read: characters; `.`; classes `[…]`, `[^…]` with ranges and the escapes below;
//! `^ $ \b \B`; groups `( )`, `(?: )`, `(?<name> )`; lookaround `(?= ) (?! ) (?<= ) (?<! )`;
//! back-references `\1` and `\k<name>`; quantifiers `* + ? {n} {n,} {n,m}`, each optionally
//! lazy; escapes `\d \D \w \W \s \S \t \n \r \f \v \0 \xHH \uHHHH \u{H…} \cX`, identity escapes
//! (`\/`, `\.`, and a letter for itself). As in browsers, a `{` that does not start a
//! quantifier and a lone `}` or `]` are literal characters. Refused: Unicode property escapes
//! (`\p{…}`, which need tables this build leaves out), a quantifier with nothing to repeat or
//! after another quantifier, unbalanced brackets, `{n,m}` with n > m, a back-reference to a
//! group that does not exist, unknown flags.

/// Characters are compared as Unicode scalar values.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct ClassSet {
    /// Sorted, non-overlapping, non-adjacent inclusive ranges.
    pub ranges: Vec<(u32, u32)>,
    pub negated: bool,
    /// The ASCII members as bits, for the common case.
    ascii: u128,
}

impl ClassSet {
    fn new(mut ranges: Vec<(u32, u32)>, negated: bool) -> ClassSet {
        ranges.sort_unstable();
        let mut merged: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
        for (lo, hi) in ranges {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        let mut ascii = 0u128;
        for &(lo, hi) in merged.iter().filter(|r| r.0 < 128) {
            for c in lo..=hi.min(127) {
                ascii |= 1 << c;
            }
        }
        ClassSet { ranges: merged, negated, ascii }
    }

    /// Does the set (before negation) hold `c`?
    pub fn holds(&self, c: u32) -> bool {
        if c < 128 {
            return self.ascii & (1 << c) != 0;
        }
        let i = self.ranges.partition_point(|r| r.1 < c);
        self.ranges.get(i).is_some_and(|r| r.0 <= c)
    }
}

/// The complement of sorted, merged ranges over all scalar values.
fn complement(ranges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = Vec::with_capacity(ranges.len() + 1);
    let mut next = 0u32;
    for &(lo, hi) in ranges {
        if lo > next {
            out.push((next, lo - 1));
        }
        next = hi.saturating_add(1);
    }
    if next <= 0x10FFFF {
        out.push((next, 0x10FFFF));
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Assertion {
    Start,
    End,
    WordBoundary,
    NotWordBoundary,
}

#[derive(Clone, PartialEq, Eq)]
pub(super) enum Node {
    Empty,
    Char(char),
    Class(ClassSet),
    Assert(Assertion),
    /// A group; `Some(n)` captures as group n (1-based).
    Group(Box<Node>, Option<u32>),
    Look {
        node: Box<Node>,
        ahead: bool,
        negate: bool,
    },
    Backref(u32),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat {
        node: Box<Node>,
        min: u32,
        max: Option<u32>,
        greedy: bool,
    },
}

impl Node {
    /// Can the node match without consuming a character?
    pub fn can_be_empty(&self) -> bool {
        match self {
            Node::Empty | Node::Assert(_) | Node::Look { .. } | Node::Backref(_) => true,
            Node::Char(_) | Node::Class(_) => false,
            Node::Group(n, _) => n.can_be_empty(),
            Node::Concat(items) => items.iter().all(Node::can_be_empty),
            Node::Alt(items) => items.iter().any(Node::can_be_empty),
            Node::Repeat { node, min, .. } => *min == 0 || node.can_be_empty(),
        }
    }

    /// The capture groups inside the node, as a range of group numbers.
    pub fn groups(&self) -> Option<(u32, u32)> {
        let merge = |a: Option<(u32, u32)>, b: Option<(u32, u32)>| match (a, b) {
            (Some(x), Some(y)) => Some((x.0.min(y.0), x.1.max(y.1))),
            (x, None) => x,
            (None, y) => y,
        };
        match self {
            Node::Group(n, Some(g)) => merge(Some((*g, *g)), n.groups()),
            Node::Group(n, None) | Node::Look { node: n, .. } | Node::Repeat { node: n, .. } => n.groups(),
            Node::Concat(items) | Node::Alt(items) => {
                items.iter().fold(None, |acc, n| merge(acc, n.groups()))
            }
            _ => None,
        }
    }

    fn has_backref(&self) -> bool {
        match self {
            Node::Backref(_) => true,
            Node::Group(n, _) | Node::Look { node: n, .. } | Node::Repeat { node: n, .. } => n.has_backref(),
            Node::Concat(items) | Node::Alt(items) => items.iter().any(Node::has_backref),
            _ => false,
        }
    }
}

#[derive(Clone, Copy, Default)]
pub(super) struct Flags {
    pub ignore_case: bool,
    pub multiline: bool,
    pub dot_all: bool,
}

/// A parsed pattern.
pub(super) struct Parsed {
    pub node: Node,
    pub flags: Flags,
    pub groups: u32,
    pub has_backref: bool,
}

/// Deepest group nesting accepted (the parser and compiler recurse on groups).
pub(super) const MAX_GROUP_DEPTH: usize = 32;
/// Largest count in `{n,m}`; larger ones are refused rather than expanded.
const MAX_COUNT: u32 = 100_000;

/// JavaScript's `\s`: white space and line terminators.
const SPACE: &[(u32, u32)] = &[
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
];
const WORD: &[(u32, u32)] = &[(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)];
const DIGIT: &[(u32, u32)] = &[(0x30, 0x39)];
const LINE_TERMINATORS: &[(u32, u32)] = &[(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)];

/// Is `c` a JavaScript word character (`\w`, the ASCII word characters)?
pub(super) fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Is `c` a line terminator (what `.` does not match, where `^`/`$` match in multiline mode)?
pub(super) fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
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

/// Parses a pattern as the form designer writes it (`^\d+$` or `/^\d+$/i`). `Err(())` for
/// anything a browser would refuse, or that this engine does not take (see the module note).
pub(super) fn parse(source: &str) -> Result<Parsed, ()> {
    let (body, flag_text) = split_literal(source);
    let mut flags = Flags::default();
    for f in flag_text.chars() {
        match f {
            'i' => flags.ignore_case = true,
            'm' => flags.multiline = true,
            's' => flags.dot_all = true,
            // global, sticky, unicode, indices and unicodeSets change nothing for `test`.
            'g' | 'y' | 'u' | 'd' | 'v' => {}
            _ => return Err(()),
        }
    }
    let chars: Vec<char> = body.chars().collect();
    let (groups, names) = scan_groups(&chars);
    let mut parser = Parser { chars, at: 0, depth: 0, next_group: 1, groups, names, flags };
    let node = parser.disjunction()?;
    if parser.at != parser.chars.len() {
        return Err(()); // an unmatched `)`
    }
    let has_backref = node.has_backref();
    Ok(Parsed { node, flags, groups, has_backref })
}

/// Counts the capturing groups and collects the group names (back-references may come before
/// their group).
fn scan_groups(chars: &[char]) -> (u32, Vec<(String, u32)>) {
    let mut count = 0;
    let mut names = Vec::new();
    let mut i = 0;
    let mut in_class = false;
    while let Some(&c) = chars.get(i) {
        match c {
            '\\' => i += 1,
            '[' => in_class = true,
            ']' => in_class = false,
            '(' if !in_class => {
                if chars.get(i + 1) != Some(&'?') {
                    count += 1;
                } else if chars.get(i + 2) == Some(&'<') && !matches!(chars.get(i + 3), Some('=' | '!')) {
                    count += 1;
                    let name: String = chars[i + 3..].iter().take_while(|c| **c != '>').collect();
                    names.push((name, count));
                }
            }
            _ => {}
        }
        i += 1;
    }
    (count, names)
}

struct Parser {
    chars: Vec<char>,
    at: usize,
    depth: usize,
    next_group: u32,
    groups: u32,
    names: Vec<(String, u32)>,
    flags: Flags,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.at + offset).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        let hit = self.peek() == Some(c);
        if hit {
            self.at += 1;
        }
        hit
    }

    fn disjunction(&mut self) -> Result<Node, ()> {
        let mut alternatives = vec![self.alternative()?];
        while self.eat('|') {
            alternatives.push(self.alternative()?);
        }
        Ok(if alternatives.len() == 1 {
            alternatives.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alt(alternatives)
        })
    }

    fn alternative(&mut self) -> Result<Node, ()> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let (atom, quantifiable) = self.term()?;
            let atom = self.quantified(atom, quantifiable)?;
            items.push(atom);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap_or(Node::Empty),
            _ => Node::Concat(items),
        })
    }

    /// A quantifier at the cursor: (min, max, length in characters).
    fn quantifier(&self) -> Option<(u32, Option<u32>, usize)> {
        match self.peek()? {
            '*' => Some((0, None, 1)),
            '+' => Some((1, None, 1)),
            '?' => Some((0, Some(1), 1)),
            '{' => {
                let rest = self.chars.get(self.at + 1..)?;
                let close = rest.iter().position(|c| *c == '}')?;
                let inner: String = rest[..close].iter().collect();
                let (min, max) = match inner.split_once(',') {
                    Some((a, b)) => (a, Some(b)),
                    None => (inner.as_str(), None),
                };
                let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
                if !digits(min) || !max.is_none_or(|m| m.is_empty() || digits(m)) {
                    return None;
                }
                // Counts past MAX_COUNT are refused by `quantified`.
                let number = |s: &str| s.parse::<u32>().unwrap_or(u32::MAX);
                let max = match max {
                    None => Some(number(min)),
                    Some("") => None,
                    Some(m) => Some(number(m)),
                };
                Some((number(min), max, close + 2))
            }
            _ => None,
        }
    }

    fn quantified(&mut self, atom: Node, quantifiable: bool) -> Result<Node, ()> {
        let Some((min, max, len)) = self.quantifier() else { return Ok(atom) };
        if !quantifiable || min > MAX_COUNT || max.is_some_and(|m| m > MAX_COUNT || m < min) {
            return Err(());
        }
        self.at += len;
        let greedy = !self.eat('?');
        if self.quantifier().is_some() {
            return Err(()); // a quantifier of a quantifier: nothing to repeat
        }
        Ok(Node::Repeat { node: Box::new(atom), min, max, greedy })
    }

    /// One term: (node, whether a quantifier may follow).
    fn term(&mut self) -> Result<(Node, bool), ()> {
        let c = self.peek().ok_or(())?;
        self.at += 1;
        Ok(match c {
            '^' => (Node::Assert(Assertion::Start), false),
            '$' => (Node::Assert(Assertion::End), false),
            '.' => {
                let ranges =
                    if self.flags.dot_all { vec![(0, 0x10FFFF)] } else { complement(LINE_TERMINATORS) };
                (Node::Class(ClassSet::new(ranges, false)), true)
            }
            '(' => self.group()?,
            '[' => (Node::Class(self.class()?), true),
            '\\' => self.atom_escape()?,
            // A quantifier here has nothing to repeat.
            '*' | '+' | '?' => return Err(()),
            '{' if self.quantifier_at_previous() => return Err(()),
            c => (Node::Char(c), true),
        })
    }

    /// Was the `{` just read the start of a quantifier (with nothing to repeat)?
    fn quantifier_at_previous(&mut self) -> bool {
        self.at -= 1;
        let is = self.quantifier().is_some();
        self.at += 1;
        is
    }

    fn group(&mut self) -> Result<(Node, bool), ()> {
        self.depth += 1;
        if self.depth > MAX_GROUP_DEPTH {
            return Err(());
        }
        let result = if self.eat('?') {
            match self.peek() {
                Some(':') => {
                    self.at += 1;
                    (Node::Group(Box::new(self.disjunction()?), None), true)
                }
                Some('=') | Some('!') => {
                    let negate = self.peek() == Some('!');
                    self.at += 1;
                    // Annex B: a lookahead may be quantified.
                    (Node::Look { node: Box::new(self.disjunction()?), ahead: true, negate }, true)
                }
                Some('<') if matches!(self.peek_at(1), Some('=') | Some('!')) => {
                    let negate = self.peek_at(1) == Some('!');
                    self.at += 2;
                    (Node::Look { node: Box::new(self.disjunction()?), ahead: false, negate }, false)
                }
                Some('<') => {
                    self.at += 1;
                    let name = self.group_name()?;
                    let index = self.next_group;
                    self.next_group += 1;
                    if self.names.iter().filter(|(n, _)| *n == name).count() != 1 {
                        return Err(()); // a duplicate name
                    }
                    (Node::Group(Box::new(self.disjunction()?), Some(index)), true)
                }
                _ => return Err(()),
            }
        } else {
            let index = self.next_group;
            self.next_group += 1;
            (Node::Group(Box::new(self.disjunction()?), Some(index)), true)
        };
        if !self.eat(')') {
            return Err(());
        }
        self.depth -= 1;
        Ok(result)
    }

    /// `name>` after `(?<` or `\k<`.
    fn group_name(&mut self) -> Result<String, ()> {
        let mut name = String::new();
        loop {
            match self.peek() {
                Some('>') => {
                    self.at += 1;
                    break;
                }
                Some(c) if c.is_alphanumeric() || c == '_' || c == '$' => {
                    if name.is_empty() && c.is_ascii_digit() {
                        return Err(());
                    }
                    name.push(c);
                    self.at += 1;
                }
                _ => return Err(()),
            }
        }
        if name.is_empty() { Err(()) } else { Ok(name) }
    }

    fn atom_escape(&mut self) -> Result<(Node, bool), ()> {
        let c = self.peek().ok_or(())?;
        match c {
            'b' => {
                self.at += 1;
                Ok((Node::Assert(Assertion::WordBoundary), false))
            }
            'B' => {
                self.at += 1;
                Ok((Node::Assert(Assertion::NotWordBoundary), false))
            }
            '1'..='9' => {
                let start = self.at;
                while self.peek().is_some_and(|d| d.is_ascii_digit()) {
                    self.at += 1;
                }
                let text: String = self.chars[start..self.at].iter().collect();
                let n: u32 = text.parse().map_err(|_| ())?;
                if n == 0 || n > self.groups {
                    return Err(());
                }
                Ok((Node::Backref(n), true))
            }
            'k' if !self.names.is_empty() => {
                self.at += 1;
                if !self.eat('<') {
                    return Err(());
                }
                let name = self.group_name()?;
                let index = self.names.iter().find(|(n, _)| *n == name).map(|(_, i)| *i).ok_or(())?;
                Ok((Node::Backref(index), true))
            }
            _ => match self.class_escape(false)? {
                Escaped::Char(c) => Ok((Node::Char(c), true)),
                Escaped::Set(ranges) => Ok((Node::Class(ClassSet::new(ranges, false)), true)),
            },
        }
    }

    /// The escape after a `\` (the cursor is past the backslash), outside or inside a class.
    fn class_escape(&mut self, in_class: bool) -> Result<Escaped, ()> {
        let c = self.peek().ok_or(())?;
        self.at += 1;
        let set = |ranges: &[(u32, u32)], negated: bool| {
            Escaped::Set(if negated { complement(ranges) } else { ranges.to_vec() })
        };
        Ok(match c {
            'd' => set(DIGIT, false),
            'D' => set(DIGIT, true),
            'w' => set(WORD, false),
            'W' => set(WORD, true),
            's' => set(SPACE, false),
            'S' => set(SPACE, true),
            'b' if in_class => Escaped::Char('\u{8}'),
            't' => Escaped::Char('\t'),
            'n' => Escaped::Char('\n'),
            'r' => Escaped::Char('\r'),
            'f' => Escaped::Char('\u{C}'),
            'v' => Escaped::Char('\u{B}'),
            '0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => Escaped::Char('\0'),
            'x' => Escaped::Char(self.hex(2)?),
            'u' => {
                if self.eat('{') {
                    let close =
                        self.chars.get(self.at..).and_then(|r| r.iter().position(|c| *c == '}')).ok_or(())?;
                    let hex: String = self.chars[self.at..self.at + close].iter().collect();
                    self.at += close + 1;
                    let value = u32::from_str_radix(&hex, 16).map_err(|_| ())?;
                    Escaped::Char(char::from_u32(value).ok_or(())?)
                } else {
                    Escaped::Char(self.hex(4)?)
                }
            }
            'c' => {
                let letter = self.peek().filter(char::is_ascii_alphabetic).ok_or(())?;
                self.at += 1;
                Escaped::Char(char::from_u32(letter as u32 % 32).ok_or(())?)
            }
            // Unicode property escapes need tables this build leaves out: refused clearly.
            'p' | 'P' => return Err(()),
            // An identity escape: the character itself (`\/`, `\.`, `\-`, and, as browsers
            // read patterns without the `u` flag, a letter or digit for itself).
            c => Escaped::Char(c),
        })
    }

    /// `digits` hexadecimal digits as a character (a lone surrogate is refused).
    fn hex(&mut self, digits: usize) -> Result<char, ()> {
        let text: String = self.chars.get(self.at..self.at + digits).ok_or(())?.iter().collect();
        if !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(());
        }
        self.at += digits;
        char::from_u32(u32::from_str_radix(&text, 16).map_err(|_| ())?).ok_or(())
    }

    /// A class after its `[`.
    fn class(&mut self) -> Result<ClassSet, ()> {
        let negated = self.eat('^');
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        loop {
            let c = self.peek().ok_or(())?;
            if c == ']' {
                self.at += 1;
                break;
            }
            let from = self.class_atom()?;
            // `a-z`; a `-` first, last, or next to a set escape (`\d-x`) is literal.
            if self.peek() == Some('-') && self.peek_at(1).is_some_and(|n| n != ']') {
                self.at += 1;
                let to = self.class_atom()?;
                match (from, to) {
                    (Escaped::Char(a), Escaped::Char(b)) => {
                        if a > b {
                            return Err(());
                        }
                        ranges.push((a as u32, b as u32));
                    }
                    (a, b) => {
                        for e in [a, Escaped::Char('-'), b] {
                            push_escaped(&mut ranges, e);
                        }
                    }
                }
            } else {
                push_escaped(&mut ranges, from);
            }
        }
        Ok(ClassSet::new(ranges, negated))
    }

    fn class_atom(&mut self) -> Result<Escaped, ()> {
        let c = self.peek().ok_or(())?;
        self.at += 1;
        if c == '\\' {
            match self.peek() {
                // In a class a digit escape is the digit and `\B`, `\k` are the letters.
                Some(d @ ('1'..='9' | 'B' | 'k' | '-')) => {
                    self.at += 1;
                    Ok(Escaped::Char(d))
                }
                _ => self.class_escape(true),
            }
        } else {
            Ok(Escaped::Char(c))
        }
    }
}

enum Escaped {
    Char(char),
    Set(Vec<(u32, u32)>),
}

fn push_escaped(ranges: &mut Vec<(u32, u32)>, e: Escaped) {
    match e {
        Escaped::Char(c) => ranges.push((c as u32, c as u32)),
        Escaped::Set(set) => ranges.extend(set),
    }
}
