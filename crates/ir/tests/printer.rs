//! Golden-text tests of `metile_ir::print` on small DSL kernels, and the printer's stability:
//! the text depends on the program, not on how the arenas happen to be laid out.

use metile_ir::{print, verify, Block, DType, Inst, InstId, Kernel, Op, Type, ValueId, Verified};
use metile_lang::{dot, trace, Tile};

/// `y[row, :n] = x[row, :n] * 2`, one program per row, 128 columns per block.
fn row_scale() -> Verified {
    trace("row_scale", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let n = k.scalar("n", DType::I32);
        let cols = k.arange(0, 128);
        let mask = cols.lt(n);
        let offs = k.program_id(0) * n + cols;
        let v = x.load_masked(offs, mask, 0.0);
        y.store_masked(offs, v * 2.0, mask);
    })
    .unwrap()
}

/// Sum and max of a row in blocks of 64, carried through one loop.
fn row_sum_max() -> Verified {
    trace("row_sum_max", |k| {
        let x = k.input("x", DType::F32);
        let out = k.output("out", DType::F32);
        let n = k.scalar("n", DType::I32);
        let row = k.program_id(0);
        let s0 = k.zeros([64], DType::F32);
        let m0 = k.full([64], f32::NEG_INFINITY, DType::F32);
        let r = k.for_range(0, n, 64, &[s0, m0], |i, c: &[Tile]| {
            let cols = k.arange(0, 64) + i;
            let mask = cols.lt(n);
            let v = x.load_masked(row * n + cols, mask, 0.0);
            vec![c[0] + v, c[1].maximum(v)]
        });
        out.store(row * 2, r[0].sum(0));
        out.store(row * 2 + 1, r[1].max(0));
    })
    .unwrap()
}

/// Program 0 writes 1.0, the others 2.5.
fn pick() -> Verified {
    trace("pick", |k| {
        let y = k.output("y", DType::F32);
        let pid = k.program_id(0);
        let r = k.if_else(
            pid.equal(0),
            || vec![k.constant(1.0, DType::F32)],
            || vec![k.constant(2.5, DType::F32)],
        );
        y.store(pid, r[0]);
    })
    .unwrap()
}

/// `c = a @ b` for one 8x16 by 16x8 f16 block, accumulated onto zeros.
fn mm() -> Verified {
    trace("mm", |k| {
        let a = k.input("a", DType::F16);
        let b = k.input("b", DType::F16);
        let c = k.output("c", DType::F32);
        let m = k.arange(0, 8);
        let kk = k.arange(0, 16);
        let ai = m.expand_dims(1) * 16 + kk.expand_dims(0);
        let bi = kk.expand_dims(1) * 8 + m.expand_dims(0);
        let acc = k.zeros([8, 8], DType::F32);
        let o = dot(a.load(ai), b.load(bi), Some(acc));
        let ci = m.expand_dims(1) * 8 + m.expand_dims(0);
        c.store(ci, o);
    })
    .unwrap()
}

#[test]
fn masked_row_kernel() {
    let expected = "\
kernel row_scale(@x: buffer<f32, read>, @y: buffer<f32, write>, @n: i32) {
  %0 = scalar_arg @n : i32
  %1 = arange 0, 128 : 128xi32
  %2 = splat %0 : 128xi32
  %3 = cmp.lt %1, %2 : 128xbool
  %4 = program_id 0 : i32
  %5 = mul %4, %0 : i32
  %6 = splat %5 : 128xi32
  %7 = add %6, %1 : 128xi32
  %8 = constant 0.0 : f32
  %9 = load @x[%7] mask %3 other %8 : 128xf32
  %10 = constant 2.0 : f32
  %11 = splat %10 : 128xf32
  %12 = mul %9, %11 : 128xf32
  store @y[%7], %12 mask %3
}
";
    assert_eq!(print(row_scale().kernel()), expected);
}

#[test]
fn for_loop_carrying_two_values() {
    // The loop's results are named after its region, which is printed first.
    let expected = "\
kernel row_sum_max(@x: buffer<f32, read>, @out: buffer<f32, write>, @n: i32) {
  %0 = scalar_arg @n : i32
  %1 = program_id 0 : i32
  %2 = constant 0.0 : 64xf32
  %3 = constant -inf : 64xf32
  %4 = constant 0 : i32
  %5 = constant 64 : i32
  %21, %22 = for %4 to %0 step %5 iter(%2, %3) args(%6, %7, %8) {
    %9 = arange 0, 64 : 64xi32
    %10 = splat %6 : 64xi32
    %11 = add %9, %10 : 64xi32
    %12 = splat %0 : 64xi32
    %13 = cmp.lt %11, %12 : 64xbool
    %14 = mul %1, %0 : i32
    %15 = splat %14 : 64xi32
    %16 = add %15, %11 : 64xi32
    %17 = constant 0.0 : f32
    %18 = load @x[%16] mask %13 other %17 : 64xf32
    %19 = add %7, %18 : 64xf32
    %20 = max %8, %18 : 64xf32
    yield %19, %20
  } : 64xf32, 64xf32
  %23 = constant 2 : i32
  %24 = mul %1, %23 : i32
  %25 = reduce.sum %21, axis 0 : f32
  store @out[%24], %25
  %26 = constant 2 : i32
  %27 = mul %1, %26 : i32
  %28 = constant 1 : i32
  %29 = add %27, %28 : i32
  %30 = reduce.max %22, axis 0 : f32
  store @out[%29], %30
}
";
    assert_eq!(print(row_sum_max().kernel()), expected);
}

