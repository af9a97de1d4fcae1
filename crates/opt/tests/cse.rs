//! `EliminateCommonSubexpressions`: identical pure ops merge within a scope, and so do identical
//! loads of buffers the kernel never writes; other memory ops never do.

mod common;

use common::{apply, check_lines, check_not, count};
use metile_ir::{print, DType};
use metile_lang::{trace, Tile};
use metile_opt::{EliminateCommonSubexpressions as Cse, Pass};

#[test]
fn merges_identical_pure_ops() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let n = k.scalar("n", DType::I32);
        let i = k.arange(0, 8);
        let a = k.program_id(0) * n + i;
        let b = k.program_id(0) * n + i;
        y.store(a, b);
    })
    .unwrap();
    let before = print(v.kernel());
    assert_eq!(count(&before, "program_id"), 2);
    let (changed, text) = apply(&Cse, &v);
    assert!(changed);
    assert_eq!(count(&text, "program_id"), 1, "{text}");
    assert_eq!(count(&text, "= mul"), 1, "{text}");
    assert_eq!(count(&text, "= splat"), 1, "{text}");
    assert_eq!(count(&text, "= add"), 1, "{text}");
    check_lines(&text, &["%5 = add %4, %1 : 8xi32", "store @y[%5], %5"]);
}

#[test]
fn commutative_operands_match_in_either_order() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let i = k.arange(0, 8);
        let j = k.arange(8, 16);
        y.store(i, i + j);
        y.store(i, j + i);
        y.store(i, i - j);
        y.store(i, j - i);
    })
    .unwrap();
    let (_, text) = apply(&Cse, &v);
    assert_eq!(count(&text, "= add"), 1, "{text}");
    assert_eq!(count(&text, "= sub"), 2, "{text}");
}

#[test]
fn different_attributes_do_not_merge() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::F32);
        let i = k.arange(0, 4);
        let a = k.full([4, 4], 1.0, DType::F32);
        y.store(i, a.sum(0) + a.sum(1));
        y.store(i, (k.program_id(0) + k.program_id(1)).cast(DType::F32));
        let z = k.constant(0.0, DType::F32);
        let nz = k.constant(-0.0, DType::F32);
        y.store(i, z + nz);
    })
    .unwrap();
    let (_, text) = apply(&Cse, &v);
    check_lines(&text, &["reduce.sum %1, axis 0", "reduce.sum %1, axis 1"]);
    check_lines(&text, &["program_id 0", "program_id 1"]);
    // 0.0 and -0.0 are equal as numbers but not the same constant.
    check_lines(&text, &["constant 0.0 : f32", "constant -0.0 : f32"]);
}

#[test]
fn loads_and_stores_are_never_merged() {
    let v = trace("t", |k| {
        let x = k.inout("x", DType::F32);
        let i = k.arange(0, 8);
        let a = x.load(i);
        x.store(i, a + 1.0);
        let b = x.load(i);
        x.store(i, b + 1.0);
        x.store(i, b + 1.0);
        x.atomic_add(i, 1.0, None);
        x.atomic_add(i, 1.0, None);
    })
    .unwrap();
    let (_, text) = apply(&Cse, &v);
    assert_eq!(count(&text, "= load"), 2, "{text}");
    assert_eq!(count(&text, "store @x"), 3, "{text}");
    assert_eq!(count(&text, "atomic_add @x"), 2, "{text}");
    // The second `b + 1.0` is the first one.
    assert_eq!(count(&text, "= add"), 2, "{text}");
}

#[test]
fn loads_of_read_only_buffers_merge_when_identical() {
    let v = trace("t", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let n = k.scalar("n", DType::I32);
        let i = k.arange(0, 8);
        let m = i.lt(n);
        let a = x.load_masked(i, m, 0.0);
        y.store(i, a);
        // The same load after a store to another buffer: still the same value.
        let b = x.load_masked(i, m, 0.0);
        // A different fill, no mask, another index: three other loads.
        let c = x.load_masked(i, m, 1.0);
        let d = x.load(i);
        let e = x.load(i + 1);
        y.store(i, b + c + d + e);
    })
    .unwrap();
    assert_eq!(count(&print(v.kernel()), "= load"), 5);
    let (changed, text) = apply(&Cse, &v);
    assert!(changed);
    assert_eq!(count(&text, "= load"), 4, "{text}");
}

#[test]
fn a_loop_body_reuses_values_of_the_enclosing_block() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let n = k.scalar("n", DType::I32);
        let base = k.program_id(0) * n;
        let s0 = k.zeros([4], DType::I32);
        let r = k.for_range(0, n, 1, &[s0], |i, c: &[Tile]| {
            let again = k.program_id(0) * n;
            vec![c[0] + again + i]
        });
        y.store(k.arange(0, 4) + base, r[0]);
    })
    .unwrap();
    let (_, text) = apply(&Cse, &v);
    assert_eq!(count(&text, "program_id"), 1, "{text}");
    assert_eq!(count(&text, "= mul"), 1, "{text}");
    check_lines(&text, &["= mul", "for ", "splat %2", "yield"]);
}

#[test]
fn values_of_a_region_are_not_reused_outside_it() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let n = k.scalar("n", DType::I32);
        let i = k.arange(0, 4);
        let s0 = k.zeros([4], DType::I32);
        let r = k.for_range(0, 4, 1, &[s0], |_, c: &[Tile]| vec![c[0] + n * 3]);
        // The same computation after the loop stays.
        y.store(i, r[0] + n * 3);
        // Nor across the branches of an if.
        let pick = k.if_else(k.program_id(0).equal(0), || vec![n * 5], || vec![n * 5]);
        y.store(i, pick[0]);
    })
    .unwrap();
    let (_, text) = apply(&Cse, &v);
    assert_eq!(count(&text, "= mul"), 4, "{text}");
}

#[test]
fn already_unique_kernels_are_unchanged() {
    let v = trace("t", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let i = k.arange(0, 8);
        y.store(i, x.load(i) * 2.0);
    })
    .unwrap();
    let (changed, text) = apply(&Cse, &v);
    assert!(!changed);
    assert_eq!(text, print(v.kernel()));
    check_not(&text, &["%?"]);
    assert_eq!(Cse.name(), "eliminate-common-subexpressions");
}
