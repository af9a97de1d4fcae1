//! The gated MLP block, forward and backward: `fused_mlp` (Liger's `LigerMLPFunction`,
//! PARITY.md 7.1) and `tiled_mlp` (Liger's `LigerTiledMLPFunction` as `LigerTiledSwiGLUMLP` and
//! `LigerTiledGEGLUMLP` use it, PARITY.md 7.2).
//!
//! # Contract
//!
//! `fused_mlp.forward(x [..., dim], wg [I, dim], wu [I, dim], wd [dim, I]) -> (out [..., dim],
//! gu [..., 2I]?)` with `M` = the rows of `x` (its leading axes flattened):
//! - `G = x Wg^T`, `U = x Wu^T` (`[M, I]` each, FP32 accumulation, rounded to the storage dtype),
//!   stored side by side as `gu = [G | U]` (`[M, 2I]`);
//! - `A = act(gm * G) * U * dm`, `act` = SiLU (`activation = swiglu`, the default: Liger's
//!   SwiGLU MLP) or tanh-GELU (`geglu`), computed in FP32 from the stored `G` and `U` and rounded
//!   to the storage dtype ([`crate::activations`]' packed gated product);
//! - `out = A Wd^T` (FP32 accumulation, rounded once).
//!
//! `gm` is `gate_multiplier` and `dm` `down_multiplier` (Liger's Falcon-H1 multipliers,
//! default 1, finite; GeGLU takes them too, where Liger has none).
//!
//! Instead of `wg` and `wu` the gate and up weights may come packed as one `w_gu [2I, dim]`
//! (rows `0..I` the gate, `I..2I` the up projection: HF's and Megatron's fused `gate_up_proj`).
//! Internally the two are always one `[2I, dim]` weight, so that `[G | U] = x W_gu^T` is **one
//! product** (PARITY 7.1's single GEMM for both projections, here in the forward too): with
//! separate weights each call first copies them into a `[2I, dim]` workspace.
//!
//! `fused_mlp.backward(x, wg, wu | w_gu, wd, gu?, dout [..., dim]) -> (dx, dwg, dwu | dw_gu, dwd)`,
//! `dout` any float dtype (rounded to the storage dtype where a product reads it):
//! - `dA = dout Wd` (`[M, I]`, storage dtype) and `dWd = dout^T A` (one call of
//!   [`crate::matmul::backward`] on the down projection, `A` recomputed from `gu`);
//! - `dG = dA * dm * U * act'(gm G) * gm` and `dU = dA * dm * act(gm G)`, in FP32 from the stored
//!   `G`, `U` and `dA`, rounded to the storage dtype and **written over `gu`** (the packed
//!   in-place gated backward, Liger's memory trick: `gu` becomes `[dG | dU]`);
//! - `dx = [dG | dU] W_gu = dG Wg + dU Wu` and `[dWg; dWu] = [dG | dU]^T x`: one
//!   [`crate::matmul::backward`] on the packed up projection, so each is one product with a
//!   reduction of length `2I` (dx) or `M` (the weights), as in Liger.
//!
//! `dx` has the storage dtype (`grad_dtype = f32`: FP32). The weight gradients are FP32
//! (`param_grad_dtype = storage`: the storage dtype, the FP32 sums rounded once), as
//! [`crate::matmul`] and [`crate::fused_linear_cross_entropy`] give them; `dwg`/`dwu` with
//! separate weights, `dw_gu [2I, dim]` with the packed one. Every sum runs in FP32 in a fixed
//! order: the backward is deterministic. Nothing the caller passes is modified: the Rust [`backward`]
//! consumes `gu` (its memory becomes `[dG | dU]` and is freed), the backward entry point works
//! on a copy of it (`2 M I s` more through the registry). `fused_mlp.in_place_backward` (same
//! inputs with `gu` required, [`backward_in_place`]) writes over `gu` instead and returns it as
//! a sixth output `dgu = [dG | dU]` (`EntryPoint::overwrites`: `call_owned` hands it `gu`'s
//! memory, `call` a copy), which is the framework path that keeps Liger's memory.
//!
//! # What is saved, and the memory
//!
//! With `s` the storage size: `save_preact = true` (default) keeps `gu` from the forward to the
//! backward, `2 M I s` (Liger keeps `[A | G | U]`, `3 M I s`: `A` is recomputed here from `gu`
//! by one elementwise pass, `M I` more reads of each half). With `save_preact = false` only the
//! inputs are kept and the backward recomputes `gu` (the `[M, 2I]` product again, `4 M I dim`
//! flops: four products instead of three). Workspaces, freed on return: forward `A` (`M I s`);
//! backward `A` and `dA` (`M I s` each, both live through the down projection's backward, `A`
//! freed before the in-place step) besides `gu`, so the backward's peak is `4 M I s`;
//! with separate weights the packed weight `2 I dim s` (both passes) and the packed weight
//! gradient (`2 I dim` of the parameter-gradient dtype; `dwg` and `dwu` are copied out of it).
//!
//! # Tiled
//!
//! `tiled_mlp.forward(x, wg, wu | w_gu, wd) -> out` and `tiled_mlp.backward(x, wg, wu | w_gu, wd,
//! dout) -> (dx, dwg, dwu | dw_gu, dwd)`: the same function and gradients, computed in shards of
//! consecutive rows so that only `x` is saved and no `[M, I]` intermediate is ever whole. With
//! `shards = S` the rows are cut as `torch.chunk` cuts them: shards of `ceil(M / S)` rows, the
//! last shorter (and fewer than `S` shards where `ceil(M / S)` rows cover `M` sooner); `shards =
//! auto` (default) is Liger's `max(1, ceil(T / dim))` with `T = x.shape[-2]` (1 for a 1-D `x`).
//! Forward: per shard, the fused forward without saving (its `gu` and `A` freed per shard),
//! its rows copied into `out`. Backward: per shard, the fused backward with `gu` recomputed,
//! its `dx` rows copied into `dx`, the weight gradients of every shard after the first added
//! into the outputs themselves ([`crate::matmul::MatmulOptions::accumulate`]): summed over the
//! shards in shard order (deterministic; FP32 sums that depend on the shard size, and with
//! `param_grad_dtype = storage` rounded once per shard). Extra memory: per shard of `c` rows the
//! fused pass's workspaces (`4 c I s` at the backward's peak) and the shard's rows of `x`, `dout`,
//! `out` or `dx` (`c dim` each; `x`'s and `dout`'s read in place where `Buffer::window` allows).
//!
//! # Deviations from Liger
//!
//! - `A` is computed from the stored (rounded) `G` and `U`, as the unfused `LigerSwiGLUMLP` and
//!   the tiled modules compute it; `LigerMLPFunction`'s Triton kernel takes it from the FP32
//!   accumulators (and stores `G` already multiplied by `gm`; here `gu` holds `x Wg^T`).
//! - `dm` multiplies the gated product before the down projection (`A` above includes it, rounded
//!   once; `out = A Wd^T`); Liger multiplies the projected output (`(A' Wd^T) * dm` with `A'`
//!   its `A` without `dm`, rounded twice). Equal in exact arithmetic, and `dWd = dout^T A` is
//!   Liger's `dout^T A' * dm`.
//! - Liger's fused MLP needs Hopper TMA, 3-D input and 16-byte strides; any `[..., dim]` and any
//!   device here. Liger's tiled forward cuts `[B, T, dim]` along `T` per batch and its backward
//!   the flattened rows; both cut the flattened rows here (the rows are independent: the same
//!   result).
//! - `tiled_mlp`'s backward returns the weight gradients; Liger's accumulates them into the
//!   modules' `.grad` as a side effect and returns only `dx`.
//!
//! Bounds: any `M`, `dim` and `I`, including 0 (`I = 0` gives `out = 0`; otherwise empty outputs;
//! zero weight gradients where there is nothing to sum); `x`, the weights
//! and `gu` share one float storage dtype (f32, f16, bf16); `shards >= 1`. Anything else
//! (shapes, dtypes, a missing or doubly given weight, a bad parameter) is a typed error.

