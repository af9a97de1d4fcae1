//! Tests of the DyT entries: the randomized oracle sweep, determinism, empty inputs, bad inputs
//! and the registry adapters.
#![allow(clippy::panic)]

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::*;
use crate::norms::tests::{expect_err, random};
use crate::registry::{find, Tensors};

#[test]
fn dyt_matches_oracle() {
    let failures = crate::check::failures(super::check::cases(), &Device::cpu());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn parameter_gradients_repeat_bit_for_bit() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[300, 96], 1);
    let alpha = random(DType::F32, &[1], 2);
    let gamma = random(DType::F32, &[96], 3);
    let beta = random(DType::F32, &[96], 4);
    let dy = random(DType::F32, &[300, 96], 5);
    let inp = DytInputs {
        x: &x,
        alpha: &alpha,
        gamma: &gamma,
        beta: Some(&beta),
    };
    let first = backward(&dev, &inp, &dy).unwrap();
    for _ in 0..3 {
        assert_eq!(backward(&dev, &inp, &dy).unwrap(), first);
    }
}

#[test]
fn no_rows_give_empty_outputs_and_zero_parameter_gradients() {
    let dev = Device::cpu();
    let x = Tensor::from_f32(DType::BF16, &[0, 6], &[]).unwrap();
    let alpha = random(DType::F32, &[1], 1);
    let gamma = random(DType::F32, &[6], 2);
    let inp = DytInputs {
        x: &x,
        alpha: &alpha,
        gamma: &gamma,
        beta: Some(&gamma),
    };
    assert_eq!(forward(&dev, &inp).unwrap().shape, [0, 6]);
    let g = backward(&dev, &inp, &x).unwrap();
    assert_eq!(g.dx.shape, [0, 6]);
    assert_eq!(g.dalpha.to_f32().unwrap(), [0.0]);
    assert_eq!(g.dgamma.to_f32().unwrap(), [0.0; 6]);
    assert_eq!(g.dbeta.unwrap().to_f32().unwrap(), [0.0; 6]);
    // Reused gradients that fit are zeroed too: no reduction runs to write them.
    let nan = |n: usize| Tensor::from_f32(DType::F32, &[n], &vec![f32::NAN; n]).unwrap();
    let mut out = Some(DytGrads {
        dx: x.clone(),
        dalpha: nan(1),
        dgamma: nan(6),
        dbeta: Some(nan(6)),
    });
    backward_into(&dev, &inp, &x, None, &mut out).unwrap();
    let g = out.unwrap();
    assert_eq!(g.dalpha.to_f32().unwrap(), [0.0]);
    assert_eq!(g.dgamma.to_f32().unwrap(), [0.0; 6]);
    assert_eq!(g.dbeta.unwrap().to_f32().unwrap(), [0.0; 6]);
}

#[test]
fn bad_inputs_are_typed_errors() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[4, 8], 1);
    let alpha = random(DType::F32, &[1], 2);
    let gamma = random(DType::F32, &[8], 3);
    let inp = |x, alpha, gamma, beta| DytInputs {
        x,
        alpha,
        gamma,
        beta,
    };
    let scalar = random(DType::F32, &[], 4);
    expect_err(
        forward(&dev, &inp(&x, &scalar, &gamma, None)),
        "input `alpha`: shape [] must be [1]",
    );
    let two = random(DType::F32, &[2], 5);
    expect_err(
        forward(&dev, &inp(&x, &two, &gamma, None)),
        "shape [2] must be [1]",
    );
    let short = random(DType::F32, &[7], 6);
    expect_err(
        forward(&dev, &inp(&x, &alpha, &short, None)),
        "input `gamma`: shape [7] must be [cols] = [8]",
    );
    expect_err(
        backward(&dev, &inp(&x, &alpha, &gamma, Some(&short)), &x),
        "input `beta`: shape [7] must be [cols] = [8]",
    );
    let ids = Tensor::new(Buffer::from_i64(DType::I64, &[0; 32]).unwrap(), vec![4, 8]).unwrap();
    expect_err(
        forward(&dev, &inp(&ids, &alpha, &gamma, None)),
        "dtype i64 is not allowed",
    );
    let int_alpha = Tensor::new(Buffer::from_i64(DType::I64, &[1]).unwrap(), vec![1]).unwrap();
    expect_err(
        forward(&dev, &inp(&x, &int_alpha, &gamma, None)),
        "input `alpha`: dtype i64 is not allowed",
    );
    let dy_bad = random(DType::F32, &[4, 9], 7);
    expect_err(
        backward(&dev, &inp(&x, &alpha, &gamma, None), &dy_bad),
        "input `dy`: shape [4, 9] must match x [4, 8]",
    );
    expect_err(
        backward(&dev, &inp(&x, &alpha, &gamma, None), &ids),
        "input `dy`: dtype i64 is not allowed",
    );
    let empty_cols = random(DType::F32, &[4, 0], 8);
    expect_err(
        forward(&dev, &inp(&empty_cols, &alpha, &gamma, None)),
        "last axis has 0 columns",
    );
}

