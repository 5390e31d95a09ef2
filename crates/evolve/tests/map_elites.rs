//! MAP-Elites: the archive keeps the best of each cell whatever is offered, and the search is
//! the same on any thread count, through `Run` or step by step, and after a save and a load.

use std::sync::atomic::{AtomicUsize, Ordering};

use ludoforge_evolve::map_elites::evaluate_all;
use ludoforge_evolve::rng::below;
use ludoforge_evolve::{
    Archive, Axis, Budget, Crossover, Evaluation, Goal, Grid, MapElites, Mutate, Outcome, Problem,
    Report, Run, Stream,
};
use proptest::prelude::*;

/// Three numbers from 0 to 15. The descriptors are the first two, the fitness is the sum of
/// all three. (15, 15, _) is rejected; (0, 0, _) has a NaN descriptor the archive refuses.
struct Triples {
    crossovers: AtomicUsize,
}

impl Triples {
    fn new() -> Self {
        Triples {
            crossovers: AtomicUsize::new(0),
        }
    }
}

impl Problem for Triples {
    type Genome = [u8; 3];
    fn random_genome(&self, rng: &mut Stream) -> [u8; 3] {
        std::array::from_fn(|_| below(rng, 16) as u8)
    }
    fn evaluate(&self, g: &[u8; 3]) -> Outcome {
        if g[0] == 15 && g[1] == 15 {
            return Outcome::rejected("both ends at 15");
        }
        let first = if g[0] == 0 && g[1] == 0 {
            f64::NAN
        } else {
            f64::from(g[0])
        };
        Outcome::Evaluated(Evaluation {
            fitness: g.iter().map(|&n| f64::from(n)).sum(),
            components: vec![("third".into(), f64::from(g[2]))],
            descriptors: vec![first, f64::from(g[1])],
        })
    }
}

impl Mutate for Triples {
    fn mutate(&self, g: &mut [u8; 3], rng: &mut Stream) {
        g[below(rng, 3)] = below(rng, 16) as u8;
    }
}

impl Crossover for Triples {
    fn crossover(&self, a: &[u8; 3], b: &[u8; 3], rng: &mut Stream) -> ([u8; 3], [u8; 3]) {
        self.crossovers.fetch_add(1, Ordering::Relaxed);
        let cut = below(rng, 4);
        let (mut c, mut d) = (*a, *b);
        c[cut..].copy_from_slice(&b[cut..]);
        d[cut..].copy_from_slice(&a[cut..]);
        (c, d)
    }
}

/// 8 × 8 cells over 0..16 (two numbers a cell on each axis).
fn archive(goal: Goal) -> Archive<[u8; 3]> {
    let axis = |name: &str| Axis::new(name, "", 0.0, 16.0, 8);
    Archive::new(
        Grid::new(vec![axis("first"), axis("second")]).unwrap(),
        goal,
        0.0,
    )
    .unwrap()
}

fn search() -> MapElites<[u8; 3]> {
    MapElites::new(archive(Goal::Maximise), 25)
        .with_initial(40)
        .with_crossover(0.25)
        .with_max_mutations(2)
}

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

fn run(goal: Goal, seed: u64, iterations: u64) -> (Report<[u8; 3]>, MapElites<[u8; 3]>) {
    let problem = Triples::new();
    let mut strategy = search();
    // Run takes the strategy by value; a step-by-step copy shows what it built.
    let report = Run::new(&problem, &mut strategy)
        .goal(goal)
        .budget(Budget::generations(iterations))
        .seed(seed)
        .execute()
        .unwrap();
    (report, strategy)
}

fn json(search: &MapElites<[u8; 3]>) -> String {
    serde_json::to_string(search).unwrap()
}

#[test]
fn the_same_on_any_thread_count() {
    for goal in [Goal::Maximise, Goal::Minimise] {
        let (one, one_search) = in_pool(1, || run(goal, 7, 30));
        let (three, three_search) = in_pool(3, || run(goal, 7, 30));
        assert_eq!(json(&one_search), json(&three_search));
        assert_eq!(one.counters, three.counters);
        assert_eq!(one.best.genome, three.best.genome);
        let genomes =
            |r: &Report<[u8; 3]>| r.population.iter().map(|i| i.genome).collect::<Vec<_>>();
        assert_eq!(genomes(&one), genomes(&three));
        let (other, _) = run(goal, 8, 30);
        assert_ne!(genomes(&one), genomes(&other), "seeds 7 and 8 agree");
    }
}

