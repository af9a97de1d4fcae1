//! Tests of `fused_mlp` and `tiled_mlp`: the oracle against finite differences of itself, the
//! check sweep on the CPU, the layouts and modes against each other, the tiled operator against
//! the fused one, empty inputs, and typed errors for bad inputs.

#![allow(clippy::panic)]

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::check::{sweep, MlpCase};
use super::*;
use crate::reference::mlp::Mlp;
use crate::registry::{self, Tensors};
use crate::testing::{round_to_storage, Rng};

fn values(n: usize, std: f32, seed: u64, dtype: DType) -> Vec<f32> {
    let mut v = Rng::new(seed).normal_vec(n, 0.0, std);
    round_to_storage(&mut v, dtype);
    v
}

fn tensor(dtype: DType, shape: &[usize], seed: u64) -> Tensor {
    let n = shape.iter().product();
    let std = 1.0 / (shape.last().copied().unwrap_or(1).max(1) as f32).sqrt();
    Tensor::from_f32(dtype, shape, &values(n, std, seed, dtype)).unwrap()
}

/// `sum(out * dout)` of the oracle, the scalar whose gradients the oracle's backward gives.
fn loss(o: &Mlp<'_>, dout: &[f64]) -> f64 {
    o.forward().out.iter().zip(dout).map(|(a, b)| a * b).sum()
}

/// Every gradient of the oracle (x, Wg, Wu, Wd) matches central differences of its forward,
/// for both gates, multipliers other than 1 and ragged sizes.
#[test]
fn oracle_gradients_match_central_differences() {
    let (m, dim, inter) = (3, 4, 5);
    let v = |n: usize, seed: u64| -> Vec<f64> {
        Rng::new(seed)
            .normal_vec(n, 0.0, 0.8)
            .into_iter()
            .map(f64::from)
            .collect()
    };
    let (x, wg, wu, wd, dout) = (
        v(m * dim, 1),
        v(inter * dim, 2),
        v(inter * dim, 3),
        v(dim * inter, 4),
        v(m * dim, 5),
    );
    for act in ["silu", "gelu_tanh"] {
        for (gm, dm) in [(1.0, 1.0), (0.7, 1.6), (1.9, -0.4)] {
            let base = Mlp {
                m,
                dim,
                inter,
                x: &x,
                wg: &wg,
                wu: &wu,
                wd: &wd,
                act,
                gm,
                dm,
            };
            let g = base.backward(&dout);
            let h = 1e-6;
            // Perturbs element `j` of input `which` (0 x, 1 wg, 2 wu, 3 wd) by `e`.
            let at = |which: usize, j: usize, e: f64| -> f64 {
                let mut ins = [x.clone(), wg.clone(), wu.clone(), wd.clone()];
                ins[which][j] += e;
                let o = Mlp {
                    x: &ins[0],
                    wg: &ins[1],
                    wu: &ins[2],
                    wd: &ins[3],
                    ..base
                };
                loss(&o, &dout)
            };
            for (which, grad) in [&g.dx, &g.dwg, &g.dwu, &g.dwd].into_iter().enumerate() {
                for (j, &want) in grad.iter().enumerate() {
                    let fd = (at(which, j, h) - at(which, j, -h)) / (2.0 * h);
                    assert!(
                        (fd - want).abs() <= 1e-7 * want.abs().max(1.0),
                        "{act} gm={gm} dm={dm} input {which} element {j}: {want} vs {fd}"
                    );
                }
            }
        }
    }
}

