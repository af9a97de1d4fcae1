//! The metile Tile IR.
//!
//! A [`Kernel`] is launched over a grid of *programs* (up to three axes). Inside a program every
//! value is a *tile*: a static shape and one element type ([`Type`]); scalars are tiles of rank 0
//! and are uniform over the program. Buffers are kernel parameters (typed global memory whose
//! length is known at launch), not values: `Load`, `Store` and `AtomicAdd` name them by parameter
//! index, so every access can be bounds-checked on the CPU and masked on a GPU.
//!
//! Invariants (checked by [`verify`], which every later stage requires through [`Verified`]):
//! - The IR is plain data. Values (`ValueId`) and instructions (`InstId`) are indices into the
//!   kernel's arenas; each value is defined exactly once, by a block argument or an instruction
//!   result, before every use and in a scope that encloses the use.
//! - Control flow is structured: `For` (with loop-carried values) and `If` hold nested regions
//!   that end with `Yield`; there are no branches.
//! - Every op has one typing rule ([`Op::infer`]); recorded result types equal it. Broadcasting is
//!   explicit (`Splat`, `Broadcast`), and operands of elementwise ops have one type.
//! - Element semantics are defined once, in [`eval`]; f16 and bf16 values compute in f32 and round
//!   after every op.
//!
//! This is the *logical* level (shapes only). GPU targets attach thread layouts in a later stage.

pub mod eval;
pub mod kernel;
pub mod ops;
pub mod print;
pub mod types;
pub mod verify;

pub use kernel::{Access, Block, Inst, InstId, Kernel, Param, ParamKind, ValueId};
pub use ops::{BinaryOp, CmpOp, Effect, Op, ReduceOp, UnaryOp};
pub use print::print;
pub use types::{ConstValue, DType, Shape, Type};
pub use verify::{check, verify, Verified, VerifyError};
