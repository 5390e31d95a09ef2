//! Benchmark of the engine's own overhead on a trivial problem.
fn main() {}
