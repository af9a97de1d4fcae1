//! Elementwise ops on the CPU executor: every unary and binary op, comparisons, casts and select,
//! on f32 against f64 references, on integers and bools against exact host arithmetic, and on
//! f16/bf16 tiles, whose result must be the f32 result rounded to the dtype after every op.
//! Operands reach the executor both dense (loaded) and as splats (scalar parameters).

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::{BinaryOp, CmpOp, DType, UnaryOp};
use metile_lang::select;
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

// ---------------------------------------------------------------- binary ops

const FLOAT_BINARY: [BinaryOp; 8] = [
    BinaryOp::Add,
    BinaryOp::Sub,
    BinaryOp::Mul,
    BinaryOp::Div,
    BinaryOp::Rem,
    BinaryOp::Min,
    BinaryOp::Max,
    BinaryOp::Pow,
];

fn binary_values() -> Vec<f32> {
    vec![
        0.0,
        -0.0,
        1.0,
        -2.5,
        3.0,
        0.1,
        -7.75,
        1e30,
        -1e-30,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
    ]
}

/// The host reference of a float binary op in f64 (exact after rounding to f32 for add, sub,
/// mul, div and rem: f64 holds more than twice f32's precision).
fn binary_f64(op: BinaryOp, a: f64, b: f64) -> f64 {
    match op {
        BinaryOp::Add => a + b,
        BinaryOp::Sub => a - b,
        BinaryOp::Mul => a * b,
        BinaryOp::Div => a / b,
        BinaryOp::Rem => a % b,
        BinaryOp::Min | BinaryOp::Max if a.is_nan() || b.is_nan() => f64::NAN,
        BinaryOp::Min => a.min(b),
        BinaryOp::Max => a.max(b),
        BinaryOp::Pow => a.powf(b),
        BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => panic!("not a float op"),
    }
}

fn binary_host_f32(op: BinaryOp, a: f32, b: f32) -> f32 {
    match op {
        BinaryOp::Add => a + b,
        BinaryOp::Sub => a - b,
        BinaryOp::Mul => a * b,
        BinaryOp::Div => a / b,
        BinaryOp::Rem => a % b,
        BinaryOp::Min | BinaryOp::Max if a.is_nan() || b.is_nan() => f32::NAN,
        BinaryOp::Min => a.min(b),
        BinaryOp::Max => a.max(b),
        BinaryOp::Pow => a.powf(b),
        BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => panic!("not a float op"),
    }
}

/// How an operand reaches the op: loaded (dense) or a scalar parameter (splat).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Form {
    Dense,
    Splat,
}

/// `y = a op b` over `n` elements; each operand dense or splat.
fn binary_kernel(op: BinaryOp, dtype: DType, n: usize, forms: [Form; 2]) -> Kern {
    compile(
        &format!("binary_{}_{dtype}_{:?}_{:?}", op.name(), forms[0], forms[1]),
        |k| {
            let a = k.input("a", dtype);
            let b = k.input("b", dtype);
            let sa = k.scalar("sa", dtype);
            let sb = k.scalar("sb", dtype);
            let y = k.output("y", dtype);
            let i = k.arange(0, n as i64);
            let lhs = if forms[0] == Form::Dense {
                a.load(i)
            } else {
                sa
            };
            let rhs = if forms[1] == Form::Dense {
                b.load(i)
            } else {
                sb
            };
            y.store(i, binary(op, lhs, rhs));
        },
    )
}

/// Every ordered pair of `vals`, row-major: pair `i * n + j` is `(vals[i], vals[j])`.
fn pairs_of(vals: &[f32]) -> Vec<(f32, f32)> {
    vals.iter()
        .flat_map(|a| vals.iter().map(move |b| (*a, *b)))
        .collect()
}