#[test]
fn entry_points_run_through_the_registry() {
    let dev = Device::cpu();
    let mut inputs = Tensors::new();
    inputs.insert("x".into(), random(DType::BF16, &[2, 3, 5], 1));
    inputs.insert("alpha".into(), random(DType::F32, &[1], 2));
    inputs.insert("gamma".into(), random(DType::BF16, &[5], 3));
    inputs.insert("beta".into(), random(DType::BF16, &[5], 4));
    inputs.insert("dy".into(), random(DType::BF16, &[2, 3, 5], 5));
    for name in [FORWARD, BACKWARD] {
        let e = find(name).unwrap();
        let p = e.params(&[]).unwrap();
        let out = e.call(&dev, &inputs, &p).unwrap();
        for port in e.outputs {
            assert!(out.contains_key(port.name), "{name}: missing {}", port.name);
        }
        // Outputs are reused on a second call.
        let mut again = out.clone();
        (e.run)(&dev, &inputs, &p, &mut again).unwrap();
        assert_eq!(again, out);
    }
    let bwd = find(BACKWARD).unwrap();
    let none = bwd.params(&[]).unwrap();
    let out = bwd.call(&dev, &inputs, &none).unwrap();
    assert_eq!(out["dx"].dtype(), DType::BF16);
    assert_eq!(out["dalpha"].shape, [1]);
    assert_eq!(out["dgamma"].dtype(), DType::F32);
    // Without beta there is no dbeta.
    inputs.remove("beta");
    let out = bwd.call(&dev, &inputs, &none).unwrap();
    assert!(!out.contains_key("dbeta"));
    inputs.remove("alpha");
    expect_err(bwd.call(&dev, &inputs, &none), "missing input `alpha`");
}

/// The stepped kernels agree with the single-tile ones on the same rows (to FP32 summation
/// order in the parameter gradients).
#[test]
fn stepped_and_single_tile_kernels_agree() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[5, 300], 1);
    let alpha = random(DType::F32, &[1], 2);
    let gamma = random(DType::F32, &[300], 3);
    let dy = random(DType::F32, &[5, 300], 4);
    let inp = DytInputs {
        x: &x,
        alpha: &alpha,
        gamma: &gamma,
        beta: Some(&gamma),
    };
    let stepped = Tiling {
        block: 64,
        exact: false,
        looped: true,
        prefetch: false,
    };
    let (mut y, mut g) = (None, None);
    forward_into(&dev, &inp, Some(stepped), &mut y).unwrap();
    backward_into(&dev, &inp, &dy, Some(stepped), &mut g).unwrap();
    let (y, g) = (y.unwrap(), g.unwrap());
    assert_eq!(y, forward(&dev, &inp).unwrap());
    let whole = backward(&dev, &inp, &dy).unwrap();
    assert_eq!(g.dx, whole.dx);
    assert_eq!(g.dgamma, whole.dgamma);
    assert_eq!(g.dbeta, whole.dbeta);
    let (a, b) = (
        g.dalpha.to_f32().unwrap()[0],
        whole.dalpha.to_f32().unwrap()[0],
    );
    assert!((a - b).abs() <= 1e-5 * a.abs().max(1.0), "{a} vs {b}");
}
