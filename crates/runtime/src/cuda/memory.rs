//! Device memory of a buffer: the host storage words (`u8`, `u16`, `u32`, `u64`, as in
//! `HostData`) in a `CudaSlice` on the device's stream, and the transfers between the two.
//!
//! Every transfer is queued on the device's one stream, so it is ordered after the launches
//! before it. Uploads return once the host words are staged; downloads wait for the stream, so a
//! kernel fault shows up there as `Error::Cuda`. An empty buffer holds no allocation (CUDA
//! refuses zero-byte allocations) and binds as a null pointer.
//!
//! Every allocation is counted in its device's [`Usage`] when made and when dropped, so the
//! device knows the bytes its buffers hold and their high-water mark.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use cudarc::driver::{CudaSlice, DriverError};
use metile_ir::DType;

use crate::buffer::HostData;
use crate::cuda::{alloc_error, cuda_error, CudaDevice};
use crate::error::{Error, Result};

/// The words of a non-empty device buffer.
#[derive(Debug)]
pub(crate) enum Words {
    U8(CudaSlice<u8>),
    U16(CudaSlice<u16>),
    U32(CudaSlice<u32>),
    U64(CudaSlice<u64>),
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
}

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
        }
    }
}

impl Drop for CudaBuffer {
    fn drop(&mut self) {
        self.device
            .usage
            .freed(self.words.as_ref().map_or(0, Words::bytes));
    }
}

impl CudaBuffer {
    /// Wraps a new allocation, counting it in the device's usage.
    fn counted(device: &Arc<CudaDevice>, words: Option<Words>) -> CudaBuffer {
        device
            .usage
            .allocated(words.as_ref().map_or(0, Words::bytes));
        CudaBuffer {
            device: device.clone(),
            words,
        }
    }

    /// `len` zero elements of `dtype` on `device`.
    pub(crate) fn zeros(device: &Arc<CudaDevice>, dtype: DType, len: usize) -> Result<CudaBuffer> {
        let bytes = len * dtype.size_bytes();
        let words = if len == 0 {
            None
        } else {
            let s = &device.stream;
            let w = match dtype.size_bytes() {
                1 => s.alloc_zeros::<u8>(len).map(Words::U8),
                2 => s.alloc_zeros::<u16>(len).map(Words::U16),
                4 => s.alloc_zeros::<u32>(len).map(Words::U32),
                _ => s.alloc_zeros::<u64>(len).map(Words::U64),
            };
            Some(w.map_err(|e| alloc_error(&device.label(), "allocate", bytes, e))?)
        };
        Ok(CudaBuffer::counted(device, words))
    }

    /// A copy of host words on `device`.
    pub(crate) fn upload(device: &Arc<CudaDevice>, data: &HostData) -> Result<CudaBuffer> {
        let (len, size) = host_len(data);
        let words = if len == 0 {
            None
        } else {
            let s = &device.stream;
            let w = match data {
                HostData::U8(v) => s.clone_htod(v).map(Words::U8),
                HostData::U16(v) => s.clone_htod(v).map(Words::U16),
                HostData::U32(v) => s.clone_htod(v).map(Words::U32),
                HostData::U64(v) => s.clone_htod(v).map(Words::U64),
            };
            Some(w.map_err(|e| alloc_error(&device.label(), "upload", len * size, e))?)
        };
        Ok(CudaBuffer::counted(device, words))
    }

    /// `cuda:N`.
    pub(crate) fn device_name(&self) -> String {
        self.device.label()
    }

