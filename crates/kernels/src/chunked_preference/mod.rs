//! Liger's paired chunked preference losses (PARITY.md 5.1): DPO, CPO, ORPO and SimPO
//! (`LigerFusedLinear{DPO,CPO,ORPO,SimPO}Function`) on a fused LM head, computed in chunks of
//! pairs by fused linear cross-entropy's chunk loop
//! ([`crate::fused_linear_cross_entropy::chunk_loop_laid_out`], [`Layout::Paired`]) so that the
//! `[2B T, V]` logits are never held at once. The unpaired KTO (PARITY.md 5.2) shares this
//! machinery in [`kto`].
//!
//! # Contract
//!
//! `chunked_<loss>.forward(hidden [2B, T, H], weight [V, H], target [2B, T], bias [V]?,
//! (DPO) ref_hidden [2B, T, H'], ref_weight [V, H'], ref_bias [V]?) -> (loss, chosen_logps,
//! rejected_logps, chosen_logits_mean, rejected_logits_mean, nll, chosen_rewards,
//! rejected_rewards, (ORPO) log_odds_ratio, log_odds_chosen, grad_hidden, grad_weight,
//! grad_bias?)`. Sequences `0..B` are the chosen ones, `B..2B` the rejected ones (pair `i` is
//! sequences `i` and `B + i`), as Liger stacks them. With `z = hidden W^T + b`, per token
//! `log p(y_t) = z_y - lse(z)` (FP32), `mask_t = [y_t != ignore_index]`:
//! - per sequence `lp = sum_t mask_t log p(y_t)`, divided by `max(sum_t mask_t, 1)` when
//!   `average_log_prob` (CPO, DPO: a parameter, default false; ORPO, SimPO: always, as Liger);
//! - `nll = -sum over the chosen half's unmasked tokens of log p(y) / N_c`, `N_c` their global
//!   count (0 when `N_c = 0`, or without `compute_nll_loss`);
//! - `loss = alpha nll + (1 / B) sum_pairs l(c, r)` with `c`, `r` the pair's chosen and rejected
//!   `lp` and `l` the loss's pair formula (PARITY.md 5.1's table; DPO's `Δc = c - c_ref`,
//!   `Δr = r - r_ref`, the reference model's `lp` of the same sequences, 0 without one):
//!   CPO `-(1-ls) log σ(d) - ls log σ(-d)`, `d = β(c - r)`; SimPO the same with
//!   `d = β(c - r) - γ`; ORPO `-β log σ(lo)`, `lo = (c - r) - (ln(1 - e^c) - ln(1 - e^r))`;
//!   DPO by `loss_type`: sigmoid, hinge, exo_pair (`ls > 0`), nca_pair, robust
//!   (`0 <= ls < 1/2`), bco_pair, sppo_hard (`β != 0`), apo_zero, apo_down, discopop
//!   (`τ != 0`); ipo is a typed error, as Liger raises;
//! - `chosen_logps`, `rejected_logps` `[B]` are the `lp`; `chosen_logits_mean` and
//!   `rejected_logits_mean` the sums of every logit of each half (ignored tokens included)
//!   divided by `B T V`; `nll` as above (without `alpha`); `chosen_rewards`, `rejected_rewards`
//!   `[B]` are `β Δc`, `β Δr` (DPO) or `β c`, `β r`; ORPO's `log_odds_ratio` and
//!   `log_odds_chosen` are the means over pairs of `log σ(lo)` and `lo`. All FP32.
//!
//! The gradients of `loss` with respect to `hidden`, `weight` and `bias` are made in the forward
//! for `dloss = 1`, as Liger's: `grad_hidden` in the hidden dtype, `grad_weight` and
//! `grad_bias` FP32 (the hidden dtype with `param_grad_dtype=storage`, Liger's choice: one
//! rounding per chunk). `chunked_<loss>.backward(..., grad_hidden, grad_weight, grad_bias?,
//! dloss) -> (dhidden, dweight, dbias?)` returns copies of them times the scalar `dloss` (no
//! pass when it is 1). `target`, the reference model's inputs and the aux outputs get none.
//!
//! Per chunk of `chunk_size` pairs (its chosen rows, then its rejected rows: Liger's chunk
//! layout; the last chunk shorter): (1) `logits [2 c T, V] = x W^T + b` by the chunk loop's
//! product; (2) [`row_sums_kernel`] sums each logits row in FP32 (the logits means); (3)
//! [`crate::cross_entropy`] at per-row reduction overwrites the logits with `softmax - onehot(y)`
//! (0 on ignored rows) and returns each row's `-log p(y)`; (4) the host reads the chunk's `2cT`
//! row values and sums, forms each sequence's `lp` (f64), each pair's loss and its derivatives
//! `∂l/∂c`, `∂l/∂r` (f64 scalar arithmetic), and the per-row factor `s = -(∂loss/∂lp) / n_seq +
//! [chosen] alpha / N_c` (`n_seq` the sequence's divisor), which
//! [`crate::cross_entropy::scale_in_place`] applies to the row; (5) the chunk loop projects
//! the gradient into `grad_hidden`, `grad_weight`, `grad_bias`. The reference model (DPO with
//! `use_ref_model`) runs first, chunks of `2 chunk_size T` rows with no gradient: product and
//! read-only cross-entropy, giving each sequence's `lp_ref`. Each chunk waits for the device
//! once (step 4). Losses, `lp` and the aux outputs do not depend on the chunking;
//! `grad_weight` and `grad_bias` are FP32 sums of chunks in order (deterministic).
//!
//! Memory beyond inputs and outputs: one chunk's logits `2 c T V s` (`s` the storage size), its
//! hidden rows and `grad_hidden` rows (`2 c T H s` each: the chunk's rows are gathered from two
//! places, so they are copies), `2 c T` FP32 row values, and the reference model's chunk
//! logits when it runs.
//!
//! Inputs: `hidden`, `weight`, `bias` one float dtype (f32, f16, bf16); the reference model's
//! three one float dtype of their own, `ref_hidden [2B, T, H']` with any `H'` and
//! `ref_weight [V, H']`; `target` int32/int64, each in `0..V` or `ignore_index`; `B >= 1`,
//! `1 <= V <= 16,777,216`, `T >= 1`, any `H`. An odd or zero batch, no tokens, mismatched shapes
//! or dtypes, a missing reference model under `use_ref_model`, `use_ref_model` outside DPO, a
//! zero `chunk_size`, and option values outside the ranges above are typed errors.
//!
//! # Deviations from Liger
//!
//! - `grad_hidden`, `grad_weight` and `grad_bias` are always computed (Liger skips what does not
//!   require grad); FP32 parameter gradients by default (`param_grad_dtype=storage` gives
//!   Liger's dtype).
//! - A sequence whose tokens are all ignored has `lp = 0` also when averaging (Liger divides 0
//!   by 0: NaN), and `nll = 0` when no chosen token counts (Liger: NaN). ORPO's `ln(1 - e^c)`
//!   is then `-inf` and the pair's loss `0` (an empty chosen sequence) or `inf` (an empty
//!   rejected one), as the formula says; an infinite log-odds contributes no gradient.
//! - ORPO's `ln(1 - e^c)` is evaluated as `ln(-expm1(c))` (Liger: `log1p(-exp(c))` in FP32,
//!   which loses precision as `c -> 0`).
//! - Liger's `nll_target` (ORPO) is not supported: the NLL uses `target`'s chosen half.
//! - Chunks hold exactly `chunk_size` pairs (Liger's `torch.chunk` spreads `B` over
//!   `max(1, B / chunk_size)` chunks); results do not depend on it beyond FP32 summation order.
//! - Logits are rounded to the storage dtype (as Liger's product), the logits' gradient is
//!   rounded to it twice (the cross-entropy's, then scaled by `s`), and the logits means are
//!   FP32 row sums added in f64 (Liger sums the storage-dtype logits in the storage dtype).

