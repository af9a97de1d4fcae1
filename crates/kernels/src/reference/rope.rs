//! FP64 oracle of rotate-half RoPE on `[B, H, T, D]` with tables `[Bc, T, R]` (`Bc` 1 or B, `R`
//! the even rotary dimension, at most D; columns from R on pass through). [`Positions`] picks the
//! table row of each (batch, time) pair.

/// Which table row a (batch, time) pair reads: `t` itself, or `ids[b][t]` of a `[1 or B, T]`
/// array of position ids into tables of `p` rows.
#[derive(Clone, Copy, Debug)]
pub struct Positions<'a> {
    pub p: usize,
    pub ids: Option<&'a [usize]>,
}

impl Positions<'_> {
    /// Offset of the table row for batch `bi` (tables with `bc` batch entries), time `ti`.
    fn table_row(&self, bi: usize, ti: usize, t: usize, bc: usize, r: usize) -> usize {
        let tb = if bc == 1 { 0 } else { bi };
        let pos = match self.ids {
            None => ti,
            Some(ids) if ids.len() == t => ids[ti],
            Some(ids) => ids[bi * t + ti],
        };
        (tb * self.p + pos) * r
    }
}

/// Calls `f(row, tab, i, partner, sign)` for every rotated column `i < r` of every row of
/// `[b, h, t, d]`: `row` and `tab` are the offsets of the row and of its table row, and
/// `y[i] = x[i] cos[i] + sign x[partner] sin[i]` (`sign` -1 on the first half, +1 on the second).
#[allow(clippy::too_many_arguments)]
fn each_rotation(
    b: usize,
    h: usize,
    t: usize,
    d: usize,
    bc: usize,
    r: usize,
    at: Positions,
    mut f: impl FnMut(usize, usize, usize, usize, f64),
) {
    let half = r / 2;
    for bi in 0..b {
        for hi in 0..h {
            for ti in 0..t {
                let row = ((bi * h + hi) * t + ti) * d;
                let tab = at.table_row(bi, ti, t, bc, r);
                for i in 0..r {
                    let (partner, sign) = if i < half {
                        (i + half, -1.0)
                    } else {
                        (i - half, 1.0)
                    };
                    f(row, tab, i, partner, sign);
                }
            }
        }
    }
}

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
    at: Positions,
) -> Vec<f64> {
    let mut y = x.to_vec();
    each_rotation(b, h, t, d, bc, r, at, |row, tab, i, p, sign| {
        y[row + i] = x[row + i] * cos[tab + i] + sign * x[row + p] * sin[tab + i];
    });
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
    at: Positions,
) -> Vec<f64> {
    let mut dx = dy.to_vec();
    // y[i] gets x[i] cos[i]; y[p] gets sign_p x[i] sin[p] for the partner p, sign_p = -sign_i.
    each_rotation(b, h, t, d, bc, r, at, |row, tab, i, p, sign| {
        dx[row + i] = dy[row + i] * cos[tab + i] - sign * dy[row + p] * sin[tab + p];
    });
    dx
}

