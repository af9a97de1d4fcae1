//! Sparsemax over the last axis (Liger-Kernel's `LigerSparsemaxFunction`, `PARITY.md` §2.6),
//! forward and backward, without sorting.
//!
//! # Contract
//!
//! Rows are every axis of `x` but the last (Liger's `dim=-1`; another `dim` is the caller's
//! transpose, not an entry of its own).
//!
//! - `sparsemax.forward(x) -> y`: per row `z`, the threshold `tau` with
//!   `sum_i max(z_i - tau, 0) = 1` and `y = max(z - tau, 0)`, computed in FP32 and rounded once
//!   to x's storage dtype. `y` is a point of the probability simplex; its support is
//!   `{i: z_i > tau}`.
//! - `sparsemax.backward(y, dy) -> dx`, from the forward's output `y` (the tensor Liger saves):
//!   on the support `y > 0`, `dx = dy - mean_support(dy)`; off it `dx = 0`. The support is read
//!   from `y` as stored, so a 16-bit `y` whose smallest entries rounded to 0 (f16 below 2^-25)
//!   has the smaller support, as in Liger.
//!
//! ## How `tau` is found (no sort)
//!
//! Liger sorts each row with torch. A per-row sort is slow on a GPU, so each program finds `tau`
//! from its row in registers (or in column steps), relative to the row's max `m`: with
//! `d = z - m` (exact in FP32 for every candidate of the support, which lies within 1 of `m`)
//! and `t = tau - m`, `f(t) = sum max(d - t, 0) - 1` is continuous and decreasing, with
//! `f(-1) >= 0` (the max alone contributes 1) and `f(0) = -1`, so `t` lies in `[-1, 0]`.
//!
//! 1. **Bisection**, [`BISECTIONS`] = 24 halvings of `[lo, hi] = [-1, 0]`, keeping `f(lo) >= 0`
//!    (`f` summed in FP32). After `j` halvings `lo` and `hi` are multiples of `2^-j` in
//!    `[-1, 0]`, exact in FP32's 24-bit significand up to `j = 24`; beyond that the midpoint is
//!    no longer representable near -1 (the spacing of FP32 in `[-1, -1/2)` is `2^-24`) and
//!    further halvings stall. So 24 halvings is the FP32 resolution of the bracket, `2^-24`.
//! 2. **Refinement**, [`REFINEMENTS`] = 4 times: with `S = {i: d_i > t}` (first `t = lo`),
//!    `t = (sum_S d - 1) / |S|`. When `S` is the support this is the sort's exact value. From
//!    `t <= t*` (true of `lo`), `S` contains the support, its extra members `E` lie in
//!    `(t, t*]`, and the new `t = t* - sum_E (t* - d_i) / |S|` is again in `[t, t*]`
//!    (Michelot's iteration: monotone, never past `t*`, and exact once `E` is empty; each step
//!    drops at least the lowest distinct value of `E`). After the bisection `E` lies within
//!    `2^-24` of `t*`, so an entry of `y` is off by less than `2^-24` absolute after the first
//!    refinement, and each step multiplies the error by at most `|E| / |S|`. Entries tied with the
//!    threshold (`z_i = tau`) have `y_i = 0` whether or not `S` holds them: they add
//!    `t* - d_i = 0`. With 16-bit inputs the bracket holds one or two distinct values (except
//!    for `|tau - max|` far below 1), so two refinements are exact there; the other two are for
//!    FP32 rows with many distinct values in the last `2^-24` below `t*` (the check's
//!    `cluster` rows: a tenth of 3000 entries in the support, the rest so clustered, are off by
//!    3e-6 of `max y` after two refinements, 1.0e-6 after three, 1.6e-7 after four).
//!
//! Rounding of `f`'s FP32 sum can flip a bisection step only where `|f(mid)|` is below that
//! rounding, i.e. for `mid` within about `n u / |S|` of `t*`; the refinement then starts from a
//! slightly wrong set, whose wrong members again have `y` near 0. The refinement's sum is of
//! `d` (relative to the max, which is in every support), so a large `|max|` costs nothing, and
//! its rounding is at most `u` times the row's growth factor relative to `max y`. `y =
//! max(d - t, 0)` is computed from `d`, not from `z - tau`.
//!
//! ## Numerics, bounds, determinism
//!
//! `x` and `y` are f32, f16 or bf16; `dy` must have y's dtype and shape. Arithmetic and every
//! sum is FP32 (the support mean too, where Liger first rounds it to the output dtype: more
//! precise here). `y` has x's storage dtype; `dx` y's unless `grad_dtype=f32`. Any width from
//! 1 to 2^24 columns: a row wider than one tile (65536 columns on the CPU, 16384 on a GPU) is
//! walked in column steps, once for the max, once per bisection step and refinement, and once
//! to store `y` (30 passes; the backward walks it twice). Any number of rows up to 2^31 - 1; no
//! rows gives empty outputs. Rank 0, zero columns, non-float dtypes, or a `dy` of another shape
//! or dtype are typed errors. A row holding NaN gives NaN. Results repeat bit for bit. Nothing
//! is modified in place.

