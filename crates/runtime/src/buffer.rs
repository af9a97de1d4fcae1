//! Typed buffers and row-major tensors.
//!
//! A `Buffer` is a run of elements of one `DType` on one device. Host storage keeps the exact
//! storage bits: f32 and i32 as `u32` words, f16 and bf16 as `u16`, i64 as `u64`, bool as `u8`.
//! Device storage (CUDA) keeps the same words in device memory. Values cross the host boundary as
//! f32 (floats; f16/bf16 are rounded to nearest even on upload), i64 (integers) or bool.
//!
//! Host buffers belong to the `cpu` device. The `from_*` constructors and `zeros` build host
//! buffers; `Device::upload` and `Device::zeros` put them on a device; `Buffer::borrow_cuda`
//! wraps a caller's device memory without copying it. The `to_*` readers,
//! `copy_from`, `poison`, `clone` and `==` work wherever a buffer lives: reading a device buffer
//! downloads it, which waits for the work queued on its device.

use std::any::Any;
use std::borrow::Cow;
use std::fmt;

use half::{bf16, f16};
use metile_ir::DType;

use crate::cuda::{CudaBuffer, KeepAlive};
use crate::device::Device;
use crate::error::{Error, Result};

/// Host storage words of a buffer.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum HostData {
    U8(Words<u8>),
    U16(Words<u16>),
    U32(Words<u32>),
    U64(Words<u64>),
}

/// Host words: owned, or read in place from a caller's memory (`Buffer::borrow_host`) and copied
/// on the first write (`DerefMut`), so that nothing the library does changes the caller's
/// memory. `clone` always makes an owned copy.
pub(crate) enum Words<W> {
    Owned(Vec<W>),
    Borrowed {
        ptr: *const W,
        len: usize,
        /// Keeps the memory allocated; dropped with the words (or when they are first written).
        _owner: KeepAlive,
    },
}

// SAFETY: borrowed words are only read (a write copies them first), and `Buffer::borrow_host`'s
// caller guarantees that the memory stays allocated and unchanged while the words live, from any
// thread; the keep-alive is itself `Send + Sync`.
unsafe impl<W: Send> Send for Words<W> {}
unsafe impl<W: Sync> Sync for Words<W> {}

impl<W> From<Vec<W>> for Words<W> {
    fn from(v: Vec<W>) -> Words<W> {
        Words::Owned(v)
    }
}

impl<W> FromIterator<W> for Words<W> {
    fn from_iter<I: IntoIterator<Item = W>>(iter: I) -> Words<W> {
        Words::Owned(iter.into_iter().collect())
    }
}

impl<W> std::ops::Deref for Words<W> {
    type Target = [W];
    fn deref(&self) -> &[W] {
        match self {
            Words::Owned(v) => v,
            // SAFETY: `borrow_host` checked that `ptr` is non-null and aligned for `W` (it makes
            // no borrowed words of length 0), and its caller guarantees `len` readable words
            // there while the words live.
            Words::Borrowed { ptr, len, .. } => unsafe { std::slice::from_raw_parts(*ptr, *len) },
        }
    }
}

impl<W: Clone> std::ops::DerefMut for Words<W> {
    /// The words for writing: borrowed words are first copied into owned ones.
    fn deref_mut(&mut self) -> &mut [W] {
        self.own();
        match self {
            Words::Owned(v) => v,
            Words::Borrowed { .. } => unreachable!("borrowed words were just copied"),
        }
    }
}

impl<W: Clone> Words<W> {
    /// Copies borrowed words into owned ones (releasing the borrowed memory); nothing for owned
    /// words.
    fn own(&mut self) {
        if let Words::Borrowed { .. } = self {
            *self = Words::Owned(self.to_vec());
        }
    }
}

impl<W: Clone> Clone for Words<W> {
    fn clone(&self) -> Words<W> {
        Words::Owned(self.to_vec())
    }
}

impl<W: PartialEq> PartialEq for Words<W> {
    fn eq(&self, other: &Words<W>) -> bool {
        **self == **other
    }
}

impl<W: fmt::Debug> fmt::Debug for Words<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Words::Owned(v) => v.fmt(f),
            Words::Borrowed { len, .. } => write!(f, "Borrowed({len} words)"),
        }
    }
}

/// The storage word types of `HostData`: plain unsigned integers, whose memory is exactly their
/// bytes (no padding, every bit pattern a value).
trait Word: Copy + Default {}
impl Word for u8 {}
impl Word for u16 {}
impl Word for u32 {}
impl Word for u64 {}

/// The native-endian bytes of `words`.
fn word_bytes<W: Word>(words: &[W]) -> &[u8] {
    // SAFETY: `W` is a `Word`: its memory is `size_of::<W>()` initialised bytes with no padding;
    // the byte view borrows `words` for its lifetime.
    unsafe { std::slice::from_raw_parts(words.as_ptr().cast::<u8>(), std::mem::size_of_val(words)) }
}

