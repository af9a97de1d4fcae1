//! Rotary position embeddings (RoPE), forward and backward: rotate-half RoPE here (with its
//! tables' gradients), Llama 4's interleaved variant in [`llama4`] and Qwen2-VL's mRoPE in
//! [`mrope`], rotated by [`kernel`]: pair tiles of the two halves for rotate-half and mRoPE
//! ([`Variant`]), an interleaved kernel for Llama 4's pairs.
//!
//! # Contract of `rope`
//!
//! `rope.forward(x, cos, sin) -> y` for `x` of shape `[B, H, T, D]` (any number of axes before
//! `[T, D]`: the first is the batch `B` when there are at least three, every other one is a head
//! axis; a 2-D `x` is `[T, D]` with `B = 1`), tables `cos`, `sin` of shape `[Bc, T, R]` with
//! `Bc` 1 (shared) or `B`, and `R` the rotary dimension (even, at most `D`). On the first `R`
//! columns of each row `y = x * cos + rotate_half(x) * sin`, `rotate_half(x) = [-x2, x1]` over the
//! halves of those `R` columns; columns from `R` on pass through (partial rotary). Backward
//! `rope.backward(cos, sin, dy) -> dx` is the transposed rotation
//! `dx = dy * cos + rotate_half^T(dy * sin)` (no `x`: dy has its shape, and a rotation's
//! backward never reads it; position ids as in the forward).
//! `rope.table_backward(x, cos, sin, dy) -> (dcos, dsin)` gives the tables' gradients (Liger
//! treats them as constants): `dcos[b', t, i] = sum dy[i] x[i]`, `dsin[b', t, i] =
//! sum sign_i dy[i] x[partner(i)]` over every (batch, head) that reads table row `(b', t)`,
//! summed in FP32 in a fixed order by one program per table row (deterministic, no atomics),
//! FP32 outputs shaped like `cos`. Not with position ids (rows gathered more than once would need
//! a segmented reduction). GQA: q and k have their own head counts; `rope.forward` takes k as
//! the optional second tensor `x2` (`[B, Hk, T, D]`, x's layout, batch, `T` and `D`) and rotates
//! both in one launch ([`run_pair`]: `y2`), as `rope.backward` takes `dy2` (`dx2`). f32/f16/bf16
//! storage, FP32 arithmetic, outputs in x's dtype.
//!
//! Layout (entry parameter `layout`, [`XLayout`]): `bhtd` (default) as above; `bthd` takes `x`
//! (`dy`) as `[B, T, H, D]`, each token's heads together, and returns `y` (`dx`) alike, with the
//! same tables and position ids: the memory of the projections that Hugging Face views as
//! `[B, H, T, D]` through a transpose, rotated in place of a contiguous copy. Only
//! `rope.forward` and `rope.backward` take it (`table_backward` is `bhtd`).
//!
//! Position ids (optional input `position_ids`, int32 or int64, shape `[T]` or `[1 or B, T]`):
//! row `t` of batch `b` reads table row `position_ids[b, t]` instead of `t`, so the tables may be
//! a longer cache `[1 or B, P, R]` (`P` any length; without position ids `P` must equal `T`).
//! Every id must lie in `0..P`. Ids in host memory are checked on the host (one outside is a
//! typed error); ids in device memory are not read by the host, which would wait for the device
//! at every call: the kernel reads no table row outside `0..P` and writes NaN over the rotated
//! columns of a row whose id is outside it.

pub mod check;
pub mod llama4;
pub mod mrope;

use metile_ir::{DType, Verified};
use metile_lang::{trace, LangError, Tile};
use metile_runtime::{Arg, Device, Tensor};

use crate::gather::{guarded_index, poison};
use crate::host::{bad, cpu_tile_cap, fit_written, float_dtype, row_block, tile_rows};
use crate::registry::{
    input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors,
};

/// How a rotation kernel pairs the columns of a row and addresses its tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// `rope`: rotate-half pairs `(i, i + R/2)` of `x [B, H.., T, D]`, tables `cos`, `sin`
    /// `[Bc, P, R]` (optionally through position ids).
    RotateHalf,
    /// `llama4_rope`: interleaved pairs `(2i, 2i + 1)` of `x [B, T, H, D]`, one table `freqs`
    /// `[P, D/2, 2]` of `(cos, sin)` per pair, rows shared by the batch.
    Interleaved,
    /// `qwen2vl_mrope`: rotate-half pairs over all of `D` of `x [B, H.., T, D]`, tables `cos`,
    /// `sin` `[3, B, T, D]`; half-column `j` reads plane 0, 1 or 2 by the sections.
    Sections,
}

impl Variant {
    /// The operator (and kernel name stem).
    pub fn op(self) -> &'static str {
        match self {
            Variant::RotateHalf => "rope",
            Variant::Interleaved => "llama4_rope",
            Variant::Sections => "qwen2vl_mrope",
        }
    }

    /// The kernel name: `<op>_fwd` or `<op>_bwd`.
    pub fn kernel_name(self, backward: bool) -> String {
        format!("{}_{}", self.op(), if backward { "bwd" } else { "fwd" })
    }
}

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RopeSpec {
    pub variant: Variant,
    pub backward: bool,
    pub x: DType,
    pub table: DType,
    /// Storage dtype of `position_ids`, when given (`RotateHalf` only).
    pub positions: Option<DType>,
    /// With position ids: the kernel guards the tables against ids outside them (NaN rows; see
    /// [`crate::gather::known_index`]), for ids the host did not read. Without it the host has checked them
    /// (the guard cost the CPU's forward 13%, bf16 2x10x512x128).
    pub guarded: bool,
    /// Columns per tile: of each half of the rotated columns (`>= R/2`) for the rotate-half
    /// variants, of the whole row (`>= D`) for `Interleaved`.
    pub block: usize,
    /// Columns per tile of the pass-through columns `R..D` (`>= D - R`; 0 when `R = D`).
    pub tail: usize,
    /// Rows per program (see [`crate::host::tile_rows`]).
    pub rows: usize,
    /// `Sections` only: both section bounds are multiples of 8 (see [`mrope::by_8`]).
    pub sections_by_8: bool,
    /// How programs map onto rows (`RotateHalf` only; the others take `RowOrder::Rows`).
    pub order: RowOrder,
    /// `RotateHalf` by rows (`RowOrder::Rows` or `HeadsInner`): one launch rotates a second
    /// tensor too (q and k), with the same tables (see [`pair_kernel`]).
    pub pair: bool,
    /// `RotateHalf` by rows without position ids: the tables are one `[1, T, R]` pair shared by
    /// the batch (`per_batch` is 0) of fewer than 2^31 elements, so a row's table offset is
    /// `(row % T) R` in 32-bit arithmetic, without the batch index (a division by the heads
    /// times `T`). Otherwise the general offset.
    pub shared_tables: bool,
}

/// How a rotate-half launch maps its programs onto the rows of `x`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RowOrder {
    /// `rows` consecutive rows of `[B, H.., T, D]` per program ([`pair_kernel`]).
    #[default]
    Rows,
    /// One program per token over every head ([`token_kernel`]); `rows` is the head count
    /// rounded up to a power of two.
    TokenMajor,
    /// `rows` consecutive rows of `[B, T, H, D]` ([`XLayout::HeadsInner`]): row `r` is token
    /// `(r / H) % T` of batch entry `r / (H T)`, and the kernel takes the head count `heads`.
    HeadsInner,
}

