//! Elementwise expressions run as one loop (the executor's `fuse`) must not change a result:
//! f32 ops whose results one later op alone reads are evaluated by that op strip by strip, and
//! an expression that only a store reads (directly, or through a cast to bf16 the store rounds)
//! is evaluated by the store. Checked bit for bit against a twin kernel whose every inner result
//! is also stored (so that nothing is fused), and against a host reference, on ragged 1-D rows
//! (a prefix mask, tails shorter than a strip and than 16 lanes), 2-D tiles (row runs under a
//! rectangle mask), an expression longer than one tree holds, scalar-only leaves (the op-by-op
//! fallback) and a leaf moved between an inlined op and its root.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_lang::{select, Ctx, Tile};
use metile_runtime::Arg;

/// Where the expression's result goes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Sink {
    /// Stored to an f32 output.
    Store,
    /// Cast to bf16 and stored (the store rounds).
    Bf16,
    /// Stored and also summed (the root is a tile).
    Summed,
}

/// `max(((a - b) * s - exp(-a)) / (b * b + 1), -4)`: nine ops, one more than a tree takes.
/// With `twin`, every result is also stored to `junk` (`stash`), so none is fused.
fn expression(a: Tile, b: Tile, s: Tile, stash: &dyn Fn(usize, Tile)) -> Tile {
    let t1 = a - b;
    stash(0, t1);
    let t2 = t1 * s;
    stash(1, t2);
    let t3 = (-a).exp();
    stash(2, t3);
    let t4 = t2 - t3;
    stash(3, t4);
    let t5 = b * b;
    stash(4, t5);
    let t6 = t5 + 1.0;
    stash(5, t6);
    let t7 = t4 / t6;
    stash(6, t7);
    let e = t7.maximum(-4.0);
    stash(7, e);
    e
}

/// The host reference of [`expression`], in f64.
fn reference(a: f32, b: f32, s: f32) -> f64 {
    let (a, b, s) = (a as f64, b as f64, s as f64);
    (((a - b) * s - (-a).exp()) / (b * b + 1.0)).max(-4.0)
}

/// Stores the expression's result of tile `e` at `offs` under `mask` as `sink` asks.
fn sink_store(
    k: &Ctx,
    sink: Sink,
    y: (Tile, Option<Tile>, Tile),
    outs: (&metile_lang::Buffer, &metile_lang::Buffer),
) {
    let (e, mask, offs) = y;
    let (out, sum) = outs;
    let v = if sink == Sink::Bf16 {
        e.cast(DType::BF16)
    } else {
        e
    };
    match mask {
        Some(m) => out.store_masked(offs, v, m),
        None => out.store(offs, v),
    }
    if sink == Sink::Summed {
        let flat = e.reshape([e.shape().numel()]);
        sum.store(k.program_id(0).cast(DType::I64), flat.sum(0));
    }
}

/// One program per row of `n` columns in a tile of `width`: `y[r, c]` for `c < n`.
fn rows_kernel(name: &str, width: usize, sink: Sink, twin: bool) -> Kern {
    compile_raw(name, |k| {
        let (x, z) = (k.input("x", DType::F32), k.input("z", DType::F32));
        let out_dt = if sink == Sink::Bf16 {
            DType::BF16
        } else {
            DType::F32
        };
        let (y, sum, junk) = (
            k.output("y", out_dt),
            k.output("sum", DType::F32),
            k.output("junk", DType::F32),
        );
        let (s, n) = (k.scalar("s", DType::F32), k.scalar("n", DType::I32));
        let cols = k.arange(0, width as i64);
        let mask = cols.lt(n);
        let offs = k.program_id(0) * n + cols;
        let a = x.load_masked(offs, mask, 0.0);
        let b = z.load_masked(offs, mask, 0.0);
        let stash = |j: usize, t: Tile| {
            if twin {
                junk.store_masked(offs * 8 + j as i64, t, mask);
            }
        };
        let e = expression(a, b, s, &stash);
        sink_store(k, sink, (e, Some(mask), offs), (&y, &sum));
    })
}

