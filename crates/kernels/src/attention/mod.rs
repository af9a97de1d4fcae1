//! Dense scaled dot-product attention (flash-style), forward and backward.
//!
//! # Contract
//!
//! `attention.forward(q, k, v) -> (o, lse)`:
//! - `q` is `[B, Hq, T, D]`, `k` and `v` are `[B, Hkv, S, D]`, all of one storage dtype (f32,
//!   f16 or bf16), contiguous. Grouped-query attention: `Hq` must be a multiple of `Hkv`, and
//!   query head `h` reads KV head `h / (Hq / Hkv)` (`Hkv = Hq` is multi-head attention,
//!   `Hkv = 1` multi-query). `1 <= D <= 256`.
//! - `o[b, h, i] = sum_j p_ij v[b, h / G, j]` with `p_i = softmax_j(scale * q_i . k_j)` over the
//!   keys `j` that query `i` may attend: every key, or with `causal = true` the keys
//!   `j <= i + offset`. `scale` defaults to `1 / sqrt(D)`. `offset` defaults to `S - T`: the
//!   queries are the last `T` positions of a sequence of `S` keys (the diagonal aligned at the
//!   bottom right, as in decoding with a KV cache or prefix caching); `offset = 0` aligns it at
//!   the top left. Any offset is allowed; a query row that may attend no key (`i + offset < 0`)
//!   gets `o = 0` and `lse = -inf`, with no NaN anywhere.
//! - `o` is `[B, Hq, T, D]` in the storage dtype; `lse` is `[B, Hq, T]` in FP32, the natural
//!   log-sum-exp of each row's scaled scores (what the backward needs to rebuild `p`).
//!
//! Scores, the running maximum and sum, and the output accumulator are FP32. Products `q k^T`
//! and `p v` go through `dot`: f16/bf16 operands (with `p` rounded to the storage dtype, as
//! flash attention does) on the tensor cores with FP32 accumulation on CUDA, FP32 FMA for f32.
//!
//! `attention.backward(q, k, v, o, lse, do) -> (dq, dk, dv)`, `o` and `lse` the forward's,
//! `do` like `q` in the storage dtype; gradients in the storage dtype, accumulated in FP32 by the
//! standard flash-attention backward: `D_i = rowsum(do_i * o_i)`, `p = exp(scale q k^T - lse)`,
//! `dp = do v^T`, `ds = p * (dp - D_i)`, `dq = scale ds k`, `dk = scale ds^T q`, `dv = p^T do`
//! (`p` and `ds` rounded to the storage dtype before their products). `dk` and `dv` sum over
//! the `G = Hq / Hkv` query heads of their group in a fixed order (no atomics): the backward is
//! deterministic. Nothing passed in is modified.
//!
//! Bounds: any `T` and `S` (0 included), at most 65535 heads and 65535 batches (the launch's
//! second and third grid axes). Memory is linear in `T` and `S`: no `[T, S]` tensor is formed.
//!
//! # Kernels
//!
//! - [`forward_kernel`]: one program per `(query block of BLOCK_M rows, query head, batch)`,
//!   looping over key blocks of `BLOCK_N` with `for_range` and an online softmax (running max,
//!   running sum, rescaled accumulator carried through the loop). Key blocks that every row of
//!   the block may attend in full run unmasked; the rest (the diagonal with `causal`, the ragged
//!   end of `S`) are masked, and a causal program stops at its last row's diagonal.
//! - [`dq_kernel`]: the same grid and key loop; computes `D_i` (stored for the next kernel) and
//!   accumulates `dq`.
//! - [`dkv_kernel`]: one program per `(key block, KV head, batch)`, looping over the query heads
//!   of its group and, from the first query block that sees its keys, over the query blocks,
//!   accumulating `dk` and `dv`. Transposed operands (`k^T`, `q^T`, `do^T`) are strided loads.

pub mod check;

use metile_ir::{DType, Verified};
use metile_lang::{dot, select, trace, Buffer, Ctx, LangError, Tile};
use metile_runtime::{Arg, Device, Tensor};

use crate::host::{bad, fit_written, float_dtype, rows_fit, same_dtype};
use crate::registry::{input, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors};

/// The largest head dimension.
pub const MAX_HEAD_DIM: usize = 256;

