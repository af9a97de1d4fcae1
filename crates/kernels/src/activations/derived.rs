//! The backward kernels `vjp` derives from the activations' forward expressions, checked
//! element by element against the hand-written backward kernels and the FP64 oracles' derivatives
//! on the CPU executor: random inputs over ragged sizes, every storage dtype, and special points
//! (signed zeros, tiny, large and huge |x|, NaN in `x` or in the cotangent).
//!
//! Tolerance, per element, against `scale = max(|reference|, |dy| (|b| + 1))` (the size of the
//! terms a gradient is made of: `f'(x)` is O(1) for every activation here but `relu_squared`,
//! whose `2x` is part of `|reference|`): the derived and the hand-written kernel both evaluate an
//! FP32 formula of at most ~20 ops and transcendental functions accurate to a few ulp, then round
//! once to the gradient dtype. Two such FP32 values differ by at most ~32 u32 of `scale` (u32 =
//! 2^-24), and one rounding each to a dtype of unit roundoff u moves them at most u * scale each:
//! `|derived - hand| <= (2u + 32 u32) * scale`. Against the oracle (exact in FP64) each kernel is
//! held to `(u + 32 u32) * scale`, the same budget as one side of the difference. Results that
//! underflow add the absolute error of rounding a subnormal (`underflow_error`), once per rounding
//! to the gradient dtype and 32 times that of FP32 for the formula.

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{run, ActOptions, Kind, NAMES};
use crate::reference::activations as oracle;
use crate::testing::{round_to_storage, underflow_error, unit_roundoff, Rng};

const U32: f64 = 1.0 / (1u64 << 24) as f64;

fn kinds() -> Vec<Kind> {
    (0..NAMES.len())
        .map(Kind::Unary)
        .chain([Kind::Swiglu, Kind::Geglu])
        .collect()
}

fn gated(kind: Kind) -> bool {
    matches!(kind, Kind::Swiglu | Kind::Geglu)
}

/// The gradients (`[dx]` or `[da, db]`) of `kind`, hand-written or derived, as f32.
fn gradients(
    kind: Kind,
    dtype: DType,
    x: &[f32],
    b: &[f32],
    dy: &[f32],
    opts: &ActOptions,
) -> Vec<Vec<f32>> {
    let dev = Device::cpu();
    let t = |v: &[f32]| Tensor::from_f32(dtype, &[v.len()], v).expect("tensor should build");
    let (xt, bt, dyt) = (t(x), t(b), t(dy));
    let bopt = gated(kind).then_some(&bt);
    let out = run(&dev, kind, &xt, bopt, Some(&dyt), opts, vec![]).expect("backward should run");
    out.iter()
        .map(|t| t.to_f32().expect("gradient should read back"))
        .collect()
}

/// The oracle's `[dx]` or `[da, db]` at one element.
fn exact(kind: Kind, x: f64, b: f64, dy: f64, opts: &ActOptions) -> Vec<f64> {
    let act = kind.act();
    if gated(kind) {
        let (gm, dm) = (opts.gate_multiplier as f64, opts.down_multiplier as f64);
        let (_, da, db) = oracle::gated(act, x, b, gm, dm, dy);
        vec![da, db]
    } else {
        vec![dy * oracle::derivative(act, x)]
    }
}

/// Runs both backward kernels on `(x, b, dy)` (already storage values) and checks each element.
fn compare_all(kind: Kind, dtype: DType, x: &[f32], b: &[f32], dy: &[f32], opts: &ActOptions) {
    let hand_opts = ActOptions {
        derived_backward: false,
        ..*opts
    };
    let derived_opts = ActOptions {
        derived_backward: true,
        ..*opts
    };
    let hand = gradients(kind, dtype, x, b, dy, &hand_opts);
    let derived = gradients(kind, dtype, x, b, dy, &derived_opts);
    let grad = if opts.f32_grads { DType::F32 } else { dtype };
    let u = unit_roundoff(grad);
    let eta = underflow_error(grad);
    let eta32 = 32.0 * underflow_error(DType::F32);
    for i in 0..x.len() {
        let (xi, bi, gi) = (x[i] as f64, b[i] as f64, dy[i] as f64);
        let reference = exact(kind, xi, bi, gi, opts);
        for (o, r) in reference.iter().enumerate() {
            let (d, h) = (derived[o][i] as f64, hand[o][i] as f64);
            let scale = r.abs().max(gi.abs() * (bi.abs() + 1.0));
            let ctx = || {
                format!(
                    "{} {dtype} grad {o} at x={xi:e} b={bi:e} dy={gi:e}: derived {d:e}, hand {h:e}, oracle {r:e}",
                    kind.name()
                )
            };
            let both = (2.0 * u + 32.0 * U32) * scale + 2.0 * eta + eta32;
            assert!((d - h).abs() <= both, "{}", ctx());
            let one = (u + 32.0 * U32) * scale + eta + eta32;
            assert!((d - r).abs() <= one, "{}", ctx());
        }
    }
}

/// Inputs rounded to `dtype`.
fn storage(mut v: Vec<f32>, dtype: DType) -> Vec<f32> {
    round_to_storage(&mut v, dtype);
    v
}

