//! Fused linear generalised JSD (Liger's `LigerFusedLinearJSDFunction`, PARITY.md 4.7): the
//! JSD of [`crate::distill`] (PARITY.md 4.6) between a student's and a teacher's projections,
//! computed in chunks of rows by fused linear cross-entropy's chunk loop
//! ([`crate::fused_linear_cross_entropy::chunk_loop`]), so that neither `[N, V]` logits tensor
//! is held at once.
//!
//! # Contract
//!
//! `fused_linear_jsd.forward(hidden [..., Hs], weight [V, Hs], teacher_hidden [..., Ht],
//! teacher_weight [V, Ht], labels [...]?) -> (loss, grad_hidden, grad_weight)`. Per row, in
//! FP32 (the logits upcast on load): `s = hidden W^T / T`, `t = teacher_hidden W_t^T / T`
//! (`temperature` T finite and non-zero), `X = log_softmax(s) = log Q`,
//! `Y = log_softmax(t) = log P`, and the generalised JSD of `crate::distill::element_loss`
//! summed over the row: `beta` 0 `P (Y - X)`, 1 `Q (X - Y)`, otherwise
//! `beta P (Y - ln M) + (1 - beta) Q (X - ln M)` with the max-shifted `ln M` (`beta` Liger's
//! `jsd_beta`, default 0.5, in `[0, 1]`). The loss is the sum over rows whose label is not
//! `ignore_index` (every row without labels), divided by `n`, their count (0 when `n = 0`): an
//! FP32 scalar, the f64 sum of the rows' FP32 values in row order (independent of the
//! chunking). With `dX` the elements' gradient w.r.t. `X` (`crate::distill::element_grad`: `-P`,
//! `Q (X - Y) + Q`, `(1 - beta) Q (X - ln M)`), the gradient of the student's logits
//! `hidden W^T` is `g = (dX - Q sum_v dX) / (n T)`; 0 on ignored rows. The gradients are made in
//! the forward for `dloss = 1`, as Liger does: `grad_hidden = g W` (hidden's dtype, or FP32 with
//! `grad_hidden_dtype=f32`) and `grad_weight = g^T hidden` (FP32, or hidden's dtype with
//! `param_grad_dtype=storage`, one rounding per chunk as Liger's default).
//! `fused_linear_jsd.backward(..., grad_hidden, grad_weight, dloss) -> (dhidden, dweight)`
//! returns copies of them times the scalar `dloss` (no pass when it is 1). The teacher and the
//! labels get no gradient.
//!
//! Per chunk of rows: (1) the student's logits `[c, V]` and the teacher's, each by the matmul
//! path in its own dtype (cuBLAS at FP32 accumulation on CUDA, the CPU GEMM on the CPU); (2)
//! [`kernel`], one program per row, reads both, writes the row's loss and overwrites the
//! student's logits with `g` (in their dtype); (3) the projections of `g` into the student's
//! gradients, as in fused linear cross-entropy. Chunk size: `chunk_rows` when positive, else
//! Liger's rule on the student's `H` with `C = chunk_mem_const` (default 1, Liger's before
//! Blackwell). A row is read three times when it is wider than one tile (`Tiling::for_device`:
//! 65,536 columns on the CPU, 16,384 on a GPU): online max and sum per lane for both logsumexps,
//! then the sums of the loss and of `dX`, then `g`; once when it fits one. FP32 per-lane sums
//! reduced once per row: deterministic, repeats bit for bit; the loss and `grad_hidden` do not
//! depend on the chunking. Extra memory beyond inputs and outputs: `c V` elements of each dtype
//! (the two chunks' logits) + `N` FP32 row losses (+ the chunk's rows where they cannot be
//! windows).
//!
//! The chunk loop ([`distill_chunks`]) and the per-chunk kernel are shared with the chunked
//! distillation losses ([`crate::chunked_distill`]): with its `hard` and `padded` options the
//! kernel also adds the student's NLL of the true labels and reads a student narrower than the
//! teacher as zero-padded; without them it is this operator's, unchanged.
//!
//! Inputs: `hidden` and `weight` one float dtype, `teacher_hidden` and `teacher_weight` one
//! float dtype (not necessarily the student's); the teacher's rows those of `hidden`; `labels`
//! int32/int64 of the rows, each in `0..V` or `ignore_index` (read on the host to count `n`);
//! `1 <= V <= 16,777,216`. `beta` outside `[0, 1]`, a zero or non-finite temperature, a zero chunk
//! size and anything else are typed errors.
//!
//! # Deviations from Liger
//!
//! - `grad_weight` is always computed (Liger only when the weight requires grad); FP32 by
//!   default (`param_grad_dtype=storage` gives Liger's weight-dtype accumulation).
//! - Liger forms the logits in FP32 (16-bit operands on sm_80+ with torch 2.8); here each
//!   product's FP32 sum is rounded to its operands' dtype, then upcast (as fused linear
//!   cross-entropy's), and `g` is stored in the student's dtype before the projection (Liger: the
//!   input dtype too).
//! - The loss is summed in f64 over rows; rows may have any leading shape.

