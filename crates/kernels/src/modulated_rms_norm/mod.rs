//! Modulated RMSNorm, AdaLN (Liger-Kernel's `LigerModulatedRMSNormFunction`, `PARITY.md` §1.4),
//! forward and backward.
//!
//! # Contract
//!
//! Rows are every axis of `x` but the last (`R` rows); `cols` (`N`) is the last axis. `weight`
//! is `[N]` and optional; `scale` is required and `shift` optional, each with last axis `N` and
//! `S` rows (the product of their other axes; shift's `S` must be scale's). `S` must divide
//! `R`: row `r` uses modulation row `m = r / (R / S)`. So `[N]` and `[1, N]` share one row
//! among all tokens, `[B, N]` (or `[B, 1, N]`) for `x [B, T, N]` gives a row per sequence, and
//! `[B, T, N]` a row per token.
//!
//! - `modulated_rms_norm.forward(x, weight?, scale, shift?) -> (y, rstd)`: `rstd` and the
//!   RMSNorm output `o` exactly as `rms_norm.forward` computes them in its casting mode, `o`
//!   rounded to the storage dtype of `x` (it is `rms_norm.forward`'s `y`, bit for bit); then
//!   `y = o * (1 + scale[m]) + shift[m]`, computed in FP32 and rounded once to x's dtype.
//!   `rstd` is `[...]` (x's shape without its last axis), FP32, or x's dtype in casting mode
//!   `none` (as RMSNorm's).
//! - `modulated_rms_norm.backward(x, weight?, scale, shift?, dy, rstd?) -> (dx, dweight?,
//!   dscale, dshift?)`: with `g = dy * (1 + scale[m])` the RMSNorm backward runs on `g`:
//!   `dx = rstd * g w' - rstd^3 / N * sum(g w' x) * x` and `dweight = sum_rows g * x * rstd`
//!   (`w' = offset + w`, 1 without weight; the real-valued formula with FP32 statistics, as
//!   `rms_norm.backward`); `dscale[m] = sum over the rows of m of dy * o`, with `o` recomputed
//!   as the forward rounds it; `dshift[m] = sum over the rows of m of dy` (only with `shift`,
//!   whose values the backward does not read). The saved `rstd` (the forward's, FP32: casting
//!   mode llama or gemma, or f32 storage) is read instead of recomputed when given.
//!
//! Options (as `rms_norm`'s): `eps` (default 1e-6, Liger's for this op; positive and finite),
//! `offset` (default 0), `casting_mode` llama (default), gemma or none, and `grad_dtype` (f32,
//! default, or `storage`: `dx` in x's dtype, Liger's choice).
//!
//! Dtypes: `x` f32, f16 or bf16; `weight`, `scale`, `shift` and `dy` may each be any of the
//! three. `dweight`, `dscale` and `dshift` are FP32 (`dscale` and `dshift` in the shapes of
//! `scale` and `shift`).
//!
//! Deviations from Liger, on purpose: the parameter gradients are FP32 (Liger casts them to the
//! parameters' dtypes); `dscale` and `dshift` of rows sharing a modulation row are summed
//! without atomics, in a fixed order (Liger adds them with FP32 atomics, whose order varies
//! from run to run); the modulation `o * (1 + scale) + shift` is FP32 in every casting mode,
//! including `none`; there is no in-place backward (Liger's `in_place=True` writes `dx` into
//! `dy`'s buffer): `dx` is a fresh tensor (`grad_dtype=storage` gives Liger's dtype); `scale`
//! and `shift` must have `N` as their last axis (Liger only asks that their size be a
//! multiple of `N`).
//!
//! Accumulation: every sum is FP32 and deterministic. Each backward program owns a run of rows
//! within one modulation row or a run of whole modulation rows; it writes one FP32 partial row
//! of `dweight`, and its sums of `dscale`/`dshift` for each modulation row it covers to a slot
//! of its own. `norms::sum_partial_rows` sums the partial rows in program order and the slots
//! of each modulation row in run order (where one program covers a whole modulation row its
//! sum is the result). The layout depends only on the shape and the device, so results repeat
//! exactly from run to run.
//!
//! Bounds: `cols` from 1 to 16,777,216 (rows wider than one tile are walked in steps: as the
//! norms' beyond 65,536 columns on the CPU and 16,384 on a GPU, where the backward steps
//! beyond [`GPU_BWD_MAX_BLOCK`] columns already), rows from 0 to 2^31 - 1 (no rows: empty `y`
//! and `dx`, zero parameter gradients), `S * N` below 2^31. Inputs are never modified; outputs are fresh tensors (or the caller's, through the
//! `_into` functions). No gradient with respect to `eps` or `offset`. Inputs are expected
//! finite.

