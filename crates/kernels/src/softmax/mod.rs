//! Softmax and log-softmax over the last axis, forward and backward.
//!
//! # Contract
//!
//! Rows are every axis of `x` but the last. `softmax.forward(x) -> y` with
//! `y = exp(x - max) / sum(exp(x - max))`; `log_softmax.forward(x) -> y = x - max - log(sum)`.
//! Backward entries take the forward's output `y` (as Liger and PyTorch save it) and the
//! cotangent: softmax `dx = y * (dy - sum(dy * y))`, log-softmax `dx = dy - exp(y) * sum(dy)`.
//! The gradient is exact for the `y` given: a 16-bit `y` carries its rounding into `dx`, as it
//! does in PyTorch.
//!
//! `x` and `y` are f32, f16 or bf16 (`dy` any float dtype, the same shape); arithmetic and
//! statistics are FP32; `y` has x's storage dtype, `dx` y's unless `grad_dtype=f32`. Any width
//! from 1 column: forward rows wider than one tile use an online (running max, rescaled sum)
//! first pass, kept per lane and reduced once per row; backward rows wider than one tile are
//! walked twice (the row's sum, then `dx`). No rows gives empty outputs. A row of only `-inf`
//! gives NaN (as the formula). Nothing is modified in place.

pub mod check;

use metile_ir::{DType, Verified};
use metile_lang::{trace, Buffer, Ctx, LangError, Tile};
use metile_runtime::{Arg, Device, Tensor};

use crate::host::{bad, fit_written, float_dtype};
use crate::norms::Tiling;
use crate::online;
use crate::registry::{
    input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors,
};

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SoftmaxSpec {
    pub log: bool,
    pub backward: bool,
    /// The dtype of the row input: `x` forward, the forward's output `y` backward.
    pub x: DType,
    pub dy: DType,
    pub out: DType,
    pub tiling: Tiling,
}

impl SoftmaxSpec {
    fn name(&self) -> String {
        format!(
            "{}_{}",
            if self.log { "log_softmax" } else { "softmax" },
            if self.backward { "bwd" } else { "fwd" }
        )
    }
}

/// Offsets and masks of one program's row (`program_id` 0) in tiles of the spec's tiling.
struct RowTiles {
    cols: Tile,
    base: Tile,
    n: Tile,
    tiling: Tiling,
}

impl RowTiles {
    fn new(k: &Ctx, n: Tile, tiling: Tiling) -> RowTiles {
        RowTiles {
            cols: k.arange(0, tiling.block as i64),
            base: k.program_id(0).cast(DType::I64) * n.cast(DType::I64),
            n,
            tiling,
        }
    }

    /// Offsets and mask of the tile at column `start` (the whole row when `None`).
    fn at(&self, start: Option<Tile>) -> (Tile, Option<Tile>) {
        let c = match start {
            Some(s) => self.cols + s,
            None => self.cols,
        };
        let mask = (!self.tiling.exact || start.is_some()).then(|| c.lt(self.n));
        (self.base + c.cast(DType::I64), mask)
    }

    /// Runs `body` on the row's single tile (`None`) or on each step of a stepped row.
    fn steps(&self, k: &Ctx, body: &dyn Fn(Option<Tile>)) {
        if self.tiling.looped {
            k.for_range(0, self.n, self.tiling.block as i64, &[], |start, _| {
                body(Some(start));
                Vec::new()
            });
        } else {
            body(None);
        }
    }

    /// The row sum of the tiles `f` gives; stepped rows accumulate per lane and reduce once
    /// after the loop.
    fn sum(&self, k: &Ctx, f: &dyn Fn(Option<Tile>) -> Tile) -> Tile {
        if self.tiling.looped {
            let z = k.zeros([self.tiling.block], DType::F32);
            k.for_range(0, self.n, self.tiling.block as i64, &[z], |start, c| {
                vec![c[0] + f(Some(start))]
            })[0]
                .sum(0)
        } else {
            f(None).sum(0)
        }
    }
}

/// Loads a tile in f32, `fill` where masked off.
fn load(buf: &Buffer, offs: Tile, mask: Option<Tile>, fill: f32) -> Tile {
    match mask {
        Some(m) => buf.load_masked(offs, m, fill).cast(DType::F32),
        None => buf.load(offs).cast(DType::F32),
    }
}

/// Stores a tile as `dtype` (the output's).
fn store(out: &Buffer, dtype: DType, v: Tile, offs: Tile, mask: Option<Tile>) {
    match mask {
        Some(m) => out.store_masked(offs, v.cast(dtype), m),
        None => out.store(offs, v.cast(dtype)),
    }
}

/// The kernel of `spec`, one program per row. Parameters: `x, y` (forward) or `y, dy, dx`
/// (backward), then `n`.
pub fn kernel(spec: &SoftmaxSpec) -> Result<Verified, LangError> {
    if spec.backward {
        backward_kernel(spec)
    } else {
        forward_kernel(spec)
    }
}