/// `a op b` for every pair of `pairs_of(vals)` with the operands in `forms`.
fn eval_float_pairs(op: BinaryOp, dtype: DType, vals: &[f32], forms: [Form; 2]) -> Vec<f32> {
    let n = vals.len();
    let row = floats(dtype, vals);
    match forms {
        [Form::Dense, Form::Dense] => {
            let pairs = pairs_of(vals);
            let kern = binary_kernel(op, dtype, pairs.len(), forms);
            let a = floats(dtype, &pairs.iter().map(|p| p.0).collect::<Vec<_>>());
            let b = floats(dtype, &pairs.iter().map(|p| p.1).collect::<Vec<_>>());
            let mut y = poisoned(dtype, pairs.len());
            let mut args = [
                Arg::In(&a),
                Arg::In(&b),
                Arg::F32(0.0),
                Arg::F32(0.0),
                Arg::Out(&mut y),
            ];
            kern.ok([1, 1, 1], &mut args);
            f32_of(&y)
        }
        [Form::Splat, Form::Splat] => {
            let kern = binary_kernel(op, dtype, 1, forms);
            let one = floats(dtype, &[0.0]);
            pairs_of(vals)
                .iter()
                .map(|(a, b)| {
                    let mut y = poisoned(dtype, 1);
                    let mut args = [
                        Arg::In(&one),
                        Arg::In(&one),
                        Arg::F32(*a),
                        Arg::F32(*b),
                        Arg::Out(&mut y),
                    ];
                    kern.ok([1, 1, 1], &mut args);
                    f32_of(&y)[0]
                })
                .collect()
        }
        _ => {
            let kern = binary_kernel(op, dtype, n, forms);
            let mut out = vec![f32::NAN; n * n];
            for (s, sv) in vals.iter().enumerate() {
                let mut y = poisoned(dtype, n);
                let mut args = [
                    Arg::In(&row),
                    Arg::In(&row),
                    Arg::F32(*sv),
                    Arg::F32(*sv),
                    Arg::Out(&mut y),
                ];
                kern.ok([1, 1, 1], &mut args);
                for (d, r) in f32_of(&y).into_iter().enumerate() {
                    // The splat operand is vals[s], the dense one vals[d].
                    let at = if forms[0] == Form::Splat {
                        s * n + d
                    } else {
                        d * n + s
                    };
                    out[at] = r;
                }
            }
            out
        }
    }
}

const FORMS: [[Form; 2]; 4] = [
    [Form::Dense, Form::Dense],
    [Form::Splat, Form::Dense],
    [Form::Dense, Form::Splat],
    [Form::Splat, Form::Splat],
];

#[test]
fn float_binary_ops_match_f64_in_every_operand_form() {
    let vals = binary_values();
    let pairs = pairs_of(&vals);
    for op in FLOAT_BINARY {
        let want: Vec<f64> = pairs
            .iter()
            .map(|(a, b)| binary_f64(op, *a as f64, *b as f64))
            .collect();
        for forms in FORMS {
            let got = eval_float_pairs(op, DType::F32, &vals, forms);
            let what = format!("{} {forms:?}", op.name());
            match op {
                // Correctly rounded: exactly the f64 result rounded to f32.
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => {
                    let exact: Vec<f32> = want.iter().map(|w| *w as f32).collect();
                    assert_f32_eq(&got, &exact, &what);
                }
                // Exact up to the sign of a zero result.
                BinaryOp::Min | BinaryOp::Max => assert_close(&got, &want, 0.0, 0.0, &what),
                _ => assert_close(&got, &want, ULPS4, 1e-38, &what),
            }
        }
    }
}

#[test]
fn min_and_max_propagate_nan_from_either_side() {
    let vals = [f32::NAN, 1.0, f32::NEG_INFINITY, f32::INFINITY];
    for op in [BinaryOp::Min, BinaryOp::Max] {
        for forms in FORMS {
            let got = eval_float_pairs(op, DType::F32, &vals, forms);
            for (p, ((a, b), g)) in pairs_of(&vals).iter().zip(&got).enumerate() {
                if a.is_nan() || b.is_nan() {
                    assert!(
                        g.is_nan(),
                        "{}({a}, {b}) {forms:?} pair {p} gave {g}",
                        op.name()
                    );
                }
            }
        }
    }
}

