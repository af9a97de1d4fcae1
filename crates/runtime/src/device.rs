//! Devices: where buffers live and kernels run. Operator code talks to `Device` only, so that
//! targets (CUDA now, Metal later) plug in without changing it.
//!
//! Two targets: `cpu` (the host; the executor in `cpu`) and `cuda` (`cuda:N` for device `N`;
//! see `cuda`). A CUDA device is opened once per process and ordinal: every handle to `cuda:N`
//! shares its context, stream and kernel cache.

use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::{Arc, Mutex, OnceLock};

use metile_codegen::{CudaSource, Target};
use metile_ir::{DType, Verified};
use metile_lang::LangError;

use crate::buffer::{Buffer, Tensor};
use crate::cuda::{CudaBuffer, CudaDevice, CudaKernel, DeviceAllocator};
use crate::error::{Error, Result};
use crate::gemm::Gemm;

/// A launch argument, in kernel parameter order.
#[derive(Debug)]
pub enum Arg<'a> {
    /// A buffer the kernel reads (parameter access `read`).
    In(&'a Buffer),
    /// A buffer the kernel writes (access `write` or `read_write`); held exclusively for the
    /// launch.
    Out(&'a mut Buffer),
    F32(f32),
    I32(i32),
    I64(i64),
    Bool(bool),
}

impl Arg<'_> {
    pub(crate) fn describe(&self) -> String {
        match self {
            Arg::In(b) => format!("an input buffer of {}", b.dtype()),
            Arg::Out(b) => format!("an output buffer of {}", b.dtype()),
            Arg::F32(v) => format!("f32 {v}"),
            Arg::I32(v) => format!("i32 {v}"),
            Arg::I64(v) => format!("i64 {v}"),
            Arg::Bool(v) => format!("bool {v}"),
        }
    }
}

/// A kernel ready to launch on a device: verified, canonicalised and specialised.
///
/// Every device can run the verified kernel's meaning; a CUDA device also needs `cuda`, the
/// generated source and its module loaded on that device. A `Compiled` built by hand (with
/// `cuda: None`, `Compiled::new`) runs on the cpu only.
#[derive(Debug)]
pub struct Compiled {
    /// The cache key: kernel name and spec.
    pub key: String,
    pub kernel: Verified,
    /// For a kernel compiled on a CUDA device: its CUDA source and the loaded entry point.
    pub cuda: Option<CudaKernel>,
    /// What the CPU executor derives from the kernel, computed at the first cpu launch.
    cpu: OnceLock<crate::cpu::Prepared>,
}

impl Compiled {
    /// A kernel ready for the cpu (`cuda` given for a CUDA device's kernel).
    pub fn new(key: String, kernel: Verified, cuda: Option<CudaKernel>) -> Compiled {
        Compiled {
            key,
            kernel,
            cuda,
            cpu: OnceLock::new(),
        }
    }

    fn cpu_prepared(&self) -> &crate::cpu::Prepared {
        self.cpu
            .get_or_init(|| crate::cpu::Prepared::new(self.kernel.kernel()))
    }

    /// The generated CUDA source, for a kernel compiled on a CUDA device.
    pub fn cuda_source(&self) -> Option<&CudaSource> {
        self.cuda.as_ref().map(|c| &c.source)
    }
}

#[derive(Debug)]
enum Backend {
    Cpu,
    Cuda(Arc<CudaDevice>),
}

#[derive(Debug)]
struct Inner {
    backend: Backend,
    /// Run each kernel in the form the GPU lowering takes it (`metile_codegen::gpu_form`).
    gpu_form: bool,
    cache: Mutex<HashMap<String, Arc<Compiled>>>,
}

/// The environment variable naming a folder where every compiled kernel's IR is written after
/// tracing and after each pass that changed it (`<key>.<step>-<stage>.tile`).
pub const DUMP_ENV: &str = "METILE_DUMP_DIR";

/// A file-name stem for a cache key.
fn dump_stem(key: &str) -> String {
    key.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '-'
            }
        })
        .take(120)
        .collect()
}

