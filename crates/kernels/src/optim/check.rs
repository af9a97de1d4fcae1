//! Randomized checks of AdamW against `reference::optim` (FP64).
//!
//! - `adamw.sum_squares`: lists of ragged tensors (an empty one among them) whose elements are
//!   multiples of 1/8 in [-1, 1]: every square and every partial sum is then exact in FP32 in
//!   any order, so the total must equal the oracle's exactly (tolerance 0), and one element
//!   missed or summed twice shows. Outputs and workspace are poisoned first.
//! - `adamw.step` through its entry point, whose outputs are poisoned first: with and without
//!   clipping (active and not), early and late steps. Each output element is a few FP32
//!   operations on its own inputs, so each element's error is held to the size of the terms it
//!   alone is made of (`|beta1 m| + |(1 - beta1) g|` for `exp_avg`, and so on;
//!   `CheckRow::compare_each`): moments 4u(f32), parameters 32u(f32) for the update plus one
//!   rounding to the parameter's storage dtype. With clipping, the FP32 scale
//!   `max_norm / sqrt(grad_sumsq)` errs by up to 3u (square root, then a division of up to two
//!   ulps on a GPU), which every `g` carries: once in `exp_avg`, twice in `exp_avg_sq`'s `g^2`.

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{sum_squares, AdamWOptions, SumSquares, ENTRY_POINTS};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::reference::optim::{self as oracle, AdamW};
use crate::registry::{OpError, Tensors};
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

/// Ragged tensor sizes: one element, around a power of two, across the CPU's and a GPU's
/// program boundaries, and empty.
const SIZES: [usize; 6] = [1, 127, 257, 4097, 0, 16385];

/// A sum-of-squares case: tensors of `sizes` in `dtype`.
#[derive(Clone, Debug)]
pub struct SumSquaresCase {
    pub dtype: DType,
    pub sizes: Vec<usize>,
    pub seed: u64,
}

impl SumSquaresCase {
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let mut rng = Rng::new(self.seed);
        let values: Vec<Vec<f32>> = self
            .sizes
            .iter()
            .map(|n| {
                (0..*n)
                    .map(|_| (rng.below(17) as f32 - 8.0) / 8.0)
                    .collect()
            })
            .collect();
        let tensors = values
            .iter()
            .map(|v| tensor(device, self.dtype, &[v.len()], v))
            .collect::<Result<Vec<_>, _>>()?;
        let refs: Vec<&Tensor> = tensors.iter().collect();
        // A first call sizes the workspace; the checked call reuses a poisoned one of that size
        // (and a poisoned total), so a partial slot the kernels skip shows as NaN.
        let first = sum_squares(device, &refs, None)?;
        let prev = SumSquares {
            total: poisoned(device, DType::F32, &[])?,
            partials: poisoned(device, DType::F32, &first.partials.shape)?,
        };
        let got = sum_squares(device, &refs, Some(prev))?;
        let wide: Vec<Vec<f64>> = values.iter().map(|v| to_f64(v)).collect();
        let slices: Vec<&[f64]> = wide.iter().map(Vec::as_slice).collect();
        Ok(vec![CheckRow::compare(
            "adamw",
            "adamw.sum_squares:sumsq".into(),
            self.dtype,
            format!("{:?}", self.sizes),
            "exact multiples of 1/8".into(),
            &got.total.to_f32()?,
            &[oracle::sum_squares(&slices)],
            0.0,
            0.0,
        )])
    }
}

/// A step case: `n` elements of `param` and `grad` in `dtype`, clipping to `max_norm` times the
/// gradient's norm when given.
#[derive(Clone, Copy, Debug)]
pub struct StepCase {
    pub dtype: DType,
    pub n: usize,
    pub opts: AdamWOptions,
    pub clip_ratio: Option<f32>,
    /// Hand the step this gradient sum of squares (e.g. infinity, after an overflow) instead of
    /// the gradient's own: the step must then leave the gradient unscaled.
    pub sumsq: Option<f32>,
    pub seed: u64,
}