pub mod check;
pub mod kto;
#[cfg(test)]
mod tests;

use metile_ir::{DType, Verified};
use metile_lang::{trace, LangError};
use metile_runtime::{Arg, Buffer, Device, Tensor};

use crate::cross_entropy::{self as ce, CeOptions, Reduction, RowTiles};
use crate::fused_linear_cross_entropy::{
    chunk_loop_laid_out, put, scaled_grads, take_prev, usize_param, Layout, Projection,
    SavedShapes, GRADS, SAVED,
};
pub use crate::fused_linear_cross_entropy::{FlceGrads as PrefGrads, SavedGrads};
use crate::host::{bad, float_dtype, rows_fit};
use crate::norms::Tiling;
pub use crate::reference::chunked_preference::{DpoLossType, PairLoss, PrefOptions};
use crate::registry::{
    input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors,
};

/// Options of both entries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChunkedPrefOptions {
    pub loss: PrefOptions,
    /// DPO: run the reference model (`ref_hidden`, `ref_weight`, `ref_bias?`) for `lp_ref`;
    /// without it `lp_ref = 0`. Only DPO may set it.
    pub use_ref_model: bool,
    /// Pairs per chunk (Liger's `chunk_size`), at least 1.
    pub chunk_size: usize,
    /// `grad_weight` and `grad_bias` in the hidden dtype instead of FP32.
    pub storage_param_grads: bool,
}

impl ChunkedPrefOptions {
    /// `loss` with chunks of one pair (Liger's default), no reference model, FP32 parameter
    /// gradients.
    pub fn new(loss: PrefOptions) -> Self {
        ChunkedPrefOptions {
            loss,
            use_ref_model: false,
            chunk_size: 1,
            storage_param_grads: false,
        }
    }
}

/// The inputs.
#[derive(Clone, Copy, Debug)]
pub struct PrefInputs<'a> {
    pub hidden: &'a Tensor,
    pub weight: &'a Tensor,
    pub target: &'a Tensor,
    pub bias: Option<&'a Tensor>,
    pub ref_hidden: Option<&'a Tensor>,
    pub ref_weight: Option<&'a Tensor>,
    pub ref_bias: Option<&'a Tensor>,
}

/// What the forward returns (FP32 scalars `[]` and `[B]` vectors) and the gradients for
/// `dloss = 1`.
#[derive(Debug)]
pub struct PrefForward {
    pub loss: Tensor,
    pub chosen_logps: Tensor,
    pub rejected_logps: Tensor,
    pub chosen_logits_mean: Tensor,
    pub rejected_logits_mean: Tensor,
    pub nll: Tensor,
    pub chosen_rewards: Tensor,
    pub rejected_rewards: Tensor,
    /// ORPO's `(log_odds_ratio, log_odds_chosen)`.
    pub orpo: Option<(Tensor, Tensor)>,
    pub grads: PrefGrads,
}

// ---- The logits' row sums --------------------------------------------------------------------

/// Specialisation of [`row_sums_kernel`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RowSumsSpec {
    pub logits: DType,
    pub tiling: Tiling,
    /// Few rows for the device (`cross_entropy::wide_programs`).
    pub wide: bool,
}

/// One program per row: `row_sums[row] = sum_j logits[row, j]` in FP32 (a row wider than one
/// tile is stepped, per-lane sums reduced once: deterministic). Parameters: `logits`,
/// `row_sums` (f32), `n` (columns, i32).
pub fn row_sums_kernel(spec: &RowSumsSpec) -> Result<Verified, LangError> {
    trace("chunked_preference_fwd", |k| {
        if spec.wide {
            k.min_threads(ce::WIDE_THREADS);
        }
        let x = k.input("logits", spec.logits);
        let out = k.output("row_sums", DType::F32);
        let n = k.scalar("n", DType::I32);
        let row = k.program_id(0);
        let tiles = RowTiles::new(k, row, n, spec.tiling);
        let s = tiles.sums(1, &|st| {
            let (offs, _, mask) = tiles.at(st);
            let v = match mask {
                Some(m) => x.load_masked(offs, m, 0.0),
                None => x.load(offs),
            };
            vec![v.cast(DType::F32)]
        });
        out.store(row.cast(DType::I64), s[0]);
    })
}

/// The FP32 sum of each row of `z` (`[rows, V]`), read to the host.
pub(crate) fn row_sums(device: &Device, z: &Tensor, tiling: Tiling) -> Result<Vec<f32>, OpError> {
    let (rows, v) = (z.shape[0], z.shape[1]);
    let spec = RowSumsSpec {
        logits: z.dtype(),
        tiling,
        wide: ce::wide_programs(device, rows),
    };
    let k = device.kernel("chunked_preference_fwd", &spec, || row_sums_kernel(&spec))?;
    let mut out = device.zeros(DType::F32, rows)?;
    let mut args = [Arg::In(&z.buffer), Arg::Out(&mut out), Arg::I32(v as i32)];
    device.launch(&k, [rows as u32, 1, 1], &mut args)?;
    Ok(out.to_f32()?)
}

// ---- The pair losses (host, f64) -------------------------------------------------------------

pub(crate) fn sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// `ln σ(x)` without overflow.
pub(crate) fn log_sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        -(-x).exp().ln_1p()
    } else {
        x - x.exp().ln_1p()
    }
}

/// `σ'(x) = σ(x) σ(-x)`.
pub(crate) fn sigmoid_slope(x: f64) -> f64 {
    sigmoid(x) * sigmoid(-x)
}

