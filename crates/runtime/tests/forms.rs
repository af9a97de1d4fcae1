//! The executor's compact tile forms (splat, range `arange + offset`, prefix mask `arange < n`,
//! and the 2-D row starts `row[r] + c` and rectangle masks of a tile's rows and columns) must
//! agree with the dense computation of the same values: each kernel here is traced twice or
//! more, once in the idiom that produces the compact form and once with the index or mask made
//! dense (multiplied by a run-time 1, reversed twice, loaded, or split out of a flat range by
//! division), and all must match each other bit for bit and the host reference. Kernels run
//! canonicalised and as traced.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_lang::{select, Ctx, Tile};
use metile_runtime::{Arg, Buffer};

const N: usize = 16;
const LEN: usize = 24;

/// How `arange(0, N)` is built: compact, or dense by one of two routes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Build {
    Compact,
    /// `arange * one`, `one` = 1 at run time.
    TimesOne,
    /// `(N - 1) - ((N - 1) - arange)`: reversed twice.
    Reversed,
}

const BUILDS: [Build; 3] = [Build::Compact, Build::TimesOne, Build::Reversed];

fn lanes(k: &Ctx, one: Tile, b: Build) -> Tile {
    let i = k.arange(0, N as i64);
    match b {
        Build::Compact => i,
        Build::TimesOne => i * one,
        Build::Reversed => (N as i32 - 1) - ((N as i32 - 1) - i),
    }
}

/// Compiles `body(build)` canonicalised and raw for each build; returns (build, kernel) pairs.
fn variants(name: &str, body: impl Fn(&Ctx, Build)) -> Vec<(Build, Kern)> {
    let mut out = Vec::new();
    for b in BUILDS {
        for kern in compile_both(&format!("{name}_{b:?}"), |k| body(k, b)) {
            out.push((b, kern));
        }
    }
    out
}

fn host_x(j: usize) -> f32 {
    (j as f32 - 7.0) * 0.75
}

#[test]
fn ranges_and_prefix_masks_agree_with_dense_for_loads_stores_selects_and_atomics() {
    let kerns = variants("forms_memory", |k, b| {
        let x = k.input("x", DType::F32);
        let (y, z, w, a) = (
            k.output("y", DType::F32),
            k.output("z", DType::F32),
            k.output("w", DType::I32),
            k.output("a", DType::F32),
        );
        let (off, n, one) = (
            k.scalar("off", DType::I32),
            k.scalar("n", DType::I32),
            k.scalar("one", DType::I32),
        );
        let i = lanes(k, one, b);
        let idx = i + off;
        let m = i.lt(n);
        let v = x.load_masked(idx, m, -1.5);
        y.store_masked(idx, v * 2.0 + 1.0, m);
        z.store(i, select(m, v, f32::NAN));
        w.store(i, select(m, idx, -idx));
        a.atomic_add(idx, v, Some(m));
    });
    let xs: Vec<f32> = (0..LEN).map(host_x).collect();
    let x = f32s(&xs);
    for off in [0i32, 3, LEN as i32 - N as i32] {
        for n in [-2i32, 0, 1, 5, N as i32, N as i32 + 3] {
            let mut results: Vec<(Build, [Buffer; 4])> = Vec::new();
            for (b, kern) in &kerns {
                let mut out = [
                    poisoned(DType::F32, LEN),
                    poisoned(DType::F32, N),
                    poisoned(DType::I32, N),
                    f32s(&[0.5; LEN]),
                ];
                let [y, z, w, a] = &mut out;
                kern.ok(
                    [1, 1, 1],
                    &mut [
                        Arg::In(&x),
                        Arg::Out(y),
                        Arg::Out(z),
                        Arg::Out(w),
                        Arg::Out(a),
                        Arg::I32(off),
                        Arg::I32(n),
                        Arg::I32(1),
                    ],
                );
                results.push((*b, out));
            }
            // Host reference.
            let on = |l: usize| (l as i64) < n as i64;
            let o = off as usize;
            let v = |l: usize| if on(l) { xs[l + o] } else { -1.5 };
            let wy: Vec<f32> = (0..LEN)
                .map(|j| {
                    if j >= o && j < o + N && on(j - o) {
                        v(j - o) * 2.0 + 1.0
                    } else {
                        f32::NAN
                    }
                })
                .collect();
            let wz: Vec<f32> = (0..N)
                .map(|l| if on(l) { v(l) } else { f32::NAN })
                .collect();
            let ww: Vec<i64> = (0..N)
                .map(|l| {
                    if on(l) {
                        (l + o) as i64
                    } else {
                        -((l + o) as i64)
                    }
                })
                .collect();
            let wa: Vec<f32> = (0..LEN)
                .map(|j| {
                    if j >= o && j < o + N && on(j - o) {
                        0.5 + v(j - o)
                    } else {
                        0.5
                    }
                })
                .collect();
            for (b, [y, z, w, a]) in &results {
                let what = format!("{b:?}, off = {off}, n = {n}");
                assert_f32_eq(&f32_of(y), &wy, &format!("store: {what}"));
                assert_f32_eq(&f32_of(z), &wz, &format!("select: {what}"));
                assert_eq!(i64_of(w), ww, "int select: {what}");
                assert_f32_eq(&f32_of(a), &wa, &format!("atomic_add: {what}"));
            }
            for (b, r) in &results[1..] {
                assert!(
                    r == &results[0].1,
                    "{b:?} differs from the compact form (off = {off}, n = {n})"
                );
            }
        }
    }
}