/// The native-endian bytes of `words`, writable: any bytes written are valid words.
fn word_bytes_mut<W: Word>(words: &mut [W]) -> &mut [u8] {
    let len = std::mem::size_of_val(words);
    // SAFETY: as `word_bytes`; every bit pattern is a `Word` value, and the view borrows
    // `words` mutably for its lifetime.
    unsafe { std::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<u8>(), len) }
}

/// Words of `N` bytes from little-endian bytes (a whole number of words). On a little-endian
/// host the bytes are the words: one copy.
fn words_from_le<W: Word, const N: usize>(bytes: &[u8], from_le: fn([u8; N]) -> W) -> Vec<W> {
    if cfg!(target_endian = "little") {
        let mut words = vec![W::default(); bytes.len() / N];
        word_bytes_mut(&mut words).copy_from_slice(bytes);
        return words;
    }
    bytes
        .chunks_exact(N)
        .map(|c| {
            let mut word = [0u8; N];
            word.copy_from_slice(c);
            from_le(word)
        })
        .collect()
}

/// `words` as little-endian bytes into `out` (exactly `N` bytes a word). On a little-endian
/// host: one copy.
fn words_to_le<W: Word, const N: usize>(words: &[W], out: &mut [u8], to_le: fn(W) -> [u8; N]) {
    if cfg!(target_endian = "little") {
        out.copy_from_slice(word_bytes(words));
        return;
    }
    for (o, w) in out.chunks_exact_mut(N).zip(words) {
        o.copy_from_slice(&to_le(*w));
    }
}

impl HostData {
    /// Whether the words read a caller's memory in place (`Buffer::borrow_host`).
    pub(crate) fn is_borrowed(&self) -> bool {
        matches!(
            self,
            HostData::U8(Words::Borrowed { .. })
                | HostData::U16(Words::Borrowed { .. })
                | HostData::U32(Words::Borrowed { .. })
                | HostData::U64(Words::Borrowed { .. })
        )
    }

    pub(crate) fn zeroed(dtype: DType, len: usize) -> HostData {
        match dtype.size_bytes() {
            1 => HostData::U8(vec![0; len].into()),
            2 => HostData::U16(vec![0; len].into()),
            4 => HostData::U32(vec![0; len].into()),
            _ => HostData::U64(vec![0; len].into()),
        }
    }

    /// `len` elements of `dtype`'s poison value (see `Buffer::poison`).
    pub(crate) fn poisoned(dtype: DType, len: usize) -> HostData {
        let mut data = HostData::zeroed(dtype, len);
        data.fill_poison(dtype);
        data
    }

    fn fill_poison(&mut self, dtype: DType) {
        match (self, dtype) {
            (HostData::U32(w), DType::F32) => w.fill(f32::NAN.to_bits()),
            (HostData::U32(w), _) => w.fill(i32::MIN as u32),
            (HostData::U16(w), DType::BF16) => w.fill(bf16::NAN.to_bits()),
            (HostData::U16(w), _) => w.fill(f16::NAN.to_bits()),
            (HostData::U64(w), _) => w.fill(i64::MIN as u64),
            (HostData::U8(w), _) => w.fill(1),
        }
    }
}

/// Where a buffer's elements live.
#[derive(Debug)]
pub(crate) enum Storage {
    /// Host memory: the `cpu` device.
    Host(HostData),
    /// Device memory of one CUDA device.
    Cuda(CudaBuffer),
}

/// A typed buffer on a device.
///
/// `clone` copies the elements on the buffer's own device and `==` compares dtype, length and
/// elements wherever the two buffers live (a device buffer is downloaded; one that cannot be
/// read compares unequal).
#[derive(Debug)]
pub struct Buffer {
    dtype: DType,
    len: usize,
    storage: Storage,
}

/// Rounds an f32 to the storage bits of a float dtype.
#[inline(always)]
pub(crate) fn f32_to_bits16(dtype: DType, v: f32) -> u16 {
    if dtype == DType::BF16 {
        bf16::from_f32(v).to_bits()
    } else {
        f16::from_f32(v).to_bits()
    }
}

#[inline(always)]
pub(crate) fn bits16_to_f32(dtype: DType, b: u16) -> f32 {
    if dtype == DType::BF16 {
        f32::from_bits((b as u32) << 16)
    } else {
        f16::from_bits(b).to_f32()
    }
}

impl Buffer {
    pub(crate) fn host(dtype: DType, len: usize, data: HostData) -> Buffer {
        Buffer {
            dtype,
            len,
            storage: Storage::Host(data),
        }
    }

    pub(crate) fn on_cuda(dtype: DType, len: usize, data: CudaBuffer) -> Buffer {
        Buffer {
            dtype,
            len,
            storage: Storage::Cuda(data),
        }
    }