pub mod check;
#[cfg(test)]
mod tests;

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, Buffer, LangError, Tile};
use metile_runtime::{Arg, Device, Tensor};

use crate::cross_entropy::{self as ce, count_valid, ignore_index, row_ids, RowTiles};
use crate::distill::{element_grad, element_loss, Beta, Loss};
use crate::fused_linear_cross_entropy::{
    chunk_loop, chunk_rows, scaled_grads, usize_param, Projection, SavedShapes,
};
use crate::fused_linear_cross_entropy::{put, take_prev, GRADS, SAVED};
pub use crate::fused_linear_cross_entropy::{Chunking, FlceGrads as FljsdGrads, SavedGrads};
use crate::host::{bad, float_dtype, here, rows_fit};
use crate::matmul::{self, MatmulOptions, MatmulOutputs};
use crate::norms::Tiling;
use crate::online;
pub use crate::reference::distill::JsdOptions;
use crate::registry::{input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape};

/// Options of both entries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FljsdOptions {
    /// `beta` (Liger's `jsd_beta`) and `ignore_index`.
    pub jsd: JsdOptions,
    pub temperature: f64,
    pub chunking: Chunking,
    /// `grad_weight` in the hidden dtype instead of FP32 (`param_grad_dtype=storage`).
    pub storage_param_grads: bool,
    /// `grad_hidden` in FP32 instead of the hidden dtype (`grad_hidden_dtype=f32`).
    pub f32_grad_hidden: bool,
}

impl Default for FljsdOptions {
    /// Liger's defaults: beta 0.5, ignore_index -100, T = 1, `chunk_mem_const` 1.
    fn default() -> Self {
        FljsdOptions {
            jsd: JsdOptions {
                beta: 0.5,
                ignore_index: -100,
            },
            temperature: 1.0,
            chunking: Chunking::MemConst(1),
            storage_param_grads: false,
            f32_grad_hidden: false,
        }
    }
}

/// The inputs: the student's (which get the gradients) and the teacher's.
#[derive(Clone, Copy, Debug)]
pub struct FljsdInputs<'a> {
    pub hidden: &'a Tensor,
    pub weight: &'a Tensor,
    pub teacher_hidden: &'a Tensor,
    pub teacher_weight: &'a Tensor,
    pub labels: Option<&'a Tensor>,
}

/// What the forward returns: the FP32 scalar loss and the student's gradients for `dloss = 1`
/// (`bias` always `None`).
#[derive(Debug)]
pub struct FljsdForward {
    pub loss: Tensor,
    pub grads: FljsdGrads,
}

// ---- The per-chunk kernel --------------------------------------------------------------------

/// The soft (distillation) term of a per-chunk kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Soft {
    /// The generalised JSD with its three formulas ([`kernel`]).
    Jsd(Beta),
    /// `beta (1 - cos(s, t))` ([`crate::chunked_distill::cosine_kernel`]).
    Cosine,
}

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FljsdSpec {
    /// The student's logits (overwritten with their gradient) and the teacher's.
    pub student: DType,
    pub teacher: DType,
    pub labels: Option<DType>,
    pub soft: Soft,
    /// The chunked distillation's hard term (`crate::chunked_distill`; needs labels): the
    /// student's NLL of the row's label on its unscaled logits, written to `row_hard` times
    /// `factor`, its gradient times `hard_scale` added to the logits' gradient.
    pub hard: bool,
    /// The student's logits have fewer columns (`n_student`) than the teacher's (`n`): they are
    /// read as zero-padded to the teacher's width (Liger's chunked distillation).
    pub padded: bool,
    pub tiling: Tiling,
    /// Few rows for the device (`cross_entropy::wide_programs`): at least 1024 threads.
    pub wide: bool,
}

impl FljsdSpec {
    /// The traced kernel's name.
    pub fn name(&self) -> &'static str {
        match self.soft {
            Soft::Jsd(_) if !self.hard && !self.padded => "fused_linear_jsd_fwd",
            Soft::Jsd(_) => "chunked_jsd_fwd",
            Soft::Cosine => "chunked_cosine_fwd",
        }
    }
}

/// The spec `metile emit` shows: both logits in `dtype`, int64 labels, beta between 0 and 1,
/// one tile of `block` columns (masked unless `exact`), wide programs as a chunk runs them.
pub fn representative_spec(dtype: DType, block: usize, exact: bool) -> FljsdSpec {
    FljsdSpec {
        student: dtype,
        teacher: dtype,
        labels: Some(DType::I64),
        soft: Soft::Jsd(Beta::Between),
        hard: false,
        padded: false,
        tiling: Tiling {
            block,
            exact,
            looped: false,
            prefetch: false,
        },
        wide: true,
    }
}

