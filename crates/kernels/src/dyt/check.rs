//! Randomized checks of the DyT entries against the FP64 oracle of `crate::reference::dyt`: the
//! cases `metile check` runs and the unit tests assert on.
//!
//! Every output is poisoned (NaN) before the launch, so an element a kernel fails to write fails
//! the comparison. Inputs are rounded to their storage dtypes first and the oracle runs on
//! exactly those values.
//!
//! Tolerances, from the unit roundoff `u` of x's storage dtype and `u32 = 2^-24`:
//! - `y` and `dx`: one rounding to the storage dtype (`u`) and a few FP32 operations and the
//!   executor's tanh (within a few ulp), together `u + 8 u32`, relative to max |reference|; for
//!   `dx` at least max |alpha * gamma * dy|, the size of the terms `1 - t^2` scales (it cancels
//!   where |t| is near 1).
//! - `dgamma`, `dbeta`: FP32 sums of `rows` terms, each within 4 u32, added one after another
//!   (in a program, then the partials in program order): `(rows + 8) u32` times the sum of the
//!   terms' magnitudes, element by element.
//! - `dalpha`: an FP32 sum of every element's term; 2e-5 (the norms' FP32 gradient tolerance)
//!   relative to the root sum of squares of the terms, the size of a sum of terms of random
//!   sign (a worst-case bound, `rows * cols * u32`, would not see a missing row).

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{backward_into, forward_into, DytGrads, DytInputs};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::norms::Tiling;
use crate::reference::dyt as oracle;
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

const U32: f64 = 1.0 / (1u64 << 24) as f64;

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct DytCase {
    pub dtype: DType,
    /// Dtype of alpha, gamma and beta.
    pub param_dtype: DType,
    pub rows: usize,
    pub cols: usize,
    pub alpha: f32,
    pub with_beta: bool,
    /// Force a tiling (to exercise the stepped kernels at small widths).
    pub tiling: Option<Tiling>,
    pub seed: u64,
}

fn values(rng: &mut Rng, n: usize, mean: f32, std: f32, dtype: DType) -> Vec<f32> {
    let mut v = rng.normal_vec(n, mean, std);
    round_to_storage(&mut v, dtype);
    v
}

impl DytCase {
    pub fn describe(&self) -> String {
        let mut s = format!("alpha={}", self.alpha);
        if self.param_dtype != self.dtype {
            s += &format!(" params:{}", self.param_dtype);
        }
        if !self.with_beta {
            s += " no-beta";
        }
        if let Some(t) = self.tiling {
            s += &format!(" {}{}", if t.looped { "step" } else { "tile" }, t.block);
        }
        s
    }

    /// Runs forward and backward on `device` and compares every output with the oracle.
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (rows, cols) = (self.rows, self.cols);
        let n = rows * cols;
        let shape = [rows, cols];
        let mut rng = Rng::new(self.seed);
        let x = values(&mut rng, n, 0.0, 1.5, self.dtype);
        let gamma = values(&mut rng, cols, 1.0, 0.3, self.param_dtype);
        let beta = values(&mut rng, cols, 0.0, 0.3, self.param_dtype);
        let dy = values(&mut rng, n, 0.0, 1.0, self.dtype);
        let mut alpha = [self.alpha];
        round_to_storage(&mut alpha, self.param_dtype);

        let xt = tensor(device, self.dtype, &shape, &x)?;
        let at = tensor(device, self.param_dtype, &[1], &alpha)?;
        let gt = tensor(device, self.param_dtype, &[cols], &gamma)?;
        let bt = tensor(device, self.param_dtype, &[cols], &beta)?;
        let dyt = tensor(device, self.dtype, &shape, &dy)?;
        let inp = DytInputs {
            x: &xt,
            alpha: &at,
            gamma: &gt,
            beta: self.with_beta.then_some(&bt),
        };
        let mut y = Some(poisoned(device, self.dtype, &shape)?);
        forward_into(device, &inp, self.tiling, &mut y)?;
        let mut grads = Some(DytGrads {
            dx: poisoned(device, self.dtype, &shape)?,
            dalpha: poisoned(device, DType::F32, &[1])?,
            dgamma: poisoned(device, DType::F32, &[cols])?,
            dbeta: match self.with_beta {
                true => Some(poisoned(device, DType::F32, &[cols])?),
                false => None,
            },
        });
        backward_into(device, &inp, &dyt, self.tiling, &mut grads)?;
        let (Some(y), Some(g)) = (y, grads) else {
            return Err(OpError::BadInput {
                entry: "dyt".into(),
                name: "x".into(),
                message: "no output was produced".into(),
            });
        };

