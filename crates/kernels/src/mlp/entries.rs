//! The registry entry points of `fused_mlp` and `tiled_mlp` (the contract is [`super`]'s):
//! their ports and parameters, and the host glue from named tensors to the Rust API.

use metile_runtime::Device;

use super::tiled::SHARDS_ALLOWED;
use super::{
    backward, backward_in_place, forward, tiled_backward, tiled_forward, Gate, MlpGrads, MlpInputs,
    MlpOptions, MlpOutputs, UpGrads, UpWeights,
};
use crate::activations::GRAD_DTYPE;
use crate::host::bad;
use crate::registry::{
    input, port, write_over, EntryPoint, OpError, Overwrite, ParamDef, Params, Port, PortShape,
    Tensors,
};

const X: Port = port("x", PortShape::LikeX, false, "input rows [..., dim]");
const WG: Port = port(
    "wg",
    PortShape::Weight,
    true,
    "gate weight [I, dim] (with wu, or give w_gu instead)",
);
const WU: Port = port(
    "wu",
    PortShape::Weight,
    true,
    "up weight [I, dim] (with wg)",
);
const W_GU: Port = port(
    "w_gu",
    PortShape::Weight,
    true,
    "packed gate|up weight [2I, dim]: rows 0..I gate, I..2I up (instead of wg and wu)",
)
.rare();
const WD: Port = port("wd", PortShape::BackWeight, false, "down weight [dim, I]");
const OUT: Port = port(
    "out",
    PortShape::LikeX,
    false,
    "(act(gm x wg^T) * (x wu^T) * dm) wd^T",
);
const GU: Port = port(
    "gu",
    PortShape::LikeOut,
    true,
    "[x wg^T | x wu^T], [..., 2I] (forward: saved with save_preact; backward: recomputed when \
     absent)",
);
const DOUT: Port = port("dout", PortShape::LikeX, false, "cotangent of out");
const DX: Port = port("dx", PortShape::LikeX, false, "gradient of x");
const DWG: Port = port(
    "dwg",
    PortShape::Weight,
    true,
    "gradient of wg (given wg and wu)",
);
const DWU: Port = port(
    "dwu",
    PortShape::Weight,
    true,
    "gradient of wu (given wg and wu)",
);
const DW_GU: Port = port(
    "dw_gu",
    PortShape::Weight,
    true,
    "gradient of w_gu (given w_gu)",
);
const DGU: Port = port(
    "dgu",
    PortShape::LikeOut,
    false,
    "[dG | dU], the gradient of gu, in gu's memory",
);
const GU_IN: Port = port(
    "gu",
    PortShape::LikeOut,
    false,
    "the forward's [x wg^T | x wu^T], [..., 2I]; overwritten with dgu",
);
const GU_WRITTEN: Overwrite = Overwrite {
    input: "gu",
    output: "dgu",
};
const DWD: Port = port("dwd", PortShape::BackWeight, false, "gradient of wd");

const ACTIVATION: ParamDef = ParamDef {
    name: "activation",
    default: "swiglu",
    allowed: "swiglu, geglu",
    doc: "the gate: silu (SwiGLU) or tanh-GELU (GeGLU)",
};
const GM: ParamDef = ParamDef {
    name: "gate_multiplier",
    default: "1",
    allowed: "a finite number",
    doc: "scales x wg^T before the activation",
};
const DM: ParamDef = ParamDef {
    name: "down_multiplier",
    default: "1",
    allowed: "a finite number",
    doc: "scales the gated product (so the output)",
};
const SAVE_PREACT: ParamDef = ParamDef {
    name: "save_preact",
    default: "true",
    allowed: "true, false",
    doc: "return gu for the backward (false: the backward recomputes it)",
};
const PARAM_GRAD_DTYPE: ParamDef = ParamDef {
    name: "param_grad_dtype",
    default: "f32",
    allowed: "f32, storage",
    doc: "dtype of the weight gradients (storage: x's, the FP32 sums rounded once)",
};
const SHARDS: ParamDef = ParamDef {
    name: "shards",
    default: "auto",
    allowed: SHARDS_ALLOWED,
    doc: "row shards (torch.chunk's); auto: max(1, ceil(T / dim)) as Liger",
};

