//! The normalization kernels, written in the DSL.
//!
//! Forward: one program per row. Backward: `programs` programs, each owning a contiguous range of
//! rows; it writes the input gradient of its rows and one FP32 partial row of each parameter
//! gradient; `reduce_partials` then sums the partial rows in program order. No atomics: the
//! result is the same on every run.
//!
//! Each kernel has two shapes chosen at trace time by the spec: *single block* (the whole row is
//! one tile of `block >= cols` columns; with `exact`, `block == cols` and no mask is needed) and
//! *looped* (rows wider than one tile are walked in `block`-column steps, recomputing loads per
//! pass rather than holding the row).

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, Buffer, Ctx, LangError, Tile};

use super::{CastingMode, NormKind};

/// What a forward or backward kernel is specialised on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NormSpec {
    pub kind: NormKind,
    /// Storage dtype of x (and residual, y, residual_out).
    pub x: DType,
    /// Weight dtype, `None` without weight (RMSNorm only).
    pub w: Option<DType>,
    /// Bias dtype (LayerNorm).
    pub b: Option<DType>,
    /// Cotangent dtype(s) (backward).
    pub dy: DType,
    /// Residual-output cotangent dtype, when given (fused add backward).
    pub ds: Option<DType>,
    /// Input-gradient dtype (backward).
    pub grad: DType,
    pub casting: CastingMode,
    /// Columns per tile.
    pub block: usize,
    /// `block == cols`: no column mask.
    pub exact: bool,
    /// Rows wider than `block`: walk the row in steps.
    pub looped: bool,
    /// Backward of single-tile rows: load the program's next row while the current one is
    /// reduced (carried through the row loop), so a GPU program keeps loads in flight across its
    /// barriers. Off on the CPU, where it would only add a carried copy.
    pub prefetch: bool,
    /// Backward: read the forward's FP32 row statistics (`mean` for LayerNorm, `rstd`) instead
    /// of recomputing them (LayerNorm still sums the residual `delta` of the rounded mean, as
    /// `LayerStats` describes, in the pass that takes the gradient's sums).
    pub saved: bool,
    /// Single-tile kernels load the per-column parameters (weight, bias) at each row, where they
    /// are used, instead of once per program before the row loop. A GPU forward runs one row
    /// per program, so hoisting saves nothing there and only holds the parameters in registers
    /// across the row's reductions (H200, 2026-11-30: LayerNorm bf16 forward at 64 registers,
    /// half occupancy).
    pub reload_params: bool,
    /// Forward: exactly one row per program (`rows_per_program` 1, a program per row): the
    /// body runs once, without the row loop, so that a GPU compiler sees the row's loads and the
    /// parameters' in one block and issues them together, instead of waiting for the weights
    /// (from L2) before the loop that loads the row.
    pub one_row: bool,
    /// Backward: `dx` is written over `dy`, a read-write buffer (`grad` is then `dy`'s dtype).
    /// Every read of a row's `dy` flows into the row's reductions, which every store of the row
    /// waits for, so no thread writes an element before every thread has read what it needs
    /// (the stepped kernels reread a step's `dy` just before the same thread writes it).
    pub in_place: bool,
    /// Backward of the fused add, out of place: `dx` is also stored to a second output,
    /// `dresidual` (the residual's gradient equals dx), so a caller that wants both as tensors
    /// of their own pays one more store, not a copy (a read and a store).
    pub dx_twice: bool,
    /// Backward: the most threads a GPU program takes (`norms::bwd_thread_cap`), `None` for the
    /// plan's choice.
    pub max_threads: Option<u32>,
}

impl NormSpec {
    /// The backward kernel's name: `<kind>_bwd`, or `<kind>_in_place_bwd`.
    pub fn backward_name(&self) -> String {
        let in_place = if self.in_place { "_in_place" } else { "" };
        format!("{}{in_place}_bwd", self.kind.name())
    }
}

/// Per-row column addressing shared by every row kernel (the norms' and DyT's).
pub(crate) struct Row {
    cols: Tile,
    mask: Option<Tile>,
    pub(crate) nf: Tile,
}

impl Row {
    /// Tiles of `block` columns of rows of `n` columns (`exact`: `block == n`, no mask).
    pub(crate) fn new(k: &Ctx, block: usize, exact: bool, n: Tile) -> Row {
        let cols = k.arange(0, block as i64);
        let mask = (!exact).then(|| cols.lt(n));
        Row {
            cols,
            mask,
            nf: n.cast(DType::F32),
        }
    }

    /// Column offsets (i64) and mask of the tile starting at column `start` (whole row if `None`).
    pub(crate) fn columns(&self, start: Option<Tile>, n: Tile) -> (Tile, Option<Tile>) {
        match start {
            None => (self.cols.cast(DType::I64), self.mask),
            Some(s) => {
                let c = self.cols + s;
                (c.cast(DType::I64), Some(c.lt(n)))
            }
        }
    }

