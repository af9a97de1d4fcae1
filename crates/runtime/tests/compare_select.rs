//! Comparisons and select on the CPU executor: IEEE comparisons (false with NaN except `ne`) on
//! f32, f16 and bf16, integer and bool comparisons, the same on splat operands; select on dense
//! and scalar conditions, with literal and tile arms, never propagating the unselected arm.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::{CmpOp, DType};
use metile_lang::select;
use metile_runtime::Arg;

/// Every ordered pair of `vals`, row-major.
fn pairs_of<T: Copy>(vals: &[T]) -> Vec<(T, T)> {
    vals.iter()
        .flat_map(|a| vals.iter().map(move |b| (*a, *b)))
        .collect()
}

const CMPS: [CmpOp; 6] = [
    CmpOp::Lt,
    CmpOp::Le,
    CmpOp::Gt,
    CmpOp::Ge,
    CmpOp::Eq,
    CmpOp::Ne,
];

/// `y = a cmp b` on loaded operands of `dtype`, `n` elements.
fn compare_kernel(op: CmpOp, dtype: DType, n: usize) -> Kern {
    compile(&format!("cmp_{}_{dtype}_{n}", op.name()), |k| {
        let (a, b, y) = (
            k.input("a", dtype),
            k.input("b", dtype),
            k.output("y", DType::Bool),
        );
        let i = k.arange(0, n as i64);
        y.store(i, compare(op, a.load(i), b.load(i)));
    })
}

#[test]
fn float_comparisons_are_false_with_nan_except_ne() {
    let vals = [
        f32::NAN,
        0.0,
        -0.0,
        1.0,
        -1.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ];
    let pairs = pairs_of(&vals);
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        let a = floats(dtype, &pairs.iter().map(|p| p.0).collect::<Vec<_>>());
        let b = floats(dtype, &pairs.iter().map(|p| p.1).collect::<Vec<_>>());
        for op in CMPS {
            let mut y = poisoned(DType::Bool, pairs.len());
            compare_kernel(op, dtype, pairs.len())
                .ok([1, 1, 1], &mut [Arg::In(&a), Arg::In(&b), Arg::Out(&mut y)]);
            let want: Vec<bool> = pairs
                .iter()
                .map(|(x, z)| host_compare(op, *x, *z))
                .collect();
            assert_eq!(bool_of(&y), want, "{} on {dtype}", op.name());
            for (p, (x, z)) in pairs.iter().enumerate() {
                if x.is_nan() || z.is_nan() {
                    assert_eq!(bool_of(&y)[p], op == CmpOp::Ne, "{x} {} {z}", op.name());
                }
            }
        }
    }
}

#[test]
fn integer_and_bool_comparisons() {
    let iv: Vec<i64> = vec![i32::MIN as i64, -1, 0, 1, i32::MAX as i64];
    let ip: Vec<(i64, i64)> = iv
        .iter()
        .flat_map(|a| iv.iter().map(move |b| (*a, *b)))
        .collect();
    let bv = [false, true];
    let bp: Vec<(bool, bool)> = bv
        .iter()
        .flat_map(|a| bv.iter().map(move |b| (*a, *b)))
        .collect();
    for op in CMPS {
        for dtype in [DType::I32, DType::I64] {
            let a = ints(dtype, &ip.iter().map(|p| p.0).collect::<Vec<_>>());
            let b = ints(dtype, &ip.iter().map(|p| p.1).collect::<Vec<_>>());
            let mut y = poisoned(DType::Bool, ip.len());
            compare_kernel(op, dtype, ip.len())
                .ok([1, 1, 1], &mut [Arg::In(&a), Arg::In(&b), Arg::Out(&mut y)]);
            let want: Vec<bool> = ip.iter().map(|(x, z)| host_compare(op, *x, *z)).collect();
            assert_eq!(bool_of(&y), want, "{} on {dtype}", op.name());
        }
        let a = bools(&bp.iter().map(|p| p.0).collect::<Vec<_>>());
        let b = bools(&bp.iter().map(|p| p.1).collect::<Vec<_>>());
        let mut y = poisoned(DType::Bool, 4);
        compare_kernel(op, DType::Bool, 4)
            .ok([1, 1, 1], &mut [Arg::In(&a), Arg::In(&b), Arg::Out(&mut y)]);
        let want: Vec<bool> = bp.iter().map(|(x, z)| host_compare(op, *x, *z)).collect();
        assert_eq!(bool_of(&y), want, "{} on bool", op.name());
    }
}

