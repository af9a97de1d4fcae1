//! `dot` on the CPU executor: `[M,K] x [K,N]` with and without an accumulator, f32, f16 and
//! bf16 operands, ragged sizes, against an f64 reference; and a tiled matmul that accumulates
//! over masked K blocks in a loop, over a 2-D grid.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_lang::dot;
use metile_runtime::Arg;

/// `y = a @ b (+ c)` for row-major `a` [M,K], `b` [K,N], `c` and `y` [M,N] (f32).
fn dot_kernel(m: usize, k: usize, n: usize, dtype: DType, acc: bool) -> Kern {
    compile(&format!("dot_{m}x{k}x{n}_{dtype}_{acc}"), |kc| {
        let (a, b) = (kc.input("a", dtype), kc.input("b", dtype));
        let (c, y) = (kc.input("c", DType::F32), kc.output("y", DType::F32));
        let idx = |r: usize, s: usize| {
            kc.arange(0, r as i64).expand_dims(1) * s as i32 + kc.arange(0, s as i64).expand_dims(0)
        };
        let (ta, tb) = (a.load(idx(m, k)), b.load(idx(k, n)));
        let out = idx(m, n);
        let r = if acc {
            dot(ta, tb, Some(c.load(out)))
        } else {
            dot(ta, tb, None)
        };
        y.store(out, r);
    })
}

/// f64 reference and its error scale `sum |a_ik b_kj| + |c_ij|`.
fn host_dot(
    m: usize,
    k: usize,
    n: usize,
    a: &[f32],
    b: &[f32],
    c: Option<&[f32]>,
) -> (Vec<f64>, Vec<f64>) {
    let mut out = vec![0.0; m * n];
    let mut mag = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            let (mut s, mut g) = c.map_or((0.0, 0.0), |c| {
                (c[i * n + j] as f64, (c[i * n + j] as f64).abs())
            });
            for p in 0..k {
                let t = a[i * k + p] as f64 * b[p * n + j] as f64;
                s += t;
                g += t.abs();
            }
            out[i * n + j] = s;
            mag[i * n + j] = g;
        }
    }
    (out, mag)
}

fn check_dot(m: usize, k: usize, n: usize, dtype: DType, seed: u64) {
    let mut g = Lcg(seed);
    let a: Vec<f32> = (0..m * k)
        .map(|_| round_to(dtype, g.uniform(-2.0, 2.0)))
        .collect();
    let b: Vec<f32> = (0..k * n)
        .map(|_| round_to(dtype, g.uniform(-2.0, 2.0)))
        .collect();
    let c: Vec<f32> = (0..m * n).map(|_| g.uniform(-10.0, 10.0)).collect();
    let (ab, bb, cb) = (floats(dtype, &a), floats(dtype, &b), f32s(&c));
    for acc in [false, true] {
        let mut y = poisoned(DType::F32, m * n);
        dot_kernel(m, k, n, dtype, acc).ok(
            [1, 1, 1],
            &mut [Arg::In(&ab), Arg::In(&bb), Arg::In(&cb), Arg::Out(&mut y)],
        );
        let (want, mag) = host_dot(m, k, n, &a, &b, acc.then_some(&c[..]));
        // An f32 sum of k + 1 terms: at most (k + 1) roundings of half an ulp of the running
        // magnitude each.
        let tol = (k + 2) as f64 * f32::EPSILON as f64;
        for (i, (got, (w, s))) in f32_of(&y).iter().zip(want.iter().zip(&mag)).enumerate() {
            assert!(
                ((*got as f64) - w).abs() <= tol * s,
                "{m}x{k}x{n} {dtype} acc={acc}: element {i} is {got}, expected {w}"
            );
        }
    }
}

#[test]
fn dot_of_ragged_shapes_matches_f64() {
    for (m, k, n) in [
        (3, 5, 7),
        (1, 1, 1),
        (4, 1, 9),
        (7, 3, 1),
        (16, 32, 8),
        (5, 64, 3),
    ] {
        check_dot(m, k, n, DType::F32, (m * 100 + k * 10 + n) as u64);
    }
}

#[test]
fn dot_of_f16_and_bf16_operands_accumulates_in_f32() {
    for dtype in [DType::F16, DType::BF16] {
        for (m, k, n) in [(3, 5, 7), (8, 16, 4)] {
            check_dot(m, k, n, dtype, 7 + k as u64);
        }
    }
}

