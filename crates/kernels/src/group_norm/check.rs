//! Randomized checks of the GroupNorm entries against the FP64 oracle of
//! `crate::reference::group_norm`: the cases `metile check` runs and the unit tests assert on.
//!
//! Every output is poisoned (NaN) before the launch, so an element a kernel fails to write fails
//! the comparison. Inputs are rounded to their storage dtypes first and the oracle runs on
//! exactly those values. Each case runs the forward, the backward given the forward's
//! statistics and the backward that recomputes them, and checks all three.
//!
//! Tolerances, from the unit roundoff `u` of x's storage dtype and `u32 = 2^-24`:
//! - `y`: one rounding to the storage dtype (`u`) after FP32 statistics and a few FP32
//!   operations: `u + 1e-6` relative to max |y| (the norms' allowance for FP32 statistics of
//!   long rows).
//! - `mean`, `rstd`: FP32 values from exact inputs, 2e-5 (the norms' FP32 tolerance); the mean
//!   relative to max |x| at least, since its FP32 error is a few u32 of the values summed, not
//!   of the mean (which is near zero for centred data).
//! - `dx`: one rounding and FP32 arithmetic, `2u + 2e-5` (the norms'), relative to at least
//!   max |w * dy * rstd|, the size of the terms whose difference dx is.
//! - `dbias`: FP32 sums of `B * L` terms, added `L` within a (batch, channel) and then `B` in
//!   order: `(B + L + 8) u32` times the sum of the terms' magnitudes, element by element.
//!   `dweight`: the same plus 2e-5 for the FP32 statistics inside each term `dy * xh`.

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{
    backward_into, forward_into, GroupGrads, GroupInputs, GroupOptions, GroupOutputs, GroupStats,
    GroupTile,
};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::reference::group_norm::{self as oracle, GroupShape};
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

const U32: f64 = 1.0 / (1u64 << 24) as f64;

/// One randomized configuration.
#[derive(Clone, Debug)]
pub struct GroupCase {
    pub dtype: DType,
    /// Dtype of weight and bias.
    pub param_dtype: DType,
    /// `[B, C, *spatial]`.
    pub shape: Vec<usize>,
    pub groups: usize,
    pub eps: f32,
    /// Inputs are `shift + scale * N(0, 1)` (before rounding to storage).
    pub shift: f32,
    pub scale: f32,
    /// Force a tile `[channels, spatial]` (to exercise stepped and masked kernels at small
    /// sizes).
    pub tile: Option<(usize, usize)>,
    pub seed: u64,
}

fn values(rng: &mut Rng, n: usize, mean: f32, std: f32, dtype: DType) -> Vec<f32> {
    let mut v = rng.normal_vec(n, mean, std);
    round_to_storage(&mut v, dtype);
    v
}

fn no_output() -> OpError {
    OpError::BadInput {
        entry: "group_norm".into(),
        name: "x".into(),
        message: "no output was produced".into(),
    }
}

impl GroupCase {
    fn sizes(&self) -> GroupShape {
        GroupShape {
            batch: self.shape[0],
            channels: self.shape[1],
            spatial: self.shape[2..].iter().product(),
            groups: self.groups,
        }
    }

    pub fn describe(&self) -> String {
        let mut s = format!("G={}", self.groups);
        if self.param_dtype != self.dtype {
            s += &format!(" params:{}", self.param_dtype);
        }
        if self.shift != 0.0 || self.scale != 1.0 {
            s += &format!(" x~{}+{}N", self.shift, self.scale);
        }
        if self.eps != 1e-6 {
            s += &format!(" eps={}", self.eps);
        }
        if let Some((c, l)) = self.tile {
            s += &format!(" tile{c}x{l}");
        }
        s
    }

    fn shape_text(&self) -> String {
        self.shape
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("x")
    }

