//! Fused cross-entropy + total variation distance of student logits against teacher logits
//! (Liger 0.8.5's `LigerFusedCETVDFunction`, PARITY.md 4.10), forward and explicit backward.
//!
//! # Contract
//!
//! `fused_ce_tvd.forward(student s [..., V], teacher t [..., V], target [...]) -> (ce, tvd,
//! lse_s, lse_t, sigma)`. Per row, in FP32: `lse_s = logsumexp(s)`, `lse_t = logsumexp(t)`,
//! `p = softmax(s) = exp(s - lse_s)`, `q = softmax(t) = exp(t - lse_t)`, and
//! - `ce = lse_s - s_y`, `tvd = 0.5 sum_v |p_v - q_v|`: f32, one per row, **unreduced** (masking,
//!   weighting and normalising are the caller's, as in Liger); 0 on rows whose target is
//!   `ignore_index` (default -100). No smoothing, softcap, temperature or class weights.
//! - `lse_s`, `lse_t` and `sigma = sum_v p_v sign(p_v - q_v)` (`sign(0) = 0`): f32, one per row,
//!   ignored rows included (their values are never used): the statistics the backward takes,
//!   which Liger saves.
//!
//! `fused_ce_tvd.backward(s, t, target, lse_s, lse_t, sigma, dce [...], dtvd [...]) ->
//! dstudent`: `p` and `q` rebuilt from the saved statistics, then per element
//! `g_v = dce (p_v - [v = y]) + 0.5 dtvd p_v (sign(p_v - q_v) - sigma)` in FP32 (the gradient of
//! `sum_r dce_r ce_r + dtvd_r tvd_r`), 0 on ignored rows, written to a new tensor in the
//! student's dtype (`grad_dtype=f32` for FP32). The teacher gets no gradient. Nothing the caller
//! passes is modified (Liger does not overwrite the logits here either).
//!
//! Where Liger keeps `lse_s`, `lse_t` and `sigma` inside its autograd context, the forward entry
//! returns them as outputs and the backward entry takes them by the same names, so that a caller
//! (or `metile bench`) chains the two; Liger asks for 2-D logits, rows here may have any leading
//! shape; `dce` and `dtvd` may be any float dtype.
//!
//! Inputs: `s` and `t` of one shape `[..., V]` (rows = every axis but the last), each f32, f16
//! or bf16 and not necessarily the same dtype (both are read as FP32, as in Liger); `target`
//! int32/int64 of the rows' shape; the saved statistics f32 of the rows' shape; `dce` and
//! `dtvd` float (any of the three) of the rows' shape. Any `V` from 1 to 16,777,216: a row wider
//! than one tile (`Tiling::for_device`: 65,536 columns on the CPU, 16,384 on a GPU) is walked
//! in column steps, keeping an online max and sum per lane (`crate::online`) for both logsumexps
//! in one walk, then a second walk for `tvd` and `sigma` (the forward reads each row twice when
//! stepped, once when it fits a tile; the backward once). Up to `i32::MAX` rows; no rows give
//! empty outputs. Anything else (shapes that differ, non-float logits, non-integer targets,
//! statistics or cotangents of another shape or dtype) is a typed error.
//!
//! # Targets, and the deviation from Liger
//!
//! Liger does not bounds-check the target: a target outside `[0, V)` that is not `ignore_index`
//! reads out of the row. Here, as in `crate::cross_entropy`, where the targets live decides:
//! targets in host memory (the CPU) are read and checked on the host, and such a target is a
//! typed error naming its row, in the forward and the backward alike. Targets in device memory
//! are not read on the host (a call never waits for the GPU); the kernels guard the gather
//! (`crate::gather::known_index`) and the row's `ce`, `tvd` and gradient become NaN instead, so
//! the error cannot pass silently.
//!
//! # Numerics and determinism
//!
//! Every sum is FP32, per lane over the column steps and then across the tile, in a fixed order:
//! results repeat bit for bit. `sign(p_v - q_v)` is taken on the FP32 `p` and `q`, so a row whose
//! teacher equals its student (same values, whatever the dtypes) has `p = q` exactly, `tvd = 0`,
//! `sigma = 0` and the cross-entropy gradient alone; where `p_v` and `q_v` differ by less than
//! their FP32 rounding, the sign may differ from exact arithmetic's (as in Liger).

