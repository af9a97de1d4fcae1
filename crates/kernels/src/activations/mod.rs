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
//! Derived backward (`derivative=vjp`): every backward entry point (either layout) can run a kernel whose
//! gradient is not written by hand but derived by `metile_opt::vjp` from the forward expression
//! (`Ctx::vjp`), with the same launch, parameters, dtypes and contract. It is checked like the
//! hand-written one against the oracles (`metile check` rows `<op>.backward_derived:*`), and
//! against the hand-written kernel in `derived`'s tests. The derivative at ReLU's kink is 0,
//! as by hand. One difference: where a ReLU-family input is not positive (or is NaN) the derived
//! gradient is an exact 0, as the oracle defines it, even for a NaN or infinite `dy`; the
//! hand-written kernels multiply by the derivative, so a NaN `dy` there (and for `relu_squared` a
//! NaN `x`) gives NaN.
//!
//! Inputs of any shape (elementwise over every element), f32, f16 or bf16; `b` must match `a`
//! in shape and dtype; cotangents match their primal's shape and may use any float dtype.
//! Arithmetic is FP32; outputs use the storage dtype of the primal input. Gradients use it too by
//! default, as the framework layers they feed do (`grad_dtype=f32` gives FP32). Empty inputs give
//! empty outputs. The backward recomputes `f` from the saved input. Nothing is modified in place
//! except by the in-place backward below.
//!
//! Packed gate|up layout (Liger's `LigerFusedGateUpSiLUMulFunction`, Megatron's fc1 output):
//! `swiglu_packed.forward(x) -> y` and `geglu_packed.forward(x) -> y` for `x` of shape
//! `[..., 2F]` whose first `F` columns are the gate `a` and last `F` the up projection `b`, `y`
//! `[..., F]` the gated product above (same multipliers); backward `(x, dy) -> dx` with `dy`
//! `[..., F]` and `dx` `[..., 2F]` packed the same way, `[da | db]`. Dtypes and rounding as the
//! separate layout.
//!
//! In-place backward (Liger's memory saving: `LigerSiLUMulFunction` writes over its saved
//! inputs): `swiglu.in_place_backward(a, b, dc) -> (da, db)` and `geglu.in_place_backward`
//! consume `a` and `b` and return them holding `da` and `db` (the entry's outputs are those
//! tensors, `EntryPoint::overwrites`); `<op>_packed.in_place_backward(x, dy) -> dx` consumes `x`
//! and returns it holding `[da | db]`. Same multipliers and the same FP32 arithmetic as the
//! backward, rounded to the storage dtype (bit for bit the backward with `grad_dtype=storage`);
//! no `grad_dtype` (the gradients take the inputs' memory) and no `derivative`. Each element
//! is read and then written by one thread through one read-write buffer (never an input
//! aliased as an output). The caller must not need `a` and `b` again: a framework that saved
//! them elsewhere would read gradients. Under `EntryPoint::call` (e.g. `metile run`) the entry
//! writes over copies; `call_owned` takes the inputs, except one that may share memory with
//! another input, which is copied, and on an error puts them back into the caller's map. A
//! validation error (bad input or parameter) leaves them unchanged; after a failed launch
//! (`OpError::Runtime`) their values are unspecified. Rust: [`backward_in_place`],
//! [`backward_packed_in_place`].

use metile_ir::{DType, Verified};
use metile_lang::{trace, LangError, Tile};
use metile_runtime::{Arg, Device, Tensor};

use crate::host::{bad, fit_written, float_dtype as float, row_block};
use crate::registry::{
    input, write_over, EntryPoint, OpError, Overwrite, ParamDef, Params, Port, PortShape, Tensors,
};

pub mod check;
#[cfg(test)]
mod derived;

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
    /// A gated kind on one packed `[rows, 2F]` gate|up input (2-D grid: rows, column blocks).
    pub packed: bool,
    pub x: DType,
    pub dy: DType,
    pub grad: DType,
    pub block: usize,
    /// The backward kernel derives the gradient with `Ctx::vjp` from the forward expression
    /// instead of using the hand-written `grad_tile`.
    pub derived: bool,
    /// A gated backward that writes the gradients over its inputs: `a` and `b` (or the packed
    /// `x`) are read-write buffers, read at an element before the same thread writes its
    /// gradients there; `grad` is then `x`.
    pub in_place: bool,
}

