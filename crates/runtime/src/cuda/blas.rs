//! `Device::gemm` on CUDA: cuBLAS (`libcublas.so`, opened at run time like the driver).
//!
//! One cuBLAS handle per device, created on the first product. Each product first binds the
//! handle to the calling thread's stream of the device (a stream scope's,
//! `Device::with_stream`, else the device's own), so products are ordered with launches and
//! copies. Calls are serialised on the handle. On the device's own stream the handle uses
//! cuBLAS's default workspace pool; on a scope's stream a workspace of that stream's own (one per
//! stream handle, allocated at the first product on it and kept for the process), so that
//! products on different streams never share one. A product on a stream being captured into a
//! CUDA graph runs with no workspace (correct, maybe slower: the graph must not record memory that
//! later products reuse), and so does every product on the per-thread default stream (one handle
//! value, a different stream on each thread). A stream destroyed while its products still run
//! and a new stream at the same handle would share the workspace: callers keep a stream alive
//! until its work is done (torch's streams are). A missing or unusable library is
//! `Error::Device` (checked before cudarc is asked for it, and its first touch guarded, as for
//! the driver); a cuBLAS status other than success is `Error::Blas`. Either is remembered: the
//! handle is not retried.
//!
//! Precision: every product is `cublasGemmEx` (`cublasGemmStridedBatchedEx` for batches) with
//! FP32 accumulation. The handle's math mode is `CUBLAS_DEFAULT_MATH` with
//! `CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION`, so split-K partial sums stay FP32 even
//! when `C` is f16/bf16. Compute types: f16/bf16 inputs `CUBLAS_COMPUTE_32F` (tensor cores,
//! exact products, FP32 sums); f32 inputs `CUBLAS_COMPUTE_32F_PEDANTIC` (FP32 FMA, no TF32 and no
//! BF16x9 emulation whatever the environment says), or `CUBLAS_COMPUTE_32F_FAST_TF32` when
//! `Gemm::tf32` asks for it.
//!
//! Row-major operands through a column-major library. A row-major matrix `X` of `r` rows and
//! leading dimension `ld` (element `(i, j)` at `i * ld + j`) is, read column-major with the same
//! `ld`, the matrix `X^T` (element `(j, i)` at `j + i * ld`). So the row-major `C[m, n]` is the
//! column-major `C^T[n, m]` with `ldc` unchanged, and `C = op(A) op(B)` is computed as
//! `C^T = op(B)^T op(A)^T`, a column-major product of `M' = n`, `N' = m`, `K' = k` whose first
//! operand is `op(B)^T [n, k]` and second `op(A)^T [k, m]`:
//! - `B` not transposed is stored row-major `[k, n]` (`ldb >= n`); read column-major it is
//!   `B^T [n, k]`, exactly `op(B)^T`: `transa = N`, `lda' = ldb` (cuBLAS wants `lda' >= M' = n`).
//! - `B` transposed is `S^T` with `S` stored row-major `[n, k]` (`ldb >= k`); `op(B)^T = S`, and
//!   `S` read column-major is `S^T [k, n]`: `transa = T`, `lda' = ldb` (cuBLAS wants
//!   `lda' >= K' = k`).
//! - `A` alike: not transposed (stored `[m, k]`, `lda >= k`) is `op(A)^T [k, m]` as read,
//!   `transb = N`, `ldb' = lda >= K' = k`; transposed (stored `[k, m]`, `lda >= m`) needs
//!   `transb = T`, `ldb' = lda >= N' = m`.
//! - `C`: `ldc' = ldc >= M' = n`.
//!
//! The row-major bounds `Gemm::validate` checks are thus exactly cuBLAS's. Batch strides carry
//! over unchanged (`B`'s to the first operand, `A`'s to the second).

use std::collections::HashMap;
use std::ffi::{c_int, c_longlong, c_void};
use std::sync::{Arc, Mutex};

use cudarc::cublas::result::{self as blas, CublasError};
use cudarc::cublas::safe::CudaBlas;
use cudarc::cublas::sys::{
    cublasComputeType_t, cublasGemmAlgo_t, cublasMath_t, cublasOperation_t, cudaDataType,
};
use cudarc::driver::sys::CUstreamCaptureStatus;
use cudarc::driver::CudaStream;
use metile_ir::DType;

use crate::buffer::Buffer;
use crate::cuda::memory::Words;
use crate::cuda::{alloc_error, cuda_error, guarded, library_present, CudaDevice};
use crate::error::{Error, Result};
use crate::gemm::Gemm;

/// A device's cuBLAS handle; calls are serialised (they only queue work).
#[derive(Debug)]
pub(crate) struct BlasHandle(Mutex<Blas>);

/// The handle and the workspaces of the scopes' streams.
#[derive(Debug)]
struct Blas {
    handle: CudaBlas,
    /// Device address of each scope stream's workspace, by raw stream handle; never freed.
    workspaces: HashMap<usize, u64>,
}

