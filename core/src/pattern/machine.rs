//! Runs a parsed pattern: compiled to a small instruction list, matched by a backtracker.
//!
//! Without back-references the backtracker is memoised — it never tries the same instruction
//! at the same position twice — so a match takes at most (program length × value length)
//! steps whatever the pattern and the value: `^(a+)+$` or the JNPF e-mail pattern cannot make
//! it backtrack for ever. A lookaround's body is memoised too; only the positions a
//! successful lookaround walked are walked again by its next evaluation. Patterns with
//! back-references are matched without the memo, within a step budget; a value that
//! exhausts the budget does not match (it is refused, never waved through).

use super::syntax::{Assertion, ClassSet, Flags, Node, Parsed, is_line_terminator, is_word};

/// Most instructions a pattern may compile to (`(a{1000}){1000}` is refused).
const MAX_INSTS: usize = 100_000;
/// Steps one test may take with the memo (lookaround can walk a value again).
const STEP_LIMIT: usize = 10_000_000;
/// Steps one test may take without the memo (patterns with back-references).
const BACKTRACK_LIMIT: usize = 1_000_000;
/// Largest memo, in bits (instructions × positions); beyond it the step budget applies.
const MEMO_LIMIT_BITS: usize = 1 << 24;
/// An unset capture or register.
const UNSET: usize = usize::MAX;

#[derive(Clone, Copy)]
enum Inst {
    Match,
    /// A character (its canonical form under `i`); `true`: read backwards (lookbehind).
    Char(char, bool),
    Class(u32, bool),
    /// Try the first, then the second.
    Split(u32, u32),
    Jmp(u32),
    /// Records the position in a capture slot.
    Save(u32),
    Assert(Assertion),
    /// A lookaround whose body starts at `body` and ends with `Match`; then `next`.
    Look {
        body: u32,
        next: u32,
        negate: bool,
    },
    Backref(u32, bool),
    /// Records the position in a register, to refuse an iteration that consumed nothing.
    Mark(u32),
    Check(u32),
    /// Unsets capture slots `.0..1` (each iteration of a repeated group starts without them).
    Clear(u32, u32),
    /// One character or class repeated `min..=max` times (`max` u32::MAX: unbounded), matched
    /// in a tight loop; backtracking gives characters back one at a time.
    Star {
        atom: Atom,
        min: u32,
        max: u32,
        greedy: bool,
        back: bool,
    },
}

#[derive(Clone, Copy)]
enum Atom {
    Char(char),
    Class(u32),
}

/// A compiled pattern.
pub(super) struct Program {
    insts: Vec<Inst>,
    classes: Vec<ClassSet>,
    flags: Flags,
    /// Capture slots and registers (only with back-references).
    slots: usize,
    /// No back-references: memoised, captures not tracked.
    memo: bool,
    /// Starts with `^` outside multiline mode: only position 0 can match.
    anchored: bool,
}

struct Compiler {
    insts: Vec<Inst>,
    classes: Vec<ClassSet>,
    ignore_case: bool,
    /// Track captures (back-references need them).
    track: bool,
    next_register: u32,
}

pub(super) fn compile(parsed: &Parsed) -> Result<Program, ()> {
    let track = parsed.has_backref;
    let mut c = Compiler {
        insts: Vec::new(),
        classes: Vec::new(),
        ignore_case: parsed.flags.ignore_case,
        track,
        next_register: 2 * (parsed.groups + 1),
    };
    c.node(&parsed.node, false)?;
    c.emit(Inst::Match)?;
    Ok(Program {
        insts: c.insts,
        classes: c.classes,
        flags: parsed.flags,
        slots: if track { c.next_register as usize } else { 0 },
        memo: !track,
        anchored: !parsed.flags.multiline && starts_anchored(&parsed.node),
    })
}

