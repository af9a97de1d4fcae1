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
//! - `call` lends the input tensors to the entry point for the call (the registry takes them by
//!   value; they are put back afterwards, so a `Tensor` object is never consumed) and releases
//!   the GIL while kernels run.
//! - Errors: every `OpError` is raised as the class `metile.errors.from_library` picks for its
//!   kind (`ValueError` subclasses for bad inputs and parameters, `RuntimeError` for device
//!   failures), with the library's message. Without the Python package (the module imported on
//!   its own) they fall back to `ValueError` and `RuntimeError`.
//!
//! Devices are opened once per process (`cpu`, `cuda`, `cuda:N`), so each keeps its kernel cache
//! across calls.

use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

use half::{bf16, f16};
use metile_ir::DType;
use metile_kernels::registry::{self, OpError, Port, Tensors};
use metile_runtime::{Buffer, Device, Tensor};
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

/// A host buffer of `dtype` from little-endian storage bytes.
fn buffer_from_bytes(dtype: DType, data: &[u8]) -> Result<Buffer, OpError> {
    let size = dtype.size_bytes();
    if !data.len().is_multiple_of(size) {
        return Err(buffer_error(format!(
            "{} bytes is not a whole number of {dtype} elements",
            data.len()
        )));
    }
    let words16 = || {
        data.chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
    };
    let buffer = match dtype {
        DType::F32 => {
            let v: Vec<f32> = data
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            Buffer::from_f32(dtype, &v)?
        }
        // Every f16/bf16 value is exact in f32, so the round trip keeps the storage words.
        DType::F16 => {
            let v: Vec<f32> = words16().map(|b| f16::from_bits(b).to_f32()).collect();
            Buffer::from_f32(dtype, &v)?
        }
        DType::BF16 => {
            let v: Vec<f32> = words16().map(|b| bf16::from_bits(b).to_f32()).collect();
            Buffer::from_f32(dtype, &v)?
        }
        DType::I32 => {
            let v: Vec<i64> = data
                .chunks_exact(4)
                .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]) as i64)
                .collect();
            Buffer::from_i64(dtype, &v)?
        }
        DType::I64 => {
            let v: Vec<i64> = data
                .chunks_exact(8)
                .map(|c| i64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
                .collect();
            Buffer::from_i64(dtype, &v)?
        }
        DType::Bool => Buffer::from_bool(&data.iter().map(|b| *b != 0).collect::<Vec<_>>()),
    };
    Ok(buffer)
}

/// The little-endian storage bytes of `buffer` (downloaded from its device if need be).
fn buffer_to_bytes(buffer: &Buffer) -> Result<Vec<u8>, OpError> {
    let dtype = buffer.dtype();
    let mut out = Vec::with_capacity(buffer.size_bytes());
    match dtype {
        DType::F32 => {
            for v in buffer.to_f32()? {
                out.extend(v.to_le_bytes());
            }
        }
        DType::F16 => {
            for v in buffer.to_f32()? {
                out.extend(f16::from_f32(v).to_bits().to_le_bytes());
            }
        }
        DType::BF16 => {
            for v in buffer.to_f32()? {
                out.extend(bf16::from_f32(v).to_bits().to_le_bytes());
            }
        }
        DType::I32 => {
            for v in buffer.to_i64()? {
                out.extend((v as i32).to_le_bytes());
            }
        }
        DType::I64 => {
            for v in buffer.to_i64()? {
                out.extend(v.to_le_bytes());
            }
        }
        DType::Bool => out.extend(buffer.to_bool()?.into_iter().map(u8::from)),
    }
    Ok(out)
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
        let guard = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        match guard.as_ref() {
            Some(t) => Ok(f(t)),
            None => Err(PyRuntimeError::new_err(
                "metile Tensor is lent to a running call",
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
        let build = || -> Result<Tensor, OpError> {
            let dt = parse_dtype(dtype)?;
            let t = Tensor::new(buffer_from_bytes(dt, data)?, shape)?;
            let dev = self::device(device)?;
            Ok(if dev.is_cpu() { t } else { dev.to_device(&t)? })
        };
        build().map(PyTensor::new).map_err(|e| py_error(py, e))
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
        let bytes = self
            .with(|t| buffer_to_bytes(&t.buffer))?
            .map_err(|e| py_error(py, e))?;
        Ok(PyByteArray::new(py, &bytes))
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
) -> PyResult<BTreeMap<String, PyTensor>> {
    let ep = registry::find(entry).map_err(|e| py_error(py, e))?;
    for name in inputs.keys() {
        ep.check_input(name).map_err(|e| py_error(py, e))?;
    }
    let dev = self::device(device).map_err(|e| py_error(py, e))?;
    let pairs: Vec<(String, String)> = params.into_iter().collect();
    let params = ep.params(&pairs).map_err(|e| py_error(py, e))?;

    // Lend the tensors: take each out of its Python object (a copy when the same object is
    // passed under two names), run, then put them back whatever the outcome.
    let mut lent = Tensors::new();
    let mut owners: Vec<(String, &Bound<'_, PyTensor>)> = Vec::new();
    for (name, obj) in &inputs {
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
                ep.call(&dev, &lent, &params)
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

#[pymodule]
fn _metile(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTensor>()?;
    m.add_function(wrap_pyfunction!(call, m)?)?;
    m.add_function(wrap_pyfunction!(entry_points, m)?)?;
    m.add_function(wrap_pyfunction!(describe, m)?)?;
    m.add_function(wrap_pyfunction!(synchronize, m)?)?;
    Ok(())
}
