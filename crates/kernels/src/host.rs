//! Host-side helpers every operator wrapper shares: typed input errors, dtype checks and output
//! allocation on the operator's device.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use crate::registry::OpError;

/// The tuning variables' values as first read, by name (`None`: unset): the environment is read
/// once per variable and process, not at every launch.
static TUNING_VARS: Mutex<BTreeMap<String, Option<String>>> = Mutex::new(BTreeMap::new());

fn tuning_vars() -> MutexGuard<'static, BTreeMap<String, Option<String>>> {
    // The map holds no invariant that a panic elsewhere could break.
    TUNING_VARS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A tuning override from the environment variable `name` (for sweeps): its value parsed as `T`
/// and accepted by `ok`; `None` when unset, unparsable or refused (the caller's default holds).
/// The variable is read at its first use in the process; a later change takes effect only after
/// [`reload_tuning_overrides`].
pub(crate) fn tuning_override<T: std::str::FromStr>(
    name: &str,
    ok: impl Fn(&T) -> bool,
) -> Option<T> {
    tuning_var(name)
        .and_then(|v| v.trim().parse::<T>().ok())
        .filter(ok)
}

/// The value of the tuning variable `name` as first read in the process (`None`: unset), for
/// callers that refuse a bad value themselves; see [`tuning_override`].
pub(crate) fn tuning_var(name: &str) -> Option<String> {
    let mut vars = tuning_vars();
    if !vars.contains_key(name) {
        vars.insert(name.to_owned(), std::env::var(name).ok());
    }
    vars[name].clone()
}

/// An on/off tuning switch from the environment variable `name`: `1` on, `0` off, unset (or
/// anything else) `default`; read as [`tuning_override`] reads it.
pub(crate) fn tuning_switch(name: &str, default: bool) -> bool {
    tuning_override(name, |&v: &u8| v <= 1).map_or(default, |v| v == 1)
}

/// Forgets the tuning variables read so far (`METILE_ROPE_TOKEN_MAJOR`, `METILE_CE_PIPELINE`,
/// `METILE_NORM_BWD_PREFETCH16` and the other launch overrides), so that each is read from the
/// environment again at its next use: for a test or sweep that changes one within a process.
/// Kernels already compiled are not affected: `Device::kernel` caches them by name and spec, so
/// the emitter's own variables (`METILE_CUDA_THREADS`, `METILE_CUDA_MIN_PROGRAMS`) apply only to
/// kernels compiled afterwards.
pub fn reload_tuning_overrides() {
    tuning_vars().clear();
}

/// Tile width for a kernel that holds a whole row of `cols` in one tile: exactly `cols` on the
/// CPU (no masked tail), the next power of two on a GPU (tiles map onto threads).
pub fn row_block(device: &Device, cols: usize) -> usize {
    if device.is_cpu() {
        cols
    } else {
        cols.next_power_of_two()
    }
}

/// `tile` capped, on the CPU, at the `live` elements (or rows) a launch has, rounded up to a power
/// of two: the CPU executor computes every element of a tile, masked or not, so a small call
/// with a full-size tile spends its time on masked-out elements (RoPE over 1x5x8x16: 45 ->
/// 11 us). A GPU keeps `tile`: its programs run the tile's lanes side by side, and each size is
/// a compile.
pub fn cpu_tile_cap(device: &Device, tile: usize, live: usize) -> usize {
    match device.is_cpu() {
        true => tile.min(live.next_power_of_two()),
        false => tile,
    }
}

/// Rows per program for a kernel that holds `rows` whole rows of `block` columns in one
/// `[rows, block]` tile: enough rows for ~4096 elements. One program per short row leaves a GPU
/// bound by block scheduling and the CPU executor by per-op dispatch (measured: RoPE over
/// 65536 x 128 runs ~2-4x faster on the CPU with 32 rows per program than with 1).
pub fn tile_rows(block: usize) -> usize {
    (4096 / block.max(1)).max(1)
}

