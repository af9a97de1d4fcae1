//! metile's runtime: devices, typed buffers, the kernel cache, launches, the CPU executor and
//! the CUDA target.
//!
//! Targets: `cpu` (always there; the executable specification) and `cuda` (`Device::cuda()`,
//! found at run time: without a CUDA driver it is an `Error::Device`, and the crate still builds
//! and runs everywhere). Buffers live on one device; `Device::upload` moves them, and reading one
//! (`to_f32`, ...) downloads it. On CUDA a buffer can also borrow another framework's device
//! memory without copying it (`Buffer::borrow_cuda`), and `Device::with_allocator` draws a
//! scope's allocations from the caller's allocator and `Device::with_stream` queues a scope's work on the caller's stream (zero-copy interop on torch's current stream). `Device::gemm` runs a vendor-library matrix product (cuBLAS on
//! CUDA; see the `gemm` module for its contract). See the `cuda` module for compilation (NVRTC, disk cache) and
//! the errors a GPU can give.
//!
//! ```
//! use metile_ir::DType;
//! use metile_runtime::{Arg, Buffer, Device};
//!
//! let dev = Device::cpu();
//! let k = dev
//!     .kernel("double", &DType::F32, || {
//!         metile_lang::trace("double", |k| {
//!             let x = k.input("x", DType::F32);
//!             let y = k.output("y", DType::F32);
//!             let i = k.arange(0, 4) + k.program_id(0) * 4;
//!             y.store(i, x.load(i) * 2.0);
//!         })
//!     })
//!     .unwrap();
//! let x = Buffer::from_f32(DType::F32, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]).unwrap();
//! let mut y = Buffer::zeros(DType::F32, 8);
//! dev.launch(&k, [2, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]).unwrap();
//! assert_eq!(y.to_f32().unwrap()[7], 16.0);
//! ```

/// The README's example, compiled and run as a doctest so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctest;

mod buffer;
mod cpu;
pub mod cuda;
mod device;
mod error;
mod gemm;

pub use buffer::{numel_of, Buffer, Tensor};
pub use cuda::{CudaKernel, DeviceAllocator, KeepAlive};
pub use device::{Arg, Compiled, Device, DeviceGraph, MemoryStats, DUMP_ENV};
pub use error::{Error, Result};
pub use gemm::{Gemm, MatrixLayout};