#[test]
fn the_report_is_the_archive() {
    let (report, search) = run(Goal::Maximise, 3, 40);
    let archive = search.archive();
    // The population is the elites in cell order, the best is the archive's best.
    let elites: Vec<_> = archive.iter().map(|e| (e.genome, e.fitness)).collect();
    let population: Vec<_> = report
        .population
        .iter()
        .map(|i| (i.genome, i.fitness()))
        .collect();
    assert_eq!(population, elites);
    assert_eq!(report.best.genome, archive.best().unwrap().genome);
    let highest = archive.iter().map(|e| e.fitness).fold(f64::MIN, f64::max);
    assert_eq!(report.best.fitness(), highest);
    // Counting: 40 initial genomes (none rejected at the start: a rejected one is drawn
    // again), then 25 children an iteration.
    assert_eq!(report.counters.generations, 40);
    assert_eq!(report.counters.matings, 40 * 25);
    assert!(report.counters.evaluations >= 40 + 40 * 25);
    assert!(report.counters.rejections > 0);
    // Neither rejected nor unplaceable genomes are elites.
    for elite in archive.iter() {
        assert!(!(elite.genome[0] == 15 && elite.genome[1] == 15));
        assert!(!(elite.genome[0] == 0 && elite.genome[1] == 0));
        assert_eq!(
            elite.components,
            vec![("third".into(), f64::from(elite.genome[2]))]
        );
    }
}

#[test]
fn run_and_step_by_step_agree() {
    let (report, by_run) = run(Goal::Maximise, 11, 20);
    let problem = Triples::new();
    let mut by_hand = search();
    let mut evaluations = by_hand
        .start(&problem, Goal::Maximise, 11)
        .unwrap()
        .evaluated();
    for _ in 0..20 {
        evaluations += by_hand.iterate(&problem).evaluated();
    }
    assert_eq!(json(&by_run), json(&by_hand));
    assert_eq!(evaluations as u64, report.counters.evaluations);

    // Ask, evaluate elsewhere, tell: the same as iterate.
    let mut asked = search().with_seed(11);
    let mut iterated = search().with_seed(11);
    for _ in 0..15 {
        let batch = asked.ask(&problem);
        assert_eq!(batch, asked.ask(&problem), "asking twice asks the same");
        let told = asked.tell(evaluate_all(&problem, batch));
        assert_eq!(told, iterated.iterate(&problem));
    }
    assert_eq!(json(&asked), json(&iterated));
    assert_eq!(asked.iteration(), 15);
}

#[test]
fn told_names_the_cells_it_changed() {
    let problem = Triples::new();
    let mut search = search();
    let snapshot = |s: &MapElites<[u8; 3]>| -> Vec<Option<f64>> {
        (0..64)
            .map(|c| s.archive().get(c).map(|e| e.fitness))
            .collect()
    };
    let told = search.start(&problem, Goal::Maximise, 3).unwrap();
    let filled: Vec<usize> = (0..64)
        .filter(|&c| search.archive().get(c).is_some())
        .collect();
    let mut named = told.changed.clone();
    named.sort_unstable();
    named.dedup();
    assert_eq!(named, filled, "the first batch names every cell it filled");
    assert_eq!(told.changed.len(), told.new + told.improved);
    for _ in 0..30 {
        let before = snapshot(&search);
        let told = search.iterate(&problem);
        let after = snapshot(&search);
        let differ: Vec<usize> = (0..64).filter(|&c| before[c] != after[c]).collect();
        let mut named = told.changed.clone();
        named.sort_unstable();
        named.dedup();
        assert_eq!(named, differ);
        assert_eq!(told.changed.len(), told.new + told.improved);
    }
}

#[test]
fn a_saved_search_carries_on_the_same() {
    let problem = Triples::new();
    let mut search = search();
    search.start(&problem, Goal::Minimise, 5).unwrap();
    for _ in 0..10 {
        search.iterate(&problem);
    }
    let mut loaded: MapElites<[u8; 3]> = serde_json::from_str(&json(&search)).unwrap();
    for _ in 0..10 {
        assert_eq!(search.iterate(&problem), loaded.iterate(&problem));
    }
    assert_eq!(json(&search), json(&loaded));
    assert_eq!(loaded.archive().goal(), Goal::Minimise);
}

