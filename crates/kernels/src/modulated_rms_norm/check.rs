//! Randomized checks of the modulated RMSNorm entries against the FP64 oracle of
//! `crate::reference::modulated_rms_norm` (whose RMSNorm output comes from the casting modes'
//! oracles of `crate::reference::norms`): the cases `metile check` runs and the unit tests assert
//! on.
//!
//! Every output is poisoned (NaN) before the launch, so an element a kernel fails to write fails
//! the comparison. Inputs are rounded to their storage dtypes first and the oracle runs on
//! exactly those values. Each case runs the forward, the backward that recomputes `rstd` and,
//! where the forward's `rstd` is FP32, the backward that reads it, and checks all three.
//!
//! Tolerances, from the unit roundoff `u` of x's storage dtype and `u32 = 2^-24`:
//! - `y`: the RMSNorm output's roundings (up to three, as `rms_norm`'s 4u) and the final
//!   rounding: `6u + 1e-6`, relative to at least max |o * (1 + scale)|, the size of the terms
//!   whose sum with the shift `y` is;
//! - `rstd`: 2e-5 (FP32 from exact inputs; `4u + 1e-6` when stored under casting mode `none`);
//! - `dx`: `2e-5` in FP32 (`2u + 2e-5` rounded to the storage dtype), relative to at least
//!   max |dy * (1 + scale) * w' * rstd|, the terms whose difference dx is;
//! - `dweight`, `dscale`, `dshift`: FP32 sums over rows, element by element against the sum of
//!   their terms' magnitudes: `(rows + 8) u32 + 2e-5` (the FP32 statistics inside a term), and
//!   for `dscale` `4u` more (`6u` under casting mode `none`), for the roundings of the
//!   recomputed `o`: an FP32 `rstd` can round `o` to the neighbouring storage value where the
//!   oracle's FP64 one does not, and under `none` the stored `rstd` itself can be a storage ulp
//!   off the oracle's, which does not round the squares it sums.

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{backward_with, forward_with, Fault, ModGrads, ModInputs, ModOutputs};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::norms::check::values;
use crate::norms::{CastingMode, GradDtype, NormOptions, Tiling};
use crate::reference::modulated_rms_norm as oracle;
use crate::reference::norms as rms_oracle;
use crate::registry::OpError;
use crate::testing::{storage_rounder, to_f64, unit_roundoff, Rng};

const U32: f64 = 1.0 / (1u64 << 24) as f64;

/// One randomized configuration.
#[derive(Clone, Debug)]
pub struct ModCase {
    pub dtype: DType,
    /// Dtype of weight, scale and shift.
    pub param_dtype: DType,
    /// Shape of x, `[..., N]`.
    pub shape: Vec<usize>,
    /// Shape of scale and shift, `[..., N]`.
    pub mod_shape: Vec<usize>,
    pub opts: NormOptions,
    pub with_weight: bool,
    pub with_shift: bool,
    /// Force a tiling (stepped or masked kernels at small widths).
    pub tiling: Option<Tiling>,
    /// Force the backward's program count (its layout, `Layout::new`).
    pub programs: Option<usize>,
    /// A deliberate fault in the kernels (the tests that prove the check catches them).
    pub fault: Fault,
    pub seed: u64,
}

fn no_output() -> OpError {
    OpError::BadInput {
        entry: "modulated_rms_norm".into(),
        name: "x".into(),
        message: "no output was produced".into(),
    }
}

fn shape_text(shape: &[usize]) -> String {
    shape
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("x")
}

impl ModCase {
    pub fn describe(&self) -> String {
        let o = &self.opts;
        let mut s = format!(
            "mod {} eps={:e} offset={} {}",
            shape_text(&self.mod_shape),
            o.eps,
            o.offset,
            format!("{:?}", o.casting).to_lowercase()
        );
        if self.param_dtype != self.dtype {
            s += &format!(" params:{}", self.param_dtype);
        }
        if !self.with_weight {
            s += " no-weight";
        }
        if !self.with_shift {
            s += " no-shift";
        }
        if o.grad_dtype == GradDtype::Storage {
            s += " grad:storage";
        }
        if let Some(t) = self.tiling {
            s += &format!(" {}{}", if t.looped { "step" } else { "tile" }, t.block);
        }
        if let Some(p) = self.programs {
            s += &format!(" programs={p}");
        }
        if self.fault != Fault::None {
            s += &format!(" fault={:?}", self.fault);
        }
        s
    }