/// Where the heads sit in `x` (entry parameter `layout`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum XLayout {
    /// `bhtd`: `[B, H.., T, D]` (or `[T, D]`), each head's `T` rows together: HF's q and k after
    /// their transpose, made contiguous.
    #[default]
    HeadsOuter,
    /// `bthd`: `[B, T, H, D]`, each token's heads together: the projections' own memory, of
    /// which HF's `[B, H, T, D]` q and k are a transposed view (read in place, no copy).
    HeadsInner,
}

impl XLayout {
    /// The parameter values, in [`XLayout`] order.
    pub const NAMES: [&'static str; 2] = ["bhtd", "bthd"];

    pub fn parse(s: &str) -> Option<XLayout> {
        match s {
            "bhtd" => Some(XLayout::HeadsOuter),
            "bthd" => Some(XLayout::HeadsInner),
            _ => None,
        }
    }
}

impl RopeSpec {
    /// The specialisation for rows of `d` columns whose first `r` rotate (`Sections`: by the
    /// bounds of `sections`), `block(n)` being the tile width for `n` columns; rows per program
    /// fill about one `[rows, D]` tile's worth.
    #[allow(clippy::too_many_arguments)]
    pub fn shaped(
        variant: Variant,
        backward: bool,
        x: DType,
        table: DType,
        positions: Option<DType>,
        d: usize,
        r: usize,
        sections: Option<[usize; 3]>,
        block: impl Fn(usize) -> usize,
    ) -> RopeSpec {
        let (block, tail, width) = match variant {
            Variant::Interleaved => (block(d), 0, block(d)),
            _ => {
                let (half, tail) = (block(r / 2), if d > r { block(d - r) } else { 0 });
                (half, tail, 2 * half + tail)
            }
        };
        RopeSpec {
            variant,
            backward,
            x,
            table,
            positions,
            guarded: positions.is_some(),
            block,
            tail,
            rows: tile_rows(width),
            sections_by_8: variant == Variant::Sections && sections.is_some_and(mrope::by_8),
            order: RowOrder::Rows,
            pair: false,
            shared_tables: false,
        }
    }
}

/// The rotate-half kernels' leading parameters, declared in the order every launch passes them:
/// `x` (`dy`), `cos`, `sin`, `[position_ids]`, `y` (`dx`), `d`, `half`, `t`, `ht`.
struct PairParams {
    x: metile_lang::Buffer,
    cos: metile_lang::Buffer,
    sin: metile_lang::Buffer,
    positions: Option<metile_lang::Buffer>,
    y: metile_lang::Buffer,
    d: Tile,
    half: Tile,
    t: Tile,
    ht: Tile,
}

impl PairParams {
    fn declare(k: &metile_lang::Ctx, spec: &RopeSpec) -> PairParams {
        let x = k.input(if spec.backward { "dy" } else { "x" }, spec.x);
        let (cos, sin) = (k.input("cos", spec.table), k.input("sin", spec.table));
        let positions = spec.positions.map(|dt| k.input("position_ids", dt));
        let y = k.output(if spec.backward { "dx" } else { "y" }, spec.x);
        let [d, half, t, ht] = ["d", "half", "t", "ht"].map(|n| k.scalar(n, DType::I32));
        PairParams {
            x,
            cos,
            sin,
            positions,
            y,
            d,
            half,
            t,
            ht,
        }
    }
}

/// The kernel of `spec`: [`pair_kernel`] for the rotate-half variants, [`interleaved_kernel`]
/// for Llama 4's.
pub fn kernel(spec: &RopeSpec) -> Result<Verified, LangError> {
    match spec.variant {
        Variant::Interleaved => interleaved_kernel(spec),
        Variant::RotateHalf if spec.order == RowOrder::TokenMajor => token_kernel(spec),
        Variant::RotateHalf | Variant::Sections => pair_kernel(spec),
    }
}

/// Threads the rotate-half row kernel keeps resident per multiprocessor on a GPU at 16-bit
/// storage (a register budget; see `Kernel::min_resident_threads`), the case measured; f32 and
/// mRoPE keep the compiler's choice (at f32 the plan has 512 threads, where this budget would
/// round up to three programs, 1,536 threads: the setting that spills below). Each thread holds
/// six loaded vectors (both halves of `x` and of both tables); at the compiler's own 62
/// registers only 1,024 threads fit, and the forward moved 3,580 GB/s. H200, bf16 q+k 8x(32+8)x2048x128, programs of 256 threads asked to hold 4 /
/// 5 / 6 per multiprocessor: 3,576 / 3,862 / 3,551 GB/s (5 leaves 48 registers and a few spill
/// slots in the unaligned body; 6 spills in the aligned one).
pub const RESIDENT_THREADS: u32 = 1280;

/// The rotate-half variants (`RotateHalf`, `Sections`): `spec.rows` rows per program, each as
/// its two halves of rotated columns, `[rows, block]` tiles of columns `j` and `j + R/2`
/// (`j < R/2`), loaded, rotated and stored whole (no element reads its partner's address); the
/// pass-through columns `R..D` are a third `[rows, tail]` tile, copied. The row's scalars (batch,
/// time, table row) are `[rows, 1]` columns, and rows from `n_rows` on (the last program's
/// ragged tail) touch no memory. Parameters, each list followed by `n_rows`:
/// - `RotateHalf`: `x, cos, sin, y, d, half, t, ht, per_batch`; with position ids
///   `x, cos, sin, position_ids, y, d, half, t, ht, per_batch, p, pos_per_batch`; with
///   `RowOrder::HeadsInner` the head count `heads` follows `ht`;
/// - `Sections`: `x, cos, sin, y, d, half, t, ht, s0, s1, plane` (`s0 = s_t`,
///   `s1 = s_t + s_h`, `plane` = `B T D`, the stride between planes; half-column `j` reads
///   plane 0 below `s0`, 1 below `s1`, else 2);
///
/// with `half = R/2` (`D/2` for `Sections`). Backward variants read `dy` and write `dx`. Each
/// pair rotates forward as `y1 = x1 c1 - x2 s1`, `y2 = x2 c2 + x1 s2` and backward by the
/// transpose, `dx1 = dy1 c1 + dy2 s2`, `dx2 = dy2 c2 - dy1 s1`.
fn pair_kernel(spec: &RopeSpec) -> Result<Verified, LangError> {
    trace(&spec.variant.kernel_name(spec.backward), |k| {
        let PairParams {
            x,
            cos,
            sin,
            positions,
            y,
            d,
            half,
            t,
            ht,
        } = PairParams::declare(k, spec);
        if spec.variant == Variant::RotateHalf && spec.x.size_bytes() == 2 {
            k.min_resident_threads(RESIDENT_THREADS);
            // H200, bf16 q+k 8x(32+8)x2048x128, graph-timed, two rounds
            // (`benchmarks/gpu/next_s14.sh`), ms with the wait against without: forward
            // 0.0847 / 0.0847 against 0.0852 / 0.0854, backward 0.0848 / 0.0847 against
            // 0.0854 / 0.0857; registers unchanged (48).
            k.programmatic_launch();
            // H200, the bf16 q+k forward by hand with metile's generated kernel
            // (`benchmarks/gpu/s18_call3.sh`): 0.0849-0.0854 ms with one entry point that tests
            // the alignment on the device (48 registers, the general body spilling), 0.0833 with
            // the fast body as its own entry (46 registers, no spills).
            k.split_fast_entry();
        }
        let heads_inner = spec.order == RowOrder::HeadsInner;
        // Every parameter is declared before the body, in the order the launches pass them.
        let heads = heads_inner.then(|| k.scalar("heads", DType::I32));
        let table = if spec.variant == Variant::Sections {
            let (s0, s1) = (k.scalar("s0", DType::I32), k.scalar("s1", DType::I32));
            Tables::Planes(s0, s1, k.scalar("plane", DType::I64))
        } else {
            let per_batch = k.scalar("per_batch", DType::I32);
            match positions {
                None => Tables::Rows(per_batch),
                Some(ids) => Tables::Gathered {
                    per_batch,
                    ids,
                    p: k.scalar("p", DType::I32),
                    pos_per_batch: k.scalar("pos_per_batch", DType::I32),
                },
            }
        };
        let n_rows = k.scalar("n_rows", DType::I32);
        let shared = Shared {
            spec,
            cos: &cos,
            sin: &sin,
            table: &table,
            d,
            half,
            t,
        };
        let first = Rows {
            x: &x,
            y: &y,
            ht,
            heads,
            n_rows,
        };
        if !spec.pair {
            rotate_rows(k, &shared, &first, k.program_id(0));
            return;
        }
        // The second tensor (k beside q): its own rows and head count, the same tables; the
        // programs from `programs` on rotate it.
        let x2 = k.input(if spec.backward { "dy2" } else { "x2" }, spec.x);
        let y2 = k.output(if spec.backward { "dx2" } else { "y2" }, spec.x);
        let ht2 = k.scalar("ht2", DType::I32);
        let heads2 = heads_inner.then(|| k.scalar("heads2", DType::I32));
        let n_rows2 = k.scalar("n_rows2", DType::I32);
        let programs = k.scalar("programs", DType::I32);
        let second = Rows {
            x: &x2,
            y: &y2,
            ht: ht2,
            heads: heads2,
            n_rows: n_rows2,
        };
        let pid = k.program_id(0);
        k.when(pid.lt(programs), || rotate_rows(k, &shared, &first, pid));
        k.when(pid.ge(programs), || {
            rotate_rows(k, &shared, &second, pid - programs)
        });
    })
}

/// How a rotate-half kernel finds a row's table row.
enum Tables {
    /// `RotateHalf` without position ids: `per_batch` says whether each batch entry has its own.
    Rows(Tile),
    /// `RotateHalf` through position ids `[1 or B, T]` into tables of `p` rows.
    Gathered {
        per_batch: Tile,
        ids: metile_lang::Buffer,
        p: Tile,
        pos_per_batch: Tile,
    },
    /// `Sections`: the section bounds `s0`, `s1` and the stride between planes.
    Planes(Tile, Tile, Tile),
}

/// What every tensor of a rotate-half launch shares: the tables and the row geometry.
struct Shared<'a> {
    spec: &'a RopeSpec,
    cos: &'a metile_lang::Buffer,
    sin: &'a metile_lang::Buffer,
    table: &'a Tables,
    d: Tile,
    half: Tile,
    t: Tile,
}

