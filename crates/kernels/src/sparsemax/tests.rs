//! Tests of the sparsemax entries: the randomized oracle sweep, stepped rows against one tile,
//! determinism, empty inputs, bad inputs, the registry and the CUDA lowering.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::*;
use crate::norms::tests::{expect_err, random};
use crate::reference::sparsemax as oracle;
use crate::testing::to_f64;

#[test]
fn sparsemax_matches_the_oracle() {
    let failures = crate::check::failures(super::check::cases(), &Device::cpu());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Rows walked in column steps (128 and 1000 wide, as a GPU steps rows wider than 16384) give
/// the single tile's results, within FP32 rounding of the sums taken in another order, and
/// both match the oracle; ragged widths leave a partial last step.
#[test]
fn stepped_rows_match_single_tile_rows() {
    let dev = Device::cpu();
    for (rows, cols, seed) in [(3, 1000, 1), (2, 5000, 2), (4, 129, 3), (1, 1, 4)] {
        let x = random(DType::F32, &[rows, cols], seed);
        let dy = random(DType::F32, &[rows, cols], seed + 10);
        let one = run(&dev, &x, None, false, None).expect("forward should run");
        let want = oracle::forward(&to_f64(&x.to_f32().expect("x")), rows, cols);
        let dx_one = run(&dev, &one, Some(&dy), false, None).expect("backward should run");
        for block in [128, 1000] {
            let s = Some(Tiling::stepped(block));
            let y = run_tiled(&dev, &x, None, false, None, s).expect("stepped forward");
            let (a, b) = (one.to_f32().expect("y"), y.to_f32().expect("y"));
            for i in 0..a.len() {
                assert!(
                    (a[i] - b[i]).abs() <= 1e-6 && (f64::from(b[i]) - want[i]).abs() <= 1e-6,
                    "{rows}x{cols} block {block} [{i}]: {} vs {} (oracle {})",
                    a[i],
                    b[i],
                    want[i]
                );
            }
            let dx = run_tiled(&dev, &one, Some(&dy), false, None, s).expect("stepped backward");
            let (a, b) = (dx_one.to_f32().expect("dx"), dx.to_f32().expect("dx"));
            for i in 0..a.len() {
                assert!((a[i] - b[i]).abs() <= 1e-5, "[{i}] {} vs {}", a[i], b[i]);
            }
        }
    }
}

/// The support found without sorting is the sort's: on rows with many ties at the threshold
/// and with tied maxima, `y` is 0 exactly where the oracle's is, and the refined threshold is
/// exact (ties give exactly representable outputs here).
#[test]
fn ties_give_the_exact_support() {
    let dev = Device::cpu();
    // tau = 3.25: {4, 3.5} in the support, the 3.25s tied with the threshold.
    let mut x = vec![3.25f32; 40];
    x[0] = 4.0;
    x[17] = 3.5;
    for (i, v) in x.iter_mut().enumerate() {
        if i % 3 == 1 && i != 17 {
            *v = 1.0 - i as f32 / 40.0;
        }
    }
    // Three tied maxima: tau = 2 - 1/3; a constant row: 1/n each.
    let mut tied = vec![-1.0f32; 40];
    for i in [3, 20, 39] {
        tied[i] = 2.0;
    }
    let constant = vec![-7.25f32; 40];
    for (row, support) in [(x, 2), (tied, 3), (constant, 40)] {
        let t = Tensor::from_f32(DType::F32, &[1, 40], &row).expect("x");
        let want = oracle::forward(&to_f64(&row), 1, 40);
        for tiling in [None, Some(Tiling::stepped(16))] {
            let y = run_tiled(&dev, &t, None, false, None, tiling).expect("forward");
            let y = y.to_f32().expect("y");
            assert_eq!(y.iter().filter(|v| **v > 0.0).count(), support);
            for (a, b) in y.iter().zip(&want) {
                assert!((f64::from(*a) - b).abs() <= 1e-7, "{tiling:?}: {a} vs {b}");
            }
        }
    }
}

#[test]
fn outputs_repeat_bit_for_bit() {
    let dev = Device::cpu();
    for (dtype, cols) in [(DType::F32, 300), (DType::BF16, 70_000)] {
        let x = random(dtype, &[3, cols], 5);
        let dy = random(dtype, &[3, cols], 6);
        let y = run(&dev, &x, None, false, None).expect("forward should run");
        let dx = run(&dev, &y, Some(&dy), true, None).expect("backward should run");
        for _ in 0..3 {
            assert_eq!(run(&dev, &x, None, false, None).expect("forward"), y);
            assert_eq!(run(&dev, &y, Some(&dy), true, None).expect("backward"), dx);
        }
    }
}

#[test]
fn no_rows_give_empty_outputs() {
    let dev = Device::cpu();
    let x = Tensor::from_f32(DType::F16, &[0, 7], &[]).expect("empty tensor");
    let y = run(&dev, &x, None, false, None).expect("forward should run");
    assert_eq!(y.shape, [0, 7]);
    let dx = run(&dev, &y, Some(&x), true, None).expect("backward should run");
    assert_eq!((dx.shape.as_slice(), dx.dtype()), (&[0, 7][..], DType::F32));
}

#[test]
fn bad_inputs_are_typed_errors() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[2, 3], 1);
    let scalar = Tensor::from_f32(DType::F32, &[], &[1.0]).expect("scalar");
    expect_err(
        run(&dev, &scalar, None, false, None),
        "input `x`: must have at least one axis",
    );
    expect_err(
        run(&dev, &scalar, Some(&scalar), false, None),
        "input `y`: must have at least one axis",
    );
    let no_cols = Tensor::zeros(DType::F32, &[2, 0]);
    expect_err(run(&dev, &no_cols, None, false, None), "columns 1 to");
    let ints = Tensor::new(
        Buffer::from_i64(DType::I64, &[0; 6]).expect("ids"),
        vec![2, 3],
    )
    .expect("ids");
    expect_err(
        run(&dev, &ints, None, false, None),
        "input `x`: dtype i64 is not allowed",
    );
    expect_err(
        run(&dev, &x, Some(&ints), false, None),
        "input `dy`: dtype i64 is not allowed",
    );
    let transposed = random(DType::F32, &[3, 2], 2);
    expect_err(
        run(&dev, &x, Some(&transposed), false, None),
        "input `dy`: shape [3, 2] must match y [2, 3]",
    );
    let half = random(DType::BF16, &[2, 3], 3);
    expect_err(
        run(&dev, &x, Some(&half), false, None),
        "input `dy`: dtype bf16 must match y's f32",
    );
}

