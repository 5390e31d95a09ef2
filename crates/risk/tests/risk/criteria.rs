//! The quality criteria on small hand-built match records, with every answer worked out by
//! hand, in both formula sets; the fitness against the paper's tables; edge cases.

use ludoforge_risk::criteria::{
    Criteria, CriteriaError, Criterion, Formulas, Ideals, criteria, criterion, fitness, paper,
    rossato2023,
};
use ludoforge_risk::record::{MatchRecord, TurnRecord};
use proptest::prelude::*;

const EPS: f64 = 1e-12;

fn close(got: f64, want: f64) {
    assert!((got - want).abs() < EPS, "got {got}, want {want}");
}

/// A player-turn: player 0's evaluation `h0` (player 1 has `1 − h0`), the mover and its moves.
fn turn(h0: f64, player: u8, moves: f64) -> TurnRecord {
    let mut m = [0.0; 2];
    m[usize::from(player)] = moves;
    TurnRecord {
        h: [h0, 1.0 - h0],
        moves: m,
        player,
    }
}

/// A match as the engine records it: the given player-turns, then the final entry repeating
/// the last position with no moves.
fn game(winner: Option<u8>, turns: &[(f64, u8, f64)]) -> MatchRecord {
    let mut records: Vec<TurnRecord> = turns.iter().map(|&(h, p, m)| turn(h, p, m)).collect();
    let last = records.last().map_or(turn(0.5, 0, 0.0), |r| TurnRecord {
        moves: [0.0; 2],
        player: 1 - r.player,
        ..*r
    });
    records.push(last);
    MatchRecord {
        turns: records,
        winner,
        player_turns: turns.len() as u32,
        first: 0,
    }
}

/// A match of `n` player-turns, movers alternating from player 0, player 0 ahead at 0.75.
fn lasting(winner: Option<u8>, n: usize) -> MatchRecord {
    let turns: Vec<(f64, u8, f64)> = (0..n).map(|i| (0.75, (i % 2) as u8, 1.0)).collect();
    game(winner, &turns)
}

fn both(matches: &[MatchRecord], which: Criterion) -> (f64, f64) {
    (
        criterion(matches, which, Formulas::Paper),
        criterion(matches, which, Formulas::Rossato2023),
    )
}

// ---------------------------------------------------------------------------------------------
// Endgame metrics.

/// P0 wins in 24 player-turns, a draw at the code's limit (49), P1 wins in 12.
fn three_endings() -> Vec<MatchRecord> {
    vec![
        lasting(Some(0), 24),
        lasting(None, 49),
        lasting(Some(1), 12),
    ]
}

#[test]
fn completion_counts_the_matches_with_a_winner() {
    let (p, r) = both(&three_endings(), Criterion::Completion);
    close(p, 2.0 / 3.0);
    close(r, 2.0 / 3.0);
    let (p, r) = both(&[lasting(None, 3), lasting(None, 5)], Criterion::Completion);
    close(p, 0.0);
    close(r, 0.0);
}

#[test]
fn duration_is_the_distance_from_24_player_turns() {
    // (|24 − 24| + |24 − 49| + |24 − 12|) / 24 / 3 = (0 + 25 + 12) / 72.
    let (p, r) = both(&three_endings(), Criterion::Duration);
    close(p, 37.0 / 72.0);
    close(r, 37.0 / 72.0);
    // One P0 win in exactly 24 player-turns is ideal; a draw at 49 scores above 1.
    close(paper::duration(&[lasting(Some(0), 24)]), 0.0);
    close(rossato2023::duration(&[lasting(None, 49)]), 25.0 / 24.0);
}

#[test]
fn advantage_paper_is_over_decided_matches_and_code_counts_draws_as_losses() {
    // One win each and a draw: the paper sees |1 − 1| / 1 = 0; the code sees
    // |W1 − G/2| / (G/2) = |1 − 1.5| / 1.5 = 1/3.
    let (p, r) = both(&three_endings(), Criterion::Advantage);
    close(p, 0.0);
    close(r, 1.0 / 3.0);

    // Two P0 wins and a draw: the paper |2 − 1| / 1 = 1; the code |2 − 1.5| / 1.5 = 1/3.
    let m = [
        lasting(Some(0), 10),
        lasting(Some(0), 10),
        lasting(None, 49),
    ];
    let (p, r) = both(&m, Criterion::Advantage);
    close(p, 1.0);
    close(r, 1.0 / 3.0);

    // Balanced wins, no draws: 0 both ways.
    let m = [
        lasting(Some(0), 9),
        lasting(Some(1), 9),
        lasting(Some(1), 9),
        lasting(Some(0), 9),
    ];
    let (p, r) = both(&m, Criterion::Advantage);
    close(p, 0.0);
    close(r, 0.0);

    // Only draws: nothing decided, the paper's advantage is defined as 0; the code gives 1.
    let (p, r) = both(
        &[lasting(None, 49), lasting(None, 49)],
        Criterion::Advantage,
    );
    close(p, 0.0);
    close(r, 1.0);
}

