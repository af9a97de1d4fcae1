//! Unary elementwise ops on the CPU executor: every float op against an f64 reference (four
//! ulps), neg/abs exactly (signed zeros), IEEE special values, wrapping integer neg/abs/not,
//! bool not, and f16/bf16 tiles, whose result must be the host's f32 result rounded to the dtype.
//! Operands reach the executor both dense (loaded) and as splats (scalar parameters).

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::{DType, UnaryOp};
use metile_runtime::Arg;

/// Relative tolerance of transcendental f32 functions against f64: four ulps.
const ULPS4: f64 = 4.0 / (1u64 << 23) as f64;

const FLOAT_UNARY: [UnaryOp; 13] = [
    UnaryOp::Neg,
    UnaryOp::Abs,
    UnaryOp::Exp,
    UnaryOp::Exp2,
    UnaryOp::Log,
    UnaryOp::Log2,
    UnaryOp::Sqrt,
    UnaryOp::Rsqrt,
    UnaryOp::Tanh,
    UnaryOp::Sigmoid,
    UnaryOp::Sin,
    UnaryOp::Cos,
    UnaryOp::Erf,
];

fn unary_f64(op: UnaryOp, x: f64) -> f64 {
    match op {
        UnaryOp::Neg => -x,
        UnaryOp::Abs => x.abs(),
        UnaryOp::Exp => x.exp(),
        UnaryOp::Exp2 => x.exp2(),
        UnaryOp::Log => x.ln(),
        UnaryOp::Log2 => x.log2(),
        UnaryOp::Sqrt => x.sqrt(),
        UnaryOp::Rsqrt => 1.0 / x.sqrt(),
        UnaryOp::Tanh => x.tanh(),
        UnaryOp::Sigmoid => 1.0 / (1.0 + (-x).exp()),
        UnaryOp::Sin => x.sin(),
        UnaryOp::Cos => x.cos(),
        UnaryOp::Erf => erf(x),
        UnaryOp::Not => panic!("not is not a float op"),
    }
}

/// The op computed plainly in f32 on the host (the value a narrow dtype then rounds).
fn unary_host_f32(op: UnaryOp, x: f32) -> f32 {
    match op {
        UnaryOp::Neg => -x,
        UnaryOp::Abs => x.abs(),
        UnaryOp::Exp => x.exp(),
        UnaryOp::Exp2 => x.exp2(),
        UnaryOp::Log => x.ln(),
        UnaryOp::Log2 => x.log2(),
        UnaryOp::Sqrt => x.sqrt(),
        UnaryOp::Rsqrt => 1.0 / x.sqrt(),
        UnaryOp::Tanh => x.tanh(),
        UnaryOp::Sigmoid => 1.0 / (1.0 + (-x).exp()),
        UnaryOp::Sin => x.sin(),
        UnaryOp::Cos => x.cos(),
        UnaryOp::Erf => erf(x as f64) as f32,
        UnaryOp::Not => panic!("not is not a float op"),
    }
}

fn float_inputs() -> Vec<f32> {
    let mut v = vec![
        -20.0,
        -7.25,
        -3.0,
        -1.5,
        -1.0,
        -0.5,
        -1e-3,
        0.0,
        -0.0,
        1e-6,
        0.25,
        0.5,
        1.0,
        1.5,
        2.0,
        3.0,
        std::f32::consts::PI,
        7.25,
        20.0,
        80.0,
        1e4,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
    ];
    let mut r = Lcg(7);
    v.extend((0..24).map(|_| r.uniform(-10.0, 10.0)));
    v
}

/// `y = op(x)` over `n` elements in one program.
fn unary_kernel(op: UnaryOp, dtype: DType, n: usize) -> Kern {
    compile(&format!("unary_{}_{dtype}", op.name()), |k| {
        let x = k.input("x", dtype);
        let y = k.output("y", dtype);
        let i = k.arange(0, n as i64);
        y.store(i, unary(op, x.load(i)));
    })
}

