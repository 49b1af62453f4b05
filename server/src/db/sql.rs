//! Statements whose shape depends on the request (which columns an update sets, whether a
//! keyword or a data scope filters a list), assembled from fixed fragments only: every
//! fragment and column name is `&'static str`, so no text from a client can reach the SQL;
//! values are always bound.

use super::conn::{Conn, Engine};
use crate::wire::Page;
use sqlx::any::{Any, AnyArguments, AnyRow};
use sea_query::{BinOper, Expr as SeaExpr, ExprTrait};
use sqlx::query::{Query, QueryAs, QueryScalar};

/// A bound value.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Text(String),
    Int(i64),
    NullText,
    NullInt,
}

impl From<String> for Arg {
    fn from(v: String) -> Arg {
        Arg::Text(v)
    }
}
impl From<&str> for Arg {
    fn from(v: &str) -> Arg {
        Arg::Text(v.to_string())
    }
}
impl From<i64> for Arg {
    fn from(v: i64) -> Arg {
        Arg::Int(v)
    }
}
impl From<Option<i64>> for Arg {
    fn from(v: Option<i64>) -> Arg {
        v.map_or(Arg::NullInt, Arg::Int)
    }
}
impl From<Option<String>> for Arg {
    fn from(v: Option<String>) -> Arg {
        v.map_or(Arg::NullText, Arg::Text)
    }
}

/// Binds every argument to a query, query_as or query_scalar (three types, one `bind`).
macro_rules! bound {
    ($query:expr, $args:expr) => {{
        let mut q = $query;
        for arg in $args {
            q = match arg.clone() {
                Arg::Text(v) => q.bind(v),
                Arg::Int(v) => q.bind(v),
                Arg::NullText => q.bind(None::<String>),
                Arg::NullInt => q.bind(None::<i64>),
            };
        }
        q
    }};
}

/// A statement being assembled.
#[derive(Debug, Clone)]
pub struct Sql {
    engine: Engine,
    text: String,
    args: Vec<Arg>,
}

impl Sql {
    pub fn new(engine: Engine, fragment: &'static str) -> Sql {
        Sql { engine, text: fragment.to_string(), args: Vec::new() }
    }

    /// `UPDATE <table> SET ` — then [`Sql::set`] for each column sent.
    pub fn update(engine: Engine, table: &'static str) -> Sql {
        let mut sql = Sql::new(engine, "UPDATE ");
        sql.text.push_str(table);
        sql.text.push_str(" SET ");
        sql
    }

    pub fn push(&mut self, fragment: &'static str) -> &mut Sql {
        self.text.push_str(fragment);
        self
    }

    /// A placeholder for `arg`.
    pub fn bind(&mut self, arg: impl Into<Arg>) -> &mut Sql {
        self.args.push(arg.into());
        self.text.push('$');
        self.text.push_str(&self.args.len().to_string());
        self
    }

    /// `column = $n`, comma-separated from the previous one (the SET list of an update).
    pub fn set(&mut self, column: &'static str, arg: impl Into<Arg>) -> &mut Sql {
        if !self.text.ends_with(" SET ") {
            self.text.push_str(", ");
        }
        self.text.push_str(column);
        self.text.push_str(" = ");
        self.bind(arg)
    }

