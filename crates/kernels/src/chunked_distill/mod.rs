//! Liger's chunked distillation losses (`chunked_loss/`, PARITY.md 5.3): the JSD
//! (`chunked_loss.LigerFusedLinearJSDFunction`, entry `chunked_jsd`) and the cosine similarity
//! (`LigerFusedLinearCosineSimilarityFunction`, entry `chunked_cosine_similarity`) of a
//! student's LM head against a teacher's, plus a weighted hard (NLL) term on the true labels.
//! Both run on fused linear JSD's chunk loop ([`crate::fused_linear_jsd`], itself fused linear
//! cross-entropy's [`crate::fused_linear_cross_entropy::chunk_loop`]): the JSD is that
//! operator's per-chunk kernel with its hard term and padding switched on; the cosine is
//! [`cosine_kernel`], with the same parameters.
//!
//! # Contract
//!
//! `chunked_jsd.forward(hidden [..., Hs], weight [V_s, Hs], teacher_hidden [..., Ht],
//! teacher_weight [V_t, Ht], labels [...], bias [V_s]?, teacher_bias [V_t]?) -> (loss,
//! [soft_loss, hard_loss], grad_hidden, grad_weight, [grad_bias])`, and likewise
//! `chunked_cosine_similarity.forward`. Per row `i`, in FP32 (the logits upcast on load), with
//! `z = hidden W^T + b` (the student's logits, `V_s` columns) and `u = teacher_hidden W_t^T +
//! b_t` (`V_t` columns, `V_t >= V_s`):
//! - `hard_i = logsumexp(z_i) - z_i[y_i]`: the NLL of the **unscaled** student logits (as Liger,
//!   which takes it before the temperature);
//! - `s = z / T` zero-padded to `V_t` columns (Liger's padding of a student whose vocabulary is
//!   the teacher's without its padding rows), `t = u / T`;
//! - JSD (`beta` in `[0, 1]`), with `X = log_softmax(s) = log Q`, `Y = log_softmax(t) = log P`:
//!   `beta` 0 `sum P (Y - X)` (KL(P || Q)), 1 `sum Q (X - Y)` (KL(Q || P)), otherwise `sum beta P
//!   (Y - ln M) + (1 - beta) Q (X - ln M)`, `M = beta P + (1 - beta) Q`, `ln M` max-shifted per
//!   element ([`crate::distill`]); the padded columns take part in `Q`;
//! - cosine: `beta (1 - s.t / (max(|s|, 1e-12) max(|t|, 1e-12)))` (Liger's `F.normalize` then
//!   `F.cosine_similarity`; `beta` any value in `[0, 1]`, default 0.5 as Liger's Function and
//!   module);
//! - rows whose label is `ignore_index` count for nothing. With `n` the count of the others
//!   over the **whole call** (at least 1), `hard = sum_i hard_i / n`, `soft = sum_i soft_i / n`,
//!   `loss = weight_hard hard + weight_soft soft`. The hard term is computed only when
//!   `compute_ce_loss` and (`weight_hard_loss != 0` or `return_soft_hard_loss`), as Liger 0.8.5
//!   (otherwise `hard = 0`: one fewer logsumexp per row).
//!
//! `loss`, `soft_loss`, `hard_loss` are FP32 scalars, each the f64 sum of the rows' FP32 values
//! in row order (independent of the chunking); `soft_loss` and `hard_loss` are outputs only with
//! `return_soft_hard_loss=true` (Liger's `(loss, soft, hard)` tuple). The gradient of the
//! student's logits `z` is, on valid rows (0 on ignored ones and on the padded columns, which
//! are not the student's):
//! `g = weight_hard (softmax(z) - onehot(y)) / n + weight_soft d soft_i / ds / (n T)`, with
//! `d soft / ds` `dX - Q sum dX` (JSD, `dX` of [`crate::distill::element_grad`]) or
//! `-beta (t a b - s cos a^2)` (cosine, `a = 1 / max(|s|, eps)`, `b` the teacher's; the second
//! term only where `|s| > eps`). It is made in the forward for `dloss = 1`, as Liger does:
//! `grad_hidden = g W` (hidden's dtype), `grad_weight = g^T hidden` and `grad_bias = sum_rows g`
//! (FP32, or hidden's dtype with `param_grad_dtype=storage`, one rounding per chunk as Liger's
//! `zeros_like` accumulators). `.backward(..., grad_hidden, grad_weight, grad_bias?, dloss) ->
//! (dhidden, dweight, dbias?)` returns copies of them times the scalar `dloss` (no pass when it
//! is 1). The teacher, its bias and the labels get no gradient.
//!
//! Per chunk of `chunk_size` rows (default 1024, Liger's): (1) the student's logits `[c, V_s]`
//! and the teacher's `[c, V_t]` by the matmul path, each in its own dtype (FP32 accumulation,
//! bias added, rounded to the storage dtype); (2) one program per row reads both, writes the
//! row's soft and hard terms and overwrites the student's logits with `g` (their dtype); (3)
//! the projections of `g` into the student's gradients. A row is read three times (JSD) or
//! twice (cosine) when it is wider than one tile, once when it fits one; FP32 per-lane sums
//! reduced once per row: deterministic, bit for bit across repeats; the losses and
//! `grad_hidden` do not depend on the chunk size. Extra memory beyond inputs and outputs: `c V_s`
//! and `c V_t` elements (the chunk's logits) + `2 N` FP32 row terms (+ the chunk's rows where
//! they cannot be windows).
//!
//! Inputs: `hidden`, `weight`, `bias` one float dtype (f32, f16, bf16); `teacher_hidden`,
//! `teacher_weight`, `teacher_bias` one float dtype (not necessarily the student's); the
//! teacher's rows those of `hidden`; `labels` int32/int64 of the rows, each in `0..V_s` or
//! `ignore_index` (read on the host to count `n`); `1 <= V_s <= V_t <= 16,777,216`. `beta`
//! outside `[0, 1]`, non-finite weights, a zero or non-finite temperature, a zero chunk size and
//! anything else are typed errors.
//!
//! # Deviations from Liger
//!
//! - Liger splits the rows into `max(1, N // chunk_size)` chunks by `torch.chunk` (chunks of
//!   `ceil(N / that)` rows); here chunks have `chunk_size` rows (the last may be shorter).
//!   Neither the losses nor `grad_hidden` depend on it.
//! - `grad_weight` and `grad_bias` are FP32 by default (Liger: the weight's dtype, which
//!   `param_grad_dtype=storage` gives).
//! - Labels outside `0..V_s` that are not `ignore_index` are a typed error even when the hard
//!   term is skipped (Liger does not look at them then).
//! - The cosine's norms are floored at `1e-12` once (`F.normalize`); Liger's second
//!   normalisation inside `F.cosine_similarity` (floor `1e-8` on vectors already of norm 1) is
//!   the identity for rows of norm at least `1e-12` and is not repeated. A row of zero logits
//!   has `cos = 0` and gets no soft gradient.
//! - Liger forms 16-bit logits in the input dtype, divides them by `T` and takes the soft
//!   term's log-softmaxes in that dtype (the hard term's in FP32); here every logit is an FP32
//!   sum rounded to its operands' dtype, then upcast, and everything after is FP32 until `g` is
//!   stored in the student's dtype before the projection (as fused linear JSD).
//! - Rows may have any leading shape (Liger: `[BT, H]`).

