//! Device memory of a buffer: the host storage words (`u8`, `u16`, `u32`, `u64`, as in
//! `HostData`) in device memory, and the transfers between the two.
//!
//! Two kinds of memory:
//! - owned: a `CudaSlice` from the device's stream-ordered pool, freed (stream-ordered) when the
//!   buffer drops, and counted in the device's [`Usage`] when made and when dropped, so the
//!   device knows the bytes its buffers hold and their high-water mark;
//! - borrowed: a caller's allocation (`Buffer::borrow_cuda`, or what a [`DeviceAllocator`] made):
//!   a raw device address, its length and a keep-alive that the buffer drops when it drops. The
//!   library never frees it and `Usage` does not count it.
//!
//! Every operation handles both (launch binding, downloads, uploads, device copies, copies and
//! zeros). Every transfer is queued on the calling thread's stream of the device (a stream
//! scope's, `Device::with_stream`, else the device's own; see `stream` for how owned memory is
//! ordered with a scope's stream), so it is ordered after the launches before it. Uploads return
//! once the host words are staged; downloads wait for the stream, so a kernel fault shows up
//! there as `Error::Cuda`. An empty buffer holds no
//! allocation (CUDA refuses zero-byte allocations) and binds as a null pointer.
//!
//! Foreign allocation: inside [`with_allocator`] (`Device::with_allocator`), every allocation for
//! that device made **on the calling thread** (zeros, uploads, copies: the only allocation
//! sites) comes from the caller's allocator instead of the pool, as borrowed memory; zeros are
//! filled by a memset queued on the thread's stream of the device. The scope is thread-local
//! (see `scope`).

use std::any::Any;
use std::cell::RefCell;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use cudarc::driver::sys::CUstream;
use cudarc::driver::{
    result, CudaSlice, CudaStream, DevicePtr, DevicePtrMut, DeviceRepr, DriverError, SyncOnDrop,
    ValidAsZeroBits,
};
use metile_ir::DType;

use crate::buffer::HostData;
use crate::cuda::graph::{pool_capture, CaptureTag};
use crate::cuda::scope::{innermost, scoped, Scopes};
use crate::cuda::{alloc_error, cuda_error, CudaDevice};
use crate::error::{Error, Result};

/// What keeps borrowed device memory allocated: dropped when the buffer drops.
pub type KeepAlive = Box<dyn Any + Send + Sync>;

/// A source of device memory for a CUDA device's buffers, used instead of the library's pool
/// inside `Device::with_allocator`.
pub trait DeviceAllocator: Send + Sync {
    /// `bytes` (more than 0) bytes of device memory of the device the scope was opened for:
    /// its address and the keep-alive that holds it. The memory must stay allocated until the
    /// keep-alive drops; it need not be initialised. The address must be aligned to at least 8
    /// bytes (any CUDA allocator's is aligned to 256).
    ///
    /// The keep-alive drops when the buffer does, which may be before the work queued on the
    /// device's stream that uses the memory has run: an allocator whose keep-alive frees or
    /// reuses memory must order that after the device's stream (`Device::cuda_stream_handle`),
    /// or, inside a stream scope (`Device::with_stream`), after the scope's stream (an
    /// allocator whose memory is stream-ordered on that stream, as torch's caching allocator on
    /// torch's current stream, needs nothing more).
    fn allocate(&self, bytes: usize) -> Result<(u64, KeepAlive)>;
}