fn starts_anchored(node: &Node) -> bool {
    match node {
        Node::Assert(Assertion::Start) => true,
        Node::Concat(items) => items.first().is_some_and(starts_anchored),
        Node::Group(n, _) => starts_anchored(n),
        Node::Alt(items) => items.iter().all(starts_anchored),
        _ => false,
    }
}

impl Compiler {
    fn emit(&mut self, inst: Inst) -> Result<u32, ()> {
        if self.insts.len() >= MAX_INSTS {
            return Err(());
        }
        self.insts.push(inst);
        Ok((self.insts.len() - 1) as u32)
    }

    fn here(&self) -> u32 {
        self.insts.len() as u32
    }

    fn patch(&mut self, at: u32, inst: Inst) {
        if let Some(slot) = self.insts.get_mut(at as usize) {
            *slot = inst;
        }
    }

    fn node(&mut self, node: &Node, back: bool) -> Result<(), ()> {
        match node {
            Node::Empty => {}
            Node::Char(ch) => {
                let ch = if self.ignore_case { canonical(*ch) } else { *ch };
                self.emit(Inst::Char(ch, back))?;
            }
            Node::Class(set) => {
                self.classes.push(set.clone());
                self.emit(Inst::Class((self.classes.len() - 1) as u32, back))?;
            }
            Node::Assert(a) => {
                self.emit(Inst::Assert(*a))?;
            }
            Node::Group(inner, index) => match index.filter(|_| self.track) {
                Some(g) => {
                    let (first, second) = if back { (2 * g + 1, 2 * g) } else { (2 * g, 2 * g + 1) };
                    self.emit(Inst::Save(first))?;
                    self.node(inner, back)?;
                    self.emit(Inst::Save(second))?;
                }
                None => self.node(inner, back)?,
            },
            Node::Look { node: inner, ahead, negate } => {
                let look = self.emit(Inst::Look { body: 0, next: 0, negate: *negate })?;
                self.node(inner, !ahead)?;
                self.emit(Inst::Match)?;
                let next = self.here();
                self.patch(look, Inst::Look { body: look + 1, next, negate: *negate });
            }
            Node::Backref(g) => {
                self.emit(Inst::Backref(*g, back))?;
            }
            Node::Concat(items) => {
                if back {
                    for item in items.iter().rev() {
                        self.node(item, back)?;
                    }
                } else {
                    for item in items {
                        self.node(item, back)?;
                    }
                }
            }
            Node::Alt(items) => {
                let mut jumps = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    if i + 1 < items.len() {
                        let split = self.emit(Inst::Split(0, 0))?;
                        self.node(item, back)?;
                        jumps.push(self.emit(Inst::Jmp(0))?);
                        let next = self.here();
                        self.patch(split, Inst::Split(split + 1, next));
                    } else {
                        self.node(item, back)?;
                    }
                }
                let end = self.here();
                for j in jumps {
                    self.patch(j, Inst::Jmp(end));
                }
            }
            Node::Repeat { node: inner, min, max, greedy } => {
                self.repeat(inner, *min, *max, *greedy, back)?
            }
        }
        Ok(())
    }

    /// One iteration of a repeated node: its captures start unset (tracked programs only).
    fn iteration(&mut self, inner: &Node, back: bool) -> Result<(), ()> {
        if self.track
            && let Some((lo, hi)) = inner.groups()
        {
            self.emit(Inst::Clear(2 * lo, 2 * hi + 2))?;
        }
        self.node(inner, back)
    }

    fn repeat(
        &mut self,
        inner: &Node,
        min: u32,
        max: Option<u32>,
        greedy: bool,
        back: bool,
    ) -> Result<(), ()> {
        let atom = match inner {
            Node::Char(ch) => Some(Atom::Char(if self.ignore_case { canonical(*ch) } else { *ch })),
            Node::Class(set) => {
                self.classes.push(set.clone());
                Some(Atom::Class((self.classes.len() - 1) as u32))
            }
            _ => None,
        };
        if let Some(atom) = atom {
            self.emit(Inst::Star { atom, min, max: max.unwrap_or(u32::MAX), greedy, back })?;
            return Ok(());
        }
        for _ in 0..min {
            self.iteration(inner, back)?;
        }
        // An optional iteration that consumes nothing ends the loop (ECMAScript's
        // RepeatMatcher); the memo cuts such cycles by itself.
        let register = (self.track && inner.can_be_empty()).then(|| {
            self.next_register += 1;
            self.next_register - 1
        });
        let split =
            |body: u32, exit: u32| if greedy { Inst::Split(body, exit) } else { Inst::Split(exit, body) };
        match max {
            None => {
                let top = self.emit(Inst::Split(0, 0))?;
                self.optional_body(inner, register, back)?;
                self.emit(Inst::Jmp(top))?;
                let exit = self.here();
                self.patch(top, split(top + 1, exit));
            }
            Some(max) => {
                let mut splits = Vec::new();
                for _ in min..max {
                    splits.push(self.emit(Inst::Split(0, 0))?);
                    self.optional_body(inner, register, back)?;
                }
                let exit = self.here();
                for s in splits {
                    self.patch(s, split(s + 1, exit));
                }
            }
        }
        Ok(())
    }

    fn optional_body(&mut self, inner: &Node, register: Option<u32>, back: bool) -> Result<(), ()> {
        if let Some(r) = register {
            self.emit(Inst::Mark(r))?;
        }
        self.iteration(inner, back)?;
        if let Some(r) = register {
            self.emit(Inst::Check(r))?;
        }
        Ok(())
    }
}