#[test]
fn comparisons_of_splats_agree_with_dense_and_the_host() {
    let fv = [
        0.0,
        -0.0,
        2.7,
        -2.7,
        65519.0,
        70000.0,
        1e10,
        -1e10,
        3e9,
        f64::NAN,
        f64::INFINITY,
        1.0 + 1.0 / 2048.0,
    ];
    let iv = [
        0.0,
        -1.0,
        16777217.0,
        2049.0,
        2051.0,
        259.0,
        -70000.0,
        2147483647.0,
    ];
    for from in DType::ALL {
        let vals: &[f64] = if from.is_float() {
            &fv
        } else if from.is_int() {
            &iv
        } else {
            &[0.0, 1.0]
        };
        let xv = as_f64(&buffer_of(from, vals));
        // Comparisons of two splats against the dense results.
        for op in CMPS {
            let pairs = pairs_of(&xv);
            let a = buffer_of(from, &pairs.iter().map(|p| p.0).collect::<Vec<_>>());
            let b = buffer_of(from, &pairs.iter().map(|p| p.1).collect::<Vec<_>>());
            let mut dense = poisoned(DType::Bool, pairs.len());
            compare_kernel(op, from, pairs.len()).ok(
                [1, 1, 1],
                &mut [Arg::In(&a), Arg::In(&b), Arg::Out(&mut dense)],
            );
            let kern = compile(&format!("cmp_splat_{}_{from}", op.name()), |k| {
                let (s, t, y) = (
                    k.scalar("s", from),
                    k.scalar("t", from),
                    k.output("y", DType::Bool),
                );
                y.store(k.arange(0, 1), compare(op, s, t));
            });
            let dense = bool_of(&dense);
            for (j, (p, q)) in pairs.iter().enumerate() {
                let mut y = poisoned(DType::Bool, 1);
                kern.ok(
                    [1, 1, 1],
                    &mut [scalar_arg(from, *p), scalar_arg(from, *q), Arg::Out(&mut y)],
                );
                assert_eq!(bool_of(&y)[0], dense[j], "{p} {} {q} on {from}", op.name());
                assert_eq!(
                    dense[j],
                    host_compare(op, *p, *q),
                    "{p} {} {q} on {from} (dense)",
                    op.name()
                );
            }
        }
    }
}

/// A dense float tile against a scalar threshold, on either side (the executor compares these
/// without materialising the scalar): the host's IEEE results, NaN on either side included.
#[test]
fn dense_tiles_against_a_scalar_on_either_side() {
    let vals = [
        f32::NAN,
        0.0,
        -0.0,
        1.5,
        -1.5,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::MIN_POSITIVE,
    ];
    let n = vals.len();
    let a = f32s(&vals);
    for op in CMPS {
        let kern = compile(&format!("cmp_dense_scalar_{}", op.name()), |k| {
            let (x, s) = (k.input("x", DType::F32), k.scalar("s", DType::F32));
            let (l, r) = (k.output("l", DType::Bool), k.output("r", DType::Bool));
            let i = k.arange(0, n as i64);
            l.store(i, compare(op, x.load(i), s));
            r.store(i, compare(op, s, x.load(i)));
        });
        for s in vals {
            let (mut l, mut r) = (poisoned(DType::Bool, n), poisoned(DType::Bool, n));
            kern.ok(
                [1, 1, 1],
                &mut [Arg::In(&a), Arg::F32(s), Arg::Out(&mut l), Arg::Out(&mut r)],
            );
            let want_l: Vec<bool> = vals.iter().map(|x| host_compare(op, *x, s)).collect();
            let want_r: Vec<bool> = vals.iter().map(|x| host_compare(op, s, *x)).collect();
            assert_eq!(bool_of(&l), want_l, "x {} {s}", op.name());
            assert_eq!(bool_of(&r), want_r, "{s} {} x", op.name());
        }
    }
}

