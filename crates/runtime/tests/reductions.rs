//! Reductions on the CPU executor: sum, max, min and argmax along every axis of 1-D, 2-D and
//! 3-D tiles, on floats (NaN-propagating max/min, argmax of the first maximum or first NaN) and
//! on integers (wrapping sums), the accuracy of long sums against f64, and reductions of
//! compact tiles (ranges and splats).

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::{DType, ReduceOp};
use metile_lang::{select, Tile};
use metile_runtime::Arg;

const OPS: [ReduceOp; 4] = [
    ReduceOp::Sum,
    ReduceOp::Max,
    ReduceOp::Min,
    ReduceOp::Argmax,
];

fn reduce(op: ReduceOp, t: Tile, axis: usize) -> Tile {
    match op {
        ReduceOp::Sum => t.sum(axis),
        ReduceOp::Max => t.max(axis),
        ReduceOp::Min => t.min(axis),
        ReduceOp::Argmax => t.argmax(axis),
    }
}

/// The result type's dtype.
fn out_dtype(op: ReduceOp, dtype: DType) -> DType {
    if op == ReduceOp::Argmax {
        DType::I32
    } else {
        dtype
    }
}

/// `(outer, len, inner)` of reducing `shape` along `axis`.
fn split(shape: &[usize], axis: usize) -> (usize, usize, usize) {
    (
        shape[..axis].iter().product(),
        shape[axis],
        shape[axis + 1..].iter().product(),
    )
}

/// The lines of `shape` along `axis`, each as the list of flat indices it visits, in result order.
fn lines(shape: &[usize], axis: usize) -> Vec<Vec<usize>> {
    let (outer, len, inner) = split(shape, axis);
    let mut out = Vec::new();
    for o in 0..outer {
        for i in 0..inner {
            out.push((0..len).map(|k| (o * len + k) * inner + i).collect());
        }
    }
    out
}

/// Host float reduction of one line (f64; NaN-propagating; argmax is the first maximum or the
/// first NaN).
fn host_float(op: ReduceOp, v: &[f64]) -> f64 {
    match op {
        ReduceOp::Sum => v.iter().fold(0.0, |a, b| a + b),
        ReduceOp::Max | ReduceOp::Min if v.iter().any(|x| x.is_nan()) => f64::NAN,
        ReduceOp::Max => v.iter().fold(f64::NEG_INFINITY, |a, b| a.max(*b)),
        ReduceOp::Min => v.iter().fold(f64::INFINITY, |a, b| a.min(*b)),
        ReduceOp::Argmax => {
            if let Some(p) = v.iter().position(|x| x.is_nan()) {
                return p as f64;
            }
            let mut best = 0;
            for (i, x) in v.iter().enumerate() {
                if *x > v[best] {
                    best = i;
                }
            }
            best as f64
        }
    }
}

fn host_int(op: ReduceOp, dtype: DType, v: &[i64]) -> i64 {
    match op {
        ReduceOp::Sum => {
            let s: i128 = v.iter().map(|x| *x as i128).sum();
            if dtype == DType::I32 {
                s as i32 as i64
            } else {
                s as i64
            }
        }
        ReduceOp::Max => *v.iter().max().expect("a line is never empty"),
        ReduceOp::Min => *v.iter().min().expect("a line is never empty"),
        ReduceOp::Argmax => {
            let m = v.iter().max().expect("a line is never empty");
            v.iter()
                .position(|x| x == m)
                .expect("the maximum is in the line") as i64
        }
    }
}

