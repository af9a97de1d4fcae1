//! `metile._metile`: the native module of the `metile` Python package (sources in `python/`).
//!
//! It exposes the operator library through its uniform interface, the registry
//! (`metile_kernels::registry`): `call(entry, inputs, params, device)` runs any registered entry
//! point (`rms_norm.forward`, `cross_entropy.backward`, ...) exactly as `metile run` does, so the
//! bounds, dtypes and typed errors are the library's own and no operator is wrapped twice. The
//! Python modules (`metile.backends.*`, `metile.torch`) name the arguments and shape the results.
//!
//! - `Tensor`: a library tensor (`metile_runtime::Tensor`) on a device, built from raw
//!   little-endian storage bytes (`Tensor.from_bytes(dtype, shape, data, device)`) and read back
//!   the same way (`to_bytes`). Dtype names are the IR's: `f32`, `f16`, `bf16`, `i32`, `i64`,
//!   `bool`; f16 and bf16 travel as their 16-bit storage words, so values are exact both ways.
//! - `call` lends the input tensors to the entry point for the call and releases the GIL while
//!   kernels run. They are put back afterwards, except the inputs an in-place entry writes over
//!   (`EntryPoint::overwrites`, e.g. `a` and `b` of `swiglu.in_place_backward`): those are taken
//!   (`EntryPoint::call_owned`), their `Tensor` objects are empty afterwards, and the entry's
//!   outputs are those tensors, in the same memory (a borrowed CUDA input stays the caller's
//!   memory, so its `storage_owner` is the caller's object). An input that may share memory
//!   with another input is copied instead, and put back.
//! - Zero-copy CUDA (for `metile.torch`): `Tensor.borrow_cuda` wraps another framework's device
//!   memory without copying it, keeping a Python object (the torch tensor) alive with it;
//!   `call_allocating` runs an entry point with every allocation of the call drawn from a Python
//!   allocator (`alloc(nbytes)` returning e.g. a torch uint8 tensor), and `storage_owner` gives
//!   back the object behind an output, so that it becomes a torch view with no copy; given the
//!   caller's stream (`stream=torch.cuda.current_stream(dev).cuda_stream`), the call's work is
//!   queued on it, else on the library's stream, whose raw handle `stream_handle` gives for
//!   ordering (see `call_allocating` and `metile.torch._bridge` for the ordering contract).
//! - Errors: every `OpError` is raised as the class `metile.errors.from_library` picks for its
//!   kind (`ValueError` subclasses for bad inputs and parameters, `RuntimeError` for device
//!   failures), with the library's message. Without the Python package (the module imported on
//!   its own) they fall back to `ValueError` and `RuntimeError`.
//!
//! Devices are opened once per process (`cpu`, `cuda`, `cuda:N`), so each keeps its kernel cache
//! across calls.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

use metile_ir::DType;
use metile_kernels::registry::{self, OpError, Port, Tensors};
use metile_runtime::{Buffer, Device, DeviceAllocator, KeepAlive, Tensor};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyList};

/// The process's cpu device (`Device::cpu()` makes a new kernel cache on every call).
static CPU: OnceLock<Device> = OnceLock::new();

fn device(name: &str) -> Result<Device, OpError> {
    if name == "cpu" {
        return Ok(CPU.get_or_init(Device::cpu).clone());
    }
    Ok(Device::by_name(name)?)
}

/// The Python exception for a library error: the class `metile.errors.from_library` picks for
/// the error's kind, else a builtin.
fn py_error(py: Python<'_>, e: OpError) -> PyErr {
    let (kind, entry, name) = match &e {
        OpError::UnknownEntry { .. } => ("unknown_entry", None, None),
        OpError::UnknownKernel { .. } => ("unknown_entry", None, None),
        OpError::MissingInput { entry, name } => ("input", Some(entry), Some(name)),
        OpError::UnknownInput { entry, name, .. } => ("input", Some(entry), Some(name)),
        OpError::BadInput { entry, name, .. } => ("input", Some(entry), Some(name)),
        OpError::UnknownParam { entry, name, .. } => ("param", Some(entry), Some(name)),
        OpError::BadParam { entry, name, .. } => ("param", Some(entry), Some(name)),
        OpError::Runtime(_) => ("runtime", None, None),
    };
    let message = e.to_string();
    let built = py
        .import("metile.errors")
        .and_then(|m| m.getattr("from_library"))
        .and_then(|f| f.call1((kind, &message, entry, name)));
    match built {
        Ok(exc) => PyErr::from_value(exc),
        Err(_) if kind == "runtime" => PyRuntimeError::new_err(message),
        Err(_) => PyValueError::new_err(message),
    }
}

