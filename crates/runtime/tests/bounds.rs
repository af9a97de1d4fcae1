//! Bounds checking on the CPU executor: an unmasked (or masked-in) access outside its buffer is
//! an `Error::OutOfBounds` naming the kernel, op, buffer, index and program, whether the index is
//! a range, a dense tile or a scalar; a store or atomic add that would be partly out of bounds
//! writes nothing.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_lang::{Ctx, Tile};
use metile_runtime::{Arg, Buffer};

const LEN: usize = 8;
const N: usize = 4;

/// How the index tile `arange(0, N) + off` reaches the executor.
#[derive(Clone, Copy, Debug)]
enum Index {
    /// `arange + off`: a range.
    Range,
    /// `arange * one + off`: dense.
    Dense,
    /// `arange + off` in i64: a range of the wider dtype.
    Wide,
}

const INDEXES: [Index; 3] = [Index::Range, Index::Dense, Index::Wide];

/// Declares `off` and `one` and builds the index.
fn index(k: &Ctx, form: Index) -> Tile {
    let (off, one) = (k.scalar("off", DType::I32), k.scalar("one", DType::I32));
    let i = k.arange(0, N as i64);
    match form {
        Index::Range => i + off,
        Index::Dense => i * one + off,
        Index::Wide => i.cast(DType::I64) + off.cast(DType::I64),
    }
}

fn filled(dtype: DType) -> Buffer {
    match dtype {
        DType::Bool => bools(&[true, false, true, false, true, false, true, false]),
        d if d.is_int() => ints(d, &(0..LEN as i64).map(|j| 10 + j).collect::<Vec<_>>()),
        d => floats(d, &(0..LEN).map(|j| 10.0 + j as f32).collect::<Vec<_>>()),
    }
}

/// The first index outside `0..LEN` among `off..off + N`.
fn first_oob(off: i32) -> i64 {
    (off as i64..off as i64 + N as i64)
        .find(|j| *j < 0 || *j >= LEN as i64)
        .expect("the offset should put an index out of bounds")
}

#[test]
fn unmasked_loads_out_of_bounds_name_kernel_op_buffer_and_index() {
    for dtype in [DType::F32, DType::F16, DType::I32, DType::I64, DType::Bool] {
        for form in INDEXES {
            let name = format!("load_oob_{dtype}_{form:?}");
            let kern = compile(&name, |k| {
                let (x, y) = (k.input("x", dtype), k.output("y", dtype));
                let idx = index(k, form);
                y.store(k.arange(0, N as i64), x.load(idx));
            });
            let x = filled(dtype);
            for off in [LEN as i32 - N as i32 + 1, LEN as i32, -1, -3, 1000] {
                let mut y = poisoned(dtype, N);
                let e = expect_oob(kern.run(
                    [1, 1, 1],
                    &mut [Arg::In(&x), Arg::Out(&mut y), Arg::I32(off), Arg::I32(1)],
                ));
                assert_eq!(
                    (
                        e.kernel.as_str(),
                        e.op.as_str(),
                        e.buffer.as_str(),
                        e.index,
                        e.len,
                        e.program
                    ),
                    (name.as_str(), "load", "x", first_oob(off), LEN, [0, 0, 0]),
                    "offset {off}"
                );
            }
            // In bounds at the very end: no error.
            let mut y = poisoned(dtype, N);
            kern.ok(
                [1, 1, 1],
                &mut [
                    Arg::In(&x),
                    Arg::Out(&mut y),
                    Arg::I32(LEN as i32 - N as i32),
                    Arg::I32(1),
                ],
            );
        }
    }
}

#[test]
fn a_scalar_index_out_of_bounds_names_the_program() {
    let kern = compile("scalar_oob", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let p = k.program_id(0) + k.program_id(1) * 2 + k.program_id(2) * 6;
        y.store(p, x.load(p));
    });
    let x = filled(DType::F32);
    let mut y = poisoned(DType::F32, 11);
    // Programs are linear ids 0..12; only 8..12 read past x, and 11 also writes past y. The
    // error may come from any failing program, but it must name the one that failed.
    let e = expect_oob(kern.run([2, 3, 2], &mut [Arg::In(&x), Arg::Out(&mut y)]));
    let p = e.program;
    let linear = p[0] as i64 + p[1] as i64 * 2 + p[2] as i64 * 6;
    assert!(linear >= LEN as i64, "program {p:?} should not fail");
    assert_eq!(
        (e.op.as_str(), e.buffer.as_str(), e.index, e.len),
        ("load", "x", linear, LEN)
    );
    // One program that fails: (0, 1, 1) is linear id 8.
    let kern = compile("scalar_oob_one", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let p = k.program_id(0) + k.program_id(1) * 2 + k.program_id(2) * 6;
        y.store(p, x.load(p));
    });
    let mut y = poisoned(DType::F32, 11);
    let e = expect_oob(kern.run([1, 2, 2], &mut [Arg::In(&x), Arg::Out(&mut y)]));
    assert_eq!((e.program, e.index), ([0, 1, 1], 8));
}

