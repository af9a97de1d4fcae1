//! Tests of the normalization entries: the randomized oracle sweep, determinism, empty inputs,
//! bad inputs and the registry adapters.
#![allow(clippy::panic)]

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::check::{sweep, NormCase};
use super::*;
use crate::registry::{find, Tensors};
use crate::testing::Rng;

fn assert_sweep(kind: NormKind) {
    let dev = Device::cpu();
    let mut failures = Vec::new();
    for case in sweep(kind) {
        match case.run(&dev) {
            Ok(rows) => {
                for r in rows.into_iter().filter(|r| !r.pass) {
                    failures.push(format!(
                        "{} {} {} [{}]: rel {:.3e} > tol {:.1e} (max abs {:.3e})",
                        r.output, r.dtype, r.shape, r.config, r.rel, r.tol, r.max_abs
                    ));
                }
            }
            Err(e) => failures.push(format!("{case:?}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn rms_norm_matches_oracle() {
    assert_sweep(NormKind::Rms);
}

#[test]
fn layer_norm_matches_oracle() {
    assert_sweep(NormKind::Layer);
}

#[test]
fn add_rms_norm_matches_oracle() {
    assert_sweep(NormKind::AddRms);
}

pub(crate) fn random(dtype: DType, shape: &[usize], seed: u64) -> Tensor {
    let n = shape.iter().product();
    let v = Rng::new(seed).normal_vec(n, 0.0, 1.0);
    Tensor::from_f32(dtype, shape, &v).unwrap()
}

#[test]
fn parameter_gradients_repeat_bit_for_bit() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[300, 96], 1);
    let w = random(DType::F32, &[96], 2);
    let b = random(DType::F32, &[96], 3);
    let dy = random(DType::F32, &[300, 96], 4);
    let inp = NormInputs {
        x: &x,
        residual: None,
        weight: Some(&w),
        bias: Some(&b),
    };
    let cot = NormCotangents {
        dy: &dy,
        dresidual_out: None,
        stats: None,
    };
    let opts = NormOptions::default();
    let a = backward(&dev, NormKind::Layer, &inp, &cot, &opts).unwrap();
    for _ in 0..3 {
        let again = backward(&dev, NormKind::Layer, &inp, &cot, &opts).unwrap();
        assert_eq!(a, again);
    }
}

#[test]
fn leading_axes_are_rows() {
    let dev = Device::cpu();
    let x3 = random(DType::F32, &[2, 3, 17], 5);
    let w = random(DType::F32, &[17], 6);
    let x2 = Tensor::new(x3.buffer.clone(), vec![6, 17]).unwrap();
    let opts = NormOptions::default();
    let run = |x: &Tensor| {
        let inp = NormInputs {
            x,
            residual: None,
            weight: Some(&w),
            bias: None,
        };
        forward(&dev, NormKind::Rms, &inp, &opts).unwrap()
    };
    let (a, b) = (run(&x3), run(&x2));
    assert_eq!(a.y.shape, vec![2, 3, 17]);
    assert_eq!(a.rstd.shape, vec![2, 3]);
    assert_eq!(a.y.to_f32().unwrap(), b.y.to_f32().unwrap());
}

#[test]
fn no_rows_gives_empty_outputs_and_zero_parameter_gradients() {
    let dev = Device::cpu();
    let x = Tensor::zeros(DType::F16, &[0, 8]);
    let w = random(DType::F16, &[8], 7);
    let b = random(DType::F16, &[8], 8);
    let inp = NormInputs {
        x: &x,
        residual: None,
        weight: Some(&w),
        bias: Some(&b),
    };
    let opts = NormOptions::default();
    let f = forward(&dev, NormKind::Layer, &inp, &opts).unwrap();
    assert_eq!(f.y.numel(), 0);
    let cot = NormCotangents {
        dy: &x,
        dresidual_out: None,
        stats: None,
    };
    let g = backward(&dev, NormKind::Layer, &inp, &cot, &opts).unwrap();
    assert_eq!(g.dweight.unwrap().to_f32().unwrap(), vec![0.0; 8]);
    assert_eq!(g.dbias.unwrap().to_f32().unwrap(), vec![0.0; 8]);
}

pub(crate) fn expect_err(r: Result<impl std::fmt::Debug, OpError>, needle: &str) {
    match r {
        Ok(v) => panic!("expected an error mentioning `{needle}`, got {v:?}"),
        Err(e) => {
            let msg = e.to_string();
            assert!(
                msg.contains(needle),
                "error `{msg}` does not mention `{needle}`"
            );
        }
    }
}

#[test]
fn bad_inputs_are_typed_errors() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[4, 8], 9);
    let w = random(DType::F32, &[8], 10);
    let w_bad = random(DType::F32, &[7], 11);
    let x16 = random(DType::F16, &[4, 8], 12);
    let xi = Tensor::new(
        metile_runtime::Buffer::from_i64(DType::I32, &[1; 32]).unwrap(),
        vec![4, 8],
    )
    .unwrap();
    let scalar = Tensor::from_f32(DType::F32, &[], &[1.0]).unwrap();
    let empty_cols = Tensor::zeros(DType::F32, &[4, 0]);
    let opts = NormOptions::default();
    let inp = |x, weight, residual, bias| NormInputs {
        x,
        residual,
        weight,
        bias,
    };
    let fwd = |kind, i: NormInputs<'_>, o: &NormOptions| forward(&dev, kind, &i, o);
    expect_err(
        fwd(NormKind::Rms, inp(&x, Some(&w_bad), None, None), &opts),
        "[cols] = [8]",
    );
    expect_err(
        fwd(NormKind::Rms, inp(&xi, None, None, None), &opts),
        "dtype i32 is not allowed",
    );
    expect_err(
        fwd(NormKind::Rms, inp(&scalar, None, None, None), &opts),
        "at least one axis",
    );
    expect_err(
        fwd(NormKind::Rms, inp(&empty_cols, None, None, None), &opts),
        "0 columns",
    );
    expect_err(
        fwd(NormKind::Layer, inp(&x, Some(&w), None, None), &opts),
        "missing input `bias`",
    );
    expect_err(
        fwd(NormKind::AddRms, inp(&x, Some(&w), Some(&x16), None), &opts),
        "must match x",
    );
    expect_err(
        fwd(NormKind::AddRms, inp(&x, Some(&w), None, None), &opts),
        "residual",
    );
    for eps in [0.0, -1.0, f32::NAN, f32::INFINITY] {
        let o = NormOptions { eps, ..opts };
        expect_err(fwd(NormKind::Rms, inp(&x, Some(&w), None, None), &o), "eps");
    }
    let o = NormOptions {
        offset: f32::NAN,
        ..opts
    };
    expect_err(
        fwd(NormKind::Rms, inp(&x, Some(&w), None, None), &o),
        "offset",
    );
    let dy_bad = random(DType::F32, &[4, 9], 13);
    let cot = NormCotangents {
        dy: &dy_bad,
        dresidual_out: None,
        stats: None,
    };
    expect_err(
        backward(
            &dev,
            NormKind::Rms,
            &inp(&x, Some(&w), None, None),
            &cot,
            &opts,
        ),
        "must match x",
    );
    let cot = NormCotangents {
        dy: &x,
        dresidual_out: Some(&x),
        stats: None,
    };
    expect_err(
        backward(
            &dev,
            NormKind::Rms,
            &inp(&x, Some(&w), None, None),
            &cot,
            &opts,
        ),
        "only add_rms_norm",
    );
    // Saved statistics: f32, one per row, a mean for LayerNorm only.
    let rstd = random(DType::F32, &[4], 16);
    let b = random(DType::F32, &[8], 17);
    let stats_err = |kind, stats, want: &str| {
        let cot = NormCotangents {
            dy: &x,
            dresidual_out: None,
            stats: Some(stats),
        };
        let bias = (kind == NormKind::Layer).then_some(&b);
        expect_err(
            backward(&dev, kind, &inp(&x, Some(&w), None, bias), &cot, &opts),
            want,
        );
    };
    stats_err(
        NormKind::Rms,
        NormStats {
            mean: Some(&rstd),
            rstd: &rstd,
        },
        "only LayerNorm takes a saved mean",
    );
    stats_err(
        NormKind::Layer,
        NormStats {
            mean: None,
            rstd: &rstd,
        },
        "need the forward's mean",
    );
    let short = random(DType::F32, &[3], 18);
    stats_err(
        NormKind::Rms,
        NormStats {
            mean: None,
            rstd: &short,
        },
        "one value per row (4)",
    );
    let narrow = random(DType::BF16, &[4], 19);
    stats_err(
        NormKind::Rms,
        NormStats {
            mean: None,
            rstd: &narrow,
        },
        "must be f32",
    );
}

