//! metile's kernel language: a tracing DSL in Rust.
//!
//! A kernel is an ordinary Rust function that calls [`trace`] with a closure. Inside it, tiles are
//! [`Tile`] handles with arithmetic operators and methods that read like the math; each call
//! appends an op to the kernel's Tile IR. Rust code around the calls runs at trace time, so
//! `if spec.fused { ... }` or a Rust `for` over column blocks specialises the kernel: tile sizes
//! and dtypes are compile-time parameters, row counts and epsilons are run-time scalars.
//!
//! ```
//! use metile_ir::DType;
//! use metile_lang::trace;
//!
//! // y = x * 2 + 1 over rows of width n, one program per row, BLOCK >= n.
//! let kernel = trace("axpb", |k| {
//!     let x = k.input("x", DType::F32);
//!     let y = k.output("y", DType::F32);
//!     let n = k.scalar("n", DType::I32);
//!     let cols = k.arange(0, 1024);
//!     let mask = cols.lt(n);
//!     let offs = k.program_id(0) * n + cols;
//!     let v = x.load_masked(offs, mask, 0.0);
//!     y.store_masked(offs, v * 2.0 + 1.0, mask);
//! })
//! .unwrap();
//! assert!(metile_ir::print(kernel.kernel()).contains("load @x"));
//! ```
//!
//! Derivatives: [`Ctx::vjp`] appends the reverse-mode derivative of tiles traced so far (an
//! elementwise expression with selects and row reductions) with respect to tiles the caller names,
//! built by `metile_opt::vjp`; the activations' `derivative=vjp` backward kernels use it.
//!
//! Errors (dtype mismatches, shapes that do not broadcast, misuse of a region) are recorded with
//! the op's name at the first faulty call and returned by `trace`; the kernel is then verified,
//! so a traced kernel is always a verified one.

mod ctx;
mod scope;
mod tile;
mod vjp;

pub use ctx::{Buffer, Ctx};
pub use tile::{dot, select, Operand, Tile};

use metile_ir::{verify, Verified, VerifyError};

/// Why a kernel could not be traced.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LangError {
    #[error("kernel `{kernel}`: {op}: {message}")]
    Trace {
        kernel: String,
        op: String,
        message: String,
    },
    /// `Ctx::vjp` could not differentiate what it was given.
    #[error("kernel `{kernel}`: vjp: {error}")]
    Vjp {
        kernel: String,
        error: metile_opt::VjpError,
    },
    #[error(transparent)]
    Verify(#[from] VerifyError),
}

/// Traces `body` into a verified kernel called `name`.
pub fn trace(name: &str, body: impl FnOnce(&Ctx)) -> Result<Verified, LangError> {
    let id = scope::push(name);
    body(&Ctx { scope: id });
    let Some(mut s) = scope::pop() else {
        return Err(LangError::Trace {
            kernel: name.into(),
            op: "trace".into(),
            message: "the tracing scope vanished".into(),
        });
    };
    if let Some(e) = s.error.take() {
        return Err(e);
    }
    if s.blocks.len() != 1 {
        return Err(LangError::Trace {
            kernel: name.into(),
            op: "trace".into(),
            message: "a region was left open".into(),
        });
    }
    let mut kernel = s.kernel;
    kernel.body = s.blocks.pop().unwrap_or_default();
    Ok(verify(kernel)?)
}