fn parse_dtype(name: &str) -> Result<DType, OpError> {
    DType::parse(name).ok_or_else(|| {
        OpError::Runtime(metile_runtime::Error::Buffer(format!(
            "unknown dtype `{name}`; dtypes are f32, f16, bf16, i32, i64, bool"
        )))
    })
}

fn buffer_error(message: String) -> OpError {
    OpError::Runtime(metile_runtime::Error::Buffer(message))
}

/// The dtype and byte length of host memory at `ptr` holding a `dtype` tensor of `shape`
/// (`ptr` must be non-null when there are bytes).
fn host_extent(dtype: &str, shape: &[usize], ptr: usize) -> Result<(DType, usize), OpError> {
    let dt = parse_dtype(dtype)?;
    let numel = metile_runtime::numel_of(shape)
        .ok_or_else(|| buffer_error(format!("shape {shape:?} has too many elements")))?;
    let bytes = numel
        .checked_mul(dt.size_bytes())
        .ok_or_else(|| buffer_error(format!("shape {shape:?} has too many bytes")))?;
    if bytes > 0 && ptr == 0 {
        return Err(buffer_error("a null address for a non-empty tensor".into()));
    }
    Ok((dt, bytes))
}

/// A tensor of `dtype` and `shape` on `device` from little-endian storage bytes.
fn tensor_from_le(
    dtype: DType,
    shape: Vec<usize>,
    data: &[u8],
    device: &str,
) -> Result<Tensor, OpError> {
    let buffer = Buffer::from_le_bytes(dtype, data).map_err(|e| buffer_error(e.to_string()))?;
    let t = Tensor::new(buffer, shape)?;
    let dev = self::device(device)?;
    Ok(if dev.is_cpu() { t } else { dev.to_device(&t)? })
}

/// A library tensor on a device. The tensor sits behind a lock so that `call` can lend it to
/// the registry (which takes tensors by value) and put it back.
#[pyclass(name = "Tensor", module = "metile._metile", frozen)]
struct PyTensor {
    inner: Mutex<Option<Tensor>>,
}

impl PyTensor {
    fn new(t: Tensor) -> PyTensor {
        PyTensor {
            inner: Mutex::new(Some(t)),
        }
    }

    /// Runs `f` on the tensor (a poisoned lock only means a panic elsewhere; the tensor is
    /// intact).
    fn with<R>(&self, f: impl FnOnce(&Tensor) -> R) -> PyResult<R> {
        self.with_mut(|t| f(t))
    }

    /// [`PyTensor::with`], for changing the tensor.
    fn with_mut<R>(&self, f: impl FnOnce(&mut Tensor) -> R) -> PyResult<R> {
        let mut guard = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        match guard.as_mut() {
            Some(t) => Ok(f(t)),
            None => Err(PyRuntimeError::new_err(
                "metile Tensor is lent to a running call, or its memory was handed over \
                 (take_host_array, or an in-place entry that wrote its output over it)",
            )),
        }
    }

    fn take(&self) -> Option<Tensor> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    fn put(&self, t: Tensor) {
        *self.inner.lock().unwrap_or_else(|e| e.into_inner()) = Some(t);
    }
}

/// Host memory the library handed over for good (`Tensor.take_host_array`), viewed by NumPy
/// through `__array_interface__` without a copy. Nothing in the library touches the buffer
/// again; NumPy's array keeps this object alive as its base, so the memory outlives every view.
#[pyclass(name = "HostArray", module = "metile._metile", frozen)]
struct HostArray {
    /// Owns the memory; never touched again once made (only dropped).
    _buffer: Buffer,
    /// The address of its words, taken once: stable, since the buffer is never resized.
    ptr: usize,
    shape: Vec<usize>,
    dtype: DType,
}