/// The parameters every per-chunk distillation kernel takes, in order (module doc of
/// [`kernel`]).
pub(crate) struct ChunkParams {
    pub student: Buffer,
    pub teacher: Buffer,
    pub labels: Option<Buffer>,
    pub row_loss: Buffer,
    pub row_hard: Option<Buffer>,
    pub n: Tile,
    pub row0: Tile,
    pub ignore: Tile,
    pub temperature: Tile,
    pub beta: Tile,
    pub factor: Tile,
    pub grad_scale: Tile,
    pub n_student: Option<Tile>,
    pub hard_scale: Option<Tile>,
}

impl ChunkParams {
    /// Declares the parameters of `spec`'s kernel.
    pub(crate) fn declare(k: &metile_lang::Ctx, spec: &FljsdSpec) -> ChunkParams {
        let student = k.inout("student", spec.student);
        let teacher = k.input("teacher", spec.teacher);
        let labels = spec.labels.map(|d| k.input("labels", d));
        let row_loss = k.output("row_loss", DType::F32);
        let row_hard = spec.hard.then(|| k.output("row_hard", DType::F32));
        let f32s = |name: &str| k.scalar(name, DType::F32);
        ChunkParams {
            student,
            teacher,
            labels,
            row_loss,
            row_hard,
            n: k.scalar("n", DType::I32),
            row0: k.scalar("row0", DType::I64),
            ignore: k.scalar("ignore_index", DType::I64),
            temperature: f32s("temperature"),
            beta: f32s("beta"),
            factor: f32s("factor"),
            grad_scale: f32s("grad_scale"),
            n_student: spec.padded.then(|| k.scalar("n_student", DType::I32)),
            hard_scale: spec.hard.then(|| f32s("hard_scale")),
        }
    }
}

/// A tile of a row of both logits: the student's unscaled `z` (f32, 0 on the padded and masked
/// lanes), `s = z / T` and the teacher's `t = t_raw / T`, the column ids (i64), the teacher's
/// mask (`None`: the tile is the row), and the student's element offsets and mask.
#[derive(Clone, Copy)]
pub(crate) struct PairTile {
    pub z: Tile,
    pub s: Tile,
    pub t: Tile,
    pub cols: Tile,
    pub mask: Option<Tile>,
    pub s_offs: Tile,
    pub s_mask: Option<Tile>,
}

/// The row tiles of both logits of one program's row (`row`: the chunk's), the student's
/// zero-padded to the teacher's width when `padded`.
pub(crate) struct PairRow<'k> {
    pub tiles: RowTiles<'k>,
    /// The student's own tiles (`n_student` wide, always masked) when padded.
    student_tiles: Option<RowTiles<'k>>,
    student: Buffer,
    teacher: Buffer,
    temperature: Tile,
}

impl<'k> PairRow<'k> {
    pub(crate) fn new(k: &'k metile_lang::Ctx, p: &ChunkParams, row: Tile, t: Tiling) -> Self {
        PairRow {
            tiles: RowTiles::new(k, row, p.n, t),
            student_tiles: p
                .n_student
                .map(|ns| RowTiles::new(k, row, ns, Tiling { exact: false, ..t })),
            student: p.student,
            teacher: p.teacher,
            temperature: p.temperature,
        }
    }

    /// The element offset of the student's row.
    pub(crate) fn student_base(&self) -> Tile {
        self.student_tiles.as_ref().unwrap_or(&self.tiles).base()
    }

    /// The tile at column `start` (the whole row when `None`).
    pub(crate) fn read(&self, start: Option<Tile>) -> PairTile {
        let (offs, cols, mask) = self.tiles.at(start);
        let (s_offs, s_mask) = match &self.student_tiles {
            Some(st) => {
                let (o, _, m) = st.at(start);
                (o, m)
            }
            None => (offs, mask),
        };
        let load = |buf: &Buffer, offs: Tile, mask: Option<Tile>| {
            match mask {
                Some(m) => buf.load_masked(offs, m, 0.0),
                None => buf.load(offs),
            }
            .cast(DType::F32)
        };
        let z = load(&self.student, s_offs, s_mask);
        let s = z / self.temperature;
        let t = load(&self.teacher, offs, mask) / self.temperature;
        PairTile {
            z,
            s,
            t,
            cols,
            mask,
            s_offs,
            s_mask,
        }
    }
}

/// `z` on the lanes `mask` keeps, else `-inf` (a logsumexp's input).
pub(crate) fn real(z: Tile, mask: Option<Tile>) -> Tile {
    match mask {
        Some(m) => select(m, z, f32::NEG_INFINITY),
        None => z,
    }
}

