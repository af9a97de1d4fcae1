//! Masked loads, stores and atomics on the CPU executor: fill values, elements a masked store
//! must leave alone, prefix and non-prefix masks, all-false masks, and masked-off indices that
//! lie outside the buffer (which must not be an error).

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_lang::{Ctx, Tile};
use metile_runtime::Arg;

const N: usize = 16;
/// Length of the buffers the tiles of `N` elements overhang.
const LEN: usize = 10;

/// How a test builds the mask of a tile `i = arange(0, N)` (with `n` and `one` scalar parameters,
/// `one` = 1 at run time).
#[derive(Clone, Copy, Debug)]
enum Mask {
    /// `i < n`: the executor's prefix form.
    Prefix,
    /// `i * one < n`: the same mask, computed densely.
    DensePrefix,
    /// `i % 2 == 0`.
    Even,
    /// `i >= n`: a suffix.
    Suffix,
}

impl Mask {
    const ALL: [Mask; 4] = [Mask::Prefix, Mask::DensePrefix, Mask::Even, Mask::Suffix];

    fn build(self, i: Tile, n: Tile, one: Tile) -> Tile {
        match self {
            Mask::Prefix => i.lt(n),
            Mask::DensePrefix => (i * one).lt(n),
            Mask::Even => (i % 2).equal(0),
            Mask::Suffix => i.ge(n),
        }
    }

    fn host(self, j: usize, n: i32) -> bool {
        match self {
            Mask::Prefix | Mask::DensePrefix => (j as i64) < n as i64,
            Mask::Even => j & 1 == 0,
            Mask::Suffix => (j as i64) >= n as i64,
        }
    }
}

/// Declares the scalar parameters `n` and `one`.
fn params(k: &Ctx) -> (Tile, Tile) {
    (k.scalar("n", DType::I32), k.scalar("one", DType::I32))
}

fn host_x(j: usize) -> f32 {
    j as f32 * 1.5 - 4.0
}

#[test]
fn masked_loads_fill_with_a_literal() {
    for mask in Mask::ALL {
        let kern = compile(&format!("load_fill_{mask:?}"), |k| {
            let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
            let (n, one) = params(k);
            let i = k.arange(0, N as i64);
            // Masked-on elements stay in bounds: the mask is also limited to LEN.
            let m = mask.build(i, n, one) & i.lt(LEN as i32);
            y.store(i, x.load_masked(i, m, -7.5));
        });
        let xs: Vec<f32> = (0..LEN).map(host_x).collect();
        let x = f32s(&xs);
        for n in [-3, 0, 1, 7, LEN as i32, N as i32 + 4] {
            let mut y = poisoned(DType::F32, N);
            kern.ok(
                [1, 1, 1],
                &mut [Arg::In(&x), Arg::Out(&mut y), Arg::I32(n), Arg::I32(1)],
            );
            let want: Vec<f32> = (0..N)
                .map(|j| {
                    if mask.host(j, n) && j < LEN {
                        xs[j]
                    } else {
                        -7.5
                    }
                })
                .collect();
            assert_f32_eq(&f32_of(&y), &want, &format!("{mask:?}, n = {n}"));
        }
    }
}