pub mod check;
mod kernels;
#[cfg(test)]
mod tests;

use metile_ir::DType;
use metile_runtime::{Arg, Device, Tensor};

use crate::host::{bad, fit_written, float_dtype};
use crate::norms::{
    backward_programs, check_like, check_options, check_stats, forward_programs, options,
    row_input_shape, sum_partial_rows, CastingMode, GradDtype, NormKind, NormOptions, NormStats,
    Tiling, CASTING, GRAD_DTYPE, OFFSET,
};
use crate::registry::{
    input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors,
};
pub use kernels::{backward as backward_kernel, forward as forward_kernel, Fault, ModSpec};

pub const FORWARD: &str = "modulated_rms_norm.forward";
pub const BACKWARD: &str = "modulated_rms_norm.backward";

/// The widest row a GPU backward program keeps in one tile; wider rows are walked in column
/// steps. A single tile carries three FP32 column sums (dweight, dscale, dshift) beside the row:
/// NVRTC, sm_90, offline, 1024 threads at 8192 and 16384 columns spill (64-328 and 1-2 KB per
/// thread) where 4096 columns (512 threads, 97-115 registers) do not.
pub const GPU_BWD_MAX_BLOCK: usize = 4096;

/// The backward's tiling on `device` for rows of `cols` columns: the norms' (`Tiling::for_device`)
/// up to [`GPU_BWD_MAX_BLOCK`] columns on a GPU, column steps beyond.
pub fn backward_tiling(device: &Device, cols: usize) -> Tiling {
    Tiling::capped(device, cols, GPU_BWD_MAX_BLOCK)
}

/// The inputs of both directions (the backward does not read the shift's values).
#[derive(Clone, Copy)]
pub struct ModInputs<'a> {
    pub x: &'a Tensor,
    pub weight: Option<&'a Tensor>,
    pub scale: &'a Tensor,
    pub shift: Option<&'a Tensor>,
}

/// Forward outputs: `y` in x's storage dtype, `rstd` one value per row.
#[derive(Clone, Debug, PartialEq)]
pub struct ModOutputs {
    pub y: Tensor,
    pub rstd: Tensor,
}

/// Backward outputs: `dx` (FP32 or x's dtype, by `grad_dtype`) and the FP32 parameter
/// gradients of the parameters present.
#[derive(Clone, Debug, PartialEq)]
pub struct ModGrads {
    pub dx: Tensor,
    pub dweight: Option<Tensor>,
    pub dscale: Tensor,
    pub dshift: Option<Tensor>,
}

/// The default options: Liger's (eps 1e-6, offset 0, casting llama), `dx` in FP32.
pub fn default_options() -> NormOptions {
    NormOptions {
        eps: 1e-6,
        ..NormOptions::default()
    }
}

