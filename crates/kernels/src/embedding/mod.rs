//! Embedding: gather rows of a table, and the deterministic backward that accumulates repeated
//! indices.
//!
//! # Contract
//!
//! `embedding.forward(weight [V, D], indices [...]) -> out [..., D]`: `out[i] = weight[idx[i]]`
//! in the weight's dtype; with `padding_idx` set, rows whose index is `padding_idx` are zeros (as
//! Liger's module does). `embedding.backward(weight, indices, dout [..., D]) -> dweight [V, D]`
//! (FP32): `dweight[v] = sum of dout[i] over i with idx[i] = v`, in increasing `i`, skipping
//! `padding_idx`. No float atomics: the host orders the positions by index (a stable counting
//! sort), and one program per table row sums its positions in that order, so results repeat
//! exactly (unlike Liger's atomics). Indices are int32/int64 in `0..V`, else a typed error where
//! the host reads them: host memory, and every backward (its order is built on the host). The
//! forward does not read indices in device memory on the host, which would wait for the device
//! at every call: its kernel reads no table row outside `0..V` and writes NaN over the output row
//! of an index outside it (a `padding_idx` row stays zeros). The indices get no gradient. Weight
//! f32/f16/bf16.

pub mod check;

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, LangError};
use metile_runtime::{Arg, Buffer, Device, Tensor};

use crate::gather::guarded_index;
use crate::host::{bad, cpu_tile_cap, fit_written, float_dtype, row_block, tile_rows};
use crate::registry::{input, port, EntryPoint, OpError, ParamDef, Params, Port, PortShape};

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EmbSpec {
    pub backward: bool,
    pub weight: DType,
    pub index: DType,
    pub dout: DType,
    pub block: usize,
    /// Positions per forward program (see [`crate::host::tile_rows`]); 1 for the backward.
    pub rows: usize,
    /// Forward: the kernel guards the table against indices outside it (NaN rows), for indices
    /// the host did not read; without it the host has checked them (the guard cost the CPU's
    /// forward a quarter of its time, 8192x4096 f32: 159 -> 199 ms).
    pub guarded: bool,
}

/// Forward: `spec.rows` indices per program as one `[rows, block]` tile (the gathered table rows
/// a `[rows, 1]` column), parameters `weight, indices, out, d, padding, n, v` (`n` indices, `v`
/// table rows; the last program's rows from `n` on touch no memory; under `spec.guarded` an
/// index outside `0..v` that is not `padding` reads row 0 and writes a NaN row). Backward: one
/// program per table row, parameters `dout, order, starts, dweight, d`.
pub fn kernel(spec: &EmbSpec) -> Result<Verified, LangError> {
    trace(
        if spec.backward {
            "embedding_bwd"
        } else {
            "embedding_fwd"
        },
        |k| {
            let cols = k.arange(0, spec.block as i64);
            if spec.backward {
                let dout = k.input("dout", spec.dout);
                let order = k.input("order", DType::I32);
                let starts = k.input("starts", DType::I32);
                let dw = k.output("dweight", DType::F32);
                let d = k.scalar("d", DType::I32);
                let v = k.program_id(0);
                let mask = cols.lt(d);
                let d64 = d.cast(DType::I64);
                let c64 = cols.cast(DType::I64);
                let lo = starts.load(v.cast(DType::I64));
                let hi = starts.load((v + 1).cast(DType::I64));
                let zero = k.zeros([spec.block], DType::F32);
                let acc = k.for_range(lo, hi, 1, &[zero], |j, acc| {
                    let pos = order.load(j.cast(DType::I64)).cast(DType::I64);
                    vec![
                        acc[0]
                            + dout
                                .load_masked(pos * d64 + c64, mask, 0.0)
                                .cast(DType::F32),
                    ]
                });
                dw.store_masked(v.cast(DType::I64) * d64 + c64, acc[0], mask);
            } else {
                let w = k.input("weight", spec.weight);
                let idx = k.input("indices", spec.index);
                let out = k.output("out", spec.weight);
                let d = k.scalar("d", DType::I32);
                let padding = k.scalar("padding", DType::I64);
                let n = k.scalar("n", DType::I32).cast(DType::I64);
                let v = k.scalar("v", DType::I32);
                let tile_rows = spec.rows as i64;
                // [rows, 1]: this program's positions and the table rows they gather.
                let i = (k.program_id(0).cast(DType::I64) * tile_rows
                    + k.arange(0, tile_rows).cast(DType::I64))
                .expand_dims(1);
                let live = i.lt(n);
                let row = idx.load_masked(i, live, 0).cast(DType::I64);
                let d64 = d.cast(DType::I64);
                let c64 = cols.cast(DType::I64).expand_dims(0);
                let mask = cols.lt(d).expand_dims(0) & live;
                let keep = row.not_equal(padding);
                // An unknown index reads row 0 and writes NaN; padding stays zeros.
                let (at, known) = guarded_index(row, v, spec.guarded);
                let vals = w.load_masked(at * d64 + c64, mask & keep, 0.0);
                let vals = match known {
                    Some(kn) => select(kn, vals, select(keep, f32::NAN, vals)),
                    None => vals,
                };
                out.store_masked(i * d64 + c64, vals, mask);
            }
        },
    )
}

