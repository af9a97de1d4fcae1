//! Fused linear cross-entropy (Liger's `LigerFusedLinearCrossEntropyFunction`, PARITY.md 4.2):
//! the cross-entropy of [`crate::cross_entropy`] on `logits = hidden W^T + bias`, computed in
//! chunks of rows so that the `[N, V]` logits are never held at once.
//!
//! # Contract
//!
//! `fused_linear_cross_entropy.forward(hidden [..., H], weight [V, H], target [...], bias [V]?,
//! ce_weight [V]?) -> (loss, z_loss, [grad_hidden, grad_weight, grad_bias])`. The loss, z-loss,
//! options (`ignore_index`, `label_smoothing`, `lse_square_scale`, `softcap`, class weights
//! `ce_weight`, `reduction`) and their formulas are cross-entropy's on those logits; `mean`
//! divides by the **global** `sum_valid w_y` (or `n_valid`) and `n_valid`, summed on the host
//! from the targets before the first chunk. Losses are FP32: per row (the target's shape) under
//! `none`, else the f64 sum of the rows in row order (so independent of the chunking).
//!
//! Per chunk of `c` rows: (1) `logits [c, V] = hidden_chunk W^T + bias` by
//! [`crate::matmul::forward`] (FP32 accumulation, rounded to the storage dtype); (2)
//! [`crate::cross_entropy::forward_in_place`] overwrites them with the logits' gradient `g`;
//! (3) [`crate::matmul::backward`] gives `grad_hidden[chunk] = g W` (storage dtype) and adds
//! `g^T hidden_chunk` and `sum_rows g` (FP32) into `grad_weight` and `grad_bias` themselves
//! (`MatmulOptions::accumulate`: cuBLAS with `beta = 1`, or the DSL product starting from the
//! running sum), chunk after chunk in row order: deterministic, but FP32 sums that depend on the
//! chunk size (losses and `grad_hidden` do not). Each chunk's cross-entropy runs at per-row
//! reduction; under `mean` it applies the global factors `fce = 1 / sum_valid w_y` (or
//! `1 / n_valid`) and `fz = 1 / n_valid` as its row factors (`cross_entropy::Known::factors`),
//! with the caller's class weights as they are.
//!
//! The chunk's hidden rows are read in place, and its `grad_hidden` rows written in place,
//! where the memory allows it (`Buffer::window`: a framework's device memory, which is what
//! metile.torch passes; reading also host memory); otherwise each is a chunk buffer and a copy.
//!
//! When gradients are made: under `mean` and `sum` the forward returns them for `dloss = 1`
//! (as Liger), and `fused_linear_cross_entropy.backward(..., grad_hidden, grad_weight,
//! grad_bias?, dloss) -> (dhidden, dweight, dbias?)` scales copies of them by the scalar `dloss`
//! ([`crate::cross_entropy::scale_in_place`]; no pass when `dloss = 1`). Under `none` the
//! forward computes losses only (read-only cross-entropy, no gradient pass) and the backward
//! recomputes each chunk's logits and `g`, scales `g`'s row `i` by `dloss[i]`, then projects as
//! above (Liger's choice: `2 N V H` more flops instead of holding a per-row Jacobian).
//! `dbias` / `grad_bias` exist only with `bias`; the returned z-loss carries no gradient.
//!
//! Token statistics ([`forward_with`] with `token_stats`, entry parameter `token_stats=true`,
//! Liger's `return_predicted_tokens`/`return_token_accuracy`): `predicted` (int64, the target's
//! shape: the first index of the largest softcapped logit, -1 on ignored rows) and `accuracy`
//! (f32: per row under `none`, 1 when predicted right and 0 otherwise or ignored; else
//! `correct / n_valid` over all rows, 0 when every row is ignored). Each chunk's cross-entropy
//! kernel predicts its rows ([`crate::cross_entropy::CeForward`]); the chunks' predictions and
//! per-row hits are gathered in row order and the global share is taken on the host.
//!
//! Chunk size: `chunk_rows` when positive, else Liger's rule with `C = chunk_mem_const`:
//! `inc = ceil(V / (C H))`, `chunk = min(next_pow2(ceil(N / inc)), N)`, so the chunk's logits
//! hold about `C N H` elements (`C` times the hidden states). Extra memory beyond inputs and
//! outputs, `s` the storage size: `c V s` (logits, then `g`, one buffer reused; the ragged last
//! chunk reallocates it after freeing it) + `c` targets and losses + `N` FP32 per-row losses (and
//! `N` z-losses, unless `lse_square_scale` is 0, when every z-loss is 0) + `2 c H s` (the
//! chunk's hidden rows and its `grad_hidden`) where they are not windows (above); the weight and
//! bias gradients need no workspace. Outputs: `N H s` + `4 V H` + `4 V`.
//!
//! Inputs: `hidden`, `weight`, `bias` one float dtype (f32, f16, bf16); `target` int32/int64 in
//! `0..V` or `ignore_index`; `ce_weight` finite, the hidden dtype or f32; `V >= 1`; any `N`,
//! `H` (`H = 0` gives logits `bias`). Anything else is a typed error.

pub mod check;
#[cfg(test)]
mod tests;

use metile_ir::{DType, Verified};
use metile_lang::{trace, LangError};
use metile_runtime::{Arg, Buffer, Device, Tensor};

use crate::cross_entropy::PARAMS as CE_PARAMS;
use crate::cross_entropy::{self as ce, CeOptions, Reduction};
use crate::host::{bad, fit, float_dtype, rows_fit};
use crate::matmul::{self, MatmulBackwardInputs, MatmulGrads, MatmulOptions, MatmulOutputs};
use crate::registry::{input, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors};

/// How rows are grouped into chunks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chunking {
    /// Exactly this many rows per chunk (the last may be shorter).
    Rows(usize),
    /// Liger's rule with `chunk_mem_const = C` (module doc).
    MemConst(usize),
}

impl Chunking {
    /// Rows per chunk for `n` rows, `h` features and `v` classes (0 when `n = 0`).
    pub fn rows(self, n: usize, h: usize, v: usize) -> usize {
        let c = match self {
            Chunking::Rows(r) => r,
            Chunking::MemConst(c) => {
                let inc = v.div_ceil(c.max(1) * h.max(1));
                n.div_ceil(inc.max(1)).next_power_of_two()
            }
        };
        c.clamp(1, n.max(1)).min(n)
    }
}

