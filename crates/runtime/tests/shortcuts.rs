//! The executor's shortcuts must not change a result:
//! - a cast to f16/bf16 that only stores read is left to the stores' rounding, and a cast that
//!   anything else also reads still rounds;
//! - an f32 product that only a sum over its last axis reads is summed without its tile, and the
//!   sum equals the one of the product tile bit for bit (tails of fewer than 16 elements, rows of
//!   a 2-D tile, splat factors), also when a factor is read (and possibly moved) between the
//!   product and the sum.
//!
//! Each shortcut kernel is compared with a twin that defeats the shortcut (the product or the
//! rounded value also stored), and with a host reference.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_lang::select;
use metile_runtime::Arg;

/// Values on both sides of 16-bit rounding ties, overflow and NaN.
fn tricky(n: usize) -> Vec<f32> {
    let p8 = 1.0 / 256.0;
    let fixed = [
        1.0 + p8,
        1.0 + 3.0 * p8,
        1.0 + 1.0 / 2048.0,
        65519.0,
        65520.0,
        f32::MAX,
        f32::NAN,
        -0.0,
        f32::from_bits(0x0001_8000),
    ];
    let mut r = Lcg(11);
    (0..n)
        .map(|i| {
            fixed
                .get(i)
                .copied()
                .unwrap_or_else(|| r.uniform(-3.0, 3.0))
        })
        .collect()
}

#[test]
fn a_cast_only_stores_read_rounds_as_the_cast_would() {
    const N: usize = 40;
    for to in [DType::BF16, DType::F16] {
        let xs = tricky(N);
        let want: Vec<f32> = xs.iter().map(|v| round_to(to, *v)).collect();
        // `y` alone reads the cast; in the twin, `z` reads it too (through a widening cast),
        // so the cast must round for it.
        let stored_only = compile(&format!("cast_stored_{to}"), |k| {
            let (x, y) = (k.input("x", DType::F32), k.output("y", to));
            let i = k.arange(0, N as i64);
            y.store(i, x.load(i).cast(to));
        });
        let read_too = compile_raw(&format!("cast_read_{to}"), |k| {
            let (x, y, z) = (
                k.input("x", DType::F32),
                k.output("y", to),
                k.output("z", DType::F32),
            );
            let i = k.arange(0, N as i64);
            let c = x.load(i).cast(to);
            y.store(i, c);
            z.store(i, c.cast(DType::F32) * 1.0);
        });
        let x = f32s(&xs);
        let mut y1 = poisoned(to, N);
        stored_only.ok([1, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y1)]);
        let (mut y2, mut z) = (poisoned(to, N), poisoned(DType::F32, N));
        read_too.ok(
            [1, 1, 1],
            &mut [Arg::In(&x), Arg::Out(&mut y2), Arg::Out(&mut z)],
        );
        assert_f32_eq(&f32_of(&y1), &want, &format!("stored only, {to}"));
        assert_f32_eq(&f32_of(&y2), &want, &format!("stored and read, {to}"));
        assert_f32_eq(&f32_of(&z), &want, &format!("the other reader, {to}"));
    }
}

/// `s[r] = sum_c x[r, c] * y[r, c]` (or `* w` for a splat factor) over an `[R, C]` tile; with
/// `twin`, the product is also stored, so that it is computed as a tile and summed.
fn product_sum(name: &str, rows: usize, cols: usize, splat: bool, twin: bool) -> Kern {
    compile_raw(name, |k| {
        let (x, y) = (k.input("x", DType::F32), k.input("y", DType::F32));
        let (s, p) = (k.output("s", DType::F32), k.output("p", DType::F32));
        let w = k.scalar("w", DType::F32);
        let at = k.arange(0, (rows * cols) as i64).reshape([rows, cols]);
        let a = x.load(at);
        let prod = if splat { a * w } else { a * y.load(at) };
        if twin {
            p.store(at, prod);
        }
        s.store(k.arange(0, rows as i64), prod.sum(1));
    })
}

