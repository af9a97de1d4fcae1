//! Randomized checks of cross-entropy against `reference::cross_entropy` (FP64): every reduction,
//! ignored rows (including all-ignored), label smoothing, z-loss, softcap, f32/f16/bf16 logits,
//! ragged and stepped vocabularies; predicted tokens (exact, ties to the first index) and token
//! accuracy. Outputs are poisoned first (the gradient) or fresh (losses).
//! Tolerances: losses 2e-5 relative to the largest (FP32 sums of FP32 exponentials over up to
//! 70,000 classes); gradients 4u of their dtype + 2e-6 relative to max(max|g|, max p * |scale|).

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{backward, forward_with, Reduction};
use crate::check::{CheckCase, CheckRow};
use crate::reference::cross_entropy::{rows as oracle, CeOptions};
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct CeCase {
    pub dtype: DType,
    pub rows: usize,
    pub v: usize,
    pub opts: CeOptions,
    pub reduction: Reduction,
    /// Every other row ignored (all rows when `all_ignored`).
    pub all_ignored: bool,
    pub scale: f32,
    pub seed: u64,
}

impl CeCase {
    fn describe(&self) -> String {
        format!(
            "{:?} ls={} z={} cap={:?}{}",
            self.reduction,
            self.opts.label_smoothing,
            self.opts.z_loss,
            self.opts.softcap,
            if self.all_ignored { " all-ignored" } else { "" }
        )
        .to_lowercase()
    }

    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (r, v) = (self.rows, self.v);
        let mut rng = Rng::new(self.seed);
        let mut x = rng.normal_vec(r * v, 0.0, self.scale);
        round_to_storage(&mut x, self.dtype);
        let target: Vec<i64> = (0..r)
            .map(|i| {
                if self.all_ignored || i % 3 == 1 {
                    self.opts.ignore_index
                } else {
                    rng.below(v as u64) as i64
                }
            })
            .collect();
        let dl_rows = rng.normal_vec(r, 0.0, 1.0);
        let dl_scalar = 0.75f32;
        let xt = device.to_device(&Tensor::from_f32(self.dtype, &[r, v], &x)?)?;
        let tt = device.to_device(&Tensor::new(
            Buffer::from_i64(DType::I64, &target)?,
            vec![r],
        )?)?;
        let dlt = match self.reduction {
            Reduction::None => Tensor::from_f32(DType::F32, &[r], &dl_rows)?,
            _ => Tensor::from_f32(DType::F32, &[], &[dl_scalar])?,
        };
        let f = forward_with(device, &xt, &tt, &self.opts, self.reduction, true)?;
        let (loss, zl) = (f.loss, f.z_loss);
        let dx = backward(
            device,
            &xt,
            &tt,
            &device.to_device(&dlt)?,
            &self.opts,
            self.reduction,
            false,
        )?;

        // Oracle: per-row values and the gradient for the per-row cotangents the reduction gives.
        let x64 = to_f64(&x);
        let n_valid = target
            .iter()
            .filter(|t| **t != self.opts.ignore_index)
            .count();
        let row_scale: Vec<f64> = match self.reduction {
            Reduction::None => dl_rows.iter().map(|v| *v as f64).collect(),
            Reduction::Sum => vec![dl_scalar as f64; r],
            Reduction::Mean => vec![dl_scalar as f64 / n_valid.max(1) as f64; r],
        };
        let (rl, rz, _, g) = oracle(&x64, &target, v, &self.opts, &row_scale);
        let reduce = |vals: &[f64]| -> Vec<f64> {
            match self.reduction {
                Reduction::None => vals.to_vec(),
                Reduction::Sum => vec![vals.iter().sum()],
                Reduction::Mean if n_valid == 0 => vec![0.0],
                Reduction::Mean => vec![vals.iter().sum::<f64>() / n_valid as f64],
            }
        };
        let gscale = row_scale.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        // A row's loss is a difference of terms as large as its log-sum-exp (at most the largest
        // |logit| plus ln V), so FP32 leaves an error of a few ulps of that, whatever the loss.
        let terms: Vec<f64> = x64
            .chunks(v.max(1))
            .zip(&target)
            .map(|(row, y)| {
                let big = row.iter().fold(0.0f64, |m, e| m.max(e.abs()));
                if *y == self.opts.ignore_index {
                    0.0
                } else {
                    big + (v as f64).ln()
                }
            })
            .collect();
        let loss_scale = reduce(&terms).iter().fold(0.0f64, |m, s| m.max(s.abs()));
        let u = unit_roundoff(self.dtype);
        let expect = [
            ("forward:loss", &loss, reduce(&rl), 2e-5, loss_scale),
            ("forward:z_loss", &zl, reduce(&rz), 2e-5, 0.0),
            ("backward:dlogits", &dx, g, 4.0 * u + 2e-6, gscale),
        ];
        let mut out = Vec::new();
        // Token statistics: the first index of the largest softcapped logit (FP32 softcap, as
        // the kernel rounds it), -1 on ignored rows, exactly.
        let cap = |e: f32| match self.opts.softcap {
            Some(c) => (c as f32) * (e / c as f32).tanh(),
            None => e,
        };
        let want_pred: Vec<f64> = x
            .chunks(v)
            .zip(&target)
            .map(|(row, y)| {
                if *y == self.opts.ignore_index {
                    return -1.0;
                }
                let z: Vec<f32> = row.iter().map(|&e| cap(e)).collect();
                let best = z.iter().fold(f32::NEG_INFINITY, |m, &e| m.max(e));
                z.iter().position(|&e| e == best).unwrap_or(0) as f64
            })
            .collect();
        let hit: Vec<f64> = (0..r)
            .map(|i| f64::from(u8::from(want_pred[i] == target[i] as f64)))
            .collect();
        let want_acc = match self.reduction {
            Reduction::None => hit,
            _ if n_valid == 0 => vec![0.0],
            _ => vec![hit.iter().sum::<f64>() / n_valid as f64],
        };
        let got_pred = match &f.predicted {
            Some(p) if p.shape == [r] => p.buffer.to_i64()?.iter().map(|&i| i as f32).collect(),
            _ => Vec::new(),
        };
        let got_acc = match &f.accuracy {
            Some(a) => a.to_f32()?,
            None => Vec::new(),
        };
        for (name, got, want, tol) in [
            ("forward:predicted", got_pred, want_pred, 0.0),
            ("forward:accuracy", got_acc, want_acc, 1e-7),
        ] {
            out.push(CheckRow::compare(
                "cross_entropy",
                format!("cross_entropy.{name}"),
                self.dtype,
                format!("{r}x{v}"),
                self.describe(),
                &got,
                &want,
                tol,
                0.0,
            ));
        }
        for (name, t, reference, tol, scale) in expect {
            let got = t.to_f32()?;
            out.push(CheckRow::compare(
                "cross_entropy",
                format!("cross_entropy.{name}"),
                self.dtype,
                format!("{r}x{v}"),
                self.describe(),
                &got,
                &reference,
                tol,
                scale,
            ));
        }
        Ok(out)
    }
}

