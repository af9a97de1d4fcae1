//! DyT, Dynamic Tanh (Liger-Kernel's `LigerDyTFunction`, `PARITY.md` §1.7), forward and backward.
//!
//! # Contract
//!
//! Rows are every axis of `x` but the last; `cols` is the last axis. `alpha` has shape `[1]`,
//! `gamma` and `beta` `[cols]`; `beta` is optional (none: no shift).
//!
//! - `dyt.forward(x, alpha, gamma, beta?) -> y`: `y = gamma * tanh(alpha * x) + beta`, computed
//!   in FP32 and rounded once to the storage dtype of `x`.
//! - `dyt.backward(x, alpha, gamma, beta?, dy) -> (dx, dalpha, dgamma, dbeta?)`: with
//!   `t = tanh(alpha * x)` in FP32, `dx = alpha * gamma * (1 - t^2) * dy` (rounded to the
//!   storage dtype of `x`), `dalpha = sum x * gamma * (1 - t^2) * dy` (shape `[1]`),
//!   `dgamma = sum_rows dy * t`, `dbeta = sum_rows dy` (only with `beta`, whose value the
//!   backward does not read).
//!
//! Dtypes: `x` is f32, f16 or bf16; `alpha`, `gamma`, `beta` and `dy` may each be any of the
//! three. The parameter gradients are FP32. This deviates on purpose from Liger, which returns
//! `dalpha` and `dbeta` in x's dtype and `dgamma` in gamma's (`PARITY.md` §12 lists that as a
//! bug not to copy): the FP32 sums are returned unrounded, as the norms' parameter gradients.
//!
//! Accumulation: every sum is FP32 and deterministic, without atomics: each backward program
//! owns a contiguous block of rows and writes one FP32 partial row of `dgamma` (and `dbeta`)
//! and one FP32 partial `dalpha`; `norms::sum_partial_rows` then sums the partials in program
//! order. The number of programs depends only on the shape and the device, so results repeat
//! exactly from run to run.
//!
//! Bounds and tiling as the norms' (`norms::Tiling`): `cols` from 1 to 16,777,216 (rows wider
//! than one tile are walked in steps), rows from 0 to 2^31 - 1 (no rows: empty `y`/`dx`, zero
//! parameter gradients). Inputs are never modified; outputs are fresh tensors (or the
//! caller's, through the `_into` functions).

pub mod check;
mod kernels;
#[cfg(test)]
mod tests;

use metile_ir::DType;
use metile_runtime::{Arg, Device, Tensor};

use crate::host::{bad, fit_written, float_dtype};
use crate::norms::{
    backward_programs, forward_programs, row_input_shape, sum_partial_rows, Tiling,
};
use crate::registry::{input, port, EntryPoint, OpError, Params, Port, PortShape, Tensors};
pub use kernels::{backward as backward_kernel, forward as forward_kernel, DytSpec};

pub const FORWARD: &str = "dyt.forward";
pub const BACKWARD: &str = "dyt.backward";

/// The inputs of both directions (`dy` is the backward's cotangent).
#[derive(Clone, Copy)]
pub struct DytInputs<'a> {
    pub x: &'a Tensor,
    pub alpha: &'a Tensor,
    pub gamma: &'a Tensor,
    pub beta: Option<&'a Tensor>,
}

/// Backward outputs: `dx` in x's storage dtype, FP32 parameter gradients.
#[derive(Clone, Debug, PartialEq)]
pub struct DytGrads {
    pub dx: Tensor,
    pub dalpha: Tensor,
    pub dgamma: Tensor,
    pub dbeta: Option<Tensor>,
}

/// The spec `metile emit` shows: every tensor in `dtype`, with beta, a masked single tile of
/// `block` columns (`exact`: a tile of exactly the row).
pub fn representative_spec(dtype: DType, block: usize, exact: bool) -> DytSpec {
    DytSpec {
        x: dtype,
        alpha: dtype,
        gamma: dtype,
        beta: Some(dtype),
        dy: dtype,
        block,
        exact,
        looped: false,
    }
}

/// Validates the inputs: returns `(rows, cols)`.
fn validate(entry: &str, inp: &DytInputs<'_>) -> Result<(usize, usize), OpError> {
    let x = inp.x;
    let (rows, cols) = row_input_shape(entry, x)?;
    float_dtype(entry, "alpha", inp.alpha)?;
    if inp.alpha.shape != [1] {
        return Err(bad(
            entry,
            "alpha",
            format!("shape {:?} must be [1]", inp.alpha.shape),
        ));
    }
    for (name, t) in [("gamma", Some(inp.gamma)), ("beta", inp.beta)] {
        if let Some(t) = t {
            float_dtype(entry, name, t)?;
            if t.shape != [cols] {
                return Err(bad(
                    entry,
                    name,
                    format!("shape {:?} must be [cols] = [{cols}]", t.shape),
                ));
            }
        }
    }
    Ok((rows, cols))
}

