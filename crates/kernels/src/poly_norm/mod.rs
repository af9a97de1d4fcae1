//! PolyNorm (Liger-Kernel's `LigerPolyNormFunction`, `PARITY.md` §1.5), forward and backward.
//!
//! # Contract
//!
//! Rows are every axis of `x` but the last; `cols` is the last axis. `weight` has shape `[3]`,
//! `bias` `[1]`.
//!
//! - `poly_norm.forward(x, weight, bias) -> y`: with `n(u) = u / sqrt(mean_row(u^2) + eps)`,
//!   `y = w0 * n(x^3) + w1 * n(x^2) + w2 * n(x) + b`, computed in FP32 (statistics included)
//!   and rounded once to the storage dtype of `x`.
//! - `poly_norm.backward(x, weight, bias, dy) -> (dx, dweight, dbias)`: statistics recomputed
//!   in FP32 from x; with `u_i = x^p_i` (`p = 3, 2, 1`), `r_i` its rstd and
//!   `s_i = sum_row dy * u_i`: `dx = sum_i w_i * p_i * x^(p_i - 1) * (r_i * dy - u_i * r_i^3 *
//!   s_i / cols)` (rounded to x's storage dtype), `dweight_i = sum_rows r_i * s_i`,
//!   `dbias = sum dy`. The bias's value is not read by the backward.
//!
//! Deviations from Liger, on purpose: the forward computes in FP32 where Liger computes in the
//! input dtype without upcast (one rounding instead of many); the rstd Liger caches is not an
//! output (the backward recomputes it, one pass over the row); `dweight` and `dbias` are FP32
//! (Liger casts them to W's dtype), as the norms' parameter gradients.
//!
//! Option `eps` (default 1e-6, positive and finite). Dtypes: `x` f32, f16 or bf16; weight, bias
//! and `dy` any of the three.
//!
//! Accumulation: every sum is FP32 and deterministic, without atomics: each backward program
//! owns a contiguous block of rows and writes one FP32 partial of `dweight` and of `dbias`;
//! `norms::sum_partial_rows` sums them in program order.
//!
//! Bounds and tiling as the norms' (`norms::Tiling`): `cols` from 1 to 16,777,216 (wide rows are
//! walked in steps), rows from 0 to 2^31 - 1 (no rows: empty `y`/`dx`, zero parameter
//! gradients). Inputs are expected finite (x^6 must not overflow FP32).

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
use crate::registry::{
    input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors,
};
pub use kernels::{backward as backward_kernel, forward as forward_kernel, PolySpec};

pub const FORWARD: &str = "poly_norm.forward";
pub const BACKWARD: &str = "poly_norm.backward";

/// The forward's inputs (the backward reads all but the bias's value).
#[derive(Clone, Copy)]
pub struct PolyInputs<'a> {
    pub x: &'a Tensor,
    pub weight: &'a Tensor,
    pub bias: &'a Tensor,
}

/// Backward outputs: `dx` in x's storage dtype, FP32 parameter gradients.
#[derive(Clone, Debug, PartialEq)]
pub struct PolyGrads {
    pub dx: Tensor,
    pub dweight: Tensor,
    pub dbias: Tensor,
}

/// The spec `metile emit` shows: every tensor in `dtype`, a masked single tile of `block`
/// columns (`exact`: a tile of exactly the row).
pub fn representative_spec(dtype: DType, block: usize, exact: bool) -> PolySpec {
    PolySpec {
        x: dtype,
        weight: dtype,
        bias: dtype,
        dy: dtype,
        block,
        exact,
        looped: false,
    }
}

