//! The CUDA lowering's facts about index tiles, checked on the values they describe: every library
//! kernel (in the form the GPU lowering takes it) is evaluated on its integer and bool values for
//! a few programs, with integer scalars that are multiples of the vector width (the fast body's
//! assumption) and random ids in integer buffers, and each claim is tested on each group of
//! `vec` slots:
//! - `Layouts::contiguous`: the elements of a group are consecutive (vector accesses rely on it);
//! - `AlignFacts::aligned`: a group's first element is a multiple of `vec`;
//! - `AlignFacts::group_uniform`: a group's elements are equal.
//!
//! The evaluator follows integer and bool ops only (float values are not needed by any claim);
//! loops run their first iterations. A claim about a value the evaluator could not compute is
//! not tested, so the test also counts how many claims it did test.

use std::collections::HashMap;

use metile_codegen::align::AlignFacts;
use metile_codegen::layout::Layouts;
use metile_codegen::{gpu_form, plan, Target};
use metile_ir::{
    eval, Block, ConstValue, DType, Kernel, Op, ParamKind, ReduceOp, ValueId, Verified,
};
use metile_kernels::emit;

/// Integer (and bool, as 0/1) values of a kernel for one program.
struct Eval<'k> {
    k: &'k Kernel,
    params: Vec<i64>,
    program: [i64; 3],
    vals: HashMap<ValueId, Vec<i64>>,
}

const MAX_ITERATIONS: i64 = 3;

