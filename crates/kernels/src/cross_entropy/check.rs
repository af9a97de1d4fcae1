//! Randomized checks of cross-entropy against `reference::cross_entropy` (FP64): every reduction,
//! ignored rows (including all-ignored), label smoothing, z-loss, softcap, class weights
//! (positive with zeros, in the logits' dtype or f32, and weights vanishing on every target under
//! mean), f32/f16/bf16 logits, ragged and stepped vocabularies up to 262,147; predicted tokens
//! (exact, ties to the first index) and token accuracy; the in-place mode (gradient written over
//! the logits in the forward, then scaled by `dloss`), whose result must also equal the
//! out-of-place backward exactly where the module doc says it is bit for bit; the backward with
//! and without the forward's per-row `lse` (also checked, ignored rows included).
//! Tolerances: losses and lse 2e-5 relative to the largest (FP32 sums of FP32 exponentials over up to
//! 262,147 classes); gradients 4u of their dtype + 2e-6 relative to
//! `max(max|g|, |dloss| * max(fce * max|w|, fz))` (the size of the terms that cancel).

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{backward, forward_in_place, forward_with, scale_in_place, CeForward};
use crate::check::{poisoned, CheckCase, CheckRow};
use crate::reference::cross_entropy::{self as oracle, CeOptions, Reduction};
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

/// Class weights of a case.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Weights {
    None,
    /// Uniform in [0.25, 2] with every fifth class 0, stored in the dtype.
    Positive(DType),
    /// Zero on every class a valid row targets (the mean's weighted divisor is 0), else 1.
    ZeroOnTargets(DType),
}

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct CeCase {
    pub dtype: DType,
    pub rows: usize,
    pub v: usize,
    pub opts: CeOptions,
    pub weights: Weights,
    /// The forward writes the gradient over the logits; the backward scales it in place.
    pub in_place: bool,
    /// Every row ignored (else every third).
    pub all_ignored: bool,
    pub scale: f32,
    pub seed: u64,
}

impl CeCase {
    fn describe(&self) -> String {
        let o = &self.opts;
        let w = match self.weights {
            Weights::None => String::new(),
            Weights::Positive(d) => format!(" w={d}"),
            Weights::ZeroOnTargets(d) => format!(" w={d}-zero-on-targets"),
        };
        format!(
            "{:?} ls={} z={} cap={:?}{w}{}{}",
            o.reduction,
            o.label_smoothing,
            o.z_loss,
            o.softcap,
            if self.in_place { " in-place" } else { "" },
            if self.all_ignored { " all-ignored" } else { "" }
        )
        .to_lowercase()
    }

    fn row(&self, output: &str, got: &[f32], want: &[f64], tol: f64, scale: f64) -> CheckRow {
        CheckRow::compare(
            "cross_entropy",
            format!("cross_entropy.{output}"),
            self.dtype,
            format!("{}x{}", self.rows, self.v),
            self.describe(),
            got,
            want,
            tol,
            scale,
        )
    }

    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (r, v, o) = (self.rows, self.v, &self.opts);
        let mut rng = Rng::new(self.seed);
        let mut x = rng.normal_vec(r * v, 0.0, self.scale);
        round_to_storage(&mut x, self.dtype);
        let target: Vec<i64> = (0..r)
            .map(|i| {
                if self.all_ignored || i % 3 == 1 {
                    o.ignore_index
                } else {
                    rng.below(v as u64) as i64
                }
            })
            .collect();
        let weight = match self.weights {
            Weights::None => None,
            Weights::Positive(d) => {
                let mut w = rng.uniform_vec(v, 0.25, 2.0);
                w.iter_mut().step_by(5).for_each(|w| *w = 0.0);
                round_to_storage(&mut w, d);
                Some((d, w))
            }
            Weights::ZeroOnTargets(d) => {
                let mut w = vec![1.0; v];
                for y in target.iter().filter(|y| **y != o.ignore_index) {
                    w[*y as usize] = 0.0;
                }
                Some((d, w))
            }
        };
        let dl: Vec<f32> = match o.reduction {
            Reduction::None => rng.normal_vec(r, 0.0, 1.0),
            // 1 in place: the usual cotangent, for which that mode is exact in every dtype.
            _ if self.in_place => vec![1.0],
            _ => vec![0.75],
        };
        let xt = device.to_device(&Tensor::from_f32(self.dtype, &[r, v], &x)?)?;
        let tt = device.to_device(&Tensor::new(
            Buffer::from_i64(DType::I64, &target)?,
            vec![r],
        )?)?;
        let wt = match &weight {
            Some((d, w)) => Some(device.to_device(&Tensor::from_f32(*d, &[v], w)?)?),
            None => None,
        };
        let dl_shape: &[usize] = if o.reduction == Reduction::None {
            &[r]
        } else {
            &[]
        };
        let dlt = device.to_device(&Tensor::from_f32(DType::F32, dl_shape, &dl)?)?;
        // Both backwards write over poisoned tensors: every element must be written.
        let poison = || poisoned(device, self.dtype, &[r, v]);
        let dx = backward(
            device,
            &xt,
            &tt,
            wt.as_ref(),
            &dlt,
            None,
            o,
            false,
            Some(poison()?),
        )?;
        let (f, in_place) = if self.in_place {
            let mut g = xt
                .buffer
                .try_clone()
                .map(|b| Tensor::new(b, vec![r, v]))??;
            let f = forward_in_place(device, &mut g, &tt, wt.as_ref(), o, true)?;
            scale_in_place(device, &mut g, &dlt, o.reduction)?;
            (f, Some(g))
        } else {
            (forward_with(device, &xt, &tt, wt.as_ref(), o, true)?, None)
        };