impl ActSpec {
    /// The operator: the kind's name, `_packed` for the packed layout.
    pub fn op(&self) -> String {
        let suffix = if self.packed { "_packed" } else { "" };
        format!("{}{suffix}", self.kind.name())
    }

    /// The kernel name: `<op>_fwd`, `<op>_bwd`, `<op>_bwd_derived` or `<op>_in_place_bwd`.
    pub fn kernel_name(&self, backward: bool) -> String {
        let dir = match (backward, self.derived) {
            (false, _) => "fwd",
            (true, false) => "bwd",
            (true, true) => "bwd_derived",
        };
        let in_place = if backward && self.in_place {
            "_in_place"
        } else {
            ""
        };
        format!("{}{in_place}_{dir}", self.op())
    }
}

/// `2 sqrt(2 / pi)`: tanh-GELU's `0.5 (1 + tanh(u))` is `sigmoid(2u)`, with
/// `u = sqrt(2 / pi) (x + GELU_C x^3)`.
const GELU_2K: f32 = 1.595_769;
/// tanh-GELU's cubic coefficient.
const GELU_C: f64 = 0.044715;

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
        // 0.5 (1 + tanh(u)) = sigmoid(2u): one exponential and no cancellation near u = 0.
        "gelu_tanh" => x * sig((x + x * x * x * GELU_C) * GELU_2K),
        "gelu_erf" => x * 0.5 * (x * std::f32::consts::FRAC_1_SQRT_2).erf() + x * 0.5,
        _ => x * sig(x * 1.702),
    }
}