    /// `column IN ($n, …)` over `values`; an empty list matches nothing (`1 = 0`).
    pub fn any_of<S: AsRef<str>>(&mut self, column: &'static str, values: &[S]) -> &mut Sql {
        if values.is_empty() {
            return self.push("1 = 0");
        }
        self.text.push_str(column);
        self.text.push_str(" IN (");
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                self.text.push_str(", ");
            }
            self.bind(v.as_ref());
        }
        self.push(")")
    }

    /// `column` folded as keywords are ([`fold`]).
    pub fn folded(&mut self, column: &'static str) -> &mut Sql {
        self.text.push_str(&fold(self.engine, column));
        self
    }

    /// `column LIKE $n` for a column that already holds [`fold`]ed text (a search column):
    /// the same match as [`Sql::keyword`] without folding every row at query time.
    pub fn keyword_folded(&mut self, keyword: &Keyword, column: &'static str) -> &mut Sql {
        self.text.push_str(column);
        self.text.push_str(" LIKE ");
        self.bind(keyword.pattern.as_str()).push(" ESCAPE '\\'")
    }

    /// `(col1 LIKE $n OR col2 LIKE $n …)`, case-insensitive for ASCII letters and exact for
    /// everything else, identically on both engines (see [`Keyword`]).
    pub fn keyword(&mut self, keyword: &Keyword, columns: &[&'static str]) -> &mut Sql {
        self.args.push(Arg::Text(keyword.pattern.clone()));
        let n = self.args.len().to_string();
        self.text.push('(');
        for (i, column) in columns.iter().enumerate() {
            if i > 0 {
                self.text.push_str(" OR ");
            }
            self.text.push_str(&fold(self.engine, column));
            self.text.push_str(" LIKE $");
            self.text.push_str(&n);
            self.text.push_str(" ESCAPE '\\'");
        }
        self.text.push(')');
        self
    }

    /// A sea-query condition (a data scope's, say) in parentheses, its values bound here.
    pub fn condition(&mut self, condition: &SeaExpr) -> &mut Sql {
        use sea_query::QueryBuilder;
        self.text.push('(');
        sea_query::PostgresQueryBuilder.prepare_expr(condition, &mut Bound(self));
        self.text.push(')');
        self
    }

    /// A piece of text continuing a statement whose values so far are `args`: its own values
    /// are bound as the next `$n` after them ([`Sql::into_parts`] answers the piece and all
    /// the values).
    pub fn after(engine: Engine, args: Vec<Arg>) -> Sql {
        Sql { engine, text: String::new(), args }
    }

    /// A sea-query SELECT (the scoped rows of a record table, say) in parentheses, its values
    /// bound here.
    pub fn subquery(&mut self, select: &sea_query::SelectStatement) -> &mut Sql {
        use sea_query::QueryBuilder;
        self.text.push('(');
        sea_query::PostgresQueryBuilder.prepare_select_statement(select, &mut Bound(self));
        self.text.push(')');
        self
    }

    /// The text and the values.
    pub fn into_parts(self) -> (String, Vec<Arg>) {
        (self.text, self.args)
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn args(&self) -> &[Arg] {
        &self.args
    }

    pub fn query(&self) -> Query<'static, Any, AnyArguments> {
        bound!(sqlx::query(sqlx::AssertSqlSafe(self.text.clone())), &self.args)
    }

    pub fn query_as<T>(&self) -> QueryAs<'static, Any, T, AnyArguments>
    where
        T: for<'r> sqlx::FromRow<'r, AnyRow>,
    {
        bound!(sqlx::query_as(sqlx::AssertSqlSafe(self.text.clone())), &self.args)
    }

    pub fn query_scalar<T>(&self) -> QueryScalar<'static, Any, T, AnyArguments>
    where
        (T,): for<'r> sqlx::FromRow<'r, AnyRow>,
    {
        bound!(sqlx::query_scalar(sqlx::AssertSqlSafe(self.text.clone())), &self.args)
    }
}

/// A list's keyword, as a LIKE pattern: trimmed, ASCII letters lower-cased, `%`, `_` and `\`
/// taken literally. Blank means no filter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keyword {
    pattern: String,
    /// The keyword, ASCII letters lower-cased: what [`Keyword::matches`] looks for.
    needle: String,
}

impl Keyword {
    pub fn parse(text: Option<&str>) -> Option<Keyword> {
        let text = text.map(str::trim).filter(|t| !t.is_empty())?;
        let needle = text.to_ascii_lowercase();
        Some(Keyword { pattern: like_anywhere(&needle), needle })
    }

    /// Whether the keyword holds this character (a search column's field separator, say).
    pub fn has(&self, c: char) -> bool {
        self.needle.contains(c)
    }

    /// The same test in memory, for rows already loaded: does `text` contain the keyword,
    /// ASCII letters compared without case?
    pub fn matches(&self, text: &str) -> bool {
        text.to_ascii_lowercase().contains(&self.needle)
    }
}

