//! Fused linear KL divergence (Liger 0.8.5's `LigerFusedLinearKLDivFunction`, PARITY.md 4.11):
//! the KL divergence of teacher soft labels `q` from `softmax(hidden W^T / T)`, computed in
//! chunks of rows by fused linear cross-entropy's chunk loop
//! ([`crate::fused_linear_cross_entropy::chunk_loop`]) so that the `[N, V]` logits are never
//! held at once.
//!
//! # Contract
//!
//! `fused_linear_kl_div.forward(hidden [..., H], weight [V, H], target [..., V], labels [...]?)
//! -> (loss, grad_hidden, grad_weight)`. `target` holds probabilities `q` (cached teacher soft
//! labels; rows need not sum to 1). With `n` the rows whose label is not `ignore_index` (every
//! row without labels) and `scale` = `1 / n` (`reduction=batchmean`, the default), `1 / (n V)`
//! (`mean`: valid rows times V, not kl_div's all rows times V) or 1 (`sum`), 0 when `n = 0`, per
//! row in FP32 (the logits upcast on load):
//! - `z = hidden W^T / T` (`temperature` T: finite, non-zero; negative passes, as in Liger);
//! - `loss_row = scale (sum_v q (ln max(q, eps) - z) + lse(z) sum_v q)`, i.e. `KL(q || softmax z)`
//!   without assuming `sum q = 1` and without a `T^2` factor (`eps` default 1e-10). The kernel
//!   sums it as `sum_v q (ln max(q, eps) - (z - lse))`, the same value with the `lse` folded into
//!   each term (kl_div's elementwise term on the log-softmax, `crate::distill::kl_term`): its
//!   FP32 error scales with the terms `q |ln max(q, eps) - (z - lse)|` (plus one rounding of
//!   each `z - lse`), not with the two sums `sum q z` and `lse sum q`, which cancel;
//! - the gradient of the logits `hidden W^T`: `g = scale (softmax(z) sum_v q - q) / T`;
//! - rows whose label is `ignore_index` give 0 loss and 0 gradient.
//!
//! `loss` is an FP32 scalar: the f64 sum of the rows' FP32 losses in row order (read on the
//! host, as fused linear cross-entropy's), so it does not depend on the chunking. The gradients
//! are made in the forward, for `dloss = 1`, as Liger does: `grad_hidden = g W` (the hidden
//! dtype, or FP32 with `grad_hidden_dtype=f32`) and `grad_weight = g^T hidden` (FP32, or the
//! hidden dtype with `param_grad_dtype=storage`: one rounding per chunk, Liger's default
//! `accum_dtype=None`). `fused_linear_kl_div.backward(..., grad_hidden, grad_weight, dloss) ->
//! (dhidden, dweight)` returns copies of them times the scalar `dloss` (no pass when it is 1).
//! `target` and `labels` get no gradient.
//!
//! Per chunk of rows: (1) `logits [c, V] = hidden_chunk W^T` in the hidden dtype (the matmul
//! path: cuBLAS at FP32 accumulation on CUDA, the CPU GEMM on the CPU); (2) [`kernel`], one
//! program per row, reads the logits and the row's `q` (and label), writes the row's loss and
//! overwrites the logits with `g` (in their dtype); (3) the projections of `g` into the
//! gradients, as in fused linear cross-entropy. Chunk size: `chunk_rows` when positive, else
//! Liger's rule `inc = ceil(V / (C H))`, `chunk = min(next_pow2(ceil(N / inc)), N)` with
//! `C = chunk_mem_const`, default 16 (Liger fixes 16 here). Losses and `grad_hidden` do not
//! depend on the chunking (bit for bit on the CPU); `grad_weight` sums chunks in row order.
//! Extra memory beyond inputs and outputs: `c V s` (one chunk's logits, then `g`) + `N` FP32
//! row losses (+ the chunk's hidden rows and `grad_hidden` where they cannot be windows).
//!
//! A row is read twice: one walk keeps an online max and sum per lane (`crate::online`) and
//! `sum q`, the second sums the loss terms and writes `g`. A row wider than one tile
//! (`Tiling::for_device`: 65,536 columns on the CPU, 16,384 on a GPU) is walked in column steps,
//! with FP32 per-lane accumulators reduced once per row: deterministic, repeats bit for bit.
//!
//! Inputs: `hidden`, `weight` one float dtype (f32, f16, bf16); `target` any float dtype, of
//! `hidden`'s rows by `V`; `labels` int32/int64 of `hidden`'s rows, each in `0..V` or
//! `ignore_index` (token ids, as Liger's `shift_labels`, read on the host to count `n`);
//! `1 <= V <= 16,777,216`; any `N` and `H`. `reduction=none` (Liger raises), a zero or
//! non-finite temperature, `eps` not positive, a zero chunk size and anything else are typed
//! errors.
//!
//! # Deviations from Liger
//!
//! - `grad_weight` is always computed (Liger skips it when the weight does not require grad);
//!   `grad_hidden` always, as in Liger.
//! - Liger keeps `grad_weight` in the weight's dtype unless `accum_dtype` is given; here FP32 is
//!   the default and `param_grad_dtype=storage` gives Liger's.
//! - The loss is summed in the shown algebraically equal form (above), and the f64 sum over rows
//!   replaces Liger's FP32 `sum()` of the per-row buffer.
//! - Rows may have any leading shape (Liger's are 2-D); `target` may be any float dtype.