/// The logsumexp of one tile that is the whole row (masked lanes excluded).
pub(crate) fn tile_lse(z: Tile, mask: Option<Tile>) -> Tile {
    let z = real(z, mask);
    let m = z.max(0);
    m + (z - m).exp().sum(0).log()
}

/// The hard term of a row: its label `y`, its gradient factor and its target logit `z_y`.
#[derive(Clone, Copy)]
pub(crate) struct Hard {
    y: Tile,
    scale: Tile,
    zy: Tile,
}

/// A row's label in a per-chunk kernel: whether the row counts (with labels) and its hard term
/// (with `hard`).
#[derive(Clone, Copy)]
pub(crate) struct RowLabel {
    valid: Option<Tile>,
    pub hard: Option<Hard>,
}

impl RowLabel {
    /// Reads the label of the call's row `at` and, for the hard term, the target logit (0 on
    /// ignored rows, which read nothing): before any store, the row reductions after it
    /// ordering every thread's read before the first write over the logits (as
    /// cross-entropy's in-place forward).
    pub(crate) fn read(p: &ChunkParams, pair: &PairRow<'_>, at: Tile) -> RowLabel {
        let label = p.labels.as_ref().map(|l| l.load(at).cast(DType::I64));
        let valid = label.map(|y| y.not_equal(p.ignore));
        let hard = label
            .zip(valid)
            .zip(p.hard_scale)
            .map(|((y, ok), scale)| Hard {
                y,
                scale,
                zy: pair
                    .student
                    .load_masked(pair.student_base() + y, ok, 0.0)
                    .cast(DType::F32),
            });
        RowLabel { valid, hard }
    }

    /// `v`, or 0 on an ignored row.
    pub(crate) fn keep(&self, v: Tile) -> Tile {
        match self.valid {
            Some(ok) => select(ok, v, 0.0),
            None => v,
        }
    }

    /// Stores a tile's gradient over the student's logits (in `dtype`): the soft term's `g`
    /// plus the hard term's `(softmax(z) - onehot(y)) hard_scale` (given the row's logsumexp
    /// `lse_z` of the unscaled logits), 0 on an ignored row; padded lanes are not stored.
    pub(crate) fn store_grad(
        &self,
        p: &ChunkParams,
        w: &PairTile,
        g: Tile,
        lse_z: Option<Tile>,
        dtype: DType,
    ) {
        let g = match (self.hard, lse_z) {
            (Some(h), Some(lz)) => {
                g + ((w.z - lz).exp() - w.cols.equal(h.y).cast(DType::F32)) * h.scale
            }
            _ => g,
        };
        let g = self.keep(g).cast(dtype);
        match w.s_mask {
            Some(m) => p.student.store_masked(w.s_offs, g, m),
            None => p.student.store(w.s_offs, g),
        }
    }

    /// Stores the row's soft term `soft` and its hard term `lse_z - z_y`, each times `factor`
    /// (0 on an ignored row).
    pub(crate) fn store_rows(&self, p: &ChunkParams, at: Tile, soft: Tile, lse_z: Option<Tile>) {
        p.row_loss.store(at, self.keep(soft * p.factor));
        if let (Some(out), Some(h), Some(lz)) = (&p.row_hard, self.hard, lse_z) {
            out.store(at, self.keep((lz - h.zy) * p.factor));
        }
    }
}