impl Eval<'_> {
    fn is_int(&self, v: ValueId) -> bool {
        let d = self.k.ty(v).dtype;
        d.is_int() || d == DType::Bool
    }

    fn get(&self, v: ValueId) -> Option<&Vec<i64>> {
        self.vals.get(&v)
    }

    /// The `i`-th element of `v` (a scalar repeats).
    fn at(&self, v: ValueId, i: usize) -> Option<i64> {
        let x = self.get(v)?;
        Some(if x.len() == 1 { x[0] } else { *x.get(i)? })
    }

    fn numel(&self, v: ValueId) -> usize {
        self.k.ty(v).shape.0.iter().product::<usize>().max(1)
    }

    fn block(&mut self, b: &Block) {
        for &id in &b.insts {
            let inst = self.k.inst(id).clone();
            self.inst(&inst.op, &inst.results);
        }
    }

    fn elementwise(&mut self, r: ValueId, operands: &[ValueId], f: impl Fn(&[i64]) -> Option<i64>) {
        let n = self.numel(r);
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let xs: Option<Vec<i64>> = operands.iter().map(|o| self.at(*o, i)).collect();
            match xs.and_then(|xs| f(&xs)) {
                Some(v) => out.push(v),
                None => return,
            }
        }
        self.vals.insert(r, out);
    }

    fn inst(&mut self, op: &Op, results: &[ValueId]) {
        let r = results.first().copied();
        match op {
            Op::For {
                lower,
                upper,
                step,
                init,
                body,
            } => {
                let (Some(lo), Some(hi), Some(st)) =
                    (self.at(*lower, 0), self.at(*upper, 0), self.at(*step, 0))
                else {
                    return;
                };
                let mut iv = lo;
                let mut carried: Vec<Option<Vec<i64>>> =
                    init.iter().map(|v| self.get(*v).cloned()).collect();
                let mut n = 0;
                while iv < hi && n < MAX_ITERATIONS && st > 0 {
                    if let Some(a) = body.args.first() {
                        self.vals.insert(*a, vec![iv]);
                    }
                    for (a, c) in body.args.iter().skip(1).zip(&carried) {
                        match c {
                            Some(c) => self.vals.insert(*a, c.clone()),
                            None => self.vals.remove(a),
                        };
                    }
                    self.block(body);
                    if let Some(Op::Yield { values }) =
                        body.insts.last().map(|i| &self.k.inst(*i).op)
                    {
                        carried = values.iter().map(|v| self.get(*v).cloned()).collect();
                    }
                    iv += st;
                    n += 1;
                }
                // Results: only when the loop ran to its end (else the values are unknown).
                if iv >= hi {
                    for (res, c) in results.iter().zip(carried) {
                        if let Some(c) = c {
                            self.vals.insert(*res, c);
                        }
                    }
                }
            }
            Op::If {
                cond,
                then_body,
                else_body,
            } => {
                let Some(c) = self.at(*cond, 0) else { return };
                let b = if c != 0 { then_body } else { else_body };
                self.block(b);
                if let Some(Op::Yield { values }) = b.insts.last().map(|i| &self.k.inst(*i).op) {
                    for (res, v) in results.iter().zip(values) {
                        if let Some(x) = self.get(*v).cloned() {
                            self.vals.insert(*res, x);
                        }
                    }
                }
            }
            _ => {
                let Some(r) = r else { return };
                if !self.is_int(r) {
                    return;
                }
                self.pure(op, r);
            }
        }
    }

    fn pure(&mut self, op: &Op, r: ValueId) {
        let dtype = self.k.ty(r).dtype;
        match op {
            Op::ProgramId { axis } => {
                self.vals.insert(r, vec![self.program[*axis as usize]]);
            }
            Op::NumPrograms { .. } => {
                self.vals.insert(r, vec![4]);
            }
            Op::ScalarArg { param } => {
                if let Some(v) = self.params.get(*param as usize) {
                    self.vals.insert(r, vec![*v]);
                }
            }
            Op::Arange { start, end } => {
                self.vals.insert(r, (*start..*end).collect());
            }
            Op::Constant { value, .. } => {
                let v = match value {
                    ConstValue::Int(v) => *v,
                    ConstValue::Bool(b) => *b as i64,
                    ConstValue::Float(_) => return,
                };
                self.vals.insert(r, vec![v; self.numel(r)]);
            }
            Op::Splat { src, .. } => {
                if let Some(v) = self.at(*src, 0) {
                    self.vals.insert(r, vec![v; self.numel(r)]);
                }
            }
            Op::Reshape { src, .. } | Op::ExpandDims { src, .. } => {
                if let Some(v) = self.get(*src).cloned() {
                    self.vals.insert(r, v);
                }
            }
            Op::Broadcast { src, shape } => {
                let Some(x) = self.get(*src).cloned() else {
                    return;
                };
                let from = self.k.ty(*src).shape.0.clone();
                let to = shape.0.clone();
                let n: usize = to.iter().product();
                let mut out = Vec::with_capacity(n);
                for f in 0..n {
                    // Dest multi-index -> source flat index.
                    let (mut rem, mut sf, mut stride_d, mut stride_s) = (f, 0, n, 1usize);
                    let strides_s: Vec<usize> = (0..from.len())
                        .map(|j| from[j + 1..].iter().product())
                        .collect();
                    for j in 0..to.len() {
                        stride_d /= to[j];
                        let idx = rem / stride_d;
                        rem %= stride_d;
                        if from[j] != 1 {
                            sf += idx * strides_s[j];
                        }
                    }
                    let _ = &mut stride_s;
                    out.push(if x.len() == 1 { x[0] } else { x[sf] });
                }
                self.vals.insert(r, out);
            }
            Op::Binary { op, lhs, rhs } => {
                let op = *op;
                self.elementwise(r, &[*lhs, *rhs], |x| {
                    eval::binary_int(op, dtype, x[0], x[1])
                });
            }
            Op::Compare { op, lhs, rhs } => {
                let op = *op;
                self.elementwise(r, &[*lhs, *rhs], |x| {
                    let (a, b) = (x[0], x[1]);
                    Some(i64::from(match op {
                        metile_ir::CmpOp::Lt => a < b,
                        metile_ir::CmpOp::Le => a <= b,
                        metile_ir::CmpOp::Gt => a > b,
                        metile_ir::CmpOp::Ge => a >= b,
                        metile_ir::CmpOp::Eq => a == b,
                        metile_ir::CmpOp::Ne => a != b,
                    }))
                });
            }
            Op::Cast { src, to } => {
                if !self.is_int(*src) {
                    return;
                }
                let to = *to;
                self.elementwise(r, &[*src], |x| {
                    Some(match to {
                        DType::I32 => x[0] as i32 as i64,
                        DType::Bool => i64::from(x[0] != 0),
                        _ => x[0],
                    })
                });
            }
            Op::Select {
                cond,
                on_true,
                on_false,
            } => {
                self.elementwise(r, &[*cond, *on_true, *on_false], |x| {
                    Some(if x[0] != 0 { x[1] } else { x[2] })
                });
            }
            Op::Load {
                index, mask, other, ..
            } => {
                // Integer buffers hold ids in 0..64, a hash of the element's index (masked-off
                // lanes give `other`).
                let n = self.numel(r);
                let mut out = Vec::with_capacity(n);
                for i in 0..n {
                    let on = match mask {
                        Some(m) => match self.at(*m, i) {
                            Some(b) => b != 0,
                            None => return,
                        },
                        None => true,
                    };
                    out.push(if on {
                        // A function of the element's index (a fixed hash), so that two
                        // lanes reading the same element see the same id, as the layout's
                        // equality rule for loads assumes.
                        let at = match self.at(*index, i) {
                            Some(a) => a,
                            None => return,
                        };
                        (at.wrapping_mul(0x9E37_79B9_7F4A_7C15u64 as i64) >> 40).rem_euclid(64)
                    } else {
                        other.and_then(|o| self.at(o, 0)).unwrap_or(0)
                    });
                }
                self.vals.insert(r, out);
            }
            Op::Reduce {
                op: ReduceOp::Sum,
                src,
                ..
            } if self.k.ty(r).is_scalar() => {
                if let Some(x) = self.get(*src) {
                    let s = x.iter().sum();
                    self.vals.insert(r, vec![s]);
                }
            }
            _ => {}
        }
    }
}