    /// Runs forward and both backwards on `device` and compares every output with the oracle.
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let cols = *self.shape.last().unwrap_or(&1);
        let n: usize = self.shape.iter().product();
        let rows = n / cols.max(1);
        let mods = self.mod_shape.iter().product::<usize>() / cols.max(1);
        let (xdt, pdt) = (self.dtype, self.param_dtype);
        let mut rng = Rng::new(self.seed);
        let x = values(&mut rng, n, 0.0, 1.0, xdt);
        let w = values(&mut rng, cols, 1.0, 0.3, pdt);
        let sc = values(&mut rng, mods * cols, 0.0, 0.5, pdt);
        let sh = values(&mut rng, mods * cols, 0.0, 0.5, pdt);
        let dy = values(&mut rng, n, 0.0, 1.0, xdt);

        let xt = tensor(device, xdt, &self.shape, &x)?;
        let wt = tensor(device, pdt, &[cols], &w)?;
        let sct = tensor(device, pdt, &self.mod_shape, &sc)?;
        let sht = tensor(device, pdt, &self.mod_shape, &sh)?;
        let dyt = tensor(device, xdt, &self.shape, &dy)?;
        let inp = ModInputs {
            x: &xt,
            weight: self.with_weight.then_some(&wt),
            scale: &sct,
            shift: self.with_shift.then_some(&sht),
        };
        let none = self.opts.casting == CastingMode::None;
        let rstd_dtype = if none { xdt } else { DType::F32 };
        let row_shape = &self.shape[..self.shape.len() - 1];
        let mut fwd = Some(ModOutputs {
            y: poisoned(device, xdt, &self.shape)?,
            rstd: poisoned(device, rstd_dtype, row_shape)?,
        });
        forward_with(device, &inp, &self.opts, self.tiling, self.fault, &mut fwd)?;
        let fwd = fwd.ok_or_else(no_output)?;
        let grad_dtype = match self.opts.grad_dtype {
            GradDtype::F32 => DType::F32,
            GradDtype::Storage => xdt,
        };
        let grads = |rstd: Option<&Tensor>| -> Result<ModGrads, OpError> {
            let mut g = Some(ModGrads {
                dx: poisoned(device, grad_dtype, &self.shape)?,
                dweight: match self.with_weight {
                    true => Some(poisoned(device, DType::F32, &[cols])?),
                    false => None,
                },
                dscale: poisoned(device, DType::F32, &self.mod_shape)?,
                dshift: match self.with_shift {
                    true => Some(poisoned(device, DType::F32, &self.mod_shape)?),
                    false => None,
                },
            });
            backward_with(
                device,
                &inp,
                &dyt,
                rstd,
                &self.opts,
                self.tiling,
                self.programs,
                self.fault,
                &mut g,
            )?;
            g.ok_or_else(no_output)
        };
        let recomputed = grads(None)?;
        let saved = match rstd_dtype {
            DType::F32 => Some(grads(Some(&fwd.rstd))?),
            _ => None,
        };

        // The oracle on the rounded inputs.
        let (x64, w64, sc64, sh64, dy64) = (
            to_f64(&x),
            to_f64(&w),
            to_f64(&sc),
            to_f64(&sh),
            to_f64(&dy),
        );
        let wopt = self.with_weight.then_some(w64.as_slice());
        let (eps, offset) = (f64::from(self.opts.eps), f64::from(self.opts.offset));
        let round = storage_rounder(xdt);
        let rms = match self.opts.casting {
            CastingMode::Llama => rms_oracle::rms_norm_forward_llama,
            CastingMode::Gemma => rms_oracle::rms_norm_forward_gemma,
            CastingMode::None => rms_oracle::rms_norm_forward_none,
        };
        let (o, rstd_ref) = rms(&x64, wopt, rows, cols, eps, offset, &round);
        let shift_opt = self.with_shift.then_some(sh64.as_slice());
        let y_ref = oracle::forward(&o, &sc64, shift_opt, rows, cols, mods, &round);
        let g_ref = oracle::backward(&x64, wopt, &sc64, &o, &dy64, rows, cols, mods, eps, offset);

