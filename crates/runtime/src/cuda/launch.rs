//! Launches on a CUDA device: binds arguments by the kernel's ABI (`CudaSource::params`) and
//! queues the kernel on the calling thread's stream of the device.
//!
//! Arguments are checked as the CPU executor checks them (count, `Arg::In`/`Arg::Out` against the
//! parameter's access, buffer dtype, scalar kind) and, in addition, each buffer must live on this
//! device. Buffers bind as device pointers (null for an empty buffer; a borrowed buffer's
//! address as it was given); scalars by value: floats as
//! `float` (f16 and bf16 parameters too, after rounding to their dtype as the CPU executor
//! does), `int`, `long long`, and bool as `unsigned char`. The
//! grid is the program grid (program `(x, y, z)` is block `(x, y, z)`), checked against the
//! device's limits; the block is `CudaSource::threads` threads. The launch returns once queued,
//! on the stream of a stream scope open on this thread (`Device::with_stream`), else on the
//! device's own. On sm_90 and later a kernel whose source waits for the grid before it
//! (`CudaSource::waits_for_prior_grid`: generated kernels that ask for it,
//! `Kernel::programmatic_launch`) is launched as a programmatic dependent of that grid
//! (`cuLaunchKernelEx` with programmatic stream serialization): its programs are scheduled while
//! that grid drains and wait on the device for it to finish (`METILE_CUDA_PDL=0` turns this
//! off).

use std::ffi::c_void;
use std::sync::Arc;

use cudarc::driver::sys::{
    cuLaunchKernelEx, CUlaunchAttribute, CUlaunchAttributeID, CUlaunchAttributeValue,
    CUlaunchConfig,
};
use metile_codegen::ParamAbi;
use metile_ir::{Access, DType, ParamKind};

use crate::buffer::Buffer;
use crate::cuda::memory::Words;
use crate::cuda::{cuda_error, CudaDevice};
use crate::device::{Arg, Compiled};
use crate::error::{Error, Result};

