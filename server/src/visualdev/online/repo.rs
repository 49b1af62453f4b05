//! SQL of the records of released models: the tables' registry, the DDL release runs, and
//! the records' reads and writes. The statements depend on the model, so they are built with
//! `sea-query` for the connection's engine (identifiers quoted by it, and only ever the
//! platform's physical names from `layout`); every value is bound. No decisions here.

use super::layout::{Read, Registry, Storage, TablePlan};
use crate::access::{DataScope, ScopeColumns};
use super::filter::{Compare, Filter, ListQuery};
use super::values::{Cell, Put};
use crate::db::{Conn, Engine, keyword_like};
use crate::error::AppError;
use sea_query::{
    Alias, ColumnDef, Expr, ExprTrait, Index, Order, PostgresQueryBuilder, Query, QueryStatementWriter, SchemaStatementBuilder,
    SelectStatement, SqliteQueryBuilder, Table, Value as SqlValue, Values,
};
use sqlx::Row;
use sqlx::any::AnyRow;

/// The alias every record query gives its table, so that data-scope columns are fixed names.
pub const ALIAS: &str = "r";

/// Records under data permission: the owner is the creator; schemes may filter on the
/// creator, the organisation and the record's id.
pub const SCOPE: ScopeColumns = ScopeColumns {
    owner: "r.creator",
    fields: &[("id", "r.id"), ("creatorUserId", "r.creator"), ("creator", "r.creator"), ("organizeId", "r.organisation"), ("organisation", "r.organisation")],
};

fn iden(name: &str) -> Alias {
    Alias::new(name)
}

/// The system columns of a main table and of a child table (core's `SYSTEM_COLUMNS`).
const MAIN_SYSTEM: [(&str, Storage); 7] = [
    ("creator", Storage::Text),
    ("created", Storage::BigInt),
    ("modifier", Storage::Text),
    ("modified", Storage::BigInt),
    ("organisation", Storage::Text),
    ("position", Storage::Text),
    ("version", Storage::BigInt),
];
const CHILD_SYSTEM: [(&str, Storage); 2] = [("parent_id", Storage::Text), ("sort_code", Storage::BigInt)];

/// A text rendered for the connection's engine with its values.
fn built<S: QueryStatementWriter>(engine: Engine, statement: &S) -> (String, Values) {
    match engine {
        Engine::Sqlite => statement.build(SqliteQueryBuilder),
        Engine::Postgres => statement.build(PostgresQueryBuilder),
    }
}

fn schema<S: SchemaStatementBuilder>(engine: Engine, statement: &S) -> String {
    match engine {
        Engine::Sqlite => statement.build(SqliteQueryBuilder),
        Engine::Postgres => statement.build(PostgresQueryBuilder),
    }
}