pub mod check;
#[cfg(test)]
mod tests;

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, Buffer, LangError, Tile};
use metile_runtime::{Arg, Device, Tensor};

use crate::cross_entropy::{self as ce, count_valid, ignore_index, row_ids, RowTiles};
use crate::distill::kl_term;
use crate::fused_linear_cross_entropy::{
    chunk_loop, scaled_grads, usize_param, Projection, SavedShapes,
};
use crate::fused_linear_cross_entropy::{put, take_prev, GRADS, SAVED};
pub use crate::fused_linear_cross_entropy::{Chunking, FlceGrads as FlklGrads, SavedGrads};
use crate::host::{bad, float_dtype, here, rows_fit};
use crate::norms::Tiling;
use crate::online;
pub use crate::reference::distill::Reduction;
pub use crate::reference::fused_linear_kl_div::KlLossOptions;
use crate::registry::{input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape};

/// Options of both entries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlklOptions {
    pub loss: KlLossOptions,
    pub chunking: Chunking,
    /// `grad_weight` in the hidden dtype instead of FP32 (`param_grad_dtype=storage`).
    pub storage_param_grads: bool,
    /// `grad_hidden` in FP32 instead of the hidden dtype (`grad_hidden_dtype=f32`).
    pub f32_grad_hidden: bool,
}

impl Default for FlklOptions {
    /// Liger's defaults: batchmean, ignore_index -100, T = 1, eps 1e-10, `chunk_mem_const` 16.
    fn default() -> Self {
        FlklOptions {
            loss: KlLossOptions::default(),
            chunking: Chunking::MemConst(16),
            storage_param_grads: false,
            f32_grad_hidden: false,
        }
    }
}

/// The inputs.
#[derive(Clone, Copy, Debug)]
pub struct FlklInputs<'a> {
    pub hidden: &'a Tensor,
    pub weight: &'a Tensor,
    /// The teacher's probabilities `q`, `[..., V]`.
    pub target: &'a Tensor,
    pub labels: Option<&'a Tensor>,
}

/// What the forward returns: the FP32 scalar loss and the gradients for `dloss = 1` (`bias`
/// always `None`).
#[derive(Debug)]
pub struct FlklForward {
    pub loss: Tensor,
    pub grads: FlklGrads,
}

// ---- The per-chunk kernel --------------------------------------------------------------------

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlklSpec {
    /// The chunk's logits (the hidden dtype), overwritten with their gradient.
    pub logits: DType,
    pub target: DType,
    pub labels: Option<DType>,
    pub tiling: Tiling,
    /// Few rows for the device (`cross_entropy::wide_programs`): at least 1024 threads per
    /// program, as the cross-entropy of fused linear cross-entropy's chunks runs.
    pub wide: bool,
}

/// The spec `metile emit` shows: logits and target in `dtype`, int64 labels, one tile of
/// `block` columns (masked unless `exact`), wide programs as a chunk runs them.
pub fn representative_spec(dtype: DType, block: usize, exact: bool) -> FlklSpec {
    FlklSpec {
        logits: dtype,
        target: dtype,
        labels: Some(DType::I64),
        tiling: Tiling {
            block,
            exact,
            looped: false,
            prefetch: false,
        },
        wide: true,
    }
}