thread_local! {
    /// The allocator scopes open on this thread.
    static ALLOCATORS: Scopes<Arc<dyn DeviceAllocator>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with every allocation for device `ordinal` on this thread drawn from `alloc`
/// (nested scopes: the innermost for that device wins); the scope closes when `f` returns or
/// unwinds.
pub(crate) fn with_allocator<R>(
    ordinal: usize,
    alloc: Arc<dyn DeviceAllocator>,
    f: impl FnOnce() -> R,
) -> R {
    scoped(&ALLOCATORS, ordinal, alloc, f)
}

/// The allocator of the innermost scope open on this thread for device `ordinal`.
fn foreign_allocator(ordinal: usize) -> Option<Arc<dyn DeviceAllocator>> {
    innermost(&ALLOCATORS, ordinal)
}

/// The words of a non-empty device buffer.
#[derive(Debug)]
pub(crate) enum Words {
    U8(CudaSlice<u8>),
    U16(CudaSlice<u16>),
    U32(CudaSlice<u32>),
    U64(CudaSlice<u64>),
    Borrowed(Borrowed),
}

/// Device memory the library does not own.
pub(crate) struct Borrowed {
    /// The device address (a `CUdeviceptr`), never null.
    pub(crate) ptr: u64,
    bytes: usize,
    /// The storage word size in bytes (1, 2, 4 or 8).
    word: usize,
    pub(crate) owner: KeepAlive,
}

impl fmt::Debug for Borrowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Borrowed")
            .field("ptr", &format_args!("{:#x}", self.ptr))
            .field("bytes", &self.bytes)
            .field("word", &self.word)
            .finish_non_exhaustive()
    }
}

impl Borrowed {
    /// Checks an address from `source` for `len` (more than 0) words of `word` bytes.
    fn new(
        source: &dyn std::fmt::Display,
        ptr: u64,
        len: usize,
        word: usize,
        owner: KeepAlive,
    ) -> Result<Borrowed> {
        let bytes = len.checked_mul(word).ok_or_else(|| {
            Error::Buffer(format!(
                "{source}: {len} elements of {word} bytes are more than memory can address"
            ))
        })?;
        if ptr == 0 {
            return Err(Error::Buffer(format!(
                "{source}: a null device address for {bytes} bytes"
            )));
        }
        if !ptr.is_multiple_of(word as u64) {
            return Err(Error::Buffer(format!(
                "{source}: device address {ptr:#x} is not aligned to its {word}-byte elements"
            )));
        }
        Ok(Borrowed {
            ptr,
            bytes,
            word,
            owner,
        })
    }
}

/// The bytes held by a device's buffers now and at most since the last reset.
#[derive(Debug, Default)]
pub(crate) struct Usage {
    live: AtomicUsize,
    peak: AtomicUsize,
}

impl Usage {
    fn allocated(&self, bytes: usize) {
        let live = self.live.fetch_add(bytes, Ordering::Relaxed) + bytes;
        self.peak.fetch_max(live, Ordering::Relaxed);
    }

    fn freed(&self, bytes: usize) {
        self.live.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// `(live, peak)` bytes.
    pub(crate) fn get(&self) -> (usize, usize) {
        (
            self.live.load(Ordering::Relaxed),
            self.peak.load(Ordering::Relaxed),
        )
    }

    /// Starts a new high-water mark at the bytes held now.
    pub(crate) fn reset_peak(&self) {
        self.peak
            .store(self.live.load(Ordering::Relaxed), Ordering::Relaxed);
    }
}

/// A buffer's storage on a CUDA device.
#[derive(Debug)]
pub(crate) struct CudaBuffer {
    pub(crate) device: Arc<CudaDevice>,
    /// `None` for an empty buffer.
    pub(crate) words: Option<Words>,
    /// The graph capture the pool memory was allocated inside (see `graph`).
    capture: Option<Arc<CaptureTag>>,
}

/// `(elements, word bytes)` of host words.
fn host_len(data: &HostData) -> (usize, usize) {
    match data {
        HostData::U8(v) => (v.len(), 1),
        HostData::U16(v) => (v.len(), 2),
        HostData::U32(v) => (v.len(), 4),
        HostData::U64(v) => (v.len(), 8),
    }
}

impl Words {
    fn bytes(&self) -> usize {
        match self {
            Words::U8(s) => s.num_bytes(),
            Words::U16(s) => s.num_bytes(),
            Words::U32(s) => s.num_bytes(),
            Words::U64(s) => s.num_bytes(),
            Words::Borrowed(b) => b.bytes,
        }
    }

    /// The storage word size in bytes.
    fn word(&self) -> usize {
        match self {
            Words::U8(_) => 1,
            Words::U16(_) => 2,
            Words::U32(_) => 4,
            Words::U64(_) => 8,
            Words::Borrowed(b) => b.word,
        }
    }

    /// The bytes the library allocated: what `Usage` counts (none for borrowed memory).
    fn owned_bytes(&self) -> usize {
        match self {
            Words::Borrowed(_) => 0,
            owned => owned.bytes(),
        }
    }

