//! Launches on the CPU device: argument validation (count, buffer direction, buffer dtype,
//! scalar type), zero-sized grids, three-axis grids with `program_id` and `num_programs`, and
//! the device's kernel cache.

#![allow(clippy::panic)]

mod common;

use std::cell::Cell;
use std::sync::Arc;

use common::*;
use metile_ir::DType;
use metile_lang::trace;
use metile_runtime::{Arg, Device, Error};

/// `y[i] = x[i] * s + t[i]` over 4 elements: parameters x (read f32), y (write f32), s (f32
/// scalar), n (i32 scalar), t (read_write f32).
fn axpy() -> Kern {
    compile("axpy", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let s = k.scalar("s", DType::F32);
        let n = k.scalar("n", DType::I32);
        let t = k.inout("t", DType::F32);
        let i = k.arange(0, 4);
        let m = i.lt(n);
        let v = x.load_masked(i, m, 0.0) * s + t.load_masked(i, m, 0.0);
        y.store_masked(i, v, m);
        t.store_masked(i, v, m);
    })
}

fn assert_launch_error(r: Result<(), Error>, parts: &[&str]) {
    let (kernel, message) = expect_launch(r);
    assert_eq!(kernel, "axpy");
    for p in parts {
        assert!(message.contains(p), "`{message}` should mention {p}");
    }
}

/// `axpy` over x = [1, 2, 3, 4] (`x`), s = 2, n = 3 into a poisoned `y`, adding into `t` = 0.5
/// each: `y` gets [2.5, 4.5, 6.5] and keeps its poison past n (checked here); `t` is the
/// caller's to check.
fn run_axpy(x: &metile_runtime::Buffer, t: &mut metile_runtime::Buffer) {
    let mut y = poisoned(DType::F32, 4);
    axpy().ok(
        [1, 1, 1],
        &mut [
            Arg::In(x),
            Arg::Out(&mut y),
            Arg::F32(2.0),
            Arg::I32(3),
            Arg::Out(t),
        ],
    );
    assert_f32_eq(&f32_of(&y), &[2.5, 4.5, 6.5, f32::NAN], "y");
}

#[test]
fn a_valid_launch_runs() {
    let (x, mut t) = (f32s(&[1.0, 2.0, 3.0, 4.0]), f32s(&[0.5; 4]));
    run_axpy(&x, &mut t);
    assert_f32_eq(&f32_of(&t), &[2.5, 4.5, 6.5, 0.5], "t");
}

#[test]
fn the_wrong_number_of_arguments_names_the_parameters() {
    let kern = axpy();
    let (x, mut y) = (f32s(&[0.0; 4]), poisoned(DType::F32, 4));
    assert_launch_error(
        kern.run(
            [1, 1, 1],
            &mut [Arg::In(&x), Arg::Out(&mut y), Arg::F32(1.0)],
        ),
        &["3 arguments", "5 parameters", "x", "y", "s", "n", "t"],
    );
    assert_launch_error(kern.run([1, 1, 1], &mut []), &["0 arguments"]);
}

#[test]
fn buffer_direction_mismatches_name_the_parameter() {
    let kern = axpy();
    let (x, mut x2, mut y, mut t) = (
        f32s(&[0.0; 4]),
        f32s(&[0.0; 4]),
        poisoned(DType::F32, 4),
        f32s(&[0.0; 4]),
    );
    let y_in = poisoned(DType::F32, 4);
    let t_in = f32s(&[0.0; 4]);
    // Arg::Out for the read buffer x.
    assert_launch_error(
        kern.run(
            [1, 1, 1],
            &mut [
                Arg::Out(&mut x2),
                Arg::Out(&mut y),
                Arg::F32(1.0),
                Arg::I32(4),
                Arg::Out(&mut t),
            ],
        ),
        &["`x`", "Arg::In"],
    );
    // Arg::In for the write buffer y.
    assert_launch_error(
        kern.run(
            [1, 1, 1],
            &mut [
                Arg::In(&x),
                Arg::In(&y_in),
                Arg::F32(1.0),
                Arg::I32(4),
                Arg::Out(&mut t),
            ],
        ),
        &["`y`", "Arg::Out"],
    );
    // Arg::In for the read_write buffer t.
    assert_launch_error(
        kern.run(
            [1, 1, 1],
            &mut [
                Arg::In(&x),
                Arg::Out(&mut y),
                Arg::F32(1.0),
                Arg::I32(4),
                Arg::In(&t_in),
            ],
        ),
        &["`t`", "Arg::Out"],
    );
    // A scalar where a buffer goes.
    assert_launch_error(
        kern.run(
            [1, 1, 1],
            &mut [
                Arg::F32(0.0),
                Arg::Out(&mut y),
                Arg::F32(1.0),
                Arg::I32(4),
                Arg::Out(&mut t),
            ],
        ),
        &["`x`"],
    );
}

