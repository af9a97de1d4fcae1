//! The GRPO token loss over materialised logits (Liger 0.8.5's `GrpoLossFunction`, wrapper
//! `triton_grpo_loss`, PARITY.md 4.9), forward and explicit backward, at token level with
//! `reduce=False`.
//!
//! # Contract
//!
//! `grpo_loss.forward(logits [B, L+1, V], completion_ids [B, L], advantages [B],
//! completion_mask [B, L]?, old_logp [B, L]?, ref_logp [B, L]?) -> (loss, kl, is_clipped, lse)`,
//! each `[B, L]` f32. Token `(b, l)` reads logits row `(b, l)`; the last position `l = L` of
//! every sequence is never read. Per token, in FP32, with `T` the temperature, `z` the row and
//! `y` the completion id, `A = advantages[b]`:
//! - `lse = logsumexp(z / T)`, `logp = z_y / T - lse`, `r = exp(logp - old)` where `old` is
//!   `old_logp` or, without it, `logp` itself (detached: `r = 1`, `dr/dlogp = 1`);
//! - `loss_type` grpo, dapo, bnpo, dr_grpo or luspo (PPO; they differ only in Liger's
//!   reduction): `c2 = clamp(r, 1 - eps_low, 1 + eps_high)`, `r' = min(r, delta)` when `delta`
//!   is set, `l = -min(r' A, c2 A)`; clipped where `r < 1 - eps_low` with `A < 0` or
//!   `r > 1 + eps_high` with `A > 0` (on `r`, before delta);
//! - cispo: `l = -min(r, eps_high) A logp`, the coefficient detached; clipped where
//!   `r > eps_high` with `A > 0` (`eps_high` is the raw upper bound here, as in Liger);
//! - sapo: `tau = A > 0 ? sapo_temperature_pos : sapo_temperature_neg`,
//!   `l = -(4 / tau) sigmoid(tau (r - 1)) A`; never clipped;
//! - with `beta != 0`: `kl = exp(ref - logp) - (ref - logp) - 1`, times `r` with
//!   `use_bias_correction_kl`; `l += beta kl`. With `beta = 0` `kl` is 0 and `ref_logp` is not
//!   read (Liger returns `None` for it).
//!
//! The outputs are `loss = l m`, `kl = kl m`, `is_clipped = clipped m` (`m` the mask's value,
//! 1 without a mask), and `lse`: the backward's saved statistic (Liger saves it in its autograd
//! context). Where `m = 0` the token is skipped as in Liger (its row is not read) and all four
//! are exactly 0.
//!
//! `grpo_loss.backward(the same inputs, lse, dloss [B, L]) -> dlogits [B, L+1, V]`: the gradient
//! of `sum dloss (l m)` with the detached quantities constant, from the analytic
//! `d l / d logp`: PPO `-r A` where the smaller branch passes `r` through, else 0: the unclipped
//! branch `r' A` when `r' A <= c2 A` (ties included, as Liger's `per_token_loss2 >=
//! per_token_loss1`) unless delta clamps (`r > delta`), the clip branch `c2 A` otherwise where
//! `1 - eps_low <= r <= 1 + eps_high`; cispo `-min(r, eps_high) A`; sapo `-4 A s (1 - s) r`
//! with `s = sigmoid(tau (r - 1))`; plus `beta (1 - exp(ref - logp))`, or
//! `beta r (logp - ref)` with the bias correction. Then
//! `dz_v = dloss m (d l / d logp) ([v = y] - softmax(z / T)_v) / T`, softmax rebuilt from the
//! saved `lse`. Masked tokens and every sequence's last position get exact zeros. The gradient
//! goes to a new tensor in the logits' dtype (`grad_dtype=f32` for FP32); nothing the caller
//! passes is modified.
//!
//! # Deviations from Liger
//!
//! - Liger's `inplace=True` (its default) writes the gradient over `logits`; here it always
//!   goes to a new tensor (or a reused output), which costs one `[B, L+1, V]` buffer.
//! - The mask: Liger multiplies its outputs by `mask.float()` but its backward ignores the
//!   mask's value on kept tokens. Here the gradient is that of the returned `l m`, so the two
//!   agree for 0/1 masks (TRL's) and this one stays the true gradient for other weights. Any
//!   dtype (bool, int32/int64, f32/f16/bf16); `m != 0` keeps the token.
//! - Ids are bounds-checked, as in `crate::cross_entropy`: ids (and mask) in host memory are
//!   read on the host and an id outside `0..V` at a kept token is a typed error naming the
//!   token; ids in device memory are not read on the host, the kernels guard the gather
//!   (`crate::gather`) and the token's `loss`, `kl`, `is_clipped` and gradient are NaN. Liger
//!   reads out of the row. Ids at masked tokens are never read (any value).
//! - `reduce=True` is not an entry point: [`reduce::reduce`] reduces the forward's outputs on
//!   the host (with `max_completion_length` and dapo's normaliser) and [`reduce::cotangent`]
//!   gives the backward's per-token `dloss` for a scalar upstream gradient.
//! - Not here: `importance_sampling_level="sequence"` (GSPO), `loss_type="vespo"` (both need
//!   per-sequence sums before the per-token loss) and `vllm_is_ratio`. Asking for any of these
//!   is a typed error (through the registry: an unknown input or a refused parameter value).
//!   `delta` with cispo or sapo is a typed error too (Liger applies it to the PPO family
//!   only).
//! - With `delta < 1 + eps_high`, a token with `A < 0` and `delta < r <= 1 + eps_high` takes
//!   the clip branch `c2 A = r A` as its minimum; Liger's backward gives it no gradient, here
//!   it gets that branch's `-r A` (the gradient of the loss it returns, as autograd of TRL's
//!   formula gives). With `delta >= 1 + eps_high` (or no delta) the two agree everywhere.
//! - Liger asks for contiguous tensors; every tensor here is contiguous by construction.
//!
//! [`token`] holds the PPO family's per-token formulas in f64 host form (for
//! `crate::chunked_grpo`, whose log-probabilities are on the host per chunk).
//!
//! Inputs: `logits` f32/f16/bf16 of rank 3 with `L + 1 >= 1` and `V` from 1 to 16,777,216;
//! `completion_ids` int32/int64 `[B, L]`; `advantages`, `old_logp`, `ref_logp`, `dloss` any
//! float dtype (read as FP32); `lse` f32. A row wider than one tile (`Tiling::for_device`:
//! 65,536 columns on the CPU, 16,384 on a GPU) is walked in column steps with an online max
//! and sum per lane (`crate::online`); the forward reads each kept row once (plus the id's
//! logit), the backward once. Parameters: `temperature > 0` (default 0.9), `beta` (0.04),
//! `eps_low` (0.2), `eps_high` (0.4), `loss_type` (dapo), `delta` (none, else > 0),
//! `use_bias_correction_kl` (false), `sapo_temperature_pos` (1.0) and `_neg` (1.05), both > 0
//! for sapo. `beta != 0` without `ref_logp` is a typed error, as is any shape or dtype other
//! than the above.
//!
//! # Numerics and determinism
//!
//! Every sum is FP32, per lane over the column steps and then across the tile, in a fixed order:
//! results repeat bit for bit. `z / T` is taken as `z * (1/T)` with `1/T` rounded once to FP32
//! (Liger divides), a difference of one rounding per element. Without `old_logp`, `r` is the
//! constant 1 (Liger computes `exp(logp - logp)`, NaN where `logp = -inf`).

