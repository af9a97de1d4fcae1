//! Atomic adds on the CPU executor: many programs (spread over threads) adding into the same
//! elements give the exact total, for f32 (values whose every partial sum is exact, so the order
//! does not matter), i32 (wrapping) and i64; duplicate indices within one program; masks.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_runtime::Arg;

const PROGRAMS: u32 = 256;
const N: usize = 16;

#[test]
fn f32_atomic_adds_from_many_programs_are_exact() {
    let kern = compile("atomic_f32", |k| {
        let y = k.output("y", DType::F32);
        let pid = k.program_id(0);
        let i = k.arange(0, N as i64);
        // Every program adds (pid + 1) / 4 + lane / 8 to the same N elements.
        let v = (pid + 1).cast(DType::F32) * 0.25 + i.cast(DType::F32) * 0.125;
        y.atomic_add(i, v, None);
    });
    for _ in 0..4 {
        let mut y = f32s(&[1.0; N]);
        kern.ok([PROGRAMS, 1, 1], &mut [Arg::Out(&mut y)]);
        let p = PROGRAMS as f64;
        let want: Vec<f32> = (0..N)
            .map(|l| (1.0 + 0.25 * p * (p + 1.0) / 2.0 + p * l as f64 * 0.125) as f32)
            .collect();
        assert_f32_eq(&f32_of(&y), &want, "totals");
    }
}

#[test]
fn integer_atomic_adds_from_many_programs_are_exact_and_wrap() {
    for dtype in [DType::I32, DType::I64] {
        let kern = compile(&format!("atomic_{dtype}"), |k| {
            let y = k.output("y", dtype);
            let big = k.scalar("big", dtype);
            let pid = k.program_id(0).cast(dtype);
            let i = k.arange(0, N as i64);
            y.atomic_add(i, pid * 1000 + i.cast(dtype) + big, None);
        });
        let big: i64 = if dtype == DType::I32 {
            20_000_000
        } else {
            1 << 50
        };
        let start: Vec<i64> = (0..N as i64).map(|l| l - 5).collect();
        let mut y = ints(dtype, &start);
        let arg = if dtype == DType::I32 {
            Arg::I32(big as i32)
        } else {
            Arg::I64(big)
        };
        kern.ok([PROGRAMS, 1, 1], &mut [Arg::Out(&mut y), arg]);
        let p = PROGRAMS as i128;
        let want: Vec<i64> = (0..N as i128)
            .map(|l| {
                let total = (l - 5) + 1000 * p * (p - 1) / 2 + p * l + p * big as i128;
                if dtype == DType::I32 {
                    total as i32 as i64
                } else {
                    total as i64
                }
            })
            .collect();
        // 256 * 2e7 overflows i32: the total wraps.
        assert_eq!(i64_of(&y), want, "{dtype}");
    }
}

#[test]
fn duplicate_indices_within_a_program_all_count() {
    let kern = compile("atomic_dup", |k| {
        let (yf, yi) = (k.output("yf", DType::F32), k.output("yi", DType::I32));
        let i = k.arange(0, N as i64);
        // Lanes 0..16 onto elements 0..4, four lanes each.
        let idx = i % 4;
        yf.atomic_add(idx, i.cast(DType::F32) + 0.5, None);
        yi.atomic_add(idx, i, None);
    });
    let (mut yf, mut yi) = (f32s(&[0.0; 4]), i32s(&[0; 4]));
    kern.ok([3, 2, 1], &mut [Arg::Out(&mut yf), Arg::Out(&mut yi)]);
    let progs = 6.0;
    let want_f: Vec<f32> = (0..4)
        .map(|e| (progs * (0..4).map(|q| (e + 4 * q) as f64 + 0.5).sum::<f64>()) as f32)
        .collect();
    let want_i: Vec<i64> = (0..4)
        .map(|e| 6 * (0..4).map(|q| e + 4 * q).sum::<i64>())
        .collect();
    assert_f32_eq(&f32_of(&yf), &want_f, "f32");
    assert_eq!(i64_of(&yi), want_i, "i32");
}

#[test]
fn masked_atomic_adds_over_a_3d_grid() {
    let kern = compile("atomic_masked", |k| {
        let y = k.output("y", DType::I64);
        let n = k.scalar("n", DType::I32);
        let p = k.program_id(0) + k.program_id(1) * 4 + k.program_id(2) * 12;
        let i = k.arange(0, N as i64);
        // Program p adds 1 to elements p % 5 ..; lanes at or past n are masked off (and would
        // be out of bounds).
        let idx = i + p % 5;
        y.atomic_add(idx, k.full([N], 1, DType::I64), Some(idx.lt(n)));
    });
    let n = 12usize;
    let mut y = ints(DType::I64, &vec![0; n]);
    kern.ok([4, 3, 2], &mut [Arg::Out(&mut y), Arg::I32(n as i32)]);
    let mut want = vec![0i64; n];
    for p in 0..24 {
        for l in 0..N {
            let j = l + p % 5;
            if j < n {
                want[j] += 1;
            }
        }
    }
    assert_eq!(i64_of(&y), want);
}
