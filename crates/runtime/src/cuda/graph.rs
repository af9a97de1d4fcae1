//! Graph capture (`Device::capture`): the work queued on one CUDA device's stream during a
//! closure is recorded into a CUDA graph instead of run, and replayed later as one submission
//! (`DeviceGraph::replay`), without the host's per-launch cost.
//!
//! The stream captured is the one `CudaDevice::stream` gives the calling thread (the device's
//! own, or a stream scope's), in thread-local mode. The driver records everything queued on that
//! stream meanwhile, from any thread: no other thread may use the stream during a capture (its
//! work would be recorded instead of run, and its frees not kept out of the graph).
//!
//! What may be captured: launches, device copies, memsets, cuBLAS products, and pool
//! allocations freed inside the capture (scratch). What makes it fail (`Error::Cuda`, or
//! `Error::Device` naming the reason):
//! - a host read (a download) or a synchronisation, which the driver refuses under capture;
//! - a wait on an event recorded outside the capture, which every use of an owned buffer made
//!   while cudarc's event tracking was on does (see `Device::disable_event_tracking`);
//! - a pool buffer allocated inside the capture and still alive at its end: its memory would
//!   exist only while the graph's allocation does, which the next replay would repeat.
//!
//! Only the pool's memory is looked after, and only in a capture of the device's own stream.
//! Memory of an allocator scope (`Device::with_allocator`), and any buffer dropped inside a
//! capture made in a stream scope, goes back to its owner when the buffer drops, as outside a
//! capture: the caller keeps such buffers alive while the graph may replay.
//!
//! Pool memory, when the capture is of the device's own stream (the pool's): a buffer allocated
//! inside the capture is tagged with it (`CaptureTag`), and if the capture fails, dropping the
//! buffer frees nothing (that memory never existed outside the abandoned graph; a free would
//! fail; the slice's two cudarc events and stream handle leak with it). A buffer allocated
//! before the capture and dropped inside it is not freed inside it (a free recorded into the
//! graph would run again at every replay): the graph keeps its memory until the graph drops, or
//! it is freed when a failed capture ends. The stream leaves capture mode whatever happens (also
//! when the closure panics), so later work runs normally; buffers left holding a failed
//! capture's memory must not be used again.
//!
//! A graph dropped while a capture is open on the thread (a `DeviceGraph`, or the graph of a
//! failed nested capture) is destroyed once none is: destroying it inside the capture
//! invalidates that capture. Captures opened outside the library (another framework capturing
//! a stream scope's stream) are not seen, and a graph dropped inside one is destroyed at once.

use std::cell::RefCell;
use std::mem::ManuallyDrop;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use cudarc::driver::sys::{CUgraphInstantiate_flags, CUstreamCaptureMode, CUstreamCaptureStatus};
use cudarc::driver::{result, CudaGraph, CudaStream, DriverError};

use crate::cuda::memory::Words;
use crate::cuda::scope::{innermost_where, scoped, Scopes};
use crate::cuda::{cuda_error, CudaDevice};
use crate::error::{Error, Result};

thread_local! {
    /// The captures open on this thread.
    static CAPTURES: Scopes<Arc<CaptureTag>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Graphs dropped while a capture was open on this thread: destroying a graph then
    /// invalidates that capture (the H200 said so, 2026-11-30), so they are destroyed once no
    /// capture is open here.
    static RETIRED: RefCell<Vec<CudaGraph>> = const { RefCell::new(Vec::new()) };
}

/// Whether a capture (of any device's stream) is open on this thread.
fn capture_open() -> bool {
    CAPTURES
        .try_with(|s| !s.borrow().is_empty())
        .unwrap_or(false)
}

/// Destroys `graph` now, or once no capture is open on this thread.
fn retire(graph: CudaGraph) {
    if capture_open() {
        // Once the thread's locals are gone, the closure (and the graph) is dropped unrun.
        let _ = RETIRED.try_with(move |r| r.borrow_mut().push(graph));
    } else {
        drop(graph);
    }
}

/// Destroys the graphs retired on this thread, unless a capture is still open here.
fn destroy_retired() {
    if !capture_open() {
        let retired = RETIRED.try_with(|r| std::mem::take(&mut *r.borrow_mut()));
        drop(retired);
    }
}

