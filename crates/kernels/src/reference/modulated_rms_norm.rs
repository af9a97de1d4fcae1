//! FP64 oracle of the modulated RMSNorm, AdaLN (`PARITY.md` §1.4): `y = o * (1 + scale[m]) +
//! shift[m]` with `o` the RMSNorm output of the row and `m = r / (rows / mods)` the row's
//! modulation row.
//!
//! Conventions: row-major `[rows, cols]` data; `scale` and `shift` are `[mods, cols]` with
//! `mods` dividing `rows` (checked by `debug_assert!` only). The RMSNorm output `o` is taken as
//! an argument: the caller computes it with the oracles of `reference::norms` (rounded as a
//! casting mode stores it, or unrounded for the real-valued formula), so this module states only
//! the modulation and its gradients. The backward differentiates the real-valued formula, with
//! `dscale` taken against the `o` given (the forward's stored output, as the contract says).

use crate::reference::norms::rms_norm_backward;

/// The modulation row of row `r` of `rows` rows in `mods` modulation rows.
pub fn modulation_row(r: usize, rows: usize, mods: usize) -> usize {
    r / (rows / mods)
}

fn debug_check(rows: usize, cols: usize, mods: usize, lens: &[(usize, usize)]) {
    debug_assert!(cols >= 1 && mods >= 1, "cols and mods must be at least 1");
    debug_assert_eq!(rows % mods, 0, "mods must divide rows");
    for &(len, want) in lens {
        debug_assert_eq!(len, want, "a buffer has the wrong length");
    }
}

/// Forward: `y[r, c] = round(o[r, c] * (1 + scale[m, c]) + shift[m, c])` (no shift: `+ 0`),
/// with `round` the rounding to the storage dtype (the identity for the real-valued formula).
#[allow(clippy::too_many_arguments)]
pub fn forward(
    o: &[f64],
    scale: &[f64],
    shift: Option<&[f64]>,
    rows: usize,
    cols: usize,
    mods: usize,
    round: &dyn Fn(f64) -> f64,
) -> Vec<f64> {
    debug_check(
        rows,
        cols,
        mods,
        &[(o.len(), rows * cols), (scale.len(), mods * cols)],
    );
    let mut y = vec![0.0; rows * cols];
    for r in 0..rows {
        let m = modulation_row(r, rows, mods);
        for c in 0..cols {
            let h = shift.map_or(0.0, |s| s[m * cols + c]);
            y[r * cols + c] = round(o[r * cols + c] * (1.0 + scale[m * cols + c]) + h);
        }
    }
    y
}

/// The gradients of [`forward`]'s inputs.
#[derive(Clone, Debug)]
pub struct Grads {
    pub dx: Vec<f64>,
    /// `None` without a weight.
    pub dw: Option<Vec<f64>>,
    /// `[mods, cols]`.
    pub dscale: Vec<f64>,
    /// `[mods, cols]` (the shift's gradient, whether or not a shift was given).
    pub dshift: Vec<f64>,
}

/// Backward: with `g = dy * (1 + scale[m])`, `(dx, dw)` is the RMSNorm backward
/// (`reference::norms::rms_norm_backward`) of `g`; `dscale[m] = sum over the rows of m of
/// dy * o`; `dshift[m] = sum over the rows of m of dy`.
#[allow(clippy::too_many_arguments)]
pub fn backward(
    x: &[f64],
    w: Option<&[f64]>,
    scale: &[f64],
    o: &[f64],
    dy: &[f64],
    rows: usize,
    cols: usize,
    mods: usize,
    eps: f64,
    offset: f64,
) -> Grads {
    debug_check(
        rows,
        cols,
        mods,
        &[
            (x.len(), rows * cols),
            (o.len(), rows * cols),
            (dy.len(), rows * cols),
            (scale.len(), mods * cols),
        ],
    );
    let mut g = vec![0.0; rows * cols];
    let mut dscale = vec![0.0; mods * cols];
    let mut dshift = vec![0.0; mods * cols];
    for r in 0..rows {
        let m = modulation_row(r, rows, mods);
        for c in 0..cols {
            let i = r * cols + c;
            g[i] = dy[i] * (1.0 + scale[m * cols + c]);
            dscale[m * cols + c] += dy[i] * o[i];
            dshift[m * cols + c] += dy[i];
        }
    }
    let (dx, dw) = rms_norm_backward(x, w, &g, rows, cols, eps, offset);
    Grads {
        dx,
        dw,
        dscale,
        dshift,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::norms::rms_norm_forward;
    use crate::reference::norms::tests::check_grad;
    use crate::testing::Rng;

    /// The backward is the gradient of the real-valued forward (`o` unrounded), for one
    /// modulation row, a row per sequence and a row per token, with and without weight.
    #[test]
    fn gradients_match_central_differences() {
        let mut rng = Rng::new(29);
        let (eps, offset) = (1e-6, 0.5);
        for (rows, cols, mods, weighted) in [(4, 5, 1, true), (6, 7, 3, false), (3, 1, 3, true)] {
            let mut normal = |n: usize, m: f64, s: f64| -> Vec<f64> {
                (0..n).map(|_| m + s * rng.normal_f64()).collect()
            };
            let x = normal(rows * cols, 0.0, 1.5);
            let w = normal(cols, 1.0, 0.3);
            let scale = normal(mods * cols, 0.0, 0.5);
            let shift = normal(mods * cols, 0.0, 0.5);
            let dy = normal(rows * cols, 0.0, 1.0);
            let id = |v: f64| v;
            let loss = |x: &[f64], w: &[f64], scale: &[f64], shift: &[f64]| -> f64 {
                let wopt = weighted.then_some(w);
                let o = rms_norm_forward(x, wopt, rows, cols, eps, offset).0;
                let y = forward(&o, scale, Some(shift), rows, cols, mods, &id);
                y.iter().zip(&dy).map(|(a, b)| a * b).sum()
            };
            let wopt = weighted.then_some(w.as_slice());
            let o = rms_norm_forward(&x, wopt, rows, cols, eps, offset).0;
            let g = backward(&x, wopt, &scale, &o, &dy, rows, cols, mods, eps, offset);
            check_grad("dx", &x, &g.dx, &|p| loss(p, &w, &scale, &shift));
            if let Some(dw) = &g.dw {
                check_grad("dw", &w, dw, &|p| loss(&x, p, &scale, &shift));
            }
            check_grad("dscale", &scale, &g.dscale, &|p| loss(&x, &w, p, &shift));
            check_grad("dshift", &shift, &g.dshift, &|p| loss(&x, &w, &scale, p));
        }
    }

    /// Rows map to modulation rows by blocks: 6 rows in 3 modulation rows pair rows 0-1, 2-3,
    /// 4-5; a zero scale and shift give back `o`.
    #[test]
    fn rows_use_their_block_of_the_modulation() {
        assert_eq!(
            (0..6).map(|r| modulation_row(r, 6, 3)).collect::<Vec<_>>(),
            [0, 0, 1, 1, 2, 2]
        );
        let o = [1.0, 2.0, 3.0, 4.0];
        let scale = [1.0, -1.0];
        let shift = [0.5, 0.25];
        let y = forward(&o, &scale, Some(&shift), 2, 2, 1, &|v| v);
        assert_eq!(y, [2.5, 0.25, 6.5, 0.25]);
        let y = forward(&o, &[0.0, 0.0], None, 4, 1, 2, &|v| v);
        assert_eq!(y, o);
    }
}