/// The registry's entries run, and the backward takes the forward's output.
#[test]
fn registry_entries_run() {
    let dev = Device::cpu();
    let fwd = crate::registry::find("sparsemax.forward").expect("registered");
    let bwd = crate::registry::find("sparsemax.backward").expect("registered");
    let mut t = Tensors::new();
    t.insert("x".into(), random(DType::F16, &[4, 33], 7));
    let y = fwd
        .call(&dev, &t, &fwd.params(&[]).expect("params"))
        .expect("forward should run")
        .remove("y")
        .expect("y");
    let mut b = Tensors::new();
    b.insert("y".into(), y);
    b.insert("dy".into(), random(DType::F16, &[4, 33], 8));
    let p = bwd
        .params(&[("grad_dtype".into(), "f32".into())])
        .expect("params");
    let dx = bwd
        .call(&dev, &b, &p)
        .expect("backward")
        .remove("dx")
        .expect("dx");
    assert_eq!(dx.dtype(), DType::F32);
    // Each row's gradient sums to 0 (dy minus its support mean, on the support).
    let dx = dx.to_f32().expect("dx");
    for r in 0..4 {
        let s: f32 = dx[r * 33..(r + 1) * 33].iter().sum();
        assert!(s.abs() < 1e-5, "row {r}: {s}");
    }
}

/// Both directions, one masked tile and 4096-column steps (a GPU's tilings), lower to CUDA.
#[test]
fn sparsemax_kernels_lower_to_cuda() {
    use metile_codegen::{cuda_source, Target};
    for tiling in [
        representative_spec(DType::F32, 1000, false, false).tiling,
        Tiling::stepped(4096),
    ] {
        for x in [DType::F32, DType::F16, DType::BF16] {
            for backward in [false, true] {
                let spec = SparsemaxSpec {
                    backward,
                    x,
                    dy: x,
                    out: x,
                    tiling,
                };
                let k = metile_opt::canonicalize(kernel(&spec).expect("traces"))
                    .expect("canonicalizes");
                let lowered = cuda_source(&k, &Target::sm90());
                assert!(lowered.is_ok(), "{spec:?}: {:?}", lowered.err());
            }
        }
    }
}
