//! Tests of the modulated RMSNorm entries: the randomized oracle sweep, deliberate faults the
//! sweep must catch, the RMSNorm output shared bit for bit with `rms_norm`, the backward's
//! layouts, determinism, empty inputs, bad inputs and the registry adapters.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::check::{sweep, ModCase};
use super::*;
use crate::check::{failures, CheckCase};
use crate::norms::tests::{expect_err, random};
use crate::norms::{NormInputs, NormKind};
use crate::registry::{find, Tensors};

#[test]
fn modulated_rms_norm_matches_the_oracle() {
    let failures = failures(super::check::cases(), &Device::cpu());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The kernels in the form the GPU lowering takes them (`metile_codegen::gpu_form`) pass the
/// sweep's cases up to 1000 columns on the CPU.
#[test]
fn the_gpu_form_of_the_kernels_matches_the_oracle() {
    let cases: Vec<CheckCase> = [DType::F32, DType::F16, DType::BF16]
        .into_iter()
        .flat_map(|dtype| faulty(Fault::None, dtype, 1000))
        .collect();
    assert!(cases.len() > 60, "{} cases", cases.len());
    let failed = failures(cases, &Device::cpu_in_gpu_form());
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The sweep's cases of `dtype` no wider than `max_cols`, with `fault` injected.
fn faulty(fault: Fault, dtype: DType, max_cols: usize) -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .filter(|c| c.dtype == dtype && c.shape[c.shape.len() - 1] <= max_cols)
        .map(|c| {
            let c = ModCase { fault, ..c };
            CheckCase {
                op: "modulated_rms_norm",
                label: c.describe(),
                run: Box::new(move |d: &Device| c.run(d)),
            }
        })
        .collect()
}

/// Mutation sanity: a kernel with `1 + scale` replaced by `scale`, modulation rows taken
/// `r % S`, the backward's RMSNorm cotangent left unmodulated, or the modulation sums not
/// flushed where a program's rows change modulation row, fails the sweep, in FP32 and in bf16.
#[test]
fn the_sweep_catches_deliberate_faults() {
    let dev = Device::cpu();
    for fault in [
        Fault::NoOnePlus,
        Fault::ModuloRow,
        Fault::Unmodulated,
        Fault::NoGroupFlush,
    ] {
        for dtype in [DType::F32, DType::BF16] {
            let failed = failures(faulty(fault, dtype, 1000), &dev);
            assert!(!failed.is_empty(), "{fault:?} in {dtype} passed the sweep");
        }
    }
    // The checks themselves pass on the same cases without a fault.
    assert!(failures(faulty(Fault::None, DType::BF16, 1000), &dev).is_empty());
}

fn inputs<'a>(
    x: &'a Tensor,
    weight: Option<&'a Tensor>,
    scale: &'a Tensor,
    shift: Option<&'a Tensor>,
) -> ModInputs<'a> {
    ModInputs {
        x,
        weight,
        scale,
        shift,
    }
}

fn opts(casting: CastingMode, offset: f32) -> NormOptions {
    NormOptions {
        casting,
        offset,
        ..default_options()
    }
}

fn stepped(block: usize) -> Tiling {
    Tiling {
        block,
        exact: false,
        looped: true,
        prefetch: false,
    }
}