/// One pair's loss (before the `1 / B`) and its derivatives with respect to the policy's `c`
/// and `r`, given the reference's `cr`, `rr` (0 without one).
pub(crate) fn pair_loss(o: &PrefOptions, c: f64, r: f64, cr: f64, rr: f64) -> (f64, f64, f64) {
    let beta = o.beta;
    // A loss of `d = β (c - r) + shift` and its `∂/∂d`, then the chain rule.
    let of_margin = |(l, dd): (f64, f64)| (l, beta * dd, -beta * dd);
    let smoothed = |d: f64, ls: f64| {
        (
            -(1.0 - ls) * log_sigmoid(d) - ls * log_sigmoid(-d),
            -(1.0 - ls) * sigmoid(-d) + ls * sigmoid(d),
        )
    };
    match o.loss {
        PairLoss::Cpo { label_smoothing } => of_margin(smoothed(beta * (c - r), label_smoothing)),
        PairLoss::Simpo {
            gamma,
            label_smoothing,
        } => of_margin(smoothed(beta * (c - r) - gamma, label_smoothing)),
        PairLoss::Orpo => {
            // ln(1 - e^x) = ln(-expm1(x)); d lo / dc = -1 / expm1(c), d lo / dr = 1 / expm1(r).
            let lo = (c - r) - ((-c.exp_m1()).ln() - (-r.exp_m1()).ln());
            let s = sigmoid(-lo);
            let slope = |x: f64| if s == 0.0 { 0.0 } else { beta * s / x.exp_m1() };
            (-beta * log_sigmoid(lo), slope(c), -slope(r))
        }
        PairLoss::Dpo {
            loss_type,
            label_smoothing: ls,
            discopop_tau: tau,
        } => {
            let (dc, dr) = (c - cr, r - rr);
            let (bc, br) = (beta * dc, beta * dr);
            let d = beta * (dc - dr);
            match loss_type {
                DpoLossType::Sigmoid => of_margin((-log_sigmoid(d), -sigmoid(-d))),
                DpoLossType::Hinge => {
                    of_margin(((1.0 - d).max(0.0), if d < 1.0 { -1.0 } else { 0.0 }))
                }
                // Rejected by validation, as Liger raises.
                DpoLossType::Ipo => (f64::NAN, f64::NAN, f64::NAN),
                DpoLossType::ExoPair => {
                    let (log_pw, log_pl) = ((-ls).ln_1p(), ls.ln());
                    let l = sigmoid(d) * (log_sigmoid(d) - log_pw)
                        + sigmoid(-d) * (log_sigmoid(-d) - log_pl);
                    // ∂/∂d = σ(d) σ(-d) (log σ(d) - log σ(-d) - log_pw + log_pl), and
                    // log σ(d) - log σ(-d) = d.
                    of_margin((l, sigmoid_slope(d) * (d - log_pw + log_pl)))
                }
                DpoLossType::Robust => {
                    let k = 1.0 / (1.0 - 2.0 * ls);
                    of_margin((
                        k * (-(1.0 - ls) * log_sigmoid(d) + ls * log_sigmoid(-d)),
                        k * (-(1.0 - ls) * sigmoid(-d) - ls * sigmoid(d)),
                    ))
                }
                DpoLossType::NcaPair => (
                    -log_sigmoid(bc) - 0.5 * log_sigmoid(-bc) - 0.5 * log_sigmoid(-br),
                    beta * (-sigmoid(-bc) + 0.5 * sigmoid(bc)),
                    beta * 0.5 * sigmoid(br),
                ),
                DpoLossType::BcoPair => (
                    -log_sigmoid(bc) - log_sigmoid(-br),
                    -beta * sigmoid(-bc),
                    beta * sigmoid(br),
                ),
                DpoLossType::SppoHard => {
                    let (a, b) = (dc - 0.5 / beta, dr + 0.5 / beta);
                    (a * a + b * b, 2.0 * a, 2.0 * b)
                }
                DpoLossType::ApoZero => (
                    1.0 - sigmoid(bc) + sigmoid(br),
                    -beta * sigmoid_slope(bc),
                    beta * sigmoid_slope(br),
                ),
                DpoLossType::ApoDown => (
                    sigmoid(bc) + 1.0 - sigmoid(d),
                    beta * (sigmoid_slope(bc) - sigmoid_slope(d)),
                    beta * sigmoid_slope(d),
                ),
                DpoLossType::Discopop => {
                    let mu = sigmoid(d / tau);
                    let dmu = sigmoid_slope(d / tau) / tau;
                    let e = (-d).exp();
                    let l = -log_sigmoid(d) * (1.0 - mu) + e * mu;
                    let dd = -sigmoid(-d) * (1.0 - mu) + log_sigmoid(d) * dmu - e * mu + e * dmu;
                    of_margin((l, dd))
                }
            }
        }
    }
}

// ---- Validation ------------------------------------------------------------------------------

/// The forward and backward entry names of `loss`.
fn entries(loss: &PairLoss) -> [&'static str; 2] {
    match loss {
        PairLoss::Dpo { .. } => ["chunked_dpo.forward", "chunked_dpo.backward"],
        PairLoss::Cpo { .. } => ["chunked_cpo.forward", "chunked_cpo.backward"],
        PairLoss::Orpo => ["chunked_orpo.forward", "chunked_orpo.backward"],
        PairLoss::Simpo { .. } => ["chunked_simpo.forward", "chunked_simpo.backward"],
    }
}

/// Validated sizes and host-side target statistics.
struct Plan {
    /// Pairs `B`, tokens per sequence, features, classes.
    b: usize,
    t: usize,
    h: usize,
    v: usize,
    ids: Vec<i64>,
    /// Each sequence's `lp` divisor: its unmasked count (at least 1) when averaging, else 1.
    divisors: Vec<f64>,
    /// The count `N_c` of unmasked chosen tokens, and the NLL's factor on each chosen row,
    /// `alpha / N_c` (0 without NLL or chosen tokens).
    n_chosen: usize,
    nll_weight: f64,
    param_grad: DType,
}

pub(crate) fn param_error(entry: &str, name: &str, value: String, allowed: &str) -> OpError {
    OpError::BadParam {
        entry: entry.into(),
        name: name.into(),
        value,
        message: "is out of range".into(),
        allowed: allowed.into(),
    }
}