/// One program per row of a chunk (module doc). Parameters: `logits` (read-write, `[c, V]`),
/// `target` (the call's `[N, V]`), `[labels]` (the call's `[N]`), `row_loss` (f32, the call's
/// `[N]`), then the scalars `n` (V), `row0` (the chunk's first row among the call's),
/// `ignore_index`, `temperature`, `scale`, `grad_scale` (`scale / T`) and `eps`.
pub fn kernel(spec: &FlklSpec) -> Result<Verified, LangError> {
    trace("fused_linear_kl_div_fwd", |k| {
        if spec.wide {
            k.min_threads(ce::WIDE_THREADS);
        }
        let logits = k.inout("logits", spec.logits);
        let target = k.input("target", spec.target);
        let labels = spec.labels.map(|d| k.input("labels", d));
        let row_loss = k.output("row_loss", DType::F32);
        let n = k.scalar("n", DType::I32);
        let row0 = k.scalar("row0", DType::I64);
        let ignore = k.scalar("ignore_index", DType::I64);
        let temperature = k.scalar("temperature", DType::F32);
        let scale = k.scalar("scale", DType::F32);
        let grad_scale = k.scalar("grad_scale", DType::F32);
        let eps = k.scalar("eps", DType::F32);
        let t = spec.tiling;
        let row = k.program_id(0);
        // The row among the call's, and its target row's offset from the chunk row's.
        let at = row.cast(DType::I64) + row0;
        let target_shift = row0 * n.cast(DType::I64);
        let tiles = RowTiles::new(k, row, n, t);
        let valid = labels
            .as_ref()
            .map(|l| l.load(at).cast(DType::I64).not_equal(ignore));
        let keep = |v: Tile| match valid {
            Some(ok) => select(ok, v, 0.0),
            None => v,
        };
        let load = |buf: &Buffer, offs: Tile, mask: Option<Tile>| {
            match mask {
                Some(m) => buf.load_masked(offs, m, 0.0),
                None => buf.load(offs),
            }
            .cast(DType::F32)
        };
        // A tile's `z = logits / T` and `q` in f32 (0 on masked lanes), offsets and mask; a row
        // that fits one tile is loaded once.
        let read = |start: Option<Tile>| {
            let (offs, _, mask) = tiles.at(start);
            let z = load(&logits, offs, mask) / temperature;
            (z, load(&target, offs + target_shift, mask), offs, mask)
        };
        let whole = (!t.looped).then(|| read(None));
        let tile = |start: Option<Tile>| whole.unwrap_or_else(|| read(start));
        // `z` with masked lanes at -inf, for the max and sum.
        let real = |z: Tile, mask: Option<Tile>| match mask {
            Some(m) => select(m, z, f32::NEG_INFINITY),
            None => z,
        };
        // Walk 1: lse(z) and sum q.
        let (lse, mass) = match whole {
            Some((z, q, _, mask)) => {
                let zr = real(z, mask);
                let m = zr.max(0);
                (m + (zr - m).exp().sum(0).log(), q.sum(0))
            }
            None => {
                let mut init = online::start(k, t.block).to_vec();
                init.push(k.zeros([t.block], DType::F32));
                let r = k.for_range(0, n, t.block as i64, &init, |st, c| {
                    let (z, q, _, mask) = tile(Some(st));
                    let (m, s, _) = online::step(c[0], c[1], real(z, mask));
                    vec![m, s, c[2] + q]
                });
                let (m, s) = online::finish(r[0], r[1]);
                (m + s.log(), r[2].sum(0))
            }
        };
        // Walk 2: the loss terms, and the gradient written over the logits.
        let terms = tiles.sums(1, &|st| {
            let (z, q, offs, mask) = tile(st);
            let log_p = z - lse;
            let g = keep((log_p.exp() * mass - q) * grad_scale).cast(spec.logits);
            match mask {
                Some(m) => logits.store_masked(offs, g, m),
                None => logits.store(offs, g),
            }
            let term = kl_term(log_p, q, eps);
            vec![match mask {
                Some(m) => select(m, term, 0.0),
                None => term,
            }]
        });
        row_loss.store(at, keep(terms[0] * scale));
    })
}

// ---- Validation ------------------------------------------------------------------------------