/// One capture, as the pool buffers allocated inside it know it.
#[derive(Debug, Default)]
pub(crate) struct CaptureTag {
    /// The captured stream is the device's own (the pool's): pool allocations and frees are
    /// recorded into the graph.
    pool: bool,
    /// Pool buffers allocated inside the capture and not yet dropped.
    live: AtomicUsize,
    /// The capture ended and failed: its buffers' memory never existed outside the graph.
    failed: AtomicBool,
    /// Pool memory allocated before the capture and released inside it.
    deferred: Mutex<Vec<Words>>,
}

/// The innermost capture of the pool's stream open on this thread for device `ordinal`, if any
/// (a capture of a scope's stream nested inside it does not hide it).
pub(crate) fn pool_capture(ordinal: usize) -> Option<Arc<CaptureTag>> {
    innermost_where(&CAPTURES, ordinal, |t| t.pool)
}

impl CaptureTag {
    /// Counts a pool buffer allocated inside the capture.
    pub(crate) fn allocated(&self) {
        self.live.fetch_add(1, Relaxed);
    }

    /// What a dropped buffer allocated inside this capture does with its memory: frees it
    /// (`Some`: inside the open capture, a free recorded into the graph) or forgets it (after a
    /// failed capture). A buffer cannot outlive a successful capture (`capture` fails it then).
    pub(crate) fn release(&self, words: Words) -> Option<Words> {
        self.live.fetch_sub(1, Relaxed);
        if self.failed.load(Relaxed) {
            std::mem::forget(words);
            None
        } else {
            Some(words)
        }
    }

    /// Keeps pool memory allocated before the capture and released inside it out of the graph.
    pub(crate) fn defer(&self, words: Words) {
        self.lock_deferred().push(words);
    }

    fn lock_deferred(&self) -> std::sync::MutexGuard<'_, Vec<Words>> {
        self.deferred.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Ends `stream`'s capture. cudarc's `end_capture` first returns any error kept from an earlier
/// call that could not return one (from any thread), without ending the capture: the kept error
/// is taken and the end retried while the driver says the stream is still capturing, and put
/// back for cudarc's next call once the capture has ended. If the stream is still capturing
/// after that, the capture is ended through the driver directly and its graph discarded (the
/// stream must leave capture mode whatever happens).
fn end_capture(stream: &Arc<CudaStream>) -> std::result::Result<Option<CudaGraph>, DriverError> {
    let ctx = stream.context();
    let mut kept = None;
    let mut last = None;
    for _ in 0..3 {
        match stream.end_capture(CUgraphInstantiate_flags(0)) {
            Ok(graph) => {
                if let Some(e) = kept {
                    ctx.record_err::<()>(Err(e));
                }
                return Ok(graph);
            }
            Err(e) if capturing(stream) => {
                last = Some(e);
                kept = ctx.check_err().err().or(kept);
            }
            Err(e) => return Err(e),
        }
    }
    // SAFETY: the context is the stream's own, current on this thread since `begin_capture`
    // bound it; the stream is live (held by `stream`); a graph the driver returns is ours to
    // destroy, and nothing else refers to it.
    unsafe {
        let _ = result::ctx::set_current(ctx.cu_ctx());
        if let Ok(graph) = result::stream::end_capture(stream.cu_stream()) {
            if !graph.is_null() {
                let _ = result::graph::destroy(graph);
            }
        }
    }
    if let Some(e) = kept {
        ctx.record_err::<()>(Err(e));
    }
    Err(last.expect("three failed attempts leave an error"))
}

/// Whether the driver says `stream` is capturing (an invalidated capture included).
fn capturing(stream: &CudaStream) -> bool {
    // SAFETY: the stream is live (held by the caller); the call only reads its status.
    let status = unsafe { result::stream::is_capturing(stream.cu_stream()) };
    !matches!(
        status,
        Ok(CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE)
    )
}

/// Ends a capture that is still open when dropped (the closure panicked), discarding the graph
/// and freeing the deferred memory.
struct Open<'a> {
    stream: &'a Arc<CudaStream>,
    tag: &'a CaptureTag,
    ordinal: usize,
    done: bool,
}

