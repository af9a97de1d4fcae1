//! GroupNorm (Liger-Kernel's `LigerGroupNormFunction`, `PARITY.md` §1.6), forward and backward.
//!
//! # Contract
//!
//! `x` has shape `[B, C, *spatial]` (rank 2 or more; `L` is the product of the spatial axes,
//! 1 for `[B, C]`); `weight` and `bias` have shape `[C]`. Parameter `num_groups` (`G`) splits
//! the channels into `G` groups of `C / G` consecutive channels (`C % G == 0`); a
//! (batch, group) pair is the `C / G * L` values of those channels in one batch element.
//!
//! - `group_norm.forward(x, weight, bias) -> (y, mean, rstd)`: per (b, g), the mean and the
//!   population variance of its values, computed in FP32 in two passes (a plain mean, then the
//!   residual mean and the sum of squares of the centred values, as LayerNorm's); `rstd =
//!   1 / sqrt(var + eps)`; `y = (x - mean) * rstd * weight[c] + bias[c]`, computed in FP32 and
//!   rounded once to the storage dtype of `x`. `mean` and `rstd` are `[B, G]`, FP32.
//! - `group_norm.backward(x, weight, bias, dy, mean?, rstd?) -> (dx, dweight, dbias)`: the
//!   LayerNorm formulas over each group: with `xh = (x - mean) * rstd` and `g = weight[c] * dy`,
//!   `dx = (g - xh * mean(xh * g) - mean(g)) * rstd` (means over the group, rounded to x's
//!   storage dtype); `dweight[c] = sum dy * xh` and `dbias[c] = sum dy` over the batch and the
//!   channel's positions (FP32). The saved statistics are optional (both or neither; FP32
//!   `[B, G]` from a forward over the same x and eps): without them they are recomputed from
//!   x. The bias's value is not read by the backward.
//!
//! Deviations from Liger, on purpose: the statistics are two-pass where Liger's are one-pass
//! (`E[x^2] - mean^2`, which cancels catastrophically when |mean| is large against the spread);
//! `mean` and `rstd` are FP32 where Liger stores them in x's dtype (`PARITY.md` §12 lists bf16
//! statistics as a bug not to copy); `dweight` and `dbias` are FP32, summed in a fixed order,
//! where Liger accumulates them with atomics in the parameter dtype.
//!
//! Options: `num_groups` (Liger and PyTorch take it without a default; the registry's default
//! of 1, one group of all channels, lets tools that make up inputs, such as `metile bench`, run
//! the entry without it), `eps` (default 1e-6 as Liger's module, positive and finite).
//!
//! Dtypes: `x` f32, f16 or bf16; weight, bias and `dy` any of the three.
//!
//! Accumulation: every sum is FP32 and deterministic, without atomics: each (b, g) row of the
//! backward writes, for each of its channels, the FP32 sums over the channel's positions of
//! `dy * xh` and of `dy` into `[B, C]` partials, which `norms::sum_partial_rows` sums over the
//! batch in order. Results repeat exactly from run to run.
//!
//! Bounds: `B` from 0 (empty `y`/`dx`, `[0, G]` statistics, zero parameter gradients) with
//! `B * G` at most 2^31 - 1; `C / G` and `L` from 1 to 2^30 each (a group of more values than
//! one tile is walked in steps of channels and positions). A zero-sized spatial axis is an
//! error (a group without values has no statistics). Inputs are never modified; outputs are
//! fresh tensors (or the caller's, through the `_into` functions). Inputs are expected finite.

pub mod check;
mod kernels;
#[cfg(test)]
mod tests;

use metile_ir::DType;
use metile_runtime::{Arg, Device, Tensor};

use crate::host::{bad, fit_written, float_dtype};
use crate::norms::{check_like, forward_programs, sum_partial_rows, Tiling};
use crate::registry::{
    input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors,
};
pub use kernels::{backward as backward_kernel, forward as forward_kernel, GroupSpec, GroupTile};

pub const FORWARD: &str = "group_norm.forward";
pub const BACKWARD: &str = "group_norm.backward";

/// The largest channels per group and positions per channel.
pub const MAX_AXIS: usize = 1 << 30;
/// The most elements the CPU keeps in one tile, and its spatial step beyond (the norms').
const CPU_MAX_TILE: usize = 1 << 16;
const CPU_STEP: usize = 8192;
/// The same on a GPU: 4096 elements. The CUDA plan stages a 2-D tile's row sums through
/// shared memory, 4 bytes an element (NVRTC, sm_90, offline: `[4, 2048]` takes 32 KB and spills
/// in bf16, and no tile of 16384 elements finds a plan within 48 KB; `[4, 1024]` and
/// `[1, 4096]` take 16 KB without spills).
const GPU_MAX_TILE: usize = 4096;
const GPU_STEP: usize = 4096;