/// Runs the forward into `out` (reused when it fits); `tiling` overrides the device's.
pub fn forward_into(
    device: &Device,
    inp: &DytInputs<'_>,
    tiling: Option<Tiling>,
    out: &mut Option<Tensor>,
) -> Result<(), OpError> {
    let (rows, cols) = validate(FORWARD, inp)?;
    let xdt = inp.x.dtype();
    let mut y = fit_written(device, out.take(), xdt, &inp.x.shape)?;
    if rows > 0 {
        let t = tiling.unwrap_or_else(|| Tiling::for_device(device, cols));
        let spec = DytSpec {
            x: xdt,
            alpha: inp.alpha.dtype(),
            gamma: inp.gamma.dtype(),
            beta: inp.beta.map(|b| b.dtype()),
            dy: xdt,
            block: t.block,
            exact: t.exact,
            looped: t.looped,
        };
        let k = device.kernel("dyt_fwd", &spec, || kernels::forward(&spec))?;
        let (programs, rpp) = forward_programs(device, rows);
        let mut args: Vec<Arg<'_>> = vec![
            Arg::In(&inp.x.buffer),
            Arg::In(&inp.alpha.buffer),
            Arg::In(&inp.gamma.buffer),
        ];
        args.extend(inp.beta.map(|t| Arg::In(&t.buffer)));
        args.push(Arg::Out(&mut y.buffer));
        args.push(Arg::I32(cols as i32));
        args.push(Arg::I32(rows as i32));
        args.push(Arg::I32(rpp as i32));
        device.launch(&k, [programs as u32, 1, 1], &mut args)?;
    }
    *out = Some(y);
    Ok(())
}

/// Runs the forward with a fresh output.
pub fn forward(device: &Device, inp: &DytInputs<'_>) -> Result<Tensor, OpError> {
    let mut out = None;
    forward_into(device, inp, None, &mut out)?;
    out.ok_or_else(|| bad(FORWARD, "x", "no output was produced".into()))
}

/// Runs the backward into `out` (its tensors reused when they fit); `tiling` overrides the
/// device's.
pub fn backward_into(
    device: &Device,
    inp: &DytInputs<'_>,
    dy: &Tensor,
    tiling: Option<Tiling>,
    out: &mut Option<DytGrads>,
) -> Result<(), OpError> {
    let (rows, cols) = validate(BACKWARD, inp)?;
    crate::norms::check_like(BACKWARD, "dy", dy, inp.x)?;
    let xdt = inp.x.dtype();
    let prev = out.take();
    let (pdx, pda, pdg, pdb) = match prev {
        Some(g) => (Some(g.dx), Some(g.dalpha), Some(g.dgamma), g.dbeta),
        None => (None, None, None, None),
    };
    let param_grad = |prev, len| crate::host::param_grad(device, rows, prev, len);
    let mut g = DytGrads {
        dx: fit_written(device, pdx, xdt, &inp.x.shape)?,
        dalpha: param_grad(pda, 1)?,
        dgamma: param_grad(pdg, cols)?,
        dbeta: match inp.beta {
            Some(_) => Some(param_grad(pdb, cols)?),
            None => None,
        },
    };
    if rows > 0 {
        let t = tiling.unwrap_or_else(|| Tiling::for_device(device, cols));
        let spec = DytSpec {
            x: xdt,
            alpha: inp.alpha.dtype(),
            gamma: inp.gamma.dtype(),
            // Whether beta is there, not its dtype: one kernel whatever it is.
            beta: inp.beta.map(|_| DType::F32),
            dy: dy.dtype(),
            block: t.block,
            exact: t.exact,
            looped: t.looped,
        };
        let k = device.kernel("dyt_bwd", &spec, || kernels::backward(&spec))?;
        let (programs, rpp) = backward_programs(device, &k, rows, cols)?;
        // Stepped kernels add into their partial rows, so those start at zero.
        let mut pg = device.zeros(DType::F32, programs * cols)?;
        let mut pb = match inp.beta {
            Some(_) => Some(device.zeros(DType::F32, programs * cols)?),
            None => None,
        };
        let mut pa = device.zeros(DType::F32, programs)?;
        {
            let mut args: Vec<Arg<'_>> = vec![
                Arg::In(&inp.x.buffer),
                Arg::In(&inp.alpha.buffer),
                Arg::In(&inp.gamma.buffer),
                Arg::In(&dy.buffer),
                Arg::Out(&mut g.dx.buffer),
                Arg::Out(&mut pg),
            ];
            args.extend(pb.as_mut().map(Arg::Out));
            args.push(Arg::Out(&mut pa));
            args.push(Arg::I32(cols as i32));
            args.push(Arg::I32(rows as i32));
            args.push(Arg::I32(rpp as i32));
            device.launch(&k, [programs as u32, 1, 1], &mut args)?;
        }
        sum_partial_rows(device, t, cols, programs, &pg, &mut g.dgamma.buffer)?;
        if let (Some(pb), Some(db)) = (&pb, g.dbeta.as_mut()) {
            sum_partial_rows(device, t, cols, programs, pb, &mut db.buffer)?;
        }
        let one = Tiling::for_device(device, 1);
        sum_partial_rows(device, one, 1, programs, &pa, &mut g.dalpha.buffer)?;
    }
    *out = Some(g);
    Ok(())
}