    /// The elements as host words of `dtype`, after the work queued before on the device.
    pub(crate) fn download(&self, dtype: DType) -> Result<HostData> {
        let s = &self.device.stream;
        let err = |e: DriverError| cuda_error(&self.device_name(), "download", e);
        let data = match &self.words {
            None => HostData::zeroed(dtype, 0),
            Some(Words::U8(w)) => HostData::U8(s.clone_dtoh(w).map_err(err)?),
            Some(Words::U16(w)) => HostData::U16(s.clone_dtoh(w).map_err(err)?),
            Some(Words::U32(w)) => HostData::U32(s.clone_dtoh(w).map_err(err)?),
            Some(Words::U64(w)) => HostData::U64(s.clone_dtoh(w).map_err(err)?),
        };
        // A copy into pageable host memory has finished when the call returns; the wait reports
        // an error of earlier asynchronous work (a faulting kernel) rather than leaving it to
        // the next call.
        self.device.synchronize()?;
        Ok(data)
    }

    /// Overwrites the elements with host words of the same kind and length.
    pub(crate) fn write(&mut self, data: &HostData) -> Result<()> {
        let s = self.device.stream.clone();
        let label = self.device_name();
        let err = |e: DriverError| cuda_error(&label, "upload", e);
        match (&mut self.words, data) {
            (None, d) if host_len(d).0 == 0 => Ok(()),
            (Some(Words::U8(w)), HostData::U8(v)) if w.len() == v.len() => {
                s.memcpy_htod(v, w).map_err(err)
            }
            (Some(Words::U16(w)), HostData::U16(v)) if w.len() == v.len() => {
                s.memcpy_htod(v, w).map_err(err)
            }
            (Some(Words::U32(w)), HostData::U32(v)) if w.len() == v.len() => {
                s.memcpy_htod(v, w).map_err(err)
            }
            (Some(Words::U64(w)), HostData::U64(v)) if w.len() == v.len() => {
                s.memcpy_htod(v, w).map_err(err)
            }
            _ => Err(Error::Buffer(format!(
                "upload of {} host words into a device buffer of {} bytes",
                host_len(data).0,
                self.words.as_ref().map_or(0, Words::bytes)
            ))),
        }
    }

    /// Overwrites the elements with those of `src` (same kind and length), on this buffer's
    /// device; `src` may live on another CUDA device (a peer copy).
    pub(crate) fn copy_from(&mut self, src: &CudaBuffer) -> Result<()> {
        let s = self.device.stream.clone();
        let label = self.device_name();
        let err = |e: DriverError| cuda_error(&label, "device-to-device copy", e);
        match (&mut self.words, &src.words) {
            (None, None) => Ok(()),
            (Some(Words::U8(d)), Some(Words::U8(w))) if d.len() == w.len() => {
                s.memcpy_dtod(w, d).map_err(err)
            }
            (Some(Words::U16(d)), Some(Words::U16(w))) if d.len() == w.len() => {
                s.memcpy_dtod(w, d).map_err(err)
            }
            (Some(Words::U32(d)), Some(Words::U32(w))) if d.len() == w.len() => {
                s.memcpy_dtod(w, d).map_err(err)
            }
            (Some(Words::U64(d)), Some(Words::U64(w))) if d.len() == w.len() => {
                s.memcpy_dtod(w, d).map_err(err)
            }
            _ => Err(Error::Buffer(format!(
                "device copy of {} bytes into {} bytes of another storage kind",
                src.words.as_ref().map_or(0, Words::bytes),
                self.words.as_ref().map_or(0, Words::bytes)
            ))),
        }
    }

    /// A copy on the same device.
    pub(crate) fn try_clone(&self) -> Result<CudaBuffer> {
        let s = &self.device.stream;
        let bytes = self.words.as_ref().map_or(0, Words::bytes);
        let err = |e: DriverError| alloc_error(&self.device_name(), "copy", bytes, e);
        let words = match &self.words {
            None => None,
            Some(Words::U8(w)) => Some(Words::U8(s.clone_dtod(w).map_err(err)?)),
            Some(Words::U16(w)) => Some(Words::U16(s.clone_dtod(w).map_err(err)?)),
            Some(Words::U32(w)) => Some(Words::U32(s.clone_dtod(w).map_err(err)?)),
            Some(Words::U64(w)) => Some(Words::U64(s.clone_dtod(w).map_err(err)?)),
        };
        Ok(CudaBuffer::counted(&self.device, words))
    }
}