pub mod check;
#[cfg(test)]
mod tests;

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, LangError, Tile};
use metile_runtime::{Device, Tensor};

use crate::cross_entropy::{self as ce, count_valid, ignore_index, row_ids};
use crate::distill::Beta;
use crate::fused_linear_cross_entropy::{
    put, scaled_grads, take_prev, usize_param, Projection, SavedShapes, GRADS, SAVED,
};
pub use crate::fused_linear_cross_entropy::{FlceGrads as DistillGrads, SavedGrads};
use crate::fused_linear_jsd::{
    check_beta_temperature, distill_chunks, out_of_range, real, student_and_teacher, tile_lse,
    ChunkParams, DistillChunks, FljsdSpec, PairRow, RowLabel, Soft,
};
use crate::host::{bad, here};
use crate::norms::Tiling;
use crate::online;
use crate::registry::{input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape};

/// The cosine's norm floor (`F.normalize`'s `eps`).
pub const NORM_EPS: f32 = 1e-12;

/// Which chunked distillation loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DistillLoss {
    Jsd,
    Cosine,
}

impl DistillLoss {
    /// The operator's name.
    pub fn op(self) -> &'static str {
        match self {
            DistillLoss::Jsd => "chunked_jsd",
            DistillLoss::Cosine => "chunked_cosine_similarity",
        }
    }
}