pub mod check;
#[cfg(test)]
mod tests;

use metile_ir::{DType, Verified};
use metile_lang::{trace, Buffer, LangError, Tile};
use metile_runtime::{Arg, Device, Tensor};

use crate::cross_entropy::RowTiles;
use crate::host::{bad, fit_written, float_dtype, same_dtype};
use crate::norms::Tiling;
use crate::registry::{
    input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors,
};

/// Halvings of the threshold's bracket `[-1, 0]` (relative to the row's max): the FP32
/// resolution of the bracket (see the module doc).
pub const BISECTIONS: i32 = 24;
/// Exact refinements `t = (sum_S d - 1) / |S|` after the bisection.
pub const REFINEMENTS: usize = 4;

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SparsemaxSpec {
    pub backward: bool,
    /// The dtype of the row input: `x` forward, the forward's output `y` backward.
    pub x: DType,
    pub dy: DType,
    pub out: DType,
    pub tiling: Tiling,
}

impl SparsemaxSpec {
    fn name(&self) -> String {
        format!("sparsemax_{}", if self.backward { "bwd" } else { "fwd" })
    }
}

/// The spec `metile emit` shows: storage `dtype` everywhere, one tile of `block` columns
/// (masked unless `exact`).
pub fn representative_spec(
    dtype: DType,
    block: usize,
    exact: bool,
    backward: bool,
) -> SparsemaxSpec {
    SparsemaxSpec {
        backward,
        x: dtype,
        dy: dtype,
        out: dtype,
        tiling: Tiling {
            block,
            exact,
            looped: false,
            prefetch: false,
        },
    }
}

/// Loads a tile in f32, `fill` where masked off.
fn load(buf: &Buffer, offs: Tile, mask: Option<Tile>, fill: f32) -> Tile {
    match mask {
        Some(m) => buf.load_masked(offs, m, fill).cast(DType::F32),
        None => buf.load(offs).cast(DType::F32),
    }
}

/// Stores a tile as `dtype` (the output's).
fn store(out: &Buffer, dtype: DType, v: Tile, offs: Tile, mask: Option<Tile>) {
    match mask {
        Some(m) => out.store_masked(offs, v.cast(dtype), m),
        None => out.store(offs, v.cast(dtype)),
    }
}

/// The kernel of `spec`, one program per row. Parameters: `x, y` (forward) or `y, dy, dx`
/// (backward), then `n`.
pub fn kernel(spec: &SparsemaxSpec) -> Result<Verified, LangError> {
    if spec.backward {
        backward_kernel(spec)
    } else {
        forward_kernel(spec)
    }
}