/// Runs the backward with fresh outputs.
pub fn backward(device: &Device, inp: &DytInputs<'_>, dy: &Tensor) -> Result<DytGrads, OpError> {
    let mut out = None;
    backward_into(device, inp, dy, None, &mut out)?;
    out.ok_or_else(|| bad(BACKWARD, "x", "no output was produced".into()))
}

// ---- Registry entry points -------------------------------------------------------------------

const X: Port = port("x", PortShape::LikeX, false, "input rows");
const ALPHA: Port = port("alpha", PortShape::One, false, "scale inside the tanh");
const GAMMA: Port = port("gamma", PortShape::Cols, false, "scale of the tanh");
const BETA: Port = port("beta", PortShape::Cols, true, "shift (none: no shift)");
const DY: Port = port("dy", PortShape::LikeX, false, "cotangent of y");
const Y: Port = port("y", PortShape::LikeX, false, "output, storage dtype");
const DX: Port = port(
    "dx",
    PortShape::LikeX,
    false,
    "gradient of x, storage dtype",
);
const DALPHA: Port = port("dalpha", PortShape::One, false, "gradient of alpha, f32");
const DGAMMA: Port = port("dgamma", PortShape::Cols, false, "gradient of gamma, f32");
const DBETA: Port = port(
    "dbeta",
    PortShape::Cols,
    true,
    "gradient of beta, f32 (with beta)",
);

fn inputs<'a>(entry: &str, t: &'a Tensors) -> Result<DytInputs<'a>, OpError> {
    Ok(DytInputs {
        x: input(entry, t, "x")?,
        alpha: input(entry, t, "alpha")?,
        gamma: input(entry, t, "gamma")?,
        beta: t.get("beta"),
    })
}

fn run_forward(d: &Device, t: &Tensors, _: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let inp = inputs(FORWARD, t)?;
    let mut y = out.remove("y");
    forward_into(d, &inp, None, &mut y)?;
    if let Some(y) = y {
        out.insert("y".into(), y);
    }
    Ok(())
}

fn run_backward(d: &Device, t: &Tensors, _: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let inp = inputs(BACKWARD, t)?;
    let dy = input(BACKWARD, t, "dy")?;
    let mut prev = out
        .remove("dx")
        .zip(out.remove("dalpha"))
        .zip(out.remove("dgamma"))
        .map(|((dx, dalpha), dgamma)| DytGrads {
            dx,
            dalpha,
            dgamma,
            dbeta: out.remove("dbeta"),
        });
    backward_into(d, &inp, dy, None, &mut prev)?;
    if let Some(g) = prev {
        out.insert("dx".into(), g.dx);
        out.insert("dalpha".into(), g.dalpha);
        out.insert("dgamma".into(), g.dgamma);
        if let Some(db) = g.dbeta {
            out.insert("dbeta".into(), db);
        }
    }
    Ok(())
}

/// The two registered entry points.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: FORWARD,
        op: "dyt",
        inputs: &[X, ALPHA, GAMMA, BETA],
        outputs: &[Y],
        params: &[],
        overwrites: &[],
        run: run_forward,
    },
    EntryPoint {
        name: BACKWARD,
        op: "dyt",
        inputs: &[X, ALPHA, GAMMA, BETA, DY],
        outputs: &[DX, DALPHA, DGAMMA, DBETA],
        params: &[],
        overwrites: &[],
        run: run_backward,
    },
];
