//! Activations: elementwise pairs and gated products, forward and backward.
//!
//! # Contract
//!
//! Elementwise pairs `<act>.forward(x) -> y` and `<act>.backward(x, dy) -> dx` with
//! `y = f(x)`, `dx = dy * f'(x)`, for
//! - `sigmoid`: `1 / (1 + exp(-x))`; `tanh`;
//! - `relu`: `max(x, 0)` (derivative 0 at 0); `relu_squared`: `max(x, 0)^2`;
//! - `silu`: `x * sigmoid(x)`;
//! - `gelu_tanh`: `0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))`;
//! - `gelu_erf`: `0.5 x (1 + erf(x / sqrt(2)))`;
//! - `quick_gelu`: `x * sigmoid(1.702 x)` (kept distinct from tanh-GELU).
//!
//! Gated products (separate gate and up inputs of one shape): `swiglu.forward(a, b) -> c` with
//! `c = silu(gm * a) * b * dm` (Liger's `gate_multiplier` gm and `down_multiplier` dm, default 1)
//! and `geglu.forward(a, b) -> c = gelu_tanh(a) * b`; backward `(a, b, dc) -> (da, db)` with
//! `da = dc * dm * b * f'(gm a) * gm`, `db = dc * dm * f(gm a)`.
//!
//! Inputs of any shape (elementwise over every element), f32, f16 or bf16; `b` must match `a`
//! in shape and dtype; cotangents match their primal's shape and may use any float dtype.
//! Arithmetic is FP32; outputs use the storage dtype of the primal input. Gradients use it too by
//! default, as the framework layers they feed do (`grad_dtype=f32` gives FP32). Empty inputs give
//! empty outputs. Nothing is modified in place; the backward recomputes `f` from the saved input.
//! Not yet: Liger's packed gate|up layout (`LigerFusedGateUpSiLUMulFunction`).

use metile_ir::{DType, Verified};
use metile_lang::{trace, LangError, Tile};
use metile_runtime::{Arg, Device, Tensor};

use crate::host::{bad, fit, float_dtype as float};
use crate::registry::{input, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors};

pub mod check;

/// The elementwise activations, by inventory name.
pub const NAMES: [&str; 8] = [
    "sigmoid",
    "tanh",
    "relu",
    "relu_squared",
    "silu",
    "gelu_tanh",
    "gelu_erf",
    "quick_gelu",
];

/// What a kernel computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// An elementwise activation (index into `NAMES`).
    Unary(usize),
    /// `silu(gm a) * b * dm`.
    Swiglu,
    /// `gelu_tanh(a) * b`.
    Geglu,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Unary(i) => NAMES[i],
            Kind::Swiglu => "swiglu",
            Kind::Geglu => "geglu",
        }
    }

    fn gated(self) -> bool {
        !matches!(self, Kind::Unary(_))
    }

    /// The activation a gated kind applies to its gate.
    fn act(self) -> &'static str {
        match self {
            Kind::Unary(i) => NAMES[i],
            Kind::Swiglu => "silu",
            Kind::Geglu => "gelu_tanh",
        }
    }
}

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActSpec {
    pub kind: Kind,
    pub x: DType,
    pub dy: DType,
    pub grad: DType,
    pub block: usize,
}

/// `f(x)` of activation `name` on an f32 tile.
pub fn act_tile(name: &str, x: Tile) -> Tile {
    let sig = |v: Tile| v.sigmoid();
    match name {
        "sigmoid" => sig(x),
        "tanh" => x.tanh(),
        "relu" => x.maximum(0.0),
        "relu_squared" => {
            let r = x.maximum(0.0);
            r * r
        }
        "silu" => x * sig(x),
        "gelu_tanh" => x * 0.5 * ((x + x * x * x * 0.044715) * 0.797_884_6).tanh() + x * 0.5,
        "gelu_erf" => x * 0.5 * (x * std::f32::consts::FRAC_1_SQRT_2).erf() + x * 0.5,
        _ => x * sig(x * 1.702),
    }
}