#[test]
fn masked_loads_fill_with_a_scalar_tile() {
    let kern = compile("load_fill_tile", |k| {
        let (x, y, z) = (
            k.input("x", DType::F32),
            k.output("y", DType::F32),
            k.output("z", DType::F32),
        );
        let fill = k.scalar("fill", DType::F32);
        let (n, _) = params(k);
        let i = k.arange(0, N as i64);
        let m = i.lt(n);
        y.store(i, x.load_masked(i, m, fill));
        // A fill computed in the kernel: the maximum of the first four elements.
        let top = x.load(k.arange(0, 4)).max(0);
        z.store(i, x.load_masked(i, (i % 3).equal(0) & m, top));
    });
    let xs: Vec<f32> = (0..LEN).map(host_x).collect();
    let x = f32s(&xs);
    for n in [0, 4, LEN as i32] {
        let (mut y, mut z) = (poisoned(DType::F32, N), poisoned(DType::F32, N));
        kern.ok(
            [1, 1, 1],
            &mut [
                Arg::In(&x),
                Arg::Out(&mut y),
                Arg::Out(&mut z),
                Arg::F32(f32::NEG_INFINITY),
                Arg::I32(n),
                Arg::I32(1),
            ],
        );
        let want: Vec<f32> = (0..N)
            .map(|j| {
                if (j as i32) < n {
                    xs[j]
                } else {
                    f32::NEG_INFINITY
                }
            })
            .collect();
        assert_f32_eq(
            &f32_of(&y),
            &want,
            &format!("scalar-parameter fill, n = {n}"),
        );
        let top = xs[..4].iter().fold(f32::NEG_INFINITY, |a, b| a.max(*b));
        let want: Vec<f32> = (0..N)
            .map(|j| {
                if (j as i32) < n && j % 3 == 0 {
                    xs[j]
                } else {
                    top
                }
            })
            .collect();
        assert_f32_eq(&f32_of(&z), &want, &format!("computed fill, n = {n}"));
    }
}

#[test]
fn masked_loads_of_integer_and_bool_buffers() {
    for mask in Mask::ALL {
        let kern = compile(&format!("load_int_{mask:?}"), |k| {
            let (a, b) = (k.input("a", DType::I64), k.input("b", DType::Bool));
            let (ya, yb) = (k.output("ya", DType::I64), k.output("yb", DType::Bool));
            let (n, one) = params(k);
            let i = k.arange(0, N as i64);
            let m = mask.build(i, n, one) & i.lt(LEN as i32);
            ya.store(i, a.load_masked(i, m, -1));
            yb.store(i, b.load_masked(i, m, true));
        });
        let av: Vec<i64> = (0..LEN as i64).map(|j| j * 1_000_000_007).collect();
        let bv: Vec<bool> = (0..LEN).map(|j| j % 3 == 1).collect();
        let (a, b) = (ints(DType::I64, &av), bools(&bv));
        for n in [0, 5, N as i32] {
            let (mut ya, mut yb) = (poisoned(DType::I64, N), poisoned(DType::Bool, N));
            kern.ok(
                [1, 1, 1],
                &mut [
                    Arg::In(&a),
                    Arg::In(&b),
                    Arg::Out(&mut ya),
                    Arg::Out(&mut yb),
                    Arg::I32(n),
                    Arg::I32(1),
                ],
            );
            let on = |j: usize| mask.host(j, n) && j < LEN;
            let want: Vec<i64> = (0..N).map(|j| if on(j) { av[j] } else { -1 }).collect();
            assert_eq!(i64_of(&ya), want, "{mask:?} i64, n = {n}");
            let want: Vec<bool> = (0..N).map(|j| if on(j) { bv[j] } else { true }).collect();
            assert_eq!(bool_of(&yb), want, "{mask:?} bool, n = {n}");
        }
    }
}

#[test]
fn masked_stores_leave_other_elements_untouched() {
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for mask in Mask::ALL {
            let kern = compile(&format!("store_masked_{dtype}_{mask:?}"), |k| {
                let (x, y) = (k.input("x", dtype), k.output("y", dtype));
                let (n, one) = params(k);
                let i = k.arange(0, N as i64);
                y.store_masked(i, x.load(i) * 2.0, mask.build(i, n, one));
            });
            let xs: Vec<f32> = (0..N).map(host_x).collect();
            let before: Vec<f32> = (0..N).map(|j| 100.0 + j as f32).collect();
            for n in [-1, 0, 5, N as i32, N as i32 + 1] {
                let x = floats(dtype, &xs);
                let mut y = floats(dtype, &before);
                kern.ok(
                    [1, 1, 1],
                    &mut [Arg::In(&x), Arg::Out(&mut y), Arg::I32(n), Arg::I32(1)],
                );
                let want: Vec<f32> = (0..N)
                    .map(|j| {
                        if mask.host(j, n) {
                            round_to(dtype, xs[j]) * 2.0
                        } else {
                            before[j]
                        }
                    })
                    .collect();
                assert_f32_eq(&f32_of(&y), &want, &format!("{dtype} {mask:?}, n = {n}"));
            }
        }
    }
}

