//! FP64 oracles of the normalization operators: RMSNorm, fused add + RMSNorm and LayerNorm
//! (`PARITY.md` §1.1–1.3 and the exact native normalization contract).
//!
//! Conventions shared by every function here:
//! - data is row-major `[rows, cols]`; the statistics are per row, and parameters (`w`, `b`) have
//!   length `cols`;
//! - preconditions, checked only by `debug_assert!`: `cols >= 1`, `x`, `dy`, `residual`, `ds` have
//!   length `rows * cols`, `w` and `b` have length `cols`;
//! - everything is computed in f64 from the formulas, and the results are returned unrounded,
//!   except for the `rms_norm_forward_{llama,gemma,none}` functions, which model the roundings
//!   of Liger's casting modes and return the stored output;
//! - a backward differentiates the real-valued formula of its forward (no rounding of casts), and
//!   recomputes the statistics from its inputs rather than taking saved ones.

/// Checks the lengths of a row-major input and its optional per-column parameter.
fn debug_check(data: &[f64], param: Option<&[f64]>, rows: usize, cols: usize) {
    debug_assert!(cols >= 1, "cols must be at least 1");
    debug_assert_eq!(data.len(), rows * cols, "data length must be rows * cols");
    if let Some(p) = param {
        debug_assert_eq!(p.len(), cols, "parameter length must be cols");
    }
}

/// `1 / sqrt(mean(row^2) + eps)`.
fn rms_rstd(row: &[f64], eps: f64) -> f64 {
    let mut sum_sq = 0.0;
    for &v in row {
        sum_sq += v * v;
    }
    1.0 / (sum_sq / row.len() as f64 + eps).sqrt()
}

/// The RMSNorm scale of column `c`: `offset + w[c]`, or 1 without a weight (the offset then has
/// no effect, as in Liger where `y = x*rstd` without W).
fn rms_scale(w: Option<&[f64]>, offset: f64, c: usize) -> f64 {
    match w {
        Some(w) => offset + w[c],
        None => 1.0,
    }
}

/// RMSNorm forward (`PARITY.md` §1.1): per row, `rstd = 1/sqrt(mean(x^2) + eps)` and
/// `y = x * rstd * (offset + w)`, or `y = x * rstd` when `w` is `None` (the offset is then
/// ignored).
///
/// Returns `(y [rows, cols], rstd [rows])`.
pub fn rms_norm_forward(
    x: &[f64],
    w: Option<&[f64]>,
    rows: usize,
    cols: usize,
    eps: f64,
    offset: f64,
) -> (Vec<f64>, Vec<f64>) {
    debug_check(x, w, rows, cols);
    rms_rows(x, rows, cols, eps, |c, n| n * rms_scale(w, offset, c))
}

/// RMSNorm backward, always computing the weight gradient (zero-length without a weight).
fn rms_backward_rows(
    x: &[f64],
    w: Option<&[f64]>,
    dy: &[f64],
    rows: usize,
    cols: usize,
    eps: f64,
    offset: f64,
) -> (Vec<f64>, Vec<f64>) {
    debug_check(x, w, rows, cols);
    debug_check(dy, None, rows, cols);
    let mut dx = vec![0.0; rows * cols];
    let mut dw = vec![0.0; if w.is_some() { cols } else { 0 }];
    let n = cols as f64;
    for r in 0..rows {
        let xr = &x[r * cols..(r + 1) * cols];
        let dyr = &dy[r * cols..(r + 1) * cols];
        let rs = rms_rstd(xr, eps);
        // sum over the row of dy * w' * x
        let mut dot = 0.0;
        for (c, (&xv, &g)) in xr.iter().zip(dyr).enumerate() {
            dot += g * rms_scale(w, offset, c) * xv;
        }
        let dxr = &mut dx[r * cols..(r + 1) * cols];
        for (c, (d, (&xv, &g))) in dxr.iter_mut().zip(xr.iter().zip(dyr)).enumerate() {
            *d = rs * g * rms_scale(w, offset, c) - rs * rs * rs / n * dot * xv;
        }
        for (dwv, (&xv, &g)) in dw.iter_mut().zip(xr.iter().zip(dyr)) {
            *dwv += g * xv * rs;
        }
    }
    (dx, dw)
}