/// Launch grids index rows with i32: more than `i32::MAX` rows of input `name` is a typed error.
pub fn rows_fit(entry: &str, name: &str, rows: usize) -> Result<(), OpError> {
    if rows > i32::MAX as usize {
        return Err(bad(
            entry,
            name,
            format!("{rows} rows; at most {}", i32::MAX),
        ));
    }
    Ok(())
}

/// Input `name` of `entry` must have `dt`, the dtype of input `of`.
pub fn same_dtype(entry: &str, name: &str, t: &Tensor, dt: DType, of: &str) -> Result<(), OpError> {
    if t.dtype() != dt {
        return Err(bad(
            entry,
            name,
            format!("dtype {} must match {of}'s {dt}", t.dtype()),
        ));
    }
    Ok(())
}

/// `OpError::BadInput` for input `name` of `entry`.
pub fn bad(entry: &str, name: &str, message: String) -> OpError {
    OpError::BadInput {
        entry: entry.into(),
        name: name.into(),
        message,
    }
}

/// The dtype of `t` if it is a float storage dtype, else a typed error naming what is allowed.
pub fn float_dtype(entry: &str, name: &str, t: &Tensor) -> Result<DType, OpError> {
    let d = t.dtype();
    if d.is_float() {
        Ok(d)
    } else {
        Err(bad(
            entry,
            name,
            format!("dtype {d} is not allowed; use f32, f16 or bf16"),
        ))
    }
}

/// `t` where `device` can read it: itself when it lives there, else a copy on the device.
pub(crate) fn here<'a>(
    device: &Device,
    t: &'a Tensor,
) -> Result<std::borrow::Cow<'a, Tensor>, OpError> {
    if t.buffer.device_name() == device.label() {
        Ok(std::borrow::Cow::Borrowed(t))
    } else {
        Ok(std::borrow::Cow::Owned(device.to_device(t)?))
    }
}

/// `prev` when it has `dtype` and `shape` and lives on `device` (outputs are reused between
/// calls), else a fresh tensor there.
pub fn fit(
    device: &Device,
    prev: Option<Tensor>,
    dtype: DType,
    shape: &[usize],
) -> Result<Tensor, OpError> {
    reusable(device, prev, dtype, shape).map_or_else(|| Ok(device.tensor_zeros(dtype, shape)?), Ok)
}

/// [`fit`] for an output the kernel overwrites entirely (every element, every call: what the
/// operator's check proves with poisoned outputs): a new tensor is left unfilled
/// (`Device::tensor_unfilled`), so a GPU call does not first write the whole output with a
/// memset.
pub fn fit_written(
    device: &Device,
    prev: Option<Tensor>,
    dtype: DType,
    shape: &[usize],
) -> Result<Tensor, OpError> {
    reusable(device, prev, dtype, shape)
        .map_or_else(|| Ok(device.tensor_unfilled(dtype, shape)?), Ok)
}

/// A copy of `src` on `device`: written into `prev` when it fits, else a new tensor made by the
/// copy itself (`Device::upload`: no zero fill before it).
pub fn fit_copy(device: &Device, prev: Option<Tensor>, src: &Tensor) -> Result<Tensor, OpError> {
    match reusable(device, prev, src.dtype(), &src.shape) {
        Some(mut t) => {
            t.buffer.copy_from(&src.buffer)?;
            Ok(t)
        }
        None => Ok(Tensor::new(device.upload(&src.buffer)?, src.shape.clone())?),
    }
}

/// `prev` when it has `dtype` and `shape` and lives on `device`.
fn reusable(
    device: &Device,
    prev: Option<Tensor>,
    dtype: DType,
    shape: &[usize],
) -> Option<Tensor> {
    prev.filter(|t| {
        t.dtype() == dtype && t.shape == shape && t.buffer.device_name() == device.label()
    })
}

/// A row operator's FP32 parameter gradient of `len` elements over `rows` rows: `prev` when it
/// fits (the reduction then writes it whole), zeros when there are no rows (no reduction runs).
pub(crate) fn param_grad(
    device: &Device,
    rows: usize,
    prev: Option<Tensor>,
    len: usize,
) -> Result<Tensor, OpError> {
    param_grad_shaped(device, rows, prev, &[len])
}