/// One program over an `[rows, cols]` block of a `[rows, width]` array, `width >= cols`, in a
/// `[tr, tc]` tile (`tr >= rows`, `tc >= cols`): row runs under a rectangle mask.
fn block_kernel(name: &str, tile: [usize; 2], sink: Sink, twin: bool) -> Kern {
    compile_raw(name, |k| {
        let (x, z) = (k.input("x", DType::F32), k.input("z", DType::F32));
        let out_dt = if sink == Sink::Bf16 {
            DType::BF16
        } else {
            DType::F32
        };
        let (y, sum, junk) = (
            k.output("y", out_dt),
            k.output("sum", DType::F32),
            k.output("junk", DType::F32),
        );
        let s = k.scalar("s", DType::F32);
        let (rows, cols, width) = (
            k.scalar("rows", DType::I32),
            k.scalar("cols", DType::I32),
            k.scalar("width", DType::I32),
        );
        let (r, c) = (k.arange(0, tile[0] as i64), k.arange(0, tile[1] as i64));
        let mask = r.lt(rows).expand_dims(1).broadcast_to(tile)
            & c.lt(cols).expand_dims(0).broadcast_to(tile);
        let offs =
            r.expand_dims(1).broadcast_to(tile) * width + c.expand_dims(0).broadcast_to(tile);
        let a = x.load_masked(offs, mask, 0.0);
        let b = z.load_masked(offs, mask, 0.0);
        let stash = |j: usize, t: Tile| {
            if twin {
                junk.store_masked(offs * 8 + j as i64, t, mask);
            }
        };
        let e = expression(a, b, s, &stash);
        sink_store(k, sink, (e, Some(mask), offs), (&y, &sum));
    })
}

fn data(n: usize, seed: u64) -> Vec<f32> {
    let mut r = Lcg(seed);
    (0..n).map(|_| r.uniform(-3.0, 3.0)).collect()
}

