//! FP64 oracle of Liger's paired chunked preference losses (DPO, CPO, ORPO, SimPO; PARITY.md
//! 5.1), written from the contract's formulas and unchunked: the logits `z = x W^T + b` of all
//! `2B` sequences of `T` tokens materialised in f64 (the product of [`super::matmul`]), per
//! token `log p(y) = z_y - lse(z)`, per sequence `lp = sum_t mask log p(y_t)` (divided by
//! `max(sum_t mask, 1)` when `average_log_prob`), the NLL of the chosen half over the global
//! count of its non-ignored tokens, the pair losses summed over pairs and divided by `B`, and
//! the aux outputs. The gradients of the pair losses with respect to each sequence's `lp` come
//! from forward-mode dual numbers through the same pair formulas (so they are not a second hand
//! derivation), then the chain rule through `log p` and the product.

use super::matmul::{Grads, Product};

/// DPO's `loss_type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DpoLossType {
    Sigmoid,
    Hinge,
    /// Liger raises; so does the operator (a typed error).
    Ipo,
    ExoPair,
    NcaPair,
    Robust,
    BcoPair,
    SppoHard,
    ApoZero,
    ApoDown,
    Discopop,
}

impl DpoLossType {
    pub const ALL: [DpoLossType; 11] = [
        DpoLossType::Sigmoid,
        DpoLossType::Hinge,
        DpoLossType::Ipo,
        DpoLossType::ExoPair,
        DpoLossType::NcaPair,
        DpoLossType::Robust,
        DpoLossType::BcoPair,
        DpoLossType::SppoHard,
        DpoLossType::ApoZero,
        DpoLossType::ApoDown,
        DpoLossType::Discopop,
    ];

    /// Liger's name.
    pub fn name(self) -> &'static str {
        match self {
            DpoLossType::Sigmoid => "sigmoid",
            DpoLossType::Hinge => "hinge",
            DpoLossType::Ipo => "ipo",
            DpoLossType::ExoPair => "exo_pair",
            DpoLossType::NcaPair => "nca_pair",
            DpoLossType::Robust => "robust",
            DpoLossType::BcoPair => "bco_pair",
            DpoLossType::SppoHard => "sppo_hard",
            DpoLossType::ApoZero => "apo_zero",
            DpoLossType::ApoDown => "apo_down",
            DpoLossType::Discopop => "discopop",
        }
    }

    pub fn parse(s: &str) -> Option<DpoLossType> {
        DpoLossType::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// Which pair loss, with its own options.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PairLoss {
    Dpo {
        loss_type: DpoLossType,
        label_smoothing: f64,
        discopop_tau: f64,
    },
    Cpo {
        label_smoothing: f64,
    },
    Orpo,
    Simpo {
        gamma: f64,
        label_smoothing: f64,
    },
}

impl PairLoss {
    /// The operator's name (`chunked_<loss>`).
    pub fn op(&self) -> &'static str {
        match self {
            PairLoss::Dpo { .. } => "chunked_dpo",
            PairLoss::Cpo { .. } => "chunked_cpo",
            PairLoss::Orpo => "chunked_orpo",
            PairLoss::Simpo { .. } => "chunked_simpo",
        }
    }
}

/// The loss's options (the operator adds its chunking, reference switch and gradient dtype).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrefOptions {
    pub loss: PairLoss,
    pub beta: f64,
    /// The NLL term's weight.
    pub alpha: f64,
    pub compute_nll: bool,
    pub average_log_prob: bool,
    pub ignore_index: i64,
}

impl PrefOptions {
    /// Liger's `LigerFusedLinearDPOFunction` defaults: sigmoid, β 0.1, no NLL, sums.
    pub fn dpo() -> Self {
        PrefOptions {
            loss: PairLoss::Dpo {
                loss_type: DpoLossType::Sigmoid,
                label_smoothing: 0.0,
                discopop_tau: 0.05,
            },
            beta: 0.1,
            alpha: 1.0,
            compute_nll: false,
            average_log_prob: false,
            ignore_index: -100,
        }
    }

    /// `LigerFusedLinearCPOFunction`'s: β 0.1, α 1, no smoothing, NLL on, sums.
    pub fn cpo() -> Self {
        PrefOptions {
            loss: PairLoss::Cpo {
                label_smoothing: 0.0,
            },
            compute_nll: true,
            ..Self::dpo()
        }
    }

