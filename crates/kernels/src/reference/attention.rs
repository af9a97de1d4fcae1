//! FP64 oracle of dense scaled dot-product attention with grouped KV heads and an optional
//! causal mask: `o = softmax(scale * q k^T + mask) v` per (batch, query head), written as plain
//! loops over whole rows of scores, and its gradients.

/// One attention problem: `q` `[b, hq, t, d]`, `k` and `v` `[b, hkv, s, d]`, row-major; query
/// head `h` reads KV head `h / (hq / hkv)`. `causal = Some(offset)`: query `i` sees key `j` iff
/// `j <= i + offset`.
#[derive(Clone, Copy, Debug)]
pub struct Attention<'a> {
    pub b: usize,
    pub hq: usize,
    pub hkv: usize,
    pub t: usize,
    pub s: usize,
    pub d: usize,
    pub q: &'a [f64],
    pub k: &'a [f64],
    pub v: &'a [f64],
    pub scale: f64,
    pub causal: Option<i64>,
}

/// Gradients for one cotangent `do`, shaped like `q`, `k` and `v`.
#[derive(Clone, Debug, PartialEq)]
pub struct Grads {
    pub dq: Vec<f64>,
    pub dk: Vec<f64>,
    pub dv: Vec<f64>,
}

/// The sizes of the terms each output sums, shaped like the outputs (for tolerances).
#[derive(Clone, Debug, PartialEq)]
pub struct Magnitudes {
    /// `sum_j p |v_j|` per element of `o`.
    pub o: Vec<f64>,
    /// `scale * sum_d |q_d k_d|`, the largest over every allowed score.
    pub score: f64,
    pub dq: Vec<f64>,
    pub dk: Vec<f64>,
    pub dv: Vec<f64>,
}

