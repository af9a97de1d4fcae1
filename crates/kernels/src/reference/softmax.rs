//! FP64 oracles of softmax and log-softmax over the last axis of row-major `[rows, cols]` data.

/// `softmax` (or `log_softmax` when `log`) of every row.
pub fn forward(x: &[f64], rows: usize, cols: usize, log: bool) -> Vec<f64> {
    let mut y = vec![0.0; rows * cols];
    for r in 0..rows {
        let row = &x[r * cols..(r + 1) * cols];
        let m = row.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let s: f64 = row.iter().map(|v| (v - m).exp()).sum();
        for (o, v) in y[r * cols..(r + 1) * cols].iter_mut().zip(row) {
            *o = if log {
                v - m - s.ln()
            } else {
                (v - m).exp() / s
            };
        }
    }
    y
}

/// The gradient of `forward` for the cotangent `dy`: softmax `dx = y * (dy - sum(dy * y))`,
/// log-softmax `dx = dy - softmax(x) * sum(dy)`.
pub fn backward(x: &[f64], dy: &[f64], rows: usize, cols: usize, log: bool) -> Vec<f64> {
    let p = forward(x, rows, cols, false);
    let mut dx = vec![0.0; rows * cols];
    for r in 0..rows {
        let span = r * cols..(r + 1) * cols;
        let (pr, gr) = (&p[span.clone()], &dy[span.clone()]);
        if log {
            let s: f64 = gr.iter().sum();
            for ((o, g), q) in dx[span].iter_mut().zip(gr).zip(pr) {
                *o = g - q * s;
            }
        } else {
            let s: f64 = gr.iter().zip(pr).map(|(g, q)| g * q).sum();
            for ((o, g), q) in dx[span].iter_mut().zip(gr).zip(pr) {
                *o = q * (g - s);
            }
        }
    }
    dx
}

/// The gradient from the forward's output `y` (what the backward entries take): softmax
/// `dx = y * (dy - sum(dy * y))`, log-softmax `dx = dy - exp(y) * sum(dy)`.
pub fn backward_from_output(
    y: &[f64],
    dy: &[f64],
    rows: usize,
    cols: usize,
    log: bool,
) -> Vec<f64> {
    let mut dx = vec![0.0; rows * cols];
    for r in 0..rows {
        let span = r * cols..(r + 1) * cols;
        let (yr, gr) = (&y[span.clone()], &dy[span.clone()]);
        if log {
            let s: f64 = gr.iter().sum();
            for ((o, g), v) in dx[span].iter_mut().zip(gr).zip(yr) {
                *o = g - v.exp() * s;
            }
        } else {
            let s: f64 = gr.iter().zip(yr).map(|(g, v)| g * v).sum();
            for ((o, g), v) in dx[span].iter_mut().zip(gr).zip(yr) {
                *o = v * (g - s);
            }
        }
    }
    dx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gradients_match_central_differences() {
        let (rows, cols) = (2, 5);
        let x: Vec<f64> = (0..rows * cols)
            .map(|i| ((i * 7 % 11) as f64 - 5.0) / 3.0)
            .collect();
        let g: Vec<f64> = (0..rows * cols)
            .map(|i| ((i * 5 % 7) as f64 - 3.0) / 2.0)
            .collect();
        for log in [false, true] {
            let dx = backward(&x, &g, rows, cols, log);
            let obj = |x: &[f64]| -> f64 {
                forward(x, rows, cols, log)
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
                    (fd - dx[i]).abs() < 1e-7,
                    "log={log} [{i}]: {} vs {fd}",
                    dx[i]
                );
            }
        }
    }

    #[test]
    fn the_gradient_from_the_output_is_the_gradient_from_the_input() {
        let (rows, cols) = (3, 7);
        let x: Vec<f64> = (0..rows * cols)
            .map(|i| ((i * 13 % 17) as f64 - 8.0) / 2.0)
            .collect();
        let g: Vec<f64> = (0..rows * cols)
            .map(|i| ((i * 5 % 9) as f64 - 4.0) / 3.0)
            .collect();
        for log in [false, true] {
            let y = forward(&x, rows, cols, log);
            let from_x = backward(&x, &g, rows, cols, log);
            let from_y = backward_from_output(&y, &g, rows, cols, log);
            for (i, (a, b)) in from_x.iter().zip(&from_y).enumerate() {
                assert!((a - b).abs() < 1e-14, "log={log} [{i}]: {a} vs {b}");
            }
        }
    }

    #[test]
    fn rows_sum_to_one_and_shift_invariance() {
        let x = [1.0, 2.0, 3.0, 1001.0, 1002.0, 1003.0];
        let y = forward(&x, 2, 3, false);
        assert!((y[0] + y[1] + y[2] - 1.0).abs() < 1e-15);
        for c in 0..3 {
            assert!((y[c] - y[3 + c]).abs() < 1e-15);
        }
        let l = forward(&x, 2, 3, true);
        assert!((l[2] - y[2].ln()).abs() < 1e-15);
    }
}