/// Loads `shape` from `x` (row-major), reduces along `axis` with `op` and stores the result
/// row-major into `y`.
fn reduce_kernel(op: ReduceOp, dtype: DType, shape: &[usize], axis: usize) -> Kern {
    let numel: usize = shape.iter().product();
    let mut out_shape = shape.to_vec();
    out_shape.remove(axis);
    let m: usize = out_shape.iter().product();
    compile(
        &format!("reduce_{}_{dtype}_{shape:?}_{axis}", op.name()),
        |k| {
            let (x, y) = (k.input("x", dtype), k.output("y", out_dtype(op, dtype)));
            let t = x.load(k.arange(0, numel as i64).reshape(shape.to_vec()));
            let r = reduce(op, t, axis);
            let idx = k.arange(0, m as i64);
            let idx = if out_shape.is_empty() {
                idx
            } else {
                idx.reshape(out_shape.clone())
            };
            y.store(idx, r);
        },
    )
}

/// Checks every op along every axis of `shape` on float data.
fn check_floats(dtype: DType, shape: &[usize], data: &[f32]) {
    let x = floats(dtype, data);
    let vals: Vec<f64> = data.iter().map(|v| round_to(dtype, *v) as f64).collect();
    for axis in 0..shape.len() {
        let ls = lines(shape, axis);
        for op in OPS {
            let kern = reduce_kernel(op, dtype, shape, axis);
            let mut y = poisoned(out_dtype(op, dtype), ls.len());
            kern.ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
            let want: Vec<f64> = ls
                .iter()
                .map(|l| host_float(op, &l.iter().map(|j| vals[*j]).collect::<Vec<_>>()))
                .collect();
            let what = format!("{} of {dtype} {shape:?} along {axis}", op.name());
            if op == ReduceOp::Argmax {
                assert_eq!(
                    i64_of(&y),
                    want.iter().map(|w| *w as i64).collect::<Vec<_>>(),
                    "{what}"
                );
            } else {
                // The data are chosen so that sums are exact in the dtype.
                let want: Vec<f32> = want.iter().map(|w| round_to(dtype, *w as f32)).collect();
                assert_f32_eq(&f32_of(&y), &want, &what);
            }
        }
    }
}

/// Multiples of 1/4 in [-32, 32), with repeats (ties for argmax).
fn quarter_data(n: usize, seed: u64) -> Vec<f32> {
    let mut g = Lcg(seed);
    (0..n)
        .map(|_| (g.below(64) as f32 - 32.0) / 4.0 * if g.below(3) == 0 { 1.0 } else { 4.0 })
        .collect()
}

#[test]
fn float_reductions_along_each_axis_of_1d_2d_and_3d_tiles() {
    for (shape, seed) in [
        (vec![7], 1),
        (vec![3, 5], 2),
        (vec![1, 6], 3),
        (vec![6, 1], 4),
        (vec![2, 3, 4], 5),
        (vec![16, 32], 6),
    ] {
        let n = shape.iter().product();
        for dtype in [DType::F32, DType::F16, DType::BF16] {
            check_floats(dtype, &shape, &quarter_data(n, seed));
        }
    }
}

#[test]
fn argmax_picks_the_first_of_tied_maxima() {
    // Row-wise ties, column-wise ties, and a line of equal values.
    let data = [
        1.0, 5.0, 5.0, 2.0, //
        5.0, 5.0, 1.0, 5.0, //
        3.0, 3.0, 3.0, 3.0, //
        -0.0, 0.0, -1.0, 0.0,
    ];
    check_floats(DType::F32, &[4, 4], &data);
    let kern = reduce_kernel(ReduceOp::Argmax, DType::F32, &[4, 4], 1);
    let mut y = poisoned(DType::I32, 4);
    kern.ok([1, 1, 1], &mut [Arg::In(&f32s(&data)), Arg::Out(&mut y)]);
    // -0.0 and 0.0 compare equal: the first wins.
    assert_eq!(i64_of(&y), vec![1, 0, 0, 0]);
}