/// Checks the options' values.
fn check_options(entry: &str, o: &ChunkedPrefOptions) -> Result<(), OpError> {
    let l = &o.loss;
    let finite = |name: &str, x: f64| {
        if x.is_finite() {
            Ok(())
        } else {
            Err(param_error(entry, name, x.to_string(), "a finite number"))
        }
    };
    finite("beta", l.beta)?;
    finite("alpha", l.alpha)?;
    if o.chunk_size == 0 {
        return Err(param_error(
            entry,
            "chunk_size",
            "0".into(),
            "an integer >= 1",
        ));
    }
    let unit = |ls: f64| {
        if (0.0..=1.0).contains(&ls) {
            Ok(())
        } else {
            Err(param_error(
                entry,
                "label_smoothing",
                ls.to_string(),
                "0 to 1",
            ))
        }
    };
    match l.loss {
        PairLoss::Cpo { label_smoothing } => unit(label_smoothing)?,
        PairLoss::Simpo {
            gamma,
            label_smoothing,
        } => {
            finite("gamma", gamma)?;
            unit(label_smoothing)?;
        }
        PairLoss::Orpo => {}
        PairLoss::Dpo {
            loss_type,
            label_smoothing: ls,
            discopop_tau: tau,
        } => {
            finite("label_smoothing", ls)?;
            match loss_type {
                DpoLossType::Ipo => {
                    return Err(param_error(
                        entry,
                        "loss_type",
                        "ipo".into(),
                        "sigmoid, hinge, exo_pair, nca_pair, robust, bco_pair, sppo_hard, \
                         apo_zero, apo_down, discopop (ipo needs per-sample completion lengths, \
                         which Liger does not support either)",
                    ))
                }
                DpoLossType::ExoPair if !(ls > 0.0 && ls < 1.0) => {
                    return Err(param_error(
                        entry,
                        "label_smoothing",
                        ls.to_string(),
                        "0 < label_smoothing < 1 for exo_pair (the EXO paper uses 1e-3)",
                    ))
                }
                DpoLossType::Robust if !(0.0..0.5).contains(&ls) => {
                    return Err(param_error(
                        entry,
                        "label_smoothing",
                        ls.to_string(),
                        "0 <= label_smoothing < 0.5 for robust",
                    ))
                }
                DpoLossType::SppoHard if l.beta == 0.0 => {
                    return Err(param_error(
                        entry,
                        "beta",
                        "0".into(),
                        "non-zero for sppo_hard",
                    ))
                }
                DpoLossType::Discopop if !(tau.is_finite() && tau != 0.0) => {
                    return Err(param_error(
                        entry,
                        "discopop_tau",
                        tau.to_string(),
                        "finite and non-zero",
                    ))
                }
                _ => {}
            }
        }
    }
    if o.use_ref_model && !matches!(l.loss, PairLoss::Dpo { .. }) {
        return Err(param_error(
            entry,
            "use_ref_model",
            "true".into(),
            "false: only DPO has a reference model",
        ));
    }
    Ok(())
}

/// `[2B, T, H]` (`paired`; `[B, T, H]` otherwise) of a float dtype, with at least one sequence
/// (pair) and one token: `(dtype, sequences, T, H)`.
pub(crate) fn sequences(
    entry: &str,
    name: &str,
    x: &Tensor,
    paired: bool,
) -> Result<(DType, usize, usize, usize), OpError> {
    let dt = float_dtype(entry, name, x)?;
    match x.shape[..] {
        [n, t, h] if n > 0 && t > 0 && (!paired || n % 2 == 0) => Ok((dt, n, t, h)),
        _ if paired => Err(bad(
            entry,
            name,
            format!(
                "shape {:?} must be [2B, T, H] with B >= 1 pairs (chosen sequences first) and \
                 T >= 1",
                x.shape
            ),
        )),
        _ => Err(bad(
            entry,
            name,
            format!(
                "shape {:?} must be [B, T, H] with B >= 1 sequences and T >= 1",
                x.shape
            ),
        )),
    }
}

/// A head `weight [V, H]` (and `bias [V]`) of dtype `dt`; `V` from `weight` unless `v` is given.
pub(crate) fn head(
    entry: &str,
    names: [&str; 2],
    w: &Tensor,
    bias: Option<&Tensor>,
    dt: DType,
    h: usize,
    v: Option<usize>,
) -> Result<usize, OpError> {
    let same = |name: &str, t: &Tensor| -> Result<(), OpError> {
        if t.dtype() != dt {
            return Err(bad(
                entry,
                name,
                format!("dtype {} must match its hidden states' {dt}", t.dtype()),
            ));
        }
        Ok(())
    };
    same(names[0], w)?;
    let max_v = crate::norms::MAX_COLS;
    let v = match w.shape[..] {
        [wv, wh] if wh == h && (1..=max_v).contains(&wv) && v.is_none_or(|v| v == wv) => wv,
        _ => {
            return Err(bad(
                entry,
                names[0],
                format!(
                    "shape {:?} must be [V, H] with H = {h}{} and 1 <= V <= {max_v}",
                    w.shape,
                    v.map_or(String::new(), |v| format!(", V = {v} (weight's)"))
                ),
            ))
        }
    };
    if let Some(b) = bias {
        same(names[1], b)?;
        if b.shape != [v] {
            return Err(bad(
                entry,
                names[1],
                format!("shape {:?} must be [V] = [{v}]", b.shape),
            ));
        }
    }
    Ok(v)
}

/// The reference model's inputs when `used`: `ref_hidden` of `n` sequences of `t` tokens (its
/// own width and float dtype), `ref_weight [V, H']` of `v` classes and `ref_bias [V]?`.
pub(crate) fn check_reference(
    entry: &str,
    refs: [Option<&Tensor>; 3],
    paired: bool,
    [n, t, v]: [usize; 3],
) -> Result<(), OpError> {
    fn need<'t>(entry: &str, name: &str, x: Option<&'t Tensor>) -> Result<&'t Tensor, OpError> {
        x.ok_or_else(|| OpError::MissingInput {
            entry: entry.into(),
            name: format!("{name} (use_ref_model=true)"),
        })
    }
    let rx = need(entry, "ref_hidden", refs[0])?;
    let rw = need(entry, "ref_weight", refs[1])?;
    let (rdt, rn, rt, rh) = sequences(entry, "ref_hidden", rx, paired)?;
    if (rn, rt) != (n, t) {
        return Err(bad(
            entry,
            "ref_hidden",
            format!(
                "shape {:?} must have hidden's sequences and tokens [{n}, {t}]",
                rx.shape
            ),
        ));
    }
    head(
        entry,
        ["ref_weight", "ref_bias"],
        rw,
        refs[2],
        rdt,
        rh,
        Some(v),
    )?;
    Ok(())
}

/// The target ids (int32/int64 `[n, t]`, each in `0..v` or `ignore_index`) and each sequence's
/// count of unmasked tokens.
pub(crate) fn target_ids(
    entry: &str,
    y: &Tensor,
    [n, t, v]: [usize; 3],
    ignore_index: i64,
) -> Result<(Vec<i64>, Vec<usize>), OpError> {
    if !y.dtype().is_int() || y.shape != [n, t] {
        return Err(bad(
            entry,
            "target",
            format!(
                "{} {:?} must be int32/int64 of hidden's sequences and tokens [{n}, {t}]",
                y.dtype(),
                y.shape
            ),
        ));
    }
    let ids = y.buffer.to_i64()?;
    ce::count_valid(entry, "target", &ids, v, ignore_index)?;
    let counts = (0..n)
        .map(|s| {
            ids[s * t..(s + 1) * t]
                .iter()
                .filter(|y| **y != ignore_index)
                .count()
        })
        .collect();
    Ok((ids, counts))
}

/// Each sequence's `lp` divisor from its count: the count (at least 1) when averaging, else 1.
pub(crate) fn divisors(counts: &[usize], average: bool) -> Vec<f64> {
    counts
        .iter()
        .map(|c| if average { (*c).max(1) as f64 } else { 1.0 })
        .collect()
}