/// The spec `metile emit` shows: every tensor in `dtype`, weight and shift, a masked single
/// tile of `block` columns (`exact`: a tile of exactly the row), casting mode llama; the
/// backward reads the saved `rstd` and writes `dx` in the storage dtype.
pub fn representative_spec(dtype: DType, block: usize, exact: bool, backward: bool) -> ModSpec {
    ModSpec {
        x: dtype,
        w: Some(dtype),
        scale: dtype,
        shift: Some(if backward { DType::F32 } else { dtype }),
        dy: dtype,
        grad: dtype,
        casting: CastingMode::Llama,
        block,
        exact,
        looped: false,
        saved: backward,
        fault: Fault::None,
    }
}

/// The validated sizes of a call.
#[derive(Clone, Debug)]
struct Sizes {
    rows: usize,
    cols: usize,
    /// Modulation rows `S`.
    mods: usize,
    /// Rows per modulation row, `R / S` (1 without rows).
    group: usize,
    row_shape: Vec<usize>,
}

/// The modulation rows of `scale` or `shift` (`name`) for rows of `cols` columns.
fn modulation_rows(entry: &str, name: &str, t: &Tensor, cols: usize) -> Result<usize, OpError> {
    float_dtype(entry, name, t)?;
    match t.shape.split_last() {
        Some((&last, lead)) if last == cols && lead.iter().product::<usize>() > 0 => {
            Ok(lead.iter().product())
        }
        _ => Err(bad(
            entry,
            name,
            format!(
                "shape {:?} must be [..., N] = [..., {cols}] with at least one row (one \
                 modulation row per group of rows of x)",
                t.shape
            ),
        )),
    }
}

fn validate(entry: &str, inp: &ModInputs<'_>, opts: &NormOptions) -> Result<Sizes, OpError> {
    let (rows, cols) = row_input_shape(entry, inp.x)?;
    if let Some(w) = inp.weight {
        float_dtype(entry, "weight", w)?;
        if w.shape != [cols] {
            return Err(bad(
                entry,
                "weight",
                format!("shape {:?} must be [cols] = [{cols}]", w.shape),
            ));
        }
    }
    let mods = modulation_rows(entry, "scale", inp.scale, cols)?;
    if !rows.is_multiple_of(mods) {
        return Err(bad(
            entry,
            "scale",
            format!(
                "its {mods} modulation rows (shape {:?}) must divide the {rows} rows of x {:?}",
                inp.scale.shape, inp.x.shape
            ),
        ));
    }
    if mods * cols > i32::MAX as usize {
        return Err(bad(
            entry,
            "scale",
            format!("shape {:?} holds 2^31 values or more", inp.scale.shape),
        ));
    }
    if let Some(h) = inp.shift {
        let shift_rows = modulation_rows(entry, "shift", h, cols)?;
        if shift_rows != mods {
            return Err(bad(
                entry,
                "shift",
                format!(
                    "has {shift_rows} modulation rows (shape {:?}); scale has {mods} ({:?})",
                    h.shape, inp.scale.shape
                ),
            ));
        }
    }
    check_options(entry, opts)?;
    Ok(Sizes {
        rows,
        cols,
        mods,
        group: (rows / mods).max(1),
        row_shape: inp.x.shape[..inp.x.shape.len() - 1].to_vec(),
    })
}

