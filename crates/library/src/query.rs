//! Finding rows: by job, generator and ranges over any of their numbers, in any order.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Bound;
use std::sync::Arc;

use rusqlite::types::Value as Sql;
use rusqlite::{OptionalExtension, params_from_iter};

use crate::range::key_names;
use crate::{Library, LibraryError, Range, Row, Sort};

/// The columns of [`Row`], in the order [`Library::rows`] reads them.
pub(crate) const SELECT_ROWS: &str = "SELECT items.id, items.hash, items.generator, items.job, \
                                      items.version, items.seed, items.added FROM items";

/// Rows whose numbers are read with one statement.
const NUMBERS_AT_ONCE: usize = 500;

/// The most numbers a range is counted to when choosing which range leads a query.
const COUNT_CAP: usize = 5_000;

/// Which rows to find, and in which order.
///
/// ```
/// use ludoforge_library::{Library, Query};
/// use serde_json::json;
///
/// let dir = tempfile::tempdir().unwrap();
/// let mut library = Library::open(dir.path().join("library.sqlite")).unwrap();
/// for (seed, moves) in [(1, 12), (2, 40), (3, 39)] {
///     let result = json!({"generator": "puzzle-chess", "job": "puzzle-chess", "version": "0.1.0",
///                         "seed": seed, "measures": {"min_moves": moves}});
///     library.add(&result, &[]).unwrap();
/// }
/// let query = Query {
///     wheres: vec!["min_moves=38..42".parse().unwrap()],
///     sort: Some("min_moves:desc".parse().unwrap()),
///     ..Query::default()
/// };
/// let seeds: Vec<u64> = library.query(&query).unwrap().iter().map(|r| r.seed.unwrap()).collect();
/// assert_eq!(seeds, [2, 3]);
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Query {
    /// Only rows of this job.
    pub job: Option<String>,
    /// Only rows of this generator.
    pub generator: Option<String>,
    /// Only rows with a number in each range.
    pub wheres: Vec<Range>,
    /// The order (default: newest first); rows without the number come last.
    pub sort: Option<Sort>,
    /// At most this many rows.
    pub limit: Option<usize>,
}

impl Library {
    /// The rows a query finds, each with all its numbers.
    ///
    /// Each range keeps the rows with a number it names in it (see [`Range`]); a sort by a key
    /// naming several numbers of a row uses the smallest of them, or the largest for
    /// descending order. Ties, and queries without a sort, go newest first. Ranges are
    /// answered from an index over (number, value), so a query over 100,000 rows takes
    /// milliseconds.
    ///
    /// # Errors
    /// [`LibraryError::UnknownKey`] for a range or sort naming no number the library has (for
    /// the job or generator, if the query names one); the message lists those it has.
    pub fn query(&self, query: &Query) -> Result<Vec<Row>, LibraryError> {
        // One read transaction: one snapshot for the rows and their numbers, and the file
        // locked once rather than for every statement.
        let snapshot = self
            .connection
            .unchecked_transaction()
            .map_err(|e| LibraryError::sqlite(&self.path, e))?;
        let (sql, values) = self.plan(query)?;
        let rows = self.rows(&sql, &values)?;
        drop(snapshot);
        Ok(rows)
    }

    /// How many rows a query finds, without its limit.
    ///
    /// # Errors
    /// As [`Library::query`].
    pub fn count(&self, query: &Query) -> Result<usize, LibraryError> {
        let unlimited = Query {
            sort: None,
            limit: None,
            ..query.clone()
        };
        let (sql, values) = self.plan(&unlimited)?;
        let count: i64 = self
            .connection
            .query_row(
                &format!("SELECT count(*) FROM ({sql})"),
                params_from_iter(&values),
                |row| row.get(0),
            )
            .map_err(|e| LibraryError::sqlite(&self.path, e))?;
        Ok(usize::try_from(count).unwrap_or(0))
    }

    /// The newest rows first, of one job if given.
    ///
    /// # Errors
    /// [`LibraryError::Sqlite`] when the file cannot be read.
    pub fn list(&self, job: Option<&str>, limit: Option<usize>) -> Result<Vec<Row>, LibraryError> {
        self.query(&Query {
            job: job.map(str::to_string),
            limit,
            ..Query::default()
        })
    }

    /// The dotted paths of every number the library holds, of one job and generator if
    /// given, in order.
    ///
    /// # Errors
    /// [`LibraryError::Sqlite`] when the file cannot be read.
    pub fn keys(
        &self,
        job: Option<&str>,
        generator: Option<&str>,
    ) -> Result<Vec<String>, LibraryError> {
        let sql = |e| LibraryError::sqlite(&self.path, e);
        let mut statement = self
            .connection
            .prepare(
                "SELECT path FROM keys
                 WHERE (?1 IS NULL AND ?2 IS NULL) OR EXISTS (
                     SELECT 1 FROM numbers JOIN items ON items.id = numbers.item
                     WHERE numbers.key = keys.id
                       AND (?1 IS NULL OR items.job = ?1)
                       AND (?2 IS NULL OR items.generator = ?2))
                 ORDER BY path",
            )
            .map_err(sql)?;
        let paths = statement
            .query_map(rusqlite::params![job, generator], |row| row.get(0))
            .and_then(Iterator::collect)
            .map_err(sql)?;
        Ok(paths)
    }