fn validate(entry: &str, inp: &PrefInputs<'_>, o: &ChunkedPrefOptions) -> Result<Plan, OpError> {
    check_options(entry, o)?;
    let (dt, n, t, h) = sequences(entry, "hidden", inp.hidden, true)?;
    rows_fit(entry, "hidden", n * t)?;
    let v = head(entry, ["weight", "bias"], inp.weight, inp.bias, dt, h, None)?;
    if o.use_ref_model {
        let refs = [inp.ref_hidden, inp.ref_weight, inp.ref_bias];
        check_reference(entry, refs, true, [n, t, v])?;
    }
    let l = &o.loss;
    let (ids, counts) = target_ids(entry, inp.target, [n, t, v], l.ignore_index)?;
    let divisors = divisors(&counts, l.average_log_prob);
    let n_chosen: usize = counts[..n / 2].iter().sum();
    Ok(Plan {
        b: n / 2,
        t,
        h,
        v,
        ids,
        divisors,
        n_chosen,
        nll_weight: if l.compute_nll && n_chosen > 0 {
            l.alpha / n_chosen as f64
        } else {
            0.0
        },
        param_grad: if o.storage_param_grads {
            dt
        } else {
            DType::F32
        },
    })
}

// ---- The passes ------------------------------------------------------------------------------

/// The per-row options of every chunk's cross-entropy.
pub(crate) fn ce_options(ignore_index: i64) -> CeOptions {
    CeOptions {
        reduction: Reduction::None,
        ignore_index,
        label_smoothing: 0.0,
        z_loss: 0.0,
        softcap: None,
    }
}

/// Targets `ids` as an int64 tensor on `device`.
pub(crate) fn upload_ids(device: &Device, ids: &[i64]) -> Result<Tensor, OpError> {
    let t = Tensor::new(Buffer::from_i64(DType::I64, ids)?, vec![ids.len()])?;
    Ok(device.to_device(&t)?)
}

/// The reference model's head (validated by [`check_reference`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RefHead<'a> {
    pub hidden: &'a Tensor,
    pub weight: &'a Tensor,
    pub bias: Option<&'a Tensor>,
}

impl<'a> RefHead<'a> {
    /// The head of `refs` (hidden, weight, bias), or an error naming the missing one.
    pub(crate) fn of(entry: &str, refs: [Option<&'a Tensor>; 3]) -> Result<Self, OpError> {
        match refs {
            [Some(hidden), Some(weight), bias] => Ok(RefHead {
                hidden,
                weight,
                bias,
            }),
            _ => Err(OpError::MissingInput {
                entry: entry.into(),
                name: "ref_hidden/ref_weight (use_ref_model=true)".into(),
            }),
        }
    }
}

/// Each sequence's `lp` under the reference model (no gradient), in chunks of `chunk_rows`
/// rows: `t` tokens per sequence, the target `ids` and each sequence's divisor.
pub(crate) fn reference_lps(
    device: &Device,
    head: RefHead<'_>,
    ids: &[i64],
    divisors: &[f64],
    t: usize,
    chunk_rows: usize,
    ignore_index: i64,
) -> Result<Vec<f64>, OpError> {
    let proj = Projection {
        hidden: head.hidden,
        weight: head.weight,
        bias: head.bias,
        chunk: chunk_rows.max(1),
        param_grad: DType::F32,
        f32_grad_hidden: false,
    };
    let ce_o = ce_options(ignore_index);
    let mut rows = vec![0.0f64; ids.len()];
    chunk_loop_laid_out(device, &proj, Layout::Rows, false, None, &mut |ch, z| {
        let ids = &ids[ch.start..ch.start + ch.rows];
        let y = upload_ids(device, ids)?;
        let known = ce::Known {
            ids,
            weights: None,
            factors: None,
        };
        let f = ce::run_forward(
            device,
            ce::Logits::Read(&*z),
            &y,
            None,
            &ce_o,
            false,
            Some(known),
            ce::RowBuffers::default(),
        )?;
        for (k, v) in f.loss.buffer.to_f32()?.into_iter().enumerate() {
            rows[ch.start + k] = f64::from(v);
        }
        Ok(())
    })?;
    Ok((0..divisors.len())
        .map(|s| -rows[s * t..(s + 1) * t].iter().sum::<f64>() / divisors[s])
        .collect())
}

/// What the policy pass accumulates on the host.
#[derive(Default)]
struct Totals {
    /// Every sequence's `lp`.
    lp: Vec<f64>,
    /// The chosen and rejected halves' logit sums.
    logit_sums: [f64; 2],
    /// The chosen half's summed `-log p(y)`.
    nll: f64,
    /// `sum_pairs l`, and ORPO's `sum log σ(lo)` and `sum lo`.
    pref: f64,
    log_odds_ratio: f64,
    log_odds: f64,
}

/// The forward: the loss, the aux outputs and the gradients for `dloss = 1`, reusing `prev`
/// gradient tensors that fit.
pub fn forward(
    device: &Device,
    inp: &PrefInputs<'_>,
    o: &ChunkedPrefOptions,
    prev: Option<PrefGrads>,
) -> Result<PrefForward, OpError> {
    forward_tiled(device, inp, o, prev, None)
}

/// [`forward`] with the logits' row sums tiled as `tiling` says (tests step narrow rows).
pub(crate) fn forward_tiled(
    device: &Device,
    inp: &PrefInputs<'_>,
    o: &ChunkedPrefOptions,
    prev: Option<PrefGrads>,
    tiling: Option<Tiling>,
) -> Result<PrefForward, OpError> {
    let entry = entries(&o.loss.loss)[0];
    let p = validate(entry, inp, o)?;
    let (b, t) = (p.b, p.t);
    let refs = if o.use_ref_model {
        let head = RefHead::of(entry, [inp.ref_hidden, inp.ref_weight, inp.ref_bias])?;
        let chunk = 2 * o.chunk_size * t;
        let ignore = o.loss.ignore_index;
        reference_lps(device, head, &p.ids, &p.divisors, t, chunk, ignore)?
    } else {
        vec![0.0; 2 * b]
    };
    let proj = Projection {
        hidden: inp.hidden,
        weight: inp.weight,
        bias: inp.bias,
        chunk: (o.chunk_size * t).max(1),
        param_grad: p.param_grad,
        f32_grad_hidden: false,
    };
    let tiling = tiling.unwrap_or_else(|| Tiling::for_device(device, p.v));
    let ce_o = ce_options(o.loss.ignore_index);
    let mut tot = Totals {
        lp: vec![0.0; 2 * b],
        ..Totals::default()
    };
    let half = b * t;
    let grads = chunk_loop_laid_out(device, &proj, Layout::Paired, true, prev, &mut |ch, z| {
        // The chunk's `np` pairs from pair `s0`: chosen rows, then rejected rows.
        let (per_half, s0) = (ch.rows / 2, ch.start / t.max(1));
        let np = per_half / t.max(1);
        let ids: Vec<i64> = p.ids[ch.start..ch.start + per_half]
            .iter()
            .chain(&p.ids[half + ch.start..half + ch.start + per_half])
            .copied()
            .collect();
        let y = upload_ids(device, &ids)?;
        let sums = row_sums(device, z, tiling)?;
        let known = ce::Known {
            ids: &ids,
            weights: None,
            factors: None,
        };
        let f = ce::run_forward(
            device,
            ce::Logits::Overwrite(&mut *z),
            &y,
            None,
            &ce_o,
            false,
            Some(known),
            ce::RowBuffers::default(),
        )?;
        let nll_rows = f.loss.buffer.to_f32()?;
        // The chunk's sequence `j` is the call's `seq(j)`.
        let seq = |j: usize| if j < np { s0 + j } else { b + s0 + j - np };
        let sum = |v: &[f32], j: usize| {
            v[j * t..(j + 1) * t]
                .iter()
                .map(|x| f64::from(*x))
                .sum::<f64>()
        };
        for j in 0..2 * np {
            tot.lp[seq(j)] = -sum(&nll_rows, j) / p.divisors[seq(j)];
            tot.logit_sums[usize::from(j >= np)] += sum(&sums, j);
        }
        if o.loss.compute_nll {
            tot.nll += (0..np).map(|j| sum(&nll_rows, j)).sum::<f64>();
        }
        // Each row's factor on `softmax - onehot`: `-(∂loss/∂lp) / divisor`, plus the NLL's.
        let mut scale = vec![0.0f32; ch.rows];
        for i in 0..np {
            let (sc, sr) = (s0 + i, b + s0 + i);
            let (c, r) = (tot.lp[sc], tot.lp[sr]);
            let (l, dc, dr) = pair_loss(&o.loss, c, r, refs[sc], refs[sr]);
            tot.pref += l;
            if o.loss.loss == PairLoss::Orpo {
                let lo = (c - r) - ((-c.exp_m1()).ln() - (-r.exp_m1()).ln());
                tot.log_odds_ratio += log_sigmoid(lo);
                tot.log_odds += lo;
            }
            for (j, d, nll) in [(i, dc, p.nll_weight), (np + i, dr, 0.0)] {
                let f = -d / b as f64 / p.divisors[seq(j)] + nll;
                for (k, s) in scale[j * t..(j + 1) * t].iter_mut().enumerate() {
                    // Ignored rows' gradient is 0; a 0 factor keeps them 0 whatever `f` is.
                    if ids[j * t + k] != o.loss.ignore_index {
                        *s = f as f32;
                    }
                }
            }
        }
        let scale = Tensor::from_f32(DType::F32, &[ch.rows], &scale)?;
        ce::scale_in_place(device, z, &scale, Reduction::None)?;
        Ok(())
    })?
    .expect("the chunk loop returns gradients when asked for them");
    let l = &o.loss;
    let nll = match (l.compute_nll, p.n_chosen) {
        (true, n) if n > 0 => tot.nll / n as f64,
        _ => 0.0,
    };
    let scalar = |x: f64| -> Result<Tensor, OpError> {
        Ok(device.to_device(&Tensor::from_f32(DType::F32, &[], &[x as f32])?)?)
    };
    let vector = |x: Vec<f64>| -> Result<Tensor, OpError> {
        let v: Vec<f32> = x.into_iter().map(|x| x as f32).collect();
        Ok(device.to_device(&Tensor::from_f32(DType::F32, &[b], &v)?)?)
    };
    let reward = |s: usize| match l.loss {
        PairLoss::Dpo { .. } => l.beta * (tot.lp[s] - refs[s]),
        _ => l.beta * tot.lp[s],
    };
    let denom = (b * t * p.v) as f64;
    let pairs = b as f64;
    Ok(PrefForward {
        loss: scalar(l.alpha * nll + tot.pref / pairs)?,
        chosen_logps: vector(tot.lp[..b].to_vec())?,
        rejected_logps: vector(tot.lp[b..].to_vec())?,
        chosen_logits_mean: scalar(tot.logit_sums[0] / denom)?,
        rejected_logits_mean: scalar(tot.logit_sums[1] / denom)?,
        nll: scalar(nll)?,
        chosen_rewards: vector((0..b).map(reward).collect())?,
        rejected_rewards: vector((b..2 * b).map(reward).collect())?,
        orpo: match l.loss {
            PairLoss::Orpo => Some((
                scalar(tot.log_odds_ratio / pairs)?,
                scalar(tot.log_odds / pairs)?,
            )),
            _ => None,
        },
        grads,
    })
}

/// The backward for the scalar cotangent `dloss`: copies of the forward's `saved` gradients
/// times `dloss` (`inp` only checked; a missing one is an error).
pub fn backward(
    device: &Device,
    inp: &PrefInputs<'_>,
    saved: SavedGrads<'_>,
    dloss: &Tensor,
    o: &ChunkedPrefOptions,
    prev: Option<PrefGrads>,
) -> Result<PrefGrads, OpError> {
    let entry = entries(&o.loss.loss)[1];
    let p = validate(entry, inp, o)?;
    let shapes = SavedShapes {
        hidden: (inp.hidden.dtype(), &inp.hidden.shape),
        param: p.param_grad,
        weight: [p.v, p.h],
        bias: inp.bias.is_some(),
    };
    scaled_grads(device, entry, saved, &shapes, dloss, prev)
}

// ---- Registry entry points -------------------------------------------------------------------

/// Which loss an entry runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Dpo,
    Cpo,
    Orpo,
    Simpo,
}