struct Checked {
    v: usize,
    d: usize,
    /// Indices (`indices.numel()`).
    n: usize,
    /// The indices, range-checked, when read on the host (see [`validate`]).
    ids: Option<Vec<i64>>,
}

/// Checks the table and the indices' dtype; reads the indices (and checks each is in `0..V`)
/// when they are in host memory or `read` asks (the backward's order needs them).
fn validate(
    entry: &str,
    weight: &Tensor,
    indices: &Tensor,
    read: bool,
) -> Result<Checked, OpError> {
    float_dtype(entry, "weight", weight)?;
    if weight.shape.len() != 2 || weight.shape[1] == 0 || weight.shape[1] > 1 << 16 {
        return Err(bad(
            entry,
            "weight",
            format!(
                "shape {:?} must be [V, D] with 1 <= D <= 65536",
                weight.shape
            ),
        ));
    }
    if !indices.dtype().is_int() {
        return Err(bad(
            entry,
            "indices",
            format!(
                "dtype {} is not allowed; use int32 or int64",
                indices.dtype()
            ),
        ));
    }
    let (v, d, n) = (weight.shape[0], weight.shape[1], indices.numel());
    if n > i32::MAX as usize || v > i32::MAX as usize - 1 {
        return Err(bad(
            entry,
            "indices",
            "too many indices or table rows".into(),
        ));
    }
    // No row for any index (nothing for the forward kernel's guard to read instead).
    if v == 0 && n > 0 {
        return Err(bad(
            entry,
            "indices",
            format!("{n} indices into a table of no rows"),
        ));
    }
    let ids = match read || indices.buffer.is_host() {
        false => None,
        true => {
            let ids = indices.buffer.to_i64()?;
            if let Some((i, x)) = ids
                .iter()
                .enumerate()
                .find(|(_, x)| **x < 0 || **x >= v as i64)
            {
                return Err(bad(
                    entry,
                    "indices",
                    format!("position {i}: index {x} is outside 0..{v}"),
                ));
            }
            Some(ids)
        }
    };
    Ok(Checked { v, d, n, ids })
}

/// The forward.
pub fn forward(
    device: &Device,
    weight: &Tensor,
    indices: &Tensor,
    padding: Option<i64>,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let c = validate("embedding.forward", weight, indices, false)?;
    let mut shape = indices.shape.clone();
    shape.push(c.d);
    let mut out = fit_written(device, prev, weight.dtype(), &shape)?;
    launch_forward(device, weight, indices, padding, &c, &mut out)?;
    Ok(out)
}

/// The forward's launch over checked inputs (the indices' range is the kernel's guard when the
/// host did not read them).
fn launch_forward(
    device: &Device,
    weight: &Tensor,
    indices: &Tensor,
    padding: Option<i64>,
    c: &Checked,
    out: &mut Tensor,
) -> Result<(), OpError> {
    if c.n == 0 {
        return Ok(());
    }
    let block = row_block(device, c.d);
    let spec = EmbSpec {
        backward: false,
        weight: weight.dtype(),
        index: indices.dtype(),
        dout: weight.dtype(),
        block,
        rows: cpu_tile_cap(device, tile_rows(block), c.n),
        guarded: c.ids.is_none(),
    };
    let k = device.kernel("embedding_fwd", &spec, || kernel(&spec))?;
    let mut args = [
        Arg::In(&weight.buffer),
        Arg::In(&indices.buffer),
        Arg::Out(&mut out.buffer),
        Arg::I32(c.d as i32),
        // No padding: an id no index can match (the kernel's indices are int32 or int64, and
        // i64::MIN is outside every table).
        Arg::I64(padding.unwrap_or(i64::MIN)),
        Arg::I32(c.n as i32),
        Arg::I32(c.v as i32),
    ];
    let programs = c.n.div_ceil(spec.rows);
    device.launch(&k, [programs as u32, 1, 1], &mut args)?;
    Ok(())
}

