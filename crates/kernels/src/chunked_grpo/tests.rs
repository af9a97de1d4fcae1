//! Tests of `chunked_grpo`: the FP64 oracle against central differences of itself (hidden,
//! weight, bias) for each loss type, beta 0 and > 0, delta and the bias-corrected KL, masked
//! tokens and clipping on both sides; the kernel against the oracle on the CPU (the check
//! sweep: f32, f16, bf16, ragged chunks); typed errors; the registry pair.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::check::{sweep, GrpoCase, Mask};
use super::{backward, forward, ChunkedGrpoOptions, GrpoInputs};
use crate::chunked_preference::SavedGrads;
use crate::grpo_loss::LossType;
use crate::reference::chunked_grpo::Grpo;
use crate::registry::OpError;
use crate::testing::to_f64;

fn cpu() -> Device {
    Device::cpu()
}

/// A small case for the oracle's own tests.
fn small(loss_type: LossType, beta: f64, seed: u64) -> GrpoCase {
    GrpoCase {
        dtype: DType::F32,
        seqs: 3,
        t: 4,
        h: 5,
        v: 7,
        loss_type,
        beta,
        temperature: 0.8,
        delta: None,
        bias_correction_kl: false,
        num_items_in_batch: None,
        bias: true,
        mask: Mask::Binary,
        with_old: true,
        with_ref: true,
        storage_param_grads: false,
        chunk_sizes: vec![1, 2, 3],
        seed,
    }
}

/// Central differences of the oracle's loss w.r.t. x, w and bias against its backward.
fn finite_differences(c: &GrpoCase) {
    let (x, w, bias, ids, mask, adv, old, reference) = c.data();
    let (x, w, bias) = (to_f64(&x), to_f64(&w), to_f64(&bias));
    let (mask, adv, old, reference) = (
        to_f64(&mask),
        to_f64(&adv),
        to_f64(&old),
        to_f64(&reference),
    );
    let o = c.oracle_options();
    let problem = |x: &[f64], w: &[f64], b: &[f64]| -> f64 {
        Grpo {
            b: c.seqs,
            t: c.t,
            h: c.h,
            v: c.v,
            x,
            w,
            bias: Some(b),
            ids: &ids,
            mask: &mask,
            advantages: &adv,
            old: Some(&old),
            reference: Some(&reference),
            o,
        }
        .forward()
        .loss
    };
    let g = Grpo {
        b: c.seqs,
        t: c.t,
        h: c.h,
        v: c.v,
        x: &x,
        w: &w,
        bias: Some(&bias),
        ids: &ids,
        mask: &mask,
        advantages: &adv,
        old: Some(&old),
        reference: Some(&reference),
        o,
    }
    .backward(1.0);
    let eps = 1e-6;
    let check = |name: &str, analytic: &[f64], f: &dyn Fn(usize, f64) -> f64| {
        let scale = analytic.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        assert!(scale > 0.0, "{name}: the gradient should not vanish");
        for (i, a) in analytic.iter().enumerate() {
            let fd = (f(i, eps) - f(i, -eps)) / (2.0 * eps);
            assert!(
                (fd - a).abs() <= 1e-6 * scale.max(1.0),
                "{name}[{i}]: finite difference {fd} against analytic {a} ({})",
                c.describe()
            );
        }
    };
    check("dx", &g.dx, &|i, e| {
        let mut p = x.clone();
        p[i] += e;
        problem(&p, &w, &bias)
    });
    check("dw", &g.dw, &|i, e| {
        let mut p = w.clone();
        p[i] += e;
        problem(&x, &p, &bias)
    });
    check("dbias", &g.dbias, &|i, e| {
        let mut p = bias.clone();
        p[i] += e;
        problem(&x, &w, &p)
    });
}

#[test]
fn oracle_matches_finite_differences() {
    for (i, lt) in [
        LossType::Grpo,
        LossType::Dapo,
        LossType::Bnpo,
        LossType::DrGrpo,
    ]
    .into_iter()
    .enumerate()
    {
        for beta in [0.0, 0.3] {
            finite_differences(&small(lt, beta, 10 + i as u64));
        }
    }
    finite_differences(&GrpoCase {
        delta: Some(1.15),
        bias_correction_kl: true,
        mask: Mask::Weighted,
        num_items_in_batch: Some(7.0),
        ..small(LossType::Dapo, 0.2, 31)
    });
}