fn bind_all(mut q: sqlx::query::Query<'static, sqlx::Any, sqlx::any::AnyArguments>, values: Values) -> sqlx::query::Query<'static, sqlx::Any, sqlx::any::AnyArguments> {
    for v in values.0 {
        q = match v {
            SqlValue::String(s) => q.bind(s),
            SqlValue::BigInt(n) => q.bind(n),
            SqlValue::Int(n) => q.bind(n.map(i64::from)),
            SqlValue::BigUnsigned(n) => q.bind(n.map(|n| n as i64)),
            SqlValue::Unsigned(n) => q.bind(n.map(i64::from)),
            SqlValue::Double(n) => q.bind(n),
            SqlValue::Bool(b) => q.bind(b.map(i64::from)),
            _ => q.bind(None::<String>),
        };
    }
    q
}

async fn execute<S: QueryStatementWriter>(conn: &mut Conn, statement: &S) -> Result<u64, AppError> {
    let (text, values) = built(Engine::of(conn), statement);
    Ok(bind_all(sqlx::query(sqlx::AssertSqlSafe(text)), values).execute(conn).await?.rows_affected())
}

async fn fetch_all(conn: &mut Conn, statement: &SelectStatement) -> Result<Vec<AnyRow>, AppError> {
    let (text, values) = built(Engine::of(conn), statement);
    Ok(bind_all(sqlx::query(sqlx::AssertSqlSafe(text)), values).fetch_all(conn).await?)
}

async fn fetch_count(conn: &mut Conn, statement: &SelectStatement) -> Result<i64, AppError> {
    let (text, values) = built(Engine::of(conn), statement);
    let row = bind_all(sqlx::query(sqlx::AssertSqlSafe(text)), values).fetch_one(conn).await?;
    Ok(row.try_get::<i64, _>(0)?)
}

// ---- Registry and DDL (release) ----

pub async fn registry(conn: &mut Conn, visual_id: &str) -> Result<Registry, AppError> {
    let tables: Vec<(String, String)> = sqlx::query_as("SELECT sub_table, physical FROM base_visual_table WHERE visual_id = $1").bind(visual_id).fetch_all(&mut *conn).await?;
    let mut registry = Registry::default();
    for (sub, physical) in tables {
        let columns: Vec<(String, String, String)> =
            sqlx::query_as("SELECT field, physical, kind FROM base_visual_column WHERE physical_table = $1").bind(&physical).fetch_all(&mut *conn).await?;
        for (field, column, kind) in columns {
            registry.columns.insert((physical.clone(), field), (column, Storage::parse(&kind).unwrap_or(Storage::Text)));
        }
        registry.tables.insert(sub, physical);
    }
    Ok(registry)
}

fn column_def(name: &str, storage: Storage) -> ColumnDef {
    let mut def = ColumnDef::new(iden(name));
    def.custom(iden(storage.sql_type())).null();
    def
}

/// Creates the new tables, adds the new columns and indexes, and records them — inside the
/// caller's transaction (the release's), on either engine.
pub async fn apply(conn: &mut Conn, visual_id: &str, plans: &[TablePlan]) -> Result<(), AppError> {
    let engine = Engine::of(conn);
    for t in plans {
        let child = !t.sub_table.is_empty();
        if t.new {
            let mut create = Table::create();
            create.table(iden(&t.physical)).if_not_exists();
            let mut id = ColumnDef::new(iden("id"));
            id.custom(iden("TEXT")).not_null().primary_key();
            create.col(id);
            let system: &[(&str, Storage)] = if child { &CHILD_SYSTEM } else { &MAIN_SYSTEM };
            for (name, storage) in system {
                create.col(column_def(name, *storage));
            }
            for c in &t.columns {
                create.col(column_def(&c.physical, c.storage));
            }
            sqlx::query(sqlx::AssertSqlSafe(schema(engine, &create))).execute(&mut *conn).await?;
            sqlx::query("INSERT INTO base_visual_table (visual_id, sub_table, physical) VALUES ($1, $2, $3)")
                .bind(visual_id)
                .bind(&t.sub_table)
                .bind(&t.physical)
                .execute(&mut *conn)
                .await?;
            let (index_name, column) = if child { (format!("{}_parent", t.physical), "parent_id") } else { (format!("{}_created", t.physical), "created") };
            let index = Index::create().name(index_name).table(iden(&t.physical)).col(iden(column)).if_not_exists().to_owned();
            sqlx::query(sqlx::AssertSqlSafe(schema(engine, &index))).execute(&mut *conn).await?;
        } else {
            for c in t.columns.iter().filter(|c| c.new) {
                let alter = Table::alter().table(iden(&t.physical)).add_column(column_def(&c.physical, c.storage)).to_owned();
                sqlx::query(sqlx::AssertSqlSafe(schema(engine, &alter))).execute(&mut *conn).await?;
            }
        }
        for c in t.columns.iter().filter(|c| c.new) {
            sqlx::query("INSERT INTO base_visual_column (physical_table, field, physical, kind) VALUES ($1, $2, $3, $4)")
                .bind(&t.physical)
                .bind(&c.field)
                .bind(&c.physical)
                .bind(c.storage.sql_type())
                .execute(&mut *conn)
                .await?;
        }
        for columns in &t.indexes {
            // Index names are global on PostgreSQL: table and columns make one unique.
            let name = format!("ix_{}", &qiming_core::md5::md5_hex(format!("{}.{}", t.physical, columns.join(",")).as_bytes())[..24]);
            let mut index = Index::create();
            index.name(name).table(iden(&t.physical)).if_not_exists();
            for c in columns {
                index.col(iden(c));
            }
            sqlx::query(sqlx::AssertSqlSafe(schema(engine, &index))).execute(&mut *conn).await?;
        }
    }
    Ok(())
}

// ---- Records ----

fn select_columns(select: &mut SelectStatement, columns: &[Read]) {
    for c in columns {
        let col = Expr::col((iden(ALIAS), iden(&c.physical)));
        match c.storage {
            Storage::Numeric => {
                select.expr(col.cast_as(iden("TEXT")));
            }
            _ => {
                select.expr(col);
            }
        }
    }
}

fn cells(row: &AnyRow, columns: &[Read], from: usize) -> Result<Vec<Cell>, AppError> {
    let mut out = Vec::with_capacity(columns.len());
    for (i, c) in columns.iter().enumerate() {
        let at = from + i;
        out.push(match c.storage {
            Storage::BigInt => row.try_get::<Option<i64>, _>(at)?.map_or(Cell::Null, Cell::Int),
            _ => row.try_get::<Option<String>, _>(at)?.map_or(Cell::Null, Cell::Text),
        });
    }
    Ok(out)
}

/// A main record's system part.
#[derive(Debug, Clone)]
pub struct Head {
    pub id: String,
    pub creator: String,
    pub created: i64,
    pub modifier: Option<String>,
    pub modified: Option<i64>,
    pub organisation: String,
    pub version: i64,
}

const HEAD: [&str; 7] = ["id", "creator", "created", "modifier", "modified", "organisation", "version"];

fn head(row: &AnyRow) -> Result<Head, AppError> {
    Ok(Head {
        id: row.try_get(0)?,
        creator: row.try_get::<Option<String>, _>(1)?.unwrap_or_default(),
        created: row.try_get::<Option<i64>, _>(2)?.unwrap_or_default(),
        modifier: row.try_get(3)?,
        modified: row.try_get(4)?,
        organisation: row.try_get::<Option<String>, _>(5)?.unwrap_or_default(),
        version: row.try_get::<Option<i64>, _>(6)?.unwrap_or_default(),
    })
}

/// A column as an expression of the aliased table.
pub fn column(physical: &str) -> Expr {
    Expr::col((iden(ALIAS), iden(physical)))
}

/// Every record query starts here: the table as `r`, limited to the caller's data scope (the
/// scope's own sea-query condition over [`SCOPE`]'s columns).
fn base_select(table: &str, scope: &DataScope) -> SelectStatement {
    let mut select = Query::select();
    select.from_as(iden(table), iden(ALIAS));
    if let Some(c) = scope.condition(&SCOPE) {
        select.and_where(c);
    }
    select
}

/// The rows of a main table the scope reaches (what a data interface reads in place of the
/// table): the id, the system columns and the fields' `columns` given.
pub fn scoped_rows(main: &str, columns: &[String], scope: &DataScope) -> SelectStatement {
    let mut select = base_select(main, scope);
    for name in std::iter::once("id").chain(MAIN_SYSTEM.iter().map(|(n, _)| *n)).chain(columns.iter().map(String::as_str)) {
        select.expr(column(name));
    }
    select
}

/// The rows of a sub-table whose main record the scope reaches: the id, the parent and the
/// order, and the fields' `columns` given.
pub fn scoped_child_rows(main: &str, child: &str, columns: &[String], scope: &DataScope) -> SelectStatement {
    let mut parents = base_select(main, scope);
    parents.expr(column("id"));
    let mut select = Query::select();
    select.from_as(iden(child), iden("c")).and_where(Expr::col((iden("c"), iden("parent_id"))).in_subquery(parents));
    for name in std::iter::once("id").chain(CHILD_SYSTEM.iter().map(|(n, _)| *n)).chain(columns.iter().map(String::as_str)) {
        select.expr(Expr::col((iden("c"), iden(name))));
    }
    select
}

/// Which model a record table (its physical name, any case) belongs to.
pub struct TableOwner {
    pub model_id: String,
    /// The model's main table.
    pub main: String,
    /// The table itself when it is a sub-table.
    pub sub_table: Option<String>,
}

pub async fn table_owner(conn: &mut Conn, table: &str) -> Result<Option<TableOwner>, AppError> {
    let row: Option<(String, String, String, String)> = sqlx::query_as(
        "SELECT t.visual_id, t.sub_table, t.physical, m.physical FROM base_visual_table t \
         JOIN base_visual_table m ON m.visual_id = t.visual_id AND m.sub_table = '' WHERE lower(t.physical) = $1",
    )
    .bind(table.to_ascii_lowercase())
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|(model_id, sub, physical, main)| TableOwner { model_id, main, sub_table: (!sub.is_empty()).then_some(physical) }))
}

