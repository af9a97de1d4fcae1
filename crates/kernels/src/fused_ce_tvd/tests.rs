//! Tests of the fused CE + TVD entries: the randomized oracle sweep (and that it rejects wrong
//! formulas), stepped rows against one tile, exact ties, determinism, targets left in device
//! memory, empty and bad inputs, the registry and the CUDA lowering.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::check::{CeTvdCase, Formula, Teacher};
use super::*;
use crate::cross_entropy::tests::targets_unread;
use crate::norms::tests::random;
use crate::reference::fused_ce_tvd as oracle;
use crate::testing::to_f64;

fn ids(dtype: DType, v: &[i64]) -> Tensor {
    Tensor::new(Buffer::from_i64(dtype, v).expect("ids"), vec![v.len()]).expect("ids")
}

fn f32s(shape: &[usize], v: &[f32]) -> Tensor {
    Tensor::from_f32(DType::F32, shape, v).expect("tensor")
}

/// The error message of `r`, or "" when it succeeded.
fn message<T>(r: Result<T, OpError>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

#[test]
fn fused_ce_tvd_matches_the_oracle() {
    let failures = crate::check::failures(check::cases(), &Device::cpu());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn case(v: usize, kind: Teacher, formula: Formula, seed: u64) -> CeTvdCase {
    CeTvdCase {
        student: DType::F32,
        teacher: DType::F32,
        target: DType::I64,
        rows: 4,
        v,
        kind,
        scale: 2.0,
        all_ignored: false,
        f32_grads: false,
        formula,
        seed,
    }
}

/// Failing rows of `c` on the CPU, as `output` names.
fn failing(c: CeTvdCase) -> Vec<String> {
    match c.run(&Device::cpu()) {
        Ok(rows) => rows
            .into_iter()
            .filter(|r| !r.pass)
            .map(|r| r.output)
            .collect(),
        Err(e) => vec![e.to_string()],
    }
}

/// The check rejects each deliberately wrong formula, on the outputs it changes, at narrow and
/// stepped widths; the right formula passes the same cases.
#[test]
fn the_check_rejects_wrong_formulas() {
    for (v, seed) in [(7, 1), (1000, 2), (70000, 3)] {
        let exact = failing(case(v, Teacher::Mixed, Formula::Exact, seed));
        assert!(exact.is_empty(), "exact formula fails: {exact:?}");
        let no_sigma = failing(case(v, Teacher::Independent, Formula::NoSigma, seed));
        assert_eq!(no_sigma, ["fused_ce_tvd.backward:dstudent"], "V={v}");
        // sign(0) = 1: sigma on the tied rows (their gradient does not change: 1 - sigma = 0).
        let tied = failing(case(v, Teacher::Mixed, Formula::TiedSignOne, seed));
        assert_eq!(tied, ["fused_ce_tvd.forward:sigma"], "V={v}");
        let no_half = failing(case(v, Teacher::Close, Formula::NoHalf, seed));
        assert_eq!(
            no_half,
            ["fused_ce_tvd.forward:tvd", "fused_ce_tvd.backward:dstudent"],
            "V={v}"
        );
    }
}

/// Rows walked in column steps (128 and 1000 wide), or held in a masked tile wider than the row
/// (a GPU's), give the exact tile's values within FP32 rounding of sums taken in another order;
/// ragged widths leave a partial last step.
#[test]
fn stepped_rows_match_single_tile_rows() {
    let dev = Device::cpu();
    for (rows, v, seed) in [(3, 1000, 1), (2, 5000, 2), (4, 129, 3), (2, 1, 4)] {
        let s = random(DType::F32, &[rows, v], seed);
        let t = random(DType::BF16, &[rows, v], seed + 10);
        let y = ids(
            DType::I32,
            &(0..rows as i64).map(|i| i % v as i64).collect::<Vec<_>>(),
        );
        let dce = random(DType::F32, &[rows], seed + 20);
        let dtvd = random(DType::F16, &[rows], seed + 30);
        let one = forward(&dev, &s, &t, &y, -100).expect("forward");
        let g_one = backward(
            &dev,
            &s,
            &t,
            &y,
            (&one).into(),
            &dce,
            &dtvd,
            -100,
            true,
            None,
        )
        .expect("backward");
        // Two steppings, and a GPU's single masked tile of the next power of two.
        let masked = Tiling {
            block: v.next_power_of_two() * 2,
            exact: false,
            looped: false,
            prefetch: false,
        };
        for tiling in [Tiling::stepped(128), Tiling::stepped(1000), masked] {
            let (block, tiling) = (tiling.block, Some(tiling));
            let f = forward_tiled(&dev, &s, &t, &y, -100, tiling, Default::default())
                .expect("stepped forward");
            for (a, b) in [
                (&one.ce, &f.ce),
                (&one.tvd, &f.tvd),
                (&one.lse_s, &f.lse_s),
                (&one.lse_t, &f.lse_t),
                (&one.sigma, &f.sigma),
            ] {
                let (a, b) = (a.to_f32().expect("a"), b.to_f32().expect("b"));
                for (x, z) in a.iter().zip(&b) {
                    assert!(
                        (x - z).abs() <= 2e-6 * (1.0 + x.abs()),
                        "{v} {block}: {x} vs {z}"
                    );
                }
            }
            let g = backward_tiled(
                &dev,
                &s,
                &t,
                &y,
                (&f).into(),
                [&dce, &dtvd],
                -100,
                true,
                tiling,
                None,
            )
            .expect("stepped backward");
            let (a, b) = (g_one.to_f32().expect("g"), g.to_f32().expect("g"));
            for (x, z) in a.iter().zip(&b) {
                assert!((x - z).abs() <= 1e-6, "{v} {block}: {x} vs {z}");
            }
        }
    }
}

/// A teacher equal to the student (in another dtype, same values) gives `tvd = sigma = 0`
/// exactly, and a gradient that does not depend on `dtvd`: the cross-entropy gradient.
#[test]
fn equal_rows_give_exact_zeros() {
    let dev = Device::cpu();
    for (v, tiling) in [(300, None), (300, Some(Tiling::stepped(64))), (70000, None)] {
        let s = random(DType::BF16, &[3, v], 11);
        let t = Tensor::from_f32(DType::F32, &[3, v], &s.to_f32().expect("s")).expect("t");
        let y = ids(DType::I64, &[0, 5, (v - 1) as i64]);
        let f = forward_tiled(&dev, &s, &t, &y, -100, tiling, Default::default()).expect("fwd");
        assert_eq!(f.tvd.to_f32().expect("tvd"), [0.0; 3]);
        assert_eq!(f.sigma.to_f32().expect("sigma"), [0.0; 3]);
        assert_eq!(f.lse_s, f.lse_t);
        let dce = random(DType::F32, &[3], 12);
        let grads: Vec<Vec<f32>> = [0.0f32, 3.5]
            .iter()
            .map(|d| {
                let dtvd = f32s(&[3], &[*d; 3]);
                let saved = (&f).into();
                backward_tiled(
                    &dev,
                    &s,
                    &t,
                    &y,
                    saved,
                    [&dce, &dtvd],
                    -100,
                    true,
                    tiling,
                    None,
                )
                .and_then(|g| Ok(g.to_f32()?))
                .expect("backward")
            })
            .collect();
        assert_eq!(grads[0], grads[1]);
    }
}

/// Student and teacher rows with classes 0 and 1 swapped: on the CPU, whose lane sums add in
/// column order, both logsumexps are the same FP32 value, so `p = q` exactly on classes 2..,
/// where `sign(0) = 0` keeps them out of `sigma` and changes the gradient of every class.
#[test]
fn partial_ties_take_sign_zero() {
    let dev = Device::cpu();
    let s_row = [1.0f32, -0.5, 0.25, 0.0, 0.25, -2.0];
    let mut t_row = s_row;
    t_row.swap(0, 1);
    let (s, t) = (f32s(&[1, 6], &s_row), f32s(&[1, 6], &t_row));
    let y = ids(DType::I64, &[3]);
    let f = forward(&dev, &s, &t, &y, -100).expect("forward");
    assert_eq!(f.lse_s, f.lse_t);
    let (dce, dtvd) = (f32s(&[1], &[0.5]), f32s(&[1], &[-1.5]));
    let g = backward(&dev, &s, &t, &y, (&f).into(), &dce, &dtvd, -100, true, None)
        .expect("backward")
        .to_f32()
        .expect("g");
    let (s64, t64) = (to_f64(&s_row), to_f64(&t_row));
    let want = oracle::forward(&s64, &t64, &[3], 6, -100);
    let sigma = f.sigma.to_f32().expect("sigma")[0];
    assert!(
        (f64::from(sigma) - want.sigma[0]).abs() < 1e-6,
        "{sigma} vs {:?}",
        want.sigma
    );
    let gw = oracle::backward(&s64, &t64, &[3], 6, -100, &[0.5], &[-1.5]);
    for (a, b) in g.iter().zip(&gw) {
        assert!((f64::from(*a) - b).abs() < 1e-6, "{g:?} vs {gw:?}");
    }
}

#[test]
fn outputs_repeat_bit_for_bit() {
    let dev = Device::cpu();
    for (dtype, v) in [(DType::F32, 300), (DType::BF16, 70_000)] {
        let s = random(dtype, &[3, v], 5);
        let t = random(dtype, &[3, v], 6);
        let y = ids(DType::I64, &[1, -100, 2]);
        let (dce, dtvd) = (random(dtype, &[3], 7), random(dtype, &[3], 8));
        let run = || {
            let f = forward(&dev, &s, &t, &y, -100).expect("forward");
            let g = backward(
                &dev,
                &s,
                &t,
                &y,
                (&f).into(),
                &dce,
                &dtvd,
                -100,
                false,
                None,
            );
            (f, g.expect("backward"))
        };
        let first = run();
        for _ in 0..2 {
            assert_eq!(run(), first);
        }
    }
}

/// Targets left unread: the kernels' guard gives the oracle's values on good rows and NaN on
/// a row whose target is out of range (forward and gradient), where the host read gives a
/// typed error.
#[test]
fn targets_left_in_device_memory_are_guarded() {
    let dev = Device::cpu();
    let some: Vec<_> = check::cases().into_iter().step_by(7).collect();
    let failures = targets_unread(|| crate::check::failures(some, &dev));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let s = random(DType::F32, &[3, 5], 1);
    let t = random(DType::F32, &[3, 5], 2);
    let y = ids(DType::I32, &[1, 5, -100]);
    let (dce, dtvd) = (f32s(&[3], &[1.0; 3]), f32s(&[3], &[1.0; 3]));
    assert!(message(forward(&dev, &s, &t, &y, -100)).contains("row 1: class 5 is outside 0..5"));
    let (f, g) = targets_unread(|| {
        let f = forward(&dev, &s, &t, &y, -100).expect("forward");
        let g = backward(&dev, &s, &t, &y, (&f).into(), &dce, &dtvd, -100, true, None);
        (f, g.expect("backward"))
    });
    let (ce, tvd) = (f.ce.to_f32().expect("ce"), f.tvd.to_f32().expect("tvd"));
    assert!(
        ce[0].is_finite() && ce[1].is_nan() && ce[2] == 0.0,
        "{ce:?}"
    );
    assert!(
        tvd[0].is_finite() && tvd[1].is_nan() && tvd[2] == 0.0,
        "{tvd:?}"
    );
    let g = g.to_f32().expect("g");
    assert!(g[..5].iter().all(|v| v.is_finite()), "{g:?}");
    assert!(g[5..10].iter().all(|v| v.is_nan()), "{g:?}");
    assert!(g[10..].iter().all(|v| *v == 0.0), "{g:?}");
}

#[test]
fn no_rows_give_empty_outputs() {
    let dev = Device::cpu();
    let s = Tensor::from_f32(DType::F16, &[0, 7], &[]).expect("empty");
    let y = ids(DType::I64, &[]);
    let f = forward(&dev, &s, &s, &y, -100).expect("forward");
    assert_eq!(f.ce.shape, [0]);
    let e = f32s(&[0], &[]);
    let g = backward(&dev, &s, &s, &y, (&f).into(), &e, &e, -100, false, None).expect("backward");
    assert_eq!((g.shape.as_slice(), g.dtype()), (&[0, 7][..], DType::F16));
}

#[test]
fn bad_inputs_are_typed_errors() {
    let dev = Device::cpu();
    let s = random(DType::F32, &[2, 4], 1);
    let t = random(DType::BF16, &[2, 4], 2);
    let y = ids(DType::I64, &[0, 3]);
    let fwd = |s: &Tensor, t: &Tensor, y: &Tensor| message(forward(&dev, s, t, y, -100));
    // Logits: shapes, dtypes, no classes, rank 0.
    assert!(fwd(&s, &random(DType::F32, &[2, 5], 3), &y)
        .contains("input `teacher`: shape [2, 5] must be student's [2, 4]"));
    assert!(fwd(&s, &random(DType::F32, &[4, 2], 3), &y).contains("must be student's"));
    let ints = Tensor::new(
        Buffer::from_i64(DType::I64, &[0; 8]).expect("i"),
        vec![2, 4],
    )
    .expect("ints");
    assert!(fwd(&ints, &t, &y).contains("input `student`: dtype i64 is not allowed"));
    assert!(fwd(&s, &ints, &y).contains("input `teacher`: dtype i64 is not allowed"));
    let empty = f32s(&[2, 0], &[]);
    assert!(fwd(&empty, &empty, &y).contains("classes"));
    let scalar = f32s(&[], &[1.0]);
    assert!(fwd(&scalar, &scalar, &y).contains("at least one axis"));
    // Targets: out of range unless ignored (the deviation from Liger), shape, dtype.
    assert!(fwd(&s, &t, &ids(DType::I64, &[0, 4])).contains("row 1: class 4 is outside 0..4"));
    assert!(fwd(&s, &t, &ids(DType::I32, &[-1, 0])).contains("row 0: class -1 is outside"));
    assert!(fwd(&s, &t, &ids(DType::I64, &[-100, -100])).is_empty());
    assert!(fwd(&s, &t, &ids(DType::I64, &[0])).contains("must be the student's rows [2]"));
    assert!(fwd(&s, &t, &f32s(&[2], &[0.0, 1.0])).contains("int32 or int64"));
    // The backward: the same target check, the saved statistics and the cotangents.
    let f = forward(&dev, &s, &t, &y, -100).expect("forward");
    let ones = f32s(&[2], &[1.0, 1.0]);
    let bwd = |y: &Tensor, saved: Saved<'_>, dce: &Tensor, dtvd: &Tensor| {
        message(backward(
            &dev, &s, &t, y, saved, dce, dtvd, -100, false, None,
        ))
    };
    let saved: Saved<'_> = (&f).into();
    assert!(bwd(&y, saved, &ones, &ones).is_empty());
    assert!(bwd(&ids(DType::I64, &[9, 0]), saved, &ones, &ones).contains("class 9 is outside"));
    let three = f32s(&[3], &[1.0; 3]);
    assert!(bwd(&y, saved, &three, &ones)
        .contains("input `dce`: shape [3] must be the student's rows [2]"));
    assert!(bwd(&y, saved, &ones, &scalar).contains("input `dtvd`: shape []"));
    assert!(bwd(&y, saved, &ones, &ids(DType::I64, &[1, 1])).contains("input `dtvd`: dtype i64"));
    let half = random(DType::BF16, &[2], 4);
    let bad_lse = Saved {
        lse_s: &half,
        ..saved
    };
    assert!(bwd(&y, bad_lse, &ones, &ones).contains("input `lse_s`: dtype bf16 is not allowed"));
    let bad_sigma = Saved {
        sigma: &three,
        ..saved
    };
    assert!(bwd(&y, bad_sigma, &ones, &ones).contains("input `sigma`: shape [3]"));
}

/// The registry's entries run end to end: the backward takes the forward's outputs by name;
/// `grad_dtype` and `ignore_index` are parsed (a bad one is a typed error).
#[test]
fn registry_entries_run() {
    let dev = Device::cpu();
    let fwd = crate::registry::find("fused_ce_tvd.forward").expect("registered");
    let bwd = crate::registry::find("fused_ce_tvd.backward").expect("registered");
    let mut t = Tensors::new();
    t.insert("student".into(), random(DType::F16, &[2, 3, 33], 7));
    t.insert("teacher".into(), random(DType::F16, &[2, 3, 33], 8));
    let y = Tensor::new(
        Buffer::from_i64(DType::I32, &[0, 3, 7, 32, 5, 7]).expect("ids"),
        vec![2, 3],
    )
    .expect("ids");
    t.insert("target".into(), y);
    let p = fwd
        .params(&[("ignore_index".into(), "7".into())])
        .expect("params");
    let out = fwd.call(&dev, &t, &p).expect("forward");
    assert_eq!(out["ce"].shape, [2, 3]);
    let ce = out["ce"].to_f32().expect("ce");
    assert!(ce[2] == 0.0 && ce[5] == 0.0 && ce[0] > 0.0, "{ce:?}");
    for (k, v) in out {
        t.insert(k, v);
    }
    t.insert("dce".into(), random(DType::F32, &[2, 3], 9));
    t.insert("dtvd".into(), random(DType::BF16, &[2, 3], 10));
    let pb = bwd
        .params(&[
            ("ignore_index".into(), "7".into()),
            ("grad_dtype".into(), "f32".into()),
        ])
        .expect("params");
    let g = bwd
        .call(&dev, &t, &pb)
        .expect("backward")
        .remove("dstudent");
    let g = g.expect("dstudent");
    assert_eq!(
        (g.dtype(), g.shape.as_slice()),
        (DType::F32, &[2, 3, 33][..])
    );
    // Each valid row's gradient sums to 0 (both terms are centred by the softmax).
    let g = g.to_f32().expect("g");
    for r in 0..6 {
        let sum: f32 = g[r * 33..(r + 1) * 33].iter().sum();
        assert!(sum.abs() < 1e-5, "row {r}: {sum}");
    }
    let bad = fwd
        .params(&[("ignore_index".into(), "x".into())])
        .and_then(|p| fwd.call(&dev, &t, &p));
    assert!(message(bad).contains("ignore_index"));
}

/// Both directions, in every dtype, one masked tile, one exact tile and 4096-column steps (a
/// GPU's tilings), with targets read by the host or guarded, lower to CUDA.
#[test]
fn fused_ce_tvd_kernels_lower_to_cuda() {
    use metile_codegen::{cuda_source, Target};
    for tiling in [
        representative_spec(DType::F32, 1024, false, false).tiling,
        representative_spec(DType::F32, 4096, true, false).tiling,
        Tiling::stepped(4096),
    ] {
        for dtype in [DType::F32, DType::F16, DType::BF16] {
            for backward in [false, true] {
                for device_targets in [false, true] {
                    let spec = CeTvdSpec {
                        tiling,
                        device_targets,
                        ..representative_spec(dtype, 1, false, backward)
                    };
                    let k = metile_opt::canonicalize(kernel(&spec).expect("traces"))
                        .expect("canonicalizes");
                    let lowered = cuda_source(&k, &Target::sm90());
                    assert!(lowered.is_ok(), "{spec:?}: {:?}", lowered.err());
                }
            }
        }
    }
}
