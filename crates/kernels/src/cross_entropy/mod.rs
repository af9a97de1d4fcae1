//! Cross-entropy over rows of logits, forward and backward (Liger's `LigerCrossEntropyFunction`
//! without class weights).
//!
//! # Contract
//!
//! `cross_entropy.forward(logits [..., V], target [...]) -> (loss, z_loss)`. Per row with
//! `target != ignore_index`: `z = softcap * tanh(x / softcap)` when `softcap > 0`, else `x`;
//! `lse = logsumexp(z)`; `eps = label_smoothing / V`;
//! `loss = (1 - ls) (lse - z_y) + ls * lse - eps * sum(z) + lse_square_scale * lse^2` (the z-loss
//! is added into the loss and also returned alone). Ignored rows give 0. `reduction`: `none`
//! returns per-row values `[...]`; `sum` their sum; `mean` the sum over the number of valid rows
//! (0 when every row is ignored, not NaN). Losses are FP32 (not the logits' dtype: a per-row loss
//! rounded to bf16 is a Liger bug PARITY.md lists).
//!
//! `cross_entropy.backward(logits, target, dloss) -> dlogits` recomputes the row statistics:
//! `dlogits = scale * ((1 + 2 lss lse) p - eps - (1 - ls) [j = y]) * (1 - tanh^2(x / softcap))`,
//! `scale = dloss[r]` (none), `dloss` (sum) or `dloss / n_valid` (mean); zero on ignored rows.
//! `dlogits` has the logits' storage dtype (`grad_dtype=f32` for FP32). The logits are never
//! overwritten (Liger's in-place gradient is a memory trick this API does not take yet).
//!
//! Logits f32/f16/bf16, any vocabulary up to 16,777,216 (rows wider than one tile use an online
//! max and sum); targets int32 or int64, each in `0..V` or `ignore_index` (anything else is a
//! typed error). Sums are FP32 in the kernels; the `sum`/`mean` reduction over rows is done in
//! f64 on the host in row order (deterministic). [`forward_with`] with `token_stats` (entry
//! parameter `token_stats=true`) also returns each row's predicted class (the first index of the
//! largest softcapped logit, int64, -1 on ignored rows) and the token accuracy (f32: per row
//! under `none`, else the share of non-ignored rows predicted right, 0 when all are ignored), as
//! Liger's `return_predicted_tokens`/`return_token_accuracy`. Not yet: class
//! weights.

pub mod check;

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, LangError, Tile};
use metile_runtime::{Arg, Buffer, Device, Tensor};

use crate::host::bad;
use crate::norms::Tiling;
use crate::reference::cross_entropy::CeOptions;
use crate::registry::{input, EntryPoint, OpError, ParamDef, Params, Port, PortShape};

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CeSpec {
    pub backward: bool,
    pub x: DType,
    pub target: DType,
    pub grad: DType,
    pub softcap: bool,
    /// The forward also writes each row's predicted class (`row_pred`).
    pub predict: bool,
    pub tiling: Tiling,
}

