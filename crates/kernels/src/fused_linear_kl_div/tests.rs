//! Fused linear KL divergence unit tests: part of the check sweep on the CPU (and stepped rows
//! on narrow tiles), chunk-size independence, repeats, the backward's scaling, typed errors for
//! bad inputs and options, and the registry entries.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::check::FlklCase;
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
    let mut v = rng.uniform_vec(n, 0.0, 1.0);
    crate::testing::round_to_storage(&mut v, d);
    Tensor::from_f32(d, shape, &v).unwrap()
}

fn message<T>(r: Result<T, OpError>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

fn run(cases: Vec<FlklCase>) {
    let cases: Vec<_> = cases
        .into_iter()
        .map(|c| crate::check::CheckCase {
            op: "fused_linear_kl_div",
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
        .filter(|c| c.n <= 17 && c.n * c.h * c.v <= 17 * 127 * 127)
        .collect();
    assert!(cases.len() >= 20, "{} cases", cases.len());
    run(cases);
}

/// Rows stepped in narrow column tiles (the path rows wider than the device's tile take: here
/// ragged, 16 and 64 columns against V = 127 and 300) match the oracle too.
#[test]
fn stepped_rows_match_the_oracle() {
    let cases: Vec<_> = check::sweep()
        .into_iter()
        .filter(|c| c.n <= 17 && (c.v == 127 || c.v == 300) && c.h <= 17)
        .enumerate()
        .map(|(i, c)| FlklCase {
            step: Some(if i % 2 == 0 { 16 } else { 64 }),
            ..c
        })
        .collect();
    assert!(cases.len() >= 6, "{} cases", cases.len());
    run(cases);
}

fn problem(dt: DType, n: usize, h: usize, v: usize) -> (Tensor, Tensor, Tensor, Tensor) {
    let x = varied(dt, &[n, h], 1);
    let w = varied(dt, &[v, h], 2);
    let q = varied(DType::F32, &[n, v], 3);
    let y = ids(&(0..n as i64)
        .map(|i| if i % 4 == 1 { -100 } else { (i * 7) % v as i64 })
        .collect::<Vec<_>>());
    (x, w, q, y)
}

/// The loss and `grad_hidden` do not depend on the chunk size (bit for bit); the same call
/// repeats bit for bit.
#[test]
fn chunking_leaves_loss_and_grad_hidden_unchanged_and_repeats_are_exact() {
    let dev = Device::cpu();
    for dt in [DType::F32, DType::BF16] {
        let (x, w, q, y) = problem(dt, 37, 9, 70);
        let inp = FlklInputs {
            hidden: &x,
            weight: &w,
            target: &q,
            labels: Some(&y),
        };
        let run = |chunking| {
            let o = FlklOptions {
                chunking,
                ..FlklOptions::default()
            };
            let f = forward(&dev, &inp, &o, None).unwrap();
            (
                f.loss.to_f32().unwrap(),
                f.grads.hidden.to_f32().unwrap(),
                f.grads.weight.to_f32().unwrap(),
            )
        };
        let base = run(Chunking::Rows(37));
        assert!(base.0[0] > 0.0 && base.0[0].is_finite(), "{:?}", base.0);
        for c in [
            Chunking::Rows(1),
            Chunking::Rows(5),
            Chunking::Rows(16),
            Chunking::MemConst(1),
            Chunking::MemConst(16),
        ] {
            let r = run(c);
            assert_eq!(r.0, base.0, "{dt} {c:?}: loss");
            assert_eq!(r.1, base.1, "{dt} {c:?}: grad_hidden");
            assert_eq!(run(c), r, "{dt} {c:?}: repeat");
        }
    }
}

/// The backward scales the forward's gradients by `dloss`: exactly for 1 and 2.
#[test]
fn backward_scales_the_saved_gradients() {
    let dev = Device::cpu();
    let (x, w, q, y) = problem(DType::F32, 9, 5, 11);
    let inp = FlklInputs {
        hidden: &x,
        weight: &w,
        target: &q,
        labels: Some(&y),
    };
    let o = FlklOptions::default();
    let f = forward(&dev, &inp, &o, None).unwrap();
    for d in [1.0f32, 2.0] {
        let dl = Tensor::from_f32(DType::F32, &[], &[d]).unwrap();
        let g = backward(&dev, &inp, SavedGrads::of(&f.grads), &dl, &o, None).unwrap();
        for (got, saved) in [(&g.hidden, &f.grads.hidden), (&g.weight, &f.grads.weight)] {
            let want: Vec<f32> = saved.to_f32().unwrap().iter().map(|v| v * d).collect();
            assert_eq!(got.to_f32().unwrap(), want);
        }
        assert!(g.bias.is_none());
    }
}

#[test]
fn bad_inputs_and_options_are_typed_errors() {
    let dev = Device::cpu();
    let f32_ = DType::F32;
    let (x, w, q) = (
        t(f32_, &[3, 4], 0.1),
        t(f32_, &[5, 4], 0.2),
        t(f32_, &[3, 5], 0.2),
    );
    let y = ids(&[0, -100, 4]);
    let inp = FlklInputs {
        hidden: &x,
        weight: &w,
        target: &q,
        labels: Some(&y),
    };
    let o = FlklOptions::default();
    let fwd = |i: FlklInputs<'_>, o: &FlklOptions| message(forward(&dev, &i, o, None));
    assert_eq!(fwd(inp, &o), "");
    let w16 = t(DType::BF16, &[5, 4], 0.2);
    assert!(fwd(
        FlklInputs {
            weight: &w16,
            ..inp
        },
        &o
    )
    .contains("must match hidden's f32"));
    let w3 = t(f32_, &[5, 3], 0.2);
    assert!(fwd(FlklInputs { weight: &w3, ..inp }, &o).contains("must be [V, H] with H = 4"));
    let w0 = t(f32_, &[0, 4], 0.2);
    assert!(fwd(FlklInputs { weight: &w0, ..inp }, &o).contains("1 <= V"));
    let q4 = t(f32_, &[3, 4], 0.2);
    assert!(fwd(FlklInputs { target: &q4, ..inp }, &o).contains("hidden's rows by V: [3, 5]"));
    let qi = Tensor::new(Buffer::from_i64(DType::I64, &[0; 15]).unwrap(), vec![3, 5]).unwrap();
    assert!(fwd(FlklInputs { target: &qi, ..inp }, &o).contains("use f32, f16 or bf16"));
    let xi = Tensor::new(Buffer::from_i64(DType::I64, &[0; 12]).unwrap(), vec![3, 4]).unwrap();
    assert!(fwd(FlklInputs { hidden: &xi, ..inp }, &o).contains("use f32, f16 or bf16"));
    let x0 = t(f32_, &[], 0.1);
    assert!(fwd(FlklInputs { hidden: &x0, ..inp }, &o).contains("a scalar"));
    let y5 = ids(&[0, 5, 1]);
    let bad_label = FlklInputs {
        labels: Some(&y5),
        ..inp
    };
    assert!(fwd(bad_label, &o).contains("row 1: class 5 is outside 0..5"));
    let y2 = ids(&[0, 1]);
    let short = FlklInputs {
        labels: Some(&y2),
        ..inp
    };
    assert!(fwd(short, &o).contains("must be the hidden's rows [3]"));
    let yf = t(f32_, &[3], 0.0);
    let float_labels = FlklInputs {
        labels: Some(&yf),
        ..inp
    };
    assert!(fwd(float_labels, &o).contains("use int32 or int64"));
    let with = |f: &dyn Fn(&mut FlklOptions)| {
        let mut o = FlklOptions::default();
        f(&mut o);
        fwd(inp, &o)
    };
    assert!(with(&|o| o.loss.reduction = Reduction::None).contains("`reduction`"));
    for bad_t in [0.0, f64::NAN, f64::INFINITY] {
        assert!(with(&|o| o.loss.temperature = bad_t).contains("`temperature`"));
    }
    assert!(with(&|o| o.loss.temperature = -2.0).is_empty());
    for bad_eps in [0.0, -1e-10, f64::NAN] {
        assert!(with(&|o| o.loss.eps = bad_eps).contains("`eps`"));
    }
    assert!(with(&|o| o.chunking = Chunking::Rows(0)).contains("chunk_rows"));
    assert!(with(&|o| o.chunking = Chunking::MemConst(0)).contains("chunk_mem_const"));

    // The backward names what is missing or mis-shaped.
    let f = forward(&dev, &inp, &o, None).unwrap();
    let dl = Tensor::from_f32(f32_, &[], &[1.0]).unwrap();
    let bwd =
        |saved: SavedGrads<'_>, dl: &Tensor| message(backward(&dev, &inp, saved, dl, &o, None));
    assert_eq!(bwd(SavedGrads::of(&f.grads), &dl), "");
    let no_weight = SavedGrads {
        weight: None,
        ..SavedGrads::of(&f.grads)
    };
    assert!(bwd(no_weight, &dl).contains("grad_weight"));
    let h16 = t(DType::BF16, &[3, 4], 0.0);
    let wrong = SavedGrads {
        hidden: Some(&h16),
        ..SavedGrads::of(&f.grads)
    };
    assert!(bwd(wrong, &dl).contains("must be f32 [3, 4]"));
    let dl2 = Tensor::from_f32(f32_, &[2], &[1.0, 1.0]).unwrap();
    assert!(bwd(SavedGrads::of(&f.grads), &dl2).contains("must hold one value"));
}

/// Every row ignored: zero loss and zero gradients, whatever the temperature and reduction.
#[test]
fn all_ignored_rows_give_zeros() {
    let dev = Device::cpu();
    let (x, w, q, _) = problem(DType::F32, 6, 3, 8);
    let y = ids(&[-1; 6]);
    let inp = FlklInputs {
        hidden: &x,
        weight: &w,
        target: &q,
        labels: Some(&y),
    };
    for reduction in [Reduction::BatchMean, Reduction::Mean, Reduction::Sum] {
        let mut o = FlklOptions::default();
        o.loss.reduction = reduction;
        o.loss.ignore_index = -1;
        o.loss.temperature = -0.5;
        let f = forward(&dev, &inp, &o, None).unwrap();
        assert_eq!(f.loss.to_f32().unwrap(), [0.0]);
        assert!(f.grads.hidden.to_f32().unwrap().iter().all(|v| *v == 0.0));
        assert!(f.grads.weight.to_f32().unwrap().iter().all(|v| *v == 0.0));
    }
}

/// The registry pair: the forward's defaults are Liger's (batchmean, T = 1, C = 16), its
/// gradients chain into the backward, and `reduction=none` is refused.
#[test]
fn registry_entries_chain() {
    let dev = Device::cpu();
    let (x, w, q, y) = problem(DType::F32, 7, 3, 6);
    let fwd = find("fused_linear_kl_div.forward").unwrap();
    let mut inputs = crate::registry::Tensors::new();
    inputs.insert("hidden".into(), x.clone());
    inputs.insert("weight".into(), w.clone());
    inputs.insert("target".into(), q.clone());
    inputs.insert("labels".into(), y.clone());
    let out = fwd.call(&dev, &inputs, &fwd.params(&[]).unwrap()).unwrap();
    let direct = forward(
        &dev,
        &FlklInputs {
            hidden: &x,
            weight: &w,
            target: &q,
            labels: Some(&y),
        },
        &FlklOptions::default(),
        None,
    )
    .unwrap();
    assert_eq!(out["loss"], direct.loss);
    assert_eq!(out["grad_hidden"], direct.grads.hidden);
    let bwd = find("fused_linear_kl_div.backward").unwrap();
    let mut b_in = inputs.clone();
    b_in.insert("grad_hidden".into(), out["grad_hidden"].clone());
    b_in.insert("grad_weight".into(), out["grad_weight"].clone());
    b_in.insert(
        "dloss".into(),
        Tensor::from_f32(DType::F32, &[], &[3.0]).unwrap(),
    );
    let g = bwd.call(&dev, &b_in, &bwd.params(&[]).unwrap()).unwrap();
    let want: Vec<f32> = direct
        .grads
        .weight
        .to_f32()
        .unwrap()
        .iter()
        .map(|v| v * 3.0)
        .collect();
    assert_eq!(g["dweight"].to_f32().unwrap(), want);
    let none = [("reduction".to_string(), "none".to_string())];
    let e = fwd
        .params(&none)
        .and_then(|p| fwd.call(&dev, &inputs, &p))
        .unwrap_err();
    assert!(e.to_string().contains("reduction"), "{e}");
    let zero_t = [("temperature".to_string(), "0".to_string())];
    let e = fwd
        .params(&zero_t)
        .and_then(|p| fwd.call(&dev, &inputs, &p))
        .unwrap_err();
    assert!(e.to_string().contains("temperature"), "{e}");
}

/// Liger's chunk rule with its fixed `C = 16`: Llama 3 8B (`V = 128256`, `H = 4096`, 4096 rows)
/// gives chunks of 2048 rows.
#[test]
fn default_chunking_is_ligers() {
    let o = FlklOptions::default();
    assert_eq!(o.chunking, Chunking::MemConst(16));
    assert_eq!(o.chunking.rows(4096, 4096, 128256), 2048);
}