/// Most programs along the second and third grid axes (CUDA's limit on `gridDim.y/z`).
const MAX_GRID_YZ: usize = 65535;

/// Options of both entries.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AttentionOptions {
    /// `None`: `1 / sqrt(D)`.
    pub scale: Option<f32>,
    pub causal: bool,
    /// `None`: `S - T`. Used only with `causal`.
    pub offset: Option<i64>,
}

/// Kernel specialisation shared by the three kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AttnSpec {
    /// Storage dtype of `q`, `k`, `v`, `o`, `do` and the gradients.
    pub dtype: DType,
    pub causal: bool,
    /// Query rows and keys of a tile.
    pub block_m: usize,
    pub block_n: usize,
    /// Tile width along `D` (at least `D`).
    pub block_d: usize,
    /// `block_d == D`: the head dimension needs no mask.
    pub exact_d: bool,
}

pub const FORWARD: &str = "attention_fwd";
pub const DQ: &str = "attention_dq";
pub const DKV: &str = "attention_dkv";

/// What every kernel traces first: the run-time sizes and the index tiles.
struct Frame {
    t: Tile,
    s: Tile,
    d: Tile,
    hq: Tile,
    hkv: Tile,
    group: Tile,
    offset: Tile,
    scale: Tile,
    /// `0..block_d` (i64) and its mask (`None` when `exact_d`).
    cols: Tile,
    in_d: Option<Tile>,
}

fn i64_(t: Tile) -> Tile {
    t.cast(DType::I64)
}

impl Frame {
    fn new(k: &Ctx, spec: &AttnSpec) -> Frame {
        let [t, s, d, hq, hkv, group, offset] =
            ["t", "s", "d", "hq", "hkv", "group", "offset"].map(|name| k.scalar(name, DType::I64));
        let scale = k.scalar("scale", DType::F32);
        let cols = i64_(k.arange(0, spec.block_d as i64));
        let in_d = (!spec.exact_d).then(|| cols.lt(d));
        Frame {
            t,
            s,
            d,
            hq,
            hkv,
            group,
            offset,
            scale,
            cols,
            in_d,
        }
    }

    /// A `[rows, block_d]` tile of `buf` (rows given as flat row numbers, `row_ok` masking
    /// them), or with `transposed` its `[block_d, rows]` transpose (a strided load), in the
    /// buffer's dtype; masked-off elements are 0.
    fn rows(&self, buf: &Buffer, rows: Tile, row_ok: Option<Tile>, transposed: bool) -> Tile {
        let (r_ax, c_ax) = if transposed { (0, 1) } else { (1, 0) };
        let at = (rows * self.d).expand_dims(r_ax) + self.cols.expand_dims(c_ax);
        let mask = match (row_ok, self.in_d) {
            (None, None) => None,
            (Some(r), None) => Some(r.expand_dims(r_ax)),
            (None, Some(c)) => Some(c.expand_dims(c_ax)),
            (Some(r), Some(c)) => Some(r.expand_dims(r_ax) & c.expand_dims(c_ax)),
        };
        match mask {
            Some(m) => buf.load_masked(at, m, 0.0),
            None => buf.load(at),
        }
    }

    /// Stores a `[rows, block_d]` FP32 tile into `buf` (cast to its dtype `dt`).
    fn store_rows(&self, buf: &Buffer, rows: Tile, row_ok: Tile, value: Tile, dt: DType) {
        let at = (rows * self.d).expand_dims(1) + self.cols.expand_dims(0);
        let mut mask = row_ok.expand_dims(1);
        if let Some(c) = self.in_d {
            mask = mask & c.expand_dims(0);
        }
        buf.store_masked(at, value.cast(dt), mask);
    }

    /// The key range a query block starting at row `i0` visits: `(whole, upper)`, keys below
    /// `whole` (a multiple of `bn`) visible to every row of the block, `upper` the end.
    fn key_range(&self, spec: &AttnSpec, i0: Tile) -> (Tile, Tile) {
        let bn = spec.block_n as i64;
        if spec.causal {
            let seen_by_all = self.s.minimum(i0 + self.offset + 1).maximum(0);
            let upper = self.s.minimum(i0 + spec.block_m as i64 + self.offset);
            (seen_by_all - seen_by_all % bn, upper)
        } else {
            (self.s - self.s % bn, self.s)
        }
    }