    /// Offsets of the tile starting at column `start` (i32 scalar) of row `row` (i32 scalar).
    pub(crate) fn offsets(&self, row: Tile, start: Option<Tile>, n: Tile) -> (Tile, Option<Tile>) {
        let (c, mask) = self.columns(start, n);
        (row.cast(DType::I64) * n.cast(DType::I64) + c, mask)
    }
}

pub(crate) fn load(buf: &Buffer, offs: Tile, mask: Option<Tile>) -> Tile {
    match mask {
        Some(m) => buf.load_masked(offs, m, 0.0),
        None => buf.load(offs),
    }
}

pub(crate) fn load_f32(buf: &Buffer, offs: Tile, mask: Option<Tile>) -> Tile {
    load(buf, offs, mask).cast(DType::F32)
}

pub(crate) fn store(buf: &Buffer, offs: Tile, v: Tile, mask: Option<Tile>) {
    match mask {
        Some(m) => buf.store_masked(offs, v, m),
        None => buf.store(offs, v),
    }
}

/// Zeroes masked-off lanes (where loads gave 0 but a shift made them non-zero).
fn masked(v: Tile, mask: Option<Tile>) -> Tile {
    match mask {
        Some(m) => select(m, v, 0.0),
        None => v,
    }
}

/// Loads the row's input in f32 for the tile at `start` (whole row when `None`): x, or the
/// unrounded x + residual. Returns the values, offsets and mask.
fn row_input(
    x: &Buffer,
    res: Option<&Buffer>,
    row: &Row,
    row_id: Tile,
    start: Option<Tile>,
    n: Tile,
) -> (Tile, Tile, Option<Tile>) {
    let (offs, mask) = row.offsets(row_id, start, n);
    let mut v = load_f32(x, offs, mask);
    if let Some(r) = res {
        v = v + load_f32(r, offs, mask);
    }
    (v, offs, mask)
}

/// How a row kernel walks a row: as one tile, or in steps of `block` columns (`looped`); shared
/// by the norms, DyT and PolyNorm.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Steps {
    pub(crate) looped: bool,
    pub(crate) block: usize,
}

impl Steps {
    /// Runs `body` on the row's single tile (`None`) or on each step (`Some(start)`), threading
    /// the carried values through the steps; returns the last step's.
    pub(crate) fn fold(
        self,
        k: &Ctx,
        n: Tile,
        carry: Vec<Tile>,
        body: impl Fn(Option<Tile>, &[Tile]) -> Vec<Tile>,
    ) -> Vec<Tile> {
        if self.looped {
            k.for_range(0, n, self.block as i64, &carry, |start, c| {
                body(Some(start), c)
            })
        } else {
            body(None, &carry)
        }
    }

    /// Runs `body` on each tile of the row.
    pub(crate) fn each(self, k: &Ctx, n: Tile, body: impl Fn(Option<Tile>)) {
        self.fold(k, n, Vec::new(), |start, _| {
            body(start);
            Vec::new()
        });
    }

    /// The row sums (FP32 scalars) of the `count` tiles `f` gives at each step.
    pub(crate) fn sums(
        self,
        k: &Ctx,
        n: Tile,
        count: usize,
        f: &dyn Fn(Option<Tile>) -> Vec<Tile>,
    ) -> Vec<Tile> {
        if !self.looped {
            return f(None).into_iter().map(|t| t.sum(0)).collect();
        }
        let zeros = vec![k.constant(0.0, DType::F32); count];
        self.fold(k, n, zeros, |start, acc| {
            f(start)
                .into_iter()
                .zip(acc)
                .map(|(t, a)| *a + t.sum(0))
                .collect()
        })
    }
}

impl NormSpec {
    fn steps(&self) -> Steps {
        Steps {
            looped: self.looped,
            block: self.block,
        }
    }
}

/// Scalar sum over a row of the tile `f(start)` returns for each column step (`None`: the whole
/// row in one tile).
fn row_sum(k: &Ctx, spec: &NormSpec, n: Tile, f: &dyn Fn(Option<Tile>) -> Tile) -> Tile {
    spec.steps().sums(k, n, 1, &|s| vec![f(s)])[0]
}

/// LayerNorm statistics of a row whose values (and mask) at a step `values` gives.
///
/// The mean is computed twice: `mean0` by a plain FP32 sum, then the residual mean `delta` of the
/// centred values `x - mean0` (exact in FP32 when x is close to `mean0`). Centring on
/// `mean0 + delta` keeps `x - mean` accurate to the precision of the deviations rather than of x,
/// so rows with a large offset relative to their spread (|mean| / std of 1e4 and beyond) keep
/// full FP32 accuracy in `xhat` and the gradients.
struct LayerStats {
    mean0: Tile,
    delta: Tile,
    rstd: Tile,
}