pub mod check;
pub mod reduce;
#[cfg(test)]
mod tests;
pub mod token;

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, Buffer, Ctx, LangError, Tile};
use metile_runtime::{Arg, Device, Tensor};

use crate::cross_entropy::{reads_targets, RowTiles};
use crate::gather::{guarded_index, poison};
use crate::host::{bad, fit_written, float_dtype};
use crate::norms::Tiling;
use crate::online;
use crate::registry::{
    input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors,
};

/// The per-token surrogate objective of a [`LossType`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surrogate {
    /// grpo, dapo, bnpo, dr_grpo, luspo: PPO's clipped ratio.
    Ppo,
    /// The clipped importance weight, detached, times the log-probability.
    Cispo,
    /// The sigmoid-gated ratio.
    Sapo,
}

/// Liger's `loss_type`s this operator runs: they share the per-token loss of their
/// [`Surrogate`] and differ in Liger's reductions (`reduce=True`, not here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LossType {
    Grpo,
    Dapo,
    Bnpo,
    DrGrpo,
    Luspo,
    Cispo,
    Sapo,
}

impl LossType {
    /// Every loss type with its Liger name.
    pub const ALL: [(LossType, &'static str); 7] = [
        (LossType::Grpo, "grpo"),
        (LossType::Dapo, "dapo"),
        (LossType::Bnpo, "bnpo"),
        (LossType::DrGrpo, "dr_grpo"),
        (LossType::Luspo, "luspo"),
        (LossType::Cispo, "cispo"),
        (LossType::Sapo, "sapo"),
    ];

    /// The per-token surrogate.
    pub fn surrogate(self) -> Surrogate {
        match self {
            LossType::Cispo => Surrogate::Cispo,
            LossType::Sapo => Surrogate::Sapo,
            _ => Surrogate::Ppo,
        }
    }

    /// Liger's name.
    pub fn name(self) -> &'static str {
        LossType::ALL
            .iter()
            .find(|(t, _)| *t == self)
            .map_or("", |(_, n)| n)
    }
}

/// The loss's parameters; [`Default`] gives Liger's wrapper defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GrpoOptions {
    pub temperature: f32,
    pub beta: f32,
    pub eps_low: f32,
    pub eps_high: f32,
    pub loss_type: LossType,
    /// The PPO family's upper clamp of the unclipped ratio (`None`: off).
    pub delta: Option<f32>,
    pub use_bias_correction_kl: bool,
    pub sapo_temperature_pos: f32,
    pub sapo_temperature_neg: f32,
}

impl Default for GrpoOptions {
    fn default() -> Self {
        GrpoOptions {
            temperature: 0.9,
            beta: 0.04,
            eps_low: 0.2,
            eps_high: 0.4,
            loss_type: LossType::Dapo,
            delta: None,
            use_bias_correction_kl: false,
            sapo_temperature_pos: 1.0,
            sapo_temperature_neg: 1.05,
        }
    }
}

/// A call's tensors: the logits and what each token needs.
#[derive(Clone, Copy, Debug)]
pub struct GrpoInputs<'a> {
    /// `[B, L+1, V]`, f32/f16/bf16.
    pub logits: &'a Tensor,
    /// `[B, L]`, int32/int64.
    pub completion_ids: &'a Tensor,
    /// `[B]`, float.
    pub advantages: &'a Tensor,
    /// `[B, L]`, any dtype; `m != 0` keeps a token.
    pub completion_mask: Option<&'a Tensor>,
    /// `[B, L]`, float; `None`: the tokens' own log-probabilities, detached.
    pub old_logp: Option<&'a Tensor>,
    /// `[B, L]`, float; required when `beta != 0`.
    pub ref_logp: Option<&'a Tensor>,
}

/// Deliberate faults, for the tests that prove the oracle check catches a wrong kernel: never
/// set outside them (every entry point launches [`Fault::None`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Fault {
    #[default]
    None,
    /// PPO without the clamp: `c2 = r` (forward and backward).
    NoClamp,
    /// The PPO gradient only where `c2 A > r' A` strictly: none inside the clip range.
    StrictTie,
    /// The delta clamp lets the gradient through.
    DeltaLeaks,
    /// The KL term's gradient with the wrong sign.
    KlGradSign,
    /// The bias-corrected KL's gradient from the plain KL's formula.
    PlainKlGrad,
    /// The mask's value not applied to kept tokens (outputs and gradient).
    UnweightedMask,
    /// The gradient without the last `1/T`.
    NoTemperatureInGrad,
    /// Every sequence's last position taken for a token in the backward.
    LastPositionKept,
    /// sapo's `dlogp` without its factor `r`.
    SapoNoRatio,
    /// High-side clipping counted where `A >= 0` instead of `A > 0`.
    ClipAtZeroAdvantage,
    /// The masked lanes of a partial tile loaded as 0 instead of `-inf`.
    MaskedLanesZero,
}

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GrpoSpec {
    pub backward: bool,
    pub logits: DType,
    pub ids: DType,
    pub advantages: DType,
    /// The mask's dtype, when there is one.
    pub mask: Option<DType>,
    pub old_logp: Option<DType>,
    /// The reference log-probabilities' dtype: present exactly when `beta != 0` (the KL term).
    pub ref_logp: Option<DType>,
    pub surrogate: Surrogate,
    /// The PPO family's `min(r, delta)`.
    pub delta: bool,
    pub bias_correction_kl: bool,
    /// The backward's `dloss` and gradient dtypes.
    pub dloss: DType,
    pub grad: DType,
    pub tiling: Tiling,
    /// Ids the host did not read (in device memory): the kernels guard the gather and poison
    /// the tokens whose id is out of range (module doc).
    pub device_ids: bool,
    pub fault: Fault,
}