    /// `[len_a, len_b]` mask of the (query, key) pairs allowed, `queries` along `q_axis`.
    fn allowed(&self, spec: &AttnSpec, queries: Tile, keys: Tile, q_axis: usize) -> Tile {
        let k_axis = 1 - q_axis;
        let mut m = keys.lt(self.s).expand_dims(q_axis);
        if spec.causal {
            m = m & keys
                .expand_dims(q_axis)
                .le(queries.expand_dims(k_axis) + self.offset);
        }
        m
    }
}

/// The grid position of a program over query blocks: `(first row, rows, row mask, flat row
/// numbers of q, kv head's flat first key row)`.
struct QueryBlock {
    i0: Tile,
    rows: Tile,
    in_t: Tile,
    q_rows: Tile,
    kv_row0: Tile,
}

fn query_block(k: &Ctx, f: &Frame, spec: &AttnSpec) -> QueryBlock {
    let (qb, h, b) = (
        i64_(k.program_id(0)),
        i64_(k.program_id(1)),
        i64_(k.program_id(2)),
    );
    let i0 = qb * spec.block_m as i64;
    let rows = i0 + i64_(k.arange(0, spec.block_m as i64));
    let kv = h / f.group;
    QueryBlock {
        i0,
        rows,
        in_t: rows.lt(f.t),
        q_rows: (b * f.hq + h) * f.t + rows,
        kv_row0: (b * f.hkv + kv) * f.s,
    }
}

/// The forward: `o` and `lse` of one query block (see the module doc). Parameters: `q, k, v,
/// o, lse, t, s, d, hq, hkv, group, offset, scale`.
pub fn forward_kernel(spec: &AttnSpec) -> Result<Verified, LangError> {
    let dt = spec.dtype;
    trace(FORWARD, |k| {
        let (q, kb, vb) = (k.input("q", dt), k.input("k", dt), k.input("v", dt));
        let (o, lse) = (k.output("o", dt), k.output("lse", DType::F32));
        let f = Frame::new(k, spec);
        let qbk = query_block(k, &f, spec);
        let qt = f.rows(&q, qbk.q_rows, Some(qbk.in_t), false);
        let keys0 = i64_(k.arange(0, spec.block_n as i64));
        let neg_inf = f32::NEG_INFINITY;
        let step = |j0: Tile, c: &[Tile], masked: bool| {
            let keys = j0 + keys0;
            let key_ok = masked.then(|| keys.lt(f.s));
            let kt = f.rows(&kb, qbk.kv_row0 + keys, key_ok, true);
            let mut sc = dot(qt, kt, None) * f.scale;
            if masked {
                sc = select(f.allowed(spec, qbk.rows, keys, 0), sc, neg_inf);
            }
            let m_new = c[0].maximum(sc.max(1));
            // A row with no key yet keeps m = -inf; subtracting 0 then gives p = 0, alpha = 0.
            let m_safe = select(m_new.equal(neg_inf), 0.0, m_new);
            let p = (sc - m_safe.expand_dims(1)).exp();
            let alpha = (c[0] - m_safe).exp();
            let vt = f.rows(&vb, qbk.kv_row0 + keys, key_ok, false);
            let acc = dot(p.cast(dt), vt, Some(c[2] * alpha.expand_dims(1)));
            vec![m_new, c[1] * alpha + p.sum(1), acc]
        };
        let (bm, bn, bd) = (spec.block_m, spec.block_n, spec.block_d);
        let init = [
            k.full([bm], neg_inf, DType::F32),
            k.zeros([bm], DType::F32),
            k.zeros([bm, bd], DType::F32),
        ];
        let (whole, upper) = f.key_range(spec, qbk.i0);
        let c = k.for_range(0, whole, bn as i64, &init, |j0, c| step(j0, c, false));
        let c = k.for_range(whole, upper, bn as i64, &c, |j0, c| step(j0, c, true));
        let (m, l, acc) = (c[0], c[1], c[2]);
        let empty = l.equal(0.0);
        let out = acc / select(empty, 1.0, l).expand_dims(1);
        f.store_rows(&o, qbk.q_rows, qbk.in_t, out, dt);
        let row_lse = select(empty, neg_inf, m + l.log());
        lse.store_masked(qbk.q_rows, row_lse, qbk.in_t);
    })
}