    /// `len` elements of `dtype` in device memory the library does not own: `ptr` (a
    /// `CUdeviceptr`) on CUDA device `device`, kept allocated by `owner`, which the buffer drops
    /// when it drops. Nothing is copied and the library never frees the memory; it is not
    /// counted in `Device::memory`. Every operation works on it as on owned memory (launches,
    /// `Device::gemm`, reads, `copy_from`, `poison`; `try_clone` makes an owned copy, or one
    /// from the allocator of a `Device::with_allocator` scope).
    ///
    /// Errors: `Error::Device` when `device` is not a CUDA device; `Error::Buffer` for a null
    /// `ptr` (unless `len` is 0: an empty buffer ignores `ptr` and drops `owner` at once), a
    /// `ptr` not aligned to `dtype`'s size, or a byte length that overflows.
    ///
    /// # Safety
    /// - `ptr` addresses at least `len * dtype.size_bytes()` bytes of device memory usable in
    ///   `device`'s context (the device's primary context, as torch's memory is), readable and
    ///   writable, holding `dtype`'s storage words (little-endian, f16/bf16 as 16-bit words,
    ///   bool as one byte 0 or 1);
    /// - the memory stays allocated while `owner` lives, and until the work queued on the
    ///   library's stream that uses it has run: `owner` may drop before that (when the buffer
    ///   drops right after a launch), so an owner whose drop frees or reuses the memory must
    ///   order that after the library's stream (`Device::cuda_stream_handle`);
    /// - the library's stream is ordered with every other user of the memory (the caller
    ///   makes the library's stream wait for the writes before, and its own streams wait for the
    ///   library's work after; the library orders only its own stream).
    ///
    /// "The library's stream" is, for work queued inside a stream scope (`Device::with_stream`),
    /// the scope's stream: memory that only the caller's stream uses, in its order, needs no
    /// ordering at all.
    pub unsafe fn borrow_cuda(
        device: &Device,
        dtype: DType,
        len: usize,
        ptr: u64,
        owner: KeepAlive,
    ) -> Result<Buffer> {
        let Some(d) = device.cuda_device() else {
            return Err(Error::Device {
                device: device.label(),
                message: "borrowed device memory needs a CUDA device".into(),
            });
        };
        let storage = CudaBuffer::borrowed(d, dtype, len, ptr, owner)?;
        Ok(Buffer::on_cuda(dtype, len, storage))
    }

    /// `len` elements of `dtype` read in place from host memory at `ptr` that the library does
    /// not own (a framework's CPU tensor): no copy. `owner` keeps the memory allocated and drops
    /// with the buffer. The buffer is a host buffer like any other, except that its words are
    /// copied into owned memory the first time anything writes them (a kernel's output, an
    /// in-place entry, `copy_from`, `poison`): the library never writes the caller's memory.
    /// `try_clone` makes an owned copy. An empty buffer ignores `ptr` and drops `owner` at once.
    ///
    /// Errors (`Error::Buffer`): a null `ptr` for a non-empty buffer, a `ptr` not aligned to
    /// `dtype`'s size, or a byte length that overflows.
    ///
    /// # Safety
    /// `ptr` addresses at least `len * dtype.size_bytes()` readable bytes holding `dtype`'s
    /// storage words (native-endian; f16/bf16 as 16-bit words, bool as one byte 0 or 1), which
    /// stay allocated while the buffer holds them and are not written (by anyone, on any
    /// thread) while a library operation reads the buffer (a launch, a copy, an upload until
    /// it returns). Between operations the caller may change them: the buffer then reads the
    /// new values.
    pub unsafe fn borrow_host(
        dtype: DType,
        len: usize,
        ptr: *const u8,
        owner: KeepAlive,
    ) -> Result<Buffer> {
        let word = dtype.size_bytes();
        let bytes = len.checked_mul(word).ok_or_else(|| {
            Error::Buffer(format!(
                "{len} elements of {word} bytes are more than memory can address"
            ))
        })?;
        if len == 0 {
            return Ok(Buffer::zeros(dtype, 0));
        }
        if ptr.is_null() {
            return Err(Error::Buffer(format!(
                "a null host address for {bytes} bytes"
            )));
        }
        if !(ptr as usize).is_multiple_of(word) {
            return Err(Error::Buffer(format!(
                "host address {ptr:p} is not aligned to its {word}-byte elements"
            )));
        }
        fn words<W>(ptr: *const u8, len: usize, owner: KeepAlive) -> Words<W> {
            Words::Borrowed {
                ptr: ptr.cast(),
                len,
                _owner: owner,
            }
        }
        let data = match word {
            1 => HostData::U8(words(ptr, len, owner)),
            2 => HostData::U16(words(ptr, len, owner)),
            4 => HostData::U32(words(ptr, len, owner)),
            _ => HostData::U64(words(ptr, len, owner)),
        };
        Ok(Buffer::host(dtype, len, data))
    }

    /// Copies host memory the buffer borrows (`borrow_host`) into memory it owns, releasing the
    /// borrowed memory; nothing for any other buffer.
    pub fn own_host_memory(&mut self) {
        match &mut self.storage {
            Storage::Host(HostData::U8(w)) => w.own(),
            Storage::Host(HostData::U16(w)) => w.own(),
            Storage::Host(HostData::U32(w)) => w.own(),
            Storage::Host(HostData::U64(w)) => w.own(),
            Storage::Cuda(_) => {}
        }
    }

