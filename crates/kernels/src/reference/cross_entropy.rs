//! FP64 oracle of cross-entropy over logits rows (Liger's `LigerCrossEntropyFunction`, PARITY.md
//! 4.1): class weights, label smoothing, z-loss, softcap, ignored rows and every reduction.

/// `reduction` over rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    None,
    Sum,
    Mean,
}

/// Options shared by the oracle and the kernels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CeOptions {
    pub ignore_index: i64,
    pub label_smoothing: f64,
    /// `lse_square_scale`: z-loss weight, added into the loss.
    pub z_loss: f64,
    /// `softcap`: logits become `softcap * tanh(x / softcap)` when positive.
    pub softcap: Option<f64>,
    pub reduction: Reduction,
}

/// The factors each row's weighted CE term and z-loss term are multiplied by before the rows
/// are summed: 1 and 1, except under `mean`: `1 / sum_valid w_y` (`1 / n_valid` without
/// weights) and `1 / n_valid`, with `0` for a zero divisor (no valid row, or valid weights
/// summing to 0).
pub fn row_factors(target: &[i64], weight: Option<&[f64]>, o: &CeOptions) -> (f64, f64) {
    if o.reduction != Reduction::Mean {
        return (1.0, 1.0);
    }
    let valid = target.iter().filter(|y| **y != o.ignore_index);
    let n = valid.clone().count() as f64;
    let w_sum: f64 = valid.map(|y| weight.map_or(1.0, |w| w[*y as usize])).sum();
    let inv = |d: f64| if d == 0.0 { 0.0 } else { 1.0 / d };
    (inv(w_sum), inv(n))
}

/// One valid row: softcapped logits, their logsumexp, the weights' sum `W` and `sum_j w_j z_j`.
struct Row {
    z: Vec<f64>,
    lse: f64,
    w_sum: f64,
    wz_sum: f64,
}

fn row(x: &[f64], weight: Option<&[f64]>, o: &CeOptions) -> Row {
    let z: Vec<f64> = x
        .iter()
        .map(|x| match o.softcap {
            Some(c) => c * (x / c).tanh(),
            None => *x,
        })
        .collect();
    let m = z.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let lse = m + z.iter().map(|z| (z - m).exp()).sum::<f64>().ln();
    let w = |j: usize| weight.map_or(1.0, |w| w[j]);
    Row {
        w_sum: (0..z.len()).map(w).sum(),
        wz_sum: z.iter().enumerate().map(|(j, z)| w(j) * z).sum(),
        z,
        lse,
    }
}

/// The logsumexp of every row's softcapped logits (ignored rows included).
pub fn lse(x: &[f64], v: usize, o: &CeOptions) -> Vec<f64> {
    x.chunks(v.max(1)).map(|r| row(r, None, o).lse).collect()
}

/// `(loss, z_loss)`: per row under `none`, else one value (the sum over rows of the row
/// factors times the terms). Per valid row, with `eps = ls / V`:
/// `ce = (1 - ls) w_y (lse - z_y) + eps (lse W - sum_j w_j z_j)` and `zl = lss lse^2`;
/// `loss = ce * fce + zl * fz` where `(fce, fz)` = [`row_factors`]. Ignored rows give 0.
pub fn forward(
    x: &[f64],
    target: &[i64],
    v: usize,
    weight: Option<&[f64]>,
    o: &CeOptions,
) -> (Vec<f64>, Vec<f64>) {
    let (fce, fz) = row_factors(target, weight, o);
    let ls = o.label_smoothing;
    let eps = ls / v as f64;
    let (mut loss, mut zl) = (vec![0.0; target.len()], vec![0.0; target.len()]);
    for (i, &y) in target.iter().enumerate() {
        if y == o.ignore_index {
            continue;
        }
        let r = row(&x[i * v..(i + 1) * v], weight, o);
        let wy = weight.map_or(1.0, |w| w[y as usize]);
        let ce = (1.0 - ls) * wy * (r.lse - r.z[y as usize]) + eps * (r.lse * r.w_sum - r.wz_sum);
        zl[i] = o.z_loss * r.lse * r.lse * fz;
        loss[i] = ce * fce + zl[i];
    }
    if o.reduction == Reduction::None {
        (loss, zl)
    } else {
        (vec![loss.iter().sum()], vec![zl.iter().sum()])
    }
}