/// The magnitudes bound the values they are the size of.
#[test]
fn oracle_magnitudes_bound_the_values() {
    let (m, dim, inter) = (4, 3, 6);
    let v = |n: usize, seed: u64| -> Vec<f64> {
        Rng::new(seed)
            .normal_vec(n, 0.0, 1.0)
            .into_iter()
            .map(f64::from)
            .collect()
    };
    let (x, wg, wu, wd, dout) = (
        v(m * dim, 11),
        v(inter * dim, 12),
        v(inter * dim, 13),
        v(dim * inter, 14),
        v(m * dim, 15),
    );
    let o = Mlp {
        m,
        dim,
        inter,
        x: &x,
        wg: &wg,
        wu: &wu,
        wd: &wd,
        act: "silu",
        gm: 1.5,
        dm: -0.5,
    };
    let (f, g, t) = (o.forward(), o.backward(&dout), o.magnitudes(&dout));
    let bounded = |v: &[f64], t: &[f64]| v.iter().zip(t).all(|(v, t)| v.abs() <= *t + 1e-12);
    assert!(bounded(&f.g, &t.g) && bounded(&f.u, &t.u) && bounded(&f.out, &t.out));
    assert!(bounded(&g.dx, &t.grads.dx));
    assert!(bounded(&g.dwg, &t.grads.dwg) && bounded(&g.dwu, &t.grads.dwu));
    assert!(bounded(&g.dwd, &t.grads.dwd));
}

/// Every case of the sweep (f32, f16, bf16; both gates; ragged shapes; multipliers; saved and
/// recomputed `gu`; both weight layouts; shard counts that do not divide the rows) matches the
/// oracle on the CPU, outputs poisoned.
#[test]
fn every_case_matches_the_oracle() {
    let failures = crate::check::failures(super::check::cases(), &Device::cpu());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_sweep_covers_every_option() {
    let s = sweep();
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for gate in Gate::ALL {
            let these: Vec<&MlpCase> = s
                .iter()
                .filter(|c| c.dtype == dtype && c.opts.gate == gate)
                .collect();
            assert!(these.iter().any(|c| c.tiled.is_none()));
            assert!(these.iter().any(|c| c.tiled.is_some()));
            assert!(these.iter().any(|c| c.opts.gate_multiplier != 1.0));
            assert!(these.iter().any(|c| c.opts.down_multiplier != 1.0));
            for size in [1, 17, 37] {
                assert!(these.iter().any(|c| c.m() == size));
            }
        }
    }
    let any = |f: &dyn Fn(&MlpCase) -> bool| s.iter().any(f);
    assert!(any(&|c| c.packed) && any(&|c| !c.packed));
    assert!(any(&|c| c.tiled.is_none() && !c.opts.save_preact));
    assert!(any(&|c| c.tiled.is_none() && c.opts.save_preact));
    assert!(any(&|c| c.opts.f32_dx) && any(&|c| c.opts.storage_param_grads));
    assert!(any(&|c| c.dim == 1) && any(&|c| c.inter == 1));
    // Shards that do not divide the rows, auto, and more shards than rows.
    assert!(any(&|c| matches!(c.tiled, Some(Some(s)) if c.m() % s != 0)));
    assert!(any(&|c| c.tiled == Some(None)));
    assert!(any(&|c| matches!(c.tiled, Some(Some(s)) if s > c.m())));
}

struct Inputs {
    x: Tensor,
    wg: Tensor,
    wu: Tensor,
    w_gu: Tensor,
    wd: Tensor,
    dout: Tensor,
}

fn inputs(dtype: DType, lead: &[usize], dim: usize, inter: usize, seed: u64) -> Inputs {
    let x_shape: Vec<usize> = lead.iter().copied().chain([dim]).collect();
    let wg = tensor(dtype, &[inter, dim], seed + 1);
    let wu = tensor(dtype, &[inter, dim], seed + 2);
    let packed: Vec<f32> = wg
        .to_f32()
        .unwrap()
        .into_iter()
        .chain(wu.to_f32().unwrap())
        .collect();
    Inputs {
        x: tensor(dtype, &x_shape, seed),
        w_gu: Tensor::from_f32(dtype, &[2 * inter, dim], &packed).unwrap(),
        wg,
        wu,
        wd: tensor(dtype, &[dim, inter], seed + 3),
        dout: tensor(dtype, &x_shape, seed + 4),
    }
}

impl Inputs {
    fn separate(&self) -> MlpInputs<'_> {
        MlpInputs {
            x: &self.x,
            up: UpWeights::Separate {
                gate: &self.wg,
                up: &self.wu,
            },
            down: &self.wd,
        }
    }

    fn packed(&self) -> MlpInputs<'_> {
        MlpInputs {
            up: UpWeights::Packed(&self.w_gu),
            ..self.separate()
        }
    }
}