#[test]
fn masked_stores_of_integers_bools_and_literals() {
    for mask in Mask::ALL {
        let kern = compile(&format!("store_masked_int_{mask:?}"), |k| {
            let (a, b) = (k.output("a", DType::I32), k.output("b", DType::Bool));
            let (n, one) = params(k);
            let i = k.arange(0, N as i64);
            let m = mask.build(i, n, one);
            a.store_masked(i, i * 3 - 1, m);
            b.store_masked(i, false, m);
        });
        for n in [0, 7, N as i32] {
            let mut a = i32s(&(0..N as i64).map(|j| -100 - j).collect::<Vec<_>>());
            let mut b = bools(&[true; N]);
            kern.ok(
                [1, 1, 1],
                &mut [Arg::Out(&mut a), Arg::Out(&mut b), Arg::I32(n), Arg::I32(1)],
            );
            let want: Vec<i64> = (0..N as i64)
                .map(|j| {
                    if mask.host(j as usize, n) {
                        j * 3 - 1
                    } else {
                        -100 - j
                    }
                })
                .collect();
            assert_eq!(i64_of(&a), want, "{mask:?} i32, n = {n}");
            let want: Vec<bool> = (0..N).map(|j| !mask.host(j, n)).collect();
            assert_eq!(bool_of(&b), want, "{mask:?} bool, n = {n}");
        }
    }
}

#[test]
fn masks_loaded_from_a_bool_buffer() {
    let kern = compile("loaded_mask", |k| {
        let (x, mb, y) = (
            k.input("x", DType::F32),
            k.input("m", DType::Bool),
            k.output("y", DType::F32),
        );
        let i = k.arange(0, N as i64);
        let m = mb.load(i);
        y.store_masked(i, x.load_masked(i, m, 0.5) + 1.0, m);
    });
    let xs: Vec<f32> = (0..N).map(host_x).collect();
    let mv: Vec<bool> = (0..N).map(|j| [0, 3, 4, 9, 15].contains(&j)).collect();
    let (x, m) = (f32s(&xs), bools(&mv));
    let mut y = poisoned(DType::F32, N);
    kern.ok([1, 1, 1], &mut [Arg::In(&x), Arg::In(&m), Arg::Out(&mut y)]);
    let want: Vec<f32> = (0..N)
        .map(|j| if mv[j] { xs[j] + 1.0 } else { f32::NAN })
        .collect();
    assert_f32_eq(
        &f32_of(&y),
        &want,
        "store under a loaded mask (others stay poisoned)",
    );
}