/// One tensor of a rotate-half launch: its input and output, `ht` (heads times `T`), its head
/// count under `RowOrder::HeadsInner`, and its row count.
struct Rows<'a> {
    x: &'a metile_lang::Buffer,
    y: &'a metile_lang::Buffer,
    ht: Tile,
    heads: Option<Tile>,
    n_rows: Tile,
}

/// Rotates the `spec.rows` rows of `r` that program `program` (counted from the tensor's first)
/// owns; see [`pair_kernel`].
fn rotate_rows(k: &metile_lang::Ctx, sh: &Shared<'_>, r: &Rows<'_>, program: Tile) {
    let Shared {
        spec,
        cos,
        sin,
        table,
        d,
        half,
        t,
    } = *sh;
    let i64_ = |v: Tile| v.cast(DType::I64);
    let rr = half * 2;
    // [rows, 1]: this program's rows (from its first, `first_row`), their batch entry and
    // time.
    let first_row = program * spec.rows as i64;
    let local = k.arange(0, spec.rows as i64).expand_dims(1);
    let row = first_row + local;
    let b = row / r.ht;
    let ti = match r.heads {
        Some(heads) => (row / heads) % t,
        None => row % t,
    };
    // The table row's offset (without position ids) and, for mRoPE, its planes.
    let (tab, gather, planes) = match table {
        Tables::Planes(s0, s1, plane) => {
            (i64_(b * t + ti) * i64_(d), None, Some((*s0, *s1, *plane)))
        }
        Tables::Rows(_) if spec.shared_tables => (i64_(ti * rr), None, None),
        Tables::Rows(per_batch) => (i64_(b * *per_batch * t + ti) * i64_(rr), None, None),
        Tables::Gathered {
            per_batch,
            ids,
            p,
            pos_per_batch,
        } => {
            let at = i64_(b * *pos_per_batch * t + ti);
            (
                i64_(b * *per_batch) * i64_(*p) * i64_(rr),
                Some((ids, at, *p)),
                None,
            )
        }
    };
    let live = row.lt(r.n_rows);
    // Position ids are gathered per row, for live rows only; see `guarded_index`.
    let (tab, known) = match gather {
        None => (tab, None),
        Some((ids, at, p)) => {
            let (id, known) = guarded_index(ids.load_masked(at, live, 0), p, spec.guarded);
            (tab + id * i64_(rr), known)
        }
    };
    // Offsets into x: the program's first row (I64), then I32 within the program (at most
    // `rows * D` elements), which keeps the per-element indices narrow.
    let base = i64_(first_row) * i64_(d);
    let local = local * d;
    let j = k.arange(0, spec.block as i64).expand_dims(0);
    let on = j.lt(half) & live;
    let h = i64_(half);
    let load = |buf: &metile_lang::Buffer, at: Tile, mask: Tile| {
        buf.load_masked(at, mask, 0.0).cast(DType::F32)
    };
    let at = base + i64_(local + j);
    let (x1, x2) = (load(r.x, at, on), load(r.x, at + h, on));
    let mut tab = tab + i64_(j);
    if let Some((s0, s1, plane)) = planes {
        // Half-column j reads plane (j >= s0) + (j >= s1) (s0 <= s1). With sections in
        // multiples of 8, j rounded down to a multiple of 8 gives the same plane, so each
        // group of 8 columns shares one plane offset (and loads as a vector).
        let jp = if spec.sections_by_8 { j / 8 * 8 } else { j };
        tab = tab + (i64_(jp.ge(s0)) + i64_(jp.ge(s1))) * plane;
    }
    let (c1, c2) = (load(cos, tab, on), load(cos, tab + h, on));
    let (s1, s2) = (load(sin, tab, on), load(sin, tab + h, on));
    let (y1, y2) = rotate(spec.backward, [x1, x2], [c1, c2], [s1, s2]);
    let (y1, y2) = (poison(known, y1), poison(known, y2));
    r.y.store_masked(at, y1.cast(spec.x), on);
    r.y.store_masked(at + h, y2.cast(spec.x), on);
    if spec.tail > 0 {
        // Partial rotary: columns R..D pass through unchanged.
        let c = k.arange(0, spec.tail as i64).expand_dims(0);
        let keep = c.lt(d - rr) & live;
        let at = base + i64_(local + rr + c);
        r.y.store_masked(at, r.x.load_masked(at, keep, 0.0), keep);
    }
}

