//! Normalization: RMSNorm, LayerNorm and fused add + RMSNorm, forward and backward.
//!
//! # Contract
//!
//! Rows are every axis of `x` but the last; `cols` is the last axis. With `w' = offset + w`:
//!
//! - `rms_norm.forward(x, weight?) -> (y, rstd)`: `rstd = 1 / sqrt(mean(x^2) + eps)` per row,
//!   `y = x * rstd * w'` (`x * rstd` without weight).
//! - `layer_norm.forward(x, weight, bias) -> (y, mean, rstd)`: two-pass mean, population variance
//!   of the centred row, `rstd = 1 / sqrt(var + eps)`, `y = (x - mean) * rstd * w + b`.
//! - `add_rms_norm.forward(x, residual, weight) -> (y, residual_out)`: `s = x + residual` in FP32;
//!   `y` normalizes the unrounded `s`; `residual_out` is `s` rounded to the storage dtype.
//! - Backward entries take the forward's inputs plus the cotangents and recompute the statistics
//!   in FP32 from x: `dx = rstd * (g - xhat * mean(xhat * g) - [mean(g)])` with `g = dy * w'`
//!   (the bracket for LayerNorm only), `dweight = sum_rows dy * xhat`, `dbias = sum_rows dy`.
//!   `add_rms_norm.backward` also takes the optional cotangent of `residual_out` (zero if absent)
//!   and adds it to the gradient, which is the gradient of both `x` and `residual` (returned as
//!   `dx` and `dresidual`, equal).
//!
//! Options (as Liger-Kernel's RMSNorm): `eps` (default 1e-5, positive and finite), `offset`
//! (default 0, RMS kinds), `casting_mode`:
//! - `llama` (default): statistics in FP32; `x * rstd` is rounded to the storage dtype before the
//!   product with `w'`, which is computed in FP32 and rounded once.
//! - `gemma`: everything in FP32; only `y` is rounded.
//! - `none`: squares are rounded to the storage dtype and summed in FP32; the mean square, `eps`,
//!   `rstd`, `offset + w` and each product are rounded to the storage dtype; `rstd` is returned
//!   in the storage dtype. With f32 storage the three modes are the same computation.
//!
//! The backward differentiates the real-valued formula with FP32 statistics in every mode,
//! ignoring the rounding of casts.
//!
//! Dtypes: `x` (and `residual`, which must match it) is f32, f16 or bf16; weight, bias and
//! cotangents may each be any of the three. `y` and `residual_out` use the storage dtype of `x`;
//! `mean`/`rstd` are FP32 (except `rstd` under `none`). Parameter gradients are FP32. `dx` is FP32
//! by default; `grad_dtype=storage` rounds it to the storage dtype of `x` (Liger's choice, half
//! the bytes).
//!
//! Accumulation: every sum is FP32. Parameter gradients are reduced without atomics: the backward
//! kernel's programs each own a contiguous block of rows and write one FP32 partial row; a second
//! kernel sums the partial rows in program order. The number of programs depends only on the
//! shape and the device, so results repeat exactly from run to run.
//!
//! In-place backward (Liger's `in_place=True`, the default of its RMSNorm): entries
//! `rms_norm.in_place_backward`, `layer_norm.in_place_backward` and
//! `add_rms_norm.in_place_backward` take the backward's inputs, consume `dy` and return it
//! holding `dx` (`EntryPoint::overwrites`), in `dy`'s dtype (no `grad_dtype`; for the fused add
//! `dx` is the gradient of both `x` and the residual, returned once), with the FP32 parameter
//! gradients as usual. The arithmetic is the backward's, so the result is bit for bit the
//! backward's with `dx` in `dy`'s dtype. The kernel has one read-write `dy` buffer: each row's
//! reads of `dy` feed the row's reductions, which every store of the row waits for. The caller
//! must not need `dy` again: in a framework, only when no other node receives the same
//! gradient tensor (a norm whose output feeds a residual add directly, as Gemma 2's
//! post-norms, shares it; Liger turns `in_place` off there). Under `EntryPoint::call` the entry
//! writes over a copy. Rust: [`backward_in_place`].
//!
//! Bounds: `cols` from 1 to 16,777,216 (the seed's limit of 8192 is lifted: rows wider than one
//! tile are walked in steps); rows from 0 to 2^31 - 1 (no rows: empty outputs, zero parameter
//! gradients); offsets are 64-bit. Inputs are never modified but by the in-place backward;
//! outputs are fresh tensors (or the caller's, through the `_into` functions). No gradient
//! with respect to `eps` or `offset`. Inputs are expected finite; overflow of FP32 statistics
//! is not repaired.

pub mod check;
pub(crate) mod kernels;
#[cfg(test)]
pub(crate) mod tests;

use metile_ir::DType;
use metile_runtime::{Arg, Device, Tensor};

use crate::host::{bad, fit_written, float_dtype, tuning_override, tuning_switch};
use crate::registry::{
    input, write_over, EntryPoint, OpError, Overwrite, ParamDef, Params, Port, PortShape, Tensors,
};
pub use kernels::NormSpec;

pub use kernels::{backward as backward_kernel, forward as forward_kernel, reduce_partials};

/// Which normalization.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NormKind {
    Rms,
    Layer,
    AddRms,
}

impl NormKind {
    pub fn name(self) -> &'static str {
        match self {
            NormKind::Rms => "rms_norm",
            NormKind::Layer => "layer_norm",
            NormKind::AddRms => "add_rms_norm",
        }
    }
}

/// Liger-Kernel's RMSNorm casting modes (see the module contract).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CastingMode {
    #[default]
    Llama,
    Gemma,
    None,
}

impl CastingMode {
    pub const NAMES: [&'static str; 3] = ["llama", "gemma", "none"];

    pub fn parse(s: &str) -> Option<CastingMode> {
        match s {
            "llama" => Some(CastingMode::Llama),
            "gemma" => Some(CastingMode::Gemma),
            "none" => Some(CastingMode::None),
            _ => None,
        }
    }
}

/// Dtype of the input gradient `dx`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GradDtype {
    #[default]
    F32,
    /// The storage dtype of x.
    Storage,
}

/// Options of every normalization entry (unused fields are ignored by LayerNorm).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NormOptions {
    pub eps: f32,
    pub offset: f32,
    pub casting: CastingMode,
    pub grad_dtype: GradDtype,
}

impl Default for NormOptions {
    fn default() -> Self {
        NormOptions {
            eps: 1e-5,
            offset: 0.0,
            casting: CastingMode::Llama,
            grad_dtype: GradDtype::F32,
        }
    }
}

/// Widest row.
pub const MAX_COLS: usize = 1 << 24;
/// Widest row the CPU keeps in one tile.
const CPU_MAX_BLOCK: usize = 1 << 16;
/// Columns per step for rows wider than that.
const CPU_STEP: usize = 8192;
/// Widest row a GPU program keeps in registers (16 f32 per thread at 1024 threads).
const GPU_MAX_BLOCK: usize = 1 << 14;
/// Columns per step on a GPU beyond that.
const GPU_STEP: usize = 4096;
/// Backward programs per CPU worker thread, and the cap on any device (a GPU sizes its grid to
/// one wave of resident programs: `Device::resident_programs`).
const BWD_PROGRAMS_PER_UNIT: usize = 16;
const MAX_BWD_PROGRAMS: usize = 8192;
/// `1` / `0`: the backward prefetches 16-bit rows, or not, whatever the kind (A/B sweeps).
pub const BWD_PREFETCH16_ENV: &str = "METILE_NORM_BWD_PREFETCH16";

