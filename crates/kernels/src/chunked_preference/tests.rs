//! Chunked preference loss unit tests: the check sweep's small cases on the CPU (and the
//! logits' row sums stepped in narrow tiles), chunk-size independence, repeats, the backward's
//! scaling, typed errors for bad inputs and options, and the registry entries.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::check::PrefCase;
use super::*;
use crate::registry::find;

fn run(cases: Vec<PrefCase>) {
    let cases: Vec<_> = cases
        .into_iter()
        .map(|c| crate::check::CheckCase {
            op: c.op(),
            label: c.describe(),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect();
    let failures = crate::check::failures(cases, &Device::cpu());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn small_cases_match_the_oracle() {
    let cases: Vec<_> = check::sweep()
        .into_iter()
        .filter(|c| c.v <= 37 && c.dtype != DType::F16)
        .collect();
    assert!(cases.len() >= 20, "{} cases", cases.len());
    run(cases);
}

/// The logits' row sums stepped in narrow column tiles (the path rows wider than the device's
/// tile take) match the oracle too; so does the rest of the sweep at V = 300 in f32.
#[test]
fn stepped_rows_match_the_oracle() {
    let cases: Vec<_> = check::sweep()
        .into_iter()
        .filter(|c| c.dtype == DType::F32 && c.v <= 37)
        .take(4)
        .enumerate()
        .map(|(i, c)| PrefCase {
            step: Some(if i % 2 == 0 { 8 } else { 16 }),
            ..c
        })
        .collect();
    assert_eq!(cases.len(), 4);
    run(cases);
}

#[test]
fn wide_f32_cases_match_the_oracle() {
    let cases: Vec<_> = check::sweep()
        .into_iter()
        .filter(|c| c.v == 300 && c.dtype == DType::F32)
        .collect();
    assert!(cases.len() >= 5, "{} cases", cases.len());
    run(cases);
}

/// Each compared output is a row, and each passes with a non-trivial reference.
#[test]
fn every_output_is_compared() {
    let c = check::sweep()
        .into_iter()
        .find(|c| c.op() == "chunked_orpo")
        .expect("the sweep has ORPO cases");
    let rows = c.run(&Device::cpu()).unwrap();
    // 10 forward outputs and 3 gradients per chunk size.
    assert_eq!(rows.len(), c.chunk_sizes.len() * 13);
    assert!(rows.iter().all(|r| r.pass), "{rows:?}");
    assert!(rows.iter().any(|r| r.output.ends_with("log_odds_chosen")));
}

fn ids(shape: &[usize], v: &[i64]) -> Tensor {
    Tensor::new(Buffer::from_i64(DType::I64, v).unwrap(), shape.to_vec()).unwrap()
}

/// A tensor of `shape` with varied values.
fn varied(d: DType, shape: &[usize], seed: u64) -> Tensor {
    let n = shape.iter().product();
    let mut rng = crate::testing::Rng::new(seed);
    let mut v = rng.normal_vec(n, 0.0, 1.0);
    crate::testing::round_to_storage(&mut v, d);
    Tensor::from_f32(d, shape, &v).unwrap()
}

struct Problem {
    x: Tensor,
    w: Tensor,
    b: Tensor,
    y: Tensor,
    rx: Tensor,
    rw: Tensor,
}

impl Problem {
    fn new(dt: DType, pairs: usize, t: usize, h: usize, v: usize) -> Problem {
        let n = 2 * pairs * t;
        let y: Vec<i64> = (0..n as i64)
            .map(|i| if i % 5 == 2 { -100 } else { (i * 7) % v as i64 })
            .collect();
        Problem {
            x: varied(dt, &[2 * pairs, t, h], 1),
            w: varied(dt, &[v, h], 2),
            b: varied(dt, &[v], 3),
            y: ids(&[2 * pairs, t], &y),
            rx: varied(dt, &[2 * pairs, t, h + 1], 4),
            rw: varied(dt, &[v, h + 1], 5),
        }
    }

    fn inputs(&self) -> PrefInputs<'_> {
        PrefInputs {
            hidden: &self.x,
            weight: &self.w,
            target: &self.y,
            bias: Some(&self.b),
            ref_hidden: Some(&self.rx),
            ref_weight: Some(&self.rw),
            ref_bias: None,
        }
    }
}

fn dpo_with_ref() -> ChunkedPrefOptions {
    ChunkedPrefOptions {
        use_ref_model: true,
        ..ChunkedPrefOptions::new(PrefOptions {
            compute_nll: true,
            ..PrefOptions::dpo()
        })
    }
}

/// `lp`, rewards and `grad_hidden` do not depend on the chunk size (bit for bit on the CPU),
/// nor the loss beyond f64 summation order; the same call repeats bit for bit.
#[test]
fn chunking_leaves_outputs_unchanged_and_repeats_are_exact() {
    let dev = Device::cpu();
    for dt in [DType::F32, DType::BF16] {
        let p = Problem::new(dt, 7, 4, 6, 23);
        let run = |chunk_size| {
            let o = ChunkedPrefOptions {
                chunk_size,
                ..dpo_with_ref()
            };
            let f = forward(&dev, &p.inputs(), &o, None).unwrap();
            (
                f.loss.to_f32().unwrap()[0],
                [
                    f.chosen_logps.to_f32().unwrap(),
                    f.rejected_logps.to_f32().unwrap(),
                    f.chosen_rewards.to_f32().unwrap(),
                    f.grads.hidden.to_f32().unwrap(),
                ],
                f.grads.weight.to_f32().unwrap(),
            )
        };
        let base = run(7);
        assert!(base.0.is_finite() && base.0 > 0.0, "{}", base.0);
        for c in [1, 2, 3, 6, 100] {
            let r = run(c);
            assert!(
                (r.0 - base.0).abs() <= 1e-6 * base.0.abs(),
                "{dt} {c}: loss"
            );
            assert_eq!(r.1, base.1, "{dt} chunk_size {c}");
            let close =
                r.2.iter()
                    .zip(&base.2)
                    .all(|(a, b)| (a - b).abs() <= 1e-5 * (1.0 + b.abs()));
            assert!(close, "{dt} chunk_size {c}: grad_weight");
        }
        let again = run(3);
        assert_eq!(again, run(3), "{dt}: repeats");
    }
}

/// The backward returns the saved gradients times `dloss`: exactly them for 1.
#[test]
fn backward_scales_the_saved_gradients() {
    let dev = Device::cpu();
    let p = Problem::new(DType::F32, 2, 3, 4, 9);
    let o = dpo_with_ref();
    let f = forward(&dev, &p.inputs(), &o, None).unwrap();
    let saved = SavedGrads::of(&f.grads);
    for dl in [1.0f32, -2.5] {
        let d = Tensor::from_f32(DType::F32, &[], &[dl]).unwrap();
        let g = backward(&dev, &p.inputs(), saved, &d, &o, None).unwrap();
        for (got, want) in [
            (&g.hidden, &f.grads.hidden),
            (&g.weight, &f.grads.weight),
            (g.bias.as_ref().unwrap(), f.grads.bias.as_ref().unwrap()),
        ] {
            let want: Vec<f32> = want.to_f32().unwrap().iter().map(|w| w * dl).collect();
            assert_eq!(got.to_f32().unwrap(), want, "dloss {dl}");
        }
    }
    // A missing saved gradient and a cotangent of two values are typed errors.
    let d = Tensor::from_f32(DType::F32, &[2], &[1.0, 1.0]).unwrap();
    assert!(matches!(
        backward(&dev, &p.inputs(), saved, &d, &o, None),
        Err(OpError::BadInput { .. })
    ));
    let one = Tensor::from_f32(DType::F32, &[], &[1.0]).unwrap();
    let partial = SavedGrads {
        bias: None,
        ..saved
    };
    assert!(matches!(
        backward(&dev, &p.inputs(), partial, &one, &o, None),
        Err(OpError::MissingInput { .. })
    ));
}

fn message<T>(r: Result<T, OpError>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

/// Bad shapes, dtypes, targets and options are typed errors naming what is wrong; nothing
/// panics.
#[test]
fn bad_inputs_are_typed_errors() {
    let dev = Device::cpu();
    let p = Problem::new(DType::F32, 2, 3, 4, 9);
    let o = dpo_with_ref();
    let fwd = |inp: &PrefInputs<'_>, o: &ChunkedPrefOptions| message(forward(&dev, inp, o, None));
    let ok = p.inputs();
    assert_eq!(fwd(&ok, &o), "");
    // An odd batch, a 2-D hidden and an empty batch.
    let odd = varied(DType::F32, &[3, 3, 4], 9);
    let odd_y = ids(&[3, 3], &[0; 9]);
    let e = fwd(
        &PrefInputs {
            hidden: &odd,
            target: &odd_y,
            ..ok
        },
        &o,
    );
    assert!(e.contains("[2B, T, H]"), "{e}");
    let flat = varied(DType::F32, &[12, 4], 9);
    assert!(fwd(
        &PrefInputs {
            hidden: &flat,
            ..ok
        },
        &o
    )
    .contains("hidden"));
    let empty = Tensor::zeros(DType::F32, &[0, 3, 4]);
    assert!(fwd(
        &PrefInputs {
            hidden: &empty,
            ..ok
        },
        &o
    )
    .contains("B >= 1"));
    let no_tokens = Tensor::zeros(DType::F32, &[4, 0, 4]);
    let no_y = ids(&[4, 0], &[]);
    let e = fwd(
        &PrefInputs {
            hidden: &no_tokens,
            target: &no_y,
            ..ok
        },
        &o,
    );
    assert!(e.contains("T >= 1"), "{e}");
    // Shapes and dtypes that do not match.
    let w_bad = varied(DType::F32, &[9, 5], 9);
    assert!(fwd(
        &PrefInputs {
            weight: &w_bad,
            ..ok
        },
        &o
    )
    .contains("weight"));
    let w_bf16 = varied(DType::BF16, &[9, 4], 9);
    assert!(fwd(
        &PrefInputs {
            weight: &w_bf16,
            ..ok
        },
        &o
    )
    .contains("dtype"));
    let b_bad = varied(DType::F32, &[8], 9);
    assert!(fwd(
        &PrefInputs {
            bias: Some(&b_bad),
            ..ok
        },
        &o
    )
    .contains("bias"));
    let y_bad = ids(&[4, 2], &[0; 8]);
    assert!(fwd(
        &PrefInputs {
            target: &y_bad,
            ..ok
        },
        &o
    )
    .contains("target"));
    let y_range = ids(&[4, 3], &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0]);
    assert!(fwd(
        &PrefInputs {
            target: &y_range,
            ..ok
        },
        &o
    )
    .contains("outside"));
    let y_float = varied(DType::F32, &[4, 3], 9);
    assert!(fwd(
        &PrefInputs {
            target: &y_float,
            ..ok
        },
        &o
    )
    .contains("int32/int64"));
    let x_int = ids(&[4, 3, 4], &[0; 48]);
    assert!(fwd(
        &PrefInputs {
            hidden: &x_int,
            ..ok
        },
        &o
    )
    .contains("hidden"));
    // The reference model: missing, of other T, of other V.
    let no_ref = PrefInputs {
        ref_hidden: None,
        ..ok
    };
    assert!(fwd(&no_ref, &o).contains("missing input `ref_hidden"));
    assert_eq!(
        fwd(
            &no_ref,
            &ChunkedPrefOptions {
                use_ref_model: false,
                ..o
            }
        ),
        ""
    );
    let rx_t = varied(DType::F32, &[4, 2, 5], 9);
    assert!(fwd(
        &PrefInputs {
            ref_hidden: Some(&rx_t),
            ..ok
        },
        &o
    )
    .contains("ref_hidden"));
    let rw_v = varied(DType::F32, &[8, 5], 9);
    assert!(fwd(
        &PrefInputs {
            ref_weight: Some(&rw_v),
            ..ok
        },
        &o
    )
    .contains("ref_weight"));
    // Options.
    let with = |loss: PairLoss| ChunkedPrefOptions {
        loss: PrefOptions { loss, ..o.loss },
        ..o
    };
    let dpo = |loss_type, label_smoothing| {
        with(PairLoss::Dpo {
            loss_type,
            label_smoothing,
            discopop_tau: 0.05,
        })
    };
    assert!(fwd(&ok, &dpo(DpoLossType::Ipo, 0.0)).contains("loss_type"));
    assert!(fwd(&ok, &dpo(DpoLossType::ExoPair, 0.0)).contains("label_smoothing"));
    assert_eq!(fwd(&ok, &dpo(DpoLossType::ExoPair, 1e-3)), "");
    assert!(fwd(&ok, &dpo(DpoLossType::Robust, 0.5)).contains("label_smoothing"));
    let zero_tau = with(PairLoss::Dpo {
        loss_type: DpoLossType::Discopop,
        label_smoothing: 0.0,
        discopop_tau: 0.0,
    });
    assert!(fwd(&ok, &zero_tau).contains("discopop_tau"));
    let zero_beta = ChunkedPrefOptions {
        loss: PrefOptions {
            beta: 0.0,
            ..dpo(DpoLossType::SppoHard, 0.0).loss
        },
        ..o
    };
    assert!(fwd(&ok, &zero_beta).contains("beta"));
    let nan_beta = ChunkedPrefOptions {
        loss: PrefOptions {
            beta: f64::NAN,
            ..o.loss
        },
        ..o
    };
    assert!(fwd(&ok, &nan_beta).contains("beta"));
    let cpo_ref = with(PairLoss::Cpo {
        label_smoothing: 0.0,
    });
    assert!(fwd(&ok, &cpo_ref).contains("use_ref_model"));
    let cpo = ChunkedPrefOptions {
        use_ref_model: false,
        ..cpo_ref
    };
    assert_eq!(fwd(&ok, &cpo), "");
    let ls = ChunkedPrefOptions {
        use_ref_model: false,
        ..with(PairLoss::Cpo {
            label_smoothing: 1.5,
        })
    };
    assert!(fwd(&ok, &ls).contains("label_smoothing"));
    let chunk = ChunkedPrefOptions { chunk_size: 0, ..o };
    assert!(fwd(&ok, &chunk).contains("chunk_size"));
}

/// The entries run through the registry with their parameters and return every output.
#[test]
fn registry_entries_run() {
    let dev = Device::cpu();
    let p = Problem::new(DType::F32, 2, 3, 4, 9);
    for (op, refs) in [
        ("chunked_dpo", true),
        ("chunked_cpo", false),
        ("chunked_orpo", false),
        ("chunked_simpo", false),
    ] {
        let fwd = find(&format!("{op}.forward")).unwrap();
        let mut t = crate::registry::Tensors::new();
        t.insert("hidden".into(), p.x.clone());
        t.insert("weight".into(), p.w.clone());
        t.insert("target".into(), p.y.clone());
        t.insert("bias".into(), p.b.clone());
        if refs {
            t.insert("ref_hidden".into(), p.rx.clone());
            t.insert("ref_weight".into(), p.rw.clone());
        }
        let params = fwd.params(&[("chunk_size".into(), "2".into())]).unwrap();
        let out = fwd.call(&dev, &t, &params).unwrap();
        for port in fwd.outputs {
            assert!(out.contains_key(port.name), "{op}: {}", port.name);
        }
        assert_eq!(out["chosen_logps"].shape, vec![2]);
        assert!(out["loss"].to_f32().unwrap()[0].is_finite());
        let bwd = find(&format!("{op}.backward")).unwrap();
        for name in ["grad_hidden", "grad_weight", "grad_bias"] {
            t.insert(name.into(), out[name].clone());
        }
        t.insert(
            "dloss".into(),
            Tensor::from_f32(DType::F32, &[], &[2.0]).unwrap(),
        );
        let params = bwd.params(&[]).unwrap();
        let g = bwd.call(&dev, &t, &params).unwrap();
        let want: Vec<f32> = out["grad_weight"]
            .to_f32()
            .unwrap()
            .iter()
            .map(|x| 2.0 * x)
            .collect();
        assert_eq!(g["dweight"].to_f32().unwrap(), want, "{op}");
        // A bad parameter value is a typed error.
        let bad = fwd.params(&[("beta".into(), "nan".into())]).unwrap();
        assert!(matches!(
            fwd.call(&dev, &t, &bad),
            Err(OpError::BadParam { .. })
        ));
    }
    let dpo = find("chunked_dpo.forward").unwrap();
    let ipo = dpo.params(&[("loss_type".into(), "ipo".into())]).unwrap();
    let mut t = crate::registry::Tensors::new();
    t.insert("hidden".into(), p.x.clone());
    t.insert("weight".into(), p.w.clone());
    t.insert("target".into(), p.y.clone());
    assert!(message(dpo.call(&dev, &t, &ipo)).contains("ipo"));
    let unknown = dpo.params(&[("loss_type".into(), "kto".into())]).unwrap();
    assert!(message(dpo.call(&dev, &t, &unknown)).contains("loss_type"));
}

/// KTO's small cases (f32 and bf16, V = 37) match the oracle; the rest run under `metile check`.
#[test]
fn kto_small_cases_match_the_oracle() {
    let dev = Device::cpu();
    let cases: Vec<_> = check::kto_sweep()
        .into_iter()
        .filter(|c| c.v <= 37 && c.dtype != DType::F16)
        .collect();
    assert!(cases.len() >= 4, "{} cases", cases.len());
    for c in cases {
        let rows = c.run(&dev).unwrap();
        assert_eq!(
            rows.len(),
            c.chunk_sizes.len() * (7 + 2 + usize::from(c.bias))
        );
        let failed: Vec<_> = rows.iter().filter(|r| !r.pass).collect();
        assert!(failed.is_empty(), "{}: {failed:?}", c.describe());
    }
}

/// KTO's bad inputs are typed errors; its entries run through the registry.
#[test]
fn kto_bad_inputs_and_registry() {
    use super::kto::{forward, KtoInputs, KtoOptions};
    let dev = Device::cpu();
    let (b, t, h, v) = (3, 2, 4, 9);
    let x = varied(DType::F32, &[b, t, h], 1);
    let w = varied(DType::F32, &[v, h], 2);
    let y = ids(&[b, t], &[0, 1, -100, 3, 4, 5]);
    let labels = Tensor::new(Buffer::from_bool(&[true, false, true]), vec![b]).unwrap();
    let kl = Tensor::from_f32(DType::F32, &[], &[0.1]).unwrap();
    let ok = KtoInputs {
        hidden: &x,
        weight: &w,
        target: &y,
        preference_labels: &labels,
        bias: None,
        ref_hidden: None,
        ref_weight: None,
        ref_bias: None,
        kl: Some(&kl),
    };
    let o = KtoOptions {
        use_ref_model: false,
        ..KtoOptions::default()
    };
    let fwd = |inp: &KtoInputs<'_>, o: &KtoOptions| message(forward(&dev, inp, o, None));
    assert_eq!(fwd(&ok, &o), "");
    // An odd count of sequences is fine for KTO; the default wants the reference model.
    assert!(fwd(&ok, &KtoOptions::default()).contains("ref_hidden"));
    let short = Tensor::new(Buffer::from_bool(&[true, false]), vec![2]).unwrap();
    assert!(fwd(&with_labels(&ok, &short), &o).contains("preference_labels"));
    let two = ids(&[b], &[0, 2, 1]);
    assert!(fwd(&with_labels(&ok, &two), &o).contains("value 2"));
    let float_labels = varied(DType::F32, &[b], 3);
    assert!(fwd(&with_labels(&ok, &float_labels), &o).contains("dtype"));
    let kl2 = Tensor::from_f32(DType::F32, &[2], &[0.1, 0.2]).unwrap();
    assert!(fwd(
        &KtoInputs {
            kl: Some(&kl2),
            ..ok
        },
        &o
    )
    .contains("kl"));
    let klnan = Tensor::from_f32(DType::F32, &[], &[f32::NAN]).unwrap();
    assert!(fwd(
        &KtoInputs {
            kl: Some(&klnan),
            ..ok
        },
        &o
    )
    .contains("kl"));
    let x2 = varied(DType::F32, &[b * t, h], 1);
    assert!(fwd(&KtoInputs { hidden: &x2, ..ok }, &o).contains("[B, T, H]"));
    let chunk = KtoOptions { chunk_size: 0, ..o };
    assert!(fwd(&ok, &chunk).contains("chunk_size"));
    // The registry pair.
    let e = find("chunked_kto.forward").unwrap();
    let mut tt = crate::registry::Tensors::new();
    tt.insert("hidden".into(), x.clone());
    tt.insert("weight".into(), w.clone());
    tt.insert("target".into(), y.clone());
    tt.insert("preference_labels".into(), labels.clone());
    tt.insert("kl".into(), kl.clone());
    let params = e
        .params(&[("use_ref_model".into(), "false".into())])
        .unwrap();
    let out = e.call(&dev, &tt, &params).unwrap();
    for port in e.outputs.iter().filter(|p| !p.optional) {
        assert!(out.contains_key(port.name), "{}", port.name);
    }
    let bwd = find("chunked_kto.backward").unwrap();
    for name in ["grad_hidden", "grad_weight"] {
        tt.insert(name.into(), out[name].clone());
    }
    tt.insert(
        "dloss".into(),
        Tensor::from_f32(DType::F32, &[], &[1.0]).unwrap(),
    );
    let g = bwd.call(&dev, &tt, &params).unwrap();
    assert_eq!(
        g["dhidden"].to_f32().unwrap(),
        out["grad_hidden"].to_f32().unwrap()
    );
}

/// `inp` with other preference labels.
fn with_labels<'a>(
    inp: &super::kto::KtoInputs<'a>,
    labels: &'a Tensor,
) -> super::kto::KtoInputs<'a> {
    super::kto::KtoInputs {
        preference_labels: labels,
        ..*inp
    }
}