fn i32_of(v: usize) -> i32 {
    // Validated: every size passed is at most i32::MAX.
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// Runs the forward into `out` (its tensors reused when they fit); `tiling` overrides the
/// device's (`norms::Tiling::for_device`).
pub fn forward_into(
    device: &Device,
    inp: &ModInputs<'_>,
    opts: &NormOptions,
    tiling: Option<Tiling>,
    out: &mut Option<ModOutputs>,
) -> Result<(), OpError> {
    forward_with(device, inp, opts, tiling, Fault::None, out)
}

/// [`forward_into`] with a deliberate fault (tests).
pub(crate) fn forward_with(
    device: &Device,
    inp: &ModInputs<'_>,
    opts: &NormOptions,
    tiling: Option<Tiling>,
    fault: Fault,
    out: &mut Option<ModOutputs>,
) -> Result<(), OpError> {
    let s = validate(FORWARD, inp, opts)?;
    let xdt = inp.x.dtype();
    let none = opts.casting == CastingMode::None;
    let (py, pr) = match out.take() {
        Some(o) => (Some(o.y), Some(o.rstd)),
        None => (None, None),
    };
    let rstd_dtype = if none { xdt } else { DType::F32 };
    let mut o = ModOutputs {
        y: fit_written(device, py, xdt, &inp.x.shape)?,
        rstd: fit_written(device, pr, rstd_dtype, &s.row_shape)?,
    };
    if s.rows > 0 {
        let t = tiling.unwrap_or_else(|| Tiling::for_device(device, s.cols));
        let spec = ModSpec {
            x: xdt,
            w: inp.weight.map(|w| w.dtype()),
            scale: inp.scale.dtype(),
            shift: inp.shift.map(|h| h.dtype()),
            dy: xdt,
            grad: xdt,
            casting: opts.casting,
            block: t.block,
            exact: t.exact,
            looped: t.looped,
            saved: false,
            fault,
        };
        let k = device.kernel("modulated_rms_norm_fwd", &spec, || kernels::forward(&spec))?;
        let (programs, rpp) = forward_programs(device, s.rows);
        let mut args: Vec<Arg<'_>> = vec![Arg::In(&inp.x.buffer)];
        args.extend(inp.weight.map(|t| Arg::In(&t.buffer)));
        args.push(Arg::In(&inp.scale.buffer));
        args.extend(inp.shift.map(|t| Arg::In(&t.buffer)));
        args.extend([
            Arg::Out(&mut o.y.buffer),
            Arg::Out(&mut o.rstd.buffer),
            Arg::I32(i32_of(s.cols)),
            Arg::I32(i32_of(s.rows)),
            Arg::I32(i32_of(rpp)),
            Arg::I32(i32_of(s.group)),
            Arg::I32(i32_of(s.mods)),
            Arg::F32(opts.eps),
            Arg::F32(opts.offset),
        ]);
        device.launch(&k, [programs as u32, 1, 1], &mut args)?;
    }
    *out = Some(o);
    Ok(())
}

/// Runs the forward with fresh outputs.
pub fn forward(
    device: &Device,
    inp: &ModInputs<'_>,
    opts: &NormOptions,
) -> Result<ModOutputs, OpError> {
    let mut out = None;
    forward_into(device, inp, opts, None, &mut out)?;
    out.ok_or_else(|| bad(FORWARD, "x", "no output was produced".into()))
}

/// How the backward's programs cover the rows (`kernels::backward`): `programs` programs of
/// `rpp` rows, `chunks` runs in each span of `span` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub programs: usize,
    pub rpp: usize,
    pub span: usize,
    pub chunks: usize,
}

impl Layout {
    /// The layout of `rows` rows in modulation rows of `group` rows for about `wanted` programs
    /// (at most that many, at least one): with at least one program per modulation row, each
    /// modulation row is cut into the same number of runs (`span == group`); with fewer, each
    /// program takes whole modulation rows (`chunks == 1`).
    pub fn new(rows: usize, group: usize, wanted: usize) -> Layout {
        let group = group.max(1);
        let mods = rows.div_ceil(group).max(1);
        let per_mod = wanted.max(1) / mods;
        if per_mod >= 1 {
            let rpp = group.div_ceil(per_mod);
            let chunks = group.div_ceil(rpp);
            Layout {
                programs: mods * chunks,
                rpp,
                span: group,
                chunks,
            }
        } else {
            let rpp = mods.div_ceil(wanted.max(1)) * group;
            Layout {
                programs: rows.div_ceil(rpp),
                rpp,
                span: rpp,
                chunks: 1,
            }
        }
    }
}

