//! The guard of SQL data interfaces: a stored query becomes one statement with every value
//! bound, or a clear refusal. `{field}` (a parameter) and `@name` (a session or paging
//! variable) are replaced by placeholders before the text is parsed (sqlparser, the engine's
//! own dialect), so no value ever becomes SQL text; the parsed text must then be exactly one
//! read-only query — no second statement, no writes (also inside WITH), no SELECT INTO, no
//! locking clause. Names are compared as the database resolves them — unquoted ("x", [x],
//! `x` alike), case-folded, schema-qualified only by the default schema — against allow-lists:
//! tables from [`READABLE_TABLES`] (or the statement's own WITH names), functions from
//! [`ALLOWED_FUNCTIONS`]; FROM holds only tables and subqueries (no table-valued or
//! set-returning function, no `pragma_…`). Users are read through the view
//! `qiming_user_directory` (migration 0010), which has every column of `base_user` but the
//! password hash: naming the column is refused, and a whole-row reference (`u::text`) reads
//! the view. What runs is the statement printed back from the tree, on the interfaces' own
//! read-only connections (runner.rs), where the engine enforces the same lists again.

use crate::db::{Arg, Engine, Sql};
use crate::error::AppError;
use sea_query::SelectStatement;
use std::collections::BTreeMap;
use sqlparser::ast::{Expr, Ident, ObjectName, ObjectNamePart, Query, SetExpr, Statement, TableAlias, TableFactor, Value as SqlValue, Visit, VisitMut, Visitor, VisitorMut, visit_statements};
use sqlparser::dialect::{PostgreSqlDialect, SQLiteDialect};
use sqlparser::parser::Parser;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// A checked statement and its values in placeholder order: what runs.
#[derive(Debug, PartialEq)]
pub struct Checked {
    pub sql: String,
    pub args: Vec<Arg>,
}

/// A statement the guard accepted, not yet runnable while it reads record tables: those are
/// replaced by the caller's scoped rows first ([`Parsed::scoped`]).
#[derive(Debug)]
pub struct Parsed {
    engine: Engine,
    statement: Statement,
    args: Vec<Arg>,
    /// The record tables read (unquoted, lower case), and how many references name them.
    records: BTreeSet<String>,
    record_refs: usize,
}

/// Tables an interface may read: the platform's directory and reference data, and the records
/// of released models (`rec_…`). Everything else — sessions, captchas, downloads, throttles,
/// configuration, variables, the interfaces themselves, chats, messages, logs, signatures,
/// files, the engine's catalogue — is refused, whatever quoting or schema names it.
const READABLE_TABLES: &[&str] = &[
    "base_organize", "base_organize_relation", "base_position", "base_role", "base_group", "base_user", "base_user_relation",
    "base_dictionary_type", "base_dictionary_data", "base_province", "base_bill_rule", "base_system", "base_module", "base_module_item",
    "base_module_link", "base_module_data_authorize", "base_authorize", "base_visual_dev", "base_visual_release", "base_visual_table",
    "base_visual_column",
];

/// Functions an interface may call: aggregates, window functions, conditionals, and the
/// string, number and date functions a report needs, of either engine. Anything else —
/// table-valued and set-returning functions, `pragma_…`, the `…_to_xml` family, file, settings,
/// sequence, sleeping and administration functions — is refused.
const ALLOWED_FUNCTIONS: &[&str] = &[
    // aggregates and window functions
    "count", "sum", "avg", "min", "max", "total", "group_concat", "string_agg", "bool_and", "bool_or", "every", "stddev", "stddev_pop",
    "stddev_samp", "variance", "var_pop", "var_samp", "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag",
    "lead", "first_value", "last_value", "nth_value",
    // conditionals
    "coalesce", "nullif", "ifnull", "iif", "greatest", "least",
    // strings
    "lower", "upper", "length", "char_length", "character_length", "octet_length", "substr", "substring", "trim", "ltrim", "rtrim",
    "btrim", "replace", "concat", "concat_ws", "instr", "strpos", "position", "left", "right", "lpad", "rpad", "split_part", "reverse",
    "repeat", "initcap", "ascii", "chr", "char", "printf", "format", "unicode", "translate", "md5", "regexp_replace", "like", "glob",
    // numbers
    "abs", "round", "ceil", "ceiling", "floor", "mod", "power", "pow", "sqrt", "sign", "exp", "ln", "log", "log10", "log2", "trunc",
    "div", "pi",
    // dates and times
    "date", "time", "datetime", "julianday", "strftime", "unixepoch", "now", "current_date", "current_time", "current_timestamp",
    "localtime", "localtimestamp", "date_trunc", "date_part", "to_char", "to_date", "to_timestamp", "to_number", "age", "make_date",
    "make_time", "make_timestamp", "make_interval", "extract",
    // types
    "typeof", "json_extract",
];

