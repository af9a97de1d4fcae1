//! Randomized checks of RoPE against `reference::rope` (FP64): shared and per-batch tables, full
//! and partial rotary dimensions, GQA-like head counts, each dtype. Tolerance 4u of the storage
//! dtype + 1e-6 relative to the largest reference (one rounding of an FP32 two-term sum).

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::run;
use crate::check::{CheckCase, CheckRow};
use crate::reference::rope as oracle;
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

/// One randomized configuration: `x [b, h, t, d]`, tables `[bc, t, r]`.
#[derive(Clone, Copy, Debug)]
pub struct RopeCase {
    pub dtype: DType,
    pub dims: [usize; 4],
    pub bc: usize,
    pub r: usize,
    pub seed: u64,
}

impl RopeCase {
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let [b, h, t, d] = self.dims;
        let (n, nt) = (b * h * t * d, self.bc * t * self.r);
        let mut rng = Rng::new(self.seed);
        let mut gen = |len: usize| {
            let mut v = rng.normal_vec(len, 0.0, 1.0);
            round_to_storage(&mut v, self.dtype);
            v
        };
        let (x, dy) = (gen(n), gen(n));
        let angles: Vec<f64> = (0..nt).map(|i| i as f64 * 0.37).collect();
        let mut cos: Vec<f32> = angles.iter().map(|a| a.cos() as f32).collect();
        let mut sin: Vec<f32> = angles.iter().map(|a| a.sin() as f32).collect();
        round_to_storage(&mut cos, self.dtype);
        round_to_storage(&mut sin, self.dtype);
        let up = |v: &[f32], shape: &[usize]| -> Result<Tensor, OpError> {
            Ok(device.to_device(&Tensor::from_f32(self.dtype, shape, v)?)?)
        };
        let tab = [self.bc, t, self.r];
        let (xt, dyt, ct, st) = (
            up(&x, &self.dims)?,
            up(&dy, &self.dims)?,
            up(&cos, &tab)?,
            up(&sin, &tab)?,
        );
        let poisoned = || -> Result<Tensor, OpError> {
            let mut p = device.tensor_zeros(self.dtype, &self.dims)?;
            p.buffer.try_poison()?;
            Ok(p)
        };
        let y = run(device, false, &xt, &ct, &st, Some(poisoned()?))?;
        let dx = run(device, true, &dyt, &ct, &st, Some(poisoned()?))?;
        let (c64, s64) = (to_f64(&cos), to_f64(&sin));
        let want_y = oracle::forward(&to_f64(&x), &c64, &s64, b, h, t, d, self.bc, self.r);
        let want_dx = oracle::backward(&to_f64(&dy), &c64, &s64, b, h, t, d, self.bc, self.r);
        let tol = 4.0 * unit_roundoff(self.dtype) + 1e-6;
        let config = format!("tables {}x{}x{}", self.bc, t, self.r);
        let shape = format!("{b}x{h}x{t}x{d}");
        let mut out = Vec::new();
        for (name, got, want) in [("forward:y", &y, want_y), ("backward:dx", &dx, want_dx)] {
            out.push(CheckRow::compare(
                "rope",
                format!("rope.{name}"),
                self.dtype,
                shape.clone(),
                config.clone(),
                &got.to_f32()?,
                &want,
                tol,
                0.0,
            ));
        }
        Ok(out)
    }
}

/// The sweep.
pub fn cases() -> Vec<CheckCase> {
    let mut out = Vec::new();
    let mut seed = 15000;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for (dims, bc, r) in [
            ([1, 1, 1, 2], 1, 2),
            ([2, 4, 5, 64], 1, 64),
            ([2, 2, 7, 128], 2, 128),
            ([1, 3, 4, 96], 1, 32),
        ] {
            seed += 1;
            let c = RopeCase {
                dtype,
                dims,
                bc,
                r,
                seed,
            };
            out.push(CheckCase {
                op: "rope",
                label: format!("rope {dtype} {dims:?} tables {bc}x{r}"),
                run: Box::new(move |d: &Device| c.run(d)),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rope_matches_the_oracle() {
        let failures = crate::check::failures(cases(), &Device::cpu());
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn bad_tables_are_typed_errors() {
        let dev = Device::cpu();
        let x = Tensor::zeros(DType::F32, &[2, 3, 4, 8]);
        let tab = |s: &[usize]| Tensor::zeros(DType::F32, s);
        let err = |c: &Tensor, s: &Tensor| {
            run(&dev, false, &x, c, s, None)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert!(err(&tab(&[3, 4, 8]), &tab(&[3, 4, 8])).contains("[1 or B=2"));
        assert!(err(&tab(&[1, 4, 7]), &tab(&[1, 4, 7])).contains("must be even"));
        assert!(err(&tab(&[1, 4, 10]), &tab(&[1, 4, 10])).contains("at most D"));
        assert!(err(&tab(&[1, 4, 8]), &tab(&[1, 4, 6])).contains("must match cos"));
    }
}