/// Canonicalises a traced kernel, dumping each stage when `METILE_DUMP_DIR` is set.
fn compile(key: &str, traced: Verified) -> Result<Verified> {
    let Some(dir) = std::env::var_os(DUMP_ENV) else {
        return Ok(metile_opt::canonicalize(traced)?);
    };
    let dir = std::path::PathBuf::from(dir);
    let stem = dump_stem(key);
    let mut step = 0;
    let mut dump = |stage: &str, k: &metile_ir::Kernel| {
        let path = dir.join(format!("{stem}.{step:02}-{stage}.tile"));
        step += 1;
        // Dumps are a debugging aid: a folder that cannot be written is not a compile error.
        let _ =
            std::fs::create_dir_all(&dir).and_then(|_| std::fs::write(path, metile_ir::print(k)));
    };
    dump("traced", traced.kernel());
    let out = metile_opt::canonicalize_observed(traced, &mut dump)?;
    Ok(out)
}

/// Memory of a GPU device (`Device::memory`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryStats {
    /// Bytes held by the device's buffers (every `Buffer` on it) now; borrowed memory
    /// (`Buffer::borrow_cuda`, allocator scopes) belongs to its owner and is not counted.
    pub live_bytes: usize,
    /// The most bytes its buffers held at once since the device was opened or
    /// `Device::reset_peak_memory`. Library workspaces (cuBLAS) are not buffers and not counted.
    pub peak_bytes: usize,
    /// Device memory in use now as the driver reports it (`cuMemGetInfo`: total - free), which
    /// also counts contexts, library workspaces and every other process on the device.
    pub driver_used_bytes: usize,
    pub total_bytes: usize,
}

/// Work recorded by `Device::capture` (a CUDA graph), replayed as one submission. It holds the
/// pool memory that buffers dropped inside the capture released (the recorded work may use it)
/// until it drops.
pub struct DeviceGraph {
    captured: crate::cuda::Captured,
    device: String,
}

impl Debug for DeviceGraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceGraph")
            .field("device", &self.device)
            .field("kept_buffers", &self.captured.kept.len())
            .finish()
    }
}

impl DeviceGraph {
    /// Queues the recorded work on the stream it was captured from (the capture itself ran
    /// none of it).
    ///
    /// # Safety
    /// Every buffer the recorded work reads or writes must still be alive: dropped after the
    /// capture, or inside it when the graph does not keep its memory (an allocator scope's
    /// memory, or any buffer of a capture made in a stream scope; see `Device::capture`), it
    /// leaves the work using freed memory. The stream of a capture made inside a stream scope
    /// (`Device::with_stream`) must be alive too.
    pub unsafe fn replay(&self) -> Result<()> {
        self.captured
            .graph
            .launch()
            .map_err(|e| crate::cuda::cuda_error(&self.device, "replay a graph", e))
    }
}

/// A device handle; cheap to clone.
#[derive(Clone, Debug)]
pub struct Device {
    inner: Arc<Inner>,
}

/// The process's CUDA devices, one per ordinal, opened on first use.
static CUDA_DEVICES: OnceLock<Mutex<HashMap<usize, Device>>> = OnceLock::new();

impl Device {
    /// The host CPU, the embedded default.
    pub fn cpu() -> Device {
        Device::with_backend(Backend::Cpu, false)
    }

    /// The host CPU running every kernel in the form the GPU lowering takes it (after the
    /// GPU-only rewrites of `metile_codegen::gpu_form`, such as rematerialised broadcasts), so
    /// that the FP64 oracle suite checks those rewrites without a GPU.
    pub fn cpu_in_gpu_form() -> Device {
        Device::with_backend(Backend::Cpu, true)
    }

