//! Executes one program of a verified kernel: walks its blocks and runs each op over whole
//! tiles. Values live in `Frame::slots`, indexed by value id and reused across the programs a
//! worker thread runs, so steady-state execution allocates nothing. A finished frame leaves its
//! tile allocations to the next frame its thread makes (see `SPARE_FRAMES`), so that the
//! programs of later launches start from warm memory rather than fresh pages.

use std::collections::HashSet;

use std::cell::RefCell;
use std::sync::Arc;

use metile_ir::{Block, DType, Kernel, Op, ValueId};

use crate::cpu::compute;
use crate::cpu::fuse::{self, quiet, Fusion, Tree};
use crate::cpu::memory::{Addresses, View};
use crate::cpu::value::{Scalar, Val};
use crate::error::Error;

/// What a program sees of its launch.
pub(crate) struct Launch<'a> {
    pub kernel: &'a Kernel,
    pub grid: [u32; 3],
    /// One entry per kernel parameter: a view for buffers, a value for scalars.
    pub args: Vec<Bound<'a>>,
    /// Per instruction, the operands it uses last (see [`last_uses`]; computed once per
    /// compiled kernel, not per launch).
    last: &'a [Vec<ValueId>],
    /// The kernel's [`Shortcuts`].
    shortcuts: &'a Shortcuts,
}

/// For every instruction, its operands that nothing after it reads: values defined by an
/// instruction of the same block, or arguments of that block (a loop's carried values), with no
/// later use in that block, nested blocks included. Their slots are dead once the instruction
/// has run (a later iteration of an enclosing loop redefines them before reading: the loop's
/// yield writes its carried values), so the instruction may take their storage instead of
/// copying it.
pub(crate) fn last_uses(k: &Kernel) -> Vec<Vec<ValueId>> {
    fn uses(k: &Kernel, id: metile_ir::InstId, out: &mut HashSet<ValueId>) {
        let op = &k.inst(id).op;
        op.for_each_operand(|v| {
            out.insert(v);
        });
        for b in op.regions() {
            b.insts.iter().for_each(|i| uses(k, *i, out));
        }
    }
    fn block(k: &Kernel, b: &Block, last: &mut [Vec<ValueId>]) {
        let defined: HashSet<ValueId> = b
            .insts
            .iter()
            .flat_map(|i| k.inst(*i).results.iter().copied())
            .chain(b.args.iter().copied())
            .collect();
        let mut later = HashSet::new();
        for &id in b.insts.iter().rev() {
            let op = &k.inst(id).op;
            let mut here = Vec::new();
            op.for_each_operand(|v| {
                if defined.contains(&v) && !later.contains(&v) && !here.contains(&v) {
                    here.push(v);
                }
            });
            last[id.index()] = here;
            uses(k, id, &mut later);
            for r in op.regions() {
                block(k, r, last);
            }
        }
    }
    let mut last = vec![Vec::new(); k.insts.len()];
    block(k, &k.body, &mut last);
    last
}

/// Ops the executor runs in a cheaper, equivalent way, found once per kernel.
///
/// - A cast to a 16-bit float whose every reader is a plain store of it into a buffer of that
///   dtype is not rounded: stores round to nearest even as they convert (the cast's rounding),
///   so its result may hold the unrounded f32 values, which only those stores read.
/// - An f32 product whose only reader is a sum over the last axis is not computed: the sum
///   multiplies as it adds (`compute::sum_products`, bit-identical to the product then the
///   sum), and no product tile is written and read back.
/// - f32 elementwise ops whose results one later elementwise op alone reads run as one
///   expression, strip by strip, at that op or at the store that alone reads it (`fuse`).
#[derive(Debug)]
pub(crate) struct Shortcuts {
    /// Per instruction: a cast whose stores round.
    rounded_by_store: Vec<bool>,
    /// Per instruction: a product left to the sum that reads it.
    summed_product: Vec<bool>,
    /// Per instruction: for a sum of such a product, its two factors.
    product_factors: Vec<Option<(ValueId, ValueId)>>,
    /// The elementwise expressions run as one loop (see `fuse`).
    fusion: Fusion,
}

impl Shortcuts {
    pub fn new(k: &Kernel) -> Shortcuts {
        let mut readers: Vec<Vec<metile_ir::InstId>> = vec![Vec::new(); k.values.len()];
        k.walk(|id, inst| inst.op.for_each_operand(|v| readers[v.index()].push(id)));
        let mut sc = Shortcuts {
            rounded_by_store: vec![false; k.insts.len()],
            summed_product: vec![false; k.insts.len()],
            product_factors: vec![None; k.insts.len()],
            fusion: Fusion::none(k),
        };
        k.walk(|id, inst| {
            let Op::Cast { src, to } = &inst.op else {
                return;
            };
            let r = inst.results[0];
            let stored = |u: &metile_ir::InstId| match &k.inst(*u).op {
                Op::Store {
                    buffer,
                    index,
                    mask,
                    value,
                } => {
                    let dtype = k.params[*buffer as usize].kind.dtype();
                    *value == r && *index != r && *mask != Some(r) && dtype == *to
                }
                _ => false,
            };
            sc.rounded_by_store[id.index()] = matches!(to, DType::F16 | DType::BF16)
                && k.ty(*src).dtype.is_float()
                && readers[r.index()].iter().all(stored);
        });
        sc.products(k, &k.body, &readers);
        sc.fusion = Fusion::new(k, &readers, &sc.summed_product, &sc.rounded_by_store);
        sc
    }