/// Integer reference: computed in i128 and wrapped to the dtype's width; `None` on a zero divisor.
fn int_ref(op: BinaryOp, dtype: DType, a: i64, b: i64) -> Option<i64> {
    let (x, y) = (a as i128, b as i128);
    let r = match op {
        BinaryOp::Add => x + y,
        BinaryOp::Sub => x - y,
        BinaryOp::Mul => x * y,
        BinaryOp::Div if y == 0 => return None,
        BinaryOp::Rem if y == 0 => return None,
        // Rust's i128 division truncates toward zero; its remainder has the dividend's sign.
        BinaryOp::Div => x / y,
        BinaryOp::Rem => x % y,
        BinaryOp::Min => x.min(y),
        BinaryOp::Max => x.max(y),
        BinaryOp::And => x & y,
        BinaryOp::Or => x | y,
        BinaryOp::Xor => x ^ y,
        BinaryOp::Pow => panic!("pow is float only"),
    };
    Some(if dtype == DType::I32 {
        r as i32 as i64
    } else {
        r as i64
    })
}

const INT_BINARY: [BinaryOp; 10] = [
    BinaryOp::Add,
    BinaryOp::Sub,
    BinaryOp::Mul,
    BinaryOp::Div,
    BinaryOp::Rem,
    BinaryOp::Min,
    BinaryOp::Max,
    BinaryOp::And,
    BinaryOp::Or,
    BinaryOp::Xor,
];

#[test]
fn integer_binary_ops_truncate_and_wrap() {
    let v32: Vec<i64> = vec![
        7,
        -7,
        2,
        -2,
        3,
        1,
        -1,
        0x5A5A,
        i32::MAX as i64,
        i32::MIN as i64,
    ];
    let v64: Vec<i64> = vec![
        7,
        -7,
        2,
        -2,
        1 << 40,
        -1,
        i64::MAX,
        i64::MIN,
        0x0F0F_0000_1234,
    ];
    for (dtype, vals) in [(DType::I32, v32), (DType::I64, v64)] {
        let pairs: Vec<(i64, i64)> = vals
            .iter()
            .flat_map(|a| vals.iter().map(move |b| (*a, *b)))
            .collect();
        let a = ints(dtype, &pairs.iter().map(|p| p.0).collect::<Vec<_>>());
        let b = ints(dtype, &pairs.iter().map(|p| p.1).collect::<Vec<_>>());
        for op in INT_BINARY {
            let want: Vec<i64> = pairs
                .iter()
                .map(|(x, y)| int_ref(op, dtype, *x, *y).expect("no zero divisors here"))
                .collect();
            let kern = compile(&format!("ibinary_{}_{dtype}", op.name()), |k| {
                let (a, b, y) = (
                    k.input("a", dtype),
                    k.input("b", dtype),
                    k.output("y", dtype),
                );
                let i = k.arange(0, pairs.len() as i64);
                y.store(i, binary(op, a.load(i), b.load(i)));
            });
            let mut y = poisoned(dtype, pairs.len());
            kern.ok([1, 1, 1], &mut [Arg::In(&a), Arg::In(&b), Arg::Out(&mut y)]);
            assert_eq!(i64_of(&y), want, "{} on {dtype} (dense)", op.name());
            // The splat path: both operands scalar parameters.
            let kern = compile(&format!("ibinary_splat_{}_{dtype}", op.name()), |k| {
                let (a, b, y) = (
                    k.scalar("a", dtype),
                    k.scalar("b", dtype),
                    k.output("y", dtype),
                );
                y.store(k.arange(0, 1), binary(op, a, b));
            });
            for (p, (x, z)) in pairs.iter().enumerate().step_by(7) {
                let mut y = poisoned(dtype, 1);
                let (ax, az) = if dtype == DType::I32 {
                    (Arg::I32(*x as i32), Arg::I32(*z as i32))
                } else {
                    (Arg::I64(*x), Arg::I64(*z))
                };
                kern.ok([1, 1, 1], &mut [ax, az, Arg::Out(&mut y)]);
                assert_eq!(
                    i64_of(&y)[0],
                    want[p],
                    "{}({x}, {z}) on {dtype} (splat)",
                    op.name()
                );
            }
        }
    }
}

