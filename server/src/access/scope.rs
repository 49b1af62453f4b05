//! Data permission: which rows a caller may read or change. A scope is a required argument of
//! every repository function that returns records; a row outside it answers as missing.
//!
//! On a page whose menu has data permission on (`is_data_authorize`), a member reaches the
//! union of the data-permission schemes granted to them (to their roles, their positions or
//! themselves) — none granted, no rows. A scheme is its `condition_json` (jnpf-wire-areas.md
//! §1.8): groups of conditions on the page's data-authorize fields, each group joined by its
//! `logic` (and / or), the groups by and. Values such as `@userId` or
//! `@organizationAndSuborganization` are resolved for the caller when the permit is made. A
//! table says which fields it allows and what column each is ([`ScopeColumns`]); a condition on
//! any other field matches nothing.

use crate::db::Sql;
use serde::Deserialize;

/// How a table exposes its rows to data permission. Columns are qualified with the table's
/// name or alias: a condition on organisations runs in a subquery over `base_organize
/// scope_org`, where an unqualified `id` would name the subquery's own column.
#[derive(Debug, Clone, Copy)]
pub struct ScopeColumns {
    /// The column naming a row's owner (`id` for a user row, `user_id` for a log row).
    pub owner: &'static str,
    /// The data-authorize fields schemes may filter on: (enCode, column).
    pub fields: &'static [(&'static str, &'static str)],
}

/// Which rows a caller reaches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataScope(Scope);

