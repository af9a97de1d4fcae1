//! The CUDA target: devices, device memory, NVRTC compilation and launches through the driver
//! API (crate `cudarc`), with the CUDA libraries opened at run time.
//!
//! Nothing here links against CUDA, so the crate builds and its CPU tests run on machines without
//! it. `libcuda.so.1` (the driver) is opened when a CUDA device is first opened, `libnvrtc.so.*`
//! (the compiler) when CUDA source is first compiled, `libcublas.so` at the first `Device::gemm`
//! (see `blas`); each is searched for by cudarc under the
//! names `cudarc::get_lib_name_candidates` lists, through the dynamic loader (`LD_LIBRARY_PATH`).
//!
//! Failures are typed errors, never panics or aborts:
//! - a library that cannot be loaded is `Error::Device` ("no CUDA driver found (libcuda.so.1):
//!   ...", "no NVRTC found (libnvrtc.so): ..." or "no cuBLAS found (libcublas.so): ..."), checked before cudarc is asked for it, because
//!   cudarc panics when its loader finds no library;
//! - [`guarded`] is the one place that catches a panic out of cudarc (a library that loads but
//!   lacks a symbol the bindings expect, such as a driver older than the bindings), and turns it
//!   into the same `Error::Device`;
//! - driver result codes are `Error::Cuda` (`Error::OutOfMemory` for allocations), NVRTC errors
//!   `Error::Compile` with the log, cuBLAS statuses `Error::Blas`.
//!
//! One context (the device's primary context) and one stream per ordinal serve the whole process:
//! every `Device` handle for `cuda:N` shares them, so buffers and kernels of `cuda:N` can be used
//! with any handle, and copies and launches are ordered on that one stream. Launches are
//! asynchronous; downloads and `Device::synchronize` wait. The stream is a non-blocking stream
//! (no implicit ordering with the legacy default stream); `Device::cuda_stream_handle` gives its
//! raw handle so that a caller sharing memory with the library (another framework on the same
//! primary context) can order its own streams with it through events. Alternatively the caller
//! queues the library's work on its own stream (`Device::with_stream`, a thread-local scope;
//! see `stream` for the contract), with no events at all.
//!
//! Memory: buffers own pooled device memory, or borrow a caller's (`Buffer::borrow_cuda`, or a
//! `DeviceAllocator` inside `Device::with_allocator`); see `memory`.
//!
//! Refused here: launching a kernel whose buffers live elsewhere (an `Error::Launch` naming the
//! parameter) and grids beyond the device's limits. Bounds inside a kernel are the emitter's
//! contract; the CPU executor is where out-of-bounds accesses are checked.

mod blas;
mod compile;
mod graph;
mod launch;
mod memory;
mod scope;
mod stream;

use std::panic::AssertUnwindSafe;
use std::sync::{Arc, OnceLock};

use cudarc::driver::sys::CUdevice_attribute;
use cudarc::driver::{CudaContext, CudaStream, DriverError};
use metile_codegen::Target;

use crate::error::{Error, Result};

pub(crate) use blas::gemm;
pub(crate) use compile::load_kernel;
pub use compile::{
    compile_cuda_source, compile_cuda_source_cached, compile_stats, default_cache_dir, include_dir,
    nvrtc_version, ptxas_report, CompileStats, Cubin, CudaKernel, CACHE_ENV, NVRTC_FLAGS_ENV,
};
pub(crate) use graph::Captured;
pub(crate) use launch::launch;
pub(crate) use memory::{with_allocator, CudaBuffer, Usage};
pub use memory::{DeviceAllocator, KeepAlive};
pub(crate) use stream::with_stream;

