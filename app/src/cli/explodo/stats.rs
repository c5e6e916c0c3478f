//! The balance lab's statistics: 95% intervals for paired designs (every
//! arm plays the same seeds). Floating point is fine here: these are reports
//! about runs, never rules.

/// The two-sided 95% quantile of Student's t with `df` degrees of freedom:
/// the published table to 10, then the Cornish–Fisher expansion around the
/// normal's 1.959964 (within 0.1% from 10 up, exact in the limit).
pub fn t95(df: u64) -> f64 {
    const Z: f64 = 1.959_964;
    const TABLE: [f64; 10] = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228];
    if df == 0 {
        return f64::INFINITY;
    }
    if let Some(&t) = TABLE.get(df as usize - 1) {
        return t;
    }
    let d = df as f64;
    let z3 = Z * Z * Z;
    let z5 = z3 * Z * Z;
    Z + (z3 + Z) / (4.0 * d) + (5.0 * z5 + 16.0 * z3 + 3.0 * Z) / (96.0 * d * d)
}

/// A mean with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// The interval's half-width (0 with fewer than two values).
    pub half: f64,
}

impl Estimate {
    /// Whether the interval leaves out zero: larger than chance.
    pub fn significant(&self) -> bool {
        self.half > 0.0 && (self.mean - self.half > 0.0 || self.mean + self.half < 0.0)
    }
}

/// The mean of paired differences with its t interval.
pub fn paired_mean(diffs: &[f64]) -> Estimate {
    let n = diffs.len();
    if n == 0 {
        return Estimate { mean: 0.0, half: 0.0 };
    }
    let mean = diffs.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return Estimate { mean, half: 0.0 };
    }
    let var = diffs.iter().map(|d| (d - mean) * (d - mean)).sum::<f64>() / (n - 1) as f64;
    Estimate { mean, half: t95(n as u64 - 1) * (var / n as f64).sqrt() }
}

/// Wilson's 95% interval for `k` successes in `n` trials: (low, high).
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964_f64;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// McNemar's exact test for paired wins: `b` pairs only the baseline won,
/// `c` pairs only the arm won. Returns the two-sided p-value (binomial with
/// p = 1/2 on the b + c discordant pairs).
pub fn mcnemar(b: u64, c: u64) -> f64 {
    let n = b + c;
    if n == 0 {
        return 1.0;
    }
    let k = b.min(c);
    // P(X <= k) for X ~ Bin(n, 1/2), in logs to stay finite for large n.
    let ln_half_n = n as f64 * 0.5_f64.ln();
    let mut ln_choose = 0.0_f64; // ln C(n, 0)
    let mut tail = 0.0;
    for i in 0..=k {
        if i > 0 {
            ln_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
        }
        tail += (ln_choose + ln_half_n).exp();
    }
    (2.0 * tail).min(1.0)
}

/// The difference of paired proportions (arm minus baseline) with its 95%
/// interval: `b` pairs only the baseline won, `c` only the arm, of `n`.
pub fn paired_proportion(b: u64, c: u64, n: u64) -> Estimate {
    if n == 0 {
        return Estimate { mean: 0.0, half: 0.0 };
    }
    let (b, c, n) = (b as f64, c as f64, n as f64);
    let mean = (c - b) / n;
    let var = ((b + c) - (c - b) * (c - b) / n) / (n * n);
    Estimate { mean, half: 1.959_964 * var.max(0.0).sqrt() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn t_quantiles_match_the_tables() {
        // Published two-sided 95% values.
        for (df, want) in [(3, 3.182), (5, 2.571), (11, 2.201), (30, 2.042), (199, 1.972)] {
            let got = t95(df);
            assert!(close(got, want, want * 0.001), "df {df}: {got} against {want}");
        }
    }

    #[test]
    fn wilson_matches_a_worked_example() {
        // 93 of 100: (0.8626, 0.9657) by the formula's textbook value.
        let (lo, hi) = wilson(93, 100);
        assert!(close(lo, 0.8626, 0.0005) && close(hi, 0.9657, 0.0005), "{lo} {hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        let (lo, _) = wilson(0, 10);
        assert_eq!(lo, 0.0);
    }

    #[test]
    fn mcnemar_is_exact_binomial_on_the_discordant_pairs() {
        // 1 against 9: 2 * (1 + 10) / 1024.
        assert!(close(mcnemar(1, 9), 22.0 / 1024.0, 1e-12));
        assert_eq!(mcnemar(5, 5), 1.0);
        assert_eq!(mcnemar(0, 0), 1.0);
        assert!(mcnemar(0, 200) < 1e-50);
    }

    #[test]
    fn paired_means_and_proportions() {
        let e = paired_mean(&[1.0, 2.0, 3.0]);
        assert!(close(e.mean, 2.0, 1e-12));
        // sd 1, n 3: t(2) = 4.303, over the square root of 3.
        assert!(close(e.half, 4.303 / 3f64.sqrt(), 1e-9), "{}", e.half);
        assert!(!e.significant(), "2 ± 2.48 takes in zero");
        assert!(paired_mean(&[2.0, 3.0, 4.0]).significant());
        assert!(!paired_mean(&[-1.0, 1.0, -1.0, 1.0]).significant());
        let p = paired_proportion(2, 12, 100);
        assert!(close(p.mean, 0.10, 1e-12) && p.significant());
    }
}