/// One program per row. Forward parameters: `logits, target, row_loss, row_z, [row_pred,] n,
/// ignore, ls, lss, cap`; backward: `logits, target, scale, dlogits, n, ignore, ls, lss, cap`.
pub fn kernel(spec: &CeSpec) -> Result<Verified, LangError> {
    let name = if spec.backward {
        "cross_entropy_bwd"
    } else {
        "cross_entropy_fwd"
    };
    trace(name, |k| {
        let x = k.input("logits", spec.x);
        let target = k.input("target", spec.target);
        let scale = spec.backward.then(|| k.input("scale", DType::F32));
        let dx = spec.backward.then(|| k.output("dlogits", spec.grad));
        let row_loss = (!spec.backward).then(|| k.output("row_loss", DType::F32));
        let row_z = (!spec.backward).then(|| k.output("row_z", DType::F32));
        let row_pred = (!spec.backward && spec.predict).then(|| k.output("row_pred", DType::I64));
        let n = k.scalar("n", DType::I32);
        let ignore = k.scalar("ignore_index", DType::I64);
        let ls = k.scalar("label_smoothing", DType::F32);
        let lss = k.scalar("lse_square_scale", DType::F32);
        let cap = k.scalar("softcap", DType::F32);
        let t = spec.tiling;
        let row = k.program_id(0);
        let r64 = row.cast(DType::I64);
        let base = r64 * n.cast(DType::I64);
        let y = target.load(r64).cast(DType::I64);
        let valid = y.not_equal(ignore);
        let nf = n.cast(DType::F32);
        let eps = ls / nf;
        let soft = |v: Tile| {
            if spec.softcap {
                (v / cap).tanh() * cap
            } else {
                v
            }
        };
        // Softcapped logits of a tile; lanes past V stay -inf (the cap would make them finite).
        let soft_row = |v: Tile, mask: Option<Tile>| match (spec.softcap, mask) {
            (true, Some(mk)) => select(mk, soft(v), f32::NEG_INFINITY),
            _ => soft(v),
        };
        let cols = k.arange(0, t.block as i64);
        let at = |start: Option<Tile>| -> (Tile, Tile, Option<Tile>) {
            let c = match start {
                Some(s) => cols + s,
                None => cols,
            };
            let mask = (!t.exact || start.is_some()).then(|| c.lt(n));
            let c64 = c.cast(DType::I64);
            (base + c64, c64, mask)
        };
        let load = |offs: Tile, mask: Option<Tile>| match mask {
            Some(m) => x.load_masked(offs, m, f32::NEG_INFINITY).cast(DType::F32),
            None => x.load(offs).cast(DType::F32),
        };
        let whole = (!t.looped).then(|| {
            let (offs, c64, mask) = at(None);
            (load(offs, mask), offs, c64, mask)
        });
        let tile = |start: Option<Tile>| match whole {
            Some(w) => w,
            None => {
                let (offs, c64, mask) = at(start);
                (load(offs, mask), offs, c64, mask)
            }
        };
        // max and sum(exp(z - max)) of the row, online when stepped; with `predict` also the
        // first index of the largest softcapped logit (masked lanes hold -inf; a later tile wins
        // only when strictly larger, so ties keep the first index).
        let (m, s, pred) = if t.looped {
            let m0 = k.constant(f32::NEG_INFINITY, DType::F32);
            let s0 = k.constant(0.0, DType::F32);
            let mut init = vec![m0, s0];
            if row_pred.is_some() {
                init.extend([m0, k.constant(0, DType::I32)]);
            }
            let r = k.for_range(0, n, t.block as i64, &init, |st, c| {
                let (v, _, _, mask) = tile(Some(st));
                let z = soft_row(v, mask);
                let m_new = c[0].maximum(z.max(0));
                let mut next = vec![
                    m_new,
                    c[1] * (c[0] - m_new).exp() + (z - m_new).exp().sum(0),
                ];
                if c.len() == 4 {
                    let (best, at) = (z.max(0), z.argmax(0) + st);
                    let better = best.gt(c[2]);
                    next.extend([select(better, best, c[2]), select(better, at, c[3])]);
                }
                next
            });
            (r[0], r[1], r.get(3).copied())
        } else {
            let (v, _, _, mask) = tile(None);
            let z = soft_row(v, mask);
            let m = z.max(0);
            let pred = row_pred.as_ref().map(|_| z.argmax(0));
            (m, (z - m).exp().sum(0), pred)
        };
        if let (Some(out), Some(p)) = (&row_pred, pred) {
            out.store(r64, select(valid, p.cast(DType::I64), -1i64));
        }
        let lse = m + s.log();
        let steps = |body: &dyn Fn(Option<Tile>)| {
            if t.looped {
                k.for_range(0, n, t.block as i64, &[], |st, _| {
                    body(Some(st));
                    Vec::new()
                });
            } else {
                body(None);
            }
        };
        if let (Some(dx), Some(scale)) = (&dx, &scale) {
            let sc = select(valid, scale.load(r64), 0.0);
            let coef = lss * lse * 2.0 + 1.0;
            steps(&|st| {
                let (v, offs, c64, mask) = tile(st);
                let z = soft(v);
                let p = (z - lse).exp();
                let hit = c64.equal(y).cast(DType::F32);
                let mut g = p * coef - eps - hit * (1.0 - ls);
                if spec.softcap {
                    let th = (v / cap).tanh();
                    g = g * (1.0 - th * th);
                }
                let g = (g * sc).cast(spec.grad);
                match mask {
                    Some(mk) => dx.store_masked(offs, g, mk),
                    None => dx.store(offs, g),
                }
            });
            return;
        }
        // sum(z) over real columns (masked lanes hold -inf before the softcap: zero them).
        let sum_z = if t.looped {
            let z0 = k.constant(0.0, DType::F32);
            k.for_range(0, n, t.block as i64, &[z0], |st, c| {
                let (v, _, _, mask) = tile(Some(st));
                let z = soft(v);
                let z = match mask {
                    Some(mk) => select(mk, z, 0.0),
                    None => z,
                };
                vec![c[0] + z.sum(0)]
            })[0]
        } else {
            let (v, _, _, mask) = tile(None);
            let z = soft(v);
            match mask {
                Some(mk) => select(mk, z, 0.0).sum(0),
                None => z.sum(0),
            }
        };
        // The target's logit, read directly (masked off for ignored rows).
        let zy = soft(x.load_masked(base + y, valid, 0.0).cast(DType::F32));
        let zl = lss * lse * lse;
        let loss = (1.0 - ls) * (lse - zy) + ls * lse - eps * sum_z + zl;
        if let (Some(rl), Some(rz)) = (&row_loss, &row_z) {
            rl.store(r64, select(valid, loss, 0.0));
            rz.store(r64, select(valid, zl, 0.0));
        }
    })
}

