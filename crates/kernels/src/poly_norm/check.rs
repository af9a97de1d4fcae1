//! Randomized checks of the PolyNorm entries against the FP64 oracle of
//! `crate::reference::poly_norm`: the cases `metile check` runs and the unit tests assert on.
//!
//! Every output is poisoned (NaN) before the launch, so an element a kernel fails to write fails
//! the comparison. Inputs are rounded to their storage dtypes first and the oracle runs on
//! exactly those values.
//!
//! Tolerances, from the unit roundoff `u` of x's storage dtype, as the norms' (`norms::check`):
//! - `y`: one rounding to the storage dtype and FP32 statistics, `2u + 1e-6`, relative to the
//!   largest `sum_i |w_i n(u_i)| + |b|` (the terms `y` sums, which may cancel);
//! - `dx`: rounded to the storage dtype, `2u + 2e-5`, relative to the largest
//!   `sum_i |w_i p_i x^(p_i - 1) r_i dy|`, the size of the terms whose difference `dx` is;
//! - `dweight`, `dbias`: FP32 sums over every element, 2e-5 relative to the root sum of squares
//!   of their terms (the size of a sum of terms of random sign).

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{backward_into, forward_into, PolyGrads, PolyInputs};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::norms::Tiling;
use crate::reference::poly_norm as oracle;
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct PolyCase {
    pub dtype: DType,
    /// Dtype of weight and bias.
    pub param_dtype: DType,
    pub rows: usize,
    pub cols: usize,
    pub eps: f32,
    /// Force a tiling (to exercise the stepped kernels at small widths).
    pub tiling: Option<Tiling>,
    pub seed: u64,
}

fn values(rng: &mut Rng, n: usize, mean: f32, std: f32, dtype: DType) -> Vec<f32> {
    let mut v = rng.normal_vec(n, mean, std);
    round_to_storage(&mut v, dtype);
    v
}

impl PolyCase {
    pub fn describe(&self) -> String {
        let mut s = format!("eps={:e}", self.eps);
        if self.param_dtype != self.dtype {
            s += &format!(" params:{}", self.param_dtype);
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
        let x = values(&mut rng, n, 0.2, 1.0, self.dtype);
        let w = values(&mut rng, 3, 0.3, 0.2, self.param_dtype);
        let b = values(&mut rng, 1, 0.5, 0.5, self.param_dtype);
        let dy = values(&mut rng, n, 0.0, 1.0, self.dtype);
        let xt = tensor(device, self.dtype, &shape, &x)?;
        let wt = tensor(device, self.param_dtype, &[3], &w)?;
        let bt = tensor(device, self.param_dtype, &[1], &b)?;
        let dyt = tensor(device, self.dtype, &shape, &dy)?;
        let inp = PolyInputs {
            x: &xt,
            weight: &wt,
            bias: &bt,
        };
        let mut y = Some(poisoned(device, self.dtype, &shape)?);
        forward_into(device, &inp, self.eps, self.tiling, &mut y)?;
        let mut grads = Some(PolyGrads {
            dx: poisoned(device, self.dtype, &shape)?,
            dweight: poisoned(device, DType::F32, &[3])?,
            dbias: poisoned(device, DType::F32, &[1])?,
        });
        backward_into(device, &inp, &dyt, self.eps, self.tiling, &mut grads)?;
        let (Some(y), Some(g)) = (y, grads) else {
            return Err(OpError::BadInput {
                entry: "poly_norm".into(),
                name: "x".into(),
                message: "no output was produced".into(),
            });
        };

        let (x64, dy64) = (to_f64(&x), to_f64(&dy));
        let w64 = [w[0], w[1], w[2]].map(f64::from);
        let (b64, eps) = (f64::from(b[0]), f64::from(self.eps));
        let y_ref = oracle::poly_norm_forward(&x64, cols, &w64, b64, eps);
        let (dx_ref, dw_ref, db_ref) = oracle::poly_norm_backward(&x64, cols, &w64, &dy64, eps);
        // Term magnitudes, from the statistics of each row.
        let (mut y_scale, mut dx_scale) = (0.0f64, 0.0f64);
        let (mut dw_sq, mut db_sq) = ([0.0f64; 3], 0.0f64);
        for (row, drow) in x64.chunks(cols).zip(dy64.chunks(cols)) {
            let r = oracle::rstds(row, eps);
            for (&v, &d) in row.iter().zip(drow) {
                let u = [v.powi(3), v * v, v];
                let du = [3.0 * v * v, 2.0 * v, 1.0];
                let (mut ys, mut xs) = (b64.abs(), 0.0);
                for i in 0..3 {
                    ys += (w64[i] * u[i] * r[i]).abs();
                    xs += (w64[i] * du[i] * r[i] * d).abs();
                    dw_sq[i] += (r[i] * u[i] * d).powi(2);
                }
                y_scale = y_scale.max(ys);
                dx_scale = dx_scale.max(xs);
                db_sq += d * d;
            }
        }
        let dw_scale = dw_sq.iter().fold(0.0f64, |m, s| m.max(s.sqrt()));
        let u = unit_roundoff(self.dtype);

        let config = self.describe();
        let shape_s = format!("{rows}x{cols}");
        let row = |name: &str, t: &Tensor, reference: &[f64], tol: f64, scale: f64| {
            Ok::<_, OpError>(CheckRow::compare(
                "poly_norm",
                format!("poly_norm.{name}"),
                self.dtype,
                shape_s.clone(),
                config.clone(),
                &t.to_f32()?,
                reference,
                tol,
                scale,
            ))
        };
        Ok(vec![
            row("forward:y", &y, &y_ref, 2.0 * u + 1e-6, y_scale)?,
            row("backward:dx", &g.dx, &dx_ref, 2.0 * u + 2e-5, dx_scale)?,
            row("backward:dweight", &g.dweight, &dw_ref, 2e-5, dw_scale)?,
            row("backward:dbias", &g.dbias, &[db_ref], 2e-5, db_sq.sqrt())?,
        ])
    }
}

/// The standard sweep: ragged widths (1, 127, 257, 4097 and a stepped row of 70000), each
/// dtype, parameters in x's dtype or f32, two epsilons, forced stepping at a small width and a
/// masked tile wider than the row.
pub fn sweep() -> Vec<PolyCase> {
    let shapes: [(usize, usize); 5] = [(1, 1), (3, 127), (5, 257), (7, 4097), (2, 70000)];
    let mut cases = Vec::new();
    let mut seed: u64 = 9000;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for &(rows, cols) in &shapes {
            seed += 1;
            cases.push(PolyCase {
                dtype,
                param_dtype: if seed.is_multiple_of(2) {
                    DType::F32
                } else {
                    dtype
                },
                rows,
                cols,
                eps: if seed.is_multiple_of(3) { 1e-5 } else { 1e-6 },
                tiling: None,
                seed,
            });
        }
        for (rows, cols, tiling) in crate::norms::check::FORCED_TILINGS {
            seed += 1;
            cases.push(PolyCase {
                dtype,
                param_dtype: dtype,
                rows,
                cols,
                eps: 1e-6,
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
            op: "poly_norm",
            label: format!(
                "poly_norm {} {}x{} {}",
                case.dtype,
                case.rows,
                case.cols,
                case.describe()
            ),
            run: Box::new(move |d: &Device| case.run(d)),
        })
        .collect()
}
