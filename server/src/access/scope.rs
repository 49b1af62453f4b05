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

use crate::db::{Sql, like, like_anywhere};
use sea_query::{Alias, Expr, ExprTrait, Query};
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

    /// No row at all (a member whom no granted menu opens a model to, reading its records
    /// through a data interface).
    pub fn nothing() -> DataScope {
        DataScope(Scope::Any(Vec::new()))
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

    /// The condition limiting a table's rows to the scope, as a sea-query expression over
    /// `columns` (None: every row). Statements built with sea-query take it as it is; the
    /// ones assembled as [`Sql`] take it through [`DataScope::restrict`] — one definition.
    pub fn condition(&self, columns: &ScopeColumns) -> Option<Expr> {
        let Scope::Any(rules) = &self.0 else { return None };
        let rules: Vec<Expr> = rules
            .iter()
            .map(|rule| match rule {
                Rule::Own(user_id) => column(columns.owner).eq(user_id.as_str()),
                Rule::Scheme(groups) => all(groups
                    .iter()
                    .map(|group| {
                        let conditions = group.conditions.iter().map(|c| c.expr(columns));
                        if group.any { any(conditions) } else { all(conditions) }
                    })),
            })
            .collect();
        Some(any(rules))
    }

    /// Appends ` AND (…)` limiting `sql`'s rows to the scope, or nothing for every row.
    pub fn restrict(&self, sql: &mut Sql, columns: &ScopeColumns) {
        if let Some(condition) = self.condition(columns) {
            sql.push(" AND ").condition(&condition);
        }
    }
}

/// A qualified column (`alias.column`, from a table's fixed [`ScopeColumns`]) as an expression.
fn column(qualified: &'static str) -> Expr {
    match qualified.split_once('.') {
        Some((table, name)) => Expr::col((Alias::new(table), Alias::new(name))),
        None => Expr::col(Alias::new(qualified)),
    }
}

/// Every one of `parts` (true when there are none).
fn all(parts: impl Iterator<Item = Expr>) -> Expr {
    parts.reduce(|a, b| a.and(b)).unwrap_or_else(|| Expr::cust("1 = 1"))
}

/// Any of `parts` (false when there are none).
fn any(parts: impl IntoIterator<Item = Expr>) -> Expr {
    parts.into_iter().reduce(|a, b| a.or(b)).unwrap_or_else(|| Expr::cust("1 = 0"))
}