#[test]
fn bool_logic_ops_truth_tables() {
    let a = bools(&[false, false, true, true]);
    let b = bools(&[false, true, false, true]);
    let tables = [
        (BinaryOp::And, [false, false, false, true]),
        (BinaryOp::Or, [false, true, true, true]),
        (BinaryOp::Xor, [false, true, true, false]),
    ];
    for (op, want) in tables {
        let kern = compile(&format!("blogic_{}", op.name()), |k| {
            let (x, z, y) = (
                k.input("a", DType::Bool),
                k.input("b", DType::Bool),
                k.output("y", DType::Bool),
            );
            let i = k.arange(0, 4);
            y.store(i, binary(op, x.load(i), z.load(i)));
        });
        let mut y = poisoned(DType::Bool, 4);
        kern.ok([1, 1, 1], &mut [Arg::In(&a), Arg::In(&b), Arg::Out(&mut y)]);
        assert_eq!(bool_of(&y), want.to_vec(), "{}", op.name());
    }
}

#[test]
fn integer_division_by_zero_is_an_execution_error() {
    for dtype in [DType::I32, DType::I64] {
        for op in [BinaryOp::Div, BinaryOp::Rem] {
            let name = format!("idiv0_{}_{dtype}", op.name());
            // Dense operands, one zero divisor among them.
            let kern = compile(&name, |k| {
                let (a, b, y) = (
                    k.input("a", dtype),
                    k.input("b", dtype),
                    k.output("y", dtype),
                );
                let i = k.arange(0, 4);
                y.store(i, binary(op, a.load(i), b.load(i)));
            });
            let a = ints(dtype, &[1, 2, 3, 4]);
            let b = ints(dtype, &[1, 1, 0, 1]);
            let mut y = poisoned(dtype, 4);
            let (kernel, opname, message) =
                expect_exec(kern.run([2, 1, 1], &mut [Arg::In(&a), Arg::In(&b), Arg::Out(&mut y)]));
            assert_eq!(
                (kernel.as_str(), opname.as_str()),
                (name.as_str(), op.name())
            );
            assert!(message.contains("zero"), "message: {message}");
            // Splat operands (scalar parameters), and an arange divided by a scalar zero.
            let name = format!("idiv0_splat_{}_{dtype}", op.name());
            let kern = compile(&name, |k| {
                let (a, b, y) = (
                    k.scalar("a", dtype),
                    k.scalar("b", dtype),
                    k.output("y", dtype),
                );
                let r = binary(op, a, b);
                let i = k.arange(0, 4);
                let idx = if dtype == DType::I32 {
                    i
                } else {
                    i.cast(DType::I64)
                };
                y.store(i, binary(op, idx, b) + r);
            });
            let zero = |v: i64| {
                if dtype == DType::I32 {
                    Arg::I32(v as i32)
                } else {
                    Arg::I64(v)
                }
            };
            let (kernel, opname, _) =
                expect_exec(kern.run([1, 1, 1], &mut [zero(5), zero(0), Arg::Out(&mut y)]));
            assert_eq!(
                (kernel.as_str(), opname.as_str()),
                (name.as_str(), op.name())
            );
        }
    }
}

#[test]
fn float_division_by_zero_is_not_an_error() {
    let kern = binary_kernel(BinaryOp::Div, DType::F32, 3, [Form::Dense, Form::Dense]);
    let a = f32s(&[1.0, -1.0, 0.0]);
    let b = f32s(&[0.0, 0.0, 0.0]);
    let mut y = poisoned(DType::F32, 3);
    kern.ok(
        [1, 1, 1],
        &mut [
            Arg::In(&a),
            Arg::In(&b),
            Arg::F32(0.0),
            Arg::F32(0.0),
            Arg::Out(&mut y),
        ],
    );
    assert_f32_eq(
        &f32_of(&y),
        &[f32::INFINITY, f32::NEG_INFINITY, f32::NAN],
        "x / 0",
    );
}

// ---------------------------------------------------------------- comparisons

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

// ---------------------------------------------------------------- casts

