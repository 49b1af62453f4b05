//! No import circles between the server's files (issue 23 §3): a file that names another one
//! (`use crate::a::b`, `super::x::Y`, `self::c`, a child module's `c::f`, or a name brought in
//! by `use`) depends on it, and no file may depend on itself around a circle. A name re-exported
//! by `pub use` counts as the file that defines it; `mod x;` alone is no dependency. Circles
//! are what stops an area from being read, tested or moved on its own: the crate root and the
//! state type used to import every area, which all imported them back (one circle of 150 files).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

/// Source files by their path under `src/` (`access/mod.rs`), with comments and the
/// `#[cfg(test)]` module (which comes last) removed.
pub struct Tree {
    files: BTreeMap<String, String>,
    aliases: BTreeMap<String, BTreeMap<String, Alias>>,
}

/// A name a file brings in with `use`: the path it stands for, and whether it is re-exported.
struct Alias {
    path: Vec<String>,
    public: bool,
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The code without `//` comments, `/* */` comments, string literals and the test module.
fn strip(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == '"' {
            // A raw string r"…" or r#"…"# is rare here and holds no paths worth reading; a
            // plain string ends at the first unescaped quote.
            let raw = i > 0 && (chars[i - 1] == 'r' || chars[i - 1] == '#');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' && !raw {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && next == Some('"') {
            out.push_str("' '");
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    // `pub(in crate::x)` is a visibility, not a dependency.
    while let Some(at) = out.find("pub(in ") {
        let end = out[at..].find(')').map_or(out.len(), |e| at + e + 1);
        out.replace_range(at..end, "pub");
    }
    // A macro_rules! body is code of the place the macro is used (the handlers
    // crud::handlers! writes live in each area: its `super::*` is theirs), not a dependency of
    // the file defining it.
    let mut from = 0;
    while let Some(at) = out[from..].find("macro_rules!").map(|a| a + from) {
        let Some(open) = out[at..].find('{').map(|o| o + at) else { break };
        let mut depth = 0;
        let mut close = out.len();
        for (i, c) in out[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = open + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.replace_range(open + 1..close, "");
        from = open + 1;
    }
    // Inside an inline `mod x { … }` the file itself is `super` (service.rs's `pub mod
    // companies { pub use super::{…}; }` names service.rs, not mod.rs).
    let mut from = 0;
    while let Some(at) = out[from..].find("mod ").map(|a| a + from) {
        from = at + 4;
        if out[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let name_end = out[from..].find(|c: char| !is_ident(c)).map_or(out.len(), |e| e + from);
        let Some(open) = out[name_end..].find(|c: char| !c.is_whitespace()).map(|o| o + name_end).filter(|&o| out[o..].starts_with('{')) else {
            continue;
        };
        let mut depth = 0;
        let mut close = out.len();
        for (i, c) in out[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = open + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let inner = out[open..close].replace("super::", "self::");
        out.replace_range(open..close, &inner);
    }
    out
}

/// Expands a use tree (`a::{b, c::{self, D as E}}`) into paths with the name each binds.
fn expand(tree: &str, prefix: &[String], out: &mut Vec<(Vec<String>, String)>) {
    let tree = tree.trim();
    let (head, group) = match tree.find('{') {
        Some(at) => (&tree[..at], Some(&tree[at + 1..tree.rfind('}').unwrap_or(tree.len())])),
        None => (tree, None),
    };
    let mut path = prefix.to_vec();
    let mut head = head.trim().trim_end_matches("::").to_string();
    let mut bound = None;
    if group.is_none()
        && let Some((name, alias)) = head.clone().split_once(" as ")
    {
        head = name.trim().to_string();
        bound = Some(alias.trim().to_string());
    }
    path.extend(head.split("::").map(|s| s.trim().to_string()).filter(|s| !s.is_empty()));
    match group {
        Some(group) => {
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&group[start..i], &path, out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            if !group[start..].trim().is_empty() {
                expand(&group[start..], &path, out);
            }
        }
        None => {
            if path.last().is_some_and(|s| s == "*") {
                path.pop();
                out.push((path, String::new()));
                return;
            }
            if path.last().is_some_and(|s| s == "self") {
                path.pop();
            }
            let name = bound.unwrap_or_else(|| path.last().cloned().unwrap_or_default());
            out.push((path, name));
        }
    }
}

/// The names a file brings in with `use`.
fn aliases(code: &str) -> BTreeMap<String, Alias> {
    let mut out = BTreeMap::new();
    for (tree, public) in uses(code).0 {
        let mut paths = Vec::new();
        expand(&tree, &[], &mut paths);
        for (path, name) in paths {
            if !name.is_empty() {
                out.insert(name, Alias { path, public });
            }
        }
    }
    out
}

/// `use` statements: (the use tree, re-exported?) and the code with them removed.
fn uses(code: &str) -> (Vec<(String, bool)>, String) {
    let mut found = Vec::new();
    let mut rest = String::new();
    let mut at = 0;
    while let Some(i) = code[at..].find("use ").map(|i| i + at) {
        let before = code[..i].chars().next_back();
        if before.is_some_and(is_ident) {
            rest.push_str(&code[at..i + 4]);
            at = i + 4;
            continue;
        }
        let Some(end) = code[i..].find(';').map(|e| e + i) else { break };
        let line_start = code[..i].rfind(['\n', ';', '{', '}']).map_or(0, |s| s + 1);
        let public = code[line_start..i].contains("pub");
        found.push((code[i + 4..end].to_string(), public));
        rest.push_str(&code[at..i]);
        at = end + 1;
    }
    rest.push_str(&code[at..]);
    (found, rest)
}

/// Paths written in code: `a::b::c` (not preceded by `::` or a letter), split into segments.
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = is_ident(chars[i])
            && !chars[i].is_ascii_digit()
            && (i == 0 || !(is_ident(chars[i - 1]) || chars[i - 1] == ':'));
        if !starts {
            i += 1;
            continue;
        }
        let mut segments = Vec::new();
        loop {
            let begin = i;
            while i < chars.len() && is_ident(chars[i]) {
                i += 1;
            }
            segments.push(chars[begin..i].iter().collect::<String>());
            if i + 2 < chars.len() && chars[i] == ':' && chars[i + 1] == ':' && is_ident(chars[i + 2]) {
                i += 2;
            } else {
                break;
            }
        }
        if segments.len() > 1 {
            out.push(segments);
        }
    }
    out
}

impl Tree {
    /// Every `.rs` file under `src`.
    pub fn read(src: &Path) -> Tree {
        fn walk(root: &Path, dir: &Path, files: &mut BTreeMap<String, String>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    walk(root, &path, files);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let name = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                    files.insert(name, std::fs::read_to_string(&path).unwrap());
                }
            }
        }
        let mut files = BTreeMap::new();
        walk(src, src, &mut files);
        Tree::of(files)
    }

    pub fn of(files: BTreeMap<String, String>) -> Tree {
        let files: BTreeMap<String, String> = files.into_iter().filter(|(name, _)| name != "main.rs").map(|(n, t)| (n, strip(&t))).collect();
        let aliases = files.iter().map(|(name, code)| (name.clone(), aliases(code))).collect();
        Tree { files, aliases }
    }

    /// The folder that holds a file's child modules ("" for the crate root).
    fn dir(file: &str) -> String {
        if file == "lib.rs" {
            String::new()
        } else if let Some(dir) = file.strip_suffix("/mod.rs") {
            dir.to_string()
        } else {
            file.trim_end_matches(".rs").to_string()
        }
    }

    fn file_of(&self, dir: &str) -> String {
        if dir.is_empty() {
            return "lib.rs".into();
        }
        let file = format!("{dir}.rs");
        if self.files.contains_key(&file) { file } else { format!("{dir}/mod.rs") }
    }

    fn child(&self, dir: &str, name: &str) -> Option<String> {
        let path = if dir.is_empty() { name.to_string() } else { format!("{dir}/{name}") };
        (self.files.contains_key(&format!("{path}.rs")) || self.files.contains_key(&format!("{path}/mod.rs"))).then_some(path)
    }

    fn alias(&self, file: &str, name: &str) -> Option<&Alias> {
        self.aliases.get(file)?.get(name)
    }

    /// The file a path written in `file` leads to, or None for another crate or a local name.
    fn resolve(&self, file: &str, path: &[String], depth: usize) -> Option<String> {
        self.locate(file, path, depth).map(|(target, _)| target)
    }

    /// [`Tree::resolve`], and whether the whole path names modules.
    fn locate(&self, file: &str, path: &[String], depth: usize) -> Option<(String, bool)> {
        if depth > 8 || path.is_empty() {
            return None;
        }
        let mut dir = Tree::dir(file);
        let mut rest = path;
        match path[0].as_str() {
            "crate" => {
                dir = String::new();
                rest = &path[1..];
            }
            "self" => rest = &path[1..],
            "super" => {
                while rest.first().is_some_and(|s| s == "super") {
                    dir = dir.rsplit_once('/').map_or(String::new(), |(parent, _)| parent.to_string());
                    rest = &rest[1..];
                }
            }
            first if self.child(&dir, first).is_some() => {}
            first => {
                let alias = self.alias(file, first)?;
                let full: Vec<String> = alias.path.iter().cloned().chain(path[1..].iter().cloned()).collect();
                return self.locate(file, &full, depth + 1);
            }
        }
        let mut rest = rest.iter();
        let mut leftover = Vec::new();
        for segment in rest.by_ref() {
            match self.child(&dir, segment) {
                Some(child) => dir = child,
                None => {
                    leftover.push(segment.clone());
                    break;
                }
            }
        }
        leftover.extend(rest.cloned());
        let target = self.file_of(&dir);
        // A name the target re-exports counts as the file that defines it.
        if let Some(first) = leftover.first()
            && let Some(alias) = self.alias(&target, first)
            && alias.public
        {
            let full: Vec<String> = alias.path.iter().cloned().chain(leftover[1..].iter().cloned()).collect();
            if let Some(defined) = self.locate(&target, &full, depth + 1) {
                return Some(defined);
            }
        }
        self.files.contains_key(&target).then_some((target, leftover.is_empty()))
    }

    /// Each file and the files it depends on.
    pub fn edges(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut edges = BTreeMap::new();
        for (file, code) in &self.files {
            let (used, rest) = uses(code);
            let mut paths: Vec<Vec<String>> = Vec::new();
            for (tree, _) in used {
                let mut expanded = Vec::new();
                expand(&tree, &[], &mut expanded);
                for (path, _) in expanded {
                    // `use a::b` of a module is no dependency on its mod.rs by itself: the names
                    // written through it are (below).
                    let module = self.locate(file, &path, 0).is_some_and(|(_, module)| module);
                    if !module {
                        paths.push(path);
                    }
                }
            }
            paths.extend(inline_paths(&rest));
            let targets: BTreeSet<String> = paths.iter().filter_map(|p| self.resolve(file, p, 0)).filter(|t| t != file).collect();
            edges.insert(file.clone(), targets);
        }
        edges
    }

    /// The circles: for every group of files that reach each other, one shortest circle
    /// through its first file, and the group's size.
    pub fn circles(&self) -> Vec<(usize, Vec<String>)> {
        let edges = self.edges();
        let reach = |from: &str| -> BTreeSet<String> {
            let mut seen = BTreeSet::new();
            let mut queue = VecDeque::from([from.to_string()]);
            while let Some(f) = queue.pop_front() {
                for next in edges.get(&f).into_iter().flatten() {
                    if seen.insert(next.clone()) {
                        queue.push_back(next.clone());
                    }
                }
            }
            seen
        };
        let reached: BTreeMap<&String, BTreeSet<String>> = edges.keys().map(|f| (f, reach(f))).collect();
        let mut done = BTreeSet::new();
        let mut out = Vec::new();
        for file in edges.keys() {
            if done.contains(file) || !reached[file].contains(file) {
                continue;
            }
            let group: BTreeSet<String> = reached[file].iter().filter(|g| reached[*g].contains(file)).cloned().collect();
            done.extend(group.iter().cloned());
            // Shortest circle from `file` back to it.
            let mut previous: BTreeMap<String, String> = BTreeMap::new();
            let mut queue = VecDeque::from([file.clone()]);
            'search: while let Some(f) = queue.pop_front() {
                for next in edges.get(&f).into_iter().flatten() {
                    if next == file {
                        previous.insert(file.clone() + "#", f.clone());
                        break 'search;
                    }
                    if group.contains(next) && !previous.contains_key(next) {
                        previous.insert(next.clone(), f.clone());
                        queue.push_back(next.clone());
                    }
                }
            }
            let mut circle = vec![file.clone()];
            let mut at = previous[&(file.clone() + "#")].clone();
            while &at != file {
                circle.push(at.clone());
                at = previous[&at].clone();
            }
            circle.push(file.clone());
            circle.reverse();
            out.push((group.len(), circle));
        }
        out
    }
}

