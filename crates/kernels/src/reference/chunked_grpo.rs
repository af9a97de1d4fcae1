//! FP64 oracle of GRPO over a fused LM head (Liger's `LigerFusedLinearGRPOFunction`, PARITY.md
//! 5.4) at token level for the PPO loss types, written plainly from Liger's `ppo_loss_fn`:
//! the logits `z = (x W^T + bias) / T` materialised whole, `logp = z_y - logsumexp(z)` per
//! token, the per-token terms from [`super::grpo_loss::token_terms`] (PARITY.md 4.9's
//! formulas) and Liger's reductions over the full mask. The gradient is the chain rule through
//! [`super::grpo_loss::token_dlogp`]; the tests check it against central differences of
//! [`Grpo::forward`] (with `old` and `ref` given, so nothing is detached).

use super::grpo_loss::{token_dlogp, token_terms, Options as TokenOptions, Surrogate};

/// The loss types the oracle reduces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    Grpo,
    Dapo,
    Bnpo,
    DrGrpo,
}

/// The parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    pub beta: f64,
    pub eps_low: f64,
    pub eps_high: f64,
    pub reduction: Reduction,
    pub max_completion_length: usize,
    pub temperature: f64,
    pub delta: Option<f64>,
    pub bias_correction_kl: bool,
    pub num_items_in_batch: Option<f64>,
}

/// One problem.
#[derive(Clone, Copy, Debug)]
pub struct Grpo<'a> {
    pub b: usize,
    pub t: usize,
    pub h: usize,
    pub v: usize,
    /// `[B T, H]`.
    pub x: &'a [f64],
    /// `[V, H]`.
    pub w: &'a [f64],
    pub bias: Option<&'a [f64]>,
    /// `[B T]`; read only where the mask is not 0.
    pub ids: &'a [i64],
    /// `[B T]`.
    pub mask: &'a [f64],
    /// `[B]`.
    pub advantages: &'a [f64],
    /// `[B T]`; `None`: each token's own `logp`.
    pub old: Option<&'a [f64]>,
    /// `[B T]`; `None`: each token's own `logp`.
    pub reference: Option<&'a [f64]>,
    pub o: Options,
}

/// The loss and Liger's metrics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Out {
    pub loss: f64,
    pub kl_mean: Option<f64>,
    pub clip_ratio: f64,
}

/// The gradients.
#[derive(Clone, Debug, PartialEq)]
pub struct Grads {
    pub dx: Vec<f64>,
    pub dw: Vec<f64>,
    pub dbias: Vec<f64>,
}

impl Grpo<'_> {
    fn token_options(&self) -> TokenOptions {
        TokenOptions {
            temperature: self.o.temperature,
            beta: self.o.beta,
            eps_low: self.o.eps_low,
            eps_high: self.o.eps_high,
            surrogate: Surrogate::Ppo,
            delta: self.o.delta,
            bias_correction_kl: self.o.bias_correction_kl,
            sapo_temperature_pos: 1.0,
            sapo_temperature_neg: 1.05,
        }
    }

    /// Token `k`'s scaled logits row.
    pub fn row(&self, k: usize) -> Vec<f64> {
        let x = &self.x[k * self.h..(k + 1) * self.h];
        (0..self.v)
            .map(|c| {
                let wr = &self.w[c * self.h..(c + 1) * self.h];
                let dot: f64 = x.iter().zip(wr).map(|(a, b)| a * b).sum();
                (dot + self.bias.map_or(0.0, |b| b[c])) / self.o.temperature
            })
            .collect()
    }

    /// Token `k`'s log-probability of its id.
    pub fn token_logp(&self, k: usize) -> f64 {
        self.logp(k).0
    }

    /// `(logp, softmax)` of token `k`.
    fn logp(&self, k: usize) -> (f64, Vec<f64>) {
        let z = self.row(k);
        let m = z.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let s: f64 = z.iter().map(|v| (v - m).exp()).sum();
        let lse = m + s.ln();
        let p = z.iter().map(|v| (v - lse).exp()).collect();
        (z[self.ids[k] as usize] - lse, p)
    }

    /// Token `k`'s `(d loss / d l)` in Liger's reduction (of `l m`, so without `m`).
    fn reduction_weight(&self, k: usize) -> f64 {
        let (b, t) = (self.b, self.t);
        let seq = k / t;
        let s_b: f64 = self.mask[seq * t..(seq + 1) * t].iter().sum();
        let total: f64 = self.mask.iter().sum();
        match self.o.reduction {
            Reduction::Grpo => 1.0 / s_b.max(1.0) / b as f64,
            Reduction::Bnpo => 1.0 / total.max(1.0),
            Reduction::DrGrpo => 1.0 / (b * self.o.max_completion_length) as f64,
            Reduction::Dapo => 1.0 / self.o.num_items_in_batch.unwrap_or(total).max(1.0),
        }
    }

    /// The loss and metrics.
    pub fn forward(&self) -> Out {
        let o = self.token_options();
        let (mut loss, mut kl, mut clipped) = (0.0, 0.0, 0.0);
        for k in 0..self.b * self.t {
            let m = self.mask[k];
            if m == 0.0 {
                continue;
            }
            let (lp, _) = self.logp(k);
            let old = self.old.map_or(lp, |x| x[k]);
            let reference = self.reference.map_or(lp, |x| x[k]);
            let (l, kl_k, c) =
                token_terms(&o, lp, old, 0.0, self.advantages[k / self.t], reference);
            loss += l * m * self.reduction_weight(k);
            kl += kl_k * m;
            clipped += c * m;
        }
        let count = self.mask.iter().sum::<f64>().max(1.0);
        Out {
            loss,
            kl_mean: (self.o.beta != 0.0).then_some(kl / count),
            clip_ratio: clipped / count,
        }
    }

    /// The gradients of `dloss` times the loss.
    pub fn backward(&self, dloss: f64) -> Grads {
        let o = self.token_options();
        let (h, v) = (self.h, self.v);
        let mut g = Grads {
            dx: vec![0.0; self.x.len()],
            dw: vec![0.0; v * h],
            dbias: vec![0.0; v],
        };
        for k in 0..self.b * self.t {
            let m = self.mask[k];
            if m == 0.0 {
                continue;
            }
            let (lp, p) = self.logp(k);
            let old = self.old.map_or(lp, |x| x[k]);
            let reference = self.reference.map_or(lp, |x| x[k]);
            let d = token_dlogp(&o, lp, old, 0.0, self.advantages[k / self.t], reference);
            let gl = dloss * self.reduction_weight(k) * m * d;
            let y = self.ids[k] as usize;
            for (c, pc) in p.iter().enumerate() {
                let onehot = if c == y { 1.0 } else { 0.0 };
                let dz = gl * (onehot - pc) / self.o.temperature;
                g.dbias[c] += dz;
                for i in 0..h {
                    g.dx[k * h + i] += dz * self.w[c * h + i];
                    g.dw[c * h + i] += dz * self.x[k * h + i];
                }
            }
        }
        g
    }
}