/// One program per row of a chunk (module doc). Parameters ([`ChunkParams`]): `student`
/// (read-write, `[c, n_student or n]`), `teacher` (`[c, n]`), `[labels]` (the call's `[N]`),
/// `row_loss` (f32, the call's `[N]`), `[row_hard]` (likewise, with `hard`), then the scalars
/// `n` (the teacher's V), `row0` (the chunk's first row among the call's), `ignore_index`,
/// `temperature`, `beta`, `factor` (`1 / n_valid`), `grad_scale` (the soft term's gradient
/// factor: `1 / (n_valid T)`, times its weight in the chunked loss), `[n_student]` (when
/// `padded`), `[hard_scale]` (`weight_hard / n_valid`, with `hard`). A cosine spec traces
/// [`crate::chunked_distill::cosine_kernel`] instead.
pub fn kernel(spec: &FljsdSpec) -> Result<Verified, LangError> {
    let loss = match spec.soft {
        Soft::Jsd(b) => Loss::Jsd(b),
        Soft::Cosine => return crate::chunked_distill::cosine_kernel(spec),
    };
    trace(spec.name(), |k| {
        if spec.wide {
            k.min_threads(ce::WIDE_THREADS);
        }
        let p = ChunkParams::declare(k, spec);
        let (beta, grad_scale) = (p.beta, p.grad_scale);
        let t = spec.tiling;
        let row = k.program_id(0);
        let at = row.cast(DType::I64) + p.row0;
        let pair = PairRow::new(k, &p, row, t);
        let tiles = &pair.tiles;
        let label = RowLabel::read(&p, &pair, at);
        let hard = label.hard;
        let in_row = |v: Tile, mask: Option<Tile>| match mask {
            Some(m) => select(m, v, 0.0),
            None => v,
        };
        // A row that fits one tile is loaded once.
        let whole = (!t.looped).then(|| pair.read(None));
        let tile = |start: Option<Tile>| whole.unwrap_or_else(|| pair.read(start));
        // Walk 1: both logsumexps (and the unscaled student's, for the hard term).
        let (lse_s, lse_t, lse_z) = match whole {
            Some(w) => (
                tile_lse(w.s, w.mask),
                tile_lse(w.t, w.mask),
                hard.map(|_| tile_lse(w.z, w.s_mask)),
            ),
            None => {
                let mut init = online::start(k, t.block).to_vec();
                init.extend(online::start(k, t.block));
                if hard.is_some() {
                    init.extend(online::start(k, t.block));
                }
                let r = k.for_range(0, p.n, t.block as i64, &init, |st, c| {
                    let w = tile(Some(st));
                    let (ms, ss, _) = online::step(c[0], c[1], real(w.s, w.mask));
                    let (mt, sq, _) = online::step(c[2], c[3], real(w.t, w.mask));
                    let mut next = vec![ms, ss, mt, sq];
                    if hard.is_some() {
                        let (mz, sz, _) = online::step(c[4], c[5], real(w.z, w.s_mask));
                        next.extend([mz, sz]);
                    }
                    next
                });
                let (ms, ss) = online::finish(r[0], r[1]);
                let (mt, sq) = online::finish(r[2], r[3]);
                let lse_z = hard.map(|_| {
                    let (mz, sz) = online::finish(r[4], r[5]);
                    (mz, sz)
                });
                (
                    ms + ss.log(),
                    mt + sq.log(),
                    lse_z.map(|(mz, sz)| mz + sz.log()),
                )
            }
        };
        // A tile with its log-probabilities `X` (student) and `Y` (teacher).
        let log_probs = |st: Option<Tile>| {
            let w = tile(st);
            (w.s - lse_s, w.t - lse_t, w)
        };
        // Walk 2: the row's loss and `sum dX` (JSD's terms take no `eps`: `beta` fills it).
        let sums = tiles.sums(2, &|st| {
            let (x, y, w) = log_probs(st);
            vec![
                in_row(element_loss(loss, x, y, beta, beta), w.mask),
                in_row(element_grad(loss, Some(x), y, beta), w.mask),
            ]
        });
        // Walk 3: `g = (dX - Q sum dX) grad_scale` (+ the hard term's) over the student's
        // logits.
        tiles.each(&|st| {
            let (x, y, w) = log_probs(st);
            let dx = element_grad(loss, Some(x), y, beta);
            let g = (dx - x.exp() * sums[1]) * grad_scale;
            label.store_grad(&p, &w, g, lse_z, spec.student);
        });
        label.store_rows(&p, at, sums[0], lse_z);
    })
}

// ---- Validation ------------------------------------------------------------------------------

/// Validated sizes.
struct Plan {
    h: usize,
    v: usize,
    chunk: usize,
    /// `1 / n`, 0 when no row counts.
    factor: f64,
    beta: Beta,
    param_grad: DType,
    grad_hidden: DType,
}

/// `[V, H]` of `weight` for `hidden [..., H]` of its dtype, or a typed error.
pub(crate) fn projection(
    entry: &str,
    names: [&str; 2],
    hidden: &Tensor,
    weight: &Tensor,
) -> Result<(usize, usize), OpError> {
    let dt = float_dtype(entry, names[0], hidden)?;
    let Some(&h) = hidden.shape.last() else {
        return Err(bad(
            entry,
            names[0],
            format!("a scalar; {} must be [..., H]", names[0]),
        ));
    };
    if weight.dtype() != dt {
        return Err(bad(
            entry,
            names[1],
            format!("dtype {} must match {}'s {dt}", weight.dtype(), names[0]),
        ));
    }
    let max_v = crate::norms::MAX_COLS;
    match weight.shape[..] {
        [v, wh] if wh == h && (1..=max_v).contains(&v) => Ok((v, h)),
        _ => Err(bad(
            entry,
            names[1],
            format!(
                "shape {:?} must be [V, H] with H = {h} ({} {:?}) and 1 <= V <= {max_v}",
                weight.shape, names[0], hidden.shape
            ),
        )),
    }
}