/// Runs the backward into `out` (its tensors reused when they fit); `rstd` is the forward's
/// (FP32, one value per row), read instead of recomputed; `tiling` overrides the device's.
pub fn backward_into(
    device: &Device,
    inp: &ModInputs<'_>,
    dy: &Tensor,
    rstd: Option<&Tensor>,
    opts: &NormOptions,
    tiling: Option<Tiling>,
    out: &mut Option<ModGrads>,
) -> Result<(), OpError> {
    backward_with(device, inp, dy, rstd, opts, tiling, None, Fault::None, out)
}

/// [`backward_into`] with the program count forced (`programs`: the layout of
/// `Layout::new(rows, R / S, programs)`, else the device's) and a deliberate fault (tests).
#[allow(clippy::too_many_arguments)]
pub(crate) fn backward_with(
    device: &Device,
    inp: &ModInputs<'_>,
    dy: &Tensor,
    rstd: Option<&Tensor>,
    opts: &NormOptions,
    tiling: Option<Tiling>,
    programs: Option<usize>,
    fault: Fault,
    out: &mut Option<ModGrads>,
) -> Result<(), OpError> {
    let s = validate(BACKWARD, inp, opts)?;
    check_like(BACKWARD, "dy", dy, inp.x)?;
    if let Some(r) = rstd {
        let stats = NormStats {
            mean: None,
            rstd: r,
        };
        check_stats(BACKWARD, NormKind::Rms, &stats, s.rows)?;
    }
    let xdt = inp.x.dtype();
    let grad = match opts.grad_dtype {
        GradDtype::F32 => DType::F32,
        GradDtype::Storage => xdt,
    };
    let (pdx, pdw, pds, pdh) = match out.take() {
        Some(g) => (Some(g.dx), g.dweight, Some(g.dscale), g.dshift),
        None => (None, None, None, None),
    };
    let param_grad = |prev: Option<Tensor>, shape: &[usize]| {
        crate::host::param_grad_shaped(device, s.rows, prev, shape)
    };
    let mut g = ModGrads {
        dx: fit_written(device, pdx, grad, &inp.x.shape)?,
        dweight: match inp.weight {
            Some(_) => Some(param_grad(pdw, &[s.cols])?),
            None => None,
        },
        dscale: param_grad(pds, &inp.scale.shape)?,
        dshift: match inp.shift {
            Some(h) => Some(param_grad(pdh, &h.shape)?),
            None => None,
        },
    };
    if s.rows > 0 {
        let t = tiling.unwrap_or_else(|| backward_tiling(device, s.cols));
        let spec = ModSpec {
            x: xdt,
            w: inp.weight.map(|w| w.dtype()),
            scale: inp.scale.dtype(),
            // Whether the shift is there, not its dtype: one kernel whatever it is.
            shift: inp.shift.map(|_| DType::F32),
            dy: dy.dtype(),
            grad,
            casting: opts.casting,
            block: t.block,
            exact: t.exact,
            looped: t.looped,
            saved: rstd.is_some(),
            fault,
        };
        let k = device.kernel("modulated_rms_norm_bwd", &spec, || kernels::backward(&spec))?;
        let wanted = match programs {
            Some(p) => p,
            None => backward_programs(device, &k, s.rows, s.cols)?.0,
        };
        let lay = Layout::new(s.rows, s.group, wanted);
        launch_backward(device, inp, dy, rstd, opts, &s, t, lay, &k, &mut g)?;
    }
    *out = Some(g);
    Ok(())
}