pub mod check;
#[cfg(test)]
mod tests;

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, Buffer, LangError, Tile};
use metile_runtime::{Arg, Device, Tensor};

use crate::cross_entropy::{
    count_valid, float_rows, ignore_index, reads_targets, row_ids, RowTiles,
};
use crate::gather::{guarded_index, poison};
use crate::host::{bad, fit_written, float_dtype};
use crate::norms::Tiling;
use crate::online;
use crate::registry::{
    input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors,
};

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CeTvdSpec {
    pub backward: bool,
    /// The student's and the teacher's dtypes.
    pub s: DType,
    pub t: DType,
    pub target: DType,
    /// The backward's cotangents' dtypes and the gradient's.
    pub dce: DType,
    pub dtvd: DType,
    pub grad: DType,
    pub tiling: Tiling,
    /// Targets the host did not read (in device memory): the kernels guard the gather and
    /// poison the rows whose target is out of range (module doc).
    pub device_targets: bool,
}

impl CeTvdSpec {
    /// The traced kernel's name.
    pub fn name(&self) -> &'static str {
        if self.backward {
            "fused_ce_tvd_bwd"
        } else {
            "fused_ce_tvd_fwd"
        }
    }
}

/// The spec `metile emit` shows: every float tensor in `dtype`, int64 targets the host read,
/// and one tile of `block` columns (masked unless `exact`).
pub fn representative_spec(dtype: DType, block: usize, exact: bool, backward: bool) -> CeTvdSpec {
    CeTvdSpec {
        backward,
        s: dtype,
        t: dtype,
        target: DType::I64,
        dce: dtype,
        dtvd: dtype,
        grad: dtype,
        tiling: Tiling {
            block,
            exact,
            looped: false,
            prefetch: false,
        },
        device_targets: false,
    }
}

/// A tile of `buf` in f32, `-inf` on masked lanes (they then hold `p = q = 0`).
fn logits(buf: &Buffer, offs: Tile, mask: Option<Tile>) -> Tile {
    match mask {
        Some(m) => buf.load_masked(offs, m, f32::NEG_INFINITY),
        None => buf.load(offs),
    }
    .cast(DType::F32)
}

/// `sign(a - b)` elementwise, with `sign(0) = 0`.
fn sign(a: Tile, b: Tile) -> Tile {
    a.gt(b).cast(DType::F32) - a.lt(b).cast(DType::F32)
}

/// The most threads of a program on a GPU. H200, 8192x32768 (16384-column steps), graph-timed,
/// ms at 256 / 512 / 1024 threads (`benchmarks/gpu/s19_call4.sh`, session 19; 512 was the cost
/// model's pick): bf16 forward 0.577 / 0.781 / 1.331, backward 0.383 / 0.423 / 0.592; f32
/// forward 0.901 / 0.969 / 0.903, backward 0.764 / 0.748 / 0.750. An L2 evict_last policy on
/// the logits lost everywhere but f32 at 512 threads (1-2%).
const GPU_MAX_THREADS: u32 = 256;