fn bits(t: &Tensor) -> Vec<u32> {
    t.to_f32().unwrap().into_iter().map(f32::to_bits).collect()
}

/// `[dWg; dWu]` as one vector, whatever the layout.
fn up_bits(g: &UpGrads) -> Vec<u32> {
    match g {
        UpGrads::Packed(w) => bits(w),
        UpGrads::Separate { gate, up } => bits(gate).into_iter().chain(bits(up)).collect(),
    }
}

/// Separate and packed weights, saved and recomputed `gu`: bit-identical results (the same
/// products on the same values).
#[test]
fn layouts_and_saving_agree_bit_for_bit() {
    let d = Device::cpu();
    for dtype in [DType::F32, DType::BF16] {
        let inp = inputs(dtype, &[3, 11], 24, 40, 41);
        let opts = MlpOptions {
            gate_multiplier: 0.8,
            down_multiplier: 1.3,
            ..MlpOptions::default()
        };
        let recompute = MlpOptions {
            save_preact: false,
            ..opts
        };
        let a = forward(&d, &inp.separate(), &opts, None).unwrap();
        let b = forward(&d, &inp.packed(), &recompute, None).unwrap();
        assert_eq!(bits(&a.out), bits(&b.out));
        assert!(b.gu.is_none());
        let gu = a.gu.expect("gu should be saved by default");
        assert_eq!(gu.shape, vec![3, 11, 80]);
        let ga = backward(&d, &inp.separate(), Some(gu), &inp.dout, &opts, None).unwrap();
        let gb = backward(&d, &inp.packed(), None, &inp.dout, &opts, None).unwrap();
        assert_eq!(bits(&ga.dx), bits(&gb.dx));
        assert_eq!(bits(&ga.down), bits(&gb.down));
        assert_eq!(up_bits(&ga.up), up_bits(&gb.up));
        assert!(matches!(ga.up, UpGrads::Separate { .. }));
        assert!(matches!(gb.up, UpGrads::Packed(_)));
        assert_eq!(ga.dx.dtype(), dtype);
        assert_eq!(ga.down.dtype(), DType::F32);
    }
}

/// The tiled operator computes the fused one's function: `out` and `dx` bit for bit on the
/// CPU (each row's products sum in the same order whatever the shard), the weight gradients to
/// the rounding of FP32 sums split at other rows; for shard counts that divide the rows, that
/// do not, auto, and more than the rows.
#[test]
fn tiled_matches_fused() {
    let d = Device::cpu();
    for (dtype, gate) in [(DType::F32, Gate::Swiglu), (DType::BF16, Gate::Geglu)] {
        let inp = inputs(dtype, &[2, 19], 16, 36, 61);
        let opts = MlpOptions {
            gate,
            gate_multiplier: 1.25,
            down_multiplier: 0.75,
            ..MlpOptions::default()
        };
        let fwd = forward(&d, &inp.separate(), &opts, None).unwrap();
        let fused = backward(&d, &inp.separate(), fwd.gu, &inp.dout, &opts, None).unwrap();
        for shards in [Some(1), Some(2), Some(5), Some(38), Some(1000), None] {
            let out = tiled_forward(&d, &inp.separate(), &opts, shards, None).unwrap();
            assert_eq!(bits(&out), bits(&fwd.out), "{shards:?}");
            let g = tiled_backward(&d, &inp.separate(), &inp.dout, &opts, shards, None).unwrap();
            assert_eq!(bits(&g.dx), bits(&fused.dx), "{shards:?}");
            let close = |a: &Tensor, b: &Tensor| {
                let (a, b) = (a.to_f32().unwrap(), b.to_f32().unwrap());
                let scale = b.iter().fold(0f32, |m, v| m.max(v.abs()));
                // FP32 sums over the 38 rows split differently: a few roundings of each.
                let worst = a
                    .iter()
                    .zip(&b)
                    .fold(0f32, |m, (a, b)| m.max((a - b).abs()));
                assert!(worst <= 64.0 * f32::EPSILON * scale, "{shards:?}: {worst}");
            };
            close(&g.down, &fused.down);
            match (&g.up, &fused.up) {
                (UpGrads::Separate { gate: a, up: b }, UpGrads::Separate { gate: c, up: e }) => {
                    close(a, c);
                    close(b, e);
                }
                _ => panic!("separate weights should give separate gradients"),
            }
        }
    }
}

