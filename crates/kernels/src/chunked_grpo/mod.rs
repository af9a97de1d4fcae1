//! GRPO over a fused LM head (Liger 0.8.5's `LigerFusedLinearGRPOFunction`, PARITY.md 5.4) at
//! token level, for the PPO loss types: the logits come a chunk at a time from fused linear
//! cross-entropy's chunk loop and are never materialised whole.
//!
//! # Contract
//!
//! `chunked_grpo.forward(hidden [B, T, H], weight [V, H], selected_token_ids [B, T],
//! attention_mask [B, T], advantages [B], bias [V]?, ref_per_token_logps [B, T]?,
//! old_per_token_logps [B, T]?) -> (loss, kl_mean?, clip_ratio, grad_hidden, grad_weight,
//! grad_bias?)`. Per token `(b, t)`, with `T_s` the temperature, `z = (hidden W^T + bias) /
//! T_s`, `y` the selected id and `A = advantages[b]`:
//! - `logp = z_y - logsumexp(z)` (selective log-softmax);
//! - `old = old_per_token_logps` or, without it, `logp` detached (`r = 1`); `ref =
//!   ref_per_token_logps` or, without it, `logp` detached (the KL term and its gradient are 0);
//! - the per-token loss `l`, its KL term and clipping of PARITY.md 4.9's PPO family
//!   ([`crate::grpo_loss::token`], which this operator shares with nothing copied): `r =
//!   exp(logp - old)`, `l = -min(min(r, delta) A, clamp(r, 1 - eps_low, 1 + eps_high) A)`,
//!   with `beta != 0` `l += beta kl`, `kl = exp(ref - logp) - (ref - logp) - 1` (times `r` with
//!   `use_bias_correction_kl`).
//!
//! With `m` the mask's values (any dtype; bool and integer masks read as 0/1 and their
//! integers), `s_b = sum_t m`, `M = sum m` over the **full** mask (Liger's
//! `full_attention_mask`, whatever the chunking), the loss is Liger's reduction
//! (`crate::grpo_loss::reduce`'s token weights): grpo `(1/B) sum_b sum_t l m / max(1, s_b)`;
//! bnpo `sum l m / max(1, M)`; dr_grpo `sum l m / (B max_completion_length)`; dapo `sum l m /
//! max(1, N)` with `N = num_items_in_batch` when given, else `M`. The aux outputs are Liger's
//! metrics: `kl_mean = sum kl m / max(1, M)` only when `beta != 0`, and `clip_ratio = sum
//! clipped m / max(1, M)`, clipped where `r < 1 - eps_low` with `A < 0` or `r > 1 + eps_high`
//! with `A > 0`. All three are FP32 scalars, accumulated in f64 on the host.
//!
//! Gradients of `hidden`, `weight` and `bias` are made in the forward for `dloss = 1`, as the
//! other fused linear losses do: per chunk the logits are scaled by `1 / T_s` in place
//! (`cross_entropy::scale_in_place`), cross-entropy at reduction none gives each row's `-logp`
//! and leaves `softmax(z) - onehot(y)` in the logits, the host computes each token's factor
//! `-w_bt m_bt (d l / d logp) / T_s` in f64 (`w_bt` the reduction's weight), the factors are
//! applied in place and the chunk loop projects the result into the gradients. Masked tokens
//! (`m = 0`) are passed to cross-entropy as ignored: their rows get exact zeros and their ids
//! are never read. `chunked_grpo.backward(the forward's inputs, grad_hidden, grad_weight,
//! grad_bias?, dloss) -> (dhidden, dweight, dbias?)` scales copies by the scalar `dloss`.
//!
//! Inputs: `hidden` f32/f16/bf16 with `B, T >= 1`; `weight` (and `bias`) in its dtype, `1 <= V
//! <= 16,777,216`; ids int32/int64 in `0..V` at every kept token (checked on the host: a typed
//! error names the token); `advantages`, `ref_per_token_logps`, `old_per_token_logps` any float
//! dtype (read as f64 on the host). Parameters: `beta` (0.04), `eps_low` (0.2), `eps_high`
//! (0.2), `loss_type` (dapo), `max_completion_length` (required for dr_grpo, >= 1),
//! `temperature` (1.0, finite, > 0), `chunk_size` (1 sequence, >= 1), `delta` (none, or > 0),
//! `use_bias_correction_kl` (false), `num_items_in_batch` (none, or a finite number),
//! `param_grad_dtype` (f32: `grad_weight`/`grad_bias` in FP32; storage: hidden's dtype).
//!
//! # Deviations from Liger, and what is left out
//!
//! - The logits are in the hidden states' dtype (the chunk loop's matmul output), then divided
//!   by the temperature in place: Liger computes them in FP32. bf16 logits cost about `2^-8`
//!   relative per logit.
//! - Left out, each a typed error: loss types luspo (Liger's chunked luspo sums the unmasked
//!   per-token loss, which the reductions here do not), cispo, sapo and vespo;
//!   `importance_sampling_level="sequence"` (GSPO); `vllm_is_ratio`; a reference model
//!   (`ref_input`/`ref_weight`/`ref_bias`: pass its log-probabilities as
//!   `ref_per_token_logps`); non-default VESPO and SAPO parameters do not exist here.
//! - Ids are bounds-checked at kept tokens (Liger reads out of range); ids at masked tokens
//!   are never read.
//! - `grad_hidden` is always produced (Liger skips it when the input needs no gradient), in the
//!   hidden dtype; `grad_weight`/`grad_bias` in FP32 unless `param_grad_dtype=storage`.

