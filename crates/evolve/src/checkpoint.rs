//! Checkpoints: a run saved between two steps, and a run continued from one.
//!
//! A [`Saved`] run is everything the engine needs to go on exactly as the run that saved it
//! would have: the [`State`] (population, best, counters and the strategy's sequential
//! [`Stream`](crate::Stream)), the strategy's own state between steps ([`Resumable`]: a
//! MAP-Elites archive and its iteration; nothing for the others), and the state of the
//! observers that record something the caller keeps (a [`History`](crate::History)). Every
//! other random draw comes from a stream derived from (seed, generation, index), so a run
//! [resumed](crate::Run::resume) from a run saved at any step ends with the same report, bit for
//! bit, as a run that never stopped: the same best, population and counters.
//!
//! A run offers itself for saving through [`Run::on_step`](crate::Run::on_step) at every point
//! it could continue from (after every completed generation, and when it is interrupted); the
//! caller decides whether a save is due and only then asks for the state, so a run that saves
//! rarely pays nothing for it. Runs with a time budget stop after a time that depends on the
//! machine, so they cannot be reproduced, resumed or not.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::EvolveError;
use crate::problem::Problem;
use crate::state::State;
use crate::strategy::Strategy;

/// A run saved between two steps: what [`Run::resume`](crate::Run::resume) continues from.
///
/// It serialises with serde (when the genome does); the strategy's and the observers' parts
/// are JSON values each of them reads back.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound(serialize = "G: Serialize", deserialize = "G: DeserializeOwned"))]
pub struct Saved<G> {
    /// The population, best, counters and sequential stream.
    pub state: State<G>,
    /// The strategy's own state between steps ([`Resumable::save`]).
    pub strategy: Value,
    /// Each observer's state ([`Observer::save`](crate::Observer::save)), in the order they
    /// were added to the run; `None` for one that keeps nothing.
    pub observers: Vec<Option<Value>>,
}

/// A strategy whose run can be saved and continued: what it keeps between steps besides the
/// [`State`], as a JSON value.
///
/// [`SteadyState`](crate::SteadyState), [`Generational`](crate::Generational) and
/// [`Growing`](crate::Growing) keep nothing that matters (the growing roulette wheel is
/// rebuilt from the population, to the same bits); [`MapElites`](crate::MapElites) keeps its
/// archive, seed and iteration, so it is resumable when its genome serialises.
pub trait Resumable<P: Problem>: Strategy<P> {
    /// The strategy's state between two steps (`null` when it keeps none).
    ///
    /// # Errors
    /// [`EvolveError::Checkpoint`] when it cannot be written as JSON.
    fn save(&self) -> Result<Value, EvolveError> {
        Ok(Value::Null)
    }

    /// Takes up the state [`save`](Resumable::save) gave, in place of
    /// [`init`](Strategy::init), for a run resumed from `state`.
    ///
    /// # Errors
    /// [`EvolveError::Checkpoint`] when the saved state does not fit this strategy's settings.
    fn restore(&mut self, saved: &Value, state: &State<P::Genome>) -> Result<(), EvolveError>;
}

impl<P: Problem, S: Resumable<P> + ?Sized> Resumable<P> for &mut S {
    fn save(&self) -> Result<Value, EvolveError> {
        (**self).save()
    }
    fn restore(&mut self, saved: &Value, state: &State<P::Genome>) -> Result<(), EvolveError> {
        (**self).restore(saved, state)
    }
}

/// What [`Run::on_step`](crate::Run::on_step) calls at every point the run could continue
/// from: with the generations completed and a way to make the [`Saved`] run as JSON, which it
/// calls only if it saves (making it copies the population). An error stops the run with
/// [`EvolveError::Checkpoint`].
pub type SaveHook<'a> =
    dyn FnMut(u64, &dyn Fn() -> Result<Value, EvolveError>) -> Result<(), String> + 'a;

