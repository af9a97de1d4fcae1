//! Distribution-loss unit tests: the check sweep on the CPU, typed errors for bad inputs and
//! options, and the registry entries end to end.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::*;
use crate::registry::{find, Tensors};

fn ids(v: &[i64]) -> Tensor {
    Tensor::new(Buffer::from_i64(DType::I64, v).unwrap(), vec![v.len()]).unwrap()
}

fn message<T>(r: Result<T, OpError>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

fn filled(dtype: DType, shape: &[usize], v: f32) -> Tensor {
    let n = shape.iter().product();
    Tensor::from_f32(dtype, shape, &vec![v; n]).unwrap()
}

#[test]
fn distribution_losses_match_the_oracle() {
    let failures = crate::check::failures(check::cases(), &Device::cpu());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn bad_inputs_and_options_are_typed_errors() {
    let dev = Device::cpu();
    let x = filled(DType::F32, &[2, 4], -1.5);
    let y = filled(DType::BF16, &[2, 4], 0.25);
    let kl = KlOptions {
        reduction: Reduction::Mean,
        log_target: false,
        eps: 1e-10,
    };
    let js = JsdOptions {
        beta: 0.5,
        ignore_index: -100,
    };
    let tv = TvdOptions {
        reduction: Reduction::BatchMean,
        ignore_index: -100,
    };
    // Shapes and dtypes.
    let wide = filled(DType::F32, &[2, 5], 0.25);
    assert!(message(kl_div(&dev, &x, &wide, &kl, None)).contains("must be y_pred's [2, 4]"));
    assert!(message(jsd(&dev, &x, &wide, None, &js, None)).contains("must be input's [2, 4]"));
    assert!(message(tvd(&dev, &wide, &x, None, &tv, None)).contains("q`: shape [2, 4]"));
    let int = Tensor::new(Buffer::from_i64(DType::I64, &[1; 8]).unwrap(), vec![2, 4]).unwrap();
    assert!(message(kl_div(&dev, &int, &y, &kl, None)).contains("use f32, f16 or bf16"));
    assert!(message(tvd(&dev, &x, &int, None, &tv, None)).contains("use f32, f16 or bf16"));
    let empty = filled(DType::F32, &[2, 0], 0.0);
    assert!(message(jsd(&dev, &empty, &empty, None, &js, None)).contains("classes"));
    // Labels: out of range unless ignored, shape, dtype.
    let lab = |l: &[i64]| message(jsd(&dev, &x, &y, Some(&ids(l)), &js, None));
    assert!(lab(&[0, 4]).contains("row 1: class 4 is outside 0..4"));
    assert!(lab(&[-1, 3]).contains("outside 0..4"));
    assert!(lab(&[-100, 3]).is_empty());
    assert!(lab(&[0]).contains("must be the input's rows [2]"));
    let float_labels = filled(DType::F32, &[2], 0.0);
    let m = message(tvd(&dev, &x, &y, Some(&float_labels), &tv, None));
    assert!(m.contains("int32 or int64"));
    // Options.
    for beta in [-0.1, 1.5, f64::NAN] {
        let o = JsdOptions { beta, ..js };
        assert!(message(jsd(&dev, &x, &y, None, &o, None)).contains("parameter `beta`"));
    }
    // 1e-50 and 1e39 are positive and finite in f64 but 0 and inf in the kernel's FP32.
    for eps in [0.0, -1e-10, f64::INFINITY, 1e-50, 1e39] {
        let o = KlOptions { eps, ..kl };
        assert!(message(kl_div(&dev, &x, &y, &o, None)).contains("parameter `eps`"));
    }
    // Cotangents: one value unless none, the inputs' shape under none, float.
    let rows_dl = filled(DType::F32, &[2], 1.0);
    let m = message(kl_div_backward(&dev, &x, &y, &rows_dl, &kl, None));
    assert!(m.contains("must hold one value"));
    let none = TvdOptions {
        reduction: Reduction::None,
        ..tv
    };
    let scalar = filled(DType::F32, &[], 1.0);
    let m = message(tvd_backward(&dev, &x, &y, None, &scalar, &none, None));
    assert!(m.contains("must be the inputs' [2, 4] under reduction none"));
    let int_dl = ids(&[1]);
    let m = message(jsd_backward(&dev, &x, &y, None, &int_dl, &js, None));
    assert!(m.contains("dloss"));
}

#[test]
fn registry_entries_parse_their_parameters() {
    let dev = Device::cpu();
    let mut t = Tensors::new();
    let x = filled(DType::F32, &[3, 4], -(4f32.ln()));
    t.insert("y_pred".into(), x.clone());
    t.insert("y_true".into(), filled(DType::F32, &[3, 4], 0.25));
    let kl = find("kl_div.forward").unwrap();
    let run = |e: &EntryPoint, t: &Tensors, pairs: &[(&str, &str)]| {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        e.params(&pairs).and_then(|p| e.call(&dev, t, &p))
    };
    // Equal distributions: KL is 0 under every reduction; `none` keeps the shape.
    let out = run(kl, &t, &[("reduction", "none")]).unwrap();
    assert_eq!(out["loss"].shape, vec![3, 4]);
    assert!(out["loss"].to_f32().unwrap().iter().all(|v| v.abs() < 1e-7));
    assert!(message(run(kl, &t, &[("reduction", "avg")])).contains("reduction"));
    assert!(message(run(kl, &t, &[("eps", "0")])).contains("eps"));
    let jsd_e = find("jsd.forward").unwrap();
    let mut j = Tensors::new();
    j.insert("input".into(), x.clone());
    j.insert("target".into(), x.clone());
    j.insert("labels".into(), ids(&[0, -100, 3]));
    let out = run(jsd_e, &j, &[("beta", "0.3")]).unwrap();
    assert_eq!(out["loss"].shape, Vec::<usize>::new());
    assert!(message(run(jsd_e, &j, &[("beta", "2")])).contains("beta"));
    assert!(message(run(jsd_e, &j, &[("ignore_index", "x")])).contains("ignore_index"));
    // TVD's gradient where p = q is 0 (sign(0) = 0).
    let mut v = Tensors::new();
    v.insert("p".into(), filled(DType::BF16, &[3, 4], 0.25));
    v.insert("q".into(), filled(DType::BF16, &[3, 4], 0.25));
    v.insert("dloss".into(), filled(DType::F32, &[], 1.0));
    let out = run(find("tvd.backward").unwrap(), &v, &[]).unwrap();
    assert_eq!(out["dp"].dtype(), DType::BF16);
    assert!(out["dp"].to_f32().unwrap().iter().all(|g| *g == 0.0));
}

/// The tilings a GPU launches, run on the CPU: one masked power-of-two tile (127 and 4097
/// columns), and masked steps of 4096 columns (70,000), also pipelined (the reduced forward's
/// inputs loaded a step ahead). Each must give the CPU tiling's results:
/// the same elements bit for bit (gradients, `none` losses), reduced losses within the FP32
/// summation order's rounding.
#[test]
fn gpu_tilings_match_the_cpu_tiling() {
    let dev = Device::cpu();
    let mut rng = crate::testing::Rng::new(77);
    for v in [127usize, 4097, 70000] {
        let rows = 3;
        let gpu = if v > 16384 {
            Tiling {
                block: 4096,
                exact: false,
                looped: true,
                prefetch: false,
            }
        } else {
            Tiling {
                block: v.next_power_of_two(),
                exact: false,
                looped: false,
                prefetch: false,
            }
        };
        let cpu = Tiling::for_device(&dev, v);
        // A GPU's stepped tiling with each step's inputs loaded a step ahead (the default for a
        // 16-bit first input: `cross_entropy::row_tiling`).
        let pipelined = Tiling {
            prefetch: gpu.looped,
            ..gpu
        };
        let mut a = rng.normal_vec(rows * v, -9.0, 2.0);
        let mut b = rng.normal_vec(rows * v, -9.0, 2.0);
        crate::testing::round_to_storage(&mut a, DType::BF16);
        crate::testing::round_to_storage(&mut b, DType::BF16);
        let x = Tensor::from_f32(DType::BF16, &[rows, v], &a).unwrap();
        let y = Tensor::from_f32(DType::F32, &[rows, v], &b).unwrap();
        let p = Tensor::from_f32(
            DType::BF16,
            &[rows, v],
            &a.iter().map(|e| e.exp()).collect::<Vec<_>>(),
        )
        .unwrap();
        let q = Tensor::from_f32(
            DType::F32,
            &[rows, v],
            &b.iter().map(|e| e.exp()).collect::<Vec<_>>(),
        )
        .unwrap();
        let labels = ids(&[1, -100, 0]);
        let dl_all =
            Tensor::from_f32(DType::F32, &[rows, v], &rng.normal_vec(rows * v, 0.0, 1.0)).unwrap();
        let dl_one = filled(DType::F32, &[], 0.75);
        let mut calls = Vec::new();
        for reduction in [Reduction::None, Reduction::BatchMean] {
            for log_target in [false, true] {
                let o = KlOptions {
                    reduction,
                    log_target,
                    eps: 1e-10,
                };
                calls.push(kl_call("kl_div.forward", &x, &q, &o).unwrap());
            }
            let o = TvdOptions {
                reduction,
                ignore_index: -100,
            };
            calls.push(tvd_call("tvd.forward", &p, &q, Some(&labels), &o).unwrap());
        }
        for beta in [0.0, 0.4, 1.0] {
            let o = JsdOptions {
                beta,
                ignore_index: -100,
            };
            calls.push(jsd_call("jsd.forward", &x, &y, Some(&labels), &o).unwrap());
        }
        for c in &calls {
            let none = c.reduction == Reduction::None;
            let dl = if none { &dl_all } else { &dl_one };
            let what = format!("{:?} {:?} v={v}", c.loss, c.reduction);
            let grads: Vec<Vec<f32>> = [cpu, gpu]
                .iter()
                .map(|t| {
                    c.backward_tiled(&dev, dl, None, *t)
                        .unwrap()
                        .to_f32()
                        .unwrap()
                })
                .collect();
            assert_eq!(grads[0], grads[1], "{what}");
            let losses: Vec<Vec<f32>> = [cpu, gpu, pipelined]
                .iter()
                .map(|t| {
                    c.forward_tiled(&dev, DType::F32, None, *t)
                        .unwrap()
                        .to_f32()
                        .unwrap()
                })
                .collect();
            if none {
                assert_eq!(losses[0], losses[1], "{what}");
            } else {
                let (l0, l1) = (losses[0][0] as f64, losses[1][0] as f64);
                assert!(
                    (l0 - l1).abs() <= 1e-5 * l0.abs().max(1e-30),
                    "{what}: {l0} vs {l1}"
                );
                // Pipelined loads change no arithmetic: the stepped tiling's sum bit for bit.
                assert_eq!(losses[2], losses[1], "{what} pipelined");
            }
        }
    }
}