    /// The ids of the paths `key` names, among those the query's job and generator have.
    fn key_ids(&self, key: &str, query: &Query) -> Result<Vec<i64>, LibraryError> {
        let sql = |e| LibraryError::sqlite(&self.path, e);
        let mut statement = self
            .connection
            .prepare_cached("SELECT id, path FROM keys ORDER BY id")
            .map_err(sql)?;
        let all: Vec<(i64, String)> = statement
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .and_then(Iterator::collect)
            .map_err(sql)?;
        let mut ids: Vec<i64> = all
            .iter()
            .filter(|(_, path)| key_names(key, path))
            .map(|(id, _)| *id)
            .collect();
        if query.job.is_some() || query.generator.is_some() {
            let mut present = self
                .connection
                .prepare_cached(
                    "SELECT 1 FROM numbers JOIN items ON items.id = numbers.item
                     WHERE numbers.key = ?1
                       AND (?2 IS NULL OR items.job = ?2)
                       AND (?3 IS NULL OR items.generator = ?3)
                     LIMIT 1",
                )
                .map_err(sql)?;
            let mut kept = Vec::with_capacity(ids.len());
            for id in ids {
                let found = present
                    .query_row(
                        rusqlite::params![id, query.job, query.generator],
                        |_| Ok(()),
                    )
                    .optional()
                    .map_err(sql)?;
                if found.is_some() {
                    kept.push(id);
                }
            }
            ids = kept;
        }
        if ids.is_empty() {
            return Err(LibraryError::UnknownKey {
                key: key.to_string(),
                job: query.job.clone(),
                known: self.keys(query.job.as_deref(), query.generator.as_deref())?,
            });
        }
        Ok(ids)
    }

    /// The SQL text and values of a query.
    fn plan(&self, query: &Query) -> Result<(String, Vec<Sql>), LibraryError> {
        let mut sql = format!("{SELECT_ROWS} WHERE 1");
        let mut values = Vec::new();
        if let Some(job) = &query.job {
            values.push(Sql::Text(job.clone()));
            sql.push_str(" AND items.job = ?");
        }
        if let Some(generator) = &query.generator {
            values.push(Sql::Text(generator.clone()));
            sql.push_str(" AND items.generator = ?");
        }
        // The range that keeps the fewest numbers leads (its rows are found from the index);
        // each row it finds is checked against the others by its own numbers.
        let mut ranges = Vec::with_capacity(query.wheres.len());
        for range in &query.wheres {
            let ids = self.key_ids(&range.key, query)?;
            let (condition, bounds) = condition(range, &ids);
            let kept = self.count_capped(&condition, &bounds)?;
            ranges.push((kept, condition, bounds));
        }
        ranges.sort_by_key(|(kept, _, _)| *kept);
        for (at, (_, condition, bounds)) in ranges.into_iter().enumerate() {
            values.extend(bounds.into_iter().map(Sql::Real));
            if at == 0 {
                let _ = write!(
                    sql,
                    " AND items.id IN (SELECT item FROM numbers WHERE {condition})"
                );
            } else {
                let _ = write!(
                    sql,
                    " AND EXISTS (SELECT 1 FROM numbers WHERE item = items.id AND {condition})"
                );
            }
        }
        sql.push_str(" ORDER BY ");
        if let Some(sort) = &query.sort {
            let ids = self.key_ids(&sort.key, query)?;
            let (pick, order) = if sort.descending {
                ("max", "DESC")
            } else {
                ("min", "ASC")
            };
            let _ = write!(
                sql,
                "(SELECT {pick}(value) FROM numbers WHERE item = items.id AND key IN ({})) \
                 {order} NULLS LAST, ",
                list(&ids)
            );
        }
        sql.push_str("items.id DESC");
        if let Some(limit) = query.limit {
            values.push(Sql::Integer(i64::try_from(limit).unwrap_or(i64::MAX)));
            sql.push_str(" LIMIT ?");
        }
        Ok((sql, values))
    }

    /// How many numbers an SQL condition on `numbers` keeps, counted up to
    /// [`COUNT_CAP`]: enough to tell a narrow range from a wide one at a bounded cost.
    fn count_capped(&self, condition: &str, bounds: &[f64]) -> Result<usize, LibraryError> {
        let count: i64 = self
            .connection
            .query_row(
                &format!(
                    "SELECT count(*) FROM \
                     (SELECT 1 FROM numbers WHERE {condition} LIMIT {COUNT_CAP})"
                ),
                params_from_iter(bounds),
                |row| row.get(0),
            )
            .map_err(|e| LibraryError::sqlite(&self.path, e))?;
        Ok(usize::try_from(count).unwrap_or(0))
    }