#[test]
fn mask_algebra_on_prefixes_agrees_with_dense() {
    let kerns = variants("forms_masks", |k, b| {
        let y = k.output("y", DType::Bool);
        let c = k.output("c", DType::I32);
        let (n, p, one) = (
            k.scalar("n", DType::I32),
            k.scalar("p", DType::I32),
            k.scalar("one", DType::I32),
        );
        let i = lanes(k, one, b);
        let masks = [
            i.lt(n),
            i.le(n),
            i.lt(n) & i.lt(p),
            i.lt(n) | i.lt(p),
            i.lt(n) ^ i.le(p),
            !i.lt(n),
            i.lt(n) & i.ge(p),
            (i + 2).lt(n),
            (i - 3).le(n),
        ];
        for (q, m) in masks.iter().enumerate() {
            y.store(k.arange(0, N as i64) + (q * N) as i32, *m);
            c.store(k.arange(q as i64, q as i64 + 1), m.cast(DType::I32).sum(0));
        }
    });
    let count = 9;
    for (n, p) in [
        (-1, 3),
        (0, 0),
        (4, 9),
        (9, 4),
        (16, 2),
        (20, 20),
        (i32::MAX, i32::MIN),
    ] {
        let host: Vec<Vec<bool>> = {
            let l = |j: usize| j as i64;
            let (n, p) = (n as i64, p as i64);
            vec![
                (0..N).map(|j| l(j) < n).collect(),
                (0..N).map(|j| l(j) <= n).collect(),
                (0..N).map(|j| l(j) < n && l(j) < p).collect(),
                (0..N).map(|j| l(j) < n || l(j) < p).collect(),
                (0..N).map(|j| (l(j) < n) ^ (l(j) <= p)).collect(),
                (0..N).map(|j| l(j) >= n).collect(),
                (0..N).map(|j| l(j) < n && l(j) >= p).collect(),
                (0..N).map(|j| l(j) + 2 < n).collect(),
                (0..N).map(|j| l(j) - 3 <= n).collect(),
            ]
        };
        let want: Vec<bool> = host.concat();
        let want_c: Vec<i64> = host
            .iter()
            .map(|m| m.iter().filter(|b| **b).count() as i64)
            .collect();
        for (b, kern) in &kerns {
            let (mut y, mut c) = (
                poisoned(DType::Bool, count * N),
                poisoned(DType::I32, count),
            );
            kern.ok(
                [1, 1, 1],
                &mut [
                    Arg::Out(&mut y),
                    Arg::Out(&mut c),
                    Arg::I32(n),
                    Arg::I32(p),
                    Arg::I32(1),
                ],
            );
            assert_eq!(bool_of(&y), want, "{b:?}, n = {n}, p = {p}");
            assert_eq!(i64_of(&c), want_c, "{b:?} counts, n = {n}, p = {p}");
        }
    }
}