/// One rotate-half pair: forward `y1 = x1 c1 - x2 s1`, `y2 = x2 c2 + x1 s2`; backward the
/// transpose, `dx1 = dy1 c1 + dy2 s2`, `dx2 = dy2 c2 - dy1 s1`.
fn rotate(
    backward: bool,
    [x1, x2]: [Tile; 2],
    [c1, c2]: [Tile; 2],
    [s1, s2]: [Tile; 2],
) -> (Tile, Tile) {
    if backward {
        (x1 * c1 + x2 * s2, x2 * c2 - x1 * s1)
    } else {
        (x1 * c1 - x2 * s1, x2 * c2 + x1 * s2)
    }
}

/// `RotateHalf` token-major (`RowOrder::TokenMajor`, see [`TOKEN_MAJOR_ENV`]): program `p` rotates
/// token `(b, t) = (p / T, p % T)` of every head, as `[rows, block]` tiles of the two halves
/// whose rows are the heads `h` (`spec.rows` = the head count rounded up to a power of two;
/// rows from `H` on touch no memory), at `((b H + h) T + t) D + j` (64-bit). The token's table
/// row (through its position id when given) is loaded once as a `[1, block]` tile and
/// broadcast over the heads, instead of once per row. Parameters as [`pair_kernel`]'s
/// `RotateHalf` (`H = ht / t`; `n_rows` is not read), one program per token.
fn token_kernel(spec: &RopeSpec) -> Result<Verified, LangError> {
    trace(&spec.variant.kernel_name(spec.backward), |k| {
        let PairParams {
            x,
            cos,
            sin,
            positions,
            y,
            d,
            half,
            t,
            ht,
        } = PairParams::declare(k, spec);
        let per_batch = k.scalar("per_batch", DType::I32);
        let ids = positions.map(|ids| {
            let p = k.scalar("p", DType::I32);
            (ids, p, k.scalar("pos_per_batch", DType::I32))
        });
        let _n_rows = k.scalar("n_rows", DType::I32);
        let i64_ = |v: Tile| v.cast(DType::I64);
        let r = half * 2;
        let token = k.program_id(0);
        let (b, ti) = (token / t, token % t);
        // [1, block] table columns and their offsets from the table row.
        let j = k.arange(0, spec.block as i64).expand_dims(0);
        let in_half = j.lt(half);
        let (tab_row, known) = match ids {
            None => (i64_(b * per_batch * t + ti), None),
            Some((ids, p, pos_per_batch)) => {
                // The id as a [1, 1] tile (one load per program).
                let at = i64_(b * pos_per_batch * t + ti) + i64_(k.arange(0, 1).expand_dims(1));
                let (id, known) = guarded_index(ids.load(at), p, spec.guarded);
                (i64_(b * per_batch) * i64_(p) + id, known)
            }
        };
        let h = i64_(half);
        let tab = tab_row * i64_(r) + i64_(j);
        let load = |buf: &metile_lang::Buffer, at: Tile, mask: Tile| {
            buf.load_masked(at, mask, 0.0).cast(DType::F32)
        };
        let (c1, c2) = (load(&cos, tab, in_half), load(&cos, tab + h, in_half));
        let (s1, s2) = (load(&sin, tab, in_half), load(&sin, tab + h, in_half));
        // [rows, 1]: the heads; row (b, h, t) of x starts at ((b H + h) T + t) D.
        let head = k.arange(0, spec.rows as i64).expand_dims(1);
        let live = head.lt(ht / t);
        let row = (i64_(b * ht + ti) + i64_(head) * i64_(t)) * i64_(d);
        let on = in_half & live;
        let at = row + i64_(j);
        let (x1, x2) = (load(&x, at, on), load(&x, at + h, on));
        let (y1, y2) = rotate(spec.backward, [x1, x2], [c1, c2], [s1, s2]);
        let (y1, y2) = (poison(known, y1), poison(known, y2));
        y.store_masked(at, y1.cast(spec.x), on);
        y.store_masked(at + h, y2.cast(spec.x), on);
        if spec.tail > 0 {
            // Partial rotary: columns R..D pass through unchanged.
            let c = k.arange(0, spec.tail as i64).expand_dims(0);
            let keep = c.lt(d - r) & live;
            let at = row + i64_(r + c);
            y.store_masked(at, x.load_masked(at, keep, 0.0), keep);
        }
    })
}

/// Llama 4's interleaved rotation: `spec.rows` rows of `D` columns per program, as one
/// `[rows, block]` tile; each column reads its partner `i ^ 1` and the `(cos, sin)` entry of its
/// pair. Parameters: `x, freqs, y, d, t, h, n_rows` (`dy`, `dx` backward). Each pair `(i, p)`
/// with `i` even rotates forward as `y_i = x_i c - x_p s`, `y_p = x_p c + x_i s` and backward by
/// the transpose.
fn interleaved_kernel(spec: &RopeSpec) -> Result<Verified, LangError> {
    trace(&spec.variant.kernel_name(spec.backward), |k| {
        let x = k.input(if spec.backward { "dy" } else { "x" }, spec.x);
        let freqs = k.input("freqs", spec.table);
        let y = k.output(if spec.backward { "dx" } else { "y" }, spec.x);
        let d = k.scalar("d", DType::I32);
        let t = k.scalar("t", DType::I32);
        let h = k.scalar("h", DType::I32);
        let i64_ = |v: Tile| v.cast(DType::I64);
        let tile_rows = spec.rows as i64;
        // [rows, 1]: this program's rows and their table rows.
        let row = (k.program_id(0) * tile_rows + k.arange(0, tile_rows)).expand_dims(1);
        let tab = i64_(row / h % t) * i64_(d);
        let live = row.lt(k.scalar("n_rows", DType::I32));
        let base = i64_(row) * i64_(d);
        let i = k.arange(0, spec.block as i64).expand_dims(0);
        let in_row = i.lt(d) & live;
        let first = (i & 1).equal(0);
        let load =
            |at: Tile, buf: &metile_lang::Buffer| buf.load_masked(at, in_row, 0.0).cast(DType::F32);
        let v = load(base + i64_(i), &x);
        let vp = load(base + i64_(i ^ 1), &x);
        let pair = tab + i64_(i & -2);
        let (c, s) = (load(pair, &freqs), load(pair + 1, &freqs));
        // The sine term is subtracted from the even column forward, from the odd one backward.
        let term = vp * s;
        let out = if spec.backward {
            v * c + first.select(term, -term)
        } else {
            v * c + first.select(-term, term)
        };
        y.store_masked(base + i64_(i), out.cast(spec.x), in_row);
    })
}

/// Table-gradient specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RopeTableSpec {
    pub x: DType,
    /// Columns per tile (>= R).
    pub block: usize,
}