/// [`param_grad`] of a parameter of shape `shape` (the modulated RMSNorm's `[S, N]` scale).
pub(crate) fn param_grad_shaped(
    device: &Device,
    rows: usize,
    prev: Option<Tensor>,
    shape: &[usize],
) -> Result<Tensor, OpError> {
    if rows == 0 {
        Ok(device.tensor_zeros(DType::F32, shape)?)
    } else {
        fit(device, prev, DType::F32, shape)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On the CPU a tile shrinks to the launch's elements (a power of two at least that many),
    /// never grows.
    #[test]
    fn cpu_tiles_shrink_to_small_launches() {
        let cpu = Device::cpu();
        assert_eq!(cpu_tile_cap(&cpu, 16384, 256), 256);
        assert_eq!(cpu_tile_cap(&cpu, 16384, 257), 512);
        assert_eq!(cpu_tile_cap(&cpu, 512, 40), 64);
        assert_eq!(cpu_tile_cap(&cpu, 64, 100_000), 64);
        assert_eq!(cpu_tile_cap(&cpu, 64, 1), 1);
    }

    /// `fit_copy` writes the source's values into the caller's tensor when it fits and into a
    /// new one otherwise; `fit_written` and `fit` reuse a fitting
    /// tensor as it is and allocate one of the asked dtype and shape otherwise.
    #[test]
    fn fits_reuse_what_fits_and_copies_copy() {
        let cpu = Device::cpu();
        let src = Tensor::from_f32(DType::F32, &[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
        let prev = Tensor::from_f32(DType::F32, &[2, 3], &[9.0; 6]).unwrap();
        let out = fit_copy(&cpu, Some(prev), &src).unwrap();
        assert_eq!(
            out.to_f32().unwrap(),
            src.to_f32().unwrap(),
            "written over the 9s"
        );
        // A misfit (shape) is not written into: a new tensor holds the copy.
        let small = Tensor::from_f32(DType::F32, &[3], &[9.0; 3]).unwrap();
        let out = fit_copy(&cpu, Some(small), &src).unwrap();
        assert_eq!(
            (out.shape.clone(), out.to_f32().unwrap()),
            (src.shape.clone(), src.to_f32().unwrap())
        );
        // Reuse keeps the values (fit_written does not clear); a misfit dtype gets a new tensor.
        let kept = fit_written(&cpu, Some(src.clone()), DType::F32, &[2, 3]).unwrap();
        assert_eq!(kept.to_f32().unwrap(), src.to_f32().unwrap());
        let fresh = fit(&cpu, Some(src.clone()), DType::BF16, &[2, 3]).unwrap();
        assert_eq!(
            (fresh.dtype(), fresh.to_f32().unwrap()),
            (DType::BF16, vec![0.0; 6])
        );
    }

    /// A tuning variable is read once: a change is seen only after `reload_tuning_overrides`,
    /// and a value `ok` refuses (or one that does not parse) is no override. The variable is
    /// this test's own, so no other test reads it.
    #[test]
    fn tuning_overrides_are_read_once_until_reloaded() {
        const VAR: &str = "METILE_TEST_TUNING_OVERRIDE_CACHE";
        let read = || tuning_override(VAR, |&v: &u32| v < 10);
        std::env::set_var(VAR, " 3 ");
        assert_eq!(read(), Some(3));
        std::env::set_var(VAR, "4");
        assert_eq!(read(), Some(3), "cached");
        reload_tuning_overrides();
        assert_eq!(read(), Some(4));
        std::env::set_var(VAR, "12");
        reload_tuning_overrides();
        assert_eq!(read(), None, "refused");
        std::env::set_var(VAR, "x");
        reload_tuning_overrides();
        assert_eq!(read(), None, "unparsable");
        std::env::remove_var(VAR);
        reload_tuning_overrides();
        assert_eq!(read(), None, "unset");
    }
}