/// Makes the JSON of a saved run (the function [`Run::on_step`](crate::Run::on_step) keeps,
/// made where the genome is known to serialise).
pub(crate) fn save_run<P, S>(
    state: &State<P::Genome>,
    strategy: &S,
    observers: &[&mut dyn crate::Observer],
) -> Result<Value, EvolveError>
where
    P: Problem,
    P::Genome: Serialize,
    S: Resumable<P>,
{
    #[derive(Serialize)]
    struct SavedRef<'s, G> {
        state: &'s State<G>,
        strategy: Value,
        observers: Vec<Option<Value>>,
    }
    let saved = SavedRef {
        state,
        strategy: strategy.save()?,
        observers: observers.iter().map(|o| o.save()).collect(),
    };
    serde_json::to_value(&saved)
        .map_err(|e| EvolveError::Checkpoint(format!("cannot write the run's state: {e}")))
}

/// Reads a JSON value saved by [`Resumable::save`] (or an observer), naming `what` in the
/// message when it is not one.
///
/// # Errors
/// [`EvolveError::Checkpoint`] saying what could not be read.
pub fn read_saved<T: DeserializeOwned>(saved: &Value, what: &str) -> Result<T, EvolveError> {
    T::deserialize(saved)
        .map_err(|e| EvolveError::Checkpoint(format!("the saved {what} cannot be read: {e}")))
}