impl Attention<'_> {
    fn allowed(&self, i: usize, j: usize) -> bool {
        self.causal.is_none_or(|off| j as i64 <= i as i64 + off)
    }

    /// Row `i` of query head `(bi, h)` and row `j` of its KV head, as flat offsets.
    fn rows(&self, bi: usize, h: usize, i: usize, j: usize) -> (usize, usize) {
        let kv = h / (self.hq / self.hkv);
        (
            ((bi * self.hq + h) * self.t + i) * self.d,
            ((bi * self.hkv + kv) * self.s + j) * self.d,
        )
    }

    /// The probabilities `[t, s]` of query head `(bi, h)` (rows that see no key are all zero)
    /// and the log-sum-exp of each row (`-inf` for those rows).
    fn probabilities(&self, bi: usize, h: usize) -> (Vec<f64>, Vec<f64>) {
        let (t, s, d) = (self.t, self.s, self.d);
        let mut p = vec![0.0; t * s];
        let mut lse = vec![f64::NEG_INFINITY; t];
        for i in 0..t {
            let mut row = vec![f64::NEG_INFINITY; s];
            for (j, r) in row.iter_mut().enumerate() {
                if self.allowed(i, j) {
                    let (qo, ko) = self.rows(bi, h, i, j);
                    *r = self.scale * (0..d).map(|c| self.q[qo + c] * self.k[ko + c]).sum::<f64>();
                }
            }
            let m = row.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            if m == f64::NEG_INFINITY {
                continue;
            }
            let sum: f64 = row.iter().map(|x| (x - m).exp()).sum();
            lse[i] = m + sum.ln();
            for j in 0..s {
                p[i * s + j] = (row[j] - lse[i]).exp();
            }
        }
        (p, lse)
    }

    /// `(o [b, hq, t, d], lse [b, hq, t])`.
    pub fn forward(&self) -> (Vec<f64>, Vec<f64>) {
        let (t, s, d) = (self.t, self.s, self.d);
        let mut o = vec![0.0; self.b * self.hq * t * d];
        let mut lse = Vec::with_capacity(self.b * self.hq * t);
        for bi in 0..self.b {
            for h in 0..self.hq {
                let (p, l) = self.probabilities(bi, h);
                lse.extend(l);
                for i in 0..t {
                    for j in 0..s {
                        let (qo, ko) = self.rows(bi, h, i, j);
                        for c in 0..d {
                            o[qo + c] += p[i * s + j] * self.v[ko + c];
                        }
                    }
                }
            }
        }
        (o, lse)
    }

    /// The gradients of `sum(o * do)`.
    pub fn backward(&self, d_o: &[f64]) -> Grads {
        self.backward_with_magnitudes(d_o).0
    }

    /// The gradients and the sizes of the terms they sum.
    pub fn backward_with_magnitudes(&self, d_o: &[f64]) -> (Grads, Magnitudes) {
        let (t, s, d) = (self.t, self.s, self.d);
        let (o, _) = self.forward();
        let mut g = Grads {
            dq: vec![0.0; self.q.len()],
            dk: vec![0.0; self.k.len()],
            dv: vec![0.0; self.v.len()],
        };
        let mut mag = Magnitudes {
            o: vec![0.0; o.len()],
            score: 0.0,
            dq: vec![0.0; self.q.len()],
            dk: vec![0.0; self.k.len()],
            dv: vec![0.0; self.v.len()],
        };
        for bi in 0..self.b {
            for h in 0..self.hq {
                let (p, _) = self.probabilities(bi, h);
                for i in 0..t {
                    let (qo, _) = self.rows(bi, h, i, 0);
                    let delta: f64 = (0..d).map(|c| d_o[qo + c] * o[qo + c]).sum();
                    let delta_mag: f64 = (0..d).map(|c| (d_o[qo + c] * o[qo + c]).abs()).sum();
                    for j in 0..s {
                        let pij = p[i * s + j];
                        let (_, ko) = self.rows(bi, h, i, j);
                        if self.allowed(i, j) {
                            let size: f64 = (0..d)
                                .map(|c| (self.q[qo + c] * self.k[ko + c]).abs())
                                .sum();
                            mag.score = mag.score.max(self.scale.abs() * size);
                        }
                        let dp: f64 = (0..d).map(|c| d_o[qo + c] * self.v[ko + c]).sum();
                        let dp_mag: f64 =
                            (0..d).map(|c| (d_o[qo + c] * self.v[ko + c]).abs()).sum();
                        let ds = pij * (dp - delta);
                        let ds_mag = pij * (dp_mag + delta_mag);
                        for c in 0..d {
                            mag.o[qo + c] += pij * self.v[ko + c].abs();
                            g.dv[ko + c] += pij * d_o[qo + c];
                            mag.dv[ko + c] += pij * d_o[qo + c].abs();
                            g.dq[qo + c] += self.scale * ds * self.k[ko + c];
                            mag.dq[qo + c] += (self.scale * ds_mag * self.k[ko + c]).abs();
                            g.dk[ko + c] += self.scale * ds * self.q[qo + c];
                            mag.dk[ko + c] += (self.scale * ds_mag * self.q[qo + c]).abs();
                        }
                    }
                }
            }
        }
        (g, mag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(n: usize, seed: usize) -> Vec<f64> {
        (0..n)
            .map(|i| (((i * 7 + seed * 13) % 17) as f64 - 8.0) / 6.0)
            .collect()
    }

    #[test]
    fn gradients_match_central_differences() {
        let (b, hq, hkv, t, s, d) = (1, 4, 2, 3, 5, 3);
        let q = values(b * hq * t * d, 1);
        let k = values(b * hkv * s * d, 2);
        let v = values(b * hkv * s * d, 3);
        let d_o = values(b * hq * t * d, 4);
        // Offset -1 leaves query row 0 with no key (its o is 0 and has no gradient).
        for causal in [None, Some(0), Some(2), Some(-1)] {
            let at = |q: &[f64], k: &[f64], v: &[f64]| -> f64 {
                let a = Attention {
                    b,
                    hq,
                    hkv,
                    t,
                    s,
                    d,
                    q,
                    k,
                    v,
                    scale: 0.7,
                    causal,
                };
                a.forward().0.iter().zip(&d_o).map(|(x, y)| x * y).sum()
            };
            let a = Attention {
                b,
                hq,
                hkv,
                t,
                s,
                d,
                q: &q,
                k: &k,
                v: &v,
                scale: 0.7,
                causal,
            };
            let g = a.backward(&d_o);
            let h = 1e-6;
            let fd = |which: usize, i: usize| {
                let mut args = [q.clone(), k.clone(), v.clone()];
                args[which][i] += h;
                let up = at(&args[0], &args[1], &args[2]);
                args[which][i] -= 2.0 * h;
                let down = at(&args[0], &args[1], &args[2]);
                (up - down) / (2.0 * h)
            };
            for (which, grad) in [&g.dq, &g.dk, &g.dv].into_iter().enumerate() {
                for (i, &want) in grad.iter().enumerate() {
                    let got = fd(which, i);
                    assert!(
                        (got - want).abs() < 1e-7,
                        "{causal:?} input {which} [{i}]: {want} vs {got}"
                    );
                }
            }
        }
    }

    #[test]
    fn rows_without_keys_are_zero_with_lse_minus_infinity() {
        let (q, k, v) = (values(4, 1), values(6, 2), values(6, 3));
        let a = Attention {
            b: 1,
            hq: 1,
            hkv: 1,
            t: 2,
            s: 3,
            d: 2,
            q: &q,
            k: &k,
            v: &v,
            scale: 1.0,
            causal: Some(-1),
        };
        let (o, lse) = a.forward();
        assert_eq!((o[0], o[1], lse[0]), (0.0, 0.0, f64::NEG_INFINITY));
        // Row 1 sees key 0 only: o is v's row 0 and lse its score.
        assert_eq!(&o[2..], &v[..2]);
        assert!((lse[1] - (q[2] * k[0] + q[3] * k[1])).abs() < 1e-15);
    }
}