#[pymethods]
impl HostArray {
    /// NumPy's array interface (version 3): shape, type string (f16/bf16 as `u2` words for
    /// bf16, which NumPy lacks; `f2` for f16), the data address, writable.
    #[getter]
    fn __array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let endian = if cfg!(target_endian = "little") {
            '<'
        } else {
            '>'
        };
        let typestr = match self.dtype {
            DType::F32 => format!("{endian}f4"),
            DType::F16 => format!("{endian}f2"),
            DType::BF16 => format!("{endian}u2"),
            DType::I32 => format!("{endian}i4"),
            DType::I64 => format!("{endian}i8"),
            DType::Bool => "|b1".to_string(),
        };
        let d = PyDict::new(py);
        d.set_item("shape", pyo3::types::PyTuple::new(py, &self.shape)?)?;
        d.set_item("typestr", typestr)?;
        d.set_item("data", (self.ptr, false))?;
        d.set_item("version", 3)?;
        Ok(d)
    }

    /// The library dtype name (`bf16` arrays are `uint16` words to NumPy).
    #[getter]
    fn dtype(&self) -> &'static str {
        self.dtype.name()
    }
}

#[pymethods]
impl PyTensor {
    /// A tensor of `dtype` and `shape` on `device` from little-endian storage bytes (f16/bf16
    /// as 16-bit words, bool as one byte each).
    #[staticmethod]
    #[pyo3(signature = (dtype, shape, data, device = "cpu"))]
    fn from_bytes(
        py: Python<'_>,
        dtype: &str,
        shape: Vec<usize>,
        data: &[u8],
        device: &str,
    ) -> PyResult<PyTensor> {
        let build = || tensor_from_le(parse_dtype(dtype)?, shape, data, device);
        build().map(PyTensor::new).map_err(|e| py_error(py, e))
    }

    /// A tensor of `dtype` and `shape` on `device` holding a copy of the host memory at address
    /// `ptr`: `numel * size` little-endian storage bytes (as `from_bytes` takes them), read
    /// once, with no intermediate Python `bytes`. `owner` is the object that owns that memory
    /// (a contiguous torch CPU tensor or NumPy array whose data pointer is `ptr`); it is alive
    /// for the call, which is all the copy needs.
    ///
    /// The caller guarantees that `ptr` addresses at least that many readable bytes of
    /// `owner`'s (`ptr` may be anything when there are no elements).
    #[staticmethod]
    #[pyo3(signature = (dtype, shape, ptr, owner, device = "cpu"))]
    fn from_host_memory(
        py: Python<'_>,
        dtype: &str,
        shape: Vec<usize>,
        ptr: usize,
        owner: &Bound<'_, PyAny>,
        device: &str,
    ) -> PyResult<PyTensor> {
        let _alive = owner;
        let build = || -> Result<Tensor, OpError> {
            let (dt, bytes) = host_extent(dtype, &shape, ptr)?;
            let data: &[u8] = if bytes == 0 {
                &[]
            } else {
                // SAFETY: the caller guarantees (see the method's doc) that `ptr` addresses
                // `bytes` readable bytes owned by `owner`, which this call keeps alive; they
                // are only read, and copied before returning.
                unsafe { std::slice::from_raw_parts(ptr as *const u8, bytes) }
            };
            tensor_from_le(dt, shape.clone(), data, device)
        };
        build().map(PyTensor::new).map_err(|e| py_error(py, e))
    }