/// Options of both entries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlceOptions {
    pub ce: CeOptions,
    pub chunking: Chunking,
    /// `grad_weight` and `grad_bias` in the hidden dtype instead of FP32 (entry parameter
    /// `param_grad_dtype=storage`): each chunk's FP32 product is added and rounded once, as
    /// Liger keeps them; half the memory at 16-bit, one rounding per chunk.
    pub storage_param_grads: bool,
}

impl FlceOptions {
    /// The dtype of `grad_weight` and `grad_bias` for hidden states of `hidden` dtype.
    pub fn param_grad_dtype(&self, hidden: DType) -> DType {
        if self.storage_param_grads {
            hidden
        } else {
            DType::F32
        }
    }
}

/// The inputs.
#[derive(Clone, Copy, Debug)]
pub struct FlceInputs<'a> {
    pub hidden: &'a Tensor,
    pub weight: &'a Tensor,
    pub target: &'a Tensor,
    pub bias: Option<&'a Tensor>,
    pub ce_weight: Option<&'a Tensor>,
}

/// The gradients: `hidden` in its dtype, `weight` `[V, H]` and `bias` `[V]` FP32 (the hidden
/// dtype under [`FlceOptions::storage_param_grads`]).
#[derive(Debug)]
pub struct FlceGrads {
    pub hidden: Tensor,
    pub weight: Tensor,
    pub bias: Option<Tensor>,
}

/// The forward's gradients as the backward reads them (under `mean`/`sum`).
#[derive(Clone, Copy, Debug, Default)]
pub struct SavedGrads<'a> {
    pub hidden: Option<&'a Tensor>,
    pub weight: Option<&'a Tensor>,
    pub bias: Option<&'a Tensor>,
}

impl<'a> SavedGrads<'a> {
    pub fn of(g: &'a FlceGrads) -> Self {
        SavedGrads {
            hidden: Some(&g.hidden),
            weight: Some(&g.weight),
            bias: g.bias.as_ref(),
        }
    }
}

/// What the forward returns; `grads` (for `dloss = 1`) under `mean` and `sum` only;
/// `predicted` and `accuracy` with token statistics (module doc).
#[derive(Debug)]
pub struct FlceForward {
    pub loss: Tensor,
    pub z_loss: Tensor,
    pub grads: Option<FlceGrads>,
    pub predicted: Option<Tensor>,
    pub accuracy: Option<Tensor>,
}

// ---- The row-copy kernel ---------------------------------------------------------------------

/// Specialisation of [`copy_kernel`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CopySpec {
    pub src: DType,
    pub dst: DType,
    /// `dst += src` in FP32 instead of `dst = src`.
    pub accumulate: bool,
    pub block: usize,
}

/// `dst[dst_off + i] = src[src_off + i]` (or `+=`, in FP32) for `i < len`, `block` elements per
/// program: moves a chunk's rows in and out of whole tensors, and adds a chunk's weight and bias
/// gradients into the outputs. Parameters: `src, dst, len, src_off, dst_off` (i64).
pub fn copy_kernel(spec: &CopySpec) -> Result<Verified, LangError> {
    let name = if spec.accumulate {
        "fused_linear_cross_entropy_accumulate"
    } else {
        "fused_linear_cross_entropy_copy"
    };
    trace(name, |k| {
        let src = k.input("src", spec.src);
        let dst = if spec.accumulate {
            k.inout("dst", spec.dst)
        } else {
            k.output("dst", spec.dst)
        };
        let [len, src_off, dst_off] =
            ["len", "src_off", "dst_off"].map(|n| k.scalar(n, DType::I64));
        let i = k.program_id(0).cast(DType::I64) * spec.block as i64
            + k.arange(0, spec.block as i64).cast(DType::I64);
        let mask = i.lt(len);
        let v = src.load_masked(i + src_off, mask, 0.0);
        let out = if spec.accumulate {
            dst.load_masked(i + dst_off, mask, 0.0).cast(DType::F32) + v.cast(DType::F32)
        } else {
            v
        };
        dst.store_masked(i + dst_off, out.cast(spec.dst), mask);
    })
}

/// Copies (or adds, `accumulate`: an FP32 sum rounded to `dst`'s dtype) `len` elements of `src`
/// from `src_off` into `dst` at `dst_off`, by [`copy_kernel`].
pub fn copy(
    device: &Device,
    src: &Buffer,
    dst: &mut Buffer,
    [len, src_off, dst_off]: [usize; 3],
    accumulate: bool,
) -> Result<(), OpError> {
    if len == 0 {
        return Ok(());
    }
    let spec = CopySpec {
        src: src.dtype(),
        dst: dst.dtype(),
        accumulate,
        block: if device.is_cpu() { 16384 } else { 1024 },
    };
    let k = device.kernel(
        if accumulate {
            "fused_linear_cross_entropy_accumulate"
        } else {
            "fused_linear_cross_entropy_copy"
        },
        &spec,
        || copy_kernel(&spec),
    )?;
    let mut args = [
        Arg::In(src),
        Arg::Out(dst),
        Arg::I64(len as i64),
        Arg::I64(src_off as i64),
        Arg::I64(dst_off as i64),
    ];
    device.launch(&k, [len.div_ceil(spec.block) as u32, 1, 1], &mut args)?;
    Ok(())
}

// ---- Validation ------------------------------------------------------------------------------

/// Validated sizes and host-side target statistics.
struct Plan {
    n: usize,
    h: usize,
    v: usize,
    row_shape: Vec<usize>,
    ids: Vec<i64>,
    /// Rows per chunk.
    chunk: usize,
    /// Under `mean`, its global row factors `(1 / sum_valid w_y (or n_valid), 1 / n_valid)`,
    /// which each chunk's cross-entropy applies (`ce::Known::factors`).
    factors: Option<(f64, f64)>,
    /// `ce_weight`'s values on the host and their f64 sum, handed to each chunk's cross-entropy
    /// with the ids so that it reads nothing back from the device and sums them once.
    ce_weight_host: Option<(Vec<f32>, f64)>,
    /// The options each chunk's cross-entropy runs with: the call's, at per-row reduction.
    ce: CeOptions,
    /// `grad_weight` and `grad_bias`'s dtype.
    param_grad: DType,
}