impl Condition {
    fn expr(&self, columns: &ScopeColumns) -> Expr {
        let Some((_, name)) = columns.fields.iter().find(|(code, _)| code.eq_ignore_ascii_case(&self.field)) else {
            // Not a field this table allows: matches nothing.
            return Expr::cust("1 = 0");
        };
        let col = || column(name);
        let negate = matches!(self.op, Op::NotEqual | Op::NotIncluded);
        match (&self.op, &self.operand) {
            (Op::IsNull, _) => col().is_null().or(col().eq("")),
            (Op::IsNotNull, _) => col().is_not_null().and(col().ne("")),
            // No ids: nothing matches, either way (as `IN (NULL)` / `NOT IN (NULL)` did).
            (_, Operand::Ids(ids)) if ids.is_empty() => Expr::cust("1 = 0"),
            (_, Operand::Ids(ids)) if negate => col().is_not_in(ids.iter().map(String::as_str)),
            (_, Operand::Ids(ids)) => col().is_in(ids.iter().map(String::as_str)),
            (_, Operand::Trees(trees)) => {
                // An organisation whose id path is one of the trees or lies below one.
                let org = |c: &str| Expr::col((Alias::new("scope_org"), Alias::new(c)));
                let mut below = Query::select();
                below
                    .expr(Expr::cust("1"))
                    .from_as(Alias::new("base_organize"), Alias::new("scope_org"))
                    .and_where(org("id").eq(col()))
                    .and_where(any(trees.iter().map(|t| org("id_tree").eq(t.as_str()).or(org("id_tree").like(format!("{t},%"))))));
                if negate { Expr::exists(below).not() } else { Expr::exists(below) }
            }
            (op, Operand::Text(text)) => match op {
                Op::Equal => col().eq(text.as_str()),
                Op::NotEqual => col().ne(text.as_str()),
                Op::GreaterThan => col().gt(text.as_str()),
                Op::GreaterThanOrEqual => col().gte(text.as_str()),
                Op::LessThan => col().lt(text.as_str()),
                Op::LessThanOrEqual => col().lte(text.as_str()),
                Op::Included => like(col(), like_anywhere(text)),
                Op::NotIncluded => like(col(), like_anywhere(text)).not(),
                Op::IsNull | Op::IsNotNull => unreachable!("matched above"),
            },
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
        assert!(sql(&DataScope::schemes([], &vars())).0.ends_with(" AND (1 = 0)"));
    }

    #[test]
    fn schemes_are_a_union_of_and_groups_with_resolved_variables() {
        let own = r#"[{"logic":"and","groups":[{"field":"creatorUserId","op":"Equal","value":"@userId"}]}]"#;
        let tree = r#"[{"logic":"or","groups":[{"field":"organizeId","op":"Equal","value":"@organizationAndSuborganization"},{"field":"password_hash","op":"Equal","value":"x"}]}]"#;
        let (text, args) = sql(&DataScope::schemes([own, tree], &vars()));
        assert_eq!(
            text,
            "SELECT 1 FROM base_user u WHERE 1 = 1 AND (\"u\".\"creator_user_id\" IN ($1) OR \
             (EXISTS(SELECT 1 FROM \"base_organize\" AS \"scope_org\" WHERE \"scope_org\".\"id\" = \"u\".\"organize_id\" AND (\"scope_org\".\"id_tree\" = $2 OR \"scope_org\".\"id_tree\" LIKE $3)) OR (1 = 0)))"
        );
        assert_eq!(args, ["u1", "o0,o1", "o0,o1,%"].map(|a| crate::db::Arg::Text(a.into())));
        // An unreadable scheme grants nothing.
        assert!(sql(&DataScope::schemes(["not json"], &vars())).0.ends_with(" AND (1 = 0)"));
        assert_eq!(check_scheme("[]"), None);
        assert!(check_scheme("[{\"logic\":\"and\",\"groups\":[]}]").is_some());
        assert!(check_scheme("{").is_some());
    }

    #[test]
    fn own_rows_use_the_owner_column() {
        let session_like = DataScope(Scope::Any(vec![Rule::Own("u9".into())]));
        assert_eq!(sql(&session_like).0, "SELECT 1 FROM base_user u WHERE 1 = 1 AND (\"u\".\"id\" = $1)");
    }

    // One definition, two renderings: the condition a sea-query statement takes (records) is
    // the one `restrict` writes into an `Sql` — SQLite's builder places `?`, the `Sql` `$n`
    // after its own arguments — with the same values; a contained text is LIKE-escaped once.
    #[test]
    fn the_condition_is_the_same_in_sea_query_and_in_sql() {
        let included = r#"[{"logic":"and","groups":[{"field":"organizeId","op":"Included","value":"a_%"},{"field":"creatorUserId","op":"Equal","value":"@userId"}]}]"#;
        let scope = DataScope::schemes([included], &vars());
        let mut select = Query::select();
        select.expr(Expr::cust("1")).from_as(Alias::new("base_user"), Alias::new("u")).and_where(scope.condition(&COLUMNS).unwrap());
        let (text, values) = select.build(sea_query::SqliteQueryBuilder);
        assert_eq!(text, "SELECT 1 FROM \"base_user\" AS \"u\" WHERE \"u\".\"organize_id\" LIKE ? ESCAPE ('\\') AND \"u\".\"creator_user_id\" IN (?)");
        assert_eq!(values.0, vec![sea_query::Value::from("%a\\_\\%%"), sea_query::Value::from("u1")]);
        let mut sql = Sql::new(Engine::Sqlite, "SELECT 1 FROM base_user u WHERE u.enabled_mark = ");
        sql.bind(1);
        scope.restrict(&mut sql, &COLUMNS);
        assert_eq!(sql.text(), "SELECT 1 FROM base_user u WHERE u.enabled_mark = $1 AND (\"u\".\"organize_id\" LIKE $2 ESCAPE ('\\') AND \"u\".\"creator_user_id\" IN ($3))");
        assert_eq!(sql.args()[1..], [crate::db::Arg::Text("%a\\_\\%%".into()), crate::db::Arg::Text("u1".into())]);
        assert_eq!(DataScope::all().condition(&COLUMNS), None);
    }
}