/// A list's typed filter as a sea-query condition over `r.*`.
fn condition(engine: Engine, filter: &Filter) -> Expr {
    match filter {
        Filter::Contains { column: c, keyword } => keyword_like(engine, column(c), keyword),
        Filter::Compare { column: c, compare, value } => {
            let (col, value) = (column(c), put_expr(value));
            match compare {
                Compare::Equal => col.eq(value),
                Compare::NotEqual => col.ne(value),
                Compare::Greater => col.gt(value),
                Compare::GreaterOrEqual => col.gte(value),
                Compare::Less => col.lt(value),
                Compare::LessOrEqual => col.lte(value),
            }
        }
        Filter::OneOf { column: c, values } => column(c).is_in(values.iter().map(put_expr)),
        Filter::Empty { column: c, text, json } => {
            let mut nothing = column(c).is_null();
            if *text || *json {
                nothing = nothing.or(column(c).eq(""));
            }
            if *json {
                nothing = nothing.or(column(c).eq("[]"));
            }
            nothing
        }
        Filter::Not(inner) => condition(engine, inner).not(),
        Filter::All(parts) => parts.iter().map(|p| condition(engine, p)).reduce(|a, b| a.and(b)).unwrap_or_else(|| Expr::cust("1 = 1")),
        Filter::Any(parts) => parts.iter().map(|p| condition(engine, p)).reduce(|a, b| a.or(b)).unwrap_or_else(|| Expr::cust("1 = 0")),
    }
}

