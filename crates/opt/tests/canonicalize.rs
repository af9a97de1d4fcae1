//! `canonicalize`: fold, CSE and DCE to a fixed point, then re-verify; idempotent.

mod common;

use common::{check_lines, check_not, count};
use metile_ir::{
    check, print, BinaryOp, Block, ConstValue, DType, Inst, InstId, Kernel, Op, Type, ValueId,
    Verified,
};
use metile_lang::{dot, trace, Tile};
use metile_opt::{canonicalization_passes, canonicalize};

/// A row kernel written carelessly: recomputed offsets, literal arithmetic, identities.
fn sloppy_row() -> Verified {
    trace("sloppy_row", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let n = k.scalar("n", DType::I32);
        let cols = k.arange(0, 128);
        let offs = k.program_id(0) * n + cols;
        let mask = cols.lt(n);
        let v = x.load_masked(offs, mask, 0.0);
        let scale = k.constant(0.5, DType::F32) * 4.0;
        let unused = v.exp();
        let _ = unused;
        let offs2 = (k.program_id(0) * n + cols) * 1 + 0;
        y.store_masked(offs2, v * scale * 1.0, cols.lt(n));
    })
    .unwrap()
}

/// A loop, a branch and a dot, with duplicates and dead code in every region.
fn mixed() -> Verified {
    trace("mixed", |k| {
        let a = k.input("a", DType::F16);
        let c = k.output("c", DType::F32);
        let n = k.scalar("n", DType::I32);
        let r = k.arange(0, 16);
        let idx = r.expand_dims(1) * 16 + r.expand_dims(0);
        let acc0 = k.zeros([16, 16], DType::F32);
        let out = k.for_range(0, n, 1, &[acc0], |i, acc: &[Tile]| {
            let base = i * 256;
            let t = a.load(idx + base);
            let again = r.expand_dims(1) * 16 + r.expand_dims(0);
            let _ = again * 2;
            vec![dot(t, t, Some(acc[0]))]
        });
        let pick = k.if_else(
            k.program_id(0).equal(0),
            || vec![out[0] * (k.constant(3, DType::F32) - 2)],
            || vec![out[0]],
        );
        c.store(idx, pick[0]);
    })
    .unwrap()
}

#[test]
fn canonical_row_kernel() {
    let v = canonicalize(sloppy_row()).unwrap();
    let expected = "\
kernel sloppy_row(@x: buffer<f32, read>, @y: buffer<f32, write>, @n: i32) {
  %0 = scalar_arg @n : i32
  %1 = arange 0, 128 : 128xi32
  %2 = program_id 0 : i32
  %3 = mul %2, %0 : i32
  %4 = splat %3 : 128xi32
  %5 = add %4, %1 : 128xi32
  %6 = splat %0 : 128xi32
  %7 = cmp.lt %1, %6 : 128xbool
  %8 = constant 0.0 : f32
  %9 = load @x[%5] mask %7 other %8 : 128xf32
  %10 = constant 2.0 : 128xf32
  %11 = mul %9, %10 : 128xf32
  store @y[%5], %11 mask %7
}
";
    assert_eq!(print(v.kernel()), expected);
}

#[test]
fn canonical_kernel_with_regions() {
    let v = canonicalize(mixed()).unwrap();
    let text = print(v.kernel());
    // The index is computed once, outside the loop, and reused inside it.
    assert_eq!(count(&text, "expand_dims"), 2, "{text}");
    check_lines(&text, &["for %", "= mul %", "load @a", "dot %", "yield"]);
    check_not(&text, &["constant 3.0", "constant 2 :"]);
    // `3.0 - 2` folded to 1.0 and `x * 1.0` dropped: the branch yields the loop result.
    check_lines(&text, &["if %", "yield %", "} else {", "yield %"]);
    check_not(&text, &["= sub"]);
    assert_eq!(count(&text, "= mul"), 2, "{text}");
}