/// PostgreSQL's SQL-value functions that take no parentheses and tell about the connection.
const SESSION_VALUES: &[&str] = &["current_user", "session_user", "user", "current_role", "current_schema", "current_catalog"];

/// Columns no interface reads.
const REFUSED_COLUMNS: &[&str] = &["password_hash"];

/// May an interface read `table`? Compared unquoted and case-folded against the readable
/// directory and reference tables. Released models' record tables (`rec_…`) are not among
/// them: their rows are only ever shown within the caller's data scope, which a stored
/// statement cannot carry (server/README.md, "The data-interface guard").
pub fn readable_table(table: &str) -> bool {
    READABLE_TABLES.contains(&table.to_ascii_lowercase().as_str())
}

/// Tables of the platform's bookkeeping that a menu's data connection never offers (every
/// `qiming_…`, `pg_…` and `sqlite_…` table, sessions, captchas, throttles, configuration,
/// variables, the migrations); it offers the other tables' field names to build permission
/// schemes on, never their rows.
const BOOKKEEPING_TABLES: &[&str] =
    &["base_user_session", "base_captcha", "base_login_throttle", "base_sys_config", "base_data_interface_variate", "_sqlx_migrations"];

/// Is `table` one a menu's data connection never offers (permission::module)?
pub fn refused_table(table: &str) -> bool {
    let table = table.to_ascii_lowercase();
    table.starts_with("qiming_") || table.starts_with("pg_") || table.starts_with("sqlite_") || BOOKKEEPING_TABLES.contains(&table.as_str())
}