#[test]
fn range_arithmetic_near_the_i32_limits_wraps_like_dense() {
    let kerns = variants("forms_wrap", |k, b| {
        let y = k.output("y", DType::I32);
        let (c, one) = (k.scalar("c", DType::I32), k.scalar("one", DType::I32));
        let i = lanes(k, one, b);
        let outs = [
            i + c,
            c + i,
            i - c,
            c - i,
            (i + c).cast(DType::I64).cast(DType::I32),
            -(i + c),
        ];
        for (q, v) in outs.iter().enumerate() {
            y.store(k.arange(0, N as i64) + (q * N) as i32, *v);
        }
    });
    for c in [0i32, 7, i32::MAX - 3, i32::MIN + 2, i32::MIN, -9] {
        let w = |v: i64| v as i32 as i64;
        let mut want = Vec::new();
        let c64 = c as i64;
        want.extend((0..N as i64).map(|l| w(l + c64)));
        want.extend((0..N as i64).map(|l| w(c64 + l)));
        want.extend((0..N as i64).map(|l| w(l - c64)));
        want.extend((0..N as i64).map(|l| w(c64 - l)));
        want.extend((0..N as i64).map(|l| w(l + c64)));
        want.extend((0..N as i64).map(|l| w(-w(l + c64))));
        for (b, kern) in &kerns {
            let mut y = poisoned(DType::I32, 6 * N);
            kern.ok([1, 1, 1], &mut [Arg::Out(&mut y), Arg::I32(c), Arg::I32(1)]);
            assert_eq!(i64_of(&y), want, "{b:?}, c = {c}");
        }
    }
}

#[test]
fn ranges_cast_to_i64_index_and_compare_like_dense() {
    let kerns = variants("forms_i64", |k, b| {
        let x = k.input("x", DType::F32);
        let (y, m) = (k.output("y", DType::F32), k.output("m", DType::Bool));
        let (off, n, one) = (
            k.scalar("off", DType::I64),
            k.scalar("n", DType::I64),
            k.scalar("one", DType::I32),
        );
        let i = lanes(k, one, b).cast(DType::I64);
        let idx = i + off;
        let mask = idx.lt(n);
        y.store_masked(i, x.load_masked(idx, mask, 0.25), mask);
        m.store(k.arange(0, N as i64), i.le(n - off));
    });
    let xs: Vec<f32> = (0..LEN).map(host_x).collect();
    let x = f32s(&xs);
    for (off, n) in [(0i64, 10i64), (5, LEN as i64), (8, 3), (-4, 20)] {
        for (b, kern) in &kerns {
            let (mut y, mut m) = (poisoned(DType::F32, N), poisoned(DType::Bool, N));
            let r = kern.run(
                [1, 1, 1],
                &mut [
                    Arg::In(&x),
                    Arg::Out(&mut y),
                    Arg::Out(&mut m),
                    Arg::I64(off),
                    Arg::I64(n),
                    Arg::I32(1),
                ],
            );
            if off < 0 {
                // Lane 0 is index -4 and masked in: out of bounds whatever the form.
                let e = expect_oob(r);
                assert_eq!((e.index, e.op.as_str()), (-4, "load"), "{b:?}");
                continue;
            }
            r.unwrap_or_else(|e| panic!("{b:?}: {e}"));
            let want: Vec<f32> = (0..N as i64)
                .map(|l| {
                    if l + off < n {
                        xs[(l + off) as usize]
                    } else {
                        f32::NAN
                    }
                })
                .collect();
            assert_f32_eq(&f32_of(&y), &want, &format!("{b:?}, off = {off}, n = {n}"));
            let want: Vec<bool> = (0..N as i64).map(|l| l <= n - off).collect();
            assert_eq!(bool_of(&m), want, "{b:?}, off = {off}, n = {n}");
        }
    }
}

#[test]
fn i64_ranges_plus_a_scalar_near_i64_max_wrap_like_dense() {
    let kerns = variants("forms_i64_wrap", |k, b| {
        let y = k.output("y", DType::I64);
        let (c, one) = (k.scalar("c", DType::I64), k.scalar("one", DType::I32));
        let i = (lanes(k, one, b) + 5).cast(DType::I64);
        y.store(k.arange(0, N as i64), i + c);
        y.store(k.arange(N as i64, 2 * N as i64), i - c);
    });
    for c in [i64::MAX - 3, i64::MIN + 2] {
        let mut want: Vec<i64> = (5..5 + N as i64).map(|l| l.wrapping_add(c)).collect();
        want.extend((5..5 + N as i64).map(|l| l.wrapping_sub(c)));
        for (b, kern) in &kerns {
            let mut y = poisoned(DType::I64, 2 * N);
            kern.ok([1, 1, 1], &mut [Arg::Out(&mut y), Arg::I64(c), Arg::I32(1)]);
            assert_eq!(i64_of(&y), want, "{b:?}, c = {c}");
        }
    }
}