        let (x64, g64, b64, dy64) = (to_f64(&x), to_f64(&gamma), to_f64(&beta), to_f64(&dy));
        let a64 = f64::from(alpha[0]);
        let y_ref = oracle::dyt_forward(&x64, a64, &g64, self.with_beta.then_some(&b64[..]));
        let (dx_ref, da_ref, dg_ref, db_ref) = oracle::dyt_backward(&x64, a64, &g64, &dy64);
        let u = unit_roundoff(self.dtype);
        let stored_tol = u + 8.0 * U32;
        let sum_tol = (rows as f64 + 8.0) * U32;
        // Magnitudes of the terms of each sum and of dx.
        let (mut dg_terms, mut db_terms) = (vec![0.0; cols], vec![0.0; cols]);
        let (mut da_sq, mut dx_scale) = (0.0f64, 0.0f64);
        for (i, (&v, &d)) in x64.iter().zip(&dy64).enumerate() {
            let c = i % cols;
            let t = (a64 * v).tanh();
            dg_terms[c] += (d * t).abs();
            db_terms[c] += d.abs();
            da_sq += (v * g64[c] * (1.0 - t * t) * d).powi(2);
            dx_scale = dx_scale.max((a64 * g64[c] * d).abs());
        }

        let config = self.describe();
        let shape_s = format!("{rows}x{cols}");
        let row = |name: &str, t: &Tensor, reference: &[f64], tol: f64, scale: f64| {
            Ok::<_, OpError>(CheckRow::compare(
                "dyt",
                format!("dyt.{name}"),
                self.dtype,
                shape_s.clone(),
                config.clone(),
                &t.to_f32()?,
                reference,
                tol,
                scale,
            ))
        };
        let each = |name: &str, t: &Tensor, reference: &[f64], terms: &[f64]| {
            Ok::<_, OpError>(CheckRow::compare_each(
                "dyt",
                format!("dyt.{name}"),
                self.dtype,
                shape_s.clone(),
                config.clone(),
                &t.to_f32()?,
                reference,
                sum_tol,
                terms,
            ))
        };
        let mut out = vec![
            row("forward:y", &y, &y_ref, stored_tol, 0.0)?,
            row("backward:dx", &g.dx, &dx_ref, stored_tol, dx_scale)?,
            row("backward:dalpha", &g.dalpha, &[da_ref], 2e-5, da_sq.sqrt())?,
            each("backward:dgamma", &g.dgamma, &dg_ref, &dg_terms)?,
        ];
        if let Some(db) = &g.dbeta {
            out.push(each("backward:dbeta", db, &db_ref, &db_terms)?);
        }
        Ok(out)
    }
}

/// The standard sweep: ragged widths (1, 127, 257, 4097 and a stepped row of 70000), each dtype,
/// with and without beta, parameters in x's dtype or f32, several alphas, forced stepping at a
/// small width and a masked tile wider than the row.
pub fn sweep() -> Vec<DytCase> {
    let shapes: [(usize, usize); 5] = [(1, 1), (3, 127), (5, 257), (7, 4097), (2, 70000)];
    let mut cases = Vec::new();
    let mut seed: u64 = 7000;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for &(rows, cols) in &shapes {
            for with_beta in [true, false] {
                seed += 1;
                cases.push(DytCase {
                    dtype,
                    param_dtype: if seed.is_multiple_of(3) {
                        DType::F32
                    } else {
                        dtype
                    },
                    rows,
                    cols,
                    alpha: [0.5, 1.3, -0.7][(seed % 3) as usize],
                    with_beta,
                    tiling: None,
                    seed,
                });
            }
        }
        for (rows, cols, tiling) in crate::norms::check::FORCED_TILINGS {
            seed += 1;
            cases.push(DytCase {
                dtype,
                param_dtype: dtype,
                rows,
                cols,
                alpha: 0.5,
                with_beta: true,
                tiling: Some(tiling),
                seed,
            });
        }
    }
    cases
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|case| CheckCase {
            op: "dyt",
            label: format!(
                "dyt {} {}x{} {}",
                case.dtype,
                case.rows,
                case.cols,
                case.describe()
            ),
            run: Box::new(move |d: &Device| case.run(d)),
        })
        .collect()
}
