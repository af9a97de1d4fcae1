//! AdamW: the fused optimizer update and the deterministic global sum of squares that feeds its
//! gradient clipping, so that a training loop keeps parameters, gradients and moments on the
//! device.
//!
//! # Contract
//!
//! `adamw.sum_squares(x [...]) -> sumsq []` (FP32): `sum x_i^2` over every element.
//! [`sum_squares`] takes a list of tensors (every parameter's gradient) and returns one total.
//! No float atomics: each program sums a contiguous run of one tensor in FP32 (lane-wise, then a
//! tile reduction) into its own slot of an FP32 partials buffer, and one program then sums the
//! partials in slot order, so for a given device and list of shapes the result repeats bit for
//! bit. Inputs f32, f16 or bf16, any shape (an empty list or tensor sums to 0).
//!
//! `adamw.step(param, grad, exp_avg, exp_avg_sq, grad_sumsq? []) -> (param, exp_avg,
//! exp_avg_sq)` updates in place ([`step`]; the entry point updates copies): with
//! `g = grad * s`, where the clipping scale `s = max_norm / sqrt(grad_sumsq)` when that norm is
//! finite and above `max_norm`, else 1 (no `grad_sumsq`: `s = 1`),
//! `m = beta1 m + (1 - beta1) g`, `v = beta2 v + (1 - beta2) g^2`,
//! `param -= lr ((m / c1) / (sqrt(v / c2) + eps) + weight_decay param)` with the bias
//! corrections `c1 = 1 - beta1^step`, `c2 = 1 - beta2^step` (decoupled weight decay, PyTorch's
//! `AdamW` with the update's order of operations as written). Arithmetic is FP32; the norm scale
//! is computed inside the kernel from the device scalar `grad_sumsq`, so a step needs no host
//! round trip. `param` f32, f16 or bf16 (updated in FP32, stored rounded); `grad` any float
//! dtype of `param`'s shape; `exp_avg` and `exp_avg_sq` FP32 of that shape; `grad_sumsq` an
//! FP32 scalar. Hyperparameters: `lr` and `weight_decay` finite and non-negative, `beta1` and
//! `beta2` in `[0, 1)`, `eps` finite and positive, `step >= 1`, `max_norm` finite and positive.
//! Anything else is a typed error. The optimizer has no backward.

pub mod check;

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, LangError};
use metile_runtime::{Arg, Device, Tensor};

use crate::host::{bad, fit, fit_copy, float_dtype};
use crate::registry::{input, port, EntryPoint, OpError, ParamDef, Params, PortShape, Tensors};

/// Kernel name of the update.
pub const STEP: &str = "adamw_step";
/// Kernel name of the sum of squares (both stages).
pub const SUM_SQUARES: &str = "adamw_sum_squares";

/// Elements per program of the update, and per tile of the sum of squares: 4096 on a GPU
/// (8 per thread, vector loads), 16384 on the CPU (per-program overhead amortised).
pub fn block(device: &Device) -> usize {
    if device.is_cpu() {
        16384
    } else {
        4096
    }
}

/// Tiles per program of the first sum-of-squares stage: a GPU program sums 8 tiles, so that the
/// partials stay few; a CPU program one (the executor spreads programs over cores).
fn tiles_per_program(device: &Device) -> usize {
    if device.is_cpu() {
        1
    } else {
        8
    }
}

/// Specialisation of [`step_kernel`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepSpec {
    pub param: DType,
    pub grad: DType,
    /// Whether the kernel takes `grad_sumsq` and `max_norm` and scales the gradient.
    pub clip: bool,
    pub block: usize,
}