/// Validated sizes and the reduction's factor.
struct Plan {
    n: usize,
    h: usize,
    v: usize,
    chunk: usize,
    /// `1 / n`, `1 / (n V)` or 1; 0 when no row counts.
    scale: f64,
    param_grad: DType,
    grad_hidden: DType,
}

fn validate(entry: &str, inp: &FlklInputs<'_>, o: &FlklOptions) -> Result<Plan, OpError> {
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
    if inp.weight.dtype() != dt {
        return Err(bad(
            entry,
            "weight",
            format!("dtype {} must match hidden's {dt}", inp.weight.dtype()),
        ));
    }
    let max_v = crate::norms::MAX_COLS;
    let v = match inp.weight.shape[..] {
        [v, wh] if wh == h && (1..=max_v).contains(&v) => v,
        _ => {
            return Err(bad(
                entry,
                "weight",
                format!(
                    "shape {:?} must be [V, H] with H = {h} (hidden {:?}) and 1 <= V <= {max_v}",
                    inp.weight.shape, inp.hidden.shape
                ),
            ))
        }
    };
    float_dtype(entry, "target", inp.target)?;
    let want: Vec<usize> = lead.iter().copied().chain([v]).collect();
    if inp.target.shape != want {
        return Err(bad(
            entry,
            "target",
            format!(
                "shape {:?} must be hidden's rows by V: {want:?}",
                inp.target.shape
            ),
        ));
    }
    let l = &o.loss;
    let n_valid = match inp.labels {
        None => n,
        Some(t) => {
            row_ids(entry, "labels", t, lead, "hidden's")?;
            count_valid(entry, "labels", &t.buffer.to_i64()?, v, l.ignore_index)?
        }
    };
    let param = |name: &str, value: String, allowed: &str| OpError::BadParam {
        entry: entry.into(),
        name: name.into(),
        value,
        message: "is out of range".into(),
        allowed: allowed.into(),
    };
    if l.reduction == Reduction::None {
        return Err(param(
            "reduction",
            "none".into(),
            "batchmean, mean, sum (Liger raises on none)",
        ));
    }
    if !(l.temperature.is_finite() && l.temperature != 0.0) {
        return Err(param(
            "temperature",
            l.temperature.to_string(),
            "finite and non-zero",
        ));
    }
    if !(l.eps.is_finite() && l.eps > 0.0) {
        return Err(param("eps", l.eps.to_string(), "finite and positive"));
    }
    if o.chunking == Chunking::Rows(0) || o.chunking == Chunking::MemConst(0) {
        return Err(param(
            "chunk_rows/chunk_mem_const",
            format!("{:?}", o.chunking),
            "chunk_rows >= 0 (0: by chunk_mem_const), chunk_mem_const >= 1",
        ));
    }
    let divisor = match l.reduction {
        Reduction::BatchMean => n_valid as f64,
        Reduction::Mean => n_valid as f64 * v as f64,
        Reduction::Sum | Reduction::None => 1.0,
    };
    Ok(Plan {
        n,
        h,
        v,
        chunk: o.chunking.rows(n, h, v),
        scale: if n_valid == 0 { 0.0 } else { 1.0 / divisor },
        param_grad: if o.storage_param_grads {
            dt
        } else {
            DType::F32
        },
        grad_hidden: if o.f32_grad_hidden { DType::F32 } else { dt },
    })
}

// ---- Host API --------------------------------------------------------------------------------

/// The forward: the loss and the gradients for `dloss = 1`, reusing `prev` tensors that fit.
pub fn forward(
    device: &Device,
    inp: &FlklInputs<'_>,
    o: &FlklOptions,
    prev: Option<FlklGrads>,
) -> Result<FlklForward, OpError> {
    forward_tiled(device, inp, o, prev, None)
}

