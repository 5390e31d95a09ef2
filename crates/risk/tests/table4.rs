//! The paper's Table 4: the classic variant (map1, pick, factor 3, two defence dice, "max"),
//! 300 matches between rule-based agents, with the published code's rules and formulas.

use ludoforge_evolve::rng::stream;
use ludoforge_risk::agent::RuleAgent;
use ludoforge_risk::criteria::{Criterion, Formulas, Ideals, criteria, fitness};
use ludoforge_risk::game::play_match;
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::rules::Rules;

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