/// Launches the backward kernel `k` over the layout `lay` and reduces its partials into `g`.
#[allow(clippy::too_many_arguments)]
fn launch_backward(
    device: &Device,
    inp: &ModInputs<'_>,
    dy: &Tensor,
    rstd: Option<&Tensor>,
    opts: &NormOptions,
    s: &Sizes,
    t: Tiling,
    lay: Layout,
    k: &metile_runtime::Compiled,
    g: &mut ModGrads,
) -> Result<(), OpError> {
    // Stepped kernels add into their partials, so those start at zero; a single-tile program
    // stores its partial row and each of its slots whole. Where one run covers each modulation
    // row (`chunks == 1`) a single-tile kernel stores the sums straight into the gradients.
    let partial = |len: usize| {
        if t.looped {
            device.zeros(DType::F32, len)
        } else {
            device.unfilled(DType::F32, len)
        }
    };
    let mut pw = match inp.weight {
        Some(_) => Some(partial(lay.programs * s.cols)?),
        None => None,
    };
    let direct = lay.chunks == 1 && !t.looped;
    let slots = lay.chunks * s.mods * s.cols;
    let mut ps = if direct { None } else { Some(partial(slots)?) };
    let mut ph = match (direct, inp.shift) {
        (false, Some(_)) => Some(partial(slots)?),
        _ => None,
    };
    {
        let mut args: Vec<Arg<'_>> = vec![Arg::In(&inp.x.buffer)];
        args.extend(inp.weight.map(|t| Arg::In(&t.buffer)));
        args.push(Arg::In(&inp.scale.buffer));
        args.push(Arg::In(&dy.buffer));
        args.extend(rstd.map(|t| Arg::In(&t.buffer)));
        args.push(Arg::Out(&mut g.dx.buffer));
        args.extend(pw.as_mut().map(Arg::Out));
        match ps.as_mut() {
            Some(p) => args.push(Arg::Out(p)),
            None => args.push(Arg::Out(&mut g.dscale.buffer)),
        }
        match (ph.as_mut(), g.dshift.as_mut()) {
            (Some(p), _) => args.push(Arg::Out(p)),
            (None, Some(d)) => args.push(Arg::Out(&mut d.buffer)),
            (None, None) => {}
        }
        args.extend([
            Arg::I32(i32_of(s.cols)),
            Arg::I32(i32_of(s.rows)),
            Arg::I32(i32_of(lay.rpp)),
            Arg::I32(i32_of(s.group)),
            Arg::I32(i32_of(s.mods)),
            Arg::I32(i32_of(lay.span)),
            Arg::I32(i32_of(lay.chunks)),
            Arg::F32(opts.eps),
            Arg::F32(opts.offset),
        ]);
        device.launch(k, [lay.programs as u32, 1, 1], &mut args)?;
    }
    if let (Some(p), Some(dw)) = (&pw, g.dweight.as_mut()) {
        sum_partial_rows(device, t, s.cols, lay.programs, p, &mut dw.buffer)?;
    }
    let mod_tiling = Tiling::for_device(device, s.mods * s.cols);
    let sums = ps.iter().zip([&mut g.dscale]);
    let sums = sums.chain(ph.iter().zip(g.dshift.as_mut()));
    for (p, dst) in sums {
        sum_partial_rows(
            device,
            mod_tiling,
            s.mods * s.cols,
            lay.chunks,
            p,
            &mut dst.buffer,
        )?;
    }
    Ok(())
}

/// Runs the backward with fresh outputs.
pub fn backward(
    device: &Device,
    inp: &ModInputs<'_>,
    dy: &Tensor,
    rstd: Option<&Tensor>,
    opts: &NormOptions,
) -> Result<ModGrads, OpError> {
    let mut out = None;
    backward_into(device, inp, dy, rstd, opts, None, &mut out)?;
    out.ok_or_else(|| bad(BACKWARD, "x", "no output was produced".into()))
}

// ---- Registry entry points -------------------------------------------------------------------