#[test]
fn nan_propagates_through_max_min_sum_and_argmax_finds_it() {
    let nan = f32::NAN;
    let data = [
        1.0, nan, 7.0, nan, //
        nan, 2.0, 3.0, 4.0, //
        9.0, 8.0, 7.0, nan, //
        1.0, 2.0, 3.0, 4.0,
    ];
    check_floats(DType::F32, &[4, 4], &data);
    check_floats(DType::F16, &[4, 4], &data);
    let kern = reduce_kernel(ReduceOp::Argmax, DType::F32, &[4, 4], 1);
    let mut y = poisoned(DType::I32, 4);
    kern.ok([1, 1, 1], &mut [Arg::In(&f32s(&data)), Arg::Out(&mut y)]);
    assert_eq!(
        i64_of(&y),
        vec![1, 0, 3, 3],
        "argmax along rows: the first NaN, else the maximum"
    );
    let kern = reduce_kernel(ReduceOp::Argmax, DType::F32, &[4, 4], 0);
    let mut y = poisoned(DType::I32, 4);
    kern.ok([1, 1, 1], &mut [Arg::In(&f32s(&data)), Arg::Out(&mut y)]);
    assert_eq!(i64_of(&y), vec![1, 0, 0, 0], "argmax along columns");
}

#[test]
fn infinities_and_all_negative_lines() {
    let inf = f32::INFINITY;
    let data = [
        -inf, -inf, -inf, //
        -3.0, -2.0, -2.0, //
        inf, -inf, 1.0,
    ];
    check_floats(DType::F32, &[3, 3], &data);
}

#[test]
fn long_row_sums_agree_with_f64() {
    // 10,000 values uniform in [-1, 1). Tolerance: 1e-6 * sum(|x|), a few hundred times the
    // typical rounding error of an f32 sum of this length and well below any real defect.
    const N: usize = 10_000;
    let mut g = Lcg(99);
    let xs: Vec<f32> = (0..2 * N).map(|_| g.uniform(-1.0, 1.0)).collect();
    for (shape, axis) in [(vec![N], 0), (vec![2, N], 1), (vec![N, 2], 0)] {
        let ls = lines(&shape, axis);
        let n: usize = shape.iter().product();
        let kern = reduce_kernel(ReduceOp::Sum, DType::F32, &shape, axis);
        let mut y = poisoned(DType::F32, ls.len());
        kern.ok([1, 1, 1], &mut [Arg::In(&f32s(&xs[..n])), Arg::Out(&mut y)]);
        let got = f32_of(&y);
        for (l, g) in ls.iter().zip(&got) {
            let want: f64 = l.iter().map(|j| xs[*j] as f64).sum();
            let mag: f64 = l.iter().map(|j| (xs[*j] as f64).abs()).sum();
            assert!(
                ((*g as f64) - want).abs() <= 1e-6 * mag,
                "sum of {shape:?} along {axis}: {g} vs {want}"
            );
        }
    }
}

#[test]
fn integer_reductions_wrap_and_find_the_first_maximum() {
    let v32: Vec<i64> = vec![
        5,
        -3,
        5,
        0, //
        i32::MAX as i64,
        1,
        i32::MAX as i64,
        2, //
        i32::MIN as i64,
        -1,
        i32::MIN as i64,
        -7,
    ];
    let v64: Vec<i64> = vec![
        1 << 62,
        1 << 62,
        1 << 62,
        -4, //
        i64::MIN,
        i64::MIN,
        0,
        i64::MAX, //
        3,
        3,
        3,
        3,
    ];
    let shape = [3usize, 4];
    for (dtype, vals) in [(DType::I32, v32), (DType::I64, v64)] {
        let x = ints(dtype, &vals);
        for axis in 0..2 {
            let ls = lines(&shape, axis);
            for op in OPS {
                let kern = reduce_kernel(op, dtype, &shape, axis);
                let mut y = poisoned(out_dtype(op, dtype), ls.len());
                kern.ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
                let want: Vec<i64> = ls
                    .iter()
                    .map(|l| host_int(op, dtype, &l.iter().map(|j| vals[*j]).collect::<Vec<_>>()))
                    .collect();
                assert_eq!(i64_of(&y), want, "{} of {dtype} along {axis}", op.name());
            }
        }
    }
}