/// One program per table row `(b', t)`, summing over the `groups` (batch, head) rows that read
/// it. Parameters: `x, dy, dcos, dsin, d, r, t, heads, groups`.
pub fn table_kernel(spec: &RopeTableSpec) -> Result<Verified, LangError> {
    trace("rope_table_bwd", |k| {
        let x = k.input("x", spec.x);
        let dy = k.input("dy", spec.x);
        let dcos = k.output("dcos", DType::F32);
        let dsin = k.output("dsin", DType::F32);
        let d = k.scalar("d", DType::I32);
        let r = k.scalar("r", DType::I32);
        let t = k.scalar("t", DType::I32);
        let heads = k.scalar("heads", DType::I32);
        let groups = k.scalar("groups", DType::I32);
        let row = k.program_id(0);
        // Table row (b', t): shared tables (b' = 0) are read by every batch entry, per-batch
        // ones by batch b' alone; `groups` is the number of (batch, head) rows either way.
        let (tb, ti) = (row / t, row % t);
        let i = k.arange(0, spec.block as i64);
        let rot = i.lt(r);
        let half = r / 2;
        let first = i.lt(half);
        let partner = first.select(i + half, i - half);
        let i64_ = |v: Tile| v.cast(DType::I64);
        let zero = k.zeros([spec.block], DType::F32);
        let acc = k.for_range(0, groups, 1, &[zero, zero], |j, acc| {
            let b = tb + j / heads;
            let base = ((b * heads + j % heads) * t + ti).cast(DType::I64) * d.cast(DType::I64);
            let load = |buf: &metile_lang::Buffer, at: Tile| {
                buf.load_masked(base + i64_(at), rot, 0.0).cast(DType::F32)
            };
            let g = load(&dy, i);
            let xp = load(&x, partner);
            vec![acc[0] + g * load(&x, i), acc[1] + g * first.select(-xp, xp)]
        });
        let out = row.cast(DType::I64) * r.cast(DType::I64) + i64_(i);
        dcos.store_masked(out, acc[0], rot);
        dsin.store_masked(out, acc[1], rot);
    })
}

#[derive(Clone, Copy)]
struct Layout {
    /// The batch `B`.
    b: usize,
    /// `Some(H)` for [`XLayout::HeadsInner`].
    heads_inner: Option<usize>,
    rows: usize,
    d: usize,
    r: usize,
    t: usize,
    ht: usize,
    per_batch: bool,
    /// Table rows per batch entry.
    p: usize,
    /// Position ids differ per batch entry.
    pos_per_batch: bool,
}

/// The axes of `x [B, H.., T, D]`: `lead` is the product of every axis before `T`.
struct Axes {
    b: usize,
    lead: usize,
    t: usize,
    d: usize,
}

/// What both rotate-half variants require of `x`, `cos` and `sin` (float dtypes, `sin` matching
/// `cos`, `x` at least `[T, D]`); returns `x`'s axes (`[B, H.., T, D]`).
fn rotate_half_axes(
    entry: &str,
    name: &str,
    x: &Tensor,
    cos: &Tensor,
    sin: &Tensor,
) -> Result<Axes, OpError> {
    float_dtype(entry, name, x)?;
    let tdt = float_dtype(entry, "cos", cos)?;
    if sin.dtype() != tdt || sin.shape != cos.shape {
        return Err(bad(
            entry,
            "sin",
            format!(
                "must match cos ({:?} {tdt}), got {:?} {}",
                cos.shape,
                sin.shape,
                sin.dtype()
            ),
        ));
    }
    let rank = x.shape.len();
    if rank < 2 {
        return Err(bad(
            entry,
            name,
            format!("shape {:?} needs at least [T, D]", x.shape),
        ));
    }
    Ok(Axes {
        b: if rank >= 3 { x.shape[0] } else { 1 },
        lead: x.shape[..rank - 2].iter().product(),
        t: x.shape[rank - 2],
        d: x.shape[rank - 1],
    })
}

/// Checks input `name` (`x` or its cotangent; the pair's second tensor) against the tables.
fn validate(
    entry: &str,
    name: &str,
    x: &Tensor,
    cos: &Tensor,
    sin: &Tensor,
    positions: Option<&Tensor>,
    layout: XLayout,
) -> Result<Layout, OpError> {
    let Axes { b, lead, t, d } = rotate_half_axes(entry, name, x, cos, sin)?;
    // Rows of D columns, in memory order.
    let rows = lead * t;
    // `[B, T, H, D]`: the same rows, each token's heads together.
    let (t, heads, heads_inner) = match (layout, &x.shape[..]) {
        (XLayout::HeadsOuter, _) => (t, lead / b.max(1), None),
        (XLayout::HeadsInner, &[_, t, h, _]) => (t, h, Some(h)),
        (XLayout::HeadsInner, shape) => {
            return Err(bad(
                entry,
                name,
                format!("shape {shape:?} must be [B, T, H, D] under layout bthd"),
            ))
        }
    };
    let table_len_ok = positions.is_some() || cos.shape.get(1) == Some(&t);
    if cos.shape.len() != 3 || !table_len_ok || !(cos.shape[0] == 1 || cos.shape[0] == b) {
        let len = match positions {
            Some(_) => "P".to_string(),
            None => format!("T={t}"),
        };
        return Err(bad(
            entry,
            "cos",
            format!("shape {:?} must be [1 or B={b}, {len}, R]", cos.shape),
        ));
    }
    let p = cos.shape[1];
    let pos_per_batch = match positions {
        None => false,
        Some(ids) => check_positions(entry, ids, b, t, p)?,
    };
    let r = cos.shape[2];
    if r == 0 || !r.is_multiple_of(2) || r > d || d > 1 << 16 {
        return Err(bad(
            entry,
            "cos",
            format!(
                "rotary dimension {r} must be even, positive and at most D = {d} (D at most 65536)"
            ),
        ));
    }
    crate::host::rows_fit(entry, name, rows)?;
    Ok(Layout {
        b,
        heads_inner,
        rows,
        d,
        r,
        t,
        ht: heads * t,
        per_batch: cos.shape[0] == b && b > 1,
        p,
        pos_per_batch,
    })
}

/// Checks `position_ids` (`[T]` or `[1 or B, T]`; in host memory, every id in `0..p`); returns
/// whether the ids differ per batch entry. Ids in device memory are not read here: that would
/// wait for the device at every call. The kernels read no table row outside `0..p` and write NaN
/// over the rotated columns of a row whose id is outside it.
fn check_positions(
    entry: &str,
    ids: &Tensor,
    b: usize,
    t: usize,
    p: usize,
) -> Result<bool, OpError> {
    if !matches!(ids.dtype(), DType::I32 | DType::I64) {
        return Err(bad(
            entry,
            "position_ids",
            format!("must be int32 or int64, got {}", ids.dtype()),
        ));
    }
    let per_batch = match ids.shape[..] {
        [n] if n == t => false,
        [1, n] if n == t => false,
        [bp, n] if n == t && bp == b => b > 1,
        _ => {
            return Err(bad(
                entry,
                "position_ids",
                format!("shape {:?} must be [T={t}] or [1 or B={b}, T]", ids.shape),
            ))
        }
    };
    if p > i32::MAX as usize {
        return Err(bad(
            entry,
            "cos",
            format!("{p} table rows; at most {}", i32::MAX),
        ));
    }
    // No table row for any id (nothing for the kernel's guard to read instead).
    if p == 0 && ids.numel() > 0 {
        return Err(bad(
            entry,
            "position_ids",
            "the tables have no rows for the ids to name".into(),
        ));
    }
    if !ids.buffer.is_host() {
        return Ok(per_batch);
    }
    for (i, &pos) in ids.buffer.to_i64()?.iter().enumerate() {
        if pos < 0 || pos as u64 >= p as u64 {
            return Err(bad(
                entry,
                "position_ids",
                format!("entry {i}: position {pos} is outside the table's 0..{p}"),
            ));
        }
    }
    Ok(per_batch)
}

