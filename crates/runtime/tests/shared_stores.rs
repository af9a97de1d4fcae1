//! Written buffers shared by the programs of a launch (block-locked storage): programs storing to
//! overlapping elements, contiguously or at computed indices, leave every element equal to a
//! value some program stored (serialized, never torn); read-modify-write programs that each own
//! their row see their own writes; contiguous runs that cross lock blocks land whole.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_runtime::Arg;

const PROGRAMS: u32 = 256;

#[test]
fn overlapping_contiguous_and_scattered_stores_serialize() {
    // 3000 elements span three 1024-element lock blocks.
    const N: usize = 3000;
    let kern = compile("overlap_store", |k| {
        let (y, z) = (k.output("y", DType::F32), k.output("z", DType::I32));
        let pid = k.program_id(0);
        let i = k.arange(0, N as i64);
        // Every program writes all of `y` with its id, and a strided pattern of `z`.
        y.store(i, pid.cast(DType::F32).broadcast_to([N]));
        z.store((i * 7 + pid) % N as i64, pid.broadcast_to([N]));
    });
    for _ in 0..4 {
        let mut y = f32s(&[-1.0; N]);
        let mut z = ints(DType::I32, &[-1; N]);
        kern.ok([PROGRAMS, 1, 1], &mut [Arg::Out(&mut y), Arg::Out(&mut z)]);
        for (e, v) in f32_of(&y).iter().enumerate() {
            assert!(
                v.fract() == 0.0 && (0.0..PROGRAMS as f32).contains(v),
                "y[{e}] = {v} is no program's value"
            );
        }
        for (e, v) in i64_of(&z).iter().enumerate() {
            assert!((0..PROGRAMS as i64).contains(v), "z[{e}] = {v}");
        }
    }
}

#[test]
fn read_modify_write_rows_see_their_own_stores() {
    // Rows of 1500 elements: neighbouring programs share lock blocks.
    const COLS: usize = 1500;
    let kern = compile("row_rmw", |k| {
        let y = k.inout("y", DType::F32);
        let row = k.program_id(0).cast(DType::I64);
        let i = k.arange(0, COLS as i64).cast(DType::I64) + row * COLS as i64;
        for _ in 0..3 {
            y.store(i, y.load(i) * 2.0 + 1.0);
        }
    });
    let rows = 64;
    let start: Vec<f32> = (0..rows * COLS).map(|e| (e % 97) as f32).collect();
    let mut y = f32s(&start);
    kern.ok([rows as u32, 1, 1], &mut [Arg::Out(&mut y)]);
    let want: Vec<f32> = start.iter().map(|x| x * 8.0 + 7.0).collect();
    assert_f32_eq(&f32_of(&y), &want, "three doublings plus one");
}
