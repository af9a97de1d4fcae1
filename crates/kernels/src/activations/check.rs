//! Randomized checks of the activations against `reference::activations` (FP64), for
//! `metile check` and the unit tests. Outputs are poisoned before each launch; inputs are rounded
//! to their storage dtype first.
//!
//! Tolerances, relative to the largest reference magnitude: stored outputs and gradients 4u of
//! the storage dtype (one rounding of an FP32 result, FP32 transcendental functions within a few
//! ulp) plus 1e-6; FP32 gradients 2e-6. The backward derived by `vjp` (rows
//! `<op>.backward_derived:*`) is held to the same tolerances as the hand-written one.
//!
//! The gated kinds' in-place backward (rows `<op>.in_place_backward:*`, gradients in the storage
//! dtype) writes over copies of the inputs: it has no output to poison, so a gradient element it
//! failed to write would still hold its input, which the oracle comparison rejects (an input is
//! not its own gradient).

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{
    backward_in_place, backward_packed_in_place, run, run_packed, ActOptions, Kind, NAMES,
};
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
        let (fwd, bwd, derived, in_place) = if self.packed {
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
            let in_place = if gated {
                let (mut a, mut b) = (up(&x)?, up(&b)?);
                let opts = self.in_place_opts();
                backward_in_place(device, self.kind, &mut a, &mut b, &dyt, &opts)?;
                vec![a, b]
            } else {
                Vec::new()
            };
            (fwd, backward(false)?, backward(true)?, in_place)
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
        // The derived and in-place backwards are held to the same contract as the hand-written
        // one (the in-place one in the storage dtype).
        let like_backward = |new: &str| -> Vec<(String, Vec<f64>)> {
            expect
                .iter()
                .filter(|(name, _)| name.starts_with("backward:"))
                .map(|(name, r)| (name.replace("backward:", new), r.clone()))
                .collect()
        };
        let derived_expect = like_backward("backward_derived:");
        let in_place_expect = if gated {
            like_backward("in_place_backward:")
        } else {
            Vec::new()
        };
        let expect = expect
            .iter()
            .map(|(name, r)| (name.to_string(), r.clone()))
            .chain(derived_expect)
            .chain(in_place_expect);
        let u = unit_roundoff(self.dtype);
        let tensors: Vec<&Tensor> = fwd
            .iter()
            .chain(&bwd)
            .chain(&derived)
            .chain(&in_place)
            .collect();
        let mut rows = Vec::new();
        // The in-place backward has storage-dtype gradients whatever the case's grad dtype.
        let in_place_config = self.describe().replace(" grad:f32", "");
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
                if name.starts_with("in_place") {
                    in_place_config.clone()
                } else {
                    self.describe()
                },
                &got,
                &reference,
                tol,
                0.0,
            ));
        }
        Ok(rows)
    }
}

/// A case's outputs: forward, hand-written backward, backward derived by `vjp`, in-place
/// backward (gated kinds).
type Runs = (Vec<Tensor>, Vec<Tensor>, Vec<Tensor>, Vec<Tensor>);

impl ActCase {
    /// The case's multipliers for the in-place backward (which has only those).
    fn in_place_opts(&self) -> ActOptions {
        ActOptions {
            gate_multiplier: self.opts.gate_multiplier,
            down_multiplier: self.opts.down_multiplier,
            ..ActOptions::default()
        }
    }

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
        let mut written = tensor(device, self.dtype, &[rows, 2 * f], &packed)?;
        backward_packed_in_place(device, self.kind, &mut written, &dyt, &self.in_place_opts())?;
        Ok((vec![y], vec![dx(false)?], vec![dx(true)?], vec![written]))
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