pub mod check;
#[cfg(test)]
mod tests;

use std::borrow::Cow;

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use crate::activations::{self, ActOptions, Kind, GRAD_DTYPE};
use crate::fused_linear_cross_entropy::{chunk_rows, copy};
use crate::host::{bad, fit_written, float_dtype, same_dtype};
use crate::matmul::{
    self, MatmulBackend, MatmulBackwardInputs, MatmulGrads, MatmulOptions, MatmulOutputs,
};
use crate::registry::{
    input, write_over, EntryPoint, OpError, Overwrite, ParamDef, Params, Port, PortShape, Tensors,
};

/// The gated activation between the projections.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Gate {
    /// `silu(gm G) * U * dm`.
    #[default]
    Swiglu,
    /// `gelu_tanh(gm G) * U * dm`.
    Geglu,
}

impl Gate {
    pub const ALL: [Gate; 2] = [Gate::Swiglu, Gate::Geglu];

    /// The parameter value.
    pub fn name(self) -> &'static str {
        match self {
            Gate::Swiglu => "swiglu",
            Gate::Geglu => "geglu",
        }
    }

    pub fn parse(s: &str) -> Option<Gate> {
        Gate::ALL.into_iter().find(|g| g.name() == s)
    }

    /// The activation applied to the gate, as [`crate::activations`] names it.
    pub fn activation(self) -> &'static str {
        match self {
            Gate::Swiglu => "silu",
            Gate::Geglu => "gelu_tanh",
        }
    }

    fn kind(self) -> Kind {
        match self {
            Gate::Swiglu => Kind::Swiglu,
            Gate::Geglu => Kind::Geglu,
        }
    }
}