/// Runs the forward (`backward == false`, `x` the input) or the backward (`x` the cotangent).
pub fn run(
    device: &Device,
    backward: bool,
    x: &Tensor,
    cos: &Tensor,
    sin: &Tensor,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    run_at(device, backward, x, cos, sin, None, prev)
}

/// [`run`] with optional position ids into the tables.
pub fn run_at(
    device: &Device,
    backward: bool,
    x: &Tensor,
    cos: &Tensor,
    sin: &Tensor,
    positions: Option<&Tensor>,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    run_in(
        device,
        backward,
        x,
        cos,
        sin,
        positions,
        XLayout::default(),
        prev,
    )
}

/// [`run_at`] on `x` laid out as `layout` says (the output is laid out alike).
#[allow(clippy::too_many_arguments)]
pub fn run_in(
    device: &Device,
    backward: bool,
    x: &Tensor,
    cos: &Tensor,
    sin: &Tensor,
    positions: Option<&Tensor>,
    layout: XLayout,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let tables = [cos, sin];
    let (launch, l) = rotate_half_launch(backward, x, &tables, positions, layout)?;
    launch.run(device, x, l.scalars(positions.is_some()), prev)
}

impl Layout {
    /// The layout of `x2`, a second tensor beside `x` (the tensor of this layout, whose tables
    /// and position ids were checked): `x`'s dtype, rank, batch, time and head dimension, its own
    /// head count (the axes between the batch and `T`; under `bthd` the third axis).
    fn second(&self, entry: &str, name: &str, x: &Tensor, x2: &Tensor) -> Result<Layout, OpError> {
        let rank = x.shape.len();
        let heads_axes = match self.heads_inner {
            Some(_) => 2..3,
            None if rank >= 3 => 1..rank - 2,
            None => 0..0,
        };
        let alike = x2.dtype() == x.dtype()
            && x2.shape.len() == rank
            && (0..rank).all(|i| heads_axes.contains(&i) || x2.shape[i] == x.shape[i]);
        if !alike {
            return Err(bad(
                entry,
                name,
                format!(
                    "{} {:?} must have the first tensor's dtype, rank, batch, time and head \
                     dimension ({} {:?}); only the head count may differ",
                    x2.dtype(),
                    x2.shape,
                    x.dtype(),
                    x.shape
                ),
            ));
        }
        let heads: usize = x2.shape[heads_axes].iter().product();
        let rows = self.b * heads * self.t;
        crate::host::rows_fit(entry, name, rows)?;
        Ok(Layout {
            rows,
            ht: heads * self.t,
            heads_inner: self.heads_inner.map(|_| heads),
            ..*self
        })
    }

    /// The rotate-half kernels' scalars after `y`, before `n_rows` (see [`pair_kernel`]).
    fn scalars(&self, positions: bool) -> Vec<Arg<'static>> {
        let mut scalars = vec![
            Arg::I32(self.d as i32),
            Arg::I32((self.r / 2) as i32),
            Arg::I32(self.t as i32),
            Arg::I32(self.ht as i32),
        ];
        scalars.extend(self.heads_inner.map(|h| Arg::I32(h as i32)));
        scalars.push(Arg::I32(self.per_batch as i32));
        if positions {
            scalars.extend([Arg::I32(self.p as i32), Arg::I32(self.pos_per_batch as i32)]);
        }
        scalars
    }
}

/// [`run_in`] of two tensors with the same tables in one launch (q and k; [`RopeSpec::pair`]):
/// `x2` (the second input, `x2` or `dy2`) has `x`'s dtype, layout, batch, time and head
/// dimension and its own head count. Returns both rotations, into `prev`/`prev2` when they fit.
/// Token-major runs ([`TOKEN_MAJOR_ENV`]) rotate them in two launches.
#[allow(clippy::too_many_arguments)]
pub fn run_pair(
    device: &Device,
    backward: bool,
    [x, x2]: [&Tensor; 2],
    cos: &Tensor,
    sin: &Tensor,
    positions: Option<&Tensor>,
    layout: XLayout,
    [prev, prev2]: [Option<Tensor>; 2],
) -> Result<[Tensor; 2], OpError> {
    let (entry, second) = if backward {
        ("rope.backward", "dy2")
    } else {
        ("rope.forward", "x2")
    };
    let tables = [cos, sin];
    let (launch, l) = rotate_half_launch(backward, x, &tables, positions, layout)?;
    let l2 = l.second(entry, second, x, x2)?;
    let spec = RopeSpec {
        pair: true,
        ..launch.spec(device, x.dtype(), l.rows.max(l2.rows))
    };
    if spec.order == RowOrder::TokenMajor {
        let y = launch.run(device, x, l.scalars(positions.is_some()), prev)?;
        let y2 = run_in(device, backward, x2, cos, sin, positions, layout, prev2)?;
        return Ok([y, y2]);
    }
    let mut y = fit_written(device, prev, x.dtype(), &x.shape)?;
    let mut y2 = fit_written(device, prev2, x2.dtype(), &x2.shape)?;
    let programs = l.rows.div_ceil(spec.rows);
    let total = programs + l2.rows.div_ceil(spec.rows);
    if total == 0 || l.d == 0 {
        return Ok([y, y2]);
    }
    let name = Variant::RotateHalf.kernel_name(backward);
    let k = device.kernel(&name, &spec, || kernel(&spec))?;
    let mut args = launch.args(x, &mut y, l.scalars(positions.is_some()));
    args.extend([
        Arg::In(&x2.buffer),
        Arg::Out(&mut y2.buffer),
        Arg::I32(l2.ht as i32),
    ]);
    args.extend(l2.heads_inner.map(|h| Arg::I32(h as i32)));
    args.extend([Arg::I32(l2.rows as i32), Arg::I32(programs as i32)]);
    device.launch(&k, [total as u32, 1, 1], &mut args)?;
    Ok([y, y2])
}

/// The kernel specialisation [`run_at`] launches for these inputs on `device`.
pub fn launch_spec(
    device: &Device,
    backward: bool,
    x: &Tensor,
    cos: &Tensor,
    sin: &Tensor,
    positions: Option<&Tensor>,
) -> Result<RopeSpec, OpError> {
    let tables = [cos, sin];
    let (launch, _) = rotate_half_launch(backward, x, &tables, positions, XLayout::default())?;
    Ok(launch.spec(device, x.dtype(), launch.rows))
}