impl GrpoSpec {
    /// The traced kernel's name.
    pub fn name(&self) -> &'static str {
        if self.backward {
            "grpo_loss_bwd"
        } else {
            "grpo_loss_fwd"
        }
    }
}

/// The spec `metile emit` shows: logits (and the gradient) in `dtype`, TRL's other dtypes
/// (int64 ids the host read, an int32 mask, f32 advantages and log-probabilities), old and
/// reference log-probabilities with the default PPO clipping, one tile of `block` columns
/// (masked unless `exact`).
pub fn representative_spec(dtype: DType, block: usize, exact: bool, backward: bool) -> GrpoSpec {
    GrpoSpec {
        backward,
        logits: dtype,
        ids: DType::I64,
        advantages: DType::F32,
        mask: Some(DType::I32),
        old_logp: Some(DType::F32),
        ref_logp: Some(DType::F32),
        surrogate: Surrogate::Ppo,
        delta: false,
        bias_correction_kl: false,
        dloss: DType::F32,
        grad: dtype,
        tiling: Tiling {
            block,
            exact,
            looped: false,
            prefetch: false,
        },
        device_ids: false,
        fault: Fault::None,
    }
}

/// The most threads of a program on a GPU, as fused CE + TVD's (a row-wise loss over the same
/// rows); not yet measured for this operator.
const GPU_MAX_THREADS: u32 = 256;

/// The kernels' scalar parameters, in order after the buffers.
const SCALARS: [&str; 9] = [
    "n",
    "tokens",
    "inv_temperature",
    "beta",
    "eps_low",
    "eps_high",
    "delta",
    "sapo_temperature_pos",
    "sapo_temperature_neg",
];

/// The scalars of a traced kernel.
struct Scalars {
    n: Tile,
    /// L: tokens per sequence.
    tokens: Tile,
    inv_t: Tile,
    beta: Tile,
    eps_low: Tile,
    eps_high: Tile,
    delta: Tile,
    sapo_pos: Tile,
    sapo_neg: Tile,
    /// The constants 0 and 1 (f32).
    zero: Tile,
    one: Tile,
}

impl Scalars {
    fn declare(k: &Ctx) -> Scalars {
        let [n, tokens, inv_t, beta, eps_low, eps_high, delta, sapo_pos, sapo_neg] =
            SCALARS.map(|name| {
                let dtype = if matches!(name, "n" | "tokens") {
                    DType::I32
                } else {
                    DType::F32
                };
                k.scalar(name, dtype)
            });
        Scalars {
            n,
            tokens,
            inv_t,
            beta,
            eps_low,
            eps_high,
            delta,
            sapo_pos,
            sapo_neg,
            zero: k.constant(0.0, DType::F32),
            one: k.constant(1.0, DType::F32),
        }
    }
}

/// The inputs every kernel reads: the logits and the per-token inputs (`None` where the spec has
/// none).
struct TokenInputs {
    logits: Buffer,
    ids: Buffer,
    advantages: Buffer,
    mask: Option<Buffer>,
    old: Option<Buffer>,
    reference: Option<Buffer>,
}

/// One kept token's `logp` and what follows from it, in FP32.
struct Token {
    logp: Tile,
    r: Tile,
    a: Tile,
    reference: Option<Tile>,
}

impl Token {
    /// `(l, clipped)` of the surrogate (module doc), before the KL term.
    fn surrogate(&self, spec: &GrpoSpec, s: &Scalars) -> (Tile, Tile) {
        let (r, a) = (self.r, self.a);
        match spec.surrogate {
            Surrogate::Ppo => {
                let (lo, hi) = (1.0 - s.eps_low, s.eps_high + 1.0);
                let c2 = clamp(spec, r, lo, hi);
                let r1 = if spec.delta { r.minimum(s.delta) } else { r };
                let rises = match spec.fault {
                    Fault::ClipAtZeroAdvantage => a.ge(0.0),
                    _ => a.gt(0.0),
                };
                let clipped = (r.lt(lo) & a.lt(0.0)) | (r.gt(hi) & rises);
                (-(r1 * a).minimum(c2 * a), clipped.cast(DType::F32))
            }
            Surrogate::Cispo => {
                let clipped = r.gt(s.eps_high) & a.gt(0.0);
                (
                    -(r.minimum(s.eps_high) * a * self.logp),
                    clipped.cast(DType::F32),
                )
            }
            Surrogate::Sapo => {
                let tau = select(a.gt(0.0), s.sapo_pos, s.sapo_neg);
                let gate = (tau * (r - 1.0)).sigmoid();
                (-(gate * 4.0 / tau * a), s.zero)
            }
        }
    }

    /// `kl` (0 without the KL term).
    fn kl(&self, spec: &GrpoSpec) -> Option<Tile> {
        self.reference.map(|reference| {
            let d = reference - self.logp;
            let kl = d.exp() - d - 1.0;
            if spec.bias_correction_kl {
                kl * self.r
            } else {
                kl
            }
        })
    }

