//! Print-and-play pages of a Risk map or variant: the map large enough to play on with tokens
//! (every territory named, continents in their colours with their bonus), and, for a variant,
//! a rules card putting its rules in words.

use ludoforge_draw::{DrawError, Orientation, Paper, Print};

use crate::map::RiskMap;
use crate::render::{self, View};
use crate::rules::{Compat, ConquestMove, Distribution, Rules};

/// The pages of `map` (and of the card of `rules`, when given) on `paper`, for
/// [`ludoforge_draw::pdf`]. `title` heads the map page; `layout_seed` places a map that has
/// no positions of its own, as its pictures do.
///
/// # Errors
/// Only if the picture the renderer drew does not parse, which would be a bug.
pub fn pages(
    map: &RiskMap,
    rules: Option<&Rules>,
    title: &str,
    layout_seed: u64,
    paper: Paper,
) -> Result<Vec<String>, DrawError> {
    let mut print = Print::new(paper, &format!("ludoforge · {title}"));
    print.new_page(Orientation::Landscape);
    print.subheading(&format!(
        "{title}: {} territories, {} continents",
        map.territories(),
        map.continents().len()
    ));
    let view = View {
        caption: None,
        names: true,
        layout_seed,
    };
    print.picture(&render::svg(map, None, None, &view), None, 300.0)?;
    if let Some(rules) = rules {
        print.new_page(Orientation::Portrait);
        rules_card(&mut print, map, rules);
    }
    Ok(print.finish())
}

/// The rules of a two-player match on `map` under `rules`, in words.
fn rules_card(print: &mut Print, map: &RiskMap, rules: &Rules) {
    print.heading("Rules card").paragraph(
        "Two players, each with a colour of tokens; one token is one troop. Write the troops \
         on the map in pencil, or stack tokens on the territories.",
    );
    let setup = match rules.distribution {
        Distribution::Random => {
            "Deal the territories out at random, one at a time, to each player in turn."
        }
        Distribution::Pick => {
            "Take turns choosing a free territory until every territory has an owner."
        }
    };
    let bonuses: Vec<String> = map
        .continents()
        .iter()
        .map(|c| format!("{} +{}", c.name, c.bonus))
        .collect();
    let conquest = match rules.conquest_move {
        ConquestMove::Min => "as many troops as dice the attacker just rolled",
        ConquestMove::Max => "every troop of the attacking territory but one",
    };
    let turns = rules.max_player_turns;
    print.facts(&[
        (
            "Set-up",
            format!("{setup} Each territory starts with one troop. The player who did not take the last territory moves first."),
        ),
        (
            "Reinforcements",
            format!(
                "At the start of your turn, take the larger of 3 and your territories divided \
                 by {} (rounded down), plus the bonus of each continent you hold whole, placed \
                 in that continent. Bonuses: {}.",
                rules.troop_factor,
                bonuses.join("; ")
            ),
        ),
        (
            "Attack",
            format!(
                "From a territory with two troops or more, attack a neighbour. The attacker \
                 rolls one die for each troop beyond the first, at most 3; the defender one \
                 for each troop, at most {}. Pair the dice highest with highest: the lower \
                 loses a troop, and the defender wins ties.",
                rules.defence_dice
            ),
        ),
        (
            "Conquest",
            format!("When a territory is emptied, the attacker moves in {conquest}."),
        ),
        (
            "Cards",
            "After a turn in which you conquered, draw a card. Any three cards trade for 4, 6, \
             8, 10, 12, 15 troops, then 5 more each time (one count for both players), plus 2 \
             on a traded card's territory you hold. With five cards you must trade."
                .to_string(),
        ),
        (
            "Fortify",
            "End your turn by moving troops one at a time between neighbouring territories you \
             hold, never into a territory troops left this turn."
                .to_string(),
        ),
        (
            "How to win",
            format!(
                "Take your opponent's last territory. After {turns} turns ({} each) the match \
                 is a draw.",
                turns / 2
            ),
        ),
    ]);
    if rules.compat == Compat::Rossato2023 {
        print.note(
            "This variant follows the published generator's reading of the rules: ties go to \
             the attacker, reinforcements round up, a minimum conquest moves the defender's \
             losses of the last roll and a maximum one moves nothing; see the documentation.",
        );
    }
}
