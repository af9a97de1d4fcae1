//! `tiled_mlp`: the fused MLP's forward and backward in row shards (see the module doc of
//! [`super`]): only `x` is kept, each shard's intermediates are made and freed in turn, the
//! weight gradients are added shard after shard into the outputs.

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{
    backward_rows, check_cotangent, gate_up, gated, keep, packed, placeholder, prev_grads,
    project_down, split, validate, MlpGrads, MlpInputs, MlpOptions, Sums,
};
use crate::fused_linear_cross_entropy::{chunk_rows, copy};
use crate::host::fit_written;
use crate::registry::OpError;

/// What the `shards` parameter allows.
pub(super) const SHARDS_ALLOWED: &str = "auto, or an integer >= 1";

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
                allowed: SHARDS_ALLOWED.into(),
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