#[test]
fn advantage_paper_follows_the_recorded_first_player() {
    // Player 1 allocated first: two wins for it, one for player 0, one draw.
    let mut m = vec![
        lasting(Some(1), 9),
        lasting(Some(1), 9),
        lasting(Some(0), 9),
        lasting(None, 9),
    ];
    for r in &mut m {
        r.first = 1;
    }
    // Paper: wins_1 = 2, wins_2 = 1: |2 − 1.5| / 1.5 = 1/3.
    // Code: W1 = wins of index 0 = 1, G = 4: |1 − 2| / 2 = 1/2.
    let (p, r) = both(&m, Criterion::Advantage);
    close(p, 1.0 / 3.0);
    close(r, 0.5);
}

// ---------------------------------------------------------------------------------------------
// Drama.

/// P0 wins after trailing by 0.25 and by 0.5625 (evaluations 0.375 and 0.21875).
fn comeback() -> MatchRecord {
    game(
        Some(0),
        &[
            (0.375, 1, 5.0),
            (0.21875, 0, 5.0),
            (0.75, 1, 5.0),
            (1.0, 0, 5.0),
        ],
    )
}

/// A draw: P0 at 0.25 throughout; P0 had 10 moves, P1 20.
fn stalemate() -> MatchRecord {
    game(None, &[(0.25, 0, 10.0), (0.25, 1, 20.0)])
}

#[test]
fn drama_of_a_winner_who_trails_then_leads() {
    // sqrt(0.25) = 0.5 and sqrt(0.5625) = 0.75 over the 2 turns behind: 0.625.
    let (p, r) = both(&[comeback()], Criterion::Drama);
    close(p, 0.625);
    close(r, 0.625);
    // The same for a P1 winner: mirror the evaluations.
    let mut mirrored = comeback();
    mirrored.winner = Some(1);
    for t in &mut mirrored.turns {
        t.h.reverse();
    }
    let (p, r) = both(&[mirrored], Criterion::Drama);
    close(p, 0.625);
    close(r, 0.625);
}

#[test]
fn drama_of_a_draw_is_zero_in_the_paper_and_sqrt_h1_in_the_code() {
    // Code: the draw's "winner" index −1 reads c2. c2 = 0 < h1 = 0.25 on P0's turn and on the
    // final entry: sqrt(0.25) twice; P1's turn has c2 = 20, not below 0.25. Mean 0.5.
    let (p, r) = both(&[stalemate()], Criterion::Drama);
    close(p, 0.0);
    close(r, 0.5);
    // With the comeback: the paper (0.625 + 0) / 2; the code (0.625 + 0.5) / 2.
    let (p, r) = both(&[comeback(), stalemate()], Criterion::Drama);
    close(p, 0.3125);
    close(r, 0.5625);
    // A P1 winner never behind adds 0 but still counts in J.
    let never_behind = game(Some(1), &[(0.25, 0, 1.0), (0.0, 1, 1.0)]);
    let (p, r) = both(&[comeback(), stalemate(), never_behind], Criterion::Drama);
    close(p, 0.625 / 3.0);
    close(r, 1.125 / 3.0);
}

// ---------------------------------------------------------------------------------------------
// Lead change.

#[test]
fn one_lead_change() {
    // P0 leads for 2 turns, P1 for 3: 1 change. Paper: over the 4 pairs of consecutive
    // turns, 1/4. Code: the final duplicate is scanned too and the count is divided by
    // max(T_g, 1) = 5: 1/5.
    let m = game(
        Some(1),
        &[
            (0.75, 0, 1.0),
            (0.625, 1, 1.0),
            (0.375, 0, 1.0),
            (0.25, 1, 1.0),
            (0.125, 0, 1.0),
        ],
    );
    let (p, r) = both(&[m], Criterion::LeadChange);
    close(p, 0.25);
    close(r, 0.2);
}

