//! Queries: the rows a brute-force filter over the same documents keeps, in the same order;
//! unknown numbers named in words; ranges answered from the index.

use std::collections::BTreeMap;
use std::ops::Bound;

use ludoforge_library::{Library, LibraryError, Query, Range, Sort};
use proptest::prelude::*;
use serde_json::{Map, Value, json};
use tempfile::TempDir;

use super::{archive, fresh, puzzle};

/// The dotted paths random documents draw their numbers from.
const PATHS: [&str; 5] = ["x", "m.x", "m.y", "d.z", "y"];
/// The keys random queries name: paths, last parts, and one no document has.
const KEYS: [&str; 7] = ["x", "m.x", "y", "m.y", "z", "d.z", "w"];

/// A random document: job, generator and some numbers (halves from -3 to 3, so that ends
/// and ties come up), and a list whose numbers do not count.
#[derive(Debug, Clone)]
struct Doc {
    job: Option<&'static str>,
    generator: &'static str,
    numbers: BTreeMap<&'static str, f64>,
}

impl Doc {
    fn json(&self, seed: usize) -> Value {
        let mut document = json!({"generator": self.generator, "seed": seed, "version": "1",
                                  "parameters": {"x": 100}, "list": [{"x": -100}]});
        if let Some(job) = self.job {
            document["job"] = json!(job);
        }
        for (path, value) in &self.numbers {
            let mut at = document.as_object_mut().unwrap();
            let mut parts = path.split('.').peekable();
            while let Some(part) = parts.next() {
                if parts.peek().is_none() {
                    at.insert(part.to_string(), json!(value));
                } else {
                    at = at
                        .entry(part)
                        .or_insert_with(|| Value::Object(Map::new()))
                        .as_object_mut()
                        .unwrap();
                }
            }
        }
        document
    }
}

fn doc() -> impl Strategy<Value = Doc> {
    (
        prop::sample::select(vec![Some("j1"), Some("j2"), None]),
        prop::sample::select(vec!["a", "b"]),
        prop::collection::btree_map(prop::sample::select(PATHS.to_vec()), -6i32..=6, 0..=4),
    )
        .prop_map(|(job, generator, numbers)| Doc {
            job,
            generator,
            numbers: numbers
                .into_iter()
                .map(|(k, v)| (k, f64::from(v) / 2.0))
                .collect(),
        })
}

fn range() -> impl Strategy<Value = Range> {
    let end = (-7i32..=7).prop_map(|v| f64::from(v) / 2.0);
    (
        prop::sample::select(KEYS.to_vec()),
        0..6usize,
        end.clone(),
        end,
    )
        .prop_map(|(key, form, a, b)| {
            let (low, high) = (a.min(b), a.max(b));
            let (low, high) = match form {
                0 => (Bound::Included(low), Bound::Included(high)),
                1 => (Bound::Included(low), Bound::Unbounded),
                2 => (Bound::Excluded(low), Bound::Unbounded),
                3 => (Bound::Unbounded, Bound::Included(high)),
                4 => (Bound::Unbounded, Bound::Excluded(high)),
                _ => (Bound::Included(low), Bound::Included(low)),
            };
            // Through its text, as a user gives it.
            let range = Range {
                key: key.to_string(),
                low,
                high,
            };
            range.to_string().parse().unwrap()
        })
}

fn query() -> impl Strategy<Value = Query> {
    (
        prop::option::of(prop::sample::select(vec!["j1", "j2", "j3"])),
        prop::option::weighted(0.3, prop::sample::select(vec!["a", "b"])),
        prop::collection::vec(range(), 0..=2),
        prop::option::of((prop::sample::select(KEYS.to_vec()), any::<bool>())),
        prop::option::of(0usize..6),
    )
        .prop_map(|(job, generator, wheres, sort, limit)| Query {
            job: job.map(str::to_string),
            generator: generator.map(str::to_string),
            wheres,
            sort: sort.map(|(key, descending)| Sort {
                key: key.to_string(),
                descending,
            }),
            limit,
        })
}