/// Whether the kernel loads its rows under an L2 evict_last policy (`Kernel::l2_evict_last`).
/// H200, softmax bf16 16384x4096, single-tile rows, graph-timed, ms, without -> with
/// (`benchmarks/gpu/s17_call4.sh`): forward 0.0660 -> 0.0643, backward 0.0934 -> 0.0928. Stepped
/// rows and other dtypes are not measured and keep plain loads.
fn l2_evict_last(spec: &SoftmaxSpec) -> bool {
    spec.x == DType::BF16 && !spec.tiling.looped
}

/// The forward: the row's max and `sum(exp(x - max))` (online and per lane when stepped), then
/// `y`. A 16-bit forward is launched as a programmatic dependent of the grid before it
/// (`Kernel::programmatic_launch`): H200, bf16 16384x4096, graph-timed, two rounds
/// (`benchmarks/gpu/s14_call1.sh`), 0.0653 / 0.0653 ms with the wait against 0.0655 / 0.0656
/// without (35 registers either way). Its row is loaded under an L2 evict_last policy
/// ([`l2_evict_last`]).
fn forward_kernel(spec: &SoftmaxSpec) -> Result<Verified, LangError> {
    trace(&spec.name(), |k| {
        let x = k.input("x", spec.x);
        if l2_evict_last(spec) {
            x.l2_evict_last();
        }
        let y = k.output("y", spec.out);
        let n = k.scalar("n", DType::I32);
        if spec.x.size_bytes() == 2 {
            k.programmatic_launch();
        }
        let t = spec.tiling;
        let row = RowTiles::new(k, n, t);
        // A single-tile row is loaded once and reused by every pass; a stepped row is reloaded
        // per pass.
        let whole = (!t.looped).then(|| {
            let (offs, mask) = row.at(None);
            (load(&x, offs, mask, f32::NEG_INFINITY), offs, mask)
        });
        let load_x = |start: Option<Tile>| match whole {
            Some(w) => w,
            None => {
                let (offs, mask) = row.at(start);
                (load(&x, offs, mask, f32::NEG_INFINITY), offs, mask)
            }
        };
        let (m, s) = if t.looped {
            let init = online::start(k, t.block);
            let r = k.for_range(0, n, t.block as i64, &init, |start, c| {
                let (offs, mask) = row.at(Some(start));
                let (m, s, _) = online::step(c[0], c[1], load(&x, offs, mask, f32::NEG_INFINITY));
                vec![m, s]
            });
            online::finish(r[0], r[1])
        } else {
            let v = load_x(None).0;
            let m = v.max(0);
            (m, (v - m).exp().sum(0))
        };
        let log_s = s.log();
        row.steps(k, &|st| {
            let (v, offs, mask) = load_x(st);
            let out = if spec.log {
                v - m - log_s
            } else {
                (v - m).exp() / s
            };
            store(&y, spec.out, out, offs, mask);
        });
    })
}

/// The backward from the forward's output: one row sum (`sum(dy * y)`, log-softmax `sum(dy)`),
/// then `dx`. A single-tile row loads `y` and `dy` together, once, under an L2 evict_last
/// policy ([`l2_evict_last`]).
fn backward_kernel(spec: &SoftmaxSpec) -> Result<Verified, LangError> {
    trace(&spec.name(), |k| {
        let y = k.input("y", spec.x);
        let dy = k.input("dy", spec.dy);
        if l2_evict_last(spec) {
            y.l2_evict_last();
            dy.l2_evict_last();
        }
        let dx = k.output("dx", spec.out);
        let n = k.scalar("n", DType::I32);
        let t = spec.tiling;
        let row = RowTiles::new(k, n, t);
        // Masked lanes read y = 0 and dy = 0; log-softmax's exp(y) is only taken where stored.
        let tile_at = |start: Option<Tile>| {
            let (offs, mask) = row.at(start);
            (
                load(&y, offs, mask, 0.0),
                load(&dy, offs, mask, 0.0),
                offs,
                mask,
            )
        };
        let whole = (!t.looped).then(|| tile_at(None));
        let tile = |start: Option<Tile>| whole.unwrap_or_else(|| tile_at(start));
        let c = row.sum(k, &|st| {
            let (yv, g, _, _) = tile(st);
            if spec.log {
                g
            } else {
                g * yv
            }
        });
        row.steps(k, &|st| {
            let (yv, g, offs, mask) = tile(st);
            let out = if spec.log {
                g - yv.exp() * c
            } else {
                yv * (g - c)
            };
            store(&dx, spec.out, out, offs, mask);
        });
    })
}