#[test]
fn lead_changes_every_turn() {
    // 3 changes. Paper 3/3; code 3/4.
    let m = game(
        None,
        &[
            (0.75, 0, 1.0),
            (0.25, 1, 1.0),
            (0.75, 0, 1.0),
            (0.25, 1, 1.0),
        ],
    );
    let (p, r) = both(&[m], Criterion::LeadChange);
    close(p, 1.0);
    close(r, 0.75);
}

#[test]
fn lead_change_ties() {
    // An initial tie: nobody leads, so P0 moving ahead is no change (paper 0/1). The code
    // gives the tie to P1, so P0 moving ahead is a change: 1 / max(2, 1).
    let m = game(Some(0), &[(0.5, 0, 1.0), (0.75, 1, 1.0)]);
    let (p, r) = both(&[m], Criterion::LeadChange);
    close(p, 0.0);
    close(r, 0.5);
    // A tie in the middle keeps the lead: P0, tie, P0, P1 is one change. Paper 1/3;
    // code 1/4.
    let m = game(
        Some(1),
        &[
            (0.75, 0, 1.0),
            (0.5, 1, 1.0),
            (0.75, 0, 1.0),
            (0.25, 1, 1.0),
        ],
    );
    let (p, r) = both(&[m], Criterion::LeadChange);
    close(p, 1.0 / 3.0);
    close(r, 0.25);
}

// ---------------------------------------------------------------------------------------------
// Killer moves.

/// A draw: P0 0.5, P1's turn 0.25, P0's turn 0.75, P1's turn 0.625.
fn swings() -> MatchRecord {
    game(
        None,
        &[
            (0.5, 0, 1.0),
            (0.25, 1, 1.0),
            (0.75, 0, 1.0),
            (0.625, 1, 1.0),
        ],
    )
}

/// P1 wins: 0.5, P1's turn 0.125, P0's turn 0.25, P1's turn 0 (P1 owns everything).
fn p1_wins() -> MatchRecord {
    game(
        Some(1),
        &[
            (0.5, 0, 1.0),
            (0.125, 1, 1.0),
            (0.25, 0, 1.0),
            (0.0, 1, 1.0),
        ],
    )
}

#[test]
fn killer_moves_of_a_draw() {
    // Paper, each swing from its mover's view, H_a − H_o after minus before:
    // n=1 (P1): (0.75 − 0.25) − (0.5 − 0.5) = 0.5; n=2 (P0): (0.75 − 0.25) − (0.25 − 0.75) = 1;
    // n=3 (P1): (0.375 − 0.625) − (0.25 − 0.75) = 0.25. Max 1.
    // Code, P0's lead d = 0, −0.5, 0.5, 0.25, final 0.25: δ_0 = 0 − 0.25 (wrap-around),
    // δ_1 = −0.5, δ_2 = 1, δ_3 = −0.25. Max 1.
    let (p, r) = both(&[swings()], Criterion::KillerMoves);
    close(p, 1.0);
    close(r, 1.0);
}

#[test]
fn killer_moves_when_the_second_player_wins() {
    // Paper: n=1 (P1): 0.75 − 0 = 0.75; n=2 (P0): −0.5 − (−0.75) = 0.25; n=3 (P1): 1 − 0.5 =
    // 0.5. Max 0.75.
    // Code: d = 0, −0.75, −0.5, −1, final −1: δ_0 = 0 − (−1) = 1 by the wrap-around,
    // δ_1 = −0.75, δ_2 = 0.25, δ_3 = −0.5. Max 1.
    let (p, r) = both(&[p1_wins()], Criterion::KillerMoves);
    close(p, 0.75);
    close(r, 1.0);
    let (p, r) = both(&[swings(), p1_wins()], Criterion::KillerMoves);
    close(p, 0.875);
    close(r, 1.0);
}

#[test]
fn killer_moves_of_one_turn() {
    // Paper: no pair of turns, 0. Code: δ_0 = d(e_0) − d(final) = 0.5 − 0.5 = 0.
    let m = game(Some(0), &[(0.75, 0, 1.0)]);
    let (p, r) = both(&[m], Criterion::KillerMoves);
    close(p, 0.0);
    close(r, 0.0);
}

// ---------------------------------------------------------------------------------------------
// Branching factor.