/// The inputs of both directions (the backward does not read the bias's value).
#[derive(Clone, Copy)]
pub struct GroupInputs<'a> {
    pub x: &'a Tensor,
    pub weight: &'a Tensor,
    pub bias: &'a Tensor,
}

/// The options of both directions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroupOptions {
    pub num_groups: usize,
    pub eps: f32,
}

/// The forward's saved statistics, `[B, G]` FP32 each.
#[derive(Clone, Copy)]
pub struct GroupStats<'a> {
    pub mean: &'a Tensor,
    pub rstd: &'a Tensor,
}

/// Forward outputs: `y` in x's storage dtype, FP32 statistics `[B, G]`.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupOutputs {
    pub y: Tensor,
    pub mean: Tensor,
    pub rstd: Tensor,
}

/// Backward outputs: `dx` in x's storage dtype, FP32 parameter gradients `[C]`.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupGrads {
    pub dx: Tensor,
    pub dweight: Tensor,
    pub dbias: Tensor,
}

/// The validated sizes of a call.
#[derive(Clone, Copy, Debug)]
struct Sizes {
    batch: usize,
    channels: usize,
    groups: usize,
    cpg: usize,
    spatial: usize,
}

impl Sizes {
    fn rows(&self) -> usize {
        self.batch * self.groups
    }
}

/// The tile a device walks slabs of `[cpg, l]` with: the whole slab when it fits one tile (the
/// CPU exactly; a GPU rounded up to powers of two, as its layouts want), else whole channels in
/// channel steps, else one channel at a time in spatial steps.
pub fn tile_for(device: &Device, cpg: usize, l: usize) -> GroupTile {
    tile_on(device.is_cpu(), cpg, l)
}

/// [`tile_for`] on the CPU (`cpu`) or a GPU.
pub fn tile_on(cpu: bool, cpg: usize, l: usize) -> GroupTile {
    let (max, step, c, s) = if cpu {
        (CPU_MAX_TILE, CPU_STEP, cpg, l)
    } else {
        (
            GPU_MAX_TILE,
            GPU_STEP,
            cpg.next_power_of_two(),
            l.next_power_of_two(),
        )
    };
    let (channels, spatial) = if c * s <= max {
        (c, s)
    } else if s <= max {
        // max / s is a power of two on a GPU (both are).
        ((max / s).max(1), s)
    } else {
        (1, step)
    };
    GroupTile::new(channels, spatial, cpg, l)
}

/// The spec `metile emit` shows: every tensor in `dtype`, slabs of 4 channels (`PARITY.md`'s
/// benchmark groups) of `block / 4` positions in one tile, masked on the spatial axis unless
/// `exact`; the backward reads saved statistics, as training hands them over.
pub fn representative_spec(dtype: DType, block: usize, exact: bool, backward: bool) -> GroupSpec {
    let channels = block.clamp(1, 4);
    let spatial = (block / channels).max(1);
    let mut tile = GroupTile::new(channels, spatial, channels, spatial);
    tile.l_masked = !exact;
    GroupSpec {
        x: dtype,
        weight: dtype,
        bias: if backward { DType::F32 } else { dtype },
        dy: dtype,
        tile,
        saved: backward,
    }
}

fn bad_param(entry: &str, name: &str, value: String, message: &str, allowed: &str) -> OpError {
    OpError::BadParam {
        entry: entry.into(),
        name: name.into(),
        value,
        message: message.into(),
        allowed: allowed.into(),
    }
}

