//! Compact, deterministic number formatting for SVG attributes.

use std::fmt::Write as _;

/// Appends `value` to `out` with at most two decimals and no trailing zeros.
///
/// `1.0` becomes `1`, `0.125` becomes `0.13`, `-0.001` becomes `0`.
/// Non-finite values (NaN, infinities) are written as `0` so the document
/// always stays parseable.
pub(crate) fn write_num(out: &mut String, value: f32) {
    let value = if value.is_finite() { value } else { 0.0 };
    let start = out.len();
    // Formatting an f32 with a fixed precision is exact and platform
    // independent in Rust, so the same input always gives the same bytes.
    let _ = write!(out, "{value:.2}");
    while out.ends_with('0') {
        out.pop();
    }
    if out.ends_with('.') {
        out.pop();
    }
    if &out[start..] == "-0" {
        out.truncate(start);
        out.push('0');
    }
}

#[cfg(test)]
mod tests {
    use super::write_num;

    fn num(value: f32) -> String {
        let mut s = String::new();
        write_num(&mut s, value);
        s
    }

    #[test]
    fn trims_trailing_zeros() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(100.0), "100");
        assert_eq!(num(0.25), "0.25");
        assert_eq!(num(12.3456), "12.35");
    }

    #[test]
    fn no_negative_zero() {
        assert_eq!(num(-0.0), "0");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-2.5), "-2.5");
    }

    #[test]
    fn non_finite_becomes_zero() {
        assert_eq!(num(f32::NAN), "0");
        assert_eq!(num(f32::INFINITY), "0");
        assert_eq!(num(f32::NEG_INFINITY), "0");
    }
}