/// The workspace of a scope's stream: cuBLAS's recommendation for a user workspace (32 MiB on
/// Hopper and later, else 4 MiB, the size of its default pool).
fn workspace_bytes(compute_capability: u32) -> usize {
    if compute_capability >= 90 {
        32 << 20
    } else {
        4 << 20
    }
}

impl Blas {
    /// Binds the handle to `stream` for the next product, with the stream's workspace (see
    /// the module doc). The device's context must be current.
    fn bind(&mut self, device: &CudaDevice, stream: &CudaStream) -> Result<()> {
        let label = device.label();
        let handle = *self.handle.handle();
        // SAFETY: a valid handle and a live stream of the device's context. Setting the stream
        // also resets the handle to cuBLAS's default workspace pool.
        unsafe { blas::set_stream(handle, stream.cu_stream() as _) }
            .map_err(|e| blas_error(&label, "set stream", e))?;
        if device.is_own(stream) {
            return Ok(());
        }
        // SAFETY: only reads the capture status of a live stream.
        let status = unsafe { cudarc::driver::result::stream::is_capturing(stream.cu_stream()) }
            .map_err(|e| cuda_error(&label, "query stream capture", e))?;
        // No workspace while the stream is being captured (a graph must not record memory that
        // later products on the stream reuse), nor on the per-thread default stream, which is a
        // different stream on each thread under one handle value.
        let key = stream.cu_stream() as usize;
        let shared = status == CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE
            && key != PER_THREAD_STREAM;
        let workspace = match (shared, self.workspaces.get(&key)) {
            (false, _) => None,
            (true, Some(&ptr)) => Some(ptr),
            (true, None) => {
                let bytes = workspace_bytes(device.target.compute_capability);
                // SAFETY: the context is current; the allocation is kept for the process.
                let ptr = unsafe { cudarc::driver::result::malloc_sync(bytes) }
                    .map_err(|e| alloc_error(&label, "allocate a cuBLAS workspace", bytes, e))?;
                self.workspaces.insert(key, ptr);
                Some(ptr)
            }
        };
        let (ptr, bytes) = match workspace {
            Some(ptr) => (ptr, workspace_bytes(device.target.compute_capability)),
            None => (0, 0),
        };
        // SAFETY: `ptr` addresses `bytes` bytes of this device's memory, aligned to 256 (a
        // driver allocation), used only by products on this one stream, which the handle's lock
        // serialises; or no workspace at all.
        unsafe { cudarc::cublas::sys::cublasSetWorkspace_v2(handle, ptr as *mut c_void, bytes) }
            .result()
            .map_err(|e| blas_error(&label, "set workspace", e))
    }
}

/// `CU_STREAM_PER_THREAD`'s handle value.
const PER_THREAD_STREAM: usize = 2;

/// The library as the errors name it.
const LIBRARY: &str = "cuBLAS (libcublas.so)";

fn blas_error(device: &str, op: &str, e: CublasError) -> Error {
    Error::Blas {
        device: device.into(),
        op: op.into(),
        message: format!("{:?}", e.0),
    }
}

impl BlasHandle {
    /// Loads cuBLAS and creates a handle on `device`'s own stream.
    pub(crate) fn create(device: &CudaDevice) -> Result<Arc<BlasHandle>> {
        let label = device.label();
        library_present(&label, "libcublas.so", "cublas", || {
            // SAFETY: only tries to load and unload the library under each candidate name.
            unsafe { cudarc::cublas::sys::is_culib_present() }
        })?;
        guarded(&label, LIBRARY, || {
            let handle = CudaBlas::new(device.own_stream.clone())
                .map_err(|e| blas_error(&label, "create handle", e))?;
            // SAFETY: the handle was just created and is valid.
            unsafe {
                cudarc::cublas::sys::cublasSetMathMode(
                    *handle.handle(),
                    cublasMath_t::CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION,
                )
            }
            .result()
            .map_err(|e| blas_error(&label, "set math mode", e))?;
            Ok(Arc::new(BlasHandle(Mutex::new(Blas {
                handle,
                workspaces: HashMap::new(),
            }))))
        })
    }
}

fn data_type(d: DType) -> cudaDataType {
    match d {
        DType::F16 => cudaDataType::CUDA_R_16F,
        DType::BF16 => cudaDataType::CUDA_R_16BF,
        // `Gemm::validate` admits f32, f16 and bf16 only.
        _ => cudaDataType::CUDA_R_32F,
    }
}

fn op(transpose: bool) -> cublasOperation_t {
    if transpose {
        cublasOperation_t::CUBLAS_OP_T
    } else {
        cublasOperation_t::CUBLAS_OP_N
    }
}

/// The device words of a buffer of `device`, or `Error::Blas` naming the operand.
fn words<'b>(device: &CudaDevice, name: &str, b: &'b Buffer) -> Result<&'b Words> {
    match b.cuda_storage() {
        Some(c) if c.device.ordinal == device.ordinal => c.words.as_ref().ok_or_else(|| {
            // Non-empty products never have empty operands (`Gemm::validate`).
            Error::Blas {
                device: device.label(),
                op: "gemm".into(),
                message: format!("operand {name} is an empty buffer"),
            }
        }),
        _ => Err(Error::Blas {
            device: device.label(),
            op: "gemm".into(),
            message: format!(
                "operand {name} lives on {}; move it with Device::upload",
                b.device_name()
            ),
        }),
    }
}