/// The update: `block` elements per program. Parameters `param, grad, exp_avg, exp_avg_sq,
/// [grad_sumsq,] n` (i64), then the f32 scalars `lr, beta1, beta2, eps, weight_decay, bias1,
/// bias2` (`c1`, `c2`) `[, max_norm]`.
pub fn step_kernel(spec: &StepSpec) -> Result<Verified, LangError> {
    trace(STEP, |k| {
        let param = k.inout("param", spec.param);
        let grad = k.input("grad", spec.grad);
        let m = k.inout("exp_avg", DType::F32);
        let v = k.inout("exp_avg_sq", DType::F32);
        let sumsq = spec.clip.then(|| k.input("grad_sumsq", DType::F32));
        let n = k.scalar("n", DType::I64);
        let [lr, beta1, beta2, eps, wd, bias1, bias2] = [
            "lr",
            "beta1",
            "beta2",
            "eps",
            "weight_decay",
            "bias1",
            "bias2",
        ]
        .map(|name| k.scalar(name, DType::F32));
        let i = k.program_id(0).cast(DType::I64) * spec.block as i64
            + k.arange(0, spec.block as i64).cast(DType::I64);
        let mask = i.lt(n);
        let mut g = grad.load_masked(i, mask, 0.0).cast(DType::F32);
        if let Some(sumsq) = sumsq {
            let max_norm = k.scalar("max_norm", DType::F32);
            let norm = sumsq.load(k.constant(0, DType::I64)).sqrt();
            // NaN fails both comparisons and an infinite norm the second: no scaling.
            let clipped = norm.gt(max_norm) & norm.le(f32::MAX);
            g = g * select(clipped, max_norm / norm, 1.0);
        }
        let m1 = beta1 * m.load_masked(i, mask, 0.0) + (1.0 - beta1) * g;
        let v1 = beta2 * v.load_masked(i, mask, 0.0) + (1.0 - beta2) * g * g;
        let update = (m1 / bias1) / ((v1 / bias2).sqrt() + eps);
        let p = param.load_masked(i, mask, 0.0).cast(DType::F32);
        let p1 = p - lr * (update + wd * p);
        m.store_masked(i, m1, mask);
        v.store_masked(i, v1, mask);
        param.store_masked(i, p1.cast(spec.param), mask);
    })
}

/// Specialisation of [`sum_squares_kernel`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SumSquaresSpec {
    pub x: DType,
    /// Squares the elements (first stage); else sums them as they are (the partials).
    pub square: bool,
    pub block: usize,
}

/// Program `p` sums (the squares of) `x[p * per .. min((p + 1) * per, n)]` in FP32, `block`
/// lanes at a time in index order, reduces the lanes and stores the sum at `out[offset + p]`.
/// Parameters `x, out, n, per, offset` (i64).
pub fn sum_squares_kernel(spec: &SumSquaresSpec) -> Result<Verified, LangError> {
    trace(SUM_SQUARES, |k| {
        let x = k.input("x", spec.x);
        let out = k.output("out", DType::F32);
        let [n, per, offset] = ["n", "per", "offset"].map(|name| k.scalar(name, DType::I64));
        let p = k.program_id(0).cast(DType::I64);
        let lo = p * per;
        let hi = (lo + per).minimum(n);
        let lanes = k.arange(0, spec.block as i64).cast(DType::I64);
        let zero = k.zeros([spec.block], DType::F32);
        let acc = k.for_range(lo, hi, spec.block as i64, &[zero], |i0, acc| {
            let i = i0 + lanes;
            let v = x.load_masked(i, i.lt(hi), 0.0).cast(DType::F32);
            vec![acc[0] + if spec.square { v * v } else { v }]
        });
        out.store(offset + p, acc[0].sum(0));
    })
}

/// The global sum of squares and its workspace (reusable across calls through `prev`).
#[derive(Clone, Debug, PartialEq)]
pub struct SumSquares {
    /// `[]` FP32: the sum over every element of every tensor.
    pub total: Tensor,
    /// FP32 per-program partial sums of the first stage, in tensor order.
    pub partials: Tensor,
}