/// The first backward kernel: `D_i = rowsum(do * o)` (stored in `delta`) and `dq` of one query
/// block. Parameters: `q, k, v, o, lse, do, dq, delta, t, s, d, hq, hkv, group, offset, scale`.
pub fn dq_kernel(spec: &AttnSpec) -> Result<Verified, LangError> {
    let dt = spec.dtype;
    trace(DQ, |k| {
        let (q, kb, vb) = (k.input("q", dt), k.input("k", dt), k.input("v", dt));
        let (o, lse, dout) = (
            k.input("o", dt),
            k.input("lse", DType::F32),
            k.input("do", dt),
        );
        let (dq, delta) = (k.output("dq", dt), k.output("delta", DType::F32));
        let f = Frame::new(k, spec);
        let qbk = query_block(k, &f, spec);
        let row_ok = Some(qbk.in_t);
        let qt = f.rows(&q, qbk.q_rows, row_ok, false);
        let do_n = f.rows(&dout, qbk.q_rows, row_ok, false);
        let ot = f.rows(&o, qbk.q_rows, row_ok, false);
        let d_i = (do_n.cast(DType::F32) * ot.cast(DType::F32)).sum(1);
        delta.store_masked(qbk.q_rows, d_i, qbk.in_t);
        let lse_i = lse.load_masked(qbk.q_rows, qbk.in_t, 0.0).expand_dims(1);
        let d_i = d_i.expand_dims(1);
        let keys0 = i64_(k.arange(0, spec.block_n as i64));
        let step = |j0: Tile, c: &[Tile], masked: bool| {
            let keys = j0 + keys0;
            let key_ok = masked.then(|| keys.lt(f.s));
            let kv_rows = qbk.kv_row0 + keys;
            let kt = f.rows(&kb, kv_rows, key_ok, true);
            let mut p = (dot(qt, kt, None) * f.scale - lse_i).exp();
            if masked {
                p = select(f.allowed(spec, qbk.rows, keys, 0), p, 0.0);
            }
            let vt = f.rows(&vb, kv_rows, key_ok, true);
            let ds = p * (dot(do_n, vt, None) - d_i);
            let kn = f.rows(&kb, kv_rows, key_ok, false);
            vec![dot(ds.cast(dt), kn, Some(c[0]))]
        };
        let bn = spec.block_n as i64;
        let init = [k.zeros([spec.block_m, spec.block_d], DType::F32)];
        let (whole, upper) = f.key_range(spec, qbk.i0);
        let c = k.for_range(0, whole, bn, &init, |j0, c| step(j0, c, false));
        let c = k.for_range(whole, upper, bn, &c, |j0, c| step(j0, c, true));
        f.store_rows(&dq, qbk.q_rows, qbk.in_t, c[0] * f.scale, dt);
    })
}

