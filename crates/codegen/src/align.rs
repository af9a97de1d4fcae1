//! Alignment facts for the emitter's fast path: what holds when every integer scalar parameter
//! that an index depends on is a multiple of the vector width `vec`.
//!
//! Two facts per value, each with the set of scalar parameters (`deps`, a bit per parameter) it
//! assumes to be multiples of `vec`:
//! - **Divisibility** `div`: a power of two dividing the value (a scalar) or every element at a
//!   group-start slot (a tile: slots `g` with `g % vec == 0`, whose flat index `MT_FLAT(g)` is a
//!   multiple of `vec`). Capped at [`CAP`].
//! - **Group-uniform**: a tile whose elements are equal within each group of `vec` slots (splats,
//!   constants, and `x < n` or `x >= n` where `x` is contiguous with an aligned group start and
//!   `n` is group-uniform and aligned: the group `i0..i0+vec` lies wholly on one side of `n`).
//!
//! The emitter uses them in the kernel's fast body, entered only when a run-time test at kernel
//! entry finds every parameter in `deps` a multiple of `vec` and every fast-accessed pointer
//! aligned to a whole vector: a contiguous access whose index has `div >= vec` needs no alignment
//! test, and one whose mask is also group-uniform moves whole vectors under one predicate. Facts
//! are conservative: an op the analysis does not model gets `div = 1` and is not group-uniform.

use metile_ir::{BinaryOp, CmpOp, ConstValue, Kernel, Op, ParamKind, ValueId};

use crate::layout::Layouts;

/// The largest divisor tracked.
pub const CAP: u32 = 64;

/// A fact and the parameters it assumes aligned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fact<T> {
    pub value: T,
    pub deps: u64,
}

/// Divisibility and group-uniformity of every value (see the module doc).
#[derive(Clone, Debug)]
pub struct AlignFacts {
    vec: u32,
    div: Vec<Fact<u32>>,
    uniform: Vec<Fact<bool>>,
}

fn pow2_factor(v: i64) -> u32 {
    if v == 0 {
        CAP
    } else {
        1u32.checked_shl(v.trailing_zeros()).unwrap_or(CAP).min(CAP)
    }
}