/// One main record in scope, with its fields.
pub async fn record(conn: &mut Conn, table: &str, scope: &DataScope, id: &str, columns: &[Read]) -> Result<Option<(Head, Vec<Cell>)>, AppError> {
    let mut select = base_select(table, scope);
    for h in HEAD {
        select.expr(column(h));
    }
    select_columns(&mut select, columns);
    select.and_where(column("id").eq(id));
    let rows = fetch_all(conn, &select).await?;
    match rows.first() {
        None => Ok(None),
        Some(row) => Ok(Some((head(row)?, cells(row, columns, HEAD.len())?))),
    }
}

/// The statement that counts the records a list filters (in scope).
fn count_select(table: &str, engine: Engine, scope: &DataScope, filters: &[Filter]) -> SelectStatement {
    let mut count = base_select(table, scope);
    count.expr(Expr::cust("COUNT(*)"));
    for f in filters {
        count.and_where(condition(engine, f));
    }
    count
}

/// The statement that counts a list's records, as text and values.
pub fn count_statement(engine: Engine, table: &str, scope: &DataScope, filters: &[Filter]) -> (String, Values) {
    built(engine, &count_select(table, engine, scope, filters))
}

/// What a list's total depends on, as text: its count statement with the values bound to it
/// (the table, the data scope and every filter). Equal keys count the same rows.
pub fn count_key(table: &str, engine: Engine, scope: &DataScope, filters: &[Filter]) -> String {
    let (text, values) = built(engine, &count_select(table, engine, scope, filters));
    format!("{text}|{values:?}")
}