/// The second backward kernel: `dk` and `dv` of one key block, summed over the query heads of
/// its group. Parameters: `q, k, v, lse, do, delta, dk, dv, t, s, d, hq, hkv, group, offset,
/// scale`.
pub fn dkv_kernel(spec: &AttnSpec) -> Result<Verified, LangError> {
    let dt = spec.dtype;
    trace(DKV, |k| {
        let (q, kb, vb) = (k.input("q", dt), k.input("k", dt), k.input("v", dt));
        let (lse, dout, delta) = (
            k.input("lse", DType::F32),
            k.input("do", dt),
            k.input("delta", DType::F32),
        );
        let (dk, dv) = (k.output("dk", dt), k.output("dv", dt));
        let f = Frame::new(k, spec);
        let (kbi, kvh, b) = (
            i64_(k.program_id(0)),
            i64_(k.program_id(1)),
            i64_(k.program_id(2)),
        );
        let (bm, bn, bd) = (spec.block_m as i64, spec.block_n, spec.block_d);
        let j0 = kbi * bn as i64;
        let keys = j0 + i64_(k.arange(0, bn as i64));
        let in_s = keys.lt(f.s);
        let kv_rows = (b * f.hkv + kvh) * f.s + keys;
        let kn = f.rows(&kb, kv_rows, Some(in_s), false);
        let vn = f.rows(&vb, kv_rows, Some(in_s), false);
        let steps = i64_(k.arange(0, bm));
        // The first query block that sees key j0: rows i with i + offset >= j0.
        let first = if spec.causal {
            let i = (j0 - f.offset).maximum(0);
            i - i % bm
        } else {
            k.constant(0, DType::I64)
        };
        let zeros = k.zeros([bn, bd], DType::F32);
        let head_step = |g: Tile, c: &[Tile]| {
            let h = kvh * f.group + g;
            let q_row0 = (b * f.hq + h) * f.t;
            k.for_range(first, f.t, bm, c, |i0, c| {
                let rows = i0 + steps;
                let in_t = rows.lt(f.t);
                let q_rows = q_row0 + rows;
                let q_t = f.rows(&q, q_rows, Some(in_t), true);
                let lse_i = lse.load_masked(q_rows, in_t, 0.0).expand_dims(0);
                let allowed = f.allowed(spec, rows, keys, 1) & in_t.expand_dims(0);
                let p_t = select(allowed, (dot(kn, q_t, None) * f.scale - lse_i).exp(), 0.0);
                let do_n = f.rows(&dout, q_rows, Some(in_t), false);
                let dv = dot(p_t.cast(dt), do_n, Some(c[1]));
                let do_t = f.rows(&dout, q_rows, Some(in_t), true);
                let d_i = delta.load_masked(q_rows, in_t, 0.0).expand_dims(0);
                let ds_t = p_t * (dot(vn, do_t, None) - d_i);
                let q_n = f.rows(&q, q_rows, Some(in_t), false);
                vec![dot(ds_t.cast(dt), q_n, Some(c[0])), dv]
            })
        };
        let c = k.for_range(0, f.group, 1i64, &[zeros, zeros], head_step);
        f.store_rows(&dk, kv_rows, in_s, c[0] * f.scale, dt);
        f.store_rows(&dv, kv_rows, in_s, c[1], dt);
    })
}

/// Tiles for head dimension `d` (`cpu`: for the CPU executor, else for a GPU): on the CPU `BLOCK_M = BLOCK_N = 64` cut to the
/// problem and `D` exact; on a GPU `D` rounded up to a power of two and square tiles of 64, 32
/// or 16 rows (multiples of the tensor cores' 16) so that a product's operands fit in 48 KiB of
/// shared memory.
fn tiles(cpu: bool, dtype: DType, causal: bool, t: usize, s: usize, d: usize) -> AttnSpec {
    let (block_m, block_n, block_d) = if cpu {
        (t.clamp(1, 64), s.clamp(1, 64), d)
    } else {
        let bd = d.next_power_of_two();
        let b = (4096 / bd).clamp(16, 64);
        (b, b, bd)
    };
    AttnSpec {
        dtype,
        causal,
        block_m,
        block_n,
        block_d,
        exact_d: block_d == d,
    }
}

/// The spec `metile emit` shows: causal, `D = 128` with the GPU tiles.
pub fn representative_spec(dtype: DType) -> AttnSpec {
    AttnSpec {
        dtype,
        causal: true,
        block_m: 32,
        block_n: 32,
        block_d: 128,
        exact_d: true,
    }
}

// ---- Host wrappers ---------------------------------------------------------------------------

/// Validated sizes of a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Dims {
    b: usize,
    hq: usize,
    hkv: usize,
    t: usize,
    s: usize,
    d: usize,
}

impl Dims {
    fn q_shape(&self) -> [usize; 4] {
        [self.b, self.hq, self.t, self.d]
    }
    fn kv_shape(&self) -> [usize; 4] {
        [self.b, self.hkv, self.s, self.d]
    }
}