/// Options of every entry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MlpOptions {
    pub gate: Gate,
    pub gate_multiplier: f32,
    pub down_multiplier: f32,
    /// Forward (fused): also return `gu` for the backward.
    pub save_preact: bool,
    /// Backward: `dx` in FP32 instead of the storage dtype.
    pub f32_dx: bool,
    /// Backward: weight gradients in the storage dtype instead of FP32.
    pub storage_param_grads: bool,
    /// The products' engine on CUDA ([`crate::matmul::MatmulBackend`]).
    pub backend: MatmulBackend,
}

impl Default for MlpOptions {
    fn default() -> Self {
        MlpOptions {
            gate: Gate::Swiglu,
            gate_multiplier: 1.0,
            down_multiplier: 1.0,
            save_preact: true,
            f32_dx: false,
            storage_param_grads: false,
            backend: MatmulBackend::Auto,
        }
    }
}

impl MlpOptions {
    /// The weight gradients' dtype for inputs of `storage` dtype.
    pub fn param_grad_dtype(&self, storage: DType) -> DType {
        if self.storage_param_grads {
            storage
        } else {
            DType::F32
        }
    }

    fn act(&self) -> ActOptions {
        ActOptions {
            gate_multiplier: self.gate_multiplier,
            down_multiplier: self.down_multiplier,
            ..ActOptions::default()
        }
    }

    fn matmul(&self) -> MatmulOptions {
        MatmulOptions {
            backend: self.backend,
            storage_param_grads: self.storage_param_grads,
            ..MatmulOptions::default()
        }
    }
}

/// The gate and up projections' weights.
#[derive(Clone, Copy, Debug)]
pub enum UpWeights<'a> {
    /// `Wg` and `Wu`, `[I, dim]` each.
    Separate { gate: &'a Tensor, up: &'a Tensor },
    /// `[Wg; Wu]` as one `[2I, dim]` tensor.
    Packed(&'a Tensor),
}

/// The inputs of every entry.
#[derive(Clone, Copy, Debug)]
pub struct MlpInputs<'a> {
    /// `[..., dim]`.
    pub x: &'a Tensor,
    pub up: UpWeights<'a>,
    /// `Wd`, `[dim, I]`.
    pub down: &'a Tensor,
}

/// Forward outputs of `fused_mlp`.
#[derive(Clone, Debug, PartialEq)]
pub struct MlpOutputs {
    /// `[..., dim]`.
    pub out: Tensor,
    /// `[G | U]`, `[..., 2I]`, when saved.
    pub gu: Option<Tensor>,
}