/// The data clip on both sides: some kept token has `r < 1 - eps_low` with `A < 0` and some
/// `r > 1 + eps_high` with `A > 0`, and the oracle's clip ratio counts them.
#[test]
fn data_clip_on_both_sides() {
    let c = small(LossType::Dapo, 0.0, 5);
    let (x, w, bias, ids, mask, adv, old, _) = c.data();
    let (x, w, bias) = (to_f64(&x), to_f64(&w), to_f64(&bias));
    let (mask, adv, old) = (to_f64(&mask), to_f64(&adv), to_f64(&old));
    let g = Grpo {
        b: c.seqs,
        t: c.t,
        h: c.h,
        v: c.v,
        x: &x,
        w: &w,
        bias: Some(&bias),
        ids: &ids,
        mask: &mask,
        advantages: &adv,
        old: Some(&old),
        reference: None,
        o: c.oracle_options(),
    };
    let (mut low, mut high) = (0.0, 0.0);
    for k in 0..c.seqs * c.t {
        if mask[k] == 0.0 {
            continue;
        }
        let r = (g.token_logp(k) - old[k]).exp();
        if r < 0.8 && adv[k / c.t] < 0.0 {
            low += 1.0;
        }
        if r > 1.28 && adv[k / c.t] > 0.0 {
            high += 1.0;
        }
    }
    assert!(
        low > 0.0 && high > 0.0,
        "both clip sides should be exercised"
    );
    let count: f64 = mask.iter().sum();
    assert_eq!(g.forward().clip_ratio, (low + high) / count);
}

#[test]
fn kernel_matches_oracle_on_the_sweep() {
    let d = cpu();
    for c in sweep() {
        for row in c.run(&d).expect("the case should run") {
            assert!(
                row.pass,
                "{} {} {}: rel {} > tol {}",
                row.output, row.dtype, row.config, row.rel, row.tol
            );
        }
    }
}

struct Owned {
    x: Tensor,
    w: Tensor,
    ids: Tensor,
    mask: Tensor,
    adv: Tensor,
}

fn owned(b: usize, t: usize, h: usize, v: usize) -> Owned {
    let f = |shape: &[usize]| {
        let n: usize = shape.iter().product();
        let vals: Vec<f32> = (0..n).map(|i| ((i * 37 % 11) as f32 - 5.0) / 7.0).collect();
        Tensor::from_f32(DType::F32, shape, &vals).expect("a tensor")
    };
    let ids: Vec<i64> = (0..b * t).map(|i| (i % v) as i64).collect();
    Owned {
        x: f(&[b, t, h]),
        w: f(&[v, h]),
        ids: Tensor::new(Buffer::from_i64(DType::I64, &ids).expect("ids"), vec![b, t])
            .expect("ids"),
        mask: Tensor::from_f32(DType::F32, &[b, t], &vec![1.0; b * t]).expect("mask"),
        adv: f(&[b]),
    }
}

impl Owned {
    fn inputs(&self) -> GrpoInputs<'_> {
        GrpoInputs {
            hidden: &self.x,
            weight: &self.w,
            selected_token_ids: &self.ids,
            attention_mask: &self.mask,
            advantages: &self.adv,
            bias: None,
            ref_per_token_logps: None,
            old_per_token_logps: None,
        }
    }
}

fn expect_error(r: Result<super::GrpoForward, OpError>, what: &str) {
    assert!(
        matches!(r, Err(OpError::BadInput { .. } | OpError::BadParam { .. })),
        "{what}: expected a typed error, got {r:?}"
    );
}