/// Whether the backward of `kind` prefetches the next 16-bit row. f32 rows always gain (H200,
/// 2026-11-29: f32 fwd+bwd 0.52 -> 0.39 ms). A 16-bit row is carried as loaded and converted
/// where used (`kernels::backward`); H200, 2026-11-30, bf16 16384x4096, `grad_dtype=storage`
/// (`benchmarks/gpu/s6_call4.sh`): RMSNorm 0.138 -> 0.124 ms with it, but LayerNorm 0.181 ->
/// 0.192 and the fused add 0.257 -> 0.277 (more values held across the row's reductions).
fn prefetch16(kind: NormKind) -> bool {
    tuning_switch(BWD_PREFETCH16_ENV, kind == NormKind::Rms)
}
/// Overrides `BWD_PROGRAMS_PER_UNIT` (for tuning sweeps).
pub const BWD_PROGRAMS_ENV: &str = "METILE_NORM_BWD_PROGRAMS_PER_UNIT";
/// Byte budget of one partial-gradient buffer.
const PARTIAL_BUDGET: usize = 64 << 20;

/// How a row is tiled: columns per tile, whether the tile is exactly the row, whether to step,
/// and `prefetch`, whose meaning follows `looped`: on a single tile, a norm backward loads its
/// next row ahead (`NormSpec::prefetch`); on a stepped row, the cross-entropy and distribution
/// kernels load each column step one step ahead (`cross_entropy::row_tiling`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tiling {
    pub block: usize,
    pub exact: bool,
    pub looped: bool,
    pub prefetch: bool,
}

/// Overrides the GPU's column step for rows wider than one tile (a power of two, 512 to 65536),
/// for tuning sweeps.
pub const GPU_STEP_ENV: &str = "METILE_GPU_STEP";

fn gpu_step() -> usize {
    tuning_override(GPU_STEP_ENV, |b: &usize| {
        b.is_power_of_two() && (512..=65536).contains(b)
    })
    .unwrap_or(GPU_STEP)
}

impl Tiling {
    /// The tiling for rows of `cols` columns on `device`. The CPU keeps the whole row as one
    /// exact tile (no mask), stepping by 8192 columns beyond 65536; a GPU rounds the tile up to a
    /// power of two (its layouts want one), stepping by 4096 columns beyond 16384, and prefetches
    /// rows in the backward (H200, 2026-11-29: see BENCHMARKS.md).
    pub fn for_device(device: &Device, cols: usize) -> Tiling {
        let (max, step, block) = if device.is_cpu() {
            (CPU_MAX_BLOCK, CPU_STEP, cols)
        } else {
            (GPU_MAX_BLOCK, gpu_step(), cols.next_power_of_two())
        };
        if cols <= max {
            Tiling {
                block,
                exact: block == cols,
                looped: false,
                prefetch: !device.is_cpu(),
            }
        } else {
            Tiling::stepped(step)
        }
    }

    /// Rows walked in steps of `step` columns, masked, without prefetch.
    pub(crate) fn stepped(step: usize) -> Tiling {
        Tiling {
            block: step,
            exact: false,
            looped: true,
            prefetch: false,
        }
    }

    /// The tiling of `device` for rows of `cols` columns, stepped beyond `max_block` columns on a
    /// GPU (in the device's column step): for kernels that hold more per column than the norms'
    /// (the modulated RMSNorm's backward carries three column sums).
    pub(crate) fn capped(device: &Device, cols: usize, max_block: usize) -> Tiling {
        if device.is_cpu() || cols <= max_block {
            Tiling::for_device(device, cols)
        } else {
            Tiling::stepped(gpu_step().min(max_block))
        }
    }
}

/// The spec `metile emit` shows: storage `dtype` for every tensor, weight (and bias for
/// LayerNorm), a masked single tile of `block` columns, casting mode llama, no row prefetch.
pub fn representative_spec(kind: NormKind, dtype: DType, block: usize) -> NormSpec {
    NormSpec {
        kind,
        x: dtype,
        w: Some(dtype),
        b: (kind == NormKind::Layer).then_some(dtype),
        dy: dtype,
        ds: None,
        grad: DType::F32,
        casting: CastingMode::Llama,
        block,
        exact: false,
        looped: false,
        prefetch: false,
        saved: false,
        reload_params: false,
        one_row: false,
        in_place: false,
        dx_twice: false,
        max_threads: bwd_thread_cap(kind, dtype, false),
    }
}

/// Forward inputs.
#[derive(Clone, Copy)]
pub struct NormInputs<'a> {
    pub x: &'a Tensor,
    pub residual: Option<&'a Tensor>,
    pub weight: Option<&'a Tensor>,
    pub bias: Option<&'a Tensor>,
}

/// Forward outputs: `y` always; `residual_out` (fused add), `mean` (LayerNorm), `rstd`.
#[derive(Clone, Debug, PartialEq)]
pub struct NormOutputs {
    pub y: Tensor,
    pub residual_out: Option<Tensor>,
    pub mean: Option<Tensor>,
    pub rstd: Tensor,
}

/// Backward outputs: the input gradient (of x, and of the residual for the fused add) and the
/// FP32 parameter gradients present in the forward.
#[derive(Clone, Debug, PartialEq)]
pub struct NormGrads {
    pub dx: Tensor,
    pub dweight: Option<Tensor>,
    pub dbias: Option<Tensor>,
    /// The fused add's residual gradient as a tensor of its own (equal to `dx`, stored by the
    /// same kernel): only where the grads handed to [`backward_into`] held one, else `None`.
    pub dresidual: Option<Tensor>,
}

struct Shape2 {
    rows: usize,
    cols: usize,
    row_shape: Vec<usize>,
}

fn validate(
    entry: &str,
    kind: NormKind,
    inp: &NormInputs<'_>,
    opts: &NormOptions,
) -> Result<Shape2, OpError> {
    let x = inp.x;
    let (rows, cols) = row_input_shape(entry, x)?;
    if let Some(r) = inp.residual {
        if r.shape != x.shape || r.dtype() != x.dtype() {
            return Err(bad(
                entry,
                "residual",
                format!(
                    "must match x ({:?} {}), got {:?} {}",
                    x.shape,
                    x.dtype(),
                    r.shape,
                    r.dtype()
                ),
            ));
        }
    } else if kind == NormKind::AddRms {
        return Err(OpError::MissingInput {
            entry: entry.into(),
            name: "residual".into(),
        });
    }
    for (name, t, required) in [
        ("weight", inp.weight, kind != NormKind::Rms),
        ("bias", inp.bias, kind == NormKind::Layer),
    ] {
        match t {
            Some(t) => {
                float_dtype(entry, name, t)?;
                if t.shape != [cols] {
                    return Err(bad(
                        entry,
                        name,
                        format!("shape {:?} must be [cols] = [{cols}]", t.shape),
                    ));
                }
            }
            None if required => {
                return Err(OpError::MissingInput {
                    entry: entry.into(),
                    name: name.into(),
                })
            }
            None => {}
        }
    }
    check_options(entry, opts)?;
    Ok(Shape2 {
        rows,
        cols,
        row_shape: x.shape[..x.shape.len() - 1].to_vec(),
    })
}