/// The gate and up weights' gradients, in the weights' layout.
#[derive(Clone, Debug, PartialEq)]
pub enum UpGrads {
    Separate { gate: Tensor, up: Tensor },
    Packed(Tensor),
}

/// Backward outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct MlpGrads {
    pub dx: Tensor,
    pub up: UpGrads,
    /// `dWd`, `[dim, I]`.
    pub down: Tensor,
}

/// Validated sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Dims {
    dtype: DType,
    m: usize,
    dim: usize,
    inter: usize,
    /// `x`'s leading axes.
    lead: Vec<usize>,
}

impl Dims {
    fn gu_shape(&self) -> Vec<usize> {
        self.lead.iter().copied().chain([2 * self.inter]).collect()
    }
}

fn multipliers(entry: &str, opts: &MlpOptions) -> Result<(), OpError> {
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

fn validate(entry: &str, inp: &MlpInputs<'_>, opts: &MlpOptions) -> Result<Dims, OpError> {
    multipliers(entry, opts)?;
    let x = inp.x;
    let dt = float_dtype(entry, "x", x)?;
    let Some((&dim, lead)) = x.shape.split_last() else {
        return Err(bad(entry, "x", "a scalar; x must be [..., dim]".into()));
    };
    let weight = |name: &str, t: &Tensor, rows_of: &str| -> Result<usize, OpError> {
        float_dtype(entry, name, t)?;
        same_dtype(entry, name, t, dt, "x")?;
        match t.shape[..] {
            [rows, cols] if cols == dim => Ok(rows),
            _ => Err(bad(
                entry,
                name,
                format!(
                    "shape {:?} must be [{rows_of}, dim] with x's dim = {dim} (x {:?})",
                    t.shape, x.shape
                ),
            )),
        }
    };
    let inter = match inp.up {
        UpWeights::Separate { gate, up } => {
            let i = weight("wg", gate, "I")?;
            let iu = weight("wu", up, "I")?;
            if iu != i {
                return Err(bad(
                    entry,
                    "wu",
                    format!("shape {:?} must match wg's {:?}", up.shape, gate.shape),
                ));
            }
            i
        }
        UpWeights::Packed(w) => {
            let rows = weight("w_gu", w, "2I")?;
            if !rows.is_multiple_of(2) {
                return Err(bad(
                    entry,
                    "w_gu",
                    format!(
                        "shape {:?} must be [2I, dim]: gate rows then up rows (an even count)",
                        w.shape
                    ),
                ));
            }
            rows / 2
        }
    };
    float_dtype(entry, "wd", inp.down)?;
    same_dtype(entry, "wd", inp.down, dt, "x")?;
    if inp.down.shape != [dim, inter] {
        return Err(bad(
            entry,
            "wd",
            format!(
                "shape {:?} must be [dim, I] = [{dim}, {inter}] (dim from x, I from the gate \
                 weight)",
                inp.down.shape
            ),
        ));
    }
    let m = lead.iter().try_fold(1usize, |m, d| m.checked_mul(*d));
    let widest = (2 * inter).max(dim);
    let Some(m) = m.filter(|m| {
        m.checked_mul(widest)
            .is_some_and(|e| e <= isize::MAX as usize)
    }) else {
        return Err(bad(
            entry,
            "x",
            format!("{:?} with I = {inter}: too many elements", x.shape),
        ));
    };
    Ok(Dims {
        dtype: dt,
        m,
        dim,
        inter,
        lead: lead.to_vec(),
    })
}

/// `dout` must be a float tensor shaped like `x`.
fn check_cotangent(entry: &str, x: &Tensor, dout: &Tensor) -> Result<(), OpError> {
    float_dtype(entry, "dout", dout)?;
    if dout.shape != x.shape {
        return Err(bad(
            entry,
            "dout",
            format!("shape {:?} must be x's {:?}", dout.shape, x.shape),
        ));
    }
    Ok(())
}

/// The packed `[2I, dim]` gate|up weight: the caller's, or the two weights copied into one.
fn packed<'a>(device: &Device, up: UpWeights<'a>, d: &Dims) -> Result<Cow<'a, Tensor>, OpError> {
    match up {
        UpWeights::Packed(w) => Ok(Cow::Borrowed(w)),
        UpWeights::Separate { gate, up } => {
            let n = d.inter * d.dim;
            let mut w = device.tensor_unfilled(d.dtype, &[2 * d.inter, d.dim])?;
            copy(device, &gate.buffer, &mut w.buffer, [n, 0, 0], false)?;
            copy(device, &up.buffer, &mut w.buffer, [n, 0, n], false)?;
            Ok(Cow::Owned(w))
        }
    }
}