/// `y[0] = op(a)` with `a` a scalar parameter (the executor's splat path).
fn unary_splat_kernel(op: UnaryOp, dtype: DType) -> Kern {
    compile(&format!("unary_splat_{}_{dtype}", op.name()), |k| {
        let a = k.scalar("a", dtype);
        let y = k.output("y", dtype);
        y.store(k.arange(0, 1), unary(op, a));
    })
}

fn run_unary(kern: &Kern, dtype: DType, xs: &[f32]) -> Vec<f32> {
    let x = floats(dtype, xs);
    let mut y = poisoned(dtype, xs.len());
    kern.ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
    f32_of(&y)
}

fn run_unary_splat(kern: &Kern, dtype: DType, xs: &[f32]) -> Vec<f32> {
    xs.iter()
        .map(|a| {
            let mut y = poisoned(dtype, 1);
            kern.ok([1, 1, 1], &mut [Arg::F32(*a), Arg::Out(&mut y)]);
            f32_of(&y)[0]
        })
        .collect()
}

#[test]
fn float_unary_ops_match_f64_within_four_ulps() {
    let xs = float_inputs();
    for op in FLOAT_UNARY {
        let want: Vec<f64> = xs.iter().map(|x| unary_f64(op, *x as f64)).collect();
        let dense = run_unary(&unary_kernel(op, DType::F32, xs.len()), DType::F32, &xs);
        assert_close(&dense, &want, ULPS4, 1e-38, &format!("{} dense", op.name()));
        let splat = run_unary_splat(&unary_splat_kernel(op, DType::F32), DType::F32, &xs);
        assert_f32_eq(&splat, &dense, &format!("{} splat vs dense", op.name()));
    }
}

#[test]
fn neg_and_abs_are_exact_including_signed_zero() {
    let xs = [
        0.0,
        -0.0,
        1.5,
        -1.5,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::MIN_POSITIVE,
        -3e38,
    ];
    for (op, f) in [
        (UnaryOp::Neg, (|x: f32| -x) as fn(f32) -> f32),
        (UnaryOp::Abs, |x: f32| x.abs()),
    ] {
        let got = run_unary(&unary_kernel(op, DType::F32, xs.len()), DType::F32, &xs);
        let want: Vec<f32> = xs.iter().map(|x| f(*x)).collect();
        assert_f32_eq(&got, &want, op.name());
    }
}

#[test]
fn unary_ops_special_values_follow_ieee() {
    let cases: [(UnaryOp, f32, f32); 16] = [
        (UnaryOp::Exp, f32::NEG_INFINITY, 0.0),
        (UnaryOp::Exp, f32::INFINITY, f32::INFINITY),
        (UnaryOp::Log, 0.0, f32::NEG_INFINITY),
        (UnaryOp::Log, -1.0, f32::NAN),
        (UnaryOp::Log2, 8.0, 3.0),
        (UnaryOp::Exp2, 10.0, 1024.0),
        (UnaryOp::Sqrt, -0.0, -0.0),
        (UnaryOp::Sqrt, -4.0, f32::NAN),
        (UnaryOp::Rsqrt, 0.0, f32::INFINITY),
        (UnaryOp::Rsqrt, 4.0, 0.5),
        (UnaryOp::Tanh, f32::INFINITY, 1.0),
        (UnaryOp::Sigmoid, f32::INFINITY, 1.0),
        (UnaryOp::Sigmoid, f32::NEG_INFINITY, 0.0),
        (UnaryOp::Sin, f32::INFINITY, f32::NAN),
        (UnaryOp::Erf, f32::NEG_INFINITY, -1.0),
        (UnaryOp::Cos, 0.0, 1.0),
    ];
    for (op, x, want) in cases {
        let got = run_unary(&unary_kernel(op, DType::F32, 1), DType::F32, &[x]);
        assert_f32_eq(&got, &[want], &format!("{}({x})", op.name()));
    }
}

