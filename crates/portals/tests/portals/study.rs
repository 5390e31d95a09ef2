//! The document's study (Bush, section 5, Figures 2 and 3) and the shape of its curves.

use ludoforge_portals::study::{Fit, StudySpec, run};

#[test]
fn the_study_reproduces_the_shape_of_figures_2_and_3() {
    let spec = StudySpec::bush();
    let study = run(&spec, 1, &mut |_| {}).unwrap();
    println!("{}", study.table());
    assert_eq!(study.rows.len(), 13);
    for row in &study.rows {
        // No walk can be shorter than M; the shortest route is exactly M, and with 10,000
        // walks per M some walk takes it.
        assert_eq!(row.lower, row.min_path);
        assert!(row.mean >= f64::from(row.lower) && row.mean <= f64::from(row.upper));
        assert!(row.upper <= row.max_longest);
    }
    // "the lower bound increases linearly with respect to the minimum path length": slope 1.
    assert!((study.lower_fit.slope - 1.0).abs() < 1e-9);
    assert!(study.lower_fit.r_squared > 0.999);
    // "the upper bound increases much more rapidly".
    assert!(
        study.upper_fit.slope > 1.2 * study.lower_fit.slope,
        "{:?}",
        study.upper_fit
    );
    let first = &study.rows[0];
    let last = &study.rows[12];
    assert!(last.upper - first.upper > last.lower - first.lower);
    // "the total number of nodes in each graph increases exponentially": ln(rooms) is close
    // to a line with a clearly positive slope.
    assert!(study.rooms_fit.slope > 0.25, "{:?}", study.rooms_fit);
    assert!(study.rooms_fit.r_squared > 0.95, "{:?}", study.rooms_fit);
    assert!(last.mean_rooms > 20.0 * first.mean_rooms);
}

#[test]
fn the_study_is_deterministic_and_its_csv_has_one_line_per_m() {
    let spec = StudySpec {
        min_paths: vec![3, 4, 5],
        graphs: 4,
        walks: 50,
        ..StudySpec::bush()
    };
    let a = run(&spec, 9, &mut |_| {}).unwrap();
    let b = run(&spec, 9, &mut |_| {}).unwrap();
    assert_eq!(a, b);
    let csv = a.csv();
    assert_eq!(csv.lines().count(), 4);
    assert!(csv.lines().nth(1).unwrap().starts_with("3,4,50,3,"));
    let mut calls = 0;
    run(&spec, 9, &mut |done| {
        calls += 1;
        assert_eq!(done, calls);
    })
    .unwrap();
    assert_eq!(calls, 12);
}

#[test]
fn a_least_squares_line_by_hand() {
    // Points (1,1), (2,3), (3,5): y = 2x - 1 exactly.
    let fit = Fit::of(&[(1.0, 1.0), (2.0, 3.0), (3.0, 5.0)]);
    assert!((fit.slope - 2.0).abs() < 1e-12 && (fit.intercept + 1.0).abs() < 1e-12);
    assert!((fit.r_squared - 1.0).abs() < 1e-12);
    // (0,0), (1,1), (2,0): slope 0, explains nothing.
    let flat = Fit::of(&[(0.0, 0.0), (1.0, 1.0), (2.0, 0.0)]);
    assert!(flat.slope.abs() < 1e-12 && flat.r_squared.abs() < 1e-12);
}