/// RMSNorm backward (`PARITY.md` §1.1), with `w' = w + offset` (`w' = 1` without a weight):
/// per row, `dx = rstd * dy * w' - rstd^3 / cols * sum(dy * w' * x) * x`, and
/// `dw = sum over rows of dy * x * rstd` (`None` when `w` is `None`). There is no gradient for
/// the offset or eps.
///
/// Returns `(dx [rows, cols], dw [cols] or None)`.
pub fn rms_norm_backward(
    x: &[f64],
    w: Option<&[f64]>,
    dy: &[f64],
    rows: usize,
    cols: usize,
    eps: f64,
    offset: f64,
) -> (Vec<f64>, Option<Vec<f64>>) {
    let (dx, dw) = rms_backward_rows(x, w, dy, rows, cols, eps, offset);
    (dx, w.map(|_| dw))
}

/// RMSNorm forward of Liger's `casting_mode="llama"` (`PARITY.md` §1.1), modelling its roundings
/// with `round`, the rounding to the storage dtype (e.g. [`crate::testing::storage_rounder`]).
/// `x` and `w` are expected to hold storage values already.
///
/// Modelled: `rstd = 1/sqrt(mean(x^2) + eps)` exactly (an fp32 statistic in the kernel);
/// `n = round(x * rstd)`; `y = round(n * (offset + w))` with `offset + w` and the product exact
/// (the Triton kernel promotes them to fp32 before the store), or `y = n` without a weight.
///
/// Returns `(y as stored [rows, cols], rstd unrounded [rows])`.
pub fn rms_norm_forward_llama(
    x: &[f64],
    w: Option<&[f64]>,
    rows: usize,
    cols: usize,
    eps: f64,
    offset: f64,
    round: &dyn Fn(f64) -> f64,
) -> (Vec<f64>, Vec<f64>) {
    debug_check(x, w, rows, cols);
    rms_rows(x, rows, cols, eps, |c, n| {
        let normed = round(n);
        match w {
            Some(w) => round(normed * (offset + w[c])),
            None => normed,
        }
    })
}

/// `(y, rstd)` of RMSNorm rows with `y[c] = elem(c, x[c] * rstd)`.
fn rms_rows(
    x: &[f64],
    rows: usize,
    cols: usize,
    eps: f64,
    elem: impl Fn(usize, f64) -> f64,
) -> (Vec<f64>, Vec<f64>) {
    let mut y = vec![0.0; rows * cols];
    let mut rstd = vec![0.0; rows];
    for r in 0..rows {
        let xr = &x[r * cols..(r + 1) * cols];
        let rs = rms_rstd(xr, eps);
        rstd[r] = rs;
        let yr = &mut y[r * cols..(r + 1) * cols];
        for (c, (yv, &xv)) in yr.iter_mut().zip(xr).enumerate() {
            *yv = elem(c, xv * rs);
        }
    }
    (y, rstd)
}

/// RMSNorm forward of Liger's `casting_mode="gemma"` (`PARITY.md` §1.1): everything in fp32, only
/// y is rounded. Modelled as the plain formula of [`rms_norm_forward`] followed by `round` (the
/// rounding to the storage dtype) of each output.
///
/// Returns `(y as stored [rows, cols], rstd unrounded [rows])`.
pub fn rms_norm_forward_gemma(
    x: &[f64],
    w: Option<&[f64]>,
    rows: usize,
    cols: usize,
    eps: f64,
    offset: f64,
    round: &dyn Fn(f64) -> f64,
) -> (Vec<f64>, Vec<f64>) {
    let (mut y, rstd) = rms_norm_forward(x, w, rows, cols, eps, offset);
    for v in y.iter_mut() {
        *v = round(*v);
    }
    (y, rstd)
}

