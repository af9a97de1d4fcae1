//! Tests of the PolyNorm entries: the randomized oracle sweep, determinism, empty inputs, bad
//! inputs and the registry adapters.
#![allow(clippy::panic)]

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::*;
use crate::norms::tests::{expect_err, random};
use crate::registry::{find, Tensors};

#[test]
fn poly_norm_matches_oracle() {
    let failures = crate::check::failures(super::check::cases(), &Device::cpu());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn gradients_repeat_bit_for_bit_and_no_rows_give_zeros() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[300, 96], 1);
    let w = random(DType::F32, &[3], 2);
    let b = random(DType::F32, &[1], 3);
    let dy = random(DType::F32, &[300, 96], 4);
    let inp = PolyInputs {
        x: &x,
        weight: &w,
        bias: &b,
    };
    let first = backward(&dev, &inp, &dy, 1e-6).unwrap();
    assert_eq!(backward(&dev, &inp, &dy, 1e-6).unwrap(), first);
    let empty = Tensor::from_f32(DType::F16, &[0, 6], &[]).unwrap();
    let inp = PolyInputs { x: &empty, ..inp };
    assert_eq!(forward(&dev, &inp, 1e-6).unwrap().shape, [0, 6]);
    let g = backward(&dev, &inp, &empty, 1e-6).unwrap();
    assert_eq!(g.dweight.to_f32().unwrap(), [0.0; 3]);
    assert_eq!(g.dbias.to_f32().unwrap(), [0.0]);
    // Reused gradients that fit are zeroed too: no reduction runs to write them.
    let nan = |n: usize| Tensor::from_f32(DType::F32, &[n], &vec![f32::NAN; n]).unwrap();
    let mut out = Some(PolyGrads {
        dx: empty.clone(),
        dweight: nan(3),
        dbias: nan(1),
    });
    backward_into(&dev, &inp, &empty, 1e-6, None, &mut out).unwrap();
    let g = out.unwrap();
    assert_eq!(g.dweight.to_f32().unwrap(), [0.0; 3]);
    assert_eq!(g.dbias.to_f32().unwrap(), [0.0]);
}

#[test]
fn bad_inputs_are_typed_errors() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[4, 8], 1);
    let w = random(DType::F32, &[3], 2);
    let b = random(DType::F32, &[1], 3);
    let inp = |x, weight, bias| PolyInputs { x, weight, bias };
    let two = random(DType::F32, &[2], 4);
    expect_err(
        forward(&dev, &inp(&x, &two, &b), 1e-6),
        "input `weight`: shape [2] must be [3]",
    );
    expect_err(
        forward(&dev, &inp(&x, &w, &two), 1e-6),
        "input `bias`: shape [2] must be [1]",
    );
    expect_err(forward(&dev, &inp(&x, &w, &b), 0.0), "eps");
    expect_err(forward(&dev, &inp(&x, &w, &b), f32::NAN), "eps");
    let ids = Tensor::new(Buffer::from_i64(DType::I64, &[0; 32]).unwrap(), vec![4, 8]).unwrap();
    expect_err(
        forward(&dev, &inp(&ids, &w, &b), 1e-6),
        "dtype i64 is not allowed",
    );
    let int_weight = Tensor::new(Buffer::from_i64(DType::I64, &[1; 3]).unwrap(), vec![3]).unwrap();
    expect_err(
        forward(&dev, &inp(&x, &int_weight, &b), 1e-6),
        "input `weight`: dtype i64 is not allowed",
    );
    let int_bias = Tensor::new(Buffer::from_i64(DType::I64, &[1]).unwrap(), vec![1]).unwrap();
    expect_err(
        forward(&dev, &inp(&x, &w, &int_bias), 1e-6),
        "input `bias`: dtype i64 is not allowed",
    );
    let dy_bad = random(DType::F32, &[4, 9], 5);
    expect_err(
        backward(&dev, &inp(&x, &w, &b), &dy_bad, 1e-6),
        "input `dy`: shape [4, 9] must match x [4, 8]",
    );
    expect_err(
        backward(&dev, &inp(&x, &w, &b), &ids, 1e-6),
        "input `dy`: dtype i64 is not allowed",
    );
    let empty_cols = random(DType::F32, &[4, 0], 6);
    expect_err(
        forward(&dev, &inp(&empty_cols, &w, &b), 1e-6),
        "last axis has 0 columns",
    );
}

#[test]
fn entry_points_run_through_the_registry() {
    let dev = Device::cpu();
    let mut inputs = Tensors::new();
    inputs.insert("x".into(), random(DType::BF16, &[2, 3, 5], 1));
    inputs.insert("weight".into(), random(DType::F32, &[3], 2));
    inputs.insert("bias".into(), random(DType::BF16, &[1], 3));
    inputs.insert("dy".into(), random(DType::BF16, &[2, 3, 5], 4));
    for name in [FORWARD, BACKWARD] {
        let e = find(name).unwrap();
        let p = e.params(&[("eps".into(), "1e-5".into())]).unwrap();
        let out = e.call(&dev, &inputs, &p).unwrap();
        for port in e.outputs {
            assert!(out.contains_key(port.name), "{name}: missing {}", port.name);
        }
        let mut again = out.clone();
        (e.run)(&dev, &inputs, &p, &mut again).unwrap();
        assert_eq!(again, out);
        let p = e.params(&[("eps".into(), "-1".into())]).unwrap();
        expect_err(e.call(&dev, &inputs, &p), "eps");
    }
}

/// The stepped kernels agree with the single-tile ones on the same rows (to FP32 summation
/// order in the row statistics).
#[test]
fn stepped_and_single_tile_kernels_agree() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[5, 300], 1);
    let w = random(DType::F32, &[3], 2);
    let b = random(DType::F32, &[1], 3);
    let dy = random(DType::F32, &[5, 300], 4);
    let inp = PolyInputs {
        x: &x,
        weight: &w,
        bias: &b,
    };
    let stepped = Tiling {
        block: 64,
        exact: false,
        looped: true,
        prefetch: false,
    };
    let (mut y, mut g) = (None, None);
    forward_into(&dev, &inp, 1e-6, Some(stepped), &mut y).unwrap();
    backward_into(&dev, &inp, &dy, 1e-6, Some(stepped), &mut g).unwrap();
    let close = |a: &Tensor, b: &Tensor| {
        let (a, b) = (a.to_f32().unwrap(), b.to_f32().unwrap());
        let m = b.iter().fold(1.0f32, |m, v| m.max(v.abs()));
        for (p, q) in a.iter().zip(&b) {
            assert!((p - q).abs() <= 1e-5 * m, "{p} vs {q}");
        }
    };
    let g = g.unwrap();
    let whole = backward(&dev, &inp, &dy, 1e-6).unwrap();
    close(&y.unwrap(), &forward(&dev, &inp, 1e-6).unwrap());
    close(&g.dx, &whole.dx);
    close(&g.dweight, &whole.dweight);
    close(&g.dbias, &whole.dbias);
}
