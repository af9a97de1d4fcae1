//! Elementwise expressions run as one loop: an f32 unary or binary op whose result only one
//! later elementwise op of the same block reads is not computed where it stands; the op that
//! reads it (the *root*) evaluates the whole expression tree strip by strip, so the inner
//! results live in L1-sized scratch instead of each op streaming a full tile through memory.
//! A root that only a store reads (directly, or through a cast that the store rounds: see
//! `exec::Shortcuts`) is not computed either: the store evaluates the tree a strip at a time and
//! stores each strip, so the root's tile is never written.
//!
//! Every element is computed by the same `metile_ir::eval` functions, in the same order, as the
//! ops one by one (no contraction into fused multiply-adds), so results are bit-identical.
//!
//! Found once per kernel ([`Fusion::new`]). A tree is formed only when nothing between an
//! inlined op and its root could move the storage of a value the tree reads (the condition of
//! [`quiet`]). At run time the leaves must be dense f32 tiles or f32 scalars, at least one of
//! them dense; otherwise the ops run one by one (`exec`), as they would without the tree.

use std::collections::HashMap;

use metile_ir::eval::{binary_f32, unary_f32};
use metile_ir::{BinaryOp, Block, DType, InstId, Kernel, Op, ReduceOp, UnaryOp, ValueId};

use crate::cpu::compute::{wide, MAX_SUMS};
use crate::cpu::value::{Scalar, Val};

/// Elements a tree evaluates per step through its ops: a strip of each inner result stays in
/// L1 while the next op reads it.
pub(crate) const STRIP: usize = 512;

/// Most ops in one tree (its inner results take `STRIP` floats of scratch each).
const MAX_STEPS: usize = 8;

/// Most leaves of a tree of [`MAX_STEPS`] ops.
const MAX_LEAVES: usize = 2 * MAX_STEPS;

/// One op of a tree.
#[derive(Clone, Copy, Debug)]
pub(crate) enum StepOp {
    Unary(UnaryOp),
    Binary(BinaryOp),
}

/// Where a step reads an operand: a leaf of the tree or an earlier step's result.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Src {
    Leaf(usize),
    Step(usize),
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Step {
    op: StepOp,
    a: Src,
    /// Unused by a unary step.
    b: Src,
}

/// An expression tree: its steps in evaluation order (each after the steps it reads; the last
/// is the root's op), the values it reads, and the inlined instructions in an order that runs
/// each after its operands (for the op-by-op fallback).
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    steps: Vec<Step>,
    pub leaves: Vec<ValueId>,
    pub inlined: Vec<InstId>,
}

/// The trees of a kernel, per instruction.
#[derive(Debug)]
pub(crate) struct Fusion {
    /// An instruction computed by the tree of a later one, not where it stands.
    pub inlined: Vec<bool>,
    /// An instruction computed by the store that reads it (a root, or the cast between a root
    /// and its store), not where it stands.
    pub stored: Vec<bool>,
    /// The tree an instruction roots: any op with an inlined operand, and any fusable op a
    /// store evaluates.
    pub trees: Vec<Option<Tree>>,
    /// For a store, the root whose tree it evaluates as it stores.
    pub store_root: Vec<Option<InstId>>,
    /// For the first of consecutive f32 sums over the last axis of tiles of one shape (two to
    /// `compute::MAX_SUMS`), the sums: taken together in one pass over their operands.
    pub sum_groups: Vec<Option<Vec<InstId>>>,
    /// A sum taken by the group of an earlier one.
    pub grouped: Vec<bool>,
}

/// Whether nothing in `span` (instructions of one block between a value's read and a later
/// one) could move the storage of a value that `read` accepts: no op there that may hand an
/// operand's storage to its result (a cast, a select, a reshape, a `dot`'s accumulator) reads
/// one, and no loop or branch sits there.
pub(crate) fn quiet(k: &Kernel, span: &[InstId], read: impl Fn(ValueId) -> bool) -> bool {
    span.iter().all(|u| {
        let op = &k.inst(*u).op;
        let mut reads = false;
        op.for_each_operand(|v| reads |= read(v));
        let moves = matches!(
            op,
            Op::Cast { .. }
                | Op::Select { .. }
                | Op::Reshape { .. }
                | Op::ExpandDims { .. }
                | Op::Dot { .. }
        );
        op.regions().is_empty() && !(reads && moves)
    })
}

