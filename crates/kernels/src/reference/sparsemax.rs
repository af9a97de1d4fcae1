//! FP64 oracle of sparsemax over the last axis of row-major `[rows, cols]` data, by sorting (as
//! Liger and the sparsemax paper compute it, `PARITY.md` §2.6).

/// The threshold `tau` of one row: sort descending, take the largest `k` with
/// `z_(k) > (sum_{r <= k} z_(r) - 1) / k` (at least 1), and `tau = (sum_{top k} z - 1) / k`.
pub fn threshold(row: &[f64]) -> f64 {
    let mut z = row.to_vec();
    z.sort_by(|a, b| b.total_cmp(a));
    let (mut k, mut top) = (1usize, z[0]);
    let mut cum = 0.0;
    for (r, v) in z.iter().enumerate() {
        cum += v;
        if *v > (cum - 1.0) / (r + 1) as f64 {
            k = r + 1;
            top = cum;
        }
    }
    (top - 1.0) / k as f64
}

/// `sparsemax` of every row: `y = max(z - tau, 0)`.
pub fn forward(x: &[f64], rows: usize, cols: usize) -> Vec<f64> {
    let mut y = vec![0.0; rows * cols];
    for r in 0..rows {
        let row = &x[r * cols..(r + 1) * cols];
        let tau = threshold(row);
        for (o, v) in y[r * cols..(r + 1) * cols].iter_mut().zip(row) {
            *o = (v - tau).max(0.0);
        }
    }
    y
}

/// The gradient from the forward's output `y` for the cotangent `dy`: on the support (`y > 0`)
/// `dx = dy - mean_support(dy)`, 0 elsewhere.
pub fn backward_from_output(y: &[f64], dy: &[f64], rows: usize, cols: usize) -> Vec<f64> {
    let mut dx = vec![0.0; rows * cols];
    for r in 0..rows {
        let span = r * cols..(r + 1) * cols;
        let (yr, gr) = (&y[span.clone()], &dy[span.clone()]);
        let (mut n, mut s) = (0usize, 0.0);
        for (v, g) in yr.iter().zip(gr) {
            if *v > 0.0 {
                n += 1;
                s += g;
            }
        }
        let mean = if n == 0 { 0.0 } else { s / n as f64 };
        for ((o, v), g) in dx[span].iter_mut().zip(yr).zip(gr) {
            *o = if *v > 0.0 { g - mean } else { 0.0 };
        }
    }
    dx
}

/// The gradient of `forward` at `x` for the cotangent `dy`.
pub fn backward(x: &[f64], dy: &[f64], rows: usize, cols: usize) -> Vec<f64> {
    backward_from_output(&forward(x, rows, cols), dy, rows, cols)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    fn random_rows(rows: usize, cols: usize, scale: f64, seed: u64) -> Vec<f64> {
        let mut rng = Rng::new(seed);
        (0..rows * cols).map(|_| scale * rng.normal_f64()).collect()
    }

    /// The threshold solves `sum max(z - tau, 0) = 1`, checked by a plain scan instead of the
    /// sort: the output is a point of the simplex.
    #[test]
    fn outputs_lie_on_the_simplex() {
        for (cols, scale, seed) in [(1, 1.0, 1), (7, 0.3, 2), (50, 3.0, 3), (300, 0.01, 4)] {
            let x = random_rows(3, cols, scale, seed);
            let y = forward(&x, 3, cols);
            for r in 0..3 {
                let s: f64 = y[r * cols..(r + 1) * cols].iter().sum();
                assert!((s - 1.0).abs() < 1e-12, "cols={cols} row {r}: sum {s}");
                assert!(y[r * cols..(r + 1) * cols].iter().all(|v| *v >= 0.0));
            }
        }
    }

    #[test]
    fn known_rows() {
        // A dominant element: the support is that element alone.
        assert_eq!(forward(&[5.0, 0.0, -1.0], 1, 3), [1.0, 0.0, 0.0]);
        // A constant row: the uniform distribution.
        assert_eq!(forward(&[2.0; 4], 1, 4), [0.25; 4]);
        // tau = 0.25; the entries equal to tau are ties at the threshold and get 0.
        assert_eq!(threshold(&[1.0, 0.25, 0.5, 0.25]), 0.25);
        assert_eq!(
            forward(&[1.0, 0.25, 0.5, 0.25], 1, 4),
            [0.75, 0.0, 0.25, 0.0]
        );
        // Shift invariance.
        assert_eq!(forward(&[101.0, 100.25, 100.5], 1, 3), [0.75, 0.0, 0.25]);
    }

    /// The gradient matches central differences of the forward at points away from the kinks
    /// (every `|z - tau|` at least 1e-3, so steps of 1e-6 never change the support), where the
    /// forward is linear and the differences are exact up to rounding.
    #[test]
    fn gradients_match_central_differences() {
        let mut checked = 0;
        for (cols, scale, seed) in [(5, 0.5, 10), (9, 0.2, 11), (16, 1.0, 12), (3, 0.01, 13)] {
            let rows = 2;
            let x = random_rows(rows, cols, scale, seed);
            let away = (0..rows).all(|r| {
                let row = &x[r * cols..(r + 1) * cols];
                let tau = threshold(row);
                row.iter().all(|v| (v - tau).abs() > 1e-3)
            });
            if !away {
                continue;
            }
            checked += 1;
            let g = random_rows(rows, cols, 1.0, seed + 100);
            let dx = backward(&x, &g, rows, cols);
            let obj = |x: &[f64]| -> f64 {
                forward(x, rows, cols)
                    .iter()
                    .zip(&g)
                    .map(|(a, b)| a * b)
                    .sum()
            };
            for i in 0..x.len() {
                let h = 1e-6;
                let (mut xp, mut xm) = (x.clone(), x.clone());
                xp[i] += h;
                xm[i] -= h;
                let fd = (obj(&xp) - obj(&xm)) / (2.0 * h);
                assert!(
                    (fd - dx[i]).abs() < 1e-8,
                    "cols={cols} [{i}]: {} vs {fd}",
                    dx[i]
                );
            }
        }
        assert!(
            checked >= 3,
            "only {checked} points were away from the kinks"
        );
    }
}
