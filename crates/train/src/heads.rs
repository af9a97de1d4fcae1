//! Moves attention heads between the row layout of the projections and the head-major layout of
//! [`metile_kernels::attention`] and [`metile_kernels::rope`].
//!
//! `to_heads`: `x [B, T, H * D]` (rows of a linear layer's output) becomes `y [B, H, T, D]`;
//! `from_heads` is the inverse. A pure permutation (the backward of one is the other), in the
//! dtype of `x`. One program per `(block of BLOCK_T positions, head, batch)` moves a
//! `[BLOCK_T, D]` tile.

use metile_ir::{DType, Verified};
use metile_kernels::host::{bad, fit, row_block};
use metile_kernels::registry::OpError;
use metile_lang::{trace, LangError};
use metile_runtime::{Arg, Device, Tensor};

const BLOCK_T: usize = 32;

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeadsSpec {
    pub dtype: DType,
    /// Rows to head-major (`true`) or back.
    pub to_heads: bool,
    pub block_t: usize,
    pub block_d: usize,
}

pub const KERNEL: &str = "train_heads";

/// The permutation kernel. Parameters: `x, y, t, h, d` (i64).
pub fn kernel(spec: &HeadsSpec) -> Result<Verified, LangError> {
    trace(KERNEL, |k| {
        let x = k.input("x", spec.dtype);
        let y = k.output("y", spec.dtype);
        let [t, h, d] = ["t", "h", "d"].map(|n| k.scalar(n, DType::I64));
        let i64_ = |p| k.program_id(p).cast(DType::I64);
        let (tb, head, b) = (i64_(0), i64_(1), i64_(2));
        let pos = tb * spec.block_t as i64 + k.arange(0, spec.block_t as i64).cast(DType::I64);
        let cols = k.arange(0, spec.block_d as i64).cast(DType::I64);
        let mask = pos.lt(t).expand_dims(1) & cols.lt(d).expand_dims(0);
        let row_major = (((b * t + pos) * h + head) * d).expand_dims(1) + cols.expand_dims(0);
        let head_major = (((b * h + head) * t + pos) * d).expand_dims(1) + cols.expand_dims(0);
        let (src, dst) = if spec.to_heads {
            (row_major, head_major)
        } else {
            (head_major, row_major)
        };
        y.store_masked(dst, x.load_masked(src, mask, 0.0), mask);
    })
}

/// `[B, T, H * D]` (or `[B * T, H * D]` with `batch` given) to `[B, H, T, D]` (`to_heads`), or
/// `[B, H, T, D]` back to `[B * T, H * D]`.
pub fn permute(
    device: &Device,
    x: &Tensor,
    [b, t, h, d]: [usize; 4],
    to_heads: bool,
) -> Result<Tensor, OpError> {
    let entry = "train.heads";
    if x.numel() != b * t * h * d {
        return Err(bad(
            entry,
            "x",
            format!("shape {:?} does not hold [{b}, {t}, {h}, {d}]", x.shape),
        ));
    }
    let shape = if to_heads {
        vec![b, h, t, d]
    } else {
        vec![b * t, h * d]
    };
    let mut y = fit(device, None, x.dtype(), &shape)?;
    if x.numel() == 0 {
        return Ok(y);
    }
    let spec = HeadsSpec {
        dtype: x.dtype(),
        to_heads,
        block_t: BLOCK_T,
        block_d: row_block(device, d),
    };
    let kern = device.kernel(KERNEL, &spec, || kernel(&spec))?;
    let mut args = [
        Arg::In(&x.buffer),
        Arg::Out(&mut y.buffer),
        Arg::I64(t as i64),
        Arg::I64(h as i64),
        Arg::I64(d as i64),
    ];
    let grid = [t.div_ceil(BLOCK_T), h, b].map(|g| g as u32);
    device.launch(&kern, grid, &mut args)?;
    Ok(y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutes_both_ways_on_ragged_shapes() {
        let device = Device::cpu();
        for [b, t, h, d] in [[1, 1, 1, 1], [2, 37, 3, 5], [3, 65, 2, 16]] {
            let n = b * t * h * d;
            let values: Vec<f32> = (0..n).map(|i| i as f32).collect();
            let x = Tensor::from_f32(DType::F32, &[b * t, h * d], &values).expect("valid tensor");
            let y = permute(&device, &x, [b, t, h, d], true).expect("permute runs");
            let got = y.to_f32().expect("host tensor");
            for (bi, ti, hi, di) in (0..b).flat_map(|bi| {
                (0..t).flat_map(move |ti| {
                    (0..h).flat_map(move |hi| (0..d).map(move |di| (bi, ti, hi, di)))
                })
            }) {
                let src = ((bi * t + ti) * h + hi) * d + di;
                let dst = ((bi * h + hi) * t + ti) * d + di;
                assert_eq!(got[dst], values[src]);
            }
            let back = permute(&device, &y, [b, t, h, d], false).expect("permute runs");
            assert_eq!(back.to_f32().expect("host tensor"), values);
            assert_eq!(back.shape, vec![b * t, h * d]);
        }
    }
}