/// ECMAScript's Canonicalize without the `u` flag: the upper case of a character when that
/// is one character and does not turn a non-ASCII character into an ASCII one.
pub(super) fn canonical(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_uppercase();
    }
    let mut upper = c.to_uppercase();
    match (upper.next(), upper.next()) {
        (Some(u), None) if !u.is_ascii() => u,
        _ => c,
    }
}

enum Frame {
    Try(u32, usize),
    Restore(u32, usize),
    /// A greedy `Star` at `star` may give back characters down to `min_pos`: continue after
    /// it from one character before `pos`.
    Shorter {
        star: u32,
        min_pos: usize,
        pos: usize,
    },
    /// A lazy `Star` at `star` that has matched `count` times up to `pos` may take one more.
    Longer {
        star: u32,
        pos: usize,
        count: u32,
    },
}

/// Buffers reused from one test to the next (a form tests many values).
#[derive(Default)]
struct Scratch {
    memo: Vec<u64>,
    touched: Vec<usize>,
    slots: Vec<usize>,
    stack: Vec<Frame>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// Steps before the memo is set up: most tests end sooner, and need no memo at all.
const STEPS_WITHOUT_MEMO: usize = 256;

struct Machine<'a> {
    prog: &'a Program,
    /// The value; positions are byte offsets at character boundaries.
    text: &'a str,
    width: usize,
    /// The program may use the memo (no back-references, and it fits).
    memo_allowed: bool,
    /// The memo is set up (after `STEPS_WITHOUT_MEMO` steps).
    use_memo: bool,
    s: &'a mut Scratch,
    depth: usize,
    steps: usize,
    limit: usize,
    exhausted: bool,
}