#[test]
fn unmasked_stores_out_of_bounds_write_nothing() {
    for dtype in [DType::F32, DType::BF16, DType::I32, DType::Bool] {
        for form in INDEXES {
            let name = format!("store_oob_{dtype}_{form:?}");
            let kern = compile(&name, |k| {
                let (x, y) = (k.input("x", dtype), k.output("y", dtype));
                let idx = index(k, form);
                y.store(idx, x.load(k.arange(0, N as i64)));
            });
            let x = match dtype {
                DType::Bool => bools(&[false; N]),
                d if d.is_int() => ints(d, &[-1; N]),
                d => floats(d, &[-1.0; N]),
            };
            for off in [LEN as i32 - N as i32 + 1, LEN as i32 - 1, -1, -2] {
                let mut y = filled(dtype);
                let e = expect_oob(kern.run(
                    [1, 1, 1],
                    &mut [Arg::In(&x), Arg::Out(&mut y), Arg::I32(off), Arg::I32(1)],
                ));
                assert_eq!(
                    (
                        e.kernel.as_str(),
                        e.op.as_str(),
                        e.buffer.as_str(),
                        e.index,
                        e.len
                    ),
                    (name.as_str(), "store", "y", first_oob(off), LEN),
                    "offset {off}"
                );
                assert_eq!(
                    y,
                    filled(dtype),
                    "{name}, offset {off}: the buffer should be unchanged"
                );
            }
        }
    }
}

#[test]
fn atomic_adds_out_of_bounds_write_nothing() {
    for dtype in [DType::F32, DType::I32, DType::I64] {
        for form in INDEXES {
            let name = format!("atomic_oob_{dtype}_{form:?}");
            let kern = compile(&name, |k| {
                let y = k.output("y", dtype);
                let idx = index(k, form);
                y.atomic_add(idx, k.full([N], 1, dtype), None);
            });
            for off in [LEN as i32 - 2, -1] {
                let mut y = filled(dtype);
                let e = expect_oob(kern.run(
                    [1, 1, 1],
                    &mut [Arg::Out(&mut y), Arg::I32(off), Arg::I32(1)],
                ));
                assert_eq!(
                    (e.kernel.as_str(), e.op.as_str(), e.buffer.as_str(), e.index),
                    (name.as_str(), "atomic_add", "y", first_oob(off)),
                    "offset {off}"
                );
                assert_eq!(
                    y,
                    filled(dtype),
                    "{name}, offset {off}: the buffer should be unchanged"
                );
            }
        }
    }
}

#[test]
fn masked_in_out_of_bounds_elements_are_errors() {
    // A prefix mask `i < n` over `i + off`: with off = 5 the fourth lane is index 8 = LEN.
    let kern = compile("masked_in_oob", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let (n, one) = (k.scalar("n", DType::I32), k.scalar("one", DType::I32));
        let off = k.scalar("off", DType::I32);
        let dense = k.scalar("dense", DType::Bool);
        let i = k.arange(0, N as i64);
        let m = k.if_else(dense, || vec![(i * one).lt(n)], || vec![i.lt(n)])[0];
        let idx = i + off;
        y.store_masked(idx, x.load_masked(idx, m, 0.0), m);
    });
    let x = filled(DType::F32);
    for dense in [false, true] {
        let mut y = poisoned(DType::F32, LEN);
        let args = |y: &mut Buffer, n: i32| {
            kern.run(
                [1, 1, 1],
                &mut [
                    Arg::In(&x),
                    Arg::Out(y),
                    Arg::I32(n),
                    Arg::I32(1),
                    Arg::I32(5),
                    Arg::Bool(dense),
                ],
            )
        };
        let e = expect_oob(args(&mut y, 4));
        assert_eq!(
            (e.op.as_str(), e.buffer.as_str(), e.index),
            ("load", "x", 8),
            "dense = {dense}"
        );
        // One lane fewer: in bounds.
        args(&mut y, 3).unwrap_or_else(|e| panic!("n = 3 should run: {e}"));
        let want: Vec<f32> = (0..LEN)
            .map(|j| {
                if (5..8).contains(&j) {
                    10.0 + j as f32
                } else {
                    f32::NAN
                }
            })
            .collect();
        assert_f32_eq(&f32_of(&y), &want, "n = 3 copies three elements");
    }
}