/// RMSNorm forward of Liger's `casting_mode="none"` (`PARITY.md` §1.1): no upcasts, the
/// computation happens in the storage dtype. `round` is the rounding to the storage dtype; `x`
/// and `w` are expected to hold storage values already, and `w` is assumed to share `x`'s
/// storage dtype.
///
/// Modelled exactly as follows (and nothing else is rounded):
/// - `eps_s = round(eps)` and `offset_s = round(offset)`;
/// - `ms = mean(x^2)` exactly (reductions accumulate in fp32; the rounding of the squares is not
///   modelled);
/// - `rstd = round(1/sqrt(ms + eps_s))` (RSTD is stored in the storage dtype in this mode);
/// - `n = round(x * rstd)`;
/// - `w' = round(offset_s + w)`;
/// - `y = round(n * w')`, or `y = n` without a weight.
///
/// Returns `(y as stored [rows, cols], rstd as stored [rows])`.
pub fn rms_norm_forward_none(
    x: &[f64],
    w: Option<&[f64]>,
    rows: usize,
    cols: usize,
    eps: f64,
    offset: f64,
    round: &dyn Fn(f64) -> f64,
) -> (Vec<f64>, Vec<f64>) {
    debug_check(x, w, rows, cols);
    let eps_s = round(eps);
    let offset_s = round(offset);
    let mut y = vec![0.0; rows * cols];
    let mut rstd = vec![0.0; rows];
    for r in 0..rows {
        let xr = &x[r * cols..(r + 1) * cols];
        let rs = round(rms_rstd(xr, eps_s));
        rstd[r] = rs;
        let yr = &mut y[r * cols..(r + 1) * cols];
        for (c, (yv, &xv)) in yr.iter_mut().zip(xr).enumerate() {
            let normed = round(xv * rs);
            *yv = match w {
                Some(w) => round(normed * round(offset_s + w[c])),
                None => normed,
            };
        }
    }
    (y, rstd)
}

/// Mean and `1/sqrt(var + eps)` of a row, by two passes: the mean first, then the population
/// variance of the centred values.
fn layer_norm_stats(row: &[f64], eps: f64) -> (f64, f64) {
    let n = row.len() as f64;
    let mut sum = 0.0;
    for &v in row {
        sum += v;
    }
    let mean = sum / n;
    let mut sum_sq = 0.0;
    for &v in row {
        sum_sq += (v - mean) * (v - mean);
    }
    let var = sum_sq / n;
    (mean, 1.0 / (var + eps).sqrt())
}

/// LayerNorm forward (`PARITY.md` §1.3): per row, two-pass `mean` and centred population
/// variance `var = mean((x - mean)^2)`, `rstd = 1/sqrt(var + eps)`, and
/// `y = (x - mean) * rstd * w + b`.
///
/// Returns `(y [rows, cols], mean [rows], rstd [rows])`.
pub fn layer_norm_forward(
    x: &[f64],
    w: &[f64],
    b: &[f64],
    rows: usize,
    cols: usize,
    eps: f64,
) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    debug_check(x, Some(w), rows, cols);
    debug_assert_eq!(b.len(), cols, "bias length must be cols");
    let mut y = vec![0.0; rows * cols];
    let mut mean = vec![0.0; rows];
    let mut rstd = vec![0.0; rows];
    for r in 0..rows {
        let xr = &x[r * cols..(r + 1) * cols];
        let (m, rs) = layer_norm_stats(xr, eps);
        mean[r] = m;
        rstd[r] = rs;
        let yr = &mut y[r * cols..(r + 1) * cols];
        for (yv, (&xv, (&wv, &bv))) in yr.iter_mut().zip(xr.iter().zip(w.iter().zip(b))) {
            *yv = (xv - m) * rs * wv + bv;
        }
    }
    (y, mean, rstd)
}

/// LayerNorm backward (`PARITY.md` §1.3): per row, with `xh = (x - mean) * rstd` and
/// `g = w * dy`, `dx = rstd * (g - mean(g) - xh * mean(g * xh))`; `dw = sum over rows of dy * xh`
/// and `db = sum over rows of dy`. `b` does not enter the gradients; it is taken for symmetry
/// with the forward (and its length is checked).
///
/// Returns `(dx [rows, cols], dw [cols], db [cols])`.
pub fn layer_norm_backward(
    x: &[f64],
    w: &[f64],
    b: &[f64],
    dy: &[f64],
    rows: usize,
    cols: usize,
    eps: f64,
) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    debug_check(x, Some(w), rows, cols);
    debug_check(dy, Some(b), rows, cols);
    let n = cols as f64;
    let mut dx = vec![0.0; rows * cols];
    let mut dw = vec![0.0; cols];
    let mut db = vec![0.0; cols];
    for r in 0..rows {
        let xr = &x[r * cols..(r + 1) * cols];
        let dyr = &dy[r * cols..(r + 1) * cols];
        let (m, rs) = layer_norm_stats(xr, eps);
        let mut sum_g = 0.0;
        let mut sum_g_xh = 0.0;
        for (&xv, (&wv, &g)) in xr.iter().zip(w.iter().zip(dyr)) {
            let xh = (xv - m) * rs;
            sum_g += wv * g;
            sum_g_xh += wv * g * xh;
        }
        let mean_g = sum_g / n;
        let mean_g_xh = sum_g_xh / n;
        let dxr = &mut dx[r * cols..(r + 1) * cols];
        for (d, (&xv, (&wv, &g))) in dxr.iter_mut().zip(xr.iter().zip(w.iter().zip(dyr))) {
            let xh = (xv - m) * rs;
            *d = rs * (wv * g - mean_g - xh * mean_g_xh);
        }
        for (c, (&xv, &g)) in xr.iter().zip(dyr).enumerate() {
            dw[c] += g * (xv - m) * rs;
            db[c] += g;
        }
    }
    (dx, dw, db)
}

