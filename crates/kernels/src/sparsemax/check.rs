//! Randomized checks of sparsemax against `reference::sparsemax` (FP64, by sorting). Outputs are
//! poisoned first; inputs are rounded to their storage dtype. The backward takes the forward's
//! output as stored, and its oracle takes the same values (`backward_from_output`; that it is
//! the gradient of the forward is the oracle's own test, by finite differences away from the
//! kinks).
//!
//! Rows: normal values at scales from 1e-3 (the whole row in the support) to 30 (one or two
//! entries), and structured rows: ties at the threshold (entries exactly equal to `tau`),
//! near-ties (one storage ulp above or below `tau`), a dominant entry (support of size 1), a
//! tied max (support = the tied entries), and a constant row (support = the whole row).
//!
//! Tolerances, relative to the largest reference magnitude: `y` 4u of the storage dtype + 1e-6
//! (one rounding of `y` to storage; FP32 threshold within a few FP32 ulps of `max|y|`, see the
//! module doc); `dx` 4u of dx's dtype + 1e-6 over the size of its terms (`|dy|` and the
//! support mean of `dy`, which it is the difference of). Both add the dtype's absolute
//! `underflow_error` over that size, for subnormal outputs (f16 `y` below 2^-14).

use metile_ir::DType;
use metile_runtime::Device;

use super::run;
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::reference::sparsemax as oracle;
use crate::registry::OpError;
use crate::testing::{max_abs, round_to_storage, to_f64, underflow_error, unit_roundoff, Rng};

/// How a case's rows are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    /// Normal values of the case's scale.
    Normal,
    /// `3 + {1, 0.5}` in the support (`tau = 3.25`), a quarter of the rest exactly `3.25`,
    /// the others below.
    Ties,
    /// As `Ties`, with the tied entries one storage ulp above or below `3.25`.
    NearTies,
    /// One entry 12 above normal values: the support is that entry.
    Dominant,
    /// Up to 5 entries equal to the row's max 2, the rest at least 1 below: the support is the
    /// tied max.
    TiedMax,
    /// Every entry `1.5`: the support is the whole row.
    Constant,
    /// A tenth of the row (`K` entries) at 0, the support, with `tau = -1/K`, and the rest in
    /// a dense cluster less than `2^-24` below `tau` (one value or two in a 16-bit dtype): the
    /// bisection's bracket holds many entries outside the support, which the refinements
    /// must drop.
    Cluster,
}

impl Rows {
    fn name(self) -> &'static str {
        match self {
            Rows::Normal => "normal",
            Rows::Ties => "ties",
            Rows::NearTies => "near-ties",
            Rows::Dominant => "dominant",
            Rows::TiedMax => "tied-max",
            Rows::Constant => "constant",
            Rows::Cluster => "cluster",
        }
    }

    /// One row of `cols` values, exact in every storage dtype except `Normal` and
    /// `Dominant`'s normal part (rounded by the caller).
    fn make(self, cols: usize, scale: f32, dtype: DType, rng: &mut Rng) -> Vec<f32> {
        let mut row = match self {
            Rows::Normal => rng.normal_vec(cols, 0.0, scale),
            Rows::Constant => vec![1.5; cols],
            Rows::Cluster => {
                let support = cols.div_ceil(10);
                let tau = -1.0 / support as f64;
                (0..cols)
                    .map(|i| match i < support {
                        true => 0.0,
                        false => (tau - rng.uniform_f64(0.0, 2f64.powi(-24))) as f32,
                    })
                    .collect()
            }
            Rows::Dominant => {
                let mut v = rng.normal_vec(cols, 0.0, 1.0);
                v[rng.below(cols as u64) as usize] = 12.0;
                v
            }
            Rows::TiedMax => {
                let mut v: Vec<f32> = (0..cols).map(|_| 1.0 - rng.uniform_f32(0.0, 3.0)).collect();
                for _ in 0..5 {
                    v[rng.below(cols as u64) as usize] = 2.0;
                }
                v
            }
            Rows::Ties | Rows::NearTies => {
                // The spacing of storage values in [2, 4).
                let ulp = match dtype {
                    DType::F16 => 2f32.powi(-9),
                    DType::BF16 => 2f32.powi(-6),
                    _ => 2f32.powi(-22),
                };
                let mut v: Vec<f32> = (0..cols)
                    .map(|i| {
                        if i % 4 == 0 {
                            match self {
                                Rows::Ties => 3.25,
                                _ if rng.below(2) == 0 => 3.25 + ulp,
                                _ => 3.25 - ulp,
                            }
                        } else {
                            3.0 - rng.uniform_f32(0.0, 2.0)
                        }
                    })
                    .collect();
                // Placed last so a one-column row is the dominant 4.
                if cols >= 2 {
                    v[1 + rng.below(cols as u64 - 1) as usize] = 3.5;
                }
                v[0] = 4.0;
                v
            }
        };
        round_to_storage(&mut row, dtype);
        row
    }
}

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct SparsemaxCase {
    pub dtype: DType,
    pub rows: usize,
    pub cols: usize,
    pub kind: Rows,
    pub scale: f32,
    pub f32_grads: bool,
    pub seed: u64,
}

