//! Casts on the CPU executor: f32 to f16/bf16 rounding to nearest even (ties, overflow,
//! subnormals, NaN), exact widening, float to int truncating toward zero with saturation and
//! NaN to 0, int to float with one rounding (checked in exact integer arithmetic), int to int
//! wrapping, to and from bool; dense and splat operands.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_runtime::Arg;

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

/// The wrap of a cast to i32 is the cast's own, not the store's: `i64 -> i32 -> i64` kept in
/// the kernel and stored as i64 (a store into i32 memory would wrap whatever the cast did).
#[test]
fn narrowing_int_casts_wrap_inside_the_kernel() {
    let v: Vec<i64> = vec![(1 << 32) + 5, 1 << 31, -(1 << 31) - 1, -1, i64::MIN, 77];
    let x = ints(DType::I64, &v);
    let mut y = poisoned(DType::I64, v.len());
    let k = compile("cast_i64_i32_i64", |k| {
        let (x, y) = (k.input("x", DType::I64), k.output("y", DType::I64));
        let i = k.arange(0, v.len() as i64);
        y.store(i, x.load(i).cast(DType::I32).cast(DType::I64));
    });
    k.ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
    assert_eq!(
        i64_of(&y),
        v.iter().map(|a| *a as i32 as i64).collect::<Vec<_>>()
    );
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

/// The host meaning of `cast(v)` from `from` to `to`, for a value `v` of `from` held in f64.
fn host_cast(from: DType, to: DType, v: f64) -> f64 {
    if to == DType::Bool {
        return (v != 0.0) as i32 as f64;
    }
    match (from.is_float(), to.is_float()) {
        _ if from == DType::Bool => v,
        (true, true) => round_to(to, v as f32) as f64,
        (true, false) => float_to_int_ref(v as f32, to) as f64,
        (false, true) => int_to_float_ref(v as i64, to) as f64,
        (false, false) if to == DType::I32 => v as i64 as i32 as f64,
        (false, false) => v,
    }
}

#[test]
fn casts_of_splats_agree_with_dense_and_the_host() {
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
        1.0 + P11 as f64,
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
    let all = DType::ALL;
    for from in all {
        let vals: &[f64] = if from.is_float() {
            &fv
        } else if from.is_int() {
            &iv
        } else {
            &[0.0, 1.0]
        };
        let x = buffer_of(from, vals);
        let xv = as_f64(&x);
        for to in all {
            // Dense: one launch over all values.
            let mut dense = poisoned(to, vals.len());
            cast_kernel(from, to, vals.len())
                .ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut dense)]);
            // Splat: a scalar parameter per value.
            let kern = compile(&format!("cast_splat_{from}_{to}"), |k| {
                let (s, y) = (k.scalar("s", from), k.output("y", to));
                y.store(k.arange(0, 1), s.cast(to));
            });
            for (j, v) in xv.iter().enumerate() {
                let mut y = poisoned(to, 1);
                kern.ok([1, 1, 1], &mut [scalar_arg(from, *v), Arg::Out(&mut y)]);
                let (g, d, w) = (as_f64(&y)[0], as_f64(&dense)[j], host_cast(from, to, *v));
                let same = |a: f64, b: f64| a == b || (a.is_nan() && b.is_nan());
                assert!(same(d, w), "{from} -> {to} of {v}: dense {d}, expected {w}");
                assert!(same(g, w), "{from} -> {to} of {v}: splat {g}, expected {w}");
            }
        }
    }
}