/// `y = cast(x)` from a loaded `from` buffer into a `to` buffer.
fn cast_kernel(from: DType, to: DType, n: usize) -> Kern {
    compile(&format!("cast_{from}_{to}_{n}"), |k| {
        let (x, y) = (k.input("x", from), k.output("y", to));
        let i = k.arange(0, n as i64);
        y.store(i, x.load(i).cast(to));
    })
}

fn cast_floats(from: DType, to: DType, xs: &[f32]) -> Vec<f32> {
    let x = floats(from, xs);
    let mut y = poisoned(to, xs.len());
    cast_kernel(from, to, xs.len()).ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
    f32_of(&y)
}

const P11: f32 = 1.0 / 2048.0; // 2^-11: half an f16 ulp at 1
const P8: f32 = 1.0 / 256.0; // 2^-8: half a bf16 ulp at 1

#[test]
fn f32_to_f16_rounds_to_nearest_even() {
    let tiny = f32::from_bits(0x3380_0000); // 2^-24, the least f16 subnormal
    let cases: [(f32, f32); 14] = [
        (1.0 + P11, 1.0),                   // tie, to the even 1.0
        (1.0 + 3.0 * P11, 1.0 + 4.0 * P11), // tie, to the even 1 + 2^-9
        (1.0 + P11 + P11 / 64.0, 1.0 + 2.0 * P11),
        (65504.0, 65504.0),
        (65519.0, 65504.0),
        (65520.0, f32::INFINITY), // tie above the largest finite: overflows
        (-65520.0, f32::NEG_INFINITY),
        (tiny / 2.0, 0.0),        // tie between 0 and the least subnormal
        (tiny * 0.75, tiny),      // above the tie
        (tiny * 1.5, tiny * 2.0), // tie, to even
        (-0.0, -0.0),
        (f32::NAN, f32::NAN),
        (f32::INFINITY, f32::INFINITY),
        (0.1, 0.099975586), // f16 0x2E66
    ];
    let xs: Vec<f32> = cases.iter().map(|c| c.0).collect();
    let want: Vec<f32> = cases.iter().map(|c| c.1).collect();
    // Through an f16 tile back to f32, and stored into an f16 buffer.
    let kern = compile("f32_f16_f32", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let i = k.arange(0, xs.len() as i64);
        y.store(i, x.load(i).cast(DType::F16).cast(DType::F32));
    });
    let x = f32s(&xs);
    let mut y = poisoned(DType::F32, xs.len());
    kern.ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
    assert_f32_eq(&f32_of(&y), &want, "f32 -> f16 -> f32");
    assert_f32_eq(
        &cast_floats(DType::F32, DType::F16, &xs),
        &want,
        "f32 -> f16 buffer",
    );
    // And `half` agrees on a sweep of random values.
    let mut r = Lcg(3);
    let sweep: Vec<f32> = (0..256)
        .map(|_| r.uniform(-70000.0, 70000.0) * if r.below(2) == 0 { 1.0 } else { 1e-6 })
        .collect();
    let want: Vec<f32> = sweep.iter().map(|v| round_to(DType::F16, *v)).collect();
    assert_f32_eq(
        &cast_floats(DType::F32, DType::F16, &sweep),
        &want,
        "f32 -> f16 sweep",
    );
}

#[test]
fn f32_to_bf16_rounds_to_nearest_even() {
    let bf16_max = f32::from_bits(0x7F7F_0000);
    let cases: [(f32, f32); 9] = [
        (1.0 + P8, 1.0),
        (1.0 + 3.0 * P8, 1.0 + 4.0 * P8),
        (1.0 + P8 + P8 / 4096.0, 1.0 + 2.0 * P8),
        (bf16_max, bf16_max),
        (f32::MAX, f32::INFINITY),
        (-0.0, -0.0),
        (f32::NAN, f32::NAN),
        (f32::NEG_INFINITY, f32::NEG_INFINITY),
        (f32::from_bits(0x0001_8000), f32::from_bits(0x0002_0000)), // subnormal tie, to even
    ];
    let xs: Vec<f32> = cases.iter().map(|c| c.0).collect();
    let want: Vec<f32> = cases.iter().map(|c| c.1).collect();
    assert_f32_eq(
        &cast_floats(DType::F32, DType::BF16, &xs),
        &want,
        "f32 -> bf16",
    );
    let mut r = Lcg(5);
    let sweep: Vec<f32> = (0..256).map(|_| r.uniform(-1e6, 1e6)).collect();
    let want: Vec<f32> = sweep.iter().map(|v| round_to(DType::BF16, *v)).collect();
    assert_f32_eq(
        &cast_floats(DType::F32, DType::BF16, &sweep),
        &want,
        "f32 -> bf16 sweep",
    );
}

