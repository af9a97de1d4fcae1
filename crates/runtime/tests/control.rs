//! Structured control flow on the CPU executor: `for_range` with carried scalars and tiles
//! (including swaps, values yielded unchanged or twice), zero-trip loops, run-time bounds,
//! nested loops, steps with a ragged end; `if_else` with results and `when` with stores.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_runtime::Arg;

/// Runs a one-program kernel whose outputs are `n_out` i64 scalars `y[0..n_out]`, with the i32
/// scalar parameters `p` bound in order.
fn run_i64(kern: &Kern, p: &[i32], n_out: usize) -> Vec<i64> {
    let mut y = poisoned(DType::I64, n_out);
    let mut args: Vec<Arg> = p.iter().map(|v| Arg::I32(*v)).collect();
    args.push(Arg::Out(&mut y));
    kern.ok([1, 1, 1], &mut args);
    i64_of(&y)
}

#[test]
fn loop_carried_scalar_sums_over_run_time_bounds() {
    let kern = compile("sum_range", |k| {
        let (lo, hi, st) = (
            k.scalar("lo", DType::I32),
            k.scalar("hi", DType::I32),
            k.scalar("step", DType::I32),
        );
        let y = k.output("y", DType::I64);
        let zero = k.constant(0, DType::I64);
        let count0 = k.constant(0, DType::I64);
        let r = k.for_range(lo, hi, st, &[zero, count0], |iv, c| {
            vec![c[0] + iv.cast(DType::I64), c[1] + 1]
        });
        y.store(k.arange(0, 2), select_pair(k, r[0], r[1]));
    });
    for (lo, hi, st) in [
        (0, 10, 1),
        (3, 17, 4),
        (-5, 5, 3),
        (7, 7, 1),
        (9, 2, 1),
        (-10, -3, 2),
        (0, 1000, 7),
    ] {
        let it: Vec<i64> = (lo as i64..hi as i64).step_by(st as usize).collect();
        let want = vec![it.iter().sum::<i64>(), it.len() as i64];
        assert_eq!(
            run_i64(&kern, &[lo, hi, st], 2),
            want,
            "for i in ({lo}..{hi}).step_by({st})"
        );
    }
}

/// `[a, b]` as a 2-element tile (a scalar pair stored in one go).
fn select_pair(
    k: &metile_lang::Ctx,
    a: metile_lang::Tile,
    b: metile_lang::Tile,
) -> metile_lang::Tile {
    k.arange(0, 2).equal(0).select(a, b)
}

#[test]
fn a_non_positive_step_is_an_execution_error() {
    let kern = compile("bad_step", |k| {
        let st = k.scalar("step", DType::I32);
        let y = k.output("y", DType::I64);
        let r = k.for_range(0, 10, st, &[k.constant(0, DType::I64)], |_, c| {
            vec![c[0] + 1]
        });
        y.store(k.arange(0, 1), r[0]);
    });
    for st in [0, -1] {
        let mut y = poisoned(DType::I64, 1);
        let (kernel, op, message) =
            expect_exec(kern.run([1, 1, 1], &mut [Arg::I32(st), Arg::Out(&mut y)]));
        assert_eq!((kernel.as_str(), op.as_str()), ("bad_step", "for"));
        assert!(message.contains("step"), "message: {message}");
    }
}

#[test]
fn fibonacci_with_two_carried_values_swapped_each_iteration() {
    let kern = compile("fib", |k| {
        let n = k.scalar("n", DType::I32);
        let y = k.output("y", DType::I64);
        let (a, b) = (k.constant(0, DType::I64), k.constant(1, DType::I64));
        let r = k.for_range(0, n, 1, &[a, b], |_, c| vec![c[1], c[0] + c[1]]);
        y.store(k.arange(0, 2), select_pair(k, r[0], r[1]));
    });
    for n in [0, 1, 2, 3, 10, 50, 90] {
        let (mut a, mut b) = (0i64, 1i64);
        for _ in 0..n {
            (a, b) = (b, a + b);
        }
        assert_eq!(run_i64(&kern, &[n], 2), vec![a, b], "fib after {n} steps");
    }
}