#[test]
fn branching_factor_paper() {
    // 10 + 14 + 8 + 4 = 36 moves over 4 turns: log10(9 + 1) / 2 = 0.5.
    let nine = game(
        Some(0),
        &[(0.5, 0, 10.0), (0.5, 1, 14.0), (0.5, 0, 8.0), (0.5, 1, 4.0)],
    );
    close(paper::branching_factor(std::slice::from_ref(&nine)), 0.5);
    // 150 + 48 over 2 turns = 99: log10(100) / 2 = 1. (Reading the printed parenthesis as
    // min(1, log10(x + 1)) / 2 would give 0.5.)
    let ninety_nine = game(Some(0), &[(0.5, 0, 150.0), (0.5, 1, 48.0)]);
    close(
        paper::branching_factor(std::slice::from_ref(&ninety_nine)),
        1.0,
    );
    close(paper::branching_factor(&[nine.clone(), ninety_nine]), 0.75);
    // Saturation: 1000 moves a turn is still 1.
    let many = game(Some(0), &[(0.5, 0, 1000.0)]);
    close(paper::branching_factor(&[many]), 1.0);

    // The code, on the first: S_0 = 10 + 8, S_1 = 14 (the last turn is not summed), divided
    // by T_g + 1 = 5: (log10(18/5 + 1) / 2 + log10(14/5 + 1) / 2) / 2.
    close(
        rossato2023::branching_factor(&[nine]),
        (4.6f64.log10() / 2.0 + 3.8f64.log10() / 2.0) / 2.0,
    );
}

#[test]
fn branching_factor_code() {
    // S_0 = 20 + 25 = 45, S_1 = 45 (the 1000 of the last turn is not summed): each
    // log10(45/5 + 1) / 2 = 0.5.
    let a = game(
        Some(0),
        &[
            (0.5, 0, 20.0),
            (0.5, 1, 45.0),
            (0.5, 0, 25.0),
            (0.5, 1, 1000.0),
        ],
    );
    // One turn: nothing is summed, 0 for both players.
    let b = game(Some(0), &[(0.5, 0, 1000.0)]);
    // ½ (mean(0.5, 0) + mean(0.5, 0)) = 0.25.
    close(rossato2023::branching_factor(&[a.clone(), b.clone()]), 0.25);
    // The paper: 1090 / 4 and 1000 / 1 moves a turn, both saturated.
    close(paper::branching_factor(&[a, b]), 1.0);
}

// ---------------------------------------------------------------------------------------------
// Everything at once, and the edge cases.

#[test]
fn all_seven_together() {
    let m = [comeback(), stalemate()];
    let p = criteria(&m, Formulas::Paper);
    // comeback: 4 turns of 5 moves; stalemate: 30 moves over 2 turns.
    let bf = ((6.0f64).log10() / 2.0 + (16.0f64).log10() / 2.0) / 2.0;
    let want = Criteria {
        completion: 0.5,
        duration: (20.0 / 24.0 + 22.0 / 24.0) / 2.0,
        advantage: 1.0,
        branching_factor: bf,
        drama: 0.3125,
        // comeback (movers 1, 0, 1, 0 on h0 = 0.375, 0.21875, 0.75, 1): the swings are twice
        // the mover's gain, 2·(0.21875 − 0.375), 2·(0.25 − 0.78125) and 2·(1 − 0.75) = 0.5;
        // stalemate: P1's turn changes nothing, 0. Mean of 0.5 and 0.
        killer_moves: 0.25,
        // comeback: P1 leads, then P0 from turn 3: 1 change in 3 pairs; stalemate: 0.
        lead_change: 1.0 / 6.0,
    };
    for c in Criterion::ALL {
        close(p.get(c), want.get(c));
    }
    assert_eq!(
        p.values().to_vec(),
        p.iter().map(|(_, v)| v).collect::<Vec<_>>()
    );
}