fn validate(entry: &str, inp: &FlceInputs<'_>, o: &FlceOptions) -> Result<Plan, OpError> {
    let dt = float_dtype(entry, "hidden", inp.hidden)?;
    let Some((&h, lead)) = inp.hidden.shape.split_last() else {
        return Err(bad(
            entry,
            "hidden",
            "a scalar; hidden must be [..., H]".into(),
        ));
    };
    let n: usize = lead.iter().product();
    rows_fit(entry, "hidden", n)?;
    let same = |name: &str, t: &Tensor| -> Result<(), OpError> {
        if t.dtype() != dt {
            return Err(bad(
                entry,
                name,
                format!("dtype {} must match hidden's {dt}", t.dtype()),
            ));
        }
        Ok(())
    };
    same("weight", inp.weight)?;
    let v = match inp.weight.shape[..] {
        [v, wh] if wh == h && (1..=crate::norms::MAX_COLS).contains(&v) => v,
        _ => {
            return Err(bad(
                entry,
                "weight",
                format!(
                    "shape {:?} must be [V, H] with H = {h} (hidden {:?}) and 1 <= V <= {}",
                    inp.weight.shape,
                    inp.hidden.shape,
                    crate::norms::MAX_COLS
                ),
            ))
        }
    };
    if let Some(b) = inp.bias {
        same("bias", b)?;
        if b.shape != [v] {
            return Err(bad(
                entry,
                "bias",
                format!("shape {:?} must be [V] = [{v}]", b.shape),
            ));
        }
    }
    let t = inp.target;
    if !t.dtype().is_int() || t.shape != lead {
        return Err(bad(
            entry,
            "target",
            format!(
                "{} {:?} must be int32/int64 of hidden's rows {lead:?}",
                t.dtype(),
                t.shape
            ),
        ));
    }
    let c = &o.ce;
    if !(0.0..=1.0).contains(&c.label_smoothing)
        || !c.z_loss.is_finite()
        || c.softcap.is_some_and(|s| !(s > 0.0 && s.is_finite()))
    {
        return Err(OpError::BadParam {
            entry: entry.into(),
            name: "label_smoothing/lse_square_scale/softcap".into(),
            value: format!("{} / {} / {:?}", c.label_smoothing, c.z_loss, c.softcap),
            message: "is out of range".into(),
            allowed: "label_smoothing 0 to 1; finite lse_square_scale; softcap 0 (off) or \
                      positive"
                .into(),
        });
    }
    if o.chunking == Chunking::Rows(0) || o.chunking == Chunking::MemConst(0) {
        return Err(OpError::BadParam {
            entry: entry.into(),
            name: "chunk_rows/chunk_mem_const".into(),
            value: format!("{:?}", o.chunking),
            message: "must be positive".into(),
            allowed: "chunk_rows >= 0 (0: by chunk_mem_const), chunk_mem_const >= 1".into(),
        });
    }
    let ids = t.buffer.to_i64()?;
    if let Some((i, y)) = ids
        .iter()
        .enumerate()
        .find(|(_, y)| **y != c.ignore_index && !(0..v as i64).contains(*y))
    {
        return Err(bad(
            entry,
            "target",
            format!(
                "row {i}: class {y} is outside 0..{v} and is not ignore_index {}",
                c.ignore_index
            ),
        ));
    }
    let class_w = inp
        .ce_weight
        .map(|w| -> Result<Vec<f32>, OpError> {
            if (w.dtype() != dt && w.dtype() != DType::F32) || w.shape != [v] {
                return Err(bad(
                    entry,
                    "ce_weight",
                    format!(
                        "{} {:?} must be [V] = [{v}] in hidden's dtype {dt} or f32",
                        w.dtype(),
                        w.shape
                    ),
                ));
            }
            let w = w.buffer.to_f32()?;
            if let Some(j) = w.iter().position(|w| !w.is_finite()) {
                return Err(bad(
                    entry,
                    "ce_weight",
                    format!("class {j}: {} is not finite", w[j]),
                ));
            }
            Ok(w)
        })
        .transpose()?;
    // The mean's global factors, applied by each chunk's kernel as its row factors.
    let factors = (c.reduction == Reduction::Mean).then(|| {
        let valid = ids.iter().filter(|y| **y != c.ignore_index);
        let n_valid = valid.clone().count() as f64;
        let w_valid: f64 = valid
            .map(|y| class_w.as_ref().map_or(1.0, |w| w[*y as usize] as f64))
            .sum();
        let inv = |d: f64| if d == 0.0 { 0.0 } else { 1.0 / d };
        (inv(w_valid), inv(n_valid))
    });
    let ce_weight_host = class_w.map(|w| {
        let total = w.iter().map(|w| f64::from(*w)).sum();
        (w, total)
    });
    let ce_opts = CeOptions {
        reduction: Reduction::None,
        ..*c
    };
    Ok(Plan {
        n,
        h,
        v,
        row_shape: lead.to_vec(),
        chunk: o.chunking.rows(n, h, v),
        ids,
        factors,
        ce_weight_host,
        ce: ce_opts,
        param_grad: o.param_grad_dtype(dt),
    })
}

// ---- The chunk loop --------------------------------------------------------------------------

/// What to do with each chunk's logits; the forward passes carry `token_stats`.
enum Pass<'a> {
    /// Per-row losses only (forward under `none`).
    Losses { token_stats: bool },
    /// Losses and gradients for `dloss = 1` (forward under `mean`/`sum`).
    Both { token_stats: bool },
    /// Gradients for per-row cotangents (backward under `none`).
    Grads(&'a [f32]),
}

/// Per-row results of the forward passes, in row order (zeros for [`Pass::Grads`]; `predicted`
/// and `hits` empty without token statistics).
struct RowResults {
    /// Every row's loss and z-loss (f32, on the device): each chunk's rows are copied in on the
    /// device, so the chunk loop never waits for the GPU; the host reads them once, at the end,
    /// when the loss is reduced.
    loss: Buffer,
    /// `None` when `lse_square_scale` is 0: every row's z-loss is then 0.
    z_loss: Option<Buffer>,
    predicted: Vec<i64>,
    /// 1 where the row is predicted right, else 0 (ignored rows 0).
    hits: Vec<f32>,
}

/// Per-row results and the gradients.
type ChunkResults = (RowResults, Option<FlceGrads>);