impl LayerStats {
    fn new(
        k: &Ctx,
        spec: &NormSpec,
        n: Tile,
        nf: Tile,
        eps: Tile,
        values: &dyn Fn(Option<Tile>) -> (Tile, Option<Tile>),
    ) -> LayerStats {
        let mean0 = row_sum(k, spec, n, &|s| values(s).0) / nf;
        // sum((c0 - delta)^2) = sum(c0^2) - n delta^2 for c0 = x - mean0, since delta is the
        // mean of c0: the variance does not wait for delta, so both sums take one pass.
        // delta is the FP32 rounding error of mean0 (a few ulps of |mean|), so the subtraction
        // loses at most (delta^2 / var) ulps of the variance.
        let sums = spec.steps().sums(k, n, 2, &|s| {
            let (v, mask) = values(s);
            let c0 = masked(v - mean0, mask);
            vec![c0, c0 * c0]
        });
        LayerStats::from_sums(mean0, sums[0], sums[1], nf, eps)
    }

    /// The statistics from `mean0` and the row sums of `c0 = x - mean0` and of `c0^2`.
    fn from_sums(mean0: Tile, sum_c0: Tile, sum_c0_sq: Tile, nf: Tile, eps: Tile) -> LayerStats {
        let delta = sum_c0 / nf;
        let var = (sum_c0_sq / nf - delta * delta).maximum(0.0);
        LayerStats {
            mean0,
            delta,
            rstd: (var + eps).rsqrt(),
        }
    }

    fn mean(&self) -> Tile {
        self.mean0 + self.delta
    }

    /// `x - mean`, zero in masked-off lanes.
    fn centred(&self, v: Tile, mask: Option<Tile>) -> Tile {
        centre(v, self.mean0, self.delta, mask)
    }
}

/// `(v - mean0) - delta`, zero in masked-off lanes (`v - mean0` is shared with the `delta` pass).
fn centre(v: Tile, mean0: Tile, delta: Tile, mask: Option<Tile>) -> Tile {
    masked(v - mean0 - delta, mask)
}

/// RMSNorm's square of an input value `v` (FP32) in casting mode `casting`, as its statistic
/// sums it: in FP32, or (`none`) rounded to the storage dtype `xdt` and widened. Shared by the
/// norms' and the modulated RMSNorm's kernels, so that both compute the same statistic.
pub(crate) fn rms_square(v: Tile, xdt: DType, casting: CastingMode) -> Tile {
    match casting {
        // Squares in the storage dtype, summed in f32, statistic rounded to it.
        CastingMode::None => {
            let vx = v.cast(xdt);
            (vx * vx).cast(DType::F32)
        }
        _ => v * v,
    }
}

/// RMSNorm's `rstd` from the FP32 row sum of [`rms_square`]: `1 / sqrt(sum / n + eps)` in FP32,
/// or (`none`) with the mean square, `eps` and the result in the storage dtype `xdt`.
pub(crate) fn rms_rstd(
    sum_sq: Tile,
    nf: Tile,
    eps: Tile,
    xdt: DType,
    casting: CastingMode,
) -> Tile {
    match casting {
        CastingMode::None => ((sum_sq / nf).cast(xdt) + eps.cast(xdt)).rsqrt(),
        _ => (sum_sq / nf + eps).rsqrt(),
    }
}

/// RMSNorm's per-column scale `offset + w` from the weight `wv` (FP32) in the casting mode's
/// arithmetic: FP32, or (`none`) in the storage dtype `xdt`.
pub(crate) fn rms_weight(wv: Tile, offset: Tile, xdt: DType, casting: CastingMode) -> Tile {
    match casting {
        CastingMode::None => wv.cast(xdt) + offset.cast(xdt),
        _ => wv + offset,
    }
}

/// RMSNorm's output before its final rounding to the storage dtype `xdt`: `x * rstd` rounded
/// as the casting mode says (llama: to `xdt` before the scale; gemma: not; none: `x` and the
/// product in `xdt`), times the scale of [`rms_weight`] when there is a weight.
pub(crate) fn rms_output(
    v: Tile,
    rstd: Tile,
    weight: Option<Tile>,
    xdt: DType,
    casting: CastingMode,
) -> Tile {
    let normed = match casting {
        CastingMode::Llama => (v * rstd).cast(xdt).cast(DType::F32),
        CastingMode::Gemma => v * rstd,
        CastingMode::None => v.cast(xdt) * rstd,
    };
    weight.map(|scale| normed * scale).unwrap_or(normed)
}