/// The statement of a page of main records in scope (the SQL text and its values) and how
/// many columns it reads (`c0 … cN`): filtered, sorted (ties by creation and id in the same
/// direction; newest first when unsorted), `limit` rows from `offset`.
///
/// A deferred join (issue 26): the page's ids are chosen first — the filters, the order,
/// LIMIT and OFFSET over the id, the sort column and `created` only, which one of the list's
/// indexes (sort field or narrowing field + sort field, then created, id: `layout`) holds
/// whole, so a deep page walks index entries, never the table's rows — and only those ids
/// are joined back to the table for their columns.
pub fn page_statement(engine: Engine, table: &str, scope: &DataScope, query: &ListQuery, offset: u64, limit: u64, columns: &[Read]) -> (String, Values, usize) {
    let ListQuery { filters, sort } = query;
    // Ties follow the sort's direction (newest first unsorted), so that one index
    // (column, created, id) read forwards or backwards gives the whole order.
    let tie = match &sort {
        Some(s) if !s.descending => Order::Asc,
        _ => Order::Desc,
    };
    let keyed = |name: &str| Expr::col((iden("k"), iden(name)));
    // The ids of the page, in its order (k0 the id, k1 the sort column, k2 created).
    let mut ids = base_select(table, scope);
    ids.expr_as(column("id"), iden("k0")).expr_as(column("created"), iden("k2"));
    for f in filters {
        ids.and_where(condition(engine, f));
    }
    let mut order: Vec<(Expr, Order)> = Vec::new();
    if let Some(s) = &sort {
        ids.expr_as(column(&s.physical), iden("k1"));
        let direction = if s.descending { Order::Desc } else { Order::Asc };
        ids.order_by_expr(column(&s.physical), direction.clone());
        order.push((keyed("k1"), direction));
    }
    ids.order_by_expr(column("created"), tie.clone()).order_by_expr(column("id"), tie.clone());
    ids.limit(limit).offset(offset);
    order.push((keyed("k2"), tie.clone()));
    order.push((keyed("k0"), tie.clone()));

    // Every read column under a fixed alias (c0 … cN; the sort column raw as s0), so that the
    // SQLite form below can name them.
    let mut select = Query::select();
    select.from_subquery(ids, iden("k")).join_as(
        sea_query::JoinType::InnerJoin,
        iden(table),
        iden(ALIAS),
        Expr::col((iden(ALIAS), iden("id"))).equals((iden("k"), iden("k0"))),
    );
    let mut n = 0;
    for h in HEAD {
        select.expr_as(column(h), iden(&format!("c{n}")));
        n += 1;
    }
    for c in columns {
        let col = column(&c.physical);
        let expr = if c.storage == Storage::Numeric { col.cast_as(iden("TEXT")) } else { col };
        select.expr_as(expr, iden(&format!("c{n}")));
        n += 1;
    }
    let word = |o: &Order| if matches!(o, Order::Desc) { "DESC" } else { "ASC" };
    if engine == Engine::Postgres {
        // The ids come in the page's order; PostgreSQL keeps it through the join (no sort of
        // the page shows in its plan).
        for (e, o) in order {
            select.order_by_expr(e, o);
        }
        let (text, values) = built(engine, &select);
        return (text, values, n);
    }
    // SQLite: the page as one row (a JSON array of rows, in the page's order). sqlx's SQLite
    // driver hands each row from the connection's thread to the task on its own, a wake-up
    // each, which for a page of 20 cost more than the query itself. (Only SQLite's form
    // reads the sort column again; PostgreSQL would hand a raw NUMERIC to the Any driver.)
    let mut outer_order = Vec::new();
    if let Some(s) = &sort {
        select.expr_as(keyed("k1"), iden("s0"));
        outer_order.push(format!("p.s0 {}", word(if s.descending { &Order::Desc } else { &Order::Asc })));
    }
    outer_order.push(format!("p.c2 {0}, p.c0 {0}", word(&tie)));
    let (inner, values) = built(engine, &select);
    let listed = (0..n).map(|i| format!("p.c{i}")).collect::<Vec<_>>().join(", ");
    let text = format!("SELECT json_group_array(json_array({listed}) ORDER BY {}) FROM ({inner}) AS p", outer_order.join(", "));
    (text, values, n)
}

/// A page of main records in scope ([`page_statement`]), with the total — counted unless the
/// caller already knows it (`known_total`).
#[allow(clippy::too_many_arguments)]
pub async fn page(conn: &mut Conn, table: &str, scope: &DataScope, query: &ListQuery, offset: u64, limit: u64, columns: &[Read], known_total: Option<i64>) -> Result<(Vec<(Head, Vec<Cell>)>, i64), AppError> {
    let engine = Engine::of(conn);
    let total = match known_total {
        Some(n) => n,
        None => fetch_count(conn, &count_select(table, engine, scope, &query.filters)).await?,
    };
    if offset >= total as u64 {
        return Ok((Vec::new(), total));
    }
    let (text, values, _) = page_statement(engine, table, scope, query, offset, limit, columns);
    if engine == Engine::Postgres {
        let rows = bind_all(sqlx::query(sqlx::AssertSqlSafe(text)), values).fetch_all(&mut *conn).await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            out.push((head(row)?, cells(row, columns, HEAD.len())?));
        }
        return Ok((out, total));
    }
    let row = bind_all(sqlx::query(sqlx::AssertSqlSafe(text)), values).fetch_one(&mut *conn).await?;
    let page: Vec<Vec<serde_json::Value>> = serde_json::from_str(&row.try_get::<String, _>(0)?).map_err(anyhow::Error::from)?;
    let mut out = Vec::with_capacity(page.len());
    for values in &page {
        out.push((head_of_json(values), cells_of_json(values, columns, HEAD.len())));
    }
    Ok((out, total))
}