/// The shapes of a student projection (`hidden [..., H] x weight [V, H]`) and a teacher's
/// (`teacher_hidden [..., Ht] x teacher_weight [V_t, Ht]`, the student's rows), validated:
/// `(rows N, H, V, V_t, the leading axes)`. Shared with the chunked distillation losses.
pub(crate) fn student_and_teacher<'t>(
    entry: &str,
    [hidden, weight, teacher_hidden, teacher_weight]: [&'t Tensor; 4],
) -> Result<(usize, usize, usize, usize, &'t [usize]), OpError> {
    let (v, h) = projection(entry, ["hidden", "weight"], hidden, weight)?;
    let names = ["teacher_hidden", "teacher_weight"];
    let (vt, _) = projection(entry, names, teacher_hidden, teacher_weight)?;
    let lead = &hidden.shape[..hidden.shape.len() - 1];
    let n: usize = lead.iter().product();
    rows_fit(entry, "hidden", n)?;
    let t_lead = &teacher_hidden.shape[..teacher_hidden.shape.len() - 1];
    if t_lead != lead {
        return Err(bad(
            entry,
            "teacher_hidden",
            format!(
                "shape {:?} must have hidden's rows {lead:?}",
                teacher_hidden.shape
            ),
        ));
    }
    Ok((n, h, v, vt, lead))
}

/// A parameter outside its range, as the distillation losses report it.
pub(crate) fn out_of_range(entry: &str, name: &str, value: String, allowed: &str) -> OpError {
    OpError::BadParam {
        entry: entry.into(),
        name: name.into(),
        value,
        message: "is out of range".into(),
        allowed: allowed.into(),
    }
}

/// `beta` in `[0, 1]` and a finite, non-zero `temperature`, or the typed error.
pub(crate) fn check_beta_temperature(
    entry: &str,
    beta: f64,
    temperature: f64,
) -> Result<(), OpError> {
    if !(0.0..=1.0).contains(&beta) {
        return Err(out_of_range(entry, "beta", beta.to_string(), "0 to 1"));
    }
    if !(temperature.is_finite() && temperature != 0.0) {
        return Err(out_of_range(
            entry,
            "temperature",
            temperature.to_string(),
            "finite and non-zero",
        ));
    }
    Ok(())
}

fn validate(entry: &str, inp: &FljsdInputs<'_>, o: &FljsdOptions) -> Result<Plan, OpError> {
    let tensors = [
        inp.hidden,
        inp.weight,
        inp.teacher_hidden,
        inp.teacher_weight,
    ];
    let (n, h, v, vt, lead) = student_and_teacher(entry, tensors)?;
    if vt != v {
        return Err(bad(
            entry,
            "teacher_weight",
            format!("{vt} classes must be weight's {v}"),
        ));
    }
    let j = &o.jsd;
    let n_valid = match inp.labels {
        None => n,
        Some(t) => {
            row_ids(entry, "labels", t, lead, "hidden's")?;
            count_valid(entry, "labels", &t.buffer.to_i64()?, v, j.ignore_index)?
        }
    };
    check_beta_temperature(entry, j.beta, o.temperature)?;
    if o.chunking == Chunking::Rows(0) || o.chunking == Chunking::MemConst(0) {
        return Err(out_of_range(
            entry,
            "chunk_rows/chunk_mem_const",
            format!("{:?}", o.chunking),
            "chunk_rows >= 0 (0: by chunk_mem_const), chunk_mem_const >= 1",
        ));
    }
    let dt = inp.hidden.dtype();
    Ok(Plan {
        h,
        v,
        chunk: o.chunking.rows(n, h, v),
        factor: if n_valid == 0 {
            0.0
        } else {
            1.0 / n_valid as f64
        },
        beta: if j.beta == 0.0 {
            Beta::Zero
        } else if j.beta == 1.0 {
            Beta::One
        } else {
            Beta::Between
        },
        param_grad: if o.storage_param_grads {
            dt
        } else {
            DType::F32
        },
        grad_hidden: if o.f32_grad_hidden { DType::F32 } else { dt },
    })
}

// ---- Host API --------------------------------------------------------------------------------

/// The forward: the loss and the student's gradients for `dloss = 1`, reusing `prev` tensors
/// that fit.
pub fn forward(
    device: &Device,
    inp: &FljsdInputs<'_>,
    o: &FljsdOptions,
    prev: Option<FljsdGrads>,
) -> Result<FljsdForward, OpError> {
    forward_tiled(device, inp, o, prev, None)
}