#[test]
fn entry_points_run_through_the_registry() {
    let dev = Device::cpu();
    let mut inputs = Tensors::new();
    inputs.insert("x".into(), random(DType::F32, &[3, 5], 14));
    inputs.insert("weight".into(), random(DType::F32, &[5], 15));
    inputs.insert("residual".into(), random(DType::F32, &[3, 5], 16));
    inputs.insert("dy".into(), random(DType::F32, &[3, 5], 17));
    let e = find("add_rms_norm.backward").unwrap();
    let p = e.params(&[("eps".into(), "1e-6".into())]).unwrap();
    let out = e.call(&dev, &inputs, &p).unwrap();
    for port in e.outputs {
        assert!(out.contains_key(port.name), "missing output {}", port.name);
    }
    assert_eq!(out["dx"], out["dresidual"]);
    // Outputs are reused on a second call.
    let mut again = out.clone();
    (e.run)(&dev, &inputs, &p, &mut again).unwrap();
    assert_eq!(again, out);

    let e = find("rms_norm.forward").unwrap();
    expect_err(
        e.params(&[("epsilon".into(), "1".into())]),
        "unknown parameter `epsilon`",
    );
    let p = e.params(&[("casting_mode".into(), "fast".into())]).unwrap();
    expect_err(e.call(&dev, &inputs, &p), "llama, gemma, none");
    let p = e.params(&[("eps".into(), "abc".into())]).unwrap();
    expect_err(e.call(&dev, &inputs, &p), "not a number");
    let mut no_x = inputs.clone();
    no_x.remove("x");
    expect_err(
        e.call(&dev, &no_x, &e.params(&[]).unwrap()),
        "missing input `x`",
    );
    expect_err(find("rms_norm.sideways"), "rms_norm.forward");
}