/// The query plan of a statement, one line per step (EXPLAIN QUERY PLAN's details on
/// SQLite, EXPLAIN's lines on PostgreSQL).
pub async fn plan(conn: &mut Conn, text: &str, values: Values) -> Result<Vec<String>, AppError> {
    let engine = Engine::of(conn);
    let explain = match engine {
        Engine::Sqlite => format!("EXPLAIN QUERY PLAN {text}"),
        Engine::Postgres => format!("EXPLAIN {text}"),
    };
    let rows = bind_all(sqlx::query(sqlx::AssertSqlSafe(explain)), values).fetch_all(&mut *conn).await?;
    rows.iter()
        .map(|r| Ok(if engine == Engine::Sqlite { r.try_get::<String, _>(3)? } else { r.try_get::<String, _>(0)? }))
        .collect()
}

fn head_of_json(v: &[serde_json::Value]) -> Head {
    let text = |i: usize| v.get(i).and_then(serde_json::Value::as_str).map(str::to_string);
    let int = |i: usize| v.get(i).and_then(serde_json::Value::as_i64);
    Head {
        id: text(0).unwrap_or_default(),
        creator: text(1).unwrap_or_default(),
        created: int(2).unwrap_or_default(),
        modifier: text(3),
        modified: int(4),
        organisation: text(5).unwrap_or_default(),
        version: int(6).unwrap_or_default(),
    }
}

fn cells_of_json(v: &[serde_json::Value], columns: &[Read], from: usize) -> Vec<Cell> {
    columns
        .iter()
        .enumerate()
        .map(|(i, c)| match (v.get(from + i), c.storage) {
            (None | Some(serde_json::Value::Null), _) => Cell::Null,
            (Some(serde_json::Value::Number(n)), Storage::BigInt) => n.as_i64().or_else(|| n.as_f64().map(|f| f as i64)).map_or(Cell::Null, Cell::Int),
            (Some(serde_json::Value::String(s)), Storage::BigInt) => s.parse().map_or(Cell::Null, Cell::Int),
            (Some(serde_json::Value::String(s)), _) => Cell::Text(s.clone()),
            (Some(other), _) => Cell::Text(other.to_string()),
        })
        .collect()
}

/// A released model's stamps (migration 0030) and what else its display values are read from.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct Stamp {
    /// Its latest released version.
    pub release_version: i64,
    /// Transactions that wrote its records.
    pub data_version: i64,
    /// The dictionaries' generation (row 2).
    pub dictionaries: i64,
    /// The records of every model written, summed (related records' labels).
    pub all_data: i64,
}

/// A model's [`Stamp`]; None when it is not released.
pub async fn stamp(conn: &mut Conn, visual_id: &str) -> Result<Option<Stamp>, AppError> {
    Ok(sqlx::query_as(
        "SELECT s.release_version, s.data_version, \
         (SELECT g.value FROM qiming_generation g WHERE g.id = 2) AS dictionaries, \
         (SELECT CAST(COALESCE(SUM(t.data_version), 0) AS BIGINT) FROM base_visual_stamp t) AS all_data \
         FROM base_visual_stamp s WHERE s.visual_id = $1",
    )
    .bind(visual_id)
    .fetch_optional(conn)
    .await?)
}

/// Marks, inside a transaction that writes a model's records, that they changed (counted
/// totals are stale). Run last before the commit: on PostgreSQL it holds the stamp's row
/// until then, so concurrent writers of one model wait only for each other's commit.
pub async fn bump_data_stamp(conn: &mut Conn, visual_id: &str) -> Result<(), AppError> {
    sqlx::query("UPDATE base_visual_stamp SET data_version = data_version + 1 WHERE visual_id = $1").bind(visual_id).execute(conn).await?;
    Ok(())
}