    /// Finds the summed products of block `b` (and of the blocks inside it): an f32 product
    /// read only by a sum over its last axis later in the same block, with nothing in between
    /// that could move its factors' storage: no op that may hand an operand's storage to its
    /// result (a cast, a select, a reshape, a `dot`'s accumulator) reads them there, and no loop
    /// or branch sits there.
    fn products(&mut self, k: &Kernel, b: &Block, readers: &[Vec<metile_ir::InstId>]) {
        for (i, &id) in b.insts.iter().enumerate() {
            let inst = k.inst(id);
            for r in inst.op.regions() {
                self.products(k, r, readers);
            }
            let Op::Binary {
                op: metile_ir::BinaryOp::Mul,
                lhs,
                rhs,
            } = &inst.op
            else {
                continue;
            };
            let r = inst.results[0];
            let [sum] = readers[r.index()][..] else {
                continue;
            };
            let Some(j) = b.insts[i + 1..].iter().position(|u| *u == sum) else {
                continue;
            };
            let summed = matches!(&k.inst(sum).op, Op::Reduce { op: metile_ir::ReduceOp::Sum, axis, .. }
                if *axis as usize + 1 == k.ty(r).shape.0.len());
            let quiet = quiet(k, &b.insts[i + 1..i + 1 + j], |v| v == *lhs || v == *rhs);
            if k.ty(r).dtype == DType::F32 && summed && quiet {
                self.summed_product[id.index()] = true;
                self.product_factors[sum.index()] = Some((*lhs, *rhs));
            }
        }
    }
}

/// `v` grown to at least `len` elements.
fn grown(v: &mut Vec<f32>, len: usize) -> &mut [f32] {
    if v.len() < len {
        v.resize(len, 0.0);
    }
    v
}

pub(crate) enum Bound<'a> {
    Buffer(View<'a>),
    Scalar(Scalar),
}

/// Per-thread execution state; tiles may borrow the launch's read-only buffers.
pub(crate) struct Frame<'a> {
    slots: Vec<Val<'a>>,
    program: [u32; 3],
    /// The inner results of a fused expression's strip (see `fuse`), grown on first use.
    scratch: Vec<f32>,
}

/// Most spare slot sets a thread keeps (each holds the dense tiles of one finished frame: a few
/// MB for large tiles).
const SPARE_FRAMES: usize = 2;

thread_local! {
    /// Slot sets of finished frames, holding only owned tile storage. Without them every launch
    /// allocates its tiles anew, and for launches of a few programs the page faults of those
    /// allocations cost more than the arithmetic.
    static SPARES: RefCell<Vec<Vec<Val<'static>>>> = const { RefCell::new(Vec::new()) };
}

impl<'a> Frame<'a> {
    /// A frame of `values` slots, reusing a spare slot set of this thread when there is one.
    /// Slots hold stale tiles until written: every op writes its result before any op reads it.
    pub fn new(values: usize) -> Frame<'a> {
        let mut slots: Vec<Val<'a>> = SPARES
            .try_with(|s| s.borrow_mut().pop())
            .ok()
            .flatten()
            .unwrap_or_default();
        slots.resize(values, Val::Undef);
        Frame {
            slots,
            program: [0; 3],
            scratch: Vec::new(),
        }
    }
}

impl Drop for Frame<'_> {
    fn drop(&mut self) {
        let spare: Vec<Val<'static>> = std::mem::take(&mut self.slots)
            .into_iter()
            .map(Val::into_owned_storage)
            .collect();
        let _ = SPARES.try_with(|s| {
            let mut s = s.borrow_mut();
            if s.len() < SPARE_FRAMES {
                s.push(spare);
            }
        });
    }
}