impl AlignFacts {
    pub fn analyze(k: &Kernel, lay: &Layouts) -> AlignFacts {
        let vec = lay.dist.vec;
        let n = k.values.len();
        let one = Fact { value: 1, deps: 0 };
        let no = Fact {
            value: false,
            deps: 0,
        };
        let mut div = vec![one; n];
        let mut uniform = vec![no; n];
        let yes = |deps: u64| Fact { value: true, deps };
        // Definitions come before uses in program order (regions after their op), so one walk
        // settles every fact; loop-carried values keep the conservative default.
        k.walk(|_, inst| {
            let d = |v: &ValueId| div[v.index()];
            let u = |v: &ValueId| uniform[v.index()];
            // The smaller divisor decides, so only its assumptions carry over.
            let min = |a: Fact<u32>, b: Fact<u32>| match a.value.cmp(&b.value) {
                std::cmp::Ordering::Less => a,
                std::cmp::Ordering::Greater => b,
                std::cmp::Ordering::Equal => Fact {
                    value: a.value,
                    deps: a.deps | b.deps,
                },
            };
            let both = |a: Fact<bool>, b: Fact<bool>| Fact {
                value: a.value && b.value,
                deps: a.deps | b.deps,
            };
            let aligned = |f: Fact<u32>| f.value >= vec;
            let (dv, uv) = match &inst.op {
                Op::Constant { value, .. } => (
                    match value {
                        ConstValue::Int(v) => Fact {
                            value: pow2_factor(*v),
                            deps: 0,
                        },
                        _ => one,
                    },
                    yes(0),
                ),
                Op::ScalarArg { param } => {
                    let int = matches!(
                        k.params.get(*param as usize).map(|p| &p.kind),
                        Some(ParamKind::Scalar { dtype }) if dtype.is_int()
                    );
                    let f = if int && *param < 64 {
                        Fact {
                            value: vec,
                            deps: 1 << param,
                        }
                    } else {
                        one
                    };
                    (f, yes(0))
                }
                Op::Arange { start, .. } => (
                    Fact {
                        value: pow2_factor(*start).min(vec),
                        deps: 0,
                    },
                    no,
                ),
                Op::Splat { src, .. } => (d(src), yes(0)),
                Op::Reshape { src, .. } | Op::ExpandDims { src, .. } => (d(src), u(src)),
                Op::Cast { src, to } => (
                    if to.is_int() && k.ty(*src).dtype.is_int() {
                        d(src)
                    } else {
                        one
                    },
                    u(src),
                ),
                Op::Unary { src, .. } => (one, u(src)),
                Op::Binary { op, lhs, rhs } => {
                    let (a, b) = (d(lhs), d(rhs));
                    let dv = match op {
                        BinaryOp::Add | BinaryOp::Sub | BinaryOp::Min | BinaryOp::Max => min(a, b),
                        BinaryOp::Mul => Fact {
                            value: a.value.saturating_mul(b.value).min(CAP),
                            deps: a.deps | b.deps,
                        },
                        // `x % C`: a common divisor of `x` and `C` divides the remainder.
                        BinaryOp::Rem => min(a, b),
                        _ => one,
                    };
                    (dv, both(u(lhs), u(rhs)))
                }
                Op::Select {
                    cond,
                    on_true,
                    on_false,
                } => (
                    min(d(on_true), d(on_false)),
                    both(u(cond), both(u(on_true), u(on_false))),
                ),
                Op::Compare { op, lhs, rhs } => {
                    // `x < n` and `x >= n` (or `n > x`, `n <= x`) split at a multiple of `vec`.
                    let split = |x: &ValueId, n: &ValueId| {
                        let (fx, fn_, un) = (d(x), d(n), u(n));
                        (lay.contiguous(*x) && aligned(fx) && aligned(fn_) && un.value)
                            .then(|| yes(fx.deps | fn_.deps | un.deps))
                    };
                    let uv = match op {
                        CmpOp::Lt | CmpOp::Ge => split(lhs, rhs),
                        CmpOp::Gt | CmpOp::Le => split(rhs, lhs),
                        _ => None,
                    };
                    (one, uv.unwrap_or_else(|| both(u(lhs), u(rhs))))
                }
                _ => (one, no),
            };
            let iv = match &inst.op {
                Op::For {
                    lower, step, body, ..
                } => body.args.first().map(|iv| (*iv, min(d(lower), d(step)))),
                _ => None,
            };
            if let Some(r) = inst.results.first() {
                div[r.index()] = dv;
                // Equal within each group by construction (`Layouts::group_equal`), whatever the
                // run-time scalars.
                uniform[r.index()] = if !uv.value && lay.group_equal(*r) {
                    yes(0)
                } else {
                    uv
                };
            }
            if let Some((iv, f)) = iv {
                div[iv.index()] = f;
                uniform[iv.index()] = yes(0);
            }
        });
        AlignFacts { vec, div, uniform }
    }

    /// The vector width the facts are about.
    pub fn vec(&self) -> u32 {
        self.vec
    }

    /// `v`'s (group-start) elements are multiples of `vec` under the returned assumptions.
    pub fn aligned(&self, v: ValueId) -> Option<u64> {
        let f = self.div[v.index()];
        (f.value >= self.vec).then_some(f.deps)
    }

    /// `v` is equal within each group of `vec` slots under the returned assumptions.
    pub fn group_uniform(&self, v: ValueId) -> Option<u64> {
        let f = self.uniform[v.index()];
        f.value.then_some(f.deps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pow2_factors() {
        assert_eq!(pow2_factor(0), CAP);
        assert_eq!(pow2_factor(4096), CAP);
        assert_eq!(pow2_factor(24), 8);
        assert_eq!(pow2_factor(-8), 8);
        assert_eq!(pow2_factor(7), 1);
        assert_eq!(pow2_factor(i64::MIN), CAP);
    }
}