/// A run's checkpoints in one value, for code that builds a [`Run`](crate::Run) on a caller's
/// behalf: the run to continue from, if any, and the hook that saves (see
/// [`Run::keep`](crate::Run::keep)).
pub struct Keep<'a, G> {
    /// The saved run to continue from (`None`: start afresh).
    pub resume: Option<Saved<G>>,
    /// Offered the run at every point it could continue from.
    pub hook: &'a mut SaveHook<'a>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::{Archive, Axis, Grid};
    use crate::budget::Budget;
    use crate::goal::Goal;
    use crate::observer::History;
    use crate::problem::{Crossover, Evaluation, Mutate, Outcome};
    use crate::rng::{Stream, below};
    use crate::run::Run;
    use crate::{Generational, Growing, MapElites, SteadyState};

    /// Four numbers below 100, scored by their sum plus one (the first may not be 99), described
    /// by the first two.
    struct Numbers;

    impl Problem for Numbers {
        type Genome = [u32; 4];
        fn random_genome(&self, rng: &mut Stream) -> [u32; 4] {
            std::array::from_fn(|_| below(rng, 100) as u32)
        }
        fn evaluate(&self, g: &[u32; 4]) -> Outcome {
            if g[0] == 99 {
                return Outcome::rejected("the first number may not be 99");
            }
            Outcome::Evaluated(Evaluation {
                fitness: 1.0 + g.iter().map(|&n| f64::from(n)).sum::<f64>(),
                components: vec![("first".into(), f64::from(g[0]))],
                descriptors: vec![f64::from(g[0]), f64::from(g[1])],
            })
        }
    }

    impl Mutate for Numbers {
        fn mutate(&self, g: &mut [u32; 4], rng: &mut Stream) {
            g[below(rng, 4)] = below(rng, 100) as u32;
        }
    }

    impl Crossover for Numbers {
        fn crossover(&self, a: &[u32; 4], b: &[u32; 4], rng: &mut Stream) -> ([u32; 4], [u32; 4]) {
            let cut = below(rng, 5);
            let (mut c, mut d) = (*a, *b);
            c[cut..].copy_from_slice(&b[cut..]);
            d[cut..].copy_from_slice(&a[cut..]);
            (c, d)
        }
    }

    /// The whole outcome of a run as bytes: report (best, population, counters, stop) and
    /// history.
    fn bytes(report: &crate::Report<[u32; 4]>, history: &History) -> String {
        serde_json::to_string(&(
            &report.best,
            &report.population,
            report.counters,
            report.stop,
            &history.snapshots,
        ))
        .unwrap()
    }

    /// Runs `strategy()` once saving at every generation, then again from each saved run,
    /// and checks every resumed run ends with the same bytes.
    fn resumes_to_the_same_bytes<S: Resumable<Numbers>>(strategy: impl Fn() -> S, budget: Budget) {
        let mut saved: Vec<(u64, Value)> = Vec::new();
        let mut history = History::default();
        let whole = {
            let mut hook = |generation: u64, make: &dyn Fn() -> Result<Value, EvolveError>| {
                saved.push((generation, make().map_err(|e| e.to_string())?));
                Ok(())
            };
            Run::new(&Numbers, strategy())
                .goal(Goal::Maximise)
                .budget(budget)
                .seed(11)
                .observe(&mut history)
                .on_step(&mut hook)
                .execute()
                .unwrap()
        };
        let expected = bytes(&whole, &history);
        assert!(saved.len() >= 10, "{} saves", saved.len());
        assert_eq!(saved[0].0, 0, "the initial population is offered");
        for (generation, value) in saved {
            // Through the text a checkpoint file holds.
            let text = serde_json::to_string(&value).unwrap();
            let run: Saved<[u32; 4]> = serde_json::from_str(&text).unwrap();
            let mut resumed_history = History::default();
            let resumed = Run::new(&Numbers, strategy())
                .goal(Goal::Maximise)
                .budget(budget)
                .seed(11)
                .observe(&mut resumed_history)
                .resume(run)
                .execute()
                .unwrap();
            assert_eq!(
                bytes(&resumed, &resumed_history),
                expected,
                "resumed from generation {generation}"
            );
        }
    }

    fn seeds() -> Vec<[u32; 4]> {
        (0..10).map(|i| [i, i + 1, 2 * i, 3]).collect()
    }

    fn archive() -> Archive<[u32; 4]> {
        let grid = Grid::new(vec![
            Axis::new("first", "", 0.0, 100.0, 10),
            Axis::new("second", "", 0.0, 100.0, 10),
        ])
        .unwrap();
        Archive::new(grid, Goal::Maximise, 0.0).unwrap()
    }

    #[test]
    fn steady_state_resumes_from_every_generation() {
        resumes_to_the_same_bytes(|| SteadyState::new(20), Budget::generations(30));
    }

    #[test]
    fn generational_resumes_from_every_generation() {
        resumes_to_the_same_bytes(
            || Generational::new(20).with_elite(2),
            Budget::generations(30),
        );
    }

    #[test]
    fn growing_resumes_from_every_cycle() {
        resumes_to_the_same_bytes(|| Growing::new(seeds()), Budget::generations(60));
    }

    #[test]
    fn map_elites_resumes_from_every_iteration() {
        resumes_to_the_same_bytes(
            || MapElites::new(archive(), 16).with_crossover(0.5),
            Budget::generations(30),
        );
    }

    #[test]
    fn a_saved_run_of_another_seed_is_refused() {
        let mut kept = None;
        let mut hook = |_: u64, make: &dyn Fn() -> Result<Value, EvolveError>| {
            kept = Some(make().map_err(|e| e.to_string())?);
            Ok(())
        };
        Run::new(&Numbers, SteadyState::new(20))
            .budget(Budget::generations(3))
            .seed(1)
            .on_step(&mut hook)
            .execute()
            .unwrap();
        let saved: Saved<[u32; 4]> = serde_json::from_value(kept.unwrap()).unwrap();
        let error = Run::new(&Numbers, SteadyState::new(20))
            .budget(Budget::generations(3))
            .seed(2)
            .resume(saved.clone())
            .execute()
            .unwrap_err();
        assert!(error.to_string().contains("seed 1, not 2"), "{error}");
        let error = Run::new(&Numbers, SteadyState::new(30))
            .budget(Budget::generations(3))
            .seed(1)
            .resume(saved)
            .execute()
            .unwrap_err();
        assert!(error.to_string().contains("population of 20"), "{error}");
    }
}