fn options(p: &Params, backward: bool) -> Result<MlpOptions, OpError> {
    let gate = Gate::parse(&p.choice("activation", &["swiglu", "geglu"])?).unwrap_or_default();
    let mut o = MlpOptions {
        gate,
        gate_multiplier: p.f32("gate_multiplier")?,
        down_multiplier: p.f32("down_multiplier")?,
        ..MlpOptions::default()
    };
    if backward {
        o.f32_dx = p.choice("grad_dtype", &["storage", "f32"])? == "f32";
        o.storage_param_grads = p.choice("param_grad_dtype", &["f32", "storage"])? == "storage";
    }
    Ok(o)
}

fn shards(entry: &str, p: &Params) -> Result<Option<usize>, OpError> {
    let v = p.text("shards");
    match v.trim() {
        "auto" => Ok(None),
        s => s.parse::<usize>().map(Some).map_err(|_| OpError::BadParam {
            entry: entry.into(),
            name: "shards".into(),
            value: v.clone(),
            message: "is not auto or a non-negative integer".into(),
            allowed: SHARDS_ALLOWED.into(),
        }),
    }
}

fn inputs<'a>(entry: &str, t: &'a Tensors) -> Result<MlpInputs<'a>, OpError> {
    let up = match (t.get("wg"), t.get("wu"), t.get("w_gu")) {
        (Some(gate), Some(up), None) => UpWeights::Separate { gate, up },
        (None, None, Some(w)) => UpWeights::Packed(w),
        (None, None, None) | (None, Some(_), None) => {
            return Err(OpError::MissingInput {
                entry: entry.into(),
                name: "wg".into(),
            })
        }
        (Some(_), None, None) => {
            return Err(OpError::MissingInput {
                entry: entry.into(),
                name: "wu".into(),
            })
        }
        (_, _, Some(_)) => {
            return Err(bad(
                entry,
                "w_gu",
                "given with wg or wu: pass either wg and wu, or the packed w_gu".into(),
            ))
        }
    };
    Ok(MlpInputs {
        x: input(entry, t, "x")?,
        up,
        down: input(entry, t, "wd")?,
    })
}

/// Takes the previous gradients out of `out` for reuse.
fn take_grads(out: &mut Tensors, packed: bool) -> Option<MlpGrads> {
    let dx = out.remove("dx")?;
    let down = out.remove("dwd")?;
    let up = if packed {
        UpGrads::Packed(out.remove("dw_gu")?)
    } else {
        UpGrads::Separate {
            gate: out.remove("dwg")?,
            up: out.remove("dwu")?,
        }
    };
    Some(MlpGrads { dx, up, down })
}

fn put_grads(out: &mut Tensors, g: MlpGrads) {
    out.insert("dx".into(), g.dx);
    out.insert("dwd".into(), g.down);
    match g.up {
        UpGrads::Packed(w) => {
            out.insert("dw_gu".into(), w);
        }
        UpGrads::Separate { gate, up } => {
            out.insert("dwg".into(), gate);
            out.insert("dwu".into(), up);
        }
    }
}

fn is_packed(inp: &MlpInputs<'_>) -> bool {
    matches!(inp.up, UpWeights::Packed(_))
}

fn run_forward(d: &Device, t: &Tensors, p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let entry = "fused_mlp.forward";
    let inp = inputs(entry, t)?;
    let opts = MlpOptions {
        save_preact: p.choice("save_preact", &["true", "false"])? == "true",
        ..options(p, false)?
    };
    let prev = out.remove("out").map(|o| MlpOutputs {
        out: o,
        gu: out.remove("gu"),
    });
    let o = forward(d, &inp, &opts, prev)?;
    out.insert("out".into(), o.out);
    if let Some(gu) = o.gu {
        out.insert("gu".into(), gu);
    }
    Ok(())
}

