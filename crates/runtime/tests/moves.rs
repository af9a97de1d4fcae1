//! Ops that return an operand unchanged (a cast to f32 of float values, a reshape, a select with a
//! uniform condition) take the operand's storage only where they use it last: an operand read
//! again later in the block, or defined outside the loop that runs the op, keeps its value.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_runtime::Arg;

#[test]
fn operands_used_again_keep_their_values() {
    // 300 of the tile's 512 lanes (a ragged mask), and all 512, where the mask is uniformly true
    // and the selects pass their operand through (the path that may take its storage). The f32
    // pass has no cast at all (a cast to its own dtype is folded at trace time); bf16 has one.
    for (dtype, n) in [
        (DType::F32, 300),
        (DType::BF16, 300),
        (DType::F32, 512),
        (DType::BF16, 512),
    ] {
        let kern = compile_raw("pass_through", |k| {
            let (x, y) = (k.input("x", dtype), k.output("y", DType::F32));
            let n = k.scalar("n", DType::I32);
            let i = k.arange(0, 512);
            let inside = i.lt(n);
            let i = i.cast(DType::I64);
            let v = x.load_masked(i, inside, 0.0);
            // Used by the cast, then again below: must not be taken by the cast.
            let a = v.cast(DType::F32);
            let kept = inside.select(a, 0.0);
            let twice = kept + v.cast(DType::F32);
            // Defined outside the loop, cast inside it on every iteration.
            let r = k.for_range(0, 3, 1, &[twice], |_, c| {
                vec![c[0] + inside.select(a, 0.0).cast(DType::F32)]
            });
            y.store_masked(i, r[0], inside);
        });
        // Integers of at most 8 significant bits: exact in bf16.
        let xs: Vec<f32> = (0..n).map(|e| (e % 256) as f32 - 100.0).collect();
        let mut y = f32s(&vec![f32::NAN; n]);
        kern.ok(
            [1, 1, 1],
            &mut [
                Arg::In(&floats(dtype, &xs)),
                Arg::Out(&mut y),
                Arg::I32(n as i32),
            ],
        );
        let want: Vec<f32> = xs.iter().map(|x| 5.0 * x).collect();
        assert_f32_eq(&f32_of(&y), &want, &format!("{dtype} n={n}"));
    }
}