    /// Whether the buffer reads a caller's host memory in place (`borrow_host`, not yet
    /// written).
    pub fn borrows_host_memory(&self) -> bool {
        matches!(&self.storage, Storage::Host(d) if d.is_borrowed())
    }

    /// For a buffer of borrowed device memory (`borrow_cuda`, or made inside a
    /// `Device::with_allocator` scope): its device address and the keep-alive that holds it;
    /// `None` for host, owned or empty buffers.
    pub fn borrowed_memory(&self) -> Option<(u64, &(dyn Any + Send + Sync))> {
        self.cuda_storage()?.borrowed_memory()
    }

    /// Elements `start..start + len` of this buffer as a buffer over the same memory, with no
    /// copy, where that memory can be shared: host memory (owned or borrowed), which the window
    /// reads in place as `borrow_host` does (a write to the window copies its words first and
    /// never reaches this buffer), and borrowed device memory (`borrow_cuda`, or memory from an
    /// allocator scope), which the window reads and writes in place. `None` for device memory
    /// the library owns (the CUDA slices' uses are tracked per slice), an empty range, or a
    /// range past the end.
    ///
    /// # Safety
    /// The window holds no keep-alive: it must drop before this buffer does, and while it
    /// lives this buffer's memory must not move (a first write to borrowed host words copies
    /// them) and must not be written other than through the window.
    pub unsafe fn window(&self, start: usize, len: usize) -> Option<Buffer> {
        let end = start.checked_add(len)?;
        if len == 0 || end > self.len {
            return None;
        }
        let word = self.dtype.size_bytes();
        match &self.storage {
            Storage::Host(d) => {
                let base = match d {
                    HostData::U8(w) => w.as_ptr(),
                    HostData::U16(w) => w.as_ptr().cast(),
                    HostData::U32(w) => w.as_ptr().cast(),
                    HostData::U64(w) => w.as_ptr().cast(),
                };
                // SAFETY: the range lies inside this buffer's words (checked above), which the
                // caller keeps allocated, unmoved and unwritten while the window lives.
                unsafe {
                    Buffer::borrow_host(self.dtype, len, base.add(start * word), Box::new(()))
                }
                .ok()
            }
            Storage::Cuda(c) => {
                let (ptr, _) = c.borrowed_memory()?;
                let window = CudaBuffer::borrowed(
                    &c.device,
                    self.dtype,
                    len,
                    ptr + (start * word) as u64,
                    Box::new(()),
                );
                window.ok().map(|w| Buffer::on_cuda(self.dtype, len, w))
            }
        }
    }

    /// Whether the two buffers' elements may overlap in memory where one could be written
    /// while the other is read. Only borrowed device memory can (`borrow_cuda` twice over one
    /// allocation): owned host and device buffers are allocations of their own, borrowed host
    /// memory (`borrow_host`) may overlap but is never written (copied first), and an empty
    /// buffer holds no memory.
    pub fn may_share_memory(&self, other: &Buffer) -> bool {
        match (self.borrowed_memory(), other.borrowed_memory()) {
            (Some((a, _)), Some((b, _))) => {
                let (a_end, b_end) = (
                    a.saturating_add(self.size_bytes() as u64),
                    b.saturating_add(other.size_bytes() as u64),
                );
                self.device_name() == other.device_name() && a < b_end && b < a_end
            }
            _ => false,
        }
    }

    /// The host words of a buffer on the cpu device; `Error::Device` for a device-resident
    /// buffer (the CPU executor cannot read device memory in place).
    pub(crate) fn host_words(&self) -> Result<&HostData> {
        match &self.storage {
            Storage::Host(d) => Ok(d),
            Storage::Cuda(c) => Err(Self::not_on_host(c)),
        }
    }

    /// The host words of a buffer on the cpu device, for writing; see `host_words`.
    pub(crate) fn host_words_mut(&mut self) -> Result<&mut HostData> {
        match &mut self.storage {
            Storage::Host(d) => Ok(d),
            Storage::Cuda(c) => Err(Self::not_on_host(c)),
        }
    }

    fn not_on_host(c: &CudaBuffer) -> Error {
        Error::Device {
            device: c.device_name(),
            message: "the buffer lives in device memory; download it with to_host() to use it \
                      on the cpu"
                .into(),
        }
    }

    /// The CUDA storage of a device-resident buffer.
    pub(crate) fn cuda_storage(&self) -> Option<&CudaBuffer> {
        match &self.storage {
            Storage::Host(_) => None,
            Storage::Cuda(c) => Some(c),
        }
    }

    pub(crate) fn cuda_storage_mut(&mut self) -> Option<&mut CudaBuffer> {
        match &mut self.storage {
            Storage::Host(_) => None,
            Storage::Cuda(c) => Some(c),
        }
    }