    /// A cpu tensor of `dtype` and `shape` that reads the host memory at address `ptr` in place
    /// (`Buffer::borrow_host`: no copy), holding `owner` (the contiguous torch CPU tensor or
    /// NumPy array whose data pointer is `ptr`) while it reads it. The library never writes that
    /// memory: anything that writes the tensor (an in-place entry) first copies it. What the
    /// caller writes there while the tensor lives, the tensor sees: hand such tensors to a call
    /// and drop them after it, as the bridges do. An address not aligned to the dtype's size is
    /// copied instead (as `from_host_memory`).
    ///
    /// The caller guarantees that `ptr` addresses at least `numel * size` readable bytes of
    /// `owner`'s storage words, native-endian (`ptr` may be anything when there are no
    /// elements), which nobody changes while the tensor is in a call.
    #[staticmethod]
    fn borrow_host(
        py: Python<'_>,
        dtype: &str,
        shape: Vec<usize>,
        ptr: usize,
        owner: &Bound<'_, PyAny>,
    ) -> PyResult<PyTensor> {
        let build = || -> Result<Tensor, OpError> {
            let (dt, bytes) = host_extent(dtype, &shape, ptr)?;
            if bytes > 0 && !ptr.is_multiple_of(dt.size_bytes()) {
                // SAFETY: as `from_host_memory`: `bytes` readable bytes at `ptr`, read now.
                let data = unsafe { std::slice::from_raw_parts(ptr as *const u8, bytes) };
                return tensor_from_le(dt, shape.clone(), data, "cpu");
            }
            let keep: KeepAlive = Box::new(owner.clone().unbind());
            // SAFETY: the caller guarantees (see the method's doc) `bytes` readable storage
            // words at `ptr`, owned by `owner` (held by the buffer) and unchanged while it reads
            // them; the address is aligned (checked above, and again by `borrow_host`).
            let buffer =
                unsafe { Buffer::borrow_host(dt, bytes / dt.size_bytes(), ptr as *const u8, keep) }
                    .map_err(|e| buffer_error(e.to_string()))?;
            Ok(Tensor::new(buffer, shape.clone())?)
        };
        build().map(PyTensor::new).map_err(|e| py_error(py, e))
    }

    /// A tensor of `dtype` and `shape` on CUDA device `device` over device memory at address
    /// `ptr` that the library does not own: no copy. `owner` (e.g. the torch tensor whose
    /// `data_ptr()` is `ptr`) is kept alive as long as the tensor is.
    ///
    /// The caller guarantees what Rust's `Buffer::borrow_cuda` states: `ptr` addresses the
    /// tensor's bytes on that device (storage words as `from_bytes` takes them), they stay
    /// allocated while `owner` lives and until the library's work on them has run, and the
    /// library's stream (`stream_handle`) is ordered with every other user of the memory.
    /// Null or misaligned addresses and non-CUDA devices are errors.
    #[staticmethod]
    fn borrow_cuda(
        py: Python<'_>,
        dtype: &str,
        shape: Vec<usize>,
        ptr: u64,
        device: &str,
        owner: Py<PyAny>,
    ) -> PyResult<PyTensor> {
        let build = || -> Result<Tensor, OpError> {
            let dt = parse_dtype(dtype)?;
            let dev = self::device(device)?;
            let n = metile_runtime::numel_of(&shape)
                .ok_or_else(|| buffer_error(format!("shape {shape:?} has too many elements")))?;
            let keep = PyKeepAlive::new(owner, ptr, n.saturating_mul(dt.size_bytes()), None);
            // SAFETY: the contract above, which the Python caller (`metile.torch._bridge`)
            // upholds for a contiguous torch tensor on that device.
            let b = unsafe { Buffer::borrow_cuda(&dev, dt, n, ptr, Box::new(keep)) }?;
            Ok(Tensor::new(b, shape)?)
        };
        build().map(PyTensor::new).map_err(|e| py_error(py, e))
    }

    /// For a tensor over memory a Python object holds (`borrow_cuda`, an output of
    /// `call_allocating` drawn from its allocator, or an in-place entry's output written over a
    /// borrowed input): `(object, byte offset of the tensor's first element from the object's
    /// data_ptr())`; `None` for memory the library owns.
    fn storage_owner(&self, py: Python<'_>) -> PyResult<Option<(Py<PyAny>, u64)>> {
        self.with(|t| {
            let (ptr, owner) = t.buffer.borrowed_memory()?;
            let keep = owner.downcast_ref::<PyKeepAlive>()?;
            let obj = keep.obj.as_ref()?;
            Some((obj.clone_ref(py), ptr - keep.base))
        })
    }

    /// Copies host memory the tensor reads in place (`borrow_host`) into memory it owns, so that
    /// later changes to the caller's memory do not reach it; nothing for a tensor that owns its
    /// memory.
    fn own(&self) -> PyResult<()> {
        self.with_mut(|t| t.buffer.own_host_memory())
    }

    /// Whether the tensor reads a caller's host memory in place (`borrow_host`).
    #[getter]
    fn borrows_host_memory(&self) -> PyResult<bool> {
        self.with(|t| t.buffer.borrows_host_memory())
    }

