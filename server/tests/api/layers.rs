//! The layers are visible from the file names, and the code keeps to them (server/README.md,
//! "How an area is arranged"): every area has routes (mod.rs), handlers, a service, a
//! repository and wire types; handlers hold no SQL; repositories make no decisions; the
//! access module depends on no area; no two areas import each other in a circle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
const AREAS: &[&str] = &["auth", "permission", "system", "file", "visualdev", "message", "workflow"];

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The file without its `#[cfg(test)]` module (which comes last) and `//` comments.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = text.split("#[cfg(test)]").next().unwrap();
    text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The areas a source text names through `crate::<area>`.
fn areas_used(text: &str) -> BTreeSet<&'static str> {
    AREAS.iter().copied().filter(|a| text.contains(&format!("crate::{a}::")) || text.contains(&format!("crate::{a}}}"))).collect()
}

#[test]
fn every_area_has_the_same_files() {
    // Areas, and the sub-areas an area grows (a folder whose mod.rs declares routes).
    let mut dirs: Vec<PathBuf> = AREAS.iter().map(|a| Path::new(SRC).join(a)).collect();
    for area in AREAS {
        for entry in std::fs::read_dir(Path::new(SRC).join(area)).unwrap() {
            let path = entry.unwrap().path();
            if path.join("mod.rs").is_file() && code(&path.join("mod.rs")).contains("pub fn routes()") {
                dirs.push(path);
            }
        }
    }
    assert!(dirs.len() > AREAS.len(), "the sub-areas are found");
    for dir in dirs {
        let area = dir.strip_prefix(SRC).unwrap().display().to_string();
        for file in ["mod.rs", "handlers.rs", "service.rs", "dto.rs"] {
            assert!(dir.join(file).is_file(), "{area}/{file} is missing");
        }
        assert!(dir.join("repo.rs").is_file() || dir.join("repo/mod.rs").is_file(), "{area}/repo is missing");
        let routes = code(&dir.join("mod.rs"));
        assert!(routes.contains("pub fn routes() -> ApiRoutes"), "{area}/mod.rs declares the area's routes");
    }
}

#[test]
fn handlers_hold_no_sql_and_repositories_no_decisions() {
    let sql = ["SELECT ", "INSERT ", "UPDATE ", "DELETE ", "sqlx::"];
    let decisions = ["AppError::bad", "AppError::field", "AppError::forbidden", "AppError::not_found", "AppError::session"];
    for area in AREAS {
        for file in rust_files(&Path::new(SRC).join(area)) {
            let name = file.strip_prefix(SRC).unwrap().display().to_string();
            let text = code(&file);
            if name.ends_with("handlers.rs") {
                for s in sql {
                    assert!(!text.contains(s), "{name} holds SQL ({s:?}): move it to the repository");
                }
            }
            if name.contains("/repo") {
                for d in decisions {
                    assert!(!text.contains(d), "{name} decides ({d}): move the rule to the service");
                }
            }
        }
    }
}

#[test]
fn access_depends_on_no_area_and_areas_form_no_circle() {
    for file in rust_files(&Path::new(SRC).join("access")) {
        let used = areas_used(&code(&file));
        assert!(used.is_empty(), "{} imports {used:?}: access sits below every area", file.display());
    }
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for area in AREAS {
        for file in rust_files(&Path::new(SRC).join(area)) {
            for used in areas_used(&code(&file)) {
                if used != *area {
                    edges.entry(area).or_default().insert(used);
                }
            }
        }
    }
    // Depth-first search for a cycle.
    fn visit<'a>(node: &'a str, edges: &BTreeMap<&'a str, BTreeSet<&'a str>>, path: &mut Vec<&'a str>) {
        if let Some(at) = path.iter().position(|n| *n == node) {
            panic!("areas import each other in a circle: {:?}", [&path[at..], &[node]].concat());
        }
        path.push(node);
        for next in edges.get(node).into_iter().flatten() {
            visit(next, edges, path);
        }
        path.pop();
    }
    for area in AREAS {
        visit(area, &edges, &mut Vec::new());
    }
    // What the arrangement is today, so a change to it is a deliberate one.
    // System's schedules send their reminders as messages (message depends on no area).
    assert_eq!(edges.get("system"), Some(&BTreeSet::from(["message"])), "system depends on message only");
    assert_eq!(edges.get("message"), None, "message depends on no other area");
}

#[test]
fn shared_helpers_live_in_support_not_the_crate_root() {
    let root = code(&Path::new(SRC).join("lib.rs"));
    for helper in ["fn random_bytes", "fn hex", "fn new_id", "fn now_ms"] {
        assert!(!root.contains(helper), "lib.rs defines {helper}: shared helpers belong in support/");
    }
}