#[test]
fn i64_range_comparisons_with_extreme_bounds_agree_with_dense() {
    let kerns = variants("forms_i64_cmp", |k, b| {
        let y = k.output("y", DType::Bool);
        let c = k.scalar("c", DType::I64);
        let one = k.scalar("one", DType::I32);
        // Ranges starting at 1 and at -1: `c - s` overflows for c = i64::MIN with the first,
        // `c - s (+ 1)` for c = i64::MAX with the second.
        for (q, start) in [1, -1].into_iter().enumerate() {
            let i = (lanes(k, one, b) + start).cast(DType::I64);
            let at = (2 * q * N) as i64;
            y.store(k.arange(at, at + N as i64), i.lt(c));
            y.store(k.arange(at + N as i64, at + 2 * N as i64), i.le(c));
        }
    });
    for c in [i64::MAX, i64::MIN, i64::MAX - 1, i64::MIN + 1] {
        let mut want = Vec::new();
        for start in [1i64, -1] {
            want.extend((start..start + N as i64).map(|l| l < c));
            want.extend((start..start + N as i64).map(|l| l <= c));
        }
        for (b, kern) in &kerns {
            let mut y = poisoned(DType::Bool, 4 * N);
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                kern.run([1, 1, 1], &mut [Arg::Out(&mut y), Arg::I64(c), Arg::I32(1)])
            }));
            match r {
                Ok(Ok(())) => assert_eq!(bool_of(&y), want, "{b:?}, c = {c}"),
                Ok(Err(e)) => panic!("{b:?}, c = {c}: {e}"),
                Err(_) => panic!("{b:?}, c = {c}: the executor panicked"),
            }
        }
    }
}

#[test]
fn splat_masks_and_indices_agree_with_dense() {
    let kerns = variants("forms_splat", |k, b| {
        let x = k.input("x", DType::F32);
        let (y, z) = (k.output("y", DType::F32), k.output("z", DType::F32));
        let (s, one, at) = (
            k.scalar("s", DType::Bool),
            k.scalar("one", DType::I32),
            k.scalar("at", DType::I32),
        );
        let i = lanes(k, one, b);
        // A splat mask (a scalar broadcast) or the same mask computed per lane.
        let m = if b == Build::Compact {
            s.broadcast_to([N])
        } else {
            select(i.ge(0), s, false)
        };
        y.store_masked(i, x.load_masked(i, m, 9.0), m);
        // A splat index: every lane reads element `at`.
        let gather = x.load(if b == Build::Compact {
            at.broadcast_to([N])
        } else {
            select(i.ge(0), at, 0)
        });
        z.store(i, gather + i.cast(DType::F32));
    });
    let xs: Vec<f32> = (0..N).map(host_x).collect();
    let x = f32s(&xs);
    for s in [true, false] {
        for (b, kern) in &kerns {
            let (mut y, mut z) = (poisoned(DType::F32, N), poisoned(DType::F32, N));
            kern.ok(
                [1, 1, 1],
                &mut [
                    Arg::In(&x),
                    Arg::Out(&mut y),
                    Arg::Out(&mut z),
                    Arg::Bool(s),
                    Arg::I32(1),
                    Arg::I32(3),
                ],
            );
            let want: Vec<f32> = if s { xs.clone() } else { vec![f32::NAN; N] };
            assert_f32_eq(&f32_of(&y), &want, &format!("{b:?}, s = {s}"));
            let want: Vec<f32> = (0..N).map(|l| xs[3] + l as f32).collect();
            assert_f32_eq(&f32_of(&z), &want, &format!("{b:?} gather"));
        }
    }
}