fn validate(entry: &str, q: &Tensor, k: &Tensor, v: &Tensor) -> Result<Dims, OpError> {
    let dt = float_dtype(entry, "q", q)?;
    let &[b, hq, t, d] = &q.shape[..] else {
        return Err(bad(
            entry,
            "q",
            format!("shape {:?} must be [B, Hq, T, D]", q.shape),
        ));
    };
    let &[kb, hkv, s, kd] = &k.shape[..] else {
        return Err(bad(
            entry,
            "k",
            format!("shape {:?} must be [B, Hkv, S, D]", k.shape),
        ));
    };
    if kb != b || kd != d {
        return Err(bad(
            entry,
            "k",
            format!("shape {:?} must be [B = {b}, Hkv, S, D = {d}]", k.shape),
        ));
    }
    if v.shape != k.shape {
        return Err(bad(
            entry,
            "v",
            format!("shape {:?} must equal k's {:?}", v.shape, k.shape),
        ));
    }
    for (name, t) in [("k", k), ("v", v)] {
        same_dtype(entry, name, t, dt, "q")?;
    }
    if hkv == 0 || !hq.is_multiple_of(hkv) {
        return Err(bad(
            entry,
            "k",
            format!("{hkv} KV heads do not divide the {hq} query heads"),
        ));
    }
    if d == 0 || d > MAX_HEAD_DIM {
        return Err(bad(
            entry,
            "q",
            format!("head dimension D = {d}; allowed 1 to {MAX_HEAD_DIM}"),
        ));
    }
    if hq > MAX_GRID_YZ || b > MAX_GRID_YZ {
        return Err(bad(
            entry,
            "q",
            format!("{b} batches of {hq} heads; at most {MAX_GRID_YZ} of each"),
        ));
    }
    let dims = Dims {
        b,
        hq,
        hkv,
        t,
        s,
        d,
    };
    rows_fit(entry, "q", t)?;
    rows_fit(entry, "k", s)?;
    Ok(dims)
}

/// The run-time scalars every kernel takes after its buffers. The offset is clamped to
/// `[-T, S]`, which masks alike (from `S` on every key is visible, from `-T` down none) and keeps
/// the kernels' `row + offset` from overflowing for offsets near the ends of `i64`.
fn scalars(dims: &Dims, opts: &AttentionOptions) -> Vec<Arg<'static>> {
    let (t, s) = (dims.t as i64, dims.s as i64);
    let offset = opts.offset.unwrap_or(s - t).clamp(-t, s);
    let scale = opts.scale.unwrap_or(1.0 / (dims.d as f32).sqrt());
    let mut args: Vec<Arg<'static>> = [
        dims.t,
        dims.s,
        dims.d,
        dims.hq,
        dims.hkv,
        dims.hq / dims.hkv,
    ]
    .map(|v| Arg::I64(v as i64))
    .into();
    args.push(Arg::I64(offset));
    args.push(Arg::F32(scale));
    args
}

/// Forward outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct AttentionOutputs {
    pub o: Tensor,
    /// FP32 `[B, Hq, T]`.
    pub lse: Tensor,
}

/// Runs the forward on `device`, reusing `prev` outputs that fit.
pub fn forward(
    device: &Device,
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
    opts: &AttentionOptions,
    prev: Option<AttentionOutputs>,
) -> Result<AttentionOutputs, OpError> {
    let entry = "attention.forward";
    let dims = validate(entry, q, k, v)?;
    let dt = q.dtype();
    let (prev_o, prev_lse) = prev.map_or((None, None), |p| (Some(p.o), Some(p.lse)));
    let mut o = fit_written(device, prev_o, dt, &dims.q_shape())?;
    let mut lse = fit_written(device, prev_lse, DType::F32, &dims.q_shape()[..3])?;
    let spec = tiles(device.is_cpu(), dt, opts.causal, dims.t, dims.s, dims.d);
    let grid = [dims.t.div_ceil(spec.block_m), dims.hq, dims.b];
    if grid.contains(&0) {
        return Ok(AttentionOutputs { o, lse });
    }
    let kernel = device.kernel(FORWARD, &spec, || forward_kernel(&spec))?;
    let mut args = vec![
        Arg::In(&q.buffer),
        Arg::In(&k.buffer),
        Arg::In(&v.buffer),
        Arg::Out(&mut o.buffer),
        Arg::Out(&mut lse.buffer),
    ];
    args.extend(scalars(&dims, opts));
    device.launch(&kernel, grid.map(|g| g as u32), &mut args)?;
    Ok(AttentionOutputs { o, lse })
}

