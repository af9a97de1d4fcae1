//! Softmax and log-softmax over the last axis, forward and backward.
//!
//! # Contract
//!
//! Rows are every axis of `x` but the last. `softmax.forward(x) -> y` with
//! `y = exp(x - max) / sum(exp(x - max))`; `log_softmax.forward(x) -> y = x - max - log(sum)`.
//! Backward entries take the forward's input and the cotangent and recompute the statistics:
//! softmax `dx = y * (dy - sum(dy * y))`, log-softmax `dx = dy - softmax(x) * sum(dy)`.
//!
//! `x` is f32, f16 or bf16 (`dy` any float dtype, x's shape); arithmetic and statistics are FP32;
//! `y` has x's storage dtype, `dx` too unless `grad_dtype=f32`. Any width from 1 column: rows wider
//! than one tile use an online (running max, rescaled sum) first pass, kept per lane and
//! reduced once per row. No rows gives empty
//! outputs. A row of only `-inf` gives NaN (as the formula). Nothing is modified in place.

pub mod check;

use metile_ir::{DType, Verified};
use metile_lang::{trace, LangError, Tile};
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
    pub x: DType,
    pub dy: DType,
    pub out: DType,
    pub tiling: Tiling,
}

/// The kernel of `spec`, one program per row. Parameters: `x, [dy], out, n`.
pub fn kernel(spec: &SoftmaxSpec) -> Result<Verified, LangError> {
    let name = format!(
        "{}_{}",
        if spec.log { "log_softmax" } else { "softmax" },
        if spec.backward { "bwd" } else { "fwd" }
    );
    trace(&name, |k| {
        let x = k.input("x", spec.x);
        let dy = spec.backward.then(|| k.input("dy", spec.dy));
        let out = k.output(if spec.backward { "dx" } else { "y" }, spec.out);
        let n = k.scalar("n", DType::I32);
        let t = spec.tiling;
        let cols = k.arange(0, t.block as i64);
        let base = k.program_id(0).cast(DType::I64) * n.cast(DType::I64);
        // Offsets and mask of the tile at column `start` (the whole row when `None`).
        let at = |start: Option<Tile>| -> (Tile, Option<Tile>) {
            let c = match start {
                Some(s) => cols + s,
                None => cols,
            };
            let mask = (!t.exact || start.is_some()).then(|| c.lt(n));
            (base + c.cast(DType::I64), mask)
        };
        let load = |buf: &metile_lang::Buffer, offs: Tile, mask: Option<Tile>, fill: f32| match mask
        {
            Some(m) => buf.load_masked(offs, m, fill).cast(DType::F32),
            None => buf.load(offs).cast(DType::F32),
        };
        let store = |v: Tile, offs: Tile, mask: Option<Tile>| match mask {
            Some(m) => out.store_masked(offs, v.cast(spec.out), m),
            None => out.store(offs, v.cast(spec.out)),
        };
        // A single-tile row is loaded once and reused by every pass; a stepped row is reloaded
        // per pass.
        let whole = (!t.looped).then(|| {
            let (offs, mask) = at(None);
            (load(&x, offs, mask, f32::NEG_INFINITY), offs, mask)
        });
        let load_x = |start: Option<Tile>| match whole {
            Some(w) => w,
            None => {
                let (offs, mask) = at(start);
                (load(&x, offs, mask, f32::NEG_INFINITY), offs, mask)
            }
        };
        // Row statistics: max and sum(exp(x - max)); per lane when stepped (`crate::online`).
        let (m, s) = if t.looped {
            let init = online::start(k, t.block);
            let r = k.for_range(0, n, t.block as i64, &init, |start, c| {
                let (offs, mask) = at(Some(start));
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
        // Per tile: x, probabilities, and (backward) dy.
        let tile = |start: Option<Tile>| {
            let (v, offs, mask) = load_x(start);
            let p = (v - m).exp() / s;
            let g = dy.as_ref().map(|d| load(d, offs, mask, 0.0));
            (v, p, g, offs, mask)
        };
        let steps = |body: &dyn Fn(Option<Tile>)| {
            if t.looped {
                k.for_range(0, n, t.block as i64, &[], |start, _| {
                    body(Some(start));
                    Vec::new()
                });
            } else {
                body(None);
            }
        };
        // Stepped: accumulated per lane, reduced once after the loop.
        let row_sum = |f: &dyn Fn(Option<Tile>) -> Tile| -> Tile {
            if t.looped {
                let z = k.zeros([t.block], DType::F32);
                k.for_range(0, n, t.block as i64, &[z], |start, c| {
                    vec![c[0] + f(Some(start))]
                })[0]
                    .sum(0)
            } else {
                f(None).sum(0)
            }
        };
        match (spec.backward, spec.log) {
            (false, false) => steps(&|st| {
                let (_, p, _, offs, mask) = tile(st);
                store(p, offs, mask);
            }),
            (false, true) => steps(&|st| {
                let (v, _, _, offs, mask) = tile(st);
                store(v - m - log_s, offs, mask);
            }),
            (true, false) => {
                // Masked lanes have p = 0 and dy = 0.
                let c = row_sum(&|st| {
                    let (_, p, g, _, _) = tile(st);
                    g.map(|g| g * p).unwrap_or(p)
                });
                steps(&|st| {
                    let (_, p, g, offs, mask) = tile(st);
                    store(p * (g.unwrap_or(p) - c), offs, mask);
                });
            }
            (true, true) => {
                let c = row_sum(&|st| tile(st).2.unwrap_or(m));
                steps(&|st| {
                    let (_, p, g, offs, mask) = tile(st);
                    store(g.unwrap_or(p) - p * c, offs, mask);
                });
            }
        }
    })
}

/// Runs softmax (`log == false`) or log-softmax, forward (`dy == None`) or backward, reusing
/// `prev` when it fits; `f32_grads` makes `dx` FP32.
pub fn run(
    device: &Device,
    log: bool,
    x: &Tensor,
    dy: Option<&Tensor>,
    f32_grads: bool,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let op = if log { "log_softmax" } else { "softmax" };
    let entry = format!("{op}.{}", if dy.is_some() { "backward" } else { "forward" });
    let xd = float_dtype(&entry, "x", x)?;
    let Some((rows, cols)) = x.rows_cols() else {
        return Err(bad(&entry, "x", "must have at least one axis".into()));
    };
    if cols == 0 || cols > crate::norms::MAX_COLS || rows > i32::MAX as usize {
        return Err(bad(
            &entry,
            "x",
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
                format!("shape {:?} must match x {:?}", t.shape, x.shape),
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
    let k = device.kernel(
        &format!("{op}_{}", if spec.backward { "bwd" } else { "fwd" }),
        &spec,
        || kernel(&spec),
    )?;
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
    let x = get("x")?;
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
        inputs: &[X, DY],
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
        inputs: &[X, DY],
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