#[test]
fn masked_off_out_of_bounds_indices_are_not_errors() {
    // Dense indices 3 * i and i - 5, each masked to the buffer; and a range overhanging the end.
    let kern = compile("masked_off_oob", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let (a, s) = (k.output("a", DType::F32), k.output("s", DType::F32));
        let len = k.scalar("len", DType::I32);
        let i = k.arange(0, N as i64);
        let strided = i * 3;
        let ms = strided.lt(len);
        y.store_masked(strided, x.load_masked(strided, ms, -1.0), ms);
        let shifted = i - 5;
        let mn = shifted.ge(0) & shifted.lt(len);
        s.store_masked(shifted, x.load_masked(shifted, mn, -2.0) + 0.5, mn);
        a.atomic_add(shifted, 1.0, Some(mn));
        let over = i + 4;
        let mo = over.lt(len);
        s.store_masked(over, x.load_masked(over, mo, 0.0) * 0.0 + 9.0, mo);
    });
    let xs: Vec<f32> = (0..LEN).map(host_x).collect();
    let x = f32s(&xs);
    let (mut y, mut a, mut s) = (
        poisoned(DType::F32, LEN),
        f32s(&[0.25; LEN]),
        poisoned(DType::F32, LEN),
    );
    kern.ok(
        [1, 1, 1],
        &mut [
            Arg::In(&x),
            Arg::Out(&mut y),
            Arg::Out(&mut a),
            Arg::Out(&mut s),
            Arg::I32(LEN as i32),
        ],
    );
    let want: Vec<f32> = (0..LEN)
        .map(|j| if j % 3 == 0 { xs[j] } else { f32::NAN })
        .collect();
    assert_f32_eq(&f32_of(&y), &want, "strided");
    // i - 5 for i < 16 covers 0..=10: every element of s and a once (index 10 masked off); then
    // the overhanging range 4..20 overwrites s[4..10] (indices 10..20 masked off).
    let want: Vec<f32> = (0..LEN)
        .map(|j| if j < 4 { xs[j] + 0.5 } else { 9.0 })
        .collect();
    assert_f32_eq(&f32_of(&s), &want, "shifted");
    assert_f32_eq(&f32_of(&a), &[1.25; LEN], "atomic_add under a mask");
}

#[test]
fn two_dimensional_masks_from_row_and_column_bounds() {
    const R: usize = 4;
    const C: usize = 8;
    let kern = compile("mask_2d", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let (rows_n, cols_n) = (k.scalar("rows", DType::I32), k.scalar("cols", DType::I32));
        let rows = k.arange(0, R as i64);
        let cols = k.arange(0, C as i64);
        let idx = rows.expand_dims(1) * cols_n + cols.expand_dims(0);
        let m = rows.lt(rows_n).expand_dims(1) & cols.lt(cols_n).expand_dims(0);
        let v = x.load_masked(idx, m, -1.0);
        let out = rows.expand_dims(1) * C as i32 + cols.expand_dims(0);
        // Even columns only, on the whole block.
        y.store_masked(out, v, (cols % 2).equal(0).expand_dims(0));
    });
    let (rn, cn) = (3usize, 5usize);
    let xs: Vec<f32> = (0..rn * cn).map(|j| j as f32 + 0.5).collect();
    let x = f32s(&xs);
    let mut y = poisoned(DType::F32, R * C);
    kern.ok(
        [1, 1, 1],
        &mut [
            Arg::In(&x),
            Arg::Out(&mut y),
            Arg::I32(rn as i32),
            Arg::I32(cn as i32),
        ],
    );
    let want: Vec<f32> = (0..R * C)
        .map(|f| {
            let (r, c) = (f / C, f % C);
            if c % 2 != 0 {
                f32::NAN
            } else if r < rn && c < cn {
                xs[r * cn + c]
            } else {
                -1.0
            }
        })
        .collect();
    assert_f32_eq(&f32_of(&y), &want, "2-D block");
}

// ------------------------------------------------- all-false masks over out-of-bounds indices

/// How an all-false mask reaches the executor.
#[derive(Clone, Copy, Debug)]
enum AllFalse {
    /// `i < 0`: an empty prefix.
    Prefix,
    /// `s` broadcast, with `s = false` at run time: a splat.
    Splat,
    /// `i * one < 0`: dense.
    Dense,
}

