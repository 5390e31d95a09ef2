//! Print-and-play pages of generated scenarios, laid out as the scenario book lays a scenario
//! out: the name, the goal, the map, then the special rules, the map tiles, the monsters with
//! their 2-, 3- and 4-player set-ups, the treasure and the overlay tiles (see [`crate::book`]).

use ludoforge_draw::{DrawError, Orientation, Paper, Print};

use crate::book;
use crate::catalog::Catalog;
use crate::fitness::Fitness;
use crate::render;
use crate::scenario::Scenario;

/// The pages of `scenarios` (each with its name), one scenario after another, each starting
/// on a new page, on `paper`, for [`ludoforge_draw::pdf`].
///
/// # Errors
/// Only if a map the renderer drew does not parse, which would be a bug.
pub fn pages(
    catalog: &Catalog,
    scenarios: &[(&Scenario, &str)],
    fitness: &Fitness,
    seed: u64,
    paper: Paper,
) -> Result<Vec<String>, DrawError> {
    let mut print = Print::new(paper, &format!("ludoforge · Gloomhaven · seed {seed}"));
    for &(scenario, name) in scenarios {
        print.new_page(Orientation::Portrait);
        let page = book::markdown(catalog, scenario, name, fitness, seed);
        // The book puts the map under the title and goal, before the rules and set-ups.
        let (head, rest) = page.split_once("\n## ").unwrap_or((page.as_str(), ""));
        print.markdown(head);
        let view = render::View {
            players: fitness.players,
            ..render::View::default()
        };
        let half = print.room() * 0.55;
        print.picture(&render::svg(catalog, scenario, &view), Some(half), 150.0)?;
        if !rest.is_empty() {
            print.markdown(&format!("## {rest}"));
        }
    }
    Ok(print.finish())
}