    /// The device address for work on `stream` that reads the words, and the guard to drop
    /// once that work is queued (cudarc's event tracking of owned slices; none when borrowed).
    pub(crate) fn read_ptr<'a>(&'a self, stream: &'a CudaStream) -> (u64, Option<SyncOnDrop<'a>>) {
        let (ptr, guard) = match self {
            Words::U8(s) => s.device_ptr(stream),
            Words::U16(s) => s.device_ptr(stream),
            Words::U32(s) => s.device_ptr(stream),
            Words::U64(s) => s.device_ptr(stream),
            Words::Borrowed(b) => return (b.ptr, None),
        };
        (ptr, Some(guard))
    }

    /// `read_ptr` for work that writes the words.
    pub(crate) fn write_ptr<'a>(
        &'a mut self,
        stream: &'a CudaStream,
    ) -> (u64, Option<SyncOnDrop<'a>>) {
        let (ptr, guard) = match self {
            Words::U8(s) => s.device_ptr_mut(stream),
            Words::U16(s) => s.device_ptr_mut(stream),
            Words::U32(s) => s.device_ptr_mut(stream),
            Words::U64(s) => s.device_ptr_mut(stream),
            Words::Borrowed(b) => return (b.ptr, None),
        };
        (ptr, Some(guard))
    }

    /// The keep-alive and address of borrowed memory.
    fn borrowed(&self) -> Option<&Borrowed> {
        match self {
            Words::Borrowed(b) => Some(b),
            _ => None,
        }
    }
}

impl Drop for CudaBuffer {
    fn drop(&mut self) {
        self.device
            .usage
            .freed(self.words.as_ref().map_or(0, Words::owned_bytes));
        let Some(words) = self.words.take() else {
            return;
        };
        if matches!(words, Words::Borrowed(_)) {
            return;
        }
        // Pool memory and graph captures (see `graph`): memory from a capture goes back as its
        // capture says; memory from before an open capture of the pool's stream is freed once
        // the capture ends.
        match &self.capture {
            Some(tag) => drop(tag.release(words)),
            None => match pool_capture(self.device.ordinal) {
                Some(tag) => tag.defer(words),
                None => drop(words),
            },
        }
    }
}

/// A slice of `len` words from the stream's pool, zero-filled or left uninitialised.
fn pooled<T: DeviceRepr + ValidAsZeroBits>(
    stream: &Arc<CudaStream>,
    len: usize,
    zeroed: bool,
) -> std::result::Result<CudaSlice<T>, DriverError> {
    if zeroed {
        stream.alloc_zeros(len)
    } else {
        // SAFETY: `alloc`'s contract is that the contents are not read as values before they
        // are written. The words are plain integers (u8 to u64, every bit pattern valid), only
        // ever read by device code and copies: an upload or device copy writes the whole slice
        // first, and an unfilled output (`Device::unfilled`) is written whole by the kernel it
        // is handed to (queued after the allocation on the pool's stream, or ordered after it
        // by the write event `allocate` records for a stream scope). A kernel that left an
        // element unwritten would yield arbitrary bits there, never undefined behaviour.
        unsafe { stream.alloc(len) }
    }
}

/// Queues a copy of host words to device address `dst` on `stream`.
///
/// # Safety
/// `dst` must address at least `data`'s bytes of device memory of the stream's context, and
/// that context must be current.
unsafe fn copy_to_device(
    dst: u64,
    data: &HostData,
    stream: CUstream,
) -> std::result::Result<(), DriverError> {
    match data {
        HostData::U8(v) => result::memcpy_htod_async(dst, v, stream),
        HostData::U16(v) => result::memcpy_htod_async(dst, v, stream),
        HostData::U32(v) => result::memcpy_htod_async(dst, v, stream),
        HostData::U64(v) => result::memcpy_htod_async(dst, v, stream),
    }
}

