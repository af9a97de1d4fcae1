//! Randomized checks of the normalization entries against the FP64 oracles of
//! `crate::reference::norms`: the cases `metile check` runs and the unit tests assert on.
//!
//! Every output tensor is poisoned (NaN) before the launch, so an element a kernel fails to
//! write fails the comparison. Inputs are rounded to their storage dtype first and the oracle
//! runs on exactly those values.
//!
//! Tolerances (relative to the largest reference magnitude, see `testing::ErrorStats`) follow
//! from the unit roundoff `u` of the storage dtype (2^-24, 2^-11, 2^-8 for f32, f16, bf16):
//! - stored forward outputs: 4u (llama and none modes round up to three times; the statistic is
//!   FP32), plus 1e-6 for FP32 accumulation over long rows;
//! - FP32 outputs computed from exact inputs (statistics, gradients): 2e-5;
//! - gradients rounded to the storage dtype: 2u + 2e-5.
//!
//! The in-place backward (rows `<kind>.in_place_backward:*`, `dx` in the storage dtype of `dy`)
//! writes over a copy of `dy`, reading the forward's statistics where the out-of-place backward
//! is also checked with them (FP32 ones). It has no `dx` output to poison: an element it failed
//! to write would still hold `dy`, which the oracle comparison rejects.

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{
    backward_in_place, backward_into, forward_into, CastingMode, GradDtype, NormCotangents,
    NormGrads, NormInputs, NormKind, NormOptions, NormOutputs, NormStats, Tiling,
};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::reference::norms as oracle;
use crate::registry::OpError;
use crate::testing::{round_to_storage, storage_rounder, to_f64, unit_roundoff, Rng};

/// Tilings a GPU uses, forced on the CPU's row operators' checks at small widths: `(rows, cols,
/// tiling)` of a row stepped in 256-column tiles, and of a masked 128-column single tile wider
/// than the row (DyT and PolyNorm; the norms' own sweep adds a prefetching variant).
pub(crate) const FORCED_TILINGS: [(usize, usize, Tiling); 2] = [
    (
        9,
        1000,
        Tiling {
            block: 256,
            exact: false,
            looped: true,
            prefetch: false,
        },
    ),
    (
        33,
        100,
        Tiling {
            block: 128,
            exact: false,
            looped: false,
            prefetch: false,
        },
    ),
];

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct NormCase {
    pub kind: NormKind,
    pub dtype: DType,
    /// Dtype of weight and bias.
    pub param_dtype: DType,
    pub rows: usize,
    pub cols: usize,
    pub opts: NormOptions,
    pub with_weight: bool,
    /// Pass a cotangent of `residual_out` (fused add).
    pub with_ds: bool,
    /// Force a tiling (to exercise the stepped kernels at small widths).
    pub tiling: Option<Tiling>,
    /// Inputs are `shift + scale * N(0, 1)` (before rounding to storage).
    pub shift: f32,
    pub scale: f32,
    pub seed: u64,
}

/// `n` values `mean + std * N(0, 1)`, rounded to `dtype` (the check cases' random inputs).
pub(crate) fn values(rng: &mut Rng, n: usize, mean: f32, std: f32, dtype: DType) -> Vec<f32> {
    let mut v = rng.normal_vec(n, mean, std);
    round_to_storage(&mut v, dtype);
    v
}