impl Fusion {
    /// The trees of `k`: `readers` lists each value's reading instructions (one entry per
    /// operand read), `skipped` marks the instructions the executor does not run where they
    /// stand for another reason (summed products: their factors must stay in their slots), and
    /// `rounded` the casts that stores round.
    pub fn new(k: &Kernel, readers: &[Vec<InstId>], skipped: &[bool], rounded: &[bool]) -> Fusion {
        let mut f = Fusion::none(k);
        f.block(k, &k.body, readers, skipped, rounded);
        f
    }

    /// No trees.
    pub fn none(k: &Kernel) -> Fusion {
        Fusion {
            inlined: vec![false; k.insts.len()],
            stored: vec![false; k.insts.len()],
            trees: vec![None; k.insts.len()],
            store_root: vec![None; k.insts.len()],
            sum_groups: vec![None; k.insts.len()],
            grouped: vec![false; k.insts.len()],
        }
    }

    /// Groups the consecutive f32 sums over the last axis of tiles of one shape in `b`.
    fn sums(&mut self, k: &Kernel, b: &Block) {
        let shape_of = |id: InstId| match &k.inst(id).op {
            Op::Reduce {
                op: ReduceOp::Sum,
                src,
                axis,
            } if k.ty(*src).dtype == DType::F32
                && *axis as usize + 1 == k.ty(*src).shape.0.len()
                && k.ty(*src).shape.numel() > 1 =>
            {
                Some(k.ty(*src).shape.clone())
            }
            _ => None,
        };
        let mut i = 0;
        while i < b.insts.len() {
            let Some(shape) = shape_of(b.insts[i]) else {
                i += 1;
                continue;
            };
            let run = b.insts[i..]
                .iter()
                .take_while(|u| shape_of(**u).as_ref() == Some(&shape))
                .count();
            for group in b.insts[i..i + run].chunks(MAX_SUMS) {
                if group.len() > 1 {
                    self.sum_groups[group[0].index()] = Some(group.to_vec());
                    group[1..]
                        .iter()
                        .for_each(|g| self.grouped[g.index()] = true);
                }
            }
            i += run;
        }
    }

    fn block(
        &mut self,
        k: &Kernel,
        b: &Block,
        readers: &[Vec<InstId>],
        skipped: &[bool],
        rounded: &[bool],
    ) {
        self.sums(k, b);
        // The position in `b` of each value defined there.
        let defs: HashMap<ValueId, usize> = b
            .insts
            .iter()
            .enumerate()
            .flat_map(|(i, u)| k.inst(*u).results.iter().map(move |r| (*r, i)))
            .collect();
        // Candidate trees of this block's fusable ops, by instruction (taken when inlined).
        let mut cand: Vec<Option<(Tree, usize)>> = vec![None; k.insts.len()];
        for (i, &id) in b.insts.iter().enumerate() {
            let inst = k.inst(id);
            for r in inst.op.regions() {
                self.block(k, r, readers, skipped, rounded);
            }
            let (op, operands) = match &inst.op {
                Op::Unary { op, src } => (StepOp::Unary(*op), vec![*src]),
                Op::Binary { op, lhs, rhs } => (StepOp::Binary(*op), vec![*lhs, *rhs]),
                _ => continue,
            };
            let r = inst.results[0];
            let n = k.ty(r).shape.numel();
            if skipped[id.index()] || k.ty(r).dtype != DType::F32 || n < 2 {
                continue;
            }
            let mut tree = Tree {
                steps: Vec::new(),
                leaves: Vec::new(),
                inlined: Vec::new(),
            };
            let mut srcs = [Src::Leaf(0); 2];
            for (s, &o) in srcs.iter_mut().zip(&operands) {
                let child = defs
                    .get(&o)
                    .map(|p| b.insts[*p])
                    .filter(|_| readers[o.index()][..] == [id] && k.ty(o).shape.numel() == n);
                let taken = child.and_then(|j| {
                    let (t, pj) = cand[j.index()].as_ref()?;
                    let fits = tree.steps.len() + t.steps.len() < MAX_STEPS
                        && tree.leaves.len() + t.leaves.len() <= MAX_LEAVES;
                    let span = &b.insts[pj + 1..i];
                    (fits && quiet(k, span, |v| t.leaves.contains(&v))).then_some(j)
                });
                *s = match taken {
                    Some(j) => {
                        let (t, _) = cand[j.index()].take().expect("a taken candidate exists");
                        self.inlined[j.index()] = true;
                        tree.absorb(t, j)
                    }
                    None => Src::Leaf(tree.leaf(o)),
                };
            }
            tree.steps.push(Step {
                op,
                a: srcs[0],
                b: srcs[1],
            });
            cand[id.index()] = Some((tree, i));
        }
        // What is left: roots (a tree of two ops or more) and single ops; either may be
        // evaluated by the store that alone reads it.
        for (i, &id) in b.insts.iter().enumerate() {
            let Some((tree, _)) = cand[id.index()].take() else {
                continue;
            };
            if let Some((via, store)) = only_store(k, b, i, readers, rounded) {
                if quiet(k, &b.insts[i + 1..store], |v| tree.leaves.contains(&v)) {
                    self.stored[id.index()] = true;
                    if let Some(c) = via {
                        self.stored[c.index()] = true;
                    }
                    self.store_root[b.insts[store].index()] = Some(id);
                    self.trees[id.index()] = Some(tree);
                    continue;
                }
            }
            if tree.steps.len() > 1 {
                self.trees[id.index()] = Some(tree);
            }
        }
    }
}