#[test]
fn integer_unary_ops_wrap() {
    let v32: Vec<i64> = [
        0,
        1,
        -1,
        7,
        -7,
        12345,
        -65536,
        i32::MAX as i64,
        i32::MIN as i64,
    ]
    .to_vec();
    let v64: Vec<i64> = [0, 1, -1, 1 << 40, -(1 << 40), i64::MAX, i64::MIN].to_vec();
    for (dtype, vals) in [(DType::I32, &v32), (DType::I64, &v64)] {
        for op in [UnaryOp::Neg, UnaryOp::Abs, UnaryOp::Not] {
            let kern = compile(&format!("iunary_{}_{dtype}", op.name()), |k| {
                let x = k.input("x", dtype);
                let y = k.output("y", dtype);
                let i = k.arange(0, vals.len() as i64);
                y.store(i, unary(op, x.load(i)));
            });
            let x = ints(dtype, vals);
            let mut y = poisoned(dtype, vals.len());
            kern.ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
            let want: Vec<i64> = vals
                .iter()
                .map(|v| match (dtype, op) {
                    (DType::I32, UnaryOp::Neg) => (*v as i32).wrapping_neg() as i64,
                    (DType::I32, UnaryOp::Abs) => (*v as i32).wrapping_abs() as i64,
                    (DType::I32, _) => !(*v as i32) as i64,
                    (_, UnaryOp::Neg) => v.wrapping_neg(),
                    (_, UnaryOp::Abs) => v.wrapping_abs(),
                    _ => !*v,
                })
                .collect();
            assert_eq!(i64_of(&y), want, "{} on {dtype}", op.name());
        }
    }
}

#[test]
fn not_on_bool_dense_and_splat() {
    let kern = compile("bnot", |k| {
        let x = k.input("x", DType::Bool);
        let s = k.scalar("s", DType::Bool);
        let y = k.output("y", DType::Bool);
        let i = k.arange(0, 2);
        y.store(i, !x.load(i));
        y.store(k.arange(2, 3), !s);
    });
    for s in [false, true] {
        let x = bools(&[true, false]);
        let mut y = poisoned(DType::Bool, 3);
        kern.ok(
            [1, 1, 1],
            &mut [Arg::In(&x), Arg::Bool(s), Arg::Out(&mut y)],
        );
        assert_eq!(bool_of(&y), vec![false, true, !s]);
    }
}

// ---------------------------------------------------------------- f16 and bf16 tiles

fn narrow_inputs(dtype: DType) -> Vec<f32> {
    let mut v: Vec<f32> = vec![
        -6.5,
        -1.0,
        -0.3,
        0.0,
        -0.0,
        0.1,
        0.5,
        1.0,
        1.7,
        2.0,
        3.3,
        9.5,
        100.0,
        f32::INFINITY,
        f32::NAN,
    ];
    let mut r = Lcg(11);
    v.extend((0..24).map(|_| r.uniform(-8.0, 8.0)));
    v.iter().map(|x| round_to(dtype, *x)).collect()
}

#[test]
fn narrow_unary_ops_equal_the_f32_result_rounded() {
    for dtype in [DType::F16, DType::BF16] {
        let xs = narrow_inputs(dtype);
        for op in FLOAT_UNARY {
            let want: Vec<f32> = xs
                .iter()
                .map(|x| round_to(dtype, unary_host_f32(op, *x)))
                .collect();
            let got = run_unary(&unary_kernel(op, dtype, xs.len()), dtype, &xs);
            assert_f32_eq(&got, &want, &format!("{} on {dtype}", op.name()));
            let splat = run_unary_splat(&unary_splat_kernel(op, dtype), dtype, &xs);
            assert_f32_eq(&splat, &want, &format!("{} on {dtype} (splat)", op.name()));
        }
    }
}