/// With a zero scale and no shift the forward is `rms_norm.forward`, bit for bit (the same
/// RMSNorm arithmetic in each casting mode, the modulation exact), `rstd` included; and the
/// backward's `dscale` for a unit `dy`, one modulation row per token, is that output exactly:
/// the backward recomputes `o` rounded as the forward stores it. A backward whose `dscale`
/// uses the unrounded `o` (a fault the tolerances of the sweep cannot see in 16-bit dtypes)
/// differs.
#[test]
fn the_normalized_row_is_rms_norms_bit_for_bit() {
    let dev = Device::cpu();
    for (dtype, cols, tiling) in [
        (DType::BF16, 300, None),
        (DType::F16, 77, None),
        (DType::BF16, 1000, Some(stepped(256))),
        (DType::F32, 64, None),
    ] {
        let rows = 6;
        let x = random(dtype, &[rows, cols], 1);
        let w = random(dtype, &[cols], 2);
        let zero =
            Tensor::from_f32(dtype, &[rows, cols], &vec![0.0; rows * cols]).expect("zero scale");
        let ones = Tensor::from_f32(dtype, &[rows, cols], &vec![1.0; rows * cols]).expect("dy");
        for casting in [CastingMode::Llama, CastingMode::Gemma, CastingMode::None] {
            for weight in [Some(&w), None] {
                let o = opts(casting, 1.0);
                let inp = inputs(&x, weight, &zero, None);
                let mut got = None;
                forward_into(&dev, &inp, &o, tiling, &mut got).expect("forward should run");
                let got = got.expect("forward output");
                let norm_inp = NormInputs {
                    x: &x,
                    residual: None,
                    weight,
                    bias: None,
                };
                let mut want = None;
                crate::norms::forward_into(&dev, NormKind::Rms, &norm_inp, &o, tiling, &mut want)
                    .expect("rms_norm should run");
                let want = want.expect("rms_norm output");
                assert_eq!(got.y, want.y, "{dtype} {casting:?} y");
                assert_eq!(got.rstd, want.rstd, "{dtype} {casting:?} rstd");
                let saved = (casting != CastingMode::None).then_some(&got.rstd);
                let grads = |fault| {
                    let mut g = None;
                    backward_with(&dev, &inp, &ones, saved, &o, tiling, None, fault, &mut g)
                        .expect("backward should run");
                    g.expect("backward output").dscale.to_f32().expect("dscale")
                };
                let y = got.y.to_f32().expect("y");
                assert_eq!(grads(Fault::None), y, "{dtype} {casting:?} dscale");
                // The fault only shows where `o` has a rounding left to skip: gemma's, and
                // llama's product with the weight (none's arithmetic rounds as it goes).
                let rounded_last = casting == CastingMode::Gemma
                    || casting == CastingMode::Llama && weight.is_some();
                if dtype != DType::F32 && rounded_last {
                    assert_ne!(grads(Fault::UnroundedRmsOut), y, "{dtype} {casting:?}");
                }
            }
        }
    }
}

/// Every layout covers each row once, with programs inside one span of whole modulation rows
/// or inside one modulation row, at most `wanted` programs (at least one).
#[test]
fn layouts_cover_each_row_once_within_a_modulation_row_or_whole_ones() {
    for rows in [1usize, 2, 7, 12, 64, 100, 4096] {
        for group in (1..=rows).filter(|g| rows.is_multiple_of(*g)) {
            for wanted in [1, 2, 3, 5, 8, 32, 132, 1000] {
                let l = Layout::new(rows, group, wanted);
                assert!(
                    l.programs >= 1 && l.programs <= wanted,
                    "{rows} {group} {l:?}"
                );
                assert!(l.chunks == 1 || l.span == group, "{l:?}");
                assert!(l.span.is_multiple_of(group), "{l:?}");
                let mut seen = vec![0u32; rows];
                for g in 0..l.programs {
                    let start = (g / l.chunks) * l.span;
                    let first = start + (g % l.chunks) * l.rpp;
                    let last = (first + l.rpp).min(start + l.span).min(rows);
                    assert!(
                        first < last,
                        "{rows} {group} {wanted}: program {g} is empty"
                    );
                    for count in &mut seen[first..last] {
                        *count += 1;
                    }
                    // Within one modulation row, or whole ones.
                    let (m0, m1) = (first / group, (last - 1) / group);
                    assert!(
                        m0 == m1 || (first.is_multiple_of(group) && last.is_multiple_of(group)),
                        "{rows} {group} {wanted} {l:?}: program {g} {first}..{last}"
                    );
                }
                assert!(
                    seen.iter().all(|&c| c == 1),
                    "{rows} {group} {wanted} {l:?}"
                );
            }
        }
    }
}