    /// `d l / d logp` (module doc).
    fn dlogp(&self, spec: &GrpoSpec, s: &Scalars) -> Tile {
        let (r, a) = (self.r, self.a);
        let mut g = match spec.surrogate {
            Surrogate::Ppo => {
                let (lo, hi) = (1.0 - s.eps_low, s.eps_high + 1.0);
                let c2 = clamp(spec, r, lo, hi);
                let r1 = if spec.delta { r.minimum(s.delta) } else { r };
                // The smaller branch's derivative (the unclipped one on ties); each clamp
                // passes `dr/dlogp = r` where it leaves `r` as it is, bounds included.
                let unclipped = match spec.fault {
                    Fault::StrictTie => (c2 * a).gt(r1 * a),
                    _ => (c2 * a).ge(r1 * a),
                };
                let passes = if spec.delta && spec.fault != Fault::DeltaLeaks {
                    select(unclipped, r.le(s.delta), r.ge(lo) & r.le(hi))
                } else {
                    // Without delta the clip branch is the smaller only where it is flat.
                    unclipped
                };
                select(passes, -(r * a), 0.0)
            }
            Surrogate::Cispo => -(r.minimum(s.eps_high) * a),
            Surrogate::Sapo => {
                let tau = select(a.gt(0.0), s.sapo_pos, s.sapo_neg);
                let gate = (tau * (r - 1.0)).sigmoid();
                let dgate = a * 4.0 * gate * (1.0 - gate);
                match spec.fault {
                    Fault::SapoNoRatio => -dgate,
                    _ => -(dgate * r),
                }
            }
        };
        if let Some(reference) = self.reference {
            let dkl = if spec.bias_correction_kl && spec.fault != Fault::PlainKlGrad {
                s.beta * r * (self.logp - reference)
            } else {
                s.beta * (1.0 - (reference - self.logp).exp())
            };
            g = match spec.fault {
                Fault::KlGradSign => g - dkl,
                _ => g + dkl,
            };
        }
        g
    }
}

/// `clamp(r, lo, hi)` (`r` itself under [`Fault::NoClamp`]).
fn clamp(spec: &GrpoSpec, r: Tile, lo: Tile, hi: Tile) -> Tile {
    match spec.fault {
        Fault::NoClamp => r,
        _ => r.maximum(lo).minimum(hi),
    }
}

/// A tile of `buf` in f32 times `1/T`, `-inf` on masked lanes.
fn scaled(spec: &GrpoSpec, buf: &Buffer, offs: Tile, mask: Option<Tile>, inv_t: Tile) -> Tile {
    let other = match spec.fault {
        Fault::MaskedLanesZero => 0.0,
        _ => f32::NEG_INFINITY,
    };
    match mask {
        Some(m) => buf.load_masked(offs, m, other),
        None => buf.load(offs),
    }
    .cast(DType::F32)
        * inv_t
}

/// One program per token (forward: `B L` programs, logits row `t + t / L`) or per logits row
/// (backward: `B (L+1)` programs, the last position of each sequence zeroed). Parameters:
/// `logits, completion_ids, advantages, [completion_mask,] [old_logp,] [ref_logp,]` then
/// forward `loss, kl, is_clipped, lse` or backward `lse, dloss, dlogits`, then [`SCALARS`].
pub fn kernel(spec: &GrpoSpec) -> Result<Verified, LangError> {
    trace(spec.name(), |k| {
        k.max_threads(GPU_MAX_THREADS);
        let inputs = TokenInputs {
            logits: k.input("logits", spec.logits),
            ids: k.input("completion_ids", spec.ids),
            advantages: k.input("advantages", spec.advantages),
            mask: spec.mask.map(|d| k.input("completion_mask", d)),
            old: spec.old_logp.map(|d| k.input("old_logp", d)),
            reference: spec.ref_logp.map(|d| k.input("ref_logp", d)),
        };
        if spec.backward {
            let lse = k.input("lse", DType::F32);
            let dloss = k.input("dloss", spec.dloss);
            let dlogits = k.output("dlogits", spec.grad);
            let s = Scalars::declare(k);
            backward_body(k, spec, &s, &inputs, &lse, &dloss, &dlogits);
        } else {
            let outs = ["loss", "kl", "is_clipped", "lse"].map(|name| k.output(name, DType::F32));
            let s = Scalars::declare(k);
            forward_body(k, spec, &s, &inputs, &outs);
        }
    })
}

/// The token's `(logp, r, A, ref)` given its logits row's `lse`, and the id's guard.
fn token(
    spec: &GrpoSpec,
    s: &Scalars,
    inputs: &TokenInputs,
    tiles: &RowTiles<'_>,
    t64: Tile,
    seq64: Tile,
    lse: Tile,
) -> (Token, Option<Tile>) {
    let y = inputs.ids.load(t64);
    let (y, known) = guarded_index(y, s.n, spec.device_ids);
    let zy = inputs.logits.load(tiles.base() + y).cast(DType::F32) * s.inv_t;
    let logp = zy - lse;
    let load = |b: &Option<Buffer>| b.as_ref().map(|b| b.load(t64).cast(DType::F32));
    let r = match load(&inputs.old) {
        Some(old) => (logp - old).exp(),
        // exp(logp - logp) with logp detached: exactly 1.
        None => s.one,
    };
    let tok = Token {
        logp,
        r,
        a: inputs.advantages.load(seq64).cast(DType::F32),
        reference: load(&inputs.reference),
    };
    (tok, known)
}

/// The mask's value at token `t64` in f32 (loaded where `real`), and whether it keeps the token.
fn kept(
    inputs: &TokenInputs,
    spec: &GrpoSpec,
    t64: Tile,
    real: Option<Tile>,
) -> Option<(Tile, Tile)> {
    inputs.mask.as_ref().zip(spec.mask).map(|(b, dtype)| {
        let m = match (real, dtype) {
            (Some(c), DType::Bool) => b.load_masked(t64, c, false),
            (Some(c), _) => b.load_masked(t64, c, 0),
            (None, _) => b.load(t64),
        }
        .cast(DType::F32);
        (m, m.not_equal(0.0))
    })
}