/// `x + residual`, elementwise.
fn add(x: &[f64], residual: &[f64]) -> Vec<f64> {
    debug_assert_eq!(x.len(), residual.len(), "residual length must match x");
    x.iter().zip(residual).map(|(a, b)| a + b).collect()
}

/// Fused add + RMSNorm forward (`PARITY.md` §1.2, native contract): `s = x + residual` and
/// `y = RMSNorm(s)` as [`rms_norm_forward`] with weight `w` (required) and `offset`.
///
/// `s` is exact here. The native contract normalizes the unrounded sum and returns the sum
/// rounded to the storage dtype: a caller models it by rounding the returned `s` itself
/// (Liger instead rounds `S` before normalizing; a caller models that by rounding `s` and calling
/// [`rms_norm_forward`] on it).
///
/// Returns `(y [rows, cols], s [rows, cols])`.
pub fn add_rms_norm_forward(
    x: &[f64],
    residual: &[f64],
    w: &[f64],
    rows: usize,
    cols: usize,
    eps: f64,
    offset: f64,
) -> (Vec<f64>, Vec<f64>) {
    debug_check(x, Some(w), rows, cols);
    debug_check(residual, None, rows, cols);
    let s = add(x, residual);
    let (y, _rstd) = rms_norm_forward(&s, Some(w), rows, cols, eps, offset);
    (y, s)
}

