//! The native MiniDungeons problem gives the benchmark's own numbers: `info` (solver results,
//! solutions and game statistics included), quality, controllability, pairwise diversity and
//! `env.evaluate` set scores, bit for bit, on the fixtures `scripts/pcg-fixtures.py` made with
//! `amidos2006/pcg_benchmark` (commit in each fixture's header).

mod common;

use ludoforge_pcgbench::mdungeons::MiniDungeons;

#[test]
fn mdungeons_agrees_with_the_benchmark() {
    assert_eq!(
        common::agree(&MiniDungeons::v0(), "mdungeons-v0", &["content"]),
        10_000
    );
}

#[test]
fn mdungeons_enemies_agrees_with_the_benchmark() {
    assert!(
        common::agree(
            &MiniDungeons::enemies(),
            "mdungeons-enemies-v0",
            &["content"]
        ) >= 1_000
    );
}

#[test]
fn mdungeons_large_agrees_with_the_benchmark() {
    assert!(common::agree(&MiniDungeons::large(), "mdungeons-large-v0", &["content"]) >= 1_000);
}

/// The sets ludoforge's jobs generate (two seeds each of `pcg-explore` and `pcg-evolve`),
/// scored by the benchmark: the same numbers, solutions and game statistics included.
#[test]
fn generated_mdungeons_sets_agree_with_the_benchmark() {
    assert_eq!(
        common::agree(&MiniDungeons::v0(), "mdungeons-v0-ludoforge", &["content"]),
        400
    );
}

/// Dungeons the hero cannot finish (made from a `pcg-explore` set: potions taken out, then
/// walls opened and ogres round the exit, so the agents search the whole room and run out of
/// pops): the best heuristic, the partial solutions and the game statistics the agents leave
/// are the benchmark's. 106 of the 120 are unsolved.
#[test]
fn unsolved_mdungeons_agree_with_the_benchmark() {
    assert_eq!(
        common::agree(&MiniDungeons::v0(), "mdungeons-v0-unsolved", &["content"]),
        120
    );
}
