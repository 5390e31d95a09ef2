//! The native binary and zelda problems give the benchmark's own numbers: `info`, quality,
//! controllability, pairwise diversity and `env.evaluate` set scores, bit for bit, on the fixtures
//! `scripts/pcg-fixtures.py` made with `amidos2006/pcg_benchmark` (commit in each fixture's header).

mod common;

use ludoforge_pcgbench::binary::Binary;
use ludoforge_pcgbench::zelda::Zelda;

#[test]
fn binary_agrees_with_the_benchmark() {
    assert_eq!(common::agree(&Binary::v0(), "binary-v0", &["flat"]), 10_000);
    assert!(common::agree(&Binary::wide(), "binary-wide-v0", &["flat"]) >= 1_000);
    assert!(common::agree(&Binary::large(), "binary-large-v0", &["flat"]) >= 1_000);
}

#[test]
fn zelda_agrees_with_the_benchmark() {
    assert_eq!(common::agree(&Zelda::v0(), "zelda-v0", &[]), 10_000);
    assert!(common::agree(&Zelda::enemies(), "zelda-enemies-v0", &[]) >= 1_000);
    assert!(common::agree(&Zelda::large(), "zelda-large-v0", &[]) >= 1_000);
}

/// The contents ludoforge's jobs generate (two seeds of `pcg-explore` and `pcg-evolve` for each
/// problem, sets of 100 with their controls), scored by the benchmark: the same numbers too.
#[test]
fn generated_sets_agree_with_the_benchmark() {
    for (problem, name) in [
        (Binary::v0(), "binary-v0-ludoforge"),
        (Binary::large(), "binary-large-v0-ludoforge"),
    ] {
        assert_eq!(common::agree(&problem, name, &["flat"]), 400);
    }
    for (problem, name) in [
        (Zelda::v0(), "zelda-v0-ludoforge"),
        (Zelda::large(), "zelda-large-v0-ludoforge"),
    ] {
        assert_eq!(common::agree(&problem, name, &[]), 400);
    }
}