/// Options of both entries of both losses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistillOptions {
    pub weight_hard: f64,
    pub weight_soft: f64,
    /// JSD's beta, or the cosine's factor.
    pub beta: f64,
    pub ignore_index: i64,
    pub temperature: f64,
    pub compute_ce_loss: bool,
    /// Also return the soft and hard terms.
    pub return_soft_hard: bool,
    /// Rows per chunk (at least 1).
    pub chunk_size: usize,
    /// `grad_weight` and `grad_bias` in the hidden dtype instead of FP32.
    pub storage_param_grads: bool,
}

impl Default for DistillOptions {
    /// Liger's defaults: weights 0.5 and 0.5, beta 0.5, ignore_index -100, T = 1, the hard term
    /// computed, chunks of 1024 rows.
    fn default() -> Self {
        DistillOptions {
            weight_hard: 0.5,
            weight_soft: 0.5,
            beta: 0.5,
            ignore_index: -100,
            temperature: 1.0,
            compute_ce_loss: true,
            return_soft_hard: false,
            chunk_size: 1024,
            storage_param_grads: false,
        }
    }
}

impl DistillOptions {
    /// Whether the hard term is computed (Liger 0.8.5: skipped when it is neither weighted in
    /// nor returned).
    pub fn hard(&self) -> bool {
        self.compute_ce_loss && (self.weight_hard != 0.0 || self.return_soft_hard)
    }
}

/// The inputs: the student's (which get the gradients) and the teacher's.
#[derive(Clone, Copy, Debug)]
pub struct DistillInputs<'a> {
    pub hidden: &'a Tensor,
    pub weight: &'a Tensor,
    pub bias: Option<&'a Tensor>,
    pub teacher_hidden: &'a Tensor,
    pub teacher_weight: &'a Tensor,
    pub teacher_bias: Option<&'a Tensor>,
    pub labels: &'a Tensor,
}

/// What the forward returns: the FP32 scalar loss, `(soft, hard)` with `return_soft_hard`, and
/// the student's gradients for `dloss = 1` (`bias` with a bias).
#[derive(Debug)]
pub struct DistillForward {
    pub loss: Tensor,
    pub soft_hard: Option<(Tensor, Tensor)>,
    pub grads: DistillGrads,
}

// ---- The cosine's per-chunk kernel -----------------------------------------------------------

/// The cosine's per-chunk kernel: one program per row, with the parameters of
/// [`crate::fused_linear_jsd::kernel`] (`beta` the cosine's factor). Walk 1: `|s|^2`, `|t|^2`
/// and `s.t` (FP32 per-lane sums; padded and masked lanes read 0), and with the hard term the
/// unscaled student's logsumexp; walk 2: the logits' gradient over the student's columns.
pub fn cosine_kernel(spec: &FljsdSpec) -> Result<Verified, LangError> {
    trace(spec.name(), |k| {
        if spec.wide {
            k.min_threads(ce::WIDE_THREADS);
        }
        let p = ChunkParams::declare(k, spec);
        let t = spec.tiling;
        let row = k.program_id(0);
        let at = row.cast(DType::I64) + p.row0;
        let pair = PairRow::new(k, &p, row, t);
        let label = RowLabel::read(&p, &pair, at);
        let hard = label.hard;
        let whole = (!t.looped).then(|| pair.read(None));
        let tile = |start: Option<Tile>| whole.unwrap_or_else(|| pair.read(start));
        // Walk 1.
        let (ss, tt, st, lse_z) = match whole {
            Some(w) => (
                (w.s * w.s).sum(0),
                (w.t * w.t).sum(0),
                (w.s * w.t).sum(0),
                hard.map(|_| tile_lse(w.z, w.s_mask)),
            ),
            None => {
                let mut init: Vec<Tile> = (0..3).map(|_| k.zeros([t.block], DType::F32)).collect();
                if hard.is_some() {
                    init.extend(online::start(k, t.block));
                }
                let r = k.for_range(0, p.n, t.block as i64, &init, |start, c| {
                    let w = tile(Some(start));
                    let mut next = vec![c[0] + w.s * w.s, c[1] + w.t * w.t, c[2] + w.s * w.t];
                    if hard.is_some() {
                        let (m, l, _) = online::step(c[3], c[4], real(w.z, w.s_mask));
                        next.extend([m, l]);
                    }
                    next
                });
                let lse_z = hard.map(|_| {
                    let (m, l) = online::finish(r[3], r[4]);
                    m + l.log()
                });
                (r[0].sum(0), r[1].sum(0), r[2].sum(0), lse_z)
            }
        };
        let ns = ss.sqrt();
        let a = 1.0 / ns.maximum(NORM_EPS);
        let b = 1.0 / tt.sqrt().maximum(NORM_EPS);
        let cos = st * a * b;
        // d cos / ds = t a b - s cos a^2 (the second term only where |s| is not floored).
        let ab = a * b;
        let cs = select(ns.gt(NORM_EPS), cos * a * a, 0.0);
        let scale = -p.beta * p.grad_scale;
        // Walk 2: `g` over the student's logits.
        pair.tiles.each(&|start| {
            let w = tile(start);
            let g = (w.t * ab - w.s * cs) * scale;
            label.store_grad(&p, &w, g, lse_z, spec.student);
        });
        label.store_rows(&p, at, (1.0 - cos) * p.beta, lse_z);
    })
}

