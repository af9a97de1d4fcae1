//! FP64 oracle of fused linear KL divergence (Liger 0.8.5's `LigerFusedLinearKLDivFunction`,
//! PARITY.md 4.11), written from the contract's formulas and unchunked: the logits
//! `z = x W^T / T` materialised in f64 (the product of [`super::matmul`], divided by `T`), then
//! per row, in Liger's form, `loss = scale (sum_v q (ln max(q, eps) - z) + lse(z) sum_v q)`,
//! the logits' gradient `-scale (q - softmax(z) sum_v q) / T` (with respect to `x W^T`), and
//! `dx = g W`, `dW = g^T x` by the chain rule. Rows whose label is `ignore_index` give 0.

use super::distill::Reduction;
use super::matmul::{Grads, Product};

/// The loss's options (the operator adds its chunking and gradient dtypes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KlLossOptions {
    /// `BatchMean` (Liger's default), `Mean` (divided by `n V`, `n` the valid rows) or `Sum`;
    /// `None` is not an option of this loss.
    pub reduction: Reduction,
    pub ignore_index: i64,
    /// Divides the logits; any finite non-zero value (negative passes, as in Liger).
    pub temperature: f64,
    /// The floor of `q` inside its log.
    pub eps: f64,
}

impl Default for KlLossOptions {
    fn default() -> Self {
        KlLossOptions {
            reduction: Reduction::BatchMean,
            ignore_index: -100,
            temperature: 1.0,
            eps: 1e-10,
        }
    }
}

/// One problem: `x` `[n, h]`, `w` `[v, h]`, the target probabilities `q` `[n, v]` and the
/// optional labels `[n]`.
#[derive(Clone, Copy, Debug)]
pub struct Flkl<'a> {
    pub n: usize,
    pub h: usize,
    pub v: usize,
    pub x: &'a [f64],
    pub w: &'a [f64],
    pub q: &'a [f64],
    pub labels: Option<&'a [i64]>,
    pub opts: KlLossOptions,
}