/// Results repeat bit for bit, and other layouts (program counts) agree within FP32 rounding.
#[test]
fn outputs_repeat_bit_for_bit() {
    let dev = Device::cpu();
    let x = random(DType::BF16, &[4, 50, 96], 1);
    let w = random(DType::F32, &[96], 2);
    let sc = random(DType::BF16, &[4, 96], 3);
    let sh = random(DType::BF16, &[4, 96], 4);
    let dy = random(DType::BF16, &[4, 50, 96], 5);
    let inp = inputs(&x, Some(&w), &sc, Some(&sh));
    let o = default_options();
    let fwd = forward(&dev, &inp, &o).expect("forward should run");
    let run = |programs: Option<usize>| {
        let mut g = None;
        backward_with(
            &dev,
            &inp,
            &dy,
            None,
            &o,
            None,
            programs,
            Fault::None,
            &mut g,
        )
        .expect("backward should run");
        g.expect("backward output")
    };
    let first = run(Some(16));
    for _ in 0..3 {
        assert_eq!(forward(&dev, &inp, &o).expect("forward should run"), fwd);
        assert_eq!(run(Some(16)), first);
    }
    for programs in [1, 3, 200] {
        let other = run(Some(programs));
        for (a, b) in [
            (&first.dscale, &other.dscale),
            (&first.dx, &other.dx),
            (
                first.dweight.as_ref().expect("dw"),
                other.dweight.as_ref().expect("dw"),
            ),
            (
                first.dshift.as_ref().expect("dh"),
                other.dshift.as_ref().expect("dh"),
            ),
        ] {
            let (a, b) = (a.to_f32().expect("a"), b.to_f32().expect("b"));
            for (p, q) in a.iter().zip(&b) {
                assert!(
                    (p - q).abs() <= 1e-4 * (1.0 + p.abs()),
                    "{programs}: {p} vs {q}"
                );
            }
        }
    }
}

#[test]
fn no_rows_give_empty_outputs_and_zero_parameter_gradients() {
    let dev = Device::cpu();
    let x = Tensor::from_f32(DType::BF16, &[0, 6], &[]).expect("x");
    let w = random(DType::F32, &[6], 1);
    let sc = random(DType::F32, &[2, 6], 2);
    let inp = inputs(&x, Some(&w), &sc, Some(&sc));
    let o = default_options();
    let f = forward(&dev, &inp, &o).expect("forward should run");
    assert_eq!(
        (f.y.shape.as_slice(), f.rstd.shape.as_slice()),
        (&[0, 6][..], &[0][..])
    );
    let g = backward(&dev, &inp, &x, None, &o).expect("backward should run");
    assert_eq!(g.dx.shape, [0, 6]);
    assert_eq!(g.dweight.expect("dw").to_f32().expect("dw"), [0.0; 6]);
    assert_eq!(g.dscale.shape, [2, 6]);
    assert_eq!(g.dscale.to_f32().expect("ds"), [0.0; 12]);
    assert_eq!(g.dshift.expect("dh").to_f32().expect("dh"), [0.0; 12]);
}