impl SparsemaxCase {
    fn config(&self) -> String {
        let grads = if self.f32_grads { " grad:f32" } else { "" };
        match self.kind {
            Rows::Normal => format!("x~{}N{grads}", self.scale),
            k => format!("{}{grads}", k.name()),
        }
    }

    /// Runs forward and backward on `device` and compares with the oracle.
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (rows, cols) = (self.rows, self.cols);
        let mut rng = Rng::new(self.seed);
        let mut x = Vec::with_capacity(rows * cols);
        for _ in 0..rows {
            x.extend(self.kind.make(cols, self.scale, self.dtype, &mut rng));
        }
        let mut dy = rng.normal_vec(rows * cols, 0.0, 1.0);
        round_to_storage(&mut dy, self.dtype);
        let shape = [rows, cols];
        let (xt, dyt) = (
            tensor(device, self.dtype, &shape, &x)?,
            tensor(device, self.dtype, &shape, &dy)?,
        );
        let grad = if self.f32_grads {
            DType::F32
        } else {
            self.dtype
        };
        let y = run(
            device,
            &xt,
            None,
            false,
            Some(poisoned(device, self.dtype, &shape)?),
        )?;
        let dx = run(
            device,
            &y,
            Some(&dyt),
            self.f32_grads,
            Some(poisoned(device, grad, &shape)?),
        )?;
        let (x64, dy64) = (to_f64(&x), to_f64(&dy));
        let y64 = to_f64(&y.to_f32()?);
        let dx_ref = oracle::backward_from_output(&y64, &dy64, rows, cols);
        // dx = dy - mean: its terms' size.
        let mut term = 0.0f64;
        for r in 0..rows {
            let span = r * cols..(r + 1) * cols;
            let on: Vec<f64> = span
                .clone()
                .filter(|&i| y64[i] > 0.0)
                .map(|i| dy64[i])
                .collect();
            let mean = on.iter().sum::<f64>() / on.len().max(1) as f64;
            for g in on {
                term = term.max(g.abs() + mean.abs());
            }
        }
        let y_ref = oracle::forward(&x64, rows, cols);
        // A stored output may be subnormal (f16 below 2^-14: 1/70000 of a constant row), where
        // its rounding error is absolute, `underflow_error`, not relative.
        let tol = |dtype: DType, size: f64| {
            4.0 * unit_roundoff(dtype) + 1e-6 + underflow_error(dtype) / size.max(f64::MIN_POSITIVE)
        };
        let y_tol = tol(self.dtype, max_abs(&y_ref));
        let dx_tol = tol(grad, max_abs(&dx_ref).max(term));
        let expect = [
            ("forward:y", &y, y_ref, y_tol, 0.0),
            ("backward:dx", &dx, dx_ref, dx_tol, term),
        ];
        let mut out = Vec::new();
        for (name, t, reference, tol, scale) in expect {
            out.push(CheckRow::compare(
                "sparsemax",
                format!("sparsemax.{name}"),
                self.dtype,
                format!("{rows}x{cols}"),
                self.config(),
                &t.to_f32()?,
                &reference,
                tol,
                scale,
            ));
        }
        Ok(out)
    }
}

/// The sweep, each dtype: ragged widths (1, 127, 257, 4097, 5000; 70000 is stepped on the CPU
/// and on a GPU, 5000 and 20000 on a GPU only), normal rows at scales 1e-3 to 30, and the
/// structured rows at narrow and stepped widths.
pub fn sweep() -> Vec<SparsemaxCase> {
    let mut out = Vec::new();
    let mut seed: u64 = 9300;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        let cases = [
            (1, 1, Rows::Normal, 1.0),
            (3, 127, Rows::Normal, 0.3),
            (4, 300, Rows::Normal, 1e-3),
            (3, 257, Rows::Normal, 30.0),
            (5, 4097, Rows::Normal, 1.0),
            (2, 5000, Rows::Normal, 0.1),
            (2, 20000, Rows::Normal, 0.05),
            (2, 70000, Rows::Normal, 3.0),
            (2, 70000, Rows::Normal, 0.01),
            (1, 1, Rows::Ties, 0.0),
            (6, 37, Rows::Ties, 0.0),
            (6, 37, Rows::NearTies, 0.0),
            (2, 70000, Rows::Ties, 0.0),
            (2, 70000, Rows::NearTies, 0.0),
            (4, 129, Rows::Dominant, 0.0),
            (2, 70000, Rows::Dominant, 0.0),
            (4, 99, Rows::TiedMax, 0.0),
            (3, 513, Rows::Constant, 0.0),
            (2, 70000, Rows::Constant, 0.0),
            (2, 3000, Rows::Cluster, 0.0),
            (1, 70000, Rows::Cluster, 0.0),
        ];
        for (rows, cols, kind, scale) in cases {
            seed += 1;
            out.push(SparsemaxCase {
                dtype,
                rows,
                cols,
                kind,
                scale,
                f32_grads: seed.is_multiple_of(2),
                seed,
            });
        }
    }
    out
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|c| CheckCase {
            op: "sparsemax",
            label: format!("sparsemax {} {}x{} {}", c.dtype, c.rows, c.cols, c.config()),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect()
}
