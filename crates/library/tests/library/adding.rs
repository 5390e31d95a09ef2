//! Adding results: kept once, archives taken apart into their elites, all or nothing.

use ludoforge_library::{Attachment, LibraryError, Query};
use serde_json::{Value, json};
use sha2::Digest as _;

use super::{archive, fresh, puzzle};

#[test]
fn the_same_content_twice_is_one_row() {
    let (_dir, _path, mut library) = fresh();
    let first = library.add(&puzzle(1, 12, 3), &[]).unwrap();
    assert_eq!((first.added, first.already), (1, 0));
    let again = library.add(&puzzle(1, 12, 3), &[]).unwrap();
    assert_eq!((again.added, again.already), (0, 1));
    assert_eq!(again.ids, first.ids);
    assert_eq!(library.len().unwrap(), 1);
    // Different content is another row.
    let other = library.add(&puzzle(2, 12, 3), &[]).unwrap();
    assert_eq!(other.added, 1);
    assert_ne!(other.ids, first.ids);
    assert_eq!(library.len().unwrap(), 2);
}

#[test]
fn the_order_of_keys_does_not_make_new_content() {
    let (_dir, _path, mut library) = fresh();
    let one: Value = serde_json::from_str(
        r#"{"generator": "g", "seed": 4, "version": "1", "measures": {"a": 1, "b": 2}, "list": [{"x": 1, "y": 2}]}"#,
    )
    .unwrap();
    let other: Value = serde_json::from_str(
        r#"{"list": [{"y": 2, "x": 1}], "measures": {"b": 2, "a": 1}, "version": "1", "seed": 4, "generator": "g"}"#,
    )
    .unwrap();
    library.add(&one, &[]).unwrap();
    let again = library.add(&other, &[]).unwrap();
    assert_eq!((again.added, again.already), (0, 1));
    // The hash is the SHA-256 of the canonical text, with its keys sorted.
    let rows = library.list(None, None).unwrap();
    assert_eq!(rows.len(), 1);
    let text = ludoforge_library::canonical(&other);
    assert!(
        text.starts_with(r#"{"generator":"g","list":[{"x":1,"y":2}],"measures""#),
        "{text}"
    );
    let digest = sha2::Sha256::digest(text.as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(rows[0].hash, hex);
}

#[test]
fn a_row_keeps_who_made_it_and_every_number_outside_parameters_and_lists() {
    let (_dir, _path, mut library) = fresh();
    let document = puzzle(7, 22, 5);
    let ids = library.add(&document, &[]).unwrap().ids;
    let item = library.show(ids[0]).unwrap();
    assert_eq!(item.document, document);
    assert_eq!(item.parameters, Some(json!({"population": 40, "width": 3})));
    let row = &item.row;
    assert_eq!(row.generator, "ludoforge puzzle");
    assert_eq!(row.job.as_deref(), Some("puzzle-chromatic"));
    assert_eq!(row.version.as_deref(), Some("0.1.0"));
    assert_eq!(row.seed, Some(7));
    assert!(
        row.added.ends_with('Z') && row.added.len() == 20,
        "{}",
        row.added
    );
    let keys: Vec<&str> = row.numbers.keys().map(|k| &**k).collect();
    assert_eq!(
        keys,
        [
            "measures.dead_ends",
            "measures.decision_points",
            "measures.reachable",
            "min_moves",
            "score",
            "seed"
        ]
    );
    assert_eq!(row.numbers["measures.decision_points"], 5.0);
}

#[test]
fn a_seed_beyond_the_signed_range_reads_back_whole() {
    let (_dir, _path, mut library) = fresh();
    let document = json!({"generator": "g", "seed": u64::MAX, "version": "1"});
    let id = library.add(&document, &[]).unwrap().ids[0];
    assert_eq!(library.show(id).unwrap().row.seed, Some(u64::MAX));
}

#[test]
fn an_archive_adds_every_elite_with_its_descriptors() {
    let (_dir, _path, mut library) = fresh();
    let elites = [(12, 3, 12.0), (14, 3, 14.0), (20, 6, 20.0), (22, 7, 22.5)];
    let added = library.add(&archive(1, &elites), &[]).unwrap();
    assert_eq!((added.added, added.already, added.ids.len()), (4, 0, 4));
    assert_eq!(library.len().unwrap(), 4);
    for (id, (moves, points, fitness)) in added.ids.iter().zip(elites) {
        let item = library.show(*id).unwrap();
        // The row's document is the elite's result, named by the exploration's job.
        assert_eq!(item.document["min_moves"], moves);
        assert!(item.document.get("elites").is_none());
        assert_eq!(item.row.job.as_deref(), Some("puzzle-chromatic-explore"));
        assert_eq!(item.row.numbers["descriptors.min_moves"], f64::from(moves));
        assert_eq!(
            item.row.numbers["descriptors.decision_points"],
            f64::from(points)
        );
        assert_eq!(item.row.numbers["fitness"], fitness);
    }
    let query = Query {
        wheres: vec!["descriptors.decision_points>=6".parse().unwrap()],
        ..Query::default()
    };
    let found: Vec<i64> = library
        .query(&query)
        .unwrap()
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(found, [added.ids[3], added.ids[2]]);
    // The same archive again adds nothing.
    let again = library.add(&archive(1, &elites), &[]).unwrap();
    assert_eq!((again.added, again.already), (0, 4));
}

#[test]
fn an_elite_added_before_as_a_result_gains_its_descriptors() {
    let (_dir, _path, mut library) = fresh();
    let shelf = archive(1, &[(12, 3, 12.0)]);
    let alone = shelf["elites"][0]["result"].clone();
    let id = library.add(&alone, &[]).unwrap().ids[0];
    assert!(
        !library
            .show(id)
            .unwrap()
            .row
            .numbers
            .contains_key("fitness")
    );
    let added = library.add(&shelf, &[]).unwrap();
    assert_eq!((added.added, added.already, added.ids[0]), (0, 1, id));
    assert_eq!(
        library.show(id).unwrap().row.numbers["descriptors.min_moves"],
        12.0
    );
}

#[test]
fn files_are_kept_with_their_result() {
    let (_dir, _path, mut library) = fresh();
    let files = [
        Attachment::new("svg", "image/svg+xml", b"<svg/>".to_vec()),
        Attachment::new("png", "image/png", vec![0x89, b'P', b'N', b'G', 0, 255]),
    ];
    let id = library.add(&puzzle(1, 12, 3), &files).unwrap().ids[0];
    let item = library.show(id).unwrap();
    assert_eq!(item.files.len(), 2);
    assert_eq!(item.files[0], files[1], "by role: png before svg");
    assert_eq!(item.files[1], files[0]);
}

#[test]
fn refused_documents_add_nothing() {
    let (_dir, _path, mut library) = fresh();
    let svg = Attachment::new("svg", "image/svg+xml", b"<svg/>".to_vec());
    let error = library
        .add(&archive(1, &[(12, 3, 12.0)]), std::slice::from_ref(&svg))
        .unwrap_err();
    assert!(
        matches!(error, LibraryError::FilesWithArchive { elites: 1 }),
        "{error}"
    );
    let error = library
        .add(&puzzle(1, 12, 3), &[svg.clone(), svg.clone()])
        .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("two files have the role \"svg\""),
        "{error}"
    );
    let error = library.add(&json!({"seed": 1}), &[]).unwrap_err();
    assert!(
        error.to_string().starts_with("not a result document"),
        "{error}"
    );
    // An archive with one bad elite adds none of them.
    let mut shelf = archive(1, &[(12, 3, 12.0), (14, 3, 14.0)]);
    shelf["elites"][1]["result"] = json!({"seed": 3});
    let error = library.add(&shelf, &[]).unwrap_err();
    assert!(
        error.to_string().contains("elite 2 of the archive"),
        "{error}"
    );
    assert!(library.is_empty().unwrap());
}

#[test]
fn a_batch_is_all_or_nothing() {
    let (_dir, _path, mut library) = fresh();
    {
        let mut batch = library.batch().unwrap();
        batch.add(&puzzle(1, 12, 3), &[]).unwrap();
        batch.add(&puzzle(2, 13, 3), &[]).unwrap();
        // Dropped without commit.
    }
    assert!(library.is_empty().unwrap());
    let mut batch = library.batch().unwrap();
    batch.add(&puzzle(1, 12, 3), &[]).unwrap();
    assert!(batch.add(&json!([1]), &[]).is_err());
    batch.add(&puzzle(2, 13, 3), &[]).unwrap();
    batch.commit().unwrap();
    assert_eq!(library.len().unwrap(), 2);
}

#[test]
fn removing_takes_rows_out_with_their_files_and_numbers() {
    let (_dir, _path, mut library) = fresh();
    let svg = Attachment::new("svg", "image/svg+xml", b"<svg/>".to_vec());
    let a = library
        .add(&puzzle(1, 12, 3), std::slice::from_ref(&svg))
        .unwrap()
        .ids[0];
    let b = library
        .add(
            &json!({"generator": "other", "seed": 2, "only_here": 5}),
            &[],
        )
        .unwrap()
        .ids[0];
    let c = library.add(&puzzle(3, 14, 3), &[]).unwrap().ids[0];
    // An id not there: nothing removed.
    let error = library.remove(&[a, 999, 998]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the library has no rows 998, 999; `ludoforge library list` shows what it has"
    );
    assert_eq!(library.len().unwrap(), 3);
    assert_eq!(library.remove(&[b, a, a]).unwrap(), 2);
    let left: Vec<i64> = library
        .list(None, None)
        .unwrap()
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(left, [c]);
    assert!(matches!(
        library.show(a),
        Err(LibraryError::NoSuchRow { .. })
    ));
    // A number only the removed row had is forgotten.
    assert!(
        !library
            .keys(None, None)
            .unwrap()
            .contains(&"only_here".to_string())
    );
    // Ids are not reused, and the same content comes back as a new row.
    let again = library.add(&puzzle(1, 12, 3), &[]).unwrap();
    assert_eq!(again.added, 1);
    assert!(again.ids[0] > c);
    assert!(library.show(again.ids[0]).unwrap().files.is_empty());
}

#[test]
fn a_result_that_names_no_job_is_kept_under_the_job_that_made_it() {
    let (_dir, _path, mut library) = fresh();
    let mut document = puzzle(8, 20, 4);
    document.as_object_mut().unwrap().remove("job");
    let ids = library
        .add_made_by(&document, &[], Some("puzzle-chess"))
        .unwrap()
        .ids;
    assert_eq!(
        library.show(ids[0]).unwrap().row.job.as_deref(),
        Some("puzzle-chess")
    );
    let query = ludoforge_library::Query {
        job: Some("puzzle-chess".into()),
        ..Default::default()
    };
    assert_eq!(library.count(&query).unwrap(), 1);
    // A document that names its job keeps its own.
    let named = puzzle(9, 20, 4);
    let ids = library
        .add_made_by(&named, &[], Some("puzzle-chess"))
        .unwrap()
        .ids;
    assert_eq!(
        library.show(ids[0]).unwrap().row.job.as_deref(),
        Some("puzzle-chromatic")
    );
}