/// The gradient w.r.t. the logits of `sum_i loss_i * dloss_i` ([`forward`]'s loss; `dloss`
/// per row under `none`, one value otherwise): per valid row, with `p = softmax(z)`,
/// `g_j = dl (fce ((1 - ls) w_y (p_j - [j = y]) + eps (p_j W - w_j)) + fz 2 lss lse p_j)`,
/// times `1 - tanh^2(x_j / softcap)` with a softcap; 0 on ignored rows.
pub fn backward(
    x: &[f64],
    target: &[i64],
    v: usize,
    weight: Option<&[f64]>,
    o: &CeOptions,
    dloss: &[f64],
) -> Vec<f64> {
    let (fce, fz) = row_factors(target, weight, o);
    let ls = o.label_smoothing;
    let eps = ls / v as f64;
    let mut grad = vec![0.0; x.len()];
    for (i, &y) in target.iter().enumerate() {
        if y == o.ignore_index {
            continue;
        }
        let dl = if o.reduction == Reduction::None {
            dloss[i]
        } else {
            dloss[0]
        };
        let xr = &x[i * v..(i + 1) * v];
        let r = row(xr, weight, o);
        let w = |j: usize| weight.map_or(1.0, |w| w[j]);
        let wy = w(y as usize);
        for j in 0..v {
            let p = (r.z[j] - r.lse).exp();
            let hit = if j as i64 == y { 1.0 } else { 0.0 };
            let ce = (1.0 - ls) * wy * (p - hit) + eps * (p * r.w_sum - w(j));
            let mut g = fce * ce + fz * 2.0 * o.z_loss * r.lse * p;
            if let Some(c) = o.softcap {
                let t = (xr[j] / c).tanh();
                g *= 1.0 - t * t;
            }
            grad[i * v + j] = g * dl;
        }
    }
    grad
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(ls: f64, z: f64, cap: Option<f64>, reduction: Reduction) -> CeOptions {
        CeOptions {
            ignore_index: -100,
            label_smoothing: ls,
            z_loss: z,
            softcap: cap,
            reduction,
        }
    }

    #[test]
    fn gradient_matches_central_differences() {
        let (r, v) = (4, 6);
        let x: Vec<f64> = (0..r * v)
            .map(|i| ((i * 7 % 13) as f64 - 6.0) / 2.5)
            .collect();
        let t = vec![2, -100, 5, 0];
        // Positive weights with a zero; weights that vanish on every valid target (the mean's
        // weighted divisor is 0).
        let w = [0.5, 1.5, 2.0, 0.0, 0.7, 1.1];
        let w_off = [0.0, 1.0, 0.0, 2.0, 3.0, 0.0];
        for reduction in [Reduction::None, Reduction::Sum, Reduction::Mean] {
            let dl = if reduction == Reduction::None {
                vec![0.7, 1.3, -0.4, 0.9]
            } else {
                vec![0.8]
            };
            for o in [
                opts(0.0, 0.0, None, reduction),
                opts(0.1, 1e-2, Some(3.0), reduction),
            ] {
                for weight in [None, Some(&w[..]), Some(&w_off[..])] {
                    let g = backward(&x, &t, v, weight, &o, &dl);
                    let obj = |x: &[f64]| -> f64 {
                        let l = forward(x, &t, v, weight, &o).0;
                        l.iter().zip(&dl).map(|(a, b)| a * b).sum()
                    };
                    for i in 0..x.len() {
                        let h = 1e-6;
                        let (mut xp, mut xm) = (x.clone(), x.clone());
                        xp[i] += h;
                        xm[i] -= h;
                        let fd = (obj(&xp) - obj(&xm)) / (2.0 * h);
                        assert!(
                            (fd - g[i]).abs() < 1e-7,
                            "{o:?} {weight:?} [{i}]: {} vs {fd}",
                            g[i]
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn known_values_and_ignored_rows() {
        let x = [0.0, 0.0, 0.0, 0.0];
        let o = opts(0.0, 0.0, None, Reduction::None);
        let (l, _) = forward(&x, &[1, -100], 2, None, &o);
        let g = backward(&x, &[1, -100], 2, None, &o, &[1.0, 1.0]);
        assert!((l[0] - 2f64.ln()).abs() < 1e-15);
        assert_eq!((l[1], g[2], g[3]), (0.0, 0.0, 0.0));
        // Weighted mean: (w_1 ln 2 + w_0 ln 2) / (w_1 + w_0) = ln 2; the z-loss ln(2)^2 per
        // row is divided by the 2 valid rows, whatever the weights.
        let o = opts(0.0, 1.0, None, Reduction::Mean);
        let (l, z) = forward(&x, &[1, 0], 2, Some(&[3.0, 1.0]), &o);
        let ln2 = 2f64.ln();
        assert!((z[0] - ln2 * ln2).abs() < 1e-15);
        assert!((l[0] - (ln2 + ln2 * ln2)).abs() < 1e-15);
        // Valid weights summing to 0 under mean: the CE term is 0, not 0/0.
        let (l, z) = forward(&x, &[1, 1], 2, Some(&[3.0, 0.0]), &o);
        assert_eq!(l[0], z[0]);
    }
}