fn forward_body(k: &Ctx, spec: &GrpoSpec, s: &Scalars, inputs: &TokenInputs, outs: &[Buffer; 4]) {
    let tiling = spec.tiling;
    let t = k.program_id(0);
    let seq = t / s.tokens;
    let (t64, seq64) = (t.cast(DType::I64), seq.cast(DType::I64));
    let tiles = RowTiles::new(k, t + seq, s.n, tiling);
    let mask = kept(inputs, spec, t64, None);
    let compute = || {
        let tile = |st: Option<Tile>| {
            let (offs, _, m) = tiles.at(st);
            scaled(spec, &inputs.logits, offs, m, s.inv_t)
        };
        let lse = if tiling.looped {
            let init = online::start(k, tiling.block);
            let r = k.for_range(0, s.n, tiling.block as i64, &init, |st, c| {
                let (mx, sum, _) = online::step(c[0], c[1], tile(Some(st)));
                vec![mx, sum]
            });
            let (mx, sum) = online::finish(r[0], r[1]);
            mx + sum.log()
        } else {
            let z = tile(None);
            let mx = z.max(0);
            mx + (z - mx).exp().sum(0).log()
        };
        let (tok, known) = token(spec, s, inputs, &tiles, t64, seq64, lse);
        let (mut loss, clipped) = tok.surrogate(spec, s);
        let kl = match tok.kl(spec) {
            Some(kl) => {
                loss = loss + s.beta * kl;
                kl
            }
            None => s.zero,
        };
        let weigh = |v: Tile| {
            let v = match &mask {
                Some((m, _)) if spec.fault != Fault::UnweightedMask => v * *m,
                _ => v,
            };
            poison(known, v)
        };
        vec![weigh(loss), weigh(kl), weigh(clipped), lse]
    };
    let values = match &mask {
        Some((_, keep)) => k.if_else(*keep, compute, || vec![s.zero; 4]),
        None => compute(),
    };
    for (buf, v) in outs.iter().zip(values) {
        buf.store(t64, v);
    }
}

#[allow(clippy::too_many_arguments)]
fn backward_body(
    k: &Ctx,
    spec: &GrpoSpec,
    s: &Scalars,
    inputs: &TokenInputs,
    lse: &Buffer,
    dloss: &Buffer,
    dlogits: &Buffer,
) {
    let row = k.program_id(0);
    let seq = row / (s.tokens + 1);
    let real = match spec.fault {
        Fault::LastPositionKept => (row - seq * (s.tokens + 1)).le(s.tokens),
        _ => (row - seq * (s.tokens + 1)).lt(s.tokens),
    };
    // The token of a real position: `b L + l` = `row - b`.
    let t64 = (row - seq).cast(DType::I64);
    let seq64 = seq.cast(DType::I64);
    let tiles = RowTiles::new(k, row, s.n, spec.tiling);
    let mask = kept(inputs, spec, t64, Some(real));
    let keep = match &mask {
        Some((_, keep)) => real & *keep,
        None => real,
    };
    let store = |offs: Tile, mask: Option<Tile>, v: Tile| {
        let v = v.cast(spec.grad);
        match mask {
            Some(m) => dlogits.store_masked(offs, v, m),
            None => dlogits.store(offs, v),
        }
    };
    k.if_else(
        keep,
        || {
            let lse = lse.load(t64);
            let (tok, known) = token(spec, s, inputs, &tiles, t64, seq64, lse);
            let y = inputs.ids.load(t64).cast(DType::I64);
            let mut g = tok.dlogp(spec, s) * dloss.load(t64).cast(DType::F32);
            if spec.fault != Fault::NoTemperatureInGrad {
                g = g * s.inv_t;
            }
            if let (Some((m, _)), false) = (&mask, spec.fault == Fault::UnweightedMask) {
                g = g * *m;
            }
            tiles.each(&|st| {
                let (offs, c64, m) = tiles.at(st);
                let p = (scaled(spec, &inputs.logits, offs, m, s.inv_t) - lse).exp();
                let hit = c64.equal(y).cast(DType::F32);
                store(offs, m, poison(known, (hit - p) * g));
            });
            Vec::new()
        },
        || {
            tiles.each(&|st| {
                let (offs, _, m) = tiles.at(st);
                store(offs, m, k.zeros([spec.tiling.block], DType::F32));
            });
            Vec::new()
        },
    );
}

/// A validated call.
struct Checked {
    /// Sequences, tokens per sequence, classes.
    b: usize,
    l: usize,
    v: usize,
    device_ids: bool,
}

impl Checked {
    fn tokens(&self) -> [usize; 2] {
        [self.b, self.l]
    }
}

/// Input `name` must be a float tensor of `shape` (`what` names it); its dtype.
fn float_of(
    entry: &str,
    name: &str,
    x: &Tensor,
    shape: &[usize],
    what: &str,
) -> Result<DType, OpError> {
    let d = float_dtype(entry, name, x)?;
    if x.shape != shape {
        return Err(bad(
            entry,
            name,
            format!("shape {:?} must be {what} {shape:?}", x.shape),
        ));
    }
    Ok(d)
}

/// Whether each token is kept (`m != 0`), read on the host.
fn kept_on_host(mask: &Tensor) -> Result<Vec<bool>, OpError> {
    let d = mask.dtype();
    Ok(if d.is_bool() {
        mask.buffer.to_bool()?
    } else if d.is_int() {
        mask.buffer.to_i64()?.iter().map(|m| *m != 0).collect()
    } else {
        mask.to_f32()?.iter().map(|m| *m != 0.0).collect()
    })
}

/// Checks the inputs and options (module doc); the ids (and the mask) are read and checked on
/// the host where they live there.
fn validate(entry: &str, x: &GrpoInputs<'_>, o: &GrpoOptions) -> Result<Checked, OpError> {
    let logits = x.logits;
    float_dtype(entry, "logits", logits)?;
    let &[b, positions, v] = logits.shape.as_slice() else {
        return Err(bad(
            entry,
            "logits",
            format!("shape {:?} must be [B, L+1, V]", logits.shape),
        ));
    };
    if positions == 0 || v == 0 || v > crate::norms::MAX_COLS {
        return Err(bad(
            entry,
            "logits",
            format!(
                "shape {:?}: allowed L+1 >= 1 and 1 to {} classes",
                logits.shape,
                crate::norms::MAX_COLS
            ),
        ));
    }
    if b.saturating_mul(positions) > i32::MAX as usize {
        return Err(bad(
            entry,
            "logits",
            format!("{b} x {positions} rows; at most {}", i32::MAX),
        ));
    }
    let l = positions - 1;
    let tokens = [b, l];
    let ids = x.completion_ids;
    if !ids.dtype().is_int() {
        return Err(bad(
            entry,
            "completion_ids",
            format!("dtype {} is not allowed; use int32 or int64", ids.dtype()),
        ));
    }
    if ids.shape != tokens {
        return Err(bad(
            entry,
            "completion_ids",
            format!(
                "shape {:?} must be the logits' tokens {tokens:?}",
                ids.shape
            ),
        ));
    }
    float_of(
        entry,
        "advantages",
        x.advantages,
        &[b],
        "the logits' sequences",
    )?;
    if let Some(m) = x.completion_mask {
        if m.shape != tokens {
            return Err(bad(
                entry,
                "completion_mask",
                format!("shape {:?} must be the logits' tokens {tokens:?}", m.shape),
            ));
        }
    }
    if let Some(old) = x.old_logp {
        float_of(entry, "old_logp", old, &tokens, "the logits' tokens")?;
    }
    if o.beta != 0.0 {
        let Some(reference) = x.ref_logp else {
            return Err(bad(
                entry,
                "ref_logp",
                format!("is required when beta != 0 (beta = {})", o.beta),
            ));
        };
        float_of(entry, "ref_logp", reference, &tokens, "the logits' tokens")?;
    }
    check_options(entry, o)?;
    let on_host = reads_targets(ids) && x.completion_mask.is_none_or(|m| m.buffer.is_host());
    if on_host {
        let keep = x.completion_mask.map(kept_on_host).transpose()?;
        for (t, y) in ids.buffer.to_i64()?.iter().enumerate() {
            let kept = keep.as_ref().is_none_or(|k| k[t]);
            if kept && (*y < 0 || *y >= v as i64) {
                return Err(bad(
                    entry,
                    "completion_ids",
                    format!(
                        "token {t} (sequence {}, position {}): id {y} is outside 0..{v}",
                        t / l.max(1),
                        t % l.max(1)
                    ),
                ));
            }
        }
    }
    Ok(Checked {
        b,
        l,
        v,
        device_ids: !on_host,
    })
}