/// `reduction` of the forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    None,
    Sum,
    Mean,
}

struct Checked {
    rows: usize,
    v: usize,
    row_shape: Vec<usize>,
    n_valid: usize,
    /// The targets, read to the host once for validation and reused for token accuracy.
    ids: Vec<i64>,
}

fn validate(entry: &str, x: &Tensor, target: &Tensor, o: &CeOptions) -> Result<Checked, OpError> {
    if !x.dtype().is_float() {
        return Err(bad(
            entry,
            "logits",
            format!("dtype {} is not allowed; use f32, f16 or bf16", x.dtype()),
        ));
    }
    let Some((rows, v)) = x.rows_cols() else {
        return Err(bad(entry, "logits", "must have at least one axis".into()));
    };
    if v == 0 || v > crate::norms::MAX_COLS || rows > i32::MAX as usize {
        return Err(bad(
            entry,
            "logits",
            format!(
                "{rows} rows of {v} classes; allowed: 1 to {} classes",
                crate::norms::MAX_COLS
            ),
        ));
    }
    if !target.dtype().is_int() {
        return Err(bad(
            entry,
            "target",
            format!(
                "dtype {} is not allowed; use int32 or int64",
                target.dtype()
            ),
        ));
    }
    let row_shape = x.shape[..x.shape.len() - 1].to_vec();
    if target.shape != row_shape {
        return Err(bad(
            entry,
            "target",
            format!(
                "shape {:?} must be the logits' rows {:?}",
                target.shape, row_shape
            ),
        ));
    }
    if !(0.0..=1.0).contains(&o.label_smoothing) {
        return Err(OpError::BadParam {
            entry: entry.into(),
            name: "label_smoothing".into(),
            value: o.label_smoothing.to_string(),
            message: "is out of range".into(),
            allowed: "0 to 1".into(),
        });
    }
    if !o.z_loss.is_finite() || o.softcap.is_some_and(|c| !(c > 0.0 && c.is_finite())) {
        return Err(OpError::BadParam {
            entry: entry.into(),
            name: "lse_square_scale/softcap".into(),
            value: format!("{} / {:?}", o.z_loss, o.softcap),
            message: "must be finite (softcap positive)".into(),
            allowed: "finite numbers; softcap 0 (off) or positive".into(),
        });
    }
    let ids = target.buffer.to_i64()?;
    let mut n_valid = 0;
    for (i, y) in ids.iter().enumerate() {
        if *y == o.ignore_index {
            continue;
        }
        if *y < 0 || *y >= v as i64 {
            return Err(bad(
                entry,
                "target",
                format!(
                    "row {i}: class {y} is outside 0..{v} and is not ignore_index {}",
                    o.ignore_index
                ),
            ));
        }
        n_valid += 1;
    }
    Ok(Checked {
        rows,
        v,
        row_shape,
        n_valid,
        ids,
    })
}