#[test]
fn loaded_indices_gather_and_scatter_like_ranges() {
    // The index comes from memory (dense by construction); a permutation and its inverse.
    let kern = compile("gather_scatter", |k| {
        let (x, p, y) = (
            k.input("x", DType::F32),
            k.input("p", DType::I32),
            k.output("y", DType::F32),
        );
        let z = k.output("z", DType::F32);
        let i = k.arange(0, N as i64);
        let perm = p.load(i);
        y.store(i, x.load(perm));
        z.store(perm, x.load(i));
    });
    let xs: Vec<f32> = (0..N).map(host_x).collect();
    let perm: Vec<i64> = (0..N as i64).map(|j| (j * 5 + 3) % N as i64).collect();
    let (mut y, mut z) = (poisoned(DType::F32, N), poisoned(DType::F32, N));
    kern.ok(
        [1, 1, 1],
        &mut [
            Arg::In(&f32s(&xs)),
            Arg::In(&i32s(&perm)),
            Arg::Out(&mut y),
            Arg::Out(&mut z),
        ],
    );
    let want: Vec<f32> = perm.iter().map(|q| xs[*q as usize]).collect();
    assert_f32_eq(&f32_of(&y), &want, "gather");
    let mut want = vec![f32::NAN; N];
    for (j, q) in perm.iter().enumerate() {
        want[*q as usize] = xs[j];
    }
    assert_f32_eq(&f32_of(&z), &want, "scatter");
}

#[test]
fn values_computed_in_loops_keep_their_form_across_iterations() {
    // The index of each iteration is `arange + iv * N` (a range) or its dense twin; loads and
    // stores through it in a loop, with carried prefix-masked tiles.
    let kerns = variants("forms_loop", |k, b| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let (n, one) = (k.scalar("n", DType::I32), k.scalar("one", DType::I32));
        let i = lanes(k, one, b);
        let r = k.for_range(0, n, N as i32, &[k.zeros([N], DType::F32), i], |base, c| {
            let idx = i + base;
            let m = idx.lt(n);
            let v = x.load_masked(idx, m, 0.0);
            y.store_masked(idx, v * 3.0, m);
            vec![c[0] + v, c[1] + N as i32]
        });
        y.store(
            k.arange(0, N as i64) + LEN as i32,
            r[0] + r[1].cast(DType::F32),
        );
    });
    let xs: Vec<f32> = (0..LEN).map(host_x).collect();
    let x = f32s(&xs);
    for n in [0usize, 5, 16, 17, LEN] {
        let trips = n.div_ceil(N);
        let mut want: Vec<f32> = (0..LEN)
            .map(|j| if j < n { xs[j] * 3.0 } else { f32::NAN })
            .collect();
        want.extend((0..N).map(|l| {
            let s: f32 = (0..trips)
                .map(|t| if t * N + l < n { xs[t * N + l] } else { 0.0 })
                .fold(0.0, |a, v| a + v);
            s + (l + trips * N) as f32
        }));
        for (b, kern) in &kerns {
            let mut y = poisoned(DType::F32, LEN + N);
            kern.ok(
                [1, 1, 1],
                &mut [
                    Arg::In(&x),
                    Arg::Out(&mut y),
                    Arg::I32(n as i32),
                    Arg::I32(1),
                ],
            );
            assert_f32_eq(&f32_of(&y), &want, &format!("{b:?}, n = {n}"));
        }
    }
}

// ---------------------------------------------------------------- 2-D tiles

/// Rows and columns of the 2-D tiles below.
const R: usize = 4;
const C: usize = 8;

/// `[R, 1]` row numbers and `[1, C]` column numbers: as ranges expanded (whose broadcasts the
/// executor keeps as row starts and rectangles), or split out of a flat `[R, C]` range by
/// division and remainder (dense).
fn grid(k: &Ctx, one: Tile, b: Build) -> (Tile, Tile) {
    match b {
        Build::Compact => (
            k.arange(0, R as i64).expand_dims(1),
            k.arange(0, C as i64).expand_dims(0),
        ),
        _ => {
            let flat = (k.arange(0, (R * C) as i64) * one).reshape([R, C]);
            (flat / C as i32, flat % C as i32)
        }
    }
}