/// A placeholder output that never fits, so that a product allocates.
fn placeholder() -> Tensor {
    Tensor::zeros(DType::F32, &[0])
}

/// `prev` when it has `shape`.
fn keep(t: Option<Tensor>, shape: &[usize]) -> Option<Tensor> {
    t.filter(|t| t.shape == shape)
}

/// `[G | U] = x W_gu^T` into `prev` when it fits.
fn gate_up(
    device: &Device,
    x: &Tensor,
    w: &Tensor,
    opts: &MlpOptions,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let prev = prev.map(|y| MatmulOutputs { y, z: None });
    Ok(matmul::forward(device, x, w, None, &opts.matmul(), prev)?.y)
}

/// `A = act(gm G) U dm` from `[G | U]`.
fn gated(device: &Device, gu: &Tensor, opts: &MlpOptions) -> Result<Tensor, OpError> {
    activations::run_packed(device, opts.gate.kind(), gu, None, &opts.act(), None)
}

/// `out = A Wd^T` into `prev` when it fits.
fn project_down(
    device: &Device,
    a: &Tensor,
    down: &Tensor,
    opts: &MlpOptions,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let prev = prev.map(|y| MatmulOutputs { y, z: None });
    Ok(matmul::forward(device, a, down, None, &opts.matmul(), prev)?.y)
}

/// The gradients one backward pass writes (or adds into): `dx` of its rows, the packed
/// `[dWg; dWu]` and `dWd`.
struct Sums {
    dx: Tensor,
    dw_gu: Tensor,
    dwd: Tensor,
}

/// The backward of rows `x` (`[..., dim]`) with the packed weight `w` at the forward's `gu`,
/// which it overwrites with `[dG | dU]`: the weight gradients are written into, or with
/// `accumulate` added into, `sums`' (which must then hold the running sums); `dx` is written.
#[allow(clippy::too_many_arguments)]
fn backward_rows(
    device: &Device,
    x: &Tensor,
    w: &Tensor,
    down: &Tensor,
    gu: &mut Tensor,
    dout: &Tensor,
    opts: &MlpOptions,
    sums: Sums,
    accumulate: bool,
) -> Result<Sums, OpError> {
    let mm = MatmulOptions {
        accumulate,
        ..opts.matmul()
    };
    // dA = dout Wd and dWd (+)= dout^T A, with A recomputed from [G | U].
    let a = gated(device, gu, opts)?;
    let down_grads = matmul::backward(
        device,
        &MatmulBackwardInputs {
            x: &a,
            w: down,
            bias: None,
            z: None,
            dy: dout,
        },
        &mm,
        Some(MatmulGrads {
            dx: placeholder(),
            dw: sums.dwd,
            dbias: None,
        }),
    )?;
    drop(a);
    let da = down_grads.dx;
    // [G | U] becomes [dG | dU].
    activations::backward_packed_in_place(device, opts.gate.kind(), gu, &da, &opts.act())?;
    drop(da);
    // dx = [dG | dU] W_gu and [dWg; dWu] (+)= [dG | dU]^T x.
    let up_grads = matmul::backward(
        device,
        &MatmulBackwardInputs {
            x,
            w,
            bias: None,
            z: None,
            dy: gu,
        },
        &MatmulOptions {
            f32_dx: opts.f32_dx,
            ..mm
        },
        Some(MatmulGrads {
            dx: sums.dx,
            dw: sums.dw_gu,
            dbias: None,
        }),
    )?;
    Ok(Sums {
        dx: up_grads.dx,
        dw_gu: up_grads.dw,
        dwd: down_grads.dw,
    })
}