#[test]
fn carried_values_yielded_unchanged_twice_or_swapped() {
    let kern = compile("yields", |k| {
        let n = k.scalar("n", DType::I32);
        let y = k.output("y", DType::I64);
        let c = |v: i64| k.constant(v, DType::I64);
        // [a unchanged, b + 1], [s, s] with s = p + q, and [v, u] (a pure swap).
        let r = k.for_range(0, n, 1, &[c(5), c(0), c(1), c(2), c(10), c(20)], |iv, v| {
            let s = v[2] + v[3] + iv.cast(DType::I64);
            vec![v[0], v[1] + 1, s, s, v[5], v[4]]
        });
        let i = k.arange(0, 6);
        let mut out = k.full([6], 0, DType::I64);
        for (j, t) in r.iter().enumerate() {
            out = i.equal(j as i32).select(*t, out);
        }
        y.store(i, out);
    });
    for n in [0, 1, 2, 5, 6] {
        let (mut p, mut q) = (1i64, 2i64);
        let (mut u, mut v) = (10i64, 20i64);
        for iv in 0..n as i64 {
            let s = p + q + iv;
            (p, q) = (s, s);
            (u, v) = (v, u);
        }
        assert_eq!(
            run_i64(&kern, &[n], 6),
            vec![5, n as i64, p, q, u, v],
            "n = {n}"
        );
    }
}

#[test]
fn carried_tiles_accumulate_rows() {
    const C: usize = 8;
    let kern = compile("row_sums", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let rows = k.scalar("rows", DType::I32);
        let cols = k.arange(0, C as i64);
        let acc = k.zeros([C], DType::F32);
        let top = k.full([C], f32::NEG_INFINITY, DType::F32);
        let r = k.for_range(0, rows, 1, &[acc, top], |row, c| {
            let v = x.load(row * C as i32 + cols);
            vec![c[0] + v, c[1].maximum(v)]
        });
        y.store(cols, r[0]);
        y.store(cols + C as i32, r[1]);
    });
    let mut g = Lcg(17);
    for rows in [0usize, 1, 3, 12] {
        // Multiples of 1/8 in [-64, 64): every partial sum is exact in f32.
        let xs: Vec<f32> = (0..rows.max(1) * C)
            .map(|_| (g.below(1024) as f32 - 512.0) / 8.0)
            .collect();
        let x = f32s(&xs);
        let mut y = poisoned(DType::F32, 2 * C);
        kern.ok(
            [1, 1, 1],
            &mut [Arg::In(&x), Arg::Out(&mut y), Arg::I32(rows as i32)],
        );
        let mut want = vec![0.0f32; C];
        want.extend(vec![f32::NEG_INFINITY; C]);
        for r in 0..rows {
            for c in 0..C {
                want[c] = (want[c] as f64 + xs[r * C + c] as f64) as f32;
                want[C + c] = want[C + c].max(xs[r * C + c]);
            }
        }
        assert_f32_eq(&f32_of(&y), &want, &format!("{rows} rows"));
    }
}

#[test]
fn blocked_loop_with_a_ragged_last_block() {
    const B: usize = 16;
    let kern = compile("blocked_sum", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let n = k.scalar("n", DType::I32);
        let i = k.arange(0, B as i64);
        let r = k.for_range(0, n, B as i32, &[k.zeros([B], DType::F32)], |off, c| {
            let idx = off + i;
            vec![c[0] + x.load_masked(idx, idx.lt(n), 0.0)]
        });
        y.store(k.arange(0, 1), r[0].sum(0));
    });
    for n in [0usize, 1, 15, 16, 17, 40, 100] {
        let xs: Vec<f32> = (0..n.max(1)).map(|j| (j % 13) as f32 - 6.0).collect();
        let x = f32s(&xs);
        let mut y = poisoned(DType::F32, 1);
        kern.ok(
            [1, 1, 1],
            &mut [Arg::In(&x), Arg::Out(&mut y), Arg::I32(n as i32)],
        );
        let want: f64 = xs[..n].iter().fold(0.0, |a, v| a + *v as f64);
        assert_f32_eq(&f32_of(&y), &[want as f32], &format!("n = {n}"));
    }
}

