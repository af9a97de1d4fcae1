//! Tests of the GroupNorm entries: the randomized oracle sweep, determinism, empty batches,
//! bad inputs, the tile choice and the registry adapters.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::*;
use crate::norms::tests::{expect_err, random};
use crate::registry::{find, Tensors};

fn opts(num_groups: usize) -> GroupOptions {
    GroupOptions {
        num_groups,
        eps: 1e-6,
    }
}

#[test]
fn group_norm_matches_oracle() {
    let failures = crate::check::failures(super::check::cases(), &Device::cpu());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn outputs_repeat_bit_for_bit() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[64, 24, 50], 1);
    let w = random(DType::F32, &[24], 2);
    let b = random(DType::F32, &[24], 3);
    let dy = random(DType::F32, &[64, 24, 50], 4);
    let inp = GroupInputs {
        x: &x,
        weight: &w,
        bias: &b,
    };
    let o = opts(6);
    let fwd = forward(&dev, &inp, &o).expect("forward should run");
    let stats = GroupStats {
        mean: &fwd.mean,
        rstd: &fwd.rstd,
    };
    let first = backward(&dev, &inp, &dy, Some(stats), &o).expect("backward should run");
    let recomputed = backward(&dev, &inp, &dy, None, &o).expect("backward should run");
    for _ in 0..3 {
        assert_eq!(forward(&dev, &inp, &o).expect("forward should run"), fwd);
        let again = backward(&dev, &inp, &dy, Some(stats), &o).expect("backward should run");
        assert_eq!(again, first);
        let again = backward(&dev, &inp, &dy, None, &o).expect("backward should run");
        assert_eq!(again, recomputed);
    }
}

#[test]
fn an_empty_batch_gives_empty_outputs_and_zero_parameter_gradients() {
    let dev = Device::cpu();
    let x = Tensor::from_f32(DType::BF16, &[0, 6, 3], &[]).expect("empty tensor");
    let w = random(DType::F32, &[6], 2);
    let inp = GroupInputs {
        x: &x,
        weight: &w,
        bias: &w,
    };
    let f = forward(&dev, &inp, &opts(3)).expect("forward should run");
    assert_eq!(f.y.shape, [0, 6, 3]);
    assert_eq!(f.mean.shape, [0, 3]);
    assert_eq!(f.rstd.shape, [0, 3]);
    let g = backward(&dev, &inp, &x, None, &opts(3)).expect("backward should run");
    assert_eq!(g.dx.shape, [0, 6, 3]);
    assert_eq!(g.dweight.to_f32().expect("f32"), [0.0; 6]);
    assert_eq!(g.dbias.to_f32().expect("f32"), [0.0; 6]);
    // Reused gradients that fit are zeroed too: no reduction runs to write them.
    let nan = |n: usize| Tensor::from_f32(DType::F32, &[n], &vec![f32::NAN; n]).expect("nan");
    let mut out = Some(GroupGrads {
        dx: x.clone(),
        dweight: nan(6),
        dbias: nan(6),
    });
    backward_into(&dev, &inp, &x, None, &opts(3), None, &mut out).expect("backward should run");
    let g = out.expect("outputs");
    assert_eq!(g.dweight.to_f32().expect("f32"), [0.0; 6]);
    assert_eq!(g.dbias.to_f32().expect("f32"), [0.0; 6]);
}