/// Validates the inputs and `eps`: returns `(rows, cols)`.
fn validate(entry: &str, inp: &PolyInputs<'_>, eps: f32) -> Result<(usize, usize), OpError> {
    let (rows, cols) = row_input_shape(entry, inp.x)?;
    for (name, t, len) in [("weight", inp.weight, 3), ("bias", inp.bias, 1)] {
        float_dtype(entry, name, t)?;
        if t.shape != [len] {
            return Err(bad(
                entry,
                name,
                format!("shape {:?} must be [{len}]", t.shape),
            ));
        }
    }
    if !(eps > 0.0 && eps.is_finite()) {
        return Err(OpError::BadParam {
            entry: entry.into(),
            name: "eps".into(),
            value: eps.to_string(),
            message: "must be positive and finite".into(),
            allowed: "a positive finite f32".into(),
        });
    }
    Ok((rows, cols))
}

fn spec(inp: &PolyInputs<'_>, dy: DType, t: Tiling) -> PolySpec {
    PolySpec {
        x: inp.x.dtype(),
        weight: inp.weight.dtype(),
        bias: inp.bias.dtype(),
        dy,
        block: t.block,
        exact: t.exact,
        looped: t.looped,
    }
}

/// Runs the forward into `out` (reused when it fits); `tiling` overrides the device's.
pub fn forward_into(
    device: &Device,
    inp: &PolyInputs<'_>,
    eps: f32,
    tiling: Option<Tiling>,
    out: &mut Option<Tensor>,
) -> Result<(), OpError> {
    let (rows, cols) = validate(FORWARD, inp, eps)?;
    let mut y = fit_written(device, out.take(), inp.x.dtype(), &inp.x.shape)?;
    if rows > 0 {
        let t = tiling.unwrap_or_else(|| Tiling::for_device(device, cols));
        let spec = spec(inp, inp.x.dtype(), t);
        let k = device.kernel("poly_norm_fwd", &spec, || kernels::forward(&spec))?;
        let (programs, rpp) = forward_programs(device, rows);
        let mut args = [
            Arg::In(&inp.x.buffer),
            Arg::In(&inp.weight.buffer),
            Arg::In(&inp.bias.buffer),
            Arg::Out(&mut y.buffer),
            Arg::I32(cols as i32),
            Arg::I32(rows as i32),
            Arg::I32(rpp as i32),
            Arg::F32(eps),
        ];
        device.launch(&k, [programs as u32, 1, 1], &mut args)?;
    }
    *out = Some(y);
    Ok(())
}

/// Runs the forward with a fresh output.
pub fn forward(device: &Device, inp: &PolyInputs<'_>, eps: f32) -> Result<Tensor, OpError> {
    let mut out = None;
    forward_into(device, inp, eps, None, &mut out)?;
    out.ok_or_else(|| bad(FORWARD, "x", "no output was produced".into()))
}

/// Runs the backward into `out` (its tensors reused when they fit); `tiling` overrides the
/// device's.
pub fn backward_into(
    device: &Device,
    inp: &PolyInputs<'_>,
    dy: &Tensor,
    eps: f32,
    tiling: Option<Tiling>,
    out: &mut Option<PolyGrads>,
) -> Result<(), OpError> {
    let (rows, cols) = validate(BACKWARD, inp, eps)?;
    crate::norms::check_like(BACKWARD, "dy", dy, inp.x)?;
    let (pdx, pdw, pdb) = match out.take() {
        Some(g) => (Some(g.dx), Some(g.dweight), Some(g.dbias)),
        None => (None, None, None),
    };
    let param_grad = |prev, len| crate::host::param_grad(device, rows, prev, len);
    let mut g = PolyGrads {
        dx: fit_written(device, pdx, inp.x.dtype(), &inp.x.shape)?,
        dweight: param_grad(pdw, 3)?,
        dbias: param_grad(pdb, 1)?,
    };
    if rows > 0 {
        let t = tiling.unwrap_or_else(|| Tiling::for_device(device, cols));
        // The backward never reads the bias: one kernel whatever its dtype.
        let spec = PolySpec {
            bias: DType::F32,
            ..spec(inp, dy.dtype(), t)
        };
        let k = device.kernel("poly_norm_bwd", &spec, || kernels::backward(&spec))?;
        // The partials are 4 values per program, whatever the width.
        let (programs, rpp) = backward_programs(device, &k, rows, 4)?;
        let mut pw = device.zeros(DType::F32, programs * 3)?;
        let mut pb = device.zeros(DType::F32, programs)?;
        {
            let mut args = [
                Arg::In(&inp.x.buffer),
                Arg::In(&inp.weight.buffer),
                Arg::In(&dy.buffer),
                Arg::Out(&mut g.dx.buffer),
                Arg::Out(&mut pw),
                Arg::Out(&mut pb),
                Arg::I32(cols as i32),
                Arg::I32(rows as i32),
                Arg::I32(rpp as i32),
                Arg::F32(eps),
            ];
            device.launch(&k, [programs as u32, 1, 1], &mut args)?;
        }
        for (partial, dst, len) in [(&pw, &mut g.dweight, 3), (&pb, &mut g.dbias, 1)] {
            let t = Tiling::for_device(device, len);
            sum_partial_rows(device, t, len, programs, partial, &mut dst.buffer)?;
        }
    }
    *out = Some(g);
    Ok(())
}