impl Drop for Open<'_> {
    fn drop(&mut self) {
        if !self.done {
            self.tag.failed.store(true, Relaxed);
            let _ = self.stream.context().check_err();
            if let Ok(Some(graph)) = end_capture(self.stream) {
                retire(graph);
            }
            destroy_retired();
            release_kept(self.ordinal, std::mem::take(&mut *self.tag.lock_deferred()));
        }
    }
}

/// A successful capture: the instantiated graph, and the pool memory released inside the
/// capture that the graph's work may still use (freed after the graph; inside another capture of
/// the pool's stream, handed to that capture, which frees it once it ends). Dropped while a
/// capture is open on this thread, the graph is destroyed once none is.
pub(crate) struct Captured {
    /// Taken only by `drop`.
    pub(crate) graph: ManuallyDrop<CudaGraph>,
    pub(crate) kept: Vec<Words>,
    ordinal: usize,
}

impl Drop for Captured {
    fn drop(&mut self) {
        // SAFETY: taken once, here; `self.graph` is not used again.
        retire(unsafe { ManuallyDrop::take(&mut self.graph) });
        release_kept(self.ordinal, std::mem::take(&mut self.kept));
    }
}

/// Frees pool memory a capture kept, or, inside an open capture of the pool's stream, hands it
/// to that capture, which frees it once it ends (a free recorded into it would run at every
/// replay).
fn release_kept(ordinal: usize, kept: Vec<Words>) {
    match pool_capture(ordinal) {
        Some(tag) => tag.lock_deferred().extend(kept),
        None => drop(kept),
    }
}

impl CudaDevice {
    /// Runs `f` with the work on the device's stream recorded into a graph (see the module
    /// doc); `f`'s result and the graph.
    pub(crate) fn capture<T>(&self, f: impl FnOnce() -> T) -> Result<(T, Captured)> {
        let label = self.label();
        let stream = self.stream();
        stream
            .begin_capture(CUstreamCaptureMode::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL)
            .map_err(|e| cuda_error(&label, "begin graph capture", e))?;
        let tag = Arc::new(CaptureTag {
            pool: self.is_own(&stream),
            ..CaptureTag::default()
        });
        let mut open = Open {
            stream: &stream,
            tag: &tag,
            ordinal: self.ordinal,
            done: false,
        };
        let out = scoped(&CAPTURES, self.ordinal, tag.clone(), f);
        // A kept error (a free queued on the capturing stream, say) means the capture failed.
        let recorded = stream.context().check_err();
        let ended = end_capture(&stream);
        open.done = true;
        destroy_retired();
        let escaped = tag.live.load(Relaxed);
        // A graph of a failed capture is retired, not dropped here: inside an outer capture
        // its destruction would invalidate that one.
        let graph = match (recorded, ended) {
            (_, Err(e)) => Err(cuda_error(&label, "capture a graph", e)),
            (Err(e), Ok(graph)) => {
                if let Some(graph) = graph {
                    retire(graph);
                }
                Err(cuda_error(&label, "capture a graph", e))
            }
            (Ok(()), Ok(Some(graph))) if escaped > 0 => {
                retire(graph);
                Err(Error::Device {
                    device: label.clone(),
                    message: format!(
                        "{escaped} buffer(s) allocated inside the graph capture outlive it; a \
                         captured call must reuse its outputs"
                    ),
                })
            }
            (Ok(()), Ok(None)) => Err(Error::Device {
                device: label.clone(),
                message: "the capture gave no graph".into(),
            }),
            (Ok(()), Ok(Some(graph))) => Ok(graph),
        };
        tag.failed.store(graph.is_err(), Relaxed);
        let kept = std::mem::take(&mut *tag.lock_deferred());
        match graph {
            Ok(graph) => Ok((
                out,
                Captured {
                    graph: ManuallyDrop::new(graph),
                    kept,
                    ordinal: self.ordinal,
                },
            )),
            Err(e) => {
                // No graph: the released memory is free to go, after `out` (which may hold
                // buffers of the failed capture) is dropped.
                drop(out);
                release_kept(self.ordinal, kept);
                Err(e)
            }
        }
    }
}