/// A 2-D tile of a larger row-major array: row `r`, column `c` at `off + r * pitch + c`,
/// loaded, stored, selected and atomically added under the mask `r < nr && c < nc`, in f32 and
/// bf16, and loaded transposed (`off + c * pitch + r`), with the indices and masks themselves
/// stored too.
#[test]
fn row_starts_and_rectangle_masks_agree_with_dense_for_2d_tiles() {
    let kerns = variants("forms_2d", |k, b| {
        let (x, h) = (k.input("x", DType::F32), k.input("h", DType::BF16));
        let (y, z, a) = (
            k.output("y", DType::F32),
            k.output("z", DType::F32),
            k.output("a", DType::F32),
        );
        let (g, w, m, t) = (
            k.output("g", DType::BF16),
            k.output("w", DType::I32),
            k.output("m", DType::Bool),
            k.output("t", DType::F32),
        );
        let [off, pitch, nr, nc, lim, one] =
            ["off", "pitch", "nr", "nc", "lim", "one"].map(|s| k.scalar(s, DType::I32));
        let (r, c) = grid(k, one, b);
        let idx = r * pitch + c + off;
        let mask = r.lt(nr) & c.lt(nc);
        let v = x.load_masked(idx, mask, -1.5);
        let transposed = x.load_masked(c * pitch + r + off, mask, -2.5);
        y.store_masked(idx, v * 2.0 + 1.0, mask);
        a.atomic_add(idx.cast(DType::I64), v, Some(mask));
        g.store_masked(idx, h.load_masked(idx, mask, 0.5), mask);
        let flat = k.arange(0, (R * C) as i64).reshape([R, C]);
        z.store(flat, select(mask, v, f32::NAN));
        t.store(flat, transposed);
        w.store(flat, select(mask, idx, -idx));
        // A per-row value broadcast over the columns, compared with a scalar.
        let starts = (r * pitch + off).broadcast_to([R, C]);
        m.store(flat, starts.lt(lim));
        m.store(flat + (R * C) as i32, mask);
        // Two row forms compared (a causal mask's `key <= query`).
        m.store(flat + (2 * R * C) as i32, (c + off).le(r * pitch));
    });
    const LEN: usize = 48;
    let xs: Vec<f32> = (0..LEN).map(host_x).collect();
    let hs: Vec<f32> = (0..LEN)
        .map(|j| round_to(DType::BF16, host_x(j) * 0.3))
        .collect();
    let (x, h) = (f32s(&xs), floats(DType::BF16, &hs));
    for (off, pitch) in [
        (0i32, C as i32),
        (3, C as i32 + 3),
        (5, 0),
        (40, -11),
        (2, 9),
        (30, 8),
        (-3, 8),
    ] {
        for (nr, nc) in [
            (-1i32, 3i32),
            (0, C as i32),
            (2, 5),
            (R as i32, C as i32),
            (9, 20),
        ] {
            let lim = off + pitch;
            let at = |r: usize, c: usize| off as i64 + r as i64 * pitch as i64 + c as i64;
            let on = |r: usize, c: usize| (r as i64) < nr as i64 && (c as i64) < nc as i64;
            let at_t = |r: usize, c: usize| off as i64 + c as i64 * pitch as i64 + r as i64;
            // The active addresses of the two loads of `x`, in row-major order.
            let active = |f: &dyn Fn(usize, usize) -> i64| -> Vec<i64> {
                (0..R * C)
                    .filter(|e| on(e / C, e % C))
                    .map(|e| f(e / C, e % C))
                    .collect()
            };
            let (direct, across) = (active(&at), active(&at_t));
            let outside = direct
                .iter()
                .chain(&across)
                .find(|j| **j < 0 || **j >= LEN as i64);
            let mut results: Vec<(Build, [Buffer; 7])> = Vec::new();
            for (b, kern) in &kerns {
                let mut out = [
                    poisoned(DType::F32, LEN),
                    poisoned(DType::F32, R * C),
                    f32s(&[0.5; LEN]),
                    poisoned(DType::BF16, LEN),
                    poisoned(DType::I32, R * C),
                    poisoned(DType::Bool, 3 * R * C),
                    poisoned(DType::F32, R * C),
                ];
                let [y, z, a, g, w, m, t] = &mut out;
                let run = kern.run(
                    [1, 1, 1],
                    &mut [
                        Arg::In(&x),
                        Arg::In(&h),
                        Arg::Out(y),
                        Arg::Out(z),
                        Arg::Out(a),
                        Arg::Out(g),
                        Arg::Out(w),
                        Arg::Out(m),
                        Arg::Out(t),
                        Arg::I32(off),
                        Arg::I32(pitch),
                        Arg::I32(nr),
                        Arg::I32(nc),
                        Arg::I32(lim),
                        Arg::I32(1),
                    ],
                );
                let what = format!("{b:?}, off = {off}, pitch = {pitch}, nr = {nr}, nc = {nc}");
                if let Some(j) = outside {
                    // The first active address outside `x` in row-major order, whatever the form.
                    let e = expect_oob(run);
                    let got = (e.op.as_str(), e.buffer.as_str(), e.index);
                    assert_eq!(got, ("load", "x", *j), "{what}");
                    continue;
                }
                run.unwrap_or_else(|e| panic!("{what}: {e}"));
                results.push((*b, out));
            }
            if outside.is_some() {
                continue;
            }
            // Host reference: later rows win a repeated address (row-major order).
            let v = |r: usize, c: usize| {
                if on(r, c) {
                    xs[at(r, c) as usize]
                } else {
                    -1.5
                }
            };
            let (mut wy, mut wa, mut wg) =
                (vec![f32::NAN; LEN], vec![0.5f32; LEN], vec![f32::NAN; LEN]);
            let mut sums = vec![0.5f64; LEN];
            for e in 0..R * C {
                let (r, c) = (e / C, e % C);
                if on(r, c) {
                    let j = at(r, c) as usize;
                    wy[j] = v(r, c) * 2.0 + 1.0;
                    sums[j] += v(r, c) as f64;
                    wg[j] = hs[j];
                }
            }
            for (o, s) in wa.iter_mut().zip(&sums) {
                *o = *s as f32;
            }
            let wz: Vec<f32> = (0..R * C)
                .map(|e| {
                    if on(e / C, e % C) {
                        v(e / C, e % C)
                    } else {
                        f32::NAN
                    }
                })
                .collect();
            let ww: Vec<i64> = (0..R * C)
                .map(|e| {
                    let j = at(e / C, e % C);
                    if on(e / C, e % C) {
                        j
                    } else {
                        -j
                    }
                })
                .collect();
            let mut wm: Vec<bool> = (0..R * C)
                .map(|e| (off as i64 + (e / C) as i64 * pitch as i64) < lim as i64)
                .collect();
            wm.extend((0..R * C).map(|e| on(e / C, e % C)));
            wm.extend((0..R * C).map(|e| {
                let (r, c) = ((e / C) as i64, (e % C) as i64);
                c + off as i64 <= r * pitch as i64
            }));
            let wt: Vec<f32> = (0..R * C)
                .map(|e| {
                    let (r, c) = (e / C, e % C);
                    if on(r, c) {
                        xs[at_t(r, c) as usize]
                    } else {
                        -2.5
                    }
                })
                .collect();
            for (b, [y, z, a, g, w, m, t]) in &results {
                let what = format!("{b:?}, off = {off}, pitch = {pitch}, nr = {nr}, nc = {nc}");
                assert_f32_eq(&f32_of(y), &wy, &format!("store: {what}"));
                assert_f32_eq(&f32_of(z), &wz, &format!("select: {what}"));
                assert_f32_eq(&f32_of(g), &wg, &format!("bf16 copy: {what}"));
                assert_eq!(i64_of(w), ww, "index: {what}");
                assert_eq!(bool_of(m), wm, "masks: {what}");
                assert_f32_eq(&f32_of(t), &wt, &format!("transposed: {what}"));
                // Atomic adds in one program are summed in row-major order in f32.
                let got = f32_of(a);
                for (j, (g, s)) in got.iter().zip(&sums).enumerate() {
                    assert!(
                        (*g as f64 - s).abs() <= 1e-5 * s.abs().max(1.0),
                        "atomic {j}: {what}"
                    );
                }
            }
            for (b, r) in &results[1..] {
                assert!(r == &results[0].1, "{b:?} differs from the compact form (off = {off}, pitch = {pitch}, nr = {nr}, nc = {nc})");
            }
        }
    }
}