/// `sum x^2` over every element of every tensor of `xs` (module doc); `prev` gives buffers to
/// reuse.
pub fn sum_squares(
    device: &Device,
    xs: &[&Tensor],
    prev: Option<SumSquares>,
) -> Result<SumSquares, OpError> {
    let entry = "adamw.sum_squares";
    for x in xs {
        float_dtype(entry, "x", x)?;
    }
    let block = block(device);
    let per = block * tiles_per_program(device);
    let programs: Vec<usize> = xs.iter().map(|x| x.numel().div_ceil(per)).collect();
    let slots: usize = programs.iter().sum();
    if slots > i32::MAX as usize {
        return Err(bad(
            entry,
            "x",
            format!("{slots} partial sums; at most {}", i32::MAX),
        ));
    }
    let (prev_total, prev_partials) = match prev {
        Some(s) => (Some(s.total), Some(s.partials)),
        None => (None, None),
    };
    let mut partials = fit(device, prev_partials, DType::F32, &[slots])?;
    let mut total = fit(device, prev_total, DType::F32, &[])?;
    let mut offset = 0;
    for (x, programs) in xs.iter().zip(programs) {
        if programs == 0 {
            continue;
        }
        reduce(
            device,
            x,
            &mut partials,
            [x.numel(), per, offset],
            programs,
            true,
        )?;
        offset += programs;
    }
    // One program sums the partials (with none, it stores 0).
    reduce(
        device,
        &partials,
        &mut total,
        [slots, slots.max(1), 0],
        1,
        false,
    )?;
    Ok(SumSquares { total, partials })
}

/// One launch of [`sum_squares_kernel`] over `programs` programs.
fn reduce(
    device: &Device,
    x: &Tensor,
    out: &mut Tensor,
    [n, per, offset]: [usize; 3],
    programs: usize,
    square: bool,
) -> Result<(), OpError> {
    let spec = SumSquaresSpec {
        x: x.dtype(),
        square,
        block: block(device),
    };
    let k = device.kernel(SUM_SQUARES, &spec, || sum_squares_kernel(&spec))?;
    let mut args = [
        Arg::In(&x.buffer),
        Arg::Out(&mut out.buffer),
        Arg::I64(n as i64),
        Arg::I64(per as i64),
        Arg::I64(offset as i64),
    ];
    device.launch(&k, [programs as u32, 1, 1], &mut args)?;
    Ok(())
}

/// AdamW's hyperparameters for one step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AdamWOptions {
    pub lr: f32,
    pub beta1: f32,
    pub beta2: f32,
    pub eps: f32,
    pub weight_decay: f32,
    /// The 1-based step count of the bias corrections.
    pub step: u64,
}

impl AdamWOptions {
    /// PyTorch's defaults (`lr` 1e-3, betas (0.9, 0.999), eps 1e-8, weight decay 0.01) at `step`.
    pub fn torch_defaults(step: u64) -> AdamWOptions {
        AdamWOptions {
            lr: 1e-3,
            beta1: 0.9,
            beta2: 0.999,
            eps: 1e-8,
            weight_decay: 0.01,
            step,
        }
    }

    /// The bias corrections `(1 - beta1^step, 1 - beta2^step)`, computed in f64.
    pub fn bias_corrections(&self) -> (f32, f32) {
        let t = i32::try_from(self.step).unwrap_or(i32::MAX);
        let c = |beta: f32| (1.0 - f64::from(beta).powi(t)) as f32;
        (c(self.beta1), c(self.beta2))
    }

    /// Each hyperparameter in its range; the error names the one that is not.
    fn validate(&self, entry: &str) -> Result<(), OpError> {
        let check = |name: &str, value: f32, ok: bool, allowed: &str| {
            if ok {
                return Ok(());
            }
            Err(OpError::BadParam {
                entry: entry.into(),
                name: name.into(),
                value: value.to_string(),
                message: "is out of range".into(),
                allowed: allowed.into(),
            })
        };
        let non_negative = |v: f32| v.is_finite() && v >= 0.0;
        let beta = |v: f32| (0.0..1.0).contains(&v);
        check(
            "lr",
            self.lr,
            non_negative(self.lr),
            "finite and non-negative",
        )?;
        let wd = self.weight_decay;
        check(
            "weight_decay",
            wd,
            non_negative(wd),
            "finite and non-negative",
        )?;
        check("beta1", self.beta1, beta(self.beta1), "[0, 1)")?;
        check("beta2", self.beta2, beta(self.beta2), "[0, 1)")?;
        let eps_ok = self.eps.is_finite() && self.eps > 0.0;
        check("eps", self.eps, eps_ok, "finite and positive")?;
        if self.step == 0 {
            return Err(OpError::BadParam {
                entry: entry.into(),
                name: "step".into(),
                value: "0".into(),
                message: "is out of range".into(),
                allowed: "at least 1".into(),
            });
        }
        Ok(())
    }
}

