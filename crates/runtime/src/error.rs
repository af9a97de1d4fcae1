//! Typed errors of the runtime: compilation, launch validation, execution faults and device
//! (CUDA driver and NVRTC) failures.

use metile_lang::LangError;

/// Everything that can go wrong between a kernel description and its results.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Trace(#[from] LangError),
    #[error(transparent)]
    Verify(#[from] metile_ir::VerifyError),
    /// The kernel could not be lowered to a GPU target's source.
    #[error(transparent)]
    Codegen(#[from] metile_codegen::CodegenError),
    /// NVRTC rejected a kernel's CUDA source; `log` holds NVRTC's log, the options and the first
    /// lines of the source.
    #[error("kernel `{kernel}`: CUDA compilation failed\n{log}")]
    Compile { kernel: String, log: String },
    /// An unmasked (or masked-in) access outside its buffer.
    #[error("kernel `{kernel}`: {op} of buffer `{buffer}` at index {index} is out of bounds (length {len}) in program {program:?}")]
    OutOfBounds {
        kernel: String,
        op: String,
        buffer: String,
        index: i64,
        len: usize,
        program: [u32; 3],
    },
    /// A fault while executing a program, other than out-of-bounds access.
    #[error("kernel `{kernel}`: {op}: {message}")]
    Execution {
        kernel: String,
        op: String,
        message: String,
    },
    /// The arguments of a launch do not match the kernel's parameters.
    #[error("launch of kernel `{kernel}`: {message}")]
    Launch { kernel: String, message: String },
    /// A buffer operation with the wrong dtype, length or device.
    #[error("buffer: {0}")]
    Buffer(String),
    /// The device cannot be used here (not present, not built in, no driver, or unsupported
    /// feature).
    #[error("device `{device}`: {message}")]
    Device { device: String, message: String },
    /// A CUDA driver call failed (`message` is the driver's error name and text). A fault of a
    /// kernel surfaces at the next call that waits for it (a download or `synchronize`), and
    /// leaves the device unusable for the rest of the process, as CUDA does.
    #[error("device `{device}`: {op} failed: {message}")]
    Cuda {
        device: String,
        op: String,
        message: String,
    },
    /// A vendor-library product (`Device::gemm`) was refused (bad sizes, dtypes or operands)
    /// or failed (`message` is cuBLAS's status).
    #[error("device `{device}`: cuBLAS {op}: {message}")]
    Blas {
        device: String,
        op: String,
        message: String,
    },
    /// The device does not offer this operation (e.g. `Device::gemm` on the cpu); the caller
    /// should use its own kernels.
    #[error("device `{device}`: {operation} is not supported here")]
    Unsupported { device: String, operation: String },
    /// A device allocation did not fit in the device's free memory.
    #[error("device `{device}`: out of memory allocating {bytes} bytes ({message})")]
    OutOfMemory {
        device: String,
        bytes: usize,
        message: String,
    },
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