/// [`forward`] with the rows tiled as `tiling` says instead of `Tiling::for_device` (tests
/// step narrow rows on the CPU).
pub(crate) fn forward_tiled(
    device: &Device,
    inp: &FlklInputs<'_>,
    o: &FlklOptions,
    prev: Option<FlklGrads>,
    tiling: Option<Tiling>,
) -> Result<FlklForward, OpError> {
    let p = validate("fused_linear_kl_div.forward", inp, o)?;
    let q = here(device, inp.target)?;
    let labels = inp.labels.map(|l| here(device, l)).transpose()?;
    let mut rows = device.zeros(DType::F32, p.n)?;
    let proj = Projection {
        hidden: inp.hidden,
        weight: inp.weight,
        bias: None,
        chunk: p.chunk,
        param_grad: p.param_grad,
        f32_grad_hidden: p.grad_hidden == DType::F32,
    };
    let tiling = tiling.unwrap_or_else(|| Tiling::for_device(device, p.v));
    let l = &o.loss;
    let grads = chunk_loop(device, &proj, true, prev, &mut |ch, z| {
        let spec = FlklSpec {
            logits: z.dtype(),
            target: q.dtype(),
            labels: labels.as_ref().map(|l| l.dtype()),
            tiling,
            wide: ce::wide_programs(device, ch.rows),
        };
        let k = device.kernel("fused_linear_kl_div_fwd", &spec, || kernel(&spec))?;
        let mut args = vec![Arg::Out(&mut z.buffer), Arg::In(&q.buffer)];
        args.extend(labels.as_ref().map(|l| Arg::In(&l.buffer)));
        args.extend([
            Arg::Out(&mut rows),
            Arg::I32(p.v as i32),
            Arg::I64(ch.start as i64),
            Arg::I64(l.ignore_index),
            Arg::F32(l.temperature as f32),
            Arg::F32(p.scale as f32),
            Arg::F32((p.scale / l.temperature) as f32),
            Arg::F32(l.eps as f32),
        ]);
        device.launch(&k, [ch.rows as u32, 1, 1], &mut args)?;
        Ok(())
    })?
    .expect("the chunk loop returns gradients when asked for them");
    // The rows' f64 sum in row order: the call's one wait for the device.
    let total: f64 = rows.to_f32()?.iter().map(|v| f64::from(*v)).sum();
    let loss = device.to_device(&Tensor::from_f32(DType::F32, &[], &[total as f32])?)?;
    Ok(FlklForward { loss, grads })
}

/// The backward for the scalar cotangent `dloss`: copies of the forward's `saved` gradients
/// times `dloss` (`inp` only checked; a missing one is an error).
pub fn backward(
    device: &Device,
    inp: &FlklInputs<'_>,
    saved: SavedGrads<'_>,
    dloss: &Tensor,
    o: &FlklOptions,
    prev: Option<FlklGrads>,
) -> Result<FlklGrads, OpError> {
    let entry = "fused_linear_kl_div.backward";
    let p = validate(entry, inp, o)?;
    let shapes = SavedShapes {
        hidden: (p.grad_hidden, &inp.hidden.shape),
        param: p.param_grad,
        weight: [p.v, p.h],
        bias: false,
    };
    scaled_grads(device, entry, saved, &shapes, dloss, prev)
}

// ---- Registry entry points -------------------------------------------------------------------

fn options(p: &Params, entry: &str) -> Result<FlklOptions, OpError> {
    let rows = usize_param(p, entry, "chunk_rows")?;
    let chunking = if rows > 0 {
        Chunking::Rows(rows)
    } else {
        Chunking::MemConst(usize_param(p, entry, "chunk_mem_const")?)
    };
    let reduction = match p
        .choice("reduction", &["batchmean", "mean", "sum"])?
        .as_str()
    {
        "mean" => Reduction::Mean,
        "sum" => Reduction::Sum,
        _ => Reduction::BatchMean,
    };
    Ok(FlklOptions {
        loss: KlLossOptions {
            reduction,
            ignore_index: ignore_index(p, entry)?,
            temperature: f64::from(p.f32("temperature")?),
            eps: f64::from(p.f32("eps")?),
        },
        chunking,
        storage_param_grads: p.choice("param_grad_dtype", &["f32", "storage"])? == "storage",
        f32_grad_hidden: p.choice("grad_hidden_dtype", &["storage", "f32"])? == "f32",
    })
}

const HIDDEN: Port = port("hidden", PortShape::LikeX, false, "[..., H] f32/f16/bf16");
const WEIGHT: Port = port("weight", PortShape::Weight, false, "[V, H], hidden's dtype");
const TARGET: Port = port(
    "target",
    PortShape::LikeOut,
    false,
    "[..., V] teacher probabilities q, any float dtype",
);
const LABELS: Port = port(
    "labels",
    PortShape::Classes,
    true,
    "int32/int64 per row (Liger's shift_labels), in 0..V or ignore_index",
)
.rare();
const GRAD_HIDDEN: Port = port(
    "grad_hidden",
    PortShape::LikeX,
    false,
    "gradient of hidden for dloss = 1",
);
const GRAD_WEIGHT: Port = port(
    "grad_weight",
    PortShape::Weight,
    false,
    "gradient of weight for dloss = 1 (f32 unless param_grad_dtype=storage)",
);