#[test]
fn narrow_float_casts_widen_exactly_and_round_between_each_other() {
    let f16v: Vec<f32> = vec![
        1.0 + 2.0 * P11,
        65504.0,
        -0.5,
        f32::from_bits(0x3380_0000),
        f32::INFINITY,
        f32::NAN,
    ];
    assert_f32_eq(
        &cast_floats(DType::F16, DType::F32, &f16v),
        &f16v,
        "f16 -> f32",
    );
    let want: Vec<f32> = f16v.iter().map(|v| round_to(DType::BF16, *v)).collect();
    assert_f32_eq(
        &cast_floats(DType::F16, DType::BF16, &f16v),
        &want,
        "f16 -> bf16",
    );
    let bfv: Vec<f32> = vec![
        1.0 + 2.0 * P8,
        1e5,
        -3.0e38,
        1.0 / 1048576.0,
        f32::NEG_INFINITY,
    ];
    let bfv: Vec<f32> = bfv.iter().map(|v| round_to(DType::BF16, *v)).collect();
    assert_f32_eq(
        &cast_floats(DType::BF16, DType::F32, &bfv),
        &bfv,
        "bf16 -> f32",
    );
    let want: Vec<f32> = bfv.iter().map(|v| round_to(DType::F16, *v)).collect();
    assert_eq!(want[1], f32::INFINITY, "1e5 overflows f16");
    assert_f32_eq(
        &cast_floats(DType::BF16, DType::F16, &bfv),
        &want,
        "bf16 -> f16",
    );
}

/// Truncation toward zero, saturating, NaN to 0, computed in f64.
fn float_to_int_ref(x: f32, dtype: DType) -> i64 {
    let (lo, hi) = if dtype == DType::I32 {
        (i32::MIN as i64, i32::MAX as i64)
    } else {
        (i64::MIN, i64::MAX)
    };
    let t = (x as f64).trunc();
    if t.is_nan() {
        0
    } else if t <= lo as f64 {
        lo
    } else if t >= hi as f64 {
        hi
    } else {
        t as i64
    }
}

#[test]
fn float_to_int_truncates_toward_zero_and_saturates() {
    let xs: Vec<f32> = vec![
        2.7,
        -2.7,
        0.5,
        -0.5,
        0.0,
        -0.0,
        123456.78,
        1e10,
        -1e10,
        2147483520.0,
        2147483648.0,
        -2147483648.0,
        3e9,
        1e19,
        -1e19,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ];
    for to in [DType::I32, DType::I64] {
        let x = f32s(&xs);
        let mut y = poisoned(to, xs.len());
        cast_kernel(DType::F32, to, xs.len()).ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
        let want: Vec<i64> = xs.iter().map(|v| float_to_int_ref(*v, to)).collect();
        assert_eq!(i64_of(&y), want, "f32 -> {to}");
    }
    // From f16 and bf16.
    let hv: Vec<f32> = vec![65504.0, -65504.0, 2.5, -2.5, f32::INFINITY, f32::NAN];
    for from in [DType::F16, DType::BF16] {
        let x = floats(from, &hv);
        let mut y = poisoned(DType::I32, hv.len());
        cast_kernel(from, DType::I32, hv.len()).ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
        let want: Vec<i64> = hv
            .iter()
            .map(|v| float_to_int_ref(round_to(from, *v), DType::I32))
            .collect();
        assert_eq!(i64_of(&y), want, "{from} -> i32");
    }
}