/// Runs the chunks; returns the per-row results and the gradients (not for [`Pass::Losses`]),
/// reusing `prev` gradient tensors that fit. The cross-entropy is [`chunk_loop`]'s per-chunk
/// loss.
fn run_chunks(
    device: &Device,
    inp: &FlceInputs<'_>,
    p: &Plan,
    pass: Pass<'_>,
    prev: Option<FlceGrads>,
) -> Result<ChunkResults, OpError> {
    let n = p.n;
    let grads = !matches!(pass, Pass::Losses { .. });
    let mut rows_out = RowResults {
        loss: device.zeros(DType::F32, n)?,
        z_loss: (p.ce.z_loss != 0.0)
            .then(|| device.zeros(DType::F32, n))
            .transpose()?,
        predicted: Vec::new(),
        hits: Vec::new(),
    };
    let proj = Projection {
        hidden: inp.hidden,
        weight: inp.weight,
        bias: inp.bias,
        chunk: p.chunk,
        param_grad: p.param_grad,
        f32_grad_hidden: false,
    };
    // Targets and class weights are read only when they are on the call's device (a host
    // target on a CUDA device is uploaded, as class weights are).
    let label = device.label();
    let on_device = |b: &Buffer| b.device_name() == label;
    let uploaded = match inp.ce_weight {
        Some(w) if !on_device(&w.buffer) => Some(device.to_device(w)?),
        _ => None,
    };
    // The chunks' per-row scratch (what was not a window), reused by the next chunk.
    let mut scratch: Option<ce::RowBuffers> = None;
    let out = chunk_loop(device, &proj, grads, prev, &mut |ch, z| {
        let (start, c) = (ch.start, ch.rows);
        let ids = &p.ids[start..start + c];
        // The chunk's targets, read in place where the memory allows it, else uploaded.
        // SAFETY: the window drops before `inp.target`, which nothing writes during the call.
        let y = match unsafe { inp.target.buffer.window(start, c) }.filter(on_device) {
            Some(b) => Tensor::new(b, vec![c])?,
            None => device.to_device(&Tensor::new(Buffer::from_i64(DType::I64, ids)?, vec![c])?)?,
        };
        // Where the chunk's cross-entropy writes its per-row results: windows of the call's
        // rows where the memory allows it (not under `Pass::Grads`, which keeps none of them),
        // else the scratch of the chunk before.
        let spare = scratch.take().unwrap_or_default();
        let keeps = !matches!(pass, Pass::Grads(_));
        let (loss_at, loss_direct) =
            row_slot(keeps.then_some(&rows_out.loss), start, c, spare.loss);
        let (z_at, z_direct) = row_slot(
            rows_out.z_loss.as_ref().filter(|_| keeps),
            start,
            c,
            spare.z_loss,
        );
        let direct = [loss_direct, z_direct];
        let row_buffers = ce::RowBuffers {
            loss: loss_at,
            z_loss: z_at,
            lse: spare.lse,
            sums: None,
        };
        let w = uploaded.as_ref().or(inp.ce_weight);
        let known = ce::Known {
            factors: p.factors,
            ids,
            weights: p
                .ce_weight_host
                .as_ref()
                .map(|(values, total)| ce::KnownWeights {
                    values,
                    total: *total,
                }),
        };
        match pass {
            Pass::Losses { token_stats } => {
                let f = ce::run_forward(
                    device,
                    ce::Logits::Read(&*z),
                    &y,
                    w,
                    &p.ce,
                    token_stats,
                    Some(known),
                    row_buffers,
                )?;
                scratch = Some(rows_out.push(device, f, start, direct)?);
            }
            Pass::Both { .. } | Pass::Grads(_) => {
                let stats = matches!(pass, Pass::Both { token_stats: true });
                let f = ce::run_forward(
                    device,
                    ce::Logits::Overwrite(&mut *z),
                    &y,
                    w,
                    &p.ce,
                    stats,
                    Some(known),
                    row_buffers,
                )?;
                if let Pass::Grads(dl) = pass {
                    // Host cotangents: a chunk of ones launches nothing.
                    let dl = Tensor::from_f32(DType::F32, &[c], &dl[start..start + c])?;
                    ce::scale_in_place(device, z, &dl, Reduction::None)?;
                    // The rows' losses are not wanted: nothing is copied, the scratch is kept.
                    scratch = Some(spares(f, direct));
                } else {
                    scratch = Some(rows_out.push(device, f, start, direct)?);
                }
            }
        }
        Ok(())
    })?;
    Ok((rows_out, out))
}

/// The projection a chunk loop runs: `logits = hidden W^T + bias` chunk by chunk, and the
/// gradients of `hidden`, `weight` and `bias` from the logits' gradient.
pub(crate) struct Projection<'a> {
    /// `[..., H]` (read as `[N, H]`), `[V, H]`, `[V]`, one float dtype (validated).
    pub hidden: &'a Tensor,
    pub weight: &'a Tensor,
    pub bias: Option<&'a Tensor>,
    /// Rows per chunk (at least 1 when there are rows).
    pub chunk: usize,
    /// `grad_weight` and `grad_bias`'s dtype (FP32 or the hidden dtype).
    pub param_grad: DType,
    /// `grad_hidden` in FP32 instead of the hidden dtype.
    pub f32_grad_hidden: bool,
}

/// A chunk of rows, as [`chunk_loop`] hands it to the per-chunk loss.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Chunk {
    /// The chunk's first row and its number of rows (the logits' rows). Under
    /// [`Layout::Paired`], `start` is the first row in the first half and `rows` counts both
    /// halves' rows (`2c`).
    pub start: usize,
    pub rows: usize,
}

/// How [`chunk_loop_laid_out`] groups the rows of `hidden` into chunks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Rows `start..start + c` with `c = proj.chunk` (the last chunk shorter).
    Rows,
    /// `hidden`'s `N` rows (even) are two halves of `N / 2`: a chunk is rows `start..start + c`
    /// of the first half followed by the same rows of the second (`c = proj.chunk` rows of each
    /// half, the last chunk shorter), copied into one `[2c, H]` chunk, and its `grad_hidden`
    /// rows are copied back to both places: the preference losses' chunks of pairs, chosen
    /// rows first (`crate::chunked_preference`).
    Paired,
}

/// An operator's per-chunk loss: given a chunk and its logits `[c, V]` (the hidden dtype), it
/// computes the chunk's losses and, when the loop makes gradients, writes the logits'
/// gradient over the logits.
pub(crate) type ChunkLoss<'a> = dyn FnMut(&Chunk, &mut Tensor) -> Result<(), OpError> + 'a;

/// The `c` rows of `hidden` (`[..., H]`) from row `start` as a `[c, H]` tensor: read in place
/// where the memory allows it (a window of device memory, or host memory on the CPU; `false`),
/// else copied into `spare` (when it fits) or a new tensor (`true`).
pub(crate) fn chunk_rows(
    device: &Device,
    hidden: &Tensor,
    start: usize,
    c: usize,
    spare: Option<Tensor>,
) -> Result<(Tensor, bool), OpError> {
    let h = hidden.shape[hidden.shape.len() - 1];
    let label = device.label();
    // SAFETY: the window drops before `hidden`, which nothing writes during the call.
    let window =
        unsafe { hidden.buffer.window(start * h, c * h) }.filter(|b| b.device_name() == label);
    if let Some(b) = window {
        return Ok((Tensor::new(b, vec![c, h])?, false));
    }
    let mut x = fit(device, spare, hidden.dtype(), &[c, h])?;
    copy(
        device,
        &hidden.buffer,
        &mut x.buffer,
        [c * h, start * h, 0],
        false,
    )?;
    Ok((x, true))
}