#[test]
fn buffer_dtype_mismatches_name_the_parameter_and_dtypes() {
    let kern = axpy();
    let (x16, mut y, mut t) = (
        floats(DType::F16, &[0.0; 4]),
        poisoned(DType::F32, 4),
        f32s(&[0.0; 4]),
    );
    assert_launch_error(
        kern.run(
            [1, 1, 1],
            &mut [
                Arg::In(&x16),
                Arg::Out(&mut y),
                Arg::F32(1.0),
                Arg::I32(4),
                Arg::Out(&mut t),
            ],
        ),
        &["`x`", "f32", "f16"],
    );
    let (x, mut yi) = (f32s(&[0.0; 4]), poisoned(DType::I32, 4));
    assert_launch_error(
        kern.run(
            [1, 1, 1],
            &mut [
                Arg::In(&x),
                Arg::Out(&mut yi),
                Arg::F32(1.0),
                Arg::I32(4),
                Arg::Out(&mut t),
            ],
        ),
        &["`y`", "f32", "i32"],
    );
}

#[test]
fn scalar_type_mismatches_name_the_parameter() {
    let kern = axpy();
    let x = f32s(&[0.0; 4]);
    let (mut y, mut t) = (poisoned(DType::F32, 4), f32s(&[0.0; 4]));
    let wrong_s = [Arg::I32(1), Arg::I64(1), Arg::Bool(true)];
    for s in wrong_s {
        let r = kern.run(
            [1, 1, 1],
            &mut [
                Arg::In(&x),
                Arg::Out(&mut y),
                s,
                Arg::I32(4),
                Arg::Out(&mut t),
            ],
        );
        assert_launch_error(r, &["`s`", "f32"]);
    }
    for n in [Arg::F32(4.0), Arg::I64(4), Arg::Bool(false)] {
        let r = kern.run(
            [1, 1, 1],
            &mut [
                Arg::In(&x),
                Arg::Out(&mut y),
                Arg::F32(1.0),
                n,
                Arg::Out(&mut t),
            ],
        );
        assert_launch_error(r, &["`n`", "i32"]);
    }
    // A buffer where a scalar goes.
    let b = f32s(&[1.0]);
    let r = kern.run(
        [1, 1, 1],
        &mut [
            Arg::In(&x),
            Arg::Out(&mut y),
            Arg::In(&b),
            Arg::I32(4),
            Arg::Out(&mut t),
        ],
    );
    assert_launch_error(r, &["`s`"]);
}

#[test]
fn a_failed_validation_writes_nothing() {
    let kern = axpy();
    let x = f32s(&[1.0; 4]);
    let (mut y, mut t) = (poisoned(DType::F32, 4), f32s(&[7.0; 4]));
    let r = kern.run(
        [4, 1, 1],
        &mut [
            Arg::In(&x),
            Arg::Out(&mut y),
            Arg::F32(1.0),
            Arg::F32(4.0),
            Arg::Out(&mut t),
        ],
    );
    expect_launch(r);
    assert_f32_eq(&f32_of(&y), &[f32::NAN; 4], "y");
    assert_f32_eq(&f32_of(&t), &[7.0; 4], "t");
}

#[test]
fn zero_sized_grids_run_nothing() {
    // Every program would write out of bounds: a program that ran would be an error.
    let kern = compile("zero_grid", |k| {
        let y = k.output("y", DType::F32);
        y.store(k.arange(0, 4) + 100, 1.0);
    });
    for grid in [[0, 1, 1], [5, 0, 1], [3, 3, 0], [0, 0, 0]] {
        let mut y = poisoned(DType::F32, 4);
        kern.ok(grid, &mut [Arg::Out(&mut y)]);
        assert_f32_eq(&f32_of(&y), &[f32::NAN; 4], &format!("grid {grid:?}"));
    }
    // Arguments are still checked.
    let mut yi = poisoned(DType::I32, 4);
    let (kernel, message) = expect_launch(kern.run([0, 1, 1], &mut [Arg::Out(&mut yi)]));
    assert_eq!(kernel, "zero_grid");
    assert!(message.contains("`y`"), "{message}");
}

