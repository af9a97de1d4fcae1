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

use super::{run, run_packed, ActOptions, Kind, NAMES};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::reference::activations as oracle;
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct ActCase {
    pub kind: Kind,
    /// The packed gate|up layout: `a` and `b` side by side in one `[rows, 2F]` input.
    pub packed: bool,
    pub dtype: DType,
    /// `[rows, F]`.
    pub shape: [usize; 2],
    pub scale: f32,
    pub opts: ActOptions,
    pub seed: u64,
}

impl ActCase {
    /// The operator: the kind, `_packed` for the packed layout.
    pub fn op(&self) -> &'static str {
        match (self.kind, self.packed) {
            (Kind::Swiglu, true) => "swiglu_packed",
            (Kind::Geglu, true) => "geglu_packed",
            (kind, _) => kind.name(),
        }
    }

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
        let up = |v: &[f32]| tensor(device, self.dtype, &self.shape, v);
        let gated = matches!(self.kind, Kind::Swiglu | Kind::Geglu);
        let grad = if self.opts.f32_grads {
            DType::F32
        } else {
            self.dtype
        };
        let (fwd, bwd, derived) = if self.packed {
            self.run_packed(device, &x, &b, &dy, grad)?
        } else {
            let poisoned = |d: DType, k: usize| -> Result<Vec<Option<Tensor>>, OpError> {
                (0..k)
                    .map(|_| poisoned(device, d, &self.shape).map(Some))
                    .collect()
            };
            let (xt, bt, dyt) = (up(&x)?, up(&b)?, up(&dy)?);
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
                let prev = poisoned(grad, if gated { 2 } else { 1 })?;
                let opts = self.opts_derived(derived_backward);
                run(device, self.kind, &xt, bopt, Some(&dyt), &opts, prev)
            };
            (fwd, backward(false)?, backward(true)?)
        };

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
            if self.packed {
                // dx rows are [da | db], as the input rows are [a | b].
                let dx = r
                    .chunks(self.shape[1])
                    .flat_map(|row| row.iter().map(|t| t.1).chain(row.iter().map(|t| t.2)))
                    .collect();
                expect.push(("forward:y", r.iter().map(|t| t.0).collect()));
                expect.push(("backward:dx", dx));
            } else {
                expect.push(("forward:c", r.iter().map(|t| t.0).collect()));
                expect.push(("backward:da", r.iter().map(|t| t.1).collect()));
                expect.push(("backward:db", r.iter().map(|t| t.2).collect()));
            }
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
                self.op(),
                format!("{}.{name}", self.op()),
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

/// A case's outputs: forward, hand-written backward, backward derived by `vjp`.
type Runs = (Vec<Tensor>, Vec<Tensor>, Vec<Tensor>);

impl ActCase {
    /// The case's options, with the derived backward on or off.
    fn opts_derived(&self, derived_backward: bool) -> ActOptions {
        ActOptions {
            derived_backward,
            ..self.opts
        }
    }

    /// Packs `a` and `b` row by row into one `[rows, 2F]` input and runs the packed forward and
    /// backward (hand-written and derived) on poisoned outputs.
    fn run_packed(
        &self,
        device: &Device,
        a: &[f32],
        b: &[f32],
        dy: &[f32],
        grad: DType,
    ) -> Result<Runs, OpError> {
        let [rows, f] = self.shape;
        let packed: Vec<f32> = a
            .chunks(f.max(1))
            .zip(b.chunks(f.max(1)))
            .flat_map(|(ra, rb)| ra.iter().chain(rb).copied())
            .collect();
        let xt = tensor(device, self.dtype, &[rows, 2 * f], &packed)?;
        let dyt = tensor(device, self.dtype, &self.shape, dy)?;
        let y = run_packed(
            device,
            self.kind,
            &xt,
            None,
            &self.opts,
            Some(poisoned(device, self.dtype, &self.shape)?),
        )?;
        let dx = |derived_backward| {
            let prev = poisoned(device, grad, &[rows, 2 * f])?;
            let opts = self.opts_derived(derived_backward);
            run_packed(device, self.kind, &xt, Some(&dyt), &opts, Some(prev))
        };
        Ok((vec![y], vec![dx(false)?], vec![dx(true)?]))
    }
}