/// The packed `[dWg; dWu]` in the layout of `up`: itself, or copied into `dwg` and `dwu`
/// (reusing `prev`'s when they fit).
fn split(
    device: &Device,
    up: UpWeights<'_>,
    dw: Tensor,
    d: &Dims,
    prev: Option<UpGrads>,
) -> Result<UpGrads, OpError> {
    if let UpWeights::Packed(_) = up {
        return Ok(UpGrads::Packed(dw));
    }
    let (prev_g, prev_u) = match prev {
        Some(UpGrads::Separate { gate, up }) => (Some(gate), Some(up)),
        _ => (None, None),
    };
    let n = d.inter * d.dim;
    let shape = [d.inter, d.dim];
    let mut gate = fit_written(device, prev_g, dw.dtype(), &shape)?;
    let mut up = fit_written(device, prev_u, dw.dtype(), &shape)?;
    copy(device, &dw.buffer, &mut gate.buffer, [n, 0, 0], false)?;
    copy(device, &dw.buffer, &mut up.buffer, [n, n, 0], false)?;
    Ok(UpGrads::Separate { gate, up })
}

/// The previous gradients as the workspaces a first pass writes: `(dx, packed dW_gu when the
/// weights are packed, dWd, the separate layout's outputs)`.
type PrevGrads = (
    Option<Tensor>,
    Option<Tensor>,
    Option<Tensor>,
    Option<UpGrads>,
);

fn prev_grads(prev: Option<MlpGrads>) -> PrevGrads {
    match prev {
        None => (None, None, None, None),
        Some(g) => match g.up {
            UpGrads::Packed(w) => (Some(g.dx), Some(w), Some(g.down), None),
            sep => (Some(g.dx), None, Some(g.down), Some(sep)),
        },
    }
}

/// Runs `fused_mlp`'s forward on `device`, reusing `prev` outputs that fit.
pub fn forward(
    device: &Device,
    inp: &MlpInputs<'_>,
    opts: &MlpOptions,
    prev: Option<MlpOutputs>,
) -> Result<MlpOutputs, OpError> {
    let d = validate("fused_mlp.forward", inp, opts)?;
    let (prev_out, prev_gu) = prev.map_or((None, None), |o| (Some(o.out), o.gu));
    let w = packed(device, inp.up, &d)?;
    let gu = gate_up(device, inp.x, &w, opts, keep(prev_gu, &d.gu_shape()))?;
    drop(w);
    let a = gated(device, &gu, opts)?;
    let out = project_down(device, &a, inp.down, opts, prev_out)?;
    Ok(MlpOutputs {
        out,
        gu: opts.save_preact.then_some(gu),
    })
}

/// Runs `fused_mlp`'s backward on `device`: `gu` is the forward's (consumed: its memory holds
/// `[dG | dU]` and is freed) or, when `None`, recomputed. Reuses `prev` outputs that fit.
pub fn backward(
    device: &Device,
    inp: &MlpInputs<'_>,
    gu: Option<Tensor>,
    dout: &Tensor,
    opts: &MlpOptions,
    prev: Option<MlpGrads>,
) -> Result<MlpGrads, OpError> {
    let entry = "fused_mlp.backward";
    match gu {
        Some(mut gu) => backward_over(device, entry, inp, &mut gu, dout, opts, prev),
        None => {
            let d = validate(entry, inp, opts)?;
            check_cotangent(entry, inp.x, dout)?;
            let w = packed(device, inp.up, &d)?;
            let mut gu = gate_up(device, inp.x, &w, opts, None)?;
            drop(w);
            backward_over(device, entry, inp, &mut gu, dout, opts, prev)
        }
    }
}