    /// The in-place backward is the out-of-place one (storage-dtype gradients) bit for bit, on
    /// every case of the sweep, both layouts; the tensors it returns are its inputs' memory.
    #[test]
    fn in_place_backward_is_the_backward_bit_for_bit() {
        let dev = Device::cpu();
        let addr = |t: &mut Tensor| t.buffer.host_bytes_mut().unwrap().as_ptr() as usize;
        for kind in [Kind::Swiglu, Kind::Geglu] {
            for packed in [false, true] {
                for case in sweep(kind, packed) {
                    let [rows, f] = case.shape;
                    let mut rng = Rng::new(case.seed);
                    let width = if packed { 2 * f } else { f };
                    let mut gen = |n: usize| {
                        let mut v = rng.normal_vec(n, 0.0, case.scale);
                        round_to_storage(&mut v, case.dtype);
                        v
                    };
                    let (xv, bv, dyv) = (gen(rows * width), gen(rows * f), gen(rows * f));
                    let t = |v: &[f32], w: usize| tensor(&dev, case.dtype, &[rows, w], v).unwrap();
                    let opts = case.in_place_opts();
                    let label = format!("{} {} {:?}", case.op(), case.dtype, case.shape);
                    let dy = t(&dyv, f);
                    let (want, got): (Vec<Tensor>, Vec<Tensor>) = if packed {
                        let x = t(&xv, width);
                        let want = run_packed(&dev, kind, &x, Some(&dy), &opts, None).unwrap();
                        let mut x = t(&xv, width);
                        let at = addr(&mut x);
                        backward_packed_in_place(&dev, kind, &mut x, &dy, &opts).unwrap();
                        assert_eq!(addr(&mut x), at, "{label}: dx in x's memory");
                        (vec![want], vec![x])
                    } else {
                        let (a, b) = (t(&xv, f), t(&bv, f));
                        let want = run(&dev, kind, &a, Some(&b), Some(&dy), &opts, vec![]);
                        let (mut a, mut b) = (t(&xv, f), t(&bv, f));
                        let (a_at, b_at) = (addr(&mut a), addr(&mut b));
                        backward_in_place(&dev, kind, &mut a, &mut b, &dy, &opts).unwrap();
                        assert_eq!((addr(&mut a), addr(&mut b)), (a_at, b_at), "{label}");
                        (want.unwrap(), vec![a, b])
                    };
                    assert_eq!(got, want, "{label}: in place differs from the backward");
                }
            }
        }
    }

    #[test]
    fn bad_in_place_inputs_are_typed_errors() {
        let dev = Device::cpu();
        let f = |s: &[usize]| Tensor::zeros(DType::F32, s);
        let o = ActOptions::default();
        let msg = |r: Result<(), OpError>| r.err().map(|e| e.to_string()).unwrap_or_default();
        let (mut a, mut b) = (f(&[2, 3]), f(&[2, 3]));
        let bad_dc = msg(backward_in_place(
            &dev,
            Kind::Swiglu,
            &mut a,
            &mut b,
            &f(&[3, 2]),
            &o,
        ));
        assert!(
            bad_dc.contains("input `dc`") && bad_dc.contains("must match"),
            "{bad_dc}"
        );
        let mut b16 = Tensor::zeros(DType::BF16, &[2, 3]);
        let mixed = msg(backward_in_place(
            &dev,
            Kind::Geglu,
            &mut a,
            &mut b16,
            &f(&[2, 3]),
            &o,
        ));
        assert!(
            mixed.contains("geglu.in_place_backward: input `b`"),
            "{mixed}"
        );
        let f32_grads = ActOptions {
            f32_grads: true,
            ..o
        };
        let e = msg(backward_in_place(
            &dev,
            Kind::Swiglu,
            &mut a,
            &mut b,
            &f(&[2, 3]),
            &f32_grads,
        ));
        assert!(
            e.contains("grad_dtype") && e.contains("not offered in place"),
            "{e}"
        );
        let e = msg(backward_in_place(
            &dev,
            Kind::Unary(4),
            &mut a,
            &mut b,
            &f(&[2, 3]),
            &o,
        ));
        assert!(e.contains("kind"), "{e}");
        let mut x = f(&[2, 8]);
        let e = msg(backward_packed_in_place(
            &dev,
            Kind::Swiglu,
            &mut x,
            &f(&[2, 8]),
            &o,
        ));
        assert!(
            e.contains("swiglu_packed.in_place_backward: input `dy`"),
            "{e}"
        );
        // Empty inputs are a no-op.
        let (mut ea, mut eb) = (f(&[0, 4]), f(&[0, 4]));
        backward_in_place(&dev, Kind::Swiglu, &mut ea, &mut eb, &f(&[0, 4]), &o).unwrap();
        assert_eq!(ea.shape, vec![0, 4]);
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