#[test]
fn crossover_happens_at_the_rate_asked() {
    for (probability, low, high) in [(0.0, 0, 0), (1.0, 1000, 1000), (0.5, 400, 600)] {
        let problem = Triples::new();
        let mut search = search().with_crossover(probability);
        search.batch = 100;
        search.start(&problem, Goal::Maximise, 2).unwrap();
        for _ in 0..10 {
            search.iterate(&problem);
        }
        let made = problem.crossovers.load(Ordering::Relaxed);
        assert!((low..=high).contains(&made), "{probability}: {made}");
    }
}

#[test]
fn an_empty_archive_asks_for_random_genomes() {
    // Every genome is refused by the archive (one descriptor instead of two), so each
    // iteration stays random and the archive empty.
    struct Flat;
    impl Problem for Flat {
        type Genome = u8;
        fn random_genome(&self, rng: &mut Stream) -> u8 {
            below(rng, 200) as u8
        }
        fn evaluate(&self, g: &u8) -> Outcome {
            Outcome::Evaluated(Evaluation {
                fitness: f64::from(*g),
                components: vec![],
                descriptors: vec![1.0],
            })
        }
    }
    impl Mutate for Flat {
        fn mutate(&self, _: &mut u8, _: &mut Stream) {}
    }
    impl Crossover for Flat {
        fn crossover(&self, a: &u8, b: &u8, _: &mut Stream) -> (u8, u8) {
            (*a, *b)
        }
    }
    let empty = Archive::new(
        Grid::new(vec![Axis::new("a", "", 0.0, 1.0, 2); 2]).unwrap(),
        Goal::Maximise,
        0.0,
    )
    .unwrap();
    let mut search = MapElites::new(empty, 8).with_seed(1);
    let first = search.ask(&Flat);
    let told = search.tell(evaluate_all(&Flat, first.clone()));
    assert_eq!(told.invalid, 8);
    assert_eq!(
        told.last_invalid.unwrap().to_string(),
        "expected 2 descriptors (a, a), got 1"
    );
    let second = search.ask(&Flat);
    assert_eq!(second.len(), 8);
    assert_ne!(first, second);
    let error = Run::new(&Flat, search)
        .budget(Budget::generations(3))
        .execute()
        .unwrap_err();
    assert!(
        error.to_string().contains("expected 2 descriptors"),
        "{error}"
    );
}

