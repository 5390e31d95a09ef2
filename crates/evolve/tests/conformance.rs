//! The conformance suite every strategy must pass: same seed same result on any thread count,
//! budgets respected, early stop on a met target, rejection handled, `Send + Sync`.

use ludoforge_evolve::rng::below;
use ludoforge_evolve::{
    Archive, Axis, Budget, Counters, Crossover, Evaluation, EvolveError, Generational, Goal, Grid,
    Growing, History, MapElites, Mutate, Observer, Outcome, Problem, Report, Run, Snapshot,
    SteadyState, StopReason, Strategy, Stream,
};

/// Bit strings of length 24; fitness = number of ones. Genomes with the first bit set *and*
/// the last bit clear are rejected, to exercise the validity path. The descriptors (for
/// MAP-Elites; the other strategies ignore them) are the ones among the first 8 bits and
/// among the next 8.
struct OneMax;

const BITS: usize = 24;

impl Problem for OneMax {
    type Genome = Vec<bool>;
    fn random_genome(&self, rng: &mut Stream) -> Vec<bool> {
        (0..BITS).map(|_| below(rng, 2) == 1).collect()
    }
    fn evaluate(&self, genome: &Vec<bool>) -> Outcome {
        if genome[0] && !genome[BITS - 1] {
            return Outcome::rejected("first bit set without last bit");
        }
        let ones = |bits: &[bool]| bits.iter().filter(|&&bit| bit).count() as f64;
        Outcome::Evaluated(Evaluation {
            fitness: ones(genome),
            components: vec![],
            descriptors: vec![ones(&genome[..8]), ones(&genome[8..16])],
        })
    }
}

/// A 9 × 9 grid: one cell per count of ones (0 to 8) in each of the two first bytes.
fn onemax_archive() -> Archive<Vec<bool>> {
    let axis = |name: &str| Axis::new(name, "ones", -0.5, 8.5, 9);
    Archive::new(
        Grid::new(vec![axis("first byte"), axis("second byte")]).unwrap(),
        Goal::Maximise,
        0.0,
    )
    .unwrap()
}

impl Mutate for OneMax {
    fn mutate(&self, genome: &mut Vec<bool>, rng: &mut Stream) {
        let i = below(rng, genome.len());
        genome[i] = !genome[i];
    }
}

impl Crossover for OneMax {
    fn crossover(&self, a: &Vec<bool>, b: &Vec<bool>, rng: &mut Stream) -> (Vec<bool>, Vec<bool>) {
        let cut = below(rng, a.len() + 1);
        let mut c = a[..cut].to_vec();
        c.extend_from_slice(&b[cut..]);
        let mut d = b[..cut].to_vec();
        d.extend_from_slice(&a[cut..]);
        (c, d)
    }
}

/// A problem whose every genome is invalid.
struct Impossible;
impl Problem for Impossible {
    type Genome = u8;
    fn random_genome(&self, _: &mut Stream) -> u8 {
        0
    }
    fn evaluate(&self, _: &u8) -> Outcome {
        Outcome::rejected("nothing is valid")
    }
}
impl Mutate for Impossible {
    fn mutate(&self, _: &mut u8, _: &mut Stream) {}
}
impl Crossover for Impossible {
    fn crossover(&self, a: &u8, b: &u8, _: &mut Stream) -> (u8, u8) {
        (*a, *b)
    }
}

/// Makes a fresh strategy for each run.
type Maker = Box<dyn Fn() -> Box<dyn Strategy<OneMax>> + Sync + Send>;

fn strategies() -> Vec<(&'static str, Maker)> {
    vec![
        (
            "steady-state",
            Box::new(|| Box::new(SteadyState::new(30).with_tournament(7))),
        ),
        (
            "generational",
            Box::new(|| Box::new(Generational::new(30).with_elite(2).with_tournament(3))),
        ),
        (
            "map-elites",
            Box::new(|| Box::new(MapElites::new(onemax_archive(), 30).with_crossover(0.3))),
        ),
    ]
}

/// Box<dyn Strategy> forwards to the strategy inside.
struct Boxed(Box<dyn Strategy<OneMax>>);
impl Strategy<OneMax> for Boxed {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn validate(&self) -> Result<(), EvolveError> {
        self.0.validate()
    }
    fn init(
        &mut self,
        problem: &OneMax,
        goal: Goal,
        seed: u64,
        cancel: Option<&std::sync::atomic::AtomicBool>,
    ) -> Result<ludoforge_evolve::State<Vec<bool>>, EvolveError> {
        self.0.init(problem, goal, seed, cancel)
    }
    fn step(
        &mut self,
        problem: &OneMax,
        state: &mut ludoforge_evolve::State<Vec<bool>>,
        cancel: Option<&std::sync::atomic::AtomicBool>,
    ) -> ludoforge_evolve::Step {
        self.0.step(problem, state, cancel)
    }
    fn refresh(&mut self, state: &mut ludoforge_evolve::State<Vec<bool>>) {
        self.0.refresh(state);
    }
}