/// Fused add + RMSNorm backward (`PARITY.md` §1.2, native contract): with `s = x + residual`,
/// `dx = dresidual = (RMSNorm-backward dx at s for dy) + ds`, where `ds`, the cotangent of the
/// returned sum, defaults to zero; `dw` is the RMSNorm weight gradient at `s`.
///
/// Returns `(dx [rows, cols], dresidual [rows, cols], dw [cols])`; `dx` and `dresidual` are equal.
#[allow(clippy::too_many_arguments)]
pub fn add_rms_norm_backward(
    x: &[f64],
    residual: &[f64],
    w: &[f64],
    dy: &[f64],
    ds: Option<&[f64]>,
    rows: usize,
    cols: usize,
    eps: f64,
    offset: f64,
) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    debug_check(x, Some(w), rows, cols);
    debug_check(residual, None, rows, cols);
    let s = add(x, residual);
    let (mut dx, dw) = rms_backward_rows(&s, Some(w), dy, rows, cols, eps, offset);
    if let Some(ds) = ds {
        debug_check(ds, None, rows, cols);
        for (d, &g) in dx.iter_mut().zip(ds) {
            *d += g;
        }
    }
    let dresidual = dx.clone();
    (dx, dresidual, dw)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::testing::{storage_rounder, Rng};
    use metile_ir::DType;

    /// Relative step of the central finite differences: `h = FD_STEP * max(|v|, 1)`.
    const FD_STEP: f64 = 1e-6;
    /// Allowed |analytic - finite difference|, relative to the max |analytic| of that gradient
    /// (floored at `GRAD_FLOOR`, for gradients that are identically zero).
    const FD_TOL: f64 = 1e-6;
    const GRAD_FLOOR: f64 = 1e-2;
    const ROWS: usize = 3;
    const COLS: [usize; 3] = [1, 7, 33];
    const EPS: f64 = 1e-5;

    fn normal(rng: &mut Rng, n: usize, mean: f64, std: f64) -> Vec<f64> {
        (0..n).map(|_| mean + std * rng.normal_f64()).collect()
    }

    fn dot(a: &[f64], b: &[f64]) -> f64 {
        assert_eq!(a.len(), b.len());
        a.iter().zip(b).map(|(x, y)| x * y).sum()
    }

    /// Checks `grad` against central finite differences of `objective` at `at`, element by
    /// element.
    pub(crate) fn check_grad(
        what: &str,
        at: &[f64],
        grad: &[f64],
        objective: &dyn Fn(&[f64]) -> f64,
    ) {
        assert_eq!(at.len(), grad.len(), "{what}: gradient length");
        let scale = grad
            .iter()
            .fold(0.0f64, |m, g| m.max(g.abs()))
            .max(GRAD_FLOOR);
        let tol = FD_TOL * scale;
        let mut p = at.to_vec();
        for i in 0..at.len() {
            let h = FD_STEP * at[i].abs().max(1.0);
            let (hi, lo) = (at[i] + h, at[i] - h);
            p[i] = hi;
            let l_hi = objective(&p);
            p[i] = lo;
            let l_lo = objective(&p);
            p[i] = at[i];
            let fd = (l_hi - l_lo) / (hi - lo);
            let err = (fd - grad[i]).abs();
            assert!(
                err <= tol,
                "{what}[{i}]: analytic {} vs finite difference {fd} (err {err:e} > tol {tol:e})",
                grad[i]
            );
        }
    }

    #[test]
    fn rms_norm_backward_matches_finite_differences() {
        let mut rng = Rng::new(0x5EED_0001);
        for cols in COLS {
            let n = ROWS * cols;
            for (offset, with_weight) in [(0.0, true), (1.0, true), (0.5, false)] {
                let x = normal(&mut rng, n, 0.0, 1.0);
                let w_store = normal(&mut rng, cols, 0.0, 0.5);
                let w = with_weight.then_some(w_store.as_slice());
                let dy = normal(&mut rng, n, 0.0, 1.0);
                let (dx, dw) = rms_norm_backward(&x, w, &dy, ROWS, cols, EPS, offset);
                let ctx = format!("rms cols={cols} offset={offset} weight={with_weight}");
                check_grad(&format!("{ctx} dx"), &x, &dx, &|xv| {
                    dot(&rms_norm_forward(xv, w, ROWS, cols, EPS, offset).0, &dy)
                });
                assert_eq!(dw.is_some(), with_weight, "{ctx}: dw exactly when w");
                if let Some(dw) = dw {
                    check_grad(&format!("{ctx} dw"), &w_store, &dw, &|wv| {
                        dot(
                            &rms_norm_forward(&x, Some(wv), ROWS, cols, EPS, offset).0,
                            &dy,
                        )
                    });
                }
            }
        }
    }

    #[test]
    fn layer_norm_backward_matches_finite_differences() {
        let mut rng = Rng::new(0x5EED_0002);
        for cols in COLS {
            let n = ROWS * cols;
            let x = normal(&mut rng, n, 0.3, 1.5);
            let w = normal(&mut rng, cols, 1.0, 0.5);
            let b = normal(&mut rng, cols, 0.0, 0.5);
            let dy = normal(&mut rng, n, 0.0, 1.0);
            let (dx, dw, db) = layer_norm_backward(&x, &w, &b, &dy, ROWS, cols, EPS);
            let ctx = format!("layer_norm cols={cols}");
            check_grad(&format!("{ctx} dx"), &x, &dx, &|xv| {
                dot(&layer_norm_forward(xv, &w, &b, ROWS, cols, EPS).0, &dy)
            });
            check_grad(&format!("{ctx} dw"), &w, &dw, &|wv| {
                dot(&layer_norm_forward(&x, wv, &b, ROWS, cols, EPS).0, &dy)
            });
            check_grad(&format!("{ctx} db"), &b, &db, &|bv| {
                dot(&layer_norm_forward(&x, &w, bv, ROWS, cols, EPS).0, &dy)
            });
        }
    }

    #[test]
    fn add_rms_norm_backward_matches_finite_differences() {
        let mut rng = Rng::new(0x5EED_0003);
        for cols in COLS {
            let n = ROWS * cols;
            for (offset, with_ds) in [(0.0, true), (1.0, true), (0.0, false)] {
                let x = normal(&mut rng, n, 0.0, 1.0);
                let res = normal(&mut rng, n, 0.0, 1.0);
                let w = normal(&mut rng, cols, 0.0, 0.5);
                let g = normal(&mut rng, n, 0.0, 1.0);
                let h = normal(&mut rng, n, 0.0, 1.0);
                let ds = with_ds.then_some(h.as_slice());
                // L = sum(y*g) + sum(s*h), the second term only with ds = h.
                let objective = |xv: &[f64], rv: &[f64], wv: &[f64]| {
                    let (y, s) = add_rms_norm_forward(xv, rv, wv, ROWS, cols, EPS, offset);
                    dot(&y, &g) + if with_ds { dot(&s, &h) } else { 0.0 }
                };
                let (dx, dres, dw) =
                    add_rms_norm_backward(&x, &res, &w, &g, ds, ROWS, cols, EPS, offset);
                assert_eq!(dx, dres);
                let ctx = format!("add_rms cols={cols} offset={offset} ds={with_ds}");
                check_grad(&format!("{ctx} dx"), &x, &dx, &|xv| objective(xv, &res, &w));
                check_grad(&format!("{ctx} dresidual"), &res, &dres, &|rv| {
                    objective(&x, rv, &w)
                });
                check_grad(&format!("{ctx} dw"), &w, &dw, &|wv| objective(&x, &res, wv));
            }
        }
    }

    #[test]
    fn rms_norm_known_values() {
        let (y, rstd) = rms_norm_forward(&[3.0, 4.0], None, 1, 2, 0.0, 0.0);
        let d = 12.5f64.sqrt();
        assert!((rstd[0] - 1.0 / d).abs() < 1e-15);
        assert!((y[0] - 3.0 / d).abs() < 1e-15 && (y[1] - 4.0 / d).abs() < 1e-15);
        // Offset is ignored without a weight.
        let (y_off, _) = rms_norm_forward(&[3.0, 4.0], None, 1, 2, 0.0, 1.0);
        assert_eq!(y, y_off);
        let (yw, _) = rms_norm_forward(&[3.0, 4.0], Some(&[2.0, -1.0]), 1, 2, 0.0, 0.0);
        assert!((yw[0] - 6.0 / d).abs() < 1e-15 && (yw[1] + 4.0 / d).abs() < 1e-15);
        // With eps = 0, the output is scale invariant, so sum(dx * x) = 0 per row.
        let mut rng = Rng::new(9);
        let x = normal(&mut rng, 2 * 5, 0.0, 1.0);
        let w = normal(&mut rng, 5, 1.0, 0.2);
        let dy = normal(&mut rng, 2 * 5, 0.0, 1.0);
        let (dx, _) = rms_norm_backward(&x, Some(&w), &dy, 2, 5, 0.0, 0.0);
        for r in 0..2 {
            let s = dot(&dx[r * 5..(r + 1) * 5], &x[r * 5..(r + 1) * 5]);
            assert!(s.abs() < 1e-12, "row {r}: sum(dx*x) = {s}");
        }
    }

    #[test]
    fn rms_norm_offset_shifts_weight() {
        let mut rng = Rng::new(10);
        let (rows, cols) = (3, 7);
        let x = normal(&mut rng, rows * cols, 0.0, 1.0);
        let w = normal(&mut rng, cols, 0.0, 0.3);
        let dy = normal(&mut rng, rows * cols, 0.0, 1.0);
        let w_shifted: Vec<f64> = w.iter().map(|v| v + 1.0).collect();
        let (y_off, rstd_off) = rms_norm_forward(&x, Some(&w), rows, cols, EPS, 1.0);
        let (y_sh, rstd_sh) = rms_norm_forward(&x, Some(&w_shifted), rows, cols, EPS, 0.0);
        assert_eq!(rstd_off, rstd_sh);
        for (a, b) in y_off.iter().zip(&y_sh) {
            assert!((a - b).abs() < 1e-14);
        }
        let (dx_off, dw_off) = rms_norm_backward(&x, Some(&w), &dy, rows, cols, EPS, 1.0);
        let (dx_sh, dw_sh) = rms_norm_backward(&x, Some(&w_shifted), &dy, rows, cols, EPS, 0.0);
        for (a, b) in dx_off.iter().zip(&dx_sh) {
            assert!((a - b).abs() < 1e-13);
        }
        // dw does not depend on w at all.
        assert_eq!(dw_off, dw_sh);
        // Zero weight with offset 1 equals no weight.
        let zeros = vec![0.0; cols];
        let (y_zero, _) = rms_norm_forward(&x, Some(&zeros), rows, cols, EPS, 1.0);
        let (y_none, _) = rms_norm_forward(&x, None, rows, cols, EPS, 0.0);
        assert_eq!(y_zero, y_none);
    }

    #[test]
    fn layer_norm_constant_row_gives_bias() {
        let (rows, cols) = (2, 7);
        let w = [0.5, -1.0, 2.0, 3.0, 1.0, 0.25, -4.0];
        let b = [1.0, 2.0, -3.0, 0.5, 0.0, -0.125, 7.0];
        let x = [vec![3.0; cols], vec![-1.5; cols]].concat();
        let (y, mean, rstd) = layer_norm_forward(&x, &w, &b, rows, cols, EPS);
        for r in 0..rows {
            assert_eq!(&y[r * cols..(r + 1) * cols], &b);
            assert!((rstd[r] - 1.0 / EPS.sqrt()).abs() < 1e-9);
        }
        assert_eq!(mean, vec![3.0, -1.5]);
        // A constant not exact in binary: y = b up to the rounding of the mean.
        let (y, _, _) = layer_norm_forward(&[0.1; 7], &w, &b, 1, cols, EPS);
        for (a, bv) in y.iter().zip(&b) {
            assert!((a - bv).abs() < 1e-9);
        }
        // A single column is constant too; its gradient with respect to x is 0.
        let (y1, _, _) = layer_norm_forward(&[5.0, -2.0], &[3.0], &[0.75], 2, 1, EPS);
        assert_eq!(y1, vec![0.75, 0.75]);
        let (dx1, _, db1) =
            layer_norm_backward(&[5.0, -2.0], &[3.0], &[0.75], &[1.0, 2.0], 2, 1, EPS);
        assert_eq!(dx1, vec![0.0, 0.0]);
        assert_eq!(db1, vec![3.0]);
    }

    #[test]
    fn layer_norm_known_values_and_centred_variance() {
        let w = [1.0; 3];
        let b = [0.0; 3];
        let (y, mean, rstd) = layer_norm_forward(&[1.0, 2.0, 3.0], &w, &b, 1, 3, 0.0);
        let k = 1.5f64.sqrt();
        assert_eq!(mean, vec![2.0]);
        assert!((rstd[0] - k).abs() < 1e-15);
        assert!((y[0] + k).abs() < 1e-15 && y[1] == 0.0 && (y[2] - k).abs() < 1e-15);
        // Two-pass centred variance: a large common shift does not change the output (a one-pass
        // E[x^2] - E[x]^2 would lose the variance to cancellation).
        let shifted = [1e8 + 1.0, 1e8 + 2.0, 1e8 + 3.0];
        let (ys, _, rstds) = layer_norm_forward(&shifted, &w, &b, 1, 3, 0.0);
        assert!((rstds[0] - k).abs() < 1e-12);
        for (a, bv) in ys.iter().zip(&y) {
            assert!((a - bv).abs() < 1e-12);
        }
        // Translation invariance: dx sums to 0 over each row.
        let mut rng = Rng::new(11);
        let x = normal(&mut rng, 3 * 33, 0.0, 2.0);
        let w = normal(&mut rng, 33, 1.0, 0.5);
        let b = normal(&mut rng, 33, 0.0, 0.5);
        let dy = normal(&mut rng, 3 * 33, 0.0, 1.0);
        let (dx, _, db) = layer_norm_backward(&x, &w, &b, &dy, 3, 33, EPS);
        for r in 0..3 {
            let s: f64 = dx[r * 33..(r + 1) * 33].iter().sum();
            assert!(s.abs() < 1e-10, "row {r}: sum(dx) = {s}");
        }
        for (c, &v) in db.iter().enumerate() {
            assert!((v - (dy[c] + dy[33 + c] + dy[66 + c])).abs() < 1e-14);
        }
    }

    #[test]
    fn add_rms_norm_is_rms_norm_of_the_sum() {
        let mut rng = Rng::new(12);
        let (rows, cols) = (3, 7);
        let x = normal(&mut rng, rows * cols, 0.0, 1.0);
        let res = normal(&mut rng, rows * cols, 0.0, 1.0);
        let w = normal(&mut rng, cols, 1.0, 0.2);
        let dy = normal(&mut rng, rows * cols, 0.0, 1.0);
        let ds = normal(&mut rng, rows * cols, 0.0, 1.0);
        let (y, s) = add_rms_norm_forward(&x, &res, &w, rows, cols, EPS, 0.5);
        let sum: Vec<f64> = x.iter().zip(&res).map(|(a, b)| a + b).collect();
        assert_eq!(s, sum);
        assert_eq!(y, rms_norm_forward(&sum, Some(&w), rows, cols, EPS, 0.5).0);
        let (dx0, dr0, dw0) = add_rms_norm_backward(&x, &res, &w, &dy, None, rows, cols, EPS, 0.5);
        let (dx_rms, dw_rms) = rms_norm_backward(&sum, Some(&w), &dy, rows, cols, EPS, 0.5);
        assert_eq!(dx0, dx_rms);
        assert_eq!(dr0, dx_rms);
        assert_eq!(Some(dw0), dw_rms);
        // ds is added to both input gradients and does not touch dw.
        let (dx1, dr1, dw1) =
            add_rms_norm_backward(&x, &res, &w, &dy, Some(&ds), rows, cols, EPS, 0.5);
        for i in 0..rows * cols {
            assert_eq!(dx1[i], dx0[i] + ds[i]);
            assert_eq!(dr1[i], dx1[i]);
        }
        assert_eq!(
            Some(dw1),
            rms_norm_backward(&sum, Some(&w), &dy, rows, cols, EPS, 0.5).1
        );
    }

    #[test]
    fn casting_modes_with_exact_rounding_equal_the_formula() {
        let mut rng = Rng::new(13);
        let (rows, cols) = (3, 33);
        let x = normal(&mut rng, rows * cols, 0.0, 1.0);
        let w = normal(&mut rng, cols, 0.0, 0.3);
        let id = |v: f64| v;
        for (offset, weight) in [
            (0.0, Some(w.as_slice())),
            (1.0, Some(w.as_slice())),
            (0.0, None),
        ] {
            let (y, rstd) = rms_norm_forward(&x, weight, rows, cols, EPS, offset);
            let modes = [
                rms_norm_forward_llama(&x, weight, rows, cols, EPS, offset, &id),
                rms_norm_forward_gemma(&x, weight, rows, cols, EPS, offset, &id),
                rms_norm_forward_none(&x, weight, rows, cols, EPS, offset, &id),
            ];
            for (ym, rstdm) in modes {
                assert_eq!(rstdm, rstd);
                for (a, b) in ym.iter().zip(&y) {
                    assert!((a - b).abs() < 1e-14);
                }
            }
        }
    }

    #[test]
    fn casting_modes_model_storage_rounding() {
        let mut rng = Rng::new(14);
        let (rows, cols) = (3, 33);
        for dtype in [DType::F16, DType::BF16] {
            let round = storage_rounder(dtype);
            let x: Vec<f64> = normal(&mut rng, rows * cols, 0.0, 1.0)
                .into_iter()
                .map(&round)
                .collect();
            let w: Vec<f64> = normal(&mut rng, cols, 1.0, 0.3)
                .into_iter()
                .map(&round)
                .collect();
            let (y, rstd) = rms_norm_forward(&x, Some(&w), rows, cols, EPS, 0.0);
            let (yl, rstdl) = rms_norm_forward_llama(&x, Some(&w), rows, cols, EPS, 0.0, &round);
            let (yg, rstdg) = rms_norm_forward_gemma(&x, Some(&w), rows, cols, EPS, 0.0, &round);
            let (yn, rstdn) = rms_norm_forward_none(&x, Some(&w), rows, cols, EPS, 0.0, &round);
            // llama and gemma keep an unrounded rstd; none stores it in the storage dtype.
            assert_eq!(rstdl, rstd);
            assert_eq!(rstdg, rstd);
            for (&a, &b) in rstdn.iter().zip(&rstd) {
                assert_eq!(a, round(a));
                assert!((a - b).abs() <= 1e-2 * b.abs());
            }
            // gemma is the formula, rounded once.
            for (&a, &b) in yg.iter().zip(&y) {
                assert_eq!(a, round(b));
            }
            // Every stored output is a storage value, within a few storage ulps of the formula.
            let ulp = if dtype == DType::F16 {
                2f64.powi(-10)
            } else {
                2f64.powi(-7)
            };
            for (ym, name) in [(&yl, "llama"), (&yn, "none")] {
                for (&a, &b) in ym.iter().zip(&y) {
                    assert_eq!(a, round(a), "{name}: not a storage value");
                    assert!(
                        (a - b).abs() <= 4.0 * ulp * b.abs().max(1e-3),
                        "{name}: {a} vs {b}"
                    );
                }
            }
            // The extra rounding of x*rstd makes llama differ from gemma somewhere.
            assert!(yl.iter().zip(&yg).any(|(a, b)| a != b), "{dtype:?}");
        }
    }
}