#[test]
fn partly_out_of_bounds_2d_store_writes_nothing() {
    let kern = compile("store_2d_oob", |k| {
        let y = k.output("y", DType::F32);
        let rows = k.scalar("rows", DType::I32);
        let r = k.arange(0, 3).expand_dims(1);
        let c = k.arange(0, 4).expand_dims(0);
        // Rows of width 4 but a stride of `rows`: the last element lands at 2 * rows + 3.
        y.store(r * rows + c, (r * 4 + c).cast(DType::F32));
    });
    let mut y = f32s(&[0.5; 10]);
    let e = expect_oob(kern.run([1, 1, 1], &mut [Arg::Out(&mut y), Arg::I32(4)]));
    assert_eq!((e.op.as_str(), e.index, e.len), ("store", 10, 10));
    assert_f32_eq(&f32_of(&y), &[0.5; 10], "unchanged");
    // Stride 3 overlaps rows but stays in bounds: later lanes win, in row-major order.
    kern.ok([1, 1, 1], &mut [Arg::Out(&mut y), Arg::I32(3)]);
    let mut want = [0.5f32; 10];
    for r in 0..3 {
        for c in 0..4 {
            want[r * 3 + c] = (r * 4 + c) as f32;
        }
    }
    assert_f32_eq(&f32_of(&y), &want, "stride 3");
}

#[test]
fn the_error_message_names_everything() {
    let kern = compile("message_oob", |k| {
        let (x, y) = (k.input("src", DType::F32), k.output("y", DType::F32));
        let i = k.arange(0, N as i64) + k.program_id(0) * N as i32;
        y.store(i, x.load(i));
    });
    let x = filled(DType::F32);
    let mut y = poisoned(DType::F32, 3 * N);
    let r = kern.run([3, 1, 1], &mut [Arg::In(&x), Arg::Out(&mut y)]);
    let text = match r {
        Err(e) => e.to_string(),
        Ok(()) => panic!("program 2 reads past `src`"),
    };
    for part in [
        "message_oob",
        "load",
        "`src`",
        "index 8",
        "length 8",
        "[2, 0, 0]",
    ] {
        assert!(text.contains(part), "`{text}` should mention {part}");
    }
}

/// A transposed 2-D load (columns farther apart in memory than rows, read a column at a time)
/// gives the row-major tile, and reports the first out-of-bounds index in row-major order.
#[test]
fn transposed_2d_loads_read_in_place_and_report_the_row_major_first_error() {
    let kern = compile("load_2d_transposed", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let stride = k.scalar("stride", DType::I32);
        let n = k.scalar("n", DType::I32);
        let r = k.arange(0, 3).expand_dims(1);
        let c = k.arange(0, 4).expand_dims(0);
        // Element (r, c) of the tile is x[c * stride + r]; lanes with c * stride + r >= n masked.
        let at = c * stride + r;
        y.store(r * 4 + c, x.load_masked(at, at.lt(n), -1.0));
    });
    let x20 = floats(DType::F32, &(0..20).map(|j| j as f32).collect::<Vec<_>>());
    let x16 = floats(DType::F32, &(0..16).map(|j| j as f32).collect::<Vec<_>>());
    let mut y = poisoned(DType::F32, 12);
    let run = |x: &Buffer, y: &mut Buffer, stride: i32, n: i32| {
        kern.run(
            [1, 1, 1],
            &mut [Arg::In(x), Arg::Out(y), Arg::I32(stride), Arg::I32(n)],
        )
    };
    run(&x20, &mut y, 5, 20).expect("in bounds");
    let want: Vec<f32> = (0..12)
        .map(|e| {
            let at = (e % 4) * 5 + e / 4;
            if at < 20 {
                at as f32
            } else {
                -1.0
            }
        })
        .collect();
    assert_f32_eq(&f32_of(&y), &want, "transposed");
    // Stride 7 over 16 elements, every lane masked in: (r, c) = (2, 2) is 16 and column 3 is
    // 21..23. A column-order walk meets 16 first; row-major order meets 21 (row 0) first.
    let e = expect_oob(run(&x16, &mut y, 7, 40));
    assert_eq!((e.op.as_str(), e.index, e.len), ("load", 21, 16));
}
