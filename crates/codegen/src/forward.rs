//! Read-only tile forwarding with path conditions, and the distributed-local ownership audit
//! (seed `001`): what a dynamic read `extract(tile, i)` becomes on a GPU.
//!
//! Under a blocked layout the element at a run-time index lives in one thread's registers, at a
//! register slot only known at run time, while every thread needs the value. The audit asks, for
//! every such read, whether the element provably lives in the reading thread (`flatten(index) ==
//! owner`); a uniform read is made by all threads, so for a tile spread over more than one thread
//! the proof fails and the register mapping is *declined*: the tile is materialized in shared
//! memory and read from there. One case avoids that cost: when the tile is a load from a buffer
//! the kernel never writes, its index and mask tiles are expressions of the flat index
//! (contiguous indices, splats, comparisons, logical ops), and the conditions guarding the read
//! prove `0 <= i < len`, the read is *forwarded* to a guarded direct global load of the same
//! element (`mask(i) ? buffer[index(i)] : other`). The conditions come from an enclosing `if` or a
//! `select(cond, i, k)` defining the index (with a constant `k` in range); `cond` is a
//! conjunction of comparisons of `i` with constants.

use std::collections::HashMap;

use metile_ir::{
    Access, BinaryOp, Block, CmpOp, ConstValue, InstId, Kernel, Op, ParamKind, ValueId,
};

/// What an `Extract` lowers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExtractPlan {
    /// A guarded direct read of the loaded buffer.
    Forward { load: InstId },
    /// Through shared memory, with the reason the register read was declined.
    Shared { reason: String },
}

/// The decision for every `Extract` of a kernel.
#[derive(Clone, Debug, Default)]
pub struct Extracts {
    pub plans: HashMap<InstId, ExtractPlan>,
}

impl Extracts {
    pub fn forwarded(&self) -> usize {
        self.plans
            .values()
            .filter(|p| matches!(p, ExtractPlan::Forward { .. }))
            .count()
    }

    pub fn declined(&self) -> usize {
        self.plans.len() - self.forwarded()
    }
}

/// A known bound on an integer value: `lower <= v < upper`.
#[derive(Clone, Copy, Debug, Default)]
struct Range {
    lower: Option<i64>,
    upper: Option<i64>,
}

struct Analysis<'a> {
    k: &'a Kernel,
    def: HashMap<ValueId, InstId>,
    out: Extracts,
}

/// Decides every `Extract` of `k`.
pub fn analyze(k: &Kernel) -> Extracts {
    let mut def = HashMap::new();
    k.walk(|id, inst| {
        for r in &inst.results {
            def.insert(*r, id);
        }
    });
    let mut a = Analysis {
        k,
        def,
        out: Extracts::default(),
    };
    a.block(&k.body, &mut Vec::new());
    a.out
}