/// Queues a copy from device address `src` into host words on `stream`.
///
/// # Safety
/// As `copy_to_device`, for `data`'s bytes at `src`; the words must not be read before the
/// stream has finished the copy.
unsafe fn copy_to_host(
    data: &mut HostData,
    src: u64,
    stream: CUstream,
) -> std::result::Result<(), DriverError> {
    match data {
        HostData::U8(v) => result::memcpy_dtoh_async(v, src, stream),
        HostData::U16(v) => result::memcpy_dtoh_async(v, src, stream),
        HostData::U32(v) => result::memcpy_dtoh_async(v, src, stream),
        HostData::U64(v) => result::memcpy_dtoh_async(v, src, stream),
    }
}

impl CudaBuffer {
    /// Wraps new storage, counting what the library allocated in the device's usage; pool
    /// memory allocated inside a graph capture of the pool's stream is tagged with it.
    fn counted(device: &Arc<CudaDevice>, words: Option<Words>) -> CudaBuffer {
        let owned = words.as_ref().map_or(0, Words::owned_bytes);
        device.usage.allocated(owned);
        let mut b = CudaBuffer {
            device: device.clone(),
            words,
            capture: None,
        };
        if owned > 0 {
            b.capture = pool_capture(device.ordinal);
            if let Some(tag) = &b.capture {
                tag.allocated();
            }
        }
        b
    }

    /// `len` words of `word` bytes on `device`, zero-filled or uninitialised: from the
    /// allocator of a scope open on this thread (`with_allocator`), else from the pool.
    fn allocate(
        device: &Arc<CudaDevice>,
        word: usize,
        len: usize,
        zeroed: bool,
    ) -> Result<CudaBuffer> {
        if len == 0 {
            return Ok(CudaBuffer::counted(device, None));
        }
        let label = device.label();
        let bytes = len.saturating_mul(word);
        let words = match foreign_allocator(device.ordinal) {
            Some(alloc) => {
                let (ptr, owner) = alloc.allocate(bytes)?;
                let b = Borrowed::new(&"the device allocator", ptr, len, word, owner)?;
                if zeroed {
                    let s = device.stream();
                    let err = |e: DriverError| cuda_error(&label, "zero-fill", e);
                    s.context().bind_to_thread().map_err(err)?;
                    // SAFETY: the allocator's contract: `bytes` bytes of this device's memory
                    // at `ptr`, allocated while the keep-alive (moved into the buffer) lives;
                    // the context is current.
                    unsafe { result::memset_d8_async(b.ptr, 0, bytes, s.cu_stream()) }
                        .map_err(err)?;
                }
                Words::Borrowed(b)
            }
            None => {
                let s = &device.own_stream;
                let w = match word {
                    1 => pooled(s, len, zeroed).map(Words::U8),
                    2 => pooled(s, len, zeroed).map(Words::U16),
                    4 => pooled(s, len, zeroed).map(Words::U32),
                    _ => pooled(s, len, zeroed).map(Words::U64),
                };
                let mut w = w.map_err(|e| alloc_error(&label, "allocate", bytes, e))?;
                if !zeroed && !device.is_own(&device.stream()) {
                    // Inside a stream scope: record the allocation as a write on the pool's
                    // stream, so that work on the scope's stream waits for it (cudarc's events;
                    // a zero-filled allocation's memset has recorded it already).
                    drop(w.write_ptr(s));
                }
                w
            }
        };
        Ok(CudaBuffer::counted(device, Some(words)))
    }

    /// `len` zero elements of `dtype` on `device`.
    pub(crate) fn zeros(device: &Arc<CudaDevice>, dtype: DType, len: usize) -> Result<CudaBuffer> {
        CudaBuffer::allocate(device, dtype.size_bytes(), len, true)
    }

    /// `len` elements of `dtype` on `device` with unspecified contents (no memset): for an
    /// output that a kernel overwrites entirely.
    pub(crate) fn unfilled(
        device: &Arc<CudaDevice>,
        dtype: DType,
        len: usize,
    ) -> Result<CudaBuffer> {
        CudaBuffer::allocate(device, dtype.size_bytes(), len, false)
    }

    /// A copy of host words on `device`.
    pub(crate) fn upload(device: &Arc<CudaDevice>, data: &HostData) -> Result<CudaBuffer> {
        let (len, word) = host_len(data);
        let mut out = CudaBuffer::allocate(device, word, len, false)?;
        out.write(data)?;
        Ok(out)
    }

