//! FP64 oracle of fused linear generalised JSD (Liger's `LigerFusedLinearJSDFunction`,
//! PARITY.md 4.7), unchunked: the student's and the teacher's logits `s = x_s W_s^T / T` and
//! `t = x_t W_t^T / T` materialised in f64, their log-softmaxes `X = log Q` and `Y = log P`,
//! the loss of [`super::distill::jsd`] on them (summed over valid rows, divided by their count),
//! and by the chain rule through the log-softmax and the temperature the gradient of the
//! student's logits `x_s W_s^T`: `g = (dX - softmax(s) sum dX) / T` with `dX` of
//! [`super::distill::jsd_backward`], then `dx_s = g W_s`, `dW_s = g^T x_s`. The teacher gets no
//! gradient.

use super::distill::{jsd, jsd_backward, JsdOptions};
use super::matmul::{Grads, Product};

/// One problem: the student `x_s` `[n, hs]`, `w_s` `[v, hs]`, the teacher `x_t` `[n, ht]`,
/// `w_t` `[v, ht]`, optional labels `[n]`.
#[derive(Clone, Copy, Debug)]
pub struct Fljsd<'a> {
    pub n: usize,
    pub hs: usize,
    pub ht: usize,
    pub v: usize,
    pub xs: &'a [f64],
    pub ws: &'a [f64],
    pub xt: &'a [f64],
    pub wt: &'a [f64],
    pub labels: Option<&'a [i64]>,
    /// `beta` (Liger's `jsd_beta`) and `ignore_index`.
    pub opts: JsdOptions,
    pub temperature: f64,
}

/// Row-wise log-softmax of `[rows, v]`.
fn log_softmax(z: &[f64], v: usize) -> Vec<f64> {
    let mut out = z.to_vec();
    for row in out.chunks_mut(v.max(1)) {
        let m = row.iter().fold(f64::NEG_INFINITY, |a, z| a.max(*z));
        let lse = m + row.iter().map(|z| (z - m).exp()).sum::<f64>().ln();
        row.iter_mut().for_each(|z| *z -= lse);
    }
    out
}

impl Fljsd<'_> {
    /// The student's projection `x_s W_s^T` (before the temperature).
    pub fn student(&self) -> Product<'_> {
        Product {
            m: self.n,
            n: self.v,
            k: self.hs,
            x: self.xs,
            w: self.ws,
            kn: false,
            bias: None,
            activation: "none",
        }
    }

    /// The teacher's projection `x_t W_t^T`.
    pub fn teacher(&self) -> Product<'_> {
        Product {
            k: self.ht,
            x: self.xt,
            w: self.wt,
            ..self.student()
        }
    }

    /// `(X, Y)`: the log-softmaxes of `s = x_s W_s^T / T` and `t = x_t W_t^T / T`.
    pub fn log_probs(&self) -> (Vec<f64>, Vec<f64>) {
        let t = self.temperature;
        let scaled = |p: Product<'_>| -> Vec<f64> { p.forward().0.iter().map(|z| z / t).collect() };
        (
            log_softmax(&scaled(self.student()), self.v),
            log_softmax(&scaled(self.teacher()), self.v),
        )
    }

    /// The loss.
    pub fn forward(&self) -> f64 {
        let (x, y) = self.log_probs();
        jsd(&x, &y, self.v, self.labels, &self.opts)
    }

    /// The gradient of `dloss * loss`: `dz` with respect to `x_s W_s^T` (`[n, v]`), then `dx`
    /// (the student's input) and `dw` (the student's weight); `dbias` empty.
    pub fn backward(&self, dloss: f64) -> Grads {
        let (x, y) = self.log_probs();
        let dx = jsd_backward(&x, &y, self.v, self.labels, &self.opts, dloss);
        let v = self.v;
        let mut g = vec![0.0; self.n * v];
        for i in 0..self.n {
            let row = i * v..(i + 1) * v;
            let total: f64 = dx[row.clone()].iter().sum();
            for j in row {
                g[j] = (dx[j] - x[j].exp() * total) / self.temperature;
            }
        }
        let z = self.student().forward().0;
        let mut grads = self.student().backward(&z, &g);
        grads.dbias.clear();
        grads
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    /// The gradients of `loss * dloss` are its central finite differences, for beta 0, 1 and
    /// between, temperatures of both signs, ignored rows and teacher widths unlike the
    /// student's; the teacher's inputs do not move them.
    #[test]
    fn gradients_match_central_differences() {
        let (n, hs, ht, v) = (4, 3, 2, 5);
        let mut rng = Rng::new(131);
        let mut values = |len: usize| -> Vec<f64> { (0..len).map(|_| rng.normal_f64()).collect() };
        let (xs, ws, xt, wt) = (
            values(n * hs),
            values(v * hs),
            values(n * ht),
            values(v * ht),
        );
        let labels = [3, -100, 0, 4];
        for beta in [0.0, 1.0, 0.5, 0.2] {
            for (temperature, with_labels) in [(1.0, false), (0.7, true), (-1.5, true)] {
                let p = Fljsd {
                    n,
                    hs,
                    ht,
                    v,
                    xs: &xs,
                    ws: &ws,
                    xt: &xt,
                    wt: &wt,
                    labels: with_labels.then_some(&labels[..]),
                    opts: JsdOptions {
                        beta,
                        ignore_index: -100,
                    },
                    temperature,
                };
                let dloss = 0.75;
                let g = p.backward(dloss);
                let objective = |xs: &[f64], ws: &[f64]| Fljsd { xs, ws, ..p }.forward() * dloss;
                let step = 1e-6;
                let fd = |which: usize, i: usize| {
                    let at = |delta: f64| {
                        let (mut x, mut w) = (xs.clone(), ws.clone());
                        [&mut x, &mut w][which][i] += delta;
                        objective(&x, &w)
                    };
                    (at(step) - at(-step)) / (2.0 * step)
                };
                for (which, got, what) in [(0, &g.dx, "dx"), (1, &g.dw, "dw")] {
                    for (i, &got) in got.iter().enumerate() {
                        let want = fd(which, i);
                        assert!(
                            (want - got).abs() < 1e-6 * want.abs().max(1.0),
                            "beta={beta} T={temperature} {what}[{i}]: {got} vs {want}"
                        );
                    }
                }
                if with_labels {
                    assert!(g.dx[hs..2 * hs].iter().all(|d| *d == 0.0), "ignored row");
                }
                assert!(p.forward() >= -1e-12, "a divergence: {}", p.forward());
            }
        }
    }

    /// A student equal to its teacher has zero loss and zero gradient.
    #[test]
    fn equal_distributions_give_zero() {
        let (n, h, v) = (2, 3, 4);
        let mut rng = Rng::new(7);
        let mut values = |len: usize| -> Vec<f64> { (0..len).map(|_| rng.normal_f64()).collect() };
        let (x, w) = (values(n * h), values(v * h));
        for beta in [0.0, 0.5, 1.0] {
            let p = Fljsd {
                n,
                hs: h,
                ht: h,
                v,
                xs: &x,
                ws: &w,
                xt: &x,
                wt: &w,
                labels: None,
                opts: JsdOptions {
                    beta,
                    ignore_index: -100,
                },
                temperature: 2.0,
            };
            assert!(p.forward().abs() < 1e-12);
            assert!(p.backward(1.0).dx.iter().all(|d| d.abs() < 1e-12));
        }
    }
}