#[test]
fn dot_of_small_integers_is_exact() {
    let (m, k, n) = (3, 5, 7);
    let a: Vec<f32> = (0..m * k).map(|j| (j % 7) as f32 - 3.0).collect();
    let b: Vec<f32> = (0..k * n).map(|j| (j % 5) as f32 - 2.0).collect();
    let c: Vec<f32> = (0..m * n).map(|j| j as f32 * 0.5).collect();
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        let mut y = poisoned(DType::F32, m * n);
        let (ab, bb, cb) = (floats(dtype, &a), floats(dtype, &b), f32s(&c));
        dot_kernel(m, k, n, dtype, true).ok(
            [1, 1, 1],
            &mut [Arg::In(&ab), Arg::In(&bb), Arg::In(&cb), Arg::Out(&mut y)],
        );
        let (want, _) = host_dot(m, k, n, &a, &b, Some(&c));
        let want: Vec<f32> = want.iter().map(|w| *w as f32).collect();
        assert_f32_eq(&f32_of(&y), &want, &format!("{dtype}"));
    }
}

#[test]
fn tiled_matmul_over_masked_k_blocks_and_a_2d_grid() {
    const BM: usize = 4;
    const BN: usize = 8;
    const BK: usize = 8;
    let kern = compile("matmul", |kc| {
        let (a, b, y) = (
            kc.input("a", DType::F32),
            kc.input("b", DType::F32),
            kc.output("y", DType::F32),
        );
        let (m, n, k) = (
            kc.scalar("m", DType::I32),
            kc.scalar("n", DType::I32),
            kc.scalar("k", DType::I32),
        );
        let rows = kc.arange(0, BM as i64) + kc.program_id(0) * BM as i32;
        let cols = kc.arange(0, BN as i64) + kc.program_id(1) * BN as i32;
        let ks = kc.arange(0, BK as i64);
        let (r2, c2) = (rows.expand_dims(1), cols.expand_dims(0));
        let acc = kc.zeros([BM, BN], DType::F32);
        let out = kc.for_range(0, k, BK as i32, &[acc], |k0, c| {
            let kk = ks + k0;
            let ta = a.load_masked(
                r2 * k + kk.expand_dims(0),
                r2.lt(m) & kk.expand_dims(0).lt(k),
                0.0,
            );
            let tb = b.load_masked(
                kk.expand_dims(1) * n + c2,
                kk.expand_dims(1).lt(k) & c2.lt(n),
                0.0,
            );
            vec![dot(ta, tb, Some(c[0]))]
        });
        y.store_masked(r2 * n + c2, out[0], r2.lt(m) & c2.lt(n));
    });
    for (m, n, k) in [(5, 6, 37), (9, 17, 8), (4, 8, 1), (1, 1, 20)] {
        // Small integers: every partial sum is exact.
        let a: Vec<f32> = (0..m * k).map(|j| ((j * 7) % 11) as f32 - 5.0).collect();
        let b: Vec<f32> = (0..k * n).map(|j| ((j * 3) % 7) as f32 - 3.0).collect();
        let mut y = poisoned(DType::F32, m * n);
        let grid = [m.div_ceil(BM) as u32, n.div_ceil(BN) as u32, 1];
        kern.ok(
            grid,
            &mut [
                Arg::In(&f32s(&a)),
                Arg::In(&f32s(&b)),
                Arg::Out(&mut y),
                Arg::I32(m as i32),
                Arg::I32(n as i32),
                Arg::I32(k as i32),
            ],
        );
        let (want, _) = host_dot(m, k, n, &a, &b, None);
        let want: Vec<f32> = want.iter().map(|w| *w as f32).collect();
        assert_f32_eq(&f32_of(&y), &want, &format!("{m}x{k} @ {k}x{n}"));
    }
}