/// Checks the options every normalization entry shares: `eps` positive and finite, `offset`
/// finite (the modulated RMSNorm's too).
pub(crate) fn check_options(entry: &str, opts: &NormOptions) -> Result<(), OpError> {
    if !(opts.eps > 0.0 && opts.eps.is_finite()) {
        return Err(OpError::BadParam {
            entry: entry.into(),
            name: "eps".into(),
            value: opts.eps.to_string(),
            message: "must be positive and finite".into(),
            allowed: "a positive finite f32".into(),
        });
    }
    if !opts.offset.is_finite() {
        return Err(OpError::BadParam {
            entry: entry.into(),
            name: "offset".into(),
            value: opts.offset.to_string(),
            message: "must be finite".into(),
            allowed: "a finite f32".into(),
        });
    }
    Ok(())
}

pub(crate) fn check_like(
    entry: &str,
    name: &str,
    t: &Tensor,
    x: &Tensor,
) -> Result<DType, OpError> {
    let d = float_dtype(entry, name, t)?;
    if t.shape != x.shape {
        return Err(bad(
            entry,
            name,
            format!("shape {:?} must match x {:?}", t.shape, x.shape),
        ));
    }
    Ok(d)
}

/// The `(rows, cols)` of a row operator's input `x` (rows = every axis but the last): a float
/// tensor of at least one axis, 1 to `MAX_COLS` columns and rows that fit a launch; anything else
/// is a typed error naming `x`. The norms, DyT and PolyNorm share it.
pub(crate) fn row_input_shape(entry: &str, x: &Tensor) -> Result<(usize, usize), OpError> {
    float_dtype(entry, "x", x)?;
    let Some((rows, cols)) = x.rows_cols() else {
        return Err(bad(
            entry,
            "x",
            "must have at least one axis (rows are every axis but the last)".into(),
        ));
    };
    if cols == 0 || cols > MAX_COLS {
        return Err(bad(
            entry,
            "x",
            format!("last axis has {cols} columns; allowed: 1 to {MAX_COLS}"),
        ));
    }
    crate::host::rows_fit(entry, "x", rows)?;
    Ok((rows, cols))
}

/// Programs of a forward launch and rows per program. The CPU wants a few programs per worker
/// thread (64), each normalizing a contiguous block of rows with the parameters loaded once. A GPU
/// wants one row per program: a program's rows run one after another (load, reduce, store), so
/// only many resident programs keep enough loads in flight to reach the copy bandwidth; the
/// weight row comes from L2 for each (H200, 2026-11-29: 16 rows per program ran the bf16
/// RMSNorm forward at 46% of copy). `METILE_NORM_FWD_ROWS_PER_PROGRAM` overrides (for sweeps).
pub(crate) fn forward_programs(device: &Device, rows: usize) -> (usize, usize) {
    let rpp = tuning_override(FWD_ROWS_ENV, |&r: &usize| r > 0).unwrap_or_else(|| {
        if device.is_cpu() {
            // The worker threads (`compute_units`; `available_parallelism` would read the
            // cgroup's CPU quota from files at every call).
            rows.div_ceil(device.compute_units() * 64).max(1)
        } else {
            1
        }
    });
    (rows.div_ceil(rpp), rpp)
}

/// Whether a single-tile backward on a GPU prefetches its next row (`NormSpec::prefetch`): f32
/// rows always, 16-bit rows where `prefetch16` says (`dy` in x's dtype).
pub(crate) fn gpu_prefetch(kind: NormKind, x: DType, dy: DType) -> bool {
    x == DType::F32 && dy == DType::F32 || prefetch16(kind)
}

/// Overrides the 256-thread cap of the backwards that take one (`bwd_thread_cap`), for tuning
/// sweeps.
pub const BWD_MAX_THREADS_ENV: &str = "METILE_NORM_BWD_MAX_THREADS";

/// The most threads a backward program of `kind` over `x` takes (`NormSpec::max_threads`):
/// - 16-bit LayerNorm without the row prefetch: 256 threads (16 columns each at 4096) keep
///   twice the loads of 512 in flight per thread at the same resident warps (H200, 2026-11-30,
///   bf16 16384x4096: 0.219 against 0.336 ms; the model picks 512, and RMSNorm's backward is 5%
///   faster there);
/// - f32 RMSNorm and LayerNorm: 256 threads beat the model's 512 (H200, 2026-11-30, 16384x4096,
///   `benchmarks/gpu/s6_call4.sh`: RMSNorm 0.244 -> 0.228 ms, LayerNorm 0.289 -> 0.278; at 512
///   threads and 74 registers one program fits per SM; `s11_call4.sh`: 512 with two programs
///   forced, 1% faster, 512 alone 10% slower). The fused add is unmeasured and keeps the
///   model's choice.
///
/// `METILE_NORM_BWD_MAX_THREADS` (a power of two from 32 to 1024) replaces the 256.
pub(crate) fn bwd_thread_cap(kind: NormKind, x: DType, prefetch: bool) -> Option<u32> {
    let capped = kind == NormKind::Layer && !prefetch && x.size_bytes() == 2
        || x == DType::F32 && kind != NormKind::AddRms;
    capped.then(|| {
        tuning_override(BWD_MAX_THREADS_ENV, |t: &u32| {
            t.is_power_of_two() && (32..=1024).contains(t)
        })
        .unwrap_or(256)
    })
}

/// Whether single-tile kernels load the parameters at each row (`NormSpec::reload_params`): on a
/// GPU in LayerNorm's forward, which runs one row per program and holds weight and bias (H200,
/// 2026-11-30, bf16 16384x4096: 0.093 -> 0.086 ms; RMSNorm and the fused add lose 2-3% with it,
/// so they keep the hoisted weight); `METILE_NORM_RELOAD_PARAMS=0|1` overrides (for sweeps).
pub(crate) fn reload_params(gpu: bool, kind: NormKind, forward: bool) -> bool {
    tuning_switch(RELOAD_PARAMS_ENV, forward && kind == NormKind::Layer && gpu)
}

/// Whether a forward of `rows_per_program` rows per program runs its one row without the row
/// loop (`NormSpec::one_row`): on a GPU, which runs one row per program (`forward_programs`).
/// H200, 2026-11-30, 16384x4096 (`benchmarks/gpu/s10_call4.sh`, loop -> one row, ms): bf16
/// RMSNorm 0.0709 -> 0.0683, LayerNorm 0.0757 -> 0.0722, the fused add and f32 unchanged
/// (registers, bf16 RMSNorm 48 -> 40, f32 fused add 64 -> 42). `METILE_NORM_FWD_ONE_ROW=0|1`
/// overrides (for A/B runs; the loop form is kept wherever programs have more rows).
pub(crate) fn one_row(gpu: bool, rows_per_program: usize) -> bool {
    rows_per_program == 1 && tuning_switch(ONE_ROW_ENV, gpu)
}

/// Overrides whether a GPU forward of one row per program drops the row loop (for A/B runs).
pub const ONE_ROW_ENV: &str = "METILE_NORM_FWD_ONE_ROW";

/// Overrides whether single-tile norm kernels reload their parameters per row (for sweeps).
pub const RELOAD_PARAMS_ENV: &str = "METILE_NORM_RELOAD_PARAMS";

/// Overrides the rows per forward program (for tuning sweeps).
pub const FWD_ROWS_ENV: &str = "METILE_NORM_FWD_ROWS_PER_PROGRAM";