/// One opened CUDA device: its primary context, the process's stream on it and what the
/// lowering needs to know about it.
#[derive(Debug)]
pub(crate) struct CudaDevice {
    pub(crate) ordinal: usize,
    /// The device's own stream, where its work is queued outside stream scopes (work goes to
    /// `CudaDevice::stream`; the pool allocates and frees here).
    pub(crate) own_stream: Arc<CudaStream>,
    /// The product name, e.g. "NVIDIA H200".
    pub(crate) product: String,
    pub(crate) sms: u32,
    pub(crate) target: Target,
    /// Most programs along each grid axis.
    pub(crate) max_grid: [u32; 3],
    /// The cuBLAS handle, made at the first product (or why it could not be).
    blas: OnceLock<Result<Arc<blas::BlasHandle>>>,
    /// Bytes held by this device's buffers.
    pub(crate) usage: Usage,
    /// Kernels that wait for the grid before them (`CudaSource::waits_for_prior_grid`) are
    /// launched as programmatic dependents of it: sm_90 and later, unless [`PDL_ENV`] is `0`.
    pub(crate) programmatic_launch: bool,
}

/// `METILE_CUDA_PDL=0` launches every kernel plainly (for A/B runs of programmatic dependent
/// launch); read once, where a device is opened.
pub const PDL_ENV: &str = "METILE_CUDA_PDL";

impl CudaDevice {
    /// Opens device `ordinal`: loads the driver, retains the primary context, creates a stream
    /// and reads the attributes.
    pub(crate) fn open(ordinal: usize) -> Result<CudaDevice> {
        let label = label(ordinal);
        library_present(&label, "libcuda.so.1", "cuda", || {
            // SAFETY: only tries to load and unload the library under each candidate name.
            unsafe { cudarc::driver::sys::is_culib_present() }
        })?;
        guarded(&label, "the CUDA driver (libcuda.so.1)", || {
            CudaDevice::open_loaded(ordinal)
        })
    }

    fn open_loaded(ordinal: usize) -> Result<CudaDevice> {
        let label = label(ordinal);
        let count = CudaContext::device_count().map_err(|e| Error::Device {
            device: label.clone(),
            message: format!(
                "the CUDA driver could not be initialised: {}",
                driver_message(&e)
            ),
        })?;
        if ordinal >= count.max(0) as usize {
            return Err(Error::Device {
                device: label,
                message: format!("no such device: the driver reports {count} CUDA device(s)"),
            });
        }
        let ctx = CudaContext::new(ordinal).map_err(|e| cuda_error(&label, "open context", e))?;
        let stream = ctx
            .new_stream()
            .map_err(|e| cuda_error(&label, "create stream", e))?;
        if ctx.has_async_alloc() {
            keep_freed_memory(&ctx);
        }
        let attr = |a: CUdevice_attribute, what: &str| -> Result<u32> {
            let v = ctx
                .attribute(a)
                .map_err(|e| cuda_error(&label, &format!("read attribute {what}"), e))?;
            Ok(v.max(0) as u32)
        };
        let (major, minor) = ctx
            .compute_capability()
            .map_err(|e| cuda_error(&label, "read compute capability", e))?;
        // Starting from a known table keeps fields the device does not report at their sm_90
        // values.
        let mut target = Target::sm90();
        target.simd_width = attr(
            CUdevice_attribute::CU_DEVICE_ATTRIBUTE_WARP_SIZE,
            "warp size",
        )?;
        target.max_threads = attr(
            CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
            "max threads per block",
        )?;
        target.max_resident_threads = attr(
            CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
            "max threads per multiprocessor",
        )?;
        target.shared_bytes = attr(
            CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
            "shared memory per block",
        )?;
        target.compute_capability = (major.max(0) * 10 + minor.max(0)) as u32;
        target.precise_math = metile_codegen::precise_math_from_env();
        let max_grid = [
            attr(
                CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X,
                "max grid x",
            )?,
            attr(
                CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y,
                "max grid y",
            )?,
            attr(
                CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z,
                "max grid z",
            )?,
        ];
        let sms = attr(
            CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
            "multiprocessor count",
        )?;
        let product = ctx
            .name()
            .map_err(|e| cuda_error(&label, "read device name", e))?;
        Ok(CudaDevice {
            ordinal,
            own_stream: stream,
            product,
            sms,
            programmatic_launch: target.compute_capability >= 90
                && std::env::var(PDL_ENV).map_or(true, |v| v.trim() != "0"),
            target,
            max_grid,
            blas: OnceLock::new(),
            usage: Usage::default(),
        })
    }

