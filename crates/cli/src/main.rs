//! The ludoforge command line.
fn main() {}