/// No rows: empty outputs and zero weight gradients (also through poisoned previous outputs);
/// `I = 0`: a zero output; `dim = 0`: empty rows.
#[test]
fn empty_inputs() {
    let d = Device::cpu();
    let opts = MlpOptions::default();
    for (lead, dim, inter) in [
        (vec![0], 8, 6),
        (vec![2, 0], 8, 6),
        (vec![5], 8, 0),
        (vec![5], 0, 6),
    ] {
        let inp = inputs(DType::F32, &lead, dim, inter, 81);
        for tiled in [false, true] {
            let (out, g) = if tiled {
                let out = tiled_forward(&d, &inp.separate(), &opts, Some(3), None).unwrap();
                let prev = MlpGrads {
                    dx: crate::check::poisoned(&d, DType::F32, &inp.x.shape).unwrap(),
                    up: UpGrads::Separate {
                        gate: crate::check::poisoned(&d, DType::F32, &[inter, dim]).unwrap(),
                        up: crate::check::poisoned(&d, DType::F32, &[inter, dim]).unwrap(),
                    },
                    down: crate::check::poisoned(&d, DType::F32, &[dim, inter]).unwrap(),
                };
                let g = tiled_backward(&d, &inp.separate(), &inp.dout, &opts, Some(3), Some(prev))
                    .unwrap();
                (out, g)
            } else {
                let f = forward(&d, &inp.separate(), &opts, None).unwrap();
                let g = backward(&d, &inp.separate(), f.gu, &inp.dout, &opts, None).unwrap();
                (f.out, g)
            };
            let label = format!("{lead:?} dim {dim} I {inter} tiled {tiled}");
            assert_eq!(out.shape, inp.x.shape, "{label}");
            assert!(out.to_f32().unwrap().iter().all(|v| *v == 0.0), "{label}");
            assert!(g.dx.to_f32().unwrap().iter().all(|v| *v == 0.0), "{label}");
            let zero = |t: &Tensor| t.to_f32().unwrap().iter().all(|v| *v == 0.0);
            assert!(zero(&g.down), "{label}");
            let UpGrads::Separate { gate, up } = &g.up else {
                panic!("separate weights should give separate gradients");
            };
            assert!(zero(gate) && zero(up), "{label}");
            assert_eq!(gate.shape, vec![inter, dim]);
        }
    }
}