    /// The device's cuBLAS handle, created on first use; the error of a failed first attempt
    /// is returned again on every call.
    pub(crate) fn blas(&self) -> Result<Arc<blas::BlasHandle>> {
        self.blas
            .get_or_init(|| blas::BlasHandle::create(self))
            .clone()
    }

    /// `cuda:N`.
    pub(crate) fn label(&self) -> String {
        label(self.ordinal)
    }

    /// E.g. "NVIDIA H200 (sm_90, 132 SMs)".
    pub(crate) fn describe(&self) -> String {
        format!(
            "{} (sm_{}, {} SMs)",
            self.product, self.target.compute_capability, self.sms
        )
    }

    /// `(free, total)` device memory as the driver reports it (`cuMemGetInfo`): every user of
    /// the device counts, including contexts, libraries' workspaces and pooled free blocks.
    pub(crate) fn driver_memory(&self) -> Result<(usize, usize)> {
        self.own_stream
            .context()
            .mem_get_info()
            .map_err(|e| cuda_error(&self.label(), "read memory info", e))
    }

    /// Waits for everything queued on the device's own stream and, inside a stream scope on
    /// this thread, on the scope's stream.
    pub(crate) fn synchronize(&self) -> Result<()> {
        let err = |e| cuda_error(&self.label(), "synchronize", e);
        let stream = self.stream();
        if !self.is_own(&stream) {
            stream.synchronize().map_err(err)?;
        }
        self.own_stream.synchronize().map_err(err)
    }
}

/// Buffers are allocated from the device's default memory pool (stream-ordered, cudarc's
/// choice where the device supports it). By default the pool hands freed memory back to the
/// driver at every synchronisation, so a loop that frees and allocates the same buffers each
/// step (a training step's activations) maps them afresh every time; with no release threshold
/// freed blocks stay in the pool for the next allocation. The pool's bytes are not buffers (see
/// `Usage`); the driver counts them as used. A driver that refuses the setting keeps its
/// default, which is slower but equally correct.
fn keep_freed_memory(ctx: &CudaContext) {
    use cudarc::driver::{result, sys};
    let mut threshold = u64::MAX;
    // SAFETY: `cu_device` is the context's own device handle, and the release threshold is a
    // `u64` attribute read from the pointer for the duration of the call.
    let _ = unsafe {
        result::device::get_default_mem_pool(ctx.cu_device()).and_then(|pool| {
            result::mem_pool::set_attribute(
                pool,
                sys::CUmemPool_attribute::CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                (&mut threshold as *mut u64).cast(),
            )
        })
    };
}

pub(crate) fn label(ordinal: usize) -> String {
    format!("cuda:{ordinal}")
}

/// Checks that a CUDA library loads before cudarc is asked for it (cudarc panics when it finds
/// none); `error_name` is the usual file name, `stem` cudarc's name for it.
fn library_present(
    device: &str,
    error_name: &str,
    stem: &str,
    present: impl FnOnce() -> bool,
) -> Result<()> {
    if present() {
        return Ok(());
    }
    let mut tried = cudarc::get_lib_name_candidates(stem);
    let all = {
        let mut seen = std::collections::HashSet::new();
        tried.retain(|n| seen.insert(n.clone()));
        tried.len()
    };
    // The Windows-style names ("cuda64_12") say nothing on Linux; show the others.
    tried.retain(|n| !n.contains("64"));
    let shown = tried.len();
    let (what, hint) = match stem {
        "cuda" => (
            "no CUDA driver found",
            "install the NVIDIA driver, or put the folder that holds libcuda.so.1 on \
             LD_LIBRARY_PATH",
        ),
        "cublas" => (
            "no cuBLAS found",
            "install the CUDA toolkit's cuBLAS, or put its folder (e.g. /usr/local/cuda/lib64) \
             on LD_LIBRARY_PATH",
        ),
        _ => (
            "no NVRTC found",
            "install the CUDA toolkit's NVRTC, or put its folder (e.g. /usr/local/cuda/lib64) on \
             LD_LIBRARY_PATH",
        ),
    };
    Err(Error::Device {
        device: device.into(),
        message: format!(
            "{what} ({error_name}): the dynamic loader opened none of {} and {} other names; \
             {hint}",
            tried.join(", "),
            all - shown
        ),
    })
}

