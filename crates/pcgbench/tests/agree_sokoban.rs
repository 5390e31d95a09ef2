//! The native sokoban problem gives the benchmark's own numbers: `info` (solver results and
//! solutions included), quality, controllability, pairwise diversity and `env.evaluate` set
//! scores, bit for bit, on the fixtures `scripts/pcg-fixtures.py` made with
//! `amidos2006/pcg_benchmark` (commit in each fixture's header).

mod common;

use ludoforge_pcgbench::sokoban::Sokoban;

#[test]
fn sokoban_agrees_with_the_benchmark() {
    assert_eq!(
        common::agree(&Sokoban::v0(), "sokoban-v0", &["content"]),
        10_000
    );
    assert!(common::agree(&Sokoban::complex(), "sokoban-complex-v0", &["content"]) >= 1_000);
    assert!(common::agree(&Sokoban::large(), "sokoban-large-v0", &["content"]) >= 1_000);
}

/// The sets ludoforge's jobs generate (two seeds each of `pcg-explore` and `pcg-evolve`),
/// scored by the benchmark: the same numbers, solutions included.
#[test]
fn generated_sokoban_sets_agree_with_the_benchmark() {
    assert_eq!(
        common::agree(&Sokoban::v0(), "sokoban-v0-ludoforge", &["content"]),
        400
    );
}