/// `f'(x)` of activation `name` on an f32 tile.
pub fn grad_tile(name: &str, x: Tile) -> Tile {
    match name {
        "sigmoid" => {
            let s = x.sigmoid();
            s * (1.0 - s)
        }
        "tanh" => {
            let t = x.tanh();
            1.0 - t * t
        }
        "relu" => x.gt(0.0).cast(DType::F32),
        "relu_squared" => x.maximum(0.0) * 2.0,
        "silu" => {
            let s = x.sigmoid();
            s * (x * (1.0 - s) + 1.0)
        }
        "gelu_tanh" => {
            let t = ((x + x * x * x * 0.044715) * 0.797_884_6).tanh();
            (t + 1.0) * 0.5
                + x * 0.5 * (1.0 - t * t) * 0.797_884_6 * (x * x * (3.0 * 0.044715) + 1.0)
        }
        "gelu_erf" => {
            (x * std::f32::consts::FRAC_1_SQRT_2).erf() * 0.5
                + 0.5
                + x * (x * x * -0.5).exp() * 0.398_942_3
        }
        _ => {
            let s = (x * 1.702).sigmoid();
            s + x * 1.702 * s * (1.0 - s)
        }
    }
}

/// Forward (`backward == false`) or backward kernel of `spec`, one program per `block`
/// elements of the flattened input. Parameters: forward `x, [b], y, n, gm, dm`; backward
/// `x, [b], dy, dx, [db], n, gm, dm`.
pub fn kernel(spec: &ActSpec, backward: bool) -> Result<Verified, LangError> {
    let dir = if backward { "bwd" } else { "fwd" };
    trace(&format!("{}_{dir}", spec.kind.name()), |k| {
        let gated = spec.kind.gated();
        let x = k.input(if gated { "a" } else { "x" }, spec.x);
        let b = gated.then(|| k.input("b", spec.x));
        let dy = backward.then(|| k.input("dy", spec.dy));
        let out = k.output(
            if backward { "dx" } else { "y" },
            if backward { spec.grad } else { spec.x },
        );
        let db = (backward && gated).then(|| k.output("db", spec.grad));
        let n = k.scalar("n", DType::I64);
        let gm = k.scalar("gate_multiplier", DType::F32);
        let dm = k.scalar("down_multiplier", DType::F32);
        let offs = k.program_id(0).cast(DType::I64) * spec.block as i64
            + k.arange(0, spec.block as i64).cast(DType::I64);
        let mask = offs.lt(n);
        let v = x.load_masked(offs, mask, 0.0).cast(DType::F32);
        let act = spec.kind.act();
        let g_in = if gated { v * gm } else { v };
        match (backward, &b) {
            (false, None) => out.store_masked(offs, act_tile(act, v).cast(spec.x), mask),
            (false, Some(b)) => {
                let bv = b.load_masked(offs, mask, 0.0).cast(DType::F32);
                out.store_masked(offs, (act_tile(act, g_in) * bv * dm).cast(spec.x), mask);
            }
            (true, _) => {
                let d = dy
                    .map(|dy| dy.load_masked(offs, mask, 0.0).cast(DType::F32))
                    .unwrap_or(v);
                match (&b, &db) {
                    (Some(b), Some(db)) => {
                        let bv = b.load_masked(offs, mask, 0.0).cast(DType::F32);
                        let dd = d * dm;
                        out.store_masked(
                            offs,
                            (dd * bv * grad_tile(act, g_in) * gm).cast(spec.grad),
                            mask,
                        );
                        db.store_masked(offs, (dd * act_tile(act, g_in)).cast(spec.grad), mask);
                    }
                    _ => out.store_masked(offs, (d * grad_tile(act, v)).cast(spec.grad), mask),
                }
            }
        }
    })
}

/// Elements per program: large tiles on the CPU, a register-sized tile on a GPU.
fn block_for(device: &Device) -> usize {
    if device.is_cpu() {
        16384
    } else {
        2048
    }
}

/// Options of every activation entry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActOptions {
    pub gate_multiplier: f32,
    pub down_multiplier: f32,
    /// FP32 gradients instead of the storage dtype.
    pub f32_grads: bool,
}

impl Default for ActOptions {
    fn default() -> Self {
        ActOptions {
            gate_multiplier: 1.0,
            down_multiplier: 1.0,
            f32_grads: false,
        }
    }
}

fn like(entry: &str, name: &str, t: &Tensor, x: &Tensor) -> Result<DType, OpError> {
    let d = float(entry, name, t)?;
    if t.shape != x.shape {
        return Err(bad(
            entry,
            name,
            format!("shape {:?} must match {:?}", t.shape, x.shape),
        ));
    }
    Ok(d)
}