/// The stepped kernels agree with the single-tile ones on the same row.
#[test]
fn stepped_and_single_tile_kernels_agree() {
    let dev = Device::cpu();
    for kind in [NormKind::Rms, NormKind::Layer, NormKind::AddRms] {
        let case = |tiling| NormCase {
            kind,
            dtype: DType::F32,
            param_dtype: DType::F32,
            rows: 5,
            cols: 777,
            opts: NormOptions::default(),
            with_weight: true,
            with_ds: true,
            tiling,
            shift: 0.5,
            scale: 1.0,
            seed: 99,
        };
        let stepped = case(Some(Tiling {
            block: 64,
            exact: false,
            looped: true,
            prefetch: false,
        }))
        .run(&dev)
        .unwrap();
        let single = case(None).run(&dev).unwrap();
        for (a, b) in stepped.iter().zip(&single) {
            assert!(a.pass && b.pass, "{a:?} / {b:?}");
            assert!((a.rel - b.rel).abs() < 1e-5, "{a:?} vs {b:?}");
        }
    }
}

/// The GPU's blocked form of the partial-row reduction (lanes of `rows` partial rows, summed
/// once at the end; masked ragged ends in both directions) sums the same values as a plain f64
/// sum, at the GPU's default tile and others.
#[test]
fn blocked_partial_reduction_matches_f64() {
    use metile_runtime::{Arg, Buffer};
    let dev = Device::cpu();
    let (programs, cols) = (77usize, 300usize);
    let vals = Rng::new(21).normal_vec(programs * cols, 0.0, 1.0);
    let p = Buffer::from_f32(DType::F32, &vals).unwrap();
    for (block, rows) in [(32usize, 32usize), (128, 32), (64, 16), (256, 2)] {
        let mut out = Buffer::zeros(DType::F32, cols);
        out.poison();
        let k = dev
            .kernel("reduce_partials", &(block, false, rows), || {
                reduce_partials(block, false, rows)
            })
            .unwrap();
        let mut args = [
            Arg::In(&p),
            Arg::Out(&mut out),
            Arg::I32(cols as i32),
            Arg::I32(programs as i32),
        ];
        dev.launch(&k, [cols.div_ceil(block) as u32, 1, 1], &mut args)
            .unwrap();
        let got = out.to_f32().unwrap();
        for c in 0..cols {
            let want: f64 = (0..programs).map(|g| vals[g * cols + c] as f64).sum();
            assert!(
                (got[c] as f64 - want).abs() < 1e-4,
                "{block}x{rows}, column {c}: {} vs {want}",
                got[c]
            );
        }
    }
}