#[test]
fn three_axis_grids_index_programs_and_count_them() {
    let kern = compile("grid3", |k| {
        let y = k.output("y", DType::I32);
        let (p0, p1, p2) = (k.program_id(0), k.program_id(1), k.program_id(2));
        let (n0, n1, n2) = (k.num_programs(0), k.num_programs(1), k.num_programs(2));
        let linear = (p2 * n1 + p1) * n0 + p0;
        let i = k.arange(0, 6);
        let v = i.equal(0).select(
            p0,
            i.equal(1).select(
                p1,
                i.equal(2)
                    .select(p2, i.equal(3).select(n0, i.equal(4).select(n1, n2))),
            ),
        );
        y.store(linear * 6 + i, v);
    });
    for grid in [
        [1u32, 1, 1],
        [3, 4, 5],
        [7, 1, 2],
        [1, 9, 1],
        [1, 1, 11],
        [64, 2, 1],
    ] {
        let total = (grid[0] * grid[1] * grid[2]) as usize;
        let mut y = poisoned(DType::I32, total * 6);
        kern.ok(grid, &mut [Arg::Out(&mut y)]);
        let mut want = Vec::new();
        for z in 0..grid[2] {
            for yy in 0..grid[1] {
                for x in 0..grid[0] {
                    want.extend([x, yy, z, grid[0], grid[1], grid[2]].map(|v| v as i64));
                }
            }
        }
        assert_eq!(i64_of(&y), want, "grid {grid:?}");
    }
}

#[test]
fn i32_arguments_are_accepted_for_i64_scalars() {
    let kern = compile("widen_arg", |k| {
        let (s, y) = (k.scalar("s", DType::I64), k.output("y", DType::I64));
        y.store(k.arange(0, 1), s * 2);
    });
    let mut y = poisoned(DType::I64, 1);
    kern.ok([1, 1, 1], &mut [Arg::I32(-21), Arg::Out(&mut y)]);
    assert_eq!(i64_of(&y), vec![-42]);
}

// ---------------------------------------------------------------- kernel cache

/// A builder that counts its traces; the kernel stores `scale` at y[0].
fn counted(
    name: &str,
    scale: f32,
    traces: &Cell<u32>,
) -> Result<metile_ir::Verified, metile_lang::LangError> {
    traces.set(traces.get() + 1);
    trace(name, |k| {
        let y = k.output("y", DType::F32);
        y.store(k.arange(0, 1), k.full([1], scale, DType::F32));
    })
}

fn stored(dev: &Device, k: &metile_runtime::Compiled) -> f32 {
    let mut y = poisoned(DType::F32, 1);
    dev.launch(k, [1, 1, 1], &mut [Arg::Out(&mut y)])
        .unwrap_or_else(|e| panic!("{e}"));
    f32_of(&y)[0]
}