        // Scales and per-element term magnitudes.
        let plain_rstd = rms_oracle::rms_norm_forward(&x64, None, rows, cols, eps, 0.0).1;
        let (mut y_scale, mut dx_scale) = (0.0f64, 0.0f64);
        let mut dw_terms = vec![0.0; cols];
        let (mut ds_terms, mut dh_terms) = (vec![0.0; mods * cols], vec![0.0; mods * cols]);
        for (r, &rs) in plain_rstd.iter().enumerate() {
            let m = oracle::modulation_row(r, rows, mods);
            for c in 0..cols {
                let (i, mi) = (r * cols + c, m * cols + c);
                let modulation = 1.0 + sc64[mi];
                let wp = wopt.map_or(1.0, |w| w[c] + offset);
                y_scale = y_scale.max((o[i] * modulation).abs());
                dx_scale = dx_scale.max((dy64[i] * modulation * wp * rs).abs());
                dw_terms[c] += (dy64[i] * modulation * x64[i] * rs).abs();
                ds_terms[mi] += (dy64[i] * o[i]).abs();
                dh_terms[mi] += dy64[i].abs();
            }
        }
        let u = unit_roundoff(xdt);
        let exact_tol = 2e-5;
        let y_tol = 6.0 * u + 1e-6;
        let rstd_tol = if none { 4.0 * u + 1e-6 } else { exact_tol };
        let dx_tol = match grad_dtype {
            DType::F32 => exact_tol,
            _ => 2.0 * u + exact_tol,
        };
        let sum_tol = (rows + 8) as f64 * U32 + exact_tol;
        // `o` one storage ulp (2u) off where an FP32 rstd rounds it the other way; under `none`
        // also off by the storage ulp of `rstd` (the oracle does not round the squares).
        let ds_rounding = if none { 6.0 * u } else { 4.0 * u };

        let config = self.describe();
        let shape_s = shape_text(&self.shape);
        let row = |name: &str, t: &Tensor, reference: &[f64], tol: f64, scale: f64| {
            Ok::<_, OpError>(CheckRow::compare(
                "modulated_rms_norm",
                format!("modulated_rms_norm.{name}"),
                xdt,
                shape_s.clone(),
                config.clone(),
                &t.to_f32()?,
                reference,
                tol,
                scale,
            ))
        };
        let each = |name: &str, t: &Tensor, reference: &[f64], tol: f64, terms: &[f64]| {
            Ok::<_, OpError>(CheckRow::compare_each(
                "modulated_rms_norm",
                format!("modulated_rms_norm.{name}"),
                xdt,
                shape_s.clone(),
                config.clone(),
                &t.to_f32()?,
                reference,
                tol,
                terms,
            ))
        };
        let mut out = vec![
            row("forward:y", &fwd.y, &y_ref, y_tol, y_scale)?,
            row("forward:rstd", &fwd.rstd, &rstd_ref, rstd_tol, 0.0)?,
        ];
        let backwards = [("recomputed", Some(&recomputed)), ("saved", saved.as_ref())];
        for (label, g) in backwards {
            let Some(g) = g else { continue };
            let name = |output: &str| format!("backward[{label}]:{output}");
            out.push(row(&name("dx"), &g.dx, &g_ref.dx, dx_tol, dx_scale)?);
            if let (Some(t), Some(dw)) = (&g.dweight, &g_ref.dw) {
                out.push(each(&name("dweight"), t, dw, sum_tol, &dw_terms)?);
            }
            out.push(each(
                &name("dscale"),
                &g.dscale,
                &g_ref.dscale,
                sum_tol + ds_rounding,
                &ds_terms,
            )?);
            if let Some(t) = &g.dshift {
                out.push(each(&name("dshift"), t, &g_ref.dshift, sum_tol, &dh_terms)?);
            }
        }
        Ok(out)
    }
}

