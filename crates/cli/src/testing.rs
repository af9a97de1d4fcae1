//! Fake entry points for the CLI's unit tests, so the commands can be tested against the
//! registry interface whatever the registry holds.

use metile_kernels::registry::{
    port, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors,
};
use metile_runtime::{Device, Tensor};

const X: Port = port("x", PortShape::LikeX, false, "input rows");
const WEIGHT: Port = port("weight", PortShape::Cols, false, "per-column scale");
const BIAS: Port = port("bias", PortShape::Cols, true, "per-column shift");
const Y: Port = port("y", PortShape::LikeX, false, "output");
const ROWSUM: Port = port("rowsum", PortShape::Rows, false, "sum of each input row");
const EPS: ParamDef = ParamDef {
    name: "eps",
    default: "1e-6",
    allowed: "a finite number",
    doc: "added to y",
};

fn bad(entry: &str, name: &str, message: String) -> OpError {
    OpError::BadInput {
        entry: entry.into(),
        name: name.into(),
        message,
    }
}

/// `y = x * weight + bias + eps` in x's storage dtype; `rowsum` in f32.
fn scale_run(
    _device: &Device,
    inputs: &Tensors,
    params: &Params,
    outputs: &mut Tensors,
) -> Result<(), OpError> {
    let entry = "rms_norm.forward";
    let eps = params.f32("eps")?;
    let get = |n: &str| {
        inputs.get(n).ok_or_else(|| OpError::MissingInput {
            entry: entry.into(),
            name: n.into(),
        })
    };
    let x = get("x")?;
    let (rows, cols) = x
        .rows_cols()
        .ok_or_else(|| bad(entry, "x", "needs at least one axis".into()))?;
    let w = get("weight")?;
    if w.shape != [cols] {
        return Err(bad(
            entry,
            "weight",
            format!("shape {:?}, want [{cols}]", w.shape),
        ));
    }
    let xv = x.to_f32()?;
    let wv = w.to_f32()?;
    let bv = match inputs.get("bias") {
        Some(b) => b.to_f32()?,
        None => vec![0.0; cols],
    };
    let y: Vec<f32> = xv
        .iter()
        .enumerate()
        .map(|(i, v)| v * wv[i % cols] + bv[i % cols] + eps)
        .collect();
    let sums: Vec<f32> = (0..rows)
        .map(|r| xv[r * cols..(r + 1) * cols].iter().sum())
        .collect();
    outputs.insert("y".into(), Tensor::from_f32(x.dtype(), &x.shape, &y)?);
    let lead = &x.shape[..x.shape.len() - 1];
    outputs.insert(
        "rowsum".into(),
        Tensor::from_f32(metile_ir::DType::F32, lead, &sums)?,
    );
    Ok(())
}

fn panicking_run(_: &Device, _: &Tensors, _: &Params, _: &mut Tensors) -> Result<(), OpError> {
    #[allow(clippy::panic)]
    {
        panic!("deliberate test panic")
    }
}

/// A forward-like entry point registered under the name `rms_norm.forward`.
pub static FAKE_FORWARD: EntryPoint = EntryPoint {
    name: "rms_norm.forward",
    op: "rms_norm",
    inputs: &[X, WEIGHT, BIAS],
    outputs: &[Y, ROWSUM],
    params: &[EPS],
    overwrites: &[],
    run: scale_run,
};

/// An entry point whose kernel panics.
pub static PANICKING: EntryPoint = EntryPoint {
    name: "softmax.forward",
    op: "softmax",
    inputs: &[X],
    outputs: &[Y],
    params: &[],
    overwrites: &[],
    run: panicking_run,
};