fn run(strategy: Box<dyn Strategy<OneMax>>, budget: Budget, seed: u64) -> Report<Vec<bool>> {
    Run::new(&OneMax, Boxed(strategy))
        .budget(budget)
        .seed(seed)
        .execute()
        .expect("a valid run")
}

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

#[test]
fn same_seed_same_result_on_any_thread_count() {
    for (name, make) in strategies() {
        let budget = Budget::generations(15);
        let one = in_pool(1, || run(make(), budget, 11));
        let four = in_pool(4, || run(make(), budget, 11));
        assert_eq!(one.best.genome, four.best.genome, "{name}");
        assert_eq!(one.counters, four.counters, "{name}");
        let genomes = |r: &Report<Vec<bool>>| {
            r.population
                .iter()
                .map(|i| i.genome.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(genomes(&one), genomes(&four), "{name}");
        let other = run(make(), budget, 12);
        assert_ne!(
            genomes(&one),
            genomes(&other),
            "{name}: seeds 11 and 12 agree"
        );
    }
}

#[test]
fn budgets_are_respected() {
    for (name, make) in strategies() {
        let report = run(make(), Budget::matings(100), 3);
        assert_eq!(report.stop, StopReason::Matings, "{name}");
        // A generational step breeds a whole generation, so it may pass the mark by one step.
        assert!(
            (100..100 + 30).contains(&report.counters.matings),
            "{name}: {:?}",
            report.counters
        );

        let report = run(make(), Budget::generations(4), 3);
        assert_eq!(report.stop, StopReason::Generations, "{name}");
        assert_eq!(report.counters.generations, 4, "{name}");

        let report = run(make(), Budget::default().with_evaluations(500), 3);
        assert_eq!(report.stop, StopReason::Evaluations, "{name}");
        assert!(report.counters.evaluations >= 500, "{name}");
        assert!(report.counters.evaluations < 500 + 2 * 30 * 11, "{name}");
    }
    let report = run(
        Box::new(SteadyState::new(30)),
        Budget::default().with_time(std::time::Duration::from_millis(30)),
        3,
    );
    assert_eq!(report.stop, StopReason::Time);
}

#[test]
fn steady_state_counts_exactly() {
    let report = run(Box::new(SteadyState::new(30)), Budget::matings(150), 5);
    assert_eq!(report.counters.matings, 150);
    // 150 matings with a population of 30: one generation per 15 matings.
    assert_eq!(report.counters.generations, 10);
    // Initial sampling plus two children a mating.
    assert!(report.counters.evaluations >= 30 + 300);
    assert_eq!(report.population.len(), 30);
}

#[test]
fn evolution_improves_and_only_valid_genomes_survive() {
    for (name, make) in strategies() {
        // MAP-Elites spreads its children over all 81 cells rather than pushing one
        // population up, so it takes more iterations to reach the corner cell's best.
        let generations = if name == "map-elites" { 150 } else { 60 };
        let report = run(make(), Budget::generations(generations), 21);
        assert_eq!(report.best.fitness(), BITS as f64, "{name}");
        for member in &report.population {
            assert!(
                !member.genome[0] || member.genome[BITS - 1],
                "{name}: invalid survivor"
            );
        }
        assert!(
            report.counters.rejections > 0,
            "{name}: the rejection path was not exercised"
        );
    }
}

#[test]
fn target_stops_early_and_is_hit() {
    for (name, make) in strategies() {
        let report = Run::new(&OneMax, Boxed(make()))
            .goal(Goal::target(15.0, 100.0))
            .budget(Budget::generations(1_000))
            .stop_when_met(true)
            .seed(8)
            .execute()
            .unwrap();
        assert_eq!(report.stop, StopReason::TargetMet, "{name}");
        assert_eq!(report.best.fitness(), 15.0, "{name}");
        assert!(report.counters.generations < 1_000, "{name}");
    }
}

#[test]
fn minimise_goes_down() {
    let report = Run::new(&OneMax, SteadyState::new(30))
        .goal(Goal::Minimise)
        .budget(Budget::matings(3_000))
        .seed(2)
        .execute()
        .unwrap();
    assert_eq!(report.best.fitness(), 0.0);
}

#[test]
fn history_reports_every_generation() {
    let mut history = History::default();
    let report = Run::new(&OneMax, SteadyState::new(30))
        .budget(Budget::matings(150))
        .seed(4)
        .observe(&mut history)
        .execute()
        .unwrap();
    // Start, ten generations (the last one is also the finish).
    assert_eq!(history.snapshots.len(), 11);
    let bests: Vec<f64> = history.snapshots.iter().map(|s| s.best_ever).collect();
    assert!(
        bests.windows(2).all(|w| w[0] <= w[1]),
        "best ever went down: {bests:?}"
    );
    let last = history.snapshots.last().unwrap();
    assert_eq!(last.best_ever, report.best.fitness());
    assert!(
        last.population.worst <= last.population.mean
            && last.population.mean <= last.population.best
    );
    assert!((0.0..=1.0).contains(&last.population.diversity));
}

/// A progress display: follows every step, declines the per-generation snapshots.
#[derive(Default)]
struct Ticker {
    starts: u32,
    steps: u64,
    generations: u32,
    finishes: u32,
    matings: u64,
    best: f64,
}

impl Observer for Ticker {
    fn on_start(&mut self, _: &Snapshot) {
        self.starts += 1;
    }
    fn on_generation(&mut self, _: &Snapshot) {
        self.generations += 1;
    }
    fn on_progress(&mut self, counters: &Counters, best_ever: f64) {
        self.steps += 1;
        self.matings = counters.matings;
        assert!(best_ever >= self.best, "best ever went down");
        self.best = best_ever;
    }
    fn wants_snapshots(&self) -> bool {
        false
    }
    fn on_finish(&mut self, _: &Snapshot, _: StopReason) {
        self.finishes += 1;
    }
}

#[test]
fn observers_declining_snapshots_get_every_step_and_no_generation() {
    let mut ticker = Ticker::default();
    let mut history = History::default();
    let report = Run::new(&OneMax, SteadyState::new(30))
        .budget(Budget::matings(150))
        .seed(4)
        .observe(&mut ticker)
        .observe(&mut history)
        .execute()
        .unwrap();
    assert_eq!((ticker.starts, ticker.finishes), (1, 1));
    assert_eq!(ticker.steps, 150);
    assert_eq!(ticker.generations, 0);
    assert_eq!(ticker.matings, report.counters.matings);
    assert_eq!(ticker.best, report.best.fitness());
    // The observer wanting snapshots still gets every one.
    assert_eq!(history.snapshots.len(), 11);
}

#[test]
fn observers_do_not_change_a_run() {
    let growing = || Growing::new(growing_seeds());
    let genomes = |r: &Report<Vec<bool>>| {
        r.population
            .iter()
            .map(|i| i.genome.clone())
            .collect::<Vec<_>>()
    };
    let budget = Budget::generations(400);
    let alone = Run::new(&OneMax, growing())
        .budget(budget)
        .seed(6)
        .execute()
        .unwrap();
    let (mut ticker, mut history) = (Ticker::default(), History::default());
    let watched = Run::new(&OneMax, growing())
        .budget(budget)
        .seed(6)
        .observe(&mut ticker)
        .observe(&mut history)
        .execute()
        .unwrap();
    assert_eq!(genomes(&alone), genomes(&watched));
    assert_eq!(alone.counters, watched.counters);
    assert_eq!(ticker.steps, 400);
    // Start, one snapshot a cycle (the last one is also the finish).
    assert_eq!(history.snapshots.len(), 401);
}

#[test]
fn errors_name_the_problem() {
    let unbounded = Run::new(&OneMax, SteadyState::new(30)).execute();
    assert!(matches!(unbounded, Err(EvolveError::Unbounded)));
    let small = Run::new(&OneMax, SteadyState::new(30).with_tournament(2))
        .budget(Budget::matings(1))
        .execute();
    assert!(matches!(
        small,
        Err(EvolveError::InvalidSetting {
            name: "tournament",
            ..
        })
    ));
    let mut strategy = SteadyState::new(10);
    strategy.max_initial_attempts = 50;
    let impossible = Run::new(&Impossible, strategy)
        .budget(Budget::matings(1))
        .execute();
    match impossible {
        Err(e @ EvolveError::NoValidGenome { .. }) => {
            assert!(e.to_string().contains("nothing is valid"), "{e}");
        }
        other => panic!("expected NoValidGenome, got {:?}", other.map(|r| r.stop)),
    }
    let grid = Grid::new(vec![Axis::new("a", "", 0.0, 1.0, 2); 2]).unwrap();
    let mut map_elites = MapElites::new(Archive::new(grid, Goal::Maximise, 0.0).unwrap(), 10);
    map_elites.max_initial_attempts = 50;
    let impossible = Run::new(&Impossible, map_elites)
        .budget(Budget::generations(1))
        .execute();
    assert!(matches!(impossible, Err(EvolveError::NoValidGenome { .. })));
    let crossover = Run::new(
        &OneMax,
        MapElites::new(onemax_archive(), 10).with_crossover(1.5),
    )
    .budget(Budget::generations(1))
    .execute();
    assert!(matches!(
        crossover,
        Err(EvolveError::InvalidSetting {
            name: "crossover",
            ..
        })
    ));
}

#[test]
fn a_run_cancelled_before_it_starts_has_nothing_to_report() {
    for (name, make) in strategies() {
        let flag = std::sync::atomic::AtomicBool::new(true);
        let report = Run::new(&OneMax, Boxed(make()))
            .budget(Budget::matings(1_000_000))
            .cancel_on(&flag)
            .execute();
        assert!(matches!(report, Err(EvolveError::Cancelled)), "{name}");
    }
}

/// OneMax raising the flag at its first evaluation once armed: a cancel arriving in the
/// middle of a step.
struct CancelInside<'a> {
    armed: &'a std::sync::atomic::AtomicBool,
    flag: &'a std::sync::atomic::AtomicBool,
}

impl Problem for CancelInside<'_> {
    type Genome = Vec<bool>;
    fn random_genome(&self, rng: &mut Stream) -> Vec<bool> {
        OneMax.random_genome(rng)
    }
    fn evaluate(&self, genome: &Vec<bool>) -> Outcome {
        if self.armed.load(std::sync::atomic::Ordering::Relaxed) {
            self.flag.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        OneMax.evaluate(genome)
    }
}
impl Mutate for CancelInside<'_> {
    fn mutate(&self, genome: &mut Vec<bool>, rng: &mut Stream) {
        OneMax.mutate(genome, rng);
    }
}
impl Crossover for CancelInside<'_> {
    fn crossover(&self, a: &Vec<bool>, b: &Vec<bool>, rng: &mut Stream) -> (Vec<bool>, Vec<bool>) {
        OneMax.crossover(a, b, rng)
    }
}