fn spec_for(
    device: &Device,
    x: &Tensor,
    target: &Tensor,
    backward: bool,
    grad: DType,
    o: &CeOptions,
    v: usize,
) -> CeSpec {
    CeSpec {
        backward,
        x: x.dtype(),
        target: target.dtype(),
        grad,
        softcap: o.softcap.is_some(),
        predict: false,
        tiling: Tiling::for_device(device, v),
    }
}

fn scalars(args: &mut Vec<Arg<'_>>, v: usize, o: &CeOptions) {
    args.push(Arg::I32(v as i32));
    args.push(Arg::I64(o.ignore_index));
    args.push(Arg::F32(o.label_smoothing as f32));
    args.push(Arg::F32(o.z_loss as f32));
    args.push(Arg::F32(o.softcap.unwrap_or(1.0) as f32));
}

/// The forward: `(loss, z_loss)` reduced as asked.
pub fn forward(
    device: &Device,
    x: &Tensor,
    target: &Tensor,
    o: &CeOptions,
    reduction: Reduction,
) -> Result<(Tensor, Tensor), OpError> {
    let f = forward_with(device, x, target, o, reduction, false)?;
    Ok((f.loss, f.z_loss))
}

/// What [`forward_with`] returns.
#[derive(Debug)]
pub struct CeForward {
    pub loss: Tensor,
    pub z_loss: Tensor,
    /// With token statistics: each row's predicted class (int64, the logits' row shape; the
    /// first index of the largest softcapped logit; -1 on ignored rows).
    pub predicted: Option<Tensor>,
    /// With token statistics, f32: under `none` per row (1 when predicted right, 0 otherwise
    /// and on ignored rows); else the share of non-ignored rows predicted right (0 when every
    /// row is ignored).
    pub accuracy: Option<Tensor>,
}

/// The forward, with token statistics (`predicted`, `accuracy`) when `token_stats`.
pub fn forward_with(
    device: &Device,
    x: &Tensor,
    target: &Tensor,
    o: &CeOptions,
    reduction: Reduction,
    token_stats: bool,
) -> Result<CeForward, OpError> {
    let c = validate("cross_entropy.forward", x, target, o)?;
    let mut rl = device.zeros(DType::F32, c.rows)?;
    let mut rz = device.zeros(DType::F32, c.rows)?;
    let mut pred = token_stats
        .then(|| device.zeros(DType::I64, c.rows))
        .transpose()?;
    if c.rows > 0 {
        let mut spec = spec_for(device, x, target, false, DType::F32, o, c.v);
        spec.predict = token_stats;
        let k = device.kernel("cross_entropy_fwd", &spec, || kernel(&spec))?;
        let mut args = vec![
            Arg::In(&x.buffer),
            Arg::In(&target.buffer),
            Arg::Out(&mut rl),
            Arg::Out(&mut rz),
        ];
        if let Some(p) = pred.as_mut() {
            args.push(Arg::Out(p));
        }
        scalars(&mut args, c.v, o);
        device.launch(&k, [c.rows as u32, 1, 1], &mut args)?;
    }
    let (predicted, accuracy) = match pred {
        None => (None, None),
        Some(p) => {
            // Ignored rows predict -1, which is never a valid target.
            let hit: Vec<f32> = p
                .to_i64()?
                .iter()
                .zip(&c.ids)
                .map(|(p, y)| f32::from(u8::from(*y != o.ignore_index && p == y)))
                .collect();
            let acc = match reduction {
                Reduction::None => Tensor::from_f32(DType::F32, &c.row_shape, &hit)?,
                _ => {
                    let hits: f64 = hit.iter().map(|h| *h as f64).sum();
                    let share = if c.n_valid == 0 {
                        0.0
                    } else {
                        hits / c.n_valid as f64
                    };
                    Tensor::from_f32(DType::F32, &[], &[share as f32])?
                }
            };
            let acc = device.to_device(&acc)?;
            (Some(Tensor::new(p, c.row_shape.clone())?), Some(acc))
        }
    };
    let reduce = |b: Buffer| -> Result<Tensor, OpError> {
        match reduction {
            Reduction::None => Ok(Tensor::new(b, c.row_shape.clone())?),
            Reduction::Sum | Reduction::Mean => {
                let total: f64 = b.to_f32()?.iter().map(|v| *v as f64).sum();
                let value = match (reduction, c.n_valid) {
                    (Reduction::Mean, 0) => 0.0,
                    (Reduction::Mean, nv) => total / nv as f64,
                    _ => total,
                };
                Ok(device.to_device(&Tensor::from_f32(DType::F32, &[], &[value as f32])?)?)
            }
        }
    };
    Ok(CeForward {
        loss: reduce(rl)?,
        z_loss: reduce(rz)?,
        predicted,
        accuracy,
    })
}