#[test]
fn if_else() {
    let expected = "\
kernel pick(@y: buffer<f32, write>) {
  %0 = program_id 0 : i32
  %1 = constant 0 : i32
  %2 = cmp.eq %0, %1 : bool
  %5 = if %2 {
    %3 = constant 1.0 : f32
    yield %3
  } else {
    %4 = constant 2.5 : f32
    yield %4
  } : f32
  store @y[%0], %5
}
";
    assert_eq!(print(pick().kernel()), expected);
}

#[test]
fn dot_with_accumulator() {
    let expected = "\
kernel mm(@a: buffer<f16, read>, @b: buffer<f16, read>, @c: buffer<f32, write>) {
  %0 = arange 0, 8 : 8xi32
  %1 = arange 0, 16 : 16xi32
  %2 = expand_dims %0, 1 : 8x1xi32
  %3 = constant 16 : i32
  %4 = splat %3 : 8x1xi32
  %5 = mul %2, %4 : 8x1xi32
  %6 = expand_dims %1, 0 : 1x16xi32
  %7 = broadcast %5 : 8x16xi32
  %8 = broadcast %6 : 8x16xi32
  %9 = add %7, %8 : 8x16xi32
  %10 = expand_dims %1, 1 : 16x1xi32
  %11 = constant 8 : i32
  %12 = splat %11 : 16x1xi32
  %13 = mul %10, %12 : 16x1xi32
  %14 = expand_dims %0, 0 : 1x8xi32
  %15 = broadcast %13 : 16x8xi32
  %16 = broadcast %14 : 16x8xi32
  %17 = add %15, %16 : 16x8xi32
  %18 = constant 0.0 : 8x8xf32
  %19 = load @a[%9] : 8x16xf16
  %20 = load @b[%17] : 16x8xf16
  %21 = dot %19, %20 acc %18 : 8x8xf32
  %22 = expand_dims %0, 1 : 8x1xi32
  %23 = constant 8 : i32
  %24 = splat %23 : 8x1xi32
  %25 = mul %22, %24 : 8x1xi32
  %26 = expand_dims %0, 0 : 1x8xi32
  %27 = broadcast %25 : 8x8xi32
  %28 = broadcast %26 : 8x8xi32
  %29 = add %27, %28 : 8x8xi32
  store @c[%29], %21
}
";
    assert_eq!(print(mm().kernel()), expected);
}

fn all() -> Vec<Verified> {
    vec![row_scale(), row_sum_max(), pick(), mm()]
}

#[test]
fn printing_twice_and_tracing_twice_give_the_same_text() {
    for (a, b) in all().into_iter().zip(all()) {
        let once = print(a.kernel());
        assert_eq!(once, print(a.kernel()));
        assert_eq!(once, print(b.kernel()));
    }
}

/// Rebuilds `k` with both arenas reversed and dead entries in front of them: every `ValueId`
/// and `InstId` changes, the program does not.
fn permute(k: &Kernel) -> Kernel {
    const DEAD_VALUES: usize = 3;
    const DEAD_INSTS: usize = 2;
    let (nv, ni) = (k.values.len(), k.insts.len());
    let v = |x: ValueId| ValueId((DEAD_VALUES + nv - 1 - x.index()) as u32);
    let i = |x: InstId| InstId((DEAD_INSTS + ni - 1 - x.index()) as u32);
    let block = |b: &Block| Block {
        args: b.args.iter().map(|a| v(*a)).collect(),
        insts: b.insts.iter().map(|x| i(*x)).collect(),
    };
    let mut out = Kernel::new(k.name.clone());
    out.params = k.params.clone();
    for n in 0..DEAD_VALUES {
        out.new_value(Type::new(DType::I64, [n + 1]));
    }
    out.values.extend(k.values.iter().rev().cloned());
    // Dead instructions that read live values and define dead ones.
    for n in 0..DEAD_INSTS {
        out.insts.push(Inst {
            op: Op::Unary {
                op: metile_ir::UnaryOp::Neg,
                src: ValueId(DEAD_VALUES as u32),
            },
            results: vec![ValueId(n as u32)],
        });
    }
    for inst in k.insts.iter().rev() {
        let mut op = inst.op.clone();
        op.map_operands(v);
        match &mut op {
            Op::For { body, .. } => *body = block(body),
            Op::If {
                then_body,
                else_body,
                ..
            } => {
                *then_body = block(then_body);
                *else_body = block(else_body);
            }
            _ => {}
        }
        out.insts.push(Inst {
            op,
            results: inst.results.iter().map(|r| v(*r)).collect(),
        });
    }
    out.body = block(&k.body);
    out
}

#[test]
fn printing_ignores_arena_layout() {
    for k in all() {
        let shuffled = permute(k.kernel());
        assert_ne!(&shuffled, k.kernel());
        let shuffled = verify(shuffled).expect("a permuted kernel should still verify");
        assert_eq!(print(shuffled.kernel()), print(k.kernel()));
    }
}

#[test]
fn dead_arena_entries_do_not_print() {
    let k = pick();
    let mut k2 = k.kernel().clone();
    let c = k2.new_value(Type::scalar(DType::F32));
    let (dead, _) = k2.new_inst(
        Op::Constant {
            value: metile_ir::ConstValue::Float(7.0),
            ty: Type::scalar(DType::F32),
        },
        vec![Type::scalar(DType::F32)],
    );
    assert!(dead.index() > 0 && c.index() > 0);
    metile_ir::check(&k2).unwrap();
    assert_eq!(print(&k2), print(k.kernel()));
    assert!(!print(&k2).contains("7.0"));
}