#[test]
fn derived_gradients_match_the_hand_written_ones_on_ragged_random_inputs() {
    let mut rng = Rng::new(31);
    for kind in kinds() {
        for dtype in [DType::F32, DType::F16, DType::BF16] {
            // 16385 spans two CPU programs with a ragged tail.
            for (n, scale) in [(1, 1.0), (127, 3.0), (257, 0.1), (4097, 1.0), (16385, 6.0)] {
                let x = storage(rng.normal_vec(n, 0.0, scale), dtype);
                let b = storage(rng.normal_vec(n, 0.0, 1.0), dtype);
                let dy = storage(rng.normal_vec(n, 0.0, 1.0), dtype);
                let opts = ActOptions {
                    gate_multiplier: if kind == Kind::Swiglu { 1.5 } else { 1.0 },
                    down_multiplier: if kind == Kind::Swiglu { 0.5 } else { 1.0 },
                    f32_grads: n == 257,
                    derived_backward: false,
                };
                compare_all(kind, dtype, &x, &b, &dy, &opts);
            }
        }
    }
}

#[test]
fn derived_gradients_match_at_special_points() {
    let points: Vec<f32> = [
        0.0, 1e-30, 1e-7, 1e-3, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 40.0, 88.0, 100.0, 1e3, 1e4,
    ]
    .iter()
    .flat_map(|v: &f32| [*v, -*v])
    .collect();
    for kind in kinds() {
        for dtype in [DType::F32, DType::BF16] {
            let x = storage(points.clone(), dtype);
            let b = storage(points.iter().map(|v| 1.0 - v * 0.01).collect(), dtype);
            let dy = storage(points.iter().map(|v| 1.0 + v.abs() * 1e-3).collect(), dtype);
            compare_all(kind, dtype, &x, &b, &dy, &ActOptions::default());
        }
    }
}

#[test]
fn nan_propagates_except_where_relu_selects_a_zero() {
    let opts = ActOptions {
        derived_backward: true,
        ..ActOptions::default()
    };
    let nan = f32::NAN;
    // NaN in x (with finite dy), then NaN in dy at x = -1, 0 and 1.
    let x = [nan, -1.0, 0.0, 1.0];
    let dy = [1.0, nan, nan, nan];
    for kind in kinds() {
        let derived = gradients(kind, DType::F32, &x, &[0.5; 4], &dy, &opts);
        let relu = matches!(kind.act(), "relu" | "relu_squared");
        for (i, (&xi, &gi)) in x.iter().zip(&dy).enumerate() {
            // ReLU's derivative is an exact 0 where x is not positive (NaN included, as the
            // oracle's `f64::max` gives), and `select` keeps a NaN cotangent out of it.
            let want_nan = if relu {
                xi > 0.0 && gi.is_nan()
            } else {
                xi.is_nan() || gi.is_nan()
            };
            for (o, d) in derived.iter().map(|g| g[i]).enumerate() {
                assert_eq!(
                    d.is_nan(),
                    want_nan,
                    "{} grad {o} at x={xi} dy={gi}: derived {d}",
                    kind.name()
                );
            }
        }
    }
}

#[test]
fn derived_kernels_are_not_much_larger_than_the_hand_written_ones() {
    use crate::emit::library_kernel;
    let size = |name: &str| {
        let k = library_kernel(name, DType::BF16, None).expect("library kernels should trace");
        let mut n = 0;
        k.kernel().walk(|_, _| n += 1);
        n
    };
    for kind in kinds() {
        let (hand, derived) = (
            size(&format!("{}_bwd", kind.name())),
            size(&format!("{}_bwd_derived", kind.name())),
        );
        // Canonicalised, the derived kernels measure 17 to 54 instructions against 18 to 49 by
        // hand (gelu_tanh, the largest gap: 42 against 37).
        assert!(
            derived * 5 <= hand * 6 + 10,
            "{}: {derived} instructions derived, {hand} by hand",
            kind.name()
        );
    }
}

/// `vjp` on every library kernel (the norms, softmax, cross-entropy, RoPE and embedding kernels
/// have loops, reductions, dynamic reads and atomics): outputs every float value stored at the
/// top level, with respect to every float load there. Each request gives a derivative that,
/// placed at the end of the body, verifies, or a typed error; never a panic.
#[test]
fn vjp_of_every_library_kernel_is_a_derivative_or_a_typed_error() {
    use metile_ir::{check, Op};
    use metile_opt::{vjp, VjpRequest};
    let (mut built, mut refused) = (0, 0);
    for name in crate::emit::kernel_names() {
        let k = crate::emit::library_kernel(name, DType::F32, Some(256))
            .expect("library kernels should trace")
            .into_kernel();
        let float = |v: &metile_ir::ValueId| k.ty(*v).dtype.is_float();
        let (mut wrt, mut outputs) = (Vec::new(), Vec::new());
        for id in &k.body.insts {
            match &k.inst(*id).op {
                Op::Load { .. } => wrt.extend(k.inst(*id).results.iter().filter(|v| float(v))),
                Op::Store { value, .. } if float(value) => outputs.push(*value),
                _ => {}
            }
        }
        let req = VjpRequest {
            cotangents: outputs.clone(),
            outputs,
            wrt,
        };
        let mut derived = k.clone();
        match vjp(&mut derived, &req) {
            Ok(d) => {
                derived.body.insts.extend(d.insts);
                assert!(check(&derived).is_ok(), "{name}: {:?}", check(&derived));
                built += 1;
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                refused += 1;
            }
        }
    }
    assert!(
        built >= 20 && refused >= 1,
        "{built} built, {refused} refused"
    );
}