/// The gated product `act(gate) * b * dm` (the gate already scaled by the gate multiplier).
fn gated_tile(act: &str, gate: Tile, b: Tile, dm: Tile) -> Tile {
    act_tile(act, gate) * b * dm
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
            // With s = sigmoid(2u) = 0.5 (1 + tanh(u)): s + x s (1 - s) 2u', where 1 - s is
            // e s with e = exp(-2u): no cancellation as s nears 1. e is capped at exp(80) so
            // that e s stays finite; past the cap (2u < -80) e s falls below 1 - s, but s is
            // under e^-80 there and the whole term under 1e-33. (A select of `e s` and `1 - s`
            // instead runs the CPU backward at half the speed.)
            let two_u = (x + x * x * x * GELU_C) * GELU_2K;
            let s = two_u.sigmoid();
            let e = (-two_u).minimum(80.0).exp();
            s + x * s * (e * s) * GELU_2K * (x * x * (3.0 * GELU_C) + 1.0)
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
/// `x, [b], dy, dx, [db], n, gm, dm`. Packed gated kinds: one program per (row, `block`
/// columns of `F`), parameters forward `x, y, f, gm, dm` and backward `x, dy, dx, f, gm, dm`.
/// In-place gated backward (`spec.in_place`): `a, b, dy, n, gm, dm` (packed `x, dy, f, gm,
/// dm`) with `a` and `b` (`x`) read-write: `da` is written over `a`, `db` over `b`, each
/// element by the thread that read it (the CUDA emitter gives each buffer one `__restrict__`
/// pointer, which no other parameter aliases).
pub fn kernel(spec: &ActSpec, backward: bool) -> Result<Verified, LangError> {
    trace(&spec.kernel_name(backward), |k| {
        let gated = spec.kind.gated();
        let split = gated && !spec.packed;
        let in_place = backward && gated && spec.in_place;
        let param = |name: &str| {
            if in_place {
                k.inout(name, spec.x)
            } else {
                k.input(name, spec.x)
            }
        };
        let x = param(if split { "a" } else { "x" });
        let b = split.then(|| param("b"));
        let dy = backward.then(|| k.input("dy", spec.dy));
        // The gradient of the gate (or sole input) is written over x in place, else to `dx`.
        let out = if in_place {
            x
        } else {
            k.output(
                if backward { "dx" } else { "y" },
                if backward { spec.grad } else { spec.x },
            )
        };
        let db = match (backward && split, in_place) {
            (false, _) => None,
            (true, true) => b,
            (true, false) => Some(k.output("db", spec.grad)),
        };
        let size = if spec.packed {
            k.scalar("f", DType::I32)
        } else {
            k.scalar("n", DType::I64)
        };
        let gm = k.scalar("gate_multiplier", DType::F32);
        let dm = k.scalar("down_multiplier", DType::F32);
        let at = if spec.packed {
            Offsets::packed(k, size, spec.block)
        } else {
            Offsets::flat(k, size, spec.block)
        };
        let mask = at.mask;
        let v = x.load_masked(at.gate, mask, 0.0).cast(DType::F32);
        // The up projection: its own input, or the second half of the packed row.
        let up = if spec.packed { Some(x) } else { b };
        let load_up = |buf: metile_lang::Buffer| buf.load_masked(at.up, mask, 0.0).cast(DType::F32);
        let act = spec.kind.act();
        let g_in = if gated { v * gm } else { v };
        match (backward, up) {
            (false, None) => out.store_masked(at.out, act_tile(act, v).cast(spec.x), mask),
            (false, Some(up)) => {
                let bv = load_up(up);
                out.store_masked(at.out, gated_tile(act, g_in, bv, dm).cast(spec.x), mask);
            }
            (true, _) => {
                let d = dy
                    .map(|dy| dy.load_masked(at.out, mask, 0.0).cast(DType::F32))
                    .unwrap_or(v);
                // db goes to its own output, or to the second half of the packed dx.
                let db = db.unwrap_or(out);
                match up {
                    Some(up) if spec.derived => {
                        let bv = load_up(up);
                        let c = gated_tile(act, g_in, bv, dm);
                        let grads = k.vjp(&[c], &[v, bv], &[d]);
                        out.store_masked(at.gate, grads[0].cast(spec.grad), mask);
                        db.store_masked(at.up, grads[1].cast(spec.grad), mask);
                    }
                    Some(up) => {
                        let bv = load_up(up);
                        let dd = d * dm;
                        out.store_masked(
                            at.gate,
                            (dd * bv * grad_tile(act, g_in) * gm).cast(spec.grad),
                            mask,
                        );
                        db.store_masked(at.up, (dd * act_tile(act, g_in)).cast(spec.grad), mask);
                    }
                    None if spec.derived => {
                        let dx = k.vjp(&[act_tile(act, v)], &[v], &[d])[0];
                        out.store_masked(at.gate, dx.cast(spec.grad), mask);
                    }
                    None => {
                        out.store_masked(at.gate, (d * grad_tile(act, v)).cast(spec.grad), mask)
                    }
                }
            }
        }
    })
}

/// Where a program's elements live: the gate (or sole input) and its gradient, the up
/// projection and its gradient, the output (and its cotangent), and which are in range.
struct Offsets {
    gate: Tile,
    up: Tile,
    out: Tile,
    mask: Tile,
}

impl Offsets {
    /// `block` consecutive elements of `n`, every tensor indexed alike.
    fn flat(k: &metile_lang::Ctx, n: Tile, block: usize) -> Offsets {
        let offs = k.program_id(0).cast(DType::I64) * block as i64
            + k.arange(0, block as i64).cast(DType::I64);
        Offsets {
            gate: offs,
            up: offs,
            out: offs,
            mask: offs.lt(n),
        }
    }

    /// Columns `block * program_id(1) ..` of row `program_id(0)`, of `f` per half: gate at
    /// `row 2f + col`, up `f` further on, output at `row f + col`.
    fn packed(k: &metile_lang::Ctx, f: Tile, block: usize) -> Offsets {
        let col = k.program_id(1) * block as i32 + k.arange(0, block as i64);
        let row = k.program_id(0).cast(DType::I64);
        let (f64_, col64) = (f.cast(DType::I64), col.cast(DType::I64));
        let gate = row * f64_ * 2 + col64;
        Offsets {
            gate,
            up: gate + f64_,
            out: row * f64_ + col64,
            mask: col.lt(f),
        }
    }
}

/// The smallest tile of elements (one warp).
const MIN_BLOCK: usize = 32;

/// Elements per program for a launch over `n` elements: large tiles on the CPU (no larger than
/// the launch, `host::cpu_tile_cap`), a register-sized tile on a GPU. `METILE_ACT_BLOCK` (a power
/// of two, at least [`MIN_BLOCK`]) overrides it, for tuning sweeps.
fn block_for(device: &Device, n: usize) -> usize {
    let default = if device.is_cpu() { 16384 } else { 2048 };
    crate::host::tuning_override(BLOCK_ENV, |b: &usize| {
        b.is_power_of_two() && *b >= MIN_BLOCK
    })
    .unwrap_or_else(|| crate::host::cpu_tile_cap(device, default, n.max(MIN_BLOCK)))
}

/// Overrides the elements per program (for tuning sweeps).
pub const BLOCK_ENV: &str = "METILE_ACT_BLOCK";

/// Options of every activation entry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActOptions {
    pub gate_multiplier: f32,
    pub down_multiplier: f32,
    /// FP32 gradients instead of the storage dtype.
    pub f32_grads: bool,
    /// Run the backward derived by `vjp` (`ActSpec::derived`) instead of the hand-written one.
    pub derived_backward: bool,
}