/// Backward inputs.
#[derive(Clone, Copy)]
pub struct AttentionBackwardInputs<'a> {
    pub q: &'a Tensor,
    pub k: &'a Tensor,
    pub v: &'a Tensor,
    /// The forward's outputs.
    pub o: &'a Tensor,
    pub lse: &'a Tensor,
    pub d_o: &'a Tensor,
}

/// Backward outputs, in the storage dtype.
#[derive(Clone, Debug, PartialEq)]
pub struct AttentionGrads {
    pub dq: Tensor,
    pub dk: Tensor,
    pub dv: Tensor,
}

/// Runs the backward on `device`, reusing `prev` outputs that fit.
pub fn backward(
    device: &Device,
    inp: &AttentionBackwardInputs<'_>,
    opts: &AttentionOptions,
    prev: Option<AttentionGrads>,
) -> Result<AttentionGrads, OpError> {
    let entry = "attention.backward";
    let dims = validate(entry, inp.q, inp.k, inp.v)?;
    let dt = inp.q.dtype();
    for (name, t) in [("o", inp.o), ("do", inp.d_o)] {
        float_dtype(entry, name, t)?;
        same_dtype(entry, name, t, dt, "q")?;
        if t.shape != dims.q_shape() {
            return Err(bad(
                entry,
                name,
                format!("shape {:?} must be q's {:?}", t.shape, dims.q_shape()),
            ));
        }
    }
    if inp.lse.dtype() != DType::F32 || inp.lse.shape != dims.q_shape()[..3] {
        return Err(bad(
            entry,
            "lse",
            format!(
                "{} {:?} must be f32 [B, Hq, T] = {:?}",
                inp.lse.dtype(),
                inp.lse.shape,
                &dims.q_shape()[..3]
            ),
        ));
    }
    let (p_dq, p_dk, p_dv) =
        prev.map_or((None, None, None), |g| (Some(g.dq), Some(g.dk), Some(g.dv)));
    let mut dq = fit_written(device, p_dq, dt, &dims.q_shape())?;
    let mut dk = fit_written(device, p_dk, dt, &dims.kv_shape())?;
    let mut dv = fit_written(device, p_dv, dt, &dims.kv_shape())?;
    let spec = tiles(device.is_cpu(), dt, opts.causal, dims.t, dims.s, dims.d);
    // D_i, written by the dq kernel and read by the dk/dv kernel.
    let mut delta = device.tensor_zeros(DType::F32, &dims.q_shape()[..3])?;
    let q_grid = [dims.t.div_ceil(spec.block_m), dims.hq, dims.b];
    if !q_grid.contains(&0) {
        let kernel = device.kernel(DQ, &spec, || dq_kernel(&spec))?;
        let mut args = vec![
            Arg::In(&inp.q.buffer),
            Arg::In(&inp.k.buffer),
            Arg::In(&inp.v.buffer),
            Arg::In(&inp.o.buffer),
            Arg::In(&inp.lse.buffer),
            Arg::In(&inp.d_o.buffer),
            Arg::Out(&mut dq.buffer),
            Arg::Out(&mut delta.buffer),
        ];
        args.extend(scalars(&dims, opts));
        device.launch(&kernel, q_grid.map(|g| g as u32), &mut args)?;
    }
    let kv_grid = [dims.s.div_ceil(spec.block_n), dims.hkv, dims.b];
    if !kv_grid.contains(&0) {
        let kernel = device.kernel(DKV, &spec, || dkv_kernel(&spec))?;
        let mut args = vec![
            Arg::In(&inp.q.buffer),
            Arg::In(&inp.k.buffer),
            Arg::In(&inp.v.buffer),
            Arg::In(&inp.lse.buffer),
            Arg::In(&inp.d_o.buffer),
            Arg::In(&delta.buffer),
            Arg::Out(&mut dk.buffer),
            Arg::Out(&mut dv.buffer),
        ];
        args.extend(scalars(&dims, opts));
        device.launch(&kernel, kv_grid.map(|g| g as u32), &mut args)?;
    }
    Ok(AttentionGrads { dq, dk, dv })
}

// ---- Registry entry points -------------------------------------------------------------------

/// A required port.
const fn port(name: &'static str, shape: PortShape, doc: &'static str) -> Port {
    crate::registry::port(name, shape, false, doc)
}