/// Runs softmax (`log == false`) or log-softmax: the forward of `x` (`dy == None`), or the
/// backward from the forward's output (`x` is then `y`), reusing `prev` when it fits;
/// `f32_grads` makes `dx` FP32.
pub fn run(
    device: &Device,
    log: bool,
    x: &Tensor,
    dy: Option<&Tensor>,
    f32_grads: bool,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let op = if log { "log_softmax" } else { "softmax" };
    let (entry, input) = match dy {
        Some(_) => (format!("{op}.backward"), "y"),
        None => (format!("{op}.forward"), "x"),
    };
    let xd = float_dtype(&entry, input, x)?;
    let Some((rows, cols)) = x.rows_cols() else {
        return Err(bad(&entry, input, "must have at least one axis".into()));
    };
    if cols == 0 || cols > crate::norms::MAX_COLS || rows > i32::MAX as usize {
        return Err(bad(
            &entry,
            input,
            format!(
                "{rows} rows of {cols} columns; allowed: columns 1 to {}",
                crate::norms::MAX_COLS
            ),
        ));
    }
    let dyd = match dy {
        Some(t) if t.shape != x.shape => {
            return Err(bad(
                &entry,
                "dy",
                format!("shape {:?} must match {input} {:?}", t.shape, x.shape),
            ))
        }
        Some(t) => float_dtype(&entry, "dy", t)?,
        None => xd,
    };
    let out_dtype = if dy.is_some() && f32_grads {
        DType::F32
    } else {
        xd
    };
    let mut out = fit_written(device, prev, out_dtype, &x.shape)?;
    if rows == 0 {
        return Ok(out);
    }
    let spec = SoftmaxSpec {
        log,
        backward: dy.is_some(),
        x: xd,
        dy: dyd,
        out: out_dtype,
        tiling: Tiling::for_device(device, cols),
    };
    let k = device.kernel(&spec.name(), &spec, || kernel(&spec))?;
    let mut args: Vec<Arg<'_>> = vec![Arg::In(&x.buffer)];
    args.extend(dy.map(|t| Arg::In(&t.buffer)));
    args.push(Arg::Out(&mut out.buffer));
    args.push(Arg::I32(cols as i32));
    device.launch(&k, [rows as u32, 1, 1], &mut args)?;
    Ok(out)
}

const X: Port = port("x", PortShape::LikeX, false, "input rows");
const DY: Port = port("dy", PortShape::LikeX, false, "cotangent of y");
const Y: Port = port("y", PortShape::LikeX, false, "output, storage dtype");
const Y_SAVED: Port = port("y", PortShape::LikeX, false, "the forward's output");
const DX: Port = port("dx", PortShape::LikeX, false, "gradient of x");
const GRAD_DTYPE: ParamDef = ParamDef {
    name: "grad_dtype",
    default: "storage",
    allowed: "storage, f32",
    doc: "dtype of dx",
};

fn run_entry(
    log: bool,
    bwd: bool,
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let op = if log { "log_softmax" } else { "softmax" };
    let entry = format!("{op}.{}", if bwd { "backward" } else { "forward" });
    let get = |name: &str| input(&entry, t, name);
    let x = get(if bwd { "y" } else { "x" })?;
    let dy = if bwd { Some(get("dy")?) } else { None };
    let f32_grads = bwd && p.choice("grad_dtype", &["storage", "f32"])? == "f32";
    let key = if bwd { "dx" } else { "y" };
    let prev = out.remove(key);
    let res = run(d, log, x, dy, f32_grads, prev)?;
    out.insert(key.into(), res);
    Ok(())
}

/// Softmax and log-softmax entries.
pub static ENTRY_POINTS: [EntryPoint; 4] = [
    EntryPoint {
        name: "softmax.forward",
        op: "softmax",
        inputs: &[X],
        outputs: &[Y],
        params: &[],
        overwrites: &[],
        run: |d, t, p, o| run_entry(false, false, d, t, p, o),
    },
    EntryPoint {
        name: "softmax.backward",
        op: "softmax",
        inputs: &[Y_SAVED, DY],
        outputs: &[DX],
        params: &[GRAD_DTYPE],
        overwrites: &[],
        run: |d, t, p, o| run_entry(false, true, d, t, p, o),
    },
    EntryPoint {
        name: "log_softmax.forward",
        op: "log_softmax",
        inputs: &[X],
        outputs: &[Y],
        params: &[],
        overwrites: &[],
        run: |d, t, p, o| run_entry(true, false, d, t, p, o),
    },
    EntryPoint {
        name: "log_softmax.backward",
        op: "log_softmax",
        inputs: &[Y_SAVED, DY],
        outputs: &[DX],
        params: &[GRAD_DTYPE],
        overwrites: &[],
        run: |d, t, p, o| run_entry(true, true, d, t, p, o),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant, one masked tile and 4096-column steps (the GPU's tilings), lowers to CUDA.
    #[test]
    fn softmax_kernels_lower_to_cuda() {
        use metile_codegen::{cuda_source, Target};
        for (block, looped) in [(1000, false), (4096, true)] {
            let tiling = Tiling {
                block,
                exact: false,
                looped,
                prefetch: false,
            };
            for x in [DType::F32, DType::BF16] {
                for (log, backward) in [(false, false), (false, true), (true, false), (true, true)]
                {
                    let spec = SoftmaxSpec {
                        log,
                        backward,
                        x,
                        dy: x,
                        out: x,
                        tiling,
                    };
                    let k = metile_opt::canonicalize(kernel(&spec).unwrap()).unwrap();
                    let lowered = cuda_source(&k, &Target::sm90());
                    assert!(lowered.is_ok(), "{spec:?}: {:?}", lowered.err());
                }
            }
        }
    }
}