/// Validates the inputs and options: the sizes of the call.
fn validate(entry: &str, inp: &GroupInputs<'_>, opts: &GroupOptions) -> Result<Sizes, OpError> {
    let x = inp.x;
    float_dtype(entry, "x", x)?;
    if x.shape.len() < 2 {
        return Err(bad(
            entry,
            "x",
            format!(
                "shape {:?} must be [B, C, *spatial] (at least two axes)",
                x.shape
            ),
        ));
    }
    let (batch, channels) = (x.shape[0], x.shape[1]);
    let spatial: usize = x.shape[2..].iter().product();
    if channels == 0 || spatial == 0 {
        return Err(bad(
            entry,
            "x",
            format!(
                "shape {:?} has no values per group (C and every spatial axis must be at least 1)",
                x.shape
            ),
        ));
    }
    let groups = opts.num_groups;
    if groups == 0 || !channels.is_multiple_of(groups) {
        return Err(bad_param(
            entry,
            "num_groups",
            groups.to_string(),
            &format!("must divide the {channels} channels of x"),
            "a divisor of C (x's axis 1), at least 1",
        ));
    }
    let cpg = channels / groups;
    if cpg > MAX_AXIS || spatial > MAX_AXIS {
        return Err(bad(
            entry,
            "x",
            format!("{cpg} channels per group of {spatial} positions; at most {MAX_AXIS} of each"),
        ));
    }
    crate::host::rows_fit(entry, "x", batch * groups)?;
    for (name, t) in [("weight", inp.weight), ("bias", inp.bias)] {
        float_dtype(entry, name, t)?;
        if t.shape != [channels] {
            return Err(bad(
                entry,
                name,
                format!(
                    "shape {:?} must be [C] = [{channels}] (x's axis 1)",
                    t.shape
                ),
            ));
        }
    }
    if !(opts.eps > 0.0 && opts.eps.is_finite()) {
        return Err(bad_param(
            entry,
            "eps",
            opts.eps.to_string(),
            "must be positive and finite",
            "a positive finite f32",
        ));
    }
    Ok(Sizes {
        batch,
        channels,
        groups,
        cpg,
        spatial,
    })
}

/// Checks saved statistics: FP32, `[B, G]`.
fn check_stats(entry: &str, st: &GroupStats<'_>, s: &Sizes) -> Result<(), OpError> {
    for (name, t) in [("mean", st.mean), ("rstd", st.rstd)] {
        if t.dtype() != DType::F32 {
            return Err(bad(
                entry,
                name,
                format!(
                    "the saved statistic must be f32 (the forward's), got {}; leave the \
                     statistics out to recompute them",
                    t.dtype()
                ),
            ));
        }
        if t.shape != [s.batch, s.groups] {
            return Err(bad(
                entry,
                name,
                format!(
                    "the saved statistic must have shape [B, G] = [{}, {}], got {:?}",
                    s.batch, s.groups, t.shape
                ),
            ));
        }
    }
    Ok(())
}