/// The chunk loop shared by the fused linear losses (this cross-entropy, `fused_linear_kl_div`,
/// `fused_linear_jsd`, and `chunked_preference` through [`chunk_loop_laid_out`]):
/// per chunk of `proj.chunk` rows, (1) `logits = hidden_chunk W^T + bias` by
/// [`matmul::forward`]; (2) `loss` (its per-chunk loss kernel); with `grads`, (3)
/// [`matmul::backward`] projects the gradient `loss` left in the logits: `grad_hidden[chunk] =
/// g W` and `grad_weight += g^T hidden_chunk`, `grad_bias += sum_rows g` (module doc). Returns
/// the gradients with `grads` (reusing `prev` tensors that fit; zeros for no rows).
pub(crate) fn chunk_loop(
    device: &Device,
    proj: &Projection<'_>,
    grads: bool,
    prev: Option<FlceGrads>,
    loss: &mut ChunkLoss<'_>,
) -> Result<Option<FlceGrads>, OpError> {
    chunk_loop_laid_out(device, proj, Layout::Rows, grads, prev, loss)
}

/// [`chunk_loop`] with the chunks' rows laid out as `layout` says ([`Layout::Paired`]: `hidden`
/// must have an even number of rows).
pub(crate) fn chunk_loop_laid_out(
    device: &Device,
    proj: &Projection<'_>,
    layout: Layout,
    grads: bool,
    prev: Option<FlceGrads>,
    loss: &mut ChunkLoss<'_>,
) -> Result<Option<FlceGrads>, OpError> {
    let dt = proj.hidden.dtype();
    let (v, h) = (proj.weight.shape[0], proj.weight.shape[1]);
    let n: usize = proj.hidden.shape[..proj.hidden.shape.len() - 1]
        .iter()
        .product();
    let dx_dtype = if proj.f32_grad_hidden { DType::F32 } else { dt };
    let (prev_h, prev_w, prev_b) = prev.map_or((None, None, None), |g| {
        (Some(g.hidden), Some(g.weight), g.bias)
    });
    let mut out = if grads {
        Some(FlceGrads {
            hidden: fit(device, prev_h, dx_dtype, &proj.hidden.shape)?,
            weight: fit(device, prev_w, proj.param_grad, &[v, h])?,
            bias: match proj.bias {
                Some(_) => Some(fit(device, prev_b, proj.param_grad, &[v])?),
                None => None,
            },
        })
    } else {
        None
    };
    if n == 0 {
        // No rows: zero gradients (`fit` may have reused old ones).
        if let Some(g) = &mut out {
            g.weight = device.tensor_zeros(proj.param_grad, &[v, h])?;
            g.bias = proj
                .bias
                .map(|_| device.tensor_zeros(proj.param_grad, &[v]))
                .transpose()?;
        }
        return Ok(out);
    }
    let mm = MatmulOptions {
        storage_param_grads: proj.param_grad != DType::F32,
        f32_dx: proj.f32_grad_hidden,
        ..MatmulOptions::default()
    };
    // A placeholder that never fits, so that the product allocates.
    let empty = || Tensor::zeros(DType::F32, &[0]);
    // Windows are read only when they are on the call's device ([`chunk_rows`]), and
    // `grad_hidden` is written in place only when it shares no memory with `hidden` (a caller's
    // reused output over the input).
    let write_in_place = out
        .as_ref()
        .is_some_and(|g| !g.hidden.buffer.may_share_memory(&proj.hidden.buffer));
    let mut logits: Option<Tensor> = None;
    let mut rows: Option<Tensor> = None;
    // The chunk's `grad_hidden` rows, reused by the next chunk of the same size.
    let mut chunk_dx: Option<Tensor> = None;
    // Rows per half (`Layout::Paired`), or all of them.
    let half = match layout {
        Layout::Rows => n,
        Layout::Paired => n / 2,
    };
    for (index, start) in (0..half).step_by(proj.chunk).enumerate() {
        let per_half = proj.chunk.min(half - start);
        // Where the chunk's rows come from: `(row in hidden, rows)`, in the chunk's order.
        let segments: &[(usize, usize)] = match layout {
            Layout::Rows => &[(start, per_half)],
            Layout::Paired => &[(start, per_half), (half + start, per_half)],
        };
        let c = per_half * segments.len();
        // Buffers of a different (the ragged last) shape are freed before reallocating.
        let keep = |t: Option<Tensor>, shape: &[usize]| t.filter(|t| t.shape == shape);
        let spare = keep(rows.take(), &[c, h]);
        let (x, copied) = match layout {
            Layout::Rows => chunk_rows(device, proj.hidden, start, c, spare)?,
            Layout::Paired => {
                let mut x = fit(device, spare, dt, &[c, h])?;
                let mut at = 0;
                for &(row, len) in segments {
                    copy(
                        device,
                        &proj.hidden.buffer,
                        &mut x.buffer,
                        [len * h, row * h, at * h],
                        false,
                    )?;
                    at += len;
                }
                (x, true)
            }
        };
        let prev_y = keep(logits.take(), &[c, v]).map(|y| MatmulOutputs { y, z: None });
        let mut z = matmul::forward(device, &x, proj.weight, proj.bias, &mm, prev_y)?.y;
        let chunk = Chunk { start, rows: c };
        loss(&chunk, &mut z)?;
        if let Some(g) = out.as_mut() {
            // The weight and bias gradients are the outputs themselves: the first chunk's
            // product writes them, every later one adds into them (no workspace).
            let chunk_mm = MatmulOptions {
                accumulate: index > 0,
                ..mm
            };
            // The chunk's rows of `grad_hidden`, written in place where the memory allows
            // it (device memory: a write to a host window would not reach `grad_hidden`),
            // else written to a chunk buffer and copied in.
            // SAFETY: the window drops in this block, and `g.hidden` is not used meanwhile.
            let direct = unsafe { g.hidden.buffer.window(start * h, c * h) }
                .filter(|b| write_in_place && layout == Layout::Rows && !b.is_host())
                .map(|b| Tensor::new(b, vec![c, h]))
                .transpose()?;
            let in_place = direct.is_some();
            let prev = Some(MatmulGrads {
                dx: direct.unwrap_or_else(|| chunk_dx.take().unwrap_or_else(empty)),
                dw: std::mem::replace(&mut g.weight, empty()),
                dbias: g.bias.take(),
            });
            let bi = MatmulBackwardInputs {
                x: &x,
                w: proj.weight,
                bias: proj.bias,
                z: None,
                dy: &z,
            };
            let mut mg = matmul::backward(device, &bi, &chunk_mm, prev)?;
            if !in_place {
                let mut at = 0;
                for &(row, len) in segments {
                    copy(
                        device,
                        &mg.dx.buffer,
                        &mut g.hidden.buffer,
                        [len * h, at * h, row * h],
                        false,
                    )?;
                    at += len;
                }
            }
            g.weight = std::mem::replace(&mut mg.dw, empty());
            g.bias = mg.dbias.take();
            if !in_place {
                chunk_dx = Some(mg.dx);
            }
        }
        logits = Some(z);
        // Only a copy is kept for the next chunk to reuse (a window ends with its chunk).
        rows = copied.then_some(x);
    }
    Ok(out)
}