/// The forward: the row's max, the bisection on `t = tau - max`, the refinements, then `y` (the
/// module doc's algorithm). A single-tile row is loaded once; a stepped row once per pass.
/// Masked lanes read `-inf`: `max(d - t, 0) = 0` and `d > t` is false there.
pub fn forward_kernel(spec: &SparsemaxSpec) -> Result<Verified, LangError> {
    trace(&spec.name(), |k| {
        let x = k.input("x", spec.x);
        let y = k.output("y", spec.out);
        let n = k.scalar("n", DType::I32);
        let t = spec.tiling;
        if let Some(cap) = forward_threads(t) {
            k.max_threads(cap);
        }
        let row = RowTiles::new(k, k.program_id(0), n, t);
        let whole = (!t.looped).then(|| {
            let (offs, _, mask) = row.at(None);
            (load(&x, offs, mask, f32::NEG_INFINITY), offs, mask)
        });
        let load_x = |start: Option<Tile>| match whole {
            Some(w) => w,
            None => {
                let (offs, _, mask) = row.at(start);
                (load(&x, offs, mask, f32::NEG_INFINITY), offs, mask)
            }
        };
        let m = match whole {
            Some((v, _, _)) => v.max(0),
            None => {
                let init = k.full([t.block], f32::NEG_INFINITY, DType::F32);
                k.for_range(0, n, t.block as i64, &[init], |start, c| {
                    vec![c[0].maximum(load_x(Some(start)).0)]
                })[0]
                    .max(0)
            }
        };
        // d = z - max, computed once for a single-tile row.
        let d_whole = whole.map(|(v, _, _)| v - m);
        let d = |start: Option<Tile>| match d_whole {
            Some(dw) => dw,
            None => load_x(start).0 - m,
        };
        // Bisection on [lo, hi] = [-1, 0], keeping f(lo) >= 0.
        let lo = k.constant(-1.0f32, DType::F32);
        let hi = k.constant(0.0f32, DType::F32);
        let bracket = k.for_range(0, BISECTIONS, 1, &[lo, hi], |_, c| {
            let mid = (c[0] + c[1]) * 0.5f32;
            let s = row.sums(1, &|st| vec![(d(st) - mid).maximum(0.0f32)])[0];
            let above = s.ge(1.0f32);
            vec![above.select(mid, c[0]), above.select(c[1], mid)]
        });
        // Refinements from the bracket's lower end: t = (sum_S d - 1) / |S|, S = {d > t}.
        let mut tau = bracket[0];
        let one = k.constant(1.0f32, DType::F32);
        for _ in 0..REFINEMENTS {
            let cur = tau;
            let s = row.sums(2, &|st| {
                let dv = d(st);
                let on = dv.gt(cur);
                vec![on.select(one, 0.0f32), on.select(dv, 0.0f32)]
            });
            tau = (s[1] - 1.0f32) / s[0];
        }
        row.each(&|st| {
            let (v, offs, mask) = load_x(st);
            let dv = match d_whole {
                Some(dw) => dw,
                None => v - m,
            };
            store(&y, spec.out, (dv - tau).maximum(0.0f32), offs, mask);
        });
    })
}

/// The GPU thread cap of a one-tile forward: about 128 columns per thread, at least a warp.
/// Its 29 dependent row reductions make it latency- and instruction-bound, so narrow programs
/// win (H200, 16384x4096, ms, 32 / 64 / 128 / 256 threads, session 19: bf16 0.242 / 0.287 /
/// 0.276 / 0.367, f32 0.261 / 0.296 / 0.285 / 0.373; 256 was the cost model's choice). Stepped
/// rows keep the model's plan (1024x65536 bf16: 0.639 with it, 0.957 at 256 threads).
fn forward_threads(t: Tiling) -> Option<u32> {
    (!t.looped).then(|| (t.block / 128).max(32) as u32)
}

/// The backward from the forward's output: the support's size and `sum(dy)` over it in one
/// walk, then `dx`. Masked lanes read `y = 0` (off the support). A `y` with no positive entry
/// (not a sparsemax output) gets `dx = 0`.
pub fn backward_kernel(spec: &SparsemaxSpec) -> Result<Verified, LangError> {
    trace(&spec.name(), |k| {
        let y = k.input("y", spec.x);
        let dy = k.input("dy", spec.dy);
        let dx = k.output("dx", spec.out);
        let n = k.scalar("n", DType::I32);
        let t = spec.tiling;
        let row = RowTiles::new(k, k.program_id(0), n, t);
        let tile_at = |start: Option<Tile>| {
            let (offs, _, mask) = row.at(start);
            (
                load(&y, offs, mask, 0.0),
                load(&dy, offs, mask, 0.0),
                offs,
                mask,
            )
        };
        let whole = (!t.looped).then(|| tile_at(None));
        let tile = |start: Option<Tile>| whole.unwrap_or_else(|| tile_at(start));
        let one = k.constant(1.0f32, DType::F32);
        let s = row.sums(2, &|st| {
            let (yv, g, _, _) = tile(st);
            let on = yv.gt(0.0f32);
            vec![on.select(one, 0.0f32), on.select(g, 0.0f32)]
        });
        let mean = s[1] / s[0];
        row.each(&|st| {
            let (yv, g, offs, mask) = tile(st);
            let out = yv.gt(0.0f32).select(g - mean, 0.0f32);
            store(&dx, spec.out, out, offs, mask);
        });
    })
}