/// Global-norm clipping for [`step`]: the gradients' sum of squares (a device scalar, see
/// [`sum_squares`]) and the largest norm allowed.
#[derive(Clone, Copy, Debug)]
pub struct Clip<'a> {
    pub grad_sumsq: &'a Tensor,
    pub max_norm: f32,
}

/// What [`step`] updates in place: a parameter and its two moments.
pub struct AdamWState<'a> {
    pub param: &'a mut Tensor,
    pub exp_avg: &'a mut Tensor,
    pub exp_avg_sq: &'a mut Tensor,
}

/// One AdamW update of `state` by `grad` (module doc), in place on `device`.
pub fn step(
    device: &Device,
    state: AdamWState<'_>,
    grad: &Tensor,
    clip: Option<Clip<'_>>,
    opts: &AdamWOptions,
) -> Result<(), OpError> {
    let entry = "adamw.step";
    opts.validate(entry)?;
    let AdamWState {
        param,
        exp_avg,
        exp_avg_sq,
    } = state;
    let pdt = float_dtype(entry, "param", param)?;
    let gdt = float_dtype(entry, "grad", grad)?;
    for (name, t) in [
        ("grad", grad),
        ("exp_avg", &*exp_avg),
        ("exp_avg_sq", &*exp_avg_sq),
    ] {
        if t.shape != param.shape {
            return Err(bad(
                entry,
                name,
                format!("shape {:?} must match param's {:?}", t.shape, param.shape),
            ));
        }
    }
    for (name, t) in [("exp_avg", &*exp_avg), ("exp_avg_sq", &*exp_avg_sq)] {
        if t.dtype() != DType::F32 {
            return Err(bad(entry, name, format!("dtype {} must be f32", t.dtype())));
        }
    }
    if let Some(c) = clip {
        if c.grad_sumsq.dtype() != DType::F32 || c.grad_sumsq.numel() != 1 {
            return Err(bad(
                entry,
                "grad_sumsq",
                format!(
                    "a {} tensor of shape {:?}; must be one f32 value",
                    c.grad_sumsq.dtype(),
                    c.grad_sumsq.shape
                ),
            ));
        }
        if !(c.max_norm.is_finite() && c.max_norm > 0.0) {
            return Err(bad(
                entry,
                "max_norm",
                format!("max norm {} must be finite and positive", c.max_norm),
            ));
        }
    }
    let n = param.numel();
    if n == 0 {
        return Ok(());
    }
    let spec = StepSpec {
        param: pdt,
        grad: gdt,
        clip: clip.is_some(),
        block: block(device),
    };
    let k = device.kernel(STEP, &spec, || step_kernel(&spec))?;
    let (bias1, bias2) = opts.bias_corrections();
    let mut args = vec![
        Arg::Out(&mut param.buffer),
        Arg::In(&grad.buffer),
        Arg::Out(&mut exp_avg.buffer),
        Arg::Out(&mut exp_avg_sq.buffer),
    ];
    if let Some(c) = clip {
        args.push(Arg::In(&c.grad_sumsq.buffer));
    }
    args.push(Arg::I64(n as i64));
    for v in [
        opts.lr,
        opts.beta1,
        opts.beta2,
        opts.eps,
        opts.weight_decay,
        bias1,
        bias2,
    ] {
        args.push(Arg::F32(v));
    }
    if let Some(c) = clip {
        args.push(Arg::F32(c.max_norm));
    }
    let programs = n.div_ceil(spec.block);
    if programs > i32::MAX as usize {
        return Err(bad(entry, "param", format!("{n} elements is too many")));
    }
    device.launch(&k, [programs as u32, 1, 1], &mut args)?;
    Ok(())
}