/// [`forward`] with the rows tiled as `tiling` says instead of `Tiling::for_device` (tests
/// step narrow rows on the CPU).
pub(crate) fn forward_tiled(
    device: &Device,
    inp: &FljsdInputs<'_>,
    o: &FljsdOptions,
    prev: Option<FljsdGrads>,
    tiling: Option<Tiling>,
) -> Result<FljsdForward, OpError> {
    let p = validate("fused_linear_jsd.forward", inp, o)?;
    let labels = inp.labels.map(|l| here(device, l)).transpose()?;
    let run = DistillChunks {
        student: Projection {
            hidden: inp.hidden,
            weight: inp.weight,
            bias: None,
            chunk: p.chunk,
            param_grad: p.param_grad,
            f32_grad_hidden: p.grad_hidden == DType::F32,
        },
        teacher_hidden: inp.teacher_hidden,
        teacher_weight: inp.teacher_weight,
        teacher_bias: None,
        labels: labels.as_deref(),
        soft: Soft::Jsd(p.beta),
        hard: false,
        ignore_index: o.jsd.ignore_index,
        temperature: o.temperature,
        beta: o.jsd.beta,
        factor: p.factor,
        soft_weight: 1.0,
        hard_weight: 0.0,
    };
    let r = distill_chunks(device, &run, prev, tiling)?;
    let loss = device.to_device(&Tensor::from_f32(DType::F32, &[], &[r.soft as f32])?)?;
    Ok(FljsdForward {
        loss,
        grads: r.grads,
    })
}

/// A distillation loss's chunk loop over the student's projection (this module's and
/// `crate::chunked_distill`'s): per chunk, the teacher's logits `teacher_hidden W_t^T + b_t`
/// (the matmul path in the teacher's dtype), then the per-chunk kernel ([`kernel`]) over both.
pub(crate) struct DistillChunks<'a> {
    /// The student's projection (which gets the gradients).
    pub student: Projection<'a>,
    pub teacher_hidden: &'a Tensor,
    pub teacher_weight: &'a Tensor,
    pub teacher_bias: Option<&'a Tensor>,
    /// The rows' labels, on the call's device (required with `hard`).
    pub labels: Option<&'a Tensor>,
    pub soft: Soft,
    pub hard: bool,
    pub ignore_index: i64,
    pub temperature: f64,
    pub beta: f64,
    /// `1 / n_valid`, 0 when no row counts.
    pub factor: f64,
    /// The soft and hard terms' weights in the loss whose gradient is made.
    pub soft_weight: f64,
    pub hard_weight: f64,
}

/// What [`distill_chunks`] returns: the gradients for `dloss = 1` and the soft and hard terms
/// (each the f64 sum of its FP32 rows in row order, already divided by `n_valid`; hard 0
/// without `hard`).
pub(crate) struct DistillSums {
    pub grads: FljsdGrads,
    pub soft: f64,
    pub hard: f64,
}

/// Runs `r`'s chunks (reusing `prev` gradient tensors that fit), the rows tiled as `tiling`
/// says (`None`: `Tiling::for_device` on the teacher's width). The student's logits are
/// zero-padded to the teacher's width when narrower (the caller validated the widths).
pub(crate) fn distill_chunks(
    device: &Device,
    r: &DistillChunks<'_>,
    prev: Option<FljsdGrads>,
    tiling: Option<Tiling>,
) -> Result<DistillSums, OpError> {
    let n: usize = r.student.hidden.shape[..r.student.hidden.shape.len() - 1]
        .iter()
        .product();
    let (vs, vt) = (r.student.weight.shape[0], r.teacher_weight.shape[0]);
    let mut rows = device.zeros(DType::F32, n)?;
    let mut hard_rows = r.hard.then(|| device.zeros(DType::F32, n)).transpose()?;
    let tiling = tiling.unwrap_or_else(|| Tiling::for_device(device, vt));
    let mm = MatmulOptions::default();
    // The teacher's chunk rows (when copied) and logits, reused by the next chunk of their size.
    let (mut t_rows, mut t_logits): (Option<Tensor>, Option<Tensor>) = (None, None);
    let grads = chunk_loop(device, &r.student, true, prev, &mut |ch, z| {
        let (start, c) = (ch.start, ch.rows);
        let keep = |t: Option<Tensor>, shape: &[usize]| t.filter(|t| t.shape == shape);
        let ht = r.teacher_weight.shape[1];
        let spare = keep(t_rows.take(), &[c, ht]);
        let (xt, copied) = chunk_rows(device, r.teacher_hidden, start, c, spare)?;
        let prev_y = keep(t_logits.take(), &[c, vt]).map(|y| MatmulOutputs { y, z: None });
        let (wt, bt) = (r.teacher_weight, r.teacher_bias);
        let teacher = matmul::forward(device, &xt, wt, bt, &mm, prev_y)?.y;
        let spec = FljsdSpec {
            student: z.dtype(),
            teacher: teacher.dtype(),
            labels: r.labels.map(|l| l.dtype()),
            soft: r.soft,
            hard: r.hard,
            padded: vs < vt,
            tiling,
            wide: ce::wide_programs(device, c),
        };
        let k = device.kernel(spec.name(), &spec, || kernel(&spec))?;
        let mut args = vec![Arg::Out(&mut z.buffer), Arg::In(&teacher.buffer)];
        args.extend(r.labels.map(|l| Arg::In(&l.buffer)));
        args.push(Arg::Out(&mut rows));
        args.extend(hard_rows.as_mut().map(Arg::Out));
        args.extend([
            Arg::I32(vt as i32),
            Arg::I64(start as i64),
            Arg::I64(r.ignore_index),
            Arg::F32(r.temperature as f32),
            Arg::F32(r.beta as f32),
            Arg::F32(r.factor as f32),
            Arg::F32((r.soft_weight * r.factor / r.temperature) as f32),
        ]);
        if spec.padded {
            args.push(Arg::I32(vs as i32));
        }
        if r.hard {
            args.push(Arg::F32((r.hard_weight * r.factor) as f32));
        }
        device.launch(&k, [c as u32, 1, 1], &mut args)?;
        t_logits = Some(teacher);
        t_rows = copied.then_some(xt);
        Ok(())
    })?
    .expect("the chunk loop returns gradients when asked for them");
    // The rows' f64 sums in row order: the call's one wait for the device.
    let sum = |b: &metile_runtime::Buffer| -> Result<f64, OpError> {
        Ok(b.to_f32()?.iter().map(|v| f64::from(*v)).sum())
    };
    Ok(DistillSums {
        grads,
        soft: sum(&rows)?,
        hard: hard_rows.as_ref().map(sum).transpose()?.unwrap_or(0.0),
    })
}