/// Runs `kern` (parameters `x, z, y, sum, junk, s` then `extra`) over `grid`; returns `y` (as
/// f32) and `sum`.
fn run(
    kern: &Kern,
    grid: u32,
    xs: &[f32],
    zs: &[f32],
    out_dt: DType,
    extra: &[Arg<'static>],
) -> (Vec<f32>, Vec<f32>) {
    let (x, z) = (f32s(xs), f32s(zs));
    let n = xs.len();
    let (mut y, mut sum, mut junk) = (
        poisoned(out_dt, n),
        poisoned(DType::F32, grid as usize),
        poisoned(DType::F32, 8 * n + 8),
    );
    let mut args = vec![
        Arg::In(&x),
        Arg::In(&z),
        Arg::Out(&mut y),
        Arg::Out(&mut sum),
        Arg::Out(&mut junk),
        Arg::F32(0.75),
    ];
    args.extend(extra.iter().map(|a| match a {
        Arg::I32(v) => Arg::I32(*v),
        _ => panic!("only i32 extras"),
    }));
    kern.ok([grid, 1, 1], &mut args);
    (f32_of(&y), f32_of(&sum))
}

/// The fused and twin results agree bit for bit, and `y` agrees with the host reference.
fn compare(
    what: &str,
    sink: Sink,
    xs: &[f32],
    zs: &[f32],
    fused: (Vec<f32>, Vec<f32>),
    twin: (Vec<f32>, Vec<f32>),
) {
    assert_f32_eq(&fused.0, &twin.0, &format!("{what}: y against the twin"));
    if sink == Sink::Summed {
        assert_f32_eq(
            &fused.1,
            &twin.1,
            &format!("{what}: the sums against the twin"),
        );
    }
    let want: Vec<f64> = xs
        .iter()
        .zip(zs)
        .map(|(a, b)| reference(*a, *b, 0.75))
        .collect();
    let rel = if sink == Sink::Bf16 {
        1.0 / 128.0
    } else {
        1e-5
    };
    assert_close(
        &fused.0,
        &want,
        rel,
        1e-6,
        &format!("{what}: y against the host"),
    );
}

#[test]
fn an_expression_run_as_one_loop_equals_its_ops_one_by_one() {
    for sink in [Sink::Store, Sink::Bf16, Sink::Summed] {
        let out_dt = if sink == Sink::Bf16 {
            DType::BF16
        } else {
            DType::F32
        };
        // Rows of n columns in tiles of `width`: tails below a strip (512) and below 16 lanes.
        for (width, n, rows) in [(16, 5, 3), (64, 64, 2), (1024, 1000, 2), (2048, 1300, 3)] {
            let (xs, zs) = (data(rows * n, 3), data(rows * n, 4));
            let extra = [Arg::I32(n as i32)];
            let name = |twin: bool| format!("fused_rows_{sink:?}_{width}_{n}_{twin}");
            let fused = run(
                &rows_kernel(&name(false), width, sink, false),
                rows as u32,
                &xs,
                &zs,
                out_dt,
                &extra,
            );
            let twin = run(
                &rows_kernel(&name(true), width, sink, true),
                rows as u32,
                &xs,
                &zs,
                out_dt,
                &extra,
            );
            compare(
                &format!("{sink:?}, rows of {n} in {width}"),
                sink,
                &xs,
                &zs,
                fused,
                twin,
            );
        }
        // A block of an array with wider rows, in a larger tile.
        for (tile, rows, cols, width) in [([4, 700], 3, 650, 667), ([2, 8], 2, 3, 5)] {
            let (xs, zs) = (data(rows * width, 5), data(rows * width, 6));
            let extra = [
                Arg::I32(rows as i32),
                Arg::I32(cols as i32),
                Arg::I32(width as i32),
            ];
            let name = |twin: bool| format!("fused_block_{sink:?}_{}_{cols}_{twin}", tile[1]);
            let fused = run(
                &block_kernel(&name(false), tile, sink, false),
                1,
                &xs,
                &zs,
                out_dt,
                &extra,
            );
            let twin = run(
                &block_kernel(&name(true), tile, sink, true),
                1,
                &xs,
                &zs,
                out_dt,
                &extra,
            );
            // Outside the block `y` stays poisoned in both; compare the block alone.
            let inside = |v: &[f32]| -> Vec<f32> {
                (0..rows)
                    .flat_map(|r| v[r * width..r * width + cols].to_vec())
                    .collect()
            };
            let pick = |p: (Vec<f32>, Vec<f32>)| (inside(&p.0), p.1);
            compare(
                &format!("{sink:?}, a [{rows}, {cols}] block in a {tile:?} tile"),
                sink,
                &inside(&xs),
                &inside(&zs),
                pick(fused),
                pick(twin),
            );
        }
    }
}

#[test]
fn an_expression_of_scalars_alone_runs_op_by_op() {
    // Every leaf a scalar spread over the tile: the ops run one by one (a splat result, stored
    // as runs of it).
    const N: usize = 40;
    for sink in [Sink::Store, Sink::Bf16] {
        let kern = compile_raw(&format!("fused_splats_{sink:?}"), |k| {
            let out_dt = if sink == Sink::Bf16 {
                DType::BF16
            } else {
                DType::F32
            };
            let (y, sum) = (k.output("y", out_dt), k.output("sum", DType::F32));
            let (s, t) = (k.scalar("s", DType::F32), k.scalar("t", DType::F32));
            let i = k.arange(0, N as i64);
            let a = k.full([N], 0.0, DType::F32) + s;
            let e = expression(a, k.full([N], 0.0, DType::F32) + t, s, &|_, _| {});
            sink_store(k, sink, (e, None, i), (&y, &sum));
        });
        let out_dt = if sink == Sink::Bf16 {
            DType::BF16
        } else {
            DType::F32
        };
        let (mut y, mut sum) = (poisoned(out_dt, N), poisoned(DType::F32, 1));
        let (s, t) = (1.25f32, -0.5f32);
        kern.ok(
            [1, 1, 1],
            &mut [
                Arg::Out(&mut y),
                Arg::Out(&mut sum),
                Arg::F32(s),
                Arg::F32(t),
            ],
        );
        let want = vec![reference(s, t, s); N];
        let rel = if sink == Sink::Bf16 {
            1.0 / 128.0
        } else {
            1e-5
        };
        assert_close(
            &f32_of(&y),
            &want,
            rel,
            1e-6,
            &format!("{sink:?}: splat leaves"),
        );
    }
}

#[test]
fn a_leaf_moved_between_an_inlined_op_and_its_root_keeps_the_result_right() {
    // `t = a * 2` has one reader, `t + 1`; between them `a` is read last by a select that keeps
    // it whole (and takes its storage) or by a multiply (which leaves it in place).
    const N: usize = 600;
    let xs = data(N, 8);
    let x = f32s(&xs);
    for moves in [true, false] {
        let kern = compile_raw(&format!("fused_moved_{moves}"), |k| {
            let (x, y, c) = (
                k.input("x", DType::F32),
                k.output("y", DType::F32),
                k.output("c", DType::F32),
            );
            let i = k.arange(0, N as i64);
            let a = x.load(i) + 0.0;
            let t = a * 2.0;
            let between = if moves {
                select(i.lt(N as i32), a, 0.0)
            } else {
                a * 3.0
            };
            c.store(i, between);
            y.store(i, t + 1.0);
        });
        let (mut y, mut c) = (poisoned(DType::F32, N), poisoned(DType::F32, N));
        kern.ok(
            [1, 1, 1],
            &mut [Arg::In(&x), Arg::Out(&mut y), Arg::Out(&mut c)],
        );
        let want: Vec<f32> = xs.iter().map(|v| v * 2.0 + 1.0).collect();
        assert_f32_eq(&f32_of(&y), &want, &format!("moved {moves}: the root"));
        let between: Vec<f32> = xs
            .iter()
            .map(|v| if moves { *v } else { v * 3.0 })
            .collect();
        assert_f32_eq(
            &f32_of(&c),
            &between,
            &format!("moved {moves}: the leaf's reader"),
        );
    }
}

/// Five sums over the last axis of `[rows, cols]` tiles: of `a`, of `a * b`, of `b`, of `a * w`
/// (a scalar factor) and of `b * b`, written one after another (consecutive sums are taken in
/// one pass, four at most) or, in the `twin`, each stored before the next is taken.
fn sums_kernel(name: &str, rows: usize, cols: usize, twin: bool) -> Kern {
    compile_raw(name, |k| {
        let (x, z) = (k.input("x", DType::F32), k.input("z", DType::F32));
        let out = k.output("out", DType::F32);
        let w = k.scalar("w", DType::F32);
        let at = k.arange(0, (rows * cols) as i64).reshape([rows, cols]);
        let a = x.load(at) + 0.0;
        let b = z.load(at) + 0.0;
        let terms = [a, a * b, b, a * w, b * b];
        let row = k.arange(0, rows as i64);
        let mut sums = Vec::new();
        for (j, t) in terms.into_iter().enumerate() {
            let s = t.sum(1);
            if twin {
                out.store(row + (j * rows) as i64, s);
            } else {
                sums.push(s);
            }
        }
        for (j, s) in sums.into_iter().enumerate() {
            out.store(row + (j * rows) as i64, s);
        }
    })
}

#[test]
fn consecutive_sums_taken_in_one_pass_equal_each_taken_alone() {
    for (rows, cols) in [(1, 4099), (3, 7), (2, 1000), (4, 16), (1, 2)] {
        let n = rows * cols;
        let (xs, zs) = (data(n, 9), data(n, 10));
        let (x, z) = (f32s(&xs), f32s(&zs));
        let w = 0.37f32;
        let mut got = Vec::new();
        for twin in [false, true] {
            let kern = sums_kernel(
                &format!("fused_sums_{rows}_{cols}_{twin}"),
                rows,
                cols,
                twin,
            );
            let mut out = poisoned(DType::F32, 5 * rows);
            kern.ok(
                [1, 1, 1],
                &mut [Arg::In(&x), Arg::In(&z), Arg::Out(&mut out), Arg::F32(w)],
            );
            got.push(f32_of(&out));
        }
        let what = format!("[{rows}, {cols}]");
        assert_f32_eq(
            &got[0],
            &got[1],
            &format!("{what}: one pass against the twin"),
        );
        let term = |j: usize, i: usize| -> f64 {
            let (a, b) = (xs[i] as f64, zs[i] as f64);
            [a, a * b, b, a * w as f64, b * b][j]
        };
        for j in 0..5 {
            for r in 0..rows {
                let idx = r * cols..(r + 1) * cols;
                let want: f64 = idx.clone().map(|i| term(j, i)).sum();
                let mag: f64 = idx.map(|i| term(j, i).abs()).sum();
                let g = got[0][j * rows + r] as f64;
                assert!(
                    (g - want).abs() <= 1e-5 * mag + 1e-30,
                    "{what}, sum {j}, row {r}: {g} against {want}"
                );
            }
        }
    }
}