    /// Runs forward and both backwards on `device` and compares every output with the oracle.
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let s = self.sizes();
        let n = s.batch * s.channels * s.spatial;
        let c = s.channels;
        let mut rng = Rng::new(self.seed);
        let x = values(&mut rng, n, self.shift, self.scale, self.dtype);
        let w = values(&mut rng, c, 1.0, 0.3, self.param_dtype);
        let b = values(&mut rng, c, 0.0, 0.3, self.param_dtype);
        let dy = values(&mut rng, n, 0.0, 1.0, self.dtype);

        let xt = tensor(device, self.dtype, &self.shape, &x)?;
        let wt = tensor(device, self.param_dtype, &[c], &w)?;
        let bt = tensor(device, self.param_dtype, &[c], &b)?;
        let dyt = tensor(device, self.dtype, &self.shape, &dy)?;
        let inp = GroupInputs {
            x: &xt,
            weight: &wt,
            bias: &bt,
        };
        let opts = GroupOptions {
            num_groups: self.groups,
            eps: self.eps,
        };
        let tile = self
            .tile
            .map(|(ch, sp)| GroupTile::new(ch, sp, s.channels / s.groups, s.spatial));
        let stats_shape = [s.batch, s.groups];
        let mut fwd = Some(GroupOutputs {
            y: poisoned(device, self.dtype, &self.shape)?,
            mean: poisoned(device, DType::F32, &stats_shape)?,
            rstd: poisoned(device, DType::F32, &stats_shape)?,
        });
        forward_into(device, &inp, &opts, tile, &mut fwd)?;
        let fwd = fwd.ok_or_else(no_output)?;
        let grads = |stats: Option<GroupStats<'_>>| -> Result<GroupGrads, OpError> {
            let mut g = Some(GroupGrads {
                dx: poisoned(device, self.dtype, &self.shape)?,
                dweight: poisoned(device, DType::F32, &[c])?,
                dbias: poisoned(device, DType::F32, &[c])?,
            });
            backward_into(device, &inp, &dyt, stats, &opts, tile, &mut g)?;
            g.ok_or_else(no_output)
        };
        let saved = grads(Some(GroupStats {
            mean: &fwd.mean,
            rstd: &fwd.rstd,
        }))?;
        let recomputed = grads(None)?;

        let (x64, w64, b64, dy64) = (to_f64(&x), to_f64(&w), to_f64(&b), to_f64(&dy));
        let eps = f64::from(self.eps);
        let (y_ref, mean_ref, rstd_ref) = oracle::group_norm_forward(&x64, &w64, &b64, s, eps);
        let (dx_ref, dw_ref, db_ref) = oracle::group_norm_backward(&x64, &w64, &dy64, s, eps);

        // Scales and per-element term magnitudes.
        let group_len = s.channels / s.groups * s.spatial;
        let (mut dw_terms, mut db_terms) = (vec![0.0; c], vec![0.0; c]);
        let mut dx_scale = 0.0f64;
        for (i, (&v, &d)) in x64.iter().zip(&dy64).enumerate() {
            let ch = i / s.spatial % c;
            let grp = i / group_len;
            let xh = (v - mean_ref[grp]) * rstd_ref[grp];
            dw_terms[ch] += (d * xh).abs();
            db_terms[ch] += d.abs();
            dx_scale = dx_scale.max((w64[ch] * d * rstd_ref[grp]).abs());
        }
        let x_max = x64.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        let u = unit_roundoff(self.dtype);
        let stored_tol = u + 1e-6;
        let exact_tol = 2e-5;
        let grad_tol = 2.0 * u + exact_tol;
        let sum_tol = (s.batch + s.spatial + 8) as f64 * U32;

        let config = self.describe();
        let shape_s = self.shape_text();
        let row = |name: &str, t: &Tensor, reference: &[f64], tol: f64, scale: f64| {
            Ok::<_, OpError>(CheckRow::compare(
                "group_norm",
                format!("group_norm.{name}"),
                self.dtype,
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
                "group_norm",
                format!("group_norm.{name}"),
                self.dtype,
                shape_s.clone(),
                config.clone(),
                &t.to_f32()?,
                reference,
                tol,
                terms,
            ))
        };
        let mut out = vec![
            row("forward:y", &fwd.y, &y_ref, stored_tol, 0.0)?,
            row("forward:mean", &fwd.mean, &mean_ref, exact_tol, x_max)?,
            row("forward:rstd", &fwd.rstd, &rstd_ref, exact_tol, 0.0)?,
        ];
        for (label, g) in [("saved", &saved), ("recomputed", &recomputed)] {
            out.push(row(
                &format!("backward[{label}]:dx"),
                &g.dx,
                &dx_ref,
                grad_tol,
                dx_scale,
            )?);
            out.push(each(
                &format!("backward[{label}]:dweight"),
                &g.dweight,
                &dw_ref,
                sum_tol + exact_tol,
                &dw_terms,
            )?);
            out.push(each(
                &format!("backward[{label}]:dbias"),
                &g.dbias,
                &db_ref,
                sum_tol,
                &db_terms,
            )?);
        }
        Ok(out)
    }
}