    /// `LigerFusedLinearORPOFunction`'s: β 0.1, NLL on (α 1), averages (fixed).
    pub fn orpo() -> Self {
        PrefOptions {
            loss: PairLoss::Orpo,
            compute_nll: true,
            average_log_prob: true,
            ..Self::dpo()
        }
    }

    /// `LigerFusedLinearSimPOFunction`'s: β 0.1, γ 0.5, NLL off, averages (fixed).
    pub fn simpo() -> Self {
        PrefOptions {
            loss: PairLoss::Simpo {
                gamma: 0.5,
                label_smoothing: 0.0,
            },
            compute_nll: false,
            average_log_prob: true,
            ..Self::dpo()
        }
    }
}

/// A frozen reference model's head: `x` `[2B, T, h]`, `w` `[V, h]`, optional bias `[V]`.
#[derive(Clone, Copy, Debug)]
pub struct RefModel<'a> {
    pub h: usize,
    pub x: &'a [f64],
    pub w: &'a [f64],
    pub bias: Option<&'a [f64]>,
}

/// One problem: `2B` sequences (chosen `0..B`, rejected `B..2B`) of `T` tokens, `x`
/// `[2B, T, H]`, `w` `[V, H]`, `bias` `[V]`, `target` `[2B, T]`.
#[derive(Clone, Copy, Debug)]
pub struct Pref<'a> {
    pub pairs: usize,
    pub t: usize,
    pub h: usize,
    pub v: usize,
    pub x: &'a [f64],
    pub w: &'a [f64],
    pub bias: Option<&'a [f64]>,
    pub target: &'a [i64],
    pub reference: Option<RefModel<'a>>,
    pub opts: PrefOptions,
}

/// The forward's outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct PrefOut {
    pub loss: f64,
    pub chosen_lp: Vec<f64>,
    pub rejected_lp: Vec<f64>,
    pub chosen_logits_mean: f64,
    pub rejected_logits_mean: f64,
    pub nll: f64,
    /// `β Δc`, `β Δr` (DPO) or `β c`, `β r` (the others), `[B]`.
    pub chosen_rewards: Vec<f64>,
    pub rejected_rewards: Vec<f64>,
    /// ORPO's mean `log σ(lo)` and mean `lo`.
    pub orpo: Option<(f64, f64)>,
}

/// A dual number `a + b ε` (`ε² = 0`): its `b` carries a derivative forward.
#[derive(Clone, Copy, Debug)]
struct Dual(f64, f64);

impl std::ops::Add for Dual {
    type Output = Dual;
    fn add(self, o: Dual) -> Dual {
        Dual(self.0 + o.0, self.1 + o.1)
    }
}

impl std::ops::Sub for Dual {
    type Output = Dual;
    fn sub(self, o: Dual) -> Dual {
        Dual(self.0 - o.0, self.1 - o.1)
    }
}

impl std::ops::Mul for Dual {
    type Output = Dual;
    fn mul(self, o: Dual) -> Dual {
        Dual(self.0 * o.0, self.0 * o.1 + self.1 * o.0)
    }
}

impl std::ops::Neg for Dual {
    type Output = Dual;
    fn neg(self) -> Dual {
        Dual(-self.0, -self.1)
    }
}

impl Dual {
    fn c(a: f64) -> Dual {
        Dual(a, 0.0)
    }

    fn scale(self, k: f64) -> Dual {
        Dual(self.0 * k, self.1 * k)
    }

    fn exp(self) -> Dual {
        let e = self.0.exp();
        Dual(e, e * self.1)
    }

    /// `ln(1 + a)`; a constant stays one (ORPO's `ln(1 - e^c)` of an empty sequence's
    /// `c = 0` is `-inf`, and no derivative flows through it).
    fn ln_1p(self) -> Dual {
        let d = if self.1 == 0.0 {
            0.0
        } else {
            self.1 / (1.0 + self.0)
        };
        Dual(self.0.ln_1p(), d)
    }

    fn sigmoid(self) -> Dual {
        let s = 1.0 / (1.0 + (-self.0).exp());
        Dual(s, s * (1.0 - s) * self.1)
    }