/// The spec `metile emit` shows for `loss`: both logits in `dtype`, int64 labels, the hard term
/// and the student padded, one tile of `block` columns (masked unless `exact`), wide programs.
pub fn representative_spec(
    loss: DistillLoss,
    dtype: DType,
    block: usize,
    exact: bool,
) -> FljsdSpec {
    FljsdSpec {
        soft: match loss {
            DistillLoss::Jsd => Soft::Jsd(Beta::Between),
            DistillLoss::Cosine => Soft::Cosine,
        },
        hard: true,
        padded: true,
        ..crate::fused_linear_jsd::representative_spec(dtype, block, exact)
    }
}

// ---- Validation ------------------------------------------------------------------------------

/// Validated sizes.
struct Plan {
    h: usize,
    vs: usize,
    chunk: usize,
    /// `1 / max(n_valid, 1)`.
    factor: f64,
    param_grad: DType,
}

fn validate(entry: &str, inp: &DistillInputs<'_>, o: &DistillOptions) -> Result<Plan, OpError> {
    let tensors = [
        inp.hidden,
        inp.weight,
        inp.teacher_hidden,
        inp.teacher_weight,
    ];
    let (n, h, vs, vt, lead) = student_and_teacher(entry, tensors)?;
    if vt < vs {
        return Err(bad(
            entry,
            "teacher_weight",
            format!(
                "{vt} classes must be at least weight's {vs} (the student's logits are padded \
                 to the teacher's, never the teacher's)"
            ),
        ));
    }
    for (name, b, like, v) in [
        ("bias", inp.bias, inp.hidden, vs),
        ("teacher_bias", inp.teacher_bias, inp.teacher_hidden, vt),
    ] {
        if let Some(b) = b {
            if b.dtype() != like.dtype() || b.shape != [v] {
                return Err(bad(
                    entry,
                    name,
                    format!("{} {:?} must be {} [{v}]", b.dtype(), b.shape, like.dtype()),
                ));
            }
        }
    }
    row_ids(entry, "labels", inp.labels, lead, "hidden's")?;
    let n_valid = count_valid(
        entry,
        "labels",
        &inp.labels.buffer.to_i64()?,
        vs,
        o.ignore_index,
    )?;
    check_beta_temperature(entry, o.beta, o.temperature)?;
    for (name, w) in [
        ("weight_hard_loss", o.weight_hard),
        ("weight_soft_loss", o.weight_soft),
    ] {
        if !w.is_finite() {
            return Err(out_of_range(entry, name, w.to_string(), "finite"));
        }
    }
    if o.chunk_size == 0 {
        return Err(out_of_range(
            entry,
            "chunk_size",
            "0".into(),
            "an integer >= 1",
        ));
    }
    Ok(Plan {
        h,
        vs,
        chunk: o.chunk_size.clamp(1, n.max(1)),
        factor: 1.0 / n_valid.max(1) as f64,
        param_grad: if o.storage_param_grads {
            inp.hidden.dtype()
        } else {
            DType::F32
        },
    })
}