/// Is `table` (unquoted) named like a released model's record table (`rec_` and letters,
/// digits, underscores)? Only through the caller's data scope ([`Parsed::scoped`]).
pub fn record_table(table: &str) -> bool {
    let table = table.to_ascii_lowercase();
    table.len() > 4 && table.starts_with("rec_") && table.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Is `column` one no interface reads (`password_hash`)?
pub fn refused_column(column: &str) -> bool {
    REFUSED_COLUMNS.contains(&column.to_ascii_lowercase().as_str())
}

/// May an interface call the function `name` (unquoted, lower case)?
pub fn allowed_function(name: &str) -> bool {
    ALLOWED_FUNCTIONS.contains(&name)
}

/// A name as the database resolves it: unquoted ("x", [x], `x` alike) and case-folded. A
/// part that is not a plain identifier gives a name no list holds.
fn plain(part: &ObjectNamePart) -> String {
    part.as_ident().map(|i| i.value.to_ascii_lowercase()).unwrap_or_else(|| "\u{0}".to_string())
}

/// The users' table and the view that stands in for it.
const USER_TABLE: &str = "base_user";
const USER_VIEW: &str = "qiming_user_directory";

/// The prefix of the names that stand for a scoped record table while the statement is printed.
const SCOPED_MARK: &str = "qiming_scoped_";

/// Replaces `{field}` by the parameter's placeholder and `@name` by the variable's, in order
/// of appearance; `value` answers a name's value (None: not a parameter or variable).
pub fn check(engine: Engine, text: &str, mut param: impl FnMut(&str) -> Option<Arg>, mut variable: impl FnMut(&str) -> Option<Arg>) -> Result<Parsed, AppError> {
    let mut sql = String::with_capacity(text.len());
    let mut args: Vec<Arg> = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        if c == '{' {
            let end = chars[i + 1..].iter().position(|&c| c == '}').map(|p| i + 1 + p);
            if let Some(end) = end {
                let name: String = chars[i + 1..end].iter().collect();
                if !name.is_empty() && name.chars().all(is_name) {
                    let Some(value) = param(&name) else {
                        return Err(AppError::bad(format!("SQL语句中的参数{{{name}}}未定义")));
                    };
                    args.push(value);
                    sql.push('$');
                    sql.push_str(&args.len().to_string());
                    i = end + 1;
                    continue;
                }
            }
        }
        if c == '@' {
            let len = chars[i + 1..].iter().take_while(|&&c| is_name(c)).count();
            let name: String = chars[i + 1..i + 1 + len].iter().collect();
            if let Some(value) = variable(&name) {
                args.push(value);
                sql.push('$');
                sql.push_str(&args.len().to_string());
                i += 1 + len;
                continue;
            }
        }
        sql.push(c);
        i += 1;
    }
    let statements = match engine {
        Engine::Postgres => Parser::parse_sql(&PostgreSqlDialect {}, &sql),
        Engine::Sqlite => Parser::parse_sql(&SQLiteDialect {}, &sql),
    }
    .map_err(|e| AppError::bad(format!("SQL语句有误：{e}")))?;
    let [statement] = statements.as_slice() else {
        return Err(AppError::bad("只能执行一条SQL查询语句"));
    };
    let Statement::Query(query) = statement else {
        return Err(AppError::bad("只能执行查询（SELECT）语句"));
    };
    read_only(query)?;
    let mut nested_write = false;
    let _ = visit_statements(statement, |s| {
        if !matches!(s, Statement::Query(_)) {
            nested_write = true;
        }
        ControlFlow::<()>::Continue(())
    });
    if nested_write {
        return Err(AppError::bad("只能执行查询（SELECT）语句"));
    }
    let mut inspect = Inspect::new(statement);
    let _ = Visit::visit(statement, &mut inspect);
    if let Some(message) = inspect.refused {
        return Err(AppError::bad(message));
    }
    let placeholders = inspect.placeholders;
    // Every value placed is a placeholder of the statement (not text inside a literal), and
    // the statement has no placeholders of its own.
    let expected: BTreeSet<String> = (1..=args.len()).map(|n| format!("${n}")).collect();
    if placeholders != expected {
        return Err(AppError::bad("参数和变量只能用在SQL语句中值的位置（不能放在引号内）"));
    }
    if sql.to_ascii_lowercase().contains(SCOPED_MARK) {
        return Err(AppError::bad(format!("SQL语句不能使用名称{SCOPED_MARK}…")));
    }
    let mut statement = statement.clone();
    let _ = VisitMut::visit(&mut statement, &mut UserDirectory);
    Ok(Parsed { engine, statement, args, records: inspect.records, record_refs: inspect.record_refs })
}

impl Parsed {
    /// The released models' record tables the statement reads (unquoted, lower case).
    pub fn record_tables(&self) -> &BTreeSet<String> {
        &self.records
    }

    /// The statement to run: every reference to a record table replaced by `scoped[table]` —
    /// the rows of it the caller may read, a SELECT the records' builder made with the
    /// caller's data scope — as a subquery under the name the statement gives the table (its
    /// alias, else the table's own name), its values bound after the statement's. A record
    /// table `scoped` does not hold is refused, and so is a statement naming one anywhere but
    /// as a table of a FROM (every reference must have been replaced).
    pub fn scoped(self, scoped: &BTreeMap<String, SelectStatement>) -> Result<Checked, AppError> {
        let Parsed { engine, mut statement, args, records, record_refs } = self;
        if let Some(missing) = records.iter().find(|t| !scoped.contains_key(*t)) {
            return Err(AppError::bad(format!("SQL语句不能查询{missing}")));
        }
        if records.is_empty() {
            return Ok(Checked { sql: statement.to_string(), args });
        }
        // A mark no statement can hold (random, and the text was refused if it had the prefix).
        let nonce = crate::support::hex(&crate::support::random_bytes::<8>());
        let mut marks = ScopedTables { nonce, replaced: Vec::new() };
        let _ = VisitMut::visit(&mut statement, &mut marks);
        if marks.replaced.len() != record_refs {
            let table = records.iter().next().cloned().unwrap_or_default();
            return Err(AppError::bad(format!("SQL语句只能在FROM中查询{table}")));
        }
        let mut text = statement.to_string();
        let mut args = args;
        for (mark, table) in &marks.replaced {
            if text.matches(mark.as_str()).count() != 1 {
                return Err(AppError::bad(format!("SQL语句只能在FROM中查询{table}")));
            }
            let mut sub = Sql::after(engine, std::mem::take(&mut args));
            sub.subquery(&scoped[table]);
            let (piece, bound) = sub.into_parts();
            args = bound;
            text = text.replacen(mark.as_str(), &piece, 1);
        }
        Ok(Checked { sql: text, args })
    }
}