/// A candidate for the property test: fitness and two descriptors (some outside the range).
fn candidate() -> impl Strategy<Value = (f64, f64, f64)> {
    (-50i32..50, -3.0f64..13.0, -3.0f64..13.0).prop_map(|(f, x, y)| (f64::from(f) / 4.0, x, y))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever is offered, each cell holds the first of its best candidates, its descriptors
    /// lie in the cell, the statistics add up, and the best is the first to reach the top.
    #[test]
    fn the_archive_keeps_the_best_of_each_cell(
        candidates in prop::collection::vec(candidate(), 0..200),
        cells in (1usize..7, 1usize..7, prop::option::of(1usize..4)),
        minimise in any::<bool>(),
        offset in -20.0f64..0.0,
    ) {
        let goal = if minimise { Goal::Minimise } else { Goal::Maximise };
        let mut axes = vec![
            Axis::new("x", "", 0.0, 10.0, cells.0),
            Axis::new("y", "", 0.0, 10.0, cells.1),
        ];
        if let Some(c) = cells.2 {
            axes.push(Axis::new("z", "", -1.0, 1.0, c));
        }
        let three = axes.len() == 3;
        let grid = Grid::new(axes).unwrap();
        let mut archive = Archive::new(grid.clone(), goal, offset).unwrap();
        let descriptors = |&(f, x, y): &(f64, f64, f64)| {
            if three { vec![x, y, f / 20.0] } else { vec![x, y] }
        };
        for (i, c) in candidates.iter().enumerate() {
            let evaluation = Evaluation { fitness: c.0, components: vec![], descriptors: descriptors(c) };
            archive.insert(i, evaluation).unwrap();
        }
        // The expected winner of each cell: the first candidate with the highest score.
        let mut winners = std::collections::BTreeMap::<usize, usize>::new();
        for (i, c) in candidates.iter().enumerate() {
            let cell = grid.cell_of(&descriptors(c)).unwrap();
            let w = winners.entry(cell).or_insert(i);
            if goal.score(c.0) > goal.score(candidates[*w].0) {
                *w = i;
            }
        }
        let held: Vec<(usize, usize)> = archive.iter().map(|e| (e.cell, e.genome)).collect();
        prop_assert_eq!(held, winners.clone().into_iter().collect::<Vec<_>>());
        for elite in archive.iter() {
            let coordinates = grid.coordinates(elite.cell);
            for ((axis, &index), &value) in grid.axes().iter().zip(&coordinates).zip(&elite.descriptors) {
                let (lower, upper) = axis.edges(index);
                let slack = 1e-6 * (upper - lower);
                prop_assert!(index == 0 || value >= lower - slack, "{value} below {lower}");
                prop_assert!(index + 1 == axis.cells || value < upper + slack, "{value} above {upper}");
            }
            // No candidate of the cell is better than its elite.
            for c in candidates.iter().filter(|c| grid.cell_of(&descriptors(c)).unwrap() == elite.cell) {
                prop_assert!(goal.score(c.0) <= goal.score(elite.fitness));
            }
        }
        prop_assert_eq!(archive.len(), winners.len());
        prop_assert_eq!(archive.coverage(), winners.len() as f64 / grid.cells() as f64);
        let qd: f64 = winners.values().map(|&w| goal.score(candidates[w].0) - offset).sum();
        prop_assert!((archive.qd_score() - qd).abs() < 1e-9);
        let top = candidates.iter().map(|c| goal.score(c.0)).fold(f64::NEG_INFINITY, f64::max);
        let first_top = candidates.iter().position(|c| goal.score(c.0) == top);
        prop_assert_eq!(archive.best().map(|e| e.genome), first_top);
    }
}

/// Telling scores alone, with genomes made only for what the archive keeps, gives the archive
/// and the count that telling the genomes gives; a NaN fitness or descriptor is counted
/// invalid either way.
#[test]
fn telling_scores_alone_is_telling_the_genomes() {
    use ludoforge_evolve::vector::{Point, VectorProblem};
    let problem = VectorProblem::new(vec![0.0; 4], 0.7, Some((-2.0, 2.0))).unwrap();
    let grid = || {
        Grid::new(vec![
            Axis::new("a", "", -4.0, 4.0, 8),
            Axis::new("b", "", -4.0, 4.0, 8),
        ])
        .unwrap()
    };
    let new = || {
        MapElites::new(Archive::new(grid(), Goal::Minimise, 0.0).unwrap(), 30)
            .with_crossover(0.3)
            .with_seed(5)
    };
    let scores = |p: &Point, i: usize| {
        let fitness = if i % 17 == 3 {
            f64::NAN
        } else {
            p.0.iter().map(|x| x * x).sum()
        };
        let second = if i % 19 == 4 {
            f64::NAN
        } else {
            p.0[2] + p.0[3]
        };
        (fitness, [p.0[0] + p.0[1], second])
    };
    let (mut whole, mut scored) = (new(), new());
    let mut made = 0;
    for _ in 0..20 {
        let batch = whole.ask_here(&problem);
        assert_eq!(batch, scored.ask_here(&problem));
        let (mut fitness, mut descriptors) = (Vec::new(), Vec::new());
        let evaluated = batch
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let (f, d) = scores(p, i);
                fitness.push(f);
                descriptors.extend(d);
                let evaluation = Evaluation {
                    fitness: f,
                    components: vec![],
                    descriptors: d.to_vec(),
                };
                (p.clone(), Outcome::Evaluated(evaluation))
            })
            .collect();
        let expected = whole.tell(evaluated);
        let told = scored.tell_scores(&fitness, &descriptors, 2, |i| {
            made += 1;
            batch[i].clone()
        });
        assert_eq!(told, expected);
        assert!(told.invalid > 0);
        assert_eq!(scored.archive().in_order(), whole.archive().in_order());
    }
    // Only the kept candidates were made.
    assert!(made < 20 * 30 / 2, "{made} genomes made");
}