/// Runs the first touch of a CUDA library, turning a panic out of cudarc into `Error::Device`.
///
/// This is the one place the runtime catches a panic. cudarc's dynamic loading panics when the
/// library is missing (checked beforehand by `library_present`, so that case never gets here) or
/// lacks a symbol its bindings need (an older driver or NVRTC than the `cuda-13000` bindings);
/// both mean "this library cannot be used", which is a typed error, not a crash. The default panic
/// hook still prints the panic message to stderr.
pub(crate) fn guarded<T>(device: &str, library: &str, f: impl FnOnce() -> Result<T>) -> Result<T> {
    match std::panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            let why = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic without a message".into());
            Err(Error::Device {
                device: device.into(),
                message: format!("{library} cannot be used: {why}"),
            })
        }
    }
}

/// "CUDA_ERROR_NAME: text" for a driver result code.
pub(crate) fn driver_message(e: &DriverError) -> String {
    let name = e
        .error_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|_| format!("{:?}", e.0));
    match e.error_string() {
        Ok(text) => format!("{name}: {}", text.to_string_lossy()),
        Err(_) => name,
    }
}

/// A failed driver call as `Error::Cuda`.
pub(crate) fn cuda_error(device: &str, op: &str, e: DriverError) -> Error {
    Error::Cuda {
        device: device.into(),
        op: op.into(),
        message: driver_message(&e),
    }
}

/// A failed allocation of `bytes` (or a transfer that allocates): `Error::OutOfMemory` when the
/// driver says so, `Error::Cuda` otherwise.
pub(crate) fn alloc_error(device: &str, op: &str, bytes: usize, e: DriverError) -> Error {
    if e.0 == cudarc::driver::sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY {
        Error::OutOfMemory {
            device: device.into(),
            bytes,
            message: driver_message(&e),
        }
    } else {
        cuda_error(device, op, e)
    }
}

/// Checks that NVRTC loads, then runs `f` (its first touch) guarded.
pub(crate) fn with_nvrtc<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    let device = "nvrtc";
    library_present(device, "libnvrtc.so", "nvrtc", || {
        // SAFETY: only tries to load and unload the library under each candidate name.
        unsafe { cudarc::nvrtc::sys::is_culib_present() }
    })?;
    guarded(device, "NVRTC (libnvrtc.so)", f)
}

#[cfg(test)]
#[allow(clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_a_guarded_call_is_a_typed_error() {
        let r: Result<()> = guarded("cuda:0", "the CUDA driver", || {
            panic!("the test panics here on purpose")
        });
        match r {
            Err(Error::Device { device, message }) => {
                assert_eq!(device, "cuda:0");
                assert!(
                    message.contains("the test panics here on purpose"),
                    "{message}"
                );
            }
            other => panic!("expected Error::Device, got {other:?}"),
        }
    }

    #[test]
    fn a_missing_library_names_the_file_and_the_fix() {
        let r = library_present("cuda:0", "libcuda.so.1", "cuda", || false);
        let Err(Error::Device { message, .. }) = r else {
            panic!("expected Error::Device, got {r:?}");
        };
        assert!(
            message.starts_with("no CUDA driver found (libcuda.so.1): "),
            "{message}"
        );
        assert!(message.contains("LD_LIBRARY_PATH"), "{message}");
    }
}