/// Renames every record table of a FROM to a mark (`qiming_scoped_<nonce>_<n>`), keeping the
/// name the statement reads it by as the alias; the marks are then replaced by the scoped
/// subqueries in the printed text.
struct ScopedTables {
    nonce: String,
    /// (mark, table) in order.
    replaced: Vec<(String, String)>,
}

impl VisitorMut for ScopedTables {
    type Break = ();

    fn pre_visit_table_factor(&mut self, factor: &mut TableFactor) -> ControlFlow<()> {
        if let TableFactor::Table { name, alias, args: None, .. } = factor {
            let Some(last) = name.0.last().and_then(|p| p.as_ident()).cloned() else { return ControlFlow::Continue(()) };
            let table = last.value.to_ascii_lowercase();
            if record_table(&table) {
                let mark = format!("{SCOPED_MARK}{}_{}", self.nonce, self.replaced.len());
                *name = ObjectName::from(vec![Ident::new(mark.clone())]);
                if alias.is_none() {
                    *alias = Some(TableAlias { name: last, columns: Vec::new() });
                }
                self.replaced.push((mark, table));
            }
        }
        ControlFlow::Continue(())
    }
}

/// Walks a parsed statement once and keeps the first reason to refuse it: a table outside
/// the readable ones (after unquoting and case folding, in any schema but the default one),
/// a function outside the allowed ones, anything but a table or a subquery in FROM (table-valued
/// and set-returning functions, `pragma_…`), a refused column; and the placeholders it holds.
struct Inspect {
    /// Names the statement's WITH clauses give, which FROM may read like tables.
    ctes: BTreeSet<String>,
    refused: Option<String>,
    placeholders: BTreeSet<String>,
    /// The record tables named, and how many times.
    records: BTreeSet<String>,
    record_refs: usize,
}

impl Inspect {
    fn new(statement: &Statement) -> Inspect {
        let mut ctes = BTreeSet::new();
        let mut refused = None;
        let _ = visit_statements(statement, |s| {
            if let Statement::Query(q) = s {
                collect_ctes(q, &mut ctes, &mut refused);
            }
            ControlFlow::<()>::Continue(())
        });
        Inspect { ctes, refused, placeholders: BTreeSet::new(), records: BTreeSet::new(), record_refs: 0 }
    }

    fn refuse(&mut self, message: String) {
        self.refused.get_or_insert(message);
    }
}

/// The WITH names of a query and of every query below it. A WITH name may not be one of the
/// platform's unreadable tables: a query outside that WITH would read the real table by it.
fn collect_ctes(query: &Query, ctes: &mut BTreeSet<String>, refused: &mut Option<String>) {
    struct Ctes<'a>(&'a mut BTreeSet<String>, &'a mut Option<String>);
    impl Visitor for Ctes<'_> {
        type Break = ();
        fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<()> {
            if let Some(with) = &query.with {
                for cte in &with.cte_tables {
                    let name = cte.alias.name.value.to_ascii_lowercase();
                    if reserved_name(&name) {
                        self.1.get_or_insert(format!("SQL语句不能查询{name}"));
                    }
                    self.0.insert(name);
                }
            }
            ControlFlow::Continue(())
        }
    }
    let _ = Visit::visit(query, &mut Ctes(ctes, refused));
}

/// A name that could resolve to a table of the platform or the engine: one of the platform's
/// prefixes or the engine's own.
pub(super) fn reserved_name(name: &str) -> bool {
    ["base_", "qiming_", "rec_", "pg_", "sqlite_", "pragma_", "_sqlx", "information_schema"].iter().any(|p| name.starts_with(p))
}