    /// The elements as host words: borrowed for a host buffer, downloaded for a device buffer.
    fn host_data(&self) -> Result<Cow<'_, HostData>> {
        match &self.storage {
            Storage::Host(d) => Ok(Cow::Borrowed(d)),
            Storage::Cuda(c) => Ok(Cow::Owned(c.download(self.dtype)?)),
        }
    }

    /// The device the buffer lives on: `cpu` for host memory, `cuda:N` for device `N`.
    pub fn device_name(&self) -> String {
        match &self.storage {
            Storage::Host(_) => "cpu".into(),
            Storage::Cuda(c) => c.device_name(),
        }
    }

    /// Whether the elements live in host memory (the cpu device).
    pub fn is_host(&self) -> bool {
        matches!(self.storage, Storage::Host(_))
    }

    /// A host copy of the buffer (downloading a device buffer, after the work queued on its
    /// device).
    pub fn to_host(&self) -> Result<Buffer> {
        Ok(Buffer::host(
            self.dtype,
            self.len,
            self.host_data()?.into_owned(),
        ))
    }

    /// A copy of the buffer on its own device.
    pub fn try_clone(&self) -> Result<Buffer> {
        let storage = match &self.storage {
            Storage::Host(d) => Storage::Host(d.clone()),
            Storage::Cuda(c) => Storage::Cuda(c.try_clone()?),
        };
        Ok(Buffer {
            dtype: self.dtype,
            len: self.len,
            storage,
        })
    }

    /// A zero-filled host buffer.
    pub fn zeros(dtype: DType, len: usize) -> Buffer {
        Buffer::host(dtype, len, HostData::zeroed(dtype, len))
    }

    /// A host buffer of a float dtype holding `values` rounded to `dtype`.
    pub fn from_f32(dtype: DType, values: &[f32]) -> Result<Buffer> {
        let data = match dtype {
            DType::F32 => HostData::U32(values.iter().map(|v| v.to_bits()).collect()),
            DType::F16 => {
                let mut out = vec![f16::ZERO; values.len()];
                half::slice::HalfFloatSliceExt::convert_from_f32_slice(&mut out[..], values);
                HostData::U16(out.into_iter().map(|h| h.to_bits()).collect())
            }
            DType::BF16 => HostData::U16(
                values
                    .iter()
                    .map(|v| bf16::from_f32(*v).to_bits())
                    .collect(),
            ),
            other => {
                return Err(Error::Buffer(format!(
                    "cannot fill a {other} buffer from f32 values; use from_i64 or from_bool"
                )))
            }
        };
        Ok(Buffer::host(dtype, values.len(), data))
    }

    /// A host buffer of an integer dtype; values must fit it.
    pub fn from_i64(dtype: DType, values: &[i64]) -> Result<Buffer> {
        let data = match dtype {
            DType::I32 => HostData::U32(
                values
                    .iter()
                    .map(|v| {
                        i32::try_from(*v)
                            .map(|x| x as u32)
                            .map_err(|_| Error::Buffer(format!("{v} does not fit i32")))
                    })
                    .collect::<Result<_>>()?,
            ),
            DType::I64 => HostData::U64(values.iter().map(|v| *v as u64).collect()),
            other => {
                return Err(Error::Buffer(format!(
                    "cannot fill a {other} buffer from integers"
                )))
            }
        };
        Ok(Buffer::host(dtype, values.len(), data))
    }

    /// A host buffer of `dtype` from its little-endian storage bytes: f16/bf16 as their 16-bit
    /// words, integers as themselves, bool one byte each (any non-zero byte is true). The words
    /// are taken as they are (no conversion through f32), so this is a copy at memory speed.
    pub fn from_le_bytes(dtype: DType, bytes: &[u8]) -> Result<Buffer> {
        let size = dtype.size_bytes();
        if !bytes.len().is_multiple_of(size) {
            return Err(Error::Buffer(format!(
                "{} bytes is not a whole number of {dtype} elements",
                bytes.len()
            )));
        }
        let data = match size {
            1 if dtype == DType::Bool => {
                HostData::U8(bytes.iter().map(|b| u8::from(*b != 0)).collect())
            }
            1 => HostData::U8(bytes.to_vec().into()),
            2 => HostData::U16(words_from_le(bytes, u16::from_le_bytes).into()),
            4 => HostData::U32(words_from_le(bytes, u32::from_le_bytes).into()),
            _ => HostData::U64(words_from_le(bytes, u64::from_le_bytes).into()),
        };
        Ok(Buffer::host(dtype, bytes.len() / size, data))
    }

    /// The storage words of a host buffer as native-endian bytes, for handing the memory to
    /// another owner's view (e.g. NumPy's `__array_interface__`); `None` for a device buffer.
    pub fn host_bytes_mut(&mut self) -> Option<&mut [u8]> {
        match &mut self.storage {
            Storage::Host(HostData::U8(w)) => Some(&mut w[..]),
            Storage::Host(HostData::U16(w)) => Some(word_bytes_mut(w)),
            Storage::Host(HostData::U32(w)) => Some(word_bytes_mut(w)),
            Storage::Host(HostData::U64(w)) => Some(word_bytes_mut(w)),
            Storage::Cuda(_) => None,
        }
    }

    /// Writes the elements' little-endian storage bytes (as [`Buffer::from_le_bytes`] reads
    /// them) into `out`, which must hold exactly `size_bytes()`; a device buffer is downloaded
    /// first.
    pub fn write_le_bytes(&self, out: &mut [u8]) -> Result<()> {
        if out.len() != self.size_bytes() {
            return Err(Error::Buffer(format!(
                "{} bytes for a buffer of {} bytes",
                out.len(),
                self.size_bytes()
            )));
        }
        match &*self.host_data()? {
            HostData::U8(w) => out.copy_from_slice(w),
            HostData::U16(w) => words_to_le(w, out, u16::to_le_bytes),
            HostData::U32(w) => words_to_le(w, out, u32::to_le_bytes),
            HostData::U64(w) => words_to_le(w, out, u64::to_le_bytes),
        }
        Ok(())
    }

    pub fn from_bool(values: &[bool]) -> Buffer {
        Buffer::host(
            DType::Bool,
            values.len(),
            HostData::U8(values.iter().map(|b| *b as u8).collect()),
        )
    }

    pub fn dtype(&self) -> DType {
        self.dtype
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Size in bytes.
    pub fn size_bytes(&self) -> usize {
        self.len * self.dtype.size_bytes()
    }

    /// The elements of a float buffer as f32 (exact for every float dtype).
    pub fn to_f32(&self) -> Result<Vec<f32>> {
        self.check_reader("to_f32", self.dtype.is_float(), "a float")?;
        match (self.host_data()?.as_ref(), self.dtype) {
            (HostData::U32(w), DType::F32) => Ok(w.iter().map(|b| f32::from_bits(*b)).collect()),
            (HostData::U16(w), DType::F16 | DType::BF16) => {
                Ok(w.iter().map(|b| bits16_to_f32(self.dtype, *b)).collect())
            }
            _ => Err(Error::Buffer(format!(
                "to_f32 needs a float buffer, this one is {}",
                self.dtype
            ))),
        }
    }

    /// The elements of an integer buffer.
    pub fn to_i64(&self) -> Result<Vec<i64>> {
        self.check_reader(
            "to_i64",
            matches!(self.dtype, DType::I32 | DType::I64),
            "an integer",
        )?;
        match (self.host_data()?.as_ref(), self.dtype) {
            (HostData::U32(w), DType::I32) => Ok(w.iter().map(|b| *b as i32 as i64).collect()),
            (HostData::U64(w), DType::I64) => Ok(w.iter().map(|b| *b as i64).collect()),
            _ => Err(Error::Buffer(format!(
                "to_i64 needs an integer buffer, this one is {}",
                self.dtype
            ))),
        }
    }

    pub fn to_bool(&self) -> Result<Vec<bool>> {
        self.check_reader("to_bool", self.dtype == DType::Bool, "a bool")?;
        match self.host_data()?.as_ref() {
            HostData::U8(w) if self.dtype == DType::Bool => Ok(w.iter().map(|b| *b != 0).collect()),
            _ => Err(Error::Buffer(format!(
                "to_bool needs a bool buffer, this one is {}",
                self.dtype
            ))),
        }
    }

    /// Copies the elements of `src` (same dtype and length) into `self`, reusing its storage and
    /// keeping `self` on its device: host to host, device to device (queued on the device), or
    /// across the host boundary (an upload or a download).
    pub fn copy_from(&mut self, src: &Buffer) -> Result<()> {
        if src.dtype != self.dtype || src.len != self.len {
            return Err(Error::Buffer(format!(
                "copy of {} {} elements into {} {} elements",
                src.len, src.dtype, self.len, self.dtype
            )));
        }
        match (&mut self.storage, &src.storage) {
            // Borrowed words are replaced, not copied first and then overwritten.
            (Storage::Host(d), Storage::Host(s)) if d.is_borrowed() => *d = s.clone(),
            (Storage::Host(d), Storage::Host(s)) => match (d, s) {
                (HostData::U8(d), HostData::U8(s)) => d.copy_from_slice(s),
                (HostData::U16(d), HostData::U16(s)) => d.copy_from_slice(s),
                (HostData::U32(d), HostData::U32(s)) => d.copy_from_slice(s),
                (HostData::U64(d), HostData::U64(s)) => d.copy_from_slice(s),
                _ => return Err(Error::Buffer("storage kinds differ".into())),
            },
            (Storage::Host(d), Storage::Cuda(s)) => *d = s.download(src.dtype)?,
            (Storage::Cuda(d), Storage::Host(s)) => d.write(s)?,
            (Storage::Cuda(d), Storage::Cuda(s)) => d.copy_from(s)?,
        }
        Ok(())
    }

    /// Overwrites every element with a poison value (NaN for floats, the minimum for integers,
    /// `true` for bool) so that an element a kernel fails to write is visible.
    ///
    /// A device buffer is overwritten by an upload of the pattern; use `try_poison` to handle a
    /// device error instead of panicking on it.
    pub fn poison(&mut self) {
        // Poisoning is a test aid: a buffer that silently kept its old contents would hide the
        // very bug it is meant to show, so a device failure stops the caller here.
        self.try_poison()
            .expect("poisoning a device buffer should succeed (try_poison returns the error)");
    }

    /// `poison`, returning a device error instead of panicking.
    pub fn try_poison(&mut self) -> Result<()> {
        match &mut self.storage {
            // Borrowed words are replaced, not copied first and then overwritten.
            Storage::Host(d) if d.is_borrowed() => *d = HostData::poisoned(self.dtype, self.len),
            Storage::Host(d) => d.fill_poison(self.dtype),
            Storage::Cuda(c) => c.write(&HostData::poisoned(self.dtype, self.len))?,
        }
        Ok(())
    }

    fn check_reader(&self, reader: &str, ok: bool, want: &str) -> Result<()> {
        if ok {
            return Ok(());
        }
        Err(Error::Buffer(format!(
            "{reader} needs {want} buffer, this one is {}",
            self.dtype
        )))
    }
}