/// Claims tested, per kind.
#[derive(Default, Debug)]
struct Tested {
    contiguous: usize,
    aligned: usize,
    uniform: usize,
}

fn check_kernel(name: &str, v: &Verified, tested: &mut Tested) {
    let g = gpu_form(v).unwrap();
    let k = g.kernel();
    let Some(p) = plan::choose(k, &Target::sm90()) else {
        return;
    };
    let dist = p.distribution();
    let lay = Layouts::assign(k, dist);
    let facts = AlignFacts::analyze(k, &lay);
    let vec = dist.vec as usize;
    for program in [0i64, 1, 3] {
        // Integer scalars: multiples of vec (the fast body's assumption), not all equal.
        let params: Vec<i64> = k
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| match p.kind {
                ParamKind::Scalar { dtype } if dtype.is_int() => (vec * (8 + 3 * i)) as i64,
                _ => 0,
            })
            .collect();
        let mut e = Eval {
            k,
            params,
            program: [program, 0, 0],
            vals: HashMap::new(),
        };
        e.block(&k.body);
        for (v, x) in &e.vals {
            let n = x.len();
            if n < vec || vec < 2 || k.ty(*v).is_scalar() {
                continue;
            }
            for g0 in (0..n - n % vec).step_by(vec) {
                let grp = &x[g0..g0 + vec];
                if lay.contiguous(*v) {
                    tested.contiguous += 1;
                    for (i, w) in grp.iter().enumerate() {
                        assert_eq!(
                            *w,
                            grp[0] + i as i64,
                            "{name}: v{} claimed contiguous, group at {g0}: {grp:?}",
                            v.0
                        );
                    }
                }
                if facts.aligned(*v).is_some() {
                    tested.aligned += 1;
                    assert_eq!(
                        grp[0].rem_euclid(vec as i64),
                        0,
                        "{name}: v{} claimed aligned, group at {g0}: {grp:?}",
                        v.0
                    );
                }
                if facts.group_uniform(*v).is_some() {
                    tested.uniform += 1;
                    assert!(
                        grp.iter().all(|w| *w == grp[0]),
                        "{name}: v{} claimed group-uniform, group at {g0}: {grp:?}",
                        v.0
                    );
                }
            }
        }
    }
}

/// Kernels `emit` traces but does not list, and stepped (looped) row kernels.
fn more_kernels() -> Vec<(String, Verified)> {
    use metile_kernels::cross_entropy::{kernel, scale_kernel, CeSpec};
    use metile_kernels::norms::Tiling;
    // (Every `emit` kernel, cross-entropy, RoPE and embedding included, is already covered
    // through `emit::kernel_names`.)
    let mut out = Vec::new();
    let looped = Tiling {
        block: 4096,
        exact: false,
        looped: true,
        prefetch: false,
    };
    for backward in [false, true] {
        for (softcap, predict, weight) in [(false, false, None), (true, true, Some(DType::F32))] {
            let spec = CeSpec {
                backward,
                in_place: false,
                x: DType::BF16,
                target: DType::I64,
                weight,
                grad: DType::BF16,
                softcap,
                predict: predict && !backward,
                lse: backward,
                tiling: looped,
                // Fused linear cross-entropy's chunks run wide programs (1024 threads).
                wide: !backward,
                device_targets: false,
                dloss: DType::F32,
                dloss_per_row: true,
            };
            out.push((format!("{spec:?}"), kernel(&spec).unwrap()));
        }
    }
    out.push((
        "scale looped".into(),
        scale_kernel(DType::BF16, looped, DType::F32, true).unwrap(),
    ));
    out
}

#[test]
fn lowering_facts_hold_on_every_library_kernel() {
    let mut tested = Tested::default();
    for (name, v) in more_kernels() {
        check_kernel(&name, &v, &mut tested);
    }
    for name in emit::kernel_names() {
        for dtype in [DType::BF16, DType::F32] {
            for block in [None, Some(128), Some(1000)] {
                let Ok(v) = emit::library_kernel(name, dtype, block) else {
                    continue;
                };
                check_kernel(name, &v, &mut tested);
            }
        }
    }
    // The claims the vector accesses rest on were exercised, not skipped.
    eprintln!("{tested:?}");
    assert!(tested.contiguous > 1000, "{tested:?}");
    assert!(tested.aligned > 1000, "{tested:?}");
    assert!(tested.uniform > 1000, "{tested:?}");
}
