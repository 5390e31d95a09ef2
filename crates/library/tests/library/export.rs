//! Exporting: each row as its own result file with its files beside it, nothing overwritten.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use ludoforge_library::{Attachment, LibraryError, Query};
use serde_json::{Value, json};

use super::{archive, fresh, puzzle};

fn names(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn each_row_becomes_its_document_and_files() {
    let (dir, _path, mut library) = fresh();
    let svg = Attachment::new("svg", "image/svg+xml", b"<svg/>".to_vec());
    let log = Attachment::new("log", "application/jsonl", b"{}\n".to_vec());
    let a = library
        .add(&puzzle(5, 12, 3), &[svg.clone(), log.clone()])
        .unwrap()
        .ids[0];
    let elites = library.add(&archive(9, &[(14, 3, 14.0)]), &[]).unwrap().ids;
    let plain = json!({"generator": "ludoforge explore?", "version": "1"});
    let c = library.add(&plain, &[]).unwrap().ids[0];
    let out = dir.path().join("out").join("deeper");
    let written = library.export(&Query::default(), &out).unwrap();
    let expected = [
        format!("ludoforge-explore--unseeded-{c}.json"),
        format!("puzzle-chromatic-explore-9-{}.json", elites[0]),
        format!("puzzle-chromatic-5-{a}.json"),
        format!("puzzle-chromatic-5-{a}.log.jsonl"),
        format!("puzzle-chromatic-5-{a}.svg"),
    ];
    assert_eq!(
        names(&out),
        expected.iter().cloned().collect::<BTreeSet<_>>()
    );
    // Newest first, each document with its files.
    let name = |p: &Path| p.file_name().unwrap().to_string_lossy().into_owned();
    let order: Vec<String> = written
        .iter()
        .flat_map(|e| std::iter::once(name(&e.document)).chain(e.files.iter().map(|f| name(f))))
        .collect();
    assert_eq!(order, expected);
    let ids: Vec<i64> = written.iter().map(|e| e.id).collect();
    assert_eq!(ids, [c, elites[0], a]);
    let text = fs::read_to_string(out.join(&expected[2])).unwrap();
    assert!(
        text.ends_with("}\n") && text.contains("\n  \"generator\""),
        "{text}"
    );
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap(),
        puzzle(5, 12, 3)
    );
    let elite: Value =
        serde_json::from_str(&fs::read_to_string(out.join(&expected[1])).unwrap()).unwrap();
    assert_eq!(elite, archive(9, &[(14, 3, 14.0)])["elites"][0]["result"]);
    assert_eq!(fs::read(out.join(&expected[4])).unwrap(), svg.bytes);
    assert_eq!(fs::read(out.join(&expected[3])).unwrap(), log.bytes);
}

#[test]
fn only_what_the_query_finds_is_exported() {
    let (dir, _path, mut library) = fresh();
    library.add(&puzzle(1, 12, 3), &[]).unwrap();
    let b = library.add(&puzzle(2, 30, 3), &[]).unwrap().ids[0];
    let query = Query {
        wheres: vec!["min_moves>20".parse().unwrap()],
        ..Query::default()
    };
    library
        .export(&query, dir.path().join("out").as_path())
        .unwrap();
    assert_eq!(
        names(&dir.path().join("out")),
        BTreeSet::from([format!("puzzle-chromatic-2-{b}.json")])
    );
}

#[test]
fn an_export_that_would_overwrite_writes_nothing() {
    let (dir, _path, mut library) = fresh();
    let svg = Attachment::new("svg", "image/svg+xml", b"<svg/>".to_vec());
    let a = library.add(&puzzle(1, 12, 3), &[]).unwrap().ids[0];
    let b = library.add(&puzzle(2, 14, 3), &[svg]).unwrap().ids[0];
    let out = dir.path().join("out");
    fs::create_dir(&out).unwrap();
    // The last file the export would write is already there.
    let mine = out.join(format!("puzzle-chromatic-1-{a}.json"));
    fs::write(&mine, "mine").unwrap();
    let error = library.export(&Query::default(), &out).unwrap_err();
    assert!(
        matches!(error, LibraryError::WouldOverwrite { .. }),
        "{error}"
    );
    assert!(
        error.to_string().contains("so nothing was exported"),
        "{error}"
    );
    assert_eq!(
        names(&out),
        BTreeSet::from([mine.file_name().unwrap().to_string_lossy().into_owned()])
    );
    assert_eq!(fs::read_to_string(&mine).unwrap(), "mine");
    // A picture's name counts too, and a dangling link is a name taken.
    fs::remove_file(&mine).unwrap();
    let picture = out.join(format!("puzzle-chromatic-2-{b}.svg"));
    #[cfg(unix)]
    std::os::unix::fs::symlink(out.join("nowhere"), &picture).unwrap();
    #[cfg(not(unix))]
    fs::write(&picture, "mine").unwrap();
    assert!(library.export(&Query::default(), &out).is_err());
    assert_eq!(names(&out).len(), 1);
}

#[test]
fn an_export_into_a_file_is_refused() {
    let (dir, _path, mut library) = fresh();
    library.add(&puzzle(1, 12, 3), &[]).unwrap();
    let file = dir.path().join("taken");
    fs::write(&file, "mine").unwrap();
    let error = library.export(&Query::default(), &file).unwrap_err();
    assert!(error.to_string().contains("give a folder"), "{error}");
    assert_eq!(fs::read_to_string(&file).unwrap(), "mine");
}