#[test]
fn bad_inputs_are_typed_errors() {
    let dev = Device::cpu();
    let o = default_options();
    let x = random(DType::F32, &[2, 3, 8], 1);
    let w = random(DType::F32, &[8], 2);
    let sc = random(DType::F32, &[2, 8], 3);
    let dy = random(DType::F32, &[2, 3, 8], 4);
    let fwd = |inp: ModInputs<'_>| forward(&dev, &inp, &o);
    // S must divide R: 4 modulation rows for 6 rows.
    let four = random(DType::F32, &[4, 8], 5);
    expect_err(
        fwd(inputs(&x, None, &four, None)),
        "its 4 modulation rows (shape [4, 8]) must divide the 6 rows of x",
    );
    expect_err(
        backward(&dev, &inputs(&x, None, &four, None), &dy, None, &o),
        "must divide the 6 rows",
    );
    let wide = random(DType::F32, &[2, 9], 6);
    expect_err(
        fwd(inputs(&x, None, &wide, None)),
        "input `scale`: shape [2, 9] must be [..., N] = [..., 8]",
    );
    let empty = Tensor::from_f32(DType::F32, &[0, 8], &[]).expect("empty");
    expect_err(fwd(inputs(&x, None, &empty, None)), "with at least one row");
    let scalar = random(DType::F32, &[], 7);
    expect_err(
        fwd(inputs(&x, None, &scalar, None)),
        "input `scale`: shape []",
    );
    let one = random(DType::F32, &[8], 8);
    expect_err(
        fwd(inputs(&x, None, &sc, Some(&one))),
        "input `shift`: has 1 modulation rows (shape [8]); scale has 2 ([2, 8])",
    );
    expect_err(
        fwd(inputs(&x, Some(&one), &sc, Some(&wide))),
        "input `shift`: shape [2, 9]",
    );
    let short = random(DType::F32, &[7], 9);
    expect_err(
        fwd(inputs(&x, Some(&short), &sc, None)),
        "input `weight`: shape [7] must be [cols] = [8]",
    );
    let ids = Tensor::new(
        Buffer::from_i64(DType::I64, &[0; 16]).expect("ids"),
        vec![2, 8],
    )
    .expect("ids");
    expect_err(
        fwd(inputs(&x, None, &ids, None)),
        "input `scale`: dtype i64 is not allowed",
    );
    expect_err(
        fwd(inputs(&x, Some(&w), &sc, Some(&ids))),
        "input `shift`: dtype i64 is not allowed",
    );
    let x_ids = Tensor::new(
        Buffer::from_i64(DType::I64, &[0; 48]).expect("ids"),
        vec![6, 8],
    )
    .expect("ids");
    expect_err(
        fwd(inputs(&x_ids, None, &sc, None)),
        "dtype i64 is not allowed",
    );
    let dy_bad = random(DType::F32, &[2, 3, 9], 10);
    expect_err(
        backward(&dev, &inputs(&x, None, &sc, None), &dy_bad, None, &o),
        "input `dy`: shape [2, 3, 9] must match x [2, 3, 8]",
    );
    // Saved statistics: FP32, one per row.
    let rstd16 = random(DType::BF16, &[2, 3], 11);
    expect_err(
        backward(&dev, &inputs(&x, None, &sc, None), &dy, Some(&rstd16), &o),
        "the saved statistic must be f32",
    );
    let rstd5 = random(DType::F32, &[5], 12);
    expect_err(
        backward(&dev, &inputs(&x, None, &sc, None), &dy, Some(&rstd5), &o),
        "must hold one value per row (6)",
    );
    let bad_eps = NormOptions { eps: 0.0, ..o };
    expect_err(
        forward(&dev, &inputs(&x, None, &sc, None), &bad_eps),
        "must be positive and finite",
    );
    // Through the registry: a missing scale, a bad casting mode.
    let e = find(FORWARD).expect("forward entry");
    let mut t = Tensors::new();
    t.insert("x".into(), x.clone());
    let p = e.params(&[]).expect("params");
    expect_err(e.call(&dev, &t, &p), "scale");
    let bad = e.params(&[("casting_mode".into(), "fp8".into())]);
    let msg = match bad {
        Ok(p) => {
            t.insert("scale".into(), sc.clone());
            e.call(&dev, &t, &p)
                .map(|_| ())
                .err()
                .map(|e| e.to_string())
        }
        Err(e) => Some(e.to_string()),
    };
    assert!(msg.is_some_and(|m| m.contains("casting_mode")));
}

#[test]
fn entry_points_run_through_the_registry() {
    let dev = Device::cpu();
    let mut t = Tensors::new();
    t.insert("x".into(), random(DType::BF16, &[2, 3, 5], 1));
    t.insert("weight".into(), random(DType::BF16, &[5], 2));
    t.insert("scale".into(), random(DType::BF16, &[2, 1, 5], 3));
    t.insert("shift".into(), random(DType::F32, &[2, 1, 5], 4));
    t.insert("dy".into(), random(DType::BF16, &[2, 3, 5], 5));
    for name in [FORWARD, BACKWARD] {
        let e = find(name).expect("entry");
        let pairs: Vec<(String, String)> = match name {
            BACKWARD => vec![("grad_dtype".into(), "storage".into())],
            _ => Vec::new(),
        };
        let p = e.params(&pairs).expect("params");
        let out = e.call(&dev, &t, &p).expect("call");
        for port in e.outputs {
            assert!(out.contains_key(port.name), "{name}: missing {}", port.name);
        }
        if name == BACKWARD {
            assert_eq!(out["dscale"].shape, [2, 1, 5]);
            assert_eq!(out["dshift"].shape, [2, 1, 5]);
            assert_eq!(out["dx"].dtype(), DType::BF16);
            assert_eq!(out["dweight"].dtype(), DType::F32);
        } else {
            assert_eq!(out["rstd"].shape, [2, 3]);
        }
    }
    let entries = crate::registry::entry_points();
    assert_eq!(
        crate::inventory::status_of("modulated_rms_norm", &entries),
        crate::inventory::Status::Paired
    );
}