/// `fused_mlp`'s backward at the forward's `gu`, written over with `[dG | dU]` (entry
/// `fused_mlp.in_place_backward`, whose `dgu` output is `gu`'s memory): the gradient of the
/// saved pre-activations, for a caller that wants it, at no memory beyond [`backward`]'s. A
/// validation error leaves `gu` unchanged; after a failed launch ([`OpError::Runtime`]) its
/// values are unspecified. `gu` must not share memory with another input (a typed error).
pub fn backward_in_place(
    device: &Device,
    inp: &MlpInputs<'_>,
    gu: &mut Tensor,
    dout: &Tensor,
    opts: &MlpOptions,
    prev: Option<MlpGrads>,
) -> Result<MlpGrads, OpError> {
    backward_over(
        device,
        "fused_mlp.in_place_backward",
        inp,
        gu,
        dout,
        opts,
        prev,
    )
}

fn backward_over(
    device: &Device,
    entry: &str,
    inp: &MlpInputs<'_>,
    gu: &mut Tensor,
    dout: &Tensor,
    opts: &MlpOptions,
    prev: Option<MlpGrads>,
) -> Result<MlpGrads, OpError> {
    let d = validate(entry, inp, opts)?;
    check_cotangent(entry, inp.x, dout)?;
    same_dtype(entry, "gu", gu, d.dtype, "x")?;
    if gu.shape != d.gu_shape() {
        return Err(bad(
            entry,
            "gu",
            format!(
                "shape {:?} must be x's with 2I last: {:?}",
                gu.shape,
                d.gu_shape()
            ),
        ));
    }
    let mut others = vec![("x", inp.x), ("wd", inp.down), ("dout", dout)];
    match inp.up {
        UpWeights::Separate { gate, up } => others.extend([("wg", gate), ("wu", up)]),
        UpWeights::Packed(w) => others.push(("w_gu", w)),
    }
    if let Some((name, _)) = others
        .iter()
        .find(|(_, t)| t.buffer.may_share_memory(&gu.buffer))
    {
        return Err(bad(
            entry,
            "gu",
            format!("shares memory with {name}, which the backward reads after writing gu"),
        ));
    }
    let (prev_dx, prev_w, prev_down, prev_up) = prev_grads(prev);
    let w = packed(device, inp.up, &d)?;
    let sums = Sums {
        dx: prev_dx.unwrap_or_else(placeholder),
        dw_gu: prev_w.unwrap_or_else(placeholder),
        dwd: prev_down.unwrap_or_else(placeholder),
    };
    let s = backward_rows(device, inp.x, &w, inp.down, gu, dout, opts, sums, false)?;
    drop(w);
    Ok(MlpGrads {
        dx: s.dx,
        up: split(device, inp.up, s.dw_gu, &d, prev_up)?,
        down: s.dwd,
    })
}

/// Liger's default shard count for `x` of `shape` (`[..., T, dim]`): `max(1, ceil(T / dim))`, `T`
/// = 1 for a 1-D `x` (and `dim = 0` counted as 1).
pub fn default_shards(shape: &[usize]) -> usize {
    let dim = shape.last().copied().unwrap_or(1).max(1);
    let t = if shape.len() >= 2 {
        shape[shape.len() - 2]
    } else {
        1
    };
    t.div_ceil(dim).max(1)
}

/// The rows of one shard for `shards` (`None`: [`default_shards`]), `torch.chunk`'s
/// `ceil(M / S)` (at least 1).
fn shard_rows(entry: &str, x: &Tensor, m: usize, shards: Option<usize>) -> Result<usize, OpError> {
    let s = match shards {
        Some(0) => {
            return Err(OpError::BadParam {
                entry: entry.into(),
                name: "shards".into(),
                value: "0".into(),
                message: "must be at least 1".into(),
                allowed: SHARDS.allowed.into(),
            })
        }
        Some(s) => s,
        None => default_shards(&x.shape),
    };
    Ok(m.div_ceil(s).max(1))
}

/// The shards' first rows (one empty shard when there are no rows).
fn shard_starts(m: usize, rows: usize) -> Vec<usize> {
    if m == 0 {
        vec![0]
    } else {
        (0..m).step_by(rows).collect()
    }
}