/// Runs the forward of `kind` into `out` (whose tensors are reused when they fit).
pub fn forward_into(
    device: &Device,
    kind: NormKind,
    inp: &NormInputs<'_>,
    opts: &NormOptions,
    tiling: Option<Tiling>,
    out: &mut Option<NormOutputs>,
) -> Result<(), OpError> {
    let entry = entry_name(kind, true);
    let s = validate(entry, kind, inp, opts)?;
    let xdt = inp.x.dtype();
    let tiling = tiling.unwrap_or_else(|| Tiling::for_device(device, s.cols));
    let rms_none = kind != NormKind::Layer && opts.casting == CastingMode::None;
    let prev = out.take();
    let (py, pr, pm, ps) = match prev {
        Some(o) => (Some(o.y), o.residual_out, o.mean, Some(o.rstd)),
        None => (None, None, None, None),
    };
    let mut o = NormOutputs {
        y: fit_written(device, py, xdt, &inp.x.shape)?,
        residual_out: if kind == NormKind::AddRms {
            Some(fit_written(device, pr, xdt, &inp.x.shape)?)
        } else {
            None
        },
        mean: if kind == NormKind::Layer {
            Some(fit_written(device, pm, DType::F32, &s.row_shape)?)
        } else {
            None
        },
        rstd: fit_written(
            device,
            ps,
            if rms_none { xdt } else { DType::F32 },
            &s.row_shape,
        )?,
    };
    if s.rows > 0 {
        let (programs, rpp) = forward_programs(device, s.rows);
        let spec = NormSpec {
            kind,
            x: xdt,
            w: inp.weight.map(|t| t.dtype()),
            b: inp.bias.map(|t| t.dtype()),
            dy: xdt,
            ds: None,
            grad: DType::F32,
            casting: if kind == NormKind::Layer {
                CastingMode::Llama
            } else {
                opts.casting
            },
            block: tiling.block,
            exact: tiling.exact,
            looped: tiling.looped,
            prefetch: false,
            saved: false,
            reload_params: reload_params(!device.is_cpu(), kind, true),
            one_row: one_row(!device.is_cpu(), rpp),
            in_place: false,
            dx_twice: false,
            max_threads: None,
        };
        let k = device.kernel(&format!("{}_fwd", kind.name()), &spec, || {
            kernels::forward(&spec)
        })?;
        let mut args: Vec<Arg<'_>> = vec![Arg::In(&inp.x.buffer)];
        args.extend(inp.residual.map(|t| Arg::In(&t.buffer)));
        args.extend(inp.weight.map(|t| Arg::In(&t.buffer)));
        args.extend(inp.bias.map(|t| Arg::In(&t.buffer)));
        args.push(Arg::Out(&mut o.y.buffer));
        args.extend(o.residual_out.as_mut().map(|t| Arg::Out(&mut t.buffer)));
        args.extend(o.mean.as_mut().map(|t| Arg::Out(&mut t.buffer)));
        args.push(Arg::Out(&mut o.rstd.buffer));
        args.push(Arg::I32(s.cols as i32));
        args.push(Arg::I32(s.rows as i32));
        args.push(Arg::I32(rpp as i32));
        args.push(Arg::F32(opts.eps));
        if kind != NormKind::Layer {
            args.push(Arg::F32(opts.offset));
        }
        device.launch(&k, [programs as u32, 1, 1], &mut args)?;
    }
    *out = Some(o);
    Ok(())
}

/// Runs the forward of `kind` with fresh outputs.
pub fn forward(
    device: &Device,
    kind: NormKind,
    inp: &NormInputs<'_>,
    opts: &NormOptions,
) -> Result<NormOutputs, OpError> {
    let mut out = None;
    forward_into(device, kind, inp, opts, None, &mut out)?;
    out.ok_or_else(|| bad(entry_name(kind, true), "x", "no output was produced".into()))
}

/// Cotangents of a backward call.
#[derive(Clone, Copy)]
pub struct NormCotangents<'a> {
    pub dy: &'a Tensor,
    /// Cotangent of `residual_out` (fused add only); zero when absent.
    pub dresidual_out: Option<&'a Tensor>,
    /// The forward's row statistics for these inputs, read instead of recomputed (not a
    /// cotangent, but what else the backward reads); see [`NormStats`].
    pub stats: Option<NormStats<'a>>,
}

/// The forward's FP32 row statistics (its `mean` and `rstd` outputs, one value per row) handed
/// to the backward, which then skips the reductions that recompute them: RMSNorm and the fused
/// add read `rstd` (no reduction left but the gradient's own); LayerNorm reads both and adds
/// only the residual mean of `x - mean` to the gradient's sums (one pass over the row, one
/// barrier round on a GPU, where recomputing the mean first takes two). They must come
/// from a forward over the same inputs, options and eps, in casting mode `llama` or `gemma` (mode
/// `none` rounds `rstd` to the storage dtype; leave the statistics out there).
#[derive(Clone, Copy)]
pub struct NormStats<'a> {
    /// LayerNorm only.
    pub mean: Option<&'a Tensor>,
    pub rstd: &'a Tensor,
}

/// Runs the backward of `kind` into `out` (reusing its tensors when they fit).
pub fn backward_into(
    device: &Device,
    kind: NormKind,
    inp: &NormInputs<'_>,
    cot: &NormCotangents<'_>,
    opts: &NormOptions,
    tiling: Option<Tiling>,
    out: &mut Option<NormGrads>,
) -> Result<(), OpError> {
    let entry = entry_name(kind, false);
    let s = validate_backward(entry, kind, inp, cot.dy, cot.dresidual_out, cot.stats, opts)?;
    let grad = grad_dtype(inp, opts);
    let prev = out.take();
    let (pdx, pdw, pdb, pdr) = match prev {
        Some(g) => (Some(g.dx), g.dweight, g.dbias, g.dresidual),
        None => (None, None, None, None),
    };
    let mut dx = fit_written(device, pdx, grad, &inp.x.shape)?;
    let mut dresidual = pdr
        .filter(|_| kind == NormKind::AddRms)
        .map(|t| fit_written(device, Some(t), grad, &inp.x.shape))
        .transpose()?;
    let mut params = NormParamGrads::fit(device, inp, &s, pdw, pdb)?;
    launch_backward(
        device,
        kind,
        inp,
        &s,
        DyDx::Apart(cot.dy, &mut dx, dresidual.as_mut()),
        cot.dresidual_out,
        cot.stats,
        opts,
        tiling,
        &mut params,
    )?;
    *out = Some(NormGrads {
        dx,
        dweight: params.dweight,
        dbias: params.dbias,
        dresidual,
    });
    Ok(())
}

/// The dtype of `dx` in an out-of-place backward.
fn grad_dtype(inp: &NormInputs<'_>, opts: &NormOptions) -> DType {
    match opts.grad_dtype {
        GradDtype::F32 => DType::F32,
        GradDtype::Storage => inp.x.dtype(),
    }
}

/// The spec of the kernel that [`backward_into`] launches for these arguments without a
/// `dresidual` output (validated as there; `tiling` as its), for tests and tuning sweeps to
/// inspect: e.g. whether the backward prefetches its rows (`NormSpec::prefetch`, where
/// `METILE_NORM_BWD_PREFETCH16` acts).
pub fn backward_spec(
    device: &Device,
    kind: NormKind,
    inp: &NormInputs<'_>,
    cot: &NormCotangents<'_>,
    opts: &NormOptions,
    tiling: Option<Tiling>,
) -> Result<NormSpec, OpError> {
    let entry = entry_name(kind, false);
    let s = validate_backward(entry, kind, inp, cot.dy, cot.dresidual_out, cot.stats, opts)?;
    let tiling = tiling.unwrap_or_else(|| Tiling::for_device(device, s.cols));
    let dx = BackwardDx {
        dy: cot.dy.dtype(),
        grad: grad_dtype(inp, opts),
        in_place: false,
        twice: false,
    };
    Ok(build_backward_spec(
        device,
        kind,
        inp,
        dx,
        cot.dresidual_out,
        cot.stats,
        tiling,
    ))
}