/// The backward reads the statistics it is given: the forward's reproduce the recomputing
/// backward, and altered ones (rstd doubled; LayerNorm's mean shifted) change `dx`.
#[test]
fn saved_statistics_are_read() {
    let dev = Device::cpu();
    let x = random(DType::F32, &[6, 40], 31);
    let w = random(DType::F32, &[40], 32);
    let b = random(DType::F32, &[40], 33);
    let dy = random(DType::F32, &[6, 40], 34);
    let opts = NormOptions::default();
    for kind in [NormKind::Rms, NormKind::Layer] {
        let layer = kind == NormKind::Layer;
        let inp = NormInputs {
            x: &x,
            residual: None,
            weight: Some(&w),
            bias: layer.then_some(&b),
        };
        let f = forward(&dev, kind, &inp, &opts).unwrap();
        let dx = |stats: Option<NormStats<'_>>| {
            let cot = NormCotangents {
                dy: &dy,
                dresidual_out: None,
                stats,
            };
            backward(&dev, kind, &inp, &cot, &opts)
                .unwrap()
                .dx
                .to_f32()
                .unwrap()
        };
        let recomputed = dx(None);
        let saved = dx(Some(NormStats {
            mean: f.mean.as_ref(),
            rstd: &f.rstd,
        }));
        let close = |a: &[f32], b: &[f32]| a.iter().zip(b).all(|(p, q)| (p - q).abs() <= 1e-5);
        assert!(close(&recomputed, &saved), "{kind:?}");
        let doubled: Vec<f32> = f.rstd.to_f32().unwrap().iter().map(|v| 2.0 * v).collect();
        let rstd2 = Tensor::from_f32(DType::F32, &[6], &doubled).unwrap();
        let wrong = dx(Some(NormStats {
            mean: f.mean.as_ref(),
            rstd: &rstd2,
        }));
        assert!(!close(&recomputed, &wrong), "{kind:?}: rstd is not read");
        if let Some(mean) = &f.mean {
            let shifted: Vec<f32> = mean.to_f32().unwrap().iter().map(|v| v + 0.5).collect();
            let mean2 = Tensor::from_f32(DType::F32, &[6], &shifted).unwrap();
            // The residual-mean sum (`delta`, see `LayerStats`) corrects the mean it is given, so a
            // shifted mean must still give the right `dx`.
            let corrected = dx(Some(NormStats {
                mean: Some(&mean2),
                rstd: &f.rstd,
            }));
            assert!(close(&recomputed, &corrected));
        }
    }
}

