//! Chunked distillation unit tests: the check sweep's small cases on the CPU (and stepped rows
//! on narrow tiles), the backward's scaling, Liger's skip of the hard term, typed errors for bad
//! inputs and options, and the registry entries.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::check::DistillCase;
use super::*;
use crate::registry::find;

fn ids(v: &[i64]) -> Tensor {
    Tensor::new(Buffer::from_i64(DType::I64, v).unwrap(), vec![v.len()]).unwrap()
}

fn t(d: DType, shape: &[usize], v: f32) -> Tensor {
    let n = shape.iter().product();
    Tensor::from_f32(d, shape, &vec![v; n]).unwrap()
}

/// A tensor of `shape` with varied values.
fn varied(d: DType, shape: &[usize], seed: u64) -> Tensor {
    let n = shape.iter().product();
    let mut rng = crate::testing::Rng::new(seed);
    let mut v = rng.normal_vec(n, 0.0, 1.0);
    crate::testing::round_to_storage(&mut v, d);
    Tensor::from_f32(d, shape, &v).unwrap()
}

fn message<T>(r: Result<T, OpError>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

fn run(cases: Vec<DistillCase>) {
    let cases: Vec<_> = cases
        .into_iter()
        .map(|c| crate::check::CheckCase {
            op: c.loss.op(),
            label: c.describe(),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect();
    let failures = crate::check::failures(cases, &Device::cpu());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The sweep's cases on rows that fit one tile (the wide ones run under `metile check`), for
/// both losses.
#[test]
fn small_cases_match_the_oracle() {
    let cases: Vec<_> = check::sweep()
        .into_iter()
        .filter(|c| c.vt <= 300 && c.n * c.hs.max(c.ht) * c.vt <= 37 * 31 * 300)
        .collect();
    for loss in [DistillLoss::Jsd, DistillLoss::Cosine] {
        let of = cases.iter().filter(|c| c.loss == loss).count();
        assert!(of >= 30, "{loss:?}: {of} cases");
    }
    run(cases);
}

/// Rows stepped in narrow column tiles (16 and 64 columns, masked, the student padded) match
/// the oracle too.
#[test]
fn stepped_rows_match_the_oracle() {
    let cases: Vec<_> = check::sweep()
        .into_iter()
        .filter(|c| c.n <= 37 && (c.vt == 127 || c.vt == 65) && c.dtype != DType::F16)
        .enumerate()
        .map(|(i, c)| DistillCase {
            step: Some(if i % 2 == 0 { 16 } else { 64 }),
            ..c
        })
        .collect();
    assert!(cases.len() >= 12, "{} cases", cases.len());
    run(cases);
}

struct Problem {
    x: Tensor,
    w: Tensor,
    b: Tensor,
    xt: Tensor,
    wt: Tensor,
    bt: Tensor,
    y: Tensor,
}

impl Problem {
    fn new(dt: DType, n: usize, h: usize, ht: usize, vs: usize, vt: usize) -> Problem {
        Problem {
            x: varied(dt, &[n, h], 1),
            w: varied(dt, &[vs, h], 2),
            b: varied(dt, &[vs], 5),
            xt: varied(DType::F32, &[n, ht], 3),
            wt: varied(DType::F32, &[vt, ht], 4),
            bt: varied(DType::F32, &[vt], 6),
            y: ids(&(0..n as i64)
                .map(|i| {
                    if i % 4 == 1 {
                        -100
                    } else {
                        (i * 7) % vs as i64
                    }
                })
                .collect::<Vec<_>>()),
        }
    }

    fn inputs(&self) -> DistillInputs<'_> {
        DistillInputs {
            hidden: &self.x,
            weight: &self.w,
            bias: Some(&self.b),
            teacher_hidden: &self.xt,
            teacher_weight: &self.wt,
            teacher_bias: Some(&self.bt),
            labels: &self.y,
        }
    }
}

/// The backward scales the saved gradients exactly (copies; the bias's too), and a cotangent
/// of 1 returns them unchanged.
#[test]
fn backward_scales_the_saved_gradients() {
    let dev = Device::cpu();
    let pr = Problem::new(DType::BF16, 13, 5, 4, 30, 33);
    let inp = pr.inputs();
    for loss in [DistillLoss::Jsd, DistillLoss::Cosine] {
        let o = DistillOptions {
            chunk_size: 4,
            ..DistillOptions::default()
        };
        let f = forward(&dev, loss, &inp, &o, None).unwrap();
        for (dl, scale) in [(1.0f32, 1.0f32), (-2.0, -2.0)] {
            let dlt = Tensor::from_f32(DType::F32, &[], &[dl]).unwrap();
            let g = backward(&dev, loss, &inp, SavedGrads::of(&f.grads), &dlt, &o, None).unwrap();
            let times = |t: &Tensor| -> Vec<f32> {
                t.to_f32().unwrap().iter().map(|v| v * scale).collect()
            };
            assert_eq!(g.weight.to_f32().unwrap(), times(&f.grads.weight));
            assert_eq!(
                g.bias.as_ref().unwrap().to_f32().unwrap(),
                times(f.grads.bias.as_ref().unwrap())
            );
            assert_eq!(g.hidden.to_f32().unwrap(), times(&f.grads.hidden));
        }
    }
}

/// Liger 0.8.5 skips the hard term when `weight_hard_loss == 0` and it is not returned: the loss
/// is then the soft term alone, the same as with the hard term computed and weighted by 0; with
/// `return_soft_hard_loss` it is computed and returned; `compute_ce_loss=false` returns 0.
#[test]
fn hard_term_skip_and_return() {
    let dev = Device::cpu();
    let pr = Problem::new(DType::F32, 11, 4, 3, 20, 24);
    let inp = pr.inputs();
    for loss in [DistillLoss::Jsd, DistillLoss::Cosine] {
        let with = |f: &dyn Fn(&mut DistillOptions)| {
            let mut o = DistillOptions::default();
            f(&mut o);
            forward(&dev, loss, &inp, &o, None).unwrap()
        };
        let scalar = |t: &Tensor| t.to_f32().unwrap()[0];
        let skipped = with(&|o| o.weight_hard = 0.0);
        assert!(skipped.soft_hard.is_none());
        let returned = with(&|o| {
            o.weight_hard = 0.0;
            o.return_soft_hard = true;
        });
        let (soft, hard) = returned.soft_hard.as_ref().unwrap();
        assert!(scalar(hard) > 0.0, "{loss:?}: the hard term is returned");
        // The hard term's weight is 0: the loss and the gradients are the soft term's alone.
        assert_eq!(scalar(&skipped.loss), scalar(&returned.loss));
        assert_eq!(scalar(&skipped.loss), 0.5 * scalar(soft));
        assert_eq!(
            skipped.grads.hidden.to_f32().unwrap(),
            returned.grads.hidden.to_f32().unwrap()
        );
        let no_ce = with(&|o| {
            o.compute_ce_loss = false;
            o.return_soft_hard = true;
        });
        let (soft2, hard2) = no_ce.soft_hard.as_ref().unwrap();
        assert_eq!(scalar(hard2), 0.0);
        assert_eq!(scalar(soft2), scalar(soft));
        let full = with(&|o| o.return_soft_hard = true);
        let (s3, h3) = full.soft_hard.as_ref().unwrap();
        let want = 0.5 * f64::from(scalar(s3)) + 0.5 * f64::from(scalar(h3));
        assert!((f64::from(scalar(&full.loss)) - want).abs() <= 1e-6 * want.abs());
    }
}

/// The JSD with no hard term, no padding and no biases is fused linear JSD (the same kernel,
/// the soft weight scaling its loss and gradient).
#[test]
fn jsd_without_hard_term_is_fused_linear_jsd() {
    let dev = Device::cpu();
    let pr = Problem::new(DType::F32, 9, 4, 3, 16, 16);
    let inp = DistillInputs {
        bias: None,
        teacher_bias: None,
        ..pr.inputs()
    };
    let o = DistillOptions {
        weight_hard: 0.0,
        weight_soft: 1.0,
        beta: 0.3,
        temperature: 1.7,
        ..DistillOptions::default()
    };
    let c = forward(&dev, DistillLoss::Jsd, &inp, &o, None).unwrap();
    let fl = crate::fused_linear_jsd::FljsdInputs {
        hidden: inp.hidden,
        weight: inp.weight,
        teacher_hidden: inp.teacher_hidden,
        teacher_weight: inp.teacher_weight,
        labels: Some(inp.labels),
    };
    let fo = crate::fused_linear_jsd::FljsdOptions {
        jsd: crate::fused_linear_jsd::JsdOptions {
            beta: 0.3,
            ignore_index: -100,
        },
        temperature: 1.7,
        chunking: crate::fused_linear_jsd::Chunking::Rows(1024),
        ..Default::default()
    };
    let f = crate::fused_linear_jsd::forward(&dev, &fl, &fo, None).unwrap();
    assert_eq!(c.loss.to_f32().unwrap(), f.loss.to_f32().unwrap());
    assert_eq!(
        c.grads.hidden.to_f32().unwrap(),
        f.grads.hidden.to_f32().unwrap()
    );
}

#[test]
fn bad_inputs_and_options_are_typed_errors() {
    let dev = Device::cpu();
    let f32_ = DType::F32;
    let pr = Problem::new(f32_, 3, 4, 2, 5, 6);
    let inp = pr.inputs();
    let o = DistillOptions::default();
    for loss in [DistillLoss::Jsd, DistillLoss::Cosine] {
        let fwd =
            |i: DistillInputs<'_>, o: &DistillOptions| message(forward(&dev, loss, &i, o, None));
        assert_eq!(fwd(inp, &o), "");
        let w16 = t(DType::BF16, &[5, 4], 0.2);
        assert!(fwd(
            DistillInputs {
                weight: &w16,
                ..inp
            },
            &o
        )
        .contains("must match hidden's f32"));
        let wt3 = t(f32_, &[6, 3], 0.2);
        let e = fwd(
            DistillInputs {
                teacher_weight: &wt3,
                ..inp
            },
            &o,
        );
        assert!(e.contains("must be [V, H] with H = 2"), "{e}");
        // A teacher narrower than the student.
        let wt4 = t(f32_, &[4, 2], 0.2);
        let bt4 = t(f32_, &[4], 0.2);
        let e = fwd(
            DistillInputs {
                teacher_weight: &wt4,
                teacher_bias: Some(&bt4),
                ..inp
            },
            &o,
        );
        assert!(e.contains("4 classes must be at least weight's 5"), "{e}");
        let xt4 = t(f32_, &[4, 2], 0.2);
        let e = fwd(
            DistillInputs {
                teacher_hidden: &xt4,
                ..inp
            },
            &o,
        );
        assert!(e.contains("must have hidden's rows [3]"), "{e}");
        let b6 = t(f32_, &[6], 0.1);
        assert!(fwd(
            DistillInputs {
                bias: Some(&b6),
                ..inp
            },
            &o
        )
        .contains("`bias`"));
        let b16 = t(DType::BF16, &[5], 0.1);
        assert!(fwd(
            DistillInputs {
                bias: Some(&b16),
                ..inp
            },
            &o
        )
        .contains("`bias`"));
        let bt5 = t(f32_, &[5], 0.1);
        let e = fwd(
            DistillInputs {
                teacher_bias: Some(&bt5),
                ..inp
            },
            &o,
        );
        assert!(e.contains("`teacher_bias`"), "{e}");
        let xi = Tensor::new(Buffer::from_i64(DType::I64, &[0; 12]).unwrap(), vec![3, 4]).unwrap();
        assert!(fwd(DistillInputs { hidden: &xi, ..inp }, &o).contains("use f32, f16 or bf16"));
        // A label of the teacher's vocabulary that the student lacks.
        let y5 = ids(&[0, 5, 1]);
        let e = fwd(DistillInputs { labels: &y5, ..inp }, &o);
        assert!(e.contains("row 1: class 5 is outside 0..5"), "{e}");
        let y2 = ids(&[0, 1]);
        assert!(fwd(DistillInputs { labels: &y2, ..inp }, &o).contains("labels"));
        let with = |f: &dyn Fn(&mut DistillOptions)| {
            let mut o = DistillOptions::default();
            f(&mut o);
            fwd(inp, &o)
        };
        for beta in [-0.1, 1.5, f64::NAN] {
            assert!(with(&|o| o.beta = beta).contains("`beta`"), "{beta}");
        }
        for bad_t in [0.0, f64::NAN, f64::INFINITY] {
            assert!(with(&|o| o.temperature = bad_t).contains("`temperature`"));
        }
        assert!(with(&|o| o.temperature = -2.0).is_empty());
        assert!(with(&|o| o.weight_hard = f64::NAN).contains("weight_hard_loss"));
        assert!(with(&|o| o.weight_soft = f64::INFINITY).contains("weight_soft_loss"));
        assert!(with(&|o| o.chunk_size = 0).contains("chunk_size"));
        let f = forward(&dev, loss, &inp, &o, None).unwrap();
        let dl2 = Tensor::from_f32(f32_, &[2], &[1.0, 1.0]).unwrap();
        let saved = SavedGrads::of(&f.grads);
        let e = message(backward(&dev, loss, &inp, saved, &dl2, &o, None));
        assert!(e.contains("must hold one value"), "{e}");
        let dl = Tensor::from_f32(f32_, &[], &[1.0]).unwrap();
        let no_bias = SavedGrads {
            bias: None,
            ..saved
        };
        let e = message(backward(&dev, loss, &inp, no_bias, &dl, &o, None));
        assert!(e.contains("grad_bias"), "{e}");
        let none = SavedGrads {
            hidden: None,
            ..saved
        };
        assert!(message(backward(&dev, loss, &inp, none, &dl, &o, None)).contains("grad_hidden"));
    }
}

/// The registry pairs chain, with Liger's defaults; `return_soft_hard_loss=true` adds the terms
/// and bad parameters are typed errors.
#[test]
fn registry_entries_chain() {
    let dev = Device::cpu();
    let pr = Problem::new(DType::F32, 7, 3, 4, 6, 8);
    for loss in [DistillLoss::Jsd, DistillLoss::Cosine] {
        let fwd = find(&format!("{}.forward", loss.op())).unwrap();
        let mut inputs = crate::registry::Tensors::new();
        for (name, v) in [
            ("hidden", &pr.x),
            ("weight", &pr.w),
            ("bias", &pr.b),
            ("teacher_hidden", &pr.xt),
            ("teacher_weight", &pr.wt),
            ("teacher_bias", &pr.bt),
            ("labels", &pr.y),
        ] {
            inputs.insert(name.into(), v.clone());
        }
        let out = fwd.call(&dev, &inputs, &fwd.params(&[]).unwrap()).unwrap();
        let direct = forward(&dev, loss, &pr.inputs(), &DistillOptions::default(), None).unwrap();
        assert_eq!(out["loss"], direct.loss);
        assert_eq!(out["grad_hidden"], direct.grads.hidden);
        assert!(!out.contains_key("soft_loss"));
        let terms = [("return_soft_hard_loss".to_string(), "true".to_string())];
        let out2 = fwd
            .call(&dev, &inputs, &fwd.params(&terms).unwrap())
            .unwrap();
        assert!(out2.contains_key("soft_loss") && out2.contains_key("hard_loss"));
        let bwd = find(&format!("{}.backward", loss.op())).unwrap();
        let mut b_in = inputs.clone();
        for name in ["grad_hidden", "grad_weight", "grad_bias"] {
            b_in.insert(name.into(), out[name].clone());
        }
        b_in.insert(
            "dloss".into(),
            Tensor::from_f32(DType::F32, &[], &[1.0]).unwrap(),
        );
        let g = bwd.call(&dev, &b_in, &bwd.params(&[]).unwrap()).unwrap();
        assert_eq!(g["dweight"], direct.grads.weight);
        assert_eq!(&g["dbias"], direct.grads.bias.as_ref().unwrap());
        // Labels may be int32.
        let mut i32_in = inputs.clone();
        let y: Vec<i64> = pr.y.buffer.to_i64().unwrap();
        let y32 = Tensor::new(Buffer::from_i64(DType::I32, &y).unwrap(), vec![7]).unwrap();
        i32_in.insert("labels".into(), y32);
        let out3 = fwd.call(&dev, &i32_in, &fwd.params(&[]).unwrap()).unwrap();
        assert_eq!(out3["loss"], direct.loss);
        assert_eq!(out3["grad_weight"], direct.grads.weight);
        for (name, value) in [
            ("beta", "2"),
            ("compute_ce_loss", "maybe"),
            ("chunk_size", "-1"),
        ] {
            let bad = [(name.to_string(), value.to_string())];
            let e = fwd
                .params(&bad)
                .and_then(|p| fwd.call(&dev, &inputs, &p))
                .unwrap_err();
            assert!(e.to_string().contains(name), "{e}");
        }
    }
}

/// `param_grad_dtype=storage` gives the weight and bias gradients in the hidden dtype (Liger's
/// accumulators): with one chunk, the FP32 gradients rounded once.
#[test]
fn storage_param_grads_are_the_f32_ones_rounded() {
    let dev = Device::cpu();
    let pr = Problem::new(DType::BF16, 9, 4, 3, 20, 24);
    for loss in [DistillLoss::Jsd, DistillLoss::Cosine] {
        let run = |storage| {
            let o = DistillOptions {
                storage_param_grads: storage,
                ..DistillOptions::default()
            };
            forward(&dev, loss, &pr.inputs(), &o, None).unwrap().grads
        };
        let (f, s) = (run(false), run(true));
        for (a, b) in [
            (&f.weight, &s.weight),
            (f.bias.as_ref().unwrap(), s.bias.as_ref().unwrap()),
        ] {
            assert_eq!((a.dtype(), b.dtype()), (DType::F32, DType::BF16));
            let mut rounded = a.to_f32().unwrap();
            crate::testing::round_to_storage(&mut rounded, DType::BF16);
            assert_eq!(b.to_f32().unwrap(), rounded, "{loss:?}");
        }
        assert_eq!(f.hidden.to_f32().unwrap(), s.hidden.to_f32().unwrap());
    }
}
