//! One token's PPO-family GRPO terms on the host, in f64: the formulas of the module doc of
//! [`crate::grpo_loss`] (PARITY.md 4.9) for callers that hold each token's log-probability on
//! the host rather than a logits row on the device (`crate::chunked_grpo`, whose logits come
//! one chunk at a time from the fused linear chunk loop). The kernels of this module trace the
//! same formulas as tile code; this is their scalar form, with the same tie and clamp rules.
//!
//! With `r = exp(logp - old)`, `c2 = clamp(r, 1 - eps_low, 1 + eps_high)`, `r' = min(r, delta)`
//! (delta set) and `A` the advantage: `l = -min(r' A, c2 A)`, clipped where `r < 1 - eps_low`
//! with `A < 0` or `r > 1 + eps_high` with `A > 0`; with `beta != 0`, `kl = exp(ref - logp) -
//! (ref - logp) - 1` (times `r` with the bias correction) and `l += beta kl`. `d l / d logp` is
//! the smaller branch's (the unclipped one on ties, `-r A` unless delta clamps; the clip branch
//! `-r A` inside `[1 - eps_low, 1 + eps_high]`, else 0) plus `beta (1 - exp(ref - logp))`, or
//! `-beta r (ref - logp)` with the bias correction. A detached `old` or `ref` is the caller's:
//! pass `old = logp` for Liger's `old_per_token_logps=None` (then `r = 1`, `dr/dlogp = 1`) and
//! `ref = logp` for a missing reference (`kl = 0` and no KL gradient).

/// The PPO family's parameters (those of [`super::GrpoOptions`] the token terms read).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PpoParams {
    pub beta: f64,
    pub eps_low: f64,
    pub eps_high: f64,
    pub delta: Option<f64>,
    pub use_bias_correction_kl: bool,
}

/// One token's loss (unmasked), its derivative w.r.t. `logp`, its KL term and whether it is
/// clipped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TokenTerms {
    pub loss: f64,
    pub dlogp: f64,
    pub kl: f64,
    pub clipped: bool,
}

/// The terms of one token (module doc).
pub fn ppo_token(p: &PpoParams, logp: f64, old: f64, a: f64, reference: f64) -> TokenTerms {
    let r = (logp - old).exp();
    let (lo, hi) = (1.0 - p.eps_low, 1.0 + p.eps_high);
    let c2 = r.max(lo).min(hi);
    let r1 = p.delta.map_or(r, |d| r.min(d));
    let (unclipped, clip) = (r1 * a, c2 * a);
    let (mut loss, mut dlogp) = if unclipped <= clip {
        let passes = p.delta.is_none_or(|d| r <= d);
        (-unclipped, if passes { -r * a } else { 0.0 })
    } else {
        let passes = lo <= r && r <= hi;
        (-clip, if passes { -r * a } else { 0.0 })
    };
    let clipped = (r < lo && a < 0.0) || (r > hi && a > 0.0);
    let mut kl = 0.0;
    if p.beta != 0.0 {
        let d = reference - logp;
        kl = d.exp() - d - 1.0;
        let dkl = if p.use_bias_correction_kl {
            kl *= r;
            -r * d
        } else {
            1.0 - d.exp()
        };
        loss += p.beta * kl;
        dlogp += p.beta * dkl;
    }
    TokenTerms {
        loss,
        dlogp,
        kl,
        clipped,
    }
}