impl Visitor for Inspect {
    type Break = ();

    fn pre_visit_relation(&mut self, relation: &ObjectName) -> ControlFlow<()> {
        let parts: Vec<String> = relation.0.iter().map(plain).collect();
        let table = parts.last().cloned().unwrap_or_default();
        let schema_ok = match parts.len() {
            1 => true,
            2 => matches!(parts[0].as_str(), "main" | "public"),
            _ => false,
        };
        let readable = if parts.len() == 1 && self.ctes.contains(&table) { true } else { readable_table(&table) };
        if schema_ok && !readable && record_table(&table) {
            // Read only through the caller's data scope (Parsed::scoped).
            self.records.insert(table);
            self.record_refs += 1;
            return ControlFlow::Continue(());
        }
        if !schema_ok || !readable {
            self.refuse(format!("SQL语句不能查询{table}"));
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_table_factor(&mut self, factor: &TableFactor) -> ControlFlow<()> {
        match factor {
            TableFactor::Table { name, args: None, .. } => {
                let table = name.0.last().map(plain).unwrap_or_default();
                if table.starts_with("pragma_") {
                    self.refuse(format!("SQL语句不能查询{table}"));
                }
            }
            TableFactor::Derived { .. } | TableFactor::NestedJoin { .. } => {}
            TableFactor::Table { name, .. } | TableFactor::Function { name, .. } => {
                let name = name.0.last().map(plain).unwrap_or_default();
                self.refuse(format!("SQL语句不能在FROM中使用函数{name}"));
            }
            _ => self.refuse("SQL语句的FROM只能是数据表或子查询".to_string()),
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<()> {
        match expr {
            Expr::Function(f) => {
                let parts: Vec<String> = f.name.0.iter().map(plain).collect();
                let name = parts.last().cloned().unwrap_or_default();
                if parts.len() != 1 || !allowed_function(&name) {
                    self.refuse(format!("SQL语句不能使用函数{name}"));
                }
            }
            Expr::Identifier(ident) if refused_column(&ident.value) => {
                self.refuse(format!("SQL语句不能读取{}", ident.value));
            }
            // PostgreSQL's functions written without parentheses (the session's role and schema).
            Expr::Identifier(ident) if ident.quote_style.is_none() && SESSION_VALUES.contains(&ident.value.to_ascii_lowercase().as_str()) => {
                self.refuse(format!("SQL语句不能使用函数{}", ident.value.to_ascii_lowercase()));
            }
            Expr::CompoundIdentifier(parts) if parts.last().is_some_and(|p| refused_column(&p.value)) => {
                self.refuse("SQL语句不能读取password_hash".to_string());
            }
            Expr::Value(v) => {
                if let SqlValue::Placeholder(p) = &v.value {
                    self.placeholders.insert(p.clone());
                }
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }
}

/// Points every reference to the users' table at the view without the password hash, keeping
/// the name the query uses for it (`FROM base_user` reads as `FROM qiming_user_directory AS
/// base_user`), so `base_user.id` and aliases still resolve.
struct UserDirectory;

impl VisitorMut for UserDirectory {
    type Break = ();

    fn pre_visit_table_factor(&mut self, factor: &mut TableFactor) -> ControlFlow<()> {
        if let TableFactor::Table { name, alias, args: None, .. } = factor {
            let table = name.0.last().map(plain).unwrap_or_default();
            if table == USER_TABLE {
                *name = ObjectName::from(vec![Ident::new(USER_VIEW)]);
                if alias.is_none() {
                    *alias = Some(TableAlias { name: Ident::new(USER_TABLE), columns: Vec::new() });
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// A query that reads only: no SELECT INTO, no locking clause, nothing but queries below.
fn read_only(query: &Query) -> Result<(), AppError> {
    if !query.locks.is_empty() {
        return Err(AppError::bad("SQL查询语句不能加锁（FOR UPDATE）"));
    }
    if let Some(with) = &query.with {
        for cte in &with.cte_tables {
            read_only(&cte.query)?;
        }
    }
    read_only_body(&query.body)
}

fn read_only_body(body: &SetExpr) -> Result<(), AppError> {
    match body {
        SetExpr::Select(select) => {
            if select.into.is_some() {
                return Err(AppError::bad("SQL查询语句不能写入表（SELECT INTO）"));
            }
            Ok(())
        }
        SetExpr::Query(q) => read_only(q),
        SetExpr::SetOperation { left, right, .. } => {
            read_only_body(left)?;
            read_only_body(right)
        }
        SetExpr::Values(_) => Ok(()),
        // `TABLE name` names its table outside the relations the guard checks.
        SetExpr::Table(_) => Err(AppError::bad("请使用SELECT语句查询表")),
        _ => Err(AppError::bad("只能执行查询（SELECT）语句")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(engine: Engine, text: &str) -> Result<Checked, String> {
        let param = |n: &str| (n == "name").then(|| Arg::Text("x".into()));
        let variable = |n: &str| (n == "user").then(|| Arg::Text("u1".into()));
        check(engine, text, param, variable).and_then(|p| p.scoped(&BTreeMap::new())).map_err(|e| e.to_string())
    }

    #[test]
    fn values_are_bound_never_spliced() {
        for engine in [Engine::Sqlite, Engine::Postgres] {
            let c = run(engine, "SELECT id, full_name FROM base_user WHERE real_name = {name} AND id <> @user;").unwrap();
            assert_eq!(c.sql, "SELECT id, full_name FROM qiming_user_directory AS base_user WHERE real_name = $1 AND id <> $2");
            assert_eq!(c.args, vec![Arg::Text("x".into()), Arg::Text("u1".into())]);
        }
    }

    #[test]
    fn anything_but_one_read_only_query_is_refused() {
        for engine in [Engine::Sqlite, Engine::Postgres] {
            for text in [
                "DELETE FROM base_user",
                "UPDATE base_user SET real_name = 'x'",
                "INSERT INTO base_role (id) VALUES ('1')",
                "DROP TABLE base_user",
                "SELECT 1; DELETE FROM base_user",
                "SELECT 1; SELECT 2",
                "SELECT * FROM qiming_session",
                "SELECT * FROM qiming_user_directory",
                "SELECT * FROM base_user_session",
                "SELECT answer FROM base_captcha",
                "SELECT * FROM base_sys_config",
                "TABLE base_user",
                "SELECT * FROM (TABLE base_user) t",
                "SELECT password_hash FROM base_user",
                "SELECT u.password_hash FROM base_user u",
                "SELECT pg_read_file('/etc/passwd')",
                "SELECT load_extension('x')",
                "SELECT * FROM base_user WHERE real_name = '{name}'",
                "SELECT * FROM base_user WHERE id = $1",
                "SELECT * FROM base_user WHERE id = {unknown}",
                "PRAGMA query_only = 0",
                "ATTACH DATABASE 'x.db' AS x",
            ] {
                assert!(run(engine, text).is_err(), "{engine:?} accepted {text}");
            }
        }
        assert!(run(Engine::Postgres, "SELECT * FROM base_user FOR UPDATE").is_err());
        assert!(run(Engine::Postgres, "SELECT * INTO t2 FROM base_user").is_err());
        assert!(run(Engine::Postgres, "WITH d AS (DELETE FROM base_user RETURNING *) SELECT * FROM d").is_err());
        assert!(run(Engine::Postgres, "SELECT * FROM pg_catalog.pg_authid").is_err());
    }

    #[test]
    fn users_are_read_through_the_view_without_the_password_hash() {
        for engine in [Engine::Sqlite, Engine::Postgres] {
            let c = run(engine, "SELECT u::text FROM base_user u JOIN public.base_user m ON m.id = u.manager_id").unwrap();
            assert_eq!(c.sql, "SELECT u::TEXT FROM qiming_user_directory AS u JOIN qiming_user_directory AS m ON m.id = u.manager_id");
            let c = run(engine, "SELECT (SELECT count(*) FROM base_user) AS n FROM base_organize o WHERE EXISTS (SELECT 1 FROM base_user WHERE base_user.organize_id = o.id)").unwrap();
            assert!(!c.sql.contains("FROM base_user"), "{}", c.sql);
        }
    }

    /// The probe's statements (fixtures/probes/sql_guard.json): every one refused in both
    /// dialects, and the report queries accepted.
    #[test]
    fn the_probe_is_refused_and_reports_pass() {
        let vectors: serde_json::Value = serde_json::from_str(include_str!("../../../../fixtures/probes/sql_guard.json")).unwrap();
        for engine in [Engine::Sqlite, Engine::Postgres] {
            for text in vectors["refused"].as_array().unwrap() {
                let text = text.as_str().unwrap();
                assert!(run(engine, text).is_err(), "{engine:?} accepted {text}");
            }
            for text in vectors["accepted"].as_array().unwrap() {
                let text = text.as_str().unwrap();
                assert!(run(engine, text).is_ok(), "{engine:?} refused {text}: {:?}", run(engine, text));
            }
        }
    }

    #[test]
    fn names_compare_unquoted_and_case_folded() {
        assert_eq!(run(Engine::Sqlite, "SELECT * FROM [base_captcha]").unwrap_err(), "SQL语句不能查询base_captcha");
        assert_eq!(run(Engine::Sqlite, "SELECT * FROM main.`BASE_SYS_CONFIG`").unwrap_err(), "SQL语句不能查询base_sys_config");
        assert_eq!(run(Engine::Postgres, "SELECT * FROM LATERAL pg_read_file('/etc/hostname')").unwrap_err(), "SQL语句不能在FROM中使用函数pg_read_file");
        assert_eq!(run(Engine::Postgres, "SELECT schema_to_xml('public', true, false, '')").unwrap_err(), "SQL语句不能使用函数schema_to_xml");
        assert_eq!(run(Engine::Sqlite, "SELECT * FROM rec_abc123 WHERE f_name = {name}").unwrap_err(), "SQL语句不能查询rec_abc123");
    }

    /// Every reference to a record table, however it is written, becomes the scoped rows
    /// under the name the statement reads it by, their values bound after the statement's;
    /// a record table without scoped rows, or a statement holding the mark, is refused.
    #[test]
    fn record_tables_are_read_through_their_scoped_rows() {
        use sea_query::{Alias, Asterisk, Expr as SeaExpr, ExprTrait, Query as SeaQuery};
        let mut rows = SeaQuery::select();
        rows.column(Asterisk).from_as(Alias::new("rec_1"), Alias::new("r")).and_where(SeaExpr::col((Alias::new("r"), Alias::new("creator"))).eq("u1"));
        let scoped = BTreeMap::from([("rec_1".to_string(), rows)]);
        let param = |n: &str| (n == "name").then(|| Arg::Text("x".into()));
        for engine in [Engine::Sqlite, Engine::Postgres] {
            let text = "SELECT code FROM rec_1 WHERE code = {name} UNION SELECT x.code FROM public.\"REC_1\" x WHERE x.id IN (SELECT id FROM Rec_1)";
            let parsed = check(engine, text, param, |_| None).unwrap();
            assert_eq!(parsed.record_tables().iter().collect::<Vec<_>>(), ["rec_1"]);
            let c = parsed.scoped(&scoped).unwrap();
            let rows = |n: u8| format!("(SELECT * FROM \"rec_1\" AS \"r\" WHERE \"r\".\"creator\" = ${n})");
            assert_eq!(
                c.sql,
                format!("SELECT code FROM {} AS rec_1 WHERE code = $1 UNION SELECT x.code FROM {} AS x WHERE x.id IN (SELECT id FROM {} AS Rec_1)", rows(2), rows(3), rows(4))
            );
            assert_eq!(c.args, [Arg::Text("x".into()), Arg::Text("u1".into()), Arg::Text("u1".into()), Arg::Text("u1".into())]);
            let unscoped = check(engine, "SELECT code FROM rec_2", param, |_| None).unwrap().scoped(&scoped);
            assert_eq!(unscoped.unwrap_err().to_string(), "SQL语句不能查询rec_2");
            assert!(check(engine, "SELECT 1 AS qiming_scoped_0 FROM rec_1", param, |_| None).is_err());
            assert!(check(engine, "WITH rec_1 AS (SELECT 1 AS code) SELECT code FROM rec_1", param, |_| None).is_err());
            assert!(check(engine, "SELECT * FROM other.rec_1", param, |_| None).is_err());
        }
    }
}