/// The validated launch of `rope` over `x` with tables `[cos, sin]`.
fn rotate_half_launch<'a>(
    backward: bool,
    x: &Tensor,
    tables: &'a [&'a Tensor; 2],
    positions: Option<&'a Tensor>,
    layout: XLayout,
) -> Result<(Launch<'a>, Layout), OpError> {
    let entry = if backward {
        "rope.backward"
    } else {
        "rope.forward"
    };
    let l = validate(entry, "x", x, tables[0], tables[1], positions, layout)?;
    let launch = Launch {
        variant: Variant::RotateHalf,
        backward,
        tables,
        positions,
        rows: l.rows,
        d: l.d,
        r: l.r,
        sections: None,
        heads: l.ht.checked_div(l.t),
        layout: match l.heads_inner {
            Some(_) => XLayout::HeadsInner,
            None => XLayout::HeadsOuter,
        },
    };
    Ok((launch, l))
}

/// The largest `[heads, block]` tile of the token-major kernel (elements): more heads than fit
/// run by rows.
pub const MAX_TOKEN_TILE: usize = 16384;

/// `METILE_ROPE_TOKEN_MAJOR=1` runs `rope` token-major on any device ([`token_kernel`]: one
/// program per token over every head, its position id and table row loaded once), `0` the row
/// kernel ([`pair_kernel`]). Unset: token-major on a GPU when position ids are given, else rows.
/// H200, bf16 q+k 8x(32+8)x2048x128 with ids, row / token-major: forward 0.172 / 0.102 ms,
/// backward 0.175 / 0.109 (each row kernel's table loads wait on its own id load); without ids
/// 0.088 ms by rows (token-major measured slower for k's 8 heads, session 7); on the CPU with ids
/// 5.5 / 7.4 ms (2x10x512x128).
pub const TOKEN_MAJOR_ENV: &str = "METILE_ROPE_TOKEN_MAJOR";

/// Overrides the rows per program of the row kernels (a power of two, 1 to 1024), for tuning
/// sweeps.
pub const ROWS_ENV: &str = "METILE_ROPE_ROWS_PER_PROGRAM";

/// Rows per program of a row kernel on a GPU, from `rows` (`tile_rows`' choice for the row's
/// width): half of it for rotate-half RoPE at 16-bit storage, else `rows`. H200, bf16 q+k
/// 8x(32+8)x2048x128, the fast body as its own entry (`benchmarks/gpu/s18_call5.sh`, three
/// rounds, forward GB/s): 16 rows 4,130-4,142, 32 rows 4,082-4,092, 8 rows 3,300, 4 rows 1,700;
/// f32 within 1% from 4 to 32 rows.
pub fn gpu_rows(variant: Variant, x: DType, rows: usize) -> usize {
    match variant {
        Variant::RotateHalf if x.size_bytes() == 2 => (rows / 2).max(1),
        _ => rows,
    }
}

fn rows_override() -> Option<usize> {
    crate::host::tuning_override(ROWS_ENV, |r: &usize| r.is_power_of_two() && *r <= 1024)
}

fn token_major(device: &Device, gathered: bool) -> bool {
    crate::host::tuning_switch(TOKEN_MAJOR_ENV, gathered && !device.is_cpu())
}

/// One launch of a rotation kernel over `rows` rows of `d` columns.
struct Launch<'a> {
    variant: Variant,
    backward: bool,
    /// `cos, sin`, or `freqs`.
    tables: &'a [&'a Tensor],
    positions: Option<&'a Tensor>,
    rows: usize,
    d: usize,
    /// Rotated columns (`d` but for partial rotary).
    r: usize,
    /// `Sections`: the mRoPE section sizes.
    sections: Option<[usize; 3]>,
    /// `RotateHalf`: the head count `H`, for the token-major kernel ([`TOKEN_MAJOR_ENV`]).
    heads: Option<usize>,
    /// `RotateHalf`: where the heads sit in `x` (`[B, T, H, D]` is never token-major).
    layout: XLayout,
}

impl Launch<'_> {
    /// The specialisation for `x` of dtype `x` on `device`: `[B, T, H, D]` rows when `x` is so
    /// laid out, else token-major when the variant has heads and [`TOKEN_MAJOR_ENV`] (or its
    /// default: position ids on a GPU) asks for it.
    fn spec(&self, device: &Device, x: DType, live_rows: usize) -> RopeSpec {
        let spec = RopeSpec::shaped(
            self.variant,
            self.backward,
            x,
            self.tables[0].dtype(),
            self.positions.map(Tensor::dtype),
            self.d,
            self.r,
            self.sections,
            |cols| row_block(device, cols),
        );
        let spec = RopeSpec {
            // The GPU's rows measured for `[B, H, T, D]` rows only.
            rows: rows_override().unwrap_or(if device.is_cpu() {
                cpu_tile_cap(device, spec.rows, live_rows)
            } else if self.layout == XLayout::HeadsInner {
                spec.rows
            } else {
                gpu_rows(self.variant, x, spec.rows)
            }),
            guarded: self.positions.is_some_and(|p| !p.buffer.is_host()),
            // `[1, T, R]` tables (per-batch ones have `B > 1` rows first).
            shared_tables: self.variant == Variant::RotateHalf
                && self.positions.is_none()
                && self.tables[0].shape.len() == 3
                && self.tables[0].shape[0] == 1
                && self.tables[0].numel() < 1 << 31,
            ..spec
        };
        if self.layout == XLayout::HeadsInner {
            return RopeSpec {
                order: RowOrder::HeadsInner,
                ..spec
            };
        }
        // A token's heads form one tile: at most `MAX_TOKEN_TILE` elements per half, else rows.
        let fits = |h: usize| h.next_power_of_two() * spec.block.max(spec.tail) <= MAX_TOKEN_TILE;
        match self
            .heads
            .filter(|&h| token_major(device, self.positions.is_some()) && fits(h))
        {
            Some(h) => RopeSpec {
                order: RowOrder::TokenMajor,
                rows: h.next_power_of_two(),
                ..spec
            },
            None => spec,
        }
    }

    /// The arguments of a launch over `x` into `out`, in the kernel's order: `x`, the tables,
    /// `[position_ids]`, `out`, the variant's `scalars`, `n_rows` (see [`kernel`]).
    fn args<'b>(
        &'b self,
        x: &'b Tensor,
        out: &'b mut Tensor,
        scalars: Vec<Arg<'b>>,
    ) -> Vec<Arg<'b>> {
        let inputs = std::iter::once(x).chain(self.tables.iter().copied());
        let mut args: Vec<Arg<'b>> = inputs
            .chain(self.positions)
            .map(|t| Arg::In(&t.buffer))
            .collect();
        args.push(Arg::Out(&mut out.buffer));
        args.extend(scalars);
        args.push(Arg::I32(self.rows as i32));
        args
    }

    /// Rotates `x` (the cotangent going backward) into `prev` when it fits, else a fresh tensor
    /// shaped like `x`; `scalars` are the variant's kernel scalars in order (see [`kernel`]).
    fn run(
        &self,
        device: &Device,
        x: &Tensor,
        scalars: Vec<Arg<'_>>,
        prev: Option<Tensor>,
    ) -> Result<Tensor, OpError> {
        self.run_spec(
            device,
            &self.spec(device, x.dtype(), self.rows),
            x,
            scalars,
            prev,
        )
    }

    /// [`Launch::run`] under `spec` (its own, or one a test forces).
    fn run_spec(
        &self,
        device: &Device,
        spec: &RopeSpec,
        x: &Tensor,
        scalars: Vec<Arg<'_>>,
        prev: Option<Tensor>,
    ) -> Result<Tensor, OpError> {
        let mut out = fit_written(device, prev, x.dtype(), &x.shape)?;
        if self.rows == 0 || self.d == 0 {
            return Ok(out);
        }
        let name = self.variant.kernel_name(self.backward);
        let k = device.kernel(&name, spec, || kernel(spec))?;
        let mut args = self.args(x, &mut out, scalars);
        let programs = match self.heads {
            Some(h) if spec.order == RowOrder::TokenMajor => self.rows / h,
            _ => self.rows.div_ceil(spec.rows),
        };
        device.launch(&k, [programs as u32, 1, 1], &mut args)?;
        Ok(out)
    }
}

