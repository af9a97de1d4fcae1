//! `EliminateDeadCode`: unused pure ops, loads and effect-free control flow go; stores and
//! atomics, and control flow holding them, stay.

mod common;

use common::{apply, apply_kernel, check_lines, check_not, count};
use metile_ir::{print, DType};
use metile_lang::{trace, Tile};
use metile_opt::{EliminateDeadCode as Dce, Pass};

#[test]
fn removes_unused_chains_to_a_fixed_point() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::F32);
        let i = k.arange(0, 8);
        let unused = ((i * 3 + 1).cast(DType::F32).exp() * 2.0).sum(0);
        let _ = unused;
        y.store(i, 1.0);
    })
    .unwrap();
    let (changed, text) = apply(&Dce, &v);
    assert!(changed);
    let expected = "\
kernel t(@y: buffer<f32, write>) {
  %0 = arange 0, 8 : 8xi32
  %1 = constant 1.0 : f32
  %2 = splat %1 : 8xf32
  store @y[%0], %2
}
";
    assert_eq!(text, expected);
}

#[test]
fn unplaced_instructions_stay_in_the_arena() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let i = k.arange(0, 8);
        let _ = i * 2;
        y.store(i, i);
    })
    .unwrap();
    let (_, k) = apply_kernel(&Dce, &v);
    assert_eq!(k.insts.len(), v.kernel().insts.len());
    assert_eq!(k.values.len(), v.kernel().values.len());
    assert!(k.body.insts.len() < v.kernel().body.insts.len());
}

#[test]
fn never_removes_stores_or_atomics() {
    let v = trace("t", |k| {
        let x = k.inout("x", DType::F32);
        let c = k.output("c", DType::I32);
        let i = k.arange(0, 8);
        x.store(i, 0.0);
        x.store_masked(i, 1.0, i.lt(4));
        x.atomic_add(i, 2.0, None);
        c.atomic_add(i, 1, Some(i.gt(2)));
    })
    .unwrap();
    let (changed, text) = apply(&Dce, &v);
    assert!(!changed);
    assert_eq!(text, print(v.kernel()));
    assert_eq!(count(&text, "store @x"), 2);
    assert_eq!(count(&text, "atomic_add"), 2);
}

#[test]
fn removes_unused_loads() {
    let v = trace("t", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let i = k.arange(0, 8);
        let _ = x.load_masked(i, i.lt(4), 0.0);
        y.store(i, 1.0);
    })
    .unwrap();
    let (_, text) = apply(&Dce, &v);
    check_not(&text, &["load", "cmp.lt", "constant 0.0"]);
}

#[test]
fn removes_effect_free_loops_and_ifs_with_unused_results() {
    let v = trace("t", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let i = k.arange(0, 8);
        let s0 = k.zeros([8], DType::F32);
        // Reads memory, writes none, result unused.
        let _ = k.for_range(0, 4, 1, &[s0], |_, c: &[Tile]| vec![c[0] + x.load(i)]);
        let _ = k.if_else(
            k.program_id(0).equal(0),
            || vec![k.constant(1.0, DType::F32)],
            || vec![k.constant(2.0, DType::F32)],
        );
        k.when(k.program_id(1).equal(0), || {});
        y.store(i, 3.0);
    })
    .unwrap();
    let (_, text) = apply(&Dce, &v);
    let expected = "\
kernel t(@x: buffer<f32, read>, @y: buffer<f32, write>) {
  %0 = arange 0, 8 : 8xi32
  %1 = constant 3.0 : f32
  %2 = splat %1 : 8xf32
  store @y[%0], %2
}
";
    assert_eq!(text, expected);
}

#[test]
fn keeps_control_flow_that_writes_or_whose_results_are_used() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::F32);
        let i = k.arange(0, 8);
        // A loop that stores, nested in an if: kept, though it yields nothing.
        k.when(k.program_id(0).equal(0), || {
            k.for_range(0, 4, 1, &[], |_, _| {
                y.store(i, 1.0);
                vec![]
            });
        });
        // A loop whose result is used: kept, with its dead inner op removed.
        let s0 = k.zeros([8], DType::F32);
        let r = k.for_range(0, 4, 1, &[s0], |j, c: &[Tile]| {
            let _ = j * 7;
            vec![c[0] + 1.0]
        });
        y.store(i, r[0]);
    })
    .unwrap();
    let (changed, text) = apply(&Dce, &v);
    assert!(changed);
    check_lines(
        &text,
        &[
            "if %",
            "  for %",
            "    store @y",
            "    yield",
            "  yield",
            "} else {",
            "yield",
            "for %",
            "add %",
            "yield %",
            "store @y",
        ],
    );
    check_not(&text, &["= mul", "constant 7"]);
}

#[test]
fn dead_code_inside_regions_is_removed() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let i = k.arange(0, 4);
        k.when(k.program_id(0).equal(0), || {
            let _ = i * 5;
            y.store(i, 1);
        });
    })
    .unwrap();
    let (_, text) = apply(&Dce, &v);
    check_lines(&text, &["if %", "store @y", "yield", "} else {", "yield"]);
    check_not(&text, &["= mul", "constant 5"]);
    assert_eq!(Dce.name(), "eliminate-dead-code");
}