/// The entry points give the Rust API's results and leave their inputs (`gu` included) as
/// they were; `metile ops` lists the four entries.
#[test]
fn entry_points_match_the_api_and_modify_nothing() {
    let d = Device::cpu();
    let inp = inputs(DType::BF16, &[2, 7], 12, 20, 91);
    let opts = MlpOptions {
        gate: Gate::Geglu,
        gate_multiplier: 0.5,
        down_multiplier: 2.5,
        storage_param_grads: true,
        ..MlpOptions::default()
    };
    let mut t = Tensors::new();
    t.insert("x".into(), inp.x.clone());
    t.insert("w_gu".into(), inp.w_gu.clone());
    t.insert("wd".into(), inp.wd.clone());
    let call = |name: &str, t: &Tensors, params: &[(&str, &str)]| {
        let e = registry::find(name).unwrap();
        let p: Vec<(String, String)> = params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        e.call(&d, t, &e.params(&p).unwrap()).unwrap()
    };
    let common = [
        ("activation", "geglu"),
        ("gate_multiplier", "0.5"),
        ("down_multiplier", "2.5"),
    ];
    let f = call("fused_mlp.forward", &t, &common);
    let api = forward(&d, &inp.packed(), &opts, None).unwrap();
    assert_eq!(bits(&f["out"]), bits(&api.out));
    let gu = f["gu"].clone();
    let gu_before = bits(&gu);
    t.insert("gu".into(), gu);
    t.insert("dout".into(), inp.dout.clone());
    let bwd_params: Vec<(&str, &str)> = common
        .iter()
        .copied()
        .chain([("param_grad_dtype", "storage")])
        .collect();
    let g = call("fused_mlp.backward", &t, &bwd_params);
    assert_eq!(
        bits(&t["gu"]),
        gu_before,
        "the caller's gu must not be written"
    );
    let ga = backward(&d, &inp.packed(), None, &inp.dout, &opts, None).unwrap();
    assert_eq!(bits(&g["dx"]), bits(&ga.dx));
    assert_eq!(bits(&g["dwd"]), bits(&ga.down));
    assert_eq!(bits(&g["dw_gu"]), up_bits(&ga.up));
    assert_eq!(g["dw_gu"].dtype(), DType::BF16);
    assert!(!g.contains_key("dwg"));

    t.remove("gu");
    let tiled_params: Vec<(&str, &str)> = bwd_params
        .iter()
        .copied()
        .chain([("shards", "3")])
        .collect();
    let tf = call(
        "tiled_mlp.forward",
        &t,
        &[common[0], common[1], common[2], ("shards", "3")],
    );
    assert_eq!(bits(&tf["out"]), bits(&api.out));
    let tg = call("tiled_mlp.backward", &t, &tiled_params);
    assert_eq!(bits(&tg["dx"]), bits(&ga.dx));
    assert_eq!(tg["dw_gu"].shape, vec![40, 12]);

    let names: Vec<&str> = registry::entry_points()
        .iter()
        .filter(|e| e.op == "fused_mlp" || e.op == "tiled_mlp")
        .map(|e| e.name)
        .collect();
    assert_eq!(
        names,
        [
            "fused_mlp.forward",
            "fused_mlp.backward",
            "fused_mlp.in_place_backward",
            "tiled_mlp.forward",
            "tiled_mlp.backward"
        ]
    );
    for op in ["fused_mlp", "tiled_mlp"] {
        let info = crate::inventory::inventory()
            .into_iter()
            .find(|i| i.name == op)
            .unwrap();
        assert_eq!(info.status, crate::inventory::Status::Paired, "{op}");
    }
}