const Q: Port = port("q", PortShape::QueryHeads, "queries [B, Hq, T, D]");
const K: Port = port("k", PortShape::KvHeads, "keys [B, Hkv, S, D], q's dtype");
const V: Port = port("v", PortShape::KvHeads, "values [B, Hkv, S, D], q's dtype");
const O: Port = port("o", PortShape::QueryHeads, "attention output [B, Hq, T, D]");
const LSE: Port = port(
    "lse",
    PortShape::HeadRows,
    "log-sum-exp of each row's scaled scores, f32 [B, Hq, T] (-inf for a row with no key)",
);
const DO: Port = port("do", PortShape::QueryHeads, "cotangent of o, q's dtype");
const DQ_PORT: Port = port("dq", PortShape::QueryHeads, "gradient of q");
const DK: Port = port(
    "dk",
    PortShape::KvHeads,
    "gradient of k (summed over its group)",
);
const DV: Port = port(
    "dv",
    PortShape::KvHeads,
    "gradient of v (summed over its group)",
);

const SCALE: ParamDef = ParamDef {
    name: "scale",
    default: "auto",
    allowed: "auto (1/sqrt(D)) or a finite number",
    doc: "factor of the scores q k^T",
};
const CAUSAL: ParamDef = ParamDef {
    name: "causal",
    default: "false",
    allowed: "true, false",
    doc: "query i attends key j only when j <= i + offset",
};
const OFFSET: ParamDef = ParamDef {
    name: "offset",
    default: "auto",
    allowed: "auto (S - T, the diagonal at the bottom right) or an integer",
    doc: "diagonal of the causal mask",
};

fn options(p: &Params) -> Result<AttentionOptions, OpError> {
    let scale = match p.text("scale").trim() {
        "auto" => None,
        _ => Some(p.f32("scale")?),
    };
    let causal = p.choice("causal", &["false", "true"])? == "true";
    let text = p.text("offset");
    let offset = match text.trim() {
        "auto" => None,
        n => Some(n.parse::<i64>().map_err(|_| OpError::BadParam {
            entry: "attention".into(),
            name: "offset".into(),
            value: text.clone(),
            message: "is not an integer".into(),
            allowed: OFFSET.allowed.into(),
        })?),
    };
    Ok(AttentionOptions {
        scale,
        causal,
        offset,
    })
}

fn run_forward(d: &Device, t: &Tensors, p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let entry = "attention.forward";
    let (q, k, v) = (
        input(entry, t, "q")?,
        input(entry, t, "k")?,
        input(entry, t, "v")?,
    );
    let prev = out
        .remove("o")
        .zip(out.remove("lse"))
        .map(|(o, lse)| AttentionOutputs { o, lse });
    let r = forward(d, q, k, v, &options(p)?, prev)?;
    out.insert("o".into(), r.o);
    out.insert("lse".into(), r.lse);
    Ok(())
}

fn run_backward(d: &Device, t: &Tensors, p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let entry = "attention.backward";
    let inp = AttentionBackwardInputs {
        q: input(entry, t, "q")?,
        k: input(entry, t, "k")?,
        v: input(entry, t, "v")?,
        o: input(entry, t, "o")?,
        lse: input(entry, t, "lse")?,
        d_o: input(entry, t, "do")?,
    };
    let prev = match (out.remove("dq"), out.remove("dk"), out.remove("dv")) {
        (Some(dq), Some(dk), Some(dv)) => Some(AttentionGrads { dq, dk, dv }),
        _ => None,
    };
    let g = backward(d, &inp, &options(p)?, prev)?;
    out.insert("dq".into(), g.dq);
    out.insert("dk".into(), g.dk);
    out.insert("dv".into(), g.dv);
    Ok(())
}

/// The attention pair.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "attention.forward",
        op: "attention",
        inputs: &[Q, K, V],
        outputs: &[O, LSE],
        params: &[SCALE, CAUSAL, OFFSET],
        overwrites: &[],
        run: run_forward,
    },
    EntryPoint {
        name: "attention.backward",
        op: "attention",
        inputs: &[Q, K, V, O, LSE, DO],
        outputs: &[DQ_PORT, DK, DV],
        params: &[SCALE, CAUSAL, OFFSET],
        overwrites: &[],
        run: run_backward,
    },
];