/// When the result of instruction `i` of `b` is read by one plain store alone, directly or
/// through a cast that the store rounds (`rounded`) and that nothing else reads: that cast, and
/// the store's position in `b`.
fn only_store(
    k: &Kernel,
    b: &Block,
    i: usize,
    readers: &[Vec<InstId>],
    rounded: &[bool],
) -> Option<(Option<InstId>, usize)> {
    let stores = |v: ValueId, u: InstId| match &k.inst(u).op {
        Op::Store {
            index, mask, value, ..
        } => *value == v && *index != v && *mask != Some(v),
        _ => false,
    };
    let r = k.inst(b.insts[i]).results[0];
    let [u] = readers[r.index()][..] else {
        return None;
    };
    let (via, store) = if stores(r, u) {
        (None, u)
    } else if rounded[u.index()] && matches!(k.inst(u).op, Op::Cast { .. }) {
        let c = k.inst(u).results[0];
        match readers[c.index()][..] {
            [s] if stores(c, s) => (Some(u), s),
            _ => return None,
        }
    } else {
        return None;
    };
    let at = b.insts[i + 1..].iter().position(|x| *x == store)? + i + 1;
    if let Some(c) = via {
        b.insts[i + 1..at].iter().position(|x| *x == c)?;
    }
    Some((via, at))
}

impl Tree {
    /// The index of leaf `v`, added if new.
    fn leaf(&mut self, v: ValueId) -> usize {
        match self.leaves.iter().position(|l| *l == v) {
            Some(p) => p,
            None => {
                self.leaves.push(v);
                self.leaves.len() - 1
            }
        }
    }

    /// Appends the steps of `t` (the tree of instruction `j`, inlined here); returns where its
    /// result is read.
    fn absorb(&mut self, t: Tree, j: InstId) -> Src {
        let base = self.steps.len();
        let map: Vec<usize> = t.leaves.iter().map(|v| self.leaf(*v)).collect();
        let remap = |s: Src| match s {
            Src::Leaf(l) => Src::Leaf(map[l]),
            Src::Step(p) => Src::Step(base + p),
        };
        for s in &t.steps {
            self.steps.push(Step {
                op: s.op,
                a: remap(s.a),
                b: remap(s.b),
            });
        }
        self.inlined.extend(t.inlined);
        self.inlined.push(j);
        Src::Step(self.steps.len() - 1)
    }

    /// Inner results (all steps but the last) take a strip of scratch each.
    pub fn scratch_len(&self) -> usize {
        (self.steps.len() - 1) * STRIP
    }
}

/// A leaf's elements at run time.
#[derive(Clone, Copy)]
pub(crate) enum Leaf<'s> {
    Dense(&'s [f32]),
    Scalar(f32),
}