    /// Moves the elements out into a `HostArray` (downloaded first from a device), which NumPy
    /// views without a copy (`numpy.asarray(t.take_host_array())`); this tensor is empty
    /// afterwards (any later use of it is an error). For outputs nobody else holds: the array
    /// then owns the only handle to that memory.
    fn take_host_array(&self, py: Python<'_>) -> PyResult<HostArray> {
        let t = self.take().ok_or_else(|| {
            PyRuntimeError::new_err("metile Tensor is lent to a running call or was handed over")
        })?;
        let shape = t.shape.clone();
        let dtype = t.dtype();
        let mut buffer = if t.buffer.is_host() {
            t.buffer
        } else {
            t.buffer
                .to_host()
                .map_err(|e| py_error(py, OpError::from(e)))?
        };
        let ptr = buffer
            .host_bytes_mut()
            .map_or(0, |b| b.as_mut_ptr() as usize);
        Ok(HostArray {
            _buffer: buffer,
            ptr,
            shape,
            dtype,
        })
    }

    #[getter]
    fn shape(&self) -> PyResult<Vec<usize>> {
        self.with(|t| t.shape.clone())
    }

    #[getter]
    fn dtype(&self) -> PyResult<&'static str> {
        self.with(|t| t.dtype().name())
    }

    /// `cpu` or `cuda:N`.
    #[getter]
    fn device(&self) -> PyResult<String> {
        self.with(|t| t.buffer.device_name())
    }

    /// The elements as little-endian storage bytes (a download for a device tensor).
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        // Written straight into the bytearray (a device tensor is downloaded first).
        self.with(|t| {
            PyByteArray::new_with(py, t.buffer.size_bytes(), |out| {
                t.buffer
                    .write_le_bytes(out)
                    .map_err(|e| py_error(py, OpError::from(e)))
            })
        })?
    }

    /// A copy on `device`.
    fn to(&self, py: Python<'_>, device: &str) -> PyResult<PyTensor> {
        let moved =
            self.with(|t| -> Result<Tensor, OpError> { Ok(self::device(device)?.to_device(t)?) })?;
        moved.map(PyTensor::new).map_err(|e| py_error(py, e))
    }

    fn __repr__(&self) -> PyResult<String> {
        self.with(|t| {
            format!(
                "metile.Tensor(shape={:?}, dtype={}, device={})",
                t.shape,
                t.dtype(),
                t.buffer.device_name()
            )
        })
    }
}

/// A call's outputs by port name.
type Outputs = BTreeMap<String, PyTensor>;

/// Runs entry point `entry` (e.g. `rms_norm.forward`) on `device` with `inputs` by port name and
/// `params` as text (`eps="1e-5"`); returns the outputs by port name.
#[pyfunction]
#[pyo3(signature = (entry, inputs, params, device = "cpu"))]
fn call(
    py: Python<'_>,
    entry: &str,
    inputs: BTreeMap<String, Bound<'_, PyTensor>>,
    params: BTreeMap<String, String>,
    device: &str,
) -> PyResult<Outputs> {
    run_call(py, entry, &inputs, params, device, None)
}