/// Runs `body` for the single tile of the row, or for each `block`-column step.
fn steps(k: &Ctx, spec: &NormSpec, n: Tile, body: impl Fn(Option<Tile>)) {
    spec.steps().each(k, n, body)
}

/// Threads the LayerNorm and RMSNorm bf16 single-tile forwards keep resident per
/// multiprocessor on a GPU (a register budget: `Kernel::min_resident_threads`), for rows up to
/// [`FWD_BF16_BUDGET_BLOCK`] columns. At 4,096 columns the plan has 256 threads, so six
/// programs: 40 registers, without spills. H200, bf16 16384x4096: LayerNorm (2026-11-30,
/// `benchmarks/gpu/s10_call2.sh`, 48 registers without it) 0.0829 -> 0.0759 ms; RMSNorm under
/// programmatic launch (`benchmarks/gpu/s13_call3.sh`: the grid wait makes ptxas take 44
/// registers, five programs) 0.0682 -> 0.0657 ms, where before the wait it lost under the same
/// budget (0.071 -> 0.079, spilling). The fused add loses (0.134 -> 0.158 ms: it spills), as do
/// the f32 forwards, so they keep the compiler's choice; f16 LayerNorm spills under it (its
/// conversions hold more registers), so f16 does too.
pub const FWD_BF16_RESIDENT_THREADS: u32 = 1536;
/// The widest tile [`FWD_BF16_RESIDENT_THREADS`] applies to: wider tiles hold more values per
/// thread, where the budget would spill.
pub const FWD_BF16_BUDGET_BLOCK: usize = 4096;

/// Which of a norm kernel's inputs it loads under an L2 evict_last policy
/// (`Kernel::l2_evict_last`): its rows (`x`, and the fused add's `residual`), and the backward's
/// `dy`. Measured on the H200 at 16384x4096, single-tile rows, graph-timed, ms, without -> with
/// (`benchmarks/gpu/s17_call4.sh`, `s17_call5.sh`): the forwards of RMSNorm f32 0.1318 -> 0.1267
/// and bf16 0.0661 -> 0.0644, LayerNorm f32 0.1319 -> 0.1275, the fused add f32 0.2607 -> 0.2525
/// and bf16 0.1325 -> 0.1274; the backwards of LayerNorm f32 (rows) 0.2266 -> 0.2230, RMSNorm
/// f32 (rows and `dy`) 0.2121 -> 0.2085, both without the read-only path, which the policy
/// replaces, and the fused add bf16 (rows) 0.2120 -> 0.2099. LayerNorm's bf16 forward loses
/// (0.0704 -> 0.0718), as do RMSNorm's bf16 backward (0.117 -> 0.126), its in-place f32 backward
/// (0.213 -> 0.230) and its f32 backward with the rows alone (0.2147) or `dy` alone (0.2234), so
/// they, stepped rows and f16 (not measured) keep their loads.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct EvictLast {
    rows: bool,
    dy: bool,
}

impl EvictLast {
    fn of(spec: &NormSpec, backward: bool) -> EvictLast {
        if spec.looped || spec.x == DType::F16 {
            return EvictLast::default();
        }
        let f32 = spec.x == DType::F32;
        let rows = match (spec.kind, backward) {
            (NormKind::Rms | NormKind::AddRms, false) => true,
            (NormKind::Layer, _) => f32,
            (NormKind::AddRms, true) => !f32,
            (NormKind::Rms, true) => f32 && !spec.in_place,
        };
        let dy = backward && spec.kind == NormKind::Rms && rows;
        EvictLast { rows, dy }
    }

    fn any(self) -> bool {
        self.rows || self.dy
    }
}