impl NormCase {
    fn describe(&self) -> String {
        let mut s = format!("eps={:e}", self.opts.eps);
        if self.kind != NormKind::Layer {
            s += &format!(" offset={} {:?}", self.opts.offset, self.opts.casting).to_lowercase();
        }
        if self.param_dtype != self.dtype {
            s += &format!(" w:{}", self.param_dtype);
        }
        if !self.with_weight {
            s += " no-weight";
        }
        if self.with_ds {
            s += " +ds";
        }
        if self.opts.grad_dtype == GradDtype::Storage {
            s += " grad:storage";
        }
        if self.shift != 0.0 || self.scale != 1.0 {
            s += &format!(" x~{}+{}N", self.shift, self.scale);
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
        let x = values(&mut rng, n, self.shift, self.scale, self.dtype);
        let res = values(&mut rng, n, 0.0, 0.5 * self.scale, self.dtype);
        let w = values(&mut rng, cols, 1.0, 0.3, self.param_dtype);
        let b = values(&mut rng, cols, 0.0, 0.3, self.param_dtype);
        let dy = values(&mut rng, n, 0.0, 1.0, self.dtype);
        let ds = values(&mut rng, n, 0.0, 1.0, self.dtype);

        let xt = tensor(device, self.dtype, &shape, &x)?;
        let rt = tensor(device, self.dtype, &shape, &res)?;
        let wt = tensor(device, self.param_dtype, &[cols], &w)?;
        let bt = tensor(device, self.param_dtype, &[cols], &b)?;
        let dyt = tensor(device, self.dtype, &shape, &dy)?;
        let dst = tensor(device, self.dtype, &shape, &ds)?;
        let add = self.kind == NormKind::AddRms;
        let layer = self.kind == NormKind::Layer;
        let has_w = self.with_weight || self.kind != NormKind::Rms;
        let inp = NormInputs {
            x: &xt,
            residual: add.then_some(&rt),
            weight: has_w.then_some(&wt),
            bias: layer.then_some(&bt),
        };

        let rms_none = !layer && self.opts.casting == CastingMode::None;
        let opt = |on: bool, dtype: DType, shape: &[usize]| -> Result<Option<Tensor>, OpError> {
            if on {
                Ok(Some(poisoned(device, dtype, shape)?))
            } else {
                Ok(None)
            }
        };
        let mut fwd = Some(NormOutputs {
            y: poisoned(device, self.dtype, &shape)?,
            residual_out: opt(add, self.dtype, &shape)?,
            mean: opt(layer, DType::F32, &[rows])?,
            rstd: poisoned(
                device,
                if rms_none { self.dtype } else { DType::F32 },
                &[rows],
            )?,
        });
        forward_into(device, self.kind, &inp, &self.opts, self.tiling, &mut fwd)?;
        let grad_dtype = match self.opts.grad_dtype {
            GradDtype::F32 => DType::F32,
            GradDtype::Storage => self.dtype,
        };
        // Poisoned gradient outputs, which the backward must overwrite entirely.
        let poisoned_grads = || -> Result<Option<NormGrads>, OpError> {
            Ok(Some(NormGrads {
                dx: poisoned(device, grad_dtype, &shape)?,
                dweight: opt(has_w, DType::F32, &[cols])?,
                dbias: opt(layer, DType::F32, &[cols])?,
                dresidual: opt(add, grad_dtype, &shape)?,
            }))
        };
        let cot = NormCotangents {
            dy: &dyt,
            dresidual_out: (add && self.with_ds).then_some(&dst),
            stats: None,
        };
        let run = |cot: &NormCotangents<'_>, out: &mut Option<NormGrads>| {
            backward_into(device, self.kind, &inp, cot, &self.opts, self.tiling, out)
        };
        let mut bwd = poisoned_grads()?;
        run(&cot, &mut bwd)?;
        // The same backward reading the forward's statistics (FP32 ones only: casting mode
        // `none` rounds rstd to the storage dtype).
        let mut bwd_saved = None;
        let saved_stats = fwd.as_ref().filter(|_| !rms_none).map(|f| NormStats {
            mean: f.mean.as_ref(),
            rstd: &f.rstd,
        });
        if saved_stats.is_some() {
            bwd_saved = poisoned_grads()?;
            let cot = NormCotangents {
                stats: saved_stats,
                ..cot
            };
            run(&cot, &mut bwd_saved)?;
        }
        // The in-place backward over a copy of dy (the saved statistics where there are some).
        let mut in_place_dx = tensor(device, self.dtype, &shape, &dy)?;
        let in_place = backward_in_place(
            device,
            self.kind,
            &inp,
            &mut in_place_dx,
            cot.dresidual_out,
            saved_stats,
            &self.opts,
            self.tiling,
            &mut None,
        )?;
        let (Some(fwd), Some(bwd)) = (fwd, bwd) else {
            return Err(OpError::BadInput {
                entry: self.kind.name().into(),
                name: "x".into(),
                message: "no output was produced".into(),
            });
        };

        // Oracles on the rounded inputs.
        let (x64, w64, b64, dy64) = (to_f64(&x), to_f64(&w), to_f64(&b), to_f64(&dy));
        let (r64, ds64) = (to_f64(&res), to_f64(&ds));
        let wopt = has_w.then_some(w64.as_slice());
        let (eps, offset) = (self.opts.eps as f64, self.opts.offset as f64);
        let round = storage_rounder(self.dtype);
        let u = unit_roundoff(self.dtype);
        let stored_tol = 4.0 * u + 1e-6;
        let exact_tol = 2e-5;
        let grad_tol = if grad_dtype == DType::F32 {
            exact_tol
        } else {
            2.0 * u + exact_tol
        };

        // (output, tensor, reference, tolerance, scale): the error is measured relative to
        // max(max|reference|, scale). For dx the scale is max|dy * w' * rstd|, the size of the
        // terms whose difference dx is: when they cancel (a row of one column), FP32 cannot do
        // better than that.
        let mut expect: Vec<(&str, &Tensor, Vec<f64>, f64, f64)> = Vec::new();
        let term_scale = |rstd: &[f64]| -> f64 {
            let mut m = 0.0f64;
            for r in 0..rows {
                for c in 0..cols {
                    let wp = if has_w {
                        w64[c] + if layer { 0.0 } else { offset }
                    } else {
                        1.0
                    };
                    m = m.max((dy64[r * cols + c] * wp * rstd[r]).abs());
                }
            }
            m
        };
        match self.kind {
            NormKind::Rms | NormKind::AddRms => {
                let s64: Vec<f64> = if add {
                    x64.iter().zip(&r64).map(|(a, b)| a + b).collect()
                } else {
                    x64.clone()
                };
                let (y, rstd) = match self.opts.casting {
                    CastingMode::Llama => {
                        oracle::rms_norm_forward_llama(&s64, wopt, rows, cols, eps, offset, &round)
                    }
                    CastingMode::Gemma => {
                        oracle::rms_norm_forward_gemma(&s64, wopt, rows, cols, eps, offset, &round)
                    }
                    CastingMode::None => {
                        oracle::rms_norm_forward_none(&s64, wopt, rows, cols, eps, offset, &round)
                    }
                };
                let rstd_tol = if rms_none { stored_tol } else { exact_tol };
                expect.push(("forward:y", &fwd.y, y, stored_tol, 0.0));
                if let Some(ro) = &fwd.residual_out {
                    let rounded = s64.iter().map(|v| round(*v)).collect();
                    expect.push(("forward:residual_out", ro, rounded, stored_tol, 0.0));
                }
                expect.push(("forward:rstd", &fwd.rstd, rstd.clone(), rstd_tol, 0.0));
                let (dx, dres, dw) = if add {
                    let dsopt = self.with_ds.then_some(ds64.as_slice());
                    let (dx, dres, dw) = oracle::add_rms_norm_backward(
                        &x64, &r64, &w64, &dy64, dsopt, rows, cols, eps, offset,
                    );
                    (dx, Some(dres), Some(dw))
                } else {
                    let (dx, dw) =
                        oracle::rms_norm_backward(&x64, wopt, &dy64, rows, cols, eps, offset);
                    (dx, None, dw)
                };
                let plain_rstd = oracle::rms_norm_forward(&s64, None, rows, cols, eps, 0.0).1;
                let scale = term_scale(&plain_rstd);
                expect.push(("backward:dx", &bwd.dx, dx, grad_tol, scale));
                if let (Some(t), Some(dres)) = (&bwd.dresidual, dres) {
                    expect.push(("backward:dresidual", t, dres, grad_tol, scale));
                }
                if let (Some(t), Some(dw)) = (&bwd.dweight, dw) {
                    expect.push(("backward:dweight", t, dw, exact_tol, 0.0));
                }
            }
            NormKind::Layer => {
                let (y, mean, rstd) = oracle::layer_norm_forward(&x64, &w64, &b64, rows, cols, eps);
                expect.push(("forward:y", &fwd.y, y, stored_tol, 0.0));
                if let Some(m) = &fwd.mean {
                    expect.push(("forward:mean", m, mean, exact_tol, 0.0));
                }
                let scale = term_scale(&rstd);
                expect.push(("forward:rstd", &fwd.rstd, rstd, exact_tol, 0.0));
                let (dx, dw, db) =
                    oracle::layer_norm_backward(&x64, &w64, &b64, &dy64, rows, cols, eps);
                expect.push(("backward:dx", &bwd.dx, dx, grad_tol, scale));
                if let Some(t) = &bwd.dweight {
                    expect.push(("backward:dweight", t, dw, exact_tol, 0.0));
                }
                if let Some(t) = &bwd.dbias {
                    expect.push(("backward:dbias", t, db, exact_tol, 0.0));
                }
            }
        }

        // Every backward output again, from the in-place backward (dx in the storage dtype).
        let stored_grad_tol = 2.0 * u + exact_tol;
        let again: Vec<_> = expect
            .iter()
            .filter_map(|(name, _, reference, tol, scale)| {
                let (name, t, tol) = match *name {
                    "backward:dx" => ("in_place_backward:dx", Some(&in_place_dx), stored_grad_tol),
                    "backward:dweight" => {
                        ("in_place_backward:dweight", in_place.dweight.as_ref(), *tol)
                    }
                    "backward:dbias" => ("in_place_backward:dbias", in_place.dbias.as_ref(), *tol),
                    _ => return None,
                };
                Some((name, t?, reference.clone(), tol, *scale))
            })
            .collect();
        expect.extend(again);

        // Every backward output again, from the backward that read the saved statistics.
        if let Some(saved) = &bwd_saved {
            let again: Vec<_> = expect
                .iter()
                .filter_map(|(name, _, reference, tol, scale)| {
                    let (name, t) = match *name {
                        "backward:dx" => ("backward(saved stats):dx", Some(&saved.dx)),
                        "backward:dweight" => {
                            ("backward(saved stats):dweight", saved.dweight.as_ref())
                        }
                        "backward:dbias" => ("backward(saved stats):dbias", saved.dbias.as_ref()),
                        "backward:dresidual" => {
                            ("backward(saved stats):dresidual", saved.dresidual.as_ref())
                        }
                        _ => return None,
                    };
                    Some((name, t?, reference.clone(), *tol, *scale))
                })
                .collect();
            expect.extend(again);
        }

        let config = self.describe();
        let mut out = Vec::new();
        for (name, t, reference, tol, scale) in expect {
            let got = t.to_f32()?;
            out.push(CheckRow::compare(
                self.kind.name(),
                format!("{}.{name}", self.kind.name()),
                self.dtype,
                format!("{rows}x{cols}"),
                config.clone(),
                &got,
                &reference,
                tol,
                scale,
            ));
        }
        Ok(out)
    }
}

