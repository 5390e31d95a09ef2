//! Hand-worked cases for the archive.

use super::*;
use crate::rng::stream;

/// A 2 × 3 grid: x in [0, 2) by 1, y in [0, 3) by 1; cell = 3x + y.
fn grid() -> Grid {
    Grid::new(vec![
        Axis::new("x", "", 0.0, 2.0, 2),
        Axis::new("y", "", 0.0, 3.0, 3),
    ])
    .unwrap()
}

fn at(fitness: f64, x: f64, y: f64) -> Evaluation {
    Evaluation {
        fitness,
        components: vec![("part".into(), fitness / 2.0)],
        descriptors: vec![x, y],
    }
}

fn archive(goal: Goal, offset: f64) -> Archive<&'static str> {
    Archive::new(grid(), goal, offset).unwrap()
}

#[test]
fn maximising_keeps_the_highest_and_the_first_on_ties() {
    let mut a = archive(Goal::Maximise, 0.0);
    assert_eq!(a.insert("a", at(1.0, 0.5, 0.5)), Ok(Insertion::New));
    assert_eq!(a.insert("b", at(2.0, 0.2, 0.9)), Ok(Insertion::Improved));
    assert_eq!(a.insert("tie", at(2.0, 0.1, 0.1)), Ok(Insertion::NotAdded));
    assert_eq!(
        a.insert("worse", at(1.5, 0.9, 0.0)),
        Ok(Insertion::NotAdded)
    );
    assert_eq!(a.insert("other", at(0.0, 1.5, 2.5)), Ok(Insertion::New));
    let elite = a.get(0).unwrap();
    assert_eq!(
        (elite.genome, elite.fitness, elite.cell),
        ("b", 2.0, 0),
        "{elite:?}"
    );
    // The elite keeps its own descriptors and components.
    assert_eq!(elite.descriptors, vec![0.2, 0.9]);
    assert_eq!(elite.components, vec![("part".to_string(), 1.0)]);
    assert_eq!(a.get(5).unwrap().genome, "other");
    assert_eq!(a.len(), 2);
}

#[test]
fn minimising_keeps_the_lowest() {
    let mut a = archive(Goal::Minimise, 0.0);
    assert_eq!(a.insert("a", at(1.0, 0.5, 0.5)), Ok(Insertion::New));
    assert_eq!(a.insert("b", at(2.0, 0.5, 0.5)), Ok(Insertion::NotAdded));
    assert_eq!(a.insert("c", at(1.0, 0.5, 0.5)), Ok(Insertion::NotAdded));
    assert_eq!(a.insert("d", at(-0.5, 0.5, 0.5)), Ok(Insertion::Improved));
    assert_eq!(a.get(0).unwrap().genome, "d");
}

#[test]
fn a_target_keeps_the_nearest() {
    let mut a = archive(Goal::target(10.0, 100.0), 0.0);
    assert_eq!(a.insert("12", at(12.0, 0.5, 0.5)), Ok(Insertion::New));
    assert_eq!(a.insert("9", at(9.0, 0.5, 0.5)), Ok(Insertion::Improved));
    assert_eq!(a.insert("11", at(11.0, 0.5, 0.5)), Ok(Insertion::NotAdded));
    assert_eq!(a.insert("10", at(10.0, 0.5, 0.5)), Ok(Insertion::Improved));
    assert_eq!(a.qd_score(), 100.0);
}

#[test]
fn out_of_range_descriptors_go_to_the_edge_cells() {
    let mut a = archive(Goal::Maximise, 0.0);
    a.insert("low-high", at(1.0, -5.0, 99.0)).unwrap();
    a.insert("inf", at(1.0, f64::INFINITY, f64::NEG_INFINITY))
        .unwrap();
    a.insert("edge", at(1.0, 2.0, 3.0)).unwrap();
    assert_eq!(a.get(2).unwrap().genome, "low-high"); // (0, 2)
    assert_eq!(a.get(3).unwrap().genome, "inf"); // (1, 0)
    assert_eq!(a.get(5).unwrap().genome, "edge"); // (1, 2): the high ends belong to the last cells
    assert_eq!(a.get(2).unwrap().descriptors, vec![-5.0, 99.0]);
}

#[test]
fn bad_candidates_are_refused_with_a_reason_and_change_nothing() {
    let mut a = archive(Goal::Maximise, 0.0);
    a.insert("a", at(1.0, 0.5, 0.5)).unwrap();
    assert_eq!(
        a.insert("nan", at(5.0, 0.5, f64::NAN)),
        Err(ArchiveError::NotANumber {
            axis: 1,
            name: "y".into()
        })
    );
    assert!(matches!(
        a.insert("nan fitness", at(f64::NAN, 0.5, 0.5)),
        Err(ArchiveError::Fitness { value }) if value.is_nan()
    ));
    assert!(matches!(
        a.insert("inf fitness", at(f64::INFINITY, 0.5, 0.5)),
        Err(ArchiveError::Fitness { .. })
    ));
    let mut short = at(5.0, 0.5, 0.5);
    short.descriptors.pop();
    let error = a.insert("short", short).unwrap_err();
    assert_eq!(error.to_string(), "expected 2 descriptors (x, y), got 1");
    assert_eq!(a.len(), 1);
    assert_eq!(a.get(0).unwrap().genome, "a");
    assert_eq!(a.best().unwrap().genome, "a");
}