/// The forward kernel of `spec.kind`.
///
/// Parameters: `x, [residual], [weight], [bias], y, [residual_out], [mean], rstd, n, rows,
/// rows_per_program, eps, [offset]`. Program `g` normalizes rows
/// `g * rows_per_program .. min((g + 1) * rows_per_program, rows)` (`one_row`: row `g`, which
/// must exist); single-tile kernels load the parameters once per program. `rstd` is f32, or
/// x's dtype in casting mode `none`; `mean` is f32.
///
/// The LayerNorm and RMSNorm forwards are launched as programmatic dependents of the grid
/// before them (`Kernel::programmatic_launch`). H200, 16384x4096, graph-timed, two rounds each
/// (`benchmarks/gpu/s13_call3.sh`), ms with the wait against without: LayerNorm bf16 0.0697 /
/// 0.0698 against 0.0715, f32 0.1311 against 0.1324; RMSNorm f32 0.1308 against 0.1313 (bf16:
/// [`FWD_BF16_RESIDENT_THREADS`]). The fused add gains nothing at bf16 and loses 1% at f32
/// (0.2626 against 0.2598); every backward loses with it (RMSNorm bf16 0.134 against 0.117 ms:
/// ptxas schedules it worse), so they are launched plainly, as is f16 (not measured; the wait
/// costs RMSNorm's f16 forward a program per multiprocessor in registers).
pub fn forward(spec: &NormSpec) -> Result<Verified, LangError> {
    trace(&format!("{}_fwd", spec.kind.name()), |k| {
        let xdt = spec.x;
        let layer = spec.kind == NormKind::Layer;
        let x = k.input("x", xdt);
        let res = (spec.kind == NormKind::AddRms).then(|| k.input("residual", xdt));
        if EvictLast::of(spec, false).rows {
            x.l2_evict_last();
            res.iter().for_each(Buffer::l2_evict_last);
        }
        let w = spec.w.map(|d| k.input("weight", d));
        let b = spec.b.map(|d| k.input("bias", d));
        let y = k.output("y", xdt);
        let res_out = res.map(|_| k.output("residual_out", xdt));
        let mean_out = layer.then(|| k.output("mean", DType::F32));
        let rms_none = spec.casting == CastingMode::None && !layer;
        let rstd_out = k.output("rstd", if rms_none { xdt } else { DType::F32 });
        let n = k.scalar("n", DType::I32);
        let rows = k.scalar("rows", DType::I32);
        let rpp = k.scalar("rows_per_program", DType::I32);
        let eps = k.scalar("eps", DType::F32);
        let offset = (!layer).then(|| k.scalar("offset", DType::F32));
        if spec.kind != NormKind::AddRms && xdt != DType::F16 {
            k.programmatic_launch();
            if xdt == DType::BF16 && !spec.looped && spec.block <= FWD_BF16_BUDGET_BLOCK {
                k.min_resident_threads(FWD_BF16_RESIDENT_THREADS);
            }
        }
        let row = Row::new(k, spec.block, spec.exact, n);

        // Per-column parameters of a step: the RMS scale `offset + w` (in the arithmetic of the
        // casting mode) or LayerNorm's `(w, b)`; hoisted out of the row loop when single-tile.
        let params_at = |start: Option<Tile>| -> (Option<Tile>, Option<Tile>) {
            let (cols, mask) = row.columns(start, n);
            let wv = w.as_ref().map(|w| load_f32(w, cols, mask));
            let bv = b.as_ref().map(|b| load_f32(b, cols, mask));
            match (offset, wv) {
                (Some(o), Some(wv)) => (Some(rms_weight(wv, o, xdt, spec.casting)), None),
                (_, wv) => (wv, bv),
            }
        };
        let hoisted = (!spec.looped && !spec.reload_params).then(|| params_at(None));
        let params = |start: Option<Tile>| hoisted.unwrap_or_else(|| params_at(start));

        let body = |row_id: Tile| {
            // A single-tile row is loaded once and reused by every pass; a stepped row is
            // reloaded per pass.
            let whole = (!spec.looped).then(|| row_input(&x, res.as_ref(), &row, row_id, None, n));
            let tile_of = |start: Option<Tile>| match whole {
                Some(t) => t,
                None => row_input(&x, res.as_ref(), &row, row_id, start, n),
            };
            // The rounded residual sum is stored once, in the first pass.
            let first_pass = |start: Option<Tile>| {
                let t = tile_of(start);
                if let Some(o) = &res_out {
                    store(o, t.1, t.0.cast(xdt), t.2);
                }
                t
            };
            let at_row = row_id.cast(DType::I64);
            if layer {
                let st = LayerStats::new(k, spec, n, row.nf, eps, &|s| {
                    let (v, _, mask) = first_pass(s);
                    (v, mask)
                });
                if let Some(m) = &mean_out {
                    m.store(at_row, st.mean());
                }
                rstd_out.store(at_row, st.rstd);
                steps(k, spec, n, |start| {
                    let (v, offs, mask) = tile_of(start);
                    let (wv, bv) = params(start);
                    let mut out = st.centred(v, mask) * st.rstd;
                    if let Some(wv) = wv {
                        out = out * wv;
                    }
                    if let Some(bv) = bv {
                        out = out + bv;
                    }
                    store(&y, offs, out.cast(xdt), mask);
                });
                return;
            }
            let sq = row_sum(k, spec, n, &|s| {
                rms_square(first_pass(s).0, xdt, spec.casting)
            });
            let rstd = rms_rstd(sq, row.nf, eps, xdt, spec.casting);
            rstd_out.store(at_row, rstd);
            steps(k, spec, n, |start| {
                let (v, offs, mask) = tile_of(start);
                let out = rms_output(v, rstd, params(start).0, xdt, spec.casting);
                store(&y, offs, out.cast(xdt), mask);
            });
        };
        if spec.one_row {
            body(k.program_id(0));
        } else {
            let first = k.program_id(0) * rpp;
            let last = (first + rpp).minimum(rows);
            k.for_range(first, last, 1, &[], |row_id, _| {
                body(row_id);
                Vec::new()
            });
        }
    })
}