        let (x64, dl64) = (to_f64(&x), to_f64(&dl));
        let w64 = weight.as_ref().map(|(_, w)| to_f64(w));
        let w64 = w64.as_deref();
        let (loss, zl) = oracle::forward(&x64, &target, v, w64, o);
        let g = oracle::backward(&x64, &target, v, w64, o, &dl64);
        let (fce, fz) = oracle::row_factors(&target, w64, o);
        let w_max = w64.map_or(1.0, |w| w.iter().fold(0.0f64, |m, w| m.max(w.abs())));
        let dl_max = dl64.iter().fold(0.0f64, |m, d| m.max(d.abs()));
        let gscale = dl_max * (fce * w_max).max(fz);
        let gtol = 4.0 * unit_roundoff(self.dtype) + 2e-6;

        // A row's loss is a difference of terms as large as its log-sum-exp (at most the largest
        // |logit| plus ln V, times the largest weight), so FP32 leaves an error of a few ulps of
        // that, however small the loss (one class: the loss is the z-loss alone).
        let terms = x64.chunks(v.max(1)).zip(&target).map(|(row, y)| {
            let big = row.iter().fold(0.0f64, |m, e| m.max(e.abs()));
            if *y == o.ignore_index {
                0.0
            } else {
                w_max * (big + (v as f64).ln())
            }
        });
        let loss_scale = match o.reduction {
            Reduction::None => terms.fold(0.0f64, f64::max),
            Reduction::Sum => terms.sum(),
            Reduction::Mean => terms.sum::<f64>() * fce.max(fz),
        };
        let mut out = self.token_stats(&x, &target, &f)?;
        out.push(self.row("forward:loss", &f.loss.to_f32()?, &loss, 2e-5, loss_scale));
        out.push(self.row("forward:z_loss", &f.z_loss.to_f32()?, &zl, 2e-5, 0.0));
        let dx = dx.to_f32()?;
        out.push(self.row("backward:dlogits", &dx, &g, gtol, gscale));
        // The backward given the forward's lse skips its statistics pass.
        let dx_lse = backward(
            device,
            &xt,
            &tt,
            wt.as_ref(),
            &dlt,
            Some(&f.lse),
            o,
            false,
            Some(poison()?),
        )?;
        let dx_lse = dx_lse.to_f32()?;
        out.push(self.row("backward(lse):dlogits", &dx_lse, &g, gtol, gscale));
        let lse = oracle::lse(&x64, v, o);
        out.push(self.row("forward:lse", &f.lse.to_f32()?, &lse, 2e-5, 0.0));
        if let Some(gi) = in_place {
            let gi = gi.to_f32()?;
            out.push(self.row("in_place_backward:dlogits", &gi, &g, gtol, gscale));
            // The out-of-place gradient where no second rounding happens: bit for bit on the
            // CPU; on a GPU within 2 FP32 ulps of the row's largest gradient, since the compiler
            // contracts the two kernels' multiply-adds differently (H200, 2026-11-29: up to 1.6e-7).
            if self.dtype == DType::F32 || o.reduction != Reduction::None {
                let tol = if device.is_cpu() {
                    0.0
                } else {
                    2.0 * f64::from(f32::EPSILON)
                };
                out.push(self.row(
                    "in_place_backward:dlogits=backward",
                    &gi,
                    &to_f64(&dx),
                    tol,
                    0.0,
                ));
            }
        }
        Ok(out)
    }

    /// Predicted tokens (the first index of the largest softcapped logit, FP32 softcap as the
    /// kernel rounds it, -1 on ignored rows, exactly) and token accuracy.
    fn token_stats(
        &self,
        x: &[f32],
        target: &[i64],
        f: &CeForward,
    ) -> Result<Vec<CheckRow>, OpError> {
        let o = &self.opts;
        let cap = |e: f32| match o.softcap {
            Some(c) => (c as f32) * (e / c as f32).tanh(),
            None => e,
        };
        let want_pred: Vec<f64> = x
            .chunks(self.v)
            .zip(target)
            .map(|(row, y)| {
                if *y == o.ignore_index {
                    return -1.0;
                }
                let z: Vec<f32> = row.iter().map(|&e| cap(e)).collect();
                let best = z.iter().fold(f32::NEG_INFINITY, |m, &e| m.max(e));
                z.iter().position(|&e| e == best).unwrap_or(0) as f64
            })
            .collect();
        let hit: Vec<f64> = (0..self.rows)
            .map(|i| f64::from(u8::from(want_pred[i] == target[i] as f64)))
            .collect();
        let n_valid = target.iter().filter(|t| **t != o.ignore_index).count();
        let want_acc = match o.reduction {
            Reduction::None => hit,
            _ if n_valid == 0 => vec![0.0],
            _ => vec![hit.iter().sum::<f64>() / n_valid as f64],
        };
        let got_pred = match &f.predicted {
            Some(p) if p.shape == [self.rows] => {
                p.buffer.to_i64()?.iter().map(|&i| i as f32).collect()
            }
            _ => Vec::new(),
        };
        let got_acc = match &f.accuracy {
            Some(a) => a.to_f32()?,
            None => Vec::new(),
        };
        Ok(vec![
            self.row("forward:predicted", &got_pred, &want_pred, 0.0, 0.0),
            self.row("forward:accuracy", &got_acc, &want_acc, 1e-7, 0.0),
        ])
    }
}