    /// Runs a query's SQL (which selects [`SELECT_ROWS`]'s columns) and reads its rows with
    /// their numbers.
    pub(crate) fn rows(&self, sql: &str, values: &[Sql]) -> Result<Vec<Row>, LibraryError> {
        let error = |e| LibraryError::sqlite(&self.path, e);
        let mut statement = self.connection.prepare(sql).map_err(error)?;
        let mut rows: Vec<Row> = statement
            .query_map(params_from_iter(values), |row| {
                Ok(Row {
                    id: row.get(0)?,
                    hash: row.get(1)?,
                    generator: row.get(2)?,
                    job: row.get(3)?,
                    version: row.get(4)?,
                    seed: row.get::<_, Option<i64>>(5)?.map(|seed| seed as u64),
                    added: row.get(6)?,
                    numbers: BTreeMap::new(),
                })
            })
            .and_then(Iterator::collect)
            .map_err(error)?;
        if rows.is_empty() {
            return Ok(rows);
        }
        // Each path once, shared by every row that has a number there.
        let mut paths: Vec<Option<Arc<str>>> = Vec::new();
        {
            let mut keys = self
                .connection
                .prepare_cached("SELECT id, path FROM keys")
                .map_err(error)?;
            let mut all = keys.query([]).map_err(error)?;
            while let Some(key) = all.next().map_err(error)? {
                let id: i64 = key.get(0).map_err(error)?;
                let path: String = key.get(1).map_err(error)?;
                let Ok(id) = usize::try_from(id) else {
                    continue;
                };
                if paths.len() <= id {
                    paths.resize(id + 1, None);
                }
                paths[id] = Some(Arc::from(path));
            }
        }
        // The numbers of many rows at a time, in the order of the rows' ids.
        let mut order: Vec<(i64, usize)> =
            rows.iter().enumerate().map(|(i, r)| (r.id, i)).collect();
        order.sort_unstable();
        let mut found: Vec<Vec<(Arc<str>, f64)>> = vec![Vec::new(); rows.len()];
        for chunk in order.chunks(NUMBERS_AT_ONCE) {
            let ids: Vec<i64> = chunk.iter().map(|(id, _)| *id).collect();
            let sql = format!(
                "SELECT item, key, value FROM numbers WHERE item IN ({}) ORDER BY item",
                list(&ids)
            );
            let mut statement = self.connection.prepare(&sql).map_err(error)?;
            let mut numbers = statement.query([]).map_err(error)?;
            let mut cursor = 0;
            while let Some(number) = numbers.next().map_err(error)? {
                let item: i64 = number.get(0).map_err(error)?;
                let key: i64 = number.get(1).map_err(error)?;
                while cursor < chunk.len() && chunk[cursor].0 < item {
                    cursor += 1;
                }
                let path = usize::try_from(key)
                    .ok()
                    .and_then(|k| paths.get(k))
                    .and_then(Option::as_ref);
                if let (Some(&(id, i)), Some(path)) = (chunk.get(cursor), path)
                    && id == item
                {
                    found[i].push((Arc::clone(path), number.get(2).map_err(error)?));
                }
            }
        }
        for (row, numbers) in rows.iter_mut().zip(found) {
            row.numbers = numbers.into_iter().collect();
        }
        Ok(rows)
    }

    /// The query plan SQLite chooses for a query, one line per step (`EXPLAIN QUERY PLAN`),
    /// to check that ranges are answered from the index.
    ///
    /// # Errors
    /// As [`Library::query`].
    pub fn explain(&self, query: &Query) -> Result<Vec<String>, LibraryError> {
        let (sql, values) = self.plan(query)?;
        let error = |e| LibraryError::sqlite(&self.path, e);
        let mut statement = self
            .connection
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .map_err(error)?;
        statement
            .query_map(params_from_iter(&values), |row| row.get(3))
            .and_then(Iterator::collect)
            .map_err(error)
    }
}

/// The numbers a range keeps, as an SQL condition on `numbers` with a `?` for each value.
fn condition(range: &Range, ids: &[i64]) -> (String, Vec<f64>) {
    let mut condition = format!("key IN ({})", list(ids));
    let mut values = Vec::new();
    for (bound, low) in [(range.low, true), (range.high, false)] {
        let (operator, value) = match (bound, low) {
            (Bound::Included(v), true) => (">=", v),
            (Bound::Excluded(v), true) => (">", v),
            (Bound::Included(v), false) => ("<=", v),
            (Bound::Excluded(v), false) => ("<", v),
            (Bound::Unbounded, _) => continue,
        };
        values.push(value);
        let _ = write!(condition, " AND value {operator} ?");
    }
    (condition, values)
}

/// Ids as an SQL list.
fn list(ids: &[i64]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