pub mod check;
#[cfg(test)]
mod tests;

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use crate::chunked_preference::{head, param_error, sequences, upload_ids, PrefGrads, SavedGrads};
use crate::cross_entropy::{self as ce, CeOptions, Reduction};
use crate::fused_linear_cross_entropy::{
    chunk_loop_laid_out, put, scaled_grads, take_prev, usize_param, Layout, Projection,
    SavedShapes, GRADS, SAVED,
};
use crate::grpo_loss::reduce::{token_weights, weights, ReduceOptions};
use crate::grpo_loss::token::{ppo_token, PpoParams};
use crate::grpo_loss::LossType;
use crate::host::{bad, float_dtype, rows_fit};
use crate::registry::{
    input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors,
};

/// The loss types this operator runs.
pub const LOSS_TYPES: [(LossType, &str); 4] = [
    (LossType::Grpo, "grpo"),
    (LossType::Dapo, "dapo"),
    (LossType::Bnpo, "bnpo"),
    (LossType::DrGrpo, "dr_grpo"),
];

/// Options of both entries; [`Default`] gives `LigerFusedLinearGRPOFunction`'s defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChunkedGrpoOptions {
    pub beta: f64,
    pub eps_low: f64,
    pub eps_high: f64,
    /// One of [`LOSS_TYPES`]; others are a typed error.
    pub loss_type: LossType,
    /// dr_grpo's normaliser (required for it).
    pub max_completion_length: Option<usize>,
    pub temperature: f64,
    /// Sequences per chunk, at least 1.
    pub chunk_size: usize,
    pub delta: Option<f64>,
    pub use_bias_correction_kl: bool,
    /// dapo's normaliser `N` (`None`: the full mask's sum).
    pub num_items_in_batch: Option<f64>,
    /// `grad_weight` and `grad_bias` in the hidden dtype instead of FP32.
    pub storage_param_grads: bool,
}

impl Default for ChunkedGrpoOptions {
    fn default() -> Self {
        ChunkedGrpoOptions {
            beta: 0.04,
            eps_low: 0.2,
            eps_high: 0.2,
            loss_type: LossType::Dapo,
            max_completion_length: None,
            temperature: 1.0,
            chunk_size: 1,
            delta: None,
            use_bias_correction_kl: false,
            num_items_in_batch: None,
            storage_param_grads: false,
        }
    }
}