/// Arms a [`CancelInside`] after the first step.
struct Arm<'a>(&'a std::sync::atomic::AtomicBool);

impl Observer for Arm<'_> {
    fn on_progress(&mut self, _: &Counters, _: f64) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The first generation of `strategy`, whole, and a run of it cancelled inside its second.
fn whole_and_cut<S>(strategy: impl Fn() -> S) -> (Report<Vec<bool>>, Report<Vec<bool>>)
where
    S: Strategy<OneMax> + for<'a> Strategy<CancelInside<'a>>,
{
    let whole = Run::new(&OneMax, strategy())
        .budget(Budget::generations(1))
        .seed(5)
        .execute()
        .unwrap();
    let (armed, flag) = Default::default();
    let problem = CancelInside {
        armed: &armed,
        flag: &flag,
    };
    let mut arm = Arm(&armed);
    let cut = Run::new(&problem, strategy())
        .budget(Budget::generations(100))
        .seed(5)
        .cancel_on(&flag)
        .observe(&mut arm)
        .execute()
        .unwrap();
    (whole, cut)
}

#[test]
fn a_generation_cut_by_a_cancel_is_thrown_away() {
    for (name, (whole, cut)) in [
        (
            "generational",
            whole_and_cut(|| Generational::new(200).with_elite(2)),
        ),
        (
            "map-elites",
            whole_and_cut(|| MapElites::new(onemax_archive(), 200)),
        ),
    ] {
        assert_eq!(cut.stop, StopReason::Interrupted, "{name}");
        assert_eq!(
            cut.counters, whole.counters,
            "{name}: only the first generation"
        );
        let genomes = |r: &Report<Vec<bool>>| -> Vec<Vec<bool>> {
            r.population.iter().map(|m| m.genome.clone()).collect()
        };
        assert_eq!(genomes(&cut), genomes(&whole), "{name}");
    }
}