impl StepCase {
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (n, o) = (self.n, self.opts);
        let mut rng = Rng::new(self.seed);
        let mut param = rng.normal_vec(n, 0.0, 1.0);
        round_to_storage(&mut param, self.dtype);
        let mut grad = rng.normal_vec(n, 0.0, 1.0);
        round_to_storage(&mut grad, self.dtype);
        // Moments as a run leaves them: v at least m^2, so that |m| / sqrt(v) <= 1.
        let m = rng.normal_vec(n, 0.0, 0.3);
        let v: Vec<f32> = m
            .iter()
            .map(|x| x * x * (1.0 + rng.uniform_f32(0.0, 1.0)) + 1e-6)
            .collect();
        let (p64, g64, m64, v64) = (to_f64(&param), to_f64(&grad), to_f64(&m), to_f64(&v));
        let sumsq = self.sumsq.unwrap_or(oracle::sum_squares(&[&g64]) as f32);
        // An empty gradient has norm 0; any positive bound leaves it alone.
        let max_norm = self.clip_ratio.map(|r| {
            if sumsq > 0.0 && sumsq.is_finite() {
                r * sumsq.sqrt()
            } else {
                1.0
            }
        });
        let scale = max_norm.map_or(1.0, |c| oracle::clip_scale(f64::from(sumsq), f64::from(c)));

        let up = |dtype: DType, v: &[f32]| tensor(device, dtype, &[n], v);
        let mut inputs = Tensors::new();
        inputs.insert("param".into(), up(self.dtype, &param)?);
        inputs.insert("grad".into(), up(self.dtype, &grad)?);
        inputs.insert("exp_avg".into(), up(DType::F32, &m)?);
        inputs.insert("exp_avg_sq".into(), up(DType::F32, &v)?);
        if max_norm.is_some() {
            inputs.insert(
                "grad_sumsq".into(),
                tensor(device, DType::F32, &[], &[sumsq])?,
            );
        }
        let mut outputs = Tensors::new();
        outputs.insert("param".into(), poisoned(device, self.dtype, &[n])?);
        for name in ["exp_avg", "exp_avg_sq"] {
            outputs.insert(name.into(), poisoned(device, DType::F32, &[n])?);
        }
        let entry = &ENTRY_POINTS[1];
        let mut pairs = vec![
            ("lr".to_string(), o.lr.to_string()),
            ("beta1".into(), o.beta1.to_string()),
            ("beta2".into(), o.beta2.to_string()),
            ("eps".into(), o.eps.to_string()),
            ("weight_decay".into(), o.weight_decay.to_string()),
            ("step".into(), o.step.to_string()),
        ];
        if let Some(c) = max_norm {
            pairs.push(("max_norm".into(), c.to_string()));
        }
        (entry.run)(device, &inputs, &entry.params(&pairs)?, &mut outputs)?;

        let h = AdamW {
            lr: f64::from(o.lr),
            beta1: f64::from(o.beta1),
            beta2: f64::from(o.beta2),
            eps: f64::from(o.eps),
            weight_decay: f64::from(o.weight_decay),
            step: o.step,
        };
        let (want_p, want_m, want_v) = oracle::adamw_step(&h, &p64, &g64, &m64, &v64, scale);
        // The sizes of the terms each output is computed from.
        let t = i32::try_from(o.step).unwrap_or(i32::MAX);
        let (c1, c2) = (1.0 - h.beta1.powi(t), 1.0 - h.beta2.powi(t));
        let (mut term_m, mut term_v, mut term_p) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        for j in 0..n {
            let g = g64[j] * scale;
            term_m[j] = (h.beta1 * m64[j]).abs() + ((1.0 - h.beta1) * g).abs();
            term_v[j] = h.beta2 * v64[j] + (1.0 - h.beta2) * g * g;
            let update = term_m[j] / c1 / ((want_v[j] / c2).sqrt() + h.eps);
            term_p[j] = p64[j].abs() * (1.0 + h.lr * h.weight_decay) + h.lr * update;
        }
        let u32_ = unit_roundoff(DType::F32);
        // The clipping scale's own rounding (module doc), carried by every g.
        let clip_u = if max_norm.is_some() { 3.0 * u32_ } else { 0.0 };
        let shape = format!("{n}");
        let config = format!(
            "lr={} betas=({}, {}) wd={} step={} clip={}",
            o.lr,
            o.beta1,
            o.beta2,
            o.weight_decay,
            o.step,
            match self.clip_ratio {
                None => "none".to_string(),
                Some(r) => format!("{r} x norm"),
            }
        );
        let out = |name: &str| -> Result<Vec<f32>, OpError> {
            Ok(outputs
                .get(name)
                .ok_or_else(|| OpError::MissingInput {
                    entry: "adamw.step".into(),
                    name: name.into(),
                })?
                .to_f32()?)
        };
        Ok(vec![
            CheckRow::compare_each(
                "adamw",
                "adamw.step:param".into(),
                self.dtype,
                shape.clone(),
                config.clone(),
                &out("param")?,
                &want_p,
                unit_roundoff(self.dtype) + 32.0 * u32_,
                &term_p,
            ),
            CheckRow::compare_each(
                "adamw",
                "adamw.step:exp_avg".into(),
                self.dtype,
                shape.clone(),
                config.clone(),
                &out("exp_avg")?,
                &want_m,
                4.0 * u32_ + clip_u,
                &term_m,
            ),
            CheckRow::compare_each(
                "adamw",
                "adamw.step:exp_avg_sq".into(),
                self.dtype,
                shape,
                config,
                &out("exp_avg_sq")?,
                &want_v,
                4.0 * u32_ + 2.0 * clip_u,
                &term_v,
            ),
        ])
    }
}