/// The inputs.
#[derive(Clone, Copy, Debug)]
pub struct GrpoInputs<'a> {
    pub hidden: &'a Tensor,
    pub weight: &'a Tensor,
    pub selected_token_ids: &'a Tensor,
    pub attention_mask: &'a Tensor,
    pub advantages: &'a Tensor,
    pub bias: Option<&'a Tensor>,
    pub ref_per_token_logps: Option<&'a Tensor>,
    pub old_per_token_logps: Option<&'a Tensor>,
}

/// What the forward returns (FP32 scalars on the device) and the gradients for `dloss = 1`.
#[derive(Debug)]
pub struct GrpoForward {
    pub loss: Tensor,
    /// Present exactly when `beta != 0`.
    pub kl_mean: Option<Tensor>,
    pub clip_ratio: Tensor,
    pub grads: PrefGrads,
}

const FORWARD: &str = "chunked_grpo.forward";
const BACKWARD: &str = "chunked_grpo.backward";

/// Validated sizes and host-side values.
struct Plan {
    t: usize,
    h: usize,
    v: usize,
    /// The ids with masked tokens set to [`IGNORED`].
    ids: Vec<i64>,
    mask: Vec<f64>,
    advantages: Vec<f64>,
    old: Option<Vec<f64>>,
    reference: Option<Vec<f64>>,
    /// Each token's weight in the reduction (of `l m`).
    token_weights: Vec<f64>,
    /// `max(1, M)`: the metrics' normaliser.
    count: f64,
    param_grad: DType,
}

/// The id handed to cross-entropy for a masked token.
const IGNORED: i64 = -100;

fn check_options(entry: &str, o: &ChunkedGrpoOptions) -> Result<(), OpError> {
    let finite = |name: &str, x: f64| {
        if x.is_finite() {
            Ok(())
        } else {
            Err(param_error(entry, name, x.to_string(), "a finite number"))
        }
    };
    finite("beta", o.beta)?;
    finite("eps_low", o.eps_low)?;
    finite("eps_high", o.eps_high)?;
    if !(o.temperature.is_finite() && o.temperature > 0.0) {
        return Err(param_error(
            entry,
            "temperature",
            o.temperature.to_string(),
            "a finite number > 0",
        ));
    }
    if o.chunk_size == 0 {
        return Err(param_error(
            entry,
            "chunk_size",
            "0".into(),
            "an integer >= 1",
        ));
    }
    if let Some(d) = o.delta.filter(|d| !(d.is_finite() && *d > 0.0)) {
        return Err(param_error(
            entry,
            "delta",
            d.to_string(),
            "none, or a number > 0",
        ));
    }
    if let Some(n) = o.num_items_in_batch.filter(|n| !n.is_finite()) {
        return Err(param_error(
            entry,
            "num_items_in_batch",
            n.to_string(),
            "none, or a finite number",
        ));
    }
    if !LOSS_TYPES.iter().any(|(t, _)| *t == o.loss_type) {
        return Err(param_error(
            entry,
            "loss_type",
            o.loss_type.name().into(),
            "grpo, dapo, bnpo, dr_grpo (luspo, cispo, sapo and vespo are not implemented)",
        ));
    }
    match (o.loss_type, o.max_completion_length) {
        (LossType::DrGrpo, None) => Err(param_error(
            entry,
            "max_completion_length",
            "none".into(),
            "an integer >= 1 (required for dr_grpo)",
        )),
        (_, Some(0)) => Err(param_error(
            entry,
            "max_completion_length",
            "0".into(),
            "an integer >= 1",
        )),
        _ => Ok(()),
    }
}

/// A float tensor of `shape`, read to the host as f64.
fn float_values(entry: &str, name: &str, t: &Tensor, shape: &[usize]) -> Result<Vec<f64>, OpError> {
    float_dtype(entry, name, t)?;
    if t.shape != shape {
        return Err(bad(
            entry,
            name,
            format!("shape {:?} must be {shape:?}", t.shape),
        ));
    }
    Ok(t.to_f32()?.into_iter().map(f64::from).collect())
}

