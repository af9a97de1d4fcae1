//! Randomized checks of softmax and log-softmax against `reference::softmax` (FP64). Outputs are
//! poisoned first; inputs are rounded to their storage dtype. The backward takes the forward's
//! output as stored, and its oracle takes the same values (`backward_from_output`; that it is the
//! gradient of the forward is the oracle's own test, by finite differences). Tolerances relative
//! to the largest reference magnitude: stored outputs 4u of the storage dtype + 1e-6; FP32
//! gradients 1e-5 (sums over up to 70,000 columns of FP32 exponentials).

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::run;
use crate::check::{CheckCase, CheckRow};
use crate::reference::softmax as oracle;
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct SoftmaxCase {
    pub log: bool,
    pub dtype: DType,
    pub rows: usize,
    pub cols: usize,
    pub scale: f32,
    pub f32_grads: bool,
    pub seed: u64,
}

impl SoftmaxCase {
    fn op(&self) -> &'static str {
        if self.log {
            "log_softmax"
        } else {
            "softmax"
        }
    }

    /// Runs forward and backward on `device` and compares with the oracle.
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (rows, cols) = (self.rows, self.cols);
        let n = rows * cols;
        let mut rng = Rng::new(self.seed);
        let mut gen = |scale: f32| {
            let mut v = rng.normal_vec(n, 0.0, scale);
            round_to_storage(&mut v, self.dtype);
            v
        };
        let (x, dy) = (gen(self.scale), gen(1.0));
        let up = |v: &[f32]| -> Result<Tensor, OpError> {
            Ok(device.to_device(&Tensor::from_f32(self.dtype, &[rows, cols], v)?)?)
        };
        let (xt, dyt) = (up(&x)?, up(&dy)?);
        let poisoned = |d: DType| -> Result<Tensor, OpError> {
            let mut t = device.tensor_zeros(d, &[rows, cols])?;
            t.buffer.try_poison()?;
            Ok(t)
        };
        let grad = if self.f32_grads {
            DType::F32
        } else {
            self.dtype
        };
        let y = run(
            device,
            self.log,
            &xt,
            None,
            false,
            Some(poisoned(self.dtype)?),
        )?;
        let dx = run(
            device,
            self.log,
            &y,
            Some(&dyt),
            self.f32_grads,
            Some(poisoned(grad)?),
        )?;
        let (x64, dy64) = (to_f64(&x), to_f64(&dy));
        let y64 = to_f64(&y.to_f32()?);
        let u = unit_roundoff(self.dtype);
        // dx is a difference of terms (p * dy and p * sum(...)): near one-hot rows it is much
        // smaller than they are, and FP32 cannot resolve it better than their size. The error is
        // measured against max(max|dx|, the largest term).
        let p: Vec<f64> = if self.log {
            y64.iter().map(|v| v.exp()).collect()
        } else {
            y64.clone()
        };
        let mut term = 0.0f64;
        for r in 0..rows {
            let span = r * cols..(r + 1) * cols;
            let c: f64 = if self.log {
                dy64[span.clone()].iter().sum()
            } else {
                dy64[span.clone()]
                    .iter()
                    .zip(&p[span.clone()])
                    .map(|(g, q)| g * q)
                    .sum()
            };
            for i in span {
                let t = if self.log {
                    dy64[i].abs() + p[i] * c.abs()
                } else {
                    p[i] * (dy64[i].abs() + c.abs())
                };
                term = term.max(t);
            }
        }
        let expect = [
            (
                "forward:y",
                &y,
                oracle::forward(&x64, rows, cols, self.log),
                4.0 * u + 1e-6,
                0.0,
            ),
            (
                "backward:dx",
                &dx,
                oracle::backward_from_output(&y64, &dy64, rows, cols, self.log),
                if self.f32_grads { 1e-5 } else { 4.0 * u + 1e-5 },
                term,
            ),
        ];
        let mut out = Vec::new();
        for (name, t, reference, tol, scale) in expect {
            let got = t.to_f32()?;
            let config = format!(
                "x~{}N{}",
                self.scale,
                if self.f32_grads { " grad:f32" } else { "" }
            );
            out.push(CheckRow::compare(
                self.op(),
                format!("{}.{name}", self.op()),
                self.dtype,
                format!("{rows}x{cols}"),
                config,
                &got,
                &reference,
                tol,
                scale,
            ));
        }
        Ok(out)
    }
}

/// The sweep: ragged widths (1, 127, 4097, 70000: stepped), logit scales 1e-3 to 30, each dtype.
pub fn sweep(log: bool) -> Vec<SoftmaxCase> {
    let mut out = Vec::new();
    let mut seed: u64 = if log { 9100 } else { 9000 };
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for (rows, cols, scale) in [
            (1, 1, 1.0),
            (3, 127, 30.0),
            (5, 4097, 1.0),
            (2, 70000, 3.0),
            (4, 300, 1e-3),
        ] {
            seed += 1;
            out.push(SoftmaxCase {
                log,
                dtype,
                rows,
                cols,
                scale,
                f32_grads: seed.is_multiple_of(2),
                seed,
            });
        }
    }
    out
}