fn tree(files: &[(&str, &str)]) -> Tree {
    Tree::of(files.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect())
}

#[test]
fn the_reader_finds_a_circle_and_follows_re_exports() {
    // a → b → a through a use, a child module and a parent's name.
    let circle = tree(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        ("a.rs", "use crate::b::Thing;\npub struct A;\n"),
        ("b/mod.rs", "mod inner;\npub struct Thing;\npub fn f() { inner::g(); }\n"),
        ("b/inner.rs", "pub fn g() { let _ = super::super::a::A; }\n"),
    ]);
    assert_eq!(circle.circles(), vec![(3, ["a.rs", "b/mod.rs", "b/inner.rs", "a.rs"].map(String::from).to_vec())]);
    // A name re-exported by mod.rs is the defining file's; comments, strings, `mod x;` and the
    // test module and a macro_rules! body (the user's code) are no dependencies; a module imported with `use` counts through its names.
    let clean = tree(&[
        ("lib.rs", "pub mod m;\npub mod n;\n// crate::n::Y\n"),
        ("m/mod.rs", "mod x;\nmod y;\npub use x::X;\npub use self::y::Y;\n"),
        ("m/x.rs", "pub struct X;\npub mod steps {\n    pub use super::X as Step;\n}\n"),
        ("m/y.rs", "use super::X;\nuse crate::{n, m::x};\npub struct Y(X, x::X);\nfn f() { n::g() }\n"),
        ("n.rs", "pub(in crate::n) fn g() { let _ = \"crate::m::Y\"; }\n#[cfg(test)]\nmod tests { use crate::m::Y; }\nmacro_rules! h { () => { mod x { use super::*; use crate::m::Y; } }; }\n"),
    ]);
    let edges = clean.edges();
    assert_eq!(edges["m/y.rs"], BTreeSet::from(["m/x.rs".to_string(), "n.rs".to_string()]));
    assert_eq!(edges["m/mod.rs"], BTreeSet::from(["m/x.rs".to_string(), "m/y.rs".to_string()]));
    assert!(edges["n.rs"].is_empty() && edges["lib.rs"].is_empty(), "{edges:?}");
    assert!(clean.circles().is_empty());
}

#[test]
fn the_server_files_import_no_circle() {
    let tree = Tree::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let edges = tree.edges();
    assert!(edges.len() > 150 && edges.values().map(BTreeSet::len).sum::<usize>() > 500, "the reader sees the files' imports");
    let circles = tree.circles();
    let listed: Vec<String> = circles.iter().map(|(size, circle)| format!("{} (of a group of {size} files)", circle.join(" → "))).collect();
    assert!(circles.is_empty(), "files import each other in a circle:\n{}", listed.join("\n"));
}