fn validate(entry: &str, inp: &GrpoInputs<'_>, o: &ChunkedGrpoOptions) -> Result<Plan, OpError> {
    check_options(entry, o)?;
    let (dt, b, t, h) = sequences(entry, "hidden", inp.hidden, false)?;
    rows_fit(entry, "hidden", b * t)?;
    let v = head(entry, ["weight", "bias"], inp.weight, inp.bias, dt, h, None)?;
    let tokens = [b, t];
    let ids_t = inp.selected_token_ids;
    if !matches!(ids_t.dtype(), DType::I32 | DType::I64) || ids_t.shape != tokens {
        return Err(bad(
            entry,
            "selected_token_ids",
            format!(
                "{} {:?} must be int32/int64 [B, T] = {tokens:?}",
                ids_t.dtype(),
                ids_t.shape
            ),
        ));
    }
    let mask = weights(entry, Some(inp.attention_mask), &tokens)
        .map_err(|e| rename(e, "completion_mask", "attention_mask"))?;
    let mut ids = ids_t.buffer.to_i64()?;
    for (k, (id, m)) in ids.iter_mut().zip(&mask).enumerate() {
        if *m == 0.0 {
            *id = IGNORED;
        } else if !(0..v as i64).contains(id) {
            return Err(bad(
                entry,
                "selected_token_ids",
                format!(
                    "id {id} at token ({}, {}) is outside 0..{v} (V)",
                    k / t,
                    k % t
                ),
            ));
        }
    }
    let advantages = float_values(entry, "advantages", inp.advantages, &[b])?;
    let old = inp
        .old_per_token_logps
        .map(|x| float_values(entry, "old_per_token_logps", x, &tokens))
        .transpose()?;
    let reference = inp
        .ref_per_token_logps
        .map(|x| float_values(entry, "ref_per_token_logps", x, &tokens))
        .transpose()?;
    let ro = ReduceOptions {
        loss_type: o.loss_type,
        max_completion_length: o.max_completion_length,
        normalizer: o.num_items_in_batch,
        with_kl: o.beta != 0.0,
    };
    let token_weights = token_weights(&ro, &mask, b, t);
    let count = mask.iter().sum::<f64>().max(1.0);
    Ok(Plan {
        t,
        h,
        v,
        ids,
        mask,
        advantages,
        old,
        reference,
        token_weights,
        count,
        param_grad: if o.storage_param_grads {
            dt
        } else {
            DType::F32
        },
    })
}

/// `e` with the parameter `from` renamed `to` (the reduction's helper names GRPO's mask
/// `completion_mask`).
fn rename(e: OpError, from: &str, to: &str) -> OpError {
    match e {
        OpError::BadInput {
            entry,
            name,
            message,
        } if name == from => OpError::BadInput {
            entry,
            name: to.into(),
            message,
        },
        e => e,
    }
}

/// Cross-entropy at reduction none with nothing else on.
fn ce_options() -> CeOptions {
    CeOptions {
        reduction: Reduction::None,
        ignore_index: IGNORED,
        label_smoothing: 0.0,
        z_loss: 0.0,
        softcap: None,
    }
}

