//! KTO (Liger's `LigerFusedLinearKTOFunction`, PARITY.md 5.2): the unpaired preference loss on
//! a fused LM head, on the machinery of the paired losses (module doc of
//! [`crate::chunked_preference`]) with plain row chunks ([`Layout::Rows`]).
//!
//! # Contract
//!
//! `chunked_kto.forward(hidden [B, T, H], weight [V, H], target [B, T], preference_labels [B],
//! bias [V]?, ref_hidden [B, T, H']?, ref_weight [V, H']?, ref_bias [V]?, kl []?) -> (loss,
//! chosen_logps_sum, rejected_logps_sum, chosen_logits_sum, rejected_logits_sum,
//! chosen_rewards_sum, rejected_rewards_sum, grad_hidden, grad_weight, grad_bias?)`. Per
//! sequence `lp` as for the paired losses (sum, or mean with `average_log_prob`, 0 when every
//! token is ignored), `lr = lp - lp_ref` (`lp_ref` the reference model's with `use_ref_model`,
//! else 0), `m = +1` for a desirable sequence (label true / 1) and `-1` otherwise,
//! `loss = (1 / B) sum_s (1 - σ(β (lr - kl) m))` (`kl` 0 when absent). The aux outputs are
//! Liger's sums (not means) over the desirable (chosen) and undesirable (rejected) sequences of
//! `lp`, of every logit (ignored tokens included) and of the rewards `β lr`; all FP32 scalars.
//! Gradients of `hidden`, `weight`, `bias` as for the paired losses (made in the forward for
//! `dloss = 1`; `chunked_kto.backward(..., grad_hidden, grad_weight, grad_bias?, dloss)` scales
//! copies), with the row factor `s = -(∂loss/∂lp) / n_seq`, `∂loss/∂lp = -β m σ'(β (lr - kl) m)
//! / B`. Chunks hold `chunk_size` sequences.
//!
//! Inputs as the paired losses' with `B >= 1` sequences (any parity); `preference_labels`
//! bool, or int32/int64 holding 0 and 1, of `[B]`; `kl` a float tensor of one finite value
//! (read on the host; Liger's is a scalar tensor, broadcast against each chunk). Defaults are
//! the Function's: β 0.1, `use_ref_model` true (the Module's is false), sums. Deviations: those
//! of the paired losses that apply (all three gradients, FP32 parameter gradients, an empty
//! sequence's `lp` is 0, exact chunk sizes).

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{
    ce_options, check_reference, divisors, flag, float, head, param_error, reference_lps, row_sums,
    sequences, sigmoid, sigmoid_slope, target_ids, upload_ids, PrefGrads, RefHead, SavedGrads,
};
use crate::cross_entropy::{self as ce, Reduction};
use crate::fused_linear_cross_entropy::{
    chunk_loop_laid_out, put, scaled_grads, take_prev, usize_param, Layout, Projection,
    SavedShapes, GRADS, SAVED,
};
use crate::host::{bad, float_dtype, rows_fit};
use crate::norms::Tiling;
use crate::registry::{
    input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors,
};

/// Options of both entries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KtoOptions {
    pub beta: f64,
    pub ignore_index: i64,
    pub average_log_prob: bool,
    /// Run the reference model (`ref_hidden`, `ref_weight`, `ref_bias?`) for `lp_ref`.
    pub use_ref_model: bool,
    /// Sequences per chunk, at least 1.
    pub chunk_size: usize,
    /// `grad_weight` and `grad_bias` in the hidden dtype instead of FP32.
    pub storage_param_grads: bool,
}

impl Default for KtoOptions {
    /// `LigerFusedLinearKTOFunction`'s defaults.
    fn default() -> Self {
        KtoOptions {
            beta: 0.1,
            ignore_index: -100,
            average_log_prob: false,
            use_ref_model: true,
            chunk_size: 1,
            storage_param_grads: false,
        }
    }
}

/// The inputs.
#[derive(Clone, Copy, Debug)]
pub struct KtoInputs<'a> {
    pub hidden: &'a Tensor,
    pub weight: &'a Tensor,
    pub target: &'a Tensor,
    pub preference_labels: &'a Tensor,
    pub bias: Option<&'a Tensor>,
    pub ref_hidden: Option<&'a Tensor>,
    pub ref_weight: Option<&'a Tensor>,
    pub ref_bias: Option<&'a Tensor>,
    pub kl: Option<&'a Tensor>,
}