/// The standard sweep of `kind`: ragged widths (1, 127, 257, 4097, 8193, and a stepped row of
/// 70000), each dtype, every casting mode, offsets and epsilons, forced stepping at small widths.
pub fn sweep(kind: NormKind) -> Vec<NormCase> {
    let mut cases = Vec::new();
    let base = NormOptions::default();
    let shapes: [(usize, usize); 6] =
        [(1, 1), (3, 127), (5, 257), (7, 4097), (2, 8193), (2, 70000)];
    let castings: &[CastingMode] = if kind == NormKind::Layer {
        &[CastingMode::Llama]
    } else {
        &[CastingMode::Llama, CastingMode::Gemma, CastingMode::None]
    };
    let mut seed = 1 + kind as u64 * 1000;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for &(rows, cols) in &shapes {
            for &casting in castings {
                seed += 1;
                let opts = NormOptions {
                    casting,
                    eps: [1e-5, 1e-6, 0.1][(seed % 3) as usize],
                    offset: if seed.is_multiple_of(2) { 0.0 } else { 1.0 },
                    ..base
                };
                cases.push(NormCase {
                    kind,
                    dtype,
                    param_dtype: dtype,
                    rows,
                    cols,
                    opts,
                    with_weight: true,
                    with_ds: kind == NormKind::AddRms && seed.is_multiple_of(2),
                    tiling: None,
                    shift: default_shift(kind),
                    scale: 1.0,
                    seed,
                });
            }
        }
        // A stepped kernel at a small width, with a ragged last step.
        seed += 1;
        cases.push(NormCase {
            kind,
            dtype,
            param_dtype: dtype,
            rows: 9,
            cols: 1000,
            opts: base,
            with_weight: true,
            with_ds: kind == NormKind::AddRms,
            tiling: Some(Tiling {
                block: 256,
                exact: false,
                looped: true,
                prefetch: false,
            }),
            shift: default_shift(kind),
            scale: 1.0,
            seed,
        });
        // A masked single tile wider than the row, the backward prefetching each next row.
        seed += 1;
        cases.push(NormCase {
            kind,
            dtype,
            param_dtype: DType::F32,
            rows: 33,
            cols: 100,
            opts: NormOptions {
                grad_dtype: GradDtype::Storage,
                ..base
            },
            with_weight: true,
            with_ds: false,
            tiling: Some(Tiling {
                block: 128,
                exact: false,
                looped: false,
                prefetch: true,
            }),
            shift: default_shift(kind),
            scale: 1.0,
            seed,
        });
    }
    if kind == NormKind::Rms {
        seed += 1;
        cases.push(NormCase {
            kind,
            dtype: DType::F16,
            param_dtype: DType::F16,
            rows: 4,
            cols: 300,
            opts: base,
            with_weight: false,
            with_ds: false,
            tiling: None,
            shift: 0.0,
            scale: 1.0,
            seed,
        });
    }
    // Value ranges: tiny and large magnitudes, and an offset 10^5 times the spread (where
    // LayerNorm's centring must not lose the deviations).
    let ranges: [(f32, f32); 3] = [(0.0, 1e-3), (0.0, 300.0), (100.0, 1e-3)];
    for (shift, scale) in ranges {
        for dtype in [DType::F32, DType::F16] {
            seed += 1;
            cases.push(NormCase {
                kind,
                dtype,
                param_dtype: dtype,
                rows: 6,
                cols: 999,
                opts: base,
                with_weight: true,
                with_ds: kind == NormKind::AddRms,
                tiling: None,
                shift: if dtype == DType::F16 {
                    shift.min(100.0)
                } else {
                    shift
                },
                scale,
                seed,
            });
        }
    }
    cases
}

/// Mean of the generated x: LayerNorm rows get an offset so that centring matters.
fn default_shift(kind: NormKind) -> f32 {
    if kind == NormKind::Layer {
        1.5
    } else {
        0.0
    }
}

/// The sweeps as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    let mut out = Vec::new();
    for kind in [NormKind::Rms, NormKind::Layer, NormKind::AddRms] {
        for case in sweep(kind) {
            out.push(CheckCase {
                op: kind.name(),
                label: format!(
                    "{} {} {}x{} {}",
                    kind.name(),
                    case.dtype,
                    case.rows,
                    case.cols,
                    case.describe()
                ),
                run: Box::new(move |d: &Device| case.run(d)),
            });
        }
    }
    out
}