    /// `len` elements of `dtype` at device address `ptr` of `device`, kept allocated by
    /// `owner` (see `Buffer::borrow_cuda` for the contract); an empty buffer ignores `ptr` and
    /// drops `owner` at once.
    pub(crate) fn borrowed(
        device: &Arc<CudaDevice>,
        dtype: DType,
        len: usize,
        ptr: u64,
        owner: KeepAlive,
    ) -> Result<CudaBuffer> {
        let words = if len == 0 {
            None
        } else {
            // Formatted only for an error message: borrows happen on every adapter call.
            let source = std::fmt::from_fn(|f| {
                write!(f, "borrowed device memory of {len} {dtype} elements")
            });
            let b = Borrowed::new(&source, ptr, len, dtype.size_bytes(), owner)?;
            Some(Words::Borrowed(b))
        };
        Ok(CudaBuffer::counted(device, words))
    }

    /// The address and keep-alive of borrowed memory (`None` for owned or empty storage).
    pub(crate) fn borrowed_memory(&self) -> Option<(u64, &(dyn Any + Send + Sync))> {
        let b = self.words.as_ref()?.borrowed()?;
        Some((b.ptr, &*b.owner))
    }

    /// `cuda:N`.
    pub(crate) fn device_name(&self) -> String {
        self.device.label()
    }

    /// The elements as host words of `dtype`, after the work queued before on the device.
    pub(crate) fn download(&self, dtype: DType) -> Result<HostData> {
        let Some(w) = &self.words else {
            return Ok(HostData::zeroed(dtype, 0));
        };
        let s = &self.device.stream();
        let err = |e: DriverError| cuda_error(&self.device_name(), "download", e);
        let mut data = HostData::zeroed(dtype, w.bytes() / dtype.size_bytes());
        if host_len(&data).1 != w.word() {
            return Err(Error::Buffer(format!(
                "download of {}-byte device words as {dtype}",
                w.word()
            )));
        }
        s.context().bind_to_thread().map_err(err)?;
        {
            let (src, _guard) = w.read_ptr(s);
            // SAFETY: `data` holds exactly the buffer's bytes, `src` addresses them on this
            // device (owned: a live slice; borrowed: the borrow's contract) and the context is
            // current. A copy into pageable host memory has finished when the call returns.
            unsafe { copy_to_host(&mut data, src, s.cu_stream()) }.map_err(err)?;
        }
        // The wait for the copy's stream (the writes of the buffer are ordered on it) also reports
        // an error of earlier asynchronous work (a faulting kernel) rather than leaving it to the
        // next call. Inside a stream scope, work other threads queued on the device's own stream
        // is not waited for.
        s.synchronize().map_err(err)?;
        Ok(data)
    }

    /// Overwrites the elements with host words of the same kind and length.
    pub(crate) fn write(&mut self, data: &HostData) -> Result<()> {
        let (len, word) = host_len(data);
        let (have, have_word) = self
            .words
            .as_ref()
            .map_or((0, word), |w| (w.bytes(), w.word()));
        if len * word != have || word != have_word {
            return Err(Error::Buffer(format!(
                "upload of {len} host words into a device buffer of {have} bytes"
            )));
        }
        let Some(w) = &mut self.words else {
            return Ok(());
        };
        let s = &self.device.stream();
        let label = self.device.label();
        let err = |e: DriverError| cuda_error(&label, "upload", e);
        s.context().bind_to_thread().map_err(err)?;
        let (dst, _guard) = w.write_ptr(s);
        // SAFETY: `dst` addresses exactly `data`'s bytes on this device (checked above) and the
        // context is current. From pageable host memory the call returns once the words are
        // staged, so `data` may go when it returns; from page-locked memory the copy runs
        // later, so words the library does not own (`Buffer::borrow_host`: a pinned tensor's)
        // are waited for before returning, as their contract ends here.
        unsafe { copy_to_device(dst, data, s.cu_stream()) }.map_err(err)?;
        if data.is_borrowed() {
            s.synchronize().map_err(err)?;
        }
        Ok(())
    }

