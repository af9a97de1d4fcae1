//! FP64 oracle of fused linear cross-entropy (Liger's `LigerFusedLinearCrossEntropyFunction`,
//! PARITY.md 4.2): the logits `z = x W^T + b` of [`super::matmul`], the cross-entropy of
//! [`super::cross_entropy`] on them, and the gradients of `x`, `W` and `b` by the chain rule
//! (`dx = g W`, `dW = g^T x`, `db = sum_rows g` with `g` the logits' gradient). Unchunked.

use super::cross_entropy::{self as ce, CeOptions};
use super::matmul::{Grads, Product};

/// One problem: `x` `[n, h]`, `w` `[v, h]`, `bias` `[v]`, one target per row, class weights
/// `[v]`.
#[derive(Clone, Copy, Debug)]
pub struct Flce<'a> {
    pub n: usize,
    pub h: usize,
    pub v: usize,
    pub x: &'a [f64],
    pub w: &'a [f64],
    pub bias: Option<&'a [f64]>,
    pub target: &'a [i64],
    pub ce_weight: Option<&'a [f64]>,
    pub opts: CeOptions,
}

impl Flce<'_> {
    /// The projection `x W^T + b`.
    pub fn product(&self) -> Product<'_> {
        Product {
            m: self.n,
            n: self.v,
            k: self.h,
            x: self.x,
            w: self.w,
            kn: false,
            bias: self.bias,
            activation: "none",
        }
    }

    /// The logits `[n, v]`.
    pub fn logits(&self) -> Vec<f64> {
        self.product().forward().0
    }

    /// `(loss, z_loss)` of [`ce::forward`] on the logits.
    pub fn forward(&self) -> (Vec<f64>, Vec<f64>) {
        ce::forward(
            &self.logits(),
            self.target,
            self.v,
            self.ce_weight,
            &self.opts,
        )
    }

    /// The gradients for the loss cotangent `dloss` (one value, or one per row under `none`):
    /// `dz` is the logits' gradient, then `dx`, `dw` (like `w`) and `dbias`.
    pub fn backward(&self, dloss: &[f64]) -> Grads {
        let z = self.logits();
        let g = ce::backward(&z, self.target, self.v, self.ce_weight, &self.opts, dloss);
        self.product().backward(&z, &g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::cross_entropy::Reduction;
    use crate::testing::Rng;

    fn values(rng: &mut Rng, n: usize) -> Vec<f64> {
        (0..n).map(|_| rng.normal_f64()).collect()
    }

    #[test]
    fn gradients_match_central_differences() {
        let (n, h, v) = (4, 3, 5);
        for reduction in [Reduction::None, Reduction::Sum, Reduction::Mean] {
            for (ls, zl, cap, weighted) in [
                (0.0, 0.0, None, false),
                (0.1, 1e-2, Some(2.0), false),
                (0.2, 1e-2, Some(3.0), true),
            ] {
                let mut rng = Rng::new(71);
                let (x, w, b) = (
                    values(&mut rng, n * h),
                    values(&mut rng, v * h),
                    values(&mut rng, v),
                );
                let cw: Vec<f64> = (0..v).map(|_| rng.uniform_f64(0.25, 2.0)).collect();
                let target = [2, -100, 0, 4];
                let dloss = match reduction {
                    Reduction::None => values(&mut rng, n),
                    _ => vec![0.75],
                };
                let opts = CeOptions {
                    ignore_index: -100,
                    label_smoothing: ls,
                    z_loss: zl,
                    softcap: cap,
                    reduction,
                };
                let p = Flce {
                    n,
                    h,
                    v,
                    x: &x,
                    w: &w,
                    bias: Some(&b),
                    target: &target,
                    ce_weight: weighted.then_some(&cw[..]),
                    opts,
                };
                let g = p.backward(&dloss);
                // `sum_i loss_i dloss_i` (or `loss * dloss`), whose gradients are the backward's.
                let objective = |x: &[f64], w: &[f64], b: &[f64]| -> f64 {
                    let q = Flce {
                        x,
                        w,
                        bias: Some(b),
                        ..p
                    };
                    q.forward().0.iter().zip(&dloss).map(|(l, d)| l * d).sum()
                };
                let step = 1e-6;
                let fd = |which: usize, i: usize| {
                    let at = |delta: f64| {
                        let (mut x, mut w, mut b) = (x.clone(), w.clone(), b.clone());
                        [&mut x, &mut w, &mut b][which][i] += delta;
                        objective(&x, &w, &b)
                    };
                    (at(step) - at(-step)) / (2.0 * step)
                };
                for (which, got, what) in [(0, &g.dx, "dx"), (1, &g.dw, "dw"), (2, &g.dbias, "db")]
                {
                    for (i, &got) in got.iter().enumerate() {
                        let want = fd(which, i);
                        assert!(
                            (want - got).abs() < 1e-6 * want.abs().max(1.0),
                            "{reduction:?} ls={ls} {what}[{i}]: {got} vs finite difference {want}"
                        );
                    }
                }
                // The ignored row gets no gradient.
                assert!(g.dx[h..2 * h].iter().all(|d| *d == 0.0));
            }
        }
    }
}
