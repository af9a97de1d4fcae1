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
//! The affine analysis finds integer tiles whose elements are `base + f` (`base` uniform), such
//! as `arange(0, B) + row * n`: accesses through them are contiguous within each group of `vec`
//! slots, so they may use 16-byte vector loads and stores when the run-time address is aligned.

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
    /// Integer tiles equal to `uniform base + flat index`.
    contiguous: Vec<bool>,
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
        let mut contiguous = vec![false; k.values.len()];
        // Tiles whose elements are all equal (splats of a uniform scalar, constant tiles).
        let mut splat = vec![false; k.values.len()];
        // Definitions come before uses in program order, so one walk settles every fact.
        k.walk(|_, inst| {
            let uniform_splat = |v: ValueId| splat[v.index()];
            let fact = match &inst.op {
                Op::Arange { .. } => true,
                Op::Binary {
                    op: BinaryOp::Add,
                    lhs,
                    rhs,
                } => {
                    let (a, b) = (*lhs, *rhs);
                    (contiguous[a.index()] && uniform_splat(b))
                        || (contiguous[b.index()] && uniform_splat(a))
                }
                Op::Binary {
                    op: BinaryOp::Sub,
                    lhs,
                    rhs,
                } => contiguous[lhs.index()] && uniform_splat(*rhs),
                Op::Cast { src, to } => to.is_int() && contiguous[src.index()],
                Op::Reshape { src, .. } | Op::ExpandDims { src, .. } => contiguous[src.index()],
                _ => false,
            };
            let is_splat = matches!(inst.op, Op::Splat { .. })
                || matches!(&inst.op, Op::Constant { ty, .. } if !ty.is_scalar());
            if let Some(r) = inst.results.first() {
                contiguous[r.index()] = fact;
                splat[r.index()] = is_splat;
            }
        });
        Layouts {
            dist,
            layout,
            contiguous,
        }
    }

    pub fn of(&self, v: ValueId) -> Layout {
        self.layout[v.index()]
    }

    /// Whether integer tile `v` is `uniform base + flat index`.
    pub fn contiguous(&self, v: ValueId) -> bool {
        self.contiguous[v.index()]
    }
}