pub(crate) fn flag(p: &Params, name: &str) -> Result<bool, OpError> {
    Ok(p.choice(name, &["false", "true"])? == "true")
}

pub(crate) fn float(p: &Params, name: &str) -> Result<f64, OpError> {
    Ok(f64::from(p.f32(name)?))
}

fn options(kind: Kind, p: &Params, entry: &str) -> Result<ChunkedPrefOptions, OpError> {
    let base = PrefOptions {
        beta: float(p, "beta")?,
        ignore_index: ce::ignore_index(p, entry)?,
        ..match kind {
            Kind::Dpo => PrefOptions::dpo(),
            Kind::Cpo => PrefOptions::cpo(),
            Kind::Orpo => PrefOptions::orpo(),
            Kind::Simpo => PrefOptions::simpo(),
        }
    };
    let loss = match kind {
        Kind::Dpo => {
            let name = p.text("loss_type");
            let loss_type = DpoLossType::parse(name.trim()).ok_or_else(|| OpError::BadParam {
                entry: entry.into(),
                name: "loss_type".into(),
                value: name.clone(),
                message: "is not a DPO loss type".into(),
                allowed: DPO_LOSS_TYPES.into(),
            })?;
            PrefOptions {
                loss: PairLoss::Dpo {
                    loss_type,
                    label_smoothing: float(p, "label_smoothing")?,
                    discopop_tau: float(p, "discopop_tau")?,
                },
                alpha: float(p, "alpha")?,
                compute_nll: flag(p, "compute_nll_loss")?,
                average_log_prob: flag(p, "average_log_prob")?,
                ..base
            }
        }
        Kind::Cpo => PrefOptions {
            loss: PairLoss::Cpo {
                label_smoothing: float(p, "label_smoothing")?,
            },
            alpha: float(p, "alpha")?,
            compute_nll: flag(p, "compute_nll_loss")?,
            average_log_prob: flag(p, "average_log_prob")?,
            ..base
        },
        Kind::Orpo => PrefOptions {
            compute_nll: flag(p, "compute_nll_loss")?,
            ..base
        },
        Kind::Simpo => PrefOptions {
            loss: PairLoss::Simpo {
                gamma: float(p, "gamma")?,
                label_smoothing: float(p, "label_smoothing")?,
            },
            alpha: float(p, "alpha")?,
            compute_nll: flag(p, "compute_nll_loss")?,
            ..base
        },
    };
    Ok(ChunkedPrefOptions {
        loss,
        use_ref_model: kind == Kind::Dpo && flag(p, "use_ref_model")?,
        chunk_size: usize_param(p, entry, "chunk_size")?,
        storage_param_grads: p.choice("param_grad_dtype", &["f32", "storage"])? == "storage",
    })
}

