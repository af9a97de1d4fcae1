//! Binary elementwise ops on the CPU executor: float ops against f64 (exact where IEEE rounds
//! once) in every combination of dense and splat operands, NaN-propagating min/max, integer ops
//! that truncate and wrap, bool logic, integer division by zero as an execution error, and
//! f16/bf16 tiles, which round to the dtype after every op.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::{BinaryOp, DType};
use metile_runtime::Arg;

/// Relative tolerance of transcendental f32 functions against f64: four ulps.
const ULPS4: f64 = 4.0 / (1u64 << 23) as f64;

/// 2^-11: half an f16 ulp at 1.
const P11: f32 = 1.0 / 2048.0;

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

// ---------------------------------------------------------------- f16 and bf16 tiles

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