// ---- Host API --------------------------------------------------------------------------------

/// The forward of `loss`: the loss (and the soft and hard terms with `return_soft_hard`) and
/// the student's gradients for `dloss = 1`, reusing `prev` tensors that fit.
pub fn forward(
    device: &Device,
    loss: DistillLoss,
    inp: &DistillInputs<'_>,
    o: &DistillOptions,
    prev: Option<DistillGrads>,
) -> Result<DistillForward, OpError> {
    forward_tiled(device, loss, inp, o, prev, None)
}

/// [`forward`] with the rows tiled as `tiling` says instead of `Tiling::for_device` (tests
/// step narrow rows on the CPU).
pub(crate) fn forward_tiled(
    device: &Device,
    loss: DistillLoss,
    inp: &DistillInputs<'_>,
    o: &DistillOptions,
    prev: Option<DistillGrads>,
    tiling: Option<Tiling>,
) -> Result<DistillForward, OpError> {
    let entry = match loss {
        DistillLoss::Jsd => "chunked_jsd.forward",
        DistillLoss::Cosine => "chunked_cosine_similarity.forward",
    };
    let p = validate(entry, inp, o)?;
    let labels = here(device, inp.labels)?;
    let run = DistillChunks {
        student: Projection {
            hidden: inp.hidden,
            weight: inp.weight,
            bias: inp.bias,
            chunk: p.chunk,
            param_grad: p.param_grad,
            f32_grad_hidden: false,
        },
        teacher_hidden: inp.teacher_hidden,
        teacher_weight: inp.teacher_weight,
        teacher_bias: inp.teacher_bias,
        labels: Some(labels.as_ref()),
        soft: match loss {
            DistillLoss::Jsd if o.beta == 0.0 => Soft::Jsd(Beta::Zero),
            DistillLoss::Jsd if o.beta == 1.0 => Soft::Jsd(Beta::One),
            DistillLoss::Jsd => Soft::Jsd(Beta::Between),
            DistillLoss::Cosine => Soft::Cosine,
        },
        hard: o.hard(),
        ignore_index: o.ignore_index,
        temperature: o.temperature,
        beta: o.beta,
        factor: p.factor,
        soft_weight: o.weight_soft,
        hard_weight: o.weight_hard,
    };
    let r = distill_chunks(device, &run, prev, tiling)?;
    let scalar = |v: f64| -> Result<Tensor, OpError> {
        Ok(device.to_device(&Tensor::from_f32(DType::F32, &[], &[v as f32])?)?)
    };
    let total = o.weight_hard * r.hard + o.weight_soft * r.soft;
    Ok(DistillForward {
        loss: scalar(total)?,
        soft_hard: o
            .return_soft_hard
            .then(|| -> Result<_, OpError> { Ok((scalar(r.soft)?, scalar(r.hard)?)) })
            .transpose()?,
        grads: r.grads,
    })
}

/// The backward for the scalar cotangent `dloss`: copies of the forward's `saved` gradients
/// times `dloss` (`inp` only checked; a missing one is an error).
pub fn backward(
    device: &Device,
    loss: DistillLoss,
    inp: &DistillInputs<'_>,
    saved: SavedGrads<'_>,
    dloss: &Tensor,
    o: &DistillOptions,
    prev: Option<DistillGrads>,
) -> Result<DistillGrads, OpError> {
    let entry = match loss {
        DistillLoss::Jsd => "chunked_jsd.backward",
        DistillLoss::Cosine => "chunked_cosine_similarity.backward",
    };
    let p = validate(entry, inp, o)?;
    let shapes = SavedShapes {
        hidden: (inp.hidden.dtype(), &inp.hidden.shape),
        param: p.param_grad,
        weight: [p.vs, p.h],
        bias: inp.bias.is_some(),
    };
    scaled_grads(device, entry, saved, &shapes, dloss, prev)
}

// ---- Registry entry points -------------------------------------------------------------------

fn flag(p: &Params, name: &str) -> Result<bool, OpError> {
    Ok(p.choice(name, &["false", "true"])? == "true")
}