/// The backward: `dlogits` for the cotangent `dloss` of the reduced loss.
pub fn backward(
    device: &Device,
    x: &Tensor,
    target: &Tensor,
    dloss: &Tensor,
    o: &CeOptions,
    reduction: Reduction,
    f32_grads: bool,
) -> Result<Tensor, OpError> {
    let entry = "cross_entropy.backward";
    let c = validate(entry, x, target, o)?;
    let d = dloss
        .buffer
        .to_f32()
        .map_err(|_| bad(entry, "dloss", "must be a float tensor".into()))?;
    let scale: Vec<f32> = match reduction {
        Reduction::None if dloss.shape == c.row_shape => d,
        Reduction::Sum | Reduction::Mean if dloss.numel() == 1 => {
            let s = if reduction == Reduction::Mean && c.n_valid > 0 {
                d[0] / c.n_valid as f32
            } else {
                d[0]
            };
            vec![s; c.rows]
        }
        _ => {
            return Err(bad(
                entry,
                "dloss",
                format!(
                    "shape {:?} does not fit reduction {reduction:?} (rows {:?})",
                    dloss.shape, c.row_shape
                ),
            ))
        }
    };
    let grad = if f32_grads { DType::F32 } else { x.dtype() };
    let mut dx = device.tensor_zeros(grad, &x.shape)?;
    if c.rows == 0 {
        return Ok(dx);
    }
    let scale = device.upload(&Buffer::from_f32(DType::F32, &scale)?)?;
    let spec = spec_for(device, x, target, true, grad, o, c.v);
    let k = device.kernel("cross_entropy_bwd", &spec, || kernel(&spec))?;
    let mut args = vec![
        Arg::In(&x.buffer),
        Arg::In(&target.buffer),
        Arg::In(&scale),
        Arg::Out(&mut dx.buffer),
    ];
    scalars(&mut args, c.v, o);
    device.launch(&k, [c.rows as u32, 1, 1], &mut args)?;
    Ok(dx)
}

fn options(p: &Params) -> Result<(CeOptions, Reduction), OpError> {
    let ignore = p
        .text("ignore_index")
        .trim()
        .parse::<i64>()
        .map_err(|_| OpError::BadParam {
            entry: "cross_entropy".into(),
            name: "ignore_index".into(),
            value: p.text("ignore_index"),
            message: "is not an integer".into(),
            allowed: "an integer".into(),
        })?;
    let cap = p.f32("softcap")? as f64;
    let red = match p.choice("reduction", &["mean", "sum", "none"])?.as_str() {
        "sum" => Reduction::Sum,
        "none" => Reduction::None,
        _ => Reduction::Mean,
    };
    Ok((
        CeOptions {
            ignore_index: ignore,
            label_smoothing: p.f32("label_smoothing")? as f64,
            z_loss: p.f32("lse_square_scale")? as f64,
            softcap: (cap != 0.0).then_some(cap),
        },
        red,
    ))
}

