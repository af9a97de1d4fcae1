//! FP64 oracle of the GRPO token loss over materialised logits (Liger's `GrpoLossFunction` with
//! `reduce=False` at token level, PARITY.md 4.9). Logits are `[B, L+1, V]` row-major; token
//! `(b, l)` (`l < L`) reads row `b (L+1) + l` and its completion id `y`; the last position of
//! every sequence is never read and gets a zero gradient.
//!
//! Per token, with `T` the temperature and `A` the sequence's advantage:
//! `logp = z_y/T - logsumexp(z/T)`, `r = exp(logp - old)` (`old = logp`, detached, when absent);
//! - PPO family (grpo, dapo, bnpo, dr_grpo, luspo): `c2 = clamp(r, 1 - eps_low, 1 + eps_high)`,
//!   `r' = min(r, delta)` when delta is set, `l = -min(r' A, c2 A)`; clipped when
//!   `r < 1 - eps_low` with `A < 0` or `r > 1 + eps_high` with `A > 0`;
//! - cispo: `l = -c A logp` with `c = min(r, eps_high)` detached; clipped when `r > eps_high`
//!   with `A > 0`;
//! - sapo: `tau = A > 0 ? tau_pos : tau_neg`, `l = -(4/tau) sigmoid(tau (r - 1)) A`; never clipped;
//! - with `beta != 0`: `kl = exp(ref - logp) - (ref - logp) - 1` (times `r` with the bias
//!   correction), `l += beta kl`.
//!
//! The gradient of the PPO minimum is its smaller branch's, the unclipped one on ties, each
//! clamp passing `dr` through where it leaves `r` as it is (bounds included): Liger's analytic
//! gradient except where `delta < r <= 1 + eps_high` with `A < 0` (and `delta < 1 + eps_high`),
//! where the clip branch `c2 A = r A` is the minimum and Liger drops its gradient.
//!
//! The outputs are `l m`, `kl m` and `clipped m` with `m` the mask (1 without one), exactly 0
//! where `m = 0`. The gradient is that of `sum dloss l m` w.r.t. the logits with the detached
//! quantities held constant; it is written here from the chain rule through [`Detached`]: the
//! surrogate [`token_terms`] takes the detached values as constants, and [`forward`] is the
//! surrogate at its own detached values, so central differences of the surrogate check
//! [`backward`] (its unit tests). Softmaxes are computed per row, max-shifted, from the formula.

/// The per-token surrogate objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surrogate {
    /// grpo, dapo, bnpo, dr_grpo, luspo: PPO's clipped ratio.
    Ppo,
    /// Clipped, detached importance weight times the log-probability.
    Cispo,
    /// Sigmoid-gated ratio.
    Sapo,
}

/// The loss's parameters (PARITY.md 4.9).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    pub temperature: f64,
    pub beta: f64,
    pub eps_low: f64,
    pub eps_high: f64,
    pub surrogate: Surrogate,
    pub delta: Option<f64>,
    pub bias_correction_kl: bool,
    pub sapo_temperature_pos: f64,
    pub sapo_temperature_neg: f64,
}

/// One call's inputs.
#[derive(Clone, Copy, Debug)]
pub struct Inputs<'a> {
    /// `[B, L+1, V]`.
    pub logits: &'a [f64],
    pub b: usize,
    pub l: usize,
    pub v: usize,
    /// `[B, L]`, each in `0..V` where the mask is not 0.
    pub ids: &'a [i64],
    /// `[B]`.
    pub advantages: &'a [f64],
    /// `[B, L]`; `None`: every token counts with weight 1.
    pub mask: Option<&'a [f64]>,
    /// `[B, L]`; `None`: `old = logp`, detached.
    pub old_logp: Option<&'a [f64]>,
    /// `[B, L]`; read only when `beta != 0`.
    pub ref_logp: Option<&'a [f64]>,
}

/// The forward's per-token values, `[B, L]`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Forward {
    pub loss: Vec<f64>,
    pub kl: Vec<f64>,
    pub is_clipped: Vec<f64>,
    /// `logsumexp(z/T)` of every counted token's row (0 where the mask is 0).
    pub lse: Vec<f64>,
}

/// The quantities the loss detaches, per token, as the forward sees them: `old` (the given
/// `old_logp`, or the token's own `logp`) and cispo's coefficient `min(r, eps_high)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Detached {
    pub old: Vec<f64>,
    pub cispo_coef: Vec<f64>,
}