#[test]
fn canonicalize_is_idempotent() {
    for v in [sloppy_row(), mixed()] {
        let once = canonicalize(v).unwrap();
        let twice = canonicalize(once.clone()).unwrap();
        assert_eq!(print(once.kernel()), print(twice.kernel()));
        assert_eq!(once.kernel(), twice.kernel());
        // No pass finds anything left to do.
        let mut k = once.into_kernel();
        for pass in canonicalization_passes() {
            assert!(
                !pass.run(&mut k),
                "{} changed a canonical kernel",
                pass.name()
            );
        }
        check(&k).unwrap();
    }
}

#[test]
fn canonicalize_keeps_every_effect() {
    let v = trace("effects", |k| {
        let x = k.inout("x", DType::I32);
        let i = k.arange(0, 8);
        let a = x.load(i);
        x.store(i, a + 0);
        let b = x.load(i);
        x.atomic_add(i, b * 1, None);
        k.when(k.program_id(0).equal(0), || x.store(i, 7));
    })
    .unwrap();
    let text = print(canonicalize(v).unwrap().kernel());
    assert_eq!(count(&text, "= load"), 2, "{text}");
    assert_eq!(count(&text, "store @x"), 2, "{text}");
    assert_eq!(count(&text, "atomic_add @x"), 1, "{text}");
    check_lines(
        &text,
        &["load", "store @x[%0], %1", "load", "atomic_add @x[%0], %3"],
    );
}

#[test]
fn pass_order_and_names() {
    let names: Vec<&str> = canonicalization_passes().iter().map(|p| p.name()).collect();
    assert_eq!(
        names,
        [
            "fold-constants",
            "eliminate-common-subexpressions",
            "eliminate-dead-code"
        ]
    );
}

/// Kernels no verifier would pass: the passes must neither panic nor loop on them.
fn malformed() -> Vec<Kernel> {
    let f32s = Type::scalar(DType::F32);
    let one = Op::Constant {
        value: ConstValue::Float(1.0),
        ty: f32s.clone(),
    };
    let mut out = Vec::new();

    // An instruction id outside the arena, and an operand outside the value arena.
    let mut k = Kernel::new("bad_ids");
    let (c, cv) = k.new_inst(one.clone(), vec![f32s.clone()]);
    let add = Op::Binary {
        op: BinaryOp::Mul,
        lhs: ValueId(999),
        rhs: cv[0],
    };
    let (a, _) = k.new_inst(add, vec![f32s.clone()]);
    k.body.insts = vec![c, InstId(77), a, a];
    out.push(k);

    // An if that holds itself, and a result id outside the value arena.
    let mut k = Kernel::new("cycle");
    let (c, cv) = k.new_inst(one.clone(), vec![f32s.clone()]);
    let own = InstId(1);
    let op = Op::If {
        cond: cv[0],
        then_body: Block {
            args: vec![],
            insts: vec![own, InstId(2)],
        },
        else_body: Block::default(),
    };
    k.insts.push(Inst {
        op,
        results: vec![ValueId(500)],
    });
    k.insts.push(Inst {
        op: Op::Yield {
            values: vec![cv[0]],
        },
        results: vec![],
    });
    k.body.insts = vec![c, own];
    out.push(k);

    // A constant whose recorded type disagrees with its value, and a value defined twice.
    let mut k = Kernel::new("lies");
    let (c, cv) = k.new_inst(
        Op::Constant {
            value: ConstValue::Int(1 << 40),
            ty: Type::scalar(DType::I32),
        },
        vec![f32s.clone()],
    );
    k.insts.push(Inst {
        op: Op::Binary {
            op: BinaryOp::Add,
            lhs: cv[0],
            rhs: cv[0],
        },
        results: vec![cv[0]],
    });
    k.body.insts = vec![c, InstId(1)];
    out.push(k);
    out
}

#[test]
fn passes_do_not_panic_on_malformed_kernels() {
    for k in malformed() {
        assert!(check(&k).is_err(), "{} should not verify", k.name);
        let mut k = k;
        for _ in 0..3 {
            for pass in canonicalization_passes() {
                pass.run(&mut k);
            }
        }
    }
}