const LOGITS: Port = Port {
    name: "logits",
    shape: PortShape::LikeX,
    optional: false,
    doc: "[..., V] f32/f16/bf16",
};
const TARGET: Port = Port {
    name: "target",
    shape: PortShape::Classes,
    optional: false,
    doc: "class per row, int32/int64",
};
const PARAMS: [ParamDef; 5] = [
    ParamDef {
        name: "ignore_index",
        default: "-100",
        allowed: "an integer",
        doc: "rows with this target are ignored",
    },
    ParamDef {
        name: "label_smoothing",
        default: "0",
        allowed: "0 to 1",
        doc: "uniform smoothing",
    },
    ParamDef {
        name: "lse_square_scale",
        default: "0",
        allowed: "a finite number",
        doc: "z-loss weight (added into the loss)",
    },
    ParamDef {
        name: "softcap",
        default: "0",
        allowed: "0 (off) or positive",
        doc: "softcap * tanh(x / softcap)",
    },
    ParamDef {
        name: "reduction",
        default: "mean",
        allowed: "mean, sum, none",
        doc: "over rows",
    },
];
const FWD_PARAMS: [ParamDef; 6] = [
    PARAMS[0],
    PARAMS[1],
    PARAMS[2],
    PARAMS[3],
    PARAMS[4],
    ParamDef {
        name: "token_stats",
        default: "false",
        allowed: "false, true",
        doc: "also return predicted tokens and token accuracy",
    },
];
const BWD_PARAMS: [ParamDef; 6] = [
    PARAMS[0],
    PARAMS[1],
    PARAMS[2],
    PARAMS[3],
    PARAMS[4],
    ParamDef {
        name: "grad_dtype",
        default: "storage",
        allowed: "storage, f32",
        doc: "dtype of dlogits",
    },
];

/// Cross-entropy entries.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "cross_entropy.forward",
        op: "cross_entropy",
        inputs: &[LOGITS, TARGET],
        outputs: &[
            Port {
                name: "loss",
                shape: PortShape::LossCotangent,
                optional: false,
                doc: "f32; [...] under none, scalar otherwise",
            },
            Port {
                name: "z_loss",
                shape: PortShape::LossCotangent,
                optional: false,
                doc: "lse_square_scale * lse^2, reduced likewise",
            },
            Port {
                name: "predicted",
                shape: PortShape::Rows,
                optional: true,
                doc: "int64 argmax class per row (token_stats=true)",
            },
            Port {
                name: "accuracy",
                shape: PortShape::LossCotangent,
                optional: true,
                doc: "f32 share of non-ignored rows predicted right; per row under none",
            },
        ],
        params: &FWD_PARAMS,
        run: |d, t, p, o| {
            let e = "cross_entropy.forward";
            let (opts, red) = options(p)?;
            let stats = p.choice("token_stats", &["false", "true"])? == "true";
            let (x, y) = (input(e, t, "logits")?, input(e, t, "target")?);
            let f = forward_with(d, x, y, &opts, red, stats)?;
            o.insert("loss".into(), f.loss);
            o.insert("z_loss".into(), f.z_loss);
            for (name, v) in [("predicted", f.predicted), ("accuracy", f.accuracy)] {
                if let Some(v) = v {
                    o.insert(name.into(), v);
                }
            }
            Ok(())
        },
    },
    EntryPoint {
        name: "cross_entropy.backward",
        op: "cross_entropy",
        inputs: &[
            LOGITS,
            TARGET,
            Port {
                name: "dloss",
                shape: PortShape::LossCotangent,
                optional: false,
                doc: "cotangent of loss (scalar unless none)",
            },
        ],
        outputs: &[Port {
            name: "dlogits",
            shape: PortShape::LikeX,
            optional: false,
            doc: "gradient of the logits",
        }],
        params: &BWD_PARAMS,
        run: |d, t, p, o| {
            let e = "cross_entropy.backward";
            let (opts, red) = options(p)?;
            let f32_grads = p.choice("grad_dtype", &["storage", "f32"])? == "f32";
            let dx = backward(
                d,
                input(e, t, "logits")?,
                input(e, t, "target")?,
                input(e, t, "dloss")?,
                &opts,
                red,
                f32_grads,
            )?;
            o.insert("dlogits".into(), dx);
            Ok(())
        },
    },
];