fn run_backward(d: &Device, t: &Tensors, p: &Params, out: &mut Tensors) -> Result<(), OpError> {
    let entry = "fused_mlp.backward";
    let inp = inputs(entry, t)?;
    let opts = options(p, true)?;
    // The caller's gu is never written: the backward consumes a copy.
    let gu = t
        .get("gu")
        .map(|g| crate::host::fit_copy(d, None, g))
        .transpose()?;
    let prev = take_grads(out, is_packed(&inp));
    let g = backward(d, &inp, gu, input(entry, t, "dout")?, &opts, prev)?;
    put_grads(out, g);
    Ok(())
}

fn run_in_place_backward(
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let entry = "fused_mlp.in_place_backward";
    let inp = inputs(entry, t)?;
    let opts = options(p, true)?;
    let dout = input(entry, t, "dout")?;
    let prev = take_grads(out, is_packed(&inp));
    let g = write_over(entry, out, &[GU_WRITTEN], |[gu]| {
        backward_in_place(d, &inp, gu, dout, &opts, prev)
    })?;
    put_grads(out, g);
    Ok(())
}

fn run_tiled_forward(
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let entry = "tiled_mlp.forward";
    let inp = inputs(entry, t)?;
    let opts = options(p, false)?;
    let o = tiled_forward(d, &inp, &opts, shards(entry, p)?, out.remove("out"))?;
    out.insert("out".into(), o);
    Ok(())
}

fn run_tiled_backward(
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let entry = "tiled_mlp.backward";
    let inp = inputs(entry, t)?;
    let opts = options(p, true)?;
    let prev = take_grads(out, is_packed(&inp));
    let dout = input(entry, t, "dout")?;
    let g = tiled_backward(d, &inp, dout, &opts, shards(entry, p)?, prev)?;
    put_grads(out, g);
    Ok(())
}

/// The fused and tiled MLP pairs, and the fused backward in place.
pub static ENTRY_POINTS: [EntryPoint; 5] = [
    EntryPoint {
        name: "fused_mlp.forward",
        op: "fused_mlp",
        inputs: &[X, WG, WU, W_GU, WD],
        outputs: &[OUT, GU],
        params: &[ACTIVATION, GM, DM, SAVE_PREACT],
        overwrites: &[],
        run: run_forward,
    },
    EntryPoint {
        name: "fused_mlp.backward",
        op: "fused_mlp",
        inputs: &[X, WG, WU, W_GU, WD, GU, DOUT],
        outputs: &[DX, DWG, DWU, DW_GU, DWD],
        params: &[ACTIVATION, GM, DM, GRAD_DTYPE, PARAM_GRAD_DTYPE],
        overwrites: &[],
        run: run_backward,
    },
    EntryPoint {
        name: "fused_mlp.in_place_backward",
        op: "fused_mlp",
        inputs: &[X, WG, WU, W_GU, WD, GU_IN, DOUT],
        outputs: &[DX, DWG, DWU, DW_GU, DWD, DGU],
        params: &[ACTIVATION, GM, DM, GRAD_DTYPE, PARAM_GRAD_DTYPE],
        overwrites: &[GU_WRITTEN],
        run: run_in_place_backward,
    },
    EntryPoint {
        name: "tiled_mlp.forward",
        op: "tiled_mlp",
        inputs: &[X, WG, WU, W_GU, WD],
        outputs: &[OUT],
        params: &[ACTIVATION, GM, DM, SHARDS],
        overwrites: &[],
        run: run_tiled_forward,
    },
    EntryPoint {
        name: "tiled_mlp.backward",
        op: "tiled_mlp",
        inputs: &[X, WG, WU, W_GU, WD, DOUT],
        outputs: &[DX, DWG, DWU, DW_GU, DWD],
        params: &[ACTIVATION, GM, DM, GRAD_DTYPE, PARAM_GRAD_DTYPE, SHARDS],
        overwrites: &[],
        run: run_tiled_backward,
    },
];
