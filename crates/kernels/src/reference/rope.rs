//! FP64 oracle of rotate-half RoPE on `[B, H, T, D]` with tables `[Bc, T, R]` (`Bc` 1 or B, `R`
//! the even rotary dimension, at most D; columns from R on pass through).

/// `y = x * cos + rotate_half(x) * sin` on the first `r` columns of every row.
#[allow(clippy::too_many_arguments)]
pub fn forward(
    x: &[f64],
    cos: &[f64],
    sin: &[f64],
    b: usize,
    h: usize,
    t: usize,
    d: usize,
    bc: usize,
    r: usize,
) -> Vec<f64> {
    let mut y = x.to_vec();
    let half = r / 2;
    for bi in 0..b {
        for hi in 0..h {
            for ti in 0..t {
                let row = ((bi * h + hi) * t + ti) * d;
                let tab = ((if bc == 1 { 0 } else { bi }) * t + ti) * r;
                for i in 0..r {
                    let (partner, sign) = if i < half {
                        (i + half, -1.0)
                    } else {
                        (i - half, 1.0)
                    };
                    y[row + i] = x[row + i] * cos[tab + i] + sign * x[row + partner] * sin[tab + i];
                }
            }
        }
    }
    y
}

/// The gradient of `sum(forward(x) * dy)` with respect to `x` (the tables are constants).
#[allow(clippy::too_many_arguments)]
pub fn backward(
    dy: &[f64],
    cos: &[f64],
    sin: &[f64],
    b: usize,
    h: usize,
    t: usize,
    d: usize,
    bc: usize,
    r: usize,
) -> Vec<f64> {
    let mut dx = dy.to_vec();
    let half = r / 2;
    for bi in 0..b {
        for hi in 0..h {
            for ti in 0..t {
                let row = ((bi * h + hi) * t + ti) * d;
                let tab = ((if bc == 1 { 0 } else { bi }) * t + ti) * r;
                for i in 0..r {
                    // y[i] gets x[i] * cos[i]; y[p] gets sign_p * x[i] * sin[p] for the partner p.
                    let (p, sign_p) = if i < half {
                        (i + half, 1.0)
                    } else {
                        (i - half, -1.0)
                    };
                    dx[row + i] = dy[row + i] * cos[tab + i] + sign_p * dy[row + p] * sin[tab + p];
                }
            }
        }
    }
    dx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backward_matches_central_differences_and_partial_rotation() {
        let (b, h, t, d, bc, r) = (2, 2, 3, 6, 2, 4);
        let n = b * h * t * d;
        let x: Vec<f64> = (0..n).map(|i| ((i * 7 % 13) as f64 - 6.0) / 3.0).collect();
        let g: Vec<f64> = (0..n).map(|i| ((i * 5 % 11) as f64 - 5.0) / 4.0).collect();
        let cos: Vec<f64> = (0..bc * t * r).map(|i| (i as f64 * 0.3).cos()).collect();
        let sin: Vec<f64> = (0..bc * t * r).map(|i| (i as f64 * 0.3).sin()).collect();
        let dx = backward(&g, &cos, &sin, b, h, t, d, bc, r);
        let obj = |x: &[f64]| -> f64 {
            forward(x, &cos, &sin, b, h, t, d, bc, r)
                .iter()
                .zip(&g)
                .map(|(a, c)| a * c)
                .sum()
        };
        for i in 0..n {
            let hh = 1e-6;
            let (mut xp, mut xm) = (x.clone(), x.clone());
            xp[i] += hh;
            xm[i] -= hh;
            let fd = (obj(&xp) - obj(&xm)) / (2.0 * hh);
            assert!((fd - dx[i]).abs() < 1e-8, "[{i}]: {} vs {fd}", dx[i]);
        }
        // Columns past the rotary dimension pass through.
        let y = forward(&x, &cos, &sin, b, h, t, d, bc, r);
        assert_eq!((y[4], y[5]), (x[4], x[5]));
    }
}