#[test]
fn coverage_and_qd_score_by_hand() {
    let mut a = archive(Goal::Maximise, -10.0);
    assert_eq!((a.coverage(), a.qd_score()), (0.0, 0.0));
    a.insert("one", at(1.0, 0.5, 0.5)).unwrap();
    a.insert("four", at(4.0, 1.5, 0.5)).unwrap();
    a.insert("minus two", at(-2.0, 1.5, 2.5)).unwrap();
    // 3 of 6 cells; (1 + 10) + (4 + 10) + (-2 + 10).
    assert_eq!(a.coverage(), 0.5);
    assert_eq!(a.qd_score(), 33.0);
    a.insert("three", at(3.0, 0.5, 0.5)).unwrap();
    assert_eq!(a.qd_score(), 35.0);
    assert_eq!(a.best().unwrap().genome, "four");

    let mut m = archive(Goal::Minimise, -10.0);
    m.insert("one", at(1.0, 0.5, 0.5)).unwrap();
    m.insert("four", at(4.0, 1.5, 0.5)).unwrap();
    m.insert("minus two", at(-2.0, 1.5, 2.5)).unwrap();
    // Scores are −fitness: (−1 + 10) + (−4 + 10) + (2 + 10).
    assert_eq!(m.qd_score(), 27.0);
    assert_eq!(m.best().unwrap().genome, "minus two");
}

#[test]
fn the_best_is_the_first_to_reach_the_highest_score() {
    let mut a = archive(Goal::Maximise, 0.0);
    a.insert("c5", at(1.0, 1.5, 2.5)).unwrap();
    a.insert("c0", at(1.0, 0.5, 0.5)).unwrap();
    assert_eq!(a.best().unwrap().genome, "c5");
    a.insert("c0 better", at(3.0, 0.5, 0.5)).unwrap();
    a.insert("c5 as good", at(3.0, 1.5, 2.5)).unwrap();
    assert_eq!(a.best().unwrap().genome, "c0 better");
}

#[test]
fn iteration_is_in_cell_order() {
    let mut a = archive(Goal::Maximise, 0.0);
    for (name, x, y) in [
        ("5", 1.5, 2.5),
        ("1", 0.5, 1.5),
        ("3", 1.5, 0.5),
        ("0", 0.5, 0.5),
    ] {
        a.insert(name, at(1.0, x, y)).unwrap();
    }
    let order: Vec<(usize, &str)> = a.iter().map(|e| (e.cell, e.genome)).collect();
    assert_eq!(order, vec![(0, "0"), (1, "1"), (3, "3"), (5, "5")]);
    let individuals = a.individuals();
    assert_eq!(individuals.len(), 4);
    assert_eq!(individuals[1].genome, "1");
    assert!(a.get(2).is_none() && a.get(6).is_none());
    a.clear();
    assert!(a.is_empty() && a.best().is_none() && a.iter().next().is_none());
}

#[test]
fn sampling_is_uniform_among_elites() {
    let mut a = archive(Goal::Maximise, 0.0);
    for (name, x, y) in [("a", 0.5, 0.5), ("b", 1.5, 0.5), ("c", 1.5, 2.5)] {
        a.insert(name, at(1.0, x, y)).unwrap();
    }
    let mut rng = stream(1, 2, 3);
    let mut counts = std::collections::BTreeMap::new();
    for _ in 0..30_000 {
        *counts
            .entry(a.sample(&mut rng).unwrap().genome)
            .or_insert(0) += 1;
    }
    for (name, count) in &counts {
        assert!((9_500..10_500).contains(count), "{name}: {counts:?}");
    }
    assert!(archive(Goal::Maximise, 0.0).sample(&mut rng).is_none());
}

#[test]
fn the_offset_must_be_finite() {
    for offset in [f64::NAN, f64::INFINITY] {
        assert!(matches!(
            Archive::<u8>::new(grid(), Goal::Maximise, offset),
            Err(ArchiveError::Offset { .. })
        ));
    }
}

#[test]
fn saved_and_loaded_archives_are_the_same_and_checked() {
    let mut a: Archive<String> = Archive::new(grid(), Goal::Minimise, -3.0).unwrap();
    for (i, (x, y)) in [(1.5, 2.5), (0.5, 0.5), (0.7, 0.2), (1.2, 1.1)]
        .iter()
        .enumerate()
    {
        a.insert(format!("g{i}"), at(i as f64, *x, *y)).unwrap();
    }
    let text = serde_json::to_string(&a).unwrap();
    let b: Archive<String> = serde_json::from_str(&text).unwrap();
    let cells = |a: &Archive<String>| a.iter().cloned().collect::<Vec<_>>();
    assert_eq!(cells(&a), cells(&b));
    assert_eq!(a.best(), b.best());
    assert_eq!((a.qd_score(), a.coverage()), (b.qd_score(), b.coverage()));
    assert_eq!(b.goal(), Goal::Minimise);
    // The order elites are drawn in survives too.
    let draws = |a: &Archive<String>| {
        let mut rng = stream(4, 0, 0);
        (0..20)
            .map(|_| a.sample(&mut rng).unwrap().genome.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(draws(&a), draws(&b));

    let moved = text.replacen("\"cell\":5", "\"cell\":4", 1);
    assert_ne!(moved, text);
    let error = serde_json::from_str::<Archive<String>>(&moved).unwrap_err();
    assert!(error.to_string().contains("cell 4"), "{error}");
    let best = text.replace("\"best\":0", "\"best\":1");
    assert_ne!(best, text);
    assert!(serde_json::from_str::<Archive<String>>(&best).is_err());

    let mut parts: ArchiveParts<String> = serde_json::from_str(&text).unwrap();
    let twin = parts.elites[1].clone();
    parts.elites.push(twin);
    let error = Archive::try_from(parts).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the saved archive does not hold together: two elites in cell 0"
    );
}
