//! FP64 oracle of rotate-half RoPE on `[B, H, T, D]` with tables `[Bc, T, R]` (`Bc` 1 or B, `R`
//! the even rotary dimension, at most D; columns from R on pass through). [`Positions`] picks the
//! table row of each (batch, time) pair. Qwen2-VL's mRoPE is that rotation with the table
//! [`mrope_table`] assembles from its three planes; Llama 4's interleaved complex rotation is
//! [`llama4`].

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

/// The `[b, t, d]` table Qwen2-VL's mRoPE rotates with, from `[3, b, t, d]` planes, as HF
/// builds it: the `d` columns split into consecutive chunks of widths
/// `[s_t, s_h, s_w, s_t, s_h, s_w]` (the section doubled) and chunk `k` is copied from plane
/// `k % 3`.
pub fn mrope_table(planes: &[f64], b: usize, t: usize, d: usize, section: [usize; 3]) -> Vec<f64> {
    let mut out = vec![0.0; b * t * d];
    let mut col = 0;
    for (k, width) in section.iter().chain(&section).enumerate() {
        let plane = &planes[(k % 3) * b * t * d..];
        for row in 0..b * t {
            for c in col..col + width {
                out[row * d + c] = plane[row * d + c];
            }
        }
        col += width;
    }
    out
}

/// Llama 4's rotation of `x [b, t, h, d]` by `freqs [>= t, d/2, 2]`: each pair
/// `(x[2i], x[2i+1])` read as the complex number `re + i im` is multiplied by
/// `freqs[t, i] = fr + i fi`, or by its conjugate `fr - i fi` when `conjugate` (the backward: the
/// rotation is unitary, so its transpose is its inverse).
pub fn llama4(x: &[f64], freqs: &[f64], [b, t, h, d]: [usize; 4], conjugate: bool) -> Vec<f64> {
    let mut y = x.to_vec();
    for bi in 0..b {
        for ti in 0..t {
            for hi in 0..h {
                let row = ((bi * t + ti) * h + hi) * d;
                for i in 0..d / 2 {
                    let (re, im) = (x[row + 2 * i], x[row + 2 * i + 1]);
                    let fr = freqs[(ti * d / 2 + i) * 2];
                    let fi = freqs[(ti * d / 2 + i) * 2 + 1];
                    let fi = if conjugate { -fi } else { fi };
                    y[row + 2 * i] = re * fr - im * fi;
                    y[row + 2 * i + 1] = re * fi + im * fr;
                }
            }
        }
    }
    y
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
    /// Central differences of `sum(f(x) * g)` at every element of `x`.
    fn fd_gradient(x: &[f64], g: &[f64], f: impl Fn(&[f64]) -> Vec<f64>) -> Vec<f64> {
        let obj = |x: &[f64]| -> f64 { f(x).iter().zip(g).map(|(a, c)| a * c).sum() };
        let h = 1e-6;
        (0..x.len())
            .map(|i| {
                let (mut xp, mut xm) = (x.to_vec(), x.to_vec());
                xp[i] += h;
                xm[i] -= h;
                (obj(&xp) - obj(&xm)) / (2.0 * h)
            })
            .collect()
    }

    fn assert_close(got: &[f64], want: &[f64], tol: f64) {
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            assert!((g - w).abs() < tol, "[{i}]: {g} vs {w}");
        }
    }

    #[test]
    fn llama4_backward_matches_central_differences() {
        let dims = [2, 3, 2, 6];
        let n: usize = dims.iter().product();
        let x: Vec<f64> = (0..n).map(|i| ((i * 7 % 13) as f64 - 6.0) / 3.0).collect();
        let g: Vec<f64> = (0..n).map(|i| ((i * 5 % 11) as f64 - 5.0) / 4.0).collect();
        // Four table rows for T = 3: the last is never read.
        let freqs: Vec<f64> = (0..4 * 3)
            .flat_map(|k| {
                let a = k as f64 * 0.45;
                [a.cos(), a.sin()]
            })
            .collect();
        let dx = llama4(&g, &freqs, dims, true);
        assert_close(
            &dx,
            &fd_gradient(&x, &g, |x| llama4(x, &freqs, dims, false)),
            1e-8,
        );
        // A quarter turn maps (re, im) to (-im, re); the conjugate turns it back.
        let quarter = [0.0, 1.0];
        let y = llama4(&[3.0, 5.0], &quarter, [1, 1, 1, 2], false);
        assert_eq!(y, vec![-5.0, 3.0]);
        assert_eq!(llama4(&y, &quarter, [1, 1, 1, 2], true), vec![3.0, 5.0]);
    }

    #[test]
    fn mrope_table_follows_the_section_rule_and_its_rotation_has_exact_gradients() {
        let (b, h, t, d) = (2, 2, 3, 12);
        let section = [1, 3, 2];
        let planes: Vec<f64> = (0..3 * b * t * d)
            .map(|i| (i as f64 * 0.31).sin())
            .collect();
        let tab = mrope_table(&planes, b, t, d, section);
        // PARITY's rule: half-column j reads plane 0 below s_t, 1 below s_t + s_h, else 2.
        for row in 0..b * t {
            for c in 0..d {
                let j = c % (d / 2);
                let plane = usize::from(j >= 1) + usize::from(j >= 4);
                assert_eq!(tab[row * d + c], planes[(plane * b * t + row) * d + c]);
            }
        }
        let cos = mrope_table(
            &planes.iter().map(|v| v.cos()).collect::<Vec<_>>(),
            b,
            t,
            d,
            section,
        );
        let sin = mrope_table(&planes, b, t, d, section);
        let at = Positions { p: t, ids: None };
        let n = b * h * t * d;
        let x: Vec<f64> = (0..n).map(|i| ((i * 7 % 13) as f64 - 6.0) / 3.0).collect();
        let g: Vec<f64> = (0..n).map(|i| ((i * 5 % 11) as f64 - 5.0) / 4.0).collect();
        let dx = backward(&g, &cos, &sin, b, h, t, d, b, d, at);
        let fd = fd_gradient(&x, &g, |x| forward(x, &cos, &sin, b, h, t, d, b, d, at));
        assert_close(&dx, &fd, 1e-8);
    }
}