/// Softmax and log-softmax sweeps as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    let mut out = Vec::new();
    for log in [false, true] {
        for c in sweep(log) {
            out.push(CheckCase {
                op: c.op(),
                label: format!(
                    "{} {} {}x{} x~{}N",
                    c.op(),
                    c.dtype,
                    c.rows,
                    c.cols,
                    c.scale
                ),
                run: Box::new(move |d: &Device| c.run(d)),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::norms::Tiling;

    /// Masked-out logits (`-inf`) give `y = 0` (log-softmax `-inf`), and the backward from that
    /// output gives them no gradient, on one tile and on a stepped row alike.
    #[test]
    fn masked_logits_get_no_gradient() {
        let dev = Device::cpu();
        for cols in [6, 70_000] {
            let x: Vec<f32> = (0..cols)
                .map(|i| {
                    if i % 3 == 1 {
                        f32::NEG_INFINITY
                    } else {
                        (i % 7) as f32 * 0.5
                    }
                })
                .collect();
            let dy: Vec<f32> = (0..cols).map(|i| (i % 5) as f32 - 2.0).collect();
            let t = |v: &[f32]| Tensor::from_f32(DType::F32, &[1, cols], v).unwrap();
            let (xt, dyt) = (t(&x), t(&dy));
            for log in [false, true] {
                let y = run(&dev, log, &xt, None, false, None).unwrap();
                let dx = run(&dev, log, &y, Some(&dyt), false, None).unwrap();
                let (y, dx) = (y.to_f32().unwrap(), dx.to_f32().unwrap());
                let want = oracle::backward(&to_f64(&x), &to_f64(&dy), 1, cols, log);
                for i in 0..cols {
                    if i % 3 == 1 {
                        assert_eq!(y[i], if log { f32::NEG_INFINITY } else { 0.0 });
                        // Log-softmax passes dy through where the probability is 0.
                        let masked = if log { dy[i] } else { 0.0 };
                        assert_eq!(dx[i], masked, "log={log} cols={cols} [{i}]");
                    } else {
                        let tol = 1e-5 * (1.0 + want[i].abs());
                        assert!(
                            (dx[i] as f64 - want[i]).abs() <= tol,
                            "[{i}] {} {}",
                            dx[i],
                            want[i]
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn softmax_and_log_softmax_match_the_oracle() {
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

    /// The stepped (online max and sum) kernel agrees with the single-tile one.
    #[test]
    fn stepped_rows_match_single_tile_rows() {
        let dev = Device::cpu();
        let x: Vec<f32> = (0..3 * 1000)
            .map(|i| ((i * 37 % 101) as f32 - 50.0) / 7.0)
            .collect();
        let xt = Tensor::from_f32(DType::F32, &[3, 1000], &x).unwrap();
        let spec = |tiling| super::super::SoftmaxSpec {
            log: false,
            backward: false,
            x: DType::F32,
            dy: DType::F32,
            out: DType::F32,
            tiling,
        };
        let launch = |tiling: Tiling| {
            let s = spec(tiling);
            let k = dev
                .kernel("softmax_step_test", &s, || super::super::kernel(&s))
                .unwrap();
            let mut y = Tensor::zeros(DType::F32, &[3, 1000]);
            let mut args = [
                metile_runtime::Arg::In(&xt.buffer),
                metile_runtime::Arg::Out(&mut y.buffer),
                metile_runtime::Arg::I32(1000),
            ];
            dev.launch(&k, [3, 1, 1], &mut args).unwrap();
            y.to_f32().unwrap()
        };
        let a = launch(Tiling {
            block: 1000,
            exact: true,
            looped: false,
            prefetch: false,
        });
        let b = launch(Tiling {
            block: 128,
            exact: false,
            looped: true,
            prefetch: false,
        });
        for (p, q) in a.iter().zip(&b) {
            assert!((p - q).abs() <= 1e-6 * p.abs().max(1e-3), "{p} vs {q}");
        }
    }

    #[test]
    fn bad_inputs_are_typed_errors() {
        let dev = Device::cpu();
        let x = Tensor::from_f32(DType::F32, &[2, 3], &[0.5; 6]).unwrap();
        let dy = Tensor::from_f32(DType::F32, &[3, 2], &[0.5; 6]).unwrap();
        let scalar = Tensor::from_f32(DType::F32, &[], &[1.0]).unwrap();
        let err = |r: Result<Tensor, OpError>| r.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err(run(&dev, false, &x, Some(&dy), false, None)).contains("must match y"));
        assert!(err(run(&dev, true, &scalar, None, false, None)).contains("at least one axis"));
        let ints = Tensor::zeros(DType::I32, &[2, 3]);
        assert!(err(run(&dev, false, &ints, None, false, None)).contains("not allowed"));
        assert!(err(run(&dev, true, &x, Some(&ints), false, None)).contains("not allowed"));
        let no_cols = Tensor::zeros(DType::F32, &[2, 0]);
        assert!(err(run(&dev, false, &no_cols, None, false, None)).contains("columns 1 to"));
        let empty = Tensor::zeros(DType::F32, &[0, 4]);
        assert_eq!(
            run(&dev, false, &empty, None, false, None).unwrap().shape,
            vec![0, 4]
        );
    }
}