/// The leaves of `tree` as held in `slots` for a tree of `n` elements: `None` unless each is a
/// dense f32 tile of `n` elements or an f32 scalar and at least one is dense.
pub(crate) fn resolve<'s>(
    tree: &Tree,
    slots: &'s [Val<'_>],
    n: usize,
) -> Option<([Leaf<'s>; MAX_LEAVES], usize)> {
    let mut out = [Leaf::Scalar(0.0); MAX_LEAVES];
    let mut dense = false;
    for (o, v) in out.iter_mut().zip(&tree.leaves) {
        *o = match &slots[v.index()] {
            Val::Splat(Scalar::F(c)) => Leaf::Scalar(*c),
            Val::F(x) if x.len() == n => Leaf::Dense(x),
            Val::FRef(x) if x.len() == n => Leaf::Dense(x),
            _ => return None,
        };
        dense |= matches!(o, Leaf::Dense(_));
    }
    dense.then_some((out, tree.leaves.len()))
}

/// An operand of a step over one strip.
#[derive(Clone, Copy)]
enum Arg<'s> {
    Run(&'s [f32]),
    One(f32),
}

/// Elements `start .. start + out.len()` of the tree's result into `out`, strip by strip;
/// `scratch` holds at least [`Tree::scratch_len`] floats.
pub(crate) fn eval(
    tree: &Tree,
    leaves: &[Leaf<'_>],
    start: usize,
    out: &mut [f32],
    scratch: &mut [f32],
) {
    let last = tree.steps.len() - 1;
    wide(
        #[inline(always)]
        || {
            let mut at = 0;
            while at < out.len() {
                let len = STRIP.min(out.len() - at);
                let base = start + at;
                for (j, step) in tree.steps.iter().enumerate() {
                    let (done, rest) = scratch.split_at_mut(j * STRIP);
                    let dst = if j == last {
                        &mut out[at..at + len]
                    } else {
                        &mut rest[..len]
                    };
                    let src = |s: Src| match s {
                        Src::Leaf(l) => match leaves[l] {
                            Leaf::Dense(x) => Arg::Run(&x[base..base + len]),
                            Leaf::Scalar(c) => Arg::One(c),
                        },
                        Src::Step(p) => Arg::Run(&done[p * STRIP..p * STRIP + len]),
                    };
                    match step.op {
                        StepOp::Unary(op) => unary(op, src(step.a), dst),
                        StepOp::Binary(op) => binary(op, src(step.a), src(step.b), dst),
                    }
                }
                at += len;
            }
        },
    )
}

#[inline(always)]
fn unary(op: UnaryOp, a: Arg<'_>, dst: &mut [f32]) {
    macro_rules! arm {
        ($($op:ident),*) => {
            match op {
                $(UnaryOp::$op => map1(a, dst, |x| unary_f32(UnaryOp::$op, x)),)*
            }
        };
    }
    arm!(Neg, Abs, Exp, Exp2, Log, Log2, Sqrt, Rsqrt, Tanh, Sigmoid, Sin, Cos, Erf, Not);
}

#[inline(always)]
fn map1(a: Arg<'_>, dst: &mut [f32], f: impl Fn(f32) -> f32) {
    match a {
        Arg::Run(x) => {
            for (d, x) in dst.iter_mut().zip(x) {
                *d = f(*x);
            }
        }
        Arg::One(c) => dst.fill(f(c)),
    }
}

#[inline(always)]
fn binary(op: BinaryOp, a: Arg<'_>, b: Arg<'_>, dst: &mut [f32]) {
    macro_rules! arm {
        ($($op:ident),*) => {
            match op {
                $(BinaryOp::$op => map2(a, b, dst, |x, y| binary_f32(BinaryOp::$op, x, y)),)*
            }
        };
    }
    arm!(Add, Sub, Mul, Div, Rem, Min, Max, Pow, And, Or, Xor);
}

#[inline(always)]
fn map2(a: Arg<'_>, b: Arg<'_>, dst: &mut [f32], f: impl Fn(f32, f32) -> f32) {
    match (a, b) {
        (Arg::Run(x), Arg::Run(y)) => {
            for ((d, x), y) in dst.iter_mut().zip(x).zip(y) {
                *d = f(*x, *y);
            }
        }
        (Arg::Run(x), Arg::One(y)) => {
            for (d, x) in dst.iter_mut().zip(x) {
                *d = f(*x, y);
            }
        }
        (Arg::One(x), Arg::Run(y)) => {
            for (d, y) in dst.iter_mut().zip(y) {
                *d = f(x, *y);
            }
        }
        (Arg::One(x), Arg::One(y)) => dst.fill(f(x, y)),
    }
}