/// Integer to float reference: round to the dtype's significand bits in exact integer
/// arithmetic; f16 overflows to infinity past 65504.
fn int_to_float_ref(v: i64, to: DType) -> f32 {
    let bits = match to {
        DType::F32 => 24,
        DType::F16 => 11,
        _ => 8,
    };
    let r = round_int_bits(v, bits);
    if to == DType::F16 && r.abs() > 65504.0 {
        return if r > 0.0 {
            f32::INFINITY
        } else {
            f32::NEG_INFINITY
        };
    }
    r as f32
}

fn cast_ints_to_float(from: DType, to: DType, vals: &[i64]) -> Vec<f32> {
    let x = ints(from, vals);
    let mut y = poisoned(to, vals.len());
    cast_kernel(from, to, vals.len()).ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
    f32_of(&y)
}

#[test]
fn int_to_float_rounds_to_nearest_even() {
    let cases: [(DType, DType, Vec<i64>); 5] = [
        (
            DType::I32,
            DType::F32,
            vec![
                0,
                -1,
                16777217,
                16777219,
                -16777217,
                i32::MAX as i64,
                i32::MIN as i64,
            ],
        ),
        (
            DType::I64,
            DType::F32,
            vec![
                (1 << 53) + 1,
                i64::MAX,
                i64::MIN,
                (1 << 24) + 1,
                -((1 << 40) + (1 << 16) + 1),
            ],
        ),
        (
            DType::I32,
            DType::F16,
            vec![3, 2049, 2051, -2051, 65504, 65519, 65520, -70000],
        ),
        (
            DType::I32,
            DType::BF16,
            vec![3, 257, 259, -259, 1 << 20, 65535],
        ),
        (DType::I64, DType::F16, vec![1 << 40, -(1 << 40), 2049]),
    ];
    for (from, to, vals) in cases {
        let want: Vec<f32> = vals.iter().map(|v| int_to_float_ref(*v, to)).collect();
        assert_f32_eq(
            &cast_ints_to_float(from, to, &vals),
            &want,
            &format!("{from} -> {to}"),
        );
    }
}

#[test]
#[ignore = "bug: int -> bf16 casts round twice (half's f64 -> bf16 conversion drops the low 32 mantissa bits)"]
fn int_to_bf16_rounds_once_when_the_sticky_bits_are_low() {
    // 2^24 + 2^16 + 1 lies just above the midpoint of the bf16 neighbours 2^24 and 2^24 + 2^17.
    let vals = vec![
        (1 << 24) + (1 << 16) + 1,
        -((1 << 24) + (1 << 16) + 1),
        (1 << 30) + (1 << 22) + 1,
    ];
    let want: Vec<f32> = vals
        .iter()
        .map(|v| int_to_float_ref(*v, DType::BF16))
        .collect();
    assert_eq!(want[0], 16908288.0);
    for from in [DType::I32, DType::I64] {
        assert_f32_eq(
            &cast_ints_to_float(from, DType::BF16, &vals),
            &want,
            &format!("{from} -> bf16"),
        );
    }
}

#[test]
fn int_to_int_casts_wrap_and_sign_extend() {
    let v: Vec<i64> = vec![(1 << 32) + 5, 1 << 31, -(1 << 31) - 1, -1, i64::MIN, 77];
    let x = ints(DType::I64, &v);
    let mut y = poisoned(DType::I32, v.len());
    cast_kernel(DType::I64, DType::I32, v.len())
        .ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
    assert_eq!(
        i64_of(&y),
        v.iter().map(|a| *a as i32 as i64).collect::<Vec<_>>(),
        "i64 -> i32"
    );
    let w: Vec<i64> = vec![-5, i32::MIN as i64, i32::MAX as i64];
    let x = ints(DType::I32, &w);
    let mut y = poisoned(DType::I64, w.len());
    cast_kernel(DType::I32, DType::I64, w.len())
        .ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
    assert_eq!(i64_of(&y), w, "i32 -> i64");
}