/// Runs the backward with fresh outputs.
pub fn backward(
    device: &Device,
    inp: &PolyInputs<'_>,
    dy: &Tensor,
    eps: f32,
) -> Result<PolyGrads, OpError> {
    let mut out = None;
    backward_into(device, inp, dy, eps, None, &mut out)?;
    out.ok_or_else(|| bad(BACKWARD, "x", "no output was produced".into()))
}

// ---- Registry entry points -------------------------------------------------------------------

const X: Port = port("x", PortShape::LikeX, false, "input rows");
const WEIGHT: Port = port(
    "weight",
    PortShape::Three,
    false,
    "weights of n(x^3), n(x^2), n(x)",
);
const BIAS: Port = port("bias", PortShape::One, false, "shift");
const DY: Port = port("dy", PortShape::LikeX, false, "cotangent of y");
const Y: Port = port("y", PortShape::LikeX, false, "output, storage dtype");
const DX: Port = port(
    "dx",
    PortShape::LikeX,
    false,
    "gradient of x, storage dtype",
);
const DW: Port = port(
    "dweight",
    PortShape::Three,
    false,
    "gradient of weight, f32",
);
const DB: Port = port("dbias", PortShape::One, false, "gradient of bias, f32");
const EPS: ParamDef = ParamDef {
    name: "eps",
    default: "1e-6",
    allowed: "a positive finite number",
    doc: "added to each mean square before the square root",
};

fn inputs<'a>(entry: &str, t: &'a Tensors) -> Result<PolyInputs<'a>, OpError> {
    Ok(PolyInputs {
        x: input(entry, t, "x")?,
        weight: input(entry, t, "weight")?,
        bias: input(entry, t, "bias")?,
    })
}

fn run_forward(d: &Device, t: &Tensors, p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let inp = inputs(FORWARD, t)?;
    let mut y = out.remove("y");
    forward_into(d, &inp, p.f32("eps")?, None, &mut y)?;
    if let Some(y) = y {
        out.insert("y".into(), y);
    }
    Ok(())
}

fn run_backward(d: &Device, t: &Tensors, p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let inp = inputs(BACKWARD, t)?;
    let dy = input(BACKWARD, t, "dy")?;
    let mut prev = out
        .remove("dx")
        .zip(out.remove("dweight"))
        .zip(out.remove("dbias"))
        .map(|((dx, dweight), dbias)| PolyGrads { dx, dweight, dbias });
    backward_into(d, &inp, dy, p.f32("eps")?, None, &mut prev)?;
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
        op: "poly_norm",
        inputs: &[X, WEIGHT, BIAS],
        outputs: &[Y],
        params: &[EPS],
        overwrites: &[],
        run: run_forward,
    },
    EntryPoint {
        name: BACKWARD,
        op: "poly_norm",
        inputs: &[X, WEIGHT, BIAS, DY],
        outputs: &[DX, DW, DB],
        params: &[EPS],
        overwrites: &[],
        run: run_backward,
    },
];
