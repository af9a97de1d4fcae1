//! Randomized checks of the activations against `reference::activations` (FP64), for
//! `metile check` and the unit tests. Outputs are poisoned before each launch; inputs are rounded
//! to their storage dtype first.
//!
//! Tolerances, relative to the largest reference magnitude: stored outputs and gradients 4u of
//! the storage dtype (one rounding of an FP32 result, FP32 transcendental functions within a few
//! ulp) plus 1e-6; FP32 gradients 2e-6. The backward derived by `vjp` (rows
//! `<op>.backward_derived:*`) is held to the same tolerances as the hand-written one.

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{run, ActOptions, Kind, NAMES};
use crate::check::{CheckCase, CheckRow};
use crate::reference::activations as oracle;
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct ActCase {
    pub kind: Kind,
    pub dtype: DType,
    pub shape: [usize; 2],
    pub scale: f32,
    pub opts: ActOptions,
    pub seed: u64,
}

impl ActCase {
    fn describe(&self) -> String {
        let mut s = format!("x~{}N", self.scale);
        if self.kind == Kind::Swiglu {
            s += &format!(
                " gm={} dm={}",
                self.opts.gate_multiplier, self.opts.down_multiplier
            );
        }
        if self.opts.f32_grads {
            s += " grad:f32";
        }
        s
    }

    /// Runs forward and backward on `device` and compares every output with the oracle.
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let n = self.shape[0] * self.shape[1];
        let mut rng = Rng::new(self.seed);
        let mut gen = |scale: f32| {
            let mut v = rng.normal_vec(n, 0.0, scale);
            round_to_storage(&mut v, self.dtype);
            v
        };
        let (x, b, dy) = (gen(self.scale), gen(1.0), gen(1.0));
        let up = |v: &[f32]| -> Result<Tensor, OpError> {
            Ok(device.to_device(&Tensor::from_f32(self.dtype, &self.shape, v)?)?)
        };
        let (xt, bt, dyt) = (up(&x)?, up(&b)?, up(&dy)?);
        let gated = matches!(self.kind, Kind::Swiglu | Kind::Geglu);
        let grad = if self.opts.f32_grads {
            DType::F32
        } else {
            self.dtype
        };
        let poisoned = |d: DType, k: usize| -> Result<Vec<Tensor>, OpError> {
            (0..k)
                .map(|_| {
                    let mut t = device.tensor_zeros(d, &self.shape)?;
                    t.buffer.try_poison()?;
                    Ok(t)
                })
                .collect()
        };
        let bopt = gated.then_some(&bt);
        let fwd = run(
            device,
            self.kind,
            &xt,
            bopt,
            None,
            &self.opts,
            poisoned(self.dtype, 1)?,
        )?;
        let backward = |derived_backward| {
            let opts = ActOptions {
                derived_backward,
                ..self.opts
            };
            let prev = poisoned(grad, if gated { 2 } else { 1 })?;
            run(device, self.kind, &xt, bopt, Some(&dyt), &opts, prev)
        };
        let (bwd, derived) = (backward(false)?, backward(true)?);

        let (x64, b64, dy64) = (to_f64(&x), to_f64(&b), to_f64(&dy));
        let act = self.kind.act();
        let (gm, dm) = (
            self.opts.gate_multiplier as f64,
            self.opts.down_multiplier as f64,
        );
        let mut expect: Vec<(&str, Vec<f64>)> = Vec::new();
        if gated {
            let r: Vec<(f64, f64, f64)> = (0..n)
                .map(|i| oracle::gated(act, x64[i], b64[i], gm, dm, dy64[i]))
                .collect();
            expect.push(("forward:c", r.iter().map(|t| t.0).collect()));
            expect.push(("backward:da", r.iter().map(|t| t.1).collect()));
            expect.push(("backward:db", r.iter().map(|t| t.2).collect()));
        } else {
            expect.push((
                "forward:y",
                x64.iter().map(|v| oracle::forward(act, *v)).collect(),
            ));
            expect.push((
                "backward:dx",
                (0..n)
                    .map(|i| dy64[i] * oracle::derivative(act, x64[i]))
                    .collect(),
            ));
        }
        // The derived backward is held to the same contract as the hand-written one.
        let derived_expect: Vec<(String, Vec<f64>)> = expect
            .iter()
            .filter(|(name, _)| name.starts_with("backward:"))
            .map(|(name, r)| (name.replace("backward:", "backward_derived:"), r.clone()))
            .collect();
        let expect = expect
            .into_iter()
            .map(|(name, r)| (name.to_string(), r))
            .chain(derived_expect);
        let u = unit_roundoff(self.dtype);
        let tensors: Vec<&Tensor> = fwd.iter().chain(&bwd).chain(&derived).collect();
        let mut rows = Vec::new();
        for ((name, reference), t) in expect.zip(tensors) {
            let tol = if name.starts_with("backward") && self.opts.f32_grads {
                2e-6
            } else {
                4.0 * u + 1e-6
            };
            let got = t.to_f32()?;
            rows.push(CheckRow::compare(
                self.kind.name(),
                format!("{}.{name}", self.kind.name()),
                self.dtype,
                format!("{}x{}", self.shape[0], self.shape[1]),
                self.describe(),
                &got,
                &reference,
                tol,
                0.0,
            ));
        }
        Ok(rows)
    }
}