/// The standard sweep, each dtype: a single value; `[B, C]` inputs (one position); ragged
/// spatial sizes; 4-D inputs; one group (G = 1), one channel per group (G = C) and PARITY's 4
/// channels per group at 512 positions; parameters in f32 beside 16-bit x; large means
/// against the spread (two-pass statistics); groups wider than the CPU's tile (channel steps
/// with a ragged last step, spatial steps); and forced GPU-like tiles: masked on both axes,
/// stepped on both axes with ragged ends, and channel steps without masks.
pub fn sweep() -> Vec<GroupCase> {
    // (shape, groups, tile)
    type Shape = (&'static [usize], usize, Option<(usize, usize)>);
    let shapes: [Shape; 13] = [
        (&[1, 1, 1], 1, None),
        (&[3, 6], 3, None),
        (&[3, 8, 5], 2, None),
        (&[2, 12, 7, 3], 4, None),
        (&[2, 16, 33], 16, None),
        (&[2, 16, 127], 1, None),
        (&[2, 32, 512], 8, None),
        (&[1, 4, 20000], 1, None),
        (&[1, 2, 70001], 2, None),
        (&[3, 12, 5], 4, Some((4, 8))),
        (&[2, 12, 13], 2, Some((4, 8))),
        (&[2, 8, 16], 2, Some((2, 16))),
        (&[2, 6, 1], 1, Some((4, 1))),
    ];
    let mut cases = Vec::new();
    let mut seed: u64 = 0x6E00;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for &(shape, groups, tile) in &shapes {
            seed += 1;
            cases.push(GroupCase {
                dtype,
                param_dtype: if seed.is_multiple_of(3) {
                    DType::F32
                } else {
                    dtype
                },
                shape: shape.to_vec(),
                groups,
                eps: if seed.is_multiple_of(5) { 1e-5 } else { 1e-6 },
                shift: 0.0,
                scale: 1.0,
                tile,
                seed,
            });
        }
        // A mean 300 times the spread, where one-pass statistics (Liger's) lose most of the
        // variance in FP32; and, in f32 (a 16-bit x cannot hold such a spread), 1e5 times,
        // where x - mean needs the residual mean `delta` of the FP32 mean.
        let offsets: &[(f32, f32)] = match dtype {
            DType::F32 => &[(300.0, 1.0), (1e4, 0.1)],
            _ => &[(300.0, 1.0)],
        };
        for &(shift, scale) in offsets {
            for tile in [None, Some((2, 8))] {
                seed += 1;
                cases.push(GroupCase {
                    dtype,
                    param_dtype: dtype,
                    shape: vec![2, 8, 37],
                    groups: 2,
                    eps: 1e-6,
                    shift,
                    scale,
                    tile,
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
            op: "group_norm",
            label: format!(
                "group_norm {} {} {}",
                case.dtype,
                case.shape_text(),
                case.describe()
            ),
            run: Box::new(move |d: &Device| case.run(d)),
        })
        .collect()
}
