//! Stream scopes (`Device::with_stream`): a caller's CUDA stream instead of the device's own for
//! the work this thread queues on one device.
//!
//! Inside a scope for `cuda:N` on the calling thread, every launch, transfer, memset and cuBLAS
//! product of `cuda:N` is queued on the caller's stream `S` (`CudaDevice::stream`); outside it
//! (and on other threads and devices) on the device's own stream `L`. `S` is any stream of the
//! device's primary context: a created stream, the legacy default stream (handle 0, torch's
//! default stream) or the per-thread one (2); the library never destroys it, and the caller
//! keeps it alive for the scope and until the work queued on it is done.
//!
//! Memory inside a scope:
//! - Borrowed memory (`Buffer::borrow_cuda`, and everything an allocator scope makes,
//!   `Device::with_allocator`) is used on `S` in `S`'s order and carries no events: the caller
//!   owns its ordering. An allocator opened for the scope must hand out memory that work on `S`
//!   may use (torch's caching allocator on torch's current stream does). This is the supported
//!   combination: nothing but `S` is touched, so no event is recorded or waited for and the
//!   work can be captured into a CUDA graph on `S`, unless the call reads device values on the
//!   host (a download waits for the stream, which capture forbids) or uploads host data.
//! - Owned (pool) memory is still allocated on and freed to the pool on `L`, so that a buffer
//!   may outlive the scope and `S`: each allocation made in a scope is recorded as a write on
//!   `L` (cudarc's event tracking), uses on `S` wait for it and record their own events, and the
//!   free on `L` waits for the last recorded read and write. cudarc keeps one read event per
//!   slice, so a buffer read on `S` in a scope and then read on `L` after it may be freed
//!   before `S`'s read has run: synchronise the device (or `S`) before using a scope's owned
//!   buffers outside it. Such calls cost events and cannot be captured.
//! - Borrowed memory used both inside and outside a scope (on `S` and on `L`) is not ordered by
//!   the library.
//!
//! Host reads inside a scope: a download waits for `S`, the stream its copy is queued on;
//! `Device::synchronize` waits for `S` and for `L`.

use std::ptr;
use std::sync::Arc;

use cudarc::driver::sys::{self, CUstream};
use cudarc::driver::CudaStream;

use crate::cuda::scope::{innermost, scoped, Scopes};
use crate::cuda::{cuda_error, CudaDevice};
use crate::error::{Error, Result};

thread_local! {
    /// The stream scopes open on this thread.
    static STREAMS: Scopes<Arc<CudaStream>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` with `device`'s work on this thread queued on the stream whose raw handle
/// (`CUstream`) is `handle`; `Error::Cuda` when the driver does not know the handle,
/// `Error::Device` when the stream belongs to another context.
pub(crate) fn with_stream<R>(device: &CudaDevice, handle: u64, f: impl FnOnce() -> R) -> Result<R> {
    let label = device.label();
    let ctx = device.own_stream.context();
    ctx.bind_to_thread()
        .map_err(|e| cuda_error(&label, "bind context", e))?;
    let raw = handle as usize as CUstream;
    let mut owner = ptr::null_mut();
    // SAFETY: the driver only reads the handle (the caller's contract: a live stream, or one of
    // the special handles 0 and 2, which name streams of the current context) and writes
    // `owner`.
    unsafe { sys::cuStreamGetCtx(raw, &mut owner) }
        .result()
        .map_err(|e| {
            cuda_error(
                &label,
                &format!("query the context of stream {handle:#x}"),
                e,
            )
        })?;
    if owner != ctx.cu_ctx() {
        return Err(Error::Device {
            device: label,
            message: format!(
                "stream {handle:#x} belongs to another CUDA context than the device's primary \
                 context"
            ),
        });
    }
    // SAFETY: a stream of this context (checked above) that the caller keeps alive while work
    // queued through the wrapper may run; the wrapper never destroys it, and the ordering with
    // the device's own stream is this module's (see the module doc).
    let stream = unsafe { ctx.wrap_borrowed_stream(raw) };
    Ok(scoped(&STREAMS, device.ordinal, stream, f))
}

impl CudaDevice {
    /// The stream this thread queues the device's work on: the innermost stream scope's, else
    /// the device's own.
    pub(crate) fn stream(&self) -> Arc<CudaStream> {
        innermost(&STREAMS, self.ordinal).unwrap_or_else(|| self.own_stream.clone())
    }

    /// Whether `stream` is the device's own stream (not a scope's).
    pub(crate) fn is_own(&self, stream: &CudaStream) -> bool {
        stream.cu_stream() == self.own_stream.cu_stream()
    }
}