const DPO_LOSS_TYPES: &str =
    "sigmoid, hinge, exo_pair, nca_pair, robust, bco_pair, sppo_hard, apo_zero, apo_down, discopop";

const HIDDEN: Port = port(
    "hidden",
    PortShape::PairedStates,
    false,
    "[2B, T, H] f32/f16/bf16: B chosen sequences, then their B rejected ones",
);
const WEIGHT: Port = port("weight", PortShape::Weight, false, "[V, H], hidden's dtype");
const TARGET: Port = port(
    "target",
    PortShape::PairedTokenIds,
    false,
    "[2B, T] int32/int64 token ids, in 0..V or ignore_index",
);
const BIAS: Port = port("bias", PortShape::OutCols, true, "[V], hidden's dtype").rare();
const REF_HIDDEN: Port = port(
    "ref_hidden",
    PortShape::PairedStates,
    true,
    "[2B, T, H'] the reference model's hidden states (use_ref_model=true), any float dtype",
);
const REF_WEIGHT: Port = port(
    "ref_weight",
    PortShape::Weight,
    true,
    "[V, H'] the reference model's head, ref_hidden's dtype",
);
const REF_BIAS: Port = port(
    "ref_bias",
    PortShape::OutCols,
    true,
    "[V] the reference model's bias, ref_hidden's dtype",
)
.rare();
const GRAD_HIDDEN: Port = port(
    "grad_hidden",
    PortShape::PairedStates,
    false,
    "gradient of hidden for dloss = 1",
);
pub(crate) const GRAD_WEIGHT: Port = port(
    "grad_weight",
    PortShape::Weight,
    false,
    "gradient of weight for dloss = 1 (f32 unless param_grad_dtype=storage)",
);
pub(crate) const GRAD_BIAS: Port = port(
    "grad_bias",
    PortShape::OutCols,
    true,
    "gradient of bias for dloss = 1 (with bias)",
);
pub(crate) const DLOSS: Port = port(
    "dloss",
    PortShape::Scalar,
    false,
    "cotangent of the scalar loss",
);

const INPUTS: [Port; 4] = [HIDDEN, WEIGHT, TARGET, BIAS];
const DPO_INPUTS: [Port; 7] = [
    HIDDEN, WEIGHT, TARGET, BIAS, REF_HIDDEN, REF_WEIGHT, REF_BIAS,
];
const BACKWARD_INPUTS: [Port; 8] = [
    HIDDEN,
    WEIGHT,
    TARGET,
    BIAS,
    GRAD_HIDDEN,
    GRAD_WEIGHT,
    GRAD_BIAS,
    DLOSS,
];
const DPO_BACKWARD_INPUTS: [Port; 11] = [
    HIDDEN,
    WEIGHT,
    TARGET,
    BIAS,
    REF_HIDDEN,
    REF_WEIGHT,
    REF_BIAS,
    GRAD_HIDDEN,
    GRAD_WEIGHT,
    GRAD_BIAS,
    DLOSS,
];

const fn out(name: &'static str, shape: PortShape, doc: &'static str) -> Port {
    port(name, shape, false, doc)
}

/// The aux outputs every pair loss returns, after `loss`.
const LOSS: Port = out("loss", PortShape::Scalar, "f32: alpha nll + mean pair loss");
const CHOSEN_LOGPS: Port = out(
    "chosen_logps",
    PortShape::Pairs,
    "f32 [B]: each chosen sequence's (masked, maybe averaged) log-probability",
);
const REJECTED_LOGPS: Port = out("rejected_logps", PortShape::Pairs, "f32 [B]: likewise");
const CHOSEN_MEAN: Port = out(
    "chosen_logits_mean",
    PortShape::Scalar,
    "f32: sum of the chosen half's logits / (B T V)",
);
const REJECTED_MEAN: Port = out(
    "rejected_logits_mean",
    PortShape::Scalar,
    "f32: sum of the rejected half's logits / (B T V)",
);
const NLL: Port = out(
    "nll",
    PortShape::Scalar,
    "f32: chosen tokens' mean NLL (0 without compute_nll_loss)",
);
const CHOSEN_REWARDS: Port = out(
    "chosen_rewards",
    PortShape::Pairs,
    "f32 [B]: beta (lp - lp_ref) (DPO) or beta lp",
);
const REJECTED_REWARDS: Port = out("rejected_rewards", PortShape::Pairs, "f32 [B]: likewise");

const OUTPUTS: [Port; 11] = [
    LOSS,
    CHOSEN_LOGPS,
    REJECTED_LOGPS,
    CHOSEN_MEAN,
    REJECTED_MEAN,
    NLL,
    CHOSEN_REWARDS,
    REJECTED_REWARDS,
    GRAD_HIDDEN,
    GRAD_WEIGHT,
    GRAD_BIAS,
];
const ORPO_OUTPUTS: [Port; 13] = [
    LOSS,
    CHOSEN_LOGPS,
    REJECTED_LOGPS,
    CHOSEN_MEAN,
    REJECTED_MEAN,
    NLL,
    CHOSEN_REWARDS,
    REJECTED_REWARDS,
    out(
        "log_odds_ratio",
        PortShape::Scalar,
        "f32: mean over pairs of log sigmoid(log-odds ratio)",
    ),
    out(
        "log_odds_chosen",
        PortShape::Scalar,
        "f32: mean over pairs of the log-odds ratio",
    ),
    GRAD_HIDDEN,
    GRAD_WEIGHT,
    GRAD_BIAS,
];
pub(crate) const BACKWARD_OUTPUTS: [Port; 3] = [
    port(
        "dhidden",
        PortShape::PairedStates,
        false,
        "gradient of hidden",
    ),
    port(
        "dweight",
        PortShape::Weight,
        false,
        "gradient of weight (f32 unless param_grad_dtype=storage)",
    ),
    port(
        "dbias",
        PortShape::OutCols,
        true,
        "gradient of bias (with bias)",
    ),
];

const fn param(
    name: &'static str,
    default: &'static str,
    allowed: &'static str,
    doc: &'static str,
) -> ParamDef {
    ParamDef {
        name,
        default,
        allowed,
        doc,
    }
}