impl<'a> Launch<'a> {
    pub fn new(
        kernel: &'a Kernel,
        last: &'a [Vec<ValueId>],
        shortcuts: &'a Shortcuts,
        grid: [u32; 3],
        args: Vec<Bound<'a>>,
    ) -> Launch<'a> {
        Launch {
            kernel,
            grid,
            args,
            last,
            shortcuts,
        }
    }

    pub fn run_program(&self, frame: &mut Frame<'a>, program: [u32; 3]) -> Result<(), Error> {
        frame.program = program;
        self.block(frame, &self.kernel.body)
    }

    fn numel(&self, v: ValueId) -> usize {
        self.kernel.ty(v).shape.numel()
    }

    fn dtype(&self, v: ValueId) -> DType {
        self.kernel.ty(v).dtype
    }

    fn err_exec(&self, op: &Op, message: String) -> Error {
        Error::Execution {
            kernel: self.kernel.name.clone(),
            op: op.name(),
            message,
        }
    }

    fn block(&self, frame: &mut Frame<'a>, b: &Block) -> Result<(), Error> {
        for &id in &b.insts {
            self.inst(frame, id)?;
        }
        Ok(())
    }

    /// Runs instruction `id`.
    fn inst(&self, frame: &mut Frame<'a>, id: metile_ir::InstId) -> Result<(), Error> {
        let inst = self.kernel.inst(id);
        match &inst.op {
            Op::Yield { .. } => {}
            Op::For { .. } | Op::If { .. } => self.control(frame, &inst.op, &inst.results)?,
            Op::Store { value, .. } => {
                if let Some(root) = self.shortcuts.fusion.store_root[id.index()] {
                    if self.store_tree(frame, &inst.op, root)? {
                        return Ok(());
                    }
                    // The root as a tile where the store reads it (a cast between passes the
                    // unrounded values through: the store rounds).
                    let rv = self.kernel.inst(root).results[0];
                    self.run_tree(frame, root, rv)?;
                    frame.slots.swap(rv.index(), value.index());
                }
                self.memory(frame, &inst.op, &inst.results)?
            }
            Op::Load { .. } | Op::AtomicAdd { .. } => {
                self.memory(frame, &inst.op, &inst.results)?
            }
            _ if self.shortcuts.summed_product[id.index()]
                || self.shortcuts.fusion.inlined[id.index()]
                || self.shortcuts.fusion.stored[id.index()]
                || self.shortcuts.fusion.grouped[id.index()] => {}
            _ if self.shortcuts.fusion.sum_groups[id.index()].is_some() => {
                self.run_sums(frame, id)?
            }
            _ if self.shortcuts.fusion.trees[id.index()].is_some() => {
                self.run_tree(frame, id, inst.results[0])?
            }
            op => {
                let r = inst.results[0];
                if self.dot_in_place(frame, id, op, r) || self.sum_of_product(frame, id, op, r) {
                    return Ok(());
                }
                if let Some(src) = self.pass_through(frame, id, op, r) {
                    // A swap, not a take: the operand's slot keeps the result's old storage, so
                    // that its next definition reuses it (no allocation).
                    frame.slots.swap(r.index(), src.index());
                    return Ok(());
                }
                self.run_pure(frame, op, r)?;
            }
        }
        Ok(())
    }

    /// Runs pure op `op` into its result `r`'s slot (the slot's old storage reused).
    fn run_pure(&self, frame: &mut Frame<'a>, op: &Op, r: ValueId) -> Result<(), Error> {
        let mut out = std::mem::take(&mut frame.slots[r.index()]);
        let res = self.pure(frame, op, r, &mut out);
        frame.slots[r.index()] = out;
        res
    }

    /// Runs instruction `id`, which roots a tree (see `fuse`), into its result `r`: the tree in
    /// one loop when its leaves allow, else its inlined ops and then its own one by one.
    fn run_tree(
        &self,
        frame: &mut Frame<'a>,
        id: metile_ir::InstId,
        r: ValueId,
    ) -> Result<(), Error> {
        let tree = self.tree(id);
        let n = self.numel(r);
        let mut out = std::mem::take(&mut frame.slots[r.index()]);
        if let Some((leaves, count)) = fuse::resolve(tree, &frame.slots, n) {
            let mut o = out.reuse_f(n);
            let scratch = grown(&mut frame.scratch, tree.scratch_len());
            fuse::eval(tree, &leaves[..count], 0, &mut o, scratch);
            frame.slots[r.index()] = Val::F(o);
            return Ok(());
        }
        frame.slots[r.index()] = out;
        for &j in tree.inlined.iter().chain([&id]) {
            let inst = self.kernel.inst(j);
            let r = inst.results[0];
            self.run_pure(frame, &inst.op, r)?;
        }
        Ok(())
    }

    /// Runs the group of sums that instruction `id` leads (see `fuse`) in one pass over their
    /// operands when each is a dense tile (or, for a summed product, dense factors or a dense
    /// factor and a scalar); else each sum on its own.
    fn run_sums(&self, frame: &mut Frame<'a>, id: metile_ir::InstId) -> Result<(), Error> {
        let group = self.shortcuts.fusion.sum_groups[id.index()]
            .as_deref()
            .expect("a sum group's leader should have its group");
        let src_of = |g: metile_ir::InstId| match &self.kernel.inst(g).op {
            Op::Reduce { src, .. } => Some(*src),
            _ => None,
        };
        let Some(src) = src_of(group[0]) else {
            return Err(self.err_exec(&self.kernel.inst(id).op, "not a sum".into()));
        };
        let shape = &self.kernel.ty(src).shape.0;
        let len = shape.last().copied().unwrap_or(1);
        let n = self.numel(src);
        let rows = n / len.max(1);
        let s = &frame.slots;
        let dense = |v: ValueId| s[v.index()].dense_f().filter(|x| x.len() == n);
        let splat = |v: ValueId| match &s[v.index()] {
            Val::Splat(Scalar::F(c)) => Some(*c),
            _ => None,
        };
        let mut of = [compute::SumOf::Scaled(&[], 0.0); compute::MAX_SUMS];
        let mut all = true;
        for (o, &g) in of.iter_mut().zip(group) {
            let kind = match (self.shortcuts.product_factors[g.index()], src_of(g)) {
                (Some((a, b)), _) => match (dense(a), dense(b)) {
                    (Some(x), Some(y)) => Some(compute::SumOf::Product(x, y)),
                    (Some(x), None) => splat(b).map(|c| compute::SumOf::Scaled(x, c)),
                    (None, Some(y)) => splat(a).map(|c| compute::SumOf::Scaled(y, c)),
                    (None, None) => None,
                },
                (None, Some(v)) => dense(v).map(compute::SumOf::Run),
                (None, None) => None,
            };
            match kind {
                Some(k) => *o = k,
                None => all = false,
            }
        }
        if !all {
            for &g in group {
                let inst = self.kernel.inst(g);
                let r = inst.results[0];
                if self.sum_of_product(frame, g, &inst.op, r) {
                    continue;
                }
                self.run_pure(frame, &inst.op, r)?;
            }
            return Ok(());
        }
        let mut small = [0.0f32; 4 * compute::MAX_SUMS];
        let mut big = Vec::new();
        let sums = if rows * group.len() <= small.len() {
            &mut small[..rows * group.len()]
        } else {
            big.resize(rows * group.len(), 0.0);
            &mut big[..]
        };
        compute::sums_of(len, &of[..group.len()], sums);
        for (m, &g) in group.iter().enumerate() {
            let r = self.kernel.inst(g).results[0];
            let part = &sums[m * rows..(m + 1) * rows];
            frame.slots[r.index()] = if rows == 1 {
                Val::Splat(Scalar::F(part[0]))
            } else {
                let mut o = std::mem::take(&mut frame.slots[r.index()]).reuse_f(rows);
                o.copy_from_slice(part);
                Val::F(o)
            };
        }
        Ok(())
    }

    fn tree(&self, id: metile_ir::InstId) -> &'a Tree {
        self.shortcuts.fusion.trees[id.index()]
            .as_ref()
            .expect("a fused root should have its tree")
    }

    /// Runs store `op` of the tree rooted at `root` by evaluating the tree a strip at a time
    /// into the buffer, when the store is one of contiguous row runs inside the buffer and the
    /// tree's leaves allow; `false` (nothing done) otherwise.
    fn store_tree(
        &self,
        frame: &mut Frame<'a>,
        op: &Op,
        root: metile_ir::InstId,
    ) -> Result<bool, Error> {
        let Op::Store {
            buffer,
            index,
            mask,
            ..
        } = op
        else {
            return Ok(false);
        };
        let Bound::Buffer(view) = &self.args[*buffer as usize] else {
            return Ok(false);
        };
        let dtype = self.kernel.params[*buffer as usize].kind.dtype();
        let n = self.numel(*index);
        let tree = self.tree(root);
        let slots = &frame.slots;
        let m = mask.map(|m| &slots[m.index()]);
        let Some(runs) =
            Runs::of(&slots[index.index()], m, n).filter(|r| r.inside(view.len()) && r.step == 1)
        else {
            return Ok(false);
        };
        let Some((leaves, count)) = fuse::resolve(tree, slots, n) else {
            return Ok(false);
        };
        let scratch = grown(&mut frame.scratch, tree.scratch_len() + fuse::STRIP);
        let (inner, strip) = scratch.split_at_mut(tree.scratch_len());
        for row in runs.live_rows() {
            let (at, start) = (row * runs.width, runs.start(row) as usize);
            let mut off = 0;
            while off < runs.cols {
                let len = fuse::STRIP.min(runs.cols - off);
                let part = &mut strip[..len];
                fuse::eval(tree, &leaves[..count], at + off, part, inner);
                view.store_floats(dtype, start + off, part);
                off += len;
            }
        }
        Ok(true)
    }

    /// Runs a `dot` whose accumulator this op uses last (a loop's carried sum) by adding the
    /// product into the accumulator's own storage, which becomes the result: no copy of the
    /// accumulator per step. `false` (nothing done) for any other op.
    fn dot_in_place(
        &self,
        frame: &mut Frame<'a>,
        id: metile_ir::InstId,
        op: &Op,
        r: ValueId,
    ) -> bool {
        let Op::Dot {
            lhs,
            rhs,
            acc: Some(acc),
        } = op
        else {
            return false;
        };
        let owned = matches!(frame.slots[acc.index()], Val::F(_));
        if !owned || lhs == acc || rhs == acc || !self.last[id.index()].contains(acc) {
            return false;
        }
        let Val::F(mut o) = std::mem::take(&mut frame.slots[acc.index()]) else {
            return false;
        };
        let a = &self.kernel.ty(*lhs).shape.0;
        let b = &self.kernel.ty(*rhs).shape.0;
        let s = &frame.slots;
        compute::dot_accumulate(a[0], a[1], b[1], &s[lhs.index()], &s[rhs.index()], &mut o);
        frame.slots[r.index()] = Val::F(o);
        true
    }

    /// Runs a sum whose operand is a product left to it (see [`Shortcuts`]): the sum of the
    /// factors' products, without the product tile. `false` (nothing done) for any other op.
    fn sum_of_product(
        &self,
        frame: &mut Frame<'a>,
        id: metile_ir::InstId,
        op: &Op,
        r: ValueId,
    ) -> bool {
        let (Op::Reduce { src, .. }, Some((a, b))) =
            (op, self.shortcuts.product_factors[id.index()])
        else {
            return false;
        };
        let shape = &self.kernel.ty(*src).shape.0;
        let mut out = std::mem::take(&mut frame.slots[r.index()]);
        let s = &frame.slots;
        compute::sum_products(shape, &s[a.index()], &s[b.index()], &mut out);
        frame.slots[r.index()] = out;
        true
    }

    /// The operand that an op whose result is `r` returns unchanged, when this op uses it last
    /// (so its storage can become the result without a copy): a reshape (dense storage is
    /// row-major whatever the shape), a cast to f32 of float values (held exactly already), a
    /// cast whose rounding its stores do (see [`Shortcuts`]) and a select whose condition
    /// picks one side whole.
    fn pass_through(
        &self,
        frame: &Frame<'a>,
        id: metile_ir::InstId,
        op: &Op,
        r: ValueId,
    ) -> Option<ValueId> {
        let src = match op {
            Op::ExpandDims { src, .. } | Op::Reshape { src, .. } => *src,
            Op::Cast { src, to } if *to == DType::F32 && self.dtype(*src).is_float() => *src,
            Op::Cast { src, .. } if self.shortcuts.rounded_by_store[id.index()] => *src,
            Op::Select {
                cond,
                on_true,
                on_false,
            } => match &frame.slots[cond.index()] {
                Val::Splat(c) if c.as_bool() => *on_true,
                Val::Splat(_) => *on_false,
                Val::Prefix(k) if *k >= self.numel(r) => *on_true,
                Val::Prefix(0) => *on_false,
                Val::Rect { rows, cols, width }
                    if rows * width >= self.numel(r) && cols == width =>
                {
                    *on_true
                }
                Val::Rect { rows, cols, .. } if *rows == 0 || *cols == 0 => *on_false,
                _ => return None,
            },
            _ => return None,
        };
        self.last[id.index()].contains(&src).then_some(src)
    }

    /// Runs a pure op whose single result is `r`, writing into `out`.
    fn pure(&self, frame: &Frame<'a>, op: &Op, r: ValueId, out: &mut Val<'a>) -> Result<(), Error> {
        let s = &frame.slots;
        let v = |id: ValueId| &s[id.index()];
        let n = self.numel(r);
        let rdt = self.dtype(r);
        match op {
            Op::ProgramId { axis } => {
                *out = Val::Splat(Scalar::I(frame.program[*axis as usize] as i64))
            }
            Op::NumPrograms { axis } => {
                *out = Val::Splat(Scalar::I(self.grid[*axis as usize] as i64))
            }
            Op::ScalarArg { param } => match &self.args[*param as usize] {
                Bound::Scalar(x) => *out = Val::Splat(*x),
                Bound::Buffer(_) => {
                    return Err(self.err_exec(op, "parameter is not a scalar".into()))
                }
            },
            Op::Arange { start, .. } => *out = Val::Range(*start),
            Op::Constant { value, .. } => *out = Val::Splat(Scalar::from_const(*value)),
            Op::Splat { src, .. } => *out = Val::Splat(v(*src).scalar()),
            Op::Broadcast { src, shape } => {
                let from = self.kernel.ty(*src).shape.0.clone();
                compute::broadcast(rdt, &from, shape.dims(), v(*src), out)
            }
            Op::ExpandDims { src, .. } | Op::Reshape { src, .. } => *out = v(*src).clone(),
            Op::Unary { op, src } => compute::unary(*op, rdt, n, v(*src), out),
            Op::Binary { op: bop, lhs, rhs } => {
                compute::binary(*bop, rdt, n, v(*lhs), v(*rhs), out)
                    .map_err(|()| self.err_exec(op, "integer division by zero".into()))?
            }
            Op::Compare { op, lhs, rhs } => {
                compute::compare_op(*op, self.dtype(*lhs), n, v(*lhs), v(*rhs), out)
            }
            Op::Cast { src, to } => compute::cast(self.dtype(*src), *to, n, v(*src), out),
            Op::Select {
                cond,
                on_true,
                on_false,
            } => compute::select(rdt, n, v(*cond), v(*on_true), v(*on_false), out),
            Op::Reduce { op, src, axis } => {
                let shape = self.kernel.ty(*src).shape.0.clone();
                compute::reduce(*op, self.dtype(*src), &shape, *axis as usize, v(*src), out)
            }
            Op::Extract { src, index } => {
                let len = self.numel(*src) as i64;
                let i = v(*index).scalar().as_i64();
                if i < 0 || i >= len {
                    return Err(self.err_exec(
                        op,
                        format!("index {i} is out of range for a tile of {len} elements"),
                    ));
                }
                *out = Val::Splat(v(*src).get(i as usize));
            }
            Op::Dot { lhs, rhs, acc } => {
                let a = &self.kernel.ty(*lhs).shape.0;
                let b = &self.kernel.ty(*rhs).shape.0;
                compute::dot(a[0], a[1], b[1], v(*lhs), v(*rhs), acc.map(v), out)
            }
            Op::Load { .. }
            | Op::Store { .. }
            | Op::AtomicAdd { .. }
            | Op::For { .. }
            | Op::If { .. }
            | Op::Yield { .. } => return Err(self.err_exec(op, "not a pure op".into())),
        }
        Ok(())
    }

    fn control(&self, frame: &mut Frame<'a>, op: &Op, results: &[ValueId]) -> Result<(), Error> {
        match op {
            Op::For {
                lower,
                upper,
                step,
                init,
                body,
            } => {
                let s = &frame.slots;
                let (lo, hi, st) = (
                    s[lower.index()].scalar().as_i64(),
                    s[upper.index()].scalar().as_i64(),
                    s[step.index()].scalar().as_i64(),
                );
                if st <= 0 {
                    return Err(self.err_exec(op, format!("loop step must be positive, got {st}")));
                }
                for (a, i) in body.args[1..].iter().zip(init) {
                    frame.slots[a.index()] = frame.slots[i.index()].clone();
                }
                let yields = match body.insts.last().map(|i| &self.kernel.inst(*i).op) {
                    Some(Op::Yield { values }) => values.clone(),
                    _ => Vec::new(),
                };
                let local = self.defined_in(body);
                let ity = self.dtype(body.args[0]);
                let mut iv = lo;
                while iv < hi {
                    frame.slots[body.args[0].index()] = Val::Splat(Scalar::I(iv));
                    self.block(frame, body)?;
                    self.pass_on(frame, &yields, &body.args[1..], &local);
                    iv = match iv.checked_add(st) {
                        Some(x) if ity != DType::I32 || x <= i32::MAX as i64 => x,
                        _ => break,
                    };
                }
                for (r, a) in results.iter().zip(&body.args[1..]) {
                    frame.slots[r.index()] = frame.slots[a.index()].clone();
                }
            }
            Op::If {
                cond,
                then_body,
                else_body,
            } => {
                let c = frame.slots[cond.index()].scalar().as_bool();
                let body = if c { then_body } else { else_body };
                self.block(frame, body)?;
                if let Some(Op::Yield { values }) =
                    body.insts.last().map(|i| &self.kernel.inst(*i).op)
                {
                    for (r, y) in results.iter().zip(values) {
                        frame.slots[r.index()] = frame.slots[y.index()].clone();
                    }
                }
            }
            _ => return Err(self.err_exec(op, "not a control op".into())),
        }
        Ok(())
    }

    /// Values defined by instructions directly in `b` (candidates to move instead of copy).
    fn defined_in(&self, b: &Block) -> Vec<ValueId> {
        b.insts
            .iter()
            .flat_map(|i| self.kernel.inst(*i).results.iter().copied())
            .collect()
    }

    /// Moves yielded values into the carried slots: a value computed in this iteration is
    /// swapped in (its slot gets the old allocation back), anything else is copied.
    fn pass_on(
        &self,
        frame: &mut Frame<'a>,
        yields: &[ValueId],
        args: &[ValueId],
        local: &[ValueId],
    ) {
        let mut moved: Vec<ValueId> = Vec::new();
        let mut staged: Vec<Option<Val<'a>>> = Vec::with_capacity(args.len());
        for y in yields {
            if local.contains(y) && !moved.contains(y) {
                moved.push(*y);
                staged.push(None);
            } else {
                staged.push(Some(frame.slots[y.index()].clone()));
            }
        }
        for ((a, y), st) in args.iter().zip(yields).zip(staged) {
            match st {
                Some(v) => frame.slots[a.index()] = v,
                None => frame.slots.swap(a.index(), y.index()),
            }
        }
    }

    fn memory(&self, frame: &mut Frame<'a>, op: &Op, results: &[ValueId]) -> Result<(), Error> {
        let (buffer, index, mask) = match op {
            Op::Load {
                buffer,
                index,
                mask,
                ..
            }
            | Op::Store {
                buffer,
                index,
                mask,
                ..
            }
            | Op::AtomicAdd {
                buffer,
                index,
                mask,
                ..
            } => (*buffer, *index, *mask),
            _ => return Err(self.err_exec(op, "not a memory op".into())),
        };
        let Bound::Buffer(view) = &self.args[buffer as usize] else {
            return Err(self.err_exec(op, "parameter is not a buffer".into()));
        };
        let dtype = self.kernel.params[buffer as usize].kind.dtype();
        let n = self.numel(index);
        let len = view.len();
        let oob = |i: i64| Error::OutOfBounds {
            kernel: self.kernel.name.clone(),
            op: op.name(),
            buffer: self.kernel.params[buffer as usize].name.clone(),
            index: i,
            len,
            program: frame.program,
        };
        let idx = &frame.slots[index.index()];
        let m = mask.map(|m| &frame.slots[m.index()]);
        // Row runs whose every active element lies in the buffer (otherwise the element paths
        // below find and report the first address outside, in row-major order; a store then
        // writes nothing).
        if let Some(runs) = Runs::of(idx, m, n).filter(|r| r.inside(len)) {
            let width = runs.width;
            match op {
                Op::Load { other, .. } => {
                    let fill = other
                        .map(|o| frame.slots[o.index()].scalar())
                        .unwrap_or(Scalar::zero(dtype));
                    let r = results[0];
                    if let (Some(mem), Some(start)) = (view.f32_slice(dtype), runs.whole(n)) {
                        frame.slots[r.index()] = Val::FRef(&mem[start..start + n]);
                        return Ok(());
                    }
                    let out = if dtype.is_float() && runs.transposed() {
                        // Columns lie in memory order: read them whole.
                        let mut o = std::mem::take(&mut frame.slots[r.index()]).reuse_f(n);
                        o.fill(fill.as_f32());
                        let (start, step) = (runs.start(0), runs.step);
                        view.load_block_floats(
                            dtype, start, step, runs.rows, runs.cols, width, &mut o,
                        );
                        Val::F(o)
                    } else if dtype.is_float() {
                        let mut o = std::mem::take(&mut frame.slots[r.index()]).reuse_f(n);
                        for (row, run) in o.chunks_mut(width).enumerate() {
                            let k = runs.active_cols(row);
                            let s = runs.start(row);
                            match k {
                                0 => {}
                                _ if runs.step == 1 => {
                                    view.load_floats(dtype, s as usize, &mut run[..k])
                                }
                                _ => view.load_block_floats(
                                    dtype,
                                    s,
                                    runs.step,
                                    1,
                                    k,
                                    width,
                                    &mut run[..],
                                ),
                            }
                            run[k..].fill(fill.as_f32());
                        }
                        Val::F(o)
                    } else {
                        dense_from(dtype, n, |i| {
                            let (row, c) = (i / width, i % width);
                            if c < runs.active_cols(row) {
                                view.get(dtype, runs.at(row, c))
                            } else {
                                fill
                            }
                        })
                    };
                    frame.slots[r.index()] = out;
                }
                Op::Store { value, .. } | Op::AtomicAdd { value, .. } => {
                    let v = &frame.slots[value.index()];
                    let atomic = matches!(op, Op::AtomicAdd { .. });
                    let k = runs.cols;
                    let plain = !atomic && runs.step == 1;
                    match (v.dense_f(), v) {
                        (Some(x), _) if plain => runs.live_rows().for_each(|row| {
                            let at = row * width;
                            view.store_floats(dtype, runs.start(row) as usize, &x[at..at + k]);
                        }),
                        // One float for every element (zeros for a row nothing was added to):
                        // stored as runs of it.
                        (None, Val::Splat(c)) if plain && dtype.is_float() => {
                            let run = vec![c.as_f32(); k];
                            runs.live_rows().for_each(|row| {
                                view.store_floats(dtype, runs.start(row) as usize, &run)
                            })
                        }
                        _ => store_each(view, dtype, &runs, v, atomic),
                    }
                }
                _ => {}
            }
            return Ok(());
        }
        // One element at a scalar index (a row's statistic): read or written as a scalar.
        if let (1, Val::Splat(Scalar::I(j))) = (n, idx) {
            let active = match m {
                None => Some(true),
                Some(Val::Splat(c)) => Some(c.as_bool()),
                Some(_) => None,
            };
            if let Some(active) = active {
                let j = *j;
                let at = (j >= 0 && (j as u64) < len as u64).then_some(j as usize);
                match op {
                    Op::Load { other, .. } => {
                        let v = match (active, at) {
                            (false, _) => other
                                .map(|o| frame.slots[o.index()].scalar())
                                .unwrap_or(Scalar::zero(dtype)),
                            (true, Some(i)) => view.get(dtype, i),
                            (true, None) => return Err(oob(j)),
                        };
                        frame.slots[results[0].index()] = Val::Splat(v);
                    }
                    Op::Store { value, .. } | Op::AtomicAdd { value, .. } if active => {
                        let i = at.ok_or_else(|| oob(j))?;
                        let v = frame.slots[value.index()].get(0);
                        let mut w = view.writer();
                        if matches!(op, Op::AtomicAdd { .. }) {
                            w.atomic_add(dtype, i, v);
                        } else {
                            w.set(dtype, i, v);
                        }
                    }
                    _ => {}
                }
                return Ok(());
            }
        }
        // Float loads at computed indices: one gather over dense index and mask slices.
        if let (Op::Load { other, .. }, true) = (op, dtype.is_float()) {
            let fill = other.map_or(0.0, |o| frame.slots[o.index()].scalar().as_f32());
            let r = results[0];
            let mut o = std::mem::take(&mut frame.slots[r.index()]).reuse_f(n);
            let slots = &frame.slots;
            let (mut ti, mut tb) = (Vec::new(), Vec::new());
            let at = Addresses {
                index: slots[index.index()].ints(n, &mut ti),
                cols: self
                    .kernel
                    .ty(index)
                    .shape
                    .dims()
                    .last()
                    .copied()
                    .unwrap_or(1),
                mask: mask.map(|m| slots[m.index()].bools(n, &mut tb)),
            };
            view.gather_floats(dtype, &at, fill, &mut o).map_err(oob)?;
            frame.slots[r.index()] = Val::F(o);
            return Ok(());
        }
        // Float stores at computed indices: every active index checked, then one scatter.
        if let (Op::Store { value, .. }, true) = (op, dtype.is_float()) {
            let slots = &frame.slots;
            let (mut ti, mut tb, mut tv) = (Vec::new(), Vec::new(), Vec::new());
            let index = slots[index.index()].ints(n, &mut ti);
            let mask = mask.map(|m| slots[m.index()].bools(n, &mut tb));
            let inside = |j: i64| (j as u64) < len as u64;
            let outside = match mask {
                None => index.iter().find(|j| !inside(**j)),
                Some(m) => index
                    .iter()
                    .zip(m)
                    .find(|(j, a)| **a && !inside(**j))
                    .map(|p| p.0),
            };
            if let Some(j) = outside {
                return Err(oob(*j));
            }
            let values = slots[value.index()].floats(n, &mut tv);
            view.scatter_floats(dtype, index, mask, values);
            return Ok(());
        }
        // General path: element by element.
        let active = |i: usize| m.map(|m| m.get(i).as_bool()).unwrap_or(true);
        let at = |i: usize| -> Result<usize, Error> {
            let j = idx.get(i).as_i64();
            if j < 0 || j as usize >= len {
                Err(oob(j))
            } else {
                Ok(j as usize)
            }
        };
        match op {
            Op::Load { other, .. } => {
                let fill = other
                    .map(|o| frame.slots[o.index()].scalar())
                    .unwrap_or(Scalar::zero(dtype));
                let mut vals = Vec::with_capacity(n);
                for i in 0..n {
                    vals.push(if active(i) {
                        view.get(dtype, at(i)?)
                    } else {
                        fill
                    });
                }
                frame.slots[results[0].index()] = dense_from(dtype, n, |i| vals[i]);
            }
            Op::Store { value, .. } | Op::AtomicAdd { value, .. } => {
                let v = &frame.slots[value.index()];
                // Check every active index before writing anything.
                let mut targets = Vec::with_capacity(n);
                for i in 0..n {
                    if active(i) {
                        targets.push((i, at(i)?));
                    }
                }
                let atomic = matches!(op, Op::AtomicAdd { .. });
                let mut w = view.writer();
                for (i, j) in targets {
                    if atomic {
                        w.atomic_add(dtype, j, v.get(i));
                    } else {
                        w.set(dtype, j, v.get(i));
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// Stores (or, `atomic`, adds) the active elements of `v` element by element (a compact value,
/// a strided run, an atomic add), through one writer (which holds a block lock between
/// elements).
fn store_each(view: &View<'_>, dtype: DType, runs: &Runs, v: &Val<'_>, atomic: bool) {
    let mut w = view.writer();
    for row in runs.live_rows() {
        let at = row * runs.width;
        for c in 0..runs.cols {
            if atomic {
                w.atomic_add(dtype, runs.at(row, c), v.get(at + c));
            } else {
                w.set(dtype, runs.at(row, c), v.get(at + c));
            }
        }
    }
}

/// A memory access whose active elements are runs of evenly spaced addresses, one per row: of
/// the tile's `n / width` rows of `width` elements, each row `r < rows` has its first `cols`
/// elements active, element `c` at address `start(r) + c * step`; every other element is
/// inactive. A flat range with a prefix mask is one row of step 1; a row form with a rectangle
/// mask (a 2-D tile of a larger array; step 1 unless the tile is a transposed view) has a run
/// per tile row.
struct Runs {
    starts: Starts,
    step: i64,
    rows: usize,
    cols: usize,
    width: usize,
}

enum Starts {
    /// Row `r` starts at `first + r * width` (a flat range).
    Flat(i64),
    /// Row `r` starts at `row[r]` (a row form's starts, shared with it).
    Listed(Arc<[i64]>),
}

impl Runs {
    /// The runs of an access at `idx` under `mask` over `n` elements, when it is one.
    fn of(idx: &Val<'_>, mask: Option<&Val<'_>>, n: usize) -> Option<Runs> {
        let (starts, step, width) = match idx {
            Val::Range(s) => match mask {
                Some(Val::Rect { width, .. }) => (Starts::Flat(*s), 1, *width),
                _ => (Starts::Flat(*s), 1, n),
            },
            Val::Rows { row, step, cols } => (Starts::Listed(row.clone()), *step, *cols),
            _ => return None,
        };
        if width == 0 || !n.is_multiple_of(width) {
            return None;
        }
        let (rows, cols) = match mask {
            None => (n / width, width),
            Some(m) => compute::as_rect(m, n, width)?,
        };
        Some(Runs {
            starts,
            step,
            rows,
            cols,
            width,
        })
    }

    /// Whether every active address lies in `0..len`.
    fn inside(&self, len: usize) -> bool {
        let last = self.step as i128 * (self.cols as i128 - 1);
        let (down, up) = (last.min(0), last.max(0));
        self.cols == 0
            || (0..self.rows).all(|r| {
                let s = self.start(r) as i128;
                s + down >= 0 && s + up < len as i128
            })
    }

    /// Whether the active block is a transposed one: rows start one element apart and each
    /// row's elements lie farther apart, so that each column is a run in memory.
    fn transposed(&self) -> bool {
        let consecutive = match &self.starts {
            Starts::Flat(_) => false,
            Starts::Listed(row) => row[..self.rows].windows(2).all(|p| p[1] - p[0] == 1),
        };
        self.rows > 1 && self.cols > 1 && self.step.unsigned_abs() > 1 && consecutive
    }

    /// The address of active element `c` of row `r` (in bounds: see [`Runs::inside`]).
    fn at(&self, r: usize, c: usize) -> usize {
        (self.start(r) + c as i64 * self.step) as usize
    }

    fn start(&self, r: usize) -> i64 {
        match &self.starts {
            Starts::Flat(s) => s + (r * self.width) as i64,
            Starts::Listed(row) => row[r],
        }
    }

    /// The rows with active elements.
    fn live_rows(&self) -> std::ops::Range<usize> {
        0..if self.cols > 0 { self.rows } else { 0 }
    }

    /// The active elements of row `r` (all at the front).
    fn active_cols(&self, r: usize) -> usize {
        if r < self.rows {
            self.cols
        } else {
            0
        }
    }

    /// The first address when every one of the `n` elements is active and the rows follow one
    /// another in memory: the access is then one run.
    fn whole(&self, n: usize) -> Option<usize> {
        if self.rows * self.width != n || self.cols != self.width || self.step != 1 {
            return None;
        }
        let follows = match &self.starts {
            Starts::Flat(_) => true,
            Starts::Listed(row) => row.windows(2).all(|p| p[1] - p[0] == self.width as i64),
        };
        (follows && n > 0).then(|| self.start(0) as usize)
    }
}

fn dense_from<'a>(dtype: DType, n: usize, f: impl Fn(usize) -> Scalar) -> Val<'a> {
    match dtype {
        DType::Bool => Val::B((0..n).map(|i| f(i).as_bool()).collect()),
        d if d.is_int() => Val::I((0..n).map(|i| f(i).as_i64()).collect()),
        _ => Val::F((0..n).map(|i| f(i).as_f32()).collect()),
    }
}