const HYPER: [ParamDef; 7] = [
    ParamDef {
        name: "lr",
        default: "1e-3",
        allowed: "finite >= 0",
        doc: "learning rate",
    },
    ParamDef {
        name: "beta1",
        default: "0.9",
        allowed: "[0, 1)",
        doc: "decay of the first moment",
    },
    ParamDef {
        name: "beta2",
        default: "0.999",
        allowed: "[0, 1)",
        doc: "decay of the second moment",
    },
    ParamDef {
        name: "eps",
        default: "1e-8",
        allowed: "finite > 0",
        doc: "added to the root of the second moment",
    },
    ParamDef {
        name: "weight_decay",
        default: "0.01",
        allowed: "finite >= 0",
        doc: "decoupled weight decay",
    },
    ParamDef {
        name: "step",
        default: "1",
        allowed: "integer >= 1",
        doc: "step count of the bias corrections",
    },
    ParamDef {
        name: "max_norm",
        default: "1.0",
        allowed: "finite > 0",
        doc: "global gradient norm clip, applied when grad_sumsq is given",
    },
];

fn options(p: &Params) -> Result<AdamWOptions, OpError> {
    let text = p.text("step");
    let step = text.trim().parse::<u64>().map_err(|_| OpError::BadParam {
        entry: "adamw.step".into(),
        name: "step".into(),
        value: text.clone(),
        message: "is not a non-negative integer".into(),
        allowed: "integer >= 1".into(),
    })?;
    Ok(AdamWOptions {
        lr: p.f32("lr")?,
        beta1: p.f32("beta1")?,
        beta2: p.f32("beta2")?,
        eps: p.f32("eps")?,
        weight_decay: p.f32("weight_decay")?,
        step,
    })
}

/// `adamw.step` on copies of the state (written into `o`, reusing tensors already there).
fn run_step(d: &Device, t: &Tensors, p: &Params, o: &mut Tensors) -> Result<(), OpError> {
    let e = "adamw.step";
    let opts = options(p)?;
    let max_norm = p.f32("max_norm")?;
    let mut copy =
        |name: &str| -> Result<Tensor, OpError> { fit_copy(d, o.remove(name), input(e, t, name)?) };
    let (mut param, mut exp_avg, mut exp_avg_sq) =
        (copy("param")?, copy("exp_avg")?, copy("exp_avg_sq")?);
    let clip = t.get("grad_sumsq").map(|s| Clip {
        grad_sumsq: s,
        max_norm,
    });
    step(
        d,
        AdamWState {
            param: &mut param,
            exp_avg: &mut exp_avg,
            exp_avg_sq: &mut exp_avg_sq,
        },
        input(e, t, "grad")?,
        clip,
        &opts,
    )?;
    o.insert("param".into(), param);
    o.insert("exp_avg".into(), exp_avg);
    o.insert("exp_avg_sq".into(), exp_avg_sq);
    Ok(())
}

/// AdamW's entries.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "adamw.sum_squares",
        op: "adamw",
        inputs: &[port("x", PortShape::LikeX, false, "[...] a gradient")],
        outputs: &[port(
            "sumsq",
            PortShape::Scalar,
            false,
            "[] f32 sum of squares",
        )],
        params: &[],
        overwrites: &[],
        run: |d, t, _, o| {
            let prev = o.remove("sumsq").map(|total| SumSquares {
                partials: Tensor::zeros(DType::F32, &[0]),
                total,
            });
            let s = sum_squares(d, &[input("adamw.sum_squares", t, "x")?], prev)?;
            o.insert("sumsq".into(), s.total);
            Ok(())
        },
    },
    EntryPoint {
        name: "adamw.step",
        op: "adamw",
        inputs: &[
            port("param", PortShape::LikeX, false, "[...] parameter"),
            port("grad", PortShape::LikeX, false, "its gradient"),
            port("exp_avg", PortShape::LikeX, false, "f32 first moment"),
            port("exp_avg_sq", PortShape::LikeX, false, "f32 second moment"),
            port(
                "grad_sumsq",
                PortShape::Scalar,
                true,
                "[] f32 global sum of squares of the gradients (adamw.sum_squares)",
            ),
        ],
        outputs: &[
            port("param", PortShape::LikeX, false, "updated parameter"),
            port("exp_avg", PortShape::LikeX, false, "updated first moment"),
            port(
                "exp_avg_sq",
                PortShape::LikeX,
                false,
                "updated second moment",
            ),
        ],
        params: &HYPER,
        overwrites: &[],
        run: run_step,
    },
];