/// The parameters' ranges (module doc), as typed errors naming the parameter.
fn check_options(entry: &str, o: &GrpoOptions) -> Result<(), OpError> {
    let param = |name: &str, value: f32, allowed: &str, message: &str| OpError::BadParam {
        entry: entry.into(),
        name: name.into(),
        value: value.to_string(),
        message: message.into(),
        allowed: allowed.into(),
    };
    for (name, value) in [
        ("temperature", o.temperature),
        ("beta", o.beta),
        ("eps_low", o.eps_low),
        ("eps_high", o.eps_high),
        ("sapo_temperature_pos", o.sapo_temperature_pos),
        ("sapo_temperature_neg", o.sapo_temperature_neg),
    ] {
        if !value.is_finite() {
            return Err(param(name, value, "a finite number", "must be finite"));
        }
    }
    if o.temperature <= 0.0 {
        return Err(param(
            "temperature",
            o.temperature,
            "a number > 0",
            "must be positive",
        ));
    }
    if o.loss_type == LossType::Sapo {
        for (name, value) in [
            ("sapo_temperature_pos", o.sapo_temperature_pos),
            ("sapo_temperature_neg", o.sapo_temperature_neg),
        ] {
            if value <= 0.0 {
                return Err(param(name, value, "a number > 0", "must be positive"));
            }
        }
    }
    if let Some(d) = o.delta {
        if !(d.is_finite() && d > 0.0) {
            return Err(param(
                "delta",
                d,
                "none, or a number > 0",
                "must be positive",
            ));
        }
        if o.loss_type.surrogate() != Surrogate::Ppo {
            return Err(param(
                "delta",
                d,
                "none for cispo and sapo",
                "applies to the PPO loss types only (grpo, dapo, bnpo, dr_grpo, luspo)",
            ));
        }
    }
    Ok(())
}

/// The tiling of rows of `v` classes on `device` (no step-ahead loads).
fn tiling_for(device: &Device, v: usize) -> Tiling {
    Tiling {
        prefetch: false,
        ..Tiling::for_device(device, v)
    }
}

/// The kernels' scalar arguments.
fn scalar_args(c: &Checked, o: &GrpoOptions) -> [Arg<'static>; 9] {
    [
        Arg::I32(c.v as i32),
        Arg::I32(c.l as i32),
        Arg::F32((1.0 / f64::from(o.temperature)) as f32),
        Arg::F32(o.beta),
        Arg::F32(o.eps_low),
        Arg::F32(o.eps_high),
        Arg::F32(o.delta.unwrap_or(f32::INFINITY)),
        Arg::F32(o.sapo_temperature_pos),
        Arg::F32(o.sapo_temperature_neg),
    ]
}

/// The spec of a call (`dloss` and `grad` for the backward).
fn spec_of(
    device: &Device,
    x: &GrpoInputs<'_>,
    o: &GrpoOptions,
    c: &Checked,
    tiling: Option<Tiling>,
) -> GrpoSpec {
    GrpoSpec {
        backward: false,
        logits: x.logits.dtype(),
        ids: x.completion_ids.dtype(),
        advantages: x.advantages.dtype(),
        mask: x.completion_mask.map(Tensor::dtype),
        old_logp: x.old_logp.map(Tensor::dtype),
        ref_logp: (o.beta != 0.0)
            .then(|| x.ref_logp.map(Tensor::dtype))
            .flatten(),
        surrogate: o.loss_type.surrogate(),
        delta: o.delta.is_some(),
        bias_correction_kl: o.use_bias_correction_kl,
        dloss: DType::F32,
        grad: DType::F32,
        tiling: tiling.unwrap_or_else(|| tiling_for(device, c.v)),
        device_ids: c.device_ids,
        fault: Fault::None,
    }
}

/// The buffers every kernel reads first, in the kernels' order.
fn token_args<'a>(x: &GrpoInputs<'a>, spec: &GrpoSpec) -> Vec<Arg<'a>> {
    let mut args = vec![
        Arg::In(&x.logits.buffer),
        Arg::In(&x.completion_ids.buffer),
        Arg::In(&x.advantages.buffer),
    ];
    args.extend(x.completion_mask.map(|m| Arg::In(&m.buffer)));
    args.extend(x.old_logp.map(|t| Arg::In(&t.buffer)));
    if spec.ref_logp.is_some() {
        args.extend(x.ref_logp.map(|t| Arg::In(&t.buffer)));
    }
    args
}

/// The forward's outputs (f32, `[B, L]`).
#[derive(Clone, Debug, PartialEq)]
pub struct GrpoForward {
    pub loss: Tensor,
    pub kl: Tensor,
    pub is_clipped: Tensor,
    /// `logsumexp(z / T)` of each kept token's row (0 at masked tokens): what the backward
    /// takes.
    pub lse: Tensor,
}

/// The forward (module doc); nothing the caller passes is modified.
pub fn forward(
    device: &Device,
    x: &GrpoInputs<'_>,
    o: &GrpoOptions,
) -> Result<GrpoForward, OpError> {
    forward_tiled(device, x, o, None, Default::default())
}

