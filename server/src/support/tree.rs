//! Trees from flat rows: every tree the API answers (dictionary categories and items, areas)
//! is stored as rows with a parent id and nested here, keeping the rows' order among siblings.

use std::collections::{HashMap, HashSet};

/// Nests `rows` under their parents: a row whose parent is not among them is a root. `attach`
/// gives a row its children (called for every row, with an empty list for a leaf). Rows on a
/// cycle that no root reaches are left out (the services refuse to make one).
pub fn nest<T>(rows: Vec<T>, id: impl Fn(&T) -> &str, parent: impl Fn(&T) -> &str, mut attach: impl FnMut(&mut T, Vec<T>)) -> Vec<T> {
    let ids: HashSet<String> = rows.iter().map(|r| id(r).to_string()).collect();
    let mut by_parent: HashMap<String, Vec<T>> = HashMap::new();
    let mut roots = Vec::new();
    for row in rows {
        let p = parent(&row);
        if ids.contains(p) && p != id(&row) {
            by_parent.entry(p.to_string()).or_default().push(row);
        } else {
            roots.push(row);
        }
    }
    fn build<T>(
        list: &mut [T],
        by_parent: &mut HashMap<String, Vec<T>>,
        id: &impl Fn(&T) -> &str,
        attach: &mut impl FnMut(&mut T, Vec<T>),
    ) {
        for row in list.iter_mut() {
            let mut children = by_parent.remove(id(row)).unwrap_or_default();
            build(&mut children, by_parent, id, attach);
            attach(row, children);
        }
    }
    build(&mut roots, &mut by_parent, &id, &mut attach);
    roots
}

/// Keeps the nodes for which `keep` holds, with their ancestors (so a match deep in a tree
/// is shown where it is); `children` reaches a node's children.
pub fn prune<T>(nodes: Vec<T>, keep: &impl Fn(&T) -> bool, children: &impl Fn(&mut T) -> &mut Vec<T>) -> Vec<T> {
    nodes
        .into_iter()
        .filter_map(|mut node| {
            let kids = std::mem::take(children(&mut node));
            let kept = prune(kids, keep, children);
            let matched = keep(&node);
            *children(&mut node) = kept;
            (matched || !children(&mut node).is_empty()).then_some(node)
        })
        .collect()
}

/// The ids of `root` and of every row below it.
pub fn subtree<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>, root: &str) -> HashSet<String> {
    let mut by_parent: HashMap<&str, Vec<&str>> = HashMap::new();
    for (id, parent) in pairs {
        by_parent.entry(parent).or_default().push(id);
    }
    let mut out = HashSet::from([root.to_string()]);
    let mut stack = vec![root.to_string()];
    while let Some(at) = stack.pop() {
        for child in by_parent.get(at.as_str()).into_iter().flatten() {
            if out.insert(child.to_string()) {
                stack.push(child.to_string());
            }
        }
    }
    out
}

/// The code of a row whose parents, followed within the rows, come back to it (imports check
/// a file's tree before storing it): rows are (id, parent id, code).
pub fn on_cycle<'a>(rows: impl Iterator<Item = (&'a str, &'a str, &'a str)>) -> Option<&'a str> {
    let rows: Vec<(&str, &str, &str)> = rows.collect();
    let parent: HashMap<&str, &str> = rows.iter().map(|(id, p, _)| (*id, *p)).collect();
    for (id, _, code) in &rows {
        let mut at = *id;
        for _ in 0..=rows.len() {
            match parent.get(at) {
                Some(p) if *p == *id => return Some(code),
                Some(p) => at = p,
                None => break,
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct N {
        id: &'static str,
        parent: &'static str,
        children: Vec<N>,
    }

    fn n(id: &'static str, parent: &'static str) -> N {
        N { id, parent, children: Vec::new() }
    }

    fn shape(nodes: &[N]) -> String {
        nodes.iter().map(|n| if n.children.is_empty() { n.id.to_string() } else { format!("{}({})", n.id, shape(&n.children)) }).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn nests_in_order_and_prunes_to_matches_with_their_ancestors() {
        let rows = vec![n("b1", "b"), n("a", "0"), n("b", "0"), n("a1", "a"), n("b2", "b"), n("a11", "a1"), n("loop", "loop")];
        let tree = nest(rows, |r| r.id, |r| r.parent, |r, c| r.children = c);
        assert_eq!(shape(&tree), "a(a1(a11)) b(b1 b2) loop");
        let pruned = prune(tree, &|r: &N| r.id == "a11" || r.id == "b2", &|r: &mut N| &mut r.children);
        assert_eq!(shape(&pruned), "a(a1(a11)) b(b2)");
        let below = subtree([("a1", "a"), ("a11", "a1"), ("b", "0")], "a");
        assert_eq!(below.len(), 3);
        assert!(below.contains("a11") && !below.contains("b"));
        assert_eq!(on_cycle([("a", "0", "A"), ("b", "a", "B")].into_iter()), None);
        assert_eq!(on_cycle([("a", "c", "A"), ("b", "a", "B"), ("c", "b", "C"), ("d", "0", "D")].into_iter()), Some("A"));
    }
}
