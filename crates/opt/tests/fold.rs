//! `FoldConstants`: constants are evaluated with the IR's element semantics, identities that are
//! exact are dropped, and nothing else changes.

mod common;

use common::{apply, check_lines, check_not, count};
use metile_ir::{print, DType};
use metile_lang::{select, trace, Tile};
use metile_opt::{FoldConstants, Pass};

/// How many stores write the value named `x`.
fn stores_of(text: &str, x: &str) -> usize {
    let tail = format!("], {x}");
    text.lines()
        .filter(|l| l.trim_start().starts_with("store") && l.ends_with(&tail))
        .count()
}

#[test]
fn folds_a_chain_of_scalar_integer_ops() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let c = (k.constant(2, DType::I32) + 3) * 4 - k.constant(6, DType::I32).abs();
        y.store(k.arange(0, 8), c);
    })
    .unwrap();
    let (changed, text) = apply(&FoldConstants, &v);
    assert!(changed);
    check_lines(&text, &["constant 14 : 8xi32", "store @y[%"]);
    check_not(&text, &["= add", "= mul", "= sub", "= abs", "= splat"]);
}

#[test]
fn folds_tile_constants_and_shape_ops() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::F32);
        let a = k.full([2, 4], 1.5, DType::F32) + k.full([2, 4], 2.0, DType::F32);
        let b = a.reshape([8]).expand_dims(0).broadcast_to([3, 8]);
        let i = k.arange(0, 24).reshape([3, 8]);
        y.store(i, b);
    })
    .unwrap();
    let (_, text) = apply(&FoldConstants, &v);
    check_lines(
        &text,
        &[
            "constant 3.5 : 2x4xf32",
            "constant 3.5 : 8xf32",
            "constant 3.5 : 1x8xf32",
            "constant 3.5 : 3x8xf32",
        ],
    );
    check_not(&text, &["expand_dims", "broadcast", "= add"]);
    // The index is not constant: its reshape stays.
    assert_eq!(count(&text, "reshape"), 1, "{text}");
}

#[test]
fn f16_results_round_like_the_executor() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::F16);
        let z = k.output("z", DType::Bool);
        let w = k.output("w", DType::F16);
        let i = k.arange(0, 4);
        // 0.1 and 0.2 are the f16 values nearest them; their sum rounds to even in f16.
        y.store(i, k.constant(0.1, DType::F16) + k.constant(0.2, DType::F16));
        // 0.1f16 widened to f32 is not 0.1f32.
        let same = k
            .constant(0.1, DType::F16)
            .cast(DType::F32)
            .equal(k.constant(0.1, DType::F32));
        z.store(i, same);
        w.store(i, k.constant(0.1, DType::F32).cast(DType::F16) * 3);
    })
    .unwrap();
    let text = print(v.kernel());
    check_lines(
        &text,
        &["constant 0.099975586 : f16", "constant 0.19995117 : f16"],
    );
    let (_, text) = apply(&FoldConstants, &v);
    // 0.0999755859375 + 0.199951171875 = 0.2999267578125, halfway between two f16 values.
    check_lines(
        &text,
        &[
            "constant 0.2998047 : 4xf16",
            "constant false : 4xbool",
            "constant 0.2998047 : 4xf16",
        ],
    );
    check_not(&text, &["0.3 ", "= cast", "cmp.eq"]);
}

#[test]
fn bf16_and_float_functions_use_the_element_semantics() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::F32);
        let b = k.output("b", DType::BF16);
        let i = k.arange(0, 4);
        y.store(i, k.constant(1.0, DType::F32).exp());
        b.store(i, k.constant(1.0, DType::BF16).exp());
    })
    .unwrap();
    let (_, text) = apply(&FoldConstants, &v);
    let e32 = format!("constant {:?} : 4xf32", std::f32::consts::E);
    // e in bf16 (8 significant bits) is 2.71875.
    check_lines(&text, &[&e32, "constant 2.71875 : 4xbf16"]);
}

#[test]
fn integer_arithmetic_wraps_and_division_by_zero_is_left_alone() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let i = k.arange(0, 4);
        y.store(i, k.constant(i32::MAX, DType::I32) + 1);
        y.store(i, k.constant(7, DType::I32) / 0);
        y.store(i, k.constant(7, DType::I32) % 0);
        y.store(i, k.constant(-7, DType::I32) / 2);
    })
    .unwrap();
    let (_, text) = apply(&FoldConstants, &v);
    check_lines(
        &text,
        &[
            "constant -2147483648 : 4xi32",
            "= div %",
            "= rem %",
            "constant -3 : 4xi32",
        ],
    );
}