#[test]
fn casts_to_and_from_bool() {
    let fv = [0.0, -0.0, f32::NAN, 1e-40, -3.0, f32::INFINITY];
    for from in [DType::F32, DType::F16] {
        let x = floats(from, &fv);
        let mut y = poisoned(DType::Bool, fv.len());
        cast_kernel(from, DType::Bool, fv.len())
            .ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
        let want: Vec<bool> = fv.iter().map(|v| round_to(from, *v) != 0.0).collect();
        assert_eq!(bool_of(&y), want, "{from} -> bool");
    }
    let iv = [0, 1, -1, i32::MIN as i64, 1 << 20];
    for from in [DType::I32, DType::I64] {
        let x = ints(from, &iv);
        let mut y = poisoned(DType::Bool, iv.len());
        cast_kernel(from, DType::Bool, iv.len())
            .ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
        assert_eq!(
            bool_of(&y),
            vec![false, true, true, true, true],
            "{from} -> bool"
        );
    }
    let bv = bools(&[true, false, true]);
    for to in [DType::I32, DType::I64] {
        let mut y = poisoned(to, 3);
        cast_kernel(DType::Bool, to, 3).ok([1, 1, 1], &mut [Arg::In(&bv), Arg::Out(&mut y)]);
        assert_eq!(i64_of(&y), vec![1, 0, 1], "bool -> {to}");
    }
    for to in [DType::F32, DType::F16, DType::BF16] {
        let mut y = poisoned(to, 3);
        cast_kernel(DType::Bool, to, 3).ok([1, 1, 1], &mut [Arg::In(&bv), Arg::Out(&mut y)]);
        assert_f32_eq(&f32_of(&y), &[1.0, 0.0, 1.0], &format!("bool -> {to}"));
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

#[test]
fn narrow_binary_ops_equal_the_f32_result_rounded() {
    for dtype in [DType::F16, DType::BF16] {
        let vals: Vec<f32> = [
            0.0,
            -0.0,
            1.0,
            -2.5,
            3.3,
            0.1,
            -7.75,
            1000.0,
            60000.0,
            f32::INFINITY,
            f32::NAN,
        ]
        .iter()
        .map(|x| round_to(dtype, *x))
        .collect();
        let pairs = pairs_of(&vals);
        for op in FLOAT_BINARY {
            let want: Vec<f32> = pairs
                .iter()
                .map(|(a, b)| round_to(dtype, binary_host_f32(op, *a, *b)))
                .collect();
            for forms in FORMS {
                let got = eval_float_pairs(op, dtype, &vals, forms);
                let what = format!("{} on {dtype} {forms:?}", op.name());
                if matches!(op, BinaryOp::Min | BinaryOp::Max) {
                    let w: Vec<f64> = want.iter().map(|v| *v as f64).collect();
                    assert_close(&got, &w, 0.0, 0.0, &what);
                } else {
                    assert_f32_eq(&got, &want, &what);
                }
            }
        }
    }
}

#[test]
fn narrow_ops_round_after_every_op() {
    // x = 1 + 3 * 2^-10 (an f16). x * x = 1 + 6 * 2^-10 + 9 * 2^-20 rounds to 1 + 6 * 2^-10 in f16,
    // so x * x - 1 is exactly 6 * 2^-10; without the intermediate rounding it would round to
    // 6 * 2^-10 + 2^-17.
    let x = 1.0 + 3.0 / 1024.0;
    let kern = compile("f16_chain", |k| {
        let (a, y) = (k.input("a", DType::F16), k.output("y", DType::F16));
        let i = k.arange(0, 1);
        let v = a.load(i);
        y.store(i, v * v - 1.0);
    });
    let a = floats(DType::F16, &[x]);
    let mut y = poisoned(DType::F16, 1);
    kern.ok([1, 1, 1], &mut [Arg::In(&a), Arg::Out(&mut y)]);
    assert_f32_eq(&f32_of(&y), &[6.0 / 1024.0], "f16 x * x - 1");
    // The scalar parameter of a narrow dtype is rounded at launch.
    let kern = compile("f16_param", |k| {
        let (s, y) = (k.scalar("s", DType::F16), k.output("y", DType::F16));
        y.store(k.arange(0, 1), s);
    });
    let mut y = poisoned(DType::F16, 1);
    kern.ok([1, 1, 1], &mut [Arg::F32(1.0 + P11), Arg::Out(&mut y)]);
    assert_f32_eq(&f32_of(&y), &[1.0], "f16 parameter 1 + 2^-11");
}