/// Runs `kind` forward (`dy == None`) or backward on `device`: `x` (the gate `a` for gated
/// kinds), `b` for gated kinds. Returns `[y]`, `[dx]` or `[da, db]`, reusing `prev` tensors that
/// fit.
pub fn run(
    device: &Device,
    kind: Kind,
    x: &Tensor,
    b: Option<&Tensor>,
    dy: Option<&Tensor>,
    opts: &ActOptions,
    mut prev: Vec<Tensor>,
) -> Result<Vec<Tensor>, OpError> {
    let entry = format!(
        "{}.{}",
        kind.name(),
        if dy.is_some() { "backward" } else { "forward" }
    );
    let xname = if kind.gated() { "a" } else { "x" };
    let xd = float(&entry, xname, x)?;
    if let Some(b) = b {
        if like(&entry, "b", b, x)? != xd {
            return Err(bad(
                &entry,
                "b",
                format!("dtype {} must match {xname}'s {xd}", b.dtype()),
            ));
        }
    } else if kind.gated() {
        return Err(OpError::MissingInput {
            entry,
            name: "b".into(),
        });
    }
    let dyd = match dy {
        Some(t) => like(&entry, if kind.gated() { "dc" } else { "dy" }, t, x)?,
        None => xd,
    };
    for (name, v) in [
        ("gate_multiplier", opts.gate_multiplier),
        ("down_multiplier", opts.down_multiplier),
    ] {
        if !v.is_finite() {
            return Err(OpError::BadParam {
                entry,
                name: name.into(),
                value: v.to_string(),
                message: "must be finite".into(),
                allowed: "a finite number".into(),
            });
        }
    }
    let grad = if opts.f32_grads { DType::F32 } else { xd };
    let backward = dy.is_some();
    let spec = ActSpec {
        kind,
        x: xd,
        dy: dyd,
        grad,
        block: block_for(device),
    };
    let n = x.numel();
    let outs = if backward && kind.gated() { 2 } else { 1 };
    prev.truncate(outs);
    let mut out = Vec::with_capacity(outs);
    let mut prev = prev.into_iter();
    for _ in 0..outs {
        out.push(fit(
            device,
            prev.next(),
            if backward { grad } else { xd },
            &x.shape,
        )?);
    }
    if n == 0 {
        return Ok(out);
    }
    let dir = if backward { "bwd" } else { "fwd" };
    let k = device.kernel(&format!("{}_{dir}", kind.name()), &spec, || {
        kernel(&spec, backward)
    })?;
    let mut args: Vec<Arg<'_>> = vec![Arg::In(&x.buffer)];
    args.extend(b.map(|t| Arg::In(&t.buffer)));
    args.extend(dy.map(|t| Arg::In(&t.buffer)));
    for t in out.iter_mut() {
        args.push(Arg::Out(&mut t.buffer));
    }
    args.push(Arg::I64(n as i64));
    args.push(Arg::F32(opts.gate_multiplier));
    args.push(Arg::F32(opts.down_multiplier));
    let programs = n.div_ceil(spec.block);
    if programs > i32::MAX as usize {
        return Err(bad(&entry, xname, format!("{n} elements is too many")));
    }
    device.launch(&k, [programs as u32, 1, 1], &mut args)?;
    Ok(out)
}

// ---- Registry entry points -------------------------------------------------------------------

const fn port(name: &'static str, optional: bool, doc: &'static str) -> Port {
    Port {
        name,
        shape: PortShape::LikeX,
        optional,
        doc,
    }
}

pub(crate) const GRAD_DTYPE: ParamDef = ParamDef {
    name: "grad_dtype",
    default: "storage",
    allowed: "storage, f32",
    doc: "dtype of the input gradients",
};
const GM: ParamDef = ParamDef {
    name: "gate_multiplier",
    default: "1",
    allowed: "a finite number",
    doc: "scales the gate before the activation (SwiGLU)",
};
const DM: ParamDef = ParamDef {
    name: "down_multiplier",
    default: "1",
    allowed: "a finite number",
    doc: "scales the product (SwiGLU)",
};