#[derive(Debug, Clone, PartialEq, Eq)]
enum Scope {
    All,
    /// Rows matching any of these; none at all when the list is empty.
    Any(Vec<Rule>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Rule {
    /// The caller's own rows.
    Own(String),
    /// A granted scheme: its groups, all of which must hold.
    Scheme(Vec<Group>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Group {
    /// `or`: any condition; `and`: every condition.
    any: bool,
    conditions: Vec<Condition>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Condition {
    field: String,
    op: Op,
    operand: Operand,
}

/// The comparison symbols of a data-authorize field (jnpf-wire-areas.md §1.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Op {
    Equal,
    NotEqual,
    GreaterThan,
    GreaterThanOrEqual,
    LessThan,
    LessThanOrEqual,
    Included,
    NotIncluded,
    IsNull,
    IsNotNull,
}

/// A condition's value, resolved for the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operand {
    Text(String),
    /// One of these ids (users or organisations).
    Ids(Vec<String>),
    /// An organisation whose id path starts with one of these paths (an organisation and
    /// everything below it).
    Trees(Vec<String>),
}

/// What `@…` values stand for, for one caller.
#[derive(Debug, Clone, Default)]
pub struct Variables {
    pub user_id: String,
    /// The caller and the users whose manager the caller is.
    pub user_and_subordinates: Vec<String>,
    pub organize_id: String,
    pub organize_tree: String,
    /// The organisations the caller manages, and their id paths.
    pub managed: Vec<(String, String)>,
}

impl Variables {
    fn operand(&self, value: &str) -> Operand {
        match value.trim() {
            "@userId" => Operand::Ids(vec![self.user_id.clone()]),
            "@userAraSubordinates" => Operand::Ids(self.user_and_subordinates.clone()),
            "@organizeId" => Operand::Ids(vec![self.organize_id.clone()]),
            "@organizationAndSuborganization" => Operand::Trees(vec![self.organize_tree.clone()]),
            "@branchManageOrganize" => Operand::Ids(self.managed.iter().map(|(id, _)| id.clone()).collect()),
            "@branchManageOrganizeAndSub" => Operand::Trees(self.managed.iter().map(|(_, tree)| tree.clone()).collect()),
            other => Operand::Text(other.to_string()),
        }
    }
}

/// A scheme's stored condition, as the menu admin screen writes it.
#[derive(Debug, Deserialize)]
struct StoredGroup {
    #[serde(default)]
    logic: String,
    #[serde(default)]
    groups: Vec<StoredCondition>,
}

#[derive(Debug, Deserialize)]
struct StoredCondition {
    field: String,
    op: Op,
    #[serde(default)]
    value: serde_json::Value,
}

/// The problem with a scheme's `condition_json`, if any (for the menu admin screen's save).
pub fn check_scheme(condition_json: &str) -> Option<String> {
    match serde_json::from_str::<Vec<StoredGroup>>(condition_json) {
        Ok(groups) if groups.iter().any(|g| g.groups.is_empty()) => Some("条件组不能为空".into()),
        Ok(_) => None,
        Err(e) => Some(format!("方案条件格式不正确：{e}")),
    }
}

/// Why a read passes by the caller's data scope: every legitimate bypass is named, and each
/// one is spelled `DataScope::unrestricted(Reason::…)` where it happens (greppable).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// A picker's lookup tree, or the lookups of paths and names, which must hold every row
    /// (its place and name, not its contents).
    PickerTree,
    /// A value a record already holds, kept on save though out of the caller's reach.
    HeldValue,
    /// Keeping the structure whole: a parent's existence and kind, a moved subtree's paths.
    Structure,
    /// Work with no member behind it (directory sync, imports from a service, jobs).
    SystemJob,
}

impl DataScope {
    /// Every row (administrators; pages without data permission).
    pub(super) fn all() -> DataScope {
        DataScope(Scope::All)
    }

    /// Every row, for a named reason (`why`) a caller's scope does not apply.
    pub fn unrestricted(why: Reason) -> DataScope {
        let _ = why;
        DataScope(Scope::All)
    }

    /// The rows a user owns (see `DataScope::own`, next to the session).
    pub(super) fn owned_by(user_id: &str) -> DataScope {
        DataScope(Scope::Any(vec![Rule::Own(user_id.to_string())]))
    }

    /// The union of granted schemes (their `condition_json` texts), resolved with `vars`. A
    /// scheme that cannot be read grants nothing.
    pub(super) fn schemes<'a>(schemes: impl IntoIterator<Item = &'a str>, vars: &Variables) -> DataScope {
        let rules = schemes
            .into_iter()
            .filter_map(|text| serde_json::from_str::<Vec<StoredGroup>>(text).ok())
            .map(|groups| {
                Rule::Scheme(
                    groups
                        .into_iter()
                        .map(|g| Group {
                            any: g.logic.eq_ignore_ascii_case("or"),
                            conditions: g
                                .groups
                                .into_iter()
                                .map(|c| {
                                    let value = match c.value {
                                        serde_json::Value::String(s) => s,
                                        serde_json::Value::Null => String::new(),
                                        other => other.to_string(),
                                    };
                                    Condition { field: c.field, op: c.op, operand: vars.operand(&value) }
                                })
                                .collect(),
                        })
                        .collect(),
                )
            })
            .collect();
        DataScope(Scope::Any(rules))
    }

    pub fn is_all(&self) -> bool {
        self.0 == Scope::All
    }

    /// Appends ` AND (…)` limiting `sql`'s rows to the scope, or nothing for every row.
    pub fn restrict(&self, sql: &mut Sql, columns: &ScopeColumns) {
        let Scope::Any(rules) = &self.0 else { return };
        sql.push(" AND ");
        if rules.is_empty() {
            sql.push("1 = 0");
            return;
        }
        sql.push("(");
        for (i, rule) in rules.iter().enumerate() {
            if i > 0 {
                sql.push(" OR ");
            }
            match rule {
                Rule::Own(user_id) => {
                    sql.push(columns.owner).push(" = ").bind(user_id.as_str());
                }
                Rule::Scheme(groups) => {
                    sql.push("(1 = 1");
                    for group in groups {
                        sql.push(" AND (").push(if group.any { "1 = 0" } else { "1 = 1" });
                        for condition in &group.conditions {
                            sql.push(if group.any { " OR " } else { " AND " });
                            condition.push(sql, columns);
                        }
                        sql.push(")");
                    }
                    sql.push(")");
                }
            }
        }
        sql.push(")");
    }
}

impl Condition {
    fn push(&self, sql: &mut Sql, columns: &ScopeColumns) {
        let Some((_, column)) = columns.fields.iter().find(|(code, _)| code.eq_ignore_ascii_case(&self.field)) else {
            // Not a field this table allows: matches nothing.
            sql.push("1 = 0");
            return;
        };
        let column: &'static str = column;
        match (&self.op, &self.operand) {
            (Op::IsNull, _) => {
                sql.push("(").push(column).push(" IS NULL OR ").push(column).push(" = '')");
            }
            (Op::IsNotNull, _) => {
                sql.push("(").push(column).push(" IS NOT NULL AND ").push(column).push(" <> '')");
            }
            (op, Operand::Ids(ids)) => {
                let negate = matches!(op, Op::NotEqual | Op::NotIncluded);
                sql.push(column).push(if negate { " NOT IN (" } else { " IN (" });
                if ids.is_empty() {
                    sql.push("NULL");
                }
                for (i, id) in ids.iter().enumerate() {
                    if i > 0 {
                        sql.push(", ");
                    }
                    sql.bind(id.as_str());
                }
                sql.push(")");
            }
            (op, Operand::Trees(trees)) => {
                let negate = matches!(op, Op::NotEqual | Op::NotIncluded);
                sql.push(if negate { "NOT " } else { "" }).push("EXISTS (SELECT 1 FROM base_organize scope_org WHERE scope_org.id = ").push(column);
                sql.push(" AND (1 = 0");
                for tree in trees {
                    sql.push(" OR scope_org.id_tree = ").bind(tree.as_str());
                    sql.push(" OR scope_org.id_tree LIKE ").bind(format!("{tree},%"));
                }
                sql.push("))");
            }
            (op, Operand::Text(text)) => {
                let symbol = match op {
                    Op::Equal => " = ",
                    Op::NotEqual => " <> ",
                    Op::GreaterThan => " > ",
                    Op::GreaterThanOrEqual => " >= ",
                    Op::LessThan => " < ",
                    Op::LessThanOrEqual => " <= ",
                    Op::Included => " LIKE ",
                    Op::NotIncluded => " NOT LIKE ",
                    Op::IsNull | Op::IsNotNull => unreachable!("matched above"),
                };
                sql.push(column).push(symbol);
                match op {
                    Op::Included | Op::NotIncluded => {
                        let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
                        sql.bind(format!("%{escaped}%")).push(" ESCAPE '\\'");
                    }
                    _ => {
                        sql.bind(text.as_str());
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Engine;

    const COLUMNS: ScopeColumns =
        ScopeColumns { owner: "u.id", fields: &[("creatorUserId", "u.creator_user_id"), ("organizeId", "u.organize_id")] };

    fn vars() -> Variables {
        Variables {
            user_id: "u1".into(),
            user_and_subordinates: vec!["u1".into(), "u2".into()],
            organize_id: "o1".into(),
            organize_tree: "o0,o1".into(),
            managed: vec![],
        }
    }

    fn sql(scope: &DataScope) -> (String, Vec<crate::db::Arg>) {
        let mut sql = Sql::new(Engine::Sqlite, "SELECT 1 FROM base_user u WHERE 1 = 1");
        scope.restrict(&mut sql, &COLUMNS);
        (sql.text().to_string(), sql.args().to_vec())
    }

    #[test]
    fn all_adds_nothing_and_nothing_granted_matches_nothing() {
        assert_eq!(sql(&DataScope::all()).0, "SELECT 1 FROM base_user u WHERE 1 = 1");
        assert!(sql(&DataScope::schemes([], &vars())).0.ends_with(" AND 1 = 0"));
    }

    #[test]
    fn schemes_are_a_union_of_and_groups_with_resolved_variables() {
        let own = r#"[{"logic":"and","groups":[{"field":"creatorUserId","op":"Equal","value":"@userId"}]}]"#;
        let tree = r#"[{"logic":"or","groups":[{"field":"organizeId","op":"Equal","value":"@organizationAndSuborganization"},{"field":"password_hash","op":"Equal","value":"x"}]}]"#;
        let (text, args) = sql(&DataScope::schemes([own, tree], &vars()));
        assert_eq!(
            text,
            "SELECT 1 FROM base_user u WHERE 1 = 1 AND ((1 = 1 AND (1 = 1 AND u.creator_user_id IN ($1))) OR \
             (1 = 1 AND (1 = 0 OR EXISTS (SELECT 1 FROM base_organize scope_org WHERE scope_org.id = u.organize_id AND (1 = 0 OR scope_org.id_tree = $2 OR scope_org.id_tree LIKE $3)) OR 1 = 0)))"
        );
        assert_eq!(args, ["u1", "o0,o1", "o0,o1,%"].map(|a| crate::db::Arg::Text(a.into())));
        // An unreadable scheme grants nothing.
        assert!(sql(&DataScope::schemes(["not json"], &vars())).0.ends_with(" AND 1 = 0"));
        assert_eq!(check_scheme("[]"), None);
        assert!(check_scheme("[{\"logic\":\"and\",\"groups\":[]}]").is_some());
        assert!(check_scheme("{").is_some());
    }

    #[test]
    fn own_rows_use_the_owner_column() {
        let session_like = DataScope(Scope::Any(vec![Rule::Own("u9".into())]));
        assert_eq!(sql(&session_like).0, "SELECT 1 FROM base_user u WHERE 1 = 1 AND (u.id = $1)");
    }
}