/// `call` with every allocation of the call on a CUDA `device` (outputs and scratch) drawn from
/// `allocator`, a Python callable `alloc(nbytes) -> object` whose result has `data_ptr()` (the
/// device address of at least `nbytes` bytes on `device`) and `nbytes`, e.g.
/// `lambda n: torch.empty(n, dtype=torch.uint8, device=dev)`; on the cpu it is `call`. Returns
/// `(outputs, released)`.
///
/// Each output over allocator memory holds its object (`Tensor.storage_owner`). Scratch the
/// library frees during the call is not handed back to Python at once: it is reused by later
/// allocations of the same call, and what is left is `released`, the objects for the caller to
/// drop. When they may go depends on the stream:
///
/// - `stream` given (a raw `CUstream` of `device`'s context that the caller keeps alive until
///   the call's work is done, e.g. `torch.cuda.current_stream(dev).cuda_stream`, 0 for the
///   legacy default stream; the driver is handed it as it is): the call's
///   work is queued on that stream (`Device::with_stream`), the one the allocator's memory is
///   ordered on, so everything freed is reused in that stream's order: the caller may drop
///   `released` at once, and an error path waits for nothing.
/// - `stream` None: the work is queued on the library's own stream (`stream_handle(device)`),
///   and a framework's allocator that got memory back could give it to work on another stream
///   while the library's work still uses it: the caller drops `released` only once its own
///   stream waits for the library's (an event recorded on `stream_handle(device)`). On an error
///   the call first waits for the library's stream, then drops what it released.
///
/// On an error the allocator's own exception is raised if the allocator failed (e.g.
/// `torch.OutOfMemoryError`).
#[pyfunction]
#[pyo3(signature = (entry, inputs, params, device, allocator, stream = None))]
fn call_allocating(
    py: Python<'_>,
    entry: &str,
    inputs: BTreeMap<String, Bound<'_, PyTensor>>,
    params: BTreeMap<String, String>,
    device: &str,
    allocator: Py<PyAny>,
    stream: Option<u64>,
) -> PyResult<(Outputs, Vec<Py<PyAny>>)> {
    let alloc = Arc::new(CallAllocator {
        alloc: allocator,
        device: device.into(),
        pool: Arc::new(CallPool {
            free: Mutex::new(Some(Vec::new())),
        }),
        error: Mutex::new(None),
    });
    let scope = Scope {
        alloc: alloc.clone(),
        stream,
    };
    let result = run_call(py, entry, &inputs, params, device, Some(scope));
    let released = alloc.pool.close();
    match result {
        Ok(outputs) => Ok((outputs, released)),
        Err(e) => {
            if stream.is_none() {
                // Nothing orders the caller's streams after this call's work on the library's
                // stream now: wait for it, so that the released memory is idle when it goes
                // back to its allocator.
                let _ = py.detach(|| self::device(device).map(|d| d.synchronize()));
            }
            drop(released);
            let raised = alloc.error.lock().unwrap_or_else(|e| e.into_inner()).take();
            Err(raised.unwrap_or(e))
        }
    }
}

/// Where a `call_allocating` allocates and queues its work.
struct Scope {
    alloc: Arc<CallAllocator>,
    /// The caller's stream (`Device::with_stream`), else the device's own.
    stream: Option<u64>,
}

/// `call`, drawing every allocation on the call's CUDA device from the scope's allocator and
/// queueing its work on the scope's stream, when given.
fn run_call(
    py: Python<'_>,
    entry: &str,
    inputs: &BTreeMap<String, Bound<'_, PyTensor>>,
    params: BTreeMap<String, String>,
    device: &str,
    scope: Option<Scope>,
) -> PyResult<Outputs> {
    let ep = registry::find(entry).map_err(|e| py_error(py, e))?;
    for name in inputs.keys() {
        ep.check_input(name).map_err(|e| py_error(py, e))?;
    }
    let dev = self::device(device).map_err(|e| py_error(py, e))?;
    let pairs: Vec<(String, String)> = params.into_iter().collect();
    let params = ep.params(&pairs).map_err(|e| py_error(py, e))?;

    // Lend the tensors: take each out of its Python object (a copy when the same object is
    // passed under two names), run, then put back whatever the call did not take (an in-place
    // entry takes the inputs it writes over), whatever the outcome.
    let mut lent = Tensors::new();
    let mut owners: Vec<(String, &Bound<'_, PyTensor>)> = Vec::new();
    for (name, obj) in inputs {
        let t = match owners.iter().find(|(_, o)| o.is(obj)) {
            Some((first, _)) => lent[first].clone(),
            None => match obj.get().take() {
                Some(t) => {
                    owners.push((name.clone(), obj));
                    t
                }
                None => {
                    restore(&owners, &mut lent);
                    return Err(PyRuntimeError::new_err(format!(
                        "input `{name}` is lent to another running call"
                    )));
                }
            },
        };
        lent.insert(name.clone(), t);
    }
    let label = dev.label();
    let misplaced = lent
        .iter()
        .find(|(_, t)| t.buffer.device_name() != label)
        .map(|(n, t)| (n.clone(), t.buffer.device_name()));
    let result = match misplaced {
        Some((name, on)) => Err(metile_kernels::host::bad(
            ep.name,
            &name,
            format!("lives on {on}, the call runs on {label}"),
        )),
        // A panic must not leave the inputs lent: catch it, put them back, then report it.
        None => py.detach(|| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut run = || ep.call_owned(&dev, &mut lent, &params);
                match scope {
                    Some(Scope {
                        alloc,
                        stream: Some(handle),
                        // SAFETY: `call_allocating`'s contract: `stream` is the caller's live
                        // stream of this device (torch's current stream), which outlives its work.
                    }) => unsafe { dev.with_stream(handle, || dev.with_allocator(alloc, run)) }
                        .unwrap_or_else(|e| Err(e.into())),
                    Some(Scope {
                        alloc,
                        stream: None,
                    }) => dev.with_allocator(alloc, run),
                    None => run(),
                }
            }))
            .unwrap_or_else(|payload| {
                let why = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "a panic without a message".into());
                Err(metile_kernels::host::bad(
                    ep.name,
                    "inputs",
                    format!("panicked: {why}"),
                ))
            })
        }),
    };
    restore(&owners, &mut lent);
    let outputs = result.map_err(|e| py_error(py, e))?;
    Ok(outputs
        .into_iter()
        .map(|(k, t)| (k, PyTensor::new(t)))
        .collect())
}