/// The logits row of token `t` (`b L + l`).
fn row<'a>(x: &Inputs<'a>, t: usize) -> &'a [f64] {
    let r = t + t / x.l;
    &x.logits[r * x.v..(r + 1) * x.v]
}

/// `logsumexp(z / T)` of one row.
pub fn scaled_logsumexp(z: &[f64], temperature: f64) -> f64 {
    let m = z
        .iter()
        .map(|v| v / temperature)
        .fold(f64::NEG_INFINITY, f64::max);
    m + z
        .iter()
        .map(|v| (v / temperature - m).exp())
        .sum::<f64>()
        .ln()
}

/// `softmax(z / T)` of one row.
pub fn scaled_softmax(z: &[f64], temperature: f64) -> Vec<f64> {
    let m = z
        .iter()
        .map(|v| v / temperature)
        .fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = z.iter().map(|v| (v / temperature - m).exp()).collect();
    let total: f64 = e.iter().sum();
    e.into_iter().map(|v| v / total).collect()
}

/// Token `t`'s mask value (1 without a mask).
fn weight(x: &Inputs<'_>, t: usize) -> f64 {
    x.mask.map_or(1.0, |m| m[t])
}

/// Token `t`'s `logp = z_y/T - logsumexp(z/T)` and the logsumexp.
pub fn token_logp(x: &Inputs<'_>, o: &Options, t: usize) -> (f64, f64) {
    let z = row(x, t);
    let lse = scaled_logsumexp(z, o.temperature);
    (z[x.ids[t] as usize] / o.temperature - lse, lse)
}

/// The detached values at the inputs' logits.
pub fn detached(x: &Inputs<'_>, o: &Options) -> Detached {
    let n = x.b * x.l;
    let mut d = Detached {
        old: vec![0.0; n],
        cispo_coef: vec![0.0; n],
    };
    for t in 0..n {
        if weight(x, t) == 0.0 {
            continue;
        }
        let (logp, _) = token_logp(x, o, t);
        let old = x.old_logp.map_or(logp, |v| v[t]);
        d.old[t] = old;
        d.cispo_coef[t] = (logp - old).exp().min(o.eps_high);
    }
    d
}

/// One token's `(l, kl, clipped)` (unmasked) as functions of its `logp`, with the detached
/// values `old` and `cispo_coef` held constant.
pub fn token_terms(
    o: &Options,
    logp: f64,
    old: f64,
    cispo_coef: f64,
    a: f64,
    ref_logp: f64,
) -> (f64, f64, f64) {
    let r = (logp - old).exp();
    let (mut loss, clipped) = match o.surrogate {
        Surrogate::Ppo => {
            let (lo, hi) = (1.0 - o.eps_low, 1.0 + o.eps_high);
            let c2 = r.max(lo).min(hi);
            let r1 = o.delta.map_or(r, |d| r.min(d));
            let clipped = (r < lo && a < 0.0) || (r > hi && a > 0.0);
            (-(r1 * a).min(c2 * a), clipped)
        }
        Surrogate::Cispo => (-cispo_coef * a * logp, r > o.eps_high && a > 0.0),
        Surrogate::Sapo => {
            let tau = if a > 0.0 {
                o.sapo_temperature_pos
            } else {
                o.sapo_temperature_neg
            };
            let s = 1.0 / (1.0 + (-tau * (r - 1.0)).exp());
            (-(4.0 / tau) * s * a, false)
        }
    };
    let mut kl = 0.0;
    if o.beta != 0.0 {
        let d = ref_logp - logp;
        kl = d.exp() - d - 1.0;
        if o.bias_correction_kl {
            kl *= r;
        }
        loss += o.beta * kl;
    }
    (loss, kl, if clipped { 1.0 } else { 0.0 })
}

