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
mod entries;
#[cfg(test)]
mod tests;
mod tiled;

pub use entries::ENTRY_POINTS;
pub use tiled::{default_shards, tiled_backward, tiled_forward};

use std::borrow::Cow;

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use crate::activations::{self, ActOptions, Kind};
use crate::fused_linear_cross_entropy::copy;
use crate::host::{bad, fit_written, float_dtype, same_dtype};
use crate::matmul::{
    self, MatmulBackend, MatmulBackwardInputs, MatmulGrads, MatmulOptions, MatmulOutputs,
};
use crate::registry::OpError;

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