/// One program per row. Parameters: `student, teacher, target`, then forward `ce, tvd, lse_s,
/// lse_t, sigma` or backward `lse_s, lse_t, sigma, dce, dtvd, dstudent`, then the scalars `n`
/// (V) and `ignore_index`.
pub fn kernel(spec: &CeTvdSpec) -> Result<Verified, LangError> {
    trace(spec.name(), |k| {
        k.max_threads(GPU_MAX_THREADS);
        let s = k.input("student", spec.s);
        let t = k.input("teacher", spec.t);
        let target = k.input("target", spec.target);
        let stats_in = spec.backward.then(|| {
            [
                k.input("lse_s", DType::F32),
                k.input("lse_t", DType::F32),
                k.input("sigma", DType::F32),
            ]
        });
        let cotangents = spec
            .backward
            .then(|| (k.input("dce", spec.dce), k.input("dtvd", spec.dtvd)));
        let dx = spec.backward.then(|| k.output("dstudent", spec.grad));
        let outs = (!spec.backward).then(|| {
            ["ce", "tvd", "lse_s", "lse_t", "sigma"].map(|name| k.output(name, DType::F32))
        });
        let n = k.scalar("n", DType::I32);
        let ignore = k.scalar("ignore_index", DType::I64);
        let tiling = spec.tiling;
        let row = k.program_id(0);
        let r64 = row.cast(DType::I64);
        let tiles = RowTiles::new(k, row, n, tiling);
        let y = target.load(r64).cast(DType::I64);
        let valid = y.not_equal(ignore);
        // A target the host did not read is read at a class that exists; `poison` then turns
        // the row's values to NaN unless it named one (ignored rows keep their zeros).
        let (y, known) = guarded_index(y, n, spec.device_targets);
        let finish = |v: Tile| select(valid, poison(known, v), 0.0);
        // Both rows' tiles in f32 with offsets, column ids and mask; a row that fits one tile
        // is loaded once.
        let load = |start: Option<Tile>| {
            let (offs, c64, mask) = tiles.at(start);
            (
                logits(&s, offs, mask),
                logits(&t, offs, mask),
                offs,
                c64,
                mask,
            )
        };
        let whole = (!tiling.looped).then(|| load(None));
        let tile = |start: Option<Tile>| whole.unwrap_or_else(|| load(start));
        // p and q of a tile (0 on masked lanes) given the row's logsumexps.
        let probs =
            |sv: Tile, tv: Tile, lse_s: Tile, lse_t: Tile| ((sv - lse_s).exp(), (tv - lse_t).exp());

        if let (Some([ls, lt, sg]), Some((dce, dtvd)), Some(dx)) = (&stats_in, &cotangents, &dx) {
            let (lse_s, lse_t, sigma) = (ls.load(r64), lt.load(r64), sg.load(r64));
            let dce = dce.load(r64).cast(DType::F32);
            let half = dtvd.load(r64).cast(DType::F32) * 0.5;
            tiles.each(&|st| {
                let (sv, tv, offs, c64, mask) = tile(st);
                let (p, q) = probs(sv, tv, lse_s, lse_t);
                let hit = c64.equal(y).cast(DType::F32);
                let g = (p - hit) * dce + p * (sign(p, q) - sigma) * half;
                let g = finish(g).cast(spec.grad);
                match mask {
                    Some(m) => dx.store_masked(offs, g, m),
                    None => dx.store(offs, g),
                }
            });
            return;
        }
        let Some([ce, tvd, lse_s_out, lse_t_out, sigma_out]) = &outs else {
            return;
        };
        // Both logsumexps: one walk of per-lane online statistics when stepped.
        let lse = |m: Tile, sum: Tile| m + sum.log();
        let (lse_s, lse_t) = match whole {
            Some((sv, tv, ..)) => {
                let (ms, mt) = (sv.max(0), tv.max(0));
                (
                    lse(ms, (sv - ms).exp().sum(0)),
                    lse(mt, (tv - mt).exp().sum(0)),
                )
            }
            None => {
                let mut init = online::start(k, tiling.block).to_vec();
                init.extend(online::start(k, tiling.block));
                let r = k.for_range(0, n, tiling.block as i64, &init, |st, c| {
                    let (sv, tv, ..) = tile(Some(st));
                    let (ms, ss, _) = online::step(c[0], c[1], sv);
                    let (mt, sq, _) = online::step(c[2], c[3], tv);
                    vec![ms, ss, mt, sq]
                });
                let (ms, ss) = online::finish(r[0], r[1]);
                let (mt, sq) = online::finish(r[2], r[3]);
                (lse(ms, ss), lse(mt, sq))
            }
        };
        // sum |p - q| and sum p sign(p - q); masked lanes hold p = q = 0.
        let sums = tiles.sums(2, &|st| {
            let (sv, tv, ..) = tile(st);
            let (p, q) = probs(sv, tv, lse_s, lse_t);
            vec![(p - q).abs(), p * sign(p, q)]
        });
        // The target's logit, read only on rows that have one.
        let sy = s.load_masked(tiles.base() + y, valid, 0.0).cast(DType::F32);
        ce.store(r64, finish(lse_s - sy));
        tvd.store(r64, finish(sums[0] * 0.5));
        lse_s_out.store(r64, lse_s);
        lse_t_out.store(r64, lse_t);
        sigma_out.store(r64, sums[1]);
    })
}