/// The executor's blocked dot (register blocks of rows and vector-wide columns, with leftover
/// rows and columns) computes every element exactly as one in-order f32 loop of fused
/// multiply-adds does: `s = acc`, then `s = fma(x_p, y_p, s)` for increasing `p`, one rounding
/// per step. So its results do not depend on the block shapes or on the vector width the CPU
/// offers.
#[test]
fn blocked_dot_is_bitwise_the_in_order_fused_f32_sum() {
    for (m, k, n) in [
        (1, 3, 1),
        (4, 5, 16),
        (6, 9, 32),
        (13, 33, 70),
        (7, 4, 64),
        (5, 7, 17),
        (9, 64, 33),
        (3, 2, 7),
        (8, 1, 8),
        (13, 19, 40),
    ] {
        let mut g = Lcg((m * 1000 + k * 10 + n) as u64);
        let a: Vec<f32> = (0..m * k).map(|_| g.uniform(-3.0, 3.0)).collect();
        let b: Vec<f32> = (0..k * n).map(|_| g.uniform(-3.0, 3.0)).collect();
        let c: Vec<f32> = (0..m * n).map(|_| g.uniform(-3.0, 3.0)).collect();
        let mut y = poisoned(DType::F32, m * n);
        dot_kernel(m, k, n, DType::F32, true).ok(
            [1, 1, 1],
            &mut [
                Arg::In(&f32s(&a)),
                Arg::In(&f32s(&b)),
                Arg::In(&f32s(&c)),
                Arg::Out(&mut y),
            ],
        );
        let want: Vec<f32> = (0..m * n)
            .map(|e| {
                let (i, j) = (e / n, e % n);
                (0..k).fold(c[e], |s, p| a[i * k + p].mul_add(b[p * n + j], s))
            })
            .collect();
        let got = f32_of(&y);
        for (e, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(
                g.to_bits(),
                w.to_bits(),
                "{m}x{k}x{n}: element {e}: {g} vs {w}"
            );
        }
    }
}

/// A loop-carried accumulator is added into in place only when the `dot` is its last use in
/// the iteration: here one loop's sum is also read after the product (`s' = s + a b + s`), the
/// other's is not (`t' = t + a b`), and both must come out exact (small integers), with the
/// values read after the product being the iteration's old sum, not the new one.
#[test]
fn carried_accumulators_read_after_the_product_keep_their_value() {
    const M: usize = 3;
    const K: usize = 4;
    const N: usize = 5;
    let kern = compile("dot_carried", |kc| {
        let (a, b) = (kc.input("a", DType::F32), kc.input("b", DType::F32));
        let (y, z) = (kc.output("y", DType::F32), kc.output("z", DType::F32));
        let trips = kc.scalar("trips", DType::I32);
        let idx = |r: usize, s: usize| {
            kc.arange(0, r as i64).expand_dims(1) * s as i32 + kc.arange(0, s as i64).expand_dims(0)
        };
        let (ta, tb) = (a.load(idx(M, K)), b.load(idx(K, N)));
        let zero = kc.zeros([M, N], DType::F32);
        let out = kc.for_range(0, trips, 1, &[zero, zero], |_, c| {
            vec![dot(ta, tb, Some(c[0])) + c[0], dot(ta, tb, Some(c[1]))]
        });
        y.store(idx(M, N), out[0]);
        z.store(idx(M, N), out[1]);
    });
    let a: Vec<f32> = (0..M * K).map(|j| ((j * 5) % 7) as f32 - 3.0).collect();
    let b: Vec<f32> = (0..K * N).map(|j| ((j * 3) % 5) as f32 - 2.0).collect();
    let (p, _) = host_dot(M, K, N, &a, &b, None);
    for trips in [0i32, 1, 3] {
        let (mut y, mut z) = (poisoned(DType::F32, M * N), poisoned(DType::F32, M * N));
        let args = &mut [
            Arg::In(&f32s(&a)),
            Arg::In(&f32s(&b)),
            Arg::Out(&mut y),
            Arg::Out(&mut z),
            Arg::I32(trips),
        ];
        kern.ok([1, 1, 1], args);
        // s_{i+1} = 2 s_i + p, t_{i+1} = t_i + p, from 0.
        let (mut s, mut t) = (vec![0.0f64; M * N], vec![0.0f64; M * N]);
        for _ in 0..trips {
            for e in 0..M * N {
                s[e] = 2.0 * s[e] + p[e];
                t[e] += p[e];
            }
        }
        let f = |v: &[f64]| v.iter().map(|x| *x as f32).collect::<Vec<f32>>();
        assert_f32_eq(
            &f32_of(&y),
            &f(&s),
            &format!("read after the product, {trips} trips"),
        );
        assert_f32_eq(&f32_of(&z), &f(&t), &format!("last use, {trips} trips"));
    }
}