/// What a query should find among `docs` (row ids are 1, 2, ... in order), by brute force:
/// `None` when it names a number none of the documents in its scope has.
fn expected(docs: &[Doc], query: &Query) -> Option<Vec<i64>> {
    let names = |key: &str, path: &str| path == key || path.ends_with(&format!(".{key}"));
    let in_scope = |d: &Doc| {
        query.job.as_deref().is_none_or(|j| d.job == Some(j))
            && query.generator.as_deref().is_none_or(|g| d.generator == g)
    };
    let scope: Vec<&Doc> = docs.iter().filter(|d| in_scope(d)).collect();
    let keys = query
        .wheres
        .iter()
        .map(|r| r.key.as_str())
        .chain(query.sort.iter().map(|s| s.key.as_str()));
    for key in keys {
        let known = scope
            .iter()
            .any(|d| d.numbers.keys().any(|path| names(key, path)));
        if !known {
            return None;
        }
    }
    let mut found: Vec<(i64, Option<f64>)> = docs
        .iter()
        .enumerate()
        .filter(|(_, d)| in_scope(d))
        .filter(|(_, d)| {
            query.wheres.iter().all(|range| {
                d.numbers
                    .iter()
                    .any(|(path, value)| names(&range.key, path) && range.contains(*value))
            })
        })
        .map(|(at, d)| {
            let key = query.sort.as_ref().map(|s| (&s.key, s.descending));
            let value = key.and_then(|(key, descending)| {
                let values = d
                    .numbers
                    .iter()
                    .filter(|(path, _)| names(key, path))
                    .map(|(_, v)| *v);
                if descending {
                    values.reduce(f64::max)
                } else {
                    values.reduce(f64::min)
                }
            });
            (at as i64 + 1, value)
        })
        .collect();
    let descending = query.sort.as_ref().is_some_and(|s| s.descending);
    found.sort_by(|(a, va), (b, vb)| {
        let by_value = match (va, vb) {
            (Some(x), Some(y)) if descending => y.total_cmp(x),
            (Some(x), Some(y)) => x.total_cmp(y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        };
        by_value.then(b.cmp(a))
    });
    let mut ids: Vec<i64> = found.into_iter().map(|(id, _)| id).collect();
    if let Some(limit) = query.limit {
        ids.truncate(limit);
    }
    Some(ids)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_query_finds_what_a_brute_force_filter_finds(
        docs in prop::collection::vec(doc(), 1..40),
        queries in prop::collection::vec(query(), 1..12),
    ) {
        let dir = TempDir::new().unwrap();
        let mut library = Library::open(dir.path().join("library.sqlite")).unwrap();
        let mut batch = library.batch().unwrap();
        for (seed, d) in docs.iter().enumerate() {
            let added = batch.add(&d.json(seed), &[]).unwrap();
            prop_assert_eq!(added.ids, vec![seed as i64 + 1]);
        }
        batch.commit().unwrap();
        for query in &queries {
            let found = library.query(query);
            match expected(&docs, query) {
                Some(ids) => {
                    let rows = found.map_err(|e| TestCaseError::fail(format!("{query:?}: {e}")))?;
                    let got: Vec<i64> = rows.iter().map(|r| r.id).collect();
                    prop_assert_eq!(got, ids, "{:?}", query);
                    for row in &rows {
                        let d = &docs[row.id as usize - 1];
                        prop_assert_eq!(row.numbers.len(), d.numbers.len() + 1, "seed too");
                    }
                }
                None => {
                    let is_unknown = matches!(found, Err(LibraryError::UnknownKey { .. }));
                    prop_assert!(is_unknown, "{:?}: {:?}", query, found);
                }
            }
        }
    }
}

#[test]
fn an_unknown_number_is_named_with_those_there_are() {
    let (_dir, _path, mut library) = fresh();
    library.add(&puzzle(1, 12, 3), &[]).unwrap();
    library.add(&archive(2, &[(14, 3, 14.0)]), &[]).unwrap();
    let query = |job: Option<&str>, key: &str| Query {
        job: job.map(str::to_string),
        wheres: vec![format!("{key}>1").parse().unwrap()],
        ..Query::default()
    };
    let error = library
        .query(&query(None, "moves"))
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with(
            "no number is called \"moves\"; the library has these: \
                           descriptors.decision_points, descriptors.min_moves, fitness, \
                           measures.dead_ends"
        ),
        "{error}"
    );
    // For one job, only that job's numbers: the plain result has no descriptors.
    let error = library
        .query(&query(Some("puzzle-chromatic"), "fitness"))
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with(
            "no number is called \"fitness\"; the results of job \"puzzle-chromatic\" have \
             these: measures.dead_ends,"
        ),
        "{error}"
    );
    assert!(!error.contains("descriptors"), "{error}");
    // A sort names a number too.
    let sorted = Query {
        sort: Some("moves:desc".parse().unwrap()),
        ..Query::default()
    };
    assert!(matches!(
        library.query(&sorted),
        Err(LibraryError::UnknownKey { .. })
    ));
}