/// The backward kernel of `spec.kind`.
///
/// Parameters: `x, [residual], [weight], dy, [ds], [mean], [rstd], dx, [dresidual],
/// [partial_w], [partial_b], n, rows, rows_per_program, eps, [offset]` (`dy` read-write and no
/// `dx` when `in_place`; `dresidual` when `dx_twice`). Program `g` handles rows
/// `g * rows_per_program .. min((g + 1) * rows_per_program, rows)`, writes their `dx` and row
/// `g` of each `[programs, n]` f32 partial buffer (which the host zero-fills for looped kernels).
/// Statistics are recomputed from x in f32; the gradient is that of the real-valued formula.
pub fn backward(spec: &NormSpec) -> Result<Verified, LangError> {
    trace(&spec.backward_name(), |k| {
        let xdt = spec.x;
        let layer = spec.kind == NormKind::Layer;
        let evict_last = EvictLast::of(spec, true);
        if xdt == DType::F32 && !evict_last.any() {
            // H200, 2026-11-30, f32 16384x4096 (`benchmarks/gpu/s12_call2.sh`, `s12_call3.sh`):
            // loads through the read-only path cut the backwards by 2-4% (RMSNorm 0.218 ->
            // 0.212 ms, LayerNorm 0.234 -> 0.225, the fused add 0.417 -> 0.408, graph-timed);
            // at bf16 the same hint cost RMSNorm's backward 15%, so 16-bit rows keep plain loads.
            // Some gain more with an L2 evict_last policy instead ([`EvictLast`]).
            k.read_only_cache();
        }
        let x = k.input("x", xdt);
        let res = (spec.kind == NormKind::AddRms).then(|| k.input("residual", xdt));
        if evict_last.rows {
            x.l2_evict_last();
            res.iter().for_each(Buffer::l2_evict_last);
        }
        let w = spec.w.map(|d| k.input("weight", d));
        let dy = if spec.in_place {
            k.inout("dy", spec.dy)
        } else {
            k.input("dy", spec.dy)
        };
        if evict_last.dy {
            dy.l2_evict_last();
        }
        let ds = spec.ds.map(|d| k.input("ds", d));
        let saved_mean = (spec.saved && layer).then(|| k.input("mean", DType::F32));
        let saved_rstd = spec.saved.then(|| k.input("rstd", DType::F32));
        let dx = if spec.in_place {
            dy
        } else {
            k.output("dx", spec.grad)
        };
        let dres = spec.dx_twice.then(|| k.output("dresidual", spec.grad));
        let partial = |name: &str| {
            if spec.looped {
                k.inout(name, DType::F32)
            } else {
                k.output(name, DType::F32)
            }
        };
        let pw = w.map(|_| partial("partial_w"));
        let pb = (layer && spec.b.is_some()).then(|| partial("partial_b"));
        let n = k.scalar("n", DType::I32);
        let rows = k.scalar("rows", DType::I32);
        let rpp = k.scalar("rows_per_program", DType::I32);
        let eps = k.scalar("eps", DType::F32);
        let offset = (!layer).then(|| k.scalar("offset", DType::F32));
        if let Some(t) = spec.max_threads {
            k.max_threads(t);
        }
        let g = k.program_id(0);
        let row = Row::new(k, spec.block, spec.exact, n);
        let first = g * rpp;
        let last = (first + rpp).minimum(rows);

        let cols_at = |start: Option<Tile>| row.columns(start, n);
        // w' = w + offset (RMS) or w (LayerNorm) in f32; loaded once when single-block.
        let load_weight = |start: Option<Tile>| -> Option<Tile> {
            let (c, m) = cols_at(start);
            w.as_ref().map(|w| {
                let wv = load_f32(w, c, m);
                offset.map(|o| wv + o).unwrap_or(wv)
            })
        };
        let w_whole = if spec.looped || spec.reload_params {
            None
        } else {
            load_weight(None)
        };
        let weight = |start: Option<Tile>| {
            if spec.looped || spec.reload_params {
                load_weight(start)
            } else {
                w_whole
            }
        };
        // Partial-row offsets of program g at a step.
        let partial_at = |start: Option<Tile>| -> (Tile, Option<Tile>) {
            let (c, m) = cols_at(start);
            (g.cast(DType::I64) * n.cast(DType::I64) + c, m)
        };

        let block = [spec.block];
        let mut init = Vec::new();
        if !spec.looped {
            init.extend(pw.map(|_| k.zeros(block, DType::F32)));
            init.extend(pb.map(|_| k.zeros(block, DType::F32)));
        }
        // The prefetched next row, as loaded: x (and residual) and dy in their storage dtypes,
        // converted to f32 only where the row is used, so that a 16-bit load stays in flight
        // through the current row's reductions (converting on arrival would wait for it there).
        // The row's saved statistics are loaded where used: carried with the row they cost
        // registers (H200, 2026-11-30, `benchmarks/gpu/s11_call2.sh`: bf16 RMSNorm backward
        // 0.124 -> 0.169 ms at one program per SM instead of two, f32 LayerNorm 0.244 -> 0.257).
        let load_row = |r: Tile| -> Vec<Tile> {
            let (offs, mask) = row.offsets(r, None, n);
            let mut raw = vec![load(&x, offs, mask)];
            raw.extend(res.as_ref().map(|b| load(b, offs, mask)));
            raw.push(load(&dy, offs, mask));
            raw
        };
        // (x or x + residual, dy) in f32 from a prefetched row.
        let from_raw = |raw: &[Tile]| -> (Tile, Tile) {
            let mut v = raw[0].cast(DType::F32);
            if res.is_some() {
                v = v + raw[1].cast(DType::F32);
            }
            (v, raw[raw.len() - 1].cast(DType::F32))
        };
        let prefetch = spec.prefetch && !spec.looped;
        let carried = init.len();
        if prefetch {
            init.extend(load_row(first));
        }
        let accs = k.for_range(first, last, 1, &init, |r, acc| {
            // One step of the row: (values, dy, offsets, mask).
            let load_step = |start: Option<Tile>| {
                let (v, offs, mask) = row_input(&x, res.as_ref(), &row, r, start, n);
                (v, load_f32(&dy, offs, mask), offs, mask)
            };
            // The next row's loads (the last row reloads itself: in bounds, never used).
            let next = prefetch.then(|| load_row((r + 1).minimum(last - 1)));
            let whole = (!spec.looped).then(|| {
                if prefetch {
                    let (offs, mask) = row.offsets(r, None, n);
                    let (v, d) = from_raw(&acc[carried..]);
                    (v, d, offs, mask)
                } else {
                    load_step(None)
                }
            });
            let step = |start: Option<Tile>| whole.unwrap_or_else(|| load_step(start));
            let r64 = r.cast(DType::I64);
            let mean_now = saved_mean.as_ref().map(|m| m.load(r64));
            let rstd_now = saved_rstd.as_ref().map(|rs| rs.load(r64));
            let g_of =
                |dyv: Tile, start: Option<Tile>| weight(start).map(|wv| dyv * wv).unwrap_or(dyv);

            // dx = rstd * (g - xhat * c1 - [c2 for LayerNorm]) with c1 = mean(xhat * g) and
            // c2 = mean(g). Every sum the row constants need is taken in one pass over the row
            // (one round of block reductions), after LayerNorm's mean when it is not saved:
            // with c0 = x - mean0 and delta = mean(c0), sum(xhat * g) = rstd * (sum(c0 * g) -
            // delta * sum(g)), and RMSNorm's sum(xhat * g) = rstd * sum(x * g) when rstd is
            // not saved.
            let (stats, rstd, c1, c2) = if layer {
                let (mean0, saved) = match (mean_now, rstd_now) {
                    (Some(m), Some(rs)) => (m, Some(rs)),
                    _ => {
                        let sum = row_sum(k, spec, n, &|s| step(s).0);
                        (sum / row.nf, None)
                    }
                };
                let sums = spec.steps().sums(k, n, 3 + saved.is_none() as usize, &|s| {
                    let (v, dyv, _, mask) = step(s);
                    let c0 = masked(v - mean0, mask);
                    let gv = g_of(dyv, s);
                    let mut terms = vec![c0, c0 * gv, gv];
                    terms.extend(saved.is_none().then(|| c0 * c0));
                    terms
                });
                let stats = match saved {
                    Some(rstd) => LayerStats {
                        mean0,
                        delta: sums[0] / row.nf,
                        rstd,
                    },
                    None => LayerStats::from_sums(mean0, sums[0], sums[3], row.nf, eps),
                };
                let (delta, rstd) = (stats.delta, stats.rstd);
                let c1 = rstd * (sums[1] - delta * sums[2]) / row.nf;
                (Some(stats), rstd, c1, Some(sums[2] / row.nf))
            } else if let Some(rstd) = rstd_now {
                // As sum(x * g) times rstd, this kernel holds more registers (H200 bf16 at 512
                // threads: 71 against 64, one program per SM instead of two: 0.124 -> 0.168 ms).
                let c1 = row_sum(k, spec, n, &|s| {
                    let (v, dyv, _, _) = step(s);
                    v * rstd * g_of(dyv, s)
                });
                (None, rstd, c1 / row.nf, None)
            } else {
                let sums = spec.steps().sums(k, n, 2, &|s| {
                    let (v, dyv, _, _) = step(s);
                    vec![v * g_of(dyv, s), v * v]
                });
                let rstd = (sums[1] / row.nf + eps).rsqrt();
                (None, rstd, rstd * sums[0] / row.nf, None)
            };
            // x-hat (LayerNorm: centred and masked; RMS: x * rstd).
            let xhat_of = |v: Tile, mask: Option<Tile>| match &stats {
                Some(st) => st.centred(v, mask) * rstd,
                None => v * rstd,
            };
            // Writes dx of a step and returns its parameter-gradient contributions.
            let finish_step = |start: Option<Tile>| -> Vec<Tile> {
                let (v, dyv, offs, mask) = step(start);
                let xh = xhat_of(v, mask);
                let mut d = g_of(dyv, start) - xh * c1;
                if let Some(c2) = c2 {
                    d = d - c2;
                }
                let mut d = d * rstd;
                if let Some(ds) = &ds {
                    d = d + load_f32(ds, offs, mask);
                }
                let d = d.cast(spec.grad);
                store(&dx, offs, d, mask);
                if let Some(dres) = &dres {
                    store(dres, offs, d, mask);
                }
                let mut out = Vec::new();
                if pw.is_some() {
                    out.push(dyv * xh);
                }
                if pb.is_some() {
                    out.push(dyv);
                }
                out
            };
            if spec.looped {
                steps(k, spec, n, |start| {
                    let contributions = finish_step(start);
                    let (offs, mask) = partial_at(start);
                    for (buf, c) in pw.iter().chain(pb.iter()).zip(contributions) {
                        store(buf, offs, load(buf, offs, mask) + c, mask);
                    }
                });
                Vec::new()
            } else {
                let mut out: Vec<Tile> = acc[..carried]
                    .iter()
                    .zip(finish_step(None))
                    .map(|(a, c)| *a + c)
                    .collect();
                out.extend(next.into_iter().flatten());
                out
            }
        });
        if !spec.looped {
            let (offs, mask) = partial_at(None);
            for (buf, a) in pw
                .iter()
                .chain(pb.iter())
                .zip(accs.into_iter().take(carried))
            {
                store(buf, offs, a, mask);
            }
        }
    })
}

