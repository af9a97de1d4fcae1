//! FP64 oracle of cross-entropy over logits rows (Liger's semantics without class weights).

/// Options shared by the oracle and the kernels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CeOptions {
    pub ignore_index: i64,
    pub label_smoothing: f64,
    /// `lse_square_scale`: z-loss weight, added into the loss.
    pub z_loss: f64,
    /// `softcap`: logits become `softcap * tanh(x / softcap)` when positive.
    pub softcap: Option<f64>,
}

/// Per-row `(loss, z_loss, valid)` and the gradient of `sum_r loss_r * dloss_r` w.r.t. the
/// logits.
pub fn rows(
    x: &[f64],
    target: &[i64],
    v: usize,
    o: &CeOptions,
    dloss: &[f64],
) -> (Vec<f64>, Vec<f64>, Vec<bool>, Vec<f64>) {
    let r = target.len();
    let (mut loss, mut zl, mut valid, mut grad) =
        (vec![0.0; r], vec![0.0; r], vec![false; r], vec![0.0; r * v]);
    let eps = o.label_smoothing / v as f64;
    for i in 0..r {
        let y = target[i];
        if y == o.ignore_index {
            continue;
        }
        valid[i] = true;
        let row = &x[i * v..(i + 1) * v];
        let z: Vec<f64> = row
            .iter()
            .map(|x| match o.softcap {
                Some(c) => c * (x / c).tanh(),
                None => *x,
            })
            .collect();
        let m = z.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let lse = m + z.iter().map(|z| (z - m).exp()).sum::<f64>().ln();
        let zy = z[y as usize];
        let sum_z: f64 = z.iter().sum();
        zl[i] = o.z_loss * lse * lse;
        loss[i] =
            (1.0 - o.label_smoothing) * (lse - zy) + o.label_smoothing * lse - eps * sum_z + zl[i];
        for j in 0..v {
            let p = (z[j] - lse).exp();
            let mut g = (1.0 + 2.0 * o.z_loss * lse) * p - eps;
            if j as i64 == y {
                g -= 1.0 - o.label_smoothing;
            }
            if let Some(c) = o.softcap {
                let t = (row[j] / c).tanh();
                g *= 1.0 - t * t;
            }
            grad[i * v + j] = g * dloss[i];
        }
    }
    (loss, zl, valid, grad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gradient_matches_central_differences() {
        let (r, v) = (3, 6);
        let x: Vec<f64> = (0..r * v)
            .map(|i| ((i * 7 % 13) as f64 - 6.0) / 2.5)
            .collect();
        let t = vec![2, -100, 5];
        let dl = vec![0.7, 1.3, -0.4];
        for o in [
            CeOptions {
                ignore_index: -100,
                label_smoothing: 0.0,
                z_loss: 0.0,
                softcap: None,
            },
            CeOptions {
                ignore_index: -100,
                label_smoothing: 0.1,
                z_loss: 1e-2,
                softcap: Some(3.0),
            },
        ] {
            let (_, _, _, g) = rows(&x, &t, v, &o, &dl);
            let obj = |x: &[f64]| -> f64 {
                rows(x, &t, v, &o, &dl)
                    .0
                    .iter()
                    .zip(&dl)
                    .map(|(a, b)| a * b)
                    .sum()
            };
            for i in 0..x.len() {
                let h = 1e-6;
                let (mut xp, mut xm) = (x.clone(), x.clone());
                xp[i] += h;
                xm[i] -= h;
                let fd = (obj(&xp) - obj(&xm)) / (2.0 * h);
                assert!((fd - g[i]).abs() < 1e-7, "{o:?} [{i}]: {} vs {fd}", g[i]);
            }
        }
    }

    #[test]
    fn known_value_and_ignored_rows() {
        let x = [0.0, 0.0, 0.0, 0.0];
        let o = CeOptions {
            ignore_index: -100,
            label_smoothing: 0.0,
            z_loss: 0.0,
            softcap: None,
        };
        let (l, _, valid, g) = rows(&x, &[1, -100], 2, &o, &[1.0, 1.0]);
        assert!((l[0] - 2f64.ln()).abs() < 1e-15);
        assert_eq!((l[1], valid[1], g[2], g[3]), (0.0, false, 0.0, 0.0));
    }
}