// ---------------------------------------------------------------- select

#[test]
fn select_picks_elementwise_without_propagating_the_other_arm() {
    let c = [true, false, false, true, true];
    let a = [1.0, f32::NAN, 3.0, -0.0, f32::INFINITY];
    let b = [f32::NAN, 20.0, -30.0, 40.0, 50.0];
    let kern = compile("select_f32", |k| {
        let (cb, ab, bb) = (
            k.input("c", DType::Bool),
            k.input("a", DType::F32),
            k.input("b", DType::F32),
        );
        let (y, z, w) = (
            k.output("y", DType::F32),
            k.output("z", DType::F32),
            k.output("w", DType::I32),
        );
        let i = k.arange(0, 5);
        let cond = cb.load(i);
        y.store(i, select(cond, ab.load(i), bb.load(i)));
        // Literal arms, and a literal against a tile.
        z.store(i, cond.select(1.5, bb.load(i)));
        w.store(i, cond.select(k.full([5], 7, DType::I32), -8));
    });
    let (cb, ab, bb) = (bools(&c), f32s(&a), f32s(&b));
    let (mut y, mut z, mut w) = (
        poisoned(DType::F32, 5),
        poisoned(DType::F32, 5),
        poisoned(DType::I32, 5),
    );
    kern.ok(
        [1, 1, 1],
        &mut [
            Arg::In(&cb),
            Arg::In(&ab),
            Arg::In(&bb),
            Arg::Out(&mut y),
            Arg::Out(&mut z),
            Arg::Out(&mut w),
        ],
    );
    let want: Vec<f32> = (0..5).map(|i| if c[i] { a[i] } else { b[i] }).collect();
    assert_f32_eq(&f32_of(&y), &want, "select(c, a, b)");
    let want: Vec<f32> = (0..5).map(|i| if c[i] { 1.5 } else { b[i] }).collect();
    assert_f32_eq(&f32_of(&z), &want, "select(c, 1.5, b)");
    let want: Vec<i64> = c.iter().map(|t| if *t { 7 } else { -8 }).collect();
    assert_eq!(i64_of(&w), want, "select(c, 7, -8)");
}

#[test]
fn select_on_ints_and_bools_with_a_scalar_condition() {
    let kern = compile("select_scalar_cond", |k| {
        let (a, b) = (k.input("a", DType::I64), k.input("b", DType::I64));
        let s = k.scalar("s", DType::Bool);
        let (y, z) = (k.output("y", DType::I64), k.output("z", DType::Bool));
        let i = k.arange(0, 3);
        y.store(i, select(s, a.load(i), b.load(i)));
        z.store(i, select(s, a.load(i).gt(0), b.load(i).gt(0)));
    });
    for s in [true, false] {
        let (a, b) = (
            ints(DType::I64, &[1, -2, i64::MAX]),
            ints(DType::I64, &[-4, 5, i64::MIN]),
        );
        let (mut y, mut z) = (poisoned(DType::I64, 3), poisoned(DType::Bool, 3));
        kern.ok(
            [1, 1, 1],
            &mut [
                Arg::In(&a),
                Arg::In(&b),
                Arg::Bool(s),
                Arg::Out(&mut y),
                Arg::Out(&mut z),
            ],
        );
        let (want, wz) = if s {
            (vec![1, -2, i64::MAX], vec![true, false, true])
        } else {
            (vec![-4, 5, i64::MIN], vec![false, true, false])
        };
        assert_eq!(i64_of(&y), want, "s = {s}");
        assert_eq!(bool_of(&z), wz, "s = {s}");
    }
}