#[test]
fn bad_inputs_are_typed_errors() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[2, 8, 5], 1);
    let w = random(DType::F32, &[8], 2);
    let inp = |x, weight, bias| GroupInputs { x, weight, bias };
    let good = inp(&x, &w, &w);
    let rank1 = random(DType::F32, &[8], 3);
    expect_err(
        forward(&dev, &inp(&rank1, &w, &w), &opts(2)),
        "input `x`: shape [8] must be [B, C, *spatial]",
    );
    let no_positions = random(DType::F32, &[2, 8, 0], 4);
    expect_err(
        forward(&dev, &inp(&no_positions, &w, &w), &opts(2)),
        "has no values per group",
    );
    expect_err(
        forward(&dev, &good, &opts(3)),
        "parameter `num_groups` = `3` must divide the 8 channels of x",
    );
    expect_err(
        backward(&dev, &good, &x, None, &opts(0)),
        "parameter `num_groups` = `0`",
    );
    let short = random(DType::F32, &[7], 5);
    expect_err(
        forward(&dev, &inp(&x, &short, &w), &opts(2)),
        "input `weight`: shape [7] must be [C] = [8]",
    );
    expect_err(
        backward(&dev, &inp(&x, &w, &short), &x, None, &opts(2)),
        "input `bias`: shape [7] must be [C] = [8]",
    );
    let ids = Tensor::new(
        Buffer::from_i64(DType::I64, &[0; 80]).expect("ids"),
        vec![2, 8, 5],
    )
    .expect("ids");
    expect_err(
        forward(&dev, &inp(&ids, &w, &w), &opts(2)),
        "input `x`: dtype i64 is not allowed",
    );
    let int_w = Tensor::new(Buffer::from_i64(DType::I64, &[1; 8]).expect("w"), vec![8]).expect("w");
    expect_err(
        forward(&dev, &inp(&x, &int_w, &w), &opts(2)),
        "input `weight`: dtype i64 is not allowed",
    );
    for eps in [f32::NAN, f32::INFINITY, 0.0, -1.0] {
        let o = GroupOptions { num_groups: 2, eps };
        expect_err(forward(&dev, &good, &o), "parameter `eps`");
    }
    let dy_bad = random(DType::F32, &[2, 8, 6], 6);
    expect_err(
        backward(&dev, &good, &dy_bad, None, &opts(2)),
        "input `dy`: shape [2, 8, 6] must match x [2, 8, 5]",
    );
    expect_err(
        backward(&dev, &good, &ids, None, &opts(2)),
        "input `dy`: dtype i64 is not allowed",
    );
    let f16_stats = random(DType::F16, &[2, 2], 7);
    let f32_stats = random(DType::F32, &[2, 2], 8);
    let wrong_shape = random(DType::F32, &[2, 4], 9);
    let st = |mean, rstd| Some(GroupStats { mean, rstd });
    expect_err(
        backward(&dev, &good, &x, st(&f16_stats, &f32_stats), &opts(2)),
        "input `mean`: the saved statistic must be f32",
    );
    expect_err(
        backward(&dev, &good, &x, st(&f32_stats, &wrong_shape), &opts(2)),
        "input `rstd`: the saved statistic must have shape [B, G] = [2, 2], got [2, 4]",
    );
}

#[test]
fn devices_tile_whole_groups_or_step_through_them() {
    let cpu = Device::cpu();
    assert_eq!(tile_for(&cpu, 4, 512), GroupTile::new(4, 512, 4, 512));
    let t = tile_for(&cpu, 4, 20000);
    assert_eq!((t.channels, t.spatial), (3, 20000));
    assert!(t.c_looped && t.c_masked && !t.l_looped && !t.l_masked);
    let t = tile_for(&cpu, 2, 70001);
    assert_eq!((t.channels, t.spatial), (1, 8192));
    assert!(t.c_looped && !t.c_masked && t.l_looped && t.l_masked);
    // A GPU rounds up to powers of two within 4096 elements.
    let gpu = |cpg, l| {
        let t = tile_on(false, cpg, l);
        (t.channels, t.spatial, t.c_looped, t.l_looped)
    };
    assert_eq!(gpu(4, 512), (4, 512, false, false));
    assert_eq!(gpu(3, 513), (4, 1024, false, false));
    assert_eq!(gpu(4096, 1), (4096, 1, false, false));
    assert_eq!(gpu(16, 1000), (4, 1024, true, false));
    assert_eq!(gpu(2, 70001), (1, 4096, true, true));
}