/// The child rows of main records, in order: (parent id, row id, cells).
pub async fn children(conn: &mut Conn, table: &str, parents: &[String], columns: &[Read]) -> Result<Vec<(String, String, Vec<Cell>)>, AppError> {
    if parents.is_empty() {
        return Ok(Vec::new());
    }
    let mut select = Query::select();
    select.from_as(iden(table), iden(ALIAS));
    select.expr(column("parent_id")).expr(column("id"));
    select_columns(&mut select, columns);
    select.and_where(column("parent_id").is_in(parents.iter().cloned()));
    select.order_by_expr(column("parent_id"), Order::Asc).order_by_expr(column("sort_code"), Order::Asc);
    let rows = fetch_all(conn, &select).await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in &rows {
        out.push((row.try_get::<String, _>(0)?, row.try_get::<String, _>(1)?, cells(row, columns, 2)?));
    }
    Ok(out)
}

fn put_expr(p: &Put) -> Expr {
    match p {
        // A literal NULL takes the column's type (a bound NULL is typed text on PostgreSQL).
        Put::Null => Expr::cust("NULL"),
        Put::Text(s) => Expr::val(s.clone()),
        Put::Int(n) => Expr::val(*n),
        Put::Numeric(s) => Expr::val(s.clone()).cast_as(iden("NUMERIC")),
    }
}

pub async fn insert(conn: &mut Conn, table: &str, values: &[(String, Put)]) -> Result<(), AppError> {
    let mut insert = Query::insert();
    insert.into_table(iden(table));
    insert.columns(values.iter().map(|(c, _)| iden(c)));
    insert.values(values.iter().map(|(_, p)| put_expr(p))).map_err(anyhow::Error::from)?;
    execute(conn, &insert).await?;
    Ok(())
}

/// Updates a main record if its version is still `version` (optimistic lock); answers
/// whether it did.
pub async fn update_versioned(conn: &mut Conn, table: &str, id: &str, version: i64, values: &[(String, Put)]) -> Result<bool, AppError> {
    let mut update = Query::update();
    update.table(iden(table));
    update.values(values.iter().map(|(c, p)| (iden(c), put_expr(p))));
    update.value(iden("version"), Expr::col(iden("version")).add(1));
    update.and_where(Expr::col(iden("id")).eq(id)).and_where(Expr::col(iden("version")).eq(version));
    Ok(execute(conn, &update).await? == 1)
}

pub async fn delete_children(conn: &mut Conn, table: &str, parents: &[String]) -> Result<(), AppError> {
    let delete = Query::delete().from_table(iden(table)).and_where(Expr::col(iden("parent_id")).is_in(parents.iter().cloned())).to_owned();
    execute(conn, &delete).await?;
    Ok(())
}

pub async fn delete(conn: &mut Conn, table: &str, ids: &[String]) -> Result<u64, AppError> {
    let delete = Query::delete().from_table(iden(table)).and_where(Expr::col(iden("id")).is_in(ids.iter().cloned())).to_owned();
    execute(conn, &delete).await
}

/// The ids among `ids` that are main records in scope.
pub async fn ids_in_scope(conn: &mut Conn, table: &str, scope: &DataScope, ids: &[String]) -> Result<Vec<String>, AppError> {
    let mut select = base_select(table, scope);
    select.expr(column("id")).and_where(column("id").is_in(ids.iter().cloned()));
    let rows = fetch_all(conn, &select).await?;
    rows.iter().map(|r| Ok(r.try_get::<String, _>(0)?)).collect()
}

/// Whether another main record holds `value` in the column (the `unique` rule).
pub async fn taken(conn: &mut Conn, table: &str, physical: &str, value: &Put, except: &str) -> Result<bool, AppError> {
    let mut select = Query::select();
    select.from_as(iden(table), iden(ALIAS)).expr(Expr::cust("COUNT(*)"));
    select.and_where(column(physical).eq(put_expr(value))).and_where(column("id").ne(except));
    Ok(fetch_count(conn, &select).await? > 0)
}