/// The sweep.
pub fn sweep() -> Vec<CeCase> {
    let plain = CeOptions {
        ignore_index: -100,
        label_smoothing: 0.0,
        z_loss: 0.0,
        softcap: None,
    };
    let full = CeOptions {
        ignore_index: 3,
        label_smoothing: 0.1,
        z_loss: 1e-3,
        softcap: Some(30.0),
    };
    let mut out = Vec::new();
    let mut seed = 12000;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for (rows, v, scale) in [(1, 1, 1.0), (4, 127, 3.0), (5, 4097, 1.0), (3, 70000, 2.0)] {
            for (opts, reduction) in [
                (plain, Reduction::Mean),
                (full, Reduction::None),
                (full, Reduction::Sum),
            ] {
                seed += 1;
                out.push(CeCase {
                    dtype,
                    rows,
                    v,
                    opts,
                    reduction,
                    all_ignored: false,
                    scale,
                    seed,
                });
            }
        }
    }
    seed += 1;
    out.push(CeCase {
        dtype: DType::F32,
        rows: 4,
        v: 50,
        opts: plain,
        reduction: Reduction::Mean,
        all_ignored: true,
        scale: 1.0,
        seed,
    });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cross_entropy::forward;

    #[test]
    fn cross_entropy_matches_the_oracle() {
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
    fn bad_targets_and_options_are_typed_errors() {
        let dev = Device::cpu();
        let x = Tensor::from_f32(DType::F32, &[2, 4], &[0.1; 8]).unwrap();
        let t = |v: &[i64]| {
            Tensor::new(Buffer::from_i64(DType::I64, v).unwrap(), vec![v.len()]).unwrap()
        };
        let o = CeOptions {
            ignore_index: -100,
            label_smoothing: 0.0,
            z_loss: 0.0,
            softcap: None,
        };
        let err = |r: Result<(Tensor, Tensor), OpError>| {
            r.err().map(|e| e.to_string()).unwrap_or_default()
        };
        assert!(err(forward(&dev, &x, &t(&[0, 4]), &o, Reduction::Mean)).contains("outside 0..4"));
        assert!(err(forward(&dev, &x, &t(&[0]), &o, Reduction::Mean))
            .contains("must be the logits' rows"));
        let ls = CeOptions {
            label_smoothing: 1.5,
            ..o
        };
        assert!(
            err(forward(&dev, &x, &t(&[0, 1]), &ls, Reduction::Mean)).contains("label_smoothing")
        );
        let cap = CeOptions {
            softcap: Some(-1.0),
            ..o
        };
        assert!(err(forward(&dev, &x, &t(&[0, 1]), &cap, Reduction::Mean)).contains("softcap"));
        let f = Tensor::from_f32(DType::F32, &[2], &[0.0, 1.0]).unwrap();
        assert!(err(forward(&dev, &x, &f, &o, Reduction::Mean)).contains("int32 or int64"));
    }
}