#[test]
fn edge_cases_never_panic_or_give_nan() {
    let zero_turns_draw = MatchRecord {
        turns: vec![TurnRecord {
            h: [0.25, 0.75],
            moves: [0.0; 2],
            player: 0,
        }],
        winner: None,
        player_turns: 0,
        first: 0,
    };
    let empty_win = MatchRecord {
        turns: Vec::new(),
        winner: Some(0),
        player_turns: 0,
        first: 0,
    };
    let cases: Vec<Vec<MatchRecord>> = vec![
        Vec::new(),
        vec![zero_turns_draw.clone()],
        vec![empty_win.clone()],
        vec![
            lasting(None, 49),
            lasting(None, 12),
            zero_turns_draw.clone(),
        ],
        vec![lasting(None, 1)],
    ];
    for matches in &cases {
        for f in Formulas::ALL {
            let c = criteria(matches, f);
            for (which, v) in c.iter() {
                assert!(v.is_finite(), "{f} {which} = {v} on {matches:?}");
            }
            let all = fitness(&c, &Criterion::ALL, None, &Ideals::default()).unwrap();
            assert!(all.is_finite());
        }
    }
    // No matches: every criterion is 0.
    assert_eq!(criteria(&[], Formulas::Paper), Criteria::default());
    assert_eq!(criteria(&[], Formulas::Rossato2023), Criteria::default());

    // A match with no turns: completion as recorded, duration 1, the turn metrics 0 ...
    let p = criteria(std::slice::from_ref(&zero_turns_draw), Formulas::Paper);
    assert_eq!(
        p.values(),
        [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0],
        "paper on a 0-turn draw"
    );
    // ... except the code's drama, which reads the draw's final entry: sqrt(0.25 − c2 = 0).
    let r = criteria(&[zero_turns_draw], Formulas::Rossato2023);
    assert_eq!(r.values(), [0.0, 1.0, 1.0, 0.0, 0.5, 0.0, 0.0]);
    // A 0-turn win with no records at all: one decided match, all P0's: advantage 1.
    for f in Formulas::ALL {
        let c = criteria(std::slice::from_ref(&empty_win), f);
        assert_eq!(c.values(), [1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0], "{f}");
    }
}

#[test]
fn all_draws() {
    let m = [stalemate(), swings(), lasting(None, 49)];
    let p = criteria(&m, Formulas::Paper);
    assert_eq!((p.completion, p.advantage, p.drama), (0.0, 0.0, 0.0));
    let r = criteria(&m, Formulas::Rossato2023);
    assert_eq!((r.completion, r.advantage), (0.0, 1.0));
    assert!(r.drama > 0.0);
}