    /// `ln σ(a) = -ln(1 + e^-a)`, evaluated without overflow.
    fn log_sigmoid(self) -> Dual {
        let a = self.0;
        let v = if a >= 0.0 {
            -(-a).exp().ln_1p()
        } else {
            a - a.exp().ln_1p()
        };
        Dual(v, self.1 / (1.0 + a.exp()))
    }

    fn relu(self) -> Dual {
        if self.0 > 0.0 {
            self
        } else {
            Dual(0.0, 0.0)
        }
    }
}

/// Each row's `(log p(y), softmax)` of the logits `z` (`[rows, v]`), `log p` 0 on rows whose
/// target is `ignore`.
fn row_log_probs(z: &[f64], target: &[i64], v: usize, ignore: i64) -> Vec<(f64, Vec<f64>)> {
    (0..target.len())
        .map(|i| {
            let row = &z[i * v..(i + 1) * v];
            let m = row.iter().fold(f64::NEG_INFINITY, |a, z| a.max(*z));
            let s: f64 = row.iter().map(|z| (z - m).exp()).sum();
            let lse = m + s.ln();
            let p = row.iter().map(|z| (z - lse).exp()).collect();
            let lp = if target[i] != ignore {
                row[target[i] as usize] - lse
            } else {
                0.0
            };
            (lp, p)
        })
        .collect()
}

/// Sequence sums of per-row values (`t` rows each), divided by each sequence's divisor.
fn sequence_sums(rows: &[f64], t: usize, divisors: &[f64]) -> Vec<f64> {
    divisors
        .iter()
        .enumerate()
        .map(|(s, d)| rows[s * t..(s + 1) * t].iter().sum::<f64>() / d)
        .collect()
}

/// The divisor of each of `seqs` sequences of `t` tokens: its unmasked count (at least 1) when
/// `average`, else 1.
fn seq_divisors(target: &[i64], seqs: usize, t: usize, ignore: i64, average: bool) -> Vec<f64> {
    (0..seqs)
        .map(|s| {
            if average {
                let n = target[s * t..(s + 1) * t]
                    .iter()
                    .filter(|y| **y != ignore)
                    .count();
                n.max(1) as f64
            } else {
                1.0
            }
        })
        .collect()
}