/// The sweep.
pub fn cases() -> Vec<CheckCase> {
    let mut out = Vec::new();
    let mut seed = 23000;
    let train = AdamWOptions {
        lr: 3e-3,
        beta1: 0.9,
        beta2: 0.95,
        eps: 1e-8,
        weight_decay: 0.1,
        step: 1,
    };
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for sizes in [SIZES.to_vec(), vec![70001], vec![]] {
            seed += 1;
            let c = SumSquaresCase { dtype, sizes, seed };
            out.push(CheckCase {
                op: "adamw",
                label: format!("adamw.sum_squares {dtype} {:?}", c.sizes),
                run: Box::new(move |dev: &Device| c.run(dev)),
            });
        }
        for (n, opts, clip_ratio) in [
            (1, train, None),
            (127, AdamWOptions { step: 7, ..train }, Some(0.5)),
            (4097, AdamWOptions::torch_defaults(1000), Some(2.0)),
            (16385, AdamWOptions { lr: 0.1, ..train }, Some(0.01)),
            (0, train, Some(0.5)),
        ] {
            seed += 1;
            let c = StepCase {
                dtype,
                n,
                opts,
                clip_ratio,
                sumsq: None,
                seed,
            };
            out.push(CheckCase {
                op: "adamw",
                label: format!("adamw.step {dtype} n={n}"),
                run: Box::new(move |dev: &Device| c.run(dev)),
            });
        }
        // An overflowed (infinite) or NaN norm: no clipping.
        for sumsq in [f32::INFINITY, f32::NAN] {
            seed += 1;
            let c = StepCase {
                dtype,
                n: 257,
                opts: train,
                clip_ratio: Some(0.5),
                sumsq: Some(sumsq),
                seed,
            };
            out.push(CheckCase {
                op: "adamw",
                label: format!("adamw.step {dtype} n=257 grad_sumsq={sumsq}"),
                run: Box::new(move |dev: &Device| c.run(dev)),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::{step, AdamWState, Clip};
    use super::*;

    #[test]
    fn adamw_matches_the_reference() {
        let failures = crate::check::failures(cases(), &Device::cpu());
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// The trainer's chain: the device sum of squares of several gradients feeds the clipped
    /// step, and two runs give the same bits.
    #[test]
    fn device_sum_of_squares_feeds_the_clipped_step() {
        let dev = Device::cpu();
        let run = || {
            let grads: Vec<Tensor> = [300usize, 17]
                .iter()
                .map(|n| {
                    let v: Vec<f32> = (0..*n).map(|i| ((i % 17) as f32 - 8.0) / 8.0).collect();
                    Tensor::from_f32(DType::F32, &[*n], &v).unwrap()
                })
                .collect();
            let total = sum_squares(&dev, &[&grads[0], &grads[1]], None)
                .unwrap()
                .total;
            let mut p = Tensor::from_f32(DType::F32, &[300], &[1.0; 300]).unwrap();
            let mut m = Tensor::zeros(DType::F32, &[300]);
            let mut v = Tensor::zeros(DType::F32, &[300]);
            let opts = AdamWOptions {
                weight_decay: 0.0,
                ..AdamWOptions::torch_defaults(1)
            };
            let state = AdamWState {
                param: &mut p,
                exp_avg: &mut m,
                exp_avg_sq: &mut v,
            };
            let clip = Clip {
                grad_sumsq: &total,
                max_norm: 1.0,
            };
            step(&dev, state, &grads[0], Some(clip), &opts).unwrap();
            (
                total.to_f32().unwrap()[0],
                m.to_f32().unwrap(),
                p.to_f32().unwrap(),
            )
        };
        let (sumsq, m, p) = run();
        let g: Vec<f64> = (0..317).map(|i| ((i % 17) as f64 - 8.0) / 8.0).collect();
        let g = [&g[..300], &g[..17]];
        assert_eq!(f64::from(sumsq), oracle::sum_squares(&g));
        let scale = oracle::clip_scale(f64::from(sumsq), 1.0);
        assert!(scale < 0.2);
        // At step 1 the first moment is (1 - beta1) g s and the parameter moves by lr sign(g).
        for j in 0..300 {
            let want = 0.1 * g[0][j] * scale;
            assert!((f64::from(m[j]) - want).abs() <= 1e-6 * want.abs(), "{j}");
            let sign = if g[0][j] == 0.0 {
                0.0
            } else {
                g[0][j].signum()
            };
            let moved = 1.0 - 1e-3 * sign;
            assert!((f64::from(p[j]) - moved).abs() <= 1e-6, "{j}: {}", p[j]);
        }
        assert_eq!((sumsq, m, p), run());
    }

    #[test]
    fn bad_inputs_are_typed_errors() {
        let dev = Device::cpu();
        let f32s = |shape: &[usize]| Tensor::zeros(DType::F32, shape);
        let err = |param: Tensor,
                   grad: Tensor,
                   m: Tensor,
                   v: Tensor,
                   sumsq: Option<(Tensor, f32)>,
                   opts: AdamWOptions| {
            let (mut p, mut m, mut v) = (param, m, v);
            let clip = sumsq.as_ref().map(|(s, c)| Clip {
                grad_sumsq: s,
                max_norm: *c,
            });
            let state = AdamWState {
                param: &mut p,
                exp_avg: &mut m,
                exp_avg_sq: &mut v,
            };
            step(&dev, state, &grad, clip, &opts)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        let ok = AdamWOptions::torch_defaults(1);
        let s = [4];
        // Well-formed tensors, the options under test.
        let with_opts =
            |opts: AdamWOptions| err(f32s(&s), f32s(&s), f32s(&s), f32s(&s), None, opts);
        let cases: Vec<(&str, String)> = vec![
            (
                "must match param",
                err(f32s(&s), f32s(&[5]), f32s(&s), f32s(&s), None, ok),
            ),
            (
                "must match param",
                err(f32s(&s), f32s(&s), f32s(&s), f32s(&[2, 2]), None, ok),
            ),
            (
                "must be f32",
                err(
                    f32s(&s),
                    f32s(&s),
                    Tensor::zeros(DType::BF16, &s),
                    f32s(&s),
                    None,
                    ok,
                ),
            ),
            (
                "not allowed",
                err(
                    Tensor::zeros(DType::I32, &s),
                    f32s(&s),
                    f32s(&s),
                    f32s(&s),
                    None,
                    ok,
                ),
            ),
            (
                "one f32 value",
                err(
                    f32s(&s),
                    f32s(&s),
                    f32s(&s),
                    f32s(&s),
                    Some((f32s(&[2]), 1.0)),
                    ok,
                ),
            ),
            (
                "max norm",
                err(
                    f32s(&s),
                    f32s(&s),
                    f32s(&s),
                    f32s(&s),
                    Some((f32s(&[]), 0.0)),
                    ok,
                ),
            ),
            (
                "parameter `lr`",
                with_opts(AdamWOptions { lr: f32::NAN, ..ok }),
            ),
            (
                "parameter `beta2`",
                with_opts(AdamWOptions { beta2: 1.0, ..ok }),
            ),
            (
                "parameter `beta1`",
                with_opts(AdamWOptions { beta1: -0.5, ..ok }),
            ),
            (
                "parameter `weight_decay`",
                with_opts(AdamWOptions {
                    weight_decay: -1.0,
                    ..ok
                }),
            ),
            (
                "parameter `eps`",
                with_opts(AdamWOptions { eps: 0.0, ..ok }),
            ),
            (
                "parameter `step`",
                with_opts(AdamWOptions { step: 0, ..ok }),
            ),
        ];
        for (needle, e) in cases {
            assert!(
                e.starts_with("adamw.step") && e.contains(needle),
                "`{needle}` not in `{e}`"
            );
        }
        let ints = Tensor::zeros(DType::I64, &[3]);
        let e = sum_squares(&dev, &[&f32s(&s), &ints], None)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("not allowed"), "{e}");
        let entry = &ENTRY_POINTS[1];
        let e = entry
            .params(&[("step".into(), "-1".into())])
            .and_then(|p| super::super::options(&p))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("parameter `step`"), "{e}");
    }
}
