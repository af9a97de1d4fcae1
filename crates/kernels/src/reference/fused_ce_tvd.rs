//! FP64 oracle of fused cross-entropy + total variation distance over logits rows (Liger's
//! `LigerFusedCETVDFunction`, PARITY.md 4.10): per row of student logits `s` and teacher logits
//! `t` (`[rows, V]`, row-major) with target class `y`, `p = softmax(s)`, `q = softmax(t)`,
//! `ce = lse(s) - s_y`, `tvd = 0.5 sum |p - q|` and `sigma = sum p sign(p - q)` (`sign(0) = 0`);
//! ignored rows give `ce = tvd = 0` and a zero gradient. Written from the formulas: every softmax
//! is computed on its own row here (max-shifted, then normalised by the plain sum), with no
//! column steps and no reuse of the kernels' saved statistics.

/// The forward's per-row values.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Forward {
    pub ce: Vec<f64>,
    pub tvd: Vec<f64>,
    /// `logsumexp(s)` of every row (ignored rows included).
    pub lse_s: Vec<f64>,
    /// `logsumexp(t)` of every row (ignored rows included).
    pub lse_t: Vec<f64>,
    /// `sum p sign(p - q)` of every row (ignored rows included).
    pub sigma: Vec<f64>,
}

/// `sign(d)` with `sign(0) = 0`.
pub fn sign(d: f64) -> f64 {
    if d > 0.0 {
        1.0
    } else if d < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// `logsumexp` of one row.
pub fn logsumexp(row: &[f64]) -> f64 {
    let m = row.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    m + row.iter().map(|z| (z - m).exp()).sum::<f64>().ln()
}

/// `softmax` of one row: `exp(z - max) / sum exp(z - max)`.
pub fn softmax(row: &[f64]) -> Vec<f64> {
    let m = row.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = row.iter().map(|z| (z - m).exp()).collect();
    let total: f64 = e.iter().sum();
    e.iter().map(|v| v / total).collect()
}

/// `sigma = sum_v p_v sign(p_v - q_v)` of one row's distributions.
pub fn sigma(p: &[f64], q: &[f64]) -> f64 {
    p.iter().zip(q).map(|(a, b)| a * sign(a - b)).sum()
}

/// The forward over `rows = target.len()` rows of `v` classes.
pub fn forward(s: &[f64], t: &[f64], target: &[i64], v: usize, ignore_index: i64) -> Forward {
    let mut out = Forward::default();
    for (i, &y) in target.iter().enumerate() {
        let (sr, tr) = (&s[i * v..(i + 1) * v], &t[i * v..(i + 1) * v]);
        let (p, q) = (softmax(sr), softmax(tr));
        let lse_s = logsumexp(sr);
        out.lse_s.push(lse_s);
        out.lse_t.push(logsumexp(tr));
        out.sigma.push(sigma(&p, &q));
        if y == ignore_index {
            out.ce.push(0.0);
            out.tvd.push(0.0);
            continue;
        }
        out.ce.push(lse_s - sr[y as usize]);
        out.tvd
            .push(0.5 * p.iter().zip(&q).map(|(a, b)| (a - b).abs()).sum::<f64>());
    }
    out
}

/// The gradient w.r.t. `s` of `sum_r dce_r ce_r + dtvd_r tvd_r`: per valid row
/// `g_v = dce (p_v - [v = y]) + 0.5 dtvd p_v (sign(p_v - q_v) - sigma)`, 0 on ignored rows.
/// (`d tvd / d s_v = 0.5 sum_w sign(p_w - q_w) p_w ([w = v] - p_v)`.)
pub fn backward(
    s: &[f64],
    t: &[f64],
    target: &[i64],
    v: usize,
    ignore_index: i64,
    dce: &[f64],
    dtvd: &[f64],
) -> Vec<f64> {
    let mut g = vec![0.0; s.len()];
    for (i, &y) in target.iter().enumerate() {
        if y == ignore_index {
            continue;
        }
        let (p, q) = (
            softmax(&s[i * v..(i + 1) * v]),
            softmax(&t[i * v..(i + 1) * v]),
        );
        let sg = sigma(&p, &q);
        for j in 0..v {
            let hit = if j as i64 == y { 1.0 } else { 0.0 };
            g[i * v + j] = dce[i] * (p[j] - hit) + 0.5 * dtvd[i] * p[j] * (sign(p[j] - q[j]) - sg);
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    fn normal(n: usize, scale: f64, rng: &mut Rng) -> Vec<f64> {
        (0..n).map(|_| scale * rng.normal_f64()).collect()
    }

    #[test]
    fn known_rows() {
        // Two classes: p = (e / (1 + e), 1 / (1 + e)), q uniform.
        let s = [1.0, 0.0];
        let t = [0.0, 0.0];
        let f = forward(&s, &t, &[1], 2, -100);
        let p0 = 1f64.exp() / (1.0 + 1f64.exp());
        assert!((f.ce[0] - (1.0 + (1.0 + (-1f64).exp()).ln())).abs() < 1e-15);
        assert!((f.tvd[0] - (p0 - 0.5)).abs() < 1e-15);
        // sigma = p0 - p1.
        assert!((f.sigma[0] - (2.0 * p0 - 1.0)).abs() < 1e-15);
        assert!((f.lse_t[0] - 2f64.ln()).abs() < 1e-15);
        // Equal rows: every sign is 0.
        let e = forward(&s, &s, &[0], 2, -100);
        assert_eq!((e.tvd[0], e.sigma[0]), (0.0, 0.0));
        // Ignored rows: zero losses and gradient, statistics still computed.
        let ig = forward(&s, &t, &[-100], 2, -100);
        assert_eq!((ig.ce[0], ig.tvd[0]), (0.0, 0.0));
        assert_eq!(ig.sigma[0], f.sigma[0]);
        let g = backward(&s, &t, &[-100], 2, -100, &[1.0], &[1.0]);
        assert_eq!(g, [0.0, 0.0]);
    }

    /// The gradient matches central differences of `sum dce ce + dtvd tvd` at random points
    /// (where no `p_v - q_v` is near 0, so that steps of 1e-6 never flip a sign), for random
    /// cotangents, ignored rows included.
    #[test]
    fn gradients_match_central_differences() {
        let mut rng = Rng::new(4100);
        let mut checked = 0;
        for (rows, v, scale) in [(3, 2, 1.0), (4, 7, 2.0), (2, 33, 0.5), (3, 5, 4.0)] {
            let s = normal(rows * v, scale, &mut rng);
            let t = normal(rows * v, scale, &mut rng);
            let target: Vec<i64> = (0..rows)
                .map(|i| match i % 3 {
                    1 => -100,
                    _ => rng.below(v as u64) as i64,
                })
                .collect();
            let dce = normal(rows, 1.0, &mut rng);
            let dtvd = normal(rows, 1.0, &mut rng);
            let away = (0..rows).all(|r| {
                let p = softmax(&s[r * v..(r + 1) * v]);
                let q = softmax(&t[r * v..(r + 1) * v]);
                p.iter().zip(&q).all(|(a, b)| (a - b).abs() > 1e-4)
            });
            if !away {
                continue;
            }
            checked += 1;
            let g = backward(&s, &t, &target, v, -100, &dce, &dtvd);
            let loss = |x: &[f64]| {
                let f = forward(x, &t, &target, v, -100);
                (0..rows)
                    .map(|r| dce[r] * f.ce[r] + dtvd[r] * f.tvd[r])
                    .sum::<f64>()
            };
            for i in 0..s.len() {
                let h = 1e-6;
                let (mut a, mut b) = (s.clone(), s.clone());
                a[i] += h;
                b[i] -= h;
                let fd = (loss(&a) - loss(&b)) / (2.0 * h);
                assert!(
                    (fd - g[i]).abs() < 1e-8,
                    "{rows}x{v} [{i}]: {} vs {fd}",
                    g[i]
                );
            }
        }
        assert!(checked >= 3, "only {checked} points were away from ties");
    }

    /// Leaving `sigma` out of the gradient, or taking `sign(0) = 1`, changes it on rows with
    /// some ties and some differences: the oracle's own gradient is sensitive to both.
    #[test]
    fn sigma_and_tied_signs_matter() {
        // Classes 0 and 1 swapped between student and teacher: p = q on classes 2 and 3.
        let s = [1.0, -0.5, 0.25, 0.0];
        let t = [-0.5, 1.0, 0.25, 0.0];
        let g = backward(&s, &t, &[2], 4, -100, &[0.0], &[1.0]);
        let (p, q) = (softmax(&s), softmax(&t));
        assert_eq!((p[2] - q[2], p[3] - q[3]), (0.0, 0.0));
        let sg = sigma(&p, &q);
        let tie_one = |j: usize| {
            let sign1 = if p[j] >= q[j] { 1.0 } else { -1.0 };
            let sg1: f64 = (0..4)
                .map(|w| p[w] * if p[w] >= q[w] { 1.0 } else { -1.0 })
                .sum();
            0.5 * p[j] * (sign1 - sg1)
        };
        for j in 0..4 {
            let no_sigma = 0.5 * p[j] * sign(p[j] - q[j]);
            assert!((g[j] - no_sigma).abs() > 1e-3 * p[j] * sg.abs());
            assert!((g[j] - tie_one(j)).abs() > 1e-3 * p[j]);
        }
    }
}