impl Analysis<'_> {
    fn op_of(&self, v: ValueId) -> Option<&Op> {
        self.def.get(&v).map(|i| &self.k.inst(*i).op)
    }

    fn constant(&self, v: ValueId) -> Option<i64> {
        match self.op_of(v)? {
            Op::Constant {
                value: ConstValue::Int(c),
                ..
            } => Some(*c),
            Op::Cast { src, to } if to.is_int() => self.constant(*src),
            _ => None,
        }
    }

    fn block(&mut self, b: &Block, guards: &mut Vec<ValueId>) {
        for &id in &b.insts {
            let op = self.k.inst(id).op.clone();
            match &op {
                Op::Extract { src, index } => {
                    let plan = self.decide(*src, *index, guards);
                    self.out.plans.insert(id, plan);
                }
                Op::If {
                    cond,
                    then_body,
                    else_body,
                } => {
                    guards.push(*cond);
                    self.block(then_body, guards);
                    guards.pop();
                    self.block(else_body, guards);
                }
                Op::For { body, .. } => self.block(body, guards),
                _ => {}
            }
        }
    }

    fn decide(&self, src: ValueId, index: ValueId, guards: &[ValueId]) -> ExtractPlan {
        let len = self.k.ty(src).shape.numel() as i64;
        let Some(&load) = self.def.get(&src) else {
            return shared("the tile has no defining op");
        };
        let Op::Load {
            buffer,
            index: lidx,
            mask,
            ..
        } = &self.k.inst(load).op
        else {
            return shared("the tile is derived, not loaded: no buffer to forward to");
        };
        let read_only = matches!(
            self.k.params.get(*buffer as usize).map(|p| &p.kind),
            Some(ParamKind::Buffer {
                access: Access::Read,
                ..
            })
        );
        if !read_only {
            return shared("the loaded buffer is written by the kernel");
        }
        if !self.expressible(*lidx) || mask.map(|m| !self.expressible(m)).unwrap_or(false) {
            return shared("the load's index or mask is not an expression of the flat index");
        }
        let in_range =
            |r: Range| matches!((r.lower, r.upper), (Some(l), Some(u)) if l >= 0 && u <= len);
        let mut direct = Range::default();
        for g in guards {
            self.facts(*g, index, &mut direct);
        }
        let mut proven = in_range(direct);
        // `select(cond, x, k)` with `k` in the tile: in range when `cond` proves `x` is.
        if let (
            false,
            Some(Op::Select {
                cond,
                on_true,
                on_false,
            }),
        ) = (proven, self.op_of(index))
        {
            if self
                .constant(*on_false)
                .is_some_and(|c| (0..len).contains(&c))
            {
                let mut r = Range::default();
                self.facts(*cond, *on_true, &mut r);
                for g in guards {
                    self.facts(*g, *on_true, &mut r);
                }
                proven = in_range(r);
            }
        }
        if proven {
            ExtractPlan::Forward { load }
        } else {
            shared("the index is not proved to lie in the tile")
        }
    }

    /// Whether the element of tile `v` at a run-time flat index can be written as an expression.
    fn expressible(&self, v: ValueId) -> bool {
        match self.op_of(v) {
            Some(Op::Arange { .. }) | Some(Op::Splat { .. }) | Some(Op::Constant { .. }) => true,
            Some(Op::Binary { op, lhs, rhs }) => {
                matches!(
                    op,
                    BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::And | BinaryOp::Or
                ) && self.expressible(*lhs)
                    && self.expressible(*rhs)
            }
            Some(Op::Compare { lhs, rhs, .. }) => self.expressible(*lhs) && self.expressible(*rhs),
            Some(Op::Cast { src, .. })
            | Some(Op::Reshape { src, .. })
            | Some(Op::ExpandDims { src, .. }) => {
                self.k.ty(*src).shape.rank() <= 1 && self.expressible(*src)
            }
            _ => false,
        }
    }

    /// Collects bounds on `v` implied by the bool scalar `cond` being true.
    fn facts(&self, cond: ValueId, v: ValueId, r: &mut Range) {
        match self.op_of(cond) {
            Some(Op::Binary {
                op: BinaryOp::And,
                lhs,
                rhs,
            }) => {
                self.facts(*lhs, v, r);
                self.facts(*rhs, v, r);
            }
            Some(Op::Compare { op, lhs, rhs }) => {
                let (op, c) = if *lhs == v {
                    match self.constant(*rhs) {
                        Some(c) => (*op, c),
                        None => return,
                    }
                } else if *rhs == v {
                    match (self.constant(*lhs), flip(*op)) {
                        (Some(c), Some(f)) => (f, c),
                        _ => return,
                    }
                } else {
                    return;
                };
                match op {
                    CmpOp::Lt => r.upper = Some(r.upper.map_or(c, |u| u.min(c))),
                    CmpOp::Le => r.upper = Some(r.upper.map_or(c + 1, |u| u.min(c + 1))),
                    CmpOp::Ge => r.lower = Some(r.lower.map_or(c, |l| l.max(c))),
                    CmpOp::Gt => r.lower = Some(r.lower.map_or(c + 1, |l| l.max(c + 1))),
                    CmpOp::Eq => {
                        r.lower = Some(c);
                        r.upper = Some(c + 1);
                    }
                    CmpOp::Ne => {}
                }
            }
            _ => {}
        }
    }
}

/// `c op v` as `v op' c`.
fn flip(op: CmpOp) -> Option<CmpOp> {
    Some(match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        CmpOp::Eq => CmpOp::Eq,
        CmpOp::Ne => CmpOp::Ne,
    })
}

fn shared(reason: &str) -> ExtractPlan {
    ExtractPlan::Shared {
        reason: reason.to_string(),
    }
}