/// The dtypes of a backward's `dy` and `dx`, whether `dx` is written over `dy`, and whether it
/// is also stored as the residual's gradient (`NormSpec::dx_twice`).
#[derive(Clone, Copy)]
struct BackwardDx {
    dy: DType,
    grad: DType,
    in_place: bool,
    twice: bool,
}

/// The backward kernel's spec (one builder for [`backward_spec`] and the launch).
fn build_backward_spec(
    device: &Device,
    kind: NormKind,
    inp: &NormInputs<'_>,
    dx: BackwardDx,
    dresidual_out: Option<&Tensor>,
    stats: Option<NormStats<'_>>,
    tiling: Tiling,
) -> NormSpec {
    let (xdt, dyt) = (inp.x.dtype(), dx.dy);
    let prefetch = tiling.prefetch && gpu_prefetch(kind, xdt, dyt);
    NormSpec {
        kind,
        x: xdt,
        w: inp.weight.map(|t| t.dtype()),
        b: inp.bias.map(|t| t.dtype()),
        dy: dyt,
        ds: dresidual_out.map(|t| t.dtype()),
        grad: dx.grad,
        casting: CastingMode::Llama,
        block: tiling.block,
        exact: tiling.exact,
        looped: tiling.looped,
        prefetch,
        saved: stats.is_some(),
        reload_params: reload_params(!device.is_cpu(), kind, false),
        one_row: false,
        in_place: dx.in_place,
        dx_twice: dx.twice,
        max_threads: bwd_thread_cap(kind, xdt, prefetch),
    }
}

/// The FP32 parameter gradients of a backward (those of the parameters present).
#[derive(Clone, Debug, PartialEq)]
pub struct NormParamGrads {
    pub dweight: Option<Tensor>,
    pub dbias: Option<Tensor>,
}

impl NormParamGrads {
    /// The gradients of `inp`'s parameters, reusing `dweight`/`dbias` when they fit; zeros
    /// without rows (the reduction writes them whole otherwise).
    fn fit(
        device: &Device,
        inp: &NormInputs<'_>,
        s: &Shape2,
        dweight: Option<Tensor>,
        dbias: Option<Tensor>,
    ) -> Result<NormParamGrads, OpError> {
        let param_grad = |prev: Option<Tensor>, present: bool| -> Result<Option<Tensor>, OpError> {
            present
                .then(|| crate::host::param_grad(device, s.rows, prev, s.cols))
                .transpose()
        };
        Ok(NormParamGrads {
            dweight: param_grad(dweight, inp.weight.is_some())?,
            dbias: param_grad(dbias, inp.bias.is_some())?,
        })
    }
}

/// The in-place backward of `kind` (entry `<kind>.in_place_backward`): [`backward`]'s
/// arithmetic with `dx` written over `dy`, rounded to `dy`'s dtype (no new memory for it; for
/// the fused add, `dx` is also the residual's gradient). `dresidual_out` and `stats` as in
/// [`NormCotangents`]; `opts.grad_dtype` is ignored; `tiling` as [`backward_into`]'s. Returns
/// the parameter gradients, written into the tensors `prev` holds where they fit (a caller that
/// runs the backward at every step allocates them once, as [`backward_into`] reuses its
/// outputs): `prev` is taken once the inputs validate, so a validation error leaves it, and
/// `dy`, unchanged; after a failed launch ([`OpError::Runtime`]) their values are unspecified.
#[allow(clippy::too_many_arguments)]
pub fn backward_in_place(
    device: &Device,
    kind: NormKind,
    inp: &NormInputs<'_>,
    dy: &mut Tensor,
    dresidual_out: Option<&Tensor>,
    stats: Option<NormStats<'_>>,
    opts: &NormOptions,
    tiling: Option<Tiling>,
    prev: &mut Option<NormParamGrads>,
) -> Result<NormParamGrads, OpError> {
    let entry = in_place_entry_name(kind);
    let s = validate_backward(entry, kind, inp, dy, dresidual_out, stats, opts)?;
    let (pdw, pdb) = prev.take().map_or((None, None), |p| (p.dweight, p.dbias));
    let mut params = NormParamGrads::fit(device, inp, &s, pdw, pdb)?;
    launch_backward(
        device,
        kind,
        inp,
        &s,
        DyDx::Over(dy),
        dresidual_out,
        stats,
        opts,
        tiling,
        &mut params,
    )?;
    Ok(params)
}