/// The backward: `dweight` in FP32.
pub fn backward(
    device: &Device,
    weight: &Tensor,
    indices: &Tensor,
    dout: &Tensor,
    padding: Option<i64>,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let entry = "embedding.backward";
    let c = validate(entry, weight, indices, true)?;
    let ids = c.ids.as_deref().unwrap_or_default();
    let mut want = indices.shape.clone();
    want.push(c.d);
    float_dtype(entry, "dout", dout)?;
    if dout.shape != want {
        return Err(bad(
            entry,
            "dout",
            format!("shape {:?} must be {want:?}", dout.shape),
        ));
    }
    let mut dw = fit_written(device, prev, DType::F32, &weight.shape)?;
    // Stable counting sort of positions by index; padding positions are left out.
    let mut counts = vec![0i64; c.v + 1];
    for x in ids {
        if Some(*x) != padding {
            counts[*x as usize + 1] += 1;
        }
    }
    for i in 1..counts.len() {
        counts[i] += counts[i - 1];
    }
    let mut next = counts.clone();
    let mut order = vec![0i64; counts[c.v] as usize];
    for (i, x) in ids.iter().enumerate() {
        if Some(*x) != padding {
            order[next[*x as usize] as usize] = i as i64;
            next[*x as usize] += 1;
        }
    }
    if c.v == 0 {
        return Ok(dw);
    }
    if order.is_empty() {
        order.push(0);
    }
    let order = device.upload(&Buffer::from_i64(DType::I32, &order)?)?;
    let starts = device.upload(&Buffer::from_i64(DType::I32, &counts)?)?;
    let spec = EmbSpec {
        backward: true,
        weight: weight.dtype(),
        index: indices.dtype(),
        dout: dout.dtype(),
        block: row_block(device, c.d),
        rows: 1,
        guarded: false,
    };
    let k = device.kernel("embedding_bwd", &spec, || kernel(&spec))?;
    let mut args = [
        Arg::In(&dout.buffer),
        Arg::In(&order),
        Arg::In(&starts),
        Arg::Out(&mut dw.buffer),
        Arg::I32(c.d as i32),
    ];
    device.launch(&k, [c.v as u32, 1, 1], &mut args)?;
    Ok(dw)
}

fn padding(p: &Params) -> Result<Option<i64>, OpError> {
    let t = p.text("padding_idx");
    if t.trim() == "none" {
        return Ok(None);
    }
    t.trim().parse().map(Some).map_err(|_| OpError::BadParam {
        entry: "embedding".into(),
        name: "padding_idx".into(),
        value: t.clone(),
        message: "is not an integer".into(),
        allowed: "none or an index".into(),
    })
}

const WEIGHT: Port = port("weight", PortShape::LikeX, false, "[V, D] table");
const INDICES: Port = port("indices", PortShape::RowIds, false, "[...] ids in 0..V");
const PADDING: ParamDef = ParamDef {
    name: "padding_idx",
    default: "none",
    allowed: "none or an index",
    doc: "rows with this id are zero and get no gradient",
};

/// Embedding entries.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "embedding.forward",
        op: "embedding",
        inputs: &[WEIGHT, INDICES],
        outputs: &[port("out", PortShape::LikeX, false, "[..., D]")],
        params: &[PADDING],
        overwrites: &[],
        run: |d, t, p, o| {
            let e = "embedding.forward";
            let prev = o.remove("out");
            let r = forward(
                d,
                input(e, t, "weight")?,
                input(e, t, "indices")?,
                padding(p)?,
                prev,
            )?;
            o.insert("out".into(), r);
            Ok(())
        },
    },
    EntryPoint {
        name: "embedding.backward",
        op: "embedding",
        inputs: &[
            WEIGHT,
            INDICES,
            port("dout", PortShape::LikeX, false, "cotangent of out"),
        ],
        outputs: &[port("dweight", PortShape::LikeX, false, "[V, D] f32")],
        params: &[PADDING],
        overwrites: &[],
        run: |d, t, p, o| {
            let e = "embedding.backward";
            let prev = o.remove("dweight");
            let r = backward(
                d,
                input(e, t, "weight")?,
                input(e, t, "indices")?,
                input(e, t, "dout")?,
                padding(p)?,
                prev,
            )?;
            o.insert("dweight".into(), r);
            Ok(())
        },
    },
];