fn options(p: &Params, entry: &str) -> Result<DistillOptions, OpError> {
    Ok(DistillOptions {
        weight_hard: f64::from(p.f32("weight_hard_loss")?),
        weight_soft: f64::from(p.f32("weight_soft_loss")?),
        beta: f64::from(p.f32("beta")?),
        ignore_index: ignore_index(p, entry)?,
        temperature: f64::from(p.f32("temperature")?),
        compute_ce_loss: flag(p, "compute_ce_loss")?,
        return_soft_hard: flag(p, "return_soft_hard_loss")?,
        chunk_size: usize_param(p, entry, "chunk_size")?,
        storage_param_grads: p.choice("param_grad_dtype", &["f32", "storage"])? == "storage",
    })
}

const HIDDEN: Port = port(
    "hidden",
    PortShape::LikeX,
    false,
    "student [..., Hs] f32/f16/bf16",
);
const WEIGHT: Port = port(
    "weight",
    PortShape::Weight,
    false,
    "student [V_s, Hs], hidden's dtype",
);
const TEACHER_HIDDEN: Port = port(
    "teacher_hidden",
    PortShape::LikeX,
    false,
    "teacher [..., Ht], hidden's rows, f32/f16/bf16",
);
const TEACHER_WEIGHT: Port = port(
    "teacher_weight",
    PortShape::Weight,
    false,
    "teacher [V_t, Ht] (V_t >= V_s), teacher_hidden's dtype",
);
const LABELS: Port = port(
    "labels",
    PortShape::Classes,
    false,
    "true labels, int32/int64 per row, in 0..V_s or ignore_index",
);
const BIAS: Port = port(
    "bias",
    PortShape::OutCols,
    true,
    "student [V_s], hidden's dtype",
)
.rare();
const TEACHER_BIAS: Port = port(
    "teacher_bias",
    PortShape::OutCols,
    true,
    "teacher [V_t], teacher_hidden's dtype",
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
const GRAD_BIAS: Port = port(
    "grad_bias",
    PortShape::OutCols,
    true,
    "gradient of bias for dloss = 1 (with bias)",
);
const INPUTS: [Port; 7] = [
    HIDDEN,
    WEIGHT,
    TEACHER_HIDDEN,
    TEACHER_WEIGHT,
    LABELS,
    BIAS,
    TEACHER_BIAS,
];
const BACKWARD_INPUTS: [Port; 11] = [
    HIDDEN,
    WEIGHT,
    TEACHER_HIDDEN,
    TEACHER_WEIGHT,
    LABELS,
    BIAS,
    TEACHER_BIAS,
    GRAD_HIDDEN,
    GRAD_WEIGHT,
    GRAD_BIAS,
    port(
        "dloss",
        PortShape::Scalar,
        false,
        "cotangent of the scalar loss",
    ),
];
const FORWARD_OUTPUTS: [Port; 6] = [
    port("loss", PortShape::Scalar, false, "f32 scalar"),
    port(
        "soft_loss",
        PortShape::Scalar,
        true,
        "f32 soft term / n (return_soft_hard_loss=true)",
    ),
    port(
        "hard_loss",
        PortShape::Scalar,
        true,
        "f32 hard term / n (return_soft_hard_loss=true)",
    ),
    GRAD_HIDDEN,
    GRAD_WEIGHT,
    GRAD_BIAS,
];
const BACKWARD_OUTPUTS: [Port; 3] = [
    port("dhidden", PortShape::LikeX, false, "gradient of hidden"),
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

/// The parameters of both losses but `beta`'s documentation.
const fn params(beta: ParamDef) -> [ParamDef; 9] {
    [
        ParamDef {
            name: "weight_hard_loss",
            default: "0.5",
            allowed: "finite",
            doc: "weight of the hard term (the student's NLL of the labels)",
        },
        ParamDef {
            name: "weight_soft_loss",
            default: "0.5",
            allowed: "finite",
            doc: "weight of the soft (distillation) term",
        },
        beta,
        ParamDef {
            name: "ignore_index",
            default: "-100",
            allowed: "an integer",
            doc: "rows with this label count for nothing",
        },
        ParamDef {
            name: "temperature",
            default: "1",
            allowed: "finite, non-zero",
            doc: "both logits are divided by it for the soft term",
        },
        ParamDef {
            name: "compute_ce_loss",
            default: "true",
            allowed: "false, true",
            doc: "compute the hard term (skipped anyway when weight_hard_loss is 0 and it is not returned)",
        },
        ParamDef {
            name: "return_soft_hard_loss",
            default: "false",
            allowed: "false, true",
            doc: "also return soft_loss and hard_loss",
        },
        ParamDef {
            name: "chunk_size",
            default: "1024",
            allowed: "an integer >= 1",
            doc: "rows per chunk",
        },
        ParamDef {
            name: "param_grad_dtype",
            default: "f32",
            allowed: "f32, storage",
            doc: "grad_weight/grad_bias dtype (storage: hidden's, one rounding per chunk, as Liger)",
        },
    ]
}

const JSD_PARAMS: [ParamDef; 9] = params(ParamDef {
    name: "beta",
    default: "0.5",
    allowed: "0 to 1",
    doc: "0: KL(teacher||student), 1: KL(student||teacher), between: generalised JSD",
});
const COSINE_PARAMS: [ParamDef; 9] = params(ParamDef {
    name: "beta",
    default: "0.5",
    allowed: "0 to 1",
    doc: "factor of 1 - cos(student, teacher)",
});

fn inputs<'a>(entry: &str, t: &'a crate::registry::Tensors) -> Result<DistillInputs<'a>, OpError> {
    Ok(DistillInputs {
        hidden: input(entry, t, "hidden")?,
        weight: input(entry, t, "weight")?,
        bias: t.get("bias"),
        teacher_hidden: input(entry, t, "teacher_hidden")?,
        teacher_weight: input(entry, t, "teacher_weight")?,
        teacher_bias: t.get("teacher_bias"),
        labels: input(entry, t, "labels")?,
    })
}