/// Where a backward reads `dy` and writes `dx`.
enum DyDx<'a> {
    /// `dy` read, `dx` written to its own tensor (and, for the fused add, to a second one: the
    /// residual's gradient).
    Apart(&'a Tensor, &'a mut Tensor, Option<&'a mut Tensor>),
    /// `dx` written over `dy` (a read-write buffer of the kernel).
    Over(&'a mut Tensor),
}

/// Validates a backward's inputs.
fn validate_backward(
    entry: &str,
    kind: NormKind,
    inp: &NormInputs<'_>,
    dy: &Tensor,
    dresidual_out: Option<&Tensor>,
    stats: Option<NormStats<'_>>,
    opts: &NormOptions,
) -> Result<Shape2, OpError> {
    let s = validate(entry, kind, inp, opts)?;
    check_like(entry, "dy", dy, inp.x)?;
    match dresidual_out {
        Some(t) if kind == NormKind::AddRms => {
            check_like(entry, "dresidual_out", t, inp.x)?;
        }
        Some(_) => {
            return Err(bad(
                entry,
                "dresidual_out",
                "only add_rms_norm takes it".into(),
            ))
        }
        None => {}
    }
    if let Some(st) = &stats {
        check_stats(entry, kind, st, s.rows)?;
    }
    Ok(s)
}

/// Launches a validated backward (nothing without rows) and reduces the parameter gradients.
#[allow(clippy::too_many_arguments)]
fn launch_backward(
    device: &Device,
    kind: NormKind,
    inp: &NormInputs<'_>,
    s: &Shape2,
    dydx: DyDx<'_>,
    dresidual_out: Option<&Tensor>,
    stats: Option<NormStats<'_>>,
    opts: &NormOptions,
    tiling: Option<Tiling>,
    g: &mut NormParamGrads,
) -> Result<(), OpError> {
    if s.rows == 0 {
        return Ok(());
    }
    let dx = match &dydx {
        DyDx::Apart(dy, dx, dres) => BackwardDx {
            dy: dy.dtype(),
            grad: dx.dtype(),
            in_place: false,
            twice: dres.is_some(),
        },
        DyDx::Over(dy) => BackwardDx {
            dy: dy.dtype(),
            grad: dy.dtype(),
            in_place: true,
            twice: false,
        },
    };
    let tiling = tiling.unwrap_or_else(|| Tiling::for_device(device, s.cols));
    let spec = build_backward_spec(device, kind, inp, dx, dresidual_out, stats, tiling);
    let k = device.kernel(&spec.backward_name(), &spec, || kernels::backward(&spec))?;
    let (programs, rpp) = backward_programs(device, &k, s.rows, s.cols)?;
    // Stepped kernels accumulate into their partial rows, so those start at zero; a single-tile
    // program stores its row whole (every program has a row).
    let partial = || {
        let len = programs * s.cols;
        if tiling.looped {
            device.zeros(DType::F32, len)
        } else {
            device.unfilled(DType::F32, len)
        }
    };
    let mut pw = match inp.weight {
        Some(_) => Some(partial()?),
        None => None,
    };
    let mut pb = match inp.bias {
        Some(_) => Some(partial()?),
        None => None,
    };
    {
        let (dy_arg, dx_args) = match dydx {
            DyDx::Apart(dy, dx, dres) => {
                let mut outs = vec![Arg::Out(&mut dx.buffer)];
                outs.extend(dres.map(|t| Arg::Out(&mut t.buffer)));
                (Arg::In(&dy.buffer), outs)
            }
            DyDx::Over(dy) => (Arg::Out(&mut dy.buffer), Vec::new()),
        };
        let mut args: Vec<Arg<'_>> = vec![Arg::In(&inp.x.buffer)];
        args.extend(inp.residual.map(|t| Arg::In(&t.buffer)));
        args.extend(inp.weight.map(|t| Arg::In(&t.buffer)));
        args.push(dy_arg);
        args.extend(dresidual_out.map(|t| Arg::In(&t.buffer)));
        if let Some(st) = &stats {
            args.extend(st.mean.map(|t| Arg::In(&t.buffer)));
            args.push(Arg::In(&st.rstd.buffer));
        }
        args.extend(dx_args);
        args.extend(pw.as_mut().map(Arg::Out));
        args.extend(pb.as_mut().map(Arg::Out));
        args.push(Arg::I32(s.cols as i32));
        args.push(Arg::I32(s.rows as i32));
        args.push(Arg::I32(rpp as i32));
        args.push(Arg::F32(opts.eps));
        if kind != NormKind::Layer {
            args.push(Arg::F32(opts.offset));
        }
        device.launch(&k, [programs as u32, 1, 1], &mut args)?;
    }
    for (partial, dst) in pw
        .iter()
        .zip(g.dweight.iter_mut())
        .chain(pb.iter().zip(g.dbias.iter_mut()))
    {
        sum_partial_rows(device, tiling, s.cols, programs, partial, &mut dst.buffer)?;
    }
    Ok(())
}

/// Programs of a parameter-gradient backward over `rows` rows of `cols` columns running kernel
/// `k`, and rows per program (each program owns a contiguous block of rows and writes one FP32
/// partial row). A GPU runs one full wave of resident programs (H200, 2026-11-30, bf16
/// 16384x4096: a second wave waiting behind the first made LayerNorm's backward 0.336 ms at 2
/// programs per SM and 512 threads, 0.219 ms at 256 threads, where both fit at once); the CPU a
/// few programs per worker. `METILE_NORM_BWD_PROGRAMS_PER_UNIT` overrides (programs per SM or
/// worker). The partial buffers stay within `PARTIAL_BUDGET`.
pub(crate) fn backward_programs(
    device: &Device,
    k: &metile_runtime::Compiled,
    rows: usize,
    cols: usize,
) -> Result<(usize, usize), OpError> {
    let budget_rows = (PARTIAL_BUDGET / (cols * 4)).max(1);
    let per_unit = tuning_override(BWD_PROGRAMS_ENV, |&p: &usize| p > 0);
    let wanted = match per_unit {
        Some(p) => device.compute_units() * p,
        None if device.is_cpu() => device.compute_units() * BWD_PROGRAMS_PER_UNIT,
        None => device.resident_programs(k)?,
    }
    .min(MAX_BWD_PROGRAMS);
    let programs = rows.min(wanted).min(budget_rows).max(1);
    let rpp = rows.div_ceil(programs);
    Ok((rows.div_ceil(rpp), rpp))
}

/// Sums the `programs` FP32 partial rows of `cols` columns in `partial` into `out` (`cols`
/// values), in a fixed order (`reduce_partials`). The rows are summed column block by column
/// block: the whole row per program (`tiling`'s tile when stepped), one partial row per step, on
/// the CPU; 32 columns per program and 32 partial rows per step on a GPU (many programs, many
/// loads in flight per program; [`REDUCE_PARTIALS_ENV`] overrides).
pub(crate) fn sum_partial_rows(
    device: &Device,
    tiling: Tiling,
    cols: usize,
    programs: usize,
    partial: &metile_runtime::Buffer,
    out: &mut metile_runtime::Buffer,
) -> Result<(), OpError> {
    let (rb, rexact, rrows) = if device.is_cpu() {
        (
            if tiling.exact { cols } else { tiling.block },
            tiling.exact,
            1,
        )
    } else {
        // H200, f32 RMSNorm / LayerNorm backward at 16384x4096 (132 partial rows), ms, graph-
        // timed, two rounds (`benchmarks/gpu/s18_call3.sh`): 32x32 0.205 / 0.214, 64x16 0.205 /
        // 0.215, 128x32 0.205 / 0.214-0.215, 128x8 0.206 / 0.217, 256x16 0.205 / 0.215; the sum
        // alone 4.4-4.8 us (ncu) against 9.0 before it accumulated lanes.
        let (block, rows) = reduce_partials_tile().unwrap_or((32, 32));
        (block.min(cols.next_power_of_two()), false, rows)
    };
    let reduce = device.kernel("reduce_partials", &(rb, rexact, rrows), || {
        kernels::reduce_partials(rb, rexact, rrows)
    })?;
    let mut args = [
        Arg::In(partial),
        Arg::Out(out),
        Arg::I32(cols as i32),
        Arg::I32(programs as i32),
    ];
    device.launch(&reduce, [cols.div_ceil(rb) as u32, 1, 1], &mut args)?;
    Ok(())
}

/// `REDUCE_PARTIALS_ENV=BLOCKxROWS`: the GPU's partial-row sum over `BLOCK` columns per program
/// and `ROWS` partial rows per step (both powers of two, `ROWS > 1`), for A/B runs.
pub const REDUCE_PARTIALS_ENV: &str = "METILE_REDUCE_PARTIALS";

fn reduce_partials_tile() -> Option<(usize, usize)> {
    let v = crate::host::tuning_var(REDUCE_PARTIALS_ENV)?;
    let (b, r) = v.trim().split_once('x')?;
    let (b, r) = (b.parse::<usize>().ok()?, r.parse::<usize>().ok()?);
    (b.is_power_of_two() && r.is_power_of_two() && r > 1 && b * r <= 1 << 14).then_some((b, r))
}

/// Checks the saved statistics of a backward over `rows` rows: FP32, one value per row, `mean`
/// exactly for LayerNorm (the modulated RMSNorm's `rstd` as RMSNorm's).
pub(crate) fn check_stats(
    entry: &str,
    kind: NormKind,
    st: &NormStats<'_>,
    rows: usize,
) -> Result<(), OpError> {
    let layer = kind == NormKind::Layer;
    match (st.mean, layer) {
        (None, true) => {
            return Err(bad(
                entry,
                "mean",
                "LayerNorm's saved statistics need the forward's mean with its rstd".into(),
            ))
        }
        (Some(_), false) => {
            return Err(bad(
                entry,
                "mean",
                "only LayerNorm takes a saved mean".into(),
            ))
        }
        _ => {}
    }
    for (name, t) in st
        .mean
        .map(|m| ("mean", m))
        .into_iter()
        .chain([("rstd", st.rstd)])
    {
        if t.dtype() != DType::F32 {
            return Err(bad(
                entry,
                name,
                format!(
                    "the saved statistic must be f32 (the forward's in casting mode llama or \
                     gemma), got {}; leave the statistics out to recompute them",
                    t.dtype()
                ),
            ));
        }
        if t.numel() != rows {
            return Err(bad(
                entry,
                name,
                format!(
                    "the saved statistic must hold one value per row ({rows}), got shape {:?}",
                    t.shape
                ),
            ));
        }
    }
    Ok(())
}

/// Runs the backward of `kind` with fresh outputs.
pub fn backward(
    device: &Device,
    kind: NormKind,
    inp: &NormInputs<'_>,
    cot: &NormCotangents<'_>,
    opts: &NormOptions,
) -> Result<NormGrads, OpError> {
    let mut out = None;
    backward_into(device, kind, inp, cot, opts, None, &mut out)?;
    out.ok_or_else(|| {
        bad(
            entry_name(kind, false),
            "x",
            "no output was produced".into(),
        )
    })
}

fn in_place_entry_name(kind: NormKind) -> &'static str {
    match kind {
        NormKind::Rms => "rms_norm.in_place_backward",
        NormKind::Layer => "layer_norm.in_place_backward",
        NormKind::AddRms => "add_rms_norm.in_place_backward",
    }
}