/// The sweep of `kind` (on the packed layout when `packed`): ragged sizes (1, 127, 4097 and
/// 70,001 elements; packed widths F the same, plus F = 16385, more than one CPU tile of a row),
/// value ranges, each dtype.
pub fn sweep(kind: Kind, packed: bool) -> Vec<ActCase> {
    let mut shapes = vec![
        ([1, 1], 1.0),
        ([1, 127], 3.0),
        ([3, 4097], 1.0),
        ([7, 10001], 0.01),
    ];
    if packed {
        shapes.push(([2, 16385], 1.0));
    }
    let mut out = Vec::new();
    let mut seed = 7000 + kind.name().len() as u64 * 97 + if packed { 50 } else { 0 };
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for &(shape, scale) in &shapes {
            seed += 1;
            let mut opts = ActOptions::default();
            if kind == Kind::Swiglu && seed.is_multiple_of(2) {
                opts.gate_multiplier = 1.5;
                opts.down_multiplier = 0.5;
            }
            opts.f32_grads = seed.is_multiple_of(3);
            out.push(ActCase {
                kind,
                packed,
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
    let separate = (0..NAMES.len())
        .map(Kind::Unary)
        .chain([Kind::Swiglu, Kind::Geglu])
        .map(|k| (k, false));
    let packed = [(Kind::Swiglu, true), (Kind::Geglu, true)];
    let mut out = Vec::new();
    for (kind, packed) in separate.chain(packed) {
        for case in sweep(kind, packed) {
            out.push(CheckCase {
                op: case.op(),
                label: format!(
                    "{} {} {:?} {}",
                    case.op(),
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

    #[test]
    fn bad_packed_inputs_are_typed_errors() {
        let dev = Device::cpu();
        let o = ActOptions::default();
        let f = |s: &[usize]| Tensor::zeros(DType::F32, s);
        let msg = |r: Result<Tensor, OpError>| r.err().map(|e| e.to_string()).unwrap_or_default();
        let x = f(&[3, 8]);
        let odd = msg(run_packed(&dev, Kind::Swiglu, &f(&[3, 7]), None, &o, None));
        assert!(odd.contains("must be [..., 2F]"), "{odd}");
        let scalar = msg(run_packed(&dev, Kind::Geglu, &f(&[]), None, &o, None));
        assert!(scalar.contains("must be [..., 2F]"), "{scalar}");
        let dy = msg(run_packed(
            &dev,
            Kind::Swiglu,
            &x,
            Some(&f(&[3, 8])),
            &o,
            None,
        ));
        assert!(dy.contains("must be [..., F] = [3, 4]"), "{dy}");
        let unary = msg(run_packed(&dev, Kind::Unary(0), &x, None, &o, None));
        assert!(unary.contains("no gate and up halves"), "{unary}");
        let ints = Tensor::zeros(DType::I32, &[3, 8]);
        let ints = msg(run_packed(&dev, Kind::Swiglu, &ints, None, &o, None));
        assert!(ints.contains("dtype i32 is not allowed"), "{ints}");
        let inf = ActOptions {
            down_multiplier: f32::INFINITY,
            ..o
        };
        let e = msg(run_packed(&dev, Kind::Swiglu, &x, None, &inf, None));
        assert!(
            e.contains("swiglu_packed.forward: parameter `down_multiplier`"),
            "{e}"
        );
        // Empty rows and empty halves give empty outputs of the right shapes.
        let y = run_packed(&dev, Kind::Swiglu, &f(&[0, 8]), None, &o, None).unwrap();
        assert_eq!(y.shape, vec![0, 4]);
        let dx = run_packed(&dev, Kind::Geglu, &f(&[2, 0]), Some(&f(&[2, 0])), &o, None);
        assert_eq!(dx.unwrap().shape, vec![2, 0]);
    }
}