/// The forward's outputs (f32, the rows' shape).
#[derive(Clone, Debug, PartialEq)]
pub struct CeTvdForward {
    pub ce: Tensor,
    pub tvd: Tensor,
    pub lse_s: Tensor,
    pub lse_t: Tensor,
    pub sigma: Tensor,
}

/// The statistics the backward takes: the forward's `lse_s`, `lse_t` and `sigma`.
#[derive(Clone, Copy, Debug)]
pub struct Saved<'a> {
    pub lse_s: &'a Tensor,
    pub lse_t: &'a Tensor,
    pub sigma: &'a Tensor,
}

impl<'a> From<&'a CeTvdForward> for Saved<'a> {
    fn from(f: &'a CeTvdForward) -> Self {
        Saved {
            lse_s: &f.lse_s,
            lse_t: &f.lse_t,
            sigma: &f.sigma,
        }
    }
}

/// A validated call: rows, classes, the rows' shape and whether the targets stay unread in
/// device memory.
struct Checked {
    rows: usize,
    v: usize,
    row_shape: Vec<usize>,
    device_targets: bool,
}

/// Checks the logits and targets (module doc): the targets are read and bounds-checked on the
/// host where they live there.
fn validate(
    entry: &str,
    s: &Tensor,
    t: &Tensor,
    target: &Tensor,
    ignore: i64,
) -> Result<Checked, OpError> {
    let (rows, v) = float_rows(entry, "student", s)?;
    float_dtype(entry, "teacher", t)?;
    if t.shape != s.shape {
        return Err(bad(
            entry,
            "teacher",
            format!("shape {:?} must be student's {:?}", t.shape, s.shape),
        ));
    }
    let row_shape = s.shape[..s.shape.len() - 1].to_vec();
    row_ids(entry, "target", target, &row_shape, "student's")?;
    let device_targets = !reads_targets(target);
    if !device_targets {
        count_valid(entry, "target", &target.buffer.to_i64()?, v, ignore)?;
    }
    Ok(Checked {
        rows,
        v,
        row_shape,
        device_targets,
    })
}

/// Input `name` must be a float tensor of the rows' shape (`f32_only`: an f32 one).
fn per_row(
    entry: &str,
    name: &str,
    x: &Tensor,
    c: &Checked,
    f32_only: bool,
) -> Result<DType, OpError> {
    let d = float_dtype(entry, name, x)?;
    if f32_only && d != DType::F32 {
        return Err(bad(
            entry,
            name,
            format!("dtype {d} is not allowed; the forward's statistics are f32"),
        ));
    }
    if x.shape != c.row_shape {
        return Err(bad(
            entry,
            name,
            format!(
                "shape {:?} must be the student's rows {:?}",
                x.shape, c.row_shape
            ),
        ));
    }
    Ok(d)
}

/// The tiling of rows of `v` classes on `device` (no step-ahead loads).
fn tiling_for(device: &Device, v: usize) -> Tiling {
    Tiling {
        prefetch: false,
        ..Tiling::for_device(device, v)
    }
}

/// The forward (module doc); the logits are only read.
pub fn forward(
    device: &Device,
    student: &Tensor,
    teacher: &Tensor,
    target: &Tensor,
    ignore_index: i64,
) -> Result<CeTvdForward, OpError> {
    forward_tiled(
        device,
        student,
        teacher,
        target,
        ignore_index,
        None,
        Default::default(),
    )
}