#[test]
fn row_starts_near_the_i32_limits_wrap_like_dense() {
    let kerns = variants("forms_2d_wrap", |k, b| {
        // Widened to i64 after the i32 arithmetic: an element that did not wrap would show.
        let w = k.output("w", DType::I64);
        let [off, pitch, one] = ["off", "pitch", "one"].map(|s| k.scalar(s, DType::I32));
        let (r, c) = grid(k, one, b);
        let flat = k.arange(0, (R * C) as i64).reshape([R, C]);
        let outs = [
            r * pitch + c + off,
            off - (c + r * pitch),
            (r + off) * 3 + c,
            (c + r * pitch + off).cast(DType::I64).cast(DType::I32),
        ];
        for (q, v) in outs.iter().enumerate() {
            w.store(flat + (q * R * C) as i32, v.cast(DType::I64));
        }
    });
    for (off, pitch) in [
        (i32::MAX - 20, 8),
        (i32::MIN + 5, -3),
        (i32::MAX, 1),
        (0, i32::MAX),
        (-7, i32::MIN),
    ] {
        let wrap = |v: i64| v as i32 as i64;
        let (o, p) = (off as i64, pitch as i64);
        let mut want = Vec::new();
        let cells = || (0..(R * C) as i64).map(|e| (e / C as i64, e % C as i64));
        want.extend(cells().map(|(r, c)| wrap(wrap(wrap(r * p) + c) + o)));
        want.extend(cells().map(|(r, c)| wrap(o - wrap(c + wrap(r * p)))));
        want.extend(cells().map(|(r, c)| wrap(wrap(wrap(r + o) * 3) + c)));
        want.extend(cells().map(|(r, c)| wrap(wrap(c + wrap(r * p)) + o)));
        for (b, kern) in &kerns {
            let mut w = poisoned(DType::I64, 4 * R * C);
            let args = &mut [
                Arg::Out(&mut w),
                Arg::I32(off),
                Arg::I32(pitch),
                Arg::I32(1),
            ];
            kern.ok([1, 1, 1], args);
            assert_eq!(i64_of(&w), want, "{b:?}, off = {off}, pitch = {pitch}");
        }
    }
}

