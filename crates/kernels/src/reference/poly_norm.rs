//! FP64 oracle of PolyNorm (`PARITY.md` §1.5): per row,
//! `y = w0 * n(x^3) + w1 * n(x^2) + w2 * n(x) + b` with `n(u) = u / sqrt(mean(u^2) + eps)`,
//! `w` of length 3 and `b` a scalar.
//!
//! Computed in f64 from the formula, results unrounded; the backward differentiates it and
//! recomputes the statistics from x.

/// The powers `p` that weights `w[0], w[1], w[2]` scale.
const POWERS: [i32; 3] = [3, 2, 1];

/// `1 / sqrt(mean(row^(2p)) + eps)` for each power of [`POWERS`].
pub(crate) fn rstds(row: &[f64], eps: f64) -> [f64; 3] {
    POWERS.map(|p| {
        let m = row.iter().map(|v| v.powi(2 * p)).sum::<f64>() / row.len() as f64;
        1.0 / (m + eps).sqrt()
    })
}

/// Forward: `y [rows, cols]` for `x [rows, cols]`.
pub fn poly_norm_forward(x: &[f64], cols: usize, w: &[f64; 3], b: f64, eps: f64) -> Vec<f64> {
    debug_assert!(cols >= 1 && x.len().is_multiple_of(cols));
    let mut y = Vec::with_capacity(x.len());
    for row in x.chunks(cols) {
        let r = rstds(row, eps);
        for &v in row {
            let mut out = b;
            for i in 0..3 {
                out += w[i] * v.powi(POWERS[i]) * r[i];
            }
            y.push(out);
        }
    }
    y
}

/// Gradients of `sum(dy * y)`: `(dx [rows, cols], dw [3], db)`.
pub fn poly_norm_backward(
    x: &[f64],
    cols: usize,
    w: &[f64; 3],
    dy: &[f64],
    eps: f64,
) -> (Vec<f64>, [f64; 3], f64) {
    debug_assert_eq!(x.len(), dy.len());
    let n = cols as f64;
    let (mut dx, mut dw, mut db) = (Vec::with_capacity(x.len()), [0.0; 3], 0.0);
    for (row, drow) in x.chunks(cols).zip(dy.chunks(cols)) {
        let r = rstds(row, eps);
        // s[i] = sum dy * x^p: d n(u)_j / d u_k = r (delta_jk - u_j u_k r^2 / N).
        let s = POWERS.map(|p| {
            row.iter()
                .zip(drow)
                .map(|(v, d)| d * v.powi(p))
                .sum::<f64>()
        });
        for (&v, &d) in row.iter().zip(drow) {
            let mut g = 0.0;
            for i in 0..3 {
                let p = POWERS[i];
                let du = r[i] * d - v.powi(p) * r[i].powi(3) * s[i] / n;
                g += w[i] * du * f64::from(p) * v.powi(p - 1);
            }
            dx.push(g);
            db += d;
        }
        for i in 0..3 {
            dw[i] += r[i] * s[i];
        }
    }
    (dx, dw, db)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::norms::tests::check_grad;
    use crate::testing::Rng;

    #[test]
    fn gradients_match_central_differences() {
        let mut rng = Rng::new(23);
        for cols in [1, 7, 33] {
            let rows = 3;
            let mut normal = |n: usize, m: f64, s: f64| -> Vec<f64> {
                (0..n).map(|_| m + s * rng.normal_f64()).collect()
            };
            let x = normal(rows * cols, 0.2, 1.0);
            let dy = normal(rows * cols, 0.0, 1.0);
            let wv = normal(3, 0.3, 0.2);
            let w = [wv[0], wv[1], wv[2]];
            let (b, eps) = (0.7, 1e-6);
            let loss = |x: &[f64], w: &[f64; 3], b: f64| -> f64 {
                let y = poly_norm_forward(x, cols, w, b, eps);
                y.iter().zip(&dy).map(|(a, d)| a * d).sum()
            };
            let (dx, dw, db) = poly_norm_backward(&x, cols, &w, &dy, eps);
            check_grad("dx", &x, &dx, &|p| loss(p, &w, b));
            check_grad("dw", &w, &dw, &|p| loss(&x, &[p[0], p[1], p[2]], b));
            check_grad("db", &[b], &[db], &|p| loss(&x, &w, p[0]));
        }
    }
}
