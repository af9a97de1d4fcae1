//! Graph capture (`Device::capture`): the work this thread queues on one CUDA device during a
//! closure is recorded into a CUDA graph instead of run, and replayed later as one submission
//! (`DeviceGraph::replay`), without the host's per-launch cost.
//!
//! The stream captured is the one `CudaDevice::stream` gives this thread (the device's own, or a
//! stream scope's), in thread-local mode. What may be captured: launches, device copies,
//! memsets, cuBLAS products, and pool allocations freed inside the capture (scratch). What
//! makes it fail (`Error::Cuda`, or `Error::Device` naming the reason):
//! - a host read (a download) or a synchronisation, which the driver refuses under capture;
//! - a wait on an event recorded outside the capture, which every use of an owned buffer made
//!   while cudarc's event tracking was on does (see `Device::disable_event_tracking`);
//! - a pool buffer allocated inside the capture and still alive at its end: its memory would
//!   exist only while the graph's allocation does, which the next replay would repeat.
//!
//! The memory of a pool buffer allocated inside a capture comes from the graph: the buffer is
//! tagged with its capture (`CaptureTag`), and if the capture fails, dropping the buffer frees
//! nothing (that memory never existed outside the abandoned graph; a free would fail). A pool
//! buffer allocated before the capture and dropped inside it is freed after the capture ends,
//! not inside it (a free recorded into the graph would run again at every replay). The stream
//! leaves capture mode whatever happens (also when the closure panics), so later work runs
//! normally; buffers left holding a failed capture's memory must not be used again.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use cudarc::driver::sys::{CUgraphInstantiate_flags, CUstreamCaptureMode};
use cudarc::driver::{CudaGraph, CudaStream};

use crate::cuda::memory::Words;
use crate::cuda::scope::{innermost, scoped, Scopes};
use crate::cuda::{cuda_error, CudaDevice};
use crate::error::{Error, Result};

thread_local! {
    /// The captures open on this thread.
    static CAPTURES: Scopes<Arc<CaptureTag>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// One capture, as the pool buffers allocated inside it know it.
#[derive(Debug, Default)]
pub(crate) struct CaptureTag {
    /// Pool buffers allocated inside the capture and not yet dropped.
    live: AtomicUsize,
    /// The capture has ended.
    ended: AtomicBool,
    /// The capture failed: its buffers' memory never existed outside the graph.
    failed: AtomicBool,
    /// Pool memory allocated before the capture and released inside it, freed once it ends.
    deferred: Mutex<Vec<Words>>,
}

/// The capture open on this thread for device `ordinal`, if any.
pub(crate) fn open_capture(ordinal: usize) -> Option<Arc<CaptureTag>> {
    innermost(&CAPTURES, ordinal).filter(|t| !t.ended.load(Relaxed))
}

impl CaptureTag {
    /// Counts a pool buffer allocated inside the capture.
    pub(crate) fn allocated(&self) {
        self.live.fetch_add(1, Relaxed);
    }

    /// What a dropped buffer allocated inside this capture does with its memory: frees it
    /// (`Some`, inside the open capture, as a free in the graph) or forgets it (after a failed
    /// capture). A buffer cannot outlive a successful capture (`capture` fails it then).
    pub(crate) fn release(&self, words: Words) -> Option<Words> {
        self.live.fetch_sub(1, Relaxed);
        if self.ended.load(Relaxed) && self.failed.load(Relaxed) {
            std::mem::forget(words);
            None
        } else {
            Some(words)
        }
    }

    /// Keeps pool memory allocated before the capture and released inside it until it ends.
    pub(crate) fn defer(&self, words: Words) {
        self.deferred
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(words);
    }
}

/// Ends a capture that is still open when dropped (the closure panicked), discarding the graph.
struct Open<'a> {
    stream: &'a Arc<CudaStream>,
    tag: &'a CaptureTag,
    done: bool,
}

impl Drop for Open<'_> {
    fn drop(&mut self) {
        if !self.done {
            self.tag.failed.store(true, Relaxed);
            self.tag.ended.store(true, Relaxed);
            let _ = self.stream.context().check_err();
            let _ = self.stream.end_capture(CUgraphInstantiate_flags(0));
        }
        // Outside the capture now: the deferred frees run for real.
        drop(std::mem::take(
            &mut *self.tag.deferred.lock().unwrap_or_else(|p| p.into_inner()),
        ));
    }
}

impl CudaDevice {
    /// Runs `f` with this thread's work on the device recorded into a graph; `f`'s result and
    /// the instantiated graph.
    pub(crate) fn capture<T>(&self, f: impl FnOnce() -> T) -> Result<(T, CudaGraph)> {
        let label = self.label();
        let stream = self.stream();
        stream
            .begin_capture(CUstreamCaptureMode::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL)
            .map_err(|e| cuda_error(&label, "begin graph capture", e))?;
        let tag = Arc::new(CaptureTag::default());
        let mut open = Open {
            stream: &stream,
            tag: &tag,
            done: false,
        };
        let out = scoped(&CAPTURES, self.ordinal, tag.clone(), f);
        // cudarc keeps an error of a call that cannot return one (a free queued on the
        // capturing stream, say) for its next call, and would refuse to end the capture with
        // it: take it first. Under capture it means the capture failed.
        let recorded = stream.context().check_err();
        let ended = stream.end_capture(CUgraphInstantiate_flags(0));
        let escaped = tag.live.load(Relaxed);
        let graph = match (recorded, ended) {
            (_, Err(e)) | (Err(e), Ok(_)) => Err(cuda_error(&label, "capture a graph", e)),
            (Ok(()), Ok(_)) if escaped > 0 => Err(Error::Device {
                device: label.clone(),
                message: format!(
                    "{escaped} buffer(s) allocated inside the graph capture outlive it; a \
                     captured call must reuse its outputs"
                ),
            }),
            (Ok(()), Ok(None)) => Err(Error::Device {
                device: label.clone(),
                message: "the capture recorded no work".into(),
            }),
            (Ok(()), Ok(Some(graph))) => Ok(graph),
        };
        tag.failed.store(graph.is_err(), Relaxed);
        tag.ended.store(true, Relaxed);
        open.done = true;
        drop(open);
        Ok((out, graph?))
    }
}