/// A Python object holding device memory (a torch tensor) as a buffer's keep-alive.
struct PyKeepAlive {
    /// `None` only once handed to the call's pool.
    obj: Option<Py<PyAny>>,
    /// The object's device address (`data_ptr()`) and bytes.
    base: u64,
    nbytes: usize,
    /// For an allocator's block: the pool of the call that made it, which takes the object
    /// back when the buffer drops during the call.
    pool: Option<Arc<CallPool>>,
}

impl PyKeepAlive {
    fn new(obj: Py<PyAny>, base: u64, nbytes: usize, pool: Option<Arc<CallPool>>) -> PyKeepAlive {
        PyKeepAlive {
            obj: Some(obj),
            base,
            nbytes,
            pool,
        }
    }
}

impl Drop for PyKeepAlive {
    fn drop(&mut self) {
        if let (Some(pool), Some(obj)) = (&self.pool, self.obj.take()) {
            // After the call the pool is closed and the object is dropped here (a deferred
            // decref when the GIL is not held).
            pool.give_back(Block {
                obj,
                ptr: self.base,
                nbytes: self.nbytes,
            });
        }
    }
}

/// One allocation of a call's allocator.
struct Block {
    obj: Py<PyAny>,
    ptr: u64,
    nbytes: usize,
}

/// The blocks the library released during one call (see `call_allocating`); `None` once the
/// call has returned.
struct CallPool {
    free: Mutex<Option<Vec<Block>>>,
}