/// Sums `programs` partial rows of `n` f32 values: `out[c] = sum_g p[g, c]`, one program per
/// `block` columns. With `rows == 1` the rows are added one at a time in program order (the
/// CPU's choice); with `rows > 1` each step loads a `[rows, block]` tile and adds it into a
/// `[rows, block]` accumulator (lane `r` sums partial rows `r`, `r + rows`, ..., in order), whose
/// column sums are taken once after the last step: a GPU keeps many loads in flight and meets
/// no barrier inside the loop (a column sum per step cost 9 us of the f32 RMSNorm backward's 209
/// at 16384x4096 on the H200). Either order is fixed, so results repeat exactly. Parameters:
/// `partial, out, n, programs`.
pub fn reduce_partials(block: usize, exact: bool, rows: usize) -> Result<Verified, LangError> {
    trace("reduce_partials", |k| {
        let p = k.input("partial", DType::F32);
        let out = k.output("out", DType::F32);
        let n = k.scalar("n", DType::I32);
        let programs = k.scalar("programs", DType::I32);
        let c = k.arange(0, block as i64) + k.program_id(0) * block as i64;
        let col_mask = (!exact).then(|| c.lt(n));
        let c64 = c.cast(DType::I64);
        let acc = if rows <= 1 {
            let zero = k.zeros([block], DType::F32);
            k.for_range(0, programs, 1, &[zero], |g, acc| {
                let offs = g.cast(DType::I64) * n.cast(DType::I64) + c64;
                vec![acc[0] + load(&p, offs, col_mask)]
            })
        } else {
            let r = k.arange(0, rows as i64).expand_dims(1);
            let cols2 = c64.expand_dims(0);
            let lanes = k.zeros([rows, block], DType::F32);
            let acc = k.for_range(0, programs, rows as i64, &[lanes], |g0, acc| {
                let g = r + g0;
                let mut mask = g.lt(programs);
                if let Some(m) = col_mask {
                    mask = mask & m.expand_dims(0);
                }
                let offs = g.cast(DType::I64) * n.cast(DType::I64) + cols2;
                vec![acc[0] + p.load_masked(offs, mask, 0.0)]
            });
            vec![acc[0].sum(0)]
        };
        store(&out, c64, acc[0], col_mask);
    })
}
