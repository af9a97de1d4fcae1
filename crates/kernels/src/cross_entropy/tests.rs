//! Cross-entropy unit tests: the check sweep on the CPU, typed errors for bad inputs, and the
//! in-place mode (the logits are overwritten only there, with exactly the out-of-place
//! gradient).

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::*;
use crate::registry::{find, Tensors};
use crate::testing::{round_to_storage, Rng};

fn ids(v: &[i64]) -> Tensor {
    Tensor::new(Buffer::from_i64(DType::I64, v).unwrap(), vec![v.len()]).unwrap()
}

fn opts(reduction: Reduction) -> CeOptions {
    CeOptions {
        ignore_index: -100,
        label_smoothing: 0.0,
        z_loss: 0.0,
        softcap: None,
        reduction,
    }
}

fn message<T>(r: Result<T, OpError>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

/// The bits of every element (f16/bf16 widen to f32 exactly and injectively).
fn bits(t: &Tensor) -> Vec<u32> {
    t.to_f32().unwrap().iter().map(|v| v.to_bits()).collect()
}

#[test]
fn cross_entropy_matches_the_oracle() {
    let failures = crate::check::failures(check::cases(), &Device::cpu());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

thread_local! {
    /// Set by the tests of the device path on the CPU: targets in host memory are left unread,
    /// as targets in device memory are (`reads_targets`).
    pub(super) static LEAVE_TARGETS_UNREAD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// `f`, with the targets of every cross-entropy (or fused CE + TVD) call it makes on this thread
/// left unread.
pub(crate) fn targets_unread<T>(f: impl FnOnce() -> T) -> T {
    LEAVE_TARGETS_UNREAD.with(|c| c.set(true));
    let out = f();
    LEAVE_TARGETS_UNREAD.with(|c| c.set(false));
    out
}

#[test]
fn targets_left_in_device_memory_match_the_oracle() {
    // Every case of the sweep with the device's own row factors, row sums and target guard
    // (token statistics still read the targets).
    let failures = targets_unread(|| crate::check::failures(check::cases(), &Device::cpu()));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn unknown_targets_left_in_device_memory_poison_their_rows() {
    let dev = Device::cpu();
    let (x, _, w) = inputs(DType::F32, 4, 5, 7);
    // Row 0 names a class, 1 and 3 none, 2 is ignored.
    let t = ids(&[3, 5, -100, -1]);
    let nan_rows = [false, true, false, true];
    for weight in [None, Some(&w)] {
        let o = CeOptions {
            label_smoothing: 0.1,
            z_loss: 1e-3,
            ..opts(Reduction::None)
        };
        let f = targets_unread(|| forward(&dev, &x, &t, weight, &o)).unwrap();
        for loss in [&f.0, &f.1] {
            let l = loss.to_f32().unwrap();
            for (r, v) in l.iter().enumerate() {
                assert_eq!(v.is_nan(), nan_rows[r], "row {r}: {l:?}");
            }
            assert_eq!(l[2], 0.0);
        }
        let dl = Tensor::from_f32(DType::F32, &[4], &[1.0, 2.0, 3.0, 4.0]).unwrap();
        let g = targets_unread(|| backward(&dev, &x, &t, weight, &dl, None, &o, true, None));
        let g = g.unwrap().to_f32().unwrap();
        for (r, row) in g.chunks(5).enumerate() {
            assert!(
                row.iter().all(|v| v.is_nan() == nan_rows[r]),
                "row {r}: {row:?}"
            );
        }
        assert_eq!(&g[10..15], &[0.0; 5]);
        let mut z = x.clone();
        targets_unread(|| forward_in_place(&dev, &mut z, &t, weight, &o, false)).unwrap();
        let z = z.to_f32().unwrap();
        for (r, row) in z.chunks(5).enumerate() {
            assert!(
                row.iter().all(|v| v.is_nan() == nan_rows[r]),
                "row {r}: {row:?}"
            );
        }
        // Reduced, the NaN reaches the loss; read on the host, the same targets are an error.
        let mean = opts(Reduction::Mean);
        let m = targets_unread(|| forward(&dev, &x, &t, weight, &mean)).unwrap();
        assert!(m.0.to_f32().unwrap()[0].is_nan());
        assert!(message(forward(&dev, &x, &t, weight, &mean)).contains("outside 0..5"));
    }
}

#[test]
fn targets_left_in_device_memory_give_the_host_path_results() {
    // Same inputs, both paths: per-row values agree exactly (the same kernel arithmetic; only
    // where the factors and sums come from differs), the mean within f32 summation. 2,500 rows
    // make the device's single-program loops over the rows take three steps.
    let dev = Device::cpu();
    for (rows, v, dl_dtype) in [(37, 11, DType::F32), (2500, 5, DType::BF16)] {
        agree(&dev, rows, v, dl_dtype);
    }
}

fn agree(dev: &Device, rows: usize, v: usize, dl_dtype: DType) {
    let (x, t, w) = inputs(DType::BF16, rows, v, 3);
    for weight in [None, Some(&w)] {
        for reduction in [Reduction::None, Reduction::Sum, Reduction::Mean] {
            let o = CeOptions {
                label_smoothing: 0.2,
                z_loss: 1e-2,
                softcap: Some(3.0),
                ..opts(reduction)
            };
            let host = forward(dev, &x, &t, weight, &o).unwrap();
            let unread = targets_unread(|| forward(dev, &x, &t, weight, &o)).unwrap();
            for (a, b) in [(&host.0, &unread.0), (&host.1, &unread.1)] {
                let (a, b) = (a.to_f32().unwrap(), b.to_f32().unwrap());
                assert_eq!(a.len(), b.len());
                for (p, q) in a.iter().zip(&b) {
                    assert!(
                        (p - q).abs() <= 2e-6 * p.abs().max(1.0),
                        "{reduction:?}: {a:?} {b:?}"
                    );
                }
            }
            let n = if reduction == Reduction::None {
                rows
            } else {
                1
            };
            let shape: &[usize] = if reduction == Reduction::None {
                &[rows]
            } else {
                &[]
            };
            let dl = Tensor::from_f32(dl_dtype, shape, &vec![0.5; n]).unwrap();
            let g0 = backward(dev, &x, &t, weight, &dl, None, &o, true, None).unwrap();
            let g1 = targets_unread(|| backward(dev, &x, &t, weight, &dl, None, &o, true, None));
            let (g0, g1) = (g0.to_f32().unwrap(), g1.unwrap().to_f32().unwrap());
            // Relative to the gradient's scale: an element may be a small difference of terms
            // of that size, which the factors' rounding (f32 on the device, f64 on the host)
            // moves by an ulp of the terms (`check`'s tolerance has the same scale).
            let scale = g0.iter().fold(0f32, |m, g| m.max(g.abs()));
            for (p, q) in g0.iter().zip(&g1) {
                assert!(
                    (p - q).abs() <= 2e-6 * scale,
                    "{reduction:?} {weight:?}: {p} {q}"
                );
            }
        }
    }
}

#[test]
fn bad_targets_and_options_are_typed_errors() {
    let dev = Device::cpu();
    let x = Tensor::from_f32(DType::F32, &[2, 4], &[0.1; 8]).unwrap();
    let o = opts(Reduction::Mean);
    let fwd = |t: &Tensor, o: &CeOptions| message(forward(&dev, &x, t, None, o));
    assert!(fwd(&ids(&[0, 4]), &o).contains("outside 0..4"));
    assert!(fwd(&ids(&[0]), &o).contains("must be the logits' rows"));
    let ls = CeOptions {
        label_smoothing: 1.5,
        ..o
    };
    assert!(fwd(&ids(&[0, 1]), &ls).contains("label_smoothing"));
    let cap = CeOptions {
        softcap: Some(-1.0),
        ..o
    };
    assert!(fwd(&ids(&[0, 1]), &cap).contains("softcap"));
    let f = Tensor::from_f32(DType::F32, &[2], &[0.0, 1.0]).unwrap();
    assert!(fwd(&f, &o).contains("int32 or int64"));
}

#[test]
fn bad_weights_are_typed_errors() {
    let dev = Device::cpu();
    let x = Tensor::from_f32(DType::BF16, &[2, 4], &[0.1; 8]).unwrap();
    let t = ids(&[0, 3]);
    let o = opts(Reduction::Mean);
    let dl = Tensor::from_f32(DType::F32, &[], &[1.0]).unwrap();
    let both = |w: &Tensor| {
        let f = message(forward(&dev, &x, &t, Some(w), &o));
        let b = message(backward(&dev, &x, &t, Some(w), &dl, None, &o, false, None));
        assert_eq!(f.replace("forward", "backward"), b);
        f
    };
    let w = |d: DType, shape: &[usize], v: f32| {
        let n = shape.iter().product();
        Tensor::from_f32(d, shape, &vec![v; n]).unwrap()
    };
    assert!(both(&w(DType::BF16, &[5], 1.0)).contains("must be [4], one weight per class"));
    assert!(both(&w(DType::BF16, &[1, 4], 1.0)).contains("must be [4]"));
    assert!(both(&w(DType::BF16, &[], 1.0)).contains("must be [4]"));
    assert!(both(&w(DType::F16, &[4], 1.0)).contains("use the logits' dtype bf16 or f32"));
    let int = Tensor::new(Buffer::from_i64(DType::I64, &[1; 4]).unwrap(), vec![4]).unwrap();
    assert!(both(&int).contains("dtype i64 is not allowed"));
    assert!(both(&w(DType::F32, &[4], f32::INFINITY)).contains("class 0: inf is not finite"));
    // bf16 and f32 weights are both accepted.
    for d in [DType::BF16, DType::F32] {
        forward(&dev, &x, &t, Some(&w(d, &[4], 0.5)), &o).unwrap();
    }
}

#[test]
fn bad_lse_is_a_typed_error_and_ignored_rows_never_use_it() {
    let dev = Device::cpu();
    let (x, t, _) = inputs(DType::BF16, 3, 9, 3);
    let o = opts(Reduction::Sum);
    let dl = Tensor::from_f32(DType::F32, &[], &[1.0]).unwrap();
    let bwd = |lse: &Tensor| {
        message(backward(
            &dev,
            &x,
            &t,
            None,
            &dl,
            Some(lse),
            &o,
            false,
            None,
        ))
    };
    let f32s = |shape: &[usize]| {
        let n = shape.iter().product();
        Tensor::from_f32(DType::F32, shape, &vec![1.0; n]).unwrap()
    };
    for shape in [&[2][..], &[3, 1], &[]] {
        assert!(bwd(&f32s(shape)).contains("must be f32 of the logits' rows [3]"));
    }
    let bf16 = Tensor::from_f32(DType::BF16, &[3], &[1.0; 3]).unwrap();
    assert!(bwd(&bf16).contains("bf16 [3] must be f32"));
    // Row 1 is ignored: NaN there changes nothing; the other rows equal the recomputing backward.
    let f = forward_with(&dev, &x, &t, None, &o, false).unwrap();
    let mut lse = f.lse.to_f32().unwrap();
    lse[1] = f32::NAN;
    let lse = Tensor::from_f32(DType::F32, &[3], &lse).unwrap();
    let given = backward(&dev, &x, &t, None, &dl, Some(&lse), &o, false, None).unwrap();
    let recomputed = backward(&dev, &x, &t, None, &dl, None, &o, false, None).unwrap();
    assert_eq!(bits(&given), bits(&recomputed));
}

#[test]
fn bad_in_place_cotangents_are_typed_errors() {
    let dev = Device::cpu();
    let mut g = Tensor::from_f32(DType::F32, &[2, 4], &[0.1; 8]).unwrap();
    let scale = |g: &mut Tensor, dl: &Tensor, r| message(scale_in_place(&dev, g, dl, r));
    let scalar = Tensor::from_f32(DType::F32, &[], &[2.0]).unwrap();
    let rows = Tensor::from_f32(DType::F32, &[2], &[2.0, 3.0]).unwrap();
    assert!(scale(&mut g, &scalar, Reduction::None).contains("does not fit reduction None"));
    assert!(scale(&mut g, &rows, Reduction::Mean).contains("does not fit reduction Mean"));
    assert!(scale(&mut g, &ids(&[1]), Reduction::Sum).contains("must be a float tensor"));
    let mut int = ids(&[1, 2]);
    assert!(scale(&mut int, &scalar, Reduction::Sum).contains("use f32, f16 or bf16"));
    // Nothing was scaled by the failed calls.
    assert_eq!(g.to_f32().unwrap(), vec![0.1; 8]);
    scale_in_place(&dev, &mut g, &rows, Reduction::None).unwrap();
    let want: Vec<f32> = [2.0f32, 3.0].iter().flat_map(|d| [0.1 * d; 4]).collect();
    assert_eq!(g.to_f32().unwrap(), want);
    // A row whose cotangent is 1 keeps its values (the kernel skips it: only the goldens can
    // tell a skip from a multiplication by 1); a 16-bit scalar cotangent is read in its dtype.
    let one_row = Tensor::from_f32(DType::F32, &[2], &[1.0, 0.5]).unwrap();
    scale_in_place(&dev, &mut g, &one_row, Reduction::None).unwrap();
    let half: Vec<f32> = [0.2f32, 0.15].iter().flat_map(|v| [*v; 4]).collect();
    assert_eq!(g.to_f32().unwrap(), half);
    let bf16 = Tensor::from_f32(DType::BF16, &[], &[4.0]).unwrap();
    scale_in_place(&dev, &mut g, &bf16, Reduction::Sum).unwrap();
    let quad: Vec<f32> = half.iter().map(|v| v * 4.0).collect();
    assert_eq!(g.to_f32().unwrap(), quad);
}

/// Logits, targets (every third row ignored) and positive weights with zeros.
fn inputs(dtype: DType, rows: usize, v: usize, seed: u64) -> (Tensor, Tensor, Tensor) {
    let mut rng = Rng::new(seed);
    let mut x = rng.normal_vec(rows * v, 0.0, 2.0);
    round_to_storage(&mut x, dtype);
    let t: Vec<i64> = (0..rows)
        .map(|i| {
            if i % 3 == 1 {
                -100
            } else {
                rng.below(v as u64) as i64
            }
        })
        .collect();
    let mut w = rng.uniform_vec(v, 0.25, 2.0);
    w[0] = 0.0;
    (
        Tensor::from_f32(dtype, &[rows, v], &x).unwrap(),
        ids(&t),
        Tensor::from_f32(dtype, &[v], &w).unwrap(),
    )
}

#[test]
fn only_the_in_place_forward_overwrites_the_logits_with_the_exact_gradient() {
    let dev = Device::cpu();
    let full = CeOptions {
        label_smoothing: 0.1,
        z_loss: 1e-3,
        softcap: Some(30.0),
        ..opts(Reduction::Mean)
    };
    let one = Tensor::from_f32(DType::F32, &[], &[1.0]).unwrap();
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        // One tile and a stepped row (beyond 65,536 columns).
        for (rows, v) in [(5, 300), (2, 70001)] {
            let (x, t, w) = inputs(dtype, rows, v, 7 + v as u64);
            for weight in [None, Some(&w)] {
                for reduction in [Reduction::Mean, Reduction::Sum, Reduction::None] {
                    let o = CeOptions { reduction, ..full };
                    let ones = Tensor::from_f32(DType::F32, &[rows], &vec![1.0; rows]).unwrap();
                    let dl = if reduction == Reduction::None {
                        &ones
                    } else {
                        &one
                    };
                    let before = bits(&x);
                    let plain = forward_with(&dev, &x, &t, weight, &o, true).unwrap();
                    let dx = backward(&dev, &x, &t, weight, dl, None, &o, false, None).unwrap();
                    assert_eq!(
                        bits(&x),
                        before,
                        "the default mode must not write the logits"
                    );
                    let mut g =
                        Tensor::new(x.buffer.try_clone().unwrap(), x.shape.clone()).unwrap();
                    let fused = forward_in_place(&dev, &mut g, &t, weight, &o, true).unwrap();
                    let what = format!(
                        "{dtype} {rows}x{v} {reduction:?} weighted={}",
                        weight.is_some()
                    );
                    assert_ne!(bits(&g), before, "{what}: the logits must be overwritten");
                    assert_eq!(bits(&g), bits(&dx), "{what}: in place != out of place");
                    for (a, b) in [
                        (&fused.loss, &plain.loss),
                        (&fused.z_loss, &plain.z_loss),
                        (
                            fused.accuracy.as_ref().unwrap(),
                            plain.accuracy.as_ref().unwrap(),
                        ),
                    ] {
                        assert_eq!(bits(a), bits(b), "{what}: the losses must not change");
                    }
                    // dloss = 1 leaves the gradient as it is.
                    scale_in_place(&dev, &mut g, dl, reduction).unwrap();
                    assert_eq!(bits(&g), bits(&dx), "{what}: scaled by 1");
                    // f32 rounds once either way, for any dloss.
                    if dtype == DType::F32 {
                        let d = Tensor::from_f32(DType::F32, &dl.shape, &vec![0.37; dl.numel()])
                            .unwrap();
                        let dx = backward(&dev, &x, &t, weight, &d, None, &o, false, None).unwrap();
                        scale_in_place(&dev, &mut g, &d, reduction).unwrap();
                        assert_eq!(bits(&g), bits(&dx), "{what}: scaled by 0.37");
                    }
                }
            }
        }
    }
}

#[test]
fn the_forward_entry_returns_the_gradient_only_when_asked() {
    let dev = Device::cpu();
    let (x, t, w) = inputs(DType::BF16, 4, 33, 5);
    let fwd = find("cross_entropy.forward").unwrap();
    let bwd = find("cross_entropy.backward").unwrap();
    let scale = find("cross_entropy.in_place_backward").unwrap();
    let mut ins = Tensors::new();
    ins.insert("logits".into(), x);
    ins.insert("target".into(), t);
    ins.insert("weight".into(), w);
    let before = bits(&ins["logits"]);
    let pairs = |kv: &[(&str, &str)]| -> Vec<(String, String)> {
        kv.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    let red = ("reduction", "sum");
    let plain = fwd
        .call(&dev, &ins, &fwd.params(&pairs(&[red])).unwrap())
        .unwrap();
    assert!(!plain.contains_key("dlogits"));
    let p = fwd
        .params(&pairs(&[red, ("grad_in_forward", "true")]))
        .unwrap();
    let mut fused = fwd.call(&dev, &ins, &p).unwrap();
    // Entries borrow their inputs: the gradient went over a copy.
    assert_eq!(bits(&ins["logits"]), before);
    assert_eq!(bits(&plain["loss"]), bits(&fused["loss"]));
    let dl = Tensor::from_f32(DType::F32, &[], &[2.0]).unwrap();
    ins.insert("dloss".into(), dl.clone());
    let dx = bwd
        .call(&dev, &ins, &bwd.params(&pairs(&[red])).unwrap())
        .unwrap();
    let mut sin = Tensors::new();
    sin.insert("dlogits".into(), fused.remove("dlogits").unwrap());
    sin.insert("dloss".into(), dl);
    let scaled = scale
        .call(&dev, &sin, &scale.params(&pairs(&[red])).unwrap())
        .unwrap();
    // bf16 gradient times 2: exact, so one rounding either way.
    assert_eq!(bits(&scaled["dlogits"]), bits(&dx["dlogits"]));
}

#[test]
fn every_kernel_variant_lowers_to_cuda() {
    use metile_codegen::{cuda_source, Target};
    let lower = |k: Result<metile_ir::Verified, metile_lang::LangError>, what: &str| {
        let k = metile_opt::canonicalize(k.unwrap()).unwrap();
        let lowered = cuda_source(&k, &Target::sm90());
        assert!(lowered.is_ok(), "{what}: {:?}", lowered.err());
    };
    // The GPU's tilings: one masked power-of-two tile, and 4096-column steps past 16,384.
    let tilings = [(1000, false), (4096, true)].map(|(block, looped)| Tiling {
        block,
        exact: false,
        looped,
        prefetch: false,
    });
    for x in [DType::F32, DType::F16, DType::BF16] {
        for tiling in tilings {
            for (backward, in_place, lse) in [
                (false, false, false),
                (false, true, false),
                (true, false, false),
                (true, false, true),
            ] {
                for weight in [None, Some(x), Some(DType::F32)] {
                    for (softcap, predict, device_targets) in [
                        (false, false, false),
                        (true, true, false),
                        (true, false, true),
                    ] {
                        let spec = CeSpec {
                            backward,
                            in_place,
                            x,
                            target: DType::I32,
                            weight,
                            grad: DType::F32,
                            softcap,
                            predict: predict && !backward,
                            lse,
                            tiling,
                            wide: softcap,
                            device_targets,
                            dloss: if device_targets { x } else { DType::F32 },
                            dloss_per_row: !device_targets,
                        };
                        lower(kernel(&spec), &format!("{spec:?}"));
                    }
                }
            }
            for (dl, per_row) in [(DType::F32, true), (x, false)] {
                lower(
                    scale_kernel(x, tiling, dl, per_row),
                    &format!("scale {x} {tiling:?}"),
                );
            }
        }
    }
    for target in [DType::I32, DType::I64] {
        for weight in [None, Some(DType::BF16), Some(DType::F32)] {
            lower(
                factors_kernel(target, weight),
                &format!("factors {target} {weight:?}"),
            );
        }
    }
    lower(sums_kernel(), "sums");
}

/// `(instructions, reductions)` in the body of each top-level column loop of a canonicalized
/// kernel, in program order.
fn loop_bodies(k: &metile_ir::Verified) -> Vec<(usize, usize)> {
    use metile_ir::Op;
    let k = k.kernel();
    k.body
        .insts
        .iter()
        .filter_map(|i| match &k.insts[i.0 as usize].op {
            Op::For { body, .. } => Some(body),
            _ => None,
        })
        .map(|body| {
            let reduce = body
                .insts
                .iter()
                .filter(|i| matches!(k.insts[i.0 as usize].op, Op::Reduce { .. }))
                .count();
            (body.insts.len(), reduce)
        })
        .collect()
}

/// Stepped rows keep their statistics per lane: no column loop reduces across the tile, the
/// forward reads the logits once (statistics and `sum(w z)` in one loop), and the backward given
/// `lse` once.
#[test]
fn stepped_rows_reduce_once_after_the_column_loop() {
    let tiling = Tiling {
        block: 4096,
        exact: false,
        looped: true,
        prefetch: false,
    };
    for (weight, softcap, predict) in [(None, false, false), (Some(DType::BF16), true, true)] {
        for (backward, in_place, lse, loops) in [
            (false, false, false, 1),
            (false, true, false, 2),
            (true, false, false, 2),
            (true, false, true, 1),
        ] {
            let spec = CeSpec {
                backward,
                in_place,
                x: DType::BF16,
                target: DType::I64,
                weight,
                grad: DType::BF16,
                softcap,
                predict: predict && !backward,
                lse,
                tiling,
                wide: false,
                device_targets: false,
                dloss: DType::F32,
                dloss_per_row: true,
            };
            let k = metile_opt::canonicalize(kernel(&spec).unwrap()).unwrap();
            let bodies = loop_bodies(&k);
            assert_eq!(bodies.len(), loops, "{spec:?}: {bodies:?}");
            assert!(bodies.iter().all(|b| b.1 == 0), "{spec:?}: {bodies:?}");
        }
    }
}

#[test]
fn gpu_forwards_of_16_bit_logits_pipeline_their_steps_by_default() {
    // `METILE_CE_PIPELINE` is unset in the unit tests (`tests/ce_pipeline.rs` sets it in its
    // own process).
    use super::pipelined_steps;
    for x in [DType::F32, DType::F16, DType::BF16] {
        for backward in [false, true] {
            let want = !backward && x != DType::F32;
            assert_eq!(
                pipelined_steps(true, x, backward),
                want,
                "{x} backward={backward}"
            );
            assert!(
                !pipelined_steps(false, x, backward),
                "never by default on the CPU"
            );
        }
    }
}

/// The forward entry writes over its previous outputs (`loss`, `z_loss`, `lse`) under every
/// reduction, with the row sums taken on the host and on the device: a repeated call allocates
/// none of them and gives the same values (each poisoned in between).
#[test]
fn forward_entry_writes_over_its_previous_outputs() {
    let d = Device::cpu();
    let ep = find("cross_entropy.forward").unwrap();
    let mut rng = Rng::new(17);
    let (rows, v) = (6, 11);
    let mut inputs = Tensors::new();
    let x = rng.normal_vec(rows * v, 0.0, 2.0);
    inputs.insert(
        "logits".into(),
        Tensor::from_f32(DType::F32, &[rows, v], &x).unwrap(),
    );
    inputs.insert("target".into(), ids(&[3, -100, 0, 10, 7, 3]));
    let addr = |t: &mut Tensor| t.buffer.host_bytes_mut().unwrap().as_ptr() as usize;
    let names = ["loss", "z_loss", "lse"];
    for reduction in ["none", "sum", "mean"] {
        for unread in [false, true] {
            let pairs = [("reduction", reduction), ("lse_square_scale", "0.01")]
                .map(|(k, v)| (k.to_string(), v.to_string()));
            let params = ep.params(&pairs).unwrap();
            let run = |out: &mut Tensors| {
                let call = || (ep.run)(&d, &inputs, &params, out);
                if unread {
                    targets_unread(call)
                } else {
                    (ep.run)(&d, &inputs, &params, out)
                }
            };
            let label = format!("{reduction} targets unread {unread}");
            let mut out = Tensors::new();
            run(&mut out).unwrap();
            let want: Vec<Vec<f32>> = names.map(|n| out[n].to_f32().unwrap()).to_vec();
            let mut at = Vec::new();
            for n in names {
                let t = out.get_mut(n).unwrap();
                t.buffer.poison();
                at.push(addr(t));
            }
            run(&mut out).unwrap();
            for (k, n) in names.iter().enumerate() {
                let t = out.get_mut(*n).unwrap();
                assert_eq!(addr(t), at[k], "{label}: {n} written over");
                assert_eq!(t.to_f32().unwrap(), want[k], "{label}: {n}");
            }
        }
    }
}