#[test]
fn zero_trip_loops_return_their_init() {
    let kern = compile("zero_trip", |k| {
        let (lo, hi) = (k.scalar("lo", DType::I32), k.scalar("hi", DType::I32));
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let i = k.arange(0, 4);
        let init = x.load(i);
        let r = k.for_range(lo, hi, 1, &[init], |_, _| {
            vec![k.full([4], -1.0, DType::F32)]
        });
        y.store(i, r[0]);
    });
    let xs = [1.5, f32::NAN, -0.0, 7.0];
    let x = f32s(&xs);
    for (lo, hi) in [(0, 0), (5, 5), (5, -5), (i32::MAX, i32::MIN)] {
        let mut y = poisoned(DType::F32, 4);
        kern.ok(
            [1, 1, 1],
            &mut [Arg::I32(lo), Arg::I32(hi), Arg::In(&x), Arg::Out(&mut y)],
        );
        assert_f32_eq(&f32_of(&y), &xs, &format!("{lo}..{hi}"));
    }
    let mut y = poisoned(DType::F32, 4);
    kern.ok(
        [1, 1, 1],
        &mut [Arg::I32(0), Arg::I32(1), Arg::In(&x), Arg::Out(&mut y)],
    );
    assert_f32_eq(&f32_of(&y), &[-1.0; 4], "one trip");
}

#[test]
fn loops_with_i64_bounds_and_near_the_i32_limit() {
    let kern = compile("wide_loop", |k| {
        let (lo, hi) = (k.scalar("lo", DType::I64), k.scalar("hi", DType::I64));
        let (lo32, hi32) = (k.scalar("lo32", DType::I32), k.scalar("hi32", DType::I32));
        let y = k.output("y", DType::I64);
        let zero = k.constant(0, DType::I64);
        let a = k.for_range(lo, hi, 3, &[zero], |iv, c| vec![c[0] + (iv - lo)]);
        let b = k.for_range(lo32, hi32, 2, &[zero], |iv, c| {
            vec![c[0] + 1 + (iv - lo32).cast(DType::I64)]
        });
        y.store(k.arange(0, 2), select_pair(k, a[0], b[0]));
    });
    let lo = (1i64 << 40) - 4;
    let (lo32, hi32) = (i32::MAX - 5, i32::MAX);
    let mut y = poisoned(DType::I64, 2);
    kern.ok(
        [1, 1, 1],
        &mut [
            Arg::I64(lo),
            Arg::I64(lo + 10),
            Arg::I32(lo32),
            Arg::I32(hi32),
            Arg::Out(&mut y),
        ],
    );
    // lo, lo + 3, lo + 6, lo + 9; and i32::MAX - 5, - 3, - 1 (the next step would pass i32::MAX).
    assert_eq!(i64_of(&y), vec![3 + 6 + 9, 1 + 3 + 5]);
}

#[test]
fn nested_loops_with_inner_bounds_from_the_outer_variable() {
    let kern = compile("nested", |k| {
        let n = k.scalar("n", DType::I32);
        let y = k.output("y", DType::I64);
        let zero = k.constant(0, DType::I64);
        let r = k.for_range(0, n, 1, &[zero, zero], |i, c| {
            let inner = k.for_range(0, i, 1, &[c[0]], |j, d| {
                vec![d[0] + (i * 10 + j).cast(DType::I64)]
            });
            vec![inner[0], c[1] + 1]
        });
        y.store(k.arange(0, 2), select_pair(k, r[0], r[1]));
    });
    for n in [0, 1, 2, 5, 9] {
        let mut want = 0i64;
        for i in 0..n as i64 {
            for j in 0..i {
                want += i * 10 + j;
            }
        }
        assert_eq!(run_i64(&kern, &[n], 2), vec![want, n as i64], "n = {n}");
    }
}