const X: Port = port("x", PortShape::LikeX, false, "input rows [..., N]");
const WEIGHT: Port = port(
    "weight",
    PortShape::Cols,
    true,
    "RMSNorm scale (none: o = x * rstd)",
);
const SCALE: Port = port(
    "scale",
    PortShape::Modulation,
    false,
    "modulation rows [S, N]: row r uses r / (R / S); y = o * (1 + scale) + shift",
);
const SHIFT: Port = port(
    "shift",
    PortShape::Modulation,
    true,
    "modulation shift, as many rows as scale (none: no shift)",
);
const DY: Port = port("dy", PortShape::LikeX, false, "cotangent of y");
const SAVED_RSTD: Port = port(
    "rstd",
    PortShape::Rows,
    true,
    "the forward's rstd (f32): read instead of recomputed",
);
const Y: Port = port("y", PortShape::LikeX, false, "output, storage dtype");
const RSTD: Port = port(
    "rstd",
    PortShape::Rows,
    false,
    "1/sqrt(mean(x^2) + eps), f32 (storage dtype under casting mode none)",
);
const DX: Port = port(
    "dx",
    PortShape::LikeX,
    false,
    "gradient of x (f32 unless grad_dtype=storage)",
);
const DW: Port = port(
    "dweight",
    PortShape::Cols,
    true,
    "gradient of weight, f32 (with weight)",
);
const DSCALE: Port = port(
    "dscale",
    PortShape::Modulation,
    false,
    "gradient of scale, f32, scale's shape",
);
const DSHIFT: Port = port(
    "dshift",
    PortShape::Modulation,
    true,
    "gradient of shift, f32, shift's shape (with shift)",
);
const EPS: ParamDef = ParamDef {
    name: "eps",
    default: "1e-6",
    allowed: "a positive finite number",
    doc: "added to the mean square before the square root",
};

fn inputs<'a>(entry: &str, t: &'a Tensors) -> Result<ModInputs<'a>, OpError> {
    Ok(ModInputs {
        x: input(entry, t, "x")?,
        weight: t.get("weight"),
        scale: input(entry, t, "scale")?,
        shift: t.get("shift"),
    })
}

fn run_forward(d: &Device, t: &Tensors, p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let inp = inputs(FORWARD, t)?;
    let opts = options(p, true, false)?;
    let mut prev = out
        .remove("y")
        .zip(out.remove("rstd"))
        .map(|(y, rstd)| ModOutputs { y, rstd });
    forward_into(d, &inp, &opts, None, &mut prev)?;
    if let Some(o) = prev {
        out.insert("y".into(), o.y);
        out.insert("rstd".into(), o.rstd);
    }
    Ok(())
}

fn run_backward(d: &Device, t: &Tensors, p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let inp = inputs(BACKWARD, t)?;
    let opts = options(p, true, true)?;
    let dy = input(BACKWARD, t, "dy")?;
    let mut prev = out
        .remove("dx")
        .zip(out.remove("dscale"))
        .map(|(dx, dscale)| ModGrads {
            dx,
            dweight: out.remove("dweight"),
            dscale,
            dshift: out.remove("dshift"),
        });
    backward_into(d, &inp, dy, t.get("rstd"), &opts, None, &mut prev)?;
    if let Some(g) = prev {
        out.insert("dx".into(), g.dx);
        out.insert("dscale".into(), g.dscale);
        if let Some(w) = g.dweight {
            out.insert("dweight".into(), w);
        }
        if let Some(h) = g.dshift {
            out.insert("dshift".into(), h);
        }
    }
    Ok(())
}

/// The two registered entry points.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: FORWARD,
        op: "modulated_rms_norm",
        inputs: &[X, WEIGHT, SCALE, SHIFT],
        outputs: &[Y, RSTD],
        params: &[EPS, OFFSET, CASTING],
        overwrites: &[],
        run: run_forward,
    },
    EntryPoint {
        name: BACKWARD,
        op: "modulated_rms_norm",
        inputs: &[X, WEIGHT, SCALE, SHIFT, DY, SAVED_RSTD],
        outputs: &[DX, DW, DSCALE, DSHIFT],
        params: &[EPS, OFFSET, CASTING, GRAD_DTYPE],
        overwrites: &[],
        run: run_backward,
    },
];