/// A scalar stored through a range or a 2-D row form under a prefix or rectangle mask (an
/// embedding gradient's row that no index reached) fills exactly the active elements, in f32
/// and bf16, as the dense twins do.
#[test]
fn scalars_stored_through_row_runs_fill_the_active_elements() {
    let kerns = variants("forms_splat_store", |k, b| {
        let (y, g) = (k.output("y", DType::F32), k.output("g", DType::BF16));
        let [off, pitch, nr, nc, one] =
            ["off", "pitch", "nr", "nc", "one"].map(|s| k.scalar(s, DType::I32));
        let (r, c) = grid(k, one, b);
        let mask = r.lt(nr) & c.lt(nc);
        let idx = r * pitch + c + off;
        y.store_masked(idx, k.zeros([R, C], DType::F32) + 2.5, mask);
        g.store_masked(idx, k.zeros([R, C], DType::BF16) - 0.375, mask);
        // A flat range under a prefix mask, past the 2-D block.
        let i = lanes(k, one, b) + 40;
        y.store_masked(i, k.zeros([N], DType::F32) + 9.0, i.lt(nc + 40));
    });
    for (off, pitch, nr, nc) in [
        (0i32, 8i32, 4i32, 8i32),
        (3, 9, 2, 5),
        (1, 10, 0, 3),
        (0, 8, 9, -1),
    ] {
        let mut wy = vec![f32::NAN; 64];
        let mut wg = vec![f32::NAN; 64];
        for e in 0..R * C {
            let (r, c) = (e / C, e % C);
            if (r as i32) < nr && (c as i32) < nc {
                let j = (off + r as i32 * pitch + c as i32) as usize;
                wy[j] = 2.5;
                wg[j] = -0.375;
            }
        }
        for l in 0..N {
            if (l as i32) < nc {
                wy[40 + l] = 9.0;
            }
        }
        for (b, kern) in &kerns {
            let (mut y, mut g) = (poisoned(DType::F32, 64), poisoned(DType::BF16, 64));
            let args = &mut [
                Arg::Out(&mut y),
                Arg::Out(&mut g),
                Arg::I32(off),
                Arg::I32(pitch),
                Arg::I32(nr),
                Arg::I32(nc),
                Arg::I32(1),
            ];
            kern.ok([1, 1, 1], args);
            let what = format!("{b:?}, off = {off}, pitch = {pitch}, nr = {nr}, nc = {nc}");
            assert_f32_eq(&f32_of(&y), &wy, &format!("f32: {what}"));
            assert_f32_eq(&f32_of(&g), &wg, &format!("bf16: {what}"));
        }
    }
}