fn options(p: &Params, multipliers: bool, bwd: bool) -> Result<ActOptions, OpError> {
    let mut o = ActOptions::default();
    if multipliers {
        o.gate_multiplier = p.f32("gate_multiplier")?;
        o.down_multiplier = p.f32("down_multiplier")?;
    }
    if bwd {
        o.f32_grads = p.choice("grad_dtype", &["storage", "f32"])? == "f32";
    }
    Ok(o)
}

fn run_entry(
    kind: Kind,
    backward: bool,
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let entry = format!(
        "{}.{}",
        kind.name(),
        if backward { "backward" } else { "forward" }
    );
    let gated = kind.gated();
    let x = input(&entry, t, if gated { "a" } else { "x" })?;
    let b = if gated {
        Some(input(&entry, t, "b")?)
    } else {
        None
    };
    let dy = if backward {
        Some(input(&entry, t, if gated { "dc" } else { "dy" })?)
    } else {
        None
    };
    let opts = options(p, kind == Kind::Swiglu, backward)?;
    let names: &[&str] = match (backward, gated) {
        (false, false) => &["y"],
        (false, true) => &["c"],
        (true, false) => &["dx"],
        (true, true) => &["da", "db"],
    };
    let prev = names.iter().filter_map(|n| out.remove(*n)).collect();
    let res = run(d, kind, x, b, dy, &opts, prev)?;
    for (n, t) in names.iter().zip(res) {
        out.insert((*n).into(), t);
    }
    Ok(())
}

macro_rules! unary_entries {
    ($(($i:literal, $name:literal)),*) => {
        [$(
            EntryPoint {
                name: concat!($name, ".forward"),
                op: $name,
                inputs: &[port("x", false, "input")],
                outputs: &[port("y", false, "f(x), storage dtype")],
                params: &[],
                run: |d, t, p, o| run_entry(Kind::Unary($i), false, d, t, p, o),
            },
            EntryPoint {
                name: concat!($name, ".backward"),
                op: $name,
                inputs: &[port("x", false, "input"), port("dy", false, "cotangent of y")],
                outputs: &[port("dx", false, "dy * f'(x)")],
                params: &[GRAD_DTYPE],
                run: |d, t, p, o| run_entry(Kind::Unary($i), true, d, t, p, o),
            },
        )*]
    };
}

/// The elementwise pairs: forward and backward of each activation in `NAMES` order.
pub static UNARY_ENTRY_POINTS: [EntryPoint; 16] = unary_entries!(
    (0, "sigmoid"),
    (1, "tanh"),
    (2, "relu"),
    (3, "relu_squared"),
    (4, "silu"),
    (5, "gelu_tanh"),
    (6, "gelu_erf"),
    (7, "quick_gelu")
);

const GATED_IN: [Port; 2] = [port("a", false, "gate"), port("b", false, "up")];
const GATED_BWD_IN: [Port; 3] = [
    port("a", false, "gate"),
    port("b", false, "up"),
    port("dc", false, "cotangent of c"),
];

/// SwiGLU and GeGLU.
pub static GATED_ENTRY_POINTS: [EntryPoint; 4] = [
    EntryPoint {
        name: "swiglu.forward",
        op: "swiglu",
        inputs: &GATED_IN,
        outputs: &[port("c", false, "silu(gm a) * b * dm")],
        params: &[GM, DM],
        run: |d, t, p, o| run_entry(Kind::Swiglu, false, d, t, p, o),
    },
    EntryPoint {
        name: "swiglu.backward",
        op: "swiglu",
        inputs: &GATED_BWD_IN,
        outputs: &[
            port("da", false, "gradient of a"),
            port("db", false, "gradient of b"),
        ],
        params: &[GM, DM, GRAD_DTYPE],
        run: |d, t, p, o| run_entry(Kind::Swiglu, true, d, t, p, o),
    },
    EntryPoint {
        name: "geglu.forward",
        op: "geglu",
        inputs: &GATED_IN,
        outputs: &[port("c", false, "gelu_tanh(a) * b")],
        params: &[],
        run: |d, t, p, o| run_entry(Kind::Geglu, false, d, t, p, o),
    },
    EntryPoint {
        name: "geglu.backward",
        op: "geglu",
        inputs: &GATED_BWD_IN,
        outputs: &[
            port("da", false, "gradient of a"),
            port("db", false, "gradient of b"),
        ],
        params: &[GRAD_DTYPE],
        run: |d, t, p, o| run_entry(Kind::Geglu, true, d, t, p, o),
    },
];