impl Pref<'_> {
    fn rows(&self) -> usize {
        2 * self.pairs * self.t
    }

    fn product<'b>(
        &self,
        x: &'b [f64],
        w: &'b [f64],
        h: usize,
        bias: Option<&'b [f64]>,
    ) -> Product<'b> {
        Product {
            m: self.rows(),
            n: self.v,
            k: h,
            x,
            w,
            kn: false,
            bias,
            activation: "none",
        }
    }

    /// The policy's logits `[2B T, V]`.
    pub fn logits(&self) -> Vec<f64> {
        self.product(self.x, self.w, self.h, self.bias).forward().0
    }

    fn valid(&self, row: usize) -> bool {
        self.target[row] != self.opts.ignore_index
    }

    /// Each row's `(log p(y), softmax)` of `z` (`log p` 0 on ignored rows).
    fn log_probs(&self, z: &[f64]) -> Vec<(f64, Vec<f64>)> {
        row_log_probs(z, self.target, self.v, self.opts.ignore_index)
    }

    /// Sequence `s`'s count of non-ignored tokens.
    fn count(&self, s: usize) -> usize {
        (s * self.t..(s + 1) * self.t)
            .filter(|r| self.valid(*r))
            .count()
    }

    /// What a sequence's `lp` divides its sum by.
    fn divisor(&self, s: usize) -> f64 {
        if self.opts.average_log_prob {
            self.count(s).max(1) as f64
        } else {
            1.0
        }
    }

    /// Each sequence's `lp` from per-row `log p`.
    fn sequence_lps(&self, rows: &[f64]) -> Vec<f64> {
        let o = &self.opts;
        let d = seq_divisors(
            self.target,
            2 * self.pairs,
            self.t,
            o.ignore_index,
            o.average_log_prob,
        );
        sequence_sums(rows, self.t, &d)
    }

    /// The reference model's `lp` per sequence (zeros without one).
    fn reference_lps(&self) -> Vec<f64> {
        match &self.reference {
            None => vec![0.0; 2 * self.pairs],
            Some(r) => {
                let z = self.product(r.x, r.w, r.h, r.bias).forward().0;
                let rows: Vec<f64> = self.log_probs(&z).into_iter().map(|(l, _)| l).collect();
                self.sequence_lps(&rows)
            }
        }
    }

    /// The global count of non-ignored chosen tokens.
    fn chosen_tokens(&self) -> usize {
        (0..self.pairs * self.t).filter(|r| self.valid(*r)).count()
    }

    /// One pair's loss (not yet divided by `B`) as a dual number, from the policy's `c`, `r`
    /// and the reference's `cr`, `rr`.
    fn pair(&self, c: Dual, r: Dual, cr: f64, rr: f64) -> Dual {
        let beta = self.opts.beta;
        let one = Dual::c(1.0);
        let smoothed =
            |d: Dual, ls: f64| -d.log_sigmoid().scale(1.0 - ls) - (-d).log_sigmoid().scale(ls);
        match self.opts.loss {
            PairLoss::Cpo { label_smoothing } => smoothed((c - r).scale(beta), label_smoothing),
            PairLoss::Simpo {
                gamma,
                label_smoothing,
            } => smoothed((c - r).scale(beta) - Dual::c(gamma), label_smoothing),
            PairLoss::Orpo => {
                // log1p(-e^c), as Liger writes it.
                let lo = (c - r) - ((-c.exp()).ln_1p() - (-r.exp()).ln_1p());
                -lo.log_sigmoid().scale(beta)
            }
            PairLoss::Dpo {
                loss_type,
                label_smoothing: ls,
                discopop_tau: tau,
            } => {
                let (dc, dr) = (c - Dual::c(cr), r - Dual::c(rr));
                let (bc, br) = (dc.scale(beta), dr.scale(beta));
                let d = (dc - dr).scale(beta);
                match loss_type {
                    DpoLossType::Sigmoid => -d.log_sigmoid(),
                    DpoLossType::Hinge => (one - d).relu(),
                    DpoLossType::Ipo => Dual(f64::NAN, f64::NAN),
                    DpoLossType::ExoPair => {
                        d.sigmoid() * (d.log_sigmoid() - Dual::c((-ls).ln_1p()))
                            + (-d).sigmoid() * ((-d).log_sigmoid() - Dual::c(ls.ln()))
                    }
                    DpoLossType::NcaPair => {
                        -bc.log_sigmoid()
                            - (-bc).log_sigmoid().scale(0.5)
                            - (-br).log_sigmoid().scale(0.5)
                    }
                    DpoLossType::Robust => (-d.log_sigmoid().scale(1.0 - ls)
                        + (-d).log_sigmoid().scale(ls))
                    .scale(1.0 / (1.0 - 2.0 * ls)),
                    DpoLossType::BcoPair => -bc.log_sigmoid() - (-br).log_sigmoid(),
                    DpoLossType::SppoHard => {
                        let a = dc - Dual::c(0.5 / beta);
                        let b = dr + Dual::c(0.5 / beta);
                        a * a + b * b
                    }
                    DpoLossType::ApoZero => one - bc.sigmoid() + br.sigmoid(),
                    DpoLossType::ApoDown => bc.sigmoid() + one - d.sigmoid(),
                    DpoLossType::Discopop => {
                        let mu = d.scale(1.0 / tau).sigmoid();
                        -d.log_sigmoid() * (one - mu) + (-d).exp() * mu
                    }
                }
            }
        }
    }

    /// The forward, unchunked.
    pub fn forward(&self) -> PrefOut {
        let (b, t, v) = (self.pairs, self.t, self.v);
        let z = self.logits();
        let rows: Vec<f64> = self.log_probs(&z).into_iter().map(|(l, _)| l).collect();
        let lp = self.sequence_lps(&rows);
        let refs = self.reference_lps();
        let nll = if self.opts.compute_nll {
            let sum: f64 = -rows[..b * t].iter().sum::<f64>();
            match self.chosen_tokens() {
                0 => 0.0,
                n => sum / n as f64,
            }
        } else {
            0.0
        };
        let mut pref = 0.0;
        let (mut ratio, mut odds) = (0.0, 0.0);
        for i in 0..b {
            let (c, r) = (lp[i], lp[b + i]);
            pref += self.pair(Dual::c(c), Dual::c(r), refs[i], refs[b + i]).0;
            let lo = (c - r) - ((-c.exp()).ln_1p() - (-r.exp()).ln_1p());
            ratio += Dual::c(lo).log_sigmoid().0;
            odds += lo;
        }
        let beta = self.opts.beta;
        let reward = |s: usize| match self.opts.loss {
            PairLoss::Dpo { .. } => beta * (lp[s] - refs[s]),
            _ => beta * lp[s],
        };
        let half_sum = |from: usize| z[from * t * v..(from + b) * t * v].iter().sum::<f64>();
        let denom = (b * t * v) as f64;
        PrefOut {
            loss: self.opts.alpha * nll + pref / b as f64,
            chosen_lp: lp[..b].to_vec(),
            rejected_lp: lp[b..].to_vec(),
            chosen_logits_mean: half_sum(0) / denom,
            rejected_logits_mean: half_sum(b) / denom,
            nll,
            chosen_rewards: (0..b).map(reward).collect(),
            rejected_rewards: (b..2 * b).map(reward).collect(),
            orpo: (self.opts.loss == PairLoss::Orpo).then(|| (ratio / b as f64, odds / b as f64)),
        }
    }

    /// The gradients of `dloss * loss` with respect to `x`, `w` and `bias` (`dbias` empty
    /// without a bias).
    pub fn backward(&self, dloss: f64) -> Grads {
        let (b, t, v) = (self.pairs, self.t, self.v);
        let z = self.logits();
        let lps = self.log_probs(&z);
        let rows: Vec<f64> = lps.iter().map(|(l, _)| *l).collect();
        let lp = self.sequence_lps(&rows);
        let refs = self.reference_lps();
        // d loss / d lp of every sequence.
        let mut dlp = vec![0.0; 2 * b];
        for i in 0..b {
            let (c, r) = (lp[i], lp[b + i]);
            let (cr, rr) = (refs[i], refs[b + i]);
            dlp[i] = self.pair(Dual(c, 1.0), Dual::c(r), cr, rr).1 / b as f64;
            dlp[b + i] = self.pair(Dual::c(c), Dual(r, 1.0), cr, rr).1 / b as f64;
        }
        let n_chosen = self.chosen_tokens();
        let nll_weight = if self.opts.compute_nll && n_chosen > 0 {
            self.opts.alpha / n_chosen as f64
        } else {
            0.0
        };
        // d loss / d log p(y) per row, then through log p(y) = z_y - lse(z).
        let mut g = vec![0.0; self.rows() * v];
        for (i, (_, p)) in lps.iter().enumerate() {
            if !self.valid(i) {
                continue;
            }
            let s = i / t;
            let mut dlogp = dlp[s] / self.divisor(s);
            if s < b {
                dlogp -= nll_weight;
            }
            let y = self.target[i] as usize;
            for j in 0..v {
                let onehot = if j == y { 1.0 } else { 0.0 };
                g[i * v + j] = dloss * dlogp * (onehot - p[j]);
            }
        }
        let mut grads = self
            .product(self.x, self.w, self.h, self.bias)
            .backward(&z, &g);
        if self.bias.is_none() {
            grads.dbias.clear();
        }
        grads
    }
}