impl Program {
    /// `RegExp.prototype.test`.
    pub(super) fn is_match(&self, text: &str) -> bool {
        SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut scratch) => {
                let found = self.is_match_with(text, &mut scratch);
                if scratch.memo.capacity() > 1 << 16 {
                    scratch.memo = Vec::new(); // do not keep a large memo around
                }
                found
            }
            Err(_) => self.is_match_with(text, &mut Scratch::default()),
        })
    }

    fn is_match_with(&self, text: &str, scratch: &mut Scratch) -> bool {
        let width = text.len() + 1;
        let memo_allowed = self.memo && self.insts.len().saturating_mul(width) <= MEMO_LIMIT_BITS;
        scratch.stack.clear();
        scratch.touched.clear();
        scratch.slots.clear();
        scratch.slots.resize(self.slots, UNSET);
        let mut m = Machine {
            prog: self,
            text,
            width,
            memo_allowed,
            use_memo: false,
            s: scratch,
            depth: 0,
            steps: 0,
            limit: if memo_allowed { STEP_LIMIT } else { BACKTRACK_LIMIT },
            exhausted: false,
        };
        let starts = text.char_indices().map(|(i, _)| i).chain(std::iter::once(text.len()));
        for start in starts {
            if !m.s.slots.is_empty() {
                m.s.slots.fill(UNSET);
            }
            if m.run(0, start) {
                return true;
            }
            if m.exhausted || self.anchored {
                return false;
            }
        }
        false
    }
}