#[test]
fn the_same_name_and_spec_return_the_cached_kernel_without_retracing() {
    let dev = Device::cpu();
    let traces = Cell::new(0);
    let a = dev
        .kernel("scale", &(4usize, DType::F32), || {
            counted("scale", 4.0, &traces)
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let b = dev
        .kernel("scale", &(4usize, DType::F32), || {
            counted("scale", 4.0, &traces)
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        Arc::ptr_eq(&a, &b),
        "the second lookup should return the same Arc"
    );
    assert_eq!((traces.get(), dev.cached_kernels()), (1, 1));
    // A clone of the device shares its cache.
    let c = dev
        .clone()
        .kernel("scale", &(4usize, DType::F32), || {
            counted("scale", 4.0, &traces)
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(Arc::ptr_eq(&a, &c));
    assert_eq!(traces.get(), 1);
    // Another spec traces again; so does another name.
    let d = dev
        .kernel("scale", &(8usize, DType::F32), || {
            counted("scale", 8.0, &traces)
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let e = dev
        .kernel("scale2", &(4usize, DType::F32), || {
            counted("scale2", 2.0, &traces)
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!Arc::ptr_eq(&a, &d) && !Arc::ptr_eq(&a, &e));
    assert_eq!((traces.get(), dev.cached_kernels()), (3, 3));
    assert_eq!(
        (stored(&dev, &a), stored(&dev, &d), stored(&dev, &e)),
        (4.0, 8.0, 2.0)
    );
    // Another device has its own cache.
    let other = Device::cpu();
    let f = other
        .kernel("scale", &(4usize, DType::F32), || {
            counted("scale", 4.0, &traces)
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!Arc::ptr_eq(&a, &f));
    assert_eq!(
        (traces.get(), other.cached_kernels(), dev.cached_kernels()),
        (4, 1, 3)
    );
}

#[test]
fn a_failed_trace_is_returned_and_not_cached() {
    let dev = Device::cpu();
    let bad = dev.kernel("bad", &1u8, || {
        trace("bad", |k| {
            let y = k.output("y", DType::I32);
            y.store(k.arange(0, 4), 1.5);
        })
    });
    assert!(matches!(bad, Err(Error::Trace(_))), "{bad:?}");
    assert_eq!(dev.cached_kernels(), 0);
    let traces = Cell::new(0);
    let ok = dev
        .kernel("bad", &1u8, || counted("bad", 1.0, &traces))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (traces.get(), dev.cached_kernels(), stored(&dev, &ok)),
        (1, 1, 1.0)
    );
}

#[test]
fn distinct_name_and_spec_pairs_never_share_a_cache_entry() {
    let dev = Device::cpu();
    let traces = Cell::new(0);
    let a = dev
        .kernel("scale1", &0u32, || counted("scale1", 1.0, &traces))
        .unwrap_or_else(|e| panic!("{e}"));
    let b = dev
        .kernel("scale", &10u32, || counted("scale", 10.0, &traces))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !Arc::ptr_eq(&a, &b),
        "different (name, spec) pairs got the same kernel"
    );
    assert_eq!(traces.get(), 2);
    assert_eq!(stored(&dev, &b), 10.0);
}

/// A buffer over `words`' memory (`Buffer::borrow_host`), holding `alive` until it drops.
fn borrowed(words: &[f32], alive: &Arc<()>) -> metile_runtime::Buffer {
    // SAFETY: the callers keep `words` alive and unchanged while the buffer lives.
    unsafe {
        metile_runtime::Buffer::borrow_host(
            DType::F32,
            words.len(),
            words.as_ptr().cast(),
            Box::new(alive.clone()),
        )
    }
    .expect("an aligned, non-null address borrows")
}

#[test]
fn borrowed_host_memory_is_read_in_place_and_copied_before_any_write() {
    let alive = Arc::new(());
    let (xs, ts) = ([1.0f32, 2.0, 3.0, 4.0], [0.5f32; 4]);
    let (x, mut t) = (borrowed(&xs, &alive), borrowed(&ts, &alive));
    assert!(x.borrows_host_memory() && t.borrows_host_memory());
    assert_eq!(Arc::strong_count(&alive), 3);
    run_axpy(&x, &mut t);
    // The written buffer now holds its own copy; the caller's memory is unchanged, and the
    // copy dropped its hold on it.
    assert_f32_eq(&f32_of(&t), &[2.5, 4.5, 6.5, 0.5], "t");
    assert_eq!(ts, [0.5; 4]);
    assert!(x.borrows_host_memory() && !t.borrows_host_memory());
    assert_eq!(Arc::strong_count(&alive), 2);
    // A clone is an owned copy; `poison` writes a copy too.
    let mut c = x.try_clone().expect("a host buffer clones");
    assert!(!c.borrows_host_memory());
    assert_eq!(c, x);
    let mut p = borrowed(&xs, &alive);
    p.poison();
    assert!(f32_of(&p).iter().all(|v| v.is_nan()));
    assert_eq!(xs, [1.0, 2.0, 3.0, 4.0]);
    c.poison();
    c.copy_from(&x).expect("same dtype and length");
    assert!(!c.borrows_host_memory());
    assert_eq!(c, x, "an owned copy takes the borrowed source's values");
    // Written by a copy: the borrowed destination gets words of its own first.
    let mut dst = borrowed(&ts, &alive);
    dst.copy_from(&x).expect("same dtype and length");
    assert!(!dst.borrows_host_memory());
    assert_eq!(dst, x);
    assert_eq!(ts, [0.5; 4]);
    drop(dst);
    let mut o = borrowed(&xs, &alive);
    o.own_host_memory();
    assert!(!o.borrows_host_memory());
    assert_eq!(o, x);
    drop((x, t, c, p, o));
    assert_eq!(
        Arc::strong_count(&alive),
        1,
        "every keep-alive dropped with its buffer"
    );
}

#[test]
fn borrowing_host_memory_refuses_null_misaligned_and_oversized_addresses() {
    use metile_runtime::Buffer;
    let words = [0u32; 4];
    let base = words.as_ptr().cast::<u8>();
    let owner = || -> metile_runtime::KeepAlive { Box::new(()) };
    let refused = |r: Result<Buffer, Error>, want: &str| match r {
        Err(Error::Buffer(m)) => assert!(m.contains(want), "`{m}` should mention {want}"),
        other => panic!("expected Error::Buffer mentioning {want}, got {other:?}"),
    };
    // SAFETY (each call): the addresses are refused before anything is read, or address
    // `words`, which outlives the buffers.
    unsafe {
        refused(
            Buffer::borrow_host(DType::F32, 4, std::ptr::null(), owner()),
            "null",
        );
        refused(
            Buffer::borrow_host(DType::F32, 2, base.add(2), owner()),
            "not aligned",
        );
        refused(
            Buffer::borrow_host(DType::I64, usize::MAX, base, owner()),
            "more than",
        );
        let empty = Buffer::borrow_host(DType::F32, 0, std::ptr::null(), owner()).unwrap();
        assert!(empty.is_empty() && !empty.borrows_host_memory());
        let bytes = Buffer::borrow_host(DType::Bool, 3, base.add(1), owner()).unwrap();
        assert_eq!(bytes.to_bool().unwrap(), [false; 3]);
    }
}
