//! The generators a front end can drive by ask and tell ([`ludoforge_job::search`]), by name:
//! each job that evolves content, with the job's own parameters, and the plain vector genome.

use ludoforge_job::JobError;
use ludoforge_job::params::typed;
use ludoforge_job::search::{AskTell, Content, Options, Searcher, VectorParams, saved_generator};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Every generator a search can breed, with what its candidates are.
pub const GENERATORS: &[(&str, &str)] = &[
    (
        "puzzle-chess",
        "chess mazes: the parameters of the job puzzle-chess",
    ),
    (
        "puzzle-chromatic",
        "chromatic mazes: the parameters of the job puzzle-chromatic",
    ),
    (
        "gloomhaven",
        "Gloomhaven scenarios: the parameters of the job gloomhaven (the built-in catalog)",
    ),
    (
        "portals",
        "portal dungeons: the parameters of the job portals",
    ),
    (
        "risk-design",
        "Risk variants, rules and map: the parameters of the job risk-design",
    ),
    (
        "vector",
        "points of real numbers: dims, x0, sigma and bounds, varied as pyribs' Gaussian emitter",
    ),
];

/// A searcher over `content` as a boxed [`AskTell`], new or loaded from `saved`.
fn boxed<C>(
    content: C,
    generator: &str,
    params: Value,
    options: Options,
    saved: Option<&[u8]>,
) -> Result<Box<dyn AskTell>, JobError>
where
    C: Content + 'static,
    <C::Problem as ludoforge_evolve::Problem>::Genome:
        Serialize + DeserializeOwned + std::hash::Hash + Eq + 'static,
{
    Ok(match saved {
        Some(bytes) => Box::new(Searcher::load(content, bytes)?),
        None => Box::new(Searcher::new(content, generator, params, options)?),
    })
}

fn build(
    generator: &str,
    params: Value,
    options: Options,
    saved: Option<&[u8]>,
) -> Result<Box<dyn AskTell>, JobError> {
    match generator {
        "puzzle-chess" => {
            let content = ludoforge_puzzles::job::ChessContent::new(&params)?;
            boxed(content, generator, params, options, saved)
        }
        "puzzle-chromatic" => {
            let content = ludoforge_puzzles::job::ChromaticContent::new(&params)?;
            boxed(content, generator, params, options, saved)
        }
        "gloomhaven" => {
            let content = ludoforge_gloomhaven::job::ScenarioContent::new(&params)?;
            boxed(content, generator, params, options, saved)
        }
        "portals" => {
            let content = ludoforge_portals::job::DungeonContent::new(&params)?;
            boxed(content, generator, params, options, saved)
        }
        "risk-design" => {
            let content = ludoforge_risk::job::VariantContent::new(&params)?;
            boxed(content, generator, params, options, saved)
        }
        "vector" => {
            let content = typed::<VectorParams>(&params)?.content()?;
            boxed(content, generator, params, options, saved)
        }
        other => Err(JobError::parameters(format!(
            "no generator {other:?} to search: choose one of {}",
            GENERATORS
                .iter()
                .map(|(name, _)| *name)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// A new search over `generator`'s content made from `params` (a JSON object; `null` for
/// every default).
///
/// ```
/// use ludoforge_job::search::Options;
/// let mut search = ludoforge_jobs::search::new("puzzle-chromatic", serde_json::Value::Null, Options {
///     batch: 4,
///     seed: 2,
///     ..Options::default()
/// })
/// .unwrap();
/// let batch = search.ask().unwrap();
/// assert_eq!(batch.len(), 4);
/// assert_eq!(batch[0].document["kind"], "chromatic");
/// ```
///
/// # Errors
/// [`JobError::Parameters`] for an unknown generator, bad parameters or bad options.
pub fn new(generator: &str, params: Value, options: Options) -> Result<Box<dyn AskTell>, JobError> {
    let params = if params.is_null() {
        Value::Object(serde_json::Map::new())
    } else {
        params
    };
    build(generator, params, options, None)
}

/// A saved search ([`AskTell::save`]'s bytes), over the generator and parameters it names.
///
/// # Errors
/// [`JobError::Input`] when the bytes are not a saved search this build can read.
pub fn load(bytes: &[u8]) -> Result<Box<dyn AskTell>, JobError> {
    let (generator, params) = saved_generator(bytes)?;
    build(&generator, params, Options::default(), Some(bytes))
}