#[test]
fn reductions_of_ranges_and_splats() {
    const R: usize = 4;
    const C: usize = 6;
    let kern = compile("reduce_compact", |k| {
        let (yi, yf) = (k.output("yi", DType::I32), k.output("yf", DType::F32));
        let s = k.scalar("s", DType::F32);
        let off = k.scalar("off", DType::I32);
        // A range (arange + offset) reshaped to [R, C], reduced both ways.
        let r = (k.arange(0, (R * C) as i64) + off).reshape([R, C]);
        yi.store(k.arange(0, C as i64), r.sum(0));
        yi.store(k.arange(C as i64, (C + R) as i64), r.max(1));
        yi.store(k.arange((C + R) as i64, (C + 2 * R) as i64), r.argmax(1));
        yi.store(
            k.arange((C + 2 * R) as i64, (C + 2 * R + 1) as i64),
            k.arange(0, 100).min(0),
        );
        // A splat broadcast to [R, C].
        let b = s.broadcast_to([R, C]);
        yf.store(k.arange(0, R as i64), b.sum(1));
        yf.store(k.arange(R as i64, (R + C) as i64), b.max(0));
        yf.store(
            k.arange((R + C) as i64, (R + C + 1) as i64),
            b.sum(0).sum(0),
        );
    });
    let (off, s) = (-7i64, 0.75f32);
    let mut yi = poisoned(DType::I32, C + 2 * R + 1);
    let mut yf = poisoned(DType::F32, R + C + 1);
    kern.ok(
        [1, 1, 1],
        &mut [
            Arg::Out(&mut yi),
            Arg::Out(&mut yf),
            Arg::F32(s),
            Arg::I32(off as i32),
        ],
    );
    let v = |r: usize, c: usize| (r * C + c) as i64 + off;
    let mut want: Vec<i64> = (0..C).map(|c| (0..R).map(|r| v(r, c)).sum()).collect();
    want.extend((0..R).map(|r| v(r, C - 1)));
    want.extend((0..R).map(|_| C as i64 - 1));
    want.push(0);
    assert_eq!(i64_of(&yi), want, "range reductions");
    let mut want = vec![s * C as f32; R];
    want.extend(vec![s; C]);
    want.push(s * (R * C) as f32);
    assert_f32_eq(&f32_of(&yf), &want, "splat reductions");
}

#[test]
fn per_program_rows_reduce_independently() {
    // The common row kernel: one program per row, the row's max and sum, many programs.
    const C: usize = 64;
    let rows = 37;
    let kern = compile("row_kernel", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let n = k.scalar("n", DType::I32);
        let pid = k.program_id(0);
        let cols = k.arange(0, C as i64);
        let m = cols.lt(n);
        let v = x.load_masked(pid * n + cols, m, f32::NEG_INFINITY);
        let top = v.max(0);
        let e = select(m, v - top, f32::NEG_INFINITY).exp();
        let out = k.arange(0, 2) + pid * 2;
        y.store(out, k.arange(0, 2).equal(0).select(top, e.sum(0)));
    });
    let n = 50;
    let mut g = Lcg(4);
    let xs: Vec<f32> = (0..rows * n).map(|_| g.uniform(-5.0, 5.0)).collect();
    let mut y = poisoned(DType::F32, 2 * rows);
    kern.ok(
        [rows as u32, 1, 1],
        &mut [Arg::In(&f32s(&xs)), Arg::Out(&mut y), Arg::I32(n as i32)],
    );
    let got = f32_of(&y);
    for r in 0..rows {
        let row = &xs[r * n..(r + 1) * n];
        let top = row.iter().fold(f32::NEG_INFINITY, |a, b| a.max(*b));
        let sum: f64 = row.iter().map(|v| ((*v - top) as f64).exp()).sum();
        assert_eq!(got[2 * r], top, "row {r} max");
        assert!(
            ((got[2 * r + 1] as f64) - sum).abs() <= 1e-5 * sum,
            "row {r} sum of exp: {} vs {sum}",
            got[2 * r + 1]
        );
    }
}