/// `(x shape, scale shape, forced tiling, forced backward programs)` of the sweep.
type Shape = (
    &'static [usize],
    &'static [usize],
    Option<Tiling>,
    Option<usize>,
);

const fn stepped(block: usize) -> Option<Tiling> {
    Some(Tiling {
        block,
        exact: false,
        looped: true,
        prefetch: false,
    })
}

/// The shapes of the sweep: ragged widths (1, 7, 127, 4096, 5000, and 70000, stepped on the
/// CPU); each accepted scale shape (`[N]`, `[1, N]`, `[B, N]` and `[B, 1, N]` for `[B, T, N]`,
/// and one row per token); backward layouts forced on the CPU: runs of one modulation row (8
/// modulation rows of 8 rows in 3 programs; 4 of 15 rows in 8 programs, a ragged last run),
/// programs of several modulation rows (64 tokens in 5 programs, where the sums leave at each
/// row); stepped rows (256-column steps) in both layouts; and a masked single tile wider than
/// the row.
const SHAPES: [Shape; 14] = [
    (&[1, 1], &[1], None, None),
    (&[3, 7], &[7], None, None),
    (&[4, 127], &[1, 127], None, None),
    (&[2, 3, 4096], &[2, 4096], None, None),
    (&[2, 2, 5000], &[2, 1, 5000], None, None),
    (&[5, 127], &[5, 127], None, None),
    (&[2, 3, 7], &[2, 3, 7], None, None),
    (&[64, 33], &[8, 33], None, Some(3)),
    (&[60, 10], &[4, 10], None, Some(8)),
    (&[64, 9], &[64, 9], None, Some(5)),
    (&[9, 1000], &[3, 1000], stepped(256), Some(2)),
    (&[12, 300], &[2, 300], stepped(256), Some(5)),
    (
        &[33, 100],
        &[3, 100],
        Some(Tiling {
            block: 128,
            exact: false,
            looped: false,
            prefetch: false,
        }),
        None,
    ),
    (&[2, 70000], &[1, 70000], None, None),
];

/// The standard sweep: every shape of [`SHAPES`] in each dtype and casting mode (the 70000-wide
/// row in f32 only), with and without weight and shift, offsets 0 and 1, several epsilons,
/// parameters in f32 beside 16-bit x, and `dx` in FP32 or the storage dtype.
pub fn sweep() -> Vec<ModCase> {
    let mut cases = Vec::new();
    let mut seed: u64 = 0xAD10;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for &(shape, mod_shape, tiling, programs) in &SHAPES {
            if shape[shape.len() - 1] > 65536 && dtype != DType::F32 {
                continue;
            }
            for casting in [CastingMode::Llama, CastingMode::Gemma, CastingMode::None] {
                seed += 1;
                let opts = NormOptions {
                    eps: [1e-6, 1e-5, 0.1][(seed % 3) as usize],
                    offset: if seed.is_multiple_of(2) { 0.0 } else { 1.0 },
                    casting,
                    grad_dtype: if seed.is_multiple_of(3) {
                        GradDtype::Storage
                    } else {
                        GradDtype::F32
                    },
                };
                cases.push(ModCase {
                    dtype,
                    param_dtype: if seed.is_multiple_of(5) {
                        DType::F32
                    } else {
                        dtype
                    },
                    shape: shape.to_vec(),
                    mod_shape: mod_shape.to_vec(),
                    opts,
                    with_weight: !seed.is_multiple_of(4),
                    with_shift: !seed.is_multiple_of(7),
                    tiling,
                    programs,
                    fault: Fault::None,
                    seed,
                });
            }
        }
    }
    cases
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|case| CheckCase {
            op: "modulated_rms_norm",
            label: format!(
                "modulated_rms_norm {} {} {}",
                case.dtype,
                shape_text(&case.shape),
                case.describe()
            ),
            run: Box::new(move |d: &Device| case.run(d)),
        })
        .collect()
}