/// The forward: the loss, the metrics and the gradients for `dloss = 1`, reusing `prev`
/// gradient tensors that fit.
pub fn forward(
    device: &Device,
    inp: &GrpoInputs<'_>,
    o: &ChunkedGrpoOptions,
    prev: Option<PrefGrads>,
) -> Result<GrpoForward, OpError> {
    let p = validate(FORWARD, inp, o)?;
    let params = PpoParams {
        beta: o.beta,
        eps_low: o.eps_low,
        eps_high: o.eps_high,
        delta: o.delta,
        use_bias_correction_kl: o.use_bias_correction_kl,
    };
    let proj = Projection {
        hidden: inp.hidden,
        weight: inp.weight,
        bias: inp.bias,
        chunk: o.chunk_size * p.t,
        param_grad: p.param_grad,
        f32_grad_hidden: false,
    };
    let ce_o = ce_options();
    let inv_t = 1.0 / o.temperature;
    let (mut loss, mut kl_sum, mut clipped_sum) = (0.0f64, 0.0f64, 0.0f64);
    let grads = chunk_loop_laid_out(device, &proj, Layout::Rows, true, prev, &mut |ch, z| {
        if o.temperature != 1.0 {
            let s = Tensor::from_f32(DType::F32, &[ch.rows], &vec![inv_t as f32; ch.rows])?;
            ce::scale_in_place(device, z, &s, Reduction::None)?;
        }
        let ids = &p.ids[ch.start..ch.start + ch.rows];
        let y = upload_ids(device, ids)?;
        let known = ce::Known {
            ids,
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
        let nll = f.loss.buffer.to_f32()?;
        let mut scale = vec![0.0f32; ch.rows];
        for (j, sc) in scale.iter_mut().enumerate() {
            let k = ch.start + j;
            let m = p.mask[k];
            if m == 0.0 {
                continue;
            }
            let logp = -f64::from(nll[j]);
            let old = p.old.as_ref().map_or(logp, |x| x[k]);
            let reference = p.reference.as_ref().map_or(logp, |x| x[k]);
            let terms = ppo_token(&params, logp, old, p.advantages[k / p.t], reference);
            loss += p.token_weights[k] * m * terms.loss;
            kl_sum += terms.kl * m;
            if terms.clipped {
                clipped_sum += m;
            }
            // d loss / d z = w m (d l / d logp) (onehot - softmax) / T: the logits hold
            // softmax - onehot.
            *sc = (-p.token_weights[k] * m * terms.dlogp * inv_t) as f32;
        }
        let scale = Tensor::from_f32(DType::F32, &[ch.rows], &scale)?;
        ce::scale_in_place(device, z, &scale, Reduction::None)?;
        Ok(())
    })?
    .expect("the chunk loop returns gradients when asked for them");
    let scalar = |x: f64| -> Result<Tensor, OpError> {
        Ok(device.to_device(&Tensor::from_f32(DType::F32, &[], &[x as f32])?)?)
    };
    Ok(GrpoForward {
        loss: scalar(loss)?,
        kl_mean: (o.beta != 0.0)
            .then(|| scalar(kl_sum / p.count))
            .transpose()?,
        clip_ratio: scalar(clipped_sum / p.count)?,
        grads,
    })
}

/// The backward for the scalar cotangent `dloss`: copies of the forward's `saved` gradients
/// times `dloss` (`inp` only checked).
pub fn backward(
    device: &Device,
    inp: &GrpoInputs<'_>,
    saved: SavedGrads<'_>,
    dloss: &Tensor,
    o: &ChunkedGrpoOptions,
    prev: Option<PrefGrads>,
) -> Result<PrefGrads, OpError> {
    let p = validate(BACKWARD, inp, o)?;
    let shapes = SavedShapes {
        hidden: (inp.hidden.dtype(), &inp.hidden.shape),
        param: p.param_grad,
        weight: [p.v, p.h],
        bias: inp.bias.is_some(),
    };
    scaled_grads(device, BACKWARD, saved, &shapes, dloss, prev)
}

// ---- Registry entry points -------------------------------------------------------------------

/// An optional parameter: `none`, or what `parse` makes of it.
fn optional<T>(
    p: &Params,
    entry: &str,
    name: &str,
    allowed: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, OpError> {
    let text = p.text(name);
    match text.trim() {
        "none" => Ok(None),
        s => parse(s)
            .map(Some)
            .ok_or_else(|| param_error(entry, name, text.clone(), allowed)),
    }
}

fn options(p: &Params, entry: &str) -> Result<ChunkedGrpoOptions, OpError> {
    let names: Vec<&str> = LOSS_TYPES.iter().map(|(_, n)| *n).collect();
    let loss_type = p.choice("loss_type", &names)?;
    let loss_type = LOSS_TYPES
        .iter()
        .find(|(_, n)| *n == loss_type)
        .map_or(LossType::Dapo, |(t, _)| *t);
    p.choice("importance_sampling_level", &["token"])?;
    let number = |name: &str| -> Result<f64, OpError> {
        let text = p.text(name);
        text.trim()
            .parse::<f64>()
            .map_err(|_| param_error(entry, name, text.clone(), "a number"))
    };
    Ok(ChunkedGrpoOptions {
        beta: number("beta")?,
        eps_low: number("eps_low")?,
        eps_high: number("eps_high")?,
        loss_type,
        max_completion_length: optional(
            p,
            entry,
            "max_completion_length",
            "none, or an integer >= 1",
            |s| s.parse::<usize>().ok(),
        )?,
        temperature: number("temperature")?,
        chunk_size: usize_param(p, entry, "chunk_size")?,
        delta: optional(p, entry, "delta", "none, or a number > 0", |s| {
            s.parse::<f64>().ok()
        })?,
        use_bias_correction_kl: p.choice("use_bias_correction_kl", &["false", "true"])? == "true",
        num_items_in_batch: optional(
            p,
            entry,
            "num_items_in_batch",
            "none, or a finite number",
            |s| s.parse::<f64>().ok(),
        )?,
        storage_param_grads: p.choice("param_grad_dtype", &["f32", "storage"])? == "storage",
    })
}

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

const PARAMS: [ParamDef; 12] = [
    param(
        "beta",
        "0.04",
        "a finite number",
        "weight of the KL term (0: none, no kl_mean)",
    ),
    param(
        "eps_low",
        "0.2",
        "a finite number",
        "PPO clip range below 1",
    ),
    param(
        "eps_high",
        "0.2",
        "a finite number",
        "PPO clip range above 1",
    ),
    param(
        "loss_type",
        "dapo",
        "grpo, dapo, bnpo, dr_grpo",
        "the reduction (luspo, cispo, sapo, vespo are not implemented)",
    ),
    param(
        "max_completion_length",
        "none",
        "none, or an integer >= 1 (required for dr_grpo)",
        "dr_grpo's normaliser B max_completion_length",
    ),
    param(
        "temperature",
        "1.0",
        "a finite number > 0",
        "logits are divided by it",
    ),
    param(
        "chunk_size",
        "1",
        "an integer >= 1",
        "sequences per chunk (Liger's chunk_size)",
    ),
    param(
        "delta",
        "none",
        "none, or a number > 0",
        "upper clamp of the unclipped ratio",
    ),
    param(
        "use_bias_correction_kl",
        "false",
        "false, true",
        "multiply the KL by the ratio",
    ),
    param(
        "num_items_in_batch",
        "none",
        "none, or a finite number",
        "dapo's normaliser (none: the mask's sum)",
    ),
    param(
        "importance_sampling_level",
        "token",
        "token",
        "sequence (GSPO) is not implemented",
    ),
    crate::chunked_preference::PARAM_GRAD,
];

const HIDDEN: Port = port(
    "hidden",
    PortShape::SequenceStates,
    false,
    "[B, T, H] f32/f16/bf16, B sequences",
);
const WEIGHT: Port = port("weight", PortShape::Weight, false, "[V, H], hidden's dtype");
const IDS: Port = port(
    "selected_token_ids",
    PortShape::SequenceTokenIds,
    false,
    "[B, T] int32/int64 ids in 0..V at kept tokens",
);
const MASK: Port = port(
    "attention_mask",
    PortShape::SequenceTokens,
    false,
    "[B, T] any dtype: each token's weight, 0 drops it",
);
const ADVANTAGES: Port = port("advantages", PortShape::SequenceValues, false, "[B] float");
const BIAS: Port = port("bias", PortShape::OutCols, true, "[V], hidden's dtype").rare();
const REF_LOGPS: Port = port(
    "ref_per_token_logps",
    PortShape::SequenceTokens,
    true,
    "[B, T] float: the reference model's log-probabilities (none: kl = 0)",
);
const OLD_LOGPS: Port = port(
    "old_per_token_logps",
    PortShape::SequenceTokens,
    true,
    "[B, T] float: the sampling policy's log-probabilities (none: r = 1)",
);
const GRAD_HIDDEN: Port = port(
    "grad_hidden",
    PortShape::SequenceStates,
    false,
    "gradient of hidden for dloss = 1",
);
const INPUTS: [Port; 8] = [
    HIDDEN, WEIGHT, IDS, MASK, ADVANTAGES, BIAS, REF_LOGPS, OLD_LOGPS,
];

fn inputs<'a>(entry: &str, t: &'a Tensors) -> Result<GrpoInputs<'a>, OpError> {
    Ok(GrpoInputs {
        hidden: input(entry, t, "hidden")?,
        weight: input(entry, t, "weight")?,
        selected_token_ids: input(entry, t, "selected_token_ids")?,
        attention_mask: input(entry, t, "attention_mask")?,
        advantages: input(entry, t, "advantages")?,
        bias: t.get("bias"),
        ref_per_token_logps: t.get("ref_per_token_logps"),
        old_per_token_logps: t.get("old_per_token_logps"),
    })
}