fn run_forward(
    loss: DistillLoss,
    d: &Device,
    t: &crate::registry::Tensors,
    p: &Params,
    out: &mut crate::registry::Tensors,
) -> Result<(), OpError> {
    let e = format!("{}.forward", loss.op());
    let prev = take_prev(out, SAVED);
    let f = forward(d, loss, &inputs(&e, t)?, &options(p, &e)?, prev)?;
    out.insert("loss".into(), f.loss);
    if let Some((soft, hard)) = f.soft_hard {
        out.insert("soft_loss".into(), soft);
        out.insert("hard_loss".into(), hard);
    }
    put(out, SAVED, f.grads);
    Ok(())
}

fn run_backward(
    loss: DistillLoss,
    d: &Device,
    t: &crate::registry::Tensors,
    p: &Params,
    out: &mut crate::registry::Tensors,
) -> Result<(), OpError> {
    let e = format!("{}.backward", loss.op());
    let o = options(p, &e)?;
    let saved = SavedGrads {
        hidden: t.get(SAVED[0]),
        weight: t.get(SAVED[1]),
        bias: t.get(SAVED[2]),
    };
    let prev = take_prev(out, GRADS);
    let dloss = input(&e, t, "dloss")?;
    let g = backward(d, loss, &inputs(&e, t)?, saved, dloss, &o, prev)?;
    put(out, GRADS, g);
    Ok(())
}

/// The two losses' pairs.
pub static ENTRY_POINTS: [EntryPoint; 4] = [
    EntryPoint {
        name: "chunked_jsd.forward",
        op: "chunked_jsd",
        inputs: &INPUTS,
        outputs: &FORWARD_OUTPUTS,
        params: &JSD_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| run_forward(DistillLoss::Jsd, d, t, p, out),
    },
    EntryPoint {
        name: "chunked_jsd.backward",
        op: "chunked_jsd",
        inputs: &BACKWARD_INPUTS,
        outputs: &BACKWARD_OUTPUTS,
        params: &JSD_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| run_backward(DistillLoss::Jsd, d, t, p, out),
    },
    EntryPoint {
        name: "chunked_cosine_similarity.forward",
        op: "chunked_cosine_similarity",
        inputs: &INPUTS,
        outputs: &FORWARD_OUTPUTS,
        params: &COSINE_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| run_forward(DistillLoss::Cosine, d, t, p, out),
    },
    EntryPoint {
        name: "chunked_cosine_similarity.backward",
        op: "chunked_cosine_similarity",
        inputs: &BACKWARD_INPUTS,
        outputs: &BACKWARD_OUTPUTS,
        params: &COSINE_PARAMS,
        overwrites: &[],
        run: |d, t, p, out| run_backward(DistillLoss::Cosine, d, t, p, out),
    },
];