const PARAMS: [ParamDef; 8] = [
    ParamDef {
        name: "reduction",
        default: "batchmean",
        allowed: "batchmean, mean, sum",
        doc: "batchmean: / valid rows; mean: / (valid rows * V); sum",
    },
    ParamDef {
        name: "ignore_index",
        default: "-100",
        allowed: "an integer",
        doc: "rows with this label are ignored (with labels)",
    },
    ParamDef {
        name: "temperature",
        default: "1",
        allowed: "finite, non-zero",
        doc: "the logits are divided by it (no T^2 factor)",
    },
    ParamDef {
        name: "eps",
        default: "1e-10",
        allowed: "positive",
        doc: "floor of the target inside its log",
    },
    ParamDef {
        name: "chunk_rows",
        default: "0",
        allowed: "an integer >= 0",
        doc: "rows per chunk; 0: Liger's rule with chunk_mem_const",
    },
    ParamDef {
        name: "chunk_mem_const",
        default: "16",
        allowed: "an integer >= 1",
        doc: "chunk logits of about chunk_mem_const * N * H elements (Liger: 16)",
    },
    ParamDef {
        name: "param_grad_dtype",
        default: "f32",
        allowed: "f32, storage",
        doc: "grad_weight dtype (storage: hidden's, one rounding per chunk, as Liger)",
    },
    ParamDef {
        name: "grad_hidden_dtype",
        default: "storage",
        allowed: "storage, f32",
        doc: "grad_hidden dtype (storage: hidden's)",
    },
];

fn inputs<'a>(entry: &str, t: &'a crate::registry::Tensors) -> Result<FlklInputs<'a>, OpError> {
    Ok(FlklInputs {
        hidden: input(entry, t, "hidden")?,
        weight: input(entry, t, "weight")?,
        target: input(entry, t, "target")?,
        labels: t.get("labels"),
    })
}

/// The fused linear KL divergence pair.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "fused_linear_kl_div.forward",
        op: "fused_linear_kl_div",
        inputs: &[HIDDEN, WEIGHT, TARGET, LABELS],
        outputs: &[
            port("loss", PortShape::Scalar, false, "f32 scalar"),
            GRAD_HIDDEN,
            GRAD_WEIGHT,
        ],
        params: &PARAMS,
        overwrites: &[],
        run: |d, t, p, out| {
            let e = "fused_linear_kl_div.forward";
            let prev = take_prev(out, SAVED);
            let f = forward(d, &inputs(e, t)?, &options(p, e)?, prev)?;
            out.insert("loss".into(), f.loss);
            put(out, SAVED, f.grads);
            Ok(())
        },
    },
    EntryPoint {
        name: "fused_linear_kl_div.backward",
        op: "fused_linear_kl_div",
        inputs: &[
            HIDDEN,
            WEIGHT,
            TARGET,
            LABELS,
            GRAD_HIDDEN,
            GRAD_WEIGHT,
            port(
                "dloss",
                PortShape::Scalar,
                false,
                "cotangent of the scalar loss",
            ),
        ],
        outputs: &[
            port("dhidden", PortShape::LikeX, false, "gradient of hidden"),
            port(
                "dweight",
                PortShape::Weight,
                false,
                "gradient of weight (f32 unless param_grad_dtype=storage)",
            ),
        ],
        params: &PARAMS,
        overwrites: &[],
        run: |d, t, p, out| {
            let e = "fused_linear_kl_div.backward";
            let o = options(p, e)?;
            let saved = SavedGrads {
                hidden: t.get(SAVED[0]),
                weight: t.get(SAVED[1]),
                bias: None,
            };
            let prev = take_prev(out, GRADS);
            let dloss = input(e, t, "dloss")?;
            let g = backward(d, &inputs(e, t)?, saved, dloss, &o, prev)?;
            put(out, GRADS, g);
            Ok(())
        },
    },
];