/// [`forward`] with rows tiled as `tiling` says (the device's when `None`; tests step rows on
/// the CPU), writing over `prev` (a previous call's outputs, in the order of
/// [`CeTvdForward`]'s fields) where they fit.
pub fn forward_tiled(
    device: &Device,
    student: &Tensor,
    teacher: &Tensor,
    target: &Tensor,
    ignore_index: i64,
    tiling: Option<Tiling>,
    prev: [Option<Tensor>; 5],
) -> Result<CeTvdForward, OpError> {
    let c = validate(
        "fused_ce_tvd.forward",
        student,
        teacher,
        target,
        ignore_index,
    )?;
    let [a, b, l, m, n] = prev.map(|p| fit_written(device, p, DType::F32, &c.row_shape));
    let mut outs = [a?, b?, l?, m?, n?];
    if c.rows > 0 {
        let spec = CeTvdSpec {
            backward: false,
            s: student.dtype(),
            t: teacher.dtype(),
            target: target.dtype(),
            dce: DType::F32,
            dtvd: DType::F32,
            grad: DType::F32,
            tiling: tiling.unwrap_or_else(|| tiling_for(device, c.v)),
            device_targets: c.device_targets,
        };
        let k = device.kernel(spec.name(), &spec, || kernel(&spec))?;
        let mut args = vec![
            Arg::In(&student.buffer),
            Arg::In(&teacher.buffer),
            Arg::In(&target.buffer),
        ];
        args.extend(outs.iter_mut().map(|o| Arg::Out(&mut o.buffer)));
        args.extend([Arg::I32(c.v as i32), Arg::I64(ignore_index)]);
        device.launch(&k, [c.rows as u32, 1, 1], &mut args)?;
    }
    let [ce, tvd, lse_s, lse_t, sigma] = outs;
    Ok(CeTvdForward {
        ce,
        tvd,
        lse_s,
        lse_t,
        sigma,
    })
}

/// The backward (module doc): `dstudent` in the student's dtype, or f32 with `f32_grads`.
#[allow(clippy::too_many_arguments)]
pub fn backward(
    device: &Device,
    student: &Tensor,
    teacher: &Tensor,
    target: &Tensor,
    saved: Saved<'_>,
    dce: &Tensor,
    dtvd: &Tensor,
    ignore_index: i64,
    f32_grads: bool,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    backward_tiled(
        device,
        student,
        teacher,
        target,
        saved,
        [dce, dtvd],
        ignore_index,
        f32_grads,
        None,
        prev,
    )
}

/// [`backward`] with rows tiled as `tiling` says (the device's when `None`); `cotangents` are
/// `[dce, dtvd]`.
#[allow(clippy::too_many_arguments)]
pub fn backward_tiled(
    device: &Device,
    student: &Tensor,
    teacher: &Tensor,
    target: &Tensor,
    saved: Saved<'_>,
    cotangents: [&Tensor; 2],
    ignore_index: i64,
    f32_grads: bool,
    tiling: Option<Tiling>,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let e = "fused_ce_tvd.backward";
    let c = validate(e, student, teacher, target, ignore_index)?;
    for (name, x) in [
        ("lse_s", saved.lse_s),
        ("lse_t", saved.lse_t),
        ("sigma", saved.sigma),
    ] {
        per_row(e, name, x, &c, true)?;
    }
    let [dce, dtvd] = cotangents;
    let dce_dtype = per_row(e, "dce", dce, &c, false)?;
    let dtvd_dtype = per_row(e, "dtvd", dtvd, &c, false)?;
    let grad = if f32_grads {
        DType::F32
    } else {
        student.dtype()
    };
    let mut dx = fit_written(device, prev, grad, &student.shape)?;
    if c.rows == 0 {
        return Ok(dx);
    }
    let spec = CeTvdSpec {
        backward: true,
        s: student.dtype(),
        t: teacher.dtype(),
        target: target.dtype(),
        dce: dce_dtype,
        dtvd: dtvd_dtype,
        grad,
        tiling: tiling.unwrap_or_else(|| tiling_for(device, c.v)),
        device_targets: c.device_targets,
    };
    let k = device.kernel(spec.name(), &spec, || kernel(&spec))?;
    let mut args = vec![
        Arg::In(&student.buffer),
        Arg::In(&teacher.buffer),
        Arg::In(&target.buffer),
        Arg::In(&saved.lse_s.buffer),
        Arg::In(&saved.lse_t.buffer),
        Arg::In(&saved.sigma.buffer),
        Arg::In(&dce.buffer),
        Arg::In(&dtvd.buffer),
        Arg::Out(&mut dx.buffer),
        Arg::I32(c.v as i32),
        Arg::I64(ignore_index),
    ];
    device.launch(&k, [c.rows as u32, 1, 1], &mut args)?;
    Ok(dx)
}