impl Machine<'_> {
    /// The character before (`back`) or at `pos`, and the position past it.
    fn next(&self, pos: usize, back: bool) -> Option<(char, usize)> {
        if back {
            let c = self.text.get(..pos)?.chars().next_back()?;
            Some((c, pos - c.len_utf8()))
        } else {
            let c = self.text.get(pos..)?.chars().next()?;
            Some((c, pos + c.len_utf8()))
        }
    }

    fn class_matches(&self, class: u32, c: char) -> bool {
        self.prog.classes.get(class as usize).is_some_and(|set| self.set_matches(set, c))
    }

    fn set_matches(&self, set: &ClassSet, c: char) -> bool {
        let held = set.holds(c as u32)
            || (self.prog.flags.ignore_case && {
                let canon = canonical(c);
                set.holds(canon as u32) || {
                    let mut lower = canon.to_lowercase();
                    match (lower.next(), lower.next()) {
                        (Some(l), None) => canonical(l) == canon && set.holds(l as u32),
                        _ => false,
                    }
                }
            });
        held != set.negated
    }

    fn atom_at(&self, atom: Atom, pos: usize, back: bool) -> Option<usize> {
        let (c, p) = self.next(pos, back)?;
        let hit = match atom {
            Atom::Char(want) => c == want || (self.prog.flags.ignore_case && canonical(c) == want),
            Atom::Class(class) => self.class_matches(class, c),
        };
        hit.then_some(p)
    }

    /// Where matching `atom` up to `most` more times from `pos` ends (the Star's tight loop).
    fn greedy_end(&mut self, atom: Atom, pos: usize, most: u32, back: bool) -> usize {
        let set = match atom {
            Atom::Class(class) => self.prog.classes.get(class as usize),
            Atom::Char(_) => None,
        };
        let hit = |c: char| match (atom, set) {
            (Atom::Char(want), _) => c == want || (self.prog.flags.ignore_case && canonical(c) == want),
            (_, Some(set)) => self.set_matches(set, c),
            _ => false,
        };
        let mut count = 0u32;
        let end = if back {
            let before = self.text.get(..pos).unwrap_or("");
            let mut end = pos;
            for (i, c) in before.char_indices().rev() {
                if count == most || !hit(c) {
                    break;
                }
                count += 1;
                end = i;
            }
            end
        } else {
            let after = self.text.get(pos..).unwrap_or("");
            let mut end = self.text.len();
            for (i, c) in after.char_indices() {
                if count == most || !hit(c) {
                    end = pos + i;
                    break;
                }
                count += 1;
            }
            end
        };
        self.steps += count as usize;
        end
    }

    fn same(&self, a: char, b: char) -> bool {
        a == b || (self.prog.flags.ignore_case && canonical(a) == canonical(b))
    }

    fn assertion(&self, a: Assertion, pos: usize) -> bool {
        let before = self.next(pos, true).map(|(c, _)| c);
        let after = self.next(pos, false).map(|(c, _)| c);
        let multiline = self.prog.flags.multiline;
        match a {
            Assertion::Start => before.is_none_or(|c| multiline && is_line_terminator(c)),
            Assertion::End => after.is_none_or(|c| multiline && is_line_terminator(c)),
            Assertion::WordBoundary => before.is_some_and(is_word) != after.is_some_and(is_word),
            Assertion::NotWordBoundary => before.is_some_and(is_word) == after.is_some_and(is_word),
        }
    }

    /// The position after matching capture `group` again at `pos`, if it does.
    fn backref(&self, group: u32, pos: usize, back: bool) -> Option<usize> {
        let start = *self.s.slots.get(2 * group as usize)?;
        let end = *self.s.slots.get(2 * group as usize + 1)?;
        if start == UNSET || end == UNSET || end < start {
            return Some(pos); // a group that did not take part matches the empty text
        }
        let captured = self.text.get(start..end)?;
        let mut at = pos;
        if back {
            for want in captured.chars().rev() {
                let (c, p) = self.next(at, true)?;
                if !self.same(want, c) {
                    return None;
                }
                at = p;
            }
        } else {
            for want in captured.chars() {
                let (c, p) = self.next(at, false)?;
                if !self.same(want, c) {
                    return None;
                }
                at = p;
            }
        }
        Some(at)
    }

    fn set_slot(&mut self, slot: u32, value: usize) {
        if let Some(s) = self.s.slots.get_mut(slot as usize) {
            let old = std::mem::replace(s, value);
            self.s.stack.push(Frame::Restore(slot, old));
        }
    }

    /// Sets up the memo once a test has taken `STEPS_WITHOUT_MEMO` steps. States walked
    /// before are merely not known yet; the memo stays correct.
    fn start_memo(&mut self) {
        let words = (self.prog.insts.len() * self.width).div_ceil(64);
        self.s.memo.clear();
        self.s.memo.resize(words, 0);
        self.use_memo = true;
    }

    /// Does the program match from instruction `start_pc` at `start_pos`?
    fn run(&mut self, start_pc: u32, start_pos: usize) -> bool {
        let base = self.s.stack.len();
        let touched_base = self.s.touched.len();
        self.s.stack.push(Frame::Try(start_pc, start_pos));
        while self.s.stack.len() > base {
            let (mut pc, mut pos) = match self.s.stack.pop() {
                Some(Frame::Try(pc, pos)) => (pc, pos),
                Some(Frame::Restore(slot, value)) => {
                    if let Some(s) = self.s.slots.get_mut(slot as usize) {
                        *s = value;
                    }
                    continue;
                }
                Some(Frame::Shorter { star, min_pos, pos }) => {
                    let Some(Inst::Star { back, .. }) = self.prog.insts.get(star as usize).copied() else {
                        continue;
                    };
                    let Some((_, shorter)) = self.next(pos, !back) else { continue };
                    if shorter != min_pos {
                        self.s.stack.push(Frame::Shorter { star, min_pos, pos: shorter });
                    }
                    (star + 1, shorter)
                }
                Some(Frame::Longer { star, pos, count }) => {
                    let Some(Inst::Star { atom, max, back, .. }) =
                        self.prog.insts.get(star as usize).copied()
                    else {
                        continue;
                    };
                    let Some(longer) = self.atom_at(atom, pos, back) else { continue };
                    if count + 1 < max {
                        self.s.stack.push(Frame::Longer { star, pos: longer, count: count + 1 });
                    }
                    (star + 1, longer)
                }
                None => break,
            };
            loop {
                self.steps += 1;
                if self.steps > self.limit {
                    self.exhausted = true;
                    self.s.stack.truncate(base);
                    return false;
                }
                if self.use_memo {
                    let bit = pc as usize * self.width + pos;
                    let (word, mask) = (bit / 64, 1u64 << (bit % 64));
                    if self.s.memo[word] & mask != 0 {
                        break;
                    }
                    self.s.memo[word] |= mask;
                    if self.depth > 0 {
                        self.s.touched.push(bit);
                    }
                } else if self.memo_allowed && self.steps > STEPS_WITHOUT_MEMO {
                    self.start_memo();
                }
                let Some(&inst) = self.prog.insts.get(pc as usize) else { break };
                match inst {
                    Inst::Match => {
                        if self.depth == 0 {
                            return true; // the whole pattern matched
                        }
                        // A lookaround body matched. Captures it set stay set until the
                        // caller backtracks past them: keep their restore frames, drop the
                        // untried alternatives.
                        if self.s.slots.is_empty() {
                            self.s.stack.truncate(base);
                        } else {
                            let kept: Vec<Frame> = self
                                .s
                                .stack
                                .drain(base..)
                                .filter(|f| matches!(f, Frame::Restore(..)))
                                .collect();
                            self.s.stack.extend(kept);
                        }
                        // What it walked is not known to fail: forget it.
                        if self.use_memo {
                            for bit in self.s.touched.drain(touched_base..) {
                                self.s.memo[bit / 64] &= !(1u64 << (bit % 64));
                            }
                        }
                        self.s.touched.truncate(touched_base);
                        return true;
                    }
                    Inst::Char(want, back) => match self.next(pos, back) {
                        Some((c, p))
                            if c == want || (self.prog.flags.ignore_case && canonical(c) == want) =>
                        {
                            pc += 1;
                            pos = p;
                        }
                        _ => break,
                    },
                    Inst::Class(class, back) => match self.next(pos, back) {
                        Some((c, p)) if self.class_matches(class, c) => {
                            pc += 1;
                            pos = p;
                        }
                        _ => break,
                    },
                    Inst::Split(first, second) => {
                        self.s.stack.push(Frame::Try(second, pos));
                        pc = first;
                    }
                    Inst::Jmp(to) => pc = to,
                    Inst::Save(slot) | Inst::Mark(slot) => {
                        self.set_slot(slot, pos);
                        pc += 1;
                    }
                    Inst::Check(slot) => {
                        if self.s.slots.get(slot as usize) == Some(&pos) {
                            break;
                        }
                        pc += 1;
                    }
                    Inst::Clear(from, to) => {
                        for slot in from..to {
                            self.set_slot(slot, UNSET);
                        }
                        pc += 1;
                    }
                    Inst::Assert(a) => {
                        if !self.assertion(a, pos) {
                            break;
                        }
                        pc += 1;
                    }
                    Inst::Look { body, next, negate } => {
                        self.depth += 1;
                        let matched = self.run(body, pos);
                        self.depth -= 1;
                        if self.exhausted {
                            self.s.stack.truncate(base);
                            return false;
                        }
                        if matched == negate {
                            break;
                        }
                        pc = next;
                    }
                    Inst::Star { atom, min, max, greedy, back } => {
                        let mut count = 0;
                        while count < min {
                            match self.atom_at(atom, pos, back) {
                                Some(p) => pos = p,
                                None => break,
                            }
                            count += 1;
                        }
                        if count < min {
                            break;
                        }
                        if greedy {
                            let min_pos = pos;
                            pos = self.greedy_end(atom, pos, max - count, back);
                            if pos != min_pos {
                                self.s.stack.push(Frame::Shorter { star: pc, min_pos, pos });
                            }
                        } else if count < max {
                            self.s.stack.push(Frame::Longer { star: pc, pos, count });
                        }
                        pc += 1;
                    }
                    Inst::Backref(group, back) => match self.backref(group, pos, back) {
                        Some(p) => {
                            pc += 1;
                            pos = p;
                        }
                        None => break,
                    },
                }
            }
        }
        // Failed: everything walked is known to fail from there, whatever the context.
        self.s.touched.truncate(touched_base);
        false
    }
}