/// [`forward`] with rows tiled as `tiling` says (the device's when `None`; tests step rows on
/// the CPU), writing over `prev` (a previous call's outputs, in the order of [`GrpoForward`]'s
/// fields) where they fit.
pub fn forward_tiled(
    device: &Device,
    x: &GrpoInputs<'_>,
    o: &GrpoOptions,
    tiling: Option<Tiling>,
    prev: [Option<Tensor>; 4],
) -> Result<GrpoForward, OpError> {
    forward_with(device, x, o, tiling, Fault::None, prev)
}

/// [`forward_tiled`] with a deliberate `fault` (tests only).
pub(crate) fn forward_with(
    device: &Device,
    x: &GrpoInputs<'_>,
    o: &GrpoOptions,
    tiling: Option<Tiling>,
    fault: Fault,
    prev: [Option<Tensor>; 4],
) -> Result<GrpoForward, OpError> {
    let c = validate("grpo_loss.forward", x, o)?;
    let [a, b, l, m] = prev.map(|p| fit_written(device, p, DType::F32, &c.tokens()));
    let mut outs = [a?, b?, l?, m?];
    if c.b * c.l > 0 {
        let spec = GrpoSpec {
            fault,
            ..spec_of(device, x, o, &c, tiling)
        };
        let k = device.kernel(spec.name(), &spec, || kernel(&spec))?;
        let mut args = token_args(x, &spec);
        args.extend(outs.iter_mut().map(|o| Arg::Out(&mut o.buffer)));
        args.extend(scalar_args(&c, o));
        device.launch(&k, [(c.b * c.l) as u32, 1, 1], &mut args)?;
    }
    let [loss, kl, is_clipped, lse] = outs;
    Ok(GrpoForward {
        loss,
        kl,
        is_clipped,
        lse,
    })
}

/// The backward (module doc): `dlogits` in the logits' dtype, or f32 with `f32_grads`.
#[allow(clippy::too_many_arguments)]
pub fn backward(
    device: &Device,
    x: &GrpoInputs<'_>,
    o: &GrpoOptions,
    lse: &Tensor,
    dloss: &Tensor,
    f32_grads: bool,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    backward_tiled(device, x, o, lse, dloss, f32_grads, None, prev)
}

/// [`backward`] with rows tiled as `tiling` says (the device's when `None`).
#[allow(clippy::too_many_arguments)]
pub fn backward_tiled(
    device: &Device,
    x: &GrpoInputs<'_>,
    o: &GrpoOptions,
    lse: &Tensor,
    dloss: &Tensor,
    f32_grads: bool,
    tiling: Option<Tiling>,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    backward_with(
        device,
        x,
        o,
        lse,
        dloss,
        f32_grads,
        tiling,
        Fault::None,
        prev,
    )
}

/// [`backward_tiled`] with a deliberate `fault` (tests only).
#[allow(clippy::too_many_arguments)]
pub(crate) fn backward_with(
    device: &Device,
    x: &GrpoInputs<'_>,
    o: &GrpoOptions,
    lse: &Tensor,
    dloss: &Tensor,
    f32_grads: bool,
    tiling: Option<Tiling>,
    fault: Fault,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let e = "grpo_loss.backward";
    let c = validate(e, x, o)?;
    let tokens = c.tokens();
    if float_of(e, "lse", lse, &tokens, "the logits' tokens")? != DType::F32 {
        return Err(bad(
            e,
            "lse",
            format!(
                "dtype {} is not allowed; the forward's lse is f32",
                lse.dtype()
            ),
        ));
    }
    let dloss_dtype = float_of(e, "dloss", dloss, &tokens, "the logits' tokens")?;
    let grad = if f32_grads {
        DType::F32
    } else {
        x.logits.dtype()
    };
    let mut dx = fit_written(device, prev, grad, &x.logits.shape)?;
    if c.b == 0 {
        return Ok(dx);
    }
    let spec = GrpoSpec {
        backward: true,
        dloss: dloss_dtype,
        grad,
        fault,
        ..spec_of(device, x, o, &c, tiling)
    };
    let k = device.kernel(spec.name(), &spec, || kernel(&spec))?;
    let mut args = token_args(x, &spec);
    args.extend([
        Arg::In(&lse.buffer),
        Arg::In(&dloss.buffer),
        Arg::Out(&mut dx.buffer),
    ]);
    args.extend(scalar_args(&c, o));
    device.launch(&k, [(c.b * (c.l + 1)) as u32, 1, 1], &mut args)?;
    Ok(dx)
}

const LOGITS: Port = port(
    "logits",
    PortShape::SequenceLogits,
    false,
    "[B, L+1, V] policy logits, f32/f16/bf16 (gets the gradient; the last position is unused)",
);
const COMPLETION_IDS: Port = port(
    "completion_ids",
    PortShape::TokenIds,
    false,
    "[B, L] sampled token ids, int32/int64, in 0..V where the mask keeps the token",
);
const ADVANTAGES: Port = port(
    "advantages",
    PortShape::Sequences,
    false,
    "[B] advantage per sequence, float",
);
const COMPLETION_MASK: Port = port(
    "completion_mask",
    PortShape::Tokens,
    true,
    "[B, L] token weights, any dtype; 0 skips the token (default: every token, weight 1)",
);
const OLD_LOGP: Port = port(
    "old_logp",
    PortShape::Tokens,
    true,
    "[B, L] log-probabilities of the sampling policy, float (default: logp, detached)",
);
const REF_LOGP: Port = port(
    "ref_logp",
    PortShape::Tokens,
    true,
    "[B, L] log-probabilities of the reference policy, float (required when beta != 0)",
);
/// The forward's outputs, in order.
const FORWARD_OUTPUTS: [&str; 4] = ["loss", "kl", "is_clipped", "lse"];
const LOSS: Port = port(
    "loss",
    PortShape::Tokens,
    false,
    "f32 per-token loss times the mask",
);
const KL: Port = port(
    "kl",
    PortShape::Tokens,
    false,
    "f32 per-token KL to the reference times the mask (0 when beta = 0)",
);
const IS_CLIPPED: Port = port(
    "is_clipped",
    PortShape::Tokens,
    false,
    "f32 1 where the ratio was clipped, times the mask",
);
const LSE: Port = port(
    "lse",
    PortShape::Tokens,
    false,
    "f32 logsumexp(logits / temperature) per kept token (0 at masked tokens)",
);
const DLOSS: Port = port(
    "dloss",
    PortShape::Tokens,
    false,
    "cotangent of loss, float",
);
const DLOGITS: Port = port(
    "dlogits",
    PortShape::SequenceLogits,
    false,
    "gradient of the logits (0 at masked tokens and last positions)",
);

