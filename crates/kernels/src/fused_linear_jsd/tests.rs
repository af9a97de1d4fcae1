//! Fused linear JSD unit tests: part of the check sweep on the CPU (and stepped rows on narrow
//! tiles), chunk-size independence and repeats, the backward's scaling, typed errors for bad
//! inputs and options, and the registry entries.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::check::FljsdCase;
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

fn run(cases: Vec<FljsdCase>) {
    let cases: Vec<_> = cases
        .into_iter()
        .map(|c| crate::check::CheckCase {
            op: "fused_linear_jsd",
            label: c.describe(),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect();
    let failures = crate::check::failures(cases, &Device::cpu());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn small_cases_match_the_oracle() {
    // The sweep's cases of at most 17 rows and narrow rows (the rest run under `metile check`).
    let cases: Vec<_> = check::sweep()
        .into_iter()
        .filter(|c| c.n <= 17 && c.n * c.hs * c.v <= 17 * 127 * 127)
        .collect();
    assert!(cases.len() >= 20, "{} cases", cases.len());
    run(cases);
}

/// Rows stepped in narrow column tiles (16 and 64 columns against V = 127 and 300) match the
/// oracle too.
#[test]
fn stepped_rows_match_the_oracle() {
    let cases: Vec<_> = check::sweep()
        .into_iter()
        .filter(|c| c.n <= 17 && (c.v == 127 || c.v == 300) && c.hs <= 17)
        .enumerate()
        .map(|(i, c)| FljsdCase {
            step: Some(if i % 2 == 0 { 16 } else { 64 }),
            ..c
        })
        .collect();
    assert!(cases.len() >= 6, "{} cases", cases.len());
    run(cases);
}

struct Problem {
    x: Tensor,
    w: Tensor,
    xt: Tensor,
    wt: Tensor,
    y: Tensor,
}

impl Problem {
    fn new(dt: DType, n: usize, h: usize, ht: usize, v: usize) -> Problem {
        Problem {
            x: varied(dt, &[n, h], 1),
            w: varied(dt, &[v, h], 2),
            xt: varied(DType::F32, &[n, ht], 3),
            wt: varied(DType::F32, &[v, ht], 4),
            y: ids(&(0..n as i64)
                .map(|i| if i % 4 == 1 { -100 } else { (i * 7) % v as i64 })
                .collect::<Vec<_>>()),
        }
    }

    fn inputs(&self) -> FljsdInputs<'_> {
        FljsdInputs {
            hidden: &self.x,
            weight: &self.w,
            teacher_hidden: &self.xt,
            teacher_weight: &self.wt,
            labels: Some(&self.y),
        }
    }
}

/// The loss and `grad_hidden` do not depend on the chunk size (bit for bit); the same call
/// repeats bit for bit; the backward scales the saved gradients exactly.
#[test]
fn chunking_repeats_and_backward_scaling() {
    let dev = Device::cpu();
    for dt in [DType::F32, DType::BF16] {
        let pr = Problem::new(dt, 37, 9, 5, 70);
        let inp = pr.inputs();
        let run = |chunking| {
            let o = FljsdOptions {
                chunking,
                ..FljsdOptions::default()
            };
            forward(&dev, &inp, &o, None).unwrap()
        };
        let values = |f: &FljsdForward| {
            (
                f.loss.to_f32().unwrap(),
                f.grads.hidden.to_f32().unwrap(),
                f.grads.weight.to_f32().unwrap(),
            )
        };
        let base = values(&run(Chunking::Rows(37)));
        assert!(base.0[0] > 0.0 && base.0[0].is_finite(), "{:?}", base.0);
        for c in [
            Chunking::Rows(1),
            Chunking::Rows(5),
            Chunking::MemConst(1),
            Chunking::MemConst(4),
        ] {
            let r = values(&run(c));
            assert_eq!(r.0, base.0, "{dt} {c:?}: loss");
            assert_eq!(r.1, base.1, "{dt} {c:?}: grad_hidden");
            assert_eq!(values(&run(c)), r, "{dt} {c:?}: repeat");
        }
        let f = run(Chunking::Rows(8));
        let o = FljsdOptions::default();
        let dl = Tensor::from_f32(DType::F32, &[], &[2.0]).unwrap();
        let g = backward(&dev, &inp, SavedGrads::of(&f.grads), &dl, &o, None).unwrap();
        let doubled: Vec<f32> = values(&f).2.iter().map(|v| v * 2.0).collect();
        assert_eq!(g.weight.to_f32().unwrap(), doubled);
    }
}

#[test]
fn bad_inputs_and_options_are_typed_errors() {
    let dev = Device::cpu();
    let f32_ = DType::F32;
    let pr = Problem::new(f32_, 3, 4, 2, 5);
    let inp = pr.inputs();
    let o = FljsdOptions::default();
    let fwd = |i: FljsdInputs<'_>, o: &FljsdOptions| message(forward(&dev, &i, o, None));
    assert_eq!(fwd(inp, &o), "");
    let w16 = t(DType::BF16, &[5, 4], 0.2);
    let w = FljsdInputs {
        weight: &w16,
        ..inp
    };
    assert!(fwd(w, &o).contains("must match hidden's f32"));
    let wt16 = t(DType::BF16, &[5, 2], 0.2);
    let wt = FljsdInputs {
        teacher_weight: &wt16,
        ..inp
    };
    assert!(fwd(wt, &o).contains("must match teacher_hidden's f32"));
    let wt3 = t(f32_, &[5, 3], 0.2);
    let wt = FljsdInputs {
        teacher_weight: &wt3,
        ..inp
    };
    assert!(fwd(wt, &o).contains("must be [V, H] with H = 2"));
    let wt6 = t(f32_, &[6, 2], 0.2);
    let wt = FljsdInputs {
        teacher_weight: &wt6,
        ..inp
    };
    assert!(fwd(wt, &o).contains("6 classes must be weight's 5"));
    let xt4 = t(f32_, &[4, 2], 0.2);
    let xt = FljsdInputs {
        teacher_hidden: &xt4,
        ..inp
    };
    assert!(fwd(xt, &o).contains("must have hidden's rows [3]"));
    let xi = Tensor::new(Buffer::from_i64(DType::I64, &[0; 12]).unwrap(), vec![3, 4]).unwrap();
    assert!(fwd(FljsdInputs { hidden: &xi, ..inp }, &o).contains("use f32, f16 or bf16"));
    let y5 = ids(&[0, 5, 1]);
    let bad_label = FljsdInputs {
        labels: Some(&y5),
        ..inp
    };
    assert!(fwd(bad_label, &o).contains("row 1: class 5 is outside 0..5"));
    let with = |f: &dyn Fn(&mut FljsdOptions)| {
        let mut o = FljsdOptions::default();
        f(&mut o);
        fwd(inp, &o)
    };
    for beta in [-0.1, 1.5, f64::NAN] {
        assert!(with(&|o| o.jsd.beta = beta).contains("`beta`"), "{beta}");
    }
    for bad_t in [0.0, f64::NAN, f64::INFINITY] {
        assert!(with(&|o| o.temperature = bad_t).contains("`temperature`"));
    }
    assert!(with(&|o| o.temperature = -2.0).is_empty());
    assert!(with(&|o| o.chunking = Chunking::Rows(0)).contains("chunk_rows"));
    let f = forward(&dev, &inp, &o, None).unwrap();
    let dl2 = Tensor::from_f32(f32_, &[2], &[1.0, 1.0]).unwrap();
    let e = message(backward(
        &dev,
        &inp,
        SavedGrads::of(&f.grads),
        &dl2,
        &o,
        None,
    ));
    assert!(e.contains("must hold one value"), "{e}");
    let dl = Tensor::from_f32(f32_, &[], &[1.0]).unwrap();
    let none = SavedGrads {
        hidden: None,
        ..SavedGrads::of(&f.grads)
    };
    assert!(message(backward(&dev, &inp, none, &dl, &o, None)).contains("grad_hidden"));
}

/// The registry pair chains, with Liger's defaults (beta 0.5, T = 1, C = 1).
#[test]
fn registry_entries_chain() {
    let dev = Device::cpu();
    let pr = Problem::new(DType::F32, 7, 3, 4, 6);
    let fwd = find("fused_linear_jsd.forward").unwrap();
    let mut inputs = crate::registry::Tensors::new();
    for (name, v) in [
        ("hidden", &pr.x),
        ("weight", &pr.w),
        ("teacher_hidden", &pr.xt),
        ("teacher_weight", &pr.wt),
        ("labels", &pr.y),
    ] {
        inputs.insert(name.into(), v.clone());
    }
    let out = fwd.call(&dev, &inputs, &fwd.params(&[]).unwrap()).unwrap();
    let direct = forward(&dev, &pr.inputs(), &FljsdOptions::default(), None).unwrap();
    assert_eq!(out["loss"], direct.loss);
    assert_eq!(out["grad_hidden"], direct.grads.hidden);
    let bwd = find("fused_linear_jsd.backward").unwrap();
    let mut b_in = inputs.clone();
    b_in.insert("grad_hidden".into(), out["grad_hidden"].clone());
    b_in.insert("grad_weight".into(), out["grad_weight"].clone());
    b_in.insert(
        "dloss".into(),
        Tensor::from_f32(DType::F32, &[], &[1.0]).unwrap(),
    );
    let g = bwd.call(&dev, &b_in, &bwd.params(&[]).unwrap()).unwrap();
    assert_eq!(g["dweight"], direct.grads.weight);
    let bad = [("beta".to_string(), "2".to_string())];
    let e = fwd
        .params(&bad)
        .and_then(|p| fwd.call(&dev, &inputs, &p))
        .unwrap_err();
    assert!(e.to_string().contains("beta"), "{e}");
}