/// How many of `ids` exist in a platform table (users, organisations, positions, roles,
/// dictionary items) — the table and column come from the service's fixed list.
pub async fn existing(conn: &mut Conn, table: &'static str, column_name: &'static str, ids: &[String], extra: Option<(&'static str, &str)>) -> Result<Vec<String>, AppError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut select = Query::select();
    select.from(iden(table)).column(iden(column_name)).and_where(Expr::col(iden(column_name)).is_in(ids.iter().cloned()));
    if let Some((c, v)) = extra {
        select.and_where(Expr::col(iden(c)).eq(v));
    }
    let rows = fetch_all(conn, &select).await?;
    rows.iter().map(|r| Ok(r.try_get::<String, _>(0)?)).collect()
}

/// The ids among `ids` found in a platform table, each with whether it is enabled
/// (`enabled_mark` = 1).
pub async fn existing_enabled(conn: &mut Conn, table: &'static str, column_name: &'static str, ids: &[String], extra: Option<(&'static str, &str)>) -> Result<Vec<(String, bool)>, AppError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut select = Query::select();
    select.from(iden(table)).column(iden(column_name)).column(iden("enabled_mark")).and_where(Expr::col(iden(column_name)).is_in(ids.iter().cloned()));
    if let Some((c, v)) = extra {
        select.and_where(Expr::col(iden(c)).eq(v));
    }
    let rows = fetch_all(conn, &select).await?;
    rows.iter().map(|r| Ok((r.try_get::<String, _>(0)?, r.try_get::<Option<i64>, _>(1)? == Some(1)))).collect()
}

/// Names of platform rows by id: (id, name) from a fixed table and columns.
pub async fn names(conn: &mut Conn, table: &'static str, key: &'static str, name: &'static str, ids: &[String], extra: Option<(&'static str, &str)>) -> Result<Vec<(String, String)>, AppError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut select = Query::select();
    select.from(iden(table)).column(iden(key)).column(iden(name)).and_where(Expr::col(iden(key)).is_in(ids.iter().cloned()));
    if let Some((c, v)) = extra {
        select.and_where(Expr::col(iden(c)).eq(v));
    }
    let rows = fetch_all(conn, &select).await?;
    rows.iter().map(|r| Ok((r.try_get::<String, _>(0)?, r.try_get::<String, _>(1)?))).collect()
}

/// The user's position (the first of their positions), for currPosition.
pub async fn user_position(conn: &mut Conn, user_id: &str) -> Result<String, AppError> {
    let row: Option<(String,)> = sqlx::query_as("SELECT object_id FROM base_user_relation WHERE user_id = $1 AND object_type = 'Position' ORDER BY object_id LIMIT 1")
        .bind(user_id)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|(p,)| p).unwrap_or_default())
}

/// The ids among `ids` that are records of a released model's main table within `scope` (a
/// related record a field already holds: `DataScope::unrestricted(Reason::HeldValue)`).
pub async fn existing_record(conn: &mut Conn, table: &str, scope: &DataScope, ids: &[String]) -> Result<Vec<String>, AppError> {
    let mut select = base_select(table, scope);
    select.expr(column("id")).and_where(column("id").is_in(ids.iter().cloned()));
    let rows = fetch_all(conn, &select).await?;
    rows.iter().map(|r| Ok(r.try_get::<String, _>(0)?)).collect()
}

/// Serialises the saves that claim one unique value until the transaction ends: on
/// PostgreSQL an advisory lock on `key` (two transactions would otherwise both find the value
/// free); SQLite's write transactions already run one at a time (`BEGIN IMMEDIATE`).
pub async fn lock_value(conn: &mut Conn, key: i64) -> Result<(), AppError> {
    if Engine::of(conn) == Engine::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(key).execute(conn).await?;
    }
    Ok(())
}

/// A related model's records' label column as text, by id (relationForm's display value):
/// only the records in `scope` (the caller's reach of that model); the others are left out.
pub async fn record_labels(conn: &mut Conn, table: &str, physical: &str, scope: &DataScope, ids: &[String]) -> Result<Vec<(String, Option<String>)>, AppError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut select = base_select(table, scope);
    select.expr(column("id")).expr(column(physical).cast_as(iden("TEXT")));
    select.and_where(column("id").is_in(ids.iter().cloned()));
    let rows = fetch_all(conn, &select).await?;
    rows.iter().map(|r| Ok((r.try_get::<String, _>(0)?, r.try_get::<Option<String>, _>(1)?))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Every column the platform adds to a record table is one core refuses as a field name
    // (a field `position` once made the column twice: a 500 at release).
    #[test]
    fn system_columns_are_refused_field_names() {
        for (name, _) in MAIN_SYSTEM.iter().chain(CHILD_SYSTEM.iter()) {
            assert!(qiming_core::model::SYSTEM_COLUMNS.contains(name), "{name} is not in core's SYSTEM_COLUMNS");
        }
    }
}