/// The sweep of `kind`: ragged sizes (1, 127, 4097 and 70,001 elements), value ranges, each dtype.
pub fn sweep(kind: Kind) -> Vec<ActCase> {
    let mut out = Vec::new();
    let mut seed = 7000 + kind.name().len() as u64 * 97;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for (shape, scale) in [
            ([1, 1], 1.0),
            ([1, 127], 3.0),
            ([3, 4097], 1.0),
            ([7, 10001], 0.01),
        ] {
            seed += 1;
            let mut opts = ActOptions::default();
            if kind == Kind::Swiglu && seed.is_multiple_of(2) {
                opts.gate_multiplier = 1.5;
                opts.down_multiplier = 0.5;
            }
            opts.f32_grads = seed.is_multiple_of(3);
            out.push(ActCase {
                kind,
                dtype,
                shape,
                scale,
                opts,
                seed,
            });
        }
    }
    out
}

/// Every activation's sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    let kinds = (0..NAMES.len())
        .map(Kind::Unary)
        .chain([Kind::Swiglu, Kind::Geglu]);
    let mut out = Vec::new();
    for kind in kinds {
        for case in sweep(kind) {
            out.push(CheckCase {
                op: kind.name(),
                label: format!(
                    "{} {} {:?} {}",
                    kind.name(),
                    case.dtype,
                    case.shape,
                    case.describe()
                ),
                run: Box::new(move |d: &Device| case.run(d)),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_activation_matches_its_oracle() {
        let failures = crate::check::failures(cases(), &Device::cpu());
        assert!(
            failures.is_empty(),
            "{}",
            failures.join(
                "
"
            )
        );
    }

    #[test]
    fn bad_inputs_are_typed_errors() {
        let dev = Device::cpu();
        let x = Tensor::from_f32(DType::F32, &[2, 3], &[0.5; 6]).unwrap();
        let b = Tensor::from_f32(DType::F32, &[3, 2], &[0.5; 6]).unwrap();
        let b16 = Tensor::from_f32(DType::F16, &[2, 3], &[0.5; 6]).unwrap();
        let o = ActOptions::default();
        let msg =
            |r: Result<Vec<Tensor>, OpError>| r.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg(run(&dev, Kind::Swiglu, &x, Some(&b), None, &o, vec![])).contains("must match"));
        assert!(msg(run(&dev, Kind::Swiglu, &x, Some(&b16), None, &o, vec![])).contains("dtype"));
        assert!(
            msg(run(&dev, Kind::Geglu, &x, None, None, &o, vec![])).contains("missing input `b`")
        );
        assert!(
            msg(run(&dev, Kind::Unary(0), &x, None, Some(&b), &o, vec![])).contains("must match")
        );
        let nan = ActOptions {
            gate_multiplier: f32::NAN,
            ..o
        };
        assert!(
            msg(run(&dev, Kind::Swiglu, &x, Some(&x), None, &nan, vec![]))
                .contains("gate_multiplier")
        );
        let empty = Tensor::zeros(DType::BF16, &[0, 5]);
        let out = run(&dev, Kind::Unary(4), &empty, None, None, &o, vec![]).unwrap();
        assert_eq!(out[0].shape, vec![0, 5]);
    }
}