/// Runs the forward of `x` (`dy == None`) with `tiling` (or the device's), or the backward from
/// the forward's output (`x` is then `y`), reusing `prev` when it fits; `f32_grads` makes `dx`
/// FP32.
pub fn run_tiled(
    device: &Device,
    x: &Tensor,
    dy: Option<&Tensor>,
    f32_grads: bool,
    prev: Option<Tensor>,
    tiling: Option<Tiling>,
) -> Result<Tensor, OpError> {
    let (entry, input) = match dy {
        Some(_) => ("sparsemax.backward", "y"),
        None => ("sparsemax.forward", "x"),
    };
    let xd = float_dtype(entry, input, x)?;
    let Some((rows, cols)) = x.rows_cols() else {
        return Err(bad(entry, input, "must have at least one axis".into()));
    };
    if cols == 0 || cols > crate::norms::MAX_COLS || rows > i32::MAX as usize {
        return Err(bad(
            entry,
            input,
            format!(
                "{rows} rows of {cols} columns; allowed: columns 1 to {}, rows at most {}",
                crate::norms::MAX_COLS,
                i32::MAX
            ),
        ));
    }
    let dyd = match dy {
        Some(t) if t.shape != x.shape => {
            return Err(bad(
                entry,
                "dy",
                format!("shape {:?} must match {input} {:?}", t.shape, x.shape),
            ))
        }
        Some(t) => {
            let d = float_dtype(entry, "dy", t)?;
            same_dtype(entry, "dy", t, xd, input)?;
            d
        }
        None => xd,
    };
    let out_dtype = if dy.is_some() && f32_grads {
        DType::F32
    } else {
        xd
    };
    let mut out = fit_written(device, prev, out_dtype, &x.shape)?;
    if rows == 0 {
        return Ok(out);
    }
    let spec = SparsemaxSpec {
        backward: dy.is_some(),
        x: xd,
        dy: dyd,
        out: out_dtype,
        tiling: tiling.unwrap_or_else(|| Tiling::for_device(device, cols)),
    };
    let k = device.kernel(&spec.name(), &spec, || kernel(&spec))?;
    let mut args: Vec<Arg<'_>> = vec![Arg::In(&x.buffer)];
    args.extend(dy.map(|t| Arg::In(&t.buffer)));
    args.push(Arg::Out(&mut out.buffer));
    args.push(Arg::I32(cols as i32));
    device.launch(&k, [rows as u32, 1, 1], &mut args)?;
    Ok(out)
}

/// [`run_tiled`] with the device's tiling.
pub fn run(
    device: &Device,
    x: &Tensor,
    dy: Option<&Tensor>,
    f32_grads: bool,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    run_tiled(device, x, dy, f32_grads, prev, None)
}

const X: Port = port("x", PortShape::LikeX, false, "input rows");
const DY: Port = port("dy", PortShape::LikeX, false, "cotangent of y, y's dtype");
const Y: Port = port("y", PortShape::LikeX, false, "output, storage dtype");
const Y_SAVED: Port = port("y", PortShape::LikeX, false, "the forward's output");
const DX: Port = port("dx", PortShape::LikeX, false, "gradient of x");
const GRAD_DTYPE: ParamDef = ParamDef {
    name: "grad_dtype",
    default: "storage",
    allowed: "storage, f32",
    doc: "dtype of dx",
};

fn run_entry(
    bwd: bool,
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let entry = if bwd {
        "sparsemax.backward"
    } else {
        "sparsemax.forward"
    };
    let x = input(entry, t, if bwd { "y" } else { "x" })?;
    let dy = if bwd {
        Some(input(entry, t, "dy")?)
    } else {
        None
    };
    let f32_grads = bwd && p.choice("grad_dtype", &["storage", "f32"])? == "f32";
    let key = if bwd { "dx" } else { "y" };
    let prev = out.remove(key);
    let res = run(d, x, dy, f32_grads, prev)?;
    out.insert(key.into(), res);
    Ok(())
}

/// Sparsemax's entries.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "sparsemax.forward",
        op: "sparsemax",
        inputs: &[X],
        outputs: &[Y],
        params: &[],
        overwrites: &[],
        run: |d, t, p, o| run_entry(false, d, t, p, o),
    },
    EntryPoint {
        name: "sparsemax.backward",
        op: "sparsemax",
        inputs: &[Y_SAVED, DY],
        outputs: &[DX],
        params: &[GRAD_DTYPE],
        overwrites: &[],
        run: |d, t, p, o| run_entry(true, d, t, p, o),
    },
];