fn entry_name(kind: NormKind, fwd: bool) -> &'static str {
    match (kind, fwd) {
        (NormKind::Rms, true) => "rms_norm.forward",
        (NormKind::Rms, false) => "rms_norm.backward",
        (NormKind::Layer, true) => "layer_norm.forward",
        (NormKind::Layer, false) => "layer_norm.backward",
        (NormKind::AddRms, true) => "add_rms_norm.forward",
        (NormKind::AddRms, false) => "add_rms_norm.backward",
    }
}

// ---- Registry entry points -------------------------------------------------------------------

use crate::registry::port;

const X: Port = port("x", PortShape::LikeX, false, "input rows");
const RESIDUAL: Port = port("residual", PortShape::LikeX, false, "residual added to x");
const WEIGHT: Port = port("weight", PortShape::Cols, false, "scale");
const WEIGHT_OPT: Port = port(
    "weight",
    PortShape::Cols,
    true,
    "scale (none: y = x * rstd)",
);
const BIAS: Port = port("bias", PortShape::Cols, false, "shift");
const DY: Port = port("dy", PortShape::LikeX, false, "cotangent of y");
const DRES: Port = port(
    "dresidual_out",
    PortShape::LikeX,
    true,
    "cotangent of residual_out (default 0)",
);
const Y: Port = port(
    "y",
    PortShape::LikeX,
    false,
    "normalized output, storage dtype",
);
const RSTD: Port = port(
    "rstd",
    PortShape::Rows,
    false,
    "1/sqrt(statistic + eps), f32",
);
const MEAN: Port = port("mean", PortShape::Rows, false, "row mean, f32");
const SAVED_RSTD: Port = port(
    "rstd",
    PortShape::Rows,
    true,
    "the forward's rstd (f32): read instead of recomputed",
);
const SAVED_MEAN: Port = port(
    "mean",
    PortShape::Rows,
    true,
    "the forward's mean (f32, with rstd): read instead of recomputed",
);
const RES_OUT: Port = port(
    "residual_out",
    PortShape::LikeX,
    false,
    "x + residual, storage dtype",
);
const DX: Port = port(
    "dx",
    PortShape::LikeX,
    false,
    "gradient of x (f32 unless grad_dtype=storage)",
);
const DRESIDUAL: Port = port(
    "dresidual",
    PortShape::LikeX,
    false,
    "gradient of residual (equals dx)",
);
const DW: Port = port("dweight", PortShape::Cols, false, "gradient of weight, f32");
const DW_OPT: Port = port(
    "dweight",
    PortShape::Cols,
    true,
    "gradient of weight, f32 (with weight)",
);
const DB: Port = port("dbias", PortShape::Cols, false, "gradient of bias, f32");

const EPS: ParamDef = ParamDef {
    name: "eps",
    default: "1e-5",
    allowed: "a positive finite number",
    doc: "added to the statistic before the square root",
};
pub(crate) const OFFSET: ParamDef = ParamDef {
    name: "offset",
    default: "0",
    allowed: "a finite number",
    doc: "added to the weight (Gemma uses 1)",
};
pub(crate) const CASTING: ParamDef = ParamDef {
    name: "casting_mode",
    default: "llama",
    allowed: "llama, gemma, none",
    doc: "where values are rounded to the storage dtype",
};
pub(crate) const GRAD_DTYPE: ParamDef = ParamDef {
    name: "grad_dtype",
    default: "f32",
    allowed: "f32, storage",
    doc: "dtype of dx",
};

/// The options of an entry's parameters: `eps`, with `rms` also `offset` and `casting_mode`,
/// with `bwd` also `grad_dtype` (the modulated RMSNorm's entries read them the same way).
pub(crate) fn options(p: &Params, rms: bool, bwd: bool) -> Result<NormOptions, OpError> {
    let mut o = NormOptions {
        eps: p.f32("eps")?,
        ..NormOptions::default()
    };
    if rms {
        o.offset = p.f32("offset")?;
        o.casting =
            CastingMode::parse(&p.choice("casting_mode", &CastingMode::NAMES)?).unwrap_or_default();
    }
    if bwd {
        o.grad_dtype = match p.choice("grad_dtype", &["f32", "storage"])?.as_str() {
            "storage" => GradDtype::Storage,
            _ => GradDtype::F32,
        };
    }
    Ok(o)
}

fn inputs<'a>(entry: &str, kind: NormKind, t: &'a Tensors) -> Result<NormInputs<'a>, OpError> {
    Ok(NormInputs {
        x: input(entry, t, "x")?,
        residual: if kind == NormKind::AddRms {
            Some(input(entry, t, "residual")?)
        } else {
            None
        },
        weight: if kind == NormKind::Rms {
            t.get("weight")
        } else {
            Some(input(entry, t, "weight")?)
        },
        bias: if kind == NormKind::Layer {
            Some(input(entry, t, "bias")?)
        } else {
            None
        },
    })
}

fn run_forward(
    kind: NormKind,
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let entry = entry_name(kind, true);
    let inp = inputs(entry, kind, t)?;
    let opts = options(p, kind != NormKind::Layer, false)?;
    let mut prev = out
        .remove("y")
        .zip(out.remove("rstd"))
        .map(|(y, rstd)| NormOutputs {
            y,
            rstd,
            residual_out: out.remove("residual_out"),
            mean: out.remove("mean"),
        });
    forward_into(d, kind, &inp, &opts, None, &mut prev)?;
    if let Some(o) = prev {
        out.insert("y".into(), o.y);
        out.insert("rstd".into(), o.rstd);
        if let Some(r) = o.residual_out {
            out.insert("residual_out".into(), r);
        }
        if let Some(m) = o.mean {
            out.insert("mean".into(), m);
        }
    }
    Ok(())
}