const IGNORE: ParamDef = param(
    "ignore_index",
    "-100",
    "an integer",
    "target tokens with this id are masked out",
);
const BETA: ParamDef = param("beta", "0.1", "finite", "the preference loss's beta");
const ALPHA: ParamDef = param("alpha", "1", "finite", "the NLL term's weight");
const SMOOTHING: ParamDef = param(
    "label_smoothing",
    "0",
    "0 to 1",
    "share of flipped preference labels",
);
const CHUNK: ParamDef = param(
    "chunk_size",
    "1",
    "an integer >= 1",
    "pairs per chunk (Liger's chunk_size)",
);
pub(crate) const PARAM_GRAD: ParamDef = param(
    "param_grad_dtype",
    "f32",
    "f32, storage",
    "grad_weight/grad_bias dtype (storage: hidden's, one rounding per chunk, as Liger)",
);
const NLL_ON: ParamDef = param(
    "compute_nll_loss",
    "true",
    "false, true",
    "add alpha times the chosen tokens' mean NLL",
);
const NLL_OFF: ParamDef = param(
    "compute_nll_loss",
    "false",
    "false, true",
    "add alpha times the chosen tokens' mean NLL",
);
const AVERAGE: ParamDef = param(
    "average_log_prob",
    "false",
    "false, true",
    "a sequence's lp is the mean over its unmasked tokens instead of the sum",
);

const DPO_PARAMS: [ParamDef; 11] = [
    IGNORE,
    BETA,
    ALPHA,
    NLL_OFF,
    param(
        "use_ref_model",
        "true",
        "false, true",
        "lp relative to the reference model (ref_hidden, ref_weight, ref_bias?)",
    ),
    AVERAGE,
    param(
        "loss_type",
        "sigmoid",
        DPO_LOSS_TYPES,
        "the DPO variant (ipo: not supported)",
    ),
    param(
        "label_smoothing",
        "0",
        "finite; exo_pair: (0, 1); robust: [0, 0.5)",
        "for exo_pair and robust",
    ),
    param(
        "discopop_tau",
        "0.05",
        "finite, non-zero",
        "discopop's modulation temperature",
    ),
    CHUNK,
    PARAM_GRAD,
];
const CPO_PARAMS: [ParamDef; 8] = [
    IGNORE, BETA, ALPHA, SMOOTHING, NLL_ON, AVERAGE, CHUNK, PARAM_GRAD,
];
const ORPO_PARAMS: [ParamDef; 5] = [IGNORE, BETA, NLL_ON, CHUNK, PARAM_GRAD];
const SIMPO_PARAMS: [ParamDef; 8] = [
    IGNORE,
    BETA,
    ALPHA,
    SMOOTHING,
    NLL_OFF,
    param("gamma", "0.5", "finite", "the reward margin"),
    CHUNK,
    PARAM_GRAD,
];

fn inputs<'a>(entry: &str, t: &'a Tensors) -> Result<PrefInputs<'a>, OpError> {
    Ok(PrefInputs {
        hidden: input(entry, t, "hidden")?,
        weight: input(entry, t, "weight")?,
        target: input(entry, t, "target")?,
        bias: t.get("bias"),
        ref_hidden: t.get("ref_hidden"),
        ref_weight: t.get("ref_weight"),
        ref_bias: t.get("ref_bias"),
    })
}

fn run_forward(
    kind: Kind,
    entry: &str,
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let prev = take_prev(out, SAVED);
    let f = forward(d, &inputs(entry, t)?, &options(kind, p, entry)?, prev)?;
    let named = [
        ("loss", f.loss),
        ("chosen_logps", f.chosen_logps),
        ("rejected_logps", f.rejected_logps),
        ("chosen_logits_mean", f.chosen_logits_mean),
        ("rejected_logits_mean", f.rejected_logits_mean),
        ("nll", f.nll),
        ("chosen_rewards", f.chosen_rewards),
        ("rejected_rewards", f.rejected_rewards),
    ];
    for (name, v) in named {
        out.insert(name.into(), v);
    }
    if let Some((ratio, chosen)) = f.orpo {
        out.insert("log_odds_ratio".into(), ratio);
        out.insert("log_odds_chosen".into(), chosen);
    }
    put(out, SAVED, f.grads);
    Ok(())
}

fn run_backward(
    kind: Kind,
    entry: &str,
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let o = options(kind, p, entry)?;
    let saved = SavedGrads {
        hidden: t.get(SAVED[0]),
        weight: t.get(SAVED[1]),
        bias: t.get(SAVED[2]),
    };
    let prev = take_prev(out, GRADS);
    let dloss = input(entry, t, "dloss")?;
    let g = backward(d, &inputs(entry, t)?, saved, dloss, &o, prev)?;
    put(out, GRADS, g);
    Ok(())
}

/// The four pair losses' entries.
pub static ENTRY_POINTS: [EntryPoint; 8] = [
    EntryPoint {
        name: "chunked_dpo.forward",
        op: "chunked_dpo",
        inputs: &DPO_INPUTS,
        outputs: &OUTPUTS,
        params: &DPO_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| run_forward(Kind::Dpo, "chunked_dpo.forward", d, t, p, out),
    },
    EntryPoint {
        name: "chunked_dpo.backward",
        op: "chunked_dpo",
        inputs: &DPO_BACKWARD_INPUTS,
        outputs: &BACKWARD_OUTPUTS,
        params: &DPO_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| run_backward(Kind::Dpo, "chunked_dpo.backward", d, t, p, out),
    },
    EntryPoint {
        name: "chunked_cpo.forward",
        op: "chunked_cpo",
        inputs: &INPUTS,
        outputs: &OUTPUTS,
        params: &CPO_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| run_forward(Kind::Cpo, "chunked_cpo.forward", d, t, p, out),
    },
    EntryPoint {
        name: "chunked_cpo.backward",
        op: "chunked_cpo",
        inputs: &BACKWARD_INPUTS,
        outputs: &BACKWARD_OUTPUTS,
        params: &CPO_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| run_backward(Kind::Cpo, "chunked_cpo.backward", d, t, p, out),
    },
    EntryPoint {
        name: "chunked_orpo.forward",
        op: "chunked_orpo",
        inputs: &INPUTS,
        outputs: &ORPO_OUTPUTS,
        params: &ORPO_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| run_forward(Kind::Orpo, "chunked_orpo.forward", d, t, p, out),
    },
    EntryPoint {
        name: "chunked_orpo.backward",
        op: "chunked_orpo",
        inputs: &BACKWARD_INPUTS,
        outputs: &BACKWARD_OUTPUTS,
        params: &ORPO_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| run_backward(Kind::Orpo, "chunked_orpo.backward", d, t, p, out),
    },
    EntryPoint {
        name: "chunked_simpo.forward",
        op: "chunked_simpo",
        inputs: &INPUTS,
        outputs: &OUTPUTS,
        params: &SIMPO_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| run_forward(Kind::Simpo, "chunked_simpo.forward", d, t, p, out),
    },
    EntryPoint {
        name: "chunked_simpo.backward",
        op: "chunked_simpo",
        inputs: &BACKWARD_INPUTS,
        outputs: &BACKWARD_OUTPUTS,
        params: &SIMPO_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| run_backward(Kind::Simpo, "chunked_simpo.backward", d, t, p, out),
    },
];