/// Where a chunk's `c` per-row results from row `start` go: a window of the call's rows `all`
/// written in place (device memory; `true`), else `spare` (the cross-entropy replaces it when
/// its length is not `c`), to be copied in after (`false`).
fn row_slot(
    all: Option<&Buffer>,
    start: usize,
    c: usize,
    spare: Option<Buffer>,
) -> (Option<Buffer>, bool) {
    // SAFETY: the window drops with its chunk's cross-entropy results, before `all`, which
    // nothing else reads or writes meanwhile (`RowResults::push` copies only into others).
    match all
        .and_then(|a| unsafe { a.window(start, c) })
        .filter(|w| !w.is_host())
    {
        Some(w) => (Some(w), true),
        None => (spare, false),
    }
}

/// The buffers of a chunk's cross-entropy results that the next chunk may reuse: all but the
/// windows (`direct`: the loss's and the z-loss's).
fn spares(f: ce::CeForward, [loss_direct, z_direct]: [bool; 2]) -> ce::RowBuffers {
    ce::RowBuffers {
        loss: (!loss_direct).then_some(f.loss.buffer),
        z_loss: (!z_direct).then_some(f.z_loss.buffer),
        lse: Some(f.lse.buffer),
        sums: None,
    }
}

impl RowResults {
    /// Puts a chunk's rows, starting at row `start`, in place (its cross-entropy ran at per-row
    /// reduction, so its accuracy is the per-row hits): the loss and z-loss rows by a copy
    /// unless `direct` says they were written there already. Token statistics are read to the
    /// host here; losses stay on the device. Returns the chunk's buffers that are not windows,
    /// for the next chunk to reuse ([`spares`]).
    fn push(
        &mut self,
        device: &Device,
        f: ce::CeForward,
        start: usize,
        [loss_direct, z_direct]: [bool; 2],
    ) -> Result<ce::RowBuffers, OpError> {
        let c = f.loss.buffer.len();
        if !loss_direct {
            copy(device, &f.loss.buffer, &mut self.loss, [c, 0, start], false)?;
        }
        if let (Some(z), false) = (&mut self.z_loss, z_direct) {
            copy(device, &f.z_loss.buffer, z, [c, 0, start], false)?;
        }
        if let (Some(pred), Some(acc)) = (&f.predicted, &f.accuracy) {
            self.predicted.extend(pred.buffer.to_i64()?);
            self.hits.extend(acc.to_f32()?);
        }
        Ok(spares(f, [loss_direct, z_direct]))
    }
}

// ---- Host API --------------------------------------------------------------------------------

/// The reduced loss: the rows themselves (`row_shape`) under `none`, else their f64 sum in row
/// order (read to the host: the call's one wait for the GPU); zeros for rows that were not kept
/// (`None`: every one is 0).
fn reduce(
    device: &Device,
    rows: Option<Buffer>,
    row_shape: &[usize],
    reduction: Reduction,
) -> Result<Tensor, OpError> {
    match (rows, reduction) {
        (Some(rows), Reduction::None) => Ok(Tensor::new(rows, row_shape.to_vec())?),
        (None, Reduction::None) => Ok(device.tensor_zeros(DType::F32, row_shape)?),
        (None, Reduction::Sum | Reduction::Mean) => Ok(device.tensor_zeros(DType::F32, &[])?),
        (Some(rows), Reduction::Sum | Reduction::Mean) => {
            let total: f64 = rows.to_f32()?.iter().map(|v| *v as f64).sum();
            let t = Tensor::from_f32(DType::F32, &[], &[total as f32])?;
            Ok(device.to_device(&t)?)
        }
    }
}

/// The forward: losses, and under `mean`/`sum` the gradients for `dloss = 1` (reusing `prev`
/// tensors that fit); no token statistics.
pub fn forward(
    device: &Device,
    inp: &FlceInputs<'_>,
    o: &FlceOptions,
    prev: Option<FlceGrads>,
) -> Result<FlceForward, OpError> {
    forward_with(device, inp, o, prev, false)
}

/// [`forward`], with token statistics (`predicted`, `accuracy`; module doc) when `token_stats`.
pub fn forward_with(
    device: &Device,
    inp: &FlceInputs<'_>,
    o: &FlceOptions,
    prev: Option<FlceGrads>,
    token_stats: bool,
) -> Result<FlceForward, OpError> {
    let p = validate("fused_linear_cross_entropy.forward", inp, o)?;
    let pass = match o.ce.reduction {
        Reduction::None => Pass::Losses { token_stats },
        Reduction::Sum | Reduction::Mean => Pass::Both { token_stats },
    };
    let (rows, grads) = run_chunks(device, inp, &p, pass, prev)?;
    let (predicted, accuracy) = if token_stats {
        let pred = Tensor::new(
            Buffer::from_i64(DType::I64, &rows.predicted)?,
            p.row_shape.clone(),
        )?;
        let acc = match o.ce.reduction {
            Reduction::None => Tensor::from_f32(DType::F32, &p.row_shape, &rows.hits)?,
            Reduction::Sum | Reduction::Mean => {
                let hits: f64 = rows.hits.iter().map(|h| *h as f64).sum();
                let n_valid = p.ids.iter().filter(|y| **y != o.ce.ignore_index).count();
                let share = if n_valid == 0 {
                    0.0
                } else {
                    hits / n_valid as f64
                };
                Tensor::from_f32(DType::F32, &[], &[share as f32])?
            }
        };
        (
            Some(device.to_device(&pred)?),
            Some(device.to_device(&acc)?),
        )
    } else {
        (None, None)
    };
    Ok(FlceForward {
        loss: reduce(device, Some(rows.loss), &p.row_shape, o.ce.reduction)?,
        z_loss: reduce(device, rows.z_loss, &p.row_shape, o.ce.reduction)?,
        grads,
        predicted,
        accuracy,
    })
}