#[test]
fn exact_integer_identities_are_dropped() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let i = k.arange(0, 8);
        let n = k.scalar("n", DType::I32);
        let x = i + n;
        y.store(i, x + 0);
        y.store(i, 0 + x);
        y.store(i, x - 0);
        y.store(i, x * 1);
        y.store(i, 1 * x);
        y.store(i, x / 1);
    })
    .unwrap();
    let (changed, text) = apply(&FoldConstants, &v);
    assert!(changed);
    // Only the add that builds x is left, and every store writes it.
    assert_eq!(count(&text, "= add"), 1, "{text}");
    check_not(&text, &["= sub", "= mul", "= div"]);
    let x = text
        .lines()
        .find(|l| l.contains("= add"))
        .and_then(|l| l.split_whitespace().next())
        .expect("x should be defined");
    assert_eq!(stores_of(&text, x), 6, "{text}");
}

#[test]
fn only_exact_float_identities_are_dropped() {
    let v = trace("t", |k| {
        let src = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let i = k.arange(0, 8);
        let x = src.load(i);
        // Identities for every x, -0.0 and NaN included.
        y.store(i, x * 1.0);
        y.store(i, 1.0 * x);
        y.store(i, x / 1.0);
        y.store(i, x + -0.0);
        y.store(i, -0.0 + x);
        y.store(i, x - 0.0);
        // Not identities: -0.0 + 0.0 is +0.0, and so is -0.0 - -0.0.
        y.store(i, x + 0.0);
        y.store(i, x - -0.0);
    })
    .unwrap();
    let (_, text) = apply(&FoldConstants, &v);
    assert_eq!(count(&text, "= mul"), 0, "{text}");
    assert_eq!(count(&text, "= div"), 0, "{text}");
    assert_eq!(count(&text, "= add"), 1, "{text}");
    assert_eq!(count(&text, "= sub"), 1, "{text}");
    let x = text
        .lines()
        .find(|l| l.contains("= load"))
        .and_then(|l| l.split_whitespace().next())
        .expect("x should be loaded");
    assert_eq!(stores_of(&text, x), 6, "{text}");
    check_lines(&text, &["= add", "store", "= sub", "store"]);
}

#[test]
fn select_on_a_constant_condition_picks_an_arm() {
    let v = trace("t", |k| {
        let src = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let i = k.arange(0, 8);
        let x = src.load(i);
        let yes = k.constant(true, DType::Bool);
        y.store(i, select(yes, x, 2.0));
        y.store(i, select(i.lt(4), x, x));
    })
    .unwrap();
    let (_, text) = apply(&FoldConstants, &v);
    check_not(&text, &["select"]);
    let x = text
        .lines()
        .find(|l| l.contains("= load"))
        .and_then(|l| l.split_whitespace().next())
        .expect("x should be loaded");
    assert_eq!(stores_of(&text, x), 2, "{text}");
}

#[test]
fn folds_inside_regions() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let s0 = k.zeros([4], DType::I32);
        let r = k.for_range(0, 10, 1, &[s0], |i, c: &[Tile]| {
            vec![c[0] + k.constant(2, DType::I32) * 3 + i * 1]
        });
        y.store(k.arange(0, 4), r[0]);
    })
    .unwrap();
    let (_, text) = apply(&FoldConstants, &v);
    check_lines(&text, &["for ", "constant 6 : 4xi32", "yield"]);
    check_not(&text, &["= mul"]);
}

#[test]
fn leaves_loads_reductions_and_dots_alone() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::F32);
        let a = k.full([4, 4], 1.0, DType::F32);
        let i = k.arange(0, 4);
        y.store(i, a.sum(0));
        let d = metile_lang::dot(a, a, None).sum(1);
        y.store(i, d);
    })
    .unwrap();
    let (changed, text) = apply(&FoldConstants, &v);
    assert!(!changed);
    assert_eq!(text, print(v.kernel()));
}

#[test]
fn nothing_to_fold_reports_no_change() {
    let v = trace("t", |k| {
        let src = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let i = k.arange(0, 8);
        y.store(i, src.load(i).exp());
    })
    .unwrap();
    let (changed, text) = apply(&FoldConstants, &v);
    assert!(!changed);
    assert_eq!(text, print(v.kernel()));
    assert_eq!(FoldConstants.name(), "fold-constants");
}