/// Raises the flag after a number of steps, as Ctrl-C would in the middle of a run.
struct Interrupter<'a> {
    flag: &'a std::sync::atomic::AtomicBool,
    after: u64,
    steps: u64,
}

impl Observer for Interrupter<'_> {
    fn on_progress(&mut self, _: &Counters, _: f64) {
        self.steps += 1;
        if self.steps == self.after {
            self.flag.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

#[test]
fn cancel_flag_interrupts_a_running_search() {
    for (name, make) in strategies() {
        let flag = std::sync::atomic::AtomicBool::new(false);
        let mut interrupter = Interrupter {
            flag: &flag,
            after: 7,
            steps: 0,
        };
        let report = Run::new(&OneMax, Boxed(make()))
            .budget(Budget::generations(1_000_000))
            .cancel_on(&flag)
            .observe(&mut interrupter)
            .execute()
            .unwrap();
        assert_eq!(report.stop, StopReason::Interrupted, "{name}");
        assert_eq!(interrupter.steps, 7, "{name}");
        assert!(!report.population.is_empty(), "{name}");
    }
}

#[test]
fn observers_see_every_map_elites_iteration() {
    let mut ticker = Ticker::default();
    let mut history = History::default();
    let report = Run::new(&OneMax, MapElites::new(onemax_archive(), 30))
        .budget(Budget::generations(12))
        .seed(4)
        .observe(&mut ticker)
        .observe(&mut history)
        .execute()
        .unwrap();
    assert_eq!((ticker.starts, ticker.finishes), (1, 1));
    assert_eq!(ticker.steps, 12);
    assert_eq!(ticker.matings, 12 * 30);
    assert_eq!(ticker.best, report.best.fitness());
    // Start and one snapshot an iteration (the last one is also the finish).
    assert_eq!(history.snapshots.len(), 13);
    let bests: Vec<f64> = history.snapshots.iter().map(|s| s.best_ever).collect();
    assert!(bests.windows(2).all(|w| w[0] <= w[1]), "{bests:?}");
    // Snapshots describe the elites: the archive's best is the population's best.
    for snapshot in &history.snapshots {
        assert_eq!(snapshot.population.best, snapshot.best_ever);
    }
    let last = history.snapshots.last().unwrap();
    assert_eq!(last.counters, report.counters);
    // The first snapshot is taken on the initial batch alone.
    assert_eq!(history.snapshots[0].counters.generations, 0);
    assert!(history.snapshots[0].counters.evaluations >= 30);
}

#[test]
fn strategies_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<SteadyState>();
    check::<Generational>();
    check::<Growing<Vec<bool>>>();
    check::<MapElites<Vec<bool>>>();
    check::<Report<Vec<bool>>>();
}

/// Twelve seeds: all bits clear except one (valid, fitness 1 each), plus an invalid one.
fn growing_seeds() -> Vec<Vec<bool>> {
    let mut seeds: Vec<Vec<bool>> = (1..BITS - 1)
        .take(12)
        .map(|i| (0..BITS).map(|j| j == i).collect())
        .collect();
    let mut invalid = vec![false; BITS];
    invalid[0] = true;
    seeds.push(invalid);
    seeds
}

#[test]
fn growing_starts_from_its_seeds_and_only_grows() {
    let run = |threads: usize| {
        in_pool(threads, || {
            Run::new(&OneMax, Growing::new(growing_seeds()))
                .budget(Budget::generations(300))
                .seed(4)
                .execute()
                .unwrap()
        })
    };
    let report = run(1);
    // The invalid seed is left out; every valid child is appended, invalid ones dropped.
    assert_eq!(
        report.population.len() as u64,
        12 + report.counters.evaluations - 13 - (report.counters.rejections - 1)
    );
    assert_eq!(report.counters.matings, 300);
    assert!(
        report.counters.rejections > 1,
        "the rejection path was not exercised"
    );
    for member in &report.population {
        assert!(!member.genome[0] || member.genome[BITS - 1]);
    }
    // Crossover of one-bit seeds and mutation improve on them.
    assert!(report.best.fitness() >= 6.0, "{}", report.best.fitness());
    // The seeds stay in the population, first.
    for (member, seed) in report.population.iter().zip(&growing_seeds()[..12]) {
        assert_eq!(&member.genome, seed);
    }
    let again = run(4);
    assert_eq!(again.best.genome, report.best.genome);
    assert_eq!(again.population.len(), report.population.len());
}

#[test]
fn growing_needs_a_valid_seed() {
    let none = Run::new(&OneMax, Growing::<Vec<bool>>::new(vec![]))
        .budget(Budget::generations(1))
        .execute();
    assert!(matches!(
        none,
        Err(EvolveError::InvalidSetting { name: "seeds", .. })
    ));
    let invalid = Run::new(&Impossible, Growing::new(vec![0u8]))
        .budget(Budget::generations(1))
        .execute();
    assert!(matches!(invalid, Err(EvolveError::NoValidGenome { .. })));
}