#[test]
fn a_key_names_the_numbers_it_ends() {
    let (_dir, _path, mut library) = fresh();
    // decision_points is measures.decision_points in one and descriptors.decision_points in
    // the other (whose measures say otherwise).
    let plain = library.add(&puzzle(1, 12, 8), &[]).unwrap().ids[0];
    let mut shelf = archive(2, &[(14, 3, 14.0)]);
    shelf["elites"][0]["descriptors"]["decision_points"] = json!(9.0);
    let elite = library.add(&shelf, &[]).unwrap().ids[0];
    let ids = |text: &str| -> Vec<i64> {
        let query = Query {
            wheres: vec![text.parse().unwrap()],
            ..Query::default()
        };
        library
            .query(&query)
            .unwrap()
            .iter()
            .map(|r| r.id)
            .collect()
    };
    assert_eq!(ids("decision_points=8"), [plain]);
    assert_eq!(ids("decision_points=9"), [elite]);
    assert_eq!(ids("decision_points=3"), [elite]);
    assert_eq!(ids("measures.decision_points=3"), [elite]);
    assert_eq!(ids("descriptors.decision_points>=3"), [elite]);
    assert_eq!(ids("decision_points=3..9"), [elite, plain]);
}

#[test]
fn ranges_are_answered_from_the_index() {
    let (_dir, _path, mut library) = fresh();
    library.add(&puzzle(1, 12, 3), &[]).unwrap();
    let query = Query {
        job: Some("puzzle-chromatic".into()),
        wheres: vec![
            "min_moves=10..14".parse().unwrap(),
            "decision_points>=2".parse().unwrap(),
        ],
        limit: Some(10),
        ..Query::default()
    };
    let plan = library.explain(&query).unwrap().join("\n");
    // One range leads, from the index over (key, value); the other is checked row by row
    // through the primary key (item, key); no table is read through.
    assert!(
        plan.contains(
            "SEARCH numbers USING COVERING INDEX numbers_key_value (key=? AND value>? AND value<?)"
        ),
        "{plan}"
    );
    assert!(
        plan.contains("SEARCH numbers EXISTS USING PRIMARY KEY (item=? AND key=?)"),
        "{plan}"
    );
    assert!(!plan.contains("SCAN"), "{plan}");
}

#[test]
fn every_row_of_a_long_answer_has_its_own_numbers() {
    // More rows than are read at once, found in an order other than their ids'.
    let (_dir, _path, mut library) = fresh();
    let mut batch = library.batch().unwrap();
    for seed in 0..1_234u64 {
        let moves = (seed * 7919) % 1_000;
        batch
            .add(
                &json!({"generator": "g", "seed": seed, "m": {"moves": moves}}),
                &[],
            )
            .unwrap();
    }
    batch.commit().unwrap();
    let query = Query {
        sort: Some("moves".parse().unwrap()),
        ..Query::default()
    };
    let rows = library.query(&query).unwrap();
    assert_eq!(rows.len(), 1_234);
    let mut last = f64::MIN;
    for row in &rows {
        let seed = row.seed.unwrap();
        assert_eq!(row.id, seed as i64 + 1);
        assert_eq!(row.numbers.len(), 2, "{row:?}");
        assert_eq!(row.numbers["seed"], seed as f64);
        assert_eq!(row.numbers["m.moves"], ((seed * 7919) % 1_000) as f64);
        assert!(row.numbers["m.moves"] >= last);
        last = row.numbers["m.moves"];
    }
}