const PARAMS: [ParamDef; 10] = [
    ParamDef {
        name: "temperature",
        default: "0.9",
        allowed: "a number > 0",
        doc: "logits are divided by it",
    },
    ParamDef {
        name: "beta",
        default: "0.04",
        allowed: "a finite number",
        doc: "weight of the KL term (0: no KL, ref_logp unused)",
    },
    ParamDef {
        name: "eps_low",
        default: "0.2",
        allowed: "a finite number",
        doc: "PPO clip range below 1",
    },
    ParamDef {
        name: "eps_high",
        default: "0.4",
        allowed: "a finite number",
        doc: "PPO clip range above 1; cispo's raw upper bound",
    },
    ParamDef {
        name: "loss_type",
        default: "dapo",
        allowed: "grpo, dapo, bnpo, dr_grpo, luspo, cispo, sapo",
        doc: "per-token surrogate (the PPO types differ only in Liger's reductions)",
    },
    ParamDef {
        name: "delta",
        default: "none",
        allowed: "none, or a number > 0 (PPO types only)",
        doc: "upper clamp of the unclipped ratio",
    },
    ParamDef {
        name: "use_bias_correction_kl",
        default: "false",
        allowed: "false, true",
        doc: "multiply the KL by the ratio",
    },
    ParamDef {
        name: "sapo_temperature_pos",
        default: "1.0",
        allowed: "a number > 0",
        doc: "sapo's gate temperature for positive advantages",
    },
    ParamDef {
        name: "sapo_temperature_neg",
        default: "1.05",
        allowed: "a number > 0",
        doc: "sapo's gate temperature for other advantages",
    },
    ParamDef {
        name: "importance_sampling_level",
        default: "token",
        allowed: "token",
        doc: "sequence (GSPO) is not implemented",
    },
];
const GRAD_DTYPE: ParamDef = ParamDef {
    name: "grad_dtype",
    default: "storage",
    allowed: "storage, f32",
    doc: "dtype of dlogits",
};
const BACKWARD_PARAMS: [ParamDef; 11] = {
    let mut all = [GRAD_DTYPE; 11];
    let mut i = 0;
    while i < PARAMS.len() {
        all[i] = PARAMS[i];
        i += 1;
    }
    all
};

/// The options from an entry's parameters.
pub(crate) fn options(p: &Params) -> Result<GrpoOptions, OpError> {
    let names: Vec<&str> = LossType::ALL.iter().map(|(_, n)| *n).collect();
    let loss_type = p.choice("loss_type", &names)?;
    let loss_type = LossType::ALL
        .iter()
        .find(|(_, n)| *n == loss_type)
        .map_or(LossType::Dapo, |(t, _)| *t);
    p.choice("importance_sampling_level", &["token"])?;
    let delta = match p.text("delta").trim() {
        "none" => None,
        _ => Some(p.f32("delta")?),
    };
    Ok(GrpoOptions {
        temperature: p.f32("temperature")?,
        beta: p.f32("beta")?,
        eps_low: p.f32("eps_low")?,
        eps_high: p.f32("eps_high")?,
        loss_type,
        delta,
        use_bias_correction_kl: p.choice("use_bias_correction_kl", &["false", "true"])? == "true",
        sapo_temperature_pos: p.f32("sapo_temperature_pos")?,
        sapo_temperature_neg: p.f32("sapo_temperature_neg")?,
    })
}

/// The inputs of an entry's tensors.
fn inputs_of<'a>(e: &str, t: &'a Tensors) -> Result<GrpoInputs<'a>, OpError> {
    Ok(GrpoInputs {
        logits: input(e, t, "logits")?,
        completion_ids: input(e, t, "completion_ids")?,
        advantages: input(e, t, "advantages")?,
        completion_mask: t.get("completion_mask"),
        old_logp: t.get("old_logp"),
        ref_logp: t.get("ref_logp"),
    })
}

fn run_forward(d: &Device, t: &Tensors, p: &Params, o: &mut Tensors) -> Result<(), OpError> {
    let e = "grpo_loss.forward";
    let prev = FORWARD_OUTPUTS.map(|name| o.remove(name));
    let f = forward_tiled(d, &inputs_of(e, t)?, &options(p)?, None, prev)?;
    for (name, v) in FORWARD_OUTPUTS
        .into_iter()
        .zip([f.loss, f.kl, f.is_clipped, f.lse])
    {
        o.insert(name.into(), v);
    }
    Ok(())
}

fn run_backward(d: &Device, t: &Tensors, p: &Params, o: &mut Tensors) -> Result<(), OpError> {
    let e = "grpo_loss.backward";
    let g = backward(
        d,
        &inputs_of(e, t)?,
        &options(p)?,
        input(e, t, "lse")?,
        input(e, t, "dloss")?,
        p.choice("grad_dtype", &["storage", "f32"])? == "f32",
        o.remove("dlogits"),
    )?;
    o.insert("dlogits".into(), g);
    Ok(())
}

/// The GRPO loss's entries.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "grpo_loss.forward",
        op: "grpo_loss",
        inputs: &[
            LOGITS,
            COMPLETION_IDS,
            ADVANTAGES,
            COMPLETION_MASK,
            OLD_LOGP,
            REF_LOGP,
        ],
        outputs: &[LOSS, KL, IS_CLIPPED, LSE],
        params: &PARAMS,
        overwrites: &[],
        run: run_forward,
    },
    EntryPoint {
        name: "grpo_loss.backward",
        op: "grpo_loss",
        inputs: &[
            LOGITS,
            COMPLETION_IDS,
            ADVANTAGES,
            COMPLETION_MASK,
            OLD_LOGP,
            REF_LOGP,
            LSE,
            DLOSS,
        ],
        outputs: &[DLOGITS],
        params: &BACKWARD_PARAMS,
        overwrites: &[],
        run: run_backward,
    },
];
