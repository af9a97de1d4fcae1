//! Shape ops on the CPU executor: broadcast of `[R,1]` and `[1,C]` to `[R,C]` (floats, integers,
//! bools; explicit and through numpy broadcasting in binary ops), expand_dims, reshape, and 2-D
//! index tiles `rows[:, None] * stride + cols[None, :]` for multi-row loads and stores.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_runtime::Arg;

const R: usize = 3;
const C: usize = 5;

/// `rows[:, None] * C + cols[None, :]` as a host list.
fn grid_index() -> Vec<(usize, usize)> {
    (0..R * C).map(|f| (f / C, f % C)).collect()
}

#[test]
fn broadcast_columns_and_rows_to_a_block() {
    let kern = compile("broadcast_2d", |k| {
        let (u, v) = (k.input("u", DType::F32), k.input("v", DType::F32));
        let (ycol, yrow, ysum) = (
            k.output("ycol", DType::F32),
            k.output("yrow", DType::F32),
            k.output("ysum", DType::F32),
        );
        let rows = k.arange(0, R as i64);
        let cols = k.arange(0, C as i64);
        let idx = rows.expand_dims(1) * C as i32 + cols.expand_dims(0);
        let col = u.load(rows).expand_dims(1); // [R, 1]
        let row = v.load(cols).expand_dims(0); // [1, C]
        ycol.store(idx, col.broadcast_to([R, C]));
        yrow.store(idx, row.broadcast_to([R, C]));
        // Implicit broadcasting of [R,1] against [1,C].
        ysum.store(idx, col * 10.0 + row);
    });
    let us = [1.0, -2.0, 3.5];
    let vs = [0.25, 0.5, -0.75, 8.0, f32::NAN];
    let (mut a, mut b, mut c) = (
        poisoned(DType::F32, R * C),
        poisoned(DType::F32, R * C),
        poisoned(DType::F32, R * C),
    );
    kern.ok(
        [1, 1, 1],
        &mut [
            Arg::In(&f32s(&us)),
            Arg::In(&f32s(&vs)),
            Arg::Out(&mut a),
            Arg::Out(&mut b),
            Arg::Out(&mut c),
        ],
    );
    let gi = grid_index();
    assert_f32_eq(
        &f32_of(&a),
        &gi.iter().map(|(r, _)| us[*r]).collect::<Vec<_>>(),
        "[R,1] -> [R,C]",
    );
    assert_f32_eq(
        &f32_of(&b),
        &gi.iter().map(|(_, c)| vs[*c]).collect::<Vec<_>>(),
        "[1,C] -> [R,C]",
    );
    let want: Vec<f32> = gi.iter().map(|(r, c)| us[*r] * 10.0 + vs[*c]).collect();
    assert_f32_eq(&f32_of(&c), &want, "outer sum");
}

#[test]
fn broadcast_integer_and_bool_tiles() {
    let kern = compile("broadcast_int_bool", |k| {
        let (u, v) = (k.input("u", DType::I64), k.input("v", DType::Bool));
        let (yi, yb) = (k.output("yi", DType::I64), k.output("yb", DType::Bool));
        let rows = k.arange(0, R as i64);
        let cols = k.arange(0, C as i64);
        let idx = rows.expand_dims(1) * C as i32 + cols.expand_dims(0);
        let col = u.load(rows).expand_dims(1);
        let row = v.load(cols).expand_dims(0);
        // [R,1] i64 - a [1,C] range cast to i64; a [1,C] bool xor an [R,1] comparison.
        yi.store(idx, col - cols.cast(DType::I64).expand_dims(0));
        yb.store(idx, row ^ rows.equal(1).expand_dims(1));
    });
    let us = [100i64, -1 << 40, 7];
    let vs = [true, false, false, true, true];
    let (mut yi, mut yb) = (poisoned(DType::I64, R * C), poisoned(DType::Bool, R * C));
    kern.ok(
        [1, 1, 1],
        &mut [
            Arg::In(&ints(DType::I64, &us)),
            Arg::In(&bools(&vs)),
            Arg::Out(&mut yi),
            Arg::Out(&mut yb),
        ],
    );
    let gi = grid_index();
    assert_eq!(
        i64_of(&yi),
        gi.iter()
            .map(|(r, c)| us[*r] - *c as i64)
            .collect::<Vec<_>>()
    );
    assert_eq!(
        bool_of(&yb),
        gi.iter()
            .map(|(r, c)| vs[*c] ^ (*r == 1))
            .collect::<Vec<_>>()
    );
}