    fn with_backend(backend: Backend, gpu_form: bool) -> Device {
        Device {
            inner: Arc::new(Inner {
                backend,
                gpu_form,
                cache: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// CUDA device 0. Fails with `Error::Device` when no driver, no device or no working
    /// context is found here (never panics).
    pub fn cuda() -> Result<Device> {
        Device::cuda_ordinal(0)
    }

    /// CUDA device `ordinal`, opened once per process and shared by every handle.
    pub fn cuda_ordinal(ordinal: usize) -> Result<Device> {
        let devices = CUDA_DEVICES.get_or_init(|| Mutex::new(HashMap::new()));
        // A poisoned map only means another thread panicked while opening a device; the map
        // holds only devices that opened.
        let mut devices = devices.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(d) = devices.get(&ordinal) {
            return Ok(d.clone());
        }
        let device =
            Device::with_backend(Backend::Cuda(Arc::new(CudaDevice::open(ordinal)?)), false);
        devices.insert(ordinal, device.clone());
        Ok(device)
    }

    /// Device names accepted by `by_name` (also `cuda:N` for CUDA device `N`).
    pub const NAMES: [&'static str; 2] = ["cpu", "cuda"];

    /// Opens a device by name: `cpu`, `cuda` (device 0) or `cuda:N`.
    pub fn by_name(name: &str) -> Result<Device> {
        let available = "available: cpu, cuda, cuda:N (CUDA device N)";
        match name {
            "cpu" => Ok(Device::cpu()),
            "cuda" => Device::cuda(),
            "metal" => Err(Error::Device {
                device: name.into(),
                message: format!("this target is not built yet; {available}"),
            }),
            other => match other.strip_prefix("cuda:").map(str::parse::<usize>) {
                Some(Ok(n)) => Device::cuda_ordinal(n),
                _ => Err(Error::Device {
                    device: other.into(),
                    message: format!("unknown device; {available}"),
                }),
            },
        }
    }

    /// The target's name: `cpu` or `cuda`.
    pub fn name(&self) -> &'static str {
        match self.inner.backend {
            Backend::Cpu => "cpu",
            Backend::Cuda(_) => "cuda",
        }
    }

    /// The device's name as buffers report it (`Buffer::device_name`): `cpu` or `cuda:N`.
    pub fn label(&self) -> String {
        match &self.inner.backend {
            Backend::Cpu => "cpu".into(),
            Backend::Cuda(d) => d.label(),
        }
    }

    /// A line for reports, e.g. "NVIDIA H200 (sm_90, 132 SMs)" or "host CPU (16 threads)".
    pub fn describe(&self) -> String {
        match &self.inner.backend {
            Backend::Cpu => format!("host CPU ({} threads)", rayon::current_num_threads()),
            Backend::Cuda(d) => d.describe(),
        }
    }

    /// Parallel units to size grids by: worker threads on the cpu, multiprocessors on a GPU.
    pub fn compute_units(&self) -> usize {
        match &self.inner.backend {
            Backend::Cpu => rayon::current_num_threads().max(1),
            Backend::Cuda(d) => (d.sms as usize).max(1),
        }
    }

    /// Programs of `kernel` that run at once on the whole device: on CUDA, the multiprocessors
    /// times the blocks of its thread count that fit on one (registers and shared memory, as the
    /// driver's occupancy calculator counts them); on the cpu, the worker threads. A grid of
    /// this many programs is one full wave: a persistent kernel sized to it leaves no program
    /// waiting for a second wave.
    pub fn resident_programs(&self, kernel: &Compiled) -> Result<usize> {
        match (&self.inner.backend, &kernel.cuda) {
            (Backend::Cuda(d), Some(ck)) => {
                let per_sm = ck
                    .function
                    .occupancy_max_active_blocks_per_multiprocessor(ck.source.threads, 0, None)
                    .map_err(|e| crate::cuda::cuda_error(&self.label(), "occupancy query", e))?;
                Ok(d.sms as usize * (per_sm as usize).max(1))
            }
            _ => Ok(self.compute_units()),
        }
    }

    /// Whether this is the host CPU.
    pub fn is_cpu(&self) -> bool {
        matches!(self.inner.backend, Backend::Cpu)
    }

    /// What the GPU lowering needs to know about this device (`None` for the cpu): compute
    /// capability, threads per block, shared memory per block and warp size, read from the
    /// device.
    pub fn codegen_target(&self) -> Option<Target> {
        match &self.inner.backend {
            Backend::Cpu => None,
            Backend::Cuda(d) => Some(d.target.clone()),
        }
    }

    /// `len` zero elements of `dtype` on this device.
    pub fn zeros(&self, dtype: DType, len: usize) -> Result<Buffer> {
        self.allocate(dtype, len, true)
    }

    /// `len` elements of `dtype` on this device whose contents are unspecified: a GPU skips the
    /// zero fill (a memset as long as a kernel's pass over the buffer), the cpu still zeroes.
    /// For outputs that a kernel overwrites entirely; reading an element before then gives
    /// arbitrary bits (never undefined behaviour: device memory is only read by kernels and
    /// copies).
    pub fn unfilled(&self, dtype: DType, len: usize) -> Result<Buffer> {
        self.allocate(dtype, len, false)
    }

    /// `len` elements of `dtype`, zero-filled or (on a GPU) left unfilled.
    fn allocate(&self, dtype: DType, len: usize, zeroed: bool) -> Result<Buffer> {
        match &self.inner.backend {
            Backend::Cpu => Ok(Buffer::zeros(dtype, len)),
            Backend::Cuda(d) => {
                let b = if zeroed {
                    CudaBuffer::zeros(d, dtype, len)?
                } else {
                    CudaBuffer::unfilled(d, dtype, len)?
                };
                Ok(Buffer::on_cuda(dtype, len, b))
            }
        }
    }

    /// A copy of `buffer` on this device, wherever it lives now (on the cpu, a host copy).
    pub fn upload(&self, buffer: &Buffer) -> Result<Buffer> {
        match &self.inner.backend {
            Backend::Cpu => buffer.to_host(),
            Backend::Cuda(d) => match buffer.cuda_storage() {
                Some(c) if c.device.ordinal == d.ordinal => buffer.try_clone(),
                Some(_) => {
                    let mut out = self.unfilled(buffer.dtype(), buffer.len())?;
                    out.copy_from(buffer)?;
                    Ok(out)
                }
                None => Ok(Buffer::on_cuda(
                    buffer.dtype(),
                    buffer.len(),
                    CudaBuffer::upload(d, buffer.host_words()?)?,
                )),
            },
        }
    }

    /// A zero tensor of `shape` on this device; a shape whose element count overflows is an
    /// error, before anything is allocated.
    pub fn tensor_zeros(&self, dtype: DType, shape: &[usize]) -> Result<Tensor> {
        self.tensor_of(dtype, shape, true)
    }

    /// A tensor of `shape` on this device with unspecified contents ([`Device::unfilled`]); a
    /// shape whose element count overflows is an error, before anything is allocated.
    pub fn tensor_unfilled(&self, dtype: DType, shape: &[usize]) -> Result<Tensor> {
        self.tensor_of(dtype, shape, false)
    }

    fn tensor_of(&self, dtype: DType, shape: &[usize], zeroed: bool) -> Result<Tensor> {
        let numel = crate::buffer::numel_of(shape)
            .ok_or_else(|| Error::Buffer(format!("shape {shape:?} has too many elements")))?;
        Tensor::new(self.allocate(dtype, numel, zeroed)?, shape.to_vec())
    }

    /// A copy of `tensor` on this device.
    pub fn to_device(&self, tensor: &Tensor) -> Result<Tensor> {
        Tensor::new(self.upload(&tensor.buffer)?, tensor.shape.clone())
    }

    /// What this device's buffers hold, for a GPU (`None` on the cpu, whose buffers are host
    /// memory: see the process's resident set instead).
    pub fn memory(&self) -> Result<Option<MemoryStats>> {
        match &self.inner.backend {
            Backend::Cpu => Ok(None),
            Backend::Cuda(d) => {
                let (live, peak) = d.usage.get();
                let (free, total) = d.driver_memory()?;
                Ok(Some(MemoryStats {
                    live_bytes: live,
                    peak_bytes: peak,
                    driver_used_bytes: total.saturating_sub(free),
                    total_bytes: total,
                }))
            }
        }
    }

    /// Starts a new high-water mark of [`MemoryStats::peak_bytes`] at the bytes held now (a
    /// no-op on the cpu).
    pub fn reset_peak_memory(&self) {
        if let Backend::Cuda(d) = &self.inner.backend {
            d.usage.reset_peak();
        }
    }

    /// Runs `f` with every buffer allocation for this CUDA device made **on the calling thread**
    /// (zeros, uploads, copies: every `Buffer` the library makes here, a registry call's outputs
    /// and scratch alike) drawn from `alloc` instead of the library's pool, as borrowed memory
    /// that `alloc`'s keep-alives hold (zero-filled by a memset queued on the device's stream).
    /// Other threads, and other devices, keep allocating from the pool; nested scopes for one
    /// device use the innermost allocator. The scope closes when `f` returns or unwinds. On the
    /// cpu it just runs `f`.
    pub fn with_allocator<R>(&self, alloc: Arc<dyn DeviceAllocator>, f: impl FnOnce() -> R) -> R {
        match &self.inner.backend {
            Backend::Cpu => f(),
            Backend::Cuda(d) => crate::cuda::with_allocator(d.ordinal, alloc, f),
        }
    }

    /// Runs `f` with every launch, transfer, memset and `gemm` for this CUDA device made **on
    /// the calling thread** queued on the caller's stream `handle` (a raw `CUstream` of the
    /// device's primary context: e.g. torch's `torch.cuda.current_stream(dev).cuda_stream`, 0
    /// for the legacy default stream) instead of the device's own stream. Other threads, and
    /// other devices, keep the device's stream; nested scopes for one device use the innermost
    /// stream. The scope closes when `f` returns or unwinds. The caller keeps the stream alive
    /// until the work queued on it is done.
    ///
    /// Opened together with `with_allocator` (an allocator whose memory is stream-ordered on
    /// `handle`), the scope touches no other stream and records no event; owned pool memory
    /// used in a scope is ordered with the stream by events instead. See the `cuda` module's
    /// `stream` notes for the whole contract (memory, host reads, cuBLAS workspaces, graph
    /// capture).
    ///
    /// `Error::Cuda` when the driver does not know the handle, `Error::Device` when the stream
    /// belongs to another context (`f` is not run). On the cpu, whose launches run on the
    /// calling thread and are done when they return, there is no stream: it just runs `f`.
    ///
    /// # Safety
    /// On a CUDA device, `handle` is a live stream (or 0, or the per-thread default stream 2)
    /// of the device's primary context, and it stays alive until the work `f` queues on it is
    /// done: the driver is handed the raw handle as it is.
    pub unsafe fn with_stream<R>(&self, handle: u64, f: impl FnOnce() -> R) -> Result<R> {
        match &self.inner.backend {
            Backend::Cpu => Ok(f()),
            Backend::Cuda(d) => crate::cuda::with_stream(d, handle, f),
        }
    }

    /// The raw handle (a `CUstream`) of the device's own stream, where every launch and copy of
    /// this CUDA device is queued outside stream scopes (`with_stream`), for a caller that
    /// orders its own streams with the library's (e.g. torch's `ExternalStream` and events);
    /// `None` on the cpu. The stream lives as long as the process; the caller must not destroy
    /// it.
    pub fn cuda_stream_handle(&self) -> Option<u64> {
        match &self.inner.backend {
            Backend::Cpu => None,
            Backend::Cuda(d) => Some(d.own_stream.cu_stream() as usize as u64),
        }
    }

    /// Runs `f` with the work queued on this CUDA device's stream (the calling thread's: its
    /// stream scope's, else the device's own) recorded into a graph instead of run; returns
    /// `f`'s result and the graph, which `DeviceGraph::replay` runs. No other thread may use that
    /// stream meanwhile (the driver would record its work too).
    ///
    /// Errors, after which the stream works normally: `Error::Cuda` for a capture the driver
    /// invalidated (a download or a synchronisation inside it, or a wait on an event recorded
    /// outside it: any use of a buffer allocated while event tracking was on, see
    /// `disable_event_tracking`); `Error::Device` when a pool buffer allocated inside the
    /// capture is still alive at its end (captured calls must reuse their outputs; that
    /// buffer's memory existed only in the discarded graph, and it must not be used), and on the
    /// cpu. In a capture of the device's own stream, pool memory released inside the capture
    /// stays allocated while the graph lives, and scratch allocated and freed inside it is
    /// recorded; elsewhere (a stream scope's capture, an allocator scope's memory) buffers
    /// release their memory when they drop, as outside a capture, and a buffer kept past the
    /// capture is not detected.
    pub fn capture<T>(&self, f: impl FnOnce() -> T) -> Result<(T, DeviceGraph)> {
        match &self.inner.backend {
            Backend::Cpu => Err(Error::Device {
                device: self.label(),
                message: "graph capture needs a CUDA device".into(),
            }),
            Backend::Cuda(d) => {
                let (out, captured) = d.capture(f)?;
                Ok((
                    out,
                    DeviceGraph {
                        captured,
                        device: self.label(),
                    },
                ))
            }
        }
    }

    /// Stops cudarc's event tracking on this CUDA device's context: buffers allocated
    /// afterwards record no events at their uses and wait for none, which is what lets
    /// `capture` record work on them. Nothing on the cpu.
    ///
    /// # Safety
    /// The library orders work on its buffers across streams with those events. After this
    /// call, every use of a buffer allocated afterwards must be queued on the device's own
    /// stream: no stream scopes (`with_stream`) for this device for the rest of the process, or
    /// a buffer may be read before its write, or freed while in use.
    pub unsafe fn disable_event_tracking(&self) {
        if let Backend::Cuda(d) = &self.inner.backend {
            // SAFETY: the caller's contract above.
            unsafe { d.own_stream.context().disable_event_tracking() };
        }
    }

    /// The CUDA device behind this handle (`None` on the cpu).
    pub(crate) fn cuda_device(&self) -> Option<&Arc<CudaDevice>> {
        match &self.inner.backend {
            Backend::Cpu => None,
            Backend::Cuda(d) => Some(d),
        }
    }

    /// Waits until the work queued on this device (launches, copies) is done, on its own
    /// stream and, inside a stream scope on this thread (`with_stream`), on the scope's; reports
    /// a fault of that work. A no-op on the cpu, whose launches return when done.
    pub fn synchronize(&self) -> Result<()> {
        match &self.inner.backend {
            Backend::Cpu => Ok(()),
            Backend::Cuda(d) => d.synchronize(),
        }
    }

    /// The compiled kernel for `name` specialised by `spec`, tracing it with `build` on first use
    /// and caching it on this device (so per architecture: a CUDA device's cache holds modules
    /// built for its own). On a CUDA device the kernel is also lowered to CUDA C for this device
    /// (`metile_codegen::cuda_source`) and compiled with NVRTC (through the disk cache).
    pub fn kernel<S: Debug>(
        &self,
        name: &str,
        spec: &S,
        build: impl FnOnce() -> std::result::Result<Verified, LangError>,
    ) -> Result<Arc<Compiled>> {
        // Length-prefixed, so that no (name, spec) pair can spell another's key.
        let key = format!("{}:{name}{spec:?}", name.len());
        if let Some(k) = self.lock_cache().get(&key) {
            return Ok(k.clone());
        }
        let mut kernel = compile(&key, build()?)?;
        if self.inner.gpu_form {
            kernel = metile_codegen::gpu_form(&kernel)?;
        }
        let compiled = Arc::new(self.finish(key.clone(), kernel, None)?);
        self.lock_cache().insert(key, compiled.clone());
        Ok(compiled)
    }

    /// Prepares `kernel` exactly as given (no canonicalisation, not cached): on a CUDA device,
    /// lowers and compiles it. For running the raw output of tracing on every target.
    pub fn compile_verified(&self, key: &str, kernel: Verified) -> Result<Arc<Compiled>> {
        Ok(Arc::new(self.finish(key.into(), kernel, None)?))
    }

    /// Compiles hand-written CUDA `source` as the implementation of `kernel` (whose parameters
    /// give the launch checks) on this CUDA device, bypassing the emitter; not cached in memory
    /// (the disk cache applies). `Error::Device` on the cpu. A source that sets
    /// `waits_for_prior_grid` is launched as a programmatic dependent of the grid before it, so
    /// its entry must execute `griddepcontrol.wait` before any memory access; one without that
    /// instruction is refused (`Error::Codegen`).
    pub fn kernel_with_source(
        &self,
        key: &str,
        kernel: Verified,
        source: CudaSource,
    ) -> Result<Arc<Compiled>> {
        if let Backend::Cpu = self.inner.backend {
            return Err(Error::Device {
                device: "cpu".into(),
                message: "CUDA source needs a CUDA device".into(),
            });
        }
        Ok(Arc::new(self.finish(key.into(), kernel, Some(source))?))
    }

    /// Attaches what this device needs to run `kernel`: nothing on the cpu; on CUDA the source
    /// (`source`, else generated) compiled and loaded.
    fn finish(
        &self,
        key: String,
        kernel: Verified,
        source: Option<CudaSource>,
    ) -> Result<Compiled> {
        let cuda = match &self.inner.backend {
            Backend::Cpu => None,
            Backend::Cuda(d) => {
                let source = match source {
                    Some(s) => s,
                    None => metile_codegen::cuda_source(&kernel, &d.target)?,
                };
                dump_source(&key, &source);
                let refuse = |message: String| {
                    Err(Error::Codegen(metile_codegen::CodegenError {
                        kernel: kernel.kernel().name.clone(),
                        message,
                    }))
                };
                if source.waits_for_prior_grid && !source.source.contains("griddepcontrol.wait") {
                    return refuse(
                        "the source says it waits for the prior grid (waits_for_prior_grid) but \
                         has no griddepcontrol.wait"
                            .into(),
                    );
                }
                if source.params.len() != kernel.kernel().params.len() {
                    return refuse(format!(
                        "the CUDA entry point declares {} parameters, the kernel has {}",
                        source.params.len(),
                        kernel.kernel().params.len()
                    ));
                }
                Some(crate::cuda::load_kernel(d, source)?)
            }
        };
        Ok(Compiled::new(key, kernel, cuda))
    }

    fn lock_cache(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Compiled>>> {
        // A poisoned cache only means another thread panicked while inserting; the map itself
        // is still consistent.
        self.inner.cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Number of kernels in this device's cache.
    pub fn cached_kernels(&self) -> usize {
        self.lock_cache().len()
    }

    /// Launches `kernel` over `grid` programs with `args` bound in parameter order. On the cpu it
    /// returns when the grid has run; on CUDA once the launch is queued (reading a result or
    /// `synchronize` waits for it). Buffers must live on this device.
    pub fn launch(&self, kernel: &Compiled, grid: [u32; 3], args: &mut [Arg<'_>]) -> Result<()> {
        match &self.inner.backend {
            Backend::Cpu => crate::cpu::launch(&kernel.kernel, kernel.cpu_prepared(), grid, args),
            Backend::Cuda(d) if tracing() => {
                // Debugging aid: each launch by name, waited for, with its time, so that a
                // kernel that faults or never ends shows by name.
                let name = &kernel.kernel.kernel().name;
                eprintln!("launch {name} grid {grid:?}");
                let t = std::time::Instant::now();
                crate::cuda::launch(d, kernel, grid, args)?;
                d.synchronize()?;
                eprintln!("done   {name} {:.3} ms", t.elapsed().as_secs_f64() * 1e3);
                Ok(())
            }
            Backend::Cuda(d) => crate::cuda::launch(d, kernel, grid, args),
        }
    }
}

/// Set (to anything) to wait for each CUDA launch and print its name and time to stderr.
pub const TRACE_ENV: &str = "METILE_CUDA_TRACE";

/// Whether `TRACE_ENV` is set, read once per process (launches are a hot path).
fn tracing() -> bool {
    static TRACING: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *TRACING.get_or_init(|| std::env::var_os(TRACE_ENV).is_some())
}

impl Device {
    /// Whether `gemm` can run here: `Ok` on a CUDA device whose cuBLAS loads (creating its
    /// handle), else the error `gemm` would give (`Error::Unsupported` on the cpu,
    /// `Error::Device` when cuBLAS cannot be loaded).
    pub fn gemm_available(&self) -> Result<()> {
        match &self.inner.backend {
            Backend::Cpu => Err(self.no_gemm()),
            Backend::Cuda(d) => d.blas().map(|_| ()),
        }
    }

    /// `C = alpha * op(A) op(B) + beta * C` on this device's buffers, row-major, through the
    /// vendor library (cuBLAS on CUDA), queued like a launch; see [`Gemm`] for the contract.
    /// `Error::Unsupported` on the cpu.
    pub fn gemm(&self, g: &Gemm, a: &Buffer, b: &Buffer, c: &mut Buffer) -> Result<()> {
        match &self.inner.backend {
            Backend::Cpu => Err(self.no_gemm()),
            Backend::Cuda(d) => crate::cuda::gemm(d, &*d.blas()?, g, a, b, c),
        }
    }

    fn no_gemm(&self) -> Error {
        Error::Unsupported {
            device: self.label(),
            operation: "gemm (a vendor-library matrix product)".into(),
        }
    }
}

/// Writes a kernel's CUDA source as `<key>.cu` when `METILE_DUMP_DIR` is set.
fn dump_source(key: &str, source: &CudaSource) {
    let Some(dir) = std::env::var_os(DUMP_ENV) else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    // Dumps are a debugging aid: a folder that cannot be written is not a compile error.
    let _ = std::fs::create_dir_all(&dir)
        .and_then(|_| std::fs::write(dir.join(format!("{}.cu", dump_stem(key))), &source.source));
}