fn i32_of(v: usize) -> i32 {
    // Validated: every size passed is at most i32::MAX.
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// Runs the forward into `out` (its tensors reused when they fit); `tile` overrides the
/// device's ([`tile_for`]).
pub fn forward_into(
    device: &Device,
    inp: &GroupInputs<'_>,
    opts: &GroupOptions,
    tile: Option<GroupTile>,
    out: &mut Option<GroupOutputs>,
) -> Result<(), OpError> {
    let s = validate(FORWARD, inp, opts)?;
    let xdt = inp.x.dtype();
    let (py, pm, pr) = match out.take() {
        Some(o) => (Some(o.y), Some(o.mean), Some(o.rstd)),
        None => (None, None, None),
    };
    let stats_shape = [s.batch, s.groups];
    let mut o = GroupOutputs {
        y: fit_written(device, py, xdt, &inp.x.shape)?,
        mean: fit_written(device, pm, DType::F32, &stats_shape)?,
        rstd: fit_written(device, pr, DType::F32, &stats_shape)?,
    };
    let rows = s.rows();
    if rows > 0 {
        let spec = GroupSpec {
            x: xdt,
            weight: inp.weight.dtype(),
            bias: inp.bias.dtype(),
            dy: xdt,
            tile: tile.unwrap_or_else(|| tile_for(device, s.cpg, s.spatial)),
            saved: false,
        };
        let k = device.kernel("group_norm_fwd", &spec, || kernels::forward(&spec))?;
        let (programs, rpp) = forward_programs(device, rows);
        let mut args = [
            Arg::In(&inp.x.buffer),
            Arg::In(&inp.weight.buffer),
            Arg::In(&inp.bias.buffer),
            Arg::Out(&mut o.y.buffer),
            Arg::Out(&mut o.mean.buffer),
            Arg::Out(&mut o.rstd.buffer),
            Arg::I32(i32_of(s.cpg)),
            Arg::I32(i32_of(s.spatial)),
            Arg::I32(i32_of(s.groups)),
            Arg::I32(i32_of(rows)),
            Arg::I32(i32_of(rpp)),
            Arg::F32(opts.eps),
        ];
        device.launch(&k, [programs as u32, 1, 1], &mut args)?;
    }
    *out = Some(o);
    Ok(())
}

/// Runs the forward with fresh outputs.
pub fn forward(
    device: &Device,
    inp: &GroupInputs<'_>,
    opts: &GroupOptions,
) -> Result<GroupOutputs, OpError> {
    let mut out = None;
    forward_into(device, inp, opts, None, &mut out)?;
    out.ok_or_else(|| bad(FORWARD, "x", "no output was produced".into()))
}

/// Runs the backward into `out` (its tensors reused when they fit); `tile` overrides the
/// device's ([`tile_for`]).
pub fn backward_into(
    device: &Device,
    inp: &GroupInputs<'_>,
    dy: &Tensor,
    stats: Option<GroupStats<'_>>,
    opts: &GroupOptions,
    tile: Option<GroupTile>,
    out: &mut Option<GroupGrads>,
) -> Result<(), OpError> {
    let s = validate(BACKWARD, inp, opts)?;
    check_like(BACKWARD, "dy", dy, inp.x)?;
    if let Some(st) = &stats {
        check_stats(BACKWARD, st, &s)?;
    }
    let (pdx, pdw, pdb) = match out.take() {
        Some(g) => (Some(g.dx), Some(g.dweight), Some(g.dbias)),
        None => (None, None, None),
    };
    let rows = s.rows();
    let param_grad = |prev, len| crate::host::param_grad(device, rows, prev, len);
    let mut g = GroupGrads {
        dx: fit_written(device, pdx, inp.x.dtype(), &inp.x.shape)?,
        dweight: param_grad(pdw, s.channels)?,
        dbias: param_grad(pdb, s.channels)?,
    };
    if rows > 0 {
        let spec = GroupSpec {
            x: inp.x.dtype(),
            weight: inp.weight.dtype(),
            // The backward never reads the bias: one kernel whatever its dtype.
            bias: DType::F32,
            dy: dy.dtype(),
            tile: tile.unwrap_or_else(|| tile_for(device, s.cpg, s.spatial)),
            saved: stats.is_some(),
        };
        let k = device.kernel("group_norm_bwd", &spec, || kernels::backward(&spec))?;
        let (programs, rpp) = forward_programs(device, rows);
        // `[B, C]`: the kernel writes every element, one (b, c) sum per channel of every row.
        let mut pw = device.zeros(DType::F32, s.batch * s.channels)?;
        let mut pb = device.zeros(DType::F32, s.batch * s.channels)?;
        {
            let mut args: Vec<Arg<'_>> = vec![
                Arg::In(&inp.x.buffer),
                Arg::In(&inp.weight.buffer),
                Arg::In(&dy.buffer),
            ];
            if let Some(st) = &stats {
                args.push(Arg::In(&st.mean.buffer));
                args.push(Arg::In(&st.rstd.buffer));
            }
            args.extend([
                Arg::Out(&mut g.dx.buffer),
                Arg::Out(&mut pw),
                Arg::Out(&mut pb),
                Arg::I32(i32_of(s.cpg)),
                Arg::I32(i32_of(s.spatial)),
                Arg::I32(i32_of(s.groups)),
                Arg::I32(i32_of(rows)),
                Arg::I32(i32_of(rpp)),
                Arg::F32(opts.eps),
            ]);
            device.launch(&k, [programs as u32, 1, 1], &mut args)?;
        }
        let t = Tiling::for_device(device, s.channels);
        for (partial, dst) in [(&pw, &mut g.dweight), (&pb, &mut g.dbias)] {
            sum_partial_rows(device, t, s.channels, s.batch, partial, &mut dst.buffer)?;
        }
    }
    *out = Some(g);
    Ok(())
}

/// Runs the backward with fresh outputs.
pub fn backward(
    device: &Device,
    inp: &GroupInputs<'_>,
    dy: &Tensor,
    stats: Option<GroupStats<'_>>,
    opts: &GroupOptions,
) -> Result<GroupGrads, OpError> {
    let mut out = None;
    backward_into(device, inp, dy, stats, opts, None, &mut out)?;
    out.ok_or_else(|| bad(BACKWARD, "x", "no output was produced".into()))
}

// ---- Registry entry points -------------------------------------------------------------------