/// The surrogate's forward with the detached values `det`: [`forward`] when `det` is
/// [`detached`] at the same logits.
pub fn forward_with(x: &Inputs<'_>, o: &Options, det: &Detached) -> Forward {
    let n = x.b * x.l;
    let mut f = Forward {
        loss: vec![0.0; n],
        kl: vec![0.0; n],
        is_clipped: vec![0.0; n],
        lse: vec![0.0; n],
    };
    for t in 0..n {
        let m = weight(x, t);
        if m == 0.0 {
            continue;
        }
        let (logp, lse) = token_logp(x, o, t);
        let reference = x.ref_logp.map_or(0.0, |v| v[t]);
        let (loss, kl, clipped) = token_terms(
            o,
            logp,
            det.old[t],
            det.cispo_coef[t],
            x.advantages[t / x.l],
            reference,
        );
        f.loss[t] = loss * m;
        f.kl[t] = kl * m;
        f.is_clipped[t] = clipped * m;
        f.lse[t] = lse;
    }
    f
}

/// The forward (module doc).
pub fn forward(x: &Inputs<'_>, o: &Options) -> Forward {
    forward_with(x, o, &detached(x, o))
}

/// `d l / d logp` of one token (unmasked), the detached values constant.
pub fn token_dlogp(
    o: &Options,
    logp: f64,
    old: f64,
    cispo_coef: f64,
    a: f64,
    reference: f64,
) -> f64 {
    let r = (logp - old).exp();
    let mut g = match o.surrogate {
        Surrogate::Ppo => {
            let (lo, hi) = (1.0 - o.eps_low, 1.0 + o.eps_high);
            let c2 = r.max(lo).min(hi);
            let r1 = o.delta.map_or(r, |d| r.min(d));
            // d r' / d logp and d c2 / d logp: r where the clamp passes r through (bounds
            // included), 0 where it is flat.
            let d1 = if o.delta.is_none_or(|d| r <= d) {
                r
            } else {
                0.0
            };
            let d2 = if lo <= r && r <= hi { r } else { 0.0 };
            // l = -min(r' A, c2 A): the derivative of the smaller branch (the unclipped one
            // on ties).
            if r1 * a <= c2 * a {
                -d1 * a
            } else {
                -d2 * a
            }
        }
        Surrogate::Cispo => -cispo_coef * a,
        Surrogate::Sapo => {
            let tau = if a > 0.0 {
                o.sapo_temperature_pos
            } else {
                o.sapo_temperature_neg
            };
            let s = 1.0 / (1.0 + (-tau * (r - 1.0)).exp());
            // d/dr (4/tau) sigmoid(tau (r - 1)) = 4 s (1 - s); dr/dlogp = r.
            -a * 4.0 * s * (1.0 - s) * r
        }
    };
    if o.beta != 0.0 {
        let d = reference - logp;
        // d kl / d logp = 1 - e^d; with the bias correction d(r kl)/d logp = r kl + r (1 - e^d)
        // = r (-d).
        g += o.beta
            * if o.bias_correction_kl {
                -r * d
            } else {
                1.0 - d.exp()
            };
    }
    g
}

/// The gradient of `sum_t dloss_t (l m)_t` w.r.t. the logits, `[B, L+1, V]`: per counted token
/// `dz_v = dloss m (d l / d logp) ([v = y] - softmax(z/T)_v) / T`; 0 elsewhere (masked tokens and
/// every sequence's last position).
pub fn backward(x: &Inputs<'_>, o: &Options, dloss: &[f64]) -> Vec<f64> {
    let det = detached(x, o);
    let mut g = vec![0.0; x.logits.len()];
    for t in 0..x.b * x.l {
        let m = weight(x, t);
        if m == 0.0 {
            continue;
        }
        let (logp, _) = token_logp(x, o, t);
        let reference = x.ref_logp.map_or(0.0, |v| v[t]);
        let dlogp = token_dlogp(
            o,
            logp,
            det.old[t],
            det.cispo_coef[t],
            x.advantages[t / x.l],
            reference,
        );
        let p = scaled_softmax(row(x, t), o.temperature);
        let r = t + t / x.l;
        let y = x.ids[t] as usize;
        for (j, pj) in p.iter().enumerate() {
            let hit = if j == y { 1.0 } else { 0.0 };
            g[r * x.v + j] = dloss[t] * m * dlogp * (hit - pj) / o.temperature;
        }
    }
    g
}