/// The tables' gradients `(dcos, dsin)`, FP32 and shaped like `cos` (no position ids), written
/// over `prev`'s tensors where they fit (the kernel writes every element).
pub fn run_tables(
    device: &Device,
    x: &Tensor,
    cos: &Tensor,
    sin: &Tensor,
    dy: &Tensor,
    prev: Option<(Tensor, Tensor)>,
) -> Result<(Tensor, Tensor), OpError> {
    let entry = "rope.table_backward";
    let l = validate(entry, "x", x, cos, sin, None, XLayout::HeadsOuter)?;
    if dy.shape != x.shape || dy.dtype() != x.dtype() {
        return Err(bad(
            entry,
            "dy",
            format!(
                "must match x ({:?} {}), got {:?} {}",
                x.shape,
                x.dtype(),
                dy.shape,
                dy.dtype()
            ),
        ));
    }
    let table_rows = cos.shape[0] * l.t;
    if table_rows == 0 || l.r == 0 {
        // No launch: zeros (whatever `prev` held).
        let zeros = || device.tensor_zeros(DType::F32, &cos.shape);
        return Ok((zeros()?, zeros()?));
    }
    let (pc, ps) = prev.unzip();
    let mut dcos = fit_written(device, pc, DType::F32, &cos.shape)?;
    let mut dsin = fit_written(device, ps, DType::F32, &cos.shape)?;
    let heads = l.ht / l.t.max(1);
    let groups = l.rows / table_rows;
    let spec = RopeTableSpec {
        x: x.dtype(),
        block: row_block(device, l.r),
    };
    let k = device.kernel("rope_table_bwd", &spec, || table_kernel(&spec))?;
    let mut args = [
        Arg::In(&x.buffer),
        Arg::In(&dy.buffer),
        Arg::Out(&mut dcos.buffer),
        Arg::Out(&mut dsin.buffer),
        Arg::I32(l.d as i32),
        Arg::I32(l.r as i32),
        Arg::I32(l.t as i32),
        Arg::I32(heads as i32),
        Arg::I32(groups as i32),
    ];
    device.launch(&k, [table_rows as u32, 1, 1], &mut args)?;
    Ok((dcos, dsin))
}

fn run_entry(
    backward: bool,
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let entry = if backward {
        "rope.backward"
    } else {
        "rope.forward"
    };
    let layout = XLayout::parse(&p.choice("layout", &XLayout::NAMES)?)
        .expect("choice returns one of XLayout::NAMES");
    let (cos, sin) = (input(entry, t, "cos")?, input(entry, t, "sin")?);
    let [(src_name, key), (src2_name, key2)] = if backward {
        [("dy", "dx"), ("dy2", "dx2")]
    } else {
        [("x", "y"), ("x2", "y2")]
    };
    // The backward rotates dy alone: its shape is x's, and x itself is never read.
    let src = input(entry, t, src_name)?;
    let positions = t.get("position_ids");
    let prev = out.remove(key);
    match t.get(src2_name) {
        None => {
            let res = run_in(d, backward, src, cos, sin, positions, layout, prev)?;
            out.insert(key.into(), res);
        }
        Some(src2) => {
            let prev2 = out.remove(key2);
            let [y, y2] = run_pair(
                d,
                backward,
                [src, src2],
                cos,
                sin,
                positions,
                layout,
                [prev, prev2],
            )?;
            out.insert(key.into(), y);
            out.insert(key2.into(), y2);
        }
    }
    Ok(())
}

const X: Port = port(
    "x",
    PortShape::LikeX,
    false,
    "[B, H, T, D] (or [T, D]); [B, T, H, D] under layout bthd",
);
const X2: Port = port(
    "x2",
    PortShape::KvLikeX,
    true,
    "a second tensor rotated by the same tables in the same launch (k beside q): x's \
          layout, batch, T and D, its own head count",
);
const LAYOUT: ParamDef = ParamDef {
    name: "layout",
    default: "bhtd",
    allowed: "bhtd, bthd",
    doc: "x (dy) as [B, H.., T, D] or [B, T, H, D]; the output alike",
};
const COS: Port = port(
    "cos",
    PortShape::Table,
    false,
    "[1 or B, T, R], R even <= D",
);
const SIN: Port = port("sin", PortShape::Table, false, "as cos");
const POSITIONS: Port = port(
    "position_ids",
    PortShape::Positions,
    true,
    "[T] or [1 or B, T] rows of the tables (then cos is [1 or B, P, R])",
)
.rare();

fn run_table_entry(d: &Device, t: &Tensors, _p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let entry = "rope.table_backward";
    let [x, cos, sin, dy] = ["x", "cos", "sin", "dy"].map(|n| input(entry, t, n));
    let prev = out.remove("dcos").zip(out.remove("dsin"));
    let (dcos, dsin) = run_tables(d, x?, cos?, sin?, dy?, prev)?;
    out.insert("dcos".into(), dcos);
    out.insert("dsin".into(), dsin);
    Ok(())
}

const DY: Port = port("dy", PortShape::LikeX, false, "cotangent of y");
const DY2: Port = port(
    "dy2",
    PortShape::KvLikeX,
    true,
    "cotangent of y2, rotated in the same launch (as x2 going forward)",
);

/// RoPE entries.
pub static ENTRY_POINTS: [EntryPoint; 3] = [
    EntryPoint {
        name: "rope.forward",
        op: "rope",
        inputs: &[X, COS, SIN, POSITIONS, X2],
        outputs: &[
            port("y", PortShape::LikeX, false, "rotated x"),
            port("y2", PortShape::KvLikeX, true, "rotated x2, when given"),
        ],
        params: &[LAYOUT],
        overwrites: &[],
        run: |d, t, p, o| run_entry(false, d, t, p, o),
    },
    EntryPoint {
        name: "rope.backward",
        op: "rope",
        inputs: &[COS, SIN, POSITIONS, DY, DY2],
        outputs: &[
            port("dx", PortShape::LikeX, false, "gradient of x"),
            port(
                "dx2",
                PortShape::KvLikeX,
                true,
                "gradient of x2, when dy2 is given",
            ),
        ],
        params: &[LAYOUT],
        overwrites: &[],
        run: |d, t, p, o| run_entry(true, d, t, p, o),
    },
    EntryPoint {
        name: "rope.table_backward",
        op: "rope",
        inputs: &[X, COS, SIN, DY],
        outputs: &[
            port("dcos", PortShape::Table, false, "gradient of cos, f32"),
            port("dsin", PortShape::Table, false, "gradient of sin, f32"),
        ],
        params: &[],
        overwrites: &[],
        run: run_table_entry,
    },
];