/// Runs `tiled_mlp`'s forward on `device` in shards (`None`: [`default_shards`]), reusing
/// `prev` when it fits.
pub fn tiled_forward(
    device: &Device,
    inp: &MlpInputs<'_>,
    opts: &MlpOptions,
    shards: Option<usize>,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let entry = "tiled_mlp.forward";
    let d = validate(entry, inp, opts)?;
    let rows = shard_rows(entry, inp.x, d.m, shards)?;
    let mut out = fit_written(device, prev, d.dtype, &inp.x.shape)?;
    let w = packed(device, inp.up, &d)?;
    let (mut spare_x, mut spare_out) = (None, None);
    for start in shard_starts(d.m, rows) {
        let c = rows.min(d.m - start);
        let (xs, copied) = chunk_rows(device, inp.x, start, c, keep(spare_x.take(), &[c, d.dim]))?;
        let gu = gate_up(device, &xs, &w, opts, None)?;
        let a = gated(device, &gu, opts)?;
        drop(gu);
        let o = project_down(device, &a, inp.down, opts, spare_out.take())?;
        drop(a);
        copy(
            device,
            &o.buffer,
            &mut out.buffer,
            [c * d.dim, 0, start * d.dim],
            false,
        )?;
        spare_out = Some(o);
        spare_x = copied.then_some(xs);
    }
    Ok(out)
}

/// Runs `tiled_mlp`'s backward on `device` in shards (`None`: [`default_shards`]), recomputing
/// every intermediate from `x`; reuses `prev` outputs that fit.
pub fn tiled_backward(
    device: &Device,
    inp: &MlpInputs<'_>,
    dout: &Tensor,
    opts: &MlpOptions,
    shards: Option<usize>,
    prev: Option<MlpGrads>,
) -> Result<MlpGrads, OpError> {
    let entry = "tiled_mlp.backward";
    let d = validate(entry, inp, opts)?;
    check_cotangent(entry, inp.x, dout)?;
    let rows = shard_rows(entry, inp.x, d.m, shards)?;
    let (prev_dx, prev_w, prev_down, prev_up) = prev_grads(prev);
    let dx_dtype = if opts.f32_dx { DType::F32 } else { d.dtype };
    let mut dx = fit_written(device, prev_dx, dx_dtype, &inp.x.shape)?;
    let w = packed(device, inp.up, &d)?;
    let mut dw_gu = prev_w.unwrap_or_else(placeholder);
    let mut dwd = prev_down.unwrap_or_else(placeholder);
    let (mut spare_x, mut spare_dout, mut spare_dx) = (None, None, None);
    for (index, start) in shard_starts(d.m, rows).into_iter().enumerate() {
        let c = rows.min(d.m - start);
        let shape = [c, d.dim];
        let (xs, x_copied) = chunk_rows(device, inp.x, start, c, keep(spare_x.take(), &shape))?;
        let (dos, dout_copied) =
            chunk_rows(device, dout, start, c, keep(spare_dout.take(), &shape))?;
        let sums = Sums {
            dx: keep(spare_dx.take(), &shape).unwrap_or_else(placeholder),
            dw_gu,
            dwd,
        };
        let mut gu = gate_up(device, &xs, &w, opts, None)?;
        let s = backward_rows(
            device,
            &xs,
            &w,
            inp.down,
            &mut gu,
            &dos,
            opts,
            sums,
            index > 0,
        )?;
        drop(gu);
        copy(
            device,
            &s.dx.buffer,
            &mut dx.buffer,
            [c * d.dim, 0, start * d.dim],
            false,
        )?;
        (dw_gu, dwd) = (s.dw_gu, s.dwd);
        spare_dx = Some(s.dx);
        spare_x = x_copied.then_some(xs);
        spare_dout = dout_copied.then_some(dos);
    }
    drop(w);
    Ok(MlpGrads {
        dx,
        up: split(device, inp.up, dw_gu, &d, prev_up)?,
        down: dwd,
    })
}

// ---- Registry entry points -------------------------------------------------------------------

use crate::registry::port;

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
    allowed: "auto, or an integer >= 1",
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
            allowed: SHARDS.allowed.into(),
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