/// The tables of the menus' snapshot (migrations/0019_menu_generation.sql).
const MENU_TABLES: &[&str] = &["base_module", "base_module_item", "base_system"];

/// The tables cached answers are built from (migrations/0002_generation.sql).
const CACHED: &[&str] = &[
    "base_user",
    "base_role",
    "base_user_relation",
    "base_authorize",
    "base_module",
    "base_module_item",
    "base_system",
    "base_sys_config",
    "base_organize",
    "base_position",
    "base_group",
];

/// The tables a piece of code writes: `INSERT INTO t`, `UPDATE t`, `DELETE FROM t`,
/// `Sql::update(…, "t")`.
fn written_tables(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for verb in ["INSERT INTO ", "UPDATE ", "DELETE FROM "] {
        for (i, _) in code.match_indices(verb) {
            let name: String = code[i + verb.len()..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            out.insert(name);
        }
    }
    for (i, _) in code.match_indices("Sql::update(") {
        if let Some(name) = code[i..].split('"').nth(1) {
            out.insert(name.to_string());
        }
    }
    out
}

/// A repository's text without its entity declarations (`entity! {…}`, `impl Entity for …`),
/// and those declarations.
fn entity_declarations(text: &str) -> (String, Vec<String>) {
    let mut rest = String::new();
    let mut entities = Vec::new();
    let mut at = 0;
    while let Some(start) = ["entity! {", "impl Entity for "].iter().filter_map(|m| text[at..].find(m)).min() {
        let start = at + start;
        let end = text[start..].find("\n}\n").map_or(text.len(), |e| start + e + 3);
        rest.push_str(&text[at..start]);
        entities.push(text[start..end].to_string());
        at = end;
    }
    rest.push_str(&text[at..]);
    (rest, entities)
}

/// The tables named as string literals (`"base_group"`).
fn quoted_tables(text: &str) -> Vec<String> {
    text.split('"').skip(1).step_by(2).filter(|t| t.starts_with("base_") && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).map(str::to_string).collect()
}

// Every repository function that writes a table cached answers are built from tells the
// cache (db::bump_generation) in the same transaction; otherwise CurrentUser would go stale.
#[test]
fn writes_to_cached_tables_bump_the_generation() {
    let mut checked = 0;
    for area in AREAS {
        for file in rust_files(&Path::new(SRC).join(area)) {
            let name = file.strip_prefix(SRC).unwrap().display().to_string();
            if !name.contains("/repo") {
                continue;
            }
            let (text, entities) = entity_declarations(&code(&file));
            for entity in entities {
                // An administered entity (crate::crud) is written by the generic steps, which
                // bump what it declares: its table and what a delete removes with it.
                let written: BTreeSet<String> = written_tables(&entity).into_iter().chain(quoted_tables(&entity)).collect();
                if written.iter().any(|t| CACHED.contains(&t.as_str())) {
                    checked += 1;
                    assert!(entity.contains(", Grants, [") || entity.contains(", Menus, [") || entity.contains("Cached::Grants") || entity.contains("Cached::Menus"), "{name}: {entity} writes {written:?} without declaring Grants or Menus");
                }
                if written.iter().any(|t| MENU_TABLES.contains(&t.as_str())) {
                    assert!(entity.contains(", Menus, [") || entity.contains("Cached::Menus"), "{name}: {entity} writes {written:?} without declaring Menus");
                }
            }
            for function in text.split("async fn ").skip(1) {
                let fn_name = function.split('(').next().unwrap_or("");
                let cached: Vec<String> = written_tables(function).into_iter().filter(|t| CACHED.contains(&t.as_str())).collect();
                if !cached.is_empty() {
                    checked += 1;
                    assert!(
                        function.contains("bump_generation") || function.contains("bump_menu_generation"),
                        "{name}::{fn_name} writes {cached:?} without db::bump_generation"
                    );
                }
                // The menus' snapshot (row 3) is kept across other changes: a write of a menu
                // table must say so too.
                let menus: Vec<String> = written_tables(function).into_iter().filter(|t| MENU_TABLES.contains(&t.as_str())).collect();
                if !menus.is_empty() {
                    assert!(function.contains("bump_menu_generation"), "{name}::{fn_name} writes {menus:?} without db::bump_menu_generation");
                }
            }
        }
    }
    assert!(checked >= 9, "only {checked} writing functions found");
    assert_eq!(written_tables("UPDATE base_user_session SET"), BTreeSet::from(["base_user_session".to_string()]));
}