/// The backward for the loss cotangent `dloss`: under `mean`/`sum` the forward's `saved`
/// gradients times the scalar `dloss` (copies; `inp` only checked; a missing one is an error),
/// under `none` recomputed chunk by chunk with `dloss` per row (`saved` unused).
pub fn backward(
    device: &Device,
    inp: &FlceInputs<'_>,
    saved: SavedGrads<'_>,
    dloss: &Tensor,
    o: &FlceOptions,
    prev: Option<FlceGrads>,
) -> Result<FlceGrads, OpError> {
    let entry = "fused_linear_cross_entropy.backward";
    let p = validate(entry, inp, o)?;
    if o.ce.reduction == Reduction::None {
        // Read on the host: each chunk scales its rows by its slice.
        let dl = ce::row_cotangents(entry, dloss, p.n, &p.row_shape, o.ce.reduction)?;
        let (_, g) = run_chunks(device, inp, &p, Pass::Grads(&dl), prev)?;
        return Ok(g.expect("the gradient pass returns gradients"));
    }
    // One cotangent, which the scaling kernels read where it lives.
    ce::cotangent_shape(entry, dloss, &p.row_shape, o.ce.reduction)?;
    let shapes = SavedShapes {
        hidden: (inp.hidden.dtype(), &inp.hidden.shape),
        param: p.param_grad,
        weight: [p.v, p.h],
        bias: inp.bias.is_some(),
    };
    scaled_grads(device, entry, saved, &shapes, dloss, prev)
}

/// The dtypes and shapes the saved gradients must have.
pub(crate) struct SavedShapes<'a> {
    /// `grad_hidden`'s dtype and shape.
    pub hidden: (DType, &'a [usize]),
    /// `grad_weight` (`[V, H]`) and `grad_bias`'s (`[V]`, when `bias`) dtype.
    pub param: DType,
    pub weight: [usize; 2],
    pub bias: bool,
}

/// The backward of a loss whose forward made the gradients for `dloss = 1`: copies of the
/// `saved` gradients (checked against `shapes`; a missing one is an error) times the scalar
/// `dloss` ([`ce::scale_in_place`]: no pass when it is 1), reusing `prev` tensors that fit.
/// `dloss` must be a float tensor of one value.
pub(crate) fn scaled_grads(
    device: &Device,
    entry: &str,
    saved: SavedGrads<'_>,
    shapes: &SavedShapes<'_>,
    dloss: &Tensor,
    prev: Option<FlceGrads>,
) -> Result<FlceGrads, OpError> {
    float_dtype(entry, "dloss", dloss)?;
    if dloss.numel() != 1 {
        return Err(bad(
            entry,
            "dloss",
            format!("shape {:?} must hold one value", dloss.shape),
        ));
    }
    let expect = |name, t, dtype, shape: &[usize]| saved_grad(entry, name, t, dtype, shape);
    let (prev_h, prev_w, prev_b) = prev.map_or((None, None, None), |g| {
        (Some(g.hidden), Some(g.weight), g.bias)
    });
    // A scaled copy of `t` (no pass when `dloss = 1`).
    let scaled = |t: &Tensor, prev: Option<Tensor>| -> Result<Tensor, OpError> {
        let mut out = crate::host::fit_copy(device, prev, t)?;
        if t.numel() > 0 {
            ce::scale_in_place(device, &mut out, dloss, Reduction::Sum)?;
        }
        Ok(out)
    };
    let (hdt, hshape) = shapes.hidden;
    let gh = expect("grad_hidden", saved.hidden, hdt, hshape)?;
    let gw = expect("grad_weight", saved.weight, shapes.param, &shapes.weight)?;
    let gb = match shapes.bias {
        true => Some(expect(
            "grad_bias",
            saved.bias,
            shapes.param,
            &shapes.weight[..1],
        )?),
        false => None,
    };
    Ok(FlceGrads {
        hidden: scaled(gh, prev_h)?,
        weight: scaled(gw, prev_w)?,
        bias: gb.map(|b| scaled(b, prev_b)).transpose()?,
    })
}

/// The saved gradient `name`, which must be `dtype` of `shape`.
fn saved_grad<'a>(
    entry: &str,
    name: &str,
    t: Option<&'a Tensor>,
    dtype: DType,
    shape: &[usize],
) -> Result<&'a Tensor, OpError> {
    match t {
        Some(t) if t.dtype() == dtype && t.shape == shape => Ok(t),
        Some(t) => Err(bad(
            entry,
            name,
            format!("{} {:?} must be {dtype} {shape:?}", t.dtype(), t.shape),
        )),
        None => Err(OpError::MissingInput {
            entry: entry.into(),
            name: name.into(),
        }),
    }
}

// ---- Registry entry points -------------------------------------------------------------------

pub(crate) fn usize_param(p: &Params, entry: &str, name: &str) -> Result<usize, OpError> {
    p.text(name)
        .trim()
        .parse::<usize>()
        .map_err(|_| OpError::BadParam {
            entry: entry.into(),
            name: name.into(),
            value: p.text(name),
            message: "is not a non-negative integer".into(),
            allowed: "an integer >= 0".into(),
        })
}

fn options(p: &Params, entry: &str) -> Result<FlceOptions, OpError> {
    let rows = usize_param(p, entry, "chunk_rows")?;
    let chunking = if rows > 0 {
        Chunking::Rows(rows)
    } else {
        Chunking::MemConst(usize_param(p, entry, "chunk_mem_const")?)
    };
    let storage_param_grads = p.choice("param_grad_dtype", &["f32", "storage"])? == "storage";
    Ok(FlceOptions {
        ce: crate::cross_entropy::options(p, entry)?,
        chunking,
        storage_param_grads,
    })
}

use crate::registry::port;

const HIDDEN: Port = port("hidden", PortShape::LikeX, false, "[..., H] f32/f16/bf16");
const WEIGHT: Port = port("weight", PortShape::Weight, false, "[V, H], hidden's dtype");
const TARGET: Port = port(
    "target",
    PortShape::Classes,
    false,
    "class per row, int32/int64",
);
const BIAS: Port = port("bias", PortShape::OutCols, true, "[V], hidden's dtype").rare();
const CE_WEIGHT: Port = port(
    "ce_weight",
    PortShape::OutCols,
    true,
    "class weights [V], hidden's dtype or f32",
)
.rare();
const GRAD_HIDDEN: Port = port(
    "grad_hidden",
    PortShape::LikeX,
    true,
    "gradient of hidden for dloss = 1 (mean/sum)",
);
const GRAD_WEIGHT: Port = port(
    "grad_weight",
    PortShape::Weight,
    true,
    "f32 gradient of weight for dloss = 1 (mean/sum)",
);
const GRAD_BIAS: Port = port(
    "grad_bias",
    PortShape::OutCols,
    true,
    "f32 gradient of bias for dloss = 1 (mean/sum, with bias)",
);
const INPUTS: [Port; 5] = [HIDDEN, WEIGHT, TARGET, BIAS, CE_WEIGHT];

