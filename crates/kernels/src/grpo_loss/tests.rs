//! Tests of the GRPO loss entries: the randomized oracle sweep (on the CPU and in the GPU
//! lowering's form), stepped rows against one tile, masked tokens never read, determinism, ids
//! left in device memory, no tokens, bad inputs and parameters, the registry and the CUDA
//! lowering.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::check::{sweep, GrpoCase};
use super::*;
use crate::check::{failures, CheckCase};
use crate::cross_entropy::tests::targets_unread;
use crate::norms::tests::random;

fn ids(dtype: DType, shape: &[usize], v: &[i64]) -> Tensor {
    Tensor::new(Buffer::from_i64(dtype, v).expect("ids"), shape.to_vec()).expect("ids")
}

fn f32s(shape: &[usize], v: &[f32]) -> Tensor {
    Tensor::from_f32(DType::F32, shape, v).expect("tensor")
}

/// The error message of `r`, or "" when it succeeded.
fn message<T>(r: Result<T, OpError>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

fn stepped(block: usize) -> Tiling {
    Tiling {
        block,
        exact: false,
        looped: true,
        prefetch: false,
    }
}

fn as_cases(cases: Vec<GrpoCase>) -> Vec<CheckCase> {
    cases
        .into_iter()
        .map(|c| CheckCase {
            op: "grpo_loss",
            label: c.config(),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect()
}

#[test]
fn grpo_loss_matches_the_oracle() {
    let failed = failures(check::cases(), &Device::cpu());
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// The kernels in the form the GPU lowering takes them (`metile_codegen::gpu_form`) pass the
/// sweep's cases up to 1000 columns on the CPU.
#[test]
fn the_gpu_form_of_the_kernels_matches_the_oracle() {
    let cases: Vec<GrpoCase> = sweep().into_iter().filter(|c| c.v <= 1000).collect();
    assert!(cases.len() > 50, "{} cases", cases.len());
    let failed = failures(as_cases(cases), &Device::cpu_in_gpu_form());
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// A small problem: logits `[b, l+1, v]` in `dtype`, in-range ids (int32), advantages of both
/// signs, a 0/1 int32 mask with every fourth token masked, old and reference log-probabilities.
struct Small {
    logits: Tensor,
    ids: Tensor,
    adv: Tensor,
    mask: Tensor,
    old: Tensor,
    reference: Tensor,
    dloss: Tensor,
}

impl Small {
    fn new(dtype: DType, b: usize, l: usize, v: usize, seed: u64) -> Small {
        let n = b * l;
        let y: Vec<i64> = (0..n as i64).map(|i| (i * 7 + 3) % v as i64).collect();
        let m: Vec<i64> = (0..n).map(|i| i64::from(i % 4 != 2)).collect();
        // Old log-probabilities around -log V: ratios spread on both sides of the clip range.
        let base = -(v as f32).ln();
        let old: Vec<f32> = random(DType::F32, &[n], seed + 3)
            .to_f32()
            .expect("old")
            .iter()
            .map(|e| base + 0.5 * e)
            .collect();
        Small {
            logits: random(dtype, &[b, l + 1, v], seed),
            ids: ids(DType::I32, &[b, l], &y),
            adv: random(DType::F32, &[b], seed + 1),
            mask: ids(DType::I32, &[b, l], &m),
            old: f32s(&[b, l], &old),
            reference: random(DType::BF16, &[b, l], seed + 4),
            dloss: random(DType::F32, &[b, l], seed + 5),
        }
    }

    fn inputs(&self) -> GrpoInputs<'_> {
        GrpoInputs {
            logits: &self.logits,
            completion_ids: &self.ids,
            advantages: &self.adv,
            completion_mask: Some(&self.mask),
            old_logp: Some(&self.old),
            ref_logp: Some(&self.reference),
        }
    }
}

/// Rows walked in column steps (128 and 1000 wide), or held in a masked tile wider than the row
/// (a GPU's), give the exact tile's values within FP32 rounding of sums taken in another order;
/// ragged widths leave a partial last step.
#[test]
fn stepped_rows_match_single_tile_rows() {
    let dev = Device::cpu();
    for (b, l, v, seed) in [
        (2, 3, 1000, 1),
        (2, 2, 5000, 2),
        (3, 2, 129, 3),
        (2, 3, 1, 4),
    ] {
        let p = Small::new(DType::F32, b, l, v, seed);
        let x = p.inputs();
        let o = GrpoOptions {
            use_bias_correction_kl: true,
            ..GrpoOptions::default()
        };
        let one = forward(&dev, &x, &o).expect("forward");
        let g_one = backward(&dev, &x, &o, &one.lse, &p.dloss, true, None).expect("backward");
        let masked = Tiling {
            block: v.next_power_of_two() * 2,
            exact: false,
            looped: false,
            prefetch: false,
        };
        for tiling in [stepped(128), stepped(1000), masked] {
            let (block, tiling) = (tiling.block, Some(tiling));
            let f = forward_tiled(&dev, &x, &o, tiling, Default::default()).expect("fwd");
            for (a, b) in [(&one.loss, &f.loss), (&one.kl, &f.kl), (&one.lse, &f.lse)] {
                let (a, b) = (a.to_f32().expect("a"), b.to_f32().expect("b"));
                for (x, z) in a.iter().zip(&b) {
                    assert!(
                        (x - z).abs() <= 4e-6 * (1.0 + x.abs()),
                        "{v} {block}: {x} vs {z}"
                    );
                }
            }
            assert_eq!(one.is_clipped, f.is_clipped, "{v} {block}");
            let g = backward_tiled(&dev, &x, &o, &f.lse, &p.dloss, true, tiling, None)
                .expect("stepped backward");
            let (a, b) = (g_one.to_f32().expect("g"), g.to_f32().expect("g"));
            for (x, z) in a.iter().zip(&b) {
                assert!((x - z).abs() <= 1e-5, "{v} {block}: {x} vs {z}");
            }
        }
    }
}

/// Masked tokens are skipped: NaN logits in their rows (and in every last position) change
/// nothing, their outputs and gradient are exact zeros, and their ids may be anything.
#[test]
fn masked_tokens_are_never_read() {
    let dev = Device::cpu();
    let (b, l, v) = (2, 4, 33);
    let p = Small::new(DType::BF16, b, l, v, 9);
    let o = GrpoOptions::default();
    let x = p.inputs();
    let f = forward(&dev, &x, &o).expect("forward");
    let g = backward(&dev, &x, &o, &f.lse, &p.dloss, false, None).expect("backward");
    let mut z = p.logits.to_f32().expect("logits");
    let mut y = p.ids.buffer.to_i64().expect("ids");
    let m = p.mask.buffer.to_i64().expect("mask");
    for t in 0..b * l {
        if m[t] == 0 {
            let row = t + t / l;
            z[row * v..(row + 1) * v].fill(f32::NAN);
            y[t] = if t % 2 == 0 { -1 } else { 1 << 40 };
        }
    }
    for s in 0..b {
        let row = s * (l + 1) + l;
        z[row * v..(row + 1) * v].fill(f32::NAN);
    }
    let poisoned = Tensor::from_f32(DType::BF16, &[b, l + 1, v], &z).expect("z");
    let bad_ids = ids(DType::I64, &[b, l], &y);
    let xp = GrpoInputs {
        logits: &poisoned,
        completion_ids: &bad_ids,
        ..x
    };
    let fp = forward(&dev, &xp, &o).expect("forward");
    assert_eq!(fp, f);
    let gp = backward(&dev, &xp, &o, &fp.lse, &p.dloss, false, None).expect("backward");
    assert_eq!(gp, g);
    let (loss, gv) = (f.loss.to_f32().expect("loss"), g.to_f32().expect("g"));
    for t in 0..b * l {
        let row = t + t / l;
        let zero = gv[row * v..(row + 1) * v].iter().all(|e| *e == 0.0);
        assert_eq!(m[t] == 0, zero && loss[t] == 0.0, "token {t}");
    }
    for s in 0..b {
        let row = s * (l + 1) + l;
        assert!(gv[row * v..(row + 1) * v].iter().all(|e| *e == 0.0));
    }
}

#[test]
fn outputs_repeat_bit_for_bit() {
    let dev = Device::cpu();
    for (dtype, v) in [(DType::F32, 300), (DType::BF16, 70_000)] {
        let p = Small::new(dtype, 2, 3, v, 5);
        let o = GrpoOptions::default();
        let run = || {
            let f = forward(&dev, &p.inputs(), &o).expect("forward");
            let g = backward(&dev, &p.inputs(), &o, &f.lse, &p.dloss, false, None);
            (f, g.expect("backward"))
        };
        let first = run();
        for _ in 0..2 {
            assert_eq!(run(), first);
        }
    }
}

/// Ids left unread: the kernels' guard gives the oracle's values on good tokens and NaN on a
/// kept token whose id is out of range (forward and gradient), where the host read gives a
/// typed error; a masked token's bad id is not an error either way.
#[test]
fn ids_left_in_device_memory_are_guarded() {
    let dev = Device::cpu();
    let some: Vec<_> = check::cases().into_iter().step_by(7).collect();
    let failed = targets_unread(|| failures(some, &dev));
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    let (b, l, v) = (1, 3, 5);
    let p = Small::new(DType::F32, b, l, v, 2);
    // Token 1 is kept with id 5 (out of range); token 2 is masked with id -7.
    let y = ids(DType::I64, &[b, l], &[1, 5, -7]);
    let mask = ids(DType::I64, &[b, l], &[1, 1, 0]);
    let x = GrpoInputs {
        completion_ids: &y,
        completion_mask: Some(&mask),
        ..p.inputs()
    };
    let o = GrpoOptions::default();
    assert!(
        message(forward(&dev, &x, &o))
            .contains("token 1 (sequence 0, position 1): id 5 is outside 0..5"),
        "{}",
        message(forward(&dev, &x, &o))
    );
    let (f, g) = targets_unread(|| {
        let f = forward(&dev, &x, &o).expect("forward");
        let g = backward(&dev, &x, &o, &f.lse, &p.dloss, true, None);
        (f, g.expect("backward"))
    });
    for out in [&f.loss, &f.kl, &f.is_clipped] {
        let e = out.to_f32().expect("out");
        assert!(e[0].is_finite() && e[1].is_nan() && e[2] == 0.0, "{e:?}");
    }
    let g = g.to_f32().expect("g");
    assert!(g[..v].iter().all(|e| e.is_finite()), "{g:?}");
    assert!(g[v..2 * v].iter().all(|e| e.is_nan()), "{g:?}");
    assert!(g[2 * v..].iter().all(|e| *e == 0.0), "{g:?}");
}

/// `L = 0` (logits `[B, 1, V]`): empty outputs and an all-zero gradient; `B = 0`: empty.
#[test]
fn no_tokens_give_empty_outputs() {
    let dev = Device::cpu();
    let z = random(DType::F16, &[2, 1, 7], 1);
    let y = ids(DType::I64, &[2, 0], &[]);
    let adv = f32s(&[2], &[1.0, -1.0]);
    let none = f32s(&[2, 0], &[]);
    let x = GrpoInputs {
        logits: &z,
        completion_ids: &y,
        advantages: &adv,
        completion_mask: None,
        old_logp: None,
        ref_logp: Some(&none),
    };
    let o = GrpoOptions::default();
    let f = forward(&dev, &x, &o).expect("forward");
    assert_eq!(f.loss.shape, [2, 0]);
    let prev = crate::check::poisoned(&dev, DType::F16, &[2, 1, 7]).expect("poisoned");
    let g = backward(&dev, &x, &o, &f.lse, &none, false, Some(prev)).expect("backward");
    assert_eq!(
        (g.shape.as_slice(), g.dtype()),
        (&[2, 1, 7][..], DType::F16)
    );
    assert!(g.to_f32().expect("g").iter().all(|e| *e == 0.0));
    let z0 = random(DType::F32, &[0, 3, 7], 1);
    let y0 = ids(DType::I64, &[0, 2], &[]);
    let adv0 = f32s(&[0], &[]);
    let x0 = GrpoInputs {
        logits: &z0,
        completion_ids: &y0,
        advantages: &adv0,
        completion_mask: None,
        old_logp: None,
        ref_logp: None,
    };
    let o0 = GrpoOptions { beta: 0.0, ..o };
    let f0 = forward(&dev, &x0, &o0).expect("forward");
    assert_eq!(f0.lse.shape, [0, 2]);
    let d0 = f32s(&[0, 2], &[]);
    let g0 = backward(&dev, &x0, &o0, &f0.lse, &d0, false, None).expect("backward");
    assert_eq!(g0.shape, [0, 3, 7]);
}

#[test]
fn bad_inputs_are_typed_errors() {
    let dev = Device::cpu();
    let p = Small::new(DType::F32, 2, 3, 4, 1);
    let x = p.inputs();
    let o = GrpoOptions::default();
    let fwd = |x: &GrpoInputs<'_>, o: &GrpoOptions| message(forward(&dev, x, o));
    assert!(fwd(&x, &o).is_empty());
    // Logits: rank, dtype, empty axes.
    let flat = random(DType::F32, &[2, 16], 2);
    assert!(fwd(&GrpoInputs { logits: &flat, ..x }, &o)
        .contains("input `logits`: shape [2, 16] must be [B, L+1, V]"));
    let int_logits = ids(DType::I64, &[2, 4, 4], &[0; 32]);
    assert!(fwd(
        &GrpoInputs {
            logits: &int_logits,
            ..x
        },
        &o
    )
    .contains("input `logits`: dtype i64 is not allowed"));
    let no_v = f32s(&[2, 4, 0], &[]);
    assert!(fwd(&GrpoInputs { logits: &no_v, ..x }, &o).contains("classes"));
    // Per-token inputs: shapes and dtypes.
    let short = ids(DType::I64, &[2, 2], &[0; 4]);
    assert!(fwd(
        &GrpoInputs {
            completion_ids: &short,
            ..x
        },
        &o
    )
    .contains("input `completion_ids`: shape [2, 2] must be the logits' tokens [2, 3]"));
    let float_ids = f32s(&[2, 3], &[0.0; 6]);
    assert!(fwd(
        &GrpoInputs {
            completion_ids: &float_ids,
            ..x
        },
        &o
    )
    .contains("use int32 or int64"));
    let adv3 = f32s(&[3], &[1.0; 3]);
    assert!(fwd(
        &GrpoInputs {
            advantages: &adv3,
            ..x
        },
        &o
    )
    .contains("input `advantages`: shape [3] must be the logits' sequences [2]"));
    let int_adv = ids(DType::I32, &[2], &[1, 1]);
    assert!(fwd(
        &GrpoInputs {
            advantages: &int_adv,
            ..x
        },
        &o
    )
    .contains("input `advantages`: dtype i32 is not allowed"));
    let mask_t = ids(DType::I32, &[3, 2], &[1; 6]);
    assert!(fwd(
        &GrpoInputs {
            completion_mask: Some(&mask_t),
            ..x
        },
        &o
    )
    .contains("input `completion_mask`: shape [3, 2]"));
    let old_int = ids(DType::I64, &[2, 3], &[0; 6]);
    assert!(fwd(
        &GrpoInputs {
            old_logp: Some(&old_int),
            ..x
        },
        &o
    )
    .contains("input `old_logp`: dtype i64"));
    let ref_short = f32s(&[2], &[0.0; 2]);
    assert!(fwd(
        &GrpoInputs {
            ref_logp: Some(&ref_short),
            ..x
        },
        &o
    )
    .contains("input `ref_logp`: shape [2]"));
    // beta != 0 needs ref_logp; beta = 0 ignores it.
    assert!(fwd(
        &GrpoInputs {
            ref_logp: None,
            ..x
        },
        &o
    )
    .contains("input `ref_logp`: is required when beta != 0"));
    let beta0 = GrpoOptions { beta: 0.0, ..o };
    assert!(fwd(
        &GrpoInputs {
            ref_logp: None,
            ..x
        },
        &beta0
    )
    .is_empty());
    assert!(fwd(
        &GrpoInputs {
            ref_logp: Some(&ref_short),
            ..x
        },
        &beta0
    )
    .is_empty());
    // Ids: out of range at a kept token (the deviation from Liger); masked tokens unread.
    let bad_y = ids(DType::I64, &[2, 3], &[0, 1, 2, 3, 4, 0]);
    assert!(fwd(
        &GrpoInputs {
            completion_ids: &bad_y,
            ..x
        },
        &o
    )
    .contains("token 4 (sequence 1, position 1): id 4 is outside 0..4"));
    let mask4 = ids(DType::I64, &[2, 3], &[1, 1, 1, 1, 0, 1]);
    let masked_bad = GrpoInputs {
        completion_ids: &bad_y,
        completion_mask: Some(&mask4),
        ..x
    };
    assert!(fwd(&masked_bad, &o).is_empty());
    let bool_mask = Tensor::new(
        Buffer::from_bool(&[true, true, true, true, false, true]),
        vec![2, 3],
    )
    .expect("bool mask");
    assert!(fwd(
        &GrpoInputs {
            completion_mask: Some(&bool_mask),
            ..masked_bad
        },
        &o
    )
    .is_empty());
    // Parameters.
    let param = |o: GrpoOptions| fwd(&x, &o);
    assert!(param(GrpoOptions {
        temperature: 0.0,
        ..o
    })
    .contains("temperature"));
    assert!(param(GrpoOptions {
        temperature: -1.0,
        ..o
    })
    .contains("must be positive"));
    assert!(param(GrpoOptions {
        beta: f32::NAN,
        ..o
    })
    .contains("must be finite"));
    assert!(param(GrpoOptions {
        delta: Some(0.0),
        ..o
    })
    .contains("delta"));
    assert!(param(GrpoOptions {
        delta: Some(2.0),
        loss_type: LossType::Cispo,
        ..o
    })
    .contains("PPO loss types only"));
    assert!(param(GrpoOptions {
        loss_type: LossType::Sapo,
        sapo_temperature_neg: 0.0,
        ..o
    })
    .contains("sapo_temperature_neg"));
    assert!(param(GrpoOptions {
        sapo_temperature_neg: 0.0,
        ..o
    })
    .is_empty());
    // The backward: lse and dloss.
    let f = forward(&dev, &x, &o).expect("forward");
    let bwd =
        |lse: &Tensor, dloss: &Tensor| message(backward(&dev, &x, &o, lse, dloss, false, None));
    assert!(bwd(&f.lse, &p.dloss).is_empty());
    let lse_bf16 = random(DType::BF16, &[2, 3], 3);
    assert!(bwd(&lse_bf16, &p.dloss).contains("input `lse`: dtype bf16 is not allowed"));
    assert!(bwd(&ref_short, &p.dloss).contains("input `lse`: shape [2]"));
    assert!(bwd(&f.lse, &old_int).contains("input `dloss`: dtype i64"));
    assert!(bwd(&f.lse, &mask_t).contains("input `dloss`"));
    assert!(message(backward(
        &dev,
        &GrpoInputs {
            completion_ids: &bad_y,
            ..x
        },
        &o,
        &f.lse,
        &p.dloss,
        false,
        None
    ))
    .contains("id 4 is outside"));
}

/// The registry's entries run end to end: the backward takes the forward's outputs by name;
/// every parameter is parsed, and what is not implemented is a typed error.
#[test]
fn registry_entries_run() {
    let dev = Device::cpu();
    let fwd = crate::registry::find("grpo_loss.forward").expect("registered");
    let bwd = crate::registry::find("grpo_loss.backward").expect("registered");
    let p = Small::new(DType::F16, 2, 3, 33, 7);
    let mut t = Tensors::new();
    t.insert("logits".into(), p.logits.clone());
    t.insert("completion_ids".into(), p.ids.clone());
    t.insert("advantages".into(), p.adv.clone());
    t.insert("completion_mask".into(), p.mask.clone());
    t.insert("old_logp".into(), p.old.clone());
    t.insert("ref_logp".into(), p.reference.clone());
    let given = [
        ("loss_type", "grpo"),
        ("temperature", "0.7"),
        ("beta", "0.1"),
        ("delta", "1.5"),
        ("use_bias_correction_kl", "true"),
    ];
    let given: Vec<(String, String)> = given
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let params = fwd.params(&given).expect("params");
    let out = fwd.call(&dev, &t, &params).expect("forward");
    assert_eq!(out["loss"].shape, [2, 3]);
    let o = GrpoOptions {
        loss_type: LossType::Grpo,
        temperature: 0.7,
        beta: 0.1,
        delta: Some(1.5),
        use_bias_correction_kl: true,
        ..GrpoOptions::default()
    };
    assert_eq!(options(&params).expect("options"), o);
    let direct = forward(&dev, &p.inputs(), &o).expect("forward");
    assert_eq!(out["loss"], direct.loss);
    for (k, v) in out {
        t.insert(k, v);
    }
    t.insert("dloss".into(), p.dloss.clone());
    let mut given_b = given.clone();
    given_b.push(("grad_dtype".into(), "f32".into()));
    let pb = bwd.params(&given_b).expect("params");
    let g = bwd.call(&dev, &t, &pb).expect("backward").remove("dlogits");
    let g = g.expect("dlogits");
    assert_eq!(
        (g.dtype(), g.shape.as_slice()),
        (DType::F32, &[2, 4, 33][..])
    );
    // Each row's gradient sums to 0 (onehot minus a softmax).
    let g = g.to_f32().expect("g");
    for r in 0..8 {
        let sum: f32 = g[r * 33..(r + 1) * 33].iter().sum();
        assert!(sum.abs() < 1e-5, "row {r}: {sum}");
    }
    // Optional inputs may be left out (beta 0 without ref_logp, no mask, no old_logp).
    let mut bare = Tensors::new();
    for name in ["logits", "completion_ids", "advantages"] {
        bare.insert(name.into(), t[name].clone());
    }
    let p0 = fwd.params(&[("beta".into(), "0".into())]).expect("params");
    assert!(fwd.call(&dev, &bare, &p0).is_ok());
    assert!(message(fwd.call(&dev, &bare, &fwd.params(&[]).expect("params"))).contains("ref_logp"));
    for (k, v, what) in [
        ("loss_type", "vespo", "loss_type"),
        (
            "importance_sampling_level",
            "sequence",
            "importance_sampling_level",
        ),
        ("delta", "x", "delta"),
        ("use_bias_correction_kl", "yes", "use_bias_correction_kl"),
        ("temperature", "inf", "temperature"),
    ] {
        let r = fwd
            .params(&[(k.into(), v.into())])
            .and_then(|p| fwd.call(&dev, &t, &p));
        assert!(message(r).contains(what), "{k}={v}");
    }
}

/// Both directions, in every dtype, every surrogate and optional input, one masked tile, one
/// exact tile and 4096-column steps (a GPU's tilings), with ids read by the host or guarded,
/// lower to CUDA.
#[test]
fn grpo_loss_kernels_lower_to_cuda() {
    use metile_codegen::{cuda_source, Target};
    let mut lowered = 0;
    for tiling in [
        representative_spec(DType::F32, 1024, false, false).tiling,
        representative_spec(DType::F32, 4096, true, false).tiling,
        stepped(4096),
    ] {
        for dtype in [DType::F32, DType::F16, DType::BF16] {
            for backward in [false, true] {
                for (surrogate, delta, bias, mask, old, reference) in [
                    (
                        Surrogate::Ppo,
                        true,
                        true,
                        Some(DType::Bool),
                        None,
                        Some(DType::BF16),
                    ),
                    (Surrogate::Ppo, false, false, None, Some(DType::F32), None),
                    (Surrogate::Cispo, false, false, Some(DType::F32), None, None),
                    (
                        Surrogate::Sapo,
                        false,
                        true,
                        Some(DType::I64),
                        Some(DType::F16),
                        Some(DType::F32),
                    ),
                ] {
                    for device_ids in [false, true] {
                        let spec = GrpoSpec {
                            tiling,
                            device_ids,
                            surrogate,
                            delta,
                            bias_correction_kl: bias,
                            mask,
                            old_logp: old,
                            ref_logp: reference,
                            ..representative_spec(dtype, 1, false, backward)
                        };
                        let k = metile_opt::canonicalize(kernel(&spec).expect("traces"))
                            .expect("canonicalizes");
                        let out = cuda_source(&k, &Target::sm90());
                        assert!(out.is_ok(), "{spec:?}: {:?}", out.err());
                        lowered += 1;
                    }
                }
            }
        }
    }
    assert_eq!(lowered, 144);
}

/// The sweep's cases up to `max_v` columns with `fault` injected, and the outputs that fail.
fn failing_outputs(fault: Fault, min_v: usize, max_v: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in sweep()
        .into_iter()
        .filter(|c| (min_v..=max_v).contains(&c.v))
    {
        let c = GrpoCase { fault, ..c };
        match c.run(&Device::cpu()) {
            Ok(rows) => out.extend(rows.into_iter().filter(|r| !r.pass).map(|r| r.output)),
            Err(e) => out.push(format!("error: {e}")),
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Mutation sanity: each deliberate fault fails the sweep on the outputs it changes (and the
/// unfaulted kernels pass the same cases).
#[test]
fn the_check_catches_deliberate_faults() {
    assert!(failing_outputs(Fault::None, 1, 1000).is_empty());
    let grad = "grpo_loss.backward:dlogits";
    let loss = "grpo_loss.forward:loss";
    for (fault, want, min_v, max_v) in [
        (Fault::NoClamp, &[grad, loss][..], 1, 1000),
        (Fault::StrictTie, &[grad], 1, 1000),
        (Fault::DeltaLeaks, &[grad], 1, 1000),
        (Fault::KlGradSign, &[grad], 1, 1000),
        (Fault::PlainKlGrad, &[grad], 1, 1000),
        (
            Fault::UnweightedMask,
            &[grad, loss, "grpo_loss.forward:kl"],
            1,
            1000,
        ),
        (Fault::NoTemperatureInGrad, &[grad], 1, 1000),
        // The last sequence's last position reads past the per-token buffers.
        (
            Fault::LastPositionKept,
            &["error: kernel `grpo_loss_bwd`: load of buffer"],
            1,
            1000,
        ),
        (Fault::SapoNoRatio, &[grad], 1, 1000),
        (
            Fault::ClipAtZeroAdvantage,
            &["grpo_loss.forward:is_clipped"],
            1,
            1000,
        ),
        (
            Fault::MaskedLanesZero,
            &[grad, loss, "grpo_loss.forward:lse"],
            70000,
            70000,
        ),
    ] {
        let got = failing_outputs(fault, min_v, max_v);
        for w in want {
            assert!(
                got.iter().any(|g| g.starts_with(w)),
                "{fault:?}: {w} not caught: {got:?}"
            );
        }
    }
}

/// `reduce=True`: the host reductions of the kernels' outputs match the oracle's of the same
/// values for every loss type and mask kind, and the per-token cotangent is the reduction's
/// derivative w.r.t. each token's loss (central differences of the oracle's reduction, exact for
/// a linear function); the composed gradient is the oracle's of the reduced loss.
#[test]
fn reductions_match_the_oracle() {
    use super::reduce::{cotangent, reduce, ReduceOptions};
    use crate::reference::grpo_loss as oracle;
    let dev = Device::cpu();
    let (b, l, v) = (3, 5, 17);
    let p = Small::new(DType::F32, b, l, v, 21);
    let weights: Vec<f32> = (0..b * l)
        .map(|t| {
            if t % 4 == 1 {
                0.0
            } else {
                0.5 + (t % 3) as f32
            }
        })
        .collect();
    let weight_mask = f32s(&[b, l], &weights);
    let masks = [None, Some(&p.mask), Some(&weight_mask)];
    for (loss_type, name) in LossType::ALL {
        for mask in masks {
            for (max_len, normalizer) in [(None, None), (Some(9), Some(4.5))] {
                let o = GrpoOptions {
                    loss_type,
                    eps_high: if loss_type == LossType::Cispo {
                        1.3
                    } else {
                        0.4
                    },
                    ..GrpoOptions::default()
                };
                let x = GrpoInputs {
                    completion_mask: mask,
                    ..p.inputs()
                };
                let f = forward(&dev, &x, &o).expect("forward");
                let ro = ReduceOptions {
                    loss_type,
                    max_completion_length: max_len,
                    normalizer,
                    with_kl: true,
                };
                let got = reduce(&f, mask, &ro).expect("reduce");
                let wide = |t: &Tensor| -> Vec<f64> {
                    if t.dtype().is_int() {
                        let ints = t.buffer.to_i64().expect("values");
                        ints.into_iter().map(|v| v as f64).collect()
                    } else {
                        let floats = t.to_f32().expect("values");
                        floats.into_iter().map(f64::from).collect()
                    }
                };
                let m = mask.map_or_else(|| vec![1.0; b * l], wide);
                let (loss, kl, clipped) = (wide(&f.loss), wide(&f.kl), wide(&f.is_clipped));
                let want =
                    oracle::reduce(name, &loss, &kl, &clipped, &m, (b, l), max_len, normalizer);
                let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * (1.0 + b.abs());
                assert!(close(got.loss, want.0), "{name}: {got:?} vs {want:?}");
                assert!(close(got.kl_mean.expect("kl"), want.1), "{name}");
                assert!(close(got.clip_ratio, want.2), "{name}");
                let dloss = 0.75;
                let g = cotangent(&dev, dloss, mask, [b, l], &ro).expect("cotangent");
                let g = g.to_f32().expect("g");
                for t in 0..b * l {
                    let h = 1e-3;
                    let at = |d: f64| {
                        let mut shifted = loss.to_vec();
                        shifted[t] += d;
                        let r = oracle::reduce(
                            name,
                            &shifted,
                            &kl,
                            &clipped,
                            &m,
                            (b, l),
                            max_len,
                            normalizer,
                        );
                        r.0
                    };
                    let fd = dloss * (at(h) - at(-h)) / (2.0 * h);
                    assert!(
                        (f64::from(g[t]) - fd).abs() <= 1e-6 * (1.0 + fd.abs()),
                        "{name} {t}: {} vs {fd}",
                        g[t]
                    );
                }
            }
        }
    }
    // Bad options and masks are typed errors.
    let f = forward(&dev, &p.inputs(), &GrpoOptions::default()).expect("forward");
    let ro = ReduceOptions {
        loss_type: LossType::DrGrpo,
        max_completion_length: Some(0),
        normalizer: None,
        with_kl: false,
    };
    assert!(message(reduce(&f, None, &ro)).contains("max_completion_length"));
    let ok = ReduceOptions {
        max_completion_length: None,
        ..ro
    };
    let wrong = f32s(&[b * l], &weights);
    assert!(message(reduce(&f, Some(&wrong), &ok)).contains("input `completion_mask`: shape"));
    assert_eq!(reduce(&f, None, &ok).expect("reduce").kl_mean, None);
}