#[test]
fn entry_points_run_through_the_registry() {
    let dev = Device::cpu();
    let mut inputs = Tensors::new();
    inputs.insert("x".into(), random(DType::BF16, &[2, 6, 3, 2], 1));
    inputs.insert("weight".into(), random(DType::BF16, &[6], 2));
    inputs.insert("bias".into(), random(DType::F32, &[6], 3));
    inputs.insert("dy".into(), random(DType::BF16, &[2, 6, 3, 2], 4));
    let pairs = [("num_groups".to_string(), "3".to_string())];
    let fwd = find(FORWARD).expect("registered");
    let p = fwd.params(&pairs).expect("params");
    let out = fwd.call(&dev, &inputs, &p).expect("forward should run");
    assert_eq!(out["y"].dtype(), DType::BF16);
    assert_eq!(out["mean"].shape, [2, 3]);
    assert_eq!(out["rstd"].dtype(), DType::F32);
    let mut again = out.clone();
    (fwd.run)(&dev, &inputs, &p, &mut again).expect("forward should run");
    assert_eq!(again, out);

    let bwd = find(BACKWARD).expect("registered");
    let p = bwd.params(&pairs).expect("params");
    let recomputed = bwd.call(&dev, &inputs, &p).expect("backward should run");
    assert_eq!(recomputed["dx"].dtype(), DType::BF16);
    assert_eq!(recomputed["dweight"].shape, [6]);
    assert_eq!(recomputed["dbias"].dtype(), DType::F32);
    inputs.insert("mean".into(), out["mean"].clone());
    expect_err(bwd.call(&dev, &inputs, &p), "mean was given without rstd");
    inputs.insert("rstd".into(), out["rstd"].clone());
    let saved = bwd.call(&dev, &inputs, &p).expect("backward should run");
    assert_eq!(saved["dbias"], recomputed["dbias"]);
    let mut again = saved.clone();
    (bwd.run)(&dev, &inputs, &p, &mut again).expect("backward should run");
    assert_eq!(again, saved);

    // The default is one group; a count that does not divide C or is not a number is an error.
    let one = fwd.params(&[]).expect("params");
    assert_eq!(
        fwd.call(&dev, &inputs, &one).expect("runs")["mean"].shape,
        [2, 1]
    );
    let bad = |v: &str| {
        fwd.params(&[("num_groups".into(), v.into())])
            .expect("params")
    };
    expect_err(
        fwd.call(&dev, &inputs, &bad("4")),
        "must divide the 6 channels",
    );
    expect_err(
        fwd.call(&dev, &inputs, &bad("two")),
        "is not a positive integer",
    );
    inputs.remove("bias");
    expect_err(bwd.call(&dev, &inputs, &p), "missing input `bias`");
}

/// The stepped and masked kernels agree with the single-tile ones on the same groups (to FP32
/// summation order).
#[test]
fn stepped_and_single_tile_kernels_agree() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[3, 12, 29], 1);
    let w = random(DType::F32, &[12], 2);
    let b = random(DType::F32, &[12], 3);
    let dy = random(DType::F32, &[3, 12, 29], 4);
    let inp = GroupInputs {
        x: &x,
        weight: &w,
        bias: &b,
    };
    let o = opts(2);
    let whole = forward(&dev, &inp, &o).expect("forward should run");
    let whole_g = backward(&dev, &inp, &dy, None, &o).expect("backward should run");
    for (ch, sp) in [(4, 8), (8, 32), (1, 29), (6, 4)] {
        let tile = Some(GroupTile::new(ch, sp, 6, 29));
        let (mut f, mut g) = (None, None);
        forward_into(&dev, &inp, &o, tile, &mut f).expect("forward should run");
        backward_into(&dev, &inp, &dy, None, &o, tile, &mut g).expect("backward should run");
        let (f, g) = (f.expect("outputs"), g.expect("outputs"));
        let close = |a: &Tensor, b: &Tensor, what: &str| {
            let (a, b) = (a.to_f32().expect("f32"), b.to_f32().expect("f32"));
            for (i, (p, q)) in a.iter().zip(&b).enumerate() {
                assert!(
                    (p - q).abs() <= 1e-5 * q.abs().max(1.0),
                    "tile {ch}x{sp} {what}[{i}]: {p} vs {q}"
                );
            }
        };
        close(&f.y, &whole.y, "y");
        close(&f.mean, &whole.mean, "mean");
        close(&f.rstd, &whole.rstd, "rstd");
        close(&g.dx, &whole_g.dx, "dx");
        close(&g.dweight, &whole_g.dweight, "dweight");
        close(&g.dbias, &whole_g.dbias, "dbias");
    }
}