#[test]
fn typed_errors() {
    let d = cpu();
    let o = ChunkedGrpoOptions::default();
    let ok = owned(2, 3, 4, 5);
    assert!(forward(&d, &ok.inputs(), &o, None).is_ok());
    // Shapes.
    let bad_x = Tensor::from_f32(DType::F32, &[6, 4], &[0.0; 24]).expect("x");
    expect_error(
        forward(
            &d,
            &GrpoInputs {
                hidden: &bad_x,
                ..ok.inputs()
            },
            &o,
            None,
        ),
        "rank-2 hidden",
    );
    let bad_w = Tensor::from_f32(DType::F32, &[5, 3], &[0.0; 15]).expect("w");
    expect_error(
        forward(
            &d,
            &GrpoInputs {
                weight: &bad_w,
                ..ok.inputs()
            },
            &o,
            None,
        ),
        "weight width",
    );
    let bad_mask = Tensor::from_f32(DType::F32, &[2, 2], &[1.0; 4]).expect("mask");
    expect_error(
        forward(
            &d,
            &GrpoInputs {
                attention_mask: &bad_mask,
                ..ok.inputs()
            },
            &o,
            None,
        ),
        "mask shape",
    );
    let bad_adv = Tensor::from_f32(DType::F32, &[3], &[1.0; 3]).expect("adv");
    expect_error(
        forward(
            &d,
            &GrpoInputs {
                advantages: &bad_adv,
                ..ok.inputs()
            },
            &o,
            None,
        ),
        "advantages shape",
    );
    let bad_old = Tensor::from_f32(DType::F32, &[2, 4], &[0.0; 8]).expect("old");
    expect_error(
        forward(
            &d,
            &GrpoInputs {
                old_per_token_logps: Some(&bad_old),
                ..ok.inputs()
            },
            &o,
            None,
        ),
        "old shape",
    );
    let f_ids = Tensor::from_f32(DType::F32, &[2, 3], &[0.0; 6]).expect("ids");
    expect_error(
        forward(
            &d,
            &GrpoInputs {
                selected_token_ids: &f_ids,
                ..ok.inputs()
            },
            &o,
            None,
        ),
        "float ids",
    );
    // Ids out of range at a kept token; fine at a masked one.
    let mut ids = vec![0i64; 6];
    ids[4] = 5;
    let ids =
        Tensor::new(Buffer::from_i64(DType::I64, &ids).expect("ids"), vec![2, 3]).expect("ids");
    expect_error(
        forward(
            &d,
            &GrpoInputs {
                selected_token_ids: &ids,
                ..ok.inputs()
            },
            &o,
            None,
        ),
        "id V",
    );
    let mut m = vec![1.0f32; 6];
    m[4] = 0.0;
    let m = Tensor::from_f32(DType::F32, &[2, 3], &m).expect("mask");
    assert!(forward(
        &d,
        &GrpoInputs {
            selected_token_ids: &ids,
            attention_mask: &m,
            ..ok.inputs()
        },
        &o,
        None
    )
    .is_ok());
    // Options.
    for bad in [
        ChunkedGrpoOptions {
            loss_type: LossType::DrGrpo,
            ..o
        },
        ChunkedGrpoOptions {
            loss_type: LossType::Luspo,
            ..o
        },
        ChunkedGrpoOptions {
            loss_type: LossType::Cispo,
            ..o
        },
        ChunkedGrpoOptions {
            loss_type: LossType::Sapo,
            ..o
        },
        ChunkedGrpoOptions {
            temperature: 0.0,
            ..o
        },
        ChunkedGrpoOptions {
            temperature: f64::NAN,
            ..o
        },
        ChunkedGrpoOptions { chunk_size: 0, ..o },
        ChunkedGrpoOptions {
            delta: Some(0.0),
            ..o
        },
        ChunkedGrpoOptions {
            beta: f64::INFINITY,
            ..o
        },
        ChunkedGrpoOptions {
            max_completion_length: Some(0),
            ..o
        },
        ChunkedGrpoOptions {
            num_items_in_batch: Some(f64::NAN),
            ..o
        },
    ] {
        expect_error(forward(&d, &ok.inputs(), &bad, None), &format!("{bad:?}"));
    }
    // The backward without its saved gradients.
    let dl = Tensor::from_f32(DType::F32, &[], &[1.0]).expect("dloss");
    let none = SavedGrads {
        hidden: None,
        weight: None,
        bias: None,
    };
    assert!(backward(&d, &ok.inputs(), none, &dl, &o, None).is_err());
}

/// Without old log-probabilities the loss is that with each token's own (r = 1).
#[test]
fn missing_old_is_the_tokens_own() {
    let c = GrpoCase {
        with_old: false,
        with_ref: false,
        ..small(LossType::Grpo, 0.0, 9)
    };
    let rows = c.run(&cpu()).expect("the case should run");
    assert!(rows.iter().all(|r| r.pass));
}

#[test]
fn registry_pair_scales_by_dloss() {
    use crate::registry::{find, Tensors};
    let d = cpu();
    let ok = owned(2, 3, 4, 5);
    let mut t = Tensors::new();
    t.insert("hidden".into(), ok.x.clone());
    t.insert("weight".into(), ok.w.clone());
    t.insert("selected_token_ids".into(), ok.ids.clone());
    t.insert("attention_mask".into(), ok.mask.clone());
    t.insert("advantages".into(), ok.adv.clone());
    let fwd = find("chunked_grpo.forward").expect("the forward entry");
    let p = fwd.params(&[]).expect("the default parameters");
    let out = fwd.call(&d, &t, &p).expect("the forward should run");
    assert!(out.contains_key("kl_mean"), "beta 0.04 reports kl_mean");
    let gw = out["grad_weight"].to_f32().expect("grad_weight");
    for name in ["grad_hidden", "grad_weight"] {
        t.insert(name.into(), out[name].clone());
    }
    t.insert(
        "dloss".into(),
        Tensor::from_f32(DType::F32, &[], &[2.5]).expect("dloss"),
    );
    let bwd = find("chunked_grpo.backward").expect("the backward entry");
    let g = bwd.call(&d, &t, &p).expect("the backward should run");
    let dw = g["dweight"].to_f32().expect("dweight");
    for (a, b) in dw.iter().zip(&gw) {
        assert_eq!(*a, 2.5 * b);
    }
    let no_kl = fwd.params(&[("beta".into(), "0".into())]).expect("beta 0");
    assert!(!fwd
        .call(&d, &t, &no_kl)
        .expect("beta 0 runs")
        .contains_key("kl_mean"));
    let gspo = fwd.params(&[("importance_sampling_level".into(), "sequence".into())]);
    assert!(gspo.is_err() || fwd.call(&d, &t, &gspo.expect("parsed")).is_err());
    let dr = fwd
        .params(&[("loss_type".into(), "dr_grpo".into())])
        .expect("dr_grpo parses");
    assert!(
        fwd.call(&d, &t, &dr).is_err(),
        "dr_grpo needs max_completion_length"
    );
    let dr = fwd
        .params(&[
            ("loss_type".into(), "dr_grpo".into()),
            ("max_completion_length".into(), "4".into()),
        ])
        .expect("dr_grpo parses");
    assert!(fwd.call(&d, &t, &dr).is_ok());
}