/// The LIKE pattern (escape character `\\`, written `ESCAPE '\\'` after it) matching `text`
/// anywhere in a value, with `%`, `_` and `\\` in it taken literally — the server's one LIKE
/// escaping: keywords, data-scope conditions and record filters all build their patterns here.
pub fn like_anywhere(text: &str) -> String {
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// `column LIKE pattern ESCAPE '\\'` as a sea-query expression (the pattern bound), for
/// statements built with sea-query; the same on both engines.
pub fn like(column: SeaExpr, pattern: String) -> SeaExpr {
    column.binary(BinOper::Like, SeaExpr::val(pattern).binary(BinOper::Escape, SeaExpr::cust("'\\'")))
}

/// The keyword's match on `column` as a sea-query expression: the column [`fold`]ed, then
/// [`like`] the keyword's pattern — the same match as [`Sql::keyword`].
pub fn keyword_like(engine: Engine, column: SeaExpr, keyword: &Keyword) -> SeaExpr {
    let folded = match engine {
        Engine::Sqlite => SeaExpr::cust_with_exprs("lower(?)", [column]),
        Engine::Postgres => SeaExpr::cust_with_exprs("lower($1 COLLATE \"C\")", [column]),
    };
    like(folded, keyword.pattern.clone())
}

/// Renders sea-query expressions into an [`Sql`]: text as PostgreSQL's builder writes it
/// (double-quoted identifiers, which SQLite reads alike), every value bound as the statement's
/// next `$n` argument.
struct Bound<'a>(&'a mut Sql);

impl std::fmt::Write for Bound<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.text.push_str(s);
        Ok(())
    }
}

impl std::fmt::Display for Bound<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.text)
    }
}

impl sea_query::SqlWriter for Bound<'_> {
    fn push_param<T: sea_query::QueryBuilder>(&mut self, value: sea_query::Value, _: &T) {
        use sea_query::Value as V;
        let arg = match value {
            V::String(s) => s.map_or(Arg::NullText, Arg::Text),
            V::BigInt(n) => n.map_or(Arg::NullInt, Arg::Int),
            V::Int(n) => n.map_or(Arg::NullInt, |n| Arg::Int(i64::from(n))),
            V::Bool(b) => b.map_or(Arg::NullInt, |b| Arg::Int(i64::from(b))),
            other => Arg::Text(format!("{other:?}")),
        };
        self.0.bind(arg);
    }

    fn as_writer(&mut self) -> &mut dyn std::fmt::Write {
        self as _
    }
}

/// `column` with ASCII letters lower-cased and everything else kept, identically on both
/// engines: SQLite's lower() folds ASCII only; PostgreSQL's folds by locale unless the value is
/// in the C collation, where it too folds ASCII only. NULL stays NULL.
pub fn fold(engine: Engine, column: &str) -> String {
    match engine {
        Engine::Sqlite => format!("lower({column})"),
        Engine::Postgres => format!("lower({column} COLLATE \"C\")"),
    }
}

/// Sets `columns` of the row `id` of `table`, recording who changed it and when (the tables
/// with `last_modify_time` and `last_modify_user_id`). Table and columns are the caller's
/// static names; every value is bound.
pub async fn update_row(conn: &mut Conn, table: &'static str, id: &str, columns: Vec<(&'static str, Arg)>, user_id: &str, now: i64) -> Result<(), sqlx::Error> {
    let mut sql = Sql::update(Engine::of(conn), table);
    for (column, value) in columns {
        sql.set(column, value);
    }
    sql.set("last_modify_time", now).set("last_modify_user_id", user_id).push(" WHERE id = ").bind(id);
    sql.query().execute(conn).await?;
    Ok(())
}

/// A page of a list and its total: `count` and `select` each followed by what `filter` pushes
/// (the rest of the FROM and WHERE), the list in `order` (` ORDER BY …`) and limited to the page.
pub async fn paged<T>(conn: &mut Conn, count: &'static str, select: &'static str, filter: impl Fn(&mut Sql), order: &'static str, page: Page) -> Result<(Vec<T>, i64), sqlx::Error>
where
    T: for<'r> sqlx::FromRow<'r, AnyRow> + Send + Unpin,
{
    let engine = Engine::of(conn);
    let mut total = Sql::new(engine, count);
    filter(&mut total);
    let total: i64 = total.query_scalar().fetch_one(&mut *conn).await?;
    let mut list = Sql::new(engine, select);
    filter(&mut list);
    list.push(order).push(" LIMIT ").bind(page.page_size).push(" OFFSET ").bind(page.offset());
    Ok((list.query_as().fetch_all(conn).await?, total))
}

/// Inserts a row of `table`: `id`, `columns`, and who created it and when (the tables with
/// `creator_time` and `creator_user_id`). Table and columns are the caller's static names;
/// every value is bound.
pub async fn insert_row(conn: &mut Conn, table: &'static str, id: &str, columns: Vec<(&'static str, Arg)>, user_id: &str, now: i64) -> Result<(), sqlx::Error> {
    let mut sql = Sql::new(Engine::of(conn), "INSERT INTO ");
    sql.push(table).push(" (id");
    for (column, _) in &columns {
        sql.push(", ").push(column);
    }
    sql.push(", creator_time, creator_user_id) VALUES (").bind(id);
    for (_, value) in columns {
        sql.push(", ").bind(value);
    }
    sql.push(", ").bind(now).push(", ").bind(user_id).push(")");
    sql.query().execute(conn).await?;
    Ok(())
}