/// Loading the parameters at each row (`reload_params`, the GPU LayerNorm forward's choice) gives
/// the same bits as loading them once per program, forward and backward, with several rows per
/// program and a ragged last one; so does a forward of one row per program without the row loop
/// (`one_row`, the GPU's).
#[test]
fn reloaded_parameters_give_the_same_results() {
    use metile_runtime::{Arg, Buffer};
    let dev = Device::cpu();
    let (rows, cols, rpp) = (7usize, 40usize, 3usize);
    let x = random(DType::F32, &[rows, cols], 41);
    let r = random(DType::F32, &[rows, cols], 42);
    let w = random(DType::F32, &[cols], 43);
    let b = random(DType::F32, &[cols], 44);
    // `n, rows, rows_per_program, eps`, then RMSNorm's `offset`.
    let scalars = |offset: bool, rpp: usize| {
        let mut s = vec![
            Arg::I32(cols as i32),
            Arg::I32(rows as i32),
            Arg::I32(rpp as i32),
            Arg::F32(1e-5),
        ];
        if offset {
            s.push(Arg::F32(0.0));
        }
        s
    };
    for kind in [NormKind::Rms, NormKind::Layer, NormKind::AddRms] {
        let run = |reload_params: bool, one_row: bool| {
            let spec = NormSpec {
                reload_params,
                one_row,
                ..representative_spec(kind, DType::F32, cols)
            };
            let rpp = if one_row { 1 } else { rpp };
            let k = dev
                .kernel(&format!("reload_{reload_params}_{one_row}"), &spec, || {
                    kernels::forward(&spec)
                })
                .unwrap();
            let layer = kind == NormKind::Layer;
            let add = kind == NormKind::AddRms;
            let out = || Buffer::zeros(DType::F32, rows * cols);
            let (mut y, mut ro) = (out(), out());
            let (mut mean, mut rstd) = (
                Buffer::zeros(DType::F32, rows),
                Buffer::zeros(DType::F32, rows),
            );
            let mut args = vec![Arg::In(&x.buffer)];
            if add {
                args.push(Arg::In(&r.buffer));
            }
            args.push(Arg::In(&w.buffer));
            if layer {
                args.push(Arg::In(&b.buffer));
            }
            args.push(Arg::Out(&mut y));
            if add {
                args.push(Arg::Out(&mut ro));
            }
            if layer {
                args.push(Arg::Out(&mut mean));
            }
            args.push(Arg::Out(&mut rstd));
            args.extend(scalars(!layer, rpp));
            dev.launch(&k, [rows.div_ceil(rpp) as u32, 1, 1], &mut args)
                .unwrap();
            drop(args);
            [y, ro, mean, rstd].map(|t| t.to_f32().unwrap())
        };
        let hoisted = run(false, false);
        assert!(hoisted[0].iter().any(|v| *v != 0.0), "{kind:?}");
        let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
        for (reload, one_row) in [(true, false), (false, true), (true, true)] {
            for (a, b) in hoisted.iter().zip(&run(reload, one_row)) {
                assert_eq!(
                    bits(a),
                    bits(b),
                    "{kind:?} reload {reload} one row {one_row}"
                );
            }
        }
        // The backward: dx and both partial rows (the weight must still be applied).
        let run_bwd = |reload_params: bool, weighted: bool| {
            let mut spec = NormSpec {
                reload_params,
                ..representative_spec(kind, DType::F32, cols)
            };
            if !weighted {
                spec.w = None;
                spec.b = None;
            }
            let k = dev
                .kernel(
                    &format!("reload_bwd_{reload_params}_{weighted}"),
                    &spec,
                    || kernels::backward(&spec),
                )
                .unwrap();
            let programs = rows.div_ceil(rpp);
            let mut dx = Buffer::zeros(DType::F32, rows * cols);
            let mut pw = Buffer::zeros(DType::F32, programs * cols);
            let mut pb = Buffer::zeros(DType::F32, programs * cols);
            let mut args = vec![Arg::In(&x.buffer)];
            if kind == NormKind::AddRms {
                args.push(Arg::In(&r.buffer));
            }
            if weighted {
                args.push(Arg::In(&w.buffer));
            }
            args.push(Arg::In(&r.buffer)); // dy
            args.push(Arg::Out(&mut dx));
            if weighted {
                args.push(Arg::Out(&mut pw));
                if kind == NormKind::Layer {
                    args.push(Arg::Out(&mut pb));
                }
            }
            args.extend(scalars(kind != NormKind::Layer, rpp));
            dev.launch(&k, [programs as u32, 1, 1], &mut args).unwrap();
            drop(args);
            [dx, pw, pb].map(|t| t.to_f32().unwrap())
        };
        let (hoisted, reloaded) = (run_bwd(false, true), run_bwd(true, true));
        for (a, b) in hoisted.iter().zip(&reloaded) {
            assert_eq!(bits(a), bits(b), "{kind:?} backward");
        }
        assert_ne!(
            bits(&reloaded[0]),
            bits(&run_bwd(false, false)[0]),
            "{kind:?}: the weight is not applied"
        );
    }
}

