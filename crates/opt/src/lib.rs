//! Passes over the Tile IR.
//!
//! Besides the rewrites, [`vjp()`](mod@vjp) builds the reverse-mode derivative of an expression DAG (new
//! logical IR that the canonicalisation pipeline then simplifies).
//!
//! Each pass is one file, a unit struct named by a verb and implementing [`Pass`]; its header says
//! what it does, what it assumes and what it refuses. The canonicalisation pipeline,
//! [`canonicalize`], runs [`FoldConstants`], [`EliminateCommonSubexpressions`] and
//! [`EliminateDeadCode`] in that order until a round changes nothing, then re-verifies.
//!
//! How passes edit a kernel:
//! - They keep the IR's invariants: a value is only ever replaced by one that is visible at each
//!   of its uses (an operand of the op it replaces, or a value of an enclosing scope), with the
//!   same type.
//! - Replacing a value rewrites every operand of every instruction, the `Yield`s of regions
//!   included (`Op::map_operands`); block arguments are definitions and never change.
//! - Removing an instruction takes it out of its block and leaves it in the arena as dead
//!   storage, which the IR allows: printers, verifiers and executors only walk `Kernel::body`.
//! - A pass never panics, whatever the kernel: lookups are checked and walks visit each
//!   instruction once. A pass run on a kernel that does not verify may leave one that does not
//!   either; [`canonicalize`] takes and returns [`Verified`] kernels.

mod cse;
mod dce;
mod fold;
mod remat;
mod rewrite;
pub mod vjp;

pub use cse::EliminateCommonSubexpressions;
pub use dce::EliminateDeadCode;
pub use fold::FoldConstants;
pub use remat::{RematerializeBroadcasts, MAX_NEW_INSTS};
pub use vjp::{vjp, vjp_in, Derivative, Refusal, VjpError, VjpRequest, MAX_VJP_NODES};

use metile_ir::{verify, Kernel, Verified, VerifyError};

/// A named rewrite of a kernel.
pub trait Pass {
    /// The pass's name, as shown in dumps.
    fn name(&self) -> &'static str;

    /// Rewrites `k` in place; returns whether anything changed.
    fn run(&self, k: &mut Kernel) -> bool;
}

/// The most rounds [`canonicalize`] runs before it stops looking for a fixed point.
pub const MAX_ROUNDS: usize = 16;

/// The canonicalisation passes, in the order each round runs them.
pub fn canonicalization_passes() -> [&'static dyn Pass; 3] {
    [
        &FoldConstants,
        &EliminateCommonSubexpressions,
        &EliminateDeadCode,
    ]
}

/// Runs fold, CSE and DCE until a round changes nothing (at most [`MAX_ROUNDS`] rounds), then
/// verifies the result.
pub fn canonicalize(v: Verified) -> Result<Verified, VerifyError> {
    canonicalize_observed(v, &mut |_, _| {})
}

/// [`canonicalize`], calling `observe(pass name, kernel)` after every pass that changed the
/// kernel (used to dump the IR after each stage).
pub fn canonicalize_observed(
    v: Verified,
    observe: &mut dyn FnMut(&str, &Kernel),
) -> Result<Verified, VerifyError> {
    let mut k = v.into_kernel();
    for _ in 0..MAX_ROUNDS {
        let mut changed = false;
        for pass in canonicalization_passes() {
            if pass.run(&mut k) {
                changed = true;
                observe(pass.name(), &k);
            }
        }
        if !changed {
            break;
        }
    }
    verify(k)
}