impl Clone for Buffer {
    /// A copy on the same device. Panics if the device cannot copy (out of memory, a failed
    /// context); `try_clone` returns that error instead.
    fn clone(&self) -> Buffer {
        self.try_clone()
            .expect("copying a buffer on its device should succeed (try_clone returns the error)")
    }
}

impl PartialEq for Buffer {
    fn eq(&self, other: &Buffer) -> bool {
        if self.dtype != other.dtype || self.len != other.len {
            return false;
        }
        match (self.host_data(), other.host_data()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

/// The element count of `shape`: 0 when any axis is 0, `None` when the product overflows.
pub fn numel_of(shape: &[usize]) -> Option<usize> {
    if shape.contains(&0) {
        return Some(0);
    }
    shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

/// A contiguous row-major tensor: a buffer and its shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    pub buffer: Buffer,
    pub shape: Vec<usize>,
}

impl Tensor {
    /// Wraps `buffer` as `shape`; the element counts must agree (a shape whose element count
    /// overflows `usize` is an error, not a wrapped count).
    pub fn new(buffer: Buffer, shape: Vec<usize>) -> Result<Tensor> {
        let n = numel_of(&shape).ok_or_else(|| {
            Error::Buffer(format!(
                "shape {shape:?} has more elements than memory can address"
            ))
        })?;
        if n != buffer.len() {
            return Err(Error::Buffer(format!(
                "shape {shape:?} has {n} elements, the buffer {}",
                buffer.len()
            )));
        }
        Ok(Tensor { buffer, shape })
    }

    /// A zero host tensor of a shape the caller knows to be small (fixed or already checked);
    /// shapes that come from users go through `Device::tensor_zeros`, which checks the count.
    pub fn zeros(dtype: DType, shape: &[usize]) -> Tensor {
        Tensor {
            buffer: Buffer::zeros(dtype, shape.iter().product()),
            shape: shape.to_vec(),
        }
    }

    pub fn from_f32(dtype: DType, shape: &[usize], values: &[f32]) -> Result<Tensor> {
        Tensor::new(Buffer::from_f32(dtype, values)?, shape.to_vec())
    }

    pub fn dtype(&self) -> DType {
        self.buffer.dtype()
    }

    pub fn numel(&self) -> usize {
        self.buffer.len()
    }

    /// `(rows, cols)` when every axis but the last is flattened into rows; `None` for rank 0.
    pub fn rows_cols(&self) -> Option<(usize, usize)> {
        let (&cols, lead) = self.shape.split_last()?;
        Some((lead.iter().product(), cols))
    }

    pub fn to_f32(&self) -> Result<Vec<f32>> {
        self.buffer.to_f32()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_counts_never_wrap() {
        assert_eq!(numel_of(&[]), Some(1));
        assert_eq!(numel_of(&[3, 4]), Some(12));
        assert_eq!(numel_of(&[1 << 32, 1 << 32, 0]), Some(0));
        assert_eq!(numel_of(&[1 << 32, 1 << 32, 2]), None);
        let empty = Buffer::zeros(DType::F32, 0);
        assert!(Tensor::new(empty.clone(), vec![1 << 32, 1 << 32, 0]).is_ok());
        // 2^64 wraps to 0 in a plain product: it must not match the empty buffer.
        assert!(Tensor::new(empty, vec![1 << 32, 1 << 32]).is_err());
        let cpu = Device::cpu();
        let e = cpu
            .tensor_zeros(DType::F32, &[1 << 32, 1 << 32])
            .unwrap_err();
        assert!(e.to_string().contains("too many elements"), "{e}");
        assert_eq!(cpu.tensor_zeros(DType::F32, &[2, 3]).unwrap().numel(), 6);
    }

    /// Storage bytes in and out: every dtype's words kept exactly (bf16/f16 bit patterns, NaN
    /// payloads, i64 extremes), bool bytes normalised, ragged byte counts refused.
    #[test]
    fn little_endian_bytes_round_trip() {
        let cases: [(DType, Vec<u8>); 6] = [
            (
                DType::F32,
                [1.5f32, -0.0, f32::NAN, 3e38]
                    .iter()
                    .flat_map(|v| v.to_le_bytes())
                    .collect(),
            ),
            (
                DType::BF16,
                [0x3fc0u16, 0x7fc1, 0x8000]
                    .iter()
                    .flat_map(|v| v.to_le_bytes())
                    .collect(),
            ),
            (
                DType::F16,
                [0x3e00u16, 0xfc00]
                    .iter()
                    .flat_map(|v| v.to_le_bytes())
                    .collect(),
            ),
            (
                DType::I32,
                [7i32, -1, i32::MIN]
                    .iter()
                    .flat_map(|v| v.to_le_bytes())
                    .collect(),
            ),
            (
                DType::I64,
                [i64::MAX, -5]
                    .iter()
                    .flat_map(|v| v.to_le_bytes())
                    .collect(),
            ),
            (DType::Bool, vec![0, 1, 1]),
        ];
        for (dtype, bytes) in cases {
            let b = Buffer::from_le_bytes(dtype, &bytes).unwrap();
            assert_eq!(b.len(), bytes.len() / dtype.size_bytes(), "{dtype}");
            let mut out = vec![0xAA; b.size_bytes()];
            b.write_le_bytes(&mut out).unwrap();
            assert_eq!(out, bytes, "{dtype}");
            assert!(b.write_le_bytes(&mut [0u8; 1]).is_err());
        }
        assert_eq!(
            Buffer::from_le_bytes(DType::F32, &[0; 8])
                .unwrap()
                .to_f32()
                .unwrap(),
            [0.0, 0.0]
        );
        assert_eq!(
            Buffer::from_le_bytes(DType::I32, &(-3i32).to_le_bytes())
                .unwrap()
                .to_i64()
                .unwrap(),
            [-3]
        );
        assert_eq!(
            Buffer::from_le_bytes(DType::Bool, &[0, 7])
                .unwrap()
                .to_bool()
                .unwrap(),
            [false, true]
        );
        assert_eq!(
            Buffer::from_le_bytes(DType::BF16, &0x3fc0u16.to_le_bytes())
                .unwrap()
                .to_f32()
                .unwrap(),
            [1.5]
        );
        assert!(Buffer::from_le_bytes(DType::F32, &[0; 6]).is_err());
    }

    /// A host window reads its range of the parent in place, for every word size and for
    /// borrowed words too; writing it copies and leaves the parent as it was; an empty range
    /// or one past the end has no window.
    #[test]
    fn host_windows_read_in_place_and_never_write_the_parent() {
        let values: Vec<f32> = (0..10).map(|i| i as f32 * 1.5 - 3.0).collect();
        let ints: Vec<i64> = (0..10).map(|i| i * 3 - 7).collect();
        for dtype in [
            DType::F32,
            DType::BF16,
            DType::F16,
            DType::I64,
            DType::I32,
            DType::Bool,
        ] {
            let parent = match dtype {
                DType::I64 | DType::I32 => Buffer::from_i64(dtype, &ints),
                DType::Bool => Ok(Buffer::from_bool(
                    &ints.iter().map(|i| i % 2 == 0).collect::<Vec<_>>(),
                )),
                _ => Buffer::from_f32(dtype, &values),
            }
            .expect("parent");
            let bytes = |b: &Buffer| {
                let mut out = vec![0; b.size_bytes()];
                b.write_le_bytes(&mut out).expect("bytes");
                out
            };
            let expect = bytes(&parent);
            let word = dtype.size_bytes();
            // SAFETY: each window drops before `parent`, which nothing writes meanwhile.
            let mut w = unsafe { parent.window(3, 4) }.expect("a host window");
            assert_eq!(w.dtype(), dtype);
            assert!(w.borrows_host_memory(), "{dtype}: read in place");
            assert_eq!(bytes(&w), expect[3 * word..7 * word], "{dtype}");
            w.poison();
            assert!(!w.borrows_host_memory(), "{dtype}: copied on write");
            assert_eq!(bytes(&parent), expect, "{dtype}: parent unwritten");
            assert!(unsafe { parent.window(3, 0) }.is_none());
            assert!(unsafe { parent.window(7, 4) }.is_none());
            assert!(unsafe { parent.window(usize::MAX, 2) }.is_none());
            assert!(unsafe { parent.window(0, 10) }.is_some());
        }
        let words: Vec<f32> = values.clone();
        // SAFETY: `words` outlives `borrowed` and its window and is not written meanwhile.
        let borrowed = unsafe {
            Buffer::borrow_host(DType::F32, words.len(), words.as_ptr().cast(), Box::new(()))
        }
        .expect("borrowed");
        let w = unsafe { borrowed.window(8, 2) }.expect("a window of borrowed words");
        assert_eq!(w.to_f32().expect("window"), values[8..]);
    }
}