impl CallPool {
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Vec<Block>>> {
        self.free.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps a released block while the call runs (dropping it after).
    fn give_back(&self, block: Block) {
        if let Some(free) = self.lock().as_mut() {
            free.push(block);
        }
    }

    /// The smallest released block of `bytes` to `2 * bytes` bytes, so that a chunk loop
    /// reuses its scratch without a large block serving a small request.
    fn reuse(&self, bytes: usize) -> Option<Block> {
        let mut free = self.lock();
        let free = free.as_mut()?;
        let fits = |b: &Block| b.nbytes >= bytes && b.nbytes / 2 <= bytes;
        let best = (0..free.len())
            .filter(|&i| fits(&free[i]))
            .min_by_key(|&i| free[i].nbytes)?;
        Some(free.swap_remove(best))
    }

    /// Ends the call: the released objects, for the caller to drop once ordered.
    fn close(&self) -> Vec<Py<PyAny>> {
        let blocks = self.lock().take().unwrap_or_default();
        blocks.into_iter().map(|b| b.obj).collect()
    }
}

/// The `DeviceAllocator` of one `call_allocating`: released blocks first, else the Python
/// allocator (the GIL taken again: the call runs without it).
struct CallAllocator {
    alloc: Py<PyAny>,
    device: String,
    pool: Arc<CallPool>,
    /// The first exception the Python allocator raised, re-raised when the call fails.
    error: Mutex<Option<PyErr>>,
}

impl DeviceAllocator for CallAllocator {
    fn allocate(&self, bytes: usize) -> metile_runtime::Result<(u64, KeepAlive)> {
        let pool = Some(self.pool.clone());
        if let Some(b) = self.pool.reuse(bytes) {
            return Ok((
                b.ptr,
                Box::new(PyKeepAlive::new(b.obj, b.ptr, b.nbytes, pool)),
            ));
        }
        let failed = |message: String| metile_runtime::Error::Device {
            device: self.device.clone(),
            message,
        };
        Python::attach(|py| {
            let made = (|| -> PyResult<(Py<PyAny>, u64, usize)> {
                let obj = self.alloc.bind(py).call1((bytes,))?;
                let ptr: u64 = obj.call_method0("data_ptr")?.extract()?;
                let nbytes: usize = obj.getattr("nbytes")?.extract()?;
                Ok((obj.unbind(), ptr, nbytes))
            })();
            match made {
                Ok((obj, ptr, nbytes)) if nbytes >= bytes => Ok((
                    ptr,
                    Box::new(PyKeepAlive::new(obj, ptr, nbytes, pool)) as KeepAlive,
                )),
                Ok((_, _, nbytes)) => Err(failed(format!(
                    "the allocator gave {nbytes} bytes for a request of {bytes}"
                ))),
                Err(e) => {
                    let message = format!("the allocator raised {e}");
                    self.error
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert(e);
                    Err(failed(message))
                }
            }
        })
    }
}

/// Puts lent tensors back into the Python objects they came from.
fn restore(owners: &[(String, &Bound<'_, PyTensor>)], lent: &mut Tensors) {
    for (name, obj) in owners {
        if let Some(t) = lent.remove(name) {
            obj.get().put(t);
        }
    }
}

/// Every registered entry point: name, operator, inputs and outputs (name, shape, optional,
/// doc) and parameters (name, default, allowed, doc).
#[pyfunction]
fn entry_points(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let ports = |ports: &[Port]| -> PyResult<Bound<'_, PyList>> {
        let list = PyList::empty(py);
        for p in ports {
            let d = PyDict::new(py);
            d.set_item("name", p.name)?;
            d.set_item("shape", p.shape.describe())?;
            d.set_item("optional", p.optional)?;
            d.set_item("common", p.common)?;
            d.set_item("doc", p.doc)?;
            list.append(d)?;
        }
        Ok(list)
    };
    let out = PyList::empty(py);
    for e in registry::entry_points() {
        let d = PyDict::new(py);
        d.set_item("name", e.name)?;
        d.set_item("op", e.op)?;
        d.set_item("inputs", ports(e.inputs)?)?;
        d.set_item("outputs", ports(e.outputs)?)?;
        let params = PyList::empty(py);
        for p in e.params {
            let pd = PyDict::new(py);
            pd.set_item("name", p.name)?;
            pd.set_item("default", p.default)?;
            pd.set_item("allowed", p.allowed)?;
            pd.set_item("doc", p.doc)?;
            params.append(pd)?;
        }
        d.set_item("params", params)?;
        out.append(d)?;
    }
    Ok(out)
}

/// A line describing `device` (opening it): e.g. "host CPU (2 threads)".
#[pyfunction]
#[pyo3(signature = (device = "cpu"))]
fn describe(py: Python<'_>, device: &str) -> PyResult<String> {
    self::device(device)
        .map(|d| d.describe())
        .map_err(|e| py_error(py, e))
}

/// Waits for the work queued on `device`.
#[pyfunction]
#[pyo3(signature = (device = "cpu"))]
fn synchronize(py: Python<'_>, device: &str) -> PyResult<()> {
    self::device(device)
        .and_then(|d| Ok(d.synchronize()?))
        .map_err(|e| py_error(py, e))
}

/// The raw handle (`CUstream`, an int) of the stream the library queues `device`'s work on, for
/// `torch.cuda.ExternalStream`; `None` on the cpu.
#[pyfunction]
#[pyo3(signature = (device = "cpu"))]
fn stream_handle(py: Python<'_>, device: &str) -> PyResult<Option<u64>> {
    self::device(device)
        .map(|d| d.cuda_stream_handle())
        .map_err(|e| py_error(py, e))
}

#[pymodule]
fn _metile(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTensor>()?;
    m.add_class::<HostArray>()?;
    m.add_function(wrap_pyfunction!(call, m)?)?;
    m.add_function(wrap_pyfunction!(call_allocating, m)?)?;
    m.add_function(wrap_pyfunction!(stream_handle, m)?)?;
    m.add_function(wrap_pyfunction!(entry_points, m)?)?;
    m.add_function(wrap_pyfunction!(describe, m)?)?;
    m.add_function(wrap_pyfunction!(synchronize, m)?)?;
    Ok(())
}
