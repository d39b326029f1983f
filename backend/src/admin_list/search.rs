//! `q`, the search of every administrator list: a word is found inside any of the list's
//! searched columns, in either case, and a number in either spelling of its digits. It is
//! answered by an index, not by reading every row (migration m20261202_000016_search_index):
//! - on SQLite by the table's FTS5 table `{table}_search` (trigram tokenizer);
//! - on PostgreSQL by pg_trgm GIN indexes on each column's lower case, which serve the same
//!   `lower(column) LIKE '%…%'` a scan would run.
//!
//! A trigram index knows words of three characters or more; a shorter search reads the rows.
use migration::m20261202_000016_search_index::SEARCHED;
use sea_orm::{
    ColumnTrait, Condition, DbBackend, IdenStatic,
    sea_query::{Expr, ExprTrait, Func, LikeExpr},
};

/// Fewer characters than a trigram: such a search is answered by reading the rows.
const INDEXED_CHARS: usize = 3;

/// The rows of `table` whose `searched` columns hold `q` (trimmed, not empty) or its
/// Latin-digit spelling.
pub(super) fn condition<C: ColumnTrait>(backend: DbBackend, table: &str, searched: &[C], q: &str) -> Condition {
    debug_assert!(indexed_as_searched(table, searched), "{table}: the search index's columns differ from the list's SEARCHABLE");
    // Numbers are stored as typed in text (a message's "१० वाजता") but in Latin digits where
    // a rule read them (mobile numbers, dates): a search typed with Devanagari digits looks
    // for both spellings.
    let mut spellings = vec![q.to_lowercase()];
    let latin = crate::validation::latin_digits(&spellings[0]);
    if latin != spellings[0] {
        spellings.push(latin);
    }
    // No stored text holds a NUL character (FTS5 would read the query only up to it, PostgreSQL
    // refuses it in a text): such a search finds nothing.
    if q.contains('\0') {
        return Condition::all().add(Expr::cust("1 = 0"));
    }
    if backend == DbBackend::Sqlite && spellings.iter().all(|spelling| spelling.chars().count() >= INDEXED_CHARS) {
        return Condition::all().add(indexed(table, &spellings));
    }
    let mut any = Condition::any();
    for spelling in spellings {
        let escaped = spelling.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
        let pattern = format!("%{escaped}%");
        for column in searched {
            any = any.add(Expr::expr(Func::lower(column.into_expr())).like(LikeExpr::new(pattern.clone()).escape('\\')));
        }
    }
    any
}

/// SQLite: the ids the FTS5 table finds. Each spelling is one phrase (quoted, its quotes
/// doubled), which the trigram tokenizer finds anywhere inside a column.
fn indexed(table: &str, spellings: &[String]) -> Expr {
    let phrases = spellings.iter().map(|spelling| format!("\"{}\"", spelling.replace('"', "\"\""))).collect::<Vec<_>>().join(" OR ");
    Expr::cust_with_values(
        format!("\"{table}\".\"id\" IN (SELECT rowid FROM \"{table}_search\" WHERE \"{table}_search\" MATCH ?)"),
        [phrases],
    )
}

/// Whether the migration indexed exactly the columns the list searches (checked in every test
/// that searches a list: a column missing from the index would be found by PostgreSQL only).
fn indexed_as_searched<C: IdenStatic>(table: &str, searched: &[C]) -> bool {
    let searched: Vec<&str> = searched.iter().map(|column| column.as_str()).collect();
    SEARCHED.iter().any(|(name, columns)| *name == table && *columns == searched.as_slice())
}