const STUDENT: Port = port(
    "student",
    PortShape::LikeX,
    false,
    "[..., V] student logits, f32/f16/bf16 (gets the gradient)",
);
const TEACHER: Port = port(
    "teacher",
    PortShape::LikeX,
    false,
    "[..., V] teacher logits, f32/f16/bf16 (no gradient)",
);
const TARGET: Port = port(
    "target",
    PortShape::Classes,
    false,
    "class per row, int32/int64, in 0..V or ignore_index",
);
/// The forward's outputs, in order, which the backward's inputs of the same names take.
const FORWARD_OUTPUTS: [&str; 5] = ["ce", "tvd", "lse_s", "lse_t", "sigma"];
const CE: Port = port(
    "ce",
    PortShape::Rows,
    false,
    "f32 lse(s) - s_y per row, 0 on ignored rows",
);
const TVD: Port = port(
    "tvd",
    PortShape::Rows,
    false,
    "f32 0.5 sum |softmax(s) - softmax(t)| per row, 0 on ignored rows",
);
const LSE_S: Port = port("lse_s", PortShape::Rows, false, "f32 logsumexp(s) per row");
const LSE_T: Port = port("lse_t", PortShape::Rows, false, "f32 logsumexp(t) per row");
const SIGMA: Port = port(
    "sigma",
    PortShape::Rows,
    false,
    "f32 sum p sign(p - q) per row",
);
const DCE: Port = port("dce", PortShape::Rows, false, "cotangent of ce, float");
const DTVD: Port = port("dtvd", PortShape::Rows, false, "cotangent of tvd, float");
const DSTUDENT: Port = port(
    "dstudent",
    PortShape::LikeX,
    false,
    "gradient of the student logits",
);
const IGNORE_INDEX: ParamDef = ParamDef {
    name: "ignore_index",
    default: "-100",
    allowed: "an integer",
    doc: "rows with this target give 0 and no gradient",
};
const GRAD_DTYPE: ParamDef = ParamDef {
    name: "grad_dtype",
    default: "storage",
    allowed: "storage, f32",
    doc: "dtype of dstudent",
};

fn run_forward(d: &Device, t: &Tensors, p: &Params, o: &mut Tensors) -> Result<(), OpError> {
    let e = "fused_ce_tvd.forward";
    let prev = FORWARD_OUTPUTS.map(|name| o.remove(name));
    let f = forward_tiled(
        d,
        input(e, t, "student")?,
        input(e, t, "teacher")?,
        input(e, t, "target")?,
        ignore_index(p, e)?,
        None,
        prev,
    )?;
    for (name, v) in FORWARD_OUTPUTS
        .into_iter()
        .zip([f.ce, f.tvd, f.lse_s, f.lse_t, f.sigma])
    {
        o.insert(name.into(), v);
    }
    Ok(())
}

fn run_backward(d: &Device, t: &Tensors, p: &Params, o: &mut Tensors) -> Result<(), OpError> {
    let e = "fused_ce_tvd.backward";
    let saved = Saved {
        lse_s: input(e, t, "lse_s")?,
        lse_t: input(e, t, "lse_t")?,
        sigma: input(e, t, "sigma")?,
    };
    let g = backward(
        d,
        input(e, t, "student")?,
        input(e, t, "teacher")?,
        input(e, t, "target")?,
        saved,
        input(e, t, "dce")?,
        input(e, t, "dtvd")?,
        ignore_index(p, e)?,
        p.choice("grad_dtype", &["storage", "f32"])? == "f32",
        o.remove("dstudent"),
    )?;
    o.insert("dstudent".into(), g);
    Ok(())
}

/// Fused CE + TVD's entries.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "fused_ce_tvd.forward",
        op: "fused_ce_tvd",
        inputs: &[STUDENT, TEACHER, TARGET],
        outputs: &[CE, TVD, LSE_S, LSE_T, SIGMA],
        params: &[IGNORE_INDEX],
        overwrites: &[],
        run: run_forward,
    },
    EntryPoint {
        name: "fused_ce_tvd.backward",
        op: "fused_ce_tvd",
        inputs: &[STUDENT, TEACHER, TARGET, LSE_S, LSE_T, SIGMA, DCE, DTVD],
        outputs: &[DSTUDENT],
        params: &[IGNORE_INDEX, GRAD_DTYPE],
        overwrites: &[],
        run: run_backward,
    },
];