/// The in-place backward is the out-of-place backward bit for bit, with `dx` in `dy`'s dtype
/// (the storage dtype, or an FP32 `dy` beside narrow `x`), over the sweep's shapes, tilings
/// (stepped, prefetching) and options, with and without the forward's statistics; its `dx` is
/// `dy`'s memory.
#[test]
fn in_place_backward_is_the_backward_bit_for_bit() {
    let dev = Device::cpu();
    let addr = |t: &mut Tensor| t.buffer.host_bytes_mut().unwrap().as_ptr() as usize;
    for kind in [NormKind::Rms, NormKind::Layer, NormKind::AddRms] {
        for case in sweep(kind) {
            let (rows, cols, seed) = (case.rows, case.cols, case.seed);
            let shape = [rows, cols];
            let x = random(case.dtype, &shape, seed);
            let res = random(case.dtype, &shape, seed + 1);
            let w = random(case.param_dtype, &[cols], seed + 2);
            let b = random(case.param_dtype, &[cols], seed + 3);
            let ds = random(case.dtype, &shape, seed + 4);
            let inp = NormInputs {
                x: &x,
                residual: (kind == NormKind::AddRms).then_some(&res),
                weight: (case.with_weight || kind != NormKind::Rms).then_some(&w),
                bias: (kind == NormKind::Layer).then_some(&b),
            };
            let fwd = forward(&dev, kind, &inp, &case.opts).unwrap();
            let fp32_stats = fwd.rstd.dtype() == DType::F32;
            let saved = NormStats {
                mean: fwd.mean.as_ref(),
                rstd: &fwd.rstd,
            };
            for dy_dtype in [case.dtype, DType::F32] {
                let dy = random(dy_dtype, &shape, seed + 5);
                let opts = NormOptions {
                    grad_dtype: if dy_dtype == DType::F32 {
                        GradDtype::F32
                    } else {
                        GradDtype::Storage
                    },
                    ..case.opts
                };
                let mut stats_choices = vec![None];
                if fp32_stats {
                    stats_choices.push(Some(saved));
                }
                for stats in stats_choices {
                    let cot = NormCotangents {
                        dy: &dy,
                        dresidual_out: case.with_ds.then_some(&ds),
                        stats,
                    };
                    let mut want = None;
                    backward_into(&dev, kind, &inp, &cot, &opts, case.tiling, &mut want).unwrap();
                    let want = want.unwrap();
                    let in_place = |dx: &mut Tensor, prev: Option<NormParamGrads>| {
                        let (res, t, mut prev) = (cot.dresidual_out, case.tiling, prev);
                        let g = backward_in_place(
                            &dev, kind, &inp, dx, res, stats, &opts, t, &mut prev,
                        )
                        .unwrap();
                        assert!(prev.is_none(), "prev taken");
                        g
                    };
                    let mut dx = dy.clone();
                    let at = addr(&mut dx);
                    let got = in_place(&mut dx, None);
                    let label = format!("{case:?} dy {dy_dtype} saved {}", stats.is_some());
                    assert_eq!(addr(&mut dx), at, "{label}: dx in dy's memory");
                    assert_eq!(dx, want.dx, "{label}: dx");
                    assert_eq!(got.dweight, want.dweight, "{label}: dweight");
                    assert_eq!(got.dbias, want.dbias, "{label}: dbias");
                    // Again, handed the first call's parameter gradients (poisoned): the same
                    // values, written into the same memory.
                    let mut prev = got;
                    let mut at_params = Vec::new();
                    for t in [&mut prev.dweight, &mut prev.dbias].into_iter().flatten() {
                        t.buffer.poison();
                        at_params.push(addr(t));
                    }
                    let mut again = in_place(&mut dy.clone(), Some(prev));
                    let at_again: Vec<usize> = [&mut again.dweight, &mut again.dbias]
                        .into_iter()
                        .flatten()
                        .map(addr)
                        .collect();
                    assert_eq!(at_again, at_params, "{label}: parameter gradients reused");
                    assert_eq!(again.dweight, want.dweight, "{label}: dweight, reused");
                    assert_eq!(again.dbias, want.dbias, "{label}: dbias, reused");
                }
            }
        }
    }
}