/// What the forward returns (FP32 scalars) and the gradients for `dloss = 1`.
#[derive(Debug)]
pub struct KtoForward {
    pub loss: Tensor,
    pub chosen_logps_sum: Tensor,
    pub rejected_logps_sum: Tensor,
    pub chosen_logits_sum: Tensor,
    pub rejected_logits_sum: Tensor,
    pub chosen_rewards_sum: Tensor,
    pub rejected_rewards_sum: Tensor,
    pub grads: PrefGrads,
}

const FORWARD: &str = "chunked_kto.forward";
const BACKWARD: &str = "chunked_kto.backward";

/// Validated sizes and host-side values.
struct Plan {
    seqs: usize,
    t: usize,
    h: usize,
    v: usize,
    ids: Vec<i64>,
    divisors: Vec<f64>,
    desirable: Vec<bool>,
    kl: f64,
    param_grad: DType,
}

fn validate(entry: &str, inp: &KtoInputs<'_>, o: &KtoOptions) -> Result<Plan, OpError> {
    if !o.beta.is_finite() {
        return Err(param_error(
            entry,
            "beta",
            o.beta.to_string(),
            "a finite number",
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
    let (dt, n, t, h) = sequences(entry, "hidden", inp.hidden, false)?;
    rows_fit(entry, "hidden", n * t)?;
    let v = head(entry, ["weight", "bias"], inp.weight, inp.bias, dt, h, None)?;
    if o.use_ref_model {
        let refs = [inp.ref_hidden, inp.ref_weight, inp.ref_bias];
        check_reference(entry, refs, false, [n, t, v])?;
    }
    let (ids, counts) = target_ids(entry, inp.target, [n, t, v], o.ignore_index)?;
    let l = inp.preference_labels;
    let labels_error = |what: String| {
        bad(
            entry,
            "preference_labels",
            format!("{what}; must be bool (or int32/int64 of 0 and 1) [B] = [{n}]"),
        )
    };
    if l.shape != [n] {
        return Err(labels_error(format!("shape {:?}", l.shape)));
    }
    let desirable = match l.dtype() {
        DType::Bool => l.buffer.to_bool()?,
        DType::I32 | DType::I64 => {
            let ids = l.buffer.to_i64()?;
            if let Some(x) = ids.iter().find(|x| !matches!(**x, 0 | 1)) {
                return Err(labels_error(format!("value {x}")));
            }
            ids.into_iter().map(|x| x == 1).collect()
        }
        other => return Err(labels_error(format!("dtype {other}"))),
    };
    let kl = match inp.kl {
        None => 0.0,
        Some(k) => {
            float_dtype(entry, "kl", k)?;
            let vals = k.buffer.to_f32()?;
            match vals[..] {
                [x] if x.is_finite() => f64::from(x),
                _ => {
                    return Err(bad(
                        entry,
                        "kl",
                        format!("shape {:?} must hold one finite value", k.shape),
                    ))
                }
            }
        }
    };
    Ok(Plan {
        seqs: n,
        t,
        h,
        v,
        ids,
        divisors: divisors(&counts, o.average_log_prob),
        desirable,
        kl,
        param_grad: if o.storage_param_grads {
            dt
        } else {
            DType::F32
        },
    })
}

/// The forward: the loss, the aux sums and the gradients for `dloss = 1`, reusing `prev`
/// gradient tensors that fit.
pub fn forward(
    device: &Device,
    inp: &KtoInputs<'_>,
    o: &KtoOptions,
    prev: Option<PrefGrads>,
) -> Result<KtoForward, OpError> {
    forward_tiled(device, inp, o, prev, None)
}

/// [`forward`] with the logits' row sums tiled as `tiling` says (tests step narrow rows).
pub(crate) fn forward_tiled(
    device: &Device,
    inp: &KtoInputs<'_>,
    o: &KtoOptions,
    prev: Option<PrefGrads>,
    tiling: Option<Tiling>,
) -> Result<KtoForward, OpError> {
    let p = validate(FORWARD, inp, o)?;
    let (b, t) = (p.seqs, p.t);
    let chunk = o.chunk_size * t;
    let refs = if o.use_ref_model {
        let head = RefHead::of(FORWARD, [inp.ref_hidden, inp.ref_weight, inp.ref_bias])?;
        reference_lps(device, head, &p.ids, &p.divisors, t, chunk, o.ignore_index)?
    } else {
        vec![0.0; b]
    };
    let proj = Projection {
        hidden: inp.hidden,
        weight: inp.weight,
        bias: inp.bias,
        chunk: chunk.max(1),
        param_grad: p.param_grad,
        f32_grad_hidden: false,
    };
    let tiling = tiling.unwrap_or_else(|| Tiling::for_device(device, p.v));
    let ce_o = ce_options(o.ignore_index);
    // Sums over the desirable ([0]) and undesirable ([1]) sequences.
    let (mut lps, mut logits, mut rewards) = ([0.0f64; 2], [0.0f64; 2], [0.0f64; 2]);
    let mut loss = 0.0;
    let grads = chunk_loop_laid_out(device, &proj, Layout::Rows, true, prev, &mut |ch, z| {
        let ids = &p.ids[ch.start..ch.start + ch.rows];
        let y = upload_ids(device, ids)?;
        let sums = row_sums(device, z, tiling)?;
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
        let nll_rows = f.loss.buffer.to_f32()?;
        let sum = |v: &[f32], j: usize| {
            v[j * t..(j + 1) * t]
                .iter()
                .map(|x| f64::from(*x))
                .sum::<f64>()
        };
        let mut scale = vec![0.0f32; ch.rows];
        for j in 0..ch.rows / t.max(1) {
            let s = ch.start / t + j;
            let lp = -sum(&nll_rows, j) / p.divisors[s];
            let m = if p.desirable[s] { 1.0 } else { -1.0 };
            let lr = lp - refs[s];
            let x = o.beta * (lr - p.kl) * m;
            loss += 1.0 - sigmoid(x);
            let side = usize::from(!p.desirable[s]);
            lps[side] += lp;
            logits[side] += sum(&sums, j);
            rewards[side] += o.beta * lr;
            let dlp = -sigmoid_slope(x) * o.beta * m / b as f64;
            let f = (-dlp / p.divisors[s]) as f32;
            for (k, sc) in scale[j * t..(j + 1) * t].iter_mut().enumerate() {
                if ids[j * t + k] != o.ignore_index {
                    *sc = f;
                }
            }
        }
        let scale = Tensor::from_f32(DType::F32, &[ch.rows], &scale)?;
        ce::scale_in_place(device, z, &scale, Reduction::None)?;
        Ok(())
    })?
    .expect("the chunk loop returns gradients when asked for them");
    let scalar = |x: f64| -> Result<Tensor, OpError> {
        Ok(device.to_device(&Tensor::from_f32(DType::F32, &[], &[x as f32])?)?)
    };
    Ok(KtoForward {
        loss: scalar(loss / b as f64)?,
        chosen_logps_sum: scalar(lps[0])?,
        rejected_logps_sum: scalar(lps[1])?,
        chosen_logits_sum: scalar(logits[0])?,
        rejected_logits_sum: scalar(logits[1])?,
        chosen_rewards_sum: scalar(rewards[0])?,
        rejected_rewards_sum: scalar(rewards[1])?,
        grads,
    })
}

/// The backward for the scalar cotangent `dloss`: copies of the forward's `saved` gradients
/// times `dloss` (`inp` only checked; a missing one is an error).
pub fn backward(
    device: &Device,
    inp: &KtoInputs<'_>,
    saved: SavedGrads<'_>,
    dloss: &Tensor,
    o: &KtoOptions,
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

fn options(p: &Params, entry: &str) -> Result<KtoOptions, OpError> {
    Ok(KtoOptions {
        beta: float(p, "beta")?,
        ignore_index: ce::ignore_index(p, entry)?,
        average_log_prob: flag(p, "average_log_prob")?,
        use_ref_model: flag(p, "use_ref_model")?,
        chunk_size: usize_param(p, entry, "chunk_size")?,
        storage_param_grads: p.choice("param_grad_dtype", &["f32", "storage"])? == "storage",
    })
}

const PARAMS: [ParamDef; 6] = [
    super::IGNORE,
    super::BETA,
    ParamDef {
        name: "use_ref_model",
        default: "true",
        allowed: "false, true",
        doc: "lp relative to the reference model (the Function's default; the Module's is false)",
    },
    super::AVERAGE,
    ParamDef {
        name: "chunk_size",
        default: "1",
        allowed: "an integer >= 1",
        doc: "sequences per chunk (Liger's chunk_size)",
    },
    super::PARAM_GRAD,
];

const HIDDEN: Port = port(
    "hidden",
    PortShape::SequenceStates,
    false,
    "[B, T, H] f32/f16/bf16, B sequences",
);
const LABELS: Port = port(
    "preference_labels",
    PortShape::SequenceFlags,
    false,
    "[B] bool (or int32/int64 0/1): true for a desirable sequence",
);
const REF_HIDDEN: Port = port(
    "ref_hidden",
    PortShape::SequenceStates,
    true,
    "[B, T, H'] the reference model's hidden states (use_ref_model=true), any float dtype",
);
const GRAD_HIDDEN: Port = port(
    "grad_hidden",
    PortShape::SequenceStates,
    false,
    "gradient of hidden for dloss = 1",
);
const BACKWARD_OUTPUTS: [Port; 3] = [
    port(
        "dhidden",
        PortShape::SequenceStates,
        false,
        "gradient of hidden",
    ),
    super::BACKWARD_OUTPUTS[1],
    super::BACKWARD_OUTPUTS[2],
];
const KL: Port = port(
    "kl",
    PortShape::Scalar,
    true,
    "one finite float: the KL estimate subtracted from each log-ratio",
);
const INPUTS: [Port; 9] = [
    HIDDEN,
    super::WEIGHT,
    port(
        "target",
        PortShape::SequenceTokenIds,
        false,
        "[B, T] int32/int64 token ids, in 0..V or ignore_index",
    ),
    LABELS,
    super::BIAS,
    REF_HIDDEN,
    super::REF_WEIGHT,
    super::REF_BIAS,
    KL,
];

const fn sum_port(name: &'static str, doc: &'static str) -> Port {
    port(name, PortShape::Scalar, false, doc)
}

fn inputs<'a>(entry: &str, t: &'a Tensors) -> Result<KtoInputs<'a>, OpError> {
    Ok(KtoInputs {
        hidden: input(entry, t, "hidden")?,
        weight: input(entry, t, "weight")?,
        target: input(entry, t, "target")?,
        preference_labels: input(entry, t, "preference_labels")?,
        bias: t.get("bias"),
        ref_hidden: t.get("ref_hidden"),
        ref_weight: t.get("ref_weight"),
        ref_bias: t.get("ref_bias"),
        kl: t.get("kl"),
    })
}

/// The KTO pair of entries.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: FORWARD,
        op: "chunked_kto",
        inputs: &INPUTS,
        outputs: &[
            sum_port(
                "loss",
                "f32: mean over sequences of 1 - sigmoid(beta (lr - kl) m)",
            ),
            sum_port(
                "chosen_logps_sum",
                "f32: sum of the desirable sequences' lp",
            ),
            sum_port(
                "rejected_logps_sum",
                "f32: sum of the undesirable sequences' lp",
            ),
            sum_port(
                "chosen_logits_sum",
                "f32: sum of the desirable sequences' logits",
            ),
            sum_port(
                "rejected_logits_sum",
                "f32: sum of the undesirable sequences' logits",
            ),
            sum_port(
                "chosen_rewards_sum",
                "f32: sum of beta lr over desirable sequences",
            ),
            sum_port(
                "rejected_rewards_sum",
                "f32: sum of beta lr over undesirable ones",
            ),
            GRAD_HIDDEN,
            super::GRAD_WEIGHT,
            super::GRAD_BIAS,
        ],
        params: &PARAMS,
        overwrites: &[],
        run: |d, t, p, out| {
            let prev = take_prev(out, SAVED);
            let f = forward(d, &inputs(FORWARD, t)?, &options(p, FORWARD)?, prev)?;
            for (name, v) in [
                ("loss", f.loss),
                ("chosen_logps_sum", f.chosen_logps_sum),
                ("rejected_logps_sum", f.rejected_logps_sum),
                ("chosen_logits_sum", f.chosen_logits_sum),
                ("rejected_logits_sum", f.rejected_logits_sum),
                ("chosen_rewards_sum", f.chosen_rewards_sum),
                ("rejected_rewards_sum", f.rejected_rewards_sum),
            ] {
                out.insert(name.into(), v);
            }
            put(out, SAVED, f.grads);
            Ok(())
        },
    },
    EntryPoint {
        name: BACKWARD,
        op: "chunked_kto",
        inputs: &[
            HIDDEN,
            super::WEIGHT,
            INPUTS[2],
            LABELS,
            super::BIAS,
            REF_HIDDEN,
            super::REF_WEIGHT,
            super::REF_BIAS,
            KL,
            GRAD_HIDDEN,
            super::GRAD_WEIGHT,
            super::GRAD_BIAS,
            super::DLOSS,
        ],
        outputs: &BACKWARD_OUTPUTS,
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
