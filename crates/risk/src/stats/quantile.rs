//! The 97.5% quantiles of the normal and Student's t distributions, the multipliers of a
//! two-sided 95% interval.

/// The 97.5% quantile of the standard normal distribution, `Φ⁻¹(0.975)`.
pub const Z_975: f64 = 1.959_963_984_540_054;

/// Above this many degrees of freedom the quantile comes from the Cornish–Fisher expansion,
/// whose error there is below 1e-12; up to it, from the exact distribution function.
const EXPANSION_FROM: u64 = 1_000;

/// The 97.5% quantile of Student's t distribution with `df` degrees of freedom: the `t` with
/// `P(|T| ≤ t) = 0.95`, the multiplier of a 95% interval of a mean of `df + 1` values.
///
/// Up to 1,000 degrees of freedom the exact distribution function of an integer number of
/// degrees of freedom (Abramowitz & Stegun 26.7.3 and 26.7.4, a finite sum of powers of
/// `cos θ`) is inverted by bisection to the last bits; above, the Cornish–Fisher expansion of
/// A&S 26.7.5 to the `1/df⁴` term is used. Costs O(df) per bisection step up to 1,000, O(1)
/// above. `df` = 0 (one value) has no spread to measure: infinity.
///
/// ```
/// use ludoforge_risk::stats::t_975;
/// assert!((t_975(1) - 12.706_204_736).abs() < 1e-8);
/// assert!((t_975(10) - 2.228_138_852).abs() < 1e-8);
/// assert!((t_975(1_000_000) - 1.959_966_357).abs() < 1e-8);
/// ```
#[must_use]
pub fn t_975(df: u64) -> f64 {
    if df == 0 {
        return f64::INFINITY;
    }
    if df > EXPANSION_FROM {
        return cornish_fisher(df);
    }
    let (mut low, mut high) = (0.0, 2.0 * Z_975);
    while two_sided(high, df) < 0.95 {
        low = high;
        high *= 2.0;
    }
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        if two_sided(middle, df) < 0.95 {
            low = middle;
        } else {
            high = middle;
        }
    }
    0.5 * (low + high)
}

/// `P(|T| ≤ t)` for Student's t with an integer `df ≥ 1` (A&S 26.7.3 for odd `df`, 26.7.4 for
/// even), with `θ = atan(t / √df)`:
/// * odd: `2/π (θ + sin θ (cos θ + 2/3 cos³ θ + … + (2·4…(df−3))/(1·3…(df−2)) cos^{df−2} θ))`,
///   the bracket empty for `df` = 1;
/// * even: `sin θ (1 + 1/2 cos² θ + … + (1·3…(df−3))/(2·4…(df−2)) cos^{df−2} θ)`.
fn two_sided(t: f64, df: u64) -> f64 {
    let theta = (t / (df as f64).sqrt()).atan();
    let (sin, cos) = theta.sin_cos();
    let cos2 = cos * cos;
    if df % 2 == 1 {
        let mut sum = 0.0;
        if df > 1 {
            let mut term = cos;
            sum = term;
            let mut power = 3; // the power of cos θ in the next term
            while power <= df - 2 {
                term *= cos2 * (power - 1) as f64 / power as f64;
                sum += term;
                power += 2;
            }
        }
        2.0 / std::f64::consts::PI * (theta + sin * sum)
    } else {
        let (mut term, mut sum) = (1.0, 1.0);
        let mut power = 2;
        while power <= df - 2 {
            term *= cos2 * (power - 1) as f64 / power as f64;
            sum += term;
            power += 2;
        }
        sin * sum
    }
}

/// A&S 26.7.5: `t ≈ z + g1(z)/ν + g2(z)/ν² + g3(z)/ν³ + g4(z)/ν⁴` with `z` = [`Z_975`].
fn cornish_fisher(df: u64) -> f64 {
    let x = Z_975;
    let nu = df as f64;
    let x2 = x * x;
    let g1 = (x2 + 1.0) * x / 4.0;
    let g2 = ((5.0 * x2 + 16.0) * x2 + 3.0) * x / 96.0;
    let g3 = (((3.0 * x2 + 19.0) * x2 + 17.0) * x2 - 15.0) * x / 384.0;
    let g4 = ((((79.0 * x2 + 776.0) * x2 + 1482.0) * x2 - 1920.0) * x2 - 945.0) * x / 92160.0;
    x + g1 / nu + g2 / (nu * nu) + g3 / (nu * nu * nu) + g4 / (nu * nu * nu * nu)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quantiles_of_the_tables() {
        // Student's t, 97.5%: the root of P(|T| ≤ t) = 0.95 with the density integrated to 30
        // digits (mpmath), as every table prints them.
        for (df, want) in [
            (1, 12.706_204_736_174_705),
            (2, 4.302_652_729_749_464),
            (3, 3.182_446_305_283_71),
            (4, 2.776_445_105_197_794),
            (5, 2.570_581_835_636_316),
            (10, 2.228_138_851_986_275),
            (30, 2.042_272_456_301_238),
            (99, 1.984_216_951_586_418),
            (100, 1.983_971_518_523_552),
            (1_000, 1.962_339_080_826_408),
            (1_000_000, 1.959_966_356_814_107),
        ] {
            let got = t_975(df);
            assert!((got - want).abs() < 1e-9, "df {df}: {got}, want {want}");
        }
    }

    #[test]
    fn the_expansion_meets_the_exact_function_where_it_takes_over() {
        for df in [200, 500, 1_000] {
            let exact = t_975(df);
            let expanded = cornish_fisher(df);
            assert!(
                (exact - expanded).abs() < 1e-10,
                "df {df}: {exact} {expanded}"
            );
        }
        // And falls towards the normal quantile.
        assert!(t_975(1_001) > Z_975 && t_975(1_000_000) < t_975(1_001));
    }
}