/// Whether `count`, a `SELECT COUNT(*) …` statement, counts any row, `args` bound as `$1`,
/// `$2`, … (a code taken, an item of a dictionary, something still hanging on a row).
pub async fn counts_any(conn: &mut Conn, count: &'static str, args: &[&str]) -> Result<bool, sqlx::Error> {
    let mut query = sqlx::query_scalar::<_, i64>(count);
    for arg in args {
        query = query.bind(arg.to_string());
    }
    Ok(query.fetch_one(conn).await? > 0)
}

/// Deletes the row `id` of `table`.
pub async fn delete_row(conn: &mut Conn, table: &'static str, id: &str) -> Result<(), sqlx::Error> {
    let mut sql = Sql::new(Engine::of(conn), "DELETE FROM ");
    sql.push(table).push(" WHERE id = ").bind(id);
    sql.query().execute(conn).await?;
    Ok(())
}

/// Flips `enabled_mark` 1 ↔ 0 of the row `id` of `table`, recording who and when.
pub async fn toggle_enabled(conn: &mut Conn, table: &'static str, id: &str, user_id: &str, now: i64) -> Result<(), sqlx::Error> {
    let mut sql = Sql::update(Engine::of(conn), table);
    sql.push("enabled_mark = 1 - enabled_mark, last_modify_time = ").bind(now).push(", last_modify_user_id = ").bind(user_id);
    sql.push(" WHERE id = ").bind(id);
    sql.query().execute(conn).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_in_order() {
        let mut sql = Sql::update(Engine::Sqlite, "base_user");
        sql.set("real_name", "王").set("birthday", None::<i64>).push(" WHERE id = ").bind("1");
        assert_eq!(sql.text(), "UPDATE base_user SET real_name = $1, birthday = $2 WHERE id = $3");
        assert_eq!(sql.args(), [Arg::Text("王".into()), Arg::NullInt, Arg::Text("1".into())]);
    }

    #[test]
    fn any_of_binds_each_value_and_an_empty_list_matches_nothing() {
        let mut sql = Sql::new(Engine::Sqlite, "SELECT 1 WHERE a = ");
        sql.bind("x").push(" AND ").any_of("b", &["1", "2"]).push(" AND ").any_of::<&str>("c", &[]);
        assert_eq!(sql.text(), "SELECT 1 WHERE a = $1 AND b IN ($2, $3) AND 1 = 0");
        assert_eq!(sql.args().len(), 3);
    }

    #[test]
    fn keyword_is_literal_and_folds_ascii_only() {
        assert_eq!(Keyword::parse(Some("  ")), None);
        assert_eq!(Keyword::parse(Some(" Chrome_100% ")).unwrap().pattern, "%chrome\\_100\\%%");
        assert_eq!(Keyword::parse(Some("É")).unwrap().pattern, "%É%");
        let k = Keyword::parse(Some("Ward_1")).unwrap();
        assert!(k.matches("SURGICAL WARD_1") && !k.matches("ward-1") && !Keyword::parse(Some("é")).unwrap().matches("É"));
        let k = Keyword::parse(Some("x")).unwrap();
        let mut pg = Sql::new(Engine::Postgres, "SELECT 1 WHERE ");
        pg.keyword(&k, &["a", "b"]);
        assert_eq!(pg.text(), "SELECT 1 WHERE (lower(a COLLATE \"C\") LIKE $1 ESCAPE '\\' OR lower(b COLLATE \"C\") LIKE $1 ESCAPE '\\')");
        let mut lite = Sql::new(Engine::Sqlite, "");
        lite.keyword(&k, &["a"]);
        assert_eq!(lite.text(), "(lower(a) LIKE $1 ESCAPE '\\')");
    }
}

/// The columns of a new row taken from the fields of `$row` named as they are:
/// `columns!(m; parent_id, full_name)` is `vec![("parent_id", m.parent_id.into()), …]`, for
/// [`insert_row`].
macro_rules! columns {
    ($row:expr; $($field:ident),* $(,)?) => {
        vec![$((stringify!($field), $crate::db::Arg::from($row.$field))),*]
    };
}
pub(crate) use columns;
