//! Fused linear cross-entropy unit tests: part of the check sweep on the CPU, the chunk-size
//! rule, typed errors for bad inputs, and the registry entries.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::*;
use crate::registry::find;

fn ids(v: &[i64]) -> Tensor {
    Tensor::new(Buffer::from_i64(DType::I64, v).unwrap(), vec![v.len()]).unwrap()
}

fn t(d: DType, shape: &[usize], v: f32) -> Tensor {
    let n = shape.iter().product();
    Tensor::from_f32(d, shape, &vec![v; n]).unwrap()
}

fn opts(reduction: Reduction) -> FlceOptions {
    FlceOptions {
        ce: CeOptions {
            ignore_index: -100,
            label_smoothing: 0.0,
            z_loss: 0.0,
            softcap: None,
            reduction,
        },
        chunking: Chunking::Rows(2),
        storage_param_grads: false,
    }
}

fn message<T>(r: Result<T, OpError>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

#[test]
fn small_cases_match_the_oracle() {
    // The sweep's cases of at most 17 rows (the rest run under `metile check`).
    let cases = check::sweep()
        .into_iter()
        .filter(|c| c.n <= 17 && c.n * c.h * c.v <= 17 * 127 * 127)
        .map(|c| crate::check::CheckCase {
            op: "fused_linear_cross_entropy",
            label: c.describe(),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect();
    let cases: Vec<_> = cases;
    assert!(cases.len() >= 20, "{} cases", cases.len());
    let failures = crate::check::failures(cases, &Device::cpu());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `param_grad_dtype=storage`: the losses and `grad_hidden` are the FP32 run's bit for bit; the
/// weight and bias gradients are the FP32 ones up to one bf16 rounding per chunk of the running
/// sum (here 5 chunks), and come back in bf16.
#[test]
fn storage_param_grads_round_once_per_chunk() {
    let dev = Device::cpu();
    let (n, h, v) = (37, 24, 50);
    let mut rng = crate::testing::Rng::new(77);
    let mut gen = |len| {
        let mut x = rng.normal_vec(len, 0.0, 1.0);
        crate::testing::round_to_storage(&mut x, DType::BF16);
        x
    };
    let x = Tensor::from_f32(DType::BF16, &[n, h], &gen(n * h)).unwrap();
    let w = Tensor::from_f32(DType::BF16, &[v, h], &gen(v * h)).unwrap();
    let b = Tensor::from_f32(DType::BF16, &[v], &gen(v)).unwrap();
    let y = ids(&(0..n as i64)
        .map(|i| (i * 7) % v as i64)
        .collect::<Vec<_>>());
    let inp = FlceInputs {
        hidden: &x,
        weight: &w,
        target: &y,
        bias: Some(&b),
        ce_weight: None,
    };
    let mut o = opts(Reduction::Sum);
    o.chunking = Chunking::Rows(8);
    let f32_run = forward(&dev, &inp, &o, None).unwrap();
    o.storage_param_grads = true;
    let bf16_run = forward(&dev, &inp, &o, None).unwrap();
    let (g32, g16) = (f32_run.grads.unwrap(), bf16_run.grads.unwrap());
    assert_eq!(
        f32_run.loss.to_f32().unwrap(),
        bf16_run.loss.to_f32().unwrap()
    );
    assert_eq!(g32.hidden.to_f32().unwrap(), g16.hidden.to_f32().unwrap());
    assert_eq!(g16.weight.dtype(), DType::BF16);
    assert_eq!(g16.bias.as_ref().unwrap().dtype(), DType::BF16);
    let chunks = n.div_ceil(8) as f64;
    let u = crate::testing::unit_roundoff(DType::BF16);
    for (a, b) in [
        (g32.weight.to_f32().unwrap(), g16.weight.to_f32().unwrap()),
        (
            g32.bias.unwrap().to_f32().unwrap(),
            g16.bias.as_ref().unwrap().to_f32().unwrap(),
        ),
    ] {
        let scale = a.iter().fold(0.0f64, |m, x| m.max(x.abs() as f64));
        let worst = a
            .iter()
            .zip(&b)
            .fold(0.0f64, |m, (p, q)| m.max((*p as f64 - *q as f64).abs()));
        // Each chunk's rounding is at most u of the running sum (bounded by 2 scale); the FP32
        // run's own rounding is far below.
        assert!(
            worst <= chunks * u * 2.0 * scale,
            "{worst} > {chunks} u 2 {scale}"
        );
        assert!(worst > 0.0, "the bf16 gradients cannot all be exact");
    }
    // The backward scales them in their dtype.
    let saved = SavedGrads {
        hidden: Some(&g16.hidden),
        weight: Some(&g16.weight),
        bias: g16.bias.as_ref(),
    };
    let dl = Tensor::from_f32(DType::F32, &[], &[2.0]).unwrap();
    let back = backward(&dev, &inp, saved, &dl, &o, None).unwrap();
    assert_eq!(back.weight.dtype(), DType::BF16);
    let doubled: Vec<f32> = g16
        .weight
        .to_f32()
        .unwrap()
        .iter()
        .map(|v| 2.0 * v)
        .collect();
    assert_eq!(back.weight.to_f32().unwrap(), doubled);
}

#[test]
fn chunk_rule_is_ligers() {
    // Llama 3 8B: V = 128256, H = 4096, N = 4096: inc = 32, chunk 128.
    assert_eq!(Chunking::MemConst(1).rows(4096, 4096, 128256), 128);
    assert_eq!(Chunking::MemConst(4).rows(4096, 4096, 128256), 512);
    // Few rows: next power of two, capped at N.
    // inc = ceil(127 / 17) = 8, ceil(300 / 8) = 38 -> 64.
    assert_eq!(Chunking::MemConst(1).rows(300, 17, 127), 64);
    assert_eq!(Chunking::MemConst(1).rows(3, 4096, 100), 3);
    assert_eq!(Chunking::Rows(1000).rows(17, 1, 1), 17);
    assert_eq!(Chunking::Rows(5).rows(0, 1, 1), 0);
}

#[test]
fn bad_inputs_are_typed_errors() {
    let dev = Device::cpu();
    let f32_ = DType::F32;
    let (x, w, b) = (
        t(f32_, &[3, 4], 0.1),
        t(f32_, &[5, 4], 0.2),
        t(f32_, &[5], 0.0),
    );
    let y = ids(&[0, -100, 4]);
    let inp = FlceInputs {
        hidden: &x,
        weight: &w,
        target: &y,
        bias: Some(&b),
        ce_weight: None,
    };
    let o = opts(Reduction::Mean);
    let fwd = |i: FlceInputs<'_>, o: &FlceOptions| message(forward(&dev, &i, o, None));
    assert_eq!(fwd(inp, &o), "");
    let w16 = t(DType::BF16, &[5, 4], 0.2);
    assert!(fwd(
        FlceInputs {
            weight: &w16,
            ..inp
        },
        &o
    )
    .contains("must match hidden's f32"));
    let w3 = t(f32_, &[5, 3], 0.2);
    assert!(fwd(FlceInputs { weight: &w3, ..inp }, &o).contains("must be [V, H] with H = 4"));
    let b4 = t(f32_, &[4], 0.0);
    assert!(fwd(
        FlceInputs {
            bias: Some(&b4),
            ..inp
        },
        &o
    )
    .contains("must be [V] = [5]"));
    let y5 = ids(&[0, 5, 1]);
    assert!(fwd(FlceInputs { target: &y5, ..inp }, &o).contains("row 1: class 5 is outside 0..5"));
    let y2 = ids(&[0, 1]);
    assert!(fwd(FlceInputs { target: &y2, ..inp }, &o).contains("int32/int64 of hidden's rows"));
    let yf = t(f32_, &[3], 0.0);
    assert!(fwd(FlceInputs { target: &yf, ..inp }, &o).contains("int32/int64"));
    let xi = Tensor::new(Buffer::from_i64(DType::I64, &[0; 12]).unwrap(), vec![3, 4]).unwrap();
    assert!(fwd(FlceInputs { hidden: &xi, ..inp }, &o).contains("use f32, f16 or bf16"));
    let nan = Tensor::from_f32(f32_, &[5], &[1.0, f32::NAN, 1.0, 1.0, 1.0]).unwrap();
    let cw = FlceInputs {
        ce_weight: Some(&nan),
        ..inp
    };
    assert!(fwd(cw, &o).contains("class 1: NaN is not finite"));
    let cw4 = t(f32_, &[4], 1.0);
    assert!(fwd(
        FlceInputs {
            ce_weight: Some(&cw4),
            ..inp
        },
        &o
    )
    .contains("must be [V] = [5]"));
    let mut bad = o;
    bad.ce.label_smoothing = 1.5;
    assert!(fwd(inp, &bad).contains("label_smoothing"));
    let mut bad = o;
    bad.chunking = Chunking::MemConst(0);
    assert!(fwd(inp, &bad).contains("must be positive"));

    // The backward: dloss's shape by reduction, and the saved gradients under mean.
    let f = forward(&dev, &inp, &o, None).unwrap();
    let g = f.grads.as_ref().unwrap();
    let scalar = t(f32_, &[], 1.0);
    let per_row = t(f32_, &[3], 1.0);
    let bwd = |s: SavedGrads<'_>, dl: &Tensor, o: &FlceOptions| {
        message(backward(&dev, &inp, s, dl, o, None))
    };
    assert_eq!(bwd(SavedGrads::of(g), &scalar, &o), "");
    assert!(bwd(SavedGrads::of(g), &per_row, &o).contains("does not fit reduction Mean"));
    assert!(bwd(SavedGrads::default(), &scalar, &o).contains("missing input `grad_hidden`"));
    let no_bias = SavedGrads {
        bias: None,
        ..SavedGrads::of(g)
    };
    assert!(bwd(no_bias, &scalar, &o).contains("missing input `grad_bias`"));
    let w16 = t(DType::BF16, &[5, 4], 0.0);
    let wrong = SavedGrads {
        weight: Some(&w16),
        ..SavedGrads::of(g)
    };
    assert!(bwd(wrong, &scalar, &o).contains("bf16 [5, 4] must be f32 [5, 4]"));
    let none = opts(Reduction::None);
    assert!(bwd(SavedGrads::default(), &scalar, &none).contains("does not fit reduction None"));
    assert_eq!(bwd(SavedGrads::default(), &per_row, &none), "");
}

#[test]
fn entries_run_as_a_pair() {
    let dev = Device::cpu();
    let mut rng = crate::testing::Rng::new(5);
    let mut inputs = crate::registry::Tensors::new();
    let (n, h, v) = (9, 6, 11);
    for (name, shape) in [
        ("hidden", vec![n, h]),
        ("weight", vec![v, h]),
        ("bias", vec![v]),
    ] {
        let vals = rng.normal_vec(shape.iter().product(), 0.0, 1.0);
        inputs.insert(
            name.into(),
            Tensor::from_f32(DType::BF16, &shape, &vals).unwrap(),
        );
    }
    let y: Vec<i64> = (0..n as i64).map(|i| (i * 7) % v as i64).collect();
    inputs.insert("target".into(), ids(&y));
    for reduction in ["mean", "none"] {
        let pairs = |chunk: &str| {
            vec![
                ("reduction".to_string(), reduction.to_string()),
                ("chunk_rows".to_string(), chunk.to_string()),
                ("label_smoothing".to_string(), "0.1".to_string()),
            ]
        };
        let mut results = Vec::new();
        for chunk in ["1", "4", "0"] {
            let fwd = find("fused_linear_cross_entropy.forward").unwrap();
            let bwd = find("fused_linear_cross_entropy.backward").unwrap();
            let mut io = inputs.clone();
            let out = fwd
                .call(&dev, &io, &fwd.params(&pairs(chunk)).unwrap())
                .unwrap();
            assert_eq!(out.contains_key("grad_weight"), reduction == "mean");
            let dl = if reduction == "none" { vec![n] } else { vec![] };
            io.insert("dloss".into(), t(DType::F32, &dl, 0.5));
            io.extend(out.clone());
            let g = bwd
                .call(&dev, &io, &bwd.params(&pairs(chunk)).unwrap())
                .unwrap();
            let get = |m: &crate::registry::Tensors, k: &str| m[k].to_f32().unwrap();
            results.push((
                get(&out, "loss"),
                get(&g, "dhidden"),
                get(&g, "dweight"),
                get(&g, "dbias"),
            ));
        }
        for r in &results[1..] {
            assert_eq!(
                r.0, results[0].0,
                "{reduction}: losses agree across chunk sizes"
            );
            assert_eq!(
                r.1, results[0].1,
                "{reduction}: dhidden agrees across chunk sizes"
            );
            for (a, b) in
                r.2.iter()
                    .zip(&results[0].2)
                    .chain(r.3.iter().zip(&results[0].3))
            {
                assert!(
                    (a - b).abs() <= 1e-5 * (1.0 + b.abs()),
                    "{reduction}: {a} vs {b}"
                );
            }
        }
    }
}

#[test]
fn token_stats_through_the_entry() {
    // Rows of [2, 3] with H = 2, V = 3: the weight's rows are (1, 0), (0, 1), (-1, -1), so the
    // hidden rows below predict 0, 1, 2, 0 (a tie of 1 and 1: the first index), ignored, 1.
    let dev = Device::cpu();
    let mut io = crate::registry::Tensors::new();
    let hidden = [2., 0., 0., 2., -2., -2., 1., 1., 0., 2., 0., 2.];
    let weight = [1., 0., 0., 1., -1., -1.];
    io.insert(
        "hidden".into(),
        Tensor::from_f32(DType::F32, &[2, 3, 2], &hidden).unwrap(),
    );
    io.insert(
        "weight".into(),
        Tensor::from_f32(DType::F32, &[3, 2], &weight).unwrap(),
    );
    let target = [0, 2, 2, 0, -100, 1];
    io.insert(
        "target".into(),
        Tensor::new(Buffer::from_i64(DType::I64, &target).unwrap(), vec![2, 3]).unwrap(),
    );
    let fwd = find("fused_linear_cross_entropy.forward").unwrap();
    for (reduction, stats, want_acc) in [
        ("mean", "true", vec![0.8]),
        ("sum", "true", vec![0.8]),
        ("none", "true", vec![1., 0., 1., 1., 0., 1.]),
        ("mean", "false", vec![]),
    ] {
        let pairs = [
            ("reduction".to_string(), reduction.to_string()),
            ("chunk_rows".to_string(), "4".to_string()),
            ("token_stats".to_string(), stats.to_string()),
        ];
        let out = fwd.call(&dev, &io, &fwd.params(&pairs).unwrap()).unwrap();
        if stats == "false" {
            assert!(!out.contains_key("predicted") && !out.contains_key("accuracy"));
            continue;
        }
        let pred = &out["predicted"];
        assert_eq!((pred.dtype(), &pred.shape[..]), (DType::I64, &[2, 3][..]));
        assert_eq!(
            pred.buffer.to_i64().unwrap(),
            [0, 1, 2, 0, -1, 1],
            "{reduction}"
        );
        let acc = &out["accuracy"];
        let acc_shape: &[usize] = if reduction == "none" { &[2, 3] } else { &[] };
        assert_eq!(acc.shape, acc_shape, "{reduction}");
        assert_eq!(acc.to_f32().unwrap(), want_acc, "{reduction}");
    }
    // Every row ignored: accuracy 0.
    io.insert(
        "target".into(),
        Tensor::new(
            Buffer::from_i64(DType::I64, &[-100; 6]).unwrap(),
            vec![2, 3],
        )
        .unwrap(),
    );
    let pairs = [("token_stats".to_string(), "true".to_string())];
    let out = fwd.call(&dev, &io, &fwd.params(&pairs).unwrap()).unwrap();
    assert_eq!(out["predicted"].buffer.to_i64().unwrap(), [-1; 6]);
    assert_eq!(out["accuracy"].to_f32().unwrap(), [0.0]);
}