/// One KTO problem (PARITY.md 5.2): `seqs` unpaired sequences of `t` tokens, `x`
/// `[B, T, H]`, `w` `[V, H]`, `bias` `[V]`, `target` `[B, T]`, `desirable` `[B]`, the optional
/// reference model and `kl` (a scalar).
#[derive(Clone, Copy, Debug)]
pub struct Kto<'a> {
    pub seqs: usize,
    pub t: usize,
    pub h: usize,
    pub v: usize,
    pub x: &'a [f64],
    pub w: &'a [f64],
    pub bias: Option<&'a [f64]>,
    pub target: &'a [i64],
    pub desirable: &'a [bool],
    pub reference: Option<RefModel<'a>>,
    pub kl: Option<f64>,
    pub beta: f64,
    pub average_log_prob: bool,
    pub ignore_index: i64,
}

/// KTO's forward outputs (Liger's: sums, not means).
#[derive(Clone, Debug, PartialEq)]
pub struct KtoOut {
    pub loss: f64,
    pub chosen_logps_sum: f64,
    pub rejected_logps_sum: f64,
    pub chosen_logits_sum: f64,
    pub rejected_logits_sum: f64,
    pub chosen_rewards_sum: f64,
    pub rejected_rewards_sum: f64,
}

impl Kto<'_> {
    fn product<'b>(
        &self,
        x: &'b [f64],
        w: &'b [f64],
        h: usize,
        bias: Option<&'b [f64]>,
    ) -> Product<'b> {
        Product {
            m: self.seqs * self.t,
            n: self.v,
            k: h,
            x,
            w,
            kn: false,
            bias,
            activation: "none",
        }
    }

    /// The policy's logits `[B T, V]`.
    pub fn logits(&self) -> Vec<f64> {
        self.product(self.x, self.w, self.h, self.bias).forward().0
    }

    fn divisors(&self) -> Vec<f64> {
        seq_divisors(
            self.target,
            self.seqs,
            self.t,
            self.ignore_index,
            self.average_log_prob,
        )
    }

    /// `lp` per sequence of logits `z`.
    fn lps(&self, z: &[f64]) -> Vec<f64> {
        let rows: Vec<f64> = row_log_probs(z, self.target, self.v, self.ignore_index)
            .into_iter()
            .map(|(l, _)| l)
            .collect();
        sequence_sums(&rows, self.t, &self.divisors())
    }

    fn reference_lps(&self) -> Vec<f64> {
        match &self.reference {
            None => vec![0.0; self.seqs],
            Some(r) => self.lps(&self.product(r.x, r.w, r.h, r.bias).forward().0),
        }
    }

    /// Sequence `s`'s loss `1 - σ(β (lr - kl) m)` (before the `1 / B`), `m = ±1`.
    fn seq_loss(&self, s: usize, lp: Dual, lp_ref: f64) -> Dual {
        let m = if self.desirable[s] { 1.0 } else { -1.0 };
        let lr = lp - Dual::c(lp_ref);
        let shifted = lr - Dual::c(self.kl.unwrap_or(0.0));
        Dual::c(1.0) - shifted.scale(self.beta * m).sigmoid()
    }

    pub fn forward(&self) -> KtoOut {
        let (t, v) = (self.t, self.v);
        let z = self.product(self.x, self.w, self.h, self.bias).forward().0;
        let lp = self.lps(&z);
        let refs = self.reference_lps();
        let mut out = KtoOut {
            loss: 0.0,
            chosen_logps_sum: 0.0,
            rejected_logps_sum: 0.0,
            chosen_logits_sum: 0.0,
            rejected_logits_sum: 0.0,
            chosen_rewards_sum: 0.0,
            rejected_rewards_sum: 0.0,
        };
        for s in 0..self.seqs {
            out.loss += self.seq_loss(s, Dual::c(lp[s]), refs[s]).0 / self.seqs as f64;
            let logits: f64 = z[s * t * v..(s + 1) * t * v].iter().sum();
            let reward = self.beta * (lp[s] - refs[s]);
            if self.desirable[s] {
                out.chosen_logps_sum += lp[s];
                out.chosen_logits_sum += logits;
                out.chosen_rewards_sum += reward;
            } else {
                out.rejected_logps_sum += lp[s];
                out.rejected_logits_sum += logits;
                out.rejected_rewards_sum += reward;
            }
        }
        out
    }

    /// The gradients of `dloss * loss` with respect to `x`, `w` and `bias`.
    pub fn backward(&self, dloss: f64) -> Grads {
        let (t, v) = (self.t, self.v);
        let prod = self.product(self.x, self.w, self.h, self.bias);
        let z = prod.forward().0;
        let lps = row_log_probs(&z, self.target, v, self.ignore_index);
        let rows: Vec<f64> = lps.iter().map(|(l, _)| *l).collect();
        let div = self.divisors();
        let lp = sequence_sums(&rows, t, &div);
        let refs = self.reference_lps();
        let mut g = vec![0.0; self.seqs * t * v];
        for (i, (_, p)) in lps.iter().enumerate() {
            if self.target[i] == self.ignore_index {
                continue;
            }
            let s = i / t;
            let dlp = self.seq_loss(s, Dual(lp[s], 1.0), refs[s]).1 / self.seqs as f64;
            let dlogp = dlp / div[s];
            let y = self.target[i] as usize;
            for j in 0..v {
                let onehot = if j == y { 1.0 } else { 0.0 };
                g[i * v + j] = dloss * dlogp * (onehot - p[j]);
            }
        }
        let mut grads = prod.backward(&z, &g);
        if self.bias.is_none() {
            grads.dbias.clear();
        }
        grads
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    fn every_loss() -> Vec<PrefOptions> {
        let mut all = vec![
            PrefOptions {
                average_log_prob: true,
                ..PrefOptions::cpo()
            },
            PrefOptions {
                loss: PairLoss::Cpo {
                    label_smoothing: 0.2,
                },
                alpha: 0.6,
                ..PrefOptions::cpo()
            },
            PrefOptions::orpo(),
            PrefOptions {
                beta: 0.7,
                ..PrefOptions::orpo()
            },
            PrefOptions {
                loss: PairLoss::Simpo {
                    gamma: 0.3,
                    label_smoothing: 0.1,
                },
                compute_nll: true,
                beta: 2.0,
                ..PrefOptions::simpo()
            },
        ];
        for loss_type in DpoLossType::ALL {
            if loss_type == DpoLossType::Ipo {
                continue;
            }
            let ls = match loss_type {
                DpoLossType::ExoPair => 1e-3,
                DpoLossType::Robust => 0.2,
                _ => 0.0,
            };
            all.push(PrefOptions {
                loss: PairLoss::Dpo {
                    loss_type,
                    label_smoothing: ls,
                    discopop_tau: 0.3,
                },
                beta: 0.9,
                compute_nll: loss_type == DpoLossType::Sigmoid,
                average_log_prob: loss_type == DpoLossType::Hinge,
                ..PrefOptions::dpo()
            });
        }
        all
    }

    /// The gradients of `loss * dloss` with respect to `x`, `w` and `bias` are its central
    /// finite differences for every pair loss (each DPO loss type but ipo), with and without a
    /// reference model and averaging, ignored tokens and one fully ignored sequence.
    #[test]
    fn gradients_match_central_differences() {
        let (pairs, t, h, v, hr) = (2, 3, 3, 5, 2);
        let mut rng = Rng::new(5);
        let mut values =
            |len: usize, s: f64| -> Vec<f64> { (0..len).map(|_| rng.normal_f64() * s).collect() };
        let (x, w, bias) = (
            values(2 * pairs * t * h, 1.0),
            values(v * h, 0.8),
            values(v, 0.5),
        );
        let (rx, rw) = (values(2 * pairs * t * hr, 1.0), values(v * hr, 0.8));
        // Sequence 1 (the second chosen one) is fully ignored; a few other tokens too.
        let target = [1, -100, 4, -100, -100, -100, 0, 2, -100, 3, 3, 1];
        for opts in every_loss() {
            for with_ref in [false, true] {
                let with_ref = with_ref && matches!(opts.loss, PairLoss::Dpo { .. });
                let p = Pref {
                    pairs,
                    t,
                    h,
                    v,
                    x: &x,
                    w: &w,
                    bias: Some(&bias),
                    target: &target,
                    reference: with_ref.then_some(RefModel {
                        h: hr,
                        x: &rx,
                        w: &rw,
                        bias: None,
                    }),
                    opts,
                };
                let dloss = 0.75;
                let g = p.backward(dloss);
                let objective = |x: &[f64], w: &[f64], b: &[f64]| {
                    Pref {
                        x,
                        w,
                        bias: Some(b),
                        ..p
                    }
                    .forward()
                    .loss
                        * dloss
                };
                let step = 1e-6;
                let fd = |which: usize, i: usize| {
                    let at = |delta: f64| {
                        let (mut x, mut w, mut b) = (x.clone(), w.clone(), bias.clone());
                        [&mut x, &mut w, &mut b][which][i] += delta;
                        objective(&x, &w, &b)
                    };
                    (at(step) - at(-step)) / (2.0 * step)
                };
                for (which, got, what) in
                    [(0, &g.dx, "dx"), (1, &g.dw, "dw"), (2, &g.dbias, "dbias")]
                {
                    for (i, &got) in got.iter().enumerate() {
                        let want = fd(which, i);
                        assert!(
                            (want - got).abs() < 1e-6 * want.abs().max(1.0),
                            "{opts:?} ref={with_ref} {what}[{i}]: {got} vs {want}"
                        );
                    }
                }
            }
        }
    }

    /// KTO's gradients are the central finite differences of its loss, with and without a
    /// reference model and `kl`, summed and averaged, with a fully ignored sequence.
    #[test]
    fn kto_gradients_match_central_differences() {
        let (seqs, t, h, v, hr) = (3, 3, 3, 5, 2);
        let mut rng = Rng::new(11);
        let mut values =
            |len: usize, s: f64| -> Vec<f64> { (0..len).map(|_| rng.normal_f64() * s).collect() };
        let (x, w, bias) = (
            values(seqs * t * h, 1.0),
            values(v * h, 0.8),
            values(v, 0.5),
        );
        let (rx, rw) = (values(seqs * t * hr, 1.0), values(v * hr, 0.8));
        let target = [1, -100, 4, -100, -100, -100, 0, 2, 3];
        let desirable = [true, false, false];
        for (with_ref, kl, average) in [
            (false, None, false),
            (true, Some(0.3), true),
            (true, None, false),
        ] {
            let p = Kto {
                seqs,
                t,
                h,
                v,
                x: &x,
                w: &w,
                bias: Some(&bias),
                target: &target,
                desirable: &desirable,
                reference: with_ref.then_some(RefModel {
                    h: hr,
                    x: &rx,
                    w: &rw,
                    bias: None,
                }),
                kl,
                beta: 0.8,
                average_log_prob: average,
                ignore_index: -100,
            };
            let dloss = 1.25;
            let g = p.backward(dloss);
            let objective = |x: &[f64], w: &[f64], b: &[f64]| {
                Kto {
                    x,
                    w,
                    bias: Some(b),
                    ..p
                }
                .forward()
                .loss
                    * dloss
            };
            let step = 1e-6;
            let fd = |which: usize, i: usize| {
                let at = |delta: f64| {
                    let (mut x, mut w, mut b) = (x.clone(), w.clone(), bias.clone());
                    [&mut x, &mut w, &mut b][which][i] += delta;
                    objective(&x, &w, &b)
                };
                (at(step) - at(-step)) / (2.0 * step)
            };
            for (which, got, what) in [(0, &g.dx, "dx"), (1, &g.dw, "dw"), (2, &g.dbias, "dbias")] {
                for (i, &got) in got.iter().enumerate() {
                    let want = fd(which, i);
                    assert!(
                        (want - got).abs() < 1e-6 * want.abs().max(1.0),
                        "ref={with_ref} kl={kl:?} {what}[{i}]: {got} vs {want}"
                    );
                }
            }
        }
    }

    /// Small cases worked by hand: DPO sigmoid without a reference is `-log σ(β(c - r))`, CPO
    /// with NLL adds the chosen tokens' mean NLL, and the logits means divide by `B T V`.
    #[test]
    fn matches_hand_values() {
        // One pair, one token each, V = 2, H = 1: logits (x w0, x w1).
        let (x, w) = ([1.0, -1.0], [0.5, -0.5]);
        let target = [0, 0];
        let p = Pref {
            pairs: 1,
            t: 1,
            h: 1,
            v: 2,
            x: &x,
            w: &w,
            bias: None,
            target: &target,
            reference: None,
            opts: PrefOptions::dpo(),
        };
        // Chosen logits (0.5, -0.5): log p(0) = -ln(1 + e^-1); rejected (-0.5, 0.5): -ln(1 + e).
        let c = -(1.0f64 + (-1.0f64).exp()).ln();
        let r = -(1.0f64 + 1.0f64.exp()).ln();
        let out = p.forward();
        let d = 0.1 * (c - r);
        assert!((out.loss - (1.0 + (-d).exp()).ln()).abs() < 1e-12);
        assert!((out.chosen_lp[0] - c).abs() < 1e-12 && (out.rejected_lp[0] - r).abs() < 1e-12);
        assert_eq!(out.chosen_logits_mean, 0.0);
        let cpo = Pref {
            opts: PrefOptions::cpo(),
            ..p
        }
        .forward();
        assert!((cpo.nll + c).abs() < 1e-12);
        assert!((cpo.loss - (-c + (1.0 + (-d).exp()).ln())).abs() < 1e-12);
        assert!((cpo.chosen_rewards[0] - 0.1 * c).abs() < 1e-12);
    }
}