/// Loads and stores `N` elements at `i + off` under an all-false mask, for buffers of `dtype`;
/// `y` must keep its contents and the load must give the fill.
fn all_false(form: AllFalse, dtype: DType, off: i32) {
    let kern = compile(&format!("all_false_{form:?}_{dtype}"), |k| {
        let (x, y, z) = (
            k.input("x", dtype),
            k.output("y", dtype),
            k.output("z", dtype),
        );
        let (off, one, s) = (
            k.scalar("off", DType::I32),
            k.scalar("one", DType::I32),
            k.scalar("s", DType::Bool),
        );
        let i = k.arange(0, N as i64);
        let m = match form {
            AllFalse::Prefix => i.lt(0),
            AllFalse::Splat => s.broadcast_to([N]),
            AllFalse::Dense => (i * one).lt(0),
        };
        let idx = i + off;
        let v = x.load_masked(idx, m, 3);
        y.store_masked(idx, v, m);
        z.store(i, v);
    });
    let x = if dtype.is_float() {
        floats(dtype, &[1.0; LEN])
    } else {
        ints(dtype, &[1; LEN])
    };
    let mut y = if dtype.is_float() {
        floats(dtype, &[2.0; LEN])
    } else {
        ints(dtype, &[2; LEN])
    };
    let mut z = poisoned(dtype, N);
    let r = kern.run(
        [1, 1, 1],
        &mut [
            Arg::In(&x),
            Arg::Out(&mut y),
            Arg::Out(&mut z),
            Arg::I32(off),
            Arg::I32(1),
            Arg::Bool(false),
        ],
    );
    if let Err(e) = r {
        panic!("{form:?} mask, {dtype}, offset {off}: {e}");
    }
    if dtype.is_float() {
        assert_f32_eq(&f32_of(&y), &[2.0; LEN], "untouched");
        assert_f32_eq(&f32_of(&z), &[3.0; N], "fill");
    } else {
        assert_eq!(i64_of(&y), vec![2; LEN], "untouched");
        assert_eq!(i64_of(&z), vec![3; N], "fill");
    }
}

#[test]
fn all_false_masks_over_in_bounds_and_negative_indices() {
    for form in [AllFalse::Prefix, AllFalse::Splat, AllFalse::Dense] {
        for dtype in [DType::F32, DType::F16, DType::BF16, DType::I32, DType::I64] {
            for off in [0, -100, LEN as i32] {
                all_false(form, dtype, off);
            }
        }
    }
}

#[test]
fn all_false_masks_over_indices_past_the_end_integer_buffers_and_dense_masks() {
    for dtype in [DType::I32, DType::I64] {
        for form in [AllFalse::Prefix, AllFalse::Splat, AllFalse::Dense] {
            all_false(form, dtype, 1000);
        }
    }
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        all_false(AllFalse::Dense, dtype, 1000);
    }
}

#[test]
fn all_false_prefix_mask_over_indices_past_the_end_of_float_buffers() {
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        all_false(AllFalse::Prefix, dtype, 1000);
    }
}

#[test]
fn all_false_splat_mask_over_indices_past_the_end_of_float_buffers() {
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        all_false(AllFalse::Splat, dtype, 1000);
    }
}

#[test]
fn all_false_masked_store_of_a_dense_value_past_the_end() {
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for splat in [false, true] {
            let kern = compile(&format!("all_false_store_{dtype}_{splat}"), |k| {
                let (x, y) = (k.input("x", dtype), k.output("y", dtype));
                let (off, s) = (k.scalar("off", DType::I32), k.scalar("s", DType::Bool));
                let i = k.arange(0, N as i64);
                let m = if splat { s.broadcast_to([N]) } else { i.lt(0) };
                // The stored value is dense (loaded in bounds); only the target is past the end.
                y.store_masked(i + off, x.load(i), m);
            });
            let x = floats(dtype, &[1.0; N]);
            let mut y = floats(dtype, &[2.0; LEN]);
            let r = kern.run(
                [1, 1, 1],
                &mut [
                    Arg::In(&x),
                    Arg::Out(&mut y),
                    Arg::I32(1000),
                    Arg::Bool(false),
                ],
            );
            if let Err(e) = r {
                panic!("{dtype}, splat mask {splat}: {e}");
            }
            assert_f32_eq(&f32_of(&y), &[2.0; LEN], "untouched");
        }
    }
}