/// Queues `g` on `device` (its handle made on first use): see the module doc for the mapping.
pub(crate) fn gemm(
    device: &CudaDevice,
    handle: &BlasHandle,
    g: &Gemm,
    a: &Buffer,
    b: &Buffer,
    c: &mut Buffer,
) -> Result<()> {
    let label = device.label();
    g.validate(&label, a, b, c)?;
    if g.is_empty() {
        return Ok(());
    }
    let (aw, bw) = (words(device, "A", a)?, words(device, "B", b)?);
    let c_dtype = c.dtype();
    let cw = match c.cuda_storage_mut() {
        Some(s) if s.device.ordinal == device.ordinal => s.words.as_mut(),
        _ => None,
    };
    let Some(cw) = cw else {
        return Err(Error::Blas {
            device: label,
            op: "gemm".into(),
            message: "operand C is not a non-empty buffer of this device".into(),
        });
    };
    let in_type = data_type(a.dtype());
    let compute = match (a.dtype(), g.tf32) {
        (DType::F32, true) => cublasComputeType_t::CUBLAS_COMPUTE_32F_FAST_TF32,
        (DType::F32, false) => cublasComputeType_t::CUBLAS_COMPUTE_32F_PEDANTIC,
        _ => cublasComputeType_t::CUBLAS_COMPUTE_32F,
    };
    let stream = &device.stream();
    stream
        .context()
        .bind_to_thread()
        .map_err(|e| cuda_error(&label, "bind context", e))?;
    let mut blas = handle.0.lock().unwrap_or_else(|e| e.into_inner());
    blas.bind(device, stream)?;
    let blas = &blas.handle;
    let (alpha, beta) = (g.alpha, g.beta);
    // Column-major operands: (B, A) -> C^T; sizes (n, m, k). Validated to fit c_int.
    let (mm, nn, kk) = (g.n as c_int, g.m as c_int, g.k as c_int);
    // Element `offset` of each operand (owned or borrowed memory alike), and the guards that
    // record the accesses once the product is queued.
    let at = |ptr: u64, offset: usize, dtype: DType| ptr + (offset * dtype.size_bytes()) as u64;
    let ((pa, _ga), (pb, _gb)) = (bw.read_ptr(stream), aw.read_ptr(stream));
    let (pa, pb) = (at(pa, g.b.offset, b.dtype()), at(pb, g.a.offset, a.dtype()));
    let (pc, _gc) = cw.write_ptr(stream);
    let pc = at(pc, g.c.offset, c_dtype);
    let algo = cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT;
    guarded(&label, LIBRARY, || {
        // SAFETY: the handle is bound to the thread's stream of this device (with a workspace
        // of that stream's own or the default pool) and its context is current; the
        // pointers are live allocations of this device (owned, or borrowed under
        // `Buffer::borrow_cuda`'s contract) holding the operands `validate` bounded (every
        // matrix of the batch inside its buffer), with the dtypes passed; `c` is borrowed
        // exclusively, and cudarc defers frees until the stream is done with them. alpha and
        // beta are f32, as CUBLAS_COMPUTE_32F* require with the default host pointer mode.
        let status = unsafe {
            if g.batch == 1 {
                blas::gemm_ex(
                    *blas.handle(),
                    op(g.b.transpose),
                    op(g.a.transpose),
                    mm,
                    nn,
                    kk,
                    (&alpha) as *const f32 as *const c_void,
                    pa as *const c_void,
                    in_type,
                    g.b.ld as c_int,
                    pb as *const c_void,
                    in_type,
                    g.a.ld as c_int,
                    (&beta) as *const f32 as *const c_void,
                    pc as *mut c_void,
                    data_type(c_dtype),
                    g.c.ld as c_int,
                    compute,
                    algo,
                )
            } else {
                blas::gemm_strided_batched_ex(
                    *blas.handle(),
                    op(g.b.transpose),
                    op(g.a.transpose),
                    mm,
                    nn,
                    kk,
                    (&alpha) as *const f32 as *const c_void,
                    pa as *const c_void,
                    in_type,
                    g.b.ld as c_int,
                    g.b.batch_stride as c_longlong,
                    pb as *const c_void,
                    in_type,
                    g.a.ld as c_int,
                    g.a.batch_stride as c_longlong,
                    (&beta) as *const f32 as *const c_void,
                    pc as *mut c_void,
                    data_type(c_dtype),
                    g.c.ld as c_int,
                    g.c.batch_stride as c_longlong,
                    g.batch as c_int,
                    compute,
                    algo,
                )
            }
        };
        status.map_err(|e| blas_error(&label, "gemm", e))
    })
}