/// Liger's `reduce=True` of per-token outputs `[b, l]` (`loss` and `kl` already times the
/// mask `m`): `(loss, kl_mean, clip_ratio)`, by loss type's name: grpo/sapo
/// `mean_b(sum_t loss / max(1, sum_t m))`, bnpo `sum loss / max(1, sum m)`, dr_grpo
/// `sum loss / (b max_len)`, dapo/cispo `sum loss / max(1, normalizer or sum m)`, luspo
/// `mean_(b,t)(loss sum_t m)`; the metrics are sums over `max(1, sum m)`.
#[allow(clippy::too_many_arguments)]
pub fn reduce(
    loss_type: &str,
    loss: &[f64],
    kl: &[f64],
    is_clipped: &[f64],
    mask: &[f64],
    (b, l): (usize, usize),
    max_len: Option<usize>,
    normalizer: Option<f64>,
) -> (f64, f64, f64) {
    let total_mask: f64 = mask.iter().sum();
    let seq_mask = |s: usize| -> f64 { mask[s * l..(s + 1) * l].iter().sum() };
    let seq_loss = |s: usize| -> f64 { loss[s * l..(s + 1) * l].iter().sum() };
    let total_loss: f64 = loss.iter().sum();
    let reduced = match loss_type {
        "grpo" | "sapo" => {
            (0..b)
                .map(|s| seq_loss(s) / seq_mask(s).max(1.0))
                .sum::<f64>()
                / b as f64
        }
        "bnpo" => total_loss / total_mask.max(1.0),
        "dr_grpo" => total_loss / (b * max_len.unwrap_or(l)) as f64,
        "dapo" | "cispo" => total_loss / normalizer.unwrap_or(total_mask).max(1.0),
        "luspo" => (0..b * l).map(|t| loss[t] * seq_mask(t / l)).sum::<f64>() / (b * l) as f64,
        // An unknown name: no reduction (NaN fails any comparison).
        _ => f64::NAN,
    };
    let count = total_mask.max(1.0);
    (
        reduced,
        kl.iter().sum::<f64>() / count,
        is_clipped.iter().sum::<f64>() / count,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    fn normal(n: usize, scale: f64, rng: &mut Rng) -> Vec<f64> {
        (0..n).map(|_| scale * rng.normal_f64()).collect()
    }

    fn options(surrogate: Surrogate) -> Options {
        Options {
            temperature: 0.9,
            beta: 0.04,
            eps_low: 0.2,
            eps_high: 0.4,
            surrogate,
            delta: None,
            bias_correction_kl: false,
            sapo_temperature_pos: 1.0,
            sapo_temperature_neg: 1.05,
        }
    }

    /// Hand-computed tokens: two classes at T = 1, so `logp` is a log-sigmoid.
    #[test]
    fn known_tokens() {
        // Row [1, 0], id 0: logp = -ln(1 + e^-1).
        let logits = [1.0, 0.0, 5.0, 5.0];
        let logp = -(1.0 + (-1f64).exp()).ln();
        let mut o = options(Surrogate::Ppo);
        o.temperature = 1.0;
        o.beta = 0.0;
        let x = Inputs {
            logits: &logits,
            b: 1,
            l: 1,
            v: 2,
            ids: &[0],
            advantages: &[2.0],
            mask: None,
            old_logp: Some(&[logp - 1.0]),
            ref_logp: None,
        };
        // r = e > 1.4 with A > 0: clipped at 1.4, l = -1.4 A, no gradient.
        let f = forward(&x, &o);
        assert!((f.loss[0] + 1.4 * 2.0).abs() < 1e-12, "{f:?}");
        assert_eq!(f.is_clipped[0], 1.0);
        assert!((f.lse[0] - (1.0 + (1.0 + (-1f64).exp()).ln())).abs() < 1e-12);
        assert!(backward(&x, &o, &[1.0]).iter().all(|g| *g == 0.0));
        // Without old_logp: r = 1, l = -A, dlogp = -A; beta's KL against ref = logp is 0.
        o.beta = 0.5;
        let none = Inputs {
            old_logp: None,
            ref_logp: Some(&[logp]),
            ..x
        };
        let f = forward(&none, &o);
        assert!(
            (f.loss[0] + 2.0).abs() < 1e-12 && f.kl[0].abs() < 1e-15,
            "{f:?}"
        );
        let g = backward(&none, &o, &[1.0]);
        let p0 = 1.0 / (1.0 + (-1f64).exp());
        assert!((g[0] - (-2.0 * (1.0 - p0))).abs() < 1e-12, "{g:?}");
        assert!((g[1] - (-2.0 * -(1.0 - p0))).abs() < 1e-12, "{g:?}");
        // The last position (row 1) is never read.
        assert_eq!(&g[2..], [0.0, 0.0]);
        // A masked token gives zeros everywhere.
        let masked = Inputs {
            mask: Some(&[0.0]),
            ..none
        };
        let f = forward(&masked, &o);
        assert_eq!((f.loss[0], f.kl[0], f.is_clipped[0]), (0.0, 0.0, 0.0));
        assert!(backward(&masked, &o, &[1.0]).iter().all(|g| *g == 0.0));
    }

    /// A random problem of `b` sequences of `l` tokens over `v` classes, with old log-probs
    /// around the tokens' own (ratios in about e^(+-1)), some masked tokens and some zero
    /// advantages.
    struct Problem {
        logits: Vec<f64>,
        ids: Vec<i64>,
        adv: Vec<f64>,
        mask: Vec<f64>,
        old: Vec<f64>,
        reference: Vec<f64>,
        b: usize,
        l: usize,
        v: usize,
    }

    impl Problem {
        fn new(b: usize, l: usize, v: usize, o: &Options, rng: &mut Rng) -> Problem {
            let logits = normal(b * (l + 1) * v, 2.0, rng);
            let ids: Vec<i64> = (0..b * l).map(|_| rng.below(v as u64) as i64).collect();
            // Advantages of both signs, and a zero one.
            let mut adv = normal(b, 1.0, rng);
            adv[0] = -adv[0].abs() - 0.1;
            if b > 1 {
                adv[1] = adv[1].abs() + 0.1;
            }
            if b > 2 {
                adv[2] = 0.0;
            }
            let mask: Vec<f64> = (0..b * l)
                .map(|t| if t % 5 == 3 { 0.0 } else { 1.0 })
                .collect();
            let mut p = Problem {
                logits,
                ids,
                adv,
                mask,
                old: vec![],
                reference: vec![],
                b,
                l,
                v,
            };
            let base = p.inputs(false, false);
            let logps: Vec<f64> = (0..b * l).map(|t| token_logp(&base, o, t).0).collect();
            p.old = logps.iter().map(|lp| lp + 0.5 * rng.normal_f64()).collect();
            p.reference = logps.iter().map(|lp| lp + 0.7 * rng.normal_f64()).collect();
            p
        }

        fn inputs(&self, with_old: bool, with_ref: bool) -> Inputs<'_> {
            Inputs {
                logits: &self.logits,
                b: self.b,
                l: self.l,
                v: self.v,
                ids: &self.ids,
                advantages: &self.adv,
                mask: Some(&self.mask),
                old_logp: with_old.then_some(&self.old[..]),
                ref_logp: with_ref.then_some(&self.reference[..]),
            }
        }
    }

    /// Whether a token's ratio is near a kink of the PPO surrogate (where a step of `h` could
    /// change branch).
    fn near_kink(o: &Options, r: f64) -> bool {
        let mut kinks = vec![1.0 - o.eps_low, 1.0 + o.eps_high, o.eps_high];
        kinks.extend(o.delta);
        kinks.iter().any(|k| (r - k).abs() < 1e-3)
    }

    /// The gradient matches central differences of `sum dloss (l m)` with the detached values
    /// frozen at the point, for every surrogate, with and without old log-probs, KL and its bias
    /// correction, and delta; masked tokens and the last positions get exact zeros.
    #[test]
    fn gradients_match_central_differences() {
        let mut rng = Rng::new(4900);
        let mut checked = 0;
        let mut clipped_seen = [false; 2];
        let mut clip_branch_below_delta = 0;
        for surrogate in [Surrogate::Ppo, Surrogate::Cispo, Surrogate::Sapo] {
            for (beta, bias, delta, with_old) in [
                (0.0, false, None, true),
                (0.04, false, None, true),
                (0.3, true, None, true),
                (0.3, true, None, false),
                (0.1, false, None, false),
                (0.0, false, Some(1.6), true),
                // delta below 1 + eps_high: with A < 0 and delta < r <= 1 + eps_high the
                // minimum is the clip branch c2 A = r A, which has a gradient.
                (0.04, false, Some(1.1), true),
            ] {
                if delta.is_some() && surrogate != Surrogate::Ppo {
                    continue;
                }
                let mut o = options(surrogate);
                o.beta = beta;
                o.bias_correction_kl = bias;
                o.delta = delta;
                if surrogate == Surrogate::Cispo {
                    o.eps_high = 1.2;
                }
                let p = Problem::new(4, 6, 5, &o, &mut rng);
                let x = p.inputs(with_old, beta != 0.0);
                let det = detached(&x, &o);
                let away = (0..p.b * p.l).all(|t| {
                    let (logp, _) = token_logp(&x, &o, t);
                    !near_kink(&o, (logp - det.old[t]).exp())
                });
                if !away {
                    continue;
                }
                checked += 1;
                let f = forward(&x, &o);
                for t in 0..p.b * p.l {
                    let r = (token_logp(&x, &o, t).0 - det.old[t]).exp();
                    let a = p.adv[t / p.l];
                    if o.delta.is_some_and(|d| d < r && r <= 1.0 + o.eps_high) && a < 0.0 {
                        clip_branch_below_delta += 1;
                    }
                }
                for (t, c) in f.is_clipped.iter().enumerate() {
                    if *c == 1.0 {
                        clipped_seen[usize::from(p.adv[t / p.l] > 0.0)] = true;
                    }
                }
                let dloss = normal(p.b * p.l, 1.0, &mut rng);
                let g = backward(&x, &o, &dloss);
                let objective = |z: &[f64]| {
                    let xz = Inputs { logits: z, ..x };
                    let f = forward_with(&xz, &o, &det);
                    f.loss.iter().zip(&dloss).map(|(a, b)| a * b).sum::<f64>()
                };
                for i in 0..p.logits.len() {
                    let h = 1e-6;
                    let (mut a, mut b) = (p.logits.clone(), p.logits.clone());
                    a[i] += h;
                    b[i] -= h;
                    let fd = (objective(&a) - objective(&b)) / (2.0 * h);
                    assert!(
                        (fd - g[i]).abs() < 1e-7 * (1.0 + g[i].abs()),
                        "{surrogate:?} beta={beta} bias={bias} delta={delta:?} old={with_old} \
                         [{i}]: {} vs {fd}",
                        g[i]
                    );
                }
                // Masked tokens and last positions: exact zeros.
                for t in 0..p.b * p.l {
                    if p.mask[t] == 0.0 {
                        let r = t + t / p.l;
                        assert!(g[r * p.v..(r + 1) * p.v].iter().all(|v| *v == 0.0));
                        assert_eq!(f.loss[t], 0.0);
                    }
                }
                for s in 0..p.b {
                    let r = s * (p.l + 1) + p.l;
                    assert!(g[r * p.v..(r + 1) * p.v].iter().all(|v| *v == 0.0));
                }
            }
        }
        assert!(checked >= 12, "only {checked} points were away from kinks");
        assert_eq!(clipped_seen, [true, true], "clipping on both sides");
        assert!(
            clip_branch_below_delta > 0,
            "no token took the clip branch above delta"
        );
    }

    /// The bias-corrected KL's gradient without old log-probs is `beta (logp - ref)` (r = 1),
    /// and the surrogates' signs: a positive advantage lowers the loss as logp rises.
    #[test]
    fn closed_forms() {
        let mut o = options(Surrogate::Ppo);
        o.bias_correction_kl = true;
        o.beta = 0.5;
        let g = token_dlogp(&o, -1.0, -1.0, 0.0, 0.0, -3.0);
        assert!((g - 0.5 * 2.0).abs() < 1e-15);
        for s in [Surrogate::Ppo, Surrogate::Cispo, Surrogate::Sapo] {
            let mut o = options(s);
            o.beta = 0.0;
            assert!(token_dlogp(&o, -1.0, -1.0, 1.0, 1.0, 0.0) < 0.0, "{s:?}");
            assert!(token_dlogp(&o, -1.0, -1.0, 1.0, -1.0, 0.0) > 0.0, "{s:?}");
        }
        // SAPO at r = 1: sigmoid 1/2, l = -(2/tau) A, dlogp = -A.
        let o = options(Surrogate::Sapo);
        let (l, ..) = token_terms(&Options { beta: 0.0, ..o }, -2.0, -2.0, 0.0, 1.0, 0.0);
        assert!((l + 2.0).abs() < 1e-15);
        let g = token_dlogp(&Options { beta: 0.0, ..o }, -2.0, -2.0, 0.0, -1.0, 0.0);
        assert!((g - 1.0).abs() < 1e-15);
    }
}