/// `fused_mlp.in_place_backward`: `call_owned` takes `gu` and hands its memory back as `dgu`
/// holding `[dG | dU]` (what [`backward_in_place`] leaves), with the out-of-place backward's
/// gradients; `call` works on a copy; a bad input is a typed error that puts `gu` back
/// unchanged.
#[test]
fn in_place_backward_entry_writes_over_gu() {
    let d = Device::cpu();
    let inp = inputs(DType::BF16, &[9], 16, 28, 111);
    let opts = MlpOptions {
        gate_multiplier: 1.5,
        down_multiplier: 0.5,
        ..MlpOptions::default()
    };
    let gu = forward(&d, &inp.separate(), &opts, None)
        .unwrap()
        .gu
        .unwrap();
    let mut mine = gu.clone();
    let want = backward_in_place(&d, &inp.separate(), &mut mine, &inp.dout, &opts, None).unwrap();
    assert_ne!(bits(&mine), bits(&gu), "gu should now hold [dG | dU]");
    let mut t = Tensors::new();
    for (k, v) in [
        ("x", &inp.x),
        ("wg", &inp.wg),
        ("wu", &inp.wu),
        ("wd", &inp.wd),
        ("gu", &gu),
        ("dout", &inp.dout),
    ] {
        t.insert(k.into(), v.clone());
    }
    let e = registry::find("fused_mlp.in_place_backward").unwrap();
    let pairs = [
        ("gate_multiplier".to_string(), "1.5".to_string()),
        ("down_multiplier".to_string(), "0.5".to_string()),
    ];
    let p = e.params(&pairs).unwrap();
    let copied = e.call(&d, &t, &p).unwrap();
    assert_eq!(
        bits(&t["gu"]),
        bits(&gu),
        "call must not write the caller's gu"
    );
    let mut owned = t.clone();
    let got = e.call_owned(&d, &mut owned, &p).unwrap();
    assert!(!owned.contains_key("gu"), "gu taken");
    for out in [&copied, &got] {
        assert_eq!(bits(&out["dgu"]), bits(&mine));
        assert_eq!(bits(&out["dx"]), bits(&want.dx));
        assert_eq!(bits(&out["dwd"]), bits(&want.down));
        let sep = UpGrads::Separate {
            gate: out["dwg"].clone(),
            up: out["dwu"].clone(),
        };
        assert_eq!(up_bits(&sep), up_bits(&want.up));
        assert_eq!(out.len(), 5);
    }
    // The out-of-place entry gives the same gradients.
    let oop = registry::find("fused_mlp.backward").unwrap();
    let plain = oop.call(&d, &t, &oop.params(&pairs).unwrap()).unwrap();
    assert_eq!(bits(&plain["dx"]), bits(&want.dx));
    // A bad dout: a typed error, gu handed back unchanged.
    let mut bad = t.clone();
    bad.insert("dout".into(), tensor(DType::BF16, &[8, 16], 5));
    assert!(is_bad_input(e.call_owned(&d, &mut bad, &p), "dout"));
    assert_eq!(bits(&bad["gu"]), bits(&gu));
    // gu is required here.
    let mut no_gu = t.clone();
    no_gu.remove("gu");
    let r = e.call(&d, &no_gu, &p);
    assert!(matches!(r, Err(OpError::MissingInput { name, .. }) if name == "gu"));
}

fn is_bad_input(r: Result<impl std::fmt::Debug, OpError>, name: &str) -> bool {
    matches!(r, Err(OpError::BadInput { name: n, .. }) if n == name)
}

