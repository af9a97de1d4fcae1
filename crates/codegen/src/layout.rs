//! Layout assignment: the distributed level of the IR, as a side table over the logical kernel.
//!
//! Every value gets a [`Layout`]: rank-0 values are `Uniform` (each thread of the program holds
//! the value); every tile is `Blocked`: its row-major flat index `f` lives in thread
//! `(f / vec) % threads`, register slot `(f / (vec * threads)) * vec + f % vec`. All tiles of a
//! kernel share `vec` and `threads`, so two tiles of the same element count have the same
//! distribution: elementwise ops, `Reshape` and `ExpandDims` need no data movement. A thread's
//! slots whose flat index is at or beyond the element count are *ghosts*: computed, never loaded,
//! stored or reduced. Ops that move elements between threads (`Broadcast` of a tile, reductions
//! other than a whole 1-D tile, `Dot`) go through shared memory; a whole-tile 1-D reduction is the
//! subgroup realization (in-thread partials, warp shuffles, one shared slot per warp).
//!
//! The affine analysis finds integer tiles whose elements are consecutive within each group of
//! `vec` slots, such as `arange(0, B) + row * n`, or `(iota % C) + rowpart` for a `[R, C]` tile
//! whose row part is equal within each group (`iota / C`, and what is computed from it) when `C`
//! is a multiple of `vec`: accesses through them may use 16-byte vector loads and stores when the
//! run-time address is aligned.

use metile_ir::{BinaryOp, Kernel, Op, ValueId};

/// Where a value's elements live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A scalar held by every thread.
    Uniform,
    /// A tile of `numel` elements distributed as in the module doc.
    Blocked { numel: usize },
}

/// The thread shape of a program shared by every tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distribution {
    pub threads: u32,
    /// Contiguous elements per thread per group (a power of two).
    pub vec: u32,
}

impl Distribution {
    /// Register slots per thread for a tile of `numel` elements.
    pub fn slots(&self, numel: usize) -> usize {
        let group = (self.vec * self.threads) as usize;
        numel.div_ceil(group) * self.vec as usize
    }
}

/// Layouts and affine facts of every value.
#[derive(Clone, Debug)]
pub struct Layouts {
    pub dist: Distribution,
    layout: Vec<Layout>,
    /// Integer tiles whose elements are consecutive within each group of `vec` slots.
    contiguous: Vec<bool>,
    /// Tiles whose elements are equal within each group of `vec` slots.
    group_equal: Vec<bool>,
}

impl Layouts {
    pub fn assign(k: &Kernel, dist: Distribution) -> Layouts {
        let layout = k
            .values
            .iter()
            .map(|t| {
                if t.is_scalar() {
                    Layout::Uniform
                } else {
                    Layout::Blocked {
                        numel: t.shape.numel(),
                    }
                }
            })
            .collect();
        let n = k.values.len();
        let vec = dist.vec as i64;
        let mut contiguous = vec![false; n];
        let mut group_equal = vec![false; n];
        // Contiguous tiles whose group-start elements are multiples of `vec` whatever the
        // run-time scalars (an `arange` from a multiple of `vec`, and what keeps its elements).
        let mut start_aligned = vec![false; n];
        // Integer constants (scalars and constant tiles) by value.
        let mut constant: Vec<Option<i64>> = vec![None; n];
        // Definitions come before uses in program order, so one walk settles every fact.
        k.walk(|_, inst| {
            let Some(r) = inst.results.first().map(|r| r.index()) else {
                return;
            };
            let c = |v: &ValueId| contiguous[v.index()];
            let e = |v: &ValueId| group_equal[v.index()];
            let sa = |v: &ValueId| start_aligned[v.index()];
            // `x op C` with `C` a positive multiple of `vec` and `x` contiguous from aligned
            // group starts: a group never straddles a multiple of `C`.
            let by_multiple = |x: &ValueId, d: &ValueId| {
                c(x) && sa(x) && constant[d.index()].is_some_and(|v| v > 0 && v % vec == 0)
            };
            let (fact, equal, aligned) = match &inst.op {
                Op::Arange { start, .. } => (true, false, start.rem_euclid(vec) == 0),
                Op::Splat { .. } => (false, true, false),
                Op::Constant { ty, value } => {
                    if let metile_ir::ConstValue::Int(v) = value {
                        constant[r] = Some(*v);
                    }
                    (false, !ty.is_scalar(), false)
                }
                Op::Binary {
                    op: BinaryOp::Add,
                    lhs,
                    rhs,
                } => (
                    (c(lhs) && e(rhs)) || (c(rhs) && e(lhs)),
                    e(lhs) && e(rhs),
                    false,
                ),
                Op::Binary {
                    op: BinaryOp::Sub,
                    lhs,
                    rhs,
                } => (c(lhs) && e(rhs), e(lhs) && e(rhs), false),
                Op::Binary {
                    op: BinaryOp::Rem,
                    lhs,
                    rhs,
                } => {
                    let wraps_at_groups = by_multiple(lhs, rhs);
                    (wraps_at_groups, e(lhs) && e(rhs), wraps_at_groups)
                }
                Op::Binary {
                    op: BinaryOp::Div,
                    lhs,
                    rhs,
                } => (false, by_multiple(lhs, rhs) || (e(lhs) && e(rhs)), false),
                Op::Binary { lhs, rhs, .. } | Op::Compare { lhs, rhs, .. } => {
                    (false, e(lhs) && e(rhs), false)
                }
                Op::Unary { src, .. } => (false, e(src), false),
                Op::Select {
                    cond,
                    on_true,
                    on_false,
                } => (false, e(cond) && e(on_true) && e(on_false), false),
                Op::Cast { src, to } => {
                    let int = to.is_int() && k.ty(*src).dtype.is_int();
                    (int && c(src), e(src), int && sa(src))
                }
                Op::Reshape { src, .. } | Op::ExpandDims { src, .. } => (c(src), e(src), sa(src)),
                // Every element of a group reads the same address.
                Op::Load { index, mask, .. } => {
                    (false, e(index) && mask.as_ref().is_none_or(e), false)
                }
                _ => (false, false, false),
            };
            // Facts about tiles only (a scalar is trivially "equal" but is no tile).
            if !k.ty(ValueId(r as u32)).is_scalar() {
                contiguous[r] = fact;
                group_equal[r] = equal;
                start_aligned[r] = fact && aligned;
            }
        });
        Layouts {
            dist,
            layout,
            contiguous,
            group_equal,
        }
    }

    pub fn of(&self, v: ValueId) -> Layout {
        self.layout[v.index()]
    }

    /// Whether the elements of integer tile `v` are consecutive within each group of `vec`
    /// slots (what a vector access needs).
    pub fn contiguous(&self, v: ValueId) -> bool {
        self.contiguous[v.index()]
    }

    /// Whether the elements of tile `v` are equal within each group of `vec` slots.
    pub fn group_equal(&self, v: ValueId) -> bool {
        self.group_equal[v.index()]
    }
}