const PARAMS: [ParamDef; 8] = [
    CE_PARAMS[0],
    CE_PARAMS[1],
    CE_PARAMS[2],
    CE_PARAMS[3],
    ParamDef {
        name: "reduction",
        default: "mean",
        allowed: "mean, sum, none",
        doc: "over rows (mean/sum: gradients made in the forward; none: in the backward)",
    },
    ParamDef {
        name: "chunk_rows",
        default: "0",
        allowed: "an integer >= 0",
        doc: "rows per chunk; 0: Liger's rule with chunk_mem_const",
    },
    ParamDef {
        name: "chunk_mem_const",
        default: "1",
        allowed: "an integer >= 1",
        doc: "chunk logits of about chunk_mem_const * N * H elements",
    },
    ParamDef {
        name: "param_grad_dtype",
        default: "f32",
        allowed: "f32, storage",
        doc: "grad_weight/grad_bias dtype (storage: hidden's, one rounding per chunk, as Liger)",
    },
];

/// The forward's parameters: the pair's and `token_stats`.
const FWD_PARAMS: [ParamDef; 9] = [
    PARAMS[0],
    PARAMS[1],
    PARAMS[2],
    PARAMS[3],
    PARAMS[4],
    PARAMS[5],
    PARAMS[6],
    PARAMS[7],
    ParamDef {
        name: "token_stats",
        default: "false",
        allowed: "false, true",
        doc: "also return predicted tokens and token accuracy",
    },
];

fn inputs<'a>(entry: &str, t: &'a Tensors) -> Result<FlceInputs<'a>, OpError> {
    Ok(FlceInputs {
        hidden: input(entry, t, "hidden")?,
        weight: input(entry, t, "weight")?,
        target: input(entry, t, "target")?,
        bias: t.get("bias"),
        ce_weight: t.get("ce_weight"),
    })
}

/// Takes the previous gradient outputs named `names` (hidden, weight, bias) out of `out`, for
/// the fused linear losses' entries (the bias is absent where the loss has none).
pub(crate) fn take_prev(out: &mut Tensors, names: [&str; 3]) -> Option<FlceGrads> {
    let (h, w) = (out.remove(names[0]), out.remove(names[1]));
    let b = out.remove(names[2]);
    h.zip(w).map(|(hidden, weight)| FlceGrads {
        hidden,
        weight,
        bias: b,
    })
}

/// Puts gradients under `names` (hidden, weight, bias: the last only when there is one).
pub(crate) fn put(out: &mut Tensors, names: [&str; 3], g: FlceGrads) {
    out.insert(names[0].into(), g.hidden);
    out.insert(names[1].into(), g.weight);
    if let Some(b) = g.bias {
        out.insert(names[2].into(), b);
    }
}

/// The forward's gradient outputs, which the backward takes back (the fused linear losses').
pub(crate) const SAVED: [&str; 3] = ["grad_hidden", "grad_weight", "grad_bias"];
/// The backward's outputs.
pub(crate) const GRADS: [&str; 3] = ["dhidden", "dweight", "dbias"];

/// The fused linear cross-entropy pair.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "fused_linear_cross_entropy.forward",
        op: "fused_linear_cross_entropy",
        inputs: &INPUTS,
        outputs: &[
            port(
                "loss",
                PortShape::LossCotangent,
                false,
                "f32; [...] under none, scalar otherwise",
            ),
            port(
                "z_loss",
                PortShape::LossCotangent,
                false,
                "lse_square_scale * lse^2, reduced likewise (no gradient)",
            ),
            port(
                "predicted",
                PortShape::Rows,
                true,
                "int64 argmax class per row, -1 on ignored rows (token_stats=true)",
            ),
            port(
                "accuracy",
                PortShape::LossCotangent,
                true,
                "f32 share of non-ignored rows predicted right; per row under none",
            ),
            GRAD_HIDDEN,
            GRAD_WEIGHT,
            GRAD_BIAS,
        ],
        params: &FWD_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| {
            let e = "fused_linear_cross_entropy.forward";
            let prev = take_prev(out, SAVED);
            let stats = p.choice("token_stats", &["false", "true"])? == "true";
            let f = forward_with(d, &inputs(e, t)?, &options(p, e)?, prev, stats)?;
            out.insert("loss".into(), f.loss);
            out.insert("z_loss".into(), f.z_loss);
            for (name, v) in [("predicted", f.predicted), ("accuracy", f.accuracy)] {
                if let Some(v) = v {
                    out.insert(name.into(), v);
                }
            }
            if let Some(g) = f.grads {
                put(out, SAVED, g);
            }
            Ok(())
        },
    },
    EntryPoint {
        name: "fused_linear_cross_entropy.backward",
        op: "fused_linear_cross_entropy",
        inputs: &[
            HIDDEN,
            WEIGHT,
            TARGET,
            BIAS,
            CE_WEIGHT,
            GRAD_HIDDEN,
            GRAD_WEIGHT,
            GRAD_BIAS,
            port(
                "dloss",
                PortShape::LossCotangent,
                false,
                "cotangent of loss (scalar unless none)",
            ),
        ],
        outputs: &[
            port("dhidden", PortShape::LikeX, false, "gradient of hidden"),
            port(
                "dweight",
                PortShape::Weight,
                false,
                "f32 gradient of weight",
            ),
            port(
                "dbias",
                PortShape::OutCols,
                true,
                "f32 gradient of bias (with bias)",
            ),
        ],
        params: &PARAMS,
        overwrites: &[],
        run: |d, t, p, out| {
            let e = "fused_linear_cross_entropy.backward";
            let o = options(p, e)?;
            let saved = SavedGrads {
                hidden: t.get(SAVED[0]),
                weight: t.get(SAVED[1]),
                bias: t.get(SAVED[2]),
            };
            let prev = take_prev(out, GRADS);
            let dloss = input(e, t, "dloss")?;
            let g = backward(d, &inputs(e, t)?, saved, dloss, &o, prev)?;
            put(out, GRADS, g);
            Ok(())
        },
    },
];