/// Bad inputs are typed errors naming the input (or parameter), never panics.
#[test]
fn bad_inputs_are_typed_errors() {
    let d = Device::cpu();
    let inp = inputs(DType::F32, &[5], 8, 6, 101);
    let opts = MlpOptions::default();
    let fwd = |i: &MlpInputs<'_>| forward(&d, i, &opts, None).map(|_| ());
    // Shapes.
    let wrong_dim = tensor(DType::F32, &[6, 7], 1);
    let wrong_i = tensor(DType::F32, &[5, 8], 2);
    let wd_t = tensor(DType::F32, &[6, 8], 3);
    let odd = tensor(DType::F32, &[7, 8], 4);
    let with_up = |gate: &Tensor, up: &Tensor| {
        fwd(&MlpInputs {
            up: UpWeights::Separate { gate, up },
            ..inp.separate()
        })
    };
    assert!(is_bad_input(with_up(&wrong_dim, &inp.wu), "wg"));
    assert!(is_bad_input(with_up(&inp.wg, &wrong_i), "wu"));
    assert!(is_bad_input(
        fwd(&MlpInputs {
            down: &wd_t,
            ..inp.separate()
        }),
        "wd"
    ));
    assert!(is_bad_input(
        fwd(&MlpInputs {
            up: UpWeights::Packed(&odd),
            ..inp.separate()
        }),
        "w_gu"
    ));
    let scalar = Tensor::from_f32(DType::F32, &[], &[1.0]).unwrap();
    assert!(is_bad_input(
        fwd(&MlpInputs {
            x: &scalar,
            ..inp.separate()
        }),
        "x"
    ));
    // Mixed and non-float dtypes.
    let bf = inputs(DType::BF16, &[5], 8, 6, 101);
    assert!(is_bad_input(with_up(&bf.wg, &inp.wu), "wg"));
    assert!(is_bad_input(
        fwd(&MlpInputs {
            down: &bf.wd,
            ..inp.separate()
        }),
        "wd"
    ));
    let ints = Tensor::new(
        metile_runtime::Buffer::from_i64(DType::I32, &[1, 2, 3, 4, 5, 6, 7, 8]).unwrap(),
        vec![1, 8],
    )
    .unwrap();
    assert!(is_bad_input(
        fwd(&MlpInputs {
            x: &ints,
            ..inp.separate()
        }),
        "x"
    ));
    // Backward: dout and gu.
    let short = tensor(DType::F32, &[4, 8], 5);
    let r = backward(&d, &inp.separate(), None, &short, &opts, None);
    assert!(is_bad_input(r, "dout"));
    let r = tiled_backward(&d, &inp.separate(), &short, &opts, None, None);
    assert!(is_bad_input(r, "dout"));
    let r = backward(&d, &inp.separate(), None, &ints, &opts, None);
    assert!(is_bad_input(r, "dout"));
    let gu_wrong = tensor(DType::F32, &[5, 6], 6);
    let r = backward(&d, &inp.separate(), Some(gu_wrong), &inp.dout, &opts, None);
    assert!(is_bad_input(r, "gu"));
    let gu_bf = tensor(DType::BF16, &[5, 12], 7);
    let r = backward(&d, &inp.separate(), Some(gu_bf), &inp.dout, &opts, None);
    assert!(is_bad_input(r, "gu"));
    // Zero shards; non-finite multipliers.
    for r in [
        tiled_forward(&d, &inp.separate(), &opts, Some(0), None).map(|_| ()),
        tiled_backward(&d, &inp.separate(), &inp.dout, &opts, Some(0), None).map(|_| ()),
    ] {
        assert!(matches!(r, Err(OpError::BadParam { name, .. }) if name == "shards"));
    }
    let nan = MlpOptions {
        gate_multiplier: f32::NAN,
        ..opts
    };
    let r = forward(&d, &inp.separate(), &nan, None);
    assert!(matches!(r, Err(OpError::BadParam { name, .. }) if name == "gate_multiplier"));

    // Through the registry: a missing weight, both layouts at once, bad parameters.
    let e = registry::find("tiled_mlp.forward").unwrap();
    let mut t = Tensors::new();
    t.insert("x".into(), inp.x.clone());
    t.insert("wd".into(), inp.wd.clone());
    let p = |pairs: &[(&str, &str)]| {
        let v: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        e.params(&v).unwrap()
    };
    let r = e.call(&d, &t, &p(&[]));
    assert!(matches!(r, Err(OpError::MissingInput { name, .. }) if name == "wg"));
    t.insert("wg".into(), inp.wg.clone());
    let r = e.call(&d, &t, &p(&[]));
    assert!(matches!(r, Err(OpError::MissingInput { name, .. }) if name == "wu"));
    t.insert("wu".into(), inp.wu.clone());
    t.insert("w_gu".into(), inp.w_gu.clone());
    assert!(is_bad_input(e.call(&d, &t, &p(&[])), "w_gu"));
    t.remove("w_gu");
    assert!(e.call(&d, &t, &p(&[])).is_ok());
    for (k, v) in [("shards", "0"), ("shards", "-1"), ("shards", "two")] {
        let r = e.call(&d, &t, &p(&[(k, v)]));
        assert!(
            matches!(&r, Err(OpError::BadParam { name, .. }) if name == "shards"),
            "{v}: {r:?}"
        );
    }
    let r = e.call(&d, &t, &p(&[("activation", "relu")]));
    assert!(matches!(r, Err(OpError::BadParam { name, .. }) if name == "activation"));
    let r = e.call(&d, &t, &p(&[("down_multiplier", "inf")]));
    assert!(matches!(r, Err(OpError::BadParam { name, .. }) if name == "down_multiplier"));
}

#[test]
fn default_shards_follow_liger() {
    // ceil(T / H) with T the second-to-last axis, at least 1.
    assert_eq!(default_shards(&[2, 4096, 1024]), 4);
    assert_eq!(default_shards(&[4097, 1024]), 5);
    assert_eq!(default_shards(&[3, 7, 64]), 1);
    assert_eq!(default_shards(&[16]), 1);
    assert_eq!(default_shards(&[0, 16]), 1);
    assert_eq!(default_shards(&[5, 0]), 5);
}