/// One argument checked against its parameter, borrowing the buffer it binds.
enum Bound<'b> {
    Read(&'b Words),
    Write(&'b mut Words),
    Null,
    Scalar(Value),
}

/// Launches `compiled` on `device` over `grid` with `args` in parameter order.
pub(crate) fn launch(
    device: &Arc<CudaDevice>,
    compiled: &Compiled,
    grid: [u32; 3],
    args: &mut [Arg<'_>],
) -> Result<()> {
    let k = compiled.kernel.kernel();
    let label = device.label();
    let bad = |message: String| Error::Launch {
        kernel: k.name.clone(),
        message,
    };
    let Some(ck) = &compiled.cuda else {
        return Err(bad(format!(
            "it has no CUDA module (it was compiled for the cpu); get it from Device::kernel on \
             {label}"
        )));
    };
    if ck.ordinal != device.ordinal {
        return Err(bad(format!(
            "it was loaded on cuda:{}, not on {label}",
            ck.ordinal
        )));
    }
    if args.len() != k.params.len() {
        return Err(bad(format!(
            "{} arguments for {} parameters ({})",
            args.len(),
            k.params.len(),
            k.params
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    if ck.source.params.len() != k.params.len() {
        return Err(bad(format!(
            "its CUDA entry point takes {} parameters, the kernel has {}",
            ck.source.params.len(),
            k.params.len()
        )));
    }
    let mut bound = Vec::with_capacity(args.len());
    for ((p, abi), a) in k.params.iter().zip(&ck.source.params).zip(args.iter_mut()) {
        let b = match (&p.kind, abi) {
            (ParamKind::Scalar { dtype }, ParamAbi::Scalar { dtype: abi_dtype })
                if dtype == abi_dtype =>
            {
                Bound::Scalar(scalar(&p.name, *dtype, a).map_err(&bad)?)
            }
            (ParamKind::Buffer { dtype, access }, ParamAbi::Pointer { dtype: abi_dtype })
                if dtype == abi_dtype =>
            {
                let wrong_device = |buf: &Buffer| {
                    format!(
                        "buffer `{}` is on {}, the kernel runs on {label}; move it with \
                         Device::upload",
                        p.name,
                        buf.device_name()
                    )
                };
                match a {
                    Arg::In(buf) if *access == Access::Read => {
                        check_dtype(&p.name, *dtype, buf.dtype()).map_err(&bad)?;
                        let buf: &Buffer = buf;
                        match buf.cuda_storage() {
                            Some(c) if c.device.ordinal == device.ordinal => {
                                c.words.as_ref().map_or(Bound::Null, Bound::Read)
                            }
                            _ => return Err(bad(wrong_device(buf))),
                        }
                    }
                    Arg::Out(buf) if access.writes() => {
                        check_dtype(&p.name, *dtype, buf.dtype()).map_err(&bad)?;
                        let message = wrong_device(buf);
                        match buf.cuda_storage_mut() {
                            Some(c) if c.device.ordinal == device.ordinal => {
                                c.words.as_mut().map_or(Bound::Null, Bound::Write)
                            }
                            _ => return Err(bad(message)),
                        }
                    }
                    other => {
                        let want = if access.writes() {
                            "Arg::Out"
                        } else {
                            "Arg::In"
                        };
                        return Err(bad(format!(
                            "parameter `{}` is a {} buffer and takes {want}, got {}",
                            p.name,
                            access.name(),
                            other.describe()
                        )));
                    }
                }
            }
            (kind, abi) => {
                return Err(bad(format!(
                    "parameter `{}` is {kind:?} but the CUDA entry point takes {abi:?}",
                    p.name
                )))
            }
        };
        bound.push(b);
    }
    check_grid(grid, device.max_grid).map_err(&bad)?;
    let threads = ck.source.threads;
    if threads == 0 || threads > device.target.max_threads {
        return Err(bad(format!(
            "{threads} threads per program; {label} allows 1 to {}",
            device.target.max_threads
        )));
    }
    if grid.contains(&0) {
        return Ok(());
    }
    let stream = device.stream();
    let label_launch = || format!("launch of `{}`", k.name);
    stream
        .context()
        .bind_to_thread()
        .map_err(|e| cuda_error(&label, &label_launch(), e))?;
    // The values the entry point takes, in parameter order, and the guards that record each
    // owned buffer's use once the launch is queued (cudarc's event tracking: taking a pointer
    // makes the stream wait for the buffer's earlier writers, and readers too for a write).
    let mut values = Vec::with_capacity(bound.len());
    let mut guards = Vec::with_capacity(bound.len());
    for b in bound.iter_mut() {
        let v = match b {
            Bound::Read(w) => {
                let (ptr, guard) = w.read_ptr(&stream);
                guards.extend(guard);
                Value::Ptr(ptr)
            }
            Bound::Write(w) => {
                let (ptr, guard) = w.write_ptr(&stream);
                guards.extend(guard);
                Value::Ptr(ptr)
            }
            Bound::Null => Value::Ptr(0),
            Bound::Scalar(v) => *v,
        };
        values.push(v);
    }
    // Taking the pointers queued the waits for the buffers' earlier users; cudarc keeps a wait
    // that failed for later instead of returning it. Nothing is launched after one.
    stream.context().check_err().map_err(|e| {
        cuda_error(
            &label,
            &format!("{}: waiting for its buffers", label_launch()),
            e,
        )
    })?;
    let function = entry_for(ck, &values);
    // Pointers into `values`, which is not touched again until the launch is queued.
    let mut params: Vec<*mut c_void> = values.iter_mut().map(Value::as_param).collect();
    let mut dependent = CUlaunchAttribute {
        id: CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION,
        pad: [0; 4],
        value: CUlaunchAttributeValue {
            programmaticStreamSerializationAllowed: 1,
        },
    };
    let programmatic = device.programmatic_launch && ck.source.waits_for_prior_grid;
    let config = CUlaunchConfig {
        gridDimX: grid[0],
        gridDimY: grid[1],
        gridDimZ: grid[2],
        blockDimX: threads,
        blockDimY: 1,
        blockDimZ: 1,
        sharedMemBytes: 0,
        hStream: stream.cu_stream(),
        attrs: &mut dependent,
        numAttrs: u32::from(programmatic),
    };
    // SAFETY: `params` holds one pointer per parameter, in the order and of the C types the
    // entry point declares (`CudaSource::params`, checked against the kernel's parameters
    // above): device pointers of live buffers of the declared dtype on this device, or null for
    // an empty one, and scalars of the declared C types; `values` and `dependent` outlive the
    // call. The buffers stay borrowed (outputs exclusively) until the launch is queued, and
    // cudarc defers their frees until the stream is done with them (the guards record their
    // use below; borrowed memory: its keep-alive's contract, `Buffer::borrow_cuda`). A
    // programmatic dependent is only launched when its source waits for the prior grid before
    // touching memory (`CudaSource::waits_for_prior_grid`), so it sees that grid's writes as a
    // plain launch would. Staying inside each buffer is the generated kernel's contract.
    let queued = unsafe {
        cuLaunchKernelEx(
            &config,
            function.cu_function(),
            params.as_mut_ptr(),
            std::ptr::null_mut(),
        )
    }
    .result();
    drop(guards);
    queued.map_err(|e| cuda_error(&label, &label_launch(), e))?;
    Ok(())
}

/// The entry point for these argument values: the source's fast one when they meet its
/// conditions (`FastEntry::admits`; a null pointer, an empty buffer's, counts as aligned), else
/// the general one, which is correct for any.
fn entry_for<'k>(
    ck: &'k crate::cuda::CudaKernel,
    values: &[Value],
) -> &'k cudarc::driver::CudaFunction {
    let (Some(fast), Some(function)) = (&ck.source.fast, &ck.fast_function) else {
        return &ck.function;
    };
    let scalar = |i: usize| match values.get(i) {
        Some(Value::I32(v)) => i64::from(*v),
        Some(Value::I64(v)) => *v,
        // Not an integer: never a multiple of anything above 1 (the general entry).
        _ => 1,
    };
    let address = |i: usize| match values.get(i) {
        Some(Value::Ptr(p)) => *p,
        _ => 1,
    };
    if fast.admits(scalar, address) {
        function
    } else {
        &ck.function
    }
}

/// One argument's value, as the entry point's parameter takes it.
#[derive(Clone, Copy)]
enum Value {
    Ptr(u64),
    F32(f32),
    I32(i32),
    I64(i64),
    U8(u8),
}

impl Value {
    /// The address of the value, as the launch's parameter array takes it.
    fn as_param(&mut self) -> *mut c_void {
        match self {
            Value::Ptr(v) => (v as *mut u64).cast(),
            Value::F32(v) => (v as *mut f32).cast(),
            Value::I32(v) => (v as *mut i32).cast(),
            Value::I64(v) => (v as *mut i64).cast(),
            Value::U8(v) => (v as *mut u8).cast(),
        }
    }
}

/// Each axis within the device's limit (x < 2^31, y and z < 65536 on current GPUs).
fn check_grid(grid: [u32; 3], max: [u32; 3]) -> std::result::Result<(), String> {
    for (axis, (&g, &m)) in ["x", "y", "z"].iter().zip(grid.iter().zip(&max)) {
        if g > m {
            return Err(format!(
                "grid {grid:?}: {g} programs along {axis}, the device allows at most {m}"
            ));
        }
    }
    Ok(())
}

fn check_dtype(name: &str, want: DType, got: DType) -> std::result::Result<(), String> {
    if want != got {
        return Err(format!("buffer `{name}` must be {want}, got {got}"));
    }
    Ok(())
}

/// A scalar argument as the C type the entry point declares for `dtype`.
fn scalar(name: &str, dtype: DType, a: &Arg<'_>) -> std::result::Result<Value, String> {
    let v = match (dtype, a) {
        (DType::F32 | DType::F16 | DType::BF16, Arg::F32(v)) => {
            // Rounded to the parameter's dtype as the CPU executor rounds it, then passed as
            // `float`.
            Value::F32(metile_ir::eval::round_to(dtype, *v))
        }
        (DType::I32, Arg::I32(v)) => Value::I32(*v),
        (DType::I64, Arg::I64(v)) => Value::I64(*v),
        (DType::I64, Arg::I32(v)) => Value::I64(*v as i64),
        (DType::Bool, Arg::Bool(v)) => Value::U8(*v as u8),
        (_, other) => {
            return Err(format!(
                "scalar `{name}` is {dtype}, got {}",
                other.describe()
            ))
        }
    };
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_beyond_the_device_limits_are_refused() {
        let max = [(1 << 31) - 1, 65535, 65535];
        assert!(check_grid([(1 << 31) - 1, 65535, 65535], max).is_ok());
        let e = check_grid([1 << 31, 1, 1], max).unwrap_err();
        assert!(e.contains("along x"), "{e}");
        let e = check_grid([1, 1, 65536], max).unwrap_err();
        assert!(e.contains("65536 programs along z"), "{e}");
    }
}