/// The sweep.
pub fn sweep() -> Vec<CeCase> {
    let plain = CeOptions {
        ignore_index: -100,
        label_smoothing: 0.0,
        z_loss: 0.0,
        softcap: None,
        reduction: Reduction::Mean,
    };
    let full = CeOptions {
        ignore_index: 3,
        label_smoothing: 0.1,
        z_loss: 1e-3,
        softcap: Some(30.0),
        reduction: Reduction::None,
    };
    let with = |o: CeOptions, reduction| CeOptions { reduction, ..o };
    let mut out = Vec::new();
    let mut seed = 12000;
    let mut push = |dtype, (rows, v, scale), opts, weights, in_place, all_ignored| {
        seed += 1;
        out.push(CeCase {
            dtype,
            rows,
            v,
            opts,
            weights,
            in_place,
            all_ignored,
            scale,
            seed,
        });
    };
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        let shapes = [(1, 1, 1.0), (4, 127, 3.0), (5, 4097, 1.0), (3, 70000, 2.0)];
        for shape in shapes {
            let weighted = Weights::Positive(dtype);
            for (opts, weights) in [
                (plain, Weights::None),
                (with(full, Reduction::None), Weights::None),
                (with(full, Reduction::Sum), Weights::None),
                (plain, weighted),
                (with(full, Reduction::None), weighted),
                (with(full, Reduction::Sum), weighted),
                (with(full, Reduction::Mean), weighted),
            ] {
                push(dtype, shape, opts, weights, false, false);
            }
            for opts in [plain, with(full, Reduction::None)] {
                push(dtype, shape, opts, Weights::None, true, false);
            }
            let mean = with(full, Reduction::Mean);
            push(dtype, shape, mean, weighted, true, false);
        }
        // f32 weights with 16-bit logits; weights vanishing on every target.
        let mean = with(full, Reduction::Mean);
        for (weights, in_place) in [
            (Weights::Positive(DType::F32), false),
            (Weights::ZeroOnTargets(dtype), false),
            (Weights::ZeroOnTargets(dtype), true),
        ] {
            push(dtype, (4, 127, 3.0), mean, weights, in_place, false);
        }
    }
    // A 256k vocabulary (Gemma's), even and ragged.
    for dtype in [DType::F32, DType::BF16] {
        for (v, opts, in_place) in [
            (262144, with(full, Reduction::Mean), false),
            (262147, with(full, Reduction::None), true),
        ] {
            let weights = Weights::Positive(dtype);
            push(dtype, (3, v, 2.0), opts, weights, in_place, false);
            push(
                dtype,
                (3, v, 2.0),
                with(plain, Reduction::Sum),
                Weights::None,
                !in_place,
                false,
            );
        }
    }
    push(DType::F32, (4, 50, 1.0), plain, Weights::None, false, true);
    let weighted = Weights::Positive(DType::F32);
    push(DType::F32, (4, 50, 1.0), plain, weighted, true, true);
    out
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|c| CheckCase {
            op: "cross_entropy",
            label: format!(
                "cross_entropy {} {}x{} {}",
                c.dtype,
                c.rows,
                c.v,
                c.describe()
            ),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect()
}