/// The backward for the scalar cotangent `dloss`: copies of the forward's `saved` gradients
/// times `dloss` (`inp` only checked; a missing one is an error).
pub fn backward(
    device: &Device,
    inp: &FljsdInputs<'_>,
    saved: SavedGrads<'_>,
    dloss: &Tensor,
    o: &FljsdOptions,
    prev: Option<FljsdGrads>,
) -> Result<FljsdGrads, OpError> {
    let entry = "fused_linear_jsd.backward";
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

fn options(p: &Params, entry: &str) -> Result<FljsdOptions, OpError> {
    let rows = usize_param(p, entry, "chunk_rows")?;
    let chunking = if rows > 0 {
        Chunking::Rows(rows)
    } else {
        Chunking::MemConst(usize_param(p, entry, "chunk_mem_const")?)
    };
    Ok(FljsdOptions {
        jsd: JsdOptions {
            beta: f64::from(p.f32("beta")?),
            ignore_index: ignore_index(p, entry)?,
        },
        temperature: f64::from(p.f32("temperature")?),
        chunking,
        storage_param_grads: p.choice("param_grad_dtype", &["f32", "storage"])? == "storage",
        f32_grad_hidden: p.choice("grad_hidden_dtype", &["storage", "f32"])? == "f32",
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
    "student [V, Hs], hidden's dtype",
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
    "teacher [V, Ht], teacher_hidden's dtype",
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

const PARAMS: [ParamDef; 7] = [
    ParamDef {
        name: "beta",
        default: "0.5",
        allowed: "0 to 1",
        doc: "Liger's jsd_beta: 0: KL(P||Q), 1: KL(Q||P), between: generalised JSD",
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
        doc: "both logits are divided by it",
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
        doc: "chunk logits of about chunk_mem_const * N * Hs elements (Liger: 1 before sm_100)",
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

fn inputs<'a>(entry: &str, t: &'a crate::registry::Tensors) -> Result<FljsdInputs<'a>, OpError> {
    Ok(FljsdInputs {
        hidden: input(entry, t, "hidden")?,
        weight: input(entry, t, "weight")?,
        teacher_hidden: input(entry, t, "teacher_hidden")?,
        teacher_weight: input(entry, t, "teacher_weight")?,
        labels: t.get("labels"),
    })
}

/// The fused linear JSD pair.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "fused_linear_jsd.forward",
        op: "fused_linear_jsd",
        inputs: &[HIDDEN, WEIGHT, TEACHER_HIDDEN, TEACHER_WEIGHT, LABELS],
        outputs: &[
            port("loss", PortShape::Scalar, false, "f32 scalar"),
            GRAD_HIDDEN,
            GRAD_WEIGHT,
        ],
        params: &PARAMS,
        overwrites: &[],
        run: |d, t, p, out| {
            let e = "fused_linear_jsd.forward";
            let prev = take_prev(out, SAVED);
            let f = forward(d, &inputs(e, t)?, &options(p, e)?, prev)?;
            out.insert("loss".into(), f.loss);
            put(out, SAVED, f.grads);
            Ok(())
        },
    },
    EntryPoint {
        name: "fused_linear_jsd.backward",
        op: "fused_linear_jsd",
        inputs: &[
            HIDDEN,
            WEIGHT,
            TEACHER_HIDDEN,
            TEACHER_WEIGHT,
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
            let e = "fused_linear_jsd.backward";
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
