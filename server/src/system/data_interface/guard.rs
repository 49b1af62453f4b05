//! The guard of SQL data interfaces: a stored query becomes one statement with every value
//! bound, or a clear refusal. `{field}` (a parameter) and `@name` (a session or paging
//! variable) are replaced by placeholders before the text is parsed (sqlparser, the engine's
//! own dialect), so no value ever becomes SQL text; the parsed text must then be exactly one
//! read-only query — no second statement, no writes (also inside WITH), no SELECT INTO, no
//! locking clause, no functions that reach outside the data (files, settings, sequences,
//! sleeping) and no tables of the platform's own bookkeeping (sessions, captchas, downloads,
//! sign-in throttles, configuration) or of the engine's catalogue. Users are read through the
//! view `qiming_user_directory` (migration 0010), which has every column of `base_user` but the
//! password hash (and the list's search column, migration 0015): naming the column is refused, but a whole-row reference (`u::text`,
//! `row_to_json(u)`, `concat(u.*)`) would carry it, so the table itself is never queried.
//! What runs is the statement printed back from the tree.

use crate::db::{Arg, Engine};
use crate::error::AppError;
use sqlparser::ast::{Expr, Ident, ObjectName, Query, SetExpr, Statement, TableAlias, TableFactor, Value as SqlValue, VisitMut, VisitorMut, visit_expressions, visit_relations, visit_statements};
use sqlparser::dialect::{PostgreSqlDialect, SQLiteDialect};
use sqlparser::parser::Parser;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// A checked statement and its values in placeholder order.
#[derive(Debug, PartialEq)]
pub struct Checked {
    pub sql: String,
    pub args: Vec<Arg>,
}

/// Functions refused wherever they appear (besides every `pg_…` and `lo_…` function).
const REFUSED_FUNCTIONS: &[&str] = &[
    "load_extension", "readfile", "writefile", "edit", "fts3_tokenizer", "set_config", "current_setting", "nextval", "setval",
    "dblink", "dblink_exec", "query_to_xml", "query_to_xml_and_xmlschema", "table_to_xml", "cursor_to_xml", "row_to_json",
    "to_json", "to_jsonb", "json_agg", "jsonb_agg", "txid_current", "inet_server_addr", "version",
];

/// Columns no interface reads.
const REFUSED_COLUMNS: &[&str] = &["password_hash"];

/// Tables of the platform's bookkeeping no interface reads (besides every `qiming_…`,
/// `pg_…` and `sqlite_…` table).
/// Variables (base_data_interface_variate) may hold another service's access token.
const REFUSED_TABLES: &[&str] =
    &["base_user_session", "base_captcha", "base_login_throttle", "base_sys_config", "base_data_interface_variate", "_sqlx_migrations"];

/// Is `table` (lower case) one no interface reads: the platform's bookkeeping (every
/// `qiming_…` table, sessions, captchas, sign-in throttles, configuration, the variables) or
/// the engine's own (`pg_…`, `sqlite_…`, the migrations)? The menus' data connections offer
/// the same tables (permission::module).
pub fn refused_table(table: &str) -> bool {
    let table = table.to_ascii_lowercase();
    table.starts_with("qiming_") || table.starts_with("pg_") || table.starts_with("sqlite_") || REFUSED_TABLES.contains(&table.as_str())
}

/// Is `column` one no interface reads (`password_hash`)?
pub fn refused_column(column: &str) -> bool {
    REFUSED_COLUMNS.contains(&column.to_ascii_lowercase().as_str())
}

/// The users' table and the view that stands in for it.
const USER_TABLE: &str = "base_user";
const USER_VIEW: &str = "qiming_user_directory";

/// Replaces `{field}` by the parameter's placeholder and `@name` by the variable's, in order
/// of appearance; `value` answers a name's value (None: not a parameter or variable).
pub fn check(engine: Engine, text: &str, mut param: impl FnMut(&str) -> Option<Arg>, mut variable: impl FnMut(&str) -> Option<Arg>) -> Result<Checked, AppError> {
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
    let mut refused: Option<String> = None;
    let mut placeholders: BTreeSet<String> = BTreeSet::new();
    let _ = visit_expressions(statement, |e| {
        match e {
            Expr::Function(f) => {
                let name = f.name.0.last().map(|p| p.to_string().trim_matches('"').to_ascii_lowercase()).unwrap_or_default();
                if name.starts_with("pg_") || name.starts_with("lo_") || REFUSED_FUNCTIONS.contains(&name.as_str()) {
                    refused = Some(format!("SQL语句不能使用函数{name}"));
                }
            }
            Expr::Identifier(ident) if refused_column(&ident.value) => {
                refused = Some(format!("SQL语句不能读取{}", ident.value));
            }
            Expr::CompoundIdentifier(parts) if parts.last().is_some_and(|p| refused_column(&p.value)) => {
                refused = Some("SQL语句不能读取password_hash".to_string());
            }
            Expr::Value(v) => {
                if let SqlValue::Placeholder(p) = &v.value {
                    placeholders.insert(p.clone());
                }
            }
            _ => {}
        }
        ControlFlow::<()>::Continue(())
    });
    let _ = visit_relations(statement, |name| {
        let parts: Vec<String> = name.0.iter().map(|p| p.to_string().trim_matches('"').to_ascii_lowercase()).collect();
        let table = parts.last().cloned().unwrap_or_default();
        let schema_refused = parts.len() > 1 && matches!(parts[parts.len() - 2].as_str(), "pg_catalog" | "information_schema");
        if schema_refused || refused_table(&table) {
            refused = Some(format!("SQL语句不能查询{table}"));
        }
        ControlFlow::<()>::Continue(())
    });
    if let Some(message) = refused {
        return Err(AppError::bad(message));
    }
    // Every value placed is a placeholder of the statement (not text inside a literal), and
    // the statement has no placeholders of its own.
    let expected: BTreeSet<String> = (1..=args.len()).map(|n| format!("${n}")).collect();
    if placeholders != expected {
        return Err(AppError::bad("参数和变量只能用在SQL语句中值的位置（不能放在引号内）"));
    }
    let mut statement = statement.clone();
    let _ = statement.visit(&mut UserDirectory);
    Ok(Checked { sql: statement.to_string(), args })
}

/// Points every reference to the users' table at the view without the password hash, keeping
/// the name the query uses for it (`FROM base_user` reads as `FROM qiming_user_directory AS
/// base_user`), so `base_user.id` and aliases still resolve.
struct UserDirectory;

impl VisitorMut for UserDirectory {
    type Break = ();

    fn pre_visit_table_factor(&mut self, factor: &mut TableFactor) -> ControlFlow<()> {
        if let TableFactor::Table { name, alias, args: None, .. } = factor {
            let table = name.0.last().map(|p| p.to_string().trim_matches('"').to_ascii_lowercase()).unwrap_or_default();
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
        check(engine, text, param, variable).map_err(|e| e.to_string())
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
}
