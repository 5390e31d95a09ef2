//! The paper's Table 4: the classic variant (map1, pick, factor 3, two defence dice, "max"),
//! 300 matches between rule-based agents, with the published code's rules and formulas.

use std::collections::BTreeMap;

use ludoforge_evolve::rng::stream;
use ludoforge_risk::agent::RuleAgent;
use ludoforge_risk::criteria::{Criterion, Formulas, Ideals, criteria, fitness};
use ludoforge_risk::game::play_match;
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::rules::{ConquestMove, Distribution, Rules};

#[test]
fn the_rossato2023_preset_reproduces_table_4() {
    let map = RiskMap::embedded("map1").unwrap();
    let rules = Rules::classic().rossato2023();
    let records: Vec<_> = (0..300)
        .map(|i| {
            play_match(
                &map,
                rules,
                [&mut RuleAgent::new(), &mut RuleAgent::new()],
                &mut stream(1, i, 0),
            )
        })
        .collect();
    let c = criteria(&records, Formulas::Rossato2023);
    let published = [
        (Criterion::Completion, 0.063),
        (Criterion::Drama, 0.890),
        (Criterion::Duration, 0.994),
        (Criterion::BranchingFactor, 1.0),
        (Criterion::KillerMoves, 0.273),
        (Criterion::LeadChange, 0.009),
        (Criterion::Advantage, 0.96),
    ];
    for (criterion, value) in published {
        let got = c.get(criterion);
        assert!(
            (got - value).abs() <= 0.05,
            "{criterion}: {got} against {value}"
        );
    }
    let f = fitness(&c, &Criterion::ALL, None, &Ideals::default()).unwrap();
    assert!((f - 4.50).abs() <= 0.10, "fitness {f}");
}

/// The published code's turn counts where its matches finish: map6, factor 1, three defence
/// dice, picked territories, the minimum conquest move, 1,000 matches. Measured with the
/// published code: a mean of 4.54 player-turns, and 807 matches of 4, 150 of 6, 28 of 8 and 15
/// of 5, 9, 10, 12, 15, 17 or 18. The winning turn is not counted there; counting it would
/// add one to every finished match (a mean of about 5.5).
#[test]
fn the_rossato2023_preset_counts_turns_as_the_published_code_does_on_a_small_map() {
    let map = RiskMap::embedded("map6").unwrap();
    let rules = Rules {
        distribution: Distribution::Pick,
        troop_factor: 1,
        defence_dice: 3,
        conquest_move: ConquestMove::Min,
        ..Rules::classic()
    }
    .rossato2023();
    let n = 1000;
    let mut counts = BTreeMap::<u32, u32>::new();
    for i in 0..n {
        let record = play_match(
            &map,
            rules,
            [&mut RuleAgent::new(), &mut RuleAgent::new()],
            &mut stream(1, i, 0),
        );
        assert_eq!(record.turns.len() as u32, record.player_turns + 1);
        *counts.entry(record.player_turns).or_default() += 1;
    }
    let total: u32 = counts.iter().map(|(t, c)| t * c).sum();
    let mean = f64::from(total) / n as f64;
    let share = |t: u32| f64::from(counts.get(&t).copied().unwrap_or(0)) / n as f64;
    println!("mean {mean:.3}, counts {counts:?}");
    assert!((mean - 4.54).abs() <= 0.15, "mean player-turns {mean}");
    // Shares of the published code's 1,000 matches, each within 0.05 (about four standard
    // errors of the 4-turn share, 0.012).
    for (turns, published) in [(4, 0.807), (6, 0.150), (8, 0.028)] {
        let got = share(turns);
        assert!(
            (got - published).abs() <= 0.05,
            "{turns} player-turns: {got} of matches against {published}"
        );
    }
    // Nothing shorter than the published code's shortest match.
    assert_eq!(counts.keys().next(), Some(&4), "{counts:?}");
}