/// The in-place entries through the registry: `call_owned` hands `dy` back as `dx` (the
/// fused add's one gradient for both `x` and the residual), equal to the backward's with
/// `grad_dtype=storage`; bad inputs are typed errors naming the entry.
#[test]
fn in_place_entries_run_through_the_registry() {
    let dev = Device::cpu();
    let mut inputs = Tensors::new();
    inputs.insert("x".into(), random(DType::BF16, &[3, 5], 24));
    inputs.insert("weight".into(), random(DType::BF16, &[5], 25));
    inputs.insert("bias".into(), random(DType::BF16, &[5], 26));
    inputs.insert("residual".into(), random(DType::BF16, &[3, 5], 27));
    inputs.insert("dy".into(), random(DType::BF16, &[3, 5], 28));
    for kind in ["rms_norm", "layer_norm", "add_rms_norm"] {
        let oop = find(&format!("{kind}.backward")).unwrap();
        let storage = [("grad_dtype".to_string(), "storage".to_string())];
        let want = oop
            .call(&dev, &inputs, &oop.params(&storage).unwrap())
            .unwrap();
        let e = find(&format!("{kind}.in_place_backward")).unwrap();
        let p = e.params(&[]).unwrap();
        let mut owned = inputs.clone();
        let got = e.call_owned(&dev, &mut owned, &p).unwrap();
        assert!(!owned.contains_key("dy"), "{kind}: dy taken");
        for port in e.outputs {
            assert_eq!(got[port.name], want[port.name], "{kind}: {}", port.name);
        }
        assert_eq!(got.len(), e.outputs.len(), "{kind}: outputs");
        let mut bad = inputs.clone();
        bad.insert("dy".into(), random(DType::BF16, &[5, 3], 29));
        expect_err(
            e.call_owned(&dev, &mut bad, &p),
            &format!("{kind}.in_place_backward: input `dy`"),
        );
        // A call that does not validate (dy, staged under the output `dx`, of the wrong shape)
        // leaves the previous parameter gradients in place; so does one with no dy at all.
        for staged in [Some(random(DType::BF16, &[5, 3], 30)), None] {
            let mut out = Tensors::new();
            if let Some(dy) = staged {
                out.insert("dx".into(), dy);
            }
            out.insert("dweight".into(), want["dweight"].clone());
            assert!((e.run)(&dev, &inputs, &p, &mut out).is_err(), "{kind}");
            assert_eq!(
                out.get("dweight"),
                Some(&want["dweight"]),
                "{kind}: dweight kept"
            );
        }
    }
}

/// The L2 evict_last policy (`Kernel::l2_evict_last`) reaches the buffers of the measured table
/// in `kernels::EvictLast` and no others: the generated CUDA of each norm kernel at 4,096
/// columns, as the runtime launches it, loads exactly those parameters through
/// `mt_ld_evict_last`.
#[test]
fn l2_evict_last_reaches_the_measured_buffers() {
    use metile_codegen::{cuda_source, Target};
    let hinted = |name: &str, dtype: DType| -> Vec<String> {
        let k = crate::emit::library_kernel_tiled(name, dtype, Some(4096), true)
            .unwrap_or_else(|e| panic!("{name} {dtype:?}: {e}"));
        let src = cuda_source(&k, &Target::sm90())
            .unwrap_or_else(|e| panic!("{name} {dtype:?}: {e}"))
            .source;
        let params = &k.kernel().params;
        (0..params.len())
            .filter(|i| src.contains(&format!("mt_ld_evict_last((const uint4*)(p{i} + i0)")))
            .map(|i| params[i].name.clone())
            .collect()
    };
    let cases: [(&str, DType, &[&str]); 16] = [
        ("rms_norm_fwd", DType::F32, &["x"]),
        ("rms_norm_fwd", DType::BF16, &["x"]),
        ("rms_norm_fwd", DType::F16, &[]),
        ("layer_norm_fwd", DType::F32, &["x"]),
        ("layer_norm_fwd", DType::BF16, &[]),
        ("add_rms_norm_fwd", DType::F32, &["x", "residual"]),
        ("add_rms_norm_fwd", DType::BF16, &["x", "residual"]),
        ("rms_norm_bwd", DType::F32, &["x", "dy"]),
        ("rms_norm_bwd", DType::BF16, &[]),
        ("rms_norm_in_place_bwd", DType::F32, &[]),
        ("layer_norm_bwd", DType::F32, &["x"]),
        ("layer_norm_in_place_bwd", DType::F32, &["x"]),
        ("layer_norm_bwd", DType::BF16, &[]),
        ("add_rms_norm_bwd", DType::F32, &[]),
        ("add_rms_norm_bwd", DType::BF16, &["x", "residual"]),
        ("add_rms_norm_in_place_bwd", DType::BF16, &["x", "residual"]),
    ];
    for (name, dtype, want) in cases {
        assert_eq!(hinted(name, dtype), want, "{name} {dtype:?}");
    }
}