/// The GRPO pair of entries.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: FORWARD,
        op: "chunked_grpo",
        inputs: &INPUTS,
        outputs: &[
            port(
                "loss",
                PortShape::Scalar,
                false,
                "f32: the reduced GRPO loss",
            ),
            port(
                "kl_mean",
                PortShape::Scalar,
                true,
                "f32: sum kl m / max(1, sum m), only when beta != 0",
            ),
            port(
                "clip_ratio",
                PortShape::Scalar,
                false,
                "f32: sum clipped m / max(1, sum m)",
            ),
            GRAD_HIDDEN,
            crate::chunked_preference::GRAD_WEIGHT,
            crate::chunked_preference::GRAD_BIAS,
        ],
        params: &PARAMS,
        overwrites: &[],
        run: |d, t, p, out| {
            let prev = take_prev(out, SAVED);
            let f = forward(d, &inputs(FORWARD, t)?, &options(p, FORWARD)?, prev)?;
            out.insert("loss".into(), f.loss);
            if let Some(k) = f.kl_mean {
                out.insert("kl_mean".into(), k);
            }
            out.insert("clip_ratio".into(), f.clip_ratio);
            put(out, SAVED, f.grads);
            Ok(())
        },
    },
    EntryPoint {
        name: BACKWARD,
        op: "chunked_grpo",
        inputs: &[
            HIDDEN,
            WEIGHT,
            IDS,
            MASK,
            ADVANTAGES,
            BIAS,
            REF_LOGPS,
            OLD_LOGPS,
            GRAD_HIDDEN,
            crate::chunked_preference::GRAD_WEIGHT,
            crate::chunked_preference::GRAD_BIAS,
            crate::chunked_preference::DLOSS,
        ],
        outputs: &[
            port(
                "dhidden",
                PortShape::SequenceStates,
                false,
                "gradient of hidden",
            ),
            crate::chunked_preference::BACKWARD_OUTPUTS[1],
            crate::chunked_preference::BACKWARD_OUTPUTS[2],
        ],
        params: &PARAMS,
        overwrites: &[],
        run: |d, t, p, out| {
            let o = options(p, BACKWARD)?;
            let saved = SavedGrads {
                hidden: t.get(SAVED[0]),
                weight: t.get(SAVED[1]),
                bias: t.get(SAVED[2]),
            };
            let prev = take_prev(out, GRADS);
            let dloss = input(BACKWARD, t, "dloss")?;
            let g = backward(d, &inputs(BACKWARD, t)?, saved, dloss, &o, prev)?;
            put(out, GRADS, g);
            Ok(())
        },
    },
];