#[test]
fn transpose_through_2d_index_tiles() {
    const BR: usize = 4; // rows per program
    let kern = compile("transpose", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let rows_n = k.scalar("rows", DType::I32);
        let rows = k.arange(0, BR as i64) + k.program_id(0) * BR as i32;
        let cols = k.arange(0, C as i64);
        let (r2, c2) = (rows.expand_dims(1), cols.expand_dims(0));
        let m = r2.lt(rows_n).broadcast_to([BR, C]);
        let v = x.load_masked(r2 * C as i32 + c2, m, 0.0);
        y.store_masked(c2 * rows_n + r2, v, m);
    });
    for rows in [1usize, 4, 7, 12] {
        let xs: Vec<f32> = (0..rows * C).map(|j| j as f32 * 0.5 - 3.0).collect();
        let mut y = poisoned(DType::F32, rows * C);
        kern.ok(
            [rows.div_ceil(BR) as u32, 1, 1],
            &mut [Arg::In(&f32s(&xs)), Arg::Out(&mut y), Arg::I32(rows as i32)],
        );
        let want: Vec<f32> = (0..rows * C)
            .map(|f| xs[(f % rows) * C + f / rows])
            .collect();
        assert_f32_eq(&f32_of(&y), &want, &format!("{rows} x {C} transposed"));
    }
}

#[test]
fn reshape_and_expand_dims_are_row_major() {
    let kern = compile("reshape", |k| {
        let (x, y, z) = (
            k.input("x", DType::F32),
            k.output("y", DType::F32),
            k.output("z", DType::F32),
        );
        let flat = x.load(k.arange(0, 12));
        // [12] -> [3, 4]: row sums are sums of consecutive fours.
        y.store(k.arange(0, 3), flat.reshape([3, 4]).sum(1));
        // [12] -> [2, 6] -> [2, 6, 1] -> broadcast [2, 6, 2] -> [24].
        let b = flat.reshape([2, 6]).expand_dims(2).broadcast_to([2, 6, 2]);
        z.store(k.arange(0, 24).reshape([2, 6, 2]), b);
        // The same data through expand_dims(0) of a [12] -> [1, 12] -> [2, 12].
        z.store(
            k.arange(24, 48).reshape([2, 12]),
            flat.expand_dims(0).broadcast_to([2, 12]) + 100.0,
        );
    });
    let xs: Vec<f32> = (0..12).map(|j| j as f32).collect();
    let (mut y, mut z) = (poisoned(DType::F32, 3), poisoned(DType::F32, 48));
    kern.ok(
        [1, 1, 1],
        &mut [Arg::In(&f32s(&xs)), Arg::Out(&mut y), Arg::Out(&mut z)],
    );
    assert_f32_eq(&f32_of(&y), &[6.0, 22.0, 38.0], "row sums of [3, 4]");
    let mut want: Vec<f32> = (0..24).map(|f| xs[f / 2]).collect();
    want.extend((0..24).map(|f| xs[f % 12] + 100.0));
    assert_f32_eq(&f32_of(&z), &want, "expand_dims and broadcast");
}

#[test]
fn multi_row_blocks_with_a_row_stride() {
    // Each program copies BR rows of width C out of a matrix with row stride S > C, scaling by
    // the row index; rows past the end are masked.
    const BR: usize = 2;
    const S: usize = 8;
    let kern = compile("strided_rows", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let n = k.scalar("n", DType::I32);
        let rows = k.arange(0, BR as i64) + k.program_id(0) * BR as i32;
        let cols = k.arange(0, C as i64);
        let r2 = rows.expand_dims(1);
        let m = r2.lt(n);
        let v = x.load_masked(r2 * S as i32 + cols.expand_dims(0), m, 0.0);
        y.store_masked(
            r2 * C as i32 + cols.expand_dims(0),
            v * r2.cast(DType::F32),
            m,
        );
    });
    let n = 5;
    let xs: Vec<f32> = (0..n * S).map(|j| j as f32).collect();
    let mut y = poisoned(DType::F32, n * C);
    kern.ok(
        [n.div_ceil(BR) as u32, 1, 1],
        &mut [Arg::In(&f32s(&xs)), Arg::Out(&mut y), Arg::I32(n as i32)],
    );
    let want: Vec<f32> = (0..n * C)
        .map(|f| xs[(f / C) * S + f % C] * (f / C) as f32)
        .collect();
    assert_f32_eq(&f32_of(&y), &want, "strided rows");
}