impl Flkl<'_> {
    /// The projection `x W^T` (before the temperature).
    pub fn product(&self) -> Product<'_> {
        Product {
            m: self.n,
            n: self.v,
            k: self.h,
            x: self.x,
            w: self.w,
            kn: false,
            bias: None,
            activation: "none",
        }
    }

    /// Whether row `i` counts (its label is not `ignore_index`).
    pub fn valid(&self, i: usize) -> bool {
        self.labels.is_none_or(|l| l[i] != self.opts.ignore_index)
    }

    /// The reduction's factor: `1 / n` (batchmean), `1 / (n V)` (mean), 1 (sum), 0 when no row
    /// counts.
    pub fn scale(&self) -> f64 {
        let n = (0..self.n).filter(|i| self.valid(*i)).count();
        let d = match self.opts.reduction {
            Reduction::BatchMean => n as f64,
            Reduction::Mean => (n * self.v) as f64,
            Reduction::Sum | Reduction::None => return if n == 0 { 0.0 } else { 1.0 },
        };
        if d == 0.0 {
            0.0
        } else {
            1.0 / d
        }
    }

    /// The logits `z = x W^T / T`, `[n, v]`.
    pub fn logits(&self) -> Vec<f64> {
        let t = self.opts.temperature;
        self.product().forward().0.iter().map(|y| y / t).collect()
    }

    /// Row `i`'s `(lse(z), softmax(z))`.
    fn softmax(&self, z: &[f64], i: usize) -> (f64, Vec<f64>) {
        let row = &z[i * self.v..(i + 1) * self.v];
        let m = row.iter().fold(f64::NEG_INFINITY, |a, z| a.max(*z));
        let s: f64 = row.iter().map(|z| (z - m).exp()).sum();
        (m + s.ln(), row.iter().map(|z| (z - m).exp() / s).collect())
    }

    /// Every row's scaled loss (0 on ignored rows), `[n]`.
    pub fn row_losses(&self) -> Vec<f64> {
        let (z, v, scale) = (self.logits(), self.v, self.scale());
        (0..self.n)
            .map(|i| {
                if !self.valid(i) {
                    return 0.0;
                }
                let (lse, _) = self.softmax(&z, i);
                let (mut cross, mut mass) = (0.0, 0.0);
                for j in 0..v {
                    let q = self.q[i * v + j];
                    cross += q * (q.max(self.opts.eps).ln() - z[i * v + j]);
                    mass += q;
                }
                scale * (cross + lse * mass)
            })
            .collect()
    }

    /// The loss: the sum of [`Flkl::row_losses`].
    pub fn forward(&self) -> f64 {
        self.row_losses().iter().sum()
    }

    /// The gradient of `dloss * loss`: `dz` with respect to `x W^T` (`[n, v]`), then `dx` and
    /// `dw` (`dbias` empty).
    pub fn backward(&self, dloss: f64) -> Grads {
        let (z, v, scale) = (self.logits(), self.v, self.scale());
        let t = self.opts.temperature;
        let mut g = vec![0.0; self.n * v];
        for i in (0..self.n).filter(|i| self.valid(*i)) {
            let (_, p) = self.softmax(&z, i);
            let q = &self.q[i * v..(i + 1) * v];
            let mass: f64 = q.iter().sum();
            for j in 0..v {
                g[i * v + j] = -dloss * scale * (q[j] - p[j] * mass) / t;
            }
        }
        let y = self.product().forward().0;
        let mut grads = self.product().backward(&y, &g);
        grads.dbias.clear();
        grads
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    /// The gradients of `loss * dloss` are its central finite differences, under each reduction,
    /// temperatures of both signs, unnormalised targets with zeros, and ignored rows.
    #[test]
    fn gradients_match_central_differences() {
        let (n, h, v) = (4, 3, 5);
        let mut rng = Rng::new(97);
        let mut values = |len: usize| -> Vec<f64> { (0..len).map(|_| rng.normal_f64()).collect() };
        let (x, w) = (values(n * h), values(v * h));
        // Rows summing to 1, 0.6 and 1.7, with zeros.
        let mut q: Vec<f64> = values(n * v).iter().map(|a| a.abs()).collect();
        for (i, mass) in [1.0, 0.6, 1.7, 1.0].into_iter().enumerate() {
            q[i * v + (i % v)] = 0.0;
            let s: f64 = q[i * v..(i + 1) * v].iter().sum();
            q[i * v..(i + 1) * v]
                .iter_mut()
                .for_each(|a| *a *= mass / s);
        }
        let labels = [3, -100, 0, 4];
        for reduction in [Reduction::BatchMean, Reduction::Mean, Reduction::Sum] {
            for (temperature, with_labels) in [(1.0, false), (0.7, true), (-1.3, true)] {
                let p = Flkl {
                    n,
                    h,
                    v,
                    x: &x,
                    w: &w,
                    q: &q,
                    labels: with_labels.then_some(&labels[..]),
                    opts: KlLossOptions {
                        reduction,
                        temperature,
                        ..KlLossOptions::default()
                    },
                };
                let dloss = 0.75;
                let g = p.backward(dloss);
                let objective = |x: &[f64], w: &[f64]| Flkl { x, w, ..p }.forward() * dloss;
                let step = 1e-6;
                let fd = |which: usize, i: usize| {
                    let at = |delta: f64| {
                        let (mut x, mut w) = (x.clone(), w.clone());
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
                            "{reduction:?} T={temperature} {what}[{i}]: {got} vs {want}"
                        );
                    }
                }
                if with_labels {
                    assert!(g.dx[h..2 * h].iter().all(|d| *d == 0.0), "ignored row");
                    assert_eq!(p.row_losses()[1], 0.0);
                }
            }
        }
    }

    /// With normalised targets the loss is `KL(q || softmax z)`: zero when the logits are
    /// `ln q` (up to a constant), positive otherwise; every row ignored gives 0.
    #[test]
    fn loss_is_the_kl_divergence() {
        let (n, h, v) = (1, 3, 3);
        // x = identity row picks W's columns: z_j = w[j][0].
        let x = [1.0, 0.0, 0.0];
        let q = [0.2, 0.3, 0.5];
        let w_at = |z: [f64; 3]| -> Vec<f64> { z.iter().flat_map(|z| [*z, 0.0, 0.0]).collect() };
        let matched = w_at([0.2f64.ln() + 4.0, 0.3f64.ln() + 4.0, 0.5f64.ln() + 4.0]);
        let p = Flkl {
            n,
            h,
            v,
            x: &x,
            w: &matched,
            q: &q,
            labels: None,
            opts: KlLossOptions::default(),
        };
        assert!(p.forward().abs() < 1e-12, "{}", p.forward());
        let other = w_at([0.0, 0.0, 0.0]);
        let want: f64 = q.iter().map(|q| q * (q.ln() - (1.0f64 / 3.0).ln())).sum();
        let got = Flkl { w: &other, ..p }.forward();
        assert!((got - want).abs() < 1e-12, "{got} vs {want}");
        let ignored = [-100];
        let none = Flkl {
            labels: Some(&ignored),
            w: &other,
            ..p
        };
        assert_eq!(none.forward(), 0.0);
        assert!(none.backward(1.0).dx.iter().all(|d| *d == 0.0));
    }
}