impl Default for ActOptions {
    fn default() -> Self {
        ActOptions {
            gate_multiplier: 1.0,
            down_multiplier: 1.0,
            f32_grads: false,
            derived_backward: false,
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
/// kinds), `b` for gated kinds. Returns `[y]`, `[dx]` or `[da, db]`, reusing each `prev` tensor
/// (in that order; `None` where there is none) that fits.
pub fn run(
    device: &Device,
    kind: Kind,
    x: &Tensor,
    b: Option<&Tensor>,
    dy: Option<&Tensor>,
    opts: &ActOptions,
    prev: Vec<Option<Tensor>>,
) -> Result<Vec<Tensor>, OpError> {
    let dir = if dy.is_some() { "backward" } else { "forward" };
    let entry = format!("{}.{dir}", kind.name());
    let launch = plan(device, &entry, kind, x, b, dy, opts, false)?;
    let inputs: Vec<&Tensor> = [Some(x), b, dy].into_iter().flatten().collect();
    launch.run(device, opts, &inputs, prev)
}

/// The in-place backward of gated `kind` (entry `<kind>.in_place_backward`): the gradients of
/// [`run`]'s backward, computed by the same arithmetic in the storage dtype, with `da` written
/// over `a` and `db` over `b` (no new memory). `opts` gives the multipliers; FP32 gradients and
/// the derived backward are not offered (a typed error). A validation error leaves `a` and `b`
/// unchanged (nothing is written before every check passes); after a failed launch
/// ([`OpError::Runtime`]) their values are unspecified.
pub fn backward_in_place(
    device: &Device,
    kind: Kind,
    a: &mut Tensor,
    b: &mut Tensor,
    dc: &Tensor,
    opts: &ActOptions,
) -> Result<(), OpError> {
    let entry = format!("{}.in_place_backward", kind.name());
    check_in_place(&entry, kind, opts)?;
    separate(&entry, &[("a", &*a), ("b", &*b), ("dc", dc)])?;
    let launch = plan(device, &entry, kind, a, Some(b), Some(dc), opts, true)?;
    launch.run_in_place(device, opts, vec![a, b], dc)
}

/// Validates a separate-layout launch of `kind` (`entry` names it in errors).
#[allow(clippy::too_many_arguments)]
fn plan(
    device: &Device,
    entry: &str,
    kind: Kind,
    x: &Tensor,
    b: Option<&Tensor>,
    dy: Option<&Tensor>,
    opts: &ActOptions,
    in_place: bool,
) -> Result<Launch, OpError> {
    let xname = if kind.gated() { "a" } else { "x" };
    let xd = float(entry, xname, x)?;
    if let Some(b) = b {
        if like(entry, "b", b, x)? != xd {
            return Err(bad(
                entry,
                "b",
                format!("dtype {} must match {xname}'s {xd}", b.dtype()),
            ));
        }
    } else if kind.gated() {
        return Err(OpError::MissingInput {
            entry: entry.into(),
            name: "b".into(),
        });
    }
    let dyd = match dy {
        Some(t) => like(entry, if kind.gated() { "dc" } else { "dy" }, t, x)?,
        None => xd,
    };
    check_multipliers(entry, opts)?;
    let backward = dy.is_some();
    let n = x.numel();
    let block = block_for(device, n);
    let programs = n.div_ceil(block);
    if programs > i32::MAX as usize {
        return Err(bad(entry, xname, format!("{n} elements is too many")));
    }
    Ok(Launch {
        spec: ActSpec {
            kind,
            packed: false,
            x: xd,
            dy: dyd,
            grad: if opts.f32_grads { DType::F32 } else { xd },
            block,
            derived: backward && opts.derived_backward,
            in_place,
        },
        backward,
        outs: if backward && kind.gated() { 2 } else { 1 },
        out_shape: x.shape.clone(),
        size: Arg::I64(n as i64),
        grid: [programs as u32, 1, 1],
    })
}

/// Runs gated `kind` on the packed layout: forward (`dy == None`) `x [..., 2F] -> y [..., F]`,
/// backward `(x, dy [..., F]) -> dx [..., 2F]`, reusing `prev` when it fits.
pub fn run_packed(
    device: &Device,
    kind: Kind,
    x: &Tensor,
    dy: Option<&Tensor>,
    opts: &ActOptions,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let dir = if dy.is_some() { "backward" } else { "forward" };
    let entry = format!("{}_packed.{dir}", kind.name());
    let launch = plan_packed(device, &entry, kind, x, dy, opts, false)?;
    let inputs: Vec<&Tensor> = [Some(x), dy].into_iter().flatten().collect();
    let mut out = launch.run(device, opts, &inputs, vec![prev])?;
    Ok(out.remove(0))
}

/// The in-place packed backward of gated `kind` (entry `<kind>_packed.in_place_backward`):
/// [`run_packed`]'s `dx = [da | db]` in the storage dtype, written over `x` (no new memory);
/// options as [`backward_in_place`]. A validation error leaves `x` unchanged; after a failed
/// launch ([`OpError::Runtime`]) its values are unspecified.
pub fn backward_packed_in_place(
    device: &Device,
    kind: Kind,
    x: &mut Tensor,
    dy: &Tensor,
    opts: &ActOptions,
) -> Result<(), OpError> {
    let entry = format!("{}_packed.in_place_backward", kind.name());
    check_in_place(&entry, kind, opts)?;
    separate(&entry, &[("x", &*x), ("dy", dy)])?;
    let launch = plan_packed(device, &entry, kind, x, Some(dy), opts, true)?;
    launch.run_in_place(device, opts, vec![x], dy)
}

/// Validates a packed-layout launch of `kind` (`entry` names it in errors).
fn plan_packed(
    device: &Device,
    entry: &str,
    kind: Kind,
    x: &Tensor,
    dy: Option<&Tensor>,
    opts: &ActOptions,
    in_place: bool,
) -> Result<Launch, OpError> {
    let backward = dy.is_some();
    let xd = float(entry, "x", x)?;
    let Some((&width, lead)) = x.shape.split_last().filter(|(w, _)| w.is_multiple_of(2)) else {
        return Err(bad(
            entry,
            "x",
            format!("shape {:?} must be [..., 2F]: gate and up halves", x.shape),
        ));
    };
    if !kind.gated() {
        return Err(bad(
            entry,
            "x",
            format!("{} has no gate and up halves to pack", kind.name()),
        ));
    }
    let f = width / 2;
    let half: Vec<usize> = lead.iter().copied().chain([f]).collect();
    let dyd = match dy {
        Some(t) if t.shape != half => {
            return Err(bad(
                entry,
                "dy",
                format!("shape {:?} must be [..., F] = {half:?}", t.shape),
            ))
        }
        Some(t) => float(entry, "dy", t)?,
        None => xd,
    };
    check_multipliers(entry, opts)?;
    let rows: usize = lead.iter().product();
    let block = block_for(device, f).min(row_block(device, f.max(1)));
    let col_blocks = f.div_ceil(block);
    if rows > i32::MAX as usize || f > i32::MAX as usize || col_blocks > u16::MAX as usize {
        return Err(bad(
            entry,
            "x",
            format!(
                "{rows} rows of F = {f}; at most {} rows and {} columns",
                i32::MAX,
                u16::MAX as usize * block
            ),
        ));
    }
    Ok(Launch {
        spec: ActSpec {
            kind,
            packed: true,
            x: xd,
            dy: dyd,
            grad: if opts.f32_grads { DType::F32 } else { xd },
            block,
            derived: backward && opts.derived_backward,
            in_place,
        },
        backward,
        outs: 1,
        out_shape: if backward { x.shape.clone() } else { half },
        size: Arg::I32(f as i32),
        grid: [rows as u32, col_blocks as u32, 1],
    })
}

fn check_multipliers(entry: &str, opts: &ActOptions) -> Result<(), OpError> {
    for (name, v) in [
        ("gate_multiplier", opts.gate_multiplier),
        ("down_multiplier", opts.down_multiplier),
    ] {
        if !v.is_finite() {
            return Err(OpError::BadParam {
                entry: entry.into(),
                name: name.into(),
                value: v.to_string(),
                message: "must be finite".into(),
                allowed: "a finite number".into(),
            });
        }
    }
    Ok(())
}

/// The in-place backward is gated, hand-written and in the storage dtype, or a typed error.
/// The in-place backwards write over inputs that they read at other elements too: the named
/// tensors must not share memory (borrowed device views of one allocation can; the registry's
/// `call_owned` copies such an input first).
fn separate(entry: &str, named: &[(&str, &Tensor)]) -> Result<(), OpError> {
    for (i, (name, t)) in named.iter().enumerate() {
        if let Some((other, _)) = named[..i]
            .iter()
            .find(|(_, u)| u.buffer.may_share_memory(&t.buffer))
        {
            return Err(bad(
                entry,
                name,
                format!(
                    "shares memory with `{other}`; the in-place backward needs separate buffers"
                ),
            ));
        }
    }
    Ok(())
}

fn check_in_place(entry: &str, kind: Kind, opts: &ActOptions) -> Result<(), OpError> {
    let refused = if !kind.gated() {
        Some(("kind", kind.name(), "swiglu or geglu"))
    } else if opts.f32_grads {
        Some((
            "grad_dtype",
            "f32",
            "storage (the gradients take the inputs' memory)",
        ))
    } else if opts.derived_backward {
        Some(("derivative", "vjp", "hand"))
    } else {
        None
    };
    match refused {
        Some((name, value, allowed)) => Err(OpError::BadParam {
            entry: entry.into(),
            name: name.into(),
            value: value.into(),
            message: "is not offered in place".into(),
            allowed: allowed.into(),
        }),
        None => Ok(()),
    }
}

/// A validated activation launch.
struct Launch {
    spec: ActSpec,
    backward: bool,
    /// Outputs, all in the output dtype and `out_shape`.
    outs: usize,
    out_shape: Vec<usize>,
    /// The kernel's size scalar (`n` or `f`).
    size: Arg<'static>,
    grid: [u32; 3],
}

impl Launch {
    /// Allocates the outputs (reusing each `prev` tensor, in output order, that fits) and
    /// launches on `inputs` (in kernel order: `x`, then `b` and `dy` where present) unless
    /// empty.
    fn run(
        self,
        device: &Device,
        opts: &ActOptions,
        inputs: &[&Tensor],
        prev: Vec<Option<Tensor>>,
    ) -> Result<Vec<Tensor>, OpError> {
        let dtype = if self.backward {
            self.spec.grad
        } else {
            self.spec.x
        };
        let mut prev = prev.into_iter();
        let mut out = (0..self.outs)
            .map(|_| fit_written(device, prev.next().flatten(), dtype, &self.out_shape))
            .collect::<Result<Vec<_>, _>>()?;
        let mut args: Vec<Arg<'_>> = inputs.iter().map(|t| Arg::In(&t.buffer)).collect();
        args.extend(out.iter_mut().map(|t| Arg::Out(&mut t.buffer)));
        self.launch(device, opts, args)?;
        Ok(out)
    }

    /// Launches the in-place backward over `written` (`a, b` or the packed `x`) and `dy`.
    fn run_in_place(
        self,
        device: &Device,
        opts: &ActOptions,
        written: Vec<&mut Tensor>,
        dy: &Tensor,
    ) -> Result<(), OpError> {
        let mut args: Vec<Arg<'_>> = written
            .into_iter()
            .map(|t| Arg::Out(&mut t.buffer))
            .collect();
        args.push(Arg::In(&dy.buffer));
        self.launch(device, opts, args)
    }

    /// Appends the scalars to `args` (the buffers in kernel order) and launches unless empty.
    fn launch(
        self,
        device: &Device,
        opts: &ActOptions,
        mut args: Vec<Arg<'_>>,
    ) -> Result<(), OpError> {
        if self.grid.contains(&0) {
            return Ok(());
        }
        let (spec, backward) = (self.spec, self.backward);
        let k = device.kernel(&spec.kernel_name(backward), &spec, || {
            kernel(&spec, backward)
        })?;
        args.extend([
            self.size,
            Arg::F32(opts.gate_multiplier),
            Arg::F32(opts.down_multiplier),
        ]);
        device.launch(&k, self.grid, &mut args)?;
        Ok(())
    }
}

// ---- Registry entry points -------------------------------------------------------------------

const fn port(name: &'static str, optional: bool, doc: &'static str) -> Port {
    crate::registry::port(name, PortShape::LikeX, optional, doc)
}

pub(crate) const GRAD_DTYPE: ParamDef = ParamDef {
    name: "grad_dtype",
    default: "storage",
    allowed: "storage, f32",
    doc: "dtype of the input gradients",
};
const DERIVATIVE: ParamDef = ParamDef {
    name: "derivative",
    default: "hand",
    allowed: "hand, vjp",
    doc: "the hand-written backward, or the one vjp derives from the forward",
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
        o.derived_backward = p.choice("derivative", &["hand", "vjp"])? == "vjp";
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
    // By name: an output given alone (say `db`) must not be taken for the first one.
    let prev = names.iter().map(|n| out.remove(*n)).collect();
    let res = run(d, kind, x, b, dy, &opts, prev)?;
    for (n, t) in names.iter().zip(res) {
        out.insert((*n).into(), t);
    }
    Ok(())
}

fn run_packed_entry(
    kind: Kind,
    backward: bool,
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let dir = if backward { "backward" } else { "forward" };
    let entry = format!("{}_packed.{dir}", kind.name());
    let x = input(&entry, t, "x")?;
    let dy = if backward {
        Some(input(&entry, t, "dy")?)
    } else {
        None
    };
    let opts = options(p, kind == Kind::Swiglu, backward)?;
    let key = if backward { "dx" } else { "y" };
    let prev = out.remove(key);
    out.insert(key.into(), run_packed(d, kind, x, dy, &opts, prev)?);
    Ok(())
}

/// The in-place backward entries' inputs written over: `a` and `b`, or the packed `x`.
const GATE_WRITTEN: Overwrite = Overwrite {
    input: "a",
    output: "da",
};
const UP_WRITTEN: Overwrite = Overwrite {
    input: "b",
    output: "db",
};
const PACKED_WRITTEN: Overwrite = Overwrite {
    input: "x",
    output: "dx",
};

/// `<kind>[_packed].in_place_backward`: the gradients written over the inputs the registry
/// hands over in `out` (see `EntryPoint::run`).
fn run_in_place_entry(
    kind: Kind,
    packed: bool,
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let suffix = if packed { "_packed" } else { "" };
    let entry = format!("{}{suffix}.in_place_backward", kind.name());
    let opts = options(p, kind == Kind::Swiglu, false)?;
    if packed {
        let dy = input(&entry, t, "dy")?;
        return write_over(&entry, out, &[PACKED_WRITTEN], |[x]| {
            backward_packed_in_place(d, kind, x, dy, &opts)
        });
    }
    let dc = input(&entry, t, "dc")?;
    write_over(&entry, out, &[GATE_WRITTEN, UP_WRITTEN], |[a, b]| {
        backward_in_place(d, kind, a, b, dc, &opts)
    })
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
                overwrites: &[],
                run: |d, t, p, o| run_entry(Kind::Unary($i), false, d, t, p, o),
            },
            EntryPoint {
                name: concat!($name, ".backward"),
                op: $name,
                inputs: &[port("x", false, "input"), port("dy", false, "cotangent of y")],
                outputs: &[port("dx", false, "dy * f'(x)")],
                params: &[GRAD_DTYPE, DERIVATIVE],
                overwrites: &[],
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

const GATED_IN_PLACE_OUT: [Port; 2] = [
    port("da", false, "gradient of a, in a's memory"),
    port("db", false, "gradient of b, in b's memory"),
];

/// SwiGLU and GeGLU.
pub static GATED_ENTRY_POINTS: [EntryPoint; 6] = [
    EntryPoint {
        name: "swiglu.forward",
        op: "swiglu",
        inputs: &GATED_IN,
        outputs: &[port("c", false, "silu(gm a) * b * dm")],
        params: &[GM, DM],
        overwrites: &[],
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
        params: &[GM, DM, GRAD_DTYPE, DERIVATIVE],
        overwrites: &[],
        run: |d, t, p, o| run_entry(Kind::Swiglu, true, d, t, p, o),
    },
    EntryPoint {
        name: "swiglu.in_place_backward",
        op: "swiglu",
        inputs: &GATED_BWD_IN,
        outputs: &GATED_IN_PLACE_OUT,
        params: &[GM, DM],
        overwrites: &[GATE_WRITTEN, UP_WRITTEN],
        run: |d, t, p, o| run_in_place_entry(Kind::Swiglu, false, d, t, p, o),
    },
    EntryPoint {
        name: "geglu.forward",
        op: "geglu",
        inputs: &GATED_IN,
        outputs: &[port("c", false, "gelu_tanh(a) * b")],
        params: &[],
        overwrites: &[],
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
        params: &[GRAD_DTYPE, DERIVATIVE],
        overwrites: &[],
        run: |d, t, p, o| run_entry(Kind::Geglu, true, d, t, p, o),
    },
    EntryPoint {
        name: "geglu.in_place_backward",
        op: "geglu",
        inputs: &GATED_BWD_IN,
        outputs: &GATED_IN_PLACE_OUT,
        params: &[],
        overwrites: &[GATE_WRITTEN, UP_WRITTEN],
        run: |d, t, p, o| run_in_place_entry(Kind::Geglu, false, d, t, p, o),
    },
];

const PACKED_X: Port = port("x", false, "[..., 2F]: gate | up");
const fn halved(name: &'static str, doc: &'static str) -> Port {
    crate::registry::port(name, PortShape::Halved, false, doc)
}

const PACKED_IN_PLACE_OUT: Port = port(
    "dx",
    false,
    "[..., 2F]: gradients of gate | up, in x's memory",
);

/// SwiGLU and GeGLU on the packed gate|up layout.
pub static PACKED_ENTRY_POINTS: [EntryPoint; 6] = [
    EntryPoint {
        name: "swiglu_packed.forward",
        op: "swiglu_packed",
        inputs: &[PACKED_X],
        outputs: &[halved("y", "silu(gm gate) * up * dm, [..., F]")],
        params: &[GM, DM],
        overwrites: &[],
        run: |d, t, p, o| run_packed_entry(Kind::Swiglu, false, d, t, p, o),
    },
    EntryPoint {
        name: "swiglu_packed.backward",
        op: "swiglu_packed",
        inputs: &[PACKED_X, halved("dy", "cotangent of y")],
        outputs: &[port("dx", false, "[..., 2F]: gradients of gate | up")],
        params: &[GM, DM, GRAD_DTYPE, DERIVATIVE],
        overwrites: &[],
        run: |d, t, p, o| run_packed_entry(Kind::Swiglu, true, d, t, p, o),
    },
    EntryPoint {
        name: "swiglu_packed.in_place_backward",
        op: "swiglu_packed",
        inputs: &[PACKED_X, halved("dy", "cotangent of y")],
        outputs: &[PACKED_IN_PLACE_OUT],
        params: &[GM, DM],
        overwrites: &[PACKED_WRITTEN],
        run: |d, t, p, o| run_in_place_entry(Kind::Swiglu, true, d, t, p, o),
    },
    EntryPoint {
        name: "geglu_packed.forward",
        op: "geglu_packed",
        inputs: &[PACKED_X],
        outputs: &[halved("y", "gelu_tanh(gate) * up, [..., F]")],
        params: &[],
        overwrites: &[],
        run: |d, t, p, o| run_packed_entry(Kind::Geglu, false, d, t, p, o),
    },
    EntryPoint {
        name: "geglu_packed.backward",
        op: "geglu_packed",
        inputs: &[PACKED_X, halved("dy", "cotangent of y")],
        outputs: &[port("dx", false, "[..., 2F]: gradients of gate | up")],
        params: &[GRAD_DTYPE, DERIVATIVE],
        overwrites: &[],
        run: |d, t, p, o| run_packed_entry(Kind::Geglu, true, d, t, p, o),
    },
    EntryPoint {
        name: "geglu_packed.in_place_backward",
        op: "geglu_packed",
        inputs: &[PACKED_X, halved("dy", "cotangent of y")],
        outputs: &[PACKED_IN_PLACE_OUT],
        params: &[],
        overwrites: &[PACKED_WRITTEN],
        run: |d, t, p, o| run_in_place_entry(Kind::Geglu, true, d, t, p, o),
    },
];