/// Gradients of `sum(forward(x) * dy)` with respect to the tables `[bc, t, r]` (no position
/// ids): `dcos[i] = sum dy[i] x[i]`, `dsin[i] = sum sign_i dy[i] x[partner(i)]` over every
/// (batch, head) that reads the table row. Also returns the largest `sum |term|` of an entry,
/// the scale of the cancellation an FP32 sum of those terms can suffer.
#[allow(clippy::too_many_arguments)]
pub fn table_backward(
    x: &[f64],
    dy: &[f64],
    b: usize,
    h: usize,
    t: usize,
    d: usize,
    bc: usize,
    r: usize,
) -> (Vec<f64>, Vec<f64>, f64) {
    let len = bc * t * r;
    let (mut dcos, mut dsin) = (vec![0.0; len], vec![0.0; len]);
    let (mut abs_c, mut abs_s) = (vec![0.0f64; len], vec![0.0f64; len]);
    let at = Positions { p: t, ids: None };
    each_rotation(b, h, t, d, bc, r, at, |row, tab, i, p, sign| {
        let c = dy[row + i] * x[row + i];
        let s = sign * dy[row + i] * x[row + p];
        dcos[tab + i] += c;
        dsin[tab + i] += s;
        abs_c[tab + i] += c.abs();
        abs_s[tab + i] += s.abs();
    });
    let scale = abs_c.iter().chain(&abs_s).fold(0.0f64, |m, v| m.max(*v));
    (dcos, dsin, scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backward_matches_central_differences_and_partial_rotation() {
        let (b, h, t, d, bc, r) = (2, 2, 3, 6, 2, 4);
        let at = Positions { p: t, ids: None };
        let n = b * h * t * d;
        let x: Vec<f64> = (0..n).map(|i| ((i * 7 % 13) as f64 - 6.0) / 3.0).collect();
        let g: Vec<f64> = (0..n).map(|i| ((i * 5 % 11) as f64 - 5.0) / 4.0).collect();
        let cos: Vec<f64> = (0..bc * t * r).map(|i| (i as f64 * 0.3).cos()).collect();
        let sin: Vec<f64> = (0..bc * t * r).map(|i| (i as f64 * 0.3).sin()).collect();
        let dx = backward(&g, &cos, &sin, b, h, t, d, bc, r, at);
        let obj = |x: &[f64]| -> f64 {
            forward(x, &cos, &sin, b, h, t, d, bc, r, at)
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
        let y = forward(&x, &cos, &sin, b, h, t, d, bc, r, at);
        assert_eq!((y[4], y[5]), (x[4], x[5]));
    }

    #[test]
    fn table_gradients_match_central_differences() {
        for bc in [1, 2] {
            let (b, h, t, d, r) = (2, 3, 2, 6, 4);
            let at = Positions { p: t, ids: None };
            let n = b * h * t * d;
            let x: Vec<f64> = (0..n).map(|i| ((i * 7 % 13) as f64 - 6.0) / 3.0).collect();
            let g: Vec<f64> = (0..n).map(|i| ((i * 5 % 11) as f64 - 5.0) / 4.0).collect();
            let cos: Vec<f64> = (0..bc * t * r).map(|i| (i as f64 * 0.3).cos()).collect();
            let sin: Vec<f64> = (0..bc * t * r).map(|i| (i as f64 * 0.3).sin()).collect();
            let (dcos, dsin, _) = table_backward(&x, &g, b, h, t, d, bc, r);
            let obj = |c: &[f64], s: &[f64]| -> f64 {
                forward(&x, c, s, b, h, t, d, bc, r, at)
                    .iter()
                    .zip(&g)
                    .map(|(a, c)| a * c)
                    .sum()
            };
            let hh = 1e-6;
            for i in 0..bc * t * r {
                let (mut cp, mut cm) = (cos.clone(), cos.clone());
                cp[i] += hh;
                cm[i] -= hh;
                let fd = (obj(&cp, &sin) - obj(&cm, &sin)) / (2.0 * hh);
                assert!(
                    (fd - dcos[i]).abs() < 1e-7,
                    "dcos[{i}]: {} vs {fd}",
                    dcos[i]
                );
                let (mut sp, mut sm) = (sin.clone(), sin.clone());
                sp[i] += hh;
                sm[i] -= hh;
                let fd = (obj(&cos, &sp) - obj(&cos, &sm)) / (2.0 * hh);
                assert!(
                    (fd - dsin[i]).abs() < 1e-7,
                    "dsin[{i}]: {} vs {fd}",
                    dsin[i]
                );
            }
        }
    }

    #[test]
    fn position_ids_pick_table_rows() {
        // With ids, row t of batch b equals the id-free rotation against the gathered table.
        let (b, h, t, d, r, p) = (2, 1, 2, 4, 4, 5);
        let x: Vec<f64> = (0..b * h * t * d).map(|i| i as f64 - 7.0).collect();
        let cos: Vec<f64> = (0..p * r).map(|i| (i as f64 * 0.7).cos()).collect();
        let sin: Vec<f64> = (0..p * r).map(|i| (i as f64 * 0.7).sin()).collect();
        let ids = [4usize, 0, 2, 2];
        let got = forward(
            &x,
            &cos,
            &sin,
            b,
            h,
            t,
            d,
            1,
            r,
            Positions { p, ids: Some(&ids) },
        );
        let gather = |tab: &[f64]| -> Vec<f64> {
            ids.iter()
                .flat_map(|&i| tab[i * r..(i + 1) * r].to_vec())
                .collect()
        };
        let (gc, gs) = (gather(&cos), gather(&sin));
        let want = forward(
            &x,
            &gc,
            &gs,
            b,
            h,
            t,
            d,
            b,
            r,
            Positions { p: t, ids: None },
        );
        assert_eq!(got, want);
    }
}
