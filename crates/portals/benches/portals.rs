//! Benchmarks (placeholder until the study lands).
fn main() {}