    /// Overwrites the elements with those of `src` (same kind and length), on this buffer's
    /// device; `src` may live on another CUDA device (a peer copy).
    pub(crate) fn copy_from(&mut self, src: &CudaBuffer) -> Result<()> {
        let size = |w: &Option<Words>| w.as_ref().map_or((0, 0), |w| (w.bytes(), w.word()));
        let ((bytes, word), (want, want_word)) = (size(&src.words), size(&self.words));
        if bytes != want || (bytes > 0 && word != want_word) {
            return Err(Error::Buffer(format!(
                "device copy of {bytes} bytes into {want} bytes of another storage kind"
            )));
        }
        let (Some(d), Some(w)) = (&mut self.words, &src.words) else {
            return Ok(());
        };
        let s = &self.device.stream();
        let label = self.device.label();
        let err = |e: DriverError| cuda_error(&label, "device-to-device copy", e);
        s.context().bind_to_thread().map_err(err)?;
        if src.device.ordinal == self.device.ordinal {
            let (from, _read) = w.read_ptr(s);
            let (to, _write) = d.write_ptr(s);
            // SAFETY: both address `bytes` bytes of this device (checked above); the context is
            // current and the copy is ordered on the thread's stream of the device.
            unsafe { result::memcpy_dtod_async(to, from, bytes, s.cu_stream()) }.map_err(err)
        } else {
            // As cudarc's peer copies: the source's guard records on its device's stream, and
            // this stream waits for everything queued there so far.
            let src_stream = src.device.stream();
            let (from, _read) = w.read_ptr(&src_stream);
            let (to, _write) = d.write_ptr(s);
            let ready = src_stream.record_event(None).map_err(err)?;
            s.wait(&ready).map_err(err)?;
            // SAFETY: as above, each address in its own device's context.
            unsafe {
                result::memcpy_peer_async(
                    s.context().cu_ctx(),
                    to,
                    src_stream.context().cu_ctx(),
                    from,
                    bytes,
                    s.cu_stream(),
                )
            }
            .map_err(err)
        }
    }

    /// A copy on the same device (from a scope's allocator when one is open, else owned).
    pub(crate) fn try_clone(&self) -> Result<CudaBuffer> {
        let (word, len) = self
            .words
            .as_ref()
            .map_or((1, 0), |w| (w.word(), w.bytes() / w.word()));
        let mut out = CudaBuffer::allocate(&self.device, word, len, false)?;
        out.copy_from(self)?;
        Ok(out)
    }
}

#[cfg(test)]
#[allow(clippy::panic)]
mod tests {
    use super::*;

    fn keep() -> KeepAlive {
        Box::new(())
    }

    #[test]
    fn borrowed_addresses_are_checked() {
        let b = Borrowed::new(&"test", 0x1000, 3, 4, keep()).expect("a valid borrow");
        assert_eq!((b.ptr, b.bytes, b.word), (0x1000, 12, 4));
        for (ptr, len, word, want) in [
            (0, 1, 2, "a null device address for 2 bytes"),
            (
                0x1002,
                1,
                4,
                "device address 0x1002 is not aligned to its 4-byte elements",
            ),
            (0x1001, 5, 2, "not aligned to its 2-byte elements"),
            (0x1000, usize::MAX, 8, "more than memory can address"),
        ] {
            match Borrowed::new(&"test", ptr, len, word, keep()) {
                Err(Error::Buffer(m)) => assert!(m.contains(want), "{m}"),
                other => panic!("{ptr:#x} x {len}: expected Error::Buffer, got {other:?}"),
            }
        }
        // Bytes are always aligned to themselves.
        assert!(Borrowed::new(&"test", 0x1001, 1, 1, keep()).is_ok());
    }

    /// Hands out fake addresses; allocations here never reach a device.
    struct Fake(u64);

    impl DeviceAllocator for Fake {
        fn allocate(&self, _bytes: usize) -> Result<(u64, KeepAlive)> {
            Ok((self.0, keep()))
        }
    }

    fn current(ordinal: usize) -> Option<u64> {
        foreign_allocator(ordinal).map(|a| a.allocate(1).expect("fake").0)
    }

    #[test]
    fn allocator_scopes_are_per_device() {
        assert_eq!(current(0), None);
        with_allocator(0, Arc::new(Fake(1)), || {
            assert_eq!((current(0), current(1)), (Some(1), None));
        });
        assert_eq!(current(0), None);
    }
}