const X: Port = port("x", PortShape::LikeX, false, "input [B, C, *spatial]");
const WEIGHT: Port = port("weight", PortShape::Channels, false, "per-channel scale");
const BIAS: Port = port("bias", PortShape::Channels, false, "per-channel shift");
const DY: Port = port("dy", PortShape::LikeX, false, "cotangent of y");
const Y: Port = port("y", PortShape::LikeX, false, "output, storage dtype");
const MEAN: Port = port("mean", PortShape::Groups, false, "group mean, f32");
const RSTD: Port = port(
    "rstd",
    PortShape::Groups,
    false,
    "1/sqrt(group variance + eps), f32",
);
const SAVED_MEAN: Port = port(
    "mean",
    PortShape::Groups,
    true,
    "the forward's mean (f32, with rstd): read instead of recomputed",
);
const SAVED_RSTD: Port = port(
    "rstd",
    PortShape::Groups,
    true,
    "the forward's rstd (f32, with mean): read instead of recomputed",
);
const DX: Port = port(
    "dx",
    PortShape::LikeX,
    false,
    "gradient of x, storage dtype",
);
const DW: Port = port(
    "dweight",
    PortShape::Channels,
    false,
    "gradient of weight, f32",
);
const DB: Port = port("dbias", PortShape::Channels, false, "gradient of bias, f32");
const NUM_GROUPS: ParamDef = ParamDef {
    name: "num_groups",
    default: "1",
    allowed: "a divisor of C (x's axis 1), at least 1",
    doc: "groups of consecutive channels normalized together",
};
const EPS: ParamDef = ParamDef {
    name: "eps",
    default: "1e-6",
    allowed: "a positive finite number",
    doc: "added to each group's variance before the square root",
};

fn options(entry: &str, p: &Params) -> Result<GroupOptions, OpError> {
    let text = p.text("num_groups");
    let num_groups = text.trim().parse::<usize>().map_err(|_| {
        bad_param(
            entry,
            "num_groups",
            text.clone(),
            "is not a positive integer",
            NUM_GROUPS.allowed,
        )
    })?;
    Ok(GroupOptions {
        num_groups,
        eps: p.f32("eps")?,
    })
}

fn inputs<'a>(entry: &str, t: &'a Tensors) -> Result<GroupInputs<'a>, OpError> {
    Ok(GroupInputs {
        x: input(entry, t, "x")?,
        weight: input(entry, t, "weight")?,
        bias: input(entry, t, "bias")?,
    })
}

fn run_forward(d: &Device, t: &Tensors, p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let inp = inputs(FORWARD, t)?;
    let opts = options(FORWARD, p)?;
    let mut prev = out
        .remove("y")
        .zip(out.remove("mean"))
        .zip(out.remove("rstd"))
        .map(|((y, mean), rstd)| GroupOutputs { y, mean, rstd });
    forward_into(d, &inp, &opts, None, &mut prev)?;
    if let Some(o) = prev {
        out.insert("y".into(), o.y);
        out.insert("mean".into(), o.mean);
        out.insert("rstd".into(), o.rstd);
    }
    Ok(())
}

fn run_backward(d: &Device, t: &Tensors, p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let inp = inputs(BACKWARD, t)?;
    let opts = options(BACKWARD, p)?;
    let dy = input(BACKWARD, t, "dy")?;
    let stats = match (t.get("mean"), t.get("rstd")) {
        (Some(mean), Some(rstd)) => Some(GroupStats { mean, rstd }),
        (None, None) => None,
        (Some(_), None) => {
            return Err(bad(
                BACKWARD,
                "rstd",
                "the saved statistics are both or neither: mean was given without rstd".into(),
            ))
        }
        (None, Some(_)) => {
            return Err(bad(
                BACKWARD,
                "mean",
                "the saved statistics are both or neither: rstd was given without mean".into(),
            ))
        }
    };
    let mut prev = out
        .remove("dx")
        .zip(out.remove("dweight"))
        .zip(out.remove("dbias"))
        .map(|((dx, dweight), dbias)| GroupGrads { dx, dweight, dbias });
    backward_into(d, &inp, dy, stats, &opts, None, &mut prev)?;
    if let Some(g) = prev {
        out.insert("dx".into(), g.dx);
        out.insert("dweight".into(), g.dweight);
        out.insert("dbias".into(), g.dbias);
    }
    Ok(())
}

/// The two registered entry points.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: FORWARD,
        op: "group_norm",
        inputs: &[X, WEIGHT, BIAS],
        outputs: &[Y, MEAN, RSTD],
        params: &[NUM_GROUPS, EPS],
        overwrites: &[],
        run: run_forward,
    },
    EntryPoint {
        name: BACKWARD,
        op: "group_norm",
        inputs: &[X, WEIGHT, BIAS, DY, SAVED_MEAN, SAVED_RSTD],
        outputs: &[DX, DW, DB],
        params: &[NUM_GROUPS, EPS],
        overwrites: &[],
        run: run_backward,
    },
];