proptest! {
    #[test]
    fn finite_records_give_finite_criteria(
        games in prop::collection::vec(
            (
                prop::collection::vec((0.0f64..=1.0, 0u8..2, 0.0f64..5000.0), 0..12),
                prop::option::of(0u8..2),
                0u32..60,
                any::<bool>(),
            ),
            0..6,
        )
    ) {
        let matches: Vec<MatchRecord> = games
            .into_iter()
            .map(|(turns, winner, player_turns, consistent)| {
                let mut m = game(winner, &turns);
                if !consistent {
                    // Records that disagree with their own turn count must not panic either.
                    m.player_turns = player_turns;
                }
                m
            })
            .collect();
        for f in Formulas::ALL {
            let c = criteria(&matches, f);
            for (which, v) in c.iter() {
                prop_assert!(v.is_finite(), "{} {} = {}", f, which, v);
            }
            prop_assert!((0.0..=1.0).contains(&c.completion));
            prop_assert!((0.0..=1.0).contains(&c.advantage));
            prop_assert!((0.0..=1.0).contains(&c.branching_factor));
            prop_assert!((0.0..=1.0).contains(&c.lead_change));
            prop_assert!(c.drama >= 0.0);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Fitness.

#[test]
fn table_4_risk_fitness() {
    // The paper's Table 4 values for Risk; Eq. 1 over all seven with the Table 1 ideals:
    // 0.96 + 0.994 + 0.39 + 0.491 + 0.5 + 0.937 + 0.227 = 4.499 (the paper prints 4.498 from
    // unrounded values).
    let risk = Criteria {
        completion: 0.063,
        duration: 0.994,
        advantage: 0.96,
        branching_factor: 1.0,
        drama: 0.890,
        killer_moves: 0.273,
        lead_change: 0.009,
    };
    let f = fitness(&risk, &Criterion::ALL, None, &Ideals::default()).unwrap();
    assert!((f - 4.499).abs() < 1e-9, "{f}");
}

#[test]
fn table_3_fitness() {
    let fast = Criteria {
        completion: 0.98,
        duration: 0.41,
        advantage: 0.0,
        branching_factor: 0.76,
        drama: 0.30,
        killer_moves: 0.78,
        lead_change: 0.25,
    };
    let long = Criteria::from_values([1.0, 0.69, 0.02, 0.50, 0.42, 0.56, 0.42]);
    let all = Criterion::ALL;
    let ideal = Ideals::TABLE_1;
    assert!((fitness(&fast, &all, None, &ideal).unwrap() - 1.42).abs() < 1e-9);
    assert!((fitness(&long, &all, None, &ideal).unwrap() - 0.93).abs() < 1e-9);
}

#[test]
fn weighted_subset_fitness_and_bad_settings() {
    let c = Criteria {
        completion: 0.5,
        drama: 0.75,
        ..Criteria::default()
    };
    let used = [Criterion::Completion, Criterion::Drama];
    let ideal = Ideals::default();
    close(fitness(&c, &used, None, &ideal).unwrap(), 0.75);
    close(
        fitness(&c, &used, Some(&[2.0, 0.5]), &ideal).unwrap(),
        1.125,
    );
    close(fitness(&c, &[], None, &ideal).unwrap(), 0.0);
    let other = Ideals {
        drama: 0.75,
        ..Ideals::TABLE_1
    };
    close(fitness(&c, &used, None, &other).unwrap(), 0.5);

    assert_eq!(
        fitness(&c, &used, Some(&[1.0]), &ideal),
        Err(CriteriaError::WeightCount {
            weights: 1,
            criteria: 2
        })
    );
    assert!(matches!(
        fitness(&c, &used, Some(&[1.0, -0.5]), &ideal),
        Err(CriteriaError::BadWeight {
            criterion: Criterion::Drama,
            ..
        })
    ));
    for bad in [f64::NAN, f64::INFINITY] {
        assert!(matches!(
            fitness(&c, &used, Some(&[bad, 1.0]), &ideal),
            Err(CriteriaError::BadWeight {
                criterion: Criterion::Completion,
                ..
            })
        ));
    }
    assert_eq!(
        fitness(&c, &[Criterion::Drama, Criterion::Drama], None, &ideal),
        Err(CriteriaError::Duplicate(Criterion::Drama))
    );
    let nan_ideal = Ideals {
        completion: f64::NAN,
        ..Ideals::TABLE_1
    };
    assert!(matches!(
        fitness(&c, &used, None, &nan_ideal),
        Err(CriteriaError::BadIdeal { .. })
    ));
    let nan_value = Criteria {
        drama: f64::NAN,
        ..c
    };
    assert!(matches!(
        fitness(&nan_value, &used, None, &ideal),
        Err(CriteriaError::BadValue { .. })
    ));
    // Unused criteria are not checked.
    close(
        fitness(&nan_value, &[Criterion::Completion], None, &ideal).unwrap(),
        0.5,
    );
}

#[test]
fn ideals_are_table_1() {
    let i = Ideals::default();
    let want = [1.0, 0.0, 0.0, 0.5, 0.5, 0.5, 0.5];
    for (c, w) in Criterion::ALL.into_iter().zip(want) {
        assert_eq!(i.get(c), w, "{c}");
    }
}

// ---------------------------------------------------------------------------------------------
// Names.

#[test]
fn names_parse_and_serialise() {
    let names = [
        "completion",
        "duration",
        "advantage",
        "branching_factor",
        "drama",
        "killer_moves",
        "lead_change",
    ];
    for (c, name) in Criterion::ALL.into_iter().zip(names) {
        assert_eq!(c.name(), name);
        assert_eq!(c.to_string(), name);
        assert_eq!(name.parse::<Criterion>().unwrap(), c);
        assert_eq!(serde_json::to_string(&c).unwrap(), format!("\"{name}\""));
        assert_eq!(
            serde_json::from_str::<Criterion>(&format!("\"{name}\"")).unwrap(),
            c
        );
        assert_eq!(Criterion::ALL[c.index()], c);
    }
    // The published code's spellings and plain English.
    assert_eq!(
        "branchingFactor".parse::<Criterion>().unwrap(),
        Criterion::BranchingFactor
    );
    assert_eq!(
        "Killer moves".parse::<Criterion>().unwrap(),
        Criterion::KillerMoves
    );
    assert!(matches!(
        "fun".parse::<Criterion>(),
        Err(CriteriaError::UnknownCriterion { .. })
    ));

    for f in Formulas::ALL {
        assert_eq!(f.to_string().parse::<Formulas>().unwrap(), f);
    }
    assert_eq!(
        serde_json::to_string(&Formulas::Rossato2023).unwrap(),
        "\"rossato2023\""
    );
    assert_eq!(Formulas::default(), Formulas::Paper);
    assert!("code".parse::<Formulas>().is_err());

    let c = Criteria::from_values([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(
        json,
        "{\"completion\":1.0,\"duration\":2.0,\"advantage\":3.0,\"branching_factor\":4.0,\
         \"drama\":5.0,\"killer_moves\":6.0,\"lead_change\":7.0}"
    );
    assert_eq!(serde_json::from_str::<Criteria>(&json).unwrap(), c);
}
