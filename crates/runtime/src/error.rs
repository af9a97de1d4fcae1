//! Typed errors of the runtime: compilation, launch validation and execution faults.

use metile_lang::LangError;

/// Everything that can go wrong between a kernel description and its results.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Trace(#[from] LangError),
    #[error(transparent)]
    Verify(#[from] metile_ir::VerifyError),
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
    /// The device cannot be used here (not present, not built in, or unsupported feature).
    #[error("device `{device}`: {message}")]
    Device { device: String, message: String },
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