#[test]
fn a_product_summed_without_its_tile_equals_the_tile_summed() {
    let mut r = Lcg(7);
    for (rows, cols) in [(1, 100), (3, 16), (2, 7), (4, 1024), (1, 4099)] {
        let n = rows * cols;
        let xs: Vec<f32> = (0..n).map(|_| r.uniform(-2.0, 2.0)).collect();
        let ys: Vec<f32> = (0..n).map(|_| r.uniform(-2.0, 2.0)).collect();
        let (x, y) = (f32s(&xs), f32s(&ys));
        let w = 0.37f32;
        for splat in [false, true] {
            let mut sums = Vec::new();
            for twin in [false, true] {
                let name = format!("psum_{rows}_{cols}_{splat}_{twin}");
                let kern = product_sum(&name, rows, cols, splat, twin);
                let (mut s, mut p) = (poisoned(DType::F32, rows), poisoned(DType::F32, n));
                kern.ok(
                    [1, 1, 1],
                    &mut [
                        Arg::In(&x),
                        Arg::In(&y),
                        Arg::Out(&mut s),
                        Arg::Out(&mut p),
                        Arg::F32(w),
                    ],
                );
                sums.push(f32_of(&s));
            }
            let what = format!("[{rows}, {cols}], splat factor {splat}");
            let (short, tile) = (&sums[0], &sums[1]);
            let same = short
                .iter()
                .zip(tile)
                .all(|(a, b)| a.to_bits() == b.to_bits());
            assert!(same, "{what}: {short:?} against the tile's {tile:?}");
            for (row, got) in short.iter().enumerate() {
                let part = |j: usize| {
                    let f = if splat { w as f64 } else { ys[j] as f64 };
                    xs[j] as f64 * f
                };
                let js = row * cols..(row + 1) * cols;
                let want: f64 = js.clone().map(part).sum();
                let mag: f64 = js.map(|j| part(j).abs()).sum();
                assert!(
                    (*got as f64 - want).abs() <= 1e-6 * mag + 1e-30,
                    "{what}, row {row}: {got} against {want}"
                );
            }
        }
    }
}

#[test]
fn a_factor_read_between_the_product_and_its_sum_keeps_the_sum_right() {
    // Between the product and its sum, `a` is read either by a select that keeps it whole (its
    // last reader, which takes `a`'s storage: the sum must not skip the product tile then) or
    // by a multiply (which leaves `a` in place: the sum may skip the tile).
    const N: usize = 300;
    let mut r = Lcg(9);
    let xs: Vec<f32> = (0..N).map(|_| r.uniform(-1.0, 1.0)).collect();
    let x = f32s(&xs);
    let want: f64 = xs.iter().map(|v| (*v as f64) * (*v as f64)).sum();
    for moves in [true, false] {
        let kern = compile_raw(&format!("psum_between_{moves}"), |k| {
            let (x, s, c) = (
                k.input("x", DType::F32),
                k.output("s", DType::F32),
                k.output("c", DType::F32),
            );
            let i = k.arange(0, N as i64);
            let a = x.load(i) + 0.0;
            let prod = a * a;
            let between = if moves {
                select(i.lt(N as i32), a, 0.0)
            } else {
                a * 2.0
            };
            s.store(k.arange(0, 1), prod.sum(0).reshape([1]));
            c.store(i, between);
        });
        let (mut s, mut c) = (poisoned(DType::F32, 1), poisoned(DType::F32, N));
        kern.ok(
            [1, 1, 1],
            &mut [Arg::In(&x), Arg::Out(&mut s), Arg::Out(&mut c)],
        );
        let got = f32_of(&s)[0] as f64;
        assert!(
            (got - want).abs() <= 1e-6 * want,
            "moved {moves}: {got} against {want}"
        );
        let between: Vec<f32> = xs
            .iter()
            .map(|v| if moves { *v } else { v * 2.0 })
            .collect();
        assert_f32_eq(&f32_of(&c), &between, &format!("moved {moves}: the factor"));
    }
}