#[test]
fn if_else_on_run_time_conditions_yields_results() {
    const N: usize = 4;
    let kern = compile("if_else", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let t = k.scalar("t", DType::F32);
        let pid = k.program_id(0);
        let i = k.arange(0, N as i64);
        let idx = pid * N as i32 + i;
        let v = x.load(idx);
        // Even programs double, odd ones negate; the second result is a scalar.
        let r = k.if_else(
            (pid % 2).equal(0),
            || vec![v * 2.0, k.constant(1.0, DType::F32)],
            || vec![-v, t],
        );
        // A condition computed from data: whether the block's sum exceeds t.
        let big = k.if_else(v.sum(0).gt(t), || vec![r[0] + r[1]], || vec![r[0]]);
        y.store(idx, big[0]);
    });
    let progs = 5;
    let xs: Vec<f32> = (0..progs * N).map(|j| j as f32 - 6.0).collect();
    let x = f32s(&xs);
    for t in [0.0f32, 10.0] {
        let mut y = poisoned(DType::F32, progs * N);
        kern.ok(
            [progs as u32, 1, 1],
            &mut [Arg::In(&x), Arg::Out(&mut y), Arg::F32(t)],
        );
        let want: Vec<f32> = (0..progs * N)
            .map(|j| {
                let p = j / N;
                let (v, s) = if p & 1 == 0 {
                    (xs[j] * 2.0, 1.0)
                } else {
                    (-xs[j], t)
                };
                let sum: f64 = xs[p * N..(p + 1) * N].iter().map(|a| *a as f64).sum();
                if sum > t as f64 {
                    v + s
                } else {
                    v
                }
            })
            .collect();
        assert_f32_eq(&f32_of(&y), &want, &format!("t = {t}"));
    }
}

#[test]
fn when_stores_only_where_the_condition_holds_and_skips_the_other_branch() {
    let kern = compile("when", |k| {
        let y = k.output("y", DType::I32);
        let n = k.scalar("n", DType::I32);
        let pid = k.program_id(0);
        let i = k.arange(0, 2);
        k.when(pid.lt(n), || y.store(pid * 2 + i, pid + i * 100));
        // Never taken at run time: its store would be out of bounds.
        k.when(pid.lt(0), || y.store(i + 1_000_000, 0));
    });
    let progs = 6;
    for n in [0, 3, 6] {
        let mut y = i32s(&vec![-9; 2 * progs]);
        kern.ok([progs as u32, 1, 1], &mut [Arg::Out(&mut y), Arg::I32(n)]);
        let want: Vec<i64> = (0..2 * progs as i64)
            .map(|j| {
                let (p, l) = (j / 2, j % 2);
                if p < n as i64 {
                    p + l * 100
                } else {
                    -9
                }
            })
            .collect();
        assert_eq!(i64_of(&y), want, "n = {n}");
    }
}

#[test]
fn if_inside_a_loop_and_a_loop_inside_an_if() {
    let kern = compile("mixed_control", |k| {
        let n = k.scalar("n", DType::I32);
        let y = k.output("y", DType::I64);
        let zero = k.constant(0, DType::I64);
        // Collatz-like: halve even values, else 3x + 1, for n steps from 27.
        let start = k.constant(27, DType::I64);
        let r = k.for_range(0, n, 1, &[start, zero], |_, c| {
            let v = c[0];
            let next = k.if_else((v % 2).equal(0), || vec![v / 2], || vec![v * 3 + 1]);
            vec![next[0], c[1] + v]
        });
        // A loop only when n is odd.
        let odd = k.if_else(
            (n % 2).equal(1),
            || k.for_range(0, n, 1, &[zero], |iv, c| vec![c[0] + iv.cast(DType::I64)]),
            || vec![k.constant(-1, DType::I64)],
        );
        let i = k.arange(0, 3);
        let out = i.equal(0).select(r[0], i.equal(1).select(r[1], odd[0]));
        y.store(i, out);
    });
    for n in [0, 1, 7, 20, 111] {
        let (mut v, mut total) = (27i64, 0i64);
        for _ in 0..n {
            total += v;
            v = if v % 2 == 0 { v / 2 } else { 3 * v + 1 };
        }
        let odd = if n % 2 == 1 { (0..n as i64).sum() } else { -1 };
        assert_eq!(run_i64(&kern, &[n], 3), vec![v, total, odd], "n = {n}");
    }
}