fn run_backward(
    kind: NormKind,
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let entry = entry_name(kind, false);
    let inp = inputs(entry, kind, t)?;
    let cot = NormCotangents {
        dy: input(entry, t, "dy")?,
        dresidual_out: t.get("dresidual_out"),
        stats: saved_stats(entry, t)?,
    };
    let opts = options(p, kind != NormKind::Layer, true)?;
    let mut prev = out.remove("dx").map(|dx| NormGrads {
        dx,
        dweight: out.remove("dweight"),
        dbias: out.remove("dbias"),
        dresidual: None,
    });
    if kind == NormKind::AddRms {
        // The residual's gradient equals dx: the kernel stores it twice (`NormSpec::dx_twice`)
        // rather than the entry copying it, into the caller's tensor where it fits.
        let grad = grad_dtype(&inp, &opts);
        let g = match prev.take() {
            Some(g) => g,
            None => NormGrads {
                dx: fit_written(d, None, grad, &inp.x.shape)?,
                dweight: None,
                dbias: None,
                dresidual: None,
            },
        };
        let dresidual = Some(fit_written(d, out.remove("dresidual"), grad, &inp.x.shape)?);
        prev = Some(NormGrads { dresidual, ..g });
    }
    backward_into(d, kind, &inp, &cot, &opts, None, &mut prev)?;
    if let Some(g) = prev {
        if let Some(dr) = g.dresidual {
            out.insert("dresidual".into(), dr);
        }
        out.insert("dx".into(), g.dx);
        if let Some(w) = g.dweight {
            out.insert("dweight".into(), w);
        }
        if let Some(b) = g.dbias {
            out.insert("dbias".into(), b);
        }
    }
    Ok(())
}

/// The forward's statistics among a backward entry's inputs, if given.
fn saved_stats<'a>(entry: &str, t: &'a Tensors) -> Result<Option<NormStats<'a>>, OpError> {
    match (t.get("mean"), t.get("rstd")) {
        (None, None) => Ok(None),
        (mean, Some(rstd)) => Ok(Some(NormStats { mean, rstd })),
        (Some(_), None) => Err(bad(
            entry,
            "rstd",
            "a saved mean needs the forward's rstd beside it".into(),
        )),
    }
}

/// The in-place backward entries write `dx` over `dy`.
const DX_OVER_DY: Overwrite = Overwrite {
    input: "dy",
    output: "dx",
};
const DX_IN_PLACE: Port = port(
    "dx",
    PortShape::LikeX,
    false,
    "gradient of x, in dy's memory and dtype",
);
const DX_RES_IN_PLACE: Port = port(
    "dx",
    PortShape::LikeX,
    false,
    "gradient of x and of residual, in dy's memory and dtype",
);

/// `<kind>.in_place_backward`: `dx` written over the `dy` the registry hands over in `out`
/// (see `EntryPoint::run`).
fn run_in_place_backward(
    kind: NormKind,
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let entry = in_place_entry_name(kind);
    let inp = inputs(entry, kind, t)?;
    let opts = options(p, kind != NormKind::Layer, false)?;
    let stats = saved_stats(entry, t)?;
    let dres = t.get("dresidual_out");
    // The previous call's parameter gradients are written over (see `EntryPoint::run`); they
    // go back to `out` if no backward ran (no `dy` there, or inputs that do not validate).
    let mut prev = Some(NormParamGrads {
        dweight: out.remove("dweight"),
        dbias: out.remove("dbias"),
    });
    let ran = write_over(entry, out, &[DX_OVER_DY], |[dy]| {
        backward_in_place(d, kind, &inp, dy, dres, stats, &opts, None, &mut prev)
    });
    let put = |out: &mut Tensors, g: NormParamGrads| {
        for (name, grad) in [("dweight", g.dweight), ("dbias", g.dbias)] {
            if let Some(grad) = grad {
                out.insert(name.into(), grad);
            }
        }
    };
    if let Some(p) = prev {
        put(out, p);
    }
    put(out, ran?);
    Ok(())
}

/// The nine registered entry points.
pub static ENTRY_POINTS: [EntryPoint; 9] = [
    EntryPoint {
        name: "rms_norm.forward",
        op: "rms_norm",
        inputs: &[X, WEIGHT_OPT],
        outputs: &[Y, RSTD],
        params: &[EPS, OFFSET, CASTING],
        overwrites: &[],
        run: |d, t, p, o| run_forward(NormKind::Rms, d, t, p, o),
    },
    EntryPoint {
        name: "rms_norm.backward",
        op: "rms_norm",
        inputs: &[X, WEIGHT_OPT, DY, SAVED_RSTD],
        outputs: &[DX, DW_OPT],
        params: &[EPS, OFFSET, CASTING, GRAD_DTYPE],
        overwrites: &[],
        run: |d, t, p, o| run_backward(NormKind::Rms, d, t, p, o),
    },
    EntryPoint {
        name: "rms_norm.in_place_backward",
        op: "rms_norm",
        inputs: &[X, WEIGHT_OPT, DY, SAVED_RSTD],
        outputs: &[DX_IN_PLACE, DW_OPT],
        params: &[EPS, OFFSET, CASTING],
        overwrites: &[DX_OVER_DY],
        run: |d, t, p, o| run_in_place_backward(NormKind::Rms, d, t, p, o),
    },
    EntryPoint {
        name: "layer_norm.forward",
        op: "layer_norm",
        inputs: &[X, WEIGHT, BIAS],
        outputs: &[Y, MEAN, RSTD],
        params: &[EPS],
        overwrites: &[],
        run: |d, t, p, o| run_forward(NormKind::Layer, d, t, p, o),
    },
    EntryPoint {
        name: "layer_norm.backward",
        op: "layer_norm",
        inputs: &[X, WEIGHT, BIAS, DY, SAVED_MEAN, SAVED_RSTD],
        outputs: &[DX, DW, DB],
        params: &[EPS, GRAD_DTYPE],
        overwrites: &[],
        run: |d, t, p, o| run_backward(NormKind::Layer, d, t, p, o),
    },
    EntryPoint {
        name: "layer_norm.in_place_backward",
        op: "layer_norm",
        inputs: &[X, WEIGHT, BIAS, DY, SAVED_MEAN, SAVED_RSTD],
        outputs: &[DX_IN_PLACE, DW, DB],
        params: &[EPS],
        overwrites: &[DX_OVER_DY],
        run: |d, t, p, o| run_in_place_backward(NormKind::Layer, d, t, p, o),
    },
    EntryPoint {
        name: "add_rms_norm.forward",
        op: "add_rms_norm",
        inputs: &[X, RESIDUAL, WEIGHT],
        outputs: &[Y, RES_OUT, RSTD],
        params: &[EPS, OFFSET, CASTING],
        overwrites: &[],
        run: |d, t, p, o| run_forward(NormKind::AddRms, d, t, p, o),
    },
    EntryPoint {
        name: "add_rms_norm.backward",
        op: "add_rms_norm",
        inputs: &[X, RESIDUAL, WEIGHT, DY, DRES, SAVED_RSTD],
        outputs: &[DX, DRESIDUAL, DW],
        params: &[EPS, OFFSET, CASTING, GRAD_DTYPE],
        overwrites: &[],
        run: |d, t, p, o| run_backward(NormKind::AddRms, d, t, p, o),
    },
    EntryPoint {
        name: "add_rms_norm.in_place_backward",
        op: "add_rms_norm",
        inputs: &[X, RESIDUAL, WEIGHT, DY, DRES, SAVED_RSTD],
        outputs: &[DX_RES_IN_PLACE, DW],
        params: &[EPS, OFFSET, CASTING],
        overwrites: &[DX_OVER_DY],
        run: |d, t, p, o| run_in_place_backward(NormKind::AddRms, d, t, p, o),
    },
];
